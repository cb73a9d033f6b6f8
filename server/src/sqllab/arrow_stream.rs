//! A run's answer as one Arrow IPC stream (`Accept: application/vnd.apache.arrow.stream`): the
//! last statement's batches cut at the run's limit, with the JSON of [`SqlLabResultMeta`] in the
//! schema metadata under `quiver:result` (decision 0031).
//!
//! Columns keep their Arrow types, temporal ones included; the browser formats times as the JSON
//! answer writes them. A type the JSON answer shows as display text (intervals, lists, structs,
//! binary, 256-bit decimals, ...) travels as that text, so both answers show the same cells and
//! the browser only meets types `apache-arrow` reads (see [`wire_type`]).

use std::collections::HashMap;
use std::sync::Arc;

use arrow::array::{Array, ArrayRef, Int64Array, StringArray};
use arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use arrow::ipc::writer::StreamWriter;
use arrow::record_batch::RecordBatch;
use arrow::util::display::{ArrayFormatter, FormatOptions};
use axum::http::header::ACCEPT;
use axum::http::HeaderMap;
use quiver_types::SqlLabResultMeta;
use serde_json::Value;

use super::results;
use crate::chart_data::json::column_values;
use crate::engines::QueryOutput;

/// The answer's content type: Arrow's IPC stream format, registered with IANA.
pub const CONTENT_TYPE: &str = "application/vnd.apache.arrow.stream";
/// The schema metadata key holding the JSON of the run's meta (as chart data's Arrow answer).
pub const META_KEY: &str = crate::chart_data::arrow_format::META_KEY;

