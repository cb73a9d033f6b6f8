//! Database connections (CRUD, masked and sealed passwords, test_connection,
//! validate_parameters, available) and dataset edits (PUT validation, refresh, delete with its
//! related objects), on SQLite metadata and, for the CRUD, PostgreSQL metadata too.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::Connection;

use crate::common::{self, As, PostgresDatabase, TestApp};

const MASK: &str = "XXXXXXXXXX";

/// Runs statements on a throwaway PostgreSQL database.
async fn run_on(database: &PostgresDatabase, statements: &[&str]) {
    let mut connection = sqlx::PgConnection::connect(&database.url).await.unwrap();
    for statement in statements {
        sqlx::query(statement).execute(&mut connection).await.unwrap();
    }
    connection.close().await.unwrap();
}

fn postgres_parameters(database: &PostgresDatabase, password: &str) -> Value {
    json!({
        "host": "127.0.0.1",
        "port": 5432,
        "database": database.name,
        "username": "postgres",
        "password": password,
    })
}

/// The CRUD of a connection: the password is sealed, never answered, and kept when the form
/// sends the mask back.
async fn crud_keeps_the_password_secret(app: &TestApp) {
    let admin = app.admin().await;
    let target = PostgresDatabase::create().await;
    run_on(&target, &["CREATE TABLE sales (id INT, amount DOUBLE PRECISION)"]).await;

    let created = app
        .post(
            "/api/v1/database/",
            json!({
                "database_name": "Sales warehouse",
                "engine": "postgresql",
                "configuration_method": "dynamic_form",
                "parameters": postgres_parameters(&target, "s3cret pw"),
                "expose_in_sqllab": true,
                "allow_dml": false,
                "cache_timeout": "",
                "extra": "{\"metadata_cache_timeout\": {}}",
            }),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    assert!(!created.bytes.windows(6).any(|window| window == b"s3cret"));
    let uri = created.json["result"]["sqlalchemy_uri"].as_str().unwrap();
    assert_eq!(
        uri,
        format!("postgresql://postgres:{MASK}@127.0.0.1:5432/{}", target.name)
    );
    assert_eq!(created.json["result"]["parameters"]["password"], MASK);
    assert_eq!(created.json["result"]["cache_timeout"], Value::Null);
    assert_eq!(created.json["result"]["backend"], "postgresql");

    // Stored sealed: neither the URI nor the sealed text shows the password.
    let record = app.state.store.database(id).await.unwrap();
    assert!(record.sqlalchemy_uri.contains(MASK));
    let sealed = record.password_encrypted.clone().unwrap();
    assert!(!sealed.contains("s3cret"));
    assert_eq!(
        app.state.engines.connection_uri(&record).unwrap(),
        format!("postgresql://postgres:s3cret%20pw@127.0.0.1:5432/{}", target.name)
    );

    // The connection works through the engine (trust authentication ignores the password).
    let tables = app
        .get(
            &format!("/api/v1/database/{id}/tables/?q=(schema_name:public)"),
            &admin,
        )
        .await;
    assert_eq!(tables.status, StatusCode::OK, "{}", tables.json);
    assert_eq!(tables.json["result"][0]["value"], "sales");

    // Settings change; the masked URI keeps the stored password.
    let updated = app
        .call(
            Method::PUT,
            &format!("/api/v1/database/{id}"),
            Some(json!({
                "sqlalchemy_uri": uri,
                "allow_file_upload": true,
                "allow_dml": true,
                "allow_run_async": true,
                "allow_multi_catalog": false,
                "force_ctas_schema": "tmp",
                "cache_timeout": 600,
                "expose_in_sqllab": false,
            })),
            &admin,
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.json);
    let result = &updated.json["result"];
    assert_eq!(result["allow_file_upload"], true);
    assert_eq!(result["allow_dml"], true);
    assert_eq!(result["allow_run_async"], true);
    assert_eq!(result["force_ctas_schema"], "tmp");
    assert_eq!(result["cache_timeout"], 600);
    assert_eq!(result["expose_in_sqllab"], false);
    let record = app.state.store.database(id).await.unwrap();
    assert!(app
        .state
        .engines
        .connection_uri(&record)
        .unwrap()
        .contains("s3cret%20pw"));

    // GET answers the mask too, and the list shows the new settings.
    let read = app.get(&format!("/api/v1/database/{id}"), &admin).await;
    assert_eq!(read.status, StatusCode::OK);
    assert!(!String::from_utf8_lossy(&read.bytes).contains("s3cret"));
    assert_eq!(read.json["result"]["database_name"], "Sales warehouse");

    // A second connection with the same name is refused.
    let duplicate = app
        .post(
            "/api/v1/database/",
            json!({"database_name": "Sales warehouse", "sqlalchemy_uri": target.url}),
            &admin,
        )
        .await;
    assert_eq!(duplicate.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        duplicate.json["message"]["database_name"][0],
        "A database with the same name already exists."
    );

    // Bad settings are field errors.
    let bad_timeout = app
        .call(
            Method::PUT,
            &format!("/api/v1/database/{id}"),
            Some(json!({"cache_timeout": "soon"})),
            &admin,
        )
        .await;
    assert_eq!(bad_timeout.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad_timeout.json["message"]["cache_timeout"][0],
        "Not a valid integer."
    );
    let unknown_driver = app
        .post(
            "/api/v1/database/",
            json!({"database_name": "x", "sqlalchemy_uri": "oracle://u:p@h/db"}),
            &admin,
        )
        .await;
    assert_eq!(unknown_driver.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        unknown_driver.json["message"]["sqlalchemy_uri"][0],
        "Could not load database driver: oracle"
    );

    // Delete, then it is gone.
    let deleted = app
        .call(Method::DELETE, &format!("/api/v1/database/{id}"), None, &admin)
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.json);
    assert_eq!(
        app.get(&format!("/api/v1/database/{id}"), &admin).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn database_crud_on_sqlite_metadata() {
    let app = TestApp::new().await;
    crud_keeps_the_password_secret(&app).await;
    app.close().await;
}

#[tokio::test]
async fn database_crud_on_postgres_metadata() {
    let app = TestApp::with_settings(false, Some(PostgresDatabase::create().await)).await;
    crud_keeps_the_password_secret(&app).await;
    app.close().await;
}

#[tokio::test]
async fn only_database_writers_change_connections() {
    let app = TestApp::new().await;
    app.create_user("gamma", "pw", &["Gamma"]).await;
    let gamma = app.token("gamma", "pw").await;
    for (method, path) in [
        (Method::POST, "/api/v1/database/"),
        (Method::POST, "/api/v1/database/test_connection/"),
        (Method::POST, "/api/v1/database/validate_parameters/"),
        (Method::PUT, "/api/v1/database/1"),
        (Method::DELETE, "/api/v1/database/1"),
    ] {
        let answer = app
            .call(method.clone(), path, Some(json!({"database_name": "x"})), &gamma)
            .await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{method} {path}");
    }
    let anonymous = app.get("/api/v1/database/available/", &As::Anonymous).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    app.close().await;
}

#[tokio::test]
async fn test_connection_says_ok_or_gives_the_error() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let target = PostgresDatabase::create().await;
    let good = app
        .post(
            "/api/v1/database/test_connection/",
            json!({"database_name": "probe", "sqlalchemy_uri": target.url}),
            &admin,
        )
        .await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.json);
    assert_eq!(good.json, json!({"message": "OK"}));

    let missing = app
        .post(
            "/api/v1/database/test_connection/",
            json!({
                "engine": "postgresql",
                "configuration_method": "dynamic_form",
                "parameters": {"host": "127.0.0.1", "port": 5432, "database": "quiver_no_such_database",
                               "username": "postgres", "password": "hunter2"},
            }),
            &admin,
        )
        .await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    let message = missing.json["errors"][0]["message"].as_str().unwrap();
    assert!(message.contains("quiver_no_such_database"), "{message}");
    assert!(!String::from_utf8_lossy(&missing.bytes).contains("hunter2"));
    assert_eq!(missing.json["errors"][0]["error_type"], "GENERIC_DB_ENGINE_ERROR");
    app.close().await;
}

