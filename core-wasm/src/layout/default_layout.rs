//! Layouts made on load (spec 001 §4): a dashboard without a layout gets a root with one grid;
//! charts missing from the layout are added in new rows of the first container, three
//! 4-column charts to a row (Superset's `hydrateDashboard`).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{
    ComponentType, DashboardLayout, LayoutComponent, GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_HEIGHT,
    GRID_DEFAULT_CHART_WIDTH, GRID_ID, ROOT_ID,
};

/// A chart of the dashboard: its id and, when known, its name (copied to `meta.sliceName`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChartPlacement {
    pub id: i64,
    #[serde(default)]
    pub name: Option<String>,
}

/// Superset's empty layout: version `v2`, the root and an empty grid.
pub fn empty_layout() -> DashboardLayout {
    let mut root = LayoutComponent::new(ROOT_ID, ComponentType::Root);
    root.children = vec![GRID_ID.to_owned()];
    let mut grid = LayoutComponent::new(GRID_ID, ComponentType::Grid);
    grid.parents = Some(vec![ROOT_ID.to_owned()]);
    DashboardLayout {
        version: Some("v2".to_owned()),
        components: BTreeMap::from([(ROOT_ID.to_owned(), root), (GRID_ID.to_owned(), grid)]),
    }
}

/// The layout of a new dashboard holding `charts`, in rows of three.
pub fn create_default_layout(charts: &[ChartPlacement]) -> DashboardLayout {
    place_missing_charts(&empty_layout(), charts)
}

/// The container new charts go to: the first tab of top-level tabs, or the grid.
fn first_parent_container(layout: &DashboardLayout) -> Option<String> {
    let top_level = layout.get(layout.top_level_id()?)?;
    if top_level.component_type == ComponentType::Tabs {
        return top_level.children.first().cloned();
    }
    Some(top_level.id.clone())
}

