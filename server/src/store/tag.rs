//! Tags (`tag`) and what they are on (`tagged_object`): the tag list on the generic builder,
//! create, rename, delete, tagging objects and the objects carrying given tags (issue #8).

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::Row;

use super::list::{value_bool, Bound, ColumnKind, Conditions, ListColumn, ListFilter, ListSpec};
use super::list_filters::favorite_condition;
use super::list_rows::{
    placeholders, user_at, ListTag, ListUser, OwnerLink, AUTHOR_COLUMNS, CHART_OWNERS, DASHBOARD_OWNERS,
    DATASET_OWNERS,
};
use super::{conflict_on_unique, now_text, Store, StoreError, StoreResult};

/// Superset's `FavStar.class_name` for tags.
pub const TAG_FAVORITE_CLASS: &str = "tag";
/// The type of the tags users make.
pub const CUSTOM_TAG_TYPE: &str = "custom";

const FROM: &str = "tag LEFT JOIN ab_user changed_by ON changed_by.id = tag.changed_by_fk";

/// Filters and orders of the tag list, as Superset's `TagRestApi` declares them.
pub const TAG_LIST: ListSpec = ListSpec {
    from: FROM,
    id: "tag.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "tag.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "name",
            sql: "tag.name",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "description",
            sql: "tag.description",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "changed_on",
            sql: "tag.changed_on",
            kind: ColumnKind::Time,
        },
        ListColumn {
            name: "created_by",
            sql: "tag.created_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_by",
            sql: "tag.changed_by_fk",
            kind: ColumnKind::RelatedOne,
        },
    ],
    order_columns: &[
        ("id", "tag.id"),
        ("name", "LOWER(tag.name)"),
        ("type", "tag.type"),
        ("description", "tag.description"),
        ("changed_on", "tag.changed_on"),
        ("changed_on_delta_humanized", "tag.changed_on"),
        ("created_on", "tag.created_on"),
        ("created_on_delta_humanized", "tag.created_on"),
        ("changed_by.first_name", "changed_by.first_name"),
    ],
    default_order: ("name", false),
    custom: Some(tag_filter),
};

/// Superset's tag filters: `custom_tag` on `type` (custom tags only, or only the others), and
/// `tag_is_favorite`.
fn tag_filter(
    filter: &ListFilter,
    conditions: &mut Conditions,
    user_id: Option<i64>,
) -> Option<StoreResult<()>> {
    let result = match filter.operator.as_str() {
        "custom_tag" => value_bool(filter).map(|custom| {
            let custom_type = conditions.bind(Bound::Text(CUSTOM_TAG_TYPE.to_owned()));
            let operator = if custom { "=" } else { "<>" };
            conditions.push(format!("tag.type {operator} {custom_type}"));
        }),
        "tag_is_favorite" => favorite_condition(filter, conditions, user_id, TAG_FAVORITE_CLASS, "tag.id"),
        _ => return None,
    };
    Some(result)
}

/// A stored tag with its authors.
#[derive(Debug, Clone, PartialEq)]
pub struct TagRow {
    pub id: i64,
    pub name: String,
    pub tag_type: String,
    pub description: Option<String>,
    pub created_on: String,
    pub changed_on: String,
    pub changed_by: Option<ListUser>,
    pub created_by: Option<ListUser>,
}

/// What kind of object a `tagged_object` row points at: its table and how to read it.
#[derive(Debug, Clone, Copy)]
pub struct TaggableKind {
    /// `tagged_object.object_type`: `chart`, `dashboard`, `dataset`, `query`.
    pub object_type: &'static str,
    /// The view whose `can_write` tagging needs.
    pub view: &'static str,
    table: &'static str,
    name_sql: &'static str,
    /// Extra column for the URL (the dashboard slug), or `NULL`.
    slug_sql: &'static str,
    owners: Option<OwnerLink>,
}

