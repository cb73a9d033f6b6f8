//! Dashboard filters merged into a chart's form data, as Superset's `merge_extra_filters` and
//! `merge_extra_form_data` (`superset/utils/core.py`) do before a legacy chart or a saved form
//! data is read: the result holds the dashboard's filters as adhoc filters marked `isExtra`.
//!
//! | source | merged as |
//! | --- | --- |
//! | `extra_form_data.adhoc_filters` | appended to `adhoc_filters`, each with `isExtra: true` |
//! | `extra_form_data.filters` `{col, op, val}` | a SIMPLE WHERE adhoc filter with `isExtra: true`, appended to every `adhoc_filters*` control |
//! | `extra_form_data.time_range`, `time_grain_sqla`, `granularity_sqla` (as `granularity`), ... | override the form data's |
//! | `extra_form_data.relative_start`, `relative_end`, `time_grain_sqla` | set in `extras` |
//! | `extra_filters` `{col: "__time_range", val}` (and `__time_col`, `__time_grain`, `__granularity`) | override `time_range` (`granularity_sqla`, ...) and are listed in `applied_time_extras` |
//! | other `extra_filters` | SIMPLE WHERE adhoc filters with `isExtra: true`, unless the same column, operator and value are already filtered |
//!
//! `extra_form_data` and `extra_filters` are removed. When a `time_range` is set and no
//! `granularity_sqla`, the `TEMPORAL_RANGE` adhoc filters take the time range as comparator.
//! Superset also names each new filter (`filterOptionName`) with an MD5 of it; the core has no
//! digest, so those filters have no name (nothing reads it but the explore editor's list keys).

use std::collections::BTreeMap;

use quiver_types::FormData;
use serde_json::{Map, Value};

/// `extra_form_data` keys that override a form data key of another name or the same.
const OVERRIDE_REGULAR_MAPPINGS: [(&str, &str); 6] = [
    ("granularity", "granularity"),
    ("granularity_sqla", "granularity"),
    ("time_column", "time_column"),
    ("time_grain", "time_grain"),
    ("time_range", "time_range"),
    ("time_grain_sqla", "time_grain_sqla"),
];

/// `extra_form_data` keys that override the form data's `extras`.
const OVERRIDE_EXTRA_KEYS: [&str; 3] = ["relative_start", "relative_end", "time_grain_sqla"];

/// Legacy `extra_filters` columns that set a time option instead of filtering.
const TIME_EXTRA_COLUMNS: [(&str, &str); 4] = [
    ("__time_range", "time_range"),
    ("__time_col", "granularity_sqla"),
    ("__time_grain", "time_grain_sqla"),
    ("__granularity", "granularity"),
];

/// Superset's "no time range" value, which a time extra does not apply.
const NO_TIME_RANGE: &str = "No filter";

/// The form data with its `extra_form_data` and legacy `extra_filters` merged in.
pub fn merge_extra_filters(form_data: &FormData) -> FormData {
    let mut controls = form_data.extra.clone();
    let mut applied_time_extras = match controls.remove("applied_time_extras") {
        Some(Value::Object(applied)) => applied,
        _ => Map::new(),
    };
    merge_extra_form_data(&mut controls);
    if let Some(extra_filters) = controls.remove("extra_filters") {
        merge_legacy_extra_filters(&mut controls, &mut applied_time_extras, &extra_filters);
    }
    controls.insert(
        "applied_time_extras".to_owned(),
        Value::Object(applied_time_extras),
    );
    FormData {
        extra: controls,
        ..form_data.clone()
    }
}

/// Superset's `merge_extra_form_data`: `extra_form_data` moved into the controls.
fn merge_extra_form_data(controls: &mut Map<String, Value>) {
    let extra_form_data = match controls.remove("extra_form_data") {
        Some(Value::Object(extra_form_data)) => extra_form_data,
        _ => Map::new(),
    };
    for (source, target) in OVERRIDE_REGULAR_MAPPINGS {
        if let Some(value) = extra_form_data.get(source).filter(|value| !value.is_null()) {
            controls.insert(target.to_owned(), value.clone());
        }
    }
    let mut extras = match controls.remove("extras") {
        Some(Value::Object(extras)) => extras,
        _ => Map::new(),
    };
    for key in OVERRIDE_EXTRA_KEYS {
        if let Some(value) = extra_form_data.get(key).filter(|value| !value.is_null()) {
            extras.insert(key.to_owned(), value.clone());
        }
    }
    if !extras.is_empty() {
        controls.insert("extras".to_owned(), Value::Object(extras));
    }

    let mut adhoc_filters = list_of(controls.get("adhoc_filters"));
    adhoc_filters.extend(
        list_of(extra_form_data.get("adhoc_filters"))
            .into_iter()
            .map(marked_extra),
    );
    controls.insert("adhoc_filters".to_owned(), Value::Array(adhoc_filters));

    let appended_filters: Vec<Value> = list_of(extra_form_data.get("filters"))
        .into_iter()
        .filter(|filter| filter.as_object().is_some_and(|filter| !filter.is_empty()))
        .collect();
    if !appended_filters.is_empty() {
        for (key, value) in controls.iter_mut() {
            let Value::Array(filters) = value else {
                continue;
            };
            if key.starts_with("adhoc_filter") {
                filters.extend(
                    appended_filters
                        .iter()
                        .map(|filter| simple_filter_to_adhoc(&marked_extra(filter.clone()))),
                );
            }
        }
    }

    let has_time_range = controls.get("time_range").is_some_and(is_truthy);
    let has_granularity_sqla = controls.get("granularity_sqla").is_some_and(is_truthy);
    if has_time_range && !has_granularity_sqla {
        let time_range = controls.get("time_range").cloned().unwrap_or(Value::Null);
        if let Some(Value::Array(adhoc_filters)) = controls.get_mut("adhoc_filters") {
            for filter in adhoc_filters.iter_mut().filter_map(Value::as_object_mut) {
                if filter.get("operator").and_then(Value::as_str) == Some("TEMPORAL_RANGE") {
                    filter.insert("comparator".to_owned(), time_range.clone());
                }
            }
        }
    }
}

