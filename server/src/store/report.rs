//! Reports and alerts (`report_schedule`, its owners in `report_schedule_user` and its runs in
//! `report_execution_log`), listed through the generic list builder with the filters of
//! Superset's `ReportScheduleRestApi`.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::list::{
    ilike, like_literal, value_text, ColumnKind, Conditions, ListColumn, ListFilter, ListSpec,
};
use super::list_rows::{user_at, ListUser, OwnerLink};
use super::{get_bool, new_uuid, now_text, Store, StoreError, StoreResult};

/// The owners of a report.
pub const REPORT_OWNERS: OwnerLink = OwnerLink {
    table: "report_schedule_user",
    object_column: "report_schedule_id",
};

const FROM: &str = "report_schedule \
    LEFT JOIN ab_user created_by ON created_by.id = report_schedule.created_by_fk \
    LEFT JOIN ab_user changed_by ON changed_by.id = report_schedule.changed_by_fk";

/// Filters and orders of the report list (Superset's `search_columns` and `order_columns`).
pub const REPORT_LIST: ListSpec = ListSpec {
    from: FROM,
    id: "report_schedule.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "report_schedule.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "name",
            sql: "report_schedule.name",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "active",
            sql: "report_schedule.active",
            kind: ColumnKind::Bool,
        },
        ListColumn {
            name: "type",
            sql: "report_schedule.type",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "last_state",
            sql: "report_schedule.last_state",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "creation_method",
            sql: "report_schedule.creation_method",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "dashboard_id",
            sql: "report_schedule.dashboard_id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "chart_id",
            sql: "report_schedule.chart_id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "created_by",
            sql: "report_schedule.created_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_by",
            sql: "report_schedule.changed_by_fk",
            kind: ColumnKind::RelatedOne,
        },
    ],
    order_columns: &[
        ("id", "report_schedule.id"),
        ("active", "report_schedule.active"),
        ("name", "LOWER(report_schedule.name)"),
        ("type", "report_schedule.type"),
        ("crontab", "report_schedule.crontab"),
        ("crontab_humanized", "report_schedule.crontab"),
        ("last_eval_dttm", "report_schedule.last_eval_dttm"),
        ("created_by.first_name", "created_by.first_name"),
        ("changed_by.first_name", "changed_by.first_name"),
        ("created_on", "report_schedule.created_on"),
        ("changed_on", "report_schedule.changed_on"),
        ("changed_on_delta_humanized", "report_schedule.changed_on"),
    ],
    default_order: ("name", false),
    custom: Some(report_filter),
};

/// Superset's `ReportScheduleAllTextFilter` (`name` with `ct`... as `report_all_text`): the name,
/// description or SQL contains the text.
fn report_filter(
    filter: &ListFilter,
    conditions: &mut Conditions,
    _user_id: Option<i64>,
) -> Option<StoreResult<()>> {
    if filter.operator != "report_all_text" {
        return None;
    }
    Some(value_text(filter).map(|text| {
        let pattern = format!("%{}%", like_literal(text.trim()));
        let any = [
            "report_schedule.name",
            "report_schedule.description",
            "report_schedule.sql",
        ]
        .iter()
        .map(|sql| ilike(conditions, sql, pattern.clone(), false))
        .collect::<Vec<_>>()
        .join(" OR ");
        conditions.push(format!("({any})"));
    }))
}

/// The fields a create or an update writes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReportFields {
    pub report_type: String,
    pub name: String,
    pub description: Option<String>,
    pub context_markdown: Option<String>,
    pub active: bool,
    pub crontab: String,
    pub timezone: String,
    pub creation_method: String,
    pub report_format: String,
    pub chart_id: Option<i64>,
    pub dashboard_id: Option<i64>,
    pub database_id: Option<i64>,
    pub sql: Option<String>,
    pub validator_type: Option<String>,
    /// JSON text.
    pub validator_config_json: Option<String>,
    pub grace_period: i64,
    pub working_timeout: i64,
    pub log_retention: i64,
    pub force_screenshot: bool,
    pub custom_width: Option<i64>,
    pub email_subject: Option<String>,
    /// JSON text: the recipients list.
    pub recipients: String,
    /// JSON text.
    pub extra_json: String,
}

