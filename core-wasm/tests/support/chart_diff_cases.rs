//! Golden "Altered" cases (`fixtures/chart_diff/<name>.json`), shared by the native test
//! (`chart_diff.rs`) and the wasm32 test (`wasm_chart_diff.rs`).
//!
//! A case is `{description, original, current, controls?, expected, expected_rows?}`:
//! `expected` is the list of `{control, before?, after}` (`before` absent when the original had
//! no such control), `expected_rows` the formatted table with `controls` (`{name: {label, type}}`).

use serde::Deserialize;
use serde_json::Value;

pub const CHART_DIFF_FIXTURES: &[(&str, &str)] = &[
    (
        "ignored_and_empty_values",
        include_str!("../fixtures/chart_diff/ignored_and_empty_values.json"),
    ),
    (
        "table_controls_changed",
        include_str!("../fixtures/chart_diff/table_controls_changed.json"),
    ),
    (
        "nested_values_deep_equal",
        include_str!("../fixtures/chart_diff/nested_values_deep_equal.json"),
    ),
];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChartDiffCase {
    pub description: String,
    pub original: Value,
    pub current: Value,
    #[serde(default)]
    pub controls: Value,
    pub expected: Value,
    #[serde(default)]
    pub expected_rows: Option<Value>,
}

pub fn parse_chart_diff_case(name: &str, json: &str) -> ChartDiffCase {
    serde_json::from_str(json).unwrap_or_else(|error| panic!("{name}: {error}"))
}

/// The changes and the formatted rows the Rust functions give, as JSON.
pub fn rust_chart_diff_outcome(case: &ChartDiffCase) -> (Value, Value) {
    let original = case.original.as_object().unwrap();
    let current = case.current.as_object().unwrap();
    let controls = if case.controls.is_null() {
        Default::default()
    } else {
        serde_json::from_value(case.controls.clone()).unwrap()
    };
    let changes = quiver_core::chart_diff::altered_controls(original, current);
    let rows = quiver_core::chart_diff::altered_rows(original, current, &controls);
    (
        serde_json::to_value(changes).unwrap(),
        serde_json::to_value(rows).unwrap(),
    )
}

/// Checks `(changes, rows)` against the case.
pub fn check_chart_diff_outcome(
    name: &str,
    case: &ChartDiffCase,
    (changes, rows): (Value, Value),
) -> Result<(), String> {
    if !json_equal(&changes, &case.expected) {
        return Err(format!(
            "{name} ({}):\n  actual:   {changes}\n  expected: {}",
            case.description, case.expected
        ));
    }
    match &case.expected_rows {
        Some(expected) if !json_equal(&rows, expected) => Err(format!(
            "{name} ({}) rows:\n  actual:   {rows}\n  expected: {expected}",
            case.description
        )),
        _ => Ok(()),
    }
}

/// JSON equality with numbers compared by value (`1000` equals `1000.0`, as JavaScript sees
/// them).
fn json_equal(left: &Value, right: &Value) -> bool {
    match (left, right) {
        (Value::Number(left), Value::Number(right)) => left.as_f64() == right.as_f64(),
        (Value::Array(left), Value::Array(right)) => {
            left.len() == right.len()
                && left
                    .iter()
                    .zip(right)
                    .all(|(left, right)| json_equal(left, right))
        }
        (Value::Object(left), Value::Object(right)) => {
            left.len() == right.len()
                && left
                    .iter()
                    .all(|(key, value)| right.get(key).is_some_and(|other| json_equal(value, other)))
        }
        _ => left == right,
    }
}
