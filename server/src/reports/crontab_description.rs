//! A crontab in words, as Superset's `crontab_humanized` (the `cron-descriptor` package with its
//! English defaults: 12-hour times, sentence case, terse). Only the five fields croniter reads
//! are described; a text that is not a crontab is answered as it is.
//!
//! Worked examples: `0 9 * * 1` reads "At 09:00 AM, only on Monday", `*/15 * * * *` "Every 15
//! minutes", `30 9 * * 1-5` "At 09:30 AM, Monday through Friday".

use super::crontab::Crontab;

const DAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAY_ABBREVIATIONS: [&str; 7] = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MONTH_ABBREVIATIONS: [&str; 12] = [
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
];
const SPECIAL_CHARACTERS: [char; 4] = ['/', '-', ',', '*'];

/// The words of one field: cron-descriptor's `get_segment_description` arguments.
struct SegmentWords {
    /// `*`.
    all: &'static str,
    /// One value (`9` → "09:00 AM", `1` → "Monday").
    item: fn(&str) -> Option<String>,
    /// `*/N` → "every N minutes".
    interval: fn(&str) -> String,
    /// `a-b` → "between {0} and {1}".
    between: &'static str,
    /// One value or a list: "at {0}", ", only on {0}".
    single: fn(&str) -> &'static str,
}

fn has_special(text: &str) -> bool {
    text.contains(SPECIAL_CHARACTERS)
}

fn fill(template: &str, values: &[&str]) -> String {
    values
        .iter()
        .enumerate()
        .fold(template.to_owned(), |text, (index, value)| {
            text.replace(&format!("{{{index}}}"), value)
        })
}

/// cron-descriptor's `format_time`: `09:05 AM`, `12:00 AM` for midnight.
fn format_time(hour: &str, minute: &str) -> Option<String> {
    let hour: u32 = hour.parse().ok()?;
    let minute: u32 = minute.parse().ok()?;
    let period = if hour >= 12 { "PM" } else { "AM" };
    let hour = match hour {
        0 => 12,
        13.. => hour - 12,
        _ => hour,
    };
    Some(format!("{hour:02}:{minute:02} {period}"))
}

fn between_description(expression: &str, template: &str, words: &SegmentWords) -> Option<String> {
    let (first, last) = expression.split_once('-')?;
    let first = (words.item)(first)?;
    let last = (words.item)(last)?.replace(":00", ":59");
    Some(fill(template, &[first.as_str(), last.as_str()]))
}

/// cron-descriptor's `get_segment_description`.
fn segment_description(expression: &str, words: &SegmentWords) -> Option<String> {
    if expression.is_empty() {
        return Some(String::new());
    }
    if expression == "*" {
        return Some(words.all.to_owned());
    }
    if !expression.contains(['/', '-', ',']) {
        let item = (words.item)(expression)?;
        return Some(fill((words.single)(expression), &[item.as_str()]));
    }
    if let Some((range, step)) = expression.split_once('/') {
        let mut description = (words.interval)(step);
        if range.contains('-') {
            let between = between_description(range, words.between, words)?;
            if !between.starts_with(", ") {
                description.push_str(", ");
            }
            description.push_str(&between);
        } else if !range.contains(['*', ',']) {
            let item = (words.item)(range)?;
            let start = fill((words.single)(range), &[item.as_str()]).replace(", ", "");
            description.push_str(&format!(", starting {start}"));
        }
        return Some(description);
    }
    if expression.contains(',') {
        let segments: Vec<&str> = expression.split(',').collect();
        let count = segments.len();
        let mut content = String::new();
        for (index, segment) in segments.iter().enumerate() {
            if index > 0 && count > 2 {
                content.push(',');
                if index < count - 1 {
                    content.push(' ');
                }
            }
            if index > 0 && (index == count - 1 || count == 2) {
                content.push_str(" and ");
            }
            if segment.contains('-') {
                content
                    .push_str(&between_description(segment, ", {0} through {1}", words)?.replace(", ", ""));
            } else {
                content.push_str(&(words.item)(segment)?);
            }
        }
        return Some(fill((words.single)(expression), &[content.as_str()]));
    }
    between_description(expression, words.between, words)
}

fn minute_item(text: &str) -> Option<String> {
    Some(text.to_owned())
}

fn hour_item(text: &str) -> Option<String> {
    format_time(text, "0")
}

fn day_item(text: &str) -> Option<String> {
    let index: usize = text.parse().ok()?;
    DAY_NAMES.get(index).map(|name| (*name).to_owned())
}

fn month_item(text: &str) -> Option<String> {
    let index: usize = text.parse().ok()?;
    MONTH_NAMES
        .get(index.checked_sub(1)?)
        .map(|name| (*name).to_owned())
}

