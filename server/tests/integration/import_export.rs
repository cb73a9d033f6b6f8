//! Bundle import and export (issue #8 item 8, decision 0027): Superset 6.1's own exports import
//! and their dashboards and charts answer; Quiver's exports import back unchanged; existing
//! objects need `overwrite`; masked passwords need the password.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::bundles::{edit_zip, fixture, metadata_counts, post_form, unzip, zip_files, Part};
use common::{As, PostgresDatabase, TestApp};
use serde_json::{json, Value};

const DASHBOARD_FILE: &str = "dashboards/Births_at_a_glance_oracle_small_2.yaml";

/// A SQLite file with a small `birth_names` table, as the fixtures' database expects.
async fn birth_names_sqlite(folder: &std::path::Path) -> String {
    use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
    let path = folder.join("examples_100k.sqlite");
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true);
    let pool = SqlitePoolOptions::new().connect_with(options).await.unwrap();
    sqlx::query(
        "CREATE TABLE birth_names (ds DATETIME, gender VARCHAR(16), name VARCHAR(255), num INTEGER,
                                   state VARCHAR(10), num_boys INTEGER, num_girls INTEGER)",
    )
    .execute(&pool)
    .await
    .unwrap();
    let rows = [
        ("1990-01-01 00:00:00", "boy", "Aaron", 10, "CA"),
        ("1990-01-01 00:00:00", "girl", "Amy", 20, "NY"),
        ("1991-01-01 00:00:00", "boy", "Ben", 30, "CA"),
        ("1991-01-01 00:00:00", "girl", "Beth", 40, "TX"),
    ];
    for (ds, gender, name, num, state) in rows {
        let (boys, girls) = if gender == "boy" { (num, 0) } else { (0, num) };
        sqlx::query("INSERT INTO birth_names VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(ds)
            .bind(gender)
            .bind(name)
            .bind(num)
            .bind(state)
            .bind(boys)
            .bind(girls)
            .execute(&pool)
            .await
            .unwrap();
    }
    pool.close().await;
    format!("sqlite:///{}", path.display())
}

async fn import(
    app: &TestApp,
    resource: &str,
    file_name: &str,
    bytes: Vec<u8>,
    extra: Vec<Part<'_>>,
    who: &As,
) -> common::Answer {
    let mut parts = vec![Part::file(file_name, bytes)];
    parts.extend(extra);
    post_form(app, &format!("/api/v1/{resource}/import/"), parts, who).await
}

fn sorted_ids(items: &Value) -> Vec<i64> {
    let mut ids: Vec<i64> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    ids
}

