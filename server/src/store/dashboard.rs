//! Dashboards, their owners, roles and charts, and favorites (stars) of any resource.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::stored_document::{read_json_metadata, read_position_json};
use super::{conflict_on_unique, get_bool, new_uuid, now_text, Store, StoreError, StoreResult};

/// A stored dashboard.
#[derive(Debug, Clone, PartialEq)]
pub struct DashboardRecord {
    pub id: i64,
    pub uuid: String,
    pub dashboard_title: String,
    pub slug: Option<String>,
    pub css: Option<String>,
    pub position_json: Option<String>,
    pub json_metadata: Option<String>,
    pub published: bool,
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
    pub external_url: Option<String>,
    pub created_on: String,
    pub changed_on: String,
    pub created_by: Option<i64>,
    pub changed_by: Option<i64>,
    pub owners: Vec<i64>,
    pub roles: Vec<i64>,
    /// The charts of the dashboard (the `dashboard_slices` relation), by id.
    pub chart_ids: Vec<i64>,
}

/// Every stored field of a dashboard, as written by create and update (the caller merges an
/// update with the current record).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DashboardFields {
    pub dashboard_title: String,
    pub slug: Option<String>,
    pub css: Option<String>,
    pub position_json: Option<String>,
    pub json_metadata: Option<String>,
    pub published: bool,
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
    pub external_url: Option<String>,
    pub owners: Vec<i64>,
    pub roles: Vec<i64>,
    /// Chart ids; ids of charts that do not exist are skipped.
    pub chart_ids: Vec<i64>,
}

impl From<&DashboardRecord> for DashboardFields {
    fn from(record: &DashboardRecord) -> Self {
        DashboardFields {
            dashboard_title: record.dashboard_title.clone(),
            slug: record.slug.clone(),
            css: record.css.clone(),
            position_json: record.position_json.clone(),
            json_metadata: record.json_metadata.clone(),
            published: record.published,
            certified_by: record.certified_by.clone(),
            certification_details: record.certification_details.clone(),
            is_managed_externally: record.is_managed_externally,
            external_url: record.external_url.clone(),
            owners: record.owners.clone(),
            roles: record.roles.clone(),
            chart_ids: record.chart_ids.clone(),
        }
    }
}

/// The class name favorites of dashboards are stored under (Superset's).
pub const DASHBOARD_FAVORITE_CLASS: &str = "Dashboard";

const DASHBOARD_COLUMNS: &str =
    "id, uuid, dashboard_title, slug, css, position_json, json_metadata, published,
    certified_by, certification_details, is_managed_externally, external_url, created_on, changed_on,
    created_by_fk, changed_by_fk";

fn slug_taken(slug: &Option<String>) -> impl FnOnce() -> String + '_ {
    move || {
        format!(
            "The slug \"{}\" is already used",
            slug.as_deref().unwrap_or_default()
        )
    }
}

