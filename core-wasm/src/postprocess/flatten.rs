//! `flatten`: Superset's `flatten` turns multi-level column names into single strings and the
//! index into columns.
//!
//! Our batches have no index and a pivot already names its columns flat, so for them this is
//! the identity. Multi-level columns (a pivot with `flatten_columns: false`) lose their levels
//! metadata, after the levels in `drop_levels` (level numbers) are removed from their names.

use arrow::datatypes::{Field, Schema};
use arrow::record_batch::{RecordBatch, RecordBatchOptions};
use serde::Deserialize;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::frame::{arrow_failure, invalid};
use crate::postprocess::levels::{field_levels, flat_name, without_levels};

#[derive(Debug, Deserialize)]
pub struct FlattenOptions {
    #[serde(default)]
    drop_levels: Vec<Value>,
}

pub fn flatten(batch: RecordBatch, options: FlattenOptions) -> CoreResult<RecordBatch> {
    let drop_levels = options
        .drop_levels
        .iter()
        .map(|level| {
            level
                .as_u64()
                .and_then(|level| usize::try_from(level).ok())
                .ok_or_else(|| invalid(format!("Level {level} not found")))
        })
        .collect::<CoreResult<Vec<usize>>>()?;
    let schema = batch.schema();
    let fields: Vec<Field> = schema
        .fields()
        .iter()
        .map(|field| {
            let field = field.as_ref().clone();
            match field_levels(&field) {
                Some(levels) => {
                    let kept: Vec<Option<String>> = levels
                        .into_iter()
                        .enumerate()
                        .filter(|(number, _)| !drop_levels.contains(number))
                        .map(|(_, label)| label)
                        .collect();
                    without_levels(field.with_name(flat_name(&kept)))
                }
                None => field,
            }
        })
        .collect();
    let schema = Schema::new_with_metadata(fields, schema.metadata().clone());
    let options = RecordBatchOptions::new().with_row_count(Some(batch.num_rows()));
    RecordBatch::try_new_with_options(schema.into(), batch.columns().to_vec(), &options)
        .map_err(arrow_failure)
}
