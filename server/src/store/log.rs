//! The activity log (`logs`): events the web app sends in batches, the server's own records of
//! dashboard and chart views, and a user's recent activity read back for the home page.

use sqlx::Row;

use super::{now_text, Store, StoreResult};

/// The action of a dashboard view.
pub const DASHBOARD_VIEW_ACTION: &str = "dashboard";
/// The action of a chart opened in Explore.
pub const EXPLORE_VIEW_ACTION: &str = "explore";
/// The action of any other event from the web app.
pub const LOG_ACTION: &str = "log";

/// One record to write.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NewLog {
    pub action: String,
    pub user_id: Option<i64>,
    /// The event as JSON text.
    pub json: Option<String>,
    pub dashboard_id: Option<i64>,
    pub slice_id: Option<i64>,
    pub duration_ms: Option<i64>,
    pub referrer: Option<String>,
}

/// One dashboard or chart the user viewed, with its latest view.
#[derive(Debug, Clone, PartialEq)]
pub struct RecentView {
    pub action: String,
    pub dashboard_id: Option<i64>,
    pub dashboard_title: Option<String>,
    pub dashboard_slug: Option<String>,
    pub slice_id: Option<i64>,
    pub slice_name: Option<String>,
    pub dttm: String,
}

impl Store {
    /// Writes the records at once (one transaction).
    pub async fn insert_logs(&self, logs: &[NewLog]) -> StoreResult<()> {
        let dttm = now_text();
        let mut tx = self.begin_write().await?;
        for log in logs {
            sqlx::query(
                "INSERT INTO logs (action, user_id, json, dttm, dashboard_id, slice_id, duration_ms, referrer)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(log.action.clone())
            .bind(log.user_id)
            .bind(log.json.clone())
            .bind(dttm.clone())
            .bind(log.dashboard_id)
            .bind(log.slice_id)
            .bind(log.duration_ms)
            .bind(log.referrer.clone())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Records that the user viewed a dashboard (`dashboard_id`) or a chart (`slice_id`).
    pub async fn log_view(
        &self,
        user_id: i64,
        dashboard_id: Option<i64>,
        slice_id: Option<i64>,
    ) -> StoreResult<()> {
        let action = if dashboard_id.is_some() {
            DASHBOARD_VIEW_ACTION
        } else {
            EXPLORE_VIEW_ACTION
        };
        self.insert_logs(&[NewLog {
            action: action.to_owned(),
            user_id: Some(user_id),
            dashboard_id,
            slice_id,
            ..NewLog::default()
        }])
        .await
    }

    /// The dashboards and charts the user viewed, each once with its latest view, latest first;
    /// objects since deleted are left out.
    pub async fn recent_views(
        &self,
        user_id: i64,
        page: u64,
        page_size: u64,
    ) -> StoreResult<Vec<RecentView>> {
        // LIMIT and OFFSET are numbers checked by the caller, not text from the request.
        let sql = format!(
            "SELECT recent.action, recent.dashboard_id, recent.slice_id, recent.dttm,
                    dashboards.dashboard_title, dashboards.slug, slices.slice_name
             FROM (SELECT action, dashboard_id, slice_id, MAX(dttm) AS dttm FROM logs
                   WHERE user_id = $1 AND action IN ($2, $3)
                     AND (dashboard_id IS NOT NULL OR slice_id IS NOT NULL)
                   GROUP BY action, dashboard_id, slice_id) recent
             LEFT JOIN dashboards ON recent.action = $2 AND dashboards.id = recent.dashboard_id
             LEFT JOIN slices ON recent.action = $3 AND slices.id = recent.slice_id
             WHERE dashboards.id IS NOT NULL OR slices.id IS NOT NULL
             ORDER BY recent.dttm DESC
             LIMIT {page_size} OFFSET {offset}",
            offset = page.saturating_mul(page_size),
        );
        let rows = sqlx::query(&sql)
            .bind(user_id)
            .bind(DASHBOARD_VIEW_ACTION)
            .bind(EXPLORE_VIEW_ACTION)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(RecentView {
                    action: row.try_get("action")?,
                    dashboard_id: row.try_get("dashboard_id")?,
                    dashboard_title: row.try_get("dashboard_title")?,
                    dashboard_slug: row.try_get("slug")?,
                    slice_id: row.try_get("slice_id")?,
                    slice_name: row.try_get("slice_name")?,
                    dttm: row.try_get("dttm")?,
                })
            })
            .collect()
    }
}
