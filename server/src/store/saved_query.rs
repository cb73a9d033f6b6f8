//! Saved queries (`saved_query` table): created by SQL Lab's Save button, seen and changed only
//! by their creator (Superset's `SavedQueryFilter`), listed through the generic list builder.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::list::{
    ilike, like_literal, value_text, ColumnKind, Conditions, ListColumn, ListFilter, ListSpec,
};
use super::list_filters::{favorite_condition, tag_condition, TagBy};
use super::list_rows::{user_at, ListUser};
use super::{new_uuid, now_text, Store, StoreError, StoreResult};

/// `tagged_object.object_type` for saved queries.
pub const SAVED_QUERY_TAG_TYPE: &str = "query";

/// `favstar.class_name` of saved queries (Superset's `SavedQueryFavoriteFilter`).
pub const SAVED_QUERY_FAVORITE_CLASS: &str = "query";

const FROM: &str = "saved_query \
    LEFT JOIN dbs ON dbs.id = saved_query.db_id \
    LEFT JOIN ab_user created_by ON created_by.id = saved_query.created_by_fk";

/// Filters and orders of the saved query list, as Superset's `SavedQueryRestApi` declares them.
pub const SAVED_QUERY_LIST: ListSpec = ListSpec {
    from: FROM,
    id: "saved_query.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "saved_query.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "label",
            sql: "saved_query.label",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "description",
            sql: "saved_query.description",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "sql",
            sql: "saved_query.sql",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "schema",
            sql: "saved_query.schema",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "catalog",
            sql: "saved_query.catalog",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "database",
            sql: "saved_query.db_id",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "created_by",
            sql: "saved_query.created_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_by",
            sql: "saved_query.changed_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_on",
            sql: "saved_query.changed_on",
            kind: ColumnKind::Time,
        },
    ],
    order_columns: &[
        ("id", "saved_query.id"),
        ("label", "LOWER(saved_query.label)"),
        ("description", "saved_query.description"),
        ("sql", "saved_query.sql"),
        ("schema", "saved_query.schema"),
        ("rows", "saved_query.rows"),
        ("created_by.first_name", "created_by.first_name"),
        ("database.database_name", "LOWER(dbs.database_name)"),
        ("created_on", "saved_query.created_on"),
        ("changed_on", "saved_query.changed_on"),
        ("changed_on_delta_humanized", "saved_query.changed_on"),
        ("last_run_delta_humanized", "saved_query.last_run"),
    ],
    default_order: ("changed_on_delta_humanized", true),
    custom: Some(saved_query_filter),
};

/// Superset's `all_text` filter on saved queries (label, description or SQL contains the text),
/// the favorite filter `saved_query_is_fav` and the tag filters `saved_query_tags` /
/// `saved_query_tag_id`.
fn saved_query_filter(
    filter: &ListFilter,
    conditions: &mut Conditions,
    user_id: Option<i64>,
) -> Option<StoreResult<()>> {
    match filter.operator.as_str() {
        "saved_query_is_fav" => {
            return Some(favorite_condition(
                filter,
                conditions,
                user_id,
                SAVED_QUERY_FAVORITE_CLASS,
                "saved_query.id",
            ));
        }
        "saved_query_tags" => {
            return Some(tag_condition(
                filter,
                conditions,
                TagBy::Name,
                SAVED_QUERY_TAG_TYPE,
                "saved_query.id",
            ));
        }
        "saved_query_tag_id" => {
            return Some(tag_condition(
                filter,
                conditions,
                TagBy::Id,
                SAVED_QUERY_TAG_TYPE,
                "saved_query.id",
            ));
        }
        "all_text" => {}
        _ => return None,
    }
    Some(value_text(filter).map(|text| {
        let pattern = format!("%{}%", like_literal(text.trim()));
        let any = ["saved_query.label", "saved_query.description", "saved_query.sql"]
            .iter()
            .map(|sql| ilike(conditions, sql, pattern.clone(), false))
            .collect::<Vec<_>>()
            .join(" OR ");
        conditions.push(format!("({any})"));
    }))
}

/// The fields a save writes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SavedQueryFields {
    pub db_id: Option<i64>,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub label: String,
    pub description: String,
    pub sql: String,
    pub template_parameters: Option<String>,
    pub extra_json: String,
}

/// A saved query as stored, with its database's name and its authors.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedQueryRecord {
    pub id: i64,
    pub uuid: String,
    pub fields: SavedQueryFields,
    pub database_name: Option<String>,
    /// The database's backend, whose dialect reads the SQL.
    pub backend: Option<String>,
    pub rows: Option<i64>,
    pub last_run: Option<String>,
    pub created_on: String,
    pub changed_on: String,
    pub created_by: Option<ListUser>,
    pub changed_by: Option<ListUser>,
}

