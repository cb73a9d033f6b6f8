//! Golden re-aggregation cases (`fixtures/reaggregate/<name>.json`), shared by the native test
//! (`reaggregate.rs`) and the wasm32 test (`wasm_reaggregate.rs`).
//!
//! A case is `{description, input, request, expected | expected_error}`; tables are written as
//! in the post-processing fixtures (see `common/postprocess.rs`), floats match to 1e-9.

use arrow::record_batch::RecordBatch;
use serde::Deserialize;
use serde_json::Value;

use crate::common::postprocess::{batch_to_table, table_to_batch, Column, ExpectedError};

pub const REAGGREGATE_FIXTURES: &[(&str, &str)] = &[
    (
        "state_gender_to_state",
        include_str!("../fixtures/reaggregate/state_gender_to_state.json"),
    ),
    (
        "totals_with_filters",
        include_str!("../fixtures/reaggregate/totals_with_filters.json"),
    ),
    (
        "order_and_limit",
        include_str!("../fixtures/reaggregate/order_and_limit.json"),
    ),
    (
        "error_count_distinct",
        include_str!("../fixtures/reaggregate/error_count_distinct.json"),
    ),
];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReaggregateCase {
    pub description: String,
    pub input: Vec<Column>,
    pub request: Value,
    #[serde(default)]
    pub expected: Option<Vec<Column>>,
    #[serde(default)]
    pub expected_error: Option<ExpectedError>,
}

pub type ReaggregateOutcome = Result<RecordBatch, (String, String)>;

pub fn parse_reaggregate_case(name: &str, json: &str) -> ReaggregateCase {
    serde_json::from_str(json).unwrap_or_else(|error| panic!("{name}: {error}"))
}

pub fn rust_reaggregate_outcome(case: &ReaggregateCase) -> ReaggregateOutcome {
    let request = serde_json::from_value(case.request.clone()).unwrap();
    quiver_core::reaggregate(&table_to_batch(&case.input), &request)
        .map_err(|error| (error.name().to_owned(), error.to_string()))
}

fn values_match(actual: &Value, expected: &Value) -> bool {
    match (actual.as_f64(), expected.as_f64()) {
        (Some(actual), Some(expected)) => (actual - expected).abs() <= 1e-9 * expected.abs().max(1.0),
        _ => actual == expected,
    }
}

pub fn check_reaggregate_outcome(
    name: &str,
    case: &ReaggregateCase,
    outcome: ReaggregateOutcome,
) -> Result<(), String> {
    let fail = |actual: String| Err(format!("{name} ({}):\n  actual: {actual}", case.description));
    let batch = match (outcome, &case.expected_error) {
        (Err((error_name, message)), Some(expected))
            if error_name == expected.name && message == expected.message =>
        {
            return Ok(())
        }
        (Err(error), _) => return fail(format!("{error:?}")),
        (Ok(batch), Some(_)) => return fail(batch_to_table(&batch).to_string()),
        (Ok(batch), None) => batch,
    };
    let actual = batch_to_table(&batch);
    let expected = case.expected.as_ref().unwrap();
    let columns = actual.as_array().unwrap();
    let matches = columns.len() == expected.len()
        && columns.iter().zip(expected).all(|(actual, expected)| {
            let values = actual["values"].as_array().unwrap();
            actual["name"] == expected.name.as_str()
                && actual["type"] == expected.data_type.as_str()
                && values.len() == expected.values.len()
                && values
                    .iter()
                    .zip(&expected.values)
                    .all(|(a, e)| values_match(a, e))
        });
    if matches {
        Ok(())
    } else {
        fail(actual.to_string())
    }
}
