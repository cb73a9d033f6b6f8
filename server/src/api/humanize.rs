//! Python `humanize.naturaltime`, which Superset uses for `changed_on_delta_humanized` and
//! `created_on_delta_humanized`: "a minute ago", "3 hours ago", "2 months ago", "1 year, 4 days ago".

use chrono::{DateTime, NaiveDateTime, Utc};

/// How long ago the stored timestamp (ISO-8601 UTC text) was, in words; the text itself when
/// it cannot be read.
pub fn time_ago(stored: &str, now: DateTime<Utc>) -> String {
    let parsed = NaiveDateTime::parse_from_str(stored, "%Y-%m-%dT%H:%M:%S%.f")
        .or_else(|_| NaiveDateTime::parse_from_str(stored, "%Y-%m-%d %H:%M:%S%.f"));
    match parsed {
        Ok(then) => {
            let seconds = (now.naive_utc() - then).num_seconds();
            if seconds < 0 {
                format!("{} from now", natural_delta(-seconds))
            } else if seconds == 0 {
                "now".to_owned()
            } else {
                format!("{} ago", natural_delta(seconds))
            }
        }
        Err(_) => stored.to_owned(),
    }
}

/// `humanize.naturaldelta` with months, for a positive number of seconds.
fn natural_delta(seconds: i64) -> String {
    let days_total = seconds / 86_400;
    let years = days_total / 365;
    let days = days_total % 365;
    let months = (days as f64 / 30.5) as i64;
    let plural = |count: i64, unit: &str| {
        if count == 1 {
            format!("1 {unit}")
        } else {
            format!("{count} {unit}s")
        }
    };
    if years == 0 && days_total < 1 {
        let seconds = seconds % 86_400;
        return match seconds {
            1 => "a second".to_owned(),
            2..=59 => format!("{seconds} seconds"),
            60..=119 => "a minute".to_owned(),
            120..=3_599 => format!("{} minutes", seconds / 60),
            3_600..=7_199 => "an hour".to_owned(),
            _ => format!("{} hours", seconds / 3_600),
        };
    }
    match years {
        0 if days == 1 => "a day".to_owned(),
        0 if months == 0 => format!("{days} days"),
        0 if months == 1 => "a month".to_owned(),
        0 => format!("{months} months"),
        1 if months == 0 && days == 0 => "a year".to_owned(),
        1 if months == 0 => format!("1 year, {}", plural(days, "day")),
        1 => format!("1 year, {}", plural(months, "month")),
        _ => format!("{years} years"),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn spans_read_as_humanize_writes_them() {
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).single();
        let Some(now) = now else {
            panic!("a valid date");
        };
        for (stored, expected) in [
            ("2026-11-23T12:00:00.000000", "now"),
            ("2026-11-23T11:59:30.000000", "30 seconds ago"),
            ("2026-11-23T11:59:00", "a minute ago"),
            ("2026-11-23T11:44:59.5", "15 minutes ago"),
            ("2026-11-23T11:00:00", "an hour ago"),
            ("2026-11-23T07:00:00", "5 hours ago"),
            ("2026-11-22T12:00:00", "a day ago"),
            ("2026-11-13T12:00:00", "10 days ago"),
            ("2026-10-20T12:00:00", "a month ago"),
            ("2026-06-23T12:00:00", "5 months ago"),
            ("2025-11-23T12:00:00", "a year ago"),
            ("2025-11-19T12:00:00", "1 year, 4 days ago"),
            ("2025-08-23T12:00:00", "1 year, 3 months ago"),
            ("2023-11-23T12:00:00", "3 years ago"),
            ("2026-11-23 12:05:00", "5 minutes from now"),
            ("yesterday", "yesterday"),
        ] {
            assert_eq!(time_ago(stored, now), expected, "{stored}");
        }
    }
}
