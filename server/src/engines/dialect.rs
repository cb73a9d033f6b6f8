//! SQL dialects: identifier quoting, placeholders, case-insensitive match, limits, time grains.

use crate::query::time_grain::GrainFlavor;

/// What differs between engines when Quiver writes SQL.
pub trait Dialect: Send + Sync + std::fmt::Debug {
    /// Quotes an identifier, doubling the quote character inside it.
    fn quote_identifier(&self, name: &str) -> String;
    /// The placeholder of the n-th (1-based) bind parameter.
    fn placeholder(&self, index: usize) -> String;
    /// `expr ILIKE pattern`, or the engine's equivalent.
    fn ilike(&self, expression: &str, pattern: &str) -> String;
    /// A case-sensitive `expr LIKE pattern` (MySQL compares case-insensitively by default).
    fn like(&self, expression: &str, pattern: &str) -> String {
        format!("{expression} LIKE {pattern}")
    }
    /// Which time-grain SQL the engine takes.
    fn grain_flavor(&self) -> GrainFlavor;
    /// A bound `YYYY-MM-DD HH:MM:SS` text parameter as a timestamp.
    fn timestamp_param(&self, placeholder: &str) -> String {
        format!("CAST({placeholder} AS TIMESTAMP)")
    }
    /// `LIMIT n OFFSET m` or the engine's equivalent (n and m are integers, never user text).
    fn limit_offset(&self, limit: Option<i64>, offset: Option<i64>) -> String {
        let mut clause = String::new();
        if let Some(limit) = limit {
            clause.push_str(&format!("\nLIMIT {limit}"));
        }
        if let Some(offset) = offset.filter(|offset| *offset > 0) {
            clause.push_str(&format!("\nOFFSET {offset}"));
        }
        clause
    }
}

/// DuckDB: PostgreSQL-like quoting and `$n` placeholders.
#[derive(Debug, Clone, Copy)]
pub struct DuckDbDialect;

impl Dialect for DuckDbDialect {
    fn quote_identifier(&self, name: &str) -> String {
        format!("\"{}\"", name.replace('"', "\"\""))
    }

    fn placeholder(&self, index: usize) -> String {
        format!("${index}")
    }

    fn ilike(&self, expression: &str, pattern: &str) -> String {
        format!("{expression} ILIKE {pattern}")
    }

    fn grain_flavor(&self) -> GrainFlavor {
        GrainFlavor::DuckDb
    }
}

/// PostgreSQL: double-quoted identifiers, `$n` placeholders, native ILIKE.
#[derive(Debug, Clone, Copy)]
pub struct PostgresDialect;

impl Dialect for PostgresDialect {
    fn quote_identifier(&self, name: &str) -> String {
        DuckDbDialect.quote_identifier(name)
    }

    fn placeholder(&self, index: usize) -> String {
        format!("${index}")
    }

    fn ilike(&self, expression: &str, pattern: &str) -> String {
        format!("{expression} ILIKE {pattern}")
    }

    fn grain_flavor(&self) -> GrainFlavor {
        GrainFlavor::Postgres
    }
}

/// SQLite: double-quoted identifiers, `$n` placeholders (sqlx maps them by number), no ILIKE.
#[derive(Debug, Clone, Copy)]
pub struct SqliteDialect;

impl Dialect for SqliteDialect {
    fn quote_identifier(&self, name: &str) -> String {
        DuckDbDialect.quote_identifier(name)
    }

    fn placeholder(&self, index: usize) -> String {
        format!("${index}")
    }

    fn ilike(&self, expression: &str, pattern: &str) -> String {
        format!("LOWER({expression}) LIKE LOWER({pattern})")
    }

    fn grain_flavor(&self) -> GrainFlavor {
        GrainFlavor::Sqlite
    }

    /// SQLite keeps timestamps as `YYYY-MM-DD HH:MM:SS` text, which compares in time order.
    fn timestamp_param(&self, placeholder: &str) -> String {
        placeholder.to_owned()
    }
}

/// MySQL and MariaDB: backquoted identifiers, `?` placeholders, no ILIKE.
#[derive(Debug, Clone, Copy)]
pub struct MySqlDialect;

impl Dialect for MySqlDialect {
    fn quote_identifier(&self, name: &str) -> String {
        format!("`{}`", name.replace('`', "``"))
    }

    fn placeholder(&self, _index: usize) -> String {
        "?".to_owned()
    }

    fn like(&self, expression: &str, pattern: &str) -> String {
        format!("{expression} LIKE BINARY {pattern}")
    }

    fn ilike(&self, expression: &str, pattern: &str) -> String {
        format!("LOWER({expression}) LIKE LOWER({pattern})")
    }

    fn grain_flavor(&self) -> GrainFlavor {
        GrainFlavor::MySql
    }

    fn timestamp_param(&self, placeholder: &str) -> String {
        format!("CAST({placeholder} AS DATETIME)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_doubled() {
        assert_eq!(DuckDbDialect.quote_identifier("we\"ird"), "\"we\"\"ird\"");
        assert_eq!(DuckDbDialect.placeholder(3), "$3");
        assert_eq!(DuckDbDialect.limit_offset(Some(10), Some(0)), "\nLIMIT 10");
        assert_eq!(MySqlDialect.quote_identifier("a`b"), "`a``b`");
        assert_eq!(MySqlDialect.placeholder(2), "?");
        assert_eq!(SqliteDialect.ilike("x", "$1"), "LOWER(x) LIKE LOWER($1)");
    }
}
