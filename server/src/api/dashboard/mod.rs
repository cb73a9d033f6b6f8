//! Dashboards (spec 001 §7): `GET/POST/PUT/DELETE /api/v1/dashboard/`, the dashboard's charts
//! and datasets, copy, native filters, permalinks and favorites.
//!
//! - [`rules`]: the save rules and the checks of `position_json` and `json_metadata`.
//! - [`body`]: answers built from stored records, and who may see or change a dashboard.
//! - [`copy`]: `POST /api/v1/dashboard/{id}/copy/`.
//! - [`state`]: native filters, permalinks and favorites.

pub mod body;
pub mod copy;
pub mod rules;
pub mod state;

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{
    Dashboard, DashboardChart, DashboardDataset, DashboardPost, DashboardPut, DashboardSaved, IdResult,
    ListResponse, MessageResponse, ResultResponse,
};
use serde_json::{Map, Value};

use self::body::{
    dashboard_body, dashboard_chart_body, dashboard_charts, dashboard_dataset_body, dashboard_datasets,
    is_listed_for, require_dashboard_owner, require_view,
};
use self::rules::{
    certification, chart_ids_in_layout, layout_text, parse_json_metadata, parse_layout, parse_position_json,
    slug_or_null, title_or_untitled, DocumentError, POSITIONS_KEY,
};
use super::dataset::ListParams;
use super::rison::parse_rison;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::state::AppState;
use crate::store::dashboard::{DashboardFields, DashboardRecord};

/// `{"message": {field: [text]}}` with status 400.
fn field_error(field: &str, text: impl Into<String>) -> ApiError {
    ApiError::validation(Map::from_iter([(
        field.to_owned(),
        serde_json::json!([text.into()]),
    )]))
}

/// `{"message": {field: [text]}}` with status 422 (Superset's invalid-object answer).
fn unprocessable_field(field: &str, text: impl Into<String>) -> ApiError {
    let mut error = field_error(field, text);
    error.kind = ErrorKind::UnprocessableEntity;
    error
}

fn document_error(field: &str, error: DocumentError) -> ApiError {
    field_error(field, error.to_string())
}

/// Seconds since the epoch, as `last_modified_time`.
pub(crate) fn epoch_seconds_now() -> f64 {
    let now = chrono::Utc::now();
    now.timestamp() as f64 + f64::from(now.timestamp_subsec_micros()) / 1e6
}

/// Owners as saved: the ids must exist; a non-admin saving is always among them (Superset's
/// `populate_owner_list`).
async fn checked_owners(app: &AppState, user: &AuthUser, owners: Vec<i64>) -> Result<Vec<i64>, ApiError> {
    for owner in &owners {
        if app.store.user_by_id(*owner).await?.is_none() {
            return Err(unprocessable_field("owners", "Owners are invalid"));
        }
    }
    let mut owners = owners;
    if !user.is_admin() && !owners.contains(&user.id) {
        owners.push(user.id);
    }
    Ok(owners)
}

async fn checked_roles(app: &AppState, roles: Vec<i64>) -> Result<Vec<i64>, ApiError> {
    for role in &roles {
        if app.store.role_name(*role).await?.is_none() {
            return Err(unprocessable_field("roles", "Some roles do not exist"));
        }
    }
    Ok(roles)
}

/// A slug used by another dashboard is refused.
async fn check_slug_free(
    app: &AppState,
    slug: Option<&str>,
    dashboard_id: Option<i64>,
) -> Result<(), ApiError> {
    let Some(slug) = slug else {
        return Ok(());
    };
    match app.store.dashboard_id_by_slug(slug).await? {
        Some(other) if Some(other) != dashboard_id => Err(unprocessable_field("slug", "Must be unique")),
        _ => Ok(()),
    }
}

