//! The record batch seen as a pandas DataFrame: columns looked up by name, numbers read as
//! `f64` with NaN as null, results appended the way Superset's `_append_columns` does, rows
//! keyed for sorting and grouping.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use arrow::array::{Array, ArrayRef, ArrowPrimitiveType, AsArray, Float64Array, UInt32Array};
use arrow::buffer::{BooleanBuffer, NullBuffer};
use arrow::compute::take_record_batch;
use arrow::datatypes::{
    DataType, Date32Type, Date64Type, Decimal128Type, Field, Float32Type, Float64Type, Int16Type, Int32Type,
    Int64Type, Int8Type, Schema, TimeUnit, TimestampMicrosecondType, TimestampMillisecondType,
    TimestampNanosecondType, TimestampSecondType, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow::error::ArrowError;
use arrow::record_batch::{RecordBatch, RecordBatchOptions};

use crate::error::{CoreError, CoreResult};
use crate::postprocess::levels::{field_levels, flat_name, with_levels};

/// `InvalidPostProcessing` with Superset's message.
pub(crate) fn invalid(message: impl Into<String>) -> CoreError {
    CoreError::InvalidPostProcessing {
        message: message.into(),
    }
}

/// Superset's `validate_column_args` message.
pub(crate) fn referenced_columns_missing() -> CoreError {
    invalid("Referenced columns not available in DataFrame.")
}

/// An Arrow kernel failure: a bug or an unsupported type, not a user error.
pub(crate) fn arrow_failure(error: ArrowError) -> CoreError {
    CoreError::Internal {
        message: format!("arrow: {error}"),
    }
}

/// The position of the column `name`, or Superset's "Referenced columns" error.
pub(crate) fn column_position(batch: &RecordBatch, name: &str) -> CoreResult<usize> {
    batch
        .schema()
        .index_of(name)
        .map_err(|_| referenced_columns_missing())
}

/// Whether pandas would hold the column as numbers (decimals included, booleans not).
pub(crate) fn is_numeric(data_type: &DataType) -> bool {
    matches!(
        data_type,
        DataType::Int8
            | DataType::Int16
            | DataType::Int32
            | DataType::Int64
            | DataType::UInt8
            | DataType::UInt16
            | DataType::UInt32
            | DataType::UInt64
            | DataType::Float32
            | DataType::Float64
            | DataType::Decimal128(_, _)
    )
}

/// The numbers of a numeric column as `f64`, null for null and NaN (pandas' missing value).
/// (Hand-written rather than arrow's `cast`, whose code for every type pair would weigh
/// megabytes in the Wasm module.)
pub(crate) fn numbers(batch: &RecordBatch, position: usize) -> CoreResult<Vec<Option<f64>>> {
    let array = batch.column(position);
    let values = match array.data_type() {
        DataType::Int8 => scaled_integers::<Int8Type>(array, 0),
        DataType::Int16 => scaled_integers::<Int16Type>(array, 0),
        DataType::Int32 => scaled_integers::<Int32Type>(array, 0),
        DataType::Int64 => scaled_integers::<Int64Type>(array, 0),
        DataType::UInt8 => scaled_integers::<UInt8Type>(array, 0),
        DataType::UInt16 => scaled_integers::<UInt16Type>(array, 0),
        DataType::UInt32 => scaled_integers::<UInt32Type>(array, 0),
        DataType::UInt64 => scaled_integers::<UInt64Type>(array, 0),
        DataType::Decimal128(_, scale) => scaled_integers::<Decimal128Type>(array, i32::from(*scale)),
        DataType::Float32 => array
            .as_primitive::<Float32Type>()
            .iter()
            .map(|value| value.map(f64::from))
            .collect(),
        DataType::Float64 => array.as_primitive::<Float64Type>().iter().collect(),
        _ => {
            let name = batch.schema().field(position).name().clone();
            return Err(invalid(format!("Column \"{name}\" is not numeric")));
        }
    };
    Ok(values
        .into_iter()
        .map(|value| value.filter(|number| !number.is_nan()))
        .collect())
}

/// The numbers of a numeric column as `f64` in one slice, NaN for null and NaN (pandas' missing
/// value). A Float64 column without nulls is borrowed from the Arrow buffer, not copied; other
/// types are converted in one vectorizable pass. Every operation that only needs values and
/// "missing" reads this rather than [`numbers`].
pub(crate) fn number_values(batch: &RecordBatch, position: usize) -> CoreResult<Cow<'_, [f64]>> {
    let array = batch.column(position);
    let mut values: Cow<'_, [f64]> = match array.data_type() {
        DataType::Float64 => Cow::Borrowed(array.as_primitive::<Float64Type>().values().as_ref()),
        DataType::Float32 => Cow::Owned(
            array
                .as_primitive::<Float32Type>()
                .values()
                .iter()
                .map(|&value| f64::from(value))
                .collect(),
        ),
        DataType::Int8 => Cow::Owned(integer_values::<Int8Type>(array, f64::from)),
        DataType::Int16 => Cow::Owned(integer_values::<Int16Type>(array, f64::from)),
        DataType::Int32 => Cow::Owned(integer_values::<Int32Type>(array, f64::from)),
        DataType::Int64 => Cow::Owned(integer_values::<Int64Type>(array, |v| v as f64)),
        DataType::UInt8 => Cow::Owned(integer_values::<UInt8Type>(array, f64::from)),
        DataType::UInt16 => Cow::Owned(integer_values::<UInt16Type>(array, f64::from)),
        DataType::UInt32 => Cow::Owned(integer_values::<UInt32Type>(array, f64::from)),
        DataType::UInt64 => Cow::Owned(integer_values::<UInt64Type>(array, |v| v as f64)),
        DataType::Decimal128(_, scale) => {
            let divisor = 10f64.powi(i32::from(*scale));
            Cow::Owned(integer_values::<Decimal128Type>(array, |v| v as f64 / divisor))
        }
        _ => {
            let name = batch.schema().field(position).name().clone();
            return Err(invalid(format!("Column \"{name}\" is not numeric")));
        }
    };
    if let Some(nulls) = array.nulls().filter(|nulls| nulls.null_count() > 0) {
        let owned = values.to_mut();
        for row in nulls
            .iter()
            .enumerate()
            .filter_map(|(row, valid)| (!valid).then_some(row))
        {
            owned[row] = f64::NAN;
        }
    }
    Ok(values)
}

