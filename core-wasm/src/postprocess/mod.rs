//! Post-processing of query results on Arrow record batches: Superset's
//! `superset/utils/pandas_postprocessing`, with its parameters, results and messages.
//!
//! A rule is `{"operation": "pivot", "options": {...}}` as the query object's
//! `post_processing` carries it; `null` rules are skipped and the rules run in order.
//! Numbers are read as `f64` (Int64, Decimal128 and the other numeric types included) and
//! numeric results are Float64; a NaN is a null, as pandas' missing value. Superset's JSON
//! objects reach us as `serde_json::Value`, which keeps object keys in alphabetical order, so
//! where Superset follows key order (the output order of `aggregate`'s labels, the priority of a
//! `sort` given as an object) we follow the alphabetical one.
//!
//! Operations: `sort`, `rename`, `aggregate`, `pivot`, `flatten`, `cum`, `rolling`, `diff`,
//! `contribution`, `compare`, `rank`, `resample`, `histogram`, `boxplot`; any other fails with `InvalidPostProcessing`. Each module
//! documents where it departs from pandas. [`series_order`] orders a time-series chart's series
//! after them (`sort_series_type`).

mod aggregate;
mod boxplot;
mod compare;
mod contribution;
mod cum;
mod diff;
mod flatten;
mod frame;
mod histogram;
pub(crate) mod keys;
pub mod levels;
mod order;
mod pivot;
mod rank;
mod rename;
mod resample;
mod rolling;
pub mod series_order;
mod sort;

use arrow::record_batch::RecordBatch;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::frame::invalid;

/// `batch` after every rule of `rules` in order.
pub fn apply_post_processing(rules: &[Value], batch: RecordBatch) -> CoreResult<RecordBatch> {
    let mut batch = batch;
    for rule in rules {
        if rule.is_null() {
            continue;
        }
        batch = apply_rule(rule, batch)?;
    }
    Ok(batch)
}

fn apply_rule(rule: &Value, batch: RecordBatch) -> CoreResult<RecordBatch> {
    let Some(operation) = rule.get("operation").and_then(Value::as_str) else {
        return Err(invalid("A post-processing rule needs an operation"));
    };
    let options = rule.get("options").cloned().unwrap_or(Value::Null);
    match operation {
        "sort" => sort::sort(batch, options_of(operation, options)?),
        "rename" => rename::rename(batch, options_of(operation, options)?),
        "aggregate" => aggregate::aggregate(batch, options_of(operation, options)?),
        "pivot" => pivot::pivot(batch, options_of(operation, options)?),
        "flatten" => flatten::flatten(batch, options_of(operation, options)?),
        "cum" => cum::cum(batch, options_of(operation, options)?),
        "rolling" => rolling::rolling(batch, options_of(operation, options)?),
        "diff" => diff::diff(batch, options_of(operation, options)?),
        "contribution" => contribution::contribution(batch, options_of(operation, options)?),
        "compare" => compare::compare(batch, options_of(operation, options)?),
        "rank" => rank::rank(batch, options_of(operation, options)?),
        "resample" => resample::resample(batch, options_of(operation, options)?),
        "histogram" => histogram::histogram(batch, options_of(operation, options)?),
        "boxplot" => boxplot::boxplot(batch, options_of(operation, options)?),
        _ => Err(invalid(format!(
            "Unsupported post processing operation: {operation}"
        ))),
    }
}

/// The options of one operation (`null` or absent options are the defaults).
fn options_of<T: DeserializeOwned>(operation: &str, options: Value) -> CoreResult<T> {
    let options = if options.is_null() {
        Value::Object(serde_json::Map::new())
    } else {
        options
    };
    serde_json::from_value(options)
        .map_err(|error| invalid(format!("Invalid options for {operation}: {error}")))
}
