//! Control pruning (spec 000 §5): values a chart's controls can no longer hold are dropped.
//!
//! | control | value dropped | example |
//! | --- | --- | --- |
//! | a select that is not free-form | a value not among its choices | `comparison_type: "bogus"` → `null` |
//! | metric pickers | a saved metric the datasource lacks; a SIMPLE metric on a missing column | `metrics: ["count", "gone"]` → `["count"]` |
//! | column pickers (`groupby`, `x_axis`, `series`, `entity`, ...) | a column the datasource lacks | `groupby: ["gone"]` → removed |
//! | `adhoc_filters` | a SIMPLE filter on a missing column | |
//! | `order_by_cols` | an ordering on a missing column | `["[\"gone\", true]"]` → removed |
//! | `annotation_layers` | a layer's `since`/`until` overrides, replaced by `time_range: null` | |
//!
//! Adhoc SQL metrics, columns and filters are kept: their SQL is not checked here. A list left
//! empty, or a single value dropped, takes the control's default (the key is removed when the
//! default is empty), as Superset's `getControlValuesCompatibleWithDatasource`. A datasource
//! without any column or metric (not loaded) prunes no column or metric.

use quiver_types::FormData;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::controls::model::{Control, ControlType};
use crate::controls::{control_panel, known_control};

/// A column of the datasource; other fields of a dataset column are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DatasourceColumnName {
    pub column_name: String,
}

/// A saved metric of the datasource; other fields of a dataset metric are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct DatasourceMetricName {
    pub metric_name: String,
}

/// The columns and metrics a form data may refer to. A whole dataset (`GET /api/v1/dataset/{id}`)
/// reads as one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct DatasourceColumnsAndMetrics {
    #[serde(default)]
    pub columns: Vec<DatasourceColumnName>,
    #[serde(default)]
    pub metrics: Vec<DatasourceMetricName>,
}

impl DatasourceColumnsAndMetrics {
    /// A datasource with these column and metric names.
    pub fn new(columns: &[&str], metrics: &[&str]) -> Self {
        DatasourceColumnsAndMetrics {
            columns: columns
                .iter()
                .map(|name| DatasourceColumnName {
                    column_name: (*name).to_owned(),
                })
                .collect(),
            metrics: metrics
                .iter()
                .map(|name| DatasourceMetricName {
                    metric_name: (*name).to_owned(),
                })
                .collect(),
        }
    }

    fn has_column(&self, name: &str) -> bool {
        self.columns.iter().any(|column| column.column_name == name)
    }

    fn has_metric(&self, name: &str) -> bool {
        self.metrics.iter().any(|metric| metric.metric_name == name)
    }

    fn is_loaded(&self) -> bool {
        !self.columns.is_empty() || !self.metrics.is_empty()
    }
}

/// A value removed from a control.
#[cfg_attr(all(test, not(target_arch = "wasm32")), derive(ts_rs::TS), ts(export))]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DroppedValue {
    pub control: String,
    pub value: Value,
}

/// The pruned form data and what was dropped from it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PrunedFormData {
    pub form_data: FormData,
    pub dropped: Vec<DroppedValue>,
}

/// The form data without the values its chart's controls cannot hold (see the module table).
/// Controls the chart does not have are left alone; for a viz type Quiver does not ship, the
/// controls are looked up by name among all charts' controls.
pub fn prune_form_data(form_data: &FormData, datasource: &DatasourceColumnsAndMetrics) -> PrunedFormData {
    let panel = control_panel(&form_data.viz_type).ok();
    let mut pruned = form_data.clone();
    let mut dropped = Vec::new();
    for (name, value) in &form_data.extra {
        let control = match &panel {
            Some(panel) => panel.control(name).cloned(),
            None => known_control(name),
        };
        let Some(control) = control else {
            continue;
        };
        if let Some(kept) = prune_control(&control, value, datasource, &mut dropped) {
            replace_control(&mut pruned.extra, &control, kept);
        }
    }
    if let Some(layers) = pruned.extra.get_mut("annotation_layers") {
        dropped.extend(null_overridden_time_ranges(layers));
    }
    PrunedFormData {
        form_data: pruned,
        dropped,
    }
}

