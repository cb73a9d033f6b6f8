//! Golden re-aggregation cases natively. The 1M-row timing lives in the post-processing
//! benchmark (`bench/postprocess.sh`, case "re-aggregation").

#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
#[path = "support/reaggregate_cases.rs"]
mod reaggregate_cases;

use reaggregate_cases::{
    check_reaggregate_outcome, parse_reaggregate_case, rust_reaggregate_outcome, REAGGREGATE_FIXTURES,
};

#[test]
fn every_reaggregate_fixture_matches() {
    let failures: Vec<String> = REAGGREGATE_FIXTURES
        .iter()
        .filter_map(|(name, json)| {
            let case = parse_reaggregate_case(name, json);
            check_reaggregate_outcome(name, &case, rust_reaggregate_outcome(&case)).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_reaggregate_fixture_file_is_listed() {
    let folder = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reaggregate");
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
    let mut listed: Vec<String> = REAGGREGATE_FIXTURES
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}
