//! Writing an upload into its target table on a connection of its own, in one transaction:
//! create (or replace) the table, insert each record batch as the reader parses it in
//! statements of bound parameters, commit; any failure, the reader's included, rolls back and
//! leaves the target as it was (MySQL commits DDL at once: a table it
//! created is dropped again).

use arrow::array::{Array, AsArray};
use arrow::datatypes::{Float64Type, Int64Type};
use arrow::record_batch::RecordBatch;
use sqlx::Connection as _;

use super::sql_databases::sqlx_url;
use super::{Dialect, DuckDbDialect, EngineError, MySqlDialect, PostgresDialect, SqliteDialect};
use crate::uploads::progress::UploadProgress;
use crate::uploads::{ColumnKind, IfExists, UploadError};

/// Bound parameters per INSERT statement (SQLite's historical limit is 999).
const PARAMETERS_PER_INSERT: usize = 900;

/// How many record batches may wait between the reader and the writer.
pub const BATCHES_IN_FLIGHT: usize = 2;

/// The rows to write: the file's columns, then its batches as the reader parses them (a
/// bounded channel: the reader waits while the writer is behind, so memory holds at most
/// [`BATCHES_IN_FLIGHT`] batches besides the one being written).
#[derive(Debug)]
pub struct UploadRows {
    pub columns: Vec<(String, ColumnKind)>,
    pub batches: tokio::sync::mpsc::Receiver<Result<RecordBatch, UploadError>>,
    /// Counts the rows written.
    pub progress: std::sync::Arc<UploadProgress>,
}

/// Why writing failed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum WriteError {
    /// The table exists and the upload asked to fail then (Superset's text).
    #[error("Table already exists. You can change your 'if table already exists' strategy to append or replace or provide a different Table Name to use.")]
    TableExists,
    /// The database refused a statement.
    #[error("{0}")]
    Database(String),
    /// The database refused one row (0-based over the upload's rows); found by inserting the
    /// rows of the refused statement one by one in a transaction that is rolled back.
    #[error("{message}")]
    Row { index: usize, message: String },
    /// The connection could not be opened.
    #[error("{0}")]
    Engine(#[from] EngineError),
    /// The reader could not parse a batch of the file (its error names the row); nothing was
    /// written.
    #[error("{0}")]
    Source(UploadError),
}

/// Where the rows go.
#[derive(Debug, Clone)]
pub struct UploadTarget<'a> {
    pub backend: &'a str,
    /// The connection URI, password in place.
    pub uri: &'a str,
    pub schema: Option<&'a str>,
    pub table_name: &'a str,
    pub if_exists: IfExists,
}

/// One value ready to bind.
#[derive(Debug, Clone, PartialEq)]
enum Bound {
    Bool(Option<bool>),
    Int(Option<i64>),
    Float(Option<f64>),
    Text(Option<String>),
}

fn dialect_of(backend: &str) -> &'static dyn Dialect {
    match backend {
        "duckdb" => &DuckDbDialect,
        "postgresql" => &PostgresDialect,
        "mysql" => &MySqlDialect,
        _ => &SqliteDialect,
    }
}

fn qualified_table(target: &UploadTarget<'_>) -> String {
    let dialect = dialect_of(target.backend);
    match target.schema {
        Some(schema) => format!(
            "{}.{}",
            dialect.quote_identifier(schema),
            dialect.quote_identifier(target.table_name)
        ),
        None => dialect.quote_identifier(target.table_name),
    }
}

fn create_table_sql(target: &UploadTarget<'_>, columns: &[(String, ColumnKind)]) -> String {
    let dialect = dialect_of(target.backend);
    let columns: Vec<String> = columns
        .iter()
        .map(|(name, kind)| {
            format!(
                "{} {}",
                dialect.quote_identifier(name),
                kind.sql_type(target.backend)
            )
        })
        .collect();
    format!(
        "CREATE TABLE {} ({})",
        qualified_table(target),
        columns.join(", ")
    )
}

