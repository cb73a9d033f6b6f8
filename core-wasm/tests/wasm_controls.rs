//! The control panel exports on wasm32 (Node): each JS export once, checked against the native
//! golden fixtures where one exists.
//! Run with `cargo test -p quiver-core --target wasm32-unknown-unknown`.

#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use js_sys::Reflect;
use serde_json::{json, Value};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

const PRUNE_FIXTURE: &str = include_str!("fixtures/controls/prune_line_missing_columns_and_metrics.json");
const CARRY_OVER_FIXTURE: &str = include_str!("fixtures/controls/carry_over_line_to_pie.json");

fn to_js(value: &Value) -> JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn from_js(value: JsValue) -> Value {
    serde_wasm_bindgen::from_value(value).unwrap()
}

#[wasm_bindgen_test]
fn control_panel_is_exported_with_superset_names() {
    let panel = from_js(quiver_core::wasm::controls::control_panel("pie").unwrap());
    assert_eq!(panel["vizType"], json!("pie"));
    let query = &panel["sections"][1];
    assert_eq!(query["label"], json!("Query"));
    let row_limit = query["controls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|control| control["name"] == json!("row_limit"))
        .unwrap();
    assert_eq!(row_limit["default"], json!(100));
    assert_eq!(row_limit["freeForm"], json!(true));
    assert_eq!(row_limit["choices"][0], json!([10, "10"]));
}

#[wasm_bindgen_test]
fn an_unknown_viz_type_throws_invalid_input() {
    let error = quiver_core::wasm::controls::control_panel("word_cloud").unwrap_err();
    let name = Reflect::get(&error, &JsValue::from_str("name"))
        .unwrap()
        .as_string();
    assert_eq!(name.as_deref(), Some("InvalidInput"));
}

#[wasm_bindgen_test]
fn viz_types_are_exported() {
    let viz_types = from_js(quiver_core::wasm::controls::viz_types().unwrap());
    assert_eq!(viz_types.as_array().unwrap().len(), 22);
    assert_eq!(
        viz_types[0],
        json!({"key": "table", "name": "Table", "category": "Table",
               "tags": ["Additive", "Business", "Pattern", "Featured", "Report", "Sequential", "Tabular"]})
    );
}

#[wasm_bindgen_test]
fn prune_form_data_matches_its_fixture() {
    let fixture: Value = serde_json::from_str(PRUNE_FIXTURE).unwrap();
    let pruned = quiver_core::wasm::controls::prune_form_data(
        to_js(&fixture["formData"]),
        to_js(&fixture["datasource"]),
    );
    assert_eq!(from_js(pruned.unwrap()), fixture["expected"]);
}

#[wasm_bindgen_test]
fn carry_over_form_data_matches_its_fixture() {
    let fixture: Value = serde_json::from_str(CARRY_OVER_FIXTURE).unwrap();
    let new_viz_type = fixture["newVizType"].as_str().unwrap();
    let switched =
        quiver_core::wasm::controls::carry_over_form_data(to_js(&fixture["formData"]), new_viz_type);
    assert_eq!(from_js(switched.unwrap()), fixture["expected"]);
}
