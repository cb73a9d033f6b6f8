//! `POST /api/v1/dataset/`: a dataset over a table of a database (its columns read from the
//! table) or over SQL (a virtual dataset: one read-only statement, whose columns are those of its
//! result), and `POST /api/v1/dataset/get_or_create/`.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{
    Dataset, DatasetColumnPut, DatasetGetOrCreate, DatasetPost, DatasetTableId, IdResult, ResultResponse,
};
use serde_json::{json, Map};

use crate::auth::{AuthUser, CurrentUser};
use crate::chart_data::dataset_sql::rendered_source_sql;
use crate::chart_data::engine_error;
use crate::engines::{RunControl, Statement};
use crate::error::{ApiError, AppJson};
use crate::sqllab::guard::{self, SqlEngine, StatementKind};
use crate::sqllab::run::authorized_database;
use crate::sqllab::{browse, results};
use crate::state::AppState;
use crate::store::database::DatabaseRecord;
use crate::store::dataset::{generic_type_of, NewColumn, NewDataset};
use crate::store::dataset_origin::DatasetOrigin;
use crate::store::StoreError;

/// Superset's texts when a virtual dataset's SQL is not one read.
const ONLY_SELECT: &str = "Only `SELECT` statements are allowed";
const ONLY_SINGLE: &str = "Only single queries supported";

/// Superset's 422 `{"message": {field: [text]}}`.
fn invalid_field(field: &str, text: String) -> ApiError {
    ApiError::invalid(Map::from_iter([(field.to_owned(), json!([text]))]))
}

/// The columns of a physical dataset's table; a missing table is Superset's 422.
async fn table_columns(
    app: &AppState,
    database: &DatabaseRecord,
    schema: &str,
    table_name: &str,
) -> Result<Vec<NewColumn>, ApiError> {
    let kind = SqlEngine::from_backend(&database.backend).ok_or_else(|| {
        ApiError::bad_request(format!("The {} engine is not supported yet", database.backend))
    })?;
    let engine = app
        .engines
        .engine_for(database)
        .await
        .map_err(|error| crate::chart_data::engine_open_error(&database.backend, error))?;
    let metadata = browse::table_metadata(&engine, kind, None, schema, table_name)
        .await
        .map_err(|error| engine_error(engine.engine_name(), error, ""))?
        .ok_or_else(|| {
            invalid_field(
                "table",
                format!(
                    "Table [{schema}].[{table_name}] could not be found, please double check your database connection, schema, and table name"
                ),
            )
        })?;
    Ok(metadata
        .columns
        .into_iter()
        .map(|column| NewColumn {
            is_dttm: generic_type_of(&column.column_type) == Some(quiver_types::GenericDataType::Temporal),
            column_name: column.name,
            column_type: column.column_type,
            expression: None,
        })
        .collect())
}

/// The columns of a virtual dataset: its SQL must be one read statement (checked by SQL Lab's
/// guard, whatever the database allows), run for one row to read the result's columns.
async fn query_columns(
    app: &AppState,
    database: &DatabaseRecord,
    sql: &str,
) -> Result<Vec<NewColumn>, ApiError> {
    let kind = SqlEngine::from_backend(&database.backend).ok_or_else(|| {
        ApiError::bad_request(format!("The {} engine is not supported yet", database.backend))
    })?;
    let statements = guard::check_script(sql, kind, false).map_err(|error| match error {
        guard::GuardError::DmlNotAllowed
        | guard::GuardError::ForbiddenFunction(_)
        | guard::GuardError::FileRelation(_) => invalid_field("sql", ONLY_SELECT.to_owned()),
        other => invalid_field("sql", other.to_string()),
    })?;
    let [statement] = statements.as_slice() else {
        return Err(invalid_field("sql", ONLY_SINGLE.to_owned()));
    };
    if statement.kind != StatementKind::Select {
        return Err(invalid_field("sql", ONLY_SELECT.to_owned()));
    }
    let engine = app
        .engines
        .engine_for(database)
        .await
        .map_err(|error| crate::chart_data::engine_open_error(&database.backend, error))?;
    let limited = guard::apply_limit(statement, 1);
    let control = RunControl {
        cancel: None,
        read_only: true,
    };
    let timeout = Duration::from_secs(app.settings.query_timeout_seconds.max(1));
    let output = engine
        .execute_controlled(
            Statement {
                sql: limited.sql.clone(),
                params: vec![],
            },
            timeout,
            &control,
        )
        .await
        .map_err(|error| engine_error(engine.engine_name(), error, &limited.sql))?;
    let columns = results::result_columns(&output.schema);
    if columns.is_empty() {
        return Err(invalid_field("sql", "The query returned no columns".to_owned()));
    }
    Ok(columns
        .into_iter()
        .map(|column| NewColumn {
            is_dttm: column.is_dttm,
            column_name: column.column_name,
            column_type: column.column_type,
            expression: None,
        })
        .collect())
}

