//! Datasets: `GET /api/v1/dataset/` and `GET /api/v1/dataset/{pk}`.

use axum::extract::State;
use quiver_types::{Dataset, DatasetListDatabase, DatasetListItem};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::chart_list::visible_datasets;
use super::humanize::time_ago;
use super::list_answer::{list_answer, user_name, user_ref};
use super::list_query::parse_list_query;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::state::AppState;
use crate::store::dataset_list::{DatasetListRow, DATASET_LIST};

/// `{"id": 1, "result": {...}}`.
#[derive(Debug, Serialize)]
pub struct DatasetResponse {
    pub id: i64,
    pub result: Dataset,
}

/// The raw `?q=` of list calls.
#[derive(Debug, Deserialize)]
pub struct ListParams {
    pub q: Option<String>,
}

/// `GET /api/v1/dataset/{pk}`.
pub async fn get_dataset(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<DatasetResponse>, ApiError> {
    let dataset = app.store.dataset(id).await?;
    Ok(AppJson(DatasetResponse { id, result: dataset }))
}

fn list_item(row: DatasetListRow, now: chrono::DateTime<chrono::Utc>) -> DatasetListItem {
    let changed_by = row.changed_by.map(user_ref);
    let is_virtual = row.sql.as_deref().is_some_and(|sql| !sql.trim().is_empty());
    DatasetListItem {
        id: row.id,
        uuid: row.uuid,
        table_name: row.table_name,
        catalog: row.catalog,
        schema: row.schema,
        sql: row.sql,
        kind: if is_virtual { "virtual" } else { "physical" }.to_owned(),
        datasource_type: "table".to_owned(),
        database: DatasetListDatabase {
            id: row.database_id,
            database_name: row.database_name,
        },
        description: row.description,
        default_endpoint: row.default_endpoint,
        explore_url: format!("/explore/?datasource_type=table&datasource_id={}", row.id),
        extra: row.extra,
        is_managed_externally: row.is_managed_externally,
        owners: row.owners.into_iter().map(user_ref).collect(),
        changed_by_name: user_name(changed_by.as_ref()),
        changed_by,
        changed_on_delta_humanized: time_ago(&row.changed_on, now),
        changed_on_utc: row.changed_on,
    }
}

/// `GET /api/v1/dataset/?q=(filters:!(...),order_column:...,order_direction:...,page:0,page_size:25)`:
/// the datasets the user may read.
pub async fn list_datasets(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query(params.q.as_deref())?;
    let visible = visible_datasets(&app, &user).await?;
    let page = app
        .store
        .list_ids(
            &DATASET_LIST,
            &query,
            Some(user.id),
            visible.as_deref().map(|ids| ("tables.id", ids)),
        )
        .await?;
    let now = chrono::Utc::now();
    let rows = app.store.dataset_list_rows(&page.ids).await?;
    let result = rows.into_iter().map(|row| list_item(row, now)).collect();
    list_answer(page.count, page.ids, result, &query)
}
