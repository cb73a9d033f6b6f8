use std::sync::Arc;

use arrow::array::{
    Array, ArrayRef, AsArray, Date32Array, Float64Array, Int32Array, Int64Array, StringArray,
};
use arrow::datatypes::{DataType, Date32Type, Field, Float64Type, Int32Type, Int64Type, Schema};
use serde_json::json;

use super::*;

fn batch(columns: Vec<(&str, ArrayRef)>) -> RecordBatch {
    let fields: Vec<Field> = columns
        .iter()
        .map(|(name, array)| Field::new(*name, array.data_type().clone(), true))
        .collect();
    RecordBatch::try_new(
        Arc::new(Schema::new(fields)),
        columns.into_iter().map(|(_, array)| array).collect(),
    )
    .unwrap()
}

fn metric(label: &str, aggregate: MetricAggregate) -> CachedMetric {
    CachedMetric {
        label: label.to_owned(),
        aggregate,
    }
}

fn request(groupby: &[&str], metrics: Vec<CachedMetric>) -> ReaggregationRequest {
    ReaggregationRequest {
        source_groupby: vec!["state".to_owned(), "gender".to_owned()],
        metrics,
        groupby: groupby.iter().map(|column| (*column).to_owned()).collect(),
        filters: vec![],
        orderby: vec![],
        row_limit: None,
    }
}

/// state | gender | SUM(num) | count | MAX(num) | sum__num | count__num
/// CA    | boy    | 10       | 2     | 7        | 10       | 2
/// CA    | girl   | null     | 0     | null     | null     | 0
/// NY    | boy    | 5        | 1     | 5        | 5        | 1
/// NY    | girl   | 1.5      | 3     | 1        | 1.5      | 3
fn births() -> RecordBatch {
    batch(vec![
        ("state", Arc::new(StringArray::from(vec!["CA", "CA", "NY", "NY"]))),
        (
            "gender",
            Arc::new(StringArray::from(vec!["boy", "girl", "boy", "girl"])),
        ),
        (
            "SUM(num)",
            Arc::new(Float64Array::from(vec![Some(10.0), None, Some(5.0), Some(1.5)])),
        ),
        ("count", Arc::new(Int64Array::from(vec![2, 0, 1, 3]))),
        (
            "MAX(num)",
            Arc::new(Int32Array::from(vec![Some(7), None, Some(5), Some(1)])),
        ),
        (
            "sum__num",
            Arc::new(Float64Array::from(vec![Some(10.0), None, Some(5.0), Some(1.5)])),
        ),
        ("count__num", Arc::new(Int64Array::from(vec![2, 0, 1, 3]))),
    ])
}

fn all_metrics() -> Vec<CachedMetric> {
    vec![
        metric("SUM(num)", MetricAggregate::Sum),
        metric("count", MetricAggregate::Count),
        metric("MAX(num)", MetricAggregate::Max),
        metric(
            "AVG(num)",
            MetricAggregate::Avg {
                sum_column: "sum__num".to_owned(),
                count_column: "count__num".to_owned(),
            },
        ),
    ]
}

fn floats(batch: &RecordBatch, column: &str) -> Vec<Option<f64>> {
    batch
        .column_by_name(column)
        .unwrap()
        .as_primitive::<Float64Type>()
        .iter()
        .collect()
}

