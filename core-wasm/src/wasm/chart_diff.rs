//! The "Altered" comparison of two form datas for JavaScript.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;

use crate::chart_diff::ControlDescription;
use crate::wasm::convert::{from_js, to_js};
use crate::wasm::error::to_js_error;

/// The controls of `current` that differ from `original`: `[{control, before?, after}]` in
/// control name order (`before` is absent when the original had no such control).
#[wasm_bindgen(js_name = alteredControls, unchecked_return_type = "{ control: string; before?: unknown; after: unknown }[]")]
pub fn altered_controls(
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] original: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] current: JsValue,
) -> Result<JsValue, JsValue> {
    let original: Map<String, Value> = from_js(original).map_err(to_js_error)?;
    let current: Map<String, Value> = from_js(current).map_err(to_js_error)?;
    to_js(&crate::chart_diff::altered_controls(&original, &current)).map_err(to_js_error)
}

/// The "Chart changes" table rows `[{control, before, after}]` as text, labelled and formatted
/// with `controls` (`{name: {label?, type?}}`).
#[wasm_bindgen(js_name = alteredRows, unchecked_return_type = "{ control: string; before: string; after: string }[]")]
pub fn altered_rows(
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] original: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, { label?: string; type?: string }>")]
    controls: JsValue,
) -> Result<JsValue, JsValue> {
    let original: Map<String, Value> = from_js(original).map_err(to_js_error)?;
    let current: Map<String, Value> = from_js(current).map_err(to_js_error)?;
    let controls: BTreeMap<String, ControlDescription> = from_js(controls).map_err(to_js_error)?;
    to_js(&crate::chart_diff::altered_rows(&original, &current, &controls)).map_err(to_js_error)
}
