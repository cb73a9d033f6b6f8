//! Reading an Excel upload (.xlsx, .xls, also .xlsb and .ods) with calamine: one sheet (the
//! first unless `sheet_name` says), rows skipped and limited as in a CSV, each column's type
//! inferred over every cell (whole numbers, numbers, booleans, dates, else text), as pandas'
//! `read_excel` does for Superset.

use std::io::Cursor;
use std::sync::Arc;

use arrow::array::{ArrayRef, BooleanBuilder, Float64Builder, Int64Builder, StringBuilder};
use arrow::datatypes::{Field, Schema};
use arrow::record_batch::RecordBatch;
use calamine::{Data, DataType as _, Reader as _};

use super::{checked_columns, ColumnKind, ParsedUpload, UploadError};

/// Rows per record batch.
const BATCH_ROWS: usize = 8192;

/// How to read the workbook (the upload form's options).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExcelOptions {
    /// The sheet to read; the first one when absent.
    pub sheet_name: Option<String>,
    /// The header's row among the rows left after `skip_rows`; `None`: no header, columns
    /// named `column_1`, `column_2`, ...
    pub header_row: Option<usize>,
    pub skip_rows: usize,
    pub rows_to_read: Option<usize>,
}

/// A float that holds a whole number an i64 keeps exactly.
fn whole_number(value: f64) -> Option<i64> {
    let fits = value.fract() == 0.0 && value.abs() < 9.0e15;
    fits.then_some(value as i64)
}

/// What one column's cells hold, summed over the rows.
#[derive(Debug, Default, Clone, Copy)]
struct CellKinds {
    integers: bool,
    fractions: bool,
    booleans: bool,
    datetimes: bool,
    texts: bool,
}

impl CellKinds {
    fn add(&mut self, cell: &Data) {
        match cell {
            Data::Int(_) => self.integers = true,
            Data::Float(value) if whole_number(*value).is_some() => self.integers = true,
            Data::Float(_) => self.fractions = true,
            Data::Bool(_) => self.booleans = true,
            Data::DateTime(value) if value.is_datetime() => self.datetimes = true,
            Data::DateTimeIso(text) if iso_datetime(text).is_some() => self.datetimes = true,
            Data::Empty | Data::Error(_) => {}
            _ => self.texts = true,
        }
    }

    /// The column's kind: one kind of cell keeps it, whole and fractional numbers make floats,
    /// any other mix is text.
    fn kind(self) -> ColumnKind {
        let numbers = self.integers || self.fractions;
        let others = [self.booleans, self.datetimes, self.texts];
        let mixed = others.iter().filter(|present| **present).count() + usize::from(numbers) > 1;
        if mixed || self.texts {
            ColumnKind::Text
        } else if self.fractions {
            ColumnKind::Float
        } else if self.integers {
            ColumnKind::Integer
        } else if self.booleans {
            ColumnKind::Boolean
        } else if self.datetimes {
            ColumnKind::Timestamp
        } else {
            ColumnKind::Text
        }
    }
}

fn iso_datetime(text: &str) -> Option<chrono::NaiveDateTime> {
    chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.f")
        .ok()
        .or_else(|| {
            chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .and_then(|date| date.and_hms_opt(0, 0, 0))
        })
}

fn datetime_of(cell: &Data) -> Option<chrono::NaiveDateTime> {
    match cell {
        Data::DateTimeIso(text) => iso_datetime(text),
        Data::DateTime(_) => cell.as_datetime(),
        _ => None,
    }
}

fn timestamp_text(value: chrono::NaiveDateTime) -> String {
    value.format("%Y-%m-%d %H:%M:%S%.f").to_string()
}

/// A cell as text (header names and text columns); empty and error cells have none.
fn cell_text(cell: &Data) -> Option<String> {
    match cell {
        Data::Empty | Data::Error(_) => None,
        Data::String(text) => Some(text.clone()),
        Data::Int(value) => Some(value.to_string()),
        Data::Float(value) => Some(match whole_number(*value) {
            Some(whole) => whole.to_string(),
            None => value.to_string(),
        }),
        Data::Bool(value) => Some(value.to_string()),
        Data::DateTime(_) | Data::DateTimeIso(_) => match datetime_of(cell) {
            Some(value) => Some(timestamp_text(value)),
            None => Some(cell.to_string()),
        },
        Data::DurationIso(text) => Some(text.clone()),
    }
}

