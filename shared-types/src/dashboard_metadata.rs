//! A dashboard's `json_metadata` (spec 001 §3 "Dashboard metadata"), typed. The dashboard
//! answers keep `json_metadata` a JSON string, as Superset does; the server reads it through
//! [`DashboardMetadata`] to check a save, and the browser reads it through the generated type.
//! Keys Quiver does not know are kept in `extra`, so nothing is lost on a round trip.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::common::CommonConf;
use crate::dashboard::SharedLabelColors;
use crate::ids::{ChartId, DashboardId};
use crate::native_filter::{ChartConfiguration, GlobalChartConfiguration, NativeFilter};

/// Where the native filter bar sits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[ts(export)]
pub enum FilterBarOrientation {
    #[default]
    Vertical,
    Horizontal,
}

/// A legacy filter's scope (`filter_scopes` values, Superset's `{scope, immune}`): the
/// components whose charts it filters, and the charts it never filters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LegacyFilterScope {
    #[serde(default)]
    pub scope: Vec<String>,
    #[serde(default)]
    pub immune: Vec<ChartId>,
}

/// `json_metadata`: every key optional. `color_scheme` and `color_namespace` may be stored as
/// `null`, which is kept.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardMetadata {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub native_filter_configuration: Option<Vec<NativeFilter>>,
    /// Each chart's cross-filter scope, by chart id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub chart_configuration: Option<BTreeMap<String, ChartConfiguration>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub global_chart_configuration: Option<GlobalChartConfiguration>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cross_filters_enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub filter_bar_orientation: Option<FilterBarOrientation>,
    #[serde(
        default,
        deserialize_with = "crate::sqllab_state::present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub color_scheme: Option<Option<String>>,
    #[serde(
        default,
        deserialize_with = "crate::sqllab_state::present",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string | null")]
    pub color_namespace: Option<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub color_scheme_domain: Option<Vec<String>>,
    /// Label to colour, set by the user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label_colors: Option<BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub shared_label_colors: Option<SharedLabelColors>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub map_label_colors: Option<BTreeMap<String, String>>,
    /// Chart id to whether its description is expanded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Record<string, boolean>")]
    pub expanded_slices: Option<Map<String, Value>>,
    /// Seconds between automatic refreshes; 0 is off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub refresh_frequency: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub stagger_refresh: Option<bool>,
    /// Milliseconds over which a refresh is staggered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub stagger_time: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub timed_refresh_immune_slices: Option<Vec<ChartId>>,
    /// Legacy filter values, a JSON string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default_filters: Option<String>,
    /// Legacy filter scopes: chart id, then column, to `{scope, immune}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub filter_scopes: Option<BTreeMap<String, BTreeMap<String, LegacyFilterScope>>>,
    /// Keys Quiver does not read, kept as they are.
    #[serde(flatten)]
    #[ts(skip)]
    pub extra: Map<String, Value>,
}

/// The dashboard as the dashboard page's filters see it (Superset's `dashboardInfo`): its id,
/// its parsed metadata and the server's `common.conf`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardInfo {
    pub id: DashboardId,
    pub metadata: DashboardMetadata,
    pub common: DashboardInfoCommon,
}

/// `common` of [`DashboardInfo`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DashboardInfoCommon {
    pub conf: CommonConf,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn unknown_keys_and_nulls_survive_a_round_trip() {
        let stored = json!({
            "native_filter_configuration": [{
                "id": "NATIVE_FILTER-a",
                "name": "State",
                "filterType": "filter_select",
                "type": "NATIVE_FILTER",
                "targets": [{"datasetId": 3, "column": {"name": "state"}}],
                "controlValues": {"enableEmptyFilter": true},
                "defaultDataMask": {"extraFormData": {}, "filterState": {}},
                "cascadeParentIds": [],
                "scope": {"rootPath": ["TAB-1"], "excluded": [7]},
                "chartsInScope": [5],
                "tabsInScope": ["TAB-1"],
                "sortMetric": "count",
                "requiredFirst": true
            }],
            "color_scheme": null,
            "refresh_frequency": 60,
            "filter_bar_orientation": "HORIZONTAL",
            "filter_scopes": {"12": {"state": {"scope": ["ROOT_ID"], "immune": [4]}}},
            "positions": {"ROOT_ID": {}},
            "some_plugin_key": [1, 2]
        });
        let metadata: DashboardMetadata = serde_json::from_value(stored.clone()).unwrap();
        let filters = metadata.native_filter_configuration.as_ref().unwrap();
        assert_eq!(filters[0].scope.root_path, vec!["TAB-1".to_owned()]);
        assert_eq!(filters[0].tabs_in_scope, Some(vec!["TAB-1".to_owned()]));
        assert_eq!(filters[0].sort_metric.as_deref(), Some("count"));
        assert_eq!(filters[0].extra.get("requiredFirst"), Some(&json!(true)));
        assert_eq!(metadata.color_scheme, Some(None));
        assert_eq!(
            metadata.filter_bar_orientation,
            Some(FilterBarOrientation::Horizontal)
        );
        assert_eq!(
            metadata.filter_scopes.as_ref().unwrap()["12"]["state"].immune,
            vec![ChartId(4)]
        );
        assert_eq!(metadata.extra.get("some_plugin_key"), Some(&json!([1, 2])));
        assert_eq!(serde_json::to_value(&metadata).unwrap(), stored);
    }

    #[test]
    fn wrong_types_are_refused() {
        let wrong = [
            json!({"refresh_frequency": "often"}),
            json!({"native_filter_configuration": [{"name": "no id"}]}),
            json!({"filter_bar_orientation": "DIAGONAL"}),
            json!({"filter_scopes": {"12": {"state": {"immune": ["x"]}}}}),
        ];
        for metadata in wrong {
            assert!(
                serde_json::from_value::<DashboardMetadata>(metadata.clone()).is_err(),
                "{metadata}"
            );
        }
    }
}
