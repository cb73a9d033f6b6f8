//! Calls a browser makes as form posts (spec 002 section 7) and the chart data query string (spec
//! 000 section 7): `POST /api/v1/chart/data` with the query context in the `form_data` field and the
//! CSRF token in `csrf_token`; `?form_data={"slice_id": N}&dashboard_id=M&force=true`; Explore
//! opened by `POST /explore/`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use std::time::Duration;

use crate::chart_list::urlencoding;
use crate::common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{As, TestApp, ADMIN_PASSWORD};
use serde_json::{json, Value};
use sqlx::Row;

/// SUM(num) per gender, as a query context.
fn births_by_gender(dataset: i64, result_format: &str) -> Value {
    json!({
        "datasource": {"id": dataset, "type": "table"},
        "force": false,
        "result_format": result_format,
        "result_type": "full",
        "queries": [{
            "columns": ["gender"],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
            "row_limit": 10,
            "time_range": "No filter"
        }]
    })
}

/// SUM(num) per gender straight from DuckDB, as CSV lines `gender,sum`.
fn engine_lines(app: &TestApp) -> Vec<String> {
    common::births_sums_by_gender(app)
        .into_iter()
        .map(|(gender, sum)| format!("{gender},{sum}"))
        .collect()
}

/// A browser session: its cookie and CSRF token.
async fn browser_session(app: &TestApp) -> (String, String) {
    let login = app
        .post(
            "/login/",
            json!({"username": "admin", "password": ADMIN_PASSWORD}),
            &As::Anonymous,
        )
        .await;
    assert_eq!(login.status, StatusCode::OK);
    let cookie = login.headers[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let session = As::Session {
        cookie: cookie.clone(),
        csrf: String::new(),
    };
    let csrf = app.get("/api/v1/security/csrf_token/", &session).await;
    (cookie, csrf.json["result"].as_str().unwrap().to_owned())
}

/// A form post made with the session cookie only, as a browser's `<form>` does.
fn form_post(path: &str, cookie: &str, fields: &[(&str, &str)]) -> Request<Body> {
    let body = fields
        .iter()
        .map(|(name, value)| format!("{name}={}", urlencoding(value)))
        .collect::<Vec<_>>()
        .join("&");
    Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::COOKIE, cookie)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap()
}

/// The CSV rows of an answer, header first, then the rows sorted.
fn csv_lines(bytes: &[u8]) -> (String, Vec<String>) {
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let header = lines.remove(0);
    lines.sort();
    (header, lines)
}

#[tokio::test]
async fn chart_data_is_answered_to_a_browser_form_post_with_its_csrf_field() {
    let app = TestApp::with_examples().await;
    let births = app.dataset_id("birth_names").await;
    let (cookie, csrf) = browser_session(&app).await;
    let expected = engine_lines(&app);
    assert_eq!(expected.len(), 2, "{expected:?}");

    // The CSV download Superset's web app posts as a form.
    let context = births_by_gender(births, "csv").to_string();
    let csv = app
        .send(form_post(
            "/api/v1/chart/data",
            &cookie,
            &[("form_data", &context), ("csrf_token", &csrf)],
        ))
        .await;
    assert_eq!(
        csv.status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&csv.bytes)
    );
    assert!(csv.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    assert_eq!(
        csv_lines(&csv.bytes),
        ("gender,SUM(num)".to_owned(), expected.clone())
    );

    // JSON through the same form.
    let context = births_by_gender(births, "json").to_string();
    let answer = app
        .send(form_post(
            "/api/v1/chart/data",
            &cookie,
            &[("csrf_token", &csrf), ("form_data", &context)],
        ))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let mut rows: Vec<String> = answer.json["result"][0]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            format!(
                "{},{}",
                row["gender"].as_str().unwrap(),
                row["SUM(num)"].as_f64().unwrap().round()
            )
        })
        .collect();
    rows.sort();
    assert_eq!(rows, expected);

    // Without the field, or with another token, the post is refused before the handler.
    let missing = app
        .send(form_post(
            "/api/v1/chart/data",
            &cookie,
            &[("form_data", &context)],
        ))
        .await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.json["message"], "The CSRF token is missing.");
    let wrong = app
        .send(form_post(
            "/api/v1/chart/data",
            &cookie,
            &[("form_data", &context), ("csrf_token", "nope")],
        ))
        .await;
    assert_eq!(wrong.json["message"], "The CSRF token is invalid.");

    // A form without the query context, or with one that is not a query context.
    let no_context = app
        .send(form_post("/api/v1/chart/data", &cookie, &[("csrf_token", &csrf)]))
        .await;
    assert_eq!(no_context.status, StatusCode::BAD_REQUEST);
    assert_eq!(no_context.json["message"], "Missing form_data");
    let broken = app
        .send(form_post(
            "/api/v1/chart/data",
            &cookie,
            &[("csrf_token", &csrf), ("form_data", "{\"queries\": 3}")],
        ))
        .await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        broken.json["errors"][0]["error_type"], "INVALID_PAYLOAD_SCHEMA_ERROR",
        "{}",
        broken.json
    );
    app.close().await;
}

