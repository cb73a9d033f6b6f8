//! Charts (slices), their owners and the dashboards they sit on.

use sqlx::Row;

use super::stored_document::{read_form_data, read_json_metadata};
use super::{get_bool, new_uuid, now_text, Store, StoreError, StoreResult};

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
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
    pub owners: Vec<i64>,
    pub dashboards: Vec<ChartDashboardRecord>,
    pub changed_on: String,
}

/// A dashboard a chart sits on.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartDashboardRecord {
    pub id: i64,
    pub dashboard_title: String,
    pub json_metadata: Option<String>,
}

/// Fields of a new chart, or of an update. `None` keeps the stored value; for nullable columns
/// `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct ChartFields {
    pub slice_name: Option<String>,
    pub viz_type: Option<String>,
    pub datasource_id: Option<i64>,
    pub datasource_type: Option<String>,
    pub params: Option<String>,
    pub query_context: Option<Option<String>>,
    pub description: Option<Option<String>>,
    pub cache_timeout: Option<Option<i64>>,
    pub certified_by: Option<Option<String>>,
    pub certification_details: Option<Option<String>>,
    /// The full owner list (the caller adds the acting user where the rules say so).
    pub owners: Option<Vec<i64>>,
    /// The full list of dashboards the chart sits on.
    pub dashboards: Option<Vec<i64>>,
}

/// Chooses the new value of a nullable column: the sent one (possibly null) or the stored one.
fn nullable<T: Clone>(sent: &Option<Option<T>>, stored: &Option<T>) -> Option<T> {
    match sent {
        Some(value) => value.clone(),
        None => stored.clone(),
    }
}

