//! SQL Lab state over HTTP: saved queries (CRUD and the generic list, creator-only), permalinks,
//! the query history (list filters and visibility) and server-kept tabs (`/tabstateview/`,
//! `/tableschemaview/`, `GET /api/v1/sqllab/`), on SQLite and PostgreSQL metadata.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use common::{As, TestApp, ThrowawayDatabase};
use serde_json::{json, Value};

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// A list call with a rison `q`: status and body.
async fn list(app: &TestApp, who: &As, resource: &str, q: &str) -> (StatusCode, Value) {
    let answer = app
        .get(&format!("/api/v1/{resource}/?q={}", urlencoding(q)), who)
        .await;
    (answer.status, answer.json)
}

fn strings(body: &Value, field: &str) -> Vec<String> {
    body["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row[field].as_str().unwrap().to_owned())
        .collect()
}

async fn save(app: &TestApp, who: &As, body: Value) -> i64 {
    let answer = app.post("/api/v1/saved_query/", body, who).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    answer.json["id"].as_i64().unwrap()
}

/// A second user with SQL Lab rights: Gamma plus sql_lab, with access to the examples.
async fn analyst(app: &TestApp, name: &str) -> As {
    let database_id = app.examples_id().await;
    app.state
        .store
        .grant_permission(
            "sql_lab",
            "database_access",
            &quiver_server::auth::permissions::database_view("examples", database_id),
        )
        .await
        .unwrap();
    app.create_user(name, "analyst-password-1", &["Gamma", "sql_lab"])
        .await;
    app.token(name, "analyst-password-1").await
}

async fn check_saved_queries(app: &TestApp) {
    let admin = app.admin().await;
    let database_id = app.examples_id().await;
    let first = save(
        app,
        &admin,
        json!({"label": "Births by gender", "description": "totals", "db_id": database_id,
               "schema": "main", "sql": "SELECT gender, SUM(num) FROM birth_names GROUP BY gender",
               "template_parameters": "{\"limit\": 10}"}),
    )
    .await;
    let second = save(
        app,
        &admin,
        json!({"label": "Flights 50%", "db_id": database_id, "sql": "SELECT * FROM flights"}),
    )
    .await;

    // GET answers Superset's fields.
    let answer = app.get(&format!("/api/v1/saved_query/{first}"), &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let result = &answer.json["result"];
    assert_eq!(answer.json["id"], first);
    assert_eq!(result["label"], "Births by gender");
    assert_eq!(result["description"], "totals");
    assert_eq!(result["database"]["id"], database_id);
    assert_eq!(result["database"]["database_name"], "examples");
    assert_eq!(result["schema"], "main");
    assert_eq!(result["template_parameters"], "{\"limit\": 10}");
    assert_eq!(result["changed_on_delta_humanized"], "now");
    assert!(result["created_by"]["id"].is_number(), "{result}");

    // PUT changes only what it sends.
    let answer = app
        .call(
            Method::PUT,
            &format!("/api/v1/saved_query/{first}"),
            Some(json!({"sql": "SELECT 1", "label": "Births v2"})),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json["result"]["sql"], "SELECT 1");
    assert_eq!(answer.json["result"]["label"], "Births v2");
    assert_eq!(answer.json["result"]["description"], "totals");

    // The list: filters, all_text, order, count.
    let (status, body) = list(
        app,
        &admin,
        "saved_query",
        "(order_column:label,order_direction:asc)",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["count"], 2);
    assert_eq!(strings(&body, "label"), ["Births v2", "Flights 50%"]);
    let (_, body) = list(
        app,
        &admin,
        "saved_query",
        "(filters:!((col:label,opr:ct,value:'50%')))",
    )
    .await;
    assert_eq!(body["ids"], json!([second]));
    let (_, body) = list(
        app,
        &admin,
        "saved_query",
        "(filters:!((col:label,opr:all_text,value:flights)))",
    )
    .await;
    assert_eq!(body["ids"], json!([second]));
    let (_, body) = list(
        app,
        &admin,
        "saved_query",
        &format!("(filters:!((col:database,opr:rel_o_m,value:{database_id})),order_column:changed_on_delta_humanized,order_direction:desc)"),
    )
    .await;
    assert_eq!(body["count"], 2);
    assert_eq!(body["ids"], json!([first, second]));
    // Favorites (`saved_query_is_fav`, favstar class "query") and the creator (`created_by`).
    let me = app.get("/api/v1/me/", &admin).await.json["result"]["id"]
        .as_i64()
        .unwrap();
    app.state.store.add_favorite(me, "query", second).await.unwrap();
    for (q, ids) in [
        (
            "(filters:!((col:id,opr:saved_query_is_fav,value:!t)))".to_owned(),
            json!([second]),
        ),
        (
            "(filters:!((col:id,opr:saved_query_is_fav,value:!f)))".to_owned(),
            json!([first]),
        ),
        (
            format!("(filters:!((col:created_by,opr:rel_o_m,value:{me})),order_column:id)"),
            json!([first, second]),
        ),
        (
            format!("(filters:!((col:created_by,opr:rel_o_m,value:{})))", me + 1000),
            json!([]),
        ),
    ] {
        let (status, body) = list(app, &admin, "saved_query", &q).await;
        assert_eq!(status, StatusCode::OK, "{q}: {body}");
        assert_eq!(body["ids"], ids, "{q}");
    }
    let (_, body) = list(
        app,
        &admin,
        "saved_query",
        "(select_columns:!(id,label),page_size:1,page:1,order_column:id)",
    )
    .await;
    assert_eq!(body["result"], json!([{"id": second, "label": "Flights 50%"}]));
    let (status, body) = list(
        app,
        &admin,
        "saved_query",
        "(order_column:'label; DROP TABLE saved_query')",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // Another user sees none of them and cannot touch them.
    let other = analyst(app, "saved_other").await;
    let (status, body) = list(app, &other, "saved_query", "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["count"], 0);
    for method in [Method::GET, Method::PUT, Method::DELETE] {
        let body = (method == Method::PUT).then(|| json!({"label": "mine now"}));
        let answer = app
            .call(
                method.clone(),
                &format!("/api/v1/saved_query/{first}"),
                body,
                &other,
            )
            .await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{method}: {}", answer.json);
    }
    let own = save(
        app,
        &other,
        json!({"label": "Mine", "db_id": database_id, "sql": "SELECT 2"}),
    )
    .await;
    let (_, body) = list(app, &other, "saved_query", "").await;
    assert_eq!(body["ids"], json!([own]));

    // Bad input.
    let answer = app
        .post(
            "/api/v1/saved_query/",
            json!({"label": "x", "db_id": 99999}),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", answer.json);
    assert_eq!(
        answer.json["message"],
        json!({"db_id": ["Database does not exist"]})
    );
    let answer = app
        .post("/api/v1/saved_query/", json!({"label": "x".repeat(257)}), &admin)
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);
    assert_eq!(
        answer.json["message"],
        json!({"label": ["Length must be between 0 and 256."]})
    );
    let answer = app
        .post("/api/v1/saved_query/", json!({"label": "x", "owner": 1}), &admin)
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);

    // Bulk delete: all or nothing; someone else's query counts as missing.
    let third = save(
        app,
        &admin,
        json!({"label": "Third", "db_id": database_id, "sql": "SELECT 3"}),
    )
    .await;
    let answer = app
        .call(
            Method::DELETE,
            &format!("/api/v1/saved_query/?q=!({third},{own})"),
            None,
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND, "{}", answer.json);
    let answer = app
        .call(Method::DELETE, "/api/v1/saved_query/?q=!()", None, &admin)
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);
    let answer = app
        .call(
            Method::DELETE,
            &format!("/api/v1/saved_query/?q=!({third})"),
            None,
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json["message"], "Deleted 1 saved query");

    // Delete.
    let answer = app
        .call(
            Method::DELETE,
            &format!("/api/v1/saved_query/{second}"),
            None,
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json["message"], "OK");
    let answer = app.get(&format!("/api/v1/saved_query/{second}"), &admin).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn saved_queries_are_created_listed_changed_and_deleted_by_their_creator_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_saved_queries(&app).await;
    app.close().await;
}

#[tokio::test]
async fn saved_queries_are_created_listed_changed_and_deleted_by_their_creator_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_saved_queries(&app).await;
    app.close().await;
}

async fn run(app: &TestApp, who: &As, database_id: i64, sql: &str, tab: &str) -> (StatusCode, Value) {
    let answer = app
        .post(
            "/api/v1/sqllab/execute/",
            json!({"database_id": database_id, "sql": sql, "tab": tab, "sql_editor_id": "7", "queryLimit": 100}),
            who,
        )
        .await;
    (answer.status, answer.json)
}

async fn check_query_history(app: &TestApp) {
    let admin = app.admin().await;
    let database_id = app.examples_id().await;
    let (status, _) = run(
        app,
        &admin,
        database_id,
        "SELECT COUNT(*) AS n FROM birth_names",
        "Counts",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = run(app, &admin, database_id, "SELECT nope FROM birth_names", "Broken").await;
    assert_ne!(status, StatusCode::OK);
    let other = analyst(app, "history_other").await;
    let (status, body) = run(app, &other, database_id, "SELECT 42 AS answer", "Other").await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Admin sees every run, newest first.
    let (status, body) = list(app, &admin, "query", "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["count"], 3);
    assert_eq!(strings(&body, "tab_name"), ["Other", "Broken", "Counts"]);
    let first = &body["result"][2];
    assert_eq!(first["status"], "success");
    assert_eq!(first["rows"], 1);
    assert_eq!(first["database"]["database_name"], "examples");
    assert_eq!(first["user"]["first_name"], "Superset");
    assert!(first["start_time"].as_f64().unwrap() > 1.7e12);

    let (_, body) = list(
        app,
        &admin,
        "query",
        "(filters:!((col:status,opr:eq,value:failed)))",
    )
    .await;
    assert_eq!(strings(&body, "tab_name"), ["Broken"]);
    assert!(body["result"][0]["error_message"]
        .as_str()
        .unwrap()
        .contains("nope"));
    let (_, body) = list(app, &admin, "query", "(filters:!((col:sql,opr:ct,value:COUNT)))").await;
    assert_eq!(strings(&body, "tab_name"), ["Counts"]);
    let (_, body) = list(
        app,
        &admin,
        "query",
        &format!("(filters:!((col:database,opr:rel_o_m,value:{database_id}),(col:status,opr:eq,value:success)),order_column:tab_name,order_direction:asc)"),
    )
    .await;
    assert_eq!(strings(&body, "tab_name"), ["Counts", "Other"]);
    let other_id = app
        .state
        .store
        .user_by_username("history_other")
        .await
        .unwrap()
        .unwrap()
        .id;
    let (_, body) = list(
        app,
        &admin,
        "query",
        &format!("(filters:!((col:user,opr:rel_o_m,value:{other_id})))"),
    )
    .await;
    assert_eq!(strings(&body, "tab_name"), ["Other"]);

    // A user sees only their own runs, and one run by id.
    let (_, body) = list(app, &other, "query", "").await;
    assert_eq!(body["count"], 1);
    assert_eq!(strings(&body, "tab_name"), ["Other"]);
    let own_id = body["ids"][0].as_i64().unwrap();
    let answer = app.get(&format!("/api/v1/query/{own_id}"), &other).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json["result"]["sql"], "SELECT 42 AS answer");
    let (_, body) = list(
        app,
        &admin,
        "query",
        "(filters:!((col:tab_name,opr:eq,value:Counts)))",
    )
    .await;
    let admin_run = body["ids"][0].as_i64().unwrap();
    let answer = app.get(&format!("/api/v1/query/{admin_run}"), &other).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);

    let (status, body) = list(
        app,
        &admin,
        "query",
        "(filters:!((col:executed_sql,opr:ct,value:x)))",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["message"],
        "Filter column: executed_sql not allowed to filter"
    );
}

#[tokio::test]
async fn the_query_history_filters_and_shows_each_user_their_runs_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_query_history(&app).await;
    app.close().await;
}

