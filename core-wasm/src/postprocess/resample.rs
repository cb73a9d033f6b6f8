//! `resample`: `{"rule": "1D", "method": "asfreq", "fill_value": 0}`, pandas'
//! `df.resample(rule)` on the time index, then `asfreq` / `ffill` / `bfill` (the value at each
//! new time: exactly there, the last one before, the first one after) or `sum` / `mean` /
//! `median` (of each bin's rows; `sum` of an empty bin is 0, the others null).
//!
//! Superset resamples the DatetimeIndex of a pivot; our frames have no index, so the time
//! column is `time_column` when given, else the first timestamp or date column. Its rows must
//! have distinct times (pandas refuses to reindex duplicates); rows without a time are left
//! out. The result has one row per bin from the first time's to the last one's, the time column
//! as Timestamp(µs) and the other columns in their places (numeric ones as Float64 for the
//! aggregating methods, which refuse text columns). With `asfreq`, `fill_value` also fills the
//! numeric nulls.
//!
//! Rules: `<n>S`, `<n>T` / `<n>min`, `<n>H` / `<n>h`, `<n>D` (bins from midnight of the first
//! day, labelled by their start); `MS`, `AS` / `YS` (month or year starts); `M` / `ME`,
//! `A` / `Y` / `YE` (month or year ends: right-closed bins labelled by their last day, which they
//! include whole, as pandas does).
//! `linear` and other rules are not supported.

use std::sync::Arc;

use arrow::array::{Array, ArrayRef, AsArray, TimestampMicrosecondArray, UInt32Array};
use arrow::compute::take;
use arrow::datatypes::{
    DataType, Date32Type, Date64Type, Field, TimeUnit, TimestampMicrosecondType, TimestampMillisecondType,
    TimestampNanosecondType, TimestampSecondType,
};
use arrow::record_batch::RecordBatch;
use chrono::{DateTime, Datelike, Months, NaiveDate, NaiveDateTime};
use serde::Deserialize;

use crate::error::CoreResult;
use crate::postprocess::aggregate::median;
use crate::postprocess::frame::{
    arrow_failure, batch_from, column_position, float_array, invalid, is_numeric, number_array,
    number_values, numbers,
};

const MICROS_PER_SECOND: i64 = 1_000_000;

#[derive(Debug, Deserialize)]
pub struct ResampleOptions {
    rule: String,
    method: String,
    #[serde(default)]
    fill_value: Option<f64>,
    #[serde(default)]
    time_column: Option<String>,
}

/// A resampling frequency.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Frequency {
    /// A fixed length in microseconds, bins from midnight of the first day.
    Fixed(i64),
    MonthStart,
    MonthEnd,
    YearStart,
    YearEnd,
}