/// One column of a batch, in its kind's bind type.
fn column_array(rows: &[&[Data]], index: usize, kind: ColumnKind) -> ArrayRef {
    let cell = |row: &&[Data]| row.get(index).unwrap_or(&Data::Empty).clone();
    match kind {
        ColumnKind::Boolean => {
            let mut builder = BooleanBuilder::with_capacity(rows.len());
            rows.iter()
                .for_each(|row| builder.append_option(cell(row).get_bool()));
            Arc::new(builder.finish())
        }
        ColumnKind::Integer => {
            let mut builder = Int64Builder::with_capacity(rows.len());
            for row in rows {
                let value = match cell(row) {
                    Data::Int(value) => Some(value),
                    Data::Float(value) => whole_number(value),
                    _ => None,
                };
                builder.append_option(value);
            }
            Arc::new(builder.finish())
        }
        ColumnKind::Float => {
            let mut builder = Float64Builder::with_capacity(rows.len());
            for row in rows {
                let value = match cell(row) {
                    Data::Int(value) => Some(value as f64),
                    Data::Float(value) => Some(value),
                    _ => None,
                };
                builder.append_option(value);
            }
            Arc::new(builder.finish())
        }
        ColumnKind::Date | ColumnKind::Timestamp => {
            let mut builder = StringBuilder::with_capacity(rows.len(), rows.len() * 19);
            rows.iter()
                .for_each(|row| builder.append_option(datetime_of(&cell(row)).map(timestamp_text)));
            Arc::new(builder.finish())
        }
        ColumnKind::Text => {
            let mut builder = StringBuilder::with_capacity(rows.len(), rows.len() * 8);
            rows.iter()
                .for_each(|row| builder.append_option(cell_text(&cell(row))));
            Arc::new(builder.finish())
        }
    }
}

fn parsing(error: impl std::fmt::Display) -> UploadError {
    UploadError::Parsing(error.to_string())
}

/// Reads one sheet of a workbook whole.
pub fn parse_excel(data: &[u8], options: &ExcelOptions) -> Result<ParsedUpload, UploadError> {
    if data.is_empty() {
        return Err(UploadError::EmptyFile);
    }
    let mut workbook = calamine::open_workbook_auto_from_rs(Cursor::new(data)).map_err(parsing)?;
    let sheet = match &options.sheet_name {
        Some(name) => {
            if !workbook.sheet_names().contains(name) {
                return Err(UploadError::SheetNotFound(name.clone()));
            }
            name.clone()
        }
        None => workbook
            .sheet_names()
            .first()
            .cloned()
            .ok_or(UploadError::EmptyFile)?,
    };
    let range = workbook.worksheet_range(&sheet).map_err(parsing)?;
    let rows: Vec<&[Data]> = range.rows().skip(options.skip_rows).collect();
    let (header, body) = match options.header_row {
        Some(header_row) => match rows.get(header_row) {
            Some(header) => (Some(*header), &rows[header_row + 1..]),
            None => return Err(UploadError::EmptyFile),
        },
        None => (None, &rows[..]),
    };
    let body = match options.rows_to_read {
        Some(limit) => &body[..limit.min(body.len())],
        None => body,
    };
    let width = range.width();
    let mut kinds = vec![CellKinds::default(); width];
    for row in body {
        for (index, cell) in row.iter().enumerate() {
            kinds[index].add(cell);
        }
    }
    // A column with neither a name nor a value is a gap in the sheet, not a column.
    let kept: Vec<usize> = (0..width)
        .filter(|index| {
            let named = header.is_some_and(|header| cell_text(&header[*index]).is_some());
            let has_values = body
                .iter()
                .any(|row| !matches!(row[*index], Data::Empty | Data::Error(_)));
            named || has_values || header.is_none()
        })
        .collect();
    if kept.is_empty() {
        return Err(UploadError::EmptyFile);
    }
    let columns = checked_columns(kept.iter().enumerate().map(|(position, index)| {
        let name = match header {
            Some(header) => cell_text(&header[*index]).unwrap_or_default(),
            None => format!("column_{}", position + 1),
        };
        (name, kinds[*index].kind())
    }))?;
    let fields: Vec<Field> = columns
        .iter()
        .map(|(name, kind)| Field::new(name, kind.bind_type(), true))
        .collect();
    let schema = Arc::new(Schema::new(fields));
    let mut batches = Vec::new();
    for chunk in body.chunks(BATCH_ROWS) {
        let arrays: Vec<ArrayRef> = kept
            .iter()
            .zip(&columns)
            .map(|(index, (_, kind))| column_array(chunk, *index, *kind))
            .collect();
        let batch = RecordBatch::try_new(schema.clone(), arrays)
            .map_err(|error| UploadError::BadRow(error.to_string()))?;
        batches.push(batch);
    }
    // The sheet's row number of the first data row: where the used range starts, then the
    // skipped rows and the header.
    let range_start = range.start().map_or(0, |(row, _)| row as usize);
    let header_rows = options.header_row.map_or(0, |header_row| header_row + 1);
    Ok(ParsedUpload {
        columns,
        batches,
        first_row: range_start + options.skip_rows + header_rows + 1,
    })
}

