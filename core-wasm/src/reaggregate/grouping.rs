//! Rows grouped by their key columns: one hash per row computed column by column on the typed
//! arrays, then an open-addressing table of group numbers whose collisions are resolved by
//! comparing the row with the group's first row. No allocation per row.

use arrow::array::{
    Array, ArrayRef, ArrowPrimitiveType, AsArray, BooleanArray, GenericStringArray, OffsetSizeTrait,
    PrimitiveArray, StringViewArray,
};
use arrow::datatypes::{
    DataType, Date32Type, Date64Type, Decimal128Type, Float32Type, Float64Type, Int16Type, Int32Type,
    Int64Type, Int8Type, Time32MillisecondType, Time32SecondType, Time64MicrosecondType,
    Time64NanosecondType, TimeUnit, TimestampMicrosecondType, TimestampMillisecondType,
    TimestampNanosecondType, TimestampSecondType, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow::record_batch::RecordBatch;

use super::ReaggregationError;

/// The group of a row that no filter selected.
pub(super) const NO_GROUP: u32 = u32::MAX;

/// The rows' groups, numbered in order of first appearance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Groups {
    /// The group of each row, [`NO_GROUP`] for rows filtered out.
    pub group_of_row: Vec<u32>,
    /// The first row of each group; `None` only for the totals group when no row is selected.
    pub representatives: Vec<Option<u32>>,
}

impl Groups {
    pub fn count(&self) -> usize {
        self.representatives.len()
    }
}

/// One cell of a key or filter column, as compared by SQL.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Cell<'a> {
    /// Integers, decimals (unscaled), dates, times and timestamps (in the column's unit).
    Integer(i128),
    Float(f64),
    Text(&'a str),
    Boolean(bool),
}

/// A key column seen through its typed array.
pub(super) trait KeyColumn {
    /// Mixes each row's value into `hashes[row]`.
    fn hash_into(&self, hashes: &mut [u64]);
    /// Whether two rows hold the same key (nulls equal each other, as in `GROUP BY`).
    fn rows_equal(&self, left: usize, right: usize) -> bool;
    /// The row's value, `None` for null.
    fn cell(&self, row: usize) -> Option<Cell<'_>>;
}

/// A native value that can be a key.
pub(super) trait KeyNative: Copy {
    fn key_hash(self) -> u64;
    fn key_equal(self, other: Self) -> bool;
    fn to_cell(self) -> Cell<'static>;
}

macro_rules! integer_key_native {
    ($($native:ty),*) => {$(
        impl KeyNative for $native {
            fn key_hash(self) -> u64 {
                mix(self as u64)
            }
            fn key_equal(self, other: Self) -> bool {
                self == other
            }
            fn to_cell(self) -> Cell<'static> {
                Cell::Integer(self as i128)
            }
        }
    )*};
}
integer_key_native!(i8, i16, i32, i64, u8, u16, u32, u64);

impl KeyNative for i128 {
    fn key_hash(self) -> u64 {
        mix((self as u64) ^ mix((self >> 64) as u64))
    }
    fn key_equal(self, other: Self) -> bool {
        self == other
    }
    fn to_cell(self) -> Cell<'static> {
        Cell::Integer(self)
    }
}

/// Floats group as SQL groups them: `-0.0` with `0.0`, every NaN together.
fn float_bits(value: f64) -> u64 {
    if value == 0.0 {
        0
    } else if value.is_nan() {
        f64::NAN.to_bits()
    } else {
        value.to_bits()
    }
}

impl KeyNative for f64 {
    fn key_hash(self) -> u64 {
        mix(float_bits(self))
    }
    fn key_equal(self, other: Self) -> bool {
        self == other || (self.is_nan() && other.is_nan())
    }
    fn to_cell(self) -> Cell<'static> {
        Cell::Float(self)
    }
}

impl KeyNative for f32 {
    fn key_hash(self) -> u64 {
        f64::from(self).key_hash()
    }
    fn key_equal(self, other: Self) -> bool {
        f64::from(self).key_equal(f64::from(other))
    }
    fn to_cell(self) -> Cell<'static> {
        Cell::Float(f64::from(self))
    }
}

