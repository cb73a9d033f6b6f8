//! SQL Lab permalinks: `POST /api/v1/sqllab/permalink` keeps a tab's query (name, database,
//! catalog, schema, SQL, template parameters, autorun) for good and answers its key and URL;
//! `GET /api/v1/sqllab/permalink/{key}` (also `kv:{key}`) reads it. The web app opens
//! `/sqllab/p/{key}`.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use quiver_types::{PermalinkResponse, SqlLabPermalinkState};

use super::explore_permalink::request_origin;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath};
use crate::sqllab::run::authorized_database;
use crate::state::AppState;

/// The key-value resource of SQL Lab permalinks.
pub const SQLLAB_PERMALINK_RESOURCE: &str = "sqllab_permalink";

pub async fn create_permalink(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    AppJson(state): AppJson<SqlLabPermalinkState>,
) -> Result<(StatusCode, AppJson<PermalinkResponse>), ApiError> {
    authorized_database(&app, &user, state.db_id.0).await?;
    let text = serde_json::to_string(&state).map_err(ApiError::internal)?;
    let entry = app
        .store
        .put_value(SQLLAB_PERMALINK_RESOURCE, &text, Some(user.id))
        .await?;
    let url = format!("{}/sqllab/p/{}", request_origin(&headers), entry.uuid);
    Ok((
        StatusCode::CREATED,
        AppJson(PermalinkResponse { key: entry.uuid, url }),
    ))
}

pub async fn get_permalink(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(key): AppPath<String>,
) -> Result<AppJson<SqlLabPermalinkState>, ApiError> {
    let key = key.strip_prefix("kv:").unwrap_or(&key);
    let entry = app
        .store
        .value(SQLLAB_PERMALINK_RESOURCE, key)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let state = serde_json::from_str::<SqlLabPermalinkState>(&entry.value).map_err(|error| {
        tracing::warn!(key, %error, "sqllab permalink is unreadable");
        ApiError::not_found()
    })?;
    authorized_database(&app, &user, state.db_id.0).await?;
    Ok(AppJson(state))
}
