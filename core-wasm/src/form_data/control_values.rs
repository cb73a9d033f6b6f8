//! Typed, lenient reading of form data controls.
//!
//! Stored form data comes from many Superset versions: numbers arrive as strings (`"1000"`),
//! a control may hold one metric or a list, and `null` means "not set". Every reader here
//! treats `null` as absent and names the control in its error.

use quiver_types::{AdhocFilter, ColumnRef, FormData, MetricRef};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::{CoreError, CoreResult};
use crate::form_data::QueryMode;

/// The spec's message for a number that is not whole.
pub const NOT_AN_INTEGER: &str = "is expected to be an integer";
/// The message for a control whose value has the wrong shape (a number where a list is expected).
pub const INVALID_VALUE: &str = "has an invalid value";

/// Read-only typed access to the controls of one form data document.
#[derive(Debug, Clone, Copy)]
pub struct ControlValues<'a> {
    form_data: &'a FormData,
}

impl<'a> ControlValues<'a> {
    pub fn new(form_data: &'a FormData) -> Self {
        ControlValues { form_data }
    }

    pub fn form_data(&self) -> &'a FormData {
        self.form_data
    }

    /// The control's value; `None` when absent or `null`.
    pub fn value(&self, control: &str) -> Option<&'a Value> {
        self.form_data.extra.get(control).filter(|value| !value.is_null())
    }

    /// Whether the control holds something other than null, `""`, `[]` or `{}`.
    pub fn is_non_empty(&self, control: &str) -> bool {
        self.value(control).is_some_and(|value| !is_empty_value(value))
    }

    /// `query_mode` when it is `"aggregate"` or `"raw"`.
    pub fn stored_query_mode(&self) -> Option<QueryMode> {
        self.value("query_mode")
            .and_then(Value::as_str)
            .and_then(QueryMode::parse)
    }

    /// A whole number, given as a JSON number or a numeric string (`"1000"`, `" 25 "`, `"1e3"`).
    /// `null` and `""` are absent.
    pub fn integer(&self, control: &str) -> CoreResult<Option<i64>> {
        let Some(value) = self.value(control) else {
            return Ok(None);
        };
        parse_integer(value).map_err(|message| CoreError::invalid_control(control, message))
    }

    /// A string; `null` and `""` are absent.
    pub fn string(&self, control: &str) -> CoreResult<Option<&'a str>> {
        match self.value(control) {
            None => Ok(None),
            Some(Value::String(text)) if text.is_empty() => Ok(None),
            Some(Value::String(text)) => Ok(Some(text)),
            Some(_) => Err(CoreError::invalid_control(control, INVALID_VALUE)),
        }
    }

    /// A string holding one of an enum's wire names (`result_format: "csv"`).
    pub fn enumeration<T: DeserializeOwned>(&self, control: &str) -> CoreResult<Option<T>> {
        let Some(text) = self.string(control)? else {
            return Ok(None);
        };
        serde_json::from_value(Value::String(text.to_owned()))
            .map(Some)
            .map_err(|_| CoreError::invalid_control(control, INVALID_VALUE))
    }

    /// A boolean.
    pub fn boolean(&self, control: &str) -> CoreResult<Option<bool>> {
        match self.value(control) {
            None => Ok(None),
            Some(Value::Bool(flag)) => Ok(Some(*flag)),
            Some(_) => Err(CoreError::invalid_control(control, INVALID_VALUE)),
        }
    }

    /// A JSON object (`url_params`, `custom_params`, `temporal_columns_lookup`).
    pub fn object(&self, control: &str) -> CoreResult<Option<&'a Map<String, Value>>> {
        match self.value(control) {
            None => Ok(None),
            Some(Value::Object(object)) => Ok(Some(object)),
            Some(_) => Err(CoreError::invalid_control(control, INVALID_VALUE)),
        }
    }

    /// The items of a control that holds one item or a list of items (Superset concatenates
    /// both). `null` items are skipped.
    pub fn items(&self, control: &str) -> Vec<&'a Value> {
        match self.value(control) {
            None => Vec::new(),
            Some(Value::Array(items)) => items.iter().filter(|item| !item.is_null()).collect(),
            Some(single) => vec![single],
        }
    }

    /// Metrics: saved metric names or adhoc metrics, one or a list. Empty names are skipped.
    pub fn metrics(&self, control: &str) -> CoreResult<Vec<MetricRef>> {
        let metrics: Vec<MetricRef> = self.parse_items(control)?;
        Ok(metrics
            .into_iter()
            .filter(|metric| !matches!(metric, MetricRef::Saved(name) if name.is_empty()))
            .collect())
    }

    /// Columns: physical column names or adhoc columns, one or a list. Empty names are skipped,
    /// as Superset's `columns.filter(col => col !== '')`.
    pub fn columns(&self, control: &str) -> CoreResult<Vec<ColumnRef>> {
        let columns: Vec<ColumnRef> = self.parse_items(control)?;
        Ok(columns
            .into_iter()
            .filter(|column| !matches!(column, ColumnRef::Physical(name) if name.is_empty()))
            .collect())
    }

    /// `adhoc_filters` (or another list of adhoc filters).
    pub fn adhoc_filters(&self, control: &str) -> CoreResult<Vec<AdhocFilter>> {
        self.parse_items(control)
    }

    /// One metric (`timeseries_limit_metric`, `series_limit_metric`): the first item when the
    /// control holds a list, `None` when empty.
    pub fn single_metric(&self, control: &str) -> CoreResult<Option<MetricRef>> {
        Ok(self.metrics(control)?.into_iter().next())
    }

    fn parse_items<T: DeserializeOwned>(&self, control: &str) -> CoreResult<Vec<T>> {
        let mut parsed = Vec::new();
        for item in self.items(control) {
            let value = serde_json::from_value(item.clone())
                .map_err(|_| CoreError::invalid_control(control, INVALID_VALUE))?;
            parsed.push(value);
        }
        Ok(parsed)
    }
}

