//! Merging the partial aggregates of each group: one pass over the typed values per metric.

use std::sync::Arc;

use arrow::array::{
    Array, ArrayRef, ArrowNativeTypeOp, ArrowPrimitiveType, AsArray, Float64Array, PrimitiveArray,
};
use arrow::datatypes::{
    DataType, Date32Type, Date64Type, Decimal128Type, Float32Type, Float64Type, Int16Type, Int32Type,
    Int64Type, Int8Type, TimeUnit, TimestampMicrosecondType, TimestampMillisecondType,
    TimestampNanosecondType, TimestampSecondType, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow::record_batch::RecordBatch;

use super::grouping::{Groups, NO_GROUP};
use super::{column_position, CachedMetric, MetricAggregate, ReaggregationError};

/// Runs `$body` with `$T` bound to the Arrow type of a numeric column.
macro_rules! with_numeric_type {
    ($data_type:expr, $T:ident => $body:expr, _ => $otherwise:expr) => {
        match $data_type {
            DataType::Int8 => {
                type $T = Int8Type;
                $body
            }
            DataType::Int16 => {
                type $T = Int16Type;
                $body
            }
            DataType::Int32 => {
                type $T = Int32Type;
                $body
            }
            DataType::Int64 => {
                type $T = Int64Type;
                $body
            }
            DataType::UInt8 => {
                type $T = UInt8Type;
                $body
            }
            DataType::UInt16 => {
                type $T = UInt16Type;
                $body
            }
            DataType::UInt32 => {
                type $T = UInt32Type;
                $body
            }
            DataType::UInt64 => {
                type $T = UInt64Type;
                $body
            }
            DataType::Float32 => {
                type $T = Float32Type;
                $body
            }
            DataType::Float64 => {
                type $T = Float64Type;
                $body
            }
            DataType::Decimal128(_, _) => {
                type $T = Decimal128Type;
                $body
            }
            _ => $otherwise,
        }
    };
}

/// Runs `$body` with `$T` bound to the Arrow type of a column `MIN` and `MAX` can merge:
/// numbers, dates and timestamps. (Text is left to the server, whose collation orders it.)
macro_rules! with_ordered_type {
    ($data_type:expr, $T:ident => $body:expr, _ => $otherwise:expr) => {
        match $data_type {
            DataType::Date32 => {
                type $T = Date32Type;
                $body
            }
            DataType::Date64 => {
                type $T = Date64Type;
                $body
            }
            DataType::Timestamp(TimeUnit::Second, _) => {
                type $T = TimestampSecondType;
                $body
            }
            DataType::Timestamp(TimeUnit::Millisecond, _) => {
                type $T = TimestampMillisecondType;
                $body
            }
            DataType::Timestamp(TimeUnit::Microsecond, _) => {
                type $T = TimestampMicrosecondType;
                $body
            }
            DataType::Timestamp(TimeUnit::Nanosecond, _) => {
                type $T = TimestampNanosecondType;
                $body
            }
            other => with_numeric_type!(other, $T => $body, _ => $otherwise),
        }
    };
}

/// A numeric native value as `f64` (decimals unscaled).
trait NativeAsFloat: Copy {
    fn as_float(self) -> f64;
}

macro_rules! native_as_float {
    ($($native:ty),*) => {$(
        impl NativeAsFloat for $native {
            fn as_float(self) -> f64 {
                self as f64
            }
        }
    )*};
}
native_as_float!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, i128);

/// The merged column of one metric, one value per group.
pub(super) fn aggregate_metric(
    batch: &RecordBatch,
    metric: &CachedMetric,
    groups: &Groups,
) -> Result<ArrayRef, ReaggregationError> {
    let label = metric.label.as_str();
    match &metric.aggregate {
        MetricAggregate::Sum => {
            sum_column(batch.column(column_position(batch, label)?), groups, label, false)
        }
        MetricAggregate::Count => {
            sum_column(batch.column(column_position(batch, label)?), groups, label, true)
        }
        MetricAggregate::Min => extreme_column(
            batch.column(column_position(batch, label)?),
            groups,
            label,
            Extreme::Least,
        ),
        MetricAggregate::Max => extreme_column(
            batch.column(column_position(batch, label)?),
            groups,
            label,
            Extreme::Greatest,
        ),
        MetricAggregate::Avg {
            sum_column,
            count_column,
        } => {
            let sums = sums_as_floats(
                batch.column(column_position(batch, sum_column)?),
                groups,
                sum_column,
            )?;
            let counts = sums_as_floats(
                batch.column(column_position(batch, count_column)?),
                groups,
                count_column,
            )?;
            let averages = sums
                .into_iter()
                .zip(counts)
                .map(|(sum, count)| match (sum, count) {
                    (Some(sum), Some(count)) if count > 0.0 => Some(sum / count),
                    _ => None,
                });
            Ok(Arc::new(averages.collect::<Float64Array>()))
        }
        MetricAggregate::CountDistinct
        | MetricAggregate::Percentile
        | MetricAggregate::Sql
        | MetricAggregate::Other => Err(ReaggregationError::NotDecomposable {
            metric: label.to_owned(),
            aggregate: metric.aggregate.name().to_owned(),
        }),
    }
}

