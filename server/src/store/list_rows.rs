//! What every list page loads beside its own columns, for the ids of one page at once: owners,
//! roles, tags and the caller's favorites, each in one statement (not one per row).

use std::collections::{HashMap, HashSet};

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{Store, StoreResult};

/// A user as lists show them.
#[derive(Debug, Clone, PartialEq)]
pub struct ListUser {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
}

/// A tag as lists show it.
#[derive(Debug, Clone, PartialEq)]
pub struct ListTag {
    pub id: i64,
    pub name: String,
    pub tag_type: String,
}

/// The changed-by and created-by users of a list's rows, for [`user_at`], given joins of
/// `ab_user` as `changed_by` and `created_by`.
pub const AUTHOR_COLUMNS: &str =
    "changed_by.id AS changed_by_id, changed_by.first_name AS changed_by_first_name,
    changed_by.last_name AS changed_by_last_name, created_by.id AS created_by_id,
    created_by.first_name AS created_by_first_name, created_by.last_name AS created_by_last_name";

/// The user joined under `prefix` (`changed_by_id`, `changed_by_first_name`, ...), if any.
pub fn user_at(row: &AnyRow, prefix: &str) -> StoreResult<Option<ListUser>> {
    let id: Option<i64> = row.try_get(format!("{prefix}_id").as_str())?;
    Ok(match id {
        Some(id) => Some(ListUser {
            id,
            first_name: row.try_get(format!("{prefix}_first_name").as_str())?,
            last_name: row.try_get(format!("{prefix}_last_name").as_str())?,
        }),
        None => None,
    })
}

/// `$1, $2, ...` for `count` values bound after `already` others.
pub fn placeholders(count: usize, already: usize) -> String {
    (1..=count)
        .map(|number| format!("${}", number + already))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The many-to-many link of an object to its owners: `(link table, object id column)`, such as
/// `("slice_user", "slice_id")`.
#[derive(Debug, Clone, Copy)]
pub struct OwnerLink {
    pub table: &'static str,
    pub object_column: &'static str,
}

pub const CHART_OWNERS: OwnerLink = OwnerLink {
    table: "slice_user",
    object_column: "slice_id",
};
pub const DASHBOARD_OWNERS: OwnerLink = OwnerLink {
    table: "dashboard_user",
    object_column: "dashboard_id",
};
pub const DATASET_OWNERS: OwnerLink = OwnerLink {
    table: "sqlatable_user",
    object_column: "table_id",
};

impl Store {
    /// The owners of each object of `ids`, ordered by user id.
    pub async fn list_owners(
        &self,
        link: OwnerLink,
        ids: &[i64],
    ) -> StoreResult<HashMap<i64, Vec<ListUser>>> {
        let mut owners: HashMap<i64, Vec<ListUser>> = HashMap::new();
        if ids.is_empty() {
            return Ok(owners);
        }
        let sql = format!(
            "SELECT link.{object} AS object_id, ab_user.id, ab_user.first_name, ab_user.last_name
             FROM {table} link JOIN ab_user ON ab_user.id = link.user_id
             WHERE link.{object} IN ({ids}) ORDER BY ab_user.id",
            object = link.object_column,
            table = link.table,
            ids = placeholders(ids.len(), 0),
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&self.pool).await? {
            owners
                .entry(row.try_get("object_id")?)
                .or_default()
                .push(ListUser {
                    id: row.try_get("id")?,
                    first_name: row.try_get("first_name")?,
                    last_name: row.try_get("last_name")?,
                });
        }
        Ok(owners)
    }

    /// The tags of each object of `ids` of one `tagged_object.object_type`, ordered by name.
    pub async fn list_tags(&self, object_type: &str, ids: &[i64]) -> StoreResult<HashMap<i64, Vec<ListTag>>> {
        let mut tags: HashMap<i64, Vec<ListTag>> = HashMap::new();
        if ids.is_empty() {
            return Ok(tags);
        }
        let sql = format!(
            "SELECT tagged_object.object_id, tag.id, tag.name, tag.type
             FROM tagged_object JOIN tag ON tag.id = tagged_object.tag_id
             WHERE tagged_object.object_type = ${} AND tagged_object.object_id IN ({}) ORDER BY tag.name",
            ids.len() + 1,
            placeholders(ids.len(), 0),
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        for row in query.bind(object_type.to_owned()).fetch_all(&self.pool).await? {
            tags.entry(row.try_get("object_id")?).or_default().push(ListTag {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
                tag_type: row.try_get("type")?,
            });
        }
        Ok(tags)
    }

    /// The objects of `ids` of one favorite class the user starred.
    pub async fn list_favorites(
        &self,
        class_name: &str,
        user_id: Option<i64>,
        ids: &[i64],
    ) -> StoreResult<HashSet<i64>> {
        let Some(user_id) = user_id.filter(|_| !ids.is_empty()) else {
            return Ok(HashSet::new());
        };
        let sql = format!(
            "SELECT obj_id FROM favstar WHERE obj_id IN ({}) AND user_id = ${} AND class_name = ${}",
            placeholders(ids.len(), 0),
            ids.len() + 1,
            ids.len() + 2
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        let mut starred = HashSet::new();
        for row in query
            .bind(user_id)
            .bind(class_name.to_owned())
            .fetch_all(&self.pool)
            .await?
        {
            starred.insert(row.try_get::<i64, _>("obj_id")?);
        }
        Ok(starred)
    }

    /// The rows of `select` (a statement ending in `WHERE <id column>`) for `ids`, keyed by their
    /// `id` column.
    pub(crate) async fn rows_by_id(&self, select: &str, ids: &[i64]) -> StoreResult<HashMap<i64, AnyRow>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let sql = format!("{select} IN ({})", placeholders(ids.len(), 0));
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        let mut rows = HashMap::new();
        for row in query.fetch_all(&self.pool).await? {
            let id: i64 = row.try_get("id")?;
            rows.insert(id, row);
        }
        Ok(rows)
    }

    /// `(id, name)` of the objects related to each object of `ids`, from `select`: a statement
    /// giving `object_id`, `id` and `name`, where `{ids}` stands for the ids' placeholders.
    pub(crate) async fn related_names(
        &self,
        select: &str,
        ids: &[i64],
    ) -> StoreResult<HashMap<i64, Vec<(i64, String)>>> {
        let mut related: HashMap<i64, Vec<(i64, String)>> = HashMap::new();
        if ids.is_empty() {
            return Ok(related);
        }
        let sql = select.replace("{ids}", &placeholders(ids.len(), 0));
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&self.pool).await? {
            related
                .entry(row.try_get("object_id")?)
                .or_default()
                .push((row.try_get("id")?, row.try_get("name")?));
        }
        Ok(related)
    }
}
