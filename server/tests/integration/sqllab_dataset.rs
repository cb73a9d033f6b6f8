//! SQL Lab's "Create chart": `POST /api/v1/dataset/` with a virtual dataset made from a query
//! (its columns read from the query's result; one read statement only) and
//! `POST /api/v1/dataset/get_or_create/`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::StatusCode;
use common::TestApp;
use quiver_server::store::database::NewDatabase;
use quiver_types::DatasetQuerySource;
use serde_json::{json, Value};

const DATASETS: &str = "/api/v1/dataset/";

fn column_names(dataset: &Value) -> Vec<String> {
    dataset["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| column["column_name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_query_becomes_a_virtual_dataset_with_the_result_s_columns() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let examples = app.examples_id().await;
    let sql = "SELECT ds, gender, SUM(num) AS total FROM birth_names GROUP BY ds, gender";
    let created = app
        .post(
            DATASETS,
            json!({"database": examples, "catalog": null, "schema": "main", "sql": sql,
                   "table_name": "births by day", "is_managed_externally": false,
                   "external_url": null, "template_params": "{\"x\": 1}"}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    let result = &created.json["result"];
    assert_eq!(result["sql"], sql);
    assert_eq!(result["table_name"], "births by day");
    assert_eq!(result["kind"], "virtual");
    assert_eq!(result["is_managed_externally"], false);
    assert_eq!(column_names(result), ["ds", "gender", "total"]);
    let ds = &result["columns"][0];
    assert_eq!(ds["is_dttm"], true, "{ds}");
    assert_eq!(result["main_dttm_col"], "ds");
    let stored: Option<String> = sqlx::query_scalar("SELECT template_params FROM tables WHERE id = $1")
        .bind(id)
        .fetch_one(app.state.store.pool())
        .await
        .unwrap();
    assert_eq!(stored.as_deref(), Some("{\"x\": 1}"));

    // The new dataset answers chart data at once (Explore opens on it).
    let data = app
        .post(
            "/api/v1/chart/data",
            json!({
                "datasource": {"id": id, "type": "table"},
                "result_type": "full",
                "queries": [{
                    "columns": ["gender"],
                    "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "total"},
                                 "aggregate": "SUM", "label": "SUM(total)"}],
                    "orderby": [], "row_limit": 10, "filters": [],
                    "extras": {"having": "", "where": ""}, "time_range": "No filter"
                }]
            }),
            &admin,
        )
        .await;
    assert_eq!(data.status, StatusCode::OK, "{}", data.json);
    let rows = data.json["result"][0]["data"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{}", data.json);

    // The same name again is Superset's 422.
    let again = app
        .post(
            DATASETS,
            json!({"database": examples, "schema": "main", "sql": sql, "table_name": "births by day"}),
            &admin,
        )
        .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", again.json);
    assert_eq!(
        again.json["message"]["table_name"][0],
        "Dataset births by day already exists"
    );
    app.close().await;
}

#[tokio::test]
async fn only_one_read_statement_becomes_a_dataset() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let examples = app.examples_id().await;
    let refused = [
        ("DELETE FROM birth_names", "Only `SELECT` statements are allowed"),
        (
            "/* SELECT */ DROP TABLE birth_names",
            "Only `SELECT` statements are allowed",
        ),
        (
            "WITH x AS (SELECT 1) INSERT INTO birth_names SELECT * FROM birth_names",
            "Only `SELECT` statements are allowed",
        ),
        ("SELECT 1 AS a; SELECT 2 AS b", "Only single queries supported"),
        (
            "SELECT 1 AS a; DELETE FROM birth_names",
            "Only `SELECT` statements are allowed",
        ),
        (
            "ATTACH '/tmp/quiver_evil.duckdb' AS evil",
            "Only `SELECT` statements are allowed",
        ),
        ("SHOW TABLES", "Only `SELECT` statements are allowed"),
    ];
    for (index, (sql, message)) in refused.iter().enumerate() {
        let answer = app
            .post(
                DATASETS,
                json!({"database": examples, "schema": "main", "sql": sql, "table_name": format!("bad {index}")}),
                &admin,
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{sql}: {}",
            answer.json
        );
        assert_eq!(
            answer.json["message"]["sql"][0], *message,
            "{sql}: {}",
            answer.json
        );
    }
    let broken = app
        .post(
            DATASETS,
            json!({"database": examples, "schema": "main", "sql": "SELECT nope FROM birth_names", "table_name": "broken"}),
            &admin,
        )
        .await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST, "{}", broken.json);
    assert!(
        broken.json["message"]
            .as_str()
            .unwrap()
            .starts_with("DuckDB Error: "),
        "{}",
        broken.json
    );
    let bad_params = app
        .post(
            DATASETS,
            json!({"database": examples, "schema": "main", "sql": "SELECT 1 AS a", "table_name": "p",
                   "template_params": "[1]"}),
            &admin,
        )
        .await;
    assert_eq!(
        bad_params.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        bad_params.json
    );
    let unknown = app
        .post(
            DATASETS,
            json!({"database": examples, "table_name": "x", "sql": "SELECT 1", "nope": 1}),
            &admin,
        )
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{}", unknown.json);
    // Nothing was created, and the table is intact.
    let count: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM tables WHERE table_name LIKE 'bad %' OR table_name IN ('broken', 'p')",
    )
    .fetch_one(app.state.store.pool())
    .await
    .unwrap();
    assert_eq!(count, 0);
    let rows = app
        .post(
            "/api/v1/sqllab/execute/",
            json!({"database_id": examples, "sql": "SELECT COUNT(*) AS n FROM birth_names", "queryLimit": 10}),
            &admin,
        )
        .await;
    assert!(rows.json["data"][0]["n"].as_i64().unwrap() > 0, "{}", rows.json);
    app.close().await;
}

