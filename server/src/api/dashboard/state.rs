//! The dashboard's native filters (`PUT /api/v1/dashboard/{id}/filters`), permalinks and
//! favorites.

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use quiver_types::{
    DashboardPermalinkState, DashboardPermalinkValue, FavoriteStatus, NativeFiltersChanges, PermalinkCreated,
    ResultResponse,
};
use serde_json::Value;

use super::body::{require_dashboard_owner, require_view};
use super::rules::{native_filter_problem, stored_metadata};
use super::{field_error, ListParams};
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::state::AppState;
use crate::store::dashboard::{DashboardFields, DASHBOARD_FAVORITE_CLASS};

/// The prefix of native filter ids.
pub const NATIVE_FILTER_PREFIX: &str = "NATIVE_FILTER-";
/// The prefix of native filter divider ids.
pub const NATIVE_FILTER_DIVIDER_PREFIX: &str = "NATIVE_FILTER_DIVIDER-";
/// The key-value resource of dashboard permalinks.
pub const DASHBOARD_PERMALINK_RESOURCE: &str = "dashboard_permalink";

fn filter_id(filter: &Value) -> Option<&str> {
    filter.get("id").and_then(Value::as_str)
}

/// Why a modified item's id breaks the id rule (spec 001 §3), or `None`: every item has an id
/// starting with `NATIVE_FILTER-` or `NATIVE_FILTER_DIVIDER-`; an item of `type` `DIVIDER` has
/// the divider prefix and one of `type` `NATIVE_FILTER` the filter prefix. Example:
/// `{"id": "NATIVE_FILTER-a", "type": "DIVIDER"}` is refused.
fn filter_id_problem(filter: &Value) -> Option<String> {
    let Some(id) = filter_id(filter) else {
        return Some("Every modified filter needs an id".to_owned());
    };
    let is_divider_id = id.starts_with(NATIVE_FILTER_DIVIDER_PREFIX);
    let is_filter_id = id.starts_with(NATIVE_FILTER_PREFIX);
    match filter.get("type").and_then(Value::as_str) {
        Some("DIVIDER") if !is_divider_id => Some(format!(
            "Divider ids start with {NATIVE_FILTER_DIVIDER_PREFIX}: {id}"
        )),
        Some("NATIVE_FILTER") if !is_filter_id => {
            Some(format!("Filter ids start with {NATIVE_FILTER_PREFIX}: {id}"))
        }
        _ if !is_filter_id && !is_divider_id => Some(format!(
            "Filter ids start with {NATIVE_FILTER_PREFIX} or {NATIVE_FILTER_DIVIDER_PREFIX}: {id}"
        )),
        _ => None,
    }
}

/// The native filter configuration after `changes`: deleted ids removed, modified ones replaced
/// in place, new ones appended, then ordered as `reordered` says (ids it does not name keep
/// their order after the named ones).
pub fn apply_filter_changes(
    current: Vec<Value>,
    changes: &NativeFiltersChanges,
) -> Result<Vec<Value>, String> {
    let modified = changes.modified.clone().unwrap_or_default();
    for filter in &modified {
        if let Some(problem) = filter_id_problem(filter) {
            return Err(problem);
        }
    }
    let deleted = changes.deleted.clone().unwrap_or_default();
    let mut updated: Vec<Value> = Vec::with_capacity(current.len() + modified.len());
    for filter in current {
        let id = filter_id(&filter).map(str::to_owned);
        if id.as_ref().is_some_and(|id| deleted.contains(id)) {
            continue;
        }
        let replacement = modified.iter().find(|change| filter_id(change) == id.as_deref());
        updated.push(replacement.cloned().unwrap_or(filter));
    }
    for filter in modified {
        let is_new = !updated
            .iter()
            .any(|existing| filter_id(existing) == filter_id(&filter));
        let is_deleted = filter_id(&filter).is_some_and(|id| deleted.iter().any(|gone| gone == id));
        if is_new && !is_deleted {
            updated.push(filter);
        }
    }
    if let Some(order) = &changes.reordered {
        let position = |filter: &Value| {
            filter_id(filter)
                .and_then(|id| order.iter().position(|ordered| ordered == id))
                .unwrap_or(usize::MAX)
        };
        updated.sort_by_key(position);
    }
    Ok(updated)
}

