//! Dashboards (spec 001 §7): the example dashboard, CRUD with Superset's save rules, layouts
//! and the chart relation, owners, copy, native filters, permalinks, favorites and the list, on
//! SQLite and on PostgreSQL metadata.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::{As, PostgresDatabase, TestApp};
use serde_json::{json, Value};

async fn put(app: &TestApp, path: &str, body: Value, who: &As) -> common::Answer {
    app.call(Method::PUT, path, Some(body), who).await
}

async fn delete(app: &TestApp, path: &str, who: &As) -> common::Answer {
    app.call(Method::DELETE, path, None, who).await
}

/// The `chartId`s of a `position_json`, sorted.
fn layout_chart_ids(position_json: &str) -> Vec<i64> {
    let layout: Value = serde_json::from_str(position_json).unwrap();
    let mut ids: Vec<i64> = layout
        .as_object()
        .unwrap()
        .values()
        .filter(|component| component["type"] == "CHART")
        .map(|component| component["meta"]["chartId"].as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    ids
}

fn sorted_ids(items: &Value) -> Vec<i64> {
    let mut ids: Vec<i64> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    ids
}

/// A layout with one row holding the given charts.
fn layout_with_charts(chart_ids: &[i64]) -> Value {
    let mut layout = json!({
        "DASHBOARD_VERSION_KEY": "v2",
        "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["GRID_ID"]},
        "GRID_ID": {"type": "GRID", "id": "GRID_ID", "children": ["ROW-1"], "parents": ["ROOT_ID"]},
        "ROW-1": {"type": "ROW", "id": "ROW-1", "children": [], "parents": ["ROOT_ID", "GRID_ID"],
                  "meta": {"background": "BACKGROUND_TRANSPARENT"}}
    });
    for chart_id in chart_ids {
        let id = format!("CHART-{chart_id}");
        layout["ROW-1"]["children"]
            .as_array_mut()
            .unwrap()
            .push(json!(id));
        layout[&id] = json!({"type": "CHART", "id": id, "children": [],
                             "parents": ["ROOT_ID", "GRID_ID", "ROW-1"],
                             "meta": {"chartId": chart_id, "width": 4, "height": 50}});
    }
    layout
}

async fn create_chart(app: &TestApp, admin: &As, name: &str) -> i64 {
    let dataset_id = app.dataset_id("birth_names").await;
    let answer = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": name, "viz_type": "big_number_total", "datasource_id": dataset_id,
                   "datasource_type": "table",
                   "params": json!({"metric": "count", "viz_type": "big_number_total"}).to_string()}),
            admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    answer.json["id"].as_i64().unwrap()
}

