//! The chart data pipeline: authorize the datasource, compile each query object to SQL, run it,
//! and answer as JSON (Superset's shape) or Arrow (Quiver's web client).

pub mod arrow_format;
pub mod csv;
pub mod json;

use quiver_types::{
    AppliedFilter, ChartDataResponse, ChartDataResult, ChartDataResultMeta, Dataset, DatasourceType,
    ErrorExtra, ErrorType, IssueCode, QueryContext, QueryStatus, ResultFormat, ResultType,
};
use serde_json::Map;

use crate::auth::AuthUser;
use crate::engines::{EngineError, QueryOutput};
use crate::error::{ApiError, ErrorKind};
use crate::query::{compile_query, QueryError};
use crate::state::AppState;
use crate::store::StoreError;

/// One query object's answer: the rows and everything else.
#[derive(Debug, Clone)]
pub struct QueryResult {
    pub meta: ChartDataResultMeta,
    pub output: QueryOutput,
}

fn issue(code: i32, text: &str) -> IssueCode {
    IssueCode {
        code,
        message: format!("Issue {code} - {text}"),
    }
}

/// Maps a compile error to the spec's typed error.
pub fn query_error(error: QueryError) -> ApiError {
    let message = error.to_string();
    let (error_type, issue_codes) = match &error {
        QueryError::ColumnsMissing(_) => (
            ErrorType::ColumnDoesNotExistError,
            vec![issue(1004, "The column was deleted or renamed in the database.")],
        ),
        QueryError::Fragment(crate::query::validate::FragmentError::Subquery) => (
            ErrorType::AdhocSubqueryNotAllowedError,
            vec![issue(1022, "Custom SQL fields cannot contain sub-queries.")],
        ),
        QueryError::Fragment(_) => (
            ErrorType::InvalidSqlError,
            vec![issue(
                1003,
                "There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.",
            )],
        ),
        QueryError::MetricMissing(_)
        | QueryError::InvalidMetric(_)
        | QueryError::InvalidFilterValue { .. }
        | QueryError::InvalidTimeRange(_) => (ErrorType::InvalidPayloadSchemaError, vec![]),
        QueryError::Unsupported(_) => (ErrorType::GenericCommandError, vec![]),
    };
    ApiError::typed(
        ErrorKind::BadRequest,
        error_type,
        message,
        ErrorExtra {
            issue_codes,
            ..ErrorExtra::default()
        },
    )
}

/// Maps an engine failure to the spec's `{engine} Error` with the database's message.
pub fn engine_error(engine_name: &str, error: EngineError, sql: &str) -> ApiError {
    match error {
        EngineError::Execution(message) => ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::GenericDbEngineError,
            format!("{engine_name} Error: {message}"),
            ErrorExtra {
                engine_name: Some(engine_name.to_owned()),
                issue_codes: vec![issue(1002, "The database returned an unexpected error.")],
                sql: Some(sql.to_owned()),
                ..ErrorExtra::default()
            },
        ),
        other => ApiError::internal(other),
    }
}

/// Loads the dataset of a query context and checks the user may query it.
pub async fn authorized_dataset(
    app: &AppState,
    user: &AuthUser,
    context: &QueryContext,
) -> Result<Dataset, ApiError> {
    if !matches!(
        context.datasource.datasource_type,
        DatasourceType::Table | DatasourceType::Dataset
    ) {
        return Err(ApiError::bad_request(format!(
            "Datasource type {:?} is not supported yet",
            context.datasource.datasource_type
        )));
    }
    let dataset = match app.store.dataset(context.datasource.id).await {
        Ok(dataset) => dataset,
        Err(StoreError::NotFound) => {
            return Err(ApiError::typed(
                ErrorKind::NotFound,
                ErrorType::ObjectDoesNotExistError,
                "The dataset does not exist",
                ErrorExtra::default(),
            ))
        }
        Err(other) => return Err(other.into()),
    };
    if !user.can_access_dataset(&dataset) {
        return Err(ApiError::typed(
            ErrorKind::Forbidden,
            ErrorType::DatasourceSecurityAccessError,
            format!(
                "This endpoint requires the datasource {}, database or `all_datasource_access` permission",
                dataset.table_name
            ),
            ErrorExtra::default(),
        ));
    }
    Ok(dataset)
}

