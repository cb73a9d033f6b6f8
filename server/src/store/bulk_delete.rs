//! Bulk deletes (`DELETE /api/v1/{chart|dashboard|dataset}/?q=!(ids)`): which of the ids exist,
//! who owns them, and deleting every object of the list with what hangs off it (owners, links,
//! tags, stars) in one transaction.

use std::collections::HashMap;

use super::list_rows::{placeholders, OwnerLink, CHART_OWNERS, DASHBOARD_OWNERS, DATASET_OWNERS};
use super::{Store, StoreResult};

/// A resource that bulk deletes: its table, its owners and the statements that delete it
/// (`{ids}` stands for the ids' placeholders).
#[derive(Debug, Clone, Copy)]
pub struct DeletableResource {
    pub table: &'static str,
    pub owners: OwnerLink,
    statements: &'static [&'static str],
}

pub const CHARTS: DeletableResource = DeletableResource {
    table: "slices",
    owners: CHART_OWNERS,
    statements: &[
        "DELETE FROM slice_user WHERE slice_id IN ({ids})",
        "DELETE FROM dashboard_slices WHERE slice_id IN ({ids})",
        "DELETE FROM tagged_object WHERE object_type = 'chart' AND object_id IN ({ids})",
        "DELETE FROM favstar WHERE class_name = 'slice' AND obj_id IN ({ids})",
        "DELETE FROM slices WHERE id IN ({ids})",
    ],
};

pub const DASHBOARDS: DeletableResource = DeletableResource {
    table: "dashboards",
    owners: DASHBOARD_OWNERS,
    statements: &[
        "DELETE FROM dashboard_user WHERE dashboard_id IN ({ids})",
        "DELETE FROM dashboard_roles WHERE dashboard_id IN ({ids})",
        "DELETE FROM dashboard_slices WHERE dashboard_id IN ({ids})",
        "DELETE FROM tagged_object WHERE object_type = 'dashboard' AND object_id IN ({ids})",
        "DELETE FROM favstar WHERE class_name = 'Dashboard' AND obj_id IN ({ids})",
        "DELETE FROM dashboards WHERE id IN ({ids})",
    ],
};

/// A dataset's charts stay (as in Superset), pointing at a dataset that no longer exists.
pub const DATASETS: DeletableResource = DeletableResource {
    table: "tables",
    owners: DATASET_OWNERS,
    statements: &[
        "DELETE FROM sqlatable_user WHERE table_id IN ({ids})",
        "DELETE FROM table_columns WHERE table_id IN ({ids})",
        "DELETE FROM sql_metrics WHERE table_id IN ({ids})",
        "DELETE FROM tagged_object WHERE object_type = 'dataset' AND object_id IN ({ids})",
        "DELETE FROM tables WHERE id IN ({ids})",
    ],
};

impl Store {
    /// The owner ids of each object of `ids` that exists; a missing object has no entry.
    pub async fn owners_of_existing(
        &self,
        resource: &DeletableResource,
        ids: &[i64],
    ) -> StoreResult<HashMap<i64, Vec<i64>>> {
        let select = format!("SELECT id FROM {} WHERE id", resource.table);
        let mut owners: HashMap<i64, Vec<i64>> = self
            .rows_by_id(&select, ids)
            .await?
            .into_keys()
            .map(|id| (id, Vec::new()))
            .collect();
        for (id, users) in self.list_owners(resource.owners, ids).await? {
            if let Some(owner_ids) = owners.get_mut(&id) {
                owner_ids.extend(users.iter().map(|user| user.id));
            }
        }
        Ok(owners)
    }

    /// Deletes every object of `ids`, or none.
    pub async fn delete_resources(&self, resource: &DeletableResource, ids: &[i64]) -> StoreResult<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let id_list = placeholders(ids.len(), 0);
        let mut tx = self.begin_write().await?;
        for statement in resource.statements {
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
