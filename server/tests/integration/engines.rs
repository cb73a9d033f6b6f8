//! The same query objects on DuckDB, SQLite, PostgreSQL and MariaDB, loaded with the same example
//! rows, return the same rows.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::StatusCode;
use common::{PostgresDatabase, TestApp, ThrowawayDatabase};
use quiver_server::store::database::NewDatabase;
use quiver_server::store::dataset::{NewColumn, NewDataset, NewMetric};
use serde_json::{json, Value};
use sqlx::Connection;

/// The example `birth_names` rows, read from the app's DuckDB examples (ds as text).
fn example_rows(app: &TestApp) -> Vec<(String, String, String, i64, String, i64, i64)> {
    let connection = duckdb::Connection::open_with_flags(
        app.state.settings.examples_path(),
        duckdb::Config::default()
            .access_mode(duckdb::AccessMode::ReadOnly)
            .unwrap(),
    )
    .unwrap();
    let mut statement =
        connection.prepare("SELECT strftime(ds, '%Y-%m-%d %H:%M:%S'), gender, name, num, state, num_boys, num_girls FROM birth_names").unwrap();
    statement
        .query_map([], |row| {
            Ok((
                row.get(0)?,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get(4)?,
                row.get(5)?,
                row.get(6)?,
            ))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The table, with the engine's timestamp type for ds.
fn create_table(timestamp_type: &str) -> String {
    format!(
        "CREATE TABLE birth_names (ds {timestamp_type}, gender VARCHAR(16), name VARCHAR(64), num BIGINT, \
         state VARCHAR(16), num_boys BIGINT, num_girls BIGINT)"
    )
}

/// Multi-row INSERT statements of at most 500 rows, values inlined as literals (test data only).
fn insert_statements(rows: &[(String, String, String, i64, String, i64, i64)]) -> Vec<String> {
    rows.chunks(500)
        .map(|chunk| {
            let values: Vec<String> = chunk
                .iter()
                .map(|(ds, gender, name, num, state, boys, girls)| {
                    format!("('{ds}', '{gender}', '{name}', {num}, '{state}', {boys}, {girls})")
                })
                .collect();
            format!("INSERT INTO birth_names VALUES {}", values.join(", "))
        })
        .collect()
}

async fn register(app: &TestApp, name: &str, uri: &str, backend: &str) -> i64 {
    let store = &app.state.store;
    let database_id = store
        .create_database(&NewDatabase {
            database_name: name,
            sqlalchemy_uri: uri,
            backend,
            expose_in_sqllab: true,
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
    let mut columns = vec![
        column("ds", "TIMESTAMP"),
        column("gender", "VARCHAR"),
        column("name", "VARCHAR"),
        column("num", "BIGINT"),
        column("state", "VARCHAR"),
        column("num_boys", "BIGINT"),
        column("num_girls", "BIGINT"),
    ];
    columns[0].is_dttm = true;
    store
        .create_dataset(&NewDataset {
            database_id,
            schema: None,
            table_name: "birth_names",
            sql: None,
            main_dttm_col: Some("ds"),
            columns: &columns,
            metrics: &[NewMetric {
                metric_name: "count".to_owned(),
                expression: "COUNT(*)".to_owned(),
                metric_type: None,
            }],
            owners: &[],
        })
        .await
        .unwrap()
}

fn sum(column: &str) -> Value {
    json!({"expressionType": "SIMPLE", "column": {"column_name": column}, "aggregate": "SUM", "label": format!("SUM({column})")})
}

/// Query objects covering columns, saved and adhoc metrics, every filter operator family, SQL
/// fragments, having, orderby, limit and offset.
fn query_objects() -> Vec<Value> {
    vec![
        json!({"columns": ["gender"], "metrics": ["count", sum("num")], "orderby": [["gender", true]]}),
        json!({"columns": ["gender", "state"], "metrics": [sum("num")], "orderby": [[sum("num"), false], ["gender", true], ["state", true]], "row_limit": 10}),
        json!({"columns": ["state"], "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "name"}, "aggregate": "COUNT_DISTINCT", "label": "names"}], "orderby": [["state", true]], "row_limit": 5, "row_offset": 3}),
        json!({"columns": ["name"], "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "MAX", "label": "max"}, {"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "MIN", "label": "min"}], "filters": [{"col": "gender", "op": "==", "val": "girl"}, {"col": "state", "op": "IN", "val": ["CA", "NY", "TX"]}], "orderby": [["name", true]]}),
        json!({"metrics": ["count"], "filters": [{"col": "num", "op": ">=", "val": 50}, {"col": "num", "op": "<", "val": 200}, {"col": "state", "op": "NOT IN", "val": ["other"]}, {"col": "name", "op": "!=", "val": "Emma"}]}),
        json!({"metrics": ["count"], "filters": [{"col": "name", "op": "LIKE", "val": "J%"}]}),
        json!({"metrics": ["count"], "filters": [{"col": "name", "op": "ILIKE", "val": "%ANN%"}, {"col": "state", "op": "IS NOT NULL"}]}),
        json!({"metrics": ["count"], "filters": [{"col": "name", "op": "NOT LIKE", "val": "%a%"}, {"col": "num", "op": "<=", "val": 10}]}),
        json!({"columns": ["gender"], "metrics": [{"expressionType": "SQL", "sqlExpression": "SUM(num_boys) - SUM(num_girls)", "label": "delta"}], "extras": {"where": "state <> 'other' AND num > 5", "having": "COUNT(*) > 10"}, "orderby": [["gender", true]]}),
        json!({"columns": [{"sqlExpression": "CASE WHEN num > 100 THEN 'big' ELSE 'small' END", "label": "size", "expressionType": "SQL"}], "metrics": ["count"], "orderby": [["count", false]]}),
        json!({"columns": ["name", "state", "num"], "filters": [{"col": "gender", "op": "==", "val": "boy"}, {"col": "num", "op": ">", "val": 700}], "orderby": [["num", false], ["name", true], ["state", true]], "row_limit": 20}),
        json!({"columns": ["ds", "name"], "filters": [{"col": "num", "op": ">", "val": 750}], "orderby": [["ds", true], ["name", true]], "row_limit": 15}),
        json!({"columns": ["name", "gender"], "series_columns": ["name"], "series_limit": 3, "metrics": [sum("num")], "filters": [{"col": "state", "op": "!=", "val": "other"}], "orderby": [["name", true], ["gender", true]]}),
        json!({"columns": ["state"], "series_columns": ["state"], "series_limit": 4, "series_limit_metric": "count", "metrics": [sum("num_boys")], "filters": [{"col": "ds", "op": "TEMPORAL_RANGE", "val": "1990-01-01 : 2000-01-01"}], "orderby": [["state", true]]}),
    ]
    .into_iter()
    .chain(["P1D", "P7D", "P1W", "P1M", "P3M", "P1Y", "1969-12-28T00:00:00Z/P1W", "P1W/1970-01-03T00:00:00Z", "PT1H", "PT5M"].map(|grain| {
        let axis = json!({"sqlExpression": "ds", "label": "ds", "expressionType": "SQL", "columnType": "BASE_AXIS", "timeGrain": grain});
        json!({"columns": [axis.clone(), "gender"], "metrics": ["count", sum("num")], "orderby": [[axis, true], ["gender", true]], "row_limit": 40})
    }))
    .chain([json!({"is_timeseries": true, "granularity": "ds", "extras": {"time_grain_sqla": "P1Y"}, "metrics": ["count"], "orderby": [["count", false]], "row_limit": 5})])
    .collect()
}

/// Numbers compared as f64 (engines differ in integer and decimal widths).
fn normalize(data: &Value) -> Vec<Vec<(String, String)>> {
    data.as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let mut cells: Vec<(String, String)> = row
                .as_object()
                .unwrap()
                .iter()
                .map(|(key, value)| {
                    let text = match value {
                        Value::Number(number) => format!("{:.4}", number.as_f64().unwrap()),
                        other => other.to_string(),
                    };
                    (key.clone(), text)
                })
                .collect();
            cells.sort();
            cells
        })
        .collect()
}

#[tokio::test]
async fn the_same_query_objects_return_the_same_rows_on_all_four_engines() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let rows = example_rows(&app);
    let inserts = insert_statements(&rows);

    // SQLite.
    let sqlite_path = app.home.path().join("birth_names.sqlite");
    {
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&sqlite_path)
            .create_if_missing(true);
        let mut connection = sqlx::SqliteConnection::connect_with(&options).await.unwrap();
        sqlx::query(&create_table("DATETIME"))
            .execute(&mut connection)
            .await
            .unwrap();
        for insert in &inserts {
            sqlx::query(insert).execute(&mut connection).await.unwrap();
        }
        connection.close().await.unwrap();
    }
    // PostgreSQL.
    let postgres = PostgresDatabase::create().await;
    {
        let mut connection = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
        sqlx::query(&create_table("TIMESTAMP"))
            .execute(&mut connection)
            .await
            .unwrap();
        for insert in &inserts {
            sqlx::query(insert).execute(&mut connection).await.unwrap();
        }
    }
    // MariaDB.
    let mariadb = ThrowawayDatabase::create_mariadb().await;
    {
        let mut connection = sqlx::MySqlConnection::connect(&mariadb.url).await.unwrap();
        sqlx::query(&create_table("DATETIME"))
            .execute(&mut connection)
            .await
            .unwrap();
        for insert in &inserts {
            sqlx::query(insert).execute(&mut connection).await.unwrap();
        }
    }

    let datasets = [
        ("DuckDB", app.dataset_id("birth_names").await),
        (
            "SQLite",
            register(
                &app,
                "sqlite",
                &format!("sqlite:///{}", sqlite_path.display()),
                "sqlite",
            )
            .await,
        ),
        (
            "PostgreSQL",
            register(
                &app,
                "postgres",
                &postgres.url.replace("postgres://", "postgresql://"),
                "postgresql",
            )
            .await,
        ),
        ("MariaDB", register(&app, "mariadb", &mariadb.url, "mysql").await),
    ];

    for query in query_objects() {
        let mut answers = Vec::new();
        for (engine, dataset_id) in &datasets {
            let context =
                json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [query.clone()]});
            let answer = app.post("/api/v1/chart/data", context, &admin).await;
            assert_eq!(answer.status, StatusCode::OK, "{engine} {query}: {}", answer.json);
            let result = &answer.json["result"][0];
            assert!(
                result["rowcount"].as_i64().unwrap() > 0,
                "{engine} {query}: no rows"
            );
            answers.push((
                engine,
                normalize(&result["data"]),
                result["query"].as_str().unwrap().to_owned(),
            ));
        }
        let (reference_engine, reference, _) = &answers[0];
        for (engine, rows, sql) in &answers[1..] {
            assert_eq!(
                rows, reference,
                "{engine} differs from {reference_engine} for {query}\nSQL:\n{sql}"
            );
        }
    }
    app.close().await;
}

