//! `POST /api/v1/database/{pk}/upload/` (Superset 6's shape): a multipart form with `type`
//! (csv, excel or columnar), `file`, `table_name`, `schema`, `already_exists` (fail, replace
//! or append), `columns_read`, and per type `delimiter` (csv), `sheet_name` (excel),
//! `header_row`, `skip_rows` and `rows_to_read` (csv and excel), and Quiver's optional
//! `upload_id` (a uuid naming the upload for its progress). The file is spooled to a temporary
//! file, checked and its columns inferred, then parsed batch by batch while the batches are
//! inserted in one transaction (Excel is read whole); the table gets a dataset (its columns
//! synced when it had one). A row that cannot be read, or that the database refuses, is a 400
//! naming its row of the file ("Row 17: ..."), with nothing written.
//!
//! `GET /api/v1/database/upload/progress/{upload_id}`: how far the caller's upload has come
//! (phase, rows read, rows written, rows in the file), decision 0090.

use std::sync::Arc;

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use quiver_types::{GenericDataType, MessageResponse, ResultResponse, UploadPhase, UploadProgressInfo};
use serde_json::{json, Map};
use tokio::io::AsyncWriteExt;

use crate::auth::CurrentUser;
use crate::engines::upload_writer::{write_upload, UploadRows, UploadTarget, WriteError, BATCHES_IN_FLIGHT};
use crate::engines::uri::is_file_backend;
use crate::error::{ApiError, AppJson, AppPath, ErrorKind};
use crate::sqllab::run::authorized_database;
use crate::state::AppState;
use crate::store::dataset::{generic_type_of, NewColumn, NewDataset};
use crate::uploads::columnar::open_columnar;
use crate::uploads::csv::{open_csv, CsvOptions};
use crate::uploads::excel::{parse_excel, ExcelOptions};
use crate::uploads::progress::{registry, UploadProgress};
use crate::uploads::{ColumnKind, IfExists, UploadError, UploadSource};

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
    /// The file's bytes, spooled to an anonymous temporary file (gone once closed).
    file: Option<std::fs::File>,
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
    /// The progress of an upload named by `upload_id`.
    progress: Option<Arc<UploadProgress>>,
}

/// Copies the file field to an anonymous temporary file, chunk by chunk.
async fn spool_file(field: &mut axum::extract::multipart::Field<'_>) -> Result<std::fs::File, ApiError> {
    let malformed = |error: axum::extract::multipart::MultipartError| {
        ApiError::bad_request(format!(
            "The upload form could not be read: {}",
            error.body_text()
        ))
    };
    let spool = tokio::task::spawn_blocking(tempfile::tempfile)
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    let mut spool = tokio::fs::File::from_std(spool);
    while let Some(chunk) = field.chunk().await.map_err(malformed)? {
        spool.write_all(&chunk).await.map_err(ApiError::internal)?;
    }
    spool.flush().await.map_err(ApiError::internal)?;
    Ok(spool.into_std().await)
}

/// Reads the form; once `upload_id` has named the upload, a failure marks its progress failed.
async fn read_form(multipart: Multipart, user_id: i64) -> Result<UploadForm, ApiError> {
    let mut form = UploadForm::default();
    let read = read_fields(multipart, user_id, &mut form).await;
    if read.is_err() {
        if let Some(progress) = &form.progress {
            progress.set_phase(UploadPhase::Failed);
        }
    }
    read.map(|()| form)
}

async fn read_fields(mut multipart: Multipart, user_id: i64, form: &mut UploadForm) -> Result<(), ApiError> {
    let malformed = |error: axum::extract::multipart::MultipartError| {
        ApiError::bad_request(format!(
            "The upload form could not be read: {}",
            error.body_text()
        ))
    };
    while let Some(mut field) = multipart.next_field().await.map_err(malformed)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            form.file_name = field.file_name().map(str::to_owned);
            form.file = Some(spool_file(&mut field).await?);
            continue;
        }
        let value = field.text().await.map_err(malformed)?;
        if name == "upload_id" {
            let upload_id = uuid::Uuid::parse_str(value.trim())
                .map_err(|_| field_error("upload_id", "Not a valid UUID."))?
                .to_string();
            let progress = registry()
                .start(&upload_id, user_id)
                .ok_or_else(|| field_error("upload_id", "This id names another upload."))?;
            form.progress = Some(progress);
            continue;
        }
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
    Ok(())
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

/// A type's reader of the spooled file, its options bound.
type FileReader = Box<dyn FnOnce(std::fs::File) -> Result<UploadSource, UploadError> + Send>;

/// An Excel workbook is read whole: calamine needs the whole file.
fn read_excel(mut file: std::fs::File, options: &ExcelOptions) -> Result<UploadSource, UploadError> {
    use std::io::{Read, Seek};
    let mut data = Vec::new();
    file.seek(std::io::SeekFrom::Start(0))
        .and_then(|_| file.read_to_end(&mut data))
        .map_err(|error| UploadError::Io(error.to_string()))?;
    Ok(UploadSource::from(parse_excel(&data, options)?))
}

