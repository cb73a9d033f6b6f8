//! The pivot table (`pivot_table_v2`, Superset's `plugin-chart-pivot-table` `buildQuery`).
//!
//! The query is a plain group-by; the client pivots (by `metricsLayout`, `rowOrder`, ...), so
//! there is no post-processing.
//!
//! - `columns` = `groupbyColumns` then `groupbyRows`, each column once. With a time grain, a
//!   physical column that `temporal_columns_lookup` (older form data: `isDTTMLookup`) marks as
//!   temporal becomes a `BASE_AXIS` adhoc column bucketed by the grain, and
//!   `extras.time_grain_sqla` goes.
//! - `orderby` = `[[series_limit_metric, !order_desc]]`, else `[[first metric, !order_desc]]`.
//! - `row_limit`, `series_limit` and `series_limit_metric` as the form data gives them.

use quiver_types::{AdhocColumn, ColumnRef, OrderByTerm, QueryObject};
use serde_json::Value;

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::columns::column_label;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::remove_duplicates;

/// The controls that may say which columns are temporal, newest first.
const TEMPORAL_LOOKUP_CONTROLS: [&str; 2] = ["temporal_columns_lookup", "isDTTMLookup"];

/// The pivot table's one query.
pub fn build_pivot_table_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let grouped = controls
        .columns("groupbyColumns")?
        .into_iter()
        .chain(controls.columns("groupbyRows")?);
    let grouped = remove_duplicates(grouped, column_label);
    let time_grain = query.extras.time_grain_sqla.take();

    let mut columns = Vec::with_capacity(grouped.len());
    for column in grouped {
        columns.push(match (&column, &time_grain) {
            (ColumnRef::Physical(name), Some(grain)) if is_temporal(controls, name)? => {
                ColumnRef::Adhoc(AdhocColumn {
                    sql_expression: name.clone(),
                    label: Some(name.clone()),
                    expression_type: Some("SQL".to_owned()),
                    column_type: Some("BASE_AXIS".to_owned()),
                    time_grain: Some(grain.clone()),
                    is_column_reference: None,
                })
            }
            _ => column,
        });
    }

    let sort_metric = query.series_limit_metric.clone();
    let first_metric = query.metrics.iter().flatten().next().cloned();
    query.orderby = sort_metric
        .or(first_metric)
        .map(|metric| vec![OrderByTerm(metric, !query.order_desc)])
        .unwrap_or_default();
    query.columns = columns;
    Ok(vec![query])
}

/// Whether a temporal lookup control marks the column as temporal.
fn is_temporal(controls: &ControlValues<'_>, name: &str) -> CoreResult<bool> {
    for control in TEMPORAL_LOOKUP_CONTROLS {
        if let Some(lookup) = controls.object(control)? {
            return Ok(matches!(lookup.get(name), Some(Value::Bool(true))));
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::json;

    use super::*;

    fn query(form_data: Value) -> Value {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        serde_json::to_value(&build_pivot_table_queries(&ControlValues::new(&form_data)).unwrap()[0]).unwrap()
    }

    #[test]
    fn columns_come_before_rows_each_once() {
        let built = query(json!({
            "groupbyColumns": ["gender"], "groupbyRows": ["state", "gender"], "metrics": ["count"],
        }));
        assert_eq!(built["columns"], json!(["gender", "state"]));
        assert_eq!(built["orderby"], json!([["count", false]]));
        assert_eq!(built["post_processing"], json!([]));
    }

    #[test]
    fn temporal_columns_take_the_time_grain() {
        let built = query(json!({
            "groupbyRows": ["ds", "state"], "metrics": ["count"], "time_grain_sqla": "P1Y",
            "temporal_columns_lookup": {"ds": true},
        }));
        assert_eq!(
            built["columns"],
            json!([
                {"sqlExpression": "ds", "label": "ds", "expressionType": "SQL", "columnType": "BASE_AXIS", "timeGrain": "P1Y"},
                "state",
            ])
        );
        assert_eq!(built["extras"], json!({}));
    }

    #[test]
    fn the_sort_metric_and_direction_decide_the_order() {
        let built = query(json!({
            "groupbyRows": ["state"], "metrics": ["count"], "series_limit_metric": "sum__num", "order_desc": false,
        }));
        assert_eq!(built["orderby"], json!([["sum__num", true]]));
    }
}
