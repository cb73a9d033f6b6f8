//! Chart form data: the open document a chart is built from, and the adhoc objects inside it.
//!
//! Form data is open by nature (every viz type has its own controls), so it keeps a typed core
//! plus the other keys in `extra`. Adhoc metrics, columns and filters use Superset's camelCase.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

/// A chart's form data. Unknown keys are kept in `extra` and written back unchanged.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FormData {
    /// `"{id}__{type}"`, for example `"3__table"`.
    #[serde(default)]
    pub datasource: String,
    #[serde(default = "default_viz_type")]
    pub viz_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub slice_id: Option<i64>,
    #[serde(flatten)]
    #[ts(skip)]
    pub extra: Map<String, Value>,
}

fn default_viz_type() -> String {
    "table".to_owned()
}

/// The six aggregates of a SIMPLE adhoc metric.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[ts(export)]
pub enum Aggregate {
    Avg,
    Count,
    CountDistinct,
    Max,
    Min,
    Sum,
}

impl Aggregate {
    /// The name used in labels, `SUM(num)`.
    pub fn as_str(self) -> &'static str {
        match self {
            Aggregate::Avg => "AVG",
            Aggregate::Count => "COUNT",
            Aggregate::CountDistinct => "COUNT_DISTINCT",
            Aggregate::Max => "MAX",
            Aggregate::Min => "MIN",
            Aggregate::Sum => "SUM",
        }
    }
}

/// SIMPLE (column + aggregate) or SQL (free expression, validated on the server).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export)]
pub enum ExpressionType {
    Simple,
    Sql,
}

/// The column a SIMPLE adhoc metric aggregates; clients send the whole column object, only the
/// name matters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MetricColumn {
    pub column_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "type")]
    #[ts(optional)]
    pub column_type: Option<String>,
}

/// An adhoc metric: `{expressionType: "SIMPLE", column, aggregate}` or
/// `{expressionType: "SQL", sqlExpression}`, with an optional label.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdhocMetric {
    pub expression_type: ExpressionType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub column: Option<MetricColumn>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub aggregate: Option<Aggregate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sql_expression: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label: Option<String>,
    #[serde(default)]
    pub has_custom_label: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub option_name: Option<String>,
}

/// A metric: the name of a saved metric of the dataset, or an adhoc metric.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum MetricRef {
    Saved(String),
    Adhoc(AdhocMetric),
}

/// An adhoc column: a SQL expression with a label (also used for the x-axis with a time grain).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdhocColumn {
    pub sql_expression: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expression_type: Option<String>,
    /// `BASE_AXIS` or `SERIES` when the column is a chart axis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub column_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time_grain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub is_column_reference: Option<bool>,
}

/// A column: a physical column name or an adhoc column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum ColumnRef {
    Physical(String),
    Adhoc(AdhocColumn),
}

/// Where an adhoc filter applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "UPPERCASE")]
#[ts(export)]
pub enum FilterClause {
    Where,
    Having,
}

/// An adhoc filter of the form data (`adhoc_filters`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdhocFilter {
    pub expression_type: ExpressionType,
    #[serde(default = "default_clause")]
    pub clause: FilterClause,
    /// The column of a SIMPLE filter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub subject: Option<String>,
    /// The operator of a SIMPLE filter, as the query object spells it (`==`, `IN`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub operator: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub comparator: Option<Value>,
    /// The expression of a SQL filter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sql_expression: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub filter_option_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub is_extra: Option<bool>,
}

fn default_clause() -> FilterClause {
    FilterClause::Where
}

/// A validation message about one control of the form data, for example
/// `{control: "row_limit", message: "is expected to be an integer"}`. The message is the spec's
/// text; the client shows it next to the named control.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct FieldError {
    pub control: String,
    pub message: String,
}
