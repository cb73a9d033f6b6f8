//! Big numbers, distributions (histogram, box plot), the heatmap, the bubble chart and the
//! waterfall.

use serde_json::{json, Value};

use crate::controls::model::{Choice, Control, ControlSection, ControlType, Validator};
use crate::controls::sections::{self, QUERY_A_ANALYTICS};
use crate::controls::shared::{self, number, slider, DEFAULT_ROW_LIMIT};

fn choices_of(pairs: &[(Value, &'static str)]) -> Vec<Choice> {
    pairs
        .iter()
        .map(|(value, label)| Choice(value.clone(), label))
        .collect()
}

fn header_font_size(default: Value) -> Control {
    Control::select(
        "header_font_size",
        "Big Number Font Size",
        choices_of(&[
            (json!(0.2), "Tiny"),
            (json!(0.3), "Small"),
            (json!(0.4), "Normal"),
            (json!(0.5), "Large"),
            (json!(0.6), "Huge"),
        ]),
    )
    .default(default)
    .not_clearable()
    .render_trigger()
}

fn subheader_font_size() -> Control {
    Control::select(
        "subheader_font_size",
        "Subheader Font Size",
        choices_of(&[
            (json!(0.125), "Tiny"),
            (json!(0.15), "Small"),
            (json!(0.2), "Normal"),
            (json!(0.3), "Large"),
            (json!(0.4), "Huge"),
        ]),
    )
    .default(json!(0.15))
    .not_clearable()
    .render_trigger()
}

fn number_display() -> Vec<Control> {
    vec![
        shared::y_axis_format().labelled("Number format"),
        shared::currency_format(),
        shared::date_format("time_format", "Date format"),
        Control::checkbox("force_timestamp_formatting", "Force date format", false)
            .description("Use date formatting even when metric value is not a timestamp"),
    ]
}

/// `big_number`: one metric with its trend over the x-axis.
pub fn big_number() -> Vec<ControlSection> {
    let query = vec![
        shared::x_axis(),
        shared::time_grain_sqla(),
        shared::metric(),
        shared::adhoc_filters(),
    ];
    let mut options = vec![
        Control::new("compare_lag", ControlType::Number, "Comparison Period Lag")
            .description("Based on granularity, number of time periods to compare against")
            .validators(&[Validator::Integer]),
        shared::text("compare_suffix", "Comparison suffix").description("Suffix to apply after the percentage display"),
        Control::checkbox("show_timestamp", "Show Timestamp", false)
            .description("Whether to display the timestamp"),
        Control::checkbox("show_trend_line", "Show Trend Line", true)
            .description("Whether to display the trend line"),
        Control::checkbox("start_y_axis_at_zero", "Start y-axis at 0", true).description(
            "Start y-axis at zero. Uncheck to start y-axis at minimum value in the data.",
        ),
        Control::checkbox("time_range_fixed", "Fix to selected Time Range", false).description(
            "Fix the trend line to the full time range specified in case filtered results do not include the start or end dates",
        ),
        Control::new("color_picker", ControlType::ColorPicker, "Fixed Color")
            .description("Use this to define a static color for all circles")
            .default(json!({"r": 0, "g": 122, "b": 135, "a": 1}))
            .render_trigger(),
        header_font_size(json!(0.4)),
        subheader_font_size(),
    ];
    options.extend(number_display());
    let analytics: Vec<Control> = sections::advanced_analytics_controls(&QUERY_A_ANALYTICS)
        .into_iter()
        .filter(|control| !matches!(control.name, "time_compare" | "comparison_type"))
        .collect();
    vec![
        sections::x_axis_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Options", options),
        ControlSection::data("Advanced Analytics", analytics).collapsed(),
    ]
}

/// `big_number_total`: one metric, one number.
pub fn big_number_total() -> Vec<ControlSection> {
    let query = vec![shared::metric(), shared::adhoc_filters()];
    let mut options = vec![
        header_font_size(json!(0.4)),
        shared::text("subheader", "Subheader")
            .description("Description text that shows up below your Big Number"),
        subheader_font_size(),
    ];
    options.extend(number_display());
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Options", options),
    ]
}

/// `histogram_v2`: the distribution of one numeric column, optionally per group.
pub fn histogram() -> Vec<ControlSection> {
    let query = vec![
        shared::column_named("column", "Column")
            .description("Numeric column used to calculate the histogram.")
            .required(),
        shared::groupby(),
        shared::adhoc_filters(),
        shared::row_limit(DEFAULT_ROW_LIMIT),
        Control::select(
            "bins",
            "Bins",
            choices_of(&[(json!(5), "5"), (json!(10), "10"), (json!(15), "15"), (json!(20), "20")]),
        )
        .description("The number of bins for the histogram")
        .default(json!(5))
        .free_form()
        .validators(&[Validator::Integer]),
        Control::new("normalize", ControlType::Checkbox, "Normalize")
            .description("The normalize option transforms the histogram values into proportions or probabilities by dividing each bin's count by the total count of data points.")
            .default(Value::Bool(false)),
        Control::new("cumulative", ControlType::Checkbox, "Cumulative")
            .description("The cumulative option allows you to see how your data accumulates over different values.")
            .default(Value::Bool(false)),
    ];
    let options = vec![
        shared::color_scheme(),
        Control::checkbox("show_value", "Show Value", false).description("Show series values on the chart"),
        Control::checkbox("show_legend", "Show legend", true)
            .description("Whether to display a legend for the chart"),
        shared::text("x_axis_title", "X Axis Title"),
        shared::number_format("x_axis_format", "X Axis Format"),
        shared::text("y_axis_title", "Y Axis Title"),
        shared::y_axis_format(),
    ];
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Chart Options", options),
    ]
}

