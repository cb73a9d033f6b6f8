//! The dashboard layout rules for JavaScript: drop rules and positions, applying drops, default
//! layouts, and the undo history as a `LayoutHistory` class. Layouts cross as plain
//! `position_json` objects.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::layout::drop_position::DraggedItem;
use crate::layout::{
    ChartPlacement, ComponentType, DashboardLayout, DropResult, DropTarget, LayoutError, LayoutHistory,
};
use crate::wasm::convert::{from_js, to_js};
use crate::wasm::error::to_js_error;
use crate::wasm::named_error::named_js_error;

/// A layout refusal as a thrown `Error` named after the variant (`NotEnoughSpace`,
/// `TopLevelTabIntoNestedTabs`, ...) with Superset's message.
fn layout_js_error(error: LayoutError) -> JsValue {
    named_js_error(error.name(), &error.to_string(), &[])
}

fn read_layout(layout: JsValue) -> Result<DashboardLayout, JsValue> {
    from_js(layout).map_err(to_js_error)
}

fn write_layout(layout: &DashboardLayout) -> Result<JsValue, JsValue> {
    to_js(layout).map_err(to_js_error)
}

/// Every layout constant (`layout_constants`): `{rootId, gridId, headerId, versionKey,
/// newComponentsSourceId, newComponentIds: [type, id][], componentTypes, grid: {columnCount,
/// minColumnCount, baseUnit, gutterSize, defaultChartWidth, defaultChartHeight, minRowUnits,
/// maxRowUnits}, headerSizes, backgrounds}`.
#[wasm_bindgen(js_name = layoutConstants, unchecked_return_type = "Record<string, unknown>")]
pub fn layout_constants() -> Result<JsValue, JsValue> {
    to_js(&crate::layout::layout_constants()).map_err(to_js_error)
}

/// Whether a `childType` component may be dropped into a `parentType` one at `parentDepth`
/// (`"ROW"`, `"CHART"`, ...); an unknown type is never valid.
#[wasm_bindgen(js_name = isValidChild)]
pub fn is_valid_child(
    #[wasm_bindgen(js_name = parentType, unchecked_param_type = "string")] parent_type: JsValue,
    #[wasm_bindgen(js_name = childType, unchecked_param_type = "string")] child_type: JsValue,
    #[wasm_bindgen(js_name = parentDepth)] parent_depth: u32,
) -> bool {
    let parent: Option<ComponentType> = from_js(parent_type).ok();
    let child: Option<ComponentType> = from_js(child_type).ok();
    parent
        .zip(child)
        .is_some_and(|(parent, child)| crate::layout::is_valid_child(parent, child, parent_depth))
}

/// The depth of every component reachable from the root, by id.
#[wasm_bindgen(js_name = componentDepths, unchecked_return_type = "Record<string, number>")]
pub fn component_depths(
    #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
) -> Result<JsValue, JsValue> {
    let layout = read_layout(layout)?;
    to_js(&crate::layout::component_depths(&layout)).map_err(to_js_error)
}

/// Where `dragging` (`{id, type}`) lands on `target` (`{component, parent, depth, orientation,
/// isDraggingOverShallow, rect, pointer}`): `"DROP_TOP"`, ..., `"DROP_FORBIDDEN"`, or `null`.
#[wasm_bindgen(js_name = dropPosition, unchecked_return_type = "string | null")]
pub fn drop_position(
    #[wasm_bindgen(unchecked_param_type = "{ id: string; type: string }")] dragging: JsValue,
    #[wasm_bindgen(unchecked_param_type = "unknown")] target: JsValue,
) -> Result<JsValue, JsValue> {
    let dragging: DraggedItem = from_js(dragging).map_err(to_js_error)?;
    let target: DropTarget = from_js(target).map_err(to_js_error)?;
    to_js(&crate::layout::drop_position_for_pointer(&dragging, &target)).map_err(to_js_error)
}

/// The result of `applyDrop`.
#[derive(Serialize)]
struct DropOutcomeForJs {
    layout: DashboardLayout,
    changed: bool,
    warnings: Vec<String>,
}

