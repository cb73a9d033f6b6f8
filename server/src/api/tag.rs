//! Tags (Superset's `TagRestApi`, spec 000 §7 and 002 §7): the list on the generic builder,
//! `GET/POST/PUT/DELETE`, bulk tagging (`bulk_create`), the objects of tags (`get_objects`) and
//! favorites.
//!
//! Tagging an object needs the right to edit it: `can_write` on its resource and, for anyone but
//! an admin, being one of its owners (or its creator). Bulk tagging skips the others and says so.

use std::collections::HashSet;

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{
    BulkTagPayload, BulkTagResult, FavoriteStatus, IdResult, MessageResponse, ObjectToTag, ResultResponse,
    TagListItem, TagPayload, TaggedObject,
};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::bulk_delete::deleted_message;
use super::chart_list::visible_datasets;
use super::dataset::ListParams;
use super::favorites::favorite_status_answer;
use super::humanize::time_ago;
use super::list_answer::{list_answer, tag_ref, user_name, user_ref};
use super::list_query::{parse_list_query, parse_name_list};
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::state::AppState;
use crate::store::tag::{taggable_kind, TagRow, TaggableKind, TaggedObjectRow, TAG_FAVORITE_CLASS, TAG_LIST};
use crate::store::StoreError;

/// The longest tag name (Superset's `tag.name` is 250 characters).
pub const TAG_NAME_MAX_LENGTH: usize = 250;

fn tag_item(row: TagRow, now: chrono::DateTime<chrono::Utc>) -> TagListItem {
    TagListItem {
        id: row.id,
        name: row.name,
        tag_type: row.tag_type,
        description: row.description,
        changed_on_delta_humanized: time_ago(&row.changed_on, now),
        created_on_delta_humanized: time_ago(&row.created_on, now),
        changed_by: row.changed_by.map(user_ref),
        created_by: row.created_by.map(user_ref),
    }
}

fn field_errors(field: &str, message: &str) -> Map<String, Value> {
    let mut errors = Map::new();
    errors.insert(field.to_owned(), json!([message]));
    errors
}

/// A tag name, trimmed; empty or too long is a 400.
fn checked_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ApiError::validation(field_errors(
            "name",
            "Missing data for required field.",
        )));
    }
    if name.chars().count() > TAG_NAME_MAX_LENGTH {
        return Err(ApiError::validation(field_errors(
            "name",
            "Length must be between 1 and 250.",
        )));
    }
    Ok(name.to_owned())
}

/// The kind of an object to tag; an unknown type is a 400.
fn checked_kind(object: &ObjectToTag) -> Result<&'static TaggableKind, ApiError> {
    taggable_kind(&object.0).ok_or_else(|| {
        ApiError::validation(field_errors(
            "objects_to_tag",
            &format!("Invalid object type: {}", object.0),
        ))
    })
}

/// Whether the user may tag the object: it exists and the user may edit it.
async fn can_tag(
    app: &AppState,
    user: &AuthUser,
    kind: &TaggableKind,
    object_id: i64,
) -> Result<bool, ApiError> {
    let Some(editors) = app.store.object_editors(kind, object_id).await? else {
        return Ok(false);
    };
    if user.is_admin() {
        return Ok(true);
    }
    Ok(user.has_permission("can_write", kind.view)
        && (editors.owner_ids.contains(&user.id) || editors.created_by == Some(user.id)))
}

/// Splits the objects into those the user may tag and those skipped, each once.
async fn sort_objects(
    app: &AppState,
    user: &AuthUser,
    objects: &[ObjectToTag],
) -> Result<BulkTagResult, ApiError> {
    let mut result = BulkTagResult {
        objects_tagged: Vec::new(),
        objects_skipped: Vec::new(),
    };
    let mut seen = HashSet::new();
    for object in objects {
        let kind = checked_kind(object)?;
        if !seen.insert(object.clone()) {
            continue;
        }
        if can_tag(app, user, kind, object.1).await? {
            result.objects_tagged.push(object.clone());
        } else {
            result.objects_skipped.push(object.clone());
        }
    }
    Ok(result)
}

