//! `POST /api/v1/database/validate_parameters/` as Superset checks a parameters form: missing
//! fields and a wrong host or port in one answer, then a real connection whose failure names
//! the wrong field (PostgreSQL and MariaDB).

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::common::{As, PostgresDatabase, TestApp};

async fn validate(app: &TestApp, admin: &As, engine: &str, parameters: Value) -> (StatusCode, Vec<Value>) {
    let answer = app
        .post(
            "/api/v1/database/validate_parameters/",
            json!({"engine": engine, "parameters": parameters}),
            admin,
        )
        .await;
    let errors = answer.json["errors"].as_array().cloned().unwrap_or_default();
    (answer.status, errors)
}

/// error_type, message and `extra.invalid` of each error.
fn summary(errors: &[Value]) -> Vec<(String, String, Value)> {
    errors
        .iter()
        .map(|error| {
            (
                error["error_type"].as_str().unwrap().to_owned(),
                error["message"].as_str().unwrap().to_owned(),
                error["extra"]["invalid"].clone(),
            )
        })
        .collect()
}

#[tokio::test]
async fn missing_fields_and_a_closed_port_come_together() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let (status, errors) = validate(
        &app,
        &admin,
        "postgresql",
        json!({"host": "127.0.0.1", "port": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(errors[0]["error_type"], "CONNECTION_MISSING_PARAMETERS_ERROR");
    assert_eq!(errors[0]["level"], "warning");
    assert_eq!(errors[0]["extra"]["missing"], json!(["database", "username"]));
    assert_eq!(
        errors[0]["message"],
        "One or more parameters are missing: database, username"
    );
    assert_eq!(
        summary(&errors[1..]),
        vec![(
            "CONNECTION_PORT_CLOSED_ERROR".to_owned(),
            "The port is closed.".to_owned(),
            json!(["port"])
        )]
    );

    let (_, errors) = validate(
        &app,
        &admin,
        "postgresql",
        json!({"host": "quiver-no-such-host.invalid", "port": 5432, "database": "x", "username": "postgres"}),
    )
    .await;
    assert_eq!(
        summary(&errors),
        vec![(
            "CONNECTION_INVALID_HOSTNAME_ERROR".to_owned(),
            "The hostname provided can't be resolved.".to_owned(),
            json!(["host"])
        )]
    );
    app.close().await;
}

#[tokio::test]
async fn a_failed_connection_names_the_wrong_field() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let postgres = PostgresDatabase::create().await;
    let parameters = |database: &str, username: &str| json!({"host": "127.0.0.1", "port": 5432, "database": database, "username": username});

    let (status, errors) = validate(&app, &admin, "postgresql", parameters(&postgres.name, "postgres")).await;
    assert_eq!(status, StatusCode::OK, "{errors:?}");

    let (status, errors) = validate(
        &app,
        &admin,
        "postgresql",
        parameters(&postgres.name, "quiver_no_such_role"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        summary(&errors),
        vec![(
            "CONNECTION_INVALID_USERNAME_ERROR".to_owned(),
            "The username \"quiver_no_such_role\" does not exist.".to_owned(),
            json!(["username"])
        )]
    );
    assert_eq!(errors[0]["extra"]["issue_codes"][0]["code"], 1012);

    let (_, errors) = validate(
        &app,
        &admin,
        "postgresql",
        parameters("quiver_no_such_database", "postgres"),
    )
    .await;
    assert_eq!(
        summary(&errors),
        vec![(
            "CONNECTION_UNKNOWN_DATABASE_ERROR".to_owned(),
            "Unable to connect to database \"quiver_no_such_database\".".to_owned(),
            json!(["database"])
        )]
    );
    assert_eq!(
        errors[0]["extra"]["issue_codes"][0]["message"],
        "Issue 1015 - Either the database is spelled incorrectly or does not exist."
    );

    let mariadb = PostgresDatabase::create_mariadb().await;
    let mysql = |database: &str, username: &str| json!({"host": "127.0.0.1", "port": 3306, "database": database, "username": username});
    let (status, errors) = validate(&app, &admin, "mysql", mysql(&mariadb.name, "root")).await;
    assert_eq!(status, StatusCode::OK, "{errors:?}");
    let (_, errors) = validate(&app, &admin, "mysql", mysql(&mariadb.name, "quiver_nobody")).await;
    assert_eq!(
        summary(&errors),
        vec![(
            "CONNECTION_ACCESS_DENIED_ERROR".to_owned(),
            "Either the username \"quiver_nobody\" or the password is incorrect.".to_owned(),
            json!(["username", "password"])
        )]
    );
    let codes: Vec<i64> = errors[0]["extra"]["issue_codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|code| code["code"].as_i64().unwrap())
        .collect();
    assert_eq!(codes, vec![1014, 1015]);
    let (_, errors) = validate(&app, &admin, "mysql", mysql("quiver_no_such_database", "root")).await;
    assert_eq!(errors[0]["error_type"], "CONNECTION_UNKNOWN_DATABASE_ERROR");
    assert_eq!(errors[0]["extra"]["invalid"], json!(["database"]));
    app.close().await;
}

/// `catalog`, the form's catalog rows as Superset's name-value map, on a multi-catalog PostgreSQL
/// connection over two throwaway databases: blank parts are errors on their row (`extra.catalog`
/// with `idx` and `name` or `url`), each row's database is connected to, an unknown one is an
/// error on its row; the saved connection then lists both databases as catalogs and reads
/// schemas, tables and table metadata in each.
#[tokio::test]
async fn catalog_rows_are_checked_row_by_row_on_postgres() {
    use sqlx::Connection;
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let first = PostgresDatabase::create().await;
    let second = PostgresDatabase::create().await;
    for (database, table) in [(&first, "first_orders"), (&second, "second_orders")] {
        let mut connection = sqlx::PgConnection::connect(&database.url).await.unwrap();
        sqlx::query(&format!(
            "CREATE TABLE {table} (id BIGINT PRIMARY KEY, amount DOUBLE PRECISION)"
        ))
        .execute(&mut connection)
        .await
        .unwrap();
        connection.close().await.unwrap();
    }
    let with_catalog = |catalog: Value| json!({"host": "127.0.0.1", "port": 5432, "database": first.name, "username": "postgres", "catalog": catalog});

    // Errors point at rows by their place in the object (the test's JSON writes keys sorted).
    let rows = json!({"": first.name, "b_books": "", "c_sales": second.name});
    let (status, errors) = validate(&app, &admin, "postgresql", with_catalog(rows)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let row_errors: Vec<(Value, Value, Value)> = errors
        .iter()
        .map(|error| {
            (
                error["error_type"].clone(),
                error["message"].clone(),
                error["extra"]["catalog"].clone(),
            )
        })
        .collect();
    assert_eq!(
        row_errors,
        vec![
            (
                json!("CONNECTION_MISSING_PARAMETERS_ERROR"),
                json!("Catalog name is required"),
                json!({"idx": 0, "name": true})
            ),
            (
                json!("CONNECTION_MISSING_PARAMETERS_ERROR"),
                json!("Database name is required"),
                json!({"idx": 1, "url": true})
            ),
        ]
    );

    // Each row's database is connected to: an unknown one is named on its row.
    let missing = format!("quiver_no_such_{}", std::process::id());
    let (status, errors) = validate(
        &app,
        &admin,
        "postgresql",
        with_catalog(json!({"a_main": first.name, "b_sales": second.name, "c_gone": missing})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["error_type"], "CONNECTION_UNKNOWN_DATABASE_ERROR");
    assert_eq!(
        errors[0]["message"],
        format!("Unable to connect to database \"{missing}\".")
    );
    assert_eq!(errors[0]["extra"]["catalog"], json!({"idx": 2, "url": true}));
    assert_eq!(errors[0]["extra"]["issue_codes"][0]["code"], 1015);
    assert!(
        errors[0]["extra"].get("invalid").is_none_or(Value::is_null),
        "{}",
        errors[0]
    );

    let catalog = json!({"main": first.name, "sales": second.name});
    let (status, errors) = validate(&app, &admin, "postgresql", with_catalog(catalog.clone())).await;
    assert_eq!(status, StatusCode::OK, "{errors:?}");

    // An engine without catalog rows refuses them.
    let (status, errors) = validate(
        &app,
        &admin,
        "mysql",
        json!({"host": "127.0.0.1", "port": 3306, "database": "mysql", "username": "root", "catalog": {"main": "mysql"}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        summary(&errors),
        vec![(
            "INVALID_PAYLOAD_SCHEMA_ERROR".to_owned(),
            "MySQL has no catalogs to list.".to_owned(),
            json!(["catalog"])
        )]
    );

    // Saved with multi catalog, the connection reads both databases as catalogs.
    let created = app
        .post(
            "/api/v1/database/",
            json!({"database_name": "pg two catalogs", "engine": "postgresql", "parameters": with_catalog(catalog),
                   "allow_multi_catalog": true, "expose_in_sqllab": true}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    let catalogs = app.get(&format!("/api/v1/database/{id}/catalogs/"), &admin).await;
    let names: Vec<&str> = catalogs.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        names.contains(&first.name.as_str()) && names.contains(&second.name.as_str()),
        "{names:?}"
    );
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted);
    for (database, table) in [(&first, "first_orders"), (&second, "second_orders")] {
        let schemas = app
            .get(
                &format!("/api/v1/database/{id}/schemas/?q=(catalog:{})", database.name),
                &admin,
            )
            .await;
        assert_eq!(schemas.json["result"], json!(["public"]), "{}", schemas.json);
        let tables = app
            .get(
                &format!(
                    "/api/v1/database/{id}/tables/?q=(schema_name:public,catalog_name:{})",
                    database.name
                ),
                &admin,
            )
            .await;
        let values: Vec<&Value> = tables.json["result"]
            .as_array()
            .unwrap()
            .iter()
            .map(|table| &table["value"])
            .collect();
        assert_eq!(values, vec![&json!(table)], "{}", tables.json);
        let metadata = app
            .get(
                &format!(
                    "/api/v1/database/{id}/table_metadata/?name={table}&schema=public&catalog={}",
                    database.name
                ),
                &admin,
            )
            .await;
        assert_eq!(metadata.status, StatusCode::OK, "{}", metadata.json);
        let columns: Vec<&Value> = metadata.json["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|column| &column["name"])
            .collect();
        assert_eq!(columns, vec![&json!("id"), &json!("amount")]);
    }
    app.close().await;
}
