//! `rank`: `{"metric": "sales", "group_by": "country"}` adds (or replaces) a `rank` column with
//! pandas' `rank(pct=True)` of the metric, within each `group_by` group when given: ascending,
//! ties share their average rank, divided by the number of present values. A null metric, or a
//! null group, has a null rank.

use arrow::datatypes::{DataType, Field};
use arrow::record_batch::RecordBatch;
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::frame::{batch_from, column_position, float_array, number_values};
use crate::postprocess::keys::{column_codes, row_ids, ColumnCodes, Groups, NO_CODE};

#[derive(Debug, Deserialize)]
pub struct RankOptions {
    metric: String,
    #[serde(default)]
    group_by: Option<String>,
}

pub fn rank(batch: RecordBatch, options: RankOptions) -> CoreResult<RecordBatch> {
    let metric_position = column_position(&batch, &options.metric)?;
    // Fails for a non-numeric metric, with the message of `numbers`.
    number_values(&batch, metric_position)?;
    let value_codes = column_codes(&batch, metric_position)?;
    let group_codes = match options.group_by.as_deref().filter(|name| !name.is_empty()) {
        Some(name) => Some(column_codes(&batch, column_position(&batch, name)?)?),
        None => None,
    };
    let rows = batch.num_rows();
    // Rows sorted by group then value, runs of equal values together (null groups and missing
    // values left out): each run shares its average rank within its group.
    let mut keyed: Vec<(&ColumnCodes, bool)> = Vec::with_capacity(2);
    if let Some(group_codes) = &group_codes {
        keyed.push((group_codes, true));
    }
    keyed.push((&value_codes, true));
    let runs = Groups::by_ids(&row_ids(&keyed, rows, false));
    let group_of = |row: usize| group_codes.as_ref().map_or(0, |codes| codes.codes[row]);
    let mut group_sizes: Vec<usize> = vec![0; group_codes.as_ref().map_or(1, |codes| codes.distinct())];
    for run in runs.iter() {
        group_sizes[group_of(run[0]) as usize] += run.len();
    }
    let mut ranks: Vec<f64> = vec![f64::NAN; rows];
    let mut current_group = NO_CODE;
    let mut position = 0usize;
    for run in runs.iter() {
        let group = group_of(run[0]);
        if group != current_group {
            (current_group, position) = (group, 0);
        }
        // Ranks position + 1 ..= position + run.len() share their average.
        let average_rank = (2 * position + run.len() + 1) as f64 / 2.0;
        let share = average_rank / group_sizes[group as usize] as f64;
        for &row in run {
            ranks[row] = share;
        }
        position += run.len();
    }
    let schema = batch.schema();
    let mut fields: Vec<Field> = schema
        .fields()
        .iter()
        .map(|field| field.as_ref().clone())
        .collect();
    let mut columns = batch.columns().to_vec();
    let field = Field::new("rank", DataType::Float64, true);
    match fields.iter().position(|existing| existing.name() == "rank") {
        Some(position) => {
            fields[position] = field;
            columns[position] = float_array(ranks);
        }
        None => {
            fields.push(field);
            columns.push(float_array(ranks));
        }
    }
    batch_from(fields, columns, batch.num_rows())
}
