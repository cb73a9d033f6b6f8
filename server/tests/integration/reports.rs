//! Reports and alerts: create from a chart or a dashboard, validation texts, the list filtered as
//! the chart and dashboard headers ask for it, activate and deactivate, delete and bulk delete,
//! who sees and changes what, and the scheduler's recorded runs, on SQLite and PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use chrono::{Duration, Utc};
use common::{As, TestApp, ThrowawayDatabase};
use quiver_server::reports::scheduler::run_due_reports;
use serde_json::{json, Value};

async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
    who: &As,
) -> (StatusCode, Value) {
    let answer = app.call(method, path, body, who).await;
    (answer.status, answer.json)
}

/// The first example chart's and dashboard's ids.
async fn example_chart_and_dashboard(app: &TestApp, admin: &As) -> (i64, i64) {
    let charts = app
        .get("/api/v1/chart/?q=(order_column:id,order_direction:asc)", admin)
        .await;
    let dashboards = app.get("/api/v1/dashboard/", admin).await;
    (
        charts.json["ids"][0].as_i64().unwrap(),
        dashboards.json["ids"][0].as_i64().unwrap(),
    )
}

/// What the chart header's ReportModal sends.
fn chart_report(chart_id: i64, name: &str) -> Value {
    json!({
        "type": "Report", "name": name, "description": "Weekly births",
        "crontab": "0 12 * * 1", "timezone": "America/New_York", "report_format": "PNG",
        "creation_method": "charts", "chart": chart_id, "active": true, "extra": {},
        "force_screenshot": false
    })
}

/// The header's fetch of its reports: by chart, by creation method and by the current user.
fn header_query(column: &str, id: i64, creation_method: &str, user_id: i64) -> String {
    format!(
        "/api/v1/report/?q=(filters:!((col:{column},opr:eq,value:{id}),(col:creation_method,opr:eq,value:{creation_method}),(col:created_by,opr:rel_o_m,value:{user_id})))"
    )
}

