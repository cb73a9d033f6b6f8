//! The dashboard layout (`position_json`, Superset's "v2" layout): a map of components by id,
//! each `{type, id, children, parents, meta}`, rooted at `ROOT_ID` (spec 001 §3 and §4).
//!
//! - [`constants`]: reserved ids, new-component placeholders, grid sizes, header sizes and
//!   backgrounds, also as one data object ([`layout_constants`]).
//! - [`rules`]: which child each parent accepts up to which depth, component depths and widths.
//! - [`drop_position`]: where a dragged component would land from the pointer position.
//! - [`drop`]: applying a drop (a move or a new component) to the layout, with Superset's
//!   refusals and warnings.
//! - [`default_layout`]: the empty layout, a layout from chart ids, missing charts in new rows.
//! - [`history`]: undo and redo with Superset's limit.

pub mod constants;
pub mod default_layout;
pub mod drop;
pub mod drop_position;
pub mod edit;
pub mod history;
pub mod rules;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use constants::*;
pub use default_layout::{create_default_layout, empty_layout, place_missing_charts, ChartPlacement};
pub use drop::{apply_drop, DraggedComponent, DropLocation, DropOutcome, DropResult};
pub use drop_position::{drop_position_for_pointer, DropPosition, DropTarget, Orientation};
pub use edit::{delete_component, resize_component};
pub use history::LayoutHistory;
pub use rules::{component_depths, is_valid_child};

/// The kinds of layout components (spec 001 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum ComponentType {
    Root,
    Grid,
    Header,
    Row,
    Column,
    Chart,
    Markdown,
    Divider,
    Tabs,
    Tab,
    Dynamic,
}

impl ComponentType {
    /// Every component type (spec 001 §3), in the order above.
    pub const ALL: [ComponentType; 11] = [
        ComponentType::Root,
        ComponentType::Grid,
        ComponentType::Header,
        ComponentType::Row,
        ComponentType::Column,
        ComponentType::Chart,
        ComponentType::Markdown,
        ComponentType::Divider,
        ComponentType::Tabs,
        ComponentType::Tab,
        ComponentType::Dynamic,
    ];

    /// The type as `position_json` writes it (`"ROW"`), also the prefix of new ids.
    pub fn as_str(self) -> &'static str {
        match self {
            ComponentType::Root => "ROOT",
            ComponentType::Grid => "GRID",
            ComponentType::Header => "HEADER",
            ComponentType::Row => "ROW",
            ComponentType::Column => "COLUMN",
            ComponentType::Chart => "CHART",
            ComponentType::Markdown => "MARKDOWN",
            ComponentType::Divider => "DIVIDER",
            ComponentType::Tabs => "TABS",
            ComponentType::Tab => "TAB",
            ComponentType::Dynamic => "DYNAMIC",
        }
    }

    /// Whether users resize it (Superset's `componentIsResizable`).
    pub fn is_resizable(self) -> bool {
        matches!(
            self,
            ComponentType::Column | ComponentType::Chart | ComponentType::Markdown | ComponentType::Dynamic
        )
    }
}

/// A component's `meta`: its size in grid columns and units, the chart it shows, its text;
/// other keys (`background`, `headerSize`, `code`, `uuid`, ...) are kept as they are.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ComponentMeta {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    #[serde(default, rename = "chartId", skip_serializing_if = "Option::is_none")]
    pub chart_id: Option<i64>,
    #[serde(default, rename = "sliceName", skip_serializing_if = "Option::is_none")]
    pub slice_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// One component of the layout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LayoutComponent {
    pub id: String,
    #[serde(rename = "type")]
    pub component_type: ComponentType,
    #[serde(default)]
    pub children: Vec<String>,
    /// The ids from the root down to the component's parent; absent on the header.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parents: Option<Vec<String>>,
    #[serde(default)]
    pub meta: ComponentMeta,
}

impl LayoutComponent {
    /// A component without children, parents or meta.
    pub fn new(id: impl Into<String>, component_type: ComponentType) -> Self {
        LayoutComponent {
            id: id.into(),
            component_type,
            children: Vec::new(),
            parents: None,
            meta: ComponentMeta::default(),
        }
    }
}

/// A dashboard's `position_json`: the components by id and the layout version.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DashboardLayout {
    #[serde(
        rename = "DASHBOARD_VERSION_KEY",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub version: Option<String>,
    #[serde(flatten)]
    pub components: BTreeMap<String, LayoutComponent>,
}

impl DashboardLayout {
    pub fn get(&self, id: &str) -> Option<&LayoutComponent> {
        self.components.get(id)
    }

