//! `DELETE /api/v1/{chart|dashboard|dataset}/?q=!(1,2)`: deletes every object of the list or
//! none. Any missing object is a 404 and any the caller does not own a 403 (admins own all);
//! success answers Superset's "Deleted 2 charts".

use axum::extract::State;
use quiver_types::MessageResponse;

use super::dataset::ListParams;
use super::list_query::parse_id_set;
use crate::auth::guard::FORBIDDEN;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;
use crate::store::bulk_delete::{DeletableResource, CHARTS, DASHBOARDS, DATASETS};

/// Superset's `ngettext("Deleted %(num)d chart", "Deleted %(num)d charts", num)`.
pub fn deleted_message(count: usize, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("Deleted {count} {noun}{plural}")
}

async fn bulk_delete(
    app: &AppState,
    user: &AuthUser,
    resource: &DeletableResource,
    noun: &str,
    q: Option<&str>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let ids = parse_id_set(q)?;
    let owners = app.store.owners_of_existing(resource, &ids).await?;
    if ids.is_empty() || owners.len() != ids.len() {
        return Err(ApiError::not_found());
    }
    let owns_all = owners.values().all(|owner_ids| owner_ids.contains(&user.id));
    if !user.is_admin() && !owns_all {
        return Err(ApiError::forbidden(FORBIDDEN));
    }
    app.store.delete_resources(resource, &ids).await?;
    Ok(AppJson(MessageResponse {
        message: deleted_message(ids.len(), noun),
    }))
}

/// `DELETE /api/v1/chart/?q=!(ids)`.
pub async fn bulk_delete_charts(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    bulk_delete(&app, &user, &CHARTS, "chart", params.q.as_deref()).await
}

/// `DELETE /api/v1/dashboard/?q=!(ids)`.
pub async fn bulk_delete_dashboards(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    bulk_delete(&app, &user, &DASHBOARDS, "dashboard", params.q.as_deref()).await
}

/// `DELETE /api/v1/dataset/?q=!(ids)`. The datasets' charts stay, as in Superset.
pub async fn bulk_delete_datasets(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    bulk_delete(&app, &user, &DATASETS, "dataset", params.q.as_deref()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_counts_in_singular_and_plural() {
        assert_eq!(deleted_message(1, "chart"), "Deleted 1 chart");
        assert_eq!(deleted_message(3, "dataset"), "Deleted 3 datasets");
    }
}
