//! Whether a query can be answered from the complete result of another one in the browser, and
//! the [`ReaggregationRequest`] that answers it.
//!
//! Explore asks this when the user changes the controls: removing a group-by column from a chart
//! whose metrics are SUM, COUNT, MIN or MAX needs no new query; the fetched result is grouped
//! again (issue #5 point 4). A dashboard asks it when a native filter or cross-filter narrows a
//! column the chart's fetched result is grouped by: the result is filtered in the browser.

use quiver_types::{Aggregate, ColumnRef, ExpressionType, FilterOperator, MetricRef, QueryObject};

use super::{CachedMetric, MetricAggregate, ReaggregationFilter, ReaggregationRequest};
use crate::query_object::aggregate_expression::recognise_aggregate_expression;
use crate::{column_label, metric_label};

/// How a metric of a query is aggregated, as re-aggregation needs to know it.
///
/// | metric | aggregate |
/// | --- | --- |
/// | SIMPLE `SUM(num)`, `COUNT`, `MIN`, `MAX` | the same |
/// | SIMPLE `AVG(num)` | `Other` (the result holds no sum and count to merge) |
/// | SIMPLE `COUNT_DISTINCT(state)` | `CountDistinct` |
/// | custom SQL that is one aggregate of one column (`SUM(num)`, `COUNT(*)`) | as SIMPLE |
/// | other custom SQL, saved metrics | `Sql` (their expression is not known here) |
pub fn metric_aggregate(metric: &MetricRef) -> MetricAggregate {
    let MetricRef::Adhoc(adhoc) = metric else {
        return MetricAggregate::Sql;
    };
    let aggregate = match adhoc.expression_type {
        ExpressionType::Simple => adhoc.aggregate,
        ExpressionType::Sql => {
            let recognised = adhoc
                .sql_expression
                .as_deref()
                .and_then(recognise_aggregate_expression);
            let Some(recognised) = recognised else {
                return MetricAggregate::Sql;
            };
            Some(recognised.aggregate)
        }
    };
    match aggregate {
        Some(Aggregate::Sum) => MetricAggregate::Sum,
        Some(Aggregate::Count) => MetricAggregate::Count,
        Some(Aggregate::Min) => MetricAggregate::Min,
        Some(Aggregate::Max) => MetricAggregate::Max,
        Some(Aggregate::CountDistinct) => MetricAggregate::CountDistinct,
        Some(Aggregate::Avg) | None => MetricAggregate::Other,
    }
}

/// The query without what re-aggregation recomputes (group-by, series columns, order, limit,
/// post-processing and the simple filters, compared by [`added_filters`]): two queries that agree
/// on the rest ask for the same rows before filtering. An offset of 0 is no offset (the table's
/// totals query says `row_offset: 0`, its main query says nothing).
fn without_grouping(query: &QueryObject) -> QueryObject {
    QueryObject {
        columns: Vec::new(),
        series_columns: Vec::new(),
        orderby: Vec::new(),
        order_desc: true,
        row_limit: None,
        row_offset: query.row_offset.filter(|offset| *offset != 0),
        post_processing: Vec::new(),
        filters: Vec::new(),
        ..query.clone()
    }
}

/// The filter operators the browser applies to a fetched result as the database would.
const LOCAL_FILTER_OPERATORS: [FilterOperator; 12] = [
    FilterOperator::Equals,
    FilterOperator::NotEquals,
    FilterOperator::GreaterThan,
    FilterOperator::LessThan,
    FilterOperator::GreaterThanOrEquals,
    FilterOperator::LessThanOrEquals,
    FilterOperator::In,
    FilterOperator::NotIn,
    FilterOperator::IsNull,
    FilterOperator::IsNotNull,
    FilterOperator::IsTrue,
    FilterOperator::IsFalse,
];

