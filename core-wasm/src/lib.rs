//! Quiver's pure rules, for the server (native) and the browser (Wasm).
//!
//! No I/O, no clock, no randomness. Only [`wasm`] (feature `wasm`) knows about JavaScript.
//!
//! - [`query_object`]: form data → query context ([`build_query_context`]), metric and column
//!   labels.
//! - [`form_data`]: reading controls and validating them ([`validate_form_data`]).
//! - [`lru`]: the least-recently-used cache shared by the server cache and the web client.
//! - [`postprocess`]: Superset's post-processing operations on Arrow record batches
//!   ([`apply_post_processing`]); [`arrow_ipc`] reads and writes the IPC streams they travel in.
//! - [`reaggregate`]: answering a coarser group-by from a cached result ([`reaggregate()`]).
//! - [`layout`]: the dashboard layout (`position_json`): drop rules, drops, history.
//! - [`list_filter_config`]: a list page's filters must name its columns.
//! - [`native_filter`]: native filter scopes, the data masks filter values emit, and merging
//!   them into a chart's `extra_form_data`.
//! - [`controls`]: the control panels as data ([`control_panel`]), pruning form data
//!   ([`prune_form_data`]) and switching viz types ([`carry_over_form_data`]).
//! - [`chart_diff`]: the "Altered" comparison of two form datas ([`altered_controls`]).
//! - [`stored_document`]: versions of stored form data, `position_json` and `json_metadata`,
//!   migrated on read ([`stored_document::migrate_form_data`], ...).
//! - [`time_offsets`]: time comparison: the query of each offset ([`time_offsets::offset_query`])
//!   and its metrics joined onto the main result ([`join_time_offsets`]).
//! - [`time_range`]: time ranges (`Last week`, `DATEADD(...) : now`) resolved to bounds
//!   ([`resolve_time_range`]).

pub mod arrow_ipc;
pub mod chart_diff;
pub mod controls;
pub mod error;
pub mod form_data;
pub mod layout;
pub mod list_filter_config;
pub mod lru;
pub mod native_filter;
pub mod postprocess;
pub mod query_object;
pub mod reaggregate;
pub mod stored_document;
pub mod time_offsets;
pub mod time_range;

#[cfg(feature = "wasm")]
pub mod wasm;

pub use chart_diff::{altered_controls, ControlChange};
pub use controls::{carry_over_form_data, control_panel, prune_form_data, viz_types};
pub use error::{CoreError, CoreResult};
pub use form_data::validate::{validate_form_data, ROW_LIMIT_MAXIMUM};
pub use list_filter_config::{check_list_filter_config, ListFilterConfigError};
pub use lru::{Insertion, LruCache};
pub use postprocess::apply_post_processing;
pub use query_object::build_query_context;
pub use query_object::columns::column_label;
pub use query_object::metrics::metric_label;
pub use reaggregate::{plan_reaggregation, reaggregate, ReaggregationError, ReaggregationRequest};
pub use time_offsets::{join_time_offsets, OffsetResult, TimeOffset, TimeOffsetJoin};
pub use time_range::{resolve_time_range, time_range_endpoints_text, TimeBounds, TimeRangeError};