fn x_ticks_layout() -> Control {
    Control::select(
        "x_ticks_layout",
        "X Tick Layout",
        choices_of(&[
            (json!("auto"), "auto"),
            (json!("flat"), "flat"),
            (json!("45°"), "45°"),
            (json!("90°"), "90°"),
            (json!("staggered"), "staggered"),
        ]),
    )
    .description("The way the ticks are laid out on the X-axis")
    .default(json!("auto"))
    .render_trigger()
}

/// `box_plot`: metric distributions per group, with Tukey or percentile whiskers.
pub fn box_plot() -> Vec<ControlSection> {
    let query = vec![
        shared::groupby_named("columns", "Distribute across")
            .description("Columns to calculate distribution across.")
            .required(),
        shared::metrics(),
        shared::groupby(),
        shared::adhoc_filters(),
        shared::series_limit("series_limit"),
        shared::sort_by_metric("series_limit_metric"),
        Control::select(
            "whiskerOptions",
            "Whisker/outlier options",
            choices_of(&[
                (json!("Tukey"), "Tukey"),
                (json!("Min/max (no outliers)"), "Min/max (no outliers)"),
                (json!("2/98 percentiles"), "2/98 percentiles"),
                (json!("9/91 percentiles"), "9/91 percentiles"),
            ]),
        )
        .description("Determines how whiskers and outliers are calculated.")
        .default(json!("Tukey"))
        .free_form(),
    ];
    let options = vec![
        shared::color_scheme(),
        x_ticks_layout(),
        shared::number_format("number_format", "Number format"),
        shared::date_format("date_format", "Date format"),
    ];
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Chart Options", options),
    ]
}

fn axis_sort(name: &'static str, label: &'static str) -> Control {
    Control::select(
        name,
        label,
        choices_of(&[
            (json!("alpha_asc"), "Axis ascending"),
            (json!("alpha_desc"), "Axis descending"),
            (json!("value_asc"), "Metric ascending"),
            (json!("value_desc"), "Metric descending"),
        ]),
    )
    .default(json!("alpha_asc"))
}

/// `heatmap_v2`: one metric over an x-axis and a y-axis column.
pub fn heatmap() -> Vec<ControlSection> {
    let query = vec![
        shared::x_axis(),
        shared::time_grain_sqla(),
        shared::column_named("groupby", "Y-axis").description("Dimension to use on y-axis.").required(),
        shared::metric(),
        shared::adhoc_filters(),
        shared::row_limit(DEFAULT_ROW_LIMIT),
        axis_sort("sort_x_axis", "Sort X Axis"),
        axis_sort("sort_y_axis", "Sort Y Axis"),
        Control::select(
            "normalize_across",
            "Normalize Across",
            choices_of(&[(json!("heatmap"), "heatmap"), (json!("x"), "x"), (json!("y"), "y")]),
        )
        .description("Color will be shaded based the normalized (0% to 100%) value of a given cell against the other cells in the selected range")
        .default(json!("heatmap")),
    ];
    let options = vec![
        Control::select(
            "legend_type",
            "Legend Type",
            choices_of(&[
                (json!("continuous"), "Continuous"),
                (json!("piecewise"), "Piecewise"),
            ]),
        )
        .default(json!("continuous"))
        .render_trigger(),
        shared::linear_color_scheme(),
        number("xscale_interval", "XScale Interval", json!(-1))
            .description("Number of steps to take between ticks when displaying the X scale"),
        number("yscale_interval", "YScale Interval", json!(-1))
            .description("Number of steps to take between ticks when displaying the Y scale"),
        shared::bounds("value_bounds", "Value bounds")
            .description("Hard value bounds applied for color coding."),
        shared::y_axis_format().labelled("Value Format"),
        shared::date_format("x_axis_time_format", "Time format"),
        shared::currency_format(),
        Control::checkbox("show_legend", "Legend", true)
            .description("Whether to display the legend (toggles)"),
        Control::checkbox("show_percentage", "Show percentage", true)
            .description("Whether to include the percentage in the tooltip"),
        Control::checkbox("show_values", "Show Values", false)
            .description("Whether to display the numerical values within the cells"),
        Control::checkbox("normalized", "Normalized", false)
            .description("Whether to apply a normal distribution based on rank on the color scale"),
    ];
    vec![
        sections::x_axis_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Chart Options", options),
    ]
}