/// The layout and metadata a save writes: `position_json` as sent, or the `positions` inside
/// `json_metadata` (Superset's editor), which is then removed from the stored metadata.
struct SavedDocuments {
    position_json: Option<String>,
    json_metadata: Option<String>,
    chart_ids: Option<Vec<i64>>,
}

fn saved_documents(
    position_json: Option<&str>,
    json_metadata: Option<&str>,
) -> Result<SavedDocuments, ApiError> {
    let mut layout = match position_json {
        Some(text) => {
            Some(parse_position_json(text).map_err(|error| document_error("position_json", error))?)
        }
        None => None,
    };
    let json_metadata = match json_metadata {
        Some(text) => {
            let mut metadata =
                parse_json_metadata(text).map_err(|error| document_error("json_metadata", error))?;
            if let Some(positions) = metadata.remove(POSITIONS_KEY) {
                let positions =
                    parse_layout(positions).map_err(|error| document_error("json_metadata", error))?;
                layout.get_or_insert(positions);
            }
            Some(Value::Object(metadata).to_string())
        }
        None => None,
    };
    let chart_ids = layout.as_ref().map(chart_ids_in_layout);
    let position_json = match &layout {
        Some(layout) => Some(layout_text(layout).map_err(ApiError::internal)?),
        None => None,
    };
    Ok(SavedDocuments {
        position_json,
        json_metadata,
        chart_ids,
    })
}

/// `GET /api/v1/dashboard/{id_or_slug}`.
pub async fn get_dashboard(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id_or_slug): AppPath<String>,
) -> Result<AppJson<ResultResponse<Dashboard>>, ApiError> {
    let record = app.store.dashboard_by_id_or_slug(&id_or_slug).await?;
    require_view(&app, &user, &record).await?;
    Ok(AppJson(ResultResponse {
        result: dashboard_body(&app, &record).await?,
    }))
}

/// `GET /api/v1/dashboard/{id_or_slug}/charts`.
pub async fn get_dashboard_charts(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id_or_slug): AppPath<String>,
) -> Result<AppJson<ResultResponse<Vec<DashboardChart>>>, ApiError> {
    let record = app.store.dashboard_by_id_or_slug(&id_or_slug).await?;
    require_view(&app, &user, &record).await?;
    let mut result = Vec::with_capacity(record.chart_ids.len());
    for chart in dashboard_charts(&app, &record).await? {
        result.push(dashboard_chart_body(&app, record.id, chart).await?);
    }
    Ok(AppJson(ResultResponse { result }))
}

/// `GET /api/v1/dashboard/{id_or_slug}/datasets`.
pub async fn get_dashboard_datasets(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id_or_slug): AppPath<String>,
) -> Result<AppJson<ResultResponse<Vec<DashboardDataset>>>, ApiError> {
    let record = app.store.dashboard_by_id_or_slug(&id_or_slug).await?;
    require_view(&app, &user, &record).await?;
    let charts = dashboard_charts(&app, &record).await?;
    let result = dashboard_datasets(&app, &charts)
        .await?
        .into_iter()
        .filter(|dataset| user.can_access_dataset(dataset))
        .map(dashboard_dataset_body)
        .collect();
    Ok(AppJson(ResultResponse { result }))
}

/// The list query this list understands: paging, ordering and a few filters.
struct ListQuery {
    page: usize,
    page_size: usize,
    order_by_title: bool,
    descending: bool,
    title_contains: Option<String>,
    published: Option<bool>,
    slug: Option<String>,
}

/// The default list page size (spec 001 §9).
const DEFAULT_PAGE_SIZE: usize = 25;
/// The largest page a list answers.
const MAX_PAGE_SIZE: usize = 100;

