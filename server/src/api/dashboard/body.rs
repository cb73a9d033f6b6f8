//! The answers of the dashboard calls built from stored records: the dashboard, its charts and
//! its datasets, and who may see them.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDateTime;
use quiver_types::{
    ChartId, Dashboard, DashboardChart, DashboardDataset, DashboardId, Dataset, FormData, RoleId, RoleRef,
    UserId, UserRef,
};
use serde_json::Value;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::chart::ChartRecord;
use crate::store::dashboard::DashboardRecord;

/// The dashboard page of a dashboard: `/superset/dashboard/{slug or id}/`.
pub fn dashboard_url(record: &DashboardRecord) -> String {
    match &record.slug {
        Some(slug) => format!("/superset/dashboard/{slug}/"),
        None => format!("/superset/dashboard/{}/", record.id),
    }
}

/// How long ago a stored time was, in the words of Python's `humanize.naturaltime`, which
/// Superset uses for `changed_on_delta_humanized`: `now`, `a minute ago`, `3 days ago`, ...
pub fn humanize_since(stored: &str, now: NaiveDateTime) -> String {
    let Ok(then) = NaiveDateTime::parse_from_str(stored, "%Y-%m-%dT%H:%M:%S%.f") else {
        return String::new();
    };
    let seconds = (now - then).num_seconds();
    let (seconds, suffix) = if seconds < 0 {
        (-seconds, "from now")
    } else {
        (seconds, "ago")
    };
    if seconds == 0 {
        return "now".to_owned();
    }
    let days = seconds / 86_400;
    let delta = if days == 0 {
        match seconds {
            1 => "a second".to_owned(),
            2..=59 => format!("{seconds} seconds"),
            60..=119 => "a minute".to_owned(),
            120..=3_599 => format!("{} minutes", seconds / 60),
            3_600..=7_199 => "an hour".to_owned(),
            _ => format!("{} hours", seconds / 3_600),
        }
    } else if days < 365 {
        // humanize counts months of 30.5 days.
        let months = (days as f64 / 30.5) as i64;
        match (days, months) {
            (1, _) => "a day".to_owned(),
            (_, 0) => format!("{days} days"),
            (_, 1) => "a month".to_owned(),
            _ => format!("{months} months"),
        }
    } else {
        let years = days / 365;
        match years {
            1 => "a year".to_owned(),
            _ => format!("{years} years"),
        }
    };
    format!("{delta} {suffix}")
}

/// The users of ids, as lists show them; unknown ids are skipped.
pub async fn user_refs(app: &AppState, ids: &[i64]) -> Result<Vec<UserRef>, ApiError> {
    let mut users = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(user) = user_ref(app, Some(*id)).await? {
            users.push(user);
        }
    }
    Ok(users)
}

async fn user_ref(app: &AppState, id: Option<i64>) -> Result<Option<UserRef>, ApiError> {
    let Some(id) = id else {
        return Ok(None);
    };
    Ok(app.store.user_by_id(id).await?.map(|user| UserRef {
        id: UserId(user.id),
        first_name: user.first_name,
        last_name: user.last_name,
    }))
}

/// The charts of a dashboard that still exist, in id order.
pub async fn dashboard_charts(
    app: &AppState,
    record: &DashboardRecord,
) -> Result<Vec<ChartRecord>, ApiError> {
    let mut charts = Vec::with_capacity(record.chart_ids.len());
    for id in &record.chart_ids {
        match app.store.chart(*id).await {
            Ok(chart) => charts.push(chart),
            Err(crate::store::StoreError::NotFound) => {}
            Err(error) => return Err(error.into()),
        }
    }
    Ok(charts)
}

/// The datasets the charts of a dashboard query, once each, in id order.
pub async fn dashboard_datasets(app: &AppState, charts: &[ChartRecord]) -> Result<Vec<Dataset>, ApiError> {
    let dataset_ids: BTreeSet<i64> = charts.iter().filter_map(|chart| chart.datasource_id).collect();
    let mut datasets = Vec::with_capacity(dataset_ids.len());
    for id in dataset_ids {
        match app.store.dataset(id).await {
            Ok(dataset) => datasets.push(dataset),
            Err(crate::store::StoreError::NotFound) => {}
            Err(error) => return Err(error.into()),
        }
    }
    Ok(datasets)
}

/// "Save as" (the copy): with role-based access on, Superset also requires admin or owner of
/// the original (spec 001 §6); `can_write` on Dashboard is checked by the route table.
pub fn require_copy_allowed(
    app: &AppState,
    user: &AuthUser,
    record: &DashboardRecord,
) -> Result<(), ApiError> {
    if app.settings.dashboard_rbac {
        require_dashboard_owner(user, record)
    } else {
        Ok(())
    }
}

