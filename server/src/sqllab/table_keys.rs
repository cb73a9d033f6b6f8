//! A table's foreign keys and indexes for the left bar and `table_metadata`, in Superset's shapes
//! (SQLAlchemy's reflection with `type` set): each engine's catalogue is read one row per key
//! column, in key order, and the rows are grouped by key. Primary-key indexes are left out, as
//! SQLAlchemy's `get_indexes` does.

use quiver_types::{TableForeignKey, TableIndex};
use serde_json::Value;

use super::browse::{duckdb_catalog, read, text_at};
use super::guard::SqlEngine;
use crate::engines::{Engine, EngineError, SqlValue};

fn texts(values: &[&str]) -> Vec<SqlValue> {
    values
        .iter()
        .map(|value| SqlValue::Text((*value).to_owned()))
        .collect()
}

fn is_one(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Number(number)) => number.as_i64() == Some(1),
        Some(Value::Bool(flag)) => *flag,
        _ => false,
    }
}

fn optional_text(row: &[Value], index: usize) -> Option<String> {
    Some(text_at(row, index)).filter(|text| !text.is_empty())
}

/// The columns of `CREATE [UNIQUE] INDEX name ON table(a, "b c")`: `["a", "b c"]`, the text
/// between the first `(` and the last `)`, split on commas, quotes taken off.
fn columns_of_create_index(sql: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (sql.find('('), sql.rfind(')')) else {
        return vec![];
    };
    if close <= open {
        return vec![];
    }
    sql[open + 1..close]
        .split(',')
        .map(str::trim)
        .filter(|column| !column.is_empty())
        .map(|column| {
            match column
                .strip_prefix('"')
                .and_then(|quoted| quoted.strip_suffix('"'))
            {
                Some(inner) => inner.replace("\"\"", "\""),
                None => column.to_owned(),
            }
        })
        .collect()
}

/// The table's indexes, by name; each row read is `name, is-unique (1 or 0), column`, in key
/// order (DuckDB: `name, is-unique, CREATE INDEX text`).
pub async fn indexes(
    engine: &Engine,
    kind: SqlEngine,
    catalog: Option<&str>,
    schema: &str,
    table: &str,
) -> Result<Vec<TableIndex>, EngineError> {
    if kind == SqlEngine::Sqlite && is_empty_sqlite_pragma(engine, "pragma_index_list", table).await? {
        return Ok(vec![]);
    }
    let (sql, params) = match kind {
        SqlEngine::Sqlite => (
            "SELECT il.name, il.\"unique\", ii.name \
             FROM pragma_index_list($1) AS il JOIN pragma_index_info(il.name) AS ii \
             WHERE il.origin <> 'pk' AND il.name NOT LIKE 'sqlite\\_autoindex%' ESCAPE '\\' \
             ORDER BY il.name, ii.seqno",
            texts(&[table]),
        ),
        // One row per index: its columns are read from its `CREATE INDEX` text.
        SqlEngine::DuckDb => {
            let catalog = duckdb_catalog(engine, catalog).await?;
            let params = texts(&[schema, table, &catalog]);
            (
                "SELECT index_name, CASE WHEN is_unique THEN 1 ELSE 0 END, sql \
                 FROM duckdb_indexes() \
                 WHERE schema_name = $1 AND table_name = $2 AND database_name = $3 AND NOT is_primary \
                 ORDER BY index_name",
                params,
            )
        }
        SqlEngine::Postgres => (
            "SELECT i.relname::text, CASE WHEN ix.indisunique THEN 1 ELSE 0 END, a.attname::text \
             FROM pg_catalog.pg_index ix \
             JOIN pg_catalog.pg_class t ON t.oid = ix.indrelid \
             JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace \
             JOIN pg_catalog.pg_class i ON i.oid = ix.indexrelid \
             CROSS JOIN LATERAL unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, position) \
             JOIN pg_catalog.pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum \
             WHERE n.nspname = $1 AND t.relname = $2 AND NOT ix.indisprimary \
             ORDER BY i.relname, k.position",
            texts(&[schema, table]),
        ),
        SqlEngine::MySql => (
            "SELECT CAST(index_name AS CHAR), CASE WHEN non_unique = 0 THEN 1 ELSE 0 END, \
                    CAST(column_name AS CHAR) \
             FROM information_schema.statistics \
             WHERE table_schema = ? AND table_name = ? AND index_name <> 'PRIMARY' \
             ORDER BY index_name, seq_in_index",
            texts(&[schema, table]),
        ),
    };
    let mut index_columns: Vec<(String, bool, String)> = Vec::new();
    for row in read(engine, sql, params).await? {
        let (name, is_unique) = (text_at(&row, 0), is_one(row.get(1)));
        if kind == SqlEngine::DuckDb {
            for column in columns_of_create_index(&text_at(&row, 2)) {
                index_columns.push((name.clone(), is_unique, column));
            }
        } else {
            index_columns.push((name, is_unique, text_at(&row, 2)));
        }
    }
    let mut found: Vec<TableIndex> = Vec::new();
    for (name, is_unique, column) in index_columns {
        match found.last_mut() {
            Some(index) if index.name.as_deref() == Some(name.as_str()) => index.column_names.push(column),
            _ => found.push(TableIndex {
                name: Some(name),
                column_names: vec![column],
                unique: is_unique,
                key_type: "index".to_owned(),
                options: Value::Object(serde_json::Map::new()),
            }),
        }
    }
    Ok(found)
}

