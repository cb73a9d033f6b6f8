//! The generic resource calls of spec 000 §7 on every list resource (chart, dashboard, dataset,
//! database, saved_query, tag, annotation_layer and query), on SQLite and PostgreSQL metadata:
//! `POST` and `PUT` give `id` and `result`, `GET /{id}` gives `result`, every list operator,
//! paging and sorting, related and distinct values, favorites, bulk deletes, and malformed `q`
//! refused with a 400 that says why.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::{As, TestApp, ThrowawayDatabase};
use serde_json::{json, Value};

/// The two objects each resource's checks create: `%` and `_` are matched literally.
const ALPHA: &str = "zz alpha_one";
const BETA: &str = "zz beta%two";

fn encoded(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// What the checks need to know about the examples.
struct Examples {
    database: i64,
    dataset: i64,
}

/// How a resource deletes several objects at once.
#[derive(Clone, Copy, PartialEq)]
enum BulkDelete {
    /// `DELETE /api/v1/{resource}/?q=!(ids)`, answering "Deleted n {noun}s".
    ByIds,
    /// `DELETE /api/v1/tag/?q=!(names)`.
    ByNames,
}

/// A resource of the generic API with a `POST` and a `PUT`.
struct Resource {
    name: &'static str,
    /// The text column holding the object's name (filter, order and row field).
    name_column: &'static str,
    post: fn(&Examples, &str) -> Value,
    bulk_delete: BulkDelete,
    favorites: bool,
    /// The columns `related/{column}` offers, each answering users, and one it does not.
    related_users: &'static [&'static str],
}

const RESOURCES: &[Resource] = &[
    Resource {
        name: "chart",
        name_column: "slice_name",
        post: |examples, name| {
            json!({"slice_name": name, "viz_type": "table", "datasource_id": examples.dataset,
                   "datasource_type": "table", "params": "{}"})
        },
        bulk_delete: BulkDelete::ByIds,
        favorites: true,
        related_users: &["owners", "created_by", "changed_by"],
    },
    Resource {
        name: "dashboard",
        name_column: "dashboard_title",
        post: |_, name| json!({"dashboard_title": name}),
        bulk_delete: BulkDelete::ByIds,
        favorites: true,
        related_users: &["owners", "created_by", "changed_by"],
    },
    Resource {
        name: "dataset",
        name_column: "table_name",
        post: |examples, name| {
            json!({"database": examples.database, "schema": "main", "table_name": name,
                   "sql": "SELECT 1 AS one"})
        },
        bulk_delete: BulkDelete::ByIds,
        favorites: false,
        related_users: &["owners", "created_by", "changed_by"],
    },
    Resource {
        name: "database",
        name_column: "database_name",
        post: |_, name| json!({"database_name": name, "sqlalchemy_uri": "sqlite:////tmp/quiver-none.db"}),
        bulk_delete: BulkDelete::ByIds,
        favorites: false,
        related_users: &["created_by", "changed_by"],
    },
    Resource {
        name: "saved_query",
        name_column: "label",
        post: |examples, name| json!({"label": name, "db_id": examples.database, "schema": "main", "sql": "SELECT 1"}),
        bulk_delete: BulkDelete::ByIds,
        favorites: false,
        related_users: &["created_by", "changed_by"],
    },
    Resource {
        name: "tag",
        name_column: "name",
        post: |_, name| json!({"name": name, "description": "made by the resource API test"}),
        bulk_delete: BulkDelete::ByNames,
        favorites: true,
        related_users: &["created_by", "changed_by"],
    },
    Resource {
        name: "annotation_layer",
        name_column: "name",
        post: |_, name| json!({"name": name, "descr": "made by the resource API test"}),
        bulk_delete: BulkDelete::ByIds,
        favorites: false,
        related_users: &["created_by", "changed_by"],
    },
];

async fn call(app: &TestApp, who: &As, method: Method, path: &str, q: &str) -> (StatusCode, Value) {
    let answer = app
        .call(method, &format!("{path}?q={}", encoded(q)), None, who)
        .await;
    (answer.status, answer.json)
}