/// Every kind of object a tag can be on.
pub const TAGGABLE_KINDS: &[TaggableKind] = &[
    TaggableKind {
        object_type: "chart",
        view: "Chart",
        table: "slices",
        name_sql: "slices.slice_name",
        slug_sql: "NULL",
        owners: Some(CHART_OWNERS),
    },
    TaggableKind {
        object_type: "dashboard",
        view: "Dashboard",
        table: "dashboards",
        name_sql: "dashboards.dashboard_title",
        slug_sql: "dashboards.slug",
        owners: Some(DASHBOARD_OWNERS),
    },
    TaggableKind {
        object_type: "dataset",
        view: "Dataset",
        table: "tables",
        name_sql: "tables.table_name",
        slug_sql: "NULL",
        owners: Some(DATASET_OWNERS),
    },
    TaggableKind {
        object_type: "query",
        view: "SavedQuery",
        table: "saved_query",
        name_sql: "saved_query.label",
        slug_sql: "NULL",
        owners: None,
    },
];

/// The kind of an object type name, if it is one.
pub fn taggable_kind(object_type: &str) -> Option<&'static TaggableKind> {
    TAGGABLE_KINDS.iter().find(|kind| kind.object_type == object_type)
}

/// Who may edit one object: its owners and its creator.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectEditors {
    pub owner_ids: Vec<i64>,
    pub created_by: Option<i64>,
}

/// One object carrying a tag, as the all-entities page lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct TaggedObjectRow {
    pub id: i64,
    pub object_type: &'static str,
    pub name: String,
    pub slug: Option<String>,
    pub changed_on: String,
    pub created_by: Option<ListUser>,
    pub owners: Vec<ListUser>,
    pub tags: Vec<ListTag>,
}

fn tag_row(row: &AnyRow) -> StoreResult<TagRow> {
    Ok(TagRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        tag_type: row.try_get("type")?,
        description: row.try_get("description")?,
        created_on: row.try_get("created_on")?,
        changed_on: row.try_get("changed_on")?,
        changed_by: user_at(row, "changed_by")?,
        created_by: user_at(row, "created_by")?,
    })
}

const TAG_SELECT: &str = "SELECT tag.id, tag.name, tag.type, tag.description, tag.created_on, tag.changed_on";

impl Store {
    /// The rows of the tags `ids`, in the order of `ids`.
    pub async fn tag_list_rows(&self, ids: &[i64]) -> StoreResult<Vec<TagRow>> {
        let select = format!(
            "{TAG_SELECT}, {AUTHOR_COLUMNS} FROM {FROM}
             LEFT JOIN ab_user created_by ON created_by.id = tag.created_by_fk WHERE tag.id"
        );
        let rows = self.rows_by_id(&select, ids).await?;
        ids.iter().filter_map(|id| rows.get(id)).map(tag_row).collect()
    }

    /// One tag, or [`StoreError::NotFound`].
    pub async fn tag(&self, id: i64) -> StoreResult<TagRow> {
        self.tag_list_rows(&[id]).await?.pop().ok_or(StoreError::NotFound)
    }

    /// The id of the tag named `name`, if there is one.
    pub async fn tag_id_by_name(&self, name: &str) -> StoreResult<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM tag WHERE name = $1")
            .bind(name.to_owned())
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Creates a custom tag; a taken name is a [`StoreError::Conflict`].
    pub async fn create_tag(&self, name: &str, description: Option<&str>, user_id: i64) -> StoreResult<i64> {
        let now = now_text();
        sqlx::query_scalar(
            "INSERT INTO tag (name, type, description, created_on, changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $4, $5, $5) RETURNING id",
        )
        .bind(name.to_owned())
        .bind(CUSTOM_TAG_TYPE)
        .bind(description.map(str::to_owned))
        .bind(now)
        .bind(user_id)
        .fetch_one(&self.pool)
        .await
        .map_err(|error| conflict_on_unique(error, || format!("A tag named {name} already exists")))
    }

