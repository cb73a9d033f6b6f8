//! Superset's dashboard save rules (spec 001 §5) and the checks of the stored documents
//! (`position_json`, `json_metadata`) before they are written.

use quiver_core::layout::{ComponentType, DashboardLayout};
use quiver_types::{DashboardMetadata, NativeFilter};
use serde_json::{Map, Value};

/// The title of a dashboard saved without one.
pub const UNTITLED_DASHBOARD: &str = "[ untitled dashboard ]";

/// The key of `json_metadata` under which Superset's editor sends the layout.
pub const POSITIONS_KEY: &str = "positions";

/// An empty (or blank) title becomes `[ untitled dashboard ]`.
pub fn title_or_untitled(title: &str) -> String {
    let title = title.trim();
    if title.is_empty() {
        UNTITLED_DASHBOARD.to_owned()
    } else {
        title.to_owned()
    }
}

/// An empty (or blank) slug becomes null.
pub fn slug_or_null(slug: Option<&str>) -> Option<String> {
    slug.map(str::trim)
        .filter(|slug| !slug.is_empty())
        .map(str::to_owned)
}

/// `(certified_by, certification_details)` as stored: the details are kept only when
/// `certified_by` is set.
pub fn certification(certified_by: Option<&str>, details: Option<&str>) -> (Option<String>, Option<String>) {
    match certified_by.map(str::trim).filter(|name| !name.is_empty()) {
        Some(name) => (Some(name.to_owned()), details.map(str::to_owned)),
        None => (None, None),
    }
}

/// Why a stored document was refused, as the field's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    /// The text is not JSON.
    #[error("JSON not valid")]
    NotJson,
    /// The JSON is not a layout of components.
    #[error("Not a valid dashboard layout: {0}")]
    InvalidLayout(String),
    /// The JSON is not the metadata object, or one of its keys has the wrong type.
    #[error("Not valid dashboard metadata: {0}")]
    InvalidMetadata(String),
}

/// Parses a layout and checks that every component is stored under its id and that every
/// child exists.
pub fn parse_layout(value: Value) -> Result<DashboardLayout, DocumentError> {
    if !value.is_object() {
        return Err(DocumentError::InvalidLayout(
            "the layout must be an object".to_owned(),
        ));
    }
    let layout: DashboardLayout =
        serde_json::from_value(value).map_err(|error| DocumentError::InvalidLayout(error.to_string()))?;
    for (key, component) in &layout.components {
        if *key != component.id {
            return Err(DocumentError::InvalidLayout(format!(
                "the component under \"{key}\" has the id \"{}\"",
                component.id
            )));
        }
        if let Some(missing) = component
            .children
            .iter()
            .find(|child| !layout.components.contains_key(*child))
        {
            return Err(DocumentError::InvalidLayout(format!(
                "\"{key}\" has the unknown child \"{missing}\""
            )));
        }
    }
    Ok(layout)
}

/// Parses `position_json` text.
pub fn parse_position_json(text: &str) -> Result<DashboardLayout, DocumentError> {
    let value: Value = serde_json::from_str(text).map_err(|_| DocumentError::NotJson)?;
    parse_layout(value)
}

