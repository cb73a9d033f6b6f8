//! Bundles (Superset's v1 import/export, decision 0027): reading objects as bundle files and
//! writing a whole import in one transaction ([`BundleWriter`]). Objects are matched by uuid.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::stored_document::{read_form_data, read_json_metadata, read_position_json};
use super::{conflict_on_unique, get_bool, new_uuid, now_text, Store, StoreError, StoreResult};
use crate::bundle::config::{
    json_text, json_value, ChartConfig, ColumnConfig, DashboardConfig, DatabaseConfig, DatasetConfig,
    MetricConfig, SavedQueryConfig, BUNDLE_VERSION,
};

/// A stored object as a bundle file, with the ids its file names and dependencies need.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored<T> {
    pub id: i64,
    pub config: T,
}

/// A dataset with the id of its database.
pub type StoredDataset = (Stored<DatasetConfig>, i64);
/// A chart with the id of its dataset.
pub type StoredChart = (Stored<ChartConfig>, Option<i64>);
/// A dashboard with the ids of its charts.
pub type StoredDashboard = (Stored<DashboardConfig>, Vec<i64>);
/// A saved query with the id of its database.
pub type StoredSavedQuery = (Stored<SavedQueryConfig>, Option<i64>);

fn parse_uuid(text: &str) -> StoreResult<uuid::Uuid> {
    uuid::Uuid::parse_str(text)
        .map_err(|_| StoreError::InvalidQuery(format!("stored uuid is not valid: {text}")))
}

fn parse_object(text: Option<String>) -> serde_json::Value {
    text.and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .filter(serde_json::Value::is_object)
        .unwrap_or_else(|| serde_json::Value::Object(serde_json::Map::new()))
}

/// Binds a dataset's stored fields in the order of the `tables` columns both the import's UPDATE
/// and its INSERT list: database_id, catalog, schema, ... offset.
fn bind_dataset_fields<'q>(
    query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    config: &'q DatasetConfig,
    database_id: i64,
    template_params: &'q Option<String>,
    extra: &'q Option<String>,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    query
        .bind(database_id)
        .bind(&config.catalog)
        .bind(&config.schema)
        .bind(&config.table_name)
        .bind(&config.sql)
        .bind(&config.description)
        .bind(&config.main_dttm_col)
        .bind(&config.default_endpoint)
        .bind(config.cache_timeout)
        .bind(template_params)
        .bind(extra)
        .bind(config.filter_select_enabled)
        .bind(&config.fetch_values_predicate)
        .bind(config.normalize_columns)
        .bind(config.always_filter_main_dttm)
        .bind(config.offset)
}

fn database_config(row: &AnyRow) -> StoreResult<DatabaseConfig> {
    let extra: Option<String> = row.try_get("extra")?;
    Ok(DatabaseConfig {
        database_name: row.try_get("database_name")?,
        sqlalchemy_uri: row.try_get("sqlalchemy_uri")?,
        cache_timeout: row.try_get("cache_timeout")?,
        expose_in_sqllab: get_bool(row, "expose_in_sqllab")?,
        allow_run_async: get_bool(row, "allow_run_async")?,
        allow_ctas: get_bool(row, "allow_ctas")?,
        allow_cvas: get_bool(row, "allow_cvas")?,
        allow_dml: get_bool(row, "allow_dml")?,
        allow_file_upload: get_bool(row, "allow_file_upload")?,
        extra: parse_object(extra),
        impersonate_user: false,
        configuration_method: Some("sqlalchemy_form".to_owned()),
        uuid: parse_uuid(&row.try_get::<String, _>("uuid")?)?,
        version: BUNDLE_VERSION.to_owned(),
        password: None,
        ssh_tunnel: None,
    })
}

