//! Native filters and cross-filters (spec 001 §3 and §4): which charts a filter's scope holds,
//! the data mask a filter value emits, and how the masks of a chart merge into the
//! `extra_form_data` its query applies (see `query_object::common_query`).
//!
//! | filter | value | `extraFormData` |
//! | --- | --- | --- |
//! | select | `["CA", "NY"]` | `filters: [{col, op: "IN", val: ["CA", "NY"]}]` (`NOT IN` when inverse) |
//! | select, value required | nothing chosen | `adhoc_filters: [1 = 0]` (no rows until a value is chosen) |
//! | range | `[10, 20]` | `filters: [{col, op: ">=", val: 10}, {col, op: "<=", val: 20}]` |
//! | time range, time column, time grain | `Last week`, `ds`, `P1M` | see [`time_filter`] |
//!
//! Cascading filters (a child's values under its parents' masks) are in [`cascade`], the query of
//! a select filter's values in [`options_query`].

pub mod cascade;
pub mod options_query;
pub mod time_filter;

use std::collections::BTreeSet;

use quiver_types::{
    AdhocFilter, ColumnRef, ExpressionType, ExtraFormData, FilterClause, FilterOperator, NativeFilterScope,
    QueryObjectFilter,
};
use serde_json::Value;

use crate::form_data::validate::MINIMUM_NOT_BELOW_MAXIMUM;
use crate::layout::{ComponentType, DashboardLayout};

/// A filter value the filter cannot apply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NativeFilterError {
    /// A range whose minimum is not below its maximum.
    #[error("{}", MINIMUM_NOT_BELOW_MAXIMUM)]
    RangeMinNotLessThanMax,
    /// A time filter value given for a filter type that is not a time filter.
    #[error("Not a time filter: {filter_type}")]
    NotATimeFilter { filter_type: String },
}

impl NativeFilterError {
    /// The stable name JavaScript sees as `Error.name`.
    pub fn name(&self) -> &'static str {
        match self {
            NativeFilterError::RangeMinNotLessThanMax => "RangeMinNotLessThanMax",
            NativeFilterError::NotATimeFilter { .. } => "NotATimeFilter",
        }
    }
}

/// The charts of `chart_ids` a scope holds (Superset's `getChartIdsInFilterScope`): charts of the
/// layout with one of `rootPath`'s components among their ancestors, minus `excluded`.
///
/// Example: root > grid > [tab A > chart 1, tab B > chart 2]; rootPath `["TAB-A"]` holds chart 1.
pub fn charts_in_scope(layout: &DashboardLayout, scope: &NativeFilterScope, chart_ids: &[i64]) -> Vec<i64> {
    let mut layout = layout.clone();
    layout.update_parents();
    let mut in_scope = BTreeSet::new();
    for component in layout.components.values() {
        let Some(chart_id) = component.meta.chart_id else {
            continue;
        };
        let is_chart = component.component_type == ComponentType::Chart;
        let parents = component.parents.as_deref().unwrap_or_default();
        let is_under_root_path = scope.root_path.iter().any(|root| parents.contains(root));
        if is_chart && is_under_root_path {
            in_scope.insert(chart_id);
        }
    }
    let excluded: BTreeSet<i64> = scope.excluded.iter().map(|chart| chart.0).collect();
    chart_ids
        .iter()
        .copied()
        .filter(|chart_id| in_scope.contains(chart_id) && !excluded.contains(chart_id))
        .collect()
}

/// The tabs holding one of `charts_in_scope` (Superset's `findTabsWithChartsInScope`): every
/// `TAB` ancestor of those charts, once each, in the charts' order and from the root down.
///
/// Example: root > tabs > [tab A > tabs > [tab A1 > chart 1], tab B > chart 2]; charts `[1]`
/// give `["TAB-A", "TAB-A1"]`.
pub fn tabs_in_scope(layout: &DashboardLayout, charts_in_scope: &[i64]) -> Vec<String> {
    let mut layout = layout.clone();
    layout.update_parents();
    let mut tabs: Vec<String> = Vec::new();
    for chart_id in charts_in_scope {
        let chart = layout.components.values().find(|component| {
            component.component_type == ComponentType::Chart && component.meta.chart_id == Some(*chart_id)
        });
        let parents = chart
            .and_then(|chart| chart.parents.as_deref())
            .unwrap_or_default();
        for parent in parents {
            let is_tab = layout
                .components
                .get(parent)
                .is_some_and(|component| component.component_type == ComponentType::Tab);
            if is_tab && !tabs.contains(parent) {
                tabs.push(parent.clone());
            }
        }
    }
    tabs
}