#[tokio::test]
async fn a_superset_dashboard_bundle_imports_and_its_charts_answer() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let before = metadata_counts(&app).await;

    let answer = import(
        &app,
        "dashboard",
        "small_dashboard.zip",
        fixture("small_dashboard.zip"),
        vec![],
        &admin,
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json, json!({"message": "OK"}));
    let after = metadata_counts(&app).await;
    // One database, one dataset with 8 columns and 2 metrics, 3 charts, 1 dashboard holding them.
    let added: Vec<i64> = after
        .iter()
        .zip(&before)
        .map(|(after, before)| after - before)
        .collect();
    assert_eq!(added, vec![1, 1, 8, 2, 3, 1, 3, 0]);

    let dashboard = app.get("/api/v1/dashboard/oracle-births-small", &admin).await;
    assert_eq!(dashboard.status, StatusCode::OK, "{}", dashboard.json);
    let dashboard = &dashboard.json["result"];
    assert_eq!(dashboard["dashboard_title"], "Births at a glance (oracle, small)");
    let dashboard_id = dashboard["id"].as_i64().unwrap();
    let charts = app
        .get(&format!("/api/v1/dashboard/{dashboard_id}/charts"), &admin)
        .await;
    assert_eq!(charts.status, StatusCode::OK);
    let chart_ids = sorted_ids(&charts.json["result"]);
    assert_eq!(chart_ids.len(), 3);

    // The layout and the metadata name the new chart ids.
    let position: Value = serde_json::from_str(dashboard["position_json"].as_str().unwrap()).unwrap();
    let mut layout_ids: Vec<i64> = position
        .as_object()
        .unwrap()
        .values()
        .filter(|component| component["type"] == "CHART")
        .map(|component| component["meta"]["chartId"].as_i64().unwrap())
        .collect();
    layout_ids.sort_unstable();
    assert_eq!(layout_ids, chart_ids);
    let metadata: Value = serde_json::from_str(dashboard["json_metadata"].as_str().unwrap()).unwrap();
    let mut configured: Vec<i64> = metadata["chart_configuration"]
        .as_object()
        .unwrap()
        .keys()
        .map(|key| key.parse().unwrap())
        .collect();
    configured.sort_unstable();
    assert_eq!(configured, chart_ids);
    let mut in_scope: Vec<i64> = metadata["global_chart_configuration"]["chartsInScope"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_i64().unwrap())
        .collect();
    in_scope.sort_unstable();
    assert_eq!(in_scope, chart_ids);
    assert_eq!(metadata["label_colors"]["boy"], "#1FA8C9");

    // Point the imported connection at a SQLite file with the table; each chart's data answers.
    let uri = birth_names_sqlite(app.home.path()).await;
    sqlx::query("UPDATE dbs SET sqlalchemy_uri = $1 WHERE database_name = 'examples_sqlite_100k'")
        .bind(&uri)
        .execute(app.state.store.pool())
        .await
        .unwrap();
    let dataset_id: i64 = sqlx::query_scalar("SELECT id FROM tables WHERE table_name = 'birth_names'")
        .fetch_one(app.state.store.pool())
        .await
        .unwrap();
    for chart_id in &chart_ids {
        let chart = app.get(&format!("/api/v1/chart/{chart_id}"), &admin).await;
        assert_eq!(chart.status, StatusCode::OK);
        let params: Value = serde_json::from_str(chart.json["result"]["params"].as_str().unwrap()).unwrap();
        assert_eq!(params["datasource"], format!("{dataset_id}__table"));
        let query_context: Option<String> =
            sqlx::query_scalar("SELECT query_context FROM slices WHERE id = $1")
                .bind(chart_id)
                .fetch_one(app.state.store.pool())
                .await
                .unwrap();
        let query_context: Value = serde_json::from_str(&query_context.unwrap()).unwrap();
        assert_eq!(query_context["datasource"]["id"], dataset_id);
        assert_eq!(query_context["form_data"]["slice_id"], *chart_id);
        let data = app.post("/api/v1/chart/data", query_context, &admin).await;
        assert_eq!(data.status, StatusCode::OK, "chart {chart_id}: {}", data.json);
        let result = &data.json["result"][0];
        assert!(
            result["rowcount"].as_i64().unwrap() > 0,
            "chart {chart_id}: {result}"
        );
        if chart.json["result"]["viz_type"] == "echarts_timeseries_line" {
            // Superset 6's chain: a BASE_AXIS column with a time grain, a pivot that keeps the
            // metric level, a rename that drops it and a flatten: one column per gender.
            assert_eq!(result["colnames"], json!(["ds", "boy", "girl"]), "{result}");
        }
    }
    // The total of the big number is the table's total.
    let big_number = chart_ids[2];
    let chart = app.get(&format!("/api/v1/chart/{big_number}"), &admin).await;
    assert_eq!(chart.json["result"]["viz_type"], "big_number_total");

    // Again without overwrite: refused with Superset's message; nothing changes.
    let counts = metadata_counts(&app).await;
    let again = import(
        &app,
        "dashboard",
        "small_dashboard.zip",
        fixture("small_dashboard.zip"),
        vec![],
        &admin,
    )
    .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", again.json);
    assert_eq!(again.json["message"], "Error importing dashboard");
    assert_eq!(again.json["errors"][0]["error_type"], "GENERIC_COMMAND_ERROR");
    assert_eq!(
        again.json["errors"][0]["extra"]["messages"][DASHBOARD_FILE],
        "Dashboard already exists and `overwrite=true` was not passed"
    );
    assert_eq!(metadata_counts(&app).await, counts);

    // With overwrite: the same objects are updated, none added.
    let overwritten = import(
        &app,
        "dashboard",
        "small_dashboard.zip",
        fixture("small_dashboard.zip"),
        vec![Part::text("overwrite", "true")],
        &admin,
    )
    .await;
    assert_eq!(overwritten.status, StatusCode::OK, "{}", overwritten.json);
    assert_eq!(metadata_counts(&app).await, counts);
    let charts = app
        .get(&format!("/api/v1/dashboard/{dashboard_id}/charts"), &admin)
        .await;
    assert_eq!(sorted_ids(&charts.json["result"]), chart_ids);
    app.close().await;
}

