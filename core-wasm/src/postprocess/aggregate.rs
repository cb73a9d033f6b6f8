//! `aggregate`: `{"groupby": ["country"], "aggregates": {"total": {"column": "sales",
//! "operator": "sum"}}}`, pandas' `groupby(...).agg(...)` with Superset's numpy operators.
//!
//! Superset wraps each numpy function in `functools.partial`, so pandas calls it on every
//! group's Series and numpy defers to the Series method where it has one. That decides the
//! null handling: `sum`, `nansum`, `prod`, `mean`, `nanmean`, `min`, `max`, `nanmin`, `nanmax`,
//! `std`, `var` and `count` skip nulls (`sum` of nothing is 0, `prod` of nothing is 1, the others
//! are null); `std` and `var` are the population ones (`ddof` 0, numpy's default, overridable with
//! `options.ddof`); `median` and `average` are null as soon as the group has a null, `nanmedian`
//! skips them. `percentile` (`options.q`, 0 to 100, linear interpolation) is null as soon as the
//! group has a null and `nanpercentile` skips them; `argmin` and `argmax` are the position of the
//! first least or greatest value within the group (pandas' `Series.argmin`, nulls skipped, -1 for
//! a group of nulls); `count_nonzero` counts the values other than 0, a null included (NaN is not
//! 0). `cumsum` and `cumprod` do not aggregate and fail as pandas does ("Must produce aggregated
//! value"). Groups come sorted by their keys and rows with a null key are left out (pandas'
//! `sort=True, dropna=True`). The output is the groupby columns, then one Float64 column per
//! aggregate; the aggregates come in label order (a JSON object's key order is not kept).

use std::borrow::Cow;
use std::collections::BTreeMap;

use arrow::array::{Array, ArrayRef, UInt32Array};
use arrow::compute::take;
use arrow::datatypes::Field;
use arrow::record_batch::RecordBatch;
use serde::Deserialize;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::boxplot::{percentile, Interpolation};
use crate::postprocess::frame::{
    arrow_failure, batch_from, column_position, float_array, invalid, number_values,
};
use crate::postprocess::keys::{
    appearance_groups, column_codes, row_ids, AppearanceGroups, ColumnCodes, Groups, NO_CODE,
};

#[derive(Debug, Deserialize)]
pub struct AggregateOptions {
    #[serde(default)]
    groupby: Option<Vec<String>>,
    #[serde(default)]
    aggregates: BTreeMap<String, Value>,
}

/// A numpy function of Superset's `NUMPY_FUNCTIONS` applied to one group.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Aggregator {
    Sum,
    Product,
    Mean,
    Min,
    Max,
    Count,
    Median,
    NanMedian,
    Average,
    StandardDeviation {
        ddof: f64,
    },
    Variance {
        ddof: f64,
    },
    /// `q` in 0..=100.
    Percentile {
        q: f64,
    },
    NanPercentile {
        q: f64,
    },
    ArgMin,
    ArgMax,
    CountNonzero,
}

/// One aggregate: its output label, its source column and its function.
#[derive(Debug, Clone)]
pub(crate) struct NamedAggregate {
    pub label: String,
    pub column: String,
    pub aggregator: Aggregator,
}

/// Superset's `_get_aggregate_funcs`, with its messages.
pub(crate) fn named_aggregates(
    batch: &RecordBatch,
    aggregates: &BTreeMap<String, Value>,
) -> CoreResult<Vec<NamedAggregate>> {
    let mut named = Vec::with_capacity(aggregates.len());
    for (label, definition) in aggregates {
        let column = definition
            .get("column")
            .and_then(Value::as_str)
            .unwrap_or(label)
            .to_owned();
        if column_position(batch, &column).is_err() {
            return Err(invalid(format!(
                "Column referenced by aggregate is undefined: {column}"
            )));
        }
        let Some(operator) = definition.get("operator") else {
            return Err(invalid(format!("Operator undefined for aggregator: {label}")));
        };
        let operator = operator.as_str().unwrap_or_default();
        let ddof = definition
            .get("options")
            .and_then(|options| options.get("ddof"))
            .and_then(Value::as_f64)
            .unwrap_or(0.0);
        let q_of_options = || percentile_q(operator, definition.get("options"));
        let aggregator = match operator {
            "sum" | "nansum" => Aggregator::Sum,
            "prod" | "product" => Aggregator::Product,
            "mean" | "nanmean" => Aggregator::Mean,
            "min" | "nanmin" => Aggregator::Min,
            "max" | "nanmax" => Aggregator::Max,
            "count" => Aggregator::Count,
            "median" => Aggregator::Median,
            "nanmedian" => Aggregator::NanMedian,
            "average" => Aggregator::Average,
            "std" => Aggregator::StandardDeviation { ddof },
            "var" => Aggregator::Variance { ddof },
            "percentile" => Aggregator::Percentile { q: q_of_options()? },
            "nanpercentile" => Aggregator::NanPercentile { q: q_of_options()? },
            "argmin" => Aggregator::ArgMin,
            "argmax" => Aggregator::ArgMax,
            "count_nonzero" => Aggregator::CountNonzero,
            "cumsum" | "cumprod" => return Err(invalid("Must produce aggregated value")),
            _ => return Err(invalid(format!("Invalid numpy function: {operator}"))),
        };
        named.push(NamedAggregate {
            label: label.clone(),
            column,
            aggregator,
        });
    }
    Ok(named)
}

