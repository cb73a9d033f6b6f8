//! File uploads into a database: the file is read and checked whole (types inferred with
//! arrow-csv) before anything is written, then streamed into the target table in batches.

pub mod csv;

use arrow::datatypes::DataType;

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
}
