//! The dataset list (`GET /api/v1/dataset/?q=`): what may be filtered and sorted, Superset's
//! own dataset filters, and the rows of one page with their database and owners.

use sqlx::Row;

use super::list::{value_bool, ColumnKind, Conditions, ListColumn, ListFilter, ListSpec};
use super::list_filters::{null_or_empty_condition, tag_condition, TagBy};
use super::list_rows::{user_at, ListUser, AUTHOR_COLUMNS, DATASET_OWNERS};
use super::{get_bool, Store, StoreResult};

/// `tagged_object.object_type` for datasets.
pub const DATASET_TAG_TYPE: &str = "dataset";

const FROM: &str = "tables \
    JOIN dbs ON dbs.id = tables.database_id \
    LEFT JOIN ab_user changed_by ON changed_by.id = tables.changed_by_fk \
    LEFT JOIN ab_user created_by ON created_by.id = tables.created_by_fk";

/// Filters and orders of the dataset list, as Superset's `DatasetRestApi` declares them.
pub const DATASET_LIST: ListSpec = ListSpec {
    from: FROM,
    id: "tables.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "tables.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "uuid",
            sql: "tables.uuid",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "table_name",
            sql: "tables.table_name",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "catalog",
            sql: "tables.catalog",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "schema",
            sql: "tables.schema",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "sql",
            sql: "tables.sql",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "database",
            sql: "tables.database_id",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_on",
            sql: "tables.changed_on",
            kind: ColumnKind::Time,
        },
        ListColumn {
            name: "created_by",
            sql: "tables.created_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_by",
            sql: "tables.changed_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "owners",
            sql: "",
            kind: ColumnKind::RelatedMany {
                related_ids: "SELECT user_id FROM sqlatable_user WHERE table_id = {id}",
            },
        },
    ],
    order_columns: &[
        ("id", "tables.id"),
        ("table_name", "LOWER(tables.table_name)"),
        ("catalog", "tables.catalog"),
        ("schema", "tables.schema"),
        ("changed_on", "tables.changed_on"),
        ("changed_on_delta_humanized", "tables.changed_on"),
        ("changed_by.first_name", "changed_by.first_name"),
        ("database.database_name", "LOWER(dbs.database_name)"),
    ],
    default_order: ("changed_on_delta_humanized", true),
    custom: Some(dataset_filter),
};

/// Superset's dataset filters: `dataset_is_null_or_empty` (on `sql`: physical when true),
/// `dataset_is_certified` (a `certification` in `extra`), `dataset_tags` and `dataset_tag_id`.
fn dataset_filter(
    filter: &ListFilter,
    conditions: &mut Conditions,
    _user_id: Option<i64>,
) -> Option<StoreResult<()>> {
    let result = match filter.operator.as_str() {
        "dataset_is_null_or_empty" => null_or_empty_condition(filter, conditions, "tables.sql"),
        "dataset_is_certified" => value_bool(filter).map(|certified| {
            let not = if certified { "" } else { "NOT " };
            conditions.push(format!(
                "COALESCE(tables.extra, '') {not}LIKE '%\"certification\"%'"
            ));
        }),
        "dataset_tags" => tag_condition(filter, conditions, TagBy::Name, DATASET_TAG_TYPE, "tables.id"),
        "dataset_tag_id" => tag_condition(filter, conditions, TagBy::Id, DATASET_TAG_TYPE, "tables.id"),
        _ => return None,
    };
    Some(result)
}

/// One row of the dataset list.
#[derive(Debug, Clone, PartialEq)]
pub struct DatasetListRow {
    pub id: i64,
    pub uuid: String,
    pub table_name: String,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub sql: Option<String>,
    pub description: Option<String>,
    pub default_endpoint: Option<String>,
    pub extra: Option<String>,
    pub is_managed_externally: bool,
    pub database_id: i64,
    pub database_name: String,
    pub changed_on: String,
    pub changed_by: Option<ListUser>,
    pub owners: Vec<ListUser>,
}

impl Store {
    /// The rows of the datasets `ids`, in the order of `ids`.
    pub async fn dataset_list_rows(&self, ids: &[i64]) -> StoreResult<Vec<DatasetListRow>> {
        let select = format!(
            "SELECT tables.id, tables.uuid, tables.table_name, tables.catalog, tables.schema, tables.sql,
                    tables.description, tables.default_endpoint, tables.extra, tables.is_managed_externally,
                    tables.changed_on, dbs.id AS database_id, dbs.database_name, {AUTHOR_COLUMNS}
             FROM {FROM} WHERE tables.id"
        );
        let mut rows = self.rows_by_id(&select, ids).await?;
        let mut owners = self.list_owners(DATASET_OWNERS, ids).await?;
        let mut datasets = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(row) = rows.remove(id) else { continue };
            datasets.push(DatasetListRow {
                id: *id,
                uuid: row.try_get("uuid")?,
                table_name: row.try_get("table_name")?,
                catalog: row.try_get("catalog")?,
                schema: row.try_get("schema")?,
                sql: row.try_get("sql")?,
                description: row.try_get("description")?,
                default_endpoint: row.try_get("default_endpoint")?,
                extra: row.try_get("extra")?,
                is_managed_externally: get_bool(&row, "is_managed_externally")?,
                database_id: row.try_get("database_id")?,
                database_name: row.try_get("database_name")?,
                changed_on: row.try_get("changed_on")?,
                changed_by: user_at(&row, "changed_by")?,
                owners: owners.remove(id).unwrap_or_default(),
            });
        }
        Ok(datasets)
    }
}
