//! `pivot`: Superset's `pivot` (pandas' `pivot_table`), with the index as regular columns.
//!
//! `{"index": ["ds"], "columns": ["country"], "aggregates": {"sales": {"operator": "sum"}}}`
//! gives one row per `ds` and one column per aggregated column and `country` value:
//! - Flat names (`flatten_columns: true`): with one aggregate the column is named by the value(s) (`"FR"`, or `"FR, Paris"` for
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
//! - By default, as in Superset 6, the columns keep their levels: every column is named
//!   `"<metric>, <value>"` (what Superset's `flatten` makes of the multi-level columns) and the
//!   levels are recorded in the field metadata (`quiver:levels`) so that `rename` with `level`
//!   and `flatten` with `drop_levels` can act on them. `flatten_columns: true` (Superset 1's
//!   option) gives the flat names described above instead.
//! - Every `index` column comes first (pandas' `reset_index(level=0)` would keep all but the
//!   first in the index, where the next `flatten` resets them).
//!
//! - `marginal_distributions: true` is pandas' `margins=True`, named `marginal_distribution_name`
//!   (default `"All"`, pandas' `margins_name`): after each metric's columns an `All` column (the
//!   metric over each index row's rows), and a last row whose first index column is `All` (the
//!   others `""`) with the metric over each column's rows and, in the `All` columns, over every
//!   row. With `drop_missing_columns`, the margins leave out rows with a null in any index,
//!   column or value column, as pandas does. The index columns become text (pandas' object
//!   index; values as Python's `str()` shows them); an index value equal to the name fails with
//!   pandas' `Conflicting name "All" in margins`.
//! - `combine_value_with_metric: true` is pandas' `stack(0).unstack()`: the metric becomes the
//!   last level (`"FR, sales"`), columns ordered by value combination, then metric; every
//!   combination has every metric (null when it had no column) and rows left without any value
//!   go. With margins too, the `All` combination comes last (pandas sorts it among the values).

use std::borrow::Cow;
use std::collections::BTreeMap;

use std::sync::Arc;

