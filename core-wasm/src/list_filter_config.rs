//! A list page's filter configuration (spec 000 §5): every filter filters a column of the list.
//!
//! Superset's list view refuses a configuration whose filter id names no column, so a typo in a
//! page's filters fails loudly instead of sending a filter the API refuses. Example: columns
//! `slice_name`, `viz_type` and filters `viz_type`, `owner` give
//! "Invalid filter config, owner is not present in columns".

/// A list filter that names no column of its list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListFilterConfigError {
    /// The filter `id` is not the id of any column.
    #[error("Invalid filter config, {id} is not present in columns")]
    NotAColumn { id: String },
}

/// Checks that each filter id is a column id, in filter order; the first stray one is the error.
pub fn check_list_filter_config<F, C>(filter_ids: &[F], column_ids: &[C]) -> Result<(), ListFilterConfigError>
where
    F: AsRef<str>,
    C: AsRef<str>,
{
    let is_column = |id: &str| column_ids.iter().any(|column| column.as_ref() == id);
    match filter_ids.iter().map(|id| id.as_ref()).find(|id| !is_column(id)) {
        Some(id) => Err(ListFilterConfigError::NotAColumn { id: id.to_owned() }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_on_columns_are_accepted() {
        let columns = ["slice_name", "viz_type", "owners"];
        assert_eq!(
            check_list_filter_config(&["viz_type", "owners"], &columns),
            Ok(())
        );
        assert_eq!(check_list_filter_config::<&str, &str>(&[], &columns), Ok(()));
    }

    #[test]
    fn the_first_filter_without_a_column_is_named() {
        let columns = ["slice_name", "viz_type"];
        let error = check_list_filter_config(&["viz_type", "owner", "tags"], &columns).unwrap_err();
        assert_eq!(
            error.to_string(),
            "Invalid filter config, owner is not present in columns"
        );
        assert_eq!(
            error,
            ListFilterConfigError::NotAColumn {
                id: "owner".to_owned()
            }
        );
    }
}
