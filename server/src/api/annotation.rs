//! Annotation layers and annotations, with Superset's routes and shapes:
//! `/api/v1/annotation_layer/` (list, create, bulk delete), `/api/v1/annotation_layer/{pk}`
//! (get, update, delete) and `/api/v1/annotation_layer/{pk}/annotation/[{annotation_id}]`.
//!
//! A layer that still holds annotations cannot be deleted (Superset's
//! `AnnotationLayerDeleteIntegrityError`); names are unique, and so are an annotation's short
//! descriptions within its layer.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDateTime;
use quiver_types::{
    AnnotationItem, AnnotationLayerItem, AnnotationLayerPayload, AnnotationLayerRef, AnnotationPayload,
    IdResult, MessageResponse,
};
use serde_json::{json, Map, Value};

use super::bulk_delete::deleted_message;
use super::dataset::ListParams;
use super::humanize::time_ago;
use super::list_answer::{list_answer, user_ref};
use super::list_query::parse_list_query;
use super::rison::parse_rison;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::state::AppState;
use crate::store::annotation::{
    AnnotationFields, AnnotationRecord, LayerFields, LayerRecord, ANNOTATION_LAYER_LIST, ANNOTATION_LIST,
};
use crate::store::StoreError;

/// Superset's column sizes: `annotation_layer.name` and `annotation.short_descr`.
const NAME_MAX_LENGTH: usize = 250;
const SHORT_DESCR_MAX_LENGTH: usize = 500;

/// The stored form of annotation times.
const STORED_TIME_FORMAT: &str = "%Y-%m-%dT%H:%M:%S";

const REQUIRED: &str = "Missing data for required field.";

fn field_error(field: &str, message: &str) -> Map<String, Value> {
    let mut errors = Map::new();
    errors.insert(field.to_owned(), json!([message]));
    errors
}

/// A unique-name clash as Superset reports it: 422 with the field's message.
fn conflict_as_invalid(field: &'static str) -> impl Fn(StoreError) -> ApiError {
    move |error| match error {
        StoreError::Conflict(message) => ApiError::invalid(field_error(field, &message)),
        other => other.into(),
    }
}

fn layer_item(record: LayerRecord, now: chrono::DateTime<chrono::Utc>) -> AnnotationLayerItem {
    AnnotationLayerItem {
        id: record.id,
        name: record.fields.name,
        descr: record.fields.descr,
        changed_on_delta_humanized: time_ago(&record.changed_on, now),
        created_on: record.created_on,
        changed_on: record.changed_on,
        created_by: record.created_by.map(user_ref),
        changed_by: record.changed_by.map(user_ref),
    }
}

fn annotation_item(record: AnnotationRecord, now: chrono::DateTime<chrono::Utc>) -> AnnotationItem {
    AnnotationItem {
        id: record.id,
        short_descr: record.fields.short_descr,
        long_descr: record.fields.long_descr,
        start_dttm: record.fields.start_dttm,
        end_dttm: record.fields.end_dttm,
        json_metadata: record.fields.json_metadata,
        changed_on_delta_humanized: time_ago(&record.changed_on, now),
        created_by: record.created_by.map(user_ref),
        changed_by: record.changed_by.map(user_ref),
        layer: AnnotationLayerRef {
            id: record.layer_id,
            name: record.layer_name,
        },
    }
}