impl Store {
    /// A database connection as a bundle file (its URI as stored: the caller masks passwords).
    pub async fn bundle_database(&self, id: i64) -> StoreResult<Stored<DatabaseConfig>> {
        let row = sqlx::query(
            "SELECT id, uuid, database_name, sqlalchemy_uri, cache_timeout, expose_in_sqllab, allow_run_async,
                    allow_ctas, allow_cvas, allow_dml, allow_file_upload, extra
             FROM dbs WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        Ok(Stored {
            id,
            config: database_config(&row)?,
        })
    }

    /// A dataset with its columns and metrics as a bundle file, and its database id.
    pub async fn bundle_dataset(&self, id: i64) -> StoreResult<StoredDataset> {
        let row = sqlx::query(
            "SELECT t.uuid, t.database_id, t.table_name, t.main_dttm_col, t.description, t.default_endpoint,
                    t.\"offset\" AS table_offset, t.cache_timeout, t.catalog, t.schema, t.sql, t.template_params,
                    t.filter_select_enabled, t.fetch_values_predicate, t.extra, t.normalize_columns,
                    t.always_filter_main_dttm, d.uuid AS database_uuid
             FROM tables t JOIN dbs d ON d.id = t.database_id WHERE t.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        let columns = sqlx::query(
            "SELECT column_name, verbose_name, is_dttm, is_active, type, advanced_data_type, groupby, filterable,
                    expression, description, python_date_format, extra
             FROM table_columns WHERE table_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            Ok(ColumnConfig {
                column_name: row.try_get("column_name")?,
                verbose_name: row.try_get("verbose_name")?,
                is_dttm: get_bool(row, "is_dttm")?,
                is_active: get_bool(row, "is_active")?,
                column_type: row.try_get("type")?,
                advanced_data_type: row.try_get("advanced_data_type")?,
                groupby: get_bool(row, "groupby")?,
                filterable: get_bool(row, "filterable")?,
                expression: row.try_get("expression")?,
                description: row.try_get("description")?,
                python_date_format: row.try_get("python_date_format")?,
                datetime_format: None,
                extra: json_value(&row.try_get("extra")?),
            })
        })
        .collect::<StoreResult<Vec<_>>>()?;
        let metrics = sqlx::query(
            "SELECT metric_name, verbose_name, metric_type, expression, description, d3format, currency, extra,
                    warning_text
             FROM sql_metrics WHERE table_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            Ok(MetricConfig {
                metric_name: row.try_get("metric_name")?,
                verbose_name: row.try_get("verbose_name")?,
                metric_type: row.try_get("metric_type")?,
                expression: row.try_get("expression")?,
                description: row.try_get("description")?,
                d3format: row.try_get("d3format")?,
                currency: json_value(&row.try_get("currency")?),
                extra: json_value(&row.try_get("extra")?),
                warning_text: row.try_get("warning_text")?,
            })
        })
        .collect::<StoreResult<Vec<_>>>()?;
        let config = DatasetConfig {
            table_name: row.try_get("table_name")?,
            main_dttm_col: row.try_get("main_dttm_col")?,
            currency_code_column: None,
            description: row.try_get("description")?,
            default_endpoint: row.try_get("default_endpoint")?,
            offset: row.try_get("table_offset")?,
            cache_timeout: row.try_get("cache_timeout")?,
            catalog: row.try_get("catalog")?,
            schema: row.try_get("schema")?,
            sql: row.try_get("sql")?,
            params: None,
            template_params: json_value(&row.try_get("template_params")?),
            filter_select_enabled: get_bool(&row, "filter_select_enabled")?,
            fetch_values_predicate: row.try_get("fetch_values_predicate")?,
            extra: json_value(&row.try_get("extra")?),
            normalize_columns: get_bool(&row, "normalize_columns")?,
            always_filter_main_dttm: get_bool(&row, "always_filter_main_dttm")?,
            folders: None,
            uuid: parse_uuid(&row.try_get::<String, _>("uuid")?)?,
            metrics,
            columns,
            version: BUNDLE_VERSION.to_owned(),
            database_uuid: parse_uuid(&row.try_get::<String, _>("database_uuid")?)?,
        };
        Ok((Stored { id, config }, row.try_get("database_id")?))
    }

