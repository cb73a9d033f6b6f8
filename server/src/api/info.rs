//! `GET /api/v1/{resource}/_info?q=(keys:!(permissions))`: what the user may do with a resource,
//! read from the same permission table the guard enforces, and the filters its list accepts.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::Uri;
use quiver_types::{InfoFilter, InfoResponse};
use serde_json::Value;

use super::database::RisonParams;
use super::rison::parse_rison;
use crate::auth::permissions::{view_permissions, RESOURCE_VIEWS};
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;
use crate::store::list::ListSpec;
use crate::store::{
    annotation, chart_list, dashboard_list, database_list, dataset_list, query_history, report, saved_query,
    tag,
};

/// The keys Superset's `_info` schema accepts. Quiver answers `permissions` and `filters`; the
/// others (the add and edit forms' fields and titles) are accepted and left out of the answer.
const INFO_KEYS: &[&str] = &[
    "add_columns",
    "edit_columns",
    "filters",
    "permissions",
    "add_title",
    "edit_title",
    "none",
];

pub async fn resource_info(
    State(_app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<RisonParams>,
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
    let keys = info_keys(params.q.as_deref())?;
    let asked = |key: &str| keys.as_ref().is_none_or(|keys| keys.iter().any(|k| k == key));
    let permissions = asked("permissions").then(|| {
        view_permissions(view)
            .into_iter()
            .filter(|permission| user.has_permission(permission, view))
            .map(str::to_owned)
            .collect()
    });
    let filters = asked("filters").then(|| list_filters(resource));
    Ok(AppJson(InfoResponse { permissions, filters }))
}

/// The keys a `q` selects; `None` (every key) when `q` or its `keys` is absent. Malformed rison,
/// a `q` that is not an object, an unknown field or key is a 400.
fn info_keys(q: Option<&str>) -> Result<Option<Vec<String>>, ApiError> {
    let Some(text) = q.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok(None);
    };
    let value = parse_rison(text).map_err(|error| ApiError::bad_request(error.to_string()))?;
    let Value::Object(fields) = value else {
        return Err(ApiError::bad_request("Not a valid rison argument"));
    };
    let mut keys = None;
    for (field, value) in fields {
        match field.as_str() {
            "keys" => {
                let list = value
                    .as_array()
                    .ok_or_else(|| ApiError::bad_request(format!("{value} is not of type 'array'")))?;
                let names = list
                    .iter()
                    .map(|key| match key.as_str() {
                        Some(name) if INFO_KEYS.contains(&name) => Ok(name.to_owned()),
                        _ => Err(ApiError::bad_request(format!(
                            "{key} is not one of {}",
                            INFO_KEYS.join(", ")
                        ))),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                keys = Some(names);
            }
            // The paging of the add and edit forms' related fields: accepted, unused.
            "add_columns" | "edit_columns" => {}
            other => {
                return Err(ApiError::bad_request(format!(
                    "Additional properties are not allowed ('{other}' was unexpected)"
                )))
            }
        }
    }
    Ok(keys)
}

/// The list spec of a resource `_info` answers for.
fn list_spec(resource: &str) -> Option<&'static ListSpec> {
    Some(match resource {
        "chart" => &chart_list::CHART_LIST,
        "dashboard" => &dashboard_list::DASHBOARD_LIST,
        "dataset" => &dataset_list::DATASET_LIST,
        "database" => &database_list::DATABASE_LIST,
        "saved_query" => &saved_query::SAVED_QUERY_LIST,
        "tag" => &tag::TAG_LIST,
        "query" => &query_history::QUERY_HISTORY_LIST,
        "annotation_layer" => &annotation::ANNOTATION_LAYER_LIST,
        "report" => &report::REPORT_LIST,
        _ => return None,
    })
}

/// Flask-AppBuilder's name of a filter operator.
fn operator_name(operator: &str) -> &'static str {
    match operator {
        "sw" => "Starts with",
        "ew" => "Ends with",
        "ct" => "Contains",
        "eq" => "Equal to",
        "nsw" => "Not Starts With",
        "new" => "Not Ends With",
        "nct" => "Not Contains",
        "neq" => "Not Equal to",
        "gt" => "Greater than",
        "lt" => "Smaller than",
        "between" => "Between",
        "rel_o_m" => "Relation",
        "rel_m_m" => "Relation as Many",
        _ => "Filter",
    }
}

/// The generic operators of each filterable column of the resource's list (Superset's
/// `filters` key); a resource's own operators (favorites, certification, search) are not listed.
fn list_filters(resource: &str) -> BTreeMap<String, Vec<InfoFilter>> {
    list_spec(resource)
        .map(|spec| {
            spec.filter_columns
                .iter()
                .map(|column| {
                    let operators = column
                        .kind
                        .operators()
                        .iter()
                        .map(|operator| InfoFilter {
                            name: operator_name(operator).to_owned(),
                            operator: (*operator).to_owned(),
                        })
                        .collect();
                    (column.name.to_owned(), operators)
                })
                .collect()
        })
        .unwrap_or_default()
}
