//! Golden tests of the control panels: every fixture in `fixtures/controls/` natively.
//!
//! A fixture's `kind` says what it checks:
//! - `prune`: `formData` and `datasource` through `prune_form_data`, expecting `{formData, dropped}`;
//! - `carryOver`: `formData` switched to `newVizType` by `carry_over_form_data`;
//! - `catalogue`: every viz type's gallery entry and its sections' control names.
//!
//! `QUIVER_BLESS=1 cargo test -p quiver-core --test controls` rewrites the expectations from the
//! current output (review the diff before committing).

#![cfg(not(target_arch = "wasm32"))]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use quiver_core::controls::{self, DatasourceColumnsAndMetrics};
use quiver_types::FormData;
use serde_json::{json, Map, Value};

fn fixture_folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/controls")
}

fn fixture_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixture_folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "json"))
        .collect();
    paths.sort();
    paths
}

fn read_fixture(path: &Path) -> Map<String, Value> {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// What the fixture's function returns for its input.
fn actual_output(fixture: &Map<String, Value>) -> Value {
    let form_data = || -> FormData { serde_json::from_value(fixture["formData"].clone()).unwrap() };
    match fixture["kind"].as_str().unwrap() {
        "prune" => {
            let datasource: DatasourceColumnsAndMetrics =
                serde_json::from_value(fixture["datasource"].clone()).unwrap();
            serde_json::to_value(controls::prune_form_data(&form_data(), &datasource)).unwrap()
        }
        "carryOver" => {
            let new_viz_type = fixture["newVizType"].as_str().unwrap();
            serde_json::to_value(controls::carry_over_form_data(&form_data(), new_viz_type).unwrap()).unwrap()
        }
        "catalogue" => catalogue_summary(),
        other => panic!("unknown fixture kind {other}"),
    }
}

/// Every chart's gallery entry and, per section, its control names.
fn catalogue_summary() -> Value {
    let charts: Vec<Value> = controls::viz_types()
        .into_iter()
        .map(|meta| {
            let panel = controls::control_panel(meta.key).unwrap();
            let sections: Vec<Value> = panel
                .sections
                .iter()
                .map(|section| {
                    let names: Vec<&str> = section.controls.iter().map(|control| control.name).collect();
                    json!({"label": section.label, "tab": section.tab, "controls": names})
                })
                .collect();
            json!({"meta": meta, "sections": sections})
        })
        .collect();
    Value::Array(charts)
}

#[test]
fn every_controls_fixture_matches() {
    let bless = std::env::var_os("QUIVER_BLESS").is_some();
    let mut failures = Vec::new();
    for path in fixture_paths() {
        let mut fixture = read_fixture(&path);
        let actual = actual_output(&fixture);
        if bless {
            fixture.insert("expected".to_owned(), actual);
            let text = serde_json::to_string_pretty(&Value::Object(fixture)).unwrap() + "\n";
            std::fs::write(&path, text).unwrap();
            continue;
        }
        if fixture.get("expected") != Some(&actual) {
            failures.push(format!(
                "{}\nexpected: {}\nactual:   {}",
                path.display(),
                fixture.get("expected").unwrap_or(&Value::Null),
                actual
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} fixture(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn there_are_fixtures_of_every_kind() {
    let kinds: std::collections::BTreeSet<String> = fixture_paths()
        .iter()
        .map(|path| read_fixture(path)["kind"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        kinds,
        ["carryOver", "catalogue", "prune"].map(String::from).into()
    );
}

#[test]
fn a_dataset_response_reads_as_a_datasource() {
    let dataset = json!({
        "id": 3, "table_name": "birth_names",
        "columns": [{"id": 1, "column_name": "ds", "is_dttm": true}, {"id": 2, "column_name": "state"}],
        "metrics": [{"id": 1, "metric_name": "count", "expression": "COUNT(*)"}],
    });
    let datasource: DatasourceColumnsAndMetrics = serde_json::from_value(dataset).unwrap();
    assert_eq!(
        datasource,
        DatasourceColumnsAndMetrics::new(&["ds", "state"], &["count"])
    );
}
