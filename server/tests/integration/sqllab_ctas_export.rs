//! SQL Lab's CREATE TABLE AS / CREATE VIEW AS runs on SQLite, PostgreSQL and MariaDB (created,
//! read back, refused without the database's flags, on DuckDB and for DML), and the CSV download
//! of a run's results (`GET /api/v1/sqllab/export/{client_id}/`).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use axum::http::{header, StatusCode};
use serde_json::{json, Value};
use sqlx::Connection;

use crate::common::{self, As, TestApp};
use crate::sqllab::{
    allow_run_async, execute, follow_run, is_finished, register, SeededEngines, DML_MESSAGE,
};

async fn allow_ctas_and_cvas(app: &TestApp, database_id: i64) {
    sqlx::query("UPDATE dbs SET allow_ctas = $1, allow_cvas = $1 WHERE id = $2")
        .bind(true)
        .bind(database_id)
        .execute(app.state.store.pool())
        .await
        .unwrap();
    app.state.engines.forget(database_id);
}

async fn execute_ctas(
    app: &TestApp,
    who: &As,
    database_id: i64,
    sql: &str,
    method: &str,
    table: Option<&str>,
) -> common::Answer {
    let mut body = json!({"database_id": database_id, "sql": sql, "queryLimit": 100, "runAsync": false,
                          "select_as_cta": true, "ctas_method": method,
                          "tab": "Untitled Query 1", "sql_editor_id": "1", "json": true});
    if let Some(table) = table {
        body["tmp_table_name"] = json!(table);
    }
    app.post("/api/v1/sqllab/execute/", body, who).await
}

/// A 400 of Superset's typed shape: the error type and the first issue code.
fn assert_refused_shape(answer: &common::Answer, error_type: &str, issue_code: i64, backend: &str) {
    assert_eq!(
        answer.status,
        StatusCode::BAD_REQUEST,
        "{backend}: {}",
        answer.json
    );
    assert_eq!(answer.json["errors"][0]["error_type"], error_type, "{backend}");
    assert_eq!(
        answer.json["errors"][0]["extra"]["issue_codes"][0]["code"], issue_code,
        "{backend}"
    );
}

