//! Golden "Altered" cases: every fixture in `fixtures/chart_diff/` natively.

#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/chart_diff_cases.rs"]
mod chart_diff_cases;

use chart_diff_cases::{
    check_chart_diff_outcome, parse_chart_diff_case, rust_chart_diff_outcome, CHART_DIFF_FIXTURES,
};

#[test]
fn every_chart_diff_fixture_matches() {
    let failures: Vec<String> = CHART_DIFF_FIXTURES
        .iter()
        .filter_map(|(name, json)| {
            let case = parse_chart_diff_case(name, json);
            check_chart_diff_outcome(name, &case, rust_chart_diff_outcome(&case)).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_chart_diff_fixture_file_is_listed() {
    let folder = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/chart_diff");
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
    let mut listed: Vec<String> = CHART_DIFF_FIXTURES
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

#[test]
fn a_wrong_expectation_is_reported() {
    let (name, json) = CHART_DIFF_FIXTURES[1];
    let mut case = parse_chart_diff_case(name, json);
    let outcome = rust_chart_diff_outcome(&case);
    case.expected = serde_json::json!([]);
    assert!(check_chart_diff_outcome(name, &case, outcome).is_err());
}
