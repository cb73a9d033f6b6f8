//! Where a dragged component would land on a drop target (Superset's `getDropPosition`): as a
//! child or as a sibling, decided by the pointer's distance to the target's edges (20 px) and by
//! the target's orientation (spec 001 §4).

use serde::{Deserialize, Serialize};

use super::rules::is_valid_child;
use super::ComponentType;

/// How close (px) the pointer must be to an edge to drop beside the target rather than into it,
/// and to a non-shallow target's edge to consider it at all.
pub const DROP_EDGE_THRESHOLD_PX: f64 = 20.0;

/// Where the dragged component lands relative to the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DropPosition {
    #[serde(rename = "DROP_TOP")]
    Top,
    #[serde(rename = "DROP_RIGHT")]
    Right,
    #[serde(rename = "DROP_BOTTOM")]
    Bottom,
    #[serde(rename = "DROP_LEFT")]
    Left,
    #[serde(rename = "DROP_FORBIDDEN")]
    Forbidden,
}

/// How the target lays out its children: a row side by side, a column (the default) stacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Orientation {
    Row,
    Column,
}

/// A component as the drop target sees it: its id, type, whether it has children, and the ids
/// of its ancestors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetComponent {
    pub id: String,
    #[serde(rename = "type")]
    pub component_type: ComponentType,
    #[serde(default)]
    pub has_children: bool,
    #[serde(default)]
    pub parents: Vec<String>,
}

/// The component being dragged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraggedItem {
    pub id: String,
    #[serde(rename = "type")]
    pub component_type: ComponentType,
}

/// A point in client pixels.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// A bounding rectangle in client pixels.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rect {
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
    pub left: f64,
}

/// A drop target under the pointer: the component, its parent, its depth, its orientation,
/// whether it is the innermost target (`shallow`), its rectangle and the pointer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DropTarget {
    pub component: TargetComponent,
    #[serde(default)]
    pub parent: Option<TargetComponent>,
    pub depth: u32,
    #[serde(default)]
    pub orientation: Option<Orientation>,
    #[serde(default)]
    pub is_dragging_over_shallow: bool,
    #[serde(default)]
    pub rect: Option<Rect>,
    #[serde(default)]
    pub pointer: Option<Point>,
}

