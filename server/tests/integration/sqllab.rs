//! SQL Lab over HTTP on the four engines: runs with the row limit, several statements, the query
//! record, engine errors, permissions, the DML-bypass suite, Stop and the timeout (both cancelled
//! in the database), and the left bar's browsing calls.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use std::time::{Duration, Instant};

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use common::{As, TestApp, ThrowawayDatabase};
use quiver_server::store::database::NewDatabase;
use serde_json::{json, Value};
use sqlx::Connection;
use tower::ServiceExt;

pub(crate) const DML_MESSAGE: &str = "Only SELECT statements are allowed against this database.";
const AGGREGATE: &str = "SELECT gender, SUM(num) AS total FROM birth_names GROUP BY gender ORDER BY gender";

/// A test app with the examples, its admin and the examples database's id: most tests start so.
async fn examples_lab() -> (TestApp, As, i64) {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let database_id = app.examples_id().await;
    (app, admin, database_id)
}

pub(crate) async fn register(app: &TestApp, name: &str, uri: &str, backend: &str, allow_dml: bool) -> i64 {
    app.state
        .store
        .create_database(&NewDatabase {
            database_name: name,
            sqlalchemy_uri: uri,
            backend,
            expose_in_sqllab: true,
            allow_dml,
            allow_file_upload: false,
            created_by: None,
        })
        .await
        .unwrap()
}

pub(crate) async fn execute(
    app: &TestApp,
    who: &As,
    database_id: i64,
    sql: &str,
    limit: i64,
) -> common::Answer {
    app.post(
        "/api/v1/sqllab/execute/",
        json!({"database_id": database_id, "sql": sql, "queryLimit": limit, "runAsync": false,
               "tab": "Untitled Query 1", "sql_editor_id": "1", "json": true}),
        who,
    )
    .await
}

/// The expected `[gender, total]` rows, straight from DuckDB.
fn duckdb_totals(app: &TestApp) -> Vec<(String, i64)> {
    common::births_sums_by_gender(app)
}

