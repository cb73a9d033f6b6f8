//! SQL Lab tabs kept on the server (spec 002 section 7): `/tabstateview/` (create, read, update,
//! activate, delete, delete a run, migrate a run) and `/tableschemaview/` (open a table, expand
//! or collapse it, remove it), plus `GET /api/v1/sqllab/`, what SQL Lab opens with.
//!
//! Bodies are JSON, or, as Superset's client sends them, form fields whose values are JSON. A tab
//! belongs to its user: another user's tab is 403, a tab that does not exist is 404 (the client
//! then drops it locally).

use std::collections::BTreeMap;

use axum::extract::{FromRequest, Request, State};
use quiver_types::{
    CreatedId, DatabaseId, ErrorExtra, ErrorType, MigrateQueryPayload, ResultResponse, SqlLabBootstrap,
    SqlLabConfig, SqlLabQuery, TabSavedQuery, TabState, TabStateCreatePayload, TabStateRef, TabStateUpdate,
    TableSchema, TableSchemaCreatePayload, TableSchemaExpanded, TableSchemaExpandedResponse,
};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::auth::{AuthUser, CurrentUser};
use crate::error::{is_form_post, ApiError, AppJson, AppPath, ErrorKind};
use crate::sqllab::run::query_view;
use crate::state::AppState;
use crate::store::query::QueryRecord;
use crate::store::tab_state::{NewTabState, NewTableSchema, TabStateRecord, TabValue, TableSchemaRecord};
use crate::store::StoreError;

/// Superset's name of a tab created without one.
const DEFAULT_TAB_LABEL: &str = "Untitled Query";
/// Superset's SQL of a tab created without any.
const DEFAULT_TAB_SQL: &str = "SELECT ...";
/// The runs `GET /api/v1/sqllab/` answers at most.
const BOOTSTRAP_QUERY_LIMIT: i64 = 100;

/// A body sent as JSON or as form fields holding JSON (`queryEditor={"name": ...}`).
#[derive(Debug, Clone)]
pub struct JsonOrForm<T>(pub T);

impl<T, S> FromRequest<S> for JsonOrForm<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_form_post(request.headers()) {
            let AppJson(value) = AppJson::<T>::from_request(request, state).await?;
            return Ok(JsonOrForm(value));
        }
        let axum::Form(fields) = axum::Form::<Vec<(String, String)>>::from_request(request, state)
            .await
            .map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
        let mut object = Map::new();
        for (name, text) in fields {
            let value = serde_json::from_str(&text).unwrap_or_else(|_| Value::String(text.clone()));
            object.insert(name, value);
        }
        serde_json::from_value(Value::Object(object))
            .map(JsonOrForm)
            .map_err(|error| {
                ApiError::typed(
                    ErrorKind::BadRequest,
                    ErrorType::InvalidPayloadSchemaError,
                    format!("Invalid payload: {error}"),
                    ErrorExtra::default(),
                )
            })
    }
}

/// The caller's tab: 404 when it does not exist, 403 when it is another user's.
async fn own_tab(app: &AppState, user: &AuthUser, id: i64) -> Result<TabStateRecord, ApiError> {
    let tab = app.store.tab_state(id).await?;
    if tab.user_id != user.id {
        return Err(ApiError::forbidden("Forbidden"));
    }
    Ok(tab)
}

/// 422 `{"message": {field: ["... does not exist"]}}` unless the database exists.
async fn check_database_exists(app: &AppState, field: &str, database_id: i64) -> Result<(), ApiError> {
    match app.store.database(database_id).await {
        Ok(_) => Ok(()),
        Err(StoreError::NotFound) => Err(ApiError::invalid(Map::from_iter([(
            field.to_owned(),
            serde_json::json!(["Database does not exist"]),
        )]))),
        Err(other) => Err(other.into()),
    }
}

