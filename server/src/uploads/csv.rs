//! Reading a CSV upload: checks of the raw bytes (empty, UTF-8, line length), type inference
//! over every row with arrow-csv, and the whole file read into record batches of bindable types.

use std::io::Cursor;
use std::sync::Arc;

use super::{bindable, checked_columns, ColumnKind, ParsedUpload, UploadError};
use arrow::csv::reader::Format;
use arrow::csv::ReaderBuilder;

/// The longest line a CSV upload may have.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;

/// Rows per record batch while reading.
const READ_BATCH_ROWS: usize = 8192;

/// Delimiters tried when a file reads as a single column.
const LIKELY_DELIMITERS: &[u8] = b",;\t|";

/// How to read the file (the upload form's options).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvOptions {
    pub delimiter: u8,
    /// The header's line among the lines left after `skip_rows` (0 is the first); `None` means
    /// the file has no header and columns are named `column_1`, `column_2`, ...
    pub header_row: Option<usize>,
    pub skip_rows: usize,
    pub rows_to_read: Option<usize>,
}

impl Default for CsvOptions {
    fn default() -> Self {
        CsvOptions {
            delimiter: b',',
            header_row: Some(0),
            skip_rows: 0,
            rows_to_read: None,
        }
    }
}

/// The bytes after the first `lines` lines.
fn skip_lines(data: &[u8], lines: usize) -> &[u8] {
    let mut rest = data;
    for _ in 0..lines {
        match rest.iter().position(|byte| *byte == b'\n') {
            Some(end) => rest = &rest[end + 1..],
            None => return &[],
        }
    }
    rest
}

/// Checks the raw bytes: not empty, UTF-8, no line longer than [`MAX_LINE_BYTES`].
fn check_bytes(data: &[u8]) -> Result<(), UploadError> {
    if data.iter().all(u8::is_ascii_whitespace) {
        return Err(UploadError::EmptyFile);
    }
    if let Err(error) = std::str::from_utf8(data) {
        let line = 1 + data[..error.valid_up_to()]
            .iter()
            .filter(|byte| **byte == b'\n')
            .count();
        return Err(UploadError::NotUtf8 { line });
    }
    for (index, line) in data.split(|byte| *byte == b'\n').enumerate() {
        if line.len() > MAX_LINE_BYTES {
            return Err(UploadError::LineTooLong {
                line: index + 1,
                limit: MAX_LINE_BYTES,
            });
        }
    }
    Ok(())
}

/// When a file reads as one column, the delimiter its first two lines share instead.
fn likely_delimiter(data: &[u8], given: u8) -> Option<u8> {
    let mut lines = data.split(|byte| *byte == b'\n').filter(|line| !line.is_empty());
    let first = lines.next()?;
    let second = lines.next();
    LIKELY_DELIMITERS
        .iter()
        .copied()
        .filter(|candidate| *candidate != given)
        .find(|candidate| {
            let count = |line: &[u8]| line.iter().filter(|byte| *byte == candidate).count();
            let in_first = count(first);
            in_first > 0 && second.is_none_or(|second| count(second) == in_first)
        })
}

fn delimiter_text(delimiter: u8) -> String {
    match delimiter {
        b'\t' => "\\t".to_owned(),
        other => char::from(other).to_string(),
    }
}

