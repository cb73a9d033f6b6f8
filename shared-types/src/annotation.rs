//! Annotation layers and their annotations (`/api/v1/annotation_layer/`), the records native
//! annotation layers add to chart data (`annotation_data`), and the `annotation_layers` form-data
//! entries Explore's "Annotations and layers" section edits (spec 000 §1, §5, §7).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::common::UserRef;

/// One row of `GET /api/v1/annotation_layer/?q=` and the result of
/// `GET /api/v1/annotation_layer/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AnnotationLayerItem {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub descr: Option<String>,
    /// ISO date-times.
    pub created_on: String,
    pub changed_on: String,
    pub changed_on_delta_humanized: String,
    pub created_by: Option<UserRef>,
    pub changed_by: Option<UserRef>,
}

/// `POST /api/v1/annotation_layer/` and `PUT /api/v1/annotation_layer/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AnnotationLayerPayload {
    #[ts(optional)]
    pub name: Option<String>,
    #[ts(optional)]
    pub descr: Option<String>,
}

/// The layer an annotation belongs to, as Superset's annotation answers nest it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AnnotationLayerRef {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
}

/// One row of `GET /api/v1/annotation_layer/{id}/annotation/?q=` and the result of
/// `GET /api/v1/annotation_layer/{id}/annotation/{annotation_id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AnnotationItem {
    #[ts(type = "number")]
    pub id: i64,
    pub short_descr: Option<String>,
    pub long_descr: Option<String>,
    /// ISO date-times (`2024-01-31T00:00:00`); the end is never before the start.
    pub start_dttm: Option<String>,
    pub end_dttm: Option<String>,
    /// A JSON object as text, as Superset keeps it.
    pub json_metadata: Option<String>,
    pub changed_on_delta_humanized: String,
    pub created_by: Option<UserRef>,
    pub changed_by: Option<UserRef>,
    pub layer: AnnotationLayerRef,
}

/// `POST /api/v1/annotation_layer/{id}/annotation/` and `PUT .../annotation/{annotation_id}`.
/// On create, `short_descr`, `start_dttm` and `end_dttm` are required.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AnnotationPayload {
    #[ts(optional)]
    pub short_descr: Option<String>,
    #[ts(optional)]
    pub long_descr: Option<String>,
    #[ts(optional)]
    pub start_dttm: Option<String>,
    #[ts(optional)]
    pub end_dttm: Option<String>,
    #[ts(optional)]
    pub json_metadata: Option<String>,
}

/// What a `NATIVE` annotation layer adds to a chart-data answer, under
/// `annotation_data[layer name]`: Superset's `{"columns": [...], "records": [...]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NativeAnnotationData {
    /// Always `start_dttm, end_dttm, short_descr, long_descr, json_metadata`.
    pub columns: Vec<String>,
    pub records: Vec<NativeAnnotationRecord>,
}

/// One annotation of a native layer in chart data. Times are epoch milliseconds, as Superset's
/// JSON encoder sends date-times in chart data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NativeAnnotationRecord {
    #[ts(type = "number | null")]
    pub start_dttm: Option<i64>,
    #[ts(type = "number | null")]
    pub end_dttm: Option<i64>,
    pub short_descr: Option<String>,
    pub long_descr: Option<String>,
    pub json_metadata: Option<String>,
}

/// One entry of the form data's `annotation_layers` (Superset's annotation layer control).
/// `sourceType` is `""` for formulas (`annotationType: "FORMULA"`), `NATIVE` for annotation
/// layers (`value` is the layer id), or `table`/`line` for other charts (`value` is the chart id).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "camelCase")]
pub struct AnnotationLayerEntry {
    pub name: String,
    /// `FORMULA`, `EVENT`, `INTERVAL` or `TIME_SERIES`.
    pub annotation_type: String,
    #[ts(optional)]
    pub source_type: Option<String>,
    /// The formula text (`2 * x + 1`), a layer id or a chart id.
    #[ts(type = "string | number")]
    pub value: Value,
    pub show: bool,
    #[ts(optional)]
    pub show_label: Option<bool>,
    #[ts(optional)]
    pub show_markers: Option<bool>,
    #[ts(optional)]
    pub hide_line: Option<bool>,
    /// `null` picks the next colour of the scheme.
    #[ts(optional, type = "string | null")]
    pub color: Option<String>,
    #[ts(optional)]
    pub opacity: Option<String>,
    /// `solid`, `dashed`, `longDashed` or `dotted`.
    #[ts(optional)]
    pub style: Option<String>,
    #[ts(optional)]
    pub width: Option<f64>,
    /// Which fields of the source map to title, description and times (chart sources).
    #[ts(optional)]
    pub title_column: Option<String>,
    #[ts(optional)]
    pub description_columns: Option<Vec<String>>,
    #[ts(optional)]
    pub time_column: Option<String>,
    #[ts(optional)]
    pub interval_end_column: Option<String>,
    /// Form-data overrides for chart sources (`time_range`, `granularity`, ...).
    #[ts(optional, type = "Record<string, unknown>")]
    pub overrides: Option<Value>,
}