fn names_of(answer: &Value) -> Vec<String> {
    answer["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["name"].as_str().unwrap().to_owned())
        .collect()
}

fn quoted(backend: &str, name: &str) -> String {
    if backend == "mysql" {
        format!("`{name}`")
    } else {
        format!("\"{name}\"")
    }
}

#[tokio::test]
async fn create_table_and_view_as_select_on_sqlite_postgres_and_mariadb() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let seeded = SeededEngines::create().await;
    for (backend, uri) in seeded.uris() {
        let without_flags = register(&app, &format!("{backend} plain"), &uri, backend, false).await;
        let refused = execute_ctas(&app, &admin, without_flags, "SELECT 1 AS one", "TABLE", Some("t")).await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{backend}: {}",
            refused.json
        );
        assert_eq!(
            refused.json["message"],
            "CREATE TABLE AS is not allowed on this database."
        );
        let refused = execute_ctas(&app, &admin, without_flags, "SELECT 1 AS one", "VIEW", Some("v")).await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{backend}: {}",
            refused.json
        );
        assert_eq!(
            refused.json["message"],
            "CREATE VIEW AS is not allowed on this database."
        );

        let database = register(&app, &format!("{backend} ctas"), &uri, backend, false).await;
        allow_ctas_and_cvas(&app, database).await;
        if backend == "duckdb" {
            let read_only = execute_ctas(&app, &admin, database, "SELECT 1 AS one", "TABLE", Some("t")).await;
            assert_eq!(read_only.status, StatusCode::BAD_REQUEST, "{}", read_only.json);
            assert!(
                read_only.json["message"]
                    .as_str()
                    .unwrap()
                    .contains("opened read-only"),
                "{}",
                read_only.json
            );
            continue;
        }

        // CREATE TABLE AS: the answer is the created table's rows; the run records its target.
        let table = format!("Boys {backend}");
        let created = execute_ctas(
            &app,
            &admin,
            database,
            "SELECT 1 AS warm_up; SELECT name, num FROM birth_names WHERE gender = 'boy' ORDER BY name",
            "TABLE",
            Some(&table),
        )
        .await;
        assert_eq!(created.status, StatusCode::OK, "{backend}: {}", created.json);
        assert_eq!(names_of(&created.json), ["Aaron", "Carl"], "{backend}");
        assert_eq!(created.json["query"]["ctas"], true);
        assert_eq!(created.json["query"]["ctas_method"], "TABLE");
        assert_eq!(created.json["query"]["tempTable"], table.as_str());
        assert_eq!(created.json["query"]["tempSchema"], Value::Null);
        let executed = created.json["query"]["executedSql"].as_str().unwrap();
        assert!(
            executed.contains(&format!("CREATE TABLE {} AS", quoted(backend, &table))),
            "{backend}: {executed}"
        );
        let client_id = created.json["query"]["id"].as_str().unwrap();
        let record = app
            .state
            .store
            .query_by_client_id(client_id)
            .await
            .unwrap()
            .unwrap();
        assert!(record.select_as_cta);
        assert_eq!(record.ctas_method, "TABLE");
        assert_eq!(record.tmp_table_name.as_deref(), Some(table.as_str()));
        // Its CSV reads the created table back.
        let csv = app
            .get(&format!("/api/v1/sqllab/export/{client_id}/"), &admin)
            .await;
        assert_eq!(csv.status, StatusCode::OK, "{backend}: {}", csv.json);
        assert_eq!(
            String::from_utf8(csv.bytes.clone()).unwrap(),
            "name,num\nAaron,10\nCarl,5\n",
            "{backend}"
        );

        let read_back = execute(
            &app,
            &admin,
            database,
            &format!("SELECT COUNT(*) AS n FROM {}", quoted(backend, &table)),
            100,
        )
        .await;
        assert_eq!(read_back.status, StatusCode::OK, "{backend}: {}", read_back.json);
        assert_eq!(read_back.json["data"][0]["n"].as_f64(), Some(2.0), "{backend}");

        // CREATE VIEW AS: one SELECT, read back through the view.
        let created_view = execute_ctas(
            &app,
            &admin,
            database,
            "SELECT name FROM birth_names WHERE gender = 'girl' ORDER BY name",
            "VIEW",
            Some("girls_view"),
        )
        .await;
        assert_eq!(
            created_view.status,
            StatusCode::OK,
            "{backend}: {}",
            created_view.json
        );
        assert_eq!(names_of(&created_view.json), ["Beth", "Dora"], "{backend}");
        assert_eq!(created_view.json["query"]["ctas_method"], "VIEW");
        let through_view = execute(
            &app,
            &admin,
            database,
            "SELECT COUNT(*) AS n FROM girls_view",
            100,
        )
        .await;
        assert_eq!(through_view.json["data"][0]["n"].as_f64(), Some(2.0), "{backend}");

        // The default name is Superset's tmp_{user}_table_{time}.
        let default_name = execute_ctas(&app, &admin, database, "SELECT 2 AS two", "TABLE", None).await;
        assert_eq!(
            default_name.status,
            StatusCode::OK,
            "{backend}: {}",
            default_name.json
        );
        let temp_table = default_name.json["query"]["tempTable"].as_str().unwrap();
        assert!(
            temp_table.starts_with("tmp_") && temp_table.contains("_table_20"),
            "{temp_table}"
        );

        // The user's SQL still passes the guard: DML stays refused, and nothing was deleted.
        for dml in ["DELETE FROM birth_names", "SELECT 1; DELETE FROM birth_names"] {
            let refused = execute_ctas(&app, &admin, database, dml, "TABLE", Some("never")).await;
            assert_eq!(
                refused.status,
                StatusCode::BAD_REQUEST,
                "{backend}: {}",
                refused.json
            );
            assert_eq!(refused.json["message"], DML_MESSAGE, "{backend}");
        }
        let count = execute(
            &app,
            &admin,
            database,
            "SELECT COUNT(*) AS n FROM birth_names",
            100,
        )
        .await;
        assert_eq!(count.json["data"][0]["n"].as_f64(), Some(4.0), "{backend}");

        // Superset's rules for the script's shape.
        let not_select_last = execute_ctas(
            &app,
            &admin,
            database,
            "SELECT 1; EXPLAIN SELECT 1",
            "TABLE",
            Some("never"),
        )
        .await;
        assert_refused_shape(&not_select_last, "INVALID_CTAS_QUERY_ERROR", 1023, backend);
        let two_for_a_view = execute_ctas(
            &app,
            &admin,
            database,
            "SELECT 1; SELECT 2",
            "VIEW",
            Some("never"),
        )
        .await;
        assert_refused_shape(&two_for_a_view, "INVALID_CVAS_QUERY_ERROR", 1024, backend);

        // force_ctas_schema puts the created table in that schema.
        if backend == "postgresql" {
            let mut postgres = sqlx::PgConnection::connect(&uri).await.unwrap();
            sqlx::query("CREATE SCHEMA scratch")
                .execute(&mut postgres)
                .await
                .unwrap();
            sqlx::query("UPDATE dbs SET force_ctas_schema = $1 WHERE id = $2")
                .bind("scratch")
                .bind(database)
                .execute(app.state.store.pool())
                .await
                .unwrap();
            let forced = execute_ctas(
                &app,
                &admin,
                database,
                "SELECT 1 AS one",
                "TABLE",
                Some("in_scratch"),
            )
            .await;
            assert_eq!(forced.status, StatusCode::OK, "{}", forced.json);
            assert_eq!(forced.json["query"]["tempSchema"], "scratch");
            let in_schema = execute(
                &app,
                &admin,
                database,
                "SELECT COUNT(*) AS n FROM scratch.in_scratch",
                100,
            )
            .await;
            assert_eq!(
                in_schema.json["data"][0]["n"].as_f64(),
                Some(1.0),
                "{}",
                in_schema.json
            );
        }
    }
    app.close().await;
}