/// Runs every query object of the context.
pub async fn run_query_context(
    app: &AppState,
    dataset: &Dataset,
    context: &QueryContext,
) -> Result<Vec<QueryResult>, ApiError> {
    if context.queries.is_empty() {
        return Err(ApiError::bad_request("The query context has no queries"));
    }
    if !matches!(
        context.result_type,
        ResultType::Full
            | ResultType::Results
            | ResultType::Query
            | ResultType::Samples
            | ResultType::DrillDetail
    ) {
        return Err(ApiError::bad_request(format!(
            "Result type {:?} is not supported yet",
            context.result_type
        )));
    }
    let database = app.store.database(dataset.database.id.0).await?;
    let engine = app
        .engines
        .engine_for(&database)
        .await
        .map_err(|error| match error {
            EngineError::UnsupportedEngine(name) => {
                ApiError::bad_request(format!("The {name} engine is not supported yet"))
            }
            other => ApiError::internal(other),
        })?;
    let mut results = Vec::with_capacity(context.queries.len());
    for query in &context.queries {
        let query = rows_query(query, context.result_type);
        let query = query.as_ref();
        let now = chrono::Utc::now().naive_utc();
        let compiled = compile_query(dataset, query, engine.dialect(), app.settings.row_limit_max, now)
            .map_err(query_error)?;
        let sql = compiled.statement.sql.clone();
        let key = crate::cache::cache_key_of(
            database.id,
            &compiled.statement,
            &format!("{:?}", context.result_type),
        );
        let timeout = context
            .custom_cache_timeout
            .or(dataset.cache_timeout)
            .or(database.cache_timeout)
            .unwrap_or(app.settings.cache_default_timeout);
        let outcome = if context.result_type == ResultType::Query {
            crate::cache::CacheOutcome {
                output: QueryOutput {
                    schema: std::sync::Arc::new(arrow::datatypes::Schema::empty()),
                    batches: vec![],
                },
                is_cached: false,
                cached_dttm: None,
                cache_key: crate::cache::display_key(&key),
            }
        } else {
            let statement = compiled.statement;
            let temporal_labels = compiled.temporal_labels;
            let run = || async {
                let output = engine.execute(statement).await?;
                times_as_timestamps(output, &temporal_labels)
                    .map_err(|error| EngineError::Execution(error.to_string()))
            };
            let timeout = std::time::Duration::from_secs(u64::try_from(timeout).unwrap_or(0));
            app.cache
                .get_or_run(key, timeout, context.force, run)
                .await
                .map_err(|error| engine_error(engine.engine_name(), error, &sql))?
        };
        let output = if context.result_format == ResultFormat::Arrow || query.post_processing.is_empty() {
            // The web client post-processes Arrow results itself, in a Web Worker.
            outcome.output
        } else {
            post_process(outcome.output, &query.post_processing)?
        };
        let colnames: Vec<String> = output
            .schema
            .fields()
            .iter()
            .map(|field| field.name().clone())
            .collect();
        let coltypes = output
            .schema
            .fields()
            .iter()
            .map(|field| json::generic_type(field.data_type()))
            .collect();
        let rowcount = output.row_count() as i64;
        let meta = ChartDataResultMeta {
            colnames,
            coltypes,
            rowcount,
            sql_rowcount: rowcount,
            is_cached: outcome.is_cached,
            cached_dttm: outcome.cached_dttm,
            cache_key: Some(outcome.cache_key),
            cache_timeout: Some(timeout),
            query: sql,
            status: QueryStatus::Success,
            stacktrace: None,
            from_dttm: compiled
                .time_bounds
                .as_ref()
                .and_then(|bounds| bounds.since)
                .map(|time| time.and_utc().timestamp_millis()),
            to_dttm: compiled
                .time_bounds
                .as_ref()
                .and_then(|bounds| bounds.until)
                .map(|time| time.and_utc().timestamp_millis()),
            applied_filters: compiled
                .applied_filters
                .into_iter()
                .map(|column| AppliedFilter { column, reason: None })
                .collect(),
            rejected_filters: vec![],
            error: None,
            errors: vec![],
            annotation_data: Map::new(),
            label_map: Map::new(),
        };
        results.push(QueryResult { meta, output });
    }
    Ok(results)
}

/// Superset's row limit for samples.
pub const SAMPLES_ROW_LIMIT: i64 = 1000;