#[tokio::test]
async fn get_or_create_answers_the_existing_dataset_or_a_new_one() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let examples = app.examples_id().await;
    let birth_names = app.dataset_id("birth_names").await;
    let path = "/api/v1/dataset/get_or_create/";
    let existing = app
        .post(
            path,
            json!({"database_id": examples, "schema": "main", "table_name": "birth_names"}),
            &admin,
        )
        .await;
    assert_eq!(existing.status, StatusCode::OK, "{}", existing.json);
    assert_eq!(existing.json["result"]["table_id"], birth_names);

    // A table without a dataset gets one, with the table's columns.
    let home = tempfile::tempdir().unwrap();
    let sqlite_path = home.path().join("orders.sqlite");
    {
        use sqlx::Connection;
        let url = format!("sqlite://{}?mode=rwc", sqlite_path.display());
        let mut sqlite = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("CREATE TABLE orders (id INTEGER PRIMARY KEY, placed_at TIMESTAMP, amount REAL)")
            .execute(&mut sqlite)
            .await
            .unwrap();
    }
    let sqlite = app
        .state
        .store
        .create_database(&NewDatabase {
            database_name: "orders",
            sqlalchemy_uri: &format!("sqlite:///{}", sqlite_path.display()),
            backend: "sqlite",
            expose_in_sqllab: true,
            allow_dml: false,
            allow_file_upload: false,
            created_by: None,
        })
        .await
        .unwrap();
    let before = app.state.store.dataset_ids(None).await.unwrap().len();
    let created = app
        .post(
            path,
            json!({"database_id": sqlite, "schema": "main", "table_name": "orders"}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.json);
    let id = created.json["result"]["table_id"].as_i64().unwrap();
    let dataset = app.state.store.dataset(id).await.unwrap();
    assert_eq!(dataset.table_name, "orders");
    let names: Vec<&str> = dataset
        .columns
        .iter()
        .map(|column| column.column_name.as_str())
        .collect();
    assert_eq!(names, ["id", "placed_at", "amount"]);
    assert_eq!(app.state.store.dataset_ids(None).await.unwrap().len(), before + 1);
    // Asked again, the same id and no new dataset.
    let again = app
        .post(
            path,
            json!({"database_id": sqlite, "schema": "main", "table_name": "orders"}),
            &admin,
        )
        .await;
    assert_eq!(again.json["result"]["table_id"], id);
    assert_eq!(app.state.store.dataset_ids(None).await.unwrap().len(), before + 1);

    let missing = app
        .post(
            path,
            json!({"database_id": examples, "schema": "main", "table_name": "no_such_table"}),
            &admin,
        )
        .await;
    assert_eq!(
        missing.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        missing.json
    );
    let no_database = app
        .post(path, json!({"database_id": 999_999, "table_name": "x"}), &admin)
        .await;
    assert_eq!(no_database.status, StatusCode::NOT_FOUND, "{}", no_database.json);
    app.close().await;
}

