//! Changing datasets: the edit dialog's save (settings, columns, metrics, owners in one
//! transaction), syncing columns from the source, and what uses a dataset.

use quiver_types::{DatasetColumnPut, DatasetMetricPut, RelatedChart, RelatedDashboard};
use sqlx::Row;

use super::dataset::NewColumn;
use super::{conflict_on_unique, new_uuid, now_text, Store, StoreResult};

/// The dataset-level fields of a save, already validated (empty values made null).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DatasetSettings {
    pub table_name: String,
    pub database_id: i64,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub sql: Option<String>,
    pub description: Option<String>,
    pub main_dttm_col: Option<String>,
    pub default_endpoint: Option<String>,
    pub cache_timeout: Option<i64>,
    pub offset: i64,
    pub is_sqllab_view: bool,
    pub template_params: Option<String>,
    pub extra: Option<String>,
    pub filter_select_enabled: bool,
    pub fetch_values_predicate: Option<String>,
    pub normalize_columns: bool,
    pub always_filter_main_dttm: bool,
    pub is_managed_externally: bool,
    pub external_url: Option<String>,
}

/// What a save replaces besides the settings: `None` keeps the stored list.
#[derive(Debug, Clone, Default)]
pub struct DatasetLists<'a> {
    pub columns: Option<&'a [DatasetColumnPut]>,
    /// Drop every stored column first (`override_columns`): ids in `columns` are ignored.
    pub override_columns: bool,
    pub metrics: Option<&'a [DatasetMetricPut]>,
    pub owners: Option<&'a [i64]>,
}

fn blank_to_none(value: &Option<String>) -> Option<&str> {
    value.as_deref().filter(|text| !text.trim().is_empty())
}

