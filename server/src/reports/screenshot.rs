//! Screenshots of a chart or a dashboard for `PNG` and `PDF` reports, taken by a headless
//! Chromium (`screenshot_chromium_path`, default Debian's `/usr/bin/chromium`) driven through the
//! DevTools protocol, as Superset's `WebDriverPlaywright` drives its browser.
//!
//! The page is the chart's standalone Explore view (`/explore/?slice_id={id}&standalone=true`)
//! or the dashboard in report mode (`/superset/dashboard/{id}/?standalone=3`), at
//! `webdriver_baseurl` (Superset's `WEBDRIVER_BASEURL`; `http://{bind}` when unset), seen as the
//! report's executor: the server opens a session for that user that lives only for the shot and
//! hands its cookie to the browser. The shot waits until the page's chart area is there, no chart
//! is loading, the network has been quiet for a moment and two frames were painted; then
//! `Page.captureScreenshot` (PNG) or `Page.printToPDF` (PDF).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use base64::prelude::{Engine as _, BASE64_STANDARD};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::auth::session::{random_token, SESSION_COOKIE};
use crate::config::Settings;
use crate::state::AppState;
use crate::store::report::ReportRecord;
use crate::store::user::SessionRecord;

/// Debian's Chromium flags for a headless run without background traffic (scripts/e2e.sh).
const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
];

/// Superset's `WEBDRIVER_WINDOW`: the browser window of a chart and of a dashboard.
const CHART_WINDOW: (i64, i64) = (3000, 1200);
const DASHBOARD_WINDOW: (i64, i64) = (1600, 2000);

/// How long the browser may take to start and print its DevTools address.
const BROWSER_START_TIMEOUT: Duration = Duration::from_secs(30);
/// How long the network must be quiet before the page counts as loaded.
const NETWORK_QUIET: Duration = Duration::from_millis(750);
/// How often the page is asked whether it is ready.
const READY_POLL: Duration = Duration::from_millis(250);
/// Time given to chart animations once the page is ready (Superset waits for them too).
const ANIMATION_WAIT: Duration = Duration::from_millis(1000);

/// Whether the report page is drawn: the chart or the dashboard grid is there and no chart is
/// still waiting for its data.
const READY_SCRIPT: &str = r#"(() => {
  if (document.readyState !== 'complete') return false;
  const root = document.querySelector('[data-testid="explore-standalone"], [data-testid="dashboard-grid"]');
  if (!root) return false;
  return !document.querySelector('[data-testid="chart-loading"], [data-testid="chart-idle"], [data-testid="chart-loading-spinner"]');
})()"#;

/// Two painted frames after the page is ready.
const PAINTED_SCRIPT: &str =
    "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))";

/// What a report's page is turned into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShotFormat {
    Png,
    Pdf,
}

/// Why no screenshot was taken; the text goes to the execution log.
#[derive(Debug, thiserror::Error)]
pub enum ScreenshotError {
    #[error("Chromium was not found at {0}: set screenshot_chromium_path (QUIVER_SCREENSHOT_CHROMIUM_PATH)")]
    NoBrowser(String),
    #[error("The report has neither a chart nor a dashboard to take a screenshot of")]
    NoTarget,
    #[error("The screenshot could not be taken: {0}")]
    Browser(String),
    #[error("The screenshot timed out: the page was not ready after {0} seconds")]
    Timeout(u64),
}

impl From<std::io::Error> for ScreenshotError {
    fn from(error: std::io::Error) -> Self {
        ScreenshotError::Browser(error.to_string())
    }
}

impl From<tokio_tungstenite::tungstenite::Error> for ScreenshotError {
    fn from(error: tokio_tungstenite::tungstenite::Error) -> Self {
        ScreenshotError::Browser(error.to_string())
    }
}

/// The base of the URLs the browser opens: `webdriver_baseurl`, else the server's own address
/// (a wildcard bind is reached on the loopback).
pub fn webdriver_base_url(settings: &Settings) -> String {
    match settings.webdriver_baseurl.as_deref().map(str::trim) {
        Some(url) if !url.is_empty() => url.trim_end_matches('/').to_owned(),
        _ => format!(
            "http://{}",
            settings
                .bind
                .replace("0.0.0.0", "127.0.0.1")
                .replace("[::]", "[::1]")
        ),
    }
}

/// The page a report's screenshot is taken of, and the browser window it is taken in.
pub fn report_page(report: &ReportRecord, base_url: &str) -> Option<(String, (i64, i64))> {
    let (url, (width, height)) = match (report.fields.chart_id, report.fields.dashboard_id) {
        (Some(chart_id), _) => (
            format!("{base_url}/explore/?slice_id={chart_id}&standalone=true"),
            CHART_WINDOW,
        ),
        (None, Some(dashboard_id)) => (
            format!("{base_url}/superset/dashboard/{dashboard_id}/?standalone=3"),
            DASHBOARD_WINDOW,
        ),
        (None, None) => return None,
    };
    let width = report
        .fields
        .custom_width
        .filter(|width| *width > 0)
        .unwrap_or(width);
    Some((url, (width, height)))
}

