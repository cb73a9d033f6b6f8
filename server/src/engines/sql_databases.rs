//! SQLite, PostgreSQL and MySQL/MariaDB through sqlx: rows are read into [`Cell`]s by the driver's
//! type names and turned into Arrow.

use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use sqlx::mysql::{MySqlPool, MySqlPoolOptions, MySqlRow};
use sqlx::postgres::{PgPool, PgPoolOptions, PgRow};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions, SqliteRow};
use sqlx::{Column, Row, TypeInfo, ValueRef};

use super::cells::{cells_to_output, declared_type, Cell};
use super::{EngineError, QueryOutput, RunControl, SqlValue, Statement};

/// A pool to one analytics database.
#[derive(Debug, Clone)]
pub enum SqlDatabase {
    Sqlite(SqlitePool),
    Postgres(PgPool),
    MySql(MySqlPool),
}

/// SQLAlchemy-style URIs (`postgresql+psycopg2://`, `mysql+mysqldb://`, `sqlite:////abs.db`) as
/// sqlx URLs.
pub fn sqlx_url(uri: &str) -> Result<(String, &'static str), EngineError> {
    let (scheme, rest) = uri
        .split_once("://")
        .ok_or_else(|| EngineError::Connection("not a database URI".to_owned()))?;
    let dialect = scheme.split('+').next().unwrap_or_default();
    match dialect {
        "postgresql" | "postgres" => Ok((format!("postgres://{rest}"), "postgresql")),
        "mysql" | "mariadb" => Ok((format!("mysql://{rest}"), "mysql")),
        // sqlite:///relative.db and sqlite:////absolute.db
        "sqlite" => Ok((rest.strip_prefix('/').unwrap_or(rest).to_owned(), "sqlite")),
        other => Err(EngineError::UnsupportedEngine(other.to_owned())),
    }
}

fn connection_error(error: sqlx::Error) -> EngineError {
    EngineError::Connection(error.to_string())
}

fn execution_error(error: sqlx::Error) -> EngineError {
    match error {
        sqlx::Error::Database(database_error) => EngineError::Execution(database_error.message().to_owned()),
        other => EngineError::Execution(other.to_string()),
    }
}

/// Rolls back the read-only transaction of a statement; a connection that cannot is closed
/// rather than handed back to the pool inside a transaction. (A macro: a generic function over
/// the driver needs a higher-ranked executor bound that spawned tasks cannot prove.)
macro_rules! end_read_only_transaction {
    ($connection:expr, $read_only:expr) => {
        if $read_only {
            if let Err(error) = sqlx::Executor::execute(&mut *$connection, "ROLLBACK").await {
                tracing::warn!(%error, "could not end a read-only transaction");
                $connection.close_on_drop();
            }
        }
    };
}

impl SqlDatabase {
    /// Opens a pool; SQLite files are opened read-only unless the database allows DML.
    pub async fn connect(uri: &str, allow_dml: bool) -> Result<SqlDatabase, EngineError> {
        let (url, backend) = sqlx_url(uri)?;
        Ok(match backend {
            "sqlite" => {
                let options = SqliteConnectOptions::from_str(&format!("sqlite://{url}"))
                    .map_err(connection_error)?
                    .read_only(!allow_dml)
                    .create_if_missing(false)
                    // LIKE is case-sensitive on the other engines; SQLite's default is not.
                    .pragma("case_sensitive_like", "ON");
                SqlDatabase::Sqlite(
                    SqlitePoolOptions::new()
                        .max_connections(4)
                        .connect_with(options)
                        .await
                        .map_err(connection_error)?,
                )
            }
            "postgresql" => SqlDatabase::Postgres(
                PgPoolOptions::new()
                    .max_connections(8)
                    .connect(&url)
                    .await
                    .map_err(connection_error)?,
            ),
            _ => SqlDatabase::MySql(
                MySqlPoolOptions::new()
                    .max_connections(8)
                    .connect(&url)
                    .await
                    .map_err(connection_error)?,
            ),
        })
    }

    /// Runs a statement on a connection of its own. Past `timeout` the statement is cancelled
    /// in the database (PostgreSQL `pg_cancel_backend`, MySQL `KILL QUERY`, SQLite's progress
    /// handler) and the connection is closed rather than reused.
    pub async fn execute(&self, statement: Statement, timeout: Duration) -> Result<QueryOutput, EngineError> {
        self.execute_controlled(statement, timeout, &RunControl::default())
            .await
    }

