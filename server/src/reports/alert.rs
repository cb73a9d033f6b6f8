//! Alerts: the report's `sql` runs on its database before anything is sent, and its validator
//! (`validator_type` `not null` or `operator` with `validator_config_json` `{"op", "threshold"}`)
//! decides whether the alert triggers, as Superset's `AlertCommand` does.
//!
//! Example: `SELECT COUNT(*) FROM orders WHERE late` answering one row `[12]` with
//! `{"op": ">", "threshold": 10}` triggers with value 12; with `not null`, `[0]` and an empty
//! answer do not trigger.

use std::time::Duration;

use serde_json::Value;

use crate::chart_data::json::column_values;
use crate::engines::{EngineError, QueryOutput, RunControl, Statement};
use crate::state::AppState;
use crate::store::report::ReportRecord;
use crate::store::StoreError;

/// Superset's `ReportScheduleValidatorType.NOT_NULL`.
pub const VALIDATOR_NOT_NULL: &str = "not null";
/// Superset's `ReportScheduleValidatorType.OPERATOR`.
pub const VALIDATOR_OPERATOR: &str = "operator";

/// What an alert check found.
#[derive(Debug, Clone, PartialEq)]
pub struct AlertOutcome {
    pub is_triggered: bool,
    /// The number an `operator` alert compared (`value` of the execution log).
    pub value: Option<f64>,
    /// The value a `not null` alert looked at, as JSON text (`value_row_json`).
    pub value_row_json: Option<String>,
}

/// Why an alert could not be evaluated; the texts are Superset's.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum AlertError {
    /// The alert has no SQL or no database.
    #[error("Alert query is missing its SQL or database.")]
    MissingQuery,
    /// The query answered more than one row.
    #[error("Alert query returned more than one row. {0} rows returned")]
    MultipleRows(usize),
    /// The query answered more than one column.
    #[error("Alert query returned more than one column. {0} columns returned")]
    MultipleColumns(usize),
    /// An `operator` alert's value is not a number.
    #[error("Alert query returned a non-number value.")]
    InvalidType,
    /// `validator_type` or `validator_config_json` cannot be used.
    #[error("Alert validator config error.")]
    ValidatorConfig,
    /// The database refused or failed the query.
    #[error("Alert found an error while executing a query.")]
    Query,
    /// The query ran past its time.
    #[error("A timeout occurred while executing the query.")]
    Timeout,
}

/// A comparison of Superset's `OPERATOR_FUNCTIONS`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Operator {
    Greater,
    GreaterOrEqual,
    Less,
    LessOrEqual,
    Equal,
    NotEqual,
}

impl Operator {
    fn parse(text: &str) -> Option<Operator> {
        Some(match text {
            ">" => Operator::Greater,
            ">=" => Operator::GreaterOrEqual,
            "<" => Operator::Less,
            "<=" => Operator::LessOrEqual,
            "==" => Operator::Equal,
            "!=" => Operator::NotEqual,
            _ => return None,
        })
    }

    #[allow(clippy::float_cmp)] // Superset's `==` and `!=` compare the floats exactly
    fn holds(self, value: f64, threshold: f64) -> bool {
        match self {
            Operator::Greater => value > threshold,
            Operator::GreaterOrEqual => value >= threshold,
            Operator::Less => value < threshold,
            Operator::LessOrEqual => value <= threshold,
            Operator::Equal => value == threshold,
            Operator::NotEqual => value != threshold,
        }
    }
}

/// The validator of an alert.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Validator {
    NotNull,
    Operator { operator: Operator, threshold: f64 },
}

fn parse_validator(validator_type: Option<&str>, config_json: Option<&str>) -> Result<Validator, AlertError> {
    match validator_type.map(str::trim) {
        Some(VALIDATOR_NOT_NULL) => Ok(Validator::NotNull),
        Some(VALIDATOR_OPERATOR) => {
            let config: Value = serde_json::from_str(config_json.unwrap_or_default())
                .map_err(|_| AlertError::ValidatorConfig)?;
            let operator = config
                .get("op")
                .and_then(Value::as_str)
                .and_then(Operator::parse)
                .ok_or(AlertError::ValidatorConfig)?;
            let threshold = config
                .get("threshold")
                .and_then(number_of)
                .ok_or(AlertError::ValidatorConfig)?;
            Ok(Validator::Operator { operator, threshold })
        }
        _ => Err(AlertError::ValidatorConfig),
    }
}