/// `GET /api/v1/tag/?q=`: the tags, filtered (`name` ct, `type` custom_tag), sorted and paged.
pub async fn list_tags(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query(params.q.as_deref())?;
    let page = app.store.list_ids(&TAG_LIST, &query, Some(user.id), None).await?;
    let now = chrono::Utc::now();
    let result: Vec<TagListItem> = app
        .store
        .tag_list_rows(&page.ids)
        .await?
        .into_iter()
        .map(|row| tag_item(row, now))
        .collect();
    list_answer(page.count, page.ids, result, &query)
}

/// `GET /api/v1/tag/{pk}`: `{"id", "result"}`.
pub async fn get_tag(
    State(app): State<AppState>,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<IdResult<TagListItem>>, ApiError> {
    let row = app.store.tag(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: tag_item(row, chrono::Utc::now()),
    }))
}

fn refuse_skipped(sorted: &BulkTagResult) -> Result<(), ApiError> {
    match sorted.objects_skipped.first() {
        Some(object) => Err(ApiError::forbidden(format!(
            "You do not have permission to tag {} {}",
            object.0, object.1
        ))),
        None => Ok(()),
    }
}

/// `POST /api/v1/tag/`: creates a custom tag, optionally on objects. 201 `{"id", "result"}`.
pub async fn create_tag(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(payload): AppJson<TagPayload>,
) -> Result<(StatusCode, AppJson<IdResult<TagListItem>>), ApiError> {
    let name = checked_name(payload.name.as_deref().unwrap_or_default())?;
    let objects = payload.objects_to_tag.unwrap_or_default();
    // Refuse before creating anything.
    let sorted = sort_objects(&app, &user, &objects).await?;
    refuse_skipped(&sorted)?;
    let description = payload.description.filter(|text| !text.trim().is_empty());
    let id = app
        .store
        .create_tag(&name, description.as_deref(), user.id)
        .await?;
    let objects: Vec<(String, i64)> = sorted
        .objects_tagged
        .iter()
        .map(|object| (object.0.clone(), object.1))
        .collect();
    app.store.set_tag_objects(id, &objects).await?;
    let row = app.store.tag(id).await?;
    Ok((
        StatusCode::CREATED,
        AppJson(IdResult {
            id,
            result: tag_item(row, chrono::Utc::now()),
        }),
    ))
}

/// Whether the user may take the tag off an object: one since deleted, or one they may edit.
async fn can_untag(
    app: &AppState,
    user: &AuthUser,
    kind: &TaggableKind,
    object_id: i64,
) -> Result<bool, ApiError> {
    if app.store.object_editors(kind, object_id).await?.is_none() {
        return Ok(true);
    }
    can_tag(app, user, kind, object_id).await
}

/// The objects a tag will be on after an update that lists `wanted` (the tag form sends every
/// object it shows). An object the tag is already on stays without a check; a new one needs the
/// right to edit it (else 403, before anything changes); one left out loses the tag when the
/// user may edit it, and otherwise keeps it (the form cannot show what the user may not see).
async fn objects_after_update(
    app: &AppState,
    user: &AuthUser,
    tag_id: i64,
    wanted: &[ObjectToTag],
) -> Result<Vec<(String, i64)>, ApiError> {
    let current = app.store.tag_object_keys(tag_id).await?;
    let mut result: Vec<(String, i64)> = Vec::new();
    for object in wanted {
        let kind = checked_kind(object)?;
        let key = (kind.object_type.to_owned(), object.1);
        if result.contains(&key) {
            continue;
        }
        if !current.contains(&key) && !can_tag(app, user, kind, object.1).await? {
            return Err(ApiError::forbidden(format!(
                "You do not have permission to tag {} {}",
                object.0, object.1
            )));
        }
        result.push(key);
    }
    for key in current {
        if result.contains(&key) {
            continue;
        }
        let keeps = match taggable_kind(&key.0) {
            Some(kind) => !can_untag(app, user, kind, key.1).await?,
            None => false,
        };
        if keeps {
            result.push(key);
        }
    }
    Ok(result)
}

