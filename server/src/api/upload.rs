//! `POST /api/v1/database/{pk}/upload/` (Superset 6's shape): a multipart form with `type`
//! (csv, excel or columnar), `file`, `table_name`, `schema`, `already_exists` (fail, replace
//! or append), `columns_read`, and per type `delimiter` (csv), `sheet_name` (excel),
//! `header_row`, `skip_rows` and `rows_to_read` (csv and excel). The file is read and checked
//! whole before anything is written; the table gets a dataset (its columns synced when it had
//! one). A row that cannot be read, or that the database refuses, is a 400 naming its row of
//! the file ("Row 17: ..."), with nothing written.

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use quiver_types::{GenericDataType, MessageResponse};
use serde_json::{json, Map};

use crate::auth::CurrentUser;
use crate::engines::upload_writer::{write_upload, UploadTarget, WriteError};
use crate::engines::uri::is_file_backend;
use crate::error::{ApiError, AppJson, AppPath, ErrorKind};
use crate::sqllab::run::authorized_database;
use crate::state::AppState;
use crate::store::dataset::{generic_type_of, NewColumn, NewDataset};
use crate::uploads::columnar::parse_columnar;
use crate::uploads::csv::{parse_csv, CsvOptions};
use crate::uploads::excel::{parse_excel, ExcelOptions};
use crate::uploads::{IfExists, ParsedUpload, UploadError};

/// The largest upload the route accepts.
pub const MAX_UPLOAD_BYTES: usize = 100 * 1024 * 1024;

/// Superset's refusal when the database does not take uploads.
pub const UPLOAD_NOT_ALLOWED: &str = "Database schema is not allowed for csv uploads.";

/// Form fields Superset's dialog sends that Quiver reads only when empty.
const UNSUPPORTED_WHEN_SET: &[&str] = &[
    "null_values",
    "column_dates",
    "index_column",
    "column_data_types",
    "day_first",
    "decimal_character",
    "index_label",
];

/// Form fields accepted and without effect on a read by Quiver.
const IGNORED: &[&str] = &["dataframe_index", "skip_blank_lines", "skip_initial_space"];

/// The file types of an upload and the file extensions each accepts (Superset's
/// `CSV_EXTENSIONS`, `EXCEL_EXTENSIONS` and `COLUMNAR_EXTENSIONS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum UploadType {
    Csv,
    Excel,
    Columnar,
}

impl UploadType {
    fn parse(text: &str) -> Option<UploadType> {
        match text {
            "csv" => Some(UploadType::Csv),
            "excel" => Some(UploadType::Excel),
            "columnar" => Some(UploadType::Columnar),
            _ => None,
        }
    }

    fn extensions(self) -> &'static [&'static str] {
        match self {
            UploadType::Csv => &["csv", "tsv", "txt"],
            UploadType::Excel => &["xls", "xlsx"],
            UploadType::Columnar => &["parquet", "zip"],
        }
    }

    /// Whether a file name ends in one of the type's extensions (a name without one passes:
    /// the content decides).
    fn accepts(self, file_name: Option<&str>) -> bool {
        let Some(file_name) = file_name.filter(|name| !name.is_empty()) else {
            return true;
        };
        let Some((_, extension)) = file_name.rsplit_once('.') else {
            return false;
        };
        self.extensions()
            .iter()
            .any(|accepted| accepted.eq_ignore_ascii_case(extension))
    }
}

fn field_error(field: &str, text: impl Into<String>) -> ApiError {
    ApiError::validation(Map::from_iter([(field.to_owned(), json!([text.into()]))]))
}

/// The upload form, read from the multipart body.
#[derive(Debug, Default)]
struct UploadForm {
    file_type: Option<String>,
    file: Option<Vec<u8>>,
    file_name: Option<String>,
    table_name: Option<String>,
    schema: Option<String>,
    delimiter: Option<String>,
    header_row: Option<String>,
    skip_rows: Option<String>,
    rows_to_read: Option<String>,
    already_exists: Option<String>,
    sheet_name: Option<String>,
    columns_read: Option<String>,
}