pub fn resample(batch: RecordBatch, options: ResampleOptions) -> CoreResult<RecordBatch> {
    let method = options.method.as_str();
    if !matches!(
        method,
        "asfreq" | "bfill" | "ffill" | "linear" | "median" | "mean" | "sum"
    ) {
        return Err(invalid(
            "Resample method should be in asfreq, bfill, ffill, linear, median, mean, sum.",
        ));
    }
    if method == "linear" {
        return Err(invalid("Resample method linear is not supported"));
    }
    let frequency = parse_rule(&options.rule)?;
    let time_position = match &options.time_column {
        Some(name) => column_position(&batch, name)?,
        None => batch
            .schema()
            .fields()
            .iter()
            .position(|field| {
                matches!(
                    field.data_type(),
                    DataType::Timestamp(_, _) | DataType::Date32 | DataType::Date64
                )
            })
            .ok_or_else(|| invalid("Resample operation requires DatetimeIndex"))?,
    };
    if let Some(resampled) = resample_increasing_fixed(&batch, time_position, frequency, method)? {
        return Ok(resampled);
    }
    let times = time_micros(batch.column(time_position))?;
    // A time column without nulls whose times only increase (the usual time series) needs no
    // sorted copy for fixed-length sums and means: each row's bin is arithmetic on its time.
    let increasing = times.first().is_some_and(Option::is_some)
        && times
            .windows(2)
            .all(|pair| matches!((pair[0], pair[1]), (Some(before), Some(after)) if before < after));
    let needs_rows =
        !(increasing && matches!(frequency, Frequency::Fixed(_)) && matches!(method, "sum" | "mean"));
    let mut rows: Vec<(i64, usize)> = Vec::new();
    if needs_rows {
        rows = times
            .iter()
            .enumerate()
            .filter_map(|(row, time)| time.map(|time| (time, row)))
            .collect();
        rows.sort_by_key(|&(time, _)| time);
        if rows.windows(2).any(|pair| pair[0].0 == pair[1].0) {
            return Err(invalid("cannot reindex on an axis with duplicate labels"));
        }
    }
    let bounds = if needs_rows {
        rows.first()
            .zip(rows.last())
            .map(|(&(first, _), &(last, _))| (first, last))
    } else {
        times
            .first()
            .copied()
            .flatten()
            .zip(times.last().copied().flatten())
    };
    let labels = match bounds {
        Some((first, last)) => bin_labels(frequency, first, last)?,
        None => Vec::new(),
    };

    let first_time = bounds.map_or(0, |(first, _)| first);
    // Each row's bin, worked out once for every aggregated column.
    let mut bins: Option<Vec<(usize, usize)>> = None;
    let schema = batch.schema();
    let mut fields: Vec<Field> = Vec::with_capacity(schema.fields().len());
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(schema.fields().len());
    for (position, field) in schema.fields().iter().enumerate() {
        if position == time_position {
            let timezone = match field.data_type() {
                DataType::Timestamp(_, timezone) => timezone.clone(),
                _ => None,
            };
            let labels = TimestampMicrosecondArray::from(labels.clone()).with_timezone_opt(timezone);
            fields.push(Field::new(field.name(), labels.data_type().clone(), true));
            columns.push(Arc::new(labels));
            continue;
        }
        let column = batch.column(position);
        let resampled: ArrayRef = match (method, frequency) {
            ("asfreq" | "ffill" | "bfill", _) => {
                let picked: UInt32Array = labels
                    .iter()
                    .map(|&label| pick_row(&rows, label, method).map(|row| row as u32))
                    .collect();
                let picked = take(column, &picked, None).map_err(arrow_failure)?;
                match options.fill_value {
                    Some(fill) if method == "asfreq" && is_numeric(picked.data_type()) => {
                        let values = numbers(&single_column(picked)?, 0)?;
                        number_array(values.into_iter().map(|value| Some(value.unwrap_or(fill))))
                    }
                    _ => picked,
                }
            }
            ("sum" | "mean", Frequency::Fixed(length)) => {
                // Fixed bins: each row's bin is arithmetic on its time, in row order.
                let values = number_values(&batch, position)?;
                let first_label = labels.first().copied().unwrap_or_default();
                let mut sums = vec![0.0f64; labels.len()];
                let mut counts = vec![0usize; labels.len()];
                // Increasing times walk the bins along rather than divide per row.
                let (mut bin, mut bin_end) = (0usize, first_label.saturating_add(length));
                for (time, &value) in times.iter().zip(values.iter()) {
                    let Some(time) = *time else { continue };
                    if increasing {
                        while time >= bin_end {
                            bin += 1;
                            bin_end = bin_end.saturating_add(length);
                        }
                    } else {
                        bin = (time - first_label).div_euclid(length) as usize;
                    }
                    if !value.is_nan() {
                        sums[bin] += value;
                        counts[bin] += 1;
                    }
                }
                if method == "mean" {
                    for (sum, &count) in sums.iter_mut().zip(&counts) {
                        *sum = if count == 0 { f64::NAN } else { *sum / count as f64 };
                    }
                }
                float_array(sums)
            }
            _ => {
                let values = numbers(&batch, position)?;
                let bins = match &bins {
                    Some(bins) => bins,
                    None => bins.insert(row_bins(&rows, &labels, frequency, first_time)?),
                };
                match method {
                    // pandas: the sum of an empty bin is 0, its mean null.
                    "sum" | "mean" => {
                        let mut sums = vec![0.0f64; labels.len()];
                        let mut counts = vec![0usize; labels.len()];
                        for &(bin, row) in bins.iter() {
                            if let Some(value) = values[row] {
                                sums[bin] += value;
                                counts[bin] += 1;
                            }
                        }
                        if method == "sum" {
                            number_array(sums.into_iter().map(Some))
                        } else {
                            number_array(
                                sums.into_iter()
                                    .zip(counts)
                                    .map(|(sum, count)| (count > 0).then(|| sum / count as f64)),
                            )
                        }
                    }
                    _ => {
                        let mut grouped: Vec<Vec<f64>> = vec![Vec::new(); labels.len()];
                        for &(bin, row) in bins.iter() {
                            if let Some(value) = values[row] {
                                grouped[bin].push(value);
                            }
                        }
                        number_array(grouped.into_iter().map(median))
                    }
                }
            }
        };
        fields.push(Field::new(field.name(), resampled.data_type().clone(), true));
        columns.push(resampled);
    }
    batch_from(fields, columns, labels.len())
}

