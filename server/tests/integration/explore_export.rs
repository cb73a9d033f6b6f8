//! Explore's Superset endpoints beside the chart data API: `GET /superset/fetch_datasource_metadata`
//! (spec 001 section 7) and `/superset/explore_json/`, the target of the chart export URLs with
//! form_data, force, csv, query, results and samples (spec 002 section 2); and the chart list's
//! pages of 200 (spec 002 sections 7 and 9).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::chart_list::urlencoding;
use crate::common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{As, TestApp};
use serde_json::{json, Value};

/// Births by gender: the form data of a table chart.
fn births_by_gender(dataset: i64) -> Value {
    json!({
        "datasource": format!("{dataset}__table"),
        "viz_type": "table",
        "query_mode": "aggregate",
        "groupby": ["gender"],
        "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
        "row_limit": 10,
        "time_range": "No filter",
    })
}

/// SUM(num) per gender straight from DuckDB.
fn engine_sums(app: &TestApp) -> Vec<(String, i64)> {
    common::births_sums_by_gender(app)
}

/// The rows of an answer's `data`, as (gender, SUM(num)) sorted by gender.
fn sums_of(data: &Value) -> Vec<(String, i64)> {
    let mut rows: Vec<(String, i64)> = data
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
    rows.sort();
    rows
}

/// An answer's field names, sorted.
fn field_names(answer: &Value) -> Vec<String> {
    let mut names: Vec<String> = answer.as_object().unwrap().keys().cloned().collect();
    names.sort();
    names
}

fn explore_json_path(form_data: &Value, flags: &str) -> String {
    format!(
        "/superset/explore_json/?form_data={}{flags}",
        urlencoding(&form_data.to_string())
    )
}

#[tokio::test]
async fn fetch_datasource_metadata_answers_the_datasource_or_a_clear_refusal() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let births = app.dataset_id("birth_names").await;

    let answer = app
        .get(
            &format!("/superset/fetch_datasource_metadata?datasourceKey={births}__table"),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json["id"], births);
    assert_eq!(answer.json["table_name"], "birth_names");
    let columns: Vec<&str> = answer.json["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| column["column_name"].as_str().unwrap())
        .collect();
    for name in ["ds", "gender", "name", "num", "state"] {
        assert!(columns.contains(&name), "{name} missing from {columns:?}");
    }
    // The same datasource Explore reads.
    let explore = app
        .get(
            &format!("/api/v1/explore/?datasource_type=table&datasource_id={births}"),
            &admin,
        )
        .await;
    assert_eq!(answer.json, explore.json["result"]["dataset"]);

    for (path, status, message) in [
        (
            "/superset/fetch_datasource_metadata",
            StatusCode::BAD_REQUEST,
            "Missing datasourceKey",
        ),
        (
            "/superset/fetch_datasource_metadata?datasourceKey=births__table",
            StatusCode::BAD_REQUEST,
            "Invalid datasourceKey: births__table",
        ),
        (
            "/superset/fetch_datasource_metadata?datasourceKey=999999__table",
            StatusCode::NOT_FOUND,
            "The data source seems to have been deleted",
        ),
    ] {
        let answer = app.get(path, &admin).await;
        assert_eq!(answer.status, status, "{path}: {}", answer.json);
        assert_eq!(answer.json["message"], message, "{path}");
    }

    // A Gamma user without access to the dataset is refused; logged out is 401.
    app.create_user("gamma_meta", "gamma-password-1", &["Gamma"])
        .await;
    let gamma = app.token("gamma_meta", "gamma-password-1").await;
    let path = format!("/superset/fetch_datasource_metadata?datasourceKey={births}__table");
    assert_eq!(app.get(&path, &gamma).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.get(&path, &As::Anonymous).await.status,
        StatusCode::UNAUTHORIZED
    );
    app.close().await;
}