fn list_query(q: Option<&str>) -> Result<ListQuery, ApiError> {
    let value = match q {
        Some(q) => parse_rison(q).map_err(|error| ApiError::bad_request(error.to_string()))?,
        None => Value::Null,
    };
    let number = |key: &str, default: usize| -> Result<usize, ApiError> {
        match value.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(number) => number
                .as_u64()
                .map(|number| number as usize)
                .ok_or_else(|| ApiError::bad_request(format!("{key} must be a whole number"))),
        }
    };
    let page_size = number("page_size", DEFAULT_PAGE_SIZE)?;
    if page_size == 0 || page_size > MAX_PAGE_SIZE {
        return Err(ApiError::bad_request(format!(
            "page_size must be between 1 and {MAX_PAGE_SIZE}"
        )));
    }
    let order_by_title = match value.get("order_column").and_then(Value::as_str) {
        None | Some("changed_on_delta_humanized" | "changed_on") => false,
        Some("dashboard_title") => true,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "Unsupported order_column: {other}"
            )))
        }
    };
    let descending = match value.get("order_direction").and_then(Value::as_str) {
        None => !order_by_title,
        Some("desc") => true,
        Some("asc") => false,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "Unsupported order_direction: {other}"
            )))
        }
    };
    let mut query = ListQuery {
        page: number("page", 0)?,
        page_size,
        order_by_title,
        descending,
        title_contains: None,
        published: None,
        slug: None,
    };
    for filter in value
        .get("filters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let column = filter.get("col").and_then(Value::as_str);
        let operator = filter.get("opr").and_then(Value::as_str);
        let operand = filter.get("value");
        match (column, operator, operand) {
            (Some("dashboard_title"), Some("ct" | "title_or_slug"), Some(Value::String(text))) => {
                query.title_contains = Some(text.to_lowercase());
            }
            (Some("published"), Some("eq"), Some(Value::Bool(published))) => {
                query.published = Some(*published)
            }
            (Some("slug"), Some("eq"), Some(Value::String(slug))) => query.slug = Some(slug.clone()),
            _ => return Err(ApiError::bad_request(format!("Unsupported filter: {filter}"))),
        }
    }
    Ok(query)
}

