//! File uploads into a database. The file arrives in a temporary file; its reader checks it and
//! infers its columns ([`UploadSource`]), then yields record batches that are parsed while the
//! writer inserts them (a CSV file by streaming passes over the file, Parquet by record batches
//! of its row groups, Excel whole). Progress is counted in [`progress`].

pub mod columnar;
pub mod csv;
pub mod excel;
pub mod progress;

use std::sync::Arc;

use arrow::datatypes::{DataType, Field, Schema};
use arrow::record_batch::RecordBatch;

/// How a column is created and bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnKind {
    Boolean,
    Integer,
    Float,
    Date,
    Timestamp,
    Text,
}

impl ColumnKind {
    /// The kind of an inferred Arrow type.
    pub fn of(data_type: &DataType) -> ColumnKind {
        match data_type {
            DataType::Boolean => ColumnKind::Boolean,
            DataType::Int8 | DataType::Int16 | DataType::Int32 | DataType::Int64 => ColumnKind::Integer,
            DataType::UInt8 | DataType::UInt16 | DataType::UInt32 => ColumnKind::Integer,
            DataType::Float16 | DataType::Float32 | DataType::Float64 => ColumnKind::Float,
            DataType::Decimal32(_, _)
            | DataType::Decimal64(_, _)
            | DataType::Decimal128(_, _)
            | DataType::Decimal256(_, _) => ColumnKind::Float,
            DataType::Date32 | DataType::Date64 => ColumnKind::Date,
            DataType::Timestamp(_, _) => ColumnKind::Timestamp,
            _ => ColumnKind::Text,
        }
    }

    /// The Arrow type values of this kind are read as before binding.
    pub fn bind_type(self) -> DataType {
        match self {
            ColumnKind::Boolean => DataType::Boolean,
            ColumnKind::Integer => DataType::Int64,
            ColumnKind::Float => DataType::Float64,
            ColumnKind::Date | ColumnKind::Timestamp | ColumnKind::Text => DataType::Utf8,
        }
    }

    /// The column type in a backend's `CREATE TABLE`.
    pub fn sql_type(self, backend: &str) -> &'static str {
        match (self, backend) {
            (ColumnKind::Boolean, _) => "BOOLEAN",
            (ColumnKind::Integer, _) => "BIGINT",
            (ColumnKind::Float, "postgresql") => "DOUBLE PRECISION",
            (ColumnKind::Float, "sqlite") => "REAL",
            (ColumnKind::Float, _) => "DOUBLE",
            (ColumnKind::Date, _) => "DATE",
            (ColumnKind::Timestamp, "mysql") => "DATETIME",
            (ColumnKind::Timestamp, _) => "TIMESTAMP",
            (ColumnKind::Text, "duckdb") => "VARCHAR",
            (ColumnKind::Text, _) => "TEXT",
        }
    }

    /// A placeholder as the value of this kind is written (dates travel as text and are cast,
    /// except in SQLite, which keeps them as text).
    pub fn value_sql(self, backend: &str, placeholder: &str) -> String {
        match (self, backend) {
            (_, "sqlite") => placeholder.to_owned(),
            (ColumnKind::Date, _) => format!("CAST({placeholder} AS DATE)"),
            (ColumnKind::Timestamp, "mysql") => format!("CAST({placeholder} AS DATETIME)"),
            (ColumnKind::Timestamp, _) => format!("CAST({placeholder} AS TIMESTAMP)"),
            _ => placeholder.to_owned(),
        }
    }
}

/// What to do when the table exists (`already_exists`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IfExists {
    Fail,
    Replace,
    Append,
}

impl IfExists {
    pub fn parse(text: &str) -> Option<IfExists> {
        match text {
            "fail" => Some(IfExists::Fail),
            "replace" => Some(IfExists::Replace),
            "append" => Some(IfExists::Append),
            _ => None,
        }
    }
}

