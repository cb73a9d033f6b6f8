//! Annotation layers and annotations (CRUD, list, validation, bulk delete, permissions) and the
//! `annotation_data` native layers add to chart data, on SQLite and PostgreSQL metadata.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::{As, TestApp, ThrowawayDatabase};
use serde_json::{json, Value};

async fn delete(app: &TestApp, path: &str, who: &As) -> (StatusCode, Value) {
    let answer = app.call(Method::DELETE, path, None, who).await;
    (answer.status, answer.json)
}

async fn put(app: &TestApp, path: &str, body: Value, who: &As) -> (StatusCode, Value) {
    let answer = app.call(Method::PUT, path, Some(body), who).await;
    (answer.status, answer.json)
}

fn texts(body: &Value, field: &str) -> Vec<String> {
    body["result"]
        .as_array()
        .unwrap_or_else(|| panic!("no result in {body}"))
        .iter()
        .map(|row| row[field].as_str().unwrap().to_owned())
        .collect()
}

async fn check_annotations(app: &TestApp) {
    let admin = app.admin().await;
    app.create_user("gamma_annotations", "pw", &["Gamma"]).await;
    let gamma = app.token("gamma_annotations", "pw").await;

    // Layers: create, required and unique names, get, update, list with a filter and an order.
    let created = app
        .post(
            "/api/v1/annotation_layer/",
            json!({"name": " Releases ", "descr": "Product releases"}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let releases = created.json["id"].as_i64().unwrap();
    assert_eq!(created.json["result"]["name"], "Releases");
    assert_eq!(created.json["result"]["descr"], "Product releases");
    assert_eq!(created.json["result"]["created_by"]["first_name"], "Superset");
    let missing_name = app
        .post("/api/v1/annotation_layer/", json!({"descr": "x"}), &admin)
        .await;
    assert_eq!(missing_name.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        missing_name.json,
        json!({"message": {"name": ["Missing data for required field."]}})
    );
    let duplicate = app
        .post("/api/v1/annotation_layer/", json!({"name": "Releases"}), &admin)
        .await;
    assert_eq!(duplicate.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        duplicate.json,
        json!({"message": {"name": ["Name must be unique"]}})
    );
    let outages = app
        .post("/api/v1/annotation_layer/", json!({"name": "Outages"}), &admin)
        .await
        .json["id"]
        .as_i64()
        .unwrap();
    let (status, renamed) = put(
        app,
        &format!("/api/v1/annotation_layer/{outages}"),
        json!({"name": "Incidents"}),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    assert_eq!(renamed["result"]["name"], "Incidents");
    let listed = app
        .get(
            "/api/v1/annotation_layer/?q=(order_column:name,order_direction:asc)",
            &admin,
        )
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.json);
    assert_eq!(listed.json["count"], 2);
    assert_eq!(texts(&listed.json, "name"), ["Incidents", "Releases"]);
    let filtered = app
        .get(
            "/api/v1/annotation_layer/?q=(filters:!((col:name,opr:ct,value:elea)))",
            &admin,
        )
        .await;
    assert_eq!(texts(&filtered.json, "name"), ["Releases"]);
    let info = app
        .get("/api/v1/annotation_layer/_info?q=(keys:!(permissions))", &admin)
        .await;
    // Superset's annotation layer API has no export: read and write only.
    assert_eq!(info.json["permissions"], json!(["can_read", "can_write"]));

    // Gamma has no annotation permissions, as in Superset.
    assert_eq!(
        app.get("/api/v1/annotation_layer/", &gamma).await.status,
        StatusCode::FORBIDDEN
    );

    // Annotations: create an instant and an interval, validation, uniqueness per layer.
    let annotations = format!("/api/v1/annotation_layer/{releases}/annotation/");
    let launch = app
        .post(
            &annotations,
            json!({"short_descr": "Launch", "long_descr": "Version 1", "start_dttm": "2005-06-01T00:00:00",
                   "end_dttm": "2005-06-01T00:00:00", "json_metadata": "{\"tier\": 1}"}),
            &admin,
        )
        .await;
    assert_eq!(launch.status, StatusCode::CREATED, "{}", launch.json);
    let launch_id = launch.json["id"].as_i64().unwrap();
    assert_eq!(
        launch.json["result"]["layer"],
        json!({"id": releases, "name": "Releases"})
    );
    assert_eq!(launch.json["result"]["start_dttm"], "2005-06-01T00:00:00");
    let freeze = app
        .post(
            &annotations,
            json!({"short_descr": "Freeze", "start_dttm": "2004-12-20 00:00:00", "end_dttm": "2005-01-03"}),
            &admin,
        )
        .await;
    assert_eq!(freeze.status, StatusCode::CREATED, "{}", freeze.json);
    let freeze_id = freeze.json["id"].as_i64().unwrap();
    assert_eq!(freeze.json["result"]["end_dttm"], "2005-01-03T00:00:00");
    let backwards = app
        .post(
            &annotations,
            json!({"short_descr": "Backwards", "start_dttm": "2005-02-01", "end_dttm": "2005-01-01"}),
            &admin,
        )
        .await;
    assert_eq!(backwards.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        backwards.json,
        json!({"message": {"end_dttm": ["End date must be after start date"]}})
    );
    let same_name = app
        .post(
            &annotations,
            json!({"short_descr": "Launch", "start_dttm": "2006-01-01", "end_dttm": "2006-01-01"}),
            &admin,
        )
        .await;
    assert_eq!(same_name.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        same_name.json["message"]["short_descr"][0],
        "Short description must be unique for this layer"
    );
    let bad_json = app
        .post(
            &annotations,
            json!({"short_descr": "Odd", "start_dttm": "2006-01-01", "end_dttm": "2006-01-01", "json_metadata": "{"}),
            &admin,
        )
        .await;
    assert_eq!(bad_json.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad_json.json["message"]["json_metadata"][0], "JSON not valid");
    let in_missing_layer = app
        .post(
            "/api/v1/annotation_layer/999999/annotation/",
            json!({"short_descr": "X", "start_dttm": "2006-01-01", "end_dttm": "2006-01-01"}),
            &admin,
        )
        .await;
    assert_eq!(in_missing_layer.status, StatusCode::NOT_FOUND);

    let listed = app
        .get(
            &format!("{annotations}?q=(order_column:start_dttm,order_direction:asc)"),
            &admin,
        )
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.json);
    assert_eq!(texts(&listed.json, "short_descr"), ["Freeze", "Launch"]);
    // Another layer's annotation is not found through this one.
    let other_layer = app
        .get(
            &format!("/api/v1/annotation_layer/{outages}/annotation/{launch_id}"),
            &admin,
        )
        .await;
    assert_eq!(other_layer.status, StatusCode::NOT_FOUND);
    let (status, edited) = put(
        app,
        &format!("{annotations}{launch_id}"),
        json!({"long_descr": "Version 1.0", "end_dttm": "2005-06-02T00:00:00"}),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(edited["result"]["long_descr"], "Version 1.0");
    assert_eq!(edited["result"]["short_descr"], "Launch");
    assert_eq!(edited["result"]["end_dttm"], "2005-06-02T00:00:00");

    // Chart data: a native layer's records under the entry's name, as epoch milliseconds;
    // formula entries add nothing; a layer that is gone answers no records.
    let dataset = app.dataset_id("birth_names").await;
    let context = json!({
        "datasource": {"id": dataset, "type": "table"},
        "queries": [{
            "columns": [],
            "metrics": ["count"],
            "annotation_layers": [
                {"name": "Shipping", "annotationType": "EVENT", "sourceType": "NATIVE", "value": releases, "show": true},
                {"name": "Trend", "annotationType": "FORMULA", "sourceType": "", "value": "2 * x", "show": true},
                {"name": "Gone", "annotationType": "INTERVAL", "sourceType": "NATIVE", "value": 999999, "show": true}
            ]
        }],
        "result_format": "json",
        "result_type": "full"
    });
    let answer = app.post("/api/v1/chart/data", context, &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let data = &answer.json["result"][0]["annotation_data"];
    assert_eq!(
        data["Shipping"]["columns"],
        json!([
            "start_dttm",
            "end_dttm",
            "short_descr",
            "long_descr",
            "json_metadata"
        ])
    );
    assert_eq!(
        data["Shipping"]["records"],
        json!([
            {"start_dttm": 1_103_500_800_000_i64, "end_dttm": 1_104_710_400_000_i64, "short_descr": "Freeze",
             "long_descr": null, "json_metadata": null},
            {"start_dttm": 1_117_584_000_000_i64, "end_dttm": 1_117_670_400_000_i64, "short_descr": "Launch",
             "long_descr": "Version 1.0", "json_metadata": "{\"tier\": 1}"}
        ])
    );
    assert_eq!(data["Gone"]["records"], json!([]));
    assert!(data.get("Trend").is_none(), "{data}");

    // A layer with annotations cannot be deleted; bulk deletes are all or none.
    let (status, refused) = delete(app, &format!("/api/v1/annotation_layer/{releases}"), &admin).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["message"], "Annotation layer has associated annotations.");
    let (status, _) = delete(app, &format!("{annotations}?q=!({launch_id},999999)"), &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&annotations, &admin).await.json["count"], 2);
    let (status, deleted) = delete(
        app,
        &format!("{annotations}?q=!({launch_id},{freeze_id})"),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{deleted}");
    assert_eq!(deleted["message"], "Deleted 2 annotations");
    let (status, deleted) = delete(
        app,
        &format!("/api/v1/annotation_layer/?q=!({releases},{outages})"),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{deleted}");
    assert_eq!(deleted["message"], "Deleted 2 annotation layers");
    assert_eq!(
        app.get("/api/v1/annotation_layer/", &admin).await.json["count"],
        0
    );
    let (status, _) = delete(app, &format!("/api/v1/annotation_layer/{releases}"), &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn annotations_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_annotations(&app).await;
    app.close().await;
}

#[tokio::test]
async fn annotations_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_annotations(&app).await;
    app.close().await;
}

/// The query context a chart on birth_names saves: SUM(num) by gender, whatever its time range.
fn births_by_gender_context(dataset: i64, time_range: &str) -> Value {
    json!({
        "datasource": {"id": dataset, "type": "table"},
        "queries": [{
            "columns": ["gender"],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
            "granularity": "ds",
            "time_range": time_range,
            "row_limit": 10
        }],
        "result_format": "json",
        "result_type": "full"
    })
}

/// SUM(num) by gender of a chart data answer's records, sorted.
fn sums_by_gender(records: &Value) -> Vec<(String, i64)> {
    let mut sums: Vec<(String, i64)> = records
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["gender"].as_str().unwrap().to_owned(),
                row["SUM(num)"].as_f64().unwrap().round() as i64,
            )
        })
        .collect();
    sums.sort();
    sums
}

