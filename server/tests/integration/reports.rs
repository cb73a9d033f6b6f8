//! Reports and alerts: create from a chart or a dashboard, validation texts, the list filtered as
//! the chart and dashboard headers ask for it, activate and deactivate, delete and bulk delete,
//! who sees and changes what, and the scheduler's recorded runs, on SQLite and PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use chrono::{Duration, Utc};
use common::smtp_sink::{ReceivedMail, SmtpSink};
use common::{As, TestApp, ThrowawayDatabase};
use quiver_server::reports::scheduler::{prune_report_logs, run_due_reports};
use quiver_server::store::report::ExecutionRecord;
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
    assert_eq!(result["crontab_humanized"], "At 12:00 PM, only on Monday");
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
    assert_eq!(
        shown.json["result"]["crontab_humanized"],
        "At 09:30 AM, Monday through Friday"
    );
    let listed = app.get("/api/v1/report/", &admin).await;
    let row = listed.json["result"]
        .as_array()
        .and_then(|rows| rows.iter().find(|row| row["id"] == report_id))
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(row["crontab_humanized"], "At 09:30 AM, Monday through Friday");
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
    // This app has no screenshot browser: the run is an error saying so.
    let soon = Utc::now() + Duration::minutes(2);
    let ran = run_due_reports(&app.state, soon).await.unwrap();
    assert_eq!(ran, vec![alpha_report_id]);
    assert!(run_due_reports(&app.state, soon).await.unwrap().is_empty());
    let logs = app
        .get(&format!("/api/v1/report/{alpha_report_id}/log/"), &alpha)
        .await;
    assert_eq!(logs.status, StatusCode::OK, "{}", logs.json);
    // Superset's log: the run entered 'Working', then ended; then the owners were to be told
    // of the error, and the owner (no e-mail address) could not be.
    assert_eq!(logs.json["count"], 3);
    assert_eq!(logs.json["result"][1]["state"], "Error");
    assert_eq!(logs.json["result"][2]["state"], "Working");
    assert_eq!(logs.json["result"][2]["error_message"], Value::Null);
    // A report is a PNG unless it says otherwise: its screenshot needs the browser, which this
    // app points nowhere.
    assert_eq!(
        logs.json["result"][1]["error_message"],
        "Chromium was not found at /nonexistent/chromium: set screenshot_chromium_path (QUIVER_SCREENSHOT_CHROMIUM_PATH)"
    );
    assert_eq!(logs.json["result"][0]["state"], "Error");
    assert_eq!(
        logs.json["result"][0]["error_message"],
        "The error notification was not sent: the report's owners have no e-mail address"
    );
    let shown = app
        .get(&format!("/api/v1/report/{alpha_report_id}"), &alpha)
        .await;
    assert_eq!(shown.json["result"]["last_state"], "Error");
    assert!(shown.json["result"]["last_eval_dttm"].is_string());
    let later = run_due_reports(&app.state, soon + Duration::days(2))
        .await
        .unwrap();
    assert_eq!(later, vec![dashboard_report_id, alpha_report_id]);
    // The PDF of the dashboard needs the screenshot browser, which this app points nowhere.
    let logs = app
        .get(&format!("/api/v1/report/{dashboard_report_id}/log/"), &admin)
        .await;
    let errors: Vec<&str> = logs.json["result"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|run| run["error_message"].as_str())
        .collect();
    // The owners (admin) are told, but this app has no SMTP server either (both rows of one
    // run share its times, so their order in the log is not fixed).
    let mut errors = errors;
    errors.sort_unstable();
    assert_eq!(
        errors,
        [
            "Chromium was not found at /nonexistent/chromium: set screenshot_chromium_path (QUIVER_SCREENSHOT_CHROMIUM_PATH)",
            "E-mail delivery is not configured: set smtp_host (QUIVER_SMTP_HOST)"
        ]
    );

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

/// No screenshot browser where the test apps look for one.
fn without_browser(settings: &mut quiver_server::config::Settings) {
    settings.screenshot_chromium_path = "/nonexistent/chromium".to_owned();
}

#[tokio::test]
async fn reports_on_sqlite() {
    let app = TestApp::with_config(true, None, without_browser).await;
    check_reports(&app).await;
    app.close().await;
}

#[tokio::test]
async fn reports_on_postgres() {
    let app = TestApp::with_config(true, Some(ThrowawayDatabase::create().await), without_browser).await;
    check_reports(&app).await;
    app.close().await;
}

