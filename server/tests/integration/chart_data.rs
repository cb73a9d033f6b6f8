//! `POST /api/v1/chart/data` on the DuckDB examples: JSON and Arrow answers equal the engine's
//! own answer for the same SQL.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use std::collections::BTreeMap;

use arrow::array::{Array, Float64Array, StringArray};
use axum::http::{header, StatusCode};
use common::{examples_connection, TestApp};
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
    let connection = examples_connection(app);
    let mut statement = connection
        .prepare("SELECT gender, state, CAST(SUM(num) AS BIGINT) FROM birth_names GROUP BY 1, 2")
        .unwrap();
    statement
        .query_map([], |row| {
            Ok((
                (row.get::<_, String>(0)?, row.get::<_, String>(1)?),
                row.get::<_, i64>(2)?,
            ))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[tokio::test]
async fn table_query_in_json_matches_the_engine() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let answer = app
        .post(
            "/api/v1/chart/data",
            births_by_gender_and_state(dataset_id, "json"),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let result = &answer.json["result"][0];
    assert_eq!(result["colnames"], json!(["gender", "state", "SUM(num)"]));
    assert_eq!(result["coltypes"], json!([1, 1, 0]));
    assert_eq!(result["is_cached"], false);
    assert_eq!(result["status"], "success");
    let sql = result["query"].as_str().unwrap();
    assert!(
        sql.contains("GROUP BY") && sql.contains("\"birth_names\""),
        "{sql}"
    );

    let expected = engine_sums(&app);
    let rows = result["data"].as_array().unwrap();
    assert_eq!(result["rowcount"], rows.len());
    assert_eq!(rows.len(), expected.len());
    let mut previous = i64::MAX;
    for row in rows {
        let key = (
            row["gender"].as_str().unwrap().to_owned(),
            row["state"].as_str().unwrap().to_owned(),
        );
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
    let answer = app
        .post(
            "/api/v1/chart/data",
            births_by_gender_and_state(dataset_id, "arrow"),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.headers[header::CONTENT_TYPE],
        "application/vnd.quiver.chart-data+arrow"
    );

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
        let sum = batch
            .column(2)
            .as_any()
            .downcast_ref::<Float64Array>()
            .expect("decimals travel as float64");
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
    assert_eq!(
        answer.json["result"][0]["rowcount"], 0,
        "the hostile value is a value, not SQL"
    );
    assert!(answer.json["result"][0]["query"].as_str().unwrap().contains("$1"));
    let girls = answer.json["result"][1]["data"].as_array().unwrap();
    assert_eq!(girls.len(), 3);
    assert!(girls
        .iter()
        .all(|row| row["gender"] == "girl" && row["num"].as_i64().unwrap() > 100));
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
        (
            json!({"columns": ["gender\"; DROP TABLE birth_names; --"]}),
            "COLUMN_DOES_NOT_EXIST_ERROR",
        ),
        (
            json!({"metrics": [{"expressionType": "SQL", "sqlExpression": "(SELECT COUNT(*) FROM ab_user)"}]}),
            "ADHOC_SUBQUERY_NOT_ALLOWED_ERROR",
        ),
        (
            json!({"metrics": ["count"], "extras": {"where": "1=1; DELETE FROM birth_names"}}),
            "INVALID_SQL_ERROR",
        ),
        (
            json!({"metrics": ["count"], "extras": {"having": "COUNT(*) > 0 --"}}),
            "INVALID_SQL_ERROR",
        ),
        (json!({"metrics": ["nope"]}), "INVALID_PAYLOAD_SCHEMA_ERROR"),
    ];
    for (query, error_type) in cases {
        let body = json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [query]});
        let answer = app.post("/api/v1/chart/data", body, &admin).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(
            answer.json["errors"][0]["error_type"], error_type,
            "{query}: {}",
            answer.json
        );
    }
    let engine_error = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [{"metrics": [{"expressionType": "SQL", "sqlExpression": "SUM(gender)"}]}]}),
            &admin,
        )
        .await;
    assert_eq!(engine_error.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        engine_error.json["errors"][0]["error_type"],
        "GENERIC_DB_ENGINE_ERROR"
    );
    assert!(engine_error.json["message"]
        .as_str()
        .unwrap()
        .starts_with("DuckDB Error: "));
    let missing = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": 9999, "type": "table"}, "queries": [{"metrics": ["count"]}]}),
            &admin,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    app.close().await;
}

/// An unparsable custom SQL metric, column or filter answers Superset's 'Unable to parse SQL'
/// shape: `INVALID_SQL_ERROR` with the fragment and the parser's line and column in `extra`.
#[tokio::test]
async fn unparsable_custom_sql_answers_the_offending_line_and_column() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let cases = [
        (
            json!({"metrics": [{"expressionType": "SQL", "sqlExpression": "SUM(num)\n  + )", "label": "broken"}]}),
            "SUM(num)\n  + )",
            2,
            5,
        ),
        (
            json!({"metrics": ["count"], "columns": [{"expressionType": "SQL", "sqlExpression": "UPPER(gender", "label": "g"}]}),
            "UPPER(gender",
            1,
            13,
        ),
        (
            json!({"metrics": ["count"], "extras": {"where": "num > 1 AND\n(state = 'CA'"}}),
            "num > 1 AND\n(state = 'CA'",
            2,
            14,
        ),
    ];
    for (query, fragment, line, column) in cases {
        let body = json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [query]});
        let answer = app.post("/api/v1/chart/data", body, &admin).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);
        let error = &answer.json["errors"][0];
        assert_eq!(error["error_type"], "INVALID_SQL_ERROR", "{error}");
        assert!(
            error["message"]
                .as_str()
                .unwrap()
                .starts_with("Unable to parse SQL: "),
            "{error}"
        );
        assert_eq!(error["extra"]["sql"], fragment, "{error}");
        assert_eq!(error["extra"]["line"], line, "{error}");
        assert_eq!(error["extra"]["column"], column, "{error}");
        assert_eq!(error["extra"]["issue_codes"][0]["code"], 1003, "{error}");
    }
    app.close().await;
}

