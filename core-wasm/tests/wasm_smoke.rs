//! The golden fixtures on wasm32 (Node): the same Rust functions, then the JS exports with
//! their serde-wasm-bindgen conversions and thrown `Error`s.
//! Run with `cargo test -p quiver-core --target wasm32-unknown-unknown`.

#![cfg(target_arch = "wasm32")]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::postprocess::{
    check_postprocess_outcome, parse_postprocess_case, rust_postprocess_outcome, table_to_batch,
    PostprocessCase, PostprocessOutcome, POSTPROCESS_FIXTURES,
};
use common::time_range::{
    check_time_range_outcome, rust_time_range_outcome, time_range_cases, TimeRangeCase, TimeRangeOutcome,
};
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
fn series_are_ordered_by_the_sort_series_type() {
    let series = to_js(&json!([
        {"name": "boy", "values": [1, 5, 3]},
        {"name": "Girl", "values": [4, null, 4]},
        {"name": "other", "values": [-2, 9, 0]},
    ]));
    let order = |sort_type: Option<&str>, ascending: bool| -> Value {
        let order = quiver_core::wasm::series_order(series.clone(), sort_type.map(str::to_owned), ascending);
        serde_wasm_bindgen::from_value(order.unwrap()).unwrap()
    };
    assert_eq!(order(None, false), json!(["boy", "Girl", "other"]));
    assert_eq!(order(Some("name"), false), json!(["other", "Girl", "boy"]));
    assert_eq!(order(Some("min"), true), json!(["other", "boy", "Girl"]));
    assert_eq!(order(Some("max"), false), json!(["other", "boy", "Girl"]));
    assert_eq!(order(Some("avg"), true), json!(["other", "Girl", "boy"]));
}

#[wasm_bindgen_test]
fn a_list_filter_without_its_column_throws() {
    let columns = vec!["slice_name".to_owned(), "viz_type".to_owned()];
    assert!(quiver_core::wasm::list_filter_config::check_list_filter_config(
        vec!["viz_type".to_owned()],
        columns.clone()
    )
    .is_ok());
    let error = quiver_core::wasm::list_filter_config::check_list_filter_config(
        vec!["viz_type".to_owned(), "owner".to_owned()],
        columns,
    )
    .unwrap_err();
    assert_eq!(
        string_property(&error, "name").as_deref(),
        Some("InvalidListFilterConfig")
    );
    assert_eq!(
        string_property(&error, "message").as_deref(),
        Some("Invalid filter config, owner is not present in columns")
    );
    assert_eq!(string_property(&error, "id").as_deref(), Some("owner"));
}

#[wasm_bindgen_test]
fn control_validators_report_through_validate_form_data() {
    let form_data = to_js(&json!({
        "datasource": "3__table", "viz_type": "echarts_timeseries_line", "x_axis": "ds",
        "metrics": [], "row_limit": 250000,
    }));
    let errors: Vec<FieldError> =
        serde_wasm_bindgen::from_value(quiver_core::wasm::validate_form_data(form_data).unwrap()).unwrap();
    let pairs: Vec<(&str, &str)> = errors
        .iter()
        .map(|error| (error.control.as_str(), error.message.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("metrics", "cannot be empty"),
            ("row_limit", "Value cannot exceed 100000")
        ]
    );
}

#[wasm_bindgen_test]
fn the_lru_cache_class_keeps_js_values_within_its_budget() {
    use quiver_core::wasm::lru::LruCacheForJs;

    let error = LruCacheForJs::new(0, None).err().unwrap();
    assert_eq!(
        string_property(&error, "name").as_deref(),
        Some("InvalidCapacity")
    );

    let mut cache = LruCacheForJs::new(10, Some(100)).unwrap();
    assert!(cache.set("a", JsValue::from_str("first"), Some(60)));
    assert!(cache.set("b", JsValue::from_f64(2.0), Some(30)));
    assert_eq!(cache.get("a").as_string().as_deref(), Some("first"));
    // 60 + 30 + 40 > 100: the least recently used entry (b) goes.
    assert!(cache.set("c", JsValue::from_str("third"), Some(40)));
    assert!(!cache.has("b"));
    assert_eq!((cache.size(), cache.used_bytes()), (2, 100));
    assert!(!cache.set("huge", JsValue::NULL, Some(101)));
    assert!(cache.get("missing").is_undefined());

    let mut by_count = LruCacheForJs::new(2, None).unwrap();
    by_count.set("a", JsValue::from_f64(1.0), None);
    by_count.set("b", JsValue::from_f64(2.0), None);
    by_count.get("a");
    by_count.set("c", JsValue::from_f64(3.0), None);
    assert!(by_count.has("a") && !by_count.has("b") && by_count.has("c"));
    assert!(by_count.delete("a"));
    by_count.clear();
    assert_eq!(by_count.size(), 0);
}

#[wasm_bindgen_test]
fn input_of_the_wrong_shape_throws_invalid_input() {
    let error = quiver_core::wasm::build_query_context(JsValue::from_f64(3.0)).unwrap_err();
    assert_eq!(string_property(&error, "name").as_deref(), Some("InvalidInput"));
    assert!(error.is_instance_of::<js_sys::Error>());
}

