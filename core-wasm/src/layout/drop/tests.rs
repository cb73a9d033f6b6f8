use serde_json::{json, Value};

use super::*;
use crate::layout::GRID_ID;

/// ROOT_ID > GRID_ID > ROW-1 [CHART-1 (4), CHART-2 (4)], ROW-2 [CHART-3 (6), CHART-4 (6)],
/// TABS-1 > TAB-1 > ROW-3 [CHART-5 (4)].
fn dashboard() -> DashboardLayout {
    let component = |id: &str, kind: &str, children: Value, width: Option<u32>| {
        let meta = width.map_or(json!({}), |width| json!({"width": width, "height": 50}));
        (
            id.to_owned(),
            json!({"id": id, "type": kind, "children": children, "meta": meta}),
        )
    };
    let entries = [
        component("ROOT_ID", "ROOT", json!(["GRID_ID"]), None),
        component("GRID_ID", "GRID", json!(["ROW-1", "ROW-2", "TABS-1"]), None),
        component("ROW-1", "ROW", json!(["CHART-1", "CHART-2"]), None),
        component("ROW-2", "ROW", json!(["CHART-3", "CHART-4"]), None),
        component("TABS-1", "TABS", json!(["TAB-1"]), None),
        component("TAB-1", "TAB", json!(["ROW-3"]), None),
        component("ROW-3", "ROW", json!(["CHART-5"]), None),
        component("CHART-1", "CHART", json!([]), Some(4)),
        component("CHART-2", "CHART", json!([]), Some(4)),
        component("CHART-3", "CHART", json!([]), Some(6)),
        component("CHART-4", "CHART", json!([]), Some(6)),
        component("CHART-5", "CHART", json!([]), Some(4)),
    ];
    let mut layout: DashboardLayout =
        serde_json::from_value(Value::Object(entries.into_iter().collect())).unwrap();
    layout.update_parents();
    layout
}

fn location(id: &str, component_type: ComponentType, index: usize) -> DropLocation {
    DropLocation {
        id: id.to_owned(),
        component_type: Some(component_type),
        index,
    }
}

fn moving(
    id: &str,
    component_type: ComponentType,
    source: DropLocation,
    destination: DropLocation,
) -> DropResult {
    DropResult {
        source,
        destination: Some(destination),
        dragging: DraggedComponent {
            id: id.to_owned(),
            component_type,
            meta: None,
        },
        position: None,
    }
}

fn children(layout: &DashboardLayout, id: &str) -> Vec<String> {
    layout.get(id).unwrap().children.clone()
}

#[test]
fn a_chart_moves_into_a_row_with_room_and_takes_its_path() {
    let drop = moving(
        "CHART-1",
        ComponentType::Chart,
        location("ROW-1", ComponentType::Row, 0),
        location("ROW-3", ComponentType::Row, 0),
    );
    let outcome = apply_drop(&dashboard(), &drop, &[]).unwrap();
    assert!(outcome.changed);
    assert!(outcome.warnings.is_empty());
    assert_eq!(children(&outcome.layout, "ROW-1"), ["CHART-2"]);
    assert_eq!(children(&outcome.layout, "ROW-3"), ["CHART-1", "CHART-5"]);
    assert_eq!(
        outcome.layout.get("CHART-1").unwrap().parents,
        Some(
            vec!["ROOT_ID", "GRID_ID", "TABS-1", "TAB-1", "ROW-3"]
                .into_iter()
                .map(str::to_owned)
                .collect()
        )
    );
    assert_eq!(outcome.layout.get("CHART-1").unwrap().meta.width, Some(4));
}

#[test]
fn a_full_row_refuses_a_chart_with_the_spec_message() {
    let drop = moving(
        "CHART-1",
        ComponentType::Chart,
        location("ROW-1", ComponentType::Row, 0),
        location("ROW-2", ComponentType::Row, 1),
    );
    let error = apply_drop(&dashboard(), &drop, &[]).unwrap_err();
    assert_eq!(error, LayoutError::NotEnoughSpace);
    assert_eq!(
        error.to_string(),
        "There is not enough space for this component. Try decreasing its width, or increasing the destination width."
    );
}

#[test]
fn a_chart_shrinks_to_the_room_left() {
    let mut layout = dashboard();
    layout.components.get_mut("CHART-1").unwrap().meta.width = Some(10);
    let drop = moving(
        "CHART-1",
        ComponentType::Chart,
        location("ROW-1", ComponentType::Row, 0),
        location("ROW-3", ComponentType::Row, 1),
    );
    let outcome = apply_drop(&layout, &drop, &[]).unwrap();
    assert_eq!(outcome.layout.get("CHART-1").unwrap().meta.width, Some(8));
}

#[test]
fn moving_the_last_chart_out_of_a_row_deletes_the_row_and_warns_across_filter_scopes() {
    let drop = moving(
        "CHART-5",
        ComponentType::Chart,
        location("ROW-3", ComponentType::Row, 0),
        location("ROW-1", ComponentType::Row, 2),
    );
    let outcome = apply_drop(&dashboard(), &drop, &["TAB-1".to_owned()]).unwrap();
    assert!(outcome.layout.get("ROW-3").is_none());
    assert!(children(&outcome.layout, "TAB-1").is_empty());
    assert_eq!(
        children(&outcome.layout, "ROW-1"),
        ["CHART-1", "CHART-2", "CHART-5"]
    );
    assert_eq!(outcome.warnings, vec![LayoutWarning::MovedToDifferentFilterScope]);
    assert_eq!(
        outcome.warnings[0].to_string(),
        "This chart has been moved to a different filter scope."
    );
}

