//! The "Altered" tag of a chart: which controls of the current form data differ from the saved
//! one (spec 001 §5, "Chart difference view"), as Superset's `AlteredSliceTag` computes them.
//!
//! - Only the controls of the current form data are compared (a control that disappeared is not
//!   listed), `url_params` is left out (Superset's `sanitizeFormData`).
//! - `filters`, `having` and `where` are ignored.
//! - `null`, an absent control, `""`, `[]` and `{}` are equal; so are two falsy values
//!   (`false`, `0`), which Superset skips before comparing.
//! - Values are compared deeply, numbers by value (`1` equals `1.0`, as in JavaScript).
//! - The changes come in the order of the control names (form data objects have sorted keys).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Controls the difference view never lists (spec 001 §5).
pub const IGNORED_CONTROLS: [&str; 3] = ["filters", "having", "where"];

/// Controls that only live for one page view (Superset's `TEMPORARY_CONTROLS`).
pub const TEMPORARY_CONTROLS: [&str; 1] = ["url_params"];

/// One altered control: its name, the saved value (absent when the saved chart had no such
/// control) and the current value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ControlChange {
    pub control: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<Value>,
    pub after: Value,
}

/// What the difference table needs to know of a control: its label and its control type
/// (`AdhocFilterControl`, `BoundsControl`, `CollectionControl`, `MetricsControl`, ...).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ControlDescription {
    #[serde(default)]
    pub label: Option<String>,
    #[serde(default, rename = "type")]
    pub control_type: Option<String>,
}

/// One row of the "Chart changes" table: the control's label and both values as text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AlteredRow {
    pub control: String,
    pub before: String,
    pub after: String,
}

/// The controls of `current` that differ from `original`, in control name order.
///
/// Example: `{"row_limit": 100}` → `{"row_limit": 1000, "where": "x"}` gives
/// `[{control: "row_limit", before: 100, after: 1000}]`.
pub fn altered_controls(original: &Map<String, Value>, current: &Map<String, Value>) -> Vec<ControlChange> {
    let mut changes = Vec::new();
    for (control, after) in current {
        let is_ignored =
            IGNORED_CONTROLS.contains(&control.as_str()) || TEMPORARY_CONTROLS.contains(&control.as_str());
        if is_ignored {
            continue;
        }
        let before = original.get(control);
        let both_falsy = before.is_none_or(is_falsy) && is_falsy(after);
        if both_falsy || are_equalish(before, Some(after)) {
            continue;
        }
        changes.push(ControlChange {
            control: control.clone(),
            before: before.cloned(),
            after: after.clone(),
        });
    }
    changes
}

/// The "Chart changes" table: each altered control with its label (the control name when the
/// control is not described) and both values formatted as Superset shows them.
pub fn altered_rows(
    original: &Map<String, Value>,
    current: &Map<String, Value>,
    controls: &BTreeMap<String, ControlDescription>,
) -> Vec<AlteredRow> {
    altered_controls(original, current)
        .into_iter()
        .map(|change| {
            let description = controls.get(&change.control);
            let control_type = description.and_then(|description| description.control_type.as_deref());
            let label = description
                .and_then(|description| description.label.clone())
                .filter(|label| !label.is_empty())
                .unwrap_or_else(|| change.control.clone());
            AlteredRow {
                control: label,
                before: format_diff_value(change.before.as_ref(), control_type),
                after: format_diff_value(Some(&change.after), control_type),
            }
        })
        .collect()
}

/// JavaScript's falsiness for JSON values: `null`, `false`, `0` and `""`.
fn is_falsy(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(flag) => !flag,
        Value::Number(number) => number.as_f64().is_none_or(|number| number == 0.0),
        Value::String(text) => text.is_empty(),
        Value::Array(_) | Value::Object(_) => false,
    }
}

/// `None` for the values the view treats as "nothing": absent, `null`, `""`, `[]`, `{}`.
fn altered_for_comparison(value: Option<&Value>) -> Option<&Value> {
    value.filter(|value| match value {
        Value::Null => false,
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(entries) => !entries.is_empty(),
        Value::Bool(_) | Value::Number(_) => true,
    })
}

/// Superset's `isEqualish`: equal once the "nothing" values are folded together.
fn are_equalish(left: Option<&Value>, right: Option<&Value>) -> bool {
    match (altered_for_comparison(left), altered_for_comparison(right)) {
        (None, None) => true,
        (Some(left), Some(right)) => deep_equal(left, right),
        _ => false,
    }
}