/// `sum` and `mean` over fixed-length bins of a time column without nulls whose times only
/// increase (the usual time series): each bin is a stretch of rows, found by a binary search
/// on the times, and each column's bins are summed stretch by stretch. No copy of the times
/// (microseconds are read from the Arrow buffer) and no branch per row. `None` when it does
/// not apply; the general path below gives the same result.
fn resample_increasing_fixed(
    batch: &RecordBatch,
    time_position: usize,
    frequency: Frequency,
    method: &str,
) -> CoreResult<Option<RecordBatch>> {
    let Frequency::Fixed(length) = frequency else {
        return Ok(None);
    };
    if !matches!(method, "sum" | "mean") {
        return Ok(None);
    }
    let time_column = batch.column(time_position);
    if time_column.null_count() > 0 {
        return Ok(None);
    }
    let Some(times) = dense_time_micros(time_column) else {
        return Ok(None);
    };
    // Every time below the next: each time against the next one, zipped (no bounds check per
    // pair) and folded in chunks without an early exit, so that it vectorizes.
    let next_times = times.get(1..).unwrap_or_default();
    let increasing = times
        .chunks(4096)
        .zip(next_times.chunks(4096))
        .all(|(before, after)| {
            before
                .iter()
                .zip(after)
                .fold(true, |increasing, (before, after)| increasing & (before < after))
        });
    let (Some(&first), Some(&last)) = (times.first(), times.last()) else {
        return Ok(None);
    };
    if !increasing {
        return Ok(None);
    }
    let labels = bin_labels(frequency, first, last)?;
    // Bin `bin` holds rows `starts[bin]..starts[bin + 1]`: the times below its end, found by
    // galloping from the bin's start (a bin holds few rows; a binary search over all the rest
    // would miss the cache at every step).
    let mut starts: Vec<usize> = Vec::with_capacity(labels.len() + 1);
    starts.push(0);
    for &label in &labels {
        let bin_end = label.saturating_add(length);
        let previous = starts.last().copied().unwrap_or(0);
        let rest = &times[previous..];
        let mut reach = 1usize;
        while reach < rest.len() && rest[reach] < bin_end {
            reach *= 2;
        }
        let searched = &rest[..reach.min(rest.len())];
        starts.push(previous + searched.partition_point(|&time| time < bin_end));
    }
    let schema = batch.schema();
    let mut fields: Vec<Field> = Vec::with_capacity(schema.fields().len());
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(schema.fields().len());
    for (position, field) in schema.fields().iter().enumerate() {
        if position == time_position {
            let timezone = match field.data_type() {
                DataType::Timestamp(_, timezone) => timezone.clone(),
                _ => None,
            };
            let labels = TimestampMicrosecondArray::from(labels.clone()).with_timezone_opt(timezone);
            fields.push(Field::new(field.name(), labels.data_type().clone(), true));
            columns.push(Arc::new(labels));
            continue;
        }
        let values = number_values(batch, position)?;
        let results: Vec<f64> = stretch_sums(&values, &starts)
            .into_iter()
            .map(|(sum, count)| match (method, count) {
                ("sum", _) => sum,
                (_, 0) => f64::NAN,
                _ => sum / count as f64,
            })
            .collect();
        fields.push(Field::new(field.name(), DataType::Float64, true));
        columns.push(float_array(results));
    }
    batch_from(fields, columns, labels.len()).map(Some)
}

