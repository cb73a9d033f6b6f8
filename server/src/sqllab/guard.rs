//! The read-only guard of SQL Lab: a script is cut into statements with the engine's own SQL
//! dialect, each statement is parsed, and unless the database allows DML every statement must be
//! on the engine's allow-list of reads. Anything else (DML, DDL, settings, file and extension
//! statements, data-modifying CTEs, `SELECT ... INTO`, row locks, functions that reach outside the
//! database) is refused before it reaches the database.
//!
//! Allow-list, per engine:
//!
//! | engine     | allowed without DML                                          |
//! | ---------- | ------------------------------------------------------------ |
//! | DuckDB     | SELECT, WITH ... SELECT, VALUES, TABLE, EXPLAIN, DESCRIBE, SHOW TABLES / SHOW |
//! | SQLite     | SELECT, WITH ... SELECT, VALUES, EXPLAIN (QUERY PLAN)        |
//! | PostgreSQL | SELECT, WITH ... SELECT, VALUES, TABLE, EXPLAIN, SHOW name   |
//! | MySQL      | SELECT, WITH ... SELECT, VALUES, EXPLAIN, DESCRIBE, SHOW (tables, columns, databases, variables, status, create, functions, collation, charset) |

use std::ops::ControlFlow;

use sqlparser::ast::{
    Expr, LimitClause, ObjectName, ObjectNamePart, Query, Select, SetExpr, Statement, TableFactor, Value,
    Visit, Visitor,
};
use sqlparser::dialect::{Dialect, DuckDbDialect, MySqlDialect, PostgreSqlDialect, SQLiteDialect};
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::{Location, Token, Tokenizer};

/// The engine whose SQL a script is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SqlEngine {
    DuckDb,
    Sqlite,
    Postgres,
    MySql,
}

impl SqlEngine {
    /// The engine of a database record's backend (`duckdb`, `sqlite`, `postgresql`, `mysql`).
    pub fn from_backend(backend: &str) -> Option<SqlEngine> {
        match backend {
            "duckdb" => Some(SqlEngine::DuckDb),
            "sqlite" => Some(SqlEngine::Sqlite),
            "postgresql" | "postgres" => Some(SqlEngine::Postgres),
            "mysql" | "mariadb" => Some(SqlEngine::MySql),
            _ => None,
        }
    }

    pub(crate) fn dialect(self) -> &'static dyn Dialect {
        match self {
            SqlEngine::DuckDb => &DuckDbDialect {},
            SqlEngine::Sqlite => &SQLiteDialect {},
            SqlEngine::Postgres => &PostgreSqlDialect {},
            SqlEngine::MySql => &MySqlDialect {},
        }
    }
}

/// Why a script was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuardError {
    /// A statement that is not a read, on a database that does not allow DML (Superset's text).
    #[error("Only SELECT statements are allowed against this database.")]
    DmlNotAllowed,
    /// A read that calls a function reaching outside the database (files, settings, other
    /// connections, sequences).
    #[error("The function {0} is not allowed in SQL Lab: it reads or writes outside the database.")]
    ForbiddenFunction(String),
    /// A relation that names a file rather than a table (DuckDB replacement scans).
    #[error("The table {0} names a file; only tables of the database can be read.")]
    FileRelation(String),
    /// The script does not parse; `line` and `column` are 1-based when known.
    #[error("Unable to parse SQL: {message}")]
    Unparsable {
        message: String,
        line: Option<u64>,
        column: Option<u64>,
    },
    /// The script holds only whitespace and comments.
    #[error("The SQL holds no statement to run.")]
    Empty,
}

/// What a checked statement does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatementKind {
    /// A query returning rows, whose row count a LIMIT can bound.
    Select,
    /// Another read (SHOW, EXPLAIN, DESCRIBE).
    Read,
    /// Anything else, allowed only because the database allows DML.
    Write,
}

/// One statement of a script, as written, with its parsed form when it parses.
#[derive(Debug, Clone)]
pub struct ScriptStatement {
    /// The statement's text, cut from the script (comments inside kept, the `;` dropped).
    pub text: String,
    pub parsed: Option<Statement>,
    pub kind: StatementKind,
}

