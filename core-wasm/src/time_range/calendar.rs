//! Calendar arithmetic on naive date-times, as Superset's date parser does it: months added like
//! dateutil's `relativedelta` (the day clamped to the month's end), weeks starting on Monday.

use chrono::{Datelike, Days, Months, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, Timelike};

/// A unit of time in time range expressions (`DATEADD(..., 1, month)`, `3 weeks ago`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeUnit {
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Month,
    Quarter,
    Year,
}

impl TimeUnit {
    /// Every unit with its lowercase name, finest first.
    pub const ALL: [(&'static str, TimeUnit); 8] = [
        ("second", TimeUnit::Second),
        ("minute", TimeUnit::Minute),
        ("hour", TimeUnit::Hour),
        ("day", TimeUnit::Day),
        ("week", TimeUnit::Week),
        ("month", TimeUnit::Month),
        ("quarter", TimeUnit::Quarter),
        ("year", TimeUnit::Year),
    ];

    /// The unit named `name` (singular, any case): `"Month"` → `Month`.
    pub fn from_name(name: &str) -> Option<TimeUnit> {
        TimeUnit::ALL
            .iter()
            .find(|(unit_name, _)| unit_name.eq_ignore_ascii_case(name))
            .map(|(_, unit)| *unit)
    }

    /// Whether the unit is finer than a day (second, minute, hour). A relative phrase in such a
    /// unit keeps the time of day; one in a coarser unit lands on midnight.
    pub fn is_time_of_day(self) -> bool {
        matches!(self, TimeUnit::Second | TimeUnit::Minute | TimeUnit::Hour)
    }
}

/// `dttm` moved by `amount` units; `None` outside years 1 to 9999 (Python's `datetime` range).
///
/// Months, quarters (3 months) and years (12 months) keep the day of month, clamped to the last
/// day of the target month: 2020-03-31 − 1 month = 2020-02-29; 2020-02-29 + 1 year = 2021-02-28.
pub fn add_units(dttm: NaiveDateTime, amount: i64, unit: TimeUnit) -> Option<NaiveDateTime> {
    let moved = match unit {
        TimeUnit::Second => dttm.checked_add_signed(TimeDelta::try_seconds(amount)?),
        TimeUnit::Minute => dttm.checked_add_signed(TimeDelta::try_minutes(amount)?),
        TimeUnit::Hour => dttm.checked_add_signed(TimeDelta::try_hours(amount)?),
        TimeUnit::Day => dttm.checked_add_signed(TimeDelta::try_days(amount)?),
        TimeUnit::Week => dttm.checked_add_signed(TimeDelta::try_weeks(amount)?),
        TimeUnit::Month => add_months(dttm, amount),
        TimeUnit::Quarter => add_months(dttm, amount.checked_mul(3)?),
        TimeUnit::Year => add_months(dttm, amount.checked_mul(12)?),
    };
    moved.filter(is_in_python_range)
}

/// Whether a date-time falls in years 1 to 9999, the range Python's `datetime` (and so Superset)
/// can hold.
pub fn is_in_python_range(dttm: &NaiveDateTime) -> bool {
    (1..=9999).contains(&dttm.year())
}

fn add_months(dttm: NaiveDateTime, months: i64) -> Option<NaiveDateTime> {
    let magnitude = Months::new(u32::try_from(months.unsigned_abs()).ok()?);
    if months >= 0 {
        dttm.checked_add_months(magnitude)
    } else {
        dttm.checked_sub_months(magnitude)
    }
}

/// The start of the `unit` containing `dttm` (Superset's `DATETRUNC`): weeks start on Monday,
/// quarters in January, April, July and October; `second` drops the fraction of a second.
pub fn truncate(dttm: NaiveDateTime, unit: TimeUnit) -> NaiveDateTime {
    let date = dttm.date();
    match unit {
        TimeUnit::Year => midnight(first_of_month(date.year(), 1).unwrap_or(date)),
        TimeUnit::Quarter => midnight(first_of_month(date.year(), quarter_first_month(date)).unwrap_or(date)),
        TimeUnit::Month => midnight(date.with_day(1).unwrap_or(date)),
        TimeUnit::Week => midnight(monday_of(date)),
        TimeUnit::Day => midnight(date),
        TimeUnit::Hour => date.and_time(NaiveTime::from_hms_opt(dttm.hour(), 0, 0).unwrap_or_default()),
        TimeUnit::Minute => {
            date.and_time(NaiveTime::from_hms_opt(dttm.hour(), dttm.minute(), 0).unwrap_or_default())
        }
        TimeUnit::Second => dttm.with_nanosecond(0).unwrap_or(dttm),
    }
}

/// The last day of the `unit` containing `dttm`, at midnight (Superset's `LASTDAY`): Dec 31 for a
/// year, the quarter's last month's end, the month's end, the Sunday of the week, the day itself.
/// `None` for units finer than a day (the expression grammar never asks for them) and after
/// year 9999.
pub fn last_day(dttm: NaiveDateTime, unit: TimeUnit) -> Option<NaiveDateTime> {
    let date = dttm.date();
    let last = match unit {
        TimeUnit::Year => NaiveDate::from_ymd_opt(date.year(), 12, 31)?,
        TimeUnit::Quarter => last_of_month(date.year(), quarter_first_month(date) + 2)?,
        TimeUnit::Month => last_of_month(date.year(), date.month())?,
        TimeUnit::Week => monday_of(date).checked_add_days(Days::new(6))?,
        TimeUnit::Day => date,
        TimeUnit::Hour | TimeUnit::Minute | TimeUnit::Second => return None,
    };
    Some(midnight(last)).filter(is_in_python_range)
}

/// `date` at 00:00:00.
pub fn midnight(date: NaiveDate) -> NaiveDateTime {
    date.and_time(NaiveTime::MIN)
}

fn first_of_month(year: i32, month: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, month, 1)
}

