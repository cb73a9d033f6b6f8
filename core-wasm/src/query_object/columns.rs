//! Column labels: the names result columns get for physical and adhoc columns.

use quiver_types::ColumnRef;

/// The label of a column, as Superset's `getColumnLabel`: a physical column's name; an adhoc
/// column's label, or its SQL expression when it has no label.
pub fn column_label(column: &ColumnRef) -> String {
    match column {
        ColumnRef::Physical(name) => name.clone(),
        ColumnRef::Adhoc(adhoc) => match adhoc.label.as_deref() {
            Some(label) if !label.is_empty() => label.to_owned(),
            _ => adhoc.sql_expression.clone(),
        },
    }
}

#[cfg(test)]
mod tests {
    use quiver_types::AdhocColumn;

    use super::*;

    fn adhoc(sql_expression: &str, label: Option<&str>) -> ColumnRef {
        ColumnRef::Adhoc(AdhocColumn {
            sql_expression: sql_expression.to_owned(),
            label: label.map(str::to_owned),
            expression_type: Some("SQL".to_owned()),
            column_type: None,
            time_grain: None,
            is_column_reference: None,
        })
    }

    #[test]
    fn labels_follow_superset() {
        assert_eq!(column_label(&ColumnRef::Physical("state".to_owned())), "state");
        assert_eq!(column_label(&adhoc("upper(state)", Some("State"))), "State");
        assert_eq!(column_label(&adhoc("upper(state)", None)), "upper(state)");
        assert_eq!(column_label(&adhoc("upper(state)", Some(""))), "upper(state)");
    }
}