/// The filters `wanted` adds to `cached`'s (a dashboard's native filters and cross-filters come
/// after the chart's own), when the browser can apply them to `cached`'s result: each names a
/// column `cached` is grouped by (so every result row has one value of it), without a time grain,
/// with an operator of [`LOCAL_FILTER_OPERATORS`]. `None` when `wanted` drops or changes one of
/// `cached`'s filters, or adds one the browser cannot apply.
///
/// Example: cached `[gender == boy]`, wanted `[gender == boy, state IN [CA]]`, cached grouped by
/// `state` → `[state IN [CA]]`.
fn added_filters(cached: &QueryObject, wanted: &QueryObject) -> Option<Vec<ReaggregationFilter>> {
    let added = wanted.filters.strip_prefix(cached.filters.as_slice())?;
    added
        .iter()
        .map(|filter| {
            let ColumnRef::Physical(column) = &filter.col else {
                return None;
            };
            let is_fetched = cached
                .columns
                .iter()
                .any(|fetched| matches!(fetched, ColumnRef::Physical(name) if name == column));
            let is_local =
                is_fetched && filter.grain.is_none() && LOCAL_FILTER_OPERATORS.contains(&filter.op);
            let op = serde_json::to_value(filter.op).ok()?.as_str()?.to_owned();
            is_local.then(|| ReaggregationFilter {
                col: column.clone(),
                op,
                val: filter.val.clone(),
            })
        })
        .collect()
}

/// The cached result holds every group: no row limit cut it, no offset or series limit left
/// groups out, and no time comparison joined other rows to it.
fn is_complete(query: &QueryObject, row_count: usize) -> bool {
    let is_under_row_limit = query
        .row_limit
        .is_none_or(|limit| limit <= 0 || (row_count as i64) < limit);
    let has_offset = query.row_offset.is_some_and(|offset| offset > 0);
    let has_series_limit = query.series_limit.is_some_and(|limit| limit > 0);
    is_under_row_limit && !has_offset && !has_series_limit && query.time_offsets.is_empty()
}

/// The request answering `wanted` from the result of `cached` (which had `cached_row_count`
/// rows), or `None` when the server must answer.
///
/// Example: `cached` groups `SUM(num)` by `gender, state` and returned 80 rows under its limit of
/// 10,000; `wanted` is the same query grouped by `gender` only. The answer is the request
/// `{source_groupby: [gender, state], groupby: [gender], metrics: [SUM(num) as SUM], ...}` with
/// `wanted`'s order and row limit. A dashboard filter `state IN [CA]` added to the same query
/// (same group-by) is answered the same way, with `filters: [state IN [CA]]`.
///
/// It is `None` unless `wanted` groups by a subset of `cached`'s columns (a strict one, or the
/// same with filters added on fetched columns, see [`added_filters`]), asks for the same metrics,
/// time range and extras, `cached` is complete, every metric is decomposable, and `wanted` orders
/// only by its group-by columns and metrics.
pub fn plan_reaggregation(
    cached: &QueryObject,
    wanted: &QueryObject,
    cached_row_count: usize,
) -> Option<ReaggregationRequest> {
    let metrics = cached.metrics.as_ref()?;
    let filters = added_filters(cached, wanted)?;
    let is_subset = wanted
        .columns
        .iter()
        .all(|column| cached.columns.contains(column));
    let is_narrower = wanted.columns.len() < cached.columns.len() || !filters.is_empty();
    if !is_subset
        || !is_narrower
        || without_grouping(cached) != without_grouping(wanted)
        || !is_complete(cached, cached_row_count)
    {
        return None;
    }
    let cached_metrics: Vec<CachedMetric> = metrics
        .iter()
        .map(|metric| CachedMetric {
            label: metric_label(metric),
            aggregate: metric_aggregate(metric),
        })
        .collect();
    if !cached_metrics
        .iter()
        .all(|metric| metric.aggregate.is_decomposable())
    {
        return None;
    }
    let groupby: Vec<String> = wanted.columns.iter().map(column_label).collect();
    let mut orderby = Vec::with_capacity(wanted.orderby.len());
    for term in &wanted.orderby {
        let label = metric_label(&term.0);
        let is_known = groupby.contains(&label) || cached_metrics.iter().any(|metric| metric.label == label);
        if !is_known {
            return None;
        }
        orderby.push((label, term.1));
    }
    Some(ReaggregationRequest {
        source_groupby: cached.columns.iter().map(column_label).collect(),
        metrics: cached_metrics,
        groupby,
        filters,
        orderby,
        row_limit: wanted
            .row_limit
            .and_then(|limit| usize::try_from(limit).ok())
            .filter(|limit| *limit > 0),
    })
}