    /// A chart as a bundle file, and its dataset id. A chart whose dataset is gone has none.
    pub async fn bundle_chart(&self, id: i64) -> StoreResult<StoredChart> {
        let row = sqlx::query(
            "SELECT s.uuid, s.slice_name, s.description, s.certified_by, s.certification_details, s.viz_type,
                    s.params, s.query_context, s.cache_timeout, t.id AS dataset_id, t.uuid AS dataset_uuid
             FROM slices s LEFT JOIN tables t ON t.id = s.datasource_id AND s.datasource_type = 'table'
             WHERE s.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        let dataset_id: Option<i64> = row.try_get("dataset_id")?;
        let dataset_uuid: Option<String> = row.try_get("dataset_uuid")?;
        let config = ChartConfig {
            slice_name: row.try_get("slice_name")?,
            description: row.try_get("description")?,
            certified_by: row.try_get("certified_by")?,
            certification_details: row.try_get("certification_details")?,
            viz_type: row.try_get("viz_type")?,
            params: parse_object(read_form_data(row.try_get("params")?)),
            query_context: row.try_get("query_context")?,
            cache_timeout: row.try_get("cache_timeout")?,
            uuid: parse_uuid(&row.try_get::<String, _>("uuid")?)?,
            version: BUNDLE_VERSION.to_owned(),
            dataset_uuid: match dataset_uuid {
                Some(text) => parse_uuid(&text)?,
                None => uuid::Uuid::nil(),
            },
        };
        Ok((Stored { id, config }, dataset_id))
    }

    /// A dashboard as a bundle file (layout and metadata as stored: the caller adds chart uuids),
    /// and its chart ids.
    pub async fn bundle_dashboard(&self, id: i64) -> StoreResult<StoredDashboard> {
        let row = sqlx::query(
            "SELECT uuid, dashboard_title, description, css, slug, certified_by, certification_details, published,
                    position_json, json_metadata
             FROM dashboards WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        let chart_ids: Vec<i64> = sqlx::query_scalar(
            "SELECT slice_id FROM dashboard_slices WHERE dashboard_id = $1 ORDER BY slice_id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let config = DashboardConfig {
            dashboard_title: row.try_get("dashboard_title")?,
            description: row.try_get("description")?,
            css: row.try_get("css")?,
            slug: row.try_get("slug")?,
            certified_by: row.try_get("certified_by")?,
            certification_details: row.try_get("certification_details")?,
            published: get_bool(&row, "published")?,
            uuid: parse_uuid(&row.try_get::<String, _>("uuid")?)?,
            position: parse_object(read_position_json(row.try_get("position_json")?)),
            metadata: parse_object(read_json_metadata(row.try_get("json_metadata")?)),
            version: BUNDLE_VERSION.to_owned(),
        };
        Ok((Stored { id, config }, chart_ids))
    }

    /// A saved query as a bundle file, and its database id.
    pub async fn bundle_saved_query(&self, id: i64) -> StoreResult<StoredSavedQuery> {
        let row = sqlx::query(
            "SELECT q.uuid, q.catalog, q.schema, q.label, q.description, q.sql, q.template_parameters,
                    d.id AS database_id, d.uuid AS database_uuid
             FROM saved_query q LEFT JOIN dbs d ON d.id = q.db_id WHERE q.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        let database_uuid: Option<String> = row.try_get("database_uuid")?;
        let description: String = row.try_get("description")?;
        let config = SavedQueryConfig {
            catalog: row.try_get("catalog")?,
            schema: row.try_get("schema")?,
            label: row.try_get("label")?,
            description: Some(description),
            sql: row.try_get("sql")?,
            template_parameters: json_value(&row.try_get("template_parameters")?),
            uuid: parse_uuid(&row.try_get::<String, _>("uuid")?)?,
            version: BUNDLE_VERSION.to_owned(),
            database_uuid: match database_uuid {
                Some(text) => parse_uuid(&text)?,
                None => uuid::Uuid::nil(),
            },
        };
        Ok((Stored { id, config }, row.try_get("database_id")?))
    }

    /// The id of the object with this uuid in one of the bundle tables, if any.
    pub async fn id_by_uuid(&self, table: BundleTable, uuid: &uuid::Uuid) -> StoreResult<Option<i64>> {
        Ok(
            sqlx::query_scalar(&format!("SELECT id FROM {} WHERE uuid = $1", table.name()))
                .bind(uuid.to_string())
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The datasets of a database, by id.
    pub async fn dataset_ids_of_database(&self, database_id: i64) -> StoreResult<Vec<i64>> {
        Ok(
            sqlx::query_scalar("SELECT id FROM tables WHERE database_id = $1 ORDER BY id")
                .bind(database_id)
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// The stored URI of a database, to keep its password when an import masks it.
    pub async fn database_uri(&self, id: i64) -> StoreResult<String> {
        sqlx::query_scalar("SELECT sqlalchemy_uri FROM dbs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)
    }

    /// Starts an import: every write goes through one transaction, committed by
    /// [`BundleWriter::commit`] or dropped (rolled back) on error.
    pub async fn begin_bundle_import(&self, user_id: i64) -> StoreResult<BundleWriter> {
        Ok(BundleWriter {
            tx: self.begin_write().await?,
            user_id,
            now: now_text(),
        })
    }
}

/// The tables objects of a bundle live in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BundleTable {
    Databases,
    Datasets,
    Charts,
    Dashboards,
    SavedQueries,
}

impl BundleTable {
    fn name(self) -> &'static str {
        match self {
            BundleTable::Databases => "dbs",
            BundleTable::Datasets => "tables",
            BundleTable::Charts => "slices",
            BundleTable::Dashboards => "dashboards",
            BundleTable::SavedQueries => "saved_query",
        }
    }
}

/// One import's transaction.
pub struct BundleWriter {
    tx: Transaction<'static, Any>,
    user_id: i64,
    now: String,
}

/// Where a written object came from: created, or an existing one overwritten.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    New,
    Existing(i64),
}

impl BundleWriter {
    pub async fn commit(self) -> StoreResult<()> {
        self.tx.commit().await?;
        Ok(())
    }

    /// The id of the object with this uuid, seen inside the transaction.
    pub async fn id_by_uuid(&mut self, table: BundleTable, uuid: &uuid::Uuid) -> StoreResult<Option<i64>> {
        Ok(
            sqlx::query_scalar(&format!("SELECT id FROM {} WHERE uuid = $1", table.name()))
                .bind(uuid.to_string())
                .fetch_optional(&mut *self.tx)
                .await?,
        )
    }

    /// Writes a database connection; `uri` is the URI to store (password resolved), `backend` its
    /// engine.
    pub async fn write_database(
        &mut self,
        config: &DatabaseConfig,
        uri: &str,
        backend: &str,
        target: Target,
    ) -> StoreResult<i64> {
        let extra = config.extra.to_string();
        let taken = || format!("A database with the name {} already exists", config.database_name);
        match target {
            Target::Existing(id) => {
                sqlx::query(
                    "UPDATE dbs SET database_name = $1, sqlalchemy_uri = $2, backend = $3, cache_timeout = $4,
                        expose_in_sqllab = $5, allow_run_async = $6, allow_ctas = $7, allow_cvas = $8,
                        allow_dml = $9, allow_file_upload = $10, extra = $11, changed_on = $12,
                        changed_by_fk = $13
                     WHERE id = $14",
                )
                .bind(&config.database_name)
                .bind(uri)
                .bind(backend)
                .bind(config.cache_timeout)
                .bind(config.expose_in_sqllab)
                .bind(config.allow_run_async)
                .bind(config.allow_ctas)
                .bind(config.allow_cvas)
                .bind(config.allow_dml)
                .bind(config.allow_file_upload)
                .bind(&extra)
                .bind(&self.now)
                .bind(self.user_id)
                .bind(id)
                .execute(&mut *self.tx)
                .await
                .map_err(|error| conflict_on_unique(error, taken))?;
                Ok(id)
            }
            Target::New => sqlx::query_scalar(
                "INSERT INTO dbs (uuid, database_name, sqlalchemy_uri, backend, cache_timeout, expose_in_sqllab,
                                  allow_run_async, allow_ctas, allow_cvas, allow_dml, allow_file_upload, extra,
                                  created_on, changed_on, created_by_fk, changed_by_fk)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $14) RETURNING id",
            )
            .bind(config.uuid.to_string())
            .bind(&config.database_name)
            .bind(uri)
            .bind(backend)
            .bind(config.cache_timeout)
            .bind(config.expose_in_sqllab)
            .bind(config.allow_run_async)
            .bind(config.allow_ctas)
            .bind(config.allow_cvas)
            .bind(config.allow_dml)
            .bind(config.allow_file_upload)
            .bind(&extra)
            .bind(&self.now)
            .bind(self.user_id)
            .fetch_one(&mut *self.tx)
            .await
            .map_err(|error| conflict_on_unique(error, taken)),
        }
    }

    /// Writes a dataset with its columns and metrics (an overwrite replaces both lists).
    pub async fn write_dataset(
        &mut self,
        config: &DatasetConfig,
        database_id: i64,
        target: Target,
    ) -> StoreResult<i64> {
        let taken = || format!("Dataset {} already exists", config.table_name);
        let template_params = json_text(&config.template_params);
        let extra = json_text(&config.extra);
        let id = match target {
            Target::Existing(id) => {
                let update = sqlx::query(
                    "UPDATE tables SET database_id = $1, catalog = $2, schema = $3, table_name = $4, sql = $5,
                        description = $6, main_dttm_col = $7, default_endpoint = $8, cache_timeout = $9,
                        template_params = $10, extra = $11, filter_select_enabled = $12,
                        fetch_values_predicate = $13, normalize_columns = $14, always_filter_main_dttm = $15,
                        \"offset\" = $16, changed_on = $17, changed_by_fk = $18
                     WHERE id = $19",
                );
                bind_dataset_fields(update, config, database_id, &template_params, &extra)
                    .bind(&self.now)
                    .bind(self.user_id)
                    .bind(id)
                    .execute(&mut *self.tx)
                    .await
                    .map_err(|error| conflict_on_unique(error, taken))?;
                for table in ["table_columns", "sql_metrics"] {
                    sqlx::query(&format!("DELETE FROM {table} WHERE table_id = $1"))
                        .bind(id)
                        .execute(&mut *self.tx)
                        .await?;
                }
                id
            }
            Target::New => {
                let insert = sqlx::query(
                    "INSERT INTO tables (uuid, database_id, catalog, schema, table_name, sql, description,
                                         main_dttm_col, default_endpoint, cache_timeout, template_params, extra,
                                         filter_select_enabled, fetch_values_predicate, normalize_columns,
                                         always_filter_main_dttm, \"offset\", created_on, changed_on,
                                         created_by_fk, changed_by_fk)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18,
                             $19, $19) RETURNING id",
                )
                .bind(config.uuid.to_string());
                let id: i64 = bind_dataset_fields(insert, config, database_id, &template_params, &extra)
                    .bind(&self.now)
                    .bind(self.user_id)
                    .fetch_one(&mut *self.tx)
                    .await
                    .map_err(|error| conflict_on_unique(error, taken))?
                    .try_get(0)?;
                sqlx::query("INSERT INTO sqlatable_user (table_id, user_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(self.user_id)
                    .execute(&mut *self.tx)
                    .await?;
                id
            }
        };
        for column in &config.columns {
            sqlx::query(
                "INSERT INTO table_columns (uuid, table_id, column_name, verbose_name, description, type, is_dttm,
                                            is_active, groupby, filterable, expression, python_date_format,
                                            advanced_data_type, extra)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
            )
            .bind(new_uuid())
            .bind(id)
            .bind(&column.column_name)
            .bind(&column.verbose_name)
            .bind(&column.description)
            .bind(&column.column_type)
            .bind(column.is_dttm)
            .bind(column.is_active)
            .bind(column.groupby)
            .bind(column.filterable)
            .bind(&column.expression)
            .bind(&column.python_date_format)
            .bind(&column.advanced_data_type)
            .bind(json_text(&column.extra))
            .execute(&mut *self.tx)
            .await
            .map_err(|error| {
                conflict_on_unique(error, || format!("Column {} appears twice", column.column_name))
            })?;
        }
        for metric in &config.metrics {
            sqlx::query(
                "INSERT INTO sql_metrics (uuid, table_id, metric_name, verbose_name, description, expression,
                                          metric_type, d3format, currency, warning_text, extra)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(new_uuid())
            .bind(id)
            .bind(&metric.metric_name)
            .bind(&metric.verbose_name)
            .bind(&metric.description)
            .bind(&metric.expression)
            .bind(&metric.metric_type)
            .bind(&metric.d3format)
            .bind(
                metric
                    .currency
                    .as_ref()
                    .filter(|value| !value.is_null())
                    .map(|value| value.to_string()),
            )
            .bind(&metric.warning_text)
            .bind(json_text(&metric.extra))
            .execute(&mut *self.tx)
            .await
            .map_err(|error| {
                conflict_on_unique(error, || format!("Metric {} appears twice", metric.metric_name))
            })?;
        }
        Ok(id)
    }

    /// Writes a chart; `params` and `query_context` already point at the dataset.
    pub async fn write_chart(
        &mut self,
        config: &ChartConfig,
        dataset_id: i64,
        params: &str,
        query_context: Option<&str>,
        target: Target,
    ) -> StoreResult<i64> {
        match target {
            Target::Existing(id) => {
                sqlx::query(
                    "UPDATE slices SET slice_name = $1, viz_type = $2, datasource_id = $3, datasource_type = 'table',
                        params = $4, query_context = $5, description = $6, cache_timeout = $7, certified_by = $8,
                        certification_details = $9, changed_on = $10, changed_by_fk = $11
                     WHERE id = $12",
                )
                .bind(&config.slice_name)
                .bind(&config.viz_type)
                .bind(dataset_id)
                .bind(params)
                .bind(query_context)
                .bind(&config.description)
                .bind(config.cache_timeout)
                .bind(&config.certified_by)
                .bind(&config.certification_details)
                .bind(&self.now)
                .bind(self.user_id)
                .bind(id)
                .execute(&mut *self.tx)
                .await?;
                Ok(id)
            }
            Target::New => {
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params,
                                         query_context, description, cache_timeout, certified_by,
                                         certification_details, created_on, changed_on, created_by_fk, changed_by_fk)
                     VALUES ($1, $2, $3, $4, 'table', $5, $6, $7, $8, $9, $10, $11, $11, $12, $12) RETURNING id",
                )
                .bind(config.uuid.to_string())
                .bind(&config.slice_name)
                .bind(&config.viz_type)
                .bind(dataset_id)
                .bind(params)
                .bind(query_context)
                .bind(&config.description)
                .bind(config.cache_timeout)
                .bind(&config.certified_by)
                .bind(&config.certification_details)
                .bind(&self.now)
                .bind(self.user_id)
                .fetch_one(&mut *self.tx)
                .await?;
                sqlx::query("INSERT INTO slice_user (slice_id, user_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(self.user_id)
                    .execute(&mut *self.tx)
                    .await?;
                Ok(id)
            }
        }
    }

