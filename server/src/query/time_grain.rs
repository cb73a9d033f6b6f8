//! Time grains (ISO 8601 durations, Superset's keys) as SQL per engine. Weeks start on Monday on
//! every engine (PostgreSQL's and DuckDB's `DATE_TRUNC('week')`), so results agree across engines.

/// The time grains Quiver knows, with their labels: the core's list, shared with the control
/// panel.
pub const TIME_GRAINS: &[(&str, &str)] = &quiver_core::controls::choices::TIME_GRAINS;

/// The engines whose grain SQL differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrainFlavor {
    DuckDb,
    Postgres,
    Sqlite,
    MySql,
}

/// Buckets of a sub-day grain: (unit, size).
fn sub_day(grain: &str) -> Option<(&'static str, u32)> {
    Some(match grain {
        "PT1S" => ("second", 1),
        "PT5S" => ("second", 5),
        "PT30S" => ("second", 30),
        "PT1M" => ("minute", 1),
        "PT5M" => ("minute", 5),
        "PT10M" => ("minute", 10),
        "PT15M" => ("minute", 15),
        "PT30M" | "PT0.5H" => ("minute", 30),
        "PT1H" => ("hour", 1),
        "PT6H" => ("hour", 6),
        _ => return None,
    })
}

/// `expression` truncated to the grain, or `None` for an unknown grain.
pub fn time_grain_sql(flavor: GrainFlavor, grain: &str, expression: &str) -> Option<String> {
    let col = expression;
    if let Some((unit, size)) = sub_day(grain) {
        return Some(match flavor {
            GrainFlavor::DuckDb if size == 1 => format!("DATE_TRUNC('{unit}', {col})"),
            GrainFlavor::DuckDb => {
                format!("TIME_BUCKET(INTERVAL '{size} {unit}s', CAST({col} AS TIMESTAMP))")
            }
            GrainFlavor::Postgres if size == 1 => format!("DATE_TRUNC('{unit}', {col})"),
            GrainFlavor::Postgres => {
                let parent = match unit {
                    "second" => "minute",
                    "minute" => "hour",
                    _ => "day",
                };
                format!(
                    "DATE_TRUNC('{parent}', {col}) + INTERVAL '{size} {unit}s' * FLOOR(EXTRACT({unit} FROM {col}) / {size})"
                )
            }
            GrainFlavor::Sqlite => {
                let (format, field) = match unit {
                    "second" => ("%Y-%m-%d %H:%M:%S", "%S"),
                    "minute" => ("%Y-%m-%d %H:%M:00", "%M"),
                    _ => ("%Y-%m-%d %H:00:00", "%H"),
                };
                if size == 1 {
                    format!("DATETIME(STRFTIME('{format}', {col}))")
                } else {
                    format!(
                        "DATETIME(STRFTIME('{format}', {col}), '-' || (CAST(STRFTIME('{field}', {col}) AS INTEGER) % {size}) || ' {unit}s')"
                    )
                }
            }
            GrainFlavor::MySql => {
                let (seconds_of_day, step) = match unit {
                    "second" => (
                        format!("HOUR({col}) * 3600 + MINUTE({col}) * 60 + SECOND({col})"),
                        1,
                    ),
                    "minute" => (format!("HOUR({col}) * 3600 + MINUTE({col}) * 60"), 60),
                    _ => (format!("HOUR({col}) * 3600"), 3600),
                };
                let bucket = i64::from(size) * step;
                format!(
                    "CAST(DATE_ADD(DATE({col}), INTERVAL (({seconds_of_day}) - MOD({seconds_of_day}, {bucket})) SECOND) AS DATETIME)"
                )
            }
        });
    }
    let truncate = |unit: &str| -> String {
        match flavor {
            GrainFlavor::DuckDb | GrainFlavor::Postgres => format!("DATE_TRUNC('{unit}', {col})"),
            GrainFlavor::Sqlite => match unit {
                "day" => format!("DATETIME({col}, 'start of day')"),
                "week" => format!("DATETIME({col}, 'start of day', '-' || ((CAST(STRFTIME('%w', {col}) AS INTEGER) + 6) % 7) || ' days')"),
                "month" => format!("DATETIME({col}, 'start of month')"),
                "quarter" => format!(
                    "DATETIME({col}, 'start of month', '-' || ((CAST(STRFTIME('%m', {col}) AS INTEGER) - 1) % 3) || ' months')"
                ),
                _ => format!("DATETIME({col}, 'start of year')"),
            },
            GrainFlavor::MySql => match unit {
                "day" => format!("CAST(DATE({col}) AS DATETIME)"),
                "week" => format!("CAST(DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY)) AS DATETIME)"),
                "month" => format!("CAST(DATE(DATE_SUB({col}, INTERVAL DAYOFMONTH({col}) - 1 DAY)) AS DATETIME)"),
                "quarter" => format!(
                    "CAST(MAKEDATE(YEAR({col}), 1) + INTERVAL QUARTER({col}) QUARTER - INTERVAL 1 QUARTER AS DATETIME)"
                ),
                _ => format!("CAST(DATE(DATE_SUB({col}, INTERVAL DAYOFYEAR({col}) - 1 DAY)) AS DATETIME)"),
            },
        }
    };
    let shift_days = |expression: String, days: i32| -> String {
        match flavor {
            GrainFlavor::DuckDb | GrainFlavor::Postgres => format!("{expression} + INTERVAL '{days} days'"),
            GrainFlavor::Sqlite => format!("DATETIME({expression}, '{days:+} days')"),
            GrainFlavor::MySql => format!("DATE_ADD({expression}, INTERVAL {days} DAY)"),
        }
    };
    let shifted_column = |days: i32| -> String {
        match flavor {
            GrainFlavor::DuckDb | GrainFlavor::Postgres => format!("({col} + INTERVAL '{days} days')"),
            GrainFlavor::Sqlite => format!("DATETIME({col}, '{days:+} days')"),
            GrainFlavor::MySql => format!("DATE_ADD({col}, INTERVAL {days} DAY)"),
        }
    };
    let week_of = |column: String| -> String {
        match flavor {
            GrainFlavor::DuckDb | GrainFlavor::Postgres => format!("DATE_TRUNC('week', {column})"),
            GrainFlavor::Sqlite => format!(
                "DATETIME({column}, 'start of day', '-' || ((CAST(STRFTIME('%w', {column}) AS INTEGER) + 6) % 7) || ' days')"
            ),
            GrainFlavor::MySql => format!("CAST(DATE(DATE_SUB({column}, INTERVAL WEEKDAY({column}) DAY)) AS DATETIME)"),
        }
    };
    // Seven-day buckets counted from 1970-01-01 (a Thursday), whatever the weekday.
    let seven_days = || -> String {
        match flavor {
            GrainFlavor::DuckDb => {
                format!("TIME_BUCKET(INTERVAL '7 days', CAST({col} AS TIMESTAMP), TIMESTAMP '1970-01-01')")
            }
            GrainFlavor::Postgres => format!(
                "DATE_TRUNC('day', {col}) - INTERVAL '1 day' * MOD(MOD(CAST(FLOOR(EXTRACT(EPOCH FROM {col}) / 86400) AS BIGINT), 7) + 7, 7)"
            ),
            GrainFlavor::Sqlite => format!(
                "DATETIME({col}, 'start of day', '-' || (((CAST(JULIANDAY({col}, 'start of day') - 2440587.5 AS INTEGER) % 7) + 7) % 7) || ' days')"
            ),
            GrainFlavor::MySql => format!(
                "CAST(DATE_SUB(DATE({col}), INTERVAL MOD(MOD(DATEDIFF({col}, '1970-01-01'), 7) + 7, 7) DAY) AS DATETIME)"
            ),
        }
    };
    Some(match grain {
        "P1D" => truncate("day"),
        "P7D" => seven_days(),
        "P1W" | "1969-12-29T00:00:00Z/P1W" => truncate("week"),
        "P1M" => truncate("month"),
        "P3M" | "P0.25Y" => truncate("quarter"),
        "P1Y" => truncate("year"),
        // Sunday-based weeks: the Monday week of the day after, one day back.
        "1969-12-28T00:00:00Z/P1W" => shift_days(week_of(shifted_column(1)), -1),
        // Weeks ending Saturday: labelled by their Saturday.
        "P1W/1970-01-03T00:00:00Z" => shift_days(week_of(shifted_column(1)), 5),
        // Weeks ending Sunday: labelled by their Sunday.
        "P1W/1970-01-04T00:00:00Z" => shift_days(week_of(col.to_owned()), 6),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_grain_has_sql_on_every_engine() {
        for (grain, _) in TIME_GRAINS {
            for flavor in [
                GrainFlavor::DuckDb,
                GrainFlavor::Postgres,
                GrainFlavor::Sqlite,
                GrainFlavor::MySql,
            ] {
                let sql = time_grain_sql(flavor, grain, "\"ds\"");
                assert!(
                    sql.as_deref().is_some_and(|sql| sql.contains("ds")),
                    "{grain} on {flavor:?}"
                );
            }
        }
        assert_eq!(
            time_grain_sql(GrainFlavor::DuckDb, "P1M", "ds").unwrap(),
            "DATE_TRUNC('month', ds)"
        );
        assert_eq!(
            time_grain_sql(GrainFlavor::Sqlite, "P1Y", "ds").unwrap(),
            "DATETIME(ds, 'start of year')"
        );
        assert!(time_grain_sql(GrainFlavor::Postgres, "P2D", "ds").is_none());
    }
}