fn totals_of(answer: &Value) -> Vec<(String, i64)> {
    answer["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["gender"].as_str().unwrap().to_owned(),
                row["total"]
                    .as_i64()
                    .or_else(|| row["total"].as_f64().map(|v| v as i64))
                    .unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_select_on_the_examples_returns_superset_s_shape_and_is_recorded() {
    let (app, admin, database_id) = examples_lab().await;
    let answer = execute(&app, &admin, database_id, AGGREGATE, 1000).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let body = &answer.json;
    assert_eq!(body["status"], "success");
    assert_eq!(totals_of(body), duckdb_totals(&app));
    assert_eq!(body["columns"][0]["column_name"], "gender");
    assert_eq!(body["columns"][0]["type_generic"], 1);
    assert_eq!(body["columns"][1]["name"], "total");
    assert_eq!(body["columns"][1]["type_generic"], 0);
    assert_eq!(body["selected_columns"], body["columns"]);
    assert_eq!(body["expanded_columns"], json!([]));
    assert_eq!(body["query"]["state"], "success");
    assert_eq!(body["query"]["dbId"], database_id);
    assert_eq!(body["query"]["rows"], 2);
    assert_eq!(body["query"]["limitingFactor"], "NOT_LIMITED");
    assert_eq!(body["query"]["tab"], "Untitled Query 1");
    assert_eq!(body["query"]["executedSql"], format!("{AGGREGATE} LIMIT 1001"));
    let record = app
        .state
        .store
        .query_record(body["query_id"].as_i64().unwrap())
        .await
        .unwrap();
    assert_eq!(record.status, "success");
    assert_eq!(record.rows, Some(2));
    assert_eq!(record.sql, AGGREGATE);
    assert_eq!(record.client_id, body["query"]["id"].as_str().unwrap());
    assert_eq!(record.client_id.len(), 11);

    // Timestamps come back as ISO text; a run ends with the last statement's rows.
    let answer = execute(
        &app,
        &admin,
        database_id,
        "SELECT 1 AS a; SELECT ds, name FROM birth_names ORDER BY ds, name LIMIT 1",
        10,
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let row = &answer.json["data"][0];
    assert!(row.get("a").is_none());
    let ds = row["ds"].as_str().unwrap();
    assert!(
        chrono::NaiveDateTime::parse_from_str(ds, "%Y-%m-%dT%H:%M:%S").is_ok(),
        "{row}"
    );
    assert_eq!(answer.json["columns"][0]["is_dttm"], true);
    app.close().await;
}

#[tokio::test]
async fn the_row_limit_cuts_rows_and_says_which_limit_applied() {
    let (app, admin, database_id) = examples_lab().await;
    let cases = [
        ("SELECT name FROM birth_names", 10, 10, "DROPDOWN"),
        ("SELECT name FROM birth_names LIMIT 5", 10, 5, "QUERY"),
        (
            "SELECT name FROM birth_names LIMIT 10",
            10,
            10,
            "QUERY_AND_DROPDOWN",
        ),
        ("SELECT name FROM birth_names LIMIT 50", 10, 10, "DROPDOWN"),
        ("SELECT DISTINCT gender FROM birth_names", 10, 2, "NOT_LIMITED"),
    ];
    for (sql, limit, rows, factor) in cases {
        let answer = execute(&app, &admin, database_id, sql, limit).await;
        assert_eq!(answer.status, StatusCode::OK, "{sql}: {}", answer.json);
        assert_eq!(answer.json["data"].as_array().unwrap().len(), rows, "{sql}");
        assert_eq!(answer.json["query"]["limitingFactor"], factor, "{sql}");
        assert_eq!(answer.json["query"]["rows"], rows, "{sql}");
    }
    let refused = execute(&app, &admin, database_id, "SELECT 1", 0).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    app.close().await;
}

const ARROW_STREAM: &str = "application/vnd.apache.arrow.stream";

/// A run answered as Arrow (`Accept: application/vnd.apache.arrow.stream`).
async fn execute_as_arrow(
    app: &TestApp,
    who: &As,
    database_id: i64,
    sql: &str,
    limit: i64,
) -> common::Answer {
    let As::Bearer(token) = who else {
        panic!("bearer only")
    };
    let body = json!({"database_id": database_id, "sql": sql, "queryLimit": limit, "runAsync": false,
                      "tab": "Untitled Query 1", "sql_editor_id": "1", "json": true});
    let request = Request::post("/api/v1/sqllab/execute/")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, format!("{ARROW_STREAM}, application/json"))
        .body(Body::from(serde_json::to_vec(&body).unwrap()))
        .unwrap();
    app.send(request).await
}

/// The Arrow answer's meta (the schema metadata `quiver:result`, as JSON) and its batches.
fn read_arrow_answer(
    answer: &common::Answer,
) -> (
    Value,
    arrow::datatypes::SchemaRef,
    Vec<arrow::record_batch::RecordBatch>,
) {
    assert_eq!(
        answer.status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&answer.bytes)
    );
    assert_eq!(answer.headers[header::CONTENT_TYPE], ARROW_STREAM);
    let reader =
        arrow::ipc::reader::StreamReader::try_new(std::io::Cursor::new(&answer.bytes), None).unwrap();
    let schema = reader.schema();
    let meta = serde_json::from_str(&schema.metadata()["quiver:result"]).unwrap();
    let batches = reader.map(Result::unwrap).collect();
    (meta, schema, batches)
}

/// The JSON answer without its rows and without what differs from run to run (ids and times).
fn comparable_meta(answer: &Value) -> Value {
    let mut meta = answer.clone();
    let object = meta.as_object_mut().unwrap();
    object.remove("data");
    object.remove("query_id");
    let query = object["query"].as_object_mut().unwrap();
    for per_run in [
        "id",
        "queryId",
        "serverId",
        "startDttm",
        "endDttm",
        "changed_on",
        "link",
    ] {
        query.remove(per_run);
    }
    meta
}

const TYPED_VALUES: &str = "SELECT n, ds, day, price, label, gap, ids, ratio, \
    CAST(ds_text AS TIMESTAMPTZ) AS ds_tz FROM (VALUES \
    (1, TIMESTAMP '2020-01-01 00:00:00.25', DATE '2020-01-31', 12.345::DECIMAL(18, 3), 'a', INTERVAL 1 DAY, [1, 2], 0.5::DOUBLE, '2020-01-01 00:00:00.25+00'), \
    (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), \
    (3, TIMESTAMP '1969-12-31 23:59:59', DATE '1970-01-01', -0.001::DECIMAL(18, 3), 'c', INTERVAL 3 MONTH, [], 2.0::DOUBLE, '1970-01-01 00:00:00+00')) \
    AS t(n, ds, day, price, label, gap, ids, ratio, ds_text) ORDER BY n";

#[tokio::test]
async fn the_arrow_answer_carries_the_json_answer_s_meta_and_values_cut_at_the_limit() {
    use arrow::array::{Array, AsArray};
    use arrow::datatypes::{
        DataType, Date32Type, Decimal128Type, Float64Type, Int32Type, TimeUnit, TimestampMicrosecondType,
    };

    let (app, admin, database_id) = examples_lab().await;

    let json_answer = execute(&app, &admin, database_id, TYPED_VALUES, 2).await;
    assert_eq!(json_answer.status, StatusCode::OK, "{}", json_answer.json);
    let arrow_answer = execute_as_arrow(&app, &admin, database_id, TYPED_VALUES, 2).await;
    let (meta, schema, batches) = read_arrow_answer(&arrow_answer);

    // The same meta: status, the columns' names and types, and the run (limited to 2 rows).
    assert_eq!(comparable_meta(&meta), comparable_meta(&json_answer.json));
    assert_eq!(meta["query"]["rows"], 2);
    assert_eq!(meta["query"]["limitingFactor"], "DROPDOWN");
    assert_eq!(meta["columns"][1]["type"], "TIMESTAMP");
    assert_eq!(meta["columns"][3]["type"], "DECIMAL(18, 3)");
    let record = app
        .state
        .store
        .query_record(meta["query_id"].as_i64().unwrap())
        .await
        .unwrap();
    assert_eq!((record.status.as_str(), record.rows), ("success", Some(2)));

    // Native types for numbers, decimals and times; the display types as the JSON answer's text.
    let types: Vec<&DataType> = schema.fields().iter().map(|field| field.data_type()).collect();
    assert_eq!(
        types,
        [
            &DataType::Int32,
            &DataType::Timestamp(TimeUnit::Microsecond, None),
            &DataType::Date32,
            &DataType::Decimal128(18, 3),
            &DataType::Utf8,
            &DataType::Utf8,
            &DataType::Utf8,
            &DataType::Float64,
            // DuckDB's TIMESTAMPTZ is zoned `UTC`: relabelled `+00:00`, the same instants.
            &DataType::Timestamp(TimeUnit::Microsecond, Some("+00:00".into())),
        ]
    );
    let batch = arrow::compute::concat_batches(&schema, &batches).unwrap();
    assert_eq!(batch.num_rows(), 2);
    let json_rows = json_answer.json["data"].as_array().unwrap();
    assert_eq!(json_rows.len(), 2);

    let n = batch.column(0).as_primitive::<Int32Type>();
    let ds = batch.column(1).as_primitive::<TimestampMicrosecondType>();
    let day = batch.column(2).as_primitive::<Date32Type>();
    let price = batch.column(3).as_primitive::<Decimal128Type>();
    let ratio = batch.column(7).as_primitive::<Float64Type>();
    assert_eq!((n.value(0), n.value(1)), (1, 2));
    assert_eq!(json_rows[0]["n"], 1);
    // 2020-01-01T00:00:00.250 is 1,577,836,800,250,000 microseconds after the epoch.
    assert_eq!(ds.value(0), 1_577_836_800_250_000);
    assert_eq!(json_rows[0]["ds"], "2020-01-01T00:00:00.250");
    assert_eq!(day.value(0), 18_292);
    assert_eq!(json_rows[0]["day"], "2020-01-31");
    assert_eq!(price.value(0), 12_345);
    assert_eq!(json_rows[0]["price"], 12.345);
    assert_eq!(ratio.value(0), 0.5);
    assert_eq!(json_rows[0]["ratio"], 0.5);
    let ds_tz = batch.column(8).as_primitive::<TimestampMicrosecondType>();
    assert_eq!(ds_tz.value(0), 1_577_836_800_250_000);
    assert_eq!(json_rows[0]["ds_tz"], "2020-01-01T00:00:00.250Z");
    for text_column in [4, 5, 6] {
        let name = schema.field(text_column).name();
        let text = batch.column(text_column).as_string::<i32>();
        assert_eq!(json_rows[0][name], text.value(0), "{name}");
    }
    assert_eq!(json_rows[0]["gap"], "1 days");
    assert_eq!(json_rows[0]["ids"], "[1, 2]");
    // NULLs are NULL in both answers.
    for column in 1..batch.num_columns() {
        let name = schema.field(column).name();
        assert!(batch.column(column).is_null(1), "{name}");
        assert_eq!(json_rows[1][name], Value::Null, "{name}");
    }
    app.close().await;
}

#[tokio::test]
async fn the_arrow_answer_cuts_the_engine_s_batches_at_the_limit_and_json_stays_the_default() {
    use arrow::array::AsArray;
    use arrow::datatypes::Int64Type;

    let (app, admin, database_id) = examples_lab().await;
    // DuckDB answers 5,000 rows in batches of 2,048: the limit of 3,000 falls inside the second.
    let sql = "SELECT range AS n FROM range(5000)";
    let answer = execute_as_arrow(&app, &admin, database_id, sql, 3000).await;
    let (meta, schema, batches) = read_arrow_answer(&answer);
    assert_eq!(meta["query"]["rows"], 3000);
    assert_eq!(meta["query"]["limitingFactor"], "DROPDOWN");
    let batch_rows: Vec<usize> = batches.iter().map(|batch| batch.num_rows()).collect();
    assert_eq!(batch_rows, [2048, 952]);
    let values: Vec<i64> = batches
        .iter()
        .flat_map(|batch| batch.column(0).as_primitive::<Int64Type>().values().to_vec())
        .collect();
    assert_eq!(values, (0..3000).collect::<Vec<i64>>());
    assert_eq!(schema.field(0).name(), "n");

    // Without an Arrow Accept (or with `*/*`), the answer is Superset's JSON.
    let json_answer = execute(&app, &admin, database_id, sql, 3000).await;
    assert!(json_answer.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    assert_eq!(json_answer.json["data"].as_array().unwrap().len(), 3000);
    assert_eq!(json_answer.json["data"][2999]["n"], 2999);
    app.close().await;
}

#[tokio::test]
async fn errors_have_the_spec_shape_and_fail_the_query() {
    let (app, admin, database_id) = examples_lab().await;

    let refused = execute(&app, &admin, database_id, "DELETE FROM birth_names", 100).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.json["message"], DML_MESSAGE);
    assert_eq!(refused.json["errors"][0]["error_type"], "DML_NOT_ALLOWED_ERROR");
    assert_eq!(refused.json["errors"][0]["message"], DML_MESSAGE);

    let engine = execute(
        &app,
        &admin,
        database_id,
        "SELECT no_such_column FROM birth_names",
        100,
    )
    .await;
    assert_eq!(engine.status, StatusCode::BAD_REQUEST);
    assert_eq!(engine.json["errors"][0]["error_type"], "GENERIC_DB_ENGINE_ERROR");
    let message = engine.json["message"].as_str().unwrap();
    assert!(message.starts_with("DuckDB Error: "), "{message}");
    assert!(message.contains("no_such_column"), "{message}");

    let unparsable = execute(&app, &admin, database_id, "SELEC gender FROM birth_names", 100).await;
    assert_eq!(unparsable.status, StatusCode::BAD_REQUEST);
    assert_eq!(unparsable.json["errors"][0]["error_type"], "INVALID_SQL_ERROR");
    assert!(unparsable.json["message"]
        .as_str()
        .unwrap()
        .starts_with("Unable to parse SQL"));
    assert_eq!(unparsable.json["errors"][0]["extra"]["line"], 1);

    let missing = execute(&app, &admin, 999_999, "SELECT 1", 100).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        missing.json["errors"][0]["error_type"],
        "DATABASE_NOT_FOUND_ERROR"
    );

    // Every failed run is in the query table with its message.
    let failed: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT status, error_message FROM query WHERE status = 'failed' ORDER BY id")
            .fetch_all(app.state.store.pool())
            .await
            .unwrap();
    assert_eq!(failed.len(), 3, "{failed:?}");
    assert!(failed[0].1.as_deref().unwrap().contains(DML_MESSAGE));
    app.close().await;
}

