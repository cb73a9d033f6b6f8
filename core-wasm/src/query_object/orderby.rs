//! Order-by options of form data (`order_by_cols`, `orderby`).

use quiver_types::{AdhocMetric, ColumnRef, ExpressionType, MetricRef, OrderByTerm};
use serde_json::Value;

use crate::error::{CoreError, CoreResult};

/// The spec's message for an order-by option that cannot be parsed.
pub const INVALID_ORDERBY: &str = "Found invalid orderby options";

/// One order-by option: a `[metric or column, ascending]` pair, or that pair as a JSON string
/// (`order_by_cols` stores `'["num", false]'`, the choice's value). Anything else is
/// "Found invalid orderby options", reported on `control`.
pub fn parse_orderby_option(control: &str, option: &Value) -> CoreResult<OrderByTerm> {
    let invalid = || CoreError::invalid_control(control, INVALID_ORDERBY);
    match option {
        Value::String(text) => serde_json::from_str(text).map_err(|_| invalid()),
        Value::Array(_) => serde_json::from_value(option.clone()).map_err(|_| invalid()),
        _ => Err(invalid()),
    }
}

/// Superset's `normalizeOrderBy`: the order-by terms when they are set, else
/// `[[sort metric, !order_desc]]`, else `[[first metric, !order_desc]]`, else none.
///
/// Example: no order-by, sort metric `sum__num`, `order_desc: true` → `[["sum__num", false]]`.
pub fn normalize_orderby(
    orderby: Vec<OrderByTerm>,
    sort_metric: Option<MetricRef>,
    metrics: &[MetricRef],
    order_desc: bool,
) -> Vec<OrderByTerm> {
    if !orderby.is_empty() {
        return orderby;
    }
    let is_ascending = !order_desc;
    sort_metric
        .or_else(|| metrics.first().cloned())
        .map(|metric| vec![OrderByTerm(metric, is_ascending)])
        .unwrap_or_default()
}

/// A column as the first item of an order-by term: a physical column by name, an adhoc one as
/// a SQL expression with its label (order-by terms hold metrics or column names).
pub fn column_as_orderby_item(column: &ColumnRef) -> MetricRef {
    match column {
        ColumnRef::Physical(name) => MetricRef::Saved(name.clone()),
        ColumnRef::Adhoc(adhoc) => MetricRef::Adhoc(AdhocMetric {
            expression_type: ExpressionType::Sql,
            column: None,
            aggregate: None,
            sql_expression: Some(adhoc.sql_expression.clone()),
            label: adhoc.label.clone(),
            has_custom_label: false,
            option_name: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn json_strings_and_pairs_parse() {
        let expected = OrderByTerm(MetricRef::Saved("num".to_owned()), false);
        assert_eq!(
            parse_orderby_option("order_by_cols", &json!("[\"num\", false]")).unwrap(),
            expected
        );
        assert_eq!(
            parse_orderby_option("order_by_cols", &json!(["num", false])).unwrap(),
            expected
        );
    }

    #[test]
    fn anything_else_is_an_invalid_orderby_option() {
        for option in [
            json!("num"),
            json!("[\"num\""),
            json!(["num"]),
            json!(["num", "asc"]),
            json!(3),
        ] {
            let error = parse_orderby_option("order_by_cols", &option).unwrap_err();
            assert_eq!(
                error,
                CoreError::invalid_control("order_by_cols", INVALID_ORDERBY),
                "{option}"
            );
        }
    }

    #[test]
    fn order_by_falls_back_to_the_sort_metric_then_the_first_metric() {
        let count = MetricRef::Saved("count".to_owned());
        let sum = MetricRef::Saved("sum__num".to_owned());
        let set = vec![OrderByTerm(count.clone(), true)];
        assert_eq!(normalize_orderby(set.clone(), Some(sum.clone()), &[], true), set);
        let metrics = [count.clone()];
        assert_eq!(
            normalize_orderby(Vec::new(), Some(sum.clone()), &metrics, true),
            [OrderByTerm(sum, false)]
        );
        assert_eq!(
            normalize_orderby(Vec::new(), None, &metrics, false),
            [OrderByTerm(count, true)]
        );
        assert_eq!(normalize_orderby(Vec::new(), None, &[], true), []);
    }
}