#[tokio::test]
async fn validate_parameters_names_each_missing_or_wrong_field() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let empty = app
        .post(
            "/api/v1/database/validate_parameters/",
            json!({"engine": "postgresql", "parameters": {}}),
            &admin,
        )
        .await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        empty.json["errors"][0]["error_type"],
        "CONNECTION_MISSING_PARAMETERS_ERROR"
    );
    assert_eq!(
        empty.json["errors"][0]["extra"]["missing"],
        json!(["database", "host", "port", "username"])
    );

    let bad_port = app
        .post(
            "/api/v1/database/validate_parameters/",
            json!({"engine": "postgresql", "parameters": {"host": "127.0.0.1", "port": "pg",
                   "database": "x", "username": "postgres"}}),
            &admin,
        )
        .await;
    assert_eq!(bad_port.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad_port.json["errors"][0]["error_type"],
        "CONNECTION_INVALID_PORT_ERROR"
    );
    assert_eq!(bad_port.json["errors"][0]["extra"]["invalid"], json!(["port"]));

    let closed = app
        .post(
            "/api/v1/database/validate_parameters/",
            json!({"engine": "postgresql", "parameters": {"host": "127.0.0.1", "port": 1,
                   "database": "x", "username": "postgres"}}),
            &admin,
        )
        .await;
    assert_eq!(
        closed.json["errors"][0]["error_type"],
        "CONNECTION_PORT_CLOSED_ERROR"
    );

    let good = app
        .post(
            "/api/v1/database/validate_parameters/",
            json!({"engine": "postgresql", "parameters": {"host": "127.0.0.1", "port": 5432,
                   "database": "postgres", "username": "postgres"}}),
            &admin,
        )
        .await;
    assert_eq!(good.status, StatusCode::OK, "{}", good.json);

    let unknown = app
        .post(
            "/api/v1/database/validate_parameters/",
            json!({"engine": "oracle", "parameters": {}}),
            &admin,
        )
        .await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        unknown.json["message"],
        "Engine \"oracle\" is not a valid engine."
    );

    let available = app.get("/api/v1/database/available/", &admin).await;
    let engines: Vec<&str> = available.json["databases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|engine| engine["engine"].as_str().unwrap())
        .collect();
    assert_eq!(engines, vec!["postgresql", "mysql", "duckdb", "sqlite"]);
    assert_eq!(
        available.json["databases"][0]["parameters"]["required"],
        json!(["database", "host", "port", "username"])
    );
    app.close().await;
}

