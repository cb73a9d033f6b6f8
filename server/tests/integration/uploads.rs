//! Uploads (`POST /api/v1/database/{pk}/upload/`): CSV, Excel and Parquet files into DuckDB,
//! SQLite, PostgreSQL and MariaDB with fail/replace/append, and broken files that end in a clear 4xx
//! with nothing created (no table, no dataset).

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::{json, Value};
use sqlx::Connection;

use crate::common::{Answer, As, PostgresDatabase, TestApp, ThrowawayDatabase};

const BOUNDARY: &str = "quiver-upload-boundary-7c1f";

/// A multipart body: text fields, then the file (named after the upload's type).
fn multipart_body(fields: &[(&str, &str)], file: &[u8]) -> Vec<u8> {
    let file_name = match fields.iter().find(|(name, _)| *name == "type") {
        Some((_, "excel")) => "data.xlsx",
        Some((_, "columnar")) => "data.parquet",
        _ => "data.csv",
    };
    multipart_body_named(fields, file_name, file)
}

fn multipart_body_named(fields: &[(&str, &str)], file_name: &str, file: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn upload(app: &TestApp, who: &As, database_id: i64, fields: &[(&str, &str)], file: &[u8]) -> Answer {
    send_upload(app, who, database_id, multipart_body(fields, file)).await
}

async fn send_upload(app: &TestApp, who: &As, database_id: i64, body: Vec<u8>) -> Answer {
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
        .body(Body::from(body))
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

/// A fresh DuckDB file in the app's home, registered as a connection that allows uploads.
async fn duckdb_connection(app: &TestApp, admin: &As, name: &str, file_name: &str) -> i64 {
    let path = app.home.path().join(file_name);
    duckdb::Connection::open(&path).unwrap();
    create_connection(app, admin, name, &format!("duckdb:///{}", path.display()), true).await
}

/// A fresh SQLite file in the app's home, registered as a connection that allows uploads.
async fn sqlite_connection(app: &TestApp, admin: &As, name: &str, file_name: &str) -> i64 {
    let path = app.home.path().join(file_name);
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true);
    sqlx::SqliteConnection::connect_with(&options)
        .await
        .unwrap()
        .close()
        .await
        .unwrap();
    create_connection(app, admin, name, &format!("sqlite:///{}", path.display()), true).await
}

/// A throwaway PostgreSQL database registered as a connection (kept alive by the caller).
async fn postgres_connection(
    app: &TestApp,
    admin: &As,
    name: &str,
    allow_upload: bool,
) -> (PostgresDatabase, i64) {
    let postgres = PostgresDatabase::create().await;
    let id = create_connection(app, admin, name, &postgres.url, allow_upload).await;
    (postgres, id)
}

/// Asserts that no table of that name exists in the PostgreSQL database.
async fn assert_no_postgres_table(postgres: &PostgresDatabase, table: &str) {
    let mut connection = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
    let tables: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = $1")
            .bind(table)
            .fetch_one(&mut connection)
            .await
            .unwrap();
    assert_eq!(tables, 0, "{table}");
    connection.close().await.unwrap();
}

/// A refused upload: case name, form fields, file, a text the 400's message holds.
type BrokenCase<'a> = (&'a str, Vec<(&'a str, &'a str)>, Vec<u8>, &'a str);

/// Each case is a 400 whose message holds its text.
async fn assert_bad_requests(app: &TestApp, admin: &As, database_id: i64, cases: Vec<BrokenCase<'_>>) {
    for (case, fields, file, expected) in cases {
        let answer = upload(app, admin, database_id, &fields, &file).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{case}: {}", answer.json);
        let message = answer.json["message"].as_str().unwrap_or_default();
        assert!(message.contains(expected), "{case}: {message}");
    }
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

    let duckdb_id = duckdb_connection(&app, &admin, "duck uploads", "uploads.duckdb").await;
    good_uploads_into(&app, &admin, duckdb_id, "main").await;
    let sqlite_id = sqlite_connection(&app, &admin, "sqlite uploads", "uploads.sqlite").await;
    good_uploads_into(&app, &admin, sqlite_id, "main").await;
    let (_postgres, postgres_id) = postgres_connection(&app, &admin, "pg uploads", true).await;
    good_uploads_into(&app, &admin, postgres_id, "public").await;
    app.close().await;
}

#[tokio::test]
async fn broken_files_end_in_clear_errors_and_create_nothing() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (postgres, database_id) = postgres_connection(&app, &admin, "pg broken", true).await;
    let fields = vec![("type", "csv"), ("table_name", "broken")];
    let huge_line = format!("a,b\n1,{}\n", "x".repeat(2 * 1024 * 1024));
    let cases: Vec<BrokenCase> = vec![
        ("empty", fields.clone(), Vec::new(), "The file is empty"),
        (
            "wrong delimiter",
            fields.clone(),
            b"a;b;c\n1;2;3\n".to_vec(),
            "The file has a single column with the delimiter \",\"; it seems to be delimited by \";\"",
        ),
        (
            "bad row",
            fields.clone(),
            b"a,b\n1,2\n3,4,5\n".to_vec(),
            "Row 3: expected 2 values, found 3",
        ),
        (
            "unreadable value",
            fields.clone(),
            b"a,b\n1,2024-01-02\n3,2024-02-30\n".to_vec(),
            "Row 3: the value \"2024-02-30\" of the column \"b\" could not be read",
        ),
        (
            "huge line",
            fields.clone(),
            huge_line.into_bytes(),
            "Line 2 is longer than 1048576 bytes",
        ),
        (
            "not utf-8",
            fields.clone(),
            b"a,b\n1,2\n\xff\xfe,3\n".to_vec(),
            "The file is not valid UTF-8 text (line 3)",
        ),
        (
            "duplicate header",
            fields.clone(),
            b"a,a\n1,2\n".to_vec(),
            "more than once",
        ),
    ];
    let datasets_before = dataset_count(&app).await;
    assert_bad_requests(&app, &admin, database_id, cases).await;
    assert_eq!(dataset_count(&app).await, datasets_before);
    assert_no_postgres_table(&postgres, "broken").await;

    // A bad form: no table name, an extension of another type.
    let no_table = upload(&app, &admin, database_id, &[("type", "csv")], b"a\n1\n").await;
    assert_eq!(no_table.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        no_table.json["message"]["table_name"][0],
        "Missing data for required field."
    );
    let wrong_extension = send_upload(
        &app,
        &admin,
        database_id,
        multipart_body_named(&[("type", "excel"), ("table_name", "x")], "data.csv", b"a\n1\n"),
    )
    .await;
    assert_eq!(wrong_extension.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong_extension.json["message"]["file"][0],
        "File extension is not allowed."
    );
    app.close().await;
}

