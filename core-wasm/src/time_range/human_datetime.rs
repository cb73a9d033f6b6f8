//! The text inside `DATETIME('...')`, and every side of a time range that is not an expression or
//! a `last/next/this` phrase: Superset's `parse_human_datetime`.
//!
//! Superset first tries dateutil (absolute dates), then parsedatetime (relative phrases). This
//! reads the forms its UI and docs use:
//!
//! - absolute: `2020`, `2020-02`, `2020-02-01`, `20200201`, `2020/02/01`, `2/1/2020` (month
//!   first), with a time `10`, `10:30`, `10:30:15` or `10:30:15.25` after `T` or a space; a time
//!   alone (`10:30`) is on January 1 of `now`'s year, as dateutil's default date;
//! - `now` (to the second), `today`, `yesterday`, `tomorrow` (midnight);
//! - `N unit(s) ago|before|later|after`, `in N unit(s)`, `-N unit(s)`, `+N unit(s)`, with N in
//!   digits, `a`/`an` or words up to twenty (`3days ago` too). As parsedatetime does, they count
//!   from `now` and land on midnight unless the unit is finer than a day: at 2024-06-15 14:30,
//!   `3 days ago` is 2024-06-12 00:00 and `3 hours ago` is 2024-06-15 11:30;
//! - `N unit(s) before now|after now|from now`, which keep the time of day (`now` names one);
//! - quarters count as 3 months (a Quiver extension: parsedatetime does not know them).
//!
//! A bare period (`7 days`) is ambiguous, as in Superset.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime};

use crate::time_range::calendar::{add_units, midnight, TimeUnit};
use crate::time_range::TimeRangeError;

/// The date-time `text` names, at `now`.
pub fn parse_human_datetime(text: &str, now: NaiveDateTime) -> Result<NaiveDateTime, TimeRangeError> {
    if is_bare_period(text) {
        return Err(TimeRangeError::Ambiguous {
            text: text.to_owned(),
        });
    }
    if let Some(dttm) = parse_absolute(text.trim(), now) {
        return Ok(dttm);
    }
    match parse_relative(text, now) {
        Some(Some(dttm)) => Ok(dttm),
        Some(None) => Err(TimeRangeError::OutOfRange),
        None => Err(TimeRangeError::Unparsable {
            text: text.to_owned(),
        }),
    }
}

/// `7 days`, `1 year`: a number and a unit, without `ago` or `later`.
fn is_bare_period(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    matches!(words.as_slice(), [number, unit]
        if number.bytes().all(|byte| byte.is_ascii_digit()) && unit_of_word(unit).is_some())
}

/// `day`, `Days` → `Day`.
fn unit_of_word(word: &str) -> Option<TimeUnit> {
    TimeUnit::from_name(word).or_else(|| {
        let singular = word.strip_suffix('s').or_else(|| word.strip_suffix('S'))?;
        TimeUnit::from_name(singular)
    })
}

// ---- absolute dates (dateutil) ----

fn parse_absolute(text: &str, now: NaiveDateTime) -> Option<NaiveDateTime> {
    if text.contains(':') && !text.contains(['T', ' ', '-', '/']) {
        let january_first = NaiveDate::from_ymd_opt(now.year(), 1, 1)?;
        return Some(january_first.and_time(parse_time(text)?));
    }
    let (date_text, time_text) = match text.split_once(['T', ' ']) {
        Some((date_text, time_text)) => (date_text, Some(time_text.trim_start())),
        None => (text, None),
    };
    let (date, is_full_date) = parse_date(date_text)?;
    match time_text {
        None => Some(midnight(date)),
        Some(time_text) if is_full_date => Some(date.and_time(parse_time(time_text)?)),
        Some(_) => None,
    }
}

