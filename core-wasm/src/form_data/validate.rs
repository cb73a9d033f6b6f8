//! Form data validation: every problem, each named by its control, in the spec's words.
//!
//! | rule | control | message |
//! | --- | --- | --- |
//! | no datasource | `datasource` | cannot be empty |
//! | a control the chart shows fails one of its validators ([`validate_controls`]: required, whole number, number, maximum) | that control | cannot be empty, is expected to be an integer, Value cannot exceed 100000, ... |
//! | an `order_by_cols` option that does not parse | `order_by_cols` | Found invalid orderby options |
//! | table, aggregate mode, no group-by, metric or percent metric | `metrics` | cannot be empty |
//! | table, raw mode, no `all_columns` | `all_columns` | cannot be empty |
//! | `y_axis_bounds`, `y_axis_bounds_secondary` or gauge `min_val`/`max_val` with min ≥ max | `y_axis_bounds`, ..., `min_val` | Minimum must be strictly less than maximum |
//! | anything else that stops [`build_query_context`] | its control | the error's text |
//!
//! The last rule makes "no validation errors" imply that the query context can be built.

use quiver_types::{FieldError, FormData};
use serde_json::Value;

use crate::controls::validators::validate_controls;
pub use crate::controls::validators::CANNOT_BE_EMPTY;
use crate::form_data::{ControlValues, QueryMode};
use crate::query_object::build_query_context;
use crate::query_object::orderby::parse_orderby_option;

/// The largest row limit accepted. Superset's maximum is configurable; the spec lists 100000
/// among its query size limits, and Quiver uses it for the row limit.
pub const ROW_LIMIT_MAXIMUM: i64 = 100_000;

/// The spec's message for a range whose bounds are out of order.
pub const MINIMUM_NOT_BELOW_MAXIMUM: &str = "Minimum must be strictly less than maximum";

/// Controls holding `[min, max]` bounds, either of which may be empty.
const BOUNDS_CONTROLS: [&str; 2] = ["y_axis_bounds", "y_axis_bounds_secondary"];

/// All validation errors of a form data, in control order; empty when the chart can be queried.
pub fn validate_form_data(form_data: &FormData) -> Vec<FieldError> {
    let controls = ControlValues::new(form_data);
    let mut errors = Vec::new();

    if form_data.datasource.trim().is_empty() {
        errors.push(field_error("datasource", CANNOT_BE_EMPTY));
    }
    errors.extend(validate_controls(form_data));
    let invalid_orderby = controls
        .items("order_by_cols")
        .into_iter()
        .find_map(|option| parse_orderby_option("order_by_cols", option).err());
    errors.extend(invalid_orderby.map(|error| error.to_field_error()));
    if form_data.viz_type == "table" {
        errors.extend(table_errors(&controls));
    }
    errors.extend(bounds_errors(&controls));

    let is_already_reported =
        |error: &FieldError| errors.contains(error) || is_datasource_error(&errors, error);
    if let Err(build_error) = build_query_context(form_data) {
        let field_error = build_error.to_field_error();
        if !is_already_reported(&field_error) {
            errors.push(field_error);
        }
    }
    errors
}

/// The table chart needs something to show: group-by columns or metrics in aggregate mode,
/// columns in raw mode.
fn table_errors(controls: &ControlValues<'_>) -> Vec<FieldError> {
    match QueryMode::of_table(controls) {
        QueryMode::Aggregate => {
            let has_something_to_show = ["groupby", "metrics", "percent_metrics"]
                .into_iter()
                .any(|control| controls.is_non_empty(control));
            if has_something_to_show {
                Vec::new()
            } else {
                vec![field_error("metrics", CANNOT_BE_EMPTY)]
            }
        }
        QueryMode::Raw if !controls.is_non_empty("all_columns") => {
            vec![field_error("all_columns", CANNOT_BE_EMPTY)]
        }
        QueryMode::Raw => Vec::new(),
    }
}

/// Bounds whose minimum is not below their maximum; an empty bound is open.
fn bounds_errors(controls: &ControlValues<'_>) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for control in BOUNDS_CONTROLS {
        let bounds = controls.items(control);
        if let [minimum, maximum] = bounds[..] {
            if is_out_of_order(minimum, maximum) {
                errors.push(field_error(control, MINIMUM_NOT_BELOW_MAXIMUM));
            }
        }
    }
    if let (Some(minimum), Some(maximum)) = (controls.value("min_val"), controls.value("max_val")) {
        if is_out_of_order(minimum, maximum) {
            errors.push(field_error("min_val", MINIMUM_NOT_BELOW_MAXIMUM));
        }
    }
    errors
}

fn is_out_of_order(minimum: &Value, maximum: &Value) -> bool {
    match (number_of(minimum), number_of(maximum)) {
        (Some(minimum), Some(maximum)) => minimum >= maximum,
        _ => false,
    }
}

/// A bound as a number: a JSON number or a numeric string; anything else is open.
fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Number(number) => number.as_f64(),
        Value::String(text) => text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|number| number.is_finite()),
        _ => None,
    }
}

/// An empty datasource is reported once, as "cannot be empty".
fn is_datasource_error(errors: &[FieldError], error: &FieldError) -> bool {
    error.control == "datasource" && errors.iter().any(|reported| reported.control == "datasource")
}

