//! The time comparison golden case (`common/time_offsets.rs`) on wasm32 (Node): the Rust
//! function, then the `joinTimeOffsets` JS export with Arrow IPC streams in and out.
//! Run with `cargo test -p quiver-core --target wasm32-unknown-unknown --test wasm_time_offsets`.

#![cfg(target_arch = "wasm32")]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::postprocess::batch_to_table;
use common::time_offsets::{
    difference_rule, expected_differences, expected_joined, join, main_result, offset_results,
};
use js_sys::{Array, Object, Reflect, Uint8Array};
use quiver_core::arrow_ipc::{decode_stream_to_batch, encode_stream};
use quiver_core::{join_time_offsets, OffsetResult, TimeOffset};
use serde_json::{json, Value};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn the_join_matches_on_wasm32() {
    let offsets: Vec<OffsetResult> = offset_results()
        .into_iter()
        .map(|(offset, batch)| OffsetResult {
            offset: TimeOffset::parse(offset).unwrap(),
            batch,
        })
        .collect();
    let joined = join_time_offsets(&main_result(), &offsets, &join()).unwrap();
    assert_eq!(batch_to_table(&joined), expected_joined());
}

#[wasm_bindgen_test]
fn join_time_offsets_joins_arrow_streams_through_the_js_export() {
    let joined_ipc = quiver_core::wasm::join_time_offsets(
        &encode_stream(&main_result()).unwrap(),
        js_offset_results(
            &offset_results()
                .into_iter()
                .map(|(offset, batch)| (offset, encode_stream(&batch).unwrap()))
                .collect::<Vec<_>>(),
        ),
        to_js(&json!({"metric_labels": ["SUM(num)"], "temporal_labels": ["ds"]})),
    )
    .unwrap();
    let joined = decode_stream_to_batch(&joined_ipc).unwrap();
    assert_eq!(batch_to_table(&joined), expected_joined());
    // The browser's next step, `applyPostProcessing` with the comparison's `compare` rule.
    let compared_ipc =
        quiver_core::wasm::apply_post_processing(&joined_ipc, to_js(&json!([difference_rule()]))).unwrap();
    assert_eq!(
        batch_to_table(&decode_stream_to_batch(&compared_ipc).unwrap()),
        expected_differences()
    );
}

#[wasm_bindgen_test]
fn join_time_offsets_throws_named_errors() {
    let main = encode_stream(&main_result()).unwrap();
    let join = || to_js(&json!({"metric_labels": ["SUM(num)"], "temporal_labels": ["ds"]}));
    let unknown_offset =
        quiver_core::wasm::join_time_offsets(&main, js_offset_results(&[("inherit", main.clone())]), join())
            .unwrap_err();
    assert_eq!(
        string_property(&unknown_offset, "name").as_deref(),
        Some("InvalidTimeOffset")
    );
    assert_eq!(
        string_property(&unknown_offset, "message").as_deref(),
        Some("Invalid time offset: inherit")
    );
    let not_arrow = quiver_core::wasm::join_time_offsets(
        &main,
        js_offset_results(&[("1 year ago", b"nope".to_vec())]),
        join(),
    )
    .unwrap_err();
    assert_eq!(
        string_property(&not_arrow, "name").as_deref(),
        Some("InvalidInput")
    );
    let not_a_list = quiver_core::wasm::join_time_offsets(&main, JsValue::from_f64(1.0), join()).unwrap_err();
    assert_eq!(
        string_property(&not_a_list, "name").as_deref(),
        Some("InvalidInput")
    );
}

/// `[{offset, ipcBytes}]` as the web client passes it.
fn js_offset_results(results: &[(&str, Vec<u8>)]) -> JsValue {
    let array = Array::new();
    for (offset, bytes) in results {
        let item = Object::new();
        Reflect::set(&item, &JsValue::from_str("offset"), &JsValue::from_str(offset)).unwrap();
        Reflect::set(
            &item,
            &JsValue::from_str("ipcBytes"),
            &Uint8Array::from(bytes.as_slice()),
        )
        .unwrap();
        array.push(&item);
    }
    array.into()
}

fn to_js(value: &Value) -> JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn string_property(object: &JsValue, name: &str) -> Option<String> {
    Reflect::get(object, &JsValue::from_str(name))
        .ok()
        .and_then(|value| value.as_string())
}