    /// The component `id`, or [`LayoutError::UnknownComponent`].
    pub fn component(&self, id: &str) -> Result<&LayoutComponent, LayoutError> {
        self.components
            .get(id)
            .ok_or_else(|| LayoutError::UnknownComponent { id: id.to_owned() })
    }

    fn component_mut(&mut self, id: &str) -> Result<&mut LayoutComponent, LayoutError> {
        self.components
            .get_mut(id)
            .ok_or_else(|| LayoutError::UnknownComponent { id: id.to_owned() })
    }

    fn insert(&mut self, component: LayoutComponent) {
        self.components.insert(component.id.clone(), component);
    }

    /// The id of the component whose children include `child_id` (Superset's `findParentId`).
    pub fn parent_id(&self, child_id: &str) -> Option<&str> {
        self.components
            .values()
            .find(|component| component.children.iter().any(|child| child == child_id))
            .map(|component| component.id.as_str())
    }

    /// The id of the root's first child (the grid, or the top-level tabs).
    pub fn top_level_id(&self) -> Option<&str> {
        self.get(ROOT_ID)
            .and_then(|root| root.children.first())
            .map(String::as_str)
    }

    /// An unused id for a new component of `component_type`: `ROW-1`, `ROW-2`, ...
    /// (deterministic, as the core has no randomness).
    pub fn fresh_id(&self, component_type: ComponentType) -> String {
        let mut number = 1usize;
        loop {
            let id = format!("{}-{number}", component_type.as_str());
            if !self.components.contains_key(&id) {
                return id;
            }
            number += 1;
        }
    }

    /// Sets every component's `parents` to its path from the root (Superset's
    /// `updateComponentParentsList`); a child that is its own ancestor is skipped.
    pub fn update_parents(&mut self) {
        let mut pending: Vec<(String, Vec<String>)> = vec![(ROOT_ID.to_owned(), Vec::new())];
        while let Some((id, parents)) = pending.pop() {
            let Some(component) = self.components.get(&id) else {
                continue;
            };
            let mut child_parents = parents;
            child_parents.push(id.clone());
            for child in component.children.iter().rev() {
                if !child_parents.contains(child) && self.components.contains_key(child) {
                    pending.push((child.clone(), child_parents.clone()));
                }
            }
            if id != ROOT_ID {
                if let Some(component) = self.components.get_mut(&id) {
                    let mut own_parents = child_parents;
                    own_parents.pop();
                    component.parents = Some(own_parents);
                }
            }
        }
    }
}

/// A drop the layout refuses; the texts are Superset's (spec 001 §4).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// The dragged component is wider than the room left in the destination.
    #[error(
        "There is not enough space for this component. Try decreasing its width, or increasing the destination width."
    )]
    NotEnoughSpace,

    /// A top-level tab may not move into nested tabs.
    #[error("Can not move top level tab into nested tabs")]
    TopLevelTabIntoNestedTabs,

    /// The drop names a component the layout does not have.
    #[error("The layout has no component \"{id}\"")]
    UnknownComponent { id: String },

    /// The destination does not accept the component at its depth (see [`is_valid_child`]).
    #[error("A {child} component cannot be placed in a {parent} component here")]
    InvalidChild { parent: String, child: String },

    /// A drop whose source index is not one of the source's children.
    #[error("The drop source has no child at index {index}")]
    InvalidSourceIndex { index: usize },
}

impl LayoutError {
    /// The stable name JavaScript sees as `Error.name`.
    pub fn name(&self) -> &'static str {
        match self {
            LayoutError::NotEnoughSpace => "NotEnoughSpace",
            LayoutError::TopLevelTabIntoNestedTabs => "TopLevelTabIntoNestedTabs",
            LayoutError::UnknownComponent { .. } => "UnknownComponent",
            LayoutError::InvalidChild { .. } => "InvalidChild",
            LayoutError::InvalidSourceIndex { .. } => "InvalidSourceIndex",
        }
    }
}