#[test]
fn reordering_within_a_row_keeps_the_width() {
    let drop = moving(
        "CHART-2",
        ComponentType::Chart,
        location("ROW-1", ComponentType::Row, 1),
        location("ROW-1", ComponentType::Row, 0),
    );
    let outcome = apply_drop(&dashboard(), &drop, &[]).unwrap();
    assert_eq!(children(&outcome.layout, "ROW-1"), ["CHART-2", "CHART-1"]);
    assert_eq!(outcome.layout.get("CHART-2").unwrap().meta.width, Some(4));
}

#[test]
fn a_new_chart_dropped_in_the_grid_is_wrapped_in_a_new_row() {
    let drop = DropResult {
        source: DropLocation {
            id: NEW_COMPONENTS_SOURCE_ID.to_owned(),
            component_type: None,
            index: 0,
        },
        destination: Some(location(GRID_ID, ComponentType::Grid, 0)),
        dragging: DraggedComponent {
            id: "NEW_CHART_ID".to_owned(),
            component_type: ComponentType::Chart,
            meta: Some(ComponentMeta {
                chart_id: Some(42),
                slice_name: Some("Births".to_owned()),
                ..ComponentMeta::default()
            }),
        },
        position: Some(DropPosition::Top),
    };
    let outcome = apply_drop(&dashboard(), &drop, &[]).unwrap();
    assert_eq!(
        children(&outcome.layout, GRID_ID),
        ["ROW-4", "ROW-1", "ROW-2", "TABS-1"]
    );
    assert_eq!(children(&outcome.layout, "ROW-4"), ["CHART-6"]);
    let chart = outcome.layout.get("CHART-6").unwrap();
    assert_eq!(
        (chart.meta.chart_id, chart.meta.width, chart.meta.height),
        (Some(42), Some(4), Some(50))
    );
    assert_eq!(chart.meta.slice_name.as_deref(), Some("Births"));
}

#[test]
fn new_tabs_on_the_root_take_the_grid_content_into_their_first_tab() {
    let drop = DropResult {
        source: DropLocation {
            id: NEW_COMPONENTS_SOURCE_ID.to_owned(),
            component_type: None,
            index: 0,
        },
        destination: Some(location(ROOT_ID, ComponentType::Root, 0)),
        dragging: DraggedComponent {
            id: "NEW_TABS_ID".to_owned(),
            component_type: ComponentType::Tabs,
            meta: None,
        },
        position: None,
    };
    let outcome = apply_drop(&dashboard(), &drop, &[]).unwrap();
    assert_eq!(children(&outcome.layout, ROOT_ID), ["TABS-2"]);
    assert_eq!(children(&outcome.layout, "TABS-2"), ["TAB-2"]);
    assert_eq!(children(&outcome.layout, "TAB-2"), ["ROW-1", "ROW-2", "TABS-1"]);
    assert!(children(&outcome.layout, GRID_ID).is_empty());
    let tab = outcome.layout.get("TAB-2").unwrap();
    assert_eq!(tab.meta.other.get("defaultText"), Some(&json!("Tab title")));
}

#[test]
fn a_top_level_tab_cannot_go_into_nested_tabs() {
    let mut layout = dashboard();
    let tabs_drop = moving(
        "TABS-1",
        ComponentType::Tabs,
        location(GRID_ID, ComponentType::Grid, 2),
        location(ROOT_ID, ComponentType::Root, 0),
    );
    layout = apply_drop(&layout, &tabs_drop, &[]).unwrap().layout;
    assert_eq!(children(&layout, ROOT_ID), ["TABS-1"]);
    assert_eq!(children(&layout, "TAB-1"), ["ROW-3", "ROW-1", "ROW-2"]);

    // A second top-level tab, then nested tabs inside the first one.
    let new_tab = |destination| DropResult {
        source: DropLocation {
            id: NEW_COMPONENTS_SOURCE_ID.to_owned(),
            component_type: None,
            index: 0,
        },
        destination: Some(destination),
        dragging: DraggedComponent {
            id: "NEW".to_owned(),
            component_type: ComponentType::Tab,
            meta: None,
        },
        position: None,
    };
    layout = apply_drop(&layout, &new_tab(location("TABS-1", ComponentType::Tabs, 1)), &[])
        .unwrap()
        .layout;
    let nested = DropResult {
        dragging: DraggedComponent {
            id: "NEW".to_owned(),
            component_type: ComponentType::Tabs,
            meta: None,
        },
        ..new_tab(location("TAB-1", ComponentType::Tab, 0))
    };
    layout = apply_drop(&layout, &nested, &[]).unwrap().layout;
    assert_eq!(children(&layout, "TABS-1"), ["TAB-1", "TAB-2"]);
    assert_eq!(children(&layout, "TAB-1")[0], "TABS-2");

    let into_nested = moving(
        "TAB-2",
        ComponentType::Tab,
        location("TABS-1", ComponentType::Tabs, 1),
        location("TABS-2", ComponentType::Tabs, 0),
    );
    let error = apply_drop(&layout, &into_nested, &[]).unwrap_err();
    assert_eq!(error.to_string(), "Can not move top level tab into nested tabs");
}

#[test]
fn tabs_cannot_go_into_a_row_and_a_drop_outside_changes_nothing() {
    let drop = moving(
        "TABS-1",
        ComponentType::Tabs,
        location(GRID_ID, ComponentType::Grid, 2),
        location("ROW-2", ComponentType::Row, 0),
    );
    assert_eq!(
        apply_drop(&dashboard(), &drop, &[]).unwrap_err().name(),
        "InvalidChild"
    );
    let outside = DropResult {
        destination: None,
        ..drop
    };
    let outcome = apply_drop(&dashboard(), &outside, &[]).unwrap();
    assert!(!outcome.changed);
    assert_eq!(outcome.layout, dashboard());
}
