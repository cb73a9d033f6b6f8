//! The charts Quiver ships, as Superset's chart gallery names and groups them.

use serde::Serialize;

/// A chart in the gallery: its `viz_type` key, display name, category and tags.
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS), ts(export))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VizTypeMeta {
    pub key: &'static str,
    pub name: &'static str,
    pub category: &'static str,
    pub tags: Vec<&'static str>,
}

const ECHARTS_TIMESERIES_TAGS: [&str; 4] = ["ECharts", "Predictive", "Advanced-Analytics", "Aesthetic"];

/// `(key, name, category, tags)` of every chart, in gallery order.
const VIZ_TYPES: [(&str, &str, &str, &[&str]); 22] = [
    (
        "table",
        "Table",
        "Table",
        &[
            "Additive",
            "Business",
            "Pattern",
            "Featured",
            "Report",
            "Sequential",
            "Tabular",
        ],
    ),
    (
        "pivot_table_v2",
        "Pivot Table",
        "Table",
        &["Additive", "Report", "Tabular", "Featured"],
    ),
    (
        "echarts_timeseries_line",
        "Line Chart",
        "Evolution",
        &["Line", "Popular"],
    ),
    (
        "echarts_timeseries_bar",
        "Bar Chart",
        "Evolution",
        &["Time", "Transformable", "Stacked", "Vertical", "Bar", "Popular"],
    ),
    (
        "echarts_area",
        "Area Chart",
        "Evolution",
        &["Time", "Line", "Transformable", "Stacked", "Popular"],
    ),
    (
        "echarts_timeseries_scatter",
        "Scatter Plot",
        "Evolution",
        &["Time", "Transformable", "Scatter", "Popular"],
    ),
    (
        "echarts_timeseries_smooth",
        "Smooth Line",
        "Evolution",
        &["Time", "Line", "Transformable"],
    ),
    (
        "echarts_timeseries_step",
        "Stepped Line",
        "Evolution",
        &["Time", "Line", "Transformable", "Stepped"],
    ),
    (
        "mixed_timeseries",
        "Mixed Chart",
        "Evolution",
        &[
            "Advanced-Analytics",
            "Aesthetic",
            "ECharts",
            "Line",
            "Multi-Variables",
            "Time",
            "Transformable",
        ],
    ),
    (
        "pie",
        "Pie Chart",
        "Part of a Whole",
        &[
            "Categorical",
            "Circular",
            "Comparison",
            "Percentages",
            "Popular",
            "Proportional",
            "ECharts",
        ],
    ),
    (
        "big_number",
        "Big Number with Trendline",
        "KPI",
        &[
            "Advanced-Analytics",
            "Line",
            "Percentages",
            "Popular",
            "Report",
            "Description",
            "Trend",
        ],
    ),
    (
        "big_number_total",
        "Big Number",
        "KPI",
        &[
            "Additive",
            "Business",
            "Legacy",
            "Percentages",
            "Popular",
            "Report",
            "Description",
        ],
    ),
    (
        "histogram_v2",
        "Histogram",
        "Distribution",
        &["Comparison", "ECharts", "Pattern", "Range"],
    ),
    (
        "box_plot",
        "Box Plot",
        "Distribution",
        &["ECharts", "Range", "Statistical"],
    ),
    (
        "heatmap_v2",
        "Heatmap",
        "Correlation",
        &["Business", "Intensity", "Density", "Single Metric", "ECharts"],
    ),
    (
        "funnel",
        "Funnel Chart",
        "KPI",
        &[
            "Business",
            "ECharts",
            "Progressive",
            "Report",
            "Sequential",
            "Trend",
        ],
    ),
    (
        "gauge_chart",
        "Gauge Chart",
        "KPI",
        &["Multi-Variables", "Business", "Comparison", "ECharts", "Report"],
    ),
    (
        "treemap_v2",
        "Treemap",
        "Part of a Whole",
        &[
            "Categorical",
            "Comparison",
            "ECharts",
            "Multi-Levels",
            "Percentages",
            "Proportional",
        ],
    ),
    (
        "sunburst_v2",
        "Sunburst Chart",
        "Part of a Whole",
        &["ECharts", "Aesthetic", "Multi-Levels", "Proportional"],
    ),
    (
        "bubble_v2",
        "Bubble Chart",
        "Correlation",
        &[
            "Multi-Dimensions",
            "Aesthetic",
            "Comparison",
            "Scatter",
            "Time",
            "Trend",
            "ECharts",
        ],
    ),
    (
        "waterfall",
        "Waterfall Chart",
        "Evolution",
        &["Categorical", "Comparison", "ECharts", "Sequential", "Trend"],
    ),
    (
        "radar",
        "Radar Chart",
        "Ranking",
        &[
            "Business",
            "Comparison",
            "Multi-Variables",
            "Report",
            "Web",
            "ECharts",
        ],
    ),
];

/// Every chart Quiver ships. The six time-series charts carry ECharts' common tags first.
pub fn viz_types() -> Vec<VizTypeMeta> {
    VIZ_TYPES
        .iter()
        .map(|(key, name, category, tags)| {
            let is_echarts_timeseries = key.starts_with("echarts_timeseries") || *key == "echarts_area";
            let common_tags: &[&str] = if is_echarts_timeseries {
                &ECHARTS_TIMESERIES_TAGS
            } else {
                &[]
            };
            VizTypeMeta {
                key,
                name,
                category,
                tags: common_tags.iter().chain(tags.iter()).copied().collect(),
            }
        })
        .collect()
}

/// Whether Quiver ships `viz_type`.
pub fn is_known_viz_type(viz_type: &str) -> bool {
    VIZ_TYPES.iter().any(|(key, ..)| *key == viz_type)
}
