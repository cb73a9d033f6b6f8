//! `GET /api/v1/{resource}/related/{column}` and `/distinct/{column}` of every list resource: the
//! values a list filter offers, `{"count": n, "result": [{"text": "Superset Admin", "value": 1}]}`.
//! A column the resource does not offer is a 404, as in Flask-AppBuilder. The columns are
//! Superset 6's `allowed_rel_fields` and `allowed_distinct_fields` of each API.

use axum::extract::State;
use quiver_types::{ListResponse, RelatedItem};

use super::chart_list::visible_datasets;
use super::database::visible_databases;
use super::dataset::ListParams;
use super::list_query::parse_related_query;
use super::query_history::sees_every_query;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::state::AppState;
use crate::store::related::{
    RelatedSource, DISTINCT_QUERY_STATUSES, DISTINCT_SAVED_QUERY_SCHEMAS, DISTINCT_SCHEMAS,
    RELATED_DATABASES, RELATED_ROLES, RELATED_USERS,
};

/// Which rows of a source the caller may see.
#[derive(Debug, Clone, Copy)]
enum Visibility {
    Everyone,
    /// The databases the caller may query, by `dbs.id`.
    Databases,
    /// The datasets the caller may read, by `tables.id`.
    Datasets,
    /// The caller's own saved queries.
    OwnSavedQueries,
    /// The caller's own runs, or everyone's with `all_query_access`.
    Queries,
}

/// The source behind `related/{column}` of a resource, if it offers that column.
fn related_source(resource: &str, column: &str) -> Option<(RelatedSource, Visibility)> {
    match (resource, column) {
        ("chart" | "dashboard" | "dataset", "owners" | "created_by" | "changed_by") => {
            Some((RELATED_USERS, Visibility::Everyone))
        }
        ("dataset" | "saved_query" | "query", "database") => Some((RELATED_DATABASES, Visibility::Databases)),
        ("database" | "saved_query" | "tag" | "annotation_layer", "created_by" | "changed_by") => {
            Some((RELATED_USERS, Visibility::Everyone))
        }
        ("query", "user") => Some((RELATED_USERS, Visibility::Everyone)),
        ("dashboard", "roles") => Some((RELATED_ROLES, Visibility::Everyone)),
        _ => None,
    }
}

/// The source behind `distinct/{column}` of a resource, if it offers that column.
fn distinct_source(resource: &str, column: &str) -> Option<(RelatedSource, Visibility)> {
    match (resource, column) {
        ("dataset", "schema") => Some((DISTINCT_SCHEMAS, Visibility::Datasets)),
        ("saved_query", "schema") => Some((DISTINCT_SAVED_QUERY_SCHEMAS, Visibility::OwnSavedQueries)),
        ("query", "status") => Some((DISTINCT_QUERY_STATUSES, Visibility::Queries)),
        _ => None,
    }
}

async fn answer(
    app: &AppState,
    user: &AuthUser,
    source: Option<(RelatedSource, Visibility)>,
    q: Option<&str>,
) -> Result<AppJson<ListResponse<RelatedItem>>, ApiError> {
    let query = parse_related_query(q)?;
    let (source, visibility) = source.ok_or_else(ApiError::not_found)?;
    let visible = match visibility {
        Visibility::Everyone => None,
        Visibility::Databases => visible_databases(app, user).await?.map(|ids| ("dbs.id", ids)),
        Visibility::Datasets => visible_datasets(app, user).await?.map(|ids| ("tables.id", ids)),
        Visibility::OwnSavedQueries => Some(("saved_query.created_by_fk", vec![user.id])),
        Visibility::Queries => (!sees_every_query(user)).then(|| ("query.user_id", vec![user.id])),
    };
    let page = app
        .store
        .related_values(
            &source,
            &query.filter,
            query.page,
            query.page_size,
            visible.as_ref().map(|(sql, ids)| (*sql, ids.as_slice())),
        )
        .await?;
    Ok(AppJson(ListResponse {
        count: page.count,
        result: page.items,
    }))
}

macro_rules! related_handlers {
    ($related:ident, $distinct:ident, $resource:literal) => {
        #[doc = concat!("`GET /api/v1/", $resource, "/related/{column}?q=(filter:...,page:0,page_size:20)`.")]
        pub async fn $related(
            State(app): State<AppState>,
            CurrentUser(user): CurrentUser,
            AppPath(column): AppPath<String>,
            AppQuery(params): AppQuery<ListParams>,
        ) -> Result<AppJson<ListResponse<RelatedItem>>, ApiError> {
            answer(&app, &user, related_source($resource, &column), params.q.as_deref()).await
        }

        #[doc = concat!("`GET /api/v1/", $resource, "/distinct/{column}?q=(filter:...,page:0,page_size:20)`.")]
        pub async fn $distinct(
            State(app): State<AppState>,
            CurrentUser(user): CurrentUser,
            AppPath(column): AppPath<String>,
            AppQuery(params): AppQuery<ListParams>,
        ) -> Result<AppJson<ListResponse<RelatedItem>>, ApiError> {
            answer(&app, &user, distinct_source($resource, &column), params.q.as_deref()).await
        }
    };
}

related_handlers!(chart_related, chart_distinct, "chart");
related_handlers!(dashboard_related, dashboard_distinct, "dashboard");
related_handlers!(dataset_related, dataset_distinct, "dataset");
related_handlers!(database_related, database_distinct, "database");
related_handlers!(saved_query_related, saved_query_distinct, "saved_query");
related_handlers!(query_related, query_distinct, "query");
related_handlers!(tag_related, tag_distinct, "tag");
related_handlers!(
    annotation_layer_related,
    annotation_layer_distinct,
    "annotation_layer"
);
