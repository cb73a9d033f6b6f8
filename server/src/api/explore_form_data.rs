//! The Explore state cache: `POST/GET/PUT/DELETE /api/v1/explore/form_data[/{key}]`.
//!
//! Explore writes its current form data here (debounced) and keeps the key in the URL as
//! `form_data_key`, so a reload or a shared URL opens the same unsaved state. Entries belong to the
//! user who wrote them and expire after Superset's default of 7 days.

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{
    DatasourceType, FormDataCachePost, FormDataCacheResponse, FormDataKeyResponse, FormDataUpdateResponse,
    MessageResponse,
};
use serde::{Deserialize, Serialize};

use crate::api::owned_state::{check_json_text, require_state_owner, state_text};
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath, ErrorKind};
use crate::state::AppState;
use crate::store::key_value::expiry_after;

/// The key-value resource of cached Explore states.
pub const FORM_DATA_RESOURCE: &str = "explore_form_data";
/// How long a cached state lives: Superset's explore form data cache default, 7 days.
pub const FORM_DATA_TIMEOUT_SECONDS: i64 = 7 * 24 * 60 * 60;

/// One cached Explore state, as stored (Superset's `TemporaryExploreState`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CachedExploreState {
    pub owner: i64,
    pub datasource_id: i64,
    pub datasource_type: DatasourceType,
    pub chart_id: Option<i64>,
    /// The form data, a JSON string.
    pub form_data: String,
}

/// The cached state under a key, unless it is missing, expired or unreadable.
pub async fn cached_explore_state(app: &AppState, key: &str) -> Result<Option<CachedExploreState>, ApiError> {
    let Some(entry) = app.store.value(FORM_DATA_RESOURCE, key).await? else {
        return Ok(None);
    };
    match serde_json::from_str::<CachedExploreState>(&entry.value) {
        Ok(state) => Ok(Some(state)),
        Err(error) => {
            tracing::warn!(key, %error, "cached explore state is unreadable");
            Ok(None)
        }
    }
}

/// Superset's `check_access`: the dataset (and the chart, when named) must exist, and the user
/// must be allowed to query the dataset.
pub async fn check_explore_access(
    app: &AppState,
    user: &AuthUser,
    datasource_id: i64,
    datasource_type: DatasourceType,
    chart_id: Option<i64>,
) -> Result<(), ApiError> {
    if !matches!(datasource_type, DatasourceType::Table | DatasourceType::Dataset) {
        return Err(ApiError::message(ErrorKind::NotFound, "Dataset not found."));
    }
    let dataset = app
        .store
        .dataset(datasource_id)
        .await
        .map_err(|_| ApiError::message(ErrorKind::NotFound, "Dataset not found."))?;
    if !user.can_access_dataset(&dataset) {
        return Err(ApiError::forbidden("You don't have access to this dataset."));
    }
    if let Some(chart_id) = chart_id {
        app.store
            .chart(chart_id)
            .await
            .map_err(|_| ApiError::message(ErrorKind::NotFound, "Chart not found."))?;
    }
    Ok(())
}

pub async fn create_form_data(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(post): AppJson<FormDataCachePost>,
) -> Result<(StatusCode, AppJson<FormDataKeyResponse>), ApiError> {
    check_json_text("form_data", &post.form_data)?;
    check_explore_access(
        &app,
        &user,
        post.datasource_id,
        post.datasource_type,
        post.chart_id,
    )
    .await?;
    let state = CachedExploreState {
        owner: user.id,
        datasource_id: post.datasource_id,
        datasource_type: post.datasource_type,
        chart_id: post.chart_id,
        form_data: post.form_data,
    };
    let key = store_explore_state(&app, user.id, &state).await?;
    Ok((StatusCode::CREATED, AppJson(FormDataKeyResponse { key })))
}

/// Keeps a new Explore state for its default lifetime and answers its key.
pub async fn store_explore_state(
    app: &AppState,
    user_id: i64,
    state: &CachedExploreState,
) -> Result<String, ApiError> {
    let expires_on = expiry_after(FORM_DATA_TIMEOUT_SECONDS);
    let entry = app
        .store
        .put_expiring_value(
            FORM_DATA_RESOURCE,
            &state_text(state)?,
            Some(user_id),
            Some(&expires_on),
        )
        .await?;
    Ok(entry.uuid)
}

pub async fn update_form_data(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(key): AppPath<String>,
    AppJson(put): AppJson<FormDataCachePost>,
) -> Result<AppJson<FormDataUpdateResponse>, ApiError> {
    check_json_text("form_data", &put.form_data)?;
    check_explore_access(&app, &user, put.datasource_id, put.datasource_type, put.chart_id).await?;
    let current = cached_explore_state(&app, &key)
        .await?
        .ok_or_else(ApiError::not_found)?;
    require_state_owner(&user, current.owner)?;
    let state = CachedExploreState {
        owner: user.id,
        datasource_id: put.datasource_id,
        datasource_type: put.datasource_type,
        chart_id: put.chart_id,
        form_data: put.form_data,
    };
    let expires_on = expiry_after(FORM_DATA_TIMEOUT_SECONDS);
    app.store
        .update_value(FORM_DATA_RESOURCE, &key, &state_text(&state)?, Some(&expires_on))
        .await?;
    Ok(AppJson(FormDataUpdateResponse {
        message: "Value updated successfully.".to_owned(),
        key,
    }))
}

pub async fn get_form_data(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(key): AppPath<String>,
) -> Result<AppJson<FormDataCacheResponse>, ApiError> {
    let state = cached_explore_state(&app, &key)
        .await?
        .ok_or_else(ApiError::not_found)?;
    check_explore_access(
        &app,
        &user,
        state.datasource_id,
        state.datasource_type,
        state.chart_id,
    )
    .await?;
    Ok(AppJson(FormDataCacheResponse {
        form_data: state.form_data,
    }))
}

pub async fn delete_form_data(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(key): AppPath<String>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let state = cached_explore_state(&app, &key)
        .await?
        .ok_or_else(ApiError::not_found)?;
    require_state_owner(&user, state.owner)?;
    app.store.delete_value(FORM_DATA_RESOURCE, &key).await?;
    Ok(AppJson(MessageResponse {
        message: "Deleted successfully".to_owned(),
    }))
}