/// A primitive column's values (nulls included, as whatever the buffer holds) as `f64`.
fn integer_values<T: ArrowPrimitiveType>(array: &ArrayRef, convert: impl Fn(T::Native) -> f64) -> Vec<f64> {
    array
        .as_primitive::<T>()
        .values()
        .iter()
        .map(|&value| convert(value))
        .collect()
}

/// A Float64 column from values with NaN for missing: the values buffer is taken as is and NaN
/// cells are null (pandas' NaN on the wire), with no null buffer when there is none.
pub(crate) fn float_array(values: Vec<f64>) -> ArrayRef {
    let nulls = nan_nulls(&values);
    Arc::new(Float64Array::new(values.into(), nulls))
}

/// Whether some value is missing (NaN). Chunks folded without an early exit vectorize; most
/// columns have no NaN at all.
pub(crate) fn has_missing(values: &[f64]) -> bool {
    values
        .chunks(4096)
        .any(|chunk| chunk.iter().fold(false, |found, value| found | value.is_nan()))
}

/// The null buffer marking the NaN cells of `values`, `None` when there are none.
pub(crate) fn nan_nulls(values: &[f64]) -> Option<NullBuffer> {
    if !has_missing(values) {
        return None;
    }
    Some(NullBuffer::new(BooleanBuffer::collect_bool(
        values.len(),
        |row| !values[row].is_nan(),
    )))
}

/// Integers (or decimals at `scale`) as `f64`.
fn scaled_integers<T: ArrowPrimitiveType>(array: &ArrayRef, scale: i32) -> Vec<Option<f64>>
where
    T::Native: Into<i128>,
{
    let divisor = 10f64.powi(scale);
    array
        .as_primitive::<T>()
        .iter()
        .map(|value| value.map(|value| Into::<i128>::into(value) as f64 / divisor))
        .collect()
}

/// A Float64 column from numbers; NaN becomes null as pandas' NaN does on the wire.
pub(crate) fn number_array(values: impl IntoIterator<Item = Option<f64>>) -> ArrayRef {
    Arc::new(
        values
            .into_iter()
            .map(|value| value.filter(|number| !number.is_nan()))
            .collect::<Float64Array>(),
    )
}

