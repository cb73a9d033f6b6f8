//! The query of the values a select filter offers (Superset's `filter_select` `buildQuery`):
//! the distinct values of its column, sorted, under the masks of its parent filters.
//!
//! Example: dataset 3, column `name`, parents `{filters: [{col: "state", op: "IN", val: ["CA"]}]}`
//! give one query `{columns: ["name"], metrics: [], filters: [state IN CA], orderby: [["name",
//! true]], row_limit: 10000}` against `{id: 3, type: "table"}`.

use quiver_types::{ExtraFormData, FormData, MetricRef, OrderByTerm, QueryContext};
use serde_json::json;

use crate::error::{CoreError, CoreResult};
use crate::query_object::build_query_context;

/// At most this many values are offered, as the column values endpoint answers.
pub const FILTER_OPTIONS_ROW_LIMIT: i64 = 10_000;

/// The query context of the values `column` of dataset `dataset_id` offers under `dependencies`.
pub fn filter_options_query_context(
    dataset_id: i64,
    column: &str,
    dependencies: &ExtraFormData,
) -> CoreResult<QueryContext> {
    let form_data: FormData = serde_json::from_value(json!({
        "datasource": format!("{dataset_id}__table"),
        "viz_type": "filter_select",
        "groupby": [column],
        "metrics": [],
        "row_limit": FILTER_OPTIONS_ROW_LIMIT,
        "extra_form_data": dependencies,
    }))
    .map_err(|error| CoreError::InvalidInput {
        message: error.to_string(),
    })?;
    let mut context = build_query_context(&form_data)?;
    for query in &mut context.queries {
        query.orderby = vec![OrderByTerm(MetricRef::Saved(column.to_owned()), true)];
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
        let context = filter_options_query_context(3, "name", &parents).unwrap();
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
        let unfiltered = filter_options_query_context(3, "name", &ExtraFormData::default()).unwrap();
        assert_eq!(
            serde_json::to_value(&unfiltered.queries[0].filters).unwrap(),
            json!([])
        );
    }
}
