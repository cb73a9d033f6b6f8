//! Charts: `GET/POST/PUT/DELETE /api/v1/chart/`, with Superset's shapes, checks and messages.
//!
//! Schema errors (a too long name, params that are not JSON) answer 400; references that do not
//! resolve (dataset, owners, dashboards) answer 422; only owners and admins change a chart (403).

use axum::extract::State;
use axum::http::StatusCode;
use quiver_core::stored_document::DocumentKind;
use quiver_types::{
    Chart, ChartDashboard, ChartId, ChartPost, ChartPut, DashboardId, IdResult, MessageResponse, UserId,
    UserRef,
};
use serde_json::{json, Map, Value};

use super::humanize::time_ago;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath};
use crate::state::AppState;
use crate::store::chart::{ChartFields, ChartRecord};
use crate::store::stored_document::saved_document;

/// Superset's 403 for a non-owner changing a chart.
pub const CHART_FORBIDDEN: &str = "Changing this chart is forbidden";
/// Superset's 403 for linking a chart to dashboards the user does not own.
pub const DASHBOARDS_FORBIDDEN: &str = "Changing one or more of these dashboards is forbidden";
/// The datasource kinds a chart may name (Superset's `DatasourceType` values).
const DATASOURCE_TYPES: &[&str] = &["table", "dataset", "query", "saved_query", "view"];

/// Messages per field, answered together.
#[derive(Debug, Default)]
struct FieldErrors(Map<String, Value>);

impl FieldErrors {
    fn add(&mut self, field: &str, message: &str) {
        let messages = self.0.entry(field.to_owned()).or_insert_with(|| json!([]));
        if let Value::Array(messages) = messages {
            messages.push(Value::String(message.to_owned()));
        }
    }

    /// `Err` with every message when there is one, built by `answer` (400 or 422).
    fn finish(self, answer: fn(Map<String, Value>) -> ApiError) -> Result<(), ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(answer(self.0))
        }
    }

    /// Marshmallow's `Length(min, max)` message.
    fn check_length(&mut self, field: &str, value: &str, min: usize, max: usize) {
        let length = value.chars().count();
        if length < min || length > max {
            self.add(field, &format!("Length must be between {min} and {max}."));
        }
    }

    /// Superset's `validate_json`: the text must parse as JSON.
    fn check_json(&mut self, field: &str, value: Option<&str>) {
        if let Some(text) = value {
            if serde_json::from_str::<Value>(text).is_err() {
                self.add(field, "JSON not valid");
            }
        }
    }

    /// The params a save writes: the form data migrated to the current version (a version this
    /// build does not know is a field error, "The form data version 2 is not supported").
    fn saved_params(&mut self, params: Option<String>) -> Option<String> {
        let text = params?;
        match saved_document(DocumentKind::FormData, &text) {
            Ok(saved) => Some(saved),
            Err(error) => {
                self.add("params", &error.to_string());
                Some(text)
            }
        }
    }

    fn check_datasource_type(&mut self, value: &str) {
        if !DATASOURCE_TYPES.contains(&value) {
            self.add(
                "datasource_type",
                &format!("Must be one of: {}.", DATASOURCE_TYPES.join(", ")),
            );
        }
    }
}

/// The answer body of a chart: owners resolved to names, `url` and the humanized change time.
pub async fn chart_body(app: &AppState, record: ChartRecord) -> Result<Chart, ApiError> {
    let mut owners = Vec::with_capacity(record.owners.len());
    for owner in &record.owners {
        if let Some(user) = app.store.user_by_id(*owner).await? {
            owners.push(UserRef {
                id: UserId(user.id),
                first_name: user.first_name,
                last_name: user.last_name,
            });
        }
    }
    let dashboards = record
        .dashboards
        .into_iter()
        .map(|dashboard| ChartDashboard {
            id: DashboardId(dashboard.id),
            dashboard_title: dashboard.dashboard_title,
            json_metadata: dashboard.json_metadata,
        })
        .collect();
    Ok(Chart {
        id: ChartId(record.id),
        url: format!("/explore/?slice_id={}", record.id),
        uuid: record.uuid,
        slice_name: record.slice_name,
        viz_type: record.viz_type,
        params: record.params,
        query_context: record.query_context,
        description: record.description,
        cache_timeout: record.cache_timeout,
        certified_by: record.certified_by,
        certification_details: record.certification_details,
        datasource_id: record.datasource_id,
        datasource_type: record.datasource_type,
        owners,
        dashboards,
        is_managed_externally: record.is_managed_externally,
        thumbnail_url: None,
        changed_on_delta_humanized: time_ago(&record.changed_on, chrono::Utc::now()),
        changed_on: record.changed_on,
    })
}

