//! `pivot`: Superset's `pivot` (pandas' `pivot_table`), flattened and with the index as
//! regular columns.
//!
//! `{"index": ["ds"], "columns": ["country"], "aggregates": {"sales": {"operator": "sum"}}}`
//! gives one row per `ds` and one column per aggregated column and `country` value:
//! - Names: with one aggregate the column is named by the value(s) (`"FR"`, or `"FR, Paris"` for
//!   several `columns`); with several, `"<metric>, <value>"`, joined with `", "` and values
//!   shown as Python's `str()` shows them (`1`, `1.5`, `2021-01-01 00:00:00`). Without `columns`
//!   a column is named by its metric. (Superset's `_flatten_column_after_pivot`.)
//! - Metrics are the aggregated columns (an aggregate's `column`, by default its label), in name
//!   order; value columns sort as pandas sorts them, nulls last.
//! - A missing `columns` value becomes `column_fill_value` (`"<NULL>"`); a missing combination
//!   is null, or `metric_fill_value`.
//! - `drop_missing_columns` (default true) is pandas' `dropna`: index rows with a null are left
//!   out, and groups, then columns, whose values are all null are dropped. When false, null index
//!   values are kept (sorted last), only value combinations present in the data become columns,
//!   and with several `index` columns every combination of their values is a row.
//! - `flatten_columns: false` names every column `"<metric>, <value>"` (what Superset's
//!   `flatten` makes of the multi-level columns) and records the levels in the field metadata
//!   (`quiver:levels`) so that `rename` with `level` and `flatten` with `drop_levels` can act on
//!   them.
//! - Every `index` column comes first (pandas' `reset_index(level=0)` would keep all but the
//!   first in the index, where the next `flatten` resets them).
//!
//! Not supported (the rule fails with `InvalidPostProcessing`): `marginal_distributions` and
//! `combine_value_with_metric`.

use std::collections::BTreeMap;

use arrow::array::{ArrayRef, StringArray, UInt32Array};
use arrow::compute::take;
use arrow::datatypes::{DataType, Field};
use arrow::record_batch::RecordBatch;
use serde::Deserialize;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::aggregate::{named_aggregates, numbers_for, reduce, Aggregator, NamedAggregate};
use crate::postprocess::frame::{
    arrow_failure, batch_from, cell_text, column_levels, column_position, invalid, number_array, ColumnLevels,
};
use crate::postprocess::levels::{flat_name, with_levels};

/// Superset's `NULL_STRING`.
const NULL_STRING: &str = "<NULL>";

#[derive(Debug, Deserialize)]
pub struct PivotOptions {
    #[serde(default)]
    index: Vec<String>,
    #[serde(default)]
    columns: Option<Vec<String>>,
    #[serde(default)]
    aggregates: BTreeMap<String, Value>,
    #[serde(default)]
    metric_fill_value: Option<f64>,
    #[serde(default = "default_column_fill_value")]
    column_fill_value: Option<String>,
    #[serde(default = "default_true")]
    drop_missing_columns: Option<bool>,
    #[serde(default)]
    combine_value_with_metric: Option<bool>,
    #[serde(default)]
    marginal_distributions: Option<bool>,
    #[serde(default = "default_true")]
    flatten_columns: Option<bool>,
}

fn default_column_fill_value() -> Option<String> {
    Some(NULL_STRING.to_owned())
}

fn default_true() -> Option<bool> {
    Some(true)
}

/// A group's place: the ranks of its `index` values, then of its `columns` values.
type GroupKey = (Vec<usize>, Vec<usize>);

/// One metric of the pivot: an aggregated column and its function.
struct Metric {
    name: String,
    aggregator: Aggregator,
    values: Vec<Option<f64>>,
}

