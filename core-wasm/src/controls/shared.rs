//! Controls shared by many charts, under their Superset form data keys (Superset's
//! `sharedControls`). A chart may relabel one or change its default.

use serde_json::{json, Value};

use crate::controls::choices::{self, DEFAULT_COLOR_SCHEME, DEFAULT_DATE_FORMAT, DEFAULT_NUMBER_FORMAT};
use crate::controls::model::{Control, ControlType, Validator, Visibility};
use crate::form_data::validate::ROW_LIMIT_MAXIMUM;

/// `row_limit` of most charts.
pub const DEFAULT_ROW_LIMIT: i64 = 10_000;

pub fn metrics() -> Control {
    Control::new("metrics", ControlType::Metrics, "Metrics")
        .description(
            "Select one or many metrics to display. You can use an aggregation function on a column \
             or write custom SQL to create a metric.",
        )
        .required()
}

pub fn metric() -> Control {
    Control::new("metric", ControlType::Metric, "Metric")
        .description(
            "Select a metric to display. You can use an aggregation function on a column or write \
             custom SQL to create a metric.",
        )
        .required()
}

/// `percent_metrics`, `secondary_metric`, `metric_2`, `x`, `y`, `size` and other metric pickers.
pub fn metric_named(name: &'static str, label: &'static str) -> Control {
    Control::new(name, ControlType::Metric, label)
}

pub fn groupby() -> Control {
    Control::new("groupby", ControlType::Groupby, "Dimensions").description(
        "Dimensions contain qualitative values such as names, dates, or geographical data. Use \
         dimensions to categorize, segment, and reveal the details in your data. Dimensions affect \
         the level of detail in the view.",
    )
}

/// A group-by picker under another key (`columns`, `groupbyRows`, `groupbyColumns`).
pub fn groupby_named(name: &'static str, label: &'static str) -> Control {
    Control {
        name,
        label,
        ..groupby()
    }
}

/// A single column picker (`entity`, `series`, the histogram's `column`).
pub fn column_named(name: &'static str, label: &'static str) -> Control {
    Control::new(name, ControlType::Column, label)
}

pub fn x_axis() -> Control {
    Control::new("x_axis", ControlType::Column, "X-axis")
        .description("Dimension to use on x-axis.")
        .required()
}

pub fn time_grain_sqla() -> Control {
    Control::select("time_grain_sqla", "Time Grain", choices::time_grains())
        .description(
            "Select a time grain for the visualization. The grain is the time interval represented \
             by a single point on the chart.",
        )
        .default(json!(choices::DEFAULT_TIME_GRAIN))
}

/// The legacy time column (`granularity_sqla`); charts with an x-axis use `x_axis` instead.
pub fn granularity_sqla() -> Control {
    Control::new("granularity_sqla", ControlType::Column, "Time Column").description(
        "The time column for the visualization. Note that you can define arbitrary expression that \
         return a DATETIME column in the table. Also note that the filter below is applied against \
         this column or expression",
    )
}

pub fn time_range() -> Control {
    Control::new("time_range", ControlType::TimeRange, "Time Range")
        .description(
            "This control filters the whole chart based on the selected time range. All relative \
             times, e.g. \"Last month\", \"Last 7 days\", \"now\", etc. are evaluated on the server \
             using the server's local time (sans timezone).",
        )
        .default(json!(choices::NO_TIME_RANGE))
        .free_form()
}

pub fn adhoc_filters() -> Control {
    Control::new("adhoc_filters", ControlType::AdhocFilters, "Filters").default(json!([]))
}

pub fn row_limit(default: i64) -> Control {
    Control::select("row_limit", "Row limit", choices::row_limits())
        .description(
            "Limits the number of the rows that are computed in the query that is the source of the \
             data used for this chart.",
        )
        .default(json!(default))
        .free_form()
        .not_clearable()
        .validators(&[
            Validator::Integer,
            Validator::MaxValue {
                maximum: ROW_LIMIT_MAXIMUM,
            },
        ])
}

const SERIES_LIMIT_DESCRIPTION: &str = "Limits the number of series that get displayed. A joined \
     subquery (or an extra phase where subqueries are not supported) is applied to limit the number \
     of series that get fetched and rendered. This feature is useful when grouping by high \
     cardinality column(s) though does increase the query complexity and cost.";

