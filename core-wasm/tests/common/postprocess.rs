//! Golden post-processing cases (`fixtures/postprocess/<name>.json`), shared by the native test
//! (`postprocess.rs`) and the wasm32 smoke test (`wasm_smoke.rs`).
//!
//! A case is `{description, input, rules, expected | expected_error}`. A table (`input`,
//! `expected`) is a list of columns `{name, type, values, levels?}` with `type` one of
//! `float64`, `int64`, `utf8`, `timestamp` (microseconds, values `"2021-01-01T00:00:00"`),
//! `date32` (`"2021-01-01"`), `decimal128(p,s)` (values as decimal strings) or, in results,
//! `list<float64>` (values as arrays); `levels` (only
//! checked when given) is a multi-level column's labels. Floats match to 1e-9 (relative).
//! `expected_error` is `{name, message}`. The expected values are derived by hand from
//! pandas' semantics; each description says how.

use std::sync::Arc;

use arrow::array::{
    Array, ArrayRef, AsArray, Date32Array, Decimal128Array, Float64Array, Int64Array, StringArray,
    TimestampMicrosecondArray,
};
use arrow::datatypes::{DataType, Date32Type, Field, Float64Type, Int64Type, Schema, TimeUnit};
use arrow::record_batch::RecordBatch;
use chrono::{NaiveDate, NaiveDateTime};
use quiver_core::postprocess::levels::LEVELS_KEY;
use serde::Deserialize;
use serde_json::Value;

/// One fixture file, embedded so the wasm32 test needs no file system.
pub struct PostprocessFixture {
    pub name: &'static str,
    pub json: &'static str,
}

macro_rules! postprocess_fixtures {
    ($($name:literal),* $(,)?) => {
        pub const POSTPROCESS_FIXTURES: &[PostprocessFixture] = &[$(PostprocessFixture {
            name: $name,
            json: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/postprocess/", $name, ".json")),
        }),*];
    };
}