#[tokio::test]
async fn time_ranges_filter_rows_and_resolve_for_the_ui() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let context = |range: &str| {
        json!({
            "datasource": {"id": dataset_id, "type": "table"},
            "queries": [{
                "metrics": ["count"],
                "filters": [{"col": "ds", "op": "TEMPORAL_RANGE", "val": range}],
                "columns": [{"sqlExpression": "ds", "label": "ds", "expressionType": "SQL", "columnType": "BASE_AXIS", "timeGrain": "P1Y"}],
                "orderby": [[{"sqlExpression": "ds", "label": "ds", "expressionType": "SQL"}, true]]
            }]
        })
    };
    let answer = app
        .post("/api/v1/chart/data", context("2000-01-01 : 2003-01-01"), &admin)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let result = &answer.json["result"][0];
    let years: Vec<i64> = result["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["ds"].as_i64().unwrap())
        .collect();
    // 2000-01-01, 2001-01-01, 2002-01-01 in epoch ms: start inclusive, end exclusive.
    assert_eq!(years, vec![946_684_800_000, 978_307_200_000, 1_009_843_200_000]);
    assert_eq!(result["from_dttm"], 946_684_800_000_i64);
    assert_eq!(result["to_dttm"], 1_041_379_200_000_i64);
    assert_eq!(result["coltypes"][0], 2, "the time column is temporal");

    let everything = app.post("/api/v1/chart/data", context("No filter"), &admin).await;
    assert_eq!(everything.json["result"][0]["rowcount"], 44, "1965 to 2008");

    let backwards = app
        .post("/api/v1/chart/data", context("2003-01-01 : 2000-01-01"), &admin)
        .await;
    assert_eq!(backwards.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        backwards.json["message"],
        "From date cannot be larger than to date"
    );

    let resolved = app
        .get("/api/v1/time_range/?q='2000-01-01%20:%202003-01-01'", &admin)
        .await;
    assert_eq!(resolved.status, StatusCode::OK, "{}", resolved.json);
    assert_eq!(
        resolved.json["result"][0],
        json!({"since": "2000-01-01T00:00:00", "until": "2003-01-01T00:00:00", "timeRange": "2000-01-01 : 2003-01-01"})
    );
    let last_week = app.get("/api/v1/time_range/?q='Last%20week'", &admin).await;
    assert_eq!(last_week.status, StatusCode::OK);
    assert!(last_week.json["result"][0]["since"]
        .as_str()
        .unwrap()
        .ends_with("T00:00:00"));
    let bad = app
        .get("/api/v1/time_range/?q='2003-01-01%20:%202000-01-01'", &admin)
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json["message"]
        .as_str()
        .unwrap()
        .starts_with("Unexpected time range"));
    app.close().await;
}

#[tokio::test]
async fn results_are_cached_and_force_bypasses_the_cache() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let body = births_by_gender_and_state(dataset_id, "json");
    let first = app.post("/api/v1/chart/data", body.clone(), &admin).await;
    assert_eq!(first.json["result"][0]["is_cached"], false);
    let second = app.post("/api/v1/chart/data", body.clone(), &admin).await;
    let cached = &second.json["result"][0];
    assert_eq!(cached["is_cached"], true);
    assert!(cached["cached_dttm"].is_string());
    assert_eq!(cached["cache_key"], first.json["result"][0]["cache_key"]);
    assert_eq!(
        cached["data"], first.json["result"][0]["data"],
        "the cache answers the same rows"
    );
    let mut forced = body.clone();
    forced["force"] = json!(true);
    let third = app.post("/api/v1/chart/data", forced, &admin).await;
    assert_eq!(third.json["result"][0]["is_cached"], false);
    // A different query is a different entry.
    let mut other = body;
    other["queries"][0]["row_limit"] = json!(5);
    let fourth = app.post("/api/v1/chart/data", other, &admin).await;
    assert_eq!(fourth.json["result"][0]["is_cached"], false);
    assert_eq!(fourth.json["result"][0]["rowcount"], 5);
    app.close().await;
}

#[tokio::test]
async fn csv_export_holds_the_rows() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let json_answer = app
        .post(
            "/api/v1/chart/data",
            births_by_gender_and_state(dataset_id, "json"),
            &admin,
        )
        .await;
    let answer = app
        .post(
            "/api/v1/chart/data",
            births_by_gender_and_state(dataset_id, "csv"),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    assert!(answer.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("birth_names.csv"));
    let text = String::from_utf8(answer.bytes.clone()).unwrap();
    let lines: Vec<&str> = text.split("\r\n").filter(|line| !line.is_empty()).collect();
    assert_eq!(lines[0], "gender,state,SUM(num)");
    let rows = json_answer.json["result"][0]["data"].as_array().unwrap();
    assert_eq!(lines.len() - 1, rows.len());
    let first = &rows[0];
    assert_eq!(
        lines[1],
        format!(
            "{},{},{}",
            first["gender"].as_str().unwrap(),
            first["state"].as_str().unwrap(),
            first["SUM(num)"]
        )
    );
    app.close().await;
}

