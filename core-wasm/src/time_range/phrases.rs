//! The English phrases Superset rewrites into date expressions before evaluating them
//! (`time_range_lookup` and `handle_nth_of` in `date_parser.py`), matched with the same
//! case-insensitive patterns, including their limits on spaces.
//!
//! | one side of `X : Y`                    | expression                                          |
//! |----------------------------------------|-----------------------------------------------------|
//! | `last 2 weeks`, `next month`           | `DATEADD(DATETIME(base), -2, week)`, `(.., 1, month)` |
//! | `this year`                            | `DATETIME(base)`                                    |
//! | `start of last month`                  | `DATETRUNC(DATEADD(DATETIME(base), -1, month), month)` |
//! | `end of this quarter`                  | `LASTDAY(DATETIME(base), quarter)`                  |
//! | `first of this month`, `first day of the year` | `DATETRUNC(DATETIME(base), month)`          |
//! | `DATEADD(...)` and the other functions | parsed as written                                   |
//! | anything else                          | `DATETIME('anything else')`                         |
//!
//! The base is `relative_start` when given, otherwise `now` for seconds, minutes and hours and
//! `today` for coarser units. A whole time range `first week of this year` (no separator) is the
//! range from the start of the year to one week later.

use crate::time_range::calendar::TimeUnit;
use crate::time_range::expression::{parse_expression, Expression};
use crate::time_range::TimeRangeError;

const SCOPES: [&str; 4] = ["this", "last", "next", "prior"];
const EVERY_UNIT: [&str; 8] = [
    "second", "minute", "hour", "day", "week", "month", "quarter", "year",
];
const DAY_AND_COARSER_UNITS: [&str; 5] = ["day", "week", "month", "quarter", "year"];
const PERIOD_UNITS: [&str; 4] = ["week", "month", "quarter", "year"];
const FUNCTIONS: [&str; 5] = ["DATETIME", "DATEADD", "DATETRUNC", "LASTDAY", "HOLIDAY"];

/// The expression one side of `X : Y` stands for (`part` is trimmed and not empty).
pub fn side_expression(part: &str, relative_start: Option<&str>) -> Result<Expression, TimeRangeError> {
    if let Some(expression) = start_or_end_of(part, relative_start)
        .or_else(|| first_of(part, relative_start))
        .or_else(|| scope_and_unit(part, relative_start))
    {
        return Ok(expression);
    }
    let is_function = !part.contains('\n')
        && FUNCTIONS.iter().any(|function| {
            part.get(..function.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(function))
        });
    if is_function {
        return parse_expression(part);
    }
    Ok(Expression::DateTime(part.to_owned()))
}

/// `first week of this year`, `1st month of the quarter`, `first quarter of last year`: the
/// first sub-period of a period, as `(start, end)`.
pub fn first_subunit_range(
    time_range: &str,
    relative_start: Option<&str>,
) -> Option<(Expression, Expression)> {
    let mut scanner = Scanner::new(time_range);
    scanner.word(&["first", "1st"])?;
    scanner.spaces(1, 5)?;
    let subunit = scanner.word(&["week", "month", "quarter"])?;
    scanner.spaces(1, 5)?;
    scanner.word(&["of"])?;
    scanner.spaces(1, 5)?;
    let scope = scanner.optional(|scanner| {
        let scope = scanner.word(&SCOPES)?;
        scanner.spaces(1, 5)?;
        Some(scope)
    });
    scanner.optional(|scanner| {
        scanner.word(&["the"])?;
        scanner.spaces(1, 5)
    });
    let unit = scanner.word(&PERIOD_UNITS)?;
    scanner.end()?;
    let start = Expression::DateTrunc(
        Box::new(scope_base(scope.unwrap_or("this"), 1, unit, relative_start)),
        unit_of(unit),
    );
    let end = Expression::date_add(start.clone(), 1, unit_of(subunit));
    Some((start, end))
}

/// The bound Superset pairs with a separator-less `Last ...` / `Next ...` range: `now` when the
/// range counts seconds, minutes or hours, `today` otherwise.
pub fn default_bound_for_shorthand(time_range: &str) -> &'static str {
    let unit = (|| {
        let mut scanner = Scanner::new(time_range);
        scanner.word(&["Last", "Next"])?;
        scanner.spaces(1, 5)?;
        scanner.optional(|scanner| {
            scanner.digits()?;
            scanner.spaces(0, 5)
        });
        let unit = scanner.word(&EVERY_UNIT)?;
        scanner.optional_plural();
        scanner.end()?;
        Some(unit)
    })();
    unit.map_or("today", relative_base_for_unit)
}

