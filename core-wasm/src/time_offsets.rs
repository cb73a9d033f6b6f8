//! Time comparison (`time_offsets`, e.g. `["1 year ago"]`), as Superset's
//! `processing_time_offsets` does it: for each offset the query runs again over the time range
//! shifted by the offset ([`offset_query`]); then [`join_time_offsets`] shifts each offset
//! result's time columns back by the same amount, renames its metric columns
//! `"{metric}__{offset}"` and left-joins them onto the main result on every other column the
//! main result has (the x-axis and the group-by columns).
//!
//! ```text
//! main:    ds=2024-01 boy 10        offset query over 2023: ds=2023-01 boy 7
//!                                   shifted back:          ds=2024-01 boy 7
//! joined:  ds=2024-01 boy 10 | SUM(num)__1 year ago = 7
//! ```
//!
//! The `compare` post-processing rule then reads the joined `SUM(num)__1 year ago` columns for
//! the `difference`, `percentage` and `ratio` comparison types.

use std::sync::Arc;

use arrow::array::{Array, ArrayRef, AsArray, Date32Array, Date64Array, PrimitiveArray, UInt32Array};
use arrow::compute::{concat, take};
use arrow::datatypes::{
    ArrowTimestampType, DataType, Date32Type, Date64Type, Field, Schema, TimeUnit, TimestampMicrosecondType,
    TimestampMillisecondType, TimestampNanosecondType, TimestampSecondType,
};
use arrow::record_batch::RecordBatch;
use chrono::{Duration, Months, NaiveDateTime};
use quiver_types::{FilterOperator, QueryObject, QueryObjectFilter};
use serde::Deserialize;
use serde_json::Value;

use crate::error::{CoreError, CoreResult};
use crate::time_range::{TimeBounds, NO_TIME_RANGE};

/// Superset's `TIME_COMPARISON` separator of an offset metric's name: `SUM(num)__1 year ago`.
pub const TIME_COMPARISON_SEPARATOR: &str = "__";

/// A time offset as the user wrote it (`"1 year ago"`) and the calendar shift it means: months
/// (years and quarters too) and an exact number of seconds, negative for the past.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeOffset {
    text: String,
    months: i64,
    seconds: i64,
}