/// Admins and owners change a dashboard; others get the spec's message.
pub fn require_dashboard_owner(user: &AuthUser, record: &DashboardRecord) -> Result<(), ApiError> {
    if user.is_admin() || record.owners.contains(&user.id) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "You do not have permission to edit this dashboard",
        ))
    }
}

/// With role-based access (`DASHBOARD_RBAC`) on and roles on the dashboard, the roles decide
/// for non-admins who do not own it: `Some(true)` when it is published and the user holds one
/// of its roles, else `Some(false)`. `None` when the roles do not decide (flag off, no roles).
async fn role_access(
    app: &AppState,
    user: &AuthUser,
    record: &DashboardRecord,
) -> Result<Option<bool>, ApiError> {
    if !app.settings.dashboard_rbac || record.roles.is_empty() {
        return Ok(None);
    }
    let roles = role_refs(app, &record.roles).await?;
    let holds_one = roles.iter().any(|role| user.roles.contains(&role.name));
    Ok(Some(record.published && holds_one))
}

/// Superset's dashboard access: admins and owners; with role-based access on, a dashboard that
/// has roles only the holders of one of them, once it is published; otherwise anyone when the
/// dashboard is a draft, has no datasets, or queries a dataset the user may access.
pub async fn can_view_dashboard(
    app: &AppState,
    user: &AuthUser,
    record: &DashboardRecord,
) -> Result<bool, ApiError> {
    if user.is_admin() || record.owners.contains(&user.id) {
        return Ok(true);
    }
    if let Some(allowed) = role_access(app, user, record).await? {
        return Ok(allowed);
    }
    if !record.published {
        return Ok(true);
    }
    let charts = dashboard_charts(app, record).await?;
    let datasets = dashboard_datasets(app, &charts).await?;
    Ok(datasets.is_empty() || datasets.iter().any(|dataset| user.can_access_dataset(dataset)))
}

/// Superset's access to a dataset through a dashboard, with role-based access on: a chart query
/// whose form data names a dashboard that has roles and that the user may open (`dashboardId`),
/// and either one of its charts on this dataset (`slice_id`) or, for a native filter
/// (`type: NATIVE_FILTER`), one of its filters (`native_filter_id`) targeting this dataset.
pub async fn dashboard_grants_dataset(
    app: &AppState,
    user: &AuthUser,
    form_data: Option<&Value>,
    dataset_id: i64,
) -> Result<bool, ApiError> {
    let Some(form_data) = form_data.filter(|_| app.settings.dashboard_rbac) else {
        return Ok(false);
    };
    let Some(dashboard_id) = form_data.get("dashboardId").and_then(id_of) else {
        return Ok(false);
    };
    let record = match app.store.dashboard(dashboard_id).await {
        Ok(record) => record,
        Err(crate::store::StoreError::NotFound) => return Ok(false),
        Err(error) => return Err(error.into()),
    };
    if record.roles.is_empty() {
        return Ok(false);
    }
    let is_native_filter = form_data.get("type").and_then(Value::as_str) == Some("NATIVE_FILTER");
    let is_used_here = if is_native_filter {
        let filter_id = form_data.get("native_filter_id").and_then(Value::as_str);
        filter_targets_dataset(record.json_metadata.as_deref(), filter_id, dataset_id)
    } else {
        match form_data.get("slice_id").and_then(id_of) {
            Some(slice_id) if record.chart_ids.contains(&slice_id) => match app.store.chart(slice_id).await {
                Ok(chart) => chart.datasource_id == Some(dataset_id),
                Err(crate::store::StoreError::NotFound) => false,
                Err(error) => return Err(error.into()),
            },
            _ => false,
        }
    };
    Ok(is_used_here && can_view_dashboard(app, user, &record).await?)
}

/// An id sent as a number or as its text.
fn id_of(value: &Value) -> Option<i64> {
    value
        .as_i64()
        .or_else(|| value.as_str().and_then(|text| text.parse().ok()))
}

/// Whether the native filter `filter_id` of the dashboard's metadata targets the dataset.
fn filter_targets_dataset(json_metadata: Option<&str>, filter_id: Option<&str>, dataset_id: i64) -> bool {
    let (Some(text), Some(filter_id)) = (json_metadata, filter_id) else {
        return false;
    };
    let Ok(metadata) = serde_json::from_str::<Value>(text) else {
        return false;
    };
    metadata
        .get("native_filter_configuration")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|filter| filter.get("id").and_then(Value::as_str) == Some(filter_id))
        .flat_map(|filter| {
            filter
                .get("targets")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
        })
        .any(|target| target.get("datasetId").and_then(id_of) == Some(dataset_id))
}

