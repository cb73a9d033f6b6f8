//! Databases: the list (`GET /api/v1/database/?q=`, which SQL Lab's left bar also reads with the
//! `expose_in_sqllab` filter), `/{pk}/catalogs/`, `/{pk}/schemas/`, `/{pk}/tables/`,
//! `/{pk}/table_metadata/` and `/{pk}/table_metadata/extra/`.
//! Creating and editing connections belongs to the database CRUD (not built here).

use axum::extract::State;
use quiver_types::{DatabaseId, DatabaseListItem, ListResponse, ResultResponse, TableMetadata, TableOption};
use serde::Deserialize;
use serde_json::Value;

use super::humanize::time_ago;
use super::list_answer::{list_answer, user_ref};
use super::list_query::parse_list_query;
use super::rison::parse_rison;
use crate::auth::{AuthUser, CurrentUser};
use crate::chart_data::{engine_error, engine_open_error};
use crate::engines::uri::with_database_name;
use crate::engines::Engine;
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::sqllab::browse;
use crate::sqllab::guard::SqlEngine;
use crate::sqllab::run::{authorized_database, can_access_database};
use crate::state::AppState;
use crate::store::database_list::{DatabaseListRow, DATABASE_LIST};

/// The raw `?q=` (rison) of these calls.
#[derive(Debug, Deserialize)]
pub struct RisonParams {
    pub q: Option<String>,
}

fn rison_query(params: &RisonParams) -> Result<Value, ApiError> {
    match params.q.as_deref() {
        Some(q) => parse_rison(q).map_err(|error| ApiError::bad_request(error.to_string())),
        None => Ok(Value::Null),
    }
}

/// Superset's `Database.disable_data_preview`: `"disable_data_preview": true` in the extra JSON
/// (anything else, or extra that is not JSON, leaves the preview on).
fn disables_data_preview(extra: &str) -> bool {
    serde_json::from_str::<Value>(extra)
        .is_ok_and(|extra| extra.get("disable_data_preview") == Some(&Value::Bool(true)))
}

fn list_item(row: DatabaseListRow, now: chrono::DateTime<chrono::Utc>) -> DatabaseListItem {
    DatabaseListItem {
        allows_cost_estimate: crate::sqllab::estimate::allows_cost_estimate(&row.backend),
        id: DatabaseId(row.id),
        database_name: row.database_name,
        backend: row.backend,
        expose_in_sqllab: row.expose_in_sqllab,
        allow_run_async: row.allow_run_async,
        allow_dml: row.allow_dml,
        allow_multi_catalog: row.allow_multi_catalog,
        uuid: row.uuid,
        allow_file_upload: row.allow_file_upload,
        allow_ctas: row.allow_ctas,
        allow_cvas: row.allow_cvas,
        disable_data_preview: disables_data_preview(&row.extra),
        extra: row.extra,
        changed_on_delta_humanized: time_ago(&row.changed_on, now),
        changed_on: row.changed_on,
        created_by: row.created_by.map(user_ref),
        changed_by: row.changed_by.map(user_ref),
    }
}

/// The databases a user may query, for lists; `None` when they may query every one.
pub async fn visible_databases(app: &AppState, user: &AuthUser) -> Result<Option<Vec<i64>>, ApiError> {
    if user.has_permission("all_database_access", "all_database_access")
        || user.has_permission("all_datasource_access", "all_datasource_access")
    {
        return Ok(None);
    }
    Ok(Some(
        app.store
            .databases()
            .await?
            .into_iter()
            .filter(|database| can_access_database(user, database))
            .map(|database| database.id)
            .collect(),
    ))
}

/// `GET /api/v1/database/?q=(filters:!((col:database_name,opr:ct,value:x),(col:expose_in_sqllab,opr:eq,value:!t)),page:0,page_size:25)`:
/// the databases the user may query, on the generic list builder.
pub async fn list_databases(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<RisonParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query(params.q.as_deref())?;
    let visible = visible_databases(&app, &user).await?;
    let page = app
        .store
        .list_ids(
            &DATABASE_LIST,
            &query,
            Some(user.id),
            visible.as_deref().map(|ids| ("dbs.id", ids)),
        )
        .await?;
    let now = chrono::Utc::now();
    let rows = app.store.database_list_rows(&page.ids).await?;
    let result = rows.into_iter().map(|row| list_item(row, now)).collect();
    list_answer(page.count, page.ids, result, &query)
}

