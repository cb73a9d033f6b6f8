//! The waterfall chart (`waterfall`, Superset's ECharts `Waterfall/buildQuery`).
//!
//! `columns` = `[x_axis or granularity_sqla, ...groupby]`, `orderby` = each of them ascending,
//! so that the running total follows the x-axis; `metrics` = `[metric]`.

use quiver_types::{OrderByTerm, QueryObject};

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::orderby::column_as_orderby_item;
use crate::query_object::x_axis::x_axis_or_legacy_time_column;

/// The waterfall's one query, in x-axis order.
pub fn build_waterfall_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let x_axis = x_axis_or_legacy_time_column(controls)?;
    let columns: Vec<_> = x_axis.into_iter().chain(controls.columns("groupby")?).collect();
    query.orderby = columns
        .iter()
        .map(|column| OrderByTerm(column_as_orderby_item(column), true))
        .collect();
    query.columns = columns;
    Ok(vec![query])
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::json;

    use super::*;

    #[test]
    fn the_waterfall_orders_by_its_columns_ascending() {
        let form_data: FormData = serde_json::from_value(json!({
            "x_axis": "ds", "groupby": ["region"], "metric": "sum__sales",
        }))
        .unwrap();
        let query = &build_waterfall_queries(&ControlValues::new(&form_data)).unwrap()[0];
        assert_eq!(
            serde_json::to_value(&query.columns).unwrap(),
            json!(["ds", "region"])
        );
        assert_eq!(
            serde_json::to_value(&query.orderby).unwrap(),
            json!([["ds", true], ["region", true]])
        );
    }
}