#[cfg(test)]
mod tests {
    use quiver_types::{AdhocMetric, MetricColumn, OrderByTerm, QueryObjectFilter};
    use serde_json::json;

    use super::*;

    fn simple(aggregate: Aggregate, column: &str) -> MetricRef {
        MetricRef::Adhoc(AdhocMetric {
            expression_type: ExpressionType::Simple,
            column: Some(MetricColumn {
                column_name: column.to_owned(),
                id: None,
                column_type: None,
            }),
            aggregate: Some(aggregate),
            sql_expression: None,
            label: None,
            has_custom_label: false,
            option_name: None,
        })
    }

    fn query(columns: &[&str], metrics: Vec<MetricRef>) -> QueryObject {
        QueryObject {
            columns: columns
                .iter()
                .map(|name| ColumnRef::Physical((*name).to_owned()))
                .collect(),
            orderby: vec![OrderByTerm(metrics[0].clone(), false)],
            metrics: Some(metrics),
            row_limit: Some(10_000),
            time_range: Some("No filter".to_owned()),
            ..QueryObject::default()
        }
    }

    fn sum_max_count() -> Vec<MetricRef> {
        vec![
            simple(Aggregate::Sum, "num"),
            simple(Aggregate::Max, "num"),
            simple(Aggregate::Count, "num"),
        ]
    }

    #[test]
    fn removing_a_groupby_column_regroups_the_cached_result() {
        let cached = query(&["gender", "state"], sum_max_count());
        let wanted = query(&["gender"], sum_max_count());
        let request = plan_reaggregation(&cached, &wanted, 80).expect("answerable");
        assert_eq!(request.source_groupby, ["gender", "state"]);
        assert_eq!(request.groupby, ["gender"]);
        let aggregates: Vec<_> = request
            .metrics
            .iter()
            .map(|metric| (metric.label.as_str(), metric.aggregate.clone()))
            .collect();
        assert_eq!(
            aggregates,
            [
                ("SUM(num)", MetricAggregate::Sum),
                ("MAX(num)", MetricAggregate::Max),
                ("COUNT(num)", MetricAggregate::Count)
            ]
        );
        assert_eq!(request.orderby, [("SUM(num)".to_owned(), false)]);
        assert_eq!(request.row_limit, Some(10_000));
    }

    fn sql_metric(expression: &str) -> MetricRef {
        MetricRef::Adhoc(AdhocMetric {
            expression_type: ExpressionType::Sql,
            column: None,
            aggregate: None,
            sql_expression: Some(expression.to_owned()),
            label: None,
            has_custom_label: false,
            option_name: None,
        })
    }

    #[test]
    fn sql_metrics_of_one_aggregate_are_recognised() {
        let cases = [
            ("SUM(num)", MetricAggregate::Sum),
            ("count(*)", MetricAggregate::Count),
            ("MAX(\"num\")", MetricAggregate::Max),
            ("MIN(num)", MetricAggregate::Min),
            ("COUNT(DISTINCT state)", MetricAggregate::CountDistinct),
            ("AVG(num)", MetricAggregate::Other),
            ("SUM(num) / COUNT(*)", MetricAggregate::Sql),
        ];
        for (expression, expected) in cases {
            assert_eq!(
                metric_aggregate(&sql_metric(expression)),
                expected,
                "{expression}"
            );
        }
        let sql_sum = vec![sql_metric("SUM(num)")];
        let request = plan_reaggregation(
            &query(&["gender", "state"], sql_sum.clone()),
            &query(&["gender"], sql_sum),
            80,
        );
        assert_eq!(
            request.map(|request| request.groupby),
            Some(vec!["gender".to_owned()])
        );
    }

