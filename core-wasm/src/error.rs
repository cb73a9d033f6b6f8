//! The errors of `quiver-core`: one closed enum, a stable name per variant for JavaScript.

use quiver_types::FieldError;

use crate::time_range::TimeRangeError;

/// What went wrong in a core rule. `Display` is the user-facing text (the spec's text where the
/// spec has one); [`CoreError::name`] is the stable name JavaScript sees as `Error.name`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoreError {
    /// The form data's `datasource` is not `"{id}__{type}"` (for example `"3__table"`).
    #[error("Invalid datasource \"{datasource}\": expected \"{{id}}__{{type}}\"")]
    InvalidDatasource { datasource: String },

    /// A control's value cannot be used; `message` is the spec's text ("is expected to be an
    /// integer", "Found invalid orderby options", ...).
    #[error("{message}")]
    InvalidControl { control: String, message: String },

    /// A SIMPLE adhoc filter names an operator the query object does not have.
    #[error("Unsupported filter operator \"{operator}\"")]
    UnsupportedFilterOperator { operator: String },

    /// A SIMPLE adhoc filter without its column (`subject`) or its operator.
    #[error("An adhoc filter is missing its column or its operator")]
    IncompleteAdhocFilter,

    /// An LRU cache was asked for a capacity of 0.
    #[error("capacity must be at least 1")]
    InvalidCapacity,

    /// A time range (`time_range`, a `TEMPORAL_RANGE` filter) that cannot be resolved; the text
    /// is Superset's (`From date cannot be larger than to date`, `Cannot parse time string [x]`).
    #[error(transparent)]
    InvalidTimeRange(#[from] TimeRangeError),

    /// A post-processing rule that cannot be applied to the result; the text is Superset's
    /// (`Referenced columns not available in DataFrame.`, `Invalid cumulative operator: x`).
    #[error("{message}")]
    InvalidPostProcessing { message: String },

    /// A time comparison offset (`time_offsets`) that cannot be read or applied: not
    /// `N unit(s) ago|later` ("Invalid time offset: inherit"), shifting out of the supported
    /// dates, or offset results that cannot be joined onto the main result.
    #[error("{message}")]
    InvalidTimeOffset { message: String },

    /// A value handed over from JavaScript does not have the expected shape.
    #[error("Invalid input: {message}")]
    InvalidInput { message: String },

    /// A result could not be handed back to JavaScript (a bug, not a user error).
    #[error("Internal error: {message}")]
    Internal { message: String },
}

/// The result of a core rule.
pub type CoreResult<T> = Result<T, CoreError>;

impl CoreError {
    /// The stable name of the variant, used as the JavaScript `Error.name`. Never change one:
    /// the web client matches on them.
    pub fn name(&self) -> &'static str {
        match self {
            CoreError::InvalidDatasource { .. } => "InvalidDatasource",
            CoreError::InvalidControl { .. } => "InvalidControl",
            CoreError::UnsupportedFilterOperator { .. } => "UnsupportedFilterOperator",
            CoreError::IncompleteAdhocFilter => "IncompleteAdhocFilter",
            CoreError::InvalidCapacity => "InvalidCapacity",
            CoreError::InvalidTimeRange(_) => "InvalidTimeRange",
            CoreError::InvalidPostProcessing { .. } => "InvalidPostProcessing",
            CoreError::InvalidTimeOffset { .. } => "InvalidTimeOffset",
            CoreError::InvalidInput { .. } => "InvalidInput",
            CoreError::Internal { .. } => "Internal",
        }
    }

    /// The form data control the error is about, when there is one.
    pub fn control(&self) -> Option<&str> {
        match self {
            CoreError::InvalidDatasource { .. } => Some("datasource"),
            CoreError::InvalidControl { control, .. } => Some(control),
            CoreError::UnsupportedFilterOperator { .. } | CoreError::IncompleteAdhocFilter => {
                Some("adhoc_filters")
            }
            CoreError::InvalidCapacity
            | CoreError::InvalidTimeRange(_)
            | CoreError::InvalidPostProcessing { .. }
            | CoreError::InvalidTimeOffset { .. }
            | CoreError::InvalidInput { .. }
            | CoreError::Internal { .. } => None,
        }
    }

    /// `InvalidControl` with the spec's message for `control`.
    pub(crate) fn invalid_control(control: &str, message: impl Into<String>) -> Self {
        CoreError::InvalidControl {
            control: control.to_owned(),
            message: message.into(),
        }
    }

    /// The error as a validation message on its control (`datasource` or `form_data` when the
    /// error names no control).
    pub fn to_field_error(&self) -> FieldError {
        FieldError {
            control: self.control().unwrap_or("form_data").to_owned(),
            message: self.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_control_displays_only_the_spec_message() {
        let error = CoreError::invalid_control("order_by_cols", "Found invalid orderby options");
        assert_eq!(error.to_string(), "Found invalid orderby options");
        assert_eq!(error.name(), "InvalidControl");
        assert_eq!(error.control(), Some("order_by_cols"));
    }

    #[test]
    fn filter_errors_point_at_adhoc_filters() {
        let error = CoreError::UnsupportedFilterOperator {
            operator: "REGEX".to_owned(),
        };
        assert_eq!(
            error.to_field_error(),
            FieldError {
                control: "adhoc_filters".to_owned(),
                message: "Unsupported filter operator \"REGEX\"".to_owned(),
            }
        );
    }

    #[test]
    fn invalid_datasource_shows_the_expected_shape() {
        let error = CoreError::InvalidDatasource {
            datasource: "table".to_owned(),
        };
        assert_eq!(
            error.to_string(),
            "Invalid datasource \"table\": expected \"{id}__{type}\""
        );
    }
}