/// Why an upload was refused; nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UploadError {
    /// The file holds nothing.
    #[error("The file is empty")]
    EmptyFile,
    /// The file is not UTF-8 text.
    #[error("The file is not valid UTF-8 text (line {line})")]
    NotUtf8 { line: usize },
    /// A line is longer than the limit.
    #[error("Line {line} is longer than {limit} bytes")]
    LineTooLong { line: usize, limit: usize },
    /// The delimiter finds one column where another delimiter finds several.
    #[error("The file has a single column with the delimiter \"{given}\"; it seems to be delimited by \"{likely}\"")]
    WrongDelimiter { given: String, likely: String },
    /// The header names a column twice or leaves a name empty.
    #[error("{0}")]
    BadHeader(String),
    /// A row could not be read with the inferred types.
    #[error("{0}")]
    BadRow(String),
    /// One row of the file, named by its row number, could not be read or written.
    #[error("Row {row}: {reason}")]
    RowRefused { row: usize, reason: String },
    /// The uploaded file could not be read back from its temporary file.
    #[error("The uploaded file could not be read: {0}")]
    Io(String),
    /// The file is not of its upload type, or is damaged (Superset's "Parsing error").
    #[error("Parsing error: {0}")]
    Parsing(String),
    /// The Excel file has no sheet of the asked name (pandas' text).
    #[error("Parsing error: Worksheet named '{0}' not found")]
    SheetNotFound(String),
    /// `columns_read` names columns the file does not have.
    #[error("The file has no column named {}", .0.iter().map(|name| format!("\"{name}\"")).collect::<Vec<_>>().join(", "))]
    ColumnsNotFound(Vec<String>),
    /// A columnar ZIP holds files that are not Parquet (Superset's text).
    #[error("ZIP file contains multiple file types")]
    MixedZip,
    /// A columnar ZIP holds Parquet files whose columns differ.
    #[error("The Parquet files in the ZIP file do not have the same columns")]
    ZipColumnsDiffer,
    /// A columnar ZIP is larger than the limit once uncompressed.
    #[error("The ZIP file is larger than {limit} bytes once uncompressed")]
    ZipTooLarge { limit: u64 },
}

/// Batches of bindable rows, read on demand.
pub type BatchIter = Box<dyn Iterator<Item = Result<RecordBatch, UploadError>> + Send>;

/// A file opened for reading: its checked columns, and its rows as batches parsed on demand,
/// each column already in its bind type. A batch that does not read is an error naming its row.
pub struct UploadSource {
    pub columns: Vec<(String, ColumnKind)>,
    /// The row number of the first data row in the file (see [`ParsedUpload::first_row`]).
    pub first_row: usize,
    /// The rows the source will yield, when known before reading them.
    pub total_rows: Option<usize>,
    pub batches: BatchIter,
}

impl std::fmt::Debug for UploadSource {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("UploadSource")
            .field("columns", &self.columns)
            .field("first_row", &self.first_row)
            .field("total_rows", &self.total_rows)
            .finish_non_exhaustive()
    }
}

impl UploadSource {
    /// Only the named columns, in the file's order (Superset's `columns_read`); every name must
    /// be a column of the file. Each batch is projected as it is read.
    pub fn select_columns(self, names: &[String]) -> Result<UploadSource, UploadError> {
        if names.is_empty() {
            return Ok(self);
        }
        let kept = kept_columns(&self.columns, names)?;
        let columns = kept.iter().map(|index| self.columns[*index].clone()).collect();
        let batches = self.batches.map(move |batch| {
            batch.and_then(|batch| {
                batch
                    .project(&kept)
                    .map_err(|error| UploadError::BadRow(error.to_string()))
            })
        });
        Ok(UploadSource {
            columns,
            first_row: self.first_row,
            total_rows: self.total_rows,
            batches: Box::new(batches),
        })
    }

    /// Every batch read into memory (tests and small files).
    pub fn read_all(self) -> Result<ParsedUpload, UploadError> {
        let batches = self.batches.collect::<Result<Vec<_>, _>>()?;
        Ok(ParsedUpload {
            columns: self.columns,
            batches,
            first_row: self.first_row,
        })
    }
}

