//! DuckDB: Arrow-native results. Statements run on a clone of the base connection inside
//! `spawn_blocking`, so the async runtime never waits on the engine.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use duckdb::{AccessMode, Config, Connection};

use super::{EngineError, QueryOutput, RunControl, SqlValue, Statement};

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

    /// Runs a statement on its own connection; past `timeout` the connection is interrupted.
    pub async fn execute(&self, statement: Statement, timeout: Duration) -> Result<QueryOutput, EngineError> {
        self.execute_controlled(statement, timeout, &RunControl::default())
            .await
    }

    /// Like [`DuckDbEngine::execute`]; a cancelled `control.cancel` interrupts the statement too
    /// (the file is always open read-only, so `read_only` changes nothing here).
    pub async fn execute_controlled(
        &self,
        statement: Statement,
        timeout: Duration,
        control: &RunControl,
    ) -> Result<QueryOutput, EngineError> {
        let cancel = control.cancel.clone().unwrap_or_default();
        let connection = self
            .connection
            .lock()
            .map_err(|_| EngineError::Task("connection poisoned".to_owned()))?
            .try_clone()
            .map_err(|error| EngineError::Connection(error.to_string()))?;
        let interrupt = connection.interrupt_handle();
        let mut task = tokio::task::spawn_blocking(move || run_arrow(&connection, &statement));
        let waited = tokio::select! {
            joined = &mut task => Ok(joined),
            () = tokio::time::sleep(timeout) => Err(EngineError::Timeout(timeout.as_secs())),
            () = cancel.cancelled() => Err(EngineError::Cancelled),
        };
        let joined = match waited {
            Ok(joined) => joined,
            Err(stopped) => {
                interrupt.interrupt();
                // The interrupted statement ends promptly; wait so the connection is released.
                let _interrupted = task.await;
                return Err(stopped);
            }
        };
        joined.map_err(|error| EngineError::Task(error.to_string()))?
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

    #[tokio::test]
    async fn a_statement_past_its_timeout_is_interrupted() {
        let engine = DuckDbEngine {
            connection: Arc::new(Mutex::new(Connection::open_in_memory().unwrap())),
        };
        let slow = Statement {
            sql: "SELECT count(*) FROM range(100000000000) a WHERE a.range % 7 = 3".to_owned(),
            params: vec![],
        };
        let started = std::time::Instant::now();
        let outcome = engine.execute(slow, Duration::from_millis(300)).await;
        assert!(matches!(outcome, Err(EngineError::Timeout(0))), "{outcome:?}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
        // The connection is usable again afterwards.
        let quick = Statement {
            sql: "SELECT 1 AS one".to_owned(),
            params: vec![],
        };
        let output = engine.execute(quick, Duration::from_secs(5)).await.unwrap();
        assert_eq!(output.row_count(), 1);
    }
}
