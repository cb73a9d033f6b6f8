//! The report scheduler: once a minute (as Superset's beat schedule), every active report whose
//! crontab fired since it was last evaluated is run once and its run is written to
//! `report_execution_log`.
//!
//! A run follows Superset's report state machine: it logs `Working`, an alert then runs its SQL
//! check ([`super::alert`]) and stops at `Not triggered` when nothing fired; then the
//! notification is e-mailed ([`super::email`]) and posted to Slack ([`super::slack`]), with a
//! screenshot for `PNG` and `PDF` ([`super::screenshot`]), and the run ends `Success`, or
//! `Error` with the reason; a failed run e-mails the report's owners unless they were told
//! within the grace period (a second `Error` logs "Notification sent with error"). A triggered
//! alert rests `On Grace` within its grace period, then `Not triggered`; a run left `Working`
//! is refused until its working timeout, then an `Error`. Once a day the
//! runs older than each report's `log_retention` days are deleted. Several processes
//! may run the scheduler: each evaluation is claimed by a conditional update of
//! `last_eval_dttm`, so a fire time runs once.

use std::time::Duration;

use chrono::{DateTime, NaiveDateTime, Utc};
use quiver_types::ReportRecipient;

use super::alert::check_alert;
use super::crontab::{parse_timezone, Crontab};
use super::email::send_email;
use super::notification::{
    data_attachment, error_email, has_unsupported_recipients, notification_name, notification_url,
    report_email, ReportData,
};
use super::screenshot::{take_screenshot, ShotFormat};
use super::slack::{send_slack, slack_channels, slack_text, text_table, SlackMessage};
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
/// Superset's `ReportState.WORKING`: a run started and has not ended.
pub const STATE_WORKING: &str = "Working";

/// Superset's `ReportScheduleAlertGracePeriodError`.
const GRACE_PERIOD_MESSAGE: &str = "Alert fired during grace period.";
/// Superset's `ReportScheduleAlertEndGracePeriodError`.
const END_GRACE_PERIOD_MESSAGE: &str = "Alert ended grace period.";
/// Superset's `ReportSchedulePreviousWorkingError`.
const PREVIOUS_WORKING_MESSAGE: &str = "Report Schedule is still working, refusing to re-compute.";
/// Superset's `ReportScheduleWorkingTimeoutError`.
const WORKING_TIMEOUT_MESSAGE: &str = "Report Schedule reached a working timeout.";
/// Superset's `REPORT_SCHEDULE_ERROR_NOTIFICATION_MARKER`: the owners were told of the error.
pub const ERROR_NOTIFICATION_MARKER: &str = "Notification sent with error";
/// How often the scheduler prunes the execution logs (Superset's daily `prune_log`).
const LOG_PRUNE_INTERVAL: chrono::Duration = chrono::Duration::hours(24);
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
        let log = RunLog {
            app,
            report_id: report.id,
            scheduled_dttm: fire.format(STORED_TIME_FORMAT).to_string(),
            start_dttm: now_stored.clone(),
        };
        execute_report(app, &record, now, &log).await?;
        ran.push(report.id);
    }
    Ok(ran)
}

/// Deletes every report's runs older than its `log_retention` days (Superset's daily
/// `reports.prune_log`); answers how many were deleted.
pub async fn prune_report_logs(app: &AppState, now: DateTime<Utc>) -> StoreResult<u64> {
    let mut deleted = 0;
    for (report_id, retention_days) in app.store.report_log_retentions().await? {
        let Some(before) = chrono::Duration::try_days(retention_days.max(0))
            .and_then(|retention| now.checked_sub_signed(retention))
        else {
            continue;
        };
        let before = before.format(STORED_TIME_FORMAT).to_string();
        deleted += app
            .store
            .delete_report_executions_before(report_id, &before)
            .await?;
    }
    Ok(deleted)
}

/// Writes one fire's log entries, each with the fire time and the time the run started, and
/// sets the report's `last_state` to each in turn (Superset's `update_report_schedule_and_log`).
struct RunLog<'a> {
    app: &'a AppState,
    report_id: i64,
    scheduled_dttm: String,
    start_dttm: String,
}

impl RunLog<'_> {
    async fn write(&self, run: ExecutionRecord) -> StoreResult<()> {
        if run.state == STATE_ERROR {
            tracing::warn!(
                report_id = self.report_id,
                error = run.error_message.as_deref().unwrap_or_default(),
                "report run failed"
            );
        }
        let run = ExecutionRecord {
            scheduled_dttm: self.scheduled_dttm.clone(),
            start_dttm: self.start_dttm.clone(),
            ..run
        };
        self.app
            .store
            .record_report_execution(self.report_id, &run)
            .await?;
        Ok(())
    }
}

fn outcome(state: &str, error_message: Option<&str>) -> ExecutionRecord {
    ExecutionRecord {
        state: state.to_owned(),
        error_message: error_message.map(str::to_owned),
        ..ExecutionRecord::default()
    }
}