fn last_of_month(year: i32, month: u32) -> Option<NaiveDate> {
    let first = first_of_month(year, month)?;
    first.checked_add_months(Months::new(1))?.pred_opt()
}

fn quarter_first_month(date: NaiveDate) -> u32 {
    3 * ((date.month() - 1) / 3) + 1
}

fn monday_of(date: NaiveDate) -> NaiveDate {
    let days_since_monday = u64::from(date.weekday().num_days_from_monday());
    date.checked_sub_days(Days::new(days_since_monday))
        .unwrap_or(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn months_clamp_to_the_end_of_the_target_month() {
        assert_eq!(
            add_units(at("2020-03-31 10:00:00"), -1, TimeUnit::Month),
            Some(at("2020-02-29 10:00:00"))
        );
        assert_eq!(
            add_units(at("2021-03-31 00:00:00"), -1, TimeUnit::Month),
            Some(at("2021-02-28 00:00:00"))
        );
        assert_eq!(
            add_units(at("2020-02-29 00:00:00"), 1, TimeUnit::Year),
            Some(at("2021-02-28 00:00:00"))
        );
        assert_eq!(
            add_units(at("2020-11-30 00:00:00"), 1, TimeUnit::Quarter),
            Some(at("2021-02-28 00:00:00"))
        );
    }

    #[test]
    fn weeks_start_on_monday_and_end_on_sunday() {
        // 2024-06-16 is a Sunday, 2024-06-17 a Monday.
        assert_eq!(
            truncate(at("2024-06-16 15:30:00"), TimeUnit::Week),
            at("2024-06-10 00:00:00")
        );
        assert_eq!(
            truncate(at("2024-06-17 15:30:00"), TimeUnit::Week),
            at("2024-06-17 00:00:00")
        );
        assert_eq!(
            last_day(at("2024-06-17 15:30:00"), TimeUnit::Week),
            Some(at("2024-06-23 00:00:00"))
        );
    }

    #[test]
    fn quarters_and_sub_day_truncation() {
        assert_eq!(
            truncate(at("2024-08-15 15:30:45"), TimeUnit::Quarter),
            at("2024-07-01 00:00:00")
        );
        assert_eq!(
            last_day(at("2024-08-15 15:30:45"), TimeUnit::Quarter),
            Some(at("2024-09-30 00:00:00"))
        );
        assert_eq!(
            truncate(at("2024-08-15 15:30:45"), TimeUnit::Minute),
            at("2024-08-15 15:30:00")
        );
        assert_eq!(last_day(at("2024-08-15 15:30:45"), TimeUnit::Hour), None);
    }

    #[test]
    fn overflow_is_none() {
        assert_eq!(
            add_units(at("2020-01-01 00:00:00"), i64::MAX, TimeUnit::Year),
            None
        );
        assert_eq!(
            add_units(at("2020-01-01 00:00:00"), 1_000_000, TimeUnit::Year),
            None
        );
        assert_eq!(add_units(at("9999-12-31 00:00:00"), 1, TimeUnit::Day), None);
        assert_eq!(last_day(at("9999-12-31 00:00:00"), TimeUnit::Week), None);
    }
}
