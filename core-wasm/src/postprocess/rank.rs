//! `rank`: `{"metric": "sales", "group_by": "country"}` adds (or replaces) a `rank` column with
//! pandas' `rank(pct=True)` of the metric, within each `group_by` group when given: ascending,
//! ties share their average rank, divided by the number of present values. A null metric, or a
//! null group, has a null rank.

use arrow::datatypes::{DataType, Field};
use arrow::record_batch::RecordBatch;
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::aggregate::group_rows;
use crate::postprocess::frame::{batch_from, column_position, number_array, numbers};

#[derive(Debug, Deserialize)]
pub struct RankOptions {
    metric: String,
    #[serde(default)]
    group_by: Option<String>,
}

pub fn rank(batch: RecordBatch, options: RankOptions) -> CoreResult<RecordBatch> {
    let metric = numbers(&batch, column_position(&batch, &options.metric)?)?;
    let group_positions = match options.group_by.as_deref().filter(|name| !name.is_empty()) {
        Some(name) => vec![column_position(&batch, name)?],
        None => Vec::new(),
    };
    let mut ranks: Vec<Option<f64>> = vec![None; batch.num_rows()];
    for group in group_rows(&batch, &group_positions, false)?.iter() {
        let mut present: Vec<(usize, f64)> = group
            .iter()
            .filter_map(|&row| metric[row].map(|value| (row, value)))
            .collect();
        present.sort_by(|left, right| left.1.total_cmp(&right.1));
        let count = present.len() as f64;
        let mut start = 0;
        while start < present.len() {
            let end = present[start..]
                .iter()
                .position(|(_, value)| *value != present[start].1)
                .map_or(present.len(), |offset| start + offset);
            // Ranks start..end (1-based start + 1 ..= end) share their average.
            let average_rank = (start + 1 + end) as f64 / 2.0;
            for &(row, _) in &present[start..end] {
                ranks[row] = Some(average_rank / count);
            }
            start = end;
        }
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
            columns[position] = number_array(ranks);
        }
        None => {
            fields.push(field);
            columns.push(number_array(ranks));
        }
    }
    batch_from(fields, columns, batch.num_rows())
}