/// The sum and count of the present values of each stretch `starts[bin]..starts[bin + 1]`.
/// In Wasm the stretches are summed side by side ([`stretch_sums_side_by_side`]); natively one
/// after another, which the compiler already schedules well (the side-by-side loop measured
/// slower natively, `docs/performance.md` §2). Both give the same bits.
fn stretch_sums(values: &[f64], starts: &[usize]) -> Vec<(f64, usize)> {
    if cfg!(target_arch = "wasm32") {
        stretch_sums_side_by_side(values, starts)
    } else {
        stretch_sums_one_after_another(values, starts)
    }
}

fn add_present(sum: &mut f64, count: &mut usize, value: f64) {
    let present = !value.is_nan();
    *sum += if present { value } else { 0.0 };
    *count += usize::from(present);
}

/// [`stretch_sums`], one stretch after another.
fn stretch_sums_one_after_another(values: &[f64], starts: &[usize]) -> Vec<(f64, usize)> {
    starts
        .windows(2)
        .map(|bounds| {
            let (mut sum, mut count) = (0.0f64, 0usize);
            for &value in &values[bounds[0]..bounds[1]] {
                add_present(&mut sum, &mut count, value);
            }
            (sum, count)
        })
        .collect()
}

/// [`stretch_sums`], `LANES` stretches side by side.
///
/// A missing value adds 0.0, which leaves a sum started at 0.0 as it was: the same sum, in the
/// same order, as skipping it. Each stretch is summed in row order (the same bits as one
/// stretch after another), but `LANES` stretches side by side: their sums do not wait on
/// each other, so the adds overlap instead of each waiting for the one before.
fn stretch_sums_side_by_side(values: &[f64], starts: &[usize]) -> Vec<(f64, usize)> {
    const LANES: usize = 4;
    let add = add_present;
    let mut results: Vec<(f64, usize)> = Vec::with_capacity(starts.len().saturating_sub(1));
    for group in starts.windows(LANES + 1).step_by(LANES) {
        let stretches: [&[f64]; LANES] = std::array::from_fn(|lane| &values[group[lane]..group[lane + 1]]);
        let common = stretches.iter().map(|stretch| stretch.len()).min().unwrap_or(0);
        let heads: [&[f64]; LANES] = std::array::from_fn(|lane| &stretches[lane][..common]);
        let mut sums = [0.0f64; LANES];
        let mut counts = [0usize; LANES];
        // Row by row across the lanes, so the lanes' adds overlap: an iterator over one lane's
        // rows would undo that.
        #[allow(clippy::needless_range_loop)]
        for row in 0..common {
            for lane in 0..LANES {
                add(&mut sums[lane], &mut counts[lane], heads[lane][row]);
            }
        }
        for lane in 0..LANES {
            for &value in &stretches[lane][common..] {
                add(&mut sums[lane], &mut counts[lane], value);
            }
            results.push((sums[lane], counts[lane]));
        }
    }
    let done = results.len();
    results.extend(stretch_sums_one_after_another(values, &starts[done..]));
    results
}

/// A time column without nulls as microseconds since the epoch, borrowed from the Arrow buffer
/// when it is in microseconds already; `None` for a type that is not a time.
fn dense_time_micros(array: &ArrayRef) -> Option<std::borrow::Cow<'_, [i64]>> {
    use std::borrow::Cow;
    let scaled = |values: &[i64], factor: i64| -> Cow<'_, [i64]> {
        Cow::Owned(values.iter().map(|value| value.saturating_mul(factor)).collect())
    };
    Some(match array.data_type() {
        DataType::Timestamp(TimeUnit::Second, _) => scaled(
            array.as_primitive::<TimestampSecondType>().values(),
            MICROS_PER_SECOND,
        ),
        DataType::Timestamp(TimeUnit::Millisecond, _) => {
            scaled(array.as_primitive::<TimestampMillisecondType>().values(), 1_000)
        }
        DataType::Timestamp(TimeUnit::Microsecond, _) => {
            Cow::Borrowed(array.as_primitive::<TimestampMicrosecondType>().values().as_ref())
        }
        DataType::Timestamp(TimeUnit::Nanosecond, _) => Cow::Owned(
            array
                .as_primitive::<TimestampNanosecondType>()
                .values()
                .iter()
                .map(|value| value.div_euclid(1_000))
                .collect(),
        ),
        DataType::Date32 => Cow::Owned(
            array
                .as_primitive::<Date32Type>()
                .values()
                .iter()
                .map(|&days| i64::from(days) * 86_400 * MICROS_PER_SECOND)
                .collect(),
        ),
        DataType::Date64 => scaled(array.as_primitive::<Date64Type>().values(), 1_000),
        _ => return None,
    })
}

