//! Adhoc filters → the query object's `filters` and its free SQL `extras.where` / `extras.having`
//! (Superset's `processFilters` and `convertFilter`).
//!
//! | adhoc filter | goes to |
//! | --- | --- |
//! | SIMPLE, WHERE | `filters`: `{col, op, val}` (no `val` for IS NULL, IS NOT NULL, IS TRUE, IS FALSE) |
//! | SQL, WHERE | `extras.where`: each clause in parentheses, joined with ` AND ` |
//! | SQL, HAVING | `extras.having`, the same way |
//! | SIMPLE, HAVING | `extras.having` as SQL text: `SUM(num) > 100`, `state IN ('CA', 'NY')` |
//!
//! Current Superset drops SIMPLE HAVING filters from the query object; Quiver keeps them as SQL
//! (what Superset's filter editor shows for them), so the server's SQL fragment validation
//! applies to them like any other HAVING text.

use quiver_types::{AdhocFilter, ColumnRef, ExpressionType, FilterClause, FilterOperator, QueryObjectFilter};
use serde_json::Value;

use crate::error::{CoreError, CoreResult};
use crate::form_data::control_values::parse_decimal_number;

/// What the adhoc filters of a form data become in a query object.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProcessedFilters {
    pub filters: Vec<QueryObjectFilter>,
    /// `extras.where`; `None` when there is no free SQL WHERE clause.
    pub where_sql: Option<String>,
    /// `extras.having`; `None` when there is no HAVING clause.
    pub having: Option<String>,
}

/// Splits adhoc filters by clause and expression type. `legacy_where` is the form data's
/// old free-text `where` control; it comes first in `extras.where`.
pub fn process_adhoc_filters(
    legacy_where: Option<&str>,
    adhoc_filters: &[AdhocFilter],
) -> CoreResult<ProcessedFilters> {
    let mut filters = Vec::new();
    let mut where_clauses: Vec<String> = legacy_where.into_iter().map(str::to_owned).collect();
    let mut having_clauses = Vec::new();

    for adhoc_filter in adhoc_filters {
        match (adhoc_filter.expression_type, adhoc_filter.clause) {
            (ExpressionType::Simple, FilterClause::Where) => filters.push(simple_filter(adhoc_filter)?),
            (ExpressionType::Simple, FilterClause::Having) => {
                having_clauses.push(simple_filter_as_sql(adhoc_filter)?);
            }
            (ExpressionType::Sql, clause) => {
                let Some(sql) = adhoc_filter
                    .sql_expression
                    .as_deref()
                    .filter(|sql| !sql.trim().is_empty())
                else {
                    continue;
                };
                match clause {
                    FilterClause::Where => where_clauses.push(sql.to_owned()),
                    FilterClause::Having => having_clauses.push(sql.to_owned()),
                }
            }
        }
    }

    Ok(ProcessedFilters {
        filters,
        where_sql: join_clauses(&where_clauses),
        having: join_clauses(&having_clauses),
    })
}

/// The operator of a SIMPLE filter; stored form data may spell it in lower case (`"in"`).
pub fn parse_filter_operator(operator: &str) -> CoreResult<FilterOperator> {
    let normalized = operator.trim().to_uppercase();
    serde_json::from_value(Value::String(normalized)).map_err(|_| CoreError::UnsupportedFilterOperator {
        operator: operator.to_owned(),
    })
}

/// Whether the operator takes no value.
pub fn is_unary(operator: FilterOperator) -> bool {
    matches!(
        operator,
        FilterOperator::IsNull | FilterOperator::IsNotNull | FilterOperator::IsTrue | FilterOperator::IsFalse
    )
}

/// `{col: subject, op, val: comparator}`; unary operators carry no `val`.
fn simple_filter(adhoc_filter: &AdhocFilter) -> CoreResult<QueryObjectFilter> {
    let (subject, operator) = subject_and_operator(adhoc_filter)?;
    let val = if is_unary(operator) {
        None
    } else {
        adhoc_filter.comparator.clone()
    };
    Ok(QueryObjectFilter {
        col: ColumnRef::Physical(subject.to_owned()),
        op: operator,
        val,
        grain: None,
        is_extra: adhoc_filter.is_extra.filter(|is_extra| *is_extra),
    })
}

fn subject_and_operator(adhoc_filter: &AdhocFilter) -> CoreResult<(&str, FilterOperator)> {
    let subject = adhoc_filter
        .subject
        .as_deref()
        .filter(|subject| !subject.is_empty());
    let operator = adhoc_filter
        .operator
        .as_deref()
        .filter(|operator| !operator.is_empty());
    let (Some(subject), Some(operator)) = (subject, operator) else {
        return Err(CoreError::IncompleteAdhocFilter);
    };
    Ok((subject, parse_filter_operator(operator)?))
}

