//! The dashboard's data model (spec 001 §3, issue #6): `json_metadata` read through its types on
//! save (malformed metadata is a 400 naming the field), kept exactly as sent on read, and
//! `roles` present only with role-based access (`DASHBOARD_RBAC`) on.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::{As, PostgresDatabase, TestApp};
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

/// The titles of the dashboards a user's list shows, sorted.
async fn listed_titles(app: &TestApp, who: &As) -> Vec<String> {
    let list = app.get("/api/v1/dashboard/?q=(page_size:100)", who).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.json);
    let mut titles: Vec<String> = list.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["dashboard_title"].as_str().unwrap().to_owned())
        .collect();
    titles.sort();
    titles
}

/// Spec 001 §6 with Superset's `DASHBOARD_RBAC`: a dashboard that has roles is listed and opened
/// only by admins, owners and, once published, the holders of one of its roles; one without roles
/// keeps the datasource rule; "Save as" (the copy) needs admin or owner. With the flag off the
/// roles change nothing.
async fn check_role_based_access(postgres: Option<PostgresDatabase>, rbac: bool) {
    let app = TestApp::with_config(false, postgres, |settings| settings.dashboard_rbac = rbac).await;
    let admin = app.admin().await;
    app.create_user("gina", "gamma-pass", &["Gamma"]).await;
    app.create_user("alan", "alpha-pass", &["Alpha"]).await;
    app.create_user("owen", "owner-pass", &["Gamma"]).await;
    let gina = app.token("gina", "gamma-pass").await;
    let alan = app.token("alan", "alpha-pass").await;
    let owen = app.token("owen", "owner-pass").await;
    let owen_id = app
        .state
        .store
        .user_by_username("owen")
        .await
        .unwrap()
        .unwrap()
        .id;
    let gamma_role = role_id(&app, "Gamma").await;
    let alpha_role = role_id(&app, "Alpha").await;

    let for_gamma = create_dashboard(
        &app,
        &admin,
        json!({"dashboard_title": "For Gamma", "published": true, "roles": [gamma_role]}),
    )
    .await;
    let for_alpha = create_dashboard(
        &app,
        &admin,
        json!({"dashboard_title": "For Alpha", "published": true, "roles": [alpha_role], "owners": [owen_id]}),
    )
    .await;
    let draft = create_dashboard(
        &app,
        &admin,
        json!({"dashboard_title": "Draft for Gamma", "published": false, "roles": [gamma_role]}),
    )
    .await;
    let open = create_dashboard(
        &app,
        &admin,
        json!({"dashboard_title": "No roles", "published": true}),
    )
    .await;
    let status_of = |id: i64, who: &As| {
        let path = format!("/api/v1/dashboard/{id}");
        let who = who.clone();
        let app = &app;
        async move { app.get(&path, &who).await.status }
    };

    // The admin sees everything either way.
    assert_eq!(listed_titles(&app, &admin).await.len(), 4);
    if rbac {
        // Gina holds Gamma: the published Gamma dashboard is listed and opens; the Alpha one and
        // the Gamma draft do not. The one without roles keeps the datasource rule: no datasets,
        // so not listed, but it opens.
        assert_eq!(listed_titles(&app, &gina).await, vec!["For Gamma"]);
        assert_eq!(status_of(for_gamma, &gina).await, StatusCode::OK);
        let charts = app
            .get(&format!("/api/v1/dashboard/{for_gamma}/charts"), &gina)
            .await;
        assert_eq!(charts.status, StatusCode::OK);
        assert_eq!(status_of(for_alpha, &gina).await, StatusCode::FORBIDDEN);
        let datasets = app
            .get(&format!("/api/v1/dashboard/{for_alpha}/datasets"), &gina)
            .await;
        assert_eq!(datasets.status, StatusCode::FORBIDDEN);
        assert_eq!(status_of(draft, &gina).await, StatusCode::FORBIDDEN);
        assert_eq!(status_of(open, &gina).await, StatusCode::OK);
        // Alan holds Alpha; Owen holds Gamma but owns the Alpha dashboard.
        assert_eq!(listed_titles(&app, &alan).await, vec!["For Alpha"]);
        assert_eq!(status_of(for_gamma, &alan).await, StatusCode::FORBIDDEN);
        assert_eq!(listed_titles(&app, &owen).await, vec!["For Alpha", "For Gamma"]);
        assert_eq!(status_of(for_alpha, &owen).await, StatusCode::OK);
        assert_eq!(status_of(draft, &owen).await, StatusCode::FORBIDDEN);
    } else {
        // Off, roles change nothing: no datasets, so nothing is listed to non-owners and every
        // dashboard opens.
        assert_eq!(listed_titles(&app, &gina).await, Vec::<String>::new());
        assert_eq!(listed_titles(&app, &owen).await, vec!["For Alpha"]);
        for id in [for_gamma, for_alpha, draft, open] {
            assert_eq!(status_of(id, &gina).await, StatusCode::OK);
        }
    }

    // "Save as": Gina has can_write on Dashboard; with role-based access also admin or owner.
    let copy_body = json!({"dashboard_title": "Copy", "json_metadata": "{}", "duplicate_slices": false});
    let copied = app
        .post(
            &format!("/api/v1/dashboard/{for_gamma}/copy/"),
            copy_body.clone(),
            &gina,
        )
        .await;
    if rbac {
        assert_eq!(copied.status, StatusCode::FORBIDDEN, "{}", copied.json);
        assert_eq!(
            copied.json["message"],
            "You do not have permission to edit this dashboard"
        );
    } else {
        assert_eq!(copied.status, StatusCode::OK, "{}", copied.json);
    }
    let by_owner = app
        .post(&format!("/api/v1/dashboard/{for_alpha}/copy/"), copy_body, &owen)
        .await;
    assert_eq!(by_owner.status, StatusCode::OK, "{}", by_owner.json);

    // The properties dialog's Roles select reads `related/roles`.
    let related = app
        .get("/api/v1/dashboard/related/roles?q=(filter:Gam)", &admin)
        .await;
    assert_eq!(related.status, StatusCode::OK, "{}", related.json);
    assert_eq!(
        related.json,
        json!({"count": 1, "result": [{"text": "Gamma", "value": gamma_role}]})
    );
    app.close().await;
}