async fn execute_with_client_id(
    app: &TestApp,
    who: &As,
    database_id: i64,
    sql: &str,
    client_id: &str,
    run_async: bool,
) -> common::Answer {
    app.post(
        "/api/v1/sqllab/execute/",
        json!({"database_id": database_id, "sql": sql, "queryLimit": 3, "runAsync": run_async,
               "client_id": client_id, "tab": "Untitled Query 1", "sql_editor_id": "1", "json": true}),
        who,
    )
    .await
}

const EXPORTED_SQL: &str =
    "SELECT name, num, 'a,\"b\"' AS tricky, '=1+1' AS formula FROM birth_names ORDER BY name";
const EXPORTED_CSV: &str = "name,num,tricky,formula\n\
                            Aaron,10,\"a,\"\"b\"\"\",'=1+1\n\
                            Beth,7,\"a,\"\"b\"\"\",'=1+1\n\
                            Carl,5,\"a,\"\"b\"\"\",'=1+1\n";

#[tokio::test]
async fn csv_download_of_a_run_s_results() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let seeded = SeededEngines::create().await;
    let (backend, uri) = seeded.uris()[1].clone();
    assert_eq!(backend, "sqlite");
    let database = register(&app, "sqlite export", &uri, backend, false).await;

    // A synchronous run is run again at its limit.
    let ran = execute_with_client_id(&app, &admin, database, EXPORTED_SQL, "csvsync0001", false).await;
    assert_eq!(ran.status, StatusCode::OK, "{}", ran.json);
    let csv = app.get("/api/v1/sqllab/export/csvsync0001/", &admin).await;
    assert_eq!(
        csv.status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&csv.bytes)
    );
    assert_eq!(csv.headers[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    let disposition = csv.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=sqllab_untitled_query_1_")
            && disposition.ends_with(".csv"),
        "{disposition}"
    );
    assert_eq!(String::from_utf8(csv.bytes.clone()).unwrap(), EXPORTED_CSV);

    // An asynchronous run's kept rows are used.
    allow_run_async(&app, database).await;
    let accepted = execute_with_client_id(&app, &admin, database, EXPORTED_SQL, "csvasync001", true).await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    let (run, _) = follow_run(&app, &admin, "csvasync001", is_finished).await;
    assert_eq!(run["state"], "success", "{run}");
    let csv = app.get("/api/v1/sqllab/export/csvasync001/", &admin).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert_eq!(String::from_utf8(csv.bytes.clone()).unwrap(), EXPORTED_CSV);

    // Unknown runs, other users' runs and users without can_export_csv are refused.
    let unknown = app.get("/api/v1/sqllab/export/nosuchrun01/", &admin).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(
        unknown.json["message"],
        "The query associated with the results was deleted."
    );
    app.create_user("analyst", "analyst-password", &["sql_lab"]).await;
    app.create_user("gamma", "gamma-password", &["Gamma"]).await;
    let analyst = app.token("analyst", "analyst-password").await;
    let gamma = app.token("gamma", "gamma-password").await;
    let not_theirs = app.get("/api/v1/sqllab/export/csvsync0001/", &analyst).await;
    assert_eq!(not_theirs.status, StatusCode::FORBIDDEN);
    assert_eq!(
        not_theirs.json["errors"][0]["error_type"],
        "QUERY_SECURITY_ACCESS_ERROR"
    );
    let no_permission = app.get("/api/v1/sqllab/export/csvsync0001/", &gamma).await;
    assert_eq!(no_permission.status, StatusCode::FORBIDDEN);
    app.close().await;
}