/// `PUT /api/v1/tag/{pk}`: renames, redescribes, and (when `objects_to_tag` is given) sets the
/// objects the tag is on (see [`objects_after_update`]).
pub async fn update_tag(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(payload): AppJson<TagPayload>,
) -> Result<AppJson<IdResult<TagListItem>>, ApiError> {
    app.store.tag(id).await?;
    let name = payload.name.as_deref().map(checked_name).transpose()?;
    let objects = match &payload.objects_to_tag {
        Some(wanted) => Some(objects_after_update(&app, &user, id, wanted).await?),
        None => None,
    };
    app.store
        .update_tag(id, name.as_deref(), payload.description.as_deref(), user.id)
        .await?;
    if let Some(objects) = objects {
        app.store.set_tag_objects(id, &objects).await?;
    }
    let row = app.store.tag(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: tag_item(row, chrono::Utc::now()),
    }))
}

/// `DELETE /api/v1/tag/{pk}`: `{"message": "OK"}`.
pub async fn delete_tag(
    State(app): State<AppState>,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    app.store.delete_tag(id).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}

/// `DELETE /api/v1/tag/?q=!(name,...)`: deletes the named tags (by name, as Superset's tag list
/// sends them), what they are on and their stars; all or none, an unknown name is a 404.
pub async fn bulk_delete_tags(
    State(app): State<AppState>,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let mut names = parse_name_list(params.q.as_deref())?;
    names.sort_unstable();
    names.dedup();
    let ids = app.store.tag_ids_by_names(&names).await?;
    if names.is_empty() || ids.len() != names.len() {
        return Err(ApiError::not_found());
    }
    app.store.delete_tags(&ids).await?;
    Ok(AppJson(MessageResponse {
        message: deleted_message(ids.len(), "tag"),
    }))
}

/// `POST /api/v1/tag/bulk_create`: `{"tags": [{"name", "objects_to_tag": [[type, id]]}]}`.
/// Each tag is created when new; objects the caller may not edit (or that do not exist) are
/// skipped. `{"result": {"objects_tagged": [...], "objects_skipped": [...]}}`.
pub async fn bulk_create(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(payload): AppJson<BulkTagPayload>,
) -> Result<AppJson<ResultResponse<BulkTagResult>>, ApiError> {
    if payload.tags.is_empty() {
        return Err(ApiError::validation(field_errors(
            "tags",
            "Missing data for required field.",
        )));
    }
    // Check every name and object type before writing anything.
    let mut names = Vec::with_capacity(payload.tags.len());
    for tag in &payload.tags {
        names.push(checked_name(&tag.name)?);
        for object in &tag.objects_to_tag {
            checked_kind(object)?;
        }
    }
    let mut tagged = Vec::new();
    let mut skipped = Vec::new();
    for (tag, name) in payload.tags.iter().zip(names) {
        let sorted = sort_objects(&app, &user, &tag.objects_to_tag).await?;
        if !sorted.objects_tagged.is_empty() || tag.objects_to_tag.is_empty() {
            let tag_id = app.store.tag_id_or_create(&name, user.id).await?;
            for object in &sorted.objects_tagged {
                app.store.tag_object(tag_id, &object.0, object.1).await?;
            }
        }
        for object in sorted.objects_tagged {
            if !tagged.contains(&object) {
                tagged.push(object);
            }
        }
        for object in sorted.objects_skipped {
            if !skipped.contains(&object) {
                skipped.push(object);
            }
        }
    }
    Ok(AppJson(ResultResponse {
        result: BulkTagResult {
            objects_tagged: tagged,
            objects_skipped: skipped,
        },
    }))
}

#[derive(Debug, Deserialize)]
pub struct ObjectsParams {
    /// Tag names, comma-separated.
    tags: Option<String>,
    /// Tag ids, comma-separated.
    #[serde(rename = "tagIds")]
    tag_ids: Option<String>,
    /// Object types to keep, comma-separated.
    types: Option<String>,
}

