//! A list page's filter configuration check, for the list pages.

use wasm_bindgen::prelude::*;

use crate::list_filter_config::{check_list_filter_config as check, ListFilterConfigError};
use crate::wasm::named_error::named_js_error;

/// Throws an `InvalidListFilterConfig` error ("Invalid filter config, {id} is not present in
/// columns", with the filter's `id` as a property) when a filter id is not a column id.
#[wasm_bindgen(js_name = checkListFilterConfig)]
pub fn check_list_filter_config(
    #[wasm_bindgen(js_name = filterIds)] filter_ids: Vec<String>,
    #[wasm_bindgen(js_name = columnIds)] column_ids: Vec<String>,
) -> Result<(), JsValue> {
    check(&filter_ids, &column_ids).map_err(|error| {
        let ListFilterConfigError::NotAColumn { id } = &error;
        named_js_error(
            "InvalidListFilterConfig",
            &error.to_string(),
            &[("id", JsValue::from_str(id))],
        )
    })
}
