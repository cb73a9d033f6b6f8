//! Arrow results as the spec's JSON: records keyed by column name, timestamps and dates as epoch
//! milliseconds, decimals as numbers, nulls as null.

use arrow::array::{
    Array, ArrayRef, AsArray, BooleanArray, Date32Array, Date64Array, Decimal128Array, Float32Array,
    Float64Array, Int16Array, Int32Array, Int64Array, Int8Array, LargeStringArray, StringArray,
    StringViewArray, UInt16Array, UInt32Array, UInt64Array, UInt8Array,
};
use arrow::datatypes::{DataType, TimeUnit};
use arrow::record_batch::RecordBatch;
use arrow::util::display::{ArrayFormatter, FormatOptions};
use quiver_types::GenericDataType;
use serde_json::{Map, Number, Value};

/// Superset's generic type of an Arrow type.
pub fn generic_type(data_type: &DataType) -> GenericDataType {
    match data_type {
        DataType::Boolean => GenericDataType::Boolean,
        DataType::Date32
        | DataType::Date64
        | DataType::Timestamp(_, _)
        | DataType::Time32(_)
        | DataType::Time64(_) => GenericDataType::Temporal,
        data_type if data_type.is_numeric() => GenericDataType::Numeric,
        _ => GenericDataType::String,
    }
}

fn float_value(value: f64) -> Value {
    Number::from_f64(value).map_or(Value::Null, Value::Number)
}

fn epoch_ms(value: i64, unit: &TimeUnit) -> Value {
    let ms = match unit {
        TimeUnit::Second => value.saturating_mul(1000),
        TimeUnit::Millisecond => value,
        TimeUnit::Microsecond => value.div_euclid(1000),
        TimeUnit::Nanosecond => value.div_euclid(1_000_000),
    };
    Value::Number(ms.into())
}

macro_rules! values_of {
    ($array:expr, $type:ty, $convert:expr) => {{
        let typed = $array.as_any().downcast_ref::<$type>();
        match typed {
            Some(typed) => (0..typed.len())
                .map(|index| {
                    if typed.is_null(index) {
                        Value::Null
                    } else {
                        $convert(typed.value(index))
                    }
                })
                .collect(),
            None => vec![Value::Null; $array.len()],
        }
    }};
}

/// One column's values as JSON.
pub fn column_values(array: &ArrayRef) -> Vec<Value> {
    let integer = |value: i64| Value::Number(value.into());
    match array.data_type() {
        DataType::Null => vec![Value::Null; array.len()],
        DataType::Boolean => values_of!(array, BooleanArray, Value::Bool),
        DataType::Int8 => values_of!(array, Int8Array, |v: i8| integer(i64::from(v))),
        DataType::Int16 => values_of!(array, Int16Array, |v: i16| integer(i64::from(v))),
        DataType::Int32 => values_of!(array, Int32Array, |v: i32| integer(i64::from(v))),
        DataType::Int64 => values_of!(array, Int64Array, integer),
        DataType::UInt8 => values_of!(array, UInt8Array, |v: u8| integer(i64::from(v))),
        DataType::UInt16 => values_of!(array, UInt16Array, |v: u16| integer(i64::from(v))),
        DataType::UInt32 => values_of!(array, UInt32Array, |v: u32| integer(i64::from(v))),
        DataType::UInt64 => values_of!(array, UInt64Array, |v: u64| Value::Number(v.into())),
        DataType::Float32 => values_of!(array, Float32Array, |v: f32| float_value(f64::from(v))),
        DataType::Float64 => values_of!(array, Float64Array, float_value),
        DataType::Decimal128(_, scale) => {
            let divisor = 10f64.powi(i32::from(*scale));
            values_of!(array, Decimal128Array, |v: i128| {
                if *scale == 0 && i64::try_from(v).is_ok() {
                    Value::Number(i64::try_from(v).unwrap_or_default().into())
                } else {
                    float_value(v as f64 / divisor)
                }
            })
        }
        DataType::Utf8 => values_of!(array, StringArray, |v: &str| Value::String(v.to_owned())),
        DataType::LargeUtf8 => values_of!(array, LargeStringArray, |v: &str| Value::String(v.to_owned())),
        DataType::Utf8View => values_of!(array, StringViewArray, |v: &str| Value::String(v.to_owned())),
        DataType::Date32 => values_of!(array, Date32Array, |v: i32| integer(i64::from(v) * 86_400_000)),
        DataType::Date64 => values_of!(array, Date64Array, integer),
        DataType::Timestamp(unit, _) => {
            let unit = *unit;
            let timestamps = array.as_primitive_opt::<arrow::datatypes::TimestampMicrosecondType>();
            match (unit, timestamps) {
                (TimeUnit::Microsecond, Some(typed)) => (0..typed.len())
                    .map(|index| {
                        if typed.is_null(index) {
                            Value::Null
                        } else {
                            epoch_ms(typed.value(index), &TimeUnit::Microsecond)
                        }
                    })
                    .collect(),
                (unit, _) => timestamp_values_by_cast(array, &unit),
            }
        }
        _ => display_values(array),
    }
}

