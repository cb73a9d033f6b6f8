//! Quiver's server: the HTTP API, auth, metadata store, SQL generation and execution.

pub mod api;
pub mod app;
pub mod async_queries;
pub mod auth;
pub mod bundle;
pub mod cache;
pub mod chart_data;
pub mod cli;
pub mod config;
pub mod engines;
pub mod error;
pub mod example_dashboard;
pub mod examples;
pub mod jobs;
pub mod query;
pub mod redis_conn;
pub mod reports;
pub mod sqllab;
pub mod state;
pub mod store;
pub mod telemetry;
pub mod uploads;
