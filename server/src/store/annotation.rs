//! Annotation layers and their annotations (`annotation_layer`, `annotation`): the records native
//! annotation layers draw on time-series charts, listed through the generic list builder.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::list::{ColumnKind, ListColumn, ListSpec};
use super::list_rows::{placeholders, user_at, ListUser};
use super::{conflict_on_unique, now_text, Store, StoreError, StoreResult};

/// Filters and orders of the layer list, as Superset's `AnnotationLayerRestApi` declares them.
pub const ANNOTATION_LAYER_LIST: ListSpec = ListSpec {
    from: "annotation_layer LEFT JOIN ab_user created_by ON created_by.id = annotation_layer.created_by_fk
        LEFT JOIN ab_user changed_by ON changed_by.id = annotation_layer.changed_by_fk",
    id: "annotation_layer.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "annotation_layer.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "name",
            sql: "annotation_layer.name",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "descr",
            sql: "annotation_layer.descr",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "created_by",
            sql: "annotation_layer.created_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_by",
            sql: "annotation_layer.changed_by_fk",
            kind: ColumnKind::RelatedOne,
        },
    ],
    order_columns: &[
        ("id", "annotation_layer.id"),
        ("name", "LOWER(annotation_layer.name)"),
        ("descr", "annotation_layer.descr"),
        ("created_by.first_name", "created_by.first_name"),
        ("changed_by.first_name", "changed_by.first_name"),
        ("created_on", "annotation_layer.created_on"),
        ("changed_on", "annotation_layer.changed_on"),
        ("changed_on_delta_humanized", "annotation_layer.changed_on"),
    ],
    default_order: ("changed_on_delta_humanized", true),
    custom: None,
};

/// Filters and orders of a layer's annotation list (`AnnotationRestApi`).
pub const ANNOTATION_LIST: ListSpec = ListSpec {
    from: "annotation LEFT JOIN ab_user created_by ON created_by.id = annotation.created_by_fk",
    id: "annotation.id",
    filter_columns: &[
        ListColumn {
            name: "short_descr",
            sql: "annotation.short_descr",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "long_descr",
            sql: "annotation.long_descr",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "start_dttm",
            sql: "annotation.start_dttm",
            kind: ColumnKind::Time,
        },
        ListColumn {
            name: "end_dttm",
            sql: "annotation.end_dttm",
            kind: ColumnKind::Time,
        },
    ],
    order_columns: &[
        ("id", "annotation.id"),
        ("short_descr", "LOWER(annotation.short_descr)"),
        ("long_descr", "annotation.long_descr"),
        ("start_dttm", "annotation.start_dttm"),
        ("end_dttm", "annotation.end_dttm"),
        ("created_by.first_name", "created_by.first_name"),
        ("changed_on", "annotation.changed_on"),
        ("changed_on_delta_humanized", "annotation.changed_on"),
    ],
    default_order: ("short_descr", false),
    custom: None,
};

/// The editable fields of a layer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LayerFields {
    pub name: String,
    pub descr: Option<String>,
}

/// A stored layer with its authors.
#[derive(Debug, Clone, PartialEq)]
pub struct LayerRecord {
    pub id: i64,
    pub fields: LayerFields,
    pub created_on: String,
    pub changed_on: String,
    pub created_by: Option<ListUser>,
    pub changed_by: Option<ListUser>,
}

/// The editable fields of an annotation; times are stored as `2024-01-31T00:00:00`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnnotationFields {
    pub short_descr: Option<String>,
    pub long_descr: Option<String>,
    pub start_dttm: Option<String>,
    pub end_dttm: Option<String>,
    pub json_metadata: Option<String>,
}

/// A stored annotation with its layer and authors.
#[derive(Debug, Clone, PartialEq)]
pub struct AnnotationRecord {
    pub id: i64,
    pub layer_id: i64,
    pub layer_name: String,
    pub fields: AnnotationFields,
    pub changed_on: String,
    pub created_by: Option<ListUser>,
    pub changed_by: Option<ListUser>,
}

const LAYER_SELECT: &str = "SELECT annotation_layer.id, annotation_layer.name, annotation_layer.descr,
        annotation_layer.created_on, annotation_layer.changed_on,
        created_by.id AS created_by_id, created_by.first_name AS created_by_first_name,
        created_by.last_name AS created_by_last_name,
        changed_by.id AS changed_by_id, changed_by.first_name AS changed_by_first_name,
        changed_by.last_name AS changed_by_last_name
    FROM annotation_layer
    LEFT JOIN ab_user created_by ON created_by.id = annotation_layer.created_by_fk
    LEFT JOIN ab_user changed_by ON changed_by.id = annotation_layer.changed_by_fk";

