//! Database connections: `POST|DELETE /api/v1/database/`, `GET|PUT|DELETE /api/v1/database/{pk}`,
//! `POST /api/v1/database/test_connection/`, `POST /api/v1/database/validate_parameters/` and
//! `GET /api/v1/database/available/`. Passwords are sealed at rest and answers show the mask.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{
    AvailableEngine, AvailableEngines, CatalogErrorTarget, DatabaseConfig, DatabaseDetail,
    DatabaseDetailResponse, DatabaseId, DatabaseParameters, EngineInformation, ErrorBody, ErrorExtra,
    ErrorItem, ErrorLevel, ErrorType, IssueCode, MessageResponse,
};
use serde_json::{json, Map, Value};

use super::bulk_delete::deleted_message;
use super::dataset::ListParams;
use super::list_query::parse_id_set;
use crate::auth::CurrentUser;
use crate::engines::uri::{self, BACKENDS, PASSWORD_MASK};
use crate::engines::{Engine, EngineError, Statement};
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::state::AppState;
use crate::store::database::{DatabaseFields, DatabaseRecord};
use crate::store::StoreError;

/// How long `test_connection` waits for the database.
const TEST_CONNECTION_TIMEOUT: Duration = Duration::from_secs(15);

/// How long `validate_parameters` waits for the port to answer.
const PORT_CHECK_TIMEOUT: Duration = Duration::from_secs(3);

fn field_error(kind: ErrorKind, field: &str, text: &str) -> ApiError {
    let fields = Map::from_iter([(field.to_owned(), json!([text]))]);
    match kind {
        ErrorKind::UnprocessableEntity => ApiError::invalid(fields),
        _ => ApiError::validation(fields),
    }
}

fn missing_field(field: &str) -> ApiError {
    field_error(ErrorKind::BadRequest, field, "Missing data for required field.")
}

/// Typed errors of the connection checks, all in one answer.
fn connection_errors(items: Vec<ErrorItem>) -> ApiError {
    ApiError {
        kind: ErrorKind::UnprocessableEntity,
        body: ErrorBody {
            message: items.first().map(|item| Value::String(item.message.clone())),
            errors: items,
        },
    }
}

fn connection_error(error_type: ErrorType, message: String, extra: ErrorExtra) -> ErrorItem {
    ErrorItem {
        message,
        error_type,
        level: ErrorLevel::Error,
        extra,
    }
}

/// A value that should have been a whole number (`"1.5"`, `1.5`, `true`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotWholeNumber;

/// A whole number given as a number or its text; null and empty text are none.
pub fn parse_whole_number(value: Option<&Value>) -> Result<Option<i64>, NotWholeNumber> {
    let whole = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => return Ok(None),
        Some(Value::String(text)) => text.trim().parse::<i64>().ok(),
        Some(Value::Number(number)) => number.as_i64().or_else(|| {
            number
                .as_f64()
                .filter(|float| float.fract() == 0.0 && float.abs() < 9.0e15)
                .map(|float| float as i64)
        }),
        Some(_) => None,
    };
    whole.map(Some).ok_or(NotWholeNumber)
}

/// The `cache_timeout` of a form: a whole number, or nothing when empty.
pub fn optional_integer(field: &str, value: Option<&Value>) -> Result<Option<i64>, ApiError> {
    parse_whole_number(value)
        .map_err(|NotWholeNumber| field_error(ErrorKind::BadRequest, field, "Not a valid integer."))
}

fn checked_extra(extra: &str) -> Result<String, ApiError> {
    let text = if extra.trim().is_empty() { "{}" } else { extra };
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(_)) => Ok(text.to_owned()),
        Ok(_) => Err(field_error(
            ErrorKind::BadRequest,
            "extra",
            "Field cannot be decoded by JSON. Expected an object.",
        )),
        Err(error) => Err(field_error(
            ErrorKind::BadRequest,
            "extra",
            &format!("Field cannot be decoded by JSON. {error}"),
        )),
    }
}