/// The `q` of a `percentile` or `nanpercentile` aggregate, with numpy's messages: one number
/// from 0 to 100 (a list of them would give a list per group, which pandas refuses).
fn percentile_q(operator: &str, options: Option<&Value>) -> CoreResult<f64> {
    let q = options.and_then(|options| options.get("q"));
    match q {
        None | Some(Value::Null) => Err(invalid(format!(
            "{operator}() missing 1 required positional argument: 'q'"
        ))),
        Some(Value::Array(_)) => Err(invalid("Must produce aggregated value")),
        Some(q) => match q.as_f64() {
            Some(q) if (0.0..=100.0).contains(&q) => Ok(q),
            _ => Err(invalid("Percentiles must be in the range [0, 100]")),
        },
    }
}

/// The aggregate of one group's values (`None` for a null cell).
pub(crate) fn reduce(aggregator: Aggregator, values: &[Option<f64>]) -> Option<f64> {
    let mut present: Vec<f64> = values.iter().flatten().copied().collect();
    let has_null = present.len() < values.len();
    match aggregator {
        Aggregator::Sum => Some(present.iter().sum()),
        Aggregator::Product => Some(present.iter().product()),
        Aggregator::Count => Some(present.len() as f64),
        Aggregator::Mean => mean(&present),
        Aggregator::Average => {
            if has_null {
                None
            } else {
                mean(&present)
            }
        }
        Aggregator::Min => present.iter().copied().reduce(f64::min),
        Aggregator::Max => present.iter().copied().reduce(f64::max),
        Aggregator::Median => {
            if has_null {
                None
            } else {
                median(present)
            }
        }
        Aggregator::NanMedian => median(present),
        Aggregator::StandardDeviation { ddof } => variance(&present, ddof).map(f64::sqrt),
        Aggregator::Variance { ddof } => variance(&present, ddof),
        Aggregator::Percentile { q } => {
            if has_null {
                None
            } else {
                percentile(&mut present, q, Interpolation::Linear)
            }
        }
        Aggregator::NanPercentile { q } => percentile(&mut present, q, Interpolation::Linear),
        Aggregator::ArgMin => Some(arg_extreme(values, |value, best| value < best)),
        Aggregator::ArgMax => Some(arg_extreme(values, |value, best| value > best)),
        Aggregator::CountNonzero => Some(values.iter().filter(|value| **value != Some(0.0)).count() as f64),
    }
}

/// The position in `values` of the first value that beats every other (`beats(value, best)`),
/// nulls skipped; -1 when every value is null (pandas 2's `Series.argmin`).
fn arg_extreme(values: &[Option<f64>], beats: impl Fn(f64, f64) -> bool) -> f64 {
    let mut best: Option<(usize, f64)> = None;
    for (position, value) in values.iter().enumerate() {
        let Some(value) = *value else { continue };
        if best.is_none_or(|(_, best)| beats(value, best)) {
            best = Some((position, value));
        }
    }
    best.map_or(-1.0, |(position, _)| position as f64)
}

fn mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some(values.iter().sum::<f64>() / values.len() as f64)
}

/// The middle value, or the mean of the two middle values.
pub(crate) fn median(mut values: Vec<f64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        Some(values[middle])
    } else {
        Some((values[middle - 1] + values[middle]) / 2.0)
    }
}

/// The variance with `ddof` delta degrees of freedom; null when `n - ddof <= 0`.
pub(crate) fn variance(values: &[f64], ddof: f64) -> Option<f64> {
    let count = values.len() as f64;
    if count - ddof <= 0.0 {
        return None;
    }
    let average = mean(values)?;
    let squares: f64 = values.iter().map(|value| (value - average).powi(2)).sum();
    Some(squares / (count - ddof))
}