#[tokio::test]
async fn sql_lab_needs_the_permission_and_access_to_the_database() {
    let app = TestApp::with_examples().await;
    let database_id = app.examples_id().await;
    app.create_user("gamma", "gamma-password", &["Gamma"]).await;
    app.create_user("analyst", "analyst-password", &["sql_lab"]).await;
    let gamma = app.token("gamma", "gamma-password").await;
    let analyst = app.token("analyst", "analyst-password").await;

    let forbidden = execute(&app, &gamma, database_id, "SELECT 1", 10).await;
    assert_eq!(forbidden.status, StatusCode::FORBIDDEN);

    let no_access = execute(&app, &analyst, database_id, "SELECT 1", 10).await;
    assert_eq!(no_access.status, StatusCode::FORBIDDEN);
    assert_eq!(
        no_access.json["errors"][0]["error_type"],
        "DATABASE_SECURITY_ACCESS_ERROR"
    );
    let listed = app.get("/api/v1/database/", &analyst).await;
    assert_eq!(listed.status, StatusCode::OK);
    assert_eq!(listed.json["count"], 0);

    app.state
        .store
        .grant_permission(
            "sql_lab",
            "database_access",
            &format!("[examples].(id:{database_id})"),
        )
        .await
        .unwrap();
    let allowed = execute(&app, &analyst, database_id, "SELECT 1 AS one", 10).await;
    assert_eq!(allowed.status, StatusCode::OK, "{}", allowed.json);
    assert_eq!(allowed.json["data"], json!([{"one": 1}]));
    let anonymous = execute(&app, &As::Anonymous, database_id, "SELECT 1", 10).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    app.close().await;
}

/// Loads `birth_names` (gender, num) into a database through a plain connection.
fn seed_statements() -> Vec<&'static str> {
    vec![
        "CREATE TABLE birth_names (gender VARCHAR(16), name VARCHAR(64), num BIGINT)",
        "INSERT INTO birth_names VALUES ('boy', 'Aaron', 10), ('girl', 'Beth', 7), ('boy', 'Carl', 5), ('girl', 'Dora', 1)",
    ]
}

/// Tables seeded on a DuckDB file, an SQLite file, a throwaway PostgreSQL database and a throwaway
/// MariaDB database (all dropped with the value): `birth_names` by default.
pub(crate) struct SeededEngines {
    _home: tempfile::TempDir,
    pub(crate) sqlite_path: std::path::PathBuf,
    pub(crate) duckdb_path: std::path::PathBuf,
    pub(crate) postgres: ThrowawayDatabase,
    pub(crate) mariadb: ThrowawayDatabase,
}

impl SeededEngines {
    /// The four engines with `birth_names` (gender, name, num).
    pub(crate) async fn create() -> SeededEngines {
        SeededEngines::with_statements(&seed_statements()).await
    }

    /// The four engines, each after running `statements` (plain SQL the four dialects share).
    pub(crate) async fn with_statements(statements: &[&str]) -> SeededEngines {
        let home = tempfile::tempdir().unwrap();
        let sqlite_path = home.path().join("lab.sqlite");
        let duckdb_path = home.path().join("lab.duckdb");
        {
            let duck = duckdb::Connection::open(&duckdb_path).unwrap();
            for statement in statements {
                duck.execute_batch(statement).unwrap();
            }
        }
        let postgres = ThrowawayDatabase::create().await;
        let mariadb = ThrowawayDatabase::create_mariadb().await;
        {
            let url = format!("sqlite://{}?mode=rwc", sqlite_path.display());
            let mut sqlite = sqlx::SqliteConnection::connect(&url).await.unwrap();
            let mut pg = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
            let mut my = sqlx::MySqlConnection::connect(&mariadb.url).await.unwrap();
            for statement in statements {
                sqlx::query(statement).execute(&mut sqlite).await.unwrap();
                sqlx::query(statement).execute(&mut pg).await.unwrap();
                sqlx::query(statement).execute(&mut my).await.unwrap();
            }
            sqlite.close().await.unwrap();
            pg.close().await.unwrap();
            my.close().await.unwrap();
        }
        SeededEngines {
            _home: home,
            sqlite_path,
            duckdb_path,
            postgres,
            mariadb,
        }
    }
}

impl SeededEngines {
    /// Each engine's backend name and connection URI.
    pub(crate) fn uris(&self) -> [(&'static str, String); 4] {
        [
            ("duckdb", format!("duckdb:///{}", self.duckdb_path.display())),
            ("sqlite", format!("sqlite:///{}", self.sqlite_path.display())),
            (
                "postgresql",
                self.postgres.url.replace("postgres://", "postgresql://"),
            ),
            ("mysql", self.mariadb.url.clone()),
        ]
    }
}

/// Empty engines for long runs, registered read-only under `prefix` next to the examples' DuckDB:
/// an SQLite file, a throwaway PostgreSQL database and a throwaway MariaDB database (dropped with
/// the value).
struct SlowEngines {
    _home: tempfile::TempDir,
    postgres: ThrowawayDatabase,
    mariadb: ThrowawayDatabase,
    examples: i64,
    sqlite: i64,
    pg: i64,
    my: i64,
}

impl SlowEngines {
    async fn register(app: &TestApp, prefix: &str) -> SlowEngines {
        let home = tempfile::tempdir().unwrap();
        let sqlite_path = home.path().join("slow.sqlite");
        std::fs::File::create(&sqlite_path).unwrap();
        let postgres = ThrowawayDatabase::create().await;
        let mariadb = ThrowawayDatabase::create_mariadb().await;
        let sqlite_uri = format!("sqlite:///{}", sqlite_path.display());
        let postgres_uri = postgres.url.replace("postgres://", "postgresql://");
        let sqlite = register(app, &format!("{prefix} sqlite"), &sqlite_uri, "sqlite", false).await;
        let pg = register(
            app,
            &format!("{prefix} postgres"),
            &postgres_uri,
            "postgresql",
            false,
        )
        .await;
        let my = register(app, &format!("{prefix} mariadb"), &mariadb.url, "mysql", false).await;
        SlowEngines {
            examples: app.examples_id().await,
            _home: home,
            postgres,
            mariadb,
            sqlite,
            pg,
            my,
        }
    }
}

/// How many statements containing `text` are still running on the throwaway PostgreSQL database.
async fn active_postgres_statements(postgres: &ThrowawayDatabase, text: &str) -> i64 {
    let mut admin = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = $1 AND query LIKE $2 \
         AND state = 'active' AND pid <> pg_backend_pid()",
    )
    .bind(&postgres.name)
    .bind(format!("%{text}%"))
    .fetch_one(&mut admin)
    .await
    .unwrap()
}

/// How many statements starting with `text` are still running on the MariaDB server.
async fn active_mariadb_statements(mariadb: &ThrowawayDatabase, text: &str) -> i64 {
    let mut admin = sqlx::MySqlConnection::connect(&mariadb.url).await.unwrap();
    sqlx::query_scalar("SELECT COUNT(*) FROM information_schema.processlist WHERE info LIKE ?")
        .bind(format!("{text}%"))
        .fetch_one(&mut admin)
        .await
        .unwrap()
}

const SEEDED_TOTALS: [(&str, i64); 2] = [("boy", 15), ("girl", 8)];

/// Statements that must all be refused on a read-only database, per engine.
fn bypass_attempts(backend: &str) -> Vec<&'static str> {
    let mut attempts = vec![
        "DELETE FROM birth_names",
        "delete from birth_names",
        "SELECT 1; DELETE FROM birth_names",
        "SELECT 1;DELETE FROM birth_names;",
        "/* SELECT */ DELETE FROM birth_names",
        "-- SELECT\nDELETE FROM birth_names",
        "SELECT * FROM birth_names; DROP TABLE birth_names",
        "UPDATE birth_names SET num = 0",
        "INSERT INTO birth_names VALUES ('x', 'y', 1)",
        "DROP TABLE birth_names",
        "TRUNCATE TABLE birth_names",
        "ALTER TABLE birth_names ADD COLUMN evil INT",
        "CREATE TABLE evil AS SELECT * FROM birth_names",
        "CREATE VIEW evil AS SELECT 1 AS a",
        "EXPLAIN ANALYZE DELETE FROM birth_names",
        "BEGIN; DELETE FROM birth_names; COMMIT",
    ];
    attempts.extend(match backend {
        "postgresql" => vec![
            "WITH gone AS (DELETE FROM birth_names RETURNING *) SELECT * FROM gone",
            "WITH x AS (UPDATE birth_names SET num = 0 RETURNING *) SELECT 1",
            "COPY birth_names TO '/tmp/quiver_evil.csv'",
            "COPY birth_names FROM PROGRAM 'id'",
            "SET default_transaction_read_only = off",
            "SELECT set_config('default_transaction_read_only', 'off', false)",
            "SELECT * INTO evil FROM birth_names",
            "SELECT * FROM birth_names FOR UPDATE",
            "SELECT pg_read_file('/etc/passwd')",
            "DO $$ BEGIN DELETE FROM birth_names; END $$",
        ],
        "mysql" => vec![
            "SET GLOBAL max_connections = 1",
            "SET sql_mode = ''",
            "LOAD DATA INFILE '/etc/passwd' INTO TABLE birth_names",
            "SELECT * FROM birth_names INTO OUTFILE '/tmp/quiver_evil.txt'",
            "SELECT 1 /*! ; DELETE FROM birth_names */",
            "/*!50000 DELETE FROM birth_names */",
            "REPLACE INTO birth_names VALUES ('x', 'y', 1)",
            "SELECT load_file('/etc/passwd')",
            "SHOW PROCESSLIST",
        ],
        "sqlite" => vec![
            "ATTACH DATABASE '/tmp/quiver_evil.db' AS evil",
            "PRAGMA writable_schema = ON",
            "PRAGMA table_info(birth_names)",
            "SELECT load_extension('/tmp/evil.so')",
            "VACUUM",
        ],
        _ => vec![
            "ATTACH '/tmp/quiver_evil.duckdb' AS evil",
            "COPY birth_names TO '/tmp/quiver_evil.csv'",
            "INSTALL httpfs",
            "LOAD httpfs",
            "SET threads = 1",
            "SELECT * FROM read_csv('/etc/passwd')",
            "SELECT * FROM '/etc/passwd'",
        ],
    });
    attempts
}