    #[test]
    fn removing_every_groupby_column_asks_for_the_totals() {
        let request = plan_reaggregation(
            &query(&["gender"], sum_max_count()),
            &query(&[], sum_max_count()),
            2,
        )
        .expect("answerable");
        assert!(request.groupby.is_empty());
    }

    /// The table's `show_totals` query: no columns, `row_limit: 0` (no limit), `row_offset: 0`, no
    /// order; answered from the main query's complete result. A wanted offset is never ignored.
    #[test]
    fn the_table_totals_query_is_answered_from_its_main_query() {
        let main = query(&["gender", "state"], sum_max_count());
        let totals = QueryObject {
            columns: Vec::new(),
            row_limit: Some(0),
            row_offset: Some(0),
            orderby: Vec::new(),
            ..main.clone()
        };
        let request = plan_reaggregation(&main, &totals, 80).expect("answerable");
        assert!(request.groupby.is_empty());
        assert_eq!(request.source_groupby, ["gender", "state"]);
        assert!(request.orderby.is_empty());
        assert_eq!(request.row_limit, None);
        let second_page = QueryObject {
            row_offset: Some(10),
            ..totals
        };
        assert_eq!(plan_reaggregation(&main, &second_page, 80), None);
    }

    #[test]
    fn the_server_answers_what_the_cached_result_cannot() {
        let cached = query(&["gender", "state"], sum_max_count());
        let coarser = query(&["gender"], sum_max_count());
        // | change | why the server answers |
        let cases: Vec<(&str, QueryObject, QueryObject, usize)> = vec![
            ("same group-by", cached.clone(), cached.clone(), 80),
            ("a group-by column added", coarser.clone(), cached.clone(), 2),
            (
                "the row limit cut the result",
                cached.clone(),
                coarser.clone(),
                10_000,
            ),
            (
                "another metric",
                cached.clone(),
                query(&["gender"], vec![simple(Aggregate::Sum, "num")]),
                80,
            ),
            (
                "AVG",
                query(&["gender", "state"], vec![simple(Aggregate::Avg, "num")]),
                query(&["gender"], vec![simple(Aggregate::Avg, "num")]),
                80,
            ),
            (
                "COUNT_DISTINCT",
                query(
                    &["gender", "state"],
                    vec![simple(Aggregate::CountDistinct, "name")],
                ),
                query(&["gender"], vec![simple(Aggregate::CountDistinct, "name")]),
                80,
            ),
            (
                "a saved metric",
                query(&["gender", "state"], vec![MetricRef::Saved("count".to_owned())]),
                query(&["gender"], vec![MetricRef::Saved("count".to_owned())]),
                80,
            ),
            (
                "another time range",
                cached.clone(),
                QueryObject {
                    time_range: Some("Last week".to_owned()),
                    ..coarser.clone()
                },
                80,
            ),
            (
                "a series limit",
                QueryObject {
                    series_limit: Some(5),
                    ..cached.clone()
                },
                QueryObject {
                    series_limit: Some(5),
                    ..coarser.clone()
                },
                80,
            ),
            (
                "ordered by a metric it does not have",
                cached.clone(),
                QueryObject {
                    orderby: vec![OrderByTerm(simple(Aggregate::Min, "num"), true)],
                    ..coarser.clone()
                },
                80,
            ),
            (
                "raw records",
                QueryObject {
                    metrics: None,
                    ..cached.clone()
                },
                QueryObject {
                    metrics: None,
                    ..coarser.clone()
                },
                80,
            ),
        ];
        for (change, cached, wanted, row_count) in cases {
            assert_eq!(plan_reaggregation(&cached, &wanted, row_count), None, "{change}");
        }
    }

