//! `GET /api/v1/chart/?q=`: the generic list call on charts, on SQLite and PostgreSQL metadata.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::StatusCode;
use common::{As, TestApp, ThrowawayDatabase};
use serde_json::{json, Value};

/// Creates a chart and gives its id.
async fn chart(app: &TestApp, admin: &As, name: &str, dataset: i64) -> i64 {
    let answer = app
        .post(
            "/api/v1/chart/",
            json!({
                "slice_name": name,
                "viz_type": "table",
                "datasource_id": dataset,
                "datasource_type": "table",
                "params": "{}",
            }),
            admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    answer.json["id"].as_i64().unwrap()
}

/// The chart list for a rison `q`, its status and body.
async fn list(app: &TestApp, who: &As, q: &str) -> (StatusCode, Value) {
    let path = if q.is_empty() {
        "/api/v1/chart/".to_owned()
    } else {
        format!("/api/v1/chart/?q={}", urlencoding(q))
    };
    let answer = app.get(&path, who).await;
    (answer.status, answer.json)
}

pub(crate) fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

fn names(body: &Value) -> Vec<String> {
    body["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["slice_name"].as_str().unwrap().to_owned())
        .collect()
}

/// The checks both metadata backends must pass.
async fn check_list(app: &TestApp) {
    let admin = app.admin().await;
    // Start from no charts: the example dashboard's charts are deleted first.
    let (_, existing) = list(app, &admin, "(page_size:100)").await;
    for id in existing["ids"].as_array().unwrap() {
        let deleted = app
            .call(
                axum::http::Method::DELETE,
                &format!("/api/v1/chart/{id}"),
                None,
                &admin,
            )
            .await;
        assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.json);
    }
    let births = app.dataset_id("birth_names").await;
    let flights = app.dataset_id("flights").await;
    let first = chart(app, &admin, "Births by state", births).await;
    let second = chart(app, &admin, "Flight delays 50%", flights).await;
    let third = chart(app, &admin, "births_total", births).await;

    // Default: every chart, last changed first, ids in the order of the rows.
    let (status, body) = list(app, &admin, "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["count"], 3);
    assert_eq!(body["ids"], json!([third, second, first]));
    assert_eq!(
        names(&body),
        ["births_total", "Flight delays 50%", "Births by state"]
    );
    let row = &body["result"][2];
    assert_eq!(row["id"], first);
    assert_eq!(row["url"], format!("/explore/?slice_id={first}"));
    assert_eq!(row["viz_type"], "table");
    assert_eq!(row["datasource_id"], births);
    assert_eq!(row["datasource_name_text"], "main.birth_names");
    assert_eq!(
        row["datasource_url"],
        format!("/explore/?datasource_type=table&datasource_id={births}")
    );
    assert_eq!(row["owners"][0]["first_name"], "Superset");
    assert_eq!(row["changed_by"]["last_name"], "Admin");
    assert_eq!(row["changed_by_name"], "Superset Admin");
    assert_eq!(row["is_favorite"], false);
    let humanized = row["changed_on_delta_humanized"].as_str().unwrap();
    assert!(
        humanized == "now" || humanized.ends_with("seconds ago") || humanized == "a second ago",
        "{humanized}"
    );

    // Text operators are case-insensitive and match `%` and `_` literally.
    let (_, body) = list(app, &admin, "(filters:!((col:slice_name,opr:sw,value:births)))").await;
    assert_eq!(names(&body), ["births_total", "Births by state"]);
    let (_, body) = list(app, &admin, "(filters:!((col:slice_name,opr:ct,value:'_')))").await;
    assert_eq!(names(&body), ["births_total"]);
    let (_, body) = list(app, &admin, "(filters:!((col:slice_name,opr:ew,value:'50%')))").await;
    assert_eq!(names(&body), ["Flight delays 50%"]);
    let (_, body) = list(app, &admin, "(filters:!((col:slice_name,opr:nct,value:birth)))").await;
    assert_eq!(names(&body), ["Flight delays 50%"]);
    let (_, body) = list(
        app,
        &admin,
        "(filters:!((col:slice_name,opr:eq,value:'Births by state')))",
    )
    .await;
    assert_eq!(body["ids"], json!([first]));

    // Relations, Superset's own chart filters, and several filters at once (AND).
    let (_, body) = list(
        app,
        &admin,
        &format!("(filters:!((col:datasource_id,opr:eq,value:{flights})))"),
    )
    .await;
    assert_eq!(body["ids"], json!([second]));
    let (_, body) = list(
        app,
        &admin,
        "(filters:!((col:slice_name,opr:chart_all_text,value:FLIGHTS)))",
    )
    .await;
    assert_eq!(body["ids"], json!([second]));
    let (_, body) = list(
        app,
        &admin,
        "(filters:!((col:id,opr:chart_is_certified,value:!t)))",
    )
    .await;
    assert_eq!(body["count"], 0);
    let (_, body) = list(
        app,
        &admin,
        "(filters:!((col:id,opr:chart_is_favorite,value:!f)))",
    )
    .await;
    assert_eq!(body["count"], 3);
    // Favorites: starring, the status call and the favorite filter agree.
    let star = app
        .call(
            axum::http::Method::POST,
            &format!("/api/v1/chart/{second}/favorites/"),
            None,
            &admin,
        )
        .await;
    assert_eq!(
        (star.status, star.json.clone()),
        (StatusCode::OK, json!({"result": "OK"}))
    );
    let again = app
        .call(
            axum::http::Method::POST,
            &format!("/api/v1/chart/{second}/favorites/"),
            None,
            &admin,
        )
        .await;
    assert_eq!(again.status, StatusCode::OK);
    let status = app
        .get(
            &format!("/api/v1/chart/favorite_status/?q=!({first},{second})"),
            &admin,
        )
        .await;
    assert_eq!(
        status.json,
        json!({"result": [{"id": first, "value": false}, {"id": second, "value": true}]})
    );
    let (_, body) = list(
        app,
        &admin,
        "(filters:!((col:id,opr:chart_is_favorite,value:!t)))",
    )
    .await;
    assert_eq!(body["ids"], json!([second]));
    assert_eq!(body["result"][0]["is_favorite"], true);
    let missing = app
        .call(
            axum::http::Method::POST,
            "/api/v1/chart/999999/favorites/",
            None,
            &admin,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let unstar = app
        .call(
            axum::http::Method::DELETE,
            &format!("/api/v1/chart/{second}/favorites/"),
            None,
            &admin,
        )
        .await;
    assert_eq!(unstar.status, StatusCode::OK);
    let (_, body) = list(
        app,
        &admin,
        "(filters:!((col:id,opr:chart_is_favorite,value:!t)))",
    )
    .await;
    assert_eq!(body["count"], 0);

    let me = app.get("/api/v1/me/", &admin).await.json["result"]["id"]
        .as_i64()
        .unwrap();
    let (_, body) = list(
        app,
        &admin,
        &format!("(filters:!((col:owners,opr:rel_m_m,value:{me}),(col:slice_name,opr:sw,value:B)))"),
    )
    .await;
    assert_eq!(body["count"], 2);
    let (_, body) = list(
        app,
        &admin,
        &format!("(filters:!((col:created_by,opr:rel_o_m,value:{})))", me + 1000),
    )
    .await;
    assert_eq!(body["count"], 0);

    // Order and pages: count stays the total, the page holds the rest.
    let (_, body) = list(
        app,
        &admin,
        "(order_column:slice_name,order_direction:asc,page:1,page_size:2)",
    )
    .await;
    assert_eq!(body["count"], 3);
    assert_eq!(names(&body), ["Flight delays 50%"]);
    let (_, body) = list(
        app,
        &admin,
        "(order_column:slice_name,order_direction:desc,page:0,page_size:2)",
    )
    .await;
    assert_eq!(names(&body), ["Flight delays 50%", "births_total"]);
    let (_, body) = list(app, &admin, "(page:5,page_size:25)").await;
    assert_eq!(
        (body["count"].clone(), body["result"].clone()),
        (json!(3), json!([]))
    );

    // select_columns keeps the fields asked for.
    let (_, body) = list(
        app,
        &admin,
        "(select_columns:!(id,slice_name,owners.id),page_size:1)",
    )
    .await;
    let fields: Vec<&String> = body["result"][0].as_object().unwrap().keys().collect();
    assert_eq!(fields, ["id", "owners", "slice_name"]);

    // Bad input is a 400 with a message, never a 500.
    for (q, message) in [
        (
            "(filters:!((col:nope,opr:eq,value:1)))",
            json!("Filter column: nope not allowed to filter"),
        ),
        (
            "(filters:!((col:slice_name,opr:rel_m_m,value:1)))",
            json!("Filter operator rel_m_m is not allowed on column slice_name"),
        ),
        (
            "(filters:!((col:owners,opr:rel_m_m,value:me)))",
            json!("Invalid value for filter owners"),
        ),
        (
            "(order_column:'slice_name; DROP TABLE slices')",
            json!("Invalid order by column: slice_name; DROP TABLE slices"),
        ),
        (
            "(order_direction:sideways)",
            json!({"order_direction": ["Must be one of: asc, desc."]}),
        ),
        ("(page:-1)", json!({"page": ["Not a valid integer."]})),
    ] {
        let (status, body) = list(app, &admin, q).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{q}: {body}");
        assert_eq!(body["message"], message, "{q}");
    }
    let (status, body) = list(app, &admin, "(filters:!((col:slice_name").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["message"].is_string(), "{body}");

    // Still three charts: nothing was dropped.
    assert_eq!(list(app, &admin, "").await.1["count"], 3);
}

#[tokio::test]
async fn the_chart_list_filters_sorts_and_pages_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_list(&app).await;

    // A Gamma user without dataset access sees no chart, and the count says so.
    app.create_user("gamma_list", "gamma-password-1", &["Gamma"])
        .await;
    let gamma = app.token("gamma_list", "gamma-password-1").await;
    let (status, body) = list(&app, &gamma, "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["count"].clone(), body["ids"].clone()),
        (json!(0), json!([]))
    );
    app.close().await;
}

#[tokio::test]
async fn the_chart_list_filters_sorts_and_pages_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_list(&app).await;
    app.close().await;
}