/// The missing and invalid parameters of a parameters form, as typed errors.
fn parameter_errors(backend: &str, config: &DatabaseConfig) -> Vec<ErrorItem> {
    let parameters = config.parameters.clone().unwrap_or_default();
    let mut errors = Vec::new();
    let missing = uri::missing_parameters(backend, &parameters);
    if !missing.is_empty() {
        errors.push(ErrorItem {
            message: format!("One or more parameters are missing: {}", missing.join(", ")),
            error_type: ErrorType::ConnectionMissingParametersError,
            level: ErrorLevel::Warning,
            extra: ErrorExtra {
                missing: Some(missing.iter().map(|field| (*field).to_owned()).collect()),
                ..ErrorExtra::default()
            },
        });
    }
    if uri::port_of(&parameters).is_err() {
        errors.push(connection_error(
            ErrorType::ConnectionInvalidPortError,
            "Port must be a valid integer.".to_owned(),
            ErrorExtra {
                invalid: Some(vec!["port".to_owned()]),
                ..ErrorExtra::default()
            },
        ));
    }
    errors.extend(catalog_row_errors(backend, &parameters));
    errors
}

/// The engines whose form has catalog rows: PostgreSQL, whose catalogs are the server's databases.
const CATALOG_ROW_BACKENDS: &[&str] = &["postgresql"];

/// The error of one catalog row: `extra.catalog` names the row and its wrong part (its name, or
/// its value, which Superset's form calls the URL).
fn on_catalog_row(mut item: ErrorItem, idx: usize, is_name: bool) -> ErrorItem {
    item.extra.invalid = None;
    item.extra.catalog = Some(CatalogErrorTarget {
        idx: i64::try_from(idx).unwrap_or(i64::MAX),
        name: is_name.then_some(true),
        url: (!is_name).then_some(true),
    });
    item
}

/// The form's catalog rows (`parameters.catalog`, name-value in the rows' order): a blank name or
/// database is a missing parameter on its row, as Superset's; an engine without catalog rows
/// refuses them.
fn catalog_row_errors(backend: &str, parameters: &DatabaseParameters) -> Vec<ErrorItem> {
    let rows = parameters
        .catalog
        .as_ref()
        .map(|rows| rows.0.as_slice())
        .unwrap_or_default();
    if rows.is_empty() {
        return Vec::new();
    }
    if !CATALOG_ROW_BACKENDS.contains(&backend) {
        return vec![connection_error(
            ErrorType::InvalidPayloadSchemaError,
            format!("{} has no catalogs to list.", engine_display_name(backend)),
            ErrorExtra {
                invalid: Some(vec!["catalog".to_owned()]),
                ..ErrorExtra::default()
            },
        )];
    }
    let missing = |text: &str, idx: usize, is_name: bool| {
        let item = ErrorItem {
            message: text.to_owned(),
            error_type: ErrorType::ConnectionMissingParametersError,
            level: ErrorLevel::Warning,
            extra: ErrorExtra::default(),
        };
        on_catalog_row(item, idx, is_name)
    };
    rows.iter()
        .enumerate()
        .filter_map(|(idx, (name, value))| {
            if name.trim().is_empty() {
                Some(missing("Catalog name is required", idx, true))
            } else if value.trim().is_empty() {
                Some(missing("Database name is required", idx, false))
            } else {
                None
            }
        })
        .collect()
}

/// Connects to the database of each catalog row with the form's credentials: a failure is the
/// typed error of that database (unknown database, access denied...) on its row.
async fn catalog_connection_errors(
    app: &AppState,
    config: &DatabaseConfig,
) -> Result<Vec<ErrorItem>, ApiError> {
    let parameters = config.parameters.clone().unwrap_or_default();
    let Some(rows) = parameters.catalog.as_ref().filter(|rows| !rows.0.is_empty()) else {
        return Ok(Vec::new());
    };
    let saved = saved_for_test(app, config).await?;
    let connection = resolve_connection(app, config, saved.as_ref())?;
    let mut errors = Vec::new();
    for (idx, (_, database)) in rows.0.iter().enumerate() {
        let database = database.trim();
        let catalog_uri = uri::with_database_name(&connection.uri, database)
            .ok_or_else(|| ApiError::internal("the connection URI has no database part"))?;
        let attempt = async {
            let engine = Engine::open(connection.backend, &catalog_uri, false).await?;
            if let Engine::Sql(database) = &engine {
                database.close().await;
            }
            Ok::<(), EngineError>(())
        };
        let outcome = match tokio::time::timeout(TEST_CONNECTION_TIMEOUT, attempt).await {
            Ok(outcome) => outcome,
            Err(_) => Err(EngineError::Timeout(TEST_CONNECTION_TIMEOUT.as_secs())),
        };
        if let Err(error) = outcome {
            let row_parameters = DatabaseParameters {
                database: Some(database.to_owned()),
                ..parameters.clone()
            };
            let catalog_connection = Connection {
                backend: connection.backend,
                uri: catalog_uri,
            };
            let item = connection_failure_error(
                connection.backend,
                &failure_message(&error, &catalog_connection),
                &row_parameters,
            );
            errors.push(on_catalog_row(item, idx, false));
        }
    }
    Ok(errors)
}