#[test]
fn a_coarser_groupby_merges_sums_counts_maxima_and_averages() {
    let answer = reaggregate(&births(), &request(&["state"], all_metrics())).unwrap();
    let names: Vec<String> = answer
        .schema()
        .fields()
        .iter()
        .map(|field| field.name().clone())
        .collect();
    assert_eq!(names, ["state", "SUM(num)", "count", "MAX(num)", "AVG(num)"]);
    let states: Vec<&str> = answer.column(0).as_string::<i32>().iter().flatten().collect();
    assert_eq!(states, ["CA", "NY"]);
    assert_eq!(floats(&answer, "SUM(num)"), [Some(10.0), Some(6.5)]);
    let counts: Vec<Option<i64>> = answer.column(2).as_primitive::<Int64Type>().iter().collect();
    assert_eq!(counts, [Some(2), Some(4)]);
    assert_eq!(answer.column(2).data_type(), &DataType::Int64);
    let maxima: Vec<Option<i32>> = answer.column(3).as_primitive::<Int32Type>().iter().collect();
    assert_eq!(maxima, [Some(7), Some(5)]);
    assert_eq!(floats(&answer, "AVG(num)"), [Some(5.0), Some(6.5 / 4.0)]);
}

#[test]
fn a_group_of_only_nulls_sums_to_null_but_counts_zero() {
    let mut only_girls = request(&["gender"], all_metrics());
    only_girls.filters = vec![ReaggregationFilter {
        col: "state".to_owned(),
        op: "==".to_owned(),
        val: Some(json!("CA")),
    }];
    let answer = reaggregate(&births(), &only_girls).unwrap();
    assert_eq!(floats(&answer, "SUM(num)"), [Some(10.0), None]);
    let counts: Vec<Option<i64>> = answer.column(2).as_primitive::<Int64Type>().iter().collect();
    assert_eq!(counts, [Some(2), Some(0)]);
    assert_eq!(floats(&answer, "AVG(num)"), [Some(5.0), None]);
}

#[test]
fn totals_are_one_row_even_when_no_row_passes_the_filters() {
    let mut totals = request(&[], all_metrics());
    totals.filters = vec![ReaggregationFilter {
        col: "state".to_owned(),
        op: "IN".to_owned(),
        val: Some(json!(["TX"])),
    }];
    let answer = reaggregate(&births(), &totals).unwrap();
    assert_eq!(answer.num_rows(), 1);
    assert_eq!(floats(&answer, "SUM(num)"), [None]);
    let counts: Vec<Option<i64>> = answer.column(1).as_primitive::<Int64Type>().iter().collect();
    assert_eq!(counts, [Some(0)]);
}

#[test]
fn count_distinct_is_refused_when_groups_merge_and_passes_through_otherwise() {
    let metrics = vec![metric("COUNT_DISTINCT(name)", MetricAggregate::CountDistinct)];
    let input = batch(vec![
        ("state", Arc::new(StringArray::from(vec!["CA", "NY"]))),
        ("gender", Arc::new(StringArray::from(vec!["boy", "boy"]))),
        ("COUNT_DISTINCT(name)", Arc::new(Int64Array::from(vec![3, 4]))),
    ]);
    let error = reaggregate(&input, &request(&["state"], metrics.clone())).unwrap_err();
    assert_eq!(
        error,
        ReaggregationError::NotDecomposable {
            metric: "COUNT_DISTINCT(name)".to_owned(),
            aggregate: "COUNT_DISTINCT".to_owned(),
        }
    );
    assert!(error.asks_server());
    assert_eq!(
        error.to_string(),
        "The metric \"COUNT_DISTINCT(name)\" (COUNT_DISTINCT) cannot be re-aggregated"
    );

    let mut same_grain = request(&["gender", "state"], metrics);
    same_grain.filters = vec![ReaggregationFilter {
        col: "state".to_owned(),
        op: "!=".to_owned(),
        val: Some(json!("CA")),
    }];
    let answer = reaggregate(&input, &same_grain).unwrap();
    let distinct: Vec<Option<i64>> = answer.column(2).as_primitive::<Int64Type>().iter().collect();
    assert_eq!(distinct, [Some(4)]);
}

#[test]
fn a_groupby_outside_the_cached_one_asks_the_server() {
    let error = reaggregate(&births(), &request(&["name"], all_metrics())).unwrap_err();
    assert_eq!(error.name(), "GroupbyNotFetched");
}