#[tokio::test]
async fn json_answers_apply_post_processing_with_the_core() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let query = json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "queries": [{
            "columns": ["gender"],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
            "orderby": [["gender", true]],
            "post_processing": [
                {"operation": "contribution", "options": {"orientation": "column", "columns": ["SUM(num)"], "rename_columns": ["%SUM(num)"]}},
                null
            ]
        }]
    });
    let answer = app.post("/api/v1/chart/data", query.clone(), &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let result = &answer.json["result"][0];
    assert!(
        result["colnames"]
            .as_array()
            .unwrap()
            .contains(&json!("%SUM(num)")),
        "{}",
        result["colnames"]
    );
    let shares: Vec<f64> = result["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["%SUM(num)"].as_f64().unwrap())
        .collect();
    assert_eq!(shares.len(), 2);
    assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{shares:?}");

    // Arrow answers leave post-processing to the browser.
    let mut arrow = query;
    arrow["result_format"] = json!("arrow");
    let answer = app.post("/api/v1/chart/data", arrow, &admin).await;
    let reader =
        arrow::ipc::reader::StreamReader::try_new(std::io::Cursor::new(&answer.bytes[4..]), None).unwrap();
    let names: Vec<String> = reader
        .schema()
        .fields()
        .iter()
        .map(|field| field.name().clone())
        .collect();
    assert_eq!(names, ["gender", "SUM(num)"]);
    app.close().await;
}

#[tokio::test]
async fn samples_and_drill_to_detail_return_rows_under_the_filters() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let query = json!({
        "columns": ["gender"],
        "metrics": ["count"],
        "filters": [{"col": "state", "op": "==", "val": "CA"}],
        "row_limit": 50000
    });
    let samples = app
        .post("/api/v1/chart/data", json!({"datasource": {"id": dataset_id, "type": "table"}, "result_type": "samples", "queries": [query.clone()]}), &admin)
        .await;
    assert_eq!(samples.status, StatusCode::OK, "{}", samples.json);
    let result = &samples.json["result"][0];
    assert_eq!(
        result["colnames"],
        json!(["ds", "gender", "name", "num", "state", "num_boys", "num_girls"])
    );
    let rows = result["data"].as_array().unwrap();
    assert!(!rows.is_empty() && rows.len() <= 1000, "{}", rows.len());
    assert!(rows.iter().all(|row| row["state"] == "CA"));

    let mut page = query;
    page["row_limit"] = json!(10);
    page["row_offset"] = json!(10);
    let drill = app
        .post("/api/v1/chart/data", json!({"datasource": {"id": dataset_id, "type": "table"}, "result_type": "drill_detail", "queries": [page]}), &admin)
        .await;
    assert_eq!(drill.status, StatusCode::OK, "{}", drill.json);
    let sql = drill.json["result"][0]["query"].as_str().unwrap();
    assert!(
        sql.contains("LIMIT 10") && sql.contains("OFFSET 10") && !sql.contains("GROUP BY"),
        "{sql}"
    );
    assert_eq!(drill.json["result"][0]["rowcount"], 10);
    app.close().await;
}

#[tokio::test]
async fn xlsx_export_opens_and_holds_the_rows() {
    use calamine::{Data, Reader, Xlsx};
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let answer = app
        .post(
            "/api/v1/chart/data",
            births_by_gender_and_state(dataset_id, "xlsx"),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(
        answer.headers[header::CONTENT_TYPE],
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    assert!(answer.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("birth_names.xlsx"));
    let mut workbook: Xlsx<_> = Xlsx::new(std::io::Cursor::new(answer.bytes.clone())).unwrap();
    let sheet = workbook.worksheet_range_at(0).unwrap().unwrap();
    let rows: Vec<&[Data]> = sheet.rows().collect();
    assert_eq!(
        rows[0],
        [
            Data::String("gender".into()),
            Data::String("state".into()),
            Data::String("SUM(num)".into())
        ]
    );
    let sums = engine_sums(&app);
    assert_eq!(rows.len() - 1, sums.len());
    for row in &rows[1..] {
        let key = (row[0].to_string(), row[1].to_string());
        let Data::Float(value) = row[2] else {
            panic!("numbers are numbers: {row:?}")
        };
        assert_eq!(value as i64, sums[&key], "{key:?}");
    }
    app.close().await;
}

/// Sums of `num` by year and gender, straight from DuckDB.
fn engine_sums_by_year(app: &TestApp) -> BTreeMap<(i32, String), i64> {
    let connection = examples_connection(app);
    let mut statement = connection
        .prepare("SELECT CAST(year(ds) AS INTEGER), gender, CAST(SUM(num) AS BIGINT) FROM birth_names GROUP BY 1, 2")
        .unwrap();
    statement
        .query_map([], |row| {
            Ok((
                (row.get::<_, i32>(0)?, row.get::<_, String>(1)?),
                row.get::<_, i64>(2)?,
            ))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[tokio::test]
async fn time_offsets_join_the_shifted_query_on_time_and_series() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let body = json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "result_format": "json",
        "result_type": "full",
        "queries": [{
            "columns": [
                {"expressionType": "SQL", "sqlExpression": "ds", "label": "ds", "columnType": "BASE_AXIS", "timeGrain": "P1Y"},
                "gender"
            ],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
            "filters": [{"col": "ds", "op": "TEMPORAL_RANGE", "val": "2000-01-01 : 2005-01-01"}],
            "orderby": [],
            "row_limit": 1000,
            "time_offsets": ["1 year ago", "2 years ago"],
        }]
    });
    let answer = app.post("/api/v1/chart/data", body, &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let result = &answer.json["result"][0];
    assert_eq!(
        result["colnames"],
        json!([
            "ds",
            "gender",
            "SUM(num)",
            "SUM(num)__1 year ago",
            "SUM(num)__2 years ago"
        ])
    );
    assert_eq!(result["query"].as_str().unwrap().matches("SELECT").count(), 3);
    let sums = engine_sums_by_year(&app);
    let rows = result["data"].as_array().unwrap();
    assert_eq!(rows.len(), 10, "5 years x 2 genders: {rows:?}");
    for row in rows {
        let year = chrono::DateTime::from_timestamp_millis(row["ds"].as_i64().unwrap())
            .unwrap()
            .format("%Y")
            .to_string()
            .parse::<i32>()
            .unwrap();
        let gender = row["gender"].as_str().unwrap().to_owned();
        assert_eq!(row["SUM(num)"], sums[&(year, gender.clone())]);
        assert_eq!(
            row["SUM(num)__1 year ago"],
            sums[&(year - 1, gender.clone())],
            "{row}"
        );
        assert_eq!(row["SUM(num)__2 years ago"], sums[&(year - 2, gender)], "{row}");
    }

    let unknown_offset = json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "queries": [{"columns": ["gender"], "metrics": ["count"], "time_offsets": ["1 fortnight ago"]}]
    });
    let refused = app.post("/api/v1/chart/data", unknown_offset, &admin).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json["message"], "Invalid time offset: 1 fortnight ago");
    app.close().await;
}

