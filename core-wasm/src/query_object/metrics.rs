//! Metric labels: the names result columns get, and what order-by and post-processing refer to.

use quiver_types::{ExpressionType, MetricRef};

/// The label of a metric, as Superset's `getMetricLabel`:
///
/// | metric | label |
/// | --- | --- |
/// | saved `"count"` | `count` |
/// | adhoc with `label: "Births"` | `Births` |
/// | SIMPLE `SUM` of `num`, no label | `SUM(num)` |
/// | SIMPLE `COUNT_DISTINCT` of `state`, no label | `COUNT_DISTINCT(state)` |
/// | SQL `sum(a) / sum(b)`, no label | `sum(a) / sum(b)` |
pub fn metric_label(metric: &MetricRef) -> String {
    let adhoc = match metric {
        MetricRef::Saved(name) => return name.clone(),
        MetricRef::Adhoc(adhoc) => adhoc,
    };
    if let Some(label) = adhoc.label.as_deref().filter(|label| !label.is_empty()) {
        return label.to_owned();
    }
    match adhoc.expression_type {
        ExpressionType::Simple => {
            let aggregate = adhoc.aggregate.map_or("", |aggregate| aggregate.as_str());
            let column = adhoc
                .column
                .as_ref()
                .map_or("", |column| column.column_name.as_str());
            format!("{aggregate}({column})")
        }
        ExpressionType::Sql => adhoc.sql_expression.clone().unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use quiver_types::{AdhocMetric, Aggregate, MetricColumn};

    use super::*;

    fn simple(aggregate: Aggregate, column: &str, label: Option<&str>) -> MetricRef {
        MetricRef::Adhoc(AdhocMetric {
            expression_type: ExpressionType::Simple,
            column: Some(MetricColumn {
                column_name: column.to_owned(),
                id: None,
                column_type: None,
            }),
            aggregate: Some(aggregate),
            sql_expression: None,
            label: label.map(str::to_owned),
            has_custom_label: label.is_some(),
            option_name: None,
        })
    }

    fn sql(expression: &str) -> MetricRef {
        MetricRef::Adhoc(AdhocMetric {
            expression_type: ExpressionType::Sql,
            column: None,
            aggregate: None,
            sql_expression: Some(expression.to_owned()),
            label: Some(String::new()),
            has_custom_label: false,
            option_name: None,
        })
    }

    #[test]
    fn labels_follow_superset() {
        let cases = [
            (MetricRef::Saved("count".to_owned()), "count"),
            (simple(Aggregate::Sum, "num", Some("Births")), "Births"),
            (simple(Aggregate::Sum, "num", None), "SUM(num)"),
            (
                simple(Aggregate::CountDistinct, "state", None),
                "COUNT_DISTINCT(state)",
            ),
            (simple(Aggregate::Avg, "num", Some("")), "AVG(num)"),
            (sql("sum(a) / sum(b)"), "sum(a) / sum(b)"),
        ];
        for (metric, expected) in cases {
            assert_eq!(metric_label(&metric), expected);
        }
    }
}
