//! Datasets with their columns and saved metrics.

use quiver_types::{
    DatabaseId, DatabaseRef, Dataset, DatasetColumn, DatasetId, DatasetMetric, GenericDataType, UserId,
    UserRef,
};
use sqlx::Row;

use super::{conflict_on_unique, get_bool, new_uuid, now_text, Store, StoreError, StoreResult};

/// `(certified_by, certification_details)` of a metric's or column's `extra` JSON text, as
/// Superset's certification properties read it: `{"certification": {"certified_by": "Ada",
/// "details": "Audited"}}` gives `(Some("Ada"), Some("Audited"))`. Text that is not JSON, a
/// missing `certification` or an empty certifier gives no certification.
pub fn certification_of(extra: Option<&str>) -> (Option<String>, Option<String>) {
    let Some(extra) = extra.and_then(|text| serde_json::from_str::<serde_json::Value>(text).ok()) else {
        return (None, None);
    };
    let certification = &extra["certification"];
    let text_of = |key: &str| {
        certification[key]
            .as_str()
            .map(str::trim)
            .filter(|text| !text.is_empty())
            .map(str::to_owned)
    };
    match text_of("certified_by") {
        Some(certified_by) => (Some(certified_by), text_of("details")),
        None => (None, None),
    }
}

/// `warning_markdown` of a metric's or column's `extra` JSON text (Superset's `warning_markdown`
/// property): `{"warning_markdown": "Counts **test** rows"}` gives `Some("Counts **test** rows")`.
/// Text that is not JSON, a missing key or blank text gives none.
pub fn warning_markdown_of(extra: Option<&str>) -> Option<String> {
    let extra = extra.and_then(|text| serde_json::from_str::<serde_json::Value>(text).ok())?;
    extra["warning_markdown"]
        .as_str()
        .filter(|text| !text.trim().is_empty())
        .map(str::to_owned)
}

/// A column of a new or synced dataset.
#[derive(Debug, Clone, PartialEq)]
pub struct NewColumn {
    pub column_name: String,
    pub column_type: String,
    pub is_dttm: bool,
    pub expression: Option<String>,
}

/// A saved metric of a new dataset.
#[derive(Debug, Clone, PartialEq)]
pub struct NewMetric {
    pub metric_name: String,
    pub expression: String,
    pub metric_type: Option<String>,
}

/// A new dataset.
#[derive(Debug, Clone)]
pub struct NewDataset<'a> {
    pub database_id: i64,
    pub schema: Option<&'a str>,
    pub table_name: &'a str,
    pub sql: Option<&'a str>,
    pub main_dttm_col: Option<&'a str>,
    pub columns: &'a [NewColumn],
    pub metrics: &'a [NewMetric],
    pub owners: &'a [i64],
}

/// The generic type of an engine type name, as Superset derives it.
pub fn generic_type_of(type_name: &str) -> Option<GenericDataType> {
    let upper = type_name.to_ascii_uppercase();
    let is = |prefixes: &[&str]| prefixes.iter().any(|prefix| upper.starts_with(prefix));
    if is(&["BOOL"]) {
        Some(GenericDataType::Boolean)
    } else if is(&["TIMESTAMP", "DATE", "TIME", "INTERVAL"]) {
        Some(GenericDataType::Temporal)
    } else if is(&[
        "INT",
        "BIGINT",
        "SMALLINT",
        "TINYINT",
        "HUGEINT",
        "UBIGINT",
        "UINTEGER",
        "USMALLINT",
        "UTINYINT",
        "DECIMAL",
        "NUMERIC",
        "REAL",
        "DOUBLE",
        "FLOAT",
        "SERIAL",
        "BIGSERIAL",
        "MEDIUMINT",
    ]) {
        Some(GenericDataType::Numeric)
    } else if is(&[
        "VARCHAR", "CHAR", "TEXT", "STRING", "UUID", "ENUM", "NVARCHAR", "CLOB",
    ]) {
        Some(GenericDataType::String)
    } else {
        None
    }
}

