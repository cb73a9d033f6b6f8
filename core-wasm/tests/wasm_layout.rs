//! The layout fixtures on wasm32 (Node): the Rust functions, then every JS export.
//! Run with `cargo test -p quiver-core --target wasm32-unknown-unknown`.

#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/layout_cases.rs"]
mod layout_cases;

use js_sys::Reflect;
use layout_cases::{
    check_layout_outcome, parse_layout_case, rust_layout_outcome, LayoutCase, LayoutOutcome, LAYOUT_FIXTURES,
};
use quiver_core::wasm::layout as exports;
use serde_json::{json, Value};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn to_js(value: &Value) -> JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn from_js(value: JsValue) -> Value {
    serde_wasm_bindgen::from_value(value).unwrap()
}

fn string_property(object: &JsValue, name: &str) -> Option<String> {
    Reflect::get(object, &JsValue::from_str(name))
        .ok()
        .and_then(|value| value.as_string())
}

/// The outcome of `applyDrop` / `placeMissingCharts` through the JS exports.
fn js_layout_outcome(case: &LayoutCase) -> LayoutOutcome {
    match case.operation.as_str() {
        "drop" => exports::apply_drop(
            to_js(&case.layout),
            to_js(case.drop.as_ref().unwrap()),
            case.filter_scope_ids.clone(),
        )
        .map(|outcome| {
            let outcome = from_js(outcome);
            let warnings = serde_json::from_value(outcome["warnings"].clone()).unwrap();
            (outcome["layout"].clone(), warnings)
        })
        .map_err(|error| {
            (
                string_property(&error, "name").unwrap(),
                string_property(&error, "message").unwrap(),
            )
        }),
        "place_missing_charts" => {
            let layout =
                exports::place_missing_charts(to_js(&case.layout), to_js(case.charts.as_ref().unwrap()));
            Ok((from_js(layout.unwrap()), vec![]))
        }
        other => panic!("unknown operation {other}"),
    }
}

#[wasm_bindgen_test]
fn every_layout_fixture_matches_on_wasm32_and_through_the_js_exports() {
    let mut failures = Vec::new();
    for (name, json) in LAYOUT_FIXTURES {
        let case = parse_layout_case(name, json);
        failures.extend(check_layout_outcome(name, &case, rust_layout_outcome(&case)).err());
        failures.extend(check_layout_outcome(name, &case, js_layout_outcome(&case)).err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[wasm_bindgen_test]
fn rules_depths_and_drop_positions_are_exported() {
    assert!(exports::is_valid_child(
        JsValue::from_str("ROW"),
        JsValue::from_str("CHART"),
        4
    ));
    assert!(!exports::is_valid_child(
        JsValue::from_str("ROW"),
        JsValue::from_str("CHART"),
        5
    ));
    assert!(!exports::is_valid_child(
        JsValue::from_str("NOPE"),
        JsValue::from_str("CHART"),
        0
    ));

    let layout = from_js(exports::create_default_layout(to_js(&json!([{"id": 1, "name": "A"}]))).unwrap());
    assert_eq!(layout["ROW-1"]["children"], json!(["CHART-explore-1-1"]));
    assert_eq!(layout["CHART-explore-1-1"]["meta"]["sliceName"], json!("A"));
    let depths = from_js(exports::component_depths(to_js(&layout)).unwrap());
    assert_eq!(
        depths,
        json!({"ROOT_ID": 0, "GRID_ID": 1, "ROW-1": 2, "CHART-explore-1-1": 3})
    );

    let target = json!({
        "component": {"id": "ROW-1", "type": "ROW", "hasChildren": true, "parents": ["ROOT_ID", "GRID_ID"]},
        "parent": {"id": "GRID_ID", "type": "GRID", "hasChildren": true, "parents": ["ROOT_ID"]},
        "depth": 2,
        "orientation": "row",
        "isDraggingOverShallow": true,
        "rect": {"top": 100, "right": 400, "bottom": 300, "left": 0},
        "pointer": {"x": 200, "y": 110}
    });
    let dragging = json!({"id": "CHART-9", "type": "CHART"});
    let position = exports::drop_position(to_js(&dragging), to_js(&target)).unwrap();
    assert_eq!(position.as_string().as_deref(), Some("DROP_TOP"));
}

#[wasm_bindgen_test]
fn the_layout_constants_are_exported() {
    let constants = from_js(exports::layout_constants().unwrap());
    assert_eq!(constants["rootId"], json!("ROOT_ID"));
    assert_eq!(constants["newComponentIds"][0], json!(["CHART", "NEW_CHART_ID"]));
    assert_eq!(
        constants["grid"],
        json!({
            "columnCount": 12, "minColumnCount": 1, "baseUnit": 8, "gutterSize": 16,
            "defaultChartWidth": 4, "defaultChartHeight": 50, "minRowUnits": 5, "maxRowUnits": 65535,
        })
    );
}

#[wasm_bindgen_test]
fn the_history_class_undoes_and_redoes() {
    let first = exports::create_default_layout(to_js(&json!([]))).unwrap();
    let second = exports::create_default_layout(to_js(&json!([{"id": 1}]))).unwrap();
    let mut history = exports::LayoutHistoryForJs::new(first).unwrap();
    history.push(second).unwrap();
    assert_eq!(history.undo_length(), 1);
    assert!(history.undo());
    assert_eq!(
        from_js(history.present().unwrap())["GRID_ID"]["children"],
        json!([])
    );
    assert!(history.redo());
    assert_eq!(
        from_js(history.present().unwrap())["GRID_ID"]["children"],
        json!(["ROW-1"])
    );
    assert!(!history.is_undo_history_exceeded());
    history.clear();
    assert_eq!((history.undo_length(), history.redo_length()), (0, 0));
}

#[wasm_bindgen_test]
fn a_layout_of_the_wrong_shape_throws_invalid_input() {
    let error = exports::component_depths(JsValue::from_str("nope")).unwrap_err();
    assert_eq!(string_property(&error, "name").as_deref(), Some("InvalidInput"));
}
