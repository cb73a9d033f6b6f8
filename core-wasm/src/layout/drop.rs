//! Applying a drop to the layout (Superset's `handleComponentDrop` and the layout reducer):
//! moving a component, creating one from the "new components" pane, turning the dashboard into
//! top-level tabs; refusing what does not fit and warning when a chart changes filter scope.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::drop_position::DropPosition;
use super::rules::{component_depths, detailed_width, is_valid_child, should_wrap_child_in_row};
use super::{
    ComponentMeta, ComponentType, DashboardLayout, LayoutComponent, LayoutError, LayoutWarning,
    BACKGROUND_TRANSPARENT, DEFAULT_HEADER_SIZE, GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_HEIGHT,
    GRID_DEFAULT_CHART_WIDTH, NEW_COMPONENTS_SOURCE_ID, ROOT_ID,
};

/// A parent and a position among its children.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropLocation {
    pub id: String,
    #[serde(rename = "type", default)]
    pub component_type: Option<ComponentType>,
    pub index: usize,
}

/// The dragged component: an existing one by id, or a new one of `type` with its `meta`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DraggedComponent {
    pub id: String,
    #[serde(rename = "type")]
    pub component_type: ComponentType,
    #[serde(default)]
    pub meta: Option<ComponentMeta>,
}

/// Superset's drop result: where the component came from (its parent, or
/// [`NEW_COMPONENTS_SOURCE_ID`]), where it goes (`None` when dropped outside), and the position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DropResult {
    pub source: DropLocation,
    #[serde(default)]
    pub destination: Option<DropLocation>,
    pub dragging: DraggedComponent,
    #[serde(default)]
    pub position: Option<DropPosition>,
}

/// The layout after a drop, whether it changed, and what to tell the user.
#[derive(Debug, Clone, PartialEq)]
pub struct DropOutcome {
    pub layout: DashboardLayout,
    pub changed: bool,
    pub warnings: Vec<LayoutWarning>,
}

/// Applies `drop` to `layout`. `filter_scope_ids` are the ids of every component some filter is
/// scoped to; moving a component across them warns.
///
/// Errors: [`LayoutError::NotEnoughSpace`] when the component does not fit the destination,
/// [`LayoutError::TopLevelTabIntoNestedTabs`] for a top-level tab dropped into nested tabs.
pub fn apply_drop(
    layout: &DashboardLayout,
    drop: &DropResult,
    filter_scope_ids: &[String],
) -> Result<DropOutcome, LayoutError> {
    let unchanged = || DropOutcome {
        layout: layout.clone(),
        changed: false,
        warnings: Vec::new(),
    };
    let Some(destination) = &drop.destination else {
        return Ok(unchanged());
    };
    if width_from_drop(layout, drop, destination)?.is_some_and(|width| width < 0) {
        return Err(LayoutError::NotEnoughSpace);
    }
    let is_new_component = drop.source.id == NEW_COMPONENTS_SOURCE_ID;
    let dragging_type = if is_new_component {
        drop.dragging.component_type
    } else {
        layout.component(&drop.dragging.id)?.component_type
    };
    let destination_component = layout.component(&destination.id)?;
    let destination_depth = component_depths(layout)
        .get(&destination.id)
        .copied()
        .unwrap_or(0);
    if !is_valid_child(
        destination_component.component_type,
        dragging_type,
        destination_depth,
    ) {
        return Err(LayoutError::InvalidChild {
            parent: destination_component.component_type.as_str().to_owned(),
            child: dragging_type.as_str().to_owned(),
        });
    }

    let top_level_id = layout.top_level_id().unwrap_or_default();
    let mut next = layout.clone();
    if destination.id == ROOT_ID {
        create_top_level_tabs(&mut next, drop, destination)?;
    } else if is_new_component {
        create_component(&mut next, layout, drop, destination)?;
    } else if drop.source.component_type == Some(ComponentType::Tabs)
        && destination.component_type == Some(ComponentType::Tabs)
        && drop.source.id == top_level_id
        && destination.id != top_level_id
    {
        return Err(LayoutError::TopLevelTabIntoNestedTabs);
    } else if destination.id != drop.source.id || destination.index != drop.source.index {
        move_component(&mut next, layout, drop, destination)?;
    }

    let mut warnings = Vec::new();
    if !is_new_component {
        // Paths as they were before an emptied source is deleted (Superset reads them then).
        let path_of = |id: &str| -> BTreeSet<String> {
            let mut path: BTreeSet<String> = next
                .get(id)
                .and_then(|component| component.parents.clone())
                .unwrap_or_default()
                .into_iter()
                .collect();
            path.insert(id.to_owned());
            path
        };
        let (source_path, destination_path) = (path_of(&drop.source.id), path_of(&destination.id));
        let crosses_scope = filter_scope_ids
            .iter()
            .any(|scope| source_path.contains(scope) != destination_path.contains(scope));
        if crosses_scope {
            warnings.push(LayoutWarning::MovedToDifferentFilterScope);
        }
        delete_source_left_empty(&mut next, &drop.source.id);
    }
    next.update_parents();
    let changed = next != *layout;
    Ok(DropOutcome {
        layout: next,
        changed,
        warnings,
    })
}