#[tokio::test]
async fn layers_from_other_charts_answer_that_charts_rows() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset = app.dataset_id("birth_names").await;
    let source = app
        .post(
            "/api/v1/chart/",
            json!({
                "slice_name": "Births by gender",
                "viz_type": "table",
                "datasource_id": dataset,
                "datasource_type": "table",
                "params": "{}",
                "query_context": births_by_gender_context(dataset, "No filter").to_string(),
            }),
            &admin,
        )
        .await;
    assert_eq!(source.status, StatusCode::CREATED, "{}", source.json);
    let source_id = source.json["id"].as_i64().unwrap();
    // What the source chart answers itself.
    let own = app.get(&format!("/api/v1/chart/{source_id}/data/"), &admin).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.json);
    let expected = sums_by_gender(&own.json["result"][0]["data"]);
    assert_eq!(expected.len(), 2, "{expected:?}");

    let layer = |name: &str, source_type: &str, value: Value, overrides: Value| {
        json!({"name": name, "annotationType": "EVENT", "sourceType": source_type, "value": value,
               "show": true, "timeColumn": "ds", "titleColumn": "gender", "overrides": overrides})
    };
    let mut context = births_by_gender_context(dataset, "No filter");
    context["queries"][0]["annotation_layers"] = json!([
        layer("By gender", "table", json!(source_id), json!({})),
        layer("Nothing before 1900", "table", json!(source_id), json!({"time_range": "1800-01-01 : 1900-01-01"})),
        {"name": "Hidden", "annotationType": "EVENT", "sourceType": "table", "value": 999999, "show": false}
    ]);
    let answer = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let data = &answer.json["result"][0]["annotation_data"];
    assert_eq!(sums_by_gender(&data["By gender"]["records"]), expected);
    // The layer's time range override replaces the source chart's.
    assert_eq!(data["Nothing before 1900"]["records"], json!([]));
    assert!(data.get("Hidden").is_none(), "{data}");

    // A missing source chart fails the query with a message.
    context["queries"][0]["annotation_layers"] = json!([layer("Gone", "table", json!(999_999), json!({}))]);
    let missing = app.post("/api/v1/chart/data", context, &admin).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST, "{}", missing.json);
    assert_eq!(
        missing.json["message"],
        "Chart with ID 999999 (referenced by annotation layer 'Gone') was not found."
    );
    app.close().await;
}