/// The first number after "line " in an Arrow CSV error: the line of the read text it is about
/// (1-based, the header included).
fn arrow_line(text: &str) -> Option<usize> {
    let (_, after) = text.split_once("line ")?;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Arrow's text of a row error in the reader's words, without its line (the message names the
/// row): a wrong number of values, or a value that is not of its column's type.
fn row_reason(text: &str, columns: &[(String, ColumnKind)]) -> String {
    let lowercase = text.to_lowercase();
    if let Some((_, counts)) = lowercase.split_once("expected ") {
        let mut numbers = counts
            .split(|character: char| !character.is_ascii_digit())
            .filter(|part| !part.is_empty());
        if let (Some(expected), Some(found)) = (numbers.next(), numbers.next()) {
            return format!("expected {expected} values, found {found}");
        }
    }
    if let Some((_, rest)) = text.split_once("Error while parsing value ") {
        let value = rest.split(" as type ").next().unwrap_or_default();
        let value = value.trim_matches(['\'', '"']);
        let column = rest
            .split_once("for column ")
            .and_then(|(_, after)| {
                let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
                digits.parse::<usize>().ok()
            })
            .and_then(|index| columns.get(index))
            .map(|(name, _)| name.as_str());
        return match column {
            Some(name) => format!("the value \"{value}\" of the column \"{name}\" could not be read"),
            None => format!("the value \"{value}\" could not be read"),
        };
    }
    text.to_owned()
}

/// Arrow's reading errors: one that names a line becomes an error of that row of the file;
/// others are passed on. `lines_before` lines precede the text Arrow read; the csv crate counts
/// the header among its lines, Arrow's value parser counts data rows only (`header_lines` more).
fn row_error(
    error: arrow::error::ArrowError,
    lines_before: usize,
    header_lines: usize,
    columns: &[(String, ColumnKind)],
) -> UploadError {
    let text = error.to_string();
    let text = text.strip_prefix("Csv error: ").unwrap_or(&text);
    let text = text.strip_prefix("Parser error: ").unwrap_or(text);
    let counts_data_rows = text.contains("Error while parsing value");
    match arrow_line(text) {
        Some(line) => UploadError::RowRefused {
            row: lines_before + line + if counts_data_rows { header_lines } else { 0 },
            reason: row_reason(text, columns),
        },
        None => UploadError::BadRow(format!("Could not read a row of the file: {text}")),
    }
}

/// Reads a whole CSV file; nothing is returned unless every row reads with the inferred types.
pub fn parse_csv(data: &[u8], options: &CsvOptions) -> Result<ParsedUpload, UploadError> {
    check_bytes(data)?;
    let has_header = options.header_row.is_some();
    let start = options.skip_rows + options.header_row.unwrap_or(0);
    let header_lines = usize::from(has_header);
    let body = skip_lines(data, start);
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(UploadError::EmptyFile);
    }
    let format = Format::default()
        .with_header(has_header)
        .with_delimiter(options.delimiter);
    let (schema, _) = format
        .infer_schema(Cursor::new(body), None)
        .map_err(|error| row_error(error, start, header_lines, &[]))?;
    if schema.fields().len() == 1 {
        if let Some(likely) = likely_delimiter(body, options.delimiter) {
            return Err(UploadError::WrongDelimiter {
                given: delimiter_text(options.delimiter),
                likely: delimiter_text(likely),
            });
        }
    }
    let columns = checked_columns(
        schema
            .fields()
            .iter()
            .map(|field| (field.name().clone(), ColumnKind::of(field.data_type()))),
    )?;
    let reader = ReaderBuilder::new(Arc::new(schema))
        .with_format(format)
        .with_batch_size(READ_BATCH_ROWS)
        .build(Cursor::new(body))
        .map_err(|error| row_error(error, start, header_lines, &columns))?;
    let mut batches = Vec::new();
    let mut rows = 0usize;
    for batch in reader {
        let batch = batch.map_err(|error| row_error(error, start, header_lines, &columns))?;
        let batch = match options.rows_to_read {
            Some(limit) if rows + batch.num_rows() > limit => batch.slice(0, limit - rows),
            _ => batch,
        };
        rows += batch.num_rows();
        batches.push(bindable(&batch, &columns)?);
        if options.rows_to_read.is_some_and(|limit| rows >= limit) {
            break;
        }
    }
    Ok(ParsedUpload {
        columns,
        batches,
        first_row: start + header_lines + 1,
    })
}

#[cfg(test)]
mod tests {
    use arrow::array::AsArray;
    use arrow::datatypes::Int64Type;

    use super::*;

    #[test]
    fn types_are_inferred_over_every_row() {
        let data = b"name,num,ratio,day,flag\nann,1,0.5,2024-01-02,true\nbob,2,1,2024-02-03,false\n";
        let parsed = parse_csv(data, &CsvOptions::default()).unwrap();
        let kinds: Vec<ColumnKind> = parsed.columns.iter().map(|(_, kind)| *kind).collect();
        assert_eq!(
            kinds,
            vec![
                ColumnKind::Text,
                ColumnKind::Integer,
                ColumnKind::Float,
                ColumnKind::Date,
                ColumnKind::Boolean
            ]
        );
        assert_eq!(parsed.row_count(), 2);
        let numbers = parsed.batches[0].column(1).as_primitive::<Int64Type>();
        assert_eq!(numbers.values().to_vec(), vec![1, 2]);
    }

    #[test]
    fn broken_files_are_refused_with_their_line() {
        assert_eq!(
            parse_csv(b"", &CsvOptions::default()).unwrap_err(),
            UploadError::EmptyFile
        );
        assert_eq!(
            parse_csv(b"a,b\n1,2\n\xff\xfe,3\n", &CsvOptions::default()).unwrap_err(),
            UploadError::NotUtf8 { line: 3 }
        );
        let huge = format!("a\n{}\n", "x".repeat(MAX_LINE_BYTES + 1));
        assert_eq!(
            parse_csv(huge.as_bytes(), &CsvOptions::default()).unwrap_err(),
            UploadError::LineTooLong {
                line: 2,
                limit: MAX_LINE_BYTES
            }
        );
        assert_eq!(
            parse_csv(b"a;b;c\n1;2;3\n", &CsvOptions::default()).unwrap_err(),
            UploadError::WrongDelimiter {
                given: ",".to_owned(),
                likely: ";".to_owned()
            }
        );
        assert_eq!(
            parse_csv(b"a,b\n1,2\n3,4,5\n", &CsvOptions::default())
                .unwrap_err()
                .to_string(),
            "Row 3: expected 2 values, found 3"
        );
        assert!(matches!(
            parse_csv(b"a,a\n1,2\n", &CsvOptions::default()).unwrap_err(),
            UploadError::BadHeader(_)
        ));
    }

    #[test]
    fn options_skip_lines_and_limit_rows() {
        let data = b"title line\nx|y\n1|2\n3|4\n5|6\n";
        let options = CsvOptions {
            delimiter: b'|',
            header_row: Some(0),
            skip_rows: 1,
            rows_to_read: Some(2),
        };
        let parsed = parse_csv(data, &options).unwrap();
        assert_eq!(parsed.columns[0].0, "x");
        assert_eq!(parsed.row_count(), 2);
    }

    #[test]
    fn a_value_that_does_not_read_names_its_row_of_the_file() {
        // "2024-02-30" looks like a date, so the column is read as dates, and that value is none.
        let data = b"name,day\nann,2024-01-02\nbob,2024-02-30\n";
        assert_eq!(
            parse_csv(data, &CsvOptions::default()).unwrap_err().to_string(),
            "Row 3: the value \"2024-02-30\" of the column \"day\" could not be read"
        );
        // Skipped lines count: the row is the line of the file.
        let skipped = b"title\nnote\nname,day\nann,2024-01-02\ncid,2024-01-03\nbob,2024-02-30\n";
        let options = CsvOptions {
            skip_rows: 2,
            ..CsvOptions::default()
        };
        let error = parse_csv(skipped, &options).unwrap_err();
        assert!(error.to_string().starts_with("Row 6: "), "{error}");
        let parsed = parse_csv(
            b"title\na\n1\n",
            &CsvOptions {
                skip_rows: 1,
                ..CsvOptions::default()
            },
        )
        .unwrap();
        assert_eq!(parsed.first_row, 3);
    }
}
