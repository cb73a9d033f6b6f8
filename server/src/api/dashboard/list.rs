//! `GET /api/v1/dashboard/?q=`: the dashboard list, filtered, sorted and paged as Superset's is.

use axum::extract::State;
use quiver_types::{DashboardListItem, ListRole};
use serde_json::Value;

use super::body::is_listed_for;
use crate::api::dataset::ListParams;
use crate::api::humanize::time_ago;
use crate::api::list_answer::{list_answer, tag_ref, user_name, user_ref};
use crate::api::list_query::parse_list_query;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppQuery};
use crate::state::AppState;
use crate::store::dashboard_list::{DashboardListRow, DASHBOARD_LIST};

fn list_item(
    row: DashboardListRow,
    now: chrono::DateTime<chrono::Utc>,
    with_roles: bool,
) -> DashboardListItem {
    let changed_by = row.changed_by.map(user_ref);
    let url = match &row.slug {
        Some(slug) => format!("/superset/dashboard/{slug}/"),
        None => format!("/superset/dashboard/{}/", row.id),
    };
    DashboardListItem {
        id: row.id,
        uuid: row.uuid,
        dashboard_title: row.dashboard_title,
        slug: row.slug,
        url,
        published: row.published,
        status: if row.published { "published" } else { "draft" }.to_owned(),
        certified_by: row.certified_by,
        certification_details: row.certification_details,
        is_managed_externally: row.is_managed_externally,
        changed_on_delta_humanized: time_ago(&row.changed_on, now),
        created_on_delta_humanized: time_ago(&row.created_on, now),
        changed_on_utc: row.changed_on,
        changed_by_name: user_name(changed_by.as_ref()),
        changed_by,
        created_by: row.created_by.map(user_ref),
        owners: row.owners.into_iter().map(user_ref).collect(),
        roles: with_roles.then(|| {
            row.roles
                .into_iter()
                .map(|(id, name)| ListRole { id, name })
                .collect()
        }),
        tags: row.tags.into_iter().map(tag_ref).collect(),
        is_favorite: row.favorite,
    }
}

/// The dashboards a non-admin may see in lists (Superset's `DashboardAccessFilter`); `None` for
/// admins, who see all.
pub async fn visible_dashboards(app: &AppState, user: &AuthUser) -> Result<Option<Vec<i64>>, ApiError> {
    if user.is_admin() {
        return Ok(None);
    }
    let mut visible = Vec::new();
    for id in app.store.dashboard_ids().await? {
        if is_listed_for(app, user, &app.store.dashboard(id).await?).await? {
            visible.push(id);
        }
    }
    Ok(Some(visible))
}

/// `GET /api/v1/dashboard/?q=(filters:!(...),order_column:...,order_direction:...,page:0,page_size:25)`.
pub async fn list_dashboards(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query(params.q.as_deref())?;
    let visible = visible_dashboards(&app, &user).await?;
    let page = app
        .store
        .list_ids(
            &DASHBOARD_LIST,
            &query,
            Some(user.id),
            visible.as_deref().map(|ids| ("dashboards.id", ids)),
        )
        .await?;
    let now = chrono::Utc::now();
    let rows = app.store.dashboard_list_rows(&page.ids, Some(user.id)).await?;
    let with_roles = app.settings.dashboard_rbac;
    let result = rows
        .into_iter()
        .map(|row| list_item(row, now, with_roles))
        .collect();
    list_answer(page.count, page.ids, result, &query)
}
