//! `GET /api/v1/{resource}/_info?q=(keys:!(permissions))`: what the user may do with a resource,
//! read from the same permission table the guard enforces.

use axum::extract::State;
use axum::http::Uri;
use quiver_types::InfoResponse;

use crate::auth::permissions::{RESOURCE_PERMISSIONS, RESOURCE_VIEWS, VIEW_ONLY_PERMISSIONS};
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson};
use crate::state::AppState;

pub async fn resource_info(
    State(_app): State<AppState>,
    CurrentUser(user): CurrentUser,
    uri: Uri,
) -> Result<AppJson<InfoResponse>, ApiError> {
    let resource = uri
        .path()
        .strip_prefix("/api/v1/")
        .and_then(|rest| rest.strip_suffix("/_info"))
        .ok_or_else(ApiError::not_found)?;
    let view = RESOURCE_VIEWS
        .iter()
        .find(|(name, _)| *name == resource)
        .map(|(_, view)| *view)
        .ok_or_else(ApiError::not_found)?;
    let view_only = VIEW_ONLY_PERMISSIONS
        .iter()
        .filter(|(_, only_view)| *only_view == view)
        .map(|(permission, _)| permission);
    let permissions = RESOURCE_PERMISSIONS
        .iter()
        .chain(view_only)
        .filter(|permission| user.has_permission(permission, view))
        .map(|permission| (*permission).to_owned())
        .collect();
    Ok(AppJson(InfoResponse { permissions }))
}