/// A stored report with the names of what it points at and its authors.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportRecord {
    pub id: i64,
    pub fields: ReportFields,
    pub chart_name: Option<String>,
    pub chart_viz_type: Option<String>,
    pub dashboard_title: Option<String>,
    pub database_name: Option<String>,
    pub last_eval_dttm: Option<String>,
    pub last_state: String,
    pub created_on: String,
    pub changed_on: String,
    pub created_by: Option<ListUser>,
    pub changed_by: Option<ListUser>,
}

/// One run of a report, as the scheduler records it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportExecution {
    pub id: i64,
    pub uuid: String,
    pub scheduled_dttm: String,
    pub start_dttm: Option<String>,
    pub end_dttm: Option<String>,
    pub value: Option<f64>,
    pub value_row_json: Option<String>,
    pub state: String,
    pub error_message: Option<String>,
}

/// One run as the scheduler writes it to `report_execution_log`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ExecutionRecord {
    pub scheduled_dttm: String,
    pub start_dttm: String,
    /// Superset's `ReportState`: `Success`, `Error`, `Not triggered`, `On Grace`, ...
    pub state: String,
    pub error_message: Option<String>,
    /// The number an `operator` alert compared.
    pub value: Option<f64>,
    /// The value a `not null` alert looked at, as JSON.
    pub value_row_json: Option<String>,
}

/// What the scheduler needs of an active report.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduledReport {
    pub id: i64,
    pub crontab: String,
    pub timezone: String,
    pub last_eval_dttm: Option<String>,
    pub created_on: String,
}

const SELECT: &str = "SELECT report_schedule.id, report_schedule.type, report_schedule.name,
        report_schedule.description, report_schedule.context_markdown, report_schedule.active,
        report_schedule.crontab, report_schedule.timezone, report_schedule.creation_method,
        report_schedule.report_format, report_schedule.chart_id, report_schedule.dashboard_id,
        report_schedule.database_id, report_schedule.sql, report_schedule.validator_type,
        report_schedule.validator_config_json, report_schedule.grace_period,
        report_schedule.working_timeout, report_schedule.log_retention,
        report_schedule.force_screenshot, report_schedule.custom_width, report_schedule.email_subject,
        report_schedule.recipients, report_schedule.extra_json, report_schedule.last_eval_dttm,
        report_schedule.last_state, report_schedule.created_on, report_schedule.changed_on,
        slices.slice_name, slices.viz_type, dashboards.dashboard_title, dbs.database_name,
        created_by.id AS created_by_id, created_by.first_name AS created_by_first_name,
        created_by.last_name AS created_by_last_name,
        changed_by.id AS changed_by_id, changed_by.first_name AS changed_by_first_name,
        changed_by.last_name AS changed_by_last_name
    FROM report_schedule
    LEFT JOIN slices ON slices.id = report_schedule.chart_id
    LEFT JOIN dashboards ON dashboards.id = report_schedule.dashboard_id
    LEFT JOIN dbs ON dbs.id = report_schedule.database_id
    LEFT JOIN ab_user created_by ON created_by.id = report_schedule.created_by_fk
    LEFT JOIN ab_user changed_by ON changed_by.id = report_schedule.changed_by_fk
    WHERE report_schedule.id";

