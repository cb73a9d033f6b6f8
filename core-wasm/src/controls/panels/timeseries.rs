//! The time-series family (line, bar, area, scatter, smooth line, stepped line) and the mixed
//! chart: an x-axis, metrics split by dimensions, advanced analytics and annotations.

use serde_json::{json, Value};

use crate::controls::model::{Choice, Control, ControlSection, ControlType, Visibility};
use crate::controls::sections::{self, QUERY_B_ANALYTICS};
use crate::controls::shared::{self, DEFAULT_ROW_LIMIT};

/// The drawing style of a time-series chart (`seriesType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeriesStyle {
    Line,
    Bar,
    Area,
    Scatter,
    Smooth,
    Step,
}

fn series_type_choices() -> Vec<Choice> {
    [
        ("line", "Line"),
        ("scatter", "Scatter"),
        ("smooth", "Smooth Line"),
        ("bar", "Bar"),
        ("start", "Step - start"),
        ("middle", "Step - middle"),
        ("end", "Step - end"),
    ]
    .into_iter()
    .map(|(value, label)| Choice(json!(value), label))
    .collect()
}

fn series_type(name: &'static str, default: &'static str) -> Control {
    Control::select(name, "Series Style", series_type_choices())
        .description("Series chart type (line, bar etc)")
        .default(json!(default))
        .render_trigger()
}

fn x_axis_sort_controls() -> Vec<Control> {
    vec![
        Control::new("x_axis_sort", ControlType::Select, "X-Axis Sort By")
            .description("Decides which column to sort the base axis by.")
            .free_form()
            .visible_when(Visibility::is_set("x_axis")),
        Control::new("x_axis_sort_asc", ControlType::Checkbox, "X-Axis Sort Ascending")
            .description("Whether to sort ascending or descending on the base Axis.")
            .default(Value::Bool(true))
            .visible_when(Visibility::is_set("x_axis_sort")),
    ]
}

/// "Query" of a time-series chart.
fn query(with_x_axis_sort: bool) -> ControlSection {
    let mut controls = vec![shared::x_axis(), shared::time_grain_sqla()];
    if with_x_axis_sort {
        controls.extend(x_axis_sort_controls());
    }
    controls.extend([
        shared::metrics(),
        shared::groupby(),
        shared::contribution_mode(),
        shared::adhoc_filters(),
        shared::series_limit("limit"),
        shared::sort_by_metric("timeseries_limit_metric"),
        shared::order_desc("timeseries_limit_metric"),
        shared::row_limit(DEFAULT_ROW_LIMIT),
        shared::truncate_metric(),
        shared::show_empty_columns(),
    ]);
    ControlSection::data("Query", controls)
}

fn chart_options(style: SeriesStyle) -> ControlSection {
    let mut controls = sections::series_order_controls();
    controls.push(shared::color_scheme());
    match style {
        SeriesStyle::Line => controls.push(series_type("seriesType", "line")),
        SeriesStyle::Step => controls.push(series_type("seriesType", "start")),
        SeriesStyle::Area => controls.push(series_type("seriesType", "line")),
        SeriesStyle::Bar | SeriesStyle::Scatter | SeriesStyle::Smooth => {}
    }
    if style == SeriesStyle::Bar {
        controls.push(
            Control::select(
                "orientation",
                "Bar orientation",
                vec![
                    Choice(json!("vertical"), "Vertical"),
                    Choice(json!("horizontal"), "Horizontal"),
                ],
            )
            .default(json!("vertical"))
            .render_trigger(),
        );
    }
    controls.extend(sections::show_value_controls());
    match style {
        SeriesStyle::Line | SeriesStyle::Smooth | SeriesStyle::Step => {
            controls.push(
                Control::checkbox("area", "Area Chart", false)
                    .description("Draw area under curves. Only applicable for line types."),
            );
            controls.push(sections::opacity_control().visible_when(Visibility::is_set("area")));
            controls.extend(sections::marker_controls());
        }
        SeriesStyle::Area => {
            controls.push(sections::opacity_control());
            controls.extend(sections::marker_controls());
        }
        SeriesStyle::Scatter => controls.push(
            shared::slider("markerSize", "Marker Size", json!(6))
                .description("Size of marker. Also applies to forecast observations."),
        ),
        SeriesStyle::Bar => {}
    }
    controls.push(sections::zoom_control());
    controls.extend(sections::legend_controls());
    controls.extend(sections::x_axis_controls());
    controls.extend(sections::tooltip_controls());
    controls.extend(sections::y_axis_controls());
    ControlSection::customize("Chart Options", controls)
}

