//! Switching a chart to another viz type (Superset's `StandardizedFormData`): the new chart
//! keeps what it can use of the old form data and starts the rest from its defaults.
//!
//! 1. Metrics (`metrics`, `metric`, `metric_2`) and dimensions (`groupby`, `columns`,
//!    `groupbyRows`, `groupbyColumns`) are pooled into the standardized state. A chart with no
//!    control of a kind inherits that kind from the previous state, so table → big number →
//!    table keeps the table's dimensions.
//! 2. Each control of the new chart takes, in order: the old value of a public control (time,
//!    filters, limits, sort, x-axis, advanced analytics); the value it had when the chart was
//!    last this viz type (memorized form data); the old value of a control of the same name
//!    (`color_scheme`, `y_axis_format`, ...); its default. Other controls are dropped.
//! 3. The new chart's metric and dimension slots are filled from the pool, in order:
//!    `metrics` → `metric` takes the first metric, `metric` → `metrics` a list of one;
//!    `groupby` ↔ `columns` ↔ `groupbyColumns`; the bubble chart's `entity` and `series` and
//!    `x`, `y`, `size` take one each.
//! 4. A legacy `granularity_sqla` becomes the `x_axis` of a chart that has one and none set.
//! 5. Select values outside their choices are cleared, and the pool and the memorized form
//!    datas are stored in `standardizedFormData` for the next switch.

use quiver_types::FormData;
use serde_json::{json, Map, Value};

use crate::controls::prune::drop_values_outside_choices;
use crate::controls::{control_panel, ControlsError};

/// The form data key holding the standardized state and the memorized form datas.
pub const STANDARDIZED_FORM_DATA: &str = "standardizedFormData";

/// Metric controls pooled when switching charts.
const METRIC_CONTROLS: [&str; 3] = ["metrics", "metric", "metric_2"];

/// Dimension controls pooled when switching charts.
const COLUMN_CONTROLS: [&str; 4] = ["groupby", "columns", "groupbyRows", "groupbyColumns"];

/// Controls whose current value carries over to every chart that has them.
const PUBLIC_CONTROLS: [&str; 17] = [
    "granularity_sqla",
    "time_grain_sqla",
    "time_range",
    "adhoc_filters",
    "limit",
    "timeseries_limit_metric",
    "series_limit_metric",
    "order_desc",
    "row_limit",
    "x_axis",
    "rolling_type",
    "rolling_periods",
    "min_periods",
    "time_compare",
    "comparison_type",
    "resample_rule",
    "resample_method",
];

/// Form data keys outside the control panels that always stay.
const KEPT_KEYS: [&str; 3] = ["cache_timeout", "url_params", "custom_params"];

