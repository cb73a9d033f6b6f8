//! The table chart (Superset's `plugin-chart-table` `buildQuery`).
//!
//! Aggregate mode:
//! - `columns` = `groupby`; a group-by column listed in `temporal_columns_lookup` becomes the
//!   first column, bucketed by `time_grain_sqla`, when a time grain is set.
//! - `metrics` = `metrics` then `percent_metrics`, without duplicates.
//! - `orderby` = `[[timeseries_limit_metric, !order_desc]]` when a sort metric is set (a missing
//!   `order_desc` counts as false here, as in Superset's table), else `[[first metric, false]]`
//!   (descending), else whatever `order_by_cols` says.
//! - percent metrics add a `contribution` post-processing rule renaming `x` to `%x`.
//! - `show_totals` adds a totals query; `percent_metric_calculation: "all_records"` adds a query
//!   for the percent metrics over all records.
//!
//! Raw mode: `columns` = `all_columns`, no `metrics`, `orderby` from `order_by_cols`.
//!
//! Server pagination (`server_pagination`, not for downloads): the main query answers one page,
//! `row_limit` = the page size (the own state's `pageSize`, else `server_page_length`, else 15)
//! and `row_offset` = `currentPage` × page size; a row-count query (`is_rowcount`, the form's
//! `row_limit`, no post-processing) follows it. The own state (Superset's `ownState`,
//! `{"currentPage": 2, "pageSize": 25}`) comes with the form data as `own_state`; it is the
//! browser's and is never saved. A header click sorts on the server: the own state's
//! `sortBy: [{"key": "SUM(num)", "desc": true}]` becomes `orderby` (a metric by its label, else a
//! column by its name); the search box filters on the server: `searchColumn` and `searchText`
//! add `searchColumn ILIKE 'searchText%'` to the page and to the row count (Superset 6).
//!
//! Not yet: time comparison (`time_compare`), `extra_form_data` (dashboard filters).

use quiver_types::{
    AdhocColumn, ColumnRef, FilterOperator, MetricRef, OrderByTerm, QueryObject, QueryObjectFilter,
};
use serde_json::{Map, Value};

use crate::error::CoreResult;
use crate::form_data::{ControlValues, QueryMode};
use crate::query_object::columns::column_label;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::metrics::metric_label;
use crate::query_object::remove_duplicates;

/// Spec 000 §9: a table's default page size.
pub const DEFAULT_SERVER_PAGE_LENGTH: i64 = 15;

/// The table chart's queries: the main query, the row-count query of server pagination, then
/// the optional percent-metric and totals queries.
pub fn build_table_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let queries = build_unpaged_queries(controls)?;
    with_server_pagination(controls, queries)
}

/// With `server_pagination`, the main query answers the own state's page and a row-count query
/// follows it.
fn with_server_pagination(
    controls: &ControlValues<'_>,
    mut queries: Vec<QueryObject>,
) -> CoreResult<Vec<QueryObject>> {
    let is_paged = controls.boolean("server_pagination")? == Some(true) && !is_download_query(controls)?;
    if !is_paged {
        return Ok(queries);
    }
    let Some(main) = queries.first_mut() else {
        return Ok(queries);
    };
    let own_state = controls.object("own_state")?;
    let own_integer = |key: &str| own_state.and_then(|state| state.get(key)).and_then(Value::as_i64);
    let page_size = match own_integer("pageSize").filter(|size| *size > 0) {
        Some(size) => size,
        None => controls
            .integer("server_page_length")?
            .filter(|size| *size > 0)
            .unwrap_or(DEFAULT_SERVER_PAGE_LENGTH),
    };
    let current_page = own_integer("currentPage").filter(|page| *page >= 0).unwrap_or(0);
    if let Some(filter) = own_state.and_then(|state| own_search_filter(state, &main.columns)) {
        main.filters.push(filter);
    }
    if let Some(term) = own_state.and_then(|state| own_sort_term(state, main)) {
        main.orderby = vec![term];
    }
    let rowcount = QueryObject {
        row_offset: Some(0),
        post_processing: Vec::new(),
        time_offsets: Vec::new(),
        is_rowcount: Some(true),
        ..main.clone()
    };
    main.row_limit = Some(page_size);
    main.row_offset = Some(current_page.saturating_mul(page_size));
    queries.insert(1, rowcount);
    Ok(queries)
}