async fn read_form(mut multipart: Multipart) -> Result<UploadForm, ApiError> {
    let mut form = UploadForm::default();
    let malformed = |error: axum::extract::multipart::MultipartError| {
        ApiError::bad_request(format!(
            "The upload form could not be read: {}",
            error.body_text()
        ))
    };
    while let Some(field) = multipart.next_field().await.map_err(malformed)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            form.file_name = field.file_name().map(str::to_owned);
            form.file = Some(field.bytes().await.map_err(malformed)?.to_vec());
            continue;
        }
        let value = field.text().await.map_err(malformed)?;
        let slot = match name.as_str() {
            "type" => &mut form.file_type,
            "table_name" => &mut form.table_name,
            "schema" => &mut form.schema,
            "delimiter" => &mut form.delimiter,
            "header_row" => &mut form.header_row,
            "skip_rows" => &mut form.skip_rows,
            "rows_to_read" => &mut form.rows_to_read,
            "already_exists" => &mut form.already_exists,
            "sheet_name" => &mut form.sheet_name,
            "columns_read" => &mut form.columns_read,
            other if IGNORED.contains(&other) => continue,
            other if UNSUPPORTED_WHEN_SET.contains(&other) => {
                let is_empty = value.trim().is_empty() || value.trim() == "[]";
                if is_empty {
                    continue;
                }
                return Err(field_error(other, "This option is not supported yet."));
            }
            other => return Err(field_error(other, "Unknown field.")),
        };
        *slot = Some(value);
    }
    Ok(form)
}

fn optional_count(field: &str, value: Option<&str>) -> Result<Option<usize>, ApiError> {
    match value.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => text
            .parse::<usize>()
            .map(Some)
            .map_err(|_| field_error(field, "Not a valid integer.")),
    }
}

/// `header_row`: 0 (the first row) when absent, no header when empty.
fn header_row(form: &UploadForm) -> Result<Option<usize>, ApiError> {
    match form.header_row.as_deref() {
        None => Ok(Some(0)),
        Some(text) => optional_count("header_row", Some(text)),
    }
}

/// `columns_read`: names separated by commas (Superset's `DelimitedListField`), or a JSON list.
fn columns_read(form: &UploadForm) -> Result<Vec<String>, ApiError> {
    let text = form.columns_read.as_deref().map(str::trim).unwrap_or_default();
    if text.starts_with('[') {
        return serde_json::from_str::<Vec<String>>(text)
            .map_err(|_| field_error("columns_read", "Not a valid list."));
    }
    Ok(text
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
        .collect())
}

fn excel_options(form: &UploadForm) -> Result<ExcelOptions, ApiError> {
    Ok(ExcelOptions {
        sheet_name: form
            .sheet_name
            .as_deref()
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_owned),
        header_row: header_row(form)?,
        skip_rows: optional_count("skip_rows", form.skip_rows.as_deref())?.unwrap_or(0),
        rows_to_read: optional_count("rows_to_read", form.rows_to_read.as_deref())?,
    })
}

/// A type's reader of the file's bytes, its options bound.
type FileReader = Box<dyn FnOnce(&[u8]) -> Result<ParsedUpload, UploadError> + Send>;

/// The file read whole by its type's reader, options checked first.
async fn parse_upload(form: &mut UploadForm, upload_type: UploadType) -> Result<ParsedUpload, ApiError> {
    if !upload_type.accepts(form.file_name.as_deref()) {
        return Err(field_error("file", "File extension is not allowed."));
    }
    let columns = columns_read(form)?;
    let reader: FileReader = match upload_type {
        UploadType::Csv => {
            let options = csv_options(form)?;
            Box::new(move |data: &[u8]| parse_csv(data, &options))
        }
        UploadType::Excel => {
            let options = excel_options(form)?;
            Box::new(move |data: &[u8]| parse_excel(data, &options))
        }
        UploadType::Columnar => Box::new(parse_columnar),
    };
    let data = form
        .file
        .take()
        .ok_or_else(|| field_error("file", "Missing data for required field."))?;
    tokio::task::spawn_blocking(move || reader(&data)?.select_columns(&columns))
        .await
        .map_err(ApiError::internal)?
        .map_err(upload_error)
}