/// Whether `since` (a stored time) is younger than `seconds` at `now`; a span past the end of
/// time never ends.
fn is_within(since: &str, seconds: i64, now: DateTime<Utc>) -> bool {
    let Some(since) = stored_time(since) else {
        return false;
    };
    let end = chrono::Duration::try_seconds(seconds.max(0)).and_then(|span| since.checked_add_signed(span));
    end.is_none_or(|end| end > now)
}

/// Whether a triggered alert's last notification is younger than its grace period.
async fn is_in_grace_period(app: &AppState, report: &ReportRecord, now: DateTime<Utc>) -> StoreResult<bool> {
    let ended = app
        .store
        .last_report_run_in_state(report.id, STATE_SUCCESS)
        .await?;
    Ok(ended.is_some_and(|ended| is_within(&ended, report.fields.grace_period, now)))
}

/// Whether a run still `Working` started longer ago than the report's working timeout.
async fn is_on_working_timeout(
    app: &AppState,
    report: &ReportRecord,
    now: DateTime<Utc>,
) -> StoreResult<bool> {
    let entered = app.store.last_entered_working(report.id).await?;
    Ok(entered.is_some_and(|entered| !is_within(&entered, report.fields.working_timeout, now)))
}

/// One fire of a report, as Superset's report state machine moves from its last state:
/// a run still `Working` is refused (or ends `Error` past the working timeout); a triggered
/// alert rests `On Grace` within its grace period and then returns to `Not triggered`; any
/// other run logs `Working`, checks an alert's SQL (`Not triggered` when nothing fired), sends
/// the notification and ends `Success` or `Error`.
async fn execute_report(
    app: &AppState,
    report: &ReportRecord,
    now: DateTime<Utc>,
    log: &RunLog<'_>,
) -> StoreResult<()> {
    let is_alert = report.fields.report_type == TYPE_ALERT;
    match report.last_state.as_str() {
        STATE_WORKING => {
            let run = if is_on_working_timeout(app, report, now).await? {
                outcome(STATE_ERROR, Some(WORKING_TIMEOUT_MESSAGE))
            } else {
                outcome(STATE_WORKING, Some(PREVIOUS_WORKING_MESSAGE))
            };
            return log.write(run).await;
        }
        STATE_SUCCESS | STATE_GRACE if is_alert => {
            let run = if is_in_grace_period(app, report, now).await? {
                outcome(STATE_GRACE, Some(GRACE_PERIOD_MESSAGE))
            } else {
                outcome(STATE_NOT_TRIGGERED, Some(END_GRACE_PERIOD_MESSAGE))
            };
            return log.write(run).await;
        }
        _ => {}
    }
    log.write(outcome(STATE_WORKING, None)).await?;
    let mut alert_values = ExecutionRecord::default();
    if is_alert {
        match check_alert(app, report).await {
            Err(error) => {
                log.write(outcome(STATE_ERROR, Some(&error.to_string()))).await?;
                return notify_owners_of_error(app, report, now, log, &error.to_string()).await;
            }
            Ok(checked) => {
                alert_values.value = checked.value;
                alert_values.value_row_json = checked.value_row_json;
                if !checked.is_triggered {
                    return log
                        .write(ExecutionRecord {
                            state: STATE_NOT_TRIGGERED.to_owned(),
                            ..alert_values
                        })
                        .await;
                }
            }
        }
    }
    let delivered = deliver(app, report).await;
    let ended = match &delivered {
        Ok(()) => outcome(STATE_SUCCESS, None),
        Err(message) => outcome(STATE_ERROR, Some(message)),
    };
    log.write(ExecutionRecord {
        value: alert_values.value,
        value_row_json: alert_values.value_row_json,
        ..ended
    })
    .await?;
    match delivered {
        Ok(()) => Ok(()),
        Err(message) => notify_owners_of_error(app, report, now, log, &message).await,
    }
}

/// Whether the owners were told of an error less than the report's grace period ago, with only
/// errors since (Superset's `is_in_error_grace_period`).
async fn is_in_error_grace_period(
    app: &AppState,
    report: &ReportRecord,
    now: DateTime<Utc>,
) -> StoreResult<bool> {
    let notified = app
        .store
        .last_error_notification(report.id, ERROR_NOTIFICATION_MARKER)
        .await?;
    Ok(notified.is_some_and(|notified| is_within(&notified, report.fields.grace_period, now)))
}

/// After a failed run, e-mails the report's owners "Error occurred for Report: {name}" unless
/// they were told within the grace period, and logs a second `Error`: Superset's marker "Notification
/// sent with error", or why the owners could not be told.
async fn notify_owners_of_error(
    app: &AppState,
    report: &ReportRecord,
    now: DateTime<Utc>,
    log: &RunLog<'_>,
    error: &str,
) -> StoreResult<()> {
    if is_in_error_grace_period(app, report, now).await? {
        return Ok(());
    }
    let owners = app.store.report_owner_emails(report.id).await?;
    let settings = &app.settings;
    let sent = match error_email(
        report,
        &owners,
        &settings.email_reports_subject_prefix,
        &settings.public_base_url(),
        error,
    ) {
        None => {
            Err("The error notification was not sent: the report's owners have no e-mail address".to_owned())
        }
        Some(email) => send_email(settings, &email)
            .await
            .map_err(|error| error.to_string()),
    };
    let message = match &sent {
        Ok(()) => ERROR_NOTIFICATION_MARKER,
        Err(reason) => reason.as_str(),
    };
    log.write(outcome(STATE_ERROR, Some(message))).await
}