/// The file opened by its type's reader, options checked first: its columns known (and its
/// rows counted, for CSV and Parquet), its rows still to be read.
async fn open_upload(form: &mut UploadForm, upload_type: UploadType) -> Result<UploadSource, ApiError> {
    if !upload_type.accepts(form.file_name.as_deref()) {
        return Err(field_error("file", "File extension is not allowed."));
    }
    let columns = columns_read(form)?;
    let reader: FileReader = match upload_type {
        UploadType::Csv => {
            let options = csv_options(form)?;
            Box::new(move |file: std::fs::File| open_csv(file, &options))
        }
        UploadType::Excel => {
            let options = excel_options(form)?;
            Box::new(move |file: std::fs::File| read_excel(file, &options))
        }
        UploadType::Columnar => Box::new(open_columnar),
    };
    let file = form
        .file
        .take()
        .ok_or_else(|| field_error("file", "Missing data for required field."))?;
    tokio::task::spawn_blocking(move || reader(file)?.select_columns(&columns))
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
    columns: &[(String, ColumnKind)],
    owner: i64,
) -> Result<(), ApiError> {
    let columns: Vec<NewColumn> = columns
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
    let mut form = read_form(multipart, user.id).await?;
    let progress = form.progress.take().unwrap_or_else(UploadProgress::untracked);
    let answer = run_upload(&app, user.id, &database, form, progress.clone()).await;
    progress.set_phase(if answer.is_ok() {
        UploadPhase::Done
    } else {
        UploadPhase::Failed
    });
    answer
}

/// The upload once its form is read: checked, opened, streamed into the table, registered.
async fn run_upload(
    app: &AppState,
    user_id: i64,
    database: &crate::store::database::DatabaseRecord,
    mut form: UploadForm,
    progress: Arc<UploadProgress>,
) -> Result<(StatusCode, AppJson<MessageResponse>), ApiError> {
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
    progress.set_phase(UploadPhase::Reading);
    let source = open_upload(&mut form, upload_type).await?;
    if let Some(total) = source.total_rows {
        progress.set_total(total);
    }
    let columns = source.columns.clone();
    let first_row = source.first_row;

    let uri = app.engines.connection_uri(database).map_err(ApiError::internal)?;
    // DuckDB allows one writer per file: the read-only engine lets go of it first.
    app.engines.forget(database.id);
    let target = UploadTarget {
        backend: &database.backend,
        uri: &uri,
        schema: schema.as_deref(),
        table_name: &table_name,
        if_exists,
    };
    // The reader parses batches on a blocking thread while the writer inserts them; the bounded
    // channel keeps the reader at most a few batches ahead.
    progress.set_phase(UploadPhase::Writing);
    let (sender, receiver) = tokio::sync::mpsc::channel(BATCHES_IN_FLIGHT);
    let reader_progress = progress.clone();
    let batches = source.batches;
    let reader = tokio::task::spawn_blocking(move || {
        for batch in batches {
            let refused = batch.is_err();
            if let Ok(batch) = &batch {
                reader_progress.add_read(batch.num_rows());
            }
            if sender.blocking_send(batch).is_err() || refused {
                break;
            }
        }
    });
    let rows = UploadRows {
        columns: columns.clone(),
        batches: receiver,
        progress: progress.clone(),
    };
    let written = write_upload(&target, rows).await;
    // The writer has finished or let go of the channel: the reader stops at its next batch.
    let _ = reader.await;
    app.engines.forget(database.id);
    let rows = match written {
        Ok(rows) => rows,
        Err(WriteError::TableExists) => {
            return Err(ApiError::message(
                ErrorKind::UnprocessableEntity,
                WriteError::TableExists.to_string(),
            ))
        }
        Err(WriteError::Source(error)) => {
            tracing::info!(database_id = database.id, %error, "upload refused a row it could not read");
            return Err(upload_error(error));
        }
        Err(WriteError::Row { index, message }) => {
            let row = first_row + index;
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
        app,
        database.id,
        dataset_schema,
        &table_name,
        &database.backend,
        &columns,
        user_id,
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

/// `GET /api/v1/database/upload/progress/{upload_id}`: the caller's upload of that id, 404 for
/// an unknown, expired or another user's upload.
pub async fn upload_progress(
    CurrentUser(user): CurrentUser,
    AppPath(upload_id): AppPath<String>,
) -> Result<AppJson<ResultResponse<UploadProgressInfo>>, ApiError> {
    let upload_id = uuid::Uuid::parse_str(upload_id.trim()).map_err(|_| ApiError::not_found())?;
    registry()
        .get(&upload_id.to_string(), user.id)
        .map(|result| AppJson(ResultResponse { result }))
        .ok_or_else(ApiError::not_found)
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
