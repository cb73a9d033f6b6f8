//! Databases: the list (`GET /api/v1/database/?q=`, which SQL Lab's left bar also reads with the
//! `expose_in_sqllab` filter), `/{pk}/schemas/`, `/{pk}/tables/` and `/{pk}/table_metadata/`.
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
use crate::chart_data::engine_error;
use crate::engines::{Engine, EngineError};
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

async fn open_database(app: &AppState, user: &AuthUser, id: i64) -> Result<(Engine, SqlEngine), ApiError> {
    let database = authorized_database(app, user, id).await?;
    let kind = SqlEngine::from_backend(&database.backend).ok_or_else(|| {
        ApiError::bad_request(format!("The {} engine is not supported yet", database.backend))
    })?;
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
    Ok((engine, kind))
}

/// `GET /api/v1/database/{pk}/schemas/?q=(force:!f)`: `{"result": [sorted names]}`.
pub async fn schemas(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<RisonParams>,
) -> Result<AppJson<ResultResponse<Vec<String>>>, ApiError> {
    rison_query(&params)?;
    let (engine, kind) = open_database(&app, &user, id).await?;
    let result = browse::schemas(&engine, kind)
        .await
        .map_err(|error| engine_error(engine.engine_name(), error, ""))?;
    Ok(AppJson(ResultResponse { result }))
}

/// `GET /api/v1/database/{pk}/tables/?q=(schema_name:main,force:!f)`: `{"count", "result"}`.
pub async fn tables(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<RisonParams>,
) -> Result<AppJson<ListResponse<TableOption>>, ApiError> {
    let query = rison_query(&params)?;
    let Some(schema) = query.get("schema_name").and_then(Value::as_str) else {
        return Err(ApiError::validation(
            [(
                "schema_name".to_owned(),
                serde_json::json!(["Missing data for required field."]),
            )]
            .into_iter()
            .collect(),
        ));
    };
    let (engine, kind) = open_database(&app, &user, id).await?;
    let result = browse::tables(&engine, kind, schema)
        .await
        .map_err(|error| engine_error(engine.engine_name(), error, ""))?;
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

/// `GET /api/v1/database/{pk}/table_metadata/?name=&schema=`: columns with types and keys.
pub async fn table_metadata(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<TableMetadataParams>,
) -> Result<AppJson<TableMetadata>, ApiError> {
    let (engine, kind) = open_database(&app, &user, id).await?;
    let schema = match params.schema.filter(|schema| !schema.is_empty()) {
        Some(schema) => schema,
        None if kind == SqlEngine::Postgres => "public".to_owned(),
        None => "main".to_owned(),
    };
    let _ = params.catalog;
    browse::table_metadata(&engine, kind, &schema, &params.name)
        .await
        .map_err(|error| engine_error(engine.engine_name(), error, ""))?
        .map(AppJson)
        .ok_or_else(|| ApiError::message(ErrorKind::NotFound, format!("Table {} not found", params.name)))
}