    /// The tag named `name`, created when missing.
    pub async fn tag_id_or_create(&self, name: &str, user_id: i64) -> StoreResult<i64> {
        if let Some(id) = self.tag_id_by_name(name).await? {
            return Ok(id);
        }
        match self.create_tag(name, None, user_id).await {
            Ok(id) => Ok(id),
            // Made by someone else in the meantime.
            Err(StoreError::Conflict(_)) => self.tag_id_by_name(name).await?.ok_or(StoreError::NotFound),
            Err(other) => Err(other),
        }
    }

    /// Renames or redescribes a tag (fields left `None` stay; a blank description clears it).
    pub async fn update_tag(
        &self,
        id: i64,
        name: Option<&str>,
        description: Option<&str>,
        user_id: i64,
    ) -> StoreResult<()> {
        let current = self.tag(id).await?;
        let name = name.unwrap_or(&current.name).to_owned();
        // A blank description clears it, as a blank one is not stored on create.
        let description = match description {
            Some(text) if text.trim().is_empty() => None,
            Some(text) => Some(text.to_owned()),
            None => current.description,
        };
        sqlx::query(
            "UPDATE tag SET name = $1, description = $2, changed_on = $3, changed_by_fk = $4 WHERE id = $5",
        )
        .bind(name.clone())
        .bind(description)
        .bind(now_text())
        .bind(user_id)
        .bind(id)
        .execute(&self.pool)
        .await
        .map_err(|error| conflict_on_unique(error, || format!("A tag named {name} already exists")))?;
        Ok(())
    }

    /// Deletes a tag, what it is on and its stars.
    pub async fn delete_tag(&self, id: i64) -> StoreResult<()> {
        self.delete_tags(&[id]).await
    }