    /// Like [`SqlDatabase::execute`]; a cancelled `control.cancel` stops the statement the same
    /// way ([`EngineError::Cancelled`]). With `control.read_only`, PostgreSQL and MySQL run it in a
    /// read-only transaction that is rolled back (SQLite pools are opened read-only already).
    pub async fn execute_controlled(
        &self,
        statement: Statement,
        timeout: Duration,
        control: &RunControl,
    ) -> Result<QueryOutput, EngineError> {
        let cancel = control.cancel.clone().unwrap_or_default();
        macro_rules! run {
            ($connection:expr, $row_cells:expr) => {{
                let mut query = sqlx::query(&statement.sql);
                for value in &statement.params {
                    query = match value {
                        SqlValue::Null => query.bind(None::<String>),
                        SqlValue::Bool(value) => query.bind(*value),
                        SqlValue::Int(value) => query.bind(*value),
                        SqlValue::Float(value) => query.bind(*value),
                        SqlValue::Text(value) => query.bind(value.clone()),
                    };
                }
                let rows = query
                    .fetch_all(&mut *$connection)
                    .await
                    .map_err(execution_error)?;
                let (names, declared) = match rows.first() {
                    Some(first) => column_names_and_types(first.columns()),
                    None => {
                        use sqlx::Executor;
                        // The statement ran; describing it again only names the columns of an
                        // empty result. A statement that cannot be prepared twice (SQLite's
                        // CREATE TABLE of the table it just created) has none to name.
                        match (&mut *$connection).describe(&statement.sql).await {
                            Ok(description) => column_names_and_types(description.columns()),
                            Err(error) => {
                                tracing::debug!(%error, "a statement without rows could not be described");
                                (Vec::new(), Vec::new())
                            }
                        }
                    }
                };
                let cells = rows
                    .iter()
                    .map($row_cells)
                    .collect::<Result<Vec<_>, EngineError>>()?;
                cells_to_output(names, declared, cells)
            }};
        }
        let seconds = timeout.as_secs();
        match self {
            SqlDatabase::Sqlite(pool) => {
                let mut connection = pool.acquire().await.map_err(connection_error)?;
                // SQLite runs in-process: the progress handler stops the statement at the deadline.
                let deadline = std::time::Instant::now() + timeout;
                let stop = cancel.clone();
                connection
                    .lock_handle()
                    .await
                    .map_err(connection_error)?
                    .set_progress_handler(10_000, move || {
                        std::time::Instant::now() < deadline && !stop.is_cancelled()
                    });
                // In a block of its own: an error must not skip removing the handler.
                let outcome = async { run!(connection, sqlite_cells) }.await;
                if let Ok(mut handle) = connection.lock_handle().await {
                    handle.remove_progress_handler();
                }
                match outcome {
                    Err(EngineError::Execution(message)) if message.contains("interrupted") => {
                        if cancel.is_cancelled() {
                            Err(EngineError::Cancelled)
                        } else {
                            Err(EngineError::Timeout(seconds))
                        }
                    }
                    other => other,
                }
            }
            SqlDatabase::Postgres(pool) => {
                let mut connection = pool.acquire().await.map_err(connection_error)?;
                let backend: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
                    .fetch_one(&mut *connection)
                    .await
                    .map_err(execution_error)?;
                if control.read_only {
                    // A plain text statement (simple protocol): some servers cannot prepare it.
                    sqlx::Executor::execute(&mut *connection, "START TRANSACTION READ ONLY")
                        .await
                        .map_err(execution_error)?;
                }
                let outcome = tokio::select! {
                    outcome = async { run!(connection, postgres_cells) } => Some(outcome),
                    () = tokio::time::sleep(timeout) => None,
                    () = cancel.cancelled() => None,
                };
                match outcome {
                    Some(outcome) => {
                        end_read_only_transaction!(connection, control.read_only);
                        outcome
                    }
                    None => {
                        connection.close_on_drop();
                        let cancelled = sqlx::query("SELECT pg_cancel_backend($1)")
                            .bind(backend)
                            .execute(pool)
                            .await;
                        if let Err(error) = cancelled {
                            tracing::warn!(%error, backend, "could not cancel a query");
                        }
                        Err(stopped_or_timed_out(&cancel, seconds))
                    }
                }
            }
            SqlDatabase::MySql(pool) => {
                let mut connection = pool.acquire().await.map_err(connection_error)?;
                let thread: i64 = sqlx::query_scalar("SELECT CAST(CONNECTION_ID() AS SIGNED)")
                    .fetch_one(&mut *connection)
                    .await
                    .map_err(execution_error)?;
                if control.read_only {
                    // A plain text statement (simple protocol): some servers cannot prepare it.
                    sqlx::Executor::execute(&mut *connection, "START TRANSACTION READ ONLY")
                        .await
                        .map_err(execution_error)?;
                }
                let outcome = tokio::select! {
                    outcome = async { run!(connection, mysql_cells) } => Some(outcome),
                    () = tokio::time::sleep(timeout) => None,
                    () = cancel.cancelled() => None,
                };
                match outcome {
                    Some(outcome) => {
                        end_read_only_transaction!(connection, control.read_only);
                        outcome
                    }
                    None => {
                        connection.close_on_drop();
                        // KILL takes no placeholders; the id is a number the server gave us.
                        let killed = sqlx::query(&format!("KILL QUERY {thread}")).execute(pool).await;
                        if let Err(error) = killed {
                            tracing::warn!(%error, thread, "could not cancel a query");
                        }
                        Err(stopped_or_timed_out(&cancel, seconds))
                    }
                }
            }
        }
    }