/// The example dashboard as the page reads it: its layout, its six charts and its dataset.
async fn check_example_dashboard(app: &TestApp, admin: &As) {
    let answer = app.get("/api/v1/dashboard/births", admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let dashboard = &answer.json["result"];
    assert_eq!(dashboard["dashboard_title"], "Births");
    assert_eq!(dashboard["slug"], "births");
    assert_eq!(dashboard["url"], "/superset/dashboard/births/");
    assert_eq!(dashboard["published"], true);
    assert_eq!(dashboard["status"], "published");
    assert_eq!(dashboard["owners"][0]["first_name"], "Superset");
    let changed = dashboard["changed_on_delta_humanized"].as_str().unwrap();
    assert!(
        changed == "now" || changed.ends_with("second ago") || changed.ends_with("seconds ago"),
        "{changed}"
    );
    let names: Vec<&str> = dashboard["charts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 6);
    assert!(names.contains(&"Total births"));

    let layout: Value = serde_json::from_str(dashboard["position_json"].as_str().unwrap()).unwrap();
    assert_eq!(layout["DASHBOARD_VERSION_KEY"], "v2");
    assert_eq!(layout["ROOT_ID"]["children"], json!(["GRID_ID"]));
    assert_eq!(
        layout["TABS-births"]["children"],
        json!(["TAB-trends", "TAB-places"])
    );
    assert_eq!(layout["TAB-trends"]["meta"]["text"], "Trends");
    assert_eq!(layout["HEADER-births"]["type"], "HEADER");
    assert_eq!(layout["MARKDOWN-births-intro"]["type"], "MARKDOWN");
    assert_eq!(
        layout["CHART-births-over-time"]["parents"],
        json!(["ROOT_ID", "GRID_ID", "TABS-births", "TAB-trends", "ROW-trends"])
    );
    let metadata: Value = serde_json::from_str(dashboard["json_metadata"].as_str().unwrap()).unwrap();
    assert_eq!(metadata["native_filter_configuration"], json!([]));

    let id = dashboard["id"].as_i64().unwrap();
    let by_id = app.get(&format!("/api/v1/dashboard/{id}"), admin).await;
    assert_eq!(by_id.json["result"]["slug"], "births");

    let charts = app.get("/api/v1/dashboard/births/charts", admin).await;
    assert_eq!(charts.status, StatusCode::OK, "{}", charts.json);
    let chart_items = charts.json["result"].as_array().unwrap();
    assert_eq!(chart_items.len(), 6);
    assert_eq!(
        sorted_ids(&charts.json["result"]),
        layout_chart_ids(dashboard["position_json"].as_str().unwrap())
    );
    let total = chart_items
        .iter()
        .find(|chart| chart["slice_name"] == "Total births")
        .unwrap();
    let dataset_id = app.dataset_id("birth_names").await;
    assert_eq!(total["form_data"]["viz_type"], "big_number_total");
    assert_eq!(total["form_data"]["slice_id"], total["id"]);
    assert_eq!(total["form_data"]["datasource"], format!("{dataset_id}__table"));
    assert_eq!(total["form_data"]["metric"]["label"], "SUM(num)");
    assert_eq!(total["slice_url"], format!("/explore/?slice_id={}", total["id"]));

    let datasets = app.get(&format!("/api/v1/dashboard/{id}/datasets"), admin).await;
    assert_eq!(datasets.status, StatusCode::OK, "{}", datasets.json);
    let dataset = &datasets.json["result"][0];
    assert_eq!(datasets.json["result"].as_array().unwrap().len(), 1);
    assert_eq!(dataset["table_name"], "birth_names");
    assert_eq!(dataset["uid"], format!("{dataset_id}__table"));
    assert_eq!(dataset["type"], "table");
    assert_eq!(dataset["verbose_map"]["num"], "num");
    assert_eq!(dataset["currency_formats"], json!({}));
    assert!(dataset["columns"].as_array().unwrap().len() >= 7);
}

#[tokio::test]
async fn the_example_dashboard_is_created_with_six_charts_in_tabs() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    check_example_dashboard(&app, &admin).await;
    app.close().await;
}

/// Spec 001 §3: the dashboard's datasets carry their metrics' currencies, and the currency
/// formats derived from them by metric name.
#[tokio::test]
async fn dashboard_datasets_derive_currency_formats_from_metric_currencies() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let before = app.get(&format!("/api/v1/dataset/{dataset_id}"), &admin).await;
    let count_metric = before.json["result"]["metrics"][0].clone();
    let usd = json!({"symbol": "USD", "symbolPosition": "prefix"});
    let eur = json!({"symbol": "EUR", "symbolPosition": "suffix"});
    let saved = put(
        &app,
        &format!("/api/v1/dataset/{dataset_id}"),
        json!({"metrics": [
            {"id": count_metric["id"], "metric_name": count_metric["metric_name"],
             "expression": count_metric["expression"], "uuid": count_metric["uuid"], "currency": usd},
            {"metric_name": "revenue", "expression": "SUM(num) * 2", "currency": eur},
            {"metric_name": "plain_sum", "expression": "SUM(num)"},
        ]}),
        &admin,
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.json);

    let datasets = app.get("/api/v1/dashboard/births/datasets", &admin).await;
    assert_eq!(datasets.status, StatusCode::OK, "{}", datasets.json);
    let dataset = &datasets.json["result"][0];
    let count_name = count_metric["metric_name"].as_str().unwrap();
    assert_eq!(
        dataset["currency_formats"],
        json!({count_name: usd.clone(), "revenue": eur.clone()}),
        "a metric without a currency has no currency format"
    );
    let currencies: Vec<(Value, Value)> = dataset["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|metric| (metric["metric_name"].clone(), metric["currency"].clone()))
        .collect();
    assert_eq!(
        currencies,
        vec![
            (json!(count_name), usd),
            (json!("revenue"), eur),
            (json!("plain_sum"), Value::Null)
        ]
    );
    app.close().await;
}

#[tokio::test]
async fn saving_follows_superset_rules_for_title_slug_certification_and_documents() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let created = app.post("/api/v1/dashboard/", json!({}), &admin).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    assert_eq!(
        created.json["result"]["dashboard_title"],
        "[ untitled dashboard ]"
    );
    assert_eq!(created.json["result"]["published"], false);
    assert_eq!(created.json["result"]["owners"][0]["last_name"], "Admin");
    let path = format!("/api/v1/dashboard/{id}");

    let saved = put(
        &app,
        &path,
        json!({"dashboard_title": "  ", "slug": "", "certification_details": "checked", "css": ".x{}"}),
        &admin,
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.json);
    assert_eq!(saved.json["id"], id);
    assert!(saved.json["last_modified_time"].as_f64().unwrap() > 1.7e9);
    let result = &saved.json["result"];
    assert_eq!(result["dashboard_title"], "[ untitled dashboard ]");
    assert_eq!(result["slug"], Value::Null);
    assert_eq!(result["certified_by"], Value::Null);
    assert_eq!(result["certification_details"], Value::Null);
    assert_eq!(result["css"], ".x{}");

    let certified = put(
        &app,
        &path,
        json!({"dashboard_title": "Sales", "slug": "sales", "certified_by": "Data team",
               "certification_details": "Checked weekly"}),
        &admin,
    )
    .await;
    assert_eq!(certified.json["result"]["dashboard_title"], "Sales");
    assert_eq!(certified.json["result"]["slug"], "sales");
    assert_eq!(certified.json["result"]["url"], "/superset/dashboard/sales/");
    assert_eq!(
        certified.json["result"]["certification_details"],
        "Checked weekly"
    );
    let uncertified = put(&app, &path, json!({"certified_by": ""}), &admin).await;
    assert_eq!(uncertified.json["result"]["certified_by"], Value::Null);
    assert_eq!(uncertified.json["result"]["certification_details"], Value::Null);

    let published = put(&app, &path, json!({"published": true}), &admin).await;
    assert_eq!(published.status, StatusCode::OK);
    assert_eq!(published.json["result"]["published"], true);
    assert_eq!(published.json["result"]["dashboard_title"], "Sales");
    assert_eq!(
        app.get("/api/v1/dashboard/sales", &admin).await.json["result"]["id"],
        id
    );

    let other = app
        .post("/api/v1/dashboard/", json!({"dashboard_title": "Other"}), &admin)
        .await;
    let other_id = other.json["id"].as_i64().unwrap();
    let taken = put(
        &app,
        &format!("/api/v1/dashboard/{other_id}"),
        json!({"slug": "sales"}),
        &admin,
    )
    .await;
    assert_eq!(taken.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(taken.json, json!({"message": {"slug": ["Must be unique"]}}));
    let taken_on_create = app
        .post("/api/v1/dashboard/", json!({"slug": "sales"}), &admin)
        .await;
    assert_eq!(taken_on_create.status, StatusCode::UNPROCESSABLE_ENTITY);

    let not_json = put(&app, &path, json!({"position_json": "{"}), &admin).await;
    assert_eq!(not_json.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        not_json.json,
        json!({"message": {"position_json": ["JSON not valid"]}})
    );
    let dangling = put(
        &app,
        &path,
        json!({"position_json": json!({"ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["GRID_ID"]}}).to_string()}),
        &admin,
    )
    .await;
    assert_eq!(dangling.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        dangling.json["message"]["position_json"][0],
        "Not a valid dashboard layout: \"ROOT_ID\" has the unknown child \"GRID_ID\""
    );
    let bad_metadata = put(
        &app,
        &path,
        json!({"json_metadata": "{\"refresh_frequency\": \"often\"}"}),
        &admin,
    )
    .await;
    assert_eq!(bad_metadata.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad_metadata.json["message"]["json_metadata"][0],
        "Not valid dashboard metadata: \"refresh_frequency\" must be an integer"
    );
    let unknown_field = put(&app, &path, json!({"colour": "red"}), &admin).await;
    assert_eq!(unknown_field.status, StatusCode::BAD_REQUEST);
    let metadata_only = put(
        &app,
        &path,
        json!({"json_metadata": json!({"cross_filters_enabled": false, "filter_bar_orientation": "HORIZONTAL"}).to_string()}),
        &admin,
    )
    .await;
    assert_eq!(metadata_only.status, StatusCode::OK, "{}", metadata_only.json);
    let metadata: Value =
        serde_json::from_str(metadata_only.json["result"]["json_metadata"].as_str().unwrap()).unwrap();
    assert_eq!(metadata["filter_bar_orientation"], "HORIZONTAL");
    assert_eq!(metadata_only.json["result"]["dashboard_title"], "Sales");

    let deleted = delete(&app, &path, &admin).await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(deleted.json, json!({"message": "OK"}));
    assert_eq!(app.get(&path, &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(delete(&app, &path, &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/v1/dashboard/abc", &admin).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        put(&app, "/api/v1/dashboard/abc", json!({}), &admin).await.status,
        StatusCode::BAD_REQUEST
    );
    app.close().await;
}

#[tokio::test]
async fn the_layout_sets_the_dashboard_charts_and_copies_can_duplicate_them() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let first = create_chart(&app, &admin, "Count A").await;
    let second = create_chart(&app, &admin, "Count B").await;
    let created = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Counts", "position_json": layout_with_charts(&[first]).to_string()}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    assert_eq!(created.json["result"]["charts"], json!(["Count A"]));

    // Superset's editor sends the layout as json_metadata.positions.
    let mut expanded = serde_json::Map::new();
    expanded.insert(second.to_string(), json!(true));
    let metadata = json!({"positions": layout_with_charts(&[first, second]), "color_scheme": "supersetColors",
                          "timed_refresh_immune_slices": [second], "expanded_slices": expanded});
    let saved = put(
        &app,
        &format!("/api/v1/dashboard/{id}"),
        json!({"json_metadata": metadata.to_string()}),
        &admin,
    )
    .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.json);
    let stored: Value =
        serde_json::from_str(saved.json["result"]["json_metadata"].as_str().unwrap()).unwrap();
    assert!(stored.get("positions").is_none());
    assert_eq!(stored["color_scheme"], "supersetColors");
    assert_eq!(
        layout_chart_ids(saved.json["result"]["position_json"].as_str().unwrap()),
        vec![first, second]
    );
    let certified = put(
        &app,
        &format!("/api/v1/chart/{first}"),
        json!({"certified_by": "Data team", "certification_details": "Checked weekly"}),
        &admin,
    )
    .await;
    assert_eq!(certified.status, StatusCode::OK, "{}", certified.json);
    let charts = app.get(&format!("/api/v1/dashboard/{id}/charts"), &admin).await;
    assert_eq!(sorted_ids(&charts.json["result"]), vec![first, second]);
    let chart_named = |name: &str| -> Value {
        charts.json["result"]
            .as_array()
            .unwrap()
            .iter()
            .find(|chart| chart["slice_name"] == name)
            .cloned()
            .unwrap()
    };
    assert_eq!(chart_named("Count A")["certified_by"], "Data team");
    assert_eq!(chart_named("Count A")["certification_details"], "Checked weekly");
    assert_eq!(chart_named("Count B")["certified_by"], Value::Null);
    assert_eq!(chart_named("Count B")["is_managed_externally"], false);

    let shared = app
        .post(
            &format!("/api/v1/dashboard/{id}/copy/"),
            json!({"dashboard_title": "Counts (copy)", "json_metadata": "{}", "duplicate_slices": false}),
            &admin,
        )
        .await;
    assert_eq!(shared.status, StatusCode::OK, "{}", shared.json);
    assert!(shared.json["result"]["last_modified_time"].as_f64().unwrap() > 1.7e9);
    let shared_id = shared.json["result"]["id"].as_i64().unwrap();
    let shared_charts = app
        .get(&format!("/api/v1/dashboard/{shared_id}/charts"), &admin)
        .await;
    assert_eq!(sorted_ids(&shared_charts.json["result"]), vec![first, second]);

    let duplicated = app
        .post(
            &format!("/api/v1/dashboard/{id}/copy/"),
            json!({"dashboard_title": "", "css": "", "duplicate_slices": true, "json_metadata": stored.to_string()}),
            &admin,
        )
        .await;
    assert_eq!(duplicated.status, StatusCode::OK, "{}", duplicated.json);
    let copy_id = duplicated.json["result"]["id"].as_i64().unwrap();
    let copy = app.get(&format!("/api/v1/dashboard/{copy_id}"), &admin).await;
    assert_eq!(copy.json["result"]["dashboard_title"], "[ untitled dashboard ]");
    assert_eq!(copy.json["result"]["published"], false);
    let copy_chart_ids = layout_chart_ids(copy.json["result"]["position_json"].as_str().unwrap());
    assert_eq!(copy_chart_ids.len(), 2);
    assert!(!copy_chart_ids.contains(&first) && !copy_chart_ids.contains(&second));
    let copy_charts = app
        .get(&format!("/api/v1/dashboard/{copy_id}/charts"), &admin)
        .await;
    assert_eq!(sorted_ids(&copy_charts.json["result"]), copy_chart_ids);
    let mut copy_names: Vec<String> = copy_charts.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|chart| chart["slice_name"].as_str().unwrap().to_owned())
        .collect();
    copy_names.sort();
    assert_eq!(copy_names, vec!["Count A", "Count B"]);
    let copy_metadata: Value =
        serde_json::from_str(copy.json["result"]["json_metadata"].as_str().unwrap()).unwrap();
    let immune = copy_metadata["timed_refresh_immune_slices"][0].as_i64().unwrap();
    assert!(copy_chart_ids.contains(&immune) && immune != second);
    app.close().await;
}

#[tokio::test]
async fn only_owners_and_admins_change_a_dashboard() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    app.create_user("gina", "gamma-pass", &["Gamma"]).await;
    let gamma = app.token("gina", "gamma-pass").await;
    let created = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Admin's"}),
            &admin,
        )
        .await;
    let id = created.json["id"].as_i64().unwrap();
    let path = format!("/api/v1/dashboard/{id}");
    assert_eq!(app.get(&path, &gamma).await.status, StatusCode::OK);
    let refused = put(&app, &path, json!({"dashboard_title": "Mine now"}), &gamma).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(
        refused.json,
        json!({"message": "You do not have permission to edit this dashboard"})
    );
    assert_eq!(delete(&app, &path, &gamma).await.status, StatusCode::FORBIDDEN);
    let filters = put(&app, &format!("{path}/filters"), json!({"deleted": []}), &gamma).await;
    assert_eq!(filters.status, StatusCode::FORBIDDEN);

    let own = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Gina's", "owners": []}),
            &gamma,
        )
        .await;
    assert_eq!(own.status, StatusCode::CREATED, "{}", own.json);
    assert_eq!(own.json["result"]["owners"][0]["first_name"], "gina");
    let own_id = own.json["id"].as_i64().unwrap();
    let renamed = put(
        &app,
        &format!("/api/v1/dashboard/{own_id}"),
        json!({"dashboard_title": "Gina's sales"}),
        &gamma,
    )
    .await;
    assert_eq!(renamed.status, StatusCode::OK);
    let bad_owner = put(
        &app,
        &format!("/api/v1/dashboard/{own_id}"),
        json!({"owners": [9999]}),
        &gamma,
    )
    .await;
    assert_eq!(bad_owner.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad_owner.json,
        json!({"message": {"owners": ["Owners are invalid"]}})
    );
    let by_admin = put(
        &app,
        &format!("/api/v1/dashboard/{own_id}"),
        json!({"published": true}),
        &admin,
    )
    .await;
    assert_eq!(by_admin.status, StatusCode::OK);
    assert_eq!(
        app.get(&path, &As::Anonymous).await.status,
        StatusCode::UNAUTHORIZED
    );
    app.close().await;
}

#[tokio::test]
async fn native_filters_permalinks_and_favorites() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let created = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Filters", "json_metadata": "{\"color_scheme\": \"bnbColors\"}"}),
            &admin,
        )
        .await;
    let id = created.json["id"].as_i64().unwrap();

    let state_filter = json!({"id": "NATIVE_FILTER-state", "name": "State", "filterType": "filter_select",
                              "targets": [{"datasetId": 1, "column": {"name": "state"}}],
                              "scope": {"rootPath": ["ROOT_ID"], "excluded": []}});
    let gender_filter =
        json!({"id": "NATIVE_FILTER-gender", "name": "Gender", "filterType": "filter_select"});
    let added = put(
        &app,
        &format!("/api/v1/dashboard/{id}/filters"),
        json!({"modified": [state_filter, gender_filter], "deleted": [], "reordered": []}),
        &admin,
    )
    .await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.json);
    assert_eq!(added.json["result"].as_array().unwrap().len(), 2);
    let changed = put(
        &app,
        &format!("/api/v1/dashboard/{id}/filters"),
        json!({"modified": [{"id": "NATIVE_FILTER-gender", "name": "Sex"}], "deleted": ["NATIVE_FILTER-state"]}),
        &admin,
    )
    .await;
    assert_eq!(
        changed.json["result"],
        json!([{"id": "NATIVE_FILTER-gender", "name": "Sex"}])
    );
    let dashboard = app.get(&format!("/api/v1/dashboard/{id}"), &admin).await;
    let metadata: Value =
        serde_json::from_str(dashboard.json["result"]["json_metadata"].as_str().unwrap()).unwrap();
    assert_eq!(metadata["native_filter_configuration"][0]["name"], "Sex");
    assert_eq!(metadata["color_scheme"], "bnbColors");
    let bad_id = put(
        &app,
        &format!("/api/v1/dashboard/{id}/filters"),
        json!({"modified": [{"id": "STATE"}]}),
        &admin,
    )
    .await;
    assert_eq!(bad_id.status, StatusCode::BAD_REQUEST);

    // A divider (spec 001 §3): a `NATIVE_FILTER_DIVIDER-` id with its title and description,
    // kept in the configuration's order; a divider under a filter id is refused.
    let divider = json!({"id": "NATIVE_FILTER_DIVIDER-when", "type": "DIVIDER", "title": "When",
                         "description": "Period and grain", "scope": {"rootPath": ["ROOT_ID"], "excluded": []}});
    let with_divider = put(
        &app,
        &format!("/api/v1/dashboard/{id}/filters"),
        json!({"modified": [divider], "reordered": ["NATIVE_FILTER_DIVIDER-when", "NATIVE_FILTER-gender"]}),
        &admin,
    )
    .await;
    assert_eq!(with_divider.status, StatusCode::OK, "{}", with_divider.json);
    let configuration = &with_divider.json["result"];
    assert_eq!(configuration[0]["id"], "NATIVE_FILTER_DIVIDER-when");
    assert_eq!(
        (
            configuration[0]["title"].clone(),
            configuration[0]["description"].clone()
        ),
        (json!("When"), json!("Period and grain"))
    );
    assert_eq!(configuration[1]["id"], "NATIVE_FILTER-gender");
    let divider_as_filter = put(
        &app,
        &format!("/api/v1/dashboard/{id}/filters"),
        json!({"modified": [{"id": "NATIVE_FILTER-when", "type": "DIVIDER", "title": "When"}]}),
        &admin,
    )
    .await;
    assert_eq!(divider_as_filter.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        divider_as_filter.json["message"]["modified"],
        json!(["Divider ids start with NATIVE_FILTER_DIVIDER-: NATIVE_FILTER-when"])
    );
    let removed_divider = put(
        &app,
        &format!("/api/v1/dashboard/{id}/filters"),
        json!({"deleted": ["NATIVE_FILTER_DIVIDER-when"]}),
        &admin,
    )
    .await;
    assert_eq!(
        removed_divider.json["result"],
        json!([{"id": "NATIVE_FILTER-gender", "name": "Sex"}])
    );

    let permalink = app
        .post(
            &format!("/api/v1/dashboard/{id}/permalink"),
            json!({"dataMask": {"NATIVE_FILTER-gender": {"filterState": {"value": ["boy"]}}},
                   "activeTabs": ["TAB-2"], "anchor": "CHART-1", "urlParams": [["standalone", "1"]]}),
            &admin,
        )
        .await;
    assert_eq!(permalink.status, StatusCode::CREATED, "{}", permalink.json);
    let key = permalink.json["key"].as_str().unwrap();
    assert!(permalink.json["url"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/superset/dashboard/p/{key}/")));
    let restored = app
        .get(&format!("/api/v1/dashboard/permalink/{key}"), &admin)
        .await;
    assert_eq!(restored.status, StatusCode::OK, "{}", restored.json);
    assert_eq!(restored.json["dashboardId"], id.to_string());
    assert_eq!(restored.json["state"]["activeTabs"], json!(["TAB-2"]));
    assert_eq!(restored.json["state"]["anchor"], "CHART-1");
    assert_eq!(
        restored.json["state"]["dataMask"]["NATIVE_FILTER-gender"]["filterState"]["value"],
        json!(["boy"])
    );
    assert_eq!(restored.json["state"]["urlParams"], json!([["standalone", "1"]]));
    let missing = app.get("/api/v1/dashboard/permalink/no-such-key", &admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    let status_path = format!("/api/v1/dashboard/favorite_status/?q=!({id},9999)");
    let before = app.get(&status_path, &admin).await;
    assert_eq!(before.status, StatusCode::OK, "{}", before.json);
    assert_eq!(
        before.json["result"],
        json!([{"id": id, "value": false}, {"id": 9999, "value": false}])
    );
    let starred = app
        .post(&format!("/api/v1/dashboard/{id}/favorites/"), json!({}), &admin)
        .await;
    assert_eq!(starred.json, json!({"result": "OK"}));
    let starred_twice = app
        .post(&format!("/api/v1/dashboard/{id}/favorites/"), json!({}), &admin)
        .await;
    assert_eq!(starred_twice.status, StatusCode::OK);
    assert_eq!(
        app.get(&status_path, &admin).await.json["result"][0]["value"],
        true
    );
    let unstarred = delete(&app, &format!("/api/v1/dashboard/{id}/favorites/"), &admin).await;
    assert_eq!(unstarred.status, StatusCode::OK);
    assert_eq!(
        app.get(&status_path, &admin).await.json["result"][0]["value"],
        false
    );
    let not_ids = app
        .get("/api/v1/dashboard/favorite_status/?q=(a:1)", &admin)
        .await;
    assert_eq!(not_ids.status, StatusCode::BAD_REQUEST);
    let unknown = app
        .post("/api/v1/dashboard/9999/favorites/", json!({}), &admin)
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    app.close().await;
}

#[tokio::test]
async fn the_list_pages_sorts_and_filters() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    for title in ["Births", "Sales", "Flights"] {
        let created = app
            .post(
                "/api/v1/dashboard/",
                json!({"dashboard_title": title, "published": true}),
                &admin,
            )
            .await;
        assert_eq!(created.status, StatusCode::CREATED);
    }
    let first_page = app
        .get(
            "/api/v1/dashboard/?q=(order_column:dashboard_title,order_direction:asc,page:0,page_size:2)",
            &admin,
        )
        .await;
    assert_eq!(first_page.status, StatusCode::OK, "{}", first_page.json);
    assert_eq!(first_page.json["count"], 3);
    let titles: Vec<&str> = first_page.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["dashboard_title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, vec!["Births", "Flights"]);
    let second_page = app
        .get(
            "/api/v1/dashboard/?q=(order_column:dashboard_title,order_direction:asc,page:1,page_size:2)",
            &admin,
        )
        .await;
    assert_eq!(second_page.json["result"][0]["dashboard_title"], "Sales");
    let latest = app.get("/api/v1/dashboard/", &admin).await;
    assert_eq!(latest.json["result"][0]["dashboard_title"], "Flights");
    let filtered = app
        .get(
            "/api/v1/dashboard/?q=(filters:!((col:dashboard_title,opr:ct,value:ale)))",
            &admin,
        )
        .await;
    assert_eq!(filtered.json["count"], 1);
    assert_eq!(filtered.json["result"][0]["dashboard_title"], "Sales");
    for bad in [
        "(page_size:'x')",
        "(order_column:nope)",
        "(filters:!((col:css,opr:eq,value:x)))",
        "(page:",
    ] {
        let answer = app.get(&format!("/api/v1/dashboard/?q={bad}"), &admin).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    app.create_user("gina", "gamma-pass", &["Gamma"]).await;
    let gamma = app.token("gina", "gamma-pass").await;
    // Published dashboards without charts over accessible datasets are not listed for Gamma.
    assert_eq!(app.get("/api/v1/dashboard/", &gamma).await.json["count"], 0);
    app.close().await;
}

#[tokio::test]
async fn dashboards_work_on_postgresql_metadata() {
    let database = PostgresDatabase::create().await;
    let app = TestApp::with_settings(true, Some(database)).await;
    let admin = app.admin().await;
    check_example_dashboard(&app, &admin).await;
    let created = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "On Postgres", "slug": "pg"}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    let saved = put(
        &app,
        &format!("/api/v1/dashboard/{id}"),
        json!({"published": true, "slug": ""}),
        &admin,
    )
    .await;
    assert_eq!(saved.json["result"]["published"], true);
    assert_eq!(saved.json["result"]["slug"], Value::Null);
    let taken = put(
        &app,
        &format!("/api/v1/dashboard/{id}"),
        json!({"slug": "births"}),
        &admin,
    )
    .await;
    assert_eq!(taken.status, StatusCode::UNPROCESSABLE_ENTITY);
    app.post(&format!("/api/v1/dashboard/{id}/favorites/"), json!({}), &admin)
        .await;
    let status = app
        .get(&format!("/api/v1/dashboard/favorite_status/?q=!({id})"), &admin)
        .await;
    assert_eq!(status.json["result"], json!([{"id": id, "value": true}]));
    let copy = app
        .post(
            "/api/v1/dashboard/births/copy/",
            json!({"dashboard_title": "Births copy", "json_metadata": "{}", "duplicate_slices": true}),
            &admin,
        )
        .await;
    // The copy path takes a numeric id, as Superset's.
    assert_eq!(copy.status, StatusCode::BAD_REQUEST);
    let births_id = app.get("/api/v1/dashboard/births", &admin).await.json["result"]["id"]
        .as_i64()
        .unwrap();
    let copy = app
        .post(
            &format!("/api/v1/dashboard/{births_id}/copy/"),
            json!({"dashboard_title": "Births copy", "json_metadata": "{}", "duplicate_slices": true}),
            &admin,
        )
        .await;
    assert_eq!(copy.status, StatusCode::OK, "{}", copy.json);
    let copy_id = copy.json["result"]["id"].as_i64().unwrap();
    let copy_charts = app
        .get(&format!("/api/v1/dashboard/{copy_id}/charts"), &admin)
        .await;
    assert_eq!(copy_charts.json["result"].as_array().unwrap().len(), 6);
    assert_eq!(
        delete(&app, &format!("/api/v1/dashboard/{id}"), &admin)
            .await
            .status,
        StatusCode::OK
    );
    let list = app.get("/api/v1/dashboard/?q=(page_size:100)", &admin).await;
    assert_eq!(list.json["count"], 2);
    app.close().await;
}

#[tokio::test]
async fn colors_are_saved_without_marking_the_dashboard_changed() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let created = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Colours", "json_metadata": "{\"color_scheme\": \"supersetColors\", \"stagger_time\": 3000}"}),
            &admin,
        )
        .await;
    let id = created.json["id"].as_i64().unwrap();
    let path = format!("/api/v1/dashboard/{id}");
    let changed_on = |answer: &common::Answer| answer.json["result"]["changed_on"].clone();
    let metadata = |answer: &common::Answer| -> Value {
        serde_json::from_str(answer.json["result"]["json_metadata"].as_str().unwrap()).unwrap()
    };
    let before = app.get(&path, &admin).await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;

    let synced = put(
        &app,
        &format!("{path}/colors?mark_updated=false"),
        json!({
            "color_scheme": "bnbColors",
            "color_namespace": null,
            "shared_label_colors": ["boy", "girl"],
            "map_label_colors": {"boy": "#1FA8C9", "girl": "#454E7C"},
            "color_scheme_domain": ["#1FA8C9", "#454E7C"]
        }),
        &admin,
    )
    .await;
    assert_eq!(synced.status, StatusCode::OK, "{}", synced.json);
    assert_eq!(synced.json, json!({}));
    let after = app.get(&path, &admin).await;
    assert_eq!(
        metadata(&after),
        json!({
            "color_scheme": "bnbColors",
            "color_namespace": null,
            "stagger_time": 3000,
            "shared_label_colors": ["boy", "girl"],
            "map_label_colors": {"boy": "#1FA8C9", "girl": "#454E7C"},
            "color_scheme_domain": ["#1FA8C9", "#454E7C"],
            "version": 1
        })
    );
    assert_eq!(changed_on(&after), changed_on(&before));

    // Without mark_updated=false the save marks the dashboard changed.
    let marked = put(
        &app,
        &format!("{path}/colors"),
        json!({"label_colors": {"boy": "#000000"}}),
        &admin,
    )
    .await;
    assert_eq!(marked.status, StatusCode::OK);
    let marked_after = app.get(&path, &admin).await;
    assert_eq!(metadata(&marked_after)["label_colors"], json!({"boy": "#000000"}));
    assert_ne!(changed_on(&marked_after), changed_on(&before));

    // Bad input: a clear 400, nothing written.
    for body in [
        json!({"color_scheme": 5}),
        json!({"label_colors": ["x"]}),
        json!({"colour": "red"}),
    ] {
        let refused = put(&app, &format!("{path}/colors?mark_updated=false"), body, &admin).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.json);
        assert!(refused.json["message"]
            .as_str()
            .unwrap()
            .starts_with("Invalid payload"));
    }
    assert_eq!(metadata(&app.get(&path, &admin).await), metadata(&marked_after));

    // Only owners and admins; a missing dashboard is 404.
    app.create_user("gina", "gamma-pass", &["Gamma"]).await;
    let gamma = app.token("gina", "gamma-pass").await;
    let refused = put(
        &app,
        &format!("{path}/colors"),
        json!({"color_scheme": "x"}),
        &gamma,
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(
        refused.json,
        json!({"message": "You do not have permission to edit this dashboard"})
    );
    let missing = put(&app, "/api/v1/dashboard/999999/colors", json!({}), &admin).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    app.close().await;
}