/// lodash's `isEqual` on JSON: numbers by value, arrays in order, objects by key.
fn deep_equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Number(left), Value::Number(right)) => left.as_f64() == right.as_f64(),
        (Value::Array(left), Value::Array(right)) => {
            left.len() == right.len()
                && left
                    .iter()
                    .zip(right)
                    .all(|(left, right)| deep_equal(left, right))
        }
        (Value::Object(left), Value::Object(right)) => {
            left.len() == right.len()
                && left
                    .iter()
                    .all(|(key, value)| right.get(key).is_some_and(|other| deep_equal(value, other)))
        }
        _ => left == right,
    }
}

/// A value as the difference table shows it (Superset's `formatValueHandler`): `N/A` when
/// absent, filters as `subject operator comparator`, bounds as `Min: a, Max: b`, lists joined
/// with `, ` (objects by their `label`), other objects as JSON.
pub fn format_diff_value(value: Option<&Value>, control_type: Option<&str>) -> String {
    let Some(value) = value else {
        return "N/A".to_owned();
    };
    match (value, control_type) {
        (Value::Null, _) => "null".to_owned(),
        (Value::Bool(flag), _) => flag.to_string(),
        (Value::Array(filters), Some("AdhocFilterControl")) => {
            if filters.is_empty() {
                return "[]".to_owned();
            }
            filters
                .iter()
                .map(adhoc_filter_text)
                .collect::<Vec<_>>()
                .join(", ")
        }
        (Value::Array(bounds), Some("BoundsControl")) => format!(
            "Min: {}, Max: {}",
            js_string(bounds.first()),
            js_string(bounds.get(1))
        ),
        (Value::Array(items), Some("CollectionControl")) => {
            items.iter().map(Value::to_string).collect::<Vec<_>>().join(", ")
        }
        (Value::Array(items), _) => {
            if items.is_empty() {
                return "[]".to_owned();
            }
            items
                .iter()
                .map(|item| match item.get("label") {
                    Some(Value::String(label)) => label.clone(),
                    _ => js_string(Some(item)),
                })
                .collect::<Vec<_>>()
                .join(", ")
        }
        (Value::String(text), _) => text.clone(),
        (Value::Number(_), _) => js_string(Some(value)),
        (Value::Object(_), _) => value.to_string(),
    }
}

