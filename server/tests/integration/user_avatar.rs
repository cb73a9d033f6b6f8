//! `GET /api/v1/user/{id}/avatar.png` (spec 001 §7) and the `SLACK_ENABLE_AVATARS` flag in
//! `common/conf`, on SQLite and PostgreSQL metadata.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{header, StatusCode};
use common::{As, TestApp, ThrowawayDatabase};

async fn my_id(app: &TestApp, who: &As) -> i64 {
    app.get("/api/v1/me/", who).await.json["result"]["id"]
        .as_i64()
        .unwrap()
}

async fn check_avatars(app: &TestApp) {
    let admin = app.admin().await;
    let admin_id = my_id(app, &admin).await;
    let path = format!("/api/v1/user/{admin_id}/avatar.png");

    // No avatar yet: 204 No Content, empty.
    let answer = app.get(&path, &admin).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT);
    assert!(answer.bytes.is_empty());

    // A stored avatar URL: a permanent redirect to it.
    let avatar_url = "https://avatars.example.com/admin-192.png";
    app.state
        .store
        .set_user_avatar_url(admin_id, Some(avatar_url))
        .await
        .unwrap();
    let answer = app.get(&path, &admin).await;
    assert_eq!(answer.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(answer.headers[header::LOCATION], avatar_url);

    // Any signed-in user may read another's avatar; a cleared URL is no avatar again.
    app.create_user("avatar_gamma", "gamma-password-1", &["Gamma"])
        .await;
    let gamma = app.token("avatar_gamma", "gamma-password-1").await;
    assert_eq!(app.get(&path, &gamma).await.status, StatusCode::MOVED_PERMANENTLY);
    app.state.store.set_user_avatar_url(admin_id, None).await.unwrap();
    assert_eq!(app.get(&path, &gamma).await.status, StatusCode::NO_CONTENT);

    // An unknown user is a 404 with the spec's message shape; a malformed id a 400; no session a 401.
    let answer = app.get("/api/v1/user/987654/avatar.png", &admin).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(answer.json["message"], "Not found");
    let answer = app.get("/api/v1/user/abc/avatar.png", &admin).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.json["message"].is_string());
    assert_eq!(
        app.get(&path, &As::Anonymous).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_avatar_endpoint_redirects_to_a_stored_avatar_or_answers_no_content_on_sqlite() {
    let app = TestApp::with_settings(false, None).await;
    check_avatars(&app).await;
    // The flag is off by default: the browser shows initials and does not ask.
    let admin = app.admin().await;
    let conf = app.get("/api/v1/common/conf/", &admin).await;
    assert_eq!(conf.json["result"]["SLACK_ENABLE_AVATARS"], false);
    app.close().await;
}

#[tokio::test]
async fn the_avatar_endpoint_redirects_to_a_stored_avatar_or_answers_no_content_on_postgres() {
    let app = TestApp::with_config(false, Some(ThrowawayDatabase::create().await), |settings| {
        settings.slack_enable_avatars = true;
    })
    .await;
    check_avatars(&app).await;
    let admin = app.admin().await;
    let conf = app.get("/api/v1/common/conf/", &admin).await;
    assert_eq!(conf.json["result"]["SLACK_ENABLE_AVATARS"], true);
    app.close().await;
}