/// The hash of a null key.
const NULL_HASH: u64 = 0x5bd1_e995_7f4a_7c15;

/// MurmurHash3's 64-bit finalizer: every input bit reaches every output bit.
fn mix(mut value: u64) -> u64 {
    value ^= value >> 33;
    value = value.wrapping_mul(0xff51_afd7_ed55_8ccd);
    value ^= value >> 33;
    value = value.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    value ^ (value >> 33)
}

/// The running hash of a row after one more column.
fn combine(running: u64, column_hash: u64) -> u64 {
    mix(running.rotate_left(5) ^ column_hash)
}

/// A hash of bytes, eight at a time.
fn bytes_hash(bytes: &[u8]) -> u64 {
    let mut hash = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        hash = (hash.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    mix(hash ^ u64::from_le_bytes(tail))
}

struct PrimitiveKey<'a, T: ArrowPrimitiveType>(&'a PrimitiveArray<T>);

impl<T: ArrowPrimitiveType> KeyColumn for PrimitiveKey<'_, T>
where
    T::Native: KeyNative,
{
    fn hash_into(&self, hashes: &mut [u64]) {
        let values = self.0.values();
        match self.0.nulls().filter(|nulls| nulls.null_count() > 0) {
            None => {
                for (hash, value) in hashes.iter_mut().zip(values.iter()) {
                    *hash = combine(*hash, value.key_hash());
                }
            }
            Some(nulls) => {
                for (row, (hash, value)) in hashes.iter_mut().zip(values.iter()).enumerate() {
                    let value_hash = if nulls.is_valid(row) {
                        value.key_hash()
                    } else {
                        NULL_HASH
                    };
                    *hash = combine(*hash, value_hash);
                }
            }
        }
    }

    fn rows_equal(&self, left: usize, right: usize) -> bool {
        match (self.0.is_valid(left), self.0.is_valid(right)) {
            (true, true) => self.0.value(left).key_equal(self.0.value(right)),
            (left_valid, right_valid) => left_valid == right_valid,
        }
    }

    fn cell(&self, row: usize) -> Option<Cell<'_>> {
        self.0.is_valid(row).then(|| self.0.value(row).to_cell())
    }
}

/// Strings of any offset size, or string views.
trait TextArray: Array {
    fn text(&self, row: usize) -> &str;
}

impl<O: OffsetSizeTrait> TextArray for GenericStringArray<O> {
    fn text(&self, row: usize) -> &str {
        self.value(row)
    }
}

impl TextArray for StringViewArray {
    fn text(&self, row: usize) -> &str {
        self.value(row)
    }
}

struct TextKey<'a, A: TextArray>(&'a A);

impl<A: TextArray> KeyColumn for TextKey<'_, A> {
    fn hash_into(&self, hashes: &mut [u64]) {
        for (row, hash) in hashes.iter_mut().enumerate() {
            let value_hash = if self.0.is_valid(row) {
                bytes_hash(self.0.text(row).as_bytes())
            } else {
                NULL_HASH
            };
            *hash = combine(*hash, value_hash);
        }
    }

    fn rows_equal(&self, left: usize, right: usize) -> bool {
        match (self.0.is_valid(left), self.0.is_valid(right)) {
            (true, true) => self.0.text(left) == self.0.text(right),
            (left_valid, right_valid) => left_valid == right_valid,
        }
    }

    fn cell(&self, row: usize) -> Option<Cell<'_>> {
        self.0.is_valid(row).then(|| Cell::Text(self.0.text(row)))
    }
}

struct BooleanKey<'a>(&'a BooleanArray);

impl KeyColumn for BooleanKey<'_> {
    fn hash_into(&self, hashes: &mut [u64]) {
        for (row, hash) in hashes.iter_mut().enumerate() {
            let value_hash = match self.cell(row) {
                Some(Cell::Boolean(value)) => mix(u64::from(value) + 1),
                _ => NULL_HASH,
            };
            *hash = combine(*hash, value_hash);
        }
    }

    fn rows_equal(&self, left: usize, right: usize) -> bool {
        self.cell(left) == self.cell(right)
    }

    fn cell(&self, row: usize) -> Option<Cell<'_>> {
        self.0.is_valid(row).then(|| Cell::Boolean(self.0.value(row)))
    }
}