#[tokio::test]
async fn time_series_layers_answer_a_line_charts_columns_in_order() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset = app.dataset_id("birth_names").await;
    let axis = json!({"sqlExpression": "ds", "label": "ds", "expressionType": "SQL", "columnType": "BASE_AXIS", "timeGrain": "P1Y"});
    let line_context = json!({
        "datasource": {"id": dataset, "type": "table"},
        "queries": [{
            "columns": [axis],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
            "orderby": [[{"sqlExpression": "ds", "label": "ds", "expressionType": "SQL"}, true]],
            "granularity": "ds",
            "time_range": "No filter",
            "row_limit": 100
        }],
        "result_format": "json",
        "result_type": "full"
    });
    let source = app
        .post(
            "/api/v1/chart/",
            json!({
                "slice_name": "Births per year",
                "viz_type": "echarts_timeseries_line",
                "datasource_id": dataset,
                "datasource_type": "table",
                "params": "{}",
                "query_context": line_context.to_string(),
            }),
            &admin,
        )
        .await;
    assert_eq!(source.status, StatusCode::CREATED, "{}", source.json);
    let source_id = source.json["id"].as_i64().unwrap();

    let mut context = births_by_gender_context(dataset, "No filter");
    context["queries"][0]["annotation_layers"] = json!([{
        "name": "Births 2000-2002", "annotationType": "TIME_SERIES", "sourceType": "line", "value": source_id,
        "show": true, "overrides": {"time_range": "2000-01-01 : 2003-01-01"}
    }]);
    let answer = app.post("/api/v1/chart/data", context, &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let layer = &answer.json["result"][0]["annotation_data"]["Births 2000-2002"];
    // x first, y second: the order a time series layer draws them in.
    assert_eq!(layer["columns"], json!(["ds", "SUM(num)"]));
    let points: Vec<(i64, i64)> = layer["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["ds"].as_i64().unwrap(),
                row["SUM(num)"].as_f64().unwrap().round() as i64,
            )
        })
        .collect();
    let years: Vec<i64> = points.iter().map(|(year, _)| *year).collect();
    // 2000-01-01, 2001-01-01, 2002-01-01 in epoch ms: the override's range, not the chart's.
    assert_eq!(years, vec![946_684_800_000, 978_307_200_000, 1_009_843_200_000]);
    assert!(points.iter().all(|(_, births)| *births > 0), "{points:?}");

    // The same years answered by the source chart itself, with the same range.
    let mut own = line_context.clone();
    own["queries"][0]["time_range"] = json!("2000-01-01 : 2003-01-01");
    let direct = app.post("/api/v1/chart/data", own, &admin).await;
    assert_eq!(direct.status, StatusCode::OK, "{}", direct.json);
    assert_eq!(layer["records"], direct.json["result"][0]["data"]);
    app.close().await;
}
