//! Superset's date expressions: `DATETIME('text')`, `DATEADD(expr, n, unit)`,
//! `DATETRUNC(expr, unit)`, `LASTDAY(expr, unit)`, with `DATEDIFF(expr, expr[, day|year])` as
//! the amount of a `DATEADD`. Function and unit names are case-insensitive, text is in single or
//! double quotes, a trailing comma before `)` is allowed, and text after a complete expression is
//! ignored (pyparsing's `parseString` without `parseAll`, as Superset calls it).
//!
//! Example: `DATEADD(DATETRUNC(DATETIME("2020-03-31"), month), -1, day)` is 2020-02-29.

use chrono::{Datelike, NaiveDateTime};

use crate::time_range::calendar::{add_units, last_day, truncate, TimeUnit};
use crate::time_range::human_datetime::parse_human_datetime;
use crate::time_range::TimeRangeError;

/// A date expression, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expression {
    /// `DATETIME('text')`: the text read by [`parse_human_datetime`].
    DateTime(String),
    /// `DATEADD(expr, amount, unit)`.
    DateAdd(Box<Expression>, Amount, TimeUnit),
    /// `DATETRUNC(expr, unit)`: the start of the unit.
    DateTrunc(Box<Expression>, TimeUnit),
    /// `LASTDAY(expr, unit)`: the last day of the unit, at midnight.
    LastDay(Box<Expression>, TimeUnit),
}

/// The amount of a `DATEADD`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Amount {
    /// A signed integer literal (`-1`, `+2`).
    Literal(i64),
    /// `DATEDIFF(from, to[, unit])`: whole days (rounded down, as Python's `timedelta.days`)
    /// or the difference of the years.
    DateDiff(Box<Expression>, Box<Expression>, DiffUnit),
}

/// The unit of a `DATEDIFF`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiffUnit {
    Day,
    Year,
}

impl Expression {
    /// `DATEADD(expr, amount, unit)` with a literal amount.
    pub fn date_add(base: Expression, amount: i64, unit: TimeUnit) -> Expression {
        Expression::DateAdd(Box::new(base), Amount::Literal(amount), unit)
    }

    /// The date-time the expression names at `now`.
    pub fn evaluate(&self, now: NaiveDateTime) -> Result<NaiveDateTime, TimeRangeError> {
        match self {
            Expression::DateTime(text) => parse_human_datetime(text, now),
            Expression::DateAdd(base, amount, unit) => {
                let amount = amount.evaluate(now)?;
                add_units(base.evaluate(now)?, amount, *unit).ok_or(TimeRangeError::OutOfRange)
            }
            Expression::DateTrunc(base, unit) => Ok(truncate(base.evaluate(now)?, *unit)),
            Expression::LastDay(base, unit) => {
                last_day(base.evaluate(now)?, *unit).ok_or(TimeRangeError::OutOfRange)
            }
        }
    }
}

impl Amount {
    fn evaluate(&self, now: NaiveDateTime) -> Result<i64, TimeRangeError> {
        match self {
            Amount::Literal(amount) => Ok(*amount),
            Amount::DateDiff(from, to, DiffUnit::Day) => {
                let delta = to.evaluate(now)? - from.evaluate(now)?;
                // `num_seconds` rounds toward zero; a negative fraction left over floors one lower.
                let whole_seconds = delta.num_seconds();
                let is_short_of_a_day = whole_seconds % 86_400 == 0 && delta.subsec_nanos() < 0;
                Ok(whole_seconds.div_euclid(86_400) - i64::from(is_short_of_a_day))
            }
            Amount::DateDiff(from, to, DiffUnit::Year) => {
                Ok(i64::from(to.evaluate(now)?.year()) - i64::from(from.evaluate(now)?.year()))
            }
        }
    }
}

/// The expression at the start of `text` (what follows it is ignored).
pub fn parse_expression(text: &str) -> Result<Expression, TimeRangeError> {
    Parser {
        text,
        position: 0,
        depth: 0,
    }
    .date_expression()
}

/// Deeper nesting is refused rather than risking the stack (a Wasm stack is small).
const MAXIMUM_DEPTH: usize = 64;

const DATE_UNITS: [TimeUnit; 8] = [
    TimeUnit::Year,
    TimeUnit::Quarter,
    TimeUnit::Month,
    TimeUnit::Week,
    TimeUnit::Day,
    TimeUnit::Hour,
    TimeUnit::Minute,
    TimeUnit::Second,
];
const LAST_DAY_UNITS: [TimeUnit; 5] = [
    TimeUnit::Year,
    TimeUnit::Quarter,
    TimeUnit::Month,
    TimeUnit::Week,
    TimeUnit::Day,
];

/// A recursive-descent parser mirroring Superset's pyparsing grammar.
struct Parser<'a> {
    text: &'a str,
    /// Byte offset of the next unread character.
    position: usize,
    depth: usize,
}