/// `(bin, row)` for each row, in time order; `labels` are the bins' labels, ascending.
fn row_bins(
    rows: &[(i64, usize)],
    labels: &[i64],
    frequency: Frequency,
    first_time: i64,
) -> CoreResult<Vec<(usize, usize)>> {
    let mut bins = Vec::with_capacity(rows.len());
    // Rows come in time order, so their bins never go back: walk the labels along.
    let mut bin = 0usize;
    for &(time, row) in rows {
        let label = match frequency {
            Frequency::Fixed(_)
                if bin + 1 < labels.len() && time < labels[bin + 1] && time >= labels[bin] =>
            {
                labels[bin]
            }
            _ => bin_label(frequency, time, first_time)?,
        };
        while bin < labels.len() && labels[bin] < label {
            bin += 1;
        }
        if labels.get(bin) == Some(&label) {
            bins.push((bin, row));
        }
    }
    Ok(bins)
}

/// A one-column batch, to read numbers from an array.
fn single_column(array: ArrayRef) -> CoreResult<RecordBatch> {
    let row_count = array.len();
    let field = Field::new("values", array.data_type().clone(), true);
    batch_from(vec![field], vec![array], row_count)
}

/// The row whose value lands on `label`: exactly at it (`asfreq`), the last at or before it
/// (`ffill`), the first at or after it (`bfill`).
fn pick_row(rows: &[(i64, usize)], label: i64, method: &str) -> Option<usize> {
    let found = rows.binary_search_by_key(&label, |&(time, _)| time);
    match (found, method) {
        (Ok(index), _) => Some(rows[index].1),
        (Err(_), "asfreq") => None,
        (Err(index), "ffill") => index.checked_sub(1).map(|before| rows[before].1),
        (Err(index), _) => rows.get(index).map(|&(_, row)| row),
    }
}

fn parse_rule(rule: &str) -> CoreResult<Frequency> {
    let unit_start = rule
        .find(|character: char| !character.is_ascii_digit())
        .unwrap_or(rule.len());
    let (count, unit) = rule.split_at(unit_start);
    let count: i64 = if count.is_empty() {
        1
    } else {
        count
            .parse()
            .map_err(|_| invalid(format!("Invalid frequency: {rule}")))?
    };
    if count <= 0 {
        return Err(invalid(format!("Invalid frequency: {rule}")));
    }
    let fixed = |seconds: i64| Ok(Frequency::Fixed(count * seconds * MICROS_PER_SECOND));
    let calendar = |frequency: Frequency| {
        if count == 1 {
            Ok(frequency)
        } else {
            Err(invalid(format!("Resample rule {rule} is not supported")))
        }
    };
    match unit {
        "S" | "s" => fixed(1),
        "T" | "min" => fixed(60),
        "H" | "h" => fixed(3_600),
        "D" => fixed(86_400),
        "MS" => calendar(Frequency::MonthStart),
        "M" | "ME" => calendar(Frequency::MonthEnd),
        "AS" | "YS" => calendar(Frequency::YearStart),
        "A" | "Y" | "YE" => calendar(Frequency::YearEnd),
        _ => Err(invalid(format!("Resample rule {rule} is not supported"))),
    }
}

/// Every bin label from the first time's bin to the last time's.
fn bin_labels(frequency: Frequency, first: i64, last: i64) -> CoreResult<Vec<i64>> {
    let first_label = bin_label(frequency, first, first)?;
    let last_label = bin_label(frequency, last, first)?;
    let mut labels = vec![first_label];
    let mut label = first_label;
    while label < last_label {
        label = next_label(frequency, label)?;
        labels.push(label);
    }
    Ok(labels)
}

