//! The `q` of Superset's list calls, `GET /api/v1/{resource}/?q=(...)`:
//!
//! ```text
//! (filters:!((col:slice_name,opr:ct,value:sales)),order_column:changed_on_delta_humanized,
//!  order_direction:desc,page:0,page_size:25,select_columns:!(id,slice_name))
//! ```
//!
//! Parsed and checked here, before any SQL exists. Which columns and operators a resource
//! accepts is the resource's [`ListSpec`](crate::store::list::ListSpec); values only ever reach
//! the database as bound parameters.

use serde_json::Value;

use super::rison::parse_rison;
use crate::error::ApiError;
use crate::store::list::{ListFilter, ListQuery};

/// Rows per page when `page_size` is absent (Flask-AppBuilder's default).
pub const DEFAULT_PAGE_SIZE: u64 = 20;
/// The largest page a list call returns (Superset's `FAB_API_MAX_PAGE_SIZE`); a larger
/// `page_size` is clamped to it.
pub const MAX_PAGE_SIZE: u64 = 100;

/// A query with every default: first page, default size, the resource's order and columns.
pub fn default_list_query() -> ListQuery {
    ListQuery {
        filters: Vec::new(),
        order_column: None,
        descending: false,
        page: 0,
        page_size: DEFAULT_PAGE_SIZE,
        select_columns: Vec::new(),
    }
}

/// The fields of a rison object `q`; no `q` (or a blank one) has none.
fn rison_fields(q: Option<&str>) -> Result<serde_json::Map<String, Value>, ApiError> {
    let Some(text) = q.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok(serde_json::Map::new());
    };
    match parse_rison(text).map_err(|error| ApiError::bad_request(error.to_string()))? {
        Value::Object(fields) => Ok(fields),
        _ => Err(ApiError::bad_request("Not a valid rison argument")),
    }
}

/// Parses the rison `q` of a list call; no `q` gives the defaults.
pub fn parse_list_query(q: Option<&str>) -> Result<ListQuery, ApiError> {
    parse_list_query_up_to(q, MAX_PAGE_SIZE)
}

/// Parses the rison `q` of a list call whose pages hold up to `max_page_size` rows.
pub fn parse_list_query_up_to(q: Option<&str>, max_page_size: u64) -> Result<ListQuery, ApiError> {
    let mut query = default_list_query();
    for (key, value) in rison_fields(q)? {
        match key.as_str() {
            "filters" => query.filters = parse_filters(&value)?,
            "order_column" => {
                let column = value
                    .as_str()
                    .ok_or_else(|| field_error("order_column", "Not a valid string."))?;
                query.order_column = Some(column.to_owned());
            }
            "order_direction" => {
                query.descending = match value.as_str() {
                    Some("asc") => false,
                    Some("desc") => true,
                    _ => return Err(field_error("order_direction", "Must be one of: asc, desc.")),
                };
            }
            "page" => query.page = non_negative("page", &value)?,
            "page_size" => query.page_size = page_size(&value, max_page_size)?,
            "select_columns" | "columns" => query.select_columns = column_names(&key, &value)?,
            // Accepted and unused: what Superset's own clients also send.
            "keys" => {}
            other => return Err(field_error(other, "Unknown field.")),
        }
    }
    Ok(query)
}

/// The names of a `columns` (or `select_columns`) list.
fn column_names(key: &str, value: &Value) -> Result<Vec<String>, ApiError> {
    let names = value
        .as_array()
        .ok_or_else(|| field_error(key, "Not a valid list."))?;
    names
        .iter()
        .map(|name| {
            name.as_str()
                .map(str::to_owned)
                .ok_or_else(|| field_error(key, "Not a valid string."))
        })
        .collect()
}

/// Parses the rison `q` of a single-item call (`GET /api/v1/dataset/{pk}?q=(columns:!(...))`):
/// the columns it selects, none when it names none. `keys` is accepted and unused.
pub fn parse_show_columns(q: Option<&str>) -> Result<Vec<String>, ApiError> {
    let mut columns = Vec::new();
    for (key, value) in rison_fields(q)? {
        match key.as_str() {
            "columns" => columns = column_names(&key, &value)?,
            "keys" => {}
            other => return Err(field_error(other, "Unknown field.")),
        }
    }
    Ok(columns)
}

