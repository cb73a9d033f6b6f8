//! `POST /api/v1/chart/data` on every datasource kind of spec 000 section 3 (decision 0091):
//! `table`, `dataset` and `sl_table` name a dataset; `query` (a SQL Lab run) and `saved_query`
//! give their SQL as a virtual source, on the DuckDB examples.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use std::collections::BTreeMap;

use axum::http::StatusCode;
use common::{As, TestApp};
use quiver_server::store::query::{NewQuery, QueryState};
use serde_json::{json, Value};

/// A SQL Lab user (Gamma and sql_lab) with access to the examples database.
async fn analyst(app: &TestApp, name: &str) -> As {
    let database_id = app.examples_id().await;
    app.state
        .store
        .grant_permission(
            "sql_lab",
            "database_access",
            &quiver_server::auth::permissions::database_view("examples", database_id),
        )
        .await
        .unwrap();
    app.create_user(name, "analyst-password-1", &["Gamma", "sql_lab"])
        .await;
    app.token(name, "analyst-password-1").await
}

fn sum_num_by(kind: &str, id: i64, column: &str) -> Value {
    json!({
        "datasource": {"id": id, "type": kind},
        "result_format": "json",
        "result_type": "full",
        "queries": [{
            "columns": [column],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "total"}],
            "orderby": [[{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "total"}, false]],
            "row_limit": 1000,
            "time_range": "No filter"
        }]
    })
}

/// `{value of column: total}` of an answer.
fn totals(answer: &Value, column: &str) -> BTreeMap<String, i64> {
    answer["result"][0]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let total = row["total"]
                .as_i64()
                .or_else(|| row["total"].as_f64().map(|value| value as i64))
                .unwrap();
            (row[column].as_str().unwrap().to_owned(), total)
        })
        .collect()
}

/// The same totals straight from DuckDB.
fn engine_totals(app: &TestApp, sql: &str) -> BTreeMap<String, i64> {
    let connection = common::examples_connection(app);
    let mut statement = connection.prepare(sql).unwrap();
    statement
        .query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[tokio::test]
async fn table_dataset_and_sl_table_all_name_the_dataset() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let expected = engine_totals(
        &app,
        "SELECT gender, CAST(SUM(num) AS BIGINT) FROM birth_names GROUP BY gender",
    );
    for kind in ["table", "dataset", "sl_table"] {
        let answer = app
            .post(
                "/api/v1/chart/data",
                sum_num_by(kind, dataset_id, "gender"),
                &admin,
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{kind}: {}", answer.json);
        assert_eq!(totals(&answer.json, "gender"), expected, "{kind}");
        let sql = answer.json["result"][0]["query"].as_str().unwrap();
        assert!(sql.contains("\"birth_names\""), "{kind}: {sql}");
    }
    app.close().await;
}

#[tokio::test]
async fn an_unknown_datasource_type_is_a_400_in_the_error_shape() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let answer = app
        .post(
            "/api/v1/chart/data",
            sum_num_by("druid", dataset_id, "gender"),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);
    let error = &answer.json["errors"][0];
    assert_eq!(error["error_type"], "INVALID_PAYLOAD_SCHEMA_ERROR");
    assert_eq!(error["level"], "error");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("druid"), "{message}");
    for kind in ["table", "query", "dataset", "sl_table", "saved_query"] {
        assert!(message.contains(kind), "{message} lists {kind}");
    }
    assert_eq!(answer.json["message"], error["message"]);
    app.close().await;
}