#[tokio::test]
async fn uploads_need_a_database_that_allows_them() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (_postgres, database_id) = postgres_connection(&app, &admin, "no uploads", false).await;
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

/// A workbook: a title row, then a header and three rows on the sheet "people", and a second
/// sheet "notes".
fn people_workbook() -> Vec<u8> {
    use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};
    let mut workbook = Workbook::new();
    workbook
        .add_worksheet()
        .set_name("notes")
        .unwrap()
        .write_string(0, 0, "nothing here")
        .unwrap();
    let sheet = workbook.add_worksheet().set_name("people").unwrap();
    sheet.write_string(0, 0, "Staff list").unwrap();
    for (column, name) in ["name", "age", "score", "joined", "active"].iter().enumerate() {
        sheet.write_string(1, column as u16, *name).unwrap();
    }
    let date_format = Format::new().set_num_format("yyyy-mm-dd");
    let rows = [
        ("ann", 31.0, 9.5, 2, true),
        ("bob", 28.0, 7.25, 3, false),
        ("cid", 45.0, 8.0, 4, true),
    ];
    for (offset, (name, age, score, day, active)) in rows.iter().enumerate() {
        let row = offset as u32 + 2;
        sheet.write_string(row, 0, *name).unwrap();
        sheet.write_number(row, 1, *age).unwrap();
        sheet.write_number(row, 2, *score).unwrap();
        let joined = ExcelDateTime::from_ymd(2024, 1, *day).unwrap();
        sheet
            .write_datetime_with_format(row, 3, &joined, &date_format)
            .unwrap();
        sheet.write_boolean(row, 4, *active).unwrap();
    }
    workbook.save_to_buffer().unwrap()
}

