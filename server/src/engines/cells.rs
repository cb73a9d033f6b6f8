//! Rows from row-oriented drivers (SQLite, PostgreSQL, MySQL through sqlx) become Arrow: each value
//! is first a [`Cell`], then each column gets the narrowest Arrow type that holds all its cells.

use std::sync::Arc;

use arrow::array::{
    ArrayRef, BooleanBuilder, Date32Builder, Float64Builder, Int64Builder, NullArray, StringBuilder,
    TimestampMicrosecondBuilder,
};
use arrow::datatypes::{DataType, Field, Schema, TimeUnit};
use arrow::record_batch::{RecordBatch, RecordBatchOptions};

use super::{EngineError, QueryOutput};

/// One value, as read from a driver.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(String),
    /// Days since 1970-01-01.
    Date(i32),
    /// Microseconds since 1970-01-01 00:00 UTC.
    Timestamp(i64),
}

/// The Arrow type a column of cells becomes.
fn column_type(cells: impl Iterator<Item = Cell>, declared: Option<DataType>) -> DataType {
    let mut kind: Option<DataType> = None;
    for cell in cells {
        let cell_type = match cell {
            Cell::Null => continue,
            Cell::Bool(_) => DataType::Boolean,
            Cell::Int(_) => DataType::Int64,
            Cell::Float(_) => DataType::Float64,
            Cell::Text(_) => DataType::Utf8,
            Cell::Date(_) => DataType::Date32,
            Cell::Timestamp(_) => DataType::Timestamp(TimeUnit::Microsecond, None),
        };
        kind = Some(match (kind, cell_type) {
            (None, new) => new,
            (Some(old), new) if old == new => old,
            (Some(DataType::Int64), DataType::Float64) | (Some(DataType::Float64), DataType::Int64) => {
                DataType::Float64
            }
            _ => DataType::Utf8,
        });
        if kind == Some(DataType::Utf8) {
            break;
        }
    }
    kind.or(declared).unwrap_or(DataType::Null)
}

fn cell_text(cell: &Cell) -> Option<String> {
    match cell {
        Cell::Null => None,
        Cell::Bool(value) => Some(if *value { "true" } else { "false" }.to_owned()),
        Cell::Int(value) => Some(value.to_string()),
        Cell::Float(value) => Some(value.to_string()),
        Cell::Text(value) => Some(value.clone()),
        Cell::Date(days) => chrono::DateTime::from_timestamp(i64::from(*days) * 86_400, 0)
            .map(|date| date.format("%Y-%m-%d").to_string()),
        Cell::Timestamp(micros) => chrono::DateTime::from_timestamp_micros(*micros)
            .map(|time| time.naive_utc().format("%Y-%m-%d %H:%M:%S%.f").to_string()),
    }
}

fn build_column(rows: &[Vec<Cell>], index: usize, data_type: &DataType) -> ArrayRef {
    let cells = rows.iter().map(|row| row.get(index).unwrap_or(&Cell::Null));
    match data_type {
        DataType::Boolean => {
            let mut builder = BooleanBuilder::with_capacity(rows.len());
            cells.for_each(|cell| {
                builder.append_option(if let Cell::Bool(value) = cell {
                    Some(*value)
                } else {
                    None
                })
            });
            Arc::new(builder.finish())
        }
        DataType::Int64 => {
            let mut builder = Int64Builder::with_capacity(rows.len());
            cells.for_each(|cell| {
                builder.append_option(if let Cell::Int(value) = cell {
                    Some(*value)
                } else {
                    None
                })
            });
            Arc::new(builder.finish())
        }
        DataType::Float64 => {
            let mut builder = Float64Builder::with_capacity(rows.len());
            cells.for_each(|cell| {
                builder.append_option(match cell {
                    Cell::Float(value) => Some(*value),
                    Cell::Int(value) => Some(*value as f64),
                    _ => None,
                })
            });
            Arc::new(builder.finish())
        }
        DataType::Date32 => {
            let mut builder = Date32Builder::with_capacity(rows.len());
            cells.for_each(|cell| {
                builder.append_option(if let Cell::Date(value) = cell {
                    Some(*value)
                } else {
                    None
                })
            });
            Arc::new(builder.finish())
        }
        DataType::Timestamp(_, _) => {
            let mut builder = TimestampMicrosecondBuilder::with_capacity(rows.len());
            cells.for_each(|cell| {
                builder.append_option(if let Cell::Timestamp(value) = cell {
                    Some(*value)
                } else {
                    None
                })
            });
            Arc::new(builder.finish())
        }
        DataType::Null => Arc::new(NullArray::new(rows.len())),
        _ => {
            let mut builder = StringBuilder::with_capacity(rows.len(), rows.len() * 8);
            cells.for_each(|cell| builder.append_option(cell_text(cell)));
            Arc::new(builder.finish())
        }
    }
}

