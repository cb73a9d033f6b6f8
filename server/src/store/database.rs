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
    /// The password, sealed with the server's key ([`crate::auth::secrets`]).
    pub password_encrypted: Option<String>,
    pub allow_ctas: bool,
    pub allow_cvas: bool,
    pub force_ctas_schema: Option<String>,
    pub is_managed_externally: bool,
    pub external_url: Option<String>,
}

impl DatabaseRecord {
    /// The record's editable fields, to change some and save them.
    pub fn fields(&self) -> DatabaseFields {
        DatabaseFields {
            database_name: self.database_name.clone(),
            sqlalchemy_uri: self.sqlalchemy_uri.clone(),
            backend: self.backend.clone(),
            password_encrypted: self.password_encrypted.clone(),
            expose_in_sqllab: self.expose_in_sqllab,
            allow_run_async: self.allow_run_async,
            allow_dml: self.allow_dml,
            allow_ctas: self.allow_ctas,
            allow_cvas: self.allow_cvas,
            allow_file_upload: self.allow_file_upload,
            allow_multi_catalog: self.allow_multi_catalog,
            force_ctas_schema: self.force_ctas_schema.clone(),
            cache_timeout: self.cache_timeout,
            extra: self.extra.clone(),
            is_managed_externally: self.is_managed_externally,
            external_url: self.external_url.clone(),
        }
    }
}

/// Every stored field of a connection, as created or updated through the API. The URI holds
/// the mask in place of its password.
#[derive(Debug, Clone, PartialEq)]
pub struct DatabaseFields {
    pub database_name: String,
    pub sqlalchemy_uri: String,
    pub backend: String,
    pub password_encrypted: Option<String>,
    pub expose_in_sqllab: bool,
    pub allow_run_async: bool,
    pub allow_dml: bool,
    pub allow_ctas: bool,
    pub allow_cvas: bool,
    pub allow_file_upload: bool,
    pub allow_multi_catalog: bool,
    pub force_ctas_schema: Option<String>,
    pub cache_timeout: Option<i64>,
    pub extra: String,
    pub is_managed_externally: bool,
    pub external_url: Option<String>,
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
    allow_run_async, allow_dml, allow_file_upload, allow_multi_catalog, cache_timeout, extra, password_encrypted, \
    allow_ctas, allow_cvas, force_ctas_schema, is_managed_externally, external_url";

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
        password_encrypted: row.try_get("password_encrypted")?,
        allow_ctas: get_bool(row, "allow_ctas")?,
        allow_cvas: get_bool(row, "allow_cvas")?,
        force_ctas_schema: row.try_get("force_ctas_schema")?,
        is_managed_externally: get_bool(row, "is_managed_externally")?,
        external_url: row.try_get("external_url")?,
    })
}

fn duplicate_name(name: &str) -> String {
    format!("A database with the name {name} already exists")
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
        .map_err(|error| conflict_on_unique(error, || duplicate_name(database.database_name)))
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

    /// Creates a connection from the API's fields.
    pub async fn create_database_with(&self, fields: &DatabaseFields, created_by: i64) -> StoreResult<i64> {
        let now = now_text();
        sqlx::query_scalar(
            "INSERT INTO dbs (uuid, database_name, sqlalchemy_uri, backend, password_encrypted, expose_in_sqllab,
                              allow_run_async, allow_dml, allow_ctas, allow_cvas, allow_file_upload,
                              allow_multi_catalog, force_ctas_schema, cache_timeout, extra, is_managed_externally,
                              external_url, created_on, changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18, $19, $19)
             RETURNING id",
        )
        .bind(new_uuid())
        .bind(&fields.database_name)
        .bind(&fields.sqlalchemy_uri)
        .bind(&fields.backend)
        .bind(&fields.password_encrypted)
        .bind(fields.expose_in_sqllab)
        .bind(fields.allow_run_async)
        .bind(fields.allow_dml)
        .bind(fields.allow_ctas)
        .bind(fields.allow_cvas)
        .bind(fields.allow_file_upload)
        .bind(fields.allow_multi_catalog)
        .bind(&fields.force_ctas_schema)
        .bind(fields.cache_timeout)
        .bind(&fields.extra)
        .bind(fields.is_managed_externally)
        .bind(&fields.external_url)
        .bind(&now)
        .bind(created_by)
        .fetch_one(&self.pool)
        .await
        .map_err(|error| conflict_on_unique(error, || duplicate_name(&fields.database_name)))
    }

    /// Saves every field of a connection.
    pub async fn update_database(
        &self,
        id: i64,
        fields: &DatabaseFields,
        changed_by: i64,
    ) -> StoreResult<()> {
        let result = sqlx::query(
            "UPDATE dbs SET database_name = $1, sqlalchemy_uri = $2, backend = $3, password_encrypted = $4,
                    expose_in_sqllab = $5, allow_run_async = $6, allow_dml = $7, allow_ctas = $8, allow_cvas = $9,
                    allow_file_upload = $10, allow_multi_catalog = $11, force_ctas_schema = $12,
                    cache_timeout = $13, extra = $14, is_managed_externally = $15, external_url = $16,
                    changed_on = $17, changed_by_fk = $18
             WHERE id = $19",
        )
        .bind(&fields.database_name)
        .bind(&fields.sqlalchemy_uri)
        .bind(&fields.backend)
        .bind(&fields.password_encrypted)
        .bind(fields.expose_in_sqllab)
        .bind(fields.allow_run_async)
        .bind(fields.allow_dml)
        .bind(fields.allow_ctas)
        .bind(fields.allow_cvas)
        .bind(fields.allow_file_upload)
        .bind(fields.allow_multi_catalog)
        .bind(&fields.force_ctas_schema)
        .bind(fields.cache_timeout)
        .bind(&fields.extra)
        .bind(fields.is_managed_externally)
        .bind(&fields.external_url)
        .bind(now_text())
        .bind(changed_by)
        .bind(id)
        .execute(&self.pool)
        .await
        .map_err(|error| conflict_on_unique(error, || duplicate_name(&fields.database_name)))?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// How many datasets read from a database.
    pub async fn count_database_datasets(&self, id: i64) -> StoreResult<i64> {
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM tables WHERE database_id = $1")
                .bind(id)
                .fetch_one(&self.pool)
                .await?,
        )
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