#[test]
fn integer_sums_that_overflow_ask_the_server() {
    let input = batch(vec![
        ("state", Arc::new(StringArray::from(vec!["CA", "CA"]))),
        ("gender", Arc::new(StringArray::from(vec!["boy", "girl"]))),
        ("n", Arc::new(Int64Array::from(vec![i64::MAX, 1]))),
    ]);
    let error = reaggregate(
        &input,
        &request(&["state"], vec![metric("n", MetricAggregate::Sum)]),
    )
    .unwrap_err();
    assert_eq!(
        error,
        ReaggregationError::Overflow {
            metric: "n".to_owned()
        }
    );
}

#[test]
fn min_on_dates_keeps_the_date_type_and_min_on_text_asks_the_server() {
    let input = batch(vec![
        ("state", Arc::new(StringArray::from(vec!["CA", "CA", "NY"]))),
        ("gender", Arc::new(StringArray::from(vec!["boy", "girl", "boy"]))),
        (
            "first",
            Arc::new(Date32Array::from(vec![Some(20), Some(10), None])),
        ),
        ("name", Arc::new(StringArray::from(vec!["b", "a", "c"]))),
    ]);
    let answer = reaggregate(
        &input,
        &request(&["state"], vec![metric("first", MetricAggregate::Min)]),
    )
    .unwrap();
    let firsts: Vec<Option<i32>> = answer.column(1).as_primitive::<Date32Type>().iter().collect();
    assert_eq!(firsts, [Some(10), None]);
    let error = reaggregate(
        &input,
        &request(&["state"], vec![metric("name", MetricAggregate::Min)]),
    )
    .unwrap_err();
    assert_eq!(error.name(), "UnsupportedColumnType");
}

#[test]
fn orderby_sorts_with_nulls_last_and_row_limit_cuts() {
    let mut ordered = request(
        &["state", "gender"],
        vec![metric("SUM(num)", MetricAggregate::Sum)],
    );
    ordered.orderby = vec![("SUM(num)".to_owned(), false)];
    ordered.row_limit = Some(3);
    let answer = reaggregate(&births(), &ordered).unwrap();
    assert_eq!(floats(&answer, "SUM(num)"), [Some(10.0), Some(5.0), Some(1.5)]);

    ordered.orderby = vec![("SUM(num)".to_owned(), true)];
    ordered.row_limit = None;
    let answer = reaggregate(&births(), &ordered).unwrap();
    assert_eq!(
        floats(&answer, "SUM(num)"),
        [Some(1.5), Some(5.0), Some(10.0), None]
    );

    ordered.orderby = vec![("nope".to_owned(), true)];
    assert_eq!(
        reaggregate(&births(), &ordered).unwrap_err().name(),
        "InvalidInput"
    );
}

#[test]
fn requests_read_from_json() {
    let request: ReaggregationRequest = serde_json::from_value(json!({
        "source_groupby": ["state", "gender"],
        "groupby": ["state"],
        "metrics": [
            {"label": "SUM(num)", "aggregate": "SUM"},
            {"label": "AVG(num)", "aggregate": "AVG", "sum_column": "s", "count_column": "c"},
            {"label": "p90", "aggregate": "PERCENTILE"},
            {"label": "weird", "aggregate": "MEDIAN"}
        ],
        "filters": [{"col": "state", "op": "IN", "val": ["CA"]}],
        "orderby": [["SUM(num)", false]],
        "row_limit": 10
    }))
    .unwrap();
    assert_eq!(
        request.metrics[1].aggregate,
        MetricAggregate::Avg {
            sum_column: "s".to_owned(),
            count_column: "c".to_owned()
        }
    );
    assert_eq!(request.metrics[2].aggregate, MetricAggregate::Percentile);
    assert_eq!(request.metrics[3].aggregate, MetricAggregate::Other);
    assert_eq!(request.orderby, vec![("SUM(num)".to_owned(), false)]);
}