/// Cuts a script into its statements and checks each one. Without `allow_dml`, every statement
/// must parse and be a read of the engine's allow-list.
pub fn check_script(
    sql: &str,
    engine: SqlEngine,
    allow_dml: bool,
) -> Result<Vec<ScriptStatement>, GuardError> {
    let pieces = match split_statements(sql, engine) {
        Ok(pieces) => pieces,
        Err(error) if allow_dml => {
            tracing::debug!(%error, "script could not be tokenized; it runs as one statement");
            vec![sql.trim().to_owned()]
        }
        Err(error) => return Err(error),
    };
    let mut statements = Vec::with_capacity(pieces.len());
    for text in pieces {
        let parsed = match Parser::parse_sql(engine.dialect(), &text) {
            Ok(mut parsed) if parsed.len() == 1 => parsed.pop(),
            // Only comments between two semicolons.
            Ok(parsed) if parsed.is_empty() => continue,
            Ok(_) if allow_dml => None,
            Ok(_) => return Err(GuardError::DmlNotAllowed),
            Err(_) if allow_dml => None,
            Err(error) => return Err(unparsable(error)),
        };
        let kind = match &parsed {
            Some(statement) => match read_kind(statement, engine) {
                Ok(kind) => kind,
                Err(_) if allow_dml => StatementKind::Write,
                Err(error) => return Err(error),
            },
            None => StatementKind::Write,
        };
        statements.push(ScriptStatement { text, parsed, kind });
    }
    if statements.is_empty() {
        return Err(GuardError::Empty);
    }
    Ok(statements)
}

fn unparsable(error: ParserError) -> GuardError {
    let text = error.to_string();
    let message = text
        .strip_prefix("sql parser error: ")
        .unwrap_or(&text)
        .to_owned();
    let (line, column) = location_in_message(&message);
    GuardError::Unparsable {
        message,
        line,
        column,
    }
}

/// sqlparser ends its messages with `at Line: 1, Column: 8`.
fn location_in_message(message: &str) -> (Option<u64>, Option<u64>) {
    let Some((_, tail)) = message.rsplit_once("Line: ") else {
        return (None, None);
    };
    let (line, column) = tail.split_once(", Column: ").unwrap_or((tail, ""));
    let digits = |text: &str| -> Option<u64> {
        text.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .ok()
    };
    (digits(line), digits(column))
}

/// The statements of a script, cut at the semicolons the engine's tokenizer sees outside strings,
/// identifiers and comments. Empty pieces are dropped.
pub fn split_statements(sql: &str, engine: SqlEngine) -> Result<Vec<String>, GuardError> {
    let tokens = Tokenizer::new(engine.dialect(), sql)
        .with_unescape(false)
        .tokenize_with_location()
        .map_err(|error| GuardError::Unparsable {
            message: error.message.clone(),
            line: Some(error.location.line),
            column: Some(error.location.column),
        })?;
    let line_starts = line_start_offsets(sql);
    let mut pieces = Vec::new();
    let mut start = 0;
    for token in &tokens {
        if token.token != Token::SemiColon {
            continue;
        }
        let Some(end) = byte_offset(sql, &line_starts, token.span.start) else {
            return Err(GuardError::Unparsable {
                message: "a statement separator could not be located".to_owned(),
                line: Some(token.span.start.line),
                column: Some(token.span.start.column),
            });
        };
        pieces.push(sql.get(start..end).unwrap_or_default().to_owned());
        start = end + 1;
    }
    pieces.push(sql.get(start..).unwrap_or_default().to_owned());
    Ok(pieces
        .into_iter()
        .map(|piece| piece.trim().to_owned())
        .filter(|piece| !piece.is_empty())
        .collect())
}

fn line_start_offsets(sql: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(sql.match_indices('\n').map(|(index, _)| index + 1))
        .collect()
}