/// The same query and the same bypass suite on DuckDB, SQLite, PostgreSQL and MariaDB, and a
/// DML-allowed twin on the three server-less-or-server SQL databases.
#[tokio::test]
async fn the_four_engines_answer_the_same_and_refuse_every_bypass() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let seeded = SeededEngines::create().await;
    let (sqlite_path, duckdb_path, postgres, mariadb) = (
        &seeded.sqlite_path,
        &seeded.duckdb_path,
        &seeded.postgres,
        &seeded.mariadb,
    );
    let engines = [
        ("duckdb", format!("duckdb:///{}", duckdb_path.display()), "DuckDB"),
        ("sqlite", format!("sqlite:///{}", sqlite_path.display()), "SQLite"),
        (
            "postgresql",
            postgres.url.replace("postgres://", "postgresql://"),
            "PostgreSQL",
        ),
        ("mysql", mariadb.url.clone(), "MySQL"),
    ];
    for (backend, uri, engine_name) in &engines {
        let read_only = register(&app, &format!("{backend} read"), uri, backend, false).await;
        let answer = execute(&app, &admin, read_only, AGGREGATE, 100).await;
        assert_eq!(answer.status, StatusCode::OK, "{backend}: {}", answer.json);
        let expected: Vec<(String, i64)> = SEEDED_TOTALS
            .iter()
            .map(|(gender, total)| ((*gender).to_owned(), *total))
            .collect();
        assert_eq!(totals_of(&answer.json), expected, "{backend}");

        let error = execute(&app, &admin, read_only, "SELECT nope FROM birth_names", 100).await;
        assert_eq!(error.status, StatusCode::BAD_REQUEST, "{backend}");
        assert!(
            error.json["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{engine_name} Error: ")),
            "{backend}: {}",
            error.json
        );

        for attempt in bypass_attempts(backend) {
            let refused = execute(&app, &admin, read_only, attempt, 100).await;
            assert_eq!(
                refused.status,
                StatusCode::BAD_REQUEST,
                "{backend} ran: {attempt}: {}",
                refused.json
            );
            // Refused by the guard, never sent to the database.
            let error_type = refused.json["errors"][0]["error_type"].as_str().unwrap();
            assert!(
                ["DML_NOT_ALLOWED_ERROR", "INVALID_SQL_ERROR"].contains(&error_type),
                "{backend}: {attempt}: {}",
                refused.json
            );
        }
        let after = execute(
            &app,
            &admin,
            read_only,
            "SELECT COUNT(*) AS n FROM birth_names",
            100,
        )
        .await;
        assert_eq!(after.json["data"][0]["n"], 4, "{backend}: rows changed");

        // A database that allows DML runs writes, in order, and returns the last result (not on
        // DuckDB: a second, writable handle on the file the read-only one holds is refused by
        // DuckDB itself; DML allowed on DuckDB is covered by the guard's unit suite).
        if *backend == "duckdb" {
            continue;
        }
        let writable = register(&app, &format!("{backend} write"), uri, backend, true).await;
        let script = "INSERT INTO birth_names VALUES ('boy', 'Evan', 100); \
                      SELECT SUM(num) AS total FROM birth_names WHERE gender = 'boy'";
        let answer = execute(&app, &admin, writable, script, 100).await;
        assert_eq!(answer.status, StatusCode::OK, "{backend}: {}", answer.json);
        let total = &answer.json["data"][0]["total"];
        assert_eq!(
            total.as_i64().or_else(|| total.as_f64().map(|v| v as i64)),
            Some(115),
            "{backend}: {total}"
        );
    }
    app.close().await;
}

async fn send_concurrently(
    app: &TestApp,
    path: &str,
    body: Value,
    who: &As,
) -> tokio::task::JoinHandle<(StatusCode, Value)> {
    let router = app.router.clone();
    let As::Bearer(token) = who else {
        panic!("bearer only")
    };
    let request = Request::post(path)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(serde_json::to_vec(&body).unwrap()))
        .unwrap();
    tokio::spawn(async move {
        let response = router.oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    })
}

/// Stop cancels the running statement in the database on every engine; a timeout does too.
#[tokio::test]
async fn stop_and_timeout_cancel_the_statement_in_the_database() {
    let app = TestApp::with_config(true, None, |settings| settings.query_timeout_seconds = 3).await;
    let admin = app.admin().await;
    let slow = SlowEngines::register(&app, "slow").await;
    let SlowEngines {
        examples,
        sqlite,
        pg,
        my,
        ..
    } = slow;
    let cases = [
        (examples, "SELECT count(*) FROM range(100000000000) a WHERE a.range % 7 = 3"),
        (
            sqlite,
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000000) SELECT count(*) FROM c",
        ),
        (pg, "SELECT pg_sleep(20) AS slept"),
        (my, "SELECT SLEEP(20) AS slept"),
    ];
    for (index, (database_id, sql)) in cases.iter().enumerate() {
        let client_id = format!("stop{index}{}", std::process::id() % 1000);
        let started = Instant::now();
        let run = send_concurrently(
            &app,
            "/api/v1/sqllab/execute/",
            json!({"database_id": database_id, "sql": sql, "client_id": client_id, "queryLimit": 10}),
            &admin,
        )
        .await;
        tokio::time::sleep(Duration::from_millis(700)).await;
        let stopped = app
            .post("/api/v1/query/stop", json!({"client_id": client_id}), &admin)
            .await;
        assert_eq!(stopped.status, StatusCode::OK, "{sql}: {}", stopped.json);
        assert_eq!(stopped.json["result"], "OK");
        let (status, body) = run.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{sql}: {body}");
        assert_eq!(body["status"], "stopped", "{sql}: {body}");
        assert_eq!(body["query"]["state"], "stopped");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{sql}: {:?}",
            started.elapsed()
        );
        let record = app
            .state
            .store
            .query_by_client_id(&client_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(record.status, "stopped");
    }
    // The statements are gone from the servers.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        active_postgres_statements(&slow.postgres, "pg_sleep(20)").await,
        0
    );
    assert_eq!(
        active_mariadb_statements(&slow.mariadb, "SELECT SLEEP(20)").await,
        0
    );

    // Past the timeout (3 s here) the run is timed out, with the spec's error.
    let started = Instant::now();
    let timed_out = execute(&app, &admin, pg, "SELECT pg_sleep(20)", 10).await;
    assert_eq!(
        timed_out.status,
        StatusCode::REQUEST_TIMEOUT,
        "{}",
        timed_out.json
    );
    assert_eq!(timed_out.json["errors"][0]["error_type"], "SQLLAB_TIMEOUT_ERROR");
    assert_eq!(
        timed_out.json["message"],
        "The query exceeded the 3 seconds timeout."
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    let states: Vec<String> =
        sqlx::query_scalar("SELECT status FROM query WHERE sql = 'SELECT pg_sleep(20)'")
            .fetch_all(app.state.store.pool())
            .await
            .unwrap();
    assert_eq!(states, ["timed_out"]);

    let unknown = app
        .post("/api/v1/query/stop", json!({"client_id": "nope"}), &admin)
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    app.close().await;
}

