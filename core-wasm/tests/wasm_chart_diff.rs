//! The "Altered" fixtures on wasm32 (Node): the Rust functions, then the JS exports.
//! Run with `cargo test -p quiver-core --target wasm32-unknown-unknown`.

#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/chart_diff_cases.rs"]
mod chart_diff_cases;

use chart_diff_cases::{
    check_chart_diff_outcome, parse_chart_diff_case, rust_chart_diff_outcome, CHART_DIFF_FIXTURES,
};
use serde_json::{json, Value};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn to_js(value: &Value) -> JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn from_js(value: JsValue) -> Value {
    serde_wasm_bindgen::from_value(value).unwrap()
}

#[wasm_bindgen_test]
fn every_chart_diff_fixture_matches_on_wasm32_and_through_the_js_exports() {
    let mut failures = Vec::new();
    for (name, json) in CHART_DIFF_FIXTURES {
        let case = parse_chart_diff_case(name, json);
        failures.extend(check_chart_diff_outcome(name, &case, rust_chart_diff_outcome(&case)).err());
        let controls = if case.controls.is_null() {
            json!({})
        } else {
            case.controls.clone()
        };
        let changes =
            quiver_core::wasm::chart_diff::altered_controls(to_js(&case.original), to_js(&case.current));
        let rows = quiver_core::wasm::chart_diff::altered_rows(
            to_js(&case.original),
            to_js(&case.current),
            to_js(&controls),
        );
        let js_outcome = (from_js(changes.unwrap()), from_js(rows.unwrap()));
        failures.extend(check_chart_diff_outcome(name, &case, js_outcome).err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[wasm_bindgen_test]
fn a_form_data_that_is_not_an_object_throws_invalid_input() {
    let error = quiver_core::wasm::chart_diff::altered_controls(JsValue::from_f64(1.0), to_js(&json!({})))
        .unwrap_err();
    let name = js_sys::Reflect::get(&error, &JsValue::from_str("name")).unwrap();
    assert_eq!(name.as_string().as_deref(), Some("InvalidInput"));
}
