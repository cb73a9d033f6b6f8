//! Bulk deletes (`DELETE /api/v1/{chart|dashboard|dataset}/?q=!(ids)`): every object of the list
//! with what hangs off it (owners, links, tags, stars), in one transaction.

use super::list_rows::placeholders;
use super::{Store, StoreResult};

/// The statements that delete charts; `{ids}` stands for the ids' placeholders.
const CHART_STATEMENTS: &[&str] = &[
    "DELETE FROM slice_user WHERE slice_id IN ({ids})",
    "DELETE FROM dashboard_slices WHERE slice_id IN ({ids})",
    "DELETE FROM tagged_object WHERE object_type = 'chart' AND object_id IN ({ids})",
    "DELETE FROM favstar WHERE class_name = 'slice' AND obj_id IN ({ids})",
    "DELETE FROM slices WHERE id IN ({ids})",
];

const DASHBOARD_STATEMENTS: &[&str] = &[
    "DELETE FROM dashboard_user WHERE dashboard_id IN ({ids})",
    "DELETE FROM dashboard_roles WHERE dashboard_id IN ({ids})",
    "DELETE FROM dashboard_slices WHERE dashboard_id IN ({ids})",
    "DELETE FROM tagged_object WHERE object_type = 'dashboard' AND object_id IN ({ids})",
    "DELETE FROM favstar WHERE class_name = 'Dashboard' AND obj_id IN ({ids})",
    "DELETE FROM dashboards WHERE id IN ({ids})",
];

/// A dataset's charts stay (as in Superset), pointing at a dataset that no longer exists.
const DATASET_STATEMENTS: &[&str] = &[
    "DELETE FROM sqlatable_user WHERE table_id IN ({ids})",
    "DELETE FROM table_columns WHERE table_id IN ({ids})",
    "DELETE FROM sql_metrics WHERE table_id IN ({ids})",
    "DELETE FROM tagged_object WHERE object_type = 'dataset' AND object_id IN ({ids})",
    "DELETE FROM tables WHERE id IN ({ids})",
];

impl Store {
    pub async fn delete_charts(&self, ids: &[i64]) -> StoreResult<()> {
        self.delete_all(CHART_STATEMENTS, ids).await
    }

    pub async fn delete_dashboards(&self, ids: &[i64]) -> StoreResult<()> {
        self.delete_all(DASHBOARD_STATEMENTS, ids).await
    }

    pub async fn delete_datasets(&self, ids: &[i64]) -> StoreResult<()> {
        self.delete_all(DATASET_STATEMENTS, ids).await
    }

    async fn delete_all(&self, statements: &[&str], ids: &[i64]) -> StoreResult<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let id_list = placeholders(ids.len(), 0);
        let mut tx = self.pool.begin().await?;
        for statement in statements {
            let sql = statement.replace("{ids}", &id_list);
            let mut query = sqlx::query(&sql);
            for id in ids {
                query = query.bind(*id);
            }
            query.execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
