//! The datasource key of form data: `"{id}__{type}"` → `{id, type}`.

use quiver_types::{DatasourceRef, DatasourceType};
use serde_json::Value;

use crate::error::{CoreError, CoreResult};

/// `"3__table"` → `{id: 3, type: table}`. A key without a type (`"3"`) is a table, as in
/// Superset's `DatasourceKey`; an unknown type or a non-numeric id is an error.
pub fn parse_datasource_key(key: &str) -> CoreResult<DatasourceRef> {
    let invalid = || CoreError::InvalidDatasource {
        datasource: key.to_owned(),
    };
    let (id_text, type_text) = key.split_once("__").unwrap_or((key, "table"));
    let id = id_text.trim().parse::<i64>().map_err(|_| invalid())?;
    let datasource_type: DatasourceType =
        serde_json::from_value(Value::String(type_text.to_owned())).map_err(|_| invalid())?;
    Ok(DatasourceRef { id, datasource_type })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_parse_into_id_and_type() {
        let cases = [
            ("3__table", Some((3, DatasourceType::Table))),
            ("12__query", Some((12, DatasourceType::Query))),
            ("5__saved_query", Some((5, DatasourceType::SavedQuery))),
            ("8", Some((8, DatasourceType::Table))),
            ("", None),
            ("table__3", None),
            ("3__druid", None),
        ];
        for (key, expected) in cases {
            let parsed = parse_datasource_key(key).ok().map(|d| (d.id, d.datasource_type));
            assert_eq!(parsed, expected, "{key:?}");
        }
    }
}
