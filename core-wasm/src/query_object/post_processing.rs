//! Post-processing rules that charts put in their queries (Superset's chart-controls
//! "operators"), as the `{operation, options}` JSON that `postprocess` applies.
//!
//! A time-series chart chains them in this order (each one only when its controls ask for it):
//!
//! ```text
//! pivot ─► rolling or cum ─► compare ─► resample ─► rename ─► contribution ─► sort ─► flatten
//! ```
//!
//! The pivot keeps multi-level columns (`flatten_columns: false`, `reset_index: false`) so that
//! rolling, compare and rename address a metric's columns by the metric's label, as pandas
//! does in Superset; `flatten` joins the levels at the end.

use serde_json::{json, Map, Value};

use crate::error::CoreResult;
use crate::form_data::ControlValues;

/// Superset's `TIME_COMPARISON_SEPARATOR`: `SUM(num)__1 year ago`.
pub const TIME_COMPARISON_SEPARATOR: &str = "__";

/// The comparison types of `comparison_type` (`values` is "actual values").
const COMPARISON_TYPES: [&str; 4] = ["values", "difference", "percentage", "ratio"];
/// The comparison types that derive new values from the offsets.
const DERIVED_COMPARISON_TYPES: [&str; 3] = ["difference", "percentage", "ratio"];
/// The `rolling_type` values that make a rolling window (`cumsum` makes a cumulative sum).
const ROLLING_TYPES: [&str; 3] = ["sum", "mean", "std"];

/// A time comparison (`time_compare` with a `comparison_type`): which offset column compares
/// with which metric.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeComparison {
    /// The offsets, `["1 year ago"]`.
    pub offsets: Vec<String>,
    /// `values`, `difference`, `percentage` or `ratio`.
    pub comparison_type: String,
    /// `(metric__offset, metric)` for each metric, then each offset:
    /// `[("SUM(num)__1 year ago", "SUM(num)")]`.
    pub offset_columns: Vec<(String, String)>,
}

impl TimeComparison {
    /// Superset's `isTimeComparison`: a known comparison type, and at least one metric and one
    /// offset. `None` otherwise.
    pub fn of(controls: &ControlValues<'_>, metric_labels: &[String]) -> CoreResult<Option<TimeComparison>> {
        let Some(comparison_type) = controls.string("comparison_type")? else {
            return Ok(None);
        };
        if !COMPARISON_TYPES.contains(&comparison_type) {
            return Ok(None);
        }
        let offsets: Vec<String> = controls
            .items("time_compare")
            .into_iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect();
        let mut offset_columns = Vec::new();
        for metric in metric_labels {
            for offset in &offsets {
                offset_columns.push((
                    format!("{metric}{TIME_COMPARISON_SEPARATOR}{offset}"),
                    metric.clone(),
                ));
            }
        }
        if offset_columns.is_empty() {
            return Ok(None);
        }
        Ok(Some(TimeComparison {
            offsets,
            comparison_type: comparison_type.to_owned(),
            offset_columns,
        }))
    }

    fn derives_values(&self) -> bool {
        DERIVED_COMPARISON_TYPES.contains(&self.comparison_type.as_str())
    }

    /// The metrics (once per offset), then the offset columns: what the pivot and the rolling
    /// window work on.
    fn metrics_then_offset_columns(&self) -> Vec<String> {
        let metrics = self.offset_columns.iter().map(|(_, metric)| metric.clone());
        let offset_columns = self
            .offset_columns
            .iter()
            .map(|(offset_column, _)| offset_column.clone());
        metrics.chain(offset_columns).collect()
    }
}