pub fn pivot(batch: RecordBatch, options: PivotOptions) -> CoreResult<RecordBatch> {
    let value_columns = options.columns.clone().unwrap_or_default();
    let index_positions = positions(&batch, &options.index)?;
    let column_positions = positions(&batch, &value_columns)?;
    if options.index.is_empty() {
        return Err(invalid("Pivot operation requires at least one index"));
    }
    if options.aggregates.is_empty() {
        return Err(invalid("Pivot operation must include at least one aggregate"));
    }
    if options.marginal_distributions == Some(true) {
        return Err(invalid("Pivot marginal distributions are not supported"));
    }
    if options.combine_value_with_metric == Some(true) {
        return Err(invalid("Pivot combine_value_with_metric is not supported"));
    }
    let drop_missing = options.drop_missing_columns == Some(true);
    let flatten_columns = options.flatten_columns == Some(true);
    let batch = match options.column_fill_value.as_deref() {
        Some(fill) if !fill.is_empty() => fill_text_nulls(batch, &column_positions, fill)?,
        _ => batch,
    };
    let aggregates = named_aggregates(&batch, &options.aggregates)?;
    let metrics = metrics(&batch, &aggregates)?;

    let index_levels = levels(&batch, &index_positions)?;
    let column_levels_ = levels(&batch, &column_positions)?;

    // Each group: (index ranks, column ranks) → its rows; a null rank is usize::MAX (last).
    let mut groups: BTreeMap<GroupKey, Vec<usize>> = BTreeMap::new();
    for row in 0..batch.num_rows() {
        let index_key = key_of_row(&index_levels, row);
        let column_key = key_of_row(&column_levels_, row);
        let has_null = index_key
            .iter()
            .chain(&column_key)
            .any(|&rank| rank == usize::MAX);
        if has_null && drop_missing {
            continue;
        }
        groups.entry((index_key, column_key)).or_default().push(row);
    }

    // Each metric's value per group; with dropna, groups whose values are all null go.
    let mut cells: BTreeMap<GroupKey, Vec<Option<f64>>> = BTreeMap::new();
    for (key, rows) in groups {
        let values: Vec<Option<f64>> = metrics
            .iter()
            .map(|metric| {
                let group_values: Vec<Option<f64>> = rows.iter().map(|&row| metric.values[row]).collect();
                reduce(metric.aggregator, &group_values)
            })
            .collect();
        if drop_missing && values.iter().all(Option::is_none) {
            continue;
        }
        cells.insert(key, values);
    }

    let row_keys: Vec<Vec<usize>> = if !drop_missing && index_levels.len() > 1 {
        cartesian_product(&index_levels)
    } else {
        let mut keys: Vec<Vec<usize>> = cells.keys().map(|(index_key, _)| index_key.clone()).collect();
        keys.dedup();
        keys
    };
    let mut column_keys: Vec<Vec<usize>> = cells.keys().map(|(_, column_key)| column_key.clone()).collect();
    column_keys.sort();
    column_keys.dedup();

    let mut fields: Vec<Field> = Vec::new();
    let mut arrays: Vec<ArrayRef> = Vec::new();
    for (level_number, (level, &position)) in index_levels.iter().zip(&index_positions).enumerate() {
        let rows: UInt32Array = row_keys
            .iter()
            .map(|key| level_row(level, key[level_number]))
            .collect::<CoreResult<_>>()?;
        arrays.push(take(batch.column(position), &rows, None).map_err(arrow_failure)?);
        fields.push(batch.schema().field(position).clone());
    }

    let mut metric_order: Vec<usize> = (0..metrics.len()).collect();
    metric_order.sort_by(|&left, &right| metrics[left].name.cmp(&metrics[right].name));
    for metric_index in metric_order {
        let metric = &metrics[metric_index];
        for column_key in &column_keys {
            let values: Vec<Option<f64>> = row_keys
                .iter()
                .map(|row_key| {
                    cells
                        .get(&(row_key.clone(), column_key.clone()))
                        .and_then(|values| values[metric_index])
                        .or(options.metric_fill_value)
                })
                .collect();
            if drop_missing && values.iter().all(Option::is_none) {
                continue;
            }
            let mut cell_levels: Vec<Option<String>> = vec![Some(metric.name.clone())];
            for (level, &rank) in column_levels_.iter().zip(column_key) {
                let text = match level_row(level, rank) {
                    Ok(row) => cell_text(batch.column(level.position), row as usize)?,
                    Err(_) => None,
                };
                cell_levels.push(Some(text.unwrap_or_else(|| "nan".to_owned())));
            }
            let field = Field::new("", DataType::Float64, true);
            let field = if flatten_columns {
                let shown = if aggregates.len() == 1 && cell_levels.len() > 1 {
                    &cell_levels[1..]
                } else {
                    &cell_levels[..]
                };
                field.with_name(shown.iter().flatten().cloned().collect::<Vec<_>>().join(", "))
            } else if column_positions.is_empty() {
                field.with_name(metric.name.as_str())
            } else {
                with_levels(field.with_name(flat_name(&cell_levels)), &cell_levels)
            };
            fields.push(field);
            arrays.push(number_array(values));
        }
    }
    batch_from(fields, arrays, row_keys.len())
}

