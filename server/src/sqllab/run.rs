//! One synchronous SQL Lab run: record it, check it with the guard, run its statements in order
//! (each cancellable by Stop and bounded by the timeout), and answer with the last statement's
//! rows cut at the run's limit.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use arrow::datatypes::Schema;
use quiver_types::{
    DatabaseId, ErrorExtra, ErrorItem, ErrorType, IssueCode, SqlLabExecutePayload, SqlLabExecuteResponse,
    SqlLabQuery, SqlLabResultMeta,
};

use super::ctas::{self, CtasTarget};
use super::guard::{self, GuardError, LimitingFactor, ScriptStatement, SqlEngine, StatementKind};
use super::results;
use super::template::{self, TemplateContext, TemplateError};
use super::DEFAULT_SQLLAB_LIMIT;
use crate::auth::{permissions, AuthUser};
use crate::chart_data::engine_error;
use crate::engines::{Engine, EngineError, QueryOutput, RunControl, Statement};
use crate::error::{ApiError, ErrorKind};
use crate::state::AppState;
use crate::store::database::DatabaseRecord;
use crate::store::query::{NewQuery, QueryOutcome, QueryRecord, QueryState};
use crate::store::StoreError;

/// Whether a user may run SQL on a database: all-database or all-datasource access, or access to
/// the database itself.
pub fn can_access_database(user: &AuthUser, database: &DatabaseRecord) -> bool {
    user.has_permission("all_database_access", "all_database_access")
        || user.has_permission("all_datasource_access", "all_datasource_access")
        || user.has_permission(
            "database_access",
            &permissions::database_view(&database.database_name, database.id),
        )
}

/// Loads a database the user may query, or the spec's 404 / 403.
pub async fn authorized_database(
    app: &AppState,
    user: &AuthUser,
    database_id: i64,
) -> Result<DatabaseRecord, ApiError> {
    let database = match app.store.database(database_id).await {
        Ok(database) => database,
        Err(StoreError::NotFound) => {
            return Err(ApiError::typed(
                ErrorKind::NotFound,
                ErrorType::DatabaseNotFoundError,
                "The database was not found.",
                ErrorExtra::default(),
            ))
        }
        Err(other) => return Err(other.into()),
    };
    if !can_access_database(user, &database) {
        return Err(ApiError::typed(
            ErrorKind::Forbidden,
            ErrorType::DatabaseSecurityAccessError,
            format!(
                "This endpoint requires the database {}, or `all_database_access` permission",
                database.database_name
            ),
            ErrorExtra::default(),
        ));
    }
    Ok(database)
}

/// The guard's refusal as the spec's typed error.
pub fn guard_error(error: GuardError) -> ApiError {
    let message = error.to_string();
    match error {
        GuardError::DmlNotAllowed | GuardError::ForbiddenFunction(_) | GuardError::FileRelation(_) => {
            ApiError::typed(
                ErrorKind::BadRequest,
                ErrorType::DmlNotAllowedError,
                message,
                ErrorExtra::default(),
            )
        }
        GuardError::Unparsable { line, column, .. } => ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::InvalidSqlError,
            message,
            ErrorExtra {
                line: line.and_then(|line| i64::try_from(line).ok()),
                column: column.and_then(|column| i64::try_from(column).ok()),
                ..ErrorExtra::default()
            },
        ),
        GuardError::Empty => ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::InvalidSqlError,
            message,
            ErrorExtra::default(),
        ),
    }
}

