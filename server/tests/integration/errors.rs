//! Bad input gets the spec's error body with a 4xx, never a 500 or a panic.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{As, TestApp};
use serde_json::json;

#[tokio::test]
async fn malformed_json_is_a_400_with_the_spec_shape() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let As::Bearer(token) = &admin else { unreachable!() };
    for body in [
        "{not json",
        "",
        "[]",
        "{\"datasource\": {\"id\": \"x\"}}",
        "{\"queries\": []}",
    ] {
        let request = Request::builder()
            .method(Method::POST)
            .uri("/api/v1/chart/data")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .unwrap();
        let answer = app.send(request).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "body {body:?}");
        assert!(
            answer.json["message"].is_string(),
            "body {body:?}: {}",
            answer.json
        );
        let error_type = answer.json["errors"][0]["error_type"].as_str().unwrap();
        assert!(error_type.starts_with("INVALID_PAYLOAD"), "{error_type}");
        assert_eq!(answer.json["errors"][0]["level"], "error");
    }
    let not_json = Request::builder()
        .method(Method::POST)
        .uri("/api/v1/security/login")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from("username=admin"))
        .unwrap();
    let answer = app.send(not_json).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.json["message"], "Request is not JSON");
    app.close().await;
}

#[tokio::test]
async fn unknown_routes_methods_and_ids_get_json_errors() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let missing = app.get("/api/v1/nothing/here", &admin).await;
    assert_eq!(
        (missing.status, missing.json.clone()),
        (StatusCode::NOT_FOUND, json!({"message": "Not found"}))
    );
    let method = app.call(Method::PATCH, "/api/v1/chart/1", None, &admin).await;
    assert_eq!(method.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(method.json, json!({"message": "Method not allowed"}));
    let bad_id = app.get("/api/v1/chart/abc", &admin).await;
    assert_eq!(bad_id.status, StatusCode::BAD_REQUEST);
    assert!(bad_id.json["message"]
        .as_str()
        .unwrap()
        .starts_with("Invalid path"));
    let no_chart = app.get("/api/v1/chart/424242", &admin).await;
    assert_eq!(
        (no_chart.status, no_chart.json.clone()),
        (StatusCode::NOT_FOUND, json!({"message": "Not found"}))
    );
    let bad_rison = app
        .get("/api/v1/dataset/?q=(filters:!((col:table_name", &admin)
        .await;
    assert_eq!(bad_rison.status, StatusCode::BAD_REQUEST);
    assert!(bad_rison.json["message"]
        .as_str()
        .unwrap()
        .contains("Not a valid rison argument"));
    let bad_chart = app
        .post("/api/v1/chart/", json!({"slice_name": "x", "viz_type": "table", "datasource_id": 1, "datasource_type": "table", "bogus": 1}), &admin)
        .await;
    assert_eq!(bad_chart.status, StatusCode::BAD_REQUEST);
    let bad_params = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "x", "viz_type": "table", "datasource_id": app.dataset_id("birth_names").await, "datasource_type": "table", "params": "{oops"}),
            &admin,
        )
        .await;
    assert_eq!(bad_params.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad_params.json,
        json!({"message": {"params": ["JSON not valid"]}})
    );
    app.close().await;
}

#[tokio::test]
async fn health_answers_without_login() {
    let app = TestApp::new().await;
    let answer = app.get("/health", &As::Anonymous).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json["status"], "OK");
    app.close().await;
}