const SELECT: &str = "SELECT saved_query.id, saved_query.uuid, saved_query.db_id, saved_query.catalog,
        saved_query.schema, saved_query.label, saved_query.description, saved_query.sql,
        saved_query.template_parameters, saved_query.extra_json, saved_query.rows, saved_query.last_run,
        saved_query.created_on, saved_query.changed_on, dbs.database_name, dbs.backend,
        created_by.id AS created_by_id, created_by.first_name AS created_by_first_name,
        created_by.last_name AS created_by_last_name,
        changed_by.id AS changed_by_id, changed_by.first_name AS changed_by_first_name,
        changed_by.last_name AS changed_by_last_name
    FROM saved_query
    LEFT JOIN dbs ON dbs.id = saved_query.db_id
    LEFT JOIN ab_user created_by ON created_by.id = saved_query.created_by_fk
    LEFT JOIN ab_user changed_by ON changed_by.id = saved_query.changed_by_fk";

fn saved_query_from_row(row: &AnyRow) -> StoreResult<SavedQueryRecord> {
    Ok(SavedQueryRecord {
        id: row.try_get("id")?,
        uuid: row.try_get("uuid")?,
        fields: SavedQueryFields {
            db_id: row.try_get("db_id")?,
            catalog: row.try_get("catalog")?,
            schema: row.try_get("schema")?,
            label: row.try_get("label")?,
            description: row.try_get("description")?,
            sql: row.try_get("sql")?,
            template_parameters: row.try_get("template_parameters")?,
            extra_json: row.try_get("extra_json")?,
        },
        database_name: row.try_get("database_name")?,
        backend: row.try_get("backend")?,
        rows: row.try_get("rows")?,
        last_run: row.try_get("last_run")?,
        created_on: row.try_get("created_on")?,
        changed_on: row.try_get("changed_on")?,
        created_by: user_at(row, "created_by")?,
        changed_by: user_at(row, "changed_by")?,
    })
}

impl Store {
    /// Stores a saved query created by `user_id`.
    pub async fn create_saved_query(&self, fields: &SavedQueryFields, user_id: i64) -> StoreResult<i64> {
        let now = now_text();
        let id = sqlx::query_scalar(
            "INSERT INTO saved_query (uuid, user_id, db_id, catalog, schema, label, description, sql,
                                      template_parameters, extra_json, created_on, changed_on,
                                      created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $2, $2) RETURNING id",
        )
        .bind(new_uuid())
        .bind(user_id)
        .bind(fields.db_id)
        .bind(fields.catalog.as_deref())
        .bind(fields.schema.as_deref())
        .bind(&fields.label)
        .bind(&fields.description)
        .bind(&fields.sql)
        .bind(fields.template_parameters.as_deref())
        .bind(&fields.extra_json)
        .bind(&now)
        .fetch_one(&self.pool)
        .await?;
        Ok(id)
    }

    pub async fn saved_query(&self, id: i64) -> StoreResult<SavedQueryRecord> {
        let row = sqlx::query(&format!("{SELECT} WHERE saved_query.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        saved_query_from_row(&row)
    }

    /// The saved queries `ids`, in the order of `ids`.
    pub async fn saved_queries(&self, ids: &[i64]) -> StoreResult<Vec<SavedQueryRecord>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders = (1..=ids.len())
            .map(|number| format!("${number}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!("{SELECT} WHERE saved_query.id IN ({placeholders})");
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        let mut records = query
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(saved_query_from_row)
            .collect::<StoreResult<Vec<_>>>()?;
        records.sort_by_key(|record| ids.iter().position(|id| *id == record.id));
        Ok(records)
    }

    /// Replaces a saved query's fields.
    pub async fn update_saved_query(
        &self,
        id: i64,
        fields: &SavedQueryFields,
        user_id: i64,
    ) -> StoreResult<()> {
        let result = sqlx::query(
            "UPDATE saved_query SET db_id = $1, catalog = $2, schema = $3, label = $4, description = $5,
                                    sql = $6, template_parameters = $7, extra_json = $8, changed_on = $9,
                                    changed_by_fk = $10
             WHERE id = $11",
        )
        .bind(fields.db_id)
        .bind(fields.catalog.as_deref())
        .bind(fields.schema.as_deref())
        .bind(&fields.label)
        .bind(&fields.description)
        .bind(&fields.sql)
        .bind(fields.template_parameters.as_deref())
        .bind(&fields.extra_json)
        .bind(now_text())
        .bind(user_id)
        .bind(id)
        .execute(&self.pool)
        .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub async fn delete_saved_query(&self, id: i64) -> StoreResult<()> {
        let result = sqlx::query("DELETE FROM saved_query WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}