/// The byte offset of a 1-based line and column (columns count characters).
fn byte_offset(sql: &str, line_starts: &[usize], location: Location) -> Option<usize> {
    let line_index = usize::try_from(location.line).ok()?.checked_sub(1)?;
    let line_start = *line_starts.get(line_index)?;
    let column_index = usize::try_from(location.column).ok()?.checked_sub(1)?;
    let line = sql.get(line_start..)?;
    line.char_indices()
        .nth(column_index)
        .map(|(offset, _)| line_start + offset)
}

/// The kind of a statement if it is a read the engine's allow-list holds.
fn read_kind(statement: &Statement, engine: SqlEngine) -> Result<StatementKind, GuardError> {
    use SqlEngine::{DuckDb, MySql, Postgres};
    match statement {
        Statement::Query(_) => {
            check_query_statement(statement, engine)?;
            Ok(StatementKind::Select)
        }
        Statement::Explain { statement: inner, .. } => {
            // EXPLAIN ANALYZE runs the statement: it must be a read itself.
            read_kind(inner, engine)?;
            Ok(StatementKind::Read)
        }
        Statement::ExplainTable { table_name, .. } if matches!(engine, DuckDb | MySql) => {
            check_relation_name(table_name, engine)?;
            Ok(StatementKind::Read)
        }
        Statement::ShowVariable { .. } if matches!(engine, DuckDb | Postgres | MySql) => {
            Ok(StatementKind::Read)
        }
        Statement::ShowTables { .. } if matches!(engine, DuckDb | MySql) => Ok(StatementKind::Read),
        Statement::ShowColumns { .. }
        | Statement::ShowDatabases { .. }
        | Statement::ShowSchemas { .. }
        | Statement::ShowVariables { .. }
        | Statement::ShowStatus { .. }
        | Statement::ShowCreate { .. }
        | Statement::ShowFunctions { .. }
        | Statement::ShowCollation { .. }
        | Statement::ShowCharset(_)
            if engine == MySql =>
        {
            Ok(StatementKind::Read)
        }
        _ => Err(GuardError::DmlNotAllowed),
    }
}

/// Functions that write, change settings, or read files and other databases. Compared in lower
/// case on the last part of the name, by prefix where the pattern ends with `*` and by suffix
/// where it starts with `*`.
const FORBIDDEN_FUNCTIONS: &[&str] = &[
    // DuckDB: files, other databases, secrets, environment.
    "read_*",
    "*_scan",
    "parquet_metadata",
    "parquet_schema",
    "parquet_file_metadata",
    "parquet_kv_metadata",
    "glob",
    "query",
    "query_table",
    "duckdb_secrets",
    "which_secret",
    "getenv",
    "load_extension",
    // PostgreSQL: server files, large objects, other connections, settings, sequences, backends.
    "pg_read_*",
    "pg_ls_*",
    "pg_stat_file",
    "pg_file_*",
    "lo_*",
    "dblink*",
    "set_config",
    "nextval",
    "setval",
    "pg_terminate_backend",
    "pg_cancel_backend",
    "pg_reload_conf",
    "pg_rotate_logfile",
    "pg_promote",
    "pg_switch_wal",
    "pg_create_*",
    "pg_drop_*",
    "pg_logical_*",
    "pg_replication_*",
    "pg_import_system_collations",
    // MySQL / MariaDB: server files, UDFs that run commands.
    "load_file",
    "sys_exec",
    "sys_eval",
    // SQLite fileio extension.
    "readfile",
    "writefile",
    "fsdir",
    "edit",
];

fn is_forbidden_function(name: &ObjectName) -> Option<String> {
    let last = name.0.last().map(|part| match part {
        ObjectNamePart::Identifier(ident) => ident.value.to_ascii_lowercase(),
        ObjectNamePart::Function(function) => function.name.value.to_ascii_lowercase(),
    })?;
    let forbidden = FORBIDDEN_FUNCTIONS.iter().any(|pattern| {
        if let Some(prefix) = pattern.strip_suffix('*') {
            last.starts_with(prefix)
        } else if let Some(suffix) = pattern.strip_prefix('*') {
            last.ends_with(suffix)
        } else {
            last == *pattern
        }
    });
    forbidden.then(|| name.to_string())
}

