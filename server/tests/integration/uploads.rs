//! CSV uploads (`POST /api/v1/database/{pk}/upload/`): good files into DuckDB, SQLite and
//! PostgreSQL with fail/replace/append, and broken files that end in a clear 4xx with nothing
//! created (no table, no dataset).

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::{json, Value};
use sqlx::Connection;

use crate::common::{Answer, As, PostgresDatabase, TestApp};

const BOUNDARY: &str = "quiver-upload-boundary-7c1f";

/// A multipart body: text fields, then the file.
fn multipart_body(fields: &[(&str, &str)], file: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"data.csv\"\r\nContent-Type: text/csv\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn upload(app: &TestApp, who: &As, database_id: i64, fields: &[(&str, &str)], file: &[u8]) -> Answer {
    let As::Bearer(token) = who else {
        panic!("uploads here use a token")
    };
    let request = Request::builder()
        .method("POST")
        .uri(format!("/api/v1/database/{database_id}/upload/"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={BOUNDARY}"),
        )
        .body(Body::from(multipart_body(fields, file)))
        .unwrap();
    app.send(request).await
}

async fn create_connection(app: &TestApp, admin: &As, name: &str, uri: &str, allow_upload: bool) -> i64 {
    let created = app
        .post(
            "/api/v1/database/",
            json!({"database_name": name, "sqlalchemy_uri": uri, "allow_file_upload": allow_upload}),
            admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    created.json["id"].as_i64().unwrap()
}

async fn dataset_count(app: &TestApp) -> usize {
    app.state.store.dataset_ids(None).await.unwrap().len()
}

/// Rows of a table through SQL Lab's engine of the database.
async fn count_rows(app: &TestApp, admin: &As, database_id: i64, table: &str) -> i64 {
    let answer = app
        .post(
            "/api/v1/sqllab/execute/",
            json!({"database_id": database_id, "sql": format!("SELECT COUNT(*) AS n FROM {table}"),
                   "queryLimit": 10, "runAsync": false, "tab": "Untitled Query 1", "sql_editor_id": "1",
                   "json": true}),
            admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    answer.json["data"][0]["n"].as_i64().unwrap()
}

const PEOPLE: &[u8] = b"name,age,score,joined,active\nann,31,9.5,2024-01-02,true\nbob,,7.25,2024-02-03,false\ncid,45,8,2024-03-04,true\n";

async fn good_uploads_into(app: &TestApp, admin: &As, database_id: i64, schema: &str) {
    let fields = [("type", "csv"), ("table_name", "people"), ("schema", schema)];
    let first = upload(app, admin, database_id, &fields, PEOPLE).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.json);
    assert_eq!(first.json, json!({"message": "OK"}));
    assert_eq!(count_rows(app, admin, database_id, "people").await, 3);

    // The table has a dataset with the inferred types.
    let dataset_id = app
        .state
        .store
        .dataset_id_by_table(
            database_id,
            Some(schema).filter(|schema| !schema.is_empty()),
            "people",
        )
        .await
        .unwrap()
        .expect("a dataset for the uploaded table");
    let dataset = app.get(&format!("/api/v1/dataset/{dataset_id}"), admin).await;
    let columns: Vec<(String, String)> = dataset.json["result"]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| {
            (
                column["column_name"].as_str().unwrap().to_owned(),
                column["type_generic"].to_string(),
            )
        })
        .collect();
    let generic: Vec<&str> = columns.iter().map(|(_, generic)| generic.as_str()).collect();
    assert_eq!(columns[0].0, "name");
    assert_eq!(generic, vec!["1", "0", "0", "2", "3"], "{columns:?}");

    // fail refuses; append adds; replace starts over.
    let again = upload(app, admin, database_id, &fields, PEOPLE).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(again.json["message"]
        .as_str()
        .unwrap()
        .starts_with("Table already exists."));
    let append = [
        ("type", "csv"),
        ("table_name", "people"),
        ("schema", schema),
        ("already_exists", "append"),
    ];
    assert_eq!(
        upload(app, admin, database_id, &append, PEOPLE).await.status,
        StatusCode::CREATED
    );
    assert_eq!(count_rows(app, admin, database_id, "people").await, 6);
    let replace = [
        ("type", "csv"),
        ("table_name", "people"),
        ("schema", schema),
        ("already_exists", "replace"),
        ("delimiter", ";"),
    ];
    let semicolons = b"name;age\nzed;1\n";
    assert_eq!(
        upload(app, admin, database_id, &replace, semicolons).await.status,
        StatusCode::CREATED
    );
    assert_eq!(count_rows(app, admin, database_id, "people").await, 1);
}

#[tokio::test]
async fn csv_files_land_in_duckdb_sqlite_and_postgres() {
    let app = TestApp::new().await;
    let admin = app.admin().await;

    let duckdb_path = app.home.path().join("uploads.duckdb");
    duckdb::Connection::open(&duckdb_path).unwrap();
    let duckdb_id = create_connection(
        &app,
        &admin,
        "duck uploads",
        &format!("duckdb:///{}", duckdb_path.display()),
        true,
    )
    .await;
    good_uploads_into(&app, &admin, duckdb_id, "main").await;

    let sqlite_path = app.home.path().join("uploads.sqlite");
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&sqlite_path)
        .create_if_missing(true);
    sqlx::SqliteConnection::connect_with(&options)
        .await
        .unwrap()
        .close()
        .await
        .unwrap();
    let sqlite_id = create_connection(
        &app,
        &admin,
        "sqlite uploads",
        &format!("sqlite:///{}", sqlite_path.display()),
        true,
    )
    .await;
    good_uploads_into(&app, &admin, sqlite_id, "main").await;

    let postgres = PostgresDatabase::create().await;
    let postgres_id = create_connection(&app, &admin, "pg uploads", &postgres.url, true).await;
    good_uploads_into(&app, &admin, postgres_id, "public").await;
    app.close().await;
}

