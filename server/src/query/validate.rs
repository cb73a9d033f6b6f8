//! Checks every user SQL fragment (adhoc SQL metric or column, SQL filter, extras where and
//! having) before it reaches a statement: it must parse as one expression, with nothing after it,
//! no sub-query and no function that reaches outside the dataset.

use std::ops::ControlFlow;

use sqlparser::ast::{Expr, Visit, Visitor};
use sqlparser::dialect::GenericDialect;
use sqlparser::parser::Parser;
use sqlparser::tokenizer::Token;

/// Why a fragment was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FragmentError {
    /// It does not parse as a single expression. `line` and `column` (1-based) say where in `sql`,
    /// the fragment as parsed (trimmed), the parser stopped, when it knows.
    #[error("Unable to parse SQL: {message}")]
    Unparsable {
        sql: String,
        message: String,
        line: Option<u64>,
        column: Option<u64>,
    },
    /// It contains a sub-query (Superset's message).
    #[error("Custom SQL fields cannot contain sub-queries.")]
    Subquery,
    /// It calls a function that reads files, settings or other databases.
    #[error("Custom SQL fields cannot call the function {0}.")]
    ForbiddenFunction(String),
}

/// Functions that reach outside the dataset (files, settings, other connections). Compared in
/// lower case, by prefix where the name ends with `*`.
const FORBIDDEN_FUNCTIONS: &[&str] = &[
    "read_*",
    "pg_read_*",
    "pg_ls_*",
    "pg_stat_file",
    "lo_*",
    "dblink*",
    "load_file",
    "getenv",
    "current_setting",
    "set_config",
    "glob",
    "query",
    "query_table",
    "sqlite_*",
    "duckdb_*",
    "pragma_*",
    "load_extension",
    "sys_*",
    "benchmark",
    "sleep",
    "pg_sleep",
];

fn is_forbidden(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    let name = name.rsplit('.').next().unwrap_or(&name).trim_matches('"');
    FORBIDDEN_FUNCTIONS
        .iter()
        .any(|pattern| match pattern.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => name == *pattern,
        })
}

struct FragmentChecker {
    error: Option<FragmentError>,
}

impl Visitor for FragmentChecker {
    type Break = ();