/// A filter's runtime fields over a layout: the charts its scope holds and their tabs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FilterScopeRuntime {
    pub charts_in_scope: Vec<i64>,
    pub tabs_in_scope: Vec<String>,
}

/// `chartsInScope` and `tabsInScope` of a scope (`rootPath` minus `excluded`) over a layout.
pub fn filter_scope_runtime(
    layout: &DashboardLayout,
    scope: &NativeFilterScope,
    chart_ids: &[i64],
) -> FilterScopeRuntime {
    let charts = charts_in_scope(layout, scope, chart_ids);
    let tabs = tabs_in_scope(layout, &charts);
    FilterScopeRuntime {
        charts_in_scope: charts,
        tabs_in_scope: tabs,
    }
}

/// The `extraFormData` of a select filter (Superset's `getSelectExtraFormData`). A required
/// filter without a value shows no rows.
pub fn select_extra_form_data(
    column: &str,
    values: &[Value],
    is_inverse_selection: bool,
    is_value_required: bool,
) -> ExtraFormData {
    if values.is_empty() {
        if !is_value_required || is_inverse_selection {
            return ExtraFormData::default();
        }
        return ExtraFormData {
            adhoc_filters: vec![no_rows_filter()],
            ..ExtraFormData::default()
        };
    }
    let op = if is_inverse_selection {
        FilterOperator::NotIn
    } else {
        FilterOperator::In
    };
    ExtraFormData {
        filters: vec![column_filter(column, op, Value::Array(values.to_vec()))],
        ..ExtraFormData::default()
    }
}

/// `1 = 0`: the WHERE clause of a required filter that has no value yet.
fn no_rows_filter() -> AdhocFilter {
    AdhocFilter {
        expression_type: ExpressionType::Sql,
        clause: FilterClause::Where,
        subject: None,
        operator: None,
        comparator: None,
        sql_expression: Some("1 = 0".to_owned()),
        filter_option_name: None,
        is_extra: None,
    }
}

/// The `extraFormData` of a numerical range filter (Superset's `getRangeExtraFormData`); a
/// missing end leaves that side open. The minimum must be strictly less than the maximum.
pub fn range_extra_form_data(
    column: &str,
    min: Option<f64>,
    max: Option<f64>,
) -> Result<ExtraFormData, NativeFilterError> {
    if let (Some(min), Some(max)) = (min, max) {
        if min >= max {
            return Err(NativeFilterError::RangeMinNotLessThanMax);
        }
    }
    let mut filters = Vec::new();
    if let Some(min) = min {
        filters.push(column_filter(
            column,
            FilterOperator::GreaterThanOrEquals,
            Value::from(min),
        ));
    }
    if let Some(max) = max {
        filters.push(column_filter(
            column,
            FilterOperator::LessThanOrEquals,
            Value::from(max),
        ));
    }
    Ok(ExtraFormData {
        filters,
        ..ExtraFormData::default()
    })
}

fn column_filter(column: &str, op: FilterOperator, val: Value) -> QueryObjectFilter {
    QueryObjectFilter {
        col: ColumnRef::Physical(column.to_owned()),
        op,
        val: Some(val),
        grain: None,
        is_extra: None,
    }
}

