//! The databases SQL Lab's left bar browses: `GET /api/v1/database/` (with the
//! `expose_in_sqllab` filter), `/{pk}/schemas/`, `/{pk}/tables/` and `/{pk}/table_metadata/`.
//! Creating and editing connections belongs to the database CRUD (not built here).

use axum::extract::State;
use quiver_types::{DatabaseId, DatabaseListItem, ListResponse, ResultResponse, TableMetadata, TableOption};
use serde::Deserialize;
use serde_json::Value;

use super::rison::parse_rison;
use crate::auth::CurrentUser;
use crate::chart_data::engine_error;
use crate::engines::{Engine, EngineError};
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::sqllab::browse;
use crate::sqllab::guard::SqlEngine;
use crate::sqllab::run::{authorized_database, can_access_database};
use crate::state::AppState;
use crate::store::database::DatabaseRecord;

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

/// `GET /api/v1/database/?q=(filters:!((col:database_name,opr:ct,value:x),(col:expose_in_sqllab,opr:eq,value:!t)),page:0,page_size:25)`:
/// the databases the user may query, ordered by name.
pub async fn list_databases(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<RisonParams>,
) -> Result<AppJson<ListResponse<DatabaseListItem>>, ApiError> {
    let query = rison_query(&params)?;
    let mut name_contains: Option<String> = None;
    let mut exposed: Option<bool> = None;
    if let Some(filters) = query.get("filters").and_then(Value::as_array) {
        for filter in filters {
            let column = filter.get("col").and_then(Value::as_str);
            let operator = filter.get("opr").and_then(Value::as_str);
            match (column, operator, filter.get("value")) {
                (Some("database_name"), Some("ct"), Some(Value::String(text))) => {
                    name_contains = Some(text.to_lowercase())
                }
                (Some("expose_in_sqllab"), Some("eq"), Some(Value::Bool(value))) => exposed = Some(*value),
                _ => return Err(ApiError::bad_request(format!("Unsupported filter: {filter}"))),
            }
        }
    }
    let page = query.get("page").and_then(Value::as_u64).unwrap_or(0);
    let page_size = query
        .get("page_size")
        .and_then(Value::as_u64)
        .unwrap_or(100)
        .clamp(1, 1000);
    let matching: Vec<DatabaseRecord> = app
        .store
        .databases()
        .await?
        .into_iter()
        .filter(|database| can_access_database(&user, database))
        .filter(|database| exposed.is_none_or(|wanted| database.expose_in_sqllab == wanted))
        .filter(|database| {
            name_contains
                .as_deref()
                .is_none_or(|text| database.database_name.to_lowercase().contains(text))
        })
        .collect();
    let count = matching.len() as i64;
    let start = usize::try_from(page.saturating_mul(page_size)).unwrap_or(usize::MAX);
    let result = matching
        .into_iter()
        .skip(start)
        .take(usize::try_from(page_size).unwrap_or(100))
        .map(|database| DatabaseListItem {
            id: DatabaseId(database.id),
            database_name: database.database_name,
            backend: database.backend,
            expose_in_sqllab: database.expose_in_sqllab,
            allow_run_async: database.allow_run_async,
            allow_dml: database.allow_dml,
            allow_multi_catalog: database.allow_multi_catalog,
        })
        .collect();
    Ok(AppJson(ListResponse { count, result }))
}

async fn open_database(
    app: &AppState,
    user: &crate::auth::AuthUser,
    id: i64,
) -> Result<(Engine, SqlEngine), ApiError> {
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
