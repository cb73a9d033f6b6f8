//! The query object every chart starts from (Superset's `buildQueryObject`,
//! `extractQueryFields` and `extractExtras`). Viz types then adjust it (see `viz/`).

use quiver_types::{ColumnRef, ExtraFormData, MetricRef, OrderByTerm, QueryExtras, QueryObject};
use serde_json::Value;

use crate::error::{CoreError, CoreResult};
use crate::form_data::control_values::INVALID_VALUE;
use crate::form_data::{ControlValues, QueryMode};
use crate::query_object::columns::column_label;
use crate::query_object::filters::process_adhoc_filters;
use crate::query_object::metrics::metric_label;
use crate::query_object::orderby::parse_orderby_option;
use crate::query_object::remove_duplicates;

pub use crate::form_data::defaults::{DEFAULT_ROW_LIMIT, DEFAULT_TIME_RANGE};

/// Controls whose values are group-by columns (`series` is a legacy alias of `groupby`).
const GROUPBY_CONTROLS: [&str; 2] = ["groupby", "series"];
/// Controls whose values are raw-record columns (`all_columns`: the table's raw mode).
const RAW_COLUMN_CONTROLS: [&str; 2] = ["columns", "all_columns"];
/// Controls whose values are metrics (legacy single-metric aliases included).
const METRIC_CONTROLS: [&str; 7] = [
    "metric",
    "metrics",
    "metric_2",
    "secondary_metric",
    "x",
    "y",
    "size",
];
/// Controls whose values are order-by options.
const ORDERBY_CONTROLS: [&str; 2] = ["orderby", "order_by_cols"];

/// The columns, metrics and order-by terms of a form data.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryFields {
    pub columns: Vec<ColumnRef>,
    /// `None` in raw mode: raw records, no aggregation.
    pub metrics: Option<Vec<MetricRef>>,
    pub orderby: Vec<OrderByTerm>,
}

/// Superset's `extractQueryFields`: gathers columns, metrics and order-by from every control
/// that holds them, drops duplicates by label.
///
/// | mode | columns from | metrics from |
/// | --- | --- | --- |
/// | aggregate | `groupby`, `series` | `metric`, `metrics`, `metric_2`, `secondary_metric`, `x`, `y`, `size` |
/// | raw | `columns`, `all_columns` | none (`metrics` is absent) |
/// | unset | all of the above | all of the above |
///
/// Superset walks the controls in the document's key order; Quiver uses the fixed order above,
/// so the result does not depend on how the JSON was written.
pub fn extract_query_fields(
    controls: &ControlValues<'_>,
    mode: Option<QueryMode>,
) -> CoreResult<QueryFields> {
    let mut columns = Vec::new();
    if mode != Some(QueryMode::Raw) {
        for control in GROUPBY_CONTROLS {
            columns.extend(controls.columns(control)?);
        }
    }
    if mode != Some(QueryMode::Aggregate) {
        for control in RAW_COLUMN_CONTROLS {
            columns.extend(controls.columns(control)?);
        }
    }

    let mut metrics = Vec::new();
    for control in METRIC_CONTROLS {
        metrics.extend(controls.metrics(control)?);
    }

    let mut orderby = Vec::new();
    for control in ORDERBY_CONTROLS {
        for option in controls.items(control) {
            orderby.push(parse_orderby_option(control, option)?);
        }
    }

    Ok(QueryFields {
        columns: remove_duplicates(columns, column_label),
        metrics: (mode != Some(QueryMode::Raw)).then(|| remove_duplicates(metrics, metric_label)),
        orderby,
    })
}

