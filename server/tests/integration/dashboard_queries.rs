//! A dashboard's chart queries (issue #6 point 9, decision 0083): identical queries of several
//! charts run once (single flight, across the charts of one dashboard), and results are shared
//! across users, the cache key carrying no user where the SQL does not depend on the user (Quiver
//! has no row-level security; a template naming the current user makes the SQL, and so the key,
//! differ).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::StatusCode;
use common::{As, TestApp};
use serde_json::{json, Value};

/// A virtual dataset on the examples database; its id.
async fn virtual_dataset(app: &TestApp, admin: &As, name: &str, sql: &str, columns: Value) -> i64 {
    let physical = app.dataset_id("birth_names").await;
    let database_id = app.get(&format!("/api/v1/dataset/{physical}"), admin).await.json["result"]["database"]
        ["id"]
        .as_i64()
        .unwrap();
    let created = app
        .post(
            "/api/v1/dataset/",
            json!({"database": database_id, "schema": "main", "table_name": name, "sql": sql, "columns": columns}),
            admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    created.json["id"].as_i64().unwrap()
}

/// The sum of `n` by `bucket`, as a chart of `slice_id` on `dashboard_id` asks for it.
fn sum_by_bucket(dataset_id: i64, slice_id: i64, dashboard_id: i64) -> Value {
    json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "force": false,
        "result_format": "json",
        "result_type": "full",
        "form_data": {"slice_id": slice_id, "dashboardId": dashboard_id, "viz_type": "table"},
        "queries": [{
            "columns": ["bucket"],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "n"}, "aggregate": "SUM", "label": "SUM(n)"}],
            "orderby": [],
            "row_limit": 100,
            "filters": [],
            "extras": {"having": "", "where": ""},
            "time_range": "No filter"
        }]
    })
}

/// The same query asked outside any chart, as Explore asks it.
fn sum_by_bucket_alone(dataset_id: i64) -> Value {
    let mut body = sum_by_bucket(dataset_id, 0, 0);
    body.as_object_mut().unwrap().remove("form_data");
    body
}

async fn chart(app: &TestApp, admin: &As, name: &str, dataset_id: i64) -> i64 {
    let created = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": name, "viz_type": "table", "datasource_id": dataset_id,
                   "datasource_type": "table", "params": "{}"}),
            admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    created.json["id"].as_i64().unwrap()
}

#[tokio::test]
async fn identical_queries_of_a_dashboards_charts_run_once() {
    // Answers are not cached (timeout 0): an answer marked cached can only come from joining
    // another request's run of the same query (single flight).
    let app = TestApp::with_config(true, None, |settings| settings.cache_default_timeout = 0).await;
    let admin = app.admin().await;
    // Slow enough (millions of rows) that both requests are in flight together.
    let dataset = virtual_dataset(
        &app,
        &admin,
        "many_buckets",
        "SELECT range % 7 AS bucket, range AS n FROM range(3000000)",
        json!([{"column_name": "bucket", "type": "BIGINT"}, {"column_name": "n", "type": "BIGINT"}]),
    )
    .await;
    let first_chart = chart(&app, &admin, "Buckets", dataset).await;
    let second_chart = chart(&app, &admin, "Buckets again", dataset).await;
    let layout = json!({
        "DASHBOARD_VERSION_KEY": "v2",
        "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["GRID_ID"]},
        "GRID_ID": {"type": "GRID", "id": "GRID_ID", "children": ["ROW-1"], "parents": ["ROOT_ID"]},
        "ROW-1": {"type": "ROW", "id": "ROW-1", "children": ["CHART-1", "CHART-2"], "parents": ["ROOT_ID", "GRID_ID"], "meta": {"background": "BACKGROUND_TRANSPARENT"}},
        "CHART-1": {"type": "CHART", "id": "CHART-1", "children": [], "parents": ["ROOT_ID", "GRID_ID", "ROW-1"], "meta": {"chartId": first_chart, "width": 4, "height": 50}},
        "CHART-2": {"type": "CHART", "id": "CHART-2", "children": [], "parents": ["ROOT_ID", "GRID_ID", "ROW-1"], "meta": {"chartId": second_chart, "width": 4, "height": 50}},
    });
    let created = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Twice the same query", "position_json": layout.to_string()}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let dashboard = created.json["id"].as_i64().unwrap();
    let charts = app
        .get(&format!("/api/v1/dashboard/{dashboard}/charts"), &admin)
        .await;
    assert_eq!(charts.json["result"].as_array().unwrap().len(), 2);

    // The dashboard's two charts ask at the same time, as the page does.
    let (first, second) = tokio::join!(
        app.post(
            "/api/v1/chart/data",
            sum_by_bucket(dataset, first_chart, dashboard),
            &admin
        ),
        app.post(
            "/api/v1/chart/data",
            sum_by_bucket(dataset, second_chart, dashboard),
            &admin
        ),
    );
    assert_eq!(first.status, StatusCode::OK, "{}", first.json);
    assert_eq!(second.status, StatusCode::OK, "{}", second.json);
    let (first, second) = (&first.json["result"][0], &second.json["result"][0]);
    assert_eq!(first["cache_key"], second["cache_key"], "one query, one key");
    assert_eq!(first["data"], second["data"]);
    assert_eq!(first["rowcount"], 7);
    let fresh = [first, second]
        .iter()
        .filter(|result| result["is_cached"] == false)
        .count();
    assert_eq!(
        fresh, 1,
        "the engine ran the query once; the other chart joined that run"
    );

    // One after the other, with nothing cached, each runs it.
    for slice in [first_chart, second_chart] {
        let alone = app
            .post(
                "/api/v1/chart/data",
                sum_by_bucket(dataset, slice, dashboard),
                &admin,
            )
            .await;
        assert_eq!(alone.json["result"][0]["is_cached"], false);
    }
    app.close().await;
}

