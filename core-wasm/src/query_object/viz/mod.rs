//! Viz-specific query building (each chart's `buildQuery` in Superset), dispatched on `viz_type`.
//!
//! | viz types | module |
//! | --- | --- |
//! | `table` | `table` |
//! | `pivot_table_v2` | `pivot_table` |
//! | `echarts_timeseries_line`, `_bar`, `_scatter`, `_smooth`, `_step`, `echarts_area`, `echarts_timeseries` | `timeseries` |
//! | `mixed_timeseries` | `mixed_timeseries` |
//! | `big_number_total`, `big_number` | `big_number` |
//! | `histogram_v2`, `box_plot` | `distribution` |
//! | `heatmap_v2` | `heatmap` |
//! | `pie`, `funnel`, `gauge_chart`, `sunburst_v2`, `treemap_v2` | `metric_by_category` |
//! | `bubble_v2` | `bubble` |
//! | `waterfall` | `waterfall` |
//! | `radar` | `radar` |
//!
//! A viz type without its own module gets the common query object alone: `columns` from
//! `groupby` (and the other column controls), `metrics` from `metrics` (and the legacy metric
//! controls), filters, time range and row limit as for every chart. That is Superset's default
//! `buildQuery` too, so an unported chart still queries sensibly instead of failing.
//!
//! Then, as Superset's `buildQueryContext` does, the x-axis column of every query takes the time
//! grain (`x_axis::normalize_time_column`): the `x_axis` of any chart, or the legacy
//! `granularity_sqla` of the charts that draw along a time axis.

pub mod big_number;
pub mod bubble;
pub mod distribution;
pub mod heatmap;
pub mod metric_by_category;
pub mod mixed_timeseries;
pub mod pivot_table;
pub mod radar;
pub mod table;
pub mod timeseries;
pub mod waterfall;

use quiver_types::{ColumnRef, QueryObject};

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::x_axis::{explicit_x_axis, normalize_time_column, x_axis_or_legacy_time_column};

/// The viz types whose legacy `granularity_sqla` is their x-axis when `x_axis` is not set.
const LEGACY_TIME_AXIS_VIZ_TYPES: [&str; 4] = ["mixed_timeseries", "big_number", "heatmap_v2", "waterfall"];

/// The query objects of a chart.
pub fn build_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let viz_type = controls.form_data().viz_type.as_str();
    let queries = match viz_type {
        "table" => table::build_table_queries(controls)?,
        "pivot_table_v2" => pivot_table::build_pivot_table_queries(controls)?,
        "mixed_timeseries" => mixed_timeseries::build_mixed_timeseries_queries(controls)?,
        "big_number_total" => big_number::build_big_number_total_queries(controls)?,
        "big_number" => big_number::build_big_number_trendline_queries(controls)?,
        "histogram_v2" => distribution::build_histogram_queries(controls)?,
        "box_plot" => distribution::build_box_plot_queries(controls)?,
        "heatmap_v2" => heatmap::build_heatmap_queries(controls)?,
        "treemap_v2" => metric_by_category::build_treemap_queries(controls)?,
        "bubble_v2" => bubble::build_bubble_queries(controls)?,
        "waterfall" => waterfall::build_waterfall_queries(controls)?,
        "radar" => radar::build_radar_queries(controls)?,
        _ if timeseries::TIMESERIES_VIZ_TYPES.contains(&viz_type) => {
            timeseries::build_timeseries_queries(controls)?
        }
        _ if metric_by_category::SORTED_BY_METRIC_VIZ_TYPES.contains(&viz_type) => {
            metric_by_category::build_sorted_by_metric_queries(controls)?
        }
        _ => vec![build_common_query_object(controls, controls.stored_query_mode())?],
    };

    let Some(x_axis) = time_axis(controls, viz_type)? else {
        return Ok(queries);
    };
    queries
        .into_iter()
        .map(|query| normalize_time_column(controls, query, &x_axis))
        .collect()
}

/// The column whose values carry the time grain: `x_axis`, or for a time-axis chart the
/// legacy `granularity_sqla`.
fn time_axis(controls: &ControlValues<'_>, viz_type: &str) -> CoreResult<Option<ColumnRef>> {
    let has_time_axis = timeseries::TIMESERIES_VIZ_TYPES.contains(&viz_type)
        || LEGACY_TIME_AXIS_VIZ_TYPES.contains(&viz_type);
    if has_time_axis {
        x_axis_or_legacy_time_column(controls)
    } else {
        explicit_x_axis(controls)
    }
}
