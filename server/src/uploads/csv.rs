//! Reading a CSV upload from its temporary file without holding it in memory: a first pass
//! checks the raw bytes (empty, UTF-8, line length) and finds where the data starts, a second
//! lets arrow-csv infer every column's type over every row (and count them), and a third reads
//! record batches of bindable types, one at a time, as the writer asks for them.

use std::io::{BufRead, BufReader, Cursor, Read, Seek, SeekFrom};
use std::sync::Arc;

use super::{bindable, checked_columns, ColumnKind, ParsedUpload, UploadError, UploadSource};
use arrow::csv::reader::Format;
use arrow::csv::ReaderBuilder;
use arrow::record_batch::RecordBatch;

/// The longest line a CSV upload may have.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;

/// Rows per record batch while reading.
pub const READ_BATCH_ROWS: usize = 8192;

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

fn io_error(error: std::io::Error) -> UploadError {
    UploadError::Io(error.to_string())
}

/// What the first pass over the bytes finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scan {
    /// The byte offset after the first `skip` lines (the end of the file when it has fewer).
    body_start: u64,
    /// Whether anything but white space follows `body_start`.
    body_has_text: bool,
}

/// The first pass: the file is not empty, is UTF-8 and has no line longer than
/// [`MAX_LINE_BYTES`]; where the text after the first `skip` lines starts. Reads the file in
/// chunks: memory stays bounded whatever its size.
fn scan<R: Read>(reader: R, skip: usize) -> Result<Scan, UploadError> {
    let mut reader = BufReader::with_capacity(64 * 1024, reader);
    let mut offset: u64 = 0;
    let mut lines = 0usize;
    let mut line_length = 0usize;
    let mut any_text = false;
    let mut body_start: Option<u64> = (skip == 0).then_some(0);
    let mut body_has_text = false;
    // The bytes of a UTF-8 sequence cut by the chunk's end (never a newline).
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let chunk = reader.fill_buf().map_err(io_error)?;
        if chunk.is_empty() {
            break;
        }
        let length = chunk.len();
        let lines_at_chunk = lines;
        for (index, byte) in chunk.iter().enumerate() {
            if *byte == b'\n' {
                lines += 1;
                line_length = 0;
                if lines == skip {
                    body_start = Some(offset + index as u64 + 1);
                }
                continue;
            }
            line_length += 1;
            if line_length > MAX_LINE_BYTES {
                return Err(UploadError::LineTooLong {
                    line: lines + 1,
                    limit: MAX_LINE_BYTES,
                });
            }
            if !byte.is_ascii_whitespace() {
                any_text = true;
                if body_start.is_some() {
                    body_has_text = true;
                }
            }
        }
        let checked = if pending.is_empty() {
            std::str::from_utf8(chunk).map(|_| ())
        } else {
            pending.extend_from_slice(chunk);
            std::str::from_utf8(&pending).map(|_| ())
        };
        match checked {
            Ok(()) => pending.clear(),
            Err(error) => {
                let data: &[u8] = if pending.is_empty() { chunk } else { &pending };
                let valid = error.valid_up_to();
                if error.error_len().is_some() {
                    let line =
                        lines_at_chunk + 1 + data[..valid].iter().filter(|byte| **byte == b'\n').count();
                    return Err(UploadError::NotUtf8 { line });
                }
                // A sequence cut by the chunk's end: checked with the next chunk.
                let cut = data[valid..].to_vec();
                pending = cut;
            }
        }
        offset += length as u64;
        reader.consume(length);
    }
    if !pending.is_empty() {
        return Err(UploadError::NotUtf8 { line: lines + 1 });
    }
    if !any_text {
        return Err(UploadError::EmptyFile);
    }
    Ok(Scan {
        body_start: body_start.unwrap_or(offset),
        body_has_text,
    })
}

