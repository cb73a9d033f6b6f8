//! Quiver's Arrow answer: for each query, a 4-byte little-endian length then an Arrow IPC stream
//! whose schema metadata `quiver:result` holds the JSON of everything but the rows.

use std::collections::HashMap;
use std::sync::Arc;

use arrow::array::ArrayRef;
use arrow::datatypes::{DataType, Field, Schema};
use arrow::ipc::writer::StreamWriter;
use arrow::record_batch::RecordBatch;

use super::QueryResult;

/// The content type of the answer.
pub const CONTENT_TYPE: &str = "application/vnd.quiver.chart-data+arrow";
/// The schema metadata key holding the result's JSON.
pub const META_KEY: &str = "quiver:result";

#[derive(Debug, thiserror::Error)]
pub enum ArrowFormatError {
    #[error("arrow encoding failed: {0}")]
    Arrow(#[from] arrow::error::ArrowError),
    #[error("result metadata encoding failed: {0}")]
    Json(#[from] serde_json::Error),
    #[error("a result is larger than 4 GiB")]
    TooLarge,
}

/// Decimals travel as floats: the browser computes in doubles, as pandas does for Superset.
fn wire_type(data_type: &DataType) -> Option<DataType> {
    match data_type {
        DataType::Decimal128(_, _) | DataType::Decimal256(_, _) => Some(DataType::Float64),
        _ => None,
    }
}

fn to_wire_batch(batch: &RecordBatch, schema: &Arc<Schema>) -> Result<RecordBatch, ArrowFormatError> {
    let columns = batch
        .columns()
        .iter()
        .zip(schema.fields())
        .map(|(column, field)| -> Result<ArrayRef, ArrowFormatError> {
            if column.data_type() == field.data_type() {
                Ok(Arc::clone(column))
            } else {
                Ok(arrow::compute::cast(column, field.data_type())?)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(RecordBatch::try_new(Arc::clone(schema), columns)?)
}

/// Encodes every result, in order.
pub fn encode_results(results: &[QueryResult]) -> Result<Vec<u8>, ArrowFormatError> {
    let mut body = Vec::new();
    for result in results {
        let fields: Vec<Field> = result
            .output
            .schema
            .fields()
            .iter()
            .map(|field| match wire_type(field.data_type()) {
                Some(wire) => Field::new(field.name(), wire, true),
                None => field.as_ref().clone(),
            })
            .collect();
        let metadata = HashMap::from([(META_KEY.to_owned(), serde_json::to_string(&result.meta)?)]);
        let schema = Arc::new(Schema::new_with_metadata(fields, metadata));
        let mut stream = Vec::new();
        {
            let mut writer = StreamWriter::try_new(&mut stream, &schema)?;
            for batch in &result.output.batches {
                writer.write(&to_wire_batch(batch, &schema)?)?;
            }
            writer.finish()?;
        }
        let length = u32::try_from(stream.len()).map_err(|_| ArrowFormatError::TooLarge)?;
        body.extend_from_slice(&length.to_le_bytes());
        body.extend_from_slice(&stream);
    }
    Ok(body)
}