/// Whether a dashboard appears in the user's lists (Superset's `DashboardAccessFilter`):
/// admins see all; others their own ones, and published ones over datasets they may access or,
/// with role-based access on, published ones that have roles when they hold one of them.
pub async fn is_listed_for(
    app: &AppState,
    user: &AuthUser,
    record: &DashboardRecord,
) -> Result<bool, ApiError> {
    if user.is_admin() || record.owners.contains(&user.id) {
        return Ok(true);
    }
    if !record.published {
        return Ok(false);
    }
    if let Some(allowed) = role_access(app, user, record).await? {
        return Ok(allowed);
    }
    let charts = dashboard_charts(app, record).await?;
    let datasets = dashboard_datasets(app, &charts).await?;
    Ok(datasets.iter().any(|dataset| user.can_access_dataset(dataset)))
}

/// 404 for a missing dashboard, 403 when the user may not see it.
pub async fn require_view(app: &AppState, user: &AuthUser, record: &DashboardRecord) -> Result<(), ApiError> {
    if can_view_dashboard(app, user, record).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden(crate::auth::guard::FORBIDDEN))
    }
}

/// The roles of ids, with their names; unknown ids are skipped.
async fn role_refs(app: &AppState, ids: &[i64]) -> Result<Vec<RoleRef>, ApiError> {
    let mut roles = Vec::with_capacity(ids.len());
    for role_id in ids {
        if let Some(name) = app.store.role_name(*role_id).await? {
            roles.push(RoleRef {
                id: RoleId(*role_id),
                name,
            });
        }
    }
    Ok(roles)
}

/// The dashboard as `GET /api/v1/dashboard/{id_or_slug}` answers it; `roles` only with
/// role-based access on.
pub async fn dashboard_body(app: &AppState, record: &DashboardRecord) -> Result<Dashboard, ApiError> {
    let now = chrono::Utc::now().naive_utc();
    let charts = dashboard_charts(app, record).await?;
    let roles = if app.settings.dashboard_rbac {
        Some(role_refs(app, &record.roles).await?)
    } else {
        None
    };
    Ok(Dashboard {
        id: DashboardId(record.id),
        uuid: record.uuid.clone(),
        dashboard_title: record.dashboard_title.clone(),
        slug: record.slug.clone(),
        url: dashboard_url(record),
        css: record.css.clone(),
        position_json: record.position_json.clone(),
        json_metadata: record.json_metadata.clone(),
        published: record.published,
        status: if record.published { "published" } else { "draft" }.to_owned(),
        certified_by: record.certified_by.clone(),
        certification_details: record.certification_details.clone(),
        is_managed_externally: record.is_managed_externally,
        external_url: record.external_url.clone(),
        owners: user_refs(app, &record.owners).await?,
        roles,
        charts: charts.into_iter().map(|chart| chart.slice_name).collect(),
        changed_on: record.changed_on.clone(),
        changed_on_delta_humanized: humanize_since(&record.changed_on, now),
        created_on_delta_humanized: humanize_since(&record.created_on, now),
        changed_by: user_ref(app, record.changed_by).await?,
        created_by: user_ref(app, record.created_by).await?,
    })
}

/// Text as HTML paragraphs, escaped (descriptions are shown, never executed).
fn escaped_paragraphs(text: &str) -> String {
    let mut html = String::new();
    for paragraph in text
        .split("\n\n")
        .filter(|paragraph| !paragraph.trim().is_empty())
    {
        html.push_str("<p>");
        for character in paragraph.trim().chars() {
            match character {
                '<' => html.push_str("&lt;"),
                '>' => html.push_str("&gt;"),
                '&' => html.push_str("&amp;"),
                '"' => html.push_str("&quot;"),
                '\'' => html.push_str("&#x27;"),
                '\n' => html.push_str("<br>"),
                other => html.push(other),
            }
        }
        html.push_str("</p>");
    }
    html
}