#[tokio::test]
async fn editing_takes_ownership_and_can_write_on_dashboard() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    // An owner without can_write on Dashboard (sql_lab only) may not change it.
    app.create_user("sam", "sql-pass", &["sql_lab"]).await;
    let sam = app.token("sam", "sql-pass").await;
    let sam_id = app.get("/api/v1/me/", &sam).await.json["result"]["id"]
        .as_i64()
        .unwrap();
    let created = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Sam's", "owners": [sam_id]}),
            &admin,
        )
        .await;
    let id = created.json["id"].as_i64().unwrap();
    let path = format!("/api/v1/dashboard/{id}");
    for (path, body) in [
        (path.clone(), json!({"dashboard_title": "Renamed"})),
        (
            format!("{path}/colors?mark_updated=false"),
            json!({"color_scheme": "x"}),
        ),
        (format!("{path}/filters"), json!({"deleted": []})),
    ] {
        let refused = put(&app, &path, body, &sam).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}");
    }
    // With can_write (Gamma) but not an owner: the spec's text.
    app.create_user("gina", "gamma-pass", &["Gamma"]).await;
    let gamma = app.token("gina", "gamma-pass").await;
    let refused = put(&app, &path, json!({"dashboard_title": "Renamed"}), &gamma).await;
    assert_eq!(
        refused.json,
        json!({"message": "You do not have permission to edit this dashboard"})
    );
    // Owner with can_write: allowed.
    let gina_id = app.get("/api/v1/me/", &gamma).await.json["result"]["id"]
        .as_i64()
        .unwrap();
    let shared = put(&app, &path, json!({"owners": [sam_id, gina_id]}), &admin).await;
    assert_eq!(shared.status, StatusCode::OK);
    let renamed = put(&app, &path, json!({"dashboard_title": "Renamed"}), &gamma).await;
    assert_eq!(renamed.status, StatusCode::OK);
    assert_eq!(renamed.json["result"]["dashboard_title"], "Renamed");
    app.close().await;
}

