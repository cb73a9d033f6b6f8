//! The key-value store behind permalinks and the explore state cache.

use sqlx::Row;

use super::{new_uuid, now_text, Store, StoreResult};

/// A stored value and its key.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyValueEntry {
    pub id: i64,
    pub uuid: String,
    pub value: String,
}

impl Store {
    /// Stores a value for a resource (`dashboard_permalink`, `explore_permalink`, `app`, ...).
    pub async fn put_value(
        &self,
        resource: &str,
        value: &str,
        user_id: Option<i64>,
    ) -> StoreResult<KeyValueEntry> {
        let uuid = new_uuid();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO key_value (uuid, resource, value, created_on, created_by_fk)
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(&uuid)
        .bind(resource)
        .bind(value)
        .bind(now_text())
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(KeyValueEntry {
            id,
            uuid,
            value: value.to_owned(),
        })
    }

    /// The value stored for a resource under a uuid.
    pub async fn value(&self, resource: &str, uuid: &str) -> StoreResult<Option<KeyValueEntry>> {
        let row = sqlx::query("SELECT id, uuid, value FROM key_value WHERE resource = $1 AND uuid = $2")
            .bind(resource)
            .bind(uuid)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| -> StoreResult<KeyValueEntry> {
            Ok(KeyValueEntry {
                id: row.try_get("id")?,
                uuid: row.try_get("uuid")?,
                value: row.try_get("value")?,
            })
        })
        .transpose()
    }
}
