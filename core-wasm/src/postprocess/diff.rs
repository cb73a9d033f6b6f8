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
use crate::postprocess::frame::{append_columns, invalid, mapped_columns, number_array, numbers};

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
        .map(|column| numbers(&batch, column.position))
        .collect::<CoreResult<Vec<_>>>()?;
    let shifted = |series: &[Option<f64>], index: usize| -> Option<f64> {
        let other = i64::try_from(index).ok()?.checked_sub(options.periods)?;
        series.get(usize::try_from(other).ok()?).copied().flatten()
    };
    let mut results = Vec::new();
    for (number, column) in columns.into_iter().enumerate() {
        let differences: Vec<Option<f64>> = if along_columns {
            let others: Vec<Option<f64>> = (0..batch.num_rows())
                .map(|row| {
                    let cells: Vec<Option<f64>> = values.iter().map(|series| series[row]).collect();
                    shifted(&cells, number)
                })
                .collect();
            values[number]
                .iter()
                .zip(others)
                .map(|(value, other)| Some(value.as_ref()? - other?))
                .collect()
        } else {
            (0..batch.num_rows())
                .map(|row| Some(values[number][row]? - shifted(&values[number], row)?))
                .collect()
        };
        results.push((column, number_array(differences)));
    }
    append_columns(batch, &mapping, results)
}
