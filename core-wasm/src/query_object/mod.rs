//! Form data → query context: what Superset's `buildQueryContext`, `buildQueryObject` and each
//! chart's `buildQuery` do, as one Rust function for the browser and the server.
//!
//! ```text
//! form data ──► common query object (common_query.rs: time range, row limit, filters, fields)
//!           ──► viz-specific queries (viz/: table, time series, pie, ...; other viz types get
//!               the common one), their post-processing rules (post_processing.rs) and the
//!               x-axis time grain (x_axis.rs)
//!           ──► query context {datasource, force, queries, form_data, result_format, result_type}
//! ```

pub mod aggregate_expression;
pub mod columns;
pub mod common_query;
pub mod datasource;
pub mod filters;
pub mod metrics;
pub mod orderby;
pub mod post_processing;
pub mod viz;
pub mod x_axis;

use std::collections::HashSet;

use quiver_types::{FormData, QueryContext, ResultFormat, ResultType};
use serde_json::{Map, Value};

use crate::error::CoreResult;
use crate::form_data::ControlValues;

/// The query context for a chart's form data.
///
/// Example: `{datasource: "3__table", viz_type: "table", groupby: ["gender"], metrics: ["count"]}`
/// gives one query `{columns: ["gender"], metrics: ["count"], orderby: [["count", false]],
/// row_limit: 1000, time_range: "No filter", ...}` against `{id: 3, type: "table"}`.
///
/// `result_format` and `result_type` default to `json` and `full`; form data keys of the same
/// names override them, and the caller may change them on the result.
pub fn build_query_context(form_data: &FormData) -> CoreResult<QueryContext> {
    let controls = ControlValues::new(form_data);
    let datasource = datasource::parse_datasource_key(&form_data.datasource)?;
    let queries = viz::build_queries(&controls)?;
    let result_format: Option<ResultFormat> = controls.enumeration("result_format")?;
    let result_type: Option<ResultType> = controls.enumeration("result_type")?;
    Ok(QueryContext {
        datasource,
        force: controls.boolean("force")?.unwrap_or(false),
        queries,
        form_data: Some(form_data_as_json(form_data)),
        result_format: result_format.unwrap_or_default(),
        result_type: result_type.unwrap_or_default(),
        custom_cache_timeout: None,
    })
}

/// The form data as the JSON object the query context carries (`form_data`).
fn form_data_as_json(form_data: &FormData) -> Value {
    let mut object: Map<String, Value> = form_data.extra.clone();
    object.insert(
        "datasource".to_owned(),
        Value::String(form_data.datasource.clone()),
    );
    object.insert("viz_type".to_owned(), Value::String(form_data.viz_type.clone()));
    if let Some(slice_id) = form_data.slice_id {
        object.insert("slice_id".to_owned(), Value::from(slice_id));
    }
    Value::Object(object)
}

/// Keeps the first item of each label, in order (Superset's `removeDuplicates(items, label)`).
pub(crate) fn remove_duplicates<T>(
    items: impl IntoIterator<Item = T>,
    label: impl Fn(&T) -> String,
) -> Vec<T> {
    let mut seen_labels = HashSet::new();
    items
        .into_iter()
        .filter(|item| seen_labels.insert(label(item)))
        .collect()
}

#[cfg(test)]
mod tests {
    use quiver_types::{DatasourceRef, DatasourceType};
    use serde_json::json;

    use super::*;

    #[test]
    fn the_context_carries_datasource_defaults_and_the_form_data() {
        let form_data: FormData = serde_json::from_value(json!({
            "datasource": "3__table", "viz_type": "table", "slice_id": 7, "groupby": ["gender"],
        }))
        .unwrap();
        let context = build_query_context(&form_data).unwrap();
        assert_eq!(
            context.datasource,
            DatasourceRef {
                id: 3,
                datasource_type: DatasourceType::Table
            }
        );
        assert_eq!(
            (context.result_format, context.result_type),
            (ResultFormat::Json, ResultType::Full)
        );
        assert!(!context.force);
        assert_eq!(
            context.form_data,
            Some(
                json!({"datasource": "3__table", "viz_type": "table", "slice_id": 7, "groupby": ["gender"]})
            )
        );
    }

    #[test]
    fn form_data_may_ask_for_another_result_format() {
        let form_data: FormData = serde_json::from_value(json!({
            "datasource": "3__table", "result_format": "csv", "result_type": "results", "force": true,
        }))
        .unwrap();
        let context = build_query_context(&form_data).unwrap();
        assert_eq!(
            (context.result_format, context.result_type),
            (ResultFormat::Csv, ResultType::Results)
        );
        assert!(context.force);
    }

    #[test]
    fn duplicates_keep_the_first_of_each_label() {
        let kept = remove_duplicates(["a", "b", "a", "c", "b"], |item| item.to_string());
        assert_eq!(kept, ["a", "b", "c"]);
    }
}