/// One chart as `GET /api/v1/dashboard/{id_or_slug}/charts` answers it.
pub async fn dashboard_chart_body(
    app: &AppState,
    dashboard_id: i64,
    chart: ChartRecord,
) -> Result<DashboardChart, ApiError> {
    let now = chrono::Utc::now().naive_utc();
    let mut form_data: FormData = match chart.params.as_deref() {
        Some(params) if !params.trim().is_empty() => serde_json::from_str(params)
            .map_err(|error| ApiError::internal(format!("chart {} params: {error}", chart.id)))?,
        _ => FormData::default(),
    };
    form_data.slice_id = Some(chart.id);
    form_data.viz_type.clone_from(&chart.viz_type);
    if let Some(dataset_id) = chart.datasource_id {
        let datasource_type = chart.datasource_type.as_deref().unwrap_or("table");
        form_data.datasource = format!("{dataset_id}__{datasource_type}");
    }
    form_data
        .extra
        .insert("dashboardId".to_owned(), Value::from(dashboard_id));
    Ok(DashboardChart {
        id: ChartId(chart.id),
        slice_url: format!("/explore/?slice_id={}", chart.id),
        viz_type: chart.viz_type.clone(),
        form_data,
        description_markeddown: escaped_paragraphs(chart.description.as_deref().unwrap_or_default()),
        description: chart.description,
        owners: user_refs(app, &chart.owners).await?,
        modified: humanize_since(&chart.changed_on, now),
        changed_on: chart.changed_on,
        cache_timeout: chart.cache_timeout,
        certified_by: chart.certified_by,
        certification_details: chart.certification_details,
        is_managed_externally: chart.is_managed_externally,
        slice_name: chart.slice_name,
    })
}

/// One dataset as `GET /api/v1/dashboard/{id_or_slug}/datasets` answers it: the dataset with
/// the d3 formats, currencies and verbose names of its metrics and columns.
pub fn dashboard_dataset_body(dataset: Dataset) -> DashboardDataset {
    let mut column_formats = BTreeMap::new();
    let mut currency_formats = BTreeMap::new();
    let mut verbose_map = BTreeMap::new();
    for metric in &dataset.metrics {
        if let Some(format) = metric.d3format.as_ref().filter(|format| !format.is_empty()) {
            column_formats.insert(metric.metric_name.clone(), format.clone());
        }
        if let Some(currency) = metric.currency.as_ref().filter(|currency| !currency.is_null()) {
            currency_formats.insert(metric.metric_name.clone(), currency.clone());
        }
        let verbose = metric.verbose_name.clone().filter(|name| !name.is_empty());
        verbose_map.insert(
            metric.metric_name.clone(),
            verbose.unwrap_or_else(|| metric.metric_name.clone()),
        );
    }
    for column in &dataset.columns {
        let verbose = column.verbose_name.clone().filter(|name| !name.is_empty());
        verbose_map.insert(
            column.column_name.clone(),
            verbose.unwrap_or_else(|| column.column_name.clone()),
        );
    }
    verbose_map.insert("__timestamp".to_owned(), "Time".to_owned());
    let name = match &dataset.schema {
        Some(schema) => format!("{schema}.{}", dataset.table_name),
        None => dataset.table_name.clone(),
    };
    DashboardDataset {
        uid: format!("{}__table", dataset.id),
        datasource_type: "table".to_owned(),
        datasource_name: dataset.table_name.clone(),
        name,
        column_formats,
        currency_formats,
        verbose_map,
        dataset,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").unwrap()
    }

    #[test]
    fn changed_on_reads_like_humanize() {
        let now = at("2026-11-23T12:00:00");
        let cases = [
            ("2026-11-23T12:00:00.000000", "now"),
            ("2026-11-23T11:59:59.000000", "a second ago"),
            ("2026-11-23T11:59:30.000000", "30 seconds ago"),
            ("2026-11-23T11:58:30.000000", "a minute ago"),
            ("2026-11-23T11:55:00.000000", "5 minutes ago"),
            ("2026-11-23T10:30:00.000000", "an hour ago"),
            ("2026-11-23T07:00:00.000000", "5 hours ago"),
            ("2026-11-22T11:00:00.000000", "a day ago"),
            ("2026-11-13T12:00:00.000000", "10 days ago"),
            ("2026-10-15T12:00:00.000000", "a month ago"),
            ("2026-05-23T12:00:00.000000", "6 months ago"),
            ("2025-11-01T12:00:00.000000", "a year ago"),
            ("2023-11-01T12:00:00.000000", "3 years ago"),
        ];
        for (stored, expected) in cases {
            assert_eq!(humanize_since(stored, now), expected, "{stored}");
        }
        assert_eq!(humanize_since("not a time", now), "");
    }

    #[test]
    fn descriptions_are_escaped_paragraphs() {
        assert_eq!(
            escaped_paragraphs("Births <b>by</b> year\n\nSource: SSA & co"),
            "<p>Births &lt;b&gt;by&lt;/b&gt; year</p><p>Source: SSA &amp; co</p>"
        );
        assert_eq!(escaped_paragraphs(""), "");
    }
}
