//! One error type for every handler, mapped once to the spec's error body and status.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use quiver_types::{ErrorBody, ErrorExtra, ErrorItem, ErrorLevel, ErrorType};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The closed set of outcomes an API call can fail with; each maps to one status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    MethodNotAllowed,
    Conflict,
    Gone,
    PayloadTooLarge,
    UnprocessableEntity,
    Timeout,
    Unavailable,
    Internal,
}

impl ErrorKind {
    pub fn status(self) -> StatusCode {
        match self {
            ErrorKind::BadRequest => StatusCode::BAD_REQUEST,
            ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
            ErrorKind::Forbidden => StatusCode::FORBIDDEN,
            ErrorKind::NotFound => StatusCode::NOT_FOUND,
            ErrorKind::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorKind::Conflict => StatusCode::CONFLICT,
            ErrorKind::Gone => StatusCode::GONE,
            ErrorKind::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorKind::UnprocessableEntity => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::Timeout => StatusCode::REQUEST_TIMEOUT,
            ErrorKind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// An error answer: a kind (the status) and the spec's body.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub kind: ErrorKind,
    pub body: ErrorBody,
}

impl ApiError {
    /// `{"message": text}` with the given kind.
    pub fn message(kind: ErrorKind, text: impl Into<String>) -> Self {
        ApiError {
            kind,
            body: ErrorBody {
                message: Some(serde_json::Value::String(text.into())),
                errors: vec![],
            },
        }
    }

    pub fn bad_request(text: impl Into<String>) -> Self {
        Self::message(ErrorKind::BadRequest, text)
    }

    pub fn unauthorized(text: impl Into<String>) -> Self {
        Self::message(ErrorKind::Unauthorized, text)
    }

    pub fn forbidden(text: impl Into<String>) -> Self {
        Self::message(ErrorKind::Forbidden, text)
    }

    pub fn not_found() -> Self {
        Self::message(ErrorKind::NotFound, "Not found")
    }

    /// Field-level validation errors: `{"message": {field: [messages]}}`.
    pub fn validation(fields: serde_json::Map<String, serde_json::Value>) -> Self {
        ApiError {
            kind: ErrorKind::BadRequest,
            body: ErrorBody {
                message: Some(serde_json::Value::Object(fields)),
                errors: vec![],
            },
        }
    }

    /// A command's refusal of valid-looking input, field by field: 422 `{"message": {field: [messages]}}`.
    pub fn invalid(fields: serde_json::Map<String, serde_json::Value>) -> Self {
        ApiError {
            kind: ErrorKind::UnprocessableEntity,
            body: ErrorBody {
                message: Some(serde_json::Value::Object(fields)),
                errors: vec![],
            },
        }
    }

    /// A typed error: `{"message": text, "errors": [{message, error_type, level, extra}]}`.
    pub fn typed(kind: ErrorKind, error_type: ErrorType, text: impl Into<String>, extra: ErrorExtra) -> Self {
        let text = text.into();
        ApiError {
            kind,
            body: ErrorBody {
                message: Some(serde_json::Value::String(text.clone())),
                errors: vec![ErrorItem {
                    message: text,
                    error_type,
                    level: ErrorLevel::Error,
                    extra,
                }],
            },
        }
    }

    /// An unexpected failure: the detail is logged, the client gets a generic message.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        tracing::error!(error = %detail, "internal error");
        Self::message(ErrorKind::Internal, "Internal server error")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.kind.status(), axum::Json(self.body)).into_response()
    }
}

impl ApiError {
    /// The message alone, as a run's `errorMessage` keeps it (no status kind in front).
    pub fn message_text(&self) -> String {
        match &self.body.message {
            Some(serde_json::Value::String(text)) => text.clone(),
            Some(other) => other.to_string(),
            None => self.to_string(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.body.message {
            Some(serde_json::Value::String(text)) => write!(f, "{:?}: {text}", self.kind),
            other => write!(f, "{:?}: {other:?}", self.kind),
        }
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(error: crate::store::StoreError) -> Self {
        match error {
            crate::store::StoreError::NotFound => ApiError::not_found(),
            crate::store::StoreError::Conflict(what) => ApiError::message(ErrorKind::Conflict, what),
            crate::store::StoreError::InvalidQuery(what) => ApiError::bad_request(what),
            other => ApiError::internal(other),
        }
    }
}

/// Whether a request's body is a form post (`application/x-www-form-urlencoded`), as Superset's
/// downloads and legacy endpoints send.
pub fn is_form_post(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/x-www-form-urlencoded"))
}

/// JSON body extractor whose rejections are the spec's 400 body, never axum's plain text.
#[derive(Debug, Clone, Copy, Default)]
pub struct AppJson<T>(pub T);

impl<T, S> FromRequest<S> for AppJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(AppJson(value)),
            Err(rejection) => Err(json_rejection_error(rejection)),
        }
    }
}

impl<T: Serialize> IntoResponse for AppJson<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

fn json_rejection_error(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::JsonDataError(error) => ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::InvalidPayloadSchemaError,
            format!("Invalid payload: {}", error.body_text()),
            ErrorExtra::default(),
        ),
        JsonRejection::JsonSyntaxError(error) => ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::InvalidPayloadFormatError,
            format!("Request is not valid JSON: {}", error.body_text()),
            ErrorExtra::default(),
        ),
        JsonRejection::MissingJsonContentType(_) => ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::InvalidPayloadFormatError,
            "Request is not JSON",
            ErrorExtra::default(),
        ),
        other => ApiError::bad_request(other.body_text()),
    }
}

/// Query-string extractor with the spec's 400 body on rejection.
#[derive(Debug, Clone, Copy, Default)]
pub struct AppQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for AppQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(AppQuery(value)),
            Err(rejection) => Err(query_rejection_error(rejection)),
        }
    }
}

fn query_rejection_error(rejection: QueryRejection) -> ApiError {
    ApiError::bad_request(format!("Invalid query string: {}", rejection.body_text()))
}

/// Path extractor with the spec's 400 body on rejection (`/api/v1/chart/abc` is a 400, not text).
#[derive(Debug, Clone, Copy, Default)]
pub struct AppPath<T>(pub T);

impl<T, S> FromRequestParts<S> for AppPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(AppPath(value)),
            Err(rejection) => Err(path_rejection_error(rejection)),
        }
    }
}

fn path_rejection_error(rejection: PathRejection) -> ApiError {
    ApiError::bad_request(format!("Invalid path: {}", rejection.body_text()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_hide_the_detail() {
        let error = ApiError::internal("connection refused at 10.0.0.3");
        assert_eq!(error.kind, ErrorKind::Internal);
        assert_eq!(
            error.body.message,
            Some(serde_json::json!("Internal server error"))
        );
    }

    #[test]
    fn typed_errors_carry_message_and_errors() {
        let error = ApiError::typed(
            ErrorKind::BadRequest,
            ErrorType::ColumnDoesNotExistError,
            "Column not found",
            ErrorExtra::default(),
        );
        let body = serde_json::to_value(&error.body).unwrap();
        assert_eq!(body["errors"][0]["error_type"], "COLUMN_DOES_NOT_EXIST_ERROR");
        assert_eq!(body["errors"][0]["level"], "error");
        assert_eq!(body["message"], "Column not found");
    }
}
