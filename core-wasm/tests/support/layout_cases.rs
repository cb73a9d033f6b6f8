//! Golden layout cases (`fixtures/layout/<name>.json`), shared by the native test (`layout.rs`)
//! and the wasm32 test (`wasm_layout.rs`).
//!
//! A case is `{description, operation, layout, ...}` with `operation` one of
//! - `drop`: `drop` (Superset's drop result) and `filter_scope_ids` applied with `apply_drop`;
//! - `place_missing_charts`: `charts` (`[{id, name?}]`) placed with `place_missing_charts`;
//!
//! and the expectations `expected_children`, `expected_widths`, `expected_parents`,
//! `expected_slice_names` (each by component id, only the listed ids checked),
//! `expected_warnings` (messages), or `expected_error` (`{name, message}`).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

pub const LAYOUT_FIXTURES: &[(&str, &str)] = &[
    (
        "move_chart_shrinks_and_warns",
        include_str!("../fixtures/layout/move_chart_shrinks_and_warns.json"),
    ),
    (
        "error_not_enough_space",
        include_str!("../fixtures/layout/error_not_enough_space.json"),
    ),
    (
        "place_missing_charts_in_new_rows",
        include_str!("../fixtures/layout/place_missing_charts_in_new_rows.json"),
    ),
    (
        "default_layout_from_chart_ids",
        include_str!("../fixtures/layout/default_layout_from_chart_ids.json"),
    ),
];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutCase {
    pub description: String,
    pub operation: String,
    pub layout: Value,
    #[serde(default)]
    pub drop: Option<Value>,
    #[serde(default)]
    pub filter_scope_ids: Vec<String>,
    #[serde(default)]
    pub charts: Option<Value>,
    #[serde(default)]
    pub expected_children: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub expected_widths: BTreeMap<String, u32>,
    #[serde(default)]
    pub expected_parents: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub expected_slice_names: BTreeMap<String, String>,
    #[serde(default)]
    pub expected_warnings: Vec<String>,
    #[serde(default)]
    pub expected_error: Option<ExpectedLayoutError>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedLayoutError {
    pub name: String,
    pub message: String,
}

/// What running a case gave: the layout (as JSON) and the warning messages, or the error's
/// `(name, message)`.
pub type LayoutOutcome = Result<(Value, Vec<String>), (String, String)>;

pub fn parse_layout_case(name: &str, json: &str) -> LayoutCase {
    serde_json::from_str(json).unwrap_or_else(|error| panic!("{name}: {error}"))
}

/// The outcome of the Rust functions.
pub fn rust_layout_outcome(case: &LayoutCase) -> LayoutOutcome {
    use quiver_core::layout::{apply_drop, place_missing_charts, DashboardLayout};
    let layout: DashboardLayout = serde_json::from_value(case.layout.clone()).unwrap();
    match case.operation.as_str() {
        "drop" => {
            let drop = serde_json::from_value(case.drop.clone().unwrap()).unwrap();
            apply_drop(&layout, &drop, &case.filter_scope_ids)
                .map(|outcome| {
                    let warnings = outcome.warnings.iter().map(ToString::to_string).collect();
                    (serde_json::to_value(&outcome.layout).unwrap(), warnings)
                })
                .map_err(|error| (error.name().to_owned(), error.to_string()))
        }
        "place_missing_charts" => {
            let charts: Vec<quiver_core::layout::ChartPlacement> =
                serde_json::from_value(case.charts.clone().unwrap()).unwrap();
            let placed = place_missing_charts(&layout, &charts);
            Ok((serde_json::to_value(&placed).unwrap(), vec![]))
        }
        other => panic!("unknown operation {other}"),
    }
}

/// Checks an outcome against its case.
pub fn check_layout_outcome(name: &str, case: &LayoutCase, outcome: LayoutOutcome) -> Result<(), String> {
    let fail = |detail: String| Err(format!("{name} ({}): {detail}", case.description));
    let (layout, warnings) = match (outcome, &case.expected_error) {
        (Err((error_name, message)), Some(expected))
            if error_name == expected.name && message == expected.message =>
        {
            return Ok(())
        }
        (Err(error), _) => return fail(format!("error {error:?}")),
        (Ok(_), Some(expected)) => return fail(format!("expected error {expected:?}")),
        (Ok(outcome), None) => outcome,
    };
    for (id, children) in &case.expected_children {
        let actual: Vec<String> = serde_json::from_value(layout[id]["children"].clone()).unwrap_or_default();
        if &actual != children {
            return fail(format!("children of {id}: {actual:?}, expected {children:?}"));
        }
    }
    for (id, width) in &case.expected_widths {
        if layout[id]["meta"]["width"] != *width {
            return fail(format!(
                "width of {id}: {}, expected {width}",
                layout[id]["meta"]["width"]
            ));
        }
    }
    for (id, parents) in &case.expected_parents {
        if layout[id]["parents"] != Value::from(parents.clone()) {
            return fail(format!(
                "parents of {id}: {}, expected {parents:?}",
                layout[id]["parents"]
            ));
        }
    }
    for (id, slice_name) in &case.expected_slice_names {
        if layout[id]["meta"]["sliceName"] != slice_name.as_str() {
            return fail(format!("sliceName of {id}: {}", layout[id]["meta"]["sliceName"]));
        }
    }
    if warnings != case.expected_warnings {
        return fail(format!(
            "warnings {warnings:?}, expected {:?}",
            case.expected_warnings
        ));
    }
    Ok(())
}