#[cfg(test)]
mod tests {
    use arrow::array::{Array, AsArray};
    use arrow::datatypes::{Float64Type, Int64Type};
    use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};

    use super::*;

    fn workbook_bytes() -> Vec<u8> {
        let mut workbook = Workbook::new();
        let sheet = workbook.add_worksheet().set_name("people").unwrap();
        sheet.write_string(0, 0, "title row").unwrap();
        for (column, name) in ["name", "age", "score", "joined", "active", "mixed"]
            .iter()
            .enumerate()
        {
            sheet.write_string(1, column as u16, *name).unwrap();
        }
        let date_format = Format::new().set_num_format("yyyy-mm-dd");
        type Row<'a> = (&'a str, Option<f64>, f64, (u16, u8, u8), bool);
        let rows: [Row; 3] = [
            ("ann", Some(31.0), 9.5, (2024, 1, 2), true),
            ("bob", None, 7.0, (2024, 2, 3), false),
            ("cid", Some(45.0), 8.25, (2024, 3, 4), true),
        ];
        for (offset, (name, age, score, (year, month, day), active)) in rows.iter().enumerate() {
            let row = offset as u32 + 2;
            sheet.write_string(row, 0, *name).unwrap();
            if let Some(age) = age {
                sheet.write_number(row, 1, *age).unwrap();
            }
            sheet.write_number(row, 2, *score).unwrap();
            let date = ExcelDateTime::from_ymd(*year, *month, *day).unwrap();
            sheet
                .write_datetime_with_format(row, 3, &date, &date_format)
                .unwrap();
            sheet.write_boolean(row, 4, *active).unwrap();
        }
        sheet.write_number(2, 5, 1.0).unwrap();
        sheet.write_string(3, 5, "two").unwrap();
        workbook
            .add_worksheet()
            .set_name("other")
            .unwrap()
            .write_string(0, 0, "x")
            .unwrap();
        workbook.save_to_buffer().unwrap()
    }

    #[test]
    fn a_sheet_reads_with_inferred_types() {
        let options = ExcelOptions {
            skip_rows: 1,
            header_row: Some(0),
            ..ExcelOptions::default()
        };
        let parsed = parse_excel(&workbook_bytes(), &options).unwrap();
        let columns: Vec<(&str, ColumnKind)> = parsed
            .columns
            .iter()
            .map(|(name, kind)| (name.as_str(), *kind))
            .collect();
        assert_eq!(
            columns,
            vec![
                ("name", ColumnKind::Text),
                ("age", ColumnKind::Integer),
                ("score", ColumnKind::Float),
                ("joined", ColumnKind::Timestamp),
                ("active", ColumnKind::Boolean),
                ("mixed", ColumnKind::Text),
            ]
        );
        let batch = &parsed.batches[0];
        let ages = batch.column(1).as_primitive::<Int64Type>();
        assert_eq!((ages.value(0), ages.is_null(1), ages.value(2)), (31, true, 45));
        assert_eq!(batch.column(2).as_primitive::<Float64Type>().value(2), 8.25);
        assert_eq!(batch.column(3).as_string::<i32>().value(0), "2024-01-02 00:00:00");
        let mixed = batch.column(5).as_string::<i32>();
        assert_eq!(
            (mixed.value(0), mixed.value(1), mixed.is_null(2)),
            ("1", "two", true)
        );
    }

    #[test]
    fn sheet_name_rows_and_limits() {
        let named = ExcelOptions {
            sheet_name: Some("other".to_owned()),
            header_row: None,
            ..ExcelOptions::default()
        };
        let parsed = parse_excel(&workbook_bytes(), &named).unwrap();
        assert_eq!(parsed.columns, vec![("column_1".to_owned(), ColumnKind::Text)]);
        assert_eq!(parsed.row_count(), 1);

        let missing = ExcelOptions {
            sheet_name: Some("nope".to_owned()),
            ..ExcelOptions::default()
        };
        assert_eq!(
            parse_excel(&workbook_bytes(), &missing).unwrap_err().to_string(),
            "Parsing error: Worksheet named 'nope' not found"
        );

        let limited = ExcelOptions {
            skip_rows: 1,
            header_row: Some(0),
            rows_to_read: Some(2),
            ..ExcelOptions::default()
        };
        assert_eq!(parse_excel(&workbook_bytes(), &limited).unwrap().row_count(), 2);
        assert!(matches!(
            parse_excel(b"name,age\n", &ExcelOptions::default()).unwrap_err(),
            UploadError::Parsing(_)
        ));
    }
}