/// Null, `""`, `[]` and `{}` are empty (the spec's "cannot be empty" rule).
pub fn is_empty_value(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.is_empty(),
        Value::Array(items) => items.is_empty(),
        Value::Object(object) => object.is_empty(),
        Value::Bool(_) | Value::Number(_) => false,
    }
}

/// A whole number from a JSON number or a numeric string, as JavaScript's `Number(v)` reads it
/// followed by `Number.isInteger`. `""` (after trimming) is absent. The error is the spec's text.
pub(crate) fn parse_integer(value: &Value) -> Result<Option<i64>, &'static str> {
    let number = match value {
        Value::Number(number) => {
            if let Some(whole) = number.as_i64() {
                return Ok(Some(whole));
            }
            number.as_f64().ok_or(NOT_AN_INTEGER)?
        }
        Value::String(text) => {
            let trimmed = text.trim();
            if trimmed.is_empty() {
                return Ok(None);
            }
            parse_decimal_number(trimmed).ok_or(NOT_AN_INTEGER)?
        }
        _ => return Err(NOT_AN_INTEGER),
    };
    whole_number(number).map(Some).ok_or(NOT_AN_INTEGER)
}

/// A finite decimal number (`"12"`, `"-3.5"`, `"1e3"`); not `"inf"`, `"NaN"` or `"0x10"`.
pub(crate) fn parse_decimal_number(text: &str) -> Option<f64> {
    let is_decimal_syntax = text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E'));
    if !is_decimal_syntax {
        return None;
    }
    text.parse::<f64>().ok().filter(|number| number.is_finite())
}

/// `Some(n)` when `number` is whole and fits an `i64`.
fn whole_number(number: f64) -> Option<i64> {
    const I64_RANGE: std::ops::Range<f64> = -9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0;
    let is_whole = number.is_finite() && number.fract() == 0.0 && I64_RANGE.contains(&number);
    // The range check makes the cast exact.
    is_whole.then_some(number as i64)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn form_data(extra: Value) -> FormData {
        serde_json::from_value(extra).unwrap()
    }

    #[test]
    fn integers_are_read_from_numbers_and_numeric_strings() {
        let cases = [
            (json!(1000), Ok(Some(1000))),
            (json!("1000"), Ok(Some(1000))),
            (json!(" 25 "), Ok(Some(25))),
            (json!(50.0), Ok(Some(50))),
            (json!("1e3"), Ok(Some(1000))),
            (json!(""), Ok(None)),
            (json!(null), Ok(None)),
            (json!(12.5), Err(NOT_AN_INTEGER)),
            (json!("12.5"), Err(NOT_AN_INTEGER)),
            (json!("abc"), Err(NOT_AN_INTEGER)),
            (json!("inf"), Err(NOT_AN_INTEGER)),
            (json!(true), Err(NOT_AN_INTEGER)),
        ];
        for (value, expected) in cases {
            let data = form_data(json!({"row_limit": value}));
            let read = ControlValues::new(&data).integer("row_limit");
            let expected = expected.map_err(|message| CoreError::invalid_control("row_limit", message));
            assert_eq!(read, expected, "row_limit = {value}");
        }
    }

    #[test]
    fn a_single_metric_and_a_list_read_the_same() {
        let single = form_data(json!({"metrics": "count"}));
        let list = form_data(json!({"metrics": ["count", null, ""]}));
        let expected = vec![MetricRef::Saved("count".to_owned())];
        assert_eq!(ControlValues::new(&single).metrics("metrics").unwrap(), expected);
        assert_eq!(ControlValues::new(&list).metrics("metrics").unwrap(), expected);
    }

    #[test]
    fn a_metric_of_the_wrong_shape_names_its_control() {
        let data = form_data(json!({"metrics": [42]}));
        let error = ControlValues::new(&data).metrics("metrics").unwrap_err();
        assert_eq!(error, CoreError::invalid_control("metrics", INVALID_VALUE));
    }

    #[test]
    fn emptiness_follows_the_spec() {
        for empty in [json!(null), json!(""), json!([]), json!({})] {
            assert!(is_empty_value(&empty), "{empty} is empty");
        }
        for non_empty in [json!(0), json!(false), json!(" "), json!(["a"])] {
            assert!(!is_empty_value(&non_empty), "{non_empty} is not empty");
        }
    }
}
