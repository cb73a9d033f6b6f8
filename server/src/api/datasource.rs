//! `GET /api/v1/datasource/{type}/{id}/column/{column}/values/`: a dataset column's distinct
//! values, for the native filter bar's value choices (Superset's `DatasourceRestApi`); and
//! `GET /superset/fetch_datasource_metadata?datasourceKey=`: a datasource's metadata.

use std::cmp::Ordering;

use axum::extract::State;
use quiver_types::{
    ColumnRef, ColumnValues, Dataset, DatasourceRef, DatasourceType, QueryContext, QueryObject, ResultFormat,
    ResultType,
};
use serde::Deserialize;
use serde_json::Value;

use crate::auth::CurrentUser;
use crate::chart_data::{authorized_dataset, authorized_datasource, json, run_query_context};
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::state::AppState;

/// At most this many distinct values are answered.
pub const COLUMN_VALUES_LIMIT: i64 = 10_000;

/// The query of a column's distinct values: the column grouped, no metric.
fn distinct_values_context(datasource: DatasourceRef, column: &str) -> QueryContext {
    let query = QueryObject {
        columns: vec![ColumnRef::Physical(column.to_owned())],
        metrics: Some(Vec::new()),
        row_limit: Some(COLUMN_VALUES_LIMIT),
        ..QueryObject::default()
    };
    QueryContext {
        datasource,
        force: false,
        queries: vec![query],
        form_data: None,
        result_format: ResultFormat::Json,
        result_type: ResultType::Full,
        custom_cache_timeout: None,
    }
}

/// Nulls first, then numbers, then text, each in ascending order.
fn compare_values(left: &Value, right: &Value) -> Ordering {
    fn rank(value: &Value) -> u8 {
        match value {
            Value::Null => 0,
            Value::Bool(_) => 1,
            Value::Number(_) => 2,
            _ => 3,
        }
    }
    match (left, right) {
        (Value::Number(a), Value::Number(b)) => {
            let (a, b) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
            a.total_cmp(&b)
        }
        (Value::String(a), Value::String(b)) => a.cmp(b),
        (Value::Bool(a), Value::Bool(b)) => a.cmp(b),
        _ => rank(left).cmp(&rank(right)),
    }
}

/// The distinct values of a dataset's column, sorted. An unknown column is 400.
pub async fn column_values(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath((datasource_type, datasource_id, column)): AppPath<(DatasourceType, i64, String)>,
) -> Result<AppJson<ColumnValues>, ApiError> {
    let datasource = DatasourceRef {
        id: datasource_id,
        datasource_type,
    };
    let context = distinct_values_context(datasource, &column);
    let dataset = authorized_dataset(&app, &user, &context).await?;
    if !dataset.columns.iter().any(|known| known.column_name == column) {
        return Err(ApiError::bad_request(format!("Column {column} does not exist")));
    }
    let mut results = run_query_context(&app, &dataset, &context).await?;
    let Some(result) = results.pop() else {
        return Err(ApiError::internal("the column values query gave no result"));
    };
    let mut values: Vec<Value> = result
        .output
        .batches
        .iter()
        .filter(|batch| batch.num_columns() > 0)
        .flat_map(|batch| json::column_values(batch.column(0)))
        .collect();
    values.sort_by(compare_values);
    values.dedup();
    Ok(AppJson(ColumnValues { result: values }))
}

/// The query string of `GET /superset/fetch_datasource_metadata`.
#[derive(Debug, Deserialize)]
pub struct DatasourceMetadataParams {
    #[serde(rename = "datasourceKey")]
    datasource_key: Option<String>,
}

/// Superset's `DATASOURCE_MISSING_ERR`.
pub const DATASOURCE_MISSING: &str = "The data source seems to have been deleted";

/// `GET /superset/fetch_datasource_metadata?datasourceKey=3__table`: the datasource as Explore
/// reads it (columns, metrics, ...), unwrapped, as Superset answers `datasource.data`. A missing
/// or malformed key is 400, a deleted datasource 404, one the user may not read 403.
pub async fn fetch_datasource_metadata(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<DatasourceMetadataParams>,
) -> Result<AppJson<Dataset>, ApiError> {
    let key = params
        .datasource_key
        .filter(|key| !key.trim().is_empty())
        .ok_or_else(|| ApiError::bad_request("Missing datasourceKey"))?;
    let datasource = quiver_core::query_object::datasource::parse_datasource_key(&key)
        .map_err(|_| ApiError::bad_request(format!("Invalid datasourceKey: {key}")))?;
    let dataset = authorized_datasource(&app, &user, &datasource)
        .await
        .map_err(|error| match error.kind {
            ErrorKind::NotFound => ApiError::message(ErrorKind::NotFound, DATASOURCE_MISSING),
            _ => error,
        })?;
    Ok(AppJson(dataset))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn values_sort_nulls_then_numbers_then_text() {
        let mut values = vec![json!("b"), json!(10), json!(null), json!("a"), json!(2.5)];
        values.sort_by(compare_values);
        assert_eq!(
            values,
            vec![json!(null), json!(2.5), json!(10), json!("a"), json!("b")]
        );
    }
}