/// A batch from fields and columns, valid for zero columns too (the row count is explicit).
pub(crate) fn batch_from(
    fields: Vec<Field>,
    columns: Vec<ArrayRef>,
    row_count: usize,
) -> CoreResult<RecordBatch> {
    let options = RecordBatchOptions::new().with_row_count(Some(row_count));
    RecordBatch::try_new_with_options(Arc::new(Schema::new(fields)), columns, &options).map_err(arrow_failure)
}

/// A column an operation reads, and the field its result gets.
pub(crate) struct MappedColumn {
    pub position: usize,
    pub target: Field,
}

/// The columns a `{source: target}` mapping (`cum`, `rolling`, `diff`) selects, in mapping
/// order: the column named `source`, or every multi-level column whose first label is `source`
/// (as `df.loc[:, [source]]` selects them). The results are Float64 columns named `target`
/// (for multi-level columns: with `target` as first label).
pub(crate) fn mapped_columns(
    batch: &RecordBatch,
    mapping: &BTreeMap<String, String>,
) -> CoreResult<Vec<MappedColumn>> {
    let schema = batch.schema();
    let mut mapped = Vec::new();
    for (source, target) in mapping {
        let before = mapped.len();
        for (position, field) in schema.fields().iter().enumerate() {
            match field_levels(field) {
                Some(mut levels) if levels.first().and_then(Option::as_deref) == Some(source.as_str()) => {
                    levels[0] = Some(target.clone());
                    let target =
                        with_levels(Field::new(flat_name(&levels), DataType::Float64, true), &levels);
                    mapped.push(MappedColumn { position, target });
                }
                None if field.name() == source => {
                    let target = Field::new(target.as_str(), DataType::Float64, true);
                    mapped.push(MappedColumn { position, target });
                }
                _ => {}
            }
        }
        if mapped.len() == before {
            return Err(referenced_columns_missing());
        }
    }
    Ok(mapped)
}

/// Superset's `_append_columns`: when every target of the mapping equals its source the results
/// replace the source columns in place; otherwise every result is appended as a new column (the
/// sources stay).
pub(crate) fn append_columns(
    batch: RecordBatch,
    mapping: &BTreeMap<String, String>,
    results: Vec<(MappedColumn, ArrayRef)>,
) -> CoreResult<RecordBatch> {
    let row_count = batch.num_rows();
    let mut fields: Vec<Field> = batch
        .schema()
        .fields()
        .iter()
        .map(|field| field.as_ref().clone())
        .collect();
    let mut columns: Vec<ArrayRef> = batch.columns().to_vec();
    let replaces_in_place = mapping.iter().all(|(source, target)| source == target);
    for (column, values) in results {
        if replaces_in_place {
            fields[column.position] = column.target;
            columns[column.position] = values;
        } else {
            fields.push(column.target);
            columns.push(values);
        }
    }
    batch_from(fields, columns, row_count)
}

/// The rows of `batch` in the order of `indices`.
pub(crate) fn take_rows(batch: &RecordBatch, indices: &[usize]) -> CoreResult<RecordBatch> {
    let indices = indices
        .iter()
        .map(|&index| u32::try_from(index).map_err(|_| invalid("Too many rows")))
        .collect::<CoreResult<UInt32Array>>()?;
    take_record_batch(batch, &indices).map_err(arrow_failure)
}

/// The rows of `batch` in the order of `rows` (row numbers).
pub(crate) fn take_row_ids(batch: &RecordBatch, rows: Vec<u32>) -> CoreResult<RecordBatch> {
    take_record_batch(batch, &UInt32Array::from(rows)).map_err(arrow_failure)
}

