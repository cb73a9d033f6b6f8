//! Saving charts and Explore state: chart CRUD with Superset's shapes and owner rules, the form
//! data cache, permalinks, and `GET /api/v1/explore/` by slice, cache key and permalink.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::{As, PostgresDatabase, TestApp};
use serde_json::{json, Value};

async fn user_id(app: &TestApp, who: &As) -> i64 {
    app.get("/api/v1/me/", who).await.json["result"]["id"]
        .as_i64()
        .unwrap()
}

async fn put(app: &TestApp, path: &str, body: Value, who: &As) -> common::Answer {
    app.call(Method::PUT, path, Some(body), who).await
}

async fn delete(app: &TestApp, path: &str, who: &As) -> common::Answer {
    app.call(Method::DELETE, path, None, who).await
}

/// A dashboard row with one owner, written straight to the metadata tables.
async fn make_dashboard(app: &TestApp, title: &str, owner: i64) -> i64 {
    let pool = app.state.store.pool();
    let now = quiver_server::store::now_text();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO dashboards (uuid, dashboard_title, json_metadata, created_on, changed_on)
         VALUES ($1, $2, $3, $4, $4) RETURNING id",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(title)
    .bind(r#"{"color_scheme":"supersetColors"}"#)
    .bind(&now)
    .fetch_one(pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO dashboard_user (dashboard_id, user_id) VALUES ($1, $2)")
        .bind(id)
        .bind(owner)
        .execute(pool)
        .await
        .unwrap();
    id
}

fn table_params(dataset_id: i64) -> String {
    json!({
        "datasource": format!("{dataset_id}__table"),
        "viz_type": "table",
        "query_mode": "aggregate",
        "groupby": ["gender"],
        "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
        "row_limit": 1000,
        "time_range": "No filter"
    })
    .to_string()
}

/// Form data text as the store saves it: with the current form data `version`.
fn with_form_data_version(params: &str) -> Value {
    let mut form_data: Value = serde_json::from_str(params).unwrap();
    form_data["version"] = json!(quiver_core::stored_document::FORM_DATA_VERSION);
    form_data
}

/// Create, read, update and delete one chart, checking every field of Superset's answer.
async fn chart_crud_round_trip(app: &TestApp) {
    let admin = app.admin().await;
    let admin_id = user_id(app, &admin).await;
    let dataset_id = app.dataset_id("birth_names").await;
    let params = table_params(dataset_id);

    let created = app
        .post(
            "/api/v1/chart/",
            json!({
                "slice_name": "Births by gender",
                "viz_type": "table",
                "datasource_id": dataset_id,
                "datasource_type": "table",
                "params": params,
                "query_context": "{\"queries\": []}",
                "description": "Sum of births",
                "cache_timeout": 300,
                "certified_by": "Data team",
                "certification_details": "Checked against the census"
            }),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    assert_eq!(created.json["result"]["id"], id);

    let read = app.get(&format!("/api/v1/chart/{id}"), &admin).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.json);
    let chart = &read.json["result"];
    assert_eq!(read.json["id"], id);
    assert_eq!(chart["slice_name"], "Births by gender");
    assert_eq!(chart["viz_type"], "table");
    assert_eq!(
        serde_json::from_str::<Value>(chart["params"].as_str().unwrap()).unwrap(),
        with_form_data_version(&params),
        "saved at the current form data version"
    );
    assert_eq!(chart["query_context"], "{\"queries\": []}");
    assert_eq!(chart["description"], "Sum of births");
    assert_eq!(chart["cache_timeout"], 300);
    assert_eq!(chart["certified_by"], "Data team");
    assert_eq!(chart["certification_details"], "Checked against the census");
    assert_eq!(chart["datasource_id"], dataset_id);
    assert_eq!(chart["datasource_type"], "table");
    assert_eq!(chart["url"], format!("/explore/?slice_id={id}"));
    assert_eq!(chart["dashboards"], json!([]));
    assert_eq!(chart["is_managed_externally"], false);
    let humanized = chart["changed_on_delta_humanized"].as_str().unwrap();
    assert!(humanized == "now" || humanized.ends_with("ago"), "{humanized}");
    // The creator becomes the owner.
    assert_eq!(chart["owners"].as_array().unwrap().len(), 1);
    assert_eq!(chart["owners"][0]["id"], admin_id);
    assert!(chart["owners"][0]["first_name"].is_string());
    assert!(chart["owners"][0]["last_name"].is_string());

    // Overwrite: new name and params; null clears the description and certification.
    let new_params =
        json!({"datasource": format!("{dataset_id}__table"), "viz_type": "table", "groupby": ["state"]})
            .to_string();
    let updated = put(
        app,
        &format!("/api/v1/chart/{id}"),
        json!({"slice_name": "Births by state", "params": new_params, "description": null, "certified_by": null, "certification_details": null}),
        &admin,
    )
    .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.json);
    assert_eq!(updated.json["id"], id);
    assert_eq!(updated.json["result"]["slice_name"], "Births by state");
    assert_eq!(
        serde_json::from_str::<Value>(updated.json["result"]["params"].as_str().unwrap()).unwrap(),
        with_form_data_version(&new_params)
    );
    assert_eq!(updated.json["result"]["description"], Value::Null);
    assert_eq!(updated.json["result"]["certified_by"], Value::Null);
    assert_eq!(
        updated.json["result"]["cache_timeout"], 300,
        "fields not sent keep their values"
    );

    let deleted = delete(app, &format!("/api/v1/chart/{id}"), &admin).await;
    assert_eq!(deleted.status, StatusCode::OK);
    assert_eq!(deleted.json, json!({"message": "OK"}));
    let gone = app.get(&format!("/api/v1/chart/{id}"), &admin).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert_eq!(gone.json, json!({"message": "Not found"}));
    assert_eq!(
        delete(app, &format!("/api/v1/chart/{id}"), &admin).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn chart_crud_answers_superset_shapes_on_sqlite() {
    let app = TestApp::with_examples().await;
    chart_crud_round_trip(&app).await;
    app.close().await;
}

#[tokio::test]
async fn chart_crud_and_permalinks_on_postgres_metadata() {
    let database = PostgresDatabase::create().await;
    let app = TestApp::with_settings(true, Some(database)).await;
    chart_crud_round_trip(&app).await;
    permalink_round_trip(&app).await;
    app.close().await;
}

#[tokio::test]
async fn only_owners_and_admins_change_a_chart() {
    let app = TestApp::with_examples().await;
    let dataset_id = app.dataset_id("birth_names").await;
    app.state
        .store
        .grant_permission(
            "Gamma",
            "datasource_access",
            &format!("[examples].[birth_names](id:{dataset_id})"),
        )
        .await
        .unwrap();
    app.create_user("gina", "pw", &["Gamma"]).await;
    app.create_user("gus", "pw", &["Gamma"]).await;
    app.create_user("alma", "pw", &["Alpha"]).await;
    let gina = app.token("gina", "pw").await;
    let gus = app.token("gus", "pw").await;
    let alma = app.token("alma", "pw").await;
    let admin = app.admin().await;
    let (gina_id, gus_id) = (user_id(&app, &gina).await, user_id(&app, &gus).await);

    let created = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Gina's chart", "viz_type": "table", "datasource_id": dataset_id, "datasource_type": "table", "params": table_params(dataset_id)}),
            &gina,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let id = created.json["id"].as_i64().unwrap();
    assert_eq!(created.json["result"]["owners"][0]["id"], gina_id);
    assert_eq!(created.json["result"]["owners"][0]["first_name"], "gina");
    assert_eq!(created.json["result"]["owners"][0]["last_name"], "Tester");

    let path = format!("/api/v1/chart/{id}");
    let forbidden = json!({"message": "Changing this chart is forbidden"});
    for who in [&gus, &alma] {
        let refused = put(&app, &path, json!({"slice_name": "Taken over"}), who).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert_eq!(refused.json, forbidden);
        let refused = delete(&app, &path, who).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        assert_eq!(refused.json, forbidden);
    }
    // Non-owners still read it; the name is unchanged.
    assert_eq!(
        app.get(&path, &gus).await.json["result"]["slice_name"],
        "Gina's chart"
    );

    // An owner who hands the chart to someone else stays an owner (non-admins cannot drop themselves).
    let shared = put(&app, &path, json!({"owners": [gus_id]}), &gina).await;
    assert_eq!(shared.status, StatusCode::OK, "{}", shared.json);
    let owner_ids: Vec<i64> = shared.json["result"]["owners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|owner| owner["id"].as_i64().unwrap())
        .collect();
    assert_eq!(owner_ids, vec![gina_id, gus_id]);
    let by_gus = put(&app, &path, json!({"slice_name": "Shared chart"}), &gus).await;
    assert_eq!(by_gus.status, StatusCode::OK);
    assert_eq!(by_gus.json["result"]["slice_name"], "Shared chart");

    // Admins change any chart.
    let by_admin = put(&app, &path, json!({"cache_timeout": 60}), &admin).await;
    assert_eq!(by_admin.status, StatusCode::OK);
    assert_eq!(by_admin.json["result"]["cache_timeout"], 60);
    assert_eq!(delete(&app, &path, &alma).await.status, StatusCode::FORBIDDEN);
    assert_eq!(delete(&app, &path, &admin).await.json, json!({"message": "OK"}));
    app.close().await;
}

#[tokio::test]
async fn chart_payload_errors_answer_400_and_unknown_references_422() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let base = json!({"slice_name": "Births", "viz_type": "table", "datasource_id": dataset_id, "datasource_type": "table"});
    let with = |changes: Value| -> Value {
        let mut body = base.clone();
        for (key, value) in changes.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };
    let cases = [
        (
            with(json!({"slice_name": ""})),
            StatusCode::BAD_REQUEST,
            json!({"message": {"slice_name": ["Length must be between 1 and 250."]}}),
        ),
        (
            with(json!({"slice_name": "x".repeat(251)})),
            StatusCode::BAD_REQUEST,
            json!({"message": {"slice_name": ["Length must be between 1 and 250."]}}),
        ),
        (
            with(json!({"params": "{not json"})),
            StatusCode::BAD_REQUEST,
            json!({"message": {"params": ["JSON not valid"]}}),
        ),
        (
            with(json!({"query_context": "[1,"})),
            StatusCode::BAD_REQUEST,
            json!({"message": {"query_context": ["JSON not valid"]}}),
        ),
        (
            with(json!({"datasource_type": "cube"})),
            StatusCode::BAD_REQUEST,
            json!({"message": {"datasource_type": ["Must be one of: table, dataset, query, saved_query, view."]}}),
        ),
        (
            with(json!({"datasource_id": 987_654})),
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"message": {"datasource_id": ["Datasource does not exist"]}}),
        ),
        (
            with(json!({"owners": [987_654]})),
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"message": {"owners": ["Owners are invalid"]}}),
        ),
        (
            with(json!({"dashboards": [987_654]})),
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"message": {"dashboards": ["Dashboards do not exist"]}}),
        ),
    ];
    for (body, status, expected) in cases {
        let answer = app.post("/api/v1/chart/", body.clone(), &admin).await;
        assert_eq!(answer.status, status, "{body}: {}", answer.json);
        assert_eq!(answer.json, expected, "{body}");
    }
    // Unknown fields and wrong types are refused with the typed payload error, never a 500.
    let unknown = app
        .post("/api/v1/chart/", with(json!({"colour": "red"})), &admin)
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        unknown.json["errors"][0]["error_type"],
        "INVALID_PAYLOAD_SCHEMA_ERROR"
    );
    let wrong_type = app
        .post("/api/v1/chart/", with(json!({"cache_timeout": "soon"})), &admin)
        .await;
    assert_eq!(wrong_type.status, StatusCode::BAD_REQUEST);

    // The same rules on update; a datasource id needs its type.
    let created = app.post("/api/v1/chart/", base.clone(), &admin).await;
    let path = format!("/api/v1/chart/{}", created.json["id"]);
    let empty_name = put(&app, &path, json!({"slice_name": ""}), &admin).await;
    assert_eq!(empty_name.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        empty_name.json,
        json!({"message": {"slice_name": ["Length must be between 1 and 250."]}})
    );
    let no_type = put(&app, &path, json!({"datasource_id": dataset_id}), &admin).await;
    assert_eq!(no_type.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        no_type.json,
        json!({"message": {"datasource_type": ["Datasource type is required when datasource_id is given"]}})
    );
    assert_eq!(
        put(&app, "/api/v1/chart/987654", json!({"slice_name": "x"}), &admin)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    app.close().await;
}