impl Store {
    pub async fn create_chart(&self, fields: &ChartFields, user_id: Option<i64>) -> StoreResult<i64> {
        let now = now_text();
        let mut tx = self.begin_write().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params, query_context,
                                 description, cache_timeout, certified_by, certification_details,
                                 created_on, changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $13) RETURNING id",
        )
        .bind(new_uuid())
        .bind(fields.slice_name.as_deref().unwrap_or(""))
        .bind(fields.viz_type.as_deref().unwrap_or("table"))
        .bind(fields.datasource_id)
        .bind(&fields.datasource_type)
        .bind(&fields.params)
        .bind(fields.query_context.clone().flatten())
        .bind(fields.description.clone().flatten())
        .bind(fields.cache_timeout.flatten())
        .bind(fields.certified_by.clone().flatten())
        .bind(fields.certification_details.clone().flatten())
        .bind(&now)
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
        let owners = fields
            .owners
            .clone()
            .unwrap_or_else(|| user_id.into_iter().collect());
        for owner in dedup(&owners) {
            sqlx::query("INSERT INTO slice_user (slice_id, user_id) VALUES ($1, $2)")
                .bind(id)
                .bind(owner)
                .execute(&mut *tx)
                .await?;
        }
        for dashboard_id in dedup(fields.dashboards.as_deref().unwrap_or_default()) {
            sqlx::query("INSERT INTO dashboard_slices (dashboard_id, slice_id) VALUES ($1, $2)")
                .bind(dashboard_id)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    pub async fn chart(&self, id: i64) -> StoreResult<ChartRecord> {
        let row = sqlx::query(
            "SELECT id, uuid, slice_name, viz_type, datasource_id, datasource_type, params, query_context,
                    description, cache_timeout, certified_by, certification_details, is_managed_externally,
                    changed_on
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
        let dashboard_rows = sqlx::query(
            "SELECT d.id, d.dashboard_title, d.json_metadata
             FROM dashboards d JOIN dashboard_slices ds ON ds.dashboard_id = d.id
             WHERE ds.slice_id = $1 ORDER BY d.id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut dashboards = Vec::with_capacity(dashboard_rows.len());
        for dashboard in &dashboard_rows {
            dashboards.push(ChartDashboardRecord {
                id: dashboard.try_get("id")?,
                dashboard_title: dashboard.try_get("dashboard_title")?,
                json_metadata: read_json_metadata(dashboard.try_get("json_metadata")?),
            });
        }
        Ok(ChartRecord {
            id: row.try_get("id")?,
            uuid: row.try_get("uuid")?,
            slice_name: row.try_get("slice_name")?,
            viz_type: row.try_get("viz_type")?,
            datasource_id: row.try_get("datasource_id")?,
            datasource_type: row.try_get("datasource_type")?,
            params: read_form_data(row.try_get("params")?),
            query_context: row.try_get("query_context")?,
            description: row.try_get("description")?,
            cache_timeout: row.try_get("cache_timeout")?,
            certified_by: row.try_get("certified_by")?,
            certification_details: row.try_get("certification_details")?,
            is_managed_externally: get_bool(&row, "is_managed_externally")?,
            owners,
            dashboards,
            changed_on: row.try_get("changed_on")?,
        })
    }

    /// Updates the given fields; the others keep their values.
    pub async fn update_chart(&self, id: i64, fields: &ChartFields, user_id: Option<i64>) -> StoreResult<()> {
        let current = self.chart(id).await?;
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "UPDATE slices SET slice_name = $1, viz_type = $2, datasource_id = $3, datasource_type = $4, params = $5,
                    query_context = $6, description = $7, cache_timeout = $8, certified_by = $9,
                    certification_details = $10, changed_on = $11, changed_by_fk = $12
             WHERE id = $13",
        )
        .bind(fields.slice_name.as_ref().unwrap_or(&current.slice_name))
        .bind(fields.viz_type.as_ref().unwrap_or(&current.viz_type))
        .bind(fields.datasource_id.or(current.datasource_id))
        .bind(fields.datasource_type.as_ref().or(current.datasource_type.as_ref()))
        .bind(fields.params.as_ref().or(current.params.as_ref()))
        .bind(nullable(&fields.query_context, &current.query_context))
        .bind(nullable(&fields.description, &current.description))
        .bind(nullable(&fields.cache_timeout, &current.cache_timeout))
        .bind(nullable(&fields.certified_by, &current.certified_by))
        .bind(nullable(&fields.certification_details, &current.certification_details))
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
            for owner in dedup(owners) {
                sqlx::query("INSERT INTO slice_user (slice_id, user_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(owner)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        if let Some(dashboards) = &fields.dashboards {
            sqlx::query("DELETE FROM dashboard_slices WHERE slice_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            for dashboard_id in dedup(dashboards) {
                sqlx::query("INSERT INTO dashboard_slices (dashboard_id, slice_id) VALUES ($1, $2)")
                    .bind(dashboard_id)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Deletes a chart with its owner and dashboard links.
    pub async fn delete_chart(&self, id: i64) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        for statement in [
            "DELETE FROM slice_user WHERE slice_id = $1",
            "DELETE FROM dashboard_slices WHERE slice_id = $1",
        ] {
            sqlx::query(statement).bind(id).execute(&mut *tx).await?;
        }
        let result = sqlx::query("DELETE FROM slices WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        tx.commit().await?;
        Ok(())
    }

    /// The ids among `ids` that name existing users.
    pub async fn existing_user_ids(&self, ids: &[i64]) -> StoreResult<Vec<i64>> {
        let mut found = Vec::with_capacity(ids.len());
        for id in dedup(ids) {
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM ab_user WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            found.extend(exists);
        }
        Ok(found)
    }

    /// The owners of each of the given dashboards that exist; a missing dashboard is left out.
    pub async fn dashboard_owners(&self, ids: &[i64]) -> StoreResult<Vec<(i64, Vec<i64>)>> {
        let mut dashboards = Vec::with_capacity(ids.len());
        for id in dedup(ids) {
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM dashboards WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
            if exists.is_none() {
                continue;
            }
            let owners: Vec<i64> = sqlx::query_scalar(
                "SELECT user_id FROM dashboard_user WHERE dashboard_id = $1 ORDER BY user_id",
            )
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
            dashboards.push((id, owners));
        }
        Ok(dashboards)
    }
}

/// The ids in first-seen order, each once.
fn dedup(ids: &[i64]) -> Vec<i64> {
    let mut seen = Vec::with_capacity(ids.len());
    for id in ids {
        if !seen.contains(id) {
            seen.push(*id);
        }
    }
    seen
}