/// The first two lines with text from `start` (each at most [`MAX_LINE_BYTES`], as checked).
fn first_lines<R: Read + Seek>(file: &mut R, start: u64) -> Result<Vec<Vec<u8>>, UploadError> {
    file.seek(SeekFrom::Start(start)).map_err(io_error)?;
    let mut reader = BufReader::new(&mut *file);
    let mut lines = Vec::new();
    while lines.len() < 2 {
        let mut line = Vec::new();
        let read = reader
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 2)
            .read_until(b'\n', &mut line)
            .map_err(io_error)?;
        if read == 0 {
            break;
        }
        while line.last().is_some_and(|byte| *byte == b'\n' || *byte == b'\r') {
            line.pop();
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    Ok(lines)
}

/// When a file reads as one column, the delimiter its first two lines share instead.
fn likely_delimiter(lines: &[Vec<u8>], given: u8) -> Option<u8> {
    let first = lines.first()?;
    let second = lines.get(1);
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

/// The record batches of the data, read on demand with the inferred schema; a value that does
/// not read is an error naming its row of the file, and reading stops there.
struct CsvBatches<R: Read> {
    reader: arrow::csv::Reader<R>,
    columns: Vec<(String, ColumnKind)>,
    lines_before: usize,
    header_lines: usize,
    limit: Option<usize>,
    rows: usize,
    done: bool,
}

impl<R: Read> CsvBatches<R> {
    /// The batch cut at `rows_to_read` and cast to bind types; `None` once nothing is left.
    fn finish(&mut self, batch: RecordBatch) -> Option<Result<RecordBatch, UploadError>> {
        let batch = match self.limit {
            Some(limit) if self.rows + batch.num_rows() >= limit => {
                self.done = true;
                batch.slice(0, limit - self.rows)
            }
            _ => batch,
        };
        if batch.num_rows() == 0 {
            return None;
        }
        self.rows += batch.num_rows();
        Some(bindable(&batch, &self.columns))
    }
}

impl<R: Read> Iterator for CsvBatches<R> {
    type Item = Result<RecordBatch, UploadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.reader.next()? {
            Ok(batch) => self.finish(batch),
            Err(error) => {
                self.done = true;
                Some(Err(row_error(
                    error,
                    self.lines_before,
                    self.header_lines,
                    &self.columns,
                )))
            }
        }
    }
}

/// Opens a CSV file for reading in batches: the bytes checked and the columns inferred over
/// every row (two streaming passes), the rows counted. Values that look like their column's
/// type but do not read (a date "2024-02-30") are found while the batches are read.
pub fn open_csv<R>(mut file: R, options: &CsvOptions) -> Result<UploadSource, UploadError>
where
    R: Read + Seek + Send + 'static,
{
    file.seek(SeekFrom::Start(0)).map_err(io_error)?;
    let has_header = options.header_row.is_some();
    let start = options.skip_rows + options.header_row.unwrap_or(0);
    let header_lines = usize::from(has_header);
    let scanned = scan(&mut file, start)?;
    if !scanned.body_has_text {
        return Err(UploadError::EmptyFile);
    }
    let format = Format::default()
        .with_header(has_header)
        .with_delimiter(options.delimiter);
    file.seek(SeekFrom::Start(scanned.body_start)).map_err(io_error)?;
    let (schema, records) = format
        .infer_schema(BufReader::new(&mut file), None)
        .map_err(|error| row_error(error, start, header_lines, &[]))?;
    if schema.fields().len() == 1 {
        let lines = first_lines(&mut file, scanned.body_start)?;
        if let Some(likely) = likely_delimiter(&lines, options.delimiter) {
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
    file.seek(SeekFrom::Start(scanned.body_start)).map_err(io_error)?;
    let reader = ReaderBuilder::new(Arc::new(schema))
        .with_format(format)
        .with_batch_size(READ_BATCH_ROWS)
        .build(file)
        .map_err(|error| row_error(error, start, header_lines, &columns))?;
    let total_rows = match options.rows_to_read {
        Some(limit) => records.min(limit),
        None => records,
    };
    let batches = CsvBatches {
        reader,
        columns: columns.clone(),
        lines_before: start,
        header_lines,
        limit: options.rows_to_read,
        rows: 0,
        done: options.rows_to_read == Some(0),
    };
    Ok(UploadSource {
        columns,
        first_row: start + header_lines + 1,
        total_rows: Some(total_rows),
        batches: Box::new(batches),
    })
}

/// Reads a whole CSV file held in memory; nothing is returned unless every row reads with the
/// inferred types.
pub fn parse_csv(data: &[u8], options: &CsvOptions) -> Result<ParsedUpload, UploadError> {
    open_csv(Cursor::new(data.to_vec()), options)?.read_all()
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

    #[test]
    fn a_large_file_is_read_batch_by_batch_and_a_late_bad_value_names_its_row() {
        let mut data = String::from("id,day\n");
        for index in 0..20_000 {
            data.push_str(&format!("{index},2024-01-02\n"));
        }
        let source = open_csv(Cursor::new(data.clone().into_bytes()), &CsvOptions::default()).unwrap();
        assert_eq!(source.total_rows, Some(20_000));
        let sizes: Vec<usize> = source.batches.map(|batch| batch.unwrap().num_rows()).collect();
        assert_eq!(
            sizes,
            vec![READ_BATCH_ROWS, READ_BATCH_ROWS, 20_000 - 2 * READ_BATCH_ROWS]
        );

        // Inferred over every row: the column is a date; the last line (20,002) is none.
        data.push_str("20000,2024-02-30\n");
        let mut source = open_csv(Cursor::new(data.into_bytes()), &CsvOptions::default()).unwrap();
        assert_eq!(source.columns[1].1, ColumnKind::Date);
        assert!(source.batches.next().unwrap().is_ok());
        assert!(source.batches.next().unwrap().is_ok());
        assert_eq!(
            source.batches.next().unwrap().unwrap_err().to_string(),
            "Row 20002: the value \"2024-02-30\" of the column \"day\" could not be read"
        );
        assert!(source.batches.next().is_none());

        // rows_to_read stops in the middle of a batch.
        let limited = CsvOptions {
            rows_to_read: Some(10_000),
            ..CsvOptions::default()
        };
        let mut file = String::from("id\n");
        for index in 0..20_000 {
            file.push_str(&format!("{index}\n"));
        }
        let source = open_csv(Cursor::new(file.into_bytes()), &limited).unwrap();
        assert_eq!(source.total_rows, Some(10_000));
        assert_eq!(source.read_all().unwrap().row_count(), 10_000);
    }

    #[test]
    fn a_character_cut_by_a_chunk_of_the_scan_is_still_text() {
        // "é" is two bytes; the first is the 64 KiB chunk's last byte.
        let mut data = String::from("a\n");
        data.push_str(&"x".repeat(64 * 1024 - data.len() - 1));
        data.push_str("é\n");
        let parsed = parse_csv(data.as_bytes(), &CsvOptions::default()).unwrap();
        assert_eq!(parsed.row_count(), 1);
        let mut broken = data.into_bytes();
        broken.extend_from_slice(b"\xc3\n");
        assert_eq!(
            parse_csv(&broken, &CsvOptions::default()).unwrap_err(),
            UploadError::NotUtf8 { line: 3 }
        );
    }
}