/// The layout after Superset's drop result `drop`, with `changed` and the warning messages.
/// Throws `NotEnoughSpace` or `TopLevelTabIntoNestedTabs` with Superset's message.
#[wasm_bindgen(js_name = applyDrop, unchecked_return_type = "{ layout: unknown; changed: boolean; warnings: string[] }")]
pub fn apply_drop(
    #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    #[wasm_bindgen(unchecked_param_type = "unknown")] drop: JsValue,
    #[wasm_bindgen(js_name = filterScopeIds)] filter_scope_ids: Vec<String>,
) -> Result<JsValue, JsValue> {
    let layout = read_layout(layout)?;
    let drop: DropResult = from_js(drop).map_err(to_js_error)?;
    let outcome = crate::layout::apply_drop(&layout, &drop, &filter_scope_ids).map_err(layout_js_error)?;
    let warnings = outcome.warnings.iter().map(ToString::to_string).collect();
    to_js(&DropOutcomeForJs {
        layout: outcome.layout,
        changed: outcome.changed,
        warnings,
    })
    .map_err(to_js_error)
}

/// The layout of a new dashboard holding `charts` (`[{id, name?}]`), three to a row.
#[wasm_bindgen(js_name = createDefaultLayout, unchecked_return_type = "unknown")]
pub fn create_default_layout(
    #[wasm_bindgen(unchecked_param_type = "{ id: number; name?: string }[]")] charts: JsValue,
) -> Result<JsValue, JsValue> {
    let charts: Vec<ChartPlacement> = from_js(charts).map_err(to_js_error)?;
    write_layout(&crate::layout::create_default_layout(&charts))
}

/// `layout` with the charts it lacks appended in new rows and chart names copied to `sliceName`.
#[wasm_bindgen(js_name = placeMissingCharts, unchecked_return_type = "unknown")]
pub fn place_missing_charts(
    #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ id: number; name?: string }[]")] charts: JsValue,
) -> Result<JsValue, JsValue> {
    let layout = read_layout(layout)?;
    let charts: Vec<ChartPlacement> = from_js(charts).map_err(to_js_error)?;
    write_layout(&crate::layout::place_missing_charts(&layout, &charts))
}

/// The layout without the component `id` and its descendants (a row left empty goes too).
#[wasm_bindgen(js_name = deleteComponent, unchecked_return_type = "unknown")]
pub fn delete_component(
    #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    id: &str,
) -> Result<JsValue, JsValue> {
    let layout = read_layout(layout)?;
    write_layout(&crate::layout::delete_component(&layout, id).map_err(layout_js_error)?)
}

/// The layout with `id` resized (width in grid columns, height in grid units), within bounds.
#[wasm_bindgen(js_name = resizeComponent, unchecked_return_type = "unknown")]
pub fn resize_component(
    #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    id: &str,
    width: Option<u32>,
    height: Option<u32>,
) -> Result<JsValue, JsValue> {
    let layout = read_layout(layout)?;
    write_layout(&crate::layout::resize_component(&layout, id, width, height).map_err(layout_js_error)?)
}

/// The undo history of a dashboard being edited (52 states at most).
#[wasm_bindgen(js_name = LayoutHistory)]
pub struct LayoutHistoryForJs {
    history: LayoutHistory,
}

#[wasm_bindgen(js_class = LayoutHistory)]
impl LayoutHistoryForJs {
    /// A history at `layout`, with nothing to undo.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    ) -> Result<LayoutHistoryForJs, JsValue> {
        Ok(LayoutHistoryForJs {
            history: LayoutHistory::new(read_layout(layout)?),
        })
    }

    /// Records `layout` as the new present (nothing when it equals the present).
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "unknown")] layout: JsValue,
    ) -> Result<(), JsValue> {
        self.history.push(read_layout(layout)?);
        Ok(())
    }

    /// Goes back one change; `false` when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        self.history.undo()
    }

    /// Goes forward one undone change; `false` when there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        self.history.redo()
    }

    /// The current layout.
    #[wasm_bindgen(unchecked_return_type = "unknown")]
    pub fn present(&self) -> Result<JsValue, JsValue> {
        write_layout(self.history.present())
    }

    #[wasm_bindgen(getter, js_name = undoLength)]
    pub fn undo_length(&self) -> usize {
        self.history.undo_length()
    }

    #[wasm_bindgen(getter, js_name = redoLength)]
    pub fn redo_length(&self) -> usize {
        self.history.redo_length()
    }

    /// Whether every undo slot is used (the editor warns once).
    #[wasm_bindgen(getter, js_name = isUndoHistoryExceeded)]
    pub fn is_undo_history_exceeded(&self) -> bool {
        self.history.is_undo_history_exceeded()
    }

    /// Forgets the past and the future (after saving).
    pub fn clear(&mut self) {
        self.history.clear();
    }
}
