//! SQL Lab runs (`query` table): created when a run starts, moved through its states, never
//! moved out of `stopped` once stopped (spec 002 section 4).

use sqlx::Row;

use super::{conflict_on_unique, get_bool, now_text, Store, StoreError, StoreResult};

/// The states of a run (spec 002 section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryState {
    Pending,
    Running,
    Fetching,
    Success,
    Failed,
    Stopped,
    TimedOut,
}

impl QueryState {
    pub fn as_str(self) -> &'static str {
        match self {
            QueryState::Pending => "pending",
            QueryState::Running => "running",
            QueryState::Fetching => "fetching",
            QueryState::Success => "success",
            QueryState::Failed => "failed",
            QueryState::Stopped => "stopped",
            QueryState::TimedOut => "timed_out",
        }
    }

    /// Finished states never change again.
    pub fn is_finished(self) -> bool {
        matches!(
            self,
            QueryState::Success | QueryState::Failed | QueryState::Stopped | QueryState::TimedOut
        )
    }
}

/// A run as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryRecord {
    pub id: i64,
    pub client_id: String,
    pub database_id: i64,
    pub user_id: Option<i64>,
    pub status: String,
    pub tab_name: Option<String>,
    pub sql_editor_id: Option<String>,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub sql: String,
    pub executed_sql: Option<String>,
    pub limit: Option<i64>,
    pub limiting_factor: String,
    pub select_as_cta: bool,
    pub ctas_method: String,
    pub tmp_table_name: Option<String>,
    pub tmp_schema_name: Option<String>,
    pub progress: i64,
    pub rows: Option<i64>,
    pub error_message: Option<String>,
    pub results_key: Option<String>,
    pub tracking_url: Option<String>,
    /// `{"errors": [...], "is_data_preview": true}`: a failed run's SIP-40 errors and whether it
    /// is a table's data preview.
    pub extra_json: String,
    pub start_time: Option<String>,
    pub start_running_time: Option<String>,
    pub end_time: Option<String>,
    pub changed_on: String,
}

/// A run about to start.
#[derive(Debug, Clone)]
pub struct NewQuery<'a> {
    pub client_id: &'a str,
    pub database_id: i64,
    pub user_id: i64,
    pub status: QueryState,
    pub tab_name: Option<&'a str>,
    pub sql_editor_id: Option<&'a str>,
    pub catalog: Option<&'a str>,
    pub schema: Option<&'a str>,
    pub sql: &'a str,
    pub limit: Option<i64>,
    pub select_as_cta: bool,
    pub ctas_method: &'a str,
    pub tmp_table_name: Option<&'a str>,
    pub tmp_schema_name: Option<&'a str>,
    /// A table's data preview: marked in `extra_json`.
    pub is_data_preview: bool,
}

/// How a run ended.
#[derive(Debug, Clone)]
pub struct QueryOutcome<'a> {
    pub status: QueryState,
    pub executed_sql: Option<&'a str>,
    pub rows: Option<i64>,
    pub limiting_factor: &'a str,
    pub error_message: Option<&'a str>,
    /// Where an asynchronous run's rows are kept (`GET /api/v1/sqllab/results/?q=(key:...)`).
    pub results_key: Option<&'a str>,
}

/// The `extra_json` a run starts with.
fn new_query_extra(is_data_preview: bool) -> String {
    if is_data_preview {
        serde_json::json!({"is_data_preview": true}).to_string()
    } else {
        "{}".to_owned()
    }
}

pub(crate) const QUERY_COLUMNS: &str =
    "id, client_id, database_id, user_id, status, tab_name, sql_editor_id, \
    catalog, schema, sql, executed_sql, \"limit\", limiting_factor, select_as_cta, ctas_method, \
    tmp_table_name, tmp_schema_name, progress, rows, error_message, results_key, tracking_url, \
    extra_json, start_time, start_running_time, end_time, changed_on";

pub(crate) fn query_from_row(row: &sqlx::any::AnyRow) -> StoreResult<QueryRecord> {
    Ok(QueryRecord {
        id: row.try_get("id")?,
        client_id: row.try_get("client_id")?,
        database_id: row.try_get("database_id")?,
        user_id: row.try_get("user_id")?,
        status: row.try_get("status")?,
        tab_name: row.try_get("tab_name")?,
        sql_editor_id: row.try_get("sql_editor_id")?,
        catalog: row.try_get("catalog")?,
        schema: row.try_get("schema")?,
        sql: row.try_get("sql")?,
        executed_sql: row.try_get("executed_sql")?,
        limit: row.try_get("limit")?,
        limiting_factor: row.try_get("limiting_factor")?,
        select_as_cta: get_bool(row, "select_as_cta")?,
        ctas_method: row.try_get("ctas_method")?,
        tmp_table_name: row.try_get("tmp_table_name")?,
        tmp_schema_name: row.try_get("tmp_schema_name")?,
        progress: row.try_get("progress")?,
        rows: row.try_get("rows")?,
        error_message: row.try_get("error_message")?,
        results_key: row.try_get("results_key")?,
        tracking_url: row.try_get("tracking_url")?,
        extra_json: row.try_get("extra_json")?,
        start_time: row.try_get("start_time")?,
        start_running_time: row.try_get("start_running_time")?,
        end_time: row.try_get("end_time")?,
        changed_on: row.try_get("changed_on")?,
    })
}

