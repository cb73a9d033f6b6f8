//! The dashboard's data model (spec 001 §3, issue #6): `json_metadata` read through its types on
//! save (malformed metadata is a 400 naming the field), kept exactly as sent on read, and
//! `roles` present only with role-based access (`DASHBOARD_RBAC`) on.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::{As, TestApp};
use serde_json::{json, Value};

async fn put(app: &TestApp, path: &str, body: Value, who: &As) -> common::Answer {
    app.call(Method::PUT, path, Some(body), who).await
}

async fn create_dashboard(app: &TestApp, admin: &As, body: Value) -> i64 {
    let created = app.post("/api/v1/dashboard/", body, admin).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    created.json["id"].as_i64().unwrap()
}

/// The id of a built-in role, by name.
async fn role_id(app: &TestApp, name: &str) -> i64 {
    for id in 1..=50 {
        if app.state.store.role_name(id).await.unwrap().as_deref() == Some(name) {
            return id;
        }
    }
    panic!("no role {name}");
}

fn stored_metadata(answer: &common::Answer) -> Value {
    serde_json::from_str(answer.json["result"]["json_metadata"].as_str().unwrap()).unwrap()
}

#[tokio::test]
async fn json_metadata_is_checked_through_its_types_and_kept_as_sent() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let id = create_dashboard(&app, &admin, json!({"dashboard_title": "Typed"})).await;
    let path = format!("/api/v1/dashboard/{id}");

    let metadata = json!({
        "native_filter_configuration": [{
            "id": "NATIVE_FILTER-state",
            "name": "State",
            "filterType": "filter_select",
            "type": "NATIVE_FILTER",
            "targets": [{"datasetId": 1, "column": {"name": "state"}}],
            "controlValues": {"enableEmptyFilter": false, "defaultToFirstItem": false},
            "defaultDataMask": {"extraFormData": {"filters": [{"col": "state", "op": "IN", "val": ["CA"]}]},
                                "filterState": {"value": ["CA"]}},
            "cascadeParentIds": [],
            "scope": {"rootPath": ["ROOT_ID"], "excluded": [4]},
            "chartsInScope": [1, 2],
            "tabsInScope": [],
            "sortMetric": null,
            "adhoc_filters": [],
            "time_range": "No filter",
            "granularity_sqla": "ds",
            "description": ""
        }, {"id": "NATIVE_FILTER_DIVIDER-1", "type": "DIVIDER", "title": "More", "description": ""}],
        "chart_configuration": {"1": {"id": 1, "crossFilters": {"scope": "global", "chartsInScope": [2]}}},
        "global_chart_configuration": {"scope": {"rootPath": ["ROOT_ID"], "excluded": []}, "chartsInScope": [1, 2]},
        "cross_filters_enabled": true,
        "filter_bar_orientation": "VERTICAL",
        "color_scheme": null,
        "label_colors": {"boy": "#1FA8C9"},
        "shared_label_colors": ["boy"],
        "expanded_slices": {},
        "refresh_frequency": 0,
        "stagger_refresh": true,
        "stagger_time": 5000,
        "timed_refresh_immune_slices": [2],
        "default_filters": "{}",
        "filter_scopes": {"1": {"state": {"scope": ["ROOT_ID"], "immune": [2]}}},
        "a_plugin_key": {"kept": [1, "two"]}
    });
    let saved = put(
        &app,
        &path,
        json!({"json_metadata": metadata.to_string()}),
        &admin,
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.json);
    // GET answers json_metadata as a JSON string, with every key as sent (unknown ones too),
    // plus the document version the save migrated it to.
    let read = app.get(&path, &admin).await;
    assert!(read.json["result"]["json_metadata"].is_string());
    let mut expected = metadata.clone();
    expected["version"] = json!(1);
    assert_eq!(stored_metadata(&read), expected);

    let refusals = [
        ("{", "JSON not valid".to_owned()),
        (
            r#"{"native_filter_configuration": [{"name": "No id"}]}"#,
            "Not valid dashboard metadata: native_filter_configuration[0] (no id): missing field `id`".to_owned(),
        ),
        (
            r#"{"native_filter_configuration": [{"id": "NATIVE_FILTER-a", "type": "SLIDER"}]}"#,
            "Not valid dashboard metadata: native_filter_configuration[0] (NATIVE_FILTER-a): unknown variant `SLIDER`, expected `NATIVE_FILTER` or `DIVIDER`".to_owned(),
        ),
        (
            r#"{"native_filter_configuration": [{"id": "NATIVE_FILTER-a", "scope": {"rootPath": "ROOT_ID"}}]}"#,
            "Not valid dashboard metadata: native_filter_configuration[0] (NATIVE_FILTER-a): invalid type: string \"ROOT_ID\", expected a sequence".to_owned(),
        ),
    ];
    for (text, message) in refusals {
        let refused = put(&app, &path, json!({"json_metadata": text}), &admin).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{text}");
        assert_eq!(
            refused.json,
            json!({"message": {"json_metadata": [message]}}),
            "{text}"
        );
    }
    let bad_scopes = put(
        &app,
        &path,
        json!({"json_metadata": r#"{"filter_scopes": {"1": {"state": {"immune": ["two"]}}}}"#}),
        &admin,
    )
    .await;
    assert_eq!(bad_scopes.status, StatusCode::BAD_REQUEST);
    let message = bad_scopes.json["message"]["json_metadata"][0].as_str().unwrap();
    assert!(message.starts_with("Not valid dashboard metadata: "), "{message}");
    // A refused save changes nothing.
    assert_eq!(stored_metadata(&app.get(&path, &admin).await), expected);

    // A new dashboard is checked the same way.
    let refused_post = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Bad", "json_metadata": r#"{"global_chart_configuration": {"scope": {"excluded": "all"}}}"#}),
            &admin,
        )
        .await;
    assert_eq!(refused_post.status, StatusCode::BAD_REQUEST);
    assert!(refused_post.json["message"]["json_metadata"][0]
        .as_str()
        .unwrap()
        .starts_with("Not valid dashboard metadata: "));

    // So are the filters of `PUT /filters`; the legacy scope shape `scopes: {scope, immune}` is read.
    let bad_filter = put(
        &app,
        &format!("{path}/filters"),
        json!({"modified": [{"id": "NATIVE_FILTER-b", "cascadeParentIds": "NATIVE_FILTER-state"}]}),
        &admin,
    )
    .await;
    assert_eq!(bad_filter.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad_filter.json,
        json!({"message": {"modified": ["native_filter_configuration[0] (NATIVE_FILTER-b): invalid type: string \"NATIVE_FILTER-state\", expected a sequence"]}})
    );
    let legacy = put(
        &app,
        &format!("{path}/filters"),
        json!({"modified": [{"id": "NATIVE_FILTER-b", "name": "Name", "scopes": {"scope": ["ROOT_ID"], "immune": [2]}}]}),
        &admin,
    )
    .await;
    assert_eq!(legacy.status, StatusCode::OK, "{}", legacy.json);
    app.close().await;
}