    pub async fn close(&self) {
        match self {
            SqlDatabase::Sqlite(pool) => pool.close().await,
            SqlDatabase::Postgres(pool) => pool.close().await,
            SqlDatabase::MySql(pool) => pool.close().await,
        }
    }
}

fn stopped_or_timed_out(cancel: &tokio_util::sync::CancellationToken, seconds: u64) -> EngineError {
    if cancel.is_cancelled() {
        EngineError::Cancelled
    } else {
        EngineError::Timeout(seconds)
    }
}

fn column_names_and_types<C: Column>(
    columns: &[C],
) -> (Vec<String>, Vec<Option<arrow::datatypes::DataType>>) {
    columns
        .iter()
        .map(|column| (column.name().to_owned(), declared_type(column.type_info().name())))
        .unzip()
}

fn decode_error(column: &str, error: impl std::fmt::Display) -> EngineError {
    EngineError::Execution(format!("cannot read column {column}: {error}"))
}

fn date_cell(date: NaiveDate) -> Cell {
    Cell::Date((date - NaiveDate::default()).num_days() as i32)
}

fn timestamp_cell(timestamp: NaiveDateTime) -> Cell {
    Cell::Timestamp(timestamp.and_utc().timestamp_micros())
}

fn decimal_cell(value: Decimal) -> Cell {
    if value.scale() == 0 {
        if let Some(integer) = value.to_i64() {
            return Cell::Int(integer);
        }
    }
    value.to_f64().map_or(Cell::Null, Cell::Float)
}

fn sqlite_cells(row: &SqliteRow) -> Result<Vec<Cell>, EngineError> {
    let mut cells = Vec::with_capacity(row.columns().len());
    for (index, column) in row.columns().iter().enumerate() {
        let raw = row
            .try_get_raw(index)
            .map_err(|error| decode_error(column.name(), error))?;
        if raw.is_null() {
            cells.push(Cell::Null);
            continue;
        }
        let type_name = raw.type_info().name().to_owned();
        let failed = |error| decode_error(column.name(), error);
        cells.push(match type_name.as_str() {
            "INTEGER" | "BOOLEAN" => Cell::Int(row.try_get::<i64, _>(index).map_err(failed)?),
            "REAL" | "NUMERIC" => Cell::Float(row.try_get::<f64, _>(index).map_err(failed)?),
            "BLOB" => Cell::Text(format!(
                "<{} bytes>",
                row.try_get::<Vec<u8>, _>(index).map_err(failed)?.len()
            )),
            _ => Cell::Text(row.try_get::<String, _>(index).map_err(failed)?),
        });
    }
    Ok(cells)
}

fn postgres_cells(row: &PgRow) -> Result<Vec<Cell>, EngineError> {
    let mut cells = Vec::with_capacity(row.columns().len());
    for (index, column) in row.columns().iter().enumerate() {
        let raw = row
            .try_get_raw(index)
            .map_err(|error| decode_error(column.name(), error))?;
        if raw.is_null() {
            cells.push(Cell::Null);
            continue;
        }
        let failed = |error| decode_error(column.name(), error);
        cells.push(match column.type_info().name() {
            "BOOL" => Cell::Bool(row.try_get::<bool, _>(index).map_err(failed)?),
            "INT2" => Cell::Int(i64::from(row.try_get::<i16, _>(index).map_err(failed)?)),
            "INT4" => Cell::Int(i64::from(row.try_get::<i32, _>(index).map_err(failed)?)),
            "INT8" => Cell::Int(row.try_get::<i64, _>(index).map_err(failed)?),
            "FLOAT4" => Cell::Float(f64::from(row.try_get::<f32, _>(index).map_err(failed)?)),
            "FLOAT8" => Cell::Float(row.try_get::<f64, _>(index).map_err(failed)?),
            "NUMERIC" => decimal_cell(row.try_get::<Decimal, _>(index).map_err(failed)?),
            "DATE" => date_cell(row.try_get::<NaiveDate, _>(index).map_err(failed)?),
            "TIMESTAMP" => timestamp_cell(row.try_get::<NaiveDateTime, _>(index).map_err(failed)?),
            "TIMESTAMPTZ" => Cell::Timestamp(
                row.try_get::<DateTime<Utc>, _>(index)
                    .map_err(failed)?
                    .timestamp_micros(),
            ),
            "TIME" => Cell::Text(row.try_get::<NaiveTime, _>(index).map_err(failed)?.to_string()),
            "UUID" => Cell::Text(row.try_get::<uuid::Uuid, _>(index).map_err(failed)?.to_string()),
            "JSON" | "JSONB" => Cell::Text(
                row.try_get::<serde_json::Value, _>(index)
                    .map_err(failed)?
                    .to_string(),
            ),
            other => match row.try_get::<String, _>(index) {
                Ok(text) => Cell::Text(text),
                Err(_) => {
                    return Err(EngineError::Execution(format!(
                        "column {} has the type {other}, which Quiver cannot read yet: cast it to text",
                        column.name()
                    )))
                }
            },
        });
    }
    Ok(cells)
}