impl Store {
    /// Records a new run; a client id already used is a conflict.
    pub async fn create_query(&self, query: &NewQuery<'_>) -> StoreResult<i64> {
        let now = now_text();
        let running_since = (query.status == QueryState::Running).then(|| now.clone());
        sqlx::query_scalar(
            "INSERT INTO query (client_id, database_id, user_id, status, tab_name, sql_editor_id, catalog,
                                schema, sql, \"limit\", select_as_cta, ctas_method, tmp_table_name,
                                tmp_schema_name, start_time, start_running_time, changed_on, extra_json)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $15, $17)
             RETURNING id",
        )
        .bind(query.client_id)
        .bind(query.database_id)
        .bind(query.user_id)
        .bind(query.status.as_str())
        .bind(query.tab_name)
        .bind(query.sql_editor_id)
        .bind(query.catalog)
        .bind(query.schema)
        .bind(query.sql)
        .bind(query.limit)
        .bind(query.select_as_cta)
        .bind(query.ctas_method)
        .bind(query.tmp_table_name)
        .bind(query.tmp_schema_name)
        .bind(&now)
        .bind(running_since)
        .bind(new_query_extra(query.is_data_preview))
        .fetch_one(&self.pool)
        .await
        .map_err(|error| {
            conflict_on_unique(error, || {
                format!("A query with the client id {} already exists", query.client_id)
            })
        })
    }

    pub async fn query_record(&self, id: i64) -> StoreResult<QueryRecord> {
        let row = sqlx::query(&format!("SELECT {QUERY_COLUMNS} FROM query WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        query_from_row(&row)
    }

    pub async fn query_by_client_id(&self, client_id: &str) -> StoreResult<Option<QueryRecord>> {
        let row = sqlx::query(&format!("SELECT {QUERY_COLUMNS} FROM query WHERE client_id = $1"))
            .bind(client_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(query_from_row).transpose()
    }

    /// Ends a run. A run already stopped keeps its state: a late success or failure is ignored
    /// (spec 002 section 4). Returns whether the record changed.
    pub async fn finish_query(&self, id: i64, outcome: &QueryOutcome<'_>) -> StoreResult<bool> {
        let now = now_text();
        let result = sqlx::query(
            "UPDATE query SET status = $1, executed_sql = COALESCE($2, executed_sql), rows = $3,
                              limiting_factor = $4, error_message = $5, progress = 100, end_time = $6,
                              changed_on = $6, results_key = $7
             WHERE id = $8 AND status <> 'stopped'",
        )
        .bind(outcome.status.as_str())
        .bind(outcome.executed_sql)
        .bind(outcome.rows)
        .bind(outcome.limiting_factor)
        .bind(outcome.error_message)
        .bind(&now)
        .bind(outcome.results_key)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() > 0)
    }

    /// Keeps a failed run's SIP-40 errors in its `extra_json` (key `errors`, as Superset does).
    pub async fn set_query_errors(&self, id: i64, errors: &serde_json::Value) -> StoreResult<()> {
        let stored: Option<String> = sqlx::query_scalar("SELECT extra_json FROM query WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let Some(stored) = stored else {
            return Err(StoreError::NotFound);
        };
        let mut extra = match serde_json::from_str::<serde_json::Value>(&stored) {
            Ok(serde_json::Value::Object(extra)) => extra,
            _ => serde_json::Map::new(),
        };
        extra.insert("errors".to_owned(), errors.clone());
        sqlx::query("UPDATE query SET extra_json = $1 WHERE id = $2")
            .bind(serde_json::Value::Object(extra).to_string())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Marks a run stopped unless it has finished. Returns whether it was stopped now.
    pub async fn stop_query(&self, id: i64) -> StoreResult<bool> {
        let now = now_text();
        let result = sqlx::query(
            "UPDATE query SET status = 'stopped', end_time = $1, changed_on = $1
             WHERE id = $2 AND status IN ('pending', 'running', 'fetching', 'scheduled', 'started')",
        )
        .bind(&now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() > 0)
    }
    /// Moves a pending asynchronous run to running. Returns false when it is no longer pending
    /// (stopped before a worker picked it up).
    pub async fn start_pending_query(&self, id: i64) -> StoreResult<bool> {
        let now = now_text();
        let result = sqlx::query(
            "UPDATE query SET status = 'running', start_running_time = $1, changed_on = $1
             WHERE id = $2 AND status = 'pending'",
        )
        .bind(&now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() > 0)
    }

    /// Marks a pending or running run as still held by its worker: `changed_on` becomes now, so
    /// `updated_since` keeps answering it while it waits or runs. Returns false once it has ended.
    pub async fn touch_active_query(&self, id: i64) -> StoreResult<bool> {
        let result = sqlx::query(
            "UPDATE query SET changed_on = $1 WHERE id = $2 AND status IN ('pending', 'running')",
        )
        .bind(now_text())
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() > 0)
    }

    /// Records how far a running run got (0 to 100).
    pub async fn set_query_progress(&self, id: i64, progress: i64) -> StoreResult<()> {
        sqlx::query("UPDATE query SET progress = $1, changed_on = $2 WHERE id = $3 AND status = 'running'")
            .bind(progress.clamp(0, 100))
            .bind(now_text())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The run whose rows are kept under `key`.
    pub async fn query_by_results_key(&self, key: &str) -> StoreResult<Option<QueryRecord>> {
        let row = sqlx::query(&format!(
            "SELECT {QUERY_COLUMNS} FROM query WHERE results_key = $1"
        ))
        .bind(key)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(query_from_row).transpose()
    }

    /// A user's runs changed at or after `since` (stored time text), oldest change first.
    pub async fn queries_changed_since(&self, user_id: i64, since: &str) -> StoreResult<Vec<QueryRecord>> {
        let rows = sqlx::query(&format!(
            "SELECT {QUERY_COLUMNS} FROM query WHERE user_id = $1 AND changed_on >= $2
             ORDER BY changed_on, id LIMIT 1000"
        ))
        .bind(user_id)
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(query_from_row).collect()
    }
}