#[tokio::test]
async fn the_chart_data_query_string_forces_and_logs_the_chart_and_dashboard() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let births = app.dataset_id("birth_names").await;
    let context = births_by_gender(births, "json");

    let first = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.json);
    let cached = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(cached.json["result"][0]["is_cached"], true);

    // force=true in the query string skips the cache, as the body's force does.
    let path = format!(
        "/api/v1/chart/data?form_data={}&dashboard_id=7&force=true",
        urlencoding(r#"{"slice_id": 42}"#)
    );
    let forced = app.post(&path, context.clone(), &admin).await;
    assert_eq!(forced.status, StatusCode::OK, "{}", forced.json);
    assert_eq!(forced.json["result"][0]["is_cached"], false);
    assert_eq!(forced.json["result"][0]["data"], first.json["result"][0]["data"]);

    // The call is logged with its chart and dashboard (in the background: wait for it).
    let mut logged = Vec::new();
    for _ in 0..50 {
        logged =
            sqlx::query("SELECT slice_id, dashboard_id FROM logs WHERE action = 'ChartDataRestApi.data'")
                .fetch_all(app.state.store.pool())
                .await
                .unwrap()
                .iter()
                .map(|row| (row.get::<Option<i64>, _>(0), row.get::<Option<i64>, _>(1)))
                .collect();
        if !logged.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        logged,
        vec![(Some(42), Some(7))],
        "only the call naming a chart is logged"
    );

    // form_data must be a JSON object.
    let broken = app
        .post("/api/v1/chart/data?form_data=%7Bslice", context.clone(), &admin)
        .await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    assert_eq!(broken.json["message"], "form_data is not a valid JSON object");
    let wrong_id = app
        .post("/api/v1/chart/data?dashboard_id=abc", context, &admin)
        .await;
    assert_eq!(wrong_id.status, StatusCode::BAD_REQUEST, "{}", wrong_id.json);
    app.close().await;
}