/// Where `dragging` lands on `target`, or `None` when the target shows no indicator.
///
/// Example: a chart dragged over a row (orientation `row`) in the grid may go into the row or
/// beside it; 10 px from the row's top edge it goes above it (`Top`), in the middle it goes into
/// the row, after its last child (`Right`).
pub fn drop_position_for_pointer(dragging: &DraggedItem, target: &DropTarget) -> Option<DropPosition> {
    let component = &target.component;
    if dragging.id == component.id {
        return None;
    }
    // A container cannot receive itself, nor go into its own descendants.
    let is_self_or_descendant =
        |candidate: &TargetComponent| candidate.id == dragging.id || candidate.parents.contains(&dragging.id);
    if is_self_or_descendant(component) || target.parent.as_ref().is_some_and(is_self_or_descendant) {
        return Some(DropPosition::Forbidden);
    }

    let valid_child = is_valid_child(component.component_type, dragging.component_type, target.depth);
    let valid_sibling = target.parent.as_ref().is_some_and(|parent| {
        let parent_keeps_depth = matches!(parent.component_type, ComponentType::Tab | ComponentType::Tabs);
        let parent_depth = if parent_keeps_depth {
            Some(target.depth)
        } else {
            target.depth.checked_sub(1)
        };
        parent_depth
            .is_some_and(|depth| is_valid_child(parent.component_type, dragging.component_type, depth))
    });
    if !valid_child && !valid_sibling {
        return Some(DropPosition::Forbidden);
    }

    let is_row = target.orientation == Some(Orientation::Row);
    let drop_as_child = || match (is_row, component.has_children) {
        (true, true) => DropPosition::Right,
        (true, false) => DropPosition::Left,
        (false, true) => DropPosition::Bottom,
        (false, false) => DropPosition::Top,
    };
    if valid_child && !valid_sibling {
        return Some(drop_as_child());
    }

    let (rect, pointer) = (target.rect?, target.pointer?);
    let delta_top = (pointer.y - rect.top).abs();
    let delta_bottom = (pointer.y - rect.bottom).abs();
    let delta_left = (pointer.x - rect.left).abs();
    let delta_right = (pointer.x - rect.right).abs();
    let is_far_from_every_edge = [delta_top, delta_bottom, delta_left, delta_right]
        .iter()
        .all(|delta| *delta > DROP_EDGE_THRESHOLD_PX);
    if !target.is_dragging_over_shallow && is_far_from_every_edge {
        return None;
    }

    // Siblings of a row sit above and below it; siblings in a column sit left and right.
    let siblings_side_by_side = !is_row;
    if !valid_child {
        return Some(if siblings_side_by_side {
            let middle_x = rect.left + (rect.right - rect.left) / 2.0;
            if pointer.x < middle_x {
                DropPosition::Left
            } else {
                DropPosition::Right
            }
        } else {
            let middle_y = rect.top + (rect.bottom - rect.top) / 2.0;
            if pointer.y < middle_y {
                DropPosition::Top
            } else {
                DropPosition::Bottom
            }
        });
    }

    if siblings_side_by_side {
        if delta_left < DROP_EDGE_THRESHOLD_PX {
            return Some(DropPosition::Left);
        }
        if delta_right < DROP_EDGE_THRESHOLD_PX {
            return Some(DropPosition::Right);
        }
    } else {
        if delta_top < DROP_EDGE_THRESHOLD_PX {
            return Some(DropPosition::Top);
        }
        if delta_bottom < DROP_EDGE_THRESHOLD_PX {
            return Some(DropPosition::Bottom);
        }
    }
    Some(drop_as_child())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn component(id: &str, component_type: ComponentType, has_children: bool) -> TargetComponent {
        TargetComponent {
            id: id.to_owned(),
            component_type,
            has_children,
            parents: vec!["ROOT_ID".to_owned(), "GRID_ID".to_owned()],
        }
    }

    fn chart() -> DraggedItem {
        DraggedItem {
            id: "CHART-9".to_owned(),
            component_type: ComponentType::Chart,
        }
    }

    /// A row in the grid, 0..400 wide and 100..300 high, with the pointer at `(x, y)`.
    fn row_in_grid(x: f64, y: f64, shallow: bool) -> DropTarget {
        DropTarget {
            component: component("ROW-1", ComponentType::Row, true),
            parent: Some(TargetComponent {
                id: "GRID_ID".to_owned(),
                component_type: ComponentType::Grid,
                has_children: true,
                parents: vec!["ROOT_ID".to_owned()],
            }),
            depth: 2,
            orientation: Some(Orientation::Row),
            is_dragging_over_shallow: shallow,
            rect: Some(Rect {
                top: 100.0,
                right: 400.0,
                bottom: 300.0,
                left: 0.0,
            }),
            pointer: Some(Point { x, y }),
        }
    }

    #[test]
    fn near_an_edge_the_chart_goes_beside_the_row_otherwise_into_it() {
        assert_eq!(
            drop_position_for_pointer(&chart(), &row_in_grid(200.0, 110.0, true)),
            Some(DropPosition::Top)
        );
        assert_eq!(
            drop_position_for_pointer(&chart(), &row_in_grid(200.0, 285.0, true)),
            Some(DropPosition::Bottom)
        );
        assert_eq!(
            drop_position_for_pointer(&chart(), &row_in_grid(200.0, 200.0, true)),
            Some(DropPosition::Right)
        );
    }

    #[test]
    fn a_non_shallow_target_far_from_its_edges_shows_nothing() {
        assert_eq!(
            drop_position_for_pointer(&chart(), &row_in_grid(200.0, 200.0, false)),
            None
        );
        assert_eq!(
            drop_position_for_pointer(&chart(), &row_in_grid(200.0, 105.0, false)),
            Some(DropPosition::Top)
        );
    }

    #[test]
    fn dropping_on_itself_shows_nothing_and_into_a_descendant_is_forbidden() {
        let mut target = row_in_grid(200.0, 200.0, true);
        let itself = DraggedItem {
            id: "ROW-1".to_owned(),
            component_type: ComponentType::Row,
        };
        assert_eq!(drop_position_for_pointer(&itself, &target), None);
        target.component.parents.push("TABS-1".to_owned());
        let tabs = DraggedItem {
            id: "TABS-1".to_owned(),
            component_type: ComponentType::Tabs,
        };
        assert_eq!(
            drop_position_for_pointer(&tabs, &target),
            Some(DropPosition::Forbidden)
        );
    }

    #[test]
    fn a_type_that_fits_neither_inside_nor_beside_is_forbidden() {
        let tab = DraggedItem {
            id: "TAB-1".to_owned(),
            component_type: ComponentType::Tab,
        };
        assert_eq!(
            drop_position_for_pointer(&tab, &row_in_grid(200.0, 200.0, true)),
            Some(DropPosition::Forbidden)
        );
    }

    #[test]
    fn only_as_a_child_needs_no_pointer() {
        let target = DropTarget {
            component: component("GRID_ID", ComponentType::Grid, false),
            parent: Some(component("ROOT_ID", ComponentType::Root, true)),
            depth: 1,
            orientation: Some(Orientation::Column),
            is_dragging_over_shallow: true,
            rect: None,
            pointer: None,
        };
        assert_eq!(
            drop_position_for_pointer(&chart(), &target),
            Some(DropPosition::Top)
        );
    }

    #[test]
    fn only_as_a_sibling_in_a_row_picks_the_nearer_half() {
        // A chart inside a row: another chart cannot go into it, only beside it.
        let target = DropTarget {
            component: component("CHART-1", ComponentType::Chart, false),
            parent: Some(component("ROW-1", ComponentType::Row, true)),
            depth: 3,
            orientation: Some(Orientation::Column),
            is_dragging_over_shallow: true,
            rect: Some(Rect {
                top: 0.0,
                right: 100.0,
                bottom: 100.0,
                left: 0.0,
            }),
            pointer: Some(Point { x: 30.0, y: 50.0 }),
        };
        assert_eq!(
            drop_position_for_pointer(&chart(), &target),
            Some(DropPosition::Left)
        );
        let right_half = DropTarget {
            pointer: Some(Point { x: 70.0, y: 50.0 }),
            ..target
        };
        assert_eq!(
            drop_position_for_pointer(&chart(), &right_half),
            Some(DropPosition::Right)
        );
    }
}