/// A new component's meta (Superset's `newComponentFactory` defaults) with `meta` on top.
fn new_component(
    layout: &DashboardLayout,
    component_type: ComponentType,
    meta: Option<&ComponentMeta>,
) -> LayoutComponent {
    let mut component = LayoutComponent::new(layout.fresh_id(component_type), component_type);
    let defaults = &mut component.meta;
    let transparent = || Value::from(BACKGROUND_TRANSPARENT);
    match component_type {
        ComponentType::Chart | ComponentType::Markdown => {
            defaults.width = Some(GRID_DEFAULT_CHART_WIDTH);
            defaults.height = Some(GRID_DEFAULT_CHART_HEIGHT);
        }
        ComponentType::Column => {
            defaults.width = Some(GRID_DEFAULT_CHART_WIDTH);
            defaults.other.insert("background".to_owned(), transparent());
        }
        ComponentType::Header => {
            defaults.text = Some("New header".to_owned());
            defaults
                .other
                .insert("headerSize".to_owned(), Value::from(DEFAULT_HEADER_SIZE));
            defaults.other.insert("background".to_owned(), transparent());
        }
        ComponentType::Row => {
            defaults.other.insert("background".to_owned(), transparent());
        }
        ComponentType::Tab => {
            defaults.text = Some(String::new());
            defaults
                .other
                .insert("defaultText".to_owned(), Value::from("Tab title"));
            defaults
                .other
                .insert("placeholder".to_owned(), Value::from("Tab title"));
        }
        ComponentType::Dynamic => {
            defaults.width = Some(GRID_COLUMN_COUNT);
            defaults.other.insert("background".to_owned(), transparent());
        }
        ComponentType::Root | ComponentType::Grid | ComponentType::Divider | ComponentType::Tabs => {}
    }
    if let Some(meta) = meta {
        merge_meta(&mut component.meta, meta);
    }
    component
}

/// `{...defaults, ...meta}`.
fn merge_meta(target: &mut ComponentMeta, meta: &ComponentMeta) {
    target.width = meta.width.or(target.width);
    target.height = meta.height.or(target.height);
    target.chart_id = meta.chart_id.or(target.chart_id);
    if meta.slice_name.is_some() {
        target.slice_name.clone_from(&meta.slice_name);
    }
    if meta.text.is_some() {
        target.text.clone_from(&meta.text);
    }
    for (key, value) in &meta.other {
        target.other.insert(key.clone(), value.clone());
    }
}