#[derive(Debug, thiserror::Error)]
pub enum ArrowStreamError {
    /// Arrow could not convert or write a batch.
    #[error("arrow encoding failed: {0}")]
    Arrow(#[from] arrow::error::ArrowError),
    /// The run's meta could not be written as JSON.
    #[error("result metadata encoding failed: {0}")]
    Json(#[from] serde_json::Error),
}

/// Whether the request's `Accept` header lists the Arrow stream type (without `q=0`).
///
/// `application/vnd.apache.arrow.stream, application/json` => true; `application/json` or no
/// header => false; `*/*` => false, so clients that take anything keep Superset's JSON.
pub fn accepts_arrow_stream(headers: &HeaderMap) -> bool {
    headers
        .get_all(ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|media_range| {
            let mut parts = media_range.split(';').map(str::trim);
            let is_arrow_stream = parts
                .next()
                .is_some_and(|media_type| media_type.eq_ignore_ascii_case(CONTENT_TYPE));
            let is_refused = parts.any(|parameter| {
                parameter
                    .strip_prefix("q=")
                    .and_then(|quality| quality.parse::<f32>().ok())
                    .is_some_and(|quality| quality <= 0.0)
            });
            is_arrow_stream && !is_refused
        })
}

/// How a column travels: as it is, or as the display text the JSON answer shows.
fn travels_as_text(data_type: &DataType) -> bool {
    !matches!(
        data_type,
        DataType::Null
            | DataType::Boolean
            | DataType::Int8
            | DataType::Int16
            | DataType::Int32
            | DataType::Int64
            | DataType::UInt8
            | DataType::UInt16
            | DataType::UInt32
            | DataType::UInt64
            | DataType::Float32
            | DataType::Float64
            | DataType::Decimal128(_, _)
            | DataType::Utf8
            | DataType::LargeUtf8
            | DataType::Utf8View
            | DataType::Date32
            | DataType::Date64
            | DataType::Timestamp(_, _)
            | DataType::Time32(_)
            | DataType::Time64(_)
    )
}

/// The type a column has on the wire:
/// - large and view strings become plain strings, the one layout every `apache-arrow` reads;
/// - a timestamp zoned with a name of UTC is relabelled `+00:00`, so the browser needs to know
///   offsets only; one with another name is sent as the JSON answer's epoch milliseconds;
/// - the JSON answer's display types become their text.
fn wire_type(data_type: &DataType) -> DataType {
    if let Some(offset_type) = results::utc_as_offset(data_type) {
        return offset_type;
    }
    match data_type {
        DataType::LargeUtf8 | DataType::Utf8View => DataType::Utf8,
        other if results::has_unreadable_zone(other) => DataType::Int64,
        other if travels_as_text(other) => DataType::Utf8,
        other => other.clone(),
    }
}

fn wire_schema(schema: &Schema, meta: &SqlLabResultMeta) -> Result<SchemaRef, ArrowStreamError> {
    let fields: Vec<Field> = schema
        .fields()
        .iter()
        .map(|field| {
            Field::new(field.name(), wire_type(field.data_type()), true)
                .with_metadata(field.metadata().clone())
        })
        .collect();
    let metadata = HashMap::from([(META_KEY.to_owned(), serde_json::to_string(meta)?)]);
    Ok(Arc::new(Schema::new_with_metadata(fields, metadata)))
}

/// A column as the JSON answer's display text, nulls kept (all null when Arrow cannot show it,
/// as the JSON answer does).
fn display_text(column: &ArrayRef) -> ArrayRef {
    let options = FormatOptions::default();
    let text: StringArray = match ArrayFormatter::try_new(column.as_ref(), &options) {
        Ok(formatter) => (0..column.len())
            .map(|index| (!column.is_null(index)).then(|| formatter.value(index).to_string()))
            .collect(),
        Err(_) => (0..column.len()).map(|_| None::<String>).collect(),
    };
    Arc::new(text)
}

/// A zoned timestamp as the JSON answer's epoch milliseconds.
fn epoch_milliseconds(column: &ArrayRef) -> ArrayRef {
    let milliseconds: Int64Array = column_values(column).iter().map(Value::as_i64).collect();
    Arc::new(milliseconds)
}

fn wire_column(column: &ArrayRef, wire: &DataType) -> Result<ArrayRef, ArrowStreamError> {
    if column.data_type() == wire {
        return Ok(Arc::clone(column));
    }
    if travels_as_text(column.data_type()) {
        return Ok(display_text(column));
    }
    if results::has_unreadable_zone(column.data_type()) {
        return Ok(epoch_milliseconds(column));
    }
    Ok(arrow::compute::cast(column, wire)?)
}

fn wire_batch(batch: &RecordBatch, schema: &SchemaRef) -> Result<RecordBatch, ArrowStreamError> {
    let columns = batch
        .columns()
        .iter()
        .zip(schema.fields())
        .map(|(column, field)| wire_column(column, field.data_type()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(RecordBatch::try_new(Arc::clone(schema), columns)?)
}

/// The answer's body: the schema with the meta, then every batch of `rows`, then end-of-stream.
pub fn encode(meta: &SqlLabResultMeta, rows: &QueryOutput) -> Result<Vec<u8>, ArrowStreamError> {
    let schema = wire_schema(&rows.schema, meta)?;
    let mut body = Vec::new();
    let mut writer = StreamWriter::try_new(&mut body, &schema)?;
    for batch in &rows.batches {
        writer.write(&wire_batch(batch, &schema)?)?;
    }
    writer.finish()?;
    drop(writer);
    Ok(body)
}

#[cfg(test)]
pub(crate) mod tests {
    use arrow::array::AsArray;
    use arrow::array::{
        Decimal128Array, Int64Array, IntervalMonthDayNanoArray, ListArray, StringArray,
        TimestampMicrosecondArray,
    };
    use arrow::datatypes::{Int32Type, Int64Type, IntervalMonthDayNano, TimeUnit};
    use arrow::ipc::reader::StreamReader;
    use axum::http::HeaderValue;
    use quiver_types::{DatabaseId, SqlLabQuery};

    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn only_an_explicit_arrow_stream_accept_asks_for_arrow() {
        assert!(accepts_arrow_stream(&accept(
            "application/vnd.apache.arrow.stream, application/json"
        )));
        assert!(accepts_arrow_stream(&accept(
            "application/json;q=0.5, Application/Vnd.Apache.Arrow.Stream"
        )));
        assert!(!accepts_arrow_stream(&accept("application/json")));
        assert!(!accepts_arrow_stream(&accept("*/*")));
        assert!(!accepts_arrow_stream(&accept(
            "application/vnd.apache.arrow.stream;q=0"
        )));
        assert!(!accepts_arrow_stream(&HeaderMap::new()));
    }

    /// A run's meta for tests: a success of `SELECT 1` on the examples.
    pub(crate) fn meta() -> SqlLabResultMeta {
        SqlLabResultMeta {
            status: "success".to_owned(),
            query_id: 7,
            columns: vec![],
            selected_columns: vec![],
            expanded_columns: vec![],
            query: SqlLabQuery {
                id: "abcdefghijk".to_owned(),
                query_id: 7,
                server_id: 7,
                db_id: DatabaseId(1),
                db: "examples".to_owned(),
                state: "success".to_owned(),
                sql: "SELECT 1".to_owned(),
                executed_sql: None,
                catalog: None,
                schema: None,
                tab: None,
                sql_editor_id: None,
                limit: Some(2),
                limiting_factor: "DROPDOWN".to_owned(),
                progress: 100,
                rows: Some(2),
                error_message: None,
                ctas: false,
                ctas_method: "TABLE".to_owned(),
                temp_table: None,
                temp_schema: None,
                results_key: None,
                tracking_url: None,
                link: "/sqllab/?queryId=7".to_owned(),
                cached: false,
                is_data_preview: false,
                errors: vec![],
                start_dttm: None,
                end_dttm: None,
                changed_on: "2026-11-23T07:00:00".to_owned(),
                user_id: Some(1),
            },
        }
    }

    #[test]
    fn the_stream_keeps_native_types_sends_display_types_as_text_and_carries_the_meta() {
        let interval = IntervalMonthDayNano::new(1, 2, 3_000_000_000);
        let list =
            ListArray::from_iter_primitive::<Int32Type, _, _>(vec![Some(vec![Some(1), Some(2)]), None]);
        let columns: Vec<ArrayRef> = vec![
            Arc::new(TimestampMicrosecondArray::from(vec![Some(1_500_000), None])),
            Arc::new(
                Decimal128Array::from(vec![Some(12_345), None])
                    .with_precision_and_scale(10, 2)
                    .unwrap(),
            ),
            Arc::new(IntervalMonthDayNanoArray::from(vec![Some(interval), None])),
            Arc::new(list),
            Arc::new(Int64Array::from(vec![1, 2])),
            Arc::new(TimestampMicrosecondArray::from(vec![Some(1_500_000), None]).with_timezone("UTC")),
            Arc::new(
                TimestampMicrosecondArray::from(vec![Some(1_500_000), None]).with_timezone("Europe/Paris"),
            ),
        ];
        let names = ["ds", "price", "gap", "ids", "num", "utc", "paris"];
        let batch = RecordBatch::try_from_iter(names.into_iter().zip(columns)).unwrap();
        let rows = QueryOutput {
            schema: batch.schema(),
            batches: vec![batch.slice(1, 1), batch.slice(0, 1)],
        };

        let body = encode(&meta(), &rows).unwrap();

        let reader = StreamReader::try_new(std::io::Cursor::new(body), None).unwrap();
        let schema = reader.schema();
        let sent: SqlLabResultMeta = serde_json::from_str(&schema.metadata()[META_KEY]).unwrap();
        assert_eq!(sent, meta());
        let types: Vec<DataType> = schema
            .fields()
            .iter()
            .map(|field| field.data_type().clone())
            .collect();
        assert_eq!(
            types,
            [
                DataType::Timestamp(TimeUnit::Microsecond, None),
                DataType::Decimal128(10, 2),
                DataType::Utf8,
                DataType::Utf8,
                DataType::Int64,
                DataType::Timestamp(TimeUnit::Microsecond, Some("+00:00".into())),
                DataType::Int64,
            ]
        );
        let batches: Vec<RecordBatch> = reader.map(Result::unwrap).collect();
        assert_eq!(
            batches.iter().map(RecordBatch::num_rows).collect::<Vec<_>>(),
            [1, 1]
        );
        let gap = batches[1]
            .column(2)
            .as_any()
            .downcast_ref::<StringArray>()
            .unwrap();
        let ids = batches[1]
            .column(3)
            .as_any()
            .downcast_ref::<StringArray>()
            .unwrap();
        assert_eq!(
            (gap.value(0), ids.value(0)),
            ("1 mons 2 days 3.000000000 secs", "[1, 2]")
        );
        assert!(batches[0].column(2).is_null(0) && batches[0].column(3).is_null(0));
        let num = batches[0]
            .column(4)
            .as_any()
            .downcast_ref::<Int64Array>()
            .unwrap();
        assert_eq!(num.value(0), 2);
        let paris = batches[1].column(6).as_primitive::<Int64Type>();
        assert_eq!((paris.value(0), batches[0].column(6).is_null(0)), (1500, true));
    }
}
