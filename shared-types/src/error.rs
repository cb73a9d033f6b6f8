//! The spec's error body: `{"message": ...}` or `{"errors": [{message, error_type, level, extra}]}`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Error types as Superset names them (`SupersetErrorType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[ts(export)]
pub enum ErrorType {
    GenericDbEngineError,
    ColumnDoesNotExistError,
    TableDoesNotExistError,
    SyntaxError,
    InvalidSqlError,
    DmlNotAllowedError,
    InvalidCtasQueryError,
    InvalidCvasQueryError,
    AdhocSubqueryNotAllowedError,
    InvalidPayloadFormatError,
    InvalidPayloadSchemaError,
    GenericCommandError,
    GenericBackendError,
    DatabaseSecurityAccessError,
    DatasourceSecurityAccessError,
    ChartSecurityAccessError,
    DashboardSecurityAccessError,
    QuerySecurityAccessError,
    MissingOwnershipError,
    ObjectDoesNotExistError,
    DatabaseNotFoundError,
    BackendTimeoutError,
    SqllabTimeoutError,
    MissingTemplateParamsError,
    InvalidTemplateParamsError,
    ResultsBackendError,
    AsyncWorkersError,
    FrontendCsrfError,
    FrontendNetworkError,
    FrontendTimeoutError,
    ConnectionMissingParametersError,
    ConnectionInvalidPortError,
    ConnectionInvalidHostnameError,
    ConnectionPortClosedError,
    ConnectionUnknownDatabaseError,
    ConnectionInvalidUsernameError,
    ConnectionInvalidPasswordError,
    ConnectionAccessDeniedError,
}

/// How serious an error is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum ErrorLevel {
    Info,
    Warning,
    Error,
}

/// One issue code with its explanation (`Issue 1000 - The dataset is too large to query.`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct IssueCode {
    pub code: i32,
    pub message: String,
}

/// Extra detail of an error: the fields the web client knows how to display.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ErrorExtra {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub issue_codes: Vec<IssueCode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub engine_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sql: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub line: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub column: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub timeout: Option<i64>,
    /// Field-level validation messages, `{field: [message]}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub messages: Option<serde_json::Value>,
    /// Connection parameters left empty (`validate_parameters`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub missing: Option<Vec<String>>,
    /// Connection parameters with a wrong value (`validate_parameters`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub invalid: Option<Vec<String>>,
    /// The catalog row an error is about (`validate_parameters` of engines with a catalog
    /// list): the dialog shows the message on that row's name, URL, or both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub catalog: Option<CatalogErrorTarget>,
    /// Template parameters the SQL uses but nobody defined ("Parameter error").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub undefined_parameters: Option<Vec<String>>,
    /// The template parameters the run was given, for "Did you mean" suggestions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub template_parameters: Option<serde_json::Value>,
    /// Where a user without access to a datasource asks for it (Superset's `extra.link` of a
    /// `DATASOURCE_SECURITY_ACCESS_ERROR`): 'Unexpected error' offers it as 'Request Access'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub link: Option<String>,
    /// The datasource a security access error is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub datasource: Option<String>,
}

/// A catalog row of the connection form: its position, and whether its name or its URL is
/// wrong (neither: both).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CatalogErrorTarget {
    #[ts(type = "number")]
    pub idx: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub url: Option<bool>,
}

/// One error of the `errors` list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ErrorItem {
    pub message: String,
    pub error_type: ErrorType,
    pub level: ErrorLevel,
    pub extra: ErrorExtra,
}

/// The body of every non-2xx answer. `message` is a string, or `{field: [messages]}` for
/// validation errors; `errors` carries typed errors (chart data, SQL Lab, database calls).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ErrorBody {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ErrorItem>,
}
