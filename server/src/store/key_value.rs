//! The key-value store behind permalinks and the explore state cache.

use sqlx::Row;

use super::{new_uuid, now_text, Store, StoreError, StoreResult};

/// A stored value and its key.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyValueEntry {
    pub id: i64,
    pub uuid: String,
    pub value: String,
    pub created_by: Option<i64>,
}

/// Now plus a number of seconds, as stored.
pub fn expiry_after(seconds: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::seconds(seconds))
        .format("%Y-%m-%dT%H:%M:%S%.6f")
        .to_string()
}

impl Store {
    /// Stores a value for a resource (`dashboard_permalink`, `explore_permalink`, `app`, ...).
    pub async fn put_value(
        &self,
        resource: &str,
        value: &str,
        user_id: Option<i64>,
    ) -> StoreResult<KeyValueEntry> {
        self.put_expiring_value(resource, value, user_id, None).await
    }

    /// Stores a value that is gone after `expires_on` (a stored timestamp, see [`expiry_after`]).
    pub async fn put_expiring_value(
        &self,
        resource: &str,
        value: &str,
        user_id: Option<i64>,
        expires_on: Option<&str>,
    ) -> StoreResult<KeyValueEntry> {
        let uuid = new_uuid();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO key_value (uuid, resource, value, created_on, expires_on, created_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(&uuid)
        .bind(resource)
        .bind(value)
        .bind(now_text())
        .bind(expires_on)
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(KeyValueEntry {
            id,
            uuid,
            value: value.to_owned(),
            created_by: user_id,
        })
    }

    /// The value stored for a resource under a uuid, unless it has expired.
    pub async fn value(&self, resource: &str, uuid: &str) -> StoreResult<Option<KeyValueEntry>> {
        let row = sqlx::query(
            "SELECT id, uuid, value, created_by_fk FROM key_value
             WHERE resource = $1 AND uuid = $2 AND (expires_on IS NULL OR expires_on > $3)",
        )
        .bind(resource)
        .bind(uuid)
        .bind(now_text())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| -> StoreResult<KeyValueEntry> {
            Ok(KeyValueEntry {
                id: row.try_get("id")?,
                uuid: row.try_get("uuid")?,
                value: row.try_get("value")?,
                created_by: row.try_get("created_by_fk")?,
            })
        })
        .transpose()
    }

    /// Replaces a stored value and its expiry.
    pub async fn update_value(
        &self,
        resource: &str,
        uuid: &str,
        value: &str,
        expires_on: Option<&str>,
    ) -> StoreResult<()> {
        let result =
            sqlx::query("UPDATE key_value SET value = $1, expires_on = $2 WHERE resource = $3 AND uuid = $4")
                .bind(value)
                .bind(expires_on)
                .bind(resource)
                .bind(uuid)
                .execute(&self.pool)
                .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub async fn delete_value(&self, resource: &str, uuid: &str) -> StoreResult<()> {
        let result = sqlx::query("DELETE FROM key_value WHERE resource = $1 AND uuid = $2")
            .bind(resource)
            .bind(uuid)
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}
