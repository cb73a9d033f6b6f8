//! Rows keyed for sorting and grouping, in linear time.
//!
//! Each key column becomes dense codes: equal cells share a code and codes follow pandas'
//! ascending order (numbers, times and texts by value; null and NaN get no code and sort last
//! in both directions). The codes of several columns combine into one dense id per row, in the
//! lexicographic order of the columns, so sorting or grouping 1M rows is a counting sort over
//! small integers instead of a comparison sort over cell values.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use arrow::array::{Array, ArrayRef, ArrowPrimitiveType, AsArray};
use arrow::datatypes::{
    DataType, Date32Type, Date64Type, Decimal128Type, Float32Type, Float64Type, Int16Type, Int32Type,
    Int64Type, Int8Type, TimeUnit, TimestampMicrosecondType, TimestampMillisecondType,
    TimestampNanosecondType, TimestampSecondType, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow::record_batch::RecordBatch;

use crate::error::CoreResult;
use crate::postprocess::frame::invalid;

/// The code of a null (or NaN) cell, and the id of a row left out of a grouping.
pub(crate) const NO_CODE: u32 = u32::MAX;

/// A fast, non-cryptographic hash for in-memory keys: rustc's multiply-rotate `FxHasher` over
/// the words, finished with MurmurHash3's 64-bit mix so that keys differing only in high bits
/// (floats such as 500.0 and 501.0, whose low mantissa bits are zero) spread over the table.
#[derive(Default)]
struct FastHasher(u64);

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.add(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.add(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }

    fn finish(&self) -> u64 {
        let mut hash = self.0;
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        hash ^ (hash >> 33)
    }
}

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// One column's cells as dense codes in ascending value order.
pub(crate) struct ColumnCodes {
    /// Each row's code, `NO_CODE` for null and NaN.
    pub codes: Vec<u32>,
    /// The first row holding each code's value.
    pub first_row: Vec<usize>,
}

impl ColumnCodes {
    /// How many distinct present values the column has.
    pub fn distinct(&self) -> usize {
        self.first_row.len()
    }
}

/// Codes for cells given as optional keys: first-seen ids through a hash map, then renumbered
/// in the order of `compare`. A column already sorted ascending skips the hash map.
fn codes_of<K, I>(cells: I, rows: usize, compare: impl Fn(&K, &K) -> Ordering) -> ColumnCodes
where
    K: Hash + Eq + Copy,
    I: Iterator<Item = Option<K>> + Clone,
{
    if let Some(codes) = codes_of_sorted(cells.clone(), rows, &compare) {
        return codes;
    }
    let mut ids: FastMap<K, u32> = FastMap::default();
    let mut distinct: Vec<K> = Vec::new();
    let mut first_row: Vec<usize> = Vec::new();
    let mut provisional: Vec<u32> = Vec::with_capacity(rows);
    for (row, cell) in cells.enumerate() {
        let id = match cell {
            None => NO_CODE,
            Some(key) => *ids.entry(key).or_insert_with(|| {
                distinct.push(key);
                first_row.push(row);
                (distinct.len() - 1) as u32
            }),
        };
        provisional.push(id);
    }
    let mut order: Vec<u32> = (0..distinct.len() as u32).collect();
    order.sort_unstable_by(|&left, &right| compare(&distinct[left as usize], &distinct[right as usize]));
    let mut code_of_id = vec![0u32; distinct.len()];
    for (code, &id) in order.iter().enumerate() {
        code_of_id[id as usize] = code as u32;
    }
    ColumnCodes {
        codes: provisional
            .into_iter()
            .map(|id| {
                if id == NO_CODE {
                    NO_CODE
                } else {
                    code_of_id[id as usize]
                }
            })
            .collect(),
        first_row: order.iter().map(|&id| first_row[id as usize]).collect(),
    }
}

/// The codes of a column whose present cells never decrease (a time column, usually), in one
/// pass; `None` when they do decrease somewhere.
fn codes_of_sorted<K, I>(cells: I, rows: usize, compare: &impl Fn(&K, &K) -> Ordering) -> Option<ColumnCodes>
where
    K: Copy,
    I: Iterator<Item = Option<K>>,
{
    let mut codes: Vec<u32> = Vec::with_capacity(rows);
    let mut first_row: Vec<usize> = Vec::new();
    let mut previous: Option<K> = None;
    for (row, cell) in cells.enumerate() {
        let Some(key) = cell else {
            codes.push(NO_CODE);
            continue;
        };
        match previous.map(|previous| compare(&previous, &key)) {
            Some(Ordering::Greater) => return None,
            Some(Ordering::Equal) => {}
            Some(Ordering::Less) | None => first_row.push(row),
        }
        codes.push((first_row.len() - 1) as u32);
        previous = Some(key);
    }
    Some(ColumnCodes { codes, first_row })
}

fn primitive_codes<T>(array: &ArrayRef) -> ColumnCodes
where
    T: ArrowPrimitiveType,
    T::Native: Hash + Eq + Ord,
{
    let values = array.as_primitive::<T>();
    codes_of(values.iter(), values.len(), |left, right| left.cmp(right))
}

/// A float as a hashable key: NaN is null, `-0.0` equals `0.0`.
fn float_key(value: f64) -> Option<u64> {
    if value.is_nan() {
        None
    } else if value == 0.0 {
        Some(0.0f64.to_bits())
    } else {
        Some(value.to_bits())
    }
}

fn float_codes(values: impl Iterator<Item = Option<f64>> + Clone, rows: usize) -> ColumnCodes {
    codes_of(
        values.map(|value| value.and_then(float_key)),
        rows,
        |left, right| f64::from_bits(*left).total_cmp(&f64::from_bits(*right)),
    )
}

/// The codes of the column at `position`.
pub(crate) fn column_codes(batch: &RecordBatch, position: usize) -> CoreResult<ColumnCodes> {
    let array = batch.column(position);
    let rows = array.len();
    let codes = match array.data_type() {
        DataType::Int8 => primitive_codes::<Int8Type>(array),
        DataType::Int16 => primitive_codes::<Int16Type>(array),
        DataType::Int32 => primitive_codes::<Int32Type>(array),
        DataType::Int64 => primitive_codes::<Int64Type>(array),
        DataType::UInt8 => primitive_codes::<UInt8Type>(array),
        DataType::UInt16 => primitive_codes::<UInt16Type>(array),
        DataType::UInt32 => primitive_codes::<UInt32Type>(array),
        DataType::UInt64 => primitive_codes::<UInt64Type>(array),
        DataType::Decimal128(_, _) => primitive_codes::<Decimal128Type>(array),
        DataType::Date32 => primitive_codes::<Date32Type>(array),
        DataType::Date64 => primitive_codes::<Date64Type>(array),
        DataType::Timestamp(TimeUnit::Second, _) => primitive_codes::<TimestampSecondType>(array),
        DataType::Timestamp(TimeUnit::Millisecond, _) => primitive_codes::<TimestampMillisecondType>(array),
        DataType::Timestamp(TimeUnit::Microsecond, _) => primitive_codes::<TimestampMicrosecondType>(array),
        DataType::Timestamp(TimeUnit::Nanosecond, _) => primitive_codes::<TimestampNanosecondType>(array),
        DataType::Float64 => float_codes(array.as_primitive::<Float64Type>().iter(), rows),
        DataType::Float32 => float_codes(
            array
                .as_primitive::<Float32Type>()
                .iter()
                .map(|value| value.map(f64::from)),
            rows,
        ),
        DataType::Utf8 => {
            let texts = array.as_string::<i32>();
            codes_of(texts.iter(), rows, |left, right| left.cmp(right))
        }
        DataType::LargeUtf8 => {
            let texts = array.as_string::<i64>();
            codes_of(texts.iter(), rows, |left, right| left.cmp(right))
        }
        DataType::Boolean => {
            let flags = array.as_boolean();
            codes_of(flags.iter(), rows, |left, right| left.cmp(right))
        }
        other => {
            return Err(invalid(format!(
                "Cannot sort or group by a column of type {other}"
            )))
        }
    };
    Ok(codes)
}

/// Rows keyed by several columns at once: dense ids in the lexicographic order of the columns
/// (each ascending or not, nulls last either way).
pub(crate) struct RowIds {
    /// Each row's id, `NO_CODE` for a row left out (a null key when nulls are left out).
    pub ids: Vec<u32>,
    /// The first row with each id.
    pub first_row: Vec<usize>,
    /// The rows kept, sorted by id and, within an id, by row.
    order: Vec<u32>,
}

impl RowIds {
    pub fn count(&self) -> usize {
        self.first_row.len()
    }

    /// The ids as the codes of one combined column (for combining again).
    pub fn as_codes(&self) -> ColumnCodes {
        ColumnCodes {
            codes: self.ids.clone(),
            first_row: self.first_row.clone(),
        }
    }
}

/// The ids of the rows over `columns` (`(codes, ascending)`). With `keep_nulls` false, rows
/// with a null in one of the columns get `NO_CODE`; otherwise nulls sort after every value.
///
/// A least-significant-digit radix sort: one stable counting sort per column, last column
/// first, then consecutive rows with different codes start a new id. Linear in rows plus
/// distinct values per column.
pub(crate) fn row_ids(columns: &[(&ColumnCodes, bool)], rows: usize, keep_nulls: bool) -> RowIds {
    row_ids_within(columns, rows, keep_nulls, (rows as u64).max(1 << 16) * 2)
}

/// `row_ids`, with a composite key when the key space is at most `composite_limit`.
fn row_ids_within(
    columns: &[(&ColumnCodes, bool)],
    rows: usize,
    keep_nulls: bool,
    composite_limit: u64,
) -> RowIds {
    // Each column's sort code: the value's rank in the column's direction, nulls after all.
    let sort_code = |column: &ColumnCodes, ascending: bool, row: usize| -> u32 {
        let code = column.codes[row];
        let distinct = column.distinct() as u32;
        if code == NO_CODE {
            distinct
        } else if ascending {
            code
        } else {
            distinct - 1 - code
        }
    };
    // Few combinations: one composite key per row, read in row order, and one counting sort.
    let space = columns
        .iter()
        .try_fold(1u64, |space, (column, _)| {
            space.checked_mul(column.distinct() as u64 + 1)
        })
        .filter(|&space| space <= composite_limit);
    if let Some(space) = space {
        return composite_row_ids(columns, rows, keep_nulls, space as usize, sort_code);
    }
    let mut order: Vec<u32> = (0..rows as u32)
        .filter(|&row| {
            keep_nulls
                || columns
                    .iter()
                    .all(|(column, _)| column.codes[row as usize] != NO_CODE)
        })
        .collect();
    let mut scratch: Vec<u32> = vec![0; order.len()];
    let mut counts: Vec<usize> = Vec::new();
    for &(column, ascending) in columns.iter().rev() {
        counts.clear();
        counts.resize(column.distinct() + 2, 0);
        for &row in &order {
            counts[sort_code(column, ascending, row as usize) as usize + 1] += 1;
        }
        for index in 1..counts.len() {
            counts[index] += counts[index - 1];
        }
        for &row in &order {
            let slot = &mut counts[sort_code(column, ascending, row as usize) as usize];
            scratch[*slot] = row;
            *slot += 1;
        }
        std::mem::swap(&mut order, &mut scratch);
    }
    let mut ids = vec![NO_CODE; rows];
    let mut first_row: Vec<usize> = Vec::new();
    let mut previous: Option<usize> = None;
    for &row in &order {
        let row = row as usize;
        let same_key = previous.is_some_and(|previous| {
            columns
                .iter()
                .all(|(column, _)| column.codes[previous] == column.codes[row])
        });
        if !same_key {
            first_row.push(row);
        }
        ids[row] = (first_row.len() - 1) as u32;
        previous = Some(row);
    }
    RowIds {
        ids,
        first_row,
        order,
    }
}

/// `row_ids` through one composite key per row, when the key space (`space`, the product of
/// each column's distinct values plus one for null) is small.
fn composite_row_ids(
    columns: &[(&ColumnCodes, bool)],
    rows: usize,
    keep_nulls: bool,
    space: usize,
    sort_code: impl Fn(&ColumnCodes, bool, usize) -> u32,
) -> RowIds {
    const LEFT_OUT: u64 = u64::MAX;
    let mut keys: Vec<u64> = vec![0; rows];
    for &(column, ascending) in columns {
        let radix = column.distinct() as u64 + 1;
        for (row, key) in keys.iter_mut().enumerate() {
            if *key == LEFT_OUT {
                continue;
            }
            if !keep_nulls && column.codes[row] == NO_CODE {
                *key = LEFT_OUT;
                continue;
            }
            *key = *key * radix + u64::from(sort_code(column, ascending, row));
        }
    }
    let mut starts = vec![0usize; space + 1];
    for &key in &keys {
        if key != LEFT_OUT {
            starts[key as usize + 1] += 1;
        }
    }
    for index in 1..starts.len() {
        starts[index] += starts[index - 1];
    }
    let mut order = vec![0u32; starts[space]];
    for (row, &key) in keys.iter().enumerate() {
        if key != LEFT_OUT {
            let slot = &mut starts[key as usize];
            order[*slot] = row as u32;
            *slot += 1;
        }
    }
    let mut ids = vec![NO_CODE; rows];
    let mut first_row: Vec<usize> = Vec::new();
    let mut previous_key = LEFT_OUT;
    for &row in &order {
        let key = keys[row as usize];
        if key != previous_key {
            first_row.push(row as usize);
            previous_key = key;
        }
        ids[row as usize] = (first_row.len() - 1) as u32;
    }
    RowIds {
        ids,
        first_row,
        order,
    }
}

/// Rows grouped by id: groups in id order, each group's rows in row order.
pub(crate) struct Groups {
    rows: Vec<usize>,
    starts: Vec<usize>,
}

impl Groups {
    /// Every row in one group (none when there are no rows).
    pub fn single(rows: usize) -> Self {
        Groups {
            rows: (0..rows).collect(),
            starts: if rows == 0 { vec![0] } else { vec![0, rows] },
        }
    }

    /// Every row in one group, which exists even without rows.
    pub fn single_even_if_empty(rows: usize) -> Self {
        Groups {
            rows: (0..rows).collect(),
            starts: vec![0, rows],
        }
    }

    /// The rows grouped by their ids (rows left out stay out).
    pub fn by_ids(ids: &RowIds) -> Self {
        let mut starts: Vec<usize> = Vec::with_capacity(ids.count() + 1);
        for (index, &row) in ids.order.iter().enumerate() {
            if starts.len() <= ids.ids[row as usize] as usize {
                starts.push(index);
            }
        }
        starts.push(ids.order.len());
        Groups {
            rows: ids.order.iter().map(|&row| row as usize).collect(),
            starts,
        }
    }

    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn iter(&self) -> impl Iterator<Item = &[usize]> + '_ {
        self.starts
            .windows(2)
            .map(|bounds| &self.rows[bounds[0]..bounds[1]])
    }

    /// Every row of every group, group after group.
    pub fn ordered_rows(&self) -> &[usize] {
        &self.rows
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{Float64Array, Int64Array, StringArray};
    use arrow::datatypes::{Field, Schema};

    use super::*;

    fn batch() -> RecordBatch {
        let texts = StringArray::from(vec![
            Some("b"),
            None,
            Some("a"),
            Some("b"),
            Some("a"),
            Some("c"),
            None,
            Some("b"),
        ]);
        let numbers = Float64Array::from(vec![2.0, 1.0, f64::NAN, 2.0, -0.0, 3.0, 1.0, 0.0]);
        let integers = Int64Array::from(vec![
            Some(5),
            Some(5),
            Some(1),
            None,
            Some(9),
            Some(1),
            Some(5),
            Some(5),
        ]);
        RecordBatch::try_new(
            Arc::new(Schema::new(vec![
                Field::new("t", DataType::Utf8, true),
                Field::new("x", DataType::Float64, true),
                Field::new("i", DataType::Int64, true),
            ])),
            vec![Arc::new(texts), Arc::new(numbers), Arc::new(integers)],
        )
        .unwrap()
    }

    #[test]
    fn codes_follow_value_order_with_nulls_and_nan_uncoded() {
        let batch = batch();
        let texts = column_codes(&batch, 0).unwrap();
        assert_eq!(texts.codes, vec![1, NO_CODE, 0, 1, 0, 2, NO_CODE, 1]);
        assert_eq!(texts.first_row, vec![2, 0, 5]);
        let numbers = column_codes(&batch, 1).unwrap();
        // -0.0 and 0.0 are one value; NaN has no code.
        assert_eq!(numbers.codes, vec![2, 1, NO_CODE, 2, 0, 3, 1, 0]);
    }

    #[test]
    fn both_strategies_give_the_same_ids_in_both_directions_with_and_without_nulls() {
        let batch = batch();
        let codes: Vec<ColumnCodes> = (0..3)
            .map(|position| column_codes(&batch, position).unwrap())
            .collect();
        for directions in [[true, true, true], [false, true, false], [true, false, false]] {
            for keep_nulls in [true, false] {
                let columns: Vec<(&ColumnCodes, bool)> = codes.iter().zip(directions).collect();
                let composite = row_ids_within(&columns, 8, keep_nulls, u64::MAX);
                let radix = row_ids_within(&columns, 8, keep_nulls, 0);
                assert_eq!(composite.ids, radix.ids, "{directions:?} keep_nulls={keep_nulls}");
                assert_eq!(composite.first_row, radix.first_row);
                assert_eq!(composite.order, radix.order);
            }
        }
        let columns: Vec<(&ColumnCodes, bool)> = vec![(&codes[0], false), (&codes[2], true)];
        let ids = row_ids_within(&columns, 8, true, 0);
        // t descending (c, b, b, b, a, a, null, null), then i ascending, nulls last.
        assert_eq!(ids.order, vec![5, 0, 7, 3, 2, 4, 1, 6]);
        assert_eq!(ids.ids, vec![1, 5, 3, 2, 4, 0, 5, 1]);
        let groups = Groups::by_ids(&ids);
        assert_eq!(groups.len(), 6);
        assert_eq!(
            groups.iter().map(<[usize]>::to_vec).collect::<Vec<_>>(),
            vec![vec![5], vec![0, 7], vec![3], vec![2], vec![4], vec![1, 6]]
        );
    }
}
