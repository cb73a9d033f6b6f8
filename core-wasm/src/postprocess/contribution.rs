//! `contribution`: each cell's share of its column total (`orientation: "column"`, the
//! default) or of its row total (`"row"`).
//!
//! `columns` picks the numeric columns (by default every numeric one); `rename_columns` names
//! the results (by default they replace their columns; a new name is appended). As in Superset,
//! nulls count as 0 in a column total, so a null cell's share of its column is 0; of its row it
//! stays null. With `time_shifts`, row totals are taken
//! separately over the columns ending in `__<shift>` for each shift and over the others.
//! `contribution_totals` (`{column: total}`) replaces a column's total (a missing or 0 total
//! gives 0). A total of 0 gives null (0/0) or an infinity.

use std::borrow::Cow;
use std::collections::BTreeMap;

use arrow::array::ArrayRef;
use arrow::datatypes::{DataType, Field};
use arrow::record_batch::RecordBatch;
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::frame::{batch_from, float_array, invalid, is_numeric, number_values};

#[derive(Debug, Deserialize)]
pub struct ContributionOptions {
    #[serde(default)]
    orientation: Option<String>,
    #[serde(default)]
    columns: Option<Vec<String>>,
    #[serde(default)]
    time_shifts: Option<Vec<String>>,
    #[serde(default)]
    rename_columns: Option<Vec<String>>,
    #[serde(default)]
    contribution_totals: Option<BTreeMap<String, Option<f64>>>,
}

/// Superset's `TIME_COMPARISON` separator.
const TIME_COMPARISON: &str = "__";

pub fn contribution(batch: RecordBatch, options: ContributionOptions) -> CoreResult<RecordBatch> {
    let schema = batch.schema();
    let numeric_positions: Vec<usize> = (0..schema.fields().len())
        .filter(|&position| is_numeric(schema.field(position).data_type()))
        .collect();
    let columns: Vec<String> = match options.columns.filter(|columns| !columns.is_empty()) {
        Some(columns) => columns,
        None => numeric_positions
            .iter()
            .map(|&position| schema.field(position).name().clone())
            .collect(),
    };
    let mut positions = Vec::with_capacity(columns.len());
    for column in &columns {
        let position = numeric_positions
            .iter()
            .copied()
            .find(|&position| schema.field(position).name() == column)
            .ok_or_else(|| {
                invalid(format!(
                    "Column \"{column}\" is not numeric or does not exists in the query results."
                ))
            })?;
        positions.push(position);
    }
    let rename_columns = options
        .rename_columns
        .filter(|names| !names.is_empty())
        .unwrap_or_else(|| columns.clone());
    if rename_columns.len() != columns.len() {
        return Err(invalid(
            "`rename_columns` must have the same length as `columns` + `time_shift_columns`.",
        ));
    }
    let values = positions
        .iter()
        .map(|&position| number_values(&batch, position))
        .collect::<CoreResult<Vec<_>>>()?;

    let shares: Vec<Vec<f64>> = match options.orientation.as_deref().unwrap_or("column") {
        // Superset fills the nulls of the numeric columns with 0 before dividing by a column
        // total (its row orientation reads the unfilled columns).
        "column" => column_shares(&columns, &values, options.contribution_totals.as_ref()),
        "row" => row_shares(
            &columns,
            &values,
            options.time_shifts.as_deref().unwrap_or_default(),
            batch.num_rows(),
        ),
        orientation => {
            return Err(invalid(format!(
                "Invalid contribution orientation: {orientation}"
            )))
        }
    };

    let row_count = batch.num_rows();
    let mut fields: Vec<Field> = schema
        .fields()
        .iter()
        .map(|field| field.as_ref().clone())
        .collect();
    let mut arrays: Vec<ArrayRef> = batch.columns().to_vec();
    for (name, share) in rename_columns.iter().zip(shares) {
        let field = Field::new(name.as_str(), DataType::Float64, true);
        let array = float_array(share);
        match fields.iter().position(|existing| existing.name() == name) {
            Some(position) => {
                fields[position] = field;
                arrays[position] = array;
            }
            None => {
                fields.push(field);
                arrays.push(array);
            }
        }
    }
    batch_from(fields, arrays, row_count)
}

