//! The x-axis of a chart and its time grain (Superset's `getXAxisColumn`, `isXAxisSet` and
//! `normalizeTimeColumn`).
//!
//! | form data | x-axis |
//! | --- | --- |
//! | `x_axis: "ds"` | `ds` |
//! | `x_axis: {sqlExpression: "DATE(ts)", label: "day"}` | that adhoc column |
//! | no `x_axis`, `granularity_sqla: "ds"`, a time-axis chart | `ds` (Superset migrates such charts to `x_axis`) |
//! | neither | none: the chart is a legacy time series (`is_timeseries: true`) |
//!
//! Once a chart's queries are built, the x-axis column in each query becomes a `BASE_AXIS`
//! adhoc column carrying the time grain, and `extras.time_grain_sqla` and `is_timeseries` go:
//!
//! ```text
//! columns: ["ds", "gender"], extras: {time_grain_sqla: "P1M"}
//!   ──► columns: [{sqlExpression: "ds", label: "ds", expressionType: "SQL",
//!                  columnType: "BASE_AXIS", timeGrain: "P1M"}, "gender"], extras: {}
//! ```

use quiver_types::{AdhocColumn, ColumnRef, QueryObject};
use serde_json::Value;

use crate::error::CoreResult;
use crate::form_data::ControlValues;
use crate::query_object::columns::column_label;

/// Superset's `BASE_AXIS` column type.
const BASE_AXIS: &str = "BASE_AXIS";

/// The `x_axis` control when it holds a column (Superset's `isXAxisSet`).
pub fn explicit_x_axis(controls: &ControlValues<'_>) -> CoreResult<Option<ColumnRef>> {
    Ok(controls.columns("x_axis")?.into_iter().next())
}

/// The x-axis of a time-axis chart: `x_axis`, else the legacy `granularity_sqla`.
pub fn x_axis_or_legacy_time_column(controls: &ControlValues<'_>) -> CoreResult<Option<ColumnRef>> {
    if let Some(x_axis) = explicit_x_axis(controls)? {
        return Ok(Some(x_axis));
    }
    let legacy_time_column = controls.string("granularity_sqla")?;
    Ok(legacy_time_column.map(|name| ColumnRef::Physical(name.to_owned())))
}

/// The query with its x-axis column as a `BASE_AXIS` column bucketed by the time grain, or
/// unchanged when none of its columns is the x-axis. A physical column matches by name, an
/// adhoc one by SQL expression; an adhoc x-axis keeps its own `columnType` and `timeGrain`.
///
/// The grain is left out when `temporal_columns_lookup` says the x-axis is not temporal (the
/// time grain control only shows for temporal axes, but stored form data keeps its value).
pub fn normalize_time_column(
    controls: &ControlValues<'_>,
    mut query: QueryObject,
    x_axis: &ColumnRef,
) -> CoreResult<QueryObject> {
    let Some(position) = query
        .columns
        .iter()
        .position(|column| is_same_column(column, x_axis))
    else {
        return Ok(query);
    };
    let time_grain = match is_known_non_temporal(controls, x_axis)? {
        true => None,
        false => query.extras.time_grain_sqla.clone(),
    };
    let base_axis = match &query.columns[position] {
        ColumnRef::Physical(name) => AdhocColumn {
            sql_expression: name.clone(),
            label: Some(name.clone()),
            expression_type: Some("SQL".to_owned()),
            column_type: Some(BASE_AXIS.to_owned()),
            time_grain,
            is_column_reference: None,
        },
        ColumnRef::Adhoc(adhoc) => AdhocColumn {
            column_type: adhoc.column_type.clone().or_else(|| Some(BASE_AXIS.to_owned())),
            time_grain: adhoc.time_grain.clone().or(time_grain),
            ..adhoc.clone()
        },
    };
    query.columns[position] = ColumnRef::Adhoc(base_axis);
    query.extras.time_grain_sqla = None;
    query.is_timeseries = false;
    Ok(query)
}

fn is_same_column(column: &ColumnRef, x_axis: &ColumnRef) -> bool {
    match (column, x_axis) {
        (ColumnRef::Physical(name), ColumnRef::Physical(x_axis_name)) => name == x_axis_name,
        (ColumnRef::Adhoc(adhoc), ColumnRef::Adhoc(x_axis_adhoc)) => {
            adhoc.sql_expression == x_axis_adhoc.sql_expression
        }
        _ => false,
    }
}