/// 422 unless the saved query exists.
async fn check_saved_query_exists(app: &AppState, saved_query_id: i64) -> Result<(), ApiError> {
    match app.store.saved_query(saved_query_id).await {
        Ok(_) => Ok(()),
        Err(StoreError::NotFound) => Err(ApiError::invalid(Map::from_iter([(
            "saved_query_id".to_owned(),
            serde_json::json!(["Saved query does not exist"]),
        )]))),
        Err(other) => Err(other.into()),
    }
}

async fn query_body(app: &AppState, record: &QueryRecord) -> Result<SqlLabQuery, ApiError> {
    let database_name = match app.store.database(record.database_id).await {
        Ok(database) => database.database_name,
        Err(StoreError::NotFound) => String::new(),
        Err(other) => return Err(other.into()),
    };
    Ok(query_view(record, &database_name))
}

fn table_schema_body(record: TableSchemaRecord) -> TableSchema {
    TableSchema {
        id: record.id,
        tab_state_id: record.tab_state_id,
        database_id: DatabaseId(record.database_id),
        catalog: record.catalog,
        schema: record.schema,
        table: record.table,
        description: record
            .description
            .as_deref()
            .and_then(|text| serde_json::from_str(text).ok()),
        expanded: record.expanded,
    }
}

/// A stored tab with its tables, latest run and saved query, as `GET /tabstateview/{pk}` shows it.
async fn tab_body(app: &AppState, tab: TabStateRecord) -> Result<TabState, ApiError> {
    let latest_query = match tab.latest_query_id.as_deref() {
        Some(client_id) => match app.store.query_by_client_id(client_id).await? {
            Some(record) if record.user_id == Some(tab.user_id) => Some(query_body(app, &record).await?),
            _ => None,
        },
        None => None,
    };
    let table_schemas = app
        .store
        .tab_table_schemas(tab.id)
        .await?
        .into_iter()
        .map(table_schema_body)
        .collect();
    let saved_query = match (tab.saved_query_id, tab.saved_query_label) {
        (Some(id), Some(label)) => Some(TabSavedQuery { id, label }),
        _ => None,
    };
    Ok(TabState {
        id: tab.id,
        user_id: tab.user_id,
        label: tab.label,
        active: tab.active,
        database_id: tab.database_id.map(DatabaseId),
        catalog: tab.catalog,
        schema: tab.schema,
        sql: tab.sql,
        query_limit: tab.query_limit,
        latest_query,
        autorun: tab.autorun,
        template_params: tab.template_params,
        hide_left_bar: tab.hide_left_bar,
        saved_query,
        table_schemas,
        extra_json: serde_json::from_str(&tab.extra_json).unwrap_or_else(|_| Value::Object(Map::new())),
    })
}