/// The column as a key, or `None` for a type that cannot be one (lists, dictionaries, ...).
pub(super) fn key_column(array: &ArrayRef) -> Option<Box<dyn KeyColumn + '_>> {
    fn primitive<T: ArrowPrimitiveType>(array: &ArrayRef) -> Box<dyn KeyColumn + '_>
    where
        T::Native: KeyNative,
    {
        Box::new(PrimitiveKey(array.as_primitive::<T>()))
    }
    Some(match array.data_type() {
        DataType::Int8 => primitive::<Int8Type>(array),
        DataType::Int16 => primitive::<Int16Type>(array),
        DataType::Int32 => primitive::<Int32Type>(array),
        DataType::Int64 => primitive::<Int64Type>(array),
        DataType::UInt8 => primitive::<UInt8Type>(array),
        DataType::UInt16 => primitive::<UInt16Type>(array),
        DataType::UInt32 => primitive::<UInt32Type>(array),
        DataType::UInt64 => primitive::<UInt64Type>(array),
        DataType::Float32 => primitive::<Float32Type>(array),
        DataType::Float64 => primitive::<Float64Type>(array),
        DataType::Decimal128(_, _) => primitive::<Decimal128Type>(array),
        DataType::Date32 => primitive::<Date32Type>(array),
        DataType::Date64 => primitive::<Date64Type>(array),
        DataType::Time32(TimeUnit::Second) => primitive::<Time32SecondType>(array),
        DataType::Time32(TimeUnit::Millisecond) => primitive::<Time32MillisecondType>(array),
        DataType::Time64(TimeUnit::Microsecond) => primitive::<Time64MicrosecondType>(array),
        DataType::Time64(TimeUnit::Nanosecond) => primitive::<Time64NanosecondType>(array),
        DataType::Timestamp(TimeUnit::Second, _) => primitive::<TimestampSecondType>(array),
        DataType::Timestamp(TimeUnit::Millisecond, _) => primitive::<TimestampMillisecondType>(array),
        DataType::Timestamp(TimeUnit::Microsecond, _) => primitive::<TimestampMicrosecondType>(array),
        DataType::Timestamp(TimeUnit::Nanosecond, _) => primitive::<TimestampNanosecondType>(array),
        DataType::Utf8 => Box::new(TextKey(array.as_string::<i32>())),
        DataType::LargeUtf8 => Box::new(TextKey(array.as_string::<i64>())),
        DataType::Utf8View => Box::new(TextKey(array.as_string_view())),
        DataType::Boolean => Box::new(BooleanKey(array.as_boolean())),
        _ => return None,
    })
}

/// The key column at `position`, or the "cannot be re-aggregated" error naming it.
pub(super) fn key_column_at(
    batch: &RecordBatch,
    position: usize,
) -> Result<Box<dyn KeyColumn + '_>, ReaggregationError> {
    key_column(batch.column(position)).ok_or_else(|| ReaggregationError::UnsupportedColumnType {
        column: batch.schema().field(position).name().clone(),
    })
}

