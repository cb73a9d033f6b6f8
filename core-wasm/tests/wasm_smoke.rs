//! The golden fixtures on wasm32 (Node): the same Rust functions, then the JS exports with
//! their serde-wasm-bindgen conversions and thrown `Error`s.
//! Run with `cargo test -p quiver-core --target wasm32-unknown-unknown`.

#![cfg(target_arch = "wasm32")]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{check_outcome, parse_case, rust_outcome, ErrorOutcome, Outcome, FIXTURES};
use js_sys::Reflect;
use quiver_types::FieldError;
use serde_json::{json, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn every_fixture_matches_on_wasm32() {
    let failures: Vec<String> = FIXTURES
        .iter()
        .filter_map(|fixture| check_outcome(fixture, rust_outcome(&parse_case(fixture).form_data)).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} fixture(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[wasm_bindgen_test]
fn every_fixture_matches_through_the_js_exports() {
    let failures: Vec<String> = FIXTURES
        .iter()
        .filter_map(|fixture| check_outcome(fixture, js_outcome(&parse_case(fixture).form_data)).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} fixture(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[wasm_bindgen_test]
fn labels_are_exported() {
    let metric = to_js(
        &json!({"expressionType": "SIMPLE", "column": {"column_name": "state"}, "aggregate": "COUNT_DISTINCT"}),
    );
    assert_eq!(
        quiver_core::wasm::metric_label(metric).unwrap(),
        "COUNT_DISTINCT(state)"
    );
    assert_eq!(
        quiver_core::wasm::metric_label(JsValue::from_str("count")).unwrap(),
        "count"
    );
    let column = to_js(&json!({"sqlExpression": "upper(name)", "label": "Name"}));
    assert_eq!(quiver_core::wasm::column_label(column).unwrap(), "Name");
}

#[wasm_bindgen_test]
fn input_of_the_wrong_shape_throws_invalid_input() {
    let error = quiver_core::wasm::build_query_context(JsValue::from_f64(3.0)).unwrap_err();
    assert_eq!(string_property(&error, "name").as_deref(), Some("InvalidInput"));
    assert!(error.is_instance_of::<js_sys::Error>());
}

/// The outcome of the JS exports, read back into JSON.
fn js_outcome(form_data: &Value) -> Outcome {
    let context = quiver_core::wasm::build_query_context(to_js(form_data))
        .map(|context| serde_wasm_bindgen::from_value::<Value>(context).unwrap())
        .map_err(|error| ErrorOutcome {
            name: string_property(&error, "name").unwrap(),
            message: string_property(&error, "message").unwrap(),
            control: string_property(&error, "control"),
        });
    let validation = quiver_core::wasm::validate_form_data(to_js(form_data)).unwrap();
    Outcome {
        context,
        validation: serde_wasm_bindgen::from_value::<Vec<FieldError>>(validation).unwrap(),
    }
}

fn to_js(value: &Value) -> JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn string_property(object: &JsValue, name: &str) -> Option<String> {
    Reflect::get(object, &JsValue::from_str(name))
        .ok()
        .and_then(|value| value.as_string())
}
