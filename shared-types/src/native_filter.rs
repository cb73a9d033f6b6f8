//! Native filters and data masks (spec 001 §3 "Native filter"): a dashboard's filter
//! configuration as stored in `json_metadata.native_filter_configuration`, and the data mask a
//! filter or a cross-filter emits to the charts in its scope.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::form_data::AdhocFilter;
use crate::ids::{ChartId, DatasetId};
use crate::query::QueryObjectFilter;

/// What a filter adds to the queries of the charts in its scope (Superset's `ExtraFormData`):
/// `filters` and `adhoc_filters` are appended, the other keys override the chart's own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExtraFormData {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub filters: Vec<QueryObjectFilter>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adhoc_filters: Vec<AdhocFilter>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time_range: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub granularity_sqla: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time_grain_sqla: Option<String>,
    /// Appended as the query object's `custom_form_data` (Superset's append key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, unknown>")]
    pub custom_form_data: Option<Map<String, Value>>,
}

impl ExtraFormData {
    /// True when it changes no query.
    pub fn is_empty(&self) -> bool {
        self == &ExtraFormData::default()
    }
}

/// What a filter shows: its value and, for cross-filters, the label of the selection.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FilterState {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub value: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label: Option<String>,
}

/// A filter's or a chart's data mask: the query change and the shown state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DataMask {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    #[serde(default)]
    pub extra_form_data: ExtraFormData,
    #[serde(default)]
    pub filter_state: FilterState,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, unknown>")]
    pub own_state: Option<Map<String, Value>>,
}

/// `NATIVE_FILTER` or `DIVIDER`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[ts(export)]
pub enum NativeFilterKind {
    #[default]
    NativeFilter,
    Divider,
}

/// The column a filter targets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NativeFilterColumn {
    pub name: String,
}

/// The dataset and column a filter reads its values from and filters on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NativeFilterTarget {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub dataset_id: Option<DatasetId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub column: Option<NativeFilterColumn>,
}

/// The charts a filter applies to: every chart under one of `rootPath`'s components, except
/// `excluded`. Also read in the legacy shape `{scope, immune}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NativeFilterScope {
    #[serde(default = "default_root_path", alias = "scope")]
    pub root_path: Vec<String>,
    #[serde(default, alias = "immune")]
    pub excluded: Vec<ChartId>,
}

impl Default for NativeFilterScope {
    fn default() -> Self {
        NativeFilterScope {
            root_path: default_root_path(),
            excluded: Vec::new(),
        }
    }
}

fn default_root_path() -> Vec<String> {
    vec!["ROOT_ID".to_owned()]
}

/// One item of `native_filter_configuration`: a filter (`NATIVE_FILTER-...`) or a divider
/// (`NATIVE_FILTER_DIVIDER-...`). Keys Quiver does not read are kept in `extra`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NativeFilter {
    pub id: String,
    #[serde(default)]
    pub name: String,
    /// `filter_select`, `filter_range`, `filter_time`, `filter_timecolumn`, `filter_timegrain`.
    #[serde(default)]
    pub filter_type: String,
    #[serde(default, rename = "type")]
    pub kind: NativeFilterKind,
    #[serde(default)]
    pub targets: Vec<NativeFilterTarget>,
    /// `enableEmptyFilter` (value required), `defaultToFirstItem`, `multiSelect`,
    /// `inverseSelection`, `searchAllOptions`.
    #[serde(default)]
    #[ts(type = "Record<string, unknown>")]
    pub control_values: Map<String, Value>,
    #[serde(default)]
    pub default_data_mask: DataMask,
    #[serde(default)]
    pub cascade_parent_ids: Vec<String>,
    /// Also read as `scopes`.
    #[serde(default, alias = "scopes")]
    pub scope: NativeFilterScope,
    /// The metric a select filter's values are sorted by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sort_metric: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// Filters on the values a filter offers.
    #[serde(default, rename = "adhoc_filters", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub adhoc_filters: Option<Vec<AdhocFilter>>,
    /// The time range of the values a filter offers.
    #[serde(default, rename = "time_range", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time_range: Option<String>,
    #[serde(default, rename = "granularity_sqla", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub granularity_sqla: Option<String>,
    /// A divider's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub charts_in_scope: Option<Vec<ChartId>>,
    /// Runtime: the tabs holding a chart in scope (each `TAB-` ancestor of those charts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tabs_in_scope: Option<Vec<String>>,
    #[serde(flatten)]
    #[ts(skip)]
    pub extra: Map<String, Value>,
}

/// `"global"`: a chart's cross-filters follow the dashboard's global scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum GlobalScopePointer {
    #[serde(rename = "global")]
    Global,
}

/// The scope of one chart's cross-filters: the global one, or its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum CrossFilterScope {
    Global(GlobalScopePointer),
    Custom(NativeFilterScope),
}

/// `crossFilters` of a `chart_configuration` entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChartCrossFilters {
    pub scope: CrossFilterScope,
    /// The charts the scope holds, without the emitting chart.
    #[serde(default)]
    pub charts_in_scope: Vec<ChartId>,
}

/// One value of `json_metadata.chart_configuration`, by chart id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChartConfiguration {
    pub id: ChartId,
    pub cross_filters: ChartCrossFilters,
}

/// `json_metadata.global_chart_configuration`: the scope of cross-filters of the charts without
/// their own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct GlobalChartConfiguration {
    #[serde(default)]
    pub scope: NativeFilterScope,
    #[serde(default)]
    pub charts_in_scope: Vec<ChartId>,
}

/// `GET /api/v1/datasource/{type}/{id}/column/{column}/values/`: the column's distinct values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ColumnValues {
    #[ts(type = "Array<unknown>")]
    pub result: Vec<Value>,
}