/// Builds one record batch from rows of cells. `declared` gives each column's type when no row
/// says (an empty result).
pub fn cells_to_output(
    names: Vec<String>,
    declared: Vec<Option<DataType>>,
    rows: Vec<Vec<Cell>>,
) -> Result<QueryOutput, EngineError> {
    let types: Vec<DataType> = names
        .iter()
        .enumerate()
        .map(|(index, _)| {
            let cells = rows
                .iter()
                .map(|row| row.get(index).cloned().unwrap_or(Cell::Null));
            column_type(cells, declared.get(index).cloned().flatten())
        })
        .collect();
    let fields: Vec<Field> = names
        .iter()
        .zip(&types)
        .map(|(name, data_type)| Field::new(name, data_type.clone(), true))
        .collect();
    let schema = Arc::new(Schema::new(fields));
    let columns: Vec<ArrayRef> = types
        .iter()
        .enumerate()
        .map(|(index, data_type)| build_column(&rows, index, data_type))
        .collect();
    let options = RecordBatchOptions::new().with_row_count(Some(rows.len()));
    let batch = RecordBatch::try_new_with_options(Arc::clone(&schema), columns, &options)
        .map_err(|error| EngineError::Execution(error.to_string()))?;
    Ok(QueryOutput {
        schema,
        batches: if rows.is_empty() { vec![] } else { vec![batch] },
    })
}

/// The Arrow type a declared SQL type name suggests (used for empty results).
pub fn declared_type(type_name: &str) -> Option<DataType> {
    let upper = type_name.to_ascii_uppercase();
    let base = upper.split(['(', ' ']).next().unwrap_or_default();
    Some(match base {
        "BOOL" | "BOOLEAN" => DataType::Boolean,
        "INT" | "INT2" | "INT4" | "INT8" | "INTEGER" | "BIGINT" | "SMALLINT" | "TINYINT" | "MEDIUMINT"
        | "YEAR" => DataType::Int64,
        "REAL" | "FLOAT" | "FLOAT4" | "FLOAT8" | "DOUBLE" | "NUMERIC" | "DECIMAL" => DataType::Float64,
        "DATE" => DataType::Date32,
        "TIMESTAMP" | "TIMESTAMPTZ" | "DATETIME" => DataType::Timestamp(TimeUnit::Microsecond, None),
        "NULL" => return None,
        _ => DataType::Utf8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_take_the_narrowest_type() {
        let rows = vec![
            vec![
                Cell::Int(1),
                Cell::Int(1),
                Cell::Text("a".into()),
                Cell::Null,
                Cell::Timestamp(86_400_000_000),
            ],
            vec![
                Cell::Int(2),
                Cell::Float(2.5),
                Cell::Int(3),
                Cell::Null,
                Cell::Null,
            ],
        ];
        let names = ["i", "f", "t", "n", "ts"].map(String::from).to_vec();
        let output =
            cells_to_output(names, vec![None, None, None, Some(DataType::Int64), None], rows).unwrap();
        let types: Vec<DataType> = output
            .schema
            .fields()
            .iter()
            .map(|field| field.data_type().clone())
            .collect();
        assert_eq!(
            types,
            [
                DataType::Int64,
                DataType::Float64,
                DataType::Utf8,
                DataType::Int64,
                DataType::Timestamp(TimeUnit::Microsecond, None)
            ]
        );
        assert_eq!(output.row_count(), 2);
        let text = output.batches[0]
            .column(2)
            .as_any()
            .downcast_ref::<arrow::array::StringArray>()
            .unwrap();
        assert_eq!((text.value(0), text.value(1)), ("a", "3"));
    }

    #[test]
    fn empty_results_keep_declared_types() {
        let output = cells_to_output(vec!["n".into()], vec![declared_type("BIGINT")], vec![]).unwrap();
        assert_eq!(output.schema.field(0).data_type(), &DataType::Int64);
        assert_eq!(output.row_count(), 0);
        assert_eq!(declared_type("varchar(20)"), Some(DataType::Utf8));
        assert_eq!(declared_type("DECIMAL(10,2)"), Some(DataType::Float64));
    }
}