/// The own state's first `sortBy` entry as an order-by term: the metric of that label, else the
/// column of that name; ascending unless `desc`.
fn own_sort_term(own_state: &Map<String, Value>, query: &QueryObject) -> Option<OrderByTerm> {
    let first = own_state.get("sortBy")?.as_array()?.first()?.as_object()?;
    let key = first
        .get("key")
        .or_else(|| first.get("id"))
        .and_then(Value::as_str)
        .filter(|key| !key.is_empty())?;
    let is_descending = first.get("desc").is_some_and(is_truthy);
    let metric = query
        .metrics
        .iter()
        .flatten()
        .find(|metric| metric_label(metric) == key)
        .cloned()
        .unwrap_or_else(|| MetricRef::Saved(key.to_owned()));
    Some(OrderByTerm(metric, !is_descending))
}

/// The own state's search as Superset 6's filter: `searchColumn ILIKE 'searchText%'`, on the
/// query's adhoc column of that label when there is one.
fn own_search_filter(own_state: &Map<String, Value>, columns: &[ColumnRef]) -> Option<QueryObjectFilter> {
    let text = own_state
        .get("searchText")
        .and_then(Value::as_str)
        .filter(|text| !text.is_empty())?;
    let column_name = own_state
        .get("searchColumn")
        .and_then(Value::as_str)
        .filter(|name| !name.is_empty())?;
    let col = columns
        .iter()
        .find(|column| matches!(column, ColumnRef::Adhoc(_)) && column_label(column) == column_name)
        .cloned()
        .unwrap_or_else(|| ColumnRef::Physical(column_name.to_owned()));
    Some(QueryObjectFilter {
        col,
        op: FilterOperator::Ilike,
        val: Some(Value::String(format!("{text}%"))),
        grain: None,
        is_extra: None,
    })
}

/// The table's queries as if every row were shown at once.
fn build_unpaged_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mode = QueryMode::of_table(controls);
    let mut query = build_common_query_object(controls, Some(mode))?;
    if is_download_query(controls)? {
        query.row_offset = Some(0);
    }
    if mode == QueryMode::Raw {
        return Ok(vec![query]);
    }

    let mut metrics = query.metrics.take().unwrap_or_default();
    if let Some(orderby) = aggregate_orderby(controls, &metrics)? {
        query.orderby = orderby;
    }

    let percent_metrics = controls.metrics("percent_metrics")?;
    let mut contribution_rule = None;
    if !percent_metrics.is_empty() {
        let percent_labels = remove_duplicates(percent_metrics.iter().map(metric_label), String::clone);
        metrics = remove_duplicates(
            metrics.into_iter().chain(percent_metrics.iter().cloned()),
            metric_label,
        );
        let rule = contribution(&percent_labels);
        query.post_processing.push(rule.clone());
        contribution_rule = Some(rule);
    }
    query.metrics = Some(metrics);
    query.columns = with_temporal_column_first(controls, std::mem::take(&mut query.columns))?;

    let mut queries = vec![query.clone()];
    let percent_over_all_records = controls.string("percent_metric_calculation")? == Some("all_records");
    if percent_over_all_records && !percent_metrics.is_empty() {
        queries.push(QueryObject {
            columns: Vec::new(),
            metrics: Some(percent_metrics),
            post_processing: Vec::new(),
            row_limit: Some(0),
            row_offset: Some(0),
            orderby: Vec::new(),
            is_timeseries: false,
            ..query.clone()
        });
    }
    let has_metrics = query.metrics.as_ref().is_some_and(|metrics| !metrics.is_empty());
    if has_metrics && controls.boolean("show_totals")? == Some(true) {
        queries.push(QueryObject {
            columns: Vec::new(),
            row_limit: Some(0),
            row_offset: Some(0),
            post_processing: contribution_rule.into_iter().collect(),
            order_desc: true,
            orderby: Vec::new(),
            ..query
        });
    }
    Ok(queries)
}

/// The aggregate-mode sort, or `None` to keep the order-by options of the form data.
fn aggregate_orderby(
    controls: &ControlValues<'_>,
    metrics: &[MetricRef],
) -> CoreResult<Option<Vec<OrderByTerm>>> {
    if let Some(sort_metric) = controls.single_metric("timeseries_limit_metric")? {
        let order_desc = controls.boolean("order_desc")?.unwrap_or(false);
        return Ok(Some(vec![OrderByTerm(sort_metric, !order_desc)]));
    }
    Ok(metrics
        .first()
        .map(|first_metric| vec![OrderByTerm(first_metric.clone(), false)]))
}

