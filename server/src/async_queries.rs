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
//!
//! With Redis configured (production, several processes) the log is Redis streams, as in
//! Superset: one stream per channel (`async-events-{channel}`, the newest
//! [`CHANNEL_STREAM_LIMIT`]) that polling reads, and one stream of every event
//! (`full_async_events`) that each `serve` process follows to feed its websocket subscribers.
//! Results are kept in Redis too, so any process can answer a `result_url`.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bytes::Bytes;
use quiver_types::{AsyncJobResponse, AsyncJobStatus, ErrorItem};
use redis::streams::{StreamMaxlen, StreamRangeReply, StreamReadOptions, StreamReadReply};
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, Semaphore};

use crate::redis_conn::{frame_header, read_frame, RedisError, RedisHandle};

/// Events kept for polling clients; older ones are dropped first.
pub const MAX_EVENTS: usize = 10_000;
/// Websocket subscribers that fall this far behind skip ahead (they can poll for the gap).
const BROADCAST_CAPACITY: usize = 1_024;
/// Events kept per channel stream in Redis (Superset's `GLOBAL_ASYNC_QUERIES_REDIS_STREAM_LIMIT`).
pub const CHANNEL_STREAM_LIMIT: usize = 1_000;
/// Events kept in the stream of every event (Superset's firehose limit).
pub const FULL_STREAM_LIMIT: usize = 100_000;
const CHANNEL_STREAM_PREFIX: &str = "async-events-";
const FULL_STREAM: &str = "full_async_events";
const RESULT_PREFIX: &str = "async-result:";

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
    pub content_type: String,
    pub body: Bytes,
}

#[derive(Debug)]
struct MemoryResult {
    result: StoredResult,
    stored_at: Instant,
}

#[derive(Debug, Default)]
struct Log {
    events: VecDeque<(EventId, AsyncJobResponse)>,
    last_id: EventId,
    results: HashMap<String, MemoryResult>,
}

#[derive(Debug)]
enum Backend {
    Memory(Mutex<Log>),
    Redis(RedisHandle),
}

/// The header stored before a result's body in Redis.
#[derive(Debug, Serialize, Deserialize)]
struct ResultHeader {
    user_id: i64,
    content_type: String,
}

