//! `rolling`: `{"rolling_type": "mean", "window": 3, "min_periods": 2, "columns": {"y": "y"}}`,
//! pandas' `rolling(window, min_periods, center)` then the `rolling_type` function.
//!
//! A window of `window` rows ends at each row (is centred on it with `center`); its result is
//! null while it holds fewer than `min_periods` present values (`min_periods` defaults to
//! `window`). `std` and `var` are the sample ones (`ddof` 1, overridable with
//! `rolling_type_options.ddof`). As in Superset, a `min_periods` option above 0 then drops the
//! first `min_periods - 1` rows of the whole result (an absent one drops none). Types: `sum`, `mean`, `std`, `var`, `min`,
//! `max`, `median`; `count`, `corr`, `cov`, `kurt`, `skew`, `quantile` and `win_type` are not
//! supported.

use std::collections::BTreeMap;

use arrow::record_batch::RecordBatch;
use serde::Deserialize;
use serde_json::Value;

use crate::error::CoreResult;
use crate::postprocess::aggregate::{median, variance};
use crate::postprocess::frame::{
    append_columns, float_array, has_missing, invalid, mapped_columns, number_values,
};

/// Superset's `DENYLIST_ROLLING_FUNCTIONS` (an allow list despite its name).
const ROLLING_FUNCTIONS: &[&str] = &[
    "count", "corr", "cov", "kurt", "max", "mean", "median", "min", "std", "skew", "sum", "var", "quantile",
];

#[derive(Debug, Deserialize)]
pub struct RollingOptions {
    #[serde(default)]
    rolling_type: String,
    #[serde(default)]
    columns: Option<BTreeMap<String, String>>,
    #[serde(default)]
    window: Option<i64>,
    #[serde(default)]
    rolling_type_options: Option<serde_json::Map<String, Value>>,
    #[serde(default)]
    center: Option<bool>,
    #[serde(default)]
    win_type: Option<String>,
    #[serde(default)]
    min_periods: Option<i64>,
}

