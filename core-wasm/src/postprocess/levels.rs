//! Multi-level column names, as pandas' pivot makes them (`("SUM(x)", "FR")`), kept flat in
//! Arrow: the field is named as Superset's `flatten` would name it (`"SUM(x), FR"`) and the
//! levels are in the field metadata under [`LEVELS_KEY`] (a JSON array of strings or nulls)
//! until `flatten` removes them.

use std::collections::HashMap;

use arrow::datatypes::Field;

/// The field metadata key holding a column's levels.
pub const LEVELS_KEY: &str = "quiver:levels";

/// Superset's `FLAT_COLUMN_SEPARATOR`.
pub const FLAT_COLUMN_SEPARATOR: &str = ", ";

/// The levels of a multi-level column, `None` for a flat one.
pub(crate) fn field_levels(field: &Field) -> Option<Vec<Option<String>>> {
    let levels = field.metadata().get(LEVELS_KEY)?;
    serde_json::from_str(levels).ok()
}

/// `field` with `levels` recorded in its metadata.
pub(crate) fn with_levels(field: Field, levels: &[Option<String>]) -> Field {
    let mut metadata = field.metadata().clone();
    metadata.insert(
        LEVELS_KEY.to_owned(),
        serde_json::Value::from(levels.to_vec()).to_string(),
    );
    field.with_metadata(metadata)
}

/// `field` without its levels.
pub(crate) fn without_levels(field: Field) -> Field {
    let metadata: HashMap<String, String> = field
        .metadata()
        .iter()
        .filter(|(key, _)| key.as_str() != LEVELS_KEY)
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    field.with_metadata(metadata)
}

/// Superset's `flatten` of one column name: the present levels, each with its commas escaped
/// (`a,b` → `a\,b`), joined with `", "`.
pub(crate) fn flat_name(levels: &[Option<String>]) -> String {
    levels
        .iter()
        .flatten()
        .map(|level| level.replace(',', "\\,"))
        .collect::<Vec<_>>()
        .join(FLAT_COLUMN_SEPARATOR)
}

#[cfg(test)]
mod tests {
    use arrow::datatypes::DataType;

    use super::*;

    #[test]
    fn levels_round_trip_and_flatten_with_escaped_commas() {
        let levels = vec![None, Some("SUM(x)".to_owned()), Some("a,b".to_owned())];
        let field = with_levels(Field::new("x", DataType::Float64, true), &levels);
        assert_eq!(field_levels(&field), Some(levels.clone()));
        assert_eq!(flat_name(&levels), "SUM(x), a\\,b");
        assert_eq!(field_levels(&without_levels(field)), None);
    }
}