#[tokio::test]
async fn a_sql_lab_query_is_a_virtual_source_for_its_user_and_admins() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let database_id = app.examples_id().await;
    let ada = analyst(&app, "ada").await;
    let run = app
        .post(
            "/api/v1/sqllab/execute/",
            json!({"database_id": database_id, "schema": "main",
                   "sql": "SELECT state, num, ds FROM birth_names WHERE gender = 'girl';",
                   "queryLimit": 10, "runAsync": false, "tab": "Girls", "sql_editor_id": "1", "json": true}),
            &ada,
        )
        .await;
    assert_eq!(run.status, StatusCode::OK, "{}", run.json);
    let query_id = run.json["query_id"].as_i64().unwrap();

    // The run's SQL, not its cut at the SQL Lab limit, is the source.
    let expected = engine_totals(
        &app,
        "SELECT state, CAST(SUM(num) AS BIGINT) FROM birth_names WHERE gender = 'girl' GROUP BY state",
    );
    assert!(expected.len() > 1);
    let answer = app
        .post("/api/v1/chart/data", sum_num_by("query", query_id, "state"), &ada)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(totals(&answer.json, "state"), expected);
    let result = &answer.json["result"][0];
    assert_eq!(result["colnames"], json!(["state", "total"]));
    let sql = result["query"].as_str().unwrap();
    assert!(
        sql.contains("WHERE gender = 'girl'") && sql.contains("AS virtual_table"),
        "{sql}"
    );

    // The saved metric `count` and the columns come from the run's result shape.
    let count = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": query_id, "type": "query"}, "queries": [{"metrics": ["count"]}]}),
            &ada,
        )
        .await;
    assert_eq!(count.status, StatusCode::OK, "{}", count.json);
    let girls: i64 = common::examples_connection(&app)
        .query_row(
            "SELECT COUNT(*) FROM birth_names WHERE gender = 'girl'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(count.json["result"][0]["data"][0]["count"], girls);
    let columns = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": query_id, "type": "query"}, "result_type": "columns", "queries": [{}]}),
            &ada,
        )
        .await;
    assert_eq!(columns.status, StatusCode::OK, "{}", columns.json);
    let names: Vec<&str> = columns.json["result"][0]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["column_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["state", "num", "ds"]);
    let metadata = app
        .get(
            &format!("/superset/fetch_datasource_metadata?datasourceKey={query_id}__query"),
            &ada,
        )
        .await;
    assert_eq!(metadata.status, StatusCode::OK, "{}", metadata.json);
    assert_eq!(metadata.json["datasource_type"], "query");
    assert_eq!(metadata.json["database"]["id"], database_id);
    assert_eq!(metadata.json["schema"], "main");
    assert_eq!(metadata.json["table_name"], "Girls");
    assert_eq!(metadata.json["main_dttm_col"], "ds");
    let ds = metadata.json["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|column| column["column_name"] == "ds")
        .unwrap();
    assert_eq!(ds["is_dttm"], true);

    // An admin reads it; another SQL Lab user does not.
    let by_admin = app
        .post(
            "/api/v1/chart/data",
            sum_num_by("query", query_id, "state"),
            &admin,
        )
        .await;
    assert_eq!(by_admin.status, StatusCode::OK, "{}", by_admin.json);
    assert_eq!(totals(&by_admin.json, "state"), expected);
    let bob = analyst(&app, "bob").await;
    let denied = app
        .post("/api/v1/chart/data", sum_num_by("query", query_id, "state"), &bob)
        .await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN, "{}", denied.json);
    assert_eq!(
        denied.json["errors"][0]["error_type"],
        "QUERY_SECURITY_ACCESS_ERROR"
    );

    // A run of a user who lost access to its database is refused too.
    app.create_user("gus", "gus-password-1", &["Gamma"]).await;
    let gus_id = app.state.store.user_by_username("gus").await.unwrap().unwrap().id;
    let orphan = app
        .state
        .store
        .create_query(&NewQuery {
            client_id: "gus-run-1",
            database_id,
            user_id: gus_id,
            status: QueryState::Success,
            tab_name: None,
            sql_editor_id: None,
            catalog: None,
            schema: Some("main"),
            sql: "SELECT state, num FROM birth_names",
            limit: None,
            select_as_cta: false,
            ctas_method: "TABLE",
            tmp_table_name: None,
            tmp_schema_name: None,
            is_data_preview: false,
        })
        .await
        .unwrap();
    let gus = app.token("gus", "gus-password-1").await;
    let no_database = app
        .post("/api/v1/chart/data", sum_num_by("query", orphan, "state"), &gus)
        .await;
    assert_eq!(no_database.status, StatusCode::FORBIDDEN, "{}", no_database.json);
    assert_eq!(
        no_database.json["errors"][0]["error_type"],
        "DATABASE_SECURITY_ACCESS_ERROR"
    );

    let missing = app
        .post(
            "/api/v1/chart/data",
            sum_num_by("query", 999_999, "state"),
            &admin,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "{}", missing.json);
    assert_eq!(
        missing.json["errors"][0]["error_type"],
        "OBJECT_DOES_NOT_EXIST_ERROR"
    );
    app.close().await;
}