/// `POST`: 201 with the new `id` and the object as `result`.
async fn create(app: &TestApp, who: &As, resource: &Resource, examples: &Examples, name: &str) -> i64 {
    let path = format!("/api/v1/{}/", resource.name);
    let answer = app.post(&path, (resource.post)(examples, name), who).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{path}: {}", answer.json);
    let id = answer.json["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("{path}: no id in {}", answer.json));
    assert_eq!(answer.json["result"][resource.name_column], name, "{path}");
    id
}

/// The checks every resource passes; `alpha` and `beta` are its two objects.
async fn check_list_calls(app: &TestApp, admin: &As, resource: &Resource, alpha: i64, beta: i64, me: i64) {
    let path = format!("/api/v1/{}/", resource.name);
    let name = resource.name_column;
    let scope = format!("(col:{name},opr:sw,value:'zz ')");
    let list = |filter: String| format!("(filters:!({scope}{filter}),order_column:id,order_direction:asc)");
    for (filter, expected) in [
        (format!(",(col:{name},opr:sw,value:'ZZ A')"), vec![alpha]),
        (format!(",(col:{name},opr:ew,value:'%TWO')"), vec![beta]),
        (format!(",(col:{name},opr:ct,value:'a_o')"), vec![alpha]),
        (format!(",(col:{name},opr:eq,value:'{ALPHA}')"), vec![alpha]),
        (format!(",(col:{name},opr:neq,value:'{ALPHA}')"), vec![beta]),
        (format!(",(col:{name},opr:nsw,value:'zz a')"), vec![beta]),
        (format!(",(col:{name},opr:new,value:ONE)"), vec![beta]),
        (format!(",(col:{name},opr:nct,value:'%')"), vec![alpha]),
        (format!(",(col:id,opr:gt,value:{alpha})"), vec![beta]),
        (format!(",(col:id,opr:lt,value:{beta})"), vec![alpha]),
        (format!(",(col:id,opr:eq,value:{beta})"), vec![beta]),
        (
            format!(",(col:id,opr:between,value:!({},{beta}))", alpha - 1),
            vec![alpha],
        ),
        (format!(",(col:id,opr:between,value:!({alpha},!n))"), vec![beta]),
        (
            format!(",(col:created_by,opr:rel_o_m,value:{me})"),
            vec![alpha, beta],
        ),
        (
            format!(",(col:created_by,opr:rel_o_m,value:{})", me + 1000),
            vec![],
        ),
        (String::new(), vec![alpha, beta]),
    ] {
        let q = list(filter);
        let (status, body) = call(app, admin, Method::GET, &path, &q).await;
        assert_eq!(status, StatusCode::OK, "{path} {q}: {body}");
        assert_eq!(body["ids"], json!(expected), "{path} {q}");
        assert_eq!(body["count"], expected.len(), "{path} {q}");
        let rows = body["result"].as_array().unwrap();
        assert_eq!(rows.len(), expected.len(), "{path} {q}");
    }

    // Sorting by the name both ways; paging keeps the total count.
    for (order, page, page_size, expected) in [
        ("asc", 0, 25, vec![alpha, beta]),
        ("desc", 0, 25, vec![beta, alpha]),
        ("asc", 1, 1, vec![beta]),
        ("desc", 1, 1, vec![alpha]),
        ("asc", 2, 1, vec![]),
    ] {
        let q = format!(
            "(filters:!({scope}),order_column:{name},order_direction:{order},page:{page},page_size:{page_size})"
        );
        let (status, body) = call(app, admin, Method::GET, &path, &q).await;
        assert_eq!(status, StatusCode::OK, "{path} {q}: {body}");
        assert_eq!(
            (body["count"].clone(), body["ids"].clone()),
            (json!(2), json!(expected)),
            "{path} {q}"
        );
    }
    let (_, body) = call(
        app,
        admin,
        Method::GET,
        &path,
        &format!("(filters:!({scope}),order_column:{name},order_direction:asc,select_columns:!(id,{name}))"),
    )
    .await;
    assert_eq!(
        body["result"],
        json!([{"id": alpha, name: ALPHA}, {"id": beta, name: BETA}]),
        "{path}"
    );

    check_refusals(app, admin, &path, name).await;

    // Related users: "first last", filtered anywhere in the name; other columns are a 404.
    for column in resource.related_users {
        let related = format!("/api/v1/{}/related/{column}", resource.name);
        let (status, body) = call(
            app,
            admin,
            Method::GET,
            &related,
            "(filter:'SET ADM',page:0,page_size:5)",
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{related}: {body}");
        assert_eq!(
            body,
            json!({"count": 1, "result": [{"text": "Superset Admin", "value": me}]}),
            "{related}"
        );
        let (status, body) = call(app, admin, Method::GET, &related, "(filter:'zzz nobody')").await;
        assert_eq!(
            (status, body),
            (StatusCode::OK, json!({"count": 0, "result": []})),
            "{related}"
        );
        let (status, body) = call(app, admin, Method::GET, &related, "(filter:!(1))").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{related}: {body}");
        assert_eq!(
            body["message"],
            json!({"filter": ["Not a valid string."]}),
            "{related}"
        );
    }
    for unknown in ["related/sql", "distinct/password"] {
        let unknown = format!("/api/v1/{}/{unknown}", resource.name);
        let (status, body) = call(app, admin, Method::GET, &unknown, "()").await;
        assert_eq!(
            (status, body["message"].clone()),
            (StatusCode::NOT_FOUND, json!("Not found")),
            "{unknown}"
        );
    }
}

/// Malformed or unknown `q` parts are a 400 with a message, never a 500; nothing is answered.
async fn check_refusals(app: &TestApp, admin: &As, path: &str, name: &str) {
    for (q, message) in [
        (
            "(filters:!((col:nope,opr:eq,value:1)))".to_owned(),
            json!("Filter column: nope not allowed to filter"),
        ),
        (
            format!("(filters:!((col:{name},opr:rel_m_m,value:1)))"),
            json!(format!("Filter operator rel_m_m is not allowed on column {name}")),
        ),
        (
            format!("(filters:!((col:{name},opr:between,value:!(a))))"),
            json!(format!("Invalid value for filter {name}")),
        ),
        (
            "(filters:!((col:id,opr:gt,value:(a:1))))".to_owned(),
            json!("Invalid value for filter id"),
        ),
        (
            "(order_column:'id; DROP TABLE ab_user')".to_owned(),
            json!("Invalid order by column: id; DROP TABLE ab_user"),
        ),
        (
            "(order_direction:up)".to_owned(),
            json!({"order_direction": ["Must be one of: asc, desc."]}),
        ),
        ("(page:-1)".to_owned(), json!({"page": ["Not a valid integer."]})),
        (
            "(page_size:ten)".to_owned(),
            json!({"page_size": ["Not a valid integer."]}),
        ),
        (
            "(filters:(col:id))".to_owned(),
            json!({"filters": ["Not a valid list."]}),
        ),
        (
            "(filters:!((col:id)))".to_owned(),
            json!({"filters": ["Each filter needs col, opr and value."]}),
        ),
        ("(bogus:1)".to_owned(), json!({"bogus": ["Unknown field."]})),
        ("!(1,2)".to_owned(), json!("Not a valid rison argument")),
        (
            "(filters:!((col:id,opr:eq,value:1)".to_owned(),
            json!("Not a valid rison argument: expected ',' or ')' in array at position 34"),
        ),
        (
            "(page:0))".to_owned(),
            json!("Not a valid rison argument: unexpected text after the value at position 8"),
        ),
        (
            "(a:'open".to_owned(),
            json!("Not a valid rison argument: unterminated string at position 8"),
        ),
    ] {
        let (status, body) = call(app, admin, Method::GET, path, &q).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {q}: {body}");
        assert_eq!(body["message"], message, "{path} {q}");
    }
}

/// `GET /{id}` gives `result`; `PUT` gives `id` and `result`; a missing id is a 404.
async fn check_get_and_put(app: &TestApp, admin: &As, resource: &Resource, alpha: i64) {
    let item = format!("/api/v1/{}/{alpha}", resource.name);
    let name = resource.name_column;
    let got = app.get(&item, admin).await;
    assert_eq!(got.status, StatusCode::OK, "{item}: {}", got.json);
    assert_eq!(got.json["result"][name], ALPHA, "{item}");
    assert_eq!(got.json["result"]["id"], alpha, "{item}");

    let renamed = format!("{ALPHA} renamed");
    let put = app
        .call(Method::PUT, &item, Some(json!({ name: renamed })), admin)
        .await;
    assert_eq!(put.status, StatusCode::OK, "{item}: {}", put.json);
    assert_eq!(put.json["id"], alpha, "{item}: {}", put.json);
    assert_eq!(put.json["result"][name], renamed, "{item}");
    assert_eq!(
        app.get(&item, admin).await.json["result"][name],
        renamed,
        "{item}"
    );
    let back = app
        .call(Method::PUT, &item, Some(json!({ name: ALPHA })), admin)
        .await;
    assert_eq!(back.status, StatusCode::OK, "{item}: {}", back.json);

    for missing in ["999999", "-1"] {
        let path = format!("/api/v1/{}/{missing}", resource.name);
        let answer = app.get(&path, admin).await;
        assert_eq!(
            (answer.status, answer.json["message"].clone()),
            (StatusCode::NOT_FOUND, json!("Not found")),
            "{path}"
        );
    }
    let path = format!("/api/v1/{}/abc", resource.name);
    let answer = app.get(&path, admin).await;
    assert!(answer.status.is_client_error(), "{path}: {}", answer.status);
}

/// Starring and unstarring, the status call and the list's favorite flag agree.
async fn check_favorites(app: &TestApp, admin: &As, resource: &Resource, alpha: i64, beta: i64) {
    let favorites = |id: i64| format!("/api/v1/{}/{id}/favorites/", resource.name);
    let status_path = format!("/api/v1/{}/favorite_status/", resource.name);
    let starred = app.call(Method::POST, &favorites(alpha), None, admin).await;
    assert_eq!(
        (starred.status, starred.json.clone()),
        (StatusCode::OK, json!({"result": "OK"})),
        "{}",
        resource.name
    );
    let (status, body) = call(
        app,
        admin,
        Method::GET,
        &status_path,
        &format!("!({alpha},{beta})"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{status_path}: {body}");
    assert_eq!(
        body,
        json!({"result": [{"id": alpha, "value": true}, {"id": beta, "value": false}]}),
        "{status_path}"
    );
    let (status, body) = call(app, admin, Method::GET, &status_path, "(a:1)").await;
    assert_eq!(
        (status, body["message"].clone()),
        (StatusCode::BAD_REQUEST, json!("Not a valid rison argument")),
        "{status_path}"
    );
    let missing = app.call(Method::POST, &favorites(999999), None, admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND, "{}", resource.name);
    let unstarred = app.call(Method::DELETE, &favorites(alpha), None, admin).await;
    assert_eq!(unstarred.status, StatusCode::OK, "{}", resource.name);
    let (_, body) = call(app, admin, Method::GET, &status_path, &format!("!({alpha})")).await;
    assert_eq!(body, json!({"result": [{"id": alpha, "value": false}]}));
}

/// All or nothing: an unknown member deletes nothing; then both go.
async fn check_bulk_delete(app: &TestApp, admin: &As, resource: &Resource, alpha: i64, beta: i64) {
    let path = format!("/api/v1/{}/", resource.name);
    let (members, missing) = match resource.bulk_delete {
        BulkDelete::ByIds => (format!("{alpha},{beta}"), "999999".to_owned()),
        BulkDelete::ByNames => (format!("'{ALPHA}','{BETA}'"), "'zz no such tag'".to_owned()),
    };
    let (status, body) = call(
        app,
        admin,
        Method::DELETE,
        &path,
        &format!("!({members},{missing})"),
    )
    .await;
    assert_eq!(
        (status, body["message"].clone()),
        (StatusCode::NOT_FOUND, json!("Not found")),
        "{path}"
    );
    for bad in ["(a:1)", "!(1", "!()"] {
        let (status, body) = call(app, admin, Method::DELETE, &path, bad).await;
        assert!(
            status == StatusCode::BAD_REQUEST || status == StatusCode::NOT_FOUND,
            "{path} {bad}: {status} {body}"
        );
    }
    let scope = format!("(filters:!((col:{},opr:sw,value:'zz ')))", resource.name_column);
    assert_eq!(
        call(app, admin, Method::GET, &path, &scope).await.1["count"],
        2,
        "{path}"
    );
    let (status, body) = call(app, admin, Method::DELETE, &path, &format!("!({members})")).await;
    let noun = match resource.name {
        "saved_query" => "saved quer",
        "annotation_layer" => "annotation layer",
        other => other,
    };
    let plural = if resource.name == "saved_query" {
        "ies"
    } else {
        "s"
    };
    assert_eq!(
        (status, body),
        (
            StatusCode::OK,
            json!({"message": format!("Deleted 2 {noun}{plural}")})
        ),
        "{path}"
    );
    assert_eq!(
        call(app, admin, Method::GET, &path, &scope).await.1["count"],
        0,
        "{path}"
    );
}

/// SQL Lab runs have no `POST`: two runs are made by executing SQL.
async fn check_queries(app: &TestApp, admin: &As, examples: &Examples, me: i64) {
    let mut ids = Vec::new();
    for sql in ["SELECT 'zz alpha_one' AS label", "SELECT 'zz beta%two' AS label"] {
        let answer = app
            .post(
                "/api/v1/sqllab/execute/",
                json!({"database_id": examples.database, "sql": sql, "queryLimit": 10, "runAsync": false,
                       "tab": "Resource API", "sql_editor_id": "resource-api", "json": true}),
                admin,
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
        let (_, body) = call(
            app,
            admin,
            Method::GET,
            "/api/v1/query/",
            &format!(
                "(filters:!((col:sql,opr:eq,value:'{}')))",
                sql.replace('\'', "!'")
            ),
        )
        .await;
        assert_eq!(body["count"], 1, "{sql}: {body}");
        assert_eq!(body["result"][0]["sql"], sql, "{sql}");
        ids.push(body["ids"][0].as_i64().unwrap());
    }
    let (alpha, beta) = (ids[0], ids[1]);
    let path = "/api/v1/query/";
    let scope = "(col:sql_editor_id,opr:eq,value:resource-api)";
    for (filter, expected) in [
        ("(col:sql,opr:ct,value:'a_o')".to_owned(), vec![alpha]),
        (
            "(col:sql,opr:ew,value:'%two'' AS label')".replace("''", "!'"),
            vec![beta],
        ),
        ("(col:sql,opr:nct,value:'%')".to_owned(), vec![alpha]),
        ("(col:status,opr:eq,value:success)".to_owned(), vec![alpha, beta]),
        (format!("(col:user,opr:rel_o_m,value:{me})"), vec![alpha, beta]),
        (
            format!("(col:database,opr:rel_o_m,value:{})", examples.database),
            vec![alpha, beta],
        ),
        (
            format!("(col:id,opr:between,value:!({},{beta}))", alpha - 1),
            vec![alpha],
        ),
    ] {
        let q = format!("(filters:!({scope},{filter}),order_column:id,order_direction:asc)");
        let (status, body) = call(app, admin, Method::GET, path, &q).await;
        assert_eq!(status, StatusCode::OK, "{q}: {body}");
        assert_eq!(body["ids"], json!(expected), "{q}");
    }
    let (_, body) = call(
        app,
        admin,
        Method::GET,
        path,
        &format!("(filters:!({scope}),order_column:sql,order_direction:desc,page:0,page_size:1)"),
    )
    .await;
    assert_eq!(
        (body["count"].clone(), body["ids"].clone()),
        (json!(2), json!([beta]))
    );
    check_refusals(app, admin, path, "sql").await;

    let got = app.get(&format!("/api/v1/query/{alpha}"), admin).await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.json);
    assert_eq!(got.json["result"]["sql"], "SELECT 'zz alpha_one' AS label");
    assert_eq!(
        app.get("/api/v1/query/999999", admin).await.status,
        StatusCode::NOT_FOUND
    );

    let (status, body) = call(
        app,
        admin,
        Method::GET,
        "/api/v1/query/distinct/status",
        "(filter:SUC)",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"count": 1, "result": [{"text": "success", "value": "success"}]})
    );
    let (_, body) = call(
        app,
        admin,
        Method::GET,
        "/api/v1/query/related/user",
        "(filter:admin)",
    )
    .await;
    assert_eq!(
        body,
        json!({"count": 1, "result": [{"text": "Superset Admin", "value": me}]})
    );
    let (_, body) = call(
        app,
        admin,
        Method::GET,
        "/api/v1/query/related/database",
        "(filter:exa)",
    )
    .await;
    assert_eq!(
        body,
        json!({"count": 1, "result": [{"text": "examples", "value": examples.database}]})
    );
    let (status, _) = call(app, admin, Method::DELETE, path, &format!("!({alpha})")).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

async fn check_resources(app: &TestApp) {
    let admin = app.admin().await;
    let me = app.get("/api/v1/me/", &admin).await.json["result"]["id"]
        .as_i64()
        .unwrap();
    let dataset = app.dataset_id("birth_names").await;
    let database = app.state.store.dataset(dataset).await.unwrap().database.id.0;
    let examples = Examples { database, dataset };
    for resource in RESOURCES {
        let alpha = create(app, &admin, resource, &examples, ALPHA).await;
        let beta = create(app, &admin, resource, &examples, BETA).await;
        assert!(alpha < beta, "{}: ids grow", resource.name);
        check_list_calls(app, &admin, resource, alpha, beta, me).await;
        check_get_and_put(app, &admin, resource, alpha).await;
        if resource.favorites {
            check_favorites(app, &admin, resource, alpha, beta).await;
        }
        let info = app
            .get(
                &format!("/api/v1/{}/_info?q=(keys:!(permissions))", resource.name),
                &admin,
            )
            .await;
        assert_eq!(info.status, StatusCode::OK, "{}", resource.name);
        assert!(
            info.json["permissions"]
                .as_array()
                .unwrap()
                .contains(&json!("can_read")),
            "{}: {}",
            resource.name,
            info.json
        );
        check_bulk_delete(app, &admin, resource, alpha, beta).await;
    }

    // Saved queries: the schemas of the caller's own saved queries, and their databases.
    let saved = create(app, &admin, &RESOURCES[4], &examples, "zz schema probe").await;
    let (status, body) = call(
        app,
        &admin,
        Method::GET,
        "/api/v1/saved_query/distinct/schema",
        "()",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"count": 1, "result": [{"text": "main", "value": "main"}]})
    );
    let (_, body) = call(
        app,
        &admin,
        Method::GET,
        "/api/v1/saved_query/related/database",
        "(filter:exa)",
    )
    .await;
    assert_eq!(
        body,
        json!({"count": 1, "result": [{"text": "examples", "value": database}]})
    );
    app.create_user("sq_alpha", "alpha-password-1", &["Alpha", "sql_lab"])
        .await;
    let other = app.token("sq_alpha", "alpha-password-1").await;
    let (_, body) = call(
        app,
        &other,
        Method::GET,
        "/api/v1/saved_query/distinct/schema",
        "()",
    )
    .await;
    assert_eq!(body, json!({"count": 0, "result": []}));
    let (_, body) = call(app, &other, Method::GET, "/api/v1/query/distinct/status", "()").await;
    assert_eq!(body, json!({"count": 0, "result": []}));
    let deleted = app
        .call(
            Method::DELETE,
            &format!("/api/v1/saved_query/{saved}"),
            None,
            &admin,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK);

    check_queries(app, &admin, &examples, me).await;
}

#[tokio::test]
async fn every_resource_answers_the_generic_calls_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_resources(&app).await;
    app.close().await;
}