/// A template that could not be rendered as Superset's "Parameter error" (issue 1006) or
/// malformed-template error (issue 1028).
pub fn template_error(error: TemplateError) -> ApiError {
    match error {
        TemplateError::InvalidParams => ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::InvalidTemplateParamsError,
            error.to_string(),
            ErrorExtra::default(),
        ),
        TemplateError::Undefined { names, params } => {
            let listed = names
                .iter()
                .map(|name| format!("\"{name}\""))
                .collect::<Vec<_>>()
                .join(", ");
            let message = if names.len() == 1 {
                format!("The parameter {listed} in your query is undefined.")
            } else {
                format!("The following parameters in your query are undefined: {listed}.")
            };
            ApiError::typed(
                ErrorKind::BadRequest,
                ErrorType::MissingTemplateParamsError,
                format!(
                    "{message} Please check your template parameters for syntax errors and make \
                     sure they match across your SQL query and Set Parameters. Then, try running \
                     your query again."
                ),
                ErrorExtra {
                    issue_codes: vec![IssueCode {
                        code: 1006,
                        message: "Issue 1006 - One or more parameters specified in the query are missing."
                            .to_owned(),
                    }],
                    undefined_parameters: Some(names),
                    template_parameters: Some(serde_json::Value::Object(params)),
                    ..ErrorExtra::default()
                },
            )
        }
        TemplateError::Malformed { detail, params } => {
            tracing::debug!(%detail, "a template could not be rendered");
            ApiError::typed(
                ErrorKind::BadRequest,
                ErrorType::InvalidTemplateParamsError,
                format!(
                    "The query contains one or more malformed template parameters. Please check \
                     your query and confirm that all template parameters are surround by double \
                     braces, for example, \"{{{{ ds }}}}\". Then, try running your query again. \
                     ({detail})"
                ),
                ErrorExtra {
                    issue_codes: vec![IssueCode {
                        code: 1028,
                        message: "Issue 1028 - One or more parameters specified in the query are malformed."
                            .to_owned(),
                    }],
                    template_parameters: Some(serde_json::Value::Object(params)),
                    ..ErrorExtra::default()
                },
            )
        }
    }
}

/// `2026-11-22T19:30:00.123456` as epoch milliseconds.
pub(crate) fn epoch_ms(stored: Option<&str>) -> Option<f64> {
    let parsed = chrono::NaiveDateTime::parse_from_str(stored?, "%Y-%m-%dT%H:%M:%S%.f").ok()?;
    Some(parsed.and_utc().timestamp_micros() as f64 / 1000.0)
}

/// Where a run opens in SQL Lab (Superset's query link, read by `?queryId=`).
pub fn query_link(query_id: i64) -> String {
    format!("/sqllab/?queryId={query_id}")
}

/// What a run's `extra_json` says: its SIP-40 errors and whether it is a data preview.
#[derive(Debug, Default, serde::Deserialize)]
struct QueryExtra {
    #[serde(default)]
    errors: Vec<ErrorItem>,
    #[serde(default)]
    is_data_preview: bool,
}

/// A stored run as the client sees it (`cached` false: the rows, if any, come with the run).
pub fn query_view(record: &QueryRecord, database_name: &str) -> SqlLabQuery {
    let extra: QueryExtra = serde_json::from_str(&record.extra_json).unwrap_or_default();
    SqlLabQuery {
        id: record.client_id.clone(),
        query_id: record.id,
        server_id: record.id,
        db_id: DatabaseId(record.database_id),
        db: database_name.to_owned(),
        state: record.status.clone(),
        sql: record.sql.clone(),
        executed_sql: record.executed_sql.clone(),
        catalog: record.catalog.clone(),
        schema: record.schema.clone(),
        tab: record.tab_name.clone(),
        sql_editor_id: record.sql_editor_id.clone(),
        limit: record.limit,
        limiting_factor: record.limiting_factor.clone(),
        progress: record.progress,
        rows: record.rows,
        error_message: record.error_message.clone(),
        ctas: record.select_as_cta,
        ctas_method: record.ctas_method.clone(),
        temp_table: record.tmp_table_name.clone(),
        temp_schema: record.tmp_schema_name.clone(),
        results_key: record.results_key.clone(),
        tracking_url: record.tracking_url.clone(),
        link: query_link(record.id),
        cached: false,
        is_data_preview: extra.is_data_preview,
        errors: extra.errors,
        start_dttm: epoch_ms(record.start_time.as_deref()),
        end_dttm: epoch_ms(record.end_time.as_deref()),
        changed_on: record.changed_on.clone(),
        user_id: record.user_id,
    }
}