#[tokio::test]
async fn broken_files_end_in_clear_errors_and_create_nothing() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let postgres = PostgresDatabase::create().await;
    let database_id = create_connection(&app, &admin, "pg broken", &postgres.url, true).await;
    let fields = [("type", "csv"), ("table_name", "broken")];
    let huge_line = format!("a,b\n1,{}\n", "x".repeat(2 * 1024 * 1024));
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "The file is empty"),
        (
            "wrong delimiter",
            b"a;b;c\n1;2;3\n".to_vec(),
            "The file has a single column with the delimiter \",\"; it seems to be delimited by \";\"",
        ),
        ("bad row", b"a,b\n1,2\n3,4,5\n".to_vec(), "line"),
        (
            "huge line",
            huge_line.into_bytes(),
            "Line 2 is longer than 1048576 bytes",
        ),
        (
            "not utf-8",
            b"a,b\n1,2\n\xff\xfe,3\n".to_vec(),
            "The file is not valid UTF-8 text (line 3)",
        ),
        ("duplicate header", b"a,a\n1,2\n".to_vec(), "more than once"),
    ];
    let datasets_before = dataset_count(&app).await;
    for (case, file, expected) in cases {
        let answer = upload(&app, &admin, database_id, &fields, &file).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{case}: {}", answer.json);
        let message = answer.json["message"].as_str().unwrap_or_default();
        assert!(message.contains(expected), "{case}: {message}");
    }
    assert_eq!(dataset_count(&app).await, datasets_before);
    let mut connection = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
    let tables: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'broken'")
            .fetch_one(&mut connection)
            .await
            .unwrap();
    assert_eq!(tables, 0);
    connection.close().await.unwrap();

    // A bad form: no table name, an unknown type, Excel not yet.
    let no_table = upload(&app, &admin, database_id, &[("type", "csv")], b"a\n1\n").await;
    assert_eq!(no_table.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        no_table.json["message"]["table_name"][0],
        "Missing data for required field."
    );
    let excel = upload(
        &app,
        &admin,
        database_id,
        &[("type", "excel"), ("table_name", "x")],
        b"a\n1\n",
    )
    .await;
    assert_eq!(excel.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        excel.json["message"]["type"][0],
        "Only CSV uploads are supported yet."
    );
    app.close().await;
}

#[tokio::test]
async fn uploads_need_a_database_that_allows_them() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let postgres = PostgresDatabase::create().await;
    let database_id = create_connection(&app, &admin, "no uploads", &postgres.url, false).await;
    let answer = upload(
        &app,
        &admin,
        database_id,
        &[("type", "csv"), ("table_name", "t")],
        PEOPLE,
    )
    .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(
        answer.json["message"],
        Value::String("Database schema is not allowed for csv uploads.".to_owned())
    );

    app.create_user("gamma", "pw", &["Gamma"]).await;
    let gamma = app.token("gamma", "pw").await;
    let refused = upload(
        &app,
        &gamma,
        database_id,
        &[("type", "csv"), ("table_name", "t")],
        PEOPLE,
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    app.close().await;
}