#[tokio::test]
async fn a_form_post_to_explore_opens_its_form_data_through_the_state_cache() {
    let app = TestApp::with_examples().await;
    let births = app.dataset_id("birth_names").await;
    let (cookie, csrf) = browser_session(&app).await;
    let form_data = json!({
        "datasource": format!("{births}__table"),
        "viz_type": "table",
        "groupby": ["gender"],
        "metrics": ["count"],
        "row_limit": 10,
    });
    let text = form_data.to_string();
    for path in ["/explore/", "/superset/explore/"] {
        let posted = app
            .send(form_post(
                path,
                &cookie,
                &[("form_data", &text), ("csrf_token", &csrf)],
            ))
            .await;
        assert_eq!(posted.status, StatusCode::SEE_OTHER, "{path}: {}", posted.json);
        let location = posted.headers[header::LOCATION].to_str().unwrap().to_owned();
        let key = location
            .strip_prefix("/explore/?form_data_key=")
            .unwrap_or_else(|| panic!("{location}"));
        let session = As::Session {
            cookie: cookie.clone(),
            csrf: csrf.clone(),
        };
        let stored = app
            .get(&format!("/api/v1/explore/form_data/{key}"), &session)
            .await;
        assert_eq!(stored.status, StatusCode::OK, "{}", stored.json);
        let stored: Value = serde_json::from_str(stored.json["form_data"].as_str().unwrap()).unwrap();
        assert_eq!(stored, form_data);
        // The page the redirect opens is the web app's.
        let explore = app.get(&location, &As::Anonymous).await;
        assert_ne!(explore.status, StatusCode::METHOD_NOT_ALLOWED);
    }

    // A saved chart's form data keeps its slice_id in the address.
    let mut of_chart = form_data.clone();
    let chart = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Posted", "viz_type": "table", "datasource_id": births, "datasource_type": "table", "params": text}),
            &As::Session { cookie: cookie.clone(), csrf: csrf.clone() },
        )
        .await;
    assert_eq!(chart.status, StatusCode::CREATED, "{}", chart.json);
    let chart_id = chart.json["id"].as_i64().unwrap();
    of_chart["slice_id"] = json!(chart_id);
    let posted = app
        .send(form_post(
            "/explore/",
            &cookie,
            &[("form_data", &of_chart.to_string()), ("csrf_token", &csrf)],
        ))
        .await;
    let location = posted.headers[header::LOCATION].to_str().unwrap();
    assert!(location.ends_with(&format!("&slice_id={chart_id}")), "{location}");

    // Clear refusals: no datasource, an unknown dataset, no form data, no CSRF token.
    let no_datasource = app
        .send(form_post(
            "/explore/",
            &cookie,
            &[("form_data", r#"{"viz_type": "table"}"#), ("csrf_token", &csrf)],
        ))
        .await;
    assert_eq!(no_datasource.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        no_datasource.json["message"],
        "form_data must name its datasource, as \"3__table\""
    );
    let unknown = app
        .send(form_post(
            "/explore/",
            &cookie,
            &[
                ("form_data", r#"{"datasource": "999999__table"}"#),
                ("csrf_token", &csrf),
            ],
        ))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let empty = app
        .send(form_post("/explore/", &cookie, &[("csrf_token", &csrf)]))
        .await;
    assert_eq!(empty.json["message"], "Missing form_data");
    let no_csrf = app
        .send(form_post("/explore/", &cookie, &[("form_data", &text)]))
        .await;
    assert_eq!(no_csrf.json["message"], "The CSRF token is missing.");

    // Superset's old address of Explore moves to the new one with its query string.
    let old = app.get("/superset/explore/?slice_id=3", &As::Anonymous).await;
    assert_eq!(old.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(old.headers[header::LOCATION], "/explore/?slice_id=3");
    app.close().await;
}

#[tokio::test]
async fn the_cache_timeout_comes_from_the_context_then_the_chart_dataset_database_and_default() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let births = app.dataset_id("birth_names").await;
    let timeout_of = |answer: &common::Answer| answer.json["result"][0]["cache_timeout"].clone();
    let mut context = births_by_gender(births, "json");

    // Nothing set: the server's default.
    let default = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(default.status, StatusCode::OK, "{}", default.json);
    assert_eq!(timeout_of(&default), app.state.settings.cache_default_timeout);

    // The database's, then the dataset's over it.
    let database_id = app.state.store.dataset(births).await.unwrap().database.id.0;
    let database = app
        .call(
            Method::PUT,
            &format!("/api/v1/database/{database_id}"),
            Some(json!({"cache_timeout": 400})),
            &admin,
        )
        .await;
    assert_eq!(database.status, StatusCode::OK, "{}", database.json);
    let answer = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(timeout_of(&answer), 400);
    let dataset = app
        .call(
            Method::PUT,
            &format!("/api/v1/dataset/{births}"),
            Some(json!({"cache_timeout": 300})),
            &admin,
        )
        .await;
    assert_eq!(dataset.status, StatusCode::OK, "{}", dataset.json);
    let answer = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(timeout_of(&answer), 300);

    // The chart the form data names, over the dataset's.
    let chart = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Timed", "viz_type": "table", "datasource_id": births, "datasource_type": "table", "cache_timeout": 200}),
            &admin,
        )
        .await;
    assert_eq!(chart.status, StatusCode::CREATED, "{}", chart.json);
    context["form_data"] = json!({"slice_id": chart.json["id"], "viz_type": "table"});
    let answer = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(timeout_of(&answer), 200);

    // The query context's own, over all.
    context["custom_cache_timeout"] = json!(100);
    let answer = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(timeout_of(&answer), 100);

    // A chart since deleted leaves the choice to the dataset.
    context["custom_cache_timeout"] = Value::Null;
    context["form_data"] = json!({"slice_id": 999_999, "viz_type": "table"});
    let answer = app.post("/api/v1/chart/data", context, &admin).await;
    assert_eq!(timeout_of(&answer), 300);
    app.close().await;
}