#[tokio::test]
async fn roles_are_answered_only_with_role_based_access_on() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let gamma_role = role_id(&app, "Gamma").await;
    let id = create_dashboard(
        &app,
        &admin,
        json!({"dashboard_title": "Shared", "roles": [gamma_role]}),
    )
    .await;
    let read = app.get(&format!("/api/v1/dashboard/{id}"), &admin).await;
    assert_eq!(read.status, StatusCode::OK);
    assert!(read.json["result"].get("roles").is_none(), "{}", read.json);
    let list = app.get("/api/v1/dashboard/", &admin).await;
    assert!(list.json["result"][0].get("roles").is_none(), "{}", list.json);
    app.close().await;

    let app = TestApp::with_config(false, None, |settings| settings.dashboard_rbac = true).await;
    let admin = app.admin().await;
    let gamma_role = role_id(&app, "Gamma").await;
    let alpha_role = role_id(&app, "Alpha").await;
    let id = create_dashboard(
        &app,
        &admin,
        json!({"dashboard_title": "Shared", "roles": [gamma_role]}),
    )
    .await;
    let path = format!("/api/v1/dashboard/{id}");
    let read = app.get(&path, &admin).await;
    assert_eq!(
        read.json["result"]["roles"],
        json!([{"id": gamma_role, "name": "Gamma"}])
    );
    let list = app.get("/api/v1/dashboard/", &admin).await;
    assert_eq!(
        list.json["result"][0]["roles"],
        json!([{"id": gamma_role, "name": "Gamma"}])
    );

    let changed = put(&app, &path, json!({"roles": [alpha_role, gamma_role]}), &admin).await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.json);
    let mut names: Vec<String> = changed.json["result"]["roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|role| role["name"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    assert_eq!(names, vec!["Alpha", "Gamma"]);
    let unknown = put(&app, &path, json!({"roles": [9999]}), &admin).await;
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        unknown.json,
        json!({"message": {"roles": ["Some roles do not exist"]}})
    );
    let cleared = put(&app, &path, json!({"roles": []}), &admin).await;
    assert_eq!(cleared.json["result"]["roles"], json!([]));
    assert_eq!(app.get(&path, &admin).await.json["result"]["roles"], json!([]));
    app.close().await;
}