impl Store {
    /// Creates a dataset with its columns and metrics in one transaction.
    pub async fn create_dataset(&self, dataset: &NewDataset<'_>) -> StoreResult<i64> {
        let now = now_text();
        let created_by = dataset.owners.first().copied();
        let mut tx = self.begin_write().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO tables (uuid, database_id, schema, table_name, sql, main_dttm_col, created_on, changed_on,
                                 created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8) RETURNING id",
        )
        .bind(new_uuid())
        .bind(dataset.database_id)
        .bind(dataset.schema)
        .bind(dataset.table_name)
        .bind(dataset.sql)
        .bind(dataset.main_dttm_col)
        .bind(&now)
        .bind(created_by)
        .fetch_one(&mut *tx)
        .await
        .map_err(|error| conflict_on_unique(error, || format!("Dataset {} already exists", dataset.table_name)))?;
        for column in dataset.columns {
            sqlx::query(
                "INSERT INTO table_columns (uuid, table_id, column_name, type, is_dttm, expression)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(new_uuid())
            .bind(id)
            .bind(&column.column_name)
            .bind(&column.column_type)
            .bind(column.is_dttm)
            .bind(&column.expression)
            .execute(&mut *tx)
            .await?;
        }
        for metric in dataset.metrics {
            sqlx::query(
                "INSERT INTO sql_metrics (uuid, table_id, metric_name, expression, metric_type)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(new_uuid())
            .bind(id)
            .bind(&metric.metric_name)
            .bind(&metric.expression)
            .bind(&metric.metric_type)
            .execute(&mut *tx)
            .await?;
        }
        for owner in dataset.owners {
            sqlx::query("INSERT INTO sqlatable_user (table_id, user_id) VALUES ($1, $2)")
                .bind(id)
                .bind(owner)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// A dataset with its database, owners, columns and metrics.
    pub async fn dataset(&self, id: i64) -> StoreResult<Dataset> {
        let row = sqlx::query(
            "SELECT t.id, t.uuid, t.table_name, t.schema, t.catalog, t.sql, t.description, t.main_dttm_col,
                    t.cache_timeout, t.is_managed_externally, t.external_url, t.changed_on, t.created_on,
                    t.filter_select_enabled, t.fetch_values_predicate, t.normalize_columns,
                    t.always_filter_main_dttm, t.\"offset\", t.default_endpoint, t.is_sqllab_view,
                    t.template_params, t.extra,
                    d.id AS database_id, d.database_name, d.backend, d.allow_multi_catalog
             FROM tables t JOIN dbs d ON d.id = t.database_id WHERE t.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        let sql: Option<String> = row.try_get("sql")?;
        let kind = if sql.as_deref().is_some_and(|sql| !sql.trim().is_empty()) {
            "virtual"
        } else {
            "physical"
        };
        Ok(Dataset {
            id: DatasetId(row.try_get("id")?),
            table_name: row.try_get("table_name")?,
            schema: row.try_get("schema")?,
            catalog: row.try_get("catalog")?,
            database: DatabaseRef {
                id: DatabaseId(row.try_get("database_id")?),
                database_name: row.try_get("database_name")?,
                backend: row.try_get("backend")?,
                allow_multi_catalog: get_bool(&row, "allow_multi_catalog")?,
            },
            sql,
            kind: kind.to_owned(),
            description: row.try_get("description")?,
            main_dttm_col: row.try_get("main_dttm_col")?,
            cache_timeout: row.try_get("cache_timeout")?,
            is_managed_externally: get_bool(&row, "is_managed_externally")?,
            external_url: row.try_get("external_url")?,
            owners: self.dataset_owners(id).await?,
            columns: self.dataset_columns(id).await?,
            metrics: self.dataset_metrics(id).await?,
            uuid: row.try_get("uuid")?,
            changed_on: row.try_get("changed_on")?,
            created_on: row.try_get("created_on")?,
            filter_select_enabled: get_bool(&row, "filter_select_enabled")?,
            fetch_values_predicate: row.try_get("fetch_values_predicate")?,
            normalize_columns: get_bool(&row, "normalize_columns")?,
            always_filter_main_dttm: get_bool(&row, "always_filter_main_dttm")?,
            offset: row.try_get("offset")?,
            default_endpoint: row.try_get("default_endpoint")?,
            is_sqllab_view: get_bool(&row, "is_sqllab_view")?,
            template_params: row.try_get("template_params")?,
            extra: row.try_get("extra")?,
            datasource_type: "table".to_owned(),
            url: format!("/tablemodelview/edit/{id}"),
        })
    }

    async fn dataset_owners(&self, id: i64) -> StoreResult<Vec<UserRef>> {
        let rows = sqlx::query(
            "SELECT u.id, u.first_name, u.last_name FROM sqlatable_user o JOIN ab_user u ON u.id = o.user_id
             WHERE o.table_id = $1 ORDER BY u.id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(UserRef {
                    id: UserId(row.try_get("id")?),
                    first_name: row.try_get("first_name")?,
                    last_name: row.try_get("last_name")?,
                })
            })
            .collect()
    }

    async fn dataset_columns(&self, id: i64) -> StoreResult<Vec<DatasetColumn>> {
        let rows = sqlx::query(
            "SELECT id, uuid, column_name, verbose_name, description, type, is_dttm, is_active, groupby, filterable,
                    expression, python_date_format, advanced_data_type, extra
             FROM table_columns WHERE table_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let column_type: Option<String> = row.try_get("type")?;
                let extra: Option<String> = row.try_get("extra")?;
                Ok(DatasetColumn {
                    id: row.try_get("id")?,
                    type_generic: column_type.as_deref().and_then(generic_type_of),
                    column_name: row.try_get("column_name")?,
                    verbose_name: row.try_get("verbose_name")?,
                    description: row.try_get("description")?,
                    column_type,
                    is_dttm: get_bool(row, "is_dttm")?,
                    is_active: get_bool(row, "is_active")?,
                    groupby: get_bool(row, "groupby")?,
                    filterable: get_bool(row, "filterable")?,
                    expression: row.try_get("expression")?,
                    python_date_format: row.try_get("python_date_format")?,
                    advanced_data_type: row.try_get("advanced_data_type")?,
                    warning_markdown: warning_markdown_of(extra.as_deref()),
                    extra,
                    uuid: row.try_get("uuid")?,
                })
            })
            .collect()
    }

    async fn dataset_metrics(&self, id: i64) -> StoreResult<Vec<DatasetMetric>> {
        let rows = sqlx::query(
            "SELECT id, uuid, metric_name, verbose_name, description, expression, metric_type, d3format, currency,
                    warning_text, extra
             FROM sql_metrics WHERE table_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let currency: Option<String> = row.try_get("currency")?;
                let extra: Option<String> = row.try_get("extra")?;
                let (certified_by, certification_details) = certification_of(extra.as_deref());
                Ok(DatasetMetric {
                    id: row.try_get("id")?,
                    metric_name: row.try_get("metric_name")?,
                    verbose_name: row.try_get("verbose_name")?,
                    description: row.try_get("description")?,
                    expression: row.try_get("expression")?,
                    metric_type: row.try_get("metric_type")?,
                    d3format: row.try_get("d3format")?,
                    currency: currency.map(|text| serde_json::from_str(&text)).transpose()?,
                    warning_text: row.try_get("warning_text")?,
                    extra,
                    certified_by,
                    certification_details,
                    uuid: row.try_get("uuid")?,
                })
            })
            .collect()
    }

    /// Ids of datasets, optionally only those with the given table name, by id.
    pub async fn dataset_ids(&self, table_name: Option<&str>) -> StoreResult<Vec<i64>> {
        let ids = match table_name {
            Some(name) => {
                sqlx::query_scalar("SELECT id FROM tables WHERE table_name = $1 ORDER BY id")
                    .bind(name)
                    .fetch_all(&self.pool)
                    .await?
            }
            None => {
                sqlx::query_scalar("SELECT id FROM tables ORDER BY id")
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        Ok(ids)
    }

    /// The dataset of a database with the given schema and table name.
    pub async fn dataset_id_by_table(
        &self,
        database_id: i64,
        schema: Option<&str>,
        table_name: &str,
    ) -> StoreResult<Option<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM tables WHERE database_id = $1 AND COALESCE(schema, '') = $2 AND table_name = $3",
        )
        .bind(database_id)
        .bind(schema.unwrap_or(""))
        .bind(table_name)
        .fetch_optional(&self.pool)
        .await?)
    }

