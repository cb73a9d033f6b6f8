//! The async job queue. A chart-data job runs in the `serve` process that took the request
//! (`async_executor = "local"`, the default), or goes to a Redis list that `quiver worker`
//! processes take jobs from (`"redis"`). Either way it ends with one event on the user's channel:
//! `done` with the `result_url`, or `error` with the errors.
//!
//! ```text
//! serve: POST chart/data ─► 202 ─► JobQueue::submit ─┬─ local: tokio task
//!                                                     └─ redis: LPUSH jobs:chart_data
//! worker: BRPOP jobs:chart_data ─► run_chart_data_job ─► result (Redis) + event (streams)
//! ```

use std::sync::Arc;
use std::time::Duration;

use quiver_types::{
    AsyncJobResponse, AsyncJobStatus, ErrorExtra, ErrorItem, ErrorLevel, ErrorType, QueryContext,
};
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};

use crate::chart_data::{encode_answer, run_query_context};
use crate::error::ApiError;
use crate::redis_conn::{RedisError, RedisHandle};
use crate::state::AppState;

/// The Redis list of queued chart-data jobs, under the deployment prefix.
const CHART_DATA_QUEUE: &str = "jobs:chart_data";
/// How long a worker waits on an empty queue before looking again (lets shutdown happen).
const POLL_SECONDS: f64 = 1.0;

/// A chart-data job as it travels through the queue.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChartDataJob {
    /// The pending answer given to the client (channel, job id).
    pub job: AsyncJobResponse,
    pub user_id: i64,
    /// The dataset, authorized when the job was submitted.
    pub dataset_id: i64,
    /// The dataset's SQL as rendered for the user when the job was submitted (a virtual
    /// dataset's template needs the user, who is not at hand in a worker).
    #[serde(default)]
    pub dataset_sql: Option<String>,
    pub context: QueryContext,
}

/// Where jobs run.
#[derive(Debug, Clone)]
pub enum JobQueue {
    /// In this process, at most `async_workers` at once.
    Local,
    /// On `quiver worker` processes, through Redis.
    Redis(RedisHandle),
}

impl JobQueue {
    /// Queues a job.
    pub async fn submit(&self, app: &AppState, job: ChartDataJob) -> Result<(), ApiError> {
        match self {
            JobQueue::Local => {
                let app = app.clone();
                tokio::spawn(async move {
                    let Ok(_permit) = app.async_queries.workers().acquire_owned().await else {
                        return;
                    };
                    run_chart_data_job(&app, job).await;
                });
                Ok(())
            }
            JobQueue::Redis(redis) => {
                let payload = serde_json::to_string(&job).map_err(ApiError::internal)?;
                let queued: Result<usize, _> = redis
                    .connection()
                    .lpush(redis.key(CHART_DATA_QUEUE), payload)
                    .await;
                queued.map(drop).map_err(|error| {
                    tracing::error!(%error, "cannot queue an async job");
                    crate::async_queries::async_service_unavailable()
                })
            }
        }
    }
}

/// The errors an error event carries: the typed errors, or the message as a backend error.
pub fn event_errors(error: ApiError) -> Vec<ErrorItem> {
    if !error.body.errors.is_empty() {
        return error.body.errors;
    }
    let message = match error.body.message {
        Some(serde_json::Value::String(text)) => text,
        Some(other) => other.to_string(),
        None => "An error occurred".to_owned(),
    };
    vec![ErrorItem {
        message,
        error_type: ErrorType::GenericBackendError,
        level: ErrorLevel::Error,
        extra: ErrorExtra::default(),
    }]
}

/// Runs a job and publishes its one event. Like Superset, only the end is published: the web
/// client drops a job's listener after its first event.
pub async fn run_chart_data_job(app: &AppState, job: ChartDataJob) {
    let jobs = &app.async_queries;
    let answer = async {
        let datasource = &job.context.datasource;
        let dataset = if crate::chart_data::datasource::names_dataset(datasource.datasource_type) {
            let mut dataset = app.store.dataset(job.dataset_id).await?;
            if job.dataset_sql.is_some() {
                dataset.sql.clone_from(&job.dataset_sql);
            }
            dataset
        } else {
            crate::chart_data::datasource::job_sql_source(app, datasource, job.dataset_sql.as_deref()).await?
        };
        let results = run_query_context(app, &dataset, &job.context).await?;
        encode_answer(job.context.result_format, results)
    }
    .await;
    let published = match answer {
        Ok((content_type, body)) => match jobs.store_result(job.user_id, content_type, body).await {
            Ok(key) => {
                let url = format!("/api/v1/chart/data/{key}");
                jobs.publish(&job.job, AsyncJobStatus::Done, vec![], Some(url))
                    .await
            }
            Err(error) => {
                let errors = event_errors(ApiError::from(error));
                jobs.publish(&job.job, AsyncJobStatus::Error, errors, None).await
            }
        },
        Err(error) => {
            jobs.publish(&job.job, AsyncJobStatus::Error, event_errors(error), None)
                .await
        }
    };
    if let Err(error) = published {
        tracing::error!(%error, job_id = job.job.job_id, "cannot publish the end of a job");
    }
}

/// The next queued job's payload, waiting at most [`POLL_SECONDS`].
async fn pop_job(
    connection: &mut redis::aio::MultiplexedConnection,
    queue: &str,
) -> redis::RedisResult<Option<(String, String)>> {
    connection.brpop(queue, POLL_SECONDS).await
}

/// `quiver worker`: takes chart-data jobs from Redis and runs up to `concurrency` at once, until
/// `shutdown` resolves; jobs already taken finish first.
pub async fn run_worker(
    app: AppState,
    redis: RedisHandle,
    concurrency: usize,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), RedisError> {
    let permits = Arc::new(tokio::sync::Semaphore::new(concurrency.max(1)));
    let queue = redis.key(CHART_DATA_QUEUE);
    let mut connection = redis.blocking_connection().await?;
    tokio::pin!(shutdown);
    tracing::info!(queue, concurrency, "worker waiting for jobs");
    loop {
        let Ok(permit) = Arc::clone(&permits).acquire_owned().await else {
            break;
        };
        let popped = tokio::select! {
            () = &mut shutdown => break,
            popped = pop_job(&mut connection, &queue) => popped,
        };
        match popped {
            Ok(Some((_, payload))) => match serde_json::from_str::<ChartDataJob>(&payload) {
                Ok(job) => {
                    tracing::info!(job_id = job.job.job_id, "job started");
                    let app = app.clone();
                    tokio::spawn(async move {
                        run_chart_data_job(&app, job).await;
                        drop(permit);
                    });
                }
                Err(error) => tracing::error!(%error, "dropped a malformed job"),
            },
            Ok(None) => {}
            Err(error) => {
                tracing::warn!(%error, "worker lost Redis; reconnecting");
                loop {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    match redis.blocking_connection().await {
                        Ok(fresh) => {
                            connection = fresh;
                            break;
                        }
                        Err(error) => tracing::warn!(%error, "worker cannot reach Redis yet"),
                    }
                }
            }
        }
    }
    // Wait for the jobs in progress.
    let _ = permits
        .acquire_many(u32::try_from(concurrency.max(1)).unwrap_or(1))
        .await;
    tracing::info!("worker stopped");
    Ok(())
}
