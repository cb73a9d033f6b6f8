//! The report scheduler: once a minute (as Superset's beat schedule), every active report whose
//! crontab fired since it was last evaluated is run once and its run is written to
//! `report_execution_log`.
//!
//! A run follows Superset's report state machine: an alert first runs its SQL check
//! ([`super::alert`]) and stops at `Not triggered` when nothing fired, or at `On Grace` while a
//! triggered alert is inside its grace period; then the notification is e-mailed
//! ([`super::email`]) and the run ends `Success`, or `Error` with the reason. Several processes
//! may run the scheduler: each evaluation is claimed by a conditional update of
//! `last_eval_dttm`, so a fire time runs once.

use std::time::Duration;

use chrono::{DateTime, NaiveDateTime, Utc};
use quiver_types::ReportRecipient;

use super::alert::check_alert;
use super::crontab::{parse_timezone, Crontab};
use super::email::send_email;
use super::notification::{has_unsupported_recipients, report_email, ReportData};
use crate::auth::guard::load_user;
use crate::chart_data::csv::result_csv;
use crate::chart_data::json::column_values;
use crate::chart_data::{authorized_dataset, run_query_context, saved_query_context};
use crate::state::AppState;
use crate::store::report::{ExecutionRecord, ReportRecord, ScheduledReport};
use crate::store::StoreResult;

/// How often the scheduler looks for due reports.
pub const SCHEDULER_TICK: Duration = Duration::from_secs(60);

/// At most this many missed fire times are stepped over to find the latest one.
const MAX_MISSED_FIRES: usize = 10_000;

/// Superset's `ReportState.SUCCESS`: the notification went out.
pub const STATE_SUCCESS: &str = "Success";
/// Superset's `ReportState.ERROR`.
pub const STATE_ERROR: &str = "Error";
/// Superset's `ReportState.NOOP`: an alert whose check did not fire.
pub const STATE_NOT_TRIGGERED: &str = "Not triggered";
/// Superset's `ReportState.GRACE`: an alert fired again within its grace period.
pub const STATE_GRACE: &str = "On Grace";

/// Superset's `ReportScheduleAlertGracePeriodError`.
const GRACE_PERIOD_MESSAGE: &str = "Alert fired during grace period.";
/// Superset's `ReportScheduleType.ALERT`.
const TYPE_ALERT: &str = "Alert";

const STORED_TIME_FORMAT: &str = "%Y-%m-%dT%H:%M:%S%.6f";

fn stored_time(text: &str) -> Option<DateTime<Utc>> {
    text.parse::<NaiveDateTime>().ok().map(|time| time.and_utc())
}

/// The latest fire time of `report` in `(last evaluation or creation, now]`, if any.
pub fn due_fire_time(report: &ScheduledReport, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let crontab = Crontab::parse(&report.crontab)?;
    let timezone = parse_timezone(&report.timezone)?;
    let since = stored_time(report.last_eval_dttm.as_deref().unwrap_or(&report.created_on))?;
    let mut latest = None;
    let mut after = since;
    for _ in 0..MAX_MISSED_FIRES {
        match crontab.next_after(after, timezone) {
            Some(fire) if fire <= now => {
                latest = Some(fire);
                after = fire;
            }
            _ => break,
        }
    }
    latest
}

/// Runs every report due at `now` once; answers the ids of the reports run.
pub async fn run_due_reports(app: &AppState, now: DateTime<Utc>) -> StoreResult<Vec<i64>> {
    let store = &app.store;
    let now_stored = now.format(STORED_TIME_FORMAT).to_string();
    let mut ran = Vec::new();
    for report in store.active_reports().await? {
        let Some(fire) = due_fire_time(&report, now) else {
            continue;
        };
        let claimed = store
            .claim_report_evaluation(report.id, report.last_eval_dttm.as_deref(), &now_stored)
            .await?;
        if !claimed {
            continue;
        }
        let record = store.report(report.id).await?;
        let mut run = execute_report(app, &record, now).await?;
        run.scheduled_dttm = fire.format(STORED_TIME_FORMAT).to_string();
        run.start_dttm.clone_from(&now_stored);
        if run.state == STATE_ERROR {
            tracing::warn!(
                report_id = report.id,
                error = run.error_message.as_deref().unwrap_or_default(),
                "report run failed"
            );
        }
        store.record_report_execution(report.id, &run).await?;
        ran.push(report.id);
    }
    Ok(ran)
}

fn outcome(state: &str, error_message: Option<String>) -> ExecutionRecord {
    ExecutionRecord {
        state: state.to_owned(),
        error_message,
        ..ExecutionRecord::default()
    }
}

/// Whether a triggered alert's last notification is younger than its grace period.
async fn is_in_grace_period(app: &AppState, report: &ReportRecord, now: DateTime<Utc>) -> StoreResult<bool> {
    let Some(ended) = app
        .store
        .last_report_run_in_state(report.id, STATE_SUCCESS)
        .await?
    else {
        return Ok(false);
    };
    let Some(ended) = stored_time(&ended) else {
        return Ok(false);
    };
    // A grace period past the end of time never ends.
    let grace_end = chrono::Duration::try_seconds(report.fields.grace_period.max(0))
        .and_then(|grace| ended.checked_add_signed(grace));
    Ok(grace_end.is_none_or(|grace_end| grace_end > now))
}