/// A run past the timeout ends `timed_out` with the spec's error on every engine, and its
/// statement is gone from the database servers.
#[tokio::test]
async fn every_engine_times_out_a_long_run() {
    let app = TestApp::with_config(true, None, |settings| settings.query_timeout_seconds = 2).await;
    let admin = app.admin().await;
    let slow = SlowEngines::register(&app, "timeout").await;
    let SlowEngines {
        examples,
        sqlite,
        pg,
        my,
        ..
    } = slow;
    let cases = [
        (examples, "DuckDB", "SELECT count(*) FROM range(100000000000) a WHERE a.range % 7 = 3"),
        (
            sqlite,
            "SQLite",
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000000) SELECT count(*) FROM c",
        ),
        (pg, "PostgreSQL", "SELECT pg_sleep(30) AS slept_long"),
        (my, "MySQL", "SELECT SLEEP(30) AS slept_long"),
    ];
    for (database_id, engine_name, sql) in cases {
        let started = Instant::now();
        let answer = execute(&app, &admin, database_id, sql, 10).await;
        assert_eq!(
            answer.status,
            StatusCode::REQUEST_TIMEOUT,
            "{engine_name}: {}",
            answer.json
        );
        assert_eq!(answer.json["errors"][0]["error_type"], "SQLLAB_TIMEOUT_ERROR");
        assert_eq!(answer.json["errors"][0]["extra"]["engine_name"], engine_name);
        assert_eq!(
            answer.json["message"],
            "The query exceeded the 2 seconds timeout."
        );
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "{engine_name}: {:?}",
            started.elapsed()
        );
        let states: Vec<String> = sqlx::query_scalar("SELECT status FROM query WHERE sql = $1")
            .bind(sql)
            .fetch_all(app.state.store.pool())
            .await
            .unwrap();
        assert_eq!(states, ["timed_out"], "{engine_name}");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        active_postgres_statements(&slow.postgres, "pg_sleep(30)").await,
        0
    );
    assert_eq!(
        active_mariadb_statements(&slow.mariadb, "SELECT SLEEP(30)").await,
        0
    );
    app.close().await;
}