    pub async fn delete_dataset(&self, id: i64) -> StoreResult<()> {
        let result = sqlx::query("DELETE FROM tables WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{certification_of, warning_markdown_of};

    #[test]
    fn the_warning_is_read_from_extra() {
        let extra =
            r#"{"warning_markdown": "Counts **test** rows", "certification": {"certified_by": "Ada"}}"#;
        assert_eq!(
            warning_markdown_of(Some(extra)),
            Some("Counts **test** rows".to_owned())
        );
        assert_eq!(warning_markdown_of(None), None);
        assert_eq!(warning_markdown_of(Some("not json")), None);
        assert_eq!(warning_markdown_of(Some(r#"{"warning_markdown": "  "}"#)), None);
        assert_eq!(warning_markdown_of(Some(r#"{"certification": {}}"#)), None);
    }

    #[test]
    fn certification_is_read_from_extra() {
        let extra = r#"{"certification": {"certified_by": "Data team", "details": "Audited in May"}, "warning_markdown": "x"}"#;
        assert_eq!(
            certification_of(Some(extra)),
            (Some("Data team".to_owned()), Some("Audited in May".to_owned()))
        );
        let without_details = r#"{"certification": {"certified_by": "Ada"}}"#;
        assert_eq!(
            certification_of(Some(without_details)),
            (Some("Ada".to_owned()), None)
        );
    }

    #[test]
    fn no_certifier_means_no_certification() {
        assert_eq!(certification_of(None), (None, None));
        assert_eq!(certification_of(Some("not json")), (None, None));
        assert_eq!(
            certification_of(Some(r#"{"warning_markdown": "x"}"#)),
            (None, None)
        );
        let empty_certifier = r#"{"certification": {"certified_by": " ", "details": "orphan"}}"#;
        assert_eq!(certification_of(Some(empty_certifier)), (None, None));
    }
}
