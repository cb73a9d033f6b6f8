//! Metadata persistence: SQLite (embedded default) or PostgreSQL through sqlx's `Any` driver,
//! so every query is written once. Placeholders are `$1`, `$2`, ... (both backends accept them).
//! Timestamps are ISO-8601 UTC text, which sorts as time does.

pub mod annotation;
pub mod chart;
pub mod chart_list;
pub mod dashboard;
pub mod database;
pub mod dataset;
pub mod dataset_origin;
pub mod dataset_write;
pub mod favorites;
pub mod key_value;
pub mod list;
pub mod query;
pub mod user;
// SQL Lab state (issue #7)
pub mod query_history;
pub mod saved_query;
pub mod stored_document;
pub mod tab_state;
// Lists, related values and bulk deletes (issue #8).
pub mod bulk_delete;
pub mod dashboard_list;
pub mod database_list;
pub mod dataset_list;
pub mod list_filters;
pub mod list_rows;
pub mod related;
// Tags and the activity log (issue #8).
pub mod log;
pub mod tag;
// Import and export bundles (issue #8).
pub mod bundle;
// Reports and alerts (issue #8).
pub mod report;

use std::borrow::Cow;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::AnyPool;

/// Forward-only schema migrations, embedded in the binary: (version, description, SQL).
type MigrationSource = (i64, &'static str, &'static str);

const SQLITE_MIGRATIONS: &[MigrationSource] = &[
    (
        1,
        "initial",
        include_str!("../../migrations/sqlite/0001_initial.sql"),
    ),
    (
        2,
        "annotations",
        include_str!("../../migrations/sqlite/0002_annotations.sql"),
    ),
    (
        3,
        "reports",
        include_str!("../../migrations/sqlite/0003_reports.sql"),
    ),
    (
        4,
        "user attribute",
        include_str!("../../migrations/sqlite/0004_user_attribute.sql"),
    ),
];

const POSTGRES_MIGRATIONS: &[MigrationSource] = &[
    (
        1,
        "initial",
        include_str!("../../migrations/postgres/0001_initial.sql"),
    ),
    (
        2,
        "annotations",
        include_str!("../../migrations/postgres/0002_annotations.sql"),
    ),
    (
        3,
        "reports",
        include_str!("../../migrations/postgres/0003_reports.sql"),
    ),
    (
        4,
        "user attribute",
        include_str!("../../migrations/postgres/0004_user_attribute.sql"),
    ),
];

/// Which metadata backend a store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The object asked for does not exist.
    #[error("not found")]
    NotFound,
    /// A list call names a column, operator or value the resource does not accept.
    #[error("{0}")]
    InvalidQuery(String),
    /// A unique value is taken (a name, a slug).
    #[error("{0}")]
    Conflict(String),
    /// The URL names a backend Quiver cannot keep metadata in.
    #[error("unsupported metadata database: {0}")]
    UnsupportedBackend(String),
    /// The database refused or failed.
    #[error("metadata database error: {0}")]
    Database(#[from] sqlx::Error),
    /// Schema migration failed.
    #[error("metadata migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// A stored JSON document could not be read or written.
    #[error("stored document is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// How long a SQLite connection waits for another writer before 'database is locked'.
const SQLITE_BUSY_TIMEOUT_PRAGMA: &str = "PRAGMA busy_timeout = 30000";

/// The metadata store.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

impl Store {
    /// Connects and brings the schema up to date.
    pub async fn connect(url: &str) -> StoreResult<Store> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(StoreError::UnsupportedBackend(
                url.split(':').next().unwrap_or_default().to_owned(),
            ));
        };
        let max_connections = match backend {
            Backend::Sqlite => 4,
            Backend::Postgres => 16,
        };
        let mut options = AnyPoolOptions::new().max_connections(max_connections);
        if backend == Backend::Sqlite {
            // Every pooled connection (not only the first) enforces foreign keys and waits for
            // another connection's or process's write lock (the server and `quiver admin` share
            // the file) instead of failing at once with 'database is locked'.
            options = options.after_connect(|connection, _meta| {
                Box::pin(async move {
                    sqlx::query("PRAGMA foreign_keys = ON")
                        .execute(&mut *connection)
                        .await?;
                    sqlx::query(SQLITE_BUSY_TIMEOUT_PRAGMA)
                        .execute(&mut *connection)
                        .await?;
                    Ok(())
                })
            });
        }
        let pool = options.connect(url).await?;
        if backend == Backend::Sqlite {
            sqlx::query("PRAGMA journal_mode = WAL").execute(&pool).await?;
        }
        let store = Store { pool, backend };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> StoreResult<()> {
        let sources = match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS,
            Backend::Postgres => POSTGRES_MIGRATIONS,
        };
        let migrations = sources
            .iter()
            .map(|(version, description, sql)| {
                Migration::new(
                    *version,
                    Cow::Borrowed(*description),
                    MigrationType::Simple,
                    Cow::Borrowed(*sql),
                    false,
                )
            })
            .collect::<Vec<_>>();
        let migrator = Migrator {
            migrations: Cow::Owned(migrations),
            ..Migrator::DEFAULT
        };
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// Begins a transaction that will write. On SQLite it is `BEGIN IMMEDIATE`: the write lock
    /// is taken (waiting up to the busy timeout) before the first read, because a deferred
    /// transaction that reads, then writes after another connection committed, fails at once with
    /// 'database is locked' (SQLite cannot upgrade its stale snapshot, and no busy wait helps).
    pub async fn begin_write(&self) -> StoreResult<sqlx::Transaction<'static, sqlx::Any>> {
        let transaction = match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        };
        Ok(transaction)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Now, as stored: `2026-11-22T19:30:00.123456`.
pub fn now_text() -> String {
    chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S%.6f").to_string()
}

/// A fresh uuid, as stored.
pub fn new_uuid() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Reads a boolean column: SQLite hands back integers, PostgreSQL booleans.
pub(crate) fn get_bool(row: &AnyRow, column: &str) -> StoreResult<bool> {
    use sqlx::Row;
    match row.try_get::<bool, _>(column) {
        Ok(value) => Ok(value),
        Err(_) => Ok(row.try_get::<i64, _>(column)? != 0),
    }
}

/// Maps a unique-constraint violation to a conflict with the given message.
pub(crate) fn conflict_on_unique(error: sqlx::Error, message: impl FnOnce() -> String) -> StoreError {
    match &error {
        sqlx::Error::Database(db_error) if db_error.is_unique_violation() => StoreError::Conflict(message()),
        _ => StoreError::Database(error),
    }
}
