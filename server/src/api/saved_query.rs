//! Saved queries: `GET /api/v1/saved_query/?q=`, `POST /api/v1/saved_query/` and
//! `GET/PUT/DELETE /api/v1/saved_query/{pk}`, with Superset's shapes.
//!
//! As in Superset (`SavedQueryFilter`), a user sees and changes only the queries they created:
//! anyone else's answers 404.

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{
    DatabaseId, IdResult, MessageResponse, SavedQuery, SavedQueryDatabase, SavedQueryPayload, UserId, UserRef,
};
use serde_json::{json, Map, Value};

use super::dataset::ListParams;
use super::humanize::time_ago;
use super::list_answer::{list_answer, tag_ref};
use super::list_query::parse_list_query;
use super::rison::parse_rison;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::sqllab::sql_tables::sql_tables_of_backend;
use crate::state::AppState;
use crate::store::list_rows::ListUser;
use crate::store::saved_query::{SavedQueryFields, SavedQueryRecord, SAVED_QUERY_LIST, SAVED_QUERY_TAG_TYPE};
use crate::store::StoreError;

/// The longest label Superset's `saved_query.label` column holds.
const LABEL_MAX_LENGTH: usize = 256;

fn user_ref(user: ListUser) -> UserRef {
    UserRef {
        id: UserId(user.id),
        first_name: user.first_name,
        last_name: user.last_name,
    }
}

/// A stored saved query as the API shows it.
pub fn saved_query_body(record: SavedQueryRecord, now: chrono::DateTime<chrono::Utc>) -> SavedQuery {
    let fields = record.fields;
    let database = match (fields.db_id, record.database_name) {
        (Some(id), Some(database_name)) => Some(SavedQueryDatabase {
            id: DatabaseId(id),
            database_name,
        }),
        _ => None,
    };
    let sql_tables = sql_tables_of_backend(&fields.sql, record.backend.as_deref().unwrap_or_default());
    SavedQuery {
        id: record.id,
        uuid: record.uuid,
        label: fields.label,
        description: fields.description,
        sql: fields.sql,
        db_id: fields.db_id.map(DatabaseId),
        database,
        catalog: fields.catalog,
        schema: fields.schema,
        template_parameters: fields.template_parameters,
        extra_json: fields.extra_json,
        sql_tables,
        rows: record.rows,
        last_run_delta_humanized: record.last_run.as_deref().map(|last_run| time_ago(last_run, now)),
        changed_on_delta_humanized: time_ago(&record.changed_on, now),
        created_on: record.created_on,
        changed_on: record.changed_on,
        created_by: record.created_by.map(user_ref),
        changed_by: record.changed_by.map(user_ref),
        tags: None,
    }
}

/// The caller's own saved query, or 404 (someone else's is as good as missing).
async fn own_saved_query(app: &AppState, user: &AuthUser, id: i64) -> Result<SavedQueryRecord, ApiError> {
    let record = app.store.saved_query(id).await?;
    let is_creator = record
        .created_by
        .as_ref()
        .is_some_and(|creator| creator.id == user.id);
    if !is_creator {
        return Err(ApiError::not_found());
    }
    Ok(record)
}

fn add_error(errors: &mut Map<String, Value>, field: &str, message: &str) {
    if let Value::Array(messages) = errors.entry(field.to_owned()).or_insert_with(|| json!([])) {
        messages.push(Value::String(message.to_owned()));
    }
}

/// Writes the payload's fields over `fields`, checking them: shape errors are 400, a database that
/// does not exist is 422.
async fn apply_payload(
    app: &AppState,
    payload: SavedQueryPayload,
    fields: &mut SavedQueryFields,
) -> Result<(), ApiError> {
    let mut shape_errors = Map::new();
    if let Some(label) = &payload.label {
        if label.chars().count() > LABEL_MAX_LENGTH {
            add_error(&mut shape_errors, "label", "Length must be between 0 and 256.");
        }
    }
    for (field, text) in [
        ("template_parameters", &payload.template_parameters),
        ("extra_json", &payload.extra_json),
    ] {
        let is_json = text
            .as_deref()
            .filter(|text| !text.trim().is_empty())
            .is_none_or(|text| serde_json::from_str::<Value>(text).is_ok());
        if !is_json {
            add_error(&mut shape_errors, field, "JSON not valid");
        }
    }
    if !shape_errors.is_empty() {
        return Err(ApiError::validation(shape_errors));
    }
    if let Some(DatabaseId(database_id)) = payload.db_id {
        match app.store.database(database_id).await {
            Ok(_) => {}
            Err(StoreError::NotFound) => {
                let mut errors = Map::new();
                add_error(&mut errors, "db_id", "Database does not exist");
                return Err(ApiError::invalid(errors));
            }
            Err(other) => return Err(other.into()),
        }
        fields.db_id = Some(database_id);
    }
    if let Some(catalog) = payload.catalog {
        fields.catalog = Some(catalog).filter(|text| !text.is_empty());
    }
    if let Some(schema) = payload.schema {
        fields.schema = Some(schema).filter(|text| !text.is_empty());
    }
    if let Some(label) = payload.label {
        fields.label = label;
    }
    if let Some(description) = payload.description {
        fields.description = description;
    }
    if let Some(sql) = payload.sql {
        fields.sql = sql;
    }
    if let Some(template_parameters) = payload.template_parameters {
        fields.template_parameters = Some(template_parameters);
    }
    if let Some(extra_json) = payload.extra_json {
        fields.extra_json = extra_json;
    }
    Ok(())
}

