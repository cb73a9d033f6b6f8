//! CSV export of a result (RFC 4180): a header of column names, times as `YYYY-MM-DD HH:MM:SS`,
//! nulls as empty fields.

use arrow::datatypes::DataType;
use serde_json::Value;

use super::json::column_values;
use super::QueryResult;

/// The content type of CSV answers.
pub const CONTENT_TYPE: &str = "text/csv; charset=utf-8";

fn escape(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_owned()
    }
}

fn field_text(value: &Value, is_temporal: bool) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => escape(text),
        Value::Number(number) if is_temporal => number
            .as_i64()
            .and_then(chrono::DateTime::from_timestamp_millis)
            .map(|time| time.naive_utc().format("%Y-%m-%d %H:%M:%S").to_string())
            .unwrap_or_else(|| number.to_string()),
        Value::Bool(value) => value.to_string(),
        other => escape(&other.to_string()),
    }
}

/// One result as CSV text.
pub fn result_csv(result: &QueryResult) -> String {
    let mut text = result
        .meta
        .colnames
        .iter()
        .map(|name| escape(name))
        .collect::<Vec<_>>()
        .join(",");
    text.push_str("\r\n");
    let temporal: Vec<bool> = result
        .output
        .schema
        .fields()
        .iter()
        .map(|field| {
            matches!(
                field.data_type(),
                DataType::Timestamp(_, _) | DataType::Date32 | DataType::Date64
            )
        })
        .collect();
    for batch in &result.output.batches {
        let columns: Vec<Vec<Value>> = batch.columns().iter().map(column_values).collect();
        for row in 0..batch.num_rows() {
            let fields: Vec<String> = columns
                .iter()
                .zip(&temporal)
                .map(|(values, is_temporal)| field_text(&values[row], *is_temporal))
                .collect();
            text.push_str(&fields.join(","));
            text.push_str("\r\n");
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_needed() {
        assert_eq!(escape("plain"), "plain");
        assert_eq!(escape("a,b"), "\"a,b\"");
        assert_eq!(escape("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field_text(&Value::Null, false), "");
        assert_eq!(
            field_text(&serde_json::json!(946_684_800_000_i64), true),
            "2000-01-01 00:00:00"
        );
        assert_eq!(field_text(&serde_json::json!(1.5), false), "1.5");
    }
}