/// The rows of `batch` grouped by the columns at `positions`: groups in pandas' sorted key
/// order, rows in their order; rows with a null key are left out unless `keep_null_keys`.
/// Without key columns, every row is one group.
pub(crate) fn group_rows(
    batch: &RecordBatch,
    positions: &[usize],
    keep_null_keys: bool,
) -> CoreResult<Groups> {
    if positions.is_empty() {
        return Ok(Groups::single(batch.num_rows()));
    }
    let codes = positions
        .iter()
        .map(|&position| column_codes(batch, position))
        .collect::<CoreResult<Vec<_>>>()?;
    let keyed: Vec<(&ColumnCodes, bool)> = codes.iter().map(|codes| (codes, true)).collect();
    Ok(Groups::by_ids(&row_ids(&keyed, batch.num_rows(), keep_null_keys)))
}

pub fn aggregate(batch: RecordBatch, options: AggregateOptions) -> CoreResult<RecordBatch> {
    let groupby = options.groupby.unwrap_or_default();
    let key_positions = groupby
        .iter()
        .map(|name| column_position(&batch, name))
        .collect::<CoreResult<Vec<_>>>()?;
    let aggregates = named_aggregates(&batch, &options.aggregates)?;
    let rows = batch.num_rows();

    // Each row's group, numbered by first appearance (rows with a null key are left out), and
    // the groups in sorted key order. Without keys, every row is the one group.
    let grouping = if key_positions.is_empty() {
        AppearanceGroups {
            ids: vec![0; rows],
            first_row: if rows == 0 { Vec::new() } else { vec![0] },
            key_order: if rows == 0 { Vec::new() } else { vec![0] },
        }
    } else {
        appearance_groups(&batch, &key_positions)?
    };
    let group_count = grouping.count();
    // Order statistics and spreads need each group's values together (groups in key order
    // already); the others accumulate, then come in key order.
    let groups = if aggregates.iter().all(|named| named.aggregator.accumulates()) {
        None
    } else {
        Some(group_rows(&batch, &key_positions, false)?)
    };

    let mut fields: Vec<Field> = Vec::new();
    let mut columns: Vec<ArrayRef> = Vec::new();
    let first_rows = grouping
        .first_rows_in_key_order()
        .into_iter()
        .map(|row| u32::try_from(row).map_err(|_| invalid("Too many rows")))
        .collect::<CoreResult<UInt32Array>>()?;
    for &position in &key_positions {
        fields.push(batch.schema().field(position).clone());
        columns.push(take(batch.column(position), &first_rows, None).map_err(arrow_failure)?);
    }
    // Sums and counts per column, shared by the `sum`, `mean` and `count` of one column.
    let mut sums_and_counts: BTreeMap<&str, (Vec<f64>, Vec<usize>)> = BTreeMap::new();
    for named in &aggregates {
        let results = match &groups {
            None if matches!(named.aggregator, Aggregator::Sum | Aggregator::Mean) => {
                if !sums_and_counts.contains_key(named.column.as_str()) {
                    let values = values_for(&batch, named)?;
                    let accumulated = sums_and_counts_of(&values, &grouping.ids, group_count);
                    sums_and_counts.insert(named.column.as_str(), accumulated);
                }
                let (sums, counts) = &sums_and_counts[named.column.as_str()];
                let results: Vec<f64> = if named.aggregator == Aggregator::Sum {
                    grouping.in_key_order(sums)
                } else {
                    grouping
                        .key_order
                        .iter()
                        .map(|&group| {
                            let count = counts[group];
                            if count == 0 {
                                f64::NAN
                            } else {
                                sums[group] / count as f64
                            }
                        })
                        .collect()
                };
                results
            }
            None => {
                let values = values_for(&batch, named)?;
                grouping.in_key_order(&accumulate(named.aggregator, &values, &grouping.ids, group_count))
            }
            Some(groups) => {
                let values = values_for(&batch, named)?;
                groups
                    .iter()
                    .map(|rows| {
                        let group_values: Vec<Option<f64>> = rows
                            .iter()
                            .map(|&row| Some(values[row]).filter(|value| !value.is_nan()))
                            .collect();
                        reduce(named.aggregator, &group_values).unwrap_or(f64::NAN)
                    })
                    .collect()
            }
        };
        fields.push(Field::new(
            named.label.as_str(),
            arrow::datatypes::DataType::Float64,
            true,
        ));
        columns.push(float_array(results));
    }
    batch_from(fields, columns, group_count)
}

/// Each group's sum and count of present values, added in row order (`ids`: each row's group,
/// `NO_CODE` for rows left out).
fn sums_and_counts_of(values: &[f64], ids: &[u32], groups: usize) -> (Vec<f64>, Vec<usize>) {
    let mut sums = vec![0.0f64; groups];
    let mut counts = vec![0usize; groups];
    for (&value, &id) in values.iter().zip(ids) {
        if id != NO_CODE && !value.is_nan() {
            sums[id as usize] += value;
            counts[id as usize] += 1;
        }
    }
    (sums, counts)
}