#[derive(Debug, thiserror::Error)]
pub enum EventLogError {
    #[error(transparent)]
    Redis(#[from] RedisError),
    #[error("event encoding failed: {0}")]
    Json(#[from] serde_json::Error),
    #[error("a stored async result is malformed")]
    Malformed,
}

impl From<redis::RedisError> for EventLogError {
    fn from(error: redis::RedisError) -> Self {
        EventLogError::Redis(RedisError::Command(error))
    }
}

/// The answer when Redis, holding the async events, results or queue, cannot be reached.
pub fn async_service_unavailable() -> crate::error::ApiError {
    crate::error::ApiError::message(
        crate::error::ErrorKind::Unavailable,
        "The async query service is unavailable, please try again",
    )
}

impl From<EventLogError> for crate::error::ApiError {
    fn from(error: EventLogError) -> Self {
        tracing::error!(%error, "async event log failed");
        async_service_unavailable()
    }
}

/// The job queue's shared state: event log, results, and the worker permits.
#[derive(Debug)]
pub struct AsyncQueries {
    backend: Backend,
    sender: broadcast::Sender<AsyncJobResponse>,
    workers: Arc<Semaphore>,
    result_lifetime: Duration,
}

/// The channel a user's events go to.
pub fn channel_of(user_id: i64) -> String {
    format!("user-{user_id}")
}

fn encode_result(result: &StoredResult) -> Result<Vec<u8>, EventLogError> {
    let header = ResultHeader {
        user_id: result.user_id,
        content_type: result.content_type.clone(),
    };
    let mut bytes = frame_header(&header, result.body.len())?;
    bytes.extend_from_slice(&result.body);
    Ok(bytes)
}

fn decode_result(bytes: Vec<u8>) -> Result<StoredResult, EventLogError> {
    let (header, body_start): (ResultHeader, usize) =
        read_frame(&bytes).map_err(|_| EventLogError::Malformed)?;
    Ok(StoredResult {
        user_id: header.user_id,
        content_type: header.content_type,
        body: Bytes::from(bytes).slice(body_start..),
    })
}

/// The events of a stream reply, each with its stream id.
fn events_of(ids: Vec<redis::streams::StreamId>) -> Vec<AsyncJobResponse> {
    ids.into_iter()
        .filter_map(|entry| {
            let data: String = entry.get("data")?;
            let mut event: AsyncJobResponse = serde_json::from_str(&data).ok()?;
            event.id.get_or_insert(entry.id);
            Some(event)
        })
        .collect()
}

impl AsyncQueries {
    /// The in-process log of a single server.
    pub fn new(workers: usize, result_lifetime: Duration) -> AsyncQueries {
        Self::with_backend(
            Backend::Memory(Mutex::new(Log::default())),
            workers,
            result_lifetime,
        )
    }

    /// The log in Redis streams, shared by every process. Call [`AsyncQueries::follow_redis`]
    /// in processes that serve websockets.
    pub fn with_redis(redis: RedisHandle, workers: usize, result_lifetime: Duration) -> AsyncQueries {
        Self::with_backend(Backend::Redis(redis), workers, result_lifetime)
    }

    fn with_backend(backend: Backend, workers: usize, result_lifetime: Duration) -> AsyncQueries {
        let (sender, _) = broadcast::channel(BROADCAST_CAPACITY);
        AsyncQueries {
            backend,
            sender,
            workers: Arc::new(Semaphore::new(workers.max(1))),
            result_lifetime,
        }
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
    pub async fn publish(
        &self,
        job: &AsyncJobResponse,
        status: AsyncJobStatus,
        errors: Vec<ErrorItem>,
        result_url: Option<String>,
    ) -> Result<AsyncJobResponse, EventLogError> {
        let event = AsyncJobResponse {
            id: None,
            status,
            errors,
            result_url,
            ..job.clone()
        };
        match &self.backend {
            Backend::Memory(log) => {
                let event = publish_in_memory(&mut memory_log(log), event);
                // No subscriber is not an error: polling clients read the log.
                let _ = self.sender.send(event.clone());
                Ok(event)
            }
            Backend::Redis(redis) => {
                let mut connection = redis.connection();
                let data = serde_json::to_string(&event)?;
                let channel_stream = redis.key(&format!("{CHANNEL_STREAM_PREFIX}{}", event.channel_id));
                let id: Option<String> = connection
                    .xadd_maxlen(
                        &channel_stream,
                        StreamMaxlen::Approx(CHANNEL_STREAM_LIMIT),
                        "*",
                        &[("data", data.as_str())],
                    )
                    .await?;
                let id = id.ok_or(EventLogError::Malformed)?;
                let event = AsyncJobResponse {
                    id: Some(id),
                    ..event
                };
                // The websocket followers of every process read the full stream.
                let _: Option<String> = connection
                    .xadd_maxlen(
                        redis.key(FULL_STREAM),
                        StreamMaxlen::Approx(FULL_STREAM_LIMIT),
                        "*",
                        &[("data", serde_json::to_string(&event)?.as_str())],
                    )
                    .await?;
                Ok(event)
            }
        }
    }

    /// The channel's events after `last_id` (all kept events when `None`), oldest first.
    pub async fn events_after(
        &self,
        channel_id: &str,
        last_id: Option<EventId>,
    ) -> Result<Vec<AsyncJobResponse>, EventLogError> {
        match &self.backend {
            Backend::Memory(log) => {
                let log = memory_log(log);
                Ok(log
                    .events
                    .iter()
                    .filter(|(id, event)| {
                        event.channel_id == channel_id && last_id.is_none_or(|last| *id > last)
                    })
                    .map(|(_, event)| event.clone())
                    .collect())
            }
            Backend::Redis(redis) => {
                let start = last_id.map_or_else(|| "-".to_owned(), |id| format!("({id}"));
                let stream = redis.key(&format!("{CHANNEL_STREAM_PREFIX}{channel_id}"));
                let reply: StreamRangeReply = redis.connection().xrange(stream, start, "+").await?;
                Ok(events_of(reply.ids))
            }
        }
    }

    /// Every event published from now on, for websocket connections.
    pub fn subscribe(&self) -> broadcast::Receiver<AsyncJobResponse> {
        self.sender.subscribe()
    }

    /// With the Redis log, follows the stream of every event (from now on) and hands each to
    /// this process's websocket subscribers, until the process ends. Reconnects after errors.
    pub fn follow_redis(self: &Arc<Self>) {
        let Backend::Redis(redis) = &self.backend else {
            return;
        };
        let redis = redis.clone();
        let sender = self.sender.clone();
        tokio::spawn(async move {
            let stream = redis.key(FULL_STREAM);
            let mut last_id = "$".to_owned();
            loop {
                let mut connection = match redis.blocking_connection().await {
                    Ok(connection) => connection,
                    Err(error) => {
                        tracing::warn!(%error, "async event follower cannot connect; retrying");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        continue;
                    }
                };
                loop {
                    let options = StreamReadOptions::default().block(5_000).count(500);
                    let read: Result<Option<StreamReadReply>, _> = connection
                        .xread_options(&[stream.as_str()], &[last_id.as_str()], &options)
                        .await;
                    match read {
                        Ok(Some(reply)) => {
                            for key in reply.keys {
                                if let Some(last) = key.ids.last() {
                                    last_id.clone_from(&last.id);
                                }
                                for event in events_of_full(key.ids) {
                                    let _ = sender.send(event);
                                }
                            }
                        }
                        Ok(None) => {}
                        Err(error) => {
                            tracing::warn!(%error, "async event follower lost Redis; reconnecting");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                            break;
                        }
                    }
                }
            }
        });
    }

    /// Keeps a finished job's answer and returns the key of its `result_url`.
    pub async fn store_result(
        &self,
        user_id: i64,
        content_type: &str,
        body: Bytes,
    ) -> Result<String, EventLogError> {
        let key = crate::auth::session::random_token();
        let result = StoredResult {
            user_id,
            content_type: content_type.to_owned(),
            body,
        };
        match &self.backend {
            Backend::Memory(log) => {
                let mut log = memory_log(log);
                let lifetime = self.result_lifetime;
                log.results.retain(|_, kept| kept.stored_at.elapsed() < lifetime);
                log.results.insert(
                    key.clone(),
                    MemoryResult {
                        result,
                        stored_at: Instant::now(),
                    },
                );
            }
            Backend::Redis(redis) => {
                let () = redis
                    .connection()
                    .set_ex(
                        redis.key(&format!("{RESULT_PREFIX}{key}")),
                        encode_result(&result)?,
                        self.result_lifetime.as_secs().max(1),
                    )
                    .await?;
            }
        }
        Ok(key)
    }

    /// The answer stored under `key` for this user, if it has not expired.
    pub async fn result(&self, key: &str, user_id: i64) -> Result<Option<StoredResult>, EventLogError> {
        let found = match &self.backend {
            Backend::Memory(log) => memory_log(log)
                .results
                .get(key)
                .filter(|kept| kept.stored_at.elapsed() < self.result_lifetime)
                .map(|kept| kept.result.clone()),
            Backend::Redis(redis) => {
                let bytes: Option<Vec<u8>> = redis
                    .connection()
                    .get(redis.key(&format!("{RESULT_PREFIX}{key}")))
                    .await?;
                bytes.map(decode_result).transpose()?
            }
        };
        Ok(found.filter(|result| result.user_id == user_id))
    }
}

/// Events of the full stream carry their channel stream's id in their data.
fn events_of_full(ids: Vec<redis::streams::StreamId>) -> Vec<AsyncJobResponse> {
    ids.into_iter()
        .filter_map(|entry| {
            let data: String = entry.get("data")?;
            serde_json::from_str(&data).ok()
        })
        .collect()
}

fn memory_log(log: &Mutex<Log>) -> MutexGuard<'_, Log> {
    // A panic while holding the lock leaves the log consistent (every change is one push or
    // insert), so a poisoned lock is still usable.
    log.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn publish_in_memory(log: &mut Log, event: AsyncJobResponse) -> AsyncJobResponse {
    let now = u64::try_from(chrono::Utc::now().timestamp_millis()).unwrap_or(0);
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
        ..event
    };
    log.events.push_back((id, event.clone()));
    while log.events.len() > MAX_EVENTS {
        log.events.pop_front();
    }
    event
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

    async fn channels_read_their_own_events(queries: &AsyncQueries) {
        let mine = queries.new_job(1);
        let theirs = queries.new_job(2);
        let running = queries
            .publish(&mine, AsyncJobStatus::Running, vec![], None)
            .await
            .unwrap();
        queries
            .publish(&theirs, AsyncJobStatus::Running, vec![], None)
            .await
            .unwrap();
        let done = queries
            .publish(&mine, AsyncJobStatus::Done, vec![], Some("/x".to_owned()))
            .await
            .unwrap();

        let all_mine = queries.events_after("user-1", None).await.unwrap();
        assert_eq!(all_mine, vec![running.clone(), done.clone()]);
        let after_running = EventId::parse(running.id.as_deref().unwrap()).unwrap();
        assert_eq!(
            queries.events_after("user-1", Some(after_running)).await.unwrap(),
            vec![done]
        );
        assert_eq!(queries.events_after("user-2", None).await.unwrap().len(), 1);
    }

    async fn results_belong_to_their_user(queries: &AsyncQueries) {
        let key = queries
            .store_result(7, "application/json", Bytes::from_static(b"{\"a\":1}"))
            .await
            .unwrap();
        let found = queries.result(&key, 7).await.unwrap().unwrap();
        assert_eq!(found.content_type, "application/json");
        assert_eq!(&found.body[..], b"{\"a\":1}");
        assert!(queries.result(&key, 8).await.unwrap().is_none());
        assert!(queries.result("missing", 7).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn each_channel_reads_its_own_events_after_the_last_id() {
        channels_read_their_own_events(&AsyncQueries::new(1, Duration::from_secs(60))).await;
    }

    #[tokio::test]
    async fn ids_grow_within_one_millisecond() {
        let queries = AsyncQueries::new(1, Duration::from_secs(60));
        let job = queries.new_job(1);
        let mut ids = Vec::new();
        for _ in 0..50 {
            let event = queries
                .publish(&job, AsyncJobStatus::Running, vec![], None)
                .await
                .unwrap();
            ids.push(EventId::parse(event.id.as_deref().unwrap()).unwrap());
        }
        assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[tokio::test]
    async fn results_belong_to_their_user_and_expire() {
        let queries = AsyncQueries::new(1, Duration::from_millis(50));
        results_belong_to_their_user(&queries).await;
        let key = queries
            .store_result(7, "application/json", Bytes::from_static(b"{}"))
            .await
            .unwrap();
        std::thread::sleep(Duration::from_millis(60));
        assert!(queries.result(&key, 7).await.unwrap().is_none());
    }

    /// The same behaviour on the machine's Redis, under a prefix of its own (removed after).
    #[tokio::test]
    async fn redis_streams_behave_like_the_memory_log() {
        let prefix = format!("quiver-test-{}:", uuid::Uuid::new_v4());
        let redis = RedisHandle::connect("redis://127.0.0.1:6379", &prefix)
            .await
            .unwrap();
        let queries = Arc::new(AsyncQueries::with_redis(
            redis.clone(),
            1,
            Duration::from_secs(60),
        ));
        queries.follow_redis();
        let mut subscriber = queries.subscribe();
        // The follower starts reading at the stream's end once it has connected.
        tokio::time::sleep(Duration::from_millis(300)).await;

        channels_read_their_own_events(&queries).await;
        results_belong_to_their_user(&queries).await;

        let followed = tokio::time::timeout(Duration::from_secs(5), subscriber.recv())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(followed.channel_id, "user-1");
        assert_eq!(followed.status, AsyncJobStatus::Running);
        let polled = queries.events_after("user-1", None).await.unwrap();
        assert_eq!(followed.id, polled[0].id, "websocket and polling share the ids");

        assert!(redis.delete_matching("*").await.unwrap() >= 3);
    }

    #[test]
    fn stored_results_read_back() {
        let stored = StoredResult {
            user_id: 3,
            content_type: "text/csv".to_owned(),
            body: Bytes::from_static(b"a,b\r\n"),
        };
        let decoded = decode_result(encode_result(&stored).unwrap()).unwrap();
        assert_eq!(decoded.user_id, 3);
        assert_eq!(decoded.content_type, "text/csv");
        assert_eq!(decoded.body, stored.body);
        assert!(decode_result(vec![9, 0]).is_err());
    }
}