/// `subject operator comparator`, a list comparator as `[a, b]`.
fn adhoc_filter_text(filter: &Value) -> String {
    let comparator = match filter.get("comparator") {
        Some(Value::Array(items)) => format!(
            "[{}]",
            items
                .iter()
                .map(|item| js_string(Some(item)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => js_string(other),
    };
    format!(
        "{} {} {comparator}",
        js_string(filter.get("subject")),
        js_string(filter.get("operator"))
    )
}

/// JavaScript's `String(value)`: `undefined`, `null`, numbers without a trailing `.0`, arrays
/// joined with `,`, objects as `[object Object]`.
fn js_string(value: Option<&Value>) -> String {
    match value {
        None => "undefined".to_owned(),
        Some(Value::Null) => "null".to_owned(),
        Some(Value::Bool(flag)) => flag.to_string(),
        Some(Value::String(text)) => text.clone(),
        Some(Value::Number(number)) => match (number.as_i64(), number.as_u64(), number.as_f64()) {
            (Some(integer), _, _) => integer.to_string(),
            (None, Some(integer), _) => integer.to_string(),
            (None, None, Some(float)) if float.fract() == 0.0 && float.abs() < 1e21 => {
                format!("{float:.0}")
            }
            _ => number.to_string(),
        },
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                Value::Null => String::new(),
                other => js_string(Some(other)),
            })
            .collect::<Vec<_>>()
            .join(","),
        Some(Value::Object(_)) => "[object Object]".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn object(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => panic!("not an object"),
        }
    }

    fn changes(original: Value, current: Value) -> Vec<ControlChange> {
        altered_controls(&object(original), &object(current))
    }

    #[test]
    fn a_changed_control_is_listed_with_both_values() {
        assert_eq!(
            changes(json!({"row_limit": 100}), json!({"row_limit": 1000})),
            vec![ControlChange {
                control: "row_limit".to_owned(),
                before: Some(json!(100)),
                after: json!(1000),
            }]
        );
    }

    #[test]
    fn filters_having_where_and_url_params_are_ignored() {
        let original = json!({"filters": [], "having": "", "where": "", "url_params": {}});
        let current =
            json!({"filters": [{"col": "a"}], "having": "x > 1", "where": "y", "url_params": {"a": "1"}});
        assert_eq!(changes(original, current), vec![]);
    }

    #[test]
    fn adhoc_filters_are_compared() {
        let listed = changes(
            json!({"adhoc_filters": []}),
            json!({"adhoc_filters": [{"subject": "a", "operator": "==", "comparator": "x"}]}),
        );
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].control, "adhoc_filters");
    }

    #[test]
    fn null_empty_string_empty_list_and_empty_object_are_equal() {
        let original = json!({"a": null, "b": "", "c": [], "d": {}});
        let current = json!({"a": [], "b": {}, "c": null, "d": "", "e": null});
        assert_eq!(changes(original, current), vec![]);
    }

    #[test]
    fn two_falsy_values_are_equal_but_a_falsy_and_a_truthy_one_are_not() {
        assert_eq!(
            changes(json!({"show_legend": 0}), json!({"show_legend": false})),
            vec![]
        );
        let listed = changes(json!({}), json!({"show_legend": true}));
        assert_eq!(
            listed,
            vec![ControlChange {
                control: "show_legend".to_owned(),
                before: None,
                after: json!(true),
            }]
        );
    }

    #[test]
    fn numbers_compare_by_value_and_nested_values_deeply() {
        assert_eq!(changes(json!({"a": 1}), json!({"a": 1.0})), vec![]);
        assert_eq!(
            changes(
                json!({"m": [{"label": "x", "n": 2}]}),
                json!({"m": [{"n": 2.0, "label": "x"}]})
            ),
            vec![]
        );
        assert_eq!(changes(json!({"m": [1, 2]}), json!({"m": [2, 1]})).len(), 1);
    }

    #[test]
    fn controls_only_in_the_original_are_not_listed() {
        assert_eq!(changes(json!({"gone": 5}), json!({})), vec![]);
    }

    #[test]
    fn changes_come_in_control_name_order() {
        let listed = changes(json!({}), json!({"zeta": 1, "alpha": 2, "mid": 3}));
        let names: Vec<&str> = listed.iter().map(|change| change.control.as_str()).collect();
        assert_eq!(names, ["alpha", "mid", "zeta"]);
    }

    #[test]
    fn values_are_formatted_like_superset() {
        let filter_type = Some("AdhocFilterControl");
        let filters = json!([
            {"subject": "state", "operator": "IN", "comparator": ["CA", "NY"]},
            {"subject": "num", "operator": ">", "comparator": 10}
        ]);
        assert_eq!(
            format_diff_value(Some(&filters), filter_type),
            "state IN [CA, NY], num > 10"
        );
        assert_eq!(format_diff_value(Some(&json!([])), filter_type), "[]");
        assert_eq!(
            format_diff_value(Some(&json!([1, null])), Some("BoundsControl")),
            "Min: 1, Max: null"
        );
        assert_eq!(
            format_diff_value(Some(&json!([{"a": 1}])), Some("CollectionControl")),
            "{\"a\":1}"
        );
        assert_eq!(
            format_diff_value(
                Some(&json!([{"label": "SUM(x)"}, "count"])),
                Some("MetricsControl")
            ),
            "SUM(x), count"
        );
        assert_eq!(format_diff_value(None, None), "N/A");
        assert_eq!(format_diff_value(Some(&Value::Null), None), "null");
        assert_eq!(format_diff_value(Some(&json!(true)), None), "true");
        assert_eq!(format_diff_value(Some(&json!(2.0)), None), "2");
        assert_eq!(format_diff_value(Some(&json!(2.5)), None), "2.5");
        assert_eq!(format_diff_value(Some(&json!({"b": 1})), None), "{\"b\":1}");
    }

    #[test]
    fn rows_use_the_control_label_when_known() {
        let controls = BTreeMap::from([(
            "row_limit".to_owned(),
            ControlDescription {
                label: Some("Row limit".to_owned()),
                control_type: Some("SelectControl".to_owned()),
            },
        )]);
        let rows = altered_rows(
            &object(json!({"row_limit": 10})),
            &object(json!({"row_limit": 100, "viz_type": "table"})),
            &controls,
        );
        assert_eq!(
            rows,
            vec![
                AlteredRow {
                    control: "Row limit".to_owned(),
                    before: "10".to_owned(),
                    after: "100".to_owned(),
                },
                AlteredRow {
                    control: "viz_type".to_owned(),
                    before: "N/A".to_owned(),
                    after: "table".to_owned(),
                },
            ]
        );
    }
}
