//! Form data: its defaults ([`defaults`]), reading its controls with Superset's leniency,
//! validating them, and merging a dashboard's filters into them ([`extra_filters`]).

pub mod control_values;
pub mod defaults;
pub mod extra_filters;
pub mod validate;

pub use control_values::ControlValues;

/// The table chart's two query modes (`query_mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryMode {
    /// Group by columns and compute metrics.
    Aggregate,
    /// Return the rows of `all_columns` as they are.
    Raw,
}

impl QueryMode {
    /// `query_mode` as stored: `"aggregate"`, `"raw"`, or anything else (absent).
    pub fn parse(value: &str) -> Option<QueryMode> {
        match value {
            "aggregate" => Some(QueryMode::Aggregate),
            "raw" => Some(QueryMode::Raw),
            _ => None,
        }
    }

    /// The table chart's mode, as Superset's `getQueryMode`: the stored `query_mode` when it is
    /// `aggregate` or `raw`; otherwise raw when `all_columns` has a value, else aggregate.
    pub fn of_table(controls: &ControlValues<'_>) -> QueryMode {
        if let Some(mode) = controls.stored_query_mode() {
            return mode;
        }
        let has_raw_columns = controls.is_non_empty("all_columns");
        if has_raw_columns {
            QueryMode::Raw
        } else {
            QueryMode::Aggregate
        }
    }
}
