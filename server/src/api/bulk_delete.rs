//! `DELETE /api/v1/{chart|dashboard|dataset}/?q=!(1,2)`: deletes every object of the list or
//! none. Any missing object is a 404 and any the caller does not own a 403 (admins own all);
//! success answers Superset's "Deleted 2 charts".

use axum::extract::State;
use quiver_types::MessageResponse;

use super::chart::can_change_chart;
use super::dataset::ListParams;
use super::list_query::parse_id_list;
use crate::auth::guard::FORBIDDEN;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;

/// The ids of the call, each once; an empty list names nothing to delete (404).
fn ids_to_delete(q: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let mut ids = parse_id_list(q)?;
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(ApiError::not_found());
    }
    Ok(ids)
}

/// Superset's `ngettext("Deleted %(num)d chart", "Deleted %(num)d charts", num)`.
fn deleted_message(count: usize, noun: &str) -> AppJson<MessageResponse> {
    let plural = if count == 1 { "" } else { "s" };
    AppJson(MessageResponse {
        message: format!("Deleted {count} {noun}{plural}"),
    })
}

/// 403 unless every owner list holds the caller (or the caller is an admin).
fn require_all_owned(user: &AuthUser, owned: &[bool]) -> Result<(), ApiError> {
    if user.is_admin() || owned.iter().all(|owned| *owned) {
        Ok(())
    } else {
        Err(ApiError::forbidden(FORBIDDEN))
    }
}

/// `DELETE /api/v1/chart/?q=!(ids)`.
pub async fn bulk_delete_charts(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let ids = ids_to_delete(params.q.as_deref())?;
    let mut owned = Vec::with_capacity(ids.len());
    for id in &ids {
        owned.push(can_change_chart(&user, &app.store.chart(*id).await?));
    }
    require_all_owned(&user, &owned)?;
    app.store.delete_charts(&ids).await?;
    Ok(deleted_message(ids.len(), "chart"))
}

/// `DELETE /api/v1/dashboard/?q=!(ids)`.
pub async fn bulk_delete_dashboards(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let ids = ids_to_delete(params.q.as_deref())?;
    let mut owned = Vec::with_capacity(ids.len());
    for id in &ids {
        owned.push(app.store.dashboard(*id).await?.owners.contains(&user.id));
    }
    require_all_owned(&user, &owned)?;
    app.store.delete_dashboards(&ids).await?;
    Ok(deleted_message(ids.len(), "dashboard"))
}

/// `DELETE /api/v1/dataset/?q=!(ids)`. The datasets' charts stay, as in Superset.
pub async fn bulk_delete_datasets(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let ids = ids_to_delete(params.q.as_deref())?;
    let mut owned = Vec::with_capacity(ids.len());
    for id in &ids {
        let dataset = app.store.dataset(*id).await?;
        owned.push(dataset.owners.iter().any(|owner| owner.id.0 == user.id));
    }
    require_all_owned(&user, &owned)?;
    app.store.delete_datasets(&ids).await?;
    Ok(deleted_message(ids.len(), "dataset"))
}
