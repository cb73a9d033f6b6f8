//! The default form data (spec 001 §9, 002 §9): what a new chart starts from and what a query
//! assumes when the form data leaves a key out.
//!
//! | key | default |
//! | --- | --- |
//! | `viz_type` | `table` |
//! | `row_limit` | 1000 |
//! | `time_range` | `No filter` |

use quiver_types::FormData;
use serde_json::{Map, Value};

/// The spec's default form data: row limit 1000.
pub const DEFAULT_ROW_LIMIT: i64 = 1000;
/// The spec's default form data: time range "No filter".
pub const DEFAULT_TIME_RANGE: &str = "No filter";
/// The spec's default viz type.
pub const DEFAULT_VIZ_TYPE: &str = "table";

/// The default form data of a chart on `datasource` (`"3__table"`).
///
/// Example: `default_form_data("3__table")` is
/// `{datasource: "3__table", viz_type: "table", row_limit: 1000, time_range: "No filter"}`.
pub fn default_form_data(datasource: &str) -> FormData {
    let mut extra = Map::new();
    extra.insert("row_limit".to_owned(), Value::from(DEFAULT_ROW_LIMIT));
    extra.insert("time_range".to_owned(), Value::from(DEFAULT_TIME_RANGE));
    FormData {
        datasource: datasource.to_owned(),
        viz_type: DEFAULT_VIZ_TYPE.to_owned(),
        slice_id: None,
        extra,
    }
}

/// `form_data` with the defaults filled in for the keys it leaves out (`null` counts as left
/// out); the keys it sets are kept.
pub fn with_default_form_data(form_data: &FormData) -> FormData {
    let mut filled = form_data.clone();
    for (key, value) in default_form_data(&form_data.datasource).extra {
        let is_missing = filled.extra.get(&key).is_none_or(Value::is_null);
        if is_missing {
            filled.extra.insert(key, value);
        }
    }
    if filled.viz_type.is_empty() {
        filled.viz_type = DEFAULT_VIZ_TYPE.to_owned();
    }
    filled
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_default_form_data_has_row_limit_1000_and_no_time_filter() {
        let defaults = default_form_data("3__table");
        assert_eq!(
            serde_json::to_value(&defaults).unwrap(),
            json!({"datasource": "3__table", "viz_type": "table", "row_limit": 1000, "time_range": "No filter"})
        );
    }

    #[test]
    fn defaults_fill_only_what_the_form_data_leaves_out() {
        let form_data: FormData = serde_json::from_value(json!({
            "datasource": "1__table", "viz_type": "pie", "row_limit": 10, "time_range": null, "metric": "count",
        }))
        .unwrap();
        let filled = with_default_form_data(&form_data);
        assert_eq!(
            serde_json::to_value(&filled).unwrap(),
            json!({"datasource": "1__table", "viz_type": "pie", "row_limit": 10, "time_range": "No filter", "metric": "count"})
        );
        let untyped = FormData {
            viz_type: String::new(),
            ..form_data
        };
        assert_eq!(with_default_form_data(&untyped).viz_type, "table");
    }
}