postprocess_fixtures![
    "sort_by_two_columns_nulls_last",
    "rename_columns",
    "aggregate_groupby_sum_mean_median_std_count",
    "aggregate_numpy_percentile_arg_count_nonzero",
    "pivot_one_metric_missing_combination",
    "pivot_two_metrics_keep_missing",
    "pivot_unflattened_rename_flatten",
    "pivot_superset6_default_rename_flatten",
    "pivot_superset6_default_flatten",
    "pivot_marginal_distributions",
    "pivot_combine_value_with_metric",
    "cum_sum_with_nulls",
    "rolling_mean_min_periods",
    "rolling_std_sample",
    "rolling_sum_centered",
    "diff_periods",
    "contribution_column_and_row",
    "compare_percentage_and_ratio",
    "rank_pct_within_groups",
    "resample_daily_asfreq_fill_value",
    "resample_daily_ffill_unsorted",
    "resample_month_end_sum",
    "resample_hourly_mean_empty_bin",
    "resample_minute_bfill",
    "resample_7d_median",
    "resample_year_start_sum",
    "histogram_grouped_cumulative",
    "histogram_normalized",
    "boxplot_tukey_outliers",
    "error_unknown_column",
    "error_cum_operator",
    "error_percentile_out_of_range",
];

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostprocessCase {
    pub description: String,
    pub input: Vec<Column>,
    pub rules: Vec<Value>,
    #[serde(default)]
    pub expected: Option<Vec<Column>>,
    #[serde(default)]
    pub expected_error: Option<ExpectedError>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Column {
    pub name: String,
    #[serde(rename = "type")]
    pub data_type: String,
    pub values: Vec<Value>,
    #[serde(default)]
    pub levels: Option<Vec<Option<String>>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedError {
    pub name: String,
    pub message: String,
}

/// What running a case gave: the batch, or the error's `(name, message)`.
pub type PostprocessOutcome = Result<RecordBatch, (String, String)>;

pub fn parse_postprocess_case(fixture: &PostprocessFixture) -> PostprocessCase {
    serde_json::from_str(fixture.json).unwrap_or_else(|error| panic!("{}: {error}", fixture.name))
}

/// The outcome of the Rust function.
pub fn rust_postprocess_outcome(case: &PostprocessCase) -> PostprocessOutcome {
    quiver_core::apply_post_processing(&case.rules, table_to_batch(&case.input))
        .map_err(|error| (error.name().to_owned(), error.to_string()))
}

/// A table of the fixture as a record batch.
pub fn table_to_batch(columns: &[Column]) -> RecordBatch {
    let mut fields = Vec::new();
    let mut arrays: Vec<ArrayRef> = Vec::new();
    for column in columns {
        let array: ArrayRef = match column.data_type.as_str() {
            "float64" => Arc::new(column.values.iter().map(Value::as_f64).collect::<Float64Array>()),
            "int64" => Arc::new(column.values.iter().map(Value::as_i64).collect::<Int64Array>()),
            "utf8" => Arc::new(column.values.iter().map(Value::as_str).collect::<StringArray>()),
            "timestamp" => Arc::new(
                column
                    .values
                    .iter()
                    .map(|value| {
                        value
                            .as_str()
                            .map(|text| parse_timestamp(text).and_utc().timestamp_micros())
                    })
                    .collect::<TimestampMicrosecondArray>(),
            ),
            "date32" => Arc::new(
                column
                    .values
                    .iter()
                    .map(|value| value.as_str().map(parse_date))
                    .collect::<Date32Array>(),
            ),
            decimal if decimal.starts_with("decimal128(") => {
                let (precision, scale) = decimal_shape(decimal);
                let scaled = column.values.iter().map(|value| {
                    value
                        .as_str()
                        .map(|text| (text.parse::<f64>().unwrap() * 10f64.powi(scale.into())).round() as i128)
                });
                Arc::new(
                    scaled
                        .collect::<Decimal128Array>()
                        .with_precision_and_scale(precision, scale)
                        .unwrap(),
                )
            }
            other => panic!("unknown column type {other}"),
        };
        fields.push(Field::new(column.name.as_str(), array.data_type().clone(), true));
        arrays.push(array);
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays).unwrap()
}

fn parse_timestamp(text: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").unwrap()
}

fn parse_date(text: &str) -> i32 {
    let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).unwrap();
    (NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap() - epoch).num_days() as i32
}

fn decimal_shape(data_type: &str) -> (u8, i8) {
    let inner = data_type.trim_start_matches("decimal128(").trim_end_matches(')');
    let (precision, scale) = inner.split_once(',').unwrap();
    (precision.trim().parse().unwrap(), scale.trim().parse().unwrap())
}

/// The type name a fixture uses for an Arrow type.
fn type_name(data_type: &DataType) -> String {
    match data_type {
        DataType::Float64 => "float64".to_owned(),
        DataType::Int64 => "int64".to_owned(),
        DataType::Utf8 => "utf8".to_owned(),
        DataType::Timestamp(TimeUnit::Microsecond, None) => "timestamp".to_owned(),
        DataType::Date32 => "date32".to_owned(),
        DataType::Decimal128(precision, scale) => format!("decimal128({precision},{scale})"),
        DataType::List(item) if item.data_type() == &DataType::Float64 => "list<float64>".to_owned(),
        other => format!("{other:?}"),
    }
}

/// One cell as the fixture writes it.
fn cell_value(array: &ArrayRef, row: usize) -> Value {
    if array.is_null(row) {
        return Value::Null;
    }
    match array.data_type() {
        DataType::Float64 => Value::from(array.as_primitive::<Float64Type>().value(row)),
        DataType::Int64 => Value::from(array.as_primitive::<Int64Type>().value(row)),
        DataType::Utf8 => Value::from(array.as_string::<i32>().value(row)),
        DataType::Timestamp(TimeUnit::Microsecond, None) => {
            let micros = array
                .as_primitive::<arrow::datatypes::TimestampMicrosecondType>()
                .value(row);
            let moment = chrono::DateTime::from_timestamp_micros(micros)
                .unwrap()
                .naive_utc();
            Value::from(moment.format("%Y-%m-%dT%H:%M:%S").to_string())
        }
        DataType::Date32 => {
            let days = array.as_primitive::<Date32Type>().value(row);
            let date = NaiveDate::from_ymd_opt(1970, 1, 1).unwrap() + chrono::Days::new(days as u64);
            Value::from(date.format("%Y-%m-%d").to_string())
        }
        DataType::Decimal128(_, _) => {
            let decimals = array.as_primitive::<arrow::datatypes::Decimal128Type>();
            Value::from(decimals.value_as_string(row))
        }
        DataType::List(_) => {
            let items = array.as_list::<i32>().value(row);
            Value::from(
                (0..items.len())
                    .map(|item| cell_value(&items, item))
                    .collect::<Vec<_>>(),
            )
        }
        other => Value::from(format!("<{other:?}>")),
    }
}

/// A batch as the fixture writes a table (for failure messages).
pub fn batch_to_table(batch: &RecordBatch) -> Value {
    let columns: Vec<Value> = batch
        .schema()
        .fields()
        .iter()
        .zip(batch.columns())
        .map(|(field, array)| {
            let values: Vec<Value> = (0..array.len()).map(|row| cell_value(array, row)).collect();
            serde_json::json!({"name": field.name(), "type": type_name(field.data_type()), "values": values})
        })
        .collect();
    Value::from(columns)
}

fn values_match(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Array(actual), Value::Array(expected)) => {
            actual.len() == expected.len()
                && actual
                    .iter()
                    .zip(expected)
                    .all(|(actual, expected)| values_match(actual, expected))
        }
        _ => match (actual.as_f64(), expected.as_f64()) {
            (Some(actual), Some(expected)) => (actual - expected).abs() <= 1e-9 * expected.abs().max(1.0),
            _ => actual == expected,
        },
    }
}