/// The run's row limit: the client's, else the default, never above the configured maximum.
fn run_limit(app: &AppState, requested: Option<i64>) -> Result<u64, ApiError> {
    let requested = requested.unwrap_or(DEFAULT_SQLLAB_LIMIT);
    if requested < 1 {
        return Err(ApiError::bad_request("queryLimit must be 1 or more"));
    }
    let limit = requested.min(app.settings.sql_max_row.max(1));
    Ok(u64::try_from(limit).unwrap_or(1))
}

/// Where the statements of a run got to.
enum RunEnd {
    Finished {
        output: QueryOutput,
        limited: guard::LimitedQuery,
        kind: StatementKind,
    },
    Stopped,
}

/// A finished run: what the answer says about it, and the last statement's rows cut at the run's
/// limit (no columns and no rows when it was stopped).
#[derive(Debug)]
pub struct SqlLabRun {
    pub meta: SqlLabResultMeta,
    pub rows: QueryOutput,
}

impl SqlLabRun {
    /// Superset's JSON answer: the meta with the rows as records.
    pub fn into_json_response(self) -> SqlLabExecuteResponse {
        SqlLabExecuteResponse {
            data: results::records(&self.rows.batches),
            meta: self.meta,
        }
    }
}

fn no_rows() -> QueryOutput {
    QueryOutput {
        schema: Arc::new(Schema::empty()),
        batches: vec![],
    }
}

/// A run checked and recorded, ready for its statements.
pub struct PreparedRun {
    database: DatabaseRecord,
    engine: Engine,
    engine_kind: SqlEngine,
    statements: Vec<ScriptStatement>,
    limit: u64,
    query_id: i64,
    client_id: String,
    /// Where a CREATE TABLE AS / CREATE VIEW AS run creates its table or view.
    ctas_target: Option<CtasTarget>,
}

impl PreparedRun {
    pub fn query_id(&self) -> i64 {
        self.query_id
    }

    pub fn client_id(&self) -> &str {
        &self.client_id
    }

    pub fn database_name(&self) -> &str {
        &self.database.database_name
    }
}

/// Whether a payload asks for an asynchronous run and its database allows one.
pub fn runs_async(payload: &SqlLabExecutePayload, database: &DatabaseRecord) -> bool {
    payload.run_async == Some(true) && database.allow_run_async
}

/// Checks a payload, records its run (`running`, or `pending` when it will run asynchronously),
/// renders its template and guards its statements. A refusal is recorded as the run's failure.
pub async fn prepare(
    app: &AppState,
    user: &AuthUser,
    payload: &SqlLabExecutePayload,
    url_params: &BTreeMap<String, String>,
    status: QueryState,
) -> Result<PreparedRun, ApiError> {
    let database = authorized_database(app, user, payload.database_id.0).await?;
    let engine_kind = SqlEngine::from_backend(&database.backend).ok_or_else(|| {
        ApiError::bad_request(format!("The {} engine is not supported yet", database.backend))
    })?;
    let ctas_target = ctas::requested_target(
        payload,
        &database,
        engine_kind,
        user.id,
        chrono::Utc::now().naive_utc(),
    )?;
    let limit = run_limit(app, payload.query_limit)?;
    let client_id = match payload.client_id.as_deref().map(str::trim) {
        Some(id) if id.is_empty() || id.len() > 64 => {
            return Err(ApiError::bad_request(
                "client_id must have between 1 and 64 characters",
            ))
        }
        Some(id) => id.to_owned(),
        None => super::new_client_id(),
    };
    let is_data_preview = payload.is_data_preview == Some(true);
    let query_id = app
        .store
        .create_query(&NewQuery {
            client_id: &client_id,
            database_id: database.id,
            user_id: user.id,
            status,
            tab_name: payload.tab.as_deref(),
            // A data preview belongs to no editor: it stays out of every tab's history.
            sql_editor_id: payload.sql_editor_id.as_deref().filter(|_| !is_data_preview),
            catalog: payload.catalog.as_deref(),
            schema: payload.schema.as_deref(),
            sql: &payload.sql,
            limit: i64::try_from(limit).ok(),
            select_as_cta: ctas_target.is_some(),
            ctas_method: ctas_target.as_ref().map_or("TABLE", CtasTarget::method_name),
            tmp_table_name: ctas_target
                .as_ref()
                .map(|target| target.table.as_str())
                .or(payload.tmp_table_name.as_deref()),
            tmp_schema_name: ctas_target.as_ref().and_then(|target| target.schema.as_deref()),
            is_data_preview,
        })
        .await?;
    let refused = |answer: ApiError| async move {
        record_failure(app, query_id, QueryState::Failed, &answer, None).await;
        answer
    };
    let rendered = template::render_sql(
        &payload.sql,
        &TemplateContext {
            params: payload.template_params.as_deref(),
            user,
            url_params,
        },
    );
    let sql = match rendered {
        Ok(sql) => sql,
        Err(error) => return Err(refused(template_error(error)).await),
    };
    let statements = match guard::check_script(&sql, engine_kind, database.allow_dml) {
        Ok(statements) => statements,
        Err(error) => return Err(refused(guard_error(error)).await),
    };
    if let Some(target) = &ctas_target {
        if let Err(error) = ctas::check_statements(target.method, &statements) {
            return Err(refused(error.into()).await);
        }
    }
    let engine = match app.engines.engine_for(&database).await {
        Ok(engine) => engine,
        Err(error) => {
            return Err(refused(crate::chart_data::engine_open_error(&database.backend, error)).await)
        }
    };
    Ok(PreparedRun {
        database,
        engine,
        engine_kind,
        statements,
        limit,
        query_id,
        client_id,
        ctas_target,
    })
}