/// `GET /api/v1/dashboard/?q=(page:0,page_size:25,order_column:...,filters:!(...))`.
pub async fn list_dashboards(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<ListResponse<Dashboard>>, ApiError> {
    let query = list_query(params.q.as_deref())?;
    let mut summaries = app.store.dashboard_summaries().await?;
    summaries.retain(|summary| {
        let title_matches = query.title_contains.as_ref().is_none_or(|text| {
            summary.dashboard_title.to_lowercase().contains(text)
                || summary
                    .slug
                    .as_ref()
                    .is_some_and(|slug| slug.to_lowercase().contains(text))
        });
        let published_matches = query
            .published
            .is_none_or(|published| summary.published == published);
        let slug_matches = query
            .slug
            .as_ref()
            .is_none_or(|slug| summary.slug.as_ref() == Some(slug));
        title_matches && published_matches && slug_matches
    });
    if query.order_by_title {
        summaries.sort_by_key(|summary| summary.dashboard_title.to_lowercase());
    } else {
        summaries.sort_by(|a, b| a.changed_on.cmp(&b.changed_on).then(a.id.cmp(&b.id)));
    }
    if query.descending {
        summaries.reverse();
    }
    let mut visible: Vec<DashboardRecord> = Vec::new();
    for summary in summaries {
        let record = app.store.dashboard(summary.id).await?;
        if is_listed_for(&app, &user, &record).await? {
            visible.push(record);
        }
    }
    let count = visible.len() as i64;
    let mut result = Vec::new();
    for record in visible
        .iter()
        .skip(query.page * query.page_size)
        .take(query.page_size)
    {
        result.push(dashboard_body(&app, record).await?);
    }
    Ok(AppJson(ListResponse { count, result }))
}

/// `POST /api/v1/dashboard/`: 201 with the new dashboard; the creator owns it unless owners
/// are given.
pub async fn create_dashboard(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(post): AppJson<DashboardPost>,
) -> Result<(StatusCode, AppJson<IdResult<Dashboard>>), ApiError> {
    let documents = saved_documents(post.position_json.as_deref(), post.json_metadata.as_deref())?;
    let slug = slug_or_null(post.slug.as_deref());
    check_slug_free(&app, slug.as_deref(), None).await?;
    let owners = checked_owners(&app, &user, post.owners.unwrap_or_else(|| vec![user.id])).await?;
    let roles = checked_roles(&app, post.roles.unwrap_or_default()).await?;
    let (certified_by, certification_details) = certification(
        post.certified_by.as_deref(),
        post.certification_details.as_deref(),
    );
    let fields = DashboardFields {
        dashboard_title: title_or_untitled(post.dashboard_title.as_deref().unwrap_or_default()),
        slug,
        css: post.css,
        position_json: documents.position_json,
        json_metadata: documents.json_metadata,
        published: post.published.unwrap_or(false),
        certified_by,
        certification_details,
        is_managed_externally: post.is_managed_externally.unwrap_or(false),
        external_url: post.external_url,
        owners,
        roles,
        chart_ids: documents.chart_ids.unwrap_or_default(),
    };
    let id = app.store.create_dashboard(&fields, Some(user.id)).await?;
    let record = app.store.dashboard(id).await?;
    Ok((
        StatusCode::CREATED,
        AppJson(IdResult {
            id,
            result: dashboard_body(&app, &record).await?,
        }),
    ))
}

/// `PUT /api/v1/dashboard/{id}`: properties, `published` alone, or `json_metadata` (with the
/// layout as `positions`). Only owners and admins.
pub async fn update_dashboard(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(put): AppJson<DashboardPut>,
) -> Result<AppJson<DashboardSaved>, ApiError> {
    let record = app.store.dashboard(id).await?;
    require_dashboard_owner(&user, &record)?;
    let documents = saved_documents(put.position_json.as_deref(), put.json_metadata.as_deref())?;
    let mut fields = DashboardFields::from(&record);
    if let Some(title) = &put.dashboard_title {
        fields.dashboard_title = title_or_untitled(title);
    }
    if let Some(slug) = &put.slug {
        fields.slug = slug_or_null(Some(slug));
        check_slug_free(&app, fields.slug.as_deref(), Some(id)).await?;
    }
    if put.css.is_some() {
        fields.css = put.css;
    }
    if let Some(published) = put.published {
        fields.published = published;
    }
    if put.certified_by.is_some() || put.certification_details.is_some() {
        let certified_by = put.certified_by.or(fields.certified_by.take());
        let details = put.certification_details.or(fields.certification_details.take());
        (fields.certified_by, fields.certification_details) =
            certification(certified_by.as_deref(), details.as_deref());
    }
    if put.external_url.is_some() {
        fields.external_url = put.external_url;
    }
    if let Some(managed) = put.is_managed_externally {
        fields.is_managed_externally = managed;
    }
    if let Some(owners) = put.owners {
        fields.owners = checked_owners(&app, &user, owners).await?;
    }
    if let Some(roles) = put.roles {
        fields.roles = checked_roles(&app, roles).await?;
    }
    if let Some(position_json) = documents.position_json {
        fields.position_json = Some(position_json);
    }
    if let Some(json_metadata) = documents.json_metadata {
        fields.json_metadata = Some(json_metadata);
    }
    if let Some(chart_ids) = documents.chart_ids {
        fields.chart_ids = chart_ids;
    }
    app.store.update_dashboard(id, &fields, Some(user.id)).await?;
    let record = app.store.dashboard(id).await?;
    Ok(AppJson(DashboardSaved {
        id,
        last_modified_time: epoch_seconds_now(),
        result: dashboard_body(&app, &record).await?,
    }))
}

/// `DELETE /api/v1/dashboard/{id}`. Only owners and admins.
pub async fn delete_dashboard(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let record = app.store.dashboard(id).await?;
    require_dashboard_owner(&user, &record)?;
    app.store.delete_dashboard(id).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}
