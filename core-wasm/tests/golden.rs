//! Golden tests: every fixture in `fixtures/query_context/` through `build_query_context` and
//! `validate_form_data`, natively. `QUIVER_BLESS=1 cargo test -p quiver-core --test golden`
//! rewrites the expectations from the current output (review the diff before committing).

#![cfg(not(target_arch = "wasm32"))]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::{check_outcome, parse_case, rust_outcome, FIXTURES};

fn fixture_folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/query_context")
}

#[test]
fn every_fixture_matches_its_expected_query_context() {
    if std::env::var_os("QUIVER_BLESS").is_some() {
        bless();
    }
    let failures: Vec<String> = FIXTURES
        .iter()
        .filter_map(|fixture| check_outcome(fixture, rust_outcome(&parse_case(fixture).form_data)).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} fixture(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_fixture_file_is_listed() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(fixture_folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "json"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let listed: BTreeSet<String> = FIXTURES.iter().map(|fixture| fixture.name.to_owned()).collect();
    assert_eq!(on_disk, listed, "list every fixture in tests/common/mod.rs");
}

fn bless() {
    for fixture in FIXTURES {
        let mut case = parse_case(fixture);
        let outcome = rust_outcome(&case.form_data);
        match outcome.context {
            Ok(mut context) => {
                context.as_object_mut().unwrap().remove("form_data");
                (case.expected, case.expected_error) = (Some(context), None);
            }
            Err(error) => (case.expected, case.expected_error) = (None, Some(error)),
        }
        case.expected_validation = outcome.validation;
        let path = fixture_folder().join(format!("{}.json", fixture.name));
        std::fs::write(path, serde_json::to_string_pretty(&case).unwrap() + "\n").unwrap();
    }
}
