//! Sections shared by many charts ("Time", "Advanced analytics", "Annotations and Layers",
//! "Chart Title") and the option groups of the ECharts charts (legend, tooltip, series order).

use serde_json::{json, Value};

use crate::controls::choices;
use crate::controls::model::{Control, ControlSection, ControlType, Validator, Visibility};
use crate::controls::shared::{self, bounds, number, slider, text};

/// "Time" for charts without an x-axis: the legacy time column and the time range.
pub fn legacy_time() -> ControlSection {
    ControlSection::data("Time", vec![shared::granularity_sqla(), shared::time_range()])
        .described("Time related form attributes")
}

/// "Time" for charts with an x-axis: the time range filters the x-axis column.
pub fn x_axis_time() -> ControlSection {
    ControlSection::data("Time", vec![shared::time_range()]).described("Time related form attributes")
}

/// The form data keys of one query's advanced analytics (the mixed chart's query B adds `_b`).
pub struct AnalyticsKeys {
    pub rolling_type: &'static str,
    pub rolling_periods: &'static str,
    pub min_periods: &'static str,
    pub time_compare: &'static str,
    pub comparison_type: &'static str,
    pub resample_rule: &'static str,
    pub resample_method: &'static str,
}

pub const QUERY_A_ANALYTICS: AnalyticsKeys = AnalyticsKeys {
    rolling_type: "rolling_type",
    rolling_periods: "rolling_periods",
    min_periods: "min_periods",
    time_compare: "time_compare",
    comparison_type: "comparison_type",
    resample_rule: "resample_rule",
    resample_method: "resample_method",
};

pub const QUERY_B_ANALYTICS: AnalyticsKeys = AnalyticsKeys {
    rolling_type: "rolling_type_b",
    rolling_periods: "rolling_periods_b",
    min_periods: "min_periods_b",
    time_compare: "time_compare_b",
    comparison_type: "comparison_type_b",
    resample_rule: "resample_rule_b",
    resample_method: "resample_method_b",
};

/// Rolling window, time comparison and resampling: post-processing of the query result.
/// Periods are shown for every rolling function but `cumsum`, which has no window.
pub fn advanced_analytics_controls(keys: &AnalyticsKeys) -> Vec<Control> {
    let has_window = Visibility::all(vec![
        Visibility::is_set(keys.rolling_type),
        Visibility::is_none_of(keys.rolling_type, &[json!("cumsum")]),
    ]);
    vec![
        Control::select(
            keys.rolling_type,
            "Rolling function",
            choices::rolling_functions(),
        )
        .description("Defines a rolling window function to apply, works along with the [Periods] text box"),
        Control::new(keys.rolling_periods, ControlType::Number, "Periods")
            .description(
                "Defines the size of the rolling window function, relative to the time granularity \
                 selected",
            )
            .validators(&[Validator::Integer])
            .visible_when(has_window.clone()),
        Control::new(keys.min_periods, ControlType::Number, "Min periods")
            .description(
                "The minimum number of rolling periods required to show a value. For instance if you \
                 do a cumulative sum on 7 days you may want your \"Min Period\" to be 7, so that all \
                 data points shown are the total of 7 periods. This will hide the \"ramp up\" taking \
                 place over the first 7 periods",
            )
            .validators(&[Validator::Integer])
            .visible_when(has_window),
        Control::select(keys.time_compare, "Time shift", choices::time_shifts())
            .description(
                "Overlay one or more timeseries from a relative time period. Expects relative time \
                 deltas in natural language (example: 24 hours, 7 days, 52 weeks, 365 days). Free \
                 text is supported.",
            )
            .multi(true)
            .free_form(),
        Control::select(
            keys.comparison_type,
            "Calculation type",
            choices::comparison_types(),
        )
        .description(
            "How to display time shifts: as individual lines; as the difference between the main \
                 time series and each time shift; as the percentage change; or as the ratio between \
                 series and time shifts.",
        )
        .default(json!("values")),
        Control::select(keys.resample_rule, "Rule", choices::resample_rules())
            .description("Pandas resample rule")
            .free_form(),
        Control::select(keys.resample_method, "Fill method", choices::resample_methods())
            .description("Pandas resample method"),
    ]
}

pub fn advanced_analytics() -> ControlSection {
    ControlSection::data(
        "Advanced analytics",
        advanced_analytics_controls(&QUERY_A_ANALYTICS),
    )
    .collapsed()
    .described(
        "This section contains options that allow for advanced analytical post processing of \
             query results",
    )
}

pub fn annotations_and_layers() -> ControlSection {
    ControlSection::data("Annotations and Layers", vec![shared::annotation_layers()]).collapsed()
}

/// "Chart Title": axis titles and their margins.
pub fn chart_title() -> ControlSection {
    ControlSection::customize(
        "Chart Title",
        vec![
            text("x_axis_title", "X Axis Title"),
            Control::select(
                "x_axis_title_margin",
                "X Axis Title Bottom Margin",
                choices::axis_title_margins(),
            )
            .default(json!(15))
            .render_trigger(),
            text("y_axis_title", "Y Axis Title"),
            Control::select(
                "y_axis_title_margin",
                "Y Axis Title Margin",
                choices::axis_title_margins(),
            )
            .default(json!(15))
            .render_trigger(),
            Control::select(
                "y_axis_title_position",
                "Y Axis Title Position",
                choices::axis_title_positions(),
            )
            .default(json!("Left"))
            .render_trigger(),
        ],
    )
    .collapsed()
}