async fn write_relations(
    tx: &mut Transaction<'_, Any>,
    dashboard_id: i64,
    fields: &DashboardFields,
) -> StoreResult<()> {
    for table in ["dashboard_user", "dashboard_roles", "dashboard_slices"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE dashboard_id = $1"))
            .bind(dashboard_id)
            .execute(&mut **tx)
            .await?;
    }
    let mut owners = fields.owners.clone();
    owners.sort_unstable();
    owners.dedup();
    for owner in owners {
        sqlx::query("INSERT INTO dashboard_user (dashboard_id, user_id) VALUES ($1, $2)")
            .bind(dashboard_id)
            .bind(owner)
            .execute(&mut **tx)
            .await?;
    }
    let mut roles = fields.roles.clone();
    roles.sort_unstable();
    roles.dedup();
    for role in roles {
        sqlx::query("INSERT INTO dashboard_roles (dashboard_id, role_id) VALUES ($1, $2)")
            .bind(dashboard_id)
            .bind(role)
            .execute(&mut **tx)
            .await?;
    }
    let mut chart_ids = fields.chart_ids.clone();
    chart_ids.sort_unstable();
    chart_ids.dedup();
    for chart_id in chart_ids {
        let exists: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM slices WHERE id = $1")
            .bind(chart_id)
            .fetch_one(&mut **tx)
            .await?;
        if exists == 0 {
            continue;
        }
        sqlx::query("INSERT INTO dashboard_slices (dashboard_id, slice_id) VALUES ($1, $2)")
            .bind(dashboard_id)
            .bind(chart_id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

impl Store {
    /// Creates a dashboard with its owners, roles and charts.
    pub async fn create_dashboard(&self, fields: &DashboardFields, user_id: Option<i64>) -> StoreResult<i64> {
        let now = now_text();
        let mut tx = self.begin_write().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO dashboards (uuid, dashboard_title, slug, css, position_json, json_metadata, published,
                                     certified_by, certification_details, is_managed_externally, external_url,
                                     created_on, changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $13) RETURNING id",
        )
        .bind(new_uuid())
        .bind(&fields.dashboard_title)
        .bind(&fields.slug)
        .bind(&fields.css)
        .bind(&fields.position_json)
        .bind(&fields.json_metadata)
        .bind(fields.published)
        .bind(&fields.certified_by)
        .bind(&fields.certification_details)
        .bind(fields.is_managed_externally)
        .bind(&fields.external_url)
        .bind(&now)
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await
        .map_err(|error| conflict_on_unique(error, slug_taken(&fields.slug)))?;
        write_relations(&mut tx, id, fields).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Writes every field of a dashboard and replaces its owners, roles and charts.
    pub async fn update_dashboard(
        &self,
        id: i64,
        fields: &DashboardFields,
        user_id: Option<i64>,
    ) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        let result = sqlx::query(
            "UPDATE dashboards SET dashboard_title = $1, slug = $2, css = $3, position_json = $4, json_metadata = $5,
                    published = $6, certified_by = $7, certification_details = $8, is_managed_externally = $9,
                    external_url = $10, changed_on = $11, changed_by_fk = $12
             WHERE id = $13",
        )
        .bind(&fields.dashboard_title)
        .bind(&fields.slug)
        .bind(&fields.css)
        .bind(&fields.position_json)
        .bind(&fields.json_metadata)
        .bind(fields.published)
        .bind(&fields.certified_by)
        .bind(&fields.certification_details)
        .bind(fields.is_managed_externally)
        .bind(&fields.external_url)
        .bind(now_text())
        .bind(user_id)
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(|error| conflict_on_unique(error, slug_taken(&fields.slug)))?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        write_relations(&mut tx, id, fields).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Writes `json_metadata` alone. `changed_by` marks the dashboard changed (its `changed_on`
    /// and changer); `None` leaves both as they are (`mark_updated=false`).
    pub async fn update_dashboard_metadata(
        &self,
        id: i64,
        json_metadata: &str,
        changed_by: Option<i64>,
    ) -> StoreResult<()> {
        let result = match changed_by {
            Some(user_id) => sqlx::query(
                "UPDATE dashboards SET json_metadata = $1, changed_on = $2, changed_by_fk = $3 WHERE id = $4",
            )
            .bind(json_metadata)
            .bind(now_text())
            .bind(user_id)
            .bind(id)
            .execute(&self.pool)
            .await?,
            None => {
                sqlx::query("UPDATE dashboards SET json_metadata = $1 WHERE id = $2")
                    .bind(json_metadata)
                    .bind(id)
                    .execute(&self.pool)
                    .await?
            }
        };
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub async fn dashboard(&self, id: i64) -> StoreResult<DashboardRecord> {
        let row = sqlx::query(&format!(
            "SELECT {DASHBOARD_COLUMNS} FROM dashboards WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        self.dashboard_from_row(&row).await
    }

    /// The dashboard with this slug, or with this id when the text is a number (Superset's
    /// `id_or_slug`).
    pub async fn dashboard_by_id_or_slug(&self, id_or_slug: &str) -> StoreResult<DashboardRecord> {
        if let Ok(id) = id_or_slug.parse::<i64>() {
            return self.dashboard(id).await;
        }
        let row = sqlx::query(&format!(
            "SELECT {DASHBOARD_COLUMNS} FROM dashboards WHERE slug = $1"
        ))
        .bind(id_or_slug)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        self.dashboard_from_row(&row).await
    }

    /// The id of the dashboard using `slug`, if any.
    pub async fn dashboard_id_by_slug(&self, slug: &str) -> StoreResult<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM dashboards WHERE slug = $1")
            .bind(slug)
            .fetch_optional(&self.pool)
            .await?)
    }

    async fn dashboard_from_row(&self, row: &AnyRow) -> StoreResult<DashboardRecord> {
        let id: i64 = row.try_get("id")?;
        Ok(DashboardRecord {
            id,
            uuid: row.try_get("uuid")?,
            dashboard_title: row.try_get("dashboard_title")?,
            slug: row.try_get("slug")?,
            css: row.try_get("css")?,
            position_json: read_position_json(row.try_get("position_json")?),
            json_metadata: read_json_metadata(row.try_get("json_metadata")?),
            published: get_bool(row, "published")?,
            certified_by: row.try_get("certified_by")?,
            certification_details: row.try_get("certification_details")?,
            is_managed_externally: get_bool(row, "is_managed_externally")?,
            external_url: row.try_get("external_url")?,
            created_on: row.try_get("created_on")?,
            changed_on: row.try_get("changed_on")?,
            created_by: row.try_get("created_by_fk")?,
            changed_by: row.try_get("changed_by_fk")?,
            owners: self.relation_ids("dashboard_user", "user_id", id).await?,
            roles: self.relation_ids("dashboard_roles", "role_id", id).await?,
            chart_ids: self.relation_ids("dashboard_slices", "slice_id", id).await?,
        })
    }

    /// The ids a relation table holds for a dashboard (`table` and `column` are constants).
    async fn relation_ids(&self, table: &str, column: &str, dashboard_id: i64) -> StoreResult<Vec<i64>> {
        let sql = format!("SELECT {column} FROM {table} WHERE dashboard_id = $1 ORDER BY {column}");
        Ok(sqlx::query_scalar(&sql)
            .bind(dashboard_id)
            .fetch_all(&self.pool)
            .await?)
    }

    pub async fn delete_dashboard(&self, id: i64) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query("DELETE FROM favstar WHERE class_name = $1 AND obj_id = $2")
            .bind(DASHBOARD_FAVORITE_CLASS)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let result = sqlx::query("DELETE FROM dashboards WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        tx.commit().await?;
        Ok(())
    }

    /// The names of roles, by id.
    pub async fn role_name(&self, role_id: i64) -> StoreResult<Option<String>> {
        Ok(sqlx::query_scalar("SELECT name FROM ab_role WHERE id = $1")
            .bind(role_id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Whether a stored value exists for a resource (markers such as the example dashboard's).
    pub async fn has_value_for_resource(&self, resource: &str) -> StoreResult<bool> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM key_value WHERE resource = $1")
            .bind(resource)
            .fetch_one(&self.pool)
            .await?;
        Ok(count > 0)
    }
}