/// Checks an outcome against its case; the error shows the case and both sides.
pub fn check_postprocess_outcome(
    fixture: &PostprocessFixture,
    case: &PostprocessCase,
    outcome: PostprocessOutcome,
) -> Result<(), String> {
    let failure = |actual: String| {
        Err(format!(
            "{} ({}):\n  actual:   {actual}\n  expected: {}",
            fixture.name,
            case.description,
            match (&case.expected, &case.expected_error) {
                (Some(_), _) =>
                    serde_json::to_string(&serde_json::from_str::<Value>(fixture.json).unwrap()["expected"])
                        .unwrap(),
                (None, Some(error)) => format!("{error:?}"),
                (None, None) => "nothing (the fixture needs expected or expected_error)".to_owned(),
            }
        ))
    };
    let batch = match (outcome, &case.expected_error) {
        (Err((name, message)), Some(expected)) if name == expected.name && message == expected.message => {
            return Ok(())
        }
        (Err(error), _) => return failure(format!("{error:?}")),
        (Ok(batch), Some(_)) => return failure(batch_to_table(&batch).to_string()),
        (Ok(batch), None) => batch,
    };
    let Some(expected) = &case.expected else {
        return failure("a batch, but the fixture expects nothing".to_owned());
    };
    let schema = batch.schema();
    let matches = schema.fields().len() == expected.len()
        && schema
            .fields()
            .iter()
            .zip(batch.columns())
            .zip(expected)
            .all(|((field, array), column)| {
                let levels_match = column.levels.as_ref().is_none_or(|levels| {
                    field.metadata().get(LEVELS_KEY) == Some(&serde_json::to_string(levels).unwrap())
                });
                field.name() == &column.name
                    && type_name(field.data_type()) == column.data_type
                    && array.len() == column.values.len()
                    && levels_match
                    && (0..array.len()).all(|row| values_match(&cell_value(array, row), &column.values[row]))
            });
    if matches {
        Ok(())
    } else {
        failure(batch_to_table(&batch).to_string())
    }
}
