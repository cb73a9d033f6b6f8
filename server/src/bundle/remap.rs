//! Ids inside stored documents follow their objects across an import or export: a chart's form
//! data and query context name its dataset and itself; a dashboard's layout and metadata name its
//! charts (by id, with the chart's uuid in the layout) and native filters name datasets (by id in
//! Quiver, by uuid in a bundle).

use std::collections::HashMap;

use serde_json::{Map, Value};

/// The datasource key of a dataset in form data: `12__table`.
pub fn datasource_key(dataset_id: i64) -> String {
    format!("{dataset_id}__table")
}

/// Points a chart's form data at its dataset.
pub fn chart_params(params: &Value, dataset_id: i64) -> Value {
    let mut params = match params {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    params.insert("datasource".to_owned(), Value::String(datasource_key(dataset_id)));
    Value::Object(params)
}

/// Points a stored query context at the chart's dataset and at the chart itself. A context that
/// is not a JSON object is dropped (Explore writes a new one on the next save).
pub fn chart_query_context(query_context: Option<&str>, dataset_id: i64, chart_id: i64) -> Option<String> {
    let mut context: Map<String, Value> = serde_json::from_str(query_context?).ok()?;
    context.insert(
        "datasource".to_owned(),
        serde_json::json!({"id": dataset_id, "type": "table"}),
    );
    if let Some(Value::Object(form_data)) = context.get_mut("form_data") {
        form_data.insert("datasource".to_owned(), Value::String(datasource_key(dataset_id)));
        form_data.insert("slice_id".to_owned(), Value::from(chart_id));
    }
    Some(Value::Object(context).to_string())
}

/// The chart components of a layout: (component key, chart id, chart uuid).
fn chart_components(position: &Value) -> Vec<(String, Option<i64>, Option<String>)> {
    let Value::Object(components) = position else {
        return vec![];
    };
    components
        .iter()
        .filter(|(_, component)| component.get("type").and_then(Value::as_str) == Some("CHART"))
        .map(|(key, component)| {
            let meta = component.get("meta");
            (
                key.clone(),
                meta.and_then(|meta| meta.get("chartId")).and_then(Value::as_i64),
                meta.and_then(|meta| meta.get("uuid"))
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            )
        })
        .collect()
}

/// For export: writes each chart's uuid into its layout component (`meta.uuid`).
pub fn layout_with_chart_uuids(position: &Value, uuid_of_chart: &HashMap<i64, String>) -> Value {
    let mut position = position.clone();
    for (key, chart_id, _) in chart_components(&position) {
        let Some(uuid) = chart_id.and_then(|id| uuid_of_chart.get(&id)) else {
            continue;
        };
        if let Some(Value::Object(meta)) = position
            .get_mut(&key)
            .and_then(|component| component.get_mut("meta"))
        {
            meta.insert("uuid".to_owned(), Value::String(uuid.clone()));
        }
    }
    position
}

/// For import: sets each chart component's `chartId` from its `meta.uuid`, and answers the map
/// from the ids the bundle used to the new ones. Components whose uuid is unknown keep theirs.
pub fn layout_with_new_chart_ids(
    position: &Value,
    id_of_chart_uuid: &HashMap<String, i64>,
) -> (Value, HashMap<i64, i64>) {
    let mut position = position.clone();
    let mut old_to_new = HashMap::new();
    for (key, old_id, uuid) in chart_components(&position) {
        let Some(new_id) = uuid.and_then(|uuid| id_of_chart_uuid.get(&uuid).copied()) else {
            continue;
        };
        if let Some(old_id) = old_id {
            old_to_new.insert(old_id, new_id);
        }
        if let Some(Value::Object(meta)) = position
            .get_mut(&key)
            .and_then(|component| component.get_mut("meta"))
        {
            meta.insert("chartId".to_owned(), Value::from(new_id));
        }
    }
    (position, old_to_new)
}

/// The chart ids a layout names.
pub fn layout_chart_ids(position: &Value) -> Vec<i64> {
    chart_components(position)
        .into_iter()
        .filter_map(|(_, id, _)| id)
        .collect()
}

/// An id in a document: a number or a numeric string.
fn id_of(value: &Value) -> Option<i64> {
    match value {
        Value::Number(number) => number.as_i64(),
        Value::String(text) => text.parse().ok(),
        _ => None,
    }
}

/// A list of chart ids with each id mapped; ids the map does not know are dropped.
fn map_id_list(list: &mut Value, map: &HashMap<i64, i64>) {
    if let Value::Array(items) = list {
        *items = items
            .iter()
            .filter_map(|item| id_of(item).and_then(|id| map.get(&id)).map(|id| Value::from(*id)))
            .collect();
    }
}

/// A mapping keyed by chart ids with each key mapped; unknown keys are dropped.
fn map_id_keys(object: &mut Value, map: &HashMap<i64, i64>) {
    if let Value::Object(entries) = object {
        *entries = entries
            .iter()
            .filter_map(|(key, value)| {
                let new_id = key.parse::<i64>().ok().and_then(|id| map.get(&id))?;
                Some((new_id.to_string(), value.clone()))
            })
            .collect();
    }
}

/// Rewrites the chart ids of a dashboard's `json_metadata` through `chart_map` (old to new) and
/// its native filters' dataset references through `dataset_ref`: Superset's own import rewrites
/// the same places (chart configuration, global scope, native filter scopes and targets,
/// expanded slices, refresh-immune slices, filter scopes, default filters).
pub fn metadata_with_mapped_ids(
    metadata: &Value,
    chart_map: &HashMap<i64, i64>,
    dataset_ref: &dyn Fn(&mut Map<String, Value>),
) -> Value {
    let mut metadata = match metadata {
        Value::Object(map) => Value::Object(map.clone()),
        _ => return Value::Object(Map::new()),
    };
    if let Some(configuration) = metadata.get_mut("chart_configuration") {
        map_id_keys(configuration, chart_map);
        if let Value::Object(entries) = configuration {
            for (key, entry) in entries.iter_mut() {
                if let Value::Object(entry) = entry {
                    if let Ok(id) = key.parse::<i64>() {
                        entry.insert("id".to_owned(), Value::from(id));
                    }
                    if let Some(scope) = entry
                        .get_mut("crossFilters")
                        .and_then(|cross_filters| cross_filters.get_mut("chartsInScope"))
                    {
                        map_id_list(scope, chart_map);
                    }
                }
            }
        }
    }
    if let Some(scope) = metadata
        .get_mut("global_chart_configuration")
        .and_then(|global| global.get_mut("chartsInScope"))
    {
        map_id_list(scope, chart_map);
    }
    if let Some(Value::Array(filters)) = metadata.get_mut("native_filter_configuration") {
        for filter in filters.iter_mut() {
            if let Some(scope) = filter
                .get_mut("scope")
                .and_then(|scope| scope.get_mut("excluded"))
            {
                map_id_list(scope, chart_map);
            }
            if let Some(scope) = filter.get_mut("chartsInScope") {
                map_id_list(scope, chart_map);
            }
            if let Some(Value::Array(targets)) = filter.get_mut("targets") {
                for target in targets.iter_mut() {
                    if let Value::Object(target) = target {
                        dataset_ref(target);
                    }
                }
            }
        }
    }
    for key in ["expanded_slices", "filter_scopes"] {
        if let Some(entries) = metadata.get_mut(key) {
            map_id_keys(entries, chart_map);
        }
    }
    if let Some(Value::Object(scopes)) = metadata.get_mut("filter_scopes") {
        for scope in scopes.values_mut() {
            if let Value::Object(columns) = scope {
                for column in columns.values_mut() {
                    if let Some(immune) = column.get_mut("immune") {
                        map_id_list(immune, chart_map);
                    }
                }
            }
        }
    }
    if let Some(immune) = metadata.get_mut("timed_refresh_immune_slices") {
        map_id_list(immune, chart_map);
    }
    if let Some(Value::String(text)) = metadata.get("default_filters").cloned() {
        if let Ok(mut filters @ Value::Object(_)) = serde_json::from_str::<Value>(&text) {
            map_id_keys(&mut filters, chart_map);
            metadata["default_filters"] = Value::String(filters.to_string());
        }
    }
    metadata
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn layout_chart_ids_follow_uuids() {
        let position = json!({
            "CHART-a": {"type": "CHART", "id": "CHART-a", "meta": {"chartId": 7, "uuid": "u7"}},
            "CHART-b": {"type": "CHART", "id": "CHART-b", "meta": {"chartId": 9, "uuid": "unknown"}},
            "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID"}
        });
        let ids = HashMap::from([("u7".to_owned(), 70)]);
        let (layout, map) = layout_with_new_chart_ids(&position, &ids);
        assert_eq!(layout["CHART-a"]["meta"]["chartId"], 70);
        assert_eq!(layout["CHART-b"]["meta"]["chartId"], 9);
        assert_eq!(map, HashMap::from([(7, 70)]));
    }

    #[test]
    fn metadata_ids_are_rewritten_everywhere() {
        let metadata = json!({
            "chart_configuration": {"7": {"id": 7, "crossFilters": {"scope": "global", "chartsInScope": [27, 31]}}},
            "global_chart_configuration": {"chartsInScope": [7, 27, 99]},
            "native_filter_configuration": [{
                "scope": {"rootPath": ["ROOT_ID"], "excluded": [31]},
                "chartsInScope": [7],
                "targets": [{"datasetUuid": "d1", "column": {"name": "state"}}]
            }],
            "expanded_slices": {"27": true},
            "timed_refresh_immune_slices": [31],
            "default_filters": "{\"7\": {\"state\": [\"CA\"]}}",
            "color_scheme": "supersetColors"
        });
        let map = HashMap::from([(7, 70), (27, 270), (31, 310)]);
        let resolve = |target: &mut Map<String, Value>| {
            if target.remove("datasetUuid").is_some() {
                target.insert("datasetId".to_owned(), json!(5));
            }
        };
        let mapped = metadata_with_mapped_ids(&metadata, &map, &resolve);
        assert_eq!(
            mapped["chart_configuration"],
            json!({"70": {"id": 70, "crossFilters": {"scope": "global", "chartsInScope": [270, 310]}}})
        );
        assert_eq!(
            mapped["global_chart_configuration"]["chartsInScope"],
            json!([70, 270])
        );
        let filter = &mapped["native_filter_configuration"][0];
        assert_eq!(filter["scope"]["excluded"], json!([310]));
        assert_eq!(filter["chartsInScope"], json!([70]));
        assert_eq!(
            filter["targets"][0],
            json!({"datasetId": 5, "column": {"name": "state"}})
        );
        assert_eq!(mapped["expanded_slices"], json!({"270": true}));
        assert_eq!(mapped["timed_refresh_immune_slices"], json!([310]));
        assert_eq!(mapped["default_filters"], json!("{\"70\":{\"state\":[\"CA\"]}}"));
        assert_eq!(mapped["color_scheme"], "supersetColors");
    }

    #[test]
    fn query_contexts_point_at_the_new_objects() {
        let context = r#"{"datasource":{"id":1,"type":"table"},"queries":[],"form_data":{"datasource":"1__table","slice_id":27}}"#;
        let rewritten: Value =
            serde_json::from_str(&chart_query_context(Some(context), 12, 40).unwrap()).unwrap();
        assert_eq!(rewritten["datasource"], json!({"id": 12, "type": "table"}));
        assert_eq!(rewritten["form_data"]["datasource"], "12__table");
        assert_eq!(rewritten["form_data"]["slice_id"], 40);
        assert_eq!(chart_query_context(Some("not json"), 1, 2), None);
        assert_eq!(
            chart_params(&json!({"viz_type": "pie", "datasource": "1__table"}), 12)["datasource"],
            "12__table"
        );
    }
}
