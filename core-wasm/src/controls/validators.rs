//! Control validators run on control values (spec 000 §5, 002 §5), as Superset's
//! `validateControl`: every validator of a control runs on its value and each failure is one
//! error naming the control.
//!
//! | validator | fails on | message |
//! | --- | --- | --- |
//! | [`Validator::NonEmpty`] | null, absent, `""`, `[]`, `{}` | cannot be empty |
//! | [`Validator::Integer`] | `12.5`, `"abc"`, `true` (absent and `""` pass) | is expected to be an integer |
//! | [`Validator::Number`] | `"abc"`, `true` (absent and `""` pass) | is expected to be a number |
//! | [`Validator::MaxValue`] `{maximum: 100000}` | `100001`, `"100001"` | Value cannot exceed 100000 |
//!
//! Only the controls a chart shows are validated: a hidden control (`rolling_periods` without a
//! `rolling_type`) cannot be corrected by the user, so it gives no error.

use quiver_types::{FieldError, FormData};
use serde_json::Value;

use crate::controls::model::{Control, Validator};
use crate::controls::{control_panel, known_control};
use crate::form_data::control_values::{is_empty_value, parse_decimal_number, parse_integer, NOT_AN_INTEGER};
use crate::form_data::ControlValues;

/// The spec's message for a required control without a value.
pub const CANNOT_BE_EMPTY: &str = "cannot be empty";

/// The message for a number control holding something else.
pub const NOT_A_NUMBER: &str = "is expected to be a number";

/// The controls checked when the viz type has no panel (a chart Quiver does not ship): the
/// common query controls, with the validators any chart gives them.
const CONTROLS_OF_ANY_CHART: [&str; 3] = ["row_limit", "rolling_periods", "min_periods"];

impl Validator {
    /// The spec's message when `value` (`None`: absent or null) fails the check.
    ///
    /// Example: `MaxValue { maximum: 100000 }` on `100001` gives "Value cannot exceed 100000";
    /// on `"abc"` it passes (the number check is another validator's).
    pub fn check(self, value: Option<&Value>) -> Option<String> {
        let is_absent = value.is_none_or(is_blank);
        match self {
            Validator::NonEmpty => value
                .is_none_or(is_empty_value)
                .then(|| CANNOT_BE_EMPTY.to_owned()),
            Validator::Integer if is_absent => None,
            Validator::Integer => value
                .and_then(|value| parse_integer(value).err())
                .map(|_| NOT_AN_INTEGER.to_owned()),
            Validator::Number if is_absent => None,
            Validator::Number => value
                .and_then(number_of)
                .is_none()
                .then(|| NOT_A_NUMBER.to_owned()),
            Validator::MaxValue { maximum } => value
                .and_then(number_of)
                .filter(|number| *number > maximum as f64)
                .map(|_| format!("Value cannot exceed {maximum}")),
        }
    }
}

/// The errors of one control's validators on its value, in validator order.
pub fn control_errors(control: &Control, value: Option<&Value>) -> Vec<FieldError> {
    control
        .validators
        .iter()
        .filter_map(|validator| validator.check(value))
        .map(|message| FieldError {
            control: control.name.to_owned(),
            message,
        })
        .collect()
}

/// The validator errors of every control the form data's chart shows, in panel order. For a viz
/// type without a panel, the common query controls are checked.
pub fn validate_controls(form_data: &FormData) -> Vec<FieldError> {
    let values = ControlValues::new(form_data);
    let shown_controls: Vec<Control> = match control_panel(&form_data.viz_type) {
        Ok(panel) => panel
            .controls()
            .filter(|control| is_shown(control, &values))
            .cloned()
            .collect(),
        Err(_) => CONTROLS_OF_ANY_CHART
            .into_iter()
            .filter_map(known_control)
            .filter(|control| is_shown(control, &values))
            .collect(),
    };
    shown_controls
        .iter()
        .flat_map(|control| control_errors(control, value_for_validation(control, &values)))
        .collect()
}

fn is_shown(control: &Control, values: &ControlValues<'_>) -> bool {
    control
        .visibility
        .as_ref()
        .is_none_or(|visibility| visibility.is_met(values))
}

/// The value a control validates. The x-axis of a legacy form data is its `granularity_sqla`,
/// as Superset's x-axis control starts from it.
fn value_for_validation<'a>(control: &Control, values: &ControlValues<'a>) -> Option<&'a Value> {
    let value = values.value(control.name);
    if control.name == "x_axis" && value.is_none_or(is_empty_value) {
        return values.value("granularity_sqla").or(value);
    }
    value
}

/// `""` and whitespace are no value for the number checks, as Superset's `isNullish` and the
/// text box read them.
fn is_blank(value: &Value) -> bool {
    value.as_str().is_some_and(|text| text.trim().is_empty())
}