#[tokio::test]
async fn superset_chart_and_dataset_bundles_import() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let before = metadata_counts(&app).await;
    let answer = import(
        &app,
        "dataset",
        "small_dashboard_datasets.zip",
        fixture("small_dashboard_datasets.zip"),
        vec![],
        &admin,
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let after_datasets = metadata_counts(&app).await;
    assert_eq!(after_datasets[0] - before[0], 1);
    assert_eq!(after_datasets[1] - before[1], 1);
    assert_eq!(after_datasets[4], before[4]);

    // The chart bundle reuses the stored database and dataset (matched by uuid).
    let answer = import(
        &app,
        "chart",
        "small_dashboard_charts.zip",
        fixture("small_dashboard_charts.zip"),
        vec![],
        &admin,
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let after_charts = metadata_counts(&app).await;
    assert_eq!(after_charts[1], after_datasets[1]);
    assert_eq!(after_charts[4] - after_datasets[4], 3);
    let list = app.get("/api/v1/chart/", &admin).await;
    let mut names: Vec<String> = list.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|chart| chart["slice_name"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec![
            "Births by state (pie)",
            "Births per year by gender (line)",
            "Total births (big number total)"
        ]
    );
    let dataset = app
        .get(
            &format!("/api/v1/dataset/{}", app.dataset_id("birth_names").await),
            &admin,
        )
        .await;
    assert_eq!(
        dataset.json["result"]["uuid"],
        "6561d12e-783e-429d-a45c-3f79f4d65b46"
    );
    assert_eq!(dataset.json["result"]["main_dttm_col"], "ds");
    let metrics: Vec<&str> = dataset.json["result"]["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|metric| metric["metric_name"].as_str().unwrap())
        .collect();
    assert_eq!(metrics, vec!["count", "sum__num"]);

    // A dashboard bundle through the chart route is refused by its metadata type.
    let wrong = import(
        &app,
        "chart",
        "small_dashboard.zip",
        fixture("small_dashboard.zip"),
        vec![],
        &admin,
    )
    .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        wrong.json["errors"][0]["extra"]["messages"]["metadata.yaml"],
        json!({"type": ["Must be equal to Slice."]})
    );
    app.close().await;
}

/// A dashboard field as a value: JSON documents (`position_json`, `json_metadata`) parsed, so
/// key order and spacing do not count.
fn field(dashboard: &Value, key: &str) -> Value {
    match dashboard[key].as_str().map(serde_json::from_str::<Value>) {
        Some(Ok(parsed)) if key.ends_with("_json") || key == "json_metadata" => parsed,
        _ => dashboard[key].clone(),
    }
}

/// The files of an export without the top folder and `metadata.yaml` (whose timestamp changes).
fn export_contents(bytes: &[u8]) -> std::collections::BTreeMap<String, String> {
    unzip(bytes)
        .into_iter()
        .map(|(name, text)| (name.split_once('/').unwrap().1.to_owned(), text))
        .filter(|(name, _)| name != "metadata.yaml")
        .collect()
}

async fn round_trip(app: &TestApp) {
    let admin = app.admin().await;
    let list = app.get("/api/v1/dashboard/", &admin).await;
    let dashboard = &list.json["result"][0];
    let dashboard_id = dashboard["id"].as_i64().unwrap();

    let export = app
        .get(&format!("/api/v1/dashboard/export/?q=!({dashboard_id})"), &admin)
        .await;
    assert_eq!(export.status, StatusCode::OK, "{}", export.json);
    assert_eq!(export.headers["content-type"], "application/zip");
    let disposition = export.headers["content-disposition"].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=dashboard_export_"),
        "{disposition}"
    );
    let files = unzip(&export.bytes);
    let root = files.keys().next().unwrap().split('/').next().unwrap().to_owned();
    assert!(root.starts_with("dashboard_export_"), "{root}");
    let metadata = &files[&format!("{root}/metadata.yaml")];
    let metadata: Value = serde_saphyr::from_str(metadata).unwrap();
    assert_eq!(metadata["version"], "1.0.0");
    assert_eq!(metadata["type"], "Dashboard");
    assert!(
        metadata["timestamp"].as_str().unwrap().ends_with("+00:00"),
        "{metadata}"
    );
    let contents = export_contents(&export.bytes);
    assert!(
        contents.keys().any(|name| name.starts_with("databases/")),
        "{:?}",
        contents.keys()
    );
    assert!(contents.keys().any(|name| name.starts_with("datasets/")));
    assert!(contents.keys().any(|name| name.starts_with("charts/")));
    assert!(contents.keys().any(|name| name.starts_with("dashboards/")));

    let before = app
        .get(&format!("/api/v1/dashboard/{dashboard_id}"), &admin)
        .await
        .json["result"]
        .clone();
    let counts = metadata_counts(app).await;
    let answer = import(
        app,
        "dashboard",
        "export.zip",
        export.bytes.clone(),
        vec![Part::text("overwrite", "true")],
        &admin,
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(metadata_counts(app).await, counts);
    let after = app
        .get(&format!("/api/v1/dashboard/{dashboard_id}"), &admin)
        .await
        .json["result"]
        .clone();
    for key in [
        "dashboard_title",
        "slug",
        "position_json",
        "json_metadata",
        "css",
        "published",
    ] {
        assert_eq!(field(&before, key), field(&after, key), "{key}");
    }
    let again = app
        .get(&format!("/api/v1/dashboard/export/?q=!({dashboard_id})"), &admin)
        .await;
    assert_eq!(export_contents(&again.bytes), contents);

    // Deleted, then imported: the same dashboard comes back over the stored charts.
    let charts_before = app
        .get(&format!("/api/v1/dashboard/{dashboard_id}/charts"), &admin)
        .await;
    let deleted = app
        .call(
            Method::DELETE,
            &format!("/api/v1/dashboard/{dashboard_id}"),
            None,
            &admin,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.json);
    let answer = import(
        app,
        "dashboard",
        "export.zip",
        export.bytes.clone(),
        vec![],
        &admin,
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let list = app.get("/api/v1/dashboard/", &admin).await;
    let restored = list.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["dashboard_title"] == before["dashboard_title"])
        .unwrap()
        .clone();
    let restored_id = restored["id"].as_i64().unwrap();
    let restored = app
        .get(&format!("/api/v1/dashboard/{restored_id}"), &admin)
        .await
        .json["result"]
        .clone();
    for key in ["dashboard_title", "slug", "position_json", "json_metadata"] {
        assert_eq!(field(&before, key), field(&restored, key), "{key}");
    }
    let charts_after = app
        .get(&format!("/api/v1/dashboard/{restored_id}/charts"), &admin)
        .await;
    assert_eq!(
        sorted_ids(&charts_after.json["result"]),
        sorted_ids(&charts_before.json["result"])
    );
}

#[tokio::test]
async fn a_quiver_export_imports_back_unchanged() {
    let app = TestApp::with_examples().await;
    round_trip(&app).await;
    app.close().await;
}

#[tokio::test]
async fn a_quiver_export_imports_back_unchanged_on_postgres_metadata() {
    let app = TestApp::with_settings(true, Some(PostgresDatabase::create().await)).await;
    round_trip(&app).await;
    app.close().await;
}

#[tokio::test]
async fn chart_dataset_and_database_exports_carry_their_dependencies() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let export = app
        .get(&format!("/api/v1/dataset/export/?q=!({dataset_id})"), &admin)
        .await;
    assert_eq!(export.status, StatusCode::OK);
    let contents = export_contents(&export.bytes);
    let names: Vec<&String> = contents.keys().collect();
    assert_eq!(
        names,
        vec![
            "databases/examples.yaml",
            &format!("datasets/examples/birth_names_{dataset_id}.yaml")
        ]
    );
    let database = &contents["databases/examples.yaml"];
    assert!(database.contains("database_name: examples"), "{database}");
    let dataset = &contents[&format!("datasets/examples/birth_names_{dataset_id}.yaml")];
    assert!(dataset.contains("table_name: birth_names"), "{dataset}");
    assert!(dataset.contains("database_uuid:"), "{dataset}");

    let charts = app.get("/api/v1/chart/", &admin).await;
    let chart_id = charts.json["result"][0]["id"].as_i64().unwrap();
    let export = app
        .get(&format!("/api/v1/chart/export/?q=!({chart_id})"), &admin)
        .await;
    assert_eq!(export.status, StatusCode::OK);
    let contents = export_contents(&export.bytes);
    assert_eq!(
        contents.keys().filter(|name| name.starts_with("charts/")).count(),
        1
    );
    assert_eq!(
        contents
            .keys()
            .filter(|name| name.starts_with("databases/"))
            .count(),
        1
    );

    let missing = app.get("/api/v1/chart/export/?q=!(999999)", &admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let malformed = app.get("/api/v1/chart/export/?q=!(abc", &admin).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    app.close().await;
}

fn database_bundle(uri: &str) -> Vec<u8> {
    let metadata = "version: 1.0.0\ntype: Database\ntimestamp: '2026-11-22T12:28:31+00:00'\n";
    let database = format!(
        "database_name: sales_pg\nsqlalchemy_uri: {uri}\nexpose_in_sqllab: true\nextra: {{}}\nuuid: 0f6a4c1e-4f0e-4b59-9d43-1f3cbb8f3a01\nversion: 1.0.0\n"
    );
    zip_files([
        ("database_export_1/metadata.yaml", metadata.as_bytes()),
        ("database_export_1/databases/sales_pg.yaml", database.as_bytes()),
    ])
}

#[tokio::test]
async fn masked_passwords_are_required_and_never_exported() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let bundle = database_bundle("postgresql://scott:XXXXXXXXXX@127.0.0.1:5432/sales");
    let counts = metadata_counts(&app).await;
    let refused = import(&app, "database", "db.zip", bundle.clone(), vec![], &admin).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.json
    );
    assert_eq!(refused.json["message"], "Error importing database");
    assert_eq!(
        refused.json["errors"][0]["extra"]["messages"]["databases/sales_pg.yaml"],
        json!({"_schema": ["Must provide a password for the database"]})
    );
    assert_eq!(metadata_counts(&app).await, counts);

    let passwords = json!({"databases/sales_pg.yaml": "ti:ger"}).to_string();
    let accepted = import(
        &app,
        "database",
        "db.zip",
        bundle,
        vec![Part::text("passwords", &passwords)],
        &admin,
    )
    .await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.json);
    let (id, uri, backend): (i64, String, String) =
        sqlx::query_as("SELECT id, sqlalchemy_uri, backend FROM dbs WHERE database_name = 'sales_pg'")
            .fetch_one(app.state.store.pool())
            .await
            .unwrap();
    assert_eq!(uri, "postgresql://scott:ti%3Ager@127.0.0.1:5432/sales");
    assert_eq!(backend, "postgresql");

    let export = app
        .get(&format!("/api/v1/database/export/?q=!({id})"), &admin)
        .await;
    assert_eq!(export.status, StatusCode::OK);
    let contents = export_contents(&export.bytes);
    let file = &contents["databases/sales_pg.yaml"];
    assert!(
        file.contains("postgresql://scott:XXXXXXXXXX@127.0.0.1:5432/sales"),
        "{file}"
    );
    assert!(!file.contains("ti%3Ager") && !file.contains("ti:ger"), "{file}");

    // Re-importing the export with overwrite keeps the stored password.
    let again = import(
        &app,
        "database",
        "db.zip",
        export.bytes.clone(),
        vec![Part::text("overwrite", "true")],
        &admin,
    )
    .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.json);
    let uri: String = sqlx::query_scalar("SELECT sqlalchemy_uri FROM dbs WHERE id = $1")
        .bind(id)
        .fetch_one(app.state.store.pool())
        .await
        .unwrap();
    assert_eq!(uri, "postgresql://scott:ti%3Ager@127.0.0.1:5432/sales");
    app.close().await;
}