/// Only the select-choice rule: used when switching charts, where no datasource is at hand.
pub(crate) fn drop_values_outside_choices(form_data: &mut FormData) {
    let Ok(panel) = control_panel(&form_data.viz_type) else {
        return;
    };
    let mut ignored = Vec::new();
    for control in panel.controls().filter(|control| control.is_closed_select()) {
        let Some(value) = form_data.extra.get(control.name) else {
            continue;
        };
        if let Some(kept) = prune_select(control, value, &mut ignored) {
            form_data.extra.insert(control.name.to_owned(), kept);
        }
    }
}

/// What the control keeps when some of its value is dropped (`Some(Value::Null)` for "nothing
/// left"); `None` when the value is kept whole.
fn prune_control(
    control: &Control,
    value: &Value,
    datasource: &DatasourceColumnsAndMetrics,
    dropped: &mut Vec<DroppedValue>,
) -> Option<Value> {
    if control.is_closed_select() {
        return prune_select(control, value, dropped);
    }
    if !datasource.is_loaded() {
        return None;
    }
    let is_compatible: fn(&Value, &DatasourceColumnsAndMetrics) -> bool = match control.control_type {
        ControlType::Metrics | ControlType::Metric => is_metric_compatible,
        ControlType::Groupby | ControlType::Columns | ControlType::Column => is_column_compatible,
        ControlType::AdhocFilters => is_filter_compatible,
        ControlType::Orderby => is_ordering_compatible,
        _ => return None,
    };
    prune_items(control.name, value, dropped, |item| {
        is_compatible(item, datasource)
    })
}

fn prune_select(control: &Control, value: &Value, dropped: &mut Vec<DroppedValue>) -> Option<Value> {
    let is_unset = value.is_null() || value.as_str() == Some("");
    if is_unset {
        return None;
    }
    if control.multi {
        return prune_items(control.name, value, dropped, |item| control.has_choice(item));
    }
    if control.has_choice(value) {
        return None;
    }
    dropped.push(DroppedValue {
        control: control.name.to_owned(),
        value: value.clone(),
    });
    Some(Value::Null)
}

/// Keeps the items (or the single value) that pass `keep`; `None` when all pass.
fn prune_items(
    control: &str,
    value: &Value,
    dropped: &mut Vec<DroppedValue>,
    keep: impl Fn(&Value) -> bool,
) -> Option<Value> {
    let mut record = |item: &Value| {
        dropped.push(DroppedValue {
            control: control.to_owned(),
            value: item.clone(),
        })
    };
    match value {
        Value::Null => None,
        Value::Array(items) => {
            let (kept, removed): (Vec<&Value>, Vec<&Value>) =
                items.iter().partition(|item| item.is_null() || keep(item));
            if removed.is_empty() {
                return None;
            }
            removed.into_iter().for_each(&mut record);
            Some(Value::Array(kept.into_iter().cloned().collect()))
        }
        single if keep(single) => None,
        single => {
            record(single);
            Some(Value::Null)
        }
    }
}

/// Writes what a control kept; an emptied control takes its default or is removed.
fn replace_control(extra: &mut Map<String, Value>, control: &Control, kept: Value) {
    let is_emptied = match &kept {
        Value::Null => true,
        Value::Array(items) => items.is_empty(),
        _ => false,
    };
    if !is_emptied || control.is_closed_select() {
        extra.insert(control.name.to_owned(), kept);
        return;
    }
    if control.default.is_null() {
        extra.remove(control.name);
    } else {
        extra.insert(control.name.to_owned(), control.default.clone());
    }
}

