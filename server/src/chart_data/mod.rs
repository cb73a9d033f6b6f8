//! The chart data pipeline: authorize the datasource, compile each query object to SQL, run it,
//! and answer as JSON (Superset's shape) or Arrow (Quiver's web client).

pub mod annotations;
pub mod arrow_format;
pub mod csv;
pub mod dataset_sql;
pub mod datasource;
pub mod json;
pub mod pivot_csv;
pub mod xlsx;

use quiver_types::{
    AppliedFilter, ChartDataResultMeta, Dataset, DatasourceRef, DatasourceType, ErrorExtra, ErrorType,
    IssueCode, QueryContext, QueryStatus, ResultFormat, ResultType,
};
use serde_json::Map;

use crate::auth::AuthUser;
use crate::engines::{EngineError, QueryOutput};
use crate::error::{ApiError, ErrorKind};
use crate::query::validate::FragmentError;
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

/// Issue 1003, Superset's issue for SQL that does not parse.
fn invalid_sql_issue() -> IssueCode {
    issue(
        1003,
        "There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.",
    )
}

/// Maps a compile error to the spec's typed error. An unparsable custom SQL fragment carries the
/// fragment and where the parser stopped (`extra.sql`, `extra.line`, `extra.column`), so the chart
/// shows the offending line with a caret under the column.
pub fn query_error(error: QueryError) -> ApiError {
    let message = error.to_string();
    if let QueryError::Fragment(FragmentError::Unparsable {
        sql, line, column, ..
    }) = error
    {
        return ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::InvalidSqlError,
            message,
            ErrorExtra {
                issue_codes: vec![invalid_sql_issue()],
                sql: Some(sql),
                line: line.and_then(|line| i64::try_from(line).ok()),
                column: column.and_then(|column| i64::try_from(column).ok()),
                ..ErrorExtra::default()
            },
        );
    }
    let (error_type, issue_codes) = match &error {
        QueryError::ColumnsMissing(_) => (
            ErrorType::ColumnDoesNotExistError,
            vec![issue(1004, "The column was deleted or renamed in the database.")],
        ),
        QueryError::Fragment(FragmentError::Subquery) => (
            ErrorType::AdhocSubqueryNotAllowedError,
            vec![issue(1022, "Custom SQL fields cannot contain sub-queries.")],
        ),
        QueryError::Fragment(_) => (ErrorType::InvalidSqlError, vec![invalid_sql_issue()]),
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
        // A database that cannot be opened (a host down, a file that cannot be created) is the
        // connection's fault, not the server's: a 400 naming the engine's own words.
        EngineError::Connection(_) => ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::GenericDbEngineError,
            format!("{engine_name} Error: {error}"),
            ErrorExtra {
                engine_name: Some(engine_name.to_owned()),
                issue_codes: vec![issue(1002, "The database returned an unexpected error.")],
                sql: Some(sql.to_owned()),
                ..ErrorExtra::default()
            },
        ),
        EngineError::Timeout(seconds) => ApiError::typed(
            ErrorKind::Timeout,
            ErrorType::BackendTimeoutError,
            format!("The query exceeded the {seconds} seconds timeout."),
            ErrorExtra {
                engine_name: Some(engine_name.to_owned()),
                timeout: Some(i64::try_from(seconds).unwrap_or(i64::MAX)),
                issue_codes: vec![
                    issue(1000, "The dataset is too large to query."),
                    issue(1001, "The database is under an unusual load."),
                ],
                ..ErrorExtra::default()
            },
        ),
        other => ApiError::internal(other),
    }
}

/// Maps a failure to open a database's engine: an engine Quiver does not run is a 400 'The {name}
/// engine is not supported yet', a connection that cannot be opened the engine's own '{engine}
/// Error' (400); only a broken server (a poisoned registry) stays a 500.
pub fn engine_open_error(backend: &str, error: EngineError) -> ApiError {
    match error {
        EngineError::UnsupportedEngine(name) => {
            ApiError::bad_request(format!("The {name} engine is not supported yet"))
        }
        connection @ EngineError::Connection(_) => engine_error(backend_engine_name(backend), connection, ""),
        other => ApiError::internal(other),
    }
}