#[tokio::test]
async fn one_yaml_file_imports_over_stored_dependencies() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let answer = import(
        &app,
        "dataset",
        "d.zip",
        fixture("small_dashboard_datasets.zip"),
        vec![],
        &admin,
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    // One chart file of the bundle, renamed and with a new uuid, alone.
    let files = unzip(&fixture("small_dashboard_charts.zip"));
    let (_, chart) = files
        .iter()
        .find(|(name, _)| name.ends_with("Births_by_state_pie_27.yaml"))
        .unwrap();
    let chart = chart
        .replace(
            "slice_name: Births by state (pie)",
            "slice_name: Births by state, single file",
        )
        .replace(
            "af8cb528-0c61-40e5-9474-8c3d275711b5",
            "af8cb528-0c61-40e5-9474-000000000001",
        );
    let answer = import(&app, "chart", "pie.yaml", chart.into_bytes(), vec![], &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let list = app.get("/api/v1/chart/", &admin).await;
    assert_eq!(
        list.json["result"][0]["slice_name"],
        "Births by state, single file"
    );

    // A chart whose dataset is nowhere is refused by name.
    let orphan = files
        .iter()
        .find(|(name, _)| name.ends_with("Births_by_state_pie_27.yaml"))
        .unwrap()
        .1
        .replace(
            "6561d12e-783e-429d-a45c-3f79f4d65b46",
            "6561d12e-783e-429d-a45c-000000000000",
        )
        .replace(
            "af8cb528-0c61-40e5-9474-8c3d275711b5",
            "af8cb528-0c61-40e5-9474-000000000002",
        );
    let refused = import(&app, "chart", "orphan.yml", orphan.into_bytes(), vec![], &admin).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.json
    );
    assert_eq!(
        refused.json["errors"][0]["extra"]["messages"]["charts/orphan.yml"]["_schema"][0],
        "Dataset 6561d12e-783e-429d-a45c-000000000000 is neither in the bundle nor stored"
    );
    // Editing a bundle: a renamed dashboard with a new uuid and slug imports next to the first.
    let renamed = edit_zip(&fixture("small_dashboard.zip"), |name, text| {
        if name.ends_with(DASHBOARD_FILE) {
            text.replace(
                "dashboard_title: Births at a glance (oracle, small)",
                "dashboard_title: Births, imported again",
            )
            .replace(
                "1b878dc0-5e33-431b-a63e-fa7578d807a6",
                "1b878dc0-5e33-431b-a63e-000000000003",
            )
            .replace("slug: oracle-births-small", "slug: null")
        } else {
            text
        }
    });
    let first = import(
        &app,
        "dashboard",
        "a.zip",
        fixture("small_dashboard.zip"),
        vec![],
        &admin,
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.json);
    let second = import(&app, "dashboard", "b.zip", renamed, vec![], &admin).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.json);
    let dashboards = app.get("/api/v1/dashboard/", &admin).await;
    assert_eq!(dashboards.json["count"], 2);
    app.close().await;
}

#[tokio::test]
async fn import_and_export_need_their_permissions() {
    let app = TestApp::new().await;
    app.create_user("gamma", "gamma-password", &["Gamma"]).await;
    let gamma = app.token("gamma", "gamma-password").await;
    let answer = import(
        &app,
        "database",
        "db.zip",
        database_bundle("sqlite:////tmp/x.db"),
        vec![],
        &gamma,
    )
    .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    let answer = import(
        &app,
        "database",
        "db.zip",
        database_bundle("sqlite:////tmp/x.db"),
        vec![],
        &As::Anonymous,
    )
    .await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    let export = app.get("/api/v1/database/export/?q=!(1)", &gamma).await;
    assert_eq!(export.status, StatusCode::FORBIDDEN);
    app.close().await;
}
