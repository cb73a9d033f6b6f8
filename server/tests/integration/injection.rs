//! Hostile inputs in every place a user can put text (filter values, column names, adhoc SQL
//! metrics and columns, extras where and having, orderby, time ranges) read nothing outside the
//! dataset and change nothing: each is refused with a 4xx and a clear message, or bound safely.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::StatusCode;
use common::TestApp;
use quiver_server::store::database::NewDatabase;
use quiver_server::store::dataset::{NewColumn, NewDataset, NewMetric};
use serde_json::{json, Value};

const SECRET: &str = "s3cr3t-canary-value";

const HOSTILE: &[&str] = &[
    "' OR '1'='1",
    "x'; DROP TABLE people; --",
    "1; DELETE FROM people",
    "1) UNION SELECT secret FROM secrets --",
    "(SELECT secret FROM secrets)",
    "(SELECT secret FROM secrets LIMIT 1)",
    "name) FROM secrets --",
    "EXISTS (SELECT 1 FROM secrets)",
    "name IN (SELECT secret FROM secrets)",
    "1 UNION ALL SELECT secret FROM secrets",
    "read_csv('/etc/passwd')",
    "read_text('/etc/passwd')",
    "read_parquet('/tmp/x.parquet')",
    "getenv('HOME')",
    "current_setting('home_directory')",
    "pg_read_file('/etc/passwd')",
    "load_extension('x')",
    "query('SELECT secret FROM secrets')",
    "query_table('secrets')",
    "glob('/*')",
    "duckdb_settings()",
    "sqlite_version()",
    "pragma_table_info('secrets')",
    "name /* comment */",
    "name -- comment",
    "name;",
    ";",
    "",
    "   ",
    "\"secrets\".\"secret\"",
    "secrets.secret",
    "name\" FROM secrets --",
    "`name`",
    "name\u{0}",
    "ATTACH '/tmp/x.db' AS x",
    "COPY people TO '/tmp/out.csv'",
    "INSTALL httpfs",
    "LOAD httpfs",
    "CREATE TABLE t AS SELECT 1",
    "INSERT INTO people VALUES ('x', 1)",
    "UPDATE people SET num = 0",
    "PRAGMA database_list",
    "SET threads = 1",
    "CALL pragma_version()",
    "WITH s AS (SELECT secret FROM secrets) SELECT * FROM s",
    "CASE WHEN (SELECT COUNT(*) FROM secrets) > 0 THEN 1 END",
    "num + (SELECT 1)",
    "ARRAY(SELECT secret FROM secrets)",
    "1 = 1 OR (SELECT secret FROM secrets) IS NOT NULL",
    "name LIKE (SELECT secret FROM secrets)",
    "'a' || (SELECT secret FROM secrets)",
    "\\'; DROP TABLE people; --",
    "%' OR 1=1 --",
    "2000-01-01 : (SELECT secret FROM secrets)",
    "DATEADD(DATETIME('now'), -1, (SELECT 1))",
    "Last week'; DROP TABLE people; --",
    "1e999999",
    "9999999999999999999999999",
    "NULL",
    "sleep(10)",
    "pg_sleep(10)",
    "benchmark(1000000, md5('x'))",
];

/// A DuckDB file with the dataset's table and a table the dataset must never reach.
fn write_database(path: &std::path::Path) {
    let connection = duckdb::Connection::open(path).unwrap();
    connection
        .execute_batch(&format!(
            "CREATE TABLE people (name VARCHAR, num BIGINT);
             INSERT INTO people VALUES ('ann', 3), ('bob', 5), ('cy', 7);
             CREATE TABLE secrets (secret VARCHAR);
             INSERT INTO secrets VALUES ('{SECRET}');"
        ))
        .unwrap();
}

