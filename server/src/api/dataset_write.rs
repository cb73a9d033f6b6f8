//! Changing datasets: `PUT /api/v1/dataset/{pk}` (the Edit Dataset dialog's save, with
//! `override_columns`), `PUT /api/v1/dataset/{pk}/refresh` (sync columns from the source),
//! `DELETE /api/v1/dataset/{pk}` and `GET /api/v1/dataset/{pk}/related_objects`.

use std::collections::HashSet;
use std::time::Duration;

use axum::extract::State;
use quiver_types::{
    Dataset, DatasetPut, DatasetRelatedObjects, GenericDataType, IdResult, MessageResponse, RelatedList,
};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::database_write::{parse_whole_number, NotWholeNumber};
use crate::auth::guard::FORBIDDEN;
use crate::auth::{AuthUser, CurrentUser};
use crate::chart_data::dataset_sql::rendered_source_sql;
use crate::chart_data::engine_error;
use crate::engines::{RunControl, Statement};
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::query::validate::validate_fragment;
use crate::sqllab::browse;
use crate::sqllab::guard::SqlEngine;
use crate::sqllab::run::authorized_database;
use crate::state::AppState;
use crate::store::bulk_delete::DATASETS;
use crate::store::dataset::{generic_type_of, NewColumn};
use crate::store::dataset_write::{DatasetLists, DatasetSettings};
use crate::store::StoreError;

/// How long reading a virtual dataset's columns may take.
const SYNC_TIMEOUT: Duration = Duration::from_secs(60);

/// Superset's text for a dataset the user may not change.
pub const DATASET_FORBIDDEN: &str = "Changing this Dataset is forbidden";

/// Spec 001 section 5: a value that is not a whole number.
pub const NOT_AN_INTEGER: &str = "is expected to be an integer";

/// A metric's or column's `extra` that is not a JSON object.
const EXTRA_NOT_JSON: &str = "Field cannot be decoded by JSON.";

/// `?override_columns=true` of the save.
#[derive(Debug, Deserialize)]
pub struct OverrideColumnsParams {
    #[serde(default)]
    pub override_columns: Option<bool>,
}

fn invalid(field: &str, text: impl Into<String>) -> ApiError {
    ApiError::invalid(Map::from_iter([(field.to_owned(), json!([text.into()]))]))
}

fn bad_field(field: &str, text: impl Into<String>) -> ApiError {
    ApiError::validation(Map::from_iter([(field.to_owned(), json!([text.into()]))]))
}

/// The dataset's settings, after checking it exists and the user owns it (admins own all).
async fn owned_dataset(app: &AppState, user: &AuthUser, id: i64) -> Result<DatasetSettings, ApiError> {
    let settings = app
        .store
        .dataset_settings(id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let owners = app.store.owners_of_existing(&DATASETS, &[id]).await?;
    let is_owner = owners
        .get(&id)
        .is_some_and(|owner_ids| owner_ids.contains(&user.id));
    if !user.is_admin() && !is_owner {
        return Err(ApiError::forbidden(DATASET_FORBIDDEN));
    }
    Ok(settings)
}

/// A whole-number field of the save (`cache_timeout`, `offset`): null and empty text are none
/// (spec 001 sections 3 and 5); `"1.5"` is refused with the spec's text.
fn whole_number(field: &str, value: Option<&Value>) -> Result<Option<i64>, ApiError> {
    parse_whole_number(value).map_err(|NotWholeNumber| bad_field(field, NOT_AN_INTEGER))
}

/// A metric's or column's `extra`: empty, or a JSON object (`certification` with `certified_by`
/// and `details`, `warning_markdown`).
fn check_item_extra(field: &str, extra: Option<&str>) -> Result<(), ApiError> {
    let Some(text) = extra.filter(|text| !text.trim().is_empty()) else {
        return Ok(());
    };
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(_)) => Ok(()),
        _ => Err(bad_field(field, EXTRA_NOT_JSON)),
    }
}

