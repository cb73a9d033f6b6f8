//! "5 minutes ago": how lists and the chart API show how long ago something changed
//! (Superset's `changed_on_delta_humanized`, the wording of Python's `humanize.naturaltime`).

use chrono::{NaiveDateTime, Utc};

/// The time since a stored timestamp (`2026-11-22T19:30:00.123456`, UTC) in words.
pub fn humanized_time_since(stored: &str) -> String {
    match NaiveDateTime::parse_from_str(stored, "%Y-%m-%dT%H:%M:%S%.f") {
        Ok(then) => humanized_seconds((Utc::now().naive_utc() - then).num_seconds()),
        Err(_) => String::new(),
    }
}

/// Seconds in words: `0` is "now", `90` is "a minute ago", `7200` is "2 hours ago".
pub fn humanized_seconds(seconds: i64) -> String {
    const MINUTE: i64 = 60;
    const HOUR: i64 = 60 * MINUTE;
    const DAY: i64 = 24 * HOUR;
    const MONTH: i64 = 30 * DAY;
    const YEAR: i64 = 365 * DAY;
    let seconds = seconds.max(0);
    let amount = |unit: i64, one: &str, many: &str| -> String {
        let count = seconds / unit;
        if count == 1 {
            format!("{one} ago")
        } else {
            format!("{count} {many} ago")
        }
    };
    match seconds {
        0 => "now".to_owned(),
        s if s < MINUTE => amount(1, "a second", "seconds"),
        s if s < HOUR => amount(MINUTE, "a minute", "minutes"),
        s if s < DAY => amount(HOUR, "an hour", "hours"),
        s if s < MONTH => amount(DAY, "a day", "days"),
        s if s < YEAR => amount(MONTH, "a month", "months"),
        _ => amount(YEAR, "a year", "years"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_read_as_superset_words() {
        let cases = [
            (0, "now"),
            (1, "a second ago"),
            (45, "45 seconds ago"),
            (90, "a minute ago"),
            (600, "10 minutes ago"),
            (3_600, "an hour ago"),
            (7_200, "2 hours ago"),
            (86_400, "a day ago"),
            (3 * 86_400, "3 days ago"),
            (60 * 86_400, "2 months ago"),
            (400 * 86_400, "a year ago"),
        ];
        for (seconds, words) in cases {
            assert_eq!(humanized_seconds(seconds), words, "{seconds} s");
        }
    }

    #[test]
    fn a_stored_timestamp_of_now_is_now_or_seconds() {
        let words = humanized_time_since(&crate::store::now_text());
        assert!(
            words == "now" || words.ends_with("seconds ago") || words == "a second ago",
            "{words}"
        );
        assert_eq!(humanized_time_since("not a time"), "");
    }
}