#[tokio::test]
async fn the_query_history_filters_and_shows_each_user_their_runs_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_query_history(&app).await;
    app.close().await;
}

#[tokio::test]
async fn a_sqllab_permalink_keeps_the_query_and_is_read_back() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let database_id = app.examples_id().await;
    let state = json!({"name": "Births", "dbId": database_id, "schema": "main", "catalog": null,
                       "autorun": false, "sql": "SELECT 1", "templateParams": "{}"});
    let answer = app.post("/api/v1/sqllab/permalink", state.clone(), &admin).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    let key = answer.json["key"].as_str().unwrap().to_owned();
    assert!(answer.json["url"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/sqllab/p/{key}")));

    for path in [
        format!("/api/v1/sqllab/permalink/{key}"),
        format!("/api/v1/sqllab/permalink/kv:{key}"),
    ] {
        let answer = app.get(&path, &admin).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
        assert_eq!(answer.json, state);
    }
    let answer = app.get("/api/v1/sqllab/permalink/nope", &admin).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);

    // A database that does not exist, a body with unknown fields.
    let answer = app
        .post(
            "/api/v1/sqllab/permalink",
            json!({"name": "x", "dbId": 99999, "sql": "SELECT 1"}),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND, "{}", answer.json);
    let answer = app
        .post(
            "/api/v1/sqllab/permalink",
            json!({"name": "x", "dbId": database_id, "sql": "SELECT 1", "evil": true}),
            &admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);

    // Gamma without SQL Lab may neither create nor read one.
    app.create_user("gamma_link", "gamma-password-1", &["Gamma"])
        .await;
    let gamma = app.token("gamma_link", "gamma-password-1").await;
    let answer = app.get(&format!("/api/v1/sqllab/permalink/{key}"), &gamma).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    app.close().await;
}