const ANNOTATION_SELECT: &str =
    "SELECT annotation.id, annotation.layer_id, annotation_layer.name AS layer_name,
        annotation.short_descr, annotation.long_descr, annotation.start_dttm, annotation.end_dttm,
        annotation.json_metadata, annotation.changed_on,
        created_by.id AS created_by_id, created_by.first_name AS created_by_first_name,
        created_by.last_name AS created_by_last_name,
        changed_by.id AS changed_by_id, changed_by.first_name AS changed_by_first_name,
        changed_by.last_name AS changed_by_last_name
    FROM annotation
    JOIN annotation_layer ON annotation_layer.id = annotation.layer_id
    LEFT JOIN ab_user created_by ON created_by.id = annotation.created_by_fk
    LEFT JOIN ab_user changed_by ON changed_by.id = annotation.changed_by_fk";

fn layer_from_row(row: &AnyRow) -> StoreResult<LayerRecord> {
    Ok(LayerRecord {
        id: row.try_get("id")?,
        fields: LayerFields {
            name: row.try_get("name")?,
            descr: row.try_get("descr")?,
        },
        created_on: row.try_get("created_on")?,
        changed_on: row.try_get("changed_on")?,
        created_by: user_at(row, "created_by")?,
        changed_by: user_at(row, "changed_by")?,
    })
}

fn annotation_from_row(row: &AnyRow) -> StoreResult<AnnotationRecord> {
    Ok(AnnotationRecord {
        id: row.try_get("id")?,
        layer_id: row.try_get("layer_id")?,
        layer_name: row.try_get("layer_name")?,
        fields: AnnotationFields {
            short_descr: row.try_get("short_descr")?,
            long_descr: row.try_get("long_descr")?,
            start_dttm: row.try_get("start_dttm")?,
            end_dttm: row.try_get("end_dttm")?,
            json_metadata: row.try_get("json_metadata")?,
        },
        changed_on: row.try_get("changed_on")?,
        created_by: user_at(row, "created_by")?,
        changed_by: user_at(row, "changed_by")?,
    })
}

/// Sorts `records` into the order of `ids`.
fn in_order_of<T>(mut records: Vec<T>, ids: &[i64], id_of: impl Fn(&T) -> i64) -> Vec<T> {
    records.sort_by_key(|record| ids.iter().position(|id| *id == id_of(record)));
    records
}

fn layer_name_taken() -> String {
    "Name must be unique".to_owned()
}

fn short_descr_taken() -> String {
    "Short description must be unique for this layer".to_owned()
}

impl Store {
    pub async fn create_annotation_layer(&self, fields: &LayerFields, user_id: i64) -> StoreResult<i64> {
        let now = now_text();
        sqlx::query_scalar(
            "INSERT INTO annotation_layer (name, descr, created_on, changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $3, $4, $4) RETURNING id",
        )
        .bind(&fields.name)
        .bind(fields.descr.as_deref())
        .bind(&now)
        .bind(user_id)
        .fetch_one(&self.pool)
        .await
        .map_err(|error| conflict_on_unique(error, layer_name_taken))
    }

