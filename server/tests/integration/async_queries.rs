//! Async chart data (`global_async_queries`): 202 with a job, events by polling and by websocket,
//! the result from `result_url`, error events, and channels kept per user.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::{As, TestApp};
use futures_util::StreamExt;
use serde_json::{json, Value};

fn births_by_gender(dataset_id: i64, extra_where: &str) -> Value {
    json!({
        "datasource": {"id": dataset_id, "type": "table"},
        "force": false,
        "result_format": "json",
        "result_type": "full",
        "queries": [{
            "columns": ["gender"],
            "metrics": [{"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"}],
            "orderby": [],
            "row_limit": 100,
            "filters": [],
            "extras": {"having": "", "where": extra_where},
            "time_range": "No filter"
        }]
    })
}

async fn async_app() -> TestApp {
    TestApp::with_config(true, None, |settings| settings.global_async_queries = true).await
}

/// Polls the event endpoint (as the browser does every 500 ms) until the job finishes.
async fn wait_for_job(app: &TestApp, who: &As, job_id: &str) -> Vec<Value> {
    let started = Instant::now();
    let mut last_id = String::new();
    let mut seen = Vec::new();
    loop {
        let answer = app
            .get(&format!("/api/v1/async_event/?last_id={last_id}"), who)
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
        for event in answer.json["result"].as_array().unwrap() {
            last_id = event["id"].as_str().unwrap().to_owned();
            if event["job_id"] == job_id {
                seen.push(event.clone());
            }
        }
        if seen
            .last()
            .is_some_and(|event| event["status"] == "done" || event["status"] == "error")
        {
            return seen;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no final event: {seen:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_job_answers_202_then_an_event_then_the_result() {
    let app = async_app().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;

    let accepted = app
        .post("/api/v1/chart/data", births_by_gender(dataset_id, ""), &admin)
        .await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    assert_eq!(accepted.json["status"], "pending");
    assert_eq!(accepted.json["result_url"], Value::Null);
    assert_eq!(accepted.json["errors"], json!([]));
    let job_id = accepted.json["job_id"].as_str().unwrap().to_owned();
    assert!(accepted.json["channel_id"].as_str().unwrap().starts_with("user-"));

    let events = wait_for_job(&app, &admin, &job_id).await;
    let statuses: Vec<&str> = events
        .iter()
        .map(|event| event["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["done"]);
    let result_url = events[0]["result_url"].as_str().unwrap();
    assert!(result_url.starts_with("/api/v1/chart/data/"), "{result_url}");

    let result = app.get(result_url, &admin).await;
    assert_eq!(result.status, StatusCode::OK, "{}", result.json);
    let data = result.json["result"][0]["data"].as_array().unwrap();
    assert_eq!(
        result.json["result"][0]["colnames"],
        json!(["gender", "SUM(num)"])
    );
    let genders: Vec<&str> = data.iter().map(|row| row["gender"].as_str().unwrap()).collect();
    assert_eq!(genders.len(), 2, "{data:?}");
    assert!(genders.contains(&"boy") && genders.contains(&"girl"));

    // The same query again is answered from the cache at once, with 200.
    let cached = app
        .post("/api/v1/chart/data", births_by_gender(dataset_id, ""), &admin)
        .await;
    assert_eq!(cached.status, StatusCode::OK, "{}", cached.json);
    assert_eq!(cached.json["result"][0]["is_cached"], true);
    assert_eq!(cached.json["result"][0]["data"], json!(data));
}

#[tokio::test]
async fn a_failing_query_gives_an_error_event() {
    let app = async_app().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    // Valid SQL that fails while running: names are not integers.
    let accepted = app
        .post(
            "/api/v1/chart/data",
            births_by_gender(dataset_id, "CAST(name AS INTEGER) > 0"),
            &admin,
        )
        .await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    let job_id = accepted.json["job_id"].as_str().unwrap();
    let events = wait_for_job(&app, &admin, job_id).await;
    let last = events.last().unwrap();
    assert_eq!(last["status"], "error", "{events:?}");
    assert_eq!(last["result_url"], Value::Null);
    let error = &last["errors"][0];
    assert_eq!(error["error_type"], "GENERIC_DB_ENGINE_ERROR", "{error}");
    assert!(
        error["message"].as_str().unwrap().starts_with("DuckDB Error:"),
        "{error}"
    );
}

#[tokio::test]
async fn events_and_results_belong_to_their_user() {
    let app = async_app().await;
    let admin = app.admin().await;
    app.create_user("gwen", "gwen-password", &["Gamma"]).await;
    let gwen = app.token("gwen", "gwen-password").await;
    let dataset_id = app.dataset_id("birth_names").await;
    let accepted = app
        .post(
            "/api/v1/chart/data",
            births_by_gender(dataset_id, "num > 10"),
            &admin,
        )
        .await;
    let job_id = accepted.json["job_id"].as_str().unwrap();
    let events = wait_for_job(&app, &admin, job_id).await;
    let result_url = events.last().unwrap()["result_url"].as_str().unwrap();

    let theirs = app.get("/api/v1/async_event/", &gwen).await;
    assert_eq!(theirs.status, StatusCode::OK);
    assert_eq!(theirs.json["result"], json!([]));
    let stolen = app.get(result_url, &gwen).await;
    assert_eq!(stolen.status, StatusCode::NOT_FOUND, "{}", stolen.json);
    assert_eq!(stolen.json["message"], "Cached data not found");

    let bad = app.get("/api/v1/async_event/?last_id=yesterday", &admin).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json["message"], "Invalid last_id: yesterday");
    let anonymous = app.get("/api/v1/async_event/", &As::Anonymous).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_websocket_streams_the_events_of_a_job() {
    let app = async_app().await;
    let admin = app.admin().await;
    let As::Bearer(token) = &admin else {
        unreachable!("admin() logs in with a token")
    };
    let dataset_id = app.dataset_id("birth_names").await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router).await });

    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{address}/api/v1/async_event/ws")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("Authorization", format!("Bearer {token}").parse().unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();

    let accepted = app
        .post(
            "/api/v1/chart/data",
            births_by_gender(dataset_id, "num > 5"),
            &admin,
        )
        .await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED);
    let job_id = accepted.json["job_id"].as_str().unwrap();
    let mut statuses = Vec::new();
    while statuses.last() != Some(&"done".to_owned()) {
        let message = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("an event within 20 s")
            .unwrap()
            .unwrap();
        let event: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        assert_eq!(event["job_id"], job_id);
        statuses.push(event["status"].as_str().unwrap().to_owned());
    }
    assert_eq!(statuses, ["done"]);
}

/// Production mode: the `serve` process queues the job in Redis, a separate `quiver worker`
/// process runs it, events travel through Redis streams and the result through Redis; a second
/// identical request is then answered from the shared Redis cache.
#[tokio::test]
async fn a_worker_process_runs_jobs_queued_in_redis() {
    let prefix = format!("quiver-test-{}:", uuid::Uuid::new_v4());
    let redis_url = "redis://127.0.0.1:6379";
    let app = TestApp::with_config(true, None, |settings| {
        settings.global_async_queries = true;
        settings.redis_url = Some(redis_url.to_owned());
        settings.redis_prefix = prefix.clone();
        settings.async_executor = quiver_server::config::AsyncExecutor::Redis;
    })
    .await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;

    // Queued while no worker runs: the job waits in Redis.
    let accepted = app
        .post("/api/v1/chart/data", births_by_gender(dataset_id, ""), &admin)
        .await;
    assert_eq!(accepted.status, StatusCode::ACCEPTED, "{}", accepted.json);
    let job_id = accepted.json["job_id"].as_str().unwrap().to_owned();
    let pending = app.get("/api/v1/async_event/", &admin).await;
    assert_eq!(pending.json["result"], json!([]), "nothing ran yet");

    let settings = &app.state.settings;
    let mut worker = tokio::process::Command::new(env!("CARGO_BIN_EXE_quiver"))
        .arg("worker")
        .arg("--concurrency")
        .arg("2")
        .env("QUIVER_HOME", app.home.path())
        .env("QUIVER_REDIS_URL", redis_url)
        .env("QUIVER_REDIS_PREFIX", &prefix)
        .env("QUIVER_ASYNC_EXECUTOR", "redis")
        .env("QUIVER_SECRET_KEY", settings.secret_key.as_deref().unwrap())
        .env("QUIVER_LOAD_EXAMPLES", "false")
        .env("QUIVER_LOG_FORMAT", "text")
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();

    let events = wait_for_job(&app, &admin, &job_id).await;
    assert_eq!(events.last().unwrap()["status"], "done", "{events:?}");
    let result_url = events.last().unwrap()["result_url"].as_str().unwrap();
    let result = app.get(result_url, &admin).await;
    assert_eq!(result.status, StatusCode::OK, "{}", result.json);
    let data = result.json["result"][0]["data"].as_array().unwrap().clone();
    assert_eq!(data.len(), 2, "{data:?}");

    // The worker cached the rows in Redis; this process answers from there at once.
    let cached = app
        .post("/api/v1/chart/data", births_by_gender(dataset_id, ""), &admin)
        .await;
    assert_eq!(cached.status, StatusCode::OK, "{}", cached.json);
    assert_eq!(cached.json["result"][0]["is_cached"], true);
    assert_eq!(cached.json["result"][0]["data"], json!(data));

    // A failing query ends with an error event from the worker.
    let failing = app
        .post(
            "/api/v1/chart/data",
            births_by_gender(dataset_id, "CAST(name AS INTEGER) > 0"),
            &admin,
        )
        .await;
    assert_eq!(failing.status, StatusCode::ACCEPTED, "{}", failing.json);
    let events = wait_for_job(&app, &admin, failing.json["job_id"].as_str().unwrap()).await;
    let last = events.last().unwrap();
    assert_eq!(last["status"], "error", "{events:?}");
    assert_eq!(last["errors"][0]["error_type"], "GENERIC_DB_ENGINE_ERROR");

    worker.kill().await.unwrap();
    let redis = quiver_server::redis_conn::RedisHandle::connect(redis_url, &prefix)
        .await
        .unwrap();
    redis.delete_matching("*").await.unwrap();
}