/// Undoes quoted-printable (`=3D`, soft line breaks) and base64, as the part's header says.
fn decoded_part(part: &str) -> String {
    let (head, body) = part.split_once("\r\n\r\n").unwrap_or((part, ""));
    let head = head.to_ascii_lowercase();
    if head.contains("content-transfer-encoding: base64") {
        return String::from_utf8(decoded_bytes(part)).unwrap();
    }
    if !head.contains("content-transfer-encoding: quoted-printable") {
        return body.to_owned();
    }
    let joined = body.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::new();
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'=' && index + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[index + 1..index + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The bytes of a base64 MIME part (its body after the blank line).
pub(crate) fn decoded_bytes(part: &str) -> Vec<u8> {
    let body = part.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    let compact: String = body.split_whitespace().collect();
    base64_decode(&compact)
}

/// The raw MIME part of a message whose headers contain `marker`, headers included.
pub(crate) fn raw_part(mail: &ReceivedMail, marker: &str) -> String {
    let boundary = mail
        .header("Content-Type")
        .and_then(|value| {
            value
                .split("boundary=")
                .nth(1)
                .map(|rest| rest.trim_matches('"').to_owned())
        })
        .unwrap();
    mail.data
        .split(&format!("--{boundary}"))
        .find(|part| part.split("\r\n\r\n").next().unwrap_or_default().contains(marker))
        .map(|part| part.trim_start_matches("\r\n").to_owned())
        .unwrap_or_default()
}

fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for byte in text.bytes().filter(|byte| *byte != b'=') {
        let value = ALPHABET.iter().position(|letter| *letter == byte).unwrap() as u32;
        buffer = (buffer << 6) | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    out
}

/// The decoded MIME part of a message whose headers contain `marker`.
pub(crate) fn part_with(mail: &ReceivedMail, marker: &str) -> String {
    decoded_part(&raw_part(mail, marker))
}

pub(crate) async fn run_log(app: &TestApp, report_id: i64, admin: &As) -> Vec<Value> {
    let logs = app.get(&format!("/api/v1/report/{report_id}/log/"), admin).await;
    assert_eq!(logs.status, StatusCode::OK, "{}", logs.json);
    logs.json["result"].as_array().unwrap().clone()
}

/// A table chart "Births by gender" (SUM(num) by gender, its query context saved) on the
/// examples; answers its id and the examples database's id.
pub(crate) async fn births_by_gender_chart(app: &TestApp, admin: &As) -> (i64, i64) {
    let dataset_id = app.dataset_id("birth_names").await;
    let examples = app
        .get(
            "/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))",
            admin,
        )
        .await;
    let database_id = examples.json["result"][0]["id"].as_i64().unwrap();
    let context = json!({
        "datasource": {"id": dataset_id, "type": "table"}, "force": false,
        "result_format": "json", "result_type": "full",
        "queries": [{"columns": ["gender"], "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
                     "orderby": [], "row_limit": 10, "filters": [], "extras": {"having": "", "where": ""}, "time_range": "No filter"}]
    });
    // The same as form data, for the chart's page (its screenshot).
    let params = json!({
        "datasource": format!("{dataset_id}__table"), "viz_type": "table", "query_mode": "aggregate",
        "groupby": ["gender"], "metrics": context["queries"][0]["metrics"], "row_limit": 10,
        "time_range": "No filter"
    });
    let chart = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Births by gender", "viz_type": "table", "datasource_id": dataset_id,
                   "datasource_type": "table", "params": params.to_string(), "query_context": context.to_string()}),
            admin,
        )
        .await;
    assert_eq!(chart.status, StatusCode::CREATED, "{}", chart.json);
    let chart_id = chart.json["id"].as_i64().unwrap();
    (chart_id, database_id)
}