/// The chart ids a layout shows (its `CHART` components' `meta.chartId`), in order, once each.
pub fn chart_ids_in_layout(layout: &DashboardLayout) -> Vec<i64> {
    let mut ids: Vec<i64> = layout
        .components
        .values()
        .filter(|component| component.component_type == ComponentType::Chart)
        .filter_map(|component| component.meta.chart_id)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// What a metadata value must be: its description and its check.
type MetadataRule = (&'static str, fn(&Value) -> bool);

/// The JSON type each known metadata key must have (Superset's `DashboardJSONMetadataSchema`);
/// other keys are kept as they are.
fn expected_metadata_type(key: &str) -> Option<MetadataRule> {
    fn is_integer(value: &Value) -> bool {
        value.is_i64() || value.is_u64()
    }
    fn is_string_or_null(value: &Value) -> bool {
        value.is_string() || value.is_null()
    }
    fn is_list_of_objects(value: &Value) -> bool {
        value
            .as_array()
            .is_some_and(|items| items.iter().all(Value::is_object))
    }
    fn is_list_of_integers(value: &Value) -> bool {
        value.as_array().is_some_and(|items| items.iter().all(is_integer))
    }
    fn is_orientation(value: &Value) -> bool {
        matches!(value.as_str(), Some("VERTICAL" | "HORIZONTAL"))
    }
    fn is_label_colors(value: &Value) -> bool {
        value.is_object() || value.is_array()
    }
    let rule: MetadataRule = match key {
        "native_filter_configuration" => ("a list of objects", is_list_of_objects),
        "chart_configuration"
        | "global_chart_configuration"
        | "label_colors"
        | "map_label_colors"
        | "expanded_slices"
        | "filter_scopes"
        | "native_filter_migration"
        | "positions" => ("an object", Value::is_object),
        "shared_label_colors" => ("a list or an object", is_label_colors),
        "color_scheme" | "color_namespace" => ("a string", is_string_or_null),
        "default_filters" => ("a string", Value::is_string),
        "color_scheme_domain" => ("a list", Value::is_array),
        "cross_filters_enabled" | "stagger_refresh" => ("a boolean", Value::is_boolean),
        "refresh_frequency" | "stagger_time" | "import_time" => ("an integer", is_integer),
        "timed_refresh_immune_slices" => ("a list of integers", is_list_of_integers),
        "filter_bar_orientation" => ("VERTICAL or HORIZONTAL", is_orientation),
        _ => return None,
    };
    Some(rule)
}

/// The stored metadata as an object to update: empty when absent or not an object (a stored
/// document that does not parse is replaced, as Superset's updates do).
pub fn stored_metadata(text: Option<&str>) -> Map<String, Value> {
    match text.map(serde_json::from_str::<Value>) {
        Some(Ok(Value::Object(metadata))) => metadata,
        _ => Map::new(),
    }
}

/// The first native filter of `native_filter_configuration` that does not read as a filter,
/// as the message's detail: `native_filter_configuration[1] (NATIVE_FILTER-b): missing field ...`.
pub fn native_filter_problem(filters: &[Value]) -> Option<String> {
    filters.iter().enumerate().find_map(|(index, filter)| {
        serde_json::from_value::<NativeFilter>(filter.clone())
            .err()
            .map(|error| {
                let id = filter.get("id").and_then(Value::as_str).unwrap_or("no id");
                format!("native_filter_configuration[{index}] ({id}): {error}")
            })
    })
}

/// Reads metadata already checked key by key as [`DashboardMetadata`], so the nested shapes
/// (native filters, cross-filter scopes, legacy filter scopes) are checked too.
pub fn typed_metadata(metadata: &Map<String, Value>) -> Result<DashboardMetadata, DocumentError> {
    if let Some(Value::Array(filters)) = metadata.get("native_filter_configuration") {
        if let Some(problem) = native_filter_problem(filters) {
            return Err(DocumentError::InvalidMetadata(problem));
        }
    }
    serde_json::from_value(Value::Object(metadata.clone()))
        .map_err(|error| DocumentError::InvalidMetadata(error.to_string()))
}

/// Parses `json_metadata` text: an object whose known keys have Superset's types and read as
/// [`DashboardMetadata`]. The object is answered as sent, so keys Quiver does not know and the
/// exact stored values are kept.
pub fn parse_json_metadata(text: &str) -> Result<Map<String, Value>, DocumentError> {
    let value: Value = serde_json::from_str(text).map_err(|_| DocumentError::NotJson)?;
    let Value::Object(metadata) = value else {
        return Err(DocumentError::InvalidMetadata(
            "the metadata must be an object".to_owned(),
        ));
    };
    for (key, value) in &metadata {
        if let Some((expected, is_valid)) = expected_metadata_type(key) {
            if !is_valid(value) {
                return Err(DocumentError::InvalidMetadata(format!(
                    "\"{key}\" must be {expected}"
                )));
            }
        }
    }
    typed_metadata(&metadata)?;
    Ok(metadata)
}

/// A layout as stored: compact JSON.
pub fn layout_text(layout: &DashboardLayout) -> Result<String, serde_json::Error> {
    serde_json::to_string(layout)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn save_rules_for_title_slug_and_certification() {
        assert_eq!(title_or_untitled("  "), "[ untitled dashboard ]");
        assert_eq!(title_or_untitled(" Sales "), "Sales");
        assert_eq!(slug_or_null(Some("")), None);
        assert_eq!(slug_or_null(Some(" births ")), Some("births".to_owned()));
        assert_eq!(slug_or_null(None), None);
        assert_eq!(certification(Some(""), Some("checked")), (None, None));
        assert_eq!(certification(None, Some("checked")), (None, None));
        assert_eq!(
            certification(Some("Data team"), Some("checked")),
            (Some("Data team".to_owned()), Some("checked".to_owned()))
        );
    }

    #[test]
    fn layouts_are_checked_and_their_charts_found() {
        let layout = parse_position_json(
            &json!({
                "DASHBOARD_VERSION_KEY": "v2",
                "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["GRID_ID"]},
                "GRID_ID": {"type": "GRID", "id": "GRID_ID", "children": ["ROW-1"]},
                "ROW-1": {"type": "ROW", "id": "ROW-1", "children": ["CHART-a", "CHART-b"]},
                "CHART-a": {"type": "CHART", "id": "CHART-a", "meta": {"chartId": 9, "width": 4, "height": 50}},
                "CHART-b": {"type": "CHART", "id": "CHART-b", "meta": {"chartId": 3, "width": 4, "height": 50}}
            })
            .to_string(),
        )
        .unwrap();
        assert_eq!(chart_ids_in_layout(&layout), vec![3, 9]);
        assert_eq!(parse_position_json("{"), Err(DocumentError::NotJson));
        let dangling =
            parse_position_json(r#"{"ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["X"]}}"#);
        assert_eq!(
            dangling.unwrap_err().to_string(),
            "Not a valid dashboard layout: \"ROOT_ID\" has the unknown child \"X\""
        );
        assert!(matches!(
            parse_position_json(r#"{"ROOT_ID": {"type": "NOPE", "id": "ROOT_ID"}}"#),
            Err(DocumentError::InvalidLayout(_))
        ));
        assert!(matches!(
            parse_position_json("[]"),
            Err(DocumentError::InvalidLayout(_))
        ));
    }

    #[test]
    fn metadata_keys_have_superset_types() {
        let metadata =
            parse_json_metadata(r#"{"refresh_frequency": 0, "color_scheme": null, "custom": [1]}"#).unwrap();
        assert_eq!(metadata.len(), 3);
        assert_eq!(
            parse_json_metadata(r#"{"refresh_frequency": "often"}"#)
                .unwrap_err()
                .to_string(),
            "Not valid dashboard metadata: \"refresh_frequency\" must be an integer"
        );
        assert_eq!(
            parse_json_metadata(r#"{"filter_bar_orientation": "DIAGONAL"}"#)
                .unwrap_err()
                .to_string(),
            "Not valid dashboard metadata: \"filter_bar_orientation\" must be VERTICAL or HORIZONTAL"
        );
        assert_eq!(
            parse_json_metadata("[]").unwrap_err().to_string(),
            "Not valid dashboard metadata: the metadata must be an object"
        );
        assert_eq!(parse_json_metadata("nope"), Err(DocumentError::NotJson));
    }

    #[test]
    fn native_filters_and_scopes_are_read_through_their_types() {
        let filters = json!({"native_filter_configuration": [
            {"id": "NATIVE_FILTER-a", "name": "State", "scope": {"rootPath": ["ROOT_ID"], "excluded": [3]}},
            {"id": "NATIVE_FILTER-b", "name": "Name", "cascadeParentIds": "NATIVE_FILTER-a"}
        ]});
        let error = parse_json_metadata(&filters.to_string()).unwrap_err().to_string();
        assert!(
            error.starts_with("Not valid dashboard metadata: native_filter_configuration[1] (NATIVE_FILTER-b): invalid type: string"),
            "{error}"
        );
        let legacy_scope =
            json!({"filter_scopes": {"12": {"state": {"scope": ["ROOT_ID"], "immune": ["x"]}}}});
        assert!(matches!(
            parse_json_metadata(&legacy_scope.to_string()),
            Err(DocumentError::InvalidMetadata(_))
        ));
        let kept = json!({
            "native_filter_configuration": [{"id": "NATIVE_FILTER-a", "scopes": {"scope": ["TAB-1"], "immune": [4]}, "sortMetric": null}],
            "plugin_key": {"any": "thing"}
        });
        let metadata = parse_json_metadata(&kept.to_string()).unwrap();
        assert_eq!(Value::Object(metadata.clone()), kept);
        let typed = typed_metadata(&metadata).unwrap();
        let scope = &typed.native_filter_configuration.unwrap()[0].scope;
        assert_eq!(scope.root_path, vec!["TAB-1".to_owned()]);
        assert_eq!(scope.excluded, vec![quiver_types::ChartId(4)]);
    }
}