/// Records a run's failure (a late failure of a stopped run is ignored by the store).
pub async fn record_failure(
    app: &AppState,
    query_id: i64,
    status: QueryState,
    answer: &ApiError,
    executed_sql: Option<&str>,
) {
    let message = answer.message_text();
    let outcome = QueryOutcome {
        status,
        executed_sql,
        rows: None,
        limiting_factor: LimitingFactor::Unknown.as_str(),
        error_message: Some(&message),
        results_key: None,
    };
    match app.store.finish_query(query_id, &outcome).await {
        Ok(true) if !answer.body.errors.is_empty() => {
            let errors = serde_json::to_value(&answer.body.errors).unwrap_or_default();
            if let Err(error) = app.store.set_query_errors(query_id, &errors).await {
                tracing::warn!(%error, query_id, "could not record a failed run's errors");
            }
        }
        Ok(_) => {}
        Err(error) => tracing::warn!(%error, query_id, "could not record a failed run"),
    }
}

/// Runs a payload synchronously: the run's meta and its rows, for the JSON or the Arrow answer.
pub async fn execute(
    app: &AppState,
    user: &AuthUser,
    payload: SqlLabExecutePayload,
    url_params: &BTreeMap<String, String>,
) -> Result<SqlLabRun, ApiError> {
    let prepared = prepare(app, user, &payload, url_params, QueryState::Running).await?;
    run_prepared(app, prepared, false).await?.record(app, None).await
}