pub fn rolling(batch: RecordBatch, options: RollingOptions) -> CoreResult<RecordBatch> {
    let window = match options.window {
        None => return Err(invalid("Undefined window for rolling operation")),
        Some(0) => return Err(invalid("Window must be > 0")),
        Some(window) => {
            usize::try_from(window).map_err(|_| invalid("window must be an integer 0 or greater"))?
        }
    };
    let min_periods = match options.min_periods {
        None => window,
        Some(min_periods) => usize::try_from(min_periods).map_err(|_| invalid("min_periods must be >= 0"))?,
    };
    if min_periods > window {
        return Err(invalid(format!(
            "min_periods {min_periods} must be <= window {window}"
        )));
    }
    if options.win_type.is_some() {
        return Err(invalid("Rolling win_type is not supported"));
    }
    let rolling_type = options.rolling_type.as_str();
    if !ROLLING_FUNCTIONS.contains(&rolling_type) {
        return Err(invalid(format!("Invalid rolling_type: {rolling_type}")));
    }
    let ddof = options
        .rolling_type_options
        .as_ref()
        .and_then(|rolling_options| rolling_options.get("ddof"))
        .and_then(Value::as_f64)
        .unwrap_or(1.0);
    let function: Box<dyn Fn(Vec<f64>) -> Option<f64>> = match rolling_type {
        "sum" => Box::new(|values: Vec<f64>| Some(values.iter().sum())),
        "mean" => Box::new(|values: Vec<f64>| {
            (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
        }),
        "std" => Box::new(move |values: Vec<f64>| variance(&values, ddof).map(f64::sqrt)),
        "var" => Box::new(move |values: Vec<f64>| variance(&values, ddof)),
        "min" => Box::new(|values: Vec<f64>| values.into_iter().reduce(f64::min)),
        "max" => Box::new(|values: Vec<f64>| values.into_iter().reduce(f64::max)),
        "median" => Box::new(median),
        _ => return Err(invalid(format!("Rolling type {rolling_type} is not supported"))),
    };
    // pandas' fixed window bounds: rows [end - window, end) with end = row + 1 + offset.
    let offset = if options.center == Some(true) {
        (window - 1) / 2
    } else {
        0
    };
    let row_count = batch.num_rows();
    let streaming = match rolling_type {
        "sum" => Some(Streaming::Sum),
        "mean" => Some(Streaming::Mean),
        "var" => Some(Streaming::Variance { ddof, root: false }),
        "std" => Some(Streaming::Variance { ddof, root: true }),
        _ => None,
    };
    let mapping = options.columns.unwrap_or_default();
    let mut results = Vec::new();
    for column in mapped_columns(&batch, &mapping)? {
        let values = number_values(&batch, column.position)?;
        let has_missing = has_missing(&values);
        let rolled: Vec<f64> = match streaming {
            Some(kind) if !has_missing => rolled_moments(&values, window, offset, min_periods, kind),
            Some(kind) => rolled_streaming(&values, window, offset, min_periods, kind),
            None => (0..row_count)
                .map(|row| {
                    let end = (row + 1 + offset).min(row_count);
                    let start = (row + 1 + offset).saturating_sub(window);
                    let present: Vec<f64> = values[start..end]
                        .iter()
                        .copied()
                        .filter(|value| !value.is_nan())
                        .collect();
                    // Every function but `sum` (0 for an empty window) is null on no values.
                    if present.len() < min_periods {
                        return f64::NAN;
                    }
                    function(present).unwrap_or(f64::NAN)
                })
                .collect(),
        };
        results.push((column, float_array(rolled)));
    }
    let rolled = append_columns(batch, &mapping, results)?;
    // Superset's `if min_periods: df = df[min_periods - 1:]`, on the option as given.
    let dropped_rows = match options.min_periods {
        Some(given) if given > 0 => min_periods - 1,
        _ => return Ok(rolled),
    };
    Ok(rolled.slice(
        dropped_rows.min(row_count),
        row_count.saturating_sub(dropped_rows),
    ))
}

/// Window functions kept up to date as the window slides, as pandas computes them: a
/// compensated running sum, and Welford's mean and sum of squared deviations with removal.
#[derive(Debug, Clone, Copy)]
enum Streaming {
    Sum,
    Mean,
    Variance { ddof: f64, root: bool },
}

#[derive(Debug, Default)]
struct WindowState {
    count: usize,
    sum: f64,
    compensation: f64,
    mean: f64,
    squares: f64,
}

impl WindowState {
    fn add_to_sum(&mut self, value: f64) {
        let corrected = value - self.compensation;
        let total = self.sum + corrected;
        self.compensation = (total - self.sum) - corrected;
        self.sum = total;
    }

    fn add(&mut self, value: f64) {
        self.count += 1;
        self.add_to_sum(value);
        let delta = value - self.mean;
        self.mean += delta / self.count as f64;
        self.squares += delta * (value - self.mean);
    }

    fn remove(&mut self, value: f64) {
        self.count -= 1;
        if self.count == 0 {
            *self = WindowState::default();
            return;
        }
        self.add_to_sum(-value);
        let delta = value - self.mean;
        self.mean -= delta / self.count as f64;
        self.squares -= delta * (value - self.mean);
    }

    fn value(&self, kind: Streaming) -> Option<f64> {
        match kind {
            Streaming::Sum => Some(self.sum),
            Streaming::Mean => (self.count > 0).then(|| self.sum / self.count as f64),
            Streaming::Variance { ddof, root } => {
                let count = self.count as f64;
                if count - ddof <= 0.0 {
                    return None;
                }
                let variance = if self.count == 1 {
                    0.0
                } else {
                    (self.squares / (count - ddof)).max(0.0)
                };
                Some(if root { variance.sqrt() } else { variance })
            }
        }
    }
}

/// The rolling function of each row's window (rows `[end - window, end)`, `end` the row plus
/// one plus `offset`), missing (NaN) while the window holds fewer than `min_periods` present
/// values.
fn rolled_streaming(
    values: &[f64],
    window: usize,
    offset: usize,
    min_periods: usize,
    kind: Streaming,
) -> Vec<f64> {
    let row_count = values.len();
    let mut state = WindowState::default();
    let (mut start, mut end) = (0usize, 0usize);
    let mut rolled = Vec::with_capacity(row_count);
    for row in 0..row_count {
        let window_end = (row + 1 + offset).min(row_count);
        let window_start = (row + 1 + offset).saturating_sub(window);
        while end < window_end {
            if !values[end].is_nan() {
                state.add(values[end]);
            }
            end += 1;
        }
        while start < window_start {
            if !values[start].is_nan() {
                state.remove(values[start]);
            }
            start += 1;
        }
        rolled.push(if state.count < min_periods {
            f64::NAN
        } else {
            state.value(kind).unwrap_or(f64::NAN)
        });
    }
    rolled
}

/// Rows per stretch of [`rolled_moments`] whose sums start afresh.
const MOMENT_STRETCH: usize = 1024;

/// `rolled_streaming` for columns without missing values: the window's sum and sum of squares
/// of the values minus a shift (a value of the stretch, so that the squares do not cancel) slide
/// with one addition per row, and start afresh every [`MOMENT_STRETCH`] rows so that rounding
/// cannot build up. No division and no branch on the running sums: several times faster than
/// Welford's update, as accurate for the window sizes charts use.
fn rolled_moments(
    values: &[f64],
    window: usize,
    offset: usize,
    min_periods: usize,
    kind: Streaming,
) -> Vec<f64> {
    // One copy of the loop per kind, so that the steady loop has no branch on the kind.
    match kind {
        Streaming::Sum => rolled_moments_of(
            values,
            window,
            offset,
            min_periods,
            |count, shift, sum, squares| moment_value(Streaming::Sum, count, shift, sum, squares),
        ),
        Streaming::Mean => rolled_moments_of(
            values,
            window,
            offset,
            min_periods,
            |count, shift, sum, squares| moment_value(Streaming::Mean, count, shift, sum, squares),
        ),
        Streaming::Variance { ddof, root: true } => rolled_moments_of(
            values,
            window,
            offset,
            min_periods,
            |count, shift, sum, squares| {
                moment_value(
                    Streaming::Variance { ddof, root: true },
                    count,
                    shift,
                    sum,
                    squares,
                )
            },
        ),
        Streaming::Variance { ddof, root: false } => rolled_moments_of(
            values,
            window,
            offset,
            min_periods,
            |count, shift, sum, squares| {
                moment_value(
                    Streaming::Variance { ddof, root: false },
                    count,
                    shift,
                    sum,
                    squares,
                )
            },
        ),
    }
}

/// [`rolled_moments`] with the window function `value(count, shift, sum, squares)`.
///
/// Most rows are steady: one row enters the window and one leaves (rows from `window - offset`
/// to `row_count - offset`, outside a stretch's first row). Those run in a tight loop with the
/// same additions as the general step, so the result is the same bit for bit.
fn rolled_moments_of(
    values: &[f64],
    window: usize,
    offset: usize,
    min_periods: usize,
    value: impl Fn(usize, f64, f64, f64) -> f64,
) -> Vec<f64> {
    rolled_moments_with(values, window, offset, min_periods, value, true)
}

/// [`rolled_moments_of`], with whole stretches side by side or not (the tests compare both).
fn rolled_moments_with(
    values: &[f64],
    window: usize,
    offset: usize,
    min_periods: usize,
    value: impl Fn(usize, f64, f64, f64) -> f64,
    side_by_side: bool,
) -> Vec<f64> {
    let row_count = values.len();
    let mut rolled = Vec::with_capacity(row_count);
    let (mut start, mut end) = (0usize, 0usize);
    let (mut shift, mut sum, mut squares) = (0.0f64, 0.0f64, 0.0f64);
    // Steady rows: `window_start` and `window_end` both move by one from the row before.
    let first_steady = window.saturating_sub(offset).max(1);
    let steady_end = row_count.saturating_sub(offset);
    let mut row = 0usize;
    while row < row_count {
        if side_by_side
            && row.is_multiple_of(MOMENT_STRETCH)
            && row >= first_steady
            && row + STRETCH_LANES * MOMENT_STRETCH <= steady_end
        {
            rolled_stretches(values, window, offset, row, &value, &mut rolled);
            row += STRETCH_LANES * MOMENT_STRETCH;
            continue;
        }
        let window_end = (row + 1 + offset).min(row_count);
        let window_start = (row + 1 + offset).saturating_sub(window);
        if row.is_multiple_of(MOMENT_STRETCH) {
            (start, end) = (window_start, window_end);
            shift = values[start..end].first().copied().unwrap_or(0.0);
            (sum, squares) = (0.0, 0.0);
            for &value in &values[start..end] {
                let shifted = value - shift;
                sum += shifted;
                squares += shifted * shifted;
            }
        } else if window_end == end + 1 && window_start == start + 1 {
            let (entering, leaving) = (values[end] - shift, values[start] - shift);
            sum += entering - leaving;
            squares += entering * entering - leaving * leaving;
            (start, end) = (window_start, window_end);
        } else {
            while end < window_end {
                let shifted = values[end] - shift;
                sum += shifted;
                squares += shifted * shifted;
                end += 1;
            }
            while start < window_start {
                let shifted = values[start] - shift;
                sum -= shifted;
                squares -= shifted * shifted;
                start += 1;
            }
        }
        let count = end - start;
        rolled.push(if count < min_periods {
            f64::NAN
        } else {
            value(count, shift, sum, squares)
        });
        row += 1;
        // The steady rows up to the next stretch: the window holds `window` rows (at least
        // `min_periods`), `values[row + offset]` enters and `values[row + offset - window]` leaves.
        let run_end = steady_end.min(row.next_multiple_of(MOMENT_STRETCH).max(row + 1));
        if row >= first_steady && !row.is_multiple_of(MOMENT_STRETCH) && row < run_end {
            let entering_rows = &values[row + offset..run_end + offset];
            let leaving_rows = &values[row + offset - window..run_end + offset - window];
            for (&entering, &leaving) in entering_rows.iter().zip(leaving_rows) {
                let (entering, leaving) = (entering - shift, leaving - shift);
                sum += entering - leaving;
                squares += entering * entering - leaving * leaving;
                rolled.push(value(window, shift, sum, squares));
            }
            (start, end) = (run_end + offset - window, run_end + offset);
            row = run_end;
        }
    }
    rolled
}

/// Stretches [`rolled_stretches`] computes side by side.
const STRETCH_LANES: usize = 4;

/// The rows of [`STRETCH_LANES`] whole stretches from `first` (a multiple of
/// [`MOMENT_STRETCH`] where every window holds `window` rows and every row but each stretch's
/// first is steady), appended to `rolled`.
///
/// Each stretch starts its sums afresh, so the stretches do not depend on each other: they
/// advance side by side, one row of each in turn, and each running sum's additions overlap with
/// the others' instead of waiting for the one before. Each stretch does the same additions in
/// the same order as in [`rolled_moments_of`]'s loop: the same result bit for bit.
fn rolled_stretches(
    values: &[f64],
    window: usize,
    offset: usize,
    first: usize,
    value: &impl Fn(usize, f64, f64, f64) -> f64,
    rolled: &mut Vec<f64>,
) {
    let mut out = [[0.0f64; MOMENT_STRETCH]; STRETCH_LANES];
    let mut shift = [0.0f64; STRETCH_LANES];
    let mut sum = [0.0f64; STRETCH_LANES];
    let mut squares = [0.0f64; STRETCH_LANES];
    for lane in 0..STRETCH_LANES {
        // The stretch's first row: its window summed afresh.
        let end = first + lane * MOMENT_STRETCH + 1 + offset;
        let start = end - window;
        shift[lane] = values[start];
        for &entering in &values[start..end] {
            let shifted = entering - shift[lane];
            sum[lane] += shifted;
            squares[lane] += shifted * shifted;
        }
        out[lane][0] = value(window, shift[lane], sum[lane], squares[lane]);
    }
    // Row `step` of a stretch: `entering[lane][step]` enters, `leaving[lane][step]` leaves.
    let entering: [&[f64]; STRETCH_LANES] = std::array::from_fn(|lane| {
        let base = first + lane * MOMENT_STRETCH + offset;
        &values[base..base + MOMENT_STRETCH]
    });
    let leaving: [&[f64]; STRETCH_LANES] = std::array::from_fn(|lane| {
        let base = first + lane * MOMENT_STRETCH + offset - window;
        &values[base..base + MOMENT_STRETCH]
    });
    for step in 1..MOMENT_STRETCH {
        for lane in 0..STRETCH_LANES {
            let (entering, leaving) = (
                entering[lane][step] - shift[lane],
                leaving[lane][step] - shift[lane],
            );
            sum[lane] += entering - leaving;
            squares[lane] += entering * entering - leaving * leaving;
            out[lane][step] = value(window, shift[lane], sum[lane], squares[lane]);
        }
    }
    for stretch in &out {
        rolled.extend_from_slice(stretch);
    }
}

/// A window function from the window's count and its sums of shifted values and squares.
#[inline(always)]
fn moment_value(kind: Streaming, count: usize, shift: f64, sum: f64, squares: f64) -> f64 {
    let count_f = count as f64;
    match kind {
        Streaming::Sum => shift * count_f + sum,
        Streaming::Mean if count == 0 => f64::NAN,
        Streaming::Mean => shift + sum / count_f,
        Streaming::Variance { ddof, root } => {
            if count_f - ddof <= 0.0 {
                return f64::NAN;
            }
            let variance = if count == 1 {
                0.0
            } else {
                ((squares - sum * sum / count_f) / (count_f - ddof)).max(0.0)
            };
            if root {
                variance.sqrt()
            } else {
                variance
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sliding sums agree with Welford's update on windows of every shape.
    #[test]
    fn moments_match_the_streaming_update() {
        let values: Vec<f64> = (0..5_000)
            .map(|row| ((row * 7_919) % 1_009) as f64 * 0.37 + 1e4)
            .collect();
        let kinds = [
            Streaming::Sum,
            Streaming::Mean,
            Streaming::Variance {
                ddof: 1.0,
                root: true,
            },
            Streaming::Variance {
                ddof: 0.0,
                root: false,
            },
        ];
        for kind in kinds {
            for (window, offset, min_periods) in
                [(1, 0, 1), (7, 0, 1), (30, 0, 2), (30, 14, 0), (3_000, 0, 5)]
            {
                let fast = rolled_moments(&values, window, offset, min_periods, kind);
                let slow = rolled_streaming(&values, window, offset, min_periods, kind);
                for (row, (fast, slow)) in fast.iter().zip(&slow).enumerate() {
                    let scale = slow.abs().max(1.0);
                    assert!(
                        (fast.is_nan() && slow.is_nan()) || ((fast - slow) / scale).abs() < 1e-9,
                        "{kind:?} window {window} row {row}: {fast} vs {slow}"
                    );
                }
            }
        }
    }

    /// Whole stretches side by side give the bits of the row-by-row loop, with and without a
    /// centred window, over enough rows for several groups of stretches and a tail.
    #[test]
    fn stretches_side_by_side_give_the_same_bits() {
        let values: Vec<f64> = (0..23_500)
            .map(|row| ((row * 7_919) % 1_009) as f64 * 0.37 + 1e4 + (row as f64).sin())
            .collect();
        let kinds = [
            Streaming::Mean,
            Streaming::Variance {
                ddof: 1.0,
                root: true,
            },
        ];
        for kind in kinds {
            for (window, offset, min_periods) in [(1, 0, 1), (7, 0, 1), (30, 14, 2), (1_500, 0, 5)] {
                let value = |count, shift, sum, squares| moment_value(kind, count, shift, sum, squares);
                let side_by_side = rolled_moments_with(&values, window, offset, min_periods, value, true);
                let row_by_row = rolled_moments_with(&values, window, offset, min_periods, value, false);
                let bits = |rolled: &[f64]| rolled.iter().map(|value| value.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&side_by_side), bits(&row_by_row), "{kind:?} window {window}");
            }
        }
    }
}
