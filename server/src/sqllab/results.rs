//! A run's rows in SQL Lab's JSON: records keyed by column name, temporal values as ISO-8601
//! text (as Superset's SQL Lab answers), other values as chart data writes them. Also the cut of a
//! result at the run's limit, which both answers (JSON and Arrow) send.

use arrow::array::timezone::Tz;
use arrow::array::{Array, ArrayRef};
use arrow::datatypes::{DataType, Schema};
use arrow::record_batch::RecordBatch;
use arrow::util::display::{ArrayFormatter, FormatOptions};
use quiver_types::{GenericDataType, SqlLabColumn};
use serde_json::{Map, Value};

use crate::chart_data::json::{column_values, generic_type};

/// The SQL name of an Arrow type, as the results pane shows it.
pub fn sql_type_name(data_type: &DataType) -> String {
    match data_type {
        DataType::Null => "NULL".to_owned(),
        DataType::Boolean => "BOOLEAN".to_owned(),
        DataType::Int8 | DataType::UInt8 => "TINYINT".to_owned(),
        DataType::Int16 | DataType::UInt16 => "SMALLINT".to_owned(),
        DataType::Int32 | DataType::UInt32 => "INTEGER".to_owned(),
        DataType::Int64 | DataType::UInt64 => "BIGINT".to_owned(),
        DataType::Float16 | DataType::Float32 => "FLOAT".to_owned(),
        DataType::Float64 => "DOUBLE".to_owned(),
        DataType::Decimal128(precision, scale) | DataType::Decimal256(precision, scale) => {
            format!("DECIMAL({precision}, {scale})")
        }
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => "STRING".to_owned(),
        DataType::Date32 | DataType::Date64 => "DATE".to_owned(),
        DataType::Timestamp(_, Some(_)) => "TIMESTAMP WITH TIME ZONE".to_owned(),
        DataType::Timestamp(_, None) => "TIMESTAMP".to_owned(),
        DataType::Time32(_) | DataType::Time64(_) => "TIME".to_owned(),
        DataType::Binary | DataType::LargeBinary | DataType::BinaryView | DataType::FixedSizeBinary(_) => {
            "BINARY".to_owned()
        }
        other => other.to_string().to_uppercase(),
    }
}

/// The columns of a result.
pub fn result_columns(schema: &Schema) -> Vec<SqlLabColumn> {
    schema
        .fields()
        .iter()
        .map(|field| {
            let type_generic = generic_type(field.data_type());
            SqlLabColumn {
                column_name: field.name().clone(),
                name: field.name().clone(),
                column_type: sql_type_name(field.data_type()),
                type_generic,
                is_dttm: type_generic == GenericDataType::Temporal,
            }
        })
        .collect()
}

/// Names of UTC. DuckDB labels its TIMESTAMPTZ results `UTC`; arrow-rs (built without the IANA
/// database) formats offsets such as `+01:00` but no zone names.
const UTC_NAMES: [&str; 5] = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Z"];

/// A timestamp type whose zone is a name of UTC, relabelled `+00:00` (the same instants, shown
/// with `Z`); None for other types.
pub fn utc_as_offset(data_type: &DataType) -> Option<DataType> {
    match data_type {
        DataType::Timestamp(unit, Some(zone))
            if UTC_NAMES.iter().any(|name| name.eq_ignore_ascii_case(zone)) =>
        {
            Some(DataType::Timestamp(*unit, Some("+00:00".into())))
        }
        _ => None,
    }
}

/// Whether a timestamp's zone can be shown neither as an offset nor as UTC (`Europe/Paris`): such
/// columns are sent as epoch milliseconds, as chart data sends every timestamp.
pub fn has_unreadable_zone(data_type: &DataType) -> bool {
    match data_type {
        DataType::Timestamp(_, Some(zone)) => {
            utc_as_offset(data_type).is_none() && zone.parse::<Tz>().is_err()
        }
        _ => false,
    }
}

/// Temporal values as ISO-8601 text: `2020-01-01T00:00:00.250`, `2020-01-01T00:00:00Z`,
/// `2020-01-31`, `13:45:00.500`.
fn temporal_text(array: &ArrayRef) -> Vec<Value> {
    if has_unreadable_zone(array.data_type()) {
        return column_values(array);
    }
    let relabelled = utc_as_offset(array.data_type())
        .and_then(|offset_type| arrow::compute::cast(array, &offset_type).ok());
    let shown: &ArrayRef = relabelled.as_ref().unwrap_or(array);
    let options = FormatOptions::default();
    let Ok(formatter) = ArrayFormatter::try_new(shown.as_ref(), &options) else {
        return column_values(array);
    };
    (0..shown.len())
        .map(|index| {
            if shown.is_null(index) {
                Value::Null
            } else {
                Value::String(formatter.value(index).to_string())
            }
        })
        .collect()
}