#[wasm_bindgen_test]
fn every_time_range_case_matches_on_wasm32_and_through_the_js_export() {
    let cases = time_range_cases();
    let failures: Vec<String> = cases
        .iter()
        .flat_map(|case| {
            [
                check_time_range_outcome(case, rust_time_range_outcome(case)).err(),
                check_time_range_outcome(case, js_time_range_outcome(case)).err(),
            ]
        })
        .flatten()
        .collect();
    assert!(
        failures.is_empty(),
        "{} time range check(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[wasm_bindgen_test]
fn resolve_time_range_returns_nulls_and_refuses_a_bad_now() {
    let bounds =
        quiver_core::wasm::resolve_time_range("No filter", "2024-06-15T14:30:45.123Z", None, None).unwrap();
    assert_eq!(
        serde_wasm_bindgen::from_value::<Value>(bounds).unwrap(),
        json!({"since": null, "until": null})
    );
    let error = quiver_core::wasm::resolve_time_range("Last week", "yesterday", None, None).unwrap_err();
    assert_eq!(string_property(&error, "name").as_deref(), Some("InvalidInput"));
}

/// The outcome of `resolveTimeRange`, read back from the JS object or the thrown `Error`.
fn js_time_range_outcome(case: &TimeRangeCase) -> TimeRangeOutcome {
    quiver_core::wasm::resolve_time_range(
        &case.time_range,
        &case.now,
        case.relative_start.clone(),
        case.relative_end.clone(),
    )
    .map(|bounds| {
        let bounds: Value = serde_wasm_bindgen::from_value(bounds).unwrap();
        let text = |key: &str| bounds[key].as_str().map(str::to_owned);
        (text("since"), text("until"))
    })
    .map_err(|error| {
        (
            string_property(&error, "name").unwrap(),
            string_property(&error, "message").unwrap(),
        )
    })
}

#[wasm_bindgen_test]
fn every_postprocess_fixture_matches_on_wasm32_and_through_the_js_export() {
    let failures: Vec<String> = POSTPROCESS_FIXTURES
        .iter()
        .flat_map(|fixture| {
            let case = parse_postprocess_case(fixture);
            [
                check_postprocess_outcome(fixture, &case, rust_postprocess_outcome(&case)).err(),
                check_postprocess_outcome(fixture, &case, js_postprocess_outcome(&case)).err(),
                check_postprocess_outcome(fixture, &case, frame_postprocess_outcome(&case)).err(),
                check_postprocess_outcome(fixture, &case, kept_frame_postprocess_outcome(&case)).err(),
            ]
        })
        .flatten()
        .collect();
    assert!(
        failures.is_empty(),
        "{} post-processing check(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[wasm_bindgen_test]
fn apply_post_processing_refuses_bytes_that_are_not_arrow() {
    let error = quiver_core::wasm::apply_post_processing(b"nope", to_js(&json!([]))).unwrap_err();
    assert_eq!(string_property(&error, "name").as_deref(), Some("InvalidInput"));
}

/// The outcome of `applyPostProcessing`: the input as an IPC stream, the rules as a JS array.
fn js_postprocess_outcome(case: &PostprocessCase) -> PostprocessOutcome {
    let input = quiver_core::arrow_ipc::encode_stream(&table_to_batch(&case.input)).unwrap();
    quiver_core::wasm::apply_post_processing(&input, to_js(&Value::from(case.rules.clone())))
        .map(|output| quiver_core::arrow_ipc::decode_stream_to_batch(&output).unwrap())
        .map_err(|error| {
            (
                string_property(&error, "name").unwrap(),
                string_property(&error, "message").unwrap(),
            )
        })
}

/// The outcome of `ResultFrame.applyPostProcessing`: the input decoded once into a frame.
fn frame_postprocess_outcome(case: &PostprocessCase) -> PostprocessOutcome {
    let batch = table_to_batch(&case.input);
    let frame =
        quiver_core::wasm::frame::ResultFrame::new(&quiver_core::arrow_ipc::encode_stream(&batch).unwrap())
            .unwrap();
    assert_eq!(frame.num_rows(), batch.num_rows());
    frame
        .apply_post_processing(to_js(&Value::from(case.rules.clone())))
        .map(|output| quiver_core::arrow_ipc::decode_stream_to_batch(&output).unwrap())
        .map_err(|error| {
            (
                string_property(&error, "name").unwrap(),
                string_property(&error, "message").unwrap(),
            )
        })
}

/// The outcome of `ResultFrame.postProcess` (the result kept in a frame), read with `toIpc`.
fn kept_frame_postprocess_outcome(case: &PostprocessCase) -> PostprocessOutcome {
    let batch = table_to_batch(&case.input);
    let frame =
        quiver_core::wasm::frame::ResultFrame::new(&quiver_core::arrow_ipc::encode_stream(&batch).unwrap())
            .unwrap();
    frame
        .post_process(to_js(&Value::from(case.rules.clone())))
        .map(|result| {
            let decoded = quiver_core::arrow_ipc::decode_stream_to_batch(&result.to_ipc().unwrap()).unwrap();
            assert_eq!(result.num_rows(), decoded.num_rows());
            assert_eq!(result.num_columns(), decoded.num_columns());
            decoded
        })
        .map_err(|error| {
            (
                string_property(&error, "name").unwrap(),
                string_property(&error, "message").unwrap(),
            )
        })
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
