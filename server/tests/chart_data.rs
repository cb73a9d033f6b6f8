//! `POST /api/v1/chart/data` on the DuckDB examples: JSON and Arrow answers equal the engine's
//! own answer for the same SQL.

mod common;

use std::collections::BTreeMap;

use arrow::array::{Array, Float64Array, StringArray};
use axum::http::{header, StatusCode};
use common::TestApp;
use serde_json::{json, Value};

fn births_by_gender_and_state(dataset_id: i64, result_format: &str) -> Value {
    json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "force": false,
        "result_format": result_format,
        "result_type": "full",
        "queries": [{
            "columns": ["gender", "state"],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
            "orderby": [[{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}, false]],
            "row_limit": 1000,
            "filters": [],
            "extras": {"having": "", "where": ""},
            "time_range": "No filter"
        }]
    })
}

/// The same aggregate straight from DuckDB.
fn engine_sums(app: &TestApp) -> BTreeMap<(String, String), i64> {
    let connection = duckdb::Connection::open_with_flags(
        app.state.settings.examples_path(),
        duckdb::Config::default().access_mode(duckdb::AccessMode::ReadOnly).unwrap(),
    )
    .unwrap();
    let mut statement =
        connection.prepare("SELECT gender, state, CAST(SUM(num) AS BIGINT) FROM birth_names GROUP BY 1, 2").unwrap();
    statement
        .query_map([], |row| Ok(((row.get::<_, String>(0)?, row.get::<_, String>(1)?), row.get::<_, i64>(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[tokio::test]
async fn table_query_in_json_matches_the_engine() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let answer = app.post("/api/v1/chart/data", births_by_gender_and_state(dataset_id, "json"), &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let result = &answer.json["result"][0];
    assert_eq!(result["colnames"], json!(["gender", "state", "SUM(num)"]));
    assert_eq!(result["coltypes"], json!([1, 1, 0]));
    assert_eq!(result["is_cached"], false);
    assert_eq!(result["status"], "success");
    let sql = result["query"].as_str().unwrap();
    assert!(sql.contains("GROUP BY") && sql.contains("\"birth_names\""), "{sql}");

    let expected = engine_sums(&app);
    let rows = result["data"].as_array().unwrap();
    assert_eq!(result["rowcount"], rows.len());
    assert_eq!(rows.len(), expected.len());
    let mut previous = i64::MAX;
    for row in rows {
        let key = (row["gender"].as_str().unwrap().to_owned(), row["state"].as_str().unwrap().to_owned());
        let sum = row["SUM(num)"].as_i64().unwrap();
        assert_eq!(sum, expected[&key], "{key:?}");
        assert!(sum <= previous, "ordered by SUM(num) descending");
        previous = sum;
    }
    app.close().await;
}

#[tokio::test]
async fn table_query_in_arrow_carries_rows_and_metadata() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let answer = app.post("/api/v1/chart/data", births_by_gender_and_state(dataset_id, "arrow"), &admin).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.headers[header::CONTENT_TYPE], "application/vnd.quiver.chart-data+arrow");

    let body = &answer.bytes;
    let length = u32::from_le_bytes(body[0..4].try_into().unwrap()) as usize;
    assert_eq!(body.len(), 4 + length, "one query, one framed stream");
    let reader = arrow::ipc::reader::StreamReader::try_new(std::io::Cursor::new(&body[4..]), None).unwrap();
    let meta: Value = serde_json::from_str(&reader.schema().metadata()["quiver:result"]).unwrap();
    assert_eq!(meta["colnames"], json!(["gender", "state", "SUM(num)"]));
    assert!(meta["query"].as_str().unwrap().contains("SUM(\"num\")"));
    let batches: Vec<_> = reader.map(Result::unwrap).collect();

    let expected = engine_sums(&app);
    let mut seen = 0;
    for batch in &batches {
        let gender = batch.column(0).as_any().downcast_ref::<StringArray>().unwrap();
        let state = batch.column(1).as_any().downcast_ref::<StringArray>().unwrap();
        let sum = batch.column(2).as_any().downcast_ref::<Float64Array>().expect("decimals travel as float64");
        for row in 0..batch.num_rows() {
            let key = (gender.value(row).to_owned(), state.value(row).to_owned());
            assert_eq!(sum.value(row) as i64, expected[&key]);
            seen += 1;
        }
    }
    assert_eq!(seen, expected.len());
    assert_eq!(meta["rowcount"], seen);
    app.close().await;
}

#[tokio::test]
async fn filters_and_raw_mode_bind_values() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let hostile = "boy' OR '1'='1";
    let query = json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "queries": [
            {"columns": ["name", "gender"], "filters": [{"col": "gender", "op": "==", "val": hostile}], "row_limit": 5},
            {"columns": ["name", "gender", "num"], "filters": [{"col": "gender", "op": "IN", "val": ["girl"]}, {"col": "num", "op": ">", "val": 100}], "orderby": [["num", false]], "row_limit": 3},
            {"metrics": ["count"], "filters": [{"col": "state", "op": "IS NULL"}]}
        ]
    });
    let answer = app.post("/api/v1/chart/data", query, &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json["result"][0]["rowcount"], 0, "the hostile value is a value, not SQL");
    assert!(answer.json["result"][0]["query"].as_str().unwrap().contains("$1"));
    let girls = answer.json["result"][1]["data"].as_array().unwrap();
    assert_eq!(girls.len(), 3);
    assert!(girls.iter().all(|row| row["gender"] == "girl" && row["num"].as_i64().unwrap() > 100));
    assert!(girls[0]["num"].as_i64() >= girls[1]["num"].as_i64());
    assert_eq!(answer.json["result"][2]["data"][0]["count"], 0);
    app.close().await;
}

#[tokio::test]
async fn bad_columns_and_sql_fragments_are_refused_with_typed_errors() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let cases = [
        (json!({"columns": ["password"]}), "COLUMN_DOES_NOT_EXIST_ERROR"),
        (json!({"columns": ["gender\"; DROP TABLE birth_names; --"]}), "COLUMN_DOES_NOT_EXIST_ERROR"),
        (json!({"metrics": [{"expressionType": "SQL", "sqlExpression": "(SELECT COUNT(*) FROM ab_user)"}]}), "ADHOC_SUBQUERY_NOT_ALLOWED_ERROR"),
        (json!({"metrics": ["count"], "extras": {"where": "1=1; DELETE FROM birth_names"}}), "INVALID_SQL_ERROR"),
        (json!({"metrics": ["count"], "extras": {"having": "COUNT(*) > 0 --"}}), "INVALID_SQL_ERROR"),
        (json!({"metrics": ["nope"]}), "INVALID_PAYLOAD_SCHEMA_ERROR"),
    ];
    for (query, error_type) in cases {
        let body = json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [query]});
        let answer = app.post("/api/v1/chart/data", body, &admin).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(answer.json["errors"][0]["error_type"], error_type, "{query}: {}", answer.json);
    }
    let engine_error = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [{"metrics": [{"expressionType": "SQL", "sqlExpression": "SUM(gender)"}]}]}),
            &admin,
        )
        .await;
    assert_eq!(engine_error.status, StatusCode::BAD_REQUEST);
    assert_eq!(engine_error.json["errors"][0]["error_type"], "GENERIC_DB_ENGINE_ERROR");
    assert!(engine_error.json["message"].as_str().unwrap().starts_with("DuckDB Error: "));
    let missing = app
        .post("/api/v1/chart/data", json!({"datasource": {"id": 9999, "type": "table"}, "queries": [{"metrics": ["count"]}]}), &admin)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    app.close().await;
}
