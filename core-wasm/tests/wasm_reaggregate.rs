//! The re-aggregation fixtures on wasm32 (Node): the Rust function, then the JS export with
//! Arrow IPC streams in and out.
//! Run with `cargo test -p quiver-core --target wasm32-unknown-unknown`.

#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
#[path = "support/reaggregate_cases.rs"]
mod reaggregate_cases;

use common::postprocess::table_to_batch;
use js_sys::Reflect;
use reaggregate_cases::{
    check_reaggregate_outcome, parse_reaggregate_case, rust_reaggregate_outcome, ReaggregateCase,
    ReaggregateOutcome, REAGGREGATE_FIXTURES,
};
use serde_json::{json, Value};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn to_js(value: &Value) -> JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn property(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap()
}

fn js_reaggregate_outcome(case: &ReaggregateCase) -> ReaggregateOutcome {
    let input = quiver_core::arrow_ipc::encode_stream(&table_to_batch(&case.input)).unwrap();
    quiver_core::wasm::reaggregate::reaggregate(&input, to_js(&case.request))
        .map(|output| quiver_core::arrow_ipc::decode_stream_to_batch(&output).unwrap())
        .map_err(|error| {
            (
                property(&error, "name").as_string().unwrap(),
                property(&error, "message").as_string().unwrap(),
            )
        })
}

/// The outcome of `ResultFrame.reaggregate`: the cached result decoded once into a frame.
fn frame_reaggregate_outcome(case: &ReaggregateCase) -> ReaggregateOutcome {
    let input = quiver_core::arrow_ipc::encode_stream(&table_to_batch(&case.input)).unwrap();
    let frame = quiver_core::wasm::frame::ResultFrame::new(&input).unwrap();
    frame
        .reaggregate(to_js(&case.request))
        .map(|output| quiver_core::arrow_ipc::decode_stream_to_batch(&output).unwrap())
        .map_err(|error| {
            (
                property(&error, "name").as_string().unwrap(),
                property(&error, "message").as_string().unwrap(),
            )
        })
}

/// The outcome of `ResultFrame.reaggregateFrame` (the answer kept in a frame), read with `toIpc`.
fn kept_frame_reaggregate_outcome(case: &ReaggregateCase) -> ReaggregateOutcome {
    let input = quiver_core::arrow_ipc::encode_stream(&table_to_batch(&case.input)).unwrap();
    let frame = quiver_core::wasm::frame::ResultFrame::new(&input).unwrap();
    frame
        .reaggregate_frame(to_js(&case.request))
        .map(|answer| quiver_core::arrow_ipc::decode_stream_to_batch(&answer.to_ipc().unwrap()).unwrap())
        .map_err(|error| {
            (
                property(&error, "name").as_string().unwrap(),
                property(&error, "message").as_string().unwrap(),
            )
        })
}

#[wasm_bindgen_test]
fn every_reaggregate_fixture_matches_on_wasm32_and_through_the_js_export() {
    let mut failures = Vec::new();
    for (name, json) in REAGGREGATE_FIXTURES {
        let case = parse_reaggregate_case(name, json);
        failures.extend(check_reaggregate_outcome(name, &case, rust_reaggregate_outcome(&case)).err());
        failures.extend(check_reaggregate_outcome(name, &case, js_reaggregate_outcome(&case)).err());
        failures.extend(check_reaggregate_outcome(name, &case, frame_reaggregate_outcome(&case)).err());
        failures.extend(check_reaggregate_outcome(name, &case, kept_frame_reaggregate_outcome(&case)).err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[wasm_bindgen_test]
fn a_metric_that_cannot_be_merged_tells_the_caller_to_ask_the_server() {
    let (name, json) = REAGGREGATE_FIXTURES[3];
    let case = parse_reaggregate_case(name, json);
    let input = quiver_core::arrow_ipc::encode_stream(&table_to_batch(&case.input)).unwrap();
    let error = quiver_core::wasm::reaggregate::reaggregate(&input, to_js(&case.request)).unwrap_err();
    assert_eq!(property(&error, "asksServer").as_bool(), Some(true));
    assert_eq!(
        property(&error, "metric").as_string().as_deref(),
        Some("COUNT_DISTINCT(name)")
    );
    let not_arrow = quiver_core::wasm::reaggregate::reaggregate(
        b"nope",
        to_js(&json!({
            "source_groupby": [], "metrics": []
        })),
    )
    .unwrap_err();
    assert_eq!(
        property(&not_arrow, "name").as_string().as_deref(),
        Some("InvalidInput")
    );
}
