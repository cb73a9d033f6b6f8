//! The control panels and the form data rules that follow them, for the explore page.

use wasm_bindgen::prelude::*;

use crate::controls::DatasourceColumnsAndMetrics;
use crate::wasm::convert::{form_data_from_js, from_js, to_js};
use crate::wasm::error::to_js_error;
use crate::CoreError;

#[wasm_bindgen(typescript_custom_section)]
const GENERATED_CONTROL_TYPES: &str = r#"
import type { ControlPanelDefinition } from "../../api/generated/ControlPanelDefinition";
import type { DroppedValue } from "../../api/generated/DroppedValue";
import type { VizTypeMeta } from "../../api/generated/VizTypeMeta";
"#;

/// The control panel of a viz type: `{vizType, sections: [{label, tab, expanded, controls}]}`,
/// each control with Superset's `name`, `type`, `label`, `default`, `choices` (`[value, label]`
/// pairs), `freeForm`, `multi`, `validators`, `renderTrigger` and `visibility`. Throws
/// `InvalidInput` for a viz type Quiver does not ship.
#[wasm_bindgen(js_name = controlPanel, unchecked_return_type = "ControlPanelDefinition")]
pub fn control_panel(#[wasm_bindgen(js_name = vizType)] viz_type: &str) -> Result<JsValue, JsValue> {
    let panel = crate::controls::control_panel(viz_type)
        .map_err(CoreError::from)
        .map_err(to_js_error)?;
    to_js(&panel).map_err(to_js_error)
}

/// The charts Quiver ships: `[{key, name, category, tags}]`, in gallery order.
#[wasm_bindgen(js_name = vizTypes, unchecked_return_type = "VizTypeMeta[]")]
pub fn viz_types() -> Result<JsValue, JsValue> {
    to_js(&crate::controls::viz_types()).map_err(to_js_error)
}

/// The form data without select values outside their choices and without the columns and
/// metrics `datasource` (a dataset, or `{columns: [{column_name}], metrics: [{metric_name}]}`)
/// lacks: `{formData, dropped: [{control, value}]}`.
#[wasm_bindgen(js_name = pruneFormData, unchecked_return_type = "{ formData: FormData; dropped: DroppedValue[] }")]
pub fn prune_form_data(
    #[wasm_bindgen(js_name = formData, unchecked_param_type = "ChartFormData")] form_data: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "{ columns?: { column_name: string }[]; metrics?: { metric_name: string }[] }"
    )]
    datasource: JsValue,
) -> Result<JsValue, JsValue> {
    let form_data = form_data_from_js(form_data).map_err(to_js_error)?;
    let datasource: DatasourceColumnsAndMetrics = from_js(datasource).map_err(to_js_error)?;
    to_js(&crate::controls::prune_form_data(&form_data, &datasource)).map_err(to_js_error)
}

/// The form data switched to `newVizType`, keeping the compatible controls (Superset's
/// standardized form data). Throws `InvalidInput` for a viz type Quiver does not ship.
#[wasm_bindgen(js_name = carryOverFormData, unchecked_return_type = "FormData")]
pub fn carry_over_form_data(
    #[wasm_bindgen(js_name = formData, unchecked_param_type = "ChartFormData")] form_data: JsValue,
    #[wasm_bindgen(js_name = newVizType)] new_viz_type: &str,
) -> Result<JsValue, JsValue> {
    let form_data = form_data_from_js(form_data).map_err(to_js_error)?;
    let switched = crate::controls::carry_over_form_data(&form_data, new_viz_type)
        .map_err(CoreError::from)
        .map_err(to_js_error)?;
    to_js(&switched).map_err(to_js_error)
}