fn counts(path: &std::path::Path) -> (i64, i64) {
    let connection = duckdb::Connection::open_with_flags(
        path,
        duckdb::Config::default()
            .access_mode(duckdb::AccessMode::ReadOnly)
            .unwrap(),
    )
    .unwrap();
    connection
        .query_row(
            "SELECT (SELECT COUNT(*) FROM people), (SELECT COUNT(*) FROM secrets)",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap()
}

/// Every placement of a hostile text in a query object.
fn placements(text: &str) -> Vec<(&'static str, Value)> {
    vec![
        (
            "filter value",
            json!({"metrics": ["count"], "filters": [{"col": "name", "op": "==", "val": text}]}),
        ),
        (
            "IN value",
            json!({"metrics": ["count"], "filters": [{"col": "name", "op": "IN", "val": [text, "ann"]}]}),
        ),
        (
            "LIKE value",
            json!({"metrics": ["count"], "filters": [{"col": "name", "op": "ILIKE", "val": text}]}),
        ),
        (
            "filter column",
            json!({"metrics": ["count"], "filters": [{"col": text, "op": "==", "val": "ann"}]}),
        ),
        ("column", json!({"columns": [text], "metrics": ["count"]})),
        (
            "adhoc column",
            json!({"columns": [{"sqlExpression": text, "label": "x", "expressionType": "SQL"}], "metrics": ["count"]}),
        ),
        (
            "adhoc SQL metric",
            json!({"metrics": [{"expressionType": "SQL", "sqlExpression": text, "label": "m"}]}),
        ),
        (
            "simple metric column",
            json!({"metrics": [{"expressionType": "SIMPLE", "column": {"column_name": text}, "aggregate": "SUM"}]}),
        ),
        ("saved metric name", json!({"metrics": [text]})),
        (
            "extras where",
            json!({"metrics": ["count"], "extras": {"where": text}}),
        ),
        (
            "extras having",
            json!({"metrics": ["count"], "columns": ["name"], "extras": {"having": text}}),
        ),
        (
            "orderby",
            json!({"columns": ["name"], "metrics": ["count"], "orderby": [[text, true]]}),
        ),
        (
            "time range",
            json!({"metrics": ["count"], "filters": [{"col": "name", "op": "TEMPORAL_RANGE", "val": text}]}),
        ),
        (
            "time grain",
            json!({"metrics": ["count"], "columns": [{"sqlExpression": "name", "label": "n", "expressionType": "SQL", "timeGrain": text}]}),
        ),
    ]
}

#[tokio::test]
async fn hostile_inputs_read_nothing_outside_the_dataset_and_change_nothing() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let path = app.home.path().join("hostile.duckdb");
    write_database(&path);
    let database_id = app
        .state
        .store
        .create_database(&NewDatabase {
            database_name: "hostile",
            sqlalchemy_uri: &format!("duckdb:///{}", path.display()),
            backend: "duckdb",
            expose_in_sqllab: false,
            allow_dml: false,
            allow_file_upload: false,
            created_by: None,
        })
        .await
        .unwrap();
    let column = |name: &str, column_type: &str| NewColumn {
        column_name: name.to_owned(),
        column_type: column_type.to_owned(),
        is_dttm: false,
        expression: None,
    };
    let dataset_id = app
        .state
        .store
        .create_dataset(&NewDataset {
            database_id,
            schema: None,
            table_name: "people",
            sql: None,
            main_dttm_col: None,
            columns: &[column("name", "VARCHAR"), column("num", "BIGINT")],
            metrics: &[NewMetric {
                metric_name: "count".to_owned(),
                expression: "COUNT(*)".to_owned(),
                metric_type: None,
            }],
            owners: &[],
        })
        .await
        .unwrap();

    let before = counts(&path);
    let mut cases = 0;
    let mut refused = 0;
    for text in HOSTILE {
        for (place, query) in placements(text) {
            cases += 1;
            let body =
                json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [query], "force": true});
            let answer = app.post("/api/v1/chart/data", body, &admin).await;
            let raw = String::from_utf8_lossy(&answer.bytes);
            assert!(!raw.contains(SECRET), "{place} {text:?} leaked the secret: {raw}");
            assert!(
                answer.status == StatusCode::OK || answer.status.is_client_error(),
                "{place} {text:?}: {} {raw}",
                answer.status
            );
            if answer.status.is_client_error() {
                refused += 1;
                let message = answer.json["message"].as_str().unwrap_or_default();
                assert!(!message.is_empty(), "{place} {text:?}: a refusal says why");
                assert!(!message.contains("panicked"), "{place} {text:?}: {message}");
            }
        }
    }
    assert!(cases >= 200, "{cases} cases");
    assert!(
        refused > cases / 2,
        "most hostile inputs are refused ({refused} of {cases})"
    );
    assert_eq!(counts(&path), before, "nothing changed");
    app.close().await;
}