fn timestamp_values_by_cast(array: &ArrayRef, unit: &TimeUnit) -> Vec<Value> {
    match arrow::compute::cast(array, &DataType::Int64) {
        Ok(cast) => match cast.as_any().downcast_ref::<Int64Array>() {
            Some(typed) => (0..typed.len())
                .map(|index| {
                    if typed.is_null(index) {
                        Value::Null
                    } else {
                        epoch_ms(typed.value(index), unit)
                    }
                })
                .collect(),
            None => display_values(array),
        },
        Err(_) => display_values(array),
    }
}

/// Types without a JSON mapping of their own are shown as text.
fn display_values(array: &ArrayRef) -> Vec<Value> {
    let options = FormatOptions::default();
    match ArrayFormatter::try_new(array.as_ref(), &options) {
        Ok(formatter) => (0..array.len())
            .map(|index| {
                if array.is_null(index) {
                    Value::Null
                } else {
                    Value::String(formatter.value(index).to_string())
                }
            })
            .collect(),
        Err(_) => vec![Value::Null; array.len()],
    }
}

/// All batches as records.
pub fn records(batches: &[RecordBatch], colnames: &[String]) -> Vec<Map<String, Value>> {
    let mut rows = Vec::with_capacity(batches.iter().map(RecordBatch::num_rows).sum());
    for batch in batches {
        let columns: Vec<Vec<Value>> = batch.columns().iter().map(column_values).collect();
        for row_index in 0..batch.num_rows() {
            let mut row = Map::with_capacity(colnames.len());
            for (name, values) in colnames.iter().zip(&columns) {
                row.insert(
                    name.clone(),
                    values.get(row_index).cloned().unwrap_or(Value::Null),
                );
            }
            rows.push(row);
        }
    }
    rows
}

