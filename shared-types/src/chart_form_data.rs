//! Chart form data with every field of spec 000 §3, typed, under Superset's keys.
//!
//! [`FormData`] is the open document the core reads leniently; [`ChartFormData`] is its typed
//! view for the wire and for TypeScript: each spec field is named and typed, and every other key
//! (the viz type's own controls) is kept in `other`. Reading Superset's form data into it and
//! writing it back gives the same JSON:
//! - a field that is absent stays absent and a field that is `null` stays `null` (each field is
//!   a [`FormField`]);
//! - numbers that Superset's older versions store as text (`"row_limit": "1000"`) stay text
//!   ([`NumberOrText`]);
//! - nested documents that grow keys between Superset versions (adhoc filters, annotation layers,
//!   metrics, columns, `extra_form_data`) keep their JSON; TypeScript sees their models
//!   (`AdhocFilter`, `MetricRef`, ...).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::dashboard::SharedLabelColors;
use crate::form_data::FormData;

/// A number, or a number written as text by older Superset versions (`1000` or `"1000"`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum NumberOrText {
    Number(serde_json::Number),
    Text(String),
}

/// A spec field of the form data: absent, `null` (a cleared control), or a value. Written back
/// as read: an absent field stays absent, `null` stays `null`.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum FormField<T> {
    #[default]
    Absent,
    Null,
    Value(T),
}

impl<T> FormField<T> {
    pub fn is_absent(&self) -> bool {
        matches!(self, FormField::Absent)
    }

    /// The value, when the field holds one.
    pub fn value(&self) -> Option<&T> {
        match self {
            FormField::Value(value) => Some(value),
            FormField::Absent | FormField::Null => None,
        }
    }
}

impl<T: Serialize> Serialize for FormField<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            FormField::Value(value) => value.serialize(serializer),
            FormField::Absent | FormField::Null => serializer.serialize_none(),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for FormField<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Option::<T>::deserialize(deserializer)?;
        Ok(value.map_or(FormField::Null, FormField::Value))
    }
}

/// The state Explore carries between viz types (`standardizedFormData`): the standardized metrics
/// and columns, and the form data last used per viz type (`[viz_type, form data]` pairs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StandardizedFormData {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub standardized_state: Option<StandardizedState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, as = "Option<Vec<(String, BTreeMap<String, Value>)>>")]
    pub memorized_form_data: Option<Vec<Value>>,
    /// Keys of other Superset versions, written back unchanged.
    #[serde(flatten)]
    #[ts(skip)]
    pub other: Map<String, Value>,
}

/// The metrics and columns shared by every viz type (`standardizedState`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StandardizedState {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, as = "Option<Vec<crate::MetricRef>>")]
    pub metrics: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, as = "Option<Vec<crate::ColumnRef>>")]
    pub columns: Option<Vec<Value>>,
    /// Keys of other Superset versions, written back unchanged.
    #[serde(flatten)]
    #[ts(skip)]
    pub other: Map<String, Value>,
}

/// A chart's form data with every field of spec 000 §3 (Superset's `QueryFormData` keys).
///
/// Each field is absent, `null` or a value ([`FormField`]); the viz type's own controls are kept
/// in `other` and written back unchanged.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ChartFormData {
    /// `"{id}__{type}"`, for example `"3__table"`.
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub datasource: FormField<String>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub viz_type: FormField<String>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<f64>>")]
    pub slice_id: FormField<i64>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<NumberOrText>>")]
    pub cache_timeout: FormField<NumberOrText>,
    /// The Explore URL's own parameters, passed to the query (`url_params`).
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<BTreeMap<String, Value>>>")]
    pub url_params: FormField<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<f64>>")]
    pub dashboard_id: FormField<i64>,
    /// Legacy dashboard filters `{col, op, val}`.
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<Vec<crate::QueryObjectFilter>>>")]
    pub extra_filters: FormField<Vec<Value>>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<Vec<crate::AdhocFilter>>>")]
    pub adhoc_filters: FormField<Vec<Value>>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<Vec<crate::AnnotationLayerEntry>>>")]
    pub annotation_layers: FormField<Vec<Value>>,
    /// `"No filter"`, `"Last week"`, `"2020-01-01 : 2021-01-01"`, ...
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub time_range: FormField<String>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub since: FormField<String>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub until: FormField<String>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub granularity: FormField<String>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub granularity_sqla: FormField<String>,
    /// An ISO 8601 duration such as `"P1D"`.
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub time_grain_sqla: FormField<String>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<NumberOrText>>")]
    pub row_limit: FormField<NumberOrText>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<NumberOrText>>")]
    pub row_offset: FormField<NumberOrText>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<bool>>")]
    pub order_desc: FormField<bool>,
    /// The legacy series limit.
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<NumberOrText>>")]
    pub limit: FormField<NumberOrText>,
    /// The legacy series limit metric.
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<crate::MetricRef>>")]
    pub timeseries_limit_metric: FormField<Value>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<Vec<crate::ColumnRef>>>")]
    pub series_columns: FormField<Vec<Value>>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<NumberOrText>>")]
    pub series_limit: FormField<NumberOrText>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<crate::MetricRef>>")]
    pub series_limit_metric: FormField<Value>,
    /// What dashboard filters add to the chart's query (Superset's `ExtraFormData`).
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<crate::ExtraFormData>>")]
    pub extra_form_data: FormField<Value>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<BTreeMap<String, Value>>>")]
    pub custom_params: FormField<Map<String, Value>>,
    /// Label to colour, chosen on the chart or its dashboard.
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<BTreeMap<String, String>>>")]
    pub label_colors: FormField<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub color_namespace: FormField<String>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<BTreeMap<String, String>>>")]
    pub map_label_colors: FormField<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<SharedLabelColors>>")]
    pub shared_label_colors: FormField<SharedLabelColors>,
    #[serde(default, skip_serializing_if = "FormField::is_absent")]
    #[ts(optional, as = "Option<Option<String>>")]
    pub dashboard_color_scheme: FormField<String>,
    #[serde(
        default,
        rename = "standardizedFormData",
        skip_serializing_if = "FormField::is_absent"
    )]
    #[ts(
        optional,
        rename = "standardizedFormData",
        as = "Option<Option<StandardizedFormData>>"
    )]
    pub standardized_form_data: FormField<StandardizedFormData>,
    /// The viz type's own controls (`groupby`, `metrics`, `color_scheme`, ...), written back
    /// unchanged.
    #[serde(flatten)]
    #[ts(skip)]
    pub other: Map<String, Value>,
}

