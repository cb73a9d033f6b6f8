//! Golden layout cases: every fixture in `fixtures/layout/` natively.

#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/layout_cases.rs"]
mod layout_cases;

use layout_cases::{check_layout_outcome, parse_layout_case, rust_layout_outcome, LAYOUT_FIXTURES};

#[test]
fn every_layout_fixture_matches() {
    let failures: Vec<String> = LAYOUT_FIXTURES
        .iter()
        .filter_map(|(name, json)| {
            let case = parse_layout_case(name, json);
            check_layout_outcome(name, &case, rust_layout_outcome(&case)).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_layout_fixture_file_is_listed() {
    let folder = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/layout");
    let mut on_disk: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| {
            entry
                .unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = LAYOUT_FIXTURES
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

#[test]
fn a_wrong_expectation_is_reported() {
    let (name, json) = LAYOUT_FIXTURES[0];
    let mut case = parse_layout_case(name, json);
    let outcome = rust_layout_outcome(&case);
    case.expected_widths.insert("CHART-1".to_owned(), 10);
    assert!(check_layout_outcome(name, &case, outcome).is_err());
}
