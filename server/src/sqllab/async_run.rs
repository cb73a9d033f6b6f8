//! Asynchronous SQL Lab runs (`runAsync: true` on a database with `allow_run_async`), as
//! Superset's SQL Lab runs them on Celery, here on this process's tokio runtime:
//!
//! ```text
//! POST execute ──► prepare (template, guard; refusals answered at once)
//!        │ 202 {query: pending}
//!        ▼
//!   worker slot ──► running (progress per statement) ──► rows kept under a results key
//!                                                        └─► success {resultsKey}
//! GET query/updated_since ◄── the browser polls states, progress and the key
//! GET sqllab/results/?q=(key,rows) ◄── then fetches the rows once it succeeded
//! ```
//!
//! Runs share the async workers' slots with async chart data. The rows are kept with the async
//! results (memory or Redis) for `async_result_seconds`, as Arrow IPC with the run's meta in the
//! schema metadata and their engine types, so the results call answers exactly what a synchronous
//! run would (JSON or the Arrow stream). Stop works as for synchronous runs: a pending run is
//! never started, a running one is cancelled in the database.
//!
//! While a run waits or runs, its worker touches its `changed_on` every
//! [`ACTIVE_RUN_HEARTBEAT`], so every poll of `updated_since` lists it: the browser drops a run
//! missing from an empty poll with zero progress as inactive (spec 002 section 4, decision 0052),
//! which then means its worker is gone (the process stopped), not that its engine reports no
//! progress.

use std::collections::{BTreeMap, HashMap};
use std::io::Cursor;
use std::sync::Arc;
use std::time::Duration;

use arrow::datatypes::Schema;
use arrow::ipc::reader::StreamReader;
use arrow::ipc::writer::StreamWriter;
use arrow::record_batch::RecordBatch;
use bytes::Bytes;
use quiver_types::{ErrorExtra, ErrorType, SqlLabExecutePayload, SqlLabQuery, SqlLabResultMeta};

use super::arrow_stream::META_KEY;
use super::run::{self, PreparedRun, SqlLabRun};
use crate::auth::AuthUser;
use crate::engines::QueryOutput;
use crate::error::{ApiError, ErrorKind};
use crate::state::AppState;
use crate::store::query::{QueryRecord, QueryState};

/// The content type the kept rows are stored under (never sent to a browser).
const KEPT_ROWS_TYPE: &str = "application/vnd.quiver.sqllab-rows";