impl ChartFormData {
    /// The open document the core reads (the same keys and values).
    pub fn into_form_data(self) -> Result<FormData, serde_json::Error> {
        serde_json::to_value(self).and_then(serde_json::from_value)
    }

    /// The typed view of an open document; fails when a spec field has the wrong shape.
    pub fn from_form_data(form_data: &FormData) -> Result<ChartFormData, serde_json::Error> {
        serde_json::to_value(form_data).and_then(serde_json::from_value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn absent_null_and_text_numbers_are_written_back_as_read() {
        let stored = json!({
            "datasource": "3__table",
            "viz_type": "table",
            "row_limit": "1000",
            "series_limit": 5,
            "time_range": null,
            "groupby": ["gender"],
        });
        let typed: ChartFormData = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(
            typed.row_limit,
            FormField::Value(NumberOrText::Text("1000".to_owned()))
        );
        assert_eq!(typed.time_range, FormField::Null);
        assert_eq!(typed.since, FormField::Absent);
        assert_eq!(typed.other.get("groupby"), Some(&json!(["gender"])));
        assert_eq!(serde_json::to_value(&typed).unwrap(), stored);
    }

    #[test]
    fn every_spec_field_is_typed_and_none_lands_in_other() {
        let spec_fields = [
            "datasource",
            "viz_type",
            "slice_id",
            "cache_timeout",
            "url_params",
            "dashboard_id",
            "extra_filters",
            "adhoc_filters",
            "annotation_layers",
            "time_range",
            "since",
            "until",
            "granularity",
            "granularity_sqla",
            "time_grain_sqla",
            "row_limit",
            "row_offset",
            "order_desc",
            "limit",
            "timeseries_limit_metric",
            "series_columns",
            "series_limit",
            "series_limit_metric",
            "extra_form_data",
            "custom_params",
            "label_colors",
            "color_namespace",
            "map_label_colors",
            "shared_label_colors",
            "dashboard_color_scheme",
            "standardizedFormData",
        ];
        let every_field_null: Map<String, Value> = spec_fields
            .iter()
            .map(|field| ((*field).to_owned(), Value::Null))
            .collect();
        let typed: ChartFormData = serde_json::from_value(Value::Object(every_field_null.clone())).unwrap();
        assert!(typed.other.is_empty(), "not typed: {:?}", typed.other.keys());
        assert_eq!(
            serde_json::to_value(&typed).unwrap(),
            Value::Object(every_field_null)
        );
    }

    #[test]
    fn a_spec_field_of_the_wrong_shape_is_refused() {
        let refused = serde_json::from_value::<ChartFormData>(json!({"viz_type": 3})).unwrap_err();
        assert!(refused.to_string().contains("invalid type"), "{refused}");
        let refused = serde_json::from_value::<ChartFormData>(json!({"order_desc": "yes"})).unwrap_err();
        assert!(refused.to_string().contains("invalid type"), "{refused}");
    }

    #[test]
    fn the_open_document_and_the_typed_view_hold_the_same_keys() {
        let stored = json!({
            "datasource": "3__table",
            "viz_type": "pie",
            "slice_id": 27,
            "metric": "sum__num",
            "extra_form_data": {"custom_form_data": {"source": "cross-filter"}},
        });
        let form_data: FormData = serde_json::from_value(stored.clone()).unwrap();
        let typed = ChartFormData::from_form_data(&form_data).unwrap();
        assert_eq!(typed.slice_id, FormField::Value(27));
        assert_eq!(serde_json::to_value(&typed).unwrap(), stored);
        assert_eq!(typed.into_form_data().unwrap(), form_data);
    }
}
