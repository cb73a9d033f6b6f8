//! The JavaScript edge: the only place that knows about wasm-bindgen (feature `wasm`).
//!
//! Values cross as plain JS objects through serde-wasm-bindgen (maps become objects, 64-bit
//! integers become numbers). Errors are thrown as JS `Error`s whose `name` is
//! [`CoreError::name`](crate::CoreError::name) and, when the error is about a control, with a
//! `control` property. TypeScript sees the types generated from `quiver-types`.

pub mod chart_diff;
pub mod controls;
mod convert;
mod error;
pub mod frame;
pub mod layout;
pub mod list_filter_config;
pub mod lru;
mod named_error;
pub mod native_filter;
pub mod reaggregate;

use chrono::NaiveDateTime;
use quiver_types::{ColumnRef, MetricRef};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::wasm::convert::{form_data_from_js, from_js, to_js};
use crate::wasm::error::to_js_error;
use crate::CoreError;

#[wasm_bindgen(typescript_custom_section)]
const GENERATED_TYPES: &str = r#"
import type { ChartFormData } from "../../api/generated/ChartFormData";
import type { ColumnRef } from "../../api/generated/ColumnRef";
import type { FieldError } from "../../api/generated/FieldError";
import type { FormData } from "../../api/generated/FormData";
import type { MetricRef } from "../../api/generated/MetricRef";
import type { QueryContext } from "../../api/generated/QueryContext";
"#;

/// The query context (`POST /api/v1/chart/data` body) for a chart's form data.
#[wasm_bindgen(js_name = buildQueryContext, unchecked_return_type = "QueryContext")]
pub fn build_query_context(
    #[wasm_bindgen(js_name = formData, unchecked_param_type = "ChartFormData")] form_data: JsValue,
) -> Result<JsValue, JsValue> {
    let form_data = form_data_from_js(form_data).map_err(to_js_error)?;
    let context = crate::build_query_context(&form_data).map_err(to_js_error)?;
    to_js(&context).map_err(to_js_error)
}

/// The spec's default form data of a chart on `datasource` (`"3__table"`): viz type table,
/// row limit 1000, time range "No filter".
#[wasm_bindgen(js_name = defaultFormData, unchecked_return_type = "FormData")]
pub fn default_form_data(datasource: &str) -> Result<JsValue, JsValue> {
    to_js(&crate::form_data::defaults::default_form_data(datasource)).map_err(to_js_error)
}