/// The engine's display name of a database's backend, before its engine is open.
fn backend_engine_name(backend: &str) -> &'static str {
    match backend {
        "duckdb" => "DuckDB",
        "sqlite" => "SQLite",
        "postgresql" => "PostgreSQL",
        "mysql" => "MySQL",
        _ => "Database",
    }
}

/// Loads the dataset of a query context and checks the user may query it; a virtual dataset's
/// SQL comes back rendered by the Jinja engine (`dataset_sql`), with the user and the form data's
/// `url_params`.
pub async fn authorized_dataset(
    app: &AppState,
    user: &AuthUser,
    context: &QueryContext,
) -> Result<Dataset, ApiError> {
    if !datasource::names_dataset(context.datasource.datasource_type) {
        return datasource::authorized_sql_source(app, user, &context.datasource, context.form_data.as_ref())
            .await;
    }
    let dataset = load_datasource(app, &context.datasource).await?;
    if !user.can_access_dataset(&dataset)
        && !crate::api::dashboard::body::dashboard_grants_dataset(
            app,
            user,
            context.form_data.as_ref(),
            dataset.id.0,
        )
        .await?
    {
        return Err(no_datasource_access(app, &dataset).await);
    }
    dataset_sql::with_rendered_sql(dataset, user, context.form_data.as_ref())
}

/// The 403 of a dataset the user may not query, with where to ask for access (`extra.link`) and
/// the dataset's name (`extra.datasource`).
async fn no_datasource_access(app: &AppState, dataset: &Dataset) -> ApiError {
    let link = match request_access_link(app, dataset).await {
        Ok(link) => link,
        Err(error) => return error,
    };
    ApiError::typed(
        ErrorKind::Forbidden,
        ErrorType::DatasourceSecurityAccessError,
        format!(
            "This endpoint requires the datasource {}, database or `all_datasource_access` permission",
            dataset.table_name
        ),
        ErrorExtra {
            link,
            datasource: Some(dataset.table_name.clone()),
            ..ErrorExtra::default()
        },
    )
}

/// Loads a datasource and checks the user may query it: a dataset (404 when it is gone, 403
/// without access), or a run's or saved query's virtual source ([`datasource`]).
pub async fn authorized_datasource(
    app: &AppState,
    user: &AuthUser,
    datasource: &DatasourceRef,
) -> Result<Dataset, ApiError> {
    if !datasource::names_dataset(datasource.datasource_type) {
        return datasource::authorized_sql_source(app, user, datasource, None).await;
    }
    let dataset = load_datasource(app, datasource).await?;
    if user.can_access_dataset(&dataset) {
        Ok(dataset)
    } else {
        Err(no_datasource_access(app, &dataset).await)
    }
}

/// Loads a dataset (`table`, `dataset` or `sl_table`): 400 for another datasource type, 404 when
/// it is gone.
async fn load_datasource(app: &AppState, datasource: &DatasourceRef) -> Result<Dataset, ApiError> {
    if !datasource::names_dataset(datasource.datasource_type) {
        return Err(ApiError::bad_request(format!(
            "Datasource type {} does not name a dataset",
            datasource::kind_name(datasource.datasource_type)
        )));
    }
    match app.store.dataset(datasource.id).await {
        Ok(dataset) => Ok(dataset),
        Err(StoreError::NotFound) => Err(ApiError::typed(
            ErrorKind::NotFound,
            ErrorType::ObjectDoesNotExistError,
            "The dataset does not exist",
            ErrorExtra::default(),
        )),
        Err(other) => Err(other.into()),
    }
}

/// Where a user without access to a dataset asks for it (decision 0081): the configured
/// `permission_instructions_link` (Superset's `PERMISSION_INSTRUCTIONS_LINK`), else an e-mail to
/// the dataset's owners, `mailto:ada@example.org?subject=Request%20access%20to%20birth_names`;
/// none when no owner has an address.
async fn request_access_link(app: &AppState, dataset: &Dataset) -> Result<Option<String>, ApiError> {
    if let Some(link) = app
        .settings
        .permission_instructions_link
        .as_deref()
        .map(str::trim)
    {
        if !link.is_empty() {
            return Ok(Some(link.to_owned()));
        }
    }
    let mut addresses = Vec::new();
    for owner in &dataset.owners {
        let Some(record) = app.store.user_by_id(owner.id.0).await? else {
            continue;
        };
        if !record.email.trim().is_empty() {
            addresses.push(mailto_component(record.email.trim()));
        }
    }
    if addresses.is_empty() {
        return Ok(None);
    }
    let subject = mailto_component(&format!("Request access to {}", dataset.table_name));
    Ok(Some(format!("mailto:{}?subject={subject}", addresses.join(","))))
}

