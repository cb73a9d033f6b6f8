//! Metric expressions that are one aggregate of one column (spec 002 §5): `SUM(num)`,
//! `count(DISTINCT state)`, `MAX("delay")`, recognised as the SIMPLE metric they amount to, as
//! Superset's adhoc metric editor infers its aggregate and column from SQL.
//!
//! | expression | aggregate | column |
//! | --- | --- | --- |
//! | `SUM(num)`, `sum( num )` | SUM | num |
//! | `AVG("num_boys")` | AVG | num_boys |
//! | `COUNT(*)` | COUNT | * |
//! | `COUNT(DISTINCT state)`, `COUNT_DISTINCT(state)` | COUNT_DISTINCT | state |
//! | `MIN(t.delay)` | MIN | t.delay |
//! | `SUM(a) / SUM(b)`, `SUM(a + b)`, `MEDIAN(x)` | not recognised | |

use quiver_types::Aggregate;

/// The aggregate and the column an expression applies it to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecognisedAggregate {
    pub aggregate: Aggregate,
    /// The column as written, without its quotes; `*` for `COUNT(*)`.
    pub column: String,
}

/// The aggregates recognised, by name (case-insensitive).
const AGGREGATES: [(&str, Aggregate); 6] = [
    ("AVG", Aggregate::Avg),
    ("COUNT", Aggregate::Count),
    ("COUNT_DISTINCT", Aggregate::CountDistinct),
    ("MAX", Aggregate::Max),
    ("MIN", Aggregate::Min),
    ("SUM", Aggregate::Sum),
];

/// The aggregate and column of `expression` when it is exactly `AGGREGATE(column)`.
pub fn recognise_aggregate_expression(expression: &str) -> Option<RecognisedAggregate> {
    let expression = expression.trim();
    let (name, rest) = expression.split_once('(')?;
    let argument = rest.strip_suffix(')')?.trim();
    let mut aggregate = AGGREGATES
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name.trim()))
        .map(|(_, aggregate)| *aggregate)?;
    let argument = match strip_distinct(argument) {
        Some(distinct_argument) if aggregate == Aggregate::Count => {
            aggregate = Aggregate::CountDistinct;
            distinct_argument
        }
        Some(_) => return None,
        None => argument,
    };
    let column = if argument == "*" && aggregate == Aggregate::Count {
        "*".to_owned()
    } else {
        column_name(argument)?
    };
    Some(RecognisedAggregate { aggregate, column })
}

/// The argument after a leading `DISTINCT `.
fn strip_distinct(argument: &str) -> Option<&str> {
    let (keyword, rest) = argument.split_once(char::is_whitespace)?;
    keyword.eq_ignore_ascii_case("DISTINCT").then(|| rest.trim())
}

/// A column reference: dotted parts, each a bare identifier or one in `"..."`, `` `...` `` or
/// `[...]`; the quotes are removed.
fn column_name(argument: &str) -> Option<String> {
    let mut parts = Vec::new();
    for part in argument.split('.') {
        let part = part.trim();
        let unquoted = unquote(part)?;
        let is_quoted = unquoted.len() != part.len();
        let is_identifier = !unquoted.is_empty()
            && unquoted
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || (is_quoted && c == ' '));
        if !is_identifier {
            return None;
        }
        parts.push(unquoted);
    }
    Some(parts.join("."))
}

fn unquote(part: &str) -> Option<&str> {
    for (open, close) in [('"', '"'), ('`', '`'), ('[', ']')] {
        if let Some(inner) = part.strip_prefix(open) {
            return inner.strip_suffix(close);
        }
    }
    Some(part)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recognised(expression: &str) -> Option<(Aggregate, String)> {
        recognise_aggregate_expression(expression).map(|found| (found.aggregate, found.column))
    }

    #[test]
    fn each_aggregate_of_one_column_is_recognised() {
        let cases = [
            ("SUM(num)", Aggregate::Sum, "num"),
            ("sum( num )", Aggregate::Sum, "num"),
            ("AVG(\"num_boys\")", Aggregate::Avg, "num_boys"),
            ("Max(`delay`)", Aggregate::Max, "delay"),
            ("MIN(t.delay)", Aggregate::Min, "t.delay"),
            ("COUNT(*)", Aggregate::Count, "*"),
            ("count(name)", Aggregate::Count, "name"),
            ("COUNT(DISTINCT state)", Aggregate::CountDistinct, "state"),
            ("COUNT_DISTINCT(state)", Aggregate::CountDistinct, "state"),
            ("SUM([order total])", Aggregate::Sum, "order total"),
        ];
        for (expression, aggregate, column) in cases {
            assert_eq!(
                recognised(expression),
                Some((aggregate, column.to_owned())),
                "{expression}"
            );
        }
    }

    #[test]
    fn other_expressions_are_not_recognised() {
        for expression in [
            "SUM(a) / SUM(b)",
            "SUM(a + b)",
            "MEDIAN(x)",
            "SUM()",
            "SUM(*)",
            "SUM(DISTINCT num)",
            "num",
            "SUM(order total)",
            "COUNT(DISTINCT a, b)",
        ] {
            assert_eq!(recognised(expression), None, "{expression}");
        }
    }
}