/// Runs the statements of a prepared run in order, each cancellable by Stop and bounded by the
/// timeout. With `report_progress` the share of statements done (0-100) is recorded after each
/// statement but the last. A failure is recorded here; the caller records the other ends.
pub async fn run_prepared(
    app: &AppState,
    prepared: PreparedRun,
    report_progress: bool,
) -> Result<FinishedStatements, ApiError> {
    let PreparedRun {
        database,
        engine,
        engine_kind,
        statements,
        limit,
        query_id,
        client_id,
        ctas_target,
    } = prepared;
    let running = app.sqllab.register(&client_id);
    let control = RunControl {
        cancel: Some(running.token.clone()),
        read_only: !database.allow_dml,
    };
    let timeout = Duration::from_secs(app.settings.query_timeout_seconds.max(1));
    let mut executed = Vec::with_capacity(statements.len());
    let mut end = RunEnd::Stopped;
    let total = statements.len().max(1);
    for (done, statement) in statements.iter().enumerate() {
        if running.token.is_cancelled() {
            end = RunEnd::Stopped;
            break;
        }
        let limited = guard::apply_limit(statement, limit);
        let is_last = done + 1 == total;
        let ran = match ctas_target.as_ref().filter(|_| is_last) {
            Some(target) => {
                let create_as = CreateAs {
                    database: &database,
                    engine: &engine,
                    engine_kind,
                    target,
                };
                create_as
                    .run(app, &limited, limit, timeout, &control, &mut executed)
                    .await
            }
            None => {
                executed.push(limited.sql.clone());
                run_statement(&engine, &limited.sql, timeout, &control)
                    .await
                    .map(|output| RanStatement {
                        output,
                        limited,
                        kind: statement.kind,
                    })
            }
        };
        match ran {
            Ok(RanStatement {
                output,
                limited,
                kind,
            }) => {
                end = RunEnd::Finished {
                    output,
                    limited,
                    kind,
                };
                if report_progress && done + 1 < total {
                    let progress = i64::try_from((done + 1) * 100 / total).unwrap_or(0);
                    if let Err(error) = app.store.set_query_progress(query_id, progress).await {
                        tracing::warn!(%error, query_id, "could not record a run's progress");
                    }
                }
            }
            Err(FailedStatement {
                error: EngineError::Cancelled,
                ..
            }) => {
                end = RunEnd::Stopped;
                break;
            }
            Err(FailedStatement {
                error,
                sql: failed_sql,
            }) => {
                let executed_sql = executed.join(";\n");
                let status = if matches!(error, EngineError::Timeout(_)) {
                    QueryState::TimedOut
                } else {
                    QueryState::Failed
                };
                let answer = match error {
                    EngineError::Timeout(seconds) => ApiError::typed(
                        ErrorKind::Timeout,
                        ErrorType::SqllabTimeoutError,
                        format!("The query exceeded the {seconds} seconds timeout."),
                        ErrorExtra {
                            timeout: i64::try_from(seconds).ok(),
                            engine_name: Some(engine.engine_name().to_owned()),
                            ..ErrorExtra::default()
                        },
                    ),
                    other => engine_error(engine.engine_name(), other, &failed_sql),
                };
                record_failure(app, query_id, status, &answer, Some(&executed_sql)).await;
                return Err(answer);
            }
        }
    }
    drop(running);
    let executed_sql = executed.join(";\n");

    let (status, rows, factor) = match end {
        RunEnd::Stopped => (QueryState::Stopped, no_rows(), LimitingFactor::Unknown),
        RunEnd::Finished {
            output,
            limited,
            kind,
        } => {
            let returned = output.row_count() as u64;
            let factor = match kind {
                StatementKind::Select => guard::limiting_factor(&limited, returned, limit),
                _ if returned > limit => LimitingFactor::Dropdown,
                _ => LimitingFactor::NotLimited,
            };
            let shown = usize::try_from(limit).unwrap_or(usize::MAX);
            let shown_rows = QueryOutput {
                batches: results::rows_within_limit(&output.batches, shown),
                schema: output.schema,
            };
            (QueryState::Success, shown_rows, factor)
        }
    };
    Ok(FinishedStatements {
        query_id,
        database_name: database.database_name,
        status,
        executed_sql,
        factor,
        rows,
    })
}

/// A statement that ran: its rows, as limited, and its kind.
struct RanStatement {
    output: QueryOutput,
    limited: guard::LimitedQuery,
    kind: StatementKind,
}

/// A statement that failed, with the SQL that was sent.
struct FailedStatement {
    error: EngineError,
    sql: String,
}

async fn run_statement(
    engine: &Engine,
    sql: &str,
    timeout: Duration,
    control: &RunControl,
) -> Result<QueryOutput, FailedStatement> {
    let statement = Statement {
        sql: sql.to_owned(),
        params: vec![],
    };
    engine
        .execute_controlled(statement, timeout, control)
        .await
        .map_err(|error| FailedStatement {
            error,
            sql: sql.to_owned(),
        })
}

/// The last statement of a CREATE TABLE AS / CREATE VIEW AS run.
struct CreateAs<'a> {
    database: &'a DatabaseRecord,
    engine: &'a Engine,
    engine_kind: SqlEngine,
    target: &'a CtasTarget,
}

