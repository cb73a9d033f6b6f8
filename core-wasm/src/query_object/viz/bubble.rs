//! The bubble chart (`bubble_v2`, Superset's ECharts `Bubble/buildQuery`).
//!
//! `columns` = `[entity, series]`; `metrics` = `x`, `y`, `size` (the common query's metric
//! controls); `row_limit` = `limit` when set (Superset sends none otherwise; Quiver keeps the
//! common row limit).

use quiver_types::QueryObject;

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::common_query::build_common_query_object;

/// The bubble chart's one query: one bubble per entity (and series).
pub fn build_bubble_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let entity = controls.columns("entity")?;
    let series = controls.columns("series")?;
    query.columns = entity.into_iter().chain(series).collect();
    if let Some(limit) = controls.integer("limit")? {
        query.row_limit = Some(limit);
    }
    Ok(vec![query])
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::json;

    use super::*;

    #[test]
    fn bubbles_are_entities_and_series_with_three_metrics() {
        let form_data: FormData = serde_json::from_value(json!({
            "entity": "country", "series": "region", "x": "sum__gdp", "y": "avg__life", "size": "sum__pop",
            "limit": 50,
        }))
        .unwrap();
        let query = &build_bubble_queries(&ControlValues::new(&form_data)).unwrap()[0];
        assert_eq!(
            serde_json::to_value(&query.columns).unwrap(),
            json!(["country", "region"])
        );
        assert_eq!(
            serde_json::to_value(&query.metrics).unwrap(),
            json!(["sum__gdp", "avg__life", "sum__pop"])
        );
        assert_eq!(query.row_limit, Some(50));
    }
}