/// A number, or a text holding one (Python's `float()` takes both).
fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Number(number) => number.as_f64(),
        Value::String(text) => text.trim().parse().ok(),
        Value::Bool(flag) => Some(if *flag { 1.0 } else { 0.0 }),
        _ => None,
    }
}

/// Superset's "nothing": `0`, `None` and `NaN` do not trigger a `not null` alert.
fn is_nothing(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Number(number) => number
            .as_f64()
            .is_some_and(|float| float == 0.0 || float.is_nan()),
        _ => false,
    }
}

/// The single value of an alert query's answer; `None` for no rows.
fn single_value(output: &QueryOutput) -> Result<Option<Value>, AlertError> {
    let rows = output.row_count();
    if rows > 1 {
        return Err(AlertError::MultipleRows(rows));
    }
    let columns = output.schema.fields().len();
    if columns > 1 {
        return Err(AlertError::MultipleColumns(columns));
    }
    if rows == 0 || columns == 0 {
        return Ok(None);
    }
    let value = output
        .batches
        .iter()
        .find(|batch| batch.num_rows() > 0)
        .and_then(|batch| column_values(batch.column(0)).into_iter().next());
    Ok(value)
}

/// Applies the validator to the query's answer.
fn evaluate(validator: Validator, output: &QueryOutput) -> Result<AlertOutcome, AlertError> {
    let value = single_value(output)?;
    match validator {
        Validator::NotNull => {
            let value = value.unwrap_or(Value::Null);
            Ok(AlertOutcome {
                is_triggered: !is_nothing(&value),
                value: None,
                value_row_json: Some(value.to_string()),
            })
        }
        Validator::Operator { operator, threshold } => {
            let number = match value {
                None => 0.0,
                Some(value) if is_nothing(&value) => 0.0,
                Some(value) => number_of(&value).ok_or(AlertError::InvalidType)?,
            };
            Ok(AlertOutcome {
                is_triggered: operator.holds(number, threshold),
                value: Some(number),
                value_row_json: None,
            })
        }
    }
}

