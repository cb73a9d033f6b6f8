//! CREATE TABLE AS / CREATE VIEW AS runs (`select_as_cta` with `ctas_method` TABLE or VIEW), as
//! Superset's SQL Lab runs them:
//!
//! | method | the script must be                 | what runs                                       |
//! | ------ | ---------------------------------- | ----------------------------------------------- |
//! | TABLE  | statements ending with a SELECT    | the others as written, then `CREATE TABLE "t" AS <last SELECT>` |
//! | VIEW   | exactly one SELECT                 | `CREATE VIEW "t" AS <SELECT>`                   |
//!
//! The user's statements pass the read-only guard first, so user DML stays refused; the wrapper is
//! the server's own. The answer is then `SELECT * FROM "t"` at the run's limit. The target is
//! `force_ctas_schema`.`tmp_table_name`, the name defaulting to Superset's
//! `tmp_{user id}_table_{%Y_%m_%d_%H_%M_%S}`; both are quoted per dialect.

use chrono::NaiveDateTime;
use quiver_types::{CtasMethod, ErrorExtra, ErrorType, IssueCode, SqlLabExecutePayload};

use super::guard::{ScriptStatement, SqlEngine, StatementKind};
use crate::error::{ApiError, ErrorKind};
use crate::store::database::DatabaseRecord;

/// The longest table name a run may ask for (Superset's `tmp_table_name` column is 256 long).
const MAX_TABLE_NAME_CHARS: usize = 256;

/// Why a CTAS or CVAS run was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CtasError {
    /// The database's `allow_ctas` is off.
    #[error("CREATE TABLE AS is not allowed on this database.")]
    TableNotAllowed,
    /// The database's `allow_cvas` is off.
    #[error("CREATE VIEW AS is not allowed on this database.")]
    ViewNotAllowed,
    /// DuckDB files are opened read-only: nothing can be created in them.
    #[error(
        "This database is opened read-only: CREATE TABLE AS and CREATE VIEW AS are not available on it."
    )]
    ReadOnlyDatabase,
    /// The table name is empty, too long or holds control characters.
    #[error("tmp_table_name must be a name of 1 to 256 characters without control characters")]
    InvalidTableName,
    /// A TABLE run whose last statement is not a SELECT (Superset's text, issue 1023).
    #[error(
        "CTAS (create table as select) can only be run with a query where the last statement is a \
         SELECT. Please make sure your query has a SELECT as its last statement. Then, try running \
         your query again."
    )]
    LastStatementNotSelect,
    /// A VIEW run that is not exactly one SELECT (Superset's text, issues 1024 and 1025).
    #[error(
        "CVAS (create view as select) can only be run with a query with a single SELECT statement. \
         Please make sure your query has only a SELECT statement. Then, try running your query \
         again."
    )]
    NotSingleSelect { statement_count: usize },
}

impl From<CtasError> for ApiError {
    fn from(error: CtasError) -> ApiError {
        let message = error.to_string();
        let issue = |code: i32, text: &str| IssueCode {
            code,
            message: format!("Issue {code} - {text}"),
        };
        match error {
            CtasError::TableNotAllowed
            | CtasError::ViewNotAllowed
            | CtasError::ReadOnlyDatabase
            | CtasError::InvalidTableName => ApiError::bad_request(message),
            CtasError::LastStatementNotSelect => ApiError::typed(
                ErrorKind::BadRequest,
                ErrorType::InvalidCtasQueryError,
                message,
                ErrorExtra {
                    issue_codes: vec![issue(
                        1023,
                        "The CTAS (create table as select) doesn't have a SELECT statement at the \
                         end. Please make sure your query has a SELECT as its last statement. \
                         Then, try running your query again.",
                    )],
                    ..ErrorExtra::default()
                },
            ),
            CtasError::NotSingleSelect { statement_count } => {
                let issue_code = if statement_count > 1 {
                    issue(
                        1024,
                        "CVAS (create view as select) query has more than one statement.",
                    )
                } else {
                    issue(
                        1025,
                        "CVAS (create view as select) query is not a SELECT statement.",
                    )
                };
                ApiError::typed(
                    ErrorKind::BadRequest,
                    ErrorType::InvalidCvasQueryError,
                    message,
                    ErrorExtra {
                        issue_codes: vec![issue_code],
                        ..ErrorExtra::default()
                    },
                )
            }
        }
    }
}

/// Where a CTAS or CVAS run creates its table or view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CtasTarget {
    pub method: CtasMethod,
    pub table: String,
    pub schema: Option<String>,
}

impl CtasTarget {
    /// `TABLE` or `VIEW`, as stored in the run's `ctas_method`.
    pub fn method_name(&self) -> &'static str {
        match self.method {
            CtasMethod::Table => "TABLE",
            CtasMethod::View => "VIEW",
        }
    }

    /// The target as the engine reads it: `"schema"."table"` (MySQL: backquotes).
    pub fn qualified_name(&self, engine: SqlEngine) -> String {
        let table = quote_identifier(engine, &self.table);
        match &self.schema {
            Some(schema) => format!("{}.{table}", quote_identifier(engine, schema)),
            None => table,
        }
    }

    /// The server's wrapper around the user's SELECT.
    pub fn create_statement(&self, engine: SqlEngine, select_sql: &str) -> String {
        format!(
            "CREATE {} {} AS\n{select_sql}",
            self.method_name(),
            self.qualified_name(engine)
        )
    }

    /// The read-back of what was created (the run's limit is applied as for any SELECT).
    pub fn select_star(&self, engine: SqlEngine) -> String {
        format!("SELECT * FROM {}", self.qualified_name(engine))
    }
}