/// Percent-encodes everything of a `mailto:` part but RFC 3986's unreserved characters and `@`.
fn mailto_component(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~' | b'@') {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// A saved chart's query context, on the chart's own dataset: 400 when the chart has none (or an
/// unreadable one), 404 when it has no dataset.
pub fn saved_query_context(chart: &crate::store::chart::ChartRecord) -> Result<QueryContext, ApiError> {
    let saved = chart
        .query_context
        .as_deref()
        .filter(|text| !text.trim().is_empty())
        .ok_or_else(|| {
            ApiError::bad_request("Chart has no query context saved. Please save the chart again.")
        })?;
    let mut context: QueryContext = serde_json::from_str(saved).map_err(|error| {
        ApiError::bad_request(format!("The chart's saved query context is not valid: {error}"))
    })?;
    let datasource_type = chart
        .datasource_type
        .as_deref()
        .and_then(|text| serde_json::from_value::<DatasourceType>(serde_json::Value::from(text)).ok());
    let (Some(datasource_id), Some(datasource_type)) = (chart.datasource_id, datasource_type) else {
        return Err(ApiError::message(ErrorKind::NotFound, "Chart has no dataset"));
    };
    context.datasource = DatasourceRef {
        id: datasource_id,
        datasource_type,
    };
    Ok(context)
}

/// The dataset's database record and its open engine.
async fn database_engine(
    app: &AppState,
    dataset: &Dataset,
) -> Result<(crate::store::database::DatabaseRecord, crate::engines::Engine), ApiError> {
    let database = app.store.database(dataset.database.id.0).await?;
    let engine = app
        .engines
        .engine_for(&database)
        .await
        .map_err(|error| engine_open_error(&database.backend, error))?;
    Ok((database, engine))
}

/// The cache timeout of the chart the form data names (`slice_id`), if it has one: after the
/// query context's own, before the dataset's and the database's (Superset's order). A chart that
/// is gone leaves the choice to the others.
async fn chart_cache_timeout(app: &AppState, context: &QueryContext) -> Result<Option<i64>, ApiError> {
    let slice_id = context
        .form_data
        .as_ref()
        .and_then(|form_data| form_data.get("slice_id"))
        .and_then(serde_json::Value::as_i64);
    let Some(slice_id) = slice_id else {
        return Ok(None);
    };
    match app.store.chart(slice_id).await {
        Ok(chart) => Ok(chart.cache_timeout),
        Err(StoreError::NotFound) => Ok(None),
        Err(other) => Err(other.into()),
    }
}

/// Whether every query of the context has a fresh cached answer.
pub async fn all_cached(app: &AppState, dataset: &Dataset, context: &QueryContext) -> Result<bool, ApiError> {
    let (database, engine) = database_engine(app, dataset).await?;
    let now = chrono::Utc::now().naive_utc();
    for query in &context.queries {
        let (query, _) = prepared_query(dataset, query, context.result_type);
        let compiled = compile_query(
            dataset,
            query.as_ref(),
            engine.dialect(),
            row_limit_cap(&app.settings, context),
            now,
        )
        .map_err(query_error)?;
        let key = crate::cache::cache_key_of(
            database.id,
            &compiled.statement,
            &format!("{:?}", context.result_type),
        );
        if !app.cache.contains(&key).await {
            return Ok(false);
        }
    }
    Ok(!context.queries.is_empty())
}

/// The body of a JSON or Arrow answer, and its content type.
pub fn encode_answer(
    format: ResultFormat,
    results: Vec<QueryResult>,
) -> Result<(&'static str, bytes::Bytes), ApiError> {
    match format {
        ResultFormat::Arrow => {
            let body = arrow_format::encode_results(&results).map_err(ApiError::internal)?;
            Ok((arrow_format::CONTENT_TYPE, bytes::Bytes::from(body)))
        }
        _ => {
            let body = json_body(&results).map_err(ApiError::internal)?;
            Ok(("application/json", bytes::Bytes::from(body)))
        }
    }
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
    let (database, engine) = database_engine(app, dataset).await?;
    if matches!(context.result_type, ResultType::Columns | ResultType::Timegrains) {
        let output = if context.result_type == ResultType::Columns {
            dataset_columns_output(dataset)
        } else {
            time_grains_output(engine.dialect())
        }
        .map_err(ApiError::internal)?;
        let meta = describe_output(&output, String::new(), None);
        return Ok(context
            .queries
            .iter()
            .map(|_| QueryResult {
                meta: meta.clone(),
                output: output.clone(),
            })
            .collect());
    }
    let chart_cache_timeout = chart_cache_timeout(app, context).await?;
    let mut results = Vec::with_capacity(context.queries.len());
    for query in &context.queries {
        let (query, rejected_filters) = prepared_query(dataset, query, context.result_type);
        let query = query.as_ref();
        let now = chrono::Utc::now().naive_utc();
        let compiled = compile_query(
            dataset,
            query,
            engine.dialect(),
            row_limit_cap(&app.settings, context),
            now,
        )
        .map_err(query_error)?;
        let sql = compiled.statement.sql.clone();
        let key = crate::cache::cache_key_of(
            database.id,
            &compiled.statement,
            &format!("{:?}", context.result_type),
        );
        let timeout = context
            .custom_cache_timeout
            .or(chart_cache_timeout)
            .or(dataset.cache_timeout)
            .or(database.cache_timeout)
            .unwrap_or(app.settings.cache_default_timeout);
        let mut sql = sql;
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
            let time_bounds = compiled.time_bounds;
            let temporal_labels = compiled.temporal_labels.clone();
            let mut outcome = run_cached(app, &engine, key, &compiled, timeout, context.force).await?;
            if !query.time_offsets.is_empty() && context.result_type != ResultType::Samples {
                let metric_labels: Vec<String> = query
                    .metrics
                    .as_deref()
                    .unwrap_or_default()
                    .iter()
                    .map(crate::query::metric_label)
                    .collect();
                let main_batch =
                    arrow::compute::concat_batches(&outcome.output.schema, &outcome.output.batches)
                        .map_err(ApiError::internal)?;
                let mut offset_results = Vec::with_capacity(query.time_offsets.len());
                for offset_text in &query.time_offsets {
                    let offset = quiver_core::TimeOffset::parse(offset_text).map_err(core_payload_error)?;
                    let offset_query = quiver_core::time_offsets::offset_query(query, time_bounds, &offset)
                        .map_err(core_payload_error)?;
                    let offset_compiled = compile_query(
                        dataset,
                        &offset_query,
                        engine.dialect(),
                        row_limit_cap(&app.settings, context),
                        now,
                    )
                    .map_err(query_error)?;
                    sql.push_str(";\n\n");
                    sql.push_str(&offset_compiled.statement.sql);
                    let offset_key = crate::cache::cache_key_of(
                        database.id,
                        &offset_compiled.statement,
                        &format!("{:?}", context.result_type),
                    );
                    let offset_outcome =
                        run_cached(app, &engine, offset_key, &offset_compiled, timeout, context.force)
                            .await?;
                    let batch = arrow::compute::concat_batches(
                        &offset_outcome.output.schema,
                        &offset_outcome.output.batches,
                    )
                    .map_err(ApiError::internal)?;
                    offset_results.push(quiver_core::OffsetResult { offset, batch });
                    outcome.is_cached &= offset_outcome.is_cached;
                }
                let join = quiver_core::TimeOffsetJoin {
                    metric_labels,
                    temporal_labels,
                };
                let joined = quiver_core::join_time_offsets(&main_batch, &offset_results, &join)
                    .map_err(ApiError::internal)?;
                outcome.output = QueryOutput {
                    schema: joined.schema(),
                    batches: vec![joined],
                };
            }
            outcome
        };
        let output = if context.result_format == ResultFormat::Arrow
            || query.post_processing.is_empty()
            || context.result_type == ResultType::Query
        {
            // The web client post-processes Arrow results itself, in a Web Worker; a `query`
            // answer has the SQL and no rows to process.
            outcome.output
        } else {
            post_process(outcome.output, &query.post_processing)?
        };
        // A pivoted CSV is built from the rows, with totals, when the answer is encoded.
        let output = if context.result_type == ResultType::PostProcessed
            && context.result_format != ResultFormat::Csv
        {
            client_processing(output, context.form_data.as_ref())?
        } else {
            output
        };
        let mut meta = describe_output(&output, sql, compiled.time_bounds);
        meta.is_cached = outcome.is_cached;
        meta.cached_dttm = outcome.cached_dttm;
        meta.cache_key = Some(outcome.cache_key);
        meta.cache_timeout = Some(timeout);
        meta.applied_filters = compiled
            .applied_filters
            .into_iter()
            .map(|column| AppliedFilter { column, reason: None })
            .collect();
        meta.rejected_filters = rejected_filters;
        meta.annotation_data = annotations::native_annotation_data(app, &query.annotation_layers).await?;
        results.push(QueryResult { meta, output });
    }
    Ok(results)
}