/// A saved metric the datasource has, a SIMPLE metric on one of its columns, or SQL.
fn is_metric_compatible(metric: &Value, datasource: &DatasourceColumnsAndMetrics) -> bool {
    match metric {
        Value::String(name) => datasource.has_metric(name),
        Value::Object(adhoc) if is_expression_type(adhoc, "SIMPLE") => adhoc
            .get("column")
            .and_then(|column| column.get("column_name"))
            .and_then(Value::as_str)
            .is_none_or(|name| datasource.has_column(name)),
        _ => true,
    }
}

/// A physical column the datasource has, or an adhoc column (a column reference must exist).
fn is_column_compatible(column: &Value, datasource: &DatasourceColumnsAndMetrics) -> bool {
    match column {
        Value::String(name) => datasource.has_column(name),
        Value::Object(adhoc) if adhoc.get("isColumnReference") == Some(&Value::Bool(true)) => adhoc
            .get("sqlExpression")
            .and_then(Value::as_str)
            .is_none_or(|name| datasource.has_column(name)),
        _ => true,
    }
}

/// A SIMPLE filter on one of the datasource's columns, or a SQL filter.
fn is_filter_compatible(filter: &Value, datasource: &DatasourceColumnsAndMetrics) -> bool {
    let Value::Object(filter) = filter else {
        return true;
    };
    if !is_expression_type(filter, "SIMPLE") {
        return true;
    }
    match filter.get("subject") {
        Some(Value::String(subject)) => datasource.has_column(subject),
        _ => true,
    }
}

/// `"[\"name\", true]"` on one of the datasource's columns; an option that does not parse is
/// left for validation to report.
fn is_ordering_compatible(option: &Value, datasource: &DatasourceColumnsAndMetrics) -> bool {
    let Some(text) = option.as_str() else {
        return true;
    };
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(pair)) => match pair.first() {
            Some(Value::String(name)) => datasource.has_column(name),
            _ => true,
        },
        _ => true,
    }
}

fn is_expression_type(object: &Map<String, Value>, expression_type: &str) -> bool {
    object.get("expressionType").and_then(Value::as_str) == Some(expression_type)
}

