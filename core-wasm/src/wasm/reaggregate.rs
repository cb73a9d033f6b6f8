//! Client-side re-aggregation for JavaScript: a cached result as an Arrow IPC stream in, the
//! coarser answer as an Arrow IPC stream out.

use wasm_bindgen::prelude::*;

use crate::reaggregate::{ReaggregationError, ReaggregationRequest};
use crate::wasm::convert::from_js;
use crate::wasm::error::to_js_error;
use crate::wasm::named_error::named_js_error;

#[wasm_bindgen(typescript_custom_section)]
const REAGGREGATION_TYPES: &str = r#"
import type { QueryObject } from "../../api/generated/QueryObject";
"#;

/// A re-aggregation error as a thrown `Error` named after the variant (`NotDecomposable`, ...),
/// with `asksServer` (send the query to the server instead) and, when about a metric, `metric`.
pub(crate) fn reaggregation_js_error(error: ReaggregationError) -> JsValue {
    let mut properties = vec![("asksServer", JsValue::from_bool(error.asks_server()))];
    if let Some(metric) = error.metric() {
        properties.push(("metric", JsValue::from_str(metric)));
    }
    named_js_error(error.name(), &error.to_string(), &properties)
}

/// The answer to `request` (`{source_groupby, metrics, groupby, filters, orderby, row_limit}`)
/// computed from the cached result `ipcBytes`, as an Arrow IPC stream. Throws an `Error` with
/// `asksServer: true` when the server must answer (`NotDecomposable`, `GroupbyNotFetched`, ...),
/// `InvalidInput` for bytes that are not an Arrow IPC stream.
#[wasm_bindgen(js_name = reaggregate)]
pub fn reaggregate(
    #[wasm_bindgen(js_name = ipcBytes)] ipc_bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "unknown")] request: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let request: ReaggregationRequest = from_js(request).map_err(to_js_error)?;
    let batch = crate::arrow_ipc::decode_stream_to_batch(ipc_bytes).map_err(to_js_error)?;
    let answer = crate::reaggregate(&batch, &request).map_err(reaggregation_js_error)?;
    crate::arrow_ipc::encode_stream(&answer).map_err(to_js_error)
}

/// The re-aggregation request answering the query object `wanted` from the result of the query
/// object `cached` (which had `cachedRowCount` rows), or `null` when the server must answer
/// (see `plan_reaggregation`).
#[wasm_bindgen(js_name = planReaggregation, unchecked_return_type = "Record<string, unknown> | null")]
pub fn plan_reaggregation(
    #[wasm_bindgen(unchecked_param_type = "QueryObject")] cached: JsValue,
    #[wasm_bindgen(unchecked_param_type = "QueryObject")] wanted: JsValue,
    #[wasm_bindgen(js_name = cachedRowCount)] cached_row_count: usize,
) -> Result<JsValue, JsValue> {
    let cached: quiver_types::QueryObject = from_js(cached).map_err(to_js_error)?;
    let wanted: quiver_types::QueryObject = from_js(wanted).map_err(to_js_error)?;
    match crate::plan_reaggregation(&cached, &wanted, cached_row_count) {
        Some(request) => crate::wasm::convert::to_js(&request).map_err(to_js_error),
        None => Ok(JsValue::NULL),
    }
}
