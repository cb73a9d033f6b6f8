//! Tags (CRUD, list, bulk tagging with skips, objects of a tag, tag filters on the chart,
//! dashboard and dataset lists, favorites) and the activity log (batched events, views recorded
//! on dashboard and explore opens, recent activity), on SQLite and PostgreSQL metadata.

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

async fn get_q(app: &TestApp, who: &As, path: &str, q: &str) -> (StatusCode, Value) {
    let answer = app.get(&format!("{path}?q={}", urlencoding(q)), who).await;
    (answer.status, answer.json)
}

fn names(body: &Value, field: &str) -> Vec<String> {
    body["result"]
        .as_array()
        .unwrap_or_else(|| panic!("no result in {body}"))
        .iter()
        .map(|row| row[field].as_str().unwrap().to_owned())
        .collect()
}

async fn chart(app: &TestApp, who: &As, name: &str, dataset: i64) -> i64 {
    let answer = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": name, "viz_type": "table", "datasource_id": dataset,
                   "datasource_type": "table", "params": "{}"}),
            who,
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    answer.json["id"].as_i64().unwrap()
}

async fn dashboard(app: &TestApp, who: &As, title: &str) -> i64 {
    let answer = app
        .post("/api/v1/dashboard/", json!({"dashboard_title": title}), who)
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    answer.json["id"].as_i64().unwrap()
}

