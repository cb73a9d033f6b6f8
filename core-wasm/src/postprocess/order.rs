//! Row order for `sort` and `rank`: each key column as one order-preserving `u64` per row, and
//! a stable least-significant-digit radix sort over them, last key first.
//!
//! Numbers, dates and times are their own keys (no hash table, no renumbering: a float column
//! of 1M distinct values is sorted as it is); other columns (texts, booleans, decimals) go
//! through their dense [`ColumnCodes`]. A missing value (null or NaN) sorts after every
//! present one in both directions, as pandas' `sort_values` puts it last.

use std::cmp::Ordering;

use arrow::array::{Array, ArrayRef, ArrowPrimitiveType, AsArray};
use arrow::datatypes::{
    DataType, Date32Type, Date64Type, Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type,
    TimeUnit, TimestampMicrosecondType, TimestampMillisecondType, TimestampNanosecondType,
    TimestampSecondType, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow::record_batch::RecordBatch;

use crate::error::CoreResult;
use crate::postprocess::frame::invalid;
use crate::postprocess::keys::{
    column_codes, float_key, float_order, radix_sort_with, signed_order, ColumnCodes, NO_CODE,
};

/// One sort key: a word per row whose unsigned order is the wanted order.
pub(crate) struct OrderKey {
    /// Each row's word (descending keys inverted); meaningless where the row has no value.
    words: Vec<u64>,
    /// Which rows have a value; `None` when every row has one.
    present: Option<Vec<bool>>,
}

impl OrderKey {
    /// The key of the column at `position`, ascending or descending.
    pub fn of_column(batch: &RecordBatch, position: usize, ascending: bool) -> CoreResult<Self> {
        let array = batch.column(position);
        let key = match array.data_type() {
            DataType::Int8 => primitive_key::<Int8Type>(array, |v| signed_order(v.into())),
            DataType::Int16 => primitive_key::<Int16Type>(array, |v| signed_order(v.into())),
            DataType::Int32 => primitive_key::<Int32Type>(array, |v| signed_order(v.into())),
            DataType::Int64 => primitive_key::<Int64Type>(array, signed_order),
            DataType::UInt8 => primitive_key::<UInt8Type>(array, u64::from),
            DataType::UInt16 => primitive_key::<UInt16Type>(array, u64::from),
            DataType::UInt32 => primitive_key::<UInt32Type>(array, u64::from),
            DataType::UInt64 => primitive_key::<UInt64Type>(array, |v| v),
            DataType::Date32 => primitive_key::<Date32Type>(array, |v| signed_order(v.into())),
            DataType::Date64 => primitive_key::<Date64Type>(array, signed_order),
            DataType::Timestamp(TimeUnit::Second, _) => {
                primitive_key::<TimestampSecondType>(array, signed_order)
            }
            DataType::Timestamp(TimeUnit::Millisecond, _) => {
                primitive_key::<TimestampMillisecondType>(array, signed_order)
            }
            DataType::Timestamp(TimeUnit::Microsecond, _) => {
                primitive_key::<TimestampMicrosecondType>(array, signed_order)
            }
            DataType::Timestamp(TimeUnit::Nanosecond, _) => {
                primitive_key::<TimestampNanosecondType>(array, signed_order)
            }
            DataType::Float64 => float_key_of(array.as_primitive::<Float64Type>().iter()),
            DataType::Float32 => float_key_of(
                array
                    .as_primitive::<Float32Type>()
                    .iter()
                    .map(|value| value.map(f64::from)),
            ),
            _ => Self::of_codes(&column_codes(batch, position)?),
        };
        Ok(if ascending { key } else { key.reversed() })
    }

    /// The key of dense codes (`NO_CODE` has no value).
    pub fn of_codes(codes: &ColumnCodes) -> Self {
        let present = codes
            .codes
            .contains(&NO_CODE)
            .then(|| codes.codes.iter().map(|&code| code != NO_CODE).collect());
        OrderKey {
            words: codes.codes.iter().map(|&code| u64::from(code)).collect(),
            present,
        }
    }

    fn reversed(mut self) -> Self {
        for word in &mut self.words {
            *word = !*word;
        }
        self
    }

    pub fn has_value(&self, row: usize) -> bool {
        self.present.as_ref().is_none_or(|present| present[row])
    }

    /// Whether two rows, both with a value, have equal values.
    pub fn same(&self, left: usize, right: usize) -> bool {
        self.words[left] == self.words[right]
    }
}

fn primitive_key<T: ArrowPrimitiveType>(array: &ArrayRef, order_word: fn(T::Native) -> u64) -> OrderKey {
    let values = array.as_primitive::<T>();
    OrderKey {
        words: values.values().iter().map(|&value| order_word(value)).collect(),
        present: values
            .nulls()
            .filter(|nulls| nulls.null_count() > 0)
            .map(|nulls| nulls.iter().collect()),
    }
}

/// NaN counts as missing and `-0.0` equals `0.0`, as in grouping.
fn float_key_of(values: impl ExactSizeIterator<Item = Option<f64>>) -> OrderKey {
    let mut words: Vec<u64> = Vec::with_capacity(values.len());
    let mut present: Vec<bool> = Vec::with_capacity(values.len());
    for value in values {
        let word = value.and_then(float_key).map(float_order);
        words.push(word.unwrap_or(0));
        present.push(word.is_some());
    }
    let missing = present.contains(&false);
    OrderKey {
        words,
        present: missing.then_some(present),
    }
}

/// The rows ordered by `keys` (the first key first), stably: rows with equal keys keep their
/// input order, and a key's missing values come after its present ones.
///
/// When the first key spans few distinct words (a text or boolean key's codes, small integers),
/// the rows are first dealt into one bucket per word by a counting sort
/// (the rows missing that key in a last bucket), and each bucket is then sorted by the other
/// keys on its own: a bucket's radix passes stay in the cache instead of sweeping all the rows
/// once per digit. Otherwise a least-significant-digit radix sort runs over all rows, key by key.
pub(crate) fn sort_rows(keys: &[&OrderKey], rows: usize) -> CoreResult<Vec<u32>> {
    let count = u32::try_from(rows).map_err(|_| invalid("Too many rows"))?;
    let mut sorter = SegmentSorter::default();
    if let Some((first, rest)) = keys.split_first() {
        if let Some((lowest, span)) = first.small_span() {
            let (mut order, bounds) = bucket_rows(first, lowest, span, count);
            for range in bounds.windows(2) {
                sorter.sort(rest, &mut order[range[0]..range[1]]);
            }
            return Ok(order);
        }
    }
    let mut order: Vec<u32> = (0..count).collect();
    sorter.sort(keys, &mut order);
    Ok(order)
}

/// Largest span of words (highest - lowest + 1) that [`bucket_rows`] deals rows into.
const MAX_BUCKETS: u64 = 1 << 16;

/// Below this many rows a segment is sorted by comparing its rows' keys.
const COMPARISON_SORT_ROWS: usize = 2048;

impl OrderKey {
    /// The lowest present word and the span of the present words, when it is at most
    /// [`MAX_BUCKETS`]; `None` otherwise or when no row has a value.
    fn small_span(&self) -> Option<(u64, usize)> {
        let (mut lowest, mut highest) = (u64::MAX, 0u64);
        match &self.present {
            None => {
                for &word in &self.words {
                    lowest = lowest.min(word);
                    highest = highest.max(word);
                }
            }
            Some(present) => {
                for (&word, &present) in self.words.iter().zip(present) {
                    if present {
                        lowest = lowest.min(word);
                        highest = highest.max(word);
                    }
                }
            }
        }
        let span = highest.checked_sub(lowest)?.checked_add(1)?;
        (span <= MAX_BUCKETS).then_some((lowest, span as usize))
    }

    /// The bucket of a row: its word's place in the span, `span` when it has no value.
    fn bucket(&self, row: usize, lowest: u64, span: usize) -> usize {
        if self.has_value(row) {
            (self.words[row] - lowest) as usize
        } else {
            span
        }
    }

    /// How two rows compare on this key, a missing value after every present one.
    fn compare(&self, left: usize, right: usize) -> Ordering {
        match (self.has_value(left), self.has_value(right)) {
            (true, true) => self.words[left].cmp(&self.words[right]),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (false, false) => Ordering::Equal,
        }
    }
}

/// The rows dealt stably into one bucket per word of `key` (a counting sort), rows without a
/// value last; and the bounds of the buckets in the result (`span + 2` of them).
fn bucket_rows(key: &OrderKey, lowest: u64, span: usize, count: u32) -> (Vec<u32>, Vec<usize>) {
    let mut starts = vec![0usize; span + 2];
    for row in 0..count as usize {
        starts[key.bucket(row, lowest, span) + 1] += 1;
    }
    for bucket in 1..starts.len() {
        starts[bucket] += starts[bucket - 1];
    }
    let bounds = starts.clone();
    let mut order = vec![0u32; count as usize];
    for row in 0..count {
        let slot = &mut starts[key.bucket(row as usize, lowest, span)];
        order[*slot] = row;
        *slot += 1;
    }
    (order, bounds)
}

/// Sorts segments of rows by keys, keeping its buffers from one segment to the next.
#[derive(Default)]
struct SegmentSorter {
    pairs: Vec<(u64, u32)>,
    scratch: Vec<(u64, u32)>,
    missing: Vec<u32>,
}

impl SegmentSorter {
    /// Sorts `order`, rows given in input order (or already in the order of the keys before
    /// `keys`), stably by `keys`.
    fn sort(&mut self, keys: &[&OrderKey], order: &mut [u32]) {
        if order.len() < 2 || keys.is_empty() {
            return;
        }
        if order.len() < COMPARISON_SORT_ROWS {
            // A stable merge sort: ties keep the order the rows came in.
            order.sort_by(|&left, &right| {
                keys.iter()
                    .map(|key| key.compare(left as usize, right as usize))
                    .find(|ordering| ordering.is_ne())
                    .unwrap_or(Ordering::Equal)
            });
            return;
        }
        // Least significant key first: each pass is stable, so the earlier keys decide last.
        for key in keys.iter().rev() {
            self.pairs.clear();
            self.missing.clear();
            for &row in order.iter() {
                if key.has_value(row as usize) {
                    self.pairs.push((key.words[row as usize], row));
                } else {
                    self.missing.push(row);
                }
            }
            radix_sort_with(&mut self.pairs, &mut self.scratch);
            let (present, missing) = order.split_at_mut(self.pairs.len());
            for (slot, &(_, row)) in present.iter_mut().zip(&self.pairs) {
                *slot = row;
            }
            missing.copy_from_slice(&self.missing);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{Float64Array, Int64Array, StringArray};
    use arrow::datatypes::{Field, Schema};

    use super::*;

    fn batch(columns: Vec<(&str, ArrayRef)>) -> RecordBatch {
        let fields: Vec<Field> = columns
            .iter()
            .map(|(name, array)| Field::new(*name, array.data_type().clone(), true))
            .collect();
        RecordBatch::try_new(
            Arc::new(Schema::new(fields)),
            columns.into_iter().map(|(_, array)| array).collect(),
        )
        .unwrap()
    }

    #[test]
    fn floats_sort_with_missing_values_last_in_both_directions() {
        let values: ArrayRef = Arc::new(Float64Array::from(vec![
            Some(2.5),
            None,
            Some(-1.0),
            Some(f64::NAN),
            Some(0.0),
            Some(-0.0),
            Some(1e300),
        ]));
        let batch = batch(vec![("v", values)]);
        let ascending = OrderKey::of_column(&batch, 0, true).unwrap();
        assert_eq!(sort_rows(&[&ascending], 7).unwrap(), vec![2, 4, 5, 0, 6, 1, 3]);
        let descending = OrderKey::of_column(&batch, 0, false).unwrap();
        // 0.0 and -0.0 are equal: they keep their input order either way.
        assert_eq!(sort_rows(&[&descending], 7).unwrap(), vec![6, 0, 4, 5, 2, 1, 3]);
    }

    #[test]
    fn several_keys_sort_lexicographically_and_stably() {
        let texts: ArrayRef = Arc::new(StringArray::from(vec![
            Some("b"),
            Some("a"),
            None,
            Some("b"),
            Some("a"),
            Some("a"),
        ]));
        let numbers: ArrayRef = Arc::new(Int64Array::from(vec![
            Some(1),
            Some(-5),
            Some(3),
            Some(7),
            Some(-5),
            None,
        ]));
        let batch = batch(vec![("t", texts), ("n", numbers)]);
        let texts = OrderKey::of_column(&batch, 0, true).unwrap();
        let numbers = OrderKey::of_column(&batch, 1, false).unwrap();
        // a: -5 (rows 1 and 4 tie, input order), then the null; b: 7 before 1; the null text last.
        assert_eq!(sort_rows(&[&texts, &numbers], 6).unwrap(), vec![1, 4, 5, 3, 0, 2]);
    }

    /// The order a stable comparison sort gives, missing values last per key.
    fn compared_order(keys: &[&OrderKey], rows: usize) -> Vec<u32> {
        let mut order: Vec<u32> = (0..rows as u32).collect();
        order.sort_by(|&left, &right| {
            keys.iter()
                .map(|key| key.compare(left as usize, right as usize))
                .find(|ordering| ordering.is_ne())
                .unwrap_or(Ordering::Equal)
        });
        order
    }

    #[test]
    fn bucketed_and_radix_paths_agree_with_a_comparison_sort() {
        // Large enough for buckets over the comparison-sort threshold, with missing values in
        // every key, ties in the numbers and both directions.
        let rows = 30_000usize;
        let mut state = 7u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 33
        };
        let mut texts: Vec<Option<String>> = Vec::with_capacity(rows);
        let mut numbers: Vec<Option<f64>> = Vec::with_capacity(rows);
        let mut small: Vec<Option<i64>> = Vec::with_capacity(rows);
        for _ in 0..rows {
            let draw = next();
            texts.push((draw % 97 != 0).then(|| format!("t{}", draw % 9)));
            numbers.push(match next() % 50 {
                0 => None,
                1 => Some(f64::NAN),
                other => Some((other as f64 - 20.0) * 0.5 + (next() % 300) as f64),
            });
            let draw = next();
            small.push((draw % 31 != 0).then_some((draw % 5) as i64 - 2));
        }
        let batch = batch(vec![
            ("t", Arc::new(StringArray::from(texts)) as ArrayRef),
            ("n", Arc::new(Float64Array::from(numbers)) as ArrayRef),
            ("s", Arc::new(Int64Array::from(small)) as ArrayRef),
        ]);
        for (t_up, n_up, s_up) in [(true, false, true), (false, true, false)] {
            let t = OrderKey::of_column(&batch, 0, t_up).unwrap();
            let n = OrderKey::of_column(&batch, 1, n_up).unwrap();
            let s = OrderKey::of_column(&batch, 2, s_up).unwrap();
            for keys in [
                vec![&t, &n],
                vec![&s, &t, &n],
                vec![&n, &t],
                vec![&t],
                vec![&n],
                vec![&s, &n],
            ] {
                assert_eq!(sort_rows(&keys, rows).unwrap(), compared_order(&keys, rows));
            }
        }
    }

    #[test]
    fn extreme_integers_keep_their_order() {
        let numbers: ArrayRef = Arc::new(Int64Array::from(vec![i64::MAX, i64::MIN, 0, -1, 1]));
        let batch = batch(vec![("n", numbers)]);
        let key = OrderKey::of_column(&batch, 0, true).unwrap();
        assert_eq!(sort_rows(&[&key], 5).unwrap(), vec![1, 3, 2, 4, 0]);
    }

    #[test]
    fn codes_key_marks_missing_rows_and_equal_values() {
        let codes = ColumnCodes {
            codes: vec![1, NO_CODE, 0, 1],
            first_row: vec![2, 0],
        };
        let key = OrderKey::of_codes(&codes);
        assert!(!key.has_value(1));
        assert!(key.same(0, 3));
        assert!(!key.same(0, 2));
        assert_eq!(sort_rows(&[&key], 4).unwrap(), vec![2, 0, 3, 1]);
    }
}