/// A request whose body is form fields holding JSON, as Superset's client sends tab calls.
async fn form(
    app: &TestApp,
    method: Method,
    path: &str,
    fields: &[(&str, Value)],
    who: &As,
) -> (StatusCode, Value) {
    let body = fields
        .iter()
        .map(|(name, value)| format!("{name}={}", urlencoding(&value.to_string())))
        .collect::<Vec<_>>()
        .join("&");
    let mut builder = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let As::Bearer(token) = who {
        builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let answer = app.send(builder.body(Body::from(body)).unwrap()).await;
    (answer.status, answer.json)
}

async fn check_tab_state(app: &TestApp) {
    let user = analyst(app, "tabs_user").await;
    let database_id = app.examples_id().await;

    // Create two tabs: one as JSON, one as a form field; the last created is active.
    let answer = app
        .post(
            "/tabstateview/",
            json!({"queryEditor": {"id": "local1", "name": "Untitled Query 1", "dbId": database_id,
                   "schema": "main", "sql": "SELECT 1", "queryLimit": 100, "autorun": false,
                   "selectedText": null}}),
            &user,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let first = answer.json["id"].as_i64().unwrap();
    let (status, body) = form(
        app,
        Method::POST,
        "/tabstateview/",
        &[(
            "queryEditor",
            json!({"name": "Births", "dbId": database_id, "sql": "SELECT 2"}),
        )],
        &user,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let second = body["id"].as_i64().unwrap();
    let tab = app.get(&format!("/tabstateview/{first}"), &user).await;
    assert_eq!(tab.status, StatusCode::OK, "{}", tab.json);
    assert_eq!(tab.json["label"], "Untitled Query 1");
    assert_eq!(tab.json["sql"], "SELECT 1");
    assert_eq!(tab.json["query_limit"], 100);
    assert_eq!(tab.json["active"], false);
    assert_eq!(tab.json["database_id"], database_id);
    assert_eq!(tab.json["table_schemas"], json!([]));

    // Update: sql as a form field, settings as JSON; a saved query set then cleared.
    let (status, body) = form(
        app,
        Method::PUT,
        &format!("/tabstateview/{first}"),
        &[("sql", json!("SELECT 3"))],
        &user,
    )
    .await;
    assert_eq!((status, body), (StatusCode::OK, json!(first)));
    let saved = save(
        app,
        &user,
        json!({"label": "Kept", "db_id": database_id, "sql": "SELECT 3"}),
    )
    .await;
    let answer = app
        .call(
            Method::PUT,
            &format!("/tabstateview/{first}"),
            Some(
                json!({"label": "Renamed", "hide_left_bar": true, "saved_query_id": saved,
                        "extra_json": {"cursor": 4}}),
            ),
            &user,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let tab = app.get(&format!("/tabstateview/{first}"), &user).await;
    assert_eq!(tab.json["sql"], "SELECT 3");
    assert_eq!(tab.json["label"], "Renamed");
    assert_eq!(tab.json["hide_left_bar"], true);
    assert_eq!(tab.json["saved_query"], json!({"id": saved, "label": "Kept"}));
    assert_eq!(tab.json["extra_json"], json!({"cursor": 4}));
    let answer = app
        .call(
            Method::PUT,
            &format!("/tabstateview/{first}"),
            Some(json!({"saved_query_id": null})),
            &user,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let tab = app.get(&format!("/tabstateview/{first}"), &user).await;
    assert_eq!(tab.json["saved_query"], Value::Null);
    let answer = app
        .call(
            Method::PUT,
            &format!("/tabstateview/{first}"),
            Some(json!({"user_id": 1})),
            &user,
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);

    // Activate: exactly one active tab.
    let answer = app
        .post(&format!("/tabstateview/{first}/activate"), json!({}), &user)
        .await;
    assert_eq!((answer.status, answer.json), (StatusCode::OK, json!(first)));
    let bootstrap = app.get("/api/v1/sqllab/", &user).await;
    assert_eq!(bootstrap.status, StatusCode::OK, "{}", bootstrap.json);
    let result = &bootstrap.json["result"];
    assert_eq!(result["backend_persistence"], true);
    assert_eq!(result["active_tab"]["id"], first);
    assert_eq!(
        result["tab_state_ids"],
        json!([{"id": first, "label": "Renamed"}, {"id": second, "label": "Births"}])
    );

    // A run made in the browser-only tab moves into the server tab; then it is removed.
    let (status, body) = run(app, &user, database_id, "SELECT 5 AS five", "Renamed").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let client_id = body["query"]["id"].as_str().unwrap().to_owned();
    let answer = app
        .post(
            &format!("/tabstateview/{first}/migrate_query"),
            json!({"queryId": client_id}),
            &user,
        )
        .await;
    assert_eq!(
        (answer.status, answer.json.clone()),
        (StatusCode::OK, json!(first))
    );
    let answer = app
        .call(
            Method::PUT,
            &format!("/tabstateview/{first}"),
            Some(json!({"latest_query_id": client_id})),
            &user,
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    let tab = app.get(&format!("/tabstateview/{first}"), &user).await;
    assert_eq!(tab.json["latest_query"]["id"], client_id.as_str());
    assert_eq!(tab.json["latest_query"]["state"], "success");
    let bootstrap = app.get("/api/v1/sqllab/", &user).await;
    assert_eq!(
        bootstrap.json["result"]["queries"][&client_id]["sqlEditorId"],
        first.to_string()
    );
    let path = format!("/tabstateview/{first}/query/{client_id}");
    let answer = app.call(Method::DELETE, &path, None, &user).await;
    assert_eq!((answer.status, answer.json), (StatusCode::OK, json!("OK")));
    let answer = app.call(Method::DELETE, &path, None, &user).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    let answer = app
        .post(
            &format!("/tabstateview/{first}/migrate_query"),
            json!({"queryId": "unknown0000"}),
            &user,
        )
        .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);

    // Tables: opened (twice: replaced), collapsed, removed.
    let table = json!({"queryEditorId": first, "dbId": database_id, "schema": "main", "name": "birth_names",
                       "columns": [{"name": "ds"}], "expanded": true});
    let answer = app
        .post("/tableschemaview/", json!({"table": table}), &user)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let (status, body) = form(
        app,
        Method::POST,
        "/tableschemaview/",
        &[("table", table.clone())],
        &user,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let table_id = body["id"].as_i64().unwrap();
    let tab = app.get(&format!("/tabstateview/{first}"), &user).await;
    let schemas = tab.json["table_schemas"].as_array().unwrap();
    assert_eq!(schemas.len(), 1);
    assert_eq!(schemas[0]["id"], table_id);
    assert_eq!(schemas[0]["table"], "birth_names");
    assert_eq!(schemas[0]["expanded"], true);
    assert_eq!(schemas[0]["description"]["columns"], json!([{"name": "ds"}]));
    let answer = app
        .post(
            &format!("/tableschemaview/{table_id}/expanded"),
            json!({"expanded": false}),
            &user,
        )
        .await;
    assert_eq!(answer.json, json!({"id": table_id, "expanded": false}));
    let tab = app.get(&format!("/tabstateview/{first}"), &user).await;
    assert_eq!(tab.json["table_schemas"][0]["expanded"], false);

    // The table posted again with its preview's client id and `initialized` (Superset's
    // `syncTable`): the same entry, whose description keeps them for a restored tab.
    let previewed = json!({"queryEditorId": first, "dbId": database_id, "schema": "main",
                           "name": "birth_names", "columns": [{"name": "ds"}], "expanded": false,
                           "dataPreviewQueryId": "preview0001", "initialized": true});
    let answer = app
        .post("/tableschemaview/", json!({"table": previewed}), &user)
        .await;
    assert_eq!(answer.json, json!({"id": table_id}));
    let tab = app.get(&format!("/tabstateview/{first}"), &user).await;
    let schemas = tab.json["table_schemas"].as_array().unwrap();
    assert_eq!(schemas.len(), 1);
    assert_eq!(schemas[0]["expanded"], false);
    assert_eq!(schemas[0]["description"]["dataPreviewQueryId"], "preview0001");
    assert_eq!(schemas[0]["description"]["initialized"], true);
    assert_eq!(schemas[0]["description"]["columns"], json!([{"name": "ds"}]));
    let answer = app
        .post(
            "/tableschemaview/",
            json!({"table": {"queryEditorId": first, "dbId": database_id, "schema": "main",
                             "name": "birth_names", "initialized": "yes"}}),
            &user,
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);

    // Another user: 403 on the tab and its tables; a missing tab or table: 404.
    let other = analyst(app, "tabs_other").await;
    for (method, path, body) in [
        (Method::GET, format!("/tabstateview/{first}"), None),
        (
            Method::PUT,
            format!("/tabstateview/{first}"),
            Some(json!({"sql": "x"})),
        ),
        (
            Method::POST,
            format!("/tabstateview/{first}/activate"),
            Some(json!({})),
        ),
        (Method::DELETE, format!("/tabstateview/{first}"), None),
        (Method::DELETE, format!("/tableschemaview/{table_id}"), None),
        (
            Method::POST,
            format!("/tableschemaview/{table_id}/expanded"),
            Some(json!({"expanded": true})),
        ),
    ] {
        let answer = app.call(method.clone(), &path, body, &other).await;
        assert_eq!(
            answer.status,
            StatusCode::FORBIDDEN,
            "{method} {path}: {}",
            answer.json
        );
    }
    let answer = app
        .post("/tableschemaview/", json!({"table": table}), &other)
        .await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.json);
    assert_eq!(
        app.get("/tabstateview/999999", &user).await.status,
        StatusCode::NOT_FOUND
    );

    let answer = app
        .call(
            Method::DELETE,
            &format!("/tableschemaview/{table_id}"),
            None,
            &user,
        )
        .await;
    assert_eq!((answer.status, answer.json), (StatusCode::OK, json!("OK")));
    let answer = app
        .call(Method::DELETE, &format!("/tabstateview/{second}"), None, &user)
        .await;
    assert_eq!((answer.status, answer.json), (StatusCode::OK, json!("OK")));
    assert_eq!(
        app.get(&format!("/tabstateview/{second}"), &user).await.status,
        StatusCode::NOT_FOUND
    );
    let answer = app
        .call(Method::DELETE, &format!("/tabstateview/{second}"), None, &user)
        .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);

    // Bad bodies.
    let answer = app
        .post("/tabstateview/", json!({"queryEditor": {"dbId": 99999}}), &user)
        .await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", answer.json);
    let answer = app.post("/tabstateview/", json!({"editor": {}}), &user).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.json);
}

#[tokio::test]
async fn tabs_and_their_tables_are_kept_on_the_server_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_tab_state(&app).await;
    app.close().await;
}

#[tokio::test]
async fn tabs_and_their_tables_are_kept_on_the_server_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_tab_state(&app).await;
    app.close().await;
}

#[tokio::test]
async fn the_bootstrap_reports_the_persistence_flag() {
    let app = TestApp::with_config(false, None, |settings| {
        settings.sqllab_backend_persistence = false;
    })
    .await;
    let admin = app.admin().await;
    let answer = app.get("/api/v1/sqllab/", &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(
        answer.json["result"],
        json!({
            "backend_persistence": false,
            "active_tab": null,
            "tab_state_ids": [],
            "queries": {},
            "sqllab_config": {"default_sqllab_limit": 1000, "default_database_id": null, "query_result_timeout_seconds": 0}
        })
    );
    app.close().await;
}

#[tokio::test]
async fn the_bootstrap_carries_the_configured_sqllab_defaults() {
    let app = TestApp::with_config(false, None, |settings| {
        settings.default_sqllab_limit = 250;
        settings.sqllab_default_dbid = Some(7);
        settings.sqllab_query_result_timeout = 30;
    })
    .await;
    let admin = app.admin().await;
    let answer = app.get("/api/v1/sqllab/", &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(
        answer.json["result"]["sqllab_config"],
        json!({"default_sqllab_limit": 250, "default_database_id": 7, "query_result_timeout_seconds": 30})
    );
    app.close().await;
}

/// `sql_tables` of the query history and of saved queries: the tables each script reads, parsed
/// with its database's dialect (DuckDB examples, MariaDB backticks); a CTE's name is not a table;
/// a templated run's tables are read from the SQL that ran.
#[tokio::test]
async fn runs_and_saved_queries_list_the_tables_their_sql_reads() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let examples = app.examples_id().await;
    let seeded = crate::sqllab::SeededEngines::create().await;
    let mariadb_name = seeded.mariadb.name.clone();
    let mariadb = crate::sqllab::register(&app, "tables mariadb", &seeded.mariadb.url, "mysql", false).await;
    let table =
        |table: &str, schema: Option<&str>| json!({"table": table, "schema": schema, "catalog": null});

    let joined = "WITH boys AS (SELECT * FROM main.birth_names WHERE gender = 'boy') \
                  SELECT b.name FROM boys b JOIN birth_names n ON n.name = b.name LIMIT 3";
    let (status, body) = run(&app, &admin, examples, joined, "Joined").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let backticked =
        format!("SELECT `gender`, COUNT(*) AS n FROM `{mariadb_name}`.`birth_names` GROUP BY `gender`");
    let (status, body) = run(&app, &admin, mariadb, &backticked, "Backticks").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let templated = app
        .post(
            "/api/v1/sqllab/execute/",
            json!({"database_id": examples, "sql": "SELECT name FROM {{ source }} LIMIT 1", "tab": "Templated",
                   "sql_editor_id": "7", "queryLimit": 10, "templateParams": json!({"source": "birth_names"}).to_string()}),
            &admin,
        )
        .await;
    assert_eq!(templated.status, StatusCode::OK, "{}", templated.json);
    let (status, body) = run(&app, &admin, examples, "SELECT 42 AS answer", "No table").await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, body) = list(&app, &admin, "query", "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let tables_of = |tab: &str| -> Value {
        body["result"]
            .as_array()
            .unwrap()
            .iter()
            .find(|run| run["tab_name"] == tab)
            .unwrap_or_else(|| panic!("no run {tab} in {body}"))["sql_tables"]
            .clone()
    };
    assert_eq!(
        tables_of("Joined"),
        json!([table("birth_names", None), table("birth_names", Some("main"))])
    );
    assert_eq!(
        tables_of("Backticks"),
        json!([table("birth_names", Some(mariadb_name.as_str()))])
    );
    assert_eq!(tables_of("Templated"), json!([table("birth_names", None)]));
    assert_eq!(tables_of("No table"), json!([]));
    let one_id = body["result"][0]["id"].as_i64().unwrap();
    let one = app.get(&format!("/api/v1/query/{one_id}"), &admin).await;
    assert_eq!(one.status, StatusCode::OK, "{}", one.json);
    assert_eq!(one.json["result"]["sql_tables"], body["result"][0]["sql_tables"]);

    let saved = save(
        &app,
        &admin,
        json!({"db_id": mariadb, "label": "Genders", "sql": backticked, "schema": mariadb_name}),
    )
    .await;
    let answer = app.get(&format!("/api/v1/saved_query/{saved}"), &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(
        answer.json["result"]["sql_tables"],
        json!([table("birth_names", Some(mariadb_name.as_str()))])
    );
    // An edit of the SQL changes its tables; the list shows them too.
    let changed = app
        .call(
            Method::PUT,
            &format!("/api/v1/saved_query/{saved}"),
            Some(json!({"sql": "SELECT * FROM a_table JOIN other.b_table USING (id)"})),
            &admin,
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.json);
    let (status, body) = list(&app, &admin, "saved_query", "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["result"][0]["sql_tables"],
        json!([table("a_table", None), table("b_table", Some("other"))])
    );
    app.close().await;
}