/// `pivot` on the x-axis: one column per metric and series, values kept by a `mean` of one.
/// `None` without an x-axis or metrics. With a time comparison, the offset columns are pivoted
/// too.
pub fn pivot(
    controls: &ControlValues<'_>,
    x_axis_label: Option<&str>,
    series_labels: &[String],
    metric_labels: &[String],
    time_comparison: Option<&TimeComparison>,
) -> CoreResult<Option<Value>> {
    let Some(x_axis_label) = x_axis_label else {
        return Ok(None);
    };
    let aggregated = match time_comparison {
        Some(comparison) => comparison.metrics_then_offset_columns(),
        None => metric_labels.to_vec(),
    };
    if aggregated.is_empty() {
        return Ok(None);
    }
    let aggregates: Map<String, Value> = aggregated
        .into_iter()
        .map(|label| (label, json!({"operator": "mean"})))
        .collect();
    let show_empty_columns = controls.boolean("show_empty_columns")?.unwrap_or(false);
    Ok(Some(json!({
        "operation": "pivot",
        "options": {
            "index": [x_axis_label],
            "columns": series_labels,
            "aggregates": aggregates,
            "drop_missing_columns": !show_empty_columns,
            "flatten_columns": false,
            "reset_index": false,
        },
    })))
}

/// `rolling` (`rolling_type` sum, mean or std over `rolling_periods` rows, at least
/// `min_periods` of them) or `cum` (`cumsum`), on the metrics (and offset columns).
pub fn rolling_window(
    controls: &ControlValues<'_>,
    metric_labels: &[String],
    time_comparison: Option<&TimeComparison>,
) -> CoreResult<Option<Value>> {
    let Some(rolling_type) = controls.string("rolling_type")? else {
        return Ok(None);
    };
    let rolled = match time_comparison {
        Some(comparison) => comparison.metrics_then_offset_columns(),
        None => metric_labels.to_vec(),
    };
    let columns: Map<String, Value> = rolled
        .into_iter()
        .map(|label| (label.clone(), Value::String(label)))
        .collect();
    if rolling_type == "cumsum" {
        return Ok(Some(json!({
            "operation": "cum",
            "options": {"operator": "sum", "columns": columns},
        })));
    }
    if !ROLLING_TYPES.contains(&rolling_type) {
        return Ok(None);
    }
    let window = controls.integer("rolling_periods")?.unwrap_or(1);
    let min_periods = controls.integer("min_periods")?.unwrap_or(0);
    Ok(Some(json!({
        "operation": "rolling",
        "options": {
            "rolling_type": rolling_type,
            "window": window,
            "min_periods": min_periods,
            "columns": columns,
        },
    })))
}

/// `compare` of each metric with its offsets, for the derived comparison types; the offset
/// columns and metrics are dropped, leaving `difference__SUM(num)__SUM(num)__1 year ago`.
pub fn compare(time_comparison: Option<&TimeComparison>) -> Option<Value> {
    let comparison = time_comparison.filter(|comparison| comparison.derives_values())?;
    let source_columns: Vec<&str> = comparison
        .offset_columns
        .iter()
        .map(|(_, metric)| metric.as_str())
        .collect();
    let compare_columns: Vec<&str> = comparison
        .offset_columns
        .iter()
        .map(|(offset_column, _)| offset_column.as_str())
        .collect();
    Some(json!({
        "operation": "compare",
        "options": {
            "source_columns": source_columns,
            "compare_columns": compare_columns,
            "compare_type": comparison.comparison_type,
            "drop_original_columns": true,
        },
    }))
}

/// `resample` to `resample_rule` with `resample_method`; `zerofill` is `asfreq` filling 0.
///
/// Superset also sends `time_column: "__timestamp"`; Quiver leaves it out, so the resample
/// finds the x-axis (the pivot's time column) whatever its name.
pub fn resample(controls: &ControlValues<'_>) -> CoreResult<Option<Value>> {
    let (Some(method), Some(rule)) = (
        controls.string("resample_method")?,
        controls.string("resample_rule")?,
    ) else {
        return Ok(None);
    };
    let is_zero_fill = method == "zerofill";
    Ok(Some(json!({
        "operation": "resample",
        "options": {
            "method": if is_zero_fill { "asfreq" } else { method },
            "rule": rule,
            "fill_value": if is_zero_fill { json!(0) } else { Value::Null },
        },
    })))
}

