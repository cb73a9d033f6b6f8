//! Time comparison (`time_offsets`, e.g. `["1 year ago"]`), as Superset's
//! `processing_time_offsets` does it: for each offset the query runs again over the time range
//! shifted by the offset; its time column is shifted back by the same amount, its metric columns
//! are renamed `"{metric}__{offset}"`, and they are left-joined onto the main result on every
//! non-metric column.
//!
//! ```text
//! main:    ds=2024-01 boy 10        offset query over 2023: ds=2023-01 boy 7
//!                                   shifted back:          ds=2024-01 boy 7
//! joined:  ds=2024-01 boy 10 | SUM(num)__1 year ago = 7
//! ```

use std::collections::HashMap;
use std::sync::Arc;

use arrow::array::{Array, ArrayRef, TimestampMicrosecondArray, UInt32Array};
use arrow::compute::{cast, take};
use arrow::datatypes::{DataType, Field, Schema, TimeUnit};
use arrow::error::ArrowError;
use arrow::record_batch::RecordBatch;
use arrow::row::{RowConverter, SortField};
use chrono::{Duration, Months, NaiveDateTime};
use quiver_types::{FilterOperator, QueryObject, QueryObjectFilter};
use serde_json::Value;

/// A calendar shift: months (years and quarters too) and an exact duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shift {
    months: i64,
    seconds: i64,
}

/// The offsets Superset offers (`1 day ago` ... `3 years ago`) and any `N unit(s) ago|before|
/// later|after` with units second to year.
pub fn parse_offset(text: &str) -> Result<Shift, String> {
    let invalid = || format!("Invalid time offset: {text}");
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    let [amount, unit, direction] = words.as_slice() else {
        return Err(invalid());
    };
    let amount: i64 = match amount.as_str() {
        "a" | "an" | "one" => 1,
        number => number.parse().map_err(|_| invalid())?,
    };
    let sign = match direction.as_str() {
        "ago" | "before" => -1,
        "later" | "after" => 1,
        _ => return Err(invalid()),
    };
    let amount = amount.checked_mul(sign).ok_or_else(invalid)?;
    let unit = unit.trim_end_matches('s');
    let (months, seconds) = match unit {
        "second" => (0, 1),
        "minute" => (0, 60),
        "hour" => (0, 3_600),
        "day" => (0, 86_400),
        "week" => (0, 7 * 86_400),
        "month" => (1, 0),
        "quarter" => (3, 0),
        "year" => (12, 0),
        _ => return Err(invalid()),
    };
    Ok(Shift {
        months: amount.checked_mul(months).ok_or_else(invalid)?,
        seconds: amount.checked_mul(seconds).ok_or_else(invalid)?,
    })
}

impl Shift {
    /// `time` moved by the shift (`forward`) or by its opposite. Month arithmetic clamps to the
    /// month's last day, as pandas' `DateOffset` does.
    pub fn apply(self, time: NaiveDateTime, forward: bool) -> Option<NaiveDateTime> {
        let sign = if forward { 1 } else { -1 };
        let months = self.months * sign;
        let moved = if months >= 0 {
            time.checked_add_months(Months::new(u32::try_from(months).ok()?))?
        } else {
            time.checked_sub_months(Months::new(u32::try_from(-months).ok()?))?
        };
        moved.checked_add_signed(Duration::try_seconds(self.seconds * sign)?)
    }
}

/// The query of one offset: the main query over the shifted time range, without offsets or
/// post-processing.
pub fn offset_query(
    query: &QueryObject,
    bounds: Option<quiver_core::TimeBounds>,
    shift: Shift,
) -> Result<QueryObject, String> {
    let shifted = |bound: Option<NaiveDateTime>| -> Result<String, String> {
        match bound {
            None => Ok(String::new()),
            Some(time) => shift
                .apply(time, true)
                .map(|time| time.format("%Y-%m-%dT%H:%M:%S").to_string())
                .ok_or_else(|| "The time offset leaves the supported date range".to_owned()),
        }
    };
    let bounds = bounds.unwrap_or_default();
    let range = if bounds.since.is_none() && bounds.until.is_none() {
        crate::query::NO_TIME_RANGE.to_owned()
    } else {
        format!("{} : {}", shifted(bounds.since)?, shifted(bounds.until)?)
    };
    let filters = query
        .filters
        .iter()
        .map(|filter| {
            if filter.op == FilterOperator::TemporalRange {
                QueryObjectFilter {
                    val: Some(Value::String(range.clone())),
                    ..filter.clone()
                }
            } else {
                filter.clone()
            }
        })
        .collect();
    Ok(QueryObject {
        filters,
        time_range: query.time_range.as_ref().map(|_| range.clone()),
        time_offsets: Vec::new(),
        post_processing: Vec::new(),
        ..query.clone()
    })
}