use arrow::array::{Array, ArrayRef, Float64Array, StringArray, UInt32Array};
use arrow::buffer::ScalarBuffer;
use arrow::compute::take;
use arrow::datatypes::{DataType, Field};
use arrow::record_batch::RecordBatch;
use serde::Deserialize;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::aggregate::{named_aggregates, reduce, values_for, Aggregator, NamedAggregate};
use crate::postprocess::frame::{
    arrow_failure, batch_from, cell_text, column_position, float_array, invalid, nan_nulls, number_array,
};
use crate::postprocess::keys::{column_codes, dense_ids, row_ids, ColumnCodes, DenseIds, Groups, NO_CODE};
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
    /// The margins' row and column label (pandas' `margins_name`, `"All"` when absent).
    #[serde(default)]
    marginal_distribution_name: Option<String>,
    /// Superset 6's pivot has no such option and always keeps multi-level columns (a `flatten`
    /// rule follows); `true` is Superset 1's flat naming, which Quiver's own pivot CSV asks for.
    #[serde(default)]
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
struct Metric<'a> {
    name: String,
    aggregator: Aggregator,
    /// NaN for missing.
    values: Cow<'a, [f64]>,
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
    let cartesian = !drop_missing && index_codes.len() > 1;
    let reshaped =
        options.marginal_distributions == Some(true) || options.combine_value_with_metric == Some(true);
    if !cartesian && !reshaped && metrics.iter().all(|metric| metric.aggregator.accumulates()) {
        let index_ids = dense_ids(&index_codes.iter().collect::<Vec<_>>(), rows, !drop_missing);
        let column_ids = dense_ids(&column_codes_.iter().collect::<Vec<_>>(), rows, !drop_missing);
        let grid = Grid {
            index_ids: &index_ids,
            column_ids: &column_ids,
        };
        if grid.cell_count().is_some() {
            return grid.pivot(
                &batch,
                &options,
                &metrics,
                &index_positions,
                &column_positions,
                aggregates.len(),
            );
        }
    }
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
            group_values.extend(
                group
                    .iter()
                    .map(|&row| Some(metric.values[row]).filter(|value| !value.is_nan())),
            );
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
    // or the index combinations that have a cell. Each source row's output row (`None` for a row
    // left out), and each index column's source row for every output row.
    let (row_count, row_of_source, index_rows): (usize, Vec<Option<usize>>, Vec<Vec<usize>>) = if cartesian {
        let mut strides = vec![1usize; index_codes.len()];
        for level in (0..index_codes.len().saturating_sub(1)).rev() {
            strides[level] = strides[level + 1] * index_codes[level + 1].distinct();
        }
        let row_count: usize = index_codes.iter().map(ColumnCodes::distinct).product();
        let row_of_source = (0..rows)
            .map(|row| {
                index_codes
                    .iter()
                    .zip(&strides)
                    .map(|(codes, stride)| {
                        let code = codes.codes[row];
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
        (row_count, row_of_source, index_rows)
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
        let row_of_source = index_ids
            .ids
            .iter()
            .map(|&index| {
                let row = row_of_index.get(index as usize).copied()?;
                (row != usize::MAX).then_some(row)
            })
            .collect();
        (
            first_rows.len(),
            row_of_source,
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
    let marginal_distributions = options.marginal_distributions == Some(true);
    let margins = Margins {
        name: options
            .marginal_distribution_name
            .as_deref()
            .unwrap_or(MARGINS_NAME),
        rows: if marginal_distributions {
            margin_rows(
                &batch,
                &index_positions,
                &column_positions,
                &metrics,
                drop_missing,
            )
        } else {
            Vec::new()
        },
        row_of_source: &row_of_source,
        row_count,
    };
    let mut value_columns: Vec<ValueColumn> = Vec::new();
    for metric_index in metric_order {
        let metric = &metrics[metric_index];
        let mut columns_values: Vec<Vec<Option<f64>>> =
            vec![vec![options.metric_fill_value; row_count]; column_first_rows.len()];
        for (cell_index, cell) in cells.iter().enumerate() {
            if let Some(row) = row_of_source[cell.first_row] {
                columns_values[slot_of_column[cell.column as usize]][row] =
                    value_of(cell_index, metric_index).or(options.metric_fill_value);
            }
        }
        for (slot, (mut values, &first_row)) in columns_values.into_iter().zip(&column_first_rows).enumerate()
        {
            if marginal_distributions {
                let in_column = |row: usize| {
                    let column = column_ids.ids[row];
                    column != NO_CODE && slot_of_column[column as usize] == slot
                };
                values.push(margins.reduce(metric, in_column));
            }
            value_columns.push(ValueColumn {
                metric: metric_index,
                slot: Some(slot),
                levels: column_levels(&batch, &column_positions, first_row, &metric.name)?,
                values,
            });
        }
        // Without `columns`, the `All` row alone: each metric's column holds its grand total.
        if marginal_distributions && !column_positions.is_empty() {
            let mut values = margins.by_index(metric);
            values.push(margins.reduce(metric, |_| true));
            let mut levels = vec![Some(metric.name.clone()), Some(margins.name.to_owned())];
            levels.resize(column_positions.len() + 1, Some(String::new()));
            value_columns.push(ValueColumn {
                metric: metric_index,
                slot: None,
                levels,
                values,
            });
        }
    }
    if marginal_distributions {
        for array in &arrays {
            check_no_margins_name(array, margins.name)?;
        }
        arrays = index_with_margin_row(&arrays, margins.name)?;
        for field in fields.iter_mut() {
            *field = field.clone().with_data_type(DataType::Utf8).with_nullable(true);
        }
    }
    let total_rows = row_count + usize::from(marginal_distributions);
    if drop_missing {
        value_columns.retain(|column| column.values.iter().any(Option::is_some));
    }
    if options.combine_value_with_metric == Some(true) && !column_positions.is_empty() {
        value_columns = combined_with_metric(value_columns, &metrics, total_rows);
        let kept_rows: Vec<usize> = (0..total_rows)
            .filter(|&row| value_columns.iter().any(|column| column.values[row].is_some()))
            .collect();
        if kept_rows.len() < total_rows {
            let take_rows = kept_rows
                .iter()
                .map(|&row| u32::try_from(row).map_err(|_| invalid("Too many rows")))
                .collect::<CoreResult<UInt32Array>>()?;
            for array in arrays.iter_mut() {
                let kept = take(&*array, &take_rows, None).map_err(arrow_failure)?;
                *array = kept;
            }
            for column in value_columns.iter_mut() {
                column.values = kept_rows.iter().map(|&row| column.values[row]).collect();
            }
        }
    }
    let output_rows = arrays.first().map_or(total_rows, |array| array.len());
    for column in value_columns {
        fields.push(field_of_levels(
            &column.levels,
            flatten_columns,
            aggregates.len(),
            column_positions.is_empty(),
        ));
        arrays.push(number_array(column.values));
    }
    batch_from(fields, arrays, output_rows)
}

/// pandas' default `margins_name`.
const MARGINS_NAME: &str = "All";

/// One value column of the general pivot: its metric, its column combination (`None` for a
/// margin column), its levels (`[metric, value...]`) and its values per output row.
struct ValueColumn {
    metric: usize,
    slot: Option<usize>,
    levels: Vec<Option<String>>,
    values: Vec<Option<f64>>,
}

/// pandas' `pivot_table(margins=True)`: the rows it aggregates and where they land.
struct Margins<'a> {
    name: &'a str,
    /// The source rows taking part (with `dropna`, rows without a null in any index, column or
    /// value column).
    rows: Vec<usize>,
    row_of_source: &'a [Option<usize>],
    row_count: usize,
}

impl Margins<'_> {
    /// The metric over the margin rows that `include` keeps.
    fn reduce(&self, metric: &Metric<'_>, include: impl Fn(usize) -> bool) -> Option<f64> {
        let values: Vec<Option<f64>> = self
            .rows
            .iter()
            .filter(|&&row| include(row))
            .map(|&row| Some(metric.values[row]).filter(|value| !value.is_nan()))
            .collect();
        if values.is_empty() {
            return None;
        }
        reduce(metric.aggregator, &values)
    }

    /// The metric over each output row's margin rows (the `All` column), null for a row with none.
    fn by_index(&self, metric: &Metric<'_>) -> Vec<Option<f64>> {
        let mut groups: Vec<Vec<Option<f64>>> = vec![Vec::new(); self.row_count];
        for &row in &self.rows {
            if let Some(output) = self.row_of_source[row] {
                groups[output].push(Some(metric.values[row]).filter(|value| !value.is_nan()));
            }
        }
        groups
            .iter()
            .map(|values| {
                if values.is_empty() {
                    None
                } else {
                    reduce(metric.aggregator, values)
                }
            })
            .collect()
    }
}

/// The rows pandas' margins aggregate: with `dropna`, those without a null in an index, column or
/// value column (`data[data.notna().all(axis=1)]`); without, those whose keys are present (the
/// margins' `groupby` leaves null keys out).
fn margin_rows(
    batch: &RecordBatch,
    index_positions: &[usize],
    column_positions: &[usize],
    metrics: &[Metric<'_>],
    drop_missing: bool,
) -> Vec<usize> {
    let key_columns: Vec<&ArrayRef> = index_positions
        .iter()
        .chain(column_positions)
        .map(|&position| batch.column(position))
        .collect();
    (0..batch.num_rows())
        .filter(|&row| {
            let keys_present = key_columns.iter().all(|column| column.is_valid(row));
            let values_present = metrics.iter().all(|metric| !metric.values[row].is_nan());
            keys_present && (!drop_missing || values_present)
        })
        .collect()
}

/// pandas refuses margins when an index value is the margins' name.
fn check_no_margins_name(index: &ArrayRef, name: &str) -> CoreResult<()> {
    for row in 0..index.len() {
        if cell_text(index, row)?.as_deref() == Some(name) {
            return Err(invalid(format!("Conflicting name \"{name}\" in margins")));
        }
    }
    Ok(())
}

/// The index columns as text (Python's `str()` of each value, as pandas' object index shows
/// them) with the margin row appended: the name in the first column, `""` in the others.
fn index_with_margin_row(index: &[ArrayRef], name: &str) -> CoreResult<Vec<ArrayRef>> {
    let mut with_margin: Vec<ArrayRef> = Vec::with_capacity(index.len());
    for (position, column) in index.iter().enumerate() {
        let mut texts: Vec<Option<String>> = (0..column.len())
            .map(|row| cell_text(column, row))
            .collect::<CoreResult<_>>()?;
        texts.push(Some(if position == 0 {
            name.to_owned()
        } else {
            String::new()
        }));
        with_margin.push(Arc::new(StringArray::from(texts)));
    }
    Ok(with_margin)
}

/// pandas' `stack(0).unstack()` of the pivot's columns: for every column combination in order
/// (the margin's last), every metric in name order, levels `[value..., metric]`; a combination
/// a metric has no column for is all null.
fn combined_with_metric(columns: Vec<ValueColumn>, metrics: &[Metric<'_>], rows: usize) -> Vec<ValueColumn> {
    let mut metric_order: Vec<usize> = (0..metrics.len()).collect();
    metric_order.sort_by(|&left, &right| metrics[left].name.cmp(&metrics[right].name));
    metric_order.retain(|&metric| columns.iter().any(|column| column.metric == metric));
    let mut slots: Vec<(Option<usize>, Vec<Option<String>>)> = Vec::new();
    for column in &columns {
        if !slots.iter().any(|(slot, _)| *slot == column.slot) {
            slots.push((column.slot, column.levels[1..].to_vec()));
        }
    }
    // Combinations in order, the margin (no slot) last.
    slots.sort_by_key(|(slot, _)| slot.unwrap_or(usize::MAX));
    let mut by_key: BTreeMap<(Option<usize>, usize), ValueColumn> = columns
        .into_iter()
        .map(|column| ((column.slot, column.metric), column))
        .collect();
    let mut combined = Vec::with_capacity(slots.len() * metric_order.len());
    for (slot, values_levels) in slots {
        for &metric in &metric_order {
            let mut levels = values_levels.clone();
            levels.push(Some(metrics[metric].name.clone()));
            let values = by_key
                .remove(&(slot, metric))
                .map_or_else(|| vec![None; rows], |column| column.values);
            combined.push(ValueColumn {
                metric,
                slot,
                levels,
                values,
            });
        }
    }
    combined
}

/// The most cells [`Grid`] accumulates into (rows times columns of the pivot).
const GRID_CELL_LIMIT: usize = 1 << 25;

/// A pivot whose metrics accumulate ([`Aggregator::accumulates`]) and whose rows are the index
/// combinations present: each row adds into its cell of a dense index x column grid in one
/// pass per metric, with no sort and no list of rows per cell. Cells are column-major, so each
/// output column is a stretch of the grid.
struct Grid<'a> {
    index_ids: &'a DenseIds,
    column_ids: &'a DenseIds,
}

impl Grid<'_> {
    fn cell_count(&self) -> Option<usize> {
        self.index_ids
            .first_row
            .len()
            .checked_mul(self.column_ids.first_row.len())
            .filter(|&cells| cells <= GRID_CELL_LIMIT)
    }

    fn pivot(
        &self,
        batch: &RecordBatch,
        options: &PivotOptions,
        metrics: &[Metric<'_>],
        index_positions: &[usize],
        column_positions: &[usize],
        aggregate_count: usize,
    ) -> CoreResult<RecordBatch> {
        let drop_missing = options.drop_missing_columns == Some(true);
        let flatten_columns = options.flatten_columns == Some(true);
        let index_count = self.index_ids.first_row.len();
        let column_count = self.column_ids.first_row.len();
        // Each metric's grid: NaN where no value (a cell without rows, or a mean, min or max
        // without present values).
        let mut grids: Vec<Vec<f64>> = metrics
            .iter()
            .map(|metric| self.accumulate(metric.aggregator, &metric.values))
            .collect();
        // With dropna, a cell is kept when some metric has a value there, and the output has the
        // index values and the column values with a kept cell; without, every one present.
        let (index_kept, column_kept) = if drop_missing {
            let mut index_kept = vec![false; index_count];
            let mut column_kept = vec![false; column_count];
            for grid in &grids {
                for (column, cells) in grid.chunks(index_count.max(1)).enumerate() {
                    for (index, value) in cells.iter().enumerate() {
                        if !value.is_nan() {
                            index_kept[index] = true;
                            column_kept[column] = true;
                        }
                    }
                }
            }
            (index_kept, column_kept)
        } else {
            (vec![true; index_count], vec![true; column_count])
        };
        let output_indexes: Vec<usize> = (0..index_count).filter(|&index| index_kept[index]).collect();
        let row_count = output_indexes.len();

        let mut fields: Vec<Field> = Vec::new();
        let mut arrays: Vec<ArrayRef> = Vec::new();
        let index_rows: Vec<usize> = output_indexes
            .iter()
            .map(|&index| self.index_ids.first_row[index])
            .collect();
        let in_order = index_rows.iter().enumerate().all(|(output, &row)| output == row);
        for &position in index_positions {
            let column = batch.column(position);
            arrays.push(if in_order {
                // The first rows are the leading rows in order (a time index, usually).
                column.slice(0, row_count)
            } else {
                let rows = index_rows
                    .iter()
                    .map(|&row| u32::try_from(row).map_err(|_| invalid("Too many rows")))
                    .collect::<CoreResult<UInt32Array>>()?;
                take(column, &rows, None).map_err(arrow_failure)?
            });
            fields.push(batch.schema().field(position).clone());
        }

        let mut metric_order: Vec<usize> = (0..metrics.len()).collect();
        metric_order.sort_by(|&left, &right| metrics[left].name.cmp(&metrics[right].name));
        let every_index = row_count == index_count;
        for metric_index in metric_order {
            let metric = &metrics[metric_index];
            let mut grid = std::mem::take(&mut grids[metric_index]);
            if let Some(fill) = options.metric_fill_value {
                for value in grid.iter_mut().filter(|value| value.is_nan()) {
                    *value = fill;
                }
            }
            let kept_columns: Vec<usize> = (0..column_count).filter(|&column| column_kept[column]).collect();
            let columns: Vec<(usize, ArrayRef)> = if every_index {
                // Every index value kept: each output column is a stretch of the grid, shared
                // rather than copied.
                let nulls: Vec<_> = kept_columns
                    .iter()
                    .map(|&column| nan_nulls(&grid[column * index_count..(column + 1) * index_count]))
                    .collect();
                let shared = ScalarBuffer::from(grid);
                kept_columns
                    .iter()
                    .zip(nulls)
                    .map(|(&column, nulls)| {
                        let values = shared.slice(column * index_count, index_count);
                        (column, Arc::new(Float64Array::new(values, nulls)) as ArrayRef)
                    })
                    .collect()
            } else {
                kept_columns
                    .iter()
                    .map(|&column| {
                        let start = column * index_count;
                        let values = output_indexes.iter().map(|&index| grid[start + index]).collect();
                        (column, float_array(values))
                    })
                    .collect()
            };
            for (column, values) in columns {
                if drop_missing && values.null_count() == values.len() {
                    continue;
                }
                fields.push(value_field(
                    batch,
                    column_positions,
                    self.column_ids.first_row[column],
                    &metric.name,
                    flatten_columns,
                    aggregate_count,
                )?);
                arrays.push(values);
            }
        }
        batch_from(fields, arrays, row_count)
    }

    /// One metric's values accumulated into the grid (column-major: a cell is
    /// `column * index_count + index`), NaN where no row lands. `sum`, `prod` and `count` of a cell whose rows have no
    /// value are 0, 1 and 0 (pandas), so a row landing first sets their neutral value.
    fn accumulate(&self, aggregator: Aggregator, values: &[f64]) -> Vec<f64> {
        let index_count = self.index_ids.first_row.len();
        let cell_count = index_count * self.column_ids.first_row.len();
        let mut grid = vec![f64::NAN; cell_count];
        let mut counts: Vec<u32> = if aggregator == Aggregator::Mean {
            vec![0; cell_count]
        } else {
            Vec::new()
        };
        let rows = self.index_ids.ids.iter().zip(&self.column_ids.ids).zip(values);
        for ((&index, &column), &value) in rows {
            if index == NO_CODE || column == NO_CODE {
                continue;
            }
            let cell = column as usize * index_count + index as usize;
            let slot = &mut grid[cell];
            match aggregator {
                Aggregator::Sum | Aggregator::Count | Aggregator::Product => {
                    if slot.is_nan() {
                        *slot = if aggregator == Aggregator::Product {
                            1.0
                        } else {
                            0.0
                        };
                    }
                    if !value.is_nan() {
                        match aggregator {
                            Aggregator::Sum => *slot += value,
                            Aggregator::Count => *slot += 1.0,
                            _ => *slot *= value,
                        }
                    }
                }
                Aggregator::Mean if !value.is_nan() => {
                    *slot = if slot.is_nan() { value } else { *slot + value };
                    counts[cell] += 1;
                }
                // f64::min and f64::max return the other operand for NaN: the first value.
                Aggregator::Min => *slot = slot.min(value),
                Aggregator::Max => *slot = slot.max(value),
                _ => {}
            }
        }
        if aggregator == Aggregator::Mean {
            for (slot, &count) in grid.iter_mut().zip(&counts) {
                if count > 0 {
                    *slot /= f64::from(count);
                }
            }
        }
        grid
    }
}

/// The field of a value column: named by its metric and its column values (see the module
/// documentation), with the levels recorded when the columns are not flattened.
fn value_field(
    batch: &RecordBatch,
    column_positions: &[usize],
    first_row: usize,
    metric: &str,
    flatten_columns: bool,
    aggregate_count: usize,
) -> CoreResult<Field> {
    let levels = column_levels(batch, column_positions, first_row, metric)?;
    Ok(field_of_levels(
        &levels,
        flatten_columns,
        aggregate_count,
        column_positions.is_empty(),
    ))
}

/// A value column's levels: its metric, then its value of each `columns` column as Python's
/// `str()` shows it (`nan` for a null).
fn column_levels(
    batch: &RecordBatch,
    column_positions: &[usize],
    first_row: usize,
    metric: &str,
) -> CoreResult<Vec<Option<String>>> {
    let mut levels: Vec<Option<String>> = vec![Some(metric.to_owned())];
    for &position in column_positions {
        let text = cell_text(batch.column(position), first_row)?;
        levels.push(Some(text.unwrap_or_else(|| "nan".to_owned())));
    }
    Ok(levels)
}

/// The Float64 field named for `levels`: flat (Superset 1, the first level left out with one
/// aggregate), the metric alone without `columns`, or Superset's `flatten` name with the levels.
fn field_of_levels(
    levels: &[Option<String>],
    flatten_columns: bool,
    aggregate_count: usize,
    without_columns: bool,
) -> Field {
    let field = Field::new("", DataType::Float64, true);
    if flatten_columns {
        let shown = if aggregate_count == 1 && levels.len() > 1 {
            &levels[1..]
        } else {
            levels
        };
        field.with_name(shown.iter().flatten().cloned().collect::<Vec<_>>().join(", "))
    } else if without_columns {
        field.with_name(levels.first().cloned().flatten().unwrap_or_default())
    } else {
        with_levels(field.with_name(flat_name(levels)), levels)
    }
}

fn positions(batch: &RecordBatch, names: &[String]) -> CoreResult<Vec<usize>> {
    names.iter().map(|name| column_position(batch, name)).collect()
}

/// The metrics of `pivot_table(values=..., aggfunc={column: function})`: one per aggregated
/// column (a later aggregate on the same column replaces an earlier one).
fn metrics<'a>(batch: &'a RecordBatch, aggregates: &[NamedAggregate]) -> CoreResult<Vec<Metric<'a>>> {
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
                values: values_for(batch, aggregate)?,
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
        if columns[position].null_count() == 0 {
            continue;
        }
        if let Some(texts) = columns[position].as_any().downcast_ref::<StringArray>() {
            let filled: StringArray = texts.iter().map(|text| Some(text.unwrap_or(fill))).collect();
            columns[position] = std::sync::Arc::new(filled);
        }
    }
    RecordBatch::try_new(batch.schema(), columns).map_err(arrow_failure)
}