/// The value of one cell of a bindable batch.
fn bound_value(array: &dyn Array, kind: ColumnKind, row: usize) -> Bound {
    let present = array.is_valid(row);
    match kind {
        ColumnKind::Boolean => Bound::Bool(
            array
                .as_boolean_opt()
                .filter(|_| present)
                .map(|values| values.value(row)),
        ),
        ColumnKind::Integer => Bound::Int(
            array
                .as_primitive_opt::<Int64Type>()
                .filter(|_| present)
                .map(|values| values.value(row)),
        ),
        ColumnKind::Float => Bound::Float(
            array
                .as_primitive_opt::<Float64Type>()
                .filter(|_| present)
                .map(|values| values.value(row)),
        ),
        ColumnKind::Timestamp => Bound::Text(
            array
                .as_string_opt::<i32>()
                .filter(|_| present)
                .map(|values| values.value(row).replacen('T', " ", 1)),
        ),
        ColumnKind::Date | ColumnKind::Text => Bound::Text(
            array
                .as_string_opt::<i32>()
                .filter(|_| present)
                .map(|values| values.value(row).to_owned()),
        ),
    }
}

/// One INSERT of some rows: its SQL, its values row after row, and which rows of the upload it
/// writes (0-based over every batch).
#[derive(Debug, Clone)]
struct InsertStatement {
    sql: String,
    values: Vec<Bound>,
    rows: std::ops::Range<usize>,
}

/// `INSERT INTO table (columns) VALUES `.
fn insert_head(target: &UploadTarget<'_>, columns: &[(String, ColumnKind)]) -> String {
    let dialect = dialect_of(target.backend);
    let names: Vec<String> = columns
        .iter()
        .map(|(name, _)| dialect.quote_identifier(name))
        .collect();
    format!(
        "INSERT INTO {} ({}) VALUES ",
        qualified_table(target),
        names.join(", ")
    )
}

/// One batch of the upload as it arrives, `offset` rows of the upload before it.
#[derive(Debug, Clone)]
struct OffsetBatch {
    batch: RecordBatch,
    offset: usize,
}

/// The INSERTs of a batch's rows, each of as many rows as its bound parameters allow.
fn insert_statements(
    target: &UploadTarget<'_>,
    columns: &[(String, ColumnKind)],
    batch: &OffsetBatch,
) -> Vec<InsertStatement> {
    let dialect = dialect_of(target.backend);
    let column_count = columns.len().max(1);
    let rows_per_insert = (PARAMETERS_PER_INSERT / column_count).max(1);
    let head = insert_head(target, columns);
    let mut statements = Vec::new();
    let mut start = 0;
    while start < batch.batch.num_rows() {
        let end = (start + rows_per_insert).min(batch.batch.num_rows());
        let (sql, values) = insert_rows(&head, target.backend, dialect, columns, &batch.batch, start..end);
        statements.push(InsertStatement {
            sql,
            values,
            rows: batch.offset + start..batch.offset + end,
        });
        start = end;
    }
    statements
}

/// The INSERT of the one row at `index` of the upload (0-based over every batch), when the
/// batch holds it.
fn single_row_insert(
    target: &UploadTarget<'_>,
    columns: &[(String, ColumnKind)],
    batch: &OffsetBatch,
    index: usize,
) -> Option<(String, Vec<Bound>)> {
    let row = index.checked_sub(batch.offset)?;
    if row >= batch.batch.num_rows() {
        return None;
    }
    let dialect = dialect_of(target.backend);
    let head = insert_head(target, columns);
    Some(insert_rows(
        &head,
        target.backend,
        dialect,
        columns,
        &batch.batch,
        row..row + 1,
    ))
}

fn insert_rows(
    head: &str,
    backend: &str,
    dialect: &dyn Dialect,
    columns: &[(String, ColumnKind)],
    batch: &RecordBatch,
    rows: std::ops::Range<usize>,
) -> (String, Vec<Bound>) {
    let mut sql = head.to_owned();
    let mut values = Vec::with_capacity(rows.len() * columns.len());
    for (position, row) in rows.enumerate() {
        if position > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for (index, (_, kind)) in columns.iter().enumerate() {
            if index > 0 {
                sql.push_str(", ");
            }
            let placeholder = dialect.placeholder(values.len() + 1);
            sql.push_str(&kind.value_sql(backend, &placeholder));
            values.push(bound_value(batch.column(index).as_ref(), *kind, row));
        }
        sql.push(')');
    }
    (sql, values)
}

