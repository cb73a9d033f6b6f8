//! The time filters of the filter bar (Superset's `filter_time`, `filter_timecolumn` and
//! `filter_timegrain`): each sets one override key of the charts' `extra_form_data`.
//!
//! | `filterType` | value | `extraFormData` |
//! | --- | --- | --- |
//! | `filter_time` | `Last week` | `{time_range: "Last week"}` (`No filter` sets nothing) |
//! | `filter_timecolumn` | `ds` | `{granularity_sqla: "ds"}` |
//! | `filter_timegrain` | `P1M` | `{time_grain_sqla: "P1M"}` |

use quiver_types::ExtraFormData;

use super::NativeFilterError;
use crate::controls::choices::NO_TIME_RANGE;

/// The filter types of the time filters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeFilterType {
    /// `filter_time`: a time range.
    TimeRange,
    /// `filter_timecolumn`: the temporal column the time range applies to.
    TimeColumn,
    /// `filter_timegrain`: the grain times are truncated to.
    TimeGrain,
}

impl TimeFilterType {
    /// The time filter of a `filterType`; None for the other filters.
    pub fn of_filter_type(filter_type: &str) -> Option<TimeFilterType> {
        match filter_type {
            "filter_time" => Some(TimeFilterType::TimeRange),
            "filter_timecolumn" => Some(TimeFilterType::TimeColumn),
            "filter_timegrain" => Some(TimeFilterType::TimeGrain),
            _ => None,
        }
    }
}

/// The `extraFormData` of a time filter's value; no value (or the time range `No filter`)
/// sets nothing.
pub fn time_filter_extra_form_data(
    filter_type: &str,
    value: Option<&str>,
) -> Result<ExtraFormData, NativeFilterError> {
    let time_filter =
        TimeFilterType::of_filter_type(filter_type).ok_or_else(|| NativeFilterError::NotATimeFilter {
            filter_type: filter_type.to_owned(),
        })?;
    let value = value.filter(|value| !value.is_empty()).map(str::to_owned);
    let mut extra = ExtraFormData::default();
    match time_filter {
        TimeFilterType::TimeRange => extra.time_range = value.filter(|range| range != NO_TIME_RANGE),
        TimeFilterType::TimeColumn => extra.granularity_sqla = value,
        TimeFilterType::TimeGrain => extra.time_grain_sqla = value,
    }
    Ok(extra)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn extra_json(filter_type: &str, value: Option<&str>) -> serde_json::Value {
        serde_json::to_value(time_filter_extra_form_data(filter_type, value).unwrap()).unwrap()
    }

    #[test]
    fn each_time_filter_sets_its_override_key() {
        assert_eq!(
            extra_json("filter_time", Some("Last week")),
            json!({"time_range": "Last week"})
        );
        assert_eq!(
            extra_json("filter_timecolumn", Some("ds")),
            json!({"granularity_sqla": "ds"})
        );
        assert_eq!(
            extra_json("filter_timegrain", Some("P1M")),
            json!({"time_grain_sqla": "P1M"})
        );
    }

    #[test]
    fn no_value_sets_nothing() {
        assert_eq!(extra_json("filter_time", Some("No filter")), json!({}));
        assert_eq!(extra_json("filter_time", None), json!({}));
        assert_eq!(extra_json("filter_timegrain", Some("")), json!({}));
    }

    #[test]
    fn a_select_filter_is_not_a_time_filter() {
        let error = time_filter_extra_form_data("filter_select", Some("CA")).unwrap_err();
        assert_eq!(error.to_string(), "Not a time filter: filter_select");
        assert_eq!(error.name(), "NotATimeFilter");
    }
}
