//! A least-recently-used cache with string keys, an entry capacity and an optional byte budget
//! (the spec: capacity of at least 1, string keys). The server's memory cache and the web
//! client's result cache both use it.
//!
//! Example with capacity 2: set a, set b, get a, set c → b is evicted (a was used more recently).
//! With a byte budget of 100: set a (60 bytes), set b (60 bytes) → a is evicted to fit b.

use std::num::NonZeroUsize;

use crate::error::{CoreError, CoreResult};

/// Measures an entry for the byte budget.
pub type EntrySize<V> = Box<dyn Fn(&V) -> usize + Send + Sync>;

/// What [`LruCache::set`] did with the entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Insertion {
    /// The entry is in the cache (older entries may have been evicted to make room).
    Stored,
    /// The entry alone is larger than the byte budget, so it was not stored (and any previous
    /// entry under the same key was removed).
    LargerThanBudget,
}

struct ByteBudget<V> {
    max_bytes: usize,
    used_bytes: usize,
    entry_size: Option<EntrySize<V>>,
}

struct Entry<V> {
    value: V,
    bytes: usize,
}

/// A least-recently-used cache from strings to `V`.
pub struct LruCache<V> {
    entries: lru::LruCache<String, Entry<V>>,
    budget: Option<ByteBudget<V>>,
}

impl<V> LruCache<V> {
    /// A cache of at most `capacity` entries; `capacity` must be at least 1.
    pub fn new(capacity: usize) -> CoreResult<Self> {
        let capacity = NonZeroUsize::new(capacity).ok_or(CoreError::InvalidCapacity)?;
        Ok(LruCache {
            entries: lru::LruCache::new(capacity),
            budget: None,
        })
    }

    /// A cache of at most `capacity` entries and `max_bytes` bytes, each entry measured by
    /// `entry_size` when [`set`](Self::set) stores it.
    pub fn with_byte_budget(
        capacity: usize,
        max_bytes: usize,
        entry_size: impl Fn(&V) -> usize + Send + Sync + 'static,
    ) -> CoreResult<Self> {
        let mut cache = Self::new(capacity)?;
        cache.budget = Some(ByteBudget {
            max_bytes,
            used_bytes: 0,
            entry_size: Some(Box::new(entry_size)),
        });
        Ok(cache)
    }

    /// A cache of at most `capacity` entries and `max_bytes` bytes, where the caller gives each
    /// entry's size with [`set_sized`](Self::set_sized) (entries stored with `set` count 0 bytes).
    pub fn with_byte_budget_sized_on_insert(capacity: usize, max_bytes: usize) -> CoreResult<Self> {
        let mut cache = Self::new(capacity)?;
        cache.budget = Some(ByteBudget {
            max_bytes,
            used_bytes: 0,
            entry_size: None,
        });
        Ok(cache)
    }

    /// The value under `key`, marking it most recently used.
    pub fn get(&mut self, key: &str) -> Option<&V> {
        self.entries.get(key).map(|entry| &entry.value)
    }

    /// The value under `key`, without changing its recency.
    pub fn peek(&self, key: &str) -> Option<&V> {
        self.entries.peek(key).map(|entry| &entry.value)
    }

    /// Whether `key` is cached (recency unchanged).
    pub fn has(&self, key: &str) -> bool {
        self.entries.contains(key)
    }

    /// Stores `value` under `key` as the most recently used entry, measuring it with the
    /// budget's size function (0 bytes without one).
    pub fn set(&mut self, key: impl Into<String>, value: V) -> Insertion {
        let bytes = match &self.budget {
            Some(ByteBudget {
                entry_size: Some(entry_size),
                ..
            }) => entry_size(&value),
            _ => 0,
        };
        self.set_sized(key, value, bytes)
    }

    /// Stores `value` under `key` as the most recently used entry, counting `bytes` against
    /// the byte budget. Least recently used entries are evicted until both the capacity and
    /// the budget hold.
    pub fn set_sized(&mut self, key: impl Into<String>, value: V, bytes: usize) -> Insertion {
        let key = key.into();
        self.delete(&key);
        if let Some(budget) = &self.budget {
            if bytes > budget.max_bytes {
                return Insertion::LargerThanBudget;
            }
        }
        while self.used_bytes().saturating_add(bytes) > self.max_bytes() {
            if self.evict_least_recently_used().is_none() {
                break;
            }
        }
        if let Some((_, evicted)) = self.entries.push(key, Entry { value, bytes }) {
            self.release(evicted.bytes);
        }
        if let Some(budget) = &mut self.budget {
            budget.used_bytes = budget.used_bytes.saturating_add(bytes);
        }
        Insertion::Stored
    }

    /// Removes and returns the value under `key`.
    pub fn delete(&mut self, key: &str) -> Option<V> {
        let entry = self.entries.pop(key)?;
        self.release(entry.bytes);
        Some(entry.value)
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.entries.clear();
        if let Some(budget) = &mut self.budget {
            budget.used_bytes = 0;
        }
    }

