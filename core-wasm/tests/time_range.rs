//! Golden time range cases (`fixtures/time_range.json`) through `resolve_time_range`, natively.

#![cfg(not(target_arch = "wasm32"))]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;

use common::time_range::{check_time_range_outcome, rust_time_range_outcome, time_range_cases};

#[test]
fn every_time_range_case_matches() {
    let cases = time_range_cases();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| check_time_range_outcome(case, rust_time_range_outcome(case)).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} time range case(s) failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_fixture_covers_every_form_and_is_well_formed() {
    let cases = time_range_cases();
    assert!(cases.len() >= 40, "only {} cases", cases.len());
    for case in &cases {
        let has_bounds = case.since.is_some() || case.until.is_some();
        assert!(
            !(case.error.is_some() && has_bounds),
            "{}: a case expects bounds or an error, not both",
            case.description
        );
    }
    let descriptions: BTreeSet<&str> = cases.iter().map(|case| case.description.as_str()).collect();
    assert_eq!(descriptions.len(), cases.len(), "descriptions must be unique");
    let forms = [
        "No filter",
        "Last day",
        "Last week",
        "Last month",
        "Last quarter",
        "Last year",
        "Next ",
        "previous calendar week",
        "previous calendar month",
        "previous calendar quarter",
        "previous calendar year",
        "Current day",
        "Current week",
        "Current month",
        "Current quarter",
        "Current year",
        "DATEADD",
        "DATETRUNC",
        "LASTDAY",
        "DATEDIFF",
        "ago",
        "later",
        "yesterday",
        "tomorrow",
    ];
    for form in forms {
        assert!(
            cases.iter().any(|case| case.time_range.contains(form)),
            "no case uses {form:?}"
        );
    }
}