#[tokio::test]
async fn explore_json_answers_each_export_url_flag() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let births = app.dataset_id("birth_names").await;
    let form_data = births_by_gender(births);
    let expected = engine_sums(&app);
    assert_eq!(expected.len(), 2, "{expected:?}");

    // No flag: the chart's full JSON result with its form data.
    let full = app.get(&explore_json_path(&form_data, ""), &admin).await;
    assert_eq!(full.status, StatusCode::OK, "{}", full.json);
    assert_eq!(sums_of(&full.json["data"]), expected);
    assert_eq!(full.json["rowcount"], 2);
    assert_eq!(full.json["colnames"], json!(["gender", "SUM(num)"]));
    assert_eq!(full.json["form_data"]["viz_type"], "table");
    assert!(full.json["query"].as_str().unwrap().contains("birth_names"));

    // query=true: the SQL, not run.
    let query = app
        .get(&explore_json_path(&form_data, "&query=true"), &admin)
        .await;
    assert_eq!(query.status, StatusCode::OK, "{}", query.json);
    assert_eq!(field_names(&query.json), ["language", "query"]);
    assert_eq!(query.json["language"], "sql");
    let sql = query.json["query"].as_str().unwrap();
    assert!(sql.contains("SUM(num)") && sql.contains("GROUP BY"), "{sql}");

    // results=true: the rows and their description only.
    let results = app
        .get(&explore_json_path(&form_data, "&results=true&force=true"), &admin)
        .await;
    assert_eq!(results.status, StatusCode::OK, "{}", results.json);
    assert_eq!(
        field_names(&results.json),
        ["colnames", "coltypes", "data", "rowcount", "sql_rowcount"]
    );
    assert_eq!(sums_of(&results.json["data"]), expected);
    assert_eq!(results.json["rowcount"], 2);

    // samples=true: the dataset's rows, every column.
    let samples = app
        .get(&explore_json_path(&form_data, "&samples=true"), &admin)
        .await;
    assert_eq!(samples.status, StatusCode::OK, "{}", samples.json);
    let colnames = samples.json["colnames"].as_array().unwrap();
    assert!(
        colnames.contains(&json!("name")) && colnames.contains(&json!("state")),
        "{colnames:?}"
    );
    assert!(samples.json["rowcount"].as_i64().unwrap() > 2);

    // csv=true: a CSV download of the chart's rows.
    let csv = app.get(&explore_json_path(&form_data, "&csv=true"), &admin).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    assert!(csv.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .starts_with("attachment"));
    let text = String::from_utf8(csv.bytes.clone()).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.remove(0), "gender,SUM(num)");
    lines.sort_unstable();
    let expected_lines: Vec<String> = expected
        .iter()
        .map(|(gender, sum)| format!("{gender},{sum}"))
        .collect();
    assert_eq!(lines, expected_lines);

    // The datasource in the path wins over the form data's; a form post works like a GET.
    let mut elsewhere = form_data.clone();
    elsewhere["datasource"] = json!("999999__table");
    let by_path = app
        .get(
            &format!(
                "/superset/explore_json/table/{births}/?form_data={}&results=true",
                urlencoding(&elsewhere.to_string())
            ),
            &admin,
        )
        .await;
    assert_eq!(by_path.status, StatusCode::OK, "{}", by_path.json);
    assert_eq!(sums_of(&by_path.json["data"]), expected);
    let As::Bearer(token) = &admin else {
        panic!("admin logs in with a token")
    };
    let posted = app
        .send(
            Request::builder()
                .method(Method::POST)
                .uri("/superset/explore_json/?results=true")
                .header(header::AUTHORIZATION, format!("Bearer {token}"))
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::from(format!(
                    "form_data={}",
                    urlencoding(&form_data.to_string())
                )))
                .unwrap(),
        )
        .await;
    assert_eq!(posted.status, StatusCode::OK, "{}", posted.json);
    assert_eq!(sums_of(&posted.json["data"]), expected);

    // A saved chart by its slice_id alone.
    let chart = app
        .post(
            "/api/v1/chart/",
            json!({
                "slice_name": "Births by gender",
                "viz_type": "table",
                "datasource_id": births,
                "datasource_type": "table",
                "params": form_data.to_string(),
            }),
            &admin,
        )
        .await;
    assert_eq!(chart.status, StatusCode::CREATED, "{}", chart.json);
    let saved = app
        .get(
            &explore_json_path(&json!({"slice_id": chart.json["id"]}), "&results=true"),
            &admin,
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.json);
    assert_eq!(sums_of(&saved.json["data"]), expected);

    // Bad input is a 4xx with a message.
    for (path, status, message) in [
        (
            "/superset/explore_json/".to_owned(),
            StatusCode::BAD_REQUEST,
            "Missing form_data",
        ),
        (
            "/superset/explore_json/?form_data=%7Bnope".to_owned(),
            StatusCode::BAD_REQUEST,
            "form_data is not a valid JSON object",
        ),
        (
            explore_json_path(&json!({"slice_id": 999999}), ""),
            StatusCode::NOT_FOUND,
            "Chart not found",
        ),
    ] {
        let answer = app.get(&path, &admin).await;
        assert_eq!(answer.status, status, "{path}: {}", answer.json);
        assert_eq!(answer.json["message"], message, "{path}");
    }
    let missing = app.get(&explore_json_path(&elsewhere, ""), &admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "{}", missing.json);

    // A Gamma user without access to the dataset gets no rows.
    app.create_user("gamma_json", "gamma-password-1", &["Gamma"])
        .await;
    let gamma = app.token("gamma_json", "gamma-password-1").await;
    let refused = app
        .get(&explore_json_path(&form_data, "&results=true"), &gamma)
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.json);
    app.close().await;
}

#[tokio::test]
async fn the_chart_list_answers_pages_of_200() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let births = app.dataset_id("birth_names").await;
    let existing = app.get("/api/v1/chart/?q=(page_size:1)", &admin).await.json["count"]
        .as_u64()
        .unwrap();
    for number in existing..150 {
        let created = app
            .post(
                "/api/v1/chart/",
                json!({
                    "slice_name": format!("chart {number:03}"),
                    "viz_type": "table",
                    "datasource_id": births,
                    "datasource_type": "table",
                    "params": "{}",
                }),
                &admin,
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    }
    let page = |q: &'static str| {
        let app = &app;
        let admin = &admin;
        async move {
            let answer = app
                .get(&format!("/api/v1/chart/?q={}", urlencoding(q)), admin)
                .await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
            answer.json
        }
    };
    // Superset's saved-charts picker: pages of 200, by name or last changed first.
    let by_name = page("(order_column:slice_name,order_direction:asc,page:0,page_size:200)").await;
    assert_eq!(by_name["count"], 150);
    assert_eq!(by_name["result"].as_array().unwrap().len(), 150);
    let larger = page("(page:0,page_size:500)").await;
    assert_eq!(larger["result"].as_array().unwrap().len(), 150);
    let recent =
        page("(order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:200)").await;
    assert_eq!(recent["result"].as_array().unwrap().len(), 150);
    app.close().await;
}