fn unsupported(column: &str) -> ReaggregationError {
    ReaggregationError::UnsupportedColumnType {
        column: column.to_owned(),
    }
}

/// `SUM` (or, with `null_as_zero`, `COUNT`) per group, in the column's own type.
fn sum_column(
    column: &ArrayRef,
    groups: &Groups,
    label: &str,
    null_as_zero: bool,
) -> Result<ArrayRef, ReaggregationError> {
    with_numeric_type!(column.data_type(), T => {
        let sums = group_sums::<T>(column.as_primitive::<T>(), groups, label)?;
        let sums = sums.into_iter().map(|sum| {
            if null_as_zero { Some(sum.unwrap_or(<T as ArrowPrimitiveType>::Native::ZERO)) } else { sum }
        });
        let merged = PrimitiveArray::<T>::from_iter(sums).with_data_type(column.data_type().clone());
        Ok(Arc::new(merged) as ArrayRef)
    }, _ => Err(unsupported(label)))
}

/// The sum of each group's non-null values, `None` when it has none; integer sums are checked.
fn group_sums<T: ArrowPrimitiveType>(
    array: &PrimitiveArray<T>,
    groups: &Groups,
    label: &str,
) -> Result<Vec<Option<T::Native>>, ReaggregationError> {
    let overflow = || ReaggregationError::Overflow {
        metric: label.to_owned(),
    };
    let group_count = groups.count();
    let mut sums = vec![T::Native::ZERO; group_count];
    let mut has_value = vec![false; group_count];
    let values = array.values();
    let nulls = array.nulls().filter(|nulls| nulls.null_count() > 0);
    for (row, group) in groups.group_of_row.iter().enumerate() {
        if *group == NO_GROUP || nulls.is_some_and(|nulls| nulls.is_null(row)) {
            continue;
        }
        let group = *group as usize;
        sums[group] = sums[group].add_checked(values[row]).map_err(|_| overflow())?;
        has_value[group] = true;
    }
    Ok(sums
        .into_iter()
        .zip(has_value)
        .map(|(sum, has_value)| has_value.then_some(sum))
        .collect())
}

/// The per-group sums of a numeric column as `f64` (decimals scaled back).
fn sums_as_floats(
    column: &ArrayRef,
    groups: &Groups,
    label: &str,
) -> Result<Vec<Option<f64>>, ReaggregationError> {
    let divisor = match column.data_type() {
        DataType::Decimal128(_, scale) => 10f64.powi(i32::from(*scale)),
        _ => 1.0,
    };
    with_numeric_type!(column.data_type(), T => {
        let sums = group_sums::<T>(column.as_primitive::<T>(), groups, label)?;
        Ok(sums.into_iter().map(|sum| sum.map(|sum| sum.as_float() / divisor)).collect())
    }, _ => Err(unsupported(label)))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Extreme {
    Least,
    Greatest,
}

/// `MIN` or `MAX` per group, in the column's own type (NaN is the greatest float, as in SQL).
fn extreme_column(
    column: &ArrayRef,
    groups: &Groups,
    label: &str,
    extreme: Extreme,
) -> Result<ArrayRef, ReaggregationError> {
    with_ordered_type!(column.data_type(), T => {
        let merged = group_extremes::<T>(column.as_primitive::<T>(), groups, extreme);
        Ok(Arc::new(PrimitiveArray::<T>::from_iter(merged).with_data_type(column.data_type().clone())) as ArrayRef)
    }, _ => Err(unsupported(label)))
}

fn group_extremes<T: ArrowPrimitiveType>(
    array: &PrimitiveArray<T>,
    groups: &Groups,
    extreme: Extreme,
) -> Vec<Option<T::Native>> {
    let mut extremes: Vec<Option<T::Native>> = vec![None; groups.count()];
    let values = array.values();
    let nulls = array.nulls().filter(|nulls| nulls.null_count() > 0);
    for (row, (&group, &value)) in groups.group_of_row.iter().zip(values.iter()).enumerate() {
        if group == NO_GROUP || nulls.is_some_and(|nulls| nulls.is_null(row)) {
            continue;
        }
        let current = &mut extremes[group as usize];
        let replaces = match current {
            None => true,
            Some(current) => match extreme {
                Extreme::Least => value.is_lt(*current),
                Extreme::Greatest => value.is_gt(*current),
            },
        };
        if replaces {
            *current = Some(value);
        }
    }
    extremes
}
