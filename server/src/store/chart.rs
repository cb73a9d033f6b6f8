//! Charts (slices) and their owners.

use sqlx::Row;

use super::{new_uuid, now_text, Store, StoreError, StoreResult};

/// A stored chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartRecord {
    pub id: i64,
    pub uuid: String,
    pub slice_name: String,
    pub viz_type: String,
    pub datasource_id: Option<i64>,
    pub datasource_type: Option<String>,
    /// The form data, a JSON string.
    pub params: Option<String>,
    pub query_context: Option<String>,
    pub description: Option<String>,
    pub cache_timeout: Option<i64>,
    pub owners: Vec<i64>,
    pub changed_on: String,
}

/// Fields of a new chart, or of an update (None keeps the stored value).
#[derive(Debug, Clone, Default)]
pub struct ChartFields {
    pub slice_name: Option<String>,
    pub viz_type: Option<String>,
    pub datasource_id: Option<i64>,
    pub datasource_type: Option<String>,
    pub params: Option<String>,
    pub query_context: Option<String>,
    pub description: Option<String>,
    pub cache_timeout: Option<i64>,
    pub owners: Option<Vec<i64>>,
}

impl Store {
    pub async fn create_chart(&self, fields: &ChartFields, user_id: Option<i64>) -> StoreResult<i64> {
        let now = now_text();
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params, query_context,
                                 description, cache_timeout, created_on, changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $11) RETURNING id",
        )
        .bind(new_uuid())
        .bind(fields.slice_name.as_deref().unwrap_or(""))
        .bind(fields.viz_type.as_deref().unwrap_or("table"))
        .bind(fields.datasource_id)
        .bind(&fields.datasource_type)
        .bind(&fields.params)
        .bind(&fields.query_context)
        .bind(&fields.description)
        .bind(fields.cache_timeout)
        .bind(&now)
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
        let owners = fields
            .owners
            .clone()
            .unwrap_or_else(|| user_id.into_iter().collect());
        for owner in owners {
            sqlx::query("INSERT INTO slice_user (slice_id, user_id) VALUES ($1, $2)")
                .bind(id)
                .bind(owner)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    pub async fn chart(&self, id: i64) -> StoreResult<ChartRecord> {
        let row = sqlx::query(
            "SELECT id, uuid, slice_name, viz_type, datasource_id, datasource_type, params, query_context,
                    description, cache_timeout, changed_on
             FROM slices WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        let owners: Vec<i64> =
            sqlx::query_scalar("SELECT user_id FROM slice_user WHERE slice_id = $1 ORDER BY user_id")
                .bind(id)
                .fetch_all(&self.pool)
                .await?;
        Ok(ChartRecord {
            id: row.try_get("id")?,
            uuid: row.try_get("uuid")?,
            slice_name: row.try_get("slice_name")?,
            viz_type: row.try_get("viz_type")?,
            datasource_id: row.try_get("datasource_id")?,
            datasource_type: row.try_get("datasource_type")?,
            params: row.try_get("params")?,
            query_context: row.try_get("query_context")?,
            description: row.try_get("description")?,
            cache_timeout: row.try_get("cache_timeout")?,
            owners,
            changed_on: row.try_get("changed_on")?,
        })
    }

    /// Updates the given fields; the others keep their values.
    pub async fn update_chart(&self, id: i64, fields: &ChartFields, user_id: Option<i64>) -> StoreResult<()> {
        let current = self.chart(id).await?;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE slices SET slice_name = $1, viz_type = $2, datasource_id = $3, datasource_type = $4, params = $5,
                    query_context = $6, description = $7, cache_timeout = $8, changed_on = $9, changed_by_fk = $10
             WHERE id = $11",
        )
        .bind(fields.slice_name.as_ref().unwrap_or(&current.slice_name))
        .bind(fields.viz_type.as_ref().unwrap_or(&current.viz_type))
        .bind(fields.datasource_id.or(current.datasource_id))
        .bind(fields.datasource_type.as_ref().or(current.datasource_type.as_ref()))
        .bind(fields.params.as_ref().or(current.params.as_ref()))
        .bind(fields.query_context.as_ref().or(current.query_context.as_ref()))
        .bind(fields.description.as_ref().or(current.description.as_ref()))
        .bind(fields.cache_timeout.or(current.cache_timeout))
        .bind(now_text())
        .bind(user_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if let Some(owners) = &fields.owners {
            sqlx::query("DELETE FROM slice_user WHERE slice_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            for owner in owners {
                sqlx::query("INSERT INTO slice_user (slice_id, user_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(owner)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    pub async fn delete_chart(&self, id: i64) -> StoreResult<()> {
        let result = sqlx::query("DELETE FROM slices WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}