fn report_from_row(row: &AnyRow) -> StoreResult<ReportRecord> {
    Ok(ReportRecord {
        id: row.try_get("id")?,
        fields: ReportFields {
            report_type: row.try_get("type")?,
            name: row.try_get("name")?,
            description: row.try_get("description")?,
            context_markdown: row.try_get("context_markdown")?,
            active: get_bool(row, "active")?,
            crontab: row.try_get("crontab")?,
            timezone: row.try_get("timezone")?,
            creation_method: row.try_get("creation_method")?,
            report_format: row.try_get("report_format")?,
            chart_id: row.try_get("chart_id")?,
            dashboard_id: row.try_get("dashboard_id")?,
            database_id: row.try_get("database_id")?,
            sql: row.try_get("sql")?,
            validator_type: row.try_get("validator_type")?,
            validator_config_json: row.try_get("validator_config_json")?,
            grace_period: row.try_get("grace_period")?,
            working_timeout: row.try_get("working_timeout")?,
            log_retention: row.try_get("log_retention")?,
            force_screenshot: get_bool(row, "force_screenshot")?,
            custom_width: row.try_get("custom_width")?,
            email_subject: row.try_get("email_subject")?,
            recipients: row.try_get("recipients")?,
            extra_json: row.try_get("extra_json")?,
        },
        chart_name: row.try_get("slice_name")?,
        chart_viz_type: row.try_get("viz_type")?,
        dashboard_title: row.try_get("dashboard_title")?,
        database_name: row.try_get("database_name")?,
        last_eval_dttm: row.try_get("last_eval_dttm")?,
        last_state: row.try_get("last_state")?,
        created_on: row.try_get("created_on")?,
        changed_on: row.try_get("changed_on")?,
        created_by: user_at(row, "created_by")?,
        changed_by: user_at(row, "changed_by")?,
    })
}