/// The `q` of `related/{column}` and `distinct/{column}`: `(filter:'ad',page:0,page_size:10)`.
#[derive(Debug, Clone, PartialEq)]
pub struct RelatedQuery {
    pub filter: String,
    pub page: u64,
    pub page_size: u64,
}

/// Parses the rison `q` of a related or distinct call; no `q` gives the first page, unfiltered.
pub fn parse_related_query(q: Option<&str>) -> Result<RelatedQuery, ApiError> {
    let mut query = RelatedQuery {
        filter: String::new(),
        page: 0,
        page_size: DEFAULT_PAGE_SIZE,
    };
    for (key, value) in rison_fields(q)? {
        match key.as_str() {
            "filter" => {
                query.filter = value
                    .as_str()
                    .ok_or_else(|| field_error("filter", "Not a valid string."))?
                    .to_owned();
            }
            "page" => query.page = non_negative("page", &value)?,
            "page_size" => query.page_size = page_size(&value, MAX_PAGE_SIZE)?,
            // Accepted and unused: the ids Superset's selects ask to keep in the answer.
            "include_ids" => {}
            other => return Err(field_error(other, "Unknown field.")),
        }
    }
    Ok(query)
}

/// The ids of a `favorite_status` or bulk delete call: a rison list of integers, `!(1,2)`.
pub fn parse_id_list(q: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let invalid = || ApiError::bad_request("Not a valid rison argument");
    let value = parse_rison(q.unwrap_or("!()")).map_err(|error| ApiError::bad_request(error.to_string()))?;
    value
        .as_array()
        .ok_or_else(invalid)?
        .iter()
        .map(|id| id.as_i64().ok_or_else(invalid))
        .collect()
}