/// Spec 002 section 7: SQL Lab opens a dataset's query from
/// `GET /api/v1/dataset/{id}?q=(keys:!(none),columns:!(name,schema,database.id,select_star))`.
#[tokio::test]
async fn a_dataset_answers_only_the_columns_sql_lab_selects() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let examples = app.examples_id().await;
    let births = app.dataset_id("birth_names").await;
    let selected = app
        .get(
            &format!("{DATASETS}{births}?q=(keys:!(none),columns:!(name,schema,database.id,select_star))"),
            &admin,
        )
        .await;
    assert_eq!(selected.status, StatusCode::OK, "{}", selected.json);
    assert_eq!(selected.json["id"], births);
    let result = selected.json["result"].as_object().unwrap();
    let mut keys: Vec<&str> = result.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["database", "name", "schema", "select_star"]);
    assert_eq!(result["name"], "main.birth_names");
    assert_eq!(result["schema"], "main");
    assert_eq!(result["database"]["id"], examples);
    assert_eq!(
        result["select_star"],
        "SELECT *\nFROM \"main\".\"birth_names\"\nLIMIT 100"
    );
    let source: DatasetQuerySource = serde_json::from_value(selected.json["result"].clone()).unwrap();
    assert_eq!(source.name, "main.birth_names");

    // Without `q`, the whole dataset, with the same two extra fields.
    let whole = app.get(&format!("{DATASETS}{births}"), &admin).await;
    assert_eq!(whole.status, StatusCode::OK);
    assert_eq!(whole.json["result"]["table_name"], "birth_names");
    assert_eq!(whole.json["result"]["name"], "main.birth_names");
    assert_eq!(whole.json["result"]["select_star"], result["select_star"]);
    assert!(whole.json["result"]["columns"].as_array().unwrap().len() >= 7);

    // A malformed or unknown selection is a 400 with the field named.
    let unknown = app.get(&format!("{DATASETS}{births}?q=(page:1)"), &admin).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{}", unknown.json);
    assert_eq!(unknown.json["message"], json!({"page": ["Unknown field."]}));
    let not_a_list = app
        .get(&format!("{DATASETS}{births}?q=(columns:name)"), &admin)
        .await;
    assert_eq!(not_a_list.status, StatusCode::BAD_REQUEST, "{}", not_a_list.json);
    assert_eq!(
        not_a_list.json["message"],
        json!({"columns": ["Not a valid list."]})
    );
    let missing = app
        .get(&format!("{DATASETS}999999?q=(columns:!(name))"), &admin)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "{}", missing.json);
    app.close().await;
}

/// A chart query over a virtual dataset: SUM(num) by gender, with the form data given.
async fn chart_sum_by_gender(
    app: &TestApp,
    who: &common::As,
    dataset_id: i64,
    form_data: Value,
) -> common::Answer {
    app.post(
        "/api/v1/chart/data",
        json!({
            "datasource": {"id": dataset_id, "type": "table"},
            "result_type": "full",
            "form_data": form_data,
            "queries": [{
                "columns": ["gender"],
                "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"},
                             "aggregate": "SUM", "label": "total"}],
                "orderby": [], "row_limit": 10, "filters": [],
                "extras": {"having": "", "where": ""}, "time_range": "No filter"
            }]
        }),
        who,
    )
    .await
}