/// The backend named by a form's `engine` (`postgresql+psycopg2` is `postgresql`).
fn backend_of_engine(engine: &str) -> Result<&'static str, ApiError> {
    let name = engine.split('+').next().unwrap_or_default();
    let name = if name == "postgres" { "postgresql" } else { name };
    BACKENDS
        .iter()
        .find(|backend| **backend == name)
        .copied()
        .ok_or_else(|| {
            ApiError::message(
                ErrorKind::UnprocessableEntity,
                format!("Engine \"{engine}\" is not a valid engine."),
            )
        })
}

/// A connection as the form gives it: backend and full URI (password in place).
struct Connection {
    backend: &'static str,
    uri: String,
}

/// The connection of a form; a masked password stands for the saved connection's password.
fn resolve_connection(
    app: &AppState,
    config: &DatabaseConfig,
    saved: Option<&DatabaseRecord>,
) -> Result<Connection, ApiError> {
    let saved_password = || -> Result<Option<String>, ApiError> {
        saved
            .and_then(|record| record.password_encrypted.as_deref())
            .map(|sealed| app.engines.cipher().open(sealed))
            .transpose()
            .map_err(ApiError::internal)
    };
    let given_uri = config
        .sqlalchemy_uri
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty());
    let uses_parameters = config.configuration_method.as_deref() == Some("dynamic_form")
        || (given_uri.is_none() && config.parameters.is_some());
    let (backend, uri) = if uses_parameters {
        let engine = config
            .engine
            .as_deref()
            .or(saved.map(|record| record.backend.as_str()))
            .ok_or_else(|| missing_field("engine"))?;
        let backend = backend_of_engine(engine)?;
        let errors = parameter_errors(backend, config);
        if !errors.is_empty() {
            return Err(connection_errors(errors));
        }
        let parameters = config.parameters.clone().unwrap_or_default();
        (backend, uri::uri_from_parameters(backend, &parameters))
    } else if let Some(given) = given_uri {
        let backend = uri::backend_of_uri(given).ok_or_else(|| {
            let scheme = given.split("://").next().unwrap_or(given);
            if given.contains("://") {
                field_error(
                    ErrorKind::UnprocessableEntity,
                    "sqlalchemy_uri",
                    &format!("Could not load database driver: {scheme}"),
                )
            } else {
                field_error(
                    ErrorKind::BadRequest,
                    "sqlalchemy_uri",
                    "Invalid connection string, a valid string usually follows: backend+driver://user:password@database-host/database-name",
                )
            }
        })?;
        (backend, given.to_owned())
    } else if let Some(record) = saved {
        let backend =
            uri::backend_of_uri(&record.sqlalchemy_uri).ok_or_else(|| missing_field("sqlalchemy_uri"))?;
        (backend, record.sqlalchemy_uri.clone())
    } else {
        return Err(missing_field("sqlalchemy_uri"));
    };
    let uri = if uri::shows_mask(&uri) {
        uri::with_password(&uri, saved_password()?.as_deref())
    } else {
        uri
    };
    if uri::is_file_backend(backend) && uri::file_path_of_uri(&uri).is_none() {
        return Err(field_error(
            ErrorKind::BadRequest,
            "sqlalchemy_uri",
            "The URI names no database file.",
        ));
    }
    Ok(Connection { backend, uri })
}