impl TimeOffset {
    /// The offsets Superset offers (`1 day ago` ... `3 years ago`) and any `N unit(s)
    /// ago|before|later|after` with units second to year (`a`, `an` and `one` count as 1).
    /// Anything else is `InvalidTimeOffset` ("Invalid time offset: inherit").
    pub fn parse(text: &str) -> CoreResult<TimeOffset> {
        let invalid = || CoreError::InvalidTimeOffset {
            message: format!("Invalid time offset: {text}"),
        };
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
        let (months, seconds) = match unit.trim_end_matches('s') {
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
        Ok(TimeOffset {
            text: text.to_owned(),
            months: amount.checked_mul(months).ok_or_else(invalid)?,
            seconds: amount.checked_mul(seconds).ok_or_else(invalid)?,
        })
    }

    /// The offset as written, the suffix of its metric columns.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// `time` moved by the offset (`forward`) or by its opposite; `None` outside chrono's range.
    /// Month arithmetic clamps to the month's last day, as pandas' `DateOffset` does:
    /// 2024-02-29 one year ago is 2023-02-28.
    pub fn shift(&self, time: NaiveDateTime, forward: bool) -> Option<NaiveDateTime> {
        let sign = if forward { 1 } else { -1 };
        let months = self.months.checked_mul(sign)?;
        let moved = if months >= 0 {
            time.checked_add_months(Months::new(u32::try_from(months).ok()?))?
        } else {
            time.checked_sub_months(Months::new(u32::try_from(months.checked_neg()?).ok()?))?
        };
        moved.checked_add_signed(Duration::try_seconds(self.seconds.checked_mul(sign)?)?)
    }
}

/// The query of one offset: the main query over the time range shifted by the offset, without
/// offsets or post-processing. `bounds` are the main query's resolved time range (none: no
/// time filter, which the offset query keeps).
pub fn offset_query(
    query: &QueryObject,
    bounds: Option<TimeBounds>,
    offset: &TimeOffset,
) -> CoreResult<QueryObject> {
    let shifted = |bound: Option<NaiveDateTime>| -> CoreResult<String> {
        match bound {
            None => Ok(String::new()),
            Some(time) => offset
                .shift(time, true)
                .map(|time| time.format("%Y-%m-%dT%H:%M:%S").to_string())
                .ok_or_else(|| CoreError::InvalidTimeOffset {
                    message: "The time offset leaves the supported date range".to_owned(),
                }),
        }
    };
    let bounds = bounds.unwrap_or_default();
    let range = if bounds.since.is_none() && bounds.until.is_none() {
        NO_TIME_RANGE.to_owned()
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

/// Which columns of the results are metrics (renamed and joined) and which are temporal
/// (shifted back before the join); every other column the main result has is a join key.
/// From JavaScript: `{metric_labels: ["SUM(num)"], temporal_labels: ["ds"]}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeOffsetJoin {
    #[serde(default)]
    pub metric_labels: Vec<String>,
    #[serde(default)]
    pub temporal_labels: Vec<String>,
}

/// The result of one offset query: the offset and its rows.
#[derive(Debug, Clone)]
pub struct OffsetResult {
    pub offset: TimeOffset,
    pub batch: RecordBatch,
}

/// The main result with the metric columns of every offset result left-joined on, in the
/// order of `offsets`: `SUM(num)`, then `SUM(num)__1 year ago`, then `SUM(num)__28 days ago`.
/// A main row without a match in an offset result gets nulls; when an offset result has the
/// same key twice, its first row is joined. Without any join key (a big number) every main row
/// takes the offset result's first row.
pub fn join_time_offsets(
    main: &RecordBatch,
    offsets: &[OffsetResult],
    join: &TimeOffsetJoin,
) -> CoreResult<RecordBatch> {
    let mut joined = main.clone();
    for offset in offsets {
        joined = join_offset(&joined, main, offset, join)?;
    }
    Ok(joined)
}

/// `joined` (the main result and the offsets joined so far) with one offset's metrics; the keys
/// are read from `main`, which `joined` begins with.
fn join_offset(
    joined: &RecordBatch,
    main: &RecordBatch,
    offset: &OffsetResult,
    join: &TimeOffsetJoin,
) -> CoreResult<RecordBatch> {
    let offset_schema = offset.batch.schema();
    let mut main_keys: Vec<ArrayRef> = Vec::new();
    let mut offset_keys: Vec<ArrayRef> = Vec::new();
    let mut offset_metrics: Vec<(String, ArrayRef)> = Vec::new();
    for (field, column) in offset_schema.fields().iter().zip(offset.batch.columns()) {
        if join.metric_labels.contains(field.name()) {
            let name = [field.name().as_str(), offset.offset.text()].join(TIME_COMPARISON_SEPARATOR);
            offset_metrics.push((name, Arc::clone(column)));
            continue;
        }
        let Some(main_column) = main.column_by_name(field.name()) else {
            continue;
        };
        let offset_column = if join.temporal_labels.contains(field.name()) {
            shift_back(column, &offset.offset)?
        } else {
            Arc::clone(column)
        };
        if offset_column.data_type() != main_column.data_type() {
            return Err(CoreError::InvalidTimeOffset {
                message: format!(
                    "The time offset results cannot be joined: the column {} is {} in the offset result and {} in the main result",
                    field.name(),
                    offset_column.data_type(),
                    main_column.data_type()
                ),
            });
        }
        main_keys.push(Arc::clone(main_column));
        offset_keys.push(offset_column);
    }
    let matches = matching_offset_rows(&main_keys, &offset_keys, main.num_rows(), offset.batch.num_rows())?;
    let mut fields: Vec<Field> = joined
        .schema()
        .fields()
        .iter()
        .map(|field| field.as_ref().clone())
        .collect();
    let mut columns: Vec<ArrayRef> = joined.columns().to_vec();
    for (name, column) in offset_metrics {
        fields.push(Field::new(name, column.data_type().clone(), true));
        columns.push(take(column.as_ref(), &matches, None).map_err(join_failure)?);
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).map_err(join_failure)
}

/// For each main row, the first offset row with the same keys (null keys match each other, as
/// in a pandas merge), or null. Both sides' keys are coded together with the core's grouping
/// codes, so no comparison kernels are needed (they would add hundreds of KB to the Wasm file).
fn matching_offset_rows(
    main_keys: &[ArrayRef],
    offset_keys: &[ArrayRef],
    main_rows: usize,
    offset_rows: usize,
) -> CoreResult<UInt32Array> {
    use crate::postprocess::keys::{column_codes_unordered, dense_ids, ColumnCodes, NO_CODE};

    if main_keys.is_empty() {
        return Ok((0..main_rows).map(|_| (offset_rows > 0).then_some(0)).collect());
    }
    let mut fields: Vec<Field> = Vec::with_capacity(main_keys.len());
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(main_keys.len());
    for (position, (main_key, offset_key)) in main_keys.iter().zip(offset_keys).enumerate() {
        fields.push(Field::new(
            format!("key{position}"),
            main_key.data_type().clone(),
            true,
        ));
        columns.push(concat(&[main_key.as_ref(), offset_key.as_ref()]).map_err(join_failure)?);
    }
    let both = RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).map_err(join_failure)?;
    let codes: Vec<ColumnCodes> = (0..both.num_columns())
        .map(|position| column_codes_unordered(&both, position))
        .collect::<CoreResult<_>>()?;
    let code_refs: Vec<&ColumnCodes> = codes.iter().collect();
    let ids = dense_ids(&code_refs, main_rows + offset_rows, true);
    let mut first_offset_row: Vec<u32> = vec![NO_CODE; ids.first_row.len()];
    for row in 0..offset_rows {
        let id = ids.ids[main_rows + row];
        if id != NO_CODE && first_offset_row[id as usize] == NO_CODE {
            first_offset_row[id as usize] = u32::try_from(row).map_err(|_| CoreError::InvalidInput {
                message: "The offset result has too many rows".to_owned(),
            })?;
        }
    }
    Ok(ids.ids[..main_rows]
        .iter()
        .map(|&id| {
            (id != NO_CODE)
                .then(|| first_offset_row[id as usize])
                .filter(|&row| row != NO_CODE)
        })
        .collect())
}

/// A temporal column moved by the opposite of the offset (the offset rows land on the main
/// rows' times), in its own type; a time the shift cannot represent becomes null.
fn shift_back(column: &ArrayRef, offset: &TimeOffset) -> CoreResult<ArrayRef> {
    let shift = |micros: i64| -> Option<i64> {
        chrono::DateTime::from_timestamp_micros(micros)
            .and_then(|time| offset.shift(time.naive_utc(), false))
            .map(|time| time.and_utc().timestamp_micros())
    };
    const MICROS_PER_DAY: i64 = 86_400_000_000;
    Ok(match column.data_type() {
        DataType::Timestamp(TimeUnit::Second, zone) => {
            shift_timestamps::<TimestampSecondType>(column, zone.clone(), 1_000_000, &shift)
        }
        DataType::Timestamp(TimeUnit::Millisecond, zone) => {
            shift_timestamps::<TimestampMillisecondType>(column, zone.clone(), 1_000, &shift)
        }
        DataType::Timestamp(TimeUnit::Microsecond, zone) => {
            shift_timestamps::<TimestampMicrosecondType>(column, zone.clone(), 1, &shift)
        }
        DataType::Timestamp(TimeUnit::Nanosecond, zone) => {
            let moved: PrimitiveArray<TimestampNanosecondType> = column
                .as_primitive::<TimestampNanosecondType>()
                .iter()
                .map(|value| {
                    let value = value?;
                    let moved = shift(value.div_euclid(1_000))?;
                    moved.checked_mul(1_000)?.checked_add(value.rem_euclid(1_000))
                })
                .collect();
            Arc::new(moved.with_timezone_opt(zone.clone()))
        }
        DataType::Date32 => {
            let moved: Date32Array = column
                .as_primitive::<Date32Type>()
                .iter()
                .map(|days| {
                    let moved = shift(i64::from(days?).checked_mul(MICROS_PER_DAY)?)?;
                    i32::try_from(moved.div_euclid(MICROS_PER_DAY)).ok()
                })
                .collect();
            Arc::new(moved)
        }
        DataType::Date64 => {
            let moved: Date64Array = column
                .as_primitive::<Date64Type>()
                .iter()
                .map(|millis| Some(shift(millis?.checked_mul(1_000)?)?.div_euclid(1_000)))
                .collect();
            Arc::new(moved)
        }
        other => {
            return Err(CoreError::InvalidTimeOffset {
                message: format!("The time offset results cannot be joined: a {other} column is not a time"),
            })
        }
    })
}

/// Timestamps of one unit (`micros_per_unit` microseconds each) moved by `shift`, in the same
/// unit and time zone.
fn shift_timestamps<T: ArrowTimestampType>(
    column: &ArrayRef,
    zone: Option<Arc<str>>,
    micros_per_unit: i64,
    shift: &dyn Fn(i64) -> Option<i64>,
) -> ArrayRef {
    let moved: PrimitiveArray<T> = column
        .as_primitive::<T>()
        .iter()
        .map(|value| Some(shift(value?.checked_mul(micros_per_unit)?)?.div_euclid(micros_per_unit)))
        .collect();
    Arc::new(moved.with_timezone_opt(zone))
}

/// An Arrow failure while joining: the results do not fit together (a key column of a type
/// that cannot be cast to the main result's, a temporal column that is not a time).
fn join_failure(error: arrow::error::ArrowError) -> CoreError {
    CoreError::InvalidTimeOffset {
        message: format!("The time offset results cannot be joined: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use arrow::array::Int64Array;

    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn offsets_read_as_calendar_shifts() {
        let year = TimeOffset::parse("1 year ago").unwrap();
        assert_eq!(
            year.shift(at("2024-02-29 10:00:00"), true),
            Some(at("2023-02-28 10:00:00"))
        );
        assert_eq!(
            year.shift(at("2023-02-28 10:00:00"), false),
            Some(at("2024-02-28 10:00:00"))
        );
        let weeks = TimeOffset::parse("52 weeks ago").unwrap();
        assert_eq!(
            weeks.shift(at("2024-06-15 00:00:00"), true),
            Some(at("2023-06-17 00:00:00"))
        );
        let days = TimeOffset::parse("28 days ago").unwrap();
        assert_eq!(
            days.shift(at("2024-03-01 00:00:00"), true),
            Some(at("2024-02-02 00:00:00"))
        );
        let later = TimeOffset::parse("1 day after").unwrap();
        assert_eq!(
            later.shift(at("2024-03-01 00:00:00"), true),
            Some(at("2024-03-02 00:00:00"))
        );
        assert_eq!(later.text(), "1 day after");
        let error = TimeOffset::parse("inherit").unwrap_err();
        assert_eq!(error.to_string(), "Invalid time offset: inherit");
        assert_eq!(error.name(), "InvalidTimeOffset");
        assert!(TimeOffset::parse("1 fortnight ago").is_err());
        assert!(TimeOffset::parse("999999999999999999999 years ago").is_err());
        let huge = TimeOffset::parse("99999999999999999 years ago").unwrap();
        assert_eq!(huge.shift(at("2024-01-01 00:00:00"), true), None);
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
        let bounds = TimeBounds {
            since: Some(at("2024-01-01 00:00:00")),
            until: Some(at("2024-07-01 00:00:00")),
        };
        let offset = TimeOffset::parse("1 year ago").unwrap();
        let shifted = offset_query(&query, Some(bounds), &offset).unwrap();
        assert_eq!(
            shifted.filters[0].val,
            Some(Value::String(
                "2023-01-01T00:00:00 : 2023-07-01T00:00:00".to_owned()
            ))
        );
        assert!(shifted.time_offsets.is_empty() && shifted.post_processing.is_empty());
        let unbounded = offset_query(&query, None, &offset).unwrap();
        assert_eq!(
            unbounded.filters[0].val,
            Some(Value::String("No filter".to_owned()))
        );
    }

    #[test]
    fn without_keys_every_row_takes_the_offset_total() {
        let total = |value: i64| {
            RecordBatch::try_new(
                Arc::new(Schema::new(vec![Field::new("count", DataType::Int64, true)])),
                vec![Arc::new(Int64Array::from(vec![value]))],
            )
            .unwrap()
        };
        let joined = join_time_offsets(
            &total(10),
            &[OffsetResult {
                offset: TimeOffset::parse("1 week ago").unwrap(),
                batch: total(4),
            }],
            &TimeOffsetJoin {
                metric_labels: vec!["count".to_owned()],
                temporal_labels: Vec::new(),
            },
        )
        .unwrap();
        assert_eq!(joined.schema().field(1).name(), "count__1 week ago");
        let values = joined.column(1).as_any().downcast_ref::<Int64Array>().unwrap();
        assert_eq!(values.value(0), 4);
    }
}