impl CreateAs<'_> {
    /// Wraps the guarded, limited SELECT in the server's `CREATE TABLE|VIEW "name" AS`, runs it
    /// outside a read-only transaction, then reads the created table back at the run's limit
    /// (Superset's `SELECT * FROM tmp_table LIMIT n`).
    async fn run(
        &self,
        app: &AppState,
        limited_select: &guard::LimitedQuery,
        limit: u64,
        timeout: Duration,
        control: &RunControl,
        executed: &mut Vec<String>,
    ) -> Result<RanStatement, FailedStatement> {
        let create_sql = self
            .target
            .create_statement(self.engine_kind, &limited_select.sql);
        executed.push(create_sql.clone());
        let writer = app
            .engines
            .writable_engine_for(self.database)
            .await
            .map_err(|error| FailedStatement {
                error,
                sql: create_sql.clone(),
            })?;
        let write_control = RunControl {
            cancel: control.cancel.clone(),
            read_only: false,
        };
        run_statement(&writer, &create_sql, timeout, &write_control).await?;
        let select_star = self.target.select_star(self.engine_kind);
        let read_back = guard::check_script(&select_star, self.engine_kind, false)
            .ok()
            .and_then(|mut statements| statements.pop())
            .ok_or_else(|| FailedStatement {
                error: EngineError::Execution(format!(
                    "the created {} could not be read back",
                    self.target.table
                )),
                sql: select_star.clone(),
            })?;
        let limited = guard::apply_limit(&read_back, limit);
        executed.push(limited.sql.clone());
        let output = run_statement(self.engine, &limited.sql, timeout, control).await?;
        Ok(RanStatement {
            output,
            limited,
            kind: StatementKind::Select,
        })
    }
}

/// Where a run's statements got to, before its end is recorded.
pub struct FinishedStatements {
    query_id: i64,
    database_name: String,
    /// Success or stopped.
    status: QueryState,
    executed_sql: String,
    factor: LimitingFactor,
    /// The last statement's rows cut at the run's limit; none when stopped.
    rows: QueryOutput,
}

impl FinishedStatements {
    pub fn succeeded(&self) -> bool {
        self.status == QueryState::Success
    }

    pub fn query_id(&self) -> i64 {
        self.query_id
    }

    pub fn database_name(&self) -> &str {
        &self.database_name
    }

    /// The answer as it stands before it is recorded (what an asynchronous run keeps).
    pub fn answer(&self, query: SqlLabQuery) -> SqlLabRun {
        let columns = results::result_columns(&self.rows.schema);
        SqlLabRun {
            meta: SqlLabResultMeta {
                status: self.status.as_str().to_owned(),
                query_id: self.query_id,
                selected_columns: columns.clone(),
                columns,
                expanded_columns: vec![],
                query,
            },
            rows: self.rows.clone(),
        }
    }

    /// Records the run's end (with where its rows are kept, for an asynchronous run) and answers
    /// it as recorded: a stop that won the race leaves no columns and no rows.
    pub async fn record(self, app: &AppState, results_key: Option<&str>) -> Result<SqlLabRun, ApiError> {
        if self.status == QueryState::Stopped {
            app.store.stop_query(self.query_id).await?;
        } else {
            let recorded = app
                .store
                .finish_query(
                    self.query_id,
                    &QueryOutcome {
                        status: self.status,
                        executed_sql: Some(&self.executed_sql),
                        rows: i64::try_from(self.rows.row_count()).ok(),
                        limiting_factor: self.factor.as_str(),
                        error_message: None,
                        results_key,
                    },
                )
                .await?;
            if !recorded {
                // Stopped while the last statement was finishing: the stop wins.
                tracing::debug!(
                    query_id = self.query_id,
                    "a run stopped before its success was recorded"
                );
            }
        }
        let record = app.store.query_record(self.query_id).await?;
        let query = query_view(&record, &self.database_name);
        if record.status == QueryState::Stopped.as_str() {
            return Ok(FinishedStatements {
                status: QueryState::Stopped,
                rows: no_rows(),
                ..self
            }
            .answer(query));
        }
        Ok(self.answer(query))
    }
}