fn non_blank(value: &str) -> Option<String> {
    Some(value.to_owned()).filter(|text| !text.trim().is_empty())
}

/// The settings after a save: the payload's values over the stored ones, empty text as null.
fn apply_settings(stored: DatasetSettings, put: &DatasetPut) -> Result<DatasetSettings, ApiError> {
    let mut settings = stored;
    if let Some(name) = &put.table_name {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 250 {
            return Err(bad_field("table_name", "Length must be between 1 and 250."));
        }
        name.clone_into(&mut settings.table_name);
    }
    if let Some(database_id) = put.database_id {
        settings.database_id = database_id;
    }
    let texts = [
        (&put.catalog, &mut settings.catalog),
        (&put.schema, &mut settings.schema),
        (&put.sql, &mut settings.sql),
        (&put.description, &mut settings.description),
        (&put.main_dttm_col, &mut settings.main_dttm_col),
        (&put.default_endpoint, &mut settings.default_endpoint),
        (&put.template_params, &mut settings.template_params),
        (&put.extra, &mut settings.extra),
        (&put.fetch_values_predicate, &mut settings.fetch_values_predicate),
        (&put.external_url, &mut settings.external_url),
    ];
    for (given, field) in texts {
        if let Some(value) = given {
            *field = non_blank(value);
        }
    }
    let flags = [
        (put.filter_select_enabled, &mut settings.filter_select_enabled),
        (put.normalize_columns, &mut settings.normalize_columns),
        (put.always_filter_main_dttm, &mut settings.always_filter_main_dttm),
        (put.is_sqllab_view, &mut settings.is_sqllab_view),
        (put.is_managed_externally, &mut settings.is_managed_externally),
    ];
    for (given, field) in flags {
        if let Some(value) = given {
            *field = value;
        }
    }
    if put.cache_timeout.is_some() {
        settings.cache_timeout = whole_number("cache_timeout", put.cache_timeout.as_ref())?;
    }
    if put.offset.is_some() {
        settings.offset = whole_number("offset", put.offset.as_ref())?.unwrap_or(0);
    }
    for (field, text) in [
        ("extra", &settings.extra),
        ("template_params", &settings.template_params),
    ] {
        if let Some(text) = text {
            if serde_json::from_str::<Value>(text).is_err() {
                return Err(bad_field(field, "Field cannot be decoded by JSON."));
            }
        }
    }
    if let Some(predicate) = &settings.fetch_values_predicate {
        validate_fragment(predicate).map_err(|error| invalid("fetch_values_predicate", error.to_string()))?;
    }
    Ok(settings)
}

/// The payload's columns and metrics: unique names, known ids, checked expressions.
fn check_lists(
    put: &DatasetPut,
    column_ids: &[i64],
    metric_ids: &[i64],
    override_columns: bool,
) -> Result<(), ApiError> {
    if let Some(columns) = &put.columns {
        let mut names = HashSet::new();
        for column in columns {
            let name = column.column_name.trim();
            if name.is_empty() {
                return Err(invalid("columns", "Column names may not be empty"));
            }
            if !names.insert(name.to_owned()) {
                return Err(invalid("columns", "One or more columns are duplicated"));
            }
            let unknown_id = column.id.is_some_and(|id| !column_ids.contains(&id));
            if unknown_id && !override_columns {
                return Err(invalid("columns", "One or more columns do not exist"));
            }
            check_item_extra("columns", column.extra.as_deref())?;
            if let Some(expression) = column
                .expression
                .as_deref()
                .filter(|text| !text.trim().is_empty())
            {
                validate_fragment(expression).map_err(|error| invalid("columns", error.to_string()))?;
            }
        }
    }
    if let Some(metrics) = &put.metrics {
        let mut names = HashSet::new();
        for metric in metrics {
            let name = metric.metric_name.trim();
            if name.is_empty() {
                return Err(invalid("metrics", "Metric names may not be empty"));
            }
            if !names.insert(name.to_owned()) {
                return Err(invalid("metrics", "One or more metrics are duplicated"));
            }
            if metric.id.is_some_and(|id| !metric_ids.contains(&id)) {
                return Err(invalid("metrics", "One or more metrics do not exist"));
            }
            check_item_extra("metrics", metric.extra.as_deref())?;
            validate_fragment(&metric.expression).map_err(|error| invalid("metrics", error.to_string()))?;
        }
    }
    Ok(())
}

