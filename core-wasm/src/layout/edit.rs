//! Edits of the layout outside drops (Superset's `DELETE_COMPONENT` and `RESIZE_COMPONENT`):
//! deleting a component with its descendants, and resizing within the room its row leaves.

use super::drop::delete_recursively;
use super::rules::detailed_width;
use super::{
    ComponentType, DashboardLayout, LayoutError, GRID_COLUMN_COUNT, GRID_MAX_ROW_UNITS,
    GRID_MIN_COLUMN_COUNT, GRID_MIN_ROW_UNITS,
};

/// The layout without `id` and its descendants; a row the deletion leaves empty goes too.
pub fn delete_component(layout: &DashboardLayout, id: &str) -> Result<DashboardLayout, LayoutError> {
    layout.component(id)?;
    let mut next = layout.clone();
    let parent_id = next.parent_id(id).map(str::to_owned);
    delete_recursively(&mut next, id, parent_id.as_deref().unwrap_or_default());
    if let Some(parent_id) = parent_id {
        let parent_is_empty_row = next
            .get(&parent_id)
            .is_some_and(|parent| parent.component_type == ComponentType::Row && parent.children.is_empty());
        if parent_is_empty_row {
            if let Some(grandparent_id) = next.parent_id(&parent_id).map(str::to_owned) {
                delete_recursively(&mut next, &parent_id, &grandparent_id);
            }
        }
    }
    next.update_parents();
    Ok(next)
}

/// The layout with `id` resized to `width` grid columns and `height` grid units, each kept
/// within bounds: at least one column and at most what its row leaves free (12 outside rows),
/// and between [`GRID_MIN_ROW_UNITS`] and [`GRID_MAX_ROW_UNITS`].
pub fn resize_component(
    layout: &DashboardLayout,
    id: &str,
    width: Option<u32>,
    height: Option<u32>,
) -> Result<DashboardLayout, LayoutError> {
    let component = layout.component(id)?;
    let parent = layout.parent_id(id).and_then(|parent_id| layout.get(parent_id));
    let available = match parent {
        Some(row) if row.component_type == ComponentType::Row => {
            let row_width = detailed_width(layout, row);
            let row_total = row_width.width.unwrap_or(i64::from(GRID_COLUMN_COUNT));
            let others = row_width.occupied_width.unwrap_or(0) - i64::from(component.meta.width.unwrap_or(0));
            u32::try_from((row_total - others).max(i64::from(GRID_MIN_COLUMN_COUNT)))
                .unwrap_or(GRID_COLUMN_COUNT)
        }
        _ => GRID_COLUMN_COUNT,
    };
    let mut next = layout.clone();
    let resized = next.component_mut(id)?;
    if let Some(width) = width {
        resized.meta.width = Some(width.clamp(GRID_MIN_COLUMN_COUNT, available));
    }
    if let Some(height) = height {
        resized.meta.height = Some(height.clamp(GRID_MIN_ROW_UNITS, GRID_MAX_ROW_UNITS));
    }
    Ok(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{create_default_layout, ChartPlacement, GRID_ID};

    fn three_charts() -> DashboardLayout {
        let charts: Vec<ChartPlacement> = (1..=3).map(|id| ChartPlacement { id, name: None }).collect();
        create_default_layout(&charts)
    }

    #[test]
    fn deleting_the_last_chart_of_a_row_deletes_the_row() {
        let layout = three_charts();
        let one_left = delete_component(&layout, "CHART-explore-1-1").unwrap();
        assert!(one_left.get("CHART-explore-1-1").is_none());
        assert_eq!(
            one_left.get("ROW-1").unwrap().children,
            vec!["CHART-explore-2-1", "CHART-explore-3-1"]
        );
        let emptied = delete_component(
            &delete_component(&one_left, "CHART-explore-2-1").unwrap(),
            "CHART-explore-3-1",
        )
        .unwrap();
        assert!(emptied.get("ROW-1").is_none());
        assert!(emptied.get(GRID_ID).unwrap().children.is_empty());
        assert_eq!(
            delete_component(&layout, "NOPE"),
            Err(LayoutError::UnknownComponent {
                id: "NOPE".to_owned()
            })
        );
    }

    #[test]
    fn resizing_stays_within_the_row_and_the_height_bounds() {
        let layout = three_charts();
        // Two other 4-column charts leave 4 columns.
        let wider = resize_component(&layout, "CHART-explore-1-1", Some(9), Some(3)).unwrap();
        let chart = wider.get("CHART-explore-1-1").unwrap();
        assert_eq!(chart.meta.width, Some(4));
        assert_eq!(chart.meta.height, Some(GRID_MIN_ROW_UNITS));
        let alone = delete_component(
            &delete_component(&layout, "CHART-explore-2-1").unwrap(),
            "CHART-explore-3-1",
        )
        .unwrap();
        let wide = resize_component(&alone, "CHART-explore-1-1", Some(9), Some(70_000)).unwrap();
        assert_eq!(wide.get("CHART-explore-1-1").unwrap().meta.width, Some(9));
        assert_eq!(
            wide.get("CHART-explore-1-1").unwrap().meta.height,
            Some(GRID_MAX_ROW_UNITS)
        );
        let narrow = resize_component(&alone, "CHART-explore-1-1", Some(0), None).unwrap();
        assert_eq!(narrow.get("CHART-explore-1-1").unwrap().meta.width, Some(1));
    }
}