/// Whether a SQLite pragma function (`pragma_index_list`, `pragma_foreign_key_list`) has no rows
/// for a table: then it has no columns either, and naming one fails.
async fn is_empty_sqlite_pragma(
    engine: &Engine,
    pragma: &'static str,
    table: &str,
) -> Result<bool, EngineError> {
    let sql = format!("SELECT count(*) FROM {pragma}($1)");
    let rows = read(engine, &sql, texts(&[table])).await?;
    Ok(rows
        .first()
        .is_none_or(|row| matches!(row.first(), Some(Value::Number(count)) if count.as_i64() == Some(0))))
}

/// The table's foreign keys; each row read is `key id, name, column, referred schema, referred
/// table, referred column`, in key order.
pub async fn foreign_keys(
    engine: &Engine,
    kind: SqlEngine,
    catalog: Option<&str>,
    schema: &str,
    table: &str,
) -> Result<Vec<TableForeignKey>, EngineError> {
    if kind == SqlEngine::Sqlite && is_empty_sqlite_pragma(engine, "pragma_foreign_key_list", table).await? {
        return Ok(vec![]);
    }
    let (sql, params) = match kind {
        SqlEngine::Sqlite => (
            "SELECT id, '', \"from\", '', \"table\", \"to\" \
             FROM pragma_foreign_key_list($1) ORDER BY id, seq",
            texts(&[table]),
        ),
        SqlEngine::DuckDb => {
            let catalog = duckdb_catalog(engine, catalog).await?;
            let params = texts(&[schema, table, &catalog]);
            (
                "SELECT constraint_index, constraint_name, unnest(constraint_column_names), \
                        schema_name, referenced_table, unnest(referenced_column_names) \
                 FROM duckdb_constraints() \
                 WHERE constraint_type = 'FOREIGN KEY' AND schema_name = $1 AND table_name = $2 \
                   AND database_name = $3 \
                 ORDER BY constraint_index",
                params,
            )
        }
        SqlEngine::Postgres => (
            "SELECT c.conname::text, c.conname::text, a.attname::text, rn.nspname::text, \
                    rt.relname::text, ra.attname::text \
             FROM pg_catalog.pg_constraint c \
             JOIN pg_catalog.pg_class t ON t.oid = c.conrelid \
             JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace \
             JOIN pg_catalog.pg_class rt ON rt.oid = c.confrelid \
             JOIN pg_catalog.pg_namespace rn ON rn.oid = rt.relnamespace \
             CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(attnum, referred_attnum, position) \
             JOIN pg_catalog.pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum \
             JOIN pg_catalog.pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = k.referred_attnum \
             WHERE c.contype = 'f' AND n.nspname = $1 AND t.relname = $2 \
             ORDER BY c.conname, k.position",
            texts(&[schema, table]),
        ),
        SqlEngine::MySql => (
            "SELECT CAST(constraint_name AS CHAR), CAST(constraint_name AS CHAR), CAST(column_name AS CHAR), \
                    CAST(referenced_table_schema AS CHAR), CAST(referenced_table_name AS CHAR), \
                    CAST(referenced_column_name AS CHAR) \
             FROM information_schema.key_column_usage \
             WHERE table_schema = ? AND table_name = ? AND referenced_table_name IS NOT NULL \
             ORDER BY constraint_name, ordinal_position",
            texts(&[schema, table]),
        ),
    };
    let mut found: Vec<(String, TableForeignKey)> = Vec::new();
    for row in read(engine, sql, params).await? {
        let key_id = text_at(&row, 0);
        let column = text_at(&row, 2);
        let referred_column = text_at(&row, 5);
        match found.last_mut() {
            Some((id, key)) if *id == key_id => {
                key.column_names.push(column);
                key.referred_columns.push(referred_column);
            }
            _ => found.push((
                key_id,
                TableForeignKey {
                    name: optional_text(&row, 1),
                    column_names: vec![column],
                    referred_schema: optional_text(&row, 3),
                    referred_table: text_at(&row, 4),
                    referred_columns: vec![referred_column],
                    key_type: "fk".to_owned(),
                    options: Value::Object(serde_json::Map::new()),
                },
            )),
        }
    }
    Ok(found.into_iter().map(|(_, key)| key).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_columns_of_a_duckdb_index_come_from_its_create_text() {
        assert_eq!(
            columns_of_create_index("CREATE UNIQUE INDEX books_author_title_idx ON books(author_id, title);"),
            ["author_id", "title"]
        );
        assert_eq!(
            columns_of_create_index("CREATE INDEX i ON main.\"my table\"(\"a \"\"b\"\"\", c)"),
            ["a \"b\"", "c"]
        );
        assert!(columns_of_create_index("CREATE INDEX broken").is_empty());
    }
}