const MINUTE_WORDS: SegmentWords = SegmentWords {
    all: "every minute",
    item: minute_item,
    interval: |step| format!("every {step} minutes"),
    between: "minutes {0} through {1} past the hour",
    // Minute 0 with no seconds says nothing ("At 09:00 AM" already does).
    single: |minute| {
        if minute == "0" {
            ""
        } else {
            "at {0} minutes past the hour"
        }
    },
};

const HOUR_WORDS: SegmentWords = SegmentWords {
    all: "every hour",
    item: hour_item,
    interval: |step| format!("every {step} hours"),
    between: "between {0} and {1}",
    single: |_| "at {0}",
};

const DAY_OF_MONTH_WORDS: SegmentWords = SegmentWords {
    all: ", every day",
    item: minute_item,
    interval: |step| {
        if step == "1" {
            ", every day".to_owned()
        } else {
            format!(", every {step} days")
        }
    },
    between: ", between day {0} and {1} of the month",
    single: |_| ", on day {0} of the month",
};

const MONTH_WORDS: SegmentWords = SegmentWords {
    all: "",
    item: month_item,
    interval: |step| format!(", every {step} months"),
    between: ", {0} through {1}",
    single: |_| ", only in {0}",
};

const DAY_OF_WEEK_WORDS: SegmentWords = SegmentWords {
    all: ", every day",
    item: day_item,
    interval: |step| format!(", every {step} days of the week"),
    between: ", {0} through {1}",
    single: |_| ", only on {0}",
};

/// The time of day: cron-descriptor's `get_time_of_day_description`.
fn time_of_day(minute: &str, hour: &str) -> Option<String> {
    if !has_special(minute) && !has_special(hour) {
        return Some(format!("At {}", format_time(hour, minute)?));
    }
    if minute.contains('-') && !minute.contains(',') && !has_special(hour) {
        let (first, last) = minute.split_once('-')?;
        return Some(format!(
            "Every minute between {} and {}",
            format_time(hour, first)?,
            format_time(hour, last)?
        ));
    }
    if hour.contains(',') && !hour.contains('-') && !has_special(minute) {
        let hours: Vec<&str> = hour.split(',').collect();
        let mut description = "At".to_owned();
        for (index, hour) in hours.iter().enumerate() {
            description.push(' ');
            description.push_str(&format_time(hour, minute)?);
            if index + 2 < hours.len() {
                description.push(',');
            }
            if index + 2 == hours.len() {
                description.push_str(" and");
            }
        }
        return Some(description);
    }
    let minutes = segment_description(minute, &MINUTE_WORDS)?;
    let hours = segment_description(hour, &HOUR_WORDS)?;
    let mut description = minutes;
    if !description.is_empty() && !hours.is_empty() {
        description.push_str(", ");
    }
    description.push_str(&hours);
    Some(description)
}

/// cron-descriptor's `normalize_expression` for the fields croniter reads: names to numbers, `7`
/// to Sunday, `0/N` and `1/N` to `*/N`, `*/1` to `*`, a month or weekday step from a value to a
/// range up to the field's end.
fn normalize(fields: [&str; 5]) -> [String; 5] {
    let [minute, hour, day_of_month, month, day_of_week] = fields;
    let star_step = |text: &str, start: &str| match text.strip_prefix(start) {
        Some(step) => format!("*/{step}"),
        None => text.to_owned(),
    };
    let mut day_of_week = star_step(&day_of_week.to_ascii_uppercase(), "1/");
    for (number, name) in DAY_ABBREVIATIONS.iter().enumerate() {
        day_of_week = day_of_week.replace(name, &number.to_string());
    }
    day_of_week = sunday_seven_as_zero(&day_of_week);
    let mut month = star_step(&month.to_ascii_uppercase(), "1/");
    for (index, name) in MONTH_ABBREVIATIONS.iter().enumerate() {
        month = month.replace(name, &(index + 1).to_string());
    }
    let mut normalized = [
        star_step(minute, "0/"),
        star_step(hour, "0/"),
        star_step(day_of_month, "1/"),
        month,
        day_of_week,
    ];
    for (index, field) in normalized.iter_mut().enumerate() {
        if *field == "*/1" {
            "*".clone_into(field);
        }
        let through = match index {
            3 => "12",
            4 => "6",
            _ => continue,
        };
        if field.contains('/') && !field.contains(['*', '-', ',']) {
            if let Some((start, step)) = field.split_once('/') {
                *field = format!("{start}-{through}/{step}");
            }
        }
    }
    normalized
}

