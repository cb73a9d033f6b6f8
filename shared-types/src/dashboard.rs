//! Dashboards (spec 001 §3 and §7): the stored dashboard, its charts and datasets as the
//! dashboard page reads them, and the payloads of save, copy, filters, permalinks and favorites.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::common::UserRef;
use crate::dataset::Dataset;
use crate::form_data::FormData;
use crate::ids::{ChartId, DashboardId, RoleId};

/// A role a dashboard is shared with (role-based dashboard access).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoleRef {
    pub id: RoleId,
    pub name: String,
}

/// `GET /api/v1/dashboard/{id_or_slug}` (and each item of the list).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Dashboard {
    pub id: DashboardId,
    pub uuid: String,
    pub dashboard_title: String,
    pub slug: Option<String>,
    /// `/superset/dashboard/{slug or id}/`.
    pub url: String,
    pub css: Option<String>,
    /// The layout (components by id), a JSON string.
    pub position_json: Option<String>,
    /// The metadata (filters, colours, refresh, ...), a JSON string.
    pub json_metadata: Option<String>,
    pub published: bool,
    /// `published` or `draft`.
    pub status: String,
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
    pub external_url: Option<String>,
    pub owners: Vec<UserRef>,
    /// The roles the dashboard is shared with; present only when role-based access
    /// (`DASHBOARD_RBAC`) is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub roles: Option<Vec<RoleRef>>,
    /// The names of the dashboard's charts.
    pub charts: Vec<String>,
    pub changed_on: String,
    /// `5 minutes ago`.
    pub changed_on_delta_humanized: String,
    pub created_on_delta_humanized: String,
    pub changed_by: Option<UserRef>,
    pub created_by: Option<UserRef>,
}

/// One chart of `GET /api/v1/dashboard/{id_or_slug}/charts`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardChart {
    pub id: ChartId,
    pub slice_name: String,
    /// `/explore/?slice_id={id}`.
    pub slice_url: String,
    /// The chart's form data, with `slice_id`, `viz_type`, `datasource` and `dashboards`.
    pub form_data: FormData,
    pub viz_type: String,
    pub description: Option<String>,
    /// The description as HTML (escaped text in paragraphs).
    pub description_markeddown: String,
    pub owners: Vec<UserRef>,
    pub changed_on: String,
    /// `5 minutes ago`.
    pub modified: String,
    #[ts(type = "number | null")]
    pub cache_timeout: Option<i64>,
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
}

/// One dataset of `GET /api/v1/dashboard/{id_or_slug}/datasets`: the dataset plus the formats
/// its charts need.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardDataset {
    #[serde(flatten)]
    pub dataset: Dataset,
    /// `{id}__table`.
    pub uid: String,
    /// `table`.
    #[serde(rename = "type")]
    pub datasource_type: String,
    pub datasource_name: String,
    /// `schema.table_name`.
    pub name: String,
    /// Metric name to d3 format.
    pub column_formats: BTreeMap<String, String>,
    /// Metric name to currency (`{symbol, symbolPosition}`).
    #[ts(type = "Record<string, unknown>")]
    pub currency_formats: BTreeMap<String, Value>,
    /// Column and metric name to verbose name.
    pub verbose_map: BTreeMap<String, String>,
}

/// `POST /api/v1/dashboard/`: every field may be left out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DashboardPost {
    #[serde(default)]
    #[ts(optional)]
    pub dashboard_title: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub slug: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub owners: Option<Vec<i64>>,
    #[serde(default)]
    #[ts(optional, type = "Array<number>")]
    pub roles: Option<Vec<i64>>,
    #[serde(default)]
    #[ts(optional)]
    pub position_json: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub css: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub json_metadata: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub published: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub certified_by: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub certification_details: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub external_url: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub is_managed_externally: Option<bool>,
}

/// `PUT /api/v1/dashboard/{id}`: only the fields sent change. `published` alone toggles
/// publication; `json_metadata` may carry the layout as `positions`.
pub type DashboardPut = DashboardPost;

/// The answer of `PUT /api/v1/dashboard/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardSaved {
    #[ts(type = "number")]
    pub id: i64,
    /// Seconds since the epoch of the save.
    pub last_modified_time: f64,
    pub result: Dashboard,
}

/// `POST /api/v1/dashboard/{id}/copy/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DashboardCopy {
    pub dashboard_title: String,
    #[serde(default)]
    #[ts(optional)]
    pub css: Option<String>,
    /// Copy the charts too, instead of sharing them.
    #[serde(default)]
    #[ts(optional)]
    pub duplicate_slices: Option<bool>,
    /// The metadata of the copy; its `positions`, when present, is the copy's layout.
    pub json_metadata: String,
}

/// `result` of the copy answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardCopied {
    pub id: DashboardId,
    pub last_modified_time: f64,
}

/// `PUT /api/v1/dashboard/{id}/filters`: native filter changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct NativeFiltersChanges {
    /// New or changed filter configurations (each an object with an `id`).
    #[serde(default)]
    #[ts(optional, type = "Array<Record<string, unknown>>")]
    pub modified: Option<Vec<Value>>,
    /// Ids of removed filters.
    #[serde(default)]
    #[ts(optional)]
    pub deleted: Option<Vec<String>>,
    /// Every filter id in its new order.
    #[serde(default)]
    #[ts(optional)]
    pub reordered: Option<Vec<String>>,
}

/// `POST /api/v1/dashboard/{id}/permalink`: the state a permalink restores.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DashboardPermalinkState {
    #[serde(default, rename = "dataMask", skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, unknown>")]
    pub data_mask: Option<Value>,
    #[serde(default, rename = "activeTabs", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub active_tabs: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub anchor: Option<String>,
    /// `[[name, value], ...]`.
    #[serde(default, rename = "urlParams", skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Array<[string, string]>")]
    pub url_params: Option<Vec<(String, String)>>,
}

/// The answer of `POST /api/v1/dashboard/{id}/permalink`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PermalinkCreated {
    pub key: String,
    pub url: String,
}

/// `GET /api/v1/dashboard/permalink/{key}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardPermalinkValue {
    /// The dashboard's id as text (Superset's shape).
    #[serde(rename = "dashboardId")]
    pub dashboard_id: String,
    pub state: DashboardPermalinkState,
}

/// `shared_label_colors`: the labels several charts share (a list), or Superset's older map of
/// label to colour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum SharedLabelColors {
    Labels(Vec<String>),
    Colors(BTreeMap<String, String>),
}

/// `PUT /api/v1/dashboard/{id}/colors?mark_updated=false`: the colour keys of the metadata. Keys
/// left out keep their stored value; `color_namespace` and `color_scheme` may be cleared with
/// `null`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DashboardColors {
    #[serde(
        default,
        deserialize_with = "crate::sqllab_state::present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub color_namespace: Option<Option<String>>,
    #[serde(
        default,
        deserialize_with = "crate::sqllab_state::present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub color_scheme: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub color_scheme_domain: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub shared_label_colors: Option<SharedLabelColors>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub map_label_colors: Option<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label_colors: Option<BTreeMap<String, String>>,
}

/// `POST` / `PUT /api/v1/dashboard/{id}/filter_state[/{key}]` and the answer of its `GET`: the
/// filter state of a dashboard view (its data masks), a JSON string.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DashboardFilterState {
    pub value: String,
}

/// `POST /api/v1/dashboard/{id}/filter_state`: 201 with the key (`native_filters_key` of the URL).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardFilterStateKey {
    pub key: String,
}
