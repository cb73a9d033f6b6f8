//! What the per-user temporary states (the Explore state cache, a dashboard's filter state) share:
//! the JSON text they hold is checked on write, the state is stored as JSON, and only the user who
//! wrote it changes or deletes it.

use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::auth::AuthUser;
use crate::error::ApiError;

/// 400 `{"<field>": ["JSON not valid"]}` unless `text` is JSON.
pub fn check_json_text(field: &str, text: &str) -> Result<(), ApiError> {
    if serde_json::from_str::<Value>(text).is_err() {
        return Err(ApiError::validation(Map::from_iter([(
            field.to_owned(),
            json!(["JSON not valid"]),
        )])));
    }
    Ok(())
}

/// The state as stored.
pub fn state_text<T: Serialize>(state: &T) -> Result<String, ApiError> {
    serde_json::to_string(state).map_err(ApiError::internal)
}

/// Forbidden unless `user` wrote the state.
pub fn require_state_owner(user: &AuthUser, owner: i64) -> Result<(), ApiError> {
    if owner == user.id {
        Ok(())
    } else {
        Err(ApiError::forbidden(crate::auth::guard::FORBIDDEN))
    }
}
