//! The JavaScript edge: the only place that knows about wasm-bindgen (feature `wasm`).
//!
//! Values cross as plain JS objects through serde-wasm-bindgen (maps become objects, 64-bit
//! integers become numbers). Errors are thrown as JS `Error`s whose `name` is
//! [`CoreError::name`](crate::CoreError::name) and, when the error is about a control, with a
//! `control` property. TypeScript sees the types generated from `quiver-types`.

mod convert;
mod error;

use quiver_types::{ColumnRef, FormData, MetricRef};
use wasm_bindgen::prelude::*;

use crate::wasm::convert::{from_js, to_js};
use crate::wasm::error::to_js_error;

#[wasm_bindgen(typescript_custom_section)]
const GENERATED_TYPES: &str = r#"
import type { ColumnRef } from "../../api/generated/ColumnRef";
import type { FieldError } from "../../api/generated/FieldError";
import type { FormData } from "../../api/generated/FormData";
import type { MetricRef } from "../../api/generated/MetricRef";
import type { QueryContext } from "../../api/generated/QueryContext";
"#;

/// The query context (`POST /api/v1/chart/data` body) for a chart's form data.
#[wasm_bindgen(js_name = buildQueryContext, unchecked_return_type = "QueryContext")]
pub fn build_query_context(
    #[wasm_bindgen(unchecked_param_type = "FormData")] form_data: JsValue,
) -> Result<JsValue, JsValue> {
    let form_data: FormData = from_js(form_data).map_err(to_js_error)?;
    let context = crate::build_query_context(&form_data).map_err(to_js_error)?;
    to_js(&context).map_err(to_js_error)
}

/// Every validation error of a form data (empty when the chart can be queried).
#[wasm_bindgen(js_name = validateFormData, unchecked_return_type = "FieldError[]")]
pub fn validate_form_data(
    #[wasm_bindgen(unchecked_param_type = "FormData")] form_data: JsValue,
) -> Result<JsValue, JsValue> {
    let form_data: FormData = from_js(form_data).map_err(to_js_error)?;
    to_js(&crate::validate_form_data(&form_data)).map_err(to_js_error)
}

/// A metric's label (`SUM(num)`, a saved metric's name, a custom label).
#[wasm_bindgen(js_name = metricLabel)]
pub fn metric_label(
    #[wasm_bindgen(unchecked_param_type = "MetricRef")] metric: JsValue,
) -> Result<String, JsValue> {
    let metric: MetricRef = from_js(metric).map_err(to_js_error)?;
    Ok(crate::metric_label(&metric))
}

/// A column's label (a physical column's name, an adhoc column's label or expression).
#[wasm_bindgen(js_name = columnLabel)]
pub fn column_label(
    #[wasm_bindgen(unchecked_param_type = "ColumnRef")] column: JsValue,
) -> Result<String, JsValue> {
    let column: ColumnRef = from_js(column).map_err(to_js_error)?;
    Ok(crate::column_label(&column))
}