/// `(start of|beginning of|end of) (this|last|next|prior) [N] (day|week|month|quarter|year)[s]`
fn start_or_end_of(part: &str, relative_start: Option<&str>) -> Option<Expression> {
    let mut scanner = Scanner::new(part);
    let modifier = scanner.word(&["start of", "beginning of", "end of"])?;
    scanner.spaces(1, 5)?;
    let scope = scanner.word(&SCOPES)?;
    let delta = scanner.spaced_count()?;
    let unit = scanner.word(&DAY_AND_COARSER_UNITS)?;
    scanner.optional_plural();
    scanner.end()?;
    let base = Box::new(scope_base(scope, delta, unit, relative_start));
    Some(match modifier {
        "end of" => Expression::LastDay(base, unit_of(unit)),
        _ => Expression::DateTrunc(base, unit_of(unit)),
    })
}

/// `(first|1st) [day] of (this|last|next|prior) unit[s]` and `(first|1st) [day] of [the] unit`.
fn first_of(part: &str, relative_start: Option<&str>) -> Option<Expression> {
    let mut scanner = Scanner::new(part);
    scanner.word(&["first", "1st"])?;
    scanner.spaces(1, 5)?;
    scanner.optional(|scanner| {
        scanner.word(&["day"])?;
        scanner.spaces(1, 5)
    });
    scanner.word(&["of"])?;
    scanner.spaces(1, 5)?;
    let with_scope = scanner.optional(|scanner| {
        let scope = scanner.word(&SCOPES)?;
        scanner.spaces(1, 5)?;
        let unit = scanner.word(&DAY_AND_COARSER_UNITS)?;
        scanner.optional_plural();
        scanner.end()?;
        Some((scope, unit))
    });
    let (scope, unit) = match with_scope {
        Some(scope_and_unit) => scope_and_unit,
        None => {
            scanner.optional(|scanner| {
                scanner.word(&["the"])?;
                scanner.spaces(1, 5)
            });
            let unit = scanner.word(&PERIOD_UNITS)?;
            scanner.end()?;
            ("this", unit)
        }
    };
    Some(Expression::DateTrunc(
        Box::new(scope_base(scope, 1, unit, relative_start)),
        unit_of(unit),
    ))
}

/// `(this|last|next|prior) [N] unit[s]`, any unit from second to year.
fn scope_and_unit(part: &str, relative_start: Option<&str>) -> Option<Expression> {
    let mut scanner = Scanner::new(part);
    let scope = scanner.word(&SCOPES)?;
    let delta = scanner.spaced_count()?;
    let unit = scanner.word(&EVERY_UNIT)?;
    scanner.optional_plural();
    scanner.end()?;
    Some(scope_base(scope, delta, unit, relative_start))
}

/// Superset's `handle_scope_and_unit`: `this` is the base itself, `last`/`prior` go back `delta`
/// units, `next` forward.
fn scope_base(scope: &str, delta: i64, unit: &str, relative_start: Option<&str>) -> Expression {
    let base = Expression::DateTime(relative_start.unwrap_or(relative_base_for_unit(unit)).to_owned());
    match scope.to_ascii_lowercase().as_str() {
        "last" | "prior" => Expression::date_add(base, -delta, unit_of(unit)),
        "next" => Expression::date_add(base, delta, unit_of(unit)),
        _ => base,
    }
}

/// Superset's `get_relative_base` without a `relative_start`.
fn relative_base_for_unit(unit: &str) -> &'static str {
    if unit_of(unit).is_time_of_day() {
        "now"
    } else {
        "today"
    }
}

/// The unit of a pattern word (every word in the pattern lists is a unit name).
fn unit_of(name: &str) -> TimeUnit {
    TimeUnit::from_name(name).unwrap_or(TimeUnit::Day)
}

