//! The chart-data result cache: an in-memory LRU with a byte budget (`quiver-core`'s LRU), entries
//! expiring after their timeout, and single flight: identical queries running at the same time run
//! once and share the answer. With Redis configured, results are also kept there ([`redis`]), so
//! every process answers from what any of them computed; the in-memory level stays in front.
//!
//! The key is the statement itself (database, SQL, bound values, result type), so two query
//! objects that compile to the same SQL share an entry, and relative time ranges ("Last week")
//! resolve before the key is made.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arrow::record_batch::RecordBatch;
use quiver_core::LruCache;
use tokio::sync::OnceCell;

use crate::engines::{EngineError, QueryOutput, Statement};

pub mod redis;

use self::redis::SharedCache;

/// A cached result and when it was stored.
#[derive(Debug, Clone)]
pub struct CachedOutput {
    pub output: QueryOutput,
    /// ISO-8601 UTC time the result was computed.
    pub cached_dttm: String,
    stored_at: Instant,
    timeout: Duration,
}

/// How an answer was obtained.
#[derive(Debug, Clone)]
pub struct CacheOutcome {
    pub output: QueryOutput,
    pub is_cached: bool,
    pub cached_dttm: Option<String>,
    pub cache_key: String,
}

type Flight = Arc<OnceCell<Result<CachedOutput, EngineError>>>;

/// The result cache. Cheap to share behind an `Arc`.
#[derive(Debug)]
pub struct ResultCache {
    entries: Mutex<LruCache<CachedOutput>>,
    in_flight: Mutex<HashMap<String, Flight>>,
    shared: Option<SharedCache>,
}

fn output_bytes(output: &QueryOutput) -> usize {
    output
        .batches
        .iter()
        .map(RecordBatch::get_array_memory_size)
        .sum::<usize>()
        + 256
}

/// The key of a statement on a database.
pub fn cache_key_of(database_id: i64, statement: &Statement, result_type: &str) -> String {
    format!(
        "{database_id}\u{1f}{result_type}\u{1f}{}\u{1f}{:?}",
        statement.sql, statement.params
    )
}