#[tokio::test]
async fn role_based_access_decides_who_lists_opens_and_copies_dashboards() {
    check_role_based_access(None, true).await;
    check_role_based_access(None, false).await;
}

#[tokio::test]
async fn role_based_access_works_on_postgresql_metadata() {
    check_role_based_access(Some(PostgresDatabase::create().await), true).await;
}

/// A chart query of `slice_id` on `dashboard_id` over birth_names (a dashboard chart's form data).
fn births_query(dataset_id: i64, form_data: Option<Value>) -> Value {
    let mut body = json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "result_format": "json",
        "result_type": "full",
        "queries": [{
            "columns": ["gender"],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
            "row_limit": 10,
            "filters": [],
            "extras": {"having": "", "where": ""},
            "time_range": "No filter"
        }]
    });
    if let Some(form_data) = form_data {
        body["form_data"] = form_data;
    }
    body
}

/// Superset's dataset access through a dashboard with `DASHBOARD_RBAC`: a Gamma user without
/// access to birth_names queries it for a chart of a published dashboard shared with Gamma, and
/// for nothing else.
async fn check_dataset_access_through_roles(rbac: bool) {
    let app = TestApp::with_config(true, None, |settings| settings.dashboard_rbac = rbac).await;
    let admin = app.admin().await;
    app.create_user("gina", "gamma-pass", &["Gamma"]).await;
    let gina = app.token("gina", "gamma-pass").await;
    let gamma_role = role_id(&app, "Gamma").await;
    let births = app.get("/api/v1/dashboard/births", &admin).await.json["result"]["id"]
        .as_i64()
        .unwrap();
    let dataset = app.dataset_id("birth_names").await;
    let charts = app
        .get(&format!("/api/v1/dashboard/{births}/charts"), &admin)
        .await;
    let on_dashboard = charts.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|chart| chart["form_data"]["datasource"] == format!("{dataset}__table"))
        .expect("a Births chart on birth_names")["id"]
        .as_i64()
        .unwrap();
    let elsewhere = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Not on the dashboard", "viz_type": "table", "datasource_id": dataset,
                   "datasource_type": "table", "params": "{}"}),
            &admin,
        )
        .await
        .json["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/v1/dashboard/{births}");
    let shared = put(&app, &path, json!({"published": true}), &admin).await;
    assert_eq!(shared.status, StatusCode::OK, "{}", shared.json);
    let shared = put(&app, &path, json!({"roles": [gamma_role]}), &admin).await;
    assert_eq!(shared.status, StatusCode::OK, "{}", shared.json);

    let query = |form_data: Option<Value>| {
        let body = births_query(dataset, form_data);
        let (app, gina) = (&app, &gina);
        async move { app.post("/api/v1/chart/data", body, gina).await }
    };
    let for_chart = query(Some(json!({"dashboardId": births, "slice_id": on_dashboard}))).await;
    if rbac {
        assert_eq!(for_chart.status, StatusCode::OK, "{}", for_chart.json);
        assert_eq!(for_chart.json["result"][0]["rowcount"], 2);
    } else {
        assert_eq!(for_chart.status, StatusCode::FORBIDDEN, "{}", for_chart.json);
    }
    let alone = query(None).await;
    assert_eq!(alone.status, StatusCode::FORBIDDEN, "{}", alone.json);
    assert_eq!(
        alone.json["errors"][0]["error_type"],
        "DATASOURCE_SECURITY_ACCESS_ERROR"
    );
    let other_chart = query(Some(json!({"dashboardId": births, "slice_id": elsewhere}))).await;
    assert_eq!(other_chart.status, StatusCode::FORBIDDEN);
    let unknown_dashboard = query(Some(json!({"dashboardId": 9999, "slice_id": on_dashboard}))).await;
    assert_eq!(unknown_dashboard.status, StatusCode::FORBIDDEN);
    // A dashboard without roles grants nothing: the datasource rule decides.
    let unshared = put(&app, &path, json!({"roles": []}), &admin).await;
    assert_eq!(unshared.status, StatusCode::OK, "{}", unshared.json);
    let after = query(Some(json!({"dashboardId": births, "slice_id": on_dashboard}))).await;
    assert_eq!(after.status, StatusCode::FORBIDDEN);
    app.close().await;
}

#[tokio::test]
async fn role_based_access_opens_a_dashboards_datasets_to_its_chart_queries() {
    check_dataset_access_through_roles(true).await;
    check_dataset_access_through_roles(false).await;
}