/// The date and whether the text named its day.
fn parse_date(text: &str) -> Option<(NaiveDate, bool)> {
    let is_number = |part: &str, lengths: &[usize]| {
        lengths.contains(&part.len()) && part.bytes().all(|byte| byte.is_ascii_digit())
    };
    let number = |part: &str| part.parse::<u32>().ok();
    let dash_parts: Vec<&str> = text.split('-').collect();
    let slash_parts: Vec<&str> = text.split('/').collect();
    let (year, month, day) = match (dash_parts.as_slice(), slash_parts.as_slice()) {
        ([year], [_]) if is_number(year, &[4]) => (number(year)?, 1, None),
        ([digits], [_]) if is_number(digits, &[8]) => (
            number(&digits[..4])?,
            number(&digits[4..6])?,
            Some(number(&digits[6..])?),
        ),
        ([year, month], _) if is_number(year, &[4]) && is_number(month, &[1, 2]) => {
            (number(year)?, number(month)?, None)
        }
        ([year, month, day], _) | (_, [year, month, day])
            if is_number(year, &[4]) && is_number(month, &[1, 2]) && is_number(day, &[1, 2]) =>
        {
            (number(year)?, number(month)?, Some(number(day)?))
        }
        (_, [month, day, year])
            if is_number(year, &[4]) && is_number(month, &[1, 2]) && is_number(day, &[1, 2]) =>
        {
            (number(year)?, number(month)?, Some(number(day)?))
        }
        _ => return None,
    };
    let date = NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day.unwrap_or(1))
        .filter(|date| date.year() >= 1)?;
    Some((date, day.is_some()))
}

/// `10`, `10:30`, `10:30:15`, `10:30:15.123456` (dateutil keeps microseconds).
fn parse_time(text: &str) -> Option<NaiveTime> {
    let (clock, fraction) = match text.split_once('.') {
        Some((clock, fraction)) => (clock, Some(fraction)),
        None => (text, None),
    };
    let parts: Vec<&str> = clock.split(':').collect();
    let field = |part: &&str| (1..=2).contains(&part.len()) && part.bytes().all(|byte| byte.is_ascii_digit());
    if parts.len() > 3 || !parts.iter().all(field) || (parts.len() == 1 && fraction.is_some()) {
        return None;
    }
    let hour = parts[0].parse().ok()?;
    let minute = parts.get(1).map_or(Some(0), |minute| minute.parse().ok())?;
    let second = parts.get(2).map_or(Some(0), |second| second.parse().ok())?;
    let microsecond = match fraction {
        None => 0,
        Some(digits) if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) => {
            let six: String = digits.chars().chain(std::iter::repeat('0')).take(6).collect();
            six.parse().ok()?
        }
        Some(_) => return None,
    };
    NaiveTime::from_hms_micro_opt(hour, minute, second, microsecond)
}

// ---- relative phrases (parsedatetime) ----

/// `None` when the text is no relative phrase; `Some(None)` when it is one but falls outside the
/// calendar.
fn parse_relative(text: &str, now: NaiveDateTime) -> Option<Option<NaiveDateTime>> {
    let lowercase = text.to_lowercase();
    let words = split_glued_number(lowercase.split_whitespace().collect());
    let today = now.date();
    let day_offset = |days: i64| add_units(midnight(today), days, TimeUnit::Day);
    match words.as_slice() {
        ["now"] => return Some(Some(now)),
        ["today"] => return Some(Some(midnight(today))),
        ["yesterday"] => return Some(day_offset(-1)),
        ["tomorrow"] => return Some(day_offset(1)),
        _ => {}
    }
    let (amount, unit, keeps_time) = match words.as_slice() {
        [number, unit, "ago" | "before"] => (-number_of_word(number)?, *unit, false),
        [number, unit, "later" | "after"] | ["in", number, unit] => (number_of_word(number)?, *unit, false),
        [number, unit, "before", "now"] => (-number_of_word(number)?, *unit, true),
        [number, unit, "after" | "from", "now"] => (number_of_word(number)?, *unit, true),
        [signed, unit] => match (signed.strip_prefix('-'), signed.strip_prefix('+')) {
            (Some(digits), _) => (-number_of_word(digits)?, *unit, false),
            (_, Some(digits)) => (number_of_word(digits)?, *unit, false),
            _ => return None,
        },
        _ => return None,
    };
    let unit = unit_of_word(unit)?;
    let Some(moved) = add_units(now, amount, unit) else {
        return Some(None);
    };
    Some(Some(if keeps_time || unit.is_time_of_day() {
        moved
    } else {
        midnight(moved.date())
    }))
}

