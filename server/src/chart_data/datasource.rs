//! The datasource kinds of a query context (spec 000 section 3: `table`, `query`, `dataset`,
//! `sl_table`, `saved_query`; decision 0091).
//!
//! `table`, `dataset` and `sl_table` name a dataset. `query` names a SQL Lab run and
//! `saved_query` a saved query: their SQL becomes a virtual source, as a virtual dataset's does
//! (`(...) AS virtual_table`), on the run's or the saved query's database and schema. Its columns
//! are the shape of the SQL's answer (read with `LIMIT 0`), its one saved metric is `count`
//! (`COUNT(*)`). A run is readable by the user who ran it, a saved query by its creator, and both
//! by admins; the user must also still have access to the database. The SQL must be one read-only
//! `SELECT`, as a virtual dataset's.

use std::time::Duration;

use quiver_types::{
    DatabaseRef, Dataset, DatasetColumn, DatasetMetric, DatasourceRef, DatasourceType, ErrorExtra, ErrorType,
};
use serde_json::Value;

use super::dataset_sql::{form_data_url_params, render_dataset_sql};
use crate::auth::AuthUser;
use crate::engines::{RunControl, Statement};
use crate::error::{ApiError, ErrorKind};
use crate::sqllab::guard::{self, SqlEngine, StatementKind};
use crate::sqllab::results::result_columns;
use crate::sqllab::run::authorized_database;
use crate::state::AppState;
use crate::store::database::DatabaseRecord;
use crate::store::StoreError;

/// Superset's message for a virtual source of more than one statement.
pub const MULTIPLE_STATEMENTS: &str = "Virtual dataset query cannot consist of multiple statements";
/// Superset's message for a virtual source that is not a read.
pub const NOT_READ_ONLY: &str = "Virtual dataset query must be read-only";
/// The message of a run or saved query the user may not read.
pub const NOT_YOURS: &str =
    "You are not authorized to see this query. If you think this is an error, please reach out to your administrator.";

/// Whether a kind names a dataset (`table`, `dataset`, `sl_table`).
pub fn names_dataset(kind: DatasourceType) -> bool {
    matches!(
        kind,
        DatasourceType::Table | DatasourceType::Dataset | DatasourceType::SlTable
    )
}

/// A run or a saved query as a source of rows.
#[derive(Debug, Clone)]
struct SqlSource {
    name: String,
    database_id: i64,
    catalog: Option<String>,
    schema: Option<String>,
    sql: String,
    template_params: Option<String>,
    /// The user who ran the query or created the saved query.
    owner_id: Option<i64>,
}

fn missing(what: &str) -> ApiError {
    ApiError::typed(
        ErrorKind::NotFound,
        ErrorType::ObjectDoesNotExistError,
        format!("The {what} does not exist"),
        ErrorExtra::default(),
    )
}

/// Loads the run or the saved query a datasource names: 404 when it is gone.
async fn sql_source(app: &AppState, datasource: &DatasourceRef) -> Result<SqlSource, ApiError> {
    match datasource.datasource_type {
        DatasourceType::Query => {
            let record = match app.store.query_record(datasource.id).await {
                Ok(record) => record,
                Err(StoreError::NotFound) => return Err(missing("query")),
                Err(other) => return Err(other.into()),
            };
            Ok(SqlSource {
                name: record
                    .tab_name
                    .clone()
                    .filter(|name| !name.trim().is_empty())
                    .unwrap_or_else(|| format!("query_{}", record.id)),
                database_id: record.database_id,
                catalog: record.catalog,
                schema: record.schema,
                sql: record.sql,
                template_params: None,
                owner_id: record.user_id,
            })
        }
        DatasourceType::SavedQuery => {
            let record = match app.store.saved_query(datasource.id).await {
                Ok(record) => record,
                Err(StoreError::NotFound) => return Err(missing("saved query")),
                Err(other) => return Err(other.into()),
            };
            let database_id = record
                .fields
                .db_id
                .ok_or_else(|| ApiError::bad_request("The saved query has no database"))?;
            Ok(SqlSource {
                name: if record.fields.label.trim().is_empty() {
                    format!("saved_query_{}", record.id)
                } else {
                    record.fields.label.clone()
                },
                database_id,
                catalog: record.fields.catalog,
                schema: record.fields.schema,
                sql: record.fields.sql,
                template_params: record.fields.template_parameters,
                owner_id: record.created_by.map(|creator| creator.id),
            })
        }
        other => Err(ApiError::bad_request(format!(
            "Datasource type {} does not name a query",
            kind_name(other)
        ))),
    }
}

/// The kind's name on the wire (`saved_query`).
pub fn kind_name(kind: DatasourceType) -> String {
    match serde_json::to_value(kind) {
        Ok(Value::String(name)) => name,
        _ => format!("{kind:?}"),
    }
}

/// The run's user or the saved query's creator, or an admin; anyone else gets 403
/// `QUERY_SECURITY_ACCESS_ERROR`.
fn check_reader(user: &AuthUser, source: &SqlSource) -> Result<(), ApiError> {
    if user.is_admin() || source.owner_id == Some(user.id) {
        return Ok(());
    }
    Err(ApiError::typed(
        ErrorKind::Forbidden,
        ErrorType::QuerySecurityAccessError,
        NOT_YOURS,
        ErrorExtra::default(),
    ))
}

/// A run or a saved query as the user's virtual source: 404 when it is gone, 403 when it is
/// another user's or its database is no longer the user's, 400 when its SQL is not one read or
/// its template does not render. The SQL is rendered with the saved query's template parameters,
/// the user and the form data's `url_params`.
pub async fn authorized_sql_source(
    app: &AppState,
    user: &AuthUser,
    datasource: &DatasourceRef,
    form_data: Option<&Value>,
) -> Result<Dataset, ApiError> {
    let source = sql_source(app, datasource).await?;
    check_reader(user, &source)?;
    let database = authorized_database(app, user, source.database_id).await?;
    let rendered = render_dataset_sql(
        &source.sql,
        source.template_params.as_deref(),
        user,
        &form_data_url_params(form_data),
    )?;
    source_dataset(app, datasource, source, &database, &rendered).await
}

