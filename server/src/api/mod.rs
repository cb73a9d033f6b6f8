//! HTTP only: extract, authorize (the guard and [`ENDPOINTS`]), call, map.
//!
//! [`ENDPOINTS`]: crate::auth::permissions::ENDPOINTS

pub mod annotation;
pub mod async_event;
pub mod auth;
pub mod bulk_delete;
pub mod chart;
pub mod chart_data;
pub mod chart_list;
pub mod dashboard;
pub mod database;
pub mod database_write;
pub mod dataset;
pub mod dataset_create;
pub mod dataset_write;
pub mod datasource;
pub mod explore;
pub mod explore_form_data;
pub mod explore_json;
pub mod explore_permalink;
pub mod explore_post;
pub mod favorites;
pub mod humanize;
pub mod import_export;
pub mod info;
pub mod list_answer;
pub mod list_query;
pub mod log;
pub mod owned_state;
pub mod query_history;
pub mod related;
pub mod report;
pub mod rison;
pub mod samples;
pub mod saved_query;
pub mod sqllab;
pub mod sqllab_permalink;
pub mod tab_state;
pub mod tag;
pub mod time_range;
pub mod upload;
pub mod user_avatar;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::Router;
use quiver_types::HealthResponse;

use crate::error::AppJson;
use crate::state::AppState;

/// The web app's page for routes the API also answers (`GET /login/`).
async fn web_index(State(app): State<AppState>) -> Response {
    match tokio::fs::read(app.settings.static_dir.join("index.html")).await {
        Ok(page) => Html(page).into_response(),
        Err(_) => (
            StatusCode::NOT_FOUND,
            "The web app is not built: run ./scripts/start.sh",
        )
            .into_response(),
    }
}

async fn health() -> AppJson<HealthResponse> {
    AppJson(HealthResponse {
        status: "OK".to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
    })
}