/// The label of the bin holding `time`; fixed bins start at midnight of `first`'s day.
fn bin_label(frequency: Frequency, time: i64, first: i64) -> CoreResult<i64> {
    let moment = naive(time)?;
    match frequency {
        Frequency::Fixed(length) => {
            let origin = micros(naive(first)?.date().and_hms_opt(0, 0, 0).unwrap_or_default());
            Ok(origin + (time - origin).div_euclid(length) * length)
        }
        Frequency::MonthStart => Ok(micros(month_start(moment.date()))),
        Frequency::YearStart => Ok(micros(year_start(moment.year())?)),
        // pandas moves right-closed bins of a day or more to the end of their last day, so a
        // time on the last day of a month belongs to that month.
        Frequency::MonthEnd => Ok(micros(month_end(moment.date())?)),
        Frequency::YearEnd => Ok(micros(year_start(moment.year() + 1)? - chrono::Days::new(1))),
    }
}

fn next_label(frequency: Frequency, label: i64) -> CoreResult<i64> {
    let moment = naive(label)?;
    let out_of_range = || invalid("Resample dates out of range");
    match frequency {
        Frequency::Fixed(length) => Ok(label + length),
        Frequency::MonthStart => Ok(micros(
            moment
                .checked_add_months(Months::new(1))
                .ok_or_else(out_of_range)?,
        )),
        Frequency::YearStart => Ok(micros(year_start(moment.year() + 1)?)),
        Frequency::MonthEnd => {
            let next_month = month_start(moment.date())
                .checked_add_months(Months::new(1))
                .ok_or_else(out_of_range)?;
            Ok(micros(month_end(next_month.date())?))
        }
        Frequency::YearEnd => Ok(micros(year_start(moment.year() + 2)? - chrono::Days::new(1))),
    }
}

fn naive(time: i64) -> CoreResult<NaiveDateTime> {
    DateTime::from_timestamp_micros(time)
        .map(|moment| moment.naive_utc())
        .ok_or_else(|| invalid("Resample dates out of range"))
}

fn micros(moment: NaiveDateTime) -> i64 {
    moment.and_utc().timestamp_micros()
}

fn month_start(date: NaiveDate) -> NaiveDateTime {
    date.with_day(1)
        .unwrap_or(date)
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
}

/// Midnight of the last day of `date`'s month.
fn month_end(date: NaiveDate) -> CoreResult<NaiveDateTime> {
    month_start(date)
        .checked_add_months(Months::new(1))
        .map(|next| next - chrono::Days::new(1))
        .ok_or_else(|| invalid("Resample dates out of range"))
}

fn year_start(year: i32) -> CoreResult<NaiveDateTime> {
    NaiveDate::from_ymd_opt(year, 1, 1)
        .and_then(|date| date.and_hms_opt(0, 0, 0))
        .ok_or_else(|| invalid("Resample dates out of range"))
}

/// A time column as microseconds since the epoch.
fn time_micros(array: &ArrayRef) -> CoreResult<Vec<Option<i64>>> {
    let scaled = |values: Vec<Option<i64>>, factor: i64| -> Vec<Option<i64>> {
        values
            .into_iter()
            .map(|value| value.map(|value| value.saturating_mul(factor)))
            .collect()
    };
    Ok(match array.data_type() {
        DataType::Timestamp(TimeUnit::Second, _) => scaled(
            array.as_primitive::<TimestampSecondType>().iter().collect(),
            MICROS_PER_SECOND,
        ),
        DataType::Timestamp(TimeUnit::Millisecond, _) => scaled(
            array.as_primitive::<TimestampMillisecondType>().iter().collect(),
            1_000,
        ),
        DataType::Timestamp(TimeUnit::Microsecond, _) => {
            array.as_primitive::<TimestampMicrosecondType>().iter().collect()
        }
        DataType::Timestamp(TimeUnit::Nanosecond, _) => array
            .as_primitive::<TimestampNanosecondType>()
            .iter()
            .map(|value| value.map(|value| value.div_euclid(1_000)))
            .collect(),
        DataType::Date32 => array
            .as_primitive::<Date32Type>()
            .iter()
            .map(|days| days.map(|days| i64::from(days) * 86_400 * MICROS_PER_SECOND))
            .collect(),
        DataType::Date64 => scaled(array.as_primitive::<Date64Type>().iter().collect(), 1_000),
        _ => return Err(invalid("Resample operation requires DatetimeIndex")),
    })
}

