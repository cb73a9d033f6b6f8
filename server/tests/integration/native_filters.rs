//! Native filter support (spec 001 §3 and §7): the distinct values of a dataset column that the
//! filter bar offers, on the examples database.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::StatusCode;
use common::{As, TestApp};
use serde_json::json;

fn values_path(dataset_id: i64, column: &str) -> String {
    format!("/api/v1/datasource/table/{dataset_id}/column/{column}/values/")
}

#[tokio::test]
async fn a_column_answers_its_distinct_values_sorted() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;

    let genders = app.get(&values_path(dataset_id, "gender"), &admin).await;
    assert_eq!(genders.status, StatusCode::OK, "{}", genders.json);
    assert_eq!(genders.json, json!({"result": ["boy", "girl"]}));

    let states = app.get(&values_path(dataset_id, "state"), &admin).await;
    let states = states.json["result"].as_array().unwrap().clone();
    assert!(states.contains(&json!("CA")), "{states:?}");
    let mut sorted = states.clone();
    sorted.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
    assert_eq!(states, sorted);
    let mut unique = states.clone();
    unique.dedup();
    assert_eq!(unique.len(), states.len());

    let numbers = app.get(&values_path(dataset_id, "num"), &admin).await;
    let numbers: Vec<f64> = numbers.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|value| value.as_f64().unwrap())
        .collect();
    assert!(numbers.windows(2).all(|pair| pair[0] < pair[1]));

    app.close().await;
}

#[tokio::test]
async fn unknown_columns_datasets_and_anonymous_callers_are_refused() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;

    let unknown_column = app.get(&values_path(dataset_id, "nope"), &admin).await;
    assert_eq!(unknown_column.status, StatusCode::BAD_REQUEST);
    assert_eq!(unknown_column.json["message"], "Column nope does not exist");

    let injected = app
        .get(
            &values_path(dataset_id, "gender%3B%20DROP%20TABLE%20birth_names"),
            &admin,
        )
        .await;
    assert_eq!(injected.status, StatusCode::BAD_REQUEST);

    let unknown_dataset = app.get(&values_path(987_654, "gender"), &admin).await;
    assert_eq!(unknown_dataset.status, StatusCode::NOT_FOUND);

    let anonymous = app.get(&values_path(dataset_id, "gender"), &As::Anonymous).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    app.close().await;
}