/// `["3days", "ago"]` → `["3", "days", "ago"]`.
fn split_glued_number(mut words: Vec<&str>) -> Vec<&str> {
    if let Some(first) = words.first().copied() {
        let digit_count = first.bytes().take_while(u8::is_ascii_digit).count();
        if digit_count > 0 && digit_count < first.len() && unit_of_word(&first[digit_count..]).is_some() {
            words.splice(0..1, [&first[..digit_count], &first[digit_count..]]);
        }
    }
    words
}

const NUMBER_WORDS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// `3`, `a`, `an`, `three` (parsedatetime knows words up to twenty).
fn number_of_word(word: &str) -> Option<i64> {
    if !word.is_empty() && word.bytes().all(|byte| byte.is_ascii_digit()) {
        return word.parse().ok();
    }
    if matches!(word, "a" | "an") {
        return Some(1);
    }
    NUMBER_WORDS
        .iter()
        .position(|number_word| *number_word == word)
        .and_then(|position| i64::try_from(position).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    fn parse(text: &str) -> Result<NaiveDateTime, TimeRangeError> {
        parse_human_datetime(text, at("2024-06-15 14:30:45"))
    }

    #[test]
    fn absolute_forms_default_to_january_first_and_midnight() {
        assert_eq!(parse("2018"), Ok(at("2018-01-01 00:00:00")));
        assert_eq!(parse("2018-9"), Ok(at("2018-09-01 00:00:00")));
        assert_eq!(parse("2/3/1969"), Ok(at("1969-02-03 00:00:00")));
        assert_eq!(parse("2020/12/05"), Ok(at("2020-12-05 00:00:00")));
        assert_eq!(parse("20200102"), Ok(at("2020-01-02 00:00:00")));
        assert_eq!(parse(" 2020-01-01 10:00 "), Ok(at("2020-01-01 10:00:00")));
        assert_eq!(parse("2020-01-01T10"), Ok(at("2020-01-01 10:00:00")));
        assert_eq!(parse("10:15"), Ok(at("2024-01-01 10:15:00")));
        assert_eq!(
            parse("2020-01-01T10:00:00.5").map(|dttm| dttm.and_utc().timestamp_subsec_micros()),
            Ok(500_000)
        );
    }

    #[test]
    fn relative_phrases_land_on_midnight_unless_finer_than_a_day() {
        assert_eq!(parse("now"), Ok(at("2024-06-15 14:30:45")));
        assert_eq!(parse("Yesterday"), Ok(at("2024-06-14 00:00:00")));
        assert_eq!(parse("3 days ago"), Ok(at("2024-06-12 00:00:00")));
        assert_eq!(parse("3 hours ago"), Ok(at("2024-06-15 11:30:45")));
        assert_eq!(parse("one year ago"), Ok(at("2023-06-15 00:00:00")));
        assert_eq!(parse("2 years after"), Ok(at("2026-06-15 00:00:00")));
        assert_eq!(parse("1 quarter later"), Ok(at("2024-09-15 00:00:00")));
        assert_eq!(parse("10 minutes from now"), Ok(at("2024-06-15 14:40:45")));
        assert_eq!(parse("3 days before now"), Ok(at("2024-06-12 14:30:45")));
        assert_eq!(parse("a day ago"), Ok(at("2024-06-14 00:00:00")));
        assert_eq!(parse("in 3 days"), Ok(at("2024-06-18 00:00:00")));
        assert_eq!(parse("-3 days"), Ok(at("2024-06-12 00:00:00")));
        assert_eq!(parse("3days ago"), Ok(at("2024-06-12 00:00:00")));
    }

    #[test]
    fn bare_periods_are_ambiguous_and_gibberish_unparsable() {
        assert_eq!(
            parse("2 days"),
            Err(TimeRangeError::Ambiguous {
                text: "2 days".to_owned()
            })
        );
        assert_eq!(
            parse("xxxxxxx"),
            Err(TimeRangeError::Unparsable {
                text: "xxxxxxx".to_owned()
            })
        );
        assert_eq!(
            parse("2021-02-29"),
            Err(TimeRangeError::Unparsable {
                text: "2021-02-29".to_owned()
            })
        );
        assert_eq!(parse("99999999999 years ago"), Err(TimeRangeError::OutOfRange));
    }
}