/// Sends the report's notification to its e-mail and Slack recipients; the error text for the
/// log (the failures of both, joined by `;` as Superset joins them).
async fn deliver(app: &AppState, report: &ReportRecord) -> Result<(), String> {
    let recipients: Vec<ReportRecipient> =
        serde_json::from_str(&report.fields.recipients).unwrap_or_default();
    if recipients.is_empty() {
        return Err("The report has no recipients".to_owned());
    }
    if has_unsupported_recipients(&recipients) {
        return Err("Only e-mail and Slack recipients are supported".to_owned());
    }
    let data = report_data(app, report).await?;
    let settings = &app.settings;
    let base_url = settings.public_base_url();
    let mut errors = Vec::new();
    if recipients
        .iter()
        .any(|recipient| recipient.recipient_type == "Email")
    {
        match report_email(
            report,
            &recipients,
            &settings.email_reports_subject_prefix,
            &base_url,
            data.clone(),
        ) {
            None => errors.push("The report has no e-mail recipients".to_owned()),
            Some(email) => {
                if let Err(error) = send_email(settings, &email).await {
                    errors.push(error.to_string());
                }
            }
        }
    }
    let (channel_ids, channel_names) = slack_channels(&recipients);
    if !channel_ids.is_empty() || !channel_names.is_empty() {
        let name = notification_name(report);
        let table = match &data {
            ReportData::Table { columns, rows } => Some(text_table(columns, rows)),
            _ => None,
        };
        let message = SlackMessage {
            text: slack_text(
                &name,
                report.fields.description.as_deref().unwrap_or_default(),
                &notification_url(report, &base_url),
                table.as_deref(),
            ),
            file: data_attachment(&name, data),
        };
        if let Err(error) = send_slack(settings, &recipients, message).await {
            errors.push(error.to_string());
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join(";"))
    }
}

/// What the report carries: the chart's rows (`CSV`, `TEXT`) from its saved query context, or
/// a screenshot of the chart or dashboard (`PNG`, `PDF`), all as the report's owner sees them.
async fn report_data(app: &AppState, report: &ReportRecord) -> Result<ReportData, String> {
    let format = report.fields.report_format.as_str();
    let shot = match format {
        "PNG" => Some(ShotFormat::Png),
        "PDF" => Some(ShotFormat::Pdf),
        _ => None,
    };
    let chart_id = report
        .fields
        .chart_id
        .filter(|_| matches!(format, "CSV" | "TEXT"));
    if shot.is_none() && chart_id.is_none() {
        return Ok(ReportData::None);
    }
    // Superset runs a report as its owner: the creator's access applies.
    let creator_id = report.created_by.as_ref().map(|user| user.id).unwrap_or_default();
    let executor = load_user(app, creator_id)
        .await
        .map_err(|error| error.to_string())?
        .ok_or_else(|| "The report's owner is no longer an active user".to_owned())?;
    if let Some(shot) = shot {
        let bytes = take_screenshot(app, report, executor.id, shot)
            .await
            .map_err(|error| error.to_string())?;
        return Ok(match shot {
            ShotFormat::Png => ReportData::Png(bytes),
            ShotFormat::Pdf => ReportData::Pdf(bytes),
        });
    }
    let Some(chart_id) = chart_id else {
        return Ok(ReportData::None);
    };
    let chart = app
        .store
        .chart(chart_id)
        .await
        .map_err(|error| error.to_string())?;
    let context = saved_query_context(&chart).map_err(|error| error.to_string())?;
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
        let mut last_prune: Option<DateTime<Utc>> = None;
        loop {
            ticks.tick().await;
            let now = Utc::now();
            if let Err(error) = run_due_reports(&app, now).await {
                tracing::warn!(%error, "report scheduler run failed");
            }
            if last_prune.is_none_or(|pruned| now - pruned >= LOG_PRUNE_INTERVAL) {
                last_prune = Some(now);
                match prune_report_logs(&app, now).await {
                    Ok(deleted) => tracing::debug!(deleted, "report execution logs pruned"),
                    Err(error) => tracing::warn!(%error, "report execution log pruning failed"),
                }
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

    #[test]
    fn grace_periods_and_working_timeouts_end_after_their_seconds() {
        let since = "2026-11-24T10:00:00.000000";
        assert!(is_within(since, 60, at("2026-11-24T10:00:59")));
        assert!(!is_within(since, 60, at("2026-11-24T10:01:00")));
        assert!(!is_within(since, 0, at("2026-11-24T10:00:00")));
        // A span past the end of time never ends; an unreadable time is no span.
        assert!(is_within(since, i64::MAX, at("2100-01-01T00:00:00")));
        assert!(!is_within("yesterday", 60, at("2026-11-24T10:00:00")));
    }
}