fn mysql_cells(row: &MySqlRow) -> Result<Vec<Cell>, EngineError> {
    let mut cells = Vec::with_capacity(row.columns().len());
    for (index, column) in row.columns().iter().enumerate() {
        let raw = row
            .try_get_raw(index)
            .map_err(|error| decode_error(column.name(), error))?;
        if raw.is_null() {
            cells.push(Cell::Null);
            continue;
        }
        let failed = |error| decode_error(column.name(), error);
        let type_name = column.type_info().name().to_owned();
        let unsigned = type_name.ends_with("UNSIGNED");
        cells.push(match type_name.split(' ').next().unwrap_or_default() {
            "BOOLEAN" => Cell::Bool(row.try_get::<bool, _>(index).map_err(failed)?),
            "TINYINT" | "SMALLINT" | "MEDIUMINT" | "INT" | "BIGINT" | "YEAR" if unsigned => {
                let value = row.try_get::<u64, _>(index).map_err(failed)?;
                i64::try_from(value).map_or(Cell::Float(value as f64), Cell::Int)
            }
            "TINYINT" => Cell::Int(i64::from(row.try_get::<i8, _>(index).map_err(failed)?)),
            "SMALLINT" => Cell::Int(i64::from(row.try_get::<i16, _>(index).map_err(failed)?)),
            "MEDIUMINT" | "INT" => Cell::Int(i64::from(row.try_get::<i32, _>(index).map_err(failed)?)),
            "BIGINT" => Cell::Int(row.try_get::<i64, _>(index).map_err(failed)?),
            "YEAR" => Cell::Int(i64::from(row.try_get::<u16, _>(index).map_err(failed)?)),
            "FLOAT" => Cell::Float(f64::from(row.try_get::<f32, _>(index).map_err(failed)?)),
            "DOUBLE" => Cell::Float(row.try_get::<f64, _>(index).map_err(failed)?),
            "DECIMAL" => decimal_cell(row.try_get::<Decimal, _>(index).map_err(failed)?),
            "DATE" => date_cell(row.try_get::<NaiveDate, _>(index).map_err(failed)?),
            "DATETIME" => timestamp_cell(row.try_get::<NaiveDateTime, _>(index).map_err(failed)?),
            "TIMESTAMP" => Cell::Timestamp(
                row.try_get::<DateTime<Utc>, _>(index)
                    .map_err(failed)?
                    .timestamp_micros(),
            ),
            "TIME" => Cell::Text(format!(
                "{:?}",
                row.try_get::<sqlx::mysql::types::MySqlTime, _>(index)
                    .map_err(failed)?
            )),
            "JSON" => Cell::Text(
                row.try_get::<serde_json::Value, _>(index)
                    .map_err(failed)?
                    .to_string(),
            ),
            "BINARY" | "VARBINARY" | "BLOB" | "TINYBLOB" | "MEDIUMBLOB" | "LONGBLOB" | "BIT" => Cell::Text(
                String::from_utf8_lossy(&row.try_get::<Vec<u8>, _>(index).map_err(failed)?).into_owned(),
            ),
            _ => Cell::Text(row.try_get::<String, _>(index).map_err(failed)?),
        });
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlalchemy_uris_become_sqlx_urls() {
        assert_eq!(
            sqlx_url("postgresql+psycopg2://u:p@h:5432/db").unwrap(),
            ("postgres://u:p@h:5432/db".to_owned(), "postgresql")
        );
        assert_eq!(
            sqlx_url("mysql+mysqldb://root@127.0.0.1/x").unwrap(),
            ("mysql://root@127.0.0.1/x".to_owned(), "mysql")
        );
        assert_eq!(
            sqlx_url("sqlite:////tmp/a.db").unwrap(),
            ("/tmp/a.db".to_owned(), "sqlite")
        );
        assert_eq!(
            sqlx_url("sqlite:///examples.db").unwrap(),
            ("examples.db".to_owned(), "sqlite")
        );
        assert!(matches!(
            sqlx_url("oracle://x"),
            Err(EngineError::UnsupportedEngine(_))
        ));
    }
}
