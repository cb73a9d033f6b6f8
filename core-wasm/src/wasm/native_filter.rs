//! Native filters and cross-filters for JavaScript: the charts a scope holds, the data masks
//! of filter values, and merging the masks of one chart.

use quiver_types::{ExtraFormData, NativeFilterScope};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::layout::DashboardLayout;
use crate::native_filter::NativeFilterError;
use crate::wasm::convert::{form_data_from_js, from_js, to_js};
use crate::wasm::error::to_js_error;
use crate::wasm::named_error::named_js_error;

#[wasm_bindgen(typescript_custom_section)]
const GENERATED_TYPES: &str = r#"
import type { ExtraFormData } from "../../api/generated/ExtraFormData";
import type { NativeFilterScope } from "../../api/generated/NativeFilterScope";
"#;

/// The ids of `chartIds` that `scope` (`{rootPath, excluded}`) holds in `layout`.
#[wasm_bindgen(js_name = chartsInScope, unchecked_return_type = "number[]")]
pub fn charts_in_scope(
    #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NativeFilterScope")] scope: JsValue,
    #[wasm_bindgen(js_name = chartIds, unchecked_param_type = "number[]")] chart_ids: JsValue,
) -> Result<JsValue, JsValue> {
    let chart_ids: Vec<i64> = from_js(chart_ids).map_err(to_js_error)?;
    let layout: DashboardLayout = from_js(layout).map_err(to_js_error)?;
    let scope: NativeFilterScope = from_js(scope).map_err(to_js_error)?;
    to_js(&crate::native_filter::charts_in_scope(
        &layout, &scope, &chart_ids,
    ))
    .map_err(to_js_error)
}

/// A filter's runtime fields: `{chartsInScope, tabsInScope}` of `scope` over `layout`.
#[wasm_bindgen(
    js_name = filterScopeRuntime,
    unchecked_return_type = "{ chartsInScope: number[]; tabsInScope: string[] }"
)]
pub fn filter_scope_runtime(
    #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NativeFilterScope")] scope: JsValue,
    #[wasm_bindgen(js_name = chartIds, unchecked_param_type = "number[]")] chart_ids: JsValue,
) -> Result<JsValue, JsValue> {
    let chart_ids: Vec<i64> = from_js(chart_ids).map_err(to_js_error)?;
    let layout: DashboardLayout = from_js(layout).map_err(to_js_error)?;
    let scope: NativeFilterScope = from_js(scope).map_err(to_js_error)?;
    to_js(&crate::native_filter::filter_scope_runtime(
        &layout, &scope, &chart_ids,
    ))
    .map_err(to_js_error)
}

/// The `extraFormData` of a select filter's chosen `values`.
#[wasm_bindgen(js_name = selectExtraFormData, unchecked_return_type = "ExtraFormData")]
pub fn select_extra_form_data(
    column: &str,
    #[wasm_bindgen(unchecked_param_type = "unknown[]")] values: JsValue,
    #[wasm_bindgen(js_name = isInverseSelection)] is_inverse_selection: bool,
    #[wasm_bindgen(js_name = isValueRequired)] is_value_required: bool,
) -> Result<JsValue, JsValue> {
    let values: Vec<Value> = from_js(values).map_err(to_js_error)?;
    let extra = crate::native_filter::select_extra_form_data(
        column,
        &values,
        is_inverse_selection,
        is_value_required,
    );
    to_js(&extra).map_err(to_js_error)
}

/// The `extraFormData` of a numerical range; throws `RangeMinNotLessThanMax` ("Minimum must be
/// strictly less than maximum").
#[wasm_bindgen(js_name = rangeExtraFormData, unchecked_return_type = "ExtraFormData")]
pub fn range_extra_form_data(column: &str, min: Option<f64>, max: Option<f64>) -> Result<JsValue, JsValue> {
    let extra = crate::native_filter::range_extra_form_data(column, min, max)
        .map_err(|error: NativeFilterError| named_js_error(error.name(), &error.to_string(), &[]))?;
    to_js(&extra).map_err(to_js_error)
}

/// The `extraFormData` of several masks applied to one chart, in order.
#[wasm_bindgen(js_name = mergeExtraFormData, unchecked_return_type = "ExtraFormData")]
pub fn merge_extra_form_data(
    #[wasm_bindgen(unchecked_param_type = "ExtraFormData[]")] masks: JsValue,
) -> Result<JsValue, JsValue> {
    let masks: Vec<ExtraFormData> = from_js(masks).map_err(to_js_error)?;
    to_js(&crate::native_filter::merge_extra_form_data(&masks)).map_err(to_js_error)
}

/// The form data with its `extra_form_data` and legacy `extra_filters` merged in as adhoc filters
/// marked `isExtra` (Superset's `merge_extra_filters`).
#[wasm_bindgen(js_name = mergeExtraFilters, unchecked_return_type = "FormData")]
pub fn merge_extra_filters(
    #[wasm_bindgen(js_name = formData, unchecked_param_type = "ChartFormData")] form_data: JsValue,
) -> Result<JsValue, JsValue> {
    let form_data = form_data_from_js(form_data).map_err(to_js_error)?;
    to_js(&crate::form_data::extra_filters::merge_extra_filters(&form_data)).map_err(to_js_error)
}
