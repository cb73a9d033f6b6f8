//! Hostile uploads to `POST /api/v1/{resource}/import/` (issue #8 item 8): path traversal,
//! absolute paths, too many files, zip bombs, an oversized upload, deep and exploding YAML, wrong
//! types and a failing write late in the bundle all end in a clear 4xx with the spec's error body
//! and leave the metadata unchanged.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::StatusCode;
use common::bundles::{fixture, metadata_counts, post_form, zip_files, Part};
use common::{As, TestApp};
use serde_json::Value;

const DASHBOARD_METADATA: &[u8] =
    b"version: 1.0.0\ntype: Dashboard\ntimestamp: '2026-11-22T12:28:31+00:00'\n";
const DATABASE_METADATA: &[u8] = b"version: 1.0.0\ntype: Database\ntimestamp: '2026-11-22T12:28:31+00:00'\n";

async fn import(app: &TestApp, resource: &str, file_name: &str, bytes: Vec<u8>, who: &As) -> common::Answer {
    post_form(
        app,
        &format!("/api/v1/{resource}/import/"),
        vec![Part::file(file_name, bytes)],
        who,
    )
    .await
}

/// Imports, expects `status` and a message containing `needle`, and checks nothing was written.
async fn refused(
    app: &TestApp,
    resource: &str,
    file_name: &str,
    bytes: Vec<u8>,
    status: StatusCode,
    needle: &str,
) -> Value {
    let admin = app.admin().await;
    let before = metadata_counts(app).await;
    let answer = import(app, resource, file_name, bytes, &admin).await;
    assert_eq!(answer.status, status, "{needle}: {}", answer.json);
    let text = answer.json.to_string();
    assert!(text.contains(needle), "expected {needle:?} in {text}");
    assert!(answer.json["message"].is_string(), "{}", answer.json);
    assert_eq!(metadata_counts(app).await, before, "{needle}");
    answer.json
}

#[tokio::test]
async fn unsafe_entry_names_are_refused() {
    let app = TestApp::new().await;
    for name in [
        "../../etc/cron.d/evil.yaml",
        "export/../../evil.yaml",
        "/etc/passwd.yaml",
        "C:/windows/evil.yaml",
        "export\\..\\evil.yaml",
    ] {
        let bytes = zip_files([
            ("export/metadata.yaml", DASHBOARD_METADATA),
            (name, b"a: 1\n".as_slice()),
        ]);
        let answer = refused(
            &app,
            "dashboard",
            "evil.zip",
            bytes,
            StatusCode::BAD_REQUEST,
            "unsafe file path",
        )
        .await;
        assert!(answer["message"]
            .as_str()
            .unwrap()
            .starts_with("The archive holds an unsafe file path"));
    }
    app.close().await;
}

