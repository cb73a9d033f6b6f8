//! CSV export of a result (RFC 4180): a header of column names, times as `YYYY-MM-DD HH:MM:SS`,
//! nulls as empty fields.

use arrow::datatypes::DataType;
use arrow::record_batch::RecordBatch;
use axum::body::Body;
use bytes::Bytes;
use serde_json::Value;

use super::json::column_values;
use super::QueryResult;

/// The content type of CSV answers.
pub const CONTENT_TYPE: &str = "text/csv; charset=utf-8";

pub(crate) fn escape(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_owned()
    }
}

pub(crate) fn field_text(value: &Value, is_temporal: bool) -> String {
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

/// Rows encoded per chunk of a streamed export.
const CHUNK_ROWS: usize = 8_192;

fn header_line(result: &QueryResult) -> String {
    let mut line = result
        .meta
        .colnames
        .iter()
        .map(|name| escape(name))
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

fn temporal_columns(result: &QueryResult) -> Vec<bool> {
    result
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
        .collect()
}

fn push_rows(batch: &RecordBatch, temporal: &[bool], text: &mut String) {
    let columns: Vec<Vec<Value>> = batch.columns().iter().map(column_values).collect();
    for row in 0..batch.num_rows() {
        let fields: Vec<String> = columns
            .iter()
            .zip(temporal)
            .map(|(values, is_temporal)| field_text(&values[row], *is_temporal))
            .collect();
        text.push_str(&fields.join(","));
        text.push_str("\r\n");
    }
}

/// The CSV text in chunks: the header, then [`CHUNK_ROWS`] rows at a time.
fn chunks(result: &QueryResult) -> impl Iterator<Item = String> + '_ {
    let temporal = temporal_columns(result);
    let rows = result.output.batches.iter().flat_map(|batch| {
        (0..batch.num_rows())
            .step_by(CHUNK_ROWS)
            .map(move |start| batch.slice(start, CHUNK_ROWS.min(batch.num_rows() - start)))
    });
    std::iter::once(header_line(result)).chain(rows.map(move |slice| {
        let mut text = String::with_capacity(slice.num_rows() * 32);
        push_rows(&slice, &temporal, &mut text);
        text
    }))
}

/// One result as CSV text.
pub fn result_csv(result: &QueryResult) -> String {
    chunks(result).collect()
}

/// One result as a streamed CSV body: chunks are encoded on a blocking thread while the
/// previous ones are sent, so a large export starts at once and never sits whole in memory as
/// text.
pub fn result_csv_body(result: QueryResult) -> Body {
    let (sender, receiver) = tokio::sync::mpsc::channel::<Bytes>(4);
    tokio::task::spawn_blocking(move || {
        for chunk in chunks(&result) {
            // The client went away: stop encoding.
            if sender.blocking_send(Bytes::from(chunk)).is_err() {
                return;
            }
        }
    });
    Body::from_stream(futures_util::stream::unfold(
        receiver,
        |mut receiver| async move {
            receiver
                .recv()
                .await
                .map(|chunk| (Ok::<Bytes, std::convert::Infallible>(chunk), receiver))
        },
    ))
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

    #[tokio::test]
    async fn large_results_stream_in_chunks_with_one_header() {
        use std::sync::Arc;

        use arrow::array::Int64Array;
        use arrow::datatypes::{Field, Schema};
        use http_body_util::BodyExt;

        let schema = Arc::new(Schema::new(vec![Field::new("n", DataType::Int64, false)]));
        let rows = CHUNK_ROWS * 2 + 5;
        let batch = RecordBatch::try_new(
            Arc::clone(&schema),
            vec![Arc::new(Int64Array::from_iter_values(0..rows as i64))],
        )
        .unwrap();
        let output = crate::engines::QueryOutput {
            schema,
            batches: vec![batch],
        };
        let meta = super::super::describe_output(&output, String::new(), None);
        let result = QueryResult { meta, output };
        let whole = result_csv(&result);
        assert_eq!(chunks(&result).count(), 4, "header and three row chunks");

        let mut body = result_csv_body(result);
        let mut streamed = Vec::new();
        let mut frames = 0;
        while let Some(frame) = body.frame().await {
            streamed.extend_from_slice(frame.unwrap().data_ref().unwrap());
            frames += 1;
        }
        assert_eq!(frames, 4);
        let text = String::from_utf8(streamed).unwrap();
        assert_eq!(text, whole);
        assert!(text.starts_with("n\r\n0\r\n1\r\n"));
        assert_eq!(text.lines().count(), rows + 1);
    }
}