/// A cell as Python's `str()` shows it in a column name built from values (`1`, `1.5`, `a`,
/// `True`, `2021-01-01 00:00:00`, `2021-01-01`, `12.50`); `None` for null.
pub(crate) fn cell_text(array: &ArrayRef, row: usize) -> CoreResult<Option<String>> {
    if array.is_null(row) {
        return Ok(None);
    }
    let text = match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().value(row).to_owned(),
        DataType::LargeUtf8 => array.as_string::<i64>().value(row).to_owned(),
        DataType::Float32 => python_float_text(f64::from(array.as_primitive::<Float32Type>().value(row))),
        DataType::Float64 => python_float_text(array.as_primitive::<Float64Type>().value(row)),
        DataType::Int8 => array.as_primitive::<Int8Type>().value(row).to_string(),
        DataType::Int16 => array.as_primitive::<Int16Type>().value(row).to_string(),
        DataType::Int32 => array.as_primitive::<Int32Type>().value(row).to_string(),
        DataType::Int64 => array.as_primitive::<Int64Type>().value(row).to_string(),
        DataType::UInt8 => array.as_primitive::<UInt8Type>().value(row).to_string(),
        DataType::UInt16 => array.as_primitive::<UInt16Type>().value(row).to_string(),
        DataType::UInt32 => array.as_primitive::<UInt32Type>().value(row).to_string(),
        DataType::UInt64 => array.as_primitive::<UInt64Type>().value(row).to_string(),
        DataType::Boolean => if array.as_boolean().value(row) {
            "True"
        } else {
            "False"
        }
        .to_owned(),
        DataType::Decimal128(_, scale) => {
            decimal_text(array.as_primitive::<Decimal128Type>().value(row), *scale)
        }
        DataType::Timestamp(unit, _) => {
            let micros = match unit {
                TimeUnit::Second => array
                    .as_primitive::<TimestampSecondType>()
                    .value(row)
                    .saturating_mul(1_000_000),
                TimeUnit::Millisecond => array
                    .as_primitive::<TimestampMillisecondType>()
                    .value(row)
                    .saturating_mul(1_000),
                TimeUnit::Microsecond => array.as_primitive::<TimestampMicrosecondType>().value(row),
                TimeUnit::Nanosecond => array.as_primitive::<TimestampNanosecondType>().value(row) / 1_000,
            };
            timestamp_text(micros)
        }
        DataType::Date32 => {
            let days = i64::from(array.as_primitive::<Date32Type>().value(row));
            date_text(days.saturating_mul(86_400_000_000))
        }
        DataType::Date64 => date_text(
            array
                .as_primitive::<Date64Type>()
                .value(row)
                .saturating_mul(1_000),
        ),
        other => {
            return Err(invalid(format!(
                "Cannot name a column by a value of type {other}"
            )))
        }
    };
    Ok(Some(text))
}

/// Python's `str(Decimal)` of a decimal at `scale`: `12.50`, `-0.05`, `7`.
fn decimal_text(value: i128, scale: i8) -> String {
    let Ok(scale) = usize::try_from(scale) else {
        return format!("{value}E+{}", -i32::from(scale));
    };
    if scale == 0 {
        return value.to_string();
    }
    let digits = format!("{:0width$}", value.unsigned_abs(), width = scale + 1);
    let (whole, fraction) = digits.split_at(digits.len() - scale);
    let sign = if value < 0 { "-" } else { "" };
    format!("{sign}{whole}.{fraction}")
}

/// `str(datetime.date)`: `2021-01-01`.
fn date_text(micros: i64) -> String {
    match chrono::DateTime::from_timestamp_micros(micros) {
        Some(moment) => moment.format("%Y-%m-%d").to_string(),
        None => micros.to_string(),
    }
}

/// Python's `str(float)`: `1.0`, `1.5`, `nan`, `inf`.
fn python_float_text(number: f64) -> String {
    if number.is_nan() {
        return "nan".to_owned();
    }
    if number.is_infinite() {
        return if number > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    if number.fract() == 0.0 && number.abs() < 1e16 {
        return format!("{number:.1}");
    }
    format!("{number}")
}

/// pandas' `str(Timestamp)`: `2021-01-01 00:00:00`, with microseconds when there are any.
fn timestamp_text(micros: i64) -> String {
    match chrono::DateTime::from_timestamp_micros(micros) {
        Some(moment) => {
            let moment = moment.naive_utc();
            if micros.rem_euclid(1_000_000) == 0 {
                moment.format("%Y-%m-%d %H:%M:%S").to_string()
            } else {
                moment.format("%Y-%m-%d %H:%M:%S%.6f").to_string()
            }
        }
        None => micros.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_read_like_python() {
        assert_eq!(python_float_text(1.0), "1.0");
        assert_eq!(python_float_text(1.5), "1.5");
        assert_eq!(python_float_text(-0.25), "-0.25");
    }

    #[test]
    fn decimals_read_like_python() {
        assert_eq!(decimal_text(1250, 2), "12.50");
        assert_eq!(decimal_text(-5, 2), "-0.05");
        assert_eq!(decimal_text(7, 0), "7");
    }

    #[test]
    fn timestamps_read_like_pandas() {
        assert_eq!(timestamp_text(1_609_459_200_000_000), "2021-01-01 00:00:00");
        assert_eq!(
            timestamp_text(1_609_459_200_500_000),
            "2021-01-01 00:00:00.500000"
        );
    }
}