/// `PUT /api/v1/dashboard/{id}/filters`: applies native filter changes to the metadata and
/// answers the resulting configuration. Only owners and admins.
pub async fn update_filters(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(changes): AppJson<NativeFiltersChanges>,
) -> Result<AppJson<ResultResponse<Vec<Value>>>, ApiError> {
    let record = app.store.dashboard(id).await?;
    require_dashboard_owner(&user, &record)?;
    if let Some(problem) = native_filter_problem(changes.modified.as_deref().unwrap_or_default()) {
        return Err(field_error("modified", problem));
    }
    let mut metadata = stored_metadata(record.json_metadata.as_deref());
    let current = match metadata.get("native_filter_configuration") {
        Some(Value::Array(filters)) => filters.clone(),
        _ => Vec::new(),
    };
    let updated =
        apply_filter_changes(current, &changes).map_err(|message| field_error("modified", message))?;
    metadata.insert(
        "native_filter_configuration".to_owned(),
        Value::Array(updated.clone()),
    );
    let mut fields = DashboardFields::from(&record);
    fields.json_metadata = Some(Value::Object(metadata).to_string());
    app.store.update_dashboard(id, &fields, Some(user.id)).await?;
    Ok(AppJson(ResultResponse { result: updated }))
}

/// `http://host` of the request, for absolute permalink URLs.
fn request_origin(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .unwrap_or("localhost");
    let scheme = headers
        .get("x-forwarded-proto")
        .and_then(|proto| proto.to_str().ok())
        .filter(|proto| *proto == "https")
        .unwrap_or("http");
    format!("{scheme}://{host}")
}

/// `POST /api/v1/dashboard/{id_or_slug}/permalink`: stores the state and answers its key and
/// URL (201).
pub async fn create_permalink(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    AppPath(id_or_slug): AppPath<String>,
    AppJson(state): AppJson<DashboardPermalinkState>,
) -> Result<(StatusCode, AppJson<PermalinkCreated>), ApiError> {
    let record = app.store.dashboard_by_id_or_slug(&id_or_slug).await?;
    require_view(&app, &user, &record).await?;
    let value = DashboardPermalinkValue {
        dashboard_id: record.id.to_string(),
        state,
    };
    let text = serde_json::to_string(&value).map_err(ApiError::internal)?;
    let entry = app
        .store
        .put_value(DASHBOARD_PERMALINK_RESOURCE, &text, Some(user.id))
        .await?;
    let url = format!(
        "{}/superset/dashboard/p/{}/",
        request_origin(&headers),
        entry.uuid
    );
    Ok((
        StatusCode::CREATED,
        AppJson(PermalinkCreated { key: entry.uuid, url }),
    ))
}

/// `GET /api/v1/dashboard/permalink/{key}`: the dashboard id and the stored state.
pub async fn get_permalink(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(key): AppPath<String>,
) -> Result<AppJson<DashboardPermalinkValue>, ApiError> {
    let entry = app
        .store
        .value(DASHBOARD_PERMALINK_RESOURCE, &key)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let value: DashboardPermalinkValue = serde_json::from_str(&entry.value).map_err(ApiError::internal)?;
    let record = app.store.dashboard_by_id_or_slug(&value.dashboard_id).await?;
    require_view(&app, &user, &record).await?;
    Ok(AppJson(value))
}