/// An optional text field: blank is none.
fn given(text: Option<&str>) -> Option<&str> {
    text.filter(|text| !text.trim().is_empty())
}

/// Template parameters must be a JSON object when given.
fn check_template_params(template_params: Option<&str>) -> Result<(), ApiError> {
    match given(template_params) {
        Some(text) => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(_)) => Ok(()),
            _ => Err(invalid_field(
                "template_params",
                "Template parameters must be a JSON object".to_owned(),
            )),
        },
        None => Ok(()),
    }
}

/// What a new dataset is made of, as both creating calls give it.
struct DatasetRequest<'a> {
    /// Whose `current_username()` a templated SQL renders with.
    user: &'a AuthUser,
    database: &'a DatabaseRecord,
    catalog: Option<&'a str>,
    schema: Option<&'a str>,
    table_name: &'a str,
    sql: Option<&'a str>,
    owners: Vec<i64>,
    template_params: Option<&'a str>,
    is_managed_externally: Option<bool>,
    external_url: Option<&'a str>,
    /// The payload's columns: a column of the same name as a source column sets its `is_dttm`.
    given_columns: &'a [DatasetColumnPut],
}

/// The source's columns, marked temporal or not as the client's column of the same name says
/// (SQL Lab knows a text column holds dates).
fn with_given_temporal_flags(columns: Vec<NewColumn>, given_columns: &[DatasetColumnPut]) -> Vec<NewColumn> {
    columns
        .into_iter()
        .map(|column| {
            let given_is_dttm = given_columns
                .iter()
                .find(|given| given.column_name == column.column_name)
                .and_then(|given| given.is_dttm);
            NewColumn {
                is_dttm: given_is_dttm.unwrap_or(column.is_dttm),
                ..column
            }
        })
        .collect()
}