#[tokio::test]
async fn results_are_shared_across_users_unless_the_sql_names_the_user() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    app.create_user("alma", "alpha-pass", &["Alpha"]).await;
    let alma = app.token("alma", "alpha-pass").await;

    let dataset = virtual_dataset(
        &app,
        &admin,
        "buckets",
        "SELECT range % 3 AS bucket, range AS n FROM range(1000)",
        json!([{"column_name": "bucket", "type": "BIGINT"}, {"column_name": "n", "type": "BIGINT"}]),
    )
    .await;
    let by_admin = app
        .post("/api/v1/chart/data", sum_by_bucket_alone(dataset), &admin)
        .await;
    assert_eq!(by_admin.status, StatusCode::OK, "{}", by_admin.json);
    assert_eq!(by_admin.json["result"][0]["is_cached"], false);
    let by_alma = app
        .post("/api/v1/chart/data", sum_by_bucket_alone(dataset), &alma)
        .await;
    assert_eq!(by_alma.status, StatusCode::OK, "{}", by_alma.json);
    assert_eq!(
        by_alma.json["result"][0]["is_cached"], true,
        "another user's answer is reused"
    );
    assert_eq!(
        by_alma.json["result"][0]["cache_key"],
        by_admin.json["result"][0]["cache_key"]
    );
    assert_eq!(
        by_alma.json["result"][0]["data"],
        by_admin.json["result"][0]["data"]
    );

    // SQL that names the user is another query per user: its own cache entry each.
    let per_user = virtual_dataset(
        &app,
        &admin,
        "buckets_of_user",
        "SELECT length('{{ current_username() }}') AS bucket, range AS n FROM range(10)",
        json!([{"column_name": "bucket", "type": "BIGINT"}, {"column_name": "n", "type": "BIGINT"}]),
    )
    .await;
    let admin_answer = app
        .post("/api/v1/chart/data", sum_by_bucket_alone(per_user), &admin)
        .await;
    let alma_answer = app
        .post("/api/v1/chart/data", sum_by_bucket_alone(per_user), &alma)
        .await;
    assert_eq!(admin_answer.status, StatusCode::OK, "{}", admin_answer.json);
    assert_eq!(alma_answer.status, StatusCode::OK, "{}", alma_answer.json);
    assert_eq!(admin_answer.json["result"][0]["is_cached"], false);
    assert_eq!(alma_answer.json["result"][0]["is_cached"], false);
    assert_ne!(
        admin_answer.json["result"][0]["cache_key"],
        alma_answer.json["result"][0]["cache_key"]
    );
    // "admin" is 5 letters, "alma" 4: each saw the rows of their own SQL.
    assert_eq!(admin_answer.json["result"][0]["data"][0]["bucket"], 5);
    assert_eq!(alma_answer.json["result"][0]["data"][0]["bucket"], 4);
    let again = app
        .post("/api/v1/chart/data", sum_by_bucket_alone(per_user), &alma)
        .await;
    assert_eq!(again.json["result"][0]["is_cached"], true);
    app.close().await;
}
