//! Viz-specific query building (each chart's `buildQuery` in Superset), dispatched on `viz_type`.
//!
//! A viz type without its own module gets the common query object alone: `columns` from
//! `groupby` (and the other column controls), `metrics` from `metrics` (and the legacy metric
//! controls), filters, time range and row limit as for every chart. That is Superset's default
//! `buildQuery` too, so an unported chart still queries sensibly instead of failing.

pub mod table;

use quiver_types::QueryObject;

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::common_query::build_common_query_object;

/// The query objects of a chart.
pub fn build_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    match controls.form_data().viz_type.as_str() {
        "table" => table::build_table_queries(controls),
        _ => Ok(vec![build_common_query_object(
            controls,
            controls.stored_query_mode(),
        )?]),
    }
}
