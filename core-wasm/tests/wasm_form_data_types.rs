//! The Wasm exports read form data as the typed `ChartFormData` (TypeScript `ChartFormData`):
//! Superset 6.1's form data goes through `buildQueryContext` unchanged, and a spec field of the
//! wrong shape throws `InvalidInput`. Run with
//! `cargo test -p quiver-core --target wasm32-unknown-unknown --test wasm_form_data_types`.

#![cfg(target_arch = "wasm32")]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::superset_form_data::superset_form_data_cases;
use js_sys::Reflect;
use serde_json::{json, Value};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn superset_form_data_goes_through_the_js_exports_unchanged() {
    for case in superset_form_data_cases() {
        for (label, document) in case.documents() {
            let context = quiver_core::wasm::build_query_context(to_js(document))
                .unwrap_or_else(|error| panic!("{label}: {error:?}"));
            let context: Value = serde_wasm_bindgen::from_value(context).unwrap();
            assert_eq!(context.get("form_data"), Some(document), "{label}");
            let validation = quiver_core::wasm::validate_form_data(to_js(document)).unwrap();
            let validation: Vec<Value> = serde_wasm_bindgen::from_value(validation).unwrap();
            assert_eq!(validation, Vec::<Value>::new(), "{label}");
        }
    }
}

#[wasm_bindgen_test]
fn a_spec_field_of_the_wrong_shape_throws_invalid_input() {
    let form_data = json!({"datasource": "1__table", "viz_type": "table", "order_desc": "yes"});
    let error = quiver_core::wasm::build_query_context(to_js(&form_data)).unwrap_err();
    assert_eq!(string_property(&error, "name").as_deref(), Some("InvalidInput"));
    let message = string_property(&error, "message").unwrap();
    assert!(message.contains("invalid type"), "{message}");
}

fn to_js(value: &Value) -> JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn string_property(object: &JsValue, name: &str) -> Option<String> {
    Reflect::get(object, &JsValue::from_str(name))
        .ok()
        .and_then(|value| value.as_string())
}