    /// Deletes tags, what they are on and their stars, all or none: a missing tag is
    /// [`StoreError::NotFound`] and deletes nothing.
    pub async fn delete_tags(&self, ids: &[i64]) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        for id in ids {
            sqlx::query("DELETE FROM tagged_object WHERE tag_id = $1")
                .bind(*id)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM favstar WHERE class_name = $1 AND obj_id = $2")
                .bind(TAG_FAVORITE_CLASS)
                .bind(*id)
                .execute(&mut *tx)
                .await?;
            let deleted = sqlx::query("DELETE FROM tag WHERE id = $1")
                .bind(*id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            if deleted == 0 {
                return Err(StoreError::NotFound);
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Puts the tag on one object; already there changes nothing.
    pub async fn tag_object(&self, tag_id: i64, object_type: &str, object_id: i64) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO tagged_object (tag_id, object_type, object_id, created_on) VALUES ($1, $2, $3, $4)
             ON CONFLICT (tag_id, object_type, object_id) DO NOTHING",
        )
        .bind(tag_id)
        .bind(object_type.to_owned())
        .bind(object_id)
        .bind(now_text())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The `(object_type, object_id)` pairs the tag is on, as stored (objects since deleted
    /// included), by type then id.
    pub async fn tag_object_keys(&self, tag_id: i64) -> StoreResult<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT object_type, object_id FROM tagged_object WHERE tag_id = $1 ORDER BY object_type, object_id",
        )
        .bind(tag_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("object_type")?, row.try_get("object_id")?)))
            .collect()
    }

    /// Puts the tag on exactly `objects`, in one transaction: the others lose it, the objects it
    /// was already on keep their row (and its `created_on`).
    pub async fn set_tag_objects(&self, tag_id: i64, objects: &[(String, i64)]) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        let current = sqlx::query("SELECT object_type, object_id FROM tagged_object WHERE tag_id = $1")
            .bind(tag_id)
            .fetch_all(&mut *tx)
            .await?;
        for row in &current {
            let key: (String, i64) = (row.try_get("object_type")?, row.try_get("object_id")?);
            if objects.contains(&key) {
                continue;
            }
            sqlx::query(
                "DELETE FROM tagged_object WHERE tag_id = $1 AND object_type = $2 AND object_id = $3",
            )
            .bind(tag_id)
            .bind(key.0)
            .bind(key.1)
            .execute(&mut *tx)
            .await?;
        }
        let now = now_text();
        for (object_type, object_id) in objects {
            sqlx::query(
                "INSERT INTO tagged_object (tag_id, object_type, object_id, created_on) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (tag_id, object_type, object_id) DO NOTHING",
            )
            .bind(tag_id)
            .bind(object_type.clone())
            .bind(*object_id)
            .bind(now.clone())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The owners and creator of one object, or `None` when it does not exist.
    pub async fn object_editors(
        &self,
        kind: &TaggableKind,
        object_id: i64,
    ) -> StoreResult<Option<ObjectEditors>> {
        // Table and column names come from the constant kinds, never from the request.
        let sql = format!(
            "SELECT created_by_fk FROM {table} WHERE id = $1",
            table = kind.table
        );
        let Some(row) = sqlx::query(&sql)
            .bind(object_id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let created_by: Option<i64> = row.try_get("created_by_fk")?;
        let owner_ids = match kind.owners {
            Some(link) => self
                .list_owners(link, &[object_id])
                .await?
                .remove(&object_id)
                .unwrap_or_default()
                .into_iter()
                .map(|user| user.id)
                .collect(),
            None => Vec::new(),
        };
        Ok(Some(ObjectEditors {
            owner_ids,
            created_by,
        }))
    }

    /// The ids of the tags named in `names` (unknown names are left out).
    pub async fn tag_ids_by_names(&self, names: &[String]) -> StoreResult<Vec<i64>> {
        if names.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT id FROM tag WHERE name IN ({})",
            placeholders(names.len(), 0)
        );
        let mut query = sqlx::query_scalar(&sql);
        for name in names {
            query = query.bind(name.clone());
        }
        Ok(query.fetch_all(&self.pool).await?)
    }

    /// The objects carrying any of the tags `tag_ids`, each once, by type then name.
    pub async fn tagged_objects(&self, tag_ids: &[i64]) -> StoreResult<Vec<TaggedObjectRow>> {
        let mut objects = Vec::new();
        if tag_ids.is_empty() {
            return Ok(objects);
        }
        for kind in TAGGABLE_KINDS {
            let sql = format!(
                "SELECT {table}.id, {name} AS name, {slug} AS slug, {table}.changed_on,
                        created_by.id AS created_by_id, created_by.first_name AS created_by_first_name,
                        created_by.last_name AS created_by_last_name
                 FROM {table} LEFT JOIN ab_user created_by ON created_by.id = {table}.created_by_fk
                 WHERE {table}.id IN (SELECT object_id FROM tagged_object WHERE object_type = $1 AND tag_id IN ({tags}))
                 ORDER BY LOWER({name}), {table}.id",
                table = kind.table,
                name = kind.name_sql,
                slug = kind.slug_sql,
                tags = placeholders(tag_ids.len(), 1),
            );
            let mut query = sqlx::query(&sql).bind(kind.object_type);
            for id in tag_ids {
                query = query.bind(*id);
            }
            let rows = query.fetch_all(&self.pool).await?;
            let ids = rows
                .iter()
                .map(|row| row.try_get::<i64, _>("id"))
                .collect::<Result<Vec<_>, _>>()?;
            let mut owners: HashMap<i64, Vec<ListUser>> = match kind.owners {
                Some(link) => self.list_owners(link, &ids).await?,
                None => HashMap::new(),
            };
            let mut tags = self.list_tags(kind.object_type, &ids).await?;
            for row in rows {
                let id: i64 = row.try_get("id")?;
                let created_by = user_at(&row, "created_by")?;
                objects.push(TaggedObjectRow {
                    id,
                    object_type: kind.object_type,
                    name: row.try_get("name")?,
                    slug: row.try_get("slug")?,
                    changed_on: row.try_get("changed_on")?,
                    owners: owners
                        .remove(&id)
                        .unwrap_or_else(|| created_by.clone().into_iter().collect()),
                    created_by,
                    tags: tags.remove(&id).unwrap_or_default(),
                });
            }
        }
        Ok(objects)
    }
}
