//! A dashboard view's filter state (`/api/v1/dashboard/{id}/filter_state[/{key}]`): the data
//! masks the page keeps under `native_filters_key` in its URL. Entries belong to the user who
//! wrote them and expire after Superset's default of 90 days.

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{DashboardFilterState, DashboardFilterStateKey, MessageResponse};
use serde::{Deserialize, Serialize};

use super::body::require_view;
use crate::api::owned_state::{check_json_text, require_state_owner, state_text};
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath};
use crate::state::AppState;
use crate::store::key_value::expiry_after;

/// The key-value resource of dashboard filter states.
pub const FILTER_STATE_RESOURCE: &str = "dashboard_filter_state";
/// How long a filter state lives: Superset's filter state cache default, 90 days.
pub const FILTER_STATE_TIMEOUT_SECONDS: i64 = 90 * 24 * 60 * 60;

/// One stored filter state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct StoredFilterState {
    owner: i64,
    dashboard_id: i64,
    /// The data masks, a JSON string.
    value: String,
}

/// The dashboard, which the user must be allowed to see.
async fn viewable_dashboard(app: &AppState, user: &AuthUser, id_or_slug: &str) -> Result<i64, ApiError> {
    let record = app.store.dashboard_by_id_or_slug(id_or_slug).await?;
    require_view(app, user, &record).await?;
    Ok(record.id)
}

/// The state under `key` of this dashboard, unless missing, expired or unreadable.
async fn stored_state(app: &AppState, dashboard_id: i64, key: &str) -> Result<StoredFilterState, ApiError> {
    let entry = app
        .store
        .value(FILTER_STATE_RESOURCE, key)
        .await?
        .ok_or_else(ApiError::not_found)?;
    match serde_json::from_str::<StoredFilterState>(&entry.value) {
        Ok(state) if state.dashboard_id == dashboard_id => Ok(state),
        Ok(_) => Err(ApiError::not_found()),
        Err(error) => {
            tracing::warn!(key, %error, "stored filter state is unreadable");
            Err(ApiError::not_found())
        }
    }
}

/// `POST /api/v1/dashboard/{id}/filter_state`: 201 with the new key.
pub async fn create_filter_state(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id_or_slug): AppPath<String>,
    AppJson(post): AppJson<DashboardFilterState>,
) -> Result<(StatusCode, AppJson<DashboardFilterStateKey>), ApiError> {
    check_json_text("value", &post.value)?;
    let dashboard_id = viewable_dashboard(&app, &user, &id_or_slug).await?;
    let state = StoredFilterState {
        owner: user.id,
        dashboard_id,
        value: post.value,
    };
    let expires_on = expiry_after(FILTER_STATE_TIMEOUT_SECONDS);
    let entry = app
        .store
        .put_expiring_value(
            FILTER_STATE_RESOURCE,
            &state_text(&state)?,
            Some(user.id),
            Some(&expires_on),
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        AppJson(DashboardFilterStateKey { key: entry.uuid }),
    ))
}

/// `GET /api/v1/dashboard/{id}/filter_state/{key}`: the stored value.
pub async fn get_filter_state(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath((id_or_slug, key)): AppPath<(String, String)>,
) -> Result<AppJson<DashboardFilterState>, ApiError> {
    let dashboard_id = viewable_dashboard(&app, &user, &id_or_slug).await?;
    let state = stored_state(&app, dashboard_id, &key).await?;
    Ok(AppJson(DashboardFilterState { value: state.value }))
}

/// `PUT /api/v1/dashboard/{id}/filter_state/{key}`: only its writer.
pub async fn update_filter_state(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath((id_or_slug, key)): AppPath<(String, String)>,
    AppJson(put): AppJson<DashboardFilterState>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    check_json_text("value", &put.value)?;
    let dashboard_id = viewable_dashboard(&app, &user, &id_or_slug).await?;
    let current = stored_state(&app, dashboard_id, &key).await?;
    require_state_owner(&user, current.owner)?;
    let state = StoredFilterState {
        value: put.value,
        ..current
    };
    let expires_on = expiry_after(FILTER_STATE_TIMEOUT_SECONDS);
    app.store
        .update_value(
            FILTER_STATE_RESOURCE,
            &key,
            &state_text(&state)?,
            Some(&expires_on),
        )
        .await?;
    Ok(AppJson(MessageResponse {
        message: "Value updated successfully.".to_owned(),
    }))
}

/// `DELETE /api/v1/dashboard/{id}/filter_state/{key}`: only its writer.
pub async fn delete_filter_state(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath((id_or_slug, key)): AppPath<(String, String)>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let dashboard_id = viewable_dashboard(&app, &user, &id_or_slug).await?;
    let current = stored_state(&app, dashboard_id, &key).await?;
    require_state_owner(&user, current.owner)?;
    app.store.delete_value(FILTER_STATE_RESOURCE, &key).await?;
    Ok(AppJson(MessageResponse {
        message: "Deleted successfully".to_owned(),
    }))
}