#[tokio::test]
async fn dataset_put_validates_and_saves_metrics_columns_and_settings() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let id = app.dataset_id("birth_names").await;
    let path = format!("/api/v1/dataset/{id}");
    let before = app.get(&path, &admin).await;
    let columns: Vec<Value> = before.json["result"]["columns"].as_array().unwrap().clone();
    let first_column_id = columns[0]["id"].as_i64().unwrap();

    let bad_timeout = app
        .call(Method::PUT, &path, Some(json!({"cache_timeout": "1.5"})), &admin)
        .await;
    assert_eq!(bad_timeout.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad_timeout.json["message"]["cache_timeout"][0],
        "is expected to be an integer"
    );

    let duplicate = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"metrics": [
                {"metric_name": "m", "expression": "SUM(num)"},
                {"metric_name": "m", "expression": "COUNT(*)"},
            ]})),
            &admin,
        )
        .await;
    assert_eq!(duplicate.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        duplicate.json["message"]["metrics"][0],
        "One or more metrics are duplicated"
    );

    let subquery = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"metrics": [{"metric_name": "m", "expression": "(SELECT 1)"}]})),
            &admin,
        )
        .await;
    assert_eq!(subquery.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        subquery.json["message"]["metrics"][0],
        "Custom SQL fields cannot contain sub-queries."
    );

    // A valid save: settings with empty values as null, a new metric, a renamed column and a
    // calculated column; columns left out are removed.
    let saved = app
        .call(
            Method::PUT,
            &path,
            Some(json!({
                "description": "Births by name",
                "cache_timeout": "",
                "offset": "2",
                "default_endpoint": "",
                "metrics": [{"metric_name": "sum_num", "expression": "SUM(num)", "d3format": "",
                             "verbose_name": "Births", "currency": null}],
                "columns": [
                    {"id": first_column_id, "column_name": columns[0]["column_name"], "verbose_name": "First",
                     "python_date_format": "", "is_dttm": columns[0]["is_dttm"], "type": columns[0]["type"]},
                    {"column_name": "num_twice", "expression": "num * 2", "type": "BIGINT"},
                ],
            })),
            &admin,
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.json);
    let result = &saved.json["result"];
    assert_eq!(result["description"], "Births by name");
    assert_eq!(result["cache_timeout"], Value::Null);
    assert_eq!(result["metrics"].as_array().unwrap().len(), 1);
    assert_eq!(result["metrics"][0]["metric_name"], "sum_num");
    assert_eq!(result["metrics"][0]["d3format"], Value::Null);
    assert_eq!(result["metrics"][0]["verbose_name"], "Births");
    let saved_columns = result["columns"].as_array().unwrap();
    assert_eq!(saved_columns.len(), 2);
    assert_eq!(saved_columns[0]["verbose_name"], "First");
    assert_eq!(saved_columns[0]["python_date_format"], Value::Null);
    assert_eq!(saved_columns[1]["expression"], "num * 2");
    let settings = app.state.store.dataset_settings(id).await.unwrap().unwrap();
    assert_eq!(settings.offset, 2);
    assert_eq!(settings.default_endpoint, None);

    // The metric's id keeps it on the next save (edit in place).
    let metric_id = result["metrics"][0]["id"].as_i64().unwrap();
    let edited = app
        .call(
            Method::PUT,
            &path,
            Some(
                json!({"metrics": [{"id": metric_id, "metric_name": "sum_num", "expression": "SUM(num)",
                                      "d3format": ",.2f"}]}),
            ),
            &admin,
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.json);
    assert_eq!(edited.json["result"]["metrics"][0]["id"], metric_id);
    assert_eq!(edited.json["result"]["metrics"][0]["d3format"], ",.2f");

    // Refresh brings back the table's columns and keeps the calculated one.
    let refreshed = app
        .call(Method::PUT, &format!("{path}/refresh"), None, &admin)
        .await;
    assert_eq!(refreshed.status, StatusCode::OK, "{}", refreshed.json);
    let after = app.get(&path, &admin).await;
    let names: Vec<&str> = after.json["result"]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| column["column_name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), columns.len() + 1, "{names:?}");
    assert!(names.contains(&"num_twice"));

    // Managed externally: refused.
    app.call(
        Method::PUT,
        &path,
        Some(json!({"is_managed_externally": true})),
        &admin,
    )
    .await;
    let locked = app
        .call(Method::PUT, &path, Some(json!({"description": "x"})), &admin)
        .await;
    assert_eq!(locked.status, StatusCode::UNPROCESSABLE_ENTITY);
    app.close().await;
}

