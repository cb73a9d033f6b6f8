//! Analytics databases: open connections from a database record and run statements to Arrow.

pub mod cells;
pub mod dialect;
pub mod duckdb;
pub mod sql_databases;
pub mod upload_writer;
pub mod uri;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arrow::datatypes::SchemaRef;
use arrow::record_batch::RecordBatch;

use crate::auth::secrets::SecretCipher;
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
    /// Opens a database of a backend at its URI (with its password in place).
    pub async fn open(backend: &str, uri: &str, allow_dml: bool) -> Result<Engine, EngineError> {
        match backend {
            "duckdb" => Ok(Engine::DuckDb(Arc::new(duckdb::DuckDbEngine::open_uri(uri)?))),
            "sqlite" | "postgresql" | "mysql" => {
                Ok(Engine::Sql(Arc::new(SqlDatabase::connect(uri, allow_dml).await?)))
            }
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

    /// Closes the pool of a server database (an engine opened for one call); DuckDB files close
    /// when their last handle drops.
    pub async fn close(&self) {
        if let Engine::Sql(database) = self {
            database.close().await;
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
#[derive(Debug)]
pub struct Engines {
    open: Mutex<HashMap<i64, Engine>>,
    cipher: SecretCipher,
}

impl Engines {
    /// Engines whose stored passwords the cipher opens.
    pub fn new(cipher: SecretCipher) -> Engines {
        Engines {
            open: Mutex::new(HashMap::new()),
            cipher,
        }
    }

    /// The cipher of stored database passwords.
    pub fn cipher(&self) -> &SecretCipher {
        &self.cipher
    }

    /// The URI of a record with its stored password in place of the mask.
    pub fn connection_uri(&self, database: &DatabaseRecord) -> Result<String, EngineError> {
        let password = database
            .password_encrypted
            .as_deref()
            .map(|sealed| self.cipher.open(sealed))
            .transpose()
            .map_err(|error| EngineError::Connection(error.to_string()))?;
        Ok(uri::with_password(&database.sqlalchemy_uri, password.as_deref()))
    }

    /// The engine of a database record, opening it if needed.
    pub async fn engine_for(&self, database: &DatabaseRecord) -> Result<Engine, EngineError> {
        if let Some(engine) = self.lock()?.get(&database.id) {
            return Ok(engine.clone());
        }
        let uri = self.connection_uri(database)?;
        let engine = Engine::open(&database.backend, &uri, database.allow_dml).await?;
        Ok(self.lock()?.entry(database.id).or_insert(engine).clone())
    }

    /// A writable engine of a database, opened for one run and not kept: SQL Lab's CREATE TABLE AS
    /// on a SQLite file whose pool is read-only (its database does not allow DML). Other engines
    /// answer the kept one: they write outside a read-only transaction.
    pub async fn writable_engine_for(&self, database: &DatabaseRecord) -> Result<Engine, EngineError> {
        let is_read_only_sqlite = database.backend == "sqlite" && !database.allow_dml;
        if !is_read_only_sqlite {
            return self.engine_for(database).await;
        }
        let uri = self.connection_uri(database)?;
        Engine::open(&database.backend, &uri, true).await
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