/// A cursor over a phrase with the few regular-expression pieces the patterns need.
#[derive(Clone)]
struct Scanner<'a> {
    rest: &'a str,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Scanner { rest: text }
    }

    /// The first of `options` the text continues with, ignoring case, as written in `options`.
    fn word(&mut self, options: &[&'static str]) -> Option<&'static str> {
        let option = options.iter().copied().find(|option| {
            self.rest
                .get(..option.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(option))
        })?;
        self.rest = &self.rest[option.len()..];
        Some(option)
    }

    /// Between `minimum` and `maximum` whitespace characters, then not more.
    fn spaces(&mut self, minimum: usize, maximum: usize) -> Option<()> {
        let count = self
            .rest
            .chars()
            .take_while(|character| character.is_whitespace())
            .count();
        if count < minimum || count > maximum {
            return None;
        }
        self.skip_whitespace();
        Some(())
    }

    /// `\s{1,5}([0-9]+)?\s{0,5}` after a scope: the count (1 when absent). Without digits the
    /// two runs of spaces meet, so up to ten spaces match.
    fn spaced_count(&mut self) -> Option<i64> {
        let leading = self
            .rest
            .chars()
            .take_while(|character| character.is_whitespace())
            .count();
        self.skip_whitespace();
        match self.digits() {
            Some(digits) if (1..=5).contains(&leading) => {
                self.spaces(0, 5)?;
                // Superset's `int()` has no limit; a count past i64 is no phrase here.
                digits.parse().ok()
            }
            None if (1..=10).contains(&leading) => Some(1),
            _ => None,
        }
    }

    fn digits(&mut self) -> Option<&'a str> {
        let length = self.rest.bytes().take_while(u8::is_ascii_digit).count();
        if length == 0 {
            return None;
        }
        let (digits, rest) = self.rest.split_at(length);
        self.rest = rest;
        Some(digits)
    }

    fn optional_plural(&mut self) {
        if let Some(rest) = self.rest.strip_prefix(['s', 'S']) {
            self.rest = rest;
        }
    }

    /// `(?:...)?`: runs `pattern`; when it fails, the cursor stays where it was.
    fn optional<T>(&mut self, pattern: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let mut attempt = self.clone();
        let matched = pattern(&mut attempt)?;
        *self = attempt;
        Some(matched)
    }

    fn end(&self) -> Option<()> {
        self.rest.is_empty().then_some(())
    }

    fn skip_whitespace(&mut self) {
        self.rest = self.rest.trim_start();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date_time(text: &str) -> Box<Expression> {
        Box::new(Expression::DateTime(text.to_owned()))
    }

    #[test]
    fn scope_phrases_count_from_the_relative_base() {
        assert_eq!(
            side_expression("Last 2 Weeks", None),
            Ok(Expression::date_add(
                Expression::DateTime("today".to_owned()),
                -2,
                TimeUnit::Week
            ))
        );
        assert_eq!(
            side_expression("next hour", None),
            Ok(Expression::date_add(
                Expression::DateTime("now".to_owned()),
                1,
                TimeUnit::Hour
            ))
        );
        assert_eq!(
            side_expression("this month", Some("now")),
            Ok(Expression::DateTime("now".to_owned()))
        );
        // Without digits the two runs of spaces meet: ten spaces still match, eleven do not.
        assert!(scope_and_unit(&format!("last{}week", " ".repeat(10)), None).is_some());
        assert!(scope_and_unit(&format!("last{}week", " ".repeat(11)), None).is_none());
    }

    #[test]
    fn start_end_and_first_of_periods() {
        assert_eq!(
            side_expression("end of last 2 months", None),
            Ok(Expression::LastDay(
                Box::new(Expression::date_add(
                    Expression::DateTime("today".to_owned()),
                    -2,
                    TimeUnit::Month
                )),
                TimeUnit::Month
            ))
        );
        assert_eq!(
            side_expression("First day of the year", None),
            Ok(Expression::DateTrunc(date_time("today"), TimeUnit::Year))
        );
        assert_eq!(
            side_expression("1st of this week", None),
            Ok(Expression::DateTrunc(date_time("today"), TimeUnit::Week))
        );
    }

    #[test]
    fn other_text_is_a_datetime_or_an_expression() {
        assert_eq!(
            side_expression("3 days ago", None),
            Ok(Expression::DateTime("3 days ago".to_owned()))
        );
        assert_eq!(
            side_expression("datetrunc(datetime('today'), month)", None),
            Ok(Expression::DateTrunc(date_time("today"), TimeUnit::Month))
        );
    }

    #[test]
    fn shorthand_default_bound_follows_the_unit() {
        assert_eq!(default_bound_for_shorthand("Last 3 hours"), "now");
        assert_eq!(default_bound_for_shorthand("Next week"), "today");
        assert_eq!(default_bound_for_shorthand("Last 3 hours please"), "today");
    }
}
