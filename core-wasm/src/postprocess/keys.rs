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

use arrow::array::{Array, ArrayRef, ArrowPrimitiveType, AsArray, GenericStringArray, OffsetSizeTrait};
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
/// in the order of `compare`. A column already sorted ascending skips the hash map. (Keys that
/// map to an order-preserving `u64` go through [`word_codes`] instead.)
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

/// Sorts `(key, row)` pairs by key, stably: a least-significant-digit radix sort on 11-bit
/// digits, skipping the digits every key shares.
pub(crate) fn radix_sort(pairs: &mut Vec<(u64, u32)>) {
    radix_sort_with(pairs, &mut Vec::new());
}

/// [`radix_sort`] with a scratch buffer the caller keeps between calls (sorting many segments
/// reuses one buffer instead of allocating, and faulting in, a fresh one per segment).
pub(crate) fn radix_sort_with(pairs: &mut Vec<(u64, u32)>, scratch: &mut Vec<(u64, u32)>) {
    // 11-bit digits: 2,048 buckets keep the scatter's write streams in cache.
    const DIGIT_BITS: u32 = 11;
    const DIGITS: usize = 6;
    const BUCKETS: usize = 1 << DIGIT_BITS;
    let count = pairs.len();
    if count < 2 {
        return;
    }
    let mut counts = vec![0u32; DIGITS * BUCKETS];
    for &(key, _) in pairs.iter() {
        for digit in 0..DIGITS {
            counts[digit * BUCKETS + ((key >> (digit as u32 * DIGIT_BITS)) as usize & (BUCKETS - 1))] += 1;
        }
    }
    scratch.clear();
    scratch.resize(count, (0, 0));
    for digit in 0..DIGITS {
        let digit_counts = &mut counts[digit * BUCKETS..(digit + 1) * BUCKETS];
        if digit_counts.iter().any(|&bucket| bucket as usize == count) {
            continue;
        }
        let mut next = 0u32;
        for bucket in digit_counts.iter_mut() {
            let size = *bucket;
            *bucket = next;
            next += size;
        }
        let shift = digit as u32 * DIGIT_BITS;
        for &pair in pairs.iter() {
            let slot = &mut digit_counts[(pair.0 >> shift) as usize & (BUCKETS - 1)];
            scratch[*slot as usize] = pair;
            *slot += 1;
        }
        std::mem::swap(pairs, scratch);
    }
}

/// Codes from order-preserving `u64` keys (`None` for null): first-seen ids through an
/// open-addressing table of words, then the distinct keys sorted (a radix sort when there are
/// many) and the ids renumbered in key order. A column already sorted skips the table.
fn word_codes(keys: impl Iterator<Item = Option<u64>> + Clone, rows: usize) -> ColumnCodes {
    if let Some(codes) = codes_of_sorted(keys.clone(), rows, &|left: &u64, right: &u64| left.cmp(right)) {
        return codes;
    }
    let mut table = WordTable::new();
    let mut provisional: Vec<u32> = Vec::with_capacity(rows);
    for (row, key) in keys.enumerate() {
        provisional.push(match key {
            None => NO_CODE,
            Some(key) => table.id_of(key, row),
        });
    }
    let distinct = table.words.len();
    let mut sorted: Vec<(u64, u32)> = table
        .words
        .iter()
        .enumerate()
        .map(|(id, &word)| (word, id as u32))
        .collect();
    if distinct > 1 << 16 {
        radix_sort(&mut sorted);
    } else {
        sorted.sort_unstable();
    }
    let mut code_of_id = vec![NO_CODE; distinct + 1];
    for (code, &(_, id)) in sorted.iter().enumerate() {
        code_of_id[id as usize] = code as u32;
    }
    ColumnCodes {
        codes: provisional
            .into_iter()
            .map(|id| code_of_id[(id as usize).min(distinct)])
            .collect(),
        first_row: sorted
            .iter()
            .map(|&(_, id)| table.first_row[id as usize])
            .collect(),
    }
}

/// Distinct `u64` keys numbered in order of first appearance (open addressing, linear probing).
struct WordTable {
    /// `id + 1`, 0 for an empty slot.
    slots: Vec<u32>,
    shift: u32,
    words: Vec<u64>,
    first_row: Vec<usize>,
}

