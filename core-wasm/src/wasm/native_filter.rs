//! Native filters and cross-filters for JavaScript: the charts a scope holds, the data masks
//! of filter values (select, range, time), merging the masks of one chart, cascading parents
//! and the query of a select filter's values.

use std::collections::BTreeMap;

use quiver_types::{ExtraFormData, NativeFilterScope};
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::controls::choices::time_grains;
use crate::layout::DashboardLayout;
use crate::native_filter::cascade::{cascade_extra_form_data, filters_in_cascade_cycle};
use crate::native_filter::options_query::{filter_options_query_context, FilterValuesOrder};
use crate::native_filter::time_filter::time_filter_extra_form_data;
use crate::native_filter::{self, NativeFilterError};
use crate::wasm::convert::{form_data_from_js, from_js, to_js};
use crate::wasm::error::to_js_error;
use crate::wasm::named_error::named_js_error;

#[wasm_bindgen(typescript_custom_section)]
const GENERATED_TYPES: &str = r#"
import type { ExtraFormData } from "../../api/generated/ExtraFormData";
import type { NativeFilterScope } from "../../api/generated/NativeFilterScope";
"#;

/// The arguments both scope functions take, read from JavaScript.
struct ScopeArguments {
    layout: DashboardLayout,
    scope: NativeFilterScope,
    chart_ids: Vec<i64>,
}

impl ScopeArguments {
    fn from_js(layout: JsValue, scope: JsValue, chart_ids: JsValue) -> Result<ScopeArguments, JsValue> {
        Ok(ScopeArguments {
            layout: from_js(layout).map_err(to_js_error)?,
            scope: from_js(scope).map_err(to_js_error)?,
            chart_ids: from_js(chart_ids).map_err(to_js_error)?,
        })
    }
}

/// The ids of `chartIds` that `scope` (`{rootPath, excluded}`) holds in `layout`.
#[wasm_bindgen(js_name = chartsInScope, unchecked_return_type = "number[]")]
pub fn charts_in_scope(
    #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NativeFilterScope")] scope: JsValue,
    #[wasm_bindgen(js_name = chartIds, unchecked_param_type = "number[]")] chart_ids: JsValue,
) -> Result<JsValue, JsValue> {
    let arguments = ScopeArguments::from_js(layout, scope, chart_ids)?;
    let charts = native_filter::charts_in_scope(&arguments.layout, &arguments.scope, &arguments.chart_ids);
    to_js(&charts).map_err(to_js_error)
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
    let arguments = ScopeArguments::from_js(layout, scope, chart_ids)?;
    let runtime =
        native_filter::filter_scope_runtime(&arguments.layout, &arguments.scope, &arguments.chart_ids);
    to_js(&runtime).map_err(to_js_error)
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
    let extra =
        native_filter::select_extra_form_data(column, &values, is_inverse_selection, is_value_required);
    to_js(&extra).map_err(to_js_error)
}

/// The `extraFormData` of a numerical range; throws `RangeMinNotLessThanMax` ("Minimum must be
/// strictly less than maximum").
#[wasm_bindgen(js_name = rangeExtraFormData, unchecked_return_type = "ExtraFormData")]
pub fn range_extra_form_data(column: &str, min: Option<f64>, max: Option<f64>) -> Result<JsValue, JsValue> {
    let extra = native_filter::range_extra_form_data(column, min, max).map_err(native_filter_js_error)?;
    to_js(&extra).map_err(to_js_error)
}

/// The `extraFormData` of a time filter (`filter_time`, `filter_timecolumn`, `filter_timegrain`)
/// whose value is `value`; throws `NotATimeFilter` for another filter type.
#[wasm_bindgen(js_name = timeFilterExtraFormData, unchecked_return_type = "ExtraFormData")]
pub fn time_filter_extra_form_data_js(
    #[wasm_bindgen(js_name = filterType)] filter_type: &str,
    value: Option<String>,
) -> Result<JsValue, JsValue> {
    let extra = time_filter_extra_form_data(filter_type, value.as_deref()).map_err(native_filter_js_error)?;
    to_js(&extra).map_err(to_js_error)
}

/// The time grains a time grain filter offers, `[value, label]` pairs in the core's order.
#[wasm_bindgen(js_name = timeGrainChoices, unchecked_return_type = "[string, string][]")]
pub fn time_grain_choices() -> Result<JsValue, JsValue> {
    to_js(&time_grains()).map_err(to_js_error)
}

/// The ids of the filters whose `cascadeParentIds` lead back to themselves.
#[wasm_bindgen(js_name = filtersInCascadeCycle, unchecked_return_type = "string[]")]
pub fn filters_in_cascade_cycle_js(
    #[wasm_bindgen(js_name = parentsByFilter, unchecked_param_type = "Record<string, string[]>")]
    parents_by_filter: JsValue,
) -> Result<JsValue, JsValue> {
    let parents_by_filter: BTreeMap<String, Vec<String>> = from_js(parents_by_filter).map_err(to_js_error)?;
    to_js(&filters_in_cascade_cycle(&parents_by_filter)).map_err(to_js_error)
}

/// The query context of the values a select filter offers: the distinct values of `column` of
/// dataset `datasetId` under the masks of the filter's parents, sorted by the column or by
/// `sortMetric` (`sortAscending` absent is ascending), containing `search` when given.
#[wasm_bindgen(js_name = filterOptionsQueryContext, unchecked_return_type = "QueryContext")]
pub fn filter_options_query_context_js(
    #[wasm_bindgen(js_name = datasetId)] dataset_id: f64,
    column: &str,
    #[wasm_bindgen(js_name = parentIds, unchecked_param_type = "string[]")] parent_ids: JsValue,
    #[wasm_bindgen(js_name = masksByFilter, unchecked_param_type = "Record<string, ExtraFormData>")]
    masks_by_filter: JsValue,
    #[wasm_bindgen(js_name = sortAscending)] sort_ascending: Option<bool>,
    #[wasm_bindgen(js_name = sortMetric)] sort_metric: Option<String>,
    search: Option<String>,
) -> Result<JsValue, JsValue> {
    let parent_ids: Vec<String> = from_js(parent_ids).map_err(to_js_error)?;
    let masks_by_filter: BTreeMap<String, ExtraFormData> = from_js(masks_by_filter).map_err(to_js_error)?;
    let dependencies = cascade_extra_form_data(&parent_ids, &masks_by_filter);
    let order = FilterValuesOrder {
        sort_ascending,
        sort_metric,
        search,
    };
    // A dataset id is a whole number; JavaScript hands it over as a double.
    let context = filter_options_query_context(dataset_id as i64, column, &dependencies, &order)
        .map_err(to_js_error)?;
    to_js(&context).map_err(to_js_error)
}

fn native_filter_js_error(error: NativeFilterError) -> JsValue {
    named_js_error(error.name(), &error.to_string(), &[])
}

/// The `extraFormData` of several masks applied to one chart, in order.
#[wasm_bindgen(js_name = mergeExtraFormData, unchecked_return_type = "ExtraFormData")]
pub fn merge_extra_form_data(
    #[wasm_bindgen(unchecked_param_type = "ExtraFormData[]")] masks: JsValue,
) -> Result<JsValue, JsValue> {
    let masks: Vec<ExtraFormData> = from_js(masks).map_err(to_js_error)?;
    to_js(&native_filter::merge_extra_form_data(&masks)).map_err(to_js_error)
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
