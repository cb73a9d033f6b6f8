//! Bundle helpers for the import and export tests: multipart uploads, ZIPs in memory, fixtures.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};
use std::path::PathBuf;

use axum::body::Body;
use axum::http::{header, Method, Request};

use super::{Answer, As, TestApp};

/// A Superset 6.1 export from `server/tests/fixtures/superset_bundles/`.
pub fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/superset_bundles")
        .join(name);
    std::fs::read(path).unwrap()
}

/// The files of a ZIP by name.
pub fn unzip(bytes: &[u8]) -> BTreeMap<String, String> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut files = BTreeMap::new();
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).unwrap();
        let mut text = String::new();
        entry.read_to_string(&mut text).unwrap();
        files.insert(entry.name().unwrap().into_owned(), text);
    }
    files
}

/// A ZIP of the given files (deflated).
pub fn zip_files<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, content) in files {
        writer.start_file(name, options).unwrap();
        writer.write_all(content).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

/// The files of a ZIP with each file's text changed by `edit` (by name), zipped again.
pub fn edit_zip(bytes: &[u8], edit: impl Fn(&str, String) -> String) -> Vec<u8> {
    let files: Vec<(String, Vec<u8>)> = unzip(bytes)
        .into_iter()
        .map(|(name, text)| {
            let edited = edit(&name, text);
            (name, edited.into_bytes())
        })
        .collect();
    zip_files(
        files
            .iter()
            .map(|(name, content)| (name.as_str(), content.as_slice())),
    )
}

/// One part of a multipart form: a name, a file name for files, the content.
pub struct Part<'a> {
    pub name: &'a str,
    pub file_name: Option<&'a str>,
    pub content: Vec<u8>,
}

impl<'a> Part<'a> {
    pub fn file(file_name: &'a str, content: Vec<u8>) -> Part<'a> {
        Part {
            name: "formData",
            file_name: Some(file_name),
            content,
        }
    }

    pub fn text(name: &'a str, value: &str) -> Part<'a> {
        Part {
            name,
            file_name: None,
            content: value.as_bytes().to_vec(),
        }
    }
}

const BOUNDARY: &str = "quiver-test-boundary-7d1f";

/// `POST` of a multipart form.
pub async fn post_form(app: &TestApp, path: &str, parts: Vec<Part<'_>>, who: &As) -> Answer {
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        match part.file_name {
            Some(file_name) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n",
                    part.name
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{}\"\r\n\r\n", part.name).as_bytes(),
            ),
        }
        body.extend_from_slice(&part.content);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    let mut builder = Request::builder().method(Method::POST).uri(path).header(
        header::CONTENT_TYPE,
        format!("multipart/form-data; boundary={BOUNDARY}"),
    );
    match who {
        As::Anonymous => {}
        As::Bearer(token) => builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}")),
        As::Session { cookie, csrf } => {
            builder = builder.header(header::COOKIE, cookie).header("X-CSRFToken", csrf);
        }
    }
    app.send(builder.body(Body::from(body)).unwrap()).await
}

/// How many rows each metadata table of a bundle holds: (dbs, tables, table_columns,
/// sql_metrics, slices, dashboards, dashboard_slices, saved_query).
pub async fn metadata_counts(app: &TestApp) -> Vec<i64> {
    let mut counts = Vec::new();
    for table in [
        "dbs",
        "tables",
        "table_columns",
        "sql_metrics",
        "slices",
        "dashboards",
        "dashboard_slices",
        "saved_query",
    ] {
        let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(app.state.store.pool())
            .await
            .unwrap();
        counts.push(count);
    }
    counts
}
