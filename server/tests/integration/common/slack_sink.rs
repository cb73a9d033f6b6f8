//! A tiny Slack Web API on a free local port for tests of Slack delivery: it answers
//! `conversations.list`, `chat.postMessage`, `files.getUploadURLExternal`, the upload URL it
//! hands out and `files.completeUploadExternal` as Slack does, refuses any other token than
//! the one it was started with (`invalid_auth`), and keeps every call.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Form, Json, Router};
use serde_json::{json, Value};
use tokio::net::TcpListener;

/// One call the sink received.
#[derive(Debug, Clone, Default)]
pub struct SlackCall {
    /// The Web API method, or `upload/{file id}` for an upload.
    pub method: String,
    pub authorization: String,
    /// The form fields of a Web API call.
    pub form: HashMap<String, String>,
    /// The file of an upload.
    pub body: Vec<u8>,
}

#[derive(Clone)]
struct Sink {
    token: String,
    base: String,
    calls: Arc<Mutex<Vec<SlackCall>>>,
}

/// The running sink: its API base URL and what it received.
pub struct SlackSink {
    pub api_url: String,
    calls: Arc<Mutex<Vec<SlackCall>>>,
    task: tokio::task::JoinHandle<()>,
}

/// The workspace's channels: `#reports` is `C0REPORTS`.
const CHANNELS: &[(&str, &str)] = &[("C0GENERAL", "general"), ("C0REPORTS", "reports")];

async fn api(
    State(sink): State<Sink>,
    Path(method): Path<String>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> Json<Value> {
    let authorization = headers
        .get("authorization")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let is_authorized = authorization == format!("Bearer {}", sink.token);
    let file_count = sink.calls.lock().unwrap().len();
    sink.calls.lock().unwrap().push(SlackCall {
        method: method.clone(),
        authorization,
        form,
        body: Vec::new(),
    });
    if !is_authorized {
        return Json(json!({"ok": false, "error": "invalid_auth"}));
    }
    Json(match method.as_str() {
        "conversations.list" => json!({
            "ok": true,
            "channels": CHANNELS.iter().map(|(id, name)| json!({"id": id, "name": name})).collect::<Vec<_>>(),
            "response_metadata": {"next_cursor": ""}
        }),
        "chat.postMessage" => json!({"ok": true, "ts": "1.0"}),
        "files.getUploadURLExternal" => {
            let file_id = format!("F{file_count}");
            json!({"ok": true, "upload_url": format!("{}/upload/{file_id}", sink.base), "file_id": file_id})
        }
        "files.completeUploadExternal" => json!({"ok": true, "files": []}),
        _ => json!({"ok": false, "error": "unknown_method"}),
    })
}

async fn upload(State(sink): State<Sink>, Path(file_id): Path<String>, body: Bytes) -> &'static str {
    sink.calls.lock().unwrap().push(SlackCall {
        method: format!("upload/{file_id}"),
        body: body.to_vec(),
        ..SlackCall::default()
    });
    "OK - uploaded"
}

impl SlackSink {
    pub async fn start(token: &str) -> SlackSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
        let calls = Arc::new(Mutex::new(Vec::new()));
        let sink = Sink {
            token: token.to_owned(),
            base: base.clone(),
            calls: calls.clone(),
        };
        let router = Router::new()
            .route("/api/{method}", post(api))
            .route("/upload/{file_id}", post(upload))
            .with_state(sink);
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
        SlackSink {
            api_url: format!("{base}/api"),
            calls,
            task,
        }
    }

    /// The calls received so far.
    pub fn calls(&self) -> Vec<SlackCall> {
        self.calls.lock().unwrap().clone()
    }
}

impl Drop for SlackSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}