/// A JSON number or a numeric string, as JavaScript's `Number(v)`.
fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Number(number) => number.as_f64(),
        Value::String(text) => parse_decimal_number(text.trim()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::controls::model::ControlType;

    fn check(validator: Validator, value: Value) -> Option<String> {
        validator.check(Some(&value).filter(|value| !value.is_null()))
    }

    #[test]
    fn non_empty_refuses_null_empty_text_and_empty_lists() {
        let cases = [
            (json!(null), Some(CANNOT_BE_EMPTY)),
            (json!(""), Some(CANNOT_BE_EMPTY)),
            (json!([]), Some(CANNOT_BE_EMPTY)),
            (json!({}), Some(CANNOT_BE_EMPTY)),
            (json!("ds"), None),
            (json!(["count"]), None),
            (json!(0), None),
            (json!(false), None),
        ];
        for (value, expected) in cases {
            assert_eq!(
                check(Validator::NonEmpty, value.clone()).as_deref(),
                expected,
                "{value}"
            );
        }
        assert_eq!(Validator::NonEmpty.check(None).as_deref(), Some(CANNOT_BE_EMPTY));
    }

    #[test]
    fn a_number_above_the_bound_cannot_exceed_it() {
        let bound = Validator::MaxValue { maximum: 100_000 };
        let cases = [
            (json!(100_001), Some("Value cannot exceed 100000")),
            (json!("250000"), Some("Value cannot exceed 100000")),
            (json!(100_000.5), Some("Value cannot exceed 100000")),
            (json!(100_000), None),
            (json!("10"), None),
            (json!("abc"), None),
            (json!(null), None),
        ];
        for (value, expected) in cases {
            assert_eq!(check(bound, value.clone()).as_deref(), expected, "{value}");
        }
    }

    #[test]
    fn integer_and_number_checks_skip_absent_values() {
        assert_eq!(
            check(Validator::Integer, json!("12.5")).as_deref(),
            Some(NOT_AN_INTEGER)
        );
        assert_eq!(
            check(Validator::Integer, json!(true)).as_deref(),
            Some(NOT_AN_INTEGER)
        );
        assert_eq!(check(Validator::Integer, json!(" ")), None);
        assert_eq!(check(Validator::Integer, json!("12")), None);
        assert_eq!(
            check(Validator::Number, json!("abc")).as_deref(),
            Some(NOT_A_NUMBER)
        );
        assert_eq!(check(Validator::Number, json!("-2.5")), None);
        assert_eq!(check(Validator::Number, json!("")), None);
    }

    #[test]
    fn every_validator_of_a_control_reports_on_it() {
        let control = Control::new("row_limit", ControlType::Number, "Row limit").validators(&[
            Validator::NonEmpty,
            Validator::Integer,
            Validator::MaxValue { maximum: 10 },
        ]);
        let errors = control_errors(&control, Some(&json!(12.5)));
        let messages: Vec<(&str, &str)> = errors
            .iter()
            .map(|error| (error.control.as_str(), error.message.as_str()))
            .collect();
        assert_eq!(
            messages,
            [
                ("row_limit", NOT_AN_INTEGER),
                ("row_limit", "Value cannot exceed 10")
            ]
        );
    }

    fn errors_of(form_data: Value) -> Vec<(String, String)> {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        validate_controls(&form_data)
            .into_iter()
            .map(|error| (error.control, error.message))
            .collect()
    }

    #[test]
    fn the_panel_controls_shown_are_validated_by_name() {
        let errors = errors_of(json!({
            "datasource": "3__table", "viz_type": "echarts_timeseries_line", "x_axis": "",
            "metrics": [], "row_limit": "200000", "rolling_type": "mean", "rolling_periods": "1.5",
        }));
        assert_eq!(
            errors,
            [
                ("x_axis".to_owned(), CANNOT_BE_EMPTY.to_owned()),
                ("metrics".to_owned(), CANNOT_BE_EMPTY.to_owned()),
                ("row_limit".to_owned(), "Value cannot exceed 100000".to_owned()),
                ("rolling_periods".to_owned(), NOT_AN_INTEGER.to_owned()),
            ]
        );
    }

    #[test]
    fn hidden_controls_are_not_validated() {
        let errors = errors_of(json!({
            "datasource": "3__table", "viz_type": "echarts_timeseries_line", "x_axis": "ds",
            "metrics": ["count"], "rolling_periods": "1.5",
        }));
        assert_eq!(errors, []);
    }

    #[test]
    fn a_legacy_granularity_is_the_x_axis() {
        let errors = errors_of(json!({
            "datasource": "3__table", "viz_type": "echarts_timeseries_line",
            "granularity_sqla": "ds", "metrics": ["count"],
        }));
        assert_eq!(errors, []);
    }

    #[test]
    fn a_chart_without_a_panel_checks_the_common_controls() {
        let errors =
            errors_of(json!({"datasource": "3__table", "viz_type": "word_cloud", "row_limit": 100_001}));
        assert_eq!(
            errors,
            [("row_limit".to_owned(), "Value cannot exceed 100000".to_owned())]
        );
    }
}