/// The saved fields after a form: the form's values over the saved (or default) ones.
fn apply_config(
    app: &AppState,
    config: &DatabaseConfig,
    saved: Option<&DatabaseRecord>,
) -> Result<DatabaseFields, ApiError> {
    let mut fields = match saved {
        Some(record) => record.fields(),
        None => DatabaseFields {
            database_name: String::new(),
            sqlalchemy_uri: String::new(),
            backend: String::new(),
            password_encrypted: None,
            expose_in_sqllab: true,
            allow_run_async: false,
            allow_dml: false,
            allow_ctas: false,
            allow_cvas: false,
            allow_file_upload: false,
            allow_multi_catalog: false,
            force_ctas_schema: None,
            cache_timeout: None,
            extra: "{}".to_owned(),
            is_managed_externally: false,
            external_url: None,
        },
    };
    if let Some(name) = &config.database_name {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 250 {
            return Err(field_error(
                ErrorKind::BadRequest,
                "database_name",
                "Length must be between 1 and 250.",
            ));
        }
        name.clone_into(&mut fields.database_name);
    } else if saved.is_none() {
        return Err(missing_field("database_name"));
    }
    let connection_changed = saved.is_none()
        || config.sqlalchemy_uri.is_some()
        || config.parameters.is_some()
        || config.engine.is_some();
    if connection_changed {
        let connection = resolve_connection(app, config, saved)?;
        let (masked, password) = uri::split_password(&connection.uri);
        fields.password_encrypted = password
            .map(|password| app.engines.cipher().seal(&password))
            .transpose()
            .map_err(ApiError::internal)?;
        fields.sqlalchemy_uri = masked;
        connection.backend.clone_into(&mut fields.backend);
    }
    let flags = [
        (config.expose_in_sqllab, &mut fields.expose_in_sqllab),
        (config.allow_run_async, &mut fields.allow_run_async),
        (config.allow_dml, &mut fields.allow_dml),
        (config.allow_ctas, &mut fields.allow_ctas),
        (config.allow_cvas, &mut fields.allow_cvas),
        (config.allow_file_upload, &mut fields.allow_file_upload),
        (config.allow_multi_catalog, &mut fields.allow_multi_catalog),
        (config.is_managed_externally, &mut fields.is_managed_externally),
    ];
    for (given, field) in flags {
        if let Some(value) = given {
            *field = value;
        }
    }
    if let Some(schema) = &config.force_ctas_schema {
        fields.force_ctas_schema = Some(schema.trim().to_owned()).filter(|schema| !schema.is_empty());
    }
    if config.cache_timeout.is_some() {
        fields.cache_timeout = optional_integer("cache_timeout", config.cache_timeout.as_ref())?;
    }
    if let Some(extra) = &config.extra {
        fields.extra = checked_extra(extra)?;
    }
    if let Some(url) = &config.external_url {
        fields.external_url = Some(url.clone()).filter(|url| !url.is_empty());
    }
    Ok(fields)
}

/// A saved connection as answers show it: the URI and parameters carry the mask.
pub fn database_detail(record: &DatabaseRecord) -> DatabaseDetail {
    let mut parameters = uri::parameters_from_uri(&record.sqlalchemy_uri);
    parameters.password = record
        .password_encrypted
        .as_ref()
        .map(|_| PASSWORD_MASK.to_owned());
    DatabaseDetail {
        id: DatabaseId(record.id),
        uuid: record.uuid.clone(),
        database_name: record.database_name.clone(),
        backend: record.backend.clone(),
        engine: record.backend.clone(),
        sqlalchemy_uri: record.sqlalchemy_uri.clone(),
        parameters,
        configuration_method: if uri::is_file_backend(&record.backend) {
            "sqlalchemy_form"
        } else {
            "dynamic_form"
        }
        .to_owned(),
        expose_in_sqllab: record.expose_in_sqllab,
        allow_run_async: record.allow_run_async,
        allow_dml: record.allow_dml,
        allow_ctas: record.allow_ctas,
        allow_cvas: record.allow_cvas,
        allow_file_upload: record.allow_file_upload,
        allow_multi_catalog: record.allow_multi_catalog,
        force_ctas_schema: record.force_ctas_schema.clone(),
        cache_timeout: record.cache_timeout,
        extra: record.extra.clone(),
        is_managed_externally: record.is_managed_externally,
        external_url: record.external_url.clone(),
    }
}