/// A column ready to be written cell by cell: the common types straight from their Arrow
/// buffers, the others through [`column_values`].
enum CellWriter<'a> {
    Int64(&'a Int64Array),
    Int32(&'a Int32Array),
    Float64(&'a Float64Array),
    Utf8(&'a StringArray),
    Utf8View(&'a StringViewArray),
    Boolean(&'a BooleanArray),
    TimestampMicros(&'a arrow::array::TimestampMicrosecondArray),
    Values(Vec<Value>),
}

impl<'a> CellWriter<'a> {
    fn new(array: &'a ArrayRef) -> CellWriter<'a> {
        let any = array.as_any();
        let typed = match array.data_type() {
            DataType::Int64 => any.downcast_ref().map(CellWriter::Int64),
            DataType::Int32 => any.downcast_ref().map(CellWriter::Int32),
            DataType::Float64 => any.downcast_ref().map(CellWriter::Float64),
            DataType::Utf8 => any.downcast_ref().map(CellWriter::Utf8),
            DataType::Utf8View => any.downcast_ref().map(CellWriter::Utf8View),
            DataType::Boolean => any.downcast_ref().map(CellWriter::Boolean),
            DataType::Timestamp(TimeUnit::Microsecond, _) => {
                any.downcast_ref().map(CellWriter::TimestampMicros)
            }
            _ => None,
        };
        typed.unwrap_or_else(|| CellWriter::Values(column_values(array)))
    }

    fn write(&self, row: usize, out: &mut Vec<u8>) -> Result<(), serde_json::Error> {
        fn null_or<A: Array>(array: &A, row: usize, out: &mut Vec<u8>) -> bool {
            if array.is_null(row) {
                out.extend_from_slice(b"null");
                true
            } else {
                false
            }
        }
        match self {
            CellWriter::Int64(array) => {
                if !null_or(*array, row, out) {
                    out.extend_from_slice(itoa::Buffer::new().format(array.value(row)).as_bytes());
                }
            }
            CellWriter::Int32(array) => {
                if !null_or(*array, row, out) {
                    out.extend_from_slice(itoa::Buffer::new().format(array.value(row)).as_bytes());
                }
            }
            CellWriter::Float64(array) => {
                if !null_or(*array, row, out) {
                    let value = array.value(row);
                    if value.is_finite() {
                        serde_json::to_writer(&mut *out, &value)?;
                    } else {
                        out.extend_from_slice(b"null");
                    }
                }
            }
            CellWriter::Utf8(array) => {
                if !null_or(*array, row, out) {
                    serde_json::to_writer(&mut *out, array.value(row))?;
                }
            }
            CellWriter::Utf8View(array) => {
                if !null_or(*array, row, out) {
                    serde_json::to_writer(&mut *out, array.value(row))?;
                }
            }
            CellWriter::Boolean(array) => {
                if !null_or(*array, row, out) {
                    out.extend_from_slice(if array.value(row) { b"true" } else { b"false" });
                }
            }
            CellWriter::TimestampMicros(array) => {
                if !null_or(*array, row, out) {
                    let millis = array.value(row).div_euclid(1000);
                    out.extend_from_slice(itoa::Buffer::new().format(millis).as_bytes());
                }
            }
            CellWriter::Values(values) => {
                serde_json::to_writer(&mut *out, values.get(row).unwrap_or(&Value::Null))?;
            }
        }
        Ok(())
    }
}

/// Writes all batches as a JSON array of records straight from the Arrow buffers (the same
/// JSON as [`records`], without building a map per row).
pub fn write_records(
    batches: &[RecordBatch],
    colnames: &[String],
    out: &mut Vec<u8>,
) -> Result<(), serde_json::Error> {
    // Each key once, escaped, with its colon.
    let keys: Vec<Vec<u8>> = colnames
        .iter()
        .map(|name| {
            let mut key = serde_json::to_vec(name)?;
            key.push(b':');
            Ok(key)
        })
        .collect::<Result<_, serde_json::Error>>()?;
    out.push(b'[');
    let mut first_row = true;
    for batch in batches {
        let writers: Vec<CellWriter<'_>> = batch.columns().iter().map(CellWriter::new).collect();
        for row in 0..batch.num_rows() {
            if !first_row {
                out.push(b',');
            }
            first_row = false;
            out.push(b'{');
            for (index, (key, writer)) in keys.iter().zip(&writers).enumerate() {
                if index > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(key);
                writer.write(row, out)?;
            }
            out.push(b'}');
        }
    }
    out.push(b']');
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::TimestampMicrosecondArray;
    use arrow::datatypes::{Field, Schema};
    use serde_json::json;

    use super::*;

    #[test]
    fn converts_each_type_as_superset_does() {
        let schema = Arc::new(Schema::new(vec![
            Field::new("ds", DataType::Timestamp(TimeUnit::Microsecond, None), true),
            Field::new("name", DataType::Utf8, true),
            Field::new("sum", DataType::Decimal128(38, 0), true),
            Field::new("avg", DataType::Float64, true),
            Field::new("day", DataType::Date32, true),
            Field::new("flag", DataType::Boolean, true),
        ]));
        let batch = RecordBatch::try_new(
            schema,
            vec![
                Arc::new(TimestampMicrosecondArray::from(vec![Some(86_400_000_000), None])),
                Arc::new(StringArray::from(vec![Some("a"), None])),
                Arc::new(
                    Decimal128Array::from(vec![Some(12345), None])
                        .with_precision_and_scale(38, 0)
                        .unwrap(),
                ),
                Arc::new(Float64Array::from(vec![Some(1.5), Some(f64::NAN)])),
                Arc::new(Date32Array::from(vec![Some(1), None])),
                Arc::new(BooleanArray::from(vec![Some(true), None])),
            ],
        )
        .unwrap();
        let names: Vec<String> = ["ds", "name", "sum", "avg", "day", "flag"]
            .map(String::from)
            .to_vec();
        let rows = records(&[batch], &names);
        assert_eq!(
            Value::Object(rows[0].clone()),
            json!({"ds": 86_400_000, "name": "a", "sum": 12345, "avg": 1.5, "day": 86_400_000, "flag": true})
        );
        assert_eq!(
            Value::Object(rows[1].clone()),
            json!({"ds": null, "name": null, "sum": null, "avg": null, "day": null, "flag": null})
        );
        assert_eq!(
            generic_type(&DataType::Decimal128(38, 0)),
            GenericDataType::Numeric
        );
        assert_eq!(generic_type(&DataType::Date32), GenericDataType::Temporal);
    }

    #[test]
    fn written_records_equal_the_built_ones() {
        use arrow::array::{Int32Array, StringViewArray, TimestampMicrosecondArray};
        let schema = Arc::new(Schema::new(vec![
            Field::new("ds", DataType::Timestamp(TimeUnit::Microsecond, None), true),
            Field::new("name \"quoted\"", DataType::Utf8, true),
            Field::new("view", DataType::Utf8View, true),
            Field::new("n", DataType::Int64, true),
            Field::new("m", DataType::Int32, true),
            Field::new("avg", DataType::Float64, true),
            Field::new("dec", DataType::Decimal128(10, 2), true),
            Field::new("flag", DataType::Boolean, true),
        ]));
        let batch = RecordBatch::try_new(
            Arc::clone(&schema),
            vec![
                Arc::new(TimestampMicrosecondArray::from(vec![
                    Some(-1_500),
                    None,
                    Some(86_400_000_000),
                ])),
                Arc::new(StringArray::from(vec![Some("a\nb"), None, Some("é")])),
                Arc::new(StringViewArray::from(vec![Some("v"), Some("w"), None])),
                Arc::new(Int64Array::from(vec![Some(i64::MIN), None, Some(7)])),
                Arc::new(Int32Array::from(vec![Some(-3), None, Some(0)])),
                Arc::new(Float64Array::from(vec![
                    Some(1e21),
                    Some(f64::INFINITY),
                    Some(0.1),
                ])),
                Arc::new(
                    Decimal128Array::from(vec![Some(12345), None, Some(-1)])
                        .with_precision_and_scale(10, 2)
                        .unwrap(),
                ),
                Arc::new(BooleanArray::from(vec![Some(false), None, Some(true)])),
            ],
        )
        .unwrap();
        let names: Vec<String> = schema.fields().iter().map(|field| field.name().clone()).collect();
        let batches = [batch.clone(), batch.slice(1, 2)];
        let mut written = Vec::new();
        write_records(&batches, &names, &mut written).unwrap();
        let parsed: Value = serde_json::from_slice(&written).unwrap();
        let built: Vec<Value> = records(&batches, &names).into_iter().map(Value::Object).collect();
        assert_eq!(parsed, Value::Array(built));
        assert_eq!(parsed[0]["ds"], json!(-2));
        let mut empty = Vec::new();
        write_records(&[], &names, &mut empty).unwrap();
        assert_eq!(empty, b"[]");
    }
}
