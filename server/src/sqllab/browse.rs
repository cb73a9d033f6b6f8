//! The schema browser's reads: catalogs, schemas, tables and views, and a table's columns with
//! their types, primary key, foreign keys and indexes, from each engine's catalogue
//! (`information_schema`, `pg_catalog`, `duckdb_*()`, or `sqlite_master` and the `pragma_*`
//! functions on SQLite). Names are always bound as parameters.
//!
//! Catalogs (Superset's `supports_catalog`): PostgreSQL's databases and DuckDB's attached
//! databases. A PostgreSQL catalog is read through a connection to that database, so these reads
//! see it as the current one; a DuckDB catalog is a filter, `catalog` below (`None`: the current
//! database). SQLite and MySQL have none.

use std::time::Duration;

use quiver_types::{TableMetadata, TableMetadataColumn, TableOption, TablePrimaryKey};
use serde_json::Value;

use super::guard::SqlEngine;
use super::table_keys::{foreign_keys, indexes};
use crate::chart_data::json::column_values;
use crate::engines::{Engine, EngineError, QueryOutput, SqlValue, Statement};

/// Catalog reads are small; they get a short timeout of their own.
const BROWSE_TIMEOUT: Duration = Duration::from_secs(30);

/// Schemas that hold the engine's own catalog, hidden from the picker.
const SYSTEM_SCHEMAS: &[&str] = &[
    "information_schema",
    "pg_catalog",
    "mysql",
    "performance_schema",
    "sys",
];

pub(super) fn text_rows(output: &QueryOutput) -> Vec<Vec<Value>> {
    let mut rows = Vec::new();
    for batch in &output.batches {
        let columns: Vec<Vec<Value>> = batch.columns().iter().map(column_values).collect();
        for row_index in 0..batch.num_rows() {
            rows.push(
                columns
                    .iter()
                    .map(|column| column.get(row_index).cloned().unwrap_or(Value::Null))
                    .collect(),
            );
        }
    }
    rows
}