impl From<ParsedUpload> for UploadSource {
    fn from(parsed: ParsedUpload) -> UploadSource {
        UploadSource {
            total_rows: Some(parsed.row_count()),
            columns: parsed.columns,
            first_row: parsed.first_row,
            batches: Box::new(parsed.batches.into_iter().map(Ok)),
        }
    }
}

/// The indexes of the named columns, in the file's order; every name must be a column.
fn kept_columns(columns: &[(String, ColumnKind)], names: &[String]) -> Result<Vec<usize>, UploadError> {
    let missing: Vec<String> = names
        .iter()
        .filter(|name| !columns.iter().any(|(column, _)| column == *name))
        .cloned()
        .collect();
    if !missing.is_empty() {
        return Err(UploadError::ColumnsNotFound(missing));
    }
    Ok((0..columns.len())
        .filter(|index| names.contains(&columns[*index].0))
        .collect())
}

/// A file read whole: its columns and its rows, each column already in its bind type.
#[derive(Debug, Clone)]
pub struct ParsedUpload {
    pub columns: Vec<(String, ColumnKind)>,
    pub batches: Vec<RecordBatch>,
    /// The row number of the first data row in the file, as a reader of the file counts rows
    /// (1-based): the line of a CSV, the row of an Excel sheet, the record of a Parquet file.
    /// Errors about one row name it by this count ("Row 17: ...").
    pub first_row: usize,
}

impl ParsedUpload {
    pub fn row_count(&self) -> usize {
        self.batches.iter().map(RecordBatch::num_rows).sum()
    }

    /// The file's row number of the data row at `index` (0-based over every batch).
    pub fn row_number(&self, index: usize) -> usize {
        self.first_row + index
    }
}

/// The columns of a header row, checked: every name present, none twice (case-insensitive).
pub fn checked_columns(
    header: impl IntoIterator<Item = (String, ColumnKind)>,
) -> Result<Vec<(String, ColumnKind)>, UploadError> {
    let mut columns: Vec<(String, ColumnKind)> = Vec::new();
    for (index, (name, kind)) in header.into_iter().enumerate() {
        let name = name.trim().to_owned();
        if name.is_empty() {
            return Err(UploadError::BadHeader(format!(
                "Column {} has no name in the header row",
                index + 1
            )));
        }
        if columns
            .iter()
            .any(|(existing, _)| existing.eq_ignore_ascii_case(&name))
        {
            return Err(UploadError::BadHeader(format!(
                "The header row names the column \"{name}\" more than once"
            )));
        }
        columns.push((name, kind));
    }
    Ok(columns)
}

/// One column cast to its kind's bind type: dates through Date32 ("2024-01-02"), timestamps
/// with a time zone as UTC without it, then text, integer, float or boolean.
fn bind_array(
    array: &arrow::array::ArrayRef,
    kind: ColumnKind,
) -> Result<arrow::array::ArrayRef, arrow::error::ArrowError> {
    let array = match (kind, array.data_type()) {
        (ColumnKind::Date, DataType::Date64) => arrow::compute::cast(array, &DataType::Date32)?,
        (ColumnKind::Timestamp, DataType::Timestamp(unit, Some(_))) => {
            arrow::compute::cast(array, &DataType::Timestamp(*unit, None))?
        }
        _ => array.clone(),
    };
    arrow::compute::cast(&array, &kind.bind_type())
}

/// A batch with each column cast to its kind's bind type.
pub fn bindable(batch: &RecordBatch, columns: &[(String, ColumnKind)]) -> Result<RecordBatch, UploadError> {
    let mut arrays = Vec::with_capacity(columns.len());
    let mut fields = Vec::with_capacity(columns.len());
    for (index, (name, kind)) in columns.iter().enumerate() {
        let array = bind_array(batch.column(index), *kind)
            .map_err(|error| UploadError::BadRow(format!("Could not read the column \"{name}\": {error}")))?;
        fields.push(Field::new(name, kind.bind_type(), true));
        arrays.push(array);
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays)
        .map_err(|error| UploadError::BadRow(error.to_string()))
}