impl Store {
    /// The stored settings of a dataset (to change some and save them).
    pub async fn dataset_settings(&self, id: i64) -> StoreResult<Option<DatasetSettings>> {
        let row = sqlx::query(
            "SELECT table_name, database_id, catalog, schema, sql, description, main_dttm_col, default_endpoint,
                    cache_timeout, \"offset\", is_sqllab_view, template_params, extra, filter_select_enabled,
                    fetch_values_predicate, normalize_columns, always_filter_main_dttm, is_managed_externally,
                    external_url
             FROM tables WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        Ok(Some(DatasetSettings {
            table_name: row.try_get("table_name")?,
            database_id: row.try_get("database_id")?,
            catalog: row.try_get("catalog")?,
            schema: row.try_get("schema")?,
            sql: row.try_get("sql")?,
            description: row.try_get("description")?,
            main_dttm_col: row.try_get("main_dttm_col")?,
            default_endpoint: row.try_get("default_endpoint")?,
            cache_timeout: row.try_get("cache_timeout")?,
            offset: row.try_get("offset")?,
            is_sqllab_view: super::get_bool(&row, "is_sqllab_view")?,
            template_params: row.try_get("template_params")?,
            extra: row.try_get("extra")?,
            filter_select_enabled: super::get_bool(&row, "filter_select_enabled")?,
            fetch_values_predicate: row.try_get("fetch_values_predicate")?,
            normalize_columns: super::get_bool(&row, "normalize_columns")?,
            always_filter_main_dttm: super::get_bool(&row, "always_filter_main_dttm")?,
            is_managed_externally: super::get_bool(&row, "is_managed_externally")?,
            external_url: row.try_get("external_url")?,
        }))
    }

    /// The ids of a dataset's stored columns and metrics.
    pub async fn dataset_child_ids(&self, id: i64) -> StoreResult<(Vec<i64>, Vec<i64>)> {
        let columns = sqlx::query_scalar("SELECT id FROM table_columns WHERE table_id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        let metrics = sqlx::query_scalar("SELECT id FROM sql_metrics WHERE table_id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        Ok((columns, metrics))
    }

    /// Saves a dataset: settings, then the given lists (rows with an id are updated, rows
    /// without are added, stored rows missing from a given list are removed), in one transaction.
    pub async fn update_dataset(
        &self,
        id: i64,
        settings: &DatasetSettings,
        lists: &DatasetLists<'_>,
        changed_by: i64,
    ) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query(
            "UPDATE tables SET table_name = $1, database_id = $2, catalog = $3, schema = $4, sql = $5,
                    description = $6, main_dttm_col = $7, default_endpoint = $8, cache_timeout = $9, \"offset\" = $10,
                    is_sqllab_view = $11, template_params = $12, extra = $13, filter_select_enabled = $14,
                    fetch_values_predicate = $15, normalize_columns = $16, always_filter_main_dttm = $17,
                    is_managed_externally = $18, external_url = $19, changed_on = $20, changed_by_fk = $21
             WHERE id = $22",
        )
        .bind(&settings.table_name)
        .bind(settings.database_id)
        .bind(&settings.catalog)
        .bind(&settings.schema)
        .bind(&settings.sql)
        .bind(&settings.description)
        .bind(&settings.main_dttm_col)
        .bind(&settings.default_endpoint)
        .bind(settings.cache_timeout)
        .bind(settings.offset)
        .bind(settings.is_sqllab_view)
        .bind(&settings.template_params)
        .bind(&settings.extra)
        .bind(settings.filter_select_enabled)
        .bind(&settings.fetch_values_predicate)
        .bind(settings.normalize_columns)
        .bind(settings.always_filter_main_dttm)
        .bind(settings.is_managed_externally)
        .bind(&settings.external_url)
        .bind(now_text())
        .bind(changed_by)
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(|error| conflict_on_unique(error, || format!("Dataset {} already exists", settings.table_name)))?;

        if let Some(columns) = lists.columns {
            let kept: Vec<i64> = if lists.override_columns {
                Vec::new()
            } else {
                columns.iter().filter_map(|column| column.id).collect()
            };
            let stored: Vec<i64> = sqlx::query_scalar("SELECT id FROM table_columns WHERE table_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
            for stored_id in stored.iter().filter(|stored_id| !kept.contains(stored_id)) {
                sqlx::query("DELETE FROM table_columns WHERE id = $1")
                    .bind(*stored_id)
                    .execute(&mut *tx)
                    .await?;
            }
            for column in columns {
                let existing = column.id.filter(|_| !lists.override_columns);
                let sql = match existing {
                    Some(_) => {
                        "UPDATE table_columns SET column_name = $1, type = $2, advanced_data_type = $3,
                                verbose_name = $4, description = $5, expression = $6, filterable = $7, groupby = $8,
                                is_active = $9, is_dttm = $10, python_date_format = $11, extra = $12
                         WHERE id = $13 AND table_id = $14"
                    }
                    None => {
                        "INSERT INTO table_columns (column_name, type, advanced_data_type, verbose_name, description,
                                expression, filterable, groupby, is_active, is_dttm, python_date_format, extra,
                                uuid, table_id)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
                    }
                };
                let query = sqlx::query(sql)
                    .bind(&column.column_name)
                    .bind(blank_to_none(&column.column_type))
                    .bind(blank_to_none(&column.advanced_data_type))
                    .bind(blank_to_none(&column.verbose_name))
                    .bind(blank_to_none(&column.description))
                    .bind(blank_to_none(&column.expression))
                    .bind(column.filterable.unwrap_or(true))
                    .bind(column.groupby.unwrap_or(true))
                    .bind(column.is_active.unwrap_or(true))
                    .bind(column.is_dttm.unwrap_or(false))
                    .bind(blank_to_none(&column.python_date_format))
                    .bind(blank_to_none(&column.extra));
                let query = match existing {
                    Some(column_id) => query.bind(column_id),
                    None => query.bind(column.uuid.clone().unwrap_or_else(new_uuid)),
                };
                query.bind(id).execute(&mut *tx).await.map_err(|error| {
                    conflict_on_unique(error, || "One or more columns are duplicated".to_owned())
                })?;
            }
        }

        if let Some(metrics) = lists.metrics {
            let kept: Vec<i64> = metrics.iter().filter_map(|metric| metric.id).collect();
            let stored: Vec<i64> = sqlx::query_scalar("SELECT id FROM sql_metrics WHERE table_id = $1")
                .bind(id)
                .fetch_all(&mut *tx)
                .await?;
            for stored_id in stored.iter().filter(|stored_id| !kept.contains(stored_id)) {
                sqlx::query("DELETE FROM sql_metrics WHERE id = $1")
                    .bind(*stored_id)
                    .execute(&mut *tx)
                    .await?;
            }
            for metric in metrics {
                let sql = match metric.id {
                    Some(_) => {
                        "UPDATE sql_metrics SET metric_name = $1, expression = $2, metric_type = $3, verbose_name = $4,
                                description = $5, d3format = $6, currency = $7, warning_text = $8, extra = $9
                         WHERE id = $10 AND table_id = $11"
                    }
                    None => {
                        "INSERT INTO sql_metrics (metric_name, expression, metric_type, verbose_name, description,
                                d3format, currency, warning_text, extra, uuid, table_id)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
                    }
                };
                let currency = metric
                    .currency
                    .as_ref()
                    .filter(|currency| !currency.is_null())
                    .map(serde_json::Value::to_string);
                let query = sqlx::query(sql)
                    .bind(&metric.metric_name)
                    .bind(&metric.expression)
                    .bind(blank_to_none(&metric.metric_type))
                    .bind(blank_to_none(&metric.verbose_name))
                    .bind(blank_to_none(&metric.description))
                    .bind(blank_to_none(&metric.d3format))
                    .bind(currency)
                    .bind(blank_to_none(&metric.warning_text))
                    .bind(blank_to_none(&metric.extra));
                let query = match metric.id {
                    Some(metric_id) => query.bind(metric_id),
                    None => query.bind(metric.uuid.clone().unwrap_or_else(new_uuid)),
                };
                query.bind(id).execute(&mut *tx).await.map_err(|error| {
                    conflict_on_unique(error, || "One or more metrics are duplicated".to_owned())
                })?;
            }
        }

        if let Some(owners) = lists.owners {
            sqlx::query("DELETE FROM sqlatable_user WHERE table_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            for owner in owners {
                sqlx::query("INSERT INTO sqlatable_user (table_id, user_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(owner)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Brings a dataset's physical columns in line with its source: types of kept columns are
    /// updated, new ones added, vanished ones removed; calculated columns stay.
    pub async fn sync_dataset_columns(&self, id: i64, source: &[NewColumn]) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        let rows = sqlx::query("SELECT id, column_name, expression FROM table_columns WHERE table_id = $1")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?;
        let mut stored = Vec::with_capacity(rows.len());
        for row in &rows {
            let expression: Option<String> = row.try_get("expression")?;
            let is_calculated = expression.is_some_and(|expression| !expression.trim().is_empty());
            stored.push((
                row.try_get::<i64, _>("id")?,
                row.try_get::<String, _>("column_name")?,
                is_calculated,
            ));
        }
        for (column_id, name, is_calculated) in &stored {
            let still_there = source.iter().any(|column| &column.column_name == name);
            if !still_there && !is_calculated {
                sqlx::query("DELETE FROM table_columns WHERE id = $1")
                    .bind(*column_id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        for column in source {
            let existing = stored
                .iter()
                .find(|(_, name, is_calculated)| name == &column.column_name && !is_calculated);
            match existing {
                Some((column_id, _, _)) => {
                    sqlx::query("UPDATE table_columns SET type = $1 WHERE id = $2")
                        .bind(&column.column_type)
                        .bind(*column_id)
                        .execute(&mut *tx)
                        .await?;
                }
                None if stored.iter().any(|(_, name, _)| name == &column.column_name) => {}
                None => {
                    sqlx::query(
                        "INSERT INTO table_columns (uuid, table_id, column_name, type, is_dttm)
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(new_uuid())
                    .bind(id)
                    .bind(&column.column_name)
                    .bind(&column.column_type)
                    .bind(column.is_dttm)
                    .execute(&mut *tx)
                    .await?;
                }
            }
        }
        sqlx::query("UPDATE tables SET changed_on = $1 WHERE id = $2")
            .bind(now_text())
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The charts built on a dataset, by name.
    pub async fn dataset_charts(&self, id: i64) -> StoreResult<Vec<RelatedChart>> {
        let rows = sqlx::query(
            "SELECT id, slice_name, viz_type FROM slices
             WHERE datasource_type = 'table' AND datasource_id = $1 ORDER BY slice_name, id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RelatedChart {
                    id: row.try_get("id")?,
                    slice_name: row.try_get("slice_name")?,
                    viz_type: row.try_get("viz_type")?,
                })
            })
            .collect()
    }

    /// The dashboards that show a chart of a dataset, by title.
    pub async fn dataset_dashboards(&self, id: i64) -> StoreResult<Vec<RelatedDashboard>> {
        let rows = sqlx::query(
            "SELECT DISTINCT d.id, d.dashboard_title, d.slug FROM dashboards d
             JOIN dashboard_slices ds ON ds.dashboard_id = d.id
             JOIN slices s ON s.id = ds.slice_id
             WHERE s.datasource_type = 'table' AND s.datasource_id = $1
             ORDER BY d.dashboard_title, d.id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RelatedDashboard {
                    id: row.try_get("id")?,
                    title: row.try_get("dashboard_title")?,
                    slug: row.try_get("slug")?,
                })
            })
            .collect()
    }
}
