//! Async chart data (Superset's `GLOBAL_ASYNC_QUERIES`): `POST /api/v1/chart/data` answers 202
//! with a job, the job runs on the job queue, and its events reach the browser through
//! `GET /api/v1/async_event/?last_id=` (polling) or the websocket; a `done` event names the
//! `result_url` the answer is fetched from once.
//!
//! ```text
//! POST chart/data ──► 202 {job_id, channel_id, status: pending}
//!        │ spawn (at most `async_workers` at once)
//!        ▼
//!   run the query context ──► event done {result_url} | event error {errors}
//!                                       │
//!                                       └─► result stored under a random key for the user
//! ```
//!
//! Events live in one bounded in-memory log (newest [`MAX_EVENTS`]) with stream ids
//! `"{epoch ms}-{sequence}"`, as Redis streams number them, and are fanned out to websocket
//! subscribers through a broadcast channel. Each user reads only their own channel.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bytes::Bytes;
use quiver_types::{AsyncJobResponse, AsyncJobStatus, ErrorItem};
use tokio::sync::{broadcast, Semaphore};

/// Events kept for polling clients; older ones are dropped first.
pub const MAX_EVENTS: usize = 10_000;
/// Websocket subscribers that fall this far behind skip ahead (they can poll for the gap).
const BROADCAST_CAPACITY: usize = 1_024;

/// A stream id: milliseconds and a sequence number within the millisecond.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct EventId {
    millis: u64,
    sequence: u64,
}

impl EventId {
    /// Reads `"1700000000000-0"`; a bare number means sequence 0.
    pub fn parse(text: &str) -> Option<EventId> {
        let (millis, sequence) = text.split_once('-').unwrap_or((text, "0"));
        Some(EventId {
            millis: millis.trim().parse().ok()?,
            sequence: sequence.trim().parse().ok()?,
        })
    }
}

impl std::fmt::Display for EventId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.millis, self.sequence)
    }
}

/// A finished job's answer, kept for its user until fetched or expired.
#[derive(Debug, Clone)]
pub struct StoredResult {
    pub user_id: i64,
    pub content_type: &'static str,
    pub body: Bytes,
    stored_at: Instant,
}

#[derive(Debug, Default)]
struct Log {
    events: VecDeque<(EventId, AsyncJobResponse)>,
    last_id: EventId,
    results: HashMap<String, StoredResult>,
}

/// The job queue's shared state: event log, results, and the worker permits.
#[derive(Debug)]
pub struct AsyncQueries {
    log: Mutex<Log>,
    sender: broadcast::Sender<AsyncJobResponse>,
    workers: Arc<Semaphore>,
    result_lifetime: Duration,
}

/// The channel a user's events go to.
pub fn channel_of(user_id: i64) -> String {
    format!("user-{user_id}")
}

impl AsyncQueries {
    pub fn new(workers: usize, result_lifetime: Duration) -> AsyncQueries {
        let (sender, _) = broadcast::channel(BROADCAST_CAPACITY);
        AsyncQueries {
            log: Mutex::new(Log::default()),
            sender,
            workers: Arc::new(Semaphore::new(workers.max(1))),
            result_lifetime,
        }
    }

    fn log(&self) -> MutexGuard<'_, Log> {
        // A panic while holding the lock leaves the log consistent (every change is one push or
        // insert), so a poisoned lock is still usable.
        self.log.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A new pending job for a user: the 202 answer.
    pub fn new_job(&self, user_id: i64) -> AsyncJobResponse {
        AsyncJobResponse {
            id: None,
            channel_id: channel_of(user_id),
            job_id: uuid::Uuid::new_v4().to_string(),
            user_id: Some(user_id.to_string()),
            status: AsyncJobStatus::Pending,
            errors: vec![],
            result_url: None,
        }
    }

    /// Permits for the workers: a job holds one while it runs.
    pub fn workers(&self) -> Arc<Semaphore> {
        Arc::clone(&self.workers)
    }