/// Every route of the server. Each must also appear in the access table.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/health", get(health))
        .route("/login/", get(web_index).post(auth::login_session))
        .route("/explore/", get(web_index).post(explore_post::explore_form_post))
        .route(
            "/superset/explore/",
            get(explore_post::legacy_explore_redirect).post(explore_post::explore_form_post),
        )
        .route("/logout/", get(auth::logout))
        .route("/api/v1/security/login", post(auth::api_login))
        .route("/api/v1/security/refresh", post(auth::refresh))
        .route("/api/v1/security/csrf_token/", get(auth::csrf_token))
        .route("/api/v1/me/", get(auth::me))
        .route("/api/v1/me/roles/", get(auth::me_roles))
        .route("/api/v1/common/conf/", get(auth::common_conf))
        .route("/api/v1/user/{id}/avatar.png", get(user_avatar::avatar))
        .route("/api/v1/explore/", get(explore::explore))
        .route("/api/v1/chart/data", post(chart_data::chart_data))
        .route("/api/v1/chart/{pk}/data/", get(chart_data::saved_chart_data))
        .route(
            "/api/v1/chart/data/{cache_key}",
            get(chart_data::chart_data_result),
        )
        .route("/api/v1/async_event/", get(async_event::events))
        .route("/datasource/samples", post(samples::samples))
        // Superset's legacy chart data endpoint, behind its chart export URLs.
        .route(
            "/superset/explore_json/",
            get(explore_json::explore_json).post(explore_json::explore_json_post),
        )
        .route(
            "/superset/explore_json/{datasource_type}/{datasource_id}/",
            get(explore_json::datasource_explore_json).post(explore_json::datasource_explore_json_post),
        )
        .route(
            "/superset/fetch_datasource_metadata",
            get(datasource::fetch_datasource_metadata),
        )
        .route("/api/v1/async_event/ws", get(async_event::websocket))
        .route(
            "/api/v1/chart/",
            get(chart_list::list_charts).post(chart::create_chart),
        )
        .route(
            "/api/v1/chart/{pk}",
            get(chart::get_chart)
                .put(chart::update_chart)
                .delete(chart::delete_chart),
        )
        .route(
            "/api/v1/chart/favorite_status/",
            get(favorites::chart_favorite_status),
        )
        .route(
            "/api/v1/chart/{pk}/favorites/",
            post(favorites::add_chart_favorite).delete(favorites::remove_chart_favorite),
        )
        .route("/api/v1/dataset/", get(dataset::list_datasets))
        .route(
            "/api/v1/dataset/{pk}",
            get(dataset::get_dataset)
                .put(dataset_write::update_dataset)
                .delete(dataset_write::delete_dataset),
        )
        .route("/api/v1/time_range/", get(time_range::time_range))
        .route("/api/v1/chart/_info", get(info::resource_info))
        .route("/api/v1/dataset/_info", get(info::resource_info))
        .route("/api/v1/dashboard/_info", get(info::resource_info))
        .route("/api/v1/database/_info", get(info::resource_info))
        .route("/api/v1/saved_query/_info", get(info::resource_info))
        .route("/api/v1/tag/_info", get(info::resource_info))
        .route("/api/v1/query/_info", get(info::resource_info))
        // Explore state: the form data cache and permalinks.
        .route(
            "/api/v1/explore/form_data",
            post(explore_form_data::create_form_data),
        )
        .route(
            "/api/v1/explore/form_data/{key}",
            get(explore_form_data::get_form_data)
                .put(explore_form_data::update_form_data)
                .delete(explore_form_data::delete_form_data),
        )
        .route(
            "/api/v1/explore/permalink",
            post(explore_permalink::create_permalink),
        )
        .route(
            "/api/v1/explore/permalink/{key}",
            get(explore_permalink::get_permalink),
        )
        // SQL Lab (issue #7)
        .route("/api/v1/sqllab/execute/", post(sqllab::execute))
        .route("/api/v1/sqllab/format_sql/", post(sqllab::format_sql))
        .route("/api/v1/sqllab/estimate/", post(sqllab::estimate_cost))
        .route("/api/v1/query/stop", post(sqllab::stop))
        .route("/api/v1/query/updated_since", get(sqllab::updated_since))
        .route("/api/v1/sqllab/results/", get(sqllab::results))
        .route("/api/v1/sqllab/export/{client_id}/", get(sqllab::export_csv))
        .route(
            "/api/v1/database/",
            get(database::list_databases)
                .post(database_write::create_database)
                .delete(database_write::bulk_delete_databases),
        )
        .route("/api/v1/database/{pk}/catalogs/", get(database::catalogs))
        .route("/api/v1/database/{pk}/schemas/", get(database::schemas))
        .route("/api/v1/database/{pk}/tables/", get(database::tables))
        .route(
            "/api/v1/database/{pk}/table_metadata/",
            get(database::table_metadata),
        )
        .route(
            "/api/v1/database/{pk}/table_metadata/extra/",
            get(database::table_metadata_extra),
        )
        .merge(dashboard_routes())
        .merge(sqllab_state_routes())
        // Native filter values (issue #6)
        .route(
            "/api/v1/datasource/{datasource_type}/{datasource_id}/column/{column_name}/values/",
            get(datasource::column_values),
        )
        .merge(list_routes())
        .merge(management_routes())
        .merge(tag_routes())
        .merge(annotation_routes())
        .merge(report_routes())
        .merge(import_export_routes())
}

/// Database connections, dataset edits and uploads (issue #8 items 5-7).
fn management_routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/database/{pk}",
            get(database_write::get_database)
                .put(database_write::update_database)
                .delete(database_write::delete_database),
        )
        .route(
            "/api/v1/database/test_connection/",
            post(database_write::test_connection),
        )
        .route(
            "/api/v1/database/validate_parameters/",
            post(database_write::validate_parameters),
        )
        .route(
            "/api/v1/database/available/",
            get(database_write::available_engines),
        )
        .route(
            "/api/v1/database/{pk}/upload/",
            post(upload::upload_file).layer(axum::extract::DefaultBodyLimit::max(upload::MAX_UPLOAD_BYTES)),
        )
        .route(
            "/api/v1/database/upload/progress/{upload_id}",
            get(upload::upload_progress),
        )
        .route(
            "/api/v1/dataset/{pk}/refresh",
            put(dataset_write::refresh_dataset),
        )
        .route(
            "/api/v1/dataset/{pk}/related_objects",
            get(dataset_write::related_objects),
        )
}

/// Tags and the activity log (issue #8).
fn tag_routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/tag/",
            get(tag::list_tags)
                .post(tag::create_tag)
                .delete(tag::bulk_delete_tags),
        )
        .route(
            "/api/v1/tag/{pk}",
            get(tag::get_tag).put(tag::update_tag).delete(tag::delete_tag),
        )
        .route("/api/v1/tag/bulk_create", post(tag::bulk_create))
        .route("/api/v1/tag/get_objects/", get(tag::get_objects))
        .route("/api/v1/tag/favorite_status/", get(tag::favorite_status))
        .route(
            "/api/v1/tag/{pk}/favorites/",
            post(tag::add_favorite).delete(tag::remove_favorite),
        )
        .route("/superset/log/", post(log::log_events))
        .route("/api/v1/log/recent_activity/", get(log::recent_activity))
}