/// Reports are e-mailed through SMTP with Superset's subject, the chart link and the CSV; alerts
/// run their SQL check first: 'Not triggered' sends nothing, a triggered alert sends and then
/// rests 'On Grace', and a bad answer is an 'Error' with Superset's text.
#[tokio::test]
async fn reports_and_alerts_are_delivered_by_email() {
    let sink = SmtpSink::start().await;
    let port = sink.port;
    let app = TestApp::with_config(true, None, |settings| {
        settings.smtp_host = Some("127.0.0.1".to_owned());
        settings.smtp_port = port;
        settings.smtp_mail_from = "reports@quiver.test".to_owned();
        settings.public_url = Some("http://quiver.test/".to_owned());
    })
    .await;
    let admin = app.admin().await;
    let (chart_id, database_id) = births_by_gender_chart(&app, &admin).await;

    // A CSV report to two addresses.
    let report = app
        .post(
            "/api/v1/report/",
            json!({"type": "Report", "name": "Births weekly", "description": "Births by gender, weekly",
                   "crontab": "* * * * *", "chart": chart_id, "report_format": "CSV",
                   "recipients": [{"type": "Email", "recipient_config_json": {"target": "ann@example.com, bob@example.com"}}]}),
            &admin,
        )
        .await;
    assert_eq!(report.status, StatusCode::CREATED, "{}", report.json);
    let report_id = report.json["id"].as_i64().unwrap();
    let start = Utc::now();
    assert_eq!(
        run_due_reports(&app.state, start + Duration::minutes(2))
            .await
            .unwrap(),
        vec![report_id]
    );
    let mails = sink.messages();
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.from, "reports@quiver.test");
    assert_eq!(mail.recipients, ["ann@example.com", "bob@example.com"]);
    assert_eq!(
        mail.header("Subject").unwrap(),
        "[Report] Births weekly: Births by gender"
    );
    assert_eq!(mail.header("To").unwrap(), "ann@example.com, bob@example.com");
    let html = part_with(mail, "text/html");
    assert!(html.contains("<div>Births by gender, weekly</div>"), "{html}");
    assert!(
        html.contains(&format!(
            "<a href=\"http://quiver.test/explore/?slice_id={chart_id}\">Explore in Quiver</a>"
        )),
        "{html}"
    );
    let csv = part_with(mail, "attachment");
    let unfolded = mail.data.replace("\r\n ", " ").replace("\r\n\t", " ");
    assert!(
        unfolded.contains("filename=\"Births weekly: Births by gender.csv\""),
        "{}",
        mail.data
    );
    let mut lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.remove(0), "gender,SUM(num)");
    lines.sort_unstable();
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(
        lines[0].starts_with("boy,") && lines[1].starts_with("girl,"),
        "{csv}"
    );
    let log = run_log(&app, report_id, &admin).await;
    assert_eq!(
        (log.len(), log[0]["state"].clone(), log[1]["state"].clone()),
        (2, json!("Success"), json!("Working"))
    );
    assert_eq!(log[0]["scheduled_dttm"], log[1]["scheduled_dttm"]);
    let (status, _) = call(
        &app,
        Method::PUT,
        &format!("/api/v1/report/{report_id}"),
        Some(json!({"active": false})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // An alert on the same chart: COUNT(*) > 0 over no rows is not triggered and sends nothing.
    let alert = app
        .post(
            "/api/v1/report/",
            json!({"type": "Alert", "name": "Huge births", "crontab": "* * * * *", "chart": chart_id, "report_format": "TEXT",
                   "database": database_id, "sql": "SELECT COUNT(*) FROM birth_names WHERE num > 100000000",
                   "validator_type": "operator", "validator_config_json": {"op": ">", "threshold": 0},
                   "recipients": [{"type": "Email", "recipient_config_json": {"target": "ops@example.com"}}]}),
            &admin,
        )
        .await;
    assert_eq!(alert.status, StatusCode::CREATED, "{}", alert.json);
    let alert_id = alert.json["id"].as_i64().unwrap();
    assert_eq!(
        run_due_reports(&app.state, start + Duration::minutes(4))
            .await
            .unwrap(),
        vec![alert_id]
    );
    assert_eq!(sink.messages().len(), 1);
    let log = run_log(&app, alert_id, &admin).await;
    assert_eq!(
        (log[0]["state"].clone(), log[0]["value"].clone()),
        (json!("Not triggered"), json!(0.0))
    );

    // Every row counts: triggered, e-mailed, logged with the value.
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("/api/v1/report/{alert_id}"),
        Some(json!({"sql": "SELECT COUNT(*) FROM birth_names"})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        run_due_reports(&app.state, start + Duration::minutes(6))
            .await
            .unwrap(),
        vec![alert_id]
    );
    let mails = sink.messages();
    assert_eq!(mails.len(), 2);
    assert_eq!(mails[1].recipients, ["ops@example.com"]);
    assert_eq!(
        mails[1].header("Subject").unwrap(),
        "[Report] Huge births: Births by gender"
    );
    let log = run_log(&app, alert_id, &admin).await;
    assert_eq!(log[0]["state"], "Success");
    assert_eq!(
        log[0]["value"].as_f64().unwrap(),
        common::TEST_EXAMPLE_ROWS as f64
    );

    // Within the grace period (4 hours by default) it fires without sending.
    assert_eq!(
        run_due_reports(&app.state, start + Duration::minutes(8))
            .await
            .unwrap(),
        vec![alert_id]
    );
    assert_eq!(sink.messages().len(), 2);
    let log = run_log(&app, alert_id, &admin).await;
    assert_eq!(
        (log[0]["state"].clone(), log[0]["error_message"].clone()),
        (json!("On Grace"), json!("Alert fired during grace period."))
    );

    // With a one-second grace period the next fire ends the grace period ('Not triggered', as
    // Superset) and the one after checks again: a `not null` alert answering two rows is an error
    // with Superset's text; a NULL is nothing.
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("/api/v1/report/{alert_id}"),
        Some(json!({"validator_type": "not null", "sql": "SELECT gender FROM birth_names GROUP BY gender", "grace_period": 1})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let later = Utc::now() + Duration::minutes(10);
    assert_eq!(run_due_reports(&app.state, later).await.unwrap(), vec![alert_id]);
    let log = run_log(&app, alert_id, &admin).await;
    assert_eq!(
        (log[0]["state"].clone(), log[0]["error_message"].clone()),
        (json!("Not triggered"), json!("Alert ended grace period."))
    );
    let later = later + Duration::minutes(2);
    assert_eq!(run_due_reports(&app.state, later).await.unwrap(), vec![alert_id]);
    let log = run_log(&app, alert_id, &admin).await;
    assert_eq!(
        (log[1]["state"].clone(), log[1]["error_message"].clone()),
        (
            json!("Error"),
            json!("Alert query returned more than one row. 2 rows returned")
        )
    );
    // The owner (admin) is told of the error, and the log says so (Superset's marker).
    assert_eq!(
        (log[0]["state"].clone(), log[0]["error_message"].clone()),
        (json!("Error"), json!("Notification sent with error"))
    );
    let mails = sink.messages();
    assert_eq!(mails.len(), 3);
    assert_eq!(mails[2].recipients, ["admin@localhost"]);
    assert_eq!(
        mails[2].header("Subject").unwrap(),
        "[Report] Error occurred for Alert: Huge births"
    );
    let (status, _) = call(
        &app,
        Method::PUT,
        &format!("/api/v1/report/{alert_id}"),
        Some(json!({"sql": "SELECT NULL"})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        run_due_reports(&app.state, later + Duration::minutes(2))
            .await
            .unwrap(),
        vec![alert_id]
    );
    let log = run_log(&app, alert_id, &admin).await;
    assert_eq!(
        (log[0]["state"].clone(), log[0]["value_row_json"].clone()),
        (json!("Not triggered"), json!("null"))
    );
    // Not triggered, Success and the error each entered 'Working' first; the grace fires did not.
    let states: Vec<&str> = log.iter().map(|run| run["state"].as_str().unwrap()).collect();
    assert_eq!(
        states,
        [
            "Not triggered",
            "Working",
            "Error",
            "Error",
            "Working",
            "Not triggered",
            "On Grace",
            "Success",
            "Working",
            "Not triggered",
            "Working"
        ]
    );
    assert_eq!(sink.messages().len(), 3);

    // A run left 'Working' (a process stopped mid-run) is refused until its working timeout,
    // then is an error.
    let stuck = ExecutionRecord {
        scheduled_dttm: "2026-01-01T00:00:00.000000".to_owned(),
        start_dttm: "2026-01-01T00:00:00.000000".to_owned(),
        state: "Working".to_owned(),
        ..ExecutionRecord::default()
    };
    app.state
        .store
        .record_report_execution(alert_id, &stuck)
        .await
        .unwrap();
    let later = later + Duration::minutes(4);
    assert_eq!(run_due_reports(&app.state, later).await.unwrap(), vec![alert_id]);
    let log = run_log(&app, alert_id, &admin).await;
    assert_eq!(
        (log[0]["state"].clone(), log[0]["error_message"].clone()),
        (
            json!("Working"),
            json!("Report Schedule is still working, refusing to re-compute.")
        )
    );
    let (status, _) = call(
        &app,
        Method::PUT,
        &format!("/api/v1/report/{alert_id}"),
        Some(json!({"working_timeout": 1})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let later = later + Duration::minutes(2);
    assert_eq!(run_due_reports(&app.state, later).await.unwrap(), vec![alert_id]);
    let log = run_log(&app, alert_id, &admin).await;
    assert_eq!(
        (log[0]["state"].clone(), log[0]["error_message"].clone()),
        (
            json!("Error"),
            json!("Report Schedule reached a working timeout.")
        )
    );
    assert_eq!(sink.messages().len(), 3);

    // Runs are kept `log_retention` days (90 by default), then pruned.
    let kept = log.len() + run_log(&app, report_id, &admin).await.len();
    assert_eq!(prune_report_logs(&app.state, Utc::now()).await.unwrap(), 0);
    assert_eq!(
        prune_report_logs(&app.state, Utc::now() + Duration::days(91))
            .await
            .unwrap(),
        u64::try_from(kept).unwrap()
    );
    assert!(run_log(&app, alert_id, &admin).await.is_empty());
    app.close().await;
}