/// `GET /api/v1/sqllab/`: the persistence flag, the active tab, every tab and their latest runs.
pub async fn bootstrap(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<AppJson<ResultResponse<SqlLabBootstrap>>, ApiError> {
    let tabs = app.store.user_tab_states(user.id).await?;
    let tab_ids: Vec<i64> = tabs.iter().map(|tab| tab.id).collect();
    let tab_state_ids = tabs
        .iter()
        .map(|tab| TabStateRef {
            id: tab.id,
            label: tab.label.clone(),
        })
        .collect();
    let active = tabs
        .iter()
        .find(|tab| tab.active)
        .or_else(|| tabs.last())
        .cloned();
    let active_tab = match active {
        Some(tab) => Some(tab_body(&app, tab).await?),
        None => None,
    };
    let mut queries = BTreeMap::new();
    for record in app
        .store
        .tab_queries(user.id, &tab_ids, BOOTSTRAP_QUERY_LIMIT)
        .await?
    {
        let body = query_body(&app, &record).await?;
        queries.insert(record.client_id.clone(), body);
    }
    Ok(AppJson(ResultResponse {
        result: SqlLabBootstrap {
            backend_persistence: app.settings.sqllab_backend_persistence,
            active_tab,
            tab_state_ids,
            queries,
            sqllab_config: SqlLabConfig {
                default_sqllab_limit: app.settings.default_sqllab_limit,
                default_database_id: app.settings.sqllab_default_dbid,
                query_result_timeout_seconds: app.settings.sqllab_query_result_timeout,
            },
        },
    }))
}

/// `POST /tabstateview/`: creates a tab from the client's editor and makes it active.
pub async fn create_tab(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    JsonOrForm(payload): JsonOrForm<TabStateCreatePayload>,
) -> Result<AppJson<CreatedId>, ApiError> {
    let editor = payload.query_editor;
    if let Some(DatabaseId(database_id)) = editor.db_id {
        check_database_exists(&app, "dbId", database_id).await?;
    }
    if let Some(saved_query_id) = editor.remote_id {
        check_saved_query_exists(&app, saved_query_id).await?;
    }
    let tab = NewTabState {
        label: editor
            .name
            .filter(|name| !name.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_TAB_LABEL.to_owned()),
        database_id: editor.db_id.map(|id| id.0),
        catalog: editor.catalog,
        schema: editor.schema,
        sql: editor.sql.unwrap_or_else(|| DEFAULT_TAB_SQL.to_owned()),
        query_limit: editor.query_limit,
        template_params: editor.template_params,
        autorun: editor.autorun.unwrap_or(false),
        hide_left_bar: editor.hide_left_bar.unwrap_or(false),
        saved_query_id: editor.remote_id,
    };
    let id = app.store.create_tab_state(user.id, &tab).await?;
    Ok(AppJson(CreatedId { id }))
}

/// `GET /tabstateview/{pk}`.
pub async fn get_tab(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<TabState>, ApiError> {
    let tab = own_tab(&app, &user, id).await?;
    Ok(AppJson(tab_body(&app, tab).await?))
}

/// The columns a tab update sets, checked: one of sql, latest_query_id, saved_query_id, or the
/// editor's settings.
async fn tab_changes(
    app: &AppState,
    update: TabStateUpdate,
) -> Result<Vec<(&'static str, TabValue)>, ApiError> {
    let mut changes = Vec::new();
    if let Some(sql) = update.sql {
        changes.push(("sql", TabValue::Text(sql)));
    }
    if let Some(latest_query_id) = update.latest_query_id {
        changes.push(("latest_query_id", TabValue::Text(latest_query_id)));
    }
    if let Some(saved_query_id) = update.saved_query_id {
        if let Some(id) = saved_query_id {
            check_saved_query_exists(app, id).await?;
        }
        changes.push(("saved_query_id", TabValue::Integer(saved_query_id)));
    }
    if let Some(database_id) = update.database_id {
        if let Some(id) = database_id {
            check_database_exists(app, "database_id", id).await?;
        }
        changes.push(("database_id", TabValue::Integer(database_id)));
    }
    if let Some(catalog) = update.catalog {
        changes.push(("catalog", TabValue::Text(catalog)));
    }
    if let Some(schema) = update.schema {
        changes.push(("schema", TabValue::Text(schema)));
    }
    if let Some(label) = update.label {
        changes.push(("label", TabValue::Text(Some(label))));
    }
    if let Some(query_limit) = update.query_limit {
        changes.push(("query_limit", TabValue::Integer(query_limit)));
    }
    if let Some(template_params) = update.template_params {
        changes.push(("template_params", TabValue::Text(template_params)));
    }
    if let Some(hide_left_bar) = update.hide_left_bar {
        changes.push(("hide_left_bar", TabValue::Bool(hide_left_bar)));
    }
    if let Some(autorun) = update.autorun {
        changes.push(("autorun", TabValue::Bool(autorun)));
    }
    if let Some(extra_json) = update.extra_json {
        if !extra_json.is_object() {
            return Err(ApiError::validation(Map::from_iter([(
                "extra_json".to_owned(),
                serde_json::json!(["Not a valid mapping type."]),
            )])));
        }
        changes.push(("extra_json", TabValue::Text(Some(extra_json.to_string()))));
    }
    Ok(changes)
}

/// `PUT /tabstateview/{pk}`: answers the tab's id.
pub async fn update_tab(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    JsonOrForm(update): JsonOrForm<TabStateUpdate>,
) -> Result<AppJson<i64>, ApiError> {
    own_tab(&app, &user, id).await?;
    let changes = tab_changes(&app, update).await?;
    if !changes.is_empty() {
        app.store.update_tab_state(id, &changes).await?;
    }
    Ok(AppJson(id))
}

/// `POST /tabstateview/{pk}/activate`: the tab becomes the user's only active one.
pub async fn activate_tab(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<i64>, ApiError> {
    own_tab(&app, &user, id).await?;
    app.store.activate_tab_state(id, user.id).await?;
    Ok(AppJson(id))
}

/// `DELETE /tabstateview/{pk}`: the tab and its tables go.
pub async fn delete_tab(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<&'static str>, ApiError> {
    own_tab(&app, &user, id).await?;
    app.store.delete_tab_state(id).await?;
    Ok(AppJson("OK"))
}

/// `DELETE /tabstateview/{pk}/query/{client_id}`: removes one of the tab's runs.
pub async fn delete_tab_query(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath((id, client_id)): AppPath<(i64, String)>,
) -> Result<AppJson<&'static str>, ApiError> {
    own_tab(&app, &user, id).await?;
    if !app.store.delete_tab_query(id, &client_id, user.id).await? {
        return Err(ApiError::not_found());
    }
    Ok(AppJson("OK"))
}

/// `POST /tabstateview/{pk}/migrate_query`: a run made while the tab lived in the browser moves
/// into it.
pub async fn migrate_query(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    JsonOrForm(payload): JsonOrForm<MigrateQueryPayload>,
) -> Result<AppJson<i64>, ApiError> {
    own_tab(&app, &user, id).await?;
    if !app
        .store
        .move_query_to_tab(&payload.query_id, user.id, id)
        .await?
    {
        return Err(ApiError::not_found());
    }
    Ok(AppJson(id))
}

/// The caller's table schema: 404 when it does not exist, 403 when its tab is another user's.
async fn own_table_schema(app: &AppState, user: &AuthUser, id: i64) -> Result<TableSchemaRecord, ApiError> {
    let table = app.store.table_schema(id).await?;
    own_tab(app, user, table.tab_state_id).await?;
    Ok(table)
}

/// `POST /tableschemaview/`: opens a table in a tab (replacing the same table), expanded.
pub async fn create_table_schema(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    JsonOrForm(payload): JsonOrForm<TableSchemaCreatePayload>,
) -> Result<AppJson<CreatedId>, ApiError> {
    let table = payload.table;
    let tab_state_id = match &table.query_editor_id {
        Value::Number(number) => number.as_i64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
    .ok_or_else(|| {
        ApiError::validation(Map::from_iter([(
            "queryEditorId".to_owned(),
            serde_json::json!(["Not a valid integer."]),
        )]))
    })?;
    own_tab(&app, &user, tab_state_id).await?;
    check_database_exists(&app, "dbId", table.db_id.0).await?;
    let description = serde_json::to_string(&table).map_err(ApiError::internal)?;
    let id = app
        .store
        .create_table_schema(&NewTableSchema {
            tab_state_id,
            database_id: table.db_id.0,
            catalog: table.catalog.as_deref(),
            schema: table.schema.as_deref(),
            table: &table.name,
            description: &description,
            expanded: table.expanded.unwrap_or(true),
        })
        .await?;
    Ok(AppJson(CreatedId { id }))
}

/// `POST /tableschemaview/{pk}/expanded`.
pub async fn set_table_schema_expanded(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    JsonOrForm(payload): JsonOrForm<TableSchemaExpanded>,
) -> Result<AppJson<TableSchemaExpandedResponse>, ApiError> {
    own_table_schema(&app, &user, id).await?;
    app.store.set_table_schema_expanded(id, payload.expanded).await?;
    Ok(AppJson(TableSchemaExpandedResponse {
        id,
        expanded: payload.expanded,
    }))
}

/// `DELETE /tableschemaview/{pk}`.
pub async fn delete_table_schema(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<&'static str>, ApiError> {
    own_table_schema(&app, &user, id).await?;
    app.store.delete_table_schema(id).await?;
    Ok(AppJson("OK"))
}