/// Whether the user may change the chart: an owner or an admin.
pub fn can_change_chart(user: &AuthUser, record: &ChartRecord) -> bool {
    user.is_admin() || record.owners.contains(&user.id)
}

fn require_owner(user: &AuthUser, record: &ChartRecord) -> Result<(), ApiError> {
    if can_change_chart(user, record) {
        Ok(())
    } else {
        Err(ApiError::forbidden(CHART_FORBIDDEN))
    }
}

/// Superset's owner rule: the owners sent must exist, and a non-admin always stays an owner.
async fn resolve_owners(
    app: &AppState,
    user: &AuthUser,
    sent: &[i64],
    errors: &mut FieldErrors,
) -> Result<Vec<i64>, ApiError> {
    let mut owners = app.store.existing_user_ids(sent).await?;
    let mut distinct_sent = sent.to_vec();
    distinct_sent.sort_unstable();
    distinct_sent.dedup();
    if owners.len() != distinct_sent.len() {
        errors.add("owners", "Owners are invalid");
    }
    if !user.is_admin() && !owners.contains(&user.id) {
        owners.push(user.id);
    }
    Ok(owners)
}

/// The dashboards sent must exist (422), and a non-admin must own each of them (403).
async fn check_dashboards(
    app: &AppState,
    user: &AuthUser,
    dashboard_ids: &[i64],
    errors: &mut FieldErrors,
) -> Result<bool, ApiError> {
    let found = app.store.dashboard_owners(dashboard_ids).await?;
    let mut distinct = dashboard_ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if found.len() != distinct.len() {
        errors.add("dashboards", "Dashboards do not exist");
    }
    let may_change_all = user.is_admin() || found.iter().all(|(_, owners)| owners.contains(&user.id));
    Ok(may_change_all)
}

/// The dataset a chart names must exist (422) and be readable by the user (403).
async fn check_datasource(
    app: &AppState,
    user: &AuthUser,
    datasource_id: i64,
    datasource_type: &str,
    errors: &mut FieldErrors,
) -> Result<bool, ApiError> {
    let is_table = matches!(datasource_type, "table" | "dataset");
    let dataset = if is_table {
        app.store.dataset(datasource_id).await.ok()
    } else {
        None
    };
    match dataset {
        Some(dataset) => Ok(user.can_access_dataset(&dataset)),
        None => {
            errors.add("datasource_id", "Datasource does not exist");
            Ok(true)
        }
    }
}

pub async fn get_chart(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<IdResult<Chart>>, ApiError> {
    let record = app.store.chart(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: chart_body(&app, record).await?,
    }))
}