/// The virtual source of a queued chart-data job, authorized when the job was submitted, with
/// the SQL as rendered then for the user.
pub async fn job_sql_source(
    app: &AppState,
    datasource: &DatasourceRef,
    rendered_sql: Option<&str>,
) -> Result<Dataset, ApiError> {
    let source = sql_source(app, datasource).await?;
    let database = app.store.database(source.database_id).await?;
    let sql = rendered_sql.map_or_else(|| source.sql.clone(), str::to_owned);
    source_dataset(app, datasource, source, &database, &sql).await
}

/// The one read-only statement of a source's SQL, without its `;`.
fn single_select(sql: &str, database: &DatabaseRecord) -> Result<String, ApiError> {
    let engine = SqlEngine::from_backend(&database.backend).ok_or_else(|| {
        ApiError::bad_request(format!("The {} engine is not supported yet", database.backend))
    })?;
    let statements = guard::check_script(sql, engine, false).map_err(|error| match error {
        guard::GuardError::DmlNotAllowed
        | guard::GuardError::ForbiddenFunction(_)
        | guard::GuardError::FileRelation(_) => ApiError::bad_request(NOT_READ_ONLY),
        other => ApiError::bad_request(other.to_string()),
    })?;
    match statements.as_slice() {
        [statement] if statement.kind == StatementKind::Select => Ok(statement.text.clone()),
        [_] => Err(ApiError::bad_request(NOT_READ_ONLY)),
        [] => Err(ApiError::bad_request("The query has no SQL")),
        _ => Err(ApiError::bad_request(MULTIPLE_STATEMENTS)),
    }
}

/// The dataset a query context runs on for a source: its SQL as a virtual table, its columns
/// from the shape of the SQL's answer.
async fn source_dataset(
    app: &AppState,
    datasource: &DatasourceRef,
    source: SqlSource,
    database: &DatabaseRecord,
    sql: &str,
) -> Result<Dataset, ApiError> {
    let sql = single_select(sql, database)?;
    let engine = app
        .engines
        .engine_for(database)
        .await
        .map_err(|error| super::engine_open_error(&database.backend, error))?;
    let shape = Statement {
        sql: format!("SELECT * FROM ({sql}) AS virtual_table LIMIT 0"),
        params: vec![],
    };
    let control = RunControl {
        cancel: None,
        read_only: true,
    };
    let timeout = Duration::from_secs(app.settings.query_timeout_seconds.max(1));
    let output = engine
        .execute_controlled(shape, timeout, &control)
        .await
        .map_err(|error| super::engine_error(engine.engine_name(), error, &sql))?;
    let columns: Vec<DatasetColumn> = result_columns(&output.schema)
        .into_iter()
        .zip(1_i64..)
        .map(|(column, id)| DatasetColumn {
            id,
            column_name: column.column_name,
            verbose_name: None,
            description: None,
            column_type: Some(column.column_type),
            type_generic: Some(column.type_generic),
            is_dttm: column.is_dttm,
            is_active: true,
            groupby: true,
            filterable: true,
            expression: None,
            python_date_format: None,
            advanced_data_type: None,
            extra: None,
            warning_markdown: None,
            uuid: None,
        })
        .collect();
    Ok(Dataset {
        id: quiver_types::DatasetId(datasource.id),
        table_name: source.name,
        schema: source.schema,
        catalog: source.catalog,
        database: DatabaseRef {
            id: quiver_types::DatabaseId(database.id),
            database_name: database.database_name.clone(),
            backend: database.backend.clone(),
            allow_multi_catalog: database.allow_multi_catalog,
        },
        sql: Some(sql),
        kind: "virtual".to_owned(),
        description: None,
        main_dttm_col: columns
            .iter()
            .find(|column| column.is_dttm)
            .map(|column| column.column_name.clone()),
        cache_timeout: None,
        is_managed_externally: false,
        external_url: None,
        owners: vec![],
        columns,
        metrics: vec![count_metric()],
        uuid: None,
        changed_on: None,
        created_on: None,
        filter_select_enabled: true,
        fetch_values_predicate: None,
        normalize_columns: false,
        always_filter_main_dttm: false,
        offset: 0,
        default_endpoint: None,
        is_sqllab_view: false,
        template_params: source.template_params,
        extra: None,
        datasource_type: kind_name(datasource.datasource_type),
        url: String::new(),
    })
}

/// The default saved metric, `count`: `COUNT(*)` (spec 000 section 3).
fn count_metric() -> DatasetMetric {
    DatasetMetric {
        id: 1,
        metric_name: "count".to_owned(),
        verbose_name: None,
        description: None,
        expression: "COUNT(*)".to_owned(),
        metric_type: Some("count".to_owned()),
        d3format: None,
        currency: None,
        warning_text: None,
        extra: None,
        certified_by: None,
        certification_details: None,
        uuid: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_dataset_and_sl_table_name_a_dataset() {
        assert!(names_dataset(DatasourceType::Table));
        assert!(names_dataset(DatasourceType::Dataset));
        assert!(names_dataset(DatasourceType::SlTable));
        assert!(!names_dataset(DatasourceType::Query));
        assert!(!names_dataset(DatasourceType::SavedQuery));
        assert_eq!(kind_name(DatasourceType::SavedQuery), "saved_query");
        assert_eq!(kind_name(DatasourceType::SlTable), "sl_table");
    }
}