impl Parser<'_> {
    fn date_expression(&mut self) -> Result<Expression, TimeRangeError> {
        if self.depth == MAXIMUM_DEPTH {
            return Err(self.syntax_error("a less deeply nested expression"));
        }
        self.depth += 1;
        let expression = self.date_function();
        self.depth -= 1;
        expression
    }

    fn date_function(&mut self) -> Result<Expression, TimeRangeError> {
        if self.keyword("DATETIME") {
            self.symbol('(')?;
            let text = self.quoted_text()?;
            self.symbol(')')?;
            return Ok(Expression::DateTime(text));
        }
        if self.keyword("DATEADD") {
            self.symbol('(')?;
            let base = self.date_expression()?;
            self.symbol(',')?;
            let amount = self.amount()?;
            self.symbol(',')?;
            let unit = self.unit(&DATE_UNITS)?;
            self.closing()?;
            return Ok(Expression::DateAdd(Box::new(base), amount, unit));
        }
        if self.keyword("DATETRUNC") {
            self.symbol('(')?;
            let base = self.date_expression()?;
            self.symbol(',')?;
            let unit = self.unit(&DATE_UNITS)?;
            self.closing()?;
            return Ok(Expression::DateTrunc(Box::new(base), unit));
        }
        if self.keyword("LASTDAY") {
            self.symbol('(')?;
            let base = self.date_expression()?;
            self.symbol(',')?;
            let unit = self.unit(&LAST_DAY_UNITS)?;
            self.closing()?;
            return Ok(Expression::LastDay(Box::new(base), unit));
        }
        if self.keyword("HOLIDAY") {
            return Err(TimeRangeError::UnsupportedFunction {
                expression: self.text.to_owned(),
                function: "HOLIDAY",
            });
        }
        Err(self.syntax_error("DATETIME, DATEADD, DATETRUNC or LASTDAY"))
    }

    /// A signed integer or `DATEDIFF(from, to[, day|year][,])`.
    fn amount(&mut self) -> Result<Amount, TimeRangeError> {
        if self.keyword("DATEDIFF") {
            self.symbol('(')?;
            let from = self.date_expression()?;
            self.symbol(',')?;
            let to = self.date_expression()?;
            let mut unit = DiffUnit::Day;
            if self.try_symbol(',') {
                if self.keyword("year") {
                    unit = DiffUnit::Year;
                } else if !self.keyword("day") {
                    return Err(self.syntax_error("day or year"));
                }
            }
            self.closing()?;
            return Ok(Amount::DateDiff(Box::new(from), Box::new(to), unit));
        }
        self.skip_whitespace();
        let rest = &self.text[self.position..];
        let sign_length = usize::from(rest.starts_with(['+', '-']));
        let digit_count = rest[sign_length..].bytes().take_while(u8::is_ascii_digit).count();
        if digit_count == 0 {
            return Err(self.syntax_error("an integer"));
        }
        let literal = &rest[..sign_length + digit_count];
        let amount = literal.parse::<i64>().map_err(|_| TimeRangeError::OutOfRange)?;
        self.position += literal.len();
        Ok(Amount::Literal(amount))
    }

    fn unit(&mut self, allowed: &[TimeUnit]) -> Result<TimeUnit, TimeRangeError> {
        for (name, unit) in TimeUnit::ALL {
            if allowed.contains(&unit) && self.keyword(name) {
                return Ok(unit);
            }
        }
        let expected = if allowed.len() == LAST_DAY_UNITS.len() {
            "year, quarter, month, week or day"
        } else {
            "a unit (year, quarter, month, week, day, hour, minute or second)"
        };
        Err(self.syntax_error(expected))
    }

    /// The text of a quoted string without its quotes (escapes are kept as written, as pyparsing's
    /// `quotedString` does).
    fn quoted_text(&mut self) -> Result<String, TimeRangeError> {
        self.skip_whitespace();
        let rest = &self.text[self.position..];
        let Some(quote) = rest.chars().next().filter(|first| matches!(first, '\'' | '"')) else {
            return Err(self.syntax_error("a quoted string"));
        };
        let mut characters = rest.char_indices().skip(1).peekable();
        while let Some((index, character)) = characters.next() {
            match character {
                '\n' | '\r' => break,
                '\\' => {
                    characters.next();
                }
                _ if character == quote => {
                    if characters.peek().is_some_and(|(_, next)| *next == quote) {
                        characters.next();
                        continue;
                    }
                    self.position += index + 1;
                    return Ok(rest[1..index].to_owned());
                }
                _ => {}
            }
        }
        Err(self.syntax_error("a closing quote"))
    }

    /// An optional trailing comma, then `)`.
    fn closing(&mut self) -> Result<(), TimeRangeError> {
        self.try_symbol(',');
        self.symbol(')')
    }

    fn symbol(&mut self, symbol: char) -> Result<(), TimeRangeError> {
        if self.try_symbol(symbol) {
            Ok(())
        } else {
            Err(self.syntax_error(match symbol {
                '(' => "\"(\"",
                ')' => "\")\"",
                _ => "\",\"",
            }))
        }
    }

    fn try_symbol(&mut self, symbol: char) -> bool {
        self.skip_whitespace();
        let matched = self.text[self.position..].starts_with(symbol);
        if matched {
            self.position += symbol.len_utf8();
        }
        matched
    }

    /// A case-insensitive keyword not followed by a letter, digit, `_` or `$`.
    fn keyword(&mut self, word: &str) -> bool {
        self.skip_whitespace();
        let rest = &self.text[self.position..];
        let matched = rest
            .get(..word.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(word))
            && !rest[word.len()..]
                .chars()
                .next()
                .is_some_and(|next| next.is_ascii_alphanumeric() || matches!(next, '_' | '$'));
        if matched {
            self.position += word.len();
        }
        matched
    }

    fn skip_whitespace(&mut self) {
        let rest = &self.text[self.position..];
        self.position += rest.len() - rest.trim_start_matches([' ', '\t', '\n', '\r']).len();
    }

    fn syntax_error(&self, expected: &str) -> TimeRangeError {
        TimeRangeError::Syntax {
            expression: self.text.to_owned(),
            expected: expected.to_owned(),
            position: self.text[..self.position].chars().count(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    fn evaluate(text: &str) -> Result<NaiveDateTime, TimeRangeError> {
        parse_expression(text)?.evaluate(at("2016-11-07 09:30:10"))
    }

    #[test]
    fn superset_datetime_eval_examples() {
        assert_eq!(evaluate("datetime('now')"), Ok(at("2016-11-07 09:30:10")));
        assert_eq!(
            evaluate("dateadd(datetime('today'),1,year,)"),
            Ok(at("2017-11-07 00:00:00"))
        );
        assert_eq!(
            evaluate("dateadd(datetime('today'), 2, quarter)"),
            Ok(at("2017-05-07 00:00:00"))
        );
        assert_eq!(
            evaluate("dateadd(datetime('today'), -3, week)"),
            Ok(at("2016-10-17 00:00:00"))
        );
        assert_eq!(
            evaluate("dateadd(datetime('now'), -11, second)"),
            Ok(at("2016-11-07 09:29:59"))
        );
        assert_eq!(
            evaluate("datetrunc(datetime('now'), quarter)"),
            Ok(at("2016-10-01 00:00:00"))
        );
        assert_eq!(
            evaluate("lastday(datetime('now'), year)"),
            Ok(at("2016-12-31 00:00:00"))
        );
        assert_eq!(
            evaluate("lastday(dateadd(datetime('2018-01-01T00:00:00'), 1, month), month)"),
            Ok(at("2018-02-28 00:00:00"))
        );
    }

    #[test]
    fn datediff_amounts_and_trailing_text() {
        assert_eq!(
            evaluate("DATEADD(DATETIME(\"2020-01-01\"), DATEDIFF(DATETIME('2020-01-01'), DATETIME('2020-01-11')), day)"),
            Ok(at("2020-01-11 00:00:00"))
        );
        assert_eq!(
            evaluate("DATEADD(DATETIME('2020-01-01'), DATEDIFF(DATETIME('2018-06-01'), DATETIME('2020-01-01'), year), year)"),
            Ok(at("2022-01-01 00:00:00"))
        );
        assert_eq!(
            evaluate("DATETIME('2020-01-01')) trailing"),
            Ok(at("2020-01-01 00:00:00"))
        );
    }

    #[test]
    fn syntax_errors_name_what_was_expected_and_where() {
        assert_eq!(
            evaluate("DATEADD(DATETIME('today'), x, day)"),
            Err(TimeRangeError::Syntax {
                expression: "DATEADD(DATETIME('today'), x, day)".to_owned(),
                expected: "an integer".to_owned(),
                position: 27,
            })
        );
        assert!(matches!(
            evaluate("DATEADD(DATETIME('today'), 1, days)"),
            Err(TimeRangeError::Syntax { .. })
        ));
        assert!(matches!(
            evaluate("LASTDAY(DATETIME('today'), hour)"),
            Err(TimeRangeError::Syntax { .. })
        ));
        assert!(matches!(
            evaluate("HOLIDAY('Christmas')"),
            Err(TimeRangeError::UnsupportedFunction { .. })
        ));
        let deep = format!(
            "{}DATETIME('today'){}",
            "DATETRUNC(".repeat(100),
            ", day)".repeat(100)
        );
        assert!(matches!(evaluate(&deep), Err(TimeRangeError::Syntax { .. })));
    }
}