/// A table name that is really a file or URL (`'data.csv'`, `"s3://..."`, `"/etc/passwd"`).
fn check_relation_name(name: &ObjectName, engine: SqlEngine) -> Result<(), GuardError> {
    for part in &name.0 {
        let ObjectNamePart::Identifier(ident) = part else {
            continue;
        };
        let is_string = ident.quote_style == Some('\'');
        let looks_like_path =
            ident.value.contains('/') || ident.value.contains('\\') || ident.value.contains("://");
        let has_file_extension =
            engine == SqlEngine::DuckDb && ident.quote_style.is_some() && ident.value.contains('.');
        if is_string || looks_like_path || has_file_extension {
            return Err(GuardError::FileRelation(name.to_string()));
        }
    }
    Ok(())
}

/// Walks a query statement: one statement only (a data-modifying CTE is a second one), no
/// `SELECT ... INTO`, no row locks, no forbidden function, no file as a table.
struct ReadOnlyChecker {
    engine: SqlEngine,
    statements_seen: usize,
    error: Option<GuardError>,
}

impl ReadOnlyChecker {
    fn refuse(&mut self, error: GuardError) -> ControlFlow<()> {
        self.error = Some(error);
        ControlFlow::Break(())
    }
}

impl Visitor for ReadOnlyChecker {
    type Break = ();