async fn check_tags(app: &TestApp) {
    let admin = app.admin().await;
    let dataset = app.dataset_id("birth_names").await;
    app.create_user("alpha_tagger", "pw", &["Alpha"]).await;
    app.create_user("gamma_reader", "pw", &["Gamma"]).await;
    let alpha = app.token("alpha_tagger", "pw").await;
    let gamma = app.token("gamma_reader", "pw").await;

    let admin_chart = chart(app, &admin, "Admin tagged chart", dataset).await;
    let alpha_chart = chart(app, &alpha, "Alpha tagged chart", dataset).await;
    let untagged = chart(app, &admin, "Untagged chart", dataset).await;
    let board = dashboard(app, &admin, "Tagged board").await;

    // Create, with objects; a duplicate name is a conflict; a blank name a 400.
    let created = app
        .post(
            "/api/v1/tag/",
            json!({"name": "  finance ", "description": "Money", "objects_to_tag": [["chart", admin_chart], ["dashboard", board]]}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let finance = created.json["id"].as_i64().unwrap();
    assert_eq!(created.json["result"]["name"], "finance");
    assert_eq!(created.json["result"]["type"], "custom");
    assert_eq!(created.json["result"]["description"], "Money");
    let again = app.post("/api/v1/tag/", json!({"name": "finance"}), &admin).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.json);
    let blank = app.post("/api/v1/tag/", json!({"name": "   "}), &admin).await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST, "{}", blank.json);
    assert_eq!(
        blank.json["message"]["name"][0],
        "Missing data for required field."
    );
    let bad_type = app
        .post(
            "/api/v1/tag/",
            json!({"name": "x", "objects_to_tag": [["table'; --", 1]]}),
            &admin,
        )
        .await;
    assert_eq!(bad_type.status, StatusCode::BAD_REQUEST, "{}", bad_type.json);

    // Gamma reads tags but may not write them (fail closed).
    let gamma_create = app.post("/api/v1/tag/", json!({"name": "nope"}), &gamma).await;
    assert_eq!(gamma_create.status, StatusCode::FORBIDDEN);
    let gamma_bulk = app
        .post(
            "/api/v1/tag/bulk_create",
            json!({"tags": [{"name": "nope", "objects_to_tag": [["chart", admin_chart]]}]}),
            &gamma,
        )
        .await;
    assert_eq!(gamma_bulk.status, StatusCode::FORBIDDEN);
    let anonymous = app.get("/api/v1/tag/", &As::Anonymous).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    // Bulk tagging: Alpha may tag its own chart, not the admin's; the admin's is skipped, and a
    // missing chart too. The tag is made on the way.
    let bulk = app
        .post(
            "/api/v1/tag/bulk_create",
            json!({"tags": [
                {"name": "quarterly", "objects_to_tag": [["chart", alpha_chart], ["chart", admin_chart], ["chart", 999_999]]},
            ]}),
            &alpha,
        )
        .await;
    assert_eq!(bulk.status, StatusCode::OK, "{}", bulk.json);
    assert_eq!(
        bulk.json["result"]["objects_tagged"],
        json!([["chart", alpha_chart]])
    );
    assert_eq!(
        bulk.json["result"]["objects_skipped"],
        json!([["chart", admin_chart], ["chart", 999_999]])
    );
    // The admin tags both charts with two tags; tagging twice changes nothing.
    for _ in 0..2 {
        let bulk = app
            .post(
                "/api/v1/tag/bulk_create",
                json!({"tags": [
                    {"name": "quarterly", "objects_to_tag": [["chart", alpha_chart], ["chart", admin_chart]]},
                    {"name": "finance", "objects_to_tag": [["chart", alpha_chart]]},
                ]}),
                &admin,
            )
            .await;
        assert_eq!(bulk.status, StatusCode::OK, "{}", bulk.json);
        assert_eq!(
            bulk.json["result"]["objects_tagged"],
            json!([["chart", alpha_chart], ["chart", admin_chart]])
        );
        assert_eq!(bulk.json["result"]["objects_skipped"], json!([]));
    }
    let empty = app
        .post("/api/v1/tag/bulk_create", json!({"tags": []}), &admin)
        .await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let malformed = app
        .post(
            "/api/v1/tag/bulk_create",
            json!({"tags": [{"name": "x"}]}),
            &admin,
        )
        .await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);

    // The list: name contains, custom type, ordered by name, paged.
    let (status, body) = get_q(
        app,
        &gamma,
        "/api/v1/tag/",
        "(filters:!((col:name,opr:ct,value:a),(col:type,opr:custom_tag,value:!t)),order_column:name,order_direction:asc,page:0,page_size:25)",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["count"], 2);
    assert_eq!(names(&body, "name"), vec!["finance", "quarterly"]);
    assert_eq!(body["result"][0]["created_by"]["first_name"], "Superset");
    let (_, body) = get_q(
        app,
        &admin,
        "/api/v1/tag/",
        "(order_column:name,order_direction:desc,page:1,page_size:1)",
    )
    .await;
    assert_eq!(body["count"], 2);
    assert_eq!(names(&body, "name"), vec!["finance"]);
    let (status, _) = get_q(
        app,
        &admin,
        "/api/v1/tag/",
        "(filters:!((col:'name; drop',opr:eq,value:a)))",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = get_q(
        app,
        &admin,
        "/api/v1/tag/",
        "(filters:!((col:name,opr:ct,value:a)",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Tag filters on the lists, and the tags on each row.
    let (status, body) = get_q(
        app,
        &admin,
        "/api/v1/chart/",
        "(filters:!((col:tags,opr:chart_tags,value:QUARTERLY)))",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut tagged = names(&body, "slice_name");
    tagged.sort();
    assert_eq!(tagged, vec!["Admin tagged chart", "Alpha tagged chart"]);
    let (_, body) = get_q(
        app,
        &admin,
        "/api/v1/chart/",
        &format!(
            "(filters:!((col:tags,opr:chart_tag_id,value:{finance}),(col:slice_name,opr:sw,value:Alpha)))"
        ),
    )
    .await;
    assert_eq!(names(&body, "slice_name"), vec!["Alpha tagged chart"]);
    assert_eq!(
        body["result"][0]["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|tag| tag["name"].as_str().unwrap())
            .collect::<Vec<_>>(),
        vec!["finance", "quarterly"]
    );
    let (_, body) = get_q(
        app,
        &admin,
        "/api/v1/dashboard/",
        "(filters:!((col:tags,opr:dashboard_tags,value:finance)))",
    )
    .await;
    assert_eq!(names(&body, "dashboard_title"), vec!["Tagged board"]);
    let (_, body) = get_q(
        app,
        &admin,
        "/api/v1/dataset/",
        "(filters:!((col:tags,opr:dataset_tags,value:finance)))",
    )
    .await;
    assert_eq!(body["count"], 0);

    // Saved queries: their creator tags them; the saved query list filters by tag.
    let saved = app
        .post(
            "/api/v1/saved_query/",
            json!({"label": "Tagged query", "sql": "SELECT 1"}),
            &admin,
        )
        .await;
    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.json);
    let query_id = saved.json["id"].as_i64().unwrap();
    let bulk = app
        .post(
            "/api/v1/tag/bulk_create",
            json!({"tags": [{"name": "sql", "objects_to_tag": [["query", query_id]]}]}),
            &admin,
        )
        .await;
    assert_eq!(
        bulk.json["result"]["objects_tagged"],
        json!([["query", query_id]]),
        "{}",
        bulk.json
    );
    let (status, body) = get_q(
        app,
        &admin,
        "/api/v1/saved_query/",
        "(filters:!((col:tags,opr:saved_query_tags,value:sql)))",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(names(&body, "label"), vec!["Tagged query"]);
    // The list rows carry their tags (Superset's `tags.id`, `tags.name`, `tags.type`).
    assert_eq!(body["result"][0]["tags"][0]["name"], "sql", "{body}");
    assert_eq!(body["result"][0]["tags"][0]["type"], "custom", "{body}");
    // Another user's saved query is not theirs to see among the tag's objects.
    let theirs = app.get("/api/v1/tag/get_objects/?tags=sql", &alpha).await;
    assert_eq!(theirs.json["result"], json!([]));
    let mine = app.get("/api/v1/tag/get_objects/?tags=sql", &admin).await;
    assert_eq!(
        mine.json["result"][0]["url"],
        format!("/sqllab/?savedQueryId={query_id}")
    );

    // The objects of a tag, by name or id; types narrows them.
    let objects = app.get("/api/v1/tag/get_objects/?tags=finance", &admin).await;
    assert_eq!(objects.status, StatusCode::OK, "{}", objects.json);
    let listed: Vec<(String, i64)> = objects.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|object| {
            (
                object["type"].as_str().unwrap().to_owned(),
                object["id"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        vec![
            ("chart".to_owned(), admin_chart),
            ("chart".to_owned(), alpha_chart),
            ("dashboard".to_owned(), board)
        ]
    );
    let first = &objects.json["result"][0];
    assert_eq!(first["name"], "Admin tagged chart");
    assert_eq!(first["url"], format!("/explore/?slice_id={admin_chart}"));
    assert_eq!(first["creator"], "Superset Admin");
    assert_eq!(
        objects.json["result"][2]["url"],
        format!("/superset/dashboard/{board}/")
    );
    let by_id = app
        .get(
            &format!("/api/v1/tag/get_objects/?tagIds={finance}&types=dashboard"),
            &admin,
        )
        .await;
    assert_eq!(names(&by_id.json, "name"), vec!["Tagged board"]);
    let bad_id = app.get("/api/v1/tag/get_objects/?tagIds=x", &admin).await;
    assert_eq!(bad_id.status, StatusCode::BAD_REQUEST);
    let unknown = app.get("/api/v1/tag/get_objects/?tags=nothing", &admin).await;
    assert_eq!(unknown.json["result"], json!([]));

    // Get, rename, replace objects, favorites, delete.
    let one = app.get(&format!("/api/v1/tag/{finance}"), &gamma).await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json["result"]["name"], "finance");
    let renamed = app
        .call(
            Method::PUT,
            &format!("/api/v1/tag/{finance}"),
            Some(json!({"name": "finance-2026", "objects_to_tag": [["chart", untagged]]})),
            &admin,
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.json);
    assert_eq!(renamed.json["result"]["name"], "finance-2026");
    assert_eq!(renamed.json["result"]["description"], "Money");
    let objects = app
        .get("/api/v1/tag/get_objects/?tags=finance-2026", &admin)
        .await;
    assert_eq!(names(&objects.json, "name"), vec!["Untagged chart"]);
    let star = app
        .call(
            Method::POST,
            &format!("/api/v1/tag/{finance}/favorites/"),
            None,
            &admin,
        )
        .await;
    assert_eq!(star.status, StatusCode::OK);
    let status = app
        .get(
            &format!("/api/v1/tag/favorite_status/?q=!({finance},999)"),
            &admin,
        )
        .await;
    assert_eq!(
        status.json["result"],
        json!([{"id": finance, "value": true}, {"id": 999, "value": false}])
    );
    let deleted = app
        .call(Method::DELETE, &format!("/api/v1/tag/{finance}"), None, &admin)
        .await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(deleted.json["message"], "OK");
    let gone = app.get(&format!("/api/v1/tag/{finance}"), &admin).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    let (_, body) = get_q(
        app,
        &admin,
        "/api/v1/chart/",
        &format!("(filters:!((col:tags,opr:chart_tag_id,value:{finance})))"),
    )
    .await;
    assert_eq!(body["count"], 0);
    let missing = app
        .call(Method::DELETE, &format!("/api/v1/tag/{finance}"), None, &admin)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

fn object_keys(body: &Value) -> Vec<(String, i64)> {
    let mut keys: Vec<(String, i64)> = body["result"]
        .as_array()
        .unwrap_or_else(|| panic!("no result in {body}"))
        .iter()
        .map(|object| {
            (
                object["type"].as_str().unwrap().to_owned(),
                object["id"].as_i64().unwrap(),
            )
        })
        .collect();
    keys.sort();
    keys
}

fn key(object_type: &str, id: i64) -> (String, i64) {
    (object_type.to_owned(), id)
}

/// The tag form (Superset's TagModal): create with dashboards, charts and saved queries, then
/// edit by sending every object the form shows; objects the editor may not edit stay as they are.
async fn check_tag_form(app: &TestApp) {
    let admin = app.admin().await;
    let dataset = app.dataset_id("birth_names").await;
    app.create_user("alpha_editor", "pw", &["Alpha"]).await;
    app.create_user("gamma_editor", "pw", &["Gamma"]).await;
    let alpha = app.token("alpha_editor", "pw").await;
    let gamma = app.token("gamma_editor", "pw").await;

    let board = dashboard(app, &admin, "Form board").await;
    let admin_chart = chart(app, &admin, "Form admin chart", dataset).await;
    let spare_chart = chart(app, &admin, "Form spare chart", dataset).await;
    let alpha_chart = chart(app, &alpha, "Form alpha chart", dataset).await;
    let saved = app
        .post(
            "/api/v1/saved_query/",
            json!({"label": "Form query", "sql": "SELECT 1"}),
            &admin,
        )
        .await;
    assert_eq!(saved.status, StatusCode::CREATED, "{}", saved.json);
    let query = saved.json["id"].as_i64().unwrap();

    // Create as the form sends it: a dashboard, a chart and a saved query.
    let created = app
        .post(
            "/api/v1/tag/",
            json!({"name": "form", "description": "From the form",
                   "objects_to_tag": [["dashboard", board], ["chart", admin_chart], ["query", query]]}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let tag = created.json["id"].as_i64().unwrap();
    let objects_path = format!("/api/v1/tag/get_objects/?tagIds={tag}");
    let objects = app.get(&objects_path, &admin).await;
    assert_eq!(
        object_keys(&objects.json),
        vec![
            key("chart", admin_chart),
            key("dashboard", board),
            key("query", query)
        ]
    );
    // An object that does not exist refuses the create, which makes nothing.
    let missing = app
        .post(
            "/api/v1/tag/",
            json!({"name": "form-missing", "objects_to_tag": [["chart", 999_999]]}),
            &admin,
        )
        .await;
    assert_eq!(missing.status, StatusCode::FORBIDDEN, "{}", missing.json);
    assert_eq!(
        missing.json["message"],
        "You do not have permission to tag chart 999999"
    );
    let (_, list) = get_q(
        app,
        &admin,
        "/api/v1/tag/",
        "(filters:!((col:name,opr:ct,value:form)))",
    )
    .await;
    assert_eq!(names(&list, "name"), vec!["form"]);

    // Alpha edits the tag with what it sees (not the admin's saved query), adding its own chart:
    // the objects it may not edit stay, its chart is added, the blank description clears.
    let put_path = format!("/api/v1/tag/{tag}");
    let edited = app
        .call(
            Method::PUT,
            &put_path,
            Some(json!({"name": "form-2", "description": "",
                        "objects_to_tag": [["dashboard", board], ["chart", admin_chart], ["chart", alpha_chart]]})),
            &alpha,
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.json);
    assert_eq!(edited.json["result"]["name"], "form-2");
    assert_eq!(edited.json["result"]["description"], Value::Null);
    let objects = app.get(&objects_path, &admin).await;
    assert_eq!(
        object_keys(&objects.json),
        vec![
            key("chart", admin_chart),
            key("chart", alpha_chart),
            key("dashboard", board),
            key("query", query)
        ]
    );
    // Adding an object Alpha may not edit is refused, and nothing changes.
    let refused = app
        .call(
            Method::PUT,
            &put_path,
            Some(json!({"name": "form-3", "objects_to_tag": [["chart", spare_chart]]})),
            &alpha,
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.json);
    assert_eq!(
        refused.json["message"],
        format!("You do not have permission to tag chart {spare_chart}")
    );
    let unchanged = app.get(&put_path, &admin).await;
    assert_eq!(unchanged.json["result"]["name"], "form-2");
    assert_eq!(object_keys(&app.get(&objects_path, &admin).await.json).len(), 4);
    // Leaving out its own chart takes the tag off it; the admin's chart, left out too, stays.
    let dropped = app
        .call(
            Method::PUT,
            &put_path,
            Some(json!({"objects_to_tag": [["dashboard", board]]})),
            &alpha,
        )
        .await;
    assert_eq!(dropped.status, StatusCode::OK, "{}", dropped.json);
    assert_eq!(dropped.json["result"]["name"], "form-2");
    assert_eq!(
        object_keys(&app.get(&objects_path, &admin).await.json),
        vec![
            key("chart", admin_chart),
            key("dashboard", board),
            key("query", query)
        ]
    );
    // The admin may edit everything: the spare chart replaces all.
    let replaced = app
        .call(
            Method::PUT,
            &put_path,
            Some(json!({"name": "form-2", "description": "Again", "objects_to_tag": [["chart", spare_chart], ["chart", spare_chart]]})),
            &admin,
        )
        .await;
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.json);
    assert_eq!(replaced.json["result"]["description"], "Again");
    assert_eq!(
        object_keys(&app.get(&objects_path, &admin).await.json),
        vec![key("chart", spare_chart)]
    );
    let emptied = app
        .call(
            Method::PUT,
            &put_path,
            Some(json!({"objects_to_tag": []})),
            &admin,
        )
        .await;
    assert_eq!(emptied.status, StatusCode::OK, "{}", emptied.json);
    assert_eq!(app.get(&objects_path, &admin).await.json["result"], json!([]));

    // The form's errors: a taken name (409), a blank one (400), a bad type (400), a missing tag
    // (404), Gamma (403).
    let other = app
        .post("/api/v1/tag/", json!({"name": "form-other"}), &admin)
        .await;
    assert_eq!(other.status, StatusCode::CREATED, "{}", other.json);
    let taken = app
        .call(
            Method::PUT,
            &put_path,
            Some(json!({"name": "form-other"})),
            &admin,
        )
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.json);
    assert_eq!(taken.json["message"], "A tag named form-other already exists");
    let blank = app
        .call(Method::PUT, &put_path, Some(json!({"name": "  "})), &admin)
        .await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST, "{}", blank.json);
    assert_eq!(
        blank.json["message"]["name"][0],
        "Missing data for required field."
    );
    let bad_type = app
        .call(
            Method::PUT,
            &put_path,
            Some(json!({"objects_to_tag": [["slices", 1]]})),
            &admin,
        )
        .await;
    assert_eq!(bad_type.status, StatusCode::BAD_REQUEST, "{}", bad_type.json);
    let absent = app
        .call(
            Method::PUT,
            "/api/v1/tag/999999",
            Some(json!({"name": "x"})),
            &admin,
        )
        .await;
    assert_eq!(absent.status, StatusCode::NOT_FOUND, "{}", absent.json);
    let gamma_put = app
        .call(Method::PUT, &put_path, Some(json!({"name": "gamma"})), &gamma)
        .await;
    assert_eq!(gamma_put.status, StatusCode::FORBIDDEN, "{}", gamma_put.json);
    assert_eq!(app.get(&put_path, &admin).await.json["result"]["name"], "form-2");
}

async fn check_activity_log(app: &TestApp) {
    let admin = app.admin().await;
    let dataset = app.dataset_id("birth_names").await;
    let seen_chart = chart(app, &admin, "Seen chart", dataset).await;
    let seen_board = dashboard(app, &admin, "Seen board").await;
    let logged_board = dashboard(app, &admin, "Logged board").await;

    let recent = app
        .get("/api/v1/log/recent_activity/?q=(page:0,page_size:5)", &admin)
        .await;
    assert_eq!(recent.status, StatusCode::OK, "{}", recent.json);
    let before = recent.json["result"].as_array().unwrap().len();

    // Opening a dashboard and a chart records views.
    let opened = app.get(&format!("/api/v1/dashboard/{seen_board}"), &admin).await;
    assert_eq!(opened.status, StatusCode::OK);
    let explored = app
        .get(&format!("/api/v1/explore/?slice_id={seen_chart}"), &admin)
        .await;
    assert_eq!(explored.status, StatusCode::OK, "{}", explored.json);

    // A batch of events from the web app: a dashboard mount counts as a view, others are kept.
    let events = json!({"events": [
        {"event_name": "mount_dashboard", "source": "dashboard", "source_id": logged_board, "ts": 1},
        {"event_name": "load_chart", "slice_id": seen_chart, "duration": 12, "ts": 2},
    ]});
    let logged = app.post("/superset/log/?explode=events", events, &admin).await;
    assert_eq!(logged.status, StatusCode::OK, "{}", logged.json);
    // A form-encoded beacon body is read too.
    let beacon = Request::builder()
        .method(Method::POST)
        .uri(format!("/superset/log/?explode=events&dashboard_id={seen_board}"));
    let beacon = match &admin {
        As::Bearer(token) => beacon.header(header::AUTHORIZATION, format!("Bearer {token}")),
        _ => beacon,
    };
    let form = format!(
        "events={}",
        urlencoding(&json!([{"event_name": "mount_dashboard", "ts": 3}]).to_string())
    );
    let answer = app
        .send(
            beacon
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::from(form))
                .unwrap(),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK);

    let recent = app
        .get("/api/v1/log/recent_activity/?q=(page:0,page_size:5)", &admin)
        .await;
    assert_eq!(recent.status, StatusCode::OK, "{}", recent.json);
    let result = recent.json["result"].as_array().unwrap();
    assert_eq!(result.len(), before + 3, "{}", recent.json);
    let titles: Vec<&str> = result
        .iter()
        .map(|item| item["item_title"].as_str().unwrap())
        .collect();
    for title in ["Seen board", "Seen chart", "Logged board"] {
        assert!(titles.contains(&title), "{title} not in {titles:?}");
    }
    let chart_item = result
        .iter()
        .find(|item| item["item_title"] == "Seen chart")
        .unwrap();
    assert_eq!(chart_item["item_type"], "slice");
    assert_eq!(chart_item["action"], "explore");
    assert_eq!(chart_item["item_url"], format!("/explore/?slice_id={seen_chart}"));
    assert!(chart_item["time"].as_f64().unwrap() > 1.0e12);
    let humanized = chart_item["time_delta_humanized"].as_str().unwrap();
    assert!(humanized == "now" || humanized.ends_with(" ago"), "{humanized}");
    let board_item = result
        .iter()
        .find(|item| item["item_title"] == "Seen board")
        .unwrap();
    assert_eq!(board_item["item_type"], "dashboard");
    assert_eq!(
        board_item["item_url"],
        format!("/superset/dashboard/{seen_board}/")
    );
    // Each object once, however often viewed.
    assert_eq!(titles.iter().filter(|title| **title == "Seen board").count(), 1);
    let paged = app
        .get("/api/v1/log/recent_activity/?q=(page:0,page_size:1)", &admin)
        .await;
    assert_eq!(paged.json["result"].as_array().unwrap().len(), 1);

    // Bad batches are refused cleanly.
    let too_many: Vec<Value> = (0..1025)
        .map(|index| json!({"event_name": "x", "ts": index}))
        .collect();
    let refused = app
        .post(
            "/superset/log/?explode=events",
            json!({"events": too_many}),
            &admin,
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let not_objects = app
        .post("/superset/log/?explode=events", json!({"events": [1, 2]}), &admin)
        .await;
    assert_eq!(not_objects.status, StatusCode::BAD_REQUEST);
    let not_a_list = app
        .post("/superset/log/?explode=events", json!({"events": "nope"}), &admin)
        .await;
    assert_eq!(not_a_list.status, StatusCode::BAD_REQUEST);
    let bad_q = app.get("/api/v1/log/recent_activity/?q=(page:x)", &admin).await;
    assert_eq!(bad_q.status, StatusCode::BAD_REQUEST);
    let anonymous = app
        .post(
            "/superset/log/?explode=events",
            json!({"events": []}),
            &As::Anonymous,
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    // Someone else's views are not mine.
    app.create_user("gamma_viewer", "pw", &["Gamma"]).await;
    let gamma = app.token("gamma_viewer", "pw").await;
    let theirs = app.get("/api/v1/log/recent_activity/", &gamma).await;
    assert_eq!(theirs.status, StatusCode::OK);
    assert_eq!(theirs.json["result"], json!([]));
}

#[tokio::test]
async fn tags_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_tags(&app).await;
    app.close().await;
}

#[tokio::test]
async fn tags_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_tags(&app).await;
    app.close().await;
}

#[tokio::test]
async fn tag_form_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_tag_form(&app).await;
    app.close().await;
}

#[tokio::test]
async fn tag_form_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_tag_form(&app).await;
    app.close().await;
}

#[tokio::test]
async fn activity_log_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_activity_log(&app).await;
    app.close().await;
}

#[tokio::test]
async fn activity_log_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_activity_log(&app).await;
    app.close().await;
}
