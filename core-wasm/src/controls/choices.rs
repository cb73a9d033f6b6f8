//! The fixed choice lists of the controls, as data (spec 000 §9, 001 §9, Superset's constants).

use serde_json::{json, Value};

use crate::controls::model::Choice;

/// `time_range` when the chart is not filtered by time.
pub const NO_TIME_RANGE: &str = "No filter";

/// The number format a new chart starts with (Superset's adaptive formatting).
pub const DEFAULT_NUMBER_FORMAT: &str = "SMART_NUMBER";

/// The date format a new chart starts with (Superset's adaptive formatting).
pub const DEFAULT_DATE_FORMAT: &str = "smart_date";

/// The time grain a new chart starts with.
pub const DEFAULT_TIME_GRAIN: &str = "P1D";

/// The categorical colour scheme a new chart starts with.
pub const DEFAULT_COLOR_SCHEME: &str = "supersetColors";

/// The sequential colour scheme a new chart starts with.
pub const DEFAULT_LINEAR_COLOR_SCHEME: &str = "superset_seq_1";

/// Choices whose labels are their values, as Superset's `formatSelectOptions`.
fn same_label(values: &[&'static str]) -> Vec<Choice> {
    values.iter().map(|value| Choice(json!(value), value)).collect()
}

fn labelled(pairs: &[(&'static str, &'static str)]) -> Vec<Choice> {
    pairs
        .iter()
        .map(|(value, label)| Choice(json!(value), label))
        .collect()
}

fn numbers(pairs: &[(i64, &'static str)]) -> Vec<Choice> {
    pairs
        .iter()
        .map(|(value, label)| Choice(json!(value), label))
        .collect()
}

/// `time_compare`: relative periods to overlay (free-form: any "N unit ago" is accepted).
pub fn time_shifts() -> Vec<Choice> {
    same_label(&[
        "1 day ago",
        "1 week ago",
        "28 days ago",
        "30 days ago",
        "52 weeks ago",
        "1 year ago",
        "104 weeks ago",
        "2 years ago",
        "156 weeks ago",
        "3 years ago",
    ])
}

/// `rolling_type`: none, then the rolling window functions.
pub fn rolling_functions() -> Vec<Choice> {
    let mut choices = vec![Choice(Value::Null, "None")];
    choices.extend(same_label(&["mean", "sum", "std", "cumsum"]));
    choices
}

/// `comparison_type`: how time shifts are shown.
pub fn comparison_types() -> Vec<Choice> {
    labelled(&[
        ("values", "Actual values"),
        ("difference", "Difference"),
        ("percentage", "Percentage change"),
        ("ratio", "Ratio"),
    ])
}

/// `resample_rule`: Pandas offset aliases (free-form).
pub fn resample_rules() -> Vec<Choice> {
    labelled(&[
        ("1T", "1 minutely frequency"),
        ("1H", "1 hourly frequency"),
        ("1D", "1 calendar day frequency"),
        ("7D", "7 calendar day frequency"),
        ("1M", "1 month end frequency"),
        ("1AS", "1 year start frequency"),
    ])
}

/// `resample_method`: how resampled periods are filled.
pub fn resample_methods() -> Vec<Choice> {
    labelled(&[
        ("asfreq", "Null imputation"),
        ("bfill", "Backward values"),
        ("ffill", "Forward values"),
        ("median", "Median values"),
        ("mean", "Mean values"),
        ("sum", "Sum values"),
    ])
}

/// Number formats: Superset's D3 presets with the labels its select shows (free-form).
pub fn number_formats() -> Vec<Choice> {
    labelled(&[
        (DEFAULT_NUMBER_FORMAT, "Adaptive formatting"),
        ("~g", "Original value"),
        (",d", ",d (12345.432 => 12,345)"),
        (".1s", ".1s (12345.432 => 10k)"),
        (".3s", ".3s (12345.432 => 12.3k)"),
        (",.1%", ",.1% (12345.432 => 1,234,543.2%)"),
        (".2%", ".2% (12345.432 => 1234543.20%)"),
        (".3%", ".3% (12345.432 => 1234543.200%)"),
        (".4r", ".4r (12345.432 => 12350)"),
        (",.1f", ",.1f (12345.432 => 12,345.4)"),
        (",.2f", ",.2f (12345.432 => 12,345.43)"),
        (",.3f", ",.3f (12345.432 => 12,345.432)"),
        ("+,", "+, (12345.432 => +12,345.432)"),
        ("$,.2f", "$,.2f (12345.432 => $12,345.43)"),
        ("DURATION", "Duration in ms (66000 => 1m 6s)"),
        ("DURATION_SUB", "Duration in ms (1.40008 => 1ms 400µs 80ns)"),
        ("DURATION_COL", "Duration in ms (10500 => 0:10.5)"),
        ("MEMORY_DECIMAL", "Memory in bytes - decimal (1024B => 1.024kB)"),
        ("MEMORY_BINARY", "Memory in bytes - binary (1024B => 1KiB)"),
        (
            "MEMORY_TRANSFER_RATE_DECIMAL",
            "Memory transfer rate in bytes - decimal (1024B => 1.024kB/s)",
        ),
        (
            "MEMORY_TRANSFER_RATE_BINARY",
            "Memory transfer rate in bytes - binary (1024B => 1KiB/s)",
        ),
    ])
}

/// Date formats: Superset's D3 time presets with an example (free-form).
pub fn date_formats() -> Vec<Choice> {
    labelled(&[
        (DEFAULT_DATE_FORMAT, "Adaptive formatting"),
        ("%d/%m/%Y", "%d/%m/%Y | 14/01/2019"),
        ("%m/%d/%Y", "%m/%d/%Y | 01/14/2019"),
        ("%Y-%m-%d", "%Y-%m-%d | 2019-01-14"),
        ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10"),
        ("%d-%m-%Y %H:%M:%S", "%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10"),
        ("%H:%M:%S", "%H:%M:%S | 01:32:10"),
    ])
}

/// Time grains (ISO 8601 durations, Superset's keys) with their labels, as the server
/// truncates them.
pub const TIME_GRAINS: [(&str, &str); 22] = [
    ("PT1S", "Second"),
    ("PT5S", "5 second"),
    ("PT30S", "30 second"),
    ("PT1M", "Minute"),
    ("PT5M", "5 minute"),
    ("PT10M", "10 minute"),
    ("PT15M", "15 minute"),
    ("PT30M", "30 minute"),
    ("PT0.5H", "Half hour"),
    ("PT1H", "Hour"),
    ("PT6H", "6 hour"),
    ("P1D", "Day"),
    ("P7D", "7 days"),
    ("P1W", "Week"),
    ("1969-12-28T00:00:00Z/P1W", "Week starting Sunday"),
    ("1969-12-29T00:00:00Z/P1W", "Week starting Monday"),
    ("P1W/1970-01-03T00:00:00Z", "Week ending Saturday"),
    ("P1W/1970-01-04T00:00:00Z", "Week ending Sunday"),
    ("P1M", "Month"),
    ("P3M", "Quarter"),
    ("P0.25Y", "Quarter"),
    ("P1Y", "Year"),
];

/// `time_grain_sqla`.
pub fn time_grains() -> Vec<Choice> {
    labelled(&TIME_GRAINS)
}

/// `sort_series_type`: what orders the series of a chart and its legend.
pub fn sort_series_types() -> Vec<Choice> {
    labelled(&[
        ("name", "Category name"),
        ("sum", "Total value"),
        ("min", "Minimum value"),
        ("max", "Maximum value"),
        ("avg", "Average value"),
    ])
}

/// `query_mode` of the table chart.
pub fn query_modes() -> Vec<Choice> {
    labelled(&[("aggregate", "Aggregate"), ("raw", "Raw records")])
}

/// `row_limit` (free-form).
pub fn row_limits() -> Vec<Choice> {
    numbers(&[
        (10, "10"),
        (50, "50"),
        (100, "100"),
        (250, "250"),
        (500, "500"),
        (1000, "1000"),
        (5000, "5000"),
        (10000, "10000"),
        (50000, "50000"),
    ])
}

/// `limit` and `series_limit` (free-form).
pub fn series_limits() -> Vec<Choice> {
    numbers(&[
        (5, "5"),
        (10, "10"),
        (25, "25"),
        (50, "50"),
        (100, "100"),
        (500, "500"),
    ])
}

/// `contributionMode`.
pub fn contribution_modes() -> Vec<Choice> {
    let mut choices = vec![Choice(Value::Null, "None")];
    choices.extend(labelled(&[("row", "Row"), ("column", "Series")]));
    choices
}

/// `stack`.
pub fn stack_styles() -> Vec<Choice> {
    let mut choices = vec![Choice(Value::Null, "None")];
    choices.extend(labelled(&[
        ("Stack", "Stack"),
        ("Stream", "Stream"),
        ("Expand", "Expand"),
    ]));
    choices
}

/// `legendType`.
pub fn legend_types() -> Vec<Choice> {
    labelled(&[("scroll", "Scroll"), ("plain", "Plain")])
}

/// `legendOrientation`.
pub fn legend_orientations() -> Vec<Choice> {
    labelled(&[
        ("top", "Top"),
        ("bottom", "Bottom"),
        ("left", "Left"),
        ("right", "Right"),
    ])
}

/// `xAxisLabelRotation` (free-form: any angle).
pub fn label_rotations() -> Vec<Choice> {
    numbers(&[(0, "0°"), (45, "45°"), (90, "90°")])
}

/// `x_axis_title_margin` and `y_axis_title_margin`, in pixels.
pub fn axis_title_margins() -> Vec<Choice> {
    numbers(&[
        (15, "15"),
        (30, "30"),
        (50, "50"),
        (75, "75"),
        (100, "100"),
        (125, "125"),
        (150, "150"),
        (200, "200"),
    ])
}

/// `y_axis_title_position`.
pub fn axis_title_positions() -> Vec<Choice> {
    labelled(&[("Left", "Left"), ("Top", "Top")])
}

/// `label_type` of the pie, funnel and treemap-like charts.
pub fn label_types() -> Vec<Choice> {
    labelled(&[
        ("key", "Category Name"),
        ("value", "Value"),
        ("percent", "Percentage"),
        ("key_value", "Category and Value"),
        ("key_percent", "Category and Percentage"),
        ("key_value_percent", "Category, Value and Percentage"),
        ("value_percent", "Value and Percentage"),
    ])
}

/// `color_scheme`: Superset's categorical schemes.
pub fn color_schemes() -> Vec<Choice> {
    labelled(&[
        (DEFAULT_COLOR_SCHEME, "Superset Colors"),
        ("bnbColors", "Airbnb Colors"),
        ("googleCategory10c", "Google Category 10c"),
        ("googleCategory20c", "Google Category 20c"),
        ("d3Category10", "D3 Category 10"),
        ("d3Category20", "D3 Category 20"),
        ("d3Category20b", "D3 Category 20b"),
        ("d3Category20c", "D3 Category 20c"),
        ("echarts4Colors", "ECharts v4.x Colors"),
        ("echarts5Colors", "ECharts v5.x Colors"),
        ("lyftColors", "Lyft Colors"),
        ("presetColors", "Preset Colors"),
        ("modernSunset", "Modern Sunset"),
        ("colorsOfRainbow", "Colors of Rainbow"),
        ("blueToGreen", "Blue to Green"),
        ("redToYellow", "Red to Yellow"),
        ("wavesOfBlue", "Waves of Blue"),
    ])
}

/// `linear_color_scheme`: Superset's sequential schemes.
pub fn linear_color_schemes() -> Vec<Choice> {
    labelled(&[
        (DEFAULT_LINEAR_COLOR_SCHEME, "Superset Sequential #1"),
        ("superset_seq_2", "Superset Sequential #2"),
        ("blue_white_yellow", "blue/white/yellow"),
        ("fire", "fire"),
        ("white_black", "white/black"),
        ("black_white", "black/white"),
        ("dark_blue", "dark blues"),
        ("pink_grey", "pink/grey"),
        ("greens", "greens"),
        ("purples", "purples"),
        ("oranges", "oranges"),
        ("red_yellow_blue", "red/yellow/blue"),
        ("brown_white_green", "brown/white/green"),
        ("purple_white_green", "purple/white/green"),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(choices: &[Choice]) -> Vec<Value> {
        choices.iter().map(|Choice(value, _)| value.clone()).collect()
    }

    #[test]
    fn the_spec_constants_are_listed_in_order() {
        assert_eq!(
            values(&time_shifts()),
            [
                "1 day ago",
                "1 week ago",
                "28 days ago",
                "30 days ago",
                "52 weeks ago",
                "1 year ago",
                "104 weeks ago",
                "2 years ago",
                "156 weeks ago",
                "3 years ago",
            ]
        );
        assert_eq!(
            values(&rolling_functions()),
            [
                Value::Null,
                json!("mean"),
                json!("sum"),
                json!("std"),
                json!("cumsum")
            ]
        );
        assert_eq!(
            values(&comparison_types()),
            ["values", "difference", "percentage", "ratio"]
        );
        assert_eq!(values(&resample_rules()), ["1T", "1H", "1D", "7D", "1M", "1AS"]);
        assert_eq!(
            values(&resample_methods()),
            ["asfreq", "bfill", "ffill", "median", "mean", "sum"]
        );
        assert_eq!(values(&sort_series_types()), ["name", "sum", "min", "max", "avg"]);
        assert_eq!(values(&query_modes()), ["aggregate", "raw"]);
        assert_eq!(
            values(&row_limits()),
            [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000]
        );
    }

    #[test]
    fn number_formats_show_an_example() {
        let formats = number_formats();
        assert_eq!(formats[0], Choice(json!("SMART_NUMBER"), "Adaptive formatting"));
        assert!(formats.contains(&Choice(json!(",d"), ",d (12345.432 => 12,345)")));
        assert!(formats.contains(&Choice(json!("$,.2f"), "$,.2f (12345.432 => $12,345.43)")));
    }

    #[test]
    fn number_formats_end_with_superset_duration_and_memory_units() {
        let formats = number_formats();
        let unit_ids: Vec<_> = formats[formats.len() - 7..]
            .iter()
            .map(|Choice(id, _)| id.clone())
            .collect();
        assert_eq!(
            unit_ids,
            [
                json!("DURATION"),
                json!("DURATION_SUB"),
                json!("DURATION_COL"),
                json!("MEMORY_DECIMAL"),
                json!("MEMORY_BINARY"),
                json!("MEMORY_TRANSFER_RATE_DECIMAL"),
                json!("MEMORY_TRANSFER_RATE_BINARY"),
            ]
        );
        assert!(formats.contains(&Choice(
            json!("MEMORY_BINARY"),
            "Memory in bytes - binary (1024B => 1KiB)"
        )));
    }

    #[test]
    fn the_default_time_grain_is_a_day() {
        assert!(time_grains().contains(&Choice(json!(DEFAULT_TIME_GRAIN), "Day")));
    }
}
