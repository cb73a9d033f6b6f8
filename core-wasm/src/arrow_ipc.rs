//! Arrow IPC streams ↔ record batches: the format results travel in between the server, the
//! browser and the post-processing rules.

use std::io::Cursor;

use arrow::compute::concat_batches;
use arrow::datatypes::SchemaRef;
use arrow::ipc::reader::StreamReader;
use arrow::ipc::writer::StreamWriter;
use arrow::record_batch::RecordBatch;

use crate::error::{CoreError, CoreResult};

/// The schema and the batches of an Arrow IPC stream. Bytes that are not a valid stream are
/// `InvalidInput`.
pub fn decode_stream(bytes: &[u8]) -> CoreResult<(SchemaRef, Vec<RecordBatch>)> {
    let invalid_stream = |error: arrow::error::ArrowError| CoreError::InvalidInput {
        message: format!("not an Arrow IPC stream: {error}"),
    };
    let reader = StreamReader::try_new(Cursor::new(bytes), None).map_err(invalid_stream)?;
    let schema = reader.schema();
    let batches = reader.collect::<Result<Vec<_>, _>>().map_err(invalid_stream)?;
    Ok((schema, batches))
}

/// The batches of an Arrow IPC stream as one batch (empty when the stream has none).
pub fn decode_stream_to_batch(bytes: &[u8]) -> CoreResult<RecordBatch> {
    let (schema, batches) = decode_stream(bytes)?;
    concat_batches(&schema, &batches).map_err(|error| CoreError::Internal {
        message: format!("cannot join the batches of an Arrow IPC stream: {error}"),
    })
}

/// One batch as an Arrow IPC stream (schema message, the batch, end-of-stream marker).
pub fn encode_stream(batch: &RecordBatch) -> CoreResult<Vec<u8>> {
    let internal = |error: arrow::error::ArrowError| CoreError::Internal {
        message: format!("cannot write an Arrow IPC stream: {error}"),
    };
    let mut bytes = Vec::new();
    let mut writer = StreamWriter::try_new(&mut bytes, &batch.schema()).map_err(internal)?;
    writer.write(batch).map_err(internal)?;
    writer.finish().map_err(internal)?;
    drop(writer);
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{Float64Array, StringArray};
    use arrow::datatypes::{DataType, Field, Schema};

    use super::*;

    #[test]
    fn a_batch_round_trips_through_a_stream() {
        let schema = Arc::new(Schema::new(vec![
            Field::new("name", DataType::Utf8, true),
            Field::new("sales", DataType::Float64, true),
        ]));
        let batch = RecordBatch::try_new(
            schema.clone(),
            vec![
                Arc::new(StringArray::from(vec![Some("a"), None])),
                Arc::new(Float64Array::from(vec![Some(1.5), Some(2.0)])),
            ],
        )
        .unwrap();
        let (decoded_schema, batches) = decode_stream(&encode_stream(&batch).unwrap()).unwrap();
        assert_eq!(decoded_schema, schema);
        assert_eq!(batches, vec![batch]);
    }

    #[test]
    fn garbage_is_invalid_input() {
        let error = decode_stream(b"not arrow").unwrap_err();
        assert_eq!(error.name(), "InvalidInput");
    }
}
