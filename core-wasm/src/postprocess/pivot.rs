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
    arrow_failure, batch_from, cell_text, column_position, invalid, number_array,
};
use crate::postprocess::keys::{column_codes, row_ids, ColumnCodes, Groups, NO_CODE};
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

/// A cell of the pivot: its index and column combinations and its first row.
struct Cell {
    index: u32,
    column: u32,
    first_row: usize,
}

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

    let index_codes = codes_at(&batch, &index_positions)?;
    let column_codes_ = codes_at(&batch, &column_positions)?;
    let rows = batch.num_rows();
    // The index and the column combinations as dense ids in sorted order, nulls last; with
    // dropna, rows with a null key are left out.
    let index_ids = row_ids(&ascending(&index_codes), rows, !drop_missing);
    let column_ids = row_ids(&ascending(&column_codes_), rows, !drop_missing);
    let (index_as_codes, column_as_codes) = (index_ids.as_codes(), column_ids.as_codes());
    let cell_groups = Groups::by_ids(&row_ids(
        &[(&index_as_codes, true), (&column_as_codes, true)],
        rows,
        false,
    ));

    // Each cell's metric values; with dropna, cells whose values are all null go.
    let mut cells: Vec<Cell> = Vec::with_capacity(cell_groups.len());
    let mut cell_values: Vec<Option<f64>> = Vec::with_capacity(cell_groups.len() * metrics.len());
    let mut group_values: Vec<Option<f64>> = Vec::new();
    for group in cell_groups.iter() {
        let first = group[0];
        let values_start = cell_values.len();
        for metric in &metrics {
            group_values.clear();
            group_values.extend(group.iter().map(|&row| metric.values[row]));
            cell_values.push(reduce(metric.aggregator, &group_values));
        }
        if drop_missing && cell_values[values_start..].iter().all(Option::is_none) {
            cell_values.truncate(values_start);
            continue;
        }
        cells.push(Cell {
            index: index_ids.ids[first],
            column: column_ids.ids[first],
            first_row: first,
        });
    }
    let value_of = |cell: usize, metric: usize| cell_values[cell * metrics.len() + metric];

    // The output rows: every combination of the index levels' values (pandas without dropna),
    // or the index combinations that have a cell.
    let cartesian = !drop_missing && index_codes.len() > 1;
    let (row_count, row_of_cell, index_rows): (usize, Vec<Option<usize>>, Vec<Vec<usize>>) = if cartesian {
        let mut strides = vec![1usize; index_codes.len()];
        for level in (0..index_codes.len().saturating_sub(1)).rev() {
            strides[level] = strides[level + 1] * index_codes[level + 1].distinct();
        }
        let row_count: usize = index_codes.iter().map(ColumnCodes::distinct).product();
        let row_of_cell = cells
            .iter()
            .map(|cell| {
                index_codes
                    .iter()
                    .zip(&strides)
                    .map(|(codes, stride)| {
                        let code = codes.codes[cell.first_row];
                        (code != NO_CODE).then(|| code as usize * stride)
                    })
                    .sum::<Option<usize>>()
            })
            .collect();
        let index_rows = index_codes
            .iter()
            .zip(&strides)
            .map(|(codes, &stride)| {
                (0..row_count)
                    .map(|row| codes.first_row[(row / stride) % codes.distinct()])
                    .collect()
            })
            .collect();
        (row_count, row_of_cell, index_rows)
    } else {
        let mut has_cell = vec![false; index_ids.count()];
        for cell in &cells {
            has_cell[cell.index as usize] = true;
        }
        let mut row_of_index = vec![usize::MAX; index_ids.count()];
        let mut first_rows: Vec<usize> = Vec::new();
        for (index, _) in has_cell.iter().enumerate().filter(|(_, &has)| has) {
            row_of_index[index] = first_rows.len();
            first_rows.push(index_ids.first_row[index]);
        }
        let row_of_cell = cells
            .iter()
            .map(|cell| Some(row_of_index[cell.index as usize]))
            .collect();
        (
            first_rows.len(),
            row_of_cell,
            vec![first_rows; index_positions.len()],
        )
    };

    let mut fields: Vec<Field> = Vec::new();
    let mut arrays: Vec<ArrayRef> = Vec::new();
    for (&position, level_rows) in index_positions.iter().zip(&index_rows) {
        let rows = level_rows
            .iter()
            .map(|&row| u32::try_from(row).map_err(|_| invalid("Too many rows")))
            .collect::<CoreResult<UInt32Array>>()?;
        arrays.push(take(batch.column(position), &rows, None).map_err(arrow_failure)?);
        fields.push(batch.schema().field(position).clone());
    }

    // The output columns: the column combinations that have a cell, in sorted order.
    let mut has_cell = vec![false; column_ids.count()];
    for cell in &cells {
        has_cell[cell.column as usize] = true;
    }
    let mut slot_of_column = vec![usize::MAX; column_ids.count()];
    let mut column_first_rows: Vec<usize> = Vec::new();
    for (column, _) in has_cell.iter().enumerate().filter(|(_, &has)| has) {
        slot_of_column[column] = column_first_rows.len();
        column_first_rows.push(column_ids.first_row[column]);
    }

    let mut metric_order: Vec<usize> = (0..metrics.len()).collect();
    metric_order.sort_by(|&left, &right| metrics[left].name.cmp(&metrics[right].name));
    for metric_index in metric_order {
        let metric = &metrics[metric_index];
        let mut columns_values: Vec<Vec<Option<f64>>> =
            vec![vec![options.metric_fill_value; row_count]; column_first_rows.len()];
        for (cell_index, cell) in cells.iter().enumerate() {
            if let Some(row) = row_of_cell[cell_index] {
                columns_values[slot_of_column[cell.column as usize]][row] =
                    value_of(cell_index, metric_index).or(options.metric_fill_value);
            }
        }
        for (values, &first_row) in columns_values.into_iter().zip(&column_first_rows) {
            if drop_missing && values.iter().all(Option::is_none) {
                continue;
            }
            let mut cell_levels: Vec<Option<String>> = vec![Some(metric.name.clone())];
            for &position in &column_positions {
                let text = cell_text(batch.column(position), first_row)?;
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
    batch_from(fields, arrays, row_count)
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

fn codes_at(batch: &RecordBatch, positions: &[usize]) -> CoreResult<Vec<ColumnCodes>> {
    positions
        .iter()
        .map(|&position| column_codes(batch, position))
        .collect()
}

fn ascending(codes: &[ColumnCodes]) -> Vec<(&ColumnCodes, bool)> {
    codes.iter().map(|codes| (codes, true)).collect()
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