/// A browser for one shot; killed and its profile folder removed when dropped.
struct Browser {
    child: tokio::process::Child,
    profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

async fn start_browser(path: &str, window: (i64, i64)) -> Result<(Browser, String), ScreenshotError> {
    let profile = std::env::temp_dir().join(format!("quiver-chromium-{}", uuid::Uuid::new_v4().simple()));
    let mut child = tokio::process::Command::new(path)
        .args(CHROMIUM_FLAGS)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--window-size={},{}", window.0, window.1))
        .arg("about:blank")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let stderr = child
        .stderr
        .take()
        .ok_or_else(|| ScreenshotError::Browser("no browser output".to_owned()))?;
    let browser = Browser { child, profile };
    let mut lines = BufReader::new(stderr).lines();
    let address = tokio::time::timeout(BROWSER_START_TIMEOUT, async {
        while let Some(line) = lines.next_line().await? {
            if let Some(address) = line.strip_prefix("DevTools listening on ") {
                return Ok(address.trim().to_owned());
            }
        }
        Err(ScreenshotError::Browser(
            "the browser stopped before it listened for DevTools".to_owned(),
        ))
    })
    .await
    .map_err(|_| ScreenshotError::Browser("the browser did not start in time".to_owned()))??;
    // Keep reading the browser's output so it never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok((browser, address))
}

/// A DevTools connection to the browser, attached to one page (flattened session).
struct DevTools {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    session_id: Option<String>,
    /// Requests of the page still under way, and when the network last moved.
    in_flight: std::collections::HashSet<String>,
    last_network: Instant,
}

impl DevTools {
    async fn call(&mut self, method: &str, params: Value) -> Result<Value, ScreenshotError> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session_id) = &self.session_id {
            message["sessionId"] = json!(session_id);
        }
        self.socket.send(Message::text(message.to_string())).await?;
        loop {
            let Some(frame) = self.socket.next().await else {
                return Err(ScreenshotError::Browser("the browser closed DevTools".to_owned()));
            };
            let Message::Text(text) = frame? else {
                continue;
            };
            let answer: Value = serde_json::from_str(text.as_str())
                .map_err(|error| ScreenshotError::Browser(error.to_string()))?;
            if answer["id"].as_u64() == Some(id) {
                if let Some(error) = answer.get("error") {
                    let reason = error["message"].as_str().unwrap_or("unknown error");
                    return Err(ScreenshotError::Browser(format!("{method}: {reason}")));
                }
                return Ok(answer["result"].clone());
            }
            self.note_event(&answer);
        }
    }

    fn note_event(&mut self, event: &Value) {
        let request_id = event["params"]["requestId"].as_str().unwrap_or_default();
        match event["method"].as_str() {
            Some("Network.requestWillBeSent") => {
                self.in_flight.insert(request_id.to_owned());
            }
            Some("Network.loadingFinished" | "Network.loadingFailed") => {
                self.in_flight.remove(request_id);
            }
            _ => return,
        }
        self.last_network = Instant::now();
    }

    async fn evaluate(&mut self, expression: &str) -> Result<Value, ScreenshotError> {
        let answer = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
            )
            .await?;
        Ok(answer["result"]["value"].clone())
    }

    /// Waits until the report page is drawn and the network is quiet.
    async fn wait_until_ready(&mut self) -> Result<(), ScreenshotError> {
        loop {
            let ready = self.evaluate(READY_SCRIPT).await? == Value::Bool(true);
            if ready && self.in_flight.is_empty() && self.last_network.elapsed() >= NETWORK_QUIET {
                self.evaluate(PAINTED_SCRIPT).await?;
                return Ok(());
            }
            tokio::time::sleep(READY_POLL).await;
        }
    }
}

fn decoded(answer: &Value) -> Result<Vec<u8>, ScreenshotError> {
    let data = answer["data"]
        .as_str()
        .ok_or_else(|| ScreenshotError::Browser("the browser answered no image".to_owned()))?;
    BASE64_STANDARD
        .decode(data)
        .map_err(|error| ScreenshotError::Browser(error.to_string()))
}

