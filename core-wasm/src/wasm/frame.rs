//! A query result decoded once and kept in Wasm memory, so that repeated post-processing and
//! re-aggregation of a cached result (a Web Worker holding the results it fetched) do not decode
//! the Arrow IPC stream again each time.

use arrow::record_batch::RecordBatch;
use wasm_bindgen::prelude::*;

use crate::reaggregate::ReaggregationRequest;
use crate::wasm::convert::from_js;
use crate::wasm::error::to_js_error;
use crate::wasm::reaggregate::reaggregation_js_error;

#[wasm_bindgen(js_name = ResultFrame)]
pub struct ResultFrame {
    batch: RecordBatch,
}

#[wasm_bindgen(js_class = ResultFrame)]
impl ResultFrame {
    /// Decodes a query result given as an Arrow IPC stream; throws `InvalidInput` for other bytes.
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(js_name = ipcBytes)] ipc_bytes: &[u8]) -> Result<ResultFrame, JsValue> {
        let batch = crate::arrow_ipc::decode_stream_to_batch(ipc_bytes).map_err(to_js_error)?;
        Ok(ResultFrame { batch })
    }

    #[wasm_bindgen(getter, js_name = numRows)]
    pub fn num_rows(&self) -> usize {
        self.batch.num_rows()
    }

    /// `applyPostProcessing` on the held result: Superset's rules in, an Arrow IPC stream out.
    #[wasm_bindgen(js_name = applyPostProcessing)]
    pub fn apply_post_processing(
        &self,
        #[wasm_bindgen(unchecked_param_type = "unknown[]")] rules: JsValue,
    ) -> Result<Vec<u8>, JsValue> {
        let rules: Vec<serde_json::Value> = from_js(rules).map_err(to_js_error)?;
        let result = crate::apply_post_processing(&rules, self.batch.clone()).map_err(to_js_error)?;
        crate::arrow_ipc::encode_stream(&result).map_err(to_js_error)
    }

    /// `applyPostProcessing` keeping the result in Wasm memory: a new `ResultFrame`, with no
    /// Arrow IPC encoding and no copy out of Wasm memory (a 1M-row result costs tens of
    /// milliseconds to encode). Read it with `toIpc`, or post-process it further; `free()` it
    /// when done.
    #[wasm_bindgen(js_name = postProcess)]
    pub fn post_process(
        &self,
        #[wasm_bindgen(unchecked_param_type = "unknown[]")] rules: JsValue,
    ) -> Result<ResultFrame, JsValue> {
        let rules: Vec<serde_json::Value> = from_js(rules).map_err(to_js_error)?;
        let batch = crate::apply_post_processing(&rules, self.batch.clone()).map_err(to_js_error)?;
        Ok(ResultFrame { batch })
    }

    /// `reaggregate` keeping the answer in Wasm memory, as a new `ResultFrame`.
    #[wasm_bindgen(js_name = reaggregateFrame)]
    pub fn reaggregate_frame(
        &self,
        #[wasm_bindgen(unchecked_param_type = "unknown")] request: JsValue,
    ) -> Result<ResultFrame, JsValue> {
        let request: ReaggregationRequest = from_js(request).map_err(to_js_error)?;
        let batch = crate::reaggregate(&self.batch, &request).map_err(reaggregation_js_error)?;
        Ok(ResultFrame { batch })
    }

    #[wasm_bindgen(getter, js_name = numColumns)]
    pub fn num_columns(&self) -> usize {
        self.batch.num_columns()
    }

    /// The held result as an Arrow IPC stream.
    #[wasm_bindgen(js_name = toIpc)]
    pub fn to_ipc(&self) -> Result<Vec<u8>, JsValue> {
        crate::arrow_ipc::encode_stream(&self.batch).map_err(to_js_error)
    }

    /// `reaggregate` on the held result: the coarser answer as an Arrow IPC stream, or an `Error`
    /// with `asksServer: true` when the server must answer.
    #[wasm_bindgen(js_name = reaggregate)]
    pub fn reaggregate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "unknown")] request: JsValue,
    ) -> Result<Vec<u8>, JsValue> {
        let request: ReaggregationRequest = from_js(request).map_err(to_js_error)?;
        let answer = crate::reaggregate(&self.batch, &request).map_err(reaggregation_js_error)?;
        crate::arrow_ipc::encode_stream(&answer).map_err(to_js_error)
    }
}
