//! Superset's permission model: roles hold `(permission, view)` pairs; every endpoint declares the
//! pair it needs in [`ENDPOINTS`], the one table the guard and the `_info` calls read.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::http::Method;

/// What an endpoint requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, logged in or not (login, health, the web app's pages).
    Public,
    /// Any logged-in user (their own profile, the CSRF token).
    Authenticated,
    /// A logged-in user whose roles grant `(permission, view)`.
    Permission(&'static str, &'static str),
}

/// One route and what it requires.
#[derive(Debug, Clone, Copy)]
pub struct Endpoint {
    pub method: &'static str,
    /// The route as registered in the router (`/api/v1/chart/{pk}`).
    pub path: &'static str,
    pub access: Access,
}

const fn endpoint(method: &'static str, path: &'static str, access: Access) -> Endpoint {
    Endpoint { method, path, access }
}

use Access::{Authenticated, Permission, Public};

/// Every API route with its access rule. A route missing here is refused for everyone (fail closed).
pub const ENDPOINTS: &[Endpoint] = &[
    endpoint("GET", "/health", Public),
    endpoint("GET", "/login/", Public),
    endpoint("POST", "/login/", Public),
    endpoint("GET", "/logout/", Public),
    // Explore's page, and Explore opened by a form post (kept in the Explore state cache).
    endpoint("GET", "/explore/", Public),
    endpoint(
        "POST",
        "/explore/",
        Permission("can_write", "ExploreFormDataRestApi"),
    ),
    endpoint("GET", "/superset/explore/", Public),
    endpoint(
        "POST",
        "/superset/explore/",
        Permission("can_write", "ExploreFormDataRestApi"),
    ),
    endpoint("POST", "/api/v1/security/login", Public),
    endpoint("POST", "/api/v1/security/refresh", Public),
    endpoint("GET", "/api/v1/security/csrf_token/", Authenticated),
    endpoint("GET", "/api/v1/me/", Authenticated),
    endpoint("GET", "/api/v1/me/roles/", Authenticated),
    endpoint("GET", "/api/v1/common/conf/", Authenticated),
    endpoint("GET", "/api/v1/user/{id}/avatar.png", Authenticated),
    endpoint("GET", "/api/v1/explore/", Permission("can_read", "Chart")),
    endpoint("POST", "/api/v1/chart/data", Permission("can_read", "Chart")),
    endpoint("GET", "/api/v1/chart/{pk}/data/", Permission("can_read", "Chart")),
    endpoint(
        "GET",
        "/api/v1/chart/data/{cache_key}",
        Permission("can_read", "Chart"),
    ),
    endpoint("GET", "/api/v1/async_event/", Authenticated),
    endpoint("POST", "/datasource/samples", Permission("can_read", "Dataset")),
    endpoint("GET", "/superset/explore_json/", Permission("can_read", "Chart")),
    endpoint("POST", "/superset/explore_json/", Permission("can_read", "Chart")),
    endpoint(
        "GET",
        "/superset/explore_json/{datasource_type}/{datasource_id}/",
        Permission("can_read", "Chart"),
    ),
    endpoint(
        "POST",
        "/superset/explore_json/{datasource_type}/{datasource_id}/",
        Permission("can_read", "Chart"),
    ),
    endpoint(
        "GET",
        "/superset/fetch_datasource_metadata",
        Permission("can_read", "Dataset"),
    ),
    endpoint("GET", "/api/v1/async_event/ws", Authenticated),
    endpoint("GET", "/api/v1/chart/_info", Authenticated),
    endpoint("GET", "/api/v1/chart/{pk}", Permission("can_read", "Chart")),
    endpoint("POST", "/api/v1/chart/", Permission("can_write", "Chart")),
    endpoint("GET", "/api/v1/chart/", Permission("can_read", "Chart")),
    endpoint(
        "GET",
        "/api/v1/chart/favorite_status/",
        Permission("can_read", "Chart"),
    ),
    endpoint(
        "POST",
        "/api/v1/chart/{pk}/favorites/",
        Permission("can_read", "Chart"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/chart/{pk}/favorites/",
        Permission("can_read", "Chart"),
    ),
    endpoint("PUT", "/api/v1/chart/{pk}", Permission("can_write", "Chart")),
    endpoint("DELETE", "/api/v1/chart/{pk}", Permission("can_write", "Chart")),
    endpoint("GET", "/api/v1/dataset/", Permission("can_read", "Dataset")),
    endpoint("GET", "/api/v1/dataset/_info", Authenticated),
    endpoint("GET", "/api/v1/dataset/{pk}", Permission("can_read", "Dataset")),
    endpoint("GET", "/api/v1/time_range/", Authenticated),
    endpoint("GET", "/api/v1/dashboard/_info", Authenticated),
    endpoint("GET", "/api/v1/database/_info", Authenticated),
    endpoint("GET", "/api/v1/saved_query/_info", Authenticated),
    endpoint("GET", "/api/v1/tag/_info", Authenticated),
    endpoint("GET", "/api/v1/query/_info", Authenticated),
    // Explore state: the form data cache and permalinks.
    endpoint(
        "POST",
        "/api/v1/explore/form_data",
        Permission("can_write", "ExploreFormDataRestApi"),
    ),
    endpoint(
        "GET",
        "/api/v1/explore/form_data/{key}",
        Permission("can_read", "ExploreFormDataRestApi"),
    ),
    endpoint(
        "PUT",
        "/api/v1/explore/form_data/{key}",
        Permission("can_write", "ExploreFormDataRestApi"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/explore/form_data/{key}",
        Permission("can_write", "ExploreFormDataRestApi"),
    ),
    endpoint(
        "POST",
        "/api/v1/explore/permalink",
        Permission("can_write", "ExplorePermalinkRestApi"),
    ),
    endpoint(
        "GET",
        "/api/v1/explore/permalink/{key}",
        Permission("can_read", "ExplorePermalinkRestApi"),
    ),
    // SQL Lab (issue #7)
    endpoint(
        "POST",
        "/api/v1/sqllab/execute/",
        Permission("can_execute_sql_query", "SQLLab"),
    ),
    endpoint(
        "POST",
        "/api/v1/sqllab/format_sql/",
        Permission("can_format_sql", "SQLLab"),
    ),
    endpoint(
        "POST",
        "/api/v1/sqllab/estimate/",
        Permission("can_estimate_query_cost", "SQLLab"),
    ),
    endpoint(
        "POST",
        "/api/v1/query/stop",
        Permission("can_execute_sql_query", "SQLLab"),
    ),
    endpoint(
        "GET",
        "/api/v1/sqllab/results/",
        Permission("can_get_results", "SQLLab"),
    ),
    endpoint(
        "GET",
        "/api/v1/sqllab/export/{client_id}/",
        Permission("can_export_csv", "SQLLab"),
    ),
    endpoint(
        "GET",
        "/api/v1/query/updated_since",
        Permission("can_read", "Query"),
    ),
    endpoint("GET", "/api/v1/database/", Permission("can_read", "Database")),
    endpoint(
        "GET",
        "/api/v1/database/{pk}/catalogs/",
        Permission("can_read", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/{pk}/schemas/",
        Permission("can_read", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/{pk}/tables/",
        Permission("can_read", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/{pk}/table_metadata/",
        Permission("can_read", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/{pk}/table_metadata/extra/",
        Permission("can_read", "Database"),
    ),
    // Dashboards (spec 001 §7).
    endpoint("GET", "/api/v1/dashboard/", Permission("can_read", "Dashboard")),
    endpoint("POST", "/api/v1/dashboard/", Permission("can_write", "Dashboard")),
    endpoint(
        "GET",
        "/api/v1/dashboard/{pk}",
        Permission("can_read", "Dashboard"),
    ),
    endpoint(
        "PUT",
        "/api/v1/dashboard/{pk}",
        Permission("can_write", "Dashboard"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/dashboard/{pk}",
        Permission("can_write", "Dashboard"),
    ),
    endpoint(
        "GET",
        "/api/v1/dashboard/{pk}/charts",
        Permission("can_read", "Dashboard"),
    ),
    endpoint(
        "GET",
        "/api/v1/dashboard/{pk}/datasets",
        Permission("can_read", "Dashboard"),
    ),
    endpoint(
        "POST",
        "/api/v1/dashboard/{pk}/copy/",
        Permission("can_write", "Dashboard"),
    ),
    endpoint(
        "PUT",
        "/api/v1/dashboard/{pk}/filters",
        Permission("can_write", "Dashboard"),
    ),
    endpoint(
        "PUT",
        "/api/v1/dashboard/{pk}/colors",
        Permission("can_write", "Dashboard"),
    ),
    endpoint(
        "POST",
        "/api/v1/dashboard/{pk}/filter_state",
        Permission("can_write", "DashboardFilterStateRestApi"),
    ),
    endpoint(
        "GET",
        "/api/v1/dashboard/{pk}/filter_state/{key}",
        Permission("can_read", "DashboardFilterStateRestApi"),
    ),
    endpoint(
        "PUT",
        "/api/v1/dashboard/{pk}/filter_state/{key}",
        Permission("can_write", "DashboardFilterStateRestApi"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/dashboard/{pk}/filter_state/{key}",
        Permission("can_write", "DashboardFilterStateRestApi"),
    ),
    endpoint(
        "POST",
        "/api/v1/dashboard/{pk}/permalink",
        Permission("can_write", "DashboardPermalinkRestApi"),
    ),
    endpoint(
        "GET",
        "/api/v1/dashboard/permalink/{key}",
        Permission("can_read", "DashboardPermalinkRestApi"),
    ),
    endpoint(
        "GET",
        "/api/v1/dashboard/favorite_status/",
        Permission("can_read", "Dashboard"),
    ),
    endpoint(
        "POST",
        "/api/v1/dashboard/{pk}/favorites/",
        Permission("can_read", "Dashboard"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/dashboard/{pk}/favorites/",
        Permission("can_read", "Dashboard"),
    ),
    // SQL Lab state: saved queries, history, permalinks, server-kept tabs (issue #7).
    endpoint(
        "GET",
        "/api/v1/saved_query/",
        Permission("can_read", "SavedQuery"),
    ),
    endpoint(
        "POST",
        "/api/v1/saved_query/",
        Permission("can_write", "SavedQuery"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/saved_query/",
        Permission("can_write", "SavedQuery"),
    ),
    endpoint(
        "GET",
        "/api/v1/saved_query/{pk}",
        Permission("can_read", "SavedQuery"),
    ),
    endpoint(
        "PUT",
        "/api/v1/saved_query/{pk}",
        Permission("can_write", "SavedQuery"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/saved_query/{pk}",
        Permission("can_write", "SavedQuery"),
    ),
    endpoint("GET", "/api/v1/query/", Permission("can_read", "Query")),
    endpoint("GET", "/api/v1/query/{pk}", Permission("can_read", "Query")),
    endpoint(
        "POST",
        "/api/v1/sqllab/permalink",
        Permission("can_write", "SqlLabPermalinkRestApi"),
    ),
    endpoint(
        "GET",
        "/api/v1/sqllab/permalink/{key}",
        Permission("can_read", "SqlLabPermalinkRestApi"),
    ),
    endpoint("GET", "/api/v1/sqllab/", Permission("can_read", "SQLLab")),
    endpoint("POST", "/tabstateview/", Permission("can_write", "TabStateView")),
    endpoint(
        "GET",
        "/tabstateview/{pk}",
        Permission("can_read", "TabStateView"),
    ),
    endpoint(
        "PUT",
        "/tabstateview/{pk}",
        Permission("can_write", "TabStateView"),
    ),
    endpoint(
        "DELETE",
        "/tabstateview/{pk}",
        Permission("can_write", "TabStateView"),
    ),
    endpoint(
        "POST",
        "/tabstateview/{pk}/activate",
        Permission("can_write", "TabStateView"),
    ),
    endpoint(
        "POST",
        "/tabstateview/{pk}/migrate_query",
        Permission("can_write", "TabStateView"),
    ),
    endpoint(
        "DELETE",
        "/tabstateview/{pk}/query/{client_id}",
        Permission("can_write", "TabStateView"),
    ),
    endpoint(
        "POST",
        "/tableschemaview/",
        Permission("can_write", "TableSchemaView"),
    ),
    endpoint(
        "DELETE",
        "/tableschemaview/{pk}",
        Permission("can_write", "TableSchemaView"),
    ),
    endpoint(
        "POST",
        "/tableschemaview/{pk}/expanded",
        Permission("can_write", "TableSchemaView"),
    ),
    // Native filter values (issue #6).
    endpoint(
        "GET",
        "/api/v1/datasource/{datasource_type}/{datasource_id}/column/{column_name}/values/",
        Permission("can_read", "Dataset"),
    ),
    // List pages: bulk deletes, related and distinct values (issue #8).
    endpoint("DELETE", "/api/v1/chart/", Permission("can_write", "Chart")),
    endpoint(
        "DELETE",
        "/api/v1/dashboard/",
        Permission("can_write", "Dashboard"),
    ),
    endpoint("DELETE", "/api/v1/dataset/", Permission("can_write", "Dataset")),
    endpoint("POST", "/api/v1/dataset/", Permission("can_write", "Dataset")),
    endpoint(
        "POST",
        "/api/v1/dataset/get_or_create/",
        Permission("can_write", "Dataset"),
    ),
    endpoint(
        "GET",
        "/api/v1/chart/related/{column}",
        Permission("can_read", "Chart"),
    ),
    endpoint(
        "GET",
        "/api/v1/chart/distinct/{column}",
        Permission("can_read", "Chart"),
    ),
    endpoint(
        "GET",
        "/api/v1/dashboard/related/{column}",
        Permission("can_read", "Dashboard"),
    ),
    endpoint(
        "GET",
        "/api/v1/dashboard/distinct/{column}",
        Permission("can_read", "Dashboard"),
    ),
    endpoint(
        "GET",
        "/api/v1/dataset/related/{column}",
        Permission("can_read", "Dataset"),
    ),
    endpoint(
        "GET",
        "/api/v1/dataset/distinct/{column}",
        Permission("can_read", "Dataset"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/related/{column}",
        Permission("can_read", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/distinct/{column}",
        Permission("can_read", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/saved_query/related/{column}",
        Permission("can_read", "SavedQuery"),
    ),
    endpoint(
        "GET",
        "/api/v1/saved_query/distinct/{column}",
        Permission("can_read", "SavedQuery"),
    ),
    endpoint(
        "GET",
        "/api/v1/query/related/{column}",
        Permission("can_read", "Query"),
    ),
    endpoint(
        "GET",
        "/api/v1/query/distinct/{column}",
        Permission("can_read", "Query"),
    ),
    endpoint(
        "GET",
        "/api/v1/tag/related/{column}",
        Permission("can_read", "Tag"),
    ),
    endpoint(
        "GET",
        "/api/v1/tag/distinct/{column}",
        Permission("can_read", "Tag"),
    ),
    endpoint(
        "GET",
        "/api/v1/annotation_layer/related/{column}",
        Permission("can_read", "Annotation"),
    ),
    endpoint(
        "GET",
        "/api/v1/annotation_layer/distinct/{column}",
        Permission("can_read", "Annotation"),
    ),
    endpoint("DELETE", "/api/v1/tag/", Permission("can_write", "Tag")),
    // Database connections, dataset edits and uploads (issue #8).
    endpoint("POST", "/api/v1/database/", Permission("can_write", "Database")),
    endpoint("DELETE", "/api/v1/database/", Permission("can_write", "Database")),
    endpoint("GET", "/api/v1/database/{pk}", Permission("can_read", "Database")),
    endpoint(
        "PUT",
        "/api/v1/database/{pk}",
        Permission("can_write", "Database"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/database/{pk}",
        Permission("can_write", "Database"),
    ),
    endpoint(
        "POST",
        "/api/v1/database/test_connection/",
        Permission("can_write", "Database"),
    ),
    endpoint(
        "POST",
        "/api/v1/database/validate_parameters/",
        Permission("can_write", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/available/",
        Permission("can_read", "Database"),
    ),
    endpoint(
        "POST",
        "/api/v1/database/{pk}/upload/",
        Permission("can_upload", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/upload/progress/{upload_id}",
        Permission("can_upload", "Database"),
    ),
    endpoint("PUT", "/api/v1/dataset/{pk}", Permission("can_write", "Dataset")),
    endpoint(
        "DELETE",
        "/api/v1/dataset/{pk}",
        Permission("can_write", "Dataset"),
    ),
    endpoint(
        "PUT",
        "/api/v1/dataset/{pk}/refresh",
        Permission("can_write", "Dataset"),
    ),
    endpoint(
        "GET",
        "/api/v1/dataset/{pk}/related_objects",
        Permission("can_read", "Dataset"),
    ),
    // Tags and the activity log (issue #8).
    endpoint("GET", "/api/v1/tag/", Permission("can_read", "Tag")),
    endpoint("POST", "/api/v1/tag/", Permission("can_write", "Tag")),
    endpoint("GET", "/api/v1/tag/{pk}", Permission("can_read", "Tag")),
    endpoint("PUT", "/api/v1/tag/{pk}", Permission("can_write", "Tag")),
    endpoint("DELETE", "/api/v1/tag/{pk}", Permission("can_write", "Tag")),
    endpoint("POST", "/api/v1/tag/bulk_create", Permission("can_write", "Tag")),
    endpoint("GET", "/api/v1/tag/get_objects/", Permission("can_read", "Tag")),
    endpoint(
        "GET",
        "/api/v1/tag/favorite_status/",
        Permission("can_read", "Tag"),
    ),
    endpoint(
        "POST",
        "/api/v1/tag/{pk}/favorites/",
        Permission("can_read", "Tag"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/tag/{pk}/favorites/",
        Permission("can_read", "Tag"),
    ),
    endpoint("POST", "/superset/log/", Authenticated),
    endpoint("GET", "/api/v1/log/recent_activity/", Authenticated),
    // Bundle export and import (issue #8, decision 0027).
    endpoint(
        "GET",
        "/api/v1/dashboard/export/",
        Permission("can_export", "Dashboard"),
    ),
    endpoint("GET", "/api/v1/chart/export/", Permission("can_export", "Chart")),
    endpoint(
        "GET",
        "/api/v1/dataset/export/",
        Permission("can_export", "Dataset"),
    ),
    endpoint(
        "GET",
        "/api/v1/database/export/",
        Permission("can_export", "Database"),
    ),
    endpoint(
        "GET",
        "/api/v1/saved_query/export/",
        Permission("can_export", "SavedQuery"),
    ),
    endpoint(
        "POST",
        "/api/v1/dashboard/import/",
        Permission("can_write", "Dashboard"),
    ),
    endpoint("POST", "/api/v1/chart/import/", Permission("can_write", "Chart")),
    endpoint(
        "POST",
        "/api/v1/dataset/import/",
        Permission("can_write", "Dataset"),
    ),
    endpoint(
        "POST",
        "/api/v1/database/import/",
        Permission("can_write", "Database"),
    ),
    endpoint(
        "POST",
        "/api/v1/saved_query/import/",
        Permission("can_write", "SavedQuery"),
    ),
    // Annotation layers and annotations
    endpoint("GET", "/api/v1/annotation_layer/_info", Authenticated),
    endpoint(
        "GET",
        "/api/v1/annotation_layer/",
        Permission("can_read", "Annotation"),
    ),
    endpoint(
        "POST",
        "/api/v1/annotation_layer/",
        Permission("can_write", "Annotation"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/annotation_layer/",
        Permission("can_write", "Annotation"),
    ),
    endpoint(
        "GET",
        "/api/v1/annotation_layer/{pk}",
        Permission("can_read", "Annotation"),
    ),
    endpoint(
        "PUT",
        "/api/v1/annotation_layer/{pk}",
        Permission("can_write", "Annotation"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/annotation_layer/{pk}",
        Permission("can_write", "Annotation"),
    ),
    endpoint(
        "GET",
        "/api/v1/annotation_layer/{pk}/annotation/",
        Permission("can_read", "Annotation"),
    ),
    endpoint(
        "POST",
        "/api/v1/annotation_layer/{pk}/annotation/",
        Permission("can_write", "Annotation"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/annotation_layer/{pk}/annotation/",
        Permission("can_write", "Annotation"),
    ),
    endpoint(
        "GET",
        "/api/v1/annotation_layer/{pk}/annotation/{annotation_id}",
        Permission("can_read", "Annotation"),
    ),
    endpoint(
        "PUT",
        "/api/v1/annotation_layer/{pk}/annotation/{annotation_id}",
        Permission("can_write", "Annotation"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/annotation_layer/{pk}/annotation/{annotation_id}",
        Permission("can_write", "Annotation"),
    ),
    // Reports and alerts
    endpoint("GET", "/api/v1/report/_info", Authenticated),
    endpoint("GET", "/api/v1/report/", Permission("can_read", "ReportSchedule")),
    endpoint(
        "POST",
        "/api/v1/report/",
        Permission("can_write", "ReportSchedule"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/report/",
        Permission("can_write", "ReportSchedule"),
    ),
    endpoint(
        "GET",
        "/api/v1/report/{pk}",
        Permission("can_read", "ReportSchedule"),
    ),
    endpoint(
        "PUT",
        "/api/v1/report/{pk}",
        Permission("can_write", "ReportSchedule"),
    ),
    endpoint(
        "DELETE",
        "/api/v1/report/{pk}",
        Permission("can_write", "ReportSchedule"),
    ),
    endpoint(
        "GET",
        "/api/v1/report/{pk}/log/",
        Permission("can_read", "ReportSchedule"),
    ),
];

/// The view name of each resource of the generic API, for `_info`.
pub const RESOURCE_VIEWS: &[(&str, &str)] = &[
    ("chart", "Chart"),
    ("dashboard", "Dashboard"),
    ("dataset", "Dataset"),
    ("database", "Database"),
    ("saved_query", "SavedQuery"),
    ("tag", "Tag"),
    ("query", "Query"),
    ("annotation_layer", "Annotation"),
    ("report", "ReportSchedule"),
];

/// The permissions some endpoint of `view` requires, as a resource's `_info` reports them
/// (Superset's `base_permissions` of the resource's API): `can_read`, `can_write`, `can_export`
/// first, then the others by name.
pub fn view_permissions(view: &str) -> Vec<&'static str> {
    let rank = |permission: &str| {
        ["can_read", "can_write", "can_export"]
            .iter()
            .position(|known| *known == permission)
            .unwrap_or(3)
    };
    let mut permissions: Vec<&'static str> = ENDPOINTS
        .iter()
        .filter_map(|endpoint| match endpoint.access {
            Permission(permission, of) if of == view => Some(permission),
            _ => None,
        })
        .collect();
    permissions.sort_by_key(|permission| (rank(permission), *permission));
    permissions.dedup();
    permissions
}

static ENDPOINT_INDEX: LazyLock<HashMap<(&'static str, &'static str), Access>> =
    LazyLock::new(|| ENDPOINTS.iter().map(|e| ((e.method, e.path), e.access)).collect());

/// The rule of a matched route, if it has one. HEAD follows GET.
pub fn access_for(method: &Method, path: &str) -> Option<Access> {
    let method = if method == Method::HEAD {
        "GET"
    } else {
        method.as_str()
    };
    ENDPOINT_INDEX.get(&(method, path)).copied()
}

/// The view of `database_access` on one database: `[examples].(id:1)`.
pub fn database_view(database_name: &str, database_id: i64) -> String {
    format!("[{database_name}].(id:{database_id})")
}

/// The view of `datasource_access` on one dataset: `[examples].[birth_names](id:1)`.
pub fn datasource_view(database_name: &str, table_name: &str, dataset_id: i64) -> String {
    format!("[{database_name}].[{table_name}](id:{dataset_id})")
}

/// The built-in roles and their permissions. Admin holds every permission implicitly.
pub fn builtin_roles() -> Vec<(&'static str, Vec<(&'static str, &'static str)>)> {
    let read_write = |views: &[&'static str]| -> Vec<(&'static str, &'static str)> {
        views
            .iter()
            .flat_map(|view| [("can_read", *view), ("can_write", *view)])
            .collect()
    };
    let product_menu: Vec<(&'static str, &'static str)> = vec![
        ("can_csv", "Superset"),
        ("can_explore", "Superset"),
        ("can_share_chart", "Superset"),
        ("can_share_dashboard", "Superset"),
        ("can_read", "ExploreFormDataRestApi"),
        ("can_write", "ExploreFormDataRestApi"),
        ("can_read", "ExplorePermalinkRestApi"),
        ("can_write", "ExplorePermalinkRestApi"),
        ("can_read", "DashboardPermalinkRestApi"),
        ("can_write", "DashboardPermalinkRestApi"),
        ("can_read", "DashboardFilterStateRestApi"),
        ("can_write", "DashboardFilterStateRestApi"),
        ("can_read", "AsyncEventsRestApi"),
        ("can_export", "Chart"),
        ("can_export", "Dashboard"),
    ];

    let mut alpha = read_write(&[
        "Chart",
        "Dashboard",
        "Dataset",
        "Tag",
        "Annotation",
        "CssTemplate",
        "ReportSchedule",
    ]);
    alpha.extend(product_menu.iter().copied());
    alpha.extend([
        ("can_read", "Database"),
        ("can_export", "Dataset"),
        ("can_upload", "Database"),
        ("all_datasource_access", "all_datasource_access"),
        ("all_database_access", "all_database_access"),
    ]);

    let mut gamma = read_write(&["Chart", "Dashboard"]);
    gamma.extend(product_menu.iter().copied());
    gamma.extend([
        ("can_read", "Dataset"),
        ("can_read", "Database"),
        ("can_read", "Tag"),
    ]);

    let mut sql_lab = read_write(&[
        "SavedQuery",
        "TabStateView",
        "TableSchemaView",
        "SqlLabPermalinkRestApi",
    ]);
    sql_lab.extend([
        ("can_sqllab", "Superset"),
        // Superset's sql_lab role holds `can_csv` on Superset too (its SQL Lab extra views).
        ("can_csv", "Superset"),
        ("can_read", "Query"),
        ("can_read", "SQLLab"),
        ("can_execute_sql_query", "SQLLab"),
        ("can_get_results", "SQLLab"),
        ("can_export_csv", "SQLLab"),
        ("can_format_sql", "SQLLab"),
        ("can_estimate_query_cost", "SQLLab"),
        ("can_read", "Database"),
        ("can_export", "SavedQuery"),
    ]);

    vec![
        ("Admin", vec![]),
        ("Alpha", alpha),
        ("Gamma", gamma),
        ("sql_lab", sql_lab),
        ("Public", vec![]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_found_by_method_and_pattern() {
        assert_eq!(
            access_for(&Method::GET, "/api/v1/chart/{pk}"),
            Some(Permission("can_read", "Chart"))
        );
        assert_eq!(access_for(&Method::HEAD, "/health"), Some(Public));
        assert_eq!(access_for(&Method::PATCH, "/api/v1/chart/{pk}"), None);
    }

    #[test]
    fn gamma_reads_and_writes_charts_but_not_datasets() {
        let roles = builtin_roles();
        let gamma = &roles.iter().find(|(name, _)| *name == "Gamma").unwrap().1;
        assert!(gamma.contains(&("can_write", "Chart")));
        assert!(gamma.contains(&("can_read", "Dataset")));
        assert!(!gamma.contains(&("can_write", "Dataset")));
        assert!(!gamma
            .iter()
            .any(|(permission, _)| *permission == "all_datasource_access"));
    }

    #[test]
    fn every_endpoint_is_declared_once() {
        let mut seen = std::collections::HashSet::new();
        for endpoint in ENDPOINTS {
            assert!(
                seen.insert((endpoint.method, endpoint.path)),
                "{} {} twice",
                endpoint.method,
                endpoint.path
            );
        }
    }
}
