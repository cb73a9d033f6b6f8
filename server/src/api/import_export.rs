//! `GET /api/v1/{resource}/export/?q=!(ids)` and `POST /api/v1/{resource}/import/` (multipart:
//! `formData`, `passwords`, `overwrite`, `ssh_tunnel_passwords`, `ssh_tunnel_private_keys`,
//! `ssh_tunnel_private_key_passwords`) for dashboards, charts, datasets, databases and saved
//! queries: Superset's v1 bundles (decision 0027).

use std::collections::HashMap;

use axum::extract::multipart::{Field, MultipartRejection};
use axum::extract::{Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use quiver_types::{ErrorBody, ErrorExtra, ErrorItem, ErrorLevel, ErrorType, IssueCode, MessageResponse};

use super::dataset::ListParams;
use super::list_query::parse_id_list;
use crate::auth::CurrentUser;
use crate::bundle::archive::{read_upload, ArchiveError, MAX_UPLOAD_BYTES};
use crate::bundle::export::{export_bundle, ExportError};
use crate::bundle::import::{import_bundle, ImportError, ImportOptions};
use crate::bundle::ResourceKind;
use crate::error::{ApiError, AppJson, AppQuery, ErrorKind};
use crate::state::AppState;

/// The request body limit of import routes: the upload plus room for the form's other fields.
pub const IMPORT_BODY_LIMIT: usize = MAX_UPLOAD_BYTES + 1024 * 1024;

impl From<ExportError> for ApiError {
    fn from(error: ExportError) -> Self {
        match error {
            ExportError::NotFound => ApiError::not_found(),
            ExportError::Store(error) => error.into(),
            ExportError::Write(detail) => ApiError::internal(detail),
        }
    }
}

fn archive_error(error: &ArchiveError) -> ApiError {
    let kind = match error {
        ArchiveError::UploadTooLarge => ErrorKind::PayloadTooLarge,
        _ => ErrorKind::BadRequest,
    };
    ApiError::message(kind, error.to_string())
}

/// Superset's answer to a refused bundle: 422, "Error importing {model}", the refusals by file.
fn refused(kind: ResourceKind, refusals: serde_json::Map<String, serde_json::Value>) -> ApiError {
    let message = format!("Error importing {}", kind.model_name());
    ApiError {
        kind: ErrorKind::UnprocessableEntity,
        body: ErrorBody {
            message: Some(serde_json::Value::String(message.clone())),
            errors: vec![ErrorItem {
                message,
                error_type: ErrorType::GenericCommandError,
                level: ErrorLevel::Warning,
                extra: ErrorExtra {
                    issue_codes: vec![IssueCode {
                        code: 1010,
                        message: "Issue 1010 - Superset encountered an error while running a command."
                            .to_owned(),
                    }],
                    messages: Some(serde_json::Value::Object(refusals)),
                    ..ErrorExtra::default()
                },
            }],
        },
    }
}

async fn export(app: &AppState, kind: ResourceKind, q: Option<&str>) -> Result<Response, ApiError> {
    let mut ids = parse_id_list(q)?;
    ids.dedup();
    if ids.is_empty() {
        return Err(ApiError::not_found());
    }
    let file = export_bundle(&app.store, kind, &ids).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename={}", file.file_name),
            ),
        ],
        file.bytes,
    )
        .into_response())
}

/// A text field of the form.
async fn text_field(field: Field<'_>, name: &str) -> Result<String, ApiError> {
    field
        .text()
        .await
        .map_err(|_| ApiError::bad_request(format!("The field {name} could not be read")))
}

/// A JSON map field of the form (`{"databases/x.yaml": "secret"}`); empty text is no map.
fn secrets(text: &str, name: &str) -> Result<HashMap<String, String>, ApiError> {
    if text.trim().is_empty() {
        return Ok(HashMap::new());
    }
    serde_json::from_str(text)
        .map_err(|_| ApiError::bad_request(format!("The field {name} must be a JSON object of texts")))
}