/// The legacy `extra_filters`: time options override the form data's, other filters become adhoc
/// filters unless the same filter is already there.
fn merge_legacy_extra_filters(
    controls: &mut Map<String, Value>,
    applied_time_extras: &mut Map<String, Value>,
    extra_filters: &Value,
) {
    let time_extras = BTreeMap::from(TIME_EXTRA_COLUMNS);
    let mut adhoc_filters = list_of(controls.get("adhoc_filters"));
    let existing_comparators: BTreeMap<String, Value> = adhoc_filters
        .iter()
        .filter(|filter| filter.get("expressionType").and_then(Value::as_str) == Some("SIMPLE"))
        .filter(|filter| is_present(filter.get("comparator")) && is_present(filter.get("subject")))
        .filter_map(|filter| Some((filter_key(filter)?, filter.get("comparator")?.clone())))
        .collect();

    let mut added = Vec::new();
    for filter in list_of(Some(extra_filters)) {
        let filter = marked_extra(filter);
        let column = filter.get("col").and_then(Value::as_str).unwrap_or_default();
        let value = filter.get("val").cloned().unwrap_or(Value::Null);
        if let Some(target) = time_extras.get(column) {
            let applies = is_truthy(&value) && value.as_str() != Some(NO_TIME_RANGE);
            if applies {
                controls.insert((*target).to_owned(), value.clone());
                applied_time_extras.insert(column.to_owned(), value);
            }
            continue;
        }
        if !is_truthy(&value) {
            continue;
        }
        let is_duplicate = filter_key(&filter)
            .and_then(|key| existing_comparators.get(&key))
            .is_some_and(|existing| is_same_filter_value(existing, &value));
        if !is_duplicate {
            added.push(simple_filter_to_adhoc(&filter));
        }
    }
    adhoc_filters.extend(added);
    controls.insert("adhoc_filters".to_owned(), Value::Array(adhoc_filters));
}

/// An existing filter matches a new one when the values are equal; lists are compared as sets.
fn is_same_filter_value(existing: &Value, new: &Value) -> bool {
    match (existing, new) {
        (Value::Array(existing), Value::Array(new)) => {
            existing.iter().all(|item| new.contains(item)) && new.iter().all(|item| existing.contains(item))
        }
        (_, Value::Array(_)) => false,
        _ => existing == new,
    }
}

/// `{subject}__{operator}` of an adhoc filter, `{col}__{op}` of a simple one.
fn filter_key(filter: &Value) -> Option<String> {
    let text = |key: &str| filter.get(key).map(display_text);
    if filter.get("expressionType").is_some() {
        return Some(format!("{}__{}", text("subject")?, text("operator")?));
    }
    Some(format!("{}__{}", text("col")?, text("op")?))
}

fn display_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Superset's `simple_filter_to_adhoc`: `{col, op, val}` as a SIMPLE WHERE adhoc filter.
fn simple_filter_to_adhoc(filter: &Value) -> Value {
    let mut adhoc = Map::new();
    adhoc.insert("clause".to_owned(), Value::from("WHERE"));
    adhoc.insert("expressionType".to_owned(), Value::from("SIMPLE"));
    adhoc.insert(
        "comparator".to_owned(),
        filter.get("val").cloned().unwrap_or(Value::Null),
    );
    adhoc.insert(
        "operator".to_owned(),
        filter.get("op").cloned().unwrap_or(Value::Null),
    );
    adhoc.insert(
        "subject".to_owned(),
        filter.get("col").cloned().unwrap_or(Value::Null),
    );
    if filter.get("isExtra").is_some_and(is_truthy) {
        adhoc.insert("isExtra".to_owned(), Value::Bool(true));
    }
    Value::Object(adhoc)
}

/// `{"isExtra": true, ...filter}`: the filter's own `isExtra` wins.
fn marked_extra(filter: Value) -> Value {
    let Value::Object(fields) = filter else {
        return filter;
    };
    let mut marked = Map::new();
    marked.insert("isExtra".to_owned(), Value::Bool(true));
    marked.extend(fields);
    Value::Object(marked)
}

