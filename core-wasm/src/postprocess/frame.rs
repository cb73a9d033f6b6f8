//! The record batch seen as a pandas DataFrame: columns looked up by name, numbers read as
//! `f64` with NaN as null, results appended the way Superset's `_append_columns` does, rows
//! keyed for sorting and grouping.

use std::collections::BTreeMap;
use std::sync::Arc;

use std::cmp::Ordering;

use arrow::array::{Array, ArrayRef, ArrowPrimitiveType, AsArray, Float64Array, UInt32Array};
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

/// A present cell as a comparable value: integers (also times, dates, and decimals at their
/// scale), floats, texts, booleans. One column's cells all have the same variant.
#[derive(Debug, Clone, PartialEq)]
enum KeyValue {
    Integer(i128),
    Float(f64),
    Text(String),
    Boolean(bool),
}

impl KeyValue {
    fn compare(&self, other: &KeyValue) -> Ordering {
        match (self, other) {
            (KeyValue::Integer(left), KeyValue::Integer(right)) => left.cmp(right),
            (KeyValue::Float(left), KeyValue::Float(right)) => left.total_cmp(right),
            (KeyValue::Text(left), KeyValue::Text(right)) => left.cmp(right),
            (KeyValue::Boolean(left), KeyValue::Boolean(right)) => left.cmp(right),
            _ => Ordering::Equal,
        }
    }
}

/// The cells of a column as key values, `None` for null and NaN.
fn key_values(batch: &RecordBatch, position: usize) -> CoreResult<Vec<Option<KeyValue>>> {
    let array = batch.column(position);
    let values = match array.data_type() {
        DataType::Int8 => integer_keys::<Int8Type>(array),
        DataType::Int16 => integer_keys::<Int16Type>(array),
        DataType::Int32 => integer_keys::<Int32Type>(array),
        DataType::Int64 => integer_keys::<Int64Type>(array),
        DataType::UInt8 => integer_keys::<UInt8Type>(array),
        DataType::UInt16 => integer_keys::<UInt16Type>(array),
        DataType::UInt32 => integer_keys::<UInt32Type>(array),
        DataType::UInt64 => integer_keys::<UInt64Type>(array),
        DataType::Decimal128(_, _) => integer_keys::<Decimal128Type>(array),
        DataType::Date32 => integer_keys::<Date32Type>(array),
        DataType::Date64 => integer_keys::<Date64Type>(array),
        DataType::Timestamp(TimeUnit::Second, _) => integer_keys::<TimestampSecondType>(array),
        DataType::Timestamp(TimeUnit::Millisecond, _) => integer_keys::<TimestampMillisecondType>(array),
        DataType::Timestamp(TimeUnit::Microsecond, _) => integer_keys::<TimestampMicrosecondType>(array),
        DataType::Timestamp(TimeUnit::Nanosecond, _) => integer_keys::<TimestampNanosecondType>(array),
        DataType::Float32 | DataType::Float64 => numbers(batch, position)?
            .into_iter()
            .map(|value| value.map(KeyValue::Float))
            .collect(),
        DataType::Utf8 => array
            .as_string::<i32>()
            .iter()
            .map(|text| text.map(|text| KeyValue::Text(text.to_owned())))
            .collect(),
        DataType::LargeUtf8 => array
            .as_string::<i64>()
            .iter()
            .map(|text| text.map(|text| KeyValue::Text(text.to_owned())))
            .collect(),
        DataType::Boolean => array
            .as_boolean()
            .iter()
            .map(|flag| flag.map(KeyValue::Boolean))
            .collect(),
        other => {
            return Err(invalid(format!(
                "Cannot sort or group by a column of type {other}"
            )))
        }
    };
    Ok(values)
}

fn integer_keys<T: ArrowPrimitiveType>(array: &ArrayRef) -> Vec<Option<KeyValue>>
where
    T::Native: Into<i128>,
{
    array
        .as_primitive::<T>()
        .iter()
        .map(|value| value.map(|value| KeyValue::Integer(value.into())))
        .collect()
}

/// The rows of a batch compared over some columns, each ascending or not, nulls (and NaN) last
/// in both directions, as pandas sorts.
pub(crate) struct RowKeys {
    columns: Vec<(Vec<Option<KeyValue>>, bool)>,
}

impl RowKeys {
    pub(crate) fn compare(&self, left: usize, right: usize) -> Ordering {
        for (values, ascending) in &self.columns {
            let ordering = match (&values[left], &values[right]) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(left), Some(right)) if *ascending => left.compare(right),
                (Some(left), Some(right)) => right.compare(left),
            };
            if ordering != Ordering::Equal {
                return ordering;
            }
        }
        Ordering::Equal
    }

    /// Whether the row has a null (or NaN) in one of the columns.
    pub(crate) fn has_null(&self, row: usize) -> bool {
        self.columns.iter().any(|(values, _)| values[row].is_none())
    }
}

/// The keys of the rows over `positions` (`(column, ascending)`).
pub(crate) fn row_keys(batch: &RecordBatch, positions: &[(usize, bool)]) -> CoreResult<RowKeys> {
    let columns = positions
        .iter()
        .map(|&(position, ascending)| Ok((key_values(batch, position)?, ascending)))
        .collect::<CoreResult<_>>()?;
    Ok(RowKeys { columns })
}

/// The distinct present values of one column, ranked in pandas' ascending order.
pub(crate) struct ColumnLevels {
    /// Each row's rank, `None` for a null (or NaN) cell.
    pub rank_of_row: Vec<Option<usize>>,
    /// One row holding each rank's value.
    pub row_of_rank: Vec<usize>,
}

/// The levels of the column at `position` (what pandas calls the levels of a grouping).
pub(crate) fn column_levels(batch: &RecordBatch, position: usize) -> CoreResult<ColumnLevels> {
    let keys = row_keys(batch, &[(position, true)])?;
    let mut present: Vec<usize> = (0..batch.num_rows()).filter(|&row| !keys.has_null(row)).collect();
    present.sort_by(|&left, &right| keys.compare(left, right));
    let mut rank_of_row = vec![None; batch.num_rows()];
    let mut row_of_rank: Vec<usize> = Vec::new();
    for row in present {
        let is_new_value = row_of_rank
            .last()
            .is_none_or(|&previous| keys.compare(previous, row) != Ordering::Equal);
        if is_new_value {
            row_of_rank.push(row);
        }
        rank_of_row[row] = Some(row_of_rank.len() - 1);
    }
    Ok(ColumnLevels {
        rank_of_row,
        row_of_rank,
    })
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