#[tokio::test]
async fn the_samples_endpoint_pages_rows_and_counts_them() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let path = |page: i64| {
        format!("/datasource/samples?datasource_type=table&datasource_id={dataset_id}&force=false&per_page=7&page={page}")
    };
    let filters = json!({"filters": [{"col": "gender", "op": "==", "val": "girl"}]});
    let first = app.post(&path(1), filters.clone(), &admin).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.json);
    let result = &first.json["result"];
    assert_eq!(result["page"], 1);
    assert_eq!(result["per_page"], 7);
    assert_eq!(result["rowcount"], 7);
    let data = result["data"].as_array().unwrap();
    assert_eq!(data.len(), 7);
    assert!(data.iter().all(|row| row["gender"] == "girl"));
    let connection = examples_connection(&app);
    let expected_total: i64 = connection
        .query_row(
            "SELECT COUNT(*) FROM birth_names WHERE gender = 'girl'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(result["total_count"], expected_total);
    assert!(result["colnames"].as_array().unwrap().contains(&json!("name")));

    let second = app.post(&path(2), filters, &admin).await;
    assert_eq!(second.status, StatusCode::OK);
    assert_ne!(second.json["result"]["data"], first.json["result"]["data"]);

    let unfiltered = app.post(&path(1), json!(null), &admin).await;
    assert_eq!(unfiltered.status, StatusCode::OK, "{}", unfiltered.json);
    let too_many = app
        .post(
            &format!("/datasource/samples?datasource_type=table&datasource_id={dataset_id}&per_page=5000"),
            json!({}),
            &admin,
        )
        .await;
    assert_eq!(too_many.status, StatusCode::BAD_REQUEST);
    assert_eq!(too_many.json["message"], "per_page must be between 1 and 1000");
    app.close().await;
}

#[tokio::test]
async fn columns_and_timegrains_result_types_describe_the_dataset() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let ask = |result_type: &str| {
        json!({
            "datasource": {"id": dataset_id, "type": "table"},
            "result_type": result_type,
            "queries": [{"columns": [], "metrics": []}]
        })
    };
    let columns = app.post("/api/v1/chart/data", ask("columns"), &admin).await;
    assert_eq!(columns.status, StatusCode::OK, "{}", columns.json);
    let names: Vec<&str> = columns.json["result"][0]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| column["column_name"].as_str().unwrap())
        .collect();
    for expected in ["ds", "gender", "name", "num", "state", "num_boys", "num_girls"] {
        assert!(names.contains(&expected), "{names:?}");
    }
    let grains = app.post("/api/v1/chart/data", ask("timegrains"), &admin).await;
    assert_eq!(grains.status, StatusCode::OK, "{}", grains.json);
    let data = grains.json["result"][0]["data"].as_array().unwrap();
    let day = data.iter().find(|grain| grain["duration"] == "P1D").unwrap();
    assert_eq!(day["name"], "Day");
    assert!(day["function"].as_str().unwrap().contains("{col}"), "{day}");
    for duration in [
        "PT5S", "PT30S", "PT1M", "PT5M", "PT30M", "PT1H", "PT6H", "P1W", "P1M", "P3M", "P1Y",
    ] {
        assert!(
            data.iter().any(|grain| grain["duration"] == duration),
            "{duration}"
        );
    }
    app.close().await;
}

