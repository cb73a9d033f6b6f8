//! The control panel of every chart Quiver ships, by viz type.

mod measures;
mod part_of_whole;
mod tables;
mod timeseries;

use crate::controls::model::ControlSection;
use timeseries::SeriesStyle;

/// The sections of a viz type's panel, or `None` for a viz type Quiver does not ship.
pub fn panel_sections(viz_type: &str) -> Option<Vec<ControlSection>> {
    let sections = match viz_type {
        "table" => tables::table(),
        "pivot_table_v2" => tables::pivot_table(),
        "echarts_timeseries_line" => timeseries::timeseries(SeriesStyle::Line),
        "echarts_timeseries_bar" => timeseries::timeseries(SeriesStyle::Bar),
        "echarts_area" => timeseries::timeseries(SeriesStyle::Area),
        "echarts_timeseries_scatter" => timeseries::timeseries(SeriesStyle::Scatter),
        "echarts_timeseries_smooth" => timeseries::timeseries(SeriesStyle::Smooth),
        "echarts_timeseries_step" => timeseries::timeseries(SeriesStyle::Step),
        "mixed_timeseries" => timeseries::mixed_timeseries(),
        "pie" => part_of_whole::pie(),
        "funnel" => part_of_whole::funnel(),
        "gauge_chart" => part_of_whole::gauge(),
        "treemap_v2" => part_of_whole::treemap(),
        "sunburst_v2" => part_of_whole::sunburst(),
        "radar" => part_of_whole::radar(),
        "big_number" => measures::big_number(),
        "big_number_total" => measures::big_number_total(),
        "histogram_v2" => measures::histogram(),
        "box_plot" => measures::box_plot(),
        "heatmap_v2" => measures::heatmap(),
        "bubble_v2" => measures::bubble(),
        "waterfall" => measures::waterfall(),
        _ => return None,
    };
    Some(sections)
}