/// An identifier quoted for the engine, its quote character doubled inside.
pub fn quote_identifier(engine: SqlEngine, name: &str) -> String {
    let quote = match engine {
        SqlEngine::MySql => '`',
        SqlEngine::DuckDb | SqlEngine::Sqlite | SqlEngine::Postgres => '"',
    };
    let doubled = name.replace(quote, &format!("{quote}{quote}"));
    format!("{quote}{doubled}{quote}")
}

/// The CTAS target a payload asks for, or `None` for an ordinary run. Refuses a database whose
/// flag for the method is off, and DuckDB (opened read-only).
pub fn requested_target(
    payload: &SqlLabExecutePayload,
    database: &DatabaseRecord,
    engine: SqlEngine,
    user_id: i64,
    now: NaiveDateTime,
) -> Result<Option<CtasTarget>, CtasError> {
    if payload.select_as_cta != Some(true) {
        return Ok(None);
    }
    let method = payload.ctas_method.unwrap_or_default();
    let allowed = match method {
        CtasMethod::Table => database.allow_ctas,
        CtasMethod::View => database.allow_cvas,
    };
    if !allowed {
        return Err(match method {
            CtasMethod::Table => CtasError::TableNotAllowed,
            CtasMethod::View => CtasError::ViewNotAllowed,
        });
    }
    if engine == SqlEngine::DuckDb {
        return Err(CtasError::ReadOnlyDatabase);
    }
    let requested_name = payload
        .tmp_table_name
        .as_deref()
        .map(str::trim)
        .unwrap_or_default();
    let table = if requested_name.is_empty() {
        format!("tmp_{user_id}_table_{}", now.format("%Y_%m_%d_%H_%M_%S"))
    } else {
        requested_name.to_owned()
    };
    let is_valid_name = table.chars().count() <= MAX_TABLE_NAME_CHARS && !table.chars().any(char::is_control);
    if !is_valid_name {
        return Err(CtasError::InvalidTableName);
    }
    let schema = database
        .force_ctas_schema
        .as_deref()
        .map(str::trim)
        .filter(|schema| !schema.is_empty())
        .map(str::to_owned);
    Ok(Some(CtasTarget {
        method,
        table,
        schema,
    }))
}

/// Checks the guarded statements fit the method: TABLE needs a SELECT last, VIEW exactly one
/// SELECT.
pub fn check_statements(method: CtasMethod, statements: &[ScriptStatement]) -> Result<(), CtasError> {
    let last_is_select = statements
        .last()
        .is_some_and(|statement| statement.kind == StatementKind::Select);
    match method {
        CtasMethod::Table if last_is_select => Ok(()),
        CtasMethod::Table => Err(CtasError::LastStatementNotSelect),
        CtasMethod::View if last_is_select && statements.len() == 1 => Ok(()),
        CtasMethod::View => Err(CtasError::NotSingleSelect {
            statement_count: statements.len(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sqllab::guard::check_script;

    fn target(method: CtasMethod, table: &str, schema: Option<&str>) -> CtasTarget {
        CtasTarget {
            method,
            table: table.to_owned(),
            schema: schema.map(str::to_owned),
        }
    }

    #[test]
    fn identifiers_are_quoted_per_dialect() {
        assert_eq!(
            quote_identifier(SqlEngine::Postgres, "My\"Table"),
            "\"My\"\"Table\""
        );
        assert_eq!(quote_identifier(SqlEngine::Sqlite, "t"), "\"t\"");
        assert_eq!(quote_identifier(SqlEngine::MySql, "a`b"), "`a``b`");
    }

    #[test]
    fn the_wrapper_names_the_method_and_the_qualified_target() {
        let table = target(CtasMethod::Table, "births 2", Some("scratch"));
        assert_eq!(
            table.create_statement(SqlEngine::Postgres, "SELECT 1"),
            "CREATE TABLE \"scratch\".\"births 2\" AS\nSELECT 1"
        );
        let view = target(CtasMethod::View, "v", None);
        assert_eq!(
            view.create_statement(SqlEngine::MySql, "SELECT 1"),
            "CREATE VIEW `v` AS\nSELECT 1"
        );
        assert_eq!(view.select_star(SqlEngine::MySql), "SELECT * FROM `v`");
    }

    #[test]
    fn table_runs_need_a_select_last_and_view_runs_one_select() {
        let select_last = check_script("SELECT 1; SELECT 2", SqlEngine::Sqlite, false).unwrap();
        let one_select = check_script("SELECT 1", SqlEngine::Sqlite, false).unwrap();
        let explain_last = check_script("SELECT 1; EXPLAIN SELECT 1", SqlEngine::Sqlite, false).unwrap();
        assert_eq!(check_statements(CtasMethod::Table, &select_last), Ok(()));
        assert_eq!(
            check_statements(CtasMethod::Table, &explain_last),
            Err(CtasError::LastStatementNotSelect)
        );
        assert_eq!(check_statements(CtasMethod::View, &one_select), Ok(()));
        assert_eq!(
            check_statements(CtasMethod::View, &select_last),
            Err(CtasError::NotSingleSelect { statement_count: 2 })
        );
    }
}