/// The pivoted CSV (Superset's `pivot_df` then `to_csv`): flattened column labels, rows sorted,
/// a subtotal column per metric, a total column and a total row, each equal to the engine's sums.
#[tokio::test]
async fn pivot_csv_export_pivots_rows_by_the_column_grouping_with_totals() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let sum_num = json!({"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"});
    let body = |totals: bool| {
        json!({
            "datasource": {"id": dataset_id, "type": "table"},
            "result_format": "csv",
            "result_type": "post_processed",
            "form_data": {"viz_type": "pivot_table_v2", "groupbyRows": ["state"], "groupbyColumns": ["gender"],
                          "metrics": [sum_num], "aggregateFunction": "Sum",
                          "rowTotals": totals, "colTotals": totals},
            "queries": [{"columns": ["state", "gender"], "metrics": [sum_num], "orderby": [], "row_limit": 1000}]
        })
    };
    let sums = engine_sums(&app);
    let states: std::collections::BTreeSet<&String> = sums.keys().map(|(_, state)| state).collect();

    let answer = app.post("/api/v1/chart/data", body(false), &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let text = String::from_utf8(answer.bytes.clone()).unwrap();
    let lines: Vec<&str> = text.split("\r\n").filter(|line| !line.is_empty()).collect();
    assert_eq!(lines[0], ",SUM(num) boy,SUM(num) girl");
    assert_eq!(lines.len() - 1, states.len());
    let listed: Vec<&str> = lines[1..]
        .iter()
        .map(|line| line.split(',').next().unwrap())
        .collect();
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    assert_eq!(listed, sorted, "rows sorted by state");
    for line in &lines[1..] {
        let fields: Vec<&str> = line.split(',').collect();
        let state = fields[0].to_owned();
        for (position, gender) in ["boy", "girl"].into_iter().enumerate() {
            let expected = sums.get(&(gender.to_owned(), state.clone())).copied();
            let value = fields[position + 1];
            match expected {
                Some(expected) => assert_eq!(value.parse::<f64>().unwrap() as i64, expected, "{line}"),
                None => assert_eq!(value, "", "{line}"),
            }
        }
    }

    let answer = app.post("/api/v1/chart/data", body(true), &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let text = String::from_utf8(answer.bytes.clone()).unwrap();
    let lines: Vec<&str> = text.split("\r\n").filter(|line| !line.is_empty()).collect();
    assert_eq!(
        lines[0],
        ",SUM(num) boy,SUM(num) girl,SUM(num) Subtotal,Total (Sum)"
    );
    assert_eq!(lines.len() - 1, states.len() + 1, "one total row");
    for line in &lines[1..lines.len() - 1] {
        let fields: Vec<f64> = line
            .split(',')
            .skip(1)
            .map(|field| field.parse::<f64>().unwrap_or(0.0))
            .collect();
        assert_eq!(fields[2], fields[0] + fields[1], "{line}");
        assert_eq!(fields[3], fields[2], "{line}");
    }
    let total_row: Vec<&str> = lines.last().unwrap().split(',').collect();
    assert_eq!(total_row[0], "Total (Sum)");
    let by_gender = |gender: &str| -> i64 {
        sums.iter()
            .filter(|((g, _), _)| g == gender)
            .map(|(_, sum)| *sum)
            .sum()
    };
    let boys = by_gender("boy");
    let girls = by_gender("girl");
    let parsed: Vec<i64> = total_row[1..]
        .iter()
        .map(|field| field.parse::<f64>().unwrap() as i64)
        .collect();
    assert_eq!(parsed, vec![boys, girls, boys + girls, boys + girls]);

    // An aggregate the export cannot write is a clear 400.
    let mut unsupported = body(true);
    unsupported["form_data"]["aggregateFunction"] = json!("List Unique Values");
    let answer = app.post("/api/v1/chart/data", unsupported, &admin).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);
    assert_eq!(
        answer.json["message"],
        "The aggregate function List Unique Values cannot be exported as a pivoted CSV"
    );
    app.close().await;
}

#[tokio::test]
async fn a_query_answer_has_the_sql_and_skips_the_post_processing() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let mut context = births_by_gender_and_state(dataset_id, "json");
    context["result_type"] = json!("query");
    // A time-series chart's rules: they need rows, which a `query` answer does not have.
    context["queries"][0]["post_processing"] = json!([
        {"operation": "pivot", "options": {"index": ["state"], "columns": ["gender"], "aggregates": {"SUM(num)": {"operator": "mean"}}}},
        {"operation": "rename", "options": {"columns": {"SUM(num)": null}, "level": 0, "inplace": true}},
        {"operation": "flatten"}
    ]);
    let answer = app.post("/api/v1/chart/data", context, &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let sql = answer.json["result"][0]["query"].as_str().unwrap();
    assert!(
        sql.contains("GROUP BY") && sql.contains("\"birth_names\""),
        "{sql}"
    );
}

#[tokio::test]
async fn a_saved_charts_data_runs_its_saved_query_context() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let context = births_by_gender_and_state(dataset_id, "json");
    let created = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Saved births", "viz_type": "table", "datasource_id": dataset_id,
                   "datasource_type": "table", "params": "{}", "query_context": context.to_string()}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let chart = created.json["id"].as_i64().unwrap();

    let answer = app.get(&format!("/api/v1/chart/{chart}/data/"), &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let result = &answer.json["result"][0];
    assert_eq!(result["colnames"], json!(["gender", "state", "SUM(num)"]));
    let expected = engine_sums(&app);
    let rows = result["data"].as_array().unwrap();
    assert_eq!(rows.len(), expected.len());
    for row in rows {
        let key = (
            row["gender"].as_str().unwrap().to_owned(),
            row["state"].as_str().unwrap().to_owned(),
        );
        assert_eq!(row["SUM(num)"].as_i64().unwrap(), expected[&key], "{key:?}");
    }

    // `format` and `type` override the saved context; `force` bypasses the cache.
    let csv = app
        .get(
            &format!("/api/v1/chart/{chart}/data/?format=csv&force=true"),
            &admin,
        )
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    let text = String::from_utf8(csv.bytes).unwrap();
    assert!(text.starts_with("gender,state,SUM(num)"), "{text}");
    assert_eq!(text.lines().count(), expected.len() + 1);
    let query = app
        .get(&format!("/api/v1/chart/{chart}/data/?type=query"), &admin)
        .await;
    assert_eq!(query.status, StatusCode::OK, "{}", query.json);
    assert!(query.json["result"][0]["query"]
        .as_str()
        .unwrap()
        .contains("GROUP BY"));
    let bad_format = app
        .get(&format!("/api/v1/chart/{chart}/data/?format=pdf"), &admin)
        .await;
    assert_eq!(bad_format.status, StatusCode::BAD_REQUEST);

    // A chart saved without a query context, and a missing chart.
    let bare = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Bare", "viz_type": "table", "datasource_id": dataset_id,
                   "datasource_type": "table", "params": "{}"}),
            &admin,
        )
        .await;
    let bare = bare.json["id"].as_i64().unwrap();
    let answer = app.get(&format!("/api/v1/chart/{bare}/data/"), &admin).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.json["message"],
        "Chart has no query context saved. Please save the chart again."
    );
    let missing = app.get("/api/v1/chart/999999/data/", &admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    app.close().await;
}

