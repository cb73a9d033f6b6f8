//! DuckDB: Arrow-native results. Statements run on a clone of the base connection inside
//! `spawn_blocking`, so the async runtime never waits on the engine.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use duckdb::{AccessMode, Config, Connection};

use super::{EngineError, QueryOutput, SqlValue, Statement};

/// A DuckDB database file opened for queries.
#[derive(Debug)]
pub struct DuckDbEngine {
    connection: Arc<Mutex<Connection>>,
}

/// `duckdb:///abs/path.duckdb` or `duckdb:///relative.duckdb` → the file path.
pub fn path_from_uri(uri: &str) -> Result<PathBuf, EngineError> {
    let path = uri
        .strip_prefix("duckdb:///")
        .or_else(|| uri.strip_prefix("duckdb://"))
        .ok_or_else(|| EngineError::Connection(format!("not a DuckDB URI: {uri}")))?;
    if path.is_empty() {
        return Err(EngineError::Connection("the DuckDB URI names no file".to_owned()));
    }
    Ok(PathBuf::from(path))
}

impl DuckDbEngine {
    pub fn open_uri(uri: &str) -> Result<DuckDbEngine, EngineError> {
        Self::open_read_only(&path_from_uri(uri)?)
    }

    /// Opens a file for reading only, with no access to other files or extensions.
    pub fn open_read_only(path: &Path) -> Result<DuckDbEngine, EngineError> {
        let config = Config::default()
            .access_mode(AccessMode::ReadOnly)
            .and_then(|config| config.enable_autoload_extension(false))
            .and_then(|config| config.enable_external_access(false))
            .map_err(|error| EngineError::Connection(error.to_string()))?;
        let connection = Connection::open_with_flags(path, config)
            .map_err(|error| EngineError::Connection(error.to_string()))?;
        Ok(DuckDbEngine {
            connection: Arc::new(Mutex::new(connection)),
        })
    }

    pub async fn execute(&self, statement: Statement) -> Result<QueryOutput, EngineError> {
        let base = Arc::clone(&self.connection);
        tokio::task::spawn_blocking(move || {
            let connection = base
                .lock()
                .map_err(|_| EngineError::Task("connection poisoned".to_owned()))?
                .try_clone()
                .map_err(|error| EngineError::Connection(error.to_string()))?;
            run_arrow(&connection, &statement)
        })
        .await
        .map_err(|error| EngineError::Task(error.to_string()))?
    }
}

fn to_duckdb_value(value: &SqlValue) -> duckdb::types::Value {
    use duckdb::types::Value;
    match value {
        SqlValue::Null => Value::Null,
        SqlValue::Bool(value) => Value::Boolean(*value),
        SqlValue::Int(value) => Value::BigInt(*value),
        SqlValue::Float(value) => Value::Double(*value),
        SqlValue::Text(value) => Value::Text(value.clone()),
    }
}

/// Runs a statement on a connection and collects its Arrow batches.
pub fn run_arrow(connection: &Connection, statement: &Statement) -> Result<QueryOutput, EngineError> {
    let execution = |error: duckdb::Error| EngineError::Execution(error.to_string());
    let mut prepared = connection.prepare(&statement.sql).map_err(execution)?;
    let params: Vec<duckdb::types::Value> = statement.params.iter().map(to_duckdb_value).collect();
    let arrow = prepared
        .query_arrow(duckdb::params_from_iter(params.iter()))
        .map_err(execution)?;
    let schema = arrow.get_schema();
    let batches = arrow.collect();
    Ok(QueryOutput { schema, batches })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_name_files() {
        assert_eq!(
            path_from_uri("duckdb:////tmp/x.duckdb").unwrap(),
            PathBuf::from("/tmp/x.duckdb")
        );
        assert_eq!(
            path_from_uri("duckdb:///var/examples.duckdb").unwrap(),
            PathBuf::from("var/examples.duckdb")
        );
        assert!(path_from_uri("sqlite:///x.db").is_err());
    }

    #[test]
    fn statements_bind_values_and_return_arrow() {
        let connection = Connection::open_in_memory().unwrap();
        let statement = Statement {
            sql: "SELECT $1::BIGINT + 1 AS a, $2 AS b".to_owned(),
            params: vec![
                SqlValue::Int(41),
                SqlValue::Text("x'; DROP TABLE t; --".to_owned()),
            ],
        };
        let output = run_arrow(&connection, &statement).unwrap();
        assert_eq!(output.row_count(), 1);
        assert_eq!(output.schema.field(0).name(), "a");
        let b = output.batches[0].column(1);
        let b = b.as_any().downcast_ref::<arrow::array::StringArray>().unwrap();
        assert_eq!(b.value(0), "x'; DROP TABLE t; --");
    }
}
