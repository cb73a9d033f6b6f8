//! XLSX export of a result: one sheet, a bold header of column names, numbers as numbers, times
//! as Excel date-times (`yyyy-mm-dd hh:mm:ss`), booleans as booleans, nulls as empty cells.

use arrow::datatypes::DataType;
use rust_xlsxwriter::{Format, Workbook, XlsxError};
use serde_json::Value;

use super::json::column_values;
use super::QueryResult;

/// The content type of XLSX answers.
pub const CONTENT_TYPE: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// Rows a worksheet holds, header included (Excel's limit).
pub const MAX_SHEET_ROWS: usize = 1_048_576;

/// Milliseconds since 1970 as an Excel serial date (days since 1899-12-30).
fn excel_serial(epoch_millis: i64) -> f64 {
    epoch_millis as f64 / 86_400_000.0 + 25_569.0
}

/// One result as an XLSX workbook. Rows past Excel's limit are left out.
pub fn result_xlsx(result: &QueryResult) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let header = Format::new().set_bold();
    let datetime = Format::new().set_num_format("yyyy-mm-dd hh:mm:ss");
    let sheet = workbook.add_worksheet();
    for (column, name) in result.meta.colnames.iter().enumerate() {
        sheet.write_string_with_format(0, column_index(column), name, &header)?;
    }
    let temporal: Vec<bool> = result
        .output
        .schema
        .fields()
        .iter()
        .map(|field| {
            matches!(
                field.data_type(),
                DataType::Timestamp(_, _) | DataType::Date32 | DataType::Date64
            )
        })
        .collect();
    let mut row: u32 = 1;
    'batches: for batch in &result.output.batches {
        let columns: Vec<Vec<Value>> = batch.columns().iter().map(column_values).collect();
        for index in 0..batch.num_rows() {
            if row as usize >= MAX_SHEET_ROWS {
                break 'batches;
            }
            for (column, (values, is_temporal)) in columns.iter().zip(&temporal).enumerate() {
                let column = column_index(column);
                match &values[index] {
                    Value::Null => {}
                    Value::Bool(value) => {
                        sheet.write_boolean(row, column, *value)?;
                    }
                    Value::Number(number) if *is_temporal => match number.as_i64() {
                        Some(millis) => {
                            sheet.write_number_with_format(row, column, excel_serial(millis), &datetime)?;
                        }
                        None => {
                            sheet.write_number(row, column, number.as_f64().unwrap_or(f64::NAN))?;
                        }
                    },
                    Value::Number(number) => {
                        sheet.write_number(row, column, number.as_f64().unwrap_or(f64::NAN))?;
                    }
                    Value::String(text) => {
                        sheet.write_string(row, column, text)?;
                    }
                    other => {
                        sheet.write_string(row, column, other.to_string())?;
                    }
                }
            }
            row += 1;
        }
    }
    workbook.save_to_buffer()
}

/// Column numbers past Excel's 16,384 columns are clamped onto the last one (results that wide
/// are refused earlier by the row limit in practice).
fn column_index(column: usize) -> u16 {
    u16::try_from(column.min(16_383)).unwrap_or(16_383)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_times_become_excel_serials() {
        assert_eq!(excel_serial(0), 25_569.0);
        // 2000-01-01 12:00 UTC.
        assert_eq!(excel_serial(946_728_000_000), 36_526.5);
    }
}