    /// Appends an event for a job with a new status and hands it to websocket subscribers.
    pub fn publish(
        &self,
        job: &AsyncJobResponse,
        status: AsyncJobStatus,
        errors: Vec<ErrorItem>,
        result_url: Option<String>,
    ) -> AsyncJobResponse {
        let now = u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0);
        let mut log = self.log();
        let id = if now > log.last_id.millis {
            EventId {
                millis: now,
                sequence: 0,
            }
        } else {
            EventId {
                millis: log.last_id.millis,
                sequence: log.last_id.sequence + 1,
            }
        };
        log.last_id = id;
        let event = AsyncJobResponse {
            id: Some(id.to_string()),
            status,
            errors,
            result_url,
            ..job.clone()
        };
        log.events.push_back((id, event.clone()));
        while log.events.len() > MAX_EVENTS {
            log.events.pop_front();
        }
        drop(log);
        // No subscriber is not an error: polling clients read the log.
        let _ = self.sender.send(event.clone());
        event
    }

    /// The channel's events after `last_id` (all kept events when `None`), oldest first.
    pub fn events_after(&self, channel_id: &str, last_id: Option<EventId>) -> Vec<AsyncJobResponse> {
        let log = self.log();
        log.events
            .iter()
            .filter(|(id, event)| event.channel_id == channel_id && last_id.is_none_or(|last| *id > last))
            .map(|(_, event)| event.clone())
            .collect()
    }

    /// Every event published from now on, for websocket connections.
    pub fn subscribe(&self) -> broadcast::Receiver<AsyncJobResponse> {
        self.sender.subscribe()
    }

    /// Keeps a finished job's answer and returns the key of its `result_url`.
    pub fn store_result(&self, user_id: i64, content_type: &'static str, body: Bytes) -> String {
        let key = crate::auth::session::random_token();
        let mut log = self.log();
        let lifetime = self.result_lifetime;
        log.results
            .retain(|_, result| result.stored_at.elapsed() < lifetime);
        log.results.insert(
            key.clone(),
            StoredResult {
                user_id,
                content_type,
                body,
                stored_at: Instant::now(),
            },
        );
        key
    }

    /// The answer stored under `key` for this user, if it has not expired.
    pub fn result(&self, key: &str, user_id: i64) -> Option<StoredResult> {
        let log = self.log();
        log.results
            .get(key)
            .filter(|result| result.user_id == user_id && result.stored_at.elapsed() < self.result_lifetime)
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_ids_read_and_order_like_stream_ids() {
        let first = EventId::parse("1700000000000-0").unwrap();
        let second = EventId::parse("1700000000000-1").unwrap();
        let later = EventId::parse("1700000000001").unwrap();
        assert!(first < second && second < later);
        assert_eq!(later.to_string(), "1700000000001-0");
        assert_eq!(EventId::parse("x-1"), None);
        assert_eq!(EventId::parse(""), None);
    }

    #[test]
    fn each_channel_reads_its_own_events_after_the_last_id() {
        let queries = AsyncQueries::new(1, Duration::from_secs(60));
        let mine = queries.new_job(1);
        let theirs = queries.new_job(2);
        let running = queries.publish(&mine, AsyncJobStatus::Running, vec![], None);
        queries.publish(&theirs, AsyncJobStatus::Running, vec![], None);
        let done = queries.publish(&mine, AsyncJobStatus::Done, vec![], Some("/x".to_owned()));

        let all_mine = queries.events_after("user-1", None);
        assert_eq!(all_mine, vec![running.clone(), done.clone()]);
        let after_running = EventId::parse(running.id.as_deref().unwrap()).unwrap();
        assert_eq!(queries.events_after("user-1", Some(after_running)), vec![done]);
        assert_eq!(queries.events_after("user-2", None).len(), 1);
    }

    #[test]
    fn ids_grow_within_one_millisecond() {
        let queries = AsyncQueries::new(1, Duration::from_secs(60));
        let job = queries.new_job(1);
        let ids: Vec<EventId> = (0..50)
            .map(|_| queries.publish(&job, AsyncJobStatus::Running, vec![], None))
            .map(|event| EventId::parse(event.id.as_deref().unwrap()).unwrap())
            .collect();
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn results_belong_to_their_user_and_expire() {
        let queries = AsyncQueries::new(1, Duration::from_millis(50));
        let key = queries.store_result(7, "application/json", Bytes::from_static(b"{}"));
        assert!(queries.result(&key, 7).is_some());
        assert!(queries.result(&key, 8).is_none());
        std::thread::sleep(Duration::from_millis(60));
        assert!(queries.result(&key, 7).is_none());
    }
}
