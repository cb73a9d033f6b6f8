//! Charts of one metric over categories: pie, funnel, gauge, treemap, sunburst, and the radar
//! (several metrics over categories).

use serde_json::{json, Value};

use crate::controls::choices;
use crate::controls::model::{Choice, Control, ControlSection, ControlType, Validator, Visibility};
use crate::controls::sections;
use crate::controls::shared::{self, number, slider, DEFAULT_ROW_LIMIT};

fn sort_by_metric() -> Control {
    Control::new("sort_by_metric", ControlType::Checkbox, "Sort by metric")
        .description("Whether to sort results by the selected metric in descending order.")
        .default(Value::Bool(true))
}

fn label_type(default: &'static str) -> Control {
    Control::select("label_type", "Label Type", choices::label_types())
        .description("What should be shown on the label?")
        .default(json!(default))
        .render_trigger()
}

fn show_labels(default: bool) -> Control {
    Control::checkbox("show_labels", "Show Labels", default).description("Whether to display the labels.")
}

/// Groups, one metric, filters, row limit and "Sort by metric".
fn category_query(row_limit: i64) -> ControlSection {
    ControlSection::data(
        "Query",
        vec![
            shared::groupby(),
            shared::metric(),
            shared::adhoc_filters(),
            shared::row_limit(row_limit),
            sort_by_metric(),
        ],
    )
}

pub fn pie() -> Vec<ControlSection> {
    let mut options = vec![
        shared::color_scheme(),
        sections::percentage_threshold("show_labels_threshold", json!(5)),
    ];
    options.extend(sections::legend_controls());
    options.extend([
        label_type("key"),
        shared::number_format("number_format", "Number format"),
        shared::currency_format(),
        shared::date_format("date_format", "Date format"),
        show_labels(true),
        Control::checkbox("labels_outside", "Put labels outside", true)
            .description("Put the labels outside of the pie?")
            .visible_when(Visibility::is_set("show_labels")),
        Control::checkbox("label_line", "Label Line", false)
            .description("Draw line from Pie to label when labels outside?")
            .visible_when(Visibility::is_set("show_labels")),
        Control::checkbox("show_total", "Show Total", false)
            .description("Whether to display the aggregate count"),
        slider("outerRadius", "Outer Radius", json!(70)).description("Outer edge of Pie chart"),
        Control::checkbox("donut", "Donut", false).description("Do you want a donut or a pie?"),
        slider("innerRadius", "Inner Radius", json!(30))
            .description("Inner radius of donut hole")
            .visible_when(Visibility::is_set("donut")),
    ]);
    vec![
        sections::legacy_time(),
        category_query(100),
        ControlSection::customize("Chart Options", options),
    ]
}

pub fn funnel() -> Vec<ControlSection> {
    let mut options = vec![shared::color_scheme()];
    options.extend(sections::legend_controls());
    options.extend([
        label_type("key"),
        shared::number_format("number_format", "Number format"),
        shared::currency_format(),
        show_labels(true),
        Control::checkbox("show_tooltip_labels", "Show Tooltip Labels", true)
            .description("Whether to display the tooltip labels."),
    ]);
    vec![
        sections::legacy_time(),
        category_query(10),
        ControlSection::customize("Chart Options", options),
    ]
}