async fn shoot(
    address: &str,
    base_url: &str,
    page_url: &str,
    window: (i64, i64),
    session_id: &str,
    format: ShotFormat,
    timeout: Duration,
) -> Result<Vec<u8>, ScreenshotError> {
    let (socket, _) = tokio_tungstenite::connect_async(address).await?;
    let mut tools = DevTools {
        socket,
        next_id: 0,
        session_id: None,
        in_flight: std::collections::HashSet::new(),
        last_network: Instant::now(),
    };
    let target = tools
        .call("Target.createTarget", json!({"url": "about:blank"}))
        .await?;
    let attached = tools
        .call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        )
        .await?;
    tools.session_id = attached["sessionId"].as_str().map(str::to_owned);
    tools.call("Network.enable", json!({})).await?;
    tools.call("Page.enable", json!({})).await?;
    tools
        .call(
            "Network.setCookie",
            json!({"name": SESSION_COOKIE, "value": session_id, "url": base_url, "httpOnly": true, "sameSite": "Lax"}),
        )
        .await?;
    tools
        .call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": window.0, "height": window.1, "deviceScaleFactor": 1, "mobile": false}),
        )
        .await?;
    let navigated = tools.call("Page.navigate", json!({"url": page_url})).await?;
    if let Some(error) = navigated["errorText"].as_str() {
        return Err(ScreenshotError::Browser(format!("{page_url}: {error}")));
    }
    tokio::time::timeout(timeout, tools.wait_until_ready())
        .await
        .map_err(|_| ScreenshotError::Timeout(timeout.as_secs()))??;
    tokio::time::sleep(ANIMATION_WAIT).await;
    let data = match format {
        ShotFormat::Png => {
            tools
                .call(
                    "Page.captureScreenshot",
                    json!({"format": "png", "captureBeyondViewport": true}),
                )
                .await?
        }
        ShotFormat::Pdf => {
            tools
                .call(
                    "Page.printToPDF",
                    json!({"printBackground": true, "preferCSSPageSize": false}),
                )
                .await?
        }
    };
    let bytes = decoded(&data)?;
    let _ = tools.call("Browser.close", json!({})).await;
    Ok(bytes)
}

/// Takes the report's screenshot (PNG) or PDF as the user `executor_id` sees the page.
pub async fn take_screenshot(
    app: &AppState,
    report: &ReportRecord,
    executor_id: i64,
    format: ShotFormat,
) -> Result<Vec<u8>, ScreenshotError> {
    let settings = &app.settings;
    let browser_path = settings.screenshot_chromium_path.trim().to_owned();
    if browser_path.is_empty() || !Path::new(&browser_path).is_file() {
        return Err(ScreenshotError::NoBrowser(browser_path));
    }
    let base_url = webdriver_base_url(settings);
    let (page_url, window) = report_page(report, &base_url).ok_or(ScreenshotError::NoTarget)?;
    let timeout = Duration::from_secs(settings.screenshot_timeout_seconds.max(1));
    // A session for the executor that ends with the shot.
    let session = SessionRecord {
        id: random_token(),
        user_id: executor_id,
        csrf_token: random_token(),
        expires_on: (chrono::Utc::now() + chrono::Duration::seconds(timeout.as_secs() as i64 + 120))
            .format("%Y-%m-%dT%H:%M:%S%.6f")
            .to_string(),
    };
    app.store
        .create_session(&session)
        .await
        .map_err(|error| ScreenshotError::Browser(error.to_string()))?;
    let shot = async {
        let (browser, address) = start_browser(&browser_path, window).await?;
        let bytes = shoot(
            &address,
            &base_url,
            &page_url,
            window,
            &session.id,
            format,
            timeout,
        )
        .await;
        drop(browser);
        bytes
    }
    .await;
    if let Err(error) = app.store.delete_session(&session.id).await {
        tracing::warn!(%error, "the screenshot session could not be deleted");
    }
    shot
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::report::ReportFields;

    fn report(chart_id: Option<i64>, dashboard_id: Option<i64>, custom_width: Option<i64>) -> ReportRecord {
        ReportRecord {
            id: 1,
            fields: ReportFields {
                chart_id,
                dashboard_id,
                custom_width,
                ..ReportFields::default()
            },
            chart_name: None,
            chart_viz_type: None,
            dashboard_title: None,
            database_name: None,
            last_eval_dttm: None,
            last_state: String::new(),
            created_on: String::new(),
            changed_on: String::new(),
            created_by: None,
            changed_by: None,
        }
    }

    #[test]
    fn charts_are_shot_standalone_and_dashboards_in_report_mode() {
        assert_eq!(
            report_page(&report(Some(7), None, None), "http://q"),
            Some((
                "http://q/explore/?slice_id=7&standalone=true".to_owned(),
                (3000, 1200)
            ))
        );
        assert_eq!(
            report_page(&report(None, Some(3), Some(1200)), "http://q"),
            Some((
                "http://q/superset/dashboard/3/?standalone=3".to_owned(),
                (1200, 2000)
            ))
        );
        assert_eq!(report_page(&report(None, None, None), "http://q"), None);
    }

    #[test]
    fn the_browser_reaches_the_server_on_its_own_address() {
        let mut settings = Settings {
            bind: "0.0.0.0:8088".to_owned(),
            ..Settings::default()
        };
        assert_eq!(webdriver_base_url(&settings), "http://127.0.0.1:8088");
        settings.webdriver_baseurl = Some("http://quiver:8088/".to_owned());
        assert_eq!(webdriver_base_url(&settings), "http://quiver:8088");
    }
}