async fn open_database(app: &AppState, user: &AuthUser, id: i64) -> Result<OpenDatabase, ApiError> {
    let record = authorized_database(app, user, id).await?;
    let kind = SqlEngine::from_backend(&record.backend).ok_or_else(|| {
        ApiError::bad_request(format!("The {} engine is not supported yet", record.backend))
    })?;
    let engine = app
        .engines
        .engine_for(&record)
        .await
        .map_err(|error| engine_open_error(&record.backend, error))?;
    Ok(OpenDatabase { record, engine, kind })
}

/// A database the user may query, with its engine.
struct OpenDatabase {
    record: crate::store::database::DatabaseRecord,
    engine: Engine,
    kind: SqlEngine,
}

/// The engine that reads one catalog of a database: the database's own engine for its current
/// catalog (or with no catalog asked for), else a PostgreSQL pool on that database opened for
/// this call (`is_temporary`), or DuckDB's engine with the catalog as a filter.
struct CatalogReader {
    engine: Engine,
    kind: SqlEngine,
    /// The DuckDB catalog to filter on; `None` on the other engines and for the current one.
    duckdb_catalog: Option<String>,
    is_temporary: bool,
}

impl CatalogReader {
    async fn finish(self) {
        if self.is_temporary {
            self.engine.close().await;
        }
    }
}

/// Opens the reader of `catalog` (`None` or empty: the current one). A catalog the database does
/// not list is a 404 `Catalog {name} not found`; SQLite and MySQL list none.
async fn open_catalog(
    app: &AppState,
    user: &AuthUser,
    id: i64,
    catalog: Option<&str>,
) -> Result<CatalogReader, ApiError> {
    let database = open_database(app, user, id).await?;
    let engine_name = database.engine.engine_name();
    let reader = |engine: Engine, duckdb_catalog: Option<String>, is_temporary: bool| CatalogReader {
        engine,
        kind: database.kind,
        duckdb_catalog,
        is_temporary,
    };
    let Some(catalog) = catalog.filter(|catalog| !catalog.is_empty()) else {
        return Ok(reader(database.engine.clone(), None, false));
    };
    let known = browse::catalogs(&database.engine, database.kind)
        .await
        .map_err(|error| engine_error(engine_name, error, ""))?;
    if !known.iter().any(|name| name == catalog) {
        return Err(ApiError::message(
            ErrorKind::NotFound,
            format!("Catalog {catalog} not found"),
        ));
    }
    let current = browse::current_catalog(&database.engine, database.kind)
        .await
        .map_err(|error| engine_error(engine_name, error, ""))?;
    if current.as_deref() == Some(catalog) {
        return Ok(reader(database.engine.clone(), None, false));
    }
    if database.kind != SqlEngine::Postgres {
        return Ok(reader(database.engine.clone(), Some(catalog.to_owned()), false));
    }
    let uri = app
        .engines
        .connection_uri(&database.record)
        .map_err(ApiError::internal)?;
    let catalog_uri = with_database_name(&uri, catalog)
        .ok_or_else(|| ApiError::internal("the database URI has no database name to replace"))?;
    let engine = Engine::open(&database.record.backend, &catalog_uri, false)
        .await
        .map_err(|error| engine_error(engine_name, error, ""))?;
    Ok(reader(engine, None, true))
}

/// `force` of the left bar's calls: accepted; Quiver keeps no metadata cache, so every call
/// reads the engine's catalogue afresh (forced or not).
fn is_forced(query: &Value) -> bool {
    query.get("force").and_then(Value::as_bool).unwrap_or(false)
}

fn text_field<'a>(query: &'a Value, field: &str) -> Option<&'a str> {
    query.get(field).and_then(Value::as_str)
}

/// `GET /api/v1/database/{pk}/catalogs/?q=(force:!f)`: `{"result": [sorted names]}`; empty on
/// engines without catalogs (SQLite, MySQL), as Superset answers.
pub async fn catalogs(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<RisonParams>,
) -> Result<AppJson<ResultResponse<Vec<String>>>, ApiError> {
    let query = rison_query(&params)?;
    let _always_fresh = is_forced(&query);
    let database = open_database(&app, &user, id).await?;
    let result = browse::catalogs(&database.engine, database.kind)
        .await
        .map_err(|error| engine_error(database.engine.engine_name(), error, ""))?;
    Ok(AppJson(ResultResponse { result }))
}