#[derive(Debug, thiserror::Error)]
pub enum KeptRowsError {
    #[error("arrow encoding failed: {0}")]
    Arrow(#[from] arrow::error::ArrowError),
    #[error("result metadata encoding failed: {0}")]
    Json(#[from] serde_json::Error),
    #[error("kept rows carry no run metadata")]
    NoMeta,
}

/// How often a pending or running run's `changed_on` is touched: under the browser's poll
/// overlap (2 s), so each poll sees the run.
pub const ACTIVE_RUN_HEARTBEAT: Duration = Duration::from_millis(1000);

/// Touches the run until it ends; stopped when dropped.
struct Heartbeat(tokio::task::JoinHandle<()>);

impl Heartbeat {
    fn start(app: &AppState, query_id: i64) -> Heartbeat {
        let store = app.store.clone();
        Heartbeat(tokio::spawn(async move {
            let mut ticks = tokio::time::interval(ACTIVE_RUN_HEARTBEAT);
            ticks.tick().await;
            loop {
                ticks.tick().await;
                match store.touch_active_query(query_id).await {
                    Ok(true) => {}
                    Ok(false) => return,
                    Err(error) => tracing::warn!(%error, query_id, "could not touch an active run"),
                }
            }
        }))
    }
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Records a run as pending and starts it in the background: the run as the 202 answer shows it.
pub async fn submit(
    app: &AppState,
    user: &AuthUser,
    payload: &SqlLabExecutePayload,
    url_params: &BTreeMap<String, String>,
) -> Result<SqlLabQuery, ApiError> {
    let prepared = run::prepare(app, user, payload, url_params, QueryState::Pending).await?;
    let record = app.store.query_record(prepared.query_id()).await?;
    let pending = run::query_view(&record, prepared.database_name());
    let background = app.clone();
    let user_id = user.id;
    tokio::spawn(async move { run_in_background(background, prepared, user_id).await });
    Ok(pending)
}

async fn run_in_background(app: AppState, prepared: PreparedRun, user_id: i64) {
    let query_id = prepared.query_id();
    let _heartbeat = Heartbeat::start(&app, query_id);
    let Ok(_slot) = app.async_queries.workers().acquire_owned().await else {
        return;
    };
    match app.store.start_pending_query(query_id).await {
        Ok(true) => {}
        // Stopped while it waited for a slot.
        Ok(false) => return,
        Err(error) => {
            tracing::warn!(%error, query_id, "could not start an asynchronous run");
            return;
        }
    }
    // A failure is recorded by the run itself.
    let Ok(finished) = run::run_prepared(&app, prepared, true).await else {
        return;
    };
    let results_key = if finished.succeeded() {
        match keep_rows(&app, &finished, user_id).await {
            Ok(key) => Some(key),
            Err(answer) => {
                run::record_failure(&app, query_id, QueryState::Failed, &answer, None).await;
                return;
            }
        }
    } else {
        None
    };
    if let Err(error) = finished.record(&app, results_key.as_deref()).await {
        tracing::warn!(%error, query_id, "could not record the end of an asynchronous run");
    }
}

/// Keeps a successful run's rows with the async results: the key they are kept under.
async fn keep_rows(
    app: &AppState,
    finished: &run::FinishedStatements,
    user_id: i64,
) -> Result<String, ApiError> {
    let record = app.store.query_record(finished.query_id()).await?;
    let answer = finished.answer(run::query_view(&record, finished.database_name()));
    let body = tokio::task::spawn_blocking(move || encode_kept_rows(&answer))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    app.async_queries
        .store_result(user_id, KEPT_ROWS_TYPE, Bytes::from(body))
        .await
        .map_err(|error| results_backend_error(format!("The results could not be kept: {error}")))
}

/// A run's rows as one Arrow IPC stream with their engine types, the meta in the schema metadata.
pub fn encode_kept_rows(answer: &SqlLabRun) -> Result<Vec<u8>, KeptRowsError> {
    let metadata = HashMap::from([(META_KEY.to_owned(), serde_json::to_string(&answer.meta)?)]);
    let schema = Arc::new(Schema::new_with_metadata(
        answer.rows.schema.fields().clone(),
        metadata,
    ));
    let mut body = Vec::new();
    let mut writer = StreamWriter::try_new(&mut body, &schema)?;
    for batch in &answer.rows.batches {
        writer.write(&RecordBatch::try_new(
            Arc::clone(&schema),
            batch.columns().to_vec(),
        )?)?;
    }
    writer.finish()?;
    drop(writer);
    Ok(body)
}

/// Reads kept rows back: the meta and the rows (schema without the meta).
pub fn decode_kept_rows(body: &[u8]) -> Result<SqlLabRun, KeptRowsError> {
    let reader = StreamReader::try_new(Cursor::new(body), None)?;
    let kept_schema = reader.schema();
    let meta: SqlLabResultMeta = serde_json::from_str(
        kept_schema
            .metadata()
            .get(META_KEY)
            .ok_or(KeptRowsError::NoMeta)?,
    )?;
    let schema = Arc::new(Schema::new(kept_schema.fields().clone()));
    let batches = reader
        .map(|batch| {
            Ok(RecordBatch::try_new(
                Arc::clone(&schema),
                batch?.columns().to_vec(),
            )?)
        })
        .collect::<Result<Vec<_>, KeptRowsError>>()?;
    Ok(SqlLabRun {
        meta,
        rows: QueryOutput { schema, batches },
    })
}

fn results_backend_error(message: impl Into<String>) -> ApiError {
    ApiError::typed(
        ErrorKind::Internal,
        ErrorType::ResultsBackendError,
        message,
        ErrorExtra::default(),
    )
}

/// The rows of a finished asynchronous run, at most `rows` of them, with the run as it stands.
pub async fn results(
    app: &AppState,
    user: &AuthUser,
    key: &str,
    rows: Option<i64>,
) -> Result<SqlLabRun, ApiError> {
    let record: QueryRecord = app.store.query_by_results_key(key).await?.ok_or_else(|| {
        ApiError::typed(
            ErrorKind::NotFound,
            ErrorType::ResultsBackendError,
            "The query associated with these results could not be found. You need to re-run the \
             original query.",
            ErrorExtra::default(),
        )
    })?;
    if !user.is_admin() && record.user_id != Some(user.id) {
        return Err(ApiError::typed(
            ErrorKind::Forbidden,
            ErrorType::QuerySecurityAccessError,
            "You are not authorized to see this query. If you think this is an error, please \
             reach out to your administrator.",
            ErrorExtra::default(),
        ));
    }
    let kept = app
        .async_queries
        .result(key, record.user_id.unwrap_or_default())
        .await
        .map_err(|error| results_backend_error(format!("The results could not be read: {error}")))?
        .ok_or_else(|| {
            ApiError::typed(
                ErrorKind::Gone,
                ErrorType::ResultsBackendError,
                "Data could not be retrieved from the results backend. You need to re-run the \
                 original query.",
                ErrorExtra::default(),
            )
        })?;
    let database_name = app.store.database(record.database_id).await?.database_name;
    let shown = rows.and_then(|rows| usize::try_from(rows).ok());
    let mut answer = tokio::task::spawn_blocking(move || decode_kept_rows(&kept.body))
        .await
        .map_err(ApiError::internal)?
        .map_err(|error| results_backend_error(format!("The results could not be read: {error}")))?;
    if let Some(shown) = shown {
        answer.rows.batches = super::results::rows_within_limit(&answer.rows.batches, shown);
    }
    answer.meta.query = SqlLabQuery {
        // The rows come from the kept results, not from a run in this answer.
        cached: true,
        ..run::query_view(&record, &database_name)
    };
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use arrow::array::{Int64Array, StringArray, TimestampMicrosecondArray};
    use arrow::datatypes::{DataType, Field, TimeUnit};

    use super::*;

    #[test]
    fn kept_rows_come_back_with_their_types_and_meta() {
        let schema = Arc::new(Schema::new(vec![
            Field::new("name", DataType::Utf8, true),
            Field::new("num", DataType::Int64, true),
            Field::new("ds", DataType::Timestamp(TimeUnit::Microsecond, None), true),
        ]));
        let batch = RecordBatch::try_new(
            Arc::clone(&schema),
            vec![
                Arc::new(StringArray::from(vec![Some("Aaron"), None])),
                Arc::new(Int64Array::from(vec![Some(5), Some(7)])),
                Arc::new(TimestampMicrosecondArray::from(vec![Some(0), None])),
            ],
        )
        .unwrap();
        let answer = SqlLabRun {
            meta: crate::sqllab::arrow_stream::tests::meta(),
            rows: QueryOutput {
                schema: Arc::clone(&schema),
                batches: vec![batch.clone(), batch],
            },
        };
        let kept = decode_kept_rows(&encode_kept_rows(&answer).unwrap()).unwrap();
        assert_eq!(kept.meta, answer.meta);
        assert_eq!(kept.rows.schema, schema);
        assert_eq!(kept.rows.row_count(), 4);
        assert_eq!(kept.rows.batches[1], answer.rows.batches[1]);
    }

    #[test]
    fn bytes_that_are_not_kept_rows_are_refused() {
        assert!(decode_kept_rows(b"not arrow").is_err());
        let schema = Arc::new(Schema::new(vec![Field::new("n", DataType::Int64, true)]));
        let mut body = Vec::new();
        let mut writer = StreamWriter::try_new(&mut body, &schema).unwrap();
        writer.finish().unwrap();
        drop(writer);
        assert!(matches!(decode_kept_rows(&body), Err(KeptRowsError::NoMeta)));
    }
}