impl Store {
    /// Stores a report created by `user_id` with its owners.
    pub async fn create_report(
        &self,
        fields: &ReportFields,
        owner_ids: &[i64],
        user_id: i64,
    ) -> StoreResult<i64> {
        let now = now_text();
        let mut transaction = self.begin_write().await?;
        let id: i64 = bind_fields(
            sqlx::query(
                "INSERT INTO report_schedule (type, name, description, context_markdown, active, crontab,
                 timezone, creation_method, report_format, chart_id, dashboard_id, database_id, sql,
                 validator_type, validator_config_json, grace_period, working_timeout, log_retention,
                 force_screenshot, custom_width, email_subject, recipients, extra_json, created_on,
                 changed_on, created_by_fk, changed_by_fk)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
                     $19, $20, $21, $22, $23, $24, $24, $25, $25)
             RETURNING id",
            ),
            fields,
        )
        .bind(&now)
        .bind(user_id)
        .fetch_one(&mut *transaction)
        .await?
        .try_get("id")?;
        insert_owners(&mut transaction, id, owner_ids).await?;
        transaction.commit().await?;
        Ok(id)
    }

    pub async fn report(&self, id: i64) -> StoreResult<ReportRecord> {
        let row = sqlx::query(&format!("{SELECT} = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        report_from_row(&row)
    }

    /// The reports `ids` that exist, in the order of `ids`.
    pub async fn reports(&self, ids: &[i64]) -> StoreResult<Vec<ReportRecord>> {
        let rows = self.rows_by_id(SELECT, ids).await?;
        ids.iter()
            .filter_map(|id| rows.get(id))
            .map(report_from_row)
            .collect()
    }

    /// Replaces a report's fields, and its owners when `owner_ids` is given.
    pub async fn update_report(
        &self,
        id: i64,
        fields: &ReportFields,
        owner_ids: Option<&[i64]>,
        user_id: i64,
    ) -> StoreResult<()> {
        let mut transaction = self.begin_write().await?;
        let result = bind_fields(
            sqlx::query(
                "UPDATE report_schedule SET type = $1, name = $2, description = $3, context_markdown = $4,
                 active = $5, crontab = $6, timezone = $7, creation_method = $8, report_format = $9,
                 chart_id = $10, dashboard_id = $11, database_id = $12, sql = $13, validator_type = $14,
                 validator_config_json = $15, grace_period = $16, working_timeout = $17,
                 log_retention = $18, force_screenshot = $19, custom_width = $20, email_subject = $21,
                 recipients = $22, extra_json = $23, changed_on = $24, changed_by_fk = $25
             WHERE id = $26",
            ),
            fields,
        )
        .bind(now_text())
        .bind(user_id)
        .bind(id)
        .execute(&mut *transaction)
        .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        if let Some(owner_ids) = owner_ids {
            sqlx::query("DELETE FROM report_schedule_user WHERE report_schedule_id = $1")
                .bind(id)
                .execute(&mut *transaction)
                .await?;
            insert_owners(&mut transaction, id, owner_ids).await?;
        }
        transaction.commit().await?;
        Ok(())
    }

    /// Deletes reports with their owners and logs (one transaction: all or none).
    pub async fn delete_reports(&self, ids: &[i64]) -> StoreResult<()> {
        let mut transaction = self.begin_write().await?;
        for id in ids {
            for table in ["report_schedule_user", "report_execution_log"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE report_schedule_id = $1"))
                    .bind(*id)
                    .execute(&mut *transaction)
                    .await?;
            }
            let result = sqlx::query("DELETE FROM report_schedule WHERE id = $1")
                .bind(*id)
                .execute(&mut *transaction)
                .await?;
            if result.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
        }
        transaction.commit().await?;
        Ok(())
    }

    /// The reports a user owns.
    pub async fn reports_owned_by(&self, user_id: i64) -> StoreResult<Vec<i64>> {
        Ok(
            sqlx::query_scalar("SELECT report_schedule_id FROM report_schedule_user WHERE user_id = $1")
                .bind(user_id)
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// The report other than `except_id` named `name`, if any.
    pub async fn report_named(&self, name: &str, except_id: Option<i64>) -> StoreResult<Option<i64>> {
        Ok(
            sqlx::query_scalar("SELECT id FROM report_schedule WHERE name = $1 AND id <> $2")
                .bind(name)
                .bind(except_id.unwrap_or(0))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Whether the chart or dashboard already has a report created from it (Superset lets each
    /// have one report of the `charts` or `dashboards` creation method).
    pub async fn has_attached_report(
        &self,
        chart_id: Option<i64>,
        dashboard_id: Option<i64>,
    ) -> StoreResult<bool> {
        let count: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM report_schedule
             WHERE creation_method <> 'alerts_reports'
               AND ((chart_id IS NOT NULL AND chart_id = $1) OR (dashboard_id IS NOT NULL AND dashboard_id = $2))",
        )
        .bind(chart_id.unwrap_or(0))
        .bind(dashboard_id.unwrap_or(0))
        .fetch_one(&self.pool)
        .await?;
        Ok(count > 0)
    }

    /// The active reports, for the scheduler.
    pub async fn active_reports(&self) -> StoreResult<Vec<ScheduledReport>> {
        let rows = sqlx::query(
            "SELECT id, crontab, timezone, last_eval_dttm, created_on FROM report_schedule
             WHERE active = $1 ORDER BY id",
        )
        .bind(true)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ScheduledReport {
                    id: row.try_get("id")?,
                    crontab: row.try_get("crontab")?,
                    timezone: row.try_get("timezone")?,
                    last_eval_dttm: row.try_get("last_eval_dttm")?,
                    created_on: row.try_get("created_on")?,
                })
            })
            .collect()
    }

    /// Claims an evaluation of the report at `now` for this process: true when its
    /// `last_eval_dttm` was still `previous` (another scheduler did not get there first).
    pub async fn claim_report_evaluation(
        &self,
        id: i64,
        previous: Option<&str>,
        now: &str,
    ) -> StoreResult<bool> {
        let result = sqlx::query(
            "UPDATE report_schedule SET last_eval_dttm = $1
             WHERE id = $2 AND COALESCE(last_eval_dttm, '') = $3",
        )
        .bind(now)
        .bind(id)
        .bind(previous.unwrap_or(""))
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() == 1)
    }

    /// Records one run of a report and sets its `last_state` (and, for alerts, `last_value` and
    /// `last_value_row_json`).
    pub async fn record_report_execution(&self, report_id: i64, run: &ExecutionRecord) -> StoreResult<i64> {
        let end_dttm = now_text();
        let mut transaction = self.begin_write().await?;
        let id = sqlx::query_scalar(
            "INSERT INTO report_execution_log (uuid, report_schedule_id, scheduled_dttm, start_dttm,
                 end_dttm, value, value_row_json, state, error_message)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
        )
        .bind(new_uuid())
        .bind(report_id)
        .bind(run.scheduled_dttm.as_str())
        .bind(run.start_dttm.as_str())
        .bind(&end_dttm)
        .bind(run.value)
        .bind(run.value_row_json.as_deref())
        .bind(run.state.as_str())
        .bind(run.error_message.as_deref())
        .fetch_one(&mut *transaction)
        .await?;
        sqlx::query(
            "UPDATE report_schedule SET last_state = $1,
                 last_value = COALESCE($2, last_value), last_value_row_json = COALESCE($3, last_value_row_json)
             WHERE id = $4",
        )
        .bind(run.state.as_str())
        .bind(run.value)
        .bind(run.value_row_json.as_deref())
        .bind(report_id)
        .execute(&mut *transaction)
        .await?;
        transaction.commit().await?;
        Ok(id)
    }

    /// When the report's latest run in `state` ended, if it ever did.
    pub async fn last_report_run_in_state(&self, report_id: i64, state: &str) -> StoreResult<Option<String>> {
        let ended: Option<Option<String>> = sqlx::query_scalar(
            "SELECT end_dttm FROM report_execution_log WHERE report_schedule_id = $1 AND state = $2
             ORDER BY end_dttm DESC, id DESC LIMIT 1",
        )
        .bind(report_id)
        .bind(state)
        .fetch_optional(&self.pool)
        .await?;
        Ok(ended.flatten())
    }

    /// When the report last entered `Working` (Superset's `find_last_entered_working_log`: a
    /// `Working` run without an error message), if it ever did.
    pub async fn last_entered_working(&self, report_id: i64) -> StoreResult<Option<String>> {
        let ended: Option<Option<String>> = sqlx::query_scalar(
            "SELECT end_dttm FROM report_execution_log
             WHERE report_schedule_id = $1 AND state = $2 AND error_message IS NULL
             ORDER BY end_dttm DESC, id DESC LIMIT 1",
        )
        .bind(report_id)
        .bind("Working")
        .fetch_optional(&self.pool)
        .await?;
        Ok(ended.flatten())
    }

    /// The e-mail addresses of a report's owners (where its error notifications go), in owner
    /// order; owners without an address are left out.
    pub async fn report_owner_emails(&self, report_id: i64) -> StoreResult<Vec<String>> {
        let emails: Vec<String> = sqlx::query_scalar(
            "SELECT ab_user.email FROM report_schedule_user
             JOIN ab_user ON ab_user.id = report_schedule_user.user_id
             WHERE report_schedule_user.report_schedule_id = $1 ORDER BY ab_user.id",
        )
        .bind(report_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(emails
            .into_iter()
            .filter(|email| !email.trim().is_empty())
            .collect())
    }

    /// When the report's owners were last sent an error notification (the latest run logged
    /// with `marker`), unless a run has since ended in a state other than `Error` or `Working`
    /// (Superset's `find_last_error_notification`: only errors since the last error e-mail).
    pub async fn last_error_notification(&self, report_id: i64, marker: &str) -> StoreResult<Option<String>> {
        let notified: Option<Option<String>> = sqlx::query_scalar(
            "SELECT end_dttm FROM report_execution_log WHERE report_schedule_id = $1 AND error_message = $2
             ORDER BY end_dttm DESC, id DESC LIMIT 1",
        )
        .bind(report_id)
        .bind(marker)
        .fetch_optional(&self.pool)
        .await?;
        let Some(notified) = notified.flatten() else {
            return Ok(None);
        };
        let recovered: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM report_execution_log
             WHERE report_schedule_id = $1 AND end_dttm > $2 AND state NOT IN ('Error', 'Working')",
        )
        .bind(report_id)
        .bind(&notified)
        .fetch_one(&self.pool)
        .await?;
        Ok((recovered == 0).then_some(notified))
    }

    /// Every report's id and log retention in days, for the log pruning.
    pub async fn report_log_retentions(&self) -> StoreResult<Vec<(i64, i64)>> {
        let rows = sqlx::query("SELECT id, log_retention FROM report_schedule ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("log_retention")?)))
            .collect()
    }

    /// Deletes the report's runs that ended before `before` (a stored time); answers how many.
    pub async fn delete_report_executions_before(&self, report_id: i64, before: &str) -> StoreResult<u64> {
        let result =
            sqlx::query("DELETE FROM report_execution_log WHERE report_schedule_id = $1 AND end_dttm < $2")
                .bind(report_id)
                .bind(before)
                .execute(&self.pool)
                .await?;
        Ok(result.rows_affected())
    }

    /// A report's runs, the latest first.
    pub async fn report_executions(&self, report_id: i64) -> StoreResult<Vec<ReportExecution>> {
        let rows = sqlx::query(
            "SELECT id, uuid, scheduled_dttm, start_dttm, end_dttm, value, value_row_json, state, error_message
             FROM report_execution_log WHERE report_schedule_id = $1 ORDER BY scheduled_dttm DESC, id DESC",
        )
        .bind(report_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ReportExecution {
                    id: row.try_get("id")?,
                    uuid: row.try_get("uuid")?,
                    scheduled_dttm: row.try_get("scheduled_dttm")?,
                    start_dttm: row.try_get("start_dttm")?,
                    end_dttm: row.try_get("end_dttm")?,
                    value: row.try_get("value")?,
                    value_row_json: row.try_get("value_row_json")?,
                    state: row.try_get("state")?,
                    error_message: row.try_get("error_message")?,
                })
            })
            .collect()
    }
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds a report's fields in the column order both the INSERT and the UPDATE list: type, name,
/// ... extra_json.
fn bind_fields<'q>(query: AnyQuery<'q>, fields: &'q ReportFields) -> AnyQuery<'q> {
    query
        .bind(&fields.report_type)
        .bind(&fields.name)
        .bind(fields.description.as_deref())
        .bind(fields.context_markdown.as_deref())
        .bind(fields.active)
        .bind(&fields.crontab)
        .bind(&fields.timezone)
        .bind(&fields.creation_method)
        .bind(&fields.report_format)
        .bind(fields.chart_id)
        .bind(fields.dashboard_id)
        .bind(fields.database_id)
        .bind(fields.sql.as_deref())
        .bind(fields.validator_type.as_deref())
        .bind(fields.validator_config_json.as_deref())
        .bind(fields.grace_period)
        .bind(fields.working_timeout)
        .bind(fields.log_retention)
        .bind(fields.force_screenshot)
        .bind(fields.custom_width)
        .bind(fields.email_subject.as_deref())
        .bind(&fields.recipients)
        .bind(&fields.extra_json)
}

async fn insert_owners(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    report_id: i64,
    owner_ids: &[i64],
) -> StoreResult<()> {
    for owner_id in owner_ids {
        sqlx::query("INSERT INTO report_schedule_user (report_schedule_id, user_id) VALUES ($1, $2)")
            .bind(report_id)
            .bind(*owner_id)
            .execute(&mut **transaction)
            .await?;
    }
    Ok(())
}
