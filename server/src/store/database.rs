//! Analytics database connections.

use sqlx::Row;

use super::{conflict_on_unique, get_bool, new_uuid, now_text, Store, StoreError, StoreResult};

/// A stored database connection.
#[derive(Debug, Clone, PartialEq)]
pub struct DatabaseRecord {
    pub id: i64,
    pub uuid: String,
    pub database_name: String,
    /// The connection URI (its password, when any, is stored apart, encrypted).
    pub sqlalchemy_uri: String,
    /// `duckdb`, `sqlite`, `postgresql` or `mysql`.
    pub backend: String,
    pub expose_in_sqllab: bool,
    pub allow_run_async: bool,
    pub allow_dml: bool,
    pub allow_file_upload: bool,
    pub allow_multi_catalog: bool,
    pub cache_timeout: Option<i64>,
    pub extra: String,
}

/// A new connection.
#[derive(Debug, Clone)]
pub struct NewDatabase<'a> {
    pub database_name: &'a str,
    pub sqlalchemy_uri: &'a str,
    pub backend: &'a str,
    pub expose_in_sqllab: bool,
    pub allow_dml: bool,
    pub allow_file_upload: bool,
    pub created_by: Option<i64>,
}

const DATABASE_COLUMNS: &str = "id, uuid, database_name, sqlalchemy_uri, backend, expose_in_sqllab, \
    allow_run_async, allow_dml, allow_file_upload, allow_multi_catalog, cache_timeout, extra";

fn database_from_row(row: &sqlx::any::AnyRow) -> StoreResult<DatabaseRecord> {
    Ok(DatabaseRecord {
        id: row.try_get("id")?,
        uuid: row.try_get("uuid")?,
        database_name: row.try_get("database_name")?,
        sqlalchemy_uri: row.try_get("sqlalchemy_uri")?,
        backend: row.try_get("backend")?,
        expose_in_sqllab: get_bool(row, "expose_in_sqllab")?,
        allow_run_async: get_bool(row, "allow_run_async")?,
        allow_dml: get_bool(row, "allow_dml")?,
        allow_file_upload: get_bool(row, "allow_file_upload")?,
        allow_multi_catalog: get_bool(row, "allow_multi_catalog")?,
        cache_timeout: row.try_get("cache_timeout")?,
        extra: row.try_get("extra")?,
    })
}

impl Store {
    pub async fn create_database(&self, database: &NewDatabase<'_>) -> StoreResult<i64> {
        let now = now_text();
        sqlx::query_scalar(
            "INSERT INTO dbs (uuid, database_name, sqlalchemy_uri, backend, expose_in_sqllab, allow_dml,
                              allow_file_upload, created_on, changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $9) RETURNING id",
        )
        .bind(new_uuid())
        .bind(database.database_name)
        .bind(database.sqlalchemy_uri)
        .bind(database.backend)
        .bind(database.expose_in_sqllab)
        .bind(database.allow_dml)
        .bind(database.allow_file_upload)
        .bind(&now)
        .bind(database.created_by)
        .fetch_one(&self.pool)
        .await
        .map_err(|error| {
            conflict_on_unique(error, || {
                format!(
                    "A database with the name {} already exists",
                    database.database_name
                )
            })
        })
    }

    pub async fn database(&self, id: i64) -> StoreResult<DatabaseRecord> {
        let row = sqlx::query(&format!("SELECT {DATABASE_COLUMNS} FROM dbs WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        database_from_row(&row)
    }

    /// Every database connection, ordered by name.
    pub async fn databases(&self) -> StoreResult<Vec<DatabaseRecord>> {
        let rows = sqlx::query(&format!(
            "SELECT {DATABASE_COLUMNS} FROM dbs ORDER BY database_name"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(database_from_row).collect()
    }

    pub async fn database_by_name(&self, name: &str) -> StoreResult<Option<DatabaseRecord>> {
        let row = sqlx::query(&format!(
            "SELECT {DATABASE_COLUMNS} FROM dbs WHERE database_name = $1"
        ))
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(database_from_row).transpose()
    }

    pub async fn delete_database(&self, id: i64) -> StoreResult<()> {
        let result = sqlx::query("DELETE FROM dbs WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}