    /// Any query inside the expression is a sub-query, whatever its syntax (`(SELECT ...)`,
    /// `ARRAY(SELECT ...)`, `IN (SELECT ...)`, `EXISTS`).
    fn pre_visit_query(&mut self, _query: &sqlparser::ast::Query) -> ControlFlow<Self::Break> {
        self.error = Some(FragmentError::Subquery);
        ControlFlow::Break(())
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<Self::Break> {
        let error = match expr {
            Expr::Subquery(_) | Expr::Exists { .. } | Expr::InSubquery { .. } => {
                Some(FragmentError::Subquery)
            }
            Expr::Function(function) if is_forbidden(&function.name.to_string()) => {
                Some(FragmentError::ForbiddenFunction(function.name.to_string()))
            }
            _ => None,
        };
        match error {
            Some(error) => {
                self.error = Some(error);
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    }
}

/// sqlparser ends a located message with `at Line: 1, Column: 8`; the location is read back.
fn location_in_message(message: &str) -> Option<(u64, u64)> {
    let (_, tail) = message.rsplit_once(" at Line: ")?;
    let (line, column) = tail.split_once(", Column: ")?;
    let digits = |text: &str| -> Option<u64> {
        text.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .ok()
            .filter(|number| *number > 0)
    };
    Some((digits(line)?, digits(column)?))
}

/// Just after the last character of `sql`: where a parser that ran out of text stopped.
/// Example: `"SUM(\n  num"` ends at line 2, column 6.
fn end_of(sql: &str) -> (u64, u64) {
    let last_line = sql.rsplit('\n').next().unwrap_or_default();
    let line = sql.matches('\n').count() + 1;
    let column = last_line.chars().count() + 1;
    (
        u64::try_from(line).unwrap_or(u64::MAX),
        u64::try_from(column).unwrap_or(u64::MAX),
    )
}

/// The refusal of `sql` for the parser's `message`, located where the message says, else (the
/// parser met the end of the text) just after the last character.
fn unparsable(sql: &str, message: String) -> FragmentError {
    let message = message
        .strip_prefix("sql parser error: ")
        .map(str::to_owned)
        .unwrap_or(message);
    let (line, column) = location_in_message(&message).unwrap_or_else(|| end_of(sql));
    FragmentError::Unparsable {
        sql: sql.to_owned(),
        message,
        line: Some(line),
        column: Some(column),
    }
}

/// Validates a fragment and returns it trimmed, ready to be wrapped in parentheses.
pub fn validate_fragment(sql: &str) -> Result<String, FragmentError> {
    let trimmed = sql.trim();
    if trimmed.is_empty() {
        return Err(FragmentError::Unparsable {
            sql: String::new(),
            message: "the expression is empty".to_owned(),
            line: None,
            column: None,
        });
    }
    let dialect = GenericDialect {};
    let mut parser = Parser::new(&dialect)
        .try_with_sql(trimmed)
        .map_err(|error| unparsable(trimmed, error.to_string()))?;
    let expr = parser
        .parse_expr()
        .map_err(|error| unparsable(trimmed, error.to_string()))?;
    let next = parser.peek_token();
    if next.token != Token::EOF {
        let start = next.span.start;
        return Err(FragmentError::Unparsable {
            sql: trimmed.to_owned(),
            message: format!("unexpected text after the expression: {}", next.token),
            line: Some(start.line).filter(|line| *line > 0),
            column: Some(start.column).filter(|column| *column > 0),
        });
    }
    let mut checker = FragmentChecker { error: None };
    let _ = expr.visit(&mut checker);
    if let Some(error) = checker.error {
        return Err(error);
    }
    // Comments could hide a closing parenthesis from the reader of the statement; refuse them.
    if trimmed.contains("--") || trimmed.contains("/*") {
        return Err(FragmentError::Unparsable {
            sql: trimmed.to_owned(),
            message: "comments are not allowed in custom SQL".to_owned(),
            line: None,
            column: None,
        });
    }
    Ok(trimmed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_pass() {
        assert_eq!(
            validate_fragment(" SUM(num) / COUNT(*) ").unwrap(),
            "SUM(num) / COUNT(*)"
        );
        assert!(validate_fragment("CASE WHEN gender = 'boy' THEN num ELSE 0 END").is_ok());
        assert!(validate_fragment("state IN ('CA', 'NY') AND num > 10").is_ok());
    }

    #[test]
    fn statements_and_tricks_are_refused() {
        for hostile in [
            "1; DROP TABLE birth_names",
            "num) FROM birth_names; DELETE FROM x --",
            "(SELECT password FROM ab_user LIMIT 1)",
            "EXISTS (SELECT 1 FROM ab_user)",
            "num IN (SELECT id FROM ab_user)",
            "ARRAY(SELECT secret FROM secrets)",
            "read_csv('/etc/passwd')",
            "pg_read_file('/etc/passwd')",
            "num -- comment",
            "num /* x */",
            "",
        ] {
            assert!(validate_fragment(hostile).is_err(), "accepted: {hostile}");
        }
        assert_eq!(validate_fragment("(SELECT 1)"), Err(FragmentError::Subquery));
    }

    /// | fragment | line | column |
    /// | --- | --- | --- |
    /// | `SUM(num) + )` | 1 | 12 (the `)`) |
    /// | `SUM(num)\n  + )` | 2 | 5 |
    /// | `SUM(num` (the text ends) | 1 | 8 (after the last character) |
    /// | `SUM(num) 2` (text after the expression) | 1 | 10 |
    #[test]
    fn unparsable_fragments_say_where_the_parser_stopped() {
        for (fragment, expected_line, expected_column) in [
            ("SUM(num) + )", 1, 12),
            ("SUM(num)\n  + )", 2, 5),
            ("  SUM(num  ", 1, 8),
            ("SUM(num) 2", 1, 10),
        ] {
            let Err(FragmentError::Unparsable {
                sql, line, column, ..
            }) = validate_fragment(fragment)
            else {
                panic!("accepted: {fragment}");
            };
            assert_eq!(sql, fragment.trim());
            assert_eq!(
                (line, column),
                (Some(expected_line), Some(expected_column)),
                "{fragment}"
            );
        }
    }
}
