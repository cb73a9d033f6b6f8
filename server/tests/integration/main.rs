//! The server's integration tests, one test binary: each module was its own binary before, and
//! every binary linked the whole server and DuckDB (disk and link time on a cold run).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

mod common;

mod annotations;
mod async_queries;
mod auth;
mod chart_data;
mod chart_list;
mod chart_save;
mod dashboard_metadata;
mod dashboard_queries;
mod dashboards;
mod database_dataset;
mod dataset_edit;
mod datasource_kinds;
mod engines;
mod errors;
mod examples;
mod explore_export;
mod form_posts;
mod import_export;
mod import_hostile;
mod injection;
mod native_filters;
mod report_delivery;
mod reports;
mod resource_api;
mod resource_lists;
mod serve_process;
mod sql_golden;
mod sqllab;
mod sqllab_browse;
mod sqllab_ctas_export;
mod sqllab_dataset;
mod sqllab_state;
mod store;
mod stored_documents;
mod tags;
mod uploads;
mod user_avatar;
mod validate_parameters;