/// The group of every selected row by the columns at `key_positions`. Without key columns all
/// selected rows form one group, which exists even when no row is selected (SQL's totals row).
pub(super) fn group_rows(
    batch: &RecordBatch,
    key_positions: &[usize],
    selection: Option<&[bool]>,
) -> Result<Groups, ReaggregationError> {
    let row_count = batch.num_rows();
    let is_selected = |row: usize| selection.is_none_or(|selection| selection[row]);
    if key_positions.is_empty() {
        let group_of_row = (0..row_count)
            .map(|row| if is_selected(row) { 0 } else { NO_GROUP })
            .collect();
        let first = (0..row_count).find(|row| is_selected(*row)).map(|row| row as u32);
        return Ok(Groups {
            group_of_row,
            representatives: vec![first],
        });
    }
    if let Some(groups) = coded_groups(batch, key_positions, &is_selected) {
        return Ok(groups);
    }
    let keys = key_positions
        .iter()
        .map(|position| key_column_at(batch, *position))
        .collect::<Result<Vec<_>, _>>()?;
    let mut table = GroupTable::with_capacity(1024);
    let mut group_of_row = Vec::with_capacity(row_count);
    let mut hashes = vec![0u64; row_count];
    for key in &keys {
        key.hash_into(&mut hashes);
    }
    for (row, hash) in hashes.iter().enumerate() {
        if !is_selected(row) {
            group_of_row.push(NO_GROUP);
            continue;
        }
        let same_key = |representative: u32| {
            keys.iter()
                .all(|key| key.rows_equal(representative as usize, row))
        };
        group_of_row.push(table.group_of(*hash, row as u32, same_key));
    }
    Ok(Groups {
        group_of_row,
        representatives: table.representatives.into_iter().map(Some).collect(),
    })
}

/// The largest combined key space [`coded_groups`] maps through a table.
const CODED_SPACE_LIMIT: u64 = 1 << 22;

/// `group_rows` through post-processing's column codes, when every key column is text, an
/// integer, a date or a timestamp (where null is the only value without a code) and the
/// combinations are few: each row's codes combine into one small integer, and a table over
/// those numbers the groups in order of first appearance. No hashing or comparison per row;
/// `None` when it does not apply.
fn coded_groups(
    batch: &RecordBatch,
    key_positions: &[usize],
    is_selected: &impl Fn(usize) -> bool,
) -> Option<Groups> {
    use crate::postprocess::keys::{column_codes_unordered, NO_CODE};
    let coded = key_positions.iter().all(|&position| {
        matches!(
            batch.column(position).data_type(),
            DataType::Utf8
                | DataType::LargeUtf8
                | DataType::Int8
                | DataType::Int16
                | DataType::Int32
                | DataType::Int64
                | DataType::UInt8
                | DataType::UInt16
                | DataType::UInt32
                | DataType::UInt64
                | DataType::Date32
                | DataType::Date64
                | DataType::Timestamp(_, _)
        )
    });
    if !coded {
        return None;
    }
    let codes = key_positions
        .iter()
        .map(|&position| column_codes_unordered(batch, position).ok())
        .collect::<Option<Vec<_>>>()?;
    let space = codes
        .iter()
        .try_fold(1u64, |space, codes| {
            space.checked_mul(codes.distinct() as u64 + 1)
        })
        .filter(|&space| space <= CODED_SPACE_LIMIT)?;
    // One combined key per row; null is each column's last digit (nulls group together).
    let digit = |codes: &crate::postprocess::keys::ColumnCodes, code: u32| {
        if code == NO_CODE {
            codes.distinct() as u32
        } else {
            code
        }
    };
    // Built from the first column rather than zeroed (zeroing 4 MB is slow in Wasm).
    let mut keys: Vec<u32> = codes[0]
        .codes
        .iter()
        .map(|&code| digit(&codes[0], code))
        .collect();
    for codes in &codes[1..] {
        let radix = codes.distinct() as u32 + 1;
        for (key, &code) in keys.iter_mut().zip(&codes.codes) {
            *key = *key * radix + digit(codes, code);
        }
    }
    let mut group_of_key: Vec<u32> = vec![NO_GROUP; space as usize];
    let mut representatives: Vec<Option<u32>> = Vec::new();
    let group_of_row = keys
        .iter()
        .enumerate()
        .map(|(row, &key)| {
            if !is_selected(row) {
                return NO_GROUP;
            }
            let group = &mut group_of_key[key as usize];
            if *group == NO_GROUP {
                *group = representatives.len() as u32;
                representatives.push(Some(row as u32));
            }
            *group
        })
        .collect();
    Some(Groups {
        group_of_row,
        representatives,
    })
}

/// Open addressing with linear probing; a slot holds `group + 1` (0 is empty).
struct GroupTable {
    slots: Vec<u32>,
    group_hashes: Vec<u64>,
    representatives: Vec<u32>,
}