#[tokio::test]
async fn the_left_bar_lists_databases_schemas_tables_and_columns() {
    let (app, admin, database_id) = examples_lab().await;
    let hidden = register(&app, "hidden", "sqlite:////tmp/none.db", "sqlite", false).await;
    sqlx::query("UPDATE dbs SET expose_in_sqllab = FALSE WHERE id = $1")
        .bind(hidden)
        .execute(app.state.store.pool())
        .await
        .unwrap();

    let exposed = app
        .get(
            "/api/v1/database/?q=(filters:!((col:expose_in_sqllab,opr:eq,value:!t)),order_column:database_name,order_direction:asc)",
            &admin,
        )
        .await;
    assert_eq!(exposed.status, StatusCode::OK, "{}", exposed.json);
    assert_eq!(exposed.json["count"], 1);
    assert_eq!(exposed.json["result"][0]["database_name"], "examples");
    assert_eq!(exposed.json["result"][0]["backend"], "duckdb");
    // Spec 002 section 3: extra (JSON text), allow_run_async, disable_data_preview.
    assert_eq!(exposed.json["result"][0]["allow_run_async"], false);
    assert_eq!(exposed.json["result"][0]["disable_data_preview"], false);
    assert!(exposed.json["result"][0]["extra"].is_string());
    let extra = r#"{"disable_data_preview": true, "engine_params": {}}"#;
    sqlx::query("UPDATE dbs SET extra = $1, allow_run_async = $2 WHERE id = $3")
        .bind(extra)
        .bind(true)
        .bind(hidden)
        .execute(app.state.store.pool())
        .await
        .unwrap();
    let all = app
        .get(
            "/api/v1/database/?q=(filters:!((col:database_name,opr:ct,value:hid)))",
            &admin,
        )
        .await;
    assert_eq!(all.json["count"], 1);
    assert_eq!(all.json["result"][0]["database_name"], "hidden");
    assert_eq!(all.json["result"][0]["extra"], extra);
    assert_eq!(all.json["result"][0]["allow_run_async"], true);
    assert_eq!(all.json["result"][0]["disable_data_preview"], true);

    let schemas = app
        .get(
            &format!("/api/v1/database/{database_id}/schemas/?q=(force:!f)"),
            &admin,
        )
        .await;
    assert_eq!(schemas.status, StatusCode::OK, "{}", schemas.json);
    assert_eq!(schemas.json["result"], json!(["main"]));

    let tables = app
        .get(
            &format!("/api/v1/database/{database_id}/tables/?q=(force:!f,schema_name:main)"),
            &admin,
        )
        .await;
    assert_eq!(tables.status, StatusCode::OK, "{}", tables.json);
    let names: Vec<&str> = tables.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|table| table["value"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"birth_names"), "{names:?}");
    assert_eq!(tables.json["result"][0]["type"], "table");

    let metadata = app
        .get(
            &format!("/api/v1/database/{database_id}/table_metadata/?name=birth_names&schema=main"),
            &admin,
        )
        .await;
    assert_eq!(metadata.status, StatusCode::OK, "{}", metadata.json);
    let columns: Vec<(String, String)> = metadata.json["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| {
            (
                column["name"].as_str().unwrap().to_owned(),
                column["type"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(columns[0], ("ds".to_owned(), "TIMESTAMP".to_owned()));
    assert!(
        columns.contains(&("gender".to_owned(), "VARCHAR".to_owned())),
        "{columns:?}"
    );
    assert!(metadata.json["selectStar"]
        .as_str()
        .unwrap()
        .contains("FROM \"main\".\"birth_names\""));
    let missing = app
        .get(
            &format!("/api/v1/database/{database_id}/table_metadata/?name=nope&schema=main"),
            &admin,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let no_schema = app
        .get(&format!("/api/v1/database/{database_id}/tables/"), &admin)
        .await;
    assert_eq!(no_schema.status, StatusCode::BAD_REQUEST);
    app.close().await;
}

#[tokio::test]
async fn format_sql_pretty_prints() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let answer = app
        .post(
            "/api/v1/sqllab/format_sql/",
            json!({"sql": "select a, b from t where a = 1"}),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(
        answer.json["result"],
        "SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  a = 1"
    );
    app.close().await;
}

async fn execute_template(app: &TestApp, who: &As, path: &str, sql: &str, params: Value) -> common::Answer {
    let database_id = app.examples_id().await;
    app.post(
        path,
        json!({"database_id": database_id, "sql": sql, "queryLimit": 100, "runAsync": false,
               "templateParams": params.to_string(), "json": true}),
        who,
    )
    .await
}

#[tokio::test]
async fn templates_render_parameters_the_user_and_url_parameters() {
    let (app, admin, database_id) = examples_lab().await;
    let literal = execute(
        &app,
        &admin,
        database_id,
        "SELECT COUNT(*) AS n FROM birth_names WHERE state = 'CA' AND gender = 'girl'",
        100,
    )
    .await;
    assert_eq!(literal.status, StatusCode::OK, "{}", literal.json);
    let expected = literal.json["data"][0]["n"].as_i64().unwrap();
    assert!(expected > 0);

    let templated = execute_template(
        &app,
        &admin,
        "/api/v1/sqllab/execute/?gender=girl",
        "SELECT COUNT(*) AS n, '{{ current_username() }}' AS who FROM birth_names \
         WHERE state = '{{ state }}' AND gender = '{{ url_param('gender') }}'",
        json!({"state": "CA"}),
    )
    .await;
    assert_eq!(templated.status, StatusCode::OK, "{}", templated.json);
    assert_eq!(templated.json["data"][0]["n"].as_i64().unwrap(), expected);
    assert_eq!(templated.json["data"][0]["who"], "admin");
    let executed = templated.json["query"]["executedSql"].as_str().unwrap();
    assert!(
        executed.contains("state = 'CA' AND gender = 'girl'"),
        "{executed}"
    );

    // A quote in a URL parameter cannot end the string literal.
    let quoted = execute_template(
        &app,
        &admin,
        "/api/v1/sqllab/execute/?gender=x%27%20OR%20%271%27%3D%271",
        "SELECT COUNT(*) AS n FROM birth_names WHERE gender = '{{ url_param('gender') }}'",
        json!({}),
    )
    .await;
    assert_eq!(quoted.status, StatusCode::OK, "{}", quoted.json);
    assert_eq!(quoted.json["data"][0]["n"], 0);

    // The guard sees the rendered SQL.
    let hidden_dml = execute_template(
        &app,
        &admin,
        "/api/v1/sqllab/execute/",
        "{{ verb }} FROM birth_names",
        json!({"verb": "DELETE"}),
    )
    .await;
    assert_eq!(hidden_dml.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        hidden_dml.json["errors"][0]["error_type"],
        "DML_NOT_ALLOWED_ERROR"
    );
    app.close().await;
}

#[tokio::test]
async fn undefined_and_malformed_templates_are_parameter_errors() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let undefined = execute_template(
        &app,
        &admin,
        "/api/v1/sqllab/execute/",
        "SELECT * FROM birth_names WHERE state = '{{ stat }}' AND num > {{ minimum }}",
        json!({"state": "CA"}),
    )
    .await;
    assert_eq!(undefined.status, StatusCode::BAD_REQUEST, "{}", undefined.json);
    let error = &undefined.json["errors"][0];
    assert_eq!(error["error_type"], "MISSING_TEMPLATE_PARAMS_ERROR");
    assert!(error["message"]
        .as_str()
        .unwrap()
        .starts_with("The following parameters in your query are undefined: \"minimum\", \"stat\"."));
    assert_eq!(error["extra"]["undefined_parameters"], json!(["minimum", "stat"]));
    assert_eq!(error["extra"]["template_parameters"], json!({"state": "CA"}));
    assert_eq!(error["extra"]["issue_codes"][0]["code"], 1006);

    let malformed = execute_template(
        &app,
        &admin,
        "/api/v1/sqllab/execute/",
        "SELECT {{ state ",
        json!({"state": 1}),
    )
    .await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        malformed.json["errors"][0]["error_type"],
        "INVALID_TEMPLATE_PARAMS_ERROR"
    );
    assert!(malformed.json["message"]
        .as_str()
        .unwrap()
        .starts_with("The query contains one or more malformed template parameters."));
    assert_eq!(
        malformed.json["errors"][0]["extra"]["issue_codes"][0]["code"],
        1028
    );

    let not_an_object =
        execute_template(&app, &admin, "/api/v1/sqllab/execute/", "SELECT 1", json!([1])).await;
    assert_eq!(not_an_object.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        not_an_object.json["message"],
        "Template parameters must be a JSON object"
    );

    let failed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM query WHERE status = 'failed'")
        .fetch_one(app.state.store.pool())
        .await
        .unwrap();
    assert_eq!(failed, 3);
    app.close().await;
}

#[tokio::test]
async fn the_cost_estimate_plans_statements_without_running_them() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let seeded = SeededEngines::create().await;
    let (sqlite_path, duckdb_path, postgres, mariadb) = (
        &seeded.sqlite_path,
        &seeded.duckdb_path,
        &seeded.postgres,
        &seeded.mariadb,
    );
    let script = "SELECT * FROM birth_names WHERE num > {{ minimum }}; SELECT COUNT(*) FROM birth_names";
    let engines = [
        (
            "duckdb",
            format!("duckdb:///{}", duckdb_path.display()),
            "Estimated rows",
        ),
        (
            "postgresql",
            postgres.url.replace("postgres://", "postgresql://"),
            "Total cost",
        ),
        ("mysql", mariadb.url.clone(), "Estimated rows examined"),
    ];
    for (backend, uri, figure) in &engines {
        let database_id = register(&app, &format!("{backend} plan"), uri, backend, true).await;
        let answer = app
            .post(
                "/api/v1/sqllab/estimate/",
                json!({"database_id": database_id, "sql": script, "template_params": "{\"minimum\": 1}"}),
                &admin,
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{backend}: {}", answer.json);
        let result = answer.json["result"].as_array().unwrap();
        assert_eq!(result.len(), 2, "{backend}: {}", answer.json);
        let value: f64 = result[0][figure].as_str().unwrap().parse().unwrap();
        assert!(value > 0.0, "{backend}: {}", answer.json);
        if *backend == "postgresql" {
            assert!(result[0]["Start-up cost"].is_string(), "{}", answer.json);
        }

        // Writes are refused even where the database allows DML, and nothing runs.
        let refused = app
            .post(
                "/api/v1/sqllab/estimate/",
                json!({"database_id": database_id, "sql": "DELETE FROM birth_names"}),
                &admin,
            )
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{backend}");
        assert_eq!(refused.json["errors"][0]["error_type"], "DML_NOT_ALLOWED_ERROR");
        let count = execute(
            &app,
            &admin,
            database_id,
            "SELECT COUNT(*) AS n FROM birth_names",
            10,
        )
        .await;
        let n = &count.json["data"][0]["n"];
        assert_eq!(
            n.as_i64().or_else(|| n.as_f64().map(|v| v as i64)),
            Some(4),
            "{backend}"
        );
    }

    let sqlite = register(
        &app,
        "sqlite plan",
        &format!("sqlite:///{}", sqlite_path.display()),
        "sqlite",
        false,
    )
    .await;
    let unsupported = app
        .post(
            "/api/v1/sqllab/estimate/",
            json!({"database_id": sqlite, "sql": "SELECT 1"}),
            &admin,
        )
        .await;
    assert_eq!(unsupported.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        unsupported.json["message"],
        "The database sqlite plan does not support cost estimation."
    );
    let databases = app.get("/api/v1/database/?q=(page_size:100)", &admin).await;
    let flags: Vec<(String, bool)> = databases.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|db| {
            (
                db["database_name"].as_str().unwrap().to_owned(),
                db["allows_cost_estimate"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(flags.contains(&("sqlite plan".to_owned(), false)), "{flags:?}");
    assert!(flags.contains(&("duckdb plan".to_owned(), true)), "{flags:?}");
    app.close().await;
}

pub(crate) async fn allow_run_async(app: &TestApp, database_id: i64) {
    sqlx::query("UPDATE dbs SET allow_run_async = $1 WHERE id = $2")
        .bind(true)
        .bind(database_id)
        .execute(app.state.store.pool())
        .await
        .unwrap();
}

async fn execute_async(
    app: &TestApp,
    who: &As,
    database_id: i64,
    sql: &str,
    client_id: &str,
) -> common::Answer {
    app.post(
        "/api/v1/sqllab/execute/",
        json!({"database_id": database_id, "sql": sql, "queryLimit": 100, "runAsync": true,
               "client_id": client_id, "tab": "Untitled Query 1", "sql_editor_id": "1", "json": true}),
        who,
    )
    .await
}

/// The run `client_id` as `GET /api/v1/query/updated_since` lists it, once `done` holds (at most
/// 15 s); every state seen on the way is collected.
pub(crate) async fn follow_run(
    app: &TestApp,
    who: &As,
    client_id: &str,
    done: impl Fn(&Value) -> bool,
) -> (Value, Vec<String>) {
    let started = Instant::now();
    let mut seen = Vec::new();
    loop {
        let since = (chrono::Utc::now() - chrono::Duration::minutes(5)).timestamp_millis();
        let answer = app
            .get(
                &format!("/api/v1/query/updated_since?q=(last_updated_ms:{since})"),
                who,
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
        let run = answer.json["result"]
            .as_array()
            .unwrap()
            .iter()
            .find(|query| query["id"] == client_id)
            .cloned();
        if let Some(run) = run {
            let state = run["state"].as_str().unwrap().to_owned();
            if seen.last() != Some(&state) {
                seen.push(state);
            }
            if done(&run) {
                return (run, seen);
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "{client_id}: states {seen:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(crate) fn is_finished(run: &Value) -> bool {
    ["success", "failed", "stopped", "timed_out"].contains(&run["state"].as_str().unwrap_or(""))
}

#[tokio::test]
async fn asynchronous_runs_answer_202_then_their_rows_from_the_results_call() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let seeded = SeededEngines::create().await;
    for (index, (backend, uri)) in seeded.uris().iter().enumerate() {
        let database = register(&app, &format!("{backend} async"), uri, backend, false).await;

        // Without allow_run_async the run stays synchronous.
        let synchronous = execute_async(&app, &admin, database, AGGREGATE, &format!("sync{index}")).await;
        assert_eq!(
            synchronous.status,
            StatusCode::OK,
            "{backend}: {}",
            synchronous.json
        );
        assert_eq!(
            totals_of(&synchronous.json),
            SEEDED_TOTALS.map(|(g, t)| (g.to_owned(), t))
        );

        allow_run_async(&app, database).await;
        let client_id = format!("async{index}");
        let accepted = execute_async(&app, &admin, database, AGGREGATE, &client_id).await;
        assert_eq!(
            accepted.status,
            StatusCode::ACCEPTED,
            "{backend}: {}",
            accepted.json
        );
        assert_eq!(accepted.json["query"]["id"], client_id.as_str());
        assert_eq!(accepted.json["query"]["state"], "pending");
        assert_eq!(accepted.json["query"]["resultsKey"], Value::Null);
        assert_eq!(accepted.json["query"]["db"], format!("{backend} async"));

        let (run, seen) = follow_run(&app, &admin, &client_id, is_finished).await;
        assert_eq!(run["state"], "success", "{backend}: {run}");
        assert_eq!(run["rows"], 2);
        assert_eq!(run["progress"], 100);
        assert!(
            seen.iter()
                .all(|state| ["pending", "running", "success"].contains(&state.as_str())),
            "{seen:?}"
        );
        let key = run["resultsKey"].as_str().unwrap().to_owned();

        // The rows, as a synchronous run answers them: JSON, cut at `rows`, and Arrow.
        let results = app
            .get(
                &format!("/api/v1/sqllab/results/?q=(key:'{key}',rows:1000)"),
                &admin,
            )
            .await;
        assert_eq!(results.status, StatusCode::OK, "{backend}: {}", results.json);
        assert_eq!(
            totals_of(&results.json),
            SEEDED_TOTALS.map(|(g, t)| (g.to_owned(), t))
        );
        assert_eq!(results.json["status"], "success");
        assert_eq!(results.json["query"]["state"], "success");
        assert_eq!(results.json["query"]["resultsKey"], key.as_str());
        assert_eq!(results.json["columns"], synchronous.json["columns"], "{backend}");
        let first = app
            .get(&format!("/api/v1/sqllab/results/?q=(key:'{key}',rows:1)"), &admin)
            .await;
        assert_eq!(first.json["data"].as_array().unwrap().len(), 1);
        let As::Bearer(token) = &admin else {
            panic!("bearer only")
        };
        let arrow = app
            .send(
                Request::get(format!("/api/v1/sqllab/results/?q=(key:'{key}')"))
                    .header(header::AUTHORIZATION, format!("Bearer {token}"))
                    .header(header::ACCEPT, format!("{ARROW_STREAM}, application/json"))
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
        let (meta, _schema, batches) = read_arrow_answer(&arrow);
        assert_eq!(meta["query"]["id"], client_id.as_str());
        assert_eq!(batches.iter().map(|batch| batch.num_rows()).sum::<usize>(), 2);
    }
    app.close().await;
}

#[tokio::test]
async fn asynchronous_runs_report_progress_failures_refusals_and_stops() {
    let app = TestApp::with_config(false, None, |settings| settings.query_timeout_seconds = 30).await;
    let admin = app.admin().await;
    let postgres = ThrowawayDatabase::create().await;
    let pg = register(
        &app,
        "async postgres",
        &postgres.url.replace("postgres://", "postgresql://"),
        "postgresql",
        false,
    )
    .await;
    allow_run_async(&app, pg).await;

    // Two statements: half done while the second one sleeps.
    let accepted = execute_async(
        &app,
        &admin,
        pg,
        "SELECT 1 AS one; SELECT pg_sleep(1.5)::text AS slept",
        "progress1",
    )
    .await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    let (halfway, _) = follow_run(&app, &admin, "progress1", |run| {
        run["progress"] == 50 || is_finished(run)
    })
    .await;
    assert_eq!(halfway["state"], "running", "{halfway}");
    assert_eq!(halfway["progress"], 50);
    let (done, seen) = follow_run(&app, &admin, "progress1", is_finished).await;
    assert_eq!(done["state"], "success", "{seen:?} {done}");
    assert_eq!(seen.last().map(String::as_str), Some("success"));

    // An engine error fails the run; its message is kept on the run.
    let accepted = execute_async(&app, &admin, pg, "SELECT * FROM no_such_table", "failing1").await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED);
    let (failed, _) = follow_run(&app, &admin, "failing1", is_finished).await;
    assert_eq!(failed["state"], "failed");
    assert!(
        failed["errorMessage"]
            .as_str()
            .unwrap()
            .starts_with("PostgreSQL Error: "),
        "{failed}"
    );
    assert_eq!(failed["resultsKey"], Value::Null);

    // The guard refuses at once, as for a synchronous run.
    let refused = execute_async(&app, &admin, pg, "DELETE FROM pg_class", "refused1").await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.json);
    assert_eq!(refused.json["message"], DML_MESSAGE);

    // Stop: the run ends stopped and its statement is gone from the server.
    let accepted = execute_async(&app, &admin, pg, "SELECT pg_sleep(20) AS slept", "stopme1").await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED);
    follow_run(&app, &admin, "stopme1", |run| run["state"] == "running").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stopped = app
        .post("/api/v1/query/stop", json!({"client_id": "stopme1"}), &admin)
        .await;
    assert_eq!(stopped.status, StatusCode::OK, "{}", stopped.json);
    let (run, _) = follow_run(&app, &admin, "stopme1", is_finished).await;
    assert_eq!(run["state"], "stopped");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(active_postgres_statements(&postgres, "pg_sleep(20)").await, 0);
    app.close().await;
}

/// A table's data preview as SQL Lab's left bar sends it (Superset's `runTablePreviewQuery`): the
/// table's `SELECT *` from its metadata, 100 rows, outside every editor (no `sql_editor_id`, an
/// empty tab), asynchronous on a database that allows it.
async fn execute_preview(
    app: &TestApp,
    who: &As,
    database_id: i64,
    select_star: &str,
    client_id: &str,
) -> common::Answer {
    app.post(
        "/api/v1/sqllab/execute/",
        json!({"database_id": database_id, "sql": select_star, "schema": "main", "queryLimit": 100,
               "runAsync": true, "client_id": client_id, "tab": "", "json": true}),
        who,
    )
    .await
}

#[tokio::test]
async fn a_data_preview_runs_asynchronously_on_an_async_database_outside_every_editor() {
    let (app, admin, database_id) = examples_lab().await;
    let metadata = app
        .get(
            &format!("/api/v1/database/{database_id}/table_metadata/?name=birth_names&schema=main"),
            &admin,
        )
        .await;
    assert_eq!(metadata.status, StatusCode::OK, "{}", metadata.json);
    let select_star = metadata.json["selectStar"].as_str().unwrap().to_owned();
    assert!(select_star.contains("birth_names"), "{select_star}");

    // Without allow_run_async the preview answers its rows at once.
    let synchronous = execute_preview(&app, &admin, database_id, &select_star, "previewsync").await;
    assert_eq!(synchronous.status, StatusCode::OK, "{}", synchronous.json);
    assert_eq!(synchronous.json["data"].as_array().unwrap().len(), 100);

    allow_run_async(&app, database_id).await;
    let accepted = execute_preview(&app, &admin, database_id, &select_star, "previewasync").await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    assert_eq!(accepted.json["query"]["state"], "pending");
    assert_eq!(accepted.json["query"]["sqlEditorId"], Value::Null);
    assert_eq!(accepted.json["query"]["tab"], "");
    assert_eq!(accepted.json["query"]["resultsKey"], Value::Null);

    let (run, seen) = follow_run(&app, &admin, "previewasync", is_finished).await;
    assert_eq!(run["state"], "success", "{run}");
    assert_eq!(run["rows"], 100);
    assert!(
        seen.iter()
            .all(|state| ["pending", "running", "success"].contains(&state.as_str())),
        "{seen:?}"
    );
    let key = run["resultsKey"].as_str().unwrap().to_owned();
    let results = app
        .get(
            &format!("/api/v1/sqllab/results/?q=(key:'{key}',rows:100)"),
            &admin,
        )
        .await;
    assert_eq!(results.status, StatusCode::OK, "{}", results.json);
    assert_eq!(results.json["data"].as_array().unwrap().len(), 100);
    assert_eq!(results.json["columns"], synchronous.json["columns"]);
    assert_eq!(results.json["data"][0], synchronous.json["data"][0]);

    // An editor's run is in its tab's history; the previews are in no editor's.
    let editor_run = execute(&app, &admin, database_id, "SELECT 1 AS one", 10).await;
    assert_eq!(editor_run.status, StatusCode::OK, "{}", editor_run.json);
    let history = app
        .get(
            "/api/v1/query/?q=(filters:!((col:sql_editor_id,opr:eq,value:'1')),page:0,page_size:100)",
            &admin,
        )
        .await;
    assert_eq!(history.status, StatusCode::OK, "{}", history.json);
    let sqls: Vec<&str> = history.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|query| query["sql"].as_str().unwrap())
        .collect();
    assert_eq!(sqls, vec!["SELECT 1 AS one"]);
    app.close().await;
}

/// Decision 0052: while an asynchronous run waits or runs, every poll of `updated_since` over
/// the last 1.5 s lists it, even when its engine reports no progress, so the browser never takes
/// a live run for an inactive one.
#[tokio::test]
async fn a_running_asynchronous_run_is_listed_by_every_poll_while_it_runs() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let postgres = ThrowawayDatabase::create().await;
    let pg = register(
        &app,
        "heartbeat postgres",
        &postgres.url.replace("postgres://", "postgresql://"),
        "postgresql",
        false,
    )
    .await;
    allow_run_async(&app, pg).await;
    let accepted = execute_async(
        &app,
        &admin,
        pg,
        "SELECT pg_sleep(4)::text AS slept",
        "heartbeat1",
    )
    .await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    follow_run(&app, &admin, "heartbeat1", |run| run["state"] == "running").await;
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(900)).await;
        let since = (chrono::Utc::now() - chrono::Duration::milliseconds(1500)).timestamp_millis();
        let answer = app
            .get(
                &format!("/api/v1/query/updated_since?q=(last_updated_ms:{since})"),
                &admin,
            )
            .await;
        let listed: Vec<(Value, Value)> = answer.json["result"]
            .as_array()
            .unwrap()
            .iter()
            .map(|query| (query["id"].clone(), query["state"].clone()))
            .collect();
        assert_eq!(
            listed,
            vec![(json!("heartbeat1"), json!("running"))],
            "{}",
            answer.json
        );
    }
    let (run, _) = follow_run(&app, &admin, "heartbeat1", is_finished).await;
    assert_eq!(run["state"], "success", "{run}");
    // Once it ended, it is touched no more.
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let since = (chrono::Utc::now() - chrono::Duration::milliseconds(1500)).timestamp_millis();
    let answer = app
        .get(
            &format!("/api/v1/query/updated_since?q=(last_updated_ms:{since})"),
            &admin,
        )
        .await;
    assert_eq!(answer.json["result"], json!([]), "{}", answer.json);
    app.close().await;
}

#[tokio::test]
async fn the_results_call_checks_its_key_and_its_reader() {
    let (app, admin, examples) = examples_lab().await;
    app.create_user("analyst", "analyst-password", &["sql_lab"]).await;
    let analyst = app.token("analyst", "analyst-password").await;
    allow_run_async(&app, examples).await;
    let accepted = execute_async(&app, &admin, examples, AGGREGATE, "keyed1").await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    let (run, _) = follow_run(&app, &admin, "keyed1", is_finished).await;
    assert_eq!(run["state"], "success", "{run}");
    assert_eq!(
        totals_of(
            &app.get(
                &format!(
                    "/api/v1/sqllab/results/?q=(key:'{}')",
                    run["resultsKey"].as_str().unwrap()
                ),
                &admin
            )
            .await
            .json
        ),
        duckdb_totals(&app)
    );

    // Another user may not read them, nor see the run.
    let key = run["resultsKey"].as_str().unwrap();
    let foreign = app
        .get(&format!("/api/v1/sqllab/results/?q=(key:'{key}')"), &analyst)
        .await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN, "{}", foreign.json);
    assert_eq!(
        foreign.json["errors"][0]["error_type"],
        "QUERY_SECURITY_ACCESS_ERROR"
    );
    let since = (chrono::Utc::now() - chrono::Duration::minutes(5)).timestamp_millis();
    let listed = app
        .get(
            &format!("/api/v1/query/updated_since?q=(last_updated_ms:{since})"),
            &analyst,
        )
        .await;
    assert_eq!(listed.json["result"], json!([]));

    // Unknown keys, missing keys and bad parameters.
    let unknown = app.get("/api/v1/sqllab/results/?q=(key:'nope')", &admin).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.json);
    assert_eq!(
        unknown.json["message"],
        "The query associated with these results could not be found. You need to re-run the original query."
    );
    for path in [
        "/api/v1/sqllab/results/",
        "/api/v1/sqllab/results/?q=(rows:10)",
        &format!("/api/v1/sqllab/results/?q=(key:'{key}',rows:-1)"),
        "/api/v1/sqllab/results/?q=(key:",
        "/api/v1/query/updated_since",
        "/api/v1/query/updated_since?q=(last_updated_ms:'soon')",
    ] {
        let answer = app.get(path, &admin).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{path}: {}", answer.json);
    }

    // Expired rows: the run is there, its rows are not.
    let keyless = app
        .state
        .store
        .query_by_client_id("keyed1")
        .await
        .unwrap()
        .unwrap();
    sqlx::query("UPDATE query SET results_key = 'expired-key' WHERE id = $1")
        .bind(keyless.id)
        .execute(app.state.store.pool())
        .await
        .unwrap();
    let expired = app
        .get("/api/v1/sqllab/results/?q=(key:'expired-key')", &admin)
        .await;
    assert_eq!(expired.status, StatusCode::GONE, "{}", expired.json);
    assert_eq!(
        expired.json["message"],
        "Data could not be retrieved from the results backend. You need to re-run the original query."
    );
    app.close().await;
}