async fn check_reports(app: &TestApp) {
    let admin = app.admin().await;
    let (chart_id, dashboard_id) = example_chart_and_dashboard(app, &admin).await;
    let admin_id = app.get("/api/v1/me/", &admin).await.json["result"]["id"]
        .as_i64()
        .unwrap();

    // Create from a chart: the recipient is the creator's e-mail, the owner the creator.
    let created = app
        .post("/api/v1/report/", chart_report(chart_id, "Births weekly"), &admin)
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    let report_id = created.json["id"].as_i64().unwrap();
    let result = &created.json["result"];
    assert_eq!(result["name"], "Births weekly");
    assert_eq!(result["type"], "Report");
    assert_eq!(result["crontab"], "0 12 * * 1");
    assert_eq!(result["timezone"], "America/New_York");
    assert_eq!(result["creation_method"], "charts");
    assert_eq!(result["report_format"], "PNG");
    assert_eq!(result["active"], true);
    assert_eq!(result["chart"]["id"], chart_id);
    assert_eq!(result["dashboard"], Value::Null);
    assert_eq!(result["last_state"], "Not triggered");
    assert_eq!(result["grace_period"], 14400);
    assert_eq!(result["working_timeout"], 3600);
    assert_eq!(result["log_retention"], 90);
    assert_eq!(
        result["recipients"],
        json!([{"type": "Email", "recipient_config_json": {"target": "admin@localhost"}}])
    );
    assert_eq!(result["owners"][0]["id"], admin_id);
    assert_eq!(result["created_by"]["first_name"], "Superset");

    // A second report on the same chart from its header is refused.
    let (status, body) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(chart_report(chart_id, "Births again")),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body,
        json!({"message": "Resource already has an attached report."})
    );

    // Shape errors (400) and command refusals (422) with Superset's texts.
    let (status, body) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(json!({"description": "x"})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"message": {"type": ["Missing data for required field."], "name": ["Missing data for required field."],
                           "crontab": ["Missing data for required field."]}})
    );
    let mut bad = chart_report(chart_id, "Bad");
    bad["crontab"] = json!("61 * * * *");
    bad["report_format"] = json!("GIF");
    bad["type"] = json!("Digest");
    let (status, body) = call(app, Method::POST, "/api/v1/report/", Some(bad), &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"]["crontab"],
        json!(["Cron expression is not valid"])
    );
    assert_eq!(
        body["message"]["report_format"],
        json!(["Must be one of: PDF, PNG, CSV, TEXT."])
    );
    assert_eq!(body["message"]["type"], json!(["Must be one of: Alert, Report."]));
    let mut bad_zone = chart_report(chart_id, "Bad zone");
    bad_zone["timezone"] = json!("Mars/Olympus");
    let (status, body) = call(app, Method::POST, "/api/v1/report/", Some(bad_zone), &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"]["timezone"][0]
        .as_str()
        .unwrap()
        .starts_with("Must be one of: "));
    let mut taken = chart_report(chart_id, "Births weekly");
    taken["creation_method"] = json!("alerts_reports");
    let (status, body) = call(app, Method::POST, "/api/v1/report/", Some(taken), &admin).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body,
        json!({"message": {"name": ["A report named \"Births weekly\" already exists"]}})
    );
    let (status, body) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(json!({"type": "Report", "name": "Both", "crontab": "0 9 * * *", "creation_method": "alerts_reports",
                    "chart": chart_id, "dashboard": dashboard_id})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body,
        json!({"message": {"chart": ["Choose a chart or dashboard not both"]}})
    );
    let (status, body) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(json!({"type": "Report", "name": "Neither", "crontab": "0 9 * * *", "chart": 999999})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body, json!({"message": {"chart": ["Chart does not exist"]}}));
    let (status, body) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(json!({"type": "Alert", "name": "Alert", "crontab": "0 9 * * *", "sql": "SELECT 1"})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body,
        json!({"message": {"database": ["Database is required for alerts"]}})
    );
    let (status, _) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(json!({"name": "x", "colour": 1})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // A dashboard report, then the headers' filtered fetches.
    let (status, body) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(
            json!({"type": "Report", "name": "Dashboard daily", "crontab": "0 8 * * *",
                    "creation_method": "dashboards", "dashboard": dashboard_id, "report_format": "PDF"}),
        ),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let dashboard_report_id = body["id"].as_i64().unwrap();
    assert_eq!(body["result"]["dashboard"]["id"], dashboard_id);
    let by_chart = app
        .get(&header_query("chart_id", chart_id, "charts", admin_id), &admin)
        .await;
    assert_eq!(by_chart.status, StatusCode::OK, "{}", by_chart.json);
    assert_eq!(by_chart.json["count"], 1);
    assert_eq!(by_chart.json["result"][0]["name"], "Births weekly");
    let by_dashboard = app
        .get(
            &header_query("dashboard_id", dashboard_id, "dashboards", admin_id),
            &admin,
        )
        .await;
    assert_eq!(by_dashboard.json["ids"], json!([dashboard_report_id]));
    let by_other_user = app
        .get(
            &header_query("chart_id", chart_id, "charts", admin_id + 1000),
            &admin,
        )
        .await;
    assert_eq!(by_other_user.json["count"], 0);
    let ordered = app
        .get(
            "/api/v1/report/?q=(order_column:name,order_direction:desc,page:0,page_size:1)",
            &admin,
        )
        .await;
    assert_eq!(ordered.json["count"], 2);
    assert_eq!(ordered.json["result"][0]["name"], "Dashboard daily");

    // Deactivate with the active flag alone, then rename.
    let report_path = format!("/api/v1/report/{report_id}");
    let (status, body) = call(
        app,
        Method::PUT,
        &report_path,
        Some(json!({"active": false})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["active"], false);
    assert_eq!(body["result"]["name"], "Births weekly");
    assert_eq!(body["result"]["crontab"], "0 12 * * 1");
    let (status, body) = call(
        app,
        Method::PUT,
        &report_path,
        Some(json!({"name": "Births on Mondays", "crontab": "30 9 * * 1-5"})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let shown = app.get(&report_path, &admin).await;
    assert_eq!(shown.json["result"]["name"], "Births on Mondays");
    assert_eq!(shown.json["result"]["crontab"], "30 9 * * 1-5");
    assert_eq!(shown.json["result"]["active"], false);
    let (status, body) = call(
        app,
        Method::PUT,
        &report_path,
        Some(json!({"name": "Dashboard daily"})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body,
        json!({"message": {"name": ["A report named \"Dashboard daily\" already exists"]}})
    );
    let active = app
        .get(
            "/api/v1/report/?q=(filters:!((col:active,opr:eq,value:!t)))",
            &admin,
        )
        .await;
    assert_eq!(active.json["ids"], json!([dashboard_report_id]));

    // Permissions: Gamma has no ReportSchedule. An Alpha (all-datasource access) sees every
    // report but changes only its own, and cannot make one from a chart without an e-mail.
    app.create_user("gamma_reports", "pw", &["Gamma"]).await;
    let gamma = app.token("gamma_reports", "pw").await;
    assert_eq!(
        app.get("/api/v1/report/", &gamma).await.status,
        StatusCode::FORBIDDEN
    );
    app.create_user("alpha_reports", "pw", &["Alpha"]).await;
    let alpha = app.token("alpha_reports", "pw").await;
    assert_eq!(app.get("/api/v1/report/", &alpha).await.json["count"], 2);
    assert_eq!(app.get(&report_path, &alpha).await.status, StatusCode::OK);
    let (status, body) = call(
        app,
        Method::PUT,
        &report_path,
        Some(json!({"active": true})),
        &alpha,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body, json!({"message": "Forbidden"}));
    let (status, _) = call(app, Method::DELETE, &report_path, None, &alpha).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(chart_report(chart_id + 1, "Alpha's chart report")),
        &alpha,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body,
        json!({"message": {"recipients": ["Unable to create report: User email address is required but not found. Please ensure your user profile has a valid email address."]}})
    );
    let (status, body) = call(
        app,
        Method::POST,
        "/api/v1/report/",
        Some(json!({"type": "Report", "name": "Alpha's own", "crontab": "* * * * *", "chart": chart_id,
                    "recipients": [{"type": "Email", "recipient_config_json": {"target": "alpha@example.com"}}]})),
        &alpha,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let alpha_report_id = body["id"].as_i64().unwrap();
    assert_eq!(
        body["result"]["recipients"][0]["recipient_config_json"]["target"],
        "alpha@example.com"
    );
    let alpha_id = body["result"]["owners"][0]["id"].as_i64().unwrap();
    let mine = app
        .get(
            &format!("/api/v1/report/?q=(filters:!((col:created_by,opr:rel_o_m,value:{alpha_id})))"),
            &alpha,
        )
        .await;
    assert_eq!(mine.json["ids"], json!([alpha_report_id]));
    assert_eq!(app.get("/api/v1/report/", &admin).await.json["count"], 3);

    // The scheduler runs due reports once and records each run; an inactive one never runs.
    let store = &app.state.store;
    let soon = Utc::now() + Duration::minutes(2);
    let ran = run_due_reports(store, soon).await.unwrap();
    assert_eq!(ran, vec![alpha_report_id]);
    assert!(run_due_reports(store, soon).await.unwrap().is_empty());
    let logs = app
        .get(&format!("/api/v1/report/{alpha_report_id}/log/"), &alpha)
        .await;
    assert_eq!(logs.status, StatusCode::OK, "{}", logs.json);
    assert_eq!(logs.json["count"], 1);
    assert_eq!(logs.json["result"][0]["state"], "Success");
    let shown = app
        .get(&format!("/api/v1/report/{alpha_report_id}"), &alpha)
        .await;
    assert_eq!(shown.json["result"]["last_state"], "Success");
    assert!(shown.json["result"]["last_eval_dttm"].is_string());
    let later = run_due_reports(store, soon + Duration::days(2)).await.unwrap();
    assert_eq!(later, vec![dashboard_report_id, alpha_report_id]);

    // Delete one, then bulk delete: all or none, with Superset's message.
    let (status, body) = call(app, Method::DELETE, &report_path, None, &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({"message": "OK"}));
    assert_eq!(app.get(&report_path, &admin).await.status, StatusCode::NOT_FOUND);
    let (status, _) = call(
        app,
        Method::DELETE,
        &format!("/api/v1/report/?q=!({dashboard_report_id},{alpha_report_id})"),
        None,
        &alpha,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = call(
        app,
        Method::DELETE,
        &format!("/api/v1/report/?q=!({dashboard_report_id},{alpha_report_id})"),
        None,
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"message": "Deleted 2 report schedules"}));
    assert_eq!(app.get("/api/v1/report/", &admin).await.json["count"], 0);
}

#[tokio::test]
async fn reports_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_reports(&app).await;
    app.close().await;
}

#[tokio::test]
async fn reports_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_reports(&app).await;
    app.close().await;
}