fn duplicate_name_error(error: StoreError) -> ApiError {
    match error {
        StoreError::Conflict(_) => field_error(
            ErrorKind::UnprocessableEntity,
            "database_name",
            "A database with the same name already exists.",
        ),
        other => other.into(),
    }
}

async fn saved_database(app: &AppState, id: i64) -> Result<DatabaseRecord, ApiError> {
    match app.store.database(id).await {
        Ok(record) => Ok(record),
        Err(StoreError::NotFound) => Err(ApiError::not_found()),
        Err(other) => Err(other.into()),
    }
}

/// `POST /api/v1/database/`: 201 `{"id", "result"}` with the password masked.
pub async fn create_database(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(config): AppJson<DatabaseConfig>,
) -> Result<(StatusCode, AppJson<DatabaseDetailResponse>), ApiError> {
    let fields = apply_config(&app, &config, None)?;
    let id = app
        .store
        .create_database_with(&fields, user.id)
        .await
        .map_err(duplicate_name_error)?;
    tracing::info!(database_id = id, backend = %fields.backend, "database connection created");
    let record = app.store.database(id).await?;
    Ok((
        StatusCode::CREATED,
        AppJson(DatabaseDetailResponse {
            id: DatabaseId(id),
            result: database_detail(&record),
        }),
    ))
}