/// `layout` with every chart of `charts` it lacks appended in new rows (ids
/// `CHART-explore-{id}-{n}`) and every chart's `sliceName` set to its name. An empty layout is
/// replaced by [`empty_layout`] first.
pub fn place_missing_charts(layout: &DashboardLayout, charts: &[ChartPlacement]) -> DashboardLayout {
    let mut next = if layout.components.is_empty() {
        empty_layout()
    } else {
        layout.clone()
    };
    let mut placed: BTreeMap<i64, String> = next
        .components
        .values()
        .filter(|component| component.component_type == ComponentType::Chart)
        .filter_map(|component| {
            component
                .meta
                .chart_id
                .map(|chart_id| (chart_id, component.id.clone()))
        })
        .collect();
    let container_id = first_parent_container(&next).filter(|id| next.components.contains_key(id));
    let mut row_id: Option<String> = None;
    let mut row_width = 0;
    let mut copies: BTreeMap<i64, usize> = BTreeMap::new();
    for chart in charts {
        if let (false, Some(container_id)) = (placed.contains_key(&chart.id), &container_id) {
            let row_is_full = row_width + GRID_DEFAULT_CHART_WIDTH > GRID_COLUMN_COUNT;
            let current_row = match row_id.clone() {
                Some(id) if row_width != 0 && !row_is_full => id,
                _ => {
                    let mut row = LayoutComponent::new(next.fresh_id(ComponentType::Row), ComponentType::Row);
                    row.meta
                        .other
                        .insert("background".to_owned(), "BACKGROUND_TRANSPARENT".into());
                    let id = row.id.clone();
                    next.insert(row);
                    if let Some(container) = next.components.get_mut(container_id) {
                        container.children.push(id.clone());
                    }
                    row_id = Some(id.clone());
                    row_width = 0;
                    id
                }
            };
            let copy = copies.entry(chart.id).or_insert(0);
            *copy += 1;
            let mut holder =
                LayoutComponent::new(format!("CHART-explore-{}-{copy}", chart.id), ComponentType::Chart);
            holder.meta.width = Some(GRID_DEFAULT_CHART_WIDTH);
            holder.meta.height = Some(GRID_DEFAULT_CHART_HEIGHT);
            holder.meta.chart_id = Some(chart.id);
            let holder_id = holder.id.clone();
            next.insert(holder);
            if let Some(row) = next.components.get_mut(&current_row) {
                row.children.push(holder_id.clone());
            }
            placed.insert(chart.id, holder_id);
            row_width += GRID_DEFAULT_CHART_WIDTH;
        }
        let name_and_holder = chart.name.as_ref().zip(placed.get(&chart.id));
        if let Some((name, holder_id)) = name_and_holder {
            if let Some(holder) = next.components.get_mut(holder_id) {
                holder.meta.slice_name = Some(name.clone());
            }
        }
    }
    next.update_parents();
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    fn charts(ids: &[i64]) -> Vec<ChartPlacement> {
        ids.iter()
            .map(|id| ChartPlacement {
                id: *id,
                name: Some(format!("Chart {id}")),
            })
            .collect()
    }

    #[test]
    fn the_empty_layout_is_a_root_with_one_grid() {
        let layout = empty_layout();
        assert_eq!(layout.get(ROOT_ID).unwrap().children, vec![GRID_ID.to_owned()]);
        assert!(layout.get(GRID_ID).unwrap().children.is_empty());
        assert_eq!(layout.version.as_deref(), Some("v2"));
    }

    #[test]
    fn charts_fill_rows_of_three() {
        let layout = create_default_layout(&charts(&[1, 2, 3, 4]));
        let grid = layout.get(GRID_ID).unwrap();
        assert_eq!(grid.children, vec!["ROW-1".to_owned(), "ROW-2".to_owned()]);
        assert_eq!(
            layout.get("ROW-1").unwrap().children,
            vec!["CHART-explore-1-1", "CHART-explore-2-1", "CHART-explore-3-1"]
        );
        let chart = layout.get("CHART-explore-4-1").unwrap();
        assert_eq!(chart.meta.chart_id, Some(4));
        assert_eq!(chart.meta.width, Some(4));
        assert_eq!(chart.meta.height, Some(50));
        assert_eq!(chart.meta.slice_name.as_deref(), Some("Chart 4"));
        assert_eq!(
            chart.parents,
            Some(vec![
                "ROOT_ID".to_owned(),
                "GRID_ID".to_owned(),
                "ROW-2".to_owned()
            ])
        );
    }

    #[test]
    fn charts_already_placed_keep_their_place_and_get_their_name() {
        let first = create_default_layout(&charts(&[1]));
        let renamed = vec![
            ChartPlacement {
                id: 1,
                name: Some("Renamed".to_owned()),
            },
            ChartPlacement { id: 2, name: None },
        ];
        let layout = place_missing_charts(&first, &renamed);
        assert_eq!(
            layout.get(GRID_ID).unwrap().children,
            vec!["ROW-1".to_owned(), "ROW-2".to_owned()]
        );
        assert_eq!(
            layout
                .get("CHART-explore-1-1")
                .unwrap()
                .meta
                .slice_name
                .as_deref(),
            Some("Renamed")
        );
        assert_eq!(layout.get("ROW-2").unwrap().children, vec!["CHART-explore-2-1"]);
    }

    #[test]
    fn with_top_level_tabs_missing_charts_go_to_the_first_tab() {
        let mut layout = empty_layout();
        let mut tabs = LayoutComponent::new("TABS-1", ComponentType::Tabs);
        tabs.children = vec!["TAB-1".to_owned(), "TAB-2".to_owned()];
        layout.insert(tabs);
        layout.insert(LayoutComponent::new("TAB-1", ComponentType::Tab));
        layout.insert(LayoutComponent::new("TAB-2", ComponentType::Tab));
        layout.components.get_mut(ROOT_ID).unwrap().children = vec!["TABS-1".to_owned()];
        let layout = place_missing_charts(&layout, &charts(&[5]));
        assert_eq!(layout.get("TAB-1").unwrap().children, vec!["ROW-1".to_owned()]);
        assert!(layout.get("TAB-2").unwrap().children.is_empty());
    }

    #[test]
    fn an_empty_layout_is_replaced_by_the_default_one() {
        let layout = place_missing_charts(&DashboardLayout::default(), &charts(&[]));
        assert_eq!(layout, empty_layout());
    }
}
