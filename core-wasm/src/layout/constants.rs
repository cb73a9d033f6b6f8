//! The layout's constants (spec 001 §3 and §9, 002 §3 and §9), with Superset's names and
//! values, and [`layout_constants`], the same values as one object for the web client.

use serde::Serialize;

use super::ComponentType;

/// The root component's id.
pub const ROOT_ID: &str = "ROOT_ID";
/// The grid's id (the root's child when there are no top-level tabs).
pub const GRID_ID: &str = "GRID_ID";
/// The dashboard header's id (its `meta.text` is the dashboard title).
pub const HEADER_ID: &str = "HEADER_ID";
/// The key of the layout version (`"v2"`), the one entry of `position_json` that is not a
/// component.
pub const VERSION_KEY: &str = "DASHBOARD_VERSION_KEY";
/// The drop source of components dragged from the "new components" pane.
pub const NEW_COMPONENTS_SOURCE_ID: &str = "NEW_COMPONENTS_SOURCE_ID";

/// The grid has 12 columns.
pub const GRID_COLUMN_COUNT: u32 = 12;
/// A resizable component is at least one column wide.
pub const GRID_MIN_COLUMN_COUNT: u32 = 1;
/// A new chart is 4 columns wide.
pub const GRID_DEFAULT_CHART_WIDTH: u32 = 4;
/// A new chart is 50 grid units high.
pub const GRID_DEFAULT_CHART_HEIGHT: u32 = 50;
/// The grid's base unit in pixels; the gutter is two of them.
pub const GRID_BASE_UNIT: u32 = 8;
/// The gutter between components in pixels.
pub const GRID_GUTTER_SIZE: u32 = 2 * GRID_BASE_UNIT;
/// The least height a resizable component keeps, in grid units (Superset's `GRID_MIN_ROW_UNITS`).
pub const GRID_MIN_ROW_UNITS: u32 = 5;
/// The greatest height, in grid units (spec 001 §9: 65535).
pub const GRID_MAX_ROW_UNITS: u32 = 65_535;
/// The root's depth.
pub const DASHBOARD_ROOT_DEPTH: u32 = 0;

/// The header sizes of a header component (`meta.headerSize`): small, medium, large.
pub const HEADER_SIZES: [&str; 3] = ["SMALL_HEADER", "MEDIUM_HEADER", "LARGE_HEADER"];
/// A new header's size.
pub const DEFAULT_HEADER_SIZE: &str = "MEDIUM_HEADER";
/// A white background (`meta.background`).
pub const BACKGROUND_WHITE: &str = "BACKGROUND_WHITE";
/// A transparent background, the default of new rows, columns and headers.
pub const BACKGROUND_TRANSPARENT: &str = "BACKGROUND_TRANSPARENT";

/// The component types the "new components" pane creates, each with its placeholder id: the id
/// a new component has while it is dragged, before the drop gives it a fresh one.
pub const NEW_COMPONENT_PLACEHOLDERS: [(ComponentType, &str); 9] = [
    (ComponentType::Chart, "NEW_CHART_ID"),
    (ComponentType::Column, "NEW_COLUMN_ID"),
    (ComponentType::Divider, "NEW_DIVIDER_ID"),
    (ComponentType::Header, "NEW_HEADER_ID"),
    (ComponentType::Markdown, "NEW_MARKDOWN_ID"),
    (ComponentType::Row, "NEW_ROW_ID"),
    (ComponentType::Tab, "NEW_TAB_ID"),
    (ComponentType::Tabs, "NEW_TABS_ID"),
    (ComponentType::Dynamic, "NEW_DYNAMIC_ID"),
];

/// The placeholder id of a new component of `component_type` (`NEW_ROW_ID`); `None` for the
/// root and the grid, which are never created by a drop.
pub fn new_component_placeholder_id(component_type: ComponentType) -> Option<&'static str> {
    NEW_COMPONENT_PLACEHOLDERS
        .iter()
        .find(|(placeholder_type, _)| *placeholder_type == component_type)
        .map(|(_, id)| *id)
}

/// The grid's sizes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GridConstants {
    pub column_count: u32,
    pub min_column_count: u32,
    pub base_unit: u32,
    pub gutter_size: u32,
    pub default_chart_width: u32,
    pub default_chart_height: u32,
    pub min_row_units: u32,
    pub max_row_units: u32,
}