/// `{operation: "contribution", options: {columns, rename_columns}}`, renaming `x` to `%x`.
fn contribution(percent_labels: &[String]) -> Value {
    let renamed: Vec<Value> = percent_labels
        .iter()
        .map(|label| Value::String(format!("%{label}")))
        .collect();
    let columns: Vec<Value> = percent_labels.iter().cloned().map(Value::String).collect();
    let mut options = Map::new();
    options.insert("columns".to_owned(), Value::Array(columns));
    options.insert("rename_columns".to_owned(), Value::Array(renamed));
    let mut rule = Map::new();
    rule.insert("operation".to_owned(), Value::String("contribution".to_owned()));
    rule.insert("options".to_owned(), Value::Object(options));
    Value::Object(rule)
}

/// With a time grain, the first physical group-by column that `temporal_columns_lookup` marks
/// as temporal moves to the front as a `BASE_AXIS` adhoc column bucketed by the grain.
fn with_temporal_column_first(
    controls: &ControlValues<'_>,
    columns: Vec<ColumnRef>,
) -> CoreResult<Vec<ColumnRef>> {
    let Some(time_grain) = controls.string("time_grain_sqla")? else {
        return Ok(columns);
    };
    let Some(temporal_columns) = controls.object("temporal_columns_lookup")? else {
        return Ok(columns);
    };
    let is_temporal = |column: &ColumnRef| matches!(column, ColumnRef::Physical(name) if temporal_columns.get(name).is_some_and(is_truthy));
    let Some(position) = columns.iter().position(is_temporal) else {
        return Ok(columns);
    };

    let mut columns = columns;
    let ColumnRef::Physical(name) = columns.remove(position) else {
        return Ok(columns);
    };
    let temporal_column = ColumnRef::Adhoc(AdhocColumn {
        sql_expression: name.clone(),
        label: Some(name),
        expression_type: Some("SQL".to_owned()),
        column_type: Some("BASE_AXIS".to_owned()),
        time_grain: Some(time_grain.to_owned()),
        is_column_reference: None,
    });
    columns.insert(0, temporal_column);
    Ok(columns)
}

/// CSV and Excel exports, and JSON "results", start at the first row.
fn is_download_query(controls: &ControlValues<'_>) -> CoreResult<bool> {
    let result_format = controls.string("result_format")?;
    let result_type = controls.string("result_type")?;
    Ok(matches!(result_format, Some("csv" | "xlsx"))
        || (result_format == Some("json") && result_type == Some("results")))
}