pub(crate) fn sqllab_values(array: &ArrayRef) -> Vec<Value> {
    if generic_type(array.data_type()) == GenericDataType::Temporal {
        temporal_text(array)
    } else {
        column_values(array)
    }
}

/// The first `limit` rows of the batches, as slices of them (no row is copied).
pub fn rows_within_limit(batches: &[RecordBatch], limit: usize) -> Vec<RecordBatch> {
    let mut cut = Vec::new();
    let mut kept = 0;
    for batch in batches {
        let remaining = limit.saturating_sub(kept);
        if remaining == 0 {
            break;
        }
        let slice = batch.slice(0, batch.num_rows().min(remaining));
        kept += slice.num_rows();
        cut.push(slice);
    }
    cut
}

/// Every row of the batches as records.
pub fn records(batches: &[RecordBatch]) -> Vec<Map<String, Value>> {
    let mut rows = Vec::with_capacity(batches.iter().map(RecordBatch::num_rows).sum());
    for batch in batches {
        let names: Vec<String> = batch
            .schema()
            .fields()
            .iter()
            .map(|field| field.name().clone())
            .collect();
        let columns: Vec<Vec<Value>> = batch.columns().iter().map(sqllab_values).collect();
        for row_index in 0..batch.num_rows() {
            let mut row = Map::with_capacity(names.len());
            for (name, values) in names.iter().zip(&columns) {
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{Int64Array, StringArray, TimestampMicrosecondArray};
    use arrow::datatypes::{Field, TimeUnit};

    use super::*;

    #[test]
    fn rows_are_cut_at_the_limit_with_iso_timestamps() {
        let schema = Arc::new(Schema::new(vec![
            Field::new("ds", DataType::Timestamp(TimeUnit::Microsecond, None), true),
            Field::new("name", DataType::Utf8, true),
            Field::new("num", DataType::Int64, true),
        ]));
        let batch = RecordBatch::try_new(
            schema.clone(),
            vec![
                Arc::new(TimestampMicrosecondArray::from(vec![
                    Some(0),
                    None,
                    Some(86_400_000_000),
                ])),
                Arc::new(StringArray::from(vec![Some("a"), Some("b"), None])),
                Arc::new(Int64Array::from(vec![1, 2, 3])),
            ],
        )
        .unwrap();
        let cut = rows_within_limit(&[batch.clone(), batch], 4);
        assert_eq!(cut.iter().map(RecordBatch::num_rows).collect::<Vec<_>>(), [3, 1]);
        let rows = records(&cut);
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0]["ds"], Value::from("1970-01-01T00:00:00"));
        assert_eq!(rows[1]["ds"], Value::Null);
        assert_eq!(rows[2]["name"], Value::Null);
        assert_eq!(rows[3]["num"], Value::from(1));
        let columns = result_columns(&schema);
        assert_eq!(columns[0].column_type, "TIMESTAMP");
        assert!(columns[0].is_dttm);
        assert_eq!(columns[1].type_generic, GenericDataType::String);
        assert_eq!(columns[2].column_type, "BIGINT");
    }

    #[test]
    fn zoned_timestamps_show_with_their_offset_utc_names_as_z_other_names_as_epoch_ms() {
        let instant = TimestampMicrosecondArray::from(vec![Some(1_500_000), None]);
        let zoned = |zone: &str| -> ArrayRef { Arc::new(instant.clone().with_timezone(zone)) };
        assert_eq!(
            sqllab_values(&zoned("UTC")),
            [Value::from("1970-01-01T00:00:01.500Z"), Value::Null]
        );
        assert_eq!(
            sqllab_values(&zoned("-03:30")),
            [Value::from("1969-12-31T20:30:01.500-03:30"), Value::Null]
        );
        assert_eq!(
            sqllab_values(&zoned("Europe/Paris")),
            [Value::from(1500), Value::Null]
        );
        assert!(has_unreadable_zone(zoned("Europe/Paris").data_type()));
        assert!(!has_unreadable_zone(zoned("Etc/UTC").data_type()));
        assert!(!has_unreadable_zone(zoned("+01:00").data_type()));
    }
}