/// The sqlx path, the same for each driver: a transaction on one connection, the batches
/// inserted as they arrive from the reader. When an INSERT is refused, its rows are tried one
/// by one in a second transaction, rolled back, to name the row the database refuses (on MySQL,
/// whose DDL commits at once, into the table as the failed write left it: a new table is
/// dropped afterwards). A batch the reader could not parse rolls everything back the same way.
/// Evaluates to the number of rows written.
macro_rules! write_sqlx {
    ($connection:ident, $driver:ty, $target:expr, $rows:expr, $transactional_ddl:expr) => {{
        let database = |error: sqlx::Error| match error {
            sqlx::Error::Database(error) => WriteError::Database(error.message().to_owned()),
            other => WriteError::Database(other.to_string()),
        };
        macro_rules! bind_all {
            ($sql:expr, $values:expr) => {{
                let mut query = sqlx::query::<$driver>($sql);
                for value in $values {
                    query = match value {
                        Bound::Bool(value) => query.bind(value),
                        Bound::Int(value) => query.bind(value),
                        Bound::Float(value) => query.bind(value),
                        Bound::Text(value) => query.bind(value),
                    };
                }
                query
            }};
        }
        let rows: &mut UploadRows = $rows;
        let columns = rows.columns.clone();
        let (exists_query, exists_params) = exists_sql($target);
        let mut exists = sqlx::query_scalar::<$driver, i64>(&exists_query);
        for param in &exists_params {
            exists = exists.bind(param.as_str());
        }
        let table_exists = exists.fetch_one(&mut $connection).await.map_err(database)? > 0;
        if table_exists && $target.if_exists == IfExists::Fail {
            return Err(WriteError::TableExists);
        }
        let creates = !table_exists || $target.if_exists == IfExists::Replace;
        let replaces = table_exists && $target.if_exists == IfExists::Replace;
        let mut refused: Option<(OffsetBatch, std::ops::Range<usize>)> = None;
        let mut written = 0usize;
        let mut transaction = $connection.begin().await.map_err(database)?;
        let outcome: Result<(), WriteError> = async {
            if replaces {
                sqlx::query::<$driver>(&format!("DROP TABLE {}", qualified_table($target)))
                    .execute(&mut *transaction)
                    .await
                    .map_err(database)?;
            }
            if creates {
                sqlx::query::<$driver>(&create_table_sql($target, &columns))
                    .execute(&mut *transaction)
                    .await
                    .map_err(database)?;
            }
            while let Some(batch) = rows.batches.recv().await {
                let batch = OffsetBatch {
                    batch: batch.map_err(WriteError::Source)?,
                    offset: written,
                };
                for statement in insert_statements($target, &columns, &batch) {
                    let executed = bind_all!(&statement.sql, statement.values)
                        .execute(&mut *transaction)
                        .await;
                    if let Err(error) = executed {
                        refused = Some((batch.clone(), statement.rows.clone()));
                        return Err(database(error));
                    }
                    rows.progress.add_written(statement.rows.len());
                }
                written += batch.batch.num_rows();
            }
            Ok(())
        }
        .await;
        match outcome {
            Ok(()) => transaction.commit().await.map_err(database)?,
            Err(error) => {
                let _ = transaction.rollback().await;
                // Without transactional DDL (MySQL) the table was created (or replaced) at once
                // and stands empty: the trial inserts into it as it is, then a new one goes.
                let drops_new_table = creates && !table_exists && !$transactional_ddl;
                let drop_new_table = format!("DROP TABLE IF EXISTS {}", qualified_table($target));
                let Some((batch, refused_rows)) = refused else {
                    if drops_new_table {
                        let _ = sqlx::query::<$driver>(&drop_new_table)
                            .execute(&mut $connection)
                            .await;
                    }
                    return Err(error);
                };
                let mut trial = $connection.begin().await.map_err(database)?;
                let mut refused_row: Option<WriteError> = None;
                let prepared: Result<(), sqlx::Error> = async {
                    if !$transactional_ddl {
                        return Ok(());
                    }
                    if replaces {
                        sqlx::query::<$driver>(&format!("DROP TABLE {}", qualified_table($target)))
                            .execute(&mut *trial)
                            .await?;
                    }
                    if creates {
                        sqlx::query::<$driver>(&create_table_sql($target, &columns))
                            .execute(&mut *trial)
                            .await?;
                    }
                    Ok(())
                }
                .await;
                if prepared.is_ok() {
                    for index in refused_rows {
                        let Some((sql, values)) = single_row_insert($target, &columns, &batch, index) else {
                            break;
                        };
                        if let Err(row_error) = bind_all!(&sql, values).execute(&mut *trial).await {
                            if let WriteError::Database(message) = database(row_error) {
                                refused_row = Some(WriteError::Row { index, message });
                            }
                            break;
                        }
                    }
                }
                let _ = trial.rollback().await;
                if drops_new_table {
                    let _ = sqlx::query::<$driver>(&drop_new_table)
                        .execute(&mut $connection)
                        .await;
                }
                return Err(refused_row.unwrap_or(error));
            }
        }
        let _ = $connection.close().await;
        written
    }};
}