#[tokio::test]
async fn every_resource_answers_the_generic_calls_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_resources(&app).await;
    app.close().await;
}

/// `_info` on every resource Quiver serves, for Admin, Alpha and Gamma: the permissions each role
/// holds among those the resource's endpoints require (Superset 6's answers), `filters` only when
/// asked, and a malformed `q` refused with a 400.
#[tokio::test]
async fn info_answers_each_roles_permissions_on_every_resource() {
    let app = TestApp::new().await;
    app.create_user("alpha", "pw", &["Alpha"]).await;
    app.create_user("gamma", "pw", &["Gamma"]).await;
    let admin = app.admin().await;
    let alpha = app.token("alpha", "pw").await;
    let gamma = app.token("gamma", "pw").await;

    let rw = &["can_read", "can_write"][..];
    let rwe = &["can_read", "can_write", "can_export"][..];
    let read = &["can_read"][..];
    let none: &[&str] = &[];
    // (resource, Admin, Alpha, Gamma)
    type Permissions<'a> = &'a [&'a str];
    let table: &[(&str, Permissions, Permissions, Permissions)] = &[
        ("chart", rwe, rwe, rwe),
        ("dashboard", rwe, rwe, rwe),
        ("dataset", rwe, rwe, read),
        (
            "database",
            &["can_read", "can_write", "can_export", "can_upload"],
            &["can_read", "can_upload"],
            read,
        ),
        ("saved_query", rwe, none, none),
        ("tag", rw, rw, read),
        ("query", read, none, none),
        ("annotation_layer", rw, rw, none),
        ("report", rw, rw, none),
    ];
    for (resource, admin_has, alpha_has, gamma_has) in table {
        for (role, who, expected) in [
            ("Admin", &admin, admin_has),
            ("Alpha", &alpha, alpha_has),
            ("Gamma", &gamma, gamma_has),
        ] {
            let answer = app
                .get(&format!("/api/v1/{resource}/_info?q=(keys:!(permissions))"), who)
                .await;
            assert_eq!(answer.status, StatusCode::OK, "{resource}: {}", answer.json);
            assert_eq!(
                answer.json,
                json!({"permissions": expected}),
                "{resource} for {role}"
            );
        }
    }

    // Without `q`, every key Quiver answers; `filters` lists the list's operators per column.
    let all = app.get("/api/v1/chart/_info", &gamma).await;
    assert_eq!(all.json["permissions"], json!(rwe));
    let slice_name = all.json["filters"]["slice_name"].as_array().unwrap();
    assert_eq!(slice_name[0], json!({"name": "Starts with", "operator": "sw"}));
    assert!(slice_name.contains(&json!({"name": "Not Contains", "operator": "nct"})));
    let filters_only = app
        .get("/api/v1/dashboard/_info?q=(keys:!(filters))", &alpha)
        .await;
    assert!(
        filters_only.json.get("permissions").is_none(),
        "{}",
        filters_only.json
    );
    assert_eq!(
        filters_only.json["filters"]["owners"],
        json!([{"name": "Relation as Many", "operator": "rel_m_m"}])
    );
    // Asked for keys Quiver does not serve: accepted, answered with nothing.
    let titles = app
        .get("/api/v1/tag/_info?q=(keys:!(add_title,edit_title))", &admin)
        .await;
    assert_eq!((titles.status, titles.json), (StatusCode::OK, json!({})));

    for bad in [
        "(keys:!(permissions)",
        "(keys:permissions)",
        "(keys:!(everything))",
        "(colour:red)",
        "!(permissions)",
    ] {
        let answer = app
            .get(&format!("/api/v1/database/_info?q={}", encoded(bad)), &admin)
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}: {}", answer.json);
        assert!(answer.json["message"].is_string(), "{bad}: {}", answer.json);
    }
    // A resource Quiver does not serve has no `_info`.
    let missing = app.get("/api/v1/css_template/_info", &admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}