fn comma_list(text: Option<&str>) -> Vec<String> {
    text.unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Whether the user may see one tagged object.
async fn can_see(
    app: &AppState,
    user: &AuthUser,
    object: &TaggedObjectRow,
    visible: Option<&[i64]>,
) -> Result<bool, ApiError> {
    let Some(kind) = taggable_kind(object.object_type) else {
        return Ok(false);
    };
    if !user.has_permission("can_read", kind.view) {
        return Ok(false);
    }
    Ok(match object.object_type {
        "chart" => match visible {
            None => true,
            Some(visible) => match app.store.chart(object.id).await {
                Ok(chart) => chart.datasource_id.is_some_and(|id| visible.contains(&id)),
                Err(StoreError::NotFound) => false,
                Err(other) => return Err(other.into()),
            },
        },
        "dataset" => match visible {
            None => true,
            Some(visible) => visible.contains(&object.id),
        },
        // Saved queries are their creator's only.
        "query" => object
            .created_by
            .as_ref()
            .is_some_and(|creator| creator.id == user.id),
        _ => true,
    })
}

fn object_url(object: &TaggedObjectRow) -> String {
    match object.object_type {
        "chart" => format!("/explore/?slice_id={}", object.id),
        "dashboard" => {
            let path = object
                .slug
                .clone()
                .filter(|slug| !slug.is_empty())
                .unwrap_or_else(|| object.id.to_string());
            format!("/superset/dashboard/{path}/")
        }
        "dataset" => format!("/explore/?datasource_type=table&datasource_id={}", object.id),
        _ => format!("/sqllab/?savedQueryId={}", object.id),
    }
}

/// `GET /api/v1/tag/get_objects/?tags=a,b` (or `tagIds=1,2`, and optionally `types=chart`): the
/// objects carrying any of the tags that the caller may see.
pub async fn get_objects(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ObjectsParams>,
) -> Result<AppJson<ResultResponse<Vec<TaggedObject>>>, ApiError> {
    let mut tag_ids = app
        .store
        .tag_ids_by_names(&comma_list(params.tags.as_deref()))
        .await?;
    for id in comma_list(params.tag_ids.as_deref()) {
        let id: i64 = id
            .parse()
            .map_err(|_| ApiError::bad_request(format!("Not a valid tag id: {id}")))?;
        tag_ids.push(id);
    }
    let types = comma_list(params.types.as_deref());
    let visible = visible_datasets(&app, &user).await?;
    let mut result = Vec::new();
    for object in app.store.tagged_objects(&tag_ids).await? {
        if !types.is_empty() && !types.iter().any(|kind| kind == object.object_type) {
            continue;
        }
        if !can_see(&app, &user, &object, visible.as_deref()).await? {
            continue;
        }
        let url = object_url(&object);
        let created_by = object.created_by.map(user_ref);
        result.push(TaggedObject {
            id: object.id,
            object_type: object.object_type.to_owned(),
            name: object.name,
            url,
            changed_on: object.changed_on,
            creator: user_name(created_by.as_ref()),
            created_by,
            tags: object.tags.into_iter().map(tag_ref).collect(),
            owners: object.owners.into_iter().map(user_ref).collect(),
        });
    }
    Ok(AppJson(ResultResponse { result }))
}

/// `GET /api/v1/tag/favorite_status/?q=!(1,2)`.
pub async fn favorite_status(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<ResultResponse<Vec<FavoriteStatus>>>, ApiError> {
    favorite_status_answer(&app, user.id, TAG_FAVORITE_CLASS, params.q.as_deref()).await
}

/// `POST /api/v1/tag/{pk}/favorites/`: stars the tag.
pub async fn add_favorite(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<ResultResponse<Value>>, ApiError> {
    app.store.tag(id).await?;
    app.store.add_favorite(user.id, TAG_FAVORITE_CLASS, id).await?;
    Ok(AppJson(ResultResponse {
        result: Value::String("OK".to_owned()),
    }))
}

/// `DELETE /api/v1/tag/{pk}/favorites/`: removes the star.
pub async fn remove_favorite(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<ResultResponse<Value>>, ApiError> {
    app.store.tag(id).await?;
    app.store.remove_favorite(user.id, TAG_FAVORITE_CLASS, id).await?;
    Ok(AppJson(ResultResponse {
        result: Value::String("OK".to_owned()),
    }))
}