async fn save(app: &TestApp, who: &As, body: Value) -> i64 {
    let answer = app.post("/api/v1/saved_query/", body, who).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    answer.json["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_saved_query_is_a_virtual_source_on_its_database_and_schema() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let database_id = app.examples_id().await;
    let ada = analyst(&app, "ada").await;
    let saved = save(
        &app,
        &ada,
        json!({"label": "Boys by state", "db_id": database_id, "schema": "main",
               "sql": "SELECT state, gender, num FROM birth_names WHERE gender = '{{ who }}'",
               "template_parameters": "{\"who\": \"boy\"}"}),
    )
    .await;
    let expected = engine_totals(
        &app,
        "SELECT state, CAST(SUM(num) AS BIGINT) FROM birth_names WHERE gender = 'boy' GROUP BY state",
    );
    let answer = app
        .post(
            "/api/v1/chart/data",
            sum_num_by("saved_query", saved, "state"),
            &ada,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(totals(&answer.json, "state"), expected);
    let sql = answer.json["result"][0]["query"].as_str().unwrap();
    assert!(sql.contains("gender = 'boy'"), "the template rendered: {sql}");

    let metadata = app
        .get(
            &format!("/superset/fetch_datasource_metadata?datasourceKey={saved}__saved_query"),
            &ada,
        )
        .await;
    assert_eq!(metadata.status, StatusCode::OK, "{}", metadata.json);
    assert_eq!(metadata.json["datasource_type"], "saved_query");
    assert_eq!(metadata.json["table_name"], "Boys by state");
    assert_eq!(metadata.json["database"]["id"], database_id);
    assert_eq!(metadata.json["schema"], "main");
    assert_eq!(
        metadata.json["metrics"][0]["expression"], "COUNT(*)",
        "the default saved metric"
    );

    let by_admin = app
        .post(
            "/api/v1/chart/data",
            sum_num_by("saved_query", saved, "state"),
            &admin,
        )
        .await;
    assert_eq!(by_admin.status, StatusCode::OK, "{}", by_admin.json);
    let bob = analyst(&app, "bob").await;
    let denied = app
        .post(
            "/api/v1/chart/data",
            sum_num_by("saved_query", saved, "state"),
            &bob,
        )
        .await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN, "{}", denied.json);
    assert_eq!(
        denied.json["errors"][0]["error_type"],
        "QUERY_SECURITY_ACCESS_ERROR"
    );

    // Its SQL must be one read, as a virtual dataset's.
    for (sql, message) in [
        (
            "SELECT state, num FROM birth_names; SELECT 1",
            "Virtual dataset query cannot consist of multiple statements",
        ),
        (
            "DELETE FROM birth_names",
            "Virtual dataset query must be read-only",
        ),
    ] {
        let bad = save(
            &app,
            &ada,
            json!({"label": "bad", "db_id": database_id, "schema": "main", "sql": sql}),
        )
        .await;
        let refused = app
            .post(
                "/api/v1/chart/data",
                sum_num_by("saved_query", bad, "state"),
                &ada,
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{sql}: {}", refused.json);
        assert_eq!(refused.json["message"], message);
    }
    let rows: u64 = common::examples_connection(&app)
        .query_row("SELECT COUNT(*) FROM birth_names", [], |row| row.get(0))
        .unwrap();
    assert_eq!(rows, common::TEST_EXAMPLE_ROWS, "nothing was deleted");

    let missing = app
        .post(
            "/api/v1/chart/data",
            sum_num_by("saved_query", 999_999, "state"),
            &admin,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "{}", missing.json);
    app.close().await;
}

#[tokio::test]
async fn an_async_chart_query_on_a_saved_query_runs_as_a_job() {
    let app = TestApp::with_config(true, None, |settings| settings.global_async_queries = true).await;
    let database_id = app.examples_id().await;
    let ada = analyst(&app, "ada").await;
    let saved = save(
        &app,
        &ada,
        json!({"label": "Births", "db_id": database_id, "schema": "main",
               "sql": "SELECT gender, num FROM birth_names"}),
    )
    .await;
    let accepted = app
        .post(
            "/api/v1/chart/data",
            sum_num_by("saved_query", saved, "gender"),
            &ada,
        )
        .await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    let job_id = accepted.json["job_id"].as_str().unwrap().to_owned();
    let mut result_url = None;
    for _ in 0..200 {
        let events = app.get("/api/v1/async_event/", &ada).await;
        if let Some(event) = events.json["result"]
            .as_array()
            .unwrap()
            .iter()
            .find(|event| event["job_id"] == job_id.as_str())
        {
            assert_eq!(event["status"], "done", "{event}");
            result_url = Some(event["result_url"].as_str().unwrap().to_owned());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let result = app.get(&result_url.expect("the job ended"), &ada).await;
    assert_eq!(result.status, StatusCode::OK, "{}", result.json);
    let expected = engine_totals(
        &app,
        "SELECT gender, CAST(SUM(num) AS BIGINT) FROM birth_names GROUP BY gender",
    );
    assert_eq!(totals(&result.json, "gender"), expected);
    app.close().await;
}
