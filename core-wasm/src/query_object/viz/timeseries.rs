//! Time-series charts: line, bar, area, scatter, smooth and step (Superset's ECharts
//! `Timeseries/buildQuery`), and each of the two queries of the mixed chart.
//!
//! - `columns` = `[x_axis, ...groupby]`; without an x-axis (nor a legacy `granularity_sqla`),
//!   `is_timeseries: true` instead. `series_columns` = `groupby`.
//! - `series_limit` = `series_limit`, else `limit`; `series_limit_metric` = `series_limit_metric`,
//!   else `timeseries_limit_metric`.
//! - `orderby` = the order-by options, else `[[series limit metric, !order_desc]]`, else
//!   `[[first metric, !order_desc]]`.
//! - `time_offsets` = `time_compare` when `comparison_type` makes it a time comparison.
//! - `post_processing`: pivot, rolling or cum, compare, resample, rename, contribution, sort,
//!   flatten (see `post_processing.rs`); the mixed chart's queries have no contribution or
//!   sort.
//! - Sorting the x-axis by a `timeseries_limit_metric` that is not a chart metric adds it to
//!   `metrics` (Superset's `extractExtraMetrics`).
//!
//! Not supported: forecasts (`forecastEnabled`, Superset's `prophet` rule).

use quiver_types::{ColumnRef, MetricRef, QueryObject};

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::columns::column_label;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::metrics::metric_label;
use crate::query_object::orderby::normalize_orderby;
use crate::query_object::post_processing::{self, TimeComparison};
use crate::query_object::x_axis::x_axis_or_legacy_time_column;

/// The viz types of the time-series family.
pub const TIMESERIES_VIZ_TYPES: [&str; 7] = [
    "echarts_timeseries",
    "echarts_timeseries_line",
    "echarts_timeseries_bar",
    "echarts_area",
    "echarts_timeseries_scatter",
    "echarts_timeseries_smooth",
    "echarts_timeseries_step",
];

/// Which chart the query is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeseriesChart {
    /// A time-series chart of [`TIMESERIES_VIZ_TYPES`].
    Regular,
    /// One of the two queries of `mixed_timeseries`.
    MixedQuery,
}

/// The time-series chart's one query.
pub fn build_timeseries_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    Ok(vec![build_timeseries_query(controls, TimeseriesChart::Regular)?])
}

/// One time-series query (the x-axis time grain is applied afterwards, for every chart, by
/// `x_axis::normalize_time_column`).
pub fn build_timeseries_query(
    controls: &ControlValues<'_>,
    chart: TimeseriesChart,
) -> CoreResult<QueryObject> {
    let mut query = build_common_query_object(controls, None)?;
    let x_axis = x_axis_or_legacy_time_column(controls)?;
    let x_axis_label = x_axis.as_ref().map(column_label);
    let groupby = controls.columns("groupby")?;
    let series_labels: Vec<String> = groupby.iter().map(column_label).collect();

    let metrics = query.metrics.take().unwrap_or_default();
    let metric_labels: Vec<String> = metrics.iter().map(metric_label).collect();
    let extra_metrics = match chart {
        TimeseriesChart::Regular => x_axis_sort_metrics(controls, &groupby, &metric_labels)?,
        TimeseriesChart::MixedQuery => Vec::new(),
    };
    let pivoted_labels: Vec<String> = metric_labels
        .iter()
        .cloned()
        .chain(extra_metrics.iter().map(metric_label))
        .collect();
    let time_comparison = TimeComparison::of(controls, &metric_labels)?;
    let time_offsets = time_comparison
        .as_ref()
        .map(|comparison| comparison.offsets.clone())
        .unwrap_or_default();

    let sort_metric = match query.series_limit_metric.take() {
        Some(metric) => Some(metric),
        None => controls.single_metric("timeseries_limit_metric")?,
    };
    if query.series_limit.is_none() {
        query.series_limit = controls.integer("limit")?.filter(|limit| *limit > 0);
    }
    query.orderby = normalize_orderby(
        std::mem::take(&mut query.orderby),
        sort_metric.clone(),
        &metrics,
        query.order_desc,
    );
    query.series_limit_metric = sort_metric;

    let time_comparison = time_comparison.as_ref();
    let x_axis_label = x_axis_label.as_deref();
    let mut rules = vec![
        post_processing::pivot(
            controls,
            x_axis_label,
            &series_labels,
            &pivoted_labels,
            time_comparison,
        )?,
        post_processing::rolling_window(controls, &metric_labels, time_comparison)?,
        post_processing::compare(time_comparison),
        post_processing::resample(controls)?,
        post_processing::rename_single_metric(
            controls,
            x_axis_label,
            &series_labels,
            &metric_labels,
            time_comparison,
        )?,
    ];
    if chart == TimeseriesChart::Regular {
        let sortable_labels: Vec<String> = controls
            .metrics("metrics")?
            .iter()
            .map(metric_label)
            .chain(extra_metrics.iter().map(metric_label))
            .collect();
        rules.push(post_processing::contribution(controls, &time_offsets)?);
        rules.push(post_processing::x_axis_sort(
            controls,
            x_axis_label,
            &sortable_labels,
            !groupby.is_empty(),
        )?);
    }
    rules.push(Some(post_processing::flatten()));

    query.is_timeseries = x_axis.is_none();
    query.columns = x_axis.into_iter().chain(groupby.iter().cloned()).collect();
    query.series_columns = groupby;
    query.metrics = Some(metrics.into_iter().chain(extra_metrics).collect());
    query.time_offsets = time_offsets;
    query.post_processing = rules.into_iter().flatten().collect();
    Ok(query)
}