impl WordTable {
    const INITIAL_BITS: u32 = 10;

    fn new() -> Self {
        WordTable {
            slots: vec![0; 1 << Self::INITIAL_BITS],
            shift: 64 - Self::INITIAL_BITS,
            words: Vec::new(),
            first_row: Vec::new(),
        }
    }

    fn slot_of(&self, word: u64) -> usize {
        ((word ^ (word >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    fn id_of(&mut self, word: u64, row: usize) -> u32 {
        let mask = self.slots.len() - 1;
        let mut slot = self.slot_of(word);
        loop {
            let occupant = self.slots[slot];
            if occupant == 0 {
                break;
            }
            if self.words[(occupant - 1) as usize] == word {
                return occupant - 1;
            }
            slot = (slot + 1) & mask;
        }
        let id = self.words.len() as u32;
        self.slots[slot] = id + 1;
        self.words.push(word);
        self.first_row.push(row);
        if self.words.len() * 2 > self.slots.len() {
            self.shift -= 1;
            self.slots = vec![0; self.slots.len() * 2];
            let mask = self.slots.len() - 1;
            for (id, &word) in self.words.iter().enumerate() {
                let mut slot = self.slot_of(word);
                while self.slots[slot] != 0 {
                    slot = (slot + 1) & mask;
                }
                self.slots[slot] = id as u32 + 1;
            }
        }
        id
    }
}

/// A signed integer as a `u64` in the same order.
pub(crate) fn signed_order(value: i64) -> u64 {
    (value as u64) ^ (1 << 63)
}

/// A float's bits (NaN excluded, -0.0 as 0.0) as a `u64` in the float's order.
pub(crate) fn float_order(bits: u64) -> u64 {
    if bits >> 63 == 1 {
        !bits
    } else {
        bits ^ (1 << 63)
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

/// The codes of a primitive column through its order-preserving `u64` keys.
fn primitive_codes<T: ArrowPrimitiveType>(array: &ArrayRef, order_key: fn(T::Native) -> u64) -> ColumnCodes {
    let values = array.as_primitive::<T>();
    word_codes(values.iter().map(|value| value.map(order_key)), values.len())
}

/// A float as a hashable key: NaN is null, `-0.0` equals `0.0`.
pub(crate) fn float_key(value: f64) -> Option<u64> {
    if value.is_nan() {
        None
    } else if value == 0.0 {
        Some(0.0f64.to_bits())
    } else {
        Some(value.to_bits())
    }
}

fn float_codes(values: impl Iterator<Item = Option<f64>> + Clone, rows: usize) -> ColumnCodes {
    word_codes(
        values.map(|value| value.and_then(float_key).map(float_order)),
        rows,
    )
}

/// The codes of a text column. Dimension columns hold few distinct, short texts, so this is a
/// hash table of its own: a text of up to 8 bytes is one word (read straight from the values
/// buffer) hashed with one multiplication and compared as an integer; longer texts are hashed
/// and compared as bytes. No allocation per row.
fn text_codes<O: OffsetSizeTrait>(array: &GenericStringArray<O>) -> ColumnCodes {
    let rows = array.len();
    if let Some(codes) = codes_of_sorted(array.iter(), rows, &|left: &&str, right: &&str| left.cmp(right)) {
        return codes;
    }
    let (provisional, table) = text_ids(array);
    let distinct = table.first_row.len();
    let mut order: Vec<u32> = (0..distinct as u32).collect();
    order.sort_unstable_by(|&left, &right| table.text(left).cmp(table.text(right)));
    let first_row = order.iter().map(|&id| table.first_row[id as usize]).collect();
    if order.iter().enumerate().all(|(code, &id)| code as u32 == id) {
        return ColumnCodes {
            codes: provisional,
            first_row,
        };
    }
    let mut code_of_id = vec![0u32; distinct + 1];
    for (code, &id) in order.iter().enumerate() {
        code_of_id[id as usize] = code as u32;
    }
    // NO_CODE (u32::MAX) wraps to the last slot, which stays NO_CODE.
    code_of_id[distinct] = NO_CODE;
    ColumnCodes {
        codes: provisional
            .into_iter()
            .map(|id| code_of_id[(id as usize).min(distinct)])
            .collect(),
        first_row,
    }
}

/// Each row's text as an id in order of first appearance (`NO_CODE` for null), and the table.
fn text_ids<O: OffsetSizeTrait>(array: &GenericStringArray<O>) -> (Vec<u32>, TextTable<'_>) {
    let rows = array.len();
    let offsets = array.value_offsets();
    let bytes = array.value_data();
    let nulls = array.nulls().filter(|nulls| nulls.null_count() > 0);
    let mut table = TextTable::new(bytes);
    let mut ids: Vec<u32> = Vec::with_capacity(rows);
    match nulls {
        None => ids.extend(
            offsets
                .windows(2)
                .enumerate()
                .map(|(row, bounds)| table.id_of(bounds[0].as_usize(), bounds[1].as_usize(), row)),
        ),
        Some(nulls) => ids.extend(offsets.windows(2).enumerate().map(|(row, bounds)| {
            if nulls.is_null(row) {
                NO_CODE
            } else {
                table.id_of(bounds[0].as_usize(), bounds[1].as_usize(), row)
            }
        })),
    }
    (ids, table)
}

/// Equal cells share a code, null has none, as in [`column_codes`], but codes need not follow
/// the values' order (text is numbered by first appearance, skipping the sort and the
/// renumbering): for grouping that does not sort.
pub(crate) fn column_codes_unordered(batch: &RecordBatch, position: usize) -> CoreResult<ColumnCodes> {
    let array = batch.column(position);
    let unordered = |(codes, table): (Vec<u32>, TextTable<'_>)| ColumnCodes {
        codes,
        first_row: table.first_row,
    };
    match array.data_type() {
        DataType::Utf8 => Ok(unordered(text_ids(array.as_string::<i32>()))),
        DataType::LargeUtf8 => Ok(unordered(text_ids(array.as_string::<i64>()))),
        _ => column_codes(batch, position),
    }
}

/// The distinct texts of a column, numbered in order of first appearance.
struct TextTable<'a> {
    bytes: &'a [u8],
    /// Open addressing with linear probing. Each slot holds its text's first 8 bytes, length
    /// and id, so that a probe compares the slot itself with no further load (only texts
    /// longer than 8 bytes compare their bytes).
    slots: Vec<TextSlot>,
    /// `64 - log2(slots.len())`: a hash's top bits pick its slot.
    shift: u32,
    /// Where each id's first occurrence starts, and its length.
    starts: Vec<usize>,
    lengths: Vec<usize>,
    first_row: Vec<usize>,
}

/// One slot of a [`TextTable`]: `id + 1` (0 for an empty slot), the length and the first 8
/// bytes (zero-padded) of its text.
#[derive(Clone, Copy, Default)]
struct TextSlot {
    word: u64,
    length: u32,
    id_plus_one: u32,
}

impl<'a> TextTable<'a> {
    const INITIAL_BITS: u32 = 8;

    fn new(bytes: &'a [u8]) -> Self {
        TextTable {
            bytes,
            slots: vec![TextSlot::default(); 1 << Self::INITIAL_BITS],
            shift: 64 - Self::INITIAL_BITS,
            starts: Vec::new(),
            lengths: Vec::new(),
            first_row: Vec::new(),
        }
    }

    fn text(&self, id: u32) -> &'a [u8] {
        let start = self.starts[id as usize];
        &self.bytes[start..start + self.lengths[id as usize]]
    }

    /// The first 8 bytes of `bytes[start..end]`, zero-padded.
    #[inline(always)]
    fn word(&self, start: usize, end: usize) -> u64 {
        let length = end - start;
        let mut word = [0u8; 8];
        if let Some(eight) = self.bytes.get(start..start + 8) {
            // One unaligned load, then the bytes past the text masked off.
            word.copy_from_slice(eight);
            let word = u64::from_le_bytes(word);
            if length >= 8 {
                word
            } else {
                word & ((1u64 << (length * 8)) - 1)
            }
        } else {
            let taken = length.min(8);
            word[..taken].copy_from_slice(&self.bytes[start..start + taken]);
            u64::from_le_bytes(word)
        }
    }

    #[inline(always)]
    fn hash(&self, word: u64, start: usize, end: usize) -> u64 {
        let length = end - start;
        let mixed = if length <= 8 {
            word ^ (length as u64).rotate_right(8)
        } else {
            let mut hasher = FastHasher::default();
            hasher.write(&self.bytes[start..end]);
            hasher.0 ^ length as u64
        };
        mixed.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    #[inline(always)]
    fn id_of(&mut self, start: usize, end: usize, row: usize) -> u32 {
        let word = self.word(start, end);
        let length = end - start;
        let hash = self.hash(word, start, end);
        let mask = self.slots.len() - 1;
        let mut slot = (hash >> self.shift) as usize;
        loop {
            let occupant = self.slots[slot];
            if occupant.id_plus_one == 0 {
                break;
            }
            if occupant.word == word
                && occupant.length as usize == length
                && (length <= 8 || {
                    let id = (occupant.id_plus_one - 1) as usize;
                    self.bytes[self.starts[id]..self.starts[id] + length] == self.bytes[start..end]
                })
            {
                return occupant.id_plus_one - 1;
            }
            slot = (slot + 1) & mask;
        }
        self.insert(slot, word, start, end, row)
    }

    #[cold]
    fn insert(&mut self, slot: usize, word: u64, start: usize, end: usize, row: usize) -> u32 {
        let id = self.starts.len() as u32;
        let length = end - start;
        self.slots[slot] = TextSlot {
            word,
            // Texts are shorter than 4 GiB (the lengths of an Arrow string array are i32 or
            // i64 offsets into one buffer of a Wasm or native process); a longer one would
            // only compare its bytes.
            length: u32::try_from(length).unwrap_or(u32::MAX),
            id_plus_one: id + 1,
        };
        self.starts.push(start);
        self.lengths.push(length);
        self.first_row.push(row);
        if self.starts.len() * 2 > self.slots.len() {
            self.grow();
        }
        id
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let capacity = old.len() * 2;
        self.shift -= 1;
        self.slots = vec![TextSlot::default(); capacity];
        let mask = capacity - 1;
        for entry in old.into_iter().filter(|entry| entry.id_plus_one != 0) {
            let id = (entry.id_plus_one - 1) as usize;
            let start = self.starts[id];
            let hash = self.hash(entry.word, start, start + self.lengths[id]);
            let mut slot = (hash >> self.shift) as usize;
            while self.slots[slot].id_plus_one != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = entry;
        }
    }
}

/// The codes of the column at `position`.
pub(crate) fn column_codes(batch: &RecordBatch, position: usize) -> CoreResult<ColumnCodes> {
    let array = batch.column(position);
    let rows = array.len();
    let codes = match array.data_type() {
        DataType::Int8 => primitive_codes::<Int8Type>(array, |v| signed_order(v.into())),
        DataType::Int16 => primitive_codes::<Int16Type>(array, |v| signed_order(v.into())),
        DataType::Int32 => primitive_codes::<Int32Type>(array, |v| signed_order(v.into())),
        DataType::Int64 => primitive_codes::<Int64Type>(array, signed_order),
        DataType::UInt8 => primitive_codes::<UInt8Type>(array, u64::from),
        DataType::UInt16 => primitive_codes::<UInt16Type>(array, u64::from),
        DataType::UInt32 => primitive_codes::<UInt32Type>(array, u64::from),
        DataType::UInt64 => primitive_codes::<UInt64Type>(array, |v| v),
        DataType::Decimal128(_, _) => {
            let decimals = array.as_primitive::<Decimal128Type>();
            codes_of(decimals.iter(), rows, |left, right| left.cmp(right))
        }
        DataType::Date32 => primitive_codes::<Date32Type>(array, |v| signed_order(v.into())),
        DataType::Date64 => primitive_codes::<Date64Type>(array, signed_order),
        DataType::Timestamp(TimeUnit::Second, _) => {
            primitive_codes::<TimestampSecondType>(array, signed_order)
        }
        DataType::Timestamp(TimeUnit::Millisecond, _) => {
            primitive_codes::<TimestampMillisecondType>(array, signed_order)
        }
        DataType::Timestamp(TimeUnit::Microsecond, _) => {
            primitive_codes::<TimestampMicrosecondType>(array, signed_order)
        }
        DataType::Timestamp(TimeUnit::Nanosecond, _) => {
            primitive_codes::<TimestampNanosecondType>(array, signed_order)
        }
        DataType::Float64 => float_codes(array.as_primitive::<Float64Type>().iter(), rows),
        DataType::Float32 => float_codes(
            array
                .as_primitive::<Float32Type>()
                .iter()
                .map(|value| value.map(f64::from)),
            rows,
        ),
        DataType::Utf8 => text_codes(array.as_string::<i32>()),
        DataType::LargeUtf8 => text_codes(array.as_string::<i64>()),
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
    row_ids_within(
        columns,
        rows,
        keep_nulls,
        (rows as u64).max(1 << 16) * 2,
        u64::BITS,
    )
}

/// `row_ids`, with a composite key when the key space is at most `composite_limit`.
fn row_ids_within(
    columns: &[(&ColumnCodes, bool)],
    rows: usize,
    keep_nulls: bool,
    composite_limit: u64,
    pack_limit_bits: u32,
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
    // Many combinations whose sort codes pack into 64 bits: one packed key per row, carried with
    // its row through a radix sort (no gathers from the code columns per pass).
    let bits: Vec<u32> = columns
        .iter()
        .map(|(column, _)| u64::BITS - (column.distinct() as u64 + 1).leading_zeros())
        .collect();
    if bits.iter().sum::<u32>() <= pack_limit_bits {
        return packed_row_ids(columns, &bits, rows, keep_nulls, sort_code);
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

/// `row_ids` through one packed `u64` key per row (each column's sort code in `bits[column]`
/// bits, the first column highest), sorted with its row by [`radix_sort`].
fn packed_row_ids(
    columns: &[(&ColumnCodes, bool)],
    bits: &[u32],
    rows: usize,
    keep_nulls: bool,
    sort_code: impl Fn(&ColumnCodes, bool, usize) -> u32,
) -> RowIds {
    const LEFT_OUT: u64 = u64::MAX;
    let mut keys: Vec<u64> = vec![0; rows];
    for (&(column, ascending), &width) in columns.iter().zip(bits) {
        for (row, key) in keys.iter_mut().enumerate() {
            if *key == LEFT_OUT {
                continue;
            }
            if !keep_nulls && column.codes[row] == NO_CODE {
                *key = LEFT_OUT;
                continue;
            }
            *key = (*key << width) | u64::from(sort_code(column, ascending, row));
        }
    }
    // Only rows left out are all ones: without nulls a column's largest code is below its
    // all-ones digit.
    let mut pairs: Vec<(u64, u32)> = keys
        .iter()
        .enumerate()
        .filter(|&(_, &key)| keep_nulls || key != LEFT_OUT)
        .map(|(row, &key)| (key, row as u32))
        .collect();
    drop(keys);
    radix_sort(&mut pairs);
    let mut ids = vec![NO_CODE; rows];
    let mut first_row: Vec<usize> = Vec::new();
    let mut order: Vec<u32> = Vec::with_capacity(pairs.len());
    let mut previous: Option<u64> = None;
    for &(key, row) in &pairs {
        if previous != Some(key) {
            first_row.push(row as usize);
            previous = Some(key);
        }
        ids[row as usize] = (first_row.len() - 1) as u32;
        order.push(row);
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

/// Each row's group as a dense id in ascending key order (nulls last or left out), without
/// the sorted row order [`row_ids`] also builds: what accumulating operations need.
pub(crate) struct DenseIds {
    /// Each row's id, `NO_CODE` for a row left out.
    pub ids: Vec<u32>,
    /// The first row with each id.
    pub first_row: Vec<usize>,
}

/// The largest key space [`dense_ids`] maps through a table rather than a sort.
const DENSE_SPACE_LIMIT: u64 = 1 << 22;

/// The ids of the rows over `columns`, all ascending: one composite key per row and a table
/// over the key space when it is small (two passes, no sort), [`row_ids`] otherwise.
pub(crate) fn dense_ids(columns: &[&ColumnCodes], rows: usize, keep_nulls: bool) -> DenseIds {
    let space = columns
        .iter()
        .try_fold(1u64, |space, column| {
            space.checked_mul(column.distinct() as u64 + 1)
        })
        .filter(|&space| space <= DENSE_SPACE_LIMIT);
    let Some(space) = space else {
        let keyed: Vec<(&ColumnCodes, bool)> = columns.iter().map(|&column| (column, true)).collect();
        let ids = row_ids(&keyed, rows, keep_nulls);
        return DenseIds {
            ids: ids.ids,
            first_row: ids.first_row,
        };
    };
    if let [column] = columns {
        if !keep_nulls {
            // One column: its codes are the ids already.
            return DenseIds {
                ids: column.codes.clone(),
                first_row: column.first_row.clone(),
            };
        }
    }
    // Composite keys (u32: the space is small), nulls as each column's last digit.
    // Not zeroed (zeroing 4 MB is slow in Wasm): the first column is written whole.
    let mut keys: Vec<u32> = Vec::with_capacity(rows);
    keys.extend(std::iter::repeat_n(0, rows));
    for column in columns {
        let radix = column.distinct() as u32 + 1;
        let null_digit = column.distinct() as u32;
        for (key, &code) in keys.iter_mut().zip(&column.codes) {
            if *key == NO_CODE {
                continue;
            }
            *key = if code != NO_CODE {
                *key * radix + code
            } else if keep_nulls {
                *key * radix + null_digit
            } else {
                NO_CODE
            };
        }
    }
    let mut first_of_key: Vec<u32> = vec![NO_CODE; space as usize];
    for (row, &key) in keys.iter().enumerate() {
        if key != NO_CODE && first_of_key[key as usize] == NO_CODE {
            first_of_key[key as usize] = row as u32;
        }
    }
    let mut first_row: Vec<usize> = Vec::new();
    // Reuse the table: each key's id.
    for first in first_of_key.iter_mut() {
        if *first != NO_CODE {
            first_row.push(*first as usize);
            *first = (first_row.len() - 1) as u32;
        }
    }
    for key in keys.iter_mut() {
        if *key != NO_CODE {
            *key = first_of_key[*key as usize];
        }
    }
    DenseIds { ids: keys, first_row }
}

/// Each row's group numbered in order of first appearance (rows with a null key left out), and
/// the groups in ascending key order: what accumulating operations need, since they can order
/// their few results afterwards rather than renumber every row.
pub(crate) struct AppearanceGroups {
    /// Each row's group, `NO_CODE` for a row with a null key.
    pub ids: Vec<u32>,
    /// The first row of each group.
    pub first_row: Vec<usize>,
    /// The groups in ascending key order.
    pub key_order: Vec<usize>,
}

impl AppearanceGroups {
    pub fn count(&self) -> usize {
        self.first_row.len()
    }

    /// The first row of each group, groups in key order.
    pub fn first_rows_in_key_order(&self) -> Vec<usize> {
        self.key_order
            .iter()
            .map(|&group| self.first_row[group])
            .collect()
    }

    /// Per-group results (`results[group]`) in key order.
    pub fn in_key_order<T: Copy>(&self, results: &[T]) -> Vec<T> {
        self.key_order.iter().map(|&group| results[group]).collect()
    }

    /// The same groups renumbered in key order, as [`dense_ids`] numbers them.
    pub fn into_dense_ids(self) -> DenseIds {
        let mut id_of_group = vec![NO_CODE; self.count() + 1];
        for (id, &group) in self.key_order.iter().enumerate() {
            id_of_group[group] = id as u32;
        }
        let last = self.count();
        let first_row = self.first_rows_in_key_order();
        // NO_CODE (u32::MAX) maps to the last slot, which stays NO_CODE.
        let ids = self
            .ids
            .into_iter()
            .map(|group| id_of_group[(group as usize).min(last)])
            .collect();
        DenseIds { ids, first_row }
    }
}

/// A key column's codes, with text numbered by first appearance, and each code's rank in the
/// column's ascending order (`None`: the codes are the ranks).
struct RankedCodes {
    codes: ColumnCodes,
    rank: Option<Vec<u32>>,
}

impl RankedCodes {
    fn rank_of(&self, code: u32) -> u32 {
        self.rank.as_ref().map_or(code, |rank| rank[code as usize])
    }
}

fn ranked_codes(batch: &RecordBatch, position: usize) -> CoreResult<RankedCodes> {
    fn text_ranked<O: OffsetSizeTrait>(array: &GenericStringArray<O>) -> RankedCodes {
        let (codes, table) = text_ids(array);
        let distinct = table.first_row.len();
        let mut order: Vec<u32> = (0..distinct as u32).collect();
        order.sort_unstable_by(|&left, &right| table.text(left).cmp(table.text(right)));
        let mut rank = vec![0u32; distinct];
        for (position, &id) in order.iter().enumerate() {
            rank[id as usize] = position as u32;
        }
        RankedCodes {
            codes: ColumnCodes {
                codes,
                first_row: table.first_row,
            },
            rank: Some(rank),
        }
    }
    let array = batch.column(position);
    Ok(match array.data_type() {
        DataType::Utf8 => text_ranked(array.as_string::<i32>()),
        DataType::LargeUtf8 => text_ranked(array.as_string::<i64>()),
        _ => RankedCodes {
            codes: column_codes(batch, position)?,
            rank: None,
        },
    })
}

/// The rows of `batch` grouped by the columns at `positions` (at least one), rows with a null
/// key left out. Text keys are numbered by first appearance (one hash lookup per row, no
/// renumbering), the codes of several columns combine into one small integer per row and a
/// table over those numbers the groups as they appear; only the groups are then sorted by key.
/// A key space too large for the table goes through [`dense_ids`].
pub(crate) fn appearance_groups(batch: &RecordBatch, positions: &[usize]) -> CoreResult<AppearanceGroups> {
    let rows = batch.num_rows();
    let mut columns = positions
        .iter()
        .map(|&position| ranked_codes(batch, position))
        .collect::<CoreResult<Vec<_>>>()?;
    let space = columns
        .iter()
        .try_fold(1u64, |space, column| {
            space.checked_mul(column.codes.distinct() as u64)
        })
        .filter(|&space| space <= DENSE_SPACE_LIMIT);
    let (ids, first_row) = match (columns.as_slice(), space) {
        ([single], _) => {
            // One column: its codes are the groups already.
            let first_row = single.codes.first_row.clone();
            let key_order = groups_in_key_order(&columns, &first_row);
            let ids = std::mem::take(&mut columns[0].codes.codes);
            return Ok(AppearanceGroups {
                ids,
                first_row,
                key_order,
            });
        }
        (_, Some(space)) => {
            // One combined key per row (nulls left out, so no digit for null), built from the
            // first column rather than zeroed, then numbered in place by first appearance.
            let mut keys: Vec<u32> = columns[0].codes.codes.clone();
            for column in &columns[1..] {
                let radix = column.codes.distinct() as u32;
                for (key, &code) in keys.iter_mut().zip(&column.codes.codes) {
                    *key = if *key == NO_CODE || code == NO_CODE {
                        NO_CODE
                    } else {
                        *key * radix + code
                    };
                }
            }
            let mut group_of_key: Vec<u32> = vec![NO_CODE; space as usize];
            let mut first_row: Vec<usize> = Vec::new();
            for (row, key) in keys.iter_mut().enumerate() {
                if *key == NO_CODE {
                    continue;
                }
                let group = &mut group_of_key[*key as usize];
                if *group == NO_CODE {
                    *group = first_row.len() as u32;
                    first_row.push(row);
                }
                *key = *group;
            }
            (keys, first_row)
        }
        (_, None) => {
            let ordered: Vec<ColumnCodes> = columns
                .iter()
                .map(|column| ColumnCodes {
                    codes: column
                        .codes
                        .codes
                        .iter()
                        .map(|&code| {
                            if code == NO_CODE {
                                NO_CODE
                            } else {
                                column.rank_of(code)
                            }
                        })
                        .collect(),
                    first_row: Vec::new(),
                })
                .zip(&columns)
                .map(|(mut ordered, column)| {
                    let mut first_row = vec![0usize; column.codes.distinct()];
                    for (code, &row) in column.codes.first_row.iter().enumerate() {
                        first_row[column.rank_of(code as u32) as usize] = row;
                    }
                    ordered.first_row = first_row;
                    ordered
                })
                .collect();
            let dense = dense_ids(&ordered.iter().collect::<Vec<_>>(), rows, false);
            let key_order = (0..dense.first_row.len()).collect();
            return Ok(AppearanceGroups {
                ids: dense.ids,
                first_row: dense.first_row,
                key_order,
            });
        }
    };
    let key_order = groups_in_key_order(&columns, &first_row);
    Ok(AppearanceGroups {
        ids,
        first_row,
        key_order,
    })
}

/// The groups (given by their first rows) sorted by their keys' ranks, column after column.
fn groups_in_key_order(columns: &[RankedCodes], first_row: &[usize]) -> Vec<usize> {
    let mut key_order: Vec<usize> = (0..first_row.len()).collect();
    key_order.sort_unstable_by(|&left, &right| {
        columns
            .iter()
            .map(|column| {
                let rank = |group: usize| column.rank_of(column.codes.codes[first_row[group]]);
                rank(left).cmp(&rank(right))
            })
            .find(|ordering| ordering.is_ne())
            .unwrap_or(Ordering::Equal)
    });
    key_order
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
    fn many_distinct_numbers_get_codes_in_value_order() {
        // Enough distinct values for the radix sort of the distinct keys, with negatives, -0.0
        // and NaN.
        let values: Vec<f64> = (0..200_000)
            .map(|row| match row % 1_000 {
                0 => f64::NAN,
                1 => -0.0,
                _ => ((row * 7_919) % 150_001) as f64 - 75_000.5,
            })
            .collect();
        let rows = values.len();
        let batch = RecordBatch::try_new(
            Arc::new(Schema::new(vec![Field::new("x", DataType::Float64, true)])),
            vec![Arc::new(Float64Array::from(values.clone()))],
        )
        .unwrap();
        let codes = column_codes(&batch, 0).unwrap();
        let mut distinct: Vec<f64> = values
            .iter()
            .copied()
            .filter(|v| !v.is_nan())
            .map(|v| v + 0.0)
            .collect();
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        assert_eq!(codes.distinct(), distinct.len());
        for (row, (&code, &value)) in codes.codes.iter().zip(&values).enumerate() {
            match code {
                NO_CODE => assert!(value.is_nan()),
                code => assert_eq!(distinct[code as usize], value + 0.0, "row {row}"),
            }
        }
        let mut expected_first = vec![usize::MAX; distinct.len()];
        for row in (0..rows).rev() {
            if codes.codes[row] != NO_CODE {
                expected_first[codes.codes[row] as usize] = row;
            }
        }
        assert_eq!(codes.first_row, expected_first);
    }

    #[test]
    fn appearance_groups_in_key_order_are_the_dense_ids() {
        let batch = batch();
        for positions in [vec![0], vec![1], vec![2], vec![0, 2], vec![2, 0], vec![0, 1, 2]] {
            let codes: Vec<ColumnCodes> = positions
                .iter()
                .map(|&position| column_codes(&batch, position).unwrap())
                .collect();
            let expected = dense_ids(&codes.iter().collect::<Vec<_>>(), 8, false);
            let groups = appearance_groups(&batch, &positions).unwrap();
            // Text and several columns are numbered by first appearance (a single number column
            // keeps its ordered codes): each new group's first row comes after the last's.
            let by_appearance = positions.len() > 1 || positions == [0];
            assert!(
                !by_appearance || groups.first_row.windows(2).all(|pair| pair[0] < pair[1]),
                "{positions:?}"
            );
            let dense = groups.into_dense_ids();
            assert_eq!(dense.ids, expected.ids, "{positions:?}");
            assert_eq!(dense.first_row, expected.first_row, "{positions:?}");
        }
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
                let composite = row_ids_within(&columns, 8, keep_nulls, u64::MAX, 64);
                for pack_limit_bits in [64, 0] {
                    let radix = row_ids_within(&columns, 8, keep_nulls, 0, pack_limit_bits);
                    let label = format!("{directions:?} keep_nulls={keep_nulls} pack={pack_limit_bits}");
                    assert_eq!(composite.ids, radix.ids, "{label}");
                    assert_eq!(composite.first_row, radix.first_row, "{label}");
                    assert_eq!(composite.order, radix.order, "{label}");
                }
            }
        }
        let columns: Vec<(&ColumnCodes, bool)> = vec![(&codes[0], false), (&codes[2], true)];
        let ids = row_ids_within(&columns, 8, true, 0, 0);
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
