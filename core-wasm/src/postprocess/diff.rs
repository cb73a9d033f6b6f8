//! `diff`: `{"columns": {"sales": "sales_diff"}, "periods": 1, "axis": 0}`, pandas' `diff`.
//!
//! Along rows (`axis` 0, the default) a value minus the one `periods` rows before (after, for a
//! negative `periods`); along columns (`axis` 1) minus the mapped column `periods` places before.
//! Null where either side is missing.

use std::collections::BTreeMap;

use arrow::record_batch::RecordBatch;
use serde::Deserialize;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::frame::{append_columns, float_array, invalid, mapped_columns, number_values};

#[derive(Debug, Deserialize)]
pub struct DiffOptions {
    #[serde(default)]
    columns: Option<BTreeMap<String, String>>,
    #[serde(default = "default_periods")]
    periods: i64,
    #[serde(default)]
    axis: Option<Value>,
}

fn default_periods() -> i64 {
    1
}

pub fn diff(batch: RecordBatch, options: DiffOptions) -> CoreResult<RecordBatch> {
    let along_columns = match &options.axis {
        None | Some(Value::Null) => false,
        Some(axis)
            if axis.as_i64() == Some(0)
                || axis.as_str() == Some("index")
                || axis.as_str() == Some("rows") =>
        {
            false
        }
        Some(axis) if axis.as_i64() == Some(1) || axis.as_str() == Some("columns") => true,
        Some(axis) => return Err(invalid(format!("No axis named {axis} for object type DataFrame"))),
    };
    let mapping = options.columns.unwrap_or_default();
    let columns = mapped_columns(&batch, &mapping)?;
    let values = columns
        .iter()
        .map(|column| number_values(&batch, column.position))
        .collect::<CoreResult<Vec<_>>>()?;
    let row_count = batch.num_rows();
    let mut results = Vec::new();
    for (number, column) in columns.into_iter().enumerate() {
        // Missing values are NaN, which every difference with them is.
        let differences: Vec<f64> = if along_columns {
            let other = i64::try_from(number)
                .ok()
                .and_then(|number| number.checked_sub(options.periods))
                .and_then(|other| usize::try_from(other).ok())
                .filter(|&other| other < values.len());
            match other {
                Some(other) => values[number]
                    .iter()
                    .zip(values[other].iter())
                    .map(|(value, other)| value - other)
                    .collect(),
                None => vec![f64::NAN; row_count],
            }
        } else {
            shifted_differences(&values[number], options.periods)
        };
        results.push((column, float_array(differences)));
    }
    append_columns(batch, &mapping, results)
}

/// `values[row] - values[row - periods]`, NaN where that row does not exist.
fn shifted_differences(values: &[f64], periods: i64) -> Vec<f64> {
    let row_count = values.len();
    let shift = usize::try_from(periods.unsigned_abs())
        .unwrap_or(usize::MAX)
        .min(row_count);
    let mut differences = Vec::with_capacity(row_count);
    if periods >= 0 {
        differences.extend(std::iter::repeat_n(f64::NAN, shift));
        differences.extend(
            values[shift..]
                .iter()
                .zip(values.iter())
                .map(|(value, before)| value - before),
        );
    } else {
        differences.extend(
            values
                .iter()
                .zip(values[shift..].iter())
                .map(|(value, after)| value - after),
        );
        differences.extend(std::iter::repeat_n(f64::NAN, shift));
    }
    differences
}