/// The runs of a user as `updated_since` lists them over the last five minutes, by client id.
async fn recent_run(app: &TestApp, who: &As, client_id: &str) -> Value {
    let since = (chrono::Utc::now() - chrono::Duration::minutes(5)).timestamp_millis();
    let answer = app
        .get(
            &format!("/api/v1/query/updated_since?q=(last_updated_ms:{since})"),
            who,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    answer.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|query| query["id"] == client_id)
        .cloned()
        .unwrap_or_else(|| panic!("{client_id} is not listed: {}", answer.json))
}

#[tokio::test]
async fn the_query_dict_has_its_link_cached_mark_data_preview_mark_and_errors() {
    let (app, admin, database_id) = examples_lab().await;
    let run = |client_id: &str, sql: &str, extra: Value| {
        let mut body = json!({"database_id": database_id, "sql": sql, "queryLimit": 10,
                              "runAsync": false, "client_id": client_id, "tab": "Untitled Query 1",
                              "sql_editor_id": "7", "json": true});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        app.post("/api/v1/sqllab/execute/", body, &admin)
    };

    // A run that succeeds: its link, not cached, no errors, not a preview, no tracking URL.
    let answer = run("dictsuccess", "SELECT 1 AS one", json!({})).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let query = &answer.json["query"];
    let id = query["queryId"].as_i64().unwrap();
    assert_eq!(query["link"], format!("/sqllab/?queryId={id}"));
    assert_eq!(query["cached"], false);
    assert_eq!(query["isDataPreview"], false);
    assert_eq!(query["errors"], json!([]));
    assert_eq!(query["trackingUrl"], Value::Null);

    // A failed run keeps the errors its answer gave, as the query dict's `errors`.
    let failed = run("dictfailed", "SELECT nope FROM birth_names", json!({})).await;
    assert!(failed.status.is_client_error(), "{}", failed.json);
    let listed = recent_run(&app, &admin, "dictfailed").await;
    assert_eq!(listed["state"], "failed");
    assert_eq!(listed["errors"], failed.json["errors"], "{listed}");
    assert_eq!(listed["errors"][0]["message"], listed["errorMessage"]);
    assert!(listed["errors"][0]["error_type"]
        .as_str()
        .unwrap()
        .ends_with("_ERROR"));

    // A Parameter error keeps its undefined parameters and the given ones.
    let parameter = run(
        "dictparameter",
        "SELECT '{{ gendr }}' AS g",
        json!({"templateParams": "{\"gender\": \"girl\"}"}),
    )
    .await;
    assert_eq!(parameter.status, StatusCode::BAD_REQUEST, "{}", parameter.json);
    let listed = recent_run(&app, &admin, "dictparameter").await;
    assert_eq!(listed["errors"][0]["error_type"], "MISSING_TEMPLATE_PARAMS_ERROR");
    assert_eq!(
        listed["errors"][0]["extra"]["undefined_parameters"],
        json!(["gendr"])
    );
    assert_eq!(
        listed["errors"][0]["extra"]["template_parameters"],
        json!({"gender": "girl"})
    );

    // A data preview is marked and recorded in no editor, so no tab's history lists it.
    let preview = run(
        "dictpreview",
        "SELECT * FROM birth_names",
        json!({"isDataPreview": true, "tab": ""}),
    )
    .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.json);
    assert_eq!(preview.json["query"]["isDataPreview"], true);
    assert_eq!(preview.json["query"]["sqlEditorId"], Value::Null);
    let history = app
        .get(
            "/api/v1/query/?q=(filters:!((col:sql_editor_id,opr:eq,value:'7')),page:0,page_size:100)",
            &admin,
        )
        .await;
    assert_eq!(history.status, StatusCode::OK, "{}", history.json);
    let mut clients: Vec<&str> = history.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|query| query["client_id"].as_str().unwrap())
        .collect();
    clients.sort_unstable();
    assert_eq!(clients, vec!["dictfailed", "dictparameter", "dictsuccess"]);
    assert_eq!(
        recent_run(&app, &admin, "dictpreview").await["isDataPreview"],
        true
    );

    // Rows read back from the kept results are `cached`.
    allow_run_async(&app, database_id).await;
    let accepted = run("dictasync", "SELECT 2 AS two", json!({"runAsync": true})).await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    assert_eq!(accepted.json["query"]["cached"], false);
    let (finished, _) = follow_run(&app, &admin, "dictasync", is_finished).await;
    assert_eq!(finished["state"], "success", "{finished}");
    assert_eq!(finished["cached"], false);
    let key = finished["resultsKey"].as_str().unwrap();
    let results = app
        .get(
            &format!("/api/v1/sqllab/results/?q=(key:'{key}',rows:10)"),
            &admin,
        )
        .await;
    assert_eq!(results.status, StatusCode::OK, "{}", results.json);
    assert_eq!(results.json["query"]["cached"], true);
    assert_eq!(results.json["query"]["link"], finished["link"]);
    assert_eq!(results.json["data"][0]["two"], 2);
    app.close().await;
}
