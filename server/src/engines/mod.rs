//! Analytics databases: open connections from a database record and run statements to Arrow.

pub mod cells;
pub mod dialect;
pub mod duckdb;
pub mod sql_databases;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arrow::datatypes::SchemaRef;
use arrow::record_batch::RecordBatch;

use crate::store::database::DatabaseRecord;

pub use self::dialect::{Dialect, DuckDbDialect, MySqlDialect, PostgresDialect, SqliteDialect};
use self::sql_databases::SqlDatabase;

/// A bind parameter value.
#[derive(Debug, Clone, PartialEq)]
pub enum SqlValue {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(String),
}

/// A statement ready to run: SQL with placeholders and their values, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    pub sql: String,
    pub params: Vec<SqlValue>,
}

/// The rows of a statement as Arrow.
#[derive(Debug, Clone)]
pub struct QueryOutput {
    pub schema: SchemaRef,
    pub batches: Vec<RecordBatch>,
}

impl QueryOutput {
    pub fn row_count(&self) -> usize {
        self.batches.iter().map(RecordBatch::num_rows).sum()
    }
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum EngineError {
    /// The database reported an error running the statement.
    #[error("{0}")]
    Execution(String),
    /// The connection could not be opened.
    #[error("could not connect to the database: {0}")]
    Connection(String),
    /// The URI names an engine Quiver does not run yet.
    #[error("the {0} engine is not supported yet")]
    UnsupportedEngine(String),
    /// The blocking task running the statement failed.
    #[error("query task failed: {0}")]
    Task(String),
    /// The statement ran longer than the timeout and was cancelled in the database.
    #[error("the query exceeded the {0} seconds timeout")]
    Timeout(u64),
    /// The statement was stopped on request and cancelled in the database.
    #[error("the query was stopped")]
    Cancelled,
}

/// How one statement runs beyond its timeout: a token that stops it (SQL Lab's Stop), and
/// whether it runs in a read-only transaction (databases that do not allow DML).
#[derive(Debug, Clone, Default)]
pub struct RunControl {
    pub cancel: Option<tokio_util::sync::CancellationToken>,
    pub read_only: bool,
}

/// One open analytics database.
#[derive(Debug, Clone)]
pub enum Engine {
    DuckDb(Arc<duckdb::DuckDbEngine>),
    Sql(Arc<SqlDatabase>),
}

impl Engine {
    /// Opens the database a record describes.
    pub async fn open(database: &DatabaseRecord) -> Result<Engine, EngineError> {
        match database.backend.as_str() {
            "duckdb" => Ok(Engine::DuckDb(Arc::new(duckdb::DuckDbEngine::open_uri(
                &database.sqlalchemy_uri,
            )?))),
            "sqlite" | "postgresql" | "mysql" => Ok(Engine::Sql(Arc::new(
                SqlDatabase::connect(&database.sqlalchemy_uri, database.allow_dml).await?,
            ))),
            other => Err(EngineError::UnsupportedEngine(other.to_owned())),
        }
    }

    pub fn dialect(&self) -> &'static dyn Dialect {
        match self {
            Engine::DuckDb(_) => &DuckDbDialect,
            Engine::Sql(database) => match database.as_ref() {
                SqlDatabase::Sqlite(_) => &SqliteDialect,
                SqlDatabase::Postgres(_) => &PostgresDialect,
                SqlDatabase::MySql(_) => &MySqlDialect,
            },
        }
    }

    /// Human name of the engine, for "{engine} Error" displays.
    pub fn engine_name(&self) -> &'static str {
        match self {
            Engine::DuckDb(_) => "DuckDB",
            Engine::Sql(database) => match database.as_ref() {
                SqlDatabase::Sqlite(_) => "SQLite",
                SqlDatabase::Postgres(_) => "PostgreSQL",
                SqlDatabase::MySql(_) => "MySQL",
            },
        }
    }

    /// Runs a statement; past `timeout` the database is told to cancel it and the answer is
    /// [`EngineError::Timeout`].
    pub async fn execute(&self, statement: Statement, timeout: Duration) -> Result<QueryOutput, EngineError> {
        match self {
            Engine::DuckDb(engine) => engine.execute(statement, timeout).await,
            Engine::Sql(database) => database.execute(statement, timeout).await,
        }
    }

    /// Runs a statement under a [`RunControl`]: cancelled in the database on its token
    /// ([`EngineError::Cancelled`]) or past `timeout` ([`EngineError::Timeout`]).
    pub async fn execute_controlled(
        &self,
        statement: Statement,
        timeout: Duration,
        control: &RunControl,
    ) -> Result<QueryOutput, EngineError> {
        match self {
            Engine::DuckDb(engine) => engine.execute_controlled(statement, timeout, control).await,
            Engine::Sql(database) => database.execute_controlled(statement, timeout, control).await,
        }
    }
}

/// Open engines by database id, opened on first use.
#[derive(Debug, Default)]
pub struct Engines {
    open: Mutex<HashMap<i64, Engine>>,
}

impl Engines {
    /// The engine of a database record, opening it if needed.
    pub async fn engine_for(&self, database: &DatabaseRecord) -> Result<Engine, EngineError> {
        if let Some(engine) = self.lock()?.get(&database.id) {
            return Ok(engine.clone());
        }
        let engine = Engine::open(database).await?;
        Ok(self.lock()?.entry(database.id).or_insert(engine).clone())
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, HashMap<i64, Engine>>, EngineError> {
        self.open
            .lock()
            .map_err(|_| EngineError::Task("engine registry poisoned".to_owned()))
    }

    /// Forgets an engine (after its database changed or was deleted).
    pub fn forget(&self, database_id: i64) {
        if let Ok(mut open) = self.open.lock() {
            open.remove(&database_id);
        }
    }
}