#[tokio::test]
async fn metric_certification_is_read_from_extra_in_the_dataset_and_explore_answers() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let id = app.dataset_id("birth_names").await;
    let path = format!("/api/v1/dataset/{id}");
    let certification = json!({"certification": {"certified_by": "Data team", "details": "Audited in May"},
                               "warning_markdown": "Rounded"});
    let saved = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"metrics": [
                {"metric_name": "certified_sum", "expression": "SUM(num)", "extra": certification.to_string()},
                {"metric_name": "plain_count", "expression": "COUNT(*)"},
            ]})),
            &admin,
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.json);

    let dataset = app.get(&path, &admin).await;
    assert_eq!(dataset.status, StatusCode::OK, "{}", dataset.json);
    let metrics = &dataset.json["result"]["metrics"];
    assert_eq!(metrics[0]["metric_name"], "certified_sum");
    assert_eq!(metrics[0]["certified_by"], "Data team");
    assert_eq!(metrics[0]["certification_details"], "Audited in May");
    assert_eq!(metrics[1]["metric_name"], "plain_count");
    assert_eq!(metrics[1]["certified_by"], Value::Null);
    assert_eq!(metrics[1]["certification_details"], Value::Null);

    let explore = app
        .get(
            &format!("/api/v1/explore/?datasource_type=table&datasource_id={id}"),
            &admin,
        )
        .await;
    assert_eq!(explore.status, StatusCode::OK, "{}", explore.json);
    let explore_metric = &explore.json["result"]["dataset"]["metrics"][0];
    assert_eq!(explore_metric["certified_by"], "Data team");
    assert_eq!(explore_metric["certification_details"], "Audited in May");
    app.close().await;
}