/// `rename` that drops the metric from the series names when there is one metric, series and
/// an x-axis, and `truncate_metric` is on: `SUM(num), CA` becomes `CA`. With a time comparison
/// of actual values, the offset columns take the offset's name (`1 year ago, CA`); derived
/// comparisons keep their names.
pub fn rename_single_metric(
    controls: &ControlValues<'_>,
    x_axis_label: Option<&str>,
    series_labels: &[String],
    metric_labels: &[String],
    time_comparison: Option<&TimeComparison>,
) -> CoreResult<Option<Value>> {
    let truncate_metric = controls.boolean("truncate_metric")?.unwrap_or(false);
    let [metric_label] = metric_labels else {
        return Ok(None);
    };
    let is_derived_comparison = time_comparison.is_some_and(TimeComparison::derives_values);
    if series_labels.is_empty() || x_axis_label.is_none() || is_derived_comparison || !truncate_metric {
        return Ok(None);
    }
    let mut renamed = Map::new();
    if let Some(comparison) = time_comparison {
        for (offset_column, _) in &comparison.offset_columns {
            let offset = comparison
                .offsets
                .iter()
                .find(|offset| offset_column.contains(offset.as_str()));
            renamed.insert(
                offset_column.clone(),
                offset.map_or(Value::Null, |offset| json!(offset)),
            );
        }
    }
    renamed.insert(metric_label.clone(), Value::Null);
    Ok(Some(json!({
        "operation": "rename",
        "options": {"columns": renamed, "level": 0, "inplace": true},
    })))
}

/// `contribution` by `contributionMode` (`row` or `column`), with the time offsets so that a
/// row's shares are taken per offset.
pub fn contribution(controls: &ControlValues<'_>, time_offsets: &[String]) -> CoreResult<Option<Value>> {
    let Some(orientation) = controls.string("contributionMode")? else {
        return Ok(None);
    };
    Ok(Some(json!({
        "operation": "contribution",
        "options": {"orientation": orientation, "time_shifts": time_offsets},
    })))
}

/// `sort` of a chart without series by `x_axis_sort` (the x-axis label or a metric label)
/// in the direction of `x_axis_sort_asc`.
pub fn x_axis_sort(
    controls: &ControlValues<'_>,
    x_axis_label: Option<&str>,
    sortable_metric_labels: &[String],
    has_series: bool,
) -> CoreResult<Option<Value>> {
    let (Some(sort_label), Some(ascending)) = (
        controls.string("x_axis_sort")?,
        controls.boolean("x_axis_sort_asc")?,
    ) else {
        return Ok(None);
    };
    if has_series {
        return Ok(None);
    }
    if Some(sort_label) == x_axis_label {
        return Ok(Some(json!({
            "operation": "sort",
            "options": {"is_sort_index": true, "ascending": ascending},
        })));
    }
    if !sortable_metric_labels.iter().any(|label| label == sort_label) {
        return Ok(None);
    }
    Ok(Some(json!({
        "operation": "sort",
        "options": {"by": sort_label, "ascending": ascending},
    })))
}