/// The result meta of an output: names, generic types, row count, SQL and time bounds.
fn describe_output(
    output: &QueryOutput,
    sql: String,
    time_bounds: Option<quiver_core::TimeBounds>,
) -> ChartDataResultMeta {
    let rowcount = output.row_count() as i64;
    let millis = |bound: Option<chrono::NaiveDateTime>| bound.map(|time| time.and_utc().timestamp_millis());
    ChartDataResultMeta {
        colnames: output
            .schema
            .fields()
            .iter()
            .map(|field| field.name().clone())
            .collect(),
        coltypes: output
            .schema
            .fields()
            .iter()
            .map(|field| json::generic_type(field.data_type()))
            .collect(),
        rowcount,
        sql_rowcount: rowcount,
        is_cached: false,
        cached_dttm: None,
        cache_key: None,
        cache_timeout: None,
        query: sql,
        status: QueryStatus::Success,
        stacktrace: None,
        from_dttm: millis(time_bounds.and_then(|bounds| bounds.since)),
        to_dttm: millis(time_bounds.and_then(|bounds| bounds.until)),
        applied_filters: vec![],
        rejected_filters: vec![],
        error: None,
        errors: vec![],
        annotation_data: Map::new(),
        label_map: Map::new(),
    }
}

/// Runs a compiled statement through the result cache, with the configured query timeout.
async fn run_cached(
    app: &AppState,
    engine: &crate::engines::Engine,
    key: String,
    compiled: &crate::query::CompiledQuery,
    cache_timeout: i64,
    force: bool,
) -> Result<crate::cache::CacheOutcome, ApiError> {
    let statement = compiled.statement.clone();
    let temporal_labels = &compiled.temporal_labels;
    let query_timeout = std::time::Duration::from_secs(app.settings.query_timeout_seconds.max(1));
    let run = || async {
        let output = engine.execute(statement, query_timeout).await?;
        times_as_timestamps(output, temporal_labels)
            .map_err(|error| EngineError::Execution(error.to_string()))
    };
    let cache_timeout = std::time::Duration::from_secs(u64::try_from(cache_timeout).unwrap_or(0));
    app.cache
        .get_or_run(key, cache_timeout, force, run)
        .await
        .map_err(|error| engine_error(engine.engine_name(), error, &compiled.statement.sql))
}

