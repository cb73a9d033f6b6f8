//! Golden post-processing cases: every fixture in `fixtures/postprocess/` through
//! `apply_post_processing`, natively.

#![cfg(not(target_arch = "wasm32"))]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::postprocess::{
    check_postprocess_outcome, parse_postprocess_case, rust_postprocess_outcome, table_to_batch,
    POSTPROCESS_FIXTURES,
};
use quiver_core::arrow_ipc::{decode_stream_to_batch, encode_stream};

#[test]
fn every_postprocess_fixture_matches() {
    let failures: Vec<String> = POSTPROCESS_FIXTURES
        .iter()
        .filter_map(|fixture| {
            let case = parse_postprocess_case(fixture);
            check_postprocess_outcome(fixture, &case, rust_postprocess_outcome(&case)).err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} fixture(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_postprocess_fixture_file_is_listed() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/postprocess");
    let on_disk: BTreeSet<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "json"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let listed: BTreeSet<String> = POSTPROCESS_FIXTURES
        .iter()
        .map(|fixture| fixture.name.to_owned())
        .collect();
    assert_eq!(
        on_disk, listed,
        "list every fixture in tests/common/postprocess.rs"
    );
}

#[test]
fn every_input_round_trips_through_an_ipc_stream() {
    for fixture in POSTPROCESS_FIXTURES {
        let batch = table_to_batch(&parse_postprocess_case(fixture).input);
        let decoded = decode_stream_to_batch(&encode_stream(&batch).unwrap()).unwrap();
        assert_eq!(decoded, batch, "{}", fixture.name);
    }
}

#[test]
fn null_rules_are_skipped() {
    let case = parse_postprocess_case(&POSTPROCESS_FIXTURES[0]);
    let batch = table_to_batch(&case.input);
    let output = quiver_core::apply_post_processing(&[serde_json::Value::Null], batch.clone()).unwrap();
    assert_eq!(output, batch);
}

#[test]
fn a_wrong_expectation_is_reported() {
    let fixture = &POSTPROCESS_FIXTURES[0];
    let mut case = parse_postprocess_case(fixture);
    let outcome = rust_postprocess_outcome(&case);
    case.expected.as_mut().unwrap()[1].values[0] = serde_json::json!(4.0);
    assert!(check_postprocess_outcome(fixture, &case, outcome).is_err());
}
