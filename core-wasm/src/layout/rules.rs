//! Which child a parent accepts at which depth, how deep each component sits, and how wide a
//! component is and must be (Superset's `isValidChild` and `getDetailedComponentWidth`).

use std::collections::BTreeMap;

use super::{
    ComponentType, DashboardLayout, LayoutComponent, DASHBOARD_ROOT_DEPTH, GRID_COLUMN_COUNT,
    GRID_MIN_COLUMN_COUNT, ROOT_ID,
};

/// The deepest a parent of type `parent` may sit to accept a `child`, `None` when it never
/// accepts one (spec 001 §4: root takes grid or tabs; grid takes charts, rows, tabs, markdown,
/// dividers, headers, dynamic components and columns; rows take charts, markdown, dynamic
/// components and columns; tabs take tabs; a tab takes rows, charts and the like deeper).
pub fn max_parent_depth(parent: ComponentType, child: ComponentType) -> Option<u32> {
    use ComponentType::*;
    let depth_one = DASHBOARD_ROOT_DEPTH + 1;
    let depth_three = DASHBOARD_ROOT_DEPTH + 3;
    let depth_four = DASHBOARD_ROOT_DEPTH + 4;
    let depth_five = DASHBOARD_ROOT_DEPTH + 5;
    match (parent, child) {
        (Root, Tabs | Grid) => Some(DASHBOARD_ROOT_DEPTH),
        (Grid, Chart | Dynamic | Markdown | Column | Divider | Header | Row | Tabs) => Some(depth_one),
        (Row, Chart | Dynamic | Markdown | Column) => Some(depth_four),
        (Tabs, Tab) => Some(depth_three),
        (Tab, Chart | Dynamic | Markdown | Divider | Header) => Some(depth_five),
        (Tab, Column | Row | Tabs) => Some(depth_three),
        (Column, Chart | Header | Markdown) => Some(depth_five),
        (Column, Row | Divider | Tabs) => Some(depth_three),
        _ => None,
    }
}

/// Whether a `child` may be dropped into a `parent` sitting at `parent_depth`.
///
/// Depth example: root(0) > grid(1) > row(2) > column(3) > row(4) > chart(5). Tabs and nested
/// tabs add no depth: root(0) > grid(1) > tabs(2) > tab(2) > row(2).
pub fn is_valid_child(parent: ComponentType, child: ComponentType, parent_depth: u32) -> bool {
    max_parent_depth(parent, child).is_some_and(|max_depth| parent_depth <= max_depth)
}

/// Whether a child dropped into `parent` is wrapped in a new row (Superset's
/// `shouldWrapChildInRow`): charts, columns and markdown dropped into the grid or a tab.
pub fn should_wrap_child_in_row(parent: ComponentType, child: ComponentType) -> bool {
    matches!(parent, ComponentType::Grid | ComponentType::Tab)
        && matches!(
            child,
            ComponentType::Chart | ComponentType::Column | ComponentType::Markdown
        )
}

/// The depth of every component reachable from the root, as the dashboard renders them: a
/// child is one deeper than its parent, except under tabs and under nested tabs' tabs; the
/// content of a top-level tab sits at depth 2, like the grid's.
pub fn component_depths(layout: &DashboardLayout) -> BTreeMap<String, u32> {
    let mut depths = BTreeMap::new();
    let mut pending = vec![(ROOT_ID.to_owned(), DASHBOARD_ROOT_DEPTH, false)];
    while let Some((id, depth, is_top_level)) = pending.pop() {
        if depths.contains_key(&id) {
            continue;
        }
        let Some(component) = layout.get(&id) else {
            continue;
        };
        depths.insert(id.clone(), depth);
        let keeps_depth = match component.component_type {
            ComponentType::Tabs => true,
            ComponentType::Tab => !is_top_level,
            _ => false,
        };
        let child_depth = if keeps_depth { depth } else { depth + 1 };
        // Tabs directly under the root are the top-level tabs; their tabs are top-level tabs.
        let children_are_top_level = (component.component_type == ComponentType::Root)
            || (component.component_type == ComponentType::Tabs && is_top_level);
        for child in &component.children {
            pending.push((child.clone(), child_depth, children_are_top_level));
        }
    }
    depths
}

/// A component's width, how much of it its children use, and the least it can shrink to,
/// in grid columns; `None` where Superset leaves them undefined.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DetailedWidth {
    pub width: Option<i64>,
    pub occupied_width: Option<i64>,
    pub minimum_width: Option<i64>,
}

fn total_child_width(layout: &DashboardLayout, id: &str) -> i64 {
    layout.get(id).map_or(0, |component| {
        component
            .children
            .iter()
            .filter_map(|child| layout.get(child))
            .map(|child| i64::from(child.meta.width.unwrap_or(0)))
            .sum()
    })
}

