//! `POST /api/v1/dataset/`: a dataset over a table of a database (its columns read from the
//! table) or over SQL (a virtual dataset, whose columns come with its first sync).

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{Dataset, DatasetPost, IdResult};
use serde_json::{json, Map};

use crate::auth::CurrentUser;
use crate::chart_data::engine_error;
use crate::error::{ApiError, AppJson};
use crate::sqllab::browse;
use crate::sqllab::guard::SqlEngine;
use crate::sqllab::run::authorized_database;
use crate::state::AppState;
use crate::store::database::DatabaseRecord;
use crate::store::dataset::{generic_type_of, NewColumn, NewDataset};
use crate::store::StoreError;

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
        .map_err(ApiError::internal)?;
    let metadata = browse::table_metadata(&engine, kind, schema, table_name)
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

/// `POST /api/v1/dataset/`: 201 `{"id", "result"}`; the creator owns it unless owners are given.
pub async fn create_dataset(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(post): AppJson<DatasetPost>,
) -> Result<(StatusCode, AppJson<IdResult<Dataset>>), ApiError> {
    let table_name = post.table_name.trim();
    if table_name.is_empty() || table_name.chars().count() > 250 {
        return Err(ApiError::validation(Map::from_iter([(
            "table_name".to_owned(),
            json!(["Length must be between 1 and 250."]),
        )])));
    }
    let database = authorized_database(&app, &user, post.database).await?;
    let sql = post.sql.as_deref().filter(|sql| !sql.trim().is_empty());
    let schema = post.schema.as_deref().filter(|schema| !schema.is_empty());
    let columns = match sql {
        Some(_) => Vec::new(),
        None => {
            let default_schema = if database.backend == "postgresql" {
                "public"
            } else {
                "main"
            };
            table_columns(&app, &database, schema.unwrap_or(default_schema), table_name).await?
        }
    };
    let mut owners = post.owners.unwrap_or_else(|| vec![user.id]);
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
    let result = app.store.dataset(id).await?;
    Ok((StatusCode::CREATED, AppJson(IdResult { id, result })))
}