#[tokio::test]
async fn archives_past_the_limits_are_refused() {
    let app = TestApp::new().await;
    // 1001 entries.
    let names: Vec<String> = (0..1001)
        .map(|index| format!("export/charts/c{index}.yaml"))
        .collect();
    let many = zip_files(names.iter().map(|name| (name.as_str(), b"a: 1\n".as_slice())));
    refused(
        &app,
        "dashboard",
        "many.zip",
        many,
        StatusCode::BAD_REQUEST,
        "more than 1000 files",
    )
    .await;

    // A bomb: 11 MiB of zeros in a few kilobytes.
    let zeros = vec![b' '; 11 * 1024 * 1024];
    let bomb = zip_files([
        ("export/metadata.yaml", DASHBOARD_METADATA),
        ("export/charts/bomb.yaml", zeros.as_slice()),
    ]);
    assert!(bomb.len() < 100 * 1024);
    refused(
        &app,
        "dashboard",
        "bomb.zip",
        bomb,
        StatusCode::BAD_REQUEST,
        "10 MiB",
    )
    .await;

    // Under the file limit but compressed more than 200 to 1.
    let zeros = vec![b' '; 5 * 1024 * 1024];
    let dense = zip_files([
        ("export/metadata.yaml", DASHBOARD_METADATA),
        ("export/charts/dense.yaml", zeros.as_slice()),
    ]);
    refused(
        &app,
        "dashboard",
        "dense.zip",
        dense,
        StatusCode::BAD_REQUEST,
        "200 to 1",
    )
    .await;

    // Six files of 9 MiB, each compressed about 30 to 1: 54 MiB once uncompressed.
    let mut block = Vec::with_capacity(9 * 1024 * 1024);
    let mut seed: u32 = 12345;
    while block.len() < 9 * 1024 * 1024 {
        for _ in 0..1024 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            block.push(b'a' + (seed >> 16) as u8 % 26);
        }
        block.extend(std::iter::repeat_n(b' ', 31 * 1024));
    }
    let names: Vec<String> = (0..6)
        .map(|index| format!("export/charts/big{index}.yaml"))
        .collect();
    let mut files: Vec<(&str, &[u8])> = vec![("export/metadata.yaml", DASHBOARD_METADATA)];
    files.extend(names.iter().map(|name| (name.as_str(), block.as_slice())));
    let total = zip_files(files);
    assert!(total.len() < 20 * 1024 * 1024);
    refused(
        &app,
        "dashboard",
        "total.zip",
        total,
        StatusCode::BAD_REQUEST,
        "50 MiB",
    )
    .await;

    // An upload over 20 MiB.
    let mut huge = Vec::with_capacity(21 * 1024 * 1024);
    while huge.len() < 21 * 1024 * 1024 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        huge.extend_from_slice(&seed.to_le_bytes());
    }
    refused(
        &app,
        "dashboard",
        "huge.zip",
        huge,
        StatusCode::PAYLOAD_TOO_LARGE,
        "20 MiB",
    )
    .await;
    app.close().await;
}

#[tokio::test]
async fn files_that_are_not_bundles_are_refused() {
    let app = TestApp::new().await;
    refused(
        &app,
        "dashboard",
        "x.zip",
        b"not a zip".to_vec(),
        StatusCode::BAD_REQUEST,
        "Not a valid ZIP file",
    )
    .await;
    refused(
        &app,
        "dashboard",
        "x.exe",
        b"MZ".to_vec(),
        StatusCode::BAD_REQUEST,
        "Unsupported file type",
    )
    .await;
    refused(
        &app,
        "dashboard",
        "x.yaml",
        vec![0xff, 0xfe, 0x00],
        StatusCode::BAD_REQUEST,
        "not UTF-8",
    )
    .await;
    // No metadata.yaml.
    let bytes = zip_files([("export/charts/a.yaml", b"a: 1\n".as_slice())]);
    refused(
        &app,
        "dashboard",
        "x.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Missing metadata.yaml",
    )
    .await;
    // Another version.
    let bytes = zip_files([(
        "export/metadata.yaml",
        b"version: 2.0.0\ntype: Dashboard\ntimestamp: x\n".as_slice(),
    )]);
    refused(
        &app,
        "dashboard",
        "x.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Must be equal to 1.0.0.",
    )
    .await;
    // No file at all.
    let admin = app.admin().await;
    let answer = post_form(
        &app,
        "/api/v1/dashboard/import/",
        vec![Part::text("overwrite", "true")],
        &admin,
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.json["message"], "A file is required");
    // Not multipart.
    let answer = app
        .post("/api/v1/dashboard/import/", serde_json::json!({}), &admin)
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.json["message"].is_string());
    // Passwords that are not a JSON object.
    let answer = post_form(
        &app,
        "/api/v1/database/import/",
        vec![
            Part::file("x.zip", fixture("small_dashboard_datasets.zip")),
            Part::text("passwords", "[1"),
        ],
        &admin,
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.json["message"],
        "The field passwords must be a JSON object of texts"
    );
    app.close().await;
}

