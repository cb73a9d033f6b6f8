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
    /// It does not parse as a single expression.
    #[error("Unable to parse SQL: {0}")]
    Unparsable(String),
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

/// Validates a fragment and returns it trimmed, ready to be wrapped in parentheses.
pub fn validate_fragment(sql: &str) -> Result<String, FragmentError> {
    let trimmed = sql.trim();
    if trimmed.is_empty() {
        return Err(FragmentError::Unparsable("the expression is empty".to_owned()));
    }
    let dialect = GenericDialect {};
    let mut parser = Parser::new(&dialect)
        .try_with_sql(trimmed)
        .map_err(|error| FragmentError::Unparsable(error.to_string()))?;
    let expr = parser
        .parse_expr()
        .map_err(|error| FragmentError::Unparsable(error.to_string()))?;
    if parser.peek_token().token != Token::EOF {
        return Err(FragmentError::Unparsable(format!(
            "unexpected text after the expression: {}",
            parser.peek_token()
        )));
    }
    let mut checker = FragmentChecker { error: None };
    let _ = expr.visit(&mut checker);
    if let Some(error) = checker.error {
        return Err(error);
    }
    // Comments could hide a closing parenthesis from the reader of the statement; refuse them.
    if trimmed.contains("--") || trimmed.contains("/*") {
        return Err(FragmentError::Unparsable(
            "comments are not allowed in custom SQL".to_owned(),
        ));
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
}