/// JavaScript truthiness of a JSON value.
fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(flag) => *flag,
        Value::Number(number) => number.as_f64().is_some_and(|number| number != 0.0),
        Value::String(text) => !text.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::json;

    use super::*;

    fn queries(form_data: Value) -> Vec<QueryObject> {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        build_table_queries(&ControlValues::new(&form_data)).unwrap()
    }

    fn orderby_of(form_data: Value) -> Value {
        serde_json::to_value(&queries(form_data)[0].orderby).unwrap()
    }

    #[test]
    fn aggregate_sort_follows_superset() {
        let cases = [
            (
                json!({"metrics": ["count", "sum__num"]}),
                json!([["count", false]]),
            ),
            (
                json!({"metrics": ["count"], "timeseries_limit_metric": "sum__num"}),
                json!([["sum__num", true]]),
            ),
            (
                json!({"metrics": ["count"], "timeseries_limit_metric": "sum__num", "order_desc": true}),
                json!([["sum__num", false]]),
            ),
            (
                json!({"groupby": ["state"], "order_by_cols": ["[\"state\", true]"]}),
                json!([["state", true]]),
            ),
        ];
        for (form_data, expected) in cases {
            assert_eq!(orderby_of(form_data.clone()), expected, "{form_data}");
        }
    }

    #[test]
    fn the_query_mode_is_inferred_from_all_columns() {
        let raw = queries(json!({"all_columns": ["name"], "groupby": ["state"], "metrics": ["count"]}));
        assert_eq!(raw[0].columns, [ColumnRef::Physical("name".to_owned())]);
        assert_eq!(raw[0].metrics, None);
    }

    #[test]
    fn show_totals_adds_a_totals_query_without_columns() {
        let all = queries(json!({"groupby": ["state"], "metrics": ["count"], "show_totals": true}));
        assert_eq!(all.len(), 2);
        assert!(all[1].columns.is_empty());
        assert_eq!((all[1].row_limit, all[1].orderby.len()), (Some(0), 0));
    }

    #[test]
    fn a_temporal_group_by_column_moves_first_with_the_time_grain() {
        let all = queries(json!({
            "groupby": ["state", "ds"], "metrics": ["count"], "time_grain_sqla": "P1M",
            "temporal_columns_lookup": {"ds": true},
        }));
        assert_eq!(
            serde_json::to_value(&all[0].columns).unwrap(),
            json!([
                {"sqlExpression": "ds", "label": "ds", "expressionType": "SQL", "columnType": "BASE_AXIS", "timeGrain": "P1M"},
                "state",
            ])
        );
    }

    #[test]
    fn server_pagination_asks_for_one_page_then_counts_the_rows() {
        let form_data = json!({
            "groupby": ["state"], "metrics": ["count"], "row_limit": 1000, "server_pagination": true,
            "own_state": {"currentPage": 2, "pageSize": 25}, "show_totals": true,
        });
        let all = queries(form_data.clone());
        assert_eq!(all.len(), 3, "page, row count, totals");
        assert_eq!(
            (all[0].row_limit, all[0].row_offset, all[0].is_rowcount),
            (Some(25), Some(50), None)
        );
        assert_eq!(
            (all[1].row_limit, all[1].row_offset, all[1].is_rowcount),
            (Some(1000), Some(0), Some(true))
        );
        assert!(all[1].post_processing.is_empty());
        assert_eq!(all[1].columns, all[0].columns);
        assert!(all[2].columns.is_empty(), "the totals query stays last");

        // Without own state: the first page of `server_page_length`, else of 15.
        let first =
            queries(json!({"all_columns": ["name"], "server_pagination": true, "server_page_length": 50}));
        assert_eq!((first[0].row_limit, first[0].row_offset), (Some(50), Some(0)));
        let default = queries(json!({"all_columns": ["name"], "server_pagination": true}));
        assert_eq!((default[0].row_limit, default[0].row_offset), (Some(15), Some(0)));
        assert_eq!(default[1].is_rowcount, Some(true));

        // Off, or a download: every row, no row-count query.
        assert_eq!(
            queries(json!({"all_columns": ["name"], "row_limit": 100})).len(),
            1
        );
        let download =
            queries(json!({"all_columns": ["name"], "server_pagination": true, "result_format": "csv"}));
        assert_eq!((download.len(), download[0].row_offset), (1, Some(0)));
    }

    #[test]
    fn server_pagination_sorts_and_searches_on_the_server() {
        let sum_num = json!({"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"});
        let all = queries(json!({
            "groupby": ["state"], "metrics": ["count", sum_num], "server_pagination": true,
            "own_state": {
                "currentPage": 1, "pageSize": 10,
                "sortBy": [{"id": "SUM(num)", "key": "SUM(num)", "desc": true}],
                "searchColumn": "state", "searchText": "C",
            },
        }));
        let [OrderByTerm(metric, is_ascending)] = all[0].orderby.as_slice() else {
            panic!("one sort term: {:?}", all[0].orderby)
        };
        assert!(matches!(metric, MetricRef::Adhoc(_)), "a metric sorts by itself");
        assert_eq!(
            (metric_label(metric).as_str(), *is_ascending),
            ("SUM(num)", false)
        );
        let search = json!([{"col": "state", "op": "ILIKE", "val": "C%"}]);
        assert_eq!(serde_json::to_value(&all[0].filters).unwrap(), search);
        assert_eq!(
            serde_json::to_value(&all[1].filters).unwrap(),
            search,
            "the row count counts the matching rows"
        );

        // A column sorts by its name, ascending; an empty search adds no filter.
        let by_state = queries(json!({
            "all_columns": ["state", "name"], "server_pagination": true,
            "own_state": {"sortBy": [{"key": "state", "desc": false}], "searchColumn": "state", "searchText": ""},
        }));
        assert_eq!(
            serde_json::to_value(&by_state[0].orderby).unwrap(),
            json!([["state", true]])
        );
        assert!(by_state[0].filters.is_empty());

        // Without server pagination the own state is not read.
        let unpaged = queries(json!({
            "groupby": ["state"], "metrics": ["count"],
            "own_state": {"sortBy": [{"key": "state", "desc": true}], "searchColumn": "state", "searchText": "C"},
        }));
        assert_eq!(
            serde_json::to_value(&unpaged[0].orderby).unwrap(),
            json!([["count", false]])
        );
        assert!(unpaged[0].filters.is_empty());
    }

    #[test]
    fn downloads_start_at_the_first_row() {
        let all = queries(json!({"metrics": ["count"], "result_format": "csv", "row_offset": 20}));
        assert_eq!(all[0].row_offset, Some(0));
    }
}