    pub async fn annotation_layer(&self, id: i64) -> StoreResult<LayerRecord> {
        let row = sqlx::query(&format!("{LAYER_SELECT} WHERE annotation_layer.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        layer_from_row(&row)
    }

    /// The rows of `select` whose `id_column` is one of `ids`, in the order of `ids`.
    async fn rows_by_ids<T>(
        &self,
        select: &str,
        id_column: &str,
        ids: &[i64],
        from_row: fn(&AnyRow) -> StoreResult<T>,
        id_of: fn(&T) -> i64,
    ) -> StoreResult<Vec<T>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!("{select} WHERE {id_column} IN ({})", placeholders(ids.len(), 0));
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        let records = query
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(from_row)
            .collect::<StoreResult<Vec<_>>>()?;
        Ok(in_order_of(records, ids, id_of))
    }

    /// The layers `ids` that exist, in the order of `ids`.
    pub async fn annotation_layers(&self, ids: &[i64]) -> StoreResult<Vec<LayerRecord>> {
        self.rows_by_ids(
            LAYER_SELECT,
            "annotation_layer.id",
            ids,
            layer_from_row,
            |record| record.id,
        )
        .await
    }

    pub async fn update_annotation_layer(
        &self,
        id: i64,
        fields: &LayerFields,
        user_id: i64,
    ) -> StoreResult<()> {
        let result = sqlx::query(
            "UPDATE annotation_layer SET name = $1, descr = $2, changed_on = $3, changed_by_fk = $4
             WHERE id = $5",
        )
        .bind(&fields.name)
        .bind(fields.descr.as_deref())
        .bind(now_text())
        .bind(user_id)
        .bind(id)
        .execute(&self.pool)
        .await
        .map_err(|error| conflict_on_unique(error, layer_name_taken))?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// How many annotations the layer holds.
    pub async fn annotation_count(&self, layer_id: i64) -> StoreResult<i64> {
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM annotation WHERE layer_id = $1")
                .bind(layer_id)
                .fetch_one(&self.pool)
                .await?,
        )
    }

    /// Deletes layers (one transaction: all or none).
    pub async fn delete_annotation_layers(&self, ids: &[i64]) -> StoreResult<()> {
        let mut transaction = self.begin_write().await?;
        for id in ids {
            let result = sqlx::query("DELETE FROM annotation_layer WHERE id = $1")
                .bind(*id)
                .execute(&mut *transaction)
                .await?;
            if result.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
        }
        transaction.commit().await?;
        Ok(())
    }

    pub async fn create_annotation(
        &self,
        layer_id: i64,
        fields: &AnnotationFields,
        user_id: i64,
    ) -> StoreResult<i64> {
        let now = now_text();
        sqlx::query_scalar(
            "INSERT INTO annotation (layer_id, short_descr, long_descr, start_dttm, end_dttm, json_metadata,
                                     created_on, changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8) RETURNING id",
        )
        .bind(layer_id)
        .bind(fields.short_descr.as_deref())
        .bind(fields.long_descr.as_deref())
        .bind(fields.start_dttm.as_deref())
        .bind(fields.end_dttm.as_deref())
        .bind(fields.json_metadata.as_deref())
        .bind(&now)
        .bind(user_id)
        .fetch_one(&self.pool)
        .await
        .map_err(|error| conflict_on_unique(error, short_descr_taken))
    }

    /// An annotation of the layer `layer_id`; another layer's is missing.
    pub async fn annotation(&self, layer_id: i64, id: i64) -> StoreResult<AnnotationRecord> {
        let row = sqlx::query(&format!(
            "{ANNOTATION_SELECT} WHERE annotation.id = $1 AND annotation.layer_id = $2"
        ))
        .bind(id)
        .bind(layer_id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        annotation_from_row(&row)
    }

    /// The annotations `ids`, in the order of `ids`.
    pub async fn annotations(&self, ids: &[i64]) -> StoreResult<Vec<AnnotationRecord>> {
        self.rows_by_ids(
            ANNOTATION_SELECT,
            "annotation.id",
            ids,
            annotation_from_row,
            |record| record.id,
        )
        .await
    }

    /// Every annotation of a layer, by start time: what a native layer adds to chart data.
    pub async fn layer_annotations(&self, layer_id: i64) -> StoreResult<Vec<AnnotationRecord>> {
        sqlx::query(&format!(
            "{ANNOTATION_SELECT} WHERE annotation.layer_id = $1 ORDER BY annotation.start_dttm, annotation.id"
        ))
        .bind(layer_id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(annotation_from_row)
        .collect()
    }

    pub async fn update_annotation(
        &self,
        layer_id: i64,
        id: i64,
        fields: &AnnotationFields,
        user_id: i64,
    ) -> StoreResult<()> {
        let result = sqlx::query(
            "UPDATE annotation SET short_descr = $1, long_descr = $2, start_dttm = $3, end_dttm = $4,
                                   json_metadata = $5, changed_on = $6, changed_by_fk = $7
             WHERE id = $8 AND layer_id = $9",
        )
        .bind(fields.short_descr.as_deref())
        .bind(fields.long_descr.as_deref())
        .bind(fields.start_dttm.as_deref())
        .bind(fields.end_dttm.as_deref())
        .bind(fields.json_metadata.as_deref())
        .bind(now_text())
        .bind(user_id)
        .bind(id)
        .bind(layer_id)
        .execute(&self.pool)
        .await
        .map_err(|error| conflict_on_unique(error, short_descr_taken))?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Deletes annotations of one layer (one transaction: all or none).
    pub async fn delete_annotations(&self, layer_id: i64, ids: &[i64]) -> StoreResult<()> {
        let mut transaction = self.begin_write().await?;
        for id in ids {
            let result = sqlx::query("DELETE FROM annotation WHERE id = $1 AND layer_id = $2")
                .bind(*id)
                .bind(layer_id)
                .execute(&mut *transaction)
                .await?;
            if result.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
        }
        transaction.commit().await?;
        Ok(())
    }
}