/// Superset's `schemas_allowed_for_file_upload` in the database's `extra`: when it lists
/// schemas, only those take uploads.
fn schema_allows_upload(extra: &str, schema: Option<&str>) -> bool {
    let allowed: Vec<String> = serde_json::from_str::<serde_json::Value>(extra)
        .ok()
        .and_then(|extra| extra.get("schemas_allowed_for_file_upload").cloned())
        .and_then(|schemas| serde_json::from_value(schemas).ok())
        .unwrap_or_default();
    allowed.is_empty() || schema.is_some_and(|schema| allowed.iter().any(|allowed| allowed == schema))
}

fn csv_options(form: &UploadForm) -> Result<CsvOptions, ApiError> {
    let delimiter = match form.delimiter.as_deref() {
        None | Some("") => b',',
        Some("\\t") | Some("\t") => b'\t',
        Some(text) if text.len() == 1 && text.is_ascii() => text.as_bytes()[0],
        Some(_) => {
            return Err(field_error(
                "delimiter",
                "The delimiter must be a single character.",
            ))
        }
    };
    Ok(CsvOptions {
        delimiter,
        header_row: header_row(form)?,
        skip_rows: optional_count("skip_rows", form.skip_rows.as_deref())?.unwrap_or(0),
        rows_to_read: optional_count("rows_to_read", form.rows_to_read.as_deref())?,
    })
}

fn upload_error(error: UploadError) -> ApiError {
    ApiError::bad_request(error.to_string())
}

/// The dataset of the uploaded table: created, or its columns synced when it exists.
async fn register_dataset(
    app: &AppState,
    database_id: i64,
    schema: Option<&str>,
    table_name: &str,
    backend: &str,
    parsed: &ParsedUpload,
    owner: i64,
) -> Result<(), ApiError> {
    let columns: Vec<NewColumn> = parsed
        .columns
        .iter()
        .map(|(name, kind)| {
            let column_type = kind.sql_type(backend).to_owned();
            NewColumn {
                is_dttm: generic_type_of(&column_type) == Some(GenericDataType::Temporal),
                column_name: name.clone(),
                column_type,
                expression: None,
            }
        })
        .collect();
    match app
        .store
        .dataset_id_by_table(database_id, schema, table_name)
        .await?
    {
        Some(dataset_id) => app.store.sync_dataset_columns(dataset_id, &columns).await?,
        None => {
            app.store
                .create_dataset(&NewDataset {
                    database_id,
                    schema,
                    table_name,
                    sql: None,
                    main_dttm_col: columns
                        .iter()
                        .find(|column| column.is_dttm)
                        .map(|column| column.column_name.as_str()),
                    columns: &columns,
                    metrics: &[],
                    owners: &[owner],
                })
                .await?;
        }
    }
    Ok(())
}