/// A short, stable digest of a key, shown to clients as `cache_key`.
pub fn display_key(key: &str) -> String {
    let mut hasher = DefaultHasher::new();
    key.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

impl ResultCache {
    /// At most `capacity` entries and `max_bytes` of Arrow data.
    pub fn new(capacity: usize, max_bytes: usize) -> Result<ResultCache, quiver_core::CoreError> {
        Ok(ResultCache {
            entries: Mutex::new(LruCache::with_byte_budget_sized_on_insert(
                capacity.max(1),
                max_bytes,
            )?),
            in_flight: Mutex::new(HashMap::new()),
            shared: None,
        })
    }

    /// Keeps results in Redis too.
    pub fn with_shared(mut self, shared: SharedCache) -> ResultCache {
        self.shared = Some(shared);
        self
    }

    fn lookup_memory(&self, key: &str) -> Option<CachedOutput> {
        let mut entries = self.entries.lock().ok()?;
        let fresh = entries
            .get(key)
            .filter(|entry| entry.stored_at.elapsed() < entry.timeout)
            .cloned();
        if fresh.is_none() {
            entries.delete(key);
        }
        fresh
    }

    fn remember(&self, key: &str, entry: &CachedOutput) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.set_sized(key.to_owned(), entry.clone(), output_bytes(&entry.output));
        }
    }

    /// The fresh answer for `key`: memory first, then Redis (copied into memory on a hit). A
    /// Redis failure is logged and counts as a miss: the query runs instead.
    async fn lookup(&self, key: &str) -> Option<CachedOutput> {
        if let Some(hit) = self.lookup_memory(key) {
            return Some(hit);
        }
        let shared = self.shared.as_ref()?;
        match shared.get(key).await {
            Ok(Some(found)) if !found.remaining.is_zero() => {
                let entry = CachedOutput {
                    output: found.output,
                    cached_dttm: found.cached_dttm,
                    stored_at: Instant::now(),
                    timeout: found.remaining,
                };
                self.remember(key, &entry);
                Some(entry)
            }
            Ok(_) => None,
            Err(error) => {
                tracing::warn!(%error, "shared cache read failed");
                None
            }
        }
    }

    /// Whether a fresh answer for `key` is cached (the async path answers those at once).
    pub async fn contains(&self, key: &str) -> bool {
        self.lookup(key).await.is_some()
    }

    /// The cached answer for `key`, or `run`'s answer (cached for `timeout`; a zero timeout is
    /// not stored). `force` skips the lookup. Concurrent calls with one key run `run` once.
    pub async fn get_or_run<F, Fut>(
        &self,
        key: String,
        timeout: Duration,
        force: bool,
        run: F,
    ) -> Result<CacheOutcome, EngineError>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<QueryOutput, EngineError>>,
    {
        let cache_key = display_key(&key);
        if !force {
            if let Some(hit) = self.lookup(&key).await {
                return Ok(CacheOutcome {
                    output: hit.output,
                    is_cached: true,
                    cached_dttm: Some(hit.cached_dttm),
                    cache_key,
                });
            }
        }
        let flight: Flight = {
            let mut in_flight = self
                .in_flight
                .lock()
                .map_err(|_| EngineError::Task("cache poisoned".to_owned()))?;
            Arc::clone(in_flight.entry(key.clone()).or_default())
        };
        let mut ran_here = false;
        let result = flight
            .get_or_init(|| async {
                ran_here = true;
                let output = run().await?;
                Ok(CachedOutput {
                    output,
                    cached_dttm: chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S").to_string(),
                    stored_at: Instant::now(),
                    timeout,
                })
            })
            .await
            .clone();
        if ran_here {
            if let Ok(mut in_flight) = self.in_flight.lock() {
                in_flight.remove(&key);
            }
            if let (Ok(entry), false) = (&result, timeout.is_zero()) {
                self.remember(&key, entry);
                if let Some(shared) = &self.shared {
                    if let Err(error) = shared.set(&key, &entry.output, &entry.cached_dttm, timeout).await {
                        tracing::warn!(%error, "shared cache write failed");
                    }
                }
            }
        }
        let entry = result?;
        Ok(CacheOutcome {
            output: entry.output,
            // A request that joined another's flight got a shared answer, not its own query.
            is_cached: !ran_here,
            cached_dttm: (!ran_here).then_some(entry.cached_dttm),
            cache_key,
        })
    }

    /// Drops every entry (after a dataset or database changes), in Redis too.
    pub async fn clear(&self) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.clear();
        }
        if let Some(shared) = &self.shared {
            if let Err(error) = shared.clear().await {
                tracing::warn!(%error, "shared cache clear failed");
            }
        }
    }

    pub fn len(&self) -> usize {
        self.entries.lock().map(|entries| entries.size()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn empty_output() -> QueryOutput {
        QueryOutput {
            schema: Arc::new(arrow::datatypes::Schema::empty()),
            batches: vec![],
        }
    }

    #[tokio::test]
    async fn hits_miss_expire_and_force() {
        let cache = ResultCache::new(10, 1 << 20).unwrap();
        let runs = AtomicUsize::new(0);
        let run = || async {
            runs.fetch_add(1, Ordering::SeqCst);
            Ok(empty_output())
        };
        let first = cache
            .get_or_run("k".into(), Duration::from_secs(60), false, run)
            .await
            .unwrap();
        assert!(!first.is_cached);
        let second = cache
            .get_or_run("k".into(), Duration::from_secs(60), false, run)
            .await
            .unwrap();
        assert!(second.is_cached && second.cached_dttm.is_some());
        assert_eq!(second.cache_key, first.cache_key);
        let forced = cache
            .get_or_run("k".into(), Duration::from_secs(60), true, run)
            .await
            .unwrap();
        assert!(!forced.is_cached);
        assert_eq!(runs.load(Ordering::SeqCst), 2);
        cache
            .get_or_run("short".into(), Duration::ZERO, false, run)
            .await
            .unwrap();
        cache
            .get_or_run("short".into(), Duration::ZERO, false, run)
            .await
            .unwrap();
        assert_eq!(runs.load(Ordering::SeqCst), 4, "a zero timeout is not stored");
    }

    #[tokio::test]
    async fn concurrent_identical_queries_run_once() {
        let cache = Arc::new(ResultCache::new(10, 1 << 20).unwrap());
        let runs = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let cache = Arc::clone(&cache);
            let runs = Arc::clone(&runs);
            tasks.push(tokio::spawn(async move {
                cache
                    .get_or_run("same".into(), Duration::from_secs(60), false, || async move {
                        runs.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        Ok(empty_output())
                    })
                    .await
                    .unwrap()
            }));
        }
        let mut fresh = 0;
        for task in tasks {
            if !task.await.unwrap().is_cached {
                fresh += 1;
            }
        }
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert_eq!(fresh, 1);
    }

    fn output_of_rows(rows: i64) -> QueryOutput {
        let schema = Arc::new(arrow::datatypes::Schema::new(vec![arrow::datatypes::Field::new(
            "n",
            arrow::datatypes::DataType::Int64,
            false,
        )]));
        let column = arrow::array::Int64Array::from_iter_values(0..rows);
        let column: arrow::array::ArrayRef = Arc::new(column);
        let batch = RecordBatch::try_new(Arc::clone(&schema), vec![column]).unwrap();
        QueryOutput {
            schema,
            batches: vec![batch],
        }
    }

    #[tokio::test]
    async fn the_memory_cache_evicts_the_least_recently_used_results_past_its_byte_budget() {
        let entry_bytes = output_bytes(&output_of_rows(1000));
        assert!(entry_bytes > 8000, "1000 Int64 values take {entry_bytes} bytes");
        // Room for two results of 1000 rows, not three; many more entries are allowed.
        let cache = ResultCache::new(100, entry_bytes * 2 + entry_bytes / 2).unwrap();
        let runs = AtomicUsize::new(0);
        let run = || async {
            runs.fetch_add(1, Ordering::SeqCst);
            Ok(output_of_rows(1000))
        };
        let minute = Duration::from_secs(60);
        for key in ["a", "b"] {
            cache.get_or_run(key.into(), minute, false, run).await.unwrap();
        }
        assert_eq!(cache.len(), 2);
        // "a" is used again, so "b" is the least recently used when "c" needs room.
        assert!(
            cache
                .get_or_run("a".into(), minute, false, run)
                .await
                .unwrap()
                .is_cached
        );
        cache.get_or_run("c".into(), minute, false, run).await.unwrap();
        assert_eq!(cache.len(), 2);
        assert_eq!(runs.load(Ordering::SeqCst), 3);
        assert!(
            cache
                .get_or_run("a".into(), minute, false, run)
                .await
                .unwrap()
                .is_cached
        );
        assert!(
            cache
                .get_or_run("c".into(), minute, false, run)
                .await
                .unwrap()
                .is_cached
        );
        assert!(
            !cache
                .get_or_run("b".into(), minute, false, run)
                .await
                .unwrap()
                .is_cached,
            "b was evicted to fit c"
        );

        // A result larger than the whole budget is answered but not kept.
        let small = ResultCache::new(100, entry_bytes / 2).unwrap();
        small.get_or_run("big".into(), minute, false, run).await.unwrap();
        assert!(small.is_empty());
    }

    #[tokio::test]
    async fn errors_are_not_cached() {
        let cache = ResultCache::new(10, 1 << 20).unwrap();
        let failed = cache
            .get_or_run("bad".into(), Duration::from_secs(60), false, || async {
                Err(EngineError::Execution("boom".into()))
            })
            .await;
        assert!(failed.is_err());
        let retried = cache
            .get_or_run("bad".into(), Duration::from_secs(60), false, || async {
                Ok(empty_output())
            })
            .await
            .unwrap();
        assert!(!retried.is_cached);
    }
}