/// The ids of a bulk call's `q=!(1,2,3)`, sorted and without repeats.
fn parse_id_list(q: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let text = q.map(str::trim).filter(|text| !text.is_empty()).unwrap_or("!()");
    let value = parse_rison(text).map_err(|error| ApiError::bad_request(error.to_string()))?;
    let mut ids = value
        .as_array()
        .and_then(|ids| ids.iter().map(Value::as_i64).collect::<Option<Vec<_>>>())
        .filter(|ids| !ids.is_empty())
        .ok_or_else(|| ApiError::bad_request("Not a valid list of ids"))?;
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// Writes a layer payload over `fields`; on create the name is required.
fn apply_layer_payload(
    payload: AnnotationLayerPayload,
    fields: &mut LayerFields,
    is_create: bool,
) -> Result<(), ApiError> {
    match payload.name {
        Some(name) => {
            let name = name.trim().to_owned();
            if name.is_empty() || name.chars().count() > NAME_MAX_LENGTH {
                return Err(ApiError::validation(field_error(
                    "name",
                    "Length must be between 1 and 250.",
                )));
            }
            fields.name = name;
        }
        None if is_create => return Err(ApiError::validation(field_error("name", REQUIRED))),
        None => {}
    }
    if let Some(descr) = payload.descr {
        fields.descr = Some(descr);
    }
    Ok(())
}

/// Reads an annotation time: ISO date-time (with `T` or a space, optional fraction and offset,
/// which is dropped as Superset's naive columns drop it) or a date.
pub fn parse_annotation_time(text: &str) -> Option<NaiveDateTime> {
    let text = text.trim();
    if let Ok(with_offset) = chrono::DateTime::parse_from_rfc3339(text) {
        return Some(with_offset.naive_local());
    }
    for format in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M"] {
        if let Ok(time) = NaiveDateTime::parse_from_str(text, format) {
            return Some(time);
        }
    }
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .and_then(|date| date.and_hms_opt(0, 0, 0))
}

/// Writes an annotation payload over `fields`, checking it: shape errors are 400; an end before
/// the start is 422, as in Superset.
fn apply_annotation_payload(
    payload: AnnotationPayload,
    fields: &mut AnnotationFields,
    is_create: bool,
) -> Result<(), ApiError> {
    let mut errors = Map::new();
    let mut add = |field: &str, message: &str| {
        errors.insert(field.to_owned(), json!([message]));
    };
    match payload.short_descr {
        Some(text) if text.trim().is_empty() || text.chars().count() > SHORT_DESCR_MAX_LENGTH => {
            add("short_descr", "Length must be between 1 and 500.");
        }
        Some(text) => fields.short_descr = Some(text.trim().to_owned()),
        None if is_create => add("short_descr", REQUIRED),
        None => {}
    }
    for (field, given, target) in [
        ("start_dttm", payload.start_dttm, &mut fields.start_dttm),
        ("end_dttm", payload.end_dttm, &mut fields.end_dttm),
    ] {
        match given {
            Some(text) => match parse_annotation_time(&text) {
                Some(time) => *target = Some(time.format(STORED_TIME_FORMAT).to_string()),
                None => add(field, "Not a valid datetime."),
            },
            None if is_create => add(field, REQUIRED),
            None => {}
        }
    }
    if let Some(text) = payload.json_metadata {
        let is_json = text.trim().is_empty() || serde_json::from_str::<Value>(&text).is_ok();
        if is_json {
            fields.json_metadata = Some(text);
        } else {
            add("json_metadata", "JSON not valid");
        }
    }
    if let Some(long_descr) = payload.long_descr {
        fields.long_descr = Some(long_descr);
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    // Stored times share one format, so text order is time order.
    if let (Some(start), Some(end)) = (&fields.start_dttm, &fields.end_dttm) {
        if end < start {
            return Err(ApiError::invalid(field_error(
                "end_dttm",
                "End date must be after start date",
            )));
        }
    }
    Ok(())
}

/// `GET /api/v1/annotation_layer/?q=`.
pub async fn list_layers(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query(params.q.as_deref())?;
    let page = app
        .store
        .list_ids(&ANNOTATION_LAYER_LIST, &query, Some(user.id), None)
        .await?;
    let now = chrono::Utc::now();
    let rows = app.store.annotation_layers(&page.ids).await?;
    let result = rows.into_iter().map(|row| layer_item(row, now)).collect();
    list_answer(page.count, page.ids, result, &query)
}

/// `POST /api/v1/annotation_layer/`: 201 with the new id and the layer.
pub async fn create_layer(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(payload): AppJson<AnnotationLayerPayload>,
) -> Result<(StatusCode, AppJson<IdResult<AnnotationLayerItem>>), ApiError> {
    let mut fields = LayerFields::default();
    apply_layer_payload(payload, &mut fields, true)?;
    let id = app
        .store
        .create_annotation_layer(&fields, user.id)
        .await
        .map_err(conflict_as_invalid("name"))?;
    let record = app.store.annotation_layer(id).await?;
    Ok((
        StatusCode::CREATED,
        AppJson(IdResult {
            id,
            result: layer_item(record, chrono::Utc::now()),
        }),
    ))
}

/// `GET /api/v1/annotation_layer/{pk}`.
pub async fn get_layer(
    State(app): State<AppState>,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<IdResult<AnnotationLayerItem>>, ApiError> {
    let record = app.store.annotation_layer(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: layer_item(record, chrono::Utc::now()),
    }))
}

