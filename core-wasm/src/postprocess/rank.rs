//! `rank`: `{"metric": "sales", "group_by": "country"}` adds (or replaces) a `rank` column with
//! pandas' `rank(pct=True)` of the metric, within each `group_by` group when given: ascending,
//! ties share their average rank, divided by the number of present values. A null metric, or a
//! null group, has a null rank.

use arrow::datatypes::{DataType, Field};
use arrow::record_batch::RecordBatch;
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::frame::{batch_from, column_position, float_array, number_values};
use crate::postprocess::keys::column_codes_unordered;
use crate::postprocess::order::{sort_rows, OrderKey};

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
    let rows = batch.num_rows();
    let group = match options.group_by.as_deref().filter(|name| !name.is_empty()) {
        // Groups need not come in any order: codes by first appearance.
        Some(name) => Some(OrderKey::of_codes(&column_codes_unordered(
            &batch,
            column_position(&batch, name)?,
        )?)),
        None => None,
    };
    let values = OrderKey::of_column(&batch, metric_position, true)?;
    let keys: Vec<&OrderKey> = group.iter().chain([&values]).collect();
    // Rows with a group and a value, group by group, values ascending within each: runs of
    // equal values share their average rank within the group.
    let ranked: Vec<usize> = sort_rows(&keys, rows)?
        .into_iter()
        .map(|row| row as usize)
        .filter(|&row| keys.iter().all(|key| key.has_value(row)))
        .collect();
    let mut ranks: Vec<f64> = vec![f64::NAN; rows];
    for members in ranked.chunk_by(|&left, &right| group.as_ref().is_none_or(|group| group.same(left, right)))
    {
        let mut position = 0usize;
        for run in members.chunk_by(|&left, &right| values.same(left, right)) {
            // Ranks position + 1 ..= position + run.len() share their average.
            let average_rank = (2 * position + run.len() + 1) as f64 / 2.0;
            let share = average_rank / members.len() as f64;
            for &row in run {
                ranks[row] = share;
            }
            position += run.len();
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
            columns[position] = float_array(ranks);
        }
        None => {
            fields.push(field);
            columns.push(float_array(ranks));
        }
    }
    batch_from(fields, columns, batch.num_rows())
}
