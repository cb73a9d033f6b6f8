//! Dashboards (spec 001 §7): `GET/POST/PUT/DELETE /api/v1/dashboard/`, the dashboard's charts
//! and datasets, copy, native filters, permalinks and favorites.
//!
//! - [`rules`]: the save rules and the checks of `position_json` and `json_metadata`.
//! - [`body`]: answers built from stored records, and who may see or change a dashboard.
//! - [`colors`]: `PUT /api/v1/dashboard/{id}/colors`, the label-colour sync's save.
//! - [`copy`]: `POST /api/v1/dashboard/{id}/copy/`.
//! - [`filter_state`]: a view's data masks under `native_filters_key`.
//! - [`list`]: `GET /api/v1/dashboard/?q=`, on the generic list builder.
//! - [`state`]: native filters, permalinks and favorites.

pub mod body;
pub mod colors;
pub mod copy;
pub mod filter_state;
pub mod list;
pub mod rules;
pub mod state;

pub use list::list_dashboards;

use axum::extract::State;
use axum::http::StatusCode;
use quiver_core::stored_document::DocumentKind;
use quiver_types::{
    Dashboard, DashboardChart, DashboardDataset, DashboardPost, DashboardPut, DashboardSaved, IdResult,
    MessageResponse, ResultResponse,
};
use serde_json::{Map, Value};

use self::body::{
    dashboard_body, dashboard_chart_body, dashboard_charts, dashboard_dataset_body, dashboard_datasets,
    require_dashboard_owner, require_view,
};
use self::rules::{
    certification, chart_ids_in_layout, layout_text, parse_json_metadata, parse_layout, parse_position_json,
    slug_or_null, title_or_untitled, DocumentError, POSITIONS_KEY,
};
use super::dataset::ListParams;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath, ErrorKind};
use crate::state::AppState;
use crate::store::dashboard::DashboardFields;
use crate::store::stored_document::{migrate, saved_document};

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
            let text = saved_document(DocumentKind::PositionJson, text)
                .map_err(|error| field_error("position_json", error.to_string()))?;
            Some(parse_position_json(&text).map_err(|error| document_error("position_json", error))?)
        }
        None => None,
    };
    let json_metadata = match json_metadata {
        Some(text) => {
            let mut metadata =
                parse_json_metadata(text).map_err(|error| document_error("json_metadata", error))?;
            if let Some(positions) = metadata.remove(POSITIONS_KEY) {
                let positions = migrate(DocumentKind::PositionJson, positions)
                    .map_err(|error| field_error("json_metadata", error.to_string()))?;
                let positions =
                    parse_layout(positions).map_err(|error| document_error("json_metadata", error))?;
                layout.get_or_insert(positions);
            }
            let metadata = migrate(DocumentKind::JsonMetadata, Value::Object(metadata))
                .map_err(|error| field_error("json_metadata", error.to_string()))?;
            Some(metadata.to_string())
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
    let result = dashboard_body(&app, &record).await?;
    // A view of the dashboard, for the home page's recents (issue #8).
    crate::api::log::record_view(&app, user.id, Some(record.id), None).await;
    Ok(AppJson(ResultResponse { result }))
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