/// `GET /api/v1/dashboard/favorite_status/?q=!(1,2)`: whether the user starred each id.
pub async fn favorite_status(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<ResultResponse<Vec<FavoriteStatus>>>, ApiError> {
    crate::api::favorites::favorite_status_answer(
        &app,
        user.id,
        DASHBOARD_FAVORITE_CLASS,
        params.q.as_deref(),
    )
    .await
}

/// `{"result": "OK"}`.
#[derive(Debug, serde::Serialize)]
pub struct OkResult {
    pub result: &'static str,
}

/// `POST /api/v1/dashboard/{id}/favorites/`: stars the dashboard.
pub async fn add_favorite(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<OkResult>, ApiError> {
    let record = app.store.dashboard(id).await?;
    require_view(&app, &user, &record).await?;
    app.store
        .add_favorite(user.id, DASHBOARD_FAVORITE_CLASS, id)
        .await?;
    Ok(AppJson(OkResult { result: "OK" }))
}

/// `DELETE /api/v1/dashboard/{id}/favorites/`: removes the star.
pub async fn remove_favorite(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<OkResult>, ApiError> {
    app.store.dashboard(id).await?;
    app.store
        .remove_favorite(user.id, DASHBOARD_FAVORITE_CLASS, id)
        .await?;
    Ok(AppJson(OkResult { result: "OK" }))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn filter_changes_delete_replace_append_and_reorder() {
        let current = vec![
            json!({"id": "NATIVE_FILTER-a", "name": "State"}),
            json!({"id": "NATIVE_FILTER-b", "name": "Gender"}),
            json!({"id": "NATIVE_FILTER_DIVIDER-c", "title": "More"}),
        ];
        let changes = NativeFiltersChanges {
            modified: Some(vec![
                json!({"id": "NATIVE_FILTER-b", "name": "Sex"}),
                json!({"id": "NATIVE_FILTER-d", "name": "Name"}),
            ]),
            deleted: Some(vec!["NATIVE_FILTER-a".to_owned()]),
            reordered: Some(vec!["NATIVE_FILTER-d".to_owned(), "NATIVE_FILTER-b".to_owned()]),
        };
        let updated = apply_filter_changes(current, &changes).unwrap();
        let names: Vec<&str> = updated.iter().filter_map(filter_id).collect();
        assert_eq!(
            names,
            vec!["NATIVE_FILTER-d", "NATIVE_FILTER-b", "NATIVE_FILTER_DIVIDER-c"]
        );
        assert_eq!(updated[1]["name"], "Sex");
    }

    #[test]
    fn filter_ids_must_have_the_native_prefixes() {
        let changes = NativeFiltersChanges {
            modified: Some(vec![json!({"id": "FILTER-1"})]),
            ..NativeFiltersChanges::default()
        };
        assert_eq!(
            apply_filter_changes(Vec::new(), &changes).unwrap_err(),
            "Filter ids start with NATIVE_FILTER- or NATIVE_FILTER_DIVIDER-: FILTER-1"
        );
        let without_id = NativeFiltersChanges {
            modified: Some(vec![json!({"name": "x"})]),
            ..NativeFiltersChanges::default()
        };
        assert!(apply_filter_changes(Vec::new(), &without_id).is_err());
    }

    #[test]
    fn dividers_and_filters_keep_their_own_prefixes() {
        let cases = [
            (json!({"id": "NATIVE_FILTER_DIVIDER-1", "type": "DIVIDER"}), None),
            (json!({"id": "NATIVE_FILTER-1", "type": "NATIVE_FILTER"}), None),
            (
                json!({"id": "NATIVE_FILTER-1", "type": "DIVIDER"}),
                Some("Divider ids start with NATIVE_FILTER_DIVIDER-: NATIVE_FILTER-1"),
            ),
            (
                json!({"id": "NATIVE_FILTER_DIVIDER-1", "type": "NATIVE_FILTER"}),
                Some("Filter ids start with NATIVE_FILTER-: NATIVE_FILTER_DIVIDER-1"),
            ),
        ];
        for (filter, expected) in cases {
            assert_eq!(filter_id_problem(&filter).as_deref(), expected, "{filter}");
        }
    }
}
