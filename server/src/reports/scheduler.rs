//! The report scheduler: once a minute (as Superset's beat schedule), every active report whose
//! crontab fired since it was last evaluated is run once and its run is written to
//! `report_execution_log`.
//!
//! Delivery is recorded, not sent: Quiver has no SMTP or Slack transport yet, so a run logs the
//! recipients it would notify and records the execution as `Success`. Several processes may run
//! the scheduler: each evaluation is claimed by a conditional update of `last_eval_dttm`, so a
//! fire time runs once.

use std::time::Duration;

use chrono::{DateTime, NaiveDateTime, Utc};

use super::crontab::{parse_timezone, Crontab};
use crate::store::report::ScheduledReport;
use crate::store::{Store, StoreResult};

/// How often the scheduler looks for due reports.
pub const SCHEDULER_TICK: Duration = Duration::from_secs(60);

/// At most this many missed fire times are stepped over to find the latest one.
const MAX_MISSED_FIRES: usize = 10_000;

/// Superset's `ReportState.SUCCESS`.
pub const STATE_SUCCESS: &str = "Success";

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
pub async fn run_due_reports(store: &Store, now: DateTime<Utc>) -> StoreResult<Vec<i64>> {
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
        tracing::info!(
            report_id = report.id,
            recipients = %record.fields.recipients,
            report_format = %record.fields.report_format,
            "report delivery recorded without a notification transport"
        );
        let scheduled = fire.format(STORED_TIME_FORMAT).to_string();
        store
            .record_report_execution(report.id, &scheduled, &now_stored, STATE_SUCCESS, None)
            .await?;
        ran.push(report.id);
    }
    Ok(ran)
}

/// Runs the scheduler until the task is aborted.
pub fn spawn_report_scheduler(store: Store) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(SCHEDULER_TICK);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            ticks.tick().await;
            if let Err(error) = run_due_reports(&store, Utc::now()).await {
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
