//! Stored documents written by an older version (straight into the metadata tables) are answered
//! migrated on every read (chart, chart list, dashboard, export) and written migrated by saves.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::bundles::unzip;
use common::{PostgresDatabase, TestApp};
use serde_json::{json, Value};

const OLD_PARAMS: &str = r#"{"viz_type": "table", "groupby": ["gender"], "row_limit": 10,
    "time_range_endpoints": ["inclusive", "exclusive"]}"#;
const OLD_METADATA: &str = r#"{"show_native_filters": true, "color_scheme": "bnbColors"}"#;

fn old_layout(chart_id: i64) -> String {
    json!({
        "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["GRID_ID"]},
        "GRID_ID": {"type": "GRID", "id": "GRID_ID", "children": ["ROW-1"], "parents": ["ROOT_ID"]},
        "ROW-1": {"type": "ROW", "id": "ROW-1", "children": ["CHART-1"], "parents": ["ROOT_ID", "GRID_ID"],
                  "meta": {"background": "BACKGROUND_TRANSPARENT"}},
        "CHART-1": {"type": "CHART", "id": "CHART-1", "children": [], "parents": ["ROOT_ID", "GRID_ID", "ROW-1"],
                    "meta": {"chartId": chart_id, "width": 4, "height": 50}},
    })
    .to_string()
}

fn parsed(text: &Value) -> Value {
    serde_json::from_str(text.as_str().unwrap()).unwrap()
}

fn migrated_params(dataset_id: i64) -> Value {
    json!({"datasource": format!("{dataset_id}__table"), "viz_type": "table", "groupby": ["gender"],
           "row_limit": 10, "version": 1})
}

