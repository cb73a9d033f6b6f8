//! Quiver's API contract: every type that crosses the wire, defined once with serde.
//!
//! TypeScript is generated from these types by ts-rs (`cargo test -p quiver-types`) into
//! `web/src/api/generated/`. Field names are the spec's (Superset's) wire names.

pub mod annotation;
pub mod auth;
pub mod chart;
pub mod chart_data;
pub mod chart_form_data;
pub mod common;
pub mod dashboard;
pub mod dashboard_metadata;
pub mod database;
pub mod dataset;
pub mod error;
pub mod explore;
pub mod form_data;
pub mod ids;
pub mod list;
pub mod native_filter;
pub mod query;
pub mod report;
pub mod saved_query;
pub mod sqllab;
pub mod sqllab_state;
pub mod tag;

pub use annotation::*;
pub use auth::*;
pub use chart::*;
pub use chart_data::*;
pub use chart_form_data::*;
pub use common::*;
pub use dashboard::*;
pub use dashboard_metadata::*;
pub use database::*;
pub use dataset::*;
pub use error::*;
pub use explore::*;
pub use form_data::*;
pub use ids::*;
pub use list::*;
pub use native_filter::*;
pub use query::*;
pub use report::*;
pub use saved_query::*;
pub use sqllab::*;
pub use sqllab_state::*;
pub use tag::*;
