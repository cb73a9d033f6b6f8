//! Reading a columnar upload: one Parquet file, or a ZIP of Parquet files with the same columns
//! (Superset's "Columnar file"). The file's own types are kept; each column is cast to its
//! bind type. Files are read from disk record batch by record batch (a row group at a time), a
//! ZIP's files first extracted to anonymous temporary files.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

use super::{bindable, checked_columns, ColumnKind, ParsedUpload, UploadError, UploadSource};

/// Rows per record batch while reading.
const READ_BATCH_ROWS: usize = 8192;

/// The most files a columnar ZIP may hold.
const MAX_ZIP_ENTRIES: usize = 1000;

/// The largest uncompressed size of all files of a columnar ZIP together, 1 GiB.
pub const MAX_ZIP_BYTES: u64 = 1024 * 1024 * 1024;

fn parsing(error: impl std::fmt::Display) -> UploadError {
    UploadError::Parsing(error.to_string())
}

fn io_error(error: std::io::Error) -> UploadError {
    UploadError::Io(error.to_string())
}

/// One Parquet file opened: its columns and rows from its footer.
struct ParquetFile {
    builder: ParquetRecordBatchReaderBuilder<File>,
    columns: Vec<(String, ColumnKind)>,
    rows: usize,
}

fn open_parquet(file: File) -> Result<ParquetFile, UploadError> {
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).map_err(parsing)?;
    let columns = checked_columns(
        builder
            .schema()
            .fields()
            .iter()
            .map(|field| (field.name().clone(), ColumnKind::of(field.data_type()))),
    )?;
    let rows = usize::try_from(builder.metadata().file_metadata().num_rows()).unwrap_or(0);
    Ok(ParquetFile {
        builder,
        columns,
        rows,
    })
}

/// The files' batches one after the other, each file's reader built when its turn comes.
fn source_of(files: Vec<ParquetFile>) -> Result<UploadSource, UploadError> {
    let Some(first) = files.first() else {
        return Err(UploadError::EmptyFile);
    };
    let columns = first.columns.clone();
    if files.iter().any(|file| file.columns != columns) {
        return Err(UploadError::ZipColumnsDiffer);
    }
    let total_rows = files.iter().map(|file| file.rows).sum();
    let bind_columns = columns.clone();
    let batches = files.into_iter().flat_map(move |file| {
        let bind_columns = bind_columns.clone();
        let reader: super::BatchIter = match file.builder.with_batch_size(READ_BATCH_ROWS).build() {
            Ok(reader) => Box::new(reader.map(move |batch| {
                batch
                    .map_err(parsing)
                    .and_then(|batch| bindable(&batch, &bind_columns))
            })),
            Err(error) => Box::new(std::iter::once(Err(parsing(error)))),
        };
        reader
    });
    Ok(UploadSource {
        columns,
        first_row: 1,
        total_rows: Some(total_rows),
        batches: Box::new(batches),
    })
}

fn is_zip(file: &mut File) -> Result<bool, UploadError> {
    let mut magic = [0u8; 4];
    file.seek(SeekFrom::Start(0)).map_err(io_error)?;
    let read = file.read(&mut magic).map_err(io_error)?;
    file.seek(SeekFrom::Start(0)).map_err(io_error)?;
    Ok(read == 4 && (magic == *b"PK\x03\x04" || magic == *b"PK\x05\x06"))
}

/// The Parquet files of a ZIP, each extracted to an anonymous temporary file.
fn zip_files(file: File) -> Result<Vec<ParquetFile>, UploadError> {
    let mut archive = zip::ZipArchive::new(file).map_err(|_| parsing("Not a valid ZIP file"))?;
    if archive.len() > MAX_ZIP_ENTRIES {
        return Err(UploadError::ZipTooLarge { limit: MAX_ZIP_BYTES });
    }
    let mut total: u64 = 0;
    let mut files = Vec::new();
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
        let mut extracted = tempfile::tempfile().map_err(io_error)?;
        let copied = std::io::copy(&mut (&mut entry).take(allowed + 1), &mut extracted).map_err(parsing)?;
        total += copied;
        if total > MAX_ZIP_BYTES {
            return Err(UploadError::ZipTooLarge { limit: MAX_ZIP_BYTES });
        }
        files.push(open_parquet(extracted)?);
    }
    Ok(files)
}

/// Opens a Parquet file, or a ZIP of Parquet files, for reading in batches.
pub fn open_columnar(mut file: File) -> Result<UploadSource, UploadError> {
    if file.metadata().map_err(io_error)?.len() == 0 {
        return Err(UploadError::EmptyFile);
    }
    if is_zip(&mut file)? {
        return source_of(zip_files(file)?);
    }
    source_of(vec![open_parquet(file)?])
}

/// Reads a Parquet file, or a ZIP of Parquet files, held in memory, whole.
pub fn parse_columnar(data: &[u8]) -> Result<ParsedUpload, UploadError> {
    let mut file = tempfile::tempfile().map_err(io_error)?;
    std::io::Write::write_all(&mut file, data).map_err(io_error)?;
    open_columnar(file)?.read_all()
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Write};
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
