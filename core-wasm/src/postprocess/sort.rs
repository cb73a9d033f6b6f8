//! `sort`: pandas' `sort_values` (nulls last in both directions).
//!
//! Options, in every shape Superset has sent:
//! - `{"columns": {"a": true, "b": false}}` (Superset ≤ 2.0) or `{"by": {"a": true}}`;
//! - `{"by": "a" | ["a", "b"], "ascending": true | [true, false]}` (Superset ≥ 2.1);
//! - `{"is_sort_index": true, "ascending": false}` without `by`: the result has a plain row
//!   index (0, 1, ...), so this keeps or reverses the row order.
//!
//! The object forms lose their key order in `serde_json::Value` (keys come alphabetically), so
//! a sort on several keys should use the list form. Ties keep their input order (a stable sort;
//! pandas' default quicksort does not promise that for one key): a radix sort per key, see
//! [`crate::postprocess::order`].

use serde::Deserialize;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::frame::{column_position, invalid, take_row_ids, take_rows};
use crate::postprocess::order::{sort_rows, OrderKey};
use arrow::record_batch::RecordBatch;

#[derive(Debug, Deserialize)]
pub struct SortOptions {
    #[serde(default)]
    columns: Option<serde_json::Map<String, Value>>,
    #[serde(default)]
    by: Option<Value>,
    #[serde(default)]
    ascending: Option<Value>,
    #[serde(default)]
    is_sort_index: bool,
}

pub fn sort(batch: RecordBatch, options: SortOptions) -> CoreResult<RecordBatch> {
    let keys = sort_keys(&options)?;
    if keys.is_empty() {
        if !options.is_sort_index {
            return Ok(batch);
        }
        let ascending = !matches!(options.ascending, Some(Value::Bool(false)));
        let mut order: Vec<usize> = (0..batch.num_rows()).collect();
        if !ascending {
            order.reverse();
        }
        return take_rows(&batch, &order);
    }
    let order_keys = keys
        .iter()
        .map(|(name, ascending)| OrderKey::of_column(&batch, column_position(&batch, name)?, *ascending))
        .collect::<CoreResult<Vec<_>>>()?;
    let order_keys: Vec<&OrderKey> = order_keys.iter().collect();
    take_row_ids(&batch, sort_rows(&order_keys, batch.num_rows())?)
}

/// `(column, ascending)` pairs in priority order.
fn sort_keys(options: &SortOptions) -> CoreResult<Vec<(String, bool)>> {
    if let Some(columns) = &options.columns {
        return object_keys(columns);
    }
    let names: Vec<String> = match &options.by {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Object(columns)) => return object_keys(columns),
        Some(Value::String(name)) => vec![name.clone()],
        Some(Value::Array(names)) => names
            .iter()
            .map(|name| {
                name.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| invalid("`by` must name columns"))
            })
            .collect::<CoreResult<_>>()?,
        Some(_) => return Err(invalid("`by` must name columns")),
    };
    let ascending: Vec<bool> = match &options.ascending {
        None | Some(Value::Null) => vec![true; names.len()],
        Some(Value::Bool(ascending)) => vec![*ascending; names.len()],
        Some(Value::Array(flags)) => flags
            .iter()
            .map(|flag| {
                flag.as_bool()
                    .ok_or_else(|| invalid("`ascending` must be booleans"))
            })
            .collect::<CoreResult<_>>()?,
        Some(_) => return Err(invalid("`ascending` must be booleans")),
    };
    if ascending.len() != names.len() {
        return Err(invalid(format!(
            "Length of ascending ({}) != length of by ({})",
            ascending.len(),
            names.len()
        )));
    }
    Ok(names.into_iter().zip(ascending).collect())
}

fn object_keys(columns: &serde_json::Map<String, Value>) -> CoreResult<Vec<(String, bool)>> {
    columns
        .iter()
        .map(|(name, ascending)| {
            let ascending = ascending
                .as_bool()
                .ok_or_else(|| invalid("Sort directions must be booleans"))?;
            Ok((name.clone(), ascending))
        })
        .collect()
}