/// `PUT /api/v1/dataset/{pk}?override_columns=`: 200 `{"id", "result"}` with the saved dataset.
pub async fn update_dataset(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<OverrideColumnsParams>,
    AppJson(put): AppJson<DatasetPut>,
) -> Result<AppJson<IdResult<Dataset>>, ApiError> {
    let stored = owned_dataset(&app, &user, id).await?;
    if stored.is_managed_externally && put.is_managed_externally != Some(false) {
        return Err(ApiError::message(
            ErrorKind::UnprocessableEntity,
            "This dataset is managed externally and cannot be edited in Quiver",
        ));
    }
    let settings = apply_settings(stored.clone(), &put)?;
    if settings.database_id != stored.database_id {
        match app.store.database(settings.database_id).await {
            Ok(_) => {}
            Err(StoreError::NotFound) => return Err(invalid("database", "Database does not exist")),
            Err(other) => return Err(other.into()),
        }
    }
    let override_columns = params.override_columns.unwrap_or(false);
    let (column_ids, metric_ids) = app.store.dataset_child_ids(id).await?;
    check_lists(&put, &column_ids, &metric_ids, override_columns)?;
    let mut owners = put.owners.clone();
    if let Some(owners) = owners.as_mut() {
        owners.sort_unstable();
        owners.dedup();
        if app.store.existing_user_ids(owners.as_slice()).await?.len() != owners.len() {
            return Err(invalid("owners", "Owners are invalid"));
        }
    }
    let lists = DatasetLists {
        columns: put.columns.as_deref(),
        override_columns,
        metrics: put.metrics.as_deref(),
        owners: owners.as_deref(),
    };
    match app.store.update_dataset(id, &settings, &lists, user.id).await {
        Ok(()) => {}
        Err(StoreError::Conflict(text)) if text.starts_with("One or more") => {
            let field = if text.contains("metrics") {
                "metrics"
            } else {
                "columns"
            };
            return Err(invalid(field, text));
        }
        Err(StoreError::Conflict(text)) => return Err(invalid("table_name", text)),
        Err(other) => return Err(other.into()),
    }
    let result = app.store.dataset(id).await?;
    Ok(AppJson(IdResult { id, result }))
}

/// A name for the Arrow type of a virtual dataset's column, as engines name types.
fn type_name_of(data_type: &arrow::datatypes::DataType) -> String {
    use arrow::datatypes::DataType;
    match data_type {
        DataType::Boolean => "BOOLEAN".to_owned(),
        DataType::Int8 | DataType::Int16 | DataType::Int32 | DataType::UInt8 | DataType::UInt16 => {
            "INTEGER".to_owned()
        }
        DataType::Int64 | DataType::UInt32 | DataType::UInt64 => "BIGINT".to_owned(),
        DataType::Float16 | DataType::Float32 | DataType::Float64 => "DOUBLE".to_owned(),
        DataType::Decimal128(precision, scale) | DataType::Decimal256(precision, scale) => {
            format!("DECIMAL({precision},{scale})")
        }
        DataType::Date32 | DataType::Date64 => "DATE".to_owned(),
        DataType::Timestamp(_, _) => "TIMESTAMP".to_owned(),
        DataType::Time32(_) | DataType::Time64(_) => "TIME".to_owned(),
        _ => "VARCHAR".to_owned(),
    }
}