/// `GET /api/v1/database/{pk}`.
pub async fn get_database(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<DatabaseDetailResponse>, ApiError> {
    let record = saved_database(&app, id).await?;
    Ok(AppJson(DatabaseDetailResponse {
        id: DatabaseId(id),
        result: database_detail(&record),
    }))
}

/// `PUT /api/v1/database/{pk}`: absent fields keep their value; a masked password keeps the
/// saved one.
pub async fn update_database(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(config): AppJson<DatabaseConfig>,
) -> Result<AppJson<DatabaseDetailResponse>, ApiError> {
    let saved = saved_database(&app, id).await?;
    if saved.is_managed_externally && config.is_managed_externally != Some(false) {
        return Err(ApiError::message(
            ErrorKind::UnprocessableEntity,
            "This database is managed externally and cannot be edited in Quiver",
        ));
    }
    let fields = apply_config(&app, &config, Some(&saved))?;
    app.store
        .update_database(id, &fields, user.id)
        .await
        .map_err(duplicate_name_error)?;
    app.engines.forget(id);
    let record = app.store.database(id).await?;
    Ok(AppJson(DatabaseDetailResponse {
        id: DatabaseId(id),
        result: database_detail(&record),
    }))
}

/// Superset's `DatabaseDeleteDatasetsExistFailedError`.
pub const DATABASE_HAS_DATASETS: &str = "Cannot delete a database that has datasets attached";

/// 422 with Superset's message while any dataset reads from the database.
async fn refuse_when_datasets_attached(app: &AppState, id: i64) -> Result<(), ApiError> {
    if app.store.count_database_datasets(id).await? > 0 {
        return Err(ApiError::message(
            ErrorKind::UnprocessableEntity,
            DATABASE_HAS_DATASETS.to_owned(),
        ));
    }
    Ok(())
}

/// `DELETE /api/v1/database/{pk}`: refused while datasets read from it.
pub async fn delete_database(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    saved_database(&app, id).await?;
    refuse_when_datasets_attached(&app, id).await?;
    app.store.delete_database(id).await?;
    app.engines.forget(id);
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}

/// `DELETE /api/v1/database/?q=!(ids)`: all or none. A missing database is a 404 and one with
/// datasets refuses the whole list with Superset's message; success answers "Deleted 2 databases".
pub async fn bulk_delete_databases(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let ids = parse_id_set(params.q.as_deref())?;
    if ids.is_empty() {
        return Err(ApiError::not_found());
    }
    for &id in &ids {
        saved_database(&app, id).await?;
    }
    for &id in &ids {
        refuse_when_datasets_attached(&app, id).await?;
    }
    for &id in &ids {
        app.store.delete_database(id).await?;
        app.engines.forget(id);
    }
    Ok(AppJson(MessageResponse {
        message: deleted_message(ids.len(), "database"),
    }))
}

/// The saved connection a test refers to: by id, else by name.
async fn saved_for_test(app: &AppState, config: &DatabaseConfig) -> Result<Option<DatabaseRecord>, ApiError> {
    if let Some(id) = config.id {
        return match app.store.database(id).await {
            Ok(record) => Ok(Some(record)),
            Err(StoreError::NotFound) => Ok(None),
            Err(other) => Err(other.into()),
        };
    }
    match config.database_name.as_deref() {
        Some(name) => Ok(app.store.database_by_name(name.trim()).await?),
        None => Ok(None),
    }
}

/// The message of a failed connection, without the URI (which may hold a password).
fn failure_message(error: &EngineError, connection: &Connection) -> String {
    let text = match error {
        EngineError::Connection(text) | EngineError::Execution(text) => text.clone(),
        EngineError::Timeout(_) => "The connection timed out".to_owned(),
        other => other.to_string(),
    };
    match uri::split_password(&connection.uri).1 {
        Some(password) if !password.is_empty() => text.replace(&password, PASSWORD_MASK),
        _ => text,
    }
}

/// `POST /api/v1/database/test_connection/`: 200 `{"message": "OK"}` when the database answers
/// `SELECT 1`; else 422 with the database's error (the dialog shows "ERROR: %s").
pub async fn test_connection(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppJson(config): AppJson<DatabaseConfig>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let saved = saved_for_test(&app, &config).await?;
    let connection = resolve_connection(&app, &config, saved.as_ref())?;
    let attempt = async {
        let engine = Engine::open(connection.backend, &connection.uri, false).await?;
        engine
            .execute(
                Statement {
                    sql: "SELECT 1".to_owned(),
                    params: vec![],
                },
                TEST_CONNECTION_TIMEOUT,
            )
            .await?;
        if let Engine::Sql(database) = &engine {
            database.close().await;
        }
        Ok::<(), EngineError>(())
    };
    let outcome = match tokio::time::timeout(TEST_CONNECTION_TIMEOUT, attempt).await {
        Ok(outcome) => outcome,
        Err(_) => Err(EngineError::Timeout(TEST_CONNECTION_TIMEOUT.as_secs())),
    };
    match outcome {
        Ok(()) => Ok(AppJson(MessageResponse {
            message: "OK".to_owned(),
        })),
        Err(error) => {
            let message = failure_message(&error, &connection);
            tracing::info!(backend = connection.backend, "connection test failed");
            Err(connection_errors(vec![connection_error(
                ErrorType::GenericDbEngineError,
                message,
                ErrorExtra {
                    engine_name: Some(engine_display_name(connection.backend).to_owned()),
                    ..ErrorExtra::default()
                },
            )]))
        }
    }
}

/// Whether a host resolves and its port accepts connections, as typed errors (Superset's texts).
async fn reachability_errors(host: &str, port: u16) -> Vec<ErrorItem> {
    let lookup = tokio::time::timeout(PORT_CHECK_TIMEOUT, tokio::net::lookup_host((host, port))).await;
    let addresses = match lookup {
        Ok(Ok(addresses)) => addresses.collect::<Vec<_>>(),
        _ => Vec::new(),
    };
    let Some(address) = addresses.first() else {
        return vec![connection_error(
            ErrorType::ConnectionInvalidHostnameError,
            "The hostname provided can't be resolved.".to_owned(),
            ErrorExtra {
                invalid: Some(vec!["host".to_owned()]),
                ..ErrorExtra::default()
            },
        )];
    };
    match tokio::time::timeout(PORT_CHECK_TIMEOUT, tokio::net::TcpStream::connect(address)).await {
        Ok(Ok(_)) => Vec::new(),
        _ => vec![connection_error(
            ErrorType::ConnectionPortClosedError,
            "The port is closed.".to_owned(),
            ErrorExtra {
                invalid: Some(vec!["port".to_owned()]),
                ..ErrorExtra::default()
            },
        )],
    }
}

fn issue(code: i32, text: &str) -> IssueCode {
    IssueCode {
        code,
        message: format!("Issue {code} - {text}"),
    }
}

/// The text between the first pair of `quote` after `marker` (`role "bob" does not exist`).
fn quoted_after<'a>(text: &'a str, marker: &str, quote: char) -> Option<&'a str> {
    let rest = &text[text.find(marker)? + marker.len()..];
    let start = rest.find(quote)? + 1;
    let end = start + rest[start..].find(quote)?;
    Some(&rest[start..end])
}