/// Related values, distinct values and bulk deletes of the list pages, and creating a dataset
/// (issue #8). Every list resource answers `related/{column}` and `distinct/{column}`; a column
/// it does not offer is a 404.
fn list_routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/chart/", delete(bulk_delete::bulk_delete_charts))
        .route("/api/v1/dashboard/", delete(bulk_delete::bulk_delete_dashboards))
        .route(
            "/api/v1/dataset/",
            delete(bulk_delete::bulk_delete_datasets).post(dataset_create::create_dataset),
        )
        .route(
            "/api/v1/dataset/get_or_create/",
            post(dataset_create::get_or_create_dataset),
        )
        .route("/api/v1/chart/related/{column}", get(related::chart_related))
        .route("/api/v1/chart/distinct/{column}", get(related::chart_distinct))
        .route(
            "/api/v1/dashboard/related/{column}",
            get(related::dashboard_related),
        )
        .route(
            "/api/v1/dashboard/distinct/{column}",
            get(related::dashboard_distinct),
        )
        .route("/api/v1/dataset/related/{column}", get(related::dataset_related))
        .route(
            "/api/v1/dataset/distinct/{column}",
            get(related::dataset_distinct),
        )
        .route(
            "/api/v1/database/related/{column}",
            get(related::database_related),
        )
        .route(
            "/api/v1/database/distinct/{column}",
            get(related::database_distinct),
        )
        .route(
            "/api/v1/saved_query/related/{column}",
            get(related::saved_query_related),
        )
        .route(
            "/api/v1/saved_query/distinct/{column}",
            get(related::saved_query_distinct),
        )
        .route("/api/v1/query/related/{column}", get(related::query_related))
        .route("/api/v1/query/distinct/{column}", get(related::query_distinct))
        .route("/api/v1/tag/related/{column}", get(related::tag_related))
        .route("/api/v1/tag/distinct/{column}", get(related::tag_distinct))
        .route(
            "/api/v1/annotation_layer/related/{column}",
            get(related::annotation_layer_related),
        )
        .route(
            "/api/v1/annotation_layer/distinct/{column}",
            get(related::annotation_layer_distinct),
        )
}

/// Annotation layers and their annotations (issue #5, Explore's "Annotations and layers").
fn annotation_routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/annotation_layer/",
            get(annotation::list_layers)
                .post(annotation::create_layer)
                .delete(annotation::bulk_delete_layers),
        )
        .route("/api/v1/annotation_layer/_info", get(info::resource_info))
        .route(
            "/api/v1/annotation_layer/{pk}",
            get(annotation::get_layer)
                .put(annotation::update_layer)
                .delete(annotation::delete_layer),
        )
        .route(
            "/api/v1/annotation_layer/{pk}/annotation/",
            get(annotation::list_annotations)
                .post(annotation::create_annotation)
                .delete(annotation::bulk_delete_annotations),
        )
        .route(
            "/api/v1/annotation_layer/{pk}/annotation/{annotation_id}",
            get(annotation::get_annotation)
                .put(annotation::update_annotation)
                .delete(annotation::delete_annotation),
        )
}

/// Reports and alerts (issue #8, spec 002 §7).
fn report_routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/report/",
            get(report::list_reports)
                .post(report::create_report)
                .delete(report::bulk_delete_reports),
        )
        .route("/api/v1/report/_info", get(info::resource_info))
        .route(
            "/api/v1/report/{pk}",
            get(report::get_report)
                .put(report::update_report)
                .delete(report::delete_report),
        )
        .route("/api/v1/report/{pk}/log/", get(report::list_report_logs))
}