pub(super) fn text_at(row: &[Value], index: usize) -> String {
    match row.get(index) {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

pub(super) async fn read(
    engine: &Engine,
    sql: &str,
    params: Vec<SqlValue>,
) -> Result<Vec<Vec<Value>>, EngineError> {
    let output = engine
        .execute(
            Statement {
                sql: sql.to_owned(),
                params,
            },
            BROWSE_TIMEOUT,
        )
        .await?;
    Ok(text_rows(&output))
}

/// The catalogs of a database, sorted: PostgreSQL's databases (not templates) that accept
/// connections and that the user may connect to, DuckDB's attached databases (not the system
/// and temp ones). SQLite and MySQL have no catalogs: an empty list, as Superset answers for an
/// engine without `supports_catalog`.
pub async fn catalogs(engine: &Engine, kind: SqlEngine) -> Result<Vec<String>, EngineError> {
    let sql = match kind {
        SqlEngine::Sqlite | SqlEngine::MySql => return Ok(vec![]),
        SqlEngine::DuckDb => "SELECT database_name FROM duckdb_databases() WHERE NOT internal",
        SqlEngine::Postgres => {
            "SELECT datname::text FROM pg_catalog.pg_database \
             WHERE NOT datistemplate AND datallowconn \
               AND has_database_privilege(oid, 'CONNECT')"
        }
    };
    let mut names: Vec<String> = read(engine, sql, vec![])
        .await?
        .iter()
        .map(|row| text_at(row, 0))
        .collect();
    names.sort();
    names.dedup();
    Ok(names)
}

/// The catalog the engine's connection is on (`current_database()`); `None` without catalogs.
pub async fn current_catalog(engine: &Engine, kind: SqlEngine) -> Result<Option<String>, EngineError> {
    let sql = match kind {
        SqlEngine::Sqlite | SqlEngine::MySql => return Ok(None),
        SqlEngine::DuckDb => "SELECT current_database()",
        SqlEngine::Postgres => "SELECT current_database()::text",
    };
    Ok(read(engine, sql, vec![])
        .await?
        .first()
        .map(|row| text_at(row, 0)))
}

/// The DuckDB catalog to read: the one asked for, or the current database.
pub(super) async fn duckdb_catalog(engine: &Engine, catalog: Option<&str>) -> Result<String, EngineError> {
    if let Some(catalog) = catalog {
        return Ok(catalog.to_owned());
    }
    Ok(current_catalog(engine, SqlEngine::DuckDb)
        .await?
        .unwrap_or_default())
}

/// The schemas of a database (of `catalog` on DuckDB), sorted, without the engine's own.
pub async fn schemas(
    engine: &Engine,
    kind: SqlEngine,
    catalog: Option<&str>,
) -> Result<Vec<String>, EngineError> {
    let (sql, params) = match kind {
        SqlEngine::Sqlite => return Ok(vec!["main".to_owned()]),
        SqlEngine::DuckDb => (
            "SELECT DISTINCT schema_name FROM information_schema.schemata WHERE catalog_name = $1",
            vec![SqlValue::Text(duckdb_catalog(engine, catalog).await?)],
        ),
        SqlEngine::Postgres => (
            "SELECT schema_name::text FROM information_schema.schemata \
             WHERE schema_name NOT LIKE 'pg\\_toast%' AND schema_name NOT LIKE 'pg\\_temp%'",
            vec![],
        ),
        SqlEngine::MySql => (
            "SELECT CAST(schema_name AS CHAR) AS schema_name FROM information_schema.schemata",
            vec![],
        ),
    };
    let mut names: Vec<String> = read(engine, sql, params)
        .await?
        .iter()
        .map(|row| text_at(row, 0))
        .filter(|name| !SYSTEM_SCHEMAS.contains(&name.as_str()))
        .collect();
    names.sort();
    names.dedup();
    Ok(names)
}

/// The tables and views of a schema (of `catalog` on DuckDB), sorted by name.
pub async fn tables(
    engine: &Engine,
    kind: SqlEngine,
    catalog: Option<&str>,
    schema: &str,
) -> Result<Vec<TableOption>, EngineError> {
    let (sql, params) = match kind {
        SqlEngine::Sqlite => (
            "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') \
             AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
            vec![],
        ),
        SqlEngine::DuckDb => (
            "SELECT table_name, table_type FROM information_schema.tables \
             WHERE table_schema = $1 AND table_catalog = $2 ORDER BY table_name",
            vec![
                SqlValue::Text(schema.to_owned()),
                SqlValue::Text(duckdb_catalog(engine, catalog).await?),
            ],
        ),
        SqlEngine::Postgres => (
            "SELECT table_name::text, table_type::text FROM information_schema.tables \
             WHERE table_schema = $1 ORDER BY table_name",
            vec![SqlValue::Text(schema.to_owned())],
        ),
        SqlEngine::MySql => (
            "SELECT CAST(table_name AS CHAR) AS table_name, CAST(table_type AS CHAR) AS table_type \
             FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name",
            vec![SqlValue::Text(schema.to_owned())],
        ),
    };
    Ok(read(engine, sql, params)
        .await?
        .iter()
        .map(|row| {
            let table_type = text_at(row, 1).to_ascii_lowercase();
            TableOption {
                value: text_at(row, 0),
                table_type: if table_type.contains("view") {
                    "view".to_owned()
                } else {
                    "table".to_owned()
                },
                extra: None,
            }
        })
        .collect())
}

/// A table's columns, keys, indexes and `SELECT *` text (of `catalog` on DuckDB); `None` when
/// the table does not exist.
pub async fn table_metadata(
    engine: &Engine,
    kind: SqlEngine,
    catalog: Option<&str>,
    schema: &str,
    table: &str,
) -> Result<Option<TableMetadata>, EngineError> {
    let texts = |values: &[&str]| -> Vec<SqlValue> {
        values
            .iter()
            .map(|value| SqlValue::Text((*value).to_owned()))
            .collect()
    };
    // Each read gives: name, type, long type, is-primary-key (1 or 0).
    let (sql, params) = match kind {
        SqlEngine::Sqlite => (
            "SELECT name, type, type, CASE WHEN pk > 0 THEN 1 ELSE 0 END FROM pragma_table_info($1) ORDER BY cid",
            texts(&[table]),
        ),
        SqlEngine::DuckDb => (
            "SELECT c.column_name, c.data_type, c.data_type, \
                    CASE WHEN EXISTS (SELECT 1 FROM duckdb_constraints() k \
                                      WHERE k.database_name = c.table_catalog \
                                        AND k.schema_name = c.table_schema AND k.table_name = c.table_name \
                                        AND k.constraint_type = 'PRIMARY KEY' \
                                        AND list_contains(k.constraint_column_names, c.column_name)) \
                         THEN 1 ELSE 0 END \
             FROM information_schema.columns c \
             WHERE c.table_schema = $1 AND c.table_name = $2 AND c.table_catalog = $3 \
             ORDER BY c.ordinal_position",
            texts(&[schema, table, &duckdb_catalog(engine, catalog).await?]),
        ),
        SqlEngine::Postgres => (
            "SELECT c.column_name::text, upper(c.data_type::text), \
                    upper(format_type(a.atttypid, a.atttypmod)), \
                    CASE WHEN EXISTS (SELECT 1 FROM information_schema.table_constraints t \
                                      JOIN information_schema.key_column_usage k \
                                        ON k.constraint_name = t.constraint_name AND k.table_schema = t.table_schema \
                                      WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = c.table_schema \
                                        AND t.table_name = c.table_name AND k.column_name = c.column_name) \
                         THEN 1 ELSE 0 END \
             FROM information_schema.columns c \
             JOIN pg_catalog.pg_attribute a \
               ON a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass \
              AND a.attname = c.column_name \
             WHERE c.table_schema = $1 AND c.table_name = $2 ORDER BY c.ordinal_position",
            texts(&[schema, table]),
        ),
        SqlEngine::MySql => (
            "SELECT CAST(column_name AS CHAR), CAST(UPPER(data_type) AS CHAR), CAST(UPPER(column_type) AS CHAR), \
                    CASE WHEN column_key = 'PRI' THEN 1 ELSE 0 END \
             FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position",
            texts(&[schema, table]),
        ),
    };
    let rows = read(engine, sql, params).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let mut primary_key = Vec::new();
    let columns = rows
        .iter()
        .map(|row| {
            let name = text_at(row, 0);
            let is_key = matches!(row.get(3), Some(Value::Number(n)) if n.as_i64() == Some(1));
            if is_key {
                primary_key.push(name.clone());
            }
            TableMetadataColumn {
                name,
                column_type: text_at(row, 1).to_uppercase(),
                long_type: text_at(row, 2).to_uppercase(),
                keys: if is_key { vec!["pk".to_owned()] } else { vec![] },
                comment: None,
            }
        })
        .collect::<Vec<_>>();
    let select_star = select_star(engine, kind, catalog, schema, table, &columns);
    let primary_key_name = if kind == SqlEngine::Postgres && !primary_key.is_empty() {
        postgres_primary_key_name(engine, schema, table).await?
    } else {
        None
    };
    let foreign_keys = foreign_keys(engine, kind, catalog, schema, table).await?;
    let indexes = indexes(engine, kind, catalog, schema, table).await?;
    Ok(Some(TableMetadata {
        name: table.to_owned(),
        schema: Some(schema.to_owned()),
        columns,
        select_star,
        primary_key: TablePrimaryKey {
            constrained_columns: primary_key,
            name: primary_key_name,
        },
        foreign_keys,
        indexes,
    }))
}

/// The name of a PostgreSQL table's primary-key constraint (`books_pkey`), as SQLAlchemy's
/// `get_pk_constraint` reads it; the other engines' reflection gives none.
async fn postgres_primary_key_name(
    engine: &Engine,
    schema: &str,
    table: &str,
) -> Result<Option<String>, EngineError> {
    let rows = read(
        engine,
        "SELECT c.conname::text FROM pg_catalog.pg_constraint c \
         JOIN pg_catalog.pg_class t ON t.oid = c.conrelid \
         JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace \
         WHERE c.contype = 'p' AND n.nspname = $1 AND t.relname = $2",
        vec![
            SqlValue::Text(schema.to_owned()),
            SqlValue::Text(table.to_owned()),
        ],
    )
    .await?;
    Ok(rows
        .first()
        .map(|row| text_at(row, 0))
        .filter(|name| !name.is_empty()))
}

/// `SELECT col, ... FROM schema.table LIMIT 100`, with quoted names; a DuckDB catalog asked
/// for by name prefixes the table (`catalog.schema.table`).
fn select_star(
    engine: &Engine,
    kind: SqlEngine,
    catalog: Option<&str>,
    schema: &str,
    table: &str,
    columns: &[TableMetadataColumn],
) -> String {
    let dialect = engine.dialect();
    let names: Vec<String> = columns
        .iter()
        .map(|column| dialect.quote_identifier(&column.name))
        .collect();
    let from = if kind == SqlEngine::Sqlite {
        dialect.quote_identifier(table)
    } else if let Some(catalog) = catalog.filter(|_| kind == SqlEngine::DuckDb) {
        format!(
            "{}.{}.{}",
            dialect.quote_identifier(catalog),
            dialect.quote_identifier(schema),
            dialect.quote_identifier(table)
        )
    } else {
        format!(
            "{}.{}",
            dialect.quote_identifier(schema),
            dialect.quote_identifier(table)
        )
    };
    format!("SELECT {}\nFROM {from}\nLIMIT 100", names.join(",\n       "))
}
