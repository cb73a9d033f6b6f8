//! The dataset API the Edit Dataset dialog and the swap dialog use (spec 001 sections 3, 5 and 7):
//! `GET /api/v1/dataset/{id}` in full, `PUT /api/v1/dataset/{id}` with every field the dialog
//! saves, `POST /api/v1/dataset/` with template parameters and columns, and the list searched by
//! table name; on SQLite and on PostgreSQL metadata.

use axum::http::{Method, StatusCode};
use serde_json::{json, Map, Value};

use crate::common::{As, TestApp, ThrowawayDatabase};

async fn put(app: &TestApp, admin: &As, id: i64, body: Value) -> (StatusCode, Value) {
    let answer = app
        .call(Method::PUT, &format!("/api/v1/dataset/{id}"), Some(body), admin)
        .await;
    (answer.status, answer.json)
}

/// The keys of a JSON object, sorted.
fn keys_of(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> = value.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    keys
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = names.iter().map(|name| (*name).to_owned()).collect();
    names.sort();
    names
}

async fn reads_the_whole_dataset(app: &TestApp, admin: &As, id: i64) {
    let read = app.get(&format!("/api/v1/dataset/{id}"), admin).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.json);
    assert_eq!(read.json["id"], id);
    let result = &read.json["result"];
    assert_eq!(
        keys_of(result),
        sorted(&[
            "always_filter_main_dttm",
            "cache_timeout",
            "catalog",
            "changed_on",
            "columns",
            "created_on",
            "database",
            "datasource_type",
            "default_endpoint",
            "description",
            "external_url",
            "extra",
            "fetch_values_predicate",
            "filter_select_enabled",
            "id",
            "is_managed_externally",
            "is_sqllab_view",
            "kind",
            "main_dttm_col",
            "metrics",
            "name",
            "normalize_columns",
            "offset",
            "owners",
            "schema",
            "select_star",
            "sql",
            "table_name",
            "template_params",
            "url",
            "uuid",
        ])
    );
    assert_eq!(result["table_name"], "birth_names");
    assert_eq!(result["kind"], "physical");
    assert_eq!(result["datasource_type"], "table");
    assert_eq!(result["url"], format!("/tablemodelview/edit/{id}"));
    assert_eq!(result["offset"], 0);
    assert_eq!(result["filter_select_enabled"], true);
    assert_eq!(result["is_sqllab_view"], false);
    assert_eq!(
        keys_of(&result["database"]),
        sorted(&["allow_multi_catalog", "backend", "database_name", "id"])
    );
    assert_eq!(result["database"]["database_name"], "examples");
    assert_eq!(result["database"]["allow_multi_catalog"], false);
    assert_eq!(
        keys_of(&result["columns"][0]),
        sorted(&[
            "advanced_data_type",
            "column_name",
            "description",
            "expression",
            "extra",
            "filterable",
            "groupby",
            "id",
            "is_active",
            "is_dttm",
            "python_date_format",
            "type",
            "type_generic",
            "uuid",
            "verbose_name",
            "warning_markdown",
        ])
    );
    // Superset's keys, plus its metric's `certified_by` and `certification_details` properties
    // (read from `extra`), which Explore's datasource panel shows.
    assert_eq!(
        keys_of(&result["metrics"][0]),
        sorted(&[
            "certification_details",
            "certified_by",
            "currency",
            "d3format",
            "description",
            "expression",
            "extra",
            "id",
            "metric_name",
            "metric_type",
            "uuid",
            "verbose_name",
            "warning_text",
        ])
    );
}