#[tokio::test]
async fn filter_states_keep_a_views_data_masks_for_their_writer() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let created = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": "Filter state"}),
            &admin,
        )
        .await;
    let id = created.json["id"].as_i64().unwrap();
    let masks = json!({"NATIVE_FILTER-a": {"id": "NATIVE_FILTER-a", "filterState": {"value": ["CA"]},
                       "extraFormData": {"filters": [{"col": "state", "op": "IN", "val": ["CA"]}]}}});
    let posted = app
        .post(
            &format!("/api/v1/dashboard/{id}/filter_state"),
            json!({"value": masks.to_string()}),
            &admin,
        )
        .await;
    assert_eq!(posted.status, StatusCode::CREATED, "{}", posted.json);
    let key = posted.json["key"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/dashboard/{id}/filter_state/{key}");
    let read = app.get(&path, &admin).await;
    assert_eq!(read.status, StatusCode::OK);
    let value: Value = serde_json::from_str(read.json["value"].as_str().unwrap()).unwrap();
    assert_eq!(value, masks);

    let updated = put(&app, &path, json!({"value": "{}"}), &admin).await;
    assert_eq!(updated.json, json!({"message": "Value updated successfully."}));
    assert_eq!(app.get(&path, &admin).await.json, json!({"value": "{}"}));

    // Bad input and other dashboards' or users' keys.
    let bad = app
        .post(
            &format!("/api/v1/dashboard/{id}/filter_state"),
            json!({"value": "{not json"}),
            &admin,
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json, json!({"message": {"value": ["JSON not valid"]}}));
    let other = app
        .post("/api/v1/dashboard/", json!({"dashboard_title": "Other"}), &admin)
        .await;
    let other_id = other.json["id"].as_i64().unwrap();
    let elsewhere = app
        .get(
            &format!("/api/v1/dashboard/{other_id}/filter_state/{key}"),
            &admin,
        )
        .await;
    assert_eq!(elsewhere.status, StatusCode::NOT_FOUND);
    app.create_user("gina", "gamma-pass", &["Gamma"]).await;
    let gamma = app.token("gina", "gamma-pass").await;
    assert_eq!(app.get(&path, &gamma).await.status, StatusCode::OK);
    assert_eq!(
        put(&app, &path, json!({"value": "{}"}), &gamma).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(delete(&app, &path, &gamma).await.status, StatusCode::FORBIDDEN);

    let deleted = delete(&app, &path, &admin).await;
    assert_eq!(deleted.json, json!({"message": "Deleted successfully"}));
    assert_eq!(app.get(&path, &admin).await.status, StatusCode::NOT_FOUND);
    app.close().await;
}