/// The table chart's server pagination (Superset's `buildQuery` with `server_pagination`): a page
/// query with `row_limit` and `row_offset`, and an `is_rowcount` query counting every row.
#[tokio::test]
async fn table_pages_come_from_row_offset_and_the_row_count_query_counts_them() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let name_query = |row_limit: i64, row_offset: i64| {
        json!({
            "columns": ["name"],
            "metrics": ["count"],
            "orderby": [["name", true]],
            "row_limit": row_limit,
            "row_offset": row_offset,
            "time_range": "No filter"
        })
    };
    let context = |queries: Value| json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": queries, "result_format": "json", "result_type": "full"});
    let names = |result: &Value| -> Vec<String> {
        result["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row["name"].as_str().unwrap().to_owned())
            .collect()
    };

    let everything = app
        .post(
            "/api/v1/chart/data",
            context(json!([name_query(1000, 0)])),
            &admin,
        )
        .await;
    assert_eq!(everything.status, StatusCode::OK, "{}", everything.json);
    let all_names = names(&everything.json["result"][0]);
    assert!(all_names.len() > 20, "{}", all_names.len());

    let mut rowcount = name_query(1000, 0);
    rowcount["is_rowcount"] = json!(true);
    let paged = app
        .post(
            "/api/v1/chart/data",
            context(json!([name_query(15, 15), rowcount])),
            &admin,
        )
        .await;
    assert_eq!(paged.status, StatusCode::OK, "{}", paged.json);
    // The second page of 15: rows 16 to 30 of the whole answer.
    assert_eq!(names(&paged.json["result"][0]), all_names[15..30].to_vec());
    assert_eq!(
        paged.json["result"][1]["data"],
        json!([{"rowcount": all_names.len()}])
    );
    assert_eq!(paged.json["result"][1]["colnames"], json!(["rowcount"]));

    // The row count stops at the form's row limit, as Superset's does.
    let mut limited = name_query(10, 0);
    limited["is_rowcount"] = json!(true);
    let counted = app
        .post("/api/v1/chart/data", context(json!([limited])), &admin)
        .await;
    assert_eq!(counted.json["result"][0]["data"], json!([{"rowcount": 10}]));

    // A page past the end is empty, not an error.
    let past = app
        .post(
            "/api/v1/chart/data",
            context(json!([name_query(15, 100_000)])),
            &admin,
        )
        .await;
    assert_eq!(past.status, StatusCode::OK, "{}", past.json);
    assert_eq!(past.json["result"][0]["data"], json!([]));
    app.close().await;
}

/// Superset's query size limits: a chart query asks for at most `SQL_MAX_ROW` (100,000) rows, a
/// table with server pagination for at most `TABLE_VIZ_MAX_ROW_SERVER` (500,000); a row limit of 0
/// asks for the cap.
#[tokio::test]
async fn row_limits_are_capped_at_100000_or_500000_with_server_pagination() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let compiled_sql = |row_limit: i64, server_pagination: Option<bool>| {
        let mut context = births_by_gender_and_state(dataset_id, "json");
        context["result_type"] = json!("query");
        context["queries"][0]["row_limit"] = json!(row_limit);
        if let Some(server_pagination) = server_pagination {
            context["form_data"] = json!({"viz_type": "table", "server_pagination": server_pagination});
        }
        let admin = &admin;
        let app = &app;
        async move {
            let answer = app.post("/api/v1/chart/data", context, admin).await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
            answer.json["result"][0]["query"].as_str().unwrap().to_owned()
        }
    };
    let limit_of = |sql: &str| -> i64 {
        let tail = sql.rsplit("LIMIT").next().unwrap();
        tail.split_whitespace().next().unwrap().parse().unwrap()
    };

    assert_eq!(limit_of(&compiled_sql(1000, None).await), 1000);
    assert_eq!(limit_of(&compiled_sql(250_000, None).await), 100_000);
    assert_eq!(limit_of(&compiled_sql(0, None).await), 100_000);
    assert_eq!(limit_of(&compiled_sql(250_000, Some(false)).await), 100_000);
    assert_eq!(limit_of(&compiled_sql(250_000, Some(true)).await), 250_000);
    assert_eq!(limit_of(&compiled_sql(900_000, Some(true)).await), 500_000);
    assert_eq!(limit_of(&compiled_sql(0, Some(true)).await), 500_000);
}

