//! Login (browser session and API tokens), logout, CSRF token, and the current user.

use axum::extract::State;
use axum::http::header::{AUTHORIZATION, LOCATION, SET_COOKIE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use quiver_types::{
    CommonConf, CsrfTokenResponse, CurrentUser as CurrentUserBody, LoginRequest, ResultResponse,
    SessionLoginRequest, TokenResponse, UserId, UserRoles,
};

use crate::auth::guard::load_user;
use crate::auth::password::verify_password;
use crate::auth::session::{expired_session_cookie, random_token, session_cookie, session_id_from_headers};
use crate::auth::token::TokenType;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson};
use crate::state::AppState;
use crate::store::now_text;
use crate::store::user::SessionRecord;

/// The message of a failed login (browser and API).
pub const INVALID_LOGIN: &str = "Invalid login. Please try again.";

/// Checks a username and password; the user on success.
async fn check_credentials(app: &AppState, username: &str, password: &str) -> Result<AuthUser, ApiError> {
    let record = app.store.user_by_username(username.trim()).await?;
    let Some(record) =
        record.filter(|record| record.active && verify_password(password, &record.password_hash))
    else {
        tracing::info!(username, "login refused");
        return Err(ApiError::unauthorized(INVALID_LOGIN));
    };
    app.store.record_login(record.id).await?;
    load_user(app, record.id)
        .await?
        .ok_or_else(|| ApiError::unauthorized(INVALID_LOGIN))
}

fn user_body(user: &AuthUser) -> CurrentUserBody {
    CurrentUserBody {
        id: UserId(user.id),
        username: user.username.clone(),
        first_name: user.first_name.clone(),
        last_name: user.last_name.clone(),
        email: user.email.clone(),
        is_active: true,
        is_anonymous: false,
    }
}

/// `POST /login/`: the browser's login; starts a cookie session.
pub async fn login_session(
    State(app): State<AppState>,
    AppJson(request): AppJson<SessionLoginRequest>,
) -> Result<Response, ApiError> {
    let user = check_credentials(&app, &request.username, &request.password).await?;
    let hours = app.settings.session_hours;
    let expires_on = (chrono::Utc::now() + chrono::Duration::hours(hours))
        .format("%Y-%m-%dT%H:%M:%S%.6f")
        .to_string();
    let session = SessionRecord {
        id: random_token(),
        user_id: user.id,
        csrf_token: random_token(),
        expires_on,
    };
    app.store.create_session(&session).await?;
    let body = ResultResponse {
        result: user_body(&user),
    };
    Ok(([(SET_COOKIE, session_cookie(&session.id, hours))], AppJson(body)).into_response())
}

/// `GET /logout/`: ends the session and goes back to the login page.
pub async fn logout(State(app): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(session_id) = session_id_from_headers(&headers) {
        app.store.delete_session(&session_id).await?;
    }
    Ok((
        StatusCode::FOUND,
        [
            (SET_COOKIE, expired_session_cookie()),
            (LOCATION, "/login/".to_owned()),
        ],
    )
        .into_response())
}

/// `POST /api/v1/security/login`: access (and refresh) tokens for API clients.
pub async fn api_login(
    State(app): State<AppState>,
    AppJson(request): AppJson<LoginRequest>,
) -> Result<AppJson<TokenResponse>, ApiError> {
    if request.provider != "db" {
        return Err(ApiError::bad_request(format!(
            "Unsupported provider: {}",
            request.provider
        )));
    }
    let user = check_credentials(&app, &request.username, &request.password).await?;
    let now = chrono::Utc::now().timestamp();
    let issue = |token_type, seconds| {
        app.tokens
            .issue(user.id, token_type, seconds, now)
            .map_err(ApiError::internal)
    };
    let access_token = issue(TokenType::Access, app.settings.access_token_minutes * 60)?;
    let refresh_token = if request.refresh {
        Some(issue(TokenType::Refresh, 30 * 24 * 3600)?)
    } else {
        None
    };
    Ok(AppJson(TokenResponse {
        access_token,
        refresh_token,
    }))
}

/// `POST /api/v1/security/refresh` with `Authorization: Bearer <refresh token>`.
pub async fn refresh(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> Result<AppJson<TokenResponse>, ApiError> {
    let token = headers
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .ok_or_else(|| ApiError::unauthorized("Missing Authorization Header"))?;
    let user_id = app
        .tokens
        .verify(token.trim(), TokenType::Refresh)
        .map_err(|_| ApiError::unauthorized("Token is invalid or expired"))?;
    let user = load_user(&app, user_id)
        .await?
        .ok_or_else(|| ApiError::unauthorized(INVALID_LOGIN))?;
    let now = chrono::Utc::now().timestamp();
    let access_token = app
        .tokens
        .issue(
            user.id,
            TokenType::Access,
            app.settings.access_token_minutes * 60,
            now,
        )
        .map_err(ApiError::internal)?;
    Ok(AppJson(TokenResponse {
        access_token,
        refresh_token: None,
    }))
}

/// `GET /api/v1/security/csrf_token/`: the session's CSRF token (a fresh random one for token
/// clients, which need none).
pub async fn csrf_token(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> Result<AppJson<CsrfTokenResponse>, ApiError> {
    let session = match session_id_from_headers(&headers) {
        Some(session_id) => app.store.session(&session_id, &now_text()).await?,
        None => None,
    };
    let token = session.map_or_else(random_token, |session| session.csrf_token);
    Ok(AppJson(CsrfTokenResponse { result: token }))
}

/// `GET /api/v1/me/`.
pub async fn me(CurrentUser(user): CurrentUser) -> AppJson<ResultResponse<CurrentUserBody>> {
    AppJson(ResultResponse {
        result: user_body(&user),
    })
}

/// `GET /api/v1/common/conf/`: the settings the browser follows (Superset's bootstrap
/// `common.conf`): the web server timeout the client waits for chart data, and the
/// `ESCAPE_MARKDOWN_HTML`, `SLACK_ENABLE_AVATARS`, `DASHBOARD_RBAC` and `CONFIRM_DASHBOARD_DIFF` flags.
pub async fn common_conf(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
) -> AppJson<ResultResponse<CommonConf>> {
    AppJson(ResultResponse {
        result: CommonConf {
            superset_webserver_timeout: app.settings.query_timeout_seconds,
            escape_markdown_html: app.settings.escape_markdown_html,
            slack_enable_avatars: app.settings.slack_enable_avatars,
            dashboard_rbac: app.settings.dashboard_rbac,
            confirm_dashboard_diff: app.settings.confirm_dashboard_diff,
        },
    })
}

/// `GET /api/v1/me/roles/`: each role's `[permission, view]` pairs and the data access views.
pub async fn me_roles(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<AppJson<ResultResponse<UserRoles>>, ApiError> {
    let roles = app.store.user_roles(user.id).await?;
    let mut data_access: std::collections::BTreeMap<String, Vec<String>> = std::collections::BTreeMap::new();
    for (permission, view) in roles.values().flatten() {
        if permission == "database_access" || permission == "datasource_access" {
            data_access
                .entry(permission.clone())
                .or_default()
                .push(view.clone());
        }
    }
    let roles = roles
        .into_iter()
        .map(|(role, pairs)| (role, pairs.into_iter().collect()))
        .collect();
    Ok(AppJson(ResultResponse {
        result: UserRoles {
            roles,
            permissions: data_access,
        },
    }))
}