/// `PUT /api/v1/annotation_layer/{pk}`: changes the fields sent.
pub async fn update_layer(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(payload): AppJson<AnnotationLayerPayload>,
) -> Result<AppJson<IdResult<AnnotationLayerItem>>, ApiError> {
    let mut fields = app.store.annotation_layer(id).await?.fields;
    apply_layer_payload(payload, &mut fields, false)?;
    app.store
        .update_annotation_layer(id, &fields, user.id)
        .await
        .map_err(conflict_as_invalid("name"))?;
    let record = app.store.annotation_layer(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: layer_item(record, chrono::Utc::now()),
    }))
}

/// Refuses to delete layers that still hold annotations (422), or that do not exist (404).
async fn delete_layers(app: &AppState, ids: &[i64]) -> Result<(), ApiError> {
    for id in ids {
        app.store.annotation_layer(*id).await?;
        if app.store.annotation_count(*id).await? > 0 {
            return Err(ApiError::message(
                ErrorKind::UnprocessableEntity,
                "Annotation layer has associated annotations.",
            ));
        }
    }
    app.store.delete_annotation_layers(ids).await?;
    Ok(())
}

/// `DELETE /api/v1/annotation_layer/{pk}`.
pub async fn delete_layer(
    State(app): State<AppState>,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    delete_layers(&app, &[id]).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}

/// `DELETE /api/v1/annotation_layer/?q=!(1,2)`: all or none.
pub async fn bulk_delete_layers(
    State(app): State<AppState>,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let ids = parse_id_list(params.q.as_deref())?;
    delete_layers(&app, &ids).await?;
    Ok(AppJson(MessageResponse {
        message: deleted_message(ids.len(), "annotation layer"),
    }))
}

/// `GET /api/v1/annotation_layer/{pk}/annotation/?q=`.
pub async fn list_annotations(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(layer_id): AppPath<i64>,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    app.store.annotation_layer(layer_id).await?;
    let query = parse_list_query(params.q.as_deref())?;
    let layer = [layer_id];
    let page = app
        .store
        .list_ids(
            &ANNOTATION_LIST,
            &query,
            Some(user.id),
            Some(("annotation.layer_id", &layer)),
        )
        .await?;
    let now = chrono::Utc::now();
    let rows = app.store.annotations(&page.ids).await?;
    let result = rows.into_iter().map(|row| annotation_item(row, now)).collect();
    list_answer(page.count, page.ids, result, &query)
}

/// `POST /api/v1/annotation_layer/{pk}/annotation/`: 201 with the new id and the annotation.
pub async fn create_annotation(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(layer_id): AppPath<i64>,
    AppJson(payload): AppJson<AnnotationPayload>,
) -> Result<(StatusCode, AppJson<IdResult<AnnotationItem>>), ApiError> {
    app.store.annotation_layer(layer_id).await?;
    let mut fields = AnnotationFields::default();
    apply_annotation_payload(payload, &mut fields, true)?;
    let id = app
        .store
        .create_annotation(layer_id, &fields, user.id)
        .await
        .map_err(conflict_as_invalid("short_descr"))?;
    let record = app.store.annotation(layer_id, id).await?;
    Ok((
        StatusCode::CREATED,
        AppJson(IdResult {
            id,
            result: annotation_item(record, chrono::Utc::now()),
        }),
    ))
}

/// `GET /api/v1/annotation_layer/{pk}/annotation/{annotation_id}`.
pub async fn get_annotation(
    State(app): State<AppState>,
    AppPath((layer_id, id)): AppPath<(i64, i64)>,
) -> Result<AppJson<IdResult<AnnotationItem>>, ApiError> {
    let record = app.store.annotation(layer_id, id).await?;
    Ok(AppJson(IdResult {
        id,
        result: annotation_item(record, chrono::Utc::now()),
    }))
}

