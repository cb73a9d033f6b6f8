//! `GET /api/v1/user/{id}/avatar.png` (spec 001 §7): a user's avatar, as Superset's
//! `UserRestApi.avatar` answers it.
//!
//! - An unknown user: 404.
//! - A stored avatar URL (`user_attribute.avatar_url`, set with `quiver admin set-avatar`): a
//!   301 redirect to it.
//! - No avatar: 204 No Content.
//!
//! Superset also asks Slack for a missing avatar when `SLACK_ENABLE_AVATARS` is on and a Slack
//! token is set. Quiver has no Slack transport, so the flag (`slack_enable_avatars`, published in
//! `common/conf`) only decides whether the browser asks this endpoint at all.

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::auth::CurrentUser;
use crate::error::{ApiError, AppPath};
use crate::state::AppState;

pub async fn avatar(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(user_id): AppPath<i64>,
) -> Result<Response, ApiError> {
    if app.store.user_by_id(user_id).await?.is_none() {
        return Err(ApiError::not_found());
    }
    let Some(avatar_url) = app.store.user_avatar_url(user_id).await? else {
        return Ok(StatusCode::NO_CONTENT.into_response());
    };
    Ok((StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, avatar_url)]).into_response())
}