pub fn gauge() -> Vec<ControlSection> {
    let whole = || {
        Control::new("", ControlType::Number, "")
            .validators(&[Validator::Number])
            .render_trigger()
    };
    let options = vec![
        Control {
            name: "min_val",
            label: "Min",
            description: "Minimum value on the gauge axis",
            ..whole()
        },
        Control {
            name: "max_val",
            label: "Max",
            description: "Maximum value on the gauge axis",
            ..whole()
        },
        number("start_angle", "Start angle", json!(225)).description("Angle at which to start progress axis"),
        number("end_angle", "End angle", json!(-45)).description("Angle at which to end progress axis"),
        shared::color_scheme(),
        slider("font_size", "Font size", json!(15)).description("Font size for axis labels, detail value and other text elements"),
        shared::number_format("number_format", "Number format"),
        shared::currency_format(),
        shared::text("value_formatter", "Value format")
            .description("Additional text to add before or after the value, e.g. unit"),
        Control::checkbox("show_pointer", "Show pointer", true).description("Whether to show the pointer"),
        Control::checkbox("animation", "Animation", true)
            .description("Whether to animate the progress and the value or just display them"),
        Control::checkbox("show_axis_line_ticks", "Show axis line ticks", false)
            .description("Whether to show minor ticks on the axis"),
        Control::checkbox("show_split_line", "Show split lines", false)
            .description("Whether to show the split lines on the axis"),
        slider("split_number", "Split number", json!(10)).description("Number of split segments on the axis"),
        Control::checkbox("show_progress", "Show progress", true).description("Whether to show the progress of gauge chart"),
        Control::checkbox("overlap", "Overlap", true)
            .description("Whether the progress bar overlaps when there are multiple groups of data")
            .visible_when(Visibility::is_set("show_progress")),
        Control::checkbox("round_cap", "Round cap", false)
            .description("Style the ends of the progress bar with a round cap")
            .visible_when(Visibility::is_set("show_progress")),
        shared::text("intervals", "Interval bounds")
            .description("Comma-separated interval bounds, e.g. 2,4,5 for intervals 0-2, 2-4 and 4-5. Last number should match the value provided for MAX."),
        shared::text("interval_color_indices", "Interval colors")
            .description("Comma-separated color picks for the intervals, e.g. 1,2,4. Integers denote colors from the chosen color scheme and are 1-indexed. Length must be matching that of interval bounds."),
    ];
    vec![
        sections::legacy_time(),
        category_query(10),
        ControlSection::customize("Chart Options", options),
    ]
}

pub fn treemap() -> Vec<ControlSection> {
    let query = vec![
        shared::groupby(),
        shared::metric(),
        shared::row_limit(DEFAULT_ROW_LIMIT),
        shared::sort_by_metric("timeseries_limit_metric"),
        shared::order_desc("timeseries_limit_metric"),
        shared::adhoc_filters(),
    ];
    let options = vec![
        shared::color_scheme(),
        show_labels(true),
        Control::checkbox("show_upper_labels", "Show Upper Labels", true)
            .description("Show labels when the node has children."),
        label_type("key_value"),
        shared::number_format("number_format", "Number format"),
        shared::currency_format(),
        shared::date_format("date_format", "Date format"),
    ];
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Chart Options", options),
    ]
}

pub fn sunburst() -> Vec<ControlSection> {
    let query = vec![
        shared::groupby_named("columns", "Hierarchy")
            .description("Sets the hierarchy levels of the chart. Each level is represented by one ring with the innermost circle as the top of the hierarchy.")
            .required(),
        shared::metric().labelled("Primary Metric").description("The primary metric is used to define the arc segment sizes"),
        shared::metric_named("secondary_metric", "Secondary Metric").description(
            "[optional] this secondary metric is used to define the color as a ratio against the \
             primary metric. When omitted, the color is categorical and based on labels",
        ),
        shared::adhoc_filters(),
        shared::row_limit(DEFAULT_ROW_LIMIT),
        shared::sort_by_metric("sort_by_metric"),
    ];
    let options = vec![
        shared::color_scheme(),
        shared::linear_color_scheme(),
        show_labels(true),
        sections::percentage_threshold("show_labels_threshold", json!(5)),
        Control::checkbox("show_total", "Show Total", false)
            .description("Whether to display the aggregate count"),
        label_type("key"),
        shared::number_format("number_format", "Number format"),
        shared::currency_format(),
        shared::date_format("date_format", "Date format"),
    ];
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Chart Options", options),
    ]
}

pub fn radar() -> Vec<ControlSection> {
    let query = vec![
        shared::groupby(),
        shared::metrics(),
        shared::adhoc_filters(),
        shared::sort_by_metric("timeseries_limit_metric"),
        shared::row_limit(10),
    ];
    let mut options = vec![shared::color_scheme()];
    options.extend(sections::legend_controls());
    options.extend([
        show_labels(false),
        Control::select(
            "label_type",
            "Label Type",
            [("value", "Value"), ("key_value", "Category and Value")]
                .into_iter()
                .map(|(value, label)| Choice(json!(value), label))
                .collect(),
        )
        .description("What should be shown on the label?")
        .default(json!("value"))
        .render_trigger()
        .visible_when(Visibility::is_set("show_labels")),
        shared::number_format("number_format", "Number format"),
        shared::date_format("date_format", "Date format"),
        Control::checkbox("is_circle", "Circle radar shape", false)
            .description("Radar render type, whether to display 'circle' shape."),
        Control::new("column_config", ControlType::ColumnConfig, "Customize Metrics")
            .description("Further customize how to display each metric")
            .default(json!({}))
            .render_trigger(),
    ]);
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Chart Options", options),
    ]
}
