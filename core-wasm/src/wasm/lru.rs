//! The core's LRU cache for JavaScript values (`LruCache` class): the web client's result cache.

use wasm_bindgen::prelude::*;

use crate::lru::{Insertion, LruCache};
use crate::wasm::error::to_js_error;

/// A least-recently-used cache from strings to any JS values, with an entry capacity and an
/// optional byte budget; the caller gives each entry's size in bytes.
#[wasm_bindgen(js_name = LruCache)]
pub struct LruCacheForJs {
    cache: LruCache<JsValue>,
}

#[wasm_bindgen(js_class = LruCache)]
impl LruCacheForJs {
    /// A cache of at most `capacity` entries (at least 1, else an `InvalidCapacity` error) and,
    /// when `maxBytes` is given, at most that many bytes.
    #[wasm_bindgen(constructor)]
    pub fn new(
        capacity: usize,
        #[wasm_bindgen(js_name = maxBytes)] max_bytes: Option<usize>,
    ) -> Result<LruCacheForJs, JsValue> {
        let cache = match max_bytes {
            Some(max_bytes) => LruCache::with_byte_budget_sized_on_insert(capacity, max_bytes),
            None => LruCache::new(capacity),
        }
        .map_err(to_js_error)?;
        Ok(LruCacheForJs { cache })
    }

    /// The value under `key` (`undefined` when absent), marking it most recently used.
    #[wasm_bindgen(unchecked_return_type = "unknown")]
    pub fn get(&mut self, key: &str) -> JsValue {
        self.cache.get(key).cloned().unwrap_or(JsValue::UNDEFINED)
    }

    pub fn has(&self, key: &str) -> bool {
        self.cache.has(key)
    }

    /// Stores `value` under `key`, counting `bytes` (0 when absent) against the budget and
    /// evicting the least recently used entries to make room. `false` when the entry alone is
    /// larger than the budget and was not stored.
    pub fn set(
        &mut self,
        key: &str,
        #[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue,
        bytes: Option<usize>,
    ) -> bool {
        self.cache.set_sized(key, value, bytes.unwrap_or(0)) == Insertion::Stored
    }

    /// Removes the entry under `key`; `true` when there was one.
    pub fn delete(&mut self, key: &str) -> bool {
        self.cache.delete(key).is_some()
    }

    pub fn clear(&mut self) {
        self.cache.clear();
    }

    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.cache.size()
    }

    #[wasm_bindgen(getter, js_name = usedBytes)]
    pub fn used_bytes(&self) -> usize {
        self.cache.used_bytes()
    }
}