/// Bundle export and import of every resource that has them (issue #8, decision 0027).
fn import_export_routes() -> Router<AppState> {
    use axum::extract::DefaultBodyLimit;
    let limit = || DefaultBodyLimit::max(import_export::IMPORT_BODY_LIMIT);
    Router::new()
        .route("/api/v1/dashboard/export/", get(import_export::export_dashboards))
        .route("/api/v1/chart/export/", get(import_export::export_charts))
        .route("/api/v1/dataset/export/", get(import_export::export_datasets))
        .route("/api/v1/database/export/", get(import_export::export_databases))
        .route(
            "/api/v1/saved_query/export/",
            get(import_export::export_saved_queries),
        )
        .route(
            "/api/v1/dashboard/import/",
            post(import_export::import_dashboards).layer(limit()),
        )
        .route(
            "/api/v1/chart/import/",
            post(import_export::import_charts).layer(limit()),
        )
        .route(
            "/api/v1/dataset/import/",
            post(import_export::import_datasets).layer(limit()),
        )
        .route(
            "/api/v1/database/import/",
            post(import_export::import_databases).layer(limit()),
        )
        .route(
            "/api/v1/saved_query/import/",
            post(import_export::import_saved_queries).layer(limit()),
        )
}

/// The dashboard calls of spec 001 §7.
fn dashboard_routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/dashboard/",
            get(dashboard::list_dashboards).post(dashboard::create_dashboard),
        )
        .route(
            "/api/v1/dashboard/{pk}",
            get(dashboard::get_dashboard)
                .put(dashboard::update_dashboard)
                .delete(dashboard::delete_dashboard),
        )
        .route(
            "/api/v1/dashboard/{pk}/charts",
            get(dashboard::get_dashboard_charts),
        )
        .route(
            "/api/v1/dashboard/{pk}/datasets",
            get(dashboard::get_dashboard_datasets),
        )
        .route(
            "/api/v1/dashboard/{pk}/copy/",
            post(dashboard::copy::copy_dashboard),
        )
        .route(
            "/api/v1/dashboard/{pk}/filters",
            put(dashboard::state::update_filters),
        )
        .route(
            "/api/v1/dashboard/{pk}/colors",
            put(dashboard::colors::update_colors),
        )
        .route(
            "/api/v1/dashboard/{pk}/filter_state",
            post(dashboard::filter_state::create_filter_state),
        )
        .route(
            "/api/v1/dashboard/{pk}/filter_state/{key}",
            get(dashboard::filter_state::get_filter_state)
                .put(dashboard::filter_state::update_filter_state)
                .delete(dashboard::filter_state::delete_filter_state),
        )
        .route(
            "/api/v1/dashboard/{pk}/permalink",
            post(dashboard::state::create_permalink),
        )
        .route(
            "/api/v1/dashboard/permalink/{key}",
            get(dashboard::state::get_permalink),
        )
        .route(
            "/api/v1/dashboard/favorite_status/",
            get(dashboard::state::favorite_status),
        )
        .route(
            "/api/v1/dashboard/{pk}/favorites/",
            post(dashboard::state::add_favorite).delete(dashboard::state::remove_favorite),
        )
}

/// SQL Lab's saved queries, history, permalinks and server-kept tabs (issue #7, spec 002 §7).
fn sqllab_state_routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/saved_query/",
            get(saved_query::list_saved_queries)
                .post(saved_query::create_saved_query)
                .delete(saved_query::bulk_delete_saved_queries),
        )
        .route(
            "/api/v1/saved_query/{pk}",
            get(saved_query::get_saved_query)
                .put(saved_query::update_saved_query)
                .delete(saved_query::delete_saved_query),
        )
        .route("/api/v1/query/", get(query_history::list_queries))
        .route("/api/v1/query/{pk}", get(query_history::get_query))
        .route(
            "/api/v1/sqllab/permalink",
            post(sqllab_permalink::create_permalink),
        )
        .route(
            "/api/v1/sqllab/permalink/{key}",
            get(sqllab_permalink::get_permalink),
        )
        .route("/api/v1/sqllab/", get(tab_state::bootstrap))
        .route("/tabstateview/", post(tab_state::create_tab))
        .route(
            "/tabstateview/{pk}",
            get(tab_state::get_tab)
                .put(tab_state::update_tab)
                .delete(tab_state::delete_tab),
        )
        .route("/tabstateview/{pk}/activate", post(tab_state::activate_tab))
        .route("/tabstateview/{pk}/migrate_query", post(tab_state::migrate_query))
        .route(
            "/tabstateview/{pk}/query/{client_id}",
            delete(tab_state::delete_tab_query),
        )
        .route("/tableschemaview/", post(tab_state::create_table_schema))
        .route("/tableschemaview/{pk}", delete(tab_state::delete_table_schema))
        .route(
            "/tableschemaview/{pk}/expanded",
            post(tab_state::set_table_schema_expanded),
        )
}