    /// The number of entries.
    pub fn size(&self) -> usize {
        self.entries.len()
    }

    /// The maximum number of entries.
    pub fn capacity(&self) -> usize {
        self.entries.cap().get()
    }

    /// Bytes counted against the budget (0 without a budget).
    pub fn used_bytes(&self) -> usize {
        self.budget.as_ref().map_or(0, |budget| budget.used_bytes)
    }

    /// The byte budget (`usize::MAX` without one).
    pub fn max_bytes(&self) -> usize {
        self.budget.as_ref().map_or(usize::MAX, |budget| budget.max_bytes)
    }

    /// Removes the least recently used entry and returns its key.
    fn evict_least_recently_used(&mut self) -> Option<String> {
        let (key, entry) = self.entries.pop_lru()?;
        self.release(entry.bytes);
        Some(key)
    }

    fn release(&mut self, bytes: usize) {
        if let Some(budget) = &mut self.budget {
            budget.used_bytes = budget.used_bytes.saturating_sub(bytes);
        }
    }
}

impl<V> std::fmt::Debug for LruCache<V> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("LruCache")
            .field("size", &self.size())
            .field("capacity", &self.capacity())
            .field("used_bytes", &self.used_bytes())
            .field("max_bytes", &self.max_bytes())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys<V>(cache: &LruCache<V>) -> Vec<&str> {
        let mut keys: Vec<&str> = cache.entries.iter().map(|(key, _)| key.as_str()).collect();
        keys.sort_unstable();
        keys
    }

    #[test]
    fn capacity_must_be_at_least_one() {
        let error = LruCache::<i32>::new(0).unwrap_err();
        assert_eq!(error, CoreError::InvalidCapacity);
        assert_eq!(error.to_string(), "capacity must be at least 1");
        assert_eq!(LruCache::<i32>::new(1).unwrap().capacity(), 1);
    }

    #[test]
    fn the_least_recently_used_entry_is_evicted() {
        let mut cache = LruCache::new(2).unwrap();
        cache.set("a", 1);
        cache.set("b", 2);
        assert_eq!(cache.get("a"), Some(&1));
        cache.set("c", 3);
        assert_eq!(keys(&cache), ["a", "c"]);
        assert!(!cache.has("b"));
        assert_eq!(cache.size(), 2);
    }

    #[test]
    fn has_and_peek_do_not_change_recency() {
        let mut cache = LruCache::new(2).unwrap();
        cache.set("a", 1);
        cache.set("b", 2);
        assert!(cache.has("a"));
        assert_eq!(cache.peek("a"), Some(&1));
        cache.set("c", 3);
        assert_eq!(keys(&cache), ["b", "c"]);
    }

    #[test]
    fn set_replaces_delete_removes_and_clear_empties() {
        let mut cache = LruCache::new(3).unwrap();
        cache.set("a", 1);
        cache.set("a", 10);
        cache.set("b", 2);
        assert_eq!(cache.size(), 2);
        assert_eq!(cache.get("a"), Some(&10));
        assert_eq!(cache.delete("a"), Some(10));
        assert_eq!(cache.delete("a"), None);
        cache.clear();
        assert_eq!(cache.size(), 0);
    }

    #[test]
    fn the_byte_budget_evicts_until_the_new_entry_fits() {
        let mut cache = LruCache::with_byte_budget(10, 100, |value: &Vec<u8>| value.len()).unwrap();
        assert_eq!(cache.set("a", vec![0; 60]), Insertion::Stored);
        assert_eq!(cache.set("b", vec![0; 30]), Insertion::Stored);
        assert_eq!(cache.used_bytes(), 90);
        assert_eq!(cache.set("c", vec![0; 50]), Insertion::Stored);
        assert_eq!(keys(&cache), ["b", "c"]);
        assert_eq!(cache.used_bytes(), 80);
    }

    #[test]
    fn an_entry_larger_than_the_budget_is_not_stored() {
        let mut cache = LruCache::with_byte_budget_sized_on_insert(10, 100).unwrap();
        cache.set_sized("a", "small", 10);
        cache.set_sized("b", "old", 10);
        assert_eq!(cache.set_sized("b", "huge", 101), Insertion::LargerThanBudget);
        assert_eq!(keys(&cache), ["a"]);
        assert_eq!(cache.used_bytes(), 10);
    }

    #[test]
    fn replacing_an_entry_releases_its_bytes() {
        let mut cache = LruCache::with_byte_budget_sized_on_insert(10, 100).unwrap();
        cache.set_sized("a", 1, 70);
        cache.set_sized("a", 2, 40);
        cache.set_sized("b", 3, 60);
        assert_eq!((keys(&cache), cache.used_bytes()), (vec!["a", "b"], 100));
        cache.delete("b");
        assert_eq!(cache.used_bytes(), 40);
    }
}