/// Superset's `extractExtraMetrics`: without series, an x-axis sorted by the
/// `timeseries_limit_metric` needs that metric in the query when it is not a chart metric.
fn x_axis_sort_metrics(
    controls: &ControlValues<'_>,
    groupby: &[ColumnRef],
    metric_labels: &[String],
) -> CoreResult<Vec<MetricRef>> {
    let (Some(sort_metric), Some(x_axis_sort)) = (
        controls.single_metric("timeseries_limit_metric")?,
        controls.string("x_axis_sort")?,
    ) else {
        return Ok(Vec::new());
    };
    let sorts_by_the_limit_metric = metric_label(&sort_metric) == x_axis_sort;
    let is_chart_metric = metric_labels.iter().any(|label| label == x_axis_sort);
    if groupby.is_empty() && sorts_by_the_limit_metric && !is_chart_metric {
        return Ok(vec![sort_metric]);
    }
    Ok(Vec::new())
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::{json, Value};

    use super::*;

    fn query(form_data: Value) -> Value {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        let built =
            build_timeseries_query(&ControlValues::new(&form_data), TimeseriesChart::Regular).unwrap();
        serde_json::to_value(built).unwrap()
    }

    #[test]
    fn columns_are_the_x_axis_then_the_series() {
        let built = query(json!({"x_axis": "ds", "groupby": ["state"], "metrics": ["count"]}));
        assert_eq!(built["columns"], json!(["ds", "state"]));
        assert_eq!(built["series_columns"], json!(["state"]));
        assert_eq!(built["is_timeseries"], json!(false));
        assert_eq!(built["orderby"], json!([["count", false]]));
    }

    #[test]
    fn without_an_x_axis_the_query_is_a_legacy_time_series() {
        let built = query(json!({"metrics": ["count"]}));
        assert_eq!(built["is_timeseries"], json!(true));
        assert_eq!(built["post_processing"], json!([{"operation": "flatten"}]));
    }

    #[test]
    fn the_series_limit_comes_from_limit_and_the_sort_metric() {
        let built = query(json!({
            "x_axis": "ds", "groupby": ["state"], "metrics": ["count"], "limit": 5,
            "timeseries_limit_metric": "sum__num", "order_desc": false,
        }));
        assert_eq!(built["series_limit"], json!(5));
        assert_eq!(built["series_limit_metric"], json!("sum__num"));
        assert_eq!(built["orderby"], json!([["sum__num", true]]));
    }

    #[test]
    fn sorting_by_a_limit_metric_that_is_not_shown_adds_it() {
        let built = query(json!({
            "x_axis": "state", "metrics": ["count"], "timeseries_limit_metric": "sum__num",
            "x_axis_sort": "sum__num", "x_axis_sort_asc": true,
        }));
        assert_eq!(built["metrics"], json!(["count", "sum__num"]));
        let rules = built["post_processing"].as_array().unwrap();
        assert_eq!(
            rules[0]["options"]["aggregates"],
            json!({"count": {"operator": "mean"}, "sum__num": {"operator": "mean"}})
        );
        assert_eq!(
            rules[1],
            json!({"operation": "sort", "options": {"by": "sum__num", "ascending": true}})
        );
    }
}
