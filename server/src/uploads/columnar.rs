//! Reading a columnar upload: one Parquet file, or a ZIP of Parquet files with the same columns
//! (Superset's "Columnar file"). The file's own types are kept; each column is cast to its
//! bind type.

use std::io::{Cursor, Read};

use bytes::Bytes;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

use super::{bindable, checked_columns, ColumnKind, ParsedUpload, UploadError};

/// Rows per record batch while reading.
const READ_BATCH_ROWS: usize = 8192;

/// The most files a columnar ZIP may hold.
const MAX_ZIP_ENTRIES: usize = 1000;

/// The largest uncompressed size of all files of a columnar ZIP together, 1 GiB.
pub const MAX_ZIP_BYTES: u64 = 1024 * 1024 * 1024;

fn parsing(error: impl std::fmt::Display) -> UploadError {
    UploadError::Parsing(error.to_string())
}

fn is_zip(data: &[u8]) -> bool {
    data.starts_with(b"PK\x03\x04") || data.starts_with(b"PK\x05\x06")
}

/// Reads one Parquet file whole.
fn parse_parquet(data: Bytes) -> Result<ParsedUpload, UploadError> {
    let builder = ParquetRecordBatchReaderBuilder::try_new(data).map_err(parsing)?;
    let columns = checked_columns(
        builder
            .schema()
            .fields()
            .iter()
            .map(|field| (field.name().clone(), ColumnKind::of(field.data_type()))),
    )?;
    let reader = builder
        .with_batch_size(READ_BATCH_ROWS)
        .build()
        .map_err(parsing)?;
    let mut batches = Vec::new();
    for batch in reader {
        let batch = batch.map_err(parsing)?;
        batches.push(bindable(&batch, &columns)?);
    }
    Ok(ParsedUpload {
        columns,
        batches,
        first_row: 1,
    })
}

/// The Parquet files of a ZIP, read one after the other into one upload.
fn parse_zip(data: &[u8]) -> Result<ParsedUpload, UploadError> {
    let mut archive = zip::ZipArchive::new(Cursor::new(data)).map_err(|_| parsing("Not a valid ZIP file"))?;
    if archive.len() > MAX_ZIP_ENTRIES {
        return Err(UploadError::ZipTooLarge { limit: MAX_ZIP_BYTES });
    }
    let mut total: u64 = 0;
    let mut combined: Option<ParsedUpload> = None;
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).map_err(parsing)?;
        if entry.is_dir() {
            continue;
        }
        let name = entry.name().map_err(parsing)?.to_ascii_lowercase();
        if !name.ends_with(".parquet") {
            return Err(UploadError::MixedZip);
        }
        let allowed = MAX_ZIP_BYTES - total;
        let mut content = Vec::new();
        (&mut entry)
            .take(allowed + 1)
            .read_to_end(&mut content)
            .map_err(parsing)?;
        total += content.len() as u64;
        if total > MAX_ZIP_BYTES {
            return Err(UploadError::ZipTooLarge { limit: MAX_ZIP_BYTES });
        }
        let parsed = parse_parquet(Bytes::from(content))?;
        combined = Some(match combined {
            None => parsed,
            Some(mut so_far) => {
                if so_far.columns != parsed.columns {
                    return Err(UploadError::ZipColumnsDiffer);
                }
                so_far.batches.extend(parsed.batches);
                so_far
            }
        });
    }
    combined.ok_or(UploadError::EmptyFile)
}

/// Reads a Parquet file, or a ZIP of Parquet files, whole.
pub fn parse_columnar(data: &[u8]) -> Result<ParsedUpload, UploadError> {
    if data.is_empty() {
        return Err(UploadError::EmptyFile);
    }
    if is_zip(data) {
        return parse_zip(data);
    }
    parse_parquet(Bytes::copy_from_slice(data))
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::Arc;

    use arrow::array::{
        ArrayRef, AsArray, Date32Array, Float64Array, Int32Array, StringArray, TimestampMicrosecondArray,
    };
    use arrow::datatypes::{DataType, Field, Int64Type, Schema, TimeUnit};
    use arrow::record_batch::RecordBatch;
    use parquet::arrow::ArrowWriter;

    use super::*;

    fn parquet_bytes(offset: i32) -> Vec<u8> {
        let schema = Arc::new(Schema::new(vec![
            Field::new("id", DataType::Int32, false),
            Field::new("name", DataType::Utf8, true),
            Field::new("ratio", DataType::Float64, true),
            Field::new("day", DataType::Date32, true),
            Field::new(
                "at",
                DataType::Timestamp(TimeUnit::Microsecond, Some("UTC".into())),
                true,
            ),
        ]));
        let columns: Vec<ArrayRef> = vec![
            Arc::new(Int32Array::from(vec![offset + 1, offset + 2])),
            Arc::new(StringArray::from(vec![Some("ann"), None])),
            Arc::new(Float64Array::from(vec![0.5, 1.5])),
            Arc::new(Date32Array::from(vec![19724, 19725])),
            Arc::new(TimestampMicrosecondArray::from(vec![1_704_164_645_000_000, 0]).with_timezone("UTC")),
        ];
        let batch = RecordBatch::try_new(schema.clone(), columns).unwrap();
        let mut buffer = Vec::new();
        let mut writer = ArrowWriter::try_new(&mut buffer, schema, None).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
        buffer
    }

    #[test]
    fn a_parquet_file_keeps_its_types() {
        let parsed = parse_columnar(&parquet_bytes(0)).unwrap();
        let kinds: Vec<ColumnKind> = parsed.columns.iter().map(|(_, kind)| *kind).collect();
        assert_eq!(
            kinds,
            vec![
                ColumnKind::Integer,
                ColumnKind::Text,
                ColumnKind::Float,
                ColumnKind::Date,
                ColumnKind::Timestamp
            ]
        );
        let batch = &parsed.batches[0];
        assert_eq!(
            batch.column(0).as_primitive::<Int64Type>().values().to_vec(),
            vec![1, 2]
        );
        assert_eq!(batch.column(3).as_string::<i32>().value(0), "2024-01-02");
        assert_eq!(batch.column(4).as_string::<i32>().value(0), "2024-01-02T03:04:05");
    }

    #[test]
    fn a_zip_of_parquet_files_reads_as_one() {
        let mut buffer = Cursor::new(Vec::new());
        let mut archive = zip::ZipWriter::new(&mut buffer);
        let options = zip::write::SimpleFileOptions::default();
        archive.start_file("part-1.parquet", options).unwrap();
        archive.write_all(&parquet_bytes(0)).unwrap();
        archive.start_file("part-2.parquet", options).unwrap();
        archive.write_all(&parquet_bytes(10)).unwrap();
        archive.finish().unwrap();
        let parsed = parse_columnar(buffer.get_ref()).unwrap();
        assert_eq!(parsed.row_count(), 4);

        let mut mixed = Cursor::new(Vec::new());
        let mut archive = zip::ZipWriter::new(&mut mixed);
        archive.start_file("part-1.parquet", options).unwrap();
        archive.write_all(&parquet_bytes(0)).unwrap();
        archive.start_file("notes.txt", options).unwrap();
        archive.write_all(b"hello").unwrap();
        archive.finish().unwrap();
        assert_eq!(
            parse_columnar(mixed.get_ref()).unwrap_err(),
            UploadError::MixedZip
        );
        assert!(matches!(
            parse_columnar(b"not parquet at all").unwrap_err(),
            UploadError::Parsing(_)
        ));
    }
}
