//! The answer of every list call: `{"count", "ids", "result"}` with the rows' users and tags in
//! their wire shape, cut to `select_columns` when the call names some.

use quiver_types::{ListPageResponse, TagRef, UserId, UserRef};
use serde::Serialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::store::list::ListQuery;
use crate::store::list_rows::{ListTag, ListUser};

pub fn user_ref(user: ListUser) -> UserRef {
    UserRef {
        id: UserId(user.id),
        first_name: user.first_name,
        last_name: user.last_name,
    }
}

pub fn tag_ref(tag: ListTag) -> TagRef {
    TagRef {
        id: tag.id,
        name: tag.name,
        tag_type: tag.tag_type,
    }
}

/// `changed_by_name`: "first last", or empty without a user.
pub fn user_name(user: Option<&UserRef>) -> String {
    user.map(|user| {
        format!("{} {}", user.first_name, user.last_name)
            .trim()
            .to_owned()
    })
    .unwrap_or_default()
}

/// The page as JSON, with only the `select_columns` fields when the query names some.
pub fn list_answer<T: Serialize>(
    count: i64,
    ids: Vec<i64>,
    result: Vec<T>,
    query: &ListQuery,
) -> Result<axum::Json<Value>, ApiError> {
    let answer = ListPageResponse { count, ids, result };
    let mut body = serde_json::to_value(answer).map_err(ApiError::internal)?;
    if !query.select_columns.is_empty() {
        project(&mut body, &query.select_columns);
    }
    Ok(axum::Json(body))
}

/// Keeps the fields `select_columns` names in each row of the page.
fn project(body: &mut Value, select_columns: &[String]) {
    if let Some(rows) = body.get_mut("result").and_then(Value::as_array_mut) {
        for row in rows {
            keep_selected_fields(row, select_columns);
        }
    }
}

/// Keeps the fields of one object that `select_columns` names (`owners.id` keeps `owners`).
pub fn keep_selected_fields(row: &mut Value, select_columns: &[String]) {
    let keep: Vec<&str> = select_columns
        .iter()
        .map(|column| column.split('.').next().unwrap_or(column))
        .collect();
    if let Value::Object(fields) = row {
        fields.retain(|name, _| keep.contains(&name.as_str()));
    }
}