/// The query context wrapper (spec 000 section 3): `result_format` defaults to JSON and
/// `result_type` to full rows; `form_data` names the chart whose cache timeout applies; `force`
/// skips the cache. Every field of a chart response item is there with its value.
#[tokio::test]
async fn the_wrapper_defaults_to_full_json_and_each_item_has_every_response_field() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let chart = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Wrapped", "viz_type": "table", "datasource_id": dataset_id,
                   "datasource_type": "table", "cache_timeout": 321}),
            &admin,
        )
        .await;
    assert_eq!(chart.status, StatusCode::CREATED, "{}", chart.json);
    let chart_id = chart.json["id"].as_i64().unwrap();
    let query = json!({
        "columns": [
            {"sqlExpression": "ds", "label": "ds", "expressionType": "SQL", "columnType": "BASE_AXIS", "timeGrain": "P1Y"},
            "gender",
            {"sqlExpression": "CASE WHEN gender = 'boy' THEN NULL ELSE gender END", "label": "girls_only", "expressionType": "SQL"}
        ],
        "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
        "filters": [
            {"col": "gender", "op": "IN", "val": ["boy", "girl"]},
            {"col": "ds", "op": "TEMPORAL_RANGE", "val": "2000-01-01 : 2002-01-01"},
            {"col": "country", "op": "==", "val": "FR"}
        ],
        "orderby": [[{"sqlExpression": "ds", "label": "ds", "expressionType": "SQL"}, true], ["gender", true]],
        "row_limit": 100
    });
    // No result_format, result_type or force: JSON, full rows, from the engine.
    let bare = json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [query.clone()],
                      "form_data": {"slice_id": chart_id, "viz_type": "table"}});
    let first = app.post("/api/v1/chart/data", bare.clone(), &admin).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.json);
    assert_eq!(first.headers[header::CONTENT_TYPE], "application/json");
    let item = &first.json["result"][0];
    for field in [
        "data",
        "applied_filters",
        "rejected_filters",
        "is_cached",
        "cached_dttm",
        "rowcount",
        "query",
        "annotation_data",
        "error",
        "colnames",
        "coltypes",
        "cache_key",
        "cache_timeout",
        "status",
        "from_dttm",
        "to_dttm",
    ] {
        assert!(item.get(field).is_some(), "{field} in {item}");
    }
    assert_eq!(item["is_cached"], false);
    assert_eq!(item["cached_dttm"], Value::Null);
    assert_eq!(item["error"], Value::Null);
    assert_eq!(item["annotation_data"], json!({}));
    assert_eq!(item["status"], "success");
    assert_eq!(item["cache_timeout"], 321, "the chart of form_data.slice_id");
    assert_eq!(
        item["colnames"],
        json!(["ds", "gender", "girls_only", "SUM(num)"])
    );
    assert_eq!(item["coltypes"], json!([2, 1, 1, 0]));
    assert_eq!(
        item["applied_filters"],
        json!([{"column": "gender"}, {"column": "ds"}])
    );
    assert_eq!(
        item["rejected_filters"],
        json!([{"column": "country", "reason": "not_in_datasource"}]),
        "a filter on a column the dataset lacks is dropped, as Superset does"
    );
    assert_eq!(item["from_dttm"], 946_684_800_000_i64);
    assert_eq!(item["to_dttm"], 1_009_843_200_000_i64);
    let key = item["cache_key"].as_str().unwrap();
    assert!(
        key.len() == 16 && key.chars().all(|c| c.is_ascii_hexdigit()),
        "{key}"
    );
    let sql = item["query"].as_str().unwrap();
    assert!(sql.contains("GROUP BY") && !sql.contains("country"), "{sql}");

    // The rows: epoch milliseconds for times, null for NULL, the engine's sums.
    let rows = item["data"].as_array().unwrap();
    assert_eq!(item["rowcount"], rows.len());
    assert_eq!(rows.len(), 4, "two years, two genders");
    let connection = examples_connection(&app);
    for row in rows {
        let ds = row["ds"].as_i64().unwrap();
        assert!(ds == 946_684_800_000 || ds == 978_307_200_000, "{row:?}");
        let gender = row["gender"].as_str().unwrap();
        if gender == "boy" {
            assert_eq!(row["girls_only"], Value::Null);
        } else {
            assert_eq!(row["girls_only"], "girl");
        }
        let year = if ds == 946_684_800_000 { 2000 } else { 2001 };
        let expected: i64 = connection
            .query_row(
                "SELECT CAST(SUM(num) AS BIGINT) FROM birth_names WHERE gender = ? AND year(ds) = ?",
                duckdb::params![gender, year],
                |row| row.get(0),
            )
            .unwrap();
        let sum = row["SUM(num)"]
            .as_i64()
            .or_else(|| row["SUM(num)"].as_f64().map(|value| value as i64))
            .unwrap();
        assert_eq!(sum, expected, "{row:?}");
    }

    // The same context said in full gives the same rows, now from the cache.
    let mut explicit = bare.clone();
    explicit["result_format"] = json!("json");
    explicit["result_type"] = json!("full");
    explicit["force"] = json!(false);
    let second = app.post("/api/v1/chart/data", explicit.clone(), &admin).await;
    let cached = &second.json["result"][0];
    assert_eq!(cached["data"], item["data"]);
    assert_eq!(cached["is_cached"], true);
    assert!(cached["cached_dttm"].is_string());
    assert_eq!(cached["cache_key"], item["cache_key"]);
    explicit["force"] = json!(true);
    let forced = app.post("/api/v1/chart/data", explicit, &admin).await;
    assert_eq!(forced.json["result"][0]["is_cached"], false);
    assert_eq!(forced.json["result"][0]["data"], item["data"]);
    app.close().await;
}