/// A temporal column moved by the opposite of the shift (the offset rows land on the main
/// rows' times), in its own type.
fn shift_back(column: &ArrayRef, shift: Shift) -> Result<ArrayRef, ArrowError> {
    let micros = cast(column, &DataType::Timestamp(TimeUnit::Microsecond, None))?;
    let micros = micros
        .as_any()
        .downcast_ref::<TimestampMicrosecondArray>()
        .ok_or_else(|| ArrowError::CastError("expected microsecond timestamps".to_owned()))?;
    let moved: TimestampMicrosecondArray = micros
        .iter()
        .map(|value| {
            value
                .and_then(chrono::DateTime::from_timestamp_micros)
                .and_then(|time| shift.apply(time.naive_utc(), false))
                .map(|time| time.and_utc().timestamp_micros())
        })
        .collect();
    cast(&moved, column.data_type())
}

/// The main result with each offset metric column joined on.
pub fn join_offset(
    main: &RecordBatch,
    offset: &RecordBatch,
    metric_labels: &[String],
    temporal_labels: &[String],
    offset_text: &str,
    shift: Shift,
) -> Result<RecordBatch, ArrowError> {
    let offset_schema = offset.schema();
    let mut main_keys: Vec<ArrayRef> = Vec::new();
    let mut offset_keys: Vec<ArrayRef> = Vec::new();
    let mut offset_metrics: Vec<(String, ArrayRef)> = Vec::new();
    for (field, column) in offset_schema.fields().iter().zip(offset.columns()) {
        if metric_labels.contains(field.name()) {
            offset_metrics.push((format!("{}__{offset_text}", field.name()), Arc::clone(column)));
            continue;
        }
        let Some(main_column) = main.column_by_name(field.name()) else {
            continue;
        };
        let offset_column = if temporal_labels.contains(field.name()) {
            shift_back(column, shift)?
        } else {
            Arc::clone(column)
        };
        let offset_column = if offset_column.data_type() == main_column.data_type() {
            offset_column
        } else {
            cast(&offset_column, main_column.data_type())?
        };
        main_keys.push(Arc::clone(main_column));
        offset_keys.push(offset_column);
    }
    let indices: UInt32Array = if main_keys.is_empty() {
        // No dimension (a big number): every main row takes the offset's single row.
        (0..main.num_rows())
            .map(|_| (offset.num_rows() > 0).then_some(0))
            .collect()
    } else {
        let converter = RowConverter::new(
            main_keys
                .iter()
                .map(|column| SortField::new(column.data_type().clone()))
                .collect(),
        )?;
        let offset_rows = converter.convert_columns(&offset_keys)?;
        let mut by_key: HashMap<&[u8], u32> = HashMap::with_capacity(offset_rows.num_rows());
        for index in 0..offset_rows.num_rows() {
            let row = offset_rows.row(index);
            by_key
                .entry(row.data())
                .or_insert(u32::try_from(index).unwrap_or(u32::MAX));
        }
        let main_rows = converter.convert_columns(&main_keys)?;
        (0..main_rows.num_rows())
            .map(|index| by_key.get(main_rows.row(index).data()).copied())
            .collect()
    };
    let mut fields: Vec<Field> = main
        .schema()
        .fields()
        .iter()
        .map(|field| field.as_ref().clone())
        .collect();
    let mut columns: Vec<ArrayRef> = main.columns().to_vec();
    for (name, column) in offset_metrics {
        fields.push(Field::new(name, column.data_type().clone(), true));
        columns.push(take(column.as_ref(), &indices, None)?);
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
}

#[cfg(test)]
mod tests {
    use arrow::array::{Int64Array, StringArray, TimestampMicrosecondArray};

    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn offsets_read_as_calendar_shifts() {
        let year = parse_offset("1 year ago").unwrap();
        assert_eq!(
            year.apply(at("2024-02-29 10:00:00"), true),
            Some(at("2023-02-28 10:00:00"))
        );
        assert_eq!(
            year.apply(at("2023-02-28 10:00:00"), false),
            Some(at("2024-02-28 10:00:00"))
        );
        let weeks = parse_offset("52 weeks ago").unwrap();
        assert_eq!(
            weeks.apply(at("2024-06-15 00:00:00"), true),
            Some(at("2023-06-17 00:00:00"))
        );
        assert_eq!(
            parse_offset("28 days ago")
                .unwrap()
                .apply(at("2024-03-01 00:00:00"), true),
            Some(at("2024-02-02 00:00:00"))
        );
        assert_eq!(
            parse_offset("1 day after")
                .unwrap()
                .apply(at("2024-03-01 00:00:00"), true),
            Some(at("2024-03-02 00:00:00"))
        );
        assert!(parse_offset("inherit").is_err());
        assert!(parse_offset("1 fortnight ago").is_err());
        assert!(parse_offset("999999999999999999999 years ago").is_err());
        let huge = parse_offset("99999999999999999 years ago").unwrap();
        assert_eq!(huge.apply(at("2024-01-01 00:00:00"), true), None);
    }

    #[test]
    fn the_offset_query_covers_the_shifted_range() {
        let query: QueryObject = serde_json::from_value(serde_json::json!({
            "columns": ["gender"],
            "filters": [{"col": "ds", "op": "TEMPORAL_RANGE", "val": "2024-01-01 : 2024-07-01"}],
            "time_offsets": ["1 year ago"],
            "post_processing": [{"operation": "pivot", "options": {}}],
        }))
        .unwrap();
        let bounds = quiver_core::TimeBounds {
            since: Some(at("2024-01-01 00:00:00")),
            until: Some(at("2024-07-01 00:00:00")),
        };
        let shifted = offset_query(&query, Some(bounds), parse_offset("1 year ago").unwrap()).unwrap();
        assert_eq!(
            shifted.filters[0].val,
            Some(Value::String(
                "2023-01-01T00:00:00 : 2023-07-01T00:00:00".to_owned()
            ))
        );
        assert!(shifted.time_offsets.is_empty() && shifted.post_processing.is_empty());
    }

    #[test]
    fn offset_metrics_join_on_the_shifted_time_and_the_other_columns() {
        let micros = |text: &str| at(text).and_utc().timestamp_micros();
        let schema = |metric: &str| {
            Arc::new(Schema::new(vec![
                Field::new("ds", DataType::Timestamp(TimeUnit::Microsecond, None), true),
                Field::new("gender", DataType::Utf8, true),
                Field::new(metric, DataType::Int64, true),
            ]))
        };
        let main = RecordBatch::try_new(
            schema("SUM(num)"),
            vec![
                Arc::new(TimestampMicrosecondArray::from(vec![
                    micros("2024-01-01 00:00:00"),
                    micros("2024-01-01 00:00:00"),
                    micros("2024-02-01 00:00:00"),
                ])),
                Arc::new(StringArray::from(vec!["boy", "girl", "boy"])),
                Arc::new(Int64Array::from(vec![10, 20, 30])),
            ],
        )
        .unwrap();
        let offset = RecordBatch::try_new(
            schema("SUM(num)"),
            vec![
                Arc::new(TimestampMicrosecondArray::from(vec![
                    micros("2023-01-01 00:00:00"),
                    micros("2023-02-01 00:00:00"),
                ])),
                Arc::new(StringArray::from(vec!["girl", "boy"])),
                Arc::new(Int64Array::from(vec![7, 8])),
            ],
        )
        .unwrap();
        let joined = join_offset(
            &main,
            &offset,
            &["SUM(num)".to_owned()],
            &["ds".to_owned()],
            "1 year ago",
            parse_offset("1 year ago").unwrap(),
        )
        .unwrap();
        assert_eq!(joined.schema().field(3).name(), "SUM(num)__1 year ago");
        let values = joined.column(3).as_any().downcast_ref::<Int64Array>().unwrap();
        assert_eq!(values.iter().collect::<Vec<_>>(), vec![None, Some(7), Some(8)]);
    }
}