#[cfg(test)]
mod tests {
    use arrow::array::{AsArray, Float64Array, TimestampMicrosecondArray};
    use arrow::datatypes::{Field, Float64Type, Schema};

    use super::*;

    const MINUTE: i64 = 60 * MICROS_PER_SECOND;

    fn series(minutes: &[i64], values: &[f64]) -> RecordBatch {
        let times: Vec<i64> = minutes
            .iter()
            .map(|minute| 1_600_000_000_000_000 + minute * MINUTE)
            .collect();
        RecordBatch::try_new(
            Arc::new(Schema::new(vec![
                Field::new(
                    "__timestamp",
                    DataType::Timestamp(TimeUnit::Microsecond, None),
                    false,
                ),
                Field::new("value", DataType::Float64, true),
            ])),
            vec![
                Arc::new(TimestampMicrosecondArray::from(times)),
                Arc::new(Float64Array::from(values.to_vec())),
            ],
        )
        .unwrap()
    }

    fn resampled(batch: RecordBatch, method: &str) -> Vec<Option<f64>> {
        let options = ResampleOptions {
            rule: "1H".to_owned(),
            method: method.to_owned(),
            fill_value: None,
            time_column: None,
        };
        let result = resample(batch, options).unwrap();
        result.column(1).as_primitive::<Float64Type>().iter().collect()
    }

    /// Increasing times take the stretch-by-stretch path, shuffled ones the general path: the
    /// same bins, sums (an empty bin is 0) and means (an empty bin is null), NaN skipped.
    #[test]
    fn fixed_bins_of_increasing_times_match_the_general_path() {
        // 2020-09-13 12:26:40 is minute 0: the 12:00 bin holds minutes 0 to 33, 13:00 34 to 93,
        // 14:00 and 15:00 none, 16:00 214 and 215.
        let minutes = [0, 10, 33, 34, 60, 93, 214, 215];
        let values = [1.5, f64::NAN, 2.0, 4.0, 0.25, 8.0, f64::NAN, 3.0];
        let order = [3, 0, 7, 5, 1, 6, 2, 4];
        let shuffled_minutes: Vec<i64> = order.iter().map(|&row| minutes[row]).collect();
        let shuffled_values: Vec<f64> = order.iter().map(|&row| values[row]).collect();
        for method in ["sum", "mean"] {
            let fast = resampled(series(&minutes, &values), method);
            let general = resampled(series(&shuffled_minutes, &shuffled_values), method);
            assert_eq!(fast, general, "{method}");
        }
        assert_eq!(
            resampled(series(&minutes, &values), "sum"),
            vec![Some(3.5), Some(12.25), Some(0.0), Some(0.0), Some(3.0)]
        );
        assert_eq!(
            resampled(series(&minutes, &values), "mean"),
            vec![Some(1.75), Some(4.083333333333333), None, None, Some(3.0)]
        );
    }

    /// Stretches summed side by side give the bits of summing them one after another, for
    /// stretches of unequal lengths (empty ones too), missing values and a partial last group.
    #[test]
    fn stretch_sums_match_sums_one_stretch_after_another() {
        let values: Vec<f64> = (0..500)
            .map(|row| match row % 13 {
                0 => f64::NAN,
                other => (row as f64) * 0.1 + 1.0 / other as f64,
            })
            .collect();
        let mut starts = vec![0usize];
        for length in [3, 0, 17, 60, 60, 59, 1, 0, 0, 44, 60, 61, 2, 9, 70] {
            starts.push(starts.last().unwrap() + length);
        }
        let expected: Vec<(u64, usize)> = starts
            .windows(2)
            .map(|bounds| {
                let present = values[bounds[0]..bounds[1]]
                    .iter()
                    .filter(|value| !value.is_nan());
                let (sum, count) =
                    present.fold((0.0f64, 0usize), |(sum, count), value| (sum + value, count + 1));
                (sum.to_bits(), count)
            })
            .collect();
        for sums in [
            stretch_sums_side_by_side(&values, &starts),
            stretch_sums_one_after_another(&values, &starts),
            stretch_sums(&values, &starts),
        ] {
            let sums: Vec<(u64, usize)> = sums
                .into_iter()
                .map(|(sum, count)| (sum.to_bits(), count))
                .collect();
            assert_eq!(sums, expected);
        }
    }
}
