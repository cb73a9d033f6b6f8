//! Server-side progress of running uploads, for `GET /api/v1/database/upload/progress/{id}`.
//!
//! The browser names its upload with a uuid (`upload_id` form field); the reader counts the rows
//! it has parsed and the writer the rows it has inserted, in atomics the poll reads without
//! locking the upload. Entries live in one process-wide map, at most [`MAX_ENTRIES`] of them: a
//! finished upload stays readable for [`KEEP_FINISHED`], a stale one (no news for
//! [`STALE_AFTER`]) is dropped, and when the map is full the oldest entry makes room.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use quiver_types::{UploadPhase, UploadProgressInfo};

/// The most uploads followed at once.
pub const MAX_ENTRIES: usize = 1024;

/// How long a finished upload's progress stays readable (the browser's last poll).
pub const KEEP_FINISHED: Duration = Duration::from_secs(60);

/// How long an unfinished entry without news is kept (a request that died with its task).
pub const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

const PHASES: [UploadPhase; 5] = [
    UploadPhase::Receiving,
    UploadPhase::Reading,
    UploadPhase::Writing,
    UploadPhase::Done,
    UploadPhase::Failed,
];

fn phase_code(phase: UploadPhase) -> u8 {
    PHASES
        .iter()
        .position(|candidate| *candidate == phase)
        .and_then(|index| u8::try_from(index).ok())
        .unwrap_or(0)
}

/// One upload's counters, shared by the request, the reader and the writer.
#[derive(Debug)]
pub struct UploadProgress {
    upload_id: String,
    user_id: i64,
    phase: AtomicU8,
    rows_read: AtomicU64,
    rows_written: AtomicU64,
    /// The file's row count once known, plus one (0: unknown).
    total_rows: AtomicU64,
    updated: Mutex<Instant>,
}

impl UploadProgress {
    /// A progress that no map holds (an upload without `upload_id`): counted, never read.
    pub fn untracked() -> Arc<UploadProgress> {
        Arc::new(UploadProgress::new(String::new(), 0))
    }

    fn new(upload_id: String, user_id: i64) -> UploadProgress {
        UploadProgress {
            upload_id,
            user_id,
            phase: AtomicU8::new(phase_code(UploadPhase::Receiving)),
            rows_read: AtomicU64::new(0),
            rows_written: AtomicU64::new(0),
            total_rows: AtomicU64::new(0),
            updated: Mutex::new(Instant::now()),
        }
    }

    fn touch(&self) {
        if let Ok(mut updated) = self.updated.lock() {
            *updated = Instant::now();
        }
    }

    pub fn set_phase(&self, phase: UploadPhase) {
        self.phase.store(phase_code(phase), Ordering::Relaxed);
        self.touch();
    }

    pub fn phase(&self) -> UploadPhase {
        PHASES
            .get(usize::from(self.phase.load(Ordering::Relaxed)))
            .copied()
            .unwrap_or(UploadPhase::Receiving)
    }

    /// The file holds `rows` rows to write (known before writing for CSV and Parquet).
    pub fn set_total(&self, rows: usize) {
        self.total_rows.store(rows as u64 + 1, Ordering::Relaxed);
    }

    pub fn add_read(&self, rows: usize) {
        self.rows_read.fetch_add(rows as u64, Ordering::Relaxed);
        self.touch();
    }

    pub fn add_written(&self, rows: usize) {
        self.rows_written.fetch_add(rows as u64, Ordering::Relaxed);
        self.touch();
    }

    pub fn rows_written(&self) -> u64 {
        self.rows_written.load(Ordering::Relaxed)
    }

    /// The wire shape of the progress.
    pub fn info(&self) -> UploadProgressInfo {
        let total = self.total_rows.load(Ordering::Relaxed);
        UploadProgressInfo {
            upload_id: self.upload_id.clone(),
            phase: self.phase(),
            rows_read: self.rows_read.load(Ordering::Relaxed),
            rows_written: self.rows_written.load(Ordering::Relaxed),
            total_rows: total.checked_sub(1),
        }
    }

    fn finished(&self) -> bool {
        matches!(self.phase(), UploadPhase::Done | UploadPhase::Failed)
    }

    fn age(&self) -> Duration {
        self.updated
            .lock()
            .map(|updated| updated.elapsed())
            .unwrap_or_default()
    }

    fn expired(&self) -> bool {
        let age = self.age();
        (self.finished() && age > KEEP_FINISHED) || age > STALE_AFTER
    }
}

/// The process-wide map of followed uploads, by upload id.
#[derive(Debug, Default)]
pub struct ProgressRegistry {
    entries: Mutex<HashMap<String, Arc<UploadProgress>>>,
}

static REGISTRY: LazyLock<ProgressRegistry> = LazyLock::new(ProgressRegistry::default);

/// The registry of this process.
pub fn registry() -> &'static ProgressRegistry {
    &REGISTRY
}

impl ProgressRegistry {
    /// Starts following an upload of `user_id`. `None` when the id is already followed for
    /// another upload still running (ids are the browser's uuids: a clash is a reuse).
    pub fn start(&self, upload_id: &str, user_id: i64) -> Option<Arc<UploadProgress>> {
        let Ok(mut entries) = self.entries.lock() else {
            return None;
        };
        entries.retain(|_, entry| !entry.expired());
        if let Some(existing) = entries.get(upload_id) {
            if !existing.finished() || existing.user_id != user_id {
                return None;
            }
        }
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(upload_id) {
            let oldest = entries
                .iter()
                .max_by_key(|(_, entry)| (entry.finished(), entry.age()))
                .map(|(id, _)| id.clone());
            if let Some(oldest) = oldest {
                entries.remove(&oldest);
            }
        }
        let progress = Arc::new(UploadProgress::new(upload_id.to_owned(), user_id));
        entries.insert(upload_id.to_owned(), progress.clone());
        Some(progress)
    }

    /// The progress of an upload, only to the user who runs it.
    pub fn get(&self, upload_id: &str, user_id: i64) -> Option<UploadProgressInfo> {
        let entries = self.entries.lock().ok()?;
        entries
            .get(upload_id)
            .filter(|entry| entry.user_id == user_id && !entry.expired())
            .map(|entry| entry.info())
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.lock().map(|entries| entries.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_read_by_its_user_only() {
        let registry = ProgressRegistry::default();
        let progress = registry.start("a", 7).unwrap();
        progress.set_phase(UploadPhase::Writing);
        progress.set_total(10);
        progress.add_read(10);
        progress.add_written(4);
        let info = registry.get("a", 7).unwrap();
        assert_eq!(info.phase, UploadPhase::Writing);
        assert_eq!(
            (info.rows_read, info.rows_written, info.total_rows),
            (10, 4, Some(10))
        );
        assert!(registry.get("a", 8).is_none());
        assert!(registry.get("b", 7).is_none());
        // A running id is not taken twice; a finished one may be reused by its user.
        assert!(registry.start("a", 7).is_none());
        progress.set_phase(UploadPhase::Done);
        assert!(registry.start("a", 8).is_none());
        assert!(registry.start("a", 7).is_some());
    }

    #[test]
    fn the_map_is_bounded() {
        let registry = ProgressRegistry::default();
        let first = registry.start("first", 1).unwrap();
        first.set_phase(UploadPhase::Done);
        for index in 0..MAX_ENTRIES {
            registry.start(&format!("upload-{index}"), 1).unwrap();
        }
        assert_eq!(registry.len(), MAX_ENTRIES);
        // The finished entry made room first.
        assert!(registry.get("first", 1).is_none());
        assert!(registry.get("upload-0", 1).is_some());
    }
}