fn list_of(value: Option<&Value>) -> Vec<Value> {
    match value {
        Some(Value::Array(items)) => items.clone(),
        _ => Vec::new(),
    }
}

fn is_present(value: Option<&Value>) -> bool {
    value.is_some_and(|value| !value.is_null())
}

/// Python's truth value of a JSON value.
fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(flag) => *flag,
        Value::Number(number) => number.as_f64().is_some_and(|number| number != 0.0),
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn merged(form_data: Value) -> Value {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        serde_json::to_value(merge_extra_filters(&form_data)).unwrap()
    }

    #[test]
    fn extra_form_data_becomes_extra_adhoc_filters_and_overrides() {
        let result = merged(json!({
            "datasource": "3__table", "viz_type": "table", "time_range": "Last week",
            "adhoc_filters": [{"expressionType": "SIMPLE", "clause": "WHERE", "subject": "ds", "operator": "TEMPORAL_RANGE", "comparator": "Last week"}],
            "extra_form_data": {
                "filters": [{"col": "state", "op": "IN", "val": ["CA"]}],
                "adhoc_filters": [{"expressionType": "SQL", "clause": "WHERE", "sqlExpression": "num > 10"}],
                "time_range": "Last year", "time_grain_sqla": "P1M", "granularity_sqla": "ds",
                "relative_start": "today",
            },
        }));
        assert_eq!(
            result["adhoc_filters"],
            json!([
                {"expressionType": "SIMPLE", "clause": "WHERE", "subject": "ds", "operator": "TEMPORAL_RANGE", "comparator": "Last year"},
                {"isExtra": true, "expressionType": "SQL", "clause": "WHERE", "sqlExpression": "num > 10"},
                {"clause": "WHERE", "expressionType": "SIMPLE", "comparator": ["CA"], "operator": "IN", "subject": "state", "isExtra": true},
            ])
        );
        assert_eq!(result["time_range"], json!("Last year"));
        assert_eq!(result["time_grain_sqla"], json!("P1M"));
        assert_eq!(result["granularity"], json!("ds"));
        assert_eq!(
            result["extras"],
            json!({"relative_start": "today", "time_grain_sqla": "P1M"})
        );
        assert_eq!(result.get("extra_form_data"), None);
        assert_eq!(result["applied_time_extras"], json!({}));
    }

    #[test]
    fn extra_form_data_filters_reach_every_adhoc_filters_control() {
        let result = merged(json!({
            "datasource": "3__table", "viz_type": "mixed_timeseries",
            "adhoc_filters": [], "adhoc_filters_b": [],
            "extra_form_data": {"filters": [{"col": "gender", "op": "==", "val": "boy"}, {}]},
        }));
        let expected = json!([{"clause": "WHERE", "expressionType": "SIMPLE", "comparator": "boy", "operator": "==", "subject": "gender", "isExtra": true}]);
        assert_eq!(result["adhoc_filters"], expected);
        assert_eq!(result["adhoc_filters_b"], expected);
    }

    #[test]
    fn legacy_extra_filters_set_time_options_and_add_new_filters_only() {
        let result = merged(json!({
            "datasource": "3__table", "viz_type": "table", "time_range": "Last week",
            "adhoc_filters": [
                {"expressionType": "SIMPLE", "clause": "WHERE", "subject": "state", "operator": "IN", "comparator": ["CA", "NY"]},
                {"expressionType": "SIMPLE", "clause": "WHERE", "subject": "gender", "operator": "==", "comparator": "boy"},
            ],
            "extra_filters": [
                {"col": "__time_range", "op": "==", "val": "Last month"},
                {"col": "__time_grain", "op": "==", "val": "No filter"},
                {"col": "state", "op": "IN", "val": ["NY", "CA"]},
                {"col": "state", "op": "IN", "val": ["TX"]},
                {"col": "gender", "op": "==", "val": "boy"},
                {"col": "name", "op": "IN", "val": []},
                {"col": "num", "op": ">", "val": 5},
            ],
        }));
        assert_eq!(result["time_range"], json!("Last month"));
        assert_eq!(result.get("time_grain_sqla"), None);
        assert_eq!(
            result["applied_time_extras"],
            json!({"__time_range": "Last month"})
        );
        assert_eq!(result.get("extra_filters"), None);
        let added: Vec<&Value> = result["adhoc_filters"]
            .as_array()
            .unwrap()
            .iter()
            .skip(2)
            .collect();
        assert_eq!(
            added,
            [
                &json!({"clause": "WHERE", "expressionType": "SIMPLE", "comparator": ["TX"], "operator": "IN", "subject": "state", "isExtra": true}),
                &json!({"clause": "WHERE", "expressionType": "SIMPLE", "comparator": 5, "operator": ">", "subject": "num", "isExtra": true}),
            ]
        );
    }

    #[test]
    fn a_form_data_without_dashboard_filters_gains_only_the_empty_lists() {
        let result = merged(json!({"datasource": "3__table", "viz_type": "table", "groupby": ["state"]}));
        assert_eq!(
            result,
            json!({"datasource": "3__table", "viz_type": "table", "groupby": ["state"], "adhoc_filters": [], "applied_time_extras": {}})
        );
    }
}
