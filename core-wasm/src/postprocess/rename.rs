//! `rename`: `{"columns": {"old": "new"}, "inplace": true, "level": 0}` renames columns.
//!
//! As in Superset, every old name must be a column (for multi-level columns, a first-level
//! label: "Referenced columns not available in DataFrame.") and the rule fails with "Label
//! already exists" when every new name is already there. `inplace` changes nothing here.
//!
//! Multi-level columns (a pivot with `flatten_columns: false`, see [`levels`](super::levels))
//! are renamed label by label, on `level` only when it is given; a `null` new name removes the
//! label, which is how Superset's charts drop the metric from the names of a one-metric pivot
//! (`{"columns": {"SUM(x)": null}, "level": 0}`). A flat column renamed to `null` keeps its
//! name.

use std::collections::BTreeMap;

use arrow::datatypes::{Field, Schema};
use arrow::record_batch::{RecordBatch, RecordBatchOptions};
use serde::Deserialize;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::frame::{arrow_failure, invalid, referenced_columns_missing};
use crate::postprocess::levels::{field_levels, flat_name, with_levels};

#[derive(Debug, Deserialize)]
pub struct RenameOptions {
    #[serde(default)]
    columns: BTreeMap<String, Option<String>>,
    #[serde(default)]
    level: Option<Value>,
}

pub fn rename(batch: RecordBatch, options: RenameOptions) -> CoreResult<RecordBatch> {
    if options.columns.is_empty() {
        return Ok(batch);
    }
    let schema = batch.schema();
    let level = match &options.level {
        None | Some(Value::Null) => None,
        Some(level) => Some(
            level
                .as_u64()
                .and_then(|level| usize::try_from(level).ok())
                .ok_or_else(|| invalid(format!("Level {level} not found")))?,
        ),
    };
    // Each column's labels: its levels, or its name as the only level.
    let labels: Vec<Vec<Option<String>>> = schema
        .fields()
        .iter()
        .map(|field| field_levels(field).unwrap_or_else(|| vec![Some(field.name().clone())]))
        .collect();
    let first_labels: Vec<&str> = labels
        .iter()
        .filter_map(|labels| labels.first().and_then(|label| label.as_deref()))
        .collect();
    if !options
        .columns
        .keys()
        .all(|old| first_labels.contains(&old.as_str()))
    {
        return Err(referenced_columns_missing());
    }
    let renamed_level_labels: Vec<&str> = labels
        .iter()
        .filter_map(|labels| match level {
            Some(level) => labels.get(level).and_then(|label| label.as_deref()),
            None => labels.first().and_then(|label| label.as_deref()),
        })
        .collect();
    let every_new_name_exists = options.columns.values().all(|new| {
        new.as_deref()
            .is_some_and(|new| renamed_level_labels.contains(&new))
    });
    if every_new_name_exists {
        return Err(invalid("Label already exists"));
    }

    let mut fields: Vec<Field> = Vec::with_capacity(schema.fields().len());
    for (field, labels) in schema.fields().iter().zip(labels) {
        let field = field.as_ref().clone();
        let Some(_) = field_levels(&field) else {
            let renamed = match options.columns.get(field.name()) {
                Some(Some(new_name)) if level.is_none_or(|level| level == 0) => {
                    field.with_name(new_name.as_str())
                }
                _ => field,
            };
            fields.push(renamed);
            continue;
        };
        let labels: Vec<Option<String>> = labels
            .into_iter()
            .enumerate()
            .map(|(number, label)| match (&label, level) {
                (Some(text), level) if level.is_none_or(|level| level == number) => {
                    match options.columns.get(text) {
                        Some(new_label) => new_label.clone(),
                        None => label,
                    }
                }
                _ => label,
            })
            .collect();
        fields.push(with_levels(field.with_name(flat_name(&labels)), &labels));
    }
    let schema = Schema::new_with_metadata(fields, schema.metadata().clone());
    let options = RecordBatchOptions::new().with_row_count(Some(batch.num_rows()));
    RecordBatch::try_new_with_options(schema.into(), batch.columns().to_vec(), &options)
        .map_err(arrow_failure)
}