/// `flatten`: multi-level column names joined into one, the index back to a column.
pub fn flatten() -> Value {
    json!({"operation": "flatten"})
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;

    use super::*;

    fn form_data(value: Value) -> FormData {
        serde_json::from_value(value).unwrap()
    }

    fn labels(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| (*name).to_owned()).collect()
    }

    #[test]
    fn a_time_comparison_needs_a_known_type_metrics_and_offsets() {
        let metrics = labels(&["SUM(num)"]);
        let cases = [
            (
                json!({"comparison_type": "ratio", "time_compare": ["1 year ago"]}),
                true,
            ),
            (
                json!({"comparison_type": "values", "time_compare": "1 week ago"}),
                true,
            ),
            (json!({"comparison_type": "ratio", "time_compare": []}), false),
            (
                json!({"comparison_type": "other", "time_compare": ["1 year ago"]}),
                false,
            ),
            (json!({"time_compare": ["1 year ago"]}), false),
        ];
        for (value, expected) in cases {
            let data = form_data(value.clone());
            let comparison = TimeComparison::of(&ControlValues::new(&data), &metrics).unwrap();
            assert_eq!(comparison.is_some(), expected, "{value}");
        }
    }

    #[test]
    fn offset_columns_go_metric_by_metric() {
        let data = form_data(
            json!({"comparison_type": "difference", "time_compare": ["1 year ago", "28 days ago"]}),
        );
        let comparison = TimeComparison::of(&ControlValues::new(&data), &labels(&["a", "b"]))
            .unwrap()
            .unwrap();
        let offset_columns: Vec<&str> = comparison
            .offset_columns
            .iter()
            .map(|(column, _)| column.as_str())
            .collect();
        assert_eq!(
            offset_columns,
            [
                "a__1 year ago",
                "a__28 days ago",
                "b__1 year ago",
                "b__28 days ago"
            ]
        );
        assert_eq!(
            compare(Some(&comparison)).unwrap()["options"]["source_columns"],
            json!(["a", "a", "b", "b"])
        );
    }

    #[test]
    fn rolling_types_follow_superset() {
        let metrics = labels(&["count"]);
        let cases = [
            (
                json!({"rolling_type": "cumsum"}),
                Some(
                    json!({"operation": "cum", "options": {"operator": "sum", "columns": {"count": "count"}}}),
                ),
            ),
            (
                json!({"rolling_type": "mean", "rolling_periods": "7", "min_periods": 2}),
                Some(
                    json!({"operation": "rolling", "options": {"rolling_type": "mean", "window": 7, "min_periods": 2, "columns": {"count": "count"}}}),
                ),
            ),
            (
                json!({"rolling_type": "std"}),
                Some(
                    json!({"operation": "rolling", "options": {"rolling_type": "std", "window": 1, "min_periods": 0, "columns": {"count": "count"}}}),
                ),
            ),
            (json!({"rolling_type": "None"}), None),
            (json!({}), None),
        ];
        for (value, expected) in cases {
            let data = form_data(value.clone());
            assert_eq!(
                rolling_window(&ControlValues::new(&data), &metrics, None).unwrap(),
                expected,
                "{value}"
            );
        }
    }

    #[test]
    fn zerofill_resamples_as_frequency_with_zeros() {
        let data = form_data(json!({"resample_method": "zerofill", "resample_rule": "1D"}));
        assert_eq!(
            resample(&ControlValues::new(&data)).unwrap(),
            Some(
                json!({"operation": "resample", "options": {"method": "asfreq", "rule": "1D", "fill_value": 0}})
            )
        );
        let without_rule = form_data(json!({"resample_method": "ffill"}));
        assert_eq!(resample(&ControlValues::new(&without_rule)).unwrap(), None);
    }

    #[test]
    fn the_metric_is_dropped_from_series_names_only_when_asked() {
        let series = labels(&["state"]);
        let metric = labels(&["count"]);
        let truncate = form_data(json!({"truncate_metric": true}));
        let rule =
            rename_single_metric(&ControlValues::new(&truncate), Some("ds"), &series, &metric, None).unwrap();
        assert_eq!(
            rule,
            Some(
                json!({"operation": "rename", "options": {"columns": {"count": null}, "level": 0, "inplace": true}})
            )
        );
        let keep = form_data(json!({}));
        assert_eq!(
            rename_single_metric(&ControlValues::new(&keep), Some("ds"), &series, &metric, None).unwrap(),
            None
        );
        let two_metrics = labels(&["count", "sum"]);
        assert_eq!(
            rename_single_metric(
                &ControlValues::new(&truncate),
                Some("ds"),
                &series,
                &two_metrics,
                None
            )
            .unwrap(),
            None
        );
    }

    #[test]
    fn the_x_axis_sort_needs_no_series_and_a_sortable_label() {
        let data = form_data(json!({"x_axis_sort": "count", "x_axis_sort_asc": false}));
        let controls = ControlValues::new(&data);
        let metrics = labels(&["count"]);
        assert_eq!(
            x_axis_sort(&controls, Some("state"), &metrics, false).unwrap(),
            Some(json!({"operation": "sort", "options": {"by": "count", "ascending": false}}))
        );
        assert_eq!(
            x_axis_sort(&controls, Some("state"), &metrics, true).unwrap(),
            None
        );
        assert_eq!(x_axis_sort(&controls, Some("state"), &[], false).unwrap(), None);
        let by_axis = form_data(json!({"x_axis_sort": "state", "x_axis_sort_asc": true}));
        assert_eq!(
            x_axis_sort(&ControlValues::new(&by_axis), Some("state"), &metrics, false).unwrap(),
            Some(json!({"operation": "sort", "options": {"is_sort_index": true, "ascending": true}}))
        );
    }
}
