//! The mixed chart (`mixed_timeseries`, Superset's `MixedTimeseries/buildQuery`): two
//! time-series queries on one x-axis.
//!
//! Query A reads the controls without the `_b` suffix; query B reads the `_b` controls in their
//! place (`metrics_b` as `metrics`, `groupby_b` as `groupby`, `adhoc_filters_b` as
//! `adhoc_filters`, ...) and shares the others (`x_axis`, `time_range`, `time_grain_sqla`):
//!
//! ```text
//! {x_axis: "ds", metrics: ["count"], metrics_b: ["sum__num"], groupby_b: ["state"]}
//!   ──► A {x_axis: "ds", metrics: ["count"]}
//!   ──► B {x_axis: "ds", metrics: ["sum__num"], groupby: ["state"]}
//! ```

use quiver_types::{FormData, QueryObject};
use serde_json::{Map, Value};

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::viz::timeseries::{build_timeseries_query, TimeseriesChart};

/// The suffix of the second query's controls.
const SECOND_QUERY_SUFFIX: &str = "_b";

/// Query A, then query B.
pub fn build_mixed_timeseries_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let form_data = controls.form_data();
    let first = FormData {
        extra: without_suffixed_controls(&form_data.extra),
        ..form_data.clone()
    };
    let second = FormData {
        extra: with_suffixed_controls_in_place(&form_data.extra),
        ..form_data.clone()
    };
    Ok(vec![
        build_timeseries_query(&ControlValues::new(&first), TimeseriesChart::MixedQuery)?,
        build_timeseries_query(&ControlValues::new(&second), TimeseriesChart::MixedQuery)?,
    ])
}

/// The controls without the suffix (Superset's `removeFormDataSuffix`).
fn without_suffixed_controls(controls: &Map<String, Value>) -> Map<String, Value> {
    controls
        .iter()
        .filter(|(name, _)| !name.ends_with(SECOND_QUERY_SUFFIX))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect()
}

/// Each suffixed control under its name without the suffix, replacing the unsuffixed one
/// (Superset's `retainFormDataSuffix`).
fn with_suffixed_controls_in_place(controls: &Map<String, Value>) -> Map<String, Value> {
    let mut result = without_suffixed_controls(controls);
    for (name, value) in controls {
        if let Some(unsuffixed) = name.strip_suffix(SECOND_QUERY_SUFFIX) {
            result.insert(unsuffixed.to_owned(), value.clone());
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_second_query_reads_the_suffixed_controls() {
        let controls: Map<String, Value> = serde_json::from_value(json!({
            "x_axis": "ds", "metrics": ["count"], "metrics_b": ["sum__num"], "groupby_b": ["state"],
        }))
        .unwrap();
        assert_eq!(
            Value::Object(without_suffixed_controls(&controls)),
            json!({"x_axis": "ds", "metrics": ["count"]})
        );
        assert_eq!(
            Value::Object(with_suffixed_controls_in_place(&controls)),
            json!({"x_axis": "ds", "metrics": ["sum__num"], "groupby": ["state"]})
        );
    }
}