/// Superset's `getComponentWidthFromDrop`: the dragged component's width in the destination,
/// shrunk to the room left when it can shrink that far, `-1` when it cannot; `None` when
/// widths do not apply.
fn width_from_drop(
    layout: &DashboardLayout,
    drop: &DropResult,
    destination: &DropLocation,
) -> Result<Option<i64>, LayoutError> {
    let component = if drop.source.id == NEW_COMPONENTS_SOURCE_ID {
        new_component(layout, drop.dragging.component_type, None)
    } else {
        layout.component(&drop.dragging.id)?.clone()
    };
    if drop.source.id == destination.id {
        return Ok(component.meta.width.map(i64::from));
    }
    let dragging = detailed_width(layout, &component);
    let destination_width = detailed_width(layout, layout.component(&destination.id)?);
    let difference = |width: Option<i64>, occupied: Option<i64>| width.zip(occupied).map(|(w, o)| w - o);
    let mut capacity = difference(destination_width.width, destination_width.occupied_width);
    if capacity.is_none() {
        let grandparent = layout.parent_id(&destination.id).and_then(|id| layout.get(id));
        capacity = grandparent.and_then(|grandparent| {
            let width = detailed_width(layout, grandparent);
            difference(width.width, width.occupied_width)
        });
    }
    let (Some(capacity), Some(dragging_width)) = (capacity, dragging.width) else {
        return Ok(dragging.width);
    };
    if capacity >= dragging_width {
        return Ok(Some(dragging_width));
    }
    if dragging.minimum_width.is_some_and(|minimum| capacity >= minimum) {
        return Ok(Some(capacity));
    }
    Ok(Some(-1))
}

/// Puts a new component at the destination, in a new row when the destination is the grid or a
/// tab, with a first tab when it is tabs (Superset's `newEntitiesFromDrop`).
fn create_component(
    next: &mut DashboardLayout,
    before: &DashboardLayout,
    drop: &DropResult,
    destination: &DropLocation,
) -> Result<String, LayoutError> {
    let drop_type = before.component(&destination.id)?.component_type;
    let dragging_type = drop.dragging.component_type;
    let mut child = new_component(next, dragging_type, drop.dragging.meta.as_ref());
    if dragging_type.is_resizable() {
        child.meta.width = width_from_drop(before, drop, destination)?
            .filter(|width| *width > 0)
            .and_then(|width| u32::try_from(width).ok());
    }
    let child_id = child.id.clone();
    next.insert(child);
    let mut inserted_id = child_id.clone();
    if should_wrap_child_in_row(drop_type, dragging_type) {
        let mut row = new_component(next, ComponentType::Row, None);
        row.children = vec![child_id];
        inserted_id = row.id.clone();
        next.insert(row);
    } else if dragging_type == ComponentType::Tabs {
        let tab = new_component(next, ComponentType::Tab, None);
        let tab_id = tab.id.clone();
        next.insert(tab);
        next.component_mut(&child_id)?.children = vec![tab_id];
    }
    let destination_component = next.component_mut(&destination.id)?;
    let index = destination.index.min(destination_component.children.len());
    destination_component.children.insert(index, inserted_id.clone());
    Ok(inserted_id)
}

/// Turns the dashboard into top-level tabs: the dragged (or a new) tabs component becomes the
/// root's child and its first tab receives what the grid held.
fn create_top_level_tabs(
    next: &mut DashboardLayout,
    drop: &DropResult,
    destination: &DropLocation,
) -> Result<(), LayoutError> {
    let top_level_id = next.top_level_id().unwrap_or_default().to_owned();
    let top_level_children = next.component(&top_level_id)?.children.clone();
    let (tabs_id, moved_children) = if drop.source.id == NEW_COMPONENTS_SOURCE_ID {
        let before = next.clone();
        let tabs_id = create_component(next, &before, drop, destination)?;
        (tabs_id, top_level_children)
    } else {
        let moved = top_level_children
            .into_iter()
            .filter(|child| *child != drop.dragging.id)
            .collect();
        (drop.dragging.id.clone(), moved)
    };
    let first_tab_id = next
        .component(&tabs_id)?
        .children
        .first()
        .cloned()
        .ok_or_else(|| LayoutError::UnknownComponent {
            id: format!("{tabs_id} (first tab)"),
        })?;
    next.component_mut(&first_tab_id)?.children.extend(moved_children);
    next.component_mut(&top_level_id)?.children.clear();
    next.component_mut(ROOT_ID)?.children = vec![tabs_id];
    Ok(())
}