/// Writes the rows as they arrive; `Ok` with their count once committed.
pub async fn write_upload(target: &UploadTarget<'_>, mut rows: UploadRows) -> Result<usize, WriteError> {
    let written = match target.backend {
        "duckdb" => {
            let path = super::duckdb::path_from_uri(target.uri)?;
            let (backend, uri) = (target.backend.to_owned(), target.uri.to_owned());
            let schema = target.schema.map(str::to_owned);
            let table_name = target.table_name.to_owned();
            let if_exists = target.if_exists;
            tokio::task::spawn_blocking(move || {
                let target = UploadTarget {
                    backend: &backend,
                    uri: &uri,
                    schema: schema.as_deref(),
                    table_name: &table_name,
                    if_exists,
                };
                write_duckdb(&path, &target, &mut rows)
            })
            .await
            .map_err(|error| WriteError::Engine(EngineError::Task(error.to_string())))??
        }
        "postgresql" => {
            let (url, _) = sqlx_url(target.uri)?;
            let mut connection = sqlx::PgConnection::connect(&url)
                .await
                .map_err(|error| EngineError::Connection(error.to_string()))?;
            write_sqlx!(connection, sqlx::Postgres, target, &mut rows, true)
        }
        "mysql" => write_mysql(target, &mut rows).await?,
        "sqlite" => {
            let (path, _) = sqlx_url(target.uri)?;
            let options = <sqlx::sqlite::SqliteConnectOptions as std::str::FromStr>::from_str(&format!(
                "sqlite://{path}"
            ))
            .map_err(|error| EngineError::Connection(error.to_string()))?
            .create_if_missing(false);
            let mut connection = sqlx::SqliteConnection::connect_with(&options)
                .await
                .map_err(|error| EngineError::Connection(error.to_string()))?;
            write_sqlx!(connection, sqlx::Sqlite, target, &mut rows, true)
        }
        other => return Err(EngineError::UnsupportedEngine(other.to_owned()).into()),
    };
    Ok(written)
}

/// A MySQL connection of its own to the target's database.
async fn mysql_connection(target: &UploadTarget<'_>) -> Result<sqlx::MySqlConnection, WriteError> {
    let (url, _) = sqlx_url(target.uri)?;
    Ok(sqlx::MySqlConnection::connect(&url)
        .await
        .map_err(|error| EngineError::Connection(error.to_string()))?)
}