/// A Parquet file of `rows` rows: id (int32), city (text), amount (float), day (date).
fn sales_parquet(rows: i32) -> Vec<u8> {
    use std::sync::Arc;

    use arrow::array::{ArrayRef, Date32Array, Float64Array, Int32Array, StringArray};
    use arrow::datatypes::{DataType, Field, Schema};
    use arrow::record_batch::RecordBatch;

    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int32, false),
        Field::new("city", DataType::Utf8, true),
        Field::new("amount", DataType::Float64, true),
        Field::new("day", DataType::Date32, true),
    ]));
    let columns: Vec<ArrayRef> = vec![
        Arc::new(Int32Array::from((1..=rows).collect::<Vec<_>>())),
        Arc::new(StringArray::from(
            (1..=rows).map(|id| format!("city {id}")).collect::<Vec<_>>(),
        )),
        Arc::new(Float64Array::from(
            (1..=rows).map(|id| f64::from(id) * 1.5).collect::<Vec<_>>(),
        )),
        Arc::new(Date32Array::from(
            (1..=rows).map(|id| 19_723 + id).collect::<Vec<_>>(),
        )),
    ];
    let batch = RecordBatch::try_new(schema.clone(), columns).unwrap();
    let mut buffer = Vec::new();
    let mut writer = parquet::arrow::ArrowWriter::try_new(&mut buffer, schema, None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();
    buffer
}

fn zip_of(files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    use std::io::Write;
    let mut buffer = std::io::Cursor::new(Vec::new());
    let mut archive = zip::ZipWriter::new(&mut buffer);
    for (name, content) in files {
        archive
            .start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        archive.write_all(content).unwrap();
    }
    archive.finish().unwrap();
    buffer.into_inner()
}

