//! Time ranges (`time_range` controls, `TEMPORAL_RANGE` filters, `GET /api/v1/time_range/`)
//! resolved to bounds exactly as Superset's `get_since_until` does.
//!
//! ```text
//! "No filter"                      → (none, none)
//! "Last week", "Last 3 months"     → "<that> : <relative_end>"   (Superset's shorthand)
//! "Next 2 days"                    → "<relative_start> : <that>"
//! "previous calendar month"        → first of last month : first of this month
//! "Current week"                   → this Monday : next Monday
//! "first week of this year"        → Jan 1 : Jan 8
//! "X : Y"                          → each side: empty (unbounded), a phrase, a date, or an
//!                                    expression (phrases.rs, human_datetime.rs, expression.rs)
//! anything else                    → (none, relative_end)   (Superset ignores such text)
//! ```
//!
//! The core has no clock: the caller passes `now` (the server's local wall time in Superset).
//! Bounds are naive date-times; the query uses them as `since <= column < until`.

mod calendar;
mod expression;
mod human_datetime;
mod phrases;

use chrono::NaiveDateTime;

use crate::error::CoreResult;
use calendar::{truncate, TimeUnit};
use human_datetime::parse_human_datetime;
use phrases::{default_bound_for_shorthand, first_subunit_range, side_expression};

/// The `time_range` value meaning "no time filter".
pub const NO_TIME_RANGE: &str = "No filter";

/// Superset's separator between the start and the end of a time range.
const SEPARATOR: &str = " : ";

/// The format of bounds in the UI and in `GET /api/v1/time_range/` (Python's `isoformat()` of a
/// date-time without fraction).
const ENDPOINT_FORMAT: &str = "%Y-%m-%dT%H:%M:%S";

/// The resolved bounds of a time range; `None` is unbounded on that side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimeBounds {
    pub since: Option<NaiveDateTime>,
    pub until: Option<NaiveDateTime>,
}

/// Why a time range cannot be resolved. `Display` is Superset's text where it has one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeRangeError {
    /// Neither a date nor a phrase Superset reads: `xxxx : now`.
    #[error("Cannot parse time string [{text}]")]
    Unparsable { text: String },

    /// A bare period such as `7 days : now`: ago or later?
    #[error("Time string is ambiguous. Please specify [{text} ago] or [{text} later].")]
    Ambiguous { text: String },

    /// A date expression that breaks the grammar; `position` counts characters from 0.
    #[error("Error parsing time range: \"{expression}\": expected {expected} (at char {position})")]
    Syntax {
        expression: String,
        expected: String,
        position: usize,
    },

    /// `HOLIDAY(...)`, which Quiver does not evaluate.
    #[error("Error parsing time range: \"{expression}\": {function} is not supported")]
    UnsupportedFunction {
        expression: String,
        function: &'static str,
    },

    /// A date before year 1 or after year 9999 (Python's `datetime` range), or an amount past
    /// 64 bits.
    #[error("Date value out of range")]
    OutOfRange,

    /// The start is after the end.
    #[error("From date cannot be larger than to date")]
    SinceAfterUntil,
}

/// The bounds of `time_range` at `now`.
///
/// `relative_start` and `relative_end` are the anchors of relative ranges (`"today"` or `"now"`,
/// or any date text). Pass what the query object's `extras` say, defaulting to `"today"` as
/// Superset's `DEFAULT_RELATIVE_START_TIME`/`_END_TIME` do for chart queries; pass `None` for
/// `GET /api/v1/time_range/`, where Superset anchors seconds, minutes and hours on `now` and
/// coarser units on `today`.
///
/// Example, at 2024-06-15 14:30: `"Last week"` → (2024-06-08, 2024-06-15);
/// `"DATEADD(DATETIME('2020-03-01'), -1, day) : "` → (2020-02-29, unbounded).
pub fn resolve_time_range(
    time_range: &str,
    now: NaiveDateTime,
    relative_start: Option<&str>,
    relative_end: Option<&str>,
) -> CoreResult<TimeBounds> {
    let relative_start = relative_start.filter(|text| !text.is_empty());
    let relative_end = relative_end.filter(|text| !text.is_empty());
    // Superset reads its clock through `timetuple()`, to the second.
    let now = truncate(now, TimeUnit::Second);
    Ok(resolve(time_range, now, relative_start, relative_end)?)
}

/// The bounds as the UI and `GET /api/v1/time_range/` show them: `2024-06-15T00:00:00`.
pub fn time_range_endpoints_text(bounds: TimeBounds) -> (Option<String>, Option<String>) {
    let text = |bound: Option<NaiveDateTime>| bound.map(|dttm| dttm.format(ENDPOINT_FORMAT).to_string());
    (text(bounds.since), text(bounds.until))
}