/// The MySQL path. Its DDL commits at once, so a replace is written into a staging table first
/// and swapped in by one atomic `RENAME TABLE` once every row is in: a refused row leaves the
/// old table as it was.
async fn write_mysql(target: &UploadTarget<'_>, rows: &mut UploadRows) -> Result<usize, WriteError> {
    if target.if_exists != IfExists::Replace {
        let mut connection = mysql_connection(target).await?;
        let written = write_sqlx!(connection, sqlx::MySql, target, rows, false);
        return Ok(written);
    }
    let staging_name = format!("quiver_upload_{}", uuid::Uuid::new_v4().simple());
    let staging = UploadTarget {
        table_name: &staging_name,
        if_exists: IfExists::Fail,
        ..target.clone()
    };
    let mut connection = mysql_connection(target).await?;
    let written = write_sqlx!(connection, sqlx::MySql, &staging, rows, false);
    let mut connection = mysql_connection(target).await?;
    let database = |error: sqlx::Error| WriteError::Database(error.to_string());
    let (exists_query, exists_params) = exists_sql(target);
    let mut exists = sqlx::query_scalar::<sqlx::MySql, i64>(&exists_query);
    for param in &exists_params {
        exists = exists.bind(param.as_str());
    }
    let table_exists = exists.fetch_one(&mut connection).await.map_err(database)? > 0;
    let (table, staged) = (qualified_table(target), qualified_table(&staging));
    let swapped = if table_exists {
        let retired_name = format!("quiver_retired_{}", uuid::Uuid::new_v4().simple());
        let retired = qualified_table(&UploadTarget {
            table_name: &retired_name,
            ..target.clone()
        });
        let renamed = sqlx::query(&format!("RENAME TABLE {table} TO {retired}, {staged} TO {table}"))
            .execute(&mut connection)
            .await;
        match renamed {
            Ok(_) => sqlx::query(&format!("DROP TABLE {retired}"))
                .execute(&mut connection)
                .await
                .map(|_| ()),
            Err(error) => Err(error),
        }
    } else {
        sqlx::query(&format!("RENAME TABLE {staged} TO {table}"))
            .execute(&mut connection)
            .await
            .map(|_| ())
    };
    if let Err(error) = swapped {
        let _ = sqlx::query(&format!("DROP TABLE IF EXISTS {staged}"))
            .execute(&mut connection)
            .await;
        return Err(database(error));
    }
    let _ = connection.close().await;
    Ok(written)
}

/// `SELECT COUNT(*)` of the tables with the target's name (in its schema when given).
fn exists_sql(target: &UploadTarget<'_>) -> (String, Vec<String>) {
    let mut params = vec![target.table_name.to_owned()];
    let dialect = dialect_of(target.backend);
    let sql = match target.backend {
        "sqlite" => {
            "SELECT COUNT(*) FROM sqlite_master WHERE type IN ('table', 'view') AND name = $1".to_owned()
        }
        _ => {
            let mut sql = format!(
                "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = {}",
                dialect.placeholder(1)
            );
            match target.schema {
                Some(schema) => {
                    sql.push_str(&format!(" AND table_schema = {}", dialect.placeholder(2)));
                    params.push(schema.to_owned());
                }
                None if target.backend == "mysql" => sql.push_str(" AND table_schema = DATABASE()"),
                None if target.backend == "postgresql" => {
                    sql.push_str(" AND table_schema = current_schema()")
                }
                None => sql.push_str(" AND table_schema = current_schema()"),
            }
            sql
        }
    };
    (sql, params)
}

fn duckdb_value(value: &Bound) -> duckdb::types::Value {
    use duckdb::types::Value;
    match value {
        Bound::Bool(Some(value)) => Value::Boolean(*value),
        Bound::Int(Some(value)) => Value::BigInt(*value),
        Bound::Float(Some(value)) => Value::Double(*value),
        Bound::Text(Some(value)) => Value::Text(value.clone()),
        _ => Value::Null,
    }
}