/// A core rule's refusal (a time offset that cannot be read) as a 400 with its message.
fn core_payload_error(error: quiver_core::CoreError) -> ApiError {
    invalid_payload(error.to_string())
}

fn invalid_payload(message: String) -> ApiError {
    ApiError::typed(
        ErrorKind::BadRequest,
        ErrorType::InvalidPayloadSchemaError,
        message,
        ErrorExtra::default(),
    )
}

/// A table of text columns.
fn text_table(
    names: &[&str],
    rows: Vec<Vec<Option<String>>>,
) -> Result<QueryOutput, arrow::error::ArrowError> {
    use arrow::array::{ArrayRef, StringArray};
    use arrow::datatypes::{DataType, Field, Schema};
    let schema = std::sync::Arc::new(Schema::new(
        names
            .iter()
            .map(|name| Field::new(*name, DataType::Utf8, true))
            .collect::<Vec<_>>(),
    ));
    let columns: Vec<ArrayRef> = (0..names.len())
        .map(|index| {
            std::sync::Arc::new(rows.iter().map(|row| row[index].clone()).collect::<StringArray>())
                as ArrayRef
        })
        .collect();
    let batch = arrow::record_batch::RecordBatch::try_new(std::sync::Arc::clone(&schema), columns)?;
    Ok(QueryOutput {
        schema,
        batches: vec![batch],
    })
}

