//! `boxplot`: `{"groupby": ["region"], "metrics": ["sales"], "whisker_type": "tukey" | "min/max"
//! | "percentile", "percentiles": [10, 90]}`, Superset's box plot statistics per group.
//!
//! For each statistic and then each metric (`sales__mean`, `sales__median`, `sales__max`,
//! `sales__min`, `sales__q1`, `sales__q3`, `sales__count`, `sales__outliers`), over the
//! group's present values: `q1` / `q3` are numpy's `midpoint` percentiles; the whiskers
//! (`max`, `min`) are the extreme values within 1.5 IQR of the quartiles (`tukey`), the given
//! linear percentiles (`percentile`) or the extremes (`min/max`); `outliers` is a list of the
//! values above the high whisker, then those below the low one, in row order. Groups come
//! sorted, rows with a null key left out.

use arrow::array::{ArrayRef, Float64Builder, ListBuilder};
use arrow::datatypes::Field;
use arrow::record_batch::RecordBatch;
use serde::Deserialize;
use serde_json::Value;
use std::sync::Arc;

use crate::error::CoreResult;
use crate::postprocess::aggregate::{group_rows, median};
use crate::postprocess::frame::{batch_from, column_position, invalid, number_array, numbers, take_rows};

#[derive(Debug, Deserialize)]
pub struct BoxplotOptions {
    #[serde(default)]
    groupby: Option<Vec<String>>,
    metrics: Vec<String>,
    whisker_type: String,
    #[serde(default)]
    percentiles: Option<Vec<Value>>,
}

/// How the whiskers are placed.
#[derive(Debug, Clone, Copy)]
enum Whiskers {
    Tukey,
    Percentiles(f64, f64),
    Extremes,
}

/// The statistics of one metric in one group.
struct BoxStatistics {
    mean: Option<f64>,
    median: Option<f64>,
    high: Option<f64>,
    low: Option<f64>,
    q1: Option<f64>,
    q3: Option<f64>,
    count: f64,
    outliers: Vec<f64>,
}

const STATISTICS: [&str; 8] = ["mean", "median", "max", "min", "q1", "q3", "count", "outliers"];

pub fn boxplot(batch: RecordBatch, options: BoxplotOptions) -> CoreResult<RecordBatch> {
    let whiskers =
        match options.whisker_type.as_str() {
            "tukey" => Whiskers::Tukey,
            "min/max" => Whiskers::Extremes,
            "percentile" => {
                let bounds: Vec<f64> = options
                    .percentiles
                    .unwrap_or_default()
                    .iter()
                    .filter_map(Value::as_f64)
                    .collect();
                match bounds[..] {
                    [low, high] if low < high => Whiskers::Percentiles(low, high),
                    _ => return Err(invalid(
                        "percentiles must be a list or tuple with two numeric values, of which the first is \
                         lower than the second value",
                    )),
                }
            }
            other => return Err(invalid(format!("Invalid whisker type: {other}"))),
        };
    let groupby = options.groupby.unwrap_or_default();
    let key_positions = groupby
        .iter()
        .map(|name| column_position(&batch, name))
        .collect::<CoreResult<Vec<_>>>()?;
    let groups = group_rows(&batch, &key_positions, false)?;
    let mut statistics: Vec<Vec<BoxStatistics>> = Vec::with_capacity(options.metrics.len());
    for metric in &options.metrics {
        let values = numbers(&batch, column_position(&batch, metric)?)?;
        statistics.push(
            groups
                .iter()
                .map(|rows| {
                    let group: Vec<f64> = rows.iter().filter_map(|&row| values[row]).collect();
                    box_statistics(&group, whiskers)
                })
                .collect(),
        );
    }

    let first_rows: Vec<usize> = groups.iter().filter_map(|rows| rows.first().copied()).collect();
    let keys = take_rows(&batch, &first_rows)?;
    let mut fields: Vec<Field> = Vec::new();
    let mut columns: Vec<ArrayRef> = Vec::new();
    for &position in &key_positions {
        fields.push(keys.schema().field(position).clone());
        columns.push(keys.column(position).clone());
    }
    for statistic in STATISTICS {
        for (metric, per_group) in options.metrics.iter().zip(&statistics) {
            let name = format!("{metric}__{statistic}");
            let column: ArrayRef = if statistic == "outliers" {
                let mut lists = ListBuilder::new(Float64Builder::new());
                for group in per_group {
                    lists.values().append_slice(&group.outliers);
                    lists.append(true);
                }
                Arc::new(lists.finish())
            } else {
                number_array(per_group.iter().map(|group| match statistic {
                    "mean" => group.mean,
                    "median" => group.median,
                    "max" => group.high,
                    "min" => group.low,
                    "q1" => group.q1,
                    "q3" => group.q3,
                    _ => Some(group.count),
                }))
            };
            fields.push(Field::new(name, column.data_type().clone(), true));
            columns.push(column);
        }
    }
    batch_from(fields, columns, groups.len())
}

fn box_statistics(values: &[f64], whiskers: Whiskers) -> BoxStatistics {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let q1 = percentile(&sorted, 25.0, Interpolation::Midpoint);
    let q3 = percentile(&sorted, 75.0, Interpolation::Midpoint);
    let maximum = sorted.last().copied();
    let minimum = sorted.first().copied();
    let (high, low) = match (whiskers, q1, q3) {
        (Whiskers::Tukey, Some(q1), Some(q3)) => {
            let reach = 1.5 * (q3 - q1);
            (
                sorted
                    .iter()
                    .copied()
                    .filter(|&value| value <= q3 + reach)
                    .reduce(f64::max),
                sorted
                    .iter()
                    .copied()
                    .filter(|&value| value >= q1 - reach)
                    .reduce(f64::min),
            )
        }
        (Whiskers::Percentiles(low, high), _, _) => (
            percentile(&sorted, high, Interpolation::Linear),
            percentile(&sorted, low, Interpolation::Linear),
        ),
        _ => (maximum, minimum),
    };
    let above = values
        .iter()
        .copied()
        .filter(|&value| high.is_some_and(|high| value > high));
    let below = values
        .iter()
        .copied()
        .filter(|&value| low.is_some_and(|low| value < low));
    BoxStatistics {
        mean: (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64),
        median: median(sorted.clone()),
        high,
        low,
        q1,
        q3,
        count: values.len() as f64,
        outliers: above.chain(below).collect(),
    }
}

#[derive(Debug, Clone, Copy)]
enum Interpolation {
    Linear,
    Midpoint,
}

/// numpy's `nanpercentile(sorted, percent, method)` of sorted present values.
fn percentile(sorted: &[f64], percent: f64, interpolation: Interpolation) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let position = last as f64 * percent / 100.0;
    let below = position.floor() as usize;
    let above = position.ceil() as usize;
    let (low, high) = (sorted[below.min(last)], sorted[above.min(last)]);
    Some(match interpolation {
        Interpolation::Linear => low + (high - low) * (position - below as f64),
        Interpolation::Midpoint => (low + high) / 2.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_interpolate_as_numpy() {
        let sorted = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile(&sorted, 25.0, Interpolation::Midpoint), Some(1.5));
        assert_eq!(percentile(&sorted, 25.0, Interpolation::Linear), Some(1.75));
        assert_eq!(percentile(&[], 25.0, Interpolation::Linear), None);
    }
}
