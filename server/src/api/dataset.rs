//! Datasets: `GET /api/v1/dataset/` and `GET /api/v1/dataset/{pk}`.

use axum::extract::State;
use quiver_types::{Dataset, ListResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::rison::parse_rison;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::state::AppState;

/// `{"id": 1, "result": {...}}`.
#[derive(Debug, Serialize)]
pub struct DatasetResponse {
    pub id: i64,
    pub result: Dataset,
}

/// The raw `?q=` of list calls.
#[derive(Debug, Deserialize)]
pub struct ListParams {
    pub q: Option<String>,
}

/// `GET /api/v1/dataset/{pk}`.
pub async fn get_dataset(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<DatasetResponse>, ApiError> {
    let dataset = app.store.dataset(id).await?;
    Ok(AppJson(DatasetResponse { id, result: dataset }))
}

/// `GET /api/v1/dataset/?q=...`: for now only the `table_name` `eq` filter; the generic list API
/// (operators, sorting, paging, select_columns) is not built yet.
pub async fn list_datasets(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<ListResponse<Dataset>>, ApiError> {
    let query = match params.q.as_deref() {
        Some(q) => parse_rison(q).map_err(|error| ApiError::bad_request(error.to_string()))?,
        None => Value::Null,
    };
    let mut table_name = None;
    if let Some(filters) = query.get("filters").and_then(Value::as_array) {
        for filter in filters {
            let column = filter.get("col").and_then(Value::as_str);
            let operator = filter.get("opr").and_then(Value::as_str);
            match (column, operator, filter.get("value").and_then(Value::as_str)) {
                (Some("table_name"), Some("eq"), Some(value)) => table_name = Some(value.to_owned()),
                _ => return Err(ApiError::bad_request(format!("Unsupported filter: {filter}"))),
            }
        }
    }
    let mut result = Vec::new();
    for id in app.store.dataset_ids(table_name.as_deref()).await? {
        let dataset = app.store.dataset(id).await?;
        if user.can_access_dataset(&dataset) {
            result.push(dataset);
        }
    }
    Ok(AppJson(ListResponse {
        count: result.len() as i64,
        result,
    }))
}