/// The columns of a dataset's source: its table's, or those its SQL answers.
pub async fn source_columns(
    app: &AppState,
    user: &AuthUser,
    settings: &DatasetSettings,
) -> Result<Vec<NewColumn>, ApiError> {
    let database = authorized_database(app, user, settings.database_id).await?;
    let kind = SqlEngine::from_backend(&database.backend).ok_or_else(|| {
        ApiError::bad_request(format!("The {} engine is not supported yet", database.backend))
    })?;
    let engine = app
        .engines
        .engine_for(&database)
        .await
        .map_err(|error| crate::chart_data::engine_open_error(&database.backend, error))?;
    let column = |name: String, type_name: String| NewColumn {
        is_dttm: generic_type_of(&type_name) == Some(GenericDataType::Temporal),
        column_name: name,
        column_type: type_name,
        expression: None,
    };
    if let Some(sql) = settings.sql.as_deref().filter(|sql| !sql.trim().is_empty()) {
        // A templated SQL is read as rendered with the dataset's parameters and the user.
        let rendered = rendered_source_sql(sql, settings.template_params.as_deref(), user)?;
        let trimmed = rendered.trim().trim_end_matches(';');
        let statement = Statement {
            sql: format!("SELECT * FROM ({trimmed}) AS virtual_table LIMIT 0"),
            params: vec![],
        };
        let control = RunControl {
            cancel: None,
            read_only: true,
        };
        let output = engine
            .execute_controlled(statement, SYNC_TIMEOUT, &control)
            .await
            .map_err(|error| engine_error(engine.engine_name(), error, trimmed))?;
        return Ok(output
            .schema
            .fields()
            .iter()
            .map(|field| column(field.name().clone(), type_name_of(field.data_type())))
            .collect());
    }
    let default_schema = if kind == SqlEngine::Postgres {
        "public"
    } else {
        "main"
    };
    let schema = settings.schema.as_deref().unwrap_or(default_schema);
    let metadata = browse::table_metadata(&engine, kind, None, schema, &settings.table_name)
        .await
        .map_err(|error| engine_error(engine.engine_name(), error, ""))?
        .ok_or_else(|| {
            invalid(
                "table",
                format!(
                    "Table [{schema}].[{}] could not be found, please double check your database connection, schema, and table name",
                    settings.table_name
                ),
            )
        })?;
    Ok(metadata
        .columns
        .into_iter()
        .map(|metadata_column| column(metadata_column.name, metadata_column.column_type))
        .collect())
}

/// `PUT /api/v1/dataset/{pk}/refresh`: the columns synced with the source; `{"message": "OK"}`.
pub async fn refresh_dataset(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let settings = owned_dataset(&app, &user, id).await?;
    let columns = source_columns(&app, &user, &settings).await?;
    app.store.sync_dataset_columns(id, &columns).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}

/// `DELETE /api/v1/dataset/{pk}`: its charts stay, as in Superset (the dialog lists them first).
pub async fn delete_dataset(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let owners = app.store.owners_of_existing(&DATASETS, &[id]).await?;
    let Some(owner_ids) = owners.get(&id) else {
        return Err(ApiError::not_found());
    };
    if !user.is_admin() && !owner_ids.contains(&user.id) {
        return Err(ApiError::forbidden(FORBIDDEN));
    }
    app.store.delete_resources(&DATASETS, &[id]).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}

/// `GET /api/v1/dataset/{pk}/related_objects`: the charts on the dataset and their dashboards.
pub async fn related_objects(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<DatasetRelatedObjects>, ApiError> {
    app.store
        .dataset_settings(id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let charts = app.store.dataset_charts(id).await?;
    let dashboards = app.store.dataset_dashboards(id).await?;
    Ok(AppJson(DatasetRelatedObjects {
        charts: RelatedList {
            count: charts.len() as i64,
            result: charts,
        },
        dashboards: RelatedList {
            count: dashboards.len() as i64,
            result: dashboards,
        },
    }))
}