/// A chart of the time-series family.
pub fn timeseries(style: SeriesStyle) -> Vec<ControlSection> {
    let with_x_axis_sort = !matches!(style, SeriesStyle::Scatter);
    vec![
        sections::x_axis_time(),
        query(with_x_axis_sort),
        sections::advanced_analytics(),
        sections::annotations_and_layers(),
        sections::chart_title(),
        chart_options(style),
    ]
}

/// `mixed_timeseries`: two queries sharing the x-axis, each with its own analytics.
pub fn mixed_timeseries() -> Vec<ControlSection> {
    let shared_query = ControlSection::data(
        "Shared query fields",
        vec![shared::x_axis(), shared::time_grain_sqla()],
    );
    let query_a = ControlSection::data(
        "Query A",
        vec![
            shared::metrics(),
            shared::groupby(),
            shared::adhoc_filters(),
            shared::series_limit("limit"),
            shared::sort_by_metric("timeseries_limit_metric"),
            shared::order_desc("timeseries_limit_metric"),
            shared::row_limit(DEFAULT_ROW_LIMIT),
            shared::truncate_metric(),
        ],
    );
    let query_b = ControlSection::data(
        "Query B",
        vec![
            Control {
                name: "metrics_b",
                ..shared::metrics()
            },
            shared::groupby_named("groupby_b", "Dimensions"),
            Control {
                name: "adhoc_filters_b",
                ..shared::adhoc_filters()
            },
            shared::series_limit("limit_b"),
            shared::sort_by_metric("timeseries_limit_metric_b"),
            Control {
                name: "order_desc_b",
                ..shared::order_desc("timeseries_limit_metric_b")
            },
            Control {
                name: "row_limit_b",
                ..shared::row_limit(DEFAULT_ROW_LIMIT)
            },
            Control {
                name: "truncate_metric_b",
                ..shared::truncate_metric()
            },
        ],
    );
    let analytics_b = ControlSection::data(
        "Advanced analytics Query B",
        sections::advanced_analytics_controls(&QUERY_B_ANALYTICS),
    )
    .collapsed();
    let mut options = vec![shared::color_scheme()];
    for (style, y_axis, area, show_value) in [
        ("seriesType", "yAxisIndex", "area", "show_value"),
        ("seriesTypeB", "yAxisIndexB", "areaB", "show_valueB"),
    ] {
        options.push(series_type(style, "line"));
        options.push(
            Control::select(
                y_axis,
                "Y Axis",
                vec![Choice(json!(0), "Primary"), Choice(json!(1), "Secondary")],
            )
            .description("Primary or secondary y-axis")
            .default(json!(0))
            .render_trigger(),
        );
        options.push(
            Control::checkbox(area, "Area Chart", false)
                .description("Draw area under curves. Only applicable for line types."),
        );
        options.push(
            Control::checkbox(show_value, "Show Values", false)
                .description("Whether to display the numerical values within the cells"),
        );
    }
    options.extend(sections::legend_controls());
    options.extend(sections::x_axis_controls());
    options.extend(sections::tooltip_controls());
    options.extend(sections::y_axis_controls());
    options.push(shared::number_format(
        "y_axis_format_secondary",
        "Secondary y-axis format",
    ));
    options.push(shared::bounds(
        "y_axis_bounds_secondary",
        "Secondary y-axis Bounds",
    ));
    vec![
        sections::x_axis_time(),
        shared_query,
        query_a,
        ControlSection {
            label: "Advanced analytics Query A",
            ..sections::advanced_analytics()
        },
        query_b,
        analytics_b,
        sections::annotations_and_layers(),
        sections::chart_title(),
        ControlSection::customize("Chart Options", options),
    ]
}