#[tokio::test]
async fn deep_exploding_and_mistyped_yaml_is_refused() {
    let app = TestApp::new().await;
    let deep = format!(
        "dashboard_title: x\nposition: {}{}\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let bytes = zip_files([
        ("e/metadata.yaml", DASHBOARD_METADATA),
        ("e/dashboards/d.yaml", deep.as_bytes()),
    ]);
    refused(
        &app,
        "dashboard",
        "deep.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "nested more than 64 levels",
    )
    .await;

    let mut laughs = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for level in 1..10 {
        let previous = format!("*a{}", level - 1);
        let items = [previous.as_str(); 10].join(", ");
        laughs.push_str(&format!("a{level}: &a{level} [{items}]\n"));
    }
    let bytes = zip_files([
        ("e/metadata.yaml", DASHBOARD_METADATA),
        ("e/dashboards/laughs.yaml", laughs.as_bytes()),
    ]);
    refused(
        &app,
        "dashboard",
        "laughs.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "dashboards/laughs.yaml",
    )
    .await;

    let mistyped = b"dashboard_title: [not, a, title]\nuuid: 1b878dc0-5e33-431b-a63e-fa7578d807a6\n";
    let bytes = zip_files([
        ("e/metadata.yaml", DASHBOARD_METADATA),
        ("e/dashboards/t.yaml", mistyped.as_slice()),
    ]);
    refused(
        &app,
        "dashboard",
        "t.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "dashboards/t.yaml",
    )
    .await;

    let position = b"dashboard_title: t\nuuid: 1b878dc0-5e33-431b-a63e-fa7578d807a6\nposition: just text\n";
    let bytes = zip_files([
        ("e/metadata.yaml", DASHBOARD_METADATA),
        ("e/dashboards/p.yaml", position.as_slice()),
    ]);
    refused(
        &app,
        "dashboard",
        "p.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Not a valid mapping type.",
    )
    .await;

    let bad_uuid = b"database_name: x\nsqlalchemy_uri: sqlite:////tmp/x.db\nuuid: not-a-uuid\n";
    let bytes = zip_files([
        ("e/metadata.yaml", DATABASE_METADATA),
        ("e/databases/x.yaml", bad_uuid.as_slice()),
    ]);
    refused(
        &app,
        "database",
        "u.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "databases/x.yaml",
    )
    .await;

    let engine =
        b"database_name: x\nsqlalchemy_uri: oracle://u:p@h/d\nuuid: 1b878dc0-5e33-431b-a63e-fa7578d80700\n";
    let bytes = zip_files([
        ("e/metadata.yaml", DATABASE_METADATA),
        ("e/databases/x.yaml", engine.as_slice()),
    ]);
    refused(
        &app,
        "database",
        "o.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Quiver has no engine",
    )
    .await;
    app.close().await;
}

#[tokio::test]
async fn a_write_failing_late_rolls_the_whole_import_back() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let first = b"database_name: taken\nsqlalchemy_uri: sqlite:////tmp/taken.db\nuuid: 00000000-0000-4000-8000-000000000001\n";
    let bytes = zip_files([
        ("e/metadata.yaml", DATABASE_METADATA),
        ("e/databases/taken.yaml", first.as_slice()),
    ]);
    let answer = import(&app, "database", "a.zip", bytes, &admin).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);

    // `a_fresh` is written first, then `b_clash` takes the name `taken`: both are undone.
    let fresh = b"database_name: fresh\nsqlalchemy_uri: sqlite:////tmp/fresh.db\nuuid: 00000000-0000-4000-8000-000000000002\n";
    let clash = b"database_name: taken\nsqlalchemy_uri: sqlite:////tmp/clash.db\nuuid: 00000000-0000-4000-8000-000000000003\n";
    let bytes = zip_files([
        ("e/metadata.yaml", DATABASE_METADATA),
        ("e/databases/a_fresh.yaml", fresh.as_slice()),
        ("e/databases/b_clash.yaml", clash.as_slice()),
    ]);
    let json = refused(
        &app,
        "database",
        "b.zip",
        bytes,
        StatusCode::UNPROCESSABLE_ENTITY,
        "A database with the name taken already exists",
    )
    .await;
    assert!(json["errors"][0]["extra"]["messages"]["databases/b_clash.yaml"].is_object());
    let fresh_count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM dbs WHERE database_name = 'fresh'")
        .fetch_one(app.state.store.pool())
        .await
        .unwrap();
    assert_eq!(fresh_count, 0);
    app.close().await;
}
