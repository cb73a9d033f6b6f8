//! Report schedules' crontabs: the five fields of Vixie cron (minute, hour, day of month, month,
//! day of week) with `*`, lists, ranges, steps, month and day names, and the `@daily`-style
//! shorthands, as Superset's croniter reads them; and the next time one fires in a time zone.
//!
//! Worked example: `30 9 * * 1-5` in `Europe/Paris` fires at 09:30 Paris time on weekdays,
//! 08:30 UTC in winter and 07:30 UTC in summer.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

/// Superset's message for a crontab croniter cannot read.
pub const INVALID_CRONTAB: &str = "Cron expression is not valid";

/// How far ahead the next fire time is looked for (a `0 0 29 2 *` fires within four years).
const SEARCH_DAYS: i64 = 366 * 5;

/// A parsed crontab: the values each field allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crontab {
    minutes: Vec<bool>,
    hours: Vec<bool>,
    days_of_month: Vec<bool>,
    months: Vec<bool>,
    /// 0 = Sunday; 7 is read as Sunday too.
    days_of_week: Vec<bool>,
    /// Day of month and day of week both restricted: a day matching either fires (Vixie cron).
    either_day: bool,
}

const MONTH_NAMES: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];
const DAY_NAMES: &[&str] = &["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/// One field's bounds and names: `(min, max, names from min)`.
struct FieldShape {
    min: u32,
    max: u32,
    names: &'static [&'static str],
}

const MINUTE: FieldShape = FieldShape {
    min: 0,
    max: 59,
    names: &[],
};
const HOUR: FieldShape = FieldShape {
    min: 0,
    max: 23,
    names: &[],
};
const DAY_OF_MONTH: FieldShape = FieldShape {
    min: 1,
    max: 31,
    names: &[],
};
const MONTH: FieldShape = FieldShape {
    min: 1,
    max: 12,
    names: MONTH_NAMES,
};
const DAY_OF_WEEK: FieldShape = FieldShape {
    min: 0,
    max: 7,
    names: DAY_NAMES,
};

fn field_value(text: &str, shape: &FieldShape) -> Option<u32> {
    let lower = text.to_ascii_lowercase();
    if let Some(position) = shape.names.iter().position(|name| *name == lower) {
        return u32::try_from(position).ok().map(|position| position + shape.min);
    }
    let value: u32 = text.parse().ok()?;
    (shape.min..=shape.max).contains(&value).then_some(value)
}

/// `*`, `5`, `1-5`, `*/15`, `10-50/10`, `mon-fri`, and comma lists of them.
fn parse_field(text: &str, shape: &FieldShape) -> Option<Vec<bool>> {
    let mut allowed = vec![false; usize::try_from(shape.max).ok()? + 1];
    for part in text.split(',') {
        let (range, step) = match part.split_once('/') {
            Some((range, step)) => (range, step.parse::<u32>().ok().filter(|step| *step > 0)?),
            None => (part, 1),
        };
        let (first, last) = if range == "*" {
            (shape.min, shape.max)
        } else if let Some((first, last)) = range.split_once('-') {
            (field_value(first, shape)?, field_value(last, shape)?)
        } else {
            let value = field_value(range, shape)?;
            // `5/10` runs from 5 to the field's end, as croniter reads it.
            let last = if part.contains('/') { shape.max } else { value };
            (value, last)
        };
        if first > last {
            return None;
        }
        for value in (first..=last).step_by(usize::try_from(step).ok()?) {
            *allowed.get_mut(usize::try_from(value).ok()?)? = true;
        }
    }
    Some(allowed)
}

fn shorthand(text: &str) -> Option<&'static str> {
    Some(match text {
        "@yearly" | "@annually" => "0 0 1 1 *",
        "@monthly" => "0 0 1 * *",
        "@weekly" => "0 0 * * 0",
        "@daily" | "@midnight" => "0 0 * * *",
        "@hourly" => "0 * * * *",
        _ => return None,
    })
}

impl Crontab {
    /// Reads a crontab; `None` when croniter would refuse it.
    pub fn parse(text: &str) -> Option<Crontab> {
        let text = text.trim();
        let text = shorthand(text).unwrap_or(text);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [minute, hour, day_of_month, month, day_of_week] = fields.as_slice() else {
            return None;
        };
        let mut days_of_week = parse_field(day_of_week, &DAY_OF_WEEK)?;
        if days_of_week.get(7).copied().unwrap_or(false) {
            days_of_week[0] = true;
        }
        days_of_week.truncate(7);
        Some(Crontab {
            minutes: parse_field(minute, &MINUTE)?,
            hours: parse_field(hour, &HOUR)?,
            days_of_month: parse_field(day_of_month, &DAY_OF_MONTH)?,
            months: parse_field(month, &MONTH)?,
            days_of_week,
            either_day: !day_of_month.starts_with('*') && !day_of_week.starts_with('*'),
        })
    }

    fn allows(values: &[bool], value: u32) -> bool {
        usize::try_from(value)
            .ok()
            .and_then(|index| values.get(index))
            .copied()
            .unwrap_or(false)
    }