/// `GET /api/v1/database/{pk}/schemas/?q=(force:!f,catalog:name)`: `{"result": [sorted names]}`.
pub async fn schemas(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<RisonParams>,
) -> Result<AppJson<ResultResponse<Vec<String>>>, ApiError> {
    let query = rison_query(&params)?;
    let _always_fresh = is_forced(&query);
    let reader = open_catalog(&app, &user, id, text_field(&query, "catalog")).await?;
    let result = browse::schemas(&reader.engine, reader.kind, reader.duckdb_catalog.as_deref()).await;
    let engine_name = reader.engine.engine_name();
    reader.finish().await;
    let result = result.map_err(|error| engine_error(engine_name, error, ""))?;
    Ok(AppJson(ResultResponse { result }))
}

/// `GET /api/v1/database/{pk}/tables/?q=(schema_name:main,catalog_name:name,force:!f)`:
/// `{"count", "result"}`.
pub async fn tables(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<RisonParams>,
) -> Result<AppJson<ListResponse<TableOption>>, ApiError> {
    let query = rison_query(&params)?;
    let _always_fresh = is_forced(&query);
    let Some(schema) = text_field(&query, "schema_name") else {
        return Err(ApiError::validation(
            [(
                "schema_name".to_owned(),
                serde_json::json!(["Missing data for required field."]),
            )]
            .into_iter()
            .collect(),
        ));
    };
    let reader = open_catalog(&app, &user, id, text_field(&query, "catalog_name")).await?;
    let result = browse::tables(
        &reader.engine,
        reader.kind,
        reader.duckdb_catalog.as_deref(),
        schema,
    )
    .await;
    let engine_name = reader.engine.engine_name();
    reader.finish().await;
    let result = result.map_err(|error| engine_error(engine_name, error, ""))?;
    Ok(AppJson(ListResponse {
        count: result.len() as i64,
        result,
    }))
}

#[derive(Debug, Deserialize)]
pub struct TableMetadataParams {
    pub name: String,
    #[serde(default)]
    pub schema: Option<String>,
    #[serde(default)]
    pub catalog: Option<String>,
}

fn schema_or_default(schema: Option<String>, kind: SqlEngine) -> String {
    match schema.filter(|schema| !schema.is_empty()) {
        Some(schema) => schema,
        None if kind == SqlEngine::Postgres => "public".to_owned(),
        None => "main".to_owned(),
    }
}

/// `GET /api/v1/database/{pk}/table_metadata/?name=&schema=&catalog=`: columns with types and
/// keys, foreign keys and indexes.
pub async fn table_metadata(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<TableMetadataParams>,
) -> Result<AppJson<TableMetadata>, ApiError> {
    let reader = open_catalog(&app, &user, id, params.catalog.as_deref()).await?;
    let schema = schema_or_default(params.schema, reader.kind);
    let metadata = browse::table_metadata(
        &reader.engine,
        reader.kind,
        reader.duckdb_catalog.as_deref(),
        &schema,
        &params.name,
    )
    .await;
    let engine_name = reader.engine.engine_name();
    reader.finish().await;
    metadata
        .map_err(|error| engine_error(engine_name, error, ""))?
        .map(AppJson)
        .ok_or_else(|| ApiError::message(ErrorKind::NotFound, format!("Table {} not found", params.name)))
}

/// `GET /api/v1/database/{pk}/table_metadata/extra/?name=&schema=&catalog=`: the engine's extra
/// table metadata. Superset 6 answers `{}` for PostgreSQL, MySQL, SQLite and DuckDB (only
/// engines such as Presto, Hive or BigQuery add partitions); so does Quiver, after the same
/// access and catalog checks as `table_metadata`.
pub async fn table_metadata_extra(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<TableMetadataParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let reader = open_catalog(&app, &user, id, params.catalog.as_deref()).await?;
    reader.finish().await;
    Ok(axum::Json(Value::Object(serde_json::Map::new())))
}
