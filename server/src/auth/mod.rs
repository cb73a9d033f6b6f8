//! Authentication (sessions, tokens, passwords) and authorization (roles, permissions, the
//! per-endpoint access table).

pub mod guard;
pub mod password;
pub mod permissions;
pub mod secrets;
pub mod session;
pub mod token;

use std::collections::BTreeSet;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use quiver_types::Dataset;

use crate::error::ApiError;

/// The authenticated user of a request, with the permissions of all its roles.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthUser {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub roles: Vec<String>,
    pub permissions: BTreeSet<(String, String)>,
}

impl AuthUser {
    /// Admin is any role named admin, case-insensitive (spec 001 section 6).
    pub fn is_admin(&self) -> bool {
        self.roles.iter().any(|role| role.eq_ignore_ascii_case("admin"))
    }

    /// `can_read` on `Chart` and the like; admins have every permission.
    pub fn has_permission(&self, permission: &str, view: &str) -> bool {
        self.is_admin()
            || self
                .permissions
                .contains(&(permission.to_owned(), view.to_owned()))
    }

    /// Whether the user may query a dataset: all-datasource or all-database access, access to its
    /// database, or access to the dataset itself (Superset's permission names).
    pub fn can_access_dataset(&self, dataset: &Dataset) -> bool {
        let database = &dataset.database;
        self.has_permission("all_datasource_access", "all_datasource_access")
            || self.has_permission("all_database_access", "all_database_access")
            || self.has_permission(
                "database_access",
                &permissions::database_view(database.database_name.as_str(), database.id.0),
            )
            || self.has_permission(
                "datasource_access",
                &permissions::datasource_view(&database.database_name, &dataset.table_name, dataset.id.0),
            )
    }

    /// The name a user sees: first and last name, or the username.
    pub fn display_name(&self) -> String {
        let full = format!("{} {}", self.first_name, self.last_name);
        let full = full.trim();
        if full.is_empty() {
            self.username.clone()
        } else {
            full.to_owned()
        }
    }
}

/// Extractor for handlers that need the user: the guard has already authenticated the request.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub AuthUser);

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        match parts.extensions.get::<AuthUser>() {
            Some(user) => Ok(CurrentUser(user.clone())),
            None => Err(ApiError::unauthorized(guard::NOT_AUTHORIZED)),
        }
    }
}
