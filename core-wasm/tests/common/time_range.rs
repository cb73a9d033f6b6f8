//! The golden time range cases (`fixtures/time_range.json`), shared by the native test
//! (`time_range.rs`) and the wasm32 smoke test (`wasm_smoke.rs`).
//!
//! A case is `{description, time_range, now, relative_start?, relative_end?}` with either
//! `since` and `until` (`"%Y-%m-%dT%H:%M:%S"` or `null` when unbounded) or `error` (the message
//! of an `InvalidTimeRange` error). The bounds are what Superset's `get_since_until` gives (checked
//! against its code run with dateutil, parsedatetime and pyparsing); the descriptions name the
//! cases where Quiver differs (quarters in relative phrases, dates past year 9999). Error messages
//! are Quiver's, in Superset's words where Superset has them.

use chrono::NaiveDateTime;
use quiver_core::{resolve_time_range, time_range_endpoints_text};
use serde::Deserialize;

/// The fixture, embedded so the wasm32 test needs no file system.
pub const TIME_RANGE_FIXTURE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/time_range.json"
));

/// One case of the fixture.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeRangeCase {
    pub description: String,
    pub time_range: String,
    pub now: String,
    #[serde(default)]
    pub relative_start: Option<String>,
    #[serde(default)]
    pub relative_end: Option<String>,
    #[serde(default)]
    pub since: Option<String>,
    #[serde(default)]
    pub until: Option<String>,
    #[serde(default)]
    pub error: Option<String>,
}

/// What resolving a case gives: the bounds as text, or the error's `(name, message)`.
pub type TimeRangeOutcome = Result<(Option<String>, Option<String>), (String, String)>;

pub fn time_range_cases() -> Vec<TimeRangeCase> {
    serde_json::from_str(TIME_RANGE_FIXTURE).unwrap()
}

/// The outcome of the Rust function.
pub fn rust_time_range_outcome(case: &TimeRangeCase) -> TimeRangeOutcome {
    let now = NaiveDateTime::parse_from_str(&case.now, "%Y-%m-%dT%H:%M:%S%.f").unwrap();
    resolve_time_range(
        &case.time_range,
        now,
        case.relative_start.as_deref(),
        case.relative_end.as_deref(),
    )
    .map(time_range_endpoints_text)
    .map_err(|error| (error.name().to_owned(), error.to_string()))
}

/// Checks an outcome against its case; the error shows the case and both sides.
pub fn check_time_range_outcome(case: &TimeRangeCase, outcome: TimeRangeOutcome) -> Result<(), String> {
    let expected: TimeRangeOutcome = match &case.error {
        Some(message) => Err(("InvalidTimeRange".to_owned(), message.clone())),
        None => Ok((case.since.clone(), case.until.clone())),
    };
    if outcome == expected {
        return Ok(());
    }
    Err(format!(
        "{} ({:?} at {}, relative_start {:?}, relative_end {:?}):\n  expected {expected:?}\n  actual   {outcome:?}",
        case.description, case.time_range, case.now, case.relative_start, case.relative_end
    ))
}
