//! Charts of one metric by category: pie, funnel, gauge, sunburst (`sunburst_v2`) and treemap
//! (`treemap_v2`), Superset's ECharts `buildQuery` of each.
//!
//! All take the common query: `columns` from `groupby` (the sunburst's hierarchy from
//! `columns`), `metrics` from `metric` (and the sunburst's `secondary_metric`). Then:
//!
//! | chart | `orderby` |
//! | --- | --- |
//! | pie, funnel, gauge, sunburst | `[[metric, false]]` (descending) when `sort_by_metric` |
//! | treemap, with a non-zero `row_limit` | `[[metric, false]]` when `sort_by_metric`, then each `groupby` column ascending |

use quiver_types::{OrderByTerm, QueryObject};

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::orderby::column_as_orderby_item;

/// The viz types sorted by their metric on request.
pub const SORTED_BY_METRIC_VIZ_TYPES: [&str; 4] = ["pie", "funnel", "gauge_chart", "sunburst_v2"];

/// Pie, funnel, gauge and sunburst: the common query, sorted by the metric when asked.
pub fn build_sorted_by_metric_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let metric = controls.single_metric("metric")?;
    if let (Some(true), Some(metric)) = (controls.boolean("sort_by_metric")?, metric) {
        query.orderby = vec![OrderByTerm(metric, false)];
    }
    Ok(vec![query])
}

/// The treemap: sorted by the metric when asked, then by the categories, when a row limit
/// makes the order decide which rows are kept.
pub fn build_treemap_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let has_row_limit = controls.integer("row_limit")?.is_some_and(|limit| limit != 0);
    if !has_row_limit {
        return Ok(vec![query]);
    }
    let mut orderby = Vec::new();
    if controls.boolean("sort_by_metric")? == Some(true) {
        orderby.extend(
            controls
                .single_metric("metric")?
                .map(|metric| OrderByTerm(metric, false)),
        );
    }
    for column in controls.columns("groupby")? {
        orderby.push(OrderByTerm(column_as_orderby_item(&column), true));
    }
    if !orderby.is_empty() {
        query.orderby = orderby;
    }
    Ok(vec![query])
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::{json, Value};

    use super::*;

    fn orderby(build: fn(&ControlValues<'_>) -> CoreResult<Vec<QueryObject>>, form_data: Value) -> Value {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        serde_json::to_value(&build(&ControlValues::new(&form_data)).unwrap()[0].orderby).unwrap()
    }

    #[test]
    fn sort_by_metric_orders_by_the_metric_descending() {
        let sorted = json!({"groupby": ["state"], "metric": "count", "sort_by_metric": true});
        assert_eq!(
            orderby(build_sorted_by_metric_queries, sorted),
            json!([["count", false]])
        );
        let unsorted = json!({"groupby": ["state"], "metric": "count", "sort_by_metric": false});
        assert_eq!(orderby(build_sorted_by_metric_queries, unsorted), json!([]));
    }

    #[test]
    fn the_treemap_also_orders_by_its_categories() {
        let sorted = json!({"groupby": ["state", "name"], "metric": "count", "sort_by_metric": true, "row_limit": 100});
        assert_eq!(
            orderby(build_treemap_queries, sorted),
            json!([["count", false], ["state", true], ["name", true]])
        );
        let unlimited =
            json!({"groupby": ["state"], "metric": "count", "sort_by_metric": true, "row_limit": 0});
        assert_eq!(orderby(build_treemap_queries, unlimited), json!([]));
    }
}
