//! `compare`: `{"source_columns": ["y"], "compare_columns": ["y__1 year ago"],
//! "compare_type": "difference" | "percentage" | "ratio", "drop_original_columns": false,
//! "precision": 4}` appends `<type>__<source>__<compare>` columns: `source - compare`,
//! `(source - compare) / compare` or `source / compare`, the last two rounded to `precision`
//! decimals (half to even, as numpy rounds).

use arrow::datatypes::{DataType, Field};
use arrow::record_batch::RecordBatch;
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::frame::{batch_from, column_position, float_array, invalid, number_values};

#[derive(Debug, Deserialize)]
pub struct CompareOptions {
    #[serde(default)]
    source_columns: Vec<String>,
    #[serde(default)]
    compare_columns: Vec<String>,
    #[serde(default)]
    compare_type: String,
    #[serde(default)]
    drop_original_columns: Option<bool>,
    #[serde(default = "default_precision")]
    precision: Option<i32>,
}

fn default_precision() -> Option<i32> {
    Some(4)
}

/// Superset's `TIME_COMPARISON` separator.
const TIME_COMPARISON: &str = "__";

pub fn compare(batch: RecordBatch, options: CompareOptions) -> CoreResult<RecordBatch> {
    let source_positions = positions(&batch, &options.source_columns)?;
    let compare_positions = positions(&batch, &options.compare_columns)?;
    if source_positions.len() != compare_positions.len() {
        return Err(invalid(
            "`compare_columns` must have the same length as `source_columns`.",
        ));
    }
    let compare_type = options.compare_type.as_str();
    if !matches!(compare_type, "difference" | "percentage" | "ratio") {
        return Err(invalid(
            "`compare_type` must be `difference`, `percentage` or `ratio`",
        ));
    }
    if source_positions.is_empty() {
        return Ok(batch);
    }
    let round = |value: f64| match options.precision {
        Some(precision) => {
            let scale = 10f64.powi(precision);
            (value * scale).round_ties_even() / scale
        }
        None => value,
    };
    let schema = batch.schema();
    let mut fields: Vec<Field> = schema
        .fields()
        .iter()
        .map(|field| field.as_ref().clone())
        .collect();
    let mut arrays = batch.columns().to_vec();
    for ((source, compared), (&source_position, &compare_position)) in options
        .source_columns
        .iter()
        .zip(&options.compare_columns)
        .zip(source_positions.iter().zip(&compare_positions))
    {
        let sources = number_values(&batch, source_position)?;
        let compares = number_values(&batch, compare_position)?;
        // Missing values are NaN, which every result with them is.
        let pairs = sources.iter().zip(compares.iter());
        let results: Vec<f64> = match compare_type {
            "difference" => pairs.map(|(source, compared)| source - compared).collect(),
            "percentage" => pairs
                .map(|(source, compared)| round((source - compared) / compared))
                .collect(),
            _ => pairs.map(|(source, compared)| round(source / compared)).collect(),
        };
        let name = [compare_type, source, compared].join(TIME_COMPARISON);
        fields.push(Field::new(name, DataType::Float64, true));
        arrays.push(float_array(results));
    }
    if options.drop_original_columns == Some(true) {
        let dropped: Vec<&String> = options
            .source_columns
            .iter()
            .chain(&options.compare_columns)
            .collect();
        let kept: Vec<usize> = (0..fields.len())
            .filter(|&position| {
                position >= schema.fields().len() || !dropped.contains(&fields[position].name())
            })
            .collect();
        fields = kept.iter().map(|&position| fields[position].clone()).collect();
        arrays = kept.iter().map(|&position| arrays[position].clone()).collect();
    }
    batch_from(fields, arrays, batch.num_rows())
}

fn positions(batch: &RecordBatch, names: &[String]) -> CoreResult<Vec<usize>> {
    names.iter().map(|name| column_position(batch, name)).collect()
}
