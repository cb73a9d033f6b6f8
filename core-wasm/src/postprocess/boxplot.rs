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
use crate::postprocess::frame::{
    batch_from, column_position, invalid, number_array, number_values, take_rows,
};
use crate::postprocess::keys::{appearance_groups, NO_CODE};

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
    let rows = batch.num_rows();
    let (ids, first_rows): (Vec<u32>, Vec<usize>) = if key_positions.is_empty() {
        (vec![0; rows], if rows == 0 { Vec::new() } else { vec![0] })
    } else {
        let dense = appearance_groups(&batch, &key_positions)?.into_dense_ids();
        (dense.ids, dense.first_row)
    };
    let group_count = first_rows.len();
    let mut statistics: Vec<Vec<BoxStatistics>> = Vec::with_capacity(options.metrics.len());
    let mut scratch: Vec<f64> = Vec::new();
    for metric in &options.metrics {
        let values = number_values(&batch, column_position(&batch, metric)?)?;
        // Each group's present values together, in row order: a counting sort by group.
        let mut starts = vec![0usize; group_count + 1];
        for (&value, &id) in values.iter().zip(&ids) {
            if id != NO_CODE && !value.is_nan() {
                starts[id as usize + 1] += 1;
            }
        }
        for group in 1..starts.len() {
            starts[group] += starts[group - 1];
        }
        let mut grouped = vec![0.0f64; starts[group_count]];
        let mut next = starts.clone();
        for (&value, &id) in values.iter().zip(&ids) {
            if id != NO_CODE && !value.is_nan() {
                let slot = &mut next[id as usize];
                grouped[*slot] = value;
                *slot += 1;
            }
        }
        statistics.push(
            starts
                .windows(2)
                .map(|bounds| box_statistics(&grouped[bounds[0]..bounds[1]], whiskers, &mut scratch))
                .collect(),
        );
    }

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
    batch_from(fields, columns, group_count)
}

/// The statistics of a group's present values (in row order). Quantiles come from selection
/// (`select_nth_unstable`, linear) on a scratch copy rather than a full sort.
fn box_statistics(values: &[f64], whiskers: Whiskers, scratch: &mut Vec<f64>) -> BoxStatistics {
    scratch.clear();
    scratch.extend_from_slice(values);
    let selected = scratch.as_mut_slice();
    let q1 = percentile(selected, 25.0, Interpolation::Midpoint);
    let q3 = percentile(selected, 75.0, Interpolation::Midpoint);
    let median = percentile(selected, 50.0, Interpolation::Midpoint);
    let (minimum, maximum) = values
        .iter()
        .fold(None, |extremes: Option<(f64, f64)>, &value| match extremes {
            None => Some((value, value)),
            Some((low, high)) => Some((low.min(value), high.max(value))),
        })
        .unzip();
    let (high, low) = match (whiskers, q1, q3) {
        (Whiskers::Tukey, Some(q1), Some(q3)) => {
            let reach = 1.5 * (q3 - q1);
            (
                values
                    .iter()
                    .copied()
                    .filter(|&value| value <= q3 + reach)
                    .reduce(f64::max),
                values
                    .iter()
                    .copied()
                    .filter(|&value| value >= q1 - reach)
                    .reduce(f64::min),
            )
        }
        (Whiskers::Percentiles(low, high), _, _) => (
            percentile(selected, high, Interpolation::Linear),
            percentile(selected, low, Interpolation::Linear),
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
        median,
        high,
        low,
        q1,
        q3,
        count: values.len() as f64,
        outliers: above.chain(below).collect(),
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum Interpolation {
    Linear,
    Midpoint,
}

/// numpy's `nanpercentile(values, percent, method)` of present values, found by selection
/// (the values are reordered).
pub(crate) fn percentile(values: &mut [f64], percent: f64, interpolation: Interpolation) -> Option<f64> {
    let last = values.len().checked_sub(1)?;
    let position = last as f64 * percent / 100.0;
    let below = (position.floor() as usize).min(last);
    let above = (position.ceil() as usize).min(last);
    let (_, &mut low, larger) = values.select_nth_unstable_by(below, f64::total_cmp);
    // After the selection every value past `below` is at least `low`: the next order statistic
    // is their least.
    let high = if above == below {
        low
    } else {
        larger.iter().copied().fold(f64::INFINITY, f64::min)
    };
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
        let mut values = [4.0, 2.0, 1.0, 3.0];
        assert_eq!(percentile(&mut values, 25.0, Interpolation::Midpoint), Some(1.5));
        assert_eq!(percentile(&mut values, 25.0, Interpolation::Linear), Some(1.75));
        assert_eq!(percentile(&mut values, 50.0, Interpolation::Midpoint), Some(2.5));
        assert_eq!(percentile(&mut values, 100.0, Interpolation::Linear), Some(4.0));
        assert_eq!(percentile(&mut [], 25.0, Interpolation::Linear), None);
    }
}