/// A SIMPLE filter as SQL text, as Superset's `getSimpleSQLExpression`: `subject op value`,
/// `subject IN (v1, v2)`, `subject IS NULL`. Numbers (and numeric strings) stay bare, other
/// values are single-quoted with quotes doubled.
fn simple_filter_as_sql(adhoc_filter: &AdhocFilter) -> CoreResult<String> {
    let (subject, operator) = subject_and_operator(adhoc_filter)?;
    let sql_operator = sql_operator(operator).ok_or_else(|| CoreError::UnsupportedFilterOperator {
        operator: adhoc_filter.operator.clone().unwrap_or_default(),
    })?;
    if is_unary(operator) {
        return Ok(format!("{subject} {sql_operator}"));
    }
    let values: Vec<String> = match &adhoc_filter.comparator {
        None | Some(Value::Null) => return Ok(format!("{subject} {sql_operator}")),
        Some(Value::Array(items)) => items.iter().map(sql_literal).collect(),
        Some(single) => vec![sql_literal(single)],
    };
    let is_multi = matches!(operator, FilterOperator::In | FilterOperator::NotIn);
    if is_multi {
        return Ok(format!("{subject} {sql_operator} ({})", values.join(", ")));
    }
    Ok(format!("{subject} {sql_operator} {}", values.join(", ")))
}

/// Superset's `OPERATORS_TO_SQL`; `TEMPORAL_RANGE` has no SQL form.
fn sql_operator(operator: FilterOperator) -> Option<&'static str> {
    Some(match operator {
        FilterOperator::Equals => "=",
        FilterOperator::NotEquals => "<>",
        FilterOperator::GreaterThan => ">",
        FilterOperator::LessThan => "<",
        FilterOperator::GreaterThanOrEquals => ">=",
        FilterOperator::LessThanOrEquals => "<=",
        FilterOperator::In => "IN",
        FilterOperator::NotIn => "NOT IN",
        FilterOperator::Like => "LIKE",
        FilterOperator::NotLike => "NOT LIKE",
        FilterOperator::Ilike => "ILIKE",
        FilterOperator::IsNull => "IS NULL",
        FilterOperator::IsNotNull => "IS NOT NULL",
        FilterOperator::IsTrue => "IS TRUE",
        FilterOperator::IsFalse => "IS FALSE",
        FilterOperator::TemporalRange => return None,
    })
}

fn sql_literal(value: &Value) -> String {
    match value {
        Value::Number(number) => number.to_string(),
        Value::Bool(flag) => flag.to_string(),
        Value::String(text) if parse_decimal_number(text.trim()).is_some() => text.trim().to_owned(),
        Value::String(text) => quote(text),
        other => quote(&other.to_string()),
    }
}

fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// `(a) AND (b)`; a clause with a `--` comment gets a line break before its closing parenthesis
/// (Superset's `sanitizeClause`).
fn join_clauses(clauses: &[String]) -> Option<String> {
    if clauses.is_empty() {
        return None;
    }
    let wrapped: Vec<String> = clauses
        .iter()
        .map(|clause| {
            if clause.contains("--") {
                format!("({clause}\n)")
            } else {
                format!("({clause})")
            }
        })
        .collect();
    Some(wrapped.join(" AND "))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn adhoc(filter: Value) -> AdhocFilter {
        serde_json::from_value(filter).unwrap()
    }

    fn simple(clause: &str, subject: &str, operator: &str, comparator: Value) -> AdhocFilter {
        adhoc(json!({
            "expressionType": "SIMPLE", "clause": clause, "subject": subject,
            "operator": operator, "comparator": comparator,
        }))
    }

    fn sql(clause: &str, expression: &str) -> AdhocFilter {
        adhoc(json!({"expressionType": "SQL", "clause": clause, "sqlExpression": expression}))
    }

    #[test]
    fn the_adhoc_filter_model_reads_every_field_and_keeps_is_extra() {
        let stored = [
            json!({"expressionType": "SIMPLE", "clause": "WHERE", "subject": "state", "operator": "IN",
                   "comparator": ["CA"], "filterOptionName": "f1", "isExtra": true}),
            json!({"expressionType": "SQL", "clause": "HAVING", "sqlExpression": "SUM(num) > 10", "isExtra": false}),
        ];
        let filters: Vec<AdhocFilter> = stored.iter().cloned().map(adhoc).collect();
        assert_eq!(filters[0].expression_type, ExpressionType::Simple);
        assert_eq!(filters[0].clause, FilterClause::Where);
        assert_eq!(
            (filters[0].subject.as_deref(), filters[0].operator.as_deref()),
            (Some("state"), Some("IN"))
        );
        assert_eq!(filters[0].comparator, Some(json!(["CA"])));
        assert_eq!(filters[0].is_extra, Some(true));
        assert_eq!(filters[1].expression_type, ExpressionType::Sql);
        assert_eq!(filters[1].clause, FilterClause::Having);
        assert_eq!(filters[1].sql_expression.as_deref(), Some("SUM(num) > 10"));
        for (filter, original) in filters.iter().zip(&stored) {
            assert_eq!(&serde_json::to_value(filter).unwrap(), original);
        }
        let processed = process_adhoc_filters(None, &filters).unwrap();
        assert_eq!(
            serde_json::to_value(&processed.filters).unwrap(),
            json!([{"col": "state", "op": "IN", "val": ["CA"], "isExtra": true}])
        );
        assert_eq!(processed.having.as_deref(), Some("(SUM(num) > 10)"));
        let without_clause = adhoc(json!({"expressionType": "SQL", "sqlExpression": "num > 1"}));
        assert_eq!(without_clause.clause, FilterClause::Where);
    }

    #[test]
    fn simple_where_filters_become_query_object_filters() {
        let processed = process_adhoc_filters(
            None,
            &[
                simple("WHERE", "state", "IN", json!(["CA", "NY"])),
                simple("WHERE", "name", "IS NOT NULL", json!("ignored")),
                simple("WHERE", "gender", "==", json!("girl")),
            ],
        )
        .unwrap();
        let filters = serde_json::to_value(&processed.filters).unwrap();
        assert_eq!(
            filters,
            json!([
                {"col": "state", "op": "IN", "val": ["CA", "NY"]},
                {"col": "name", "op": "IS NOT NULL"},
                {"col": "gender", "op": "==", "val": "girl"},
            ])
        );
        assert_eq!((processed.where_sql, processed.having), (None, None));
    }

    #[test]
    fn sql_clauses_are_parenthesized_and_joined() {
        let processed = process_adhoc_filters(
            Some("ds > '2000'"),
            &[
                sql("WHERE", "num > 10"),
                sql("WHERE", "state = 'CA' -- only CA"),
                sql("HAVING", "SUM(num) > 100"),
                sql("WHERE", "  "),
            ],
        )
        .unwrap();
        assert_eq!(
            processed.where_sql.as_deref(),
            Some("(ds > '2000') AND (num > 10) AND (state = 'CA' -- only CA\n)")
        );
        assert_eq!(processed.having.as_deref(), Some("(SUM(num) > 100)"));
    }

    #[test]
    fn simple_having_filters_become_sql() {
        let cases = [
            (simple("HAVING", "SUM(num)", ">", json!(100)), "SUM(num) > 100"),
            (
                simple("HAVING", "SUM(num)", ">=", json!("100")),
                "SUM(num) >= 100",
            ),
            (
                simple("HAVING", "state", "==", json!("O'Hare")),
                "state = 'O''Hare'",
            ),
            (simple("HAVING", "state", "!=", json!("CA")), "state <> 'CA'"),
            (
                simple("HAVING", "state", "NOT IN", json!(["CA", "NY"])),
                "state NOT IN ('CA', 'NY')",
            ),
            (
                simple("HAVING", "COUNT(*)", "IN", json!([1, "2"])),
                "COUNT(*) IN (1, 2)",
            ),
            (
                simple("HAVING", "MAX(name)", "IS NULL", json!(null)),
                "MAX(name) IS NULL",
            ),
        ];
        for (filter, expected) in cases {
            let processed = process_adhoc_filters(None, &[filter]).unwrap();
            assert_eq!(processed.having, Some(format!("({expected})")));
        }
    }

    #[test]
    fn operators_are_read_case_insensitively_and_unknown_ones_refused() {
        assert_eq!(parse_filter_operator("not in").unwrap(), FilterOperator::NotIn);
        assert_eq!(
            parse_filter_operator("TEMPORAL_RANGE").unwrap(),
            FilterOperator::TemporalRange
        );
        let error = parse_filter_operator("REGEX").unwrap_err();
        assert_eq!(
            error,
            CoreError::UnsupportedFilterOperator {
                operator: "REGEX".to_owned()
            }
        );
    }

    #[test]
    fn a_simple_filter_without_a_column_is_incomplete() {
        let filter = adhoc(json!({"expressionType": "SIMPLE", "clause": "WHERE", "operator": "=="}));
        assert_eq!(
            process_adhoc_filters(None, &[filter]).unwrap_err(),
            CoreError::IncompleteAdhocFilter
        );
    }
}