async fn refuses_numbers_that_are_not_whole(app: &TestApp, admin: &As, id: i64) {
    for (field, value) in [
        ("cache_timeout", json!("1.5")),
        ("cache_timeout", json!(2.5)),
        ("cache_timeout", json!("soon")),
        ("offset", json!("0.5")),
    ] {
        let body = Value::Object(Map::from_iter([(field.to_owned(), value.clone())]));
        let (status, body) = put(app, admin, id, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{field} = {value}");
        assert_eq!(
            body["message"][field],
            json!(["is expected to be an integer"]),
            "{field} = {value}"
        );
    }
    let (status, body) = put(app, admin, id, json!({"cache_timeout": "600", "offset": 3.0})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (
            body["result"]["cache_timeout"].clone(),
            body["result"]["offset"].clone()
        ),
        (json!(600), json!(3))
    );
    let (status, body) = put(app, admin, id, json!({"cache_timeout": "", "offset": ""})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (
            body["result"]["cache_timeout"].clone(),
            body["result"]["offset"].clone()
        ),
        (Value::Null, json!(0))
    );
}

/// The save as the Edit Dataset dialog sends it (spec 001 section 3), read back field by field.
async fn saves_every_field_of_the_dialog(app: &TestApp, admin: &As, id: i64, admin_id: i64) {
    let before = app.get(&format!("/api/v1/dataset/{id}"), admin).await.json["result"].clone();
    let count_metric = before["metrics"][0].clone();
    let certification = json!({"certification": {"certified_by": "Data team", "details": "Checked"},
                               "warning_markdown": "Counts *rows*"})
    .to_string();
    let columns: Vec<Value> = before["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| {
            let is_ds = column["column_name"] == "ds";
            json!({
                "id": column["id"],
                "column_name": column["column_name"],
                "type": column["type"],
                "advanced_data_type": column["advanced_data_type"],
                "verbose_name": if is_ds { json!("Day") } else { column["verbose_name"].clone() },
                "description": if is_ds { json!("The day of birth") } else { json!("") },
                "expression": column["expression"],
                "filterable": column["filterable"],
                "groupby": !is_ds,
                "is_active": true,
                "is_dttm": column["is_dttm"],
                "python_date_format": if is_ds { json!("%Y-%m-%d") } else { json!("") },
                "uuid": column["uuid"],
                "extra": if is_ds { json!(certification) } else { Value::Null },
            })
        })
        .collect();
    let (status, body) = put(
        app,
        admin,
        id,
        json!({
            "table_name": "birth_names",
            "database_id": before["database"]["id"],
            "sql": "",
            "filter_select_enabled": false,
            "fetch_values_predicate": "num > 0",
            "schema": before["schema"],
            "description": "Names given at birth",
            "main_dttm_col": "ds",
            "normalize_columns": true,
            "always_filter_main_dttm": true,
            "offset": 2,
            "default_endpoint": "",
            "cache_timeout": "",
            "is_sqllab_view": false,
            "template_params": "{\"state\": \"CA\"}",
            "extra": "{\"warning_markdown\": \"Sample data\"}",
            "is_managed_externally": false,
            "external_url": "",
            "owners": [admin_id],
            "metrics": [
                {"id": count_metric["id"], "metric_name": count_metric["metric_name"],
                 "expression": count_metric["expression"], "metric_type": "count", "d3format": "",
                 "verbose_name": "Births", "description": "Every row", "warning_text": "Approximate",
                 "currency": {"symbol": "USD", "symbolPosition": "prefix"}, "uuid": count_metric["uuid"],
                 "extra": certification},
                {"metric_name": "sum_num", "expression": "SUM(num)", "d3format": ",.0f", "extra": "{}"},
            ],
            "columns": columns,
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut read = app.get(&format!("/api/v1/dataset/{id}"), admin).await.json["result"].clone();
    // The read also carries SQL Lab's `name` and `select_star`, which a save does not answer.
    let read_fields = read.as_object_mut().unwrap();
    assert_eq!(read_fields.remove("name"), Some(json!("main.birth_names")));
    assert!(read_fields
        .remove("select_star")
        .is_some_and(|sql| sql.is_string()));
    assert_eq!(read, body["result"], "the save answers what a read gives");
    let settings = [
        "filter_select_enabled",
        "fetch_values_predicate",
        "description",
        "main_dttm_col",
        "normalize_columns",
        "always_filter_main_dttm",
        "offset",
        "default_endpoint",
        "cache_timeout",
        "template_params",
        "extra",
        "external_url",
    ]
    .map(|key| (key, read[key].clone()));
    assert_eq!(
        settings,
        [
            ("filter_select_enabled", json!(false)),
            ("fetch_values_predicate", json!("num > 0")),
            ("description", json!("Names given at birth")),
            ("main_dttm_col", json!("ds")),
            ("normalize_columns", json!(true)),
            ("always_filter_main_dttm", json!(true)),
            ("offset", json!(2)),
            ("default_endpoint", Value::Null),
            ("cache_timeout", Value::Null),
            ("template_params", json!("{\"state\": \"CA\"}")),
            ("extra", json!("{\"warning_markdown\": \"Sample data\"}")),
            ("external_url", Value::Null),
        ]
    );
    assert_eq!(read["owners"][0]["id"], admin_id);
    assert_eq!(read["owners"].as_array().unwrap().len(), 1);

    let metrics = read["metrics"].as_array().unwrap();
    assert_eq!(metrics.len(), 2);
    assert_eq!(
        metrics[0]["id"], count_metric["id"],
        "a metric with an id is edited in place"
    );
    assert_eq!(metrics[0]["verbose_name"], "Births");
    assert_eq!(
        metrics[0]["d3format"],
        Value::Null,
        "an empty d3format becomes null"
    );
    assert_eq!(metrics[0]["warning_text"], "Approximate");
    assert_eq!(
        metrics[0]["currency"],
        json!({"symbol": "USD", "symbolPosition": "prefix"})
    );
    let metric_extra: Value = serde_json::from_str(metrics[0]["extra"].as_str().unwrap()).unwrap();
    assert_eq!(metric_extra["certification"]["certified_by"], "Data team");
    assert_eq!(metric_extra["warning_markdown"], "Counts *rows*");
    assert_eq!(
        (metrics[1]["metric_name"].clone(), metrics[1]["d3format"].clone()),
        (json!("sum_num"), json!(",.0f"))
    );

    let read_columns = read["columns"].as_array().unwrap();
    assert_eq!(read_columns.len(), before["columns"].as_array().unwrap().len());
    let ds = read_columns
        .iter()
        .find(|column| column["column_name"] == "ds")
        .unwrap();
    assert_eq!(ds["verbose_name"], "Day");
    assert_eq!(ds["python_date_format"], "%Y-%m-%d");
    assert_eq!(ds["groupby"], false);
    let column_extra: Value = serde_json::from_str(ds["extra"].as_str().unwrap()).unwrap();
    assert_eq!(column_extra["certification"]["details"], "Checked");
    // Superset's column property `warning_markdown`, read from the saved `extra`.
    assert_eq!(ds["warning_markdown"], "Counts *rows*");
    let gender = read_columns
        .iter()
        .find(|column| column["column_name"] == "gender")
        .unwrap();
    assert_eq!(
        (
            gender["python_date_format"].clone(),
            gender["description"].clone()
        ),
        (Value::Null, Value::Null),
        "empty texts become null"
    );
    assert_eq!(gender["warning_markdown"], Value::Null, "no extra, no warning");
}

async fn refuses_bad_items(app: &TestApp, admin: &As, id: i64) {
    let (status, body) = put(
        app,
        admin,
        id,
        json!({"metrics": [{"metric_name": "m", "expression": "COUNT(*)", "extra": "{certified"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"]["metrics"],
        json!(["Field cannot be decoded by JSON."])
    );
    let (status, body) = put(
        app,
        admin,
        id,
        json!({"columns": [{"column_name": "num", "extra": "[1]"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"]["columns"],
        json!(["Field cannot be decoded by JSON."])
    );
    // A new row's client-side id is not sent (spec 001 section 3): a text id is a schema error.
    let (status, body) = put(
        app,
        admin,
        id,
        json!({"columns": [{"id": "new-1", "column_name": "num"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = put(app, admin, id, json!({"owners": [987_654]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"]["owners"], json!(["Owners are invalid"]));
    let read = app.get(&format!("/api/v1/dataset/{id}"), admin).await;
    assert_eq!(
        read.json["result"]["metrics"].as_array().unwrap().len(),
        2,
        "refused saves change nothing"
    );
}

/// `POST /api/v1/dataset/` with the spec's payload (database, table_name, schema, sql,
/// template_params, columns).
async fn creates_a_virtual_dataset_with_columns(app: &TestApp, admin: &As, database_id: i64) {
    let created = app
        .post(
            "/api/v1/dataset/",
            json!({
                "database": database_id,
                "schema": "main",
                "table_name": "births_by_day",
                "sql": "SELECT '2020-01-01' AS day_text, 3 AS births",
                "template_params": "{\"limit\": 5}",
                "columns": [
                    {"column_name": "day_text", "type": "VARCHAR", "is_dttm": true},
                    {"column_name": "births", "type": "INTEGER", "is_dttm": false},
                ],
            }),
            admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    let read = app.get(&format!("/api/v1/dataset/{id}"), admin).await.json["result"].clone();
    assert_eq!(read["kind"], "virtual");
    assert_eq!(read["template_params"], "{\"limit\": 5}");
    let columns: Vec<(Value, Value)> = read["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| (column["column_name"].clone(), column["is_dttm"].clone()))
        .collect();
    assert_eq!(
        columns,
        vec![(json!("day_text"), json!(true)), (json!("births"), json!(false))]
    );
    assert_eq!(read["main_dttm_col"], "day_text");

    // The swap dialog's search: table_name contains the text, one page.
    let search = app
        .get(
            "/api/v1/dataset/?q=(filters:!((col:table_name,opr:ct,value:by_d)),order_column:table_name,order_direction:asc,page:0,page_size:20)",
            admin,
        )
        .await;
    assert_eq!(search.status, StatusCode::OK, "{}", search.json);
    assert_eq!(search.json["count"], 1);
    assert_eq!(search.json["result"][0]["table_name"], "births_by_day");
    assert_eq!(search.json["result"][0]["kind"], "virtual");
    let row = &search.json["result"][0];
    assert_eq!(row["id"], id);
    assert_eq!(row["schema"], "main");
    assert_eq!(row["database"]["database_name"], "examples");
    assert_eq!(row["owners"][0]["first_name"], "Superset");

    // The SQL changed: `override_columns` replaces the stored columns with the given ones.
    let overridden = app
        .call(
            Method::PUT,
            &format!("/api/v1/dataset/{id}?override_columns=true"),
            Some(json!({
                "sql": "SELECT 1 AS one",
                "columns": [{"column_name": "one", "type": "INTEGER", "is_dttm": false}],
            })),
            admin,
        )
        .await;
    assert_eq!(overridden.status, StatusCode::OK, "{}", overridden.json);
    let names: Vec<Value> = overridden.json["result"]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|column| column["column_name"].clone())
        .collect();
    assert_eq!(names, vec![json!("one")]);
    assert_eq!(overridden.json["result"]["sql"], "SELECT 1 AS one");
}

async fn check_dataset_edits(app: &TestApp) {
    let admin = app.admin().await;
    let admin_id = app.get("/api/v1/me/", &admin).await.json["result"]["id"]
        .as_i64()
        .unwrap();
    let id = app.dataset_id("birth_names").await;
    reads_the_whole_dataset(app, &admin, id).await;
    refuses_numbers_that_are_not_whole(app, &admin, id).await;
    saves_every_field_of_the_dialog(app, &admin, id, admin_id).await;
    refuses_bad_items(app, &admin, id).await;
    let database_id = app.get(&format!("/api/v1/dataset/{id}"), &admin).await.json["result"]["database"]
        ["id"]
        .as_i64()
        .unwrap();
    creates_a_virtual_dataset_with_columns(app, &admin, database_id).await;
}

#[tokio::test]
async fn dataset_edits_on_sqlite_metadata() {
    let app = TestApp::with_examples().await;
    check_dataset_edits(&app).await;
    app.close().await;
}

#[tokio::test]
async fn dataset_edits_on_postgres_metadata() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_dataset_edits(&app).await;
    app.close().await;
}

#[tokio::test]
async fn only_owners_and_admins_change_refresh_or_delete_a_dataset() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    app.create_user("owner_alpha", "pw", &["Alpha"]).await;
    app.create_user("other_alpha", "pw", &["Alpha"]).await;
    let owner = app.token("owner_alpha", "pw").await;
    let other = app.token("other_alpha", "pw").await;
    let owner_id = app
        .state
        .store
        .user_by_username("owner_alpha")
        .await
        .unwrap()
        .unwrap()
        .id;
    let birth_names = app.dataset_id("birth_names").await;
    let database_id = app.state.store.dataset(birth_names).await.unwrap().database.id.0;
    let owned = app
        .state
        .store
        .create_dataset(&quiver_server::store::dataset::NewDataset {
            database_id,
            schema: Some("main"),
            table_name: "owned_births",
            sql: Some("SELECT name, num FROM birth_names"),
            main_dttm_col: None,
            columns: &[],
            metrics: &[],
            owners: &[owner_id],
        })
        .await
        .unwrap();

    // Another Alpha (can_write on Dataset, not an owner): refused with Superset's text, unchanged.
    let (status, body) = put(&app, &other, owned, json!({"description": "not mine"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["message"], "Changing this Dataset is forbidden");
    let refreshed = app
        .call(
            Method::PUT,
            &format!("/api/v1/dataset/{owned}/refresh"),
            None,
            &other,
        )
        .await;
    assert_eq!(refreshed.status, StatusCode::FORBIDDEN, "{}", refreshed.json);
    let deleted = app
        .call(Method::DELETE, &format!("/api/v1/dataset/{owned}"), None, &other)
        .await;
    assert_eq!(deleted.status, StatusCode::FORBIDDEN, "{}", deleted.json);
    let read = app.get(&format!("/api/v1/dataset/{owned}"), &admin).await;
    assert_eq!(read.json["result"]["description"], Value::Null);

    // The owner and an admin may.
    let (status, body) = put(&app, &owner, owned, json!({"description": "mine"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["description"], "mine");
    let (status, body) = put(&app, &admin, owned, json!({"description": "the admin's"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let deleted = app
        .call(Method::DELETE, &format!("/api/v1/dataset/{owned}"), None, &owner)
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.json);
    let gone = app.get(&format!("/api/v1/dataset/{owned}"), &admin).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);

    // An example dataset the Alpha does not own stays the admin's to change.
    let (status, _) = put(&app, &other, birth_names, json!({"description": "x"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    app.close().await;
}
