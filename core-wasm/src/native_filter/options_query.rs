//! The query of the values a select filter offers (Superset's `filter_select` `buildQuery`):
//! the distinct values of its column, sorted, under the masks of its parent filters.
//!
//! Example: dataset 3, column `name`, parents `{filters: [{col: "state", op: "IN", val: ["CA"]}]}`
//! give one query `{columns: ["name"], metrics: [], filters: [state IN CA], orderby: [["name",
//! true]], row_limit: 10000}` against `{id: 3, type: "table"}`.
//!
//! | `sortAscending` | `sortMetric` | `metrics` | `orderby` |
//! | --- | --- | --- | --- |
//! | absent or true | absent | `[]` | `[[column, true]]` |
//! | false | absent | `[]` | `[[column, false]]` |
//! | true or false | `count` | `["count"]` | `[["count", sortAscending]]` |
//!
//! A search (a filter with `searchAllOptions`) adds `{col, op: "ILIKE", val: "%text%"}`.

use quiver_types::{
    ColumnRef, ExtraFormData, FilterOperator, FormData, MetricRef, OrderByTerm, QueryContext,
    QueryObjectFilter,
};
use serde_json::json;

use crate::error::{CoreError, CoreResult};
use crate::query_object::build_query_context;

/// At most this many values are offered, as the column values endpoint answers.
pub const FILTER_OPTIONS_ROW_LIMIT: i64 = 10_000;

/// How a select filter's values are ordered and searched (its `controlValues.sortAscending`,
/// its `sortMetric` and the text typed in it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FilterValuesOrder {
    /// False sorts descending; absent (no "Sort filter values") sorts ascending.
    pub sort_ascending: Option<bool>,
    /// A saved metric of the dataset: the values are grouped with it and ordered by it.
    pub sort_metric: Option<String>,
    /// Only values containing this text (case-insensitive); None or empty for all.
    pub search: Option<String>,
}

/// The query context of the values `column` of dataset `dataset_id` offers under `dependencies`.
pub fn filter_options_query_context(
    dataset_id: i64,
    column: &str,
    dependencies: &ExtraFormData,
    order: &FilterValuesOrder,
) -> CoreResult<QueryContext> {
    let sort_metric = order.sort_metric.as_deref().filter(|metric| !metric.is_empty());
    let metrics: Vec<&str> = sort_metric.into_iter().collect();
    let form_data: FormData = serde_json::from_value(json!({
        "datasource": format!("{dataset_id}__table"),
        "viz_type": "filter_select",
        "groupby": [column],
        "metrics": metrics,
        "row_limit": FILTER_OPTIONS_ROW_LIMIT,
        "extra_form_data": dependencies,
    }))
    .map_err(|error| CoreError::InvalidInput {
        message: error.to_string(),
    })?;
    let mut context = build_query_context(&form_data)?;
    let is_ascending = order.sort_ascending.unwrap_or(true);
    let sort_key = sort_metric.unwrap_or(column);
    let search = order
        .search
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty());
    for query in &mut context.queries {
        query.orderby = vec![OrderByTerm(MetricRef::Saved(sort_key.to_owned()), is_ascending)];
        if let Some(text) = search {
            query.filters.push(QueryObjectFilter {
                col: ColumnRef::Physical(column.to_owned()),
                op: FilterOperator::Ilike,
                val: Some(json!(format!("%{text}%"))),
                grain: None,
                is_extra: None,
            });
        }
    }
    Ok(context)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native_filter::select_extra_form_data;

    #[test]
    fn the_options_query_groups_the_column_under_the_parents_filters() {
        let parents = select_extra_form_data("state", &[json!("CA")], false, false);
        let context =
            filter_options_query_context(3, "name", &parents, &FilterValuesOrder::default()).unwrap();
        assert_eq!(
            serde_json::to_value(&context.datasource).unwrap(),
            json!({"id": 3, "type": "table"})
        );
        let query = serde_json::to_value(&context.queries[0]).unwrap();
        assert_eq!(query["columns"], json!(["name"]));
        assert_eq!(query["metrics"], json!([]));
        assert_eq!(
            query["filters"],
            json!([{"col": "state", "op": "IN", "val": ["CA"]}])
        );
        assert_eq!(query["orderby"], json!([["name", true]]));
        assert_eq!(query["row_limit"], json!(10_000));
        let unfiltered = filter_options_query_context(
            3,
            "name",
            &ExtraFormData::default(),
            &FilterValuesOrder::default(),
        )
        .unwrap();
        assert_eq!(
            serde_json::to_value(&unfiltered.queries[0].filters).unwrap(),
            json!([])
        );
    }

    #[test]
    fn a_sort_metric_groups_the_values_with_it_and_orders_by_it() {
        let order = FilterValuesOrder {
            sort_ascending: Some(false),
            sort_metric: Some("count".to_owned()),
            search: None,
        };
        let context = filter_options_query_context(3, "state", &ExtraFormData::default(), &order).unwrap();
        let query = serde_json::to_value(&context.queries[0]).unwrap();
        assert_eq!(query["columns"], json!(["state"]));
        assert_eq!(query["metrics"], json!(["count"]));
        assert_eq!(query["orderby"], json!([["count", false]]));
    }

    #[test]
    fn descending_without_a_metric_orders_by_the_column_and_a_search_adds_ilike() {
        let order = FilterValuesOrder {
            sort_ascending: Some(false),
            sort_metric: Some(String::new()),
            search: Some(" ca ".to_owned()),
        };
        let context = filter_options_query_context(3, "state", &ExtraFormData::default(), &order).unwrap();
        let query = serde_json::to_value(&context.queries[0]).unwrap();
        assert_eq!(query["metrics"], json!([]));
        assert_eq!(query["orderby"], json!([["state", false]]));
        assert_eq!(
            query["filters"],
            json!([{"col": "state", "op": "ILIKE", "val": "%ca%"}])
        );
    }
}
