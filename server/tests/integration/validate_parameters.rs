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