/// Superset's annotation layer rule: `since` and `until` overrides are legacy; a layer that
/// has one overrides `time_range` with `null` instead.
fn null_overridden_time_ranges(layers: &mut Value) -> Vec<DroppedValue> {
    let mut dropped = Vec::new();
    let Value::Array(layers) = layers else {
        return dropped;
    };
    for layer in layers {
        let Some(overrides) = layer.get_mut("overrides").and_then(Value::as_object_mut) else {
            continue;
        };
        let mut overrides_time = false;
        for key in ["since", "until"] {
            if let Some(value) = overrides.remove(key) {
                overrides_time = true;
                dropped.push(DroppedValue {
                    control: format!("annotation_layers.overrides.{key}"),
                    value,
                });
            }
        }
        if overrides_time {
            overrides.insert("time_range".to_owned(), Value::Null);
        }
    }
    dropped
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn prune(form_data: Value) -> (Value, Vec<(String, Value)>) {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        let datasource = DatasourceColumnsAndMetrics::new(&["ds", "state", "num"], &["count"]);
        let pruned = prune_form_data(&form_data, &datasource);
        let dropped = pruned
            .dropped
            .into_iter()
            .map(|drop| (drop.control, drop.value))
            .collect();
        (serde_json::to_value(pruned.form_data).unwrap(), dropped)
    }

    #[test]
    fn missing_columns_and_metrics_are_dropped_and_sql_is_kept() {
        let (form_data, dropped) = prune(json!({
            "datasource": "1__table", "viz_type": "echarts_timeseries_line", "x_axis": "gone_ds",
            "metrics": ["count", "gone", {"expressionType": "SQL", "sqlExpression": "SUM(x)"},
                        {"expressionType": "SIMPLE", "aggregate": "SUM", "column": {"column_name": "lost"}}],
            "groupby": ["state", {"sqlExpression": "upper(name)", "label": "Name"}],
        }));
        assert_eq!(
            form_data["metrics"],
            json!(["count", {"expressionType": "SQL", "sqlExpression": "SUM(x)"}])
        );
        assert_eq!(
            form_data["groupby"],
            json!(["state", {"sqlExpression": "upper(name)", "label": "Name"}])
        );
        assert_eq!(form_data.get("x_axis"), None);
        assert_eq!(
            dropped,
            [
                ("metrics".to_owned(), json!("gone")),
                (
                    "metrics".to_owned(),
                    json!({"expressionType": "SIMPLE", "aggregate": "SUM", "column": {"column_name": "lost"}})
                ),
                ("x_axis".to_owned(), json!("gone_ds")),
            ]
        );
    }

    #[test]
    fn closed_selects_drop_values_outside_their_choices() {
        let (form_data, dropped) = prune(json!({
            "viz_type": "echarts_timeseries_line", "comparison_type": "bogus", "rolling_type": "mean",
            "resample_rule": "3D", "time_compare": ["1 week ago", "9 fortnights ago"],
        }));
        assert_eq!(form_data["comparison_type"], Value::Null);
        assert_eq!(form_data["rolling_type"], json!("mean"));
        assert_eq!(
            form_data["resample_rule"],
            json!("3D"),
            "free-form selects keep any value"
        );
        assert_eq!(
            form_data["time_compare"],
            json!(["1 week ago", "9 fortnights ago"])
        );
        assert_eq!(dropped, [("comparison_type".to_owned(), json!("bogus"))]);
    }

    #[test]
    fn filters_on_missing_columns_are_dropped() {
        let (form_data, _) = prune(json!({
            "viz_type": "table",
            "adhoc_filters": [
                {"expressionType": "SIMPLE", "clause": "WHERE", "subject": "gone", "operator": "==", "comparator": "x"},
                {"expressionType": "SQL", "clause": "WHERE", "sqlExpression": "gone > 1"},
            ],
        }));
        assert_eq!(
            form_data["adhoc_filters"],
            json!([{"expressionType": "SQL", "clause": "WHERE", "sqlExpression": "gone > 1"}])
        );
    }

    #[test]
    fn an_emptied_list_takes_the_default() {
        let (form_data, _) = prune(json!({
            "viz_type": "table",
            "adhoc_filters": [{"expressionType": "SIMPLE", "subject": "gone", "operator": "IS NULL"}],
            "groupby": ["gone"],
        }));
        assert_eq!(form_data["adhoc_filters"], json!([]));
        assert_eq!(form_data.get("groupby"), None);
    }

    #[test]
    fn annotation_overrides_of_since_or_until_null_the_time_range() {
        let (form_data, dropped) = prune(json!({
            "viz_type": "echarts_timeseries_line",
            "annotation_layers": [
                {"name": "events", "overrides": {"since": "2020-01-01", "time_grain_sqla": null}},
                {"name": "kept", "overrides": {"time_range": "Last week"}},
            ],
        }));
        assert_eq!(
            form_data["annotation_layers"],
            json!([
                {"name": "events", "overrides": {"time_range": null, "time_grain_sqla": null}},
                {"name": "kept", "overrides": {"time_range": "Last week"}},
            ])
        );
        assert_eq!(
            dropped,
            [(
                "annotation_layers.overrides.since".to_owned(),
                json!("2020-01-01")
            )]
        );
    }

    #[test]
    fn an_unloaded_datasource_prunes_no_column() {
        let form_data: FormData =
            serde_json::from_value(json!({"viz_type": "pie", "groupby": ["x"]})).unwrap();
        let pruned = prune_form_data(&form_data, &DatasourceColumnsAndMetrics::default());
        assert_eq!(pruned.form_data, form_data);
        assert_eq!(pruned.dropped, []);
    }
}
