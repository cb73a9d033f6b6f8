//! Filters on the cached result's group-by columns, with the SQL Superset generates:
//! comparisons with a null value are false, `== null` is `IS NULL`, `!= null` is `IS NOT NULL`,
//! a `null` in an `IN` list adds `OR col IS NULL` (and `NOT IN` then excludes nulls).

use std::cmp::Ordering;
use std::collections::BTreeSet;

use arrow::datatypes::{DataType, TimeUnit};
use arrow::record_batch::RecordBatch;
use chrono::{NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::grouping::{key_column_at, Cell};
use super::ReaggregationError;

/// A query object filter: `{col, op, val}` with `op` one of `==`, `!=`, `<`, `>`, `<=`, `>=`,
/// `IN`, `NOT IN`, `IS NULL`, `IS NOT NULL`, `IS TRUE`, `IS FALSE`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReaggregationFilter {
    pub col: String,
    pub op: String,
    #[serde(default)]
    pub val: Option<Value>,
}

/// A filter value converted to the column's representation (dates in days, timestamps in the
/// column's unit, decimals unscaled).
#[derive(Debug, Clone, PartialEq)]
enum Scalar {
    Integer(i128),
    Float(f64),
    Text(String),
    Boolean(bool),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Comparison {
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

#[derive(Debug, Clone, PartialEq)]
enum Predicate {
    IsNull,
    IsNotNull,
    IsBoolean(bool),
    Compare(Comparison, Scalar),
    In {
        values: Vec<Scalar>,
        includes_null: bool,
        negated: bool,
    },
}

/// Which rows every filter selects; `None` when there is no filter.
pub(super) fn selected_rows(
    batch: &RecordBatch,
    filters: &[ReaggregationFilter],
    groupby: &BTreeSet<&str>,
) -> Result<Option<Vec<bool>>, ReaggregationError> {
    if filters.is_empty() {
        return Ok(None);
    }
    let mut selection = vec![true; batch.num_rows()];
    for filter in filters {
        if !groupby.contains(filter.col.as_str()) {
            return Err(ReaggregationError::FilterNotOnGroupby {
                column: filter.col.clone(),
            });
        }
        let position = batch
            .schema()
            .index_of(&filter.col)
            .map_err(|_| ReaggregationError::missing_column(&filter.col))?;
        let data_type = batch.schema().field(position).data_type().clone();
        let predicate =
            predicate(filter, &data_type).ok_or_else(|| ReaggregationError::UnsupportedFilter {
                column: filter.col.clone(),
                operator: filter.op.clone(),
            })?;
        let column = key_column_at(batch, position)?;
        for (row, selected) in selection.iter_mut().enumerate() {
            if *selected {
                *selected = holds(&predicate, column.cell(row));
            }
        }
    }
    Ok(Some(selection))
}

/// The filter as a predicate on the column's cells, `None` when it cannot be evaluated here.
fn predicate(filter: &ReaggregationFilter, data_type: &DataType) -> Option<Predicate> {
    let value = filter.val.as_ref().filter(|value| !value.is_null());
    let comparison = match filter.op.as_str() {
        "IS NULL" => return Some(Predicate::IsNull),
        "IS NOT NULL" => return Some(Predicate::IsNotNull),
        "IS TRUE" => return Some(Predicate::IsBoolean(true)),
        "IS FALSE" => return Some(Predicate::IsBoolean(false)),
        "IN" | "NOT IN" => return in_predicate(value, data_type, filter.op == "NOT IN"),
        "==" => Comparison::Equal,
        "!=" => Comparison::NotEqual,
        "<" => Comparison::Less,
        "<=" => Comparison::LessOrEqual,
        ">" => Comparison::Greater,
        ">=" => Comparison::GreaterOrEqual,
        _ => return None,
    };
    let Some(value) = value else {
        return match comparison {
            Comparison::Equal => Some(Predicate::IsNull),
            Comparison::NotEqual => Some(Predicate::IsNotNull),
            _ => None,
        };
    };
    let is_ordering = !matches!(comparison, Comparison::Equal | Comparison::NotEqual);
    let is_text_column = matches!(
        data_type,
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
    );
    if is_ordering && is_text_column {
        // The database's collation decides string order: only the server knows it.
        return None;
    }
    Some(Predicate::Compare(comparison, scalar(value, data_type)?))
}

/// `IN` / `NOT IN`; Superset refuses an empty list, so it is left to the server.
fn in_predicate(value: Option<&Value>, data_type: &DataType, negated: bool) -> Option<Predicate> {
    let items: Vec<&Value> = match value? {
        Value::Array(items) => items.iter().collect(),
        single => vec![single],
    };
    let includes_null = items.iter().any(|item| item.is_null());
    let values = items
        .into_iter()
        .filter(|item| !item.is_null())
        .map(|item| scalar(item, data_type))
        .collect::<Option<Vec<_>>>()?;
    if values.is_empty() && !includes_null {
        return None;
    }
    Some(Predicate::In {
        values,
        includes_null,
        negated,
    })
}

/// A filter value in the column's representation.
fn scalar(value: &Value, data_type: &DataType) -> Option<Scalar> {
    match data_type {
        DataType::Int8
        | DataType::Int16
        | DataType::Int32
        | DataType::Int64
        | DataType::UInt8
        | DataType::UInt16
        | DataType::UInt32
        | DataType::UInt64
        | DataType::Float32
        | DataType::Float64 => number_scalar(value, 0),
        DataType::Decimal128(_, scale) => number_scalar(value, i32::from(*scale)),
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
            value.as_str().map(|text| Scalar::Text(text.to_owned()))
        }
        DataType::Boolean => value.as_bool().map(Scalar::Boolean),
        DataType::Date32 => temporal_scalar(value, 86_400_000.0),
        DataType::Date64 | DataType::Timestamp(TimeUnit::Millisecond, _) => temporal_scalar(value, 1.0),
        DataType::Timestamp(TimeUnit::Second, _) => temporal_scalar(value, 1_000.0),
        DataType::Timestamp(TimeUnit::Microsecond, _) => temporal_scalar(value, 0.001),
        DataType::Timestamp(TimeUnit::Nanosecond, _) => temporal_scalar(value, 0.000_001),
        _ => None,
    }
}

/// A number, times `10^scale` for decimals (compared with the unscaled values).
fn number_scalar(value: &Value, scale: i32) -> Option<Scalar> {
    let number = value.as_number()?;
    if scale == 0 {
        if let Some(integer) = number.as_i64() {
            return Some(Scalar::Integer(i128::from(integer)));
        }
        if let Some(integer) = number.as_u64() {
            return Some(Scalar::Integer(i128::from(integer)));
        }
    }
    let scaled = number.as_f64()? * 10f64.powi(scale);
    Some(Scalar::Float(scaled))
}

/// A moment as epoch milliseconds (a number) or as ISO text (`2021-01-01`,
/// `2021-01-01T10:00:00`, `2021-01-01 10:00:00.5`, read as UTC), divided by the column unit's
/// length in milliseconds. Whole results compare exactly as integers.
fn temporal_scalar(value: &Value, unit_in_milliseconds: f64) -> Option<Scalar> {
    let milliseconds = match value {
        Value::Number(number) => number.as_f64()?,
        Value::String(text) => parse_moment(text)?.and_utc().timestamp_millis() as f64,
        _ => return None,
    };
    let in_unit = milliseconds / unit_in_milliseconds;
    let is_whole = in_unit.fract() == 0.0 && in_unit.abs() < 9.0e15;
    Some(if is_whole {
        Scalar::Integer(in_unit as i128)
    } else {
        Scalar::Float(in_unit)
    })
}

fn parse_moment(text: &str) -> Option<NaiveDateTime> {
    let text = text.trim().trim_end_matches('Z');
    for format in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f"] {
        if let Ok(moment) = NaiveDateTime::parse_from_str(text, format) {
            return Some(moment);
        }
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .and_then(|date| date.and_hms_opt(0, 0, 0))
}

/// The order of a cell and a filter value of the same column, `None` for NaN.
fn compare(cell: Cell<'_>, scalar: &Scalar) -> Option<Ordering> {
    match (cell, scalar) {
        (Cell::Integer(left), Scalar::Integer(right)) => Some(left.cmp(right)),
        (Cell::Integer(left), Scalar::Float(right)) => (left as f64).partial_cmp(right),
        (Cell::Float(left), Scalar::Integer(right)) => left.partial_cmp(&(*right as f64)),
        (Cell::Float(left), Scalar::Float(right)) => left.partial_cmp(right),
        (Cell::Text(left), Scalar::Text(right)) => Some(left.cmp(right.as_str())),
        (Cell::Boolean(left), Scalar::Boolean(right)) => Some(left.cmp(right)),
        _ => None,
    }
}

/// Whether a row with `cell` passes the predicate (SQL's unknown counts as false).
fn holds(predicate: &Predicate, cell: Option<Cell<'_>>) -> bool {
    match (predicate, cell) {
        (Predicate::IsNull, cell) => cell.is_none(),
        (Predicate::IsNotNull, cell) => cell.is_some(),
        (Predicate::IsBoolean(expected), cell) => cell == Some(Cell::Boolean(*expected)),
        (Predicate::Compare(..), None) => false,
        (Predicate::Compare(comparison, scalar), Some(cell)) => {
            let Some(order) = compare(cell, scalar) else {
                return false;
            };
            match comparison {
                Comparison::Equal => order == Ordering::Equal,
                Comparison::NotEqual => order != Ordering::Equal,
                Comparison::Less => order == Ordering::Less,
                Comparison::LessOrEqual => order != Ordering::Greater,
                Comparison::Greater => order == Ordering::Greater,
                Comparison::GreaterOrEqual => order != Ordering::Less,
            }
        }
        // NOT (col IN (...) OR col IS NULL) is false for a null, and so is NOT (NULL).
        (
            Predicate::In {
                includes_null,
                negated,
                ..
            },
            None,
        ) => !negated && *includes_null,
        (Predicate::In { values, negated, .. }, Some(cell)) => {
            let is_listed = values
                .iter()
                .any(|value| compare(cell, value) == Some(Ordering::Equal));
            is_listed != *negated
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{ArrayRef, Date32Array, Int64Array, StringArray, TimestampMillisecondArray};
    use arrow::datatypes::{Field, Schema};
    use serde_json::json;

    use super::*;

    fn one_column(name: &str, array: ArrayRef) -> RecordBatch {
        let schema = Schema::new(vec![Field::new(name, array.data_type().clone(), true)]);
        RecordBatch::try_new(Arc::new(schema), vec![array]).unwrap()
    }

    fn select(batch: &RecordBatch, op: &str, val: Value) -> Vec<bool> {
        let column = batch.schema().field(0).name().clone();
        let filter = ReaggregationFilter {
            col: column.clone(),
            op: op.to_owned(),
            val: Some(val),
        };
        selected_rows(batch, &[filter], &BTreeSet::from([column.as_str()]))
            .unwrap()
            .unwrap()
    }

    fn states() -> RecordBatch {
        one_column(
            "state",
            Arc::new(StringArray::from(vec![Some("CA"), Some("NY"), None, Some("TX")])),
        )
    }

    #[test]
    fn equality_with_a_value_excludes_nulls_and_with_null_means_is_null() {
        let batch = states();
        assert_eq!(select(&batch, "==", json!("CA")), [true, false, false, false]);
        assert_eq!(select(&batch, "!=", json!("CA")), [false, true, false, true]);
        assert_eq!(select(&batch, "==", Value::Null), [false, false, true, false]);
        assert_eq!(select(&batch, "!=", Value::Null), [true, true, false, true]);
    }

    #[test]
    fn in_lists_follow_supersets_null_handling() {
        let batch = states();
        assert_eq!(
            select(&batch, "IN", json!(["CA", "TX"])),
            [true, false, false, true]
        );
        assert_eq!(
            select(&batch, "NOT IN", json!(["CA"])),
            [false, true, false, true]
        );
        assert_eq!(
            select(&batch, "IN", json!(["CA", null])),
            [true, false, true, false]
        );
        assert_eq!(
            select(&batch, "NOT IN", json!(["CA", null])),
            [false, true, false, true]
        );
    }

    #[test]
    fn null_tests_and_numeric_ranges() {
        let numbers = one_column(
            "n",
            Arc::new(Int64Array::from(vec![Some(1), Some(5), None, Some(10)])),
        );
        assert_eq!(select(&numbers, ">=", json!(5)), [false, true, false, true]);
        assert_eq!(select(&numbers, "<", json!(5.5)), [true, true, false, false]);
        assert_eq!(
            select(&numbers, "IS NULL", Value::Null),
            [false, false, true, false]
        );
        assert_eq!(
            select(&numbers, "IS NOT NULL", Value::Null),
            [true, true, false, true]
        );
    }

    #[test]
    fn temporal_columns_take_iso_text_or_epoch_milliseconds() {
        let days = one_column("ds", Arc::new(Date32Array::from(vec![0, 1, 2])));
        assert_eq!(select(&days, ">=", json!("1970-01-02")), [false, true, true]);
        assert_eq!(select(&days, "==", json!(86_400_000)), [false, true, false]);
        let moments = one_column(
            "ts",
            Arc::new(TimestampMillisecondArray::from(vec![0, 3_600_000, 7_200_000])),
        );
        assert_eq!(
            select(&moments, "<", json!("1970-01-01T02:00:00")),
            [true, true, false]
        );
    }

    #[test]
    fn string_ranges_empty_lists_and_unknown_operators_are_left_to_the_server() {
        let batch = states();
        for (op, val) in [
            (">", json!("CA")),
            ("IN", json!([])),
            ("LIKE", json!("C%")),
            ("==", json!(3)),
        ] {
            let filter = ReaggregationFilter {
                col: "state".to_owned(),
                op: op.to_owned(),
                val: Some(val),
            };
            let error = selected_rows(&batch, &[filter], &BTreeSet::from(["state"])).unwrap_err();
            assert_eq!(error.name(), "UnsupportedFilter", "{op}");
        }
    }

    #[test]
    fn a_filter_on_a_column_not_grouped_by_is_refused() {
        let filter = ReaggregationFilter {
            col: "state".to_owned(),
            op: "==".to_owned(),
            val: Some(json!("CA")),
        };
        let error = selected_rows(&states(), &[filter], &BTreeSet::new()).unwrap_err();
        assert_eq!(
            error,
            ReaggregationError::FilterNotOnGroupby {
                column: "state".to_owned()
            }
        );
    }
}