/// One run of a report: the alert check, then the notification.
async fn execute_report(
    app: &AppState,
    report: &ReportRecord,
    now: DateTime<Utc>,
) -> StoreResult<ExecutionRecord> {
    let mut alert_values = ExecutionRecord::default();
    if report.fields.report_type == TYPE_ALERT {
        let was_triggered = matches!(report.last_state.as_str(), STATE_SUCCESS | STATE_GRACE);
        if was_triggered && is_in_grace_period(app, report, now).await? {
            return Ok(outcome(STATE_GRACE, Some(GRACE_PERIOD_MESSAGE.to_owned())));
        }
        match check_alert(app, report).await {
            Err(error) => return Ok(outcome(STATE_ERROR, Some(error.to_string()))),
            Ok(checked) => {
                alert_values.value = checked.value;
                alert_values.value_row_json = checked.value_row_json;
                if !checked.is_triggered {
                    return Ok(ExecutionRecord {
                        state: STATE_NOT_TRIGGERED.to_owned(),
                        ..alert_values
                    });
                }
            }
        }
    }
    let delivered = match deliver(app, report).await {
        Ok(()) => outcome(STATE_SUCCESS, None),
        Err(message) => outcome(STATE_ERROR, Some(message)),
    };
    Ok(ExecutionRecord {
        value: alert_values.value,
        value_row_json: alert_values.value_row_json,
        ..delivered
    })
}

/// Sends the report's notification to its e-mail recipients; the error text for the log.
async fn deliver(app: &AppState, report: &ReportRecord) -> Result<(), String> {
    let recipients: Vec<ReportRecipient> =
        serde_json::from_str(&report.fields.recipients).unwrap_or_default();
    if has_unsupported_recipients(&recipients) {
        return Err("Only e-mail recipients are supported: Slack notifications are not sent".to_owned());
    }
    let data = report_data(app, report).await?;
    let settings = &app.settings;
    let Some(email) = report_email(
        report,
        &recipients,
        &settings.email_reports_subject_prefix,
        &settings.public_base_url(),
        data,
    ) else {
        return Err("The report has no e-mail recipients".to_owned());
    };
    send_email(settings, &email)
        .await
        .map_err(|error| error.to_string())
}

/// The chart rows a `CSV` or `TEXT` report carries, from the chart's saved query context.
async fn report_data(app: &AppState, report: &ReportRecord) -> Result<ReportData, String> {
    let format = report.fields.report_format.as_str();
    let Some(chart_id) = report
        .fields
        .chart_id
        .filter(|_| matches!(format, "CSV" | "TEXT"))
    else {
        return Ok(ReportData::None);
    };
    let chart = app
        .store
        .chart(chart_id)
        .await
        .map_err(|error| error.to_string())?;
    let context = saved_query_context(&chart).map_err(|error| error.to_string())?;
    // Superset runs a report as its owner: the creator's dataset access applies.
    let creator_id = report.created_by.as_ref().map(|user| user.id).unwrap_or_default();
    let executor = load_user(app, creator_id)
        .await
        .map_err(|error| error.to_string())?
        .ok_or_else(|| "The report's owner is no longer an active user".to_owned())?;
    let dataset = authorized_dataset(app, &executor, &context)
        .await
        .map_err(|error| error.to_string())?;
    let results = run_query_context(app, &dataset, &context)
        .await
        .map_err(|error| error.to_string())?;
    let Some(result) = results.into_iter().next() else {
        return Ok(ReportData::None);
    };
    if format == "CSV" {
        return Ok(ReportData::Csv(result_csv(&result)));
    }
    let columns = result
        .output
        .schema
        .fields()
        .iter()
        .map(|field| field.name().clone())
        .collect();
    let mut rows = Vec::new();
    for batch in &result.output.batches {
        let values: Vec<Vec<serde_json::Value>> = batch.columns().iter().map(column_values).collect();
        for row in 0..batch.num_rows() {
            rows.push(
                values
                    .iter()
                    .map(|column| column.get(row).map(cell_text).unwrap_or_default())
                    .collect(),
            );
        }
    }
    Ok(ReportData::Table { columns, rows })
}

/// A table cell as text: nulls empty, texts as they are.
fn cell_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::Null => String::new(),
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Runs the scheduler until the task is aborted.
pub fn spawn_report_scheduler(app: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(SCHEDULER_TICK);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            ticks.tick().await;
            if let Err(error) = run_due_reports(&app, Utc::now()).await {
                tracing::warn!(%error, "report scheduler run failed");
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(crontab: &str, last_eval_dttm: Option<&str>) -> ScheduledReport {
        ScheduledReport {
            id: 1,
            crontab: crontab.to_owned(),
            timezone: "UTC".to_owned(),
            last_eval_dttm: last_eval_dttm.map(str::to_owned),
            created_on: "2026-11-24T10:00:30.000000".to_owned(),
        }
    }

    fn at(text: &str) -> DateTime<Utc> {
        stored_time(text).unwrap()
    }

    #[test]
    fn the_latest_fire_since_the_last_evaluation_is_due() {
        // (crontab, last evaluation, now, due fire time)
        let cases = [
            ("* * * * *", None, "2026-11-24T10:00:59", None),
            (
                "* * * * *",
                None,
                "2026-11-24T10:01:00",
                Some("2026-11-24T10:01:00"),
            ),
            (
                "* * * * *",
                Some("2026-11-24T10:01:00.5"),
                "2026-11-24T10:05:10",
                Some("2026-11-24T10:05:00"),
            ),
            ("0 9 * * *", None, "2026-11-25T08:59:00", None),
            (
                "0 9 * * *",
                None,
                "2026-11-26T12:00:00",
                Some("2026-11-26T09:00:00"),
            ),
        ];
        for (crontab, last_eval, now, expected) in cases {
            assert_eq!(
                due_fire_time(&report(crontab, last_eval), at(now)),
                expected.map(at),
                "{crontab} at {now}"
            );
        }
    }
}