    fn filter(column: &str, op: FilterOperator, val: serde_json::Value) -> QueryObjectFilter {
        QueryObjectFilter {
            col: ColumnRef::Physical(column.to_owned()),
            op,
            val: Some(val),
            grain: None,
            is_extra: None,
        }
    }

    fn with_filters(query: QueryObject, filters: Vec<QueryObjectFilter>) -> QueryObject {
        QueryObject { filters, ..query }
    }

    #[test]
    fn a_dashboard_filter_on_a_fetched_column_filters_the_cached_result() {
        let own = filter("gender", FilterOperator::Equals, json!("boy"));
        let cached = with_filters(query(&["gender", "state"], sum_max_count()), vec![own.clone()]);
        let state_in_ca = filter("state", FilterOperator::In, json!(["CA"]));
        let wanted = with_filters(cached.clone(), vec![own.clone(), state_in_ca]);
        let request = plan_reaggregation(&cached, &wanted, 80).expect("answerable");
        assert_eq!(request.source_groupby, ["gender", "state"]);
        assert_eq!(request.groupby, ["gender", "state"], "the same group-by");
        assert_eq!(
            request.filters,
            [ReaggregationFilter {
                col: "state".to_owned(),
                op: "IN".to_owned(),
                val: Some(json!(["CA"])),
            }]
        );
        // A filter and a coarser group-by together.
        let coarser = with_filters(
            query(&["state"], sum_max_count()),
            vec![
                own.clone(),
                filter("state", FilterOperator::NotEquals, json!("TX")),
            ],
        );
        let request = plan_reaggregation(&cached, &coarser, 80).expect("answerable");
        assert_eq!(request.groupby, ["state"]);
        assert_eq!(request.filters[0].op, "!=");
    }

    #[test]
    fn the_server_answers_filters_the_cached_result_cannot_apply() {
        let own = filter("gender", FilterOperator::Equals, json!("boy"));
        let cached = with_filters(query(&["gender", "state"], sum_max_count()), vec![own.clone()]);
        let cases: Vec<(&str, Vec<QueryObjectFilter>)> = vec![
            (
                "a column that is not fetched",
                vec![own.clone(), filter("name", FilterOperator::In, json!(["Aaron"]))],
            ),
            (
                "an operator the browser does not apply",
                vec![own.clone(), filter("state", FilterOperator::Like, json!("C%"))],
            ),
            (
                "the chart's own filter dropped",
                vec![filter("state", FilterOperator::In, json!(["CA"]))],
            ),
            (
                "the chart's own filter changed",
                vec![filter("gender", FilterOperator::Equals, json!("girl"))],
            ),
            (
                "a time grain",
                vec![
                    own.clone(),
                    QueryObjectFilter {
                        grain: Some("P1D".to_owned()),
                        ..filter("state", FilterOperator::Equals, json!("CA"))
                    },
                ],
            ),
        ];
        for (change, filters) in cases {
            let wanted = with_filters(cached.clone(), filters);
            assert_eq!(plan_reaggregation(&cached, &wanted, 80), None, "{change}");
        }
        let wanted = with_filters(
            cached.clone(),
            vec![own, filter("state", FilterOperator::In, json!(["CA"]))],
        );
        assert_eq!(
            plan_reaggregation(&cached, &wanted, 10_000),
            None,
            "an incomplete result"
        );
    }

    #[test]
    fn post_processing_is_left_to_the_caller() {
        let pivot = json!({"operation": "pivot", "options": {"index": ["ds"]}});
        let cached = QueryObject {
            post_processing: vec![pivot.clone()],
            ..query(&["ds", "gender"], sum_max_count())
        };
        let wanted = QueryObject {
            post_processing: vec![pivot],
            ..query(&["ds"], sum_max_count())
        };
        assert!(plan_reaggregation(&cached, &wanted, 88).is_some());
    }
}
