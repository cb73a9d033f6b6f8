//! The radar chart (`radar`, Superset's ECharts `Radar/buildQuery`).
//!
//! The common query (`columns` from `groupby`, `metrics` from `metrics`), ordered by the sort
//! metric (`series_limit_metric`, else the legacy `timeseries_limit_metric`) descending, else by
//! the first metric descending, whatever `order_desc` says.

use quiver_types::{OrderByTerm, QueryObject};

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::common_query::build_common_query_object;

/// The radar's one query.
pub fn build_radar_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let sort_metric = match controls.single_metric("series_limit_metric")? {
        Some(metric) => Some(metric),
        None => controls.single_metric("timeseries_limit_metric")?,
    };
    let first_metric = query.metrics.iter().flatten().next().cloned();
    if let Some(metric) = sort_metric.or(first_metric) {
        query.orderby = vec![OrderByTerm(metric, false)];
    }
    Ok(vec![query])
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::{json, Value};

    use super::*;

    fn orderby(form_data: Value) -> Value {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        serde_json::to_value(&build_radar_queries(&ControlValues::new(&form_data)).unwrap()[0].orderby)
            .unwrap()
    }

    #[test]
    fn the_radar_orders_by_the_sort_metric_else_the_first_metric_descending() {
        let sorted = json!({"groupby": ["state"], "metrics": ["count", "sum__num"], "timeseries_limit_metric": "sum__num", "order_desc": false});
        assert_eq!(orderby(sorted), json!([["sum__num", false]]));
        let unsorted = json!({"groupby": ["state"], "metrics": ["count", "sum__num"]});
        assert_eq!(orderby(unsorted), json!([["count", false]]));
    }
}