/// A statement past its timeout is cancelled in the database and answered as a timeout, on every
/// engine reached through sqlx; the pool still answers afterwards.
#[tokio::test]
async fn statements_past_the_timeout_are_cancelled_on_sqlite_postgres_and_mariadb() {
    use quiver_server::engines::sql_databases::SqlDatabase;
    use quiver_server::engines::{EngineError, Statement};
    use std::time::{Duration, Instant};

    let home = tempfile::tempdir().unwrap();
    let sqlite_path = home.path().join("slow.sqlite");
    std::fs::File::create(&sqlite_path).unwrap();
    let postgres = ThrowawayDatabase::create().await;
    let mariadb = ThrowawayDatabase::create_mariadb().await;
    let cases = [
        (
            format!("sqlite:///{}", sqlite_path.display()),
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000000) SELECT count(*) FROM c",
        ),
        (
            postgres.url.replace("postgres://", "postgresql://"),
            "SELECT pg_sleep(20)",
        ),
        (mariadb.url.clone(), "SELECT SLEEP(20)"),
    ];
    for (uri, slow_sql) in cases {
        let database = SqlDatabase::connect(&uri, false).await.unwrap();
        let started = Instant::now();
        let outcome = database
            .execute(
                Statement {
                    sql: slow_sql.to_owned(),
                    params: vec![],
                },
                Duration::from_millis(500),
            )
            .await;
        assert!(
            matches!(outcome, Err(EngineError::Timeout(0))),
            "{uri}: {outcome:?}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "{uri}: {:?}",
            started.elapsed()
        );
        let quick = database
            .execute(
                Statement {
                    sql: "SELECT 1 AS one".to_owned(),
                    params: vec![],
                },
                Duration::from_secs(5),
            )
            .await
            .unwrap();
        assert_eq!(quick.row_count(), 1, "{uri}");
        database.close().await;
    }
}