/// A failed connection as the typed error of its cause (Superset's PostgreSQL and MySQL
/// `custom_errors`): the wrong field is named in `extra.invalid`.
fn connection_failure_error(backend: &str, text: &str, parameters: &DatabaseParameters) -> ErrorItem {
    let username = parameters.username.as_deref().unwrap_or_default().trim();
    let database = parameters.database.as_deref().unwrap_or_default().trim();
    let typed = |error_type, message: String, invalid: &[&str], issue_codes: Vec<IssueCode>| {
        connection_error(
            error_type,
            message,
            ErrorExtra {
                engine_name: Some(engine_display_name(backend).to_owned()),
                invalid: Some(invalid.iter().map(|field| (*field).to_owned()).collect()),
                issue_codes,
                ..ErrorExtra::default()
            },
        )
    };
    let wrong_credentials = || issue(1014, "Either the username or the password is wrong.");
    let wrong_database = || {
        issue(
            1015,
            "Either the database is spelled incorrectly or does not exist.",
        )
    };
    if let Some(role) = quoted_after(text, "role ", '"').filter(|_| text.contains("does not exist")) {
        return typed(
            ErrorType::ConnectionInvalidUsernameError,
            format!("The username \"{role}\" does not exist."),
            &["username"],
            vec![issue(
                1012,
                "The username provided when connecting to a database is not valid.",
            )],
        );
    }
    if text.contains("password authentication failed") {
        return typed(
            ErrorType::ConnectionInvalidPasswordError,
            format!("The password provided for username \"{username}\" is incorrect."),
            &["username", "password"],
            vec![issue(
                1013,
                "The password provided when connecting to a database is not valid.",
            )],
        );
    }
    if text.contains("Access denied for user") {
        return typed(
            ErrorType::ConnectionAccessDeniedError,
            format!("Either the username \"{username}\" or the password is incorrect."),
            &["username", "password"],
            vec![wrong_credentials(), wrong_database()],
        );
    }
    let unknown_database = quoted_after(text, "database ", '"')
        .filter(|_| text.contains("does not exist"))
        .or_else(|| quoted_after(text, "Unknown database ", '\''));
    if unknown_database.is_some() {
        return typed(
            ErrorType::ConnectionUnknownDatabaseError,
            format!("Unable to connect to database \"{database}\"."),
            &["database"],
            vec![wrong_database()],
        );
    }
    connection_error(
        ErrorType::GenericDbEngineError,
        text.to_owned(),
        ErrorExtra {
            engine_name: Some(engine_display_name(backend).to_owned()),
            issue_codes: vec![issue(1002, "The database returned an unexpected error.")],
            ..ErrorExtra::default()
        },
    )
}

/// Connects with the form's parameters (a saved connection's password behind the mask) and
/// answers the typed error of a failure.
async fn connection_attempt_errors(
    app: &AppState,
    config: &DatabaseConfig,
) -> Result<Vec<ErrorItem>, ApiError> {
    let saved = saved_for_test(app, config).await?;
    let connection = resolve_connection(app, config, saved.as_ref())?;
    let attempt = async {
        let engine = Engine::open(connection.backend, &connection.uri, false).await?;
        if let Engine::Sql(database) = &engine {
            database.close().await;
        }
        Ok::<(), EngineError>(())
    };
    let outcome = match tokio::time::timeout(TEST_CONNECTION_TIMEOUT, attempt).await {
        Ok(outcome) => outcome,
        Err(_) => Err(EngineError::Timeout(TEST_CONNECTION_TIMEOUT.as_secs())),
    };
    let parameters = config.parameters.clone().unwrap_or_default();
    Ok(match outcome {
        Ok(()) => Vec::new(),
        Err(error) => vec![connection_failure_error(
            connection.backend,
            &failure_message(&error, &connection),
            &parameters,
        )],
    })
}