fn resolve(
    time_range: &str,
    now: NaiveDateTime,
    relative_start: Option<&str>,
    relative_end: Option<&str>,
) -> Result<TimeBounds, TimeRangeError> {
    if time_range == NO_TIME_RANGE {
        return Ok(TimeBounds::default());
    }
    let time_range = expand_shorthand(time_range, relative_start, relative_end);
    let bounds = if let Some((start, end)) = first_subunit_range(&time_range, relative_start) {
        TimeBounds {
            since: Some(start.evaluate(now)?),
            until: Some(end.evaluate(now)?),
        }
    } else if let Some((since_text, until_text)) = time_range.split_once(SEPARATOR) {
        TimeBounds {
            since: resolve_side(since_text, now, relative_start)?,
            until: resolve_side(until_text, now, relative_start)?,
        }
    } else {
        // Superset's legacy branch: text that is no range leaves only the default end.
        TimeBounds {
            since: None,
            until: Some(parse_human_datetime(relative_end.unwrap_or("today"), now)?),
        }
    };
    if let (Some(since), Some(until)) = (bounds.since, bounds.until) {
        if since > until {
            return Err(TimeRangeError::SinceAfterUntil);
        }
    }
    Ok(bounds)
}

/// One side of `X : Y`; empty is unbounded.
fn resolve_side(
    text: &str,
    now: NaiveDateTime,
    relative_start: Option<&str>,
) -> Result<Option<NaiveDateTime>, TimeRangeError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    side_expression(text, relative_start)?.evaluate(now).map(Some)
}

/// Superset's rewrites of separator-less ranges into `X : Y` (its prefixes are case-sensitive).
fn expand_shorthand(time_range: &str, relative_start: Option<&str>, relative_end: Option<&str>) -> String {
    if time_range.contains(SEPARATOR) {
        return time_range.to_owned();
    }
    if time_range.starts_with("Last") {
        let end = relative_end.unwrap_or_else(|| default_bound_for_shorthand(time_range));
        return format!("{time_range}{SEPARATOR}{end}");
    }
    if time_range.starts_with("Next") {
        let start = relative_start.unwrap_or_else(|| default_bound_for_shorthand(time_range));
        return format!("{start}{SEPARATOR}{time_range}");
    }
    for unit in ["week", "month", "quarter", "year"] {
        if time_range.starts_with(&format!("previous calendar {unit}")) {
            return format!(
                "DATETRUNC(DATEADD(DATETIME('today'), -1, {unit}), {unit}){SEPARATOR}\
                 DATETRUNC(DATETIME('today'), {unit})"
            );
        }
    }
    for unit in ["day", "week", "month", "quarter", "year"] {
        if time_range.starts_with(&format!("Current {unit}")) {
            return format!(
                "DATETRUNC(DATEADD(DATETIME('today'), 0, {unit}), {unit}){SEPARATOR}\
                 DATETRUNC(DATEADD(DATETIME('today'), 1, {unit}), {unit})"
            );
        }
    }
    time_range.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CoreError;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    fn resolve_at(time_range: &str, now: &str) -> CoreResult<(Option<String>, Option<String>)> {
        resolve_time_range(time_range, at(now), None, None).map(time_range_endpoints_text)
    }

    fn both(since: &str, until: &str) -> CoreResult<(Option<String>, Option<String>)> {
        Ok((Some(since.to_owned()), Some(until.to_owned())))
    }

    #[test]
    fn superset_get_since_until_examples() {
        let now = "2016-11-07 09:30:10";
        assert_eq!(
            resolve_at("Last year", now),
            both("2015-11-07T00:00:00", "2016-11-07T00:00:00")
        );
        assert_eq!(
            resolve_at("Last quarter", now),
            both("2016-08-07T00:00:00", "2016-11-07T00:00:00")
        );
        assert_eq!(
            resolve_at("Next 5 months", now),
            both("2016-11-07T00:00:00", "2017-04-07T00:00:00")
        );
        assert_eq!(
            resolve_at("yesterday : tomorrow", now),
            both("2016-11-06T00:00:00", "2016-11-08T00:00:00")
        );
        assert_eq!(
            resolve_at(" : now", now),
            Ok((None, Some("2016-11-07T09:30:10".to_owned())))
        );
        assert_eq!(
            resolve_at("previous calendar week", now),
            both("2016-10-31T00:00:00", "2016-11-07T00:00:00")
        );
    }

    #[test]
    fn relative_anchors_apply_to_each_side() {
        let now = at("2016-11-07 09:30:10");
        let bounds = resolve_time_range("Last week", now, Some("now"), Some("now")).unwrap();
        assert_eq!(
            time_range_endpoints_text(bounds),
            (
                Some("2016-10-31T09:30:10".to_owned()),
                Some("2016-11-07T09:30:10".to_owned())
            )
        );
    }

    #[test]
    fn now_is_read_to_the_second() {
        let now = at("2016-11-07 09:30:10") + chrono::TimeDelta::milliseconds(750);
        let bounds = resolve_time_range(" : now", now, None, None).unwrap();
        assert_eq!(bounds.until, Some(at("2016-11-07 09:30:10")));
    }

    #[test]
    fn since_after_until_is_superset_s_message() {
        let error = resolve_at("tomorrow : yesterday", "2016-11-07 09:30:10").unwrap_err();
        assert_eq!(error.to_string(), "From date cannot be larger than to date");
        assert_eq!(error.name(), "InvalidTimeRange");
        assert_eq!(
            error,
            CoreError::InvalidTimeRange(TimeRangeError::SinceAfterUntil)
        );
    }
}
