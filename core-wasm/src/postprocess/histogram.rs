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
use std::borrow::Cow;

use crate::postprocess::frame::{
    batch_from, column_position, float_array, invalid, is_numeric, number_values, take_rows,
};
use crate::postprocess::keys::{appearance_groups, NO_CODE};

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
    let values = number_values(&batch, position)?;
    let edges = bin_edges(values.iter().copied().filter(|value| !value.is_nan()), bin_count);
    let groupby = options.groupby.unwrap_or_default();
    let key_positions = groupby
        .iter()
        .map(|name| column_position(&batch, name))
        .collect::<CoreResult<Vec<_>>>()?;

    // Each row's group (without groupby, one group, which exists even without rows).
    let (ids, first_rows): (Cow<'_, [u32]>, Vec<usize>) = if key_positions.is_empty() {
        (Cow::Owned(vec![0; batch.num_rows()]), vec![0])
    } else {
        let dense = appearance_groups(&batch, &key_positions)?.into_dense_ids();
        (Cow::Owned(dense.ids), dense.first_row)
    };
    let group_count = first_rows.len();
    let binning = Binning::new(&edges);
    let mut flat_counts = vec![0.0f64; group_count * bin_count];
    for (&value, &id) in values.iter().zip(ids.iter()) {
        if id != NO_CODE && !value.is_nan() {
            flat_counts[id as usize * bin_count + binning.bin(value)] += 1.0;
        }
    }
    let mut counts: Vec<&mut [f64]> = flat_counts.chunks_mut(bin_count).collect();
    if options.cumulative {
        for group in counts.iter_mut() {
            let mut running = 0.0;
            for count in group.iter_mut() {
                running += *count;
                *count = running;
            }
        }
    }
    if options.normalize {
        let total: f64 = counts.iter().map(|group| group.iter().sum::<f64>()).sum();
        for count in counts.iter_mut().flat_map(|group| group.iter_mut()) {
            *count /= total;
        }
    }

    let mut fields: Vec<Field> = Vec::new();
    let mut columns: Vec<ArrayRef> = Vec::new();
    if !key_positions.is_empty() {
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
        columns.push(float_array(counts.iter().map(|group| group[bin]).collect()));
    }
    batch_from(fields, columns, group_count)
}

/// Each value's bin, as numpy finds it for equal-width bins: by arithmetic, then corrected
/// against the edges (`[low, high)`, the last bin closed).
struct Binning<'a> {
    edges: &'a [f64],
    low: f64,
    scale: f64,
    last: usize,
}

impl<'a> Binning<'a> {
    fn new(edges: &'a [f64]) -> Self {
        let last = edges.len().saturating_sub(2);
        let (low, high) = (edges[0], edges[edges.len() - 1]);
        Binning {
            edges,
            low,
            scale: (edges.len() - 1) as f64 / (high - low),
            last,
        }
    }

    /// The bin of a present value: as `partition_point(edge <= value) - 1`, within the bins.
    fn bin(&self, value: f64) -> usize {
        let estimate = ((value - self.low) * self.scale).max(0.0);
        let mut bin = (estimate as usize).min(self.last);
        while bin > 0 && value < self.edges[bin] {
            bin -= 1;
        }
        while bin < self.last && value >= self.edges[bin + 1] {
            bin += 1;
        }
        bin
    }
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
    fn bins_are_those_of_the_edges() {
        let edges = bin_edges([0.1, 7.3, 2.2].into_iter(), 7);
        let binning = Binning::new(&edges);
        for step in 0..=1_000 {
            let value = 0.1 + (7.3 - 0.1) * f64::from(step) / 1_000.0;
            let above = edges.partition_point(|&edge| edge <= value);
            assert_eq!(binning.bin(value), above.saturating_sub(1).min(6), "{value}");
        }
    }

    #[test]
    fn equal_values_get_a_unit_range() {
        assert_eq!(bin_edges([3.0, 3.0].into_iter(), 2), vec![2.5, 3.0, 3.5]);
        assert_eq!(bin_edges(std::iter::empty(), 2), vec![0.0, 0.5, 1.0]);
    }
}