/// `GET /api/v1/saved_query/?q=`: the caller's saved queries, filtered, sorted and paged.
pub async fn list_saved_queries(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query(params.q.as_deref())?;
    let own = [user.id];
    let page = app
        .store
        .list_ids(
            &SAVED_QUERY_LIST,
            &query,
            Some(user.id),
            Some(("saved_query.created_by_fk", &own)),
        )
        .await?;
    let now = chrono::Utc::now();
    let rows = app.store.saved_queries(&page.ids).await?;
    let mut tags = app.store.list_tags(SAVED_QUERY_TAG_TYPE, &page.ids).await?;
    let result = rows
        .into_iter()
        .map(|row| {
            let row_tags = tags.remove(&row.id).unwrap_or_default();
            SavedQuery {
                tags: Some(row_tags.into_iter().map(tag_ref).collect()),
                ..saved_query_body(row, now)
            }
        })
        .collect();
    list_answer(page.count, page.ids, result, &query)
}

/// `POST /api/v1/saved_query/`: 201 with the new id and the saved query.
pub async fn create_saved_query(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(payload): AppJson<SavedQueryPayload>,
) -> Result<(StatusCode, AppJson<IdResult<SavedQuery>>), ApiError> {
    let mut fields = SavedQueryFields {
        extra_json: "{}".to_owned(),
        ..SavedQueryFields::default()
    };
    apply_payload(&app, payload, &mut fields).await?;
    let id = app.store.create_saved_query(&fields, user.id).await?;
    let record = app.store.saved_query(id).await?;
    Ok((
        StatusCode::CREATED,
        AppJson(IdResult {
            id,
            result: saved_query_body(record, chrono::Utc::now()),
        }),
    ))
}

/// `GET /api/v1/saved_query/{pk}`.
pub async fn get_saved_query(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<IdResult<SavedQuery>>, ApiError> {
    let record = own_saved_query(&app, &user, id).await?;
    Ok(AppJson(IdResult {
        id,
        result: saved_query_body(record, chrono::Utc::now()),
    }))
}

/// `PUT /api/v1/saved_query/{pk}`: changes the fields sent.
pub async fn update_saved_query(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(payload): AppJson<SavedQueryPayload>,
) -> Result<AppJson<IdResult<SavedQuery>>, ApiError> {
    let mut fields = own_saved_query(&app, &user, id).await?.fields;
    apply_payload(&app, payload, &mut fields).await?;
    app.store.update_saved_query(id, &fields, user.id).await?;
    let record = app.store.saved_query(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: saved_query_body(record, chrono::Utc::now()),
    }))
}

/// `DELETE /api/v1/saved_query/{pk}`.
pub async fn delete_saved_query(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    own_saved_query(&app, &user, id).await?;
    app.store.delete_saved_query(id).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}

/// The ids of a bulk call's `q=!(1,2,3)`.
fn parse_id_list(q: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let text = q.map(str::trim).filter(|text| !text.is_empty()).unwrap_or("!()");
    let value = parse_rison(text).map_err(|error| ApiError::bad_request(error.to_string()))?;
    value
        .as_array()
        .and_then(|ids| ids.iter().map(Value::as_i64).collect::<Option<Vec<_>>>())
        .filter(|ids| !ids.is_empty())
        .ok_or_else(|| ApiError::bad_request("Not a valid list of ids"))
}

/// `DELETE /api/v1/saved_query/?q=!(1,2)`: deletes the caller's saved queries; when one of them
/// is missing (or someone else's) nothing is deleted and the answer is 404.
pub async fn bulk_delete_saved_queries(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let mut ids = parse_id_list(params.q.as_deref())?;
    ids.sort_unstable();
    ids.dedup();
    for id in &ids {
        own_saved_query(&app, &user, *id).await?;
    }
    for id in &ids {
        app.store.delete_saved_query(*id).await?;
    }
    let message = if ids.len() == 1 {
        "Deleted 1 saved query".to_owned()
    } else {
        format!("Deleted {} saved queries", ids.len())
    };
    Ok(AppJson(MessageResponse { message }))
}