/// `limit` (time-series charts) or `series_limit` (others).
pub fn series_limit(name: &'static str) -> Control {
    Control::select(name, "Series limit", choices::series_limits())
        .description(SERIES_LIMIT_DESCRIPTION)
        .free_form()
        .validators(&[Validator::Integer])
}

/// `timeseries_limit_metric` or `series_limit_metric`.
pub fn sort_by_metric(name: &'static str) -> Control {
    Control::new(name, ControlType::Metric, "Sort by").description(
        "This metric is used to define row selection criteria (how the rows are sorted) if a series \
         or row limit is present. If not defined, it reverts to the first metric (where appropriate).",
    )
}

/// `order_desc`, shown once a sort metric is chosen.
pub fn order_desc(sort_metric: &'static str) -> Control {
    Control::new("order_desc", ControlType::Checkbox, "Sort Descending")
        .description(
            "If enabled, this control sorts the results/values descending, otherwise it sorts the \
             results ascending.",
        )
        .default(Value::Bool(true))
        .visible_when(Visibility::is_set(sort_metric))
}

pub fn truncate_metric() -> Control {
    Control::new("truncate_metric", ControlType::Checkbox, "Truncate Metric")
        .description("Whether to truncate metrics")
        .default(Value::Bool(true))
}

pub fn show_empty_columns() -> Control {
    Control::new("show_empty_columns", ControlType::Checkbox, "Show empty columns")
        .description("Show empty columns")
        .default(Value::Bool(true))
}

pub fn contribution_mode() -> Control {
    Control::select(
        "contributionMode",
        "Contribution Mode",
        choices::contribution_modes(),
    )
    .description("Calculate contribution per series or row")
}

pub fn color_scheme() -> Control {
    Control::new("color_scheme", ControlType::ColorScheme, "Color Scheme")
        .description("The color scheme for rendering chart")
        .default(json!(DEFAULT_COLOR_SCHEME))
        .render_trigger()
        .not_clearable()
}

pub fn linear_color_scheme() -> Control {
    Control::new(
        "linear_color_scheme",
        ControlType::LinearColorScheme,
        "Linear Color Scheme",
    )
    .default(json!(choices::DEFAULT_LINEAR_COLOR_SCHEME))
    .render_trigger()
    .not_clearable()
}

/// A number format select (`y_axis_format`, `number_format`, ...).
pub fn number_format(name: &'static str, label: &'static str) -> Control {
    Control::select(name, label, choices::number_formats())
        .description("D3 format syntax: https://github.com/d3/d3-format")
        .default(json!(DEFAULT_NUMBER_FORMAT))
        .free_form()
        .render_trigger()
}

pub fn y_axis_format() -> Control {
    number_format("y_axis_format", "Y Axis Format")
}

/// A date format select (`x_axis_time_format`, `date_format`, `tooltipTimeFormat`, ...).
pub fn date_format(name: &'static str, label: &'static str) -> Control {
    Control::select(name, label, choices::date_formats())
        .description("D3 time format syntax: https://github.com/d3/d3-time-format")
        .default(json!(DEFAULT_DATE_FORMAT))
        .free_form()
        .render_trigger()
}

pub fn currency_format() -> Control {
    Control::new("currency_format", ControlType::Currency, "Currency format").render_trigger()
}

pub fn annotation_layers() -> Control {
    Control::new(
        "annotation_layers",
        ControlType::AnnotationLayers,
        "Annotation Layers",
    )
    .default(json!([]))
    .render_trigger()
}

/// A render-only number typed in a text box.
pub fn number(name: &'static str, label: &'static str, default: Value) -> Control {
    Control::new(name, ControlType::Number, label)
        .default(default)
        .validators(&[Validator::Number])
        .render_trigger()
}

/// A render-only text box.
pub fn text(name: &'static str, label: &'static str) -> Control {
    Control::new(name, ControlType::Text, label)
        .default(json!(""))
        .render_trigger()
}

/// A render-only slider.
pub fn slider(name: &'static str, label: &'static str, default: Value) -> Control {
    Control::new(name, ControlType::Slider, label)
        .default(default)
        .render_trigger()
}

/// A render-only `[min, max]` control.
pub fn bounds(name: &'static str, label: &'static str) -> Control {
    Control::new(name, ControlType::Bounds, label)
        .default(json!([null, null]))
        .render_trigger()
}