/// `PUT /api/v1/annotation_layer/{pk}/annotation/{annotation_id}`: changes the fields sent.
pub async fn update_annotation(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath((layer_id, id)): AppPath<(i64, i64)>,
    AppJson(payload): AppJson<AnnotationPayload>,
) -> Result<AppJson<IdResult<AnnotationItem>>, ApiError> {
    let mut fields = app.store.annotation(layer_id, id).await?.fields;
    apply_annotation_payload(payload, &mut fields, false)?;
    app.store
        .update_annotation(layer_id, id, &fields, user.id)
        .await
        .map_err(conflict_as_invalid("short_descr"))?;
    let record = app.store.annotation(layer_id, id).await?;
    Ok(AppJson(IdResult {
        id,
        result: annotation_item(record, chrono::Utc::now()),
    }))
}

/// `DELETE /api/v1/annotation_layer/{pk}/annotation/{annotation_id}`.
pub async fn delete_annotation(
    State(app): State<AppState>,
    AppPath((layer_id, id)): AppPath<(i64, i64)>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    app.store.delete_annotations(layer_id, &[id]).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}

/// `DELETE /api/v1/annotation_layer/{pk}/annotation/?q=!(1,2)`: all or none.
pub async fn bulk_delete_annotations(
    State(app): State<AppState>,
    AppPath(layer_id): AppPath<i64>,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let ids = parse_id_list(params.q.as_deref())?;
    app.store.annotation_layer(layer_id).await?;
    app.store.delete_annotations(layer_id, &ids).await?;
    Ok(AppJson(MessageResponse {
        message: deleted_message(ids.len(), "annotation"),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotation_times_are_read_in_the_shapes_clients_send() {
        let expected = chrono::NaiveDate::from_ymd_opt(2024, 1, 31)
            .unwrap()
            .and_hms_opt(12, 30, 0)
            .unwrap();
        for text in [
            "2024-01-31T12:30:00",
            "2024-01-31 12:30:00",
            "2024-01-31T12:30:00.000",
            "2024-01-31T12:30:00Z",
            "2024-01-31T12:30:00+02:00",
            "2024-01-31T12:30",
        ] {
            assert_eq!(parse_annotation_time(text), Some(expected), "{text}");
        }
        assert_eq!(
            parse_annotation_time("2024-01-31"),
            expected.date().and_hms_opt(0, 0, 0)
        );
        assert_eq!(parse_annotation_time("31/01/2024"), None);
        assert_eq!(parse_annotation_time(""), None);
    }

    #[test]
    fn an_end_before_the_start_is_refused_with_supersets_message() {
        let payload = AnnotationPayload {
            short_descr: Some("Launch".to_owned()),
            long_descr: None,
            start_dttm: Some("2024-02-01".to_owned()),
            end_dttm: Some("2024-01-01".to_owned()),
            json_metadata: None,
        };
        let error = apply_annotation_payload(payload, &mut AnnotationFields::default(), true).unwrap_err();
        assert_eq!(error.kind, ErrorKind::UnprocessableEntity);
        assert_eq!(
            error.body.message,
            Some(json!({"end_dttm": ["End date must be after start date"]}))
        );
    }

    #[test]
    fn a_create_without_the_required_fields_names_each_of_them() {
        let payload = AnnotationPayload {
            short_descr: None,
            long_descr: None,
            start_dttm: None,
            end_dttm: Some("yesterday".to_owned()),
            json_metadata: Some("{not json".to_owned()),
        };
        let error = apply_annotation_payload(payload, &mut AnnotationFields::default(), true).unwrap_err();
        assert_eq!(error.kind, ErrorKind::BadRequest);
        assert_eq!(
            error.body.message,
            Some(json!({
                "short_descr": [REQUIRED],
                "start_dttm": [REQUIRED],
                "end_dttm": ["Not a valid datetime."],
                "json_metadata": ["JSON not valid"],
            }))
        );
    }
}
