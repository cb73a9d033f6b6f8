//! The `annotation_data` of chart-data answers: the records of the query's `NATIVE` annotation
//! layers, under each layer entry's name, as Superset's `get_native_annotation_data` sends them,
//! and the rows of the layers drawn from other charts (`sourceType` `table` or `line`) as
//! `{"columns": [...], "records": [...]}`, as its `get_viz_annotation_data` does (plus the
//! columns in the rows' order, which a time series layer reads). Formula layers are drawn by the
//! browser.

use quiver_types::{NativeAnnotationData, NativeAnnotationRecord, ResultFormat, ResultType};
use serde_json::{Map, Value};

use super::{authorized_dataset, json_body, run_query_context, saved_query_context};
use crate::api::annotation::parse_annotation_time;
use crate::auth::AuthUser;
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
    layer_name_and_id(entry)
}

/// The source types of layers drawn from another chart's rows: Superset's "Table" source (events
/// and intervals) and "Line" source (time series).
const CHART_SOURCE_TYPES: [&str; 2] = ["table", "line"];

/// A shown layer entry drawn from another chart: its name and the chart's id.
fn chart_layer(entry: &Value) -> Option<(&str, i64)> {
    let source = entry.get("sourceType").and_then(Value::as_str)?;
    if !CHART_SOURCE_TYPES.contains(&source) || entry.get("show") == Some(&Value::Bool(false)) {
        return None;
    }
    layer_name_and_id(entry)
}

/// An entry's `name` and its numeric `value` (a layer or chart id, maybe as text).
fn layer_name_and_id(entry: &Value) -> Option<(&str, i64)> {
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

/// `annotation_data` of the layers drawn from other charts, for `user`: each source chart's saved
/// query context, with the layer's `time_range` and `time_grain_sqla` overrides, run on its own
/// dataset (which the user must be allowed), its first query's rows as
/// `{"columns": [...], "records": [...]}`.
pub async fn chart_annotation_data(
    app: &AppState,
    user: &AuthUser,
    layers: &[Value],
    force: bool,
) -> Result<Map<String, Value>, ApiError> {
    let mut data = Map::new();
    for entry in layers {
        let Some((name, chart_id)) = chart_layer(entry) else {
            continue;
        };
        let chart = match app.store.chart(chart_id).await {
            Ok(chart) => chart,
            Err(StoreError::NotFound) => {
                return Err(ApiError::bad_request(format!(
                    "Chart with ID {chart_id} (referenced by annotation layer '{name}') was not found."
                )))
            }
            Err(other) => return Err(other.into()),
        };
        let mut context = saved_query_context(&chart)?;
        let overrides = entry.get("overrides").and_then(Value::as_object);
        let time_range = overrides
            .and_then(|fields| fields.get("time_range"))
            .and_then(Value::as_str);
        let time_grain = overrides
            .and_then(|fields| fields.get("time_grain_sqla"))
            .and_then(Value::as_str);
        for query in &mut context.queries {
            if let Some(time_range) = time_range {
                query.time_range = Some(time_range.to_owned());
            }
            if let Some(time_grain) = time_grain {
                query.extras.time_grain_sqla = Some(time_grain.to_owned());
            }
            // The source chart's own layers are not drawn on this chart.
            query.annotation_layers.clear();
        }
        context.queries.truncate(1);
        context.force = force;
        context.result_format = ResultFormat::Json;
        context.result_type = ResultType::Full;
        let dataset = authorized_dataset(app, user, &context).await?;
        let results = run_query_context(app, &dataset, &context).await?;
        // The row's column order is lost in a JSON object's keys; a time series layer draws its
        // first column as x and its second as y, so the answer names them in order.
        let columns: Vec<Value> = results
            .first()
            .map(|result| result.meta.colnames.iter().cloned().map(Value::String).collect())
            .unwrap_or_default();
        let body = json_body(&results).map_err(ApiError::internal)?;
        let mut answer: Value = serde_json::from_slice(&body).map_err(ApiError::internal)?;
        let records = answer
            .get_mut("result")
            .and_then(|results| results.get_mut(0))
            .and_then(|result| result.get_mut("data"))
            .map_or_else(|| Value::Array(Vec::new()), Value::take);
        let mut layer = Map::new();
        layer.insert("columns".to_owned(), Value::Array(columns));
        layer.insert("records".to_owned(), records);
        data.insert(name.to_owned(), Value::Object(layer));
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