/// Each value over its column's total (or the given total: 0 when it is missing or 0), missing
/// values counting as 0 (so their share is 0).
fn column_shares(
    columns: &[String],
    values: &[Cow<'_, [f64]>],
    totals: Option<&BTreeMap<String, Option<f64>>>,
) -> Vec<Vec<f64>> {
    let filled = |value: f64| if value.is_nan() { 0.0 } else { value };
    columns
        .iter()
        .zip(values)
        .map(|(column, series)| match totals {
            Some(totals) => match totals.get(column).copied().flatten() {
                Some(total) if total != 0.0 => series.iter().map(|&value| filled(value) / total).collect(),
                _ => vec![0.0; series.len()],
            },
            None => {
                let total = pairwise_sum(series, filled);
                series.iter().map(|&value| filled(value) / total).collect()
            }
        })
        .collect()
}

/// The sum of `read` of each value, added as numpy's `sum` adds a contiguous float column
/// (pandas' column totals): pairwise, in blocks of at most 128 values, each summed over eight
/// running totals. Besides giving pandas' bits, the eight totals do not wait on each other as
/// one running total waits on every add before it.
pub(crate) fn pairwise_sum(values: &[f64], read: impl Fn(f64) -> f64 + Copy) -> f64 {
    const BLOCK: usize = 128;
    const UNROLL: usize = 8;
    let count = values.len();
    if count < UNROLL {
        return values.iter().fold(0.0, |sum, &value| sum + read(value));
    }
    if count <= BLOCK {
        let mut totals: [f64; UNROLL] = std::array::from_fn(|lane| read(values[lane]));
        let whole = count - count % UNROLL;
        for chunk in values[UNROLL..whole].chunks_exact(UNROLL) {
            for (total, &value) in totals.iter_mut().zip(chunk) {
                *total += read(value);
            }
        }
        let sum = ((totals[0] + totals[1]) + (totals[2] + totals[3]))
            + ((totals[4] + totals[5]) + (totals[6] + totals[7]));
        return values[whole..].iter().fold(sum, |sum, &value| sum + read(value));
    }
    let half = count / 2;
    let half = half - half % UNROLL;
    pairwise_sum(&values[..half], read) + pairwise_sum(&values[half..], read)
}

/// Each value over its row's total within its group of columns (one group per time shift);
/// a missing value stays missing and the total skips it.
fn row_shares(
    columns: &[String],
    values: &[Cow<'_, [f64]>],
    time_shifts: &[String],
    row_count: usize,
) -> Vec<Vec<f64>> {
    let group_of = |column: &str| -> Option<&str> {
        time_shifts
            .iter()
            .find(|shift| column.ends_with(&format!("{TIME_COMPARISON}{shift}")))
            .map(String::as_str)
    };
    let groups: Vec<Option<&str>> = columns.iter().map(|column| group_of(column)).collect();
    (0..columns.len())
        .map(|number| {
            let members: Vec<&[f64]> = (0..columns.len())
                .filter(|&other| groups[other] == groups[number])
                .map(|other| values[other].as_ref())
                .collect();
            (0..row_count)
                .map(|row| {
                    let total: f64 = members
                        .iter()
                        .map(|member| member[row])
                        .filter(|value| !value.is_nan())
                        .sum();
                    values[number][row] / total
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The totals numpy gives (`np.nan_to_num(a).sum()`, and pandas' `df.fillna(0).sum()`, with
    /// numpy 2.4.6 and pandas 2.3.3) for these values, where adding one value after another
    /// gives other bits (4856.741441891442 and 5040.074267399266).
    #[test]
    fn column_totals_are_added_as_numpy_adds_them() {
        let values = |count: usize| -> Vec<f64> {
            (0..count)
                .map(|row| {
                    let value = (row % 97) as f64 * 0.1 + 1.0 / ((row % 13) + 1) as f64;
                    if row % 50 == 3 {
                        value + f64::NAN
                    } else {
                        value
                    }
                })
                .collect()
        };
        let filled = |value: f64| if value.is_nan() { 0.0 } else { value };
        assert_eq!(pairwise_sum(&values(1000), filled), 4856.741441891441);
        assert_eq!(pairwise_sum(&values(1037), filled), 5040.074267399268);
        assert_eq!(
            pairwise_sum(&values(5), filled),
            values(5).into_iter().map(filled).sum::<f64>()
        );
        assert_eq!(pairwise_sum(&[], filled), 0.0);
    }
}