/// `POST /api/v1/database/validate_parameters/`: 200 `{"message": "OK"}`, or 422 with one typed
/// error per problem, as Superset checks: missing fields (`extra.missing`, the dialog shows
/// "This is a required field" under each) and a wrong port together with an unresolvable host
/// or a closed port (`extra.invalid`); with none of those, a connection is made and its failure
/// names the wrong field (username, password or database).
pub async fn validate_parameters(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppJson(config): AppJson<DatabaseConfig>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let engine = config.engine.as_deref().ok_or_else(|| missing_field("engine"))?;
    let backend = backend_of_engine(engine)?;
    let mut errors = parameter_errors(backend, &config);
    let parameters = config.parameters.clone().unwrap_or_default();
    if uri::is_file_backend(backend) {
        let path = parameters.database.as_deref().unwrap_or_default().trim();
        if !path.is_empty() && !std::path::Path::new(path).is_file() {
            errors.push(connection_error(
                ErrorType::ConnectionUnknownDatabaseError,
                format!("The database file \"{path}\" does not exist."),
                ErrorExtra {
                    invalid: Some(vec!["database".to_owned()]),
                    ..ErrorExtra::default()
                },
            ));
        }
    } else {
        let host = parameters.host.as_deref().map(str::trim).unwrap_or_default();
        if let (false, Ok(Some(port))) = (host.is_empty(), uri::port_of(&parameters)) {
            errors.extend(reachability_errors(host, port).await);
        }
        if errors.is_empty() {
            errors.extend(connection_attempt_errors(&app, &config).await?);
        }
        if errors.is_empty() {
            errors.extend(catalog_connection_errors(&app, &config).await?);
        }
    }
    if errors.is_empty() {
        Ok(AppJson(MessageResponse {
            message: "OK".to_owned(),
        }))
    } else {
        Err(connection_errors(errors))
    }
}

fn engine_display_name(backend: &str) -> &'static str {
    match backend {
        "duckdb" => "DuckDB",
        "sqlite" => "SQLite",
        "postgresql" => "PostgreSQL",
        _ => "MySQL",
    }
}

/// The JSON schema of the parameters form of an engine.
fn parameters_schema(backend: &str) -> Value {
    if uri::is_file_backend(backend) {
        return json!({
            "type": "object",
            "properties": {
                "database": {"type": "string", "description": "Path to the database file on the server"},
            },
            "required": ["database"],
        });
    }
    json!({
        "type": "object",
        "properties": {
            "host": {"type": "string", "description": "Hostname or IP address"},
            "port": {"type": "integer", "format": "int32", "minimum": 0, "maximum": 65536, "description": "Database port"},
            "database": {"type": "string", "description": "Database name"},
            "username": {"type": "string", "nullable": true, "description": "Username"},
            "password": {"type": "string", "nullable": true, "description": "Password"},
            "query": {"type": "object", "additionalProperties": {}, "description": "Additional parameters"},
            "encryption": {"type": "boolean", "description": "Use an encrypted connection to the database"},
        },
        "required": ["database", "host", "port", "username"],
    })
}

/// `GET /api/v1/database/available/`: the engines the dialog offers.
pub async fn available_engines(CurrentUser(_user): CurrentUser) -> AppJson<AvailableEngines> {
    let engine = |backend: &str, driver: &str, placeholder: &str, preferred: bool| AvailableEngine {
        name: engine_display_name(backend).to_owned(),
        engine: backend.to_owned(),
        available_drivers: vec![driver.to_owned()],
        default_driver: driver.to_owned(),
        sqlalchemy_uri_placeholder: placeholder.to_owned(),
        preferred,
        parameters: parameters_schema(backend),
        engine_information: EngineInformation {
            supports_file_upload: true,
            disable_ssh_tunneling: true,
            supports_dynamic_catalog: false,
            supports_oauth2: false,
        },
    };
    AppJson(AvailableEngines {
        databases: vec![
            engine(
                "postgresql",
                "psycopg2",
                "postgresql://user:password@host:port/dbname[?key=value&key=value...]",
                true,
            ),
            engine(
                "mysql",
                "mysqldb",
                "mysql://user:password@host:port/dbname[?key=value&key=value...]",
                true,
            ),
            engine("duckdb", "duckdb_engine", "duckdb:////path/to/file.duckdb", true),
            engine("sqlite", "pysqlite", "sqlite:////path/to/file.db", false),
        ],
    })
}