impl GroupTable {
    fn with_capacity(capacity: usize) -> Self {
        GroupTable {
            slots: vec![0; capacity.next_power_of_two()],
            group_hashes: Vec::new(),
            representatives: Vec::new(),
        }
    }

    /// The group of the row with `hash`, a new one when no group's first row equals it.
    fn group_of(&mut self, hash: u64, row: u32, same_key: impl Fn(u32) -> bool) -> u32 {
        let mask = self.slots.len() - 1;
        let mut slot = (hash as usize) & mask;
        loop {
            match self.slots[slot] {
                0 => break,
                occupied => {
                    let group = occupied - 1;
                    let index = group as usize;
                    if self.group_hashes[index] == hash && same_key(self.representatives[index]) {
                        return group;
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
        let group = self.representatives.len() as u32;
        self.slots[slot] = group + 1;
        self.group_hashes.push(hash);
        self.representatives.push(row);
        if self.representatives.len() * 2 > self.slots.len() {
            self.grow();
        }
        group
    }

    fn grow(&mut self) {
        let capacity = self.slots.len() * 2;
        let mask = capacity - 1;
        let mut slots = vec![0u32; capacity];
        for (group, hash) in self.group_hashes.iter().enumerate() {
            let mut slot = (*hash as usize) & mask;
            while slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            slots[slot] = group as u32 + 1;
        }
        self.slots = slots;
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
    fn rows_with_equal_keys_share_a_group_numbered_by_first_appearance() {
        let input = batch(vec![
            (
                "state",
                Arc::new(StringArray::from(vec![
                    Some("CA"),
                    Some("NY"),
                    None,
                    Some("CA"),
                    None,
                ])),
            ),
            ("year", Arc::new(Int64Array::from(vec![1, 1, 1, 1, 1]))),
        ]);
        let groups = group_rows(&input, &[0, 1], None).unwrap();
        assert_eq!(groups.group_of_row, vec![0, 1, 2, 0, 2]);
        assert_eq!(groups.representatives, vec![Some(0), Some(1), Some(2)]);
    }

    #[test]
    fn floats_group_negative_zero_with_zero_and_nans_together() {
        let input = batch(vec![(
            "x",
            Arc::new(Float64Array::from(vec![0.0, -0.0, f64::NAN, f64::NAN, 1.5])),
        )]);
        let groups = group_rows(&input, &[0], None).unwrap();
        assert_eq!(groups.group_of_row, vec![0, 0, 1, 1, 2]);
    }

    #[test]
    fn unselected_rows_get_no_group_and_totals_always_have_one_group() {
        let input = batch(vec![("x", Arc::new(Int64Array::from(vec![1, 2, 1])))]);
        let selection = [true, false, true];
        let groups = group_rows(&input, &[0], Some(&selection)).unwrap();
        assert_eq!(groups.group_of_row, vec![0, NO_GROUP, 0]);
        let totals = group_rows(&input, &[], Some(&[false, false, false])).unwrap();
        assert_eq!(totals.representatives, vec![None]);
        assert_eq!(totals.group_of_row, vec![NO_GROUP; 3]);
    }

    #[test]
    fn many_groups_survive_table_growth() {
        let values: Vec<i64> = (0..10_000).map(|value| value % 3_000).collect();
        let input = batch(vec![("x", Arc::new(Int64Array::from(values)))]);
        let groups = group_rows(&input, &[0], None).unwrap();
        assert_eq!(groups.count(), 3_000);
        assert_eq!(groups.group_of_row[3_000], 0);
        assert_eq!(groups.group_of_row[9_999], 999);
    }

    #[test]
    fn byte_hashes_differ_for_different_lengths_and_contents() {
        assert_ne!(bytes_hash(b"ab"), bytes_hash(b"ab\0"));
        assert_ne!(bytes_hash(b"abcdefghi"), bytes_hash(b"abcdefghj"));
        assert_eq!(bytes_hash(b"same text"), bytes_hash(b"same text"));
    }
}