/// Superset's `getDetailedComponentWidth`: a row is as wide as its parent (12 when that has no
/// width) and occupied by its children; a column must fit its widest row.
pub fn detailed_width(layout: &DashboardLayout, component: &LayoutComponent) -> DetailedWidth {
    let width = component.meta.width.map(i64::from);
    let mut result = DetailedWidth {
        width,
        occupied_width: width,
        minimum_width: None,
    };
    let minimum_column_count = i64::from(GRID_MIN_COLUMN_COUNT);
    match component.component_type {
        ComponentType::Row => {
            let parent_width = layout
                .parent_id(&component.id)
                .and_then(|parent| layout.get(parent))
                .and_then(|parent| detailed_width(layout, parent).width)
                .filter(|width| *width != 0);
            result.width = Some(parent_width.unwrap_or(i64::from(GRID_COLUMN_COUNT)));
            let occupied = total_child_width(layout, &component.id);
            result.occupied_width = Some(occupied);
            result.minimum_width = Some(if occupied == 0 {
                minimum_column_count
            } else {
                occupied
            });
        }
        ComponentType::Column => {
            result.occupied_width = Some(0);
            let widest_row = component
                .children
                .iter()
                .filter(|child| {
                    layout
                        .get(child)
                        .is_some_and(|child| child.component_type == ComponentType::Row)
                })
                .map(|row| total_child_width(layout, row))
                .max()
                .unwrap_or(0);
            result.minimum_width = Some(minimum_column_count.max(widest_row));
        }
        ComponentType::Dynamic | ComponentType::Markdown | ComponentType::Chart => {
            result.minimum_width = Some(minimum_column_count);
        }
        _ => {}
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{empty_layout, LayoutComponent, GRID_ID};
    use ComponentType::*;

    #[test]
    fn the_spec_table_of_accepted_children() {
        assert!(is_valid_child(Root, Grid, 0));
        assert!(is_valid_child(Root, Tabs, 0));
        assert!(!is_valid_child(Root, Chart, 0));
        for child in [Chart, Row, Tabs, Markdown, Divider, Header, Dynamic, Column] {
            assert!(is_valid_child(Grid, child, 1), "{child:?}");
        }
        assert!(!is_valid_child(Grid, Tab, 1));
        for child in [Chart, Markdown, Dynamic, Column] {
            assert!(is_valid_child(Row, child, 2), "{child:?}");
        }
        assert!(!is_valid_child(Row, Row, 2));
        assert!(!is_valid_child(Row, Divider, 2));
        assert!(is_valid_child(Tabs, Tab, 2));
        assert!(!is_valid_child(Tabs, Row, 2));
        for leaf in [Chart, Markdown, Divider, Header, Dynamic] {
            assert!(!is_valid_child(leaf, Chart, 2), "{leaf:?}");
        }
    }

    #[test]
    fn depth_limits_run_from_one_to_five() {
        assert!(!is_valid_child(Grid, Row, 2));
        assert!(is_valid_child(Row, Chart, 4));
        assert!(!is_valid_child(Row, Chart, 5));
        assert!(is_valid_child(Column, Row, 3));
        assert!(!is_valid_child(Column, Row, 4));
        assert!(is_valid_child(Tab, Chart, 5));
        assert!(!is_valid_child(Tab, Row, 4));
        assert!(!is_valid_child(Tabs, Tab, 4));
    }

    #[test]
    fn depths_follow_the_rendering_rules() {
        let mut layout = empty_layout();
        let add = |layout: &mut DashboardLayout, parent: &str, id: &str, component_type| {
            layout.insert(LayoutComponent::new(id, component_type));
            layout.component_mut(parent).unwrap().children.push(id.to_owned());
        };
        add(&mut layout, GRID_ID, "TABS-1", Tabs);
        add(&mut layout, "TABS-1", "TAB-1", Tab);
        add(&mut layout, "TAB-1", "ROW-1", Row);
        add(&mut layout, "ROW-1", "COLUMN-1", Column);
        add(&mut layout, "COLUMN-1", "ROW-2", Row);
        add(&mut layout, "ROW-2", "CHART-1", Chart);
        let depths = component_depths(&layout);
        let depth = |id: &str| depths[id];
        assert_eq!(
            [
                depth("ROOT_ID"),
                depth("GRID_ID"),
                depth("TABS-1"),
                depth("TAB-1"),
                depth("ROW-1")
            ],
            [0, 1, 2, 2, 2]
        );
        assert_eq!([depth("COLUMN-1"), depth("ROW-2"), depth("CHART-1")], [3, 4, 5]);

        let mut top_tabs = empty_layout();
        top_tabs.insert(LayoutComponent::new("TABS-T", Tabs));
        top_tabs.component_mut(ROOT_ID).unwrap().children = vec!["TABS-T".to_owned()];
        add(&mut top_tabs, "TABS-T", "TAB-T", Tab);
        add(&mut top_tabs, "TAB-T", "TABS-N", Tabs);
        add(&mut top_tabs, "TABS-N", "TAB-N", Tab);
        add(&mut top_tabs, "TAB-N", "ROW-N", Row);
        let depths = component_depths(&top_tabs);
        assert_eq!(
            [
                depths["TABS-T"],
                depths["TAB-T"],
                depths["TABS-N"],
                depths["TAB-N"],
                depths["ROW-N"]
            ],
            [1, 1, 2, 2, 2]
        );
    }

    #[test]
    fn rows_are_as_wide_as_the_grid_and_occupied_by_their_children() {
        let mut layout = empty_layout();
        let mut row = LayoutComponent::new("ROW-1", Row);
        row.children = vec!["CHART-1".to_owned(), "CHART-2".to_owned()];
        layout.insert(row);
        for (id, width) in [("CHART-1", 4), ("CHART-2", 6)] {
            let mut chart = LayoutComponent::new(id, Chart);
            chart.meta.width = Some(width);
            layout.insert(chart);
        }
        layout
            .component_mut(GRID_ID)
            .unwrap()
            .children
            .push("ROW-1".to_owned());
        let row = layout.get("ROW-1").unwrap();
        assert_eq!(
            detailed_width(&layout, row),
            DetailedWidth {
                width: Some(12),
                occupied_width: Some(10),
                minimum_width: Some(10)
            }
        );
        let chart = layout.get("CHART-1").unwrap();
        assert_eq!(detailed_width(&layout, chart).minimum_width, Some(1));
    }
}