impl Aggregator {
    /// Whether the aggregate of a group can be accumulated row by row ([`accumulate`]).
    pub(crate) fn accumulates(self) -> bool {
        matches!(
            self,
            Aggregator::Sum
                | Aggregator::Product
                | Aggregator::Mean
                | Aggregator::Min
                | Aggregator::Max
                | Aggregator::Count
        )
    }
}

/// The aggregate of each group (`ids`: each row's group, `NO_CODE` for rows left out) in one
/// pass over the values, for the aggregators that [`accumulate`](Aggregator::accumulates);
/// NaN for a missing result. Values are added in row order, as [`reduce`] adds them.
pub(crate) fn accumulate(aggregator: Aggregator, values: &[f64], ids: &[u32], groups: usize) -> Vec<f64> {
    let present = || {
        values
            .iter()
            .zip(ids)
            .filter(|(value, &id)| id != NO_CODE && !value.is_nan())
            .map(|(&value, &id)| (id as usize, value))
    };
    let counts = || {
        let mut counts = vec![0usize; groups];
        for (id, _) in present() {
            counts[id] += 1;
        }
        counts
    };
    match aggregator {
        Aggregator::Sum | Aggregator::Mean => {
            let mut sums = vec![0.0f64; groups];
            let mut counts = vec![0usize; groups];
            for (id, value) in present() {
                sums[id] += value;
                counts[id] += 1;
            }
            if aggregator == Aggregator::Mean {
                for (sum, count) in sums.iter_mut().zip(counts) {
                    *sum = if count == 0 { f64::NAN } else { *sum / count as f64 };
                }
            }
            sums
        }
        Aggregator::Product => {
            let mut products = vec![1.0f64; groups];
            for (id, value) in present() {
                products[id] *= value;
            }
            products
        }
        Aggregator::Count => counts().into_iter().map(|count| count as f64).collect(),
        Aggregator::Min | Aggregator::Max => {
            let mut extremes = vec![f64::NAN; groups];
            for (id, value) in present() {
                let extreme = &mut extremes[id];
                // f64::min and f64::max return the other operand for NaN: the first value.
                *extreme = if aggregator == Aggregator::Min {
                    extreme.min(value)
                } else {
                    extreme.max(value)
                };
            }
            extremes
        }
        _ => vec![f64::NAN; groups],
    }
}

/// The values an aggregate reads, NaN for missing: the numbers of its column, or for `count`
/// on a non-numeric column, 1 for every present cell.
pub(crate) fn values_for<'a>(batch: &'a RecordBatch, named: &NamedAggregate) -> CoreResult<Cow<'a, [f64]>> {
    let position = column_position(batch, &named.column)?;
    let column = batch.column(position);
    let is_numeric = crate::postprocess::frame::is_numeric(column.data_type());
    if named.aggregator == Aggregator::Count && !is_numeric {
        return Ok(Cow::Owned(
            (0..column.len())
                .map(|row| if column.is_null(row) { f64::NAN } else { 1.0 })
                .collect(),
        ));
    }
    number_values(batch, position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_skips_nulls_and_median_does_not() {
        let values = [Some(1.0), None, Some(3.0)];
        assert_eq!(reduce(Aggregator::Sum, &values), Some(4.0));
        assert_eq!(reduce(Aggregator::Median, &values), None);
        assert_eq!(reduce(Aggregator::NanMedian, &values), Some(2.0));
        assert_eq!(reduce(Aggregator::Count, &values), Some(2.0));
    }

    #[test]
    fn std_is_the_population_one() {
        let values = [Some(1.0), Some(3.0)];
        assert_eq!(
            reduce(Aggregator::StandardDeviation { ddof: 0.0 }, &values),
            Some(1.0)
        );
        assert_eq!(reduce(Aggregator::Variance { ddof: 1.0 }, &values), Some(2.0));
    }

    #[test]
    fn numpy_order_and_position_operators() {
        let values = [Some(4.0), None, Some(1.0), Some(0.0), Some(1.0), Some(3.0)];
        assert_eq!(reduce(Aggregator::Percentile { q: 50.0 }, &values), None);
        // nanpercentile of [0, 1, 1, 3, 4] at 25: position 1 → 1; at 62.5: position 2.5 → 1 + 0.5 * 2.
        assert_eq!(reduce(Aggregator::NanPercentile { q: 25.0 }, &values), Some(1.0));
        assert_eq!(reduce(Aggregator::NanPercentile { q: 62.5 }, &values), Some(2.0));
        assert_eq!(reduce(Aggregator::ArgMin, &values), Some(3.0));
        assert_eq!(reduce(Aggregator::ArgMax, &values), Some(0.0));
        assert_eq!(reduce(Aggregator::ArgMin, &[None, None]), Some(-1.0));
        // 4, null, 1, 1, 3 are not 0.
        assert_eq!(reduce(Aggregator::CountNonzero, &values), Some(5.0));
    }
}
