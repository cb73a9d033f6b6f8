//! Login, tokens and the current user.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ids::UserId;

/// `POST /api/v1/security/login`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct LoginRequest {
    pub username: String,
    pub password: String,
    /// Only `db` is supported.
    #[serde(default = "default_provider")]
    pub provider: String,
    /// Ask for a refresh token too.
    #[serde(default)]
    pub refresh: bool,
}

fn default_provider() -> String {
    "db".to_owned()
}

/// Answer of `POST /api/v1/security/login` and `/refresh`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TokenResponse {
    pub access_token: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refresh_token: Option<String>,
}

/// `GET /api/v1/security/csrf_token/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CsrfTokenResponse {
    pub result: String,
}

/// The browser login form, `POST /login/` as JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct SessionLoginRequest {
    pub username: String,
    pub password: String,
}

/// `GET /api/v1/me/`: the current user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CurrentUser {
    pub id: UserId,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub is_active: bool,
    pub is_anonymous: bool,
}

/// `GET /api/v1/me/roles/`: role name to its `[permission, view]` pairs, and the data access
/// permissions (`database_access`, `datasource_access`) gathered from those roles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct UserRoles {
    pub roles: BTreeMap<String, Vec<(String, String)>>,
    pub permissions: BTreeMap<String, Vec<String>>,
}
