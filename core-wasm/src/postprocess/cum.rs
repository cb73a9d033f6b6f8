//! `cum`: `{"operator": "sum", "columns": {"sales": "sales_total"}}`, pandas' `cumsum`,
//! `cumprod`, `cummin`, `cummax` on each mapped column. A null stays null and the running value
//! goes on past it (`[1, null, 2]` → `[1, null, 3]`).

use std::collections::BTreeMap;

use arrow::record_batch::RecordBatch;
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::frame::{append_columns, float_array, invalid, mapped_columns, number_values};

#[derive(Debug, Deserialize)]
pub struct CumOptions {
    #[serde(default)]
    operator: String,
    #[serde(default)]
    columns: Option<BTreeMap<String, String>>,
}

pub fn cum(batch: RecordBatch, options: CumOptions) -> CoreResult<RecordBatch> {
    // Each operator with its neutral start: -0.0 + x is x for every x (0.0 is not, for -0.0).
    let (start, combine): (f64, fn(f64, f64) -> f64) = match options.operator.as_str() {
        "sum" => (-0.0, |total, value| total + value),
        "prod" => (1.0, |total, value| total * value),
        "min" => (f64::INFINITY, f64::min),
        "max" => (f64::NEG_INFINITY, f64::max),
        operator => return Err(invalid(format!("Invalid cumulative operator: {operator}"))),
    };
    let mapping = options.columns.unwrap_or_default();
    let mut results = Vec::new();
    for column in mapped_columns(&batch, &mapping)? {
        let values = number_values(&batch, column.position)?;
        let cumulated = match options.operator.as_str() {
            "sum" => cumulate(&values, start, |total, value| total + value),
            _ => cumulate(&values, start, combine),
        };
        results.push((column, float_array(cumulated)));
    }
    append_columns(batch, &mapping, results)
}

/// The running `combine` of the present values, missing (NaN) where the value is missing.
fn cumulate(values: &[f64], start: f64, combine: impl Fn(f64, f64) -> f64) -> Vec<f64> {
    let mut running = start;
    values
        .iter()
        .map(|&value| {
            if value.is_nan() {
                f64::NAN
            } else {
                running = combine(running, value);
                running
            }
        })
        .collect()
}