/// Legend: shown or not, its type, orientation and margin.
pub fn legend_controls() -> Vec<Control> {
    let when_shown = || Visibility::is_set("show_legend");
    vec![
        Control::checkbox("show_legend", "Show legend", true)
            .description("Whether to display a legend for the chart"),
        Control::select("legendType", "Type", choices::legend_types())
            .description("Legend type")
            .default(json!("scroll"))
            .render_trigger()
            .visible_when(when_shown()),
        Control::select("legendOrientation", "Orientation", choices::legend_orientations())
            .description("Legend Orientation")
            .default(json!("top"))
            .render_trigger()
            .visible_when(when_shown()),
        Control::new("legendMargin", ControlType::Number, "Margin")
            .description("Additional padding for legend.")
            .validators(&[Validator::Integer])
            .render_trigger()
            .visible_when(when_shown()),
    ]
}

/// Series order: by name or by an aggregate of the series, ascending or not.
pub fn series_order_controls() -> Vec<Control> {
    vec![
        Control::select("sort_series_type", "Sort Series By", choices::sort_series_types())
            .description("Based on what should series be ordered on the chart and legend")
            .default(json!("sum"))
            .render_trigger(),
        Control::checkbox("sort_series_ascending", "Sort Series Ascending", false)
            .description("Sort series in ascending order"),
    ]
}

/// Values on the chart and stacking.
pub fn show_value_controls() -> Vec<Control> {
    vec![
        Control::checkbox("show_value", "Show Value", false).description("Show series values on the chart"),
        Control::select("stack", "Stacked Style", choices::stack_styles())
            .description("Stack series on top of each other")
            .render_trigger(),
        Control::checkbox("only_total", "Only Total", true)
            .description(
                "Only show the total value on the stacked chart, and not show on the selected category",
            )
            .visible_when(Visibility::all(vec![
                Visibility::is_set("show_value"),
                Visibility::is_set("stack"),
            ])),
    ]
}

/// The rich tooltip and its time format.
pub fn tooltip_controls() -> Vec<Control> {
    vec![
        Control::checkbox("rich_tooltip", "Rich tooltip", true)
            .description("Shows a list of all series available at that point in time"),
        Control::checkbox("tooltipSortByMetric", "Tooltip sort by metric", false)
            .description("Whether to sort tooltip by the selected metric in descending order.")
            .visible_when(Visibility::is_set("rich_tooltip")),
        shared::date_format("tooltipTimeFormat", "Tooltip time format").not_clearable(),
    ]
}

/// The x-axis of a time-series chart: time format, label rotation, bounds.
pub fn x_axis_controls() -> Vec<Control> {
    vec![
        shared::date_format("x_axis_time_format", "Time format"),
        Control::select(
            "xAxisLabelRotation",
            "Rotate x axis label",
            choices::label_rotations(),
        )
        .description("Input field supports custom rotation. e.g. 30 for 30°")
        .default(json!(0))
        .free_form()
        .not_clearable()
        .render_trigger(),
        Control::checkbox("truncateXAxis", "Truncate X Axis", true).description(
            "Truncate X Axis. Can be overridden by specifying a min or max bound. Only applicable for \
             numerical X axis.",
        ),
        bounds("xAxisBounds", "X Axis Bounds").visible_when(Visibility::is_set("truncateXAxis")),
    ]
}

/// The y-axis of a time-series chart: format, scale, bounds.
pub fn y_axis_controls() -> Vec<Control> {
    vec![
        shared::y_axis_format(),
        shared::currency_format(),
        Control::checkbox("logAxis", "Logarithmic y-axis", false).description("Logarithmic y-axis"),
        Control::checkbox("minorSplitLine", "Minor Split Line", false)
            .description("Draw split lines for minor y-axis ticks"),
        Control::checkbox("truncateYAxis", "Truncate Y Axis", false)
            .description("Truncate Y Axis. Can be overridden by specifying a min or max bound."),
        bounds("y_axis_bounds", "Y Axis Bounds").visible_when(Visibility::is_set("truncateYAxis")),
    ]
}

/// Zooming on the data.
pub fn zoom_control() -> Control {
    Control::checkbox("zoomable", "Data Zoom", false).description("Enable data zooming controls")
}

/// Line markers.
pub fn marker_controls() -> Vec<Control> {
    vec![
        Control::checkbox("markerEnabled", "Marker", false)
            .description("Draw a marker on data points. Only applicable for line types."),
        slider("markerSize", "Marker Size", json!(6))
            .description("Size of marker. Also applies to forecast observations.")
            .visible_when(Visibility::is_set("markerEnabled")),
    ]
}

/// Area opacity.
pub fn opacity_control() -> Control {
    slider("opacity", "Area chart opacity", json!(0.2))
        .description("Opacity of Area Chart. Also applies to confidence band.")
}

/// The label threshold of the part-of-a-whole charts.
pub fn percentage_threshold(name: &'static str, default: Value) -> Control {
    number(name, "Percentage threshold", default)
        .description("Minimum threshold in percentage points for showing labels.")
}