/// Every validation error of a form data (empty when the chart can be queried).
#[wasm_bindgen(js_name = validateFormData, unchecked_return_type = "FieldError[]")]
pub fn validate_form_data(
    #[wasm_bindgen(js_name = formData, unchecked_param_type = "ChartFormData")] form_data: JsValue,
) -> Result<JsValue, JsValue> {
    let form_data = form_data_from_js(form_data).map_err(to_js_error)?;
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

/// The bounds of a time range as `resolveTimeRange` returns them.
#[derive(Serialize)]
struct TimeRangeEndpoints {
    since: Option<String>,
    until: Option<String>,
}

/// The bounds of a time range (`"Last week"`, `"DATEADD(DATETIME('today'), -7, day) : now"`) as
/// `{since, until}` texts like `"2024-06-15T00:00:00"`, `null` when unbounded.
///
/// `nowIso` is the local wall time the range is relative to, `"2024-06-15T14:30:00"` (a fraction
/// and a trailing `Z` are accepted and the `Z` ignored: pass local time, not UTC, to match the
/// server). Throws `InvalidTimeRange` with Superset's message, or `InvalidInput` for a bad `nowIso`.
#[wasm_bindgen(js_name = resolveTimeRange, unchecked_return_type = "{ since: string | null; until: string | null }")]
pub fn resolve_time_range(
    #[wasm_bindgen(js_name = timeRange)] time_range: &str,
    #[wasm_bindgen(js_name = nowIso)] now_iso: &str,
    #[wasm_bindgen(js_name = relativeStart)] relative_start: Option<String>,
    #[wasm_bindgen(js_name = relativeEnd)] relative_end: Option<String>,
) -> Result<JsValue, JsValue> {
    let now = parse_now(now_iso).map_err(to_js_error)?;
    let bounds = crate::resolve_time_range(
        time_range,
        now,
        relative_start.as_deref(),
        relative_end.as_deref(),
    )
    .map_err(to_js_error)?;
    let (since, until) = crate::time_range_endpoints_text(bounds);
    to_js(&TimeRangeEndpoints { since, until }).map_err(to_js_error)
}

/// `2024-06-15T14:30:00`, with an optional fraction and an optional (ignored) `Z`.
fn parse_now(now_iso: &str) -> Result<NaiveDateTime, CoreError> {
    let local = now_iso.strip_suffix('Z').unwrap_or(now_iso);
    NaiveDateTime::parse_from_str(local, "%Y-%m-%dT%H:%M:%S%.f").map_err(|error| CoreError::InvalidInput {
        message: format!("nowIso \"{now_iso}\" is not an ISO date-time without offset: {error}"),
    })
}

/// Superset's post-processing `rules` (`[{operation, options}, ...]`, `null`s skipped) applied
/// to a query result given as an Arrow IPC stream; the result is an Arrow IPC stream too.
/// Throws `InvalidPostProcessing` with Superset's message, or `InvalidInput` for bytes that are
/// not an Arrow IPC stream.
#[wasm_bindgen(js_name = applyPostProcessing)]
pub fn apply_post_processing(
    #[wasm_bindgen(js_name = ipcBytes)] ipc_bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "unknown[]")] rules: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let rules: Vec<serde_json::Value> = from_js(rules).map_err(to_js_error)?;
    let batch = crate::arrow_ipc::decode_stream_to_batch(ipc_bytes).map_err(to_js_error)?;
    let result = crate::apply_post_processing(&rules, batch).map_err(to_js_error)?;
    crate::arrow_ipc::encode_stream(&result).map_err(to_js_error)
}

/// The names of a time-series chart's series (`[{name, values}]`, values per x, `null` when
/// missing) in display order for `sort_series_type` (`"name"`, `"sum"`, `"min"`, `"max"`,
/// `"avg"`; absent is `"sum"`) and `sort_series_ascending`.
#[wasm_bindgen(js_name = seriesOrder, unchecked_return_type = "string[]")]
pub fn series_order(
    #[wasm_bindgen(unchecked_param_type = "{ name: string; values: (number | null)[] }[]")] series: JsValue,
    #[wasm_bindgen(js_name = sortSeriesType)] sort_series_type: Option<String>,
    ascending: bool,
) -> Result<JsValue, JsValue> {
    use crate::postprocess::series_order::{series_order, SeriesValues, SortSeriesType};
    let series: Vec<SeriesValues> = from_js(series).map_err(to_js_error)?;
    let sort_type = SortSeriesType::from_control(sort_series_type.as_deref());
    to_js(&series_order(&series, sort_type, ascending)).map_err(to_js_error)
}

/// Time comparison: the main query result and each offset query's result (Arrow IPC streams)
/// joined into one Arrow IPC stream, as the server joins them: each offset's metric columns
/// renamed `"{metric}__{offset}"` (`SUM(num)__1 year ago`) and left-joined on the main result's
/// other columns, its `temporal_labels` columns shifted back by the offset first. Throws
/// `InvalidTimeOffset` for an offset that is not `N unit(s) ago|later` or results that cannot be
/// joined, `InvalidInput` for bytes that are not an Arrow IPC stream or a malformed argument.
#[wasm_bindgen(js_name = joinTimeOffsets)]
pub fn join_time_offsets(
    #[wasm_bindgen(js_name = mainIpc)] main_ipc: &[u8],
    #[wasm_bindgen(js_name = offsetResults, unchecked_param_type = "{ offset: string; ipcBytes: Uint8Array }[]")]
    offset_results: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ metric_labels: string[]; temporal_labels: string[] }")]
    join: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let main = crate::arrow_ipc::decode_stream_to_batch(main_ipc).map_err(to_js_error)?;
    let offsets = offset_results_from_js(&offset_results).map_err(to_js_error)?;
    let join: crate::TimeOffsetJoin = from_js(join).map_err(to_js_error)?;
    let joined = crate::join_time_offsets(&main, &offsets, &join).map_err(to_js_error)?;
    crate::arrow_ipc::encode_stream(&joined).map_err(to_js_error)
}

/// `[{offset: "1 year ago", ipcBytes: Uint8Array}]` read as parsed offsets and decoded results.
fn offset_results_from_js(value: &JsValue) -> Result<Vec<crate::OffsetResult>, CoreError> {
    let not_a_list = || CoreError::InvalidInput {
        message: "offsetResults must be a list of {offset, ipcBytes}".to_owned(),
    };
    let items = value.dyn_ref::<js_sys::Array>().ok_or_else(not_a_list)?;
    let mut results = Vec::with_capacity(items.length() as usize);
    for item in items.iter() {
        let offset = js_sys::Reflect::get(&item, &JsValue::from_str("offset"))
            .ok()
            .and_then(|offset| offset.as_string())
            .ok_or_else(not_a_list)?;
        let bytes = js_sys::Reflect::get(&item, &JsValue::from_str("ipcBytes"))
            .ok()
            .and_then(|bytes| bytes.dyn_into::<js_sys::Uint8Array>().ok())
            .ok_or_else(not_a_list)?;
        results.push(crate::OffsetResult {
            offset: crate::TimeOffset::parse(&offset)?,
            batch: crate::arrow_ipc::decode_stream_to_batch(&bytes.to_vec())?,
        });
    }
    Ok(results)
}