/// The common query object of a form data (Superset's `buildQueryObject`), with Quiver's
/// defaults: row limit 1000 and time range "No filter" when the form data has none.
pub fn build_common_query_object(
    controls: &ControlValues<'_>,
    mode: Option<QueryMode>,
) -> CoreResult<QueryObject> {
    let fields = extract_query_fields(controls, mode)?;
    let extra_form_data = extra_form_data(controls)?;
    let mut adhoc_filters = controls.adhoc_filters("adhoc_filters")?;
    adhoc_filters.extend(extra_form_data.adhoc_filters.iter().cloned());
    let mut processed = process_adhoc_filters(controls.string("where")?, &adhoc_filters)?;
    processed.filters.extend(extra_form_data.filters.iter().cloned());
    let granularity = match controls.string("granularity")? {
        Some(granularity) => Some(granularity),
        None => controls.string("granularity_sqla")?,
    };
    let granularity = extra_form_data.granularity_sqla.as_deref().or(granularity);
    let time_grain_sqla = extra_form_data
        .time_grain_sqla
        .as_deref()
        .or(controls.string("time_grain_sqla")?);
    let time_range = extra_form_data
        .time_range
        .as_deref()
        .or(controls.string("time_range")?);

    Ok(QueryObject {
        columns: fields.columns,
        metrics: fields.metrics,
        filters: processed.filters,
        extras: QueryExtras {
            where_sql: processed.where_sql,
            having: processed.having,
            time_grain_sqla: time_grain_sqla.map(str::to_owned),
            relative_start: None,
            relative_end: None,
        },
        orderby: fields.orderby,
        row_limit: Some(controls.integer("row_limit")?.unwrap_or(DEFAULT_ROW_LIMIT)),
        row_offset: controls.integer("row_offset")?,
        order_desc: controls.boolean("order_desc")?.unwrap_or(true),
        series_columns: controls.columns("series_columns")?,
        series_limit: series_limit(controls)?,
        series_limit_metric: match controls.single_metric("series_limit_metric")? {
            Some(metric) => Some(metric),
            None => controls.single_metric("timeseries_limit_metric")?,
        },
        is_timeseries: false,
        granularity: granularity.map(str::to_owned),
        time_range: Some(time_range.unwrap_or(DEFAULT_TIME_RANGE).to_owned()),
        time_offsets: Vec::new(),
        post_processing: Vec::new(),
        annotation_layers: list(controls, "annotation_layers")?,
        url_params: Some(controls.object("url_params")?.cloned().unwrap_or_default()),
        custom_params: Some(controls.object("custom_params")?.cloned().unwrap_or_default()),
        custom_form_data: extra_form_data.custom_form_data.clone(),
        is_rowcount: None,
    })
}

/// `series_limit`, else the legacy `limit` (Superset's `series_limit ?? Number(limit)`). Superset
/// sends 0 when neither is set; Quiver leaves the key out, which means the same: no limit.
fn series_limit(controls: &ControlValues<'_>) -> CoreResult<Option<i64>> {
    match controls.integer("series_limit")? {
        Some(limit) => Ok(Some(limit)),
        None => Ok(controls.integer("limit")?.filter(|limit| *limit > 0)),
    }
}

/// The dashboard's native filters and cross-filters for this chart (`extra_form_data`, merged
/// by the dashboard from the data masks in scope): filters and adhoc filters are appended to the
/// chart's, `time_range`, `granularity_sqla` and `time_grain_sqla` override the chart's, and
/// `custom_form_data` becomes the query's.
fn extra_form_data(controls: &ControlValues<'_>) -> CoreResult<ExtraFormData> {
    match controls.value("extra_form_data") {
        None | Some(Value::Null) => Ok(ExtraFormData::default()),
        Some(value) => serde_json::from_value(value.clone())
            .map_err(|_| CoreError::invalid_control("extra_form_data", INVALID_VALUE)),
    }
}

