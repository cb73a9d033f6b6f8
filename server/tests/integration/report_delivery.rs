//! Report delivery beyond the report's own e-mail: the error e-mail to the owners (once per
//! grace period), Slack (a local Slack Web API checks the token, the channels and the payload),
//! and PNG and PDF screenshots taken by Debian's headless Chromium of the built web app.

use crate::common;
use crate::reports::{births_by_gender_chart, decoded_bytes, part_with, raw_part, run_log};

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use common::slack_sink::SlackSink;
use common::smtp_sink::SmtpSink;
use common::{As, TestApp};
use quiver_server::reports::scheduler::run_due_reports;
use serde_json::{json, Value};

async fn create_report(app: &TestApp, admin: &As, body: Value) -> i64 {
    let created = app.post("/api/v1/report/", body, admin).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    created.json["id"].as_i64().unwrap()
}

async fn change_report(app: &TestApp, admin: &As, report_id: i64, body: Value) {
    let changed = app
        .call(
            axum::http::Method::PUT,
            &format!("/api/v1/report/{report_id}"),
            Some(body),
            admin,
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.json);
}

fn states_and_messages(log: &[Value]) -> Vec<(String, String)> {
    log.iter()
        .map(|run| {
            (
                run["state"].as_str().unwrap_or_default().to_owned(),
                run["error_message"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// A failing alert e-mails its owners once ("Error occurred for Alert: ..." with the error),
/// logs Superset's marker, and stays quiet on the next failure inside the grace period; after
/// the grace period the owners are told again.
#[tokio::test]
async fn failing_reports_email_their_owners_once_per_grace_period() {
    let sink = SmtpSink::start().await;
    let port = sink.port;
    let app = TestApp::with_config(true, None, |settings| {
        settings.smtp_host = Some("127.0.0.1".to_owned());
        settings.smtp_port = port;
        settings.smtp_mail_from = "reports@quiver.test".to_owned();
        settings.public_url = Some("http://quiver.test".to_owned());
    })
    .await;
    let admin = app.admin().await;
    let (chart_id, database_id) = births_by_gender_chart(&app, &admin).await;
    let alert_id = create_report(
        &app,
        &admin,
        json!({"type": "Alert", "name": "Broken alert", "crontab": "* * * * *", "chart": chart_id,
               "database": database_id, "sql": "SELECT COUNT(*) FROM no_such_table",
               "validator_type": "operator", "validator_config_json": {"op": ">", "threshold": 0},
               "recipients": [{"type": "Email", "recipient_config_json": {"target": "ops@example.com"}}]}),
    )
    .await;
    let start = Utc::now();
    run_due_reports(&app.state, start + Duration::minutes(2))
        .await
        .unwrap();
    let mails = sink.messages();
    assert_eq!(mails.len(), 1, "one error e-mail, nothing to the recipients");
    let mail = &mails[0];
    assert_eq!(mail.recipients, ["admin@localhost"]);
    assert_eq!(
        mail.header("Subject").unwrap(),
        "[Report] Error occurred for Alert: Broken alert"
    );
    let log = run_log(&app, alert_id, &admin).await;
    let runs = states_and_messages(&log);
    assert_eq!(runs.len(), 3, "{runs:?}");
    assert_eq!(
        runs[0],
        ("Error".to_owned(), "Notification sent with error".to_owned())
    );
    assert_eq!(runs[2], ("Working".to_owned(), String::new()));
    let (state, error) = &runs[1];
    assert_eq!(state, "Error");
    assert_eq!(error, "Alert found an error while executing a query.");
    let html = part_with(mail, "text/html");
    let escaped = error.replace('"', "&quot;").replace('\'', "&#x27;");
    assert!(
        html.contains(&format!(
            "<p>Your report/alert was unable to be generated because of the following error: {escaped}</p>"
        )),
        "{html}"
    );
    assert!(html.contains("<p>Please check your dashboard/chart for errors.</p>"));
    assert!(html.contains(&format!(
        "<a href=\"http://quiver.test/explore/?slice_id={chart_id}\">Explore in Quiver</a>"
    )));

    // Inside the grace period (4 hours by default): the error is logged, nobody is e-mailed.
    run_due_reports(&app.state, start + Duration::minutes(4))
        .await
        .unwrap();
    assert_eq!(sink.messages().len(), 1);
    let runs = states_and_messages(&run_log(&app, alert_id, &admin).await);
    assert_eq!(runs.len(), 5, "{runs:?}");
    assert_eq!(
        runs[0],
        (
            "Error".to_owned(),
            "Alert found an error while executing a query.".to_owned()
        )
    );
    assert_eq!(runs[1].0, "Working");

    // Once the grace period is over the owners are told again.
    change_report(&app, &admin, alert_id, json!({"grace_period": 1})).await;
    run_due_reports(&app.state, Utc::now() + Duration::minutes(6))
        .await
        .unwrap();
    assert_eq!(sink.messages().len(), 2);
    let runs = states_and_messages(&run_log(&app, alert_id, &admin).await);
    assert_eq!(
        runs[0],
        ("Error".to_owned(), "Notification sent with error".to_owned())
    );
    app.close().await;
}

/// CSV and TEXT reports are posted to Slack: the file through the upload API with the message
/// as its comment to a `SlackV2` channel id and to a `Slack` channel name (resolved to its id),
/// the table inline with `chat.postMessage`; every call carries the bot token; a refused token
/// is an 'Error' naming Slack's answer.
#[tokio::test]
async fn reports_are_posted_to_slack() {
    let slack = SlackSink::start("xoxb-quiver-test").await;
    let api_url = slack.api_url.clone();
    let app = TestApp::with_config(true, None, |settings| {
        settings.slack_api_url = api_url;
        settings.slack_api_token = Some("xoxb-quiver-test".to_owned());
        settings.public_url = Some("http://quiver.test".to_owned());
    })
    .await;
    let admin = app.admin().await;
    let (chart_id, _) = births_by_gender_chart(&app, &admin).await;
    let report_id = create_report(
        &app,
        &admin,
        json!({"type": "Report", "name": "Births to Slack", "description": "Weekly births",
               "crontab": "* * * * *", "chart": chart_id, "report_format": "CSV",
               "recipients": [{"type": "SlackV2", "recipient_config_json": {"target": "C0DIRECT"}},
                              {"type": "Slack", "recipient_config_json": {"target": "#reports"}}]}),
    )
    .await;
    let start = Utc::now();
    assert_eq!(
        run_due_reports(&app.state, start + Duration::minutes(2))
            .await
            .unwrap(),
        vec![report_id]
    );
    let runs = states_and_messages(&run_log(&app, report_id, &admin).await);
    assert_eq!(runs[0], ("Success".to_owned(), String::new()), "{runs:?}");
    let calls = slack.calls();
    assert!(calls
        .iter()
        .filter(|call| !call.method.starts_with("upload/"))
        .all(|call| call.authorization == "Bearer xoxb-quiver-test"));
    let methods: Vec<&str> = calls.iter().map(|call| call.method.as_str()).collect();
    assert_eq!(
        methods,
        [
            "conversations.list",
            "files.getUploadURLExternal",
            "upload/F1",
            "files.completeUploadExternal",
            "files.getUploadURLExternal",
            "upload/F4",
            "files.completeUploadExternal"
        ]
    );
    let completed: Vec<_> = calls
        .iter()
        .filter(|call| call.method == "files.completeUploadExternal")
        .collect();
    assert_eq!(completed[0].form["channel_id"], "C0DIRECT");
    assert_eq!(completed[1].form["channel_id"], "C0REPORTS");
    let text = &completed[0].form["initial_comment"];
    assert_eq!(
        text,
        &format!("*Births to Slack: Births by gender*\n\nWeekly births\n\n<http://quiver.test/explore/?slice_id={chart_id}|Explore in Quiver>\n\n")
    );
    let files: Value = serde_json::from_str(&completed[0].form["files"]).unwrap();
    assert_eq!(
        files,
        json!([{"id": "F1", "title": "Births to Slack: Births by gender.csv"}])
    );
    assert_eq!(calls[1].form["filename"], "Births to Slack: Births by gender.csv");
    let csv = String::from_utf8(calls[2].body.clone()).unwrap();
    assert_eq!(calls[1].form["length"], csv.len().to_string());
    let mut lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.remove(0), "gender,SUM(num)");
    lines.sort_unstable();
    assert!(
        lines.len() == 2 && lines[0].starts_with("boy,") && lines[1].starts_with("girl,"),
        "{csv}"
    );

    // TEXT: the rows in the message itself.
    change_report(
        &app,
        &admin,
        report_id,
        json!({"report_format": "TEXT", "recipients": [{"type": "SlackV2", "recipient_config_json": {"target": "C0DIRECT"}}]}),
    )
    .await;
    run_due_reports(&app.state, start + Duration::minutes(4))
        .await
        .unwrap();
    let calls = slack.calls();
    let posted = calls.last().unwrap();
    assert_eq!(posted.method, "chat.postMessage");
    assert_eq!(posted.form["channel"], "C0DIRECT");
    let message = &posted.form["text"];
    assert!(
        message.starts_with("*Births to Slack: Births by gender*\n\nWeekly births\n\n"),
        "{message}"
    );
    assert!(message.contains("```\n| gender | SUM(num) |\n"), "{message}");
    assert!(
        message.contains("| boy ") && message.contains("| girl "),
        "{message}"
    );

    // A token Slack refuses: the run is an error with Slack's answer.
    let other = SlackSink::start("xoxb-other").await;
    let refusing = TestApp::with_config(true, None, |settings| {
        settings.slack_api_url = other.api_url.clone();
        settings.slack_api_token = Some("xoxb-quiver-test".to_owned());
    })
    .await;
    let admin = refusing.admin().await;
    let (chart_id, _) = births_by_gender_chart(&refusing, &admin).await;
    let refused_id = create_report(
        &refusing,
        &admin,
        json!({"type": "Report", "name": "Refused", "crontab": "* * * * *", "chart": chart_id, "report_format": "TEXT",
               "recipients": [{"type": "SlackV2", "recipient_config_json": {"target": "C0DIRECT"}}]}),
    )
    .await;
    run_due_reports(&refusing.state, Utc::now() + Duration::minutes(2))
        .await
        .unwrap();
    let runs = states_and_messages(&run_log(&refusing, refused_id, &admin).await);
    assert_eq!(
        runs[1],
        (
            "Error".to_owned(),
            "Slack API chat.postMessage failed: invalid_auth".to_owned()
        ),
        "{runs:?}"
    );
    refusing.close().await;
    app.close().await;
}

/// The built web app (`web/dist`), which the screenshot browser opens.
fn web_dist() -> std::path::PathBuf {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/dist");
    assert!(
        dist.join("index.html").is_file(),
        "the screenshot test opens the built web app: run `npm run build` first ({})",
        dist.display()
    );
    dist
}

/// PNG and PDF reports: Debian's headless Chromium, logged in as the report's owner, shoots the
/// chart's standalone page (a PNG of real size) and prints it (a PDF), and the mail carries the file.
#[tokio::test]
async fn png_and_pdf_reports_carry_screenshots() {
    let sink = SmtpSink::start().await;
    let port = sink.port;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let web_port = listener.local_addr().unwrap().port();
    let app = TestApp::with_config(true, None, |settings| {
        settings.smtp_host = Some("127.0.0.1".to_owned());
        settings.smtp_port = port;
        settings.static_dir = web_dist();
        settings.webdriver_baseurl = Some(format!("http://127.0.0.1:{web_port}"));
        settings.screenshot_chromium_path = "/usr/bin/chromium".to_owned();
    })
    .await;
    let router = app.router.clone();
    let server = tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    let admin = app.admin().await;
    let (chart_id, _) = births_by_gender_chart(&app, &admin).await;
    let report_id = create_report(
        &app,
        &admin,
        json!({"type": "Report", "name": "Births picture", "crontab": "* * * * *", "chart": chart_id,
               "report_format": "PNG",
               "recipients": [{"type": "Email", "recipient_config_json": {"target": "ann@example.com"}}]}),
    )
    .await;
    let start = Utc::now();
    run_due_reports(&app.state, start + Duration::minutes(2))
        .await
        .unwrap();
    let runs = states_and_messages(&run_log(&app, report_id, &admin).await);
    assert_eq!(runs[0], ("Success".to_owned(), String::new()), "{runs:?}");
    let mails = sink.messages();
    assert_eq!(mails.len(), 1);
    let part = raw_part(&mails[0], "image/png");
    assert!(
        part.contains("filename=\"Births picture: Births by gender.png\""),
        "{part:.300}"
    );
    let png = decoded_bytes(&part);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(png.len() > 5_000, "a real picture, {} bytes", png.len());
    // The IHDR chunk: the chart's window (Superset's 3000 x 1200), the whole page.
    let dimension = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    assert_eq!(&png[12..16], b"IHDR");
    assert_eq!(dimension(16), 3000);
    assert!(dimension(20) >= 1200, "{}", dimension(20));
    // The shot's session ended with it.
    let sessions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions")
        .fetch_one(app.state.store.pool())
        .await
        .unwrap();
    assert_eq!(sessions, 0);

    change_report(&app, &admin, report_id, json!({"report_format": "PDF"})).await;
    run_due_reports(&app.state, start + Duration::minutes(4))
        .await
        .unwrap();
    let runs = states_and_messages(&run_log(&app, report_id, &admin).await);
    assert_eq!(runs[0], ("Success".to_owned(), String::new()), "{runs:?}");
    let mails = sink.messages();
    assert_eq!(mails.len(), 2);
    let part = raw_part(&mails[1], "application/pdf");
    assert!(part.contains("filename=\"Births picture: Births by gender.pdf\""));
    let pdf = decoded_bytes(&part);
    assert!(pdf.starts_with(b"%PDF-"), "{:?}", &pdf[..pdf.len().min(16)]);
    assert!(pdf.len() > 1_000, "{} bytes", pdf.len());
    server.abort();
    app.close().await;
}