async fn import(
    app: &AppState,
    kind: ResourceKind,
    user_id: i64,
    form: Result<Multipart, MultipartRejection>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let mut form = form.map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
    let mut upload: Option<(String, Vec<u8>)> = None;
    let mut options = ImportOptions::default();
    let too_large = || archive_error(&ArchiveError::UploadTooLarge);
    loop {
        let field = match form.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(error) if error.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(too_large())
            }
            Err(error) => return Err(ApiError::bad_request(error.body_text())),
        };
        let name = field.name().unwrap_or_default().to_owned();
        match name.as_str() {
            "formData" => {
                let file_name = field.file_name().unwrap_or("upload.zip").to_owned();
                let mut field = field;
                let mut bytes = Vec::new();
                loop {
                    match field.chunk().await {
                        Ok(Some(chunk)) => {
                            if bytes.len() + chunk.len() > MAX_UPLOAD_BYTES {
                                return Err(too_large());
                            }
                            bytes.extend_from_slice(&chunk);
                        }
                        Ok(None) => break,
                        Err(error) if error.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                            return Err(too_large())
                        }
                        Err(error) => return Err(ApiError::bad_request(error.body_text())),
                    }
                }
                upload = Some((file_name, bytes));
            }
            "overwrite" => {
                options.overwrite = text_field(field, &name)
                    .await?
                    .trim()
                    .eq_ignore_ascii_case("true")
            }
            "passwords" => options.passwords = secrets(&text_field(field, &name).await?, &name)?,
            "ssh_tunnel_passwords" => {
                options.ssh_tunnel_passwords = secrets(&text_field(field, &name).await?, &name)?
            }
            "ssh_tunnel_private_keys" => {
                options.ssh_tunnel_private_keys = secrets(&text_field(field, &name).await?, &name)?
            }
            "ssh_tunnel_private_key_passwords" => {
                options.ssh_tunnel_private_key_passwords = secrets(&text_field(field, &name).await?, &name)?
            }
            // Other fields (Superset's `sync_columns`, ...) are read and ignored.
            _ => {
                text_field(field, &name).await?;
            }
        }
    }
    let Some((file_name, bytes)) = upload else {
        return Err(ApiError::bad_request("A file is required"));
    };
    let read = tokio::task::spawn_blocking(move || {
        read_upload(&file_name, &bytes).map(|upload| (file_name, upload))
    })
    .await
    .map_err(ApiError::internal)?;
    let (file_name, upload) = read.map_err(|error| archive_error(&error))?;
    match import_bundle(&app.store, kind, &file_name, upload, &options, user_id).await {
        Ok(outcome) => {
            for database_id in outcome.written_databases {
                app.engines.forget(database_id);
            }
            Ok(AppJson(MessageResponse {
                message: "OK".to_owned(),
            }))
        }
        Err(ImportError::Archive(error)) => Err(archive_error(&error)),
        Err(ImportError::Invalid(refusals)) => Err(refused(kind, refusals)),
        Err(ImportError::Store(error)) => Err(error.into()),
    }
}

macro_rules! resource_handlers {
    ($export:ident, $import:ident, $kind:expr, $route:literal) => {
        #[doc = concat!("`GET /api/v1/", $route, "/export/?q=!(ids)`: a ZIP bundle.")]
        pub async fn $export(
            State(app): State<AppState>,
            AppQuery(params): AppQuery<ListParams>,
        ) -> Result<Response, ApiError> {
            export(&app, $kind, params.q.as_deref()).await
        }

        #[doc = concat!("`POST /api/v1/", $route, "/import/`: a bundle or one file, multipart.")]
        pub async fn $import(
            State(app): State<AppState>,
            CurrentUser(user): CurrentUser,
            form: Result<Multipart, MultipartRejection>,
        ) -> Result<AppJson<MessageResponse>, ApiError> {
            import(&app, $kind, user.id, form).await
        }
    };
}

resource_handlers!(
    export_dashboards,
    import_dashboards,
    ResourceKind::Dashboard,
    "dashboard"
);
resource_handlers!(export_charts, import_charts, ResourceKind::Chart, "chart");
resource_handlers!(export_datasets, import_datasets, ResourceKind::Dataset, "dataset");
resource_handlers!(
    export_databases,
    import_databases,
    ResourceKind::Database,
    "database"
);
resource_handlers!(
    export_saved_queries,
    import_saved_queries,
    ResourceKind::SavedQuery,
    "saved_query"
);