/// The cache key covers the normalized query object and the datasource: the same query said
/// with its keys in another order, or with fields that change no SQL, is the same entry; another
/// filter value or another dataset is another entry.
#[tokio::test]
async fn the_cache_key_follows_the_normalized_query_and_the_datasource() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let births = app.dataset_id("birth_names").await;
    let key_of = |answer: &common::Answer| {
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
        answer.json["result"][0]["cache_key"].as_str().unwrap().to_owned()
    };
    let first = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": births, "type": "table"},
                   "queries": [{"metrics": [{"expressionType": "SQL", "sqlExpression": "COUNT(*)", "label": "count"}], "columns": ["gender"], "filters": [{"col": "state", "op": "==", "val": "CA"}]}]}),
            &admin,
        )
        .await;
    let reordered = app
        .post(
            "/api/v1/chart/data",
            json!({"queries": [{"filters": [{"val": "CA", "op": "==", "col": "state"}], "columns": ["gender"], "metrics": [{"expressionType": "SQL", "sqlExpression": "COUNT(*)", "label": "count"}],
                                "url_params": {"x": "1"}, "custom_params": {"y": 2}}],
                   "datasource": {"type": "table", "id": births}}),
            &admin,
        )
        .await;
    assert_eq!(key_of(&first), key_of(&reordered));
    assert_eq!(reordered.json["result"][0]["is_cached"], true);
    let other_value = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": births, "type": "table"},
                   "queries": [{"metrics": [{"expressionType": "SQL", "sqlExpression": "COUNT(*)", "label": "count"}], "columns": ["gender"], "filters": [{"col": "state", "op": "==", "val": "NY"}]}]}),
            &admin,
        )
        .await;
    assert_ne!(key_of(&first), key_of(&other_value));
    assert_eq!(other_value.json["result"][0]["is_cached"], false);
    // A virtual dataset over the same table is another datasource: another entry.
    let virtual_births = app
        .post(
            "/api/v1/dataset/",
            json!({"database": app.state.store.database_by_name("examples").await.unwrap().unwrap().id,
                   "schema": "main", "table_name": "births_again", "sql": "SELECT * FROM birth_names"}),
            &admin,
        )
        .await;
    assert_eq!(
        virtual_births.status,
        StatusCode::CREATED,
        "{}",
        virtual_births.json
    );
    let virtual_id = virtual_births.json["id"].as_i64().unwrap();
    let on_virtual = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": virtual_id, "type": "table"},
                   "queries": [{"metrics": [{"expressionType": "SQL", "sqlExpression": "COUNT(*)", "label": "count"}], "columns": ["gender"], "filters": [{"col": "state", "op": "==", "val": "CA"}]}]}),
            &admin,
        )
        .await;
    assert_ne!(key_of(&first), key_of(&on_virtual));
    assert_eq!(on_virtual.json["result"][0]["is_cached"], false);
    let sorted = |answer: &common::Answer| {
        let mut rows: Vec<String> = answer.json["result"][0]["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(Value::to_string)
            .collect();
        rows.sort();
        rows
    };
    assert_eq!(sorted(&on_virtual), sorted(&first), "the same rows");
    app.close().await;
}

/// The Arrow answer: one length-prefixed IPC stream per query object, in order, each with its
/// result's meta as JSON under `quiver:result`.
#[tokio::test]
async fn an_arrow_answer_frames_one_stream_per_query_with_its_meta() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let context = json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "result_format": "arrow",
        "queries": [
            {"columns": ["gender"], "metrics": ["count"], "orderby": [["gender", true]]},
            {"metrics": ["count"], "filters": [{"col": "gender", "op": "==", "val": "girl"}, {"col": "planet", "op": "==", "val": "mars"}]}
        ]
    });
    let answer = app.post("/api/v1/chart/data", context.clone(), &admin).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.headers[header::CONTENT_TYPE],
        "application/vnd.quiver.chart-data+arrow"
    );
    let mut json_context = context;
    json_context["result_format"] = json!("json");
    let json_answer = app.post("/api/v1/chart/data", json_context, &admin).await;
    assert_eq!(json_answer.status, StatusCode::OK, "{}", json_answer.json);

    let body = &answer.bytes;
    let mut offset = 0;
    let mut frames = Vec::new();
    while offset < body.len() {
        let length = u32::from_le_bytes(body[offset..offset + 4].try_into().unwrap()) as usize;
        let stream = &body[offset + 4..offset + 4 + length];
        let reader = arrow::ipc::reader::StreamReader::try_new(std::io::Cursor::new(stream), None).unwrap();
        let meta: Value = serde_json::from_str(&reader.schema().metadata()["quiver:result"]).unwrap();
        let batches: Vec<_> = reader.map(Result::unwrap).collect();
        frames.push((meta, batches));
        offset += 4 + length;
    }
    assert_eq!(offset, body.len(), "the frames fill the body");
    assert_eq!(frames.len(), 2, "one stream per query");
    for (index, (meta, batches)) in frames.iter().enumerate() {
        let json_item = &json_answer.json["result"][index];
        for field in [
            "colnames",
            "coltypes",
            "rowcount",
            "query",
            "applied_filters",
            "rejected_filters",
            "status",
        ] {
            assert_eq!(meta[field], json_item[field], "{field} of query {index}");
        }
        assert!(meta.get("is_cached").is_some() && meta.get("cache_key").is_some());
        let rows: usize = batches.iter().map(|batch| batch.num_rows()).sum();
        assert_eq!(meta["rowcount"], rows);
    }
    let genders = frames[0].1[0]
        .column(0)
        .as_any()
        .downcast_ref::<StringArray>()
        .unwrap();
    assert_eq!(genders.value(0), "boy");
    assert_eq!(genders.value(1), "girl");
    assert_eq!(
        frames[1].0["rejected_filters"],
        json!([{"column": "planet", "reason": "not_in_datasource"}])
    );
    let girls: i64 = examples_connection(&app)
        .query_row(
            "SELECT COUNT(*) FROM birth_names WHERE gender = 'girl'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    let count = frames[1].1[0].column(0);
    let count = arrow::compute::cast(count, &arrow::datatypes::DataType::Int64).unwrap();
    let count = count.as_any().downcast_ref::<arrow::array::Int64Array>().unwrap();
    assert_eq!(count.value(0), girls);
    app.close().await;
}
