//! `GET /api/v1/chart/?q=`: the chart list, filtered, sorted and paged as Superset's is.

use axum::extract::State;
use quiver_types::{ChartListDashboard, ChartListItem};
use serde_json::Value;

use super::dataset::ListParams;
use super::humanize::time_ago;
use super::list_answer::{list_answer, tag_ref, user_name, user_ref};
use super::list_query::parse_list_query_up_to;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppQuery};
use crate::state::AppState;
use crate::store::chart_list::{ChartListRow, CHART_LIST};

fn list_item(row: ChartListRow, now: chrono::DateTime<chrono::Utc>) -> ChartListItem {
    let changed_by = row.changed_by.map(user_ref);
    let changed_by_name = user_name(changed_by.as_ref());
    let datasource_name_text = row.datasource_name.map(|name| match &row.datasource_schema {
        Some(schema) if !schema.is_empty() => format!("{schema}.{name}"),
        _ => name,
    });
    let datasource_url = match (row.datasource_type.as_deref(), row.datasource_id) {
        (Some(kind), Some(id)) => Some(format!("/explore/?datasource_type={kind}&datasource_id={id}")),
        _ => None,
    };
    let url = format!("/explore/?slice_id={}", row.id);
    ChartListItem {
        id: row.id,
        uuid: row.uuid,
        slice_name: row.slice_name,
        viz_type: row.viz_type,
        slice_url: url.clone(),
        url,
        description: row.description,
        cache_timeout: row.cache_timeout,
        certified_by: row.certified_by,
        certification_details: row.certification_details,
        is_managed_externally: row.is_managed_externally,
        datasource_id: row.datasource_id,
        datasource_type: row.datasource_type,
        datasource_name_text,
        datasource_url,
        params: row.params,
        changed_on_delta_humanized: time_ago(&row.changed_on, now),
        created_on_delta_humanized: time_ago(&row.created_on, now),
        last_saved_at: row.changed_on.clone(),
        changed_on_utc: row.changed_on,
        last_saved_by: changed_by.clone(),
        changed_by,
        changed_by_name,
        created_by: row.created_by.map(user_ref),
        owners: row.owners.into_iter().map(user_ref).collect(),
        dashboards: row
            .dashboards
            .into_iter()
            .map(|(id, dashboard_title)| ChartListDashboard { id, dashboard_title })
            .collect(),
        tags: row.tags.into_iter().map(tag_ref).collect(),
        is_favorite: row.favorite,
    }
}

/// The datasets a user who may not read every dataset can see (and see charts of); `None` for
/// everyone else.
pub async fn visible_datasets(app: &AppState, user: &AuthUser) -> Result<Option<Vec<i64>>, ApiError> {
    if user.is_admin() || user.has_permission("all_datasource_access", "all_datasource_access") {
        return Ok(None);
    }
    let mut visible = Vec::new();
    for id in app.store.dataset_ids(None).await? {
        if user.can_access_dataset(&app.store.dataset(id).await?) {
            visible.push(id);
        }
    }
    Ok(Some(visible))
}

/// The largest page of the chart list: Superset's pickers of saved charts (the dashboard
/// editor's charts pane) read pages of 200 (spec 002 sections 7 and 9); other lists stop at
/// [`MAX_PAGE_SIZE`](super::list_query::MAX_PAGE_SIZE).
pub const CHART_LIST_MAX_PAGE_SIZE: u64 = 200;

/// `GET /api/v1/chart/?q=(filters:!(...),order_column:...,order_direction:...,page:0,page_size:25)`.
pub async fn list_charts(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query_up_to(params.q.as_deref(), CHART_LIST_MAX_PAGE_SIZE)?;
    let visible = visible_datasets(&app, &user).await?;
    let page = app
        .store
        .list_ids(
            &CHART_LIST,
            &query,
            Some(user.id),
            visible.as_deref().map(|ids| ("slices.datasource_id", ids)),
        )
        .await?;
    let now = chrono::Utc::now();
    let rows = app.store.chart_list_rows(&page.ids, Some(user.id)).await?;
    let result = rows.into_iter().map(|row| list_item(row, now)).collect();
    list_answer(page.count, page.ids, result, &query)
}