/// `result_type: columns`: the dataset's columns with their names and types.
fn dataset_columns_output(dataset: &Dataset) -> Result<QueryOutput, arrow::error::ArrowError> {
    text_table(
        &["column_name", "verbose_name", "dtype"],
        dataset
            .columns
            .iter()
            .map(|column| {
                vec![
                    Some(column.column_name.clone()),
                    column.verbose_name.clone(),
                    column.column_type.clone(),
                ]
            })
            .collect(),
    )
}

/// `result_type: timegrains`: the engine's time grains with their SQL and ISO duration.
fn time_grains_output(
    dialect: &dyn crate::engines::Dialect,
) -> Result<QueryOutput, arrow::error::ArrowError> {
    let mut seen = std::collections::HashSet::new();
    text_table(
        &["name", "function", "duration"],
        crate::query::time_grain::TIME_GRAINS
            .iter()
            .filter(|(_, name)| seen.insert(*name))
            .filter_map(|(duration, name)| {
                let function =
                    crate::query::time_grain::time_grain_sql(dialect.grain_flavor(), duration, "{col}")?;
                Some(vec![
                    Some((*name).to_owned()),
                    Some(function),
                    Some((*duration).to_owned()),
                ])
            })
            .collect(),
    )
}

/// Superset's row limit for samples.
pub const SAMPLES_ROW_LIMIT: i64 = 1000;

/// Samples and drill-to-detail ask for the dataset's rows under the query's filters: no metrics,
/// grouping, ordering, series limit or post-processing. Samples are capped at 1000 rows; drill to
/// detail pages with row_limit and row_offset.
/// The largest row limit a context's queries may ask for: Superset's `SQL_MAX_ROW` (100,000), or
/// `TABLE_VIZ_MAX_ROW_SERVER` (500,000) for a chart with server pagination, whose answer is one page.
/// A row limit of 0 or none asks for the cap.
fn row_limit_cap(settings: &crate::config::Settings, context: &QueryContext) -> i64 {
    let server_pagination = context
        .form_data
        .as_ref()
        .and_then(|form_data| form_data.get("server_pagination"))
        .and_then(serde_json::Value::as_bool)
        == Some(true);
    if server_pagination {
        settings.table_viz_max_row_server.max(settings.row_limit_max)
    } else {
        settings.row_limit_max
    }
}

/// Superset's reason for a filter on a column the datasource does not have.
pub const NOT_IN_DATASOURCE: &str = "not_in_datasource";

/// A query object as it runs: the rows of samples and drill to detail ([`rows_query`]), without
/// the filters on columns the datasource does not have. Superset drops those (a dashboard
/// filter on another dataset's column) and reports them in `rejected_filters` with the reason
/// `not_in_datasource`, rather than failing the chart.
fn prepared_query<'a>(
    dataset: &Dataset,
    query: &'a quiver_types::QueryObject,
    result_type: ResultType,
) -> (
    std::borrow::Cow<'a, quiver_types::QueryObject>,
    Vec<AppliedFilter>,
) {
    let query = rows_query(query, result_type);
    let foreign = |filter: &quiver_types::QueryObjectFilter| match &filter.col {
        quiver_types::ColumnRef::Physical(name) => {
            name != "__timestamp" && !dataset.columns.iter().any(|column| &column.column_name == name)
        }
        quiver_types::ColumnRef::Adhoc(_) => false,
    };
    if !query.filters.iter().any(foreign) {
        return (query, Vec::new());
    }
    let mut query = query.into_owned();
    let (rejected, kept): (Vec<_>, Vec<_>) = query.filters.into_iter().partition(foreign);
    query.filters = kept;
    let rejected = rejected
        .iter()
        .map(|filter| AppliedFilter {
            column: crate::query::column_label(&filter.col),
            reason: Some(NOT_IN_DATASOURCE.to_owned()),
        })
        .collect();
    (std::borrow::Cow::Owned(query), rejected)
}

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

