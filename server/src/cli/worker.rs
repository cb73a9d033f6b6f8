//! `quiver worker`: runs async chart-data jobs queued in Redis by `serve` processes
//! (`async_executor = "redis"`).

use crate::app::{worker_state, StartError};
use crate::config::Settings;
use crate::jobs::{run_worker, JobQueue};
use crate::redis_conn::RedisError;

#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    #[error(
        "quiver worker needs Redis: set QUIVER_REDIS_URL (or REDIS_URL) and QUIVER_ASYNC_EXECUTOR=redis"
    )]
    NoQueue,
    #[error(transparent)]
    Start(#[from] StartError),
    #[error(transparent)]
    Redis(#[from] RedisError),
}

pub async fn worker(settings: Settings, concurrency: Option<usize>) -> Result<(), WorkerError> {
    let concurrency = concurrency.unwrap_or(settings.async_workers);
    let state = worker_state(settings).await?;
    let JobQueue::Redis(redis) = state.jobs.clone() else {
        return Err(WorkerError::NoQueue);
    };
    println!("  Quiver worker running {concurrency} jobs at a time; stop with Ctrl-C");
    run_worker(state, redis, concurrency, super::serve::shutdown_signal()).await?;
    Ok(())
}