fn field_error(control: &str, message: &str) -> FieldError {
    FieldError {
        control: control.to_owned(),
        message: message.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::form_data::control_values::NOT_AN_INTEGER;

    fn errors_of(form_data: Value) -> Vec<(String, String)> {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        validate_form_data(&form_data)
            .into_iter()
            .map(|error| (error.control, error.message))
            .collect()
    }

    fn pair(control: &str, message: &str) -> (String, String) {
        (control.to_owned(), message.to_owned())
    }

    #[test]
    fn a_complete_table_has_no_errors() {
        let errors = errors_of(json!({"datasource": "3__table", "groupby": ["state"], "row_limit": "50"}));
        assert_eq!(errors, []);
    }

    #[test]
    fn integer_controls_must_be_whole() {
        let errors = errors_of(json!({
            "datasource": "3__table", "viz_type": "line", "row_limit": 10.5, "rolling_type": "mean",
            "rolling_periods": "x", "min_periods": "3",
        }));
        assert_eq!(
            errors,
            [
                pair("row_limit", NOT_AN_INTEGER),
                pair("rolling_periods", NOT_AN_INTEGER)
            ]
        );
    }

    #[test]
    fn the_row_limit_has_a_maximum() {
        let errors = errors_of(json!({"datasource": "3__table", "metrics": ["count"], "row_limit": 100_001}));
        assert_eq!(errors, [pair("row_limit", "Value cannot exceed 100000")]);
        let at_maximum =
            errors_of(json!({"datasource": "3__table", "metrics": ["count"], "row_limit": 100_000}));
        assert_eq!(at_maximum, []);
    }

    #[test]
    fn a_table_needs_columns_or_metrics() {
        let aggregate =
            errors_of(json!({"datasource": "3__table", "query_mode": "aggregate", "groupby": []}));
        assert_eq!(aggregate, [pair("metrics", CANNOT_BE_EMPTY)]);
        let raw = errors_of(json!({"datasource": "3__table", "query_mode": "raw", "all_columns": []}));
        assert_eq!(raw, [pair("all_columns", CANNOT_BE_EMPTY)]);
    }

    #[test]
    fn an_empty_datasource_is_reported_once() {
        let errors = errors_of(json!({"datasource": "", "metrics": ["count"]}));
        assert_eq!(errors, [pair("datasource", CANNOT_BE_EMPTY)]);
    }

    #[test]
    fn invalid_orderby_options_are_reported_with_other_errors() {
        let errors = errors_of(json!({
            "datasource": "3__table", "query_mode": "raw", "all_columns": ["name"],
            "order_by_cols": ["name", "[\"num\", true]"], "row_limit": "ten",
        }));
        assert_eq!(
            errors,
            [
                pair("row_limit", NOT_AN_INTEGER),
                pair("order_by_cols", "Found invalid orderby options"),
            ]
        );
    }

    #[test]
    fn build_errors_are_reported_on_their_control() {
        let errors = errors_of(json!({
            "datasource": "3__table", "groupby": ["state"],
            "adhoc_filters": [{"expressionType": "SIMPLE", "clause": "WHERE", "subject": "state", "operator": "REGEX"}],
        }));
        assert_eq!(
            errors,
            [pair("adhoc_filters", "Unsupported filter operator \"REGEX\"")]
        );
    }

    #[test]
    fn charts_require_their_controls() {
        let pie = errors_of(json!({"datasource": "3__table", "viz_type": "pie", "groupby": ["state"]}));
        assert_eq!(pie, [pair("metric", CANNOT_BE_EMPTY)]);
        let line = errors_of(
            json!({"datasource": "3__table", "viz_type": "echarts_timeseries_line", "metrics": []}),
        );
        assert_eq!(
            line,
            [pair("x_axis", CANNOT_BE_EMPTY), pair("metrics", CANNOT_BE_EMPTY)]
        );
        let legacy_line = errors_of(json!({
            "datasource": "3__table", "viz_type": "echarts_timeseries_line", "granularity_sqla": "ds", "metrics": ["count"],
        }));
        assert_eq!(legacy_line, []);
        let heatmap = errors_of(
            json!({"datasource": "3__table", "viz_type": "heatmap_v2", "x_axis": "ds", "metric": "count"}),
        );
        assert_eq!(heatmap, [pair("groupby", CANNOT_BE_EMPTY)]);
    }

    #[test]
    fn bounds_must_be_in_order() {
        let cases = [
            (
                json!({"y_axis_bounds": [10, 5]}),
                vec![pair("y_axis_bounds", MINIMUM_NOT_BELOW_MAXIMUM)],
            ),
            (
                json!({"y_axis_bounds": [5, 5]}),
                vec![pair("y_axis_bounds", MINIMUM_NOT_BELOW_MAXIMUM)],
            ),
            (json!({"y_axis_bounds": [null, 5]}), vec![]),
            (json!({"y_axis_bounds": ["1", "2"]}), vec![]),
            (
                json!({"y_axis_bounds_secondary": ["3", 2]}),
                vec![pair("y_axis_bounds_secondary", MINIMUM_NOT_BELOW_MAXIMUM)],
            ),
            (
                json!({"min_val": 100, "max_val": 0}),
                vec![pair("min_val", MINIMUM_NOT_BELOW_MAXIMUM)],
            ),
        ];
        for (bounds, expected) in cases {
            let mut form_data = json!({"datasource": "3__table", "metrics": ["count"]});
            form_data
                .as_object_mut()
                .unwrap()
                .extend(bounds.as_object().unwrap().clone());
            assert_eq!(errors_of(form_data), expected, "{bounds}");
        }
    }
}