/// Samples and drill-to-detail ask for the dataset's rows under the query's filters: no metrics,
/// grouping, ordering, series limit or post-processing. Samples are capped at 1000 rows; drill to
/// detail pages with row_limit and row_offset.
fn rows_query(
    query: &quiver_types::QueryObject,
    result_type: ResultType,
) -> std::borrow::Cow<'_, quiver_types::QueryObject> {
    let row_limit = match result_type {
        ResultType::Samples => Some(
            query
                .row_limit
                .filter(|limit| *limit > 0)
                .map_or(SAMPLES_ROW_LIMIT, |limit| limit.min(SAMPLES_ROW_LIMIT)),
        ),
        ResultType::DrillDetail => query.row_limit,
        _ => return std::borrow::Cow::Borrowed(query),
    };
    std::borrow::Cow::Owned(quiver_types::QueryObject {
        columns: Vec::new(),
        metrics: None,
        orderby: Vec::new(),
        series_columns: Vec::new(),
        series_limit: None,
        series_limit_metric: None,
        is_timeseries: false,
        post_processing: Vec::new(),
        time_offsets: Vec::new(),
        row_limit,
        row_offset: if result_type == ResultType::Samples {
            None
        } else {
            query.row_offset
        },
        extras: quiver_types::QueryExtras {
            having: None,
            ..query.extras.clone()
        },
        ..query.clone()
    })
}

/// Applies a query's post-processing rules with `quiver-core`, as the browser would.
fn post_process(output: QueryOutput, rules: &[serde_json::Value]) -> Result<QueryOutput, ApiError> {
    let batch =
        arrow::compute::concat_batches(&output.schema, &output.batches).map_err(ApiError::internal)?;
    let processed = quiver_core::apply_post_processing(rules, batch).map_err(|error| {
        ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::InvalidPayloadSchemaError,
            error.to_string(),
            ErrorExtra::default(),
        )
    })?;
    Ok(QueryOutput {
        schema: processed.schema(),
        batches: vec![processed],
    })
}

/// Engines that keep times as text (SQLite) answer text; temporal result columns become
/// timestamps so every engine answers the same.
fn times_as_timestamps(
    output: QueryOutput,
    temporal_labels: &[String],
) -> Result<QueryOutput, arrow::error::ArrowError> {
    use arrow::datatypes::{DataType, Field, Schema, TimeUnit};
    let needs_cast = |field: &Field| {
        temporal_labels.contains(field.name())
            && matches!(field.data_type(), DataType::Utf8 | DataType::LargeUtf8)
    };
    if !output.schema.fields().iter().any(|field| needs_cast(field)) {
        return Ok(output);
    }
    let timestamp = DataType::Timestamp(TimeUnit::Microsecond, None);
    let fields: Vec<Field> = output
        .schema
        .fields()
        .iter()
        .map(|field| {
            if needs_cast(field) {
                Field::new(field.name(), timestamp.clone(), true)
            } else {
                field.as_ref().clone()
            }
        })
        .collect();
    let schema = std::sync::Arc::new(Schema::new(fields));
    let mut batches = Vec::with_capacity(output.batches.len());
    for batch in &output.batches {
        let columns = batch
            .columns()
            .iter()
            .zip(schema.fields())
            .map(|(column, field)| {
                if column.data_type() == field.data_type() {
                    Ok(std::sync::Arc::clone(column))
                } else {
                    arrow::compute::cast(column, field.data_type())
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        batches.push(arrow::record_batch::RecordBatch::try_new(
            std::sync::Arc::clone(&schema),
            columns,
        )?);
    }
    Ok(QueryOutput { schema, batches })
}

/// The JSON answer.
pub fn json_response(results: Vec<QueryResult>) -> ChartDataResponse {
    ChartDataResponse {
        result: results
            .into_iter()
            .map(|result| {
                let data = json::records(&result.output.batches, &result.meta.colnames);
                ChartDataResult {
                    meta: result.meta,
                    data,
                }
            })
            .collect(),
    }
}

/// Whether the format is one this version answers.
pub fn check_format(format: ResultFormat) -> Result<(), ApiError> {
    match format {
        ResultFormat::Json | ResultFormat::Arrow | ResultFormat::Csv => Ok(()),
        other => Err(ApiError::bad_request(format!(
            "Result format {other:?} is not supported yet"
        ))),
    }
}
