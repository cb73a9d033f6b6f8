//! `POST /datasource/samples?datasource_type=&datasource_id=&force=&per_page=&page=`: a page of a
//! dataset's rows under optional filters (the Explore "Samples" pane), with the total count.

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{
    DatasourceRef, DatasourceType, MetricRef, QueryContext, QueryExtras, QueryObject, QueryObjectFilter,
    ResultFormat, ResultType,
};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::auth::CurrentUser;
use crate::chart_data::{authorized_dataset, json, run_query_context, SAMPLES_ROW_LIMIT};
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct SamplesQuery {
    datasource_type: DatasourceType,
    datasource_id: i64,
    #[serde(default)]
    force: bool,
    #[serde(default)]
    per_page: Option<i64>,
    #[serde(default)]
    page: Option<i64>,
}

/// The optional JSON body: filters and the time range that narrow the rows.
#[derive(Debug, Default, Deserialize)]
pub struct SamplesPayload {
    #[serde(default)]
    filters: Vec<QueryObjectFilter>,
    #[serde(default)]
    granularity: Option<String>,
    #[serde(default)]
    time_range: Option<String>,
    #[serde(default)]
    extras: Option<QueryExtras>,
}

fn count_metric() -> Result<MetricRef, ApiError> {
    serde_json::from_value(serde_json::json!({
        "expressionType": "SQL", "sqlExpression": "COUNT(*)", "label": "COUNT(*)",
    }))
    .map_err(ApiError::internal)
}

/// One page of samples: `{result: {data, colnames, coltypes, rowcount, total_count, page,
/// per_page, query, ...}}`.
pub async fn samples(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<SamplesQuery>,
    body: axum::body::Bytes,
) -> Result<(StatusCode, AppJson<Value>), ApiError> {
    let payload: SamplesPayload = if body.iter().all(u8::is_ascii_whitespace) {
        SamplesPayload::default()
    } else {
        serde_json::from_slice::<Option<SamplesPayload>>(&body)
            .map_err(|error| ApiError::bad_request(format!("Invalid samples payload: {error}")))?
            .unwrap_or_default()
    };
    let per_page = params.per_page.unwrap_or(SAMPLES_ROW_LIMIT);
    let page = params.page.unwrap_or(1);
    if !(1..=SAMPLES_ROW_LIMIT).contains(&per_page) {
        return Err(ApiError::bad_request(format!(
            "per_page must be between 1 and {SAMPLES_ROW_LIMIT}"
        )));
    }
    if page < 1 {
        return Err(ApiError::bad_request("page must be 1 or more"));
    }
    let rows = QueryObject {
        filters: payload.filters.clone(),
        granularity: payload.granularity.clone(),
        time_range: payload.time_range.clone(),
        extras: payload.extras.clone().unwrap_or_default(),
        row_limit: Some(per_page),
        row_offset: Some((page - 1).saturating_mul(per_page)),
        ..QueryObject::default()
    };
    let count = QueryObject {
        metrics: Some(vec![count_metric()?]),
        row_limit: None,
        row_offset: None,
        ..rows.clone()
    };
    let datasource = DatasourceRef {
        id: params.datasource_id,
        datasource_type: params.datasource_type,
    };
    let context = |queries, result_type| QueryContext {
        datasource: datasource.clone(),
        force: params.force,
        queries,
        form_data: None,
        result_format: ResultFormat::Json,
        result_type,
        custom_cache_timeout: None,
    };
    let rows_context = context(vec![rows], ResultType::DrillDetail);
    let dataset = authorized_dataset(&app, &user, &rows_context).await?;
    let mut page_result = run_query_context(&app, &dataset, &rows_context).await?;
    let counted = run_query_context(&app, &dataset, &context(vec![count], ResultType::Full)).await?;
    let total_count = counted
        .first()
        .and_then(|result| result.output.batches.first())
        .filter(|batch| batch.num_rows() > 0 && batch.num_columns() > 0)
        .and_then(|batch| {
            json::column_values(batch.column(0))
                .first()
                .and_then(Value::as_i64)
        })
        .unwrap_or(0);
    let Some(result) = page_result.pop() else {
        return Err(ApiError::internal("samples query gave no result"));
    };
    let data = json::records(&result.output.batches, &result.meta.colnames);
    let mut answer = match serde_json::to_value(&result.meta) {
        Ok(Value::Object(meta)) => meta,
        _ => Map::new(),
    };
    answer.insert(
        "data".to_owned(),
        Value::from(data.into_iter().map(Value::Object).collect::<Vec<_>>()),
    );
    answer.insert("total_count".to_owned(), Value::from(total_count));
    answer.insert("page".to_owned(), Value::from(page));
    answer.insert("per_page".to_owned(), Value::from(per_page));
    let mut body = Map::new();
    body.insert("result".to_owned(), Value::Object(answer));
    Ok((StatusCode::OK, AppJson(Value::Object(body))))
}