/// Whether `temporal_columns_lookup` marks the column as not temporal.
fn is_known_non_temporal(controls: &ControlValues<'_>, column: &ColumnRef) -> CoreResult<bool> {
    let Some(lookup) = controls.object("temporal_columns_lookup")? else {
        return Ok(false);
    };
    Ok(matches!(
        lookup.get(&column_label(column)),
        Some(Value::Bool(false))
    ))
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::json;

    use super::*;

    fn form_data(value: Value) -> FormData {
        serde_json::from_value(value).unwrap()
    }

    fn query_with(columns: Value, time_grain: Option<&str>) -> QueryObject {
        let mut query = QueryObject {
            columns: serde_json::from_value(columns).unwrap(),
            is_timeseries: true,
            ..QueryObject::default()
        };
        query.extras.time_grain_sqla = time_grain.map(str::to_owned);
        query
    }

    #[test]
    fn the_x_axis_falls_back_to_the_legacy_time_column() {
        let cases = [
            (json!({"x_axis": "ds", "granularity_sqla": "other"}), Some("ds")),
            (json!({"granularity_sqla": "ds"}), Some("ds")),
            (json!({"x_axis": "", "granularity_sqla": "ds"}), Some("ds")),
            (json!({}), None),
        ];
        for (value, expected) in cases {
            let data = form_data(value.clone());
            let x_axis = x_axis_or_legacy_time_column(&ControlValues::new(&data)).unwrap();
            assert_eq!(x_axis.as_ref().map(column_label).as_deref(), expected, "{value}");
        }
    }

    #[test]
    fn a_physical_x_axis_becomes_a_base_axis_column_with_the_grain() {
        let data = form_data(json!({"x_axis": "ds"}));
        let controls = ControlValues::new(&data);
        let x_axis = ColumnRef::Physical("ds".to_owned());
        let query = normalize_time_column(
            &controls,
            query_with(json!(["ds", "gender"]), Some("P1W")),
            &x_axis,
        )
        .unwrap();
        assert_eq!(
            serde_json::to_value(&query.columns).unwrap(),
            json!([
                {"sqlExpression": "ds", "label": "ds", "expressionType": "SQL", "columnType": "BASE_AXIS", "timeGrain": "P1W"},
                "gender",
            ])
        );
        assert_eq!((query.extras.time_grain_sqla, query.is_timeseries), (None, false));
    }

    #[test]
    fn an_adhoc_x_axis_keeps_its_own_fields() {
        let x_axis: ColumnRef =
            serde_json::from_value(json!({"sqlExpression": "DATE(ts)", "label": "day", "timeGrain": "P1D"}))
                .unwrap();
        let data = form_data(json!({}));
        let query = normalize_time_column(
            &ControlValues::new(&data),
            query_with(
                json!([{"sqlExpression": "DATE(ts)", "label": "day", "timeGrain": "P1D"}]),
                Some("P1M"),
            ),
            &x_axis,
        )
        .unwrap();
        assert_eq!(
            serde_json::to_value(&query.columns).unwrap(),
            json!([{"sqlExpression": "DATE(ts)", "label": "day", "columnType": "BASE_AXIS", "timeGrain": "P1D"}])
        );
    }

    #[test]
    fn a_column_known_not_to_be_temporal_gets_no_grain() {
        let data = form_data(json!({"temporal_columns_lookup": {"state": false}}));
        let x_axis = ColumnRef::Physical("state".to_owned());
        let query = normalize_time_column(
            &ControlValues::new(&data),
            query_with(json!(["state"]), Some("P1D")),
            &x_axis,
        )
        .unwrap();
        assert_eq!(
            serde_json::to_value(&query.columns).unwrap(),
            json!([{"sqlExpression": "state", "label": "state", "expressionType": "SQL", "columnType": "BASE_AXIS"}])
        );
    }

    #[test]
    fn a_query_without_the_x_axis_is_unchanged() {
        let data = form_data(json!({}));
        let query = query_with(json!(["gender"]), Some("P1D"));
        let x_axis = ColumnRef::Physical("ds".to_owned());
        let normalized = normalize_time_column(&ControlValues::new(&data), query.clone(), &x_axis).unwrap();
        assert_eq!(normalized, query);
    }
}