    /// Sets a chart's query context (it names the chart's own id, known once written).
    pub async fn set_chart_query_context(&mut self, id: i64, query_context: Option<&str>) -> StoreResult<()> {
        sqlx::query("UPDATE slices SET query_context = $1 WHERE id = $2")
            .bind(query_context)
            .bind(id)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
    }

    /// Writes a dashboard with its charts; `position_json` and `json_metadata` already hold the
    /// new chart ids.
    pub async fn write_dashboard(
        &mut self,
        config: &DashboardConfig,
        position_json: &str,
        json_metadata: &str,
        chart_ids: &[i64],
        target: Target,
    ) -> StoreResult<i64> {
        let slug = config
            .slug
            .as_deref()
            .map(str::trim)
            .filter(|slug| !slug.is_empty());
        let taken = || format!("The slug \"{}\" is already used", slug.unwrap_or_default());
        let id = match target {
            Target::Existing(id) => {
                sqlx::query(
                    "UPDATE dashboards SET dashboard_title = $1, description = $2, css = $3, slug = $4,
                        certified_by = $5, certification_details = $6, published = $7, position_json = $8,
                        json_metadata = $9, changed_on = $10, changed_by_fk = $11
                     WHERE id = $12",
                )
                .bind(&config.dashboard_title)
                .bind(&config.description)
                .bind(&config.css)
                .bind(slug)
                .bind(&config.certified_by)
                .bind(&config.certification_details)
                .bind(config.published)
                .bind(position_json)
                .bind(json_metadata)
                .bind(&self.now)
                .bind(self.user_id)
                .bind(id)
                .execute(&mut *self.tx)
                .await
                .map_err(|error| conflict_on_unique(error, taken))?;
                sqlx::query("DELETE FROM dashboard_slices WHERE dashboard_id = $1")
                    .bind(id)
                    .execute(&mut *self.tx)
                    .await?;
                id
            }
            Target::New => {
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO dashboards (uuid, dashboard_title, description, css, slug, certified_by,
                                             certification_details, published, position_json, json_metadata,
                                             created_on, changed_on, created_by_fk, changed_by_fk)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $12) RETURNING id",
                )
                .bind(config.uuid.to_string())
                .bind(&config.dashboard_title)
                .bind(&config.description)
                .bind(&config.css)
                .bind(slug)
                .bind(&config.certified_by)
                .bind(&config.certification_details)
                .bind(config.published)
                .bind(position_json)
                .bind(json_metadata)
                .bind(&self.now)
                .bind(self.user_id)
                .fetch_one(&mut *self.tx)
                .await
                .map_err(|error| conflict_on_unique(error, taken))?;
                sqlx::query("INSERT INTO dashboard_user (dashboard_id, user_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(self.user_id)
                    .execute(&mut *self.tx)
                    .await?;
                id
            }
        };
        let mut chart_ids = chart_ids.to_vec();
        chart_ids.sort_unstable();
        chart_ids.dedup();
        for chart_id in chart_ids {
            sqlx::query("INSERT INTO dashboard_slices (dashboard_id, slice_id) VALUES ($1, $2)")
                .bind(id)
                .bind(chart_id)
                .execute(&mut *self.tx)
                .await?;
        }
        Ok(id)
    }

    /// Writes a saved query, owned by the importing user when new.
    pub async fn write_saved_query(
        &mut self,
        config: &SavedQueryConfig,
        database_id: i64,
        target: Target,
    ) -> StoreResult<i64> {
        let template_parameters = json_text(&config.template_parameters);
        let description = config.description.clone().unwrap_or_default();
        match target {
            Target::Existing(id) => {
                sqlx::query(
                    "UPDATE saved_query SET db_id = $1, catalog = $2, schema = $3, label = $4, description = $5,
                        sql = $6, template_parameters = $7, changed_on = $8, changed_by_fk = $9
                     WHERE id = $10",
                )
                .bind(database_id)
                .bind(&config.catalog)
                .bind(&config.schema)
                .bind(&config.label)
                .bind(&description)
                .bind(&config.sql)
                .bind(&template_parameters)
                .bind(&self.now)
                .bind(self.user_id)
                .bind(id)
                .execute(&mut *self.tx)
                .await?;
                Ok(id)
            }
            Target::New => Ok(sqlx::query_scalar(
                "INSERT INTO saved_query (uuid, user_id, db_id, catalog, schema, label, description, sql,
                                          template_parameters, created_on, changed_on, created_by_fk, changed_by_fk)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $2, $2) RETURNING id",
            )
            .bind(config.uuid.to_string())
            .bind(self.user_id)
            .bind(database_id)
            .bind(&config.catalog)
            .bind(&config.schema)
            .bind(&config.label)
            .bind(&description)
            .bind(&config.sql)
            .bind(&template_parameters)
            .bind(&self.now)
            .fetch_one(&mut *self.tx)
            .await?),
        }
    }
}