/// The distinct ids of a bulk call, in increasing order: `!(3,1,3)` gives `[1, 3]`.
pub fn parse_id_set(q: Option<&str>) -> Result<Vec<i64>, ApiError> {
    let mut ids = parse_id_list(q)?;
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The names of a tag bulk delete: a rison list of strings, `!(finance,'sales team')`.
pub fn parse_name_list(q: Option<&str>) -> Result<Vec<String>, ApiError> {
    let invalid = || ApiError::bad_request("Not a valid rison argument");
    let value = parse_rison(q.unwrap_or("!()")).map_err(|error| ApiError::bad_request(error.to_string()))?;
    value
        .as_array()
        .ok_or_else(invalid)?
        .iter()
        .map(|name| name.as_str().map(str::to_owned).ok_or_else(invalid))
        .collect()
}

fn parse_filters(value: &Value) -> Result<Vec<ListFilter>, ApiError> {
    let filters = value
        .as_array()
        .ok_or_else(|| field_error("filters", "Not a valid list."))?;
    filters
        .iter()
        .map(|filter| {
            let column = filter.get("col").and_then(Value::as_str);
            let operator = filter.get("opr").and_then(Value::as_str);
            match (column, operator) {
                (Some(column), Some(operator)) => Ok(ListFilter {
                    column: column.to_owned(),
                    operator: operator.to_owned(),
                    value: filter.get("value").cloned().unwrap_or(Value::Null),
                }),
                _ => Err(field_error("filters", "Each filter needs col, opr and value.")),
            }
        })
        .collect()
}

/// Flask-AppBuilder reads -1 (or any size over the maximum) as "the largest page", and 0 as
/// "the default size".
fn page_size(value: &Value, max_page_size: u64) -> Result<u64, ApiError> {
    Ok(match value.as_i64() {
        Some(size) if size < 0 => max_page_size,
        Some(0) => DEFAULT_PAGE_SIZE,
        _ => non_negative("page_size", value)?.min(max_page_size),
    })
}

fn non_negative(field: &str, value: &Value) -> Result<u64, ApiError> {
    value
        .as_u64()
        .ok_or_else(|| field_error(field, "Not a valid integer."))
}

/// Marshmallow's shape: `{"message": {"page": ["Not a valid integer."]}}`.
fn field_error(field: &str, message: &str) -> ApiError {
    let mut fields = serde_json::Map::new();
    fields.insert(
        field.to_owned(),
        Value::Array(vec![Value::String(message.to_owned())]),
    );
    ApiError::validation(fields)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_bulk_id_set_is_distinct_and_sorted() {
        assert_eq!(parse_id_set(Some("!(3,1,3)")).ok(), Some(vec![1, 3]));
        assert_eq!(parse_id_set(None).ok(), Some(vec![]));
        assert!(parse_id_set(Some("!(a)")).is_err());
    }

    #[test]
    fn no_query_gives_the_defaults() {
        assert_eq!(parse_list_query(None).ok(), Some(default_list_query()));
        assert_eq!(parse_list_query(Some("  ")).ok(), Some(default_list_query()));
    }

    #[test]
    fn a_full_query_is_read() {
        let query = parse_list_query(Some(
            "(filters:!((col:slice_name,opr:ct,value:'big sales'),(col:owners,opr:rel_m_m,value:3)),\
             order_column:changed_on_delta_humanized,order_direction:desc,page:2,page_size:25,\
             select_columns:!(id,slice_name))",
        ))
        .ok();
        assert_eq!(
            query,
            Some(ListQuery {
                filters: vec![
                    ListFilter {
                        column: "slice_name".to_owned(),
                        operator: "ct".to_owned(),
                        value: json!("big sales"),
                    },
                    ListFilter {
                        column: "owners".to_owned(),
                        operator: "rel_m_m".to_owned(),
                        value: json!(3),
                    },
                ],
                order_column: Some("changed_on_delta_humanized".to_owned()),
                descending: true,
                page: 2,
                page_size: 25,
                select_columns: vec!["id".to_owned(), "slice_name".to_owned()],
            })
        );
        assert_eq!(query.map(|query| query.offset()), Some(50));
    }

    #[test]
    fn page_sizes_are_clamped_to_the_maximum() {
        let big = parse_list_query(Some("(page_size:5000)")).ok();
        assert_eq!(big.map(|query| query.page_size), Some(MAX_PAGE_SIZE));
        let all = parse_list_query(Some("(page_size:-1)")).ok();
        assert_eq!(all.map(|query| query.page_size), Some(MAX_PAGE_SIZE));
        let zero = parse_list_query(Some("(page_size:0)")).ok();
        assert_eq!(zero.map(|query| query.page_size), Some(DEFAULT_PAGE_SIZE));
        let charts = parse_list_query_up_to(Some("(page_size:200)"), 200).ok();
        assert_eq!(charts.map(|query| query.page_size), Some(200));
        let too_many = parse_list_query_up_to(Some("(page_size:201)"), 200).ok();
        assert_eq!(too_many.map(|query| query.page_size), Some(200));
    }

    #[test]
    fn malformed_queries_are_refused() {
        for bad in [
            "(page:-1)",
            "(page:'x')",
            "(order_direction:up)",
            "(filters:(col:a))",
            "(filters:!((col:a)))",
            "(select_columns:!(1))",
            "(unknown:1)",
            "!(1,2)",
            "(filters:!((col:a,opr:eq,value:1)",
        ] {
            assert!(parse_list_query(Some(bad)).is_err(), "{bad} was accepted");
        }
    }

    #[test]
    fn id_and_name_lists_are_read_and_checked() {
        assert_eq!(parse_id_list(Some("!(3,1)")).ok(), Some(vec![3, 1]));
        assert_eq!(
            parse_name_list(Some("!(finance,'sales team')")).ok(),
            Some(vec!["finance".to_owned(), "sales team".to_owned()])
        );
        for bad in ["(a:1)", "!(x", "!(1.5)", "'one'"] {
            assert!(parse_id_list(Some(bad)).is_err(), "{bad} was accepted as ids");
        }
        for bad in ["(a:1)", "!(1)", "!(a"] {
            assert!(parse_name_list(Some(bad)).is_err(), "{bad} was accepted as names");
        }
    }
}