/// The `extraFormData` of several masks for one chart (Superset's `mergeExtraFormData`):
/// filters, adhoc filters and `custom_form_data` add up; for the other keys the last mask that
/// sets one wins.
pub fn merge_extra_form_data<'a>(masks: impl IntoIterator<Item = &'a ExtraFormData>) -> ExtraFormData {
    let mut merged = ExtraFormData::default();
    for mask in masks {
        merged.filters.extend(mask.filters.iter().cloned());
        merged.adhoc_filters.extend(mask.adhoc_filters.iter().cloned());
        if mask.time_range.is_some() {
            merged.time_range.clone_from(&mask.time_range);
        }
        if mask.granularity_sqla.is_some() {
            merged.granularity_sqla.clone_from(&mask.granularity_sqla);
        }
        if mask.time_grain_sqla.is_some() {
            merged.time_grain_sqla.clone_from(&mask.time_grain_sqla);
        }
        if let Some(custom) = &mask.custom_form_data {
            // An append key: the masks' objects are merged, a later key wins.
            merged
                .custom_form_data
                .get_or_insert_with(Default::default)
                .extend(custom.iter().map(|(key, value)| (key.clone(), value.clone())));
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use quiver_types::ChartId;
    use serde_json::json;

    use super::*;

    fn tabbed_layout() -> DashboardLayout {
        serde_json::from_value(json!({
            "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["TABS-1"]},
            "TABS-1": {"type": "TABS", "id": "TABS-1", "children": ["TAB-A", "TAB-B"]},
            "TAB-A": {"type": "TAB", "id": "TAB-A", "children": ["ROW-1"]},
            "TAB-B": {"type": "TAB", "id": "TAB-B", "children": ["CHART-3"]},
            "ROW-1": {"type": "ROW", "id": "ROW-1", "children": ["CHART-1", "CHART-2"]},
            "CHART-1": {"type": "CHART", "id": "CHART-1", "meta": {"chartId": 1}},
            "CHART-2": {"type": "CHART", "id": "CHART-2", "meta": {"chartId": 2}},
            "CHART-3": {"type": "CHART", "id": "CHART-3", "meta": {"chartId": 3}}
        }))
        .unwrap()
    }

    fn scope(root_path: &[&str], excluded: &[i64]) -> NativeFilterScope {
        NativeFilterScope {
            root_path: root_path.iter().map(|id| (*id).to_owned()).collect(),
            excluded: excluded.iter().copied().map(ChartId).collect(),
        }
    }

    #[test]
    fn a_scope_holds_the_charts_under_its_root_path_except_the_excluded() {
        let layout = tabbed_layout();
        let all = [1, 2, 3, 4];
        assert_eq!(
            charts_in_scope(&layout, &scope(&["ROOT_ID"], &[]), &all),
            vec![1, 2, 3]
        );
        assert_eq!(
            charts_in_scope(&layout, &scope(&["ROOT_ID"], &[2]), &all),
            vec![1, 3]
        );
        assert_eq!(
            charts_in_scope(&layout, &scope(&["TAB-A"], &[]), &all),
            vec![1, 2]
        );
        assert_eq!(charts_in_scope(&layout, &scope(&["TAB-B"], &[]), &all), vec![3]);
        assert_eq!(
            charts_in_scope(&layout, &scope(&[], &[]), &all),
            Vec::<i64>::new()
        );
    }

    /// root > tabs > [tab A > [row > chart 1, tabs > [tab A1 > chart 2, tab A2 > chart 3]],
    /// tab B > chart 4]; chart 5 sits in the grid outside the tabs.
    fn nested_tabs_layout() -> DashboardLayout {
        serde_json::from_value(json!({
            "ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": ["GRID_ID", "TABS-1"]},
            "GRID_ID": {"type": "GRID", "id": "GRID_ID", "children": ["CHART-5"]},
            "TABS-1": {"type": "TABS", "id": "TABS-1", "children": ["TAB-A", "TAB-B"]},
            "TAB-A": {"type": "TAB", "id": "TAB-A", "children": ["ROW-1", "TABS-2"]},
            "ROW-1": {"type": "ROW", "id": "ROW-1", "children": ["CHART-1"]},
            "TABS-2": {"type": "TABS", "id": "TABS-2", "children": ["TAB-A1", "TAB-A2"]},
            "TAB-A1": {"type": "TAB", "id": "TAB-A1", "children": ["CHART-2"]},
            "TAB-A2": {"type": "TAB", "id": "TAB-A2", "children": ["CHART-3"]},
            "TAB-B": {"type": "TAB", "id": "TAB-B", "children": ["CHART-4"]},
            "CHART-1": {"type": "CHART", "id": "CHART-1", "meta": {"chartId": 1}},
            "CHART-2": {"type": "CHART", "id": "CHART-2", "meta": {"chartId": 2}},
            "CHART-3": {"type": "CHART", "id": "CHART-3", "meta": {"chartId": 3}},
            "CHART-4": {"type": "CHART", "id": "CHART-4", "meta": {"chartId": 4}},
            "CHART-5": {"type": "CHART", "id": "CHART-5", "meta": {"chartId": 5}}
        }))
        .unwrap()
    }

    #[test]
    fn nested_tabs_in_scope_follow_root_path_and_excluded() {
        let layout = nested_tabs_layout();
        let all = [1, 2, 3, 4, 5];
        let whole = filter_scope_runtime(&layout, &scope(&["ROOT_ID"], &[]), &all);
        assert_eq!(whole.charts_in_scope, vec![1, 2, 3, 4, 5]);
        assert_eq!(whole.tabs_in_scope, vec!["TAB-A", "TAB-A1", "TAB-A2", "TAB-B"]);
        let inner = filter_scope_runtime(&layout, &scope(&["TAB-A1"], &[]), &all);
        assert_eq!(inner.charts_in_scope, vec![2]);
        assert_eq!(inner.tabs_in_scope, vec!["TAB-A", "TAB-A1"]);
        let tab_a_without_2 = filter_scope_runtime(&layout, &scope(&["TAB-A"], &[2]), &all);
        assert_eq!(tab_a_without_2.charts_in_scope, vec![1, 3]);
        assert_eq!(tab_a_without_2.tabs_in_scope, vec!["TAB-A", "TAB-A2"]);
        let grid_and_b = filter_scope_runtime(&layout, &scope(&["GRID_ID", "TAB-B"], &[]), &all);
        assert_eq!(grid_and_b.charts_in_scope, vec![4, 5]);
        assert_eq!(grid_and_b.tabs_in_scope, vec!["TAB-B"]);
        assert_eq!(tabs_in_scope(&layout, &[5]), Vec::<String>::new());
        assert_eq!(tabs_in_scope(&layout, &[99]), Vec::<String>::new());
        assert_eq!(
            serde_json::to_value(&grid_and_b).unwrap(),
            json!({"chartsInScope": [4, 5], "tabsInScope": ["TAB-B"]})
        );
    }

    #[test]
    fn a_legacy_scope_reads_scope_and_immune() {
        let legacy: NativeFilterScope =
            serde_json::from_value(json!({"scope": ["TAB-A"], "immune": [3]})).unwrap();
        assert_eq!(legacy, scope(&["TAB-A"], &[3]));
        assert_eq!(
            charts_in_scope(&nested_tabs_layout(), &legacy, &[1, 2, 3, 4]),
            vec![1, 2]
        );
    }

    #[test]
    fn select_values_become_an_in_filter() {
        let extra = select_extra_form_data("state", &[json!("CA"), json!("NY")], false, false);
        assert_eq!(
            serde_json::to_value(&extra).unwrap(),
            json!({"filters": [{"col": "state", "op": "IN", "val": ["CA", "NY"]}]})
        );
        let inverse = select_extra_form_data("state", &[json!("CA")], true, false);
        assert_eq!(inverse.filters[0].op, FilterOperator::NotIn);
        assert!(select_extra_form_data("state", &[], false, false).is_empty());
        let required = select_extra_form_data("state", &[], false, true);
        assert_eq!(required.adhoc_filters[0].sql_expression.as_deref(), Some("1 = 0"));
    }

    #[test]
    fn a_range_needs_its_minimum_below_its_maximum() {
        let extra = range_extra_form_data("num", Some(10.0), Some(20.0)).unwrap();
        assert_eq!(
            serde_json::to_value(&extra).unwrap(),
            json!({"filters": [
                {"col": "num", "op": ">=", "val": 10.0},
                {"col": "num", "op": "<=", "val": 20.0},
            ]})
        );
        let open_ended = range_extra_form_data("num", None, Some(5.0)).unwrap();
        assert_eq!(open_ended.filters.len(), 1);
        let error = range_extra_form_data("num", Some(20.0), Some(20.0)).unwrap_err();
        assert_eq!(error.to_string(), "Minimum must be strictly less than maximum");
    }

    #[test]
    fn masks_merge_filters_and_the_last_override_wins() {
        let state = select_extra_form_data("state", &[json!("CA")], false, false);
        let range = ExtraFormData {
            time_range: Some("Last week".to_owned()),
            ..range_extra_form_data("num", Some(1.0), None).unwrap()
        };
        let later = ExtraFormData {
            time_range: Some("Last year".to_owned()),
            ..ExtraFormData::default()
        };
        let merged = merge_extra_form_data([&state, &range, &later]);
        assert_eq!(merged.filters.len(), 2);
        assert_eq!(merged.time_range.as_deref(), Some("Last year"));
    }

    #[test]
    fn a_data_mask_carries_extra_form_data_filter_state_and_own_state() {
        let stored = json!({
            "id": "NATIVE_FILTER-1",
            "extraFormData": {"filters": [{"col": "state", "op": "IN", "val": ["CA"]}]},
            "filterState": {"value": ["CA"], "label": "CA"},
            "ownState": {"currentPage": 2, "pageSize": 20},
        });
        let mask: quiver_types::DataMask = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(
            mask.extra_form_data,
            select_extra_form_data("state", &[json!("CA")], false, false)
        );
        assert_eq!(mask.filter_state.value, Some(json!(["CA"])));
        assert_eq!(mask.filter_state.label.as_deref(), Some("CA"));
        assert_eq!(
            mask.own_state
                .as_ref()
                .and_then(|own_state| own_state.get("pageSize")),
            Some(&json!(20))
        );
        assert_eq!(serde_json::to_value(&mask).unwrap(), stored);
        let without_state: quiver_types::DataMask = serde_json::from_value(json!({})).unwrap();
        assert!(without_state.extra_form_data.is_empty());
        assert_eq!(without_state.own_state, None);
    }
}