/// A chart and a dashboard showing it, as an older version stored them.
async fn insert_old_documents(app: &TestApp, dataset_id: i64) -> (i64, i64) {
    let pool = app.state.store.pool();
    let now = quiver_server::store::now_text();
    let mut params: Value = serde_json::from_str(OLD_PARAMS).unwrap();
    params["datasource"] = json!(format!("{dataset_id}__table"));
    let chart_id: i64 = sqlx::query_scalar(
        "INSERT INTO slices (uuid, slice_name, viz_type, datasource_id, datasource_type, params, created_on, changed_on)
         VALUES ($1, 'Old chart', 'table', $2, 'table', $3, $4, $4) RETURNING id",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(dataset_id)
    .bind(params.to_string())
    .bind(&now)
    .fetch_one(pool)
    .await
    .unwrap();
    let dashboard_id: i64 = sqlx::query_scalar(
        "INSERT INTO dashboards (uuid, dashboard_title, position_json, json_metadata, created_on, changed_on)
         VALUES ($1, 'Old dashboard', $2, $3, $4, $4) RETURNING id",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(old_layout(chart_id))
    .bind(OLD_METADATA)
    .bind(&now)
    .fetch_one(pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO dashboard_slices (dashboard_id, slice_id) VALUES ($1, $2)")
        .bind(dashboard_id)
        .bind(chart_id)
        .execute(pool)
        .await
        .unwrap();
    (chart_id, dashboard_id)
}

async fn stored_chart_params(app: &TestApp, chart_id: i64) -> Value {
    let text: String = sqlx::query_scalar("SELECT params FROM slices WHERE id = $1")
        .bind(chart_id)
        .fetch_one(app.state.store.pool())
        .await
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

async fn stored_dashboard_documents(app: &TestApp, dashboard_id: i64) -> (Value, Value) {
    let (position, metadata): (String, String) =
        sqlx::query_as("SELECT position_json, json_metadata FROM dashboards WHERE id = $1")
            .bind(dashboard_id)
            .fetch_one(app.state.store.pool())
            .await
            .unwrap();
    (
        serde_json::from_str(&position).unwrap(),
        serde_json::from_str(&metadata).unwrap(),
    )
}

async fn old_documents_read_and_save_migrated(app: &TestApp) {
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let (chart_id, dashboard_id) = insert_old_documents(app, dataset_id).await;
    let migrated_metadata = json!({"color_scheme": "bnbColors", "version": 1});

    // Reads answer the migrated documents.
    let chart = app.get(&format!("/api/v1/chart/{chart_id}"), &admin).await;
    assert_eq!(chart.status, StatusCode::OK, "{}", chart.json);
    assert_eq!(
        parsed(&chart.json["result"]["params"]),
        migrated_params(dataset_id)
    );
    assert_eq!(
        parsed(&chart.json["result"]["dashboards"][0]["json_metadata"]),
        migrated_metadata
    );
    let list = app.get("/api/v1/chart/?q=(page_size:100)", &admin).await;
    let listed = list.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["id"] == chart_id)
        .unwrap();
    assert_eq!(parsed(&listed["params"]), migrated_params(dataset_id));

    let dashboard = app
        .get(&format!("/api/v1/dashboard/{dashboard_id}"), &admin)
        .await;
    assert_eq!(dashboard.status, StatusCode::OK, "{}", dashboard.json);
    let position = parsed(&dashboard.json["result"]["position_json"]);
    assert_eq!(position["DASHBOARD_VERSION_KEY"], "v2");
    assert_eq!(position["CHART-1"]["meta"]["chartId"], chart_id);
    assert_eq!(
        parsed(&dashboard.json["result"]["json_metadata"]),
        migrated_metadata
    );

    let export = app
        .get(&format!("/api/v1/dashboard/export/?q=!({dashboard_id})"), &admin)
        .await;
    assert_eq!(export.status, StatusCode::OK);
    let files = unzip(&export.bytes);
    let chart_file = files
        .iter()
        .find(|(name, _)| name.contains("/charts/"))
        .unwrap()
        .1;
    let chart_file: Value = serde_saphyr::from_str(chart_file).unwrap();
    assert_eq!(chart_file["params"]["version"], 1);
    assert_eq!(chart_file["params"].get("time_range_endpoints"), None);
    let dashboard_file = files
        .iter()
        .find(|(name, _)| name.contains("/dashboards/"))
        .unwrap()
        .1;
    let dashboard_file: Value = serde_saphyr::from_str(dashboard_file).unwrap();
    assert_eq!(dashboard_file["metadata"]["version"], 1);
    assert_eq!(dashboard_file["metadata"].get("show_native_filters"), None);
    assert_eq!(dashboard_file["position"]["DASHBOARD_VERSION_KEY"], "v2");

    // Reading changes nothing stored.
    assert_eq!(
        stored_chart_params(app, chart_id).await["time_range_endpoints"],
        json!(["inclusive", "exclusive"])
    );

    // A save of other fields writes the migrated documents.
    let renamed = app
        .call(
            Method::PUT,
            &format!("/api/v1/chart/{chart_id}"),
            Some(json!({"slice_name": "Renamed"})),
            &admin,
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.json);
    assert_eq!(
        stored_chart_params(app, chart_id).await,
        migrated_params(dataset_id)
    );

    let retitled = app
        .call(
            Method::PUT,
            &format!("/api/v1/dashboard/{dashboard_id}"),
            Some(json!({"dashboard_title": "Retitled"})),
            &admin,
        )
        .await;
    assert_eq!(retitled.status, StatusCode::OK, "{}", retitled.json);
    let (position, metadata) = stored_dashboard_documents(app, dashboard_id).await;
    assert_eq!(position["DASHBOARD_VERSION_KEY"], "v2");
    assert_eq!(metadata, migrated_metadata);

    // Documents sent in an older version are saved migrated.
    let created = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Sent old", "viz_type": "table", "datasource_id": dataset_id,
                   "datasource_type": "table", "params": OLD_PARAMS}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let created_id = created.json["id"].as_i64().unwrap();
    assert_eq!(
        stored_chart_params(app, created_id).await,
        json!({"viz_type": "table", "groupby": ["gender"], "row_limit": 10, "version": 1})
    );
    let saved_layout = app
        .call(
            Method::PUT,
            &format!("/api/v1/dashboard/{dashboard_id}"),
            Some(json!({"json_metadata": json!({"positions": serde_json::from_str::<Value>(&old_layout(chart_id)).unwrap(),
                                                "show_native_filters": false, "refresh_frequency": 0}).to_string()})),
            &admin,
        )
        .await;
    assert_eq!(saved_layout.status, StatusCode::OK, "{}", saved_layout.json);
    let (position, metadata) = stored_dashboard_documents(app, dashboard_id).await;
    assert_eq!(position["DASHBOARD_VERSION_KEY"], "v2");
    assert_eq!(metadata, json!({"refresh_frequency": 0, "version": 1}));

    // A version this build does not know is refused with the core's text.
    let newer = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "From the future", "datasource_id": dataset_id, "datasource_type": "table",
                   "params": "{\"version\": 2}"}),
            &admin,
        )
        .await;
    assert_eq!(newer.status, StatusCode::BAD_REQUEST, "{}", newer.json);
    assert_eq!(
        newer.json["message"],
        json!({"params": ["The form data version 2 is not supported"]})
    );
    let newer_layout = app
        .call(
            Method::PUT,
            &format!("/api/v1/dashboard/{dashboard_id}"),
            Some(json!({"position_json": "{\"DASHBOARD_VERSION_KEY\": \"v3\"}"})),
            &admin,
        )
        .await;
    assert_eq!(
        newer_layout.status,
        StatusCode::BAD_REQUEST,
        "{}",
        newer_layout.json
    );
    assert_eq!(
        newer_layout.json["message"],
        json!({"position_json": ["The position_json version v3 is not supported"]})
    );
}

#[tokio::test]
async fn old_stored_documents_are_read_and_saved_migrated_on_sqlite() {
    let app = TestApp::with_examples().await;
    old_documents_read_and_save_migrated(&app).await;
    app.close().await;
}

#[tokio::test]
async fn old_stored_documents_are_read_and_saved_migrated_on_postgres() {
    let database = PostgresDatabase::create().await;
    let app = TestApp::with_settings(true, Some(database)).await;
    old_documents_read_and_save_migrated(&app).await;
    app.close().await;
}
