//! The `annotation_data` of chart-data answers: the records of the query's `NATIVE` annotation
//! layers, under each layer entry's name, as Superset's `get_native_annotation_data` sends them.
//! Formula layers are drawn by the browser; layers from other charts are their own queries.

use quiver_types::{NativeAnnotationData, NativeAnnotationRecord};
use serde_json::{Map, Value};

use crate::api::annotation::parse_annotation_time;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::annotation::AnnotationRecord;
use crate::store::StoreError;

/// The columns every native layer answers, in Superset's order.
const COLUMNS: [&str; 5] = [
    "start_dttm",
    "end_dttm",
    "short_descr",
    "long_descr",
    "json_metadata",
];

/// A native layer entry's name and layer id; other entries are `None`.
fn native_layer(entry: &Value) -> Option<(&str, i64)> {
    if entry.get("sourceType").and_then(Value::as_str) != Some("NATIVE") {
        return None;
    }
    let name = entry.get("name").and_then(Value::as_str)?;
    let value = entry.get("value")?;
    let id = value
        .as_i64()
        .or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))?;
    Some((name, id))
}

fn epoch_millis(text: Option<&str>) -> Option<i64> {
    text.and_then(parse_annotation_time)
        .map(|time| time.and_utc().timestamp_millis())
}

fn record(annotation: AnnotationRecord) -> NativeAnnotationRecord {
    let fields = annotation.fields;
    NativeAnnotationRecord {
        start_dttm: epoch_millis(fields.start_dttm.as_deref()),
        end_dttm: epoch_millis(fields.end_dttm.as_deref()),
        short_descr: fields.short_descr,
        long_descr: fields.long_descr,
        json_metadata: fields.json_metadata,
    }
}

/// `annotation_data` for a query's `annotation_layers`. A layer that no longer exists answers
/// no records rather than failing the chart.
pub async fn native_annotation_data(
    app: &AppState,
    layers: &[Value],
) -> Result<Map<String, Value>, ApiError> {
    let mut data = Map::new();
    for (name, layer_id) in layers
        .iter()
        .filter(|entry| entry.get("show") != Some(&Value::Bool(false)))
        .filter_map(native_layer)
    {
        let records = match app.store.layer_annotations(layer_id).await {
            Ok(annotations) => annotations.into_iter().map(record).collect(),
            Err(StoreError::NotFound) => Vec::new(),
            Err(other) => return Err(other.into()),
        };
        let layer = NativeAnnotationData {
            columns: COLUMNS.iter().map(|column| (*column).to_owned()).collect(),
            records,
        };
        data.insert(
            name.to_owned(),
            serde_json::to_value(layer).map_err(ApiError::internal)?,
        );
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_native_entries_name_a_layer() {
        assert_eq!(
            native_layer(&json!({"name": "Releases", "sourceType": "NATIVE", "value": 3})),
            Some(("Releases", 3))
        );
        assert_eq!(
            native_layer(&json!({"name": "Releases", "sourceType": "NATIVE", "value": "4"})),
            Some(("Releases", 4))
        );
        assert_eq!(
            native_layer(
                &json!({"name": "Trend", "annotationType": "FORMULA", "sourceType": "", "value": "2*x"})
            ),
            None
        );
        assert_eq!(
            native_layer(&json!({"name": "Other chart", "sourceType": "line", "value": 7})),
            None
        );
    }

    #[test]
    fn record_times_are_epoch_milliseconds() {
        assert_eq!(epoch_millis(Some("2024-01-01T00:00:00")), Some(1_704_067_200_000));
        assert_eq!(epoch_millis(None), None);
    }
}