/// A metric or dimension slot of a chart, filled from the pool.
#[derive(Debug, Clone, Copy)]
enum Slot {
    /// Every pooled metric, as a list.
    AllMetrics(&'static str),
    /// The next pooled metric, alone.
    OneMetric(&'static str),
    /// Every pooled dimension, as a list.
    AllColumns(&'static str),
    /// The next pooled dimension, alone.
    OneColumn(&'static str),
}

/// The slots of each chart, as its Superset control panel's `formDataOverrides` fills them.
fn slots(viz_type: &str) -> &'static [Slot] {
    use Slot::*;
    match viz_type {
        "table" | "radar" | "box_plot" | "mixed_timeseries" => {
            &[AllMetrics("metrics"), AllColumns("groupby")]
        }
        "echarts_timeseries_line"
        | "echarts_timeseries_bar"
        | "echarts_area"
        | "echarts_timeseries_scatter"
        | "echarts_timeseries_smooth"
        | "echarts_timeseries_step" => &[AllMetrics("metrics"), AllColumns("groupby")],
        "pivot_table_v2" => &[AllMetrics("metrics"), AllColumns("groupbyColumns")],
        "pie" | "funnel" | "gauge_chart" | "treemap_v2" => &[OneMetric("metric"), AllColumns("groupby")],
        "sunburst_v2" => &[OneMetric("metric"), AllColumns("columns")],
        "big_number" | "big_number_total" => &[OneMetric("metric")],
        "histogram_v2" => &[AllColumns("groupby")],
        "heatmap_v2" | "waterfall" => &[OneMetric("metric"), OneColumn("groupby")],
        "bubble_v2" => &[
            OneColumn("entity"),
            OneColumn("series"),
            OneMetric("x"),
            OneMetric("y"),
            OneMetric("size"),
        ],
        _ => &[],
    }
}

/// The pooled metrics and dimensions (Superset's `standardizedState`).
#[derive(Debug, Clone, Default, PartialEq)]
struct StandardizedState {
    metrics: Vec<Value>,
    columns: Vec<Value>,
}

impl StandardizedState {
    fn to_json(&self) -> Value {
        json!({"metrics": self.metrics, "columns": self.columns})
    }

    fn from_json(value: Option<&Value>) -> Self {
        let list = |key: &str| match value.and_then(|state| state.get(key)) {
            Some(Value::Array(items)) => items.clone(),
            _ => Vec::new(),
        };
        StandardizedState {
            metrics: list("metrics"),
            columns: list("columns"),
        }
    }
}

/// The form data of `old_form_data`'s chart switched to `new_viz_type` (see the module steps).
pub fn carry_over_form_data(old_form_data: &FormData, new_viz_type: &str) -> Result<FormData, ControlsError> {
    let panel = control_panel(new_viz_type)?;
    let previous = old_form_data.extra.get(STANDARDIZED_FORM_DATA);
    let old_controls = without_standardized_form_data(&old_form_data.extra);

    let state = standardized_state(
        &old_controls,
        StandardizedState::from_json(previous.and_then(|previous| previous.get("standardizedState"))),
    );
    let memorized = memorize(
        previous.and_then(|previous| previous.get("memorizedFormData")),
        &old_form_data.viz_type,
        &old_controls,
    );
    let memorized_for_new_chart = memorized
        .iter()
        .find(|(viz_type, _)| viz_type == new_viz_type && new_viz_type != old_form_data.viz_type)
        .map(|(_, controls)| controls);

    let mut extra = Map::new();
    for key in KEPT_KEYS {
        if let Some(value) = old_controls.get(key) {
            extra.insert(key.to_owned(), value.clone());
        }
    }
    for control in panel.controls() {
        let name = control.name;
        let public_value = PUBLIC_CONTROLS
            .contains(&name)
            .then(|| old_controls.get(name))
            .flatten();
        let value = public_value
            .or_else(|| memorized_for_new_chart.and_then(|controls| controls.get(name)))
            .or_else(|| old_controls.get(name))
            .cloned()
            .or_else(|| (!control.default.is_null()).then(|| control.default.clone()));
        if let Some(value) = value {
            extra.insert(name.to_owned(), value);
        }
    }
    fill_slots(&mut extra, new_viz_type, state.clone());
    let has_x_axis = panel.control("x_axis").is_some();
    let x_axis_is_unset = extra.get("x_axis").is_none_or(Value::is_null);
    if has_x_axis && x_axis_is_unset {
        if let Some(time_column) = old_controls
            .get("granularity_sqla")
            .filter(|column| column.is_string())
        {
            extra.insert("x_axis".to_owned(), time_column.clone());
        }
    }
    if new_viz_type == "pie" {
        cap_pie_row_limit(&mut extra);
    }

    let mut new_form_data = FormData {
        datasource: old_form_data.datasource.clone(),
        viz_type: new_viz_type.to_owned(),
        slice_id: old_form_data.slice_id,
        extra,
    };
    drop_values_outside_choices(&mut new_form_data);
    let memorized_json: Vec<Value> = memorized
        .into_iter()
        .map(|(viz_type, controls)| json!([viz_type, Value::Object(controls)]))
        .collect();
    new_form_data.extra.insert(
        STANDARDIZED_FORM_DATA.to_owned(),
        json!({"standardizedState": state.to_json(), "memorizedFormData": memorized_json}),
    );
    Ok(new_form_data)
}

fn without_standardized_form_data(extra: &Map<String, Value>) -> Map<String, Value> {
    let mut controls = extra.clone();
    controls.remove(STANDARDIZED_FORM_DATA);
    controls
}

/// The pool of the old chart; a kind the old chart has no control of comes from `previous`.
fn standardized_state(old_controls: &Map<String, Value>, previous: StandardizedState) -> StandardizedState {
    let pool = |keys: &[&str]| -> Option<Vec<Value>> {
        let has_any = keys.iter().any(|key| old_controls.contains_key(*key));
        has_any.then(|| {
            keys.iter()
                .filter_map(|key| old_controls.get(*key))
                .flat_map(|value| match value {
                    Value::Array(items) => items.clone(),
                    single => vec![single.clone()],
                })
                .filter(is_present)
                .collect()
        })
    };
    StandardizedState {
        metrics: pool(&METRIC_CONTROLS).unwrap_or(previous.metrics),
        columns: pool(&COLUMN_CONTROLS).unwrap_or(previous.columns),
    }
}

/// Superset's `filter(Boolean)`: null, `""`, `false` and `0` are not pooled.
fn is_present(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(flag) => *flag,
        Value::String(text) => !text.is_empty(),
        Value::Number(number) => number.as_f64().is_some_and(|number| number != 0.0),
        Value::Array(_) | Value::Object(_) => true,
    }
}

/// The memorized form datas with the old chart's moved last, as `[viz_type, controls]`.
fn memorize(
    previous: Option<&Value>,
    old_viz_type: &str,
    old_controls: &Map<String, Value>,
) -> Vec<(String, Map<String, Value>)> {
    let mut memorized: Vec<(String, Map<String, Value>)> = Vec::new();
    for entry in previous.and_then(Value::as_array).into_iter().flatten() {
        if let [Value::String(viz_type), Value::Object(controls)] =
            entry.as_array().map(Vec::as_slice).unwrap_or(&[])
        {
            if viz_type != old_viz_type {
                memorized.push((viz_type.clone(), without_standardized_form_data(controls)));
            }
        }
    }
    memorized.push((old_viz_type.to_owned(), old_controls.clone()));
    memorized
}

fn fill_slots(extra: &mut Map<String, Value>, viz_type: &str, mut pool: StandardizedState) {
    let take_one = |items: &mut Vec<Value>| {
        if items.is_empty() {
            Value::Null
        } else {
            items.remove(0)
        }
    };
    for slot in slots(viz_type) {
        let (name, value) = match *slot {
            Slot::AllMetrics(name) => (name, Value::Array(std::mem::take(&mut pool.metrics))),
            Slot::OneMetric(name) => (name, take_one(&mut pool.metrics)),
            Slot::AllColumns(name) => (name, Value::Array(std::mem::take(&mut pool.columns))),
            Slot::OneColumn(name) => (name, take_one(&mut pool.columns)),
        };
        extra.insert(name.to_owned(), value);
    }
}

/// The pie chart draws at most 100 slices: a larger or unreadable row limit becomes 100.
fn cap_pie_row_limit(extra: &mut Map<String, Value>) {
    const PIE_ROW_LIMIT: i64 = 100;
    let row_limit = extra.get("row_limit").and_then(|value| match value {
        Value::Number(number) => number.as_i64(),
        Value::String(text) => text.trim().parse::<i64>().ok(),
        _ => None,
    });
    if row_limit.is_none_or(|row_limit| row_limit >= PIE_ROW_LIMIT) {
        extra.insert("row_limit".to_owned(), json!(PIE_ROW_LIMIT));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn switch(form_data: Value, viz_type: &str) -> Map<String, Value> {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        let switched = carry_over_form_data(&form_data, viz_type).unwrap();
        assert_eq!(switched.viz_type, viz_type);
        switched.extra
    }

    #[test]
    fn metrics_become_one_metric_and_back() {
        let pie = switch(
            json!({"datasource": "1__table", "viz_type": "echarts_timeseries_line", "x_axis": "ds",
                   "metrics": ["count", "sum__num"], "groupby": ["state"], "color_scheme": "bnbColors"}),
            "pie",
        );
        assert_eq!(pie["metric"], json!("count"));
        assert_eq!(pie["groupby"], json!(["state"]));
        assert_eq!(pie["color_scheme"], json!("bnbColors"));
        assert_eq!(pie["row_limit"], json!(100));
        assert_eq!(pie.get("x_axis"), None, "the pie has no x-axis");
        assert_eq!(pie.get("metrics"), None);
    }

    #[test]
    fn dimensions_survive_a_chart_without_dimensions() {
        let table = json!({"datasource": "1__table", "viz_type": "table", "groupby": ["state", "gender"], "metrics": ["count"]});
        let big_number = switch(table, "big_number_total");
        assert_eq!(big_number["metric"], json!("count"));
        let back = switch(
            json!(Value::Object({
                let mut form_data = big_number.clone();
                form_data.insert("viz_type".to_owned(), json!("big_number_total"));
                form_data.insert("datasource".to_owned(), json!("1__table"));
                form_data
            })),
            "table",
        );
        assert_eq!(back["groupby"], json!(["state", "gender"]));
        assert_eq!(back["metrics"], json!(["count"]));
    }

    #[test]
    fn a_legacy_time_column_becomes_the_x_axis() {
        let line = switch(
            json!({"datasource": "1__table", "viz_type": "table", "granularity_sqla": "ds", "metrics": ["count"],
                   "time_range": "Last week", "row_limit": 50}),
            "echarts_timeseries_line",
        );
        assert_eq!(line["x_axis"], json!("ds"));
        assert_eq!(line["time_range"], json!("Last week"));
        assert_eq!(line["row_limit"], json!(50));
        assert_eq!(line["comparison_type"], json!("values"), "defaults are applied");
    }

    #[test]
    fn the_bubble_takes_one_column_and_three_metrics() {
        let bubble = switch(
            json!({"datasource": "1__table", "viz_type": "table", "groupby": ["country", "region"],
                   "metrics": ["sum__gdp", "avg__life", "sum__pop"]}),
            "bubble_v2",
        );
        assert_eq!(
            [
                &bubble["entity"],
                &bubble["series"],
                &bubble["x"],
                &bubble["y"],
                &bubble["size"]
            ],
            [
                &json!("country"),
                &json!("region"),
                &json!("sum__gdp"),
                &json!("avg__life"),
                &json!("sum__pop")
            ]
        );
    }

    #[test]
    fn an_unknown_viz_type_is_refused() {
        let form_data = FormData::default();
        assert_eq!(
            carry_over_form_data(&form_data, "word_cloud"),
            Err(ControlsError::UnknownVizType {
                viz_type: "word_cloud".to_owned()
            })
        );
    }
}
