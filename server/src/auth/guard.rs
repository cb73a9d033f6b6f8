//! The guard in front of every API route: authenticates the request (Bearer token or session
//! cookie with CSRF for unsafe methods), then applies the route's rule from [`ENDPOINTS`].
//!
//! [`ENDPOINTS`]: super::permissions::ENDPOINTS

use axum::extract::{MatchedPath, Request, State};
use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;
use subtle::ConstantTimeEq;

use super::permissions::{access_for, Access};
use super::session::session_id_from_headers;
use super::token::TokenType;
use super::AuthUser;
use crate::error::{is_form_post, ApiError, ErrorKind};
use crate::state::AppState;
use crate::store::now_text;

/// The message of a 401.
pub const NOT_AUTHORIZED: &str = "Not authorized";
/// The message of a 403.
pub const FORBIDDEN: &str = "Forbidden";
/// The header carrying the CSRF token.
pub const CSRF_HEADER: &str = "x-csrftoken";

/// Middleware: authenticate, authorize by the route's rule, and hand the user to the handler.
pub async fn guard(
    State(app): State<AppState>,
    mut request: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let path = request
        .extensions()
        .get::<MatchedPath>()
        .map(|matched| matched.as_str().to_owned());
    let access = path
        .as_deref()
        .and_then(|path| access_for(request.method(), path));
    let Some(access) = access else {
        tracing::error!(path = ?path, method = %request.method(), "route has no access rule");
        return Err(ApiError::forbidden(FORBIDDEN));
    };
    let check_csrf = access != Access::Public && is_unsafe(request.method());
    if check_csrf {
        request = with_form_csrf_token(request).await?;
    }
    let user = if access == Access::Public {
        // Public routes (login, refresh with its own token) never fail on credentials.
        authenticate(&app, request.headers(), false).await.ok().flatten()
    } else {
        authenticate(&app, request.headers(), check_csrf).await?
    };
    match (access, &user) {
        (Access::Public, _) => {}
        (_, None) => return Err(ApiError::unauthorized(NOT_AUTHORIZED)),
        (Access::Authenticated, Some(_)) => {}
        (Access::Permission(permission, view), Some(user)) => {
            if !user.has_permission(permission, view) {
                return Err(ApiError::forbidden(FORBIDDEN));
            }
        }
    }
    if let Some(user) = user {
        request.extensions_mut().insert(user);
    }
    Ok(next.run(request).await)
}

/// The most a form post may hold to have its CSRF token read from its fields.
const FORM_BODY_LIMIT: usize = 16 * 1024 * 1024;
/// The form field a browser's form post carries its CSRF token in (no header can be set there).
const CSRF_FORM_FIELD: &str = "csrf_token";

/// A form post without the CSRF header gets the header from its `csrf_token` field, so that a
/// browser's plain form post (a download, a legacy endpoint) passes the same check; the body is
/// kept for the handler.
async fn with_form_csrf_token(request: Request) -> Result<Request, ApiError> {
    if request.headers().contains_key(CSRF_HEADER) || !is_form_post(request.headers()) {
        return Ok(request);
    }
    let (mut parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, FORM_BODY_LIMIT)
        .await
        .map_err(|_| ApiError::message(ErrorKind::PayloadTooLarge, "The form is too large"))?;
    let token = form_urlencoded::parse(&bytes)
        .find(|(name, _)| name == CSRF_FORM_FIELD)
        .and_then(|(_, value)| HeaderValue::from_str(&value).ok());
    if let Some(token) = token {
        parts.headers.insert(CSRF_HEADER, token);
    }
    Ok(Request::from_parts(parts, axum::body::Body::from(bytes)))
}

fn is_unsafe(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The user of a request, if it carries a valid token or session. A cookie session making an
/// unsafe call must send its CSRF token.
pub async fn authenticate(
    app: &AppState,
    headers: &HeaderMap,
    check_csrf: bool,
) -> Result<Option<AuthUser>, ApiError> {
    if let Some(token) = bearer_token(headers) {
        let user_id = app
            .tokens
            .verify(token, TokenType::Access)
            .map_err(|_| ApiError::unauthorized("Token is invalid or expired"))?;
        return load_user(app, user_id).await;
    }
    let Some(session_id) = session_id_from_headers(headers) else {
        return Ok(None);
    };
    let Some(session) = app.store.session(&session_id, &now_text()).await? else {
        return Ok(None);
    };
    if check_csrf {
        let sent = headers.get(CSRF_HEADER).and_then(|value| value.to_str().ok());
        match sent {
            None => {
                return Err(ApiError::message(
                    ErrorKind::BadRequest,
                    "The CSRF token is missing.",
                ))
            }
            Some(sent) if !bool::from(sent.as_bytes().ct_eq(session.csrf_token.as_bytes())) => {
                return Err(ApiError::message(
                    ErrorKind::BadRequest,
                    "The CSRF token is invalid.",
                ));
            }
            Some(_) => {}
        }
    }
    load_user(app, session.user_id).await
}

fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim())
}

/// Loads an active user with the permissions of all its roles.
pub async fn load_user(app: &AppState, user_id: i64) -> Result<Option<AuthUser>, ApiError> {
    let Some(record) = app.store.user_by_id(user_id).await? else {
        return Ok(None);
    };
    if !record.active {
        return Ok(None);
    }
    let roles = app.store.user_roles(user_id).await?;
    Ok(Some(AuthUser {
        id: record.id,
        username: record.username,
        first_name: record.first_name,
        last_name: record.last_name,
        email: record.email,
        permissions: roles.values().flatten().cloned().collect(),
        roles: roles.into_keys().collect(),
    }))
}