/// `POST /api/v1/database/{pk}/upload/`: 201 `{"message": "OK"}`.
pub async fn upload_file(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    multipart: Multipart,
) -> Result<(StatusCode, AppJson<MessageResponse>), ApiError> {
    let database = authorized_database(&app, &user, id).await?;
    if !database.allow_file_upload {
        return Err(ApiError::forbidden(UPLOAD_NOT_ALLOWED));
    }
    let mut form = read_form(multipart).await?;
    let upload_type = match form.file_type.as_deref() {
        Some(text) => UploadType::parse(text)
            .ok_or_else(|| field_error("type", "Must be one of: csv, excel, columnar."))?,
        None => return Err(field_error("type", "Missing data for required field.")),
    };
    let table_name = form
        .table_name
        .as_deref()
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .ok_or_else(|| field_error("table_name", "Missing data for required field."))?
        .to_owned();
    if table_name.chars().count() > 250 {
        return Err(field_error("table_name", "Length must be between 1 and 250."));
    }
    let schema = form
        .schema
        .as_deref()
        .map(str::trim)
        .filter(|schema| !schema.is_empty())
        .map(str::to_owned);
    if is_file_backend(&database.backend) && schema.as_deref().is_some_and(|schema| schema != "main") {
        return Err(field_error("schema", "This database has only the schema main."));
    }
    let if_exists = match form.already_exists.as_deref() {
        None | Some("") => IfExists::Fail,
        Some(text) => IfExists::parse(text)
            .ok_or_else(|| field_error("already_exists", "Must be one of: fail, replace, append."))?,
    };
    if !schema_allows_upload(&database.extra, schema.as_deref()) {
        return Err(ApiError::forbidden(UPLOAD_NOT_ALLOWED));
    }
    let parsed = parse_upload(&mut form, upload_type).await?;

    let uri = app
        .engines
        .connection_uri(&database)
        .map_err(ApiError::internal)?;
    // DuckDB allows one writer per file: the read-only engine lets go of it first.
    app.engines.forget(database.id);
    let target = UploadTarget {
        backend: &database.backend,
        uri: &uri,
        schema: schema.as_deref(),
        table_name: &table_name,
        if_exists,
    };
    let written = write_upload(&target, &parsed).await;
    app.engines.forget(database.id);
    let rows = match written {
        Ok(rows) => rows,
        Err(WriteError::TableExists) => {
            return Err(ApiError::message(
                ErrorKind::UnprocessableEntity,
                WriteError::TableExists.to_string(),
            ))
        }
        Err(WriteError::Row { index, message }) => {
            let row = parsed.row_number(index);
            tracing::info!(database_id = database.id, row, "upload refused a row");
            return Err(upload_error(UploadError::RowRefused { row, reason: message }));
        }
        Err(error) => {
            tracing::warn!(database_id = database.id, %error, "upload failed");
            return Err(ApiError::message(
                ErrorKind::UnprocessableEntity,
                format!("Unable to upload the file to the table \"{table_name}\": {error}"),
            ));
        }
    };
    let dataset_schema = schema.as_deref().or(if is_file_backend(&database.backend) {
        None
    } else {
        Some(if database.backend == "postgresql" {
            "public"
        } else {
            ""
        })
        .filter(|schema| !schema.is_empty())
    });
    register_dataset(
        &app,
        database.id,
        dataset_schema,
        &table_name,
        &database.backend,
        &parsed,
        user.id,
    )
    .await?;
    tracing::info!(database_id = database.id, rows, "file uploaded");
    Ok((
        StatusCode::CREATED,
        AppJson(MessageResponse {
            message: "OK".to_owned(),
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_type_accepts_its_extensions() {
        assert!(UploadType::Csv.accepts(Some("people.CSV")));
        assert!(UploadType::Csv.accepts(Some("people.tsv")));
        assert!(!UploadType::Csv.accepts(Some("people.xlsx")));
        assert!(UploadType::Excel.accepts(Some("book.xls")));
        assert!(!UploadType::Excel.accepts(Some("book")));
        assert!(UploadType::Columnar.accepts(Some("parts.zip")));
        assert!(!UploadType::Columnar.accepts(Some("parts.csv")));
    }

    #[test]
    fn allowed_schemas_limit_uploads() {
        let extra = r#"{"schemas_allowed_for_file_upload": ["uploads"]}"#;
        assert!(schema_allows_upload(extra, Some("uploads")));
        assert!(!schema_allows_upload(extra, Some("public")));
        assert!(!schema_allows_upload(extra, None));
        assert!(schema_allows_upload("{}", None));
        assert!(schema_allows_upload("", Some("public")));
    }
}