#[tokio::test]
async fn dashboards_sent_with_a_chart_are_linked_and_must_be_owned() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let admin_id = user_id(&app, &admin).await;
    let dataset_id = app.dataset_id("birth_names").await;
    let sales = make_dashboard(&app, "Sales", admin_id).await;
    let births = make_dashboard(&app, "Births", admin_id).await;

    let created = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "On two dashboards", "datasource_id": dataset_id, "datasource_type": "table", "dashboards": [sales, births]}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let path = format!("/api/v1/chart/{}", created.json["id"]);
    assert_eq!(
        app.get(&path, &admin).await.json["result"]["dashboards"],
        json!([
            // Read at the current metadata version (stored without one by `make_dashboard`).
            {"id": sales, "dashboard_title": "Sales", "json_metadata": "{\"color_scheme\":\"supersetColors\",\"version\":1}"},
            {"id": births, "dashboard_title": "Births", "json_metadata": "{\"color_scheme\":\"supersetColors\",\"version\":1}"}
        ])
    );
    let moved = put(&app, &path, json!({"dashboards": [births]}), &admin).await;
    assert_eq!(moved.status, StatusCode::OK);
    assert_eq!(moved.json["result"]["dashboards"][0]["id"], births);
    assert_eq!(moved.json["result"]["dashboards"].as_array().unwrap().len(), 1);

    // A Gamma user may not put a chart on a dashboard someone else owns.
    app.state
        .store
        .grant_permission(
            "Gamma",
            "datasource_access",
            &format!("[examples].[birth_names](id:{dataset_id})"),
        )
        .await
        .unwrap();
    app.create_user("gina", "pw", &["Gamma"]).await;
    let gina = app.token("gina", "pw").await;
    let refused = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Mine", "datasource_id": dataset_id, "datasource_type": "table", "dashboards": [sales]}),
            &gina,
        )
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(
        refused.json,
        json!({"message": "Changing one or more of these dashboards is forbidden"})
    );
    // Deleting the chart removes its dashboard links.
    assert_eq!(delete(&app, &path, &admin).await.status, StatusCode::OK);
    let chart_id = path.rsplit('/').next().unwrap().parse::<i64>().unwrap();
    let links: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM dashboard_slices WHERE slice_id = $1")
        .bind(chart_id)
        .fetch_one(app.state.store.pool())
        .await
        .unwrap();
    assert_eq!(links, 0);
    app.close().await;
}

