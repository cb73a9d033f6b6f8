//! `histogram`: `{"column": "age", "groupby": ["gender"], "bins": 5, "cumulative": false,
//! "normalize": false}`, Superset's histogram: numpy's equal-width bins between the column's
//! minimum and maximum (±0.5 when they are equal, 0 to 1 when there are no values), each bin
//! `[low, high)` except the last, which includes the maximum.
//!
//! The result has the `groupby` columns (groups sorted, null keys left out), then one Float64
//! column per bin named `"<int(low)> - <int(high)>"` with the count of present values;
//! `cumulative` makes the counts running totals and `normalize` divides them by the total
//! over every group. Without `groupby` the result is one row.

use arrow::array::ArrayRef;
use arrow::datatypes::{DataType, Field};
use arrow::record_batch::RecordBatch;
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::aggregate::group_rows;
use crate::postprocess::frame::{
    batch_from, column_position, invalid, is_numeric, number_array, numbers, take_rows,
};
use crate::postprocess::keys::Groups;

#[derive(Debug, Deserialize)]
pub struct HistogramOptions {
    column: String,
    #[serde(default)]
    groupby: Option<Vec<String>>,
    #[serde(default = "default_bins")]
    bins: i64,
    #[serde(default)]
    cumulative: bool,
    #[serde(default)]
    normalize: bool,
}

fn default_bins() -> i64 {
    5
}

pub fn histogram(batch: RecordBatch, options: HistogramOptions) -> CoreResult<RecordBatch> {
    let position = column_position(&batch, &options.column)?;
    if !is_numeric(batch.column(position).data_type()) {
        return Err(invalid(format!(
            "The column '{}' must be numeric.",
            options.column
        )));
    }
    let bin_count = usize::try_from(options.bins)
        .ok()
        .filter(|&bins| bins > 0)
        .ok_or_else(|| invalid("`bins` must be positive, when an integer"))?;
    let values = numbers(&batch, position)?;
    let edges = bin_edges(values.iter().flatten().copied(), bin_count);
    let groupby = options.groupby.unwrap_or_default();
    let key_positions = groupby
        .iter()
        .map(|name| column_position(&batch, name))
        .collect::<CoreResult<Vec<_>>>()?;

    let groups = if key_positions.is_empty() {
        Groups::single_even_if_empty(batch.num_rows())
    } else {
        group_rows(&batch, &key_positions, false)?
    };
    let mut counts: Vec<Vec<f64>> = groups
        .iter()
        .map(|rows: &[usize]| {
            let mut counts = vec![0.0; bin_count];
            for value in rows.iter().filter_map(|&row| values[row]) {
                let above = edges.partition_point(|&edge| edge <= value);
                let bin = above.saturating_sub(1).min(bin_count - 1);
                counts[bin] += 1.0;
            }
            if options.cumulative {
                let mut running = 0.0;
                for count in &mut counts {
                    running += *count;
                    *count = running;
                }
            }
            counts
        })
        .collect();
    if options.normalize {
        let total: f64 = counts.iter().flatten().sum();
        for count in counts.iter_mut().flatten() {
            *count /= total;
        }
    }

    let mut fields: Vec<Field> = Vec::new();
    let mut columns: Vec<ArrayRef> = Vec::new();
    if !key_positions.is_empty() {
        let first_rows: Vec<usize> = groups.iter().filter_map(|rows| rows.first().copied()).collect();
        let keys = take_rows(&batch, &first_rows)?;
        for &key_position in &key_positions {
            fields.push(keys.schema().field(key_position).clone());
            columns.push(keys.column(key_position).clone());
        }
    }
    for bin in 0..bin_count {
        // Python's int() truncates toward zero.
        let name = format!(
            "{} - {}",
            edges[bin].trunc() as i64,
            edges[bin + 1].trunc() as i64
        );
        fields.push(Field::new(name, DataType::Float64, true));
        columns.push(number_array(counts.iter().map(|group| Some(group[bin]))));
    }
    batch_from(fields, columns, groups.len())
}

/// numpy's `histogram_bin_edges(values, bins)`: `bins + 1` equal steps from the minimum to the
/// maximum.
fn bin_edges(values: impl Iterator<Item = f64>, bin_count: usize) -> Vec<f64> {
    let (mut low, mut high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), value| {
        (low.min(value), high.max(value))
    });
    if low > high {
        (low, high) = (0.0, 1.0);
    }
    if low == high {
        (low, high) = (low - 0.5, high + 0.5);
    }
    let step = (high - low) / bin_count as f64;
    let mut edges: Vec<f64> = (0..bin_count).map(|index| low + index as f64 * step).collect();
    edges.push(high);
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_get_a_unit_range() {
        assert_eq!(bin_edges([3.0, 3.0].into_iter(), 2), vec![2.5, 3.0, 3.5]);
        assert_eq!(bin_edges(std::iter::empty(), 2), vec![0.0, 0.5, 1.0]);
    }
}