/// The DuckDB path: a read-write connection of its own, in one transaction, the batches
/// inserted as they arrive.
fn write_duckdb(
    path: &std::path::Path,
    target: &UploadTarget<'_>,
    rows: &mut UploadRows,
) -> Result<usize, WriteError> {
    let exists_check = exists_sql(target);
    let table = qualified_table(target);
    let columns = rows.columns.clone();
    let create = create_table_sql(target, &columns);
    let if_exists = target.if_exists;
    let database = |error: duckdb::Error| WriteError::Database(error.to_string());
    let config = duckdb::Config::default()
        .enable_autoload_extension(false)
        .and_then(|config| config.enable_external_access(false))
        .map_err(database)?;
    let mut connection = duckdb::Connection::open_with_flags(path, config)
        .map_err(|error| WriteError::Engine(EngineError::Connection(error.to_string())))?;
    let (exists_query, exists_params) = &exists_check;
    let count: i64 = connection
        .query_row(
            exists_query,
            duckdb::params_from_iter(exists_params.iter()),
            |row| row.get(0),
        )
        .map_err(database)?;
    let table_exists = count > 0;
    if table_exists && if_exists == IfExists::Fail {
        return Err(WriteError::TableExists);
    }
    let replaces = table_exists && if_exists == IfExists::Replace;
    let creates = !table_exists || if_exists == IfExists::Replace;
    let prepare = |transaction: &duckdb::Transaction<'_>| -> Result<(), duckdb::Error> {
        if replaces {
            transaction.execute_batch(&format!("DROP TABLE {table}"))?;
        }
        if creates {
            transaction.execute_batch(&create)?;
        }
        Ok(())
    };
    let transaction = connection.transaction().map_err(database)?;
    prepare(&transaction).map_err(database)?;
    let mut refused: Option<(OffsetBatch, std::ops::Range<usize>, WriteError)> = None;
    let mut written = 0usize;
    'batches: while let Some(batch) = rows.batches.blocking_recv() {
        // A batch the reader refused: the transaction is dropped, so rolled back.
        let batch = OffsetBatch {
            batch: batch.map_err(WriteError::Source)?,
            offset: written,
        };
        for statement in insert_statements(target, &columns, &batch) {
            let params: Vec<duckdb::types::Value> = statement.values.iter().map(duckdb_value).collect();
            if let Err(error) = transaction.execute(&statement.sql, duckdb::params_from_iter(params.iter())) {
                refused = Some((batch.clone(), statement.rows.clone(), database(error)));
                break 'batches;
            }
            rows.progress.add_written(statement.rows.len());
        }
        written += batch.batch.num_rows();
    }
    let Some((batch, refused_rows, error)) = refused else {
        transaction.commit().map_err(database)?;
        return Ok(written);
    };
    drop(transaction);
    // The refused statement's rows one by one, in a transaction rolled back, to name the row.
    let trial = connection.transaction().map_err(database)?;
    if prepare(&trial).is_err() {
        return Err(error);
    }
    for index in refused_rows {
        let Some((sql, values)) = single_row_insert(target, &columns, &batch, index) else {
            break;
        };
        let params: Vec<duckdb::types::Value> = values.iter().map(duckdb_value).collect();
        if let Err(row_error) = trial.execute(&sql, duckdb::params_from_iter(params.iter())) {
            return Err(WriteError::Row {
                index,
                message: row_error.to_string(),
            });
        }
    }
    Err(error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uploads::csv::{parse_csv, CsvOptions};

    #[test]
    fn inserts_bind_every_value_in_batches() {
        let parsed = parse_csv(b"name,day\nann,2024-01-02\n,2024-01-03\n", &CsvOptions::default()).unwrap();
        let target = UploadTarget {
            backend: "postgresql",
            uri: "postgresql://x/y",
            schema: Some("public"),
            table_name: "people",
            if_exists: IfExists::Fail,
        };
        assert_eq!(
            create_table_sql(&target, &parsed.columns),
            "CREATE TABLE \"public\".\"people\" (\"name\" TEXT, \"day\" DATE)"
        );
        // The batch's rows are the upload's rows 10 and 11.
        let batch = OffsetBatch {
            batch: parsed.batches[0].clone(),
            offset: 10,
        };
        let statements = insert_statements(&target, &parsed.columns, &batch);
        assert_eq!(statements.len(), 1);
        assert_eq!(statements[0].rows, 10..12);
        assert_eq!(
            statements[0].sql,
            "INSERT INTO \"public\".\"people\" (\"name\", \"day\") VALUES ($1, CAST($2 AS DATE)), ($3, CAST($4 AS DATE))"
        );
        assert_eq!(statements[0].values[2], Bound::Text(None));
        assert_eq!(
            statements[0].values[3],
            Bound::Text(Some("2024-01-03".to_owned()))
        );
        let (second_row, values) = single_row_insert(&target, &parsed.columns, &batch, 11).unwrap();
        assert_eq!(
            second_row,
            "INSERT INTO \"public\".\"people\" (\"name\", \"day\") VALUES ($1, CAST($2 AS DATE))"
        );
        assert_eq!(
            values,
            vec![Bound::Text(None), Bound::Text(Some("2024-01-03".to_owned()))]
        );
        assert!(single_row_insert(&target, &parsed.columns, &batch, 12).is_none());
        assert!(single_row_insert(&target, &parsed.columns, &batch, 9).is_none());
    }
}