    fn allows_day(&self, date: NaiveDate) -> bool {
        let by_month_day = Self::allows(&self.days_of_month, date.day());
        let by_week_day = Self::allows(&self.days_of_week, date.weekday().num_days_from_sunday());
        if self.either_day {
            by_month_day || by_week_day
        } else {
            by_month_day && by_week_day
        }
    }

    /// The first fire time strictly after `after`, reading the fields in `timezone`. A local
    /// time skipped by a daylight-saving change does not fire; a repeated one fires once.
    pub fn next_after(&self, after: DateTime<Utc>, timezone: Tz) -> Option<DateTime<Utc>> {
        let local = after.with_timezone(&timezone).naive_local();
        let mut candidate = local.with_second(0)?.with_nanosecond(0)? + Duration::minutes(1);
        let limit = candidate + Duration::days(SEARCH_DAYS);
        while candidate < limit {
            let date = candidate.date();
            if !Self::allows(&self.months, date.month()) {
                candidate = first_of_next_month(date)?;
                continue;
            }
            if !self.allows_day(date) {
                candidate = date.succ_opt()?.and_hms_opt(0, 0, 0)?;
                continue;
            }
            if !Self::allows(&self.hours, candidate.hour()) {
                candidate = candidate.with_minute(0)? + Duration::hours(1);
                continue;
            }
            if !Self::allows(&self.minutes, candidate.minute()) {
                candidate += Duration::minutes(1);
                continue;
            }
            if let Some(fire) = timezone.from_local_datetime(&candidate).earliest() {
                let fire = fire.with_timezone(&Utc);
                if fire > after {
                    return Some(fire);
                }
            }
            candidate += Duration::minutes(1);
        }
        None
    }
}

fn first_of_next_month(date: NaiveDate) -> Option<NaiveDateTime> {
    let (year, month) = if date.month() == 12 {
        (date.year() + 1, 1)
    } else {
        (date.year(), date.month() + 1)
    };
    NaiveDate::from_ymd_opt(year, month, 1)?.and_hms_opt(0, 0, 0)
}

/// A time zone name of the IANA database (`UTC`, `Europe/Paris`), as Superset's pytz list.
pub fn parse_timezone(name: &str) -> Option<Tz> {
    name.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
            .unwrap()
            .and_utc()
    }

    fn next(crontab: &str, timezone: &str, after: &str) -> String {
        Crontab::parse(crontab)
            .unwrap()
            .next_after(utc(after), parse_timezone(timezone).unwrap())
            .unwrap()
            .format("%Y-%m-%d %H:%M")
            .to_string()
    }

    #[test]
    fn next_fire_times() {
        // (crontab, time zone, after (UTC), next fire (UTC))
        let cases = [
            ("* * * * *", "UTC", "2026-01-01 10:00", "2026-01-01 10:01"),
            ("0 12 * * 1", "UTC", "2026-11-24 13:00", "2026-11-30 12:00"),
            ("*/15 * * * *", "UTC", "2026-01-01 10:07", "2026-01-01 10:15"),
            (
                "30 9 * * 1-5",
                "Europe/Paris",
                "2026-01-02 09:00",
                "2026-01-05 08:30",
            ),
            (
                "30 9 * * mon-fri",
                "Europe/Paris",
                "2026-07-01 08:00",
                "2026-07-02 07:30",
            ),
            ("0 0 29 2 *", "UTC", "2026-03-01 00:00", "2028-02-29 00:00"),
            ("@daily", "UTC", "2026-12-31 23:59", "2027-01-01 00:00"),
            ("0 0 1,15 * 0", "UTC", "2026-11-02 00:00", "2026-11-08 00:00"),
            ("5/20 * * jan *", "UTC", "2026-12-01 00:00", "2027-01-01 00:05"),
        ];
        for (crontab, timezone, after, expected) in cases {
            assert_eq!(
                next(crontab, timezone, after),
                expected,
                "{crontab} in {timezone}"
            );
        }
    }

    #[test]
    fn a_local_time_skipped_by_daylight_saving_does_not_fire() {
        // 2026-03-29 02:30 does not exist in Paris; the next one is on the 30th (00:30 UTC).
        assert_eq!(
            next("30 2 * * *", "Europe/Paris", "2026-03-28 02:00"),
            "2026-03-30 00:30"
        );
    }

    #[test]
    fn malformed_crontabs_are_refused() {
        for text in [
            "",
            "* * * *",
            "60 * * * *",
            "* 24 * * *",
            "* * 0 * *",
            "* * * 13 *",
            "*/0 * * * *",
            "5-1 * * * *",
            "a b c d e",
            "* * * * * *",
        ] {
            assert!(Crontab::parse(text).is_none(), "{text}");
        }
        assert!(Crontab::parse("0 9 * * 7").is_some());
        assert!(parse_timezone("Mars/Olympus").is_none());
        assert!(parse_timezone("America/New_York").is_some());
    }
}