/// `bubble_v2`: entities placed by two metrics and sized by a third.
pub fn bubble() -> Vec<ControlSection> {
    let query = vec![
        shared::column_named("series", "Dimension").description(
            "Defines the grouping of entities. Each series is represented by a specific color in the chart.",
        ),
        shared::column_named("entity", "Entity")
            .description("This defines the element to be plotted on the chart")
            .required(),
        shared::metric_named("x", "X Axis")
            .description("The dataset column/metric that returns the values on your chart's x-axis.")
            .required(),
        shared::metric_named("y", "Y Axis")
            .description("The dataset column/metric that returns the values on your chart's y-axis.")
            .required(),
        shared::adhoc_filters(),
        shared::metric_named("size", "Bubble Size")
            .description("Metric used to calculate bubble size")
            .required(),
        shared::sort_by_metric("orderby"),
        shared::order_desc("orderby"),
        shared::row_limit(DEFAULT_ROW_LIMIT),
    ];
    let mut options = vec![shared::color_scheme()];
    options.extend(sections::legend_controls());
    options.extend([
        Control::select(
            "max_bubble_size",
            "Max Bubble Size",
            choices_of(&[
                (json!("5"), "5"),
                (json!("10"), "10"),
                (json!("15"), "15"),
                (json!("25"), "25"),
                (json!("50"), "50"),
                (json!("75"), "75"),
                (json!("100"), "100"),
            ]),
        )
        .default(json!("25"))
        .free_form()
        .render_trigger(),
        shared::number_format("tooltipSizeFormat", "Bubble size number format"),
        slider("opacity", "Bubble Opacity", json!(0.6))
            .description("Opacity of bubbles, 0 means completely transparent, 1 means opaque"),
        shared::text("x_axis_label", "X Axis Title"),
        shared::number_format("xAxisFormat", "X Axis Format"),
        Control::checkbox("logXAxis", "Logarithmic x-axis", false).description("Logarithmic x-axis"),
        shared::text("y_axis_label", "Y Axis Title"),
        shared::y_axis_format(),
        Control::checkbox("logYAxis", "Logarithmic y-axis", false).description("Logarithmic y-axis"),
    ]);
    options.extend(
        sections::y_axis_controls()
            .into_iter()
            .filter(|control| matches!(control.name, "truncateYAxis" | "y_axis_bounds")),
    );
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Chart Options", options),
    ]
}

/// `waterfall`: a metric's increases and decreases along the x-axis, optionally broken down.
pub fn waterfall() -> Vec<ControlSection> {
    let query = vec![
        shared::x_axis(),
        shared::time_grain_sqla(),
        shared::column_named("groupby", "Breakdowns").description(
            "Breaks down the series by the category specified in this control. This can help viewers understand how each category affects the overall value.",
        ),
        shared::metric(),
        shared::adhoc_filters(),
        shared::row_limit(DEFAULT_ROW_LIMIT),
    ];
    let color = |name: &'static str, label: &'static str, rgba: Value| {
        Control::new(name, ControlType::ColorPicker, label)
            .default(rgba)
            .render_trigger()
    };
    let options = vec![
        Control::checkbox("show_value", "Show Values", false)
            .description("Whether to display the numerical values"),
        Control::checkbox("show_legend", "Show legend", false)
            .description("Whether to display a legend for the chart"),
        color(
            "increase_color",
            "Increase",
            json!({"r": 90, "g": 193, "b": 137, "a": 1}),
        ),
        color(
            "decrease_color",
            "Decrease",
            json!({"r": 224, "g": 67, "b": 85, "a": 1}),
        ),
        color(
            "total_color",
            "Total",
            json!({"r": 102, "g": 102, "b": 102, "a": 1}),
        ),
        shared::text("x_axis_label", "X Axis Label"),
        shared::date_format("x_axis_time_format", "Time format"),
        x_ticks_layout(),
        shared::text("y_axis_label", "Y Axis Label"),
        shared::y_axis_format(),
        shared::currency_format(),
    ];
    vec![
        sections::x_axis_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Chart Options", options),
    ]
}
