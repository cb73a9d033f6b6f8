//! `cum`: `{"operator": "sum", "columns": {"sales": "sales_total"}}`, pandas' `cumsum`,
//! `cumprod`, `cummin`, `cummax` on each mapped column. A null stays null and the running value
//! goes on past it (`[1, null, 2]` → `[1, null, 3]`).

use std::collections::BTreeMap;

use arrow::record_batch::RecordBatch;
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::frame::{append_columns, invalid, mapped_columns, number_array, numbers};

#[derive(Debug, Deserialize)]
pub struct CumOptions {
    #[serde(default)]
    operator: String,
    #[serde(default)]
    columns: Option<BTreeMap<String, String>>,
}

pub fn cum(batch: RecordBatch, options: CumOptions) -> CoreResult<RecordBatch> {
    let combine: fn(f64, f64) -> f64 = match options.operator.as_str() {
        "sum" => |total, value| total + value,
        "prod" => |total, value| total * value,
        "min" => f64::min,
        "max" => f64::max,
        operator => return Err(invalid(format!("Invalid cumulative operator: {operator}"))),
    };
    let mapping = options.columns.unwrap_or_default();
    let mut results = Vec::new();
    for column in mapped_columns(&batch, &mapping)? {
        let values = numbers(&batch, column.position)?;
        let mut running: Option<f64> = None;
        let cumulated: Vec<Option<f64>> = values
            .into_iter()
            .map(|value| {
                let value = value?;
                let next = running.map_or(value, |total| combine(total, value));
                running = Some(next);
                Some(next)
            })
            .collect();
        results.push((column, number_array(cumulated)));
    }
    append_columns(batch, &mapping, results)
}