    fn pre_visit_statement(&mut self, _statement: &Statement) -> ControlFlow<()> {
        self.statements_seen += 1;
        if self.statements_seen > 1 {
            return self.refuse(GuardError::DmlNotAllowed);
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
        if !query.locks.is_empty() || !set_expr_is_read(&query.body) {
            return self.refuse(GuardError::DmlNotAllowed);
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_select(&mut self, select: &Select) -> ControlFlow<()> {
        if select.into.is_some() {
            return self.refuse(GuardError::DmlNotAllowed);
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_relation(&mut self, relation: &ObjectName) -> ControlFlow<()> {
        if let Some(name) = is_forbidden_function(relation) {
            return self.refuse(GuardError::ForbiddenFunction(name));
        }
        if let Err(error) = check_relation_name(relation, self.engine) {
            return self.refuse(error);
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, table_factor: &TableFactor) -> ControlFlow<()> {
        if let TableFactor::Function { name, .. } = table_factor {
            if let Some(name) = is_forbidden_function(name) {
                return self.refuse(GuardError::ForbiddenFunction(name));
            }
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_expr(&mut self, expr: &Expr) -> ControlFlow<()> {
        if let Expr::Function(function) = expr {
            if let Some(name) = is_forbidden_function(&function.name) {
                return self.refuse(GuardError::ForbiddenFunction(name));
            }
        }
        ControlFlow::Continue(())
    }
}

/// SELECT, VALUES, TABLE and set operations of them; never INSERT, UPDATE, DELETE or MERGE.
fn set_expr_is_read(body: &SetExpr) -> bool {
    match body {
        SetExpr::Select(_) | SetExpr::Values(_) | SetExpr::Table(_) | SetExpr::Query(_) => true,
        SetExpr::SetOperation { left, right, .. } => set_expr_is_read(left) && set_expr_is_read(right),
        SetExpr::Insert(_) | SetExpr::Update(_) | SetExpr::Delete(_) | SetExpr::Merge(_) => false,
    }
}

fn check_query_statement(statement: &Statement, engine: SqlEngine) -> Result<(), GuardError> {
    let mut checker = ReadOnlyChecker {
        engine,
        statements_seen: 0,
        error: None,
    };
    let _ = statement.visit(&mut checker);
    match checker.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// Which limit bounds the rows of a run (Superset's `LimitingFactor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitingFactor {
    Query,
    Dropdown,
    QueryAndDropdown,
    NotLimited,
    Unknown,
}

impl LimitingFactor {
    pub fn as_str(self) -> &'static str {
        match self {
            LimitingFactor::Query => "QUERY",
            LimitingFactor::Dropdown => "DROPDOWN",
            LimitingFactor::QueryAndDropdown => "QUERY_AND_DROPDOWN",
            LimitingFactor::NotLimited => "NOT_LIMITED",
            LimitingFactor::Unknown => "UNKNOWN",
        }
    }
}

/// A SELECT with the run's row limit applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitedQuery {
    /// The SQL sent to the database.
    pub sql: String,
    /// Rows to fetch: one more than the limit when the limit is ours, so a cut can be seen.
    pub fetch_limit: Option<u64>,
    /// The limit the query itself states, when it is a number.
    pub query_limit: Option<u64>,
}

fn literal_number(expr: &Expr) -> Option<u64> {
    match expr {
        Expr::Value(value) => match &value.value {
            Value::Number(text, _) => text.parse().ok(),
            _ => None,
        },
        _ => None,
    }
}

fn number_expr(value: u64) -> Expr {
    Expr::value(Value::Number(value.to_string(), false))
}

/// Applies `limit` to a SELECT: its own LIMIT stays when it is not larger, otherwise the LIMIT
/// becomes `limit + 1` (the extra row tells the run it was cut). A statement whose limit is not a
/// number, or that uses FETCH, runs as written and is cut while reading.
pub fn apply_limit(statement: &ScriptStatement, limit: u64) -> LimitedQuery {
    let as_written = LimitedQuery {
        sql: statement.text.clone(),
        fetch_limit: None,
        query_limit: None,
    };
    let Some(Statement::Query(query)) = &statement.parsed else {
        return as_written;
    };
    if statement.kind != StatementKind::Select || query.fetch.is_some() {
        return as_written;
    }
    let mut query = query.clone();
    let ours = limit.saturating_add(1);
    let query_limit = match &mut query.limit_clause {
        None => {
            query.limit_clause = Some(LimitClause::LimitOffset {
                limit: Some(number_expr(ours)),
                offset: None,
                limit_by: vec![],
            });
            None
        }
        Some(LimitClause::LimitOffset {
            limit: Some(existing),
            ..
        })
        | Some(LimitClause::OffsetCommaLimit { limit: existing, .. }) => {
            let Some(stated) = literal_number(existing) else {
                return as_written;
            };
            if stated <= limit {
                return LimitedQuery {
                    sql: statement.text.clone(),
                    fetch_limit: None,
                    query_limit: Some(stated),
                };
            }
            *existing = number_expr(ours);
            Some(stated)
        }
        Some(LimitClause::LimitOffset {
            limit: slot @ None, ..
        }) => {
            *slot = Some(number_expr(ours));
            None
        }
    };
    LimitedQuery {
        sql: Statement::Query(query).to_string(),
        fetch_limit: Some(ours),
        query_limit,
    }
}

/// The factor to report once the rows are read: `rows` is what the database returned (at most
/// `fetch_limit`), `limit` the run's row limit.
pub fn limiting_factor(limited: &LimitedQuery, rows: u64, limit: u64) -> LimitingFactor {
    let cut_by_us = rows > limit;
    match limited.query_limit {
        Some(stated) if stated == limit && rows >= stated => LimitingFactor::QueryAndDropdown,
        Some(stated) if stated < limit && rows >= stated => LimitingFactor::Query,
        _ if cut_by_us => LimitingFactor::Dropdown,
        _ => LimitingFactor::NotLimited,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENGINES: [SqlEngine; 4] = [
        SqlEngine::DuckDb,
        SqlEngine::Sqlite,
        SqlEngine::Postgres,
        SqlEngine::MySql,
    ];

    fn allowed(sql: &str, engine: SqlEngine) -> bool {
        check_script(sql, engine, false).is_ok()
    }

    #[test]
    fn reads_pass_on_every_engine() {
        for engine in ENGINES {
            for sql in [
                "SELECT 1",
                "select gender, sum(num) as total from birth_names group by gender order by gender",
                "WITH t AS (SELECT 1 AS a) SELECT a FROM t",
                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) SELECT * FROM c",
                "SELECT 1 UNION ALL SELECT 2",
                "VALUES (1, 'a'), (2, 'b')",
                "SELECT * FROM (SELECT 1 AS a) t WHERE a IN (SELECT 1)",
                "-- a comment\nSELECT 1 /* another */",
                "SELECT 'DROP TABLE x; DELETE FROM y' AS text",
                "EXPLAIN SELECT 1",
                "SELECT 1; SELECT 2;",
            ] {
                assert!(allowed(sql, engine), "{engine:?} refused: {sql}");
            }
        }
    }

    #[test]
    fn engine_specific_reads_pass_where_the_engine_has_them() {
        let cases = [
            (SqlEngine::MySql, "SHOW TABLES"),
            (SqlEngine::MySql, "SHOW COLUMNS FROM birth_names"),
            (SqlEngine::MySql, "DESCRIBE birth_names"),
            (SqlEngine::MySql, "SHOW VARIABLES LIKE 'version'"),
            (SqlEngine::DuckDb, "DESCRIBE birth_names"),
            (SqlEngine::DuckDb, "SHOW TABLES"),
            (SqlEngine::Postgres, "SHOW search_path"),
            (SqlEngine::Sqlite, "EXPLAIN QUERY PLAN SELECT 1"),
            (SqlEngine::Postgres, "EXPLAIN ANALYZE SELECT 1"),
        ];
        for (engine, sql) in cases {
            assert!(allowed(sql, engine), "{engine:?} refused: {sql}");
        }
        assert!(!allowed("SHOW TABLES", SqlEngine::Sqlite));
        assert!(!allowed("DESCRIBE birth_names", SqlEngine::Postgres));
    }

    #[test]
    fn writes_and_outside_reach_are_refused_on_every_engine() {
        for engine in ENGINES {
            for sql in [
                "DELETE FROM birth_names",
                "INSERT INTO birth_names (name) VALUES ('x')",
                "UPDATE birth_names SET num = 0",
                "DROP TABLE birth_names",
                "CREATE TABLE t (a INT)",
                "CREATE VIEW v AS SELECT 1",
                "ALTER TABLE birth_names ADD COLUMN x INT",
                "TRUNCATE birth_names",
                "SELECT 1; DELETE FROM birth_names",
                "SELECT 1;DROP TABLE birth_names;",
                "/* SELECT */ DELETE FROM birth_names",
                "-- SELECT\nDROP TABLE birth_names",
                "GRANT ALL ON birth_names TO PUBLIC",
                "BEGIN",
                "COMMIT",
                "EXPLAIN ANALYZE DELETE FROM birth_names",
                "CREATE TABLE t AS SELECT * FROM birth_names",
            ] {
                assert!(!allowed(sql, engine), "{engine:?} allowed: {sql}");
            }
        }
    }

    #[test]
    fn data_modifying_ctes_are_refused() {
        for sql in [
            "WITH x AS (DELETE FROM birth_names RETURNING *) SELECT * FROM x",
            "WITH x AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM x",
            "WITH x AS (UPDATE birth_names SET num = 0 RETURNING *) SELECT 1",
            "WITH a AS (SELECT 1) DELETE FROM birth_names",
            "WITH a AS (SELECT 1) INSERT INTO t SELECT * FROM a",
        ] {
            assert!(!allowed(sql, SqlEngine::Postgres), "allowed: {sql}");
            assert!(!allowed(sql, SqlEngine::DuckDb), "allowed: {sql}");
        }
    }

    #[test]
    fn engine_specific_writes_and_escapes_are_refused() {
        let cases = [
            (SqlEngine::Sqlite, "ATTACH DATABASE '/tmp/x.db' AS x"),
            (SqlEngine::Sqlite, "ATTACH '/var/lib/quiver/quiver.db' AS meta"),
            (SqlEngine::Sqlite, "PRAGMA journal_mode = DELETE"),
            (SqlEngine::Sqlite, "PRAGMA table_info(birth_names)"),
            (SqlEngine::Sqlite, "DETACH DATABASE x"),
            (SqlEngine::Sqlite, "VACUUM"),
            (SqlEngine::Sqlite, "SELECT load_extension('/tmp/evil.so')"),
            (SqlEngine::Sqlite, "SELECT writefile('/tmp/x', 'y')"),
            (SqlEngine::DuckDb, "ATTACH '/tmp/other.duckdb' AS other"),
            (SqlEngine::DuckDb, "COPY birth_names TO '/tmp/out.csv'"),
            (
                SqlEngine::DuckDb,
                "COPY (SELECT 1) TO '/tmp/out.parquet' (FORMAT PARQUET)",
            ),
            (SqlEngine::DuckDb, "INSTALL httpfs"),
            (SqlEngine::DuckDb, "LOAD httpfs"),
            (SqlEngine::DuckDb, "SET threads = 1"),
            (SqlEngine::DuckDb, "SELECT * FROM read_csv('/etc/passwd')"),
            (
                SqlEngine::DuckDb,
                "SELECT * FROM read_parquet('s3://bucket/x.parquet')",
            ),
            (SqlEngine::DuckDb, "SELECT * FROM '/etc/passwd'"),
            (SqlEngine::DuckDb, "SELECT * FROM \"data.csv\""),
            (SqlEngine::DuckDb, "SELECT * FROM sqlite_scan('/tmp/x.db', 't')"),
            (SqlEngine::DuckDb, "SELECT * FROM duckdb_secrets()"),
            (SqlEngine::DuckDb, "SELECT getenv('HOME')"),
            (SqlEngine::DuckDb, "CREATE SECRET s (TYPE s3)"),
            (SqlEngine::Postgres, "COPY birth_names TO '/tmp/out.csv'"),
            (SqlEngine::Postgres, "COPY birth_names FROM PROGRAM 'id'"),
            (SqlEngine::Postgres, "COPY (SELECT 1) TO STDOUT"),
            (SqlEngine::Postgres, "SET search_path = evil"),
            (SqlEngine::Postgres, "SET ROLE postgres"),
            (SqlEngine::Postgres, "RESET ALL"),
            (
                SqlEngine::Postgres,
                "SELECT set_config('search_path', 'evil', false)",
            ),
            (SqlEngine::Postgres, "SELECT pg_read_file('/etc/passwd')"),
            (SqlEngine::Postgres, "SELECT lo_import('/etc/passwd')"),
            (SqlEngine::Postgres, "SELECT nextval('s')"),
            (SqlEngine::Postgres, "SELECT pg_terminate_backend(1)"),
            (
                SqlEngine::Postgres,
                "SELECT * INTO copy_of_names FROM birth_names",
            ),
            (SqlEngine::Postgres, "SELECT * FROM birth_names FOR UPDATE"),
            (
                SqlEngine::Postgres,
                "SELECT * FROM dblink('host=x', 'SELECT 1') AS t(a int)",
            ),
            (SqlEngine::Postgres, "DO $$ BEGIN DELETE FROM birth_names; END $$"),
            (SqlEngine::Postgres, "CALL p()"),
            (SqlEngine::Postgres, "LISTEN x"),
            (SqlEngine::Postgres, "PREPARE p AS DELETE FROM birth_names"),
            (SqlEngine::MySql, "SET GLOBAL max_connections = 1"),
            (SqlEngine::MySql, "SET @@global.sql_mode = ''"),
            (SqlEngine::MySql, "SET sql_mode = ''"),
            (SqlEngine::MySql, "LOAD DATA INFILE '/etc/passwd' INTO TABLE t"),
            (
                SqlEngine::MySql,
                "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE t",
            ),
            (
                SqlEngine::MySql,
                "SELECT * FROM birth_names INTO OUTFILE '/tmp/out.txt'",
            ),
            (
                SqlEngine::MySql,
                "SELECT * INTO OUTFILE '/tmp/out.txt' FROM birth_names",
            ),
            (
                SqlEngine::MySql,
                "SELECT * INTO DUMPFILE '/tmp/out' FROM birth_names",
            ),
            (SqlEngine::MySql, "SELECT load_file('/etc/passwd')"),
            (SqlEngine::MySql, "SELECT 1 /*! ; DROP TABLE birth_names */"),
            (SqlEngine::MySql, "/*!50000 DROP TABLE birth_names */"),
            (SqlEngine::MySql, "SHOW PROCESSLIST"),
            (SqlEngine::MySql, "USE mysql"),
            (SqlEngine::MySql, "HANDLER birth_names OPEN"),
            (SqlEngine::MySql, "SELECT * FROM birth_names LOCK IN SHARE MODE"),
            (SqlEngine::MySql, "KILL 1"),
            (SqlEngine::MySql, "REPLACE INTO birth_names (name) VALUES ('x')"),
        ];
        for (engine, sql) in cases {
            assert!(!allowed(sql, engine), "{engine:?} allowed: {sql}");
        }
    }

    #[test]
    fn refusals_carry_the_spec_message() {
        assert_eq!(
            check_script("DELETE FROM birth_names", SqlEngine::DuckDb, false)
                .unwrap_err()
                .to_string(),
            "Only SELECT statements are allowed against this database."
        );
        assert_eq!(
            check_script("   -- nothing\n ; ;", SqlEngine::Postgres, false).unwrap_err(),
            GuardError::Empty
        );
        match check_script("SELEC 1", SqlEngine::Postgres, false).unwrap_err() {
            GuardError::Unparsable { line, .. } => assert_eq!(line, Some(1)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn databases_allowing_dml_run_everything_in_order() {
        let statements = check_script(
            "CREATE TABLE t (a INT); INSERT INTO t VALUES (1); SELECT a FROM t",
            SqlEngine::Sqlite,
            true,
        )
        .unwrap();
        let kinds: Vec<StatementKind> = statements.iter().map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            [StatementKind::Write, StatementKind::Write, StatementKind::Select]
        );
        assert_eq!(statements[1].text, "INSERT INTO t VALUES (1)");
    }

    #[test]
    fn statements_are_cut_at_real_semicolons_only() {
        let pieces = split_statements(
            "SELECT ';' AS a; -- x; y\nSELECT \"b;c\" FROM t /* ; */;\n\nSELECT 'é;'",
            SqlEngine::Postgres,
        )
        .unwrap();
        assert_eq!(
            pieces,
            [
                "SELECT ';' AS a",
                "-- x; y\nSELECT \"b;c\" FROM t /* ; */",
                "SELECT 'é;'"
            ]
        );
        let dollar = split_statements("SELECT $$a;b$$; SELECT 2", SqlEngine::Postgres).unwrap();
        assert_eq!(dollar, ["SELECT $$a;b$$", "SELECT 2"]);
    }

    #[test]
    fn limits_are_added_or_lowered_never_raised() {
        let one = |sql: &str| {
            check_script(sql, SqlEngine::Postgres, false)
                .unwrap()
                .pop()
                .unwrap()
        };
        let added = apply_limit(&one("SELECT a FROM t ORDER BY a"), 100);
        assert_eq!(added.sql, "SELECT a FROM t ORDER BY a LIMIT 101");
        assert_eq!(added.fetch_limit, Some(101));
        let lowered = apply_limit(&one("SELECT a FROM t LIMIT 5000"), 100);
        assert_eq!(lowered.sql, "SELECT a FROM t LIMIT 101");
        assert_eq!(lowered.query_limit, Some(5000));
        let kept = apply_limit(&one("SELECT a FROM t LIMIT 10"), 100);
        assert_eq!(kept.sql, "SELECT a FROM t LIMIT 10");
        assert_eq!(kept.query_limit, Some(10));
        let union = apply_limit(&one("SELECT 1 UNION ALL SELECT 2"), 1);
        assert_eq!(union.sql, "SELECT 1 UNION ALL SELECT 2 LIMIT 2");
        let explain = apply_limit(&one("EXPLAIN SELECT 1"), 1);
        assert_eq!(explain.sql, "EXPLAIN SELECT 1");
        assert_eq!(explain.fetch_limit, None);

        assert_eq!(limiting_factor(&added, 101, 100), LimitingFactor::Dropdown);
        assert_eq!(limiting_factor(&added, 7, 100), LimitingFactor::NotLimited);
        assert_eq!(limiting_factor(&kept, 10, 100), LimitingFactor::Query);
        let same = apply_limit(&one("SELECT a FROM t LIMIT 100"), 100);
        assert_eq!(limiting_factor(&same, 100, 100), LimitingFactor::QueryAndDropdown);
    }
}
