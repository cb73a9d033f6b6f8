//! "Format SQL": a dialect-agnostic pretty printer (`sqlformat`, decision 0020).

/// The SQL with keywords upper-cased, two-space indents and one blank line between statements.
pub fn format_sql(sql: &str) -> String {
    let options = sqlformat::FormatOptions {
        indent: sqlformat::Indent::Spaces(2),
        uppercase: Some(true),
        lines_between_queries: 2,
        ..sqlformat::FormatOptions::default()
    };
    sqlformat::format(sql, &sqlformat::QueryParams::None, &options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_upper_cased_and_clauses_start_lines_functions_kept_as_written() {
        assert_eq!(
            format_sql("select gender, sum(num) as total from birth_names group by gender"),
            "SELECT\n  gender,\n  sum(num) AS total\nFROM\n  birth_names\nGROUP BY\n  gender"
        );
    }
}