/// Every layout constant, for the web client.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LayoutConstants {
    pub root_id: &'static str,
    pub grid_id: &'static str,
    pub header_id: &'static str,
    pub version_key: &'static str,
    pub new_components_source_id: &'static str,
    /// Placeholder ids by component type (`{"ROW": "NEW_ROW_ID", ...}`).
    pub new_component_ids: Vec<(ComponentType, &'static str)>,
    pub component_types: Vec<ComponentType>,
    pub grid: GridConstants,
    pub header_sizes: Vec<&'static str>,
    pub backgrounds: Vec<&'static str>,
}

/// The layout constants as one object.
pub fn layout_constants() -> LayoutConstants {
    LayoutConstants {
        root_id: ROOT_ID,
        grid_id: GRID_ID,
        header_id: HEADER_ID,
        version_key: VERSION_KEY,
        new_components_source_id: NEW_COMPONENTS_SOURCE_ID,
        new_component_ids: NEW_COMPONENT_PLACEHOLDERS.to_vec(),
        component_types: ComponentType::ALL.to_vec(),
        grid: GridConstants {
            column_count: GRID_COLUMN_COUNT,
            min_column_count: GRID_MIN_COLUMN_COUNT,
            base_unit: GRID_BASE_UNIT,
            gutter_size: GRID_GUTTER_SIZE,
            default_chart_width: GRID_DEFAULT_CHART_WIDTH,
            default_chart_height: GRID_DEFAULT_CHART_HEIGHT,
            min_row_units: GRID_MIN_ROW_UNITS,
            max_row_units: GRID_MAX_ROW_UNITS,
        },
        header_sizes: HEADER_SIZES.to_vec(),
        backgrounds: vec![BACKGROUND_WHITE, BACKGROUND_TRANSPARENT],
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_constants_are_the_spec_values() {
        let constants = serde_json::to_value(layout_constants()).unwrap();
        assert_eq!(
            constants,
            json!({
                "rootId": "ROOT_ID", "gridId": "GRID_ID", "headerId": "HEADER_ID",
                "versionKey": "DASHBOARD_VERSION_KEY", "newComponentsSourceId": "NEW_COMPONENTS_SOURCE_ID",
                "newComponentIds": [
                    ["CHART", "NEW_CHART_ID"], ["COLUMN", "NEW_COLUMN_ID"], ["DIVIDER", "NEW_DIVIDER_ID"],
                    ["HEADER", "NEW_HEADER_ID"], ["MARKDOWN", "NEW_MARKDOWN_ID"], ["ROW", "NEW_ROW_ID"],
                    ["TAB", "NEW_TAB_ID"], ["TABS", "NEW_TABS_ID"], ["DYNAMIC", "NEW_DYNAMIC_ID"],
                ],
                "componentTypes": [
                    "ROOT", "GRID", "HEADER", "ROW", "COLUMN", "CHART", "MARKDOWN", "DIVIDER", "TABS", "TAB", "DYNAMIC",
                ],
                "grid": {
                    "columnCount": 12, "minColumnCount": 1, "baseUnit": 8, "gutterSize": 16,
                    "defaultChartWidth": 4, "defaultChartHeight": 50, "minRowUnits": 5, "maxRowUnits": 65535,
                },
                "headerSizes": ["SMALL_HEADER", "MEDIUM_HEADER", "LARGE_HEADER"],
                "backgrounds": ["BACKGROUND_WHITE", "BACKGROUND_TRANSPARENT"],
            })
        );
    }

    #[test]
    fn every_creatable_type_has_a_placeholder() {
        assert_eq!(
            new_component_placeholder_id(ComponentType::Tabs),
            Some("NEW_TABS_ID")
        );
        assert_eq!(
            new_component_placeholder_id(ComponentType::Chart),
            Some("NEW_CHART_ID")
        );
        assert_eq!(new_component_placeholder_id(ComponentType::Root), None);
        assert_eq!(new_component_placeholder_id(ComponentType::Grid), None);
        for component_type in ComponentType::ALL {
            let expected = format!("NEW_{}_ID", component_type.as_str());
            let is_creatable = !matches!(component_type, ComponentType::Root | ComponentType::Grid);
            assert_eq!(
                new_component_placeholder_id(component_type).map(str::to_owned),
                is_creatable.then_some(expected)
            );
        }
    }
}