/// A drop that went through but that the user should know about (spec 001 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LayoutWarning {
    /// The moved component now sits under different filter scopes.
    #[error("This chart has been moved to a different filter scope.")]
    MovedToDifferentFilterScope,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn position_json_round_trips_with_its_version_and_unknown_meta() {
        let position = json!({
            "DASHBOARD_VERSION_KEY": "v2",
            "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["GRID_ID"]},
            "GRID_ID": {"type": "GRID", "id": "GRID_ID", "children": ["ROW-1"], "parents": ["ROOT_ID"]},
            "HEADER_ID": {"type": "HEADER", "id": "HEADER_ID", "meta": {"text": "Sales"}},
            "ROW-1": {"type": "ROW", "id": "ROW-1", "children": ["CHART-1"], "parents": ["ROOT_ID", "GRID_ID"],
                      "meta": {"background": "BACKGROUND_TRANSPARENT"}},
            "CHART-1": {"type": "CHART", "id": "CHART-1", "children": [], "parents": ["ROOT_ID", "GRID_ID", "ROW-1"],
                        "meta": {"width": 4, "height": 50, "chartId": 7, "sliceName": "Births", "uuid": "u-1"}}
        });
        let layout: DashboardLayout = serde_json::from_value(position.clone()).unwrap();
        assert_eq!(layout.version.as_deref(), Some("v2"));
        let chart = layout.get("CHART-1").unwrap();
        assert_eq!(chart.meta.chart_id, Some(7));
        assert_eq!(chart.meta.other.get("uuid"), Some(&json!("u-1")));
        assert_eq!(layout.get(HEADER_ID).unwrap().meta.text.as_deref(), Some("Sales"));
        let written = serde_json::to_value(&layout).unwrap();
        assert_eq!(written["CHART-1"], position["CHART-1"]);
        assert_eq!(written["DASHBOARD_VERSION_KEY"], json!("v2"));
        assert_eq!(written["HEADER_ID"]["children"], json!([]));
    }

    #[test]
    fn every_component_type_reads_with_its_fields_and_meta() {
        for component_type in ComponentType::ALL {
            let type_name = component_type.as_str();
            let component = json!({
                "id": format!("{type_name}-x"), "type": type_name, "children": ["CHILD-1"],
                "parents": ["ROOT_ID", "GRID_ID"],
                "meta": {"chartId": 3, "sliceName": "Births", "width": 4, "height": 50,
                         "background": "BACKGROUND_WHITE", "text": "Notes"},
            });
            let read: LayoutComponent = serde_json::from_value(component.clone()).unwrap();
            assert_eq!(read.component_type, component_type);
            assert_eq!(read.id, format!("{type_name}-x"));
            assert_eq!(read.children, ["CHILD-1"]);
            assert_eq!(
                read.parents,
                Some(vec!["ROOT_ID".to_owned(), "GRID_ID".to_owned()])
            );
            assert_eq!(
                (
                    read.meta.chart_id,
                    read.meta.slice_name.as_deref(),
                    read.meta.width,
                    read.meta.height
                ),
                (Some(3), Some("Births"), Some(4), Some(50))
            );
            assert_eq!(read.meta.text.as_deref(), Some("Notes"));
            assert_eq!(
                read.meta.other.get("background"),
                Some(&json!("BACKGROUND_WHITE"))
            );
            assert_eq!(serde_json::to_value(&read).unwrap(), component);
        }
        let unknown = serde_json::from_value::<LayoutComponent>(json!({"id": "X", "type": "SPARKLINE"}));
        assert!(unknown.is_err());
    }

    #[test]
    fn parents_are_rebuilt_from_the_root_and_fresh_ids_are_unused() {
        let mut layout = empty_layout();
        let mut row = LayoutComponent::new("ROW-1", ComponentType::Row);
        row.children = vec!["CHART-1".to_owned()];
        layout.insert(row);
        layout.insert(LayoutComponent::new("CHART-1", ComponentType::Chart));
        layout
            .component_mut(GRID_ID)
            .unwrap()
            .children
            .push("ROW-1".to_owned());
        layout.update_parents();
        assert_eq!(
            layout.get("CHART-1").unwrap().parents,
            Some(vec![
                "ROOT_ID".to_owned(),
                "GRID_ID".to_owned(),
                "ROW-1".to_owned()
            ])
        );
        assert_eq!(layout.parent_id("CHART-1"), Some("ROW-1"));
        assert_eq!(layout.fresh_id(ComponentType::Row), "ROW-2");
        assert_eq!(layout.top_level_id(), Some(GRID_ID));
    }

    #[test]
    fn a_cycle_does_not_loop_forever() {
        let mut layout = empty_layout();
        let mut row = LayoutComponent::new("ROW-1", ComponentType::Row);
        row.children = vec!["GRID_ID".to_owned()];
        layout.insert(row);
        layout
            .component_mut(GRID_ID)
            .unwrap()
            .children
            .push("ROW-1".to_owned());
        layout.update_parents();
        assert_eq!(
            layout.get("ROW-1").unwrap().parents,
            Some(vec!["ROOT_ID".to_owned(), "GRID_ID".to_owned()])
        );
    }
}