pub async fn create_chart(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(post): AppJson<ChartPost>,
) -> Result<(StatusCode, AppJson<IdResult<Chart>>), ApiError> {
    let mut schema_errors = FieldErrors::default();
    schema_errors.check_length("slice_name", &post.slice_name, 1, 250);
    if let Some(viz_type) = &post.viz_type {
        schema_errors.check_length("viz_type", viz_type, 0, 250);
    }
    schema_errors.check_datasource_type(&post.datasource_type);
    schema_errors.check_json("params", post.params.as_deref());
    schema_errors.check_json("query_context", post.query_context.as_deref());
    let params = schema_errors.saved_params(post.params);
    schema_errors.finish(ApiError::validation)?;

    let mut errors = FieldErrors::default();
    let may_read_dataset = check_datasource(
        &app,
        &user,
        post.datasource_id,
        &post.datasource_type,
        &mut errors,
    )
    .await?;
    let owners = resolve_owners(
        &app,
        &user,
        post.owners.as_deref().unwrap_or(&[user.id]),
        &mut errors,
    )
    .await?;
    let dashboards = post.dashboards.clone().unwrap_or_default();
    let may_change_dashboards = check_dashboards(&app, &user, &dashboards, &mut errors).await?;
    errors.finish(ApiError::invalid)?;
    if !may_read_dataset {
        return Err(ApiError::forbidden("You do not have access to this dataset"));
    }
    if !may_change_dashboards {
        return Err(ApiError::forbidden(DASHBOARDS_FORBIDDEN));
    }

    let fields = ChartFields {
        slice_name: Some(post.slice_name),
        viz_type: Some(post.viz_type.unwrap_or_else(|| "table".to_owned())),
        datasource_id: Some(post.datasource_id),
        datasource_type: Some(post.datasource_type),
        params,
        query_context: Some(post.query_context),
        description: Some(post.description),
        cache_timeout: Some(post.cache_timeout),
        certified_by: Some(post.certified_by),
        certification_details: Some(post.certification_details),
        owners: Some(owners),
        dashboards: Some(dashboards),
    };
    let id = app.store.create_chart(&fields, Some(user.id)).await?;
    let record = app.store.chart(id).await?;
    Ok((
        StatusCode::CREATED,
        AppJson(IdResult {
            id,
            result: chart_body(&app, record).await?,
        }),
    ))
}

pub async fn update_chart(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(put): AppJson<ChartPut>,
) -> Result<AppJson<IdResult<Chart>>, ApiError> {
    let record = app.store.chart(id).await?;
    require_owner(&user, &record)?;

    let mut schema_errors = FieldErrors::default();
    if let Some(slice_name) = &put.slice_name {
        schema_errors.check_length("slice_name", slice_name, 1, 250);
    }
    if let Some(viz_type) = &put.viz_type {
        schema_errors.check_length("viz_type", viz_type, 0, 250);
    }
    if let Some(datasource_type) = &put.datasource_type {
        schema_errors.check_datasource_type(datasource_type);
    }
    schema_errors.check_json("params", put.params.as_deref());
    schema_errors.check_json("query_context", put.query_context.clone().flatten().as_deref());
    let params = schema_errors.saved_params(put.params);
    schema_errors.finish(ApiError::validation)?;

    let mut errors = FieldErrors::default();
    let mut may_read_dataset = true;
    if let Some(datasource_id) = put.datasource_id {
        match &put.datasource_type {
            Some(datasource_type) => {
                may_read_dataset =
                    check_datasource(&app, &user, datasource_id, datasource_type, &mut errors).await?;
            }
            None => errors.add(
                "datasource_type",
                "Datasource type is required when datasource_id is given",
            ),
        }
    }
    let owners = match &put.owners {
        Some(sent) => Some(resolve_owners(&app, &user, sent, &mut errors).await?),
        None => None,
    };
    let may_change_dashboards = match &put.dashboards {
        Some(dashboards) => check_dashboards(&app, &user, dashboards, &mut errors).await?,
        None => true,
    };
    errors.finish(ApiError::invalid)?;
    if !may_read_dataset {
        return Err(ApiError::forbidden("You do not have access to this dataset"));
    }
    if !may_change_dashboards {
        return Err(ApiError::forbidden(DASHBOARDS_FORBIDDEN));
    }

    let fields = ChartFields {
        slice_name: put.slice_name,
        viz_type: put.viz_type,
        datasource_id: put.datasource_id,
        datasource_type: put.datasource_type,
        params,
        query_context: put.query_context,
        description: put.description,
        cache_timeout: put.cache_timeout,
        certified_by: put.certified_by,
        certification_details: put.certification_details,
        owners,
        dashboards: put.dashboards,
    };
    app.store.update_chart(id, &fields, Some(user.id)).await?;
    let record = app.store.chart(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: chart_body(&app, record).await?,
    }))
}

pub async fn delete_chart(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let record = app.store.chart(id).await?;
    require_owner(&user, &record)?;
    app.store.delete_chart(id).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}