/// Moves the dragged component from the source to the destination (Superset's `reorderItem`),
/// resizes it to the room left, and wraps it in a row in the grid or a tab.
fn move_component(
    next: &mut DashboardLayout,
    before: &DashboardLayout,
    drop: &DropResult,
    destination: &DropLocation,
) -> Result<(), LayoutError> {
    reorder(next, drop, destination)?;
    let dragging_type = before.component(&drop.dragging.id)?.component_type;
    if dragging_type.is_resizable() {
        let width = width_from_drop(before, drop, destination)?
            .filter(|width| *width != 0)
            .and_then(|width| u32::try_from(width).ok());
        next.component_mut(&drop.dragging.id)?.meta.width = width;
    }
    let destination_type = destination
        .component_type
        .unwrap_or(before.component(&destination.id)?.component_type);
    if should_wrap_child_in_row(destination_type, dragging_type) {
        let row = new_component(next, ComponentType::Row, None);
        let row_id = row.id.clone();
        let destination_component = next.component_mut(&destination.id)?;
        let Some(slot) = destination_component.children.get_mut(destination.index) else {
            return Ok(());
        };
        let wrapped = std::mem::replace(slot, row_id);
        let mut row = row;
        row.children = vec![wrapped];
        next.insert(row);
    }
    Ok(())
}

/// Superset's `reorderItem`, including its index rules for tabs.
fn reorder(
    next: &mut DashboardLayout,
    drop: &DropResult,
    destination: &DropLocation,
) -> Result<(), LayoutError> {
    let source = &drop.source;
    let mut current = next.component(&source.id)?.children.clone();
    if source.index >= current.len() {
        return Err(LayoutError::InvalidSourceIndex { index: source.index });
    }
    let is_tabs = source.component_type.is_some() && destination.component_type == Some(ComponentType::Tabs);
    let mut drop_index = destination.index;
    if source.id == destination.id {
        if is_tabs {
            if drop.position == Some(DropPosition::Right) {
                drop_index += 1;
            }
            let is_right_beside =
                drop.position == Some(DropPosition::Right) && source.index == destination.index + 1;
            let is_left_beside =
                drop.position == Some(DropPosition::Left) && source.index + 1 == destination.index;
            if is_right_beside || is_left_beside {
                return Ok(());
            }
            if drop_index > source.index {
                drop_index -= 1;
            }
        }
        let moved = current.remove(source.index);
        let index = drop_index.min(current.len());
        current.insert(index, moved);
        next.component_mut(&source.id)?.children = current;
        return Ok(());
    }
    if is_tabs && drop.position == Some(DropPosition::Right) {
        drop_index = (drop_index + 1).min(current.len().saturating_sub(1));
    }
    let moved = current.remove(source.index);
    next.component_mut(&source.id)?.children = current;
    let mut destination_children = next.component(&destination.id)?.children.clone();
    let index = drop_index.min(destination_children.len());
    destination_children.insert(index, moved);
    next.component_mut(&destination.id)?.children = destination_children;
    Ok(())
}

/// A tabs or row component the drop emptied is deleted, and so is a row it leaves empty
/// (Superset's `DELETE_COMPONENT`).
fn delete_source_left_empty(next: &mut DashboardLayout, source_id: &str) {
    let is_empty_container = next.get(source_id).is_some_and(|source| {
        matches!(source.component_type, ComponentType::Tabs | ComponentType::Row)
            && source.children.is_empty()
    });
    if !is_empty_container {
        return;
    }
    let Some(parent_id) = next.parent_id(source_id).map(str::to_owned) else {
        return;
    };
    delete_recursively(next, source_id, &parent_id);
    let parent_is_empty_row = next
        .get(&parent_id)
        .is_some_and(|parent| parent.component_type == ComponentType::Row && parent.children.is_empty());
    if parent_is_empty_row {
        if let Some(grandparent_id) = next.parent_id(&parent_id).map(str::to_owned) {
            delete_recursively(next, &parent_id, &grandparent_id);
        }
    }
}

/// Removes a component, its descendants, and its id from its parent's children.
pub(super) fn delete_recursively(next: &mut DashboardLayout, id: &str, parent_id: &str) {
    let Some(component) = next.components.remove(id) else {
        return;
    };
    for child in &component.children {
        delete_recursively(next, child, id);
    }
    if let Some(parent) = next.components.get_mut(parent_id) {
        parent.children.retain(|child| child != id);
    }
}

#[cfg(test)]
mod tests;