/// The one code path that creates a dataset: physical (columns read from the table) or virtual
/// (columns of the query's result); answers its id.
async fn create(app: &AppState, request: DatasetRequest<'_>) -> Result<i64, ApiError> {
    let DatasetRequest {
        user,
        database,
        catalog,
        schema,
        table_name,
        sql,
        owners,
        template_params,
        is_managed_externally,
        external_url,
        given_columns,
    } = request;
    if table_name.is_empty() || table_name.chars().count() > 250 {
        return Err(ApiError::validation(Map::from_iter([(
            "table_name".to_owned(),
            json!(["Length must be between 1 and 250."]),
        )])));
    }
    check_template_params(template_params)?;
    if app
        .store
        .dataset_id_by_table(database.id, schema, table_name)
        .await?
        .is_some()
    {
        return Err(invalid_field(
            "table_name",
            format!("Dataset {table_name} already exists"),
        ));
    }
    let columns = match sql {
        Some(sql) => {
            // The columns are those of the rendered SQL; the dataset keeps its template.
            let rendered = rendered_source_sql(sql, template_params, user)?;
            query_columns(app, database, &rendered).await?
        }
        None => {
            let default_schema = if database.backend == "postgresql" {
                "public"
            } else {
                "main"
            };
            table_columns(app, database, schema.unwrap_or(default_schema), table_name).await?
        }
    };
    let columns = with_given_temporal_flags(columns, given_columns);
    let mut owners = owners;
    owners.sort_unstable();
    owners.dedup();
    if app.store.existing_user_ids(&owners).await?.len() != owners.len() {
        return Err(invalid_field("owners", "Owners are invalid".to_owned()));
    }
    let created = app
        .store
        .create_dataset(&NewDataset {
            database_id: database.id,
            schema,
            table_name,
            sql,
            main_dttm_col: columns
                .iter()
                .find(|column| column.is_dttm)
                .map(|column| column.column_name.as_str()),
            columns: &columns,
            metrics: &[],
            owners: &owners,
        })
        .await;
    let id = match created {
        Ok(id) => id,
        Err(StoreError::Conflict(_)) => {
            return Err(invalid_field(
                "table_name",
                format!("Dataset {table_name} already exists"),
            ))
        }
        Err(other) => return Err(other.into()),
    };
    let origin = DatasetOrigin {
        catalog,
        template_params,
        is_managed_externally,
        external_url,
    };
    if origin.catalog.is_some()
        || origin.template_params.is_some()
        || origin.is_managed_externally.is_some()
        || origin.external_url.is_some()
    {
        app.store.set_dataset_origin(id, &origin).await?;
    }
    Ok(id)
}

/// `POST /api/v1/dataset/`: 201 `{"id", "result"}`; the creator owns it unless owners are given.
pub async fn create_dataset(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(post): AppJson<DatasetPost>,
) -> Result<(StatusCode, AppJson<IdResult<Dataset>>), ApiError> {
    let database = authorized_database(&app, &user, post.database).await?;
    let id = create(
        &app,
        DatasetRequest {
            user: &user,
            database: &database,
            catalog: given(post.catalog.as_deref()),
            schema: given(post.schema.as_deref()),
            table_name: post.table_name.trim(),
            sql: given(post.sql.as_deref()),
            owners: post.owners.unwrap_or_else(|| vec![user.id]),
            template_params: given(post.template_params.as_deref()),
            is_managed_externally: post.is_managed_externally,
            external_url: given(post.external_url.as_deref()),
            given_columns: post.columns.as_deref().unwrap_or_default(),
        },
    )
    .await?;
    let result = app.store.dataset(id).await?;
    Ok((StatusCode::CREATED, AppJson(IdResult { id, result })))
}

/// `POST /api/v1/dataset/get_or_create/`: the id of the database's dataset with that schema and
/// table name, a physical dataset created for it when there is none; `{"result": {"table_id"}}`.
pub async fn get_or_create_dataset(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(payload): AppJson<DatasetGetOrCreate>,
) -> Result<AppJson<ResultResponse<DatasetTableId>>, ApiError> {
    let database = authorized_database(&app, &user, payload.database_id).await?;
    let schema = given(payload.schema.as_deref());
    let table_name = payload.table_name.trim();
    let existing = app
        .store
        .dataset_id_by_table(database.id, schema, table_name)
        .await?;
    let table_id = match existing {
        Some(id) => id,
        None => {
            create(
                &app,
                DatasetRequest {
                    user: &user,
                    database: &database,
                    catalog: given(payload.catalog.as_deref()),
                    schema,
                    table_name,
                    sql: None,
                    owners: vec![user.id],
                    template_params: given(payload.template_params.as_deref()),
                    is_managed_externally: None,
                    external_url: None,
                    given_columns: &[],
                },
            )
            .await?
        }
    };
    Ok(AppJson(ResultResponse {
        result: DatasetTableId { table_id },
    }))
}
