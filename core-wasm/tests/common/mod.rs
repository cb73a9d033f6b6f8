//! Golden fixtures of `build_query_context` and `validate_form_data`, shared by the native test
//! (`golden.rs`) and the wasm32 smoke test (`wasm_smoke.rs`).
//!
//! A fixture (`fixtures/query_context/<name>.json`) is
//! `{description, form_data, expected?, expected_error?, expected_validation?}`:
//! - `expected`: the query context without its `form_data` (which must equal the input form
//!   data, as the typed `FormData` writes it back), or
//! - `expected_error`: `{name, message, control}` when building fails;
//! - `expected_validation`: the validation errors (empty when absent).
//!
//! Every fixture must be listed in `fixtures!` below; `golden.rs` checks the folder against it.

// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub mod postprocess;
pub mod superset_form_data;
pub mod time_offsets;
pub mod time_range;

use quiver_core::{build_query_context, validate_form_data, CoreError};
use quiver_types::{FieldError, FormData};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One fixture file, embedded so the wasm32 test needs no file system.
pub struct Fixture {
    pub name: &'static str,
    pub json: &'static str,
}

macro_rules! fixtures {
    ($($name:literal),* $(,)?) => {
        pub const FIXTURES: &[Fixture] = &[$(Fixture {
            name: $name,
            json: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/query_context/", $name, ".json")),
        }),*];
    };
}

fixtures![
    "table_aggregate_groupby_sum",
    "table_raw_records",
    "table_percent_metrics",
    "table_adhoc_filters",
    "table_saved_metric_sort",
    "table_totals_and_time_grain",
    "legacy_string_numbers",
    "unknown_viz_type_generic",
    "error_invalid_orderby",
    "error_row_limit_not_integer",
    "error_unsupported_operator",
    "validation_row_limit_too_high",
    "validation_table_without_metrics",
    "timeseries_line_x_axis_series_limit",
    "timeseries_line_rolling_and_time_compare",
    "timeseries_line_legacy_granularity",
    "timeseries_bar_categorical_sorted",
    "timeseries_bar_stacked_contribution",
    "timeseries_area_series_and_values_compare",
    "timeseries_area_adhoc_x_axis",
    "timeseries_scatter_two_metrics",
    "timeseries_scatter_difference_compare",
    "timeseries_smooth_rolling_sum",
    "timeseries_smooth_having_filter",
    "timeseries_step_ratio_compare",
    "timeseries_step_x_axis_sort_by_axis",
    "mixed_timeseries_two_queries",
    "mixed_timeseries_rolling_b_only",
    "pivot_table_rows_and_columns",
    "pivot_table_temporal_row",
    "pie_sorted_by_metric",
    "pie_unsorted_with_filters",
    "funnel_sorted_by_metric",
    "funnel_unsorted",
    "gauge_sorted_by_metric",
    "gauge_bounds_out_of_order",
    "treemap_sorted_with_row_limit",
    "treemap_without_row_limit",
    "sunburst_hierarchy_secondary_metric",
    "sunburst_sorted_by_metric",
    "big_number_total_metric",
    "big_number_total_without_metric",
    "big_number_trendline_rolling",
    "big_number_trendline_legacy_granularity",
    "histogram_grouped_cumulative",
    "histogram_default_bins",
    "box_plot_tukey",
    "box_plot_percentiles",
    "heatmap_alpha_sorts_normalized_by_x",
    "heatmap_temporal_value_sort",
    "bubble_entity_series_limit",
    "bubble_missing_size",
    "waterfall_x_axis_and_breakdown",
    "waterfall_categorical",
    "radar_sorted_by_limit_metric",
    "radar_first_metric",
    "validation_line_bounds_and_rolling",
    "custom_form_data_from_extra_form_data",
];

/// The parsed content of a fixture.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub description: String,
    pub form_data: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_error: Option<ErrorOutcome>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expected_validation: Vec<FieldError>,
}

/// A build error as JavaScript sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorOutcome {
    pub name: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<String>,
}

impl From<CoreError> for ErrorOutcome {
    fn from(error: CoreError) -> Self {
        ErrorOutcome {
            name: error.name().to_owned(),
            message: error.to_string(),
            control: error.control().map(str::to_owned),
        }
    }
}

/// What a fixture's form data gives: the built context (as JSON) or the error, and the
/// validation errors.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub context: Result<Value, ErrorOutcome>,
    pub validation: Vec<FieldError>,
}

pub fn parse_case(fixture: &Fixture) -> Case {
    serde_json::from_str(fixture.json).unwrap_or_else(|error| panic!("fixture {}: {error}", fixture.name))
}

/// The outcome of the Rust functions.
pub fn rust_outcome(form_data: &Value) -> Outcome {
    let form_data: FormData = serde_json::from_value(form_data.clone()).unwrap();
    Outcome {
        context: build_query_context(&form_data)
            .map(|context| serde_json::to_value(context).unwrap())
            .map_err(ErrorOutcome::from),
        validation: validate_form_data(&form_data),
    }
}

/// Checks an outcome against a fixture; the error names the fixture and shows both sides.
pub fn check_outcome(fixture: &Fixture, outcome: Outcome) -> Result<(), String> {
    let case = parse_case(fixture);
    let name = fixture.name;
    let actual_context = match outcome.context {
        Ok(mut context) => {
            let form_data = context
                .as_object_mut()
                .and_then(|context| context.remove("form_data"));
            let typed_form_data: FormData = serde_json::from_value(case.form_data.clone()).unwrap();
            let expected_form_data = serde_json::to_value(typed_form_data).unwrap();
            if form_data.as_ref() != Some(&expected_form_data) {
                return Err(format!(
                    "{name}: the context's form_data is not the input: {form_data:?}"
                ));
            }
            Ok(context)
        }
        Err(error) => Err(error),
    };
    let expected_context = match (case.expected, case.expected_error) {
        (Some(expected), None) => Ok(expected),
        (None, Some(error)) => Err(error),
        _ => return Err(format!("{name}: give exactly one of expected and expected_error")),
    };
    if actual_context != expected_context {
        return Err(format!(
            "{name}: query context differs\n--- expected\n{}\n--- actual\n{}",
            pretty(&expected_context),
            pretty(&actual_context)
        ));
    }
    if outcome.validation != case.expected_validation {
        return Err(format!(
            "{name}: validation differs\n--- expected\n{:?}\n--- actual\n{:?}",
            case.expected_validation, outcome.validation
        ));
    }
    Ok(())
}

fn pretty(context: &Result<Value, ErrorOutcome>) -> String {
    match context {
        Ok(value) => serde_json::to_string_pretty(value).unwrap(),
        Err(error) => format!("error {error:?}"),
    }
}