#[tokio::test]
async fn explore_form_data_cache_round_trip() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let form_data = table_params(dataset_id);

    let created = app
        .post(
            "/api/v1/explore/form_data",
            json!({"datasource_id": dataset_id, "datasource_type": "table", "form_data": form_data}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let key = created.json["key"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/explore/form_data/{key}");

    let read = app.get(&path, &admin).await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(read.json, json!({"form_data": form_data}));

    // Explore opens the cached state.
    let explore = app
        .get(&format!("/api/v1/explore/?form_data_key={key}"), &admin)
        .await;
    assert_eq!(explore.status, StatusCode::OK, "{}", explore.json);
    assert_eq!(explore.json["result"]["form_data"]["groupby"], json!(["gender"]));
    assert_eq!(
        explore.json["result"]["form_data"]["datasource"],
        format!("{dataset_id}__table")
    );
    assert_eq!(explore.json["result"]["dataset"]["table_name"], "birth_names");
    assert_eq!(explore.json["result"]["slice"], Value::Null);
    assert_eq!(explore.json["result"]["message"], Value::Null);

    let changed =
        json!({"datasource": format!("{dataset_id}__table"), "viz_type": "table", "groupby": ["state"]})
            .to_string();
    let updated = put(
        &app,
        &path,
        json!({"datasource_id": dataset_id, "datasource_type": "table", "form_data": changed}),
        &admin,
    )
    .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.json);
    assert_eq!(
        updated.json,
        json!({"message": "Value updated successfully.", "key": key})
    );
    assert_eq!(app.get(&path, &admin).await.json["form_data"], changed.as_str());

    // Another user reads it but may not change or delete it.
    app.create_user("alma", "pw", &["Alpha"]).await;
    let alma = app.token("alma", "pw").await;
    assert_eq!(app.get(&path, &alma).await.status, StatusCode::OK);
    let body = json!({"datasource_id": dataset_id, "datasource_type": "table", "form_data": "{}"});
    assert_eq!(
        put(&app, &path, body.clone(), &alma).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(delete(&app, &path, &alma).await.status, StatusCode::FORBIDDEN);

    // Bad input.
    let not_json = app
        .post(
            "/api/v1/explore/form_data",
            json!({"datasource_id": dataset_id, "datasource_type": "table", "form_data": "{oops"}),
            &admin,
        )
        .await;
    assert_eq!(not_json.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        not_json.json,
        json!({"message": {"form_data": ["JSON not valid"]}})
    );
    let no_dataset = app
        .post(
            "/api/v1/explore/form_data",
            json!({"datasource_id": 987_654, "datasource_type": "table", "form_data": "{}"}),
            &admin,
        )
        .await;
    assert_eq!(no_dataset.status, StatusCode::NOT_FOUND);
    assert_eq!(no_dataset.json, json!({"message": "Dataset not found."}));

    let deleted = delete(&app, &path, &admin).await;
    assert_eq!(deleted.json, json!({"message": "Deleted successfully"}));
    assert_eq!(app.get(&path, &admin).await.status, StatusCode::NOT_FOUND);
    assert_eq!(put(&app, &path, body, &admin).await.status, StatusCode::NOT_FOUND);

    // A missing key falls back to the dataset, saying so.
    let fallback = app
        .get(
            &format!("/api/v1/explore/?form_data_key={key}&datasource_type=table&datasource_id={dataset_id}"),
            &admin,
        )
        .await;
    assert_eq!(fallback.status, StatusCode::OK, "{}", fallback.json);
    assert_eq!(
        fallback.json["result"]["message"],
        "Form data not found in cache, reverting to dataset metadata."
    );
    assert_eq!(fallback.json["result"]["form_data"]["row_limit"], 1000);
    app.close().await;
}

/// Explore by slice_id answers the saved params and the chart; a permalink keeps the state.
async fn permalink_round_trip(app: &TestApp) {
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let created = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Births by gender", "viz_type": "table", "datasource_id": dataset_id, "datasource_type": "table", "params": table_params(dataset_id)}),
            &admin,
        )
        .await;
    let chart_id = created.json["id"].as_i64().unwrap();

    let by_slice = app
        .get(&format!("/api/v1/explore/?slice_id={chart_id}"), &admin)
        .await;
    assert_eq!(by_slice.status, StatusCode::OK, "{}", by_slice.json);
    let result = &by_slice.json["result"];
    assert_eq!(result["form_data"]["slice_id"], chart_id);
    assert_eq!(result["form_data"]["groupby"], json!(["gender"]));
    assert_eq!(result["form_data"]["metrics"][0]["label"], "SUM(num)");
    assert_eq!(result["slice"]["slice_name"], "Births by gender");
    assert_eq!(result["slice"]["id"], chart_id);
    assert_eq!(result["dataset"]["id"], dataset_id);
    assert_eq!(
        app.get("/api/v1/explore/?slice_id=987654", &admin).await.status,
        StatusCode::NOT_FOUND
    );

    let mut form_data = result["form_data"].clone();
    form_data["groupby"] = json!(["state"]);
    let permalink = app
        .post(
            "/api/v1/explore/permalink",
            json!({"formData": form_data, "urlParams": [["standalone", "0"]]}),
            &admin,
        )
        .await;
    assert_eq!(permalink.status, StatusCode::CREATED, "{}", permalink.json);
    let key = permalink.json["key"].as_str().unwrap().to_owned();
    assert!(
        permalink.json["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/explore/p/{key}/")),
        "{}",
        permalink.json
    );

    let read = app.get(&format!("/api/v1/explore/permalink/{key}"), &admin).await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(read.json["state"]["formData"], form_data);
    assert_eq!(read.json["state"]["urlParams"], json!([["standalone", "0"]]));
    assert_eq!(read.json["chartId"], chart_id);
    assert_eq!(read.json["datasourceId"], dataset_id);
    assert_eq!(read.json["datasourceType"], "table");
    assert_eq!(read.json["datasource"], format!("{dataset_id}__table"));

    let explore = app
        .get(&format!("/api/v1/explore/?permalink_key={key}"), &admin)
        .await;
    assert_eq!(explore.status, StatusCode::OK, "{}", explore.json);
    assert_eq!(explore.json["result"]["form_data"]["groupby"], json!(["state"]));
    assert_eq!(explore.json["result"]["slice"]["id"], chart_id);

    assert_eq!(
        app.get("/api/v1/explore/permalink/nope", &admin).await.status,
        StatusCode::NOT_FOUND
    );
    let no_datasource = app
        .post(
            "/api/v1/explore/permalink",
            json!({"formData": {"viz_type": "table"}}),
            &admin,
        )
        .await;
    assert_eq!(no_datasource.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn permalinks_keep_the_state_on_sqlite() {
    let app = TestApp::with_examples().await;
    permalink_round_trip(&app).await;
    app.close().await;
}

#[tokio::test]
async fn explore_state_needs_the_explore_permissions() {
    let app = TestApp::with_examples().await;
    app.create_user("viewer", "pw", &["Public"]).await;
    let viewer = app.token("viewer", "pw").await;
    let dataset_id = app.dataset_id("birth_names").await;
    let forbidden = json!({"message": "Forbidden"});
    for answer in [
        app.post(
            "/api/v1/explore/form_data",
            json!({"datasource_id": dataset_id, "datasource_type": "table", "form_data": "{}"}),
            &viewer,
        )
        .await,
        app.get("/api/v1/explore/form_data/abc", &viewer).await,
        app.post("/api/v1/explore/permalink", json!({"formData": {}}), &viewer)
            .await,
        app.get("/api/v1/explore/permalink/abc", &viewer).await,
    ] {
        assert_eq!(answer.status, StatusCode::FORBIDDEN);
        assert_eq!(answer.json, forbidden);
    }
    app.close().await;
}
