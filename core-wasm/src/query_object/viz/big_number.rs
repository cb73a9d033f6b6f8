//! Big numbers (Superset's `BigNumberTotal` and `BigNumberWithTrendline` `buildQuery`).
//!
//! - `big_number_total`: the common query: the `metric`, no columns, no post-processing.
//! - `big_number` (with trendline): `columns` = `[x_axis]` (legacy: `granularity_sqla`), or
//!   `is_timeseries: true` without one; `post_processing` = pivot on the x-axis
//!   (`{index: [x], aggregates: {metric: mean}}`), rolling or cum (`rolling_type`), resample,
//!   flatten.

use quiver_types::QueryObject;

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::columns::column_label;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::metrics::metric_label;
use crate::query_object::post_processing::{self, TimeComparison};
use crate::query_object::x_axis::x_axis_or_legacy_time_column;

/// `big_number_total`: one aggregate over the whole (filtered) dataset.
pub fn build_big_number_total_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    Ok(vec![build_common_query_object(controls, None)?])
}

/// `big_number`: the metric along the x-axis, for the trendline.
pub fn build_big_number_trendline_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let x_axis = x_axis_or_legacy_time_column(controls)?;
    let x_axis_label = x_axis.as_ref().map(column_label);
    let series_labels: Vec<String> = query.columns.iter().map(column_label).collect();
    let metric_labels: Vec<String> = query.metrics.iter().flatten().map(metric_label).collect();
    let time_comparison = TimeComparison::of(controls, &metric_labels)?;
    let time_comparison = time_comparison.as_ref();

    let rules = [
        post_processing::pivot(
            controls,
            x_axis_label.as_deref(),
            &series_labels,
            &metric_labels,
            None,
        )?,
        post_processing::rolling_window(controls, &metric_labels, time_comparison)?,
        post_processing::resample(controls)?,
        Some(post_processing::flatten()),
    ];
    query.is_timeseries = x_axis.is_none();
    query.columns = x_axis.into_iter().collect();
    query.post_processing = rules.into_iter().flatten().collect();
    Ok(vec![query])
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::{json, Value};

    use super::*;

    fn trendline(form_data: Value) -> Value {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        let queries = build_big_number_trendline_queries(&ControlValues::new(&form_data)).unwrap();
        serde_json::to_value(&queries[0]).unwrap()
    }

    #[test]
    fn the_trendline_pivots_the_metric_on_the_x_axis() {
        let query = trendline(json!({"x_axis": "ds", "metric": "count", "rolling_type": "cumsum"}));
        assert_eq!(query["columns"], json!(["ds"]));
        let operations: Vec<&str> = query["post_processing"]
            .as_array()
            .unwrap()
            .iter()
            .map(|rule| rule["operation"].as_str().unwrap())
            .collect();
        assert_eq!(operations, ["pivot", "cum", "flatten"]);
        assert_eq!(query["post_processing"][0]["options"]["index"], json!(["ds"]));
    }

    #[test]
    fn without_an_x_axis_the_trendline_is_a_legacy_time_series() {
        let query = trendline(json!({"metric": "count"}));
        assert_eq!(
            (query["columns"].clone(), query["is_timeseries"].clone()),
            (json!([]), json!(true))
        );
        assert_eq!(query["post_processing"], json!([{"operation": "flatten"}]));
    }
}