/// A control holding a JSON list, passed through; absent is empty.
fn list(controls: &ControlValues<'_>, control: &str) -> CoreResult<Vec<Value>> {
    match controls.value(control) {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => Ok(items.clone()),
        Some(_) => Err(CoreError::invalid_control(control, INVALID_VALUE)),
    }
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::{json, Map};

    use super::*;

    fn fields(form_data: Value, mode: Option<QueryMode>) -> QueryFields {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        extract_query_fields(&ControlValues::new(&form_data), mode).unwrap()
    }

    #[test]
    fn the_mode_decides_which_controls_count() {
        let form_data = json!({
            "groupby": ["gender"], "all_columns": ["name"], "metrics": ["count"], "metric": "sum__num",
        });
        let aggregate = fields(form_data.clone(), Some(QueryMode::Aggregate));
        assert_eq!(aggregate.columns, [ColumnRef::Physical("gender".to_owned())]);
        let metric_names = [
            MetricRef::Saved("sum__num".to_owned()),
            MetricRef::Saved("count".to_owned()),
        ];
        assert_eq!(aggregate.metrics.as_deref(), Some(&metric_names[..]));

        let raw = fields(form_data.clone(), Some(QueryMode::Raw));
        assert_eq!(raw.columns, [ColumnRef::Physical("name".to_owned())]);
        assert_eq!(raw.metrics, None);

        let unset = fields(form_data, None);
        assert_eq!(unset.columns.len(), 2);
    }

    #[test]
    fn extra_form_data_appends_filters_and_overrides_the_time_range() {
        let form_data: FormData = serde_json::from_value(json!({
            "datasource": "1__table", "viz_type": "table", "groupby": ["state"],
            "time_range": "Last week",
            "adhoc_filters": [{"expressionType": "SIMPLE", "clause": "WHERE", "subject": "gender", "operator": "==", "comparator": "boy"}],
            "extra_form_data": {
                "filters": [{"col": "state", "op": "IN", "val": ["CA"]}],
                "adhoc_filters": [{"expressionType": "SQL", "clause": "WHERE", "sqlExpression": "1 = 0"}],
                "time_range": "Last year",
            },
        }))
        .unwrap();
        let query = build_common_query_object(&ControlValues::new(&form_data), None).unwrap();
        assert_eq!(
            serde_json::to_value(&query.filters).unwrap(),
            json!([
                {"col": "gender", "op": "==", "val": "boy"},
                {"col": "state", "op": "IN", "val": ["CA"]},
            ])
        );
        assert_eq!(query.extras.where_sql.as_deref(), Some("(1 = 0)"));
        assert_eq!(query.time_range.as_deref(), Some("Last year"));

        let broken: FormData =
            serde_json::from_value(json!({"datasource": "1__table", "extra_form_data": {"filters": 3}}))
                .unwrap();
        assert!(build_common_query_object(&ControlValues::new(&broken), None).is_err());
    }

    fn common_query(form_data: Value) -> QueryObject {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        build_common_query_object(&ControlValues::new(&form_data), None).unwrap()
    }

    #[test]
    fn absent_keys_take_the_default_form_data() {
        let query = common_query(json!({"datasource": "1__table", "groupby": ["state"]}));
        assert_eq!(query.row_limit, Some(1000));
        assert_eq!(query.time_range.as_deref(), Some("No filter"));
        assert_eq!(query.row_offset, None);
        assert!(query.order_desc, "order_desc defaults to true");
        assert_eq!(query.url_params, Some(Map::new()));
        assert_eq!(query.custom_params, Some(Map::new()));
        assert_eq!((query.series_limit, query.series_limit_metric), (None, None));
        assert_eq!(query.custom_form_data, None);
    }

    #[test]
    fn paging_params_series_and_order_come_from_the_form_data() {
        let query = common_query(json!({
            "datasource": "1__table", "groupby": ["state"], "metrics": ["count"],
            "row_limit": "50", "row_offset": 100, "order_desc": false,
            "url_params": {"standalone": "1"}, "custom_params": {"page": 2},
            "series_columns": ["state"], "series_limit": 5, "series_limit_metric": "count",
            "extra_form_data": {"custom_form_data": {"source": "cross-filter"}},
        }));
        assert_eq!((query.row_limit, query.row_offset), (Some(50), Some(100)));
        assert!(!query.order_desc);
        assert_eq!(
            serde_json::to_value(&query.url_params).unwrap(),
            json!({"standalone": "1"})
        );
        assert_eq!(
            serde_json::to_value(&query.custom_params).unwrap(),
            json!({"page": 2})
        );
        assert_eq!(query.series_columns, [ColumnRef::Physical("state".to_owned())]);
        assert_eq!(query.series_limit, Some(5));
        assert_eq!(
            query.series_limit_metric,
            Some(MetricRef::Saved("count".to_owned()))
        );
        assert_eq!(
            serde_json::to_value(&query.custom_form_data).unwrap(),
            json!({"source": "cross-filter"})
        );
    }

    #[test]
    fn legacy_limit_and_sort_metric_stand_in_for_the_series_ones() {
        let legacy = common_query(json!({
            "datasource": "1__table", "limit": 10, "timeseries_limit_metric": "sum__num",
        }));
        assert_eq!(legacy.series_limit, Some(10));
        assert_eq!(
            legacy.series_limit_metric,
            Some(MetricRef::Saved("sum__num".to_owned()))
        );
        let both = common_query(json!({
            "datasource": "1__table", "limit": 10, "series_limit": 3,
            "timeseries_limit_metric": "sum__num", "series_limit_metric": "count",
        }));
        assert_eq!(both.series_limit, Some(3));
        assert_eq!(
            both.series_limit_metric,
            Some(MetricRef::Saved("count".to_owned()))
        );
        let no_limit = common_query(json!({"datasource": "1__table", "limit": 0}));
        assert_eq!(no_limit.series_limit, None, "0 is no limit");
        let not_a_number = FormData {
            extra: json!({"row_offset": "x"}).as_object().unwrap().clone(),
            ..FormData::default()
        };
        assert!(build_common_query_object(&ControlValues::new(&not_a_number), None).is_err());
    }

    #[test]
    fn duplicate_columns_and_metrics_are_dropped_by_label() {
        let extracted = fields(
            json!({
                "groupby": ["state", "state", ""],
                "metrics": ["count", {"expressionType": "SQL", "sqlExpression": "x", "label": "count"}],
            }),
            Some(QueryMode::Aggregate),
        );
        assert_eq!(extracted.columns, [ColumnRef::Physical("state".to_owned())]);
        assert_eq!(
            extracted.metrics,
            Some(vec![MetricRef::Saved("count".to_owned())])
        );
    }
}
