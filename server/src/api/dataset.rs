//! Datasets: `GET /api/v1/dataset/` and `GET /api/v1/dataset/{pk}`.

use axum::extract::State;
use quiver_types::{Dataset, DatasetListDatabase, DatasetListItem};
use serde::Deserialize;
use serde_json::{json, Value};

use super::chart_list::visible_datasets;
use super::humanize::time_ago;
use super::list_answer::{keep_selected_fields, list_answer, user_name, user_ref};
use super::list_query::{parse_list_query, parse_show_columns};
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppPath, AppQuery};
use crate::sqllab::ctas::quote_identifier;
use crate::sqllab::guard::SqlEngine;
use crate::state::AppState;
use crate::store::dataset_list::{DatasetListRow, DATASET_LIST};

/// The raw `?q=` of list calls.
#[derive(Debug, Deserialize)]
pub struct ListParams {
    pub q: Option<String>,
}

/// `GET /api/v1/dataset/{pk}`: `{"id": 1, "result": {...}}`, the dataset with Superset's `name`
/// and `select_star`. `?q=(columns:!(name,schema,database.id,select_star))` keeps only the
/// fields named (a dotted name keeps its whole top field), as SQL Lab reads a dataset to query
/// it (spec 002 section 7).
pub async fn get_dataset(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let columns = parse_show_columns(params.q.as_deref())?;
    let dataset = app.store.dataset(id).await?;
    let name = dataset_name(&dataset);
    let select_star = dataset_select_star(&dataset);
    let mut result = serde_json::to_value(&dataset).map_err(ApiError::internal)?;
    if let Value::Object(fields) = &mut result {
        fields.insert("name".to_owned(), Value::String(name));
        fields.insert(
            "select_star".to_owned(),
            select_star.map_or(Value::Null, Value::String),
        );
    }
    if !columns.is_empty() {
        keep_selected_fields(&mut result, &columns);
    }
    Ok(axum::Json(json!({ "id": id, "result": result })))
}

/// Superset's `SqlaTable.name`: `schema.table_name`, or the table name without a schema.
fn dataset_name(dataset: &Dataset) -> String {
    match &dataset.schema {
        Some(schema) if !schema.is_empty() => format!("{schema}.{}", dataset.table_name),
        _ => dataset.table_name.clone(),
    }
}

/// Superset's `SqlaTable.select_star` (no column list, no partition lookup):
/// `SELECT *\nFROM "schema"."table"\nLIMIT 100`, quoted for the engine (SQLite: the table
/// alone); `None` for a backend SQL Lab does not know.
fn dataset_select_star(dataset: &Dataset) -> Option<String> {
    let engine = SqlEngine::from_backend(&dataset.database.backend)?;
    let table = quote_identifier(engine, &dataset.table_name);
    let from = match dataset.schema.as_deref().filter(|schema| !schema.is_empty()) {
        Some(schema) if engine != SqlEngine::Sqlite => {
            format!("{}.{table}", quote_identifier(engine, schema))
        }
        _ => table,
    };
    Some(format!("SELECT *\nFROM {from}\nLIMIT 100"))
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

#[cfg(test)]
mod tests {
    use quiver_types::{DatabaseId, DatabaseRef, DatasetId};

    use super::*;

    fn dataset(backend: &str, schema: Option<&str>, table_name: &str) -> Dataset {
        Dataset {
            id: DatasetId(1),
            table_name: table_name.to_owned(),
            schema: schema.map(str::to_owned),
            catalog: None,
            database: DatabaseRef {
                id: DatabaseId(1),
                database_name: "db".to_owned(),
                backend: backend.to_owned(),
                allow_multi_catalog: false,
            },
            sql: None,
            kind: "physical".to_owned(),
            description: None,
            main_dttm_col: None,
            cache_timeout: None,
            is_managed_externally: false,
            external_url: None,
            owners: vec![],
            columns: vec![],
            metrics: vec![],
            uuid: None,
            changed_on: None,
            created_on: None,
            filter_select_enabled: true,
            fetch_values_predicate: None,
            normalize_columns: false,
            always_filter_main_dttm: false,
            offset: 0,
            default_endpoint: None,
            is_sqllab_view: false,
            template_params: None,
            extra: None,
            datasource_type: "table".to_owned(),
            url: "/tablemodelview/edit/1".to_owned(),
        }
    }

    #[test]
    fn name_and_select_star_follow_superset_per_engine() {
        let cases = [
            (
                "postgresql",
                Some("public"),
                "sales",
                "public.sales",
                Some("SELECT *\nFROM \"public\".\"sales\"\nLIMIT 100"),
            ),
            (
                "mysql",
                Some("shop"),
                "or`ders",
                "shop.or`ders",
                Some("SELECT *\nFROM `shop`.`or``ders`\nLIMIT 100"),
            ),
            (
                "sqlite",
                Some("main"),
                "flights",
                "main.flights",
                Some("SELECT *\nFROM \"flights\"\nLIMIT 100"),
            ),
            (
                "duckdb",
                None,
                "births",
                "births",
                Some("SELECT *\nFROM \"births\"\nLIMIT 100"),
            ),
            ("oracle", Some("hr"), "staff", "hr.staff", None),
        ];
        for (backend, schema, table, name, select_star) in cases {
            let dataset = dataset(backend, schema, table);
            assert_eq!(dataset_name(&dataset), name, "{backend}");
            assert_eq!(dataset_select_star(&dataset).as_deref(), select_star, "{backend}");
        }
    }
}