fn positions(batch: &RecordBatch, names: &[String]) -> CoreResult<Vec<usize>> {
    names.iter().map(|name| column_position(batch, name)).collect()
}

/// The metrics of `pivot_table(values=..., aggfunc={column: function})`: one per aggregated
/// column (a later aggregate on the same column replaces an earlier one).
fn metrics(batch: &RecordBatch, aggregates: &[NamedAggregate]) -> CoreResult<Vec<Metric>> {
    let mut by_column: BTreeMap<String, &NamedAggregate> = BTreeMap::new();
    for aggregate in aggregates {
        by_column.insert(aggregate.column.clone(), aggregate);
    }
    by_column
        .into_iter()
        .map(|(name, aggregate)| {
            Ok(Metric {
                name,
                aggregator: aggregate.aggregator,
                values: numbers_for(batch, aggregate)?,
            })
        })
        .collect()
}

/// The levels of a grouping column, with where the column is.
struct Level {
    position: usize,
    levels: ColumnLevels,
}

fn levels(batch: &RecordBatch, positions: &[usize]) -> CoreResult<Vec<Level>> {
    positions
        .iter()
        .map(|&position| {
            Ok(Level {
                position,
                levels: column_levels(batch, position)?,
            })
        })
        .collect()
}

/// The ranks of a row's values in each grouping column, `usize::MAX` for a null.
fn key_of_row(levels: &[Level], row: usize) -> Vec<usize> {
    levels
        .iter()
        .map(|level| level.levels.rank_of_row[row].unwrap_or(usize::MAX))
        .collect()
}

/// A row holding the value of `rank` in a grouping column; a null rank takes a null row when
/// there is one.
fn level_row(level: &Level, rank: usize) -> CoreResult<u32> {
    let row = match level.levels.row_of_rank.get(rank) {
        Some(&row) => row,
        None => level
            .levels
            .rank_of_row
            .iter()
            .position(Option::is_none)
            .ok_or_else(|| invalid("A pivot row has no value"))?,
    };
    u32::try_from(row).map_err(|_| invalid("Too many rows"))
}

/// Every combination of the present values of the levels, in sorted order.
fn cartesian_product(levels: &[Level]) -> Vec<Vec<usize>> {
    let mut keys: Vec<Vec<usize>> = vec![Vec::new()];
    for level in levels {
        let count = level.levels.row_of_rank.len();
        keys = keys
            .into_iter()
            .flat_map(|key| {
                (0..count).map(move |rank| {
                    let mut longer = key.clone();
                    longer.push(rank);
                    longer
                })
            })
            .collect();
    }
    keys
}

/// pandas' `df[columns].fillna(fill)` on the text columns among `positions` (other types keep
/// their nulls, which then sort last and show as `nan`).
fn fill_text_nulls(batch: RecordBatch, positions: &[usize], fill: &str) -> CoreResult<RecordBatch> {
    let mut columns = batch.columns().to_vec();
    for &position in positions {
        if let Some(texts) = columns[position].as_any().downcast_ref::<StringArray>() {
            let filled: StringArray = texts.iter().map(|text| Some(text.unwrap_or(fill))).collect();
            columns[position] = std::sync::Arc::new(filled);
        }
    }
    RecordBatch::try_new(batch.schema(), columns).map_err(arrow_failure)
}