#[tokio::test]
async fn refresh_follows_the_source_table_and_delete_lists_charts_first() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let target = PostgresDatabase::create().await;
    run_on(&target, &["CREATE TABLE events (id INT, kind TEXT)"]).await;
    let created = app
        .post(
            "/api/v1/database/",
            json!({"database_name": "events db", "sqlalchemy_uri": target.url}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let database_id = created.json["id"].as_i64().unwrap();
    let dataset = app
        .post(
            "/api/v1/dataset/",
            json!({"database": database_id, "schema": "public", "table_name": "events"}),
            &admin,
        )
        .await;
    assert_eq!(dataset.status, StatusCode::CREATED, "{}", dataset.json);
    let dataset_id = dataset.json["id"].as_i64().unwrap();

    run_on(
        &target,
        &[
            "ALTER TABLE events DROP COLUMN kind",
            "ALTER TABLE events ADD COLUMN happened_at TIMESTAMP",
        ],
    )
    .await;
    let refreshed = app
        .call(
            Method::PUT,
            &format!("/api/v1/dataset/{dataset_id}/refresh"),
            None,
            &admin,
        )
        .await;
    assert_eq!(refreshed.status, StatusCode::OK, "{}", refreshed.json);
    let read = app.get(&format!("/api/v1/dataset/{dataset_id}"), &admin).await;
    let columns: Vec<(String, bool)> = read.json["result"]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| {
            (
                column["column_name"].as_str().unwrap().to_owned(),
                column["is_dttm"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        columns,
        vec![("id".to_owned(), false), ("happened_at".to_owned(), true)]
    );

    // A chart on it shows in related_objects; the database cannot go while the dataset is there.
    let chart = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Events", "viz_type": "table", "datasource_id": dataset_id,
                   "datasource_type": "table", "params": "{}"}),
            &admin,
        )
        .await;
    assert_eq!(chart.status, StatusCode::CREATED, "{}", chart.json);
    let related = app
        .get(&format!("/api/v1/dataset/{dataset_id}/related_objects"), &admin)
        .await;
    assert_eq!(related.status, StatusCode::OK);
    assert_eq!(related.json["charts"]["count"], 1);
    assert_eq!(related.json["charts"]["result"][0]["slice_name"], "Events");
    assert_eq!(related.json["dashboards"]["count"], 0);
    let blocked = app
        .call(
            Method::DELETE,
            &format!("/api/v1/database/{database_id}"),
            None,
            &admin,
        )
        .await;
    assert_eq!(blocked.status, StatusCode::UNPROCESSABLE_ENTITY);

    let deleted = app
        .call(
            Method::DELETE,
            &format!("/api/v1/dataset/{dataset_id}"),
            None,
            &admin,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.json);
    assert_eq!(
        app.get(&format!("/api/v1/dataset/{dataset_id}"), &admin)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let _ = common::ADMIN_PASSWORD;
    app.close().await;
}

/// Superset's refusal: a database that datasets read from is not deleted, alone or in a bulk
/// delete (which then deletes none); one without datasets goes with "Deleted 1 database".
#[tokio::test]
async fn a_database_with_datasets_is_not_deleted() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let examples = app
        .get(
            "/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))",
            &admin,
        )
        .await;
    let examples_id = examples.json["result"][0]["id"].as_i64().unwrap();
    let spare = app
        .post(
            "/api/v1/database/",
            json!({"database_name": "spare", "sqlalchemy_uri": "sqlite:////tmp/quiver-spare.db"}),
            &admin,
        )
        .await;
    assert_eq!(spare.status, StatusCode::CREATED, "{}", spare.json);
    let spare_id = spare.json["id"].as_i64().unwrap();
    let refusal = json!({"message": "Cannot delete a database that has datasets attached"});

    let single = app
        .call(
            Method::DELETE,
            &format!("/api/v1/database/{examples_id}"),
            None,
            &admin,
        )
        .await;
    assert_eq!(
        (single.status, single.json),
        (StatusCode::UNPROCESSABLE_ENTITY, refusal.clone())
    );
    let bulk = app
        .call(
            Method::DELETE,
            &format!("/api/v1/database/?q=!({spare_id},{examples_id})"),
            None,
            &admin,
        )
        .await;
    assert_eq!(
        (bulk.status, bulk.json),
        (StatusCode::UNPROCESSABLE_ENTITY, refusal)
    );
    for id in [examples_id, spare_id] {
        let kept = app.get(&format!("/api/v1/database/{id}"), &admin).await;
        assert_eq!(kept.status, StatusCode::OK, "database {id} kept");
    }

    let alone = app
        .call(
            Method::DELETE,
            &format!("/api/v1/database/?q=!({spare_id})"),
            None,
            &admin,
        )
        .await;
    assert_eq!(
        (alone.status, alone.json),
        (StatusCode::OK, json!({"message": "Deleted 1 database"}))
    );
    let gone = app.get(&format!("/api/v1/database/{spare_id}"), &admin).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    app.close().await;
}

/// A connection that cannot be opened (a SQLite file in a folder that does not exist) answers the
/// left bar's schema call with a 400 naming the engine's error, not a 500.
#[tokio::test]
async fn a_database_that_cannot_be_opened_answers_schemas_with_a_400() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let created = app
        .post(
            "/api/v1/database/",
            json!({
                "database_name": "unreachable",
                "sqlalchemy_uri": "sqlite:////quiver-no-such-folder/nothing.db"
            }),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    let schemas = app.get(&format!("/api/v1/database/{id}/schemas/"), &admin).await;
    assert_eq!(schemas.status, StatusCode::BAD_REQUEST, "{}", schemas.json);
    let error = &schemas.json["errors"][0];
    assert_eq!(error["error_type"], "GENERIC_DB_ENGINE_ERROR", "{}", schemas.json);
    let message = error["message"].as_str().unwrap();
    assert!(message.starts_with("SQLite Error: "), "{message}");
    assert!(message.contains("unable to open database file"), "{message}");
}