/// The uploaded table's dataset columns: name and generic type.
async fn dataset_columns(
    app: &TestApp,
    admin: &As,
    database_id: i64,
    schema: &str,
    table: &str,
) -> Vec<(String, i64)> {
    let dataset_id = app
        .state
        .store
        .dataset_id_by_table(database_id, Some(schema), table)
        .await
        .unwrap()
        .expect("a dataset for the uploaded table");
    let dataset = app.get(&format!("/api/v1/dataset/{dataset_id}"), admin).await;
    dataset.json["result"]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| {
            (
                column["column_name"].as_str().unwrap().to_owned(),
                column["type_generic"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// One value through SQL Lab.
async fn first_value(app: &TestApp, admin: &As, database_id: i64, sql: &str) -> Value {
    let answer = app
        .post(
            "/api/v1/sqllab/execute/",
            json!({"database_id": database_id, "sql": sql, "queryLimit": 10, "runAsync": false,
                   "tab": "Untitled Query 1", "sql_editor_id": "1", "json": true}),
            admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    answer.json["data"][0]["v"].clone()
}

async fn excel_and_columnar_uploads_into(app: &TestApp, admin: &As, database_id: i64, schema: &str) {
    // Excel: the sheet by name, a title row skipped, three of the columns.
    let excel = [
        ("type", "excel"),
        ("table_name", "staff"),
        ("schema", schema),
        ("sheet_name", "people"),
        ("skip_rows", "1"),
        ("columns_read", "name,age,joined,active"),
    ];
    let answer = upload(app, admin, database_id, &excel, &people_workbook()).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    assert_eq!(count_rows(app, admin, database_id, "staff").await, 3);
    assert_eq!(
        dataset_columns(app, admin, database_id, schema, "staff").await,
        vec![
            ("name".to_owned(), 1),
            ("age".to_owned(), 0),
            ("joined".to_owned(), 2),
            ("active".to_owned(), 3)
        ]
    );
    assert_eq!(
        first_value(
            app,
            admin,
            database_id,
            "SELECT CAST(SUM(age) AS INTEGER) AS v FROM staff"
        )
        .await,
        json!(104)
    );
    let joined = first_value(
        app,
        admin,
        database_id,
        "SELECT CAST(MAX(joined) AS VARCHAR(30)) AS v FROM staff",
    )
    .await;
    assert!(joined.as_str().unwrap().starts_with("2024-01-04"), "{joined}");
    // rows_to_read with replace.
    let limited = [
        ("type", "excel"),
        ("table_name", "staff"),
        ("schema", schema),
        ("sheet_name", "people"),
        ("skip_rows", "1"),
        ("rows_to_read", "2"),
        ("already_exists", "replace"),
    ];
    let answer = upload(app, admin, database_id, &limited, &people_workbook()).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    assert_eq!(count_rows(app, admin, database_id, "staff").await, 2);

    // Parquet: the file's types kept; a ZIP of two files appends both.
    let columnar = [("type", "columnar"), ("table_name", "sales"), ("schema", schema)];
    let answer = upload(app, admin, database_id, &columnar, &sales_parquet(5)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    assert_eq!(
        dataset_columns(app, admin, database_id, schema, "sales").await,
        vec![
            ("id".to_owned(), 0),
            ("city".to_owned(), 1),
            ("amount".to_owned(), 0),
            ("day".to_owned(), 2)
        ]
    );
    assert_eq!(
        first_value(app, admin, database_id, "SELECT SUM(amount) AS v FROM sales").await,
        json!(22.5)
    );
    let zipped = zip_of(&[("a.parquet", sales_parquet(2)), ("b.parquet", sales_parquet(3))]);
    let append = send_upload(
        app,
        admin,
        database_id,
        multipart_body_named(
            &[
                ("type", "columnar"),
                ("table_name", "sales"),
                ("schema", schema),
                ("already_exists", "append"),
            ],
            "sales.zip",
            &zipped,
        ),
    )
    .await;
    assert_eq!(append.status, StatusCode::CREATED, "{}", append.json);
    assert_eq!(count_rows(app, admin, database_id, "sales").await, 10);
}

#[tokio::test]
async fn excel_and_parquet_files_land_in_duckdb_and_postgres() {
    let app = TestApp::new().await;
    let admin = app.admin().await;

    let duckdb_id = duckdb_connection(&app, &admin, "duck excel", "columnar.duckdb").await;
    excel_and_columnar_uploads_into(&app, &admin, duckdb_id, "main").await;
    let (_postgres, postgres_id) = postgres_connection(&app, &admin, "pg excel", true).await;
    excel_and_columnar_uploads_into(&app, &admin, postgres_id, "public").await;
    app.close().await;
}

#[tokio::test]
async fn broken_excel_and_parquet_files_create_nothing() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (postgres, database_id) = postgres_connection(&app, &admin, "pg broken files", true).await;
    let datasets_before = dataset_count(&app).await;
    let excel = |extra: &'static [(&'static str, &'static str)]| {
        let mut fields = vec![("type", "excel"), ("table_name", "broken")];
        fields.extend_from_slice(extra);
        fields
    };
    let columnar = [("type", "columnar"), ("table_name", "broken")];
    let not_a_zip = zip_of(&[("a.parquet", sales_parquet(1)), ("readme.txt", b"hi".to_vec())]);
    let cases: Vec<BrokenCase> = vec![
        (
            "csv as excel",
            excel(&[]),
            b"a,b\n1,2\n".to_vec(),
            "Parsing error: ",
        ),
        (
            "unknown sheet",
            excel(&[("sheet_name", "payroll")]),
            people_workbook(),
            "Parsing error: Worksheet named 'payroll' not found",
        ),
        (
            "unknown column",
            excel(&[
                ("skip_rows", "1"),
                ("sheet_name", "people"),
                ("columns_read", "name,salary"),
            ]),
            people_workbook(),
            "The file has no column named \"salary\"",
        ),
        ("empty excel", excel(&[]), Vec::new(), "The file is empty"),
        (
            "not parquet",
            columnar.to_vec(),
            b"PAR1 but not really".to_vec(),
            "Parsing error: ",
        ),
        (
            "zip with another file type",
            columnar.to_vec(),
            not_a_zip,
            "ZIP file contains multiple file types",
        ),
    ];
    assert_bad_requests(&app, &admin, database_id, cases).await;
    let zip_named_parquet = send_upload(
        &app,
        &admin,
        database_id,
        multipart_body_named(&columnar, "data.xlsx", &sales_parquet(1)),
    )
    .await;
    assert_eq!(zip_named_parquet.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        zip_named_parquet.json["message"]["file"][0],
        "File extension is not allowed."
    );
    assert_eq!(dataset_count(&app).await, datasets_before);
    assert_no_postgres_table(&postgres, "broken").await;
    app.close().await;
}

#[tokio::test]
async fn allowed_schemas_limit_uploads_of_every_type() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let postgres = PostgresDatabase::create().await;
    let created = app
        .post(
            "/api/v1/database/",
            json!({"database_name": "pg schemas", "sqlalchemy_uri": postgres.url, "allow_file_upload": true,
                   "extra": "{\"schemas_allowed_for_file_upload\": [\"public\"]}"}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let database_id = created.json["id"].as_i64().unwrap();
    for (upload_type, file) in [
        ("csv", PEOPLE.to_vec()),
        ("excel", people_workbook()),
        ("columnar", sales_parquet(2)),
    ] {
        let elsewhere = [("type", upload_type), ("table_name", "t"), ("schema", "other")];
        let refused = upload(&app, &admin, database_id, &elsewhere, &file).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{upload_type}");
        assert_eq!(
            refused.json["message"],
            "Database schema is not allowed for csv uploads."
        );
        let table = format!("t_{upload_type}");
        let allowed = [
            ("type", upload_type),
            ("table_name", table.as_str()),
            ("schema", "public"),
        ];
        let answer = upload(&app, &admin, database_id, &allowed, &file).await;
        assert_eq!(
            answer.status,
            StatusCode::CREATED,
            "{upload_type}: {}",
            answer.json
        );
    }
    app.close().await;
}

/// Rows of a table, read on a connection of the test's own.
async fn postgres_rows(postgres: &PostgresDatabase, table: &str) -> i64 {
    let mut connection = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
    let rows: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
        .fetch_one(&mut connection)
        .await
        .unwrap();
    connection.close().await.unwrap();
    rows
}

/// An append the database refuses: form fields, file, the start of the 400's message.
type RefusedCase<'a> = (Vec<(&'a str, &'a str)>, Vec<u8>, &'a str);

/// Appends that the database refuses at one row: each is a 400 naming the row of the file, and
/// the table keeps only the rows it had.
async fn refused_rows_are_named(app: &TestApp, admin: &As, database_id: i64) -> Vec<String> {
    let datasets_before = dataset_count(app).await;
    let cases: Vec<RefusedCase> = vec![
        // PEOPLE's bob (line 3) has no age.
        (
            vec![
                ("type", "csv"),
                ("table_name", "people_strict"),
                ("already_exists", "append"),
            ],
            PEOPLE.to_vec(),
            "Row 3: ",
        ),
        // The sheet's cid (row 5, after the title and the header) is already in the table.
        (
            vec![
                ("type", "excel"),
                ("table_name", "people_unique"),
                ("already_exists", "append"),
                ("sheet_name", "people"),
                ("skip_rows", "1"),
                ("columns_read", "name,age"),
            ],
            people_workbook(),
            "Row 5: ",
        ),
        // The second record's id 2 is already in the table.
        (
            vec![
                ("type", "columnar"),
                ("table_name", "sales_unique"),
                ("already_exists", "append"),
            ],
            sales_parquet(3),
            "Row 2: ",
        ),
    ];
    let mut messages = Vec::new();
    for (fields, file, row) in cases {
        let answer = upload(app, admin, database_id, &fields, &file).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{fields:?}: {}",
            answer.json
        );
        let message = answer.json["message"].as_str().unwrap_or_default().to_owned();
        assert!(message.starts_with(row), "{fields:?}: {message}");
        messages.push(message);
    }
    assert_eq!(dataset_count(app).await, datasets_before);
    messages
}

const REFUSING_TABLES: &str = "CREATE TABLE people_strict (name TEXT, age BIGINT NOT NULL, score DOUBLE PRECISION, joined DATE, active BOOLEAN);
    CREATE TABLE people_unique (name TEXT PRIMARY KEY, age BIGINT);
    INSERT INTO people_unique VALUES ('cid', 45);
    CREATE TABLE sales_unique (id BIGINT PRIMARY KEY, city TEXT, amount DOUBLE PRECISION, day DATE);
    INSERT INTO sales_unique VALUES (2, 'city 2', 3.0, DATE '2024-01-03');";

#[tokio::test]
async fn a_row_the_database_refuses_is_named_and_nothing_is_written() {
    let app = TestApp::new().await;
    let admin = app.admin().await;

    let (postgres, postgres_id) = postgres_connection(&app, &admin, "pg refusing", true).await;
    let mut connection = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
    sqlx::raw_sql(REFUSING_TABLES)
        .execute(&mut connection)
        .await
        .unwrap();
    connection.close().await.unwrap();
    let messages = refused_rows_are_named(&app, &admin, postgres_id).await;
    assert!(messages[0].contains("\"age\""), "{}", messages[0]);
    assert!(messages[1].contains("duplicate key"), "{}", messages[1]);
    assert_eq!(postgres_rows(&postgres, "people_strict").await, 0);
    assert_eq!(postgres_rows(&postgres, "people_unique").await, 1);
    assert_eq!(postgres_rows(&postgres, "sales_unique").await, 1);

    let path = app.home.path().join("refusing.duckdb");
    duckdb::Connection::open(&path)
        .unwrap()
        .execute_batch(REFUSING_TABLES)
        .unwrap();
    let duckdb_id = create_connection(
        &app,
        &admin,
        "duck refusing",
        &format!("duckdb:///{}", path.display()),
        true,
    )
    .await;
    let messages = refused_rows_are_named(&app, &admin, duckdb_id).await;
    assert!(messages[0].contains("NOT NULL"), "{}", messages[0]);
    assert_eq!(count_rows(&app, &admin, duckdb_id, "people_strict").await, 0);
    assert_eq!(count_rows(&app, &admin, duckdb_id, "people_unique").await, 1);
    assert_eq!(count_rows(&app, &admin, duckdb_id, "sales_unique").await, 1);
    app.close().await;
}

/// Rows of a table of the MariaDB database, read on a connection of the test's own.
async fn mariadb_rows(mariadb: &ThrowawayDatabase, table: &str) -> Option<i64> {
    let mut connection = sqlx::MySqlConnection::connect(&mariadb.url).await.unwrap();
    let rows: Option<i64> = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM `{table}`"))
        .fetch_one(&mut connection)
        .await
        .ok();
    connection.close().await.unwrap();
    rows
}

/// The tables of the MariaDB database, sorted.
async fn mariadb_tables(mariadb: &ThrowawayDatabase) -> Vec<String> {
    let mut connection = sqlx::MySqlConnection::connect(&mariadb.url).await.unwrap();
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT CAST(table_name AS CHAR) FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY 1",
    )
    .fetch_all(&mut connection)
    .await
    .unwrap();
    connection.close().await.unwrap();
    tables
}

const MARIADB_REFUSING_TABLES: &[&str] = &[
    "CREATE TABLE people_strict (name TEXT, age BIGINT NOT NULL, score DOUBLE, joined DATETIME, active BOOLEAN)",
    "CREATE TABLE people_unique (name VARCHAR(64) PRIMARY KEY, age BIGINT)",
    "INSERT INTO people_unique VALUES ('cid', 45)",
    "CREATE TABLE sales_unique (id BIGINT PRIMARY KEY, city TEXT, amount DOUBLE, day DATE)",
    "INSERT INTO sales_unique VALUES (2, 'city 2', 3.0, DATE '2024-01-03')",
];

/// The MySQL path on the local MariaDB: CSV create, fail, append and replace; a row the
/// database refuses is named on an append, on a new table (dropped again, though MySQL's DDL
/// commits at once) and on a replace (the old table kept whole: the rows go to a staging table
/// swapped in by `RENAME TABLE`).
#[tokio::test]
async fn csv_files_land_in_mariadb_and_a_refused_row_is_named() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let mariadb = ThrowawayDatabase::create_mariadb().await;
    let database_id = create_connection(&app, &admin, "mariadb uploads", &mariadb.url, true).await;
    good_uploads_into(&app, &admin, database_id, "").await;
    assert_eq!(mariadb_tables(&mariadb).await, vec!["people"]);

    {
        let mut connection = sqlx::MySqlConnection::connect(&mariadb.url).await.unwrap();
        for statement in MARIADB_REFUSING_TABLES {
            sqlx::query(statement).execute(&mut connection).await.unwrap();
        }
        connection.close().await.unwrap();
    }
    let messages = refused_rows_are_named(&app, &admin, database_id).await;
    assert!(messages[0].contains("'age'"), "{}", messages[0]);
    assert!(messages[1].contains("Duplicate entry 'cid'"), "{}", messages[1]);
    assert!(messages[2].contains("Duplicate entry '2'"), "{}", messages[2]);
    assert_eq!(mariadb_rows(&mariadb, "people_strict").await, Some(0));
    assert_eq!(mariadb_rows(&mariadb, "people_unique").await, Some(1));
    assert_eq!(mariadb_rows(&mariadb, "sales_unique").await, Some(1));

    // A TEXT holds 65,535 bytes: the third line's value is refused by the strict server.
    let too_long = format!("a,b\n1,short\n2,{}\n3,tail\n", "x".repeat(70_000));
    let datasets_before = dataset_count(&app).await;
    let created = upload(
        &app,
        &admin,
        database_id,
        &[("type", "csv"), ("table_name", "long_values")],
        too_long.as_bytes(),
    )
    .await;
    assert_eq!(created.status, StatusCode::BAD_REQUEST, "{}", created.json);
    let message = created.json["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("Row 3: "), "{message}");
    assert!(message.contains("'b'"), "{message}");
    assert_eq!(mariadb_rows(&mariadb, "long_values").await, None);

    let replaced = upload(
        &app,
        &admin,
        database_id,
        &[
            ("type", "csv"),
            ("table_name", "people"),
            ("already_exists", "replace"),
        ],
        too_long.as_bytes(),
    )
    .await;
    assert_eq!(replaced.status, StatusCode::BAD_REQUEST, "{}", replaced.json);
    assert!(replaced.json["message"]
        .as_str()
        .unwrap_or_default()
        .starts_with("Row 3: "));
    // The replaced table still holds the one row of the last good upload; no staging table stays.
    assert_eq!(mariadb_rows(&mariadb, "people").await, Some(1));
    assert_eq!(
        mariadb_tables(&mariadb).await,
        vec!["people", "people_strict", "people_unique", "sales_unique"]
    );
    assert_eq!(dataset_count(&app).await, datasets_before);
    app.close().await;
}

/// A CSV of `rows` data rows `id,name,day`; `edit` may change the line of a data row.
fn generated_csv(rows: usize, edit: impl Fn(usize, String) -> String) -> Vec<u8> {
    let mut csv = String::from("id,name,day\n");
    for index in 0..rows {
        let line = format!("{index},name {index},2024-01-{:02}", index % 28 + 1);
        csv.push_str(&edit(index, line));
        csv.push('\n');
    }
    csv.into_bytes()
}

/// One poll's view of an upload's progress.
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    phase: String,
    rows_read: u64,
    rows_written: u64,
    total_rows: Option<u64>,
}

/// Sends the upload named `upload_id` and polls its progress every 20 ms while it runs, as the
/// dialog does; the answer, and every progress read until the upload ended.
async fn upload_with_progress(
    app: &TestApp,
    who: &As,
    database_id: i64,
    fields: &[(&str, &str)],
    file: &[u8],
) -> (Answer, Vec<Seen>) {
    let upload_id = uuid::Uuid::new_v4().to_string();
    let mut all_fields = vec![("upload_id", upload_id.as_str())];
    all_fields.extend_from_slice(fields);
    let sent = send_upload(app, who, database_id, multipart_body(&all_fields, file));
    let polled = async {
        let mut seen = Vec::new();
        let started = std::time::Instant::now();
        loop {
            assert!(
                started.elapsed().as_secs() < 300,
                "the upload never ended: {seen:?}"
            );
            let answer = app
                .get(&format!("/api/v1/database/upload/progress/{upload_id}"), who)
                .await;
            if answer.status == StatusCode::OK {
                let result = &answer.json["result"];
                assert_eq!(result["upload_id"], upload_id.as_str());
                let now = Seen {
                    phase: result["phase"].as_str().unwrap().to_owned(),
                    rows_read: result["rows_read"].as_u64().unwrap(),
                    rows_written: result["rows_written"].as_u64().unwrap(),
                    total_rows: result["total_rows"].as_u64(),
                };
                let ended = now.phase == "done" || now.phase == "failed";
                seen.push(now);
                if ended {
                    break;
                }
            } else {
                assert_eq!(answer.status, StatusCode::NOT_FOUND, "{}", answer.json);
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        seen
    };
    let (answer, seen) = tokio::join!(sent, polled);
    // Rows only grow.
    for pair in seen.windows(2) {
        assert!(pair[0].rows_written <= pair[1].rows_written, "{pair:?}");
        assert!(pair[0].rows_read <= pair[1].rows_read, "{pair:?}");
    }
    (answer, seen)
}

/// A CSV of 200,000 rows (25 batches of the reader) is parsed while it is written: the server's
/// progress grows batch by batch and ends at the row count, only for the uploading user; a
/// value that does not read in a late batch of a replace, and a row the database refuses in a
/// late batch of an append, are named by their line, and the table is left as it was.
#[tokio::test]
async fn a_large_csv_is_streamed_with_server_progress_and_a_late_bad_row_writes_nothing() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (postgres, database_id) = postgres_connection(&app, &admin, "pg big uploads", true).await;
    const ROWS: usize = 200_000;

    let file = generated_csv(ROWS, |_, line| line);
    let (answer, seen) = upload_with_progress(
        &app,
        &admin,
        database_id,
        &[("type", "csv"), ("table_name", "big")],
        &file,
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    assert_eq!(postgres_rows(&postgres, "big").await, ROWS as i64);
    let last = seen.last().unwrap();
    assert_eq!(
        last,
        &Seen {
            phase: "done".to_owned(),
            rows_read: ROWS as u64,
            rows_written: ROWS as u64,
            total_rows: Some(ROWS as u64),
        }
    );
    // The writer was seen part way: rows written while the rest of the file was still parsed.
    let during: Vec<&Seen> = seen
        .iter()
        .filter(|seen| seen.phase == "writing" && seen.rows_written > 0 && seen.rows_written < ROWS as u64)
        .collect();
    assert!(during.len() >= 2, "{seen:?}");
    assert!(during.iter().all(|seen| seen.total_rows == Some(ROWS as u64)));
    assert!(
        during.iter().any(|seen| seen.rows_read < ROWS as u64),
        "the reader never was behind the end of the file: {seen:?}"
    );
    let dataset_id = app
        .state
        .store
        .dataset_id_by_table(database_id, Some("public"), "big")
        .await
        .unwrap()
        .expect("a dataset for the uploaded table");
    let columns = app.get(&format!("/api/v1/dataset/{dataset_id}"), &admin).await;
    let types: Vec<&str> = columns.json["result"]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| column["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, vec!["BIGINT", "TEXT", "DATE"]);

    // The progress is its user's only; an unknown or malformed id is a 404.
    let mut polls = Vec::new();
    for id in ["00000000-0000-4000-8000-000000000000", "not-a-uuid"] {
        polls.push(
            app.get(&format!("/api/v1/database/upload/progress/{id}"), &admin)
                .await
                .status,
        );
    }
    assert_eq!(polls, vec![StatusCode::NOT_FOUND, StatusCode::NOT_FOUND]);
    app.create_user("alpha_uploads", "pw", &["Alpha"]).await;
    let alpha = app.token("alpha_uploads", "pw").await;
    let upload_id = uuid::Uuid::new_v4().to_string();
    let mine = upload(
        &app,
        &admin,
        database_id,
        &[
            ("upload_id", upload_id.as_str()),
            ("type", "csv"),
            ("table_name", "small"),
        ],
        PEOPLE,
    )
    .await;
    assert_eq!(mine.status, StatusCode::CREATED, "{}", mine.json);
    let progress_path = format!("/api/v1/database/upload/progress/{upload_id}");
    let own = app.get(&progress_path, &admin).await;
    assert_eq!(own.status, StatusCode::OK);
    assert_eq!(
        own.json["result"],
        json!({"upload_id": upload_id, "phase": "done", "rows_read": 3, "rows_written": 3, "total_rows": 3})
    );
    assert_eq!(
        app.get(&progress_path, &alpha).await.status,
        StatusCode::NOT_FOUND
    );
    let bad_id = upload(
        &app,
        &admin,
        database_id,
        &[("upload_id", "12"), ("type", "csv"), ("table_name", "small2")],
        PEOPLE,
    )
    .await;
    assert_eq!(bad_id.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad_id.json["message"]["upload_id"][0], "Not a valid UUID.");

    // A date that does not exist at data row 150,000 (line 150,002): a replace in its 19th
    // batch, refused after most rows were written; the old table stays whole.
    let late_bad_value = generated_csv(ROWS, |index, line| {
        if index == 150_000 {
            format!("{index},late,2024-02-30")
        } else {
            line
        }
    });
    let (answer, seen) = upload_with_progress(
        &app,
        &admin,
        database_id,
        &[
            ("type", "csv"),
            ("table_name", "big"),
            ("already_exists", "replace"),
        ],
        &late_bad_value,
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);
    assert_eq!(
        answer.json["message"],
        "Row 150002: the value \"2024-02-30\" of the column \"day\" could not be read"
    );
    let last = seen.last().unwrap();
    assert_eq!(last.phase, "failed");
    assert!(last.rows_written >= 100_000, "{last:?}");
    assert_eq!(postgres_rows(&postgres, "big").await, ROWS as i64);

    // A row the database refuses (no name) at data row 40,000 (line 40,002), in the 5th batch
    // of an append: named, and the table keeps its rows.
    let mut connection = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
    sqlx::raw_sql("CREATE TABLE big_strict (id BIGINT, name TEXT NOT NULL, day DATE); INSERT INTO big_strict VALUES (1, 'kept', DATE '2024-01-01');")
        .execute(&mut connection)
        .await
        .unwrap();
    connection.close().await.unwrap();
    let refused = generated_csv(50_000, |index, line| {
        if index == 40_000 {
            format!("{index},,2024-01-01")
        } else {
            line
        }
    });
    let answer = upload(
        &app,
        &admin,
        database_id,
        &[
            ("type", "csv"),
            ("table_name", "big_strict"),
            ("already_exists", "append"),
        ],
        &refused,
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);
    let message = answer.json["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("Row 40002: "), "{message}");
    assert!(message.contains("\"name\""), "{message}");
    assert_eq!(postgres_rows(&postgres, "big_strict").await, 1);

    // DuckDB takes the batches on its blocking writer the same way.
    let duckdb_id = duckdb_connection(&app, &admin, "duck big uploads", "big.duckdb").await;
    let (answer, seen) = upload_with_progress(
        &app,
        &admin,
        duckdb_id,
        &[("type", "csv"), ("table_name", "big")],
        &generated_csv(30_000, |_, line| line),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    assert_eq!(seen.last().unwrap().rows_written, 30_000);
    assert_eq!(count_rows(&app, &admin, duckdb_id, "big").await, 30_000);
    app.close().await;
}