/// `7` (Sunday as croniter also reads it) as `0`, wherever it stands as a whole value.
fn sunday_seven_as_zero(day_of_week: &str) -> String {
    let mut result = String::new();
    let mut previous: Option<char> = None;
    for character in day_of_week.chars() {
        let is_whole_seven =
            character == '7' && previous.is_none_or(|previous| !previous.is_ascii_digit() && previous != '/');
        result.push(if is_whole_seven { '0' } else { character });
        previous = Some(character);
    }
    result
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

fn describe(crontab: &str) -> Option<String> {
    let text = crontab.trim();
    let text = shorthand(text).unwrap_or(text);
    Crontab::parse(text)?;
    let fields: Vec<&str> = text.split_whitespace().collect();
    let fields: [&str; 5] = fields.try_into().ok()?;
    let [minute, hour, day_of_month, month, day_of_week] = normalize(fields);
    let time = time_of_day(&minute, &hour)?;
    let day_of_month = segment_description(&day_of_month, &DAY_OF_MONTH_WORDS)?;
    // A weekday of `*` says nothing: the day of month speaks for the day.
    let day_of_week = if day_of_week == "*" {
        String::new()
    } else {
        segment_description(&day_of_week, &DAY_OF_WEEK_WORDS)?
    };
    let month = segment_description(&month, &MONTH_WORDS)?;
    let description = format!("{time}{day_of_month}{day_of_week}{month}")
        .replace(", every minute", "")
        .replace(", every hour", "")
        .replace(", every day", "");
    let description = description.trim_end_matches([',', ' ']);
    let mut characters = description.chars();
    let first = characters.next()?;
    Some(first.to_uppercase().chain(characters).collect())
}

/// The crontab in words ("At 09:00 AM, only on Monday"); the crontab itself when it cannot be
/// read.
pub fn crontab_humanized(crontab: &str) -> String {
    describe(crontab).unwrap_or_else(|| crontab.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crontabs_read_as_superset_words_them() {
        // (crontab, cron-descriptor's words)
        let cases = [
            ("* * * * *", "Every minute"),
            ("*/5 * * * *", "Every 5 minutes"),
            ("0/15 * * * *", "Every 15 minutes"),
            ("0 * * * *", "Every hour"),
            ("30 * * * *", "At 30 minutes past the hour"),
            ("0 */2 * * *", "Every 2 hours"),
            ("0 0 * * *", "At 12:00 AM"),
            ("@daily", "At 12:00 AM"),
            ("0 9 * * 1", "At 09:00 AM, only on Monday"),
            ("0 12 * * 1", "At 12:00 PM, only on Monday"),
            ("30 9 * * 1-5", "At 09:30 AM, Monday through Friday"),
            ("30 9 * * mon-fri", "At 09:30 AM, Monday through Friday"),
            (
                "0 9 * * 1,3,5",
                "At 09:00 AM, only on Monday, Wednesday, and Friday",
            ),
            ("0 9 * * 0,6", "At 09:00 AM, only on Sunday and Saturday"),
            ("0 9 * * 7", "At 09:00 AM, only on Sunday"),
            ("0 9 1 * *", "At 09:00 AM, on day 1 of the month"),
            ("0 9 1,15 * *", "At 09:00 AM, on day 1 and 15 of the month"),
            (
                "15 14 1 1 *",
                "At 02:15 PM, on day 1 of the month, only in January",
            ),
            ("0 9,17 * * *", "At 09:00 AM and 05:00 PM"),
            ("0 8,12,17 * * *", "At 08:00 AM, 12:00 PM and 05:00 PM"),
            ("0 9-17 * * *", "Between 09:00 AM and 05:59 PM"),
            (
                "*/10 9-17 * * 1-5",
                "Every 10 minutes, between 09:00 AM and 05:59 PM, Monday through Friday",
            ),
            ("0-10 11 * * *", "Every minute between 11:00 AM and 11:10 AM"),
            ("*/5 9 * * *", "Every 5 minutes, at 09:00 AM"),
            (
                "5/20 * * * *",
                "Every 20 minutes, starting at 5 minutes past the hour",
            ),
            ("0 0 */2 * *", "At 12:00 AM, every 2 days"),
            (
                "0 0 1 */3 *",
                "At 12:00 AM, on day 1 of the month, every 3 months",
            ),
            ("0 0 * jan-mar *", "At 12:00 AM, January through March"),
        ];
        for (crontab, expected) in cases {
            assert_eq!(crontab_humanized(crontab), expected, "{crontab}");
        }
    }

    #[test]
    fn a_text_that_is_not_a_crontab_is_answered_as_it_is() {
        assert_eq!(crontab_humanized("not a crontab"), "not a crontab");
        assert_eq!(crontab_humanized("61 * * * *"), "61 * * * *");
    }
}
