//! A virtual dataset's SQL rendered with the same Jinja engine as SQL Lab (spec 002 section 7),
//! before a chart query wraps it as `(...) AS virtual_table`, as Superset's template processor
//! renders a dataset's SQL for every chart query.
//!
//! | in the dataset SQL | gives |
//! | --- | --- |
//! | `{{ name }}` | the dataset's `template_params` value `name` |
//! | `{{ current_username() }}` | the user whose chart is queried |
//! | `{{ url_param('country', 'FR') }}` | the chart's `form_data.url_params.country`, else the default |
//!
//! Creating a virtual dataset and syncing its columns read the columns of the rendered SQL too
//! (`rendered_source_sql`: the dataset's parameters and the current user, no URL parameters, so
//! `url_param` gives its default), as Superset's `get_virtual_table_metadata` does.

use std::collections::BTreeMap;

use quiver_types::Dataset;
use serde_json::Value;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::sqllab::run::template_error;
use crate::sqllab::template::{render_sql, TemplateContext};

/// The `url_params` of a chart's form data (Superset's `form_data["url_params"]`): text values
/// as given, numbers and booleans as their text, anything else left out.
pub fn form_data_url_params(form_data: Option<&Value>) -> BTreeMap<String, String> {
    let Some(Value::Object(params)) = form_data.and_then(|form_data| form_data.get("url_params")) else {
        return BTreeMap::new();
    };
    params
        .iter()
        .filter_map(|(name, value)| match value {
            Value::String(text) => Some((name.clone(), text.clone())),
            Value::Number(number) => Some((name.clone(), number.to_string())),
            Value::Bool(flag) => Some((name.clone(), flag.to_string())),
            _ => None,
        })
        .collect()
}

/// The dataset with its SQL rendered (a physical dataset, or SQL without template syntax, comes
/// back as it was); a template that cannot render is SQL Lab's "Parameter error" or
/// malformed-template 400.
pub fn with_rendered_sql(
    mut dataset: Dataset,
    user: &AuthUser,
    form_data: Option<&Value>,
) -> Result<Dataset, ApiError> {
    let Some(sql) = dataset.sql.as_deref().filter(|sql| !sql.trim().is_empty()) else {
        return Ok(dataset);
    };
    let url_params = form_data_url_params(form_data);
    let rendered = render_dataset_sql(sql, dataset.template_params.as_deref(), user, &url_params)?;
    dataset.sql = Some(rendered);
    Ok(dataset)
}

pub(crate) fn render_dataset_sql(
    sql: &str,
    template_params: Option<&str>,
    user: &AuthUser,
    url_params: &BTreeMap<String, String>,
) -> Result<String, ApiError> {
    let context = TemplateContext {
        params: template_params,
        user,
        url_params,
    };
    render_sql(sql, &context).map_err(template_error)
}

/// A virtual dataset's SQL rendered to read its columns (dataset creation, "sync columns"): with
/// the dataset's `template_params` and the current user, without URL parameters.
pub fn rendered_source_sql(
    sql: &str,
    template_params: Option<&str>,
    user: &AuthUser,
) -> Result<String, ApiError> {
    render_dataset_sql(sql, template_params, user, &BTreeMap::new())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn url_params_are_read_from_the_form_data() {
        let form_data =
            json!({"url_params": {"country": "FR", "year": 2024, "all": true, "nested": {"a": 1}}});
        let params = form_data_url_params(Some(&form_data));
        assert_eq!(params.get("country").map(String::as_str), Some("FR"));
        assert_eq!(params.get("year").map(String::as_str), Some("2024"));
        assert_eq!(params.get("all").map(String::as_str), Some("true"));
        assert!(!params.contains_key("nested"));
        assert!(form_data_url_params(Some(&json!({"viz_type": "table"}))).is_empty());
        assert!(form_data_url_params(None).is_empty());
    }
}