/// `result_type: post_processed`: what the chart itself does to its rows before drawing, so
/// exports match the chart (Superset's `apply_client_processing`). A pivot table is pivoted by
/// its row and column groupings with its aggregate function; other charts keep their rows. The
/// pivoted CSV export, with totals, is [`pivot_csv`].
fn client_processing(
    output: QueryOutput,
    form_data: Option<&serde_json::Value>,
) -> Result<QueryOutput, ApiError> {
    let Some(form_data) = form_data else {
        return Ok(output);
    };
    if form_data.get("viz_type").and_then(serde_json::Value::as_str) != Some("pivot_table_v2") {
        return Ok(output);
    }
    let options = pivot_csv::options_from_form_data(form_data);
    let operator = match options.aggregate.as_str() {
        "Average" => "mean",
        "Median" => "median",
        "Minimum" => "min",
        "Maximum" => "max",
        "Count" => "count",
        "Sample Variance" => "var",
        "Sample Standard Deviation" => "std",
        _ => "sum",
    };
    let aggregates: serde_json::Map<String, serde_json::Value> = options
        .metrics
        .into_iter()
        .map(|metric| (metric, serde_json::json!({"operator": operator})))
        .collect();
    let rule = serde_json::json!({
        "operation": "pivot",
        "options": {
            "index": options.rows,
            "columns": options.columns,
            "aggregates": aggregates,
            "drop_missing_columns": false,
            "flatten_columns": true,
        }
    });
    post_process(output, &[rule])
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
/// The JSON answer (a `ChartDataResponse`) written straight from the Arrow results: each
/// result's meta fields, then its `data` records.
pub fn json_body(results: &[QueryResult]) -> Result<Vec<u8>, serde_json::Error> {
    let rows: usize = results.iter().map(|result| result.output.row_count()).sum();
    let width = results
        .iter()
        .map(|result| result.meta.colnames.len())
        .max()
        .unwrap_or(0);
    let mut out = Vec::with_capacity(1024 + rows * (width * 24 + 2));
    out.extend_from_slice(b"{\"result\":[");
    for (index, result) in results.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        let serde_json::Value::Object(meta) = serde_json::to_value(&result.meta)? else {
            return Err(serde::ser::Error::custom("result metadata is not an object"));
        };
        out.push(b'{');
        for (key, value) in &meta {
            serde_json::to_writer(&mut out, key)?;
            out.push(b':');
            serde_json::to_writer(&mut out, value)?;
            out.push(b',');
        }
        out.extend_from_slice(b"\"data\":");
        json::write_records(&result.output.batches, &result.meta.colnames, &mut out)?;
        out.push(b'}');
    }
    out.extend_from_slice(b"]}");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use quiver_types::{ChartDataResponse, ChartDataResult};

    use super::*;

    #[test]
    fn the_written_answer_reads_back_as_the_typed_response() {
        use arrow::array::{Int64Array, StringArray};
        use arrow::datatypes::{DataType, Field, Schema};
        let schema = std::sync::Arc::new(Schema::new(vec![
            Field::new("gender", DataType::Utf8, true),
            Field::new("SUM(num)", DataType::Int64, true),
        ]));
        let batch = arrow::record_batch::RecordBatch::try_new(
            std::sync::Arc::clone(&schema),
            vec![
                std::sync::Arc::new(StringArray::from(vec![Some("boy"), None])),
                std::sync::Arc::new(Int64Array::from(vec![Some(5), Some(6)])),
            ],
        )
        .unwrap();
        let output = QueryOutput {
            schema,
            batches: vec![batch],
        };
        let mut meta = describe_output(&output, "SELECT 1".to_owned(), None);
        meta.is_cached = true;
        let results = vec![
            QueryResult {
                meta: meta.clone(),
                output: output.clone(),
            },
            QueryResult { meta, output },
        ];
        let parsed: ChartDataResponse = serde_json::from_slice(&json_body(&results).unwrap()).unwrap();
        let expected = ChartDataResponse {
            result: results
                .iter()
                .map(|result| ChartDataResult {
                    meta: result.meta.clone(),
                    data: json::records(&result.output.batches, &result.meta.colnames),
                })
                .collect(),
        };
        assert_eq!(parsed, expected);
        assert_eq!(parsed.result[0].data[1]["gender"], serde_json::Value::Null);
        assert!(json_body(&[]).unwrap() == b"{\"result\":[]}");
    }
}
