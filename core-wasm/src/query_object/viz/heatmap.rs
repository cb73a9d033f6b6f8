//! The heatmap (`heatmap_v2`, Superset's ECharts `Heatmap/buildQuery`).
//!
//! - `columns` = `[x_axis, ...groupby]` (x, then y).
//! - `orderby`: `sort_x_axis` / `sort_y_axis` of `alpha_asc` or `alpha_desc` sort by the axis
//!   column; the `value_*` sorts happen on the client (an SQL sort by each cell's value would
//!   bias the row limit), so they add nothing.
//! - `post_processing` = `[{operation: "rank", options: {metric, group_by?}}]`: the colour is
//!   the metric's percentile rank over all cells (`normalize_across: "heatmap"`), per x value
//!   (`"x"`) or per y value (`"y"`).

use quiver_types::{OrderByTerm, QueryObject};
use serde_json::{json, Map};

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::columns::column_label;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::metrics::metric_label;
use crate::query_object::orderby::column_as_orderby_item;
use crate::query_object::x_axis::x_axis_or_legacy_time_column;

/// The heatmap's one query.
pub fn build_heatmap_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let x_axis = x_axis_or_legacy_time_column(controls)?;
    let groupby = controls.columns("groupby")?;
    let columns: Vec<_> = x_axis.iter().cloned().chain(groupby.iter().cloned()).collect();

    let mut orderby = Vec::new();
    for (control, axis_position) in [("sort_x_axis", 0), ("sort_y_axis", 1)] {
        let Some(sort) = controls.string(control)? else {
            continue;
        };
        if sort.contains("value") {
            continue;
        }
        if let Some(axis_column) = columns.get(axis_position) {
            orderby.push(OrderByTerm(
                column_as_orderby_item(axis_column),
                sort.contains("asc"),
            ));
        }
    }

    let metric = controls.single_metric("metric")?;
    let rank_group = match controls.string("normalize_across")? {
        Some("x") => x_axis.as_ref().map(column_label),
        Some("y") => groupby.first().map(column_label),
        _ => None,
    };
    query.post_processing = match metric {
        Some(metric) => {
            let mut options = Map::new();
            options.insert("metric".to_owned(), json!(metric_label(&metric)));
            if let Some(group) = rank_group {
                options.insert("group_by".to_owned(), json!(group));
            }
            vec![json!({"operation": "rank", "options": options})]
        }
        None => Vec::new(),
    };
    query.columns = columns;
    query.orderby = orderby;
    Ok(vec![query])
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::Value;

    use super::*;

    fn query(form_data: Value) -> Value {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        serde_json::to_value(&build_heatmap_queries(&ControlValues::new(&form_data)).unwrap()[0]).unwrap()
    }

    #[test]
    fn alphabetical_sorts_order_by_the_axis_and_value_sorts_do_not() {
        let built = query(json!({
            "x_axis": "state", "groupby": ["gender"], "metric": "count",
            "sort_x_axis": "alpha_desc", "sort_y_axis": "value_asc",
        }));
        assert_eq!(built["columns"], json!(["state", "gender"]));
        assert_eq!(built["orderby"], json!([["state", false]]));
    }

    #[test]
    fn normalizing_across_an_axis_ranks_within_it() {
        let cases = [
            ("heatmap", json!({"metric": "count"})),
            ("x", json!({"metric": "count", "group_by": "state"})),
            ("y", json!({"metric": "count", "group_by": "gender"})),
        ];
        for (normalize_across, expected) in cases {
            let built = query(json!({
                "x_axis": "state", "groupby": ["gender"], "metric": "count", "normalize_across": normalize_across,
            }));
            assert_eq!(
                built["post_processing"][0]["options"], expected,
                "{normalize_across}"
            );
        }
    }
}