/// Runs the alert's SQL read-only on its database and applies its validator.
pub async fn check_alert(app: &AppState, report: &ReportRecord) -> Result<AlertOutcome, AlertError> {
    let validator = parse_validator(
        report.fields.validator_type.as_deref(),
        report.fields.validator_config_json.as_deref(),
    )?;
    let (Some(database_id), Some(sql)) = (report.fields.database_id, report.fields.sql.as_deref()) else {
        return Err(AlertError::MissingQuery);
    };
    let database = app
        .store
        .database(database_id)
        .await
        .map_err(|error| match error {
            StoreError::NotFound => AlertError::MissingQuery,
            other => {
                tracing::warn!(report_id = report.id, error = %other, "alert database could not be read");
                AlertError::Query
            }
        })?;
    let engine = app.engines.engine_for(&database).await.map_err(|error| {
        tracing::warn!(report_id = report.id, %error, "alert database could not be opened");
        AlertError::Query
    })?;
    let statement = Statement {
        sql: sql.trim().trim_end_matches(';').to_owned(),
        params: Vec::new(),
    };
    let timeout = Duration::from_secs(u64::try_from(report.fields.working_timeout).unwrap_or(0).max(1))
        .min(Duration::from_secs(app.settings.query_timeout_seconds.max(1)));
    let control = RunControl {
        cancel: None,
        read_only: true,
    };
    let output = engine
        .execute_controlled(statement, timeout, &control)
        .await
        .map_err(|error| match error {
            EngineError::Timeout(_) => AlertError::Timeout,
            other => {
                tracing::warn!(report_id = report.id, error = %other, "alert query failed");
                AlertError::Query
            }
        })?;
    evaluate(validator, &output)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{ArrayRef, Float64Array, Int64Array, StringArray};
    use arrow::datatypes::{Field, Schema};
    use arrow::record_batch::RecordBatch;

    use super::*;

    fn output(columns: Vec<(&str, ArrayRef)>) -> QueryOutput {
        let schema = Arc::new(Schema::new(
            columns
                .iter()
                .map(|(name, array)| Field::new(*name, array.data_type().clone(), true))
                .collect::<Vec<_>>(),
        ));
        let arrays = columns.into_iter().map(|(_, array)| array).collect();
        QueryOutput {
            schema: schema.clone(),
            batches: vec![RecordBatch::try_new(schema, arrays).unwrap()],
        }
    }

    fn ints(values: &[Option<i64>]) -> ArrayRef {
        Arc::new(Int64Array::from(values.to_vec()))
    }

    fn operator(op: &str, threshold: &str) -> Validator {
        parse_validator(
            Some(VALIDATOR_OPERATOR),
            Some(&format!(r#"{{"op": "{op}", "threshold": {threshold}}}"#)),
        )
        .unwrap()
    }

    #[test]
    fn operators_compare_the_single_value_with_the_threshold() {
        // (op, threshold, value, triggered)
        let cases = [
            (">", "10", 12, true),
            (">", "12", 12, false),
            (">=", "12", 12, true),
            ("<", "5", 4, true),
            ("<=", "4", 5, false),
            ("==", "7", 7, true),
            ("!=", "7", 7, false),
        ];
        for (op, threshold, value, expected) in cases {
            let outcome = evaluate(
                operator(op, threshold),
                &output(vec![("n", ints(&[Some(value)]))]),
            )
            .unwrap();
            assert_eq!(outcome.is_triggered, expected, "{value} {op} {threshold}");
            assert_eq!(outcome.value, Some(value as f64));
        }
    }

    #[test]
    fn an_empty_or_null_answer_is_zero_for_operators_and_nothing_for_not_null() {
        let empty = output(vec![("n", ints(&[]))]);
        let null = output(vec![("n", ints(&[None]))]);
        for answer in [&empty, &null] {
            let outcome = evaluate(operator(">", "-1"), answer).unwrap();
            assert_eq!((outcome.is_triggered, outcome.value), (true, Some(0.0)));
            let outcome = evaluate(Validator::NotNull, answer).unwrap();
            assert!(!outcome.is_triggered);
            assert_eq!(outcome.value_row_json.as_deref(), Some("null"));
        }
        let zero = evaluate(
            Validator::NotNull,
            &output(vec![("n", Arc::new(Float64Array::from(vec![0.0])) as ArrayRef)]),
        )
        .unwrap();
        assert!(!zero.is_triggered);
        let text = evaluate(
            Validator::NotNull,
            &output(vec![("s", Arc::new(StringArray::from(vec!["late"])) as ArrayRef)]),
        )
        .unwrap();
        assert_eq!(
            (text.is_triggered, text.value_row_json.as_deref()),
            (true, Some("\"late\""))
        );
    }

    #[test]
    fn answers_of_the_wrong_shape_or_type_are_refused_with_supersets_texts() {
        let two_rows = output(vec![("n", ints(&[Some(1), Some(2)]))]);
        assert_eq!(
            evaluate(Validator::NotNull, &two_rows).unwrap_err().to_string(),
            "Alert query returned more than one row. 2 rows returned"
        );
        let two_columns = output(vec![("a", ints(&[Some(1)])), ("b", ints(&[Some(2)]))]);
        assert_eq!(
            evaluate(operator(">", "1"), &two_columns)
                .unwrap_err()
                .to_string(),
            "Alert query returned more than one column. 2 columns returned"
        );
        let text = output(vec![("s", Arc::new(StringArray::from(vec!["late"])) as ArrayRef)]);
        assert_eq!(evaluate(operator(">", "1"), &text), Err(AlertError::InvalidType));
        let numeral = output(vec![("s", Arc::new(StringArray::from(vec!["12.5"])) as ArrayRef)]);
        assert_eq!(evaluate(operator(">", "12"), &numeral).unwrap().value, Some(12.5));
    }

    #[test]
    fn validator_configs_must_name_a_known_operator_and_a_threshold() {
        for (validator_type, config) in [
            (Some("operator"), Some(r#"{"op": "~", "threshold": 1}"#)),
            (Some("operator"), Some(r#"{"op": ">"}"#)),
            (Some("operator"), Some("not json")),
            (Some("operator"), None),
            (Some("sometimes"), None),
            (None, None),
        ] {
            assert_eq!(
                parse_validator(validator_type, config),
                Err(AlertError::ValidatorConfig),
                "{config:?}"
            );
        }
        assert_eq!(
            parse_validator(Some("operator"), Some(r#"{"op": "<=", "threshold": "3"}"#)),
            Ok(Validator::Operator {
                operator: Operator::LessOrEqual,
                threshold: 3.0
            })
        );
        assert_eq!(parse_validator(Some("not null"), None), Ok(Validator::NotNull));
    }
}