async fn sql_lab_count(app: &TestApp, who: &common::As, database_id: i64, sql: &str) -> i64 {
    let answer = app
        .post(
            "/api/v1/sqllab/execute/",
            json!({"database_id": database_id, "sql": sql, "queryLimit": 10, "runAsync": false, "json": true}),
            who,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    answer.json["data"][0]["n"].as_i64().unwrap()
}

#[tokio::test]
async fn chart_data_renders_a_virtual_dataset_s_template_with_its_parameters_the_user_and_url_params() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let examples = app.examples_id().await;
    let created = app
        .post(
            DATASETS,
            json!({"database": examples, "schema": "main",
                   "sql": "SELECT gender, num, state FROM birth_names", "table_name": "births templated"}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    // The dataset's SQL becomes a template over its parameters, the user and a URL parameter.
    let template = "SELECT gender, num, state FROM birth_names \
                    WHERE state = '{{ state }}' AND gender = '{{ url_param('gender', 'boy') }}' \
                    AND '{{ current_username() }}' = 'admin'";
    sqlx::query("UPDATE tables SET sql = $1, template_params = $2 WHERE id = $3")
        .bind(template)
        .bind("{\"state\": \"CA\"}")
        .bind(id)
        .execute(app.state.store.pool())
        .await
        .unwrap();

    let girls_in_ca = sql_lab_count(
        &app,
        &admin,
        examples,
        "SELECT SUM(num) AS n FROM birth_names WHERE state = 'CA' AND gender = 'girl'",
    )
    .await;
    let boys_in_ca = sql_lab_count(
        &app,
        &admin,
        examples,
        "SELECT SUM(num) AS n FROM birth_names WHERE state = 'CA' AND gender = 'boy'",
    )
    .await;
    assert!(girls_in_ca > 0 && boys_in_ca > 0 && girls_in_ca != boys_in_ca);

    // The chart's `url_params` pick the gender.
    let girls = chart_sum_by_gender(&app, &admin, id, json!({"url_params": {"gender": "girl"}})).await;
    assert_eq!(girls.status, StatusCode::OK, "{}", girls.json);
    let rows = girls.json["result"][0]["data"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{}", girls.json);
    assert_eq!(rows[0]["gender"], "girl");
    assert_eq!(rows[0]["total"].as_i64(), Some(girls_in_ca));
    let query = girls.json["result"][0]["query"].as_str().unwrap_or_default();
    assert!(query.contains("state = 'CA' AND gender = 'girl'"), "{query}");
    assert!(!query.contains("{{"), "{query}");

    // Without them, the template's default.
    let boys = chart_sum_by_gender(&app, &admin, id, json!({})).await;
    assert_eq!(boys.status, StatusCode::OK, "{}", boys.json);
    let rows = boys.json["result"][0]["data"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{}", boys.json);
    assert_eq!(rows[0]["gender"], "boy");
    assert_eq!(rows[0]["total"].as_i64(), Some(boys_in_ca));

    // A parameter the dataset no longer defines is SQL Lab's "Parameter error", a 400.
    sqlx::query("UPDATE tables SET template_params = NULL WHERE id = $1")
        .bind(id)
        .execute(app.state.store.pool())
        .await
        .unwrap();
    let undefined = chart_sum_by_gender(&app, &admin, id, json!({})).await;
    assert_eq!(undefined.status, StatusCode::BAD_REQUEST, "{}", undefined.json);
    let error = &undefined.json["errors"][0];
    assert_eq!(
        error["error_type"], "MISSING_TEMPLATE_PARAMS_ERROR",
        "{}",
        undefined.json
    );
    assert_eq!(error["extra"]["undefined_parameters"], json!(["state"]));
    assert!(error["message"]
        .as_str()
        .unwrap()
        .starts_with("The parameter \"state\" in your query is undefined."));

    // A malformed template is the malformed-parameters 400.
    sqlx::query("UPDATE tables SET sql = $1 WHERE id = $2")
        .bind("SELECT gender, num, state FROM birth_names WHERE {{ state")
        .bind(id)
        .execute(app.state.store.pool())
        .await
        .unwrap();
    let malformed = chart_sum_by_gender(&app, &admin, id, json!({})).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST, "{}", malformed.json);
    assert_eq!(
        malformed.json["errors"][0]["error_type"],
        "INVALID_TEMPLATE_PARAMS_ERROR"
    );
    app.close().await;
}

/// A templated virtual dataset's SQL: a parameter names a column, `{% if %}` and a parameter pick
/// the state, `url_param` falls back to its default, and the user's name is a column.
const TEMPLATED_DATASET_SQL: &str =
    "SELECT gender, SUM(num) AS {{ label }}, '{{ current_username() }}' AS who \
     FROM birth_names WHERE {% if state %}state = '{{ state }}'{% else %}1 = 1{% endif %} \
     AND gender = '{{ url_param('gender', 'boy') }}' GROUP BY gender";

/// Creates a dataset over `TEMPLATED_DATASET_SQL`, checks its columns come from the rendered SQL,
/// that charts query it, and that "sync columns" reads the rendered SQL again.
async fn check_templated_dataset(
    app: &TestApp,
    admin: &common::As,
    database_id: i64,
    schema: &str,
    name: &str,
) {
    let created = app
        .post(
            DATASETS,
            json!({"database": database_id, "schema": schema, "sql": TEMPLATED_DATASET_SQL,
                   "table_name": name, "template_params": "{\"label\": \"births\", \"state\": \"CA\"}"}),
            admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{name}: {}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    let result = &created.json["result"];
    // The dataset keeps its template; its columns are those of the rendered SQL.
    assert_eq!(result["sql"], TEMPLATED_DATASET_SQL);
    assert_eq!(column_names(result), ["gender", "births", "who"], "{name}");

    let boys_in_ca = sql_lab_count(
        app,
        admin,
        database_id,
        "SELECT CAST(SUM(num) AS BIGINT) AS n FROM birth_names WHERE state = 'CA' AND gender = 'boy'",
    )
    .await;
    assert!(boys_in_ca > 0);
    let data = app
        .post(
            "/api/v1/chart/data",
            json!({
                "datasource": {"id": id, "type": "table"},
                "result_type": "full",
                "queries": [{
                    "columns": ["gender", "who"],
                    "metrics": [{"expressionType": "SQL", "sqlExpression": "CAST(SUM(births) AS BIGINT)",
                                 "label": "total"}],
                    "orderby": [], "row_limit": 10,
                    "filters": [], "extras": {"having": "", "where": ""}, "time_range": "No filter",
                    "is_timeseries": false
                }]
            }),
            admin,
        )
        .await;
    assert_eq!(data.status, StatusCode::OK, "{name}: {}", data.json);
    let rows = data.json["result"][0]["data"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{}", data.json);
    assert_eq!(rows[0]["gender"], "boy");
    assert_eq!(rows[0]["who"], "admin");
    assert_eq!(rows[0]["total"].as_i64(), Some(boys_in_ca), "{}", data.json);

    // "Sync columns" renders the SQL with the dataset's new parameters (an empty state takes the
    // `{% else %}` branch).
    sqlx::query("UPDATE tables SET template_params = $1 WHERE id = $2")
        .bind("{\"label\": \"total\", \"state\": \"\"}")
        .bind(id)
        .execute(app.state.store.pool())
        .await
        .unwrap();
    let synced = app
        .call(
            axum::http::Method::PUT,
            &format!("{DATASETS}{id}/refresh"),
            None,
            admin,
        )
        .await;
    assert_eq!(synced.status, StatusCode::OK, "{name}: {}", synced.json);
    let dataset = app.get(&format!("{DATASETS}{id}"), admin).await;
    assert_eq!(dataset.status, StatusCode::OK, "{}", dataset.json);
    let columns = column_names(&dataset.json["result"]);
    assert!(columns.contains(&"total".to_owned()), "{name}: {columns:?}");
    assert!(!columns.contains(&"births".to_owned()), "{name}: {columns:?}");

    // A template naming a parameter the dataset does not give is the Parameter error.
    let undefined = app
        .post(
            DATASETS,
            json!({"database": database_id, "schema": schema, "sql": TEMPLATED_DATASET_SQL,
                   "table_name": format!("{name} without parameters")}),
            admin,
        )
        .await;
    assert_eq!(
        undefined.status,
        StatusCode::BAD_REQUEST,
        "{name}: {}",
        undefined.json
    );
    assert_eq!(
        undefined.json["errors"][0]["error_type"],
        "MISSING_TEMPLATE_PARAMS_ERROR"
    );
    assert_eq!(
        undefined.json["errors"][0]["extra"]["undefined_parameters"],
        json!(["label", "state"])
    );
}

#[tokio::test]
async fn a_templated_query_becomes_a_virtual_dataset_on_duckdb_and_postgresql() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let examples = app.examples_id().await;
    check_templated_dataset(&app, &admin, examples, "main", "templated births").await;

    let postgres = common::ThrowawayDatabase::create().await;
    {
        use sqlx::Connection;
        let mut pg = sqlx::PgConnection::connect(&postgres.url).await.unwrap();
        for statement in [
            "CREATE TABLE birth_names (gender VARCHAR(16), state VARCHAR(2), num BIGINT)",
            "INSERT INTO birth_names VALUES ('boy', 'CA', 10), ('girl', 'CA', 7), ('boy', 'NY', 5), ('boy', 'CA', 3)",
        ] {
            sqlx::query(statement).execute(&mut pg).await.unwrap();
        }
        pg.close().await.unwrap();
    }
    let uri = postgres.url.replace("postgres://", "postgresql://");
    let pg_id = crate::sqllab::register(&app, "templated pg", &uri, "postgresql", false).await;
    check_templated_dataset(&app, &admin, pg_id, "public", "templated pg births").await;
    app.close().await;
}
