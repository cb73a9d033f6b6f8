//! SQL generation: a query object over a dataset becomes one statement for an engine's dialect.
//! Every value is a bind parameter; every identifier is checked against the dataset and quoted;
//! every user SQL fragment passes [`validate::validate_fragment`].

pub mod validate;

use quiver_types::{
    AdhocMetric, Aggregate, ColumnRef, Dataset, ExpressionType, FilterOperator, MetricRef, QueryObject,
    QueryObjectFilter,
};
use serde_json::Value;

use crate::engines::{Dialect, SqlValue, Statement};
use validate::{validate_fragment, FragmentError};

/// Why a query object cannot become SQL.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum QueryError {
    /// Columns named by the query are not in the dataset.
    #[error("Columns missing in dataset: {0:?}")]
    ColumnsMissing(Vec<String>),
    /// A saved metric named by the query is not in the dataset.
    #[error("Metric '{0}' does not exist")]
    MetricMissing(String),
    /// A user SQL fragment was refused.
    #[error(transparent)]
    Fragment(#[from] FragmentError),
    /// A filter's value does not fit its operator.
    #[error("Invalid filter value for {column}: {reason}")]
    InvalidFilterValue { column: String, reason: String },
    /// The query asks for something this version cannot do yet.
    #[error("{0}")]
    Unsupported(String),
    /// The adhoc metric is incomplete.
    #[error("Invalid metric: {0}")]
    InvalidMetric(String),
}

/// The SQL label of a metric (the alias of its result column).
pub fn metric_label(metric: &MetricRef) -> String {
    quiver_core::metric_label(metric)
}

/// The SQL label of a column.
pub fn column_label(column: &ColumnRef) -> String {
    quiver_core::column_label(column)
}

struct Compiler<'a> {
    dataset: &'a Dataset,
    dialect: &'a dyn Dialect,
    params: Vec<SqlValue>,
}

impl Compiler<'_> {
    fn bind(&mut self, value: SqlValue) -> String {
        self.params.push(value);
        self.dialect.placeholder(self.params.len())
    }

    fn quote(&self, name: &str) -> String {
        self.dialect.quote_identifier(name)
    }

    /// A physical or calculated column of the dataset, as SQL.
    fn dataset_column(&self, name: &str) -> Result<String, QueryError> {
        let column = self
            .dataset
            .columns
            .iter()
            .find(|column| column.column_name == name)
            .ok_or_else(|| QueryError::ColumnsMissing(vec![name.to_owned()]))?;
        Ok(match column.expression.as_deref().map(str::trim).filter(|expression| !expression.is_empty()) {
            Some(expression) => format!("({expression})"),
            None => self.quote(&column.column_name),
        })
    }

    fn column_expression(&self, column: &ColumnRef) -> Result<String, QueryError> {
        match column {
            ColumnRef::Physical(name) => self.dataset_column(name),
            ColumnRef::Adhoc(adhoc) => {
                if adhoc.is_column_reference == Some(true) {
                    return self.dataset_column(&adhoc.sql_expression);
                }
                Ok(format!("({})", validate_fragment(&adhoc.sql_expression)?))
            }
        }
    }

    fn metric_expression(&self, metric: &MetricRef) -> Result<String, QueryError> {
        match metric {
            MetricRef::Saved(name) => self
                .dataset
                .metrics
                .iter()
                .find(|saved| &saved.metric_name == name)
                .map(|saved| saved.expression.clone())
                .ok_or_else(|| QueryError::MetricMissing(name.clone())),
            MetricRef::Adhoc(adhoc) => self.adhoc_metric_expression(adhoc),
        }
    }

    fn adhoc_metric_expression(&self, metric: &AdhocMetric) -> Result<String, QueryError> {
        match metric.expression_type {
            ExpressionType::Sql => {
                let sql = metric
                    .sql_expression
                    .as_deref()
                    .ok_or_else(|| QueryError::InvalidMetric("a SQL metric needs sqlExpression".to_owned()))?;
                Ok(format!("({})", validate_fragment(sql)?))
            }
            ExpressionType::Simple => {
                let column = metric
                    .column
                    .as_ref()
                    .ok_or_else(|| QueryError::InvalidMetric("a simple metric needs a column".to_owned()))?;
                let aggregate = metric
                    .aggregate
                    .ok_or_else(|| QueryError::InvalidMetric("a simple metric needs an aggregate".to_owned()))?;
                let column = self.dataset_column(&column.column_name)?;
                Ok(match aggregate {
                    Aggregate::CountDistinct => format!("COUNT(DISTINCT {column})"),
                    other => format!("{}({column})", other.as_str()),
                })
            }
        }
    }

    /// An order-by term names a metric (saved or adhoc) or a column.
    fn orderby_expression(&self, term: &MetricRef) -> Result<String, QueryError> {
        match term {
            MetricRef::Saved(name) if self.dataset.metrics.iter().any(|metric| &metric.metric_name == name) => {
                self.metric_expression(term)
            }
            MetricRef::Saved(name) => self.dataset_column(name),
            MetricRef::Adhoc(_) => self.metric_expression(term),
        }
    }

    fn filter_condition(&mut self, filter: &QueryObjectFilter) -> Result<Option<String>, QueryError> {
        let column = self.column_expression(&filter.col)?;
        let column_name = column_label(&filter.col);
        let invalid = |reason: &str| QueryError::InvalidFilterValue { column: column_name.clone(), reason: reason.to_owned() };
        let condition = match filter.op {
            FilterOperator::IsNull => format!("{column} IS NULL"),
            FilterOperator::IsNotNull => format!("{column} IS NOT NULL"),
            FilterOperator::IsTrue => format!("{column} IS TRUE"),
            FilterOperator::IsFalse => format!("{column} IS FALSE"),
            FilterOperator::In | FilterOperator::NotIn => {
                let values = match &filter.val {
                    Some(Value::Array(values)) => values.clone(),
                    Some(Value::Null) | None => vec![],
                    Some(single) => vec![single.clone()],
                };
                let has_null = values.iter().any(Value::is_null);
                let mut placeholders = Vec::new();
                for value in values.iter().filter(|value| !value.is_null()) {
                    let value = scalar_value(value).ok_or_else(|| invalid("IN expects a list of values"))?;
                    placeholders.push(self.bind(value));
                }
                let is_in = filter.op == FilterOperator::In;
                match (placeholders.is_empty(), has_null, is_in) {
                    (true, false, true) => "1 = 0".to_owned(),
                    (true, false, false) => "1 = 1".to_owned(),
                    (true, true, true) => format!("{column} IS NULL"),
                    (true, true, false) => format!("{column} IS NOT NULL"),
                    (false, false, true) => format!("{column} IN ({})", placeholders.join(", ")),
                    (false, false, false) => format!("{column} NOT IN ({})", placeholders.join(", ")),
                    (false, true, true) => format!("({column} IN ({}) OR {column} IS NULL)", placeholders.join(", ")),
                    (false, true, false) => {
                        format!("({column} NOT IN ({}) AND {column} IS NOT NULL)", placeholders.join(", "))
                    }
                }
            }
            FilterOperator::Like | FilterOperator::NotLike | FilterOperator::Ilike => {
                let pattern = match &filter.val {
                    Some(Value::String(pattern)) => pattern.clone(),
                    Some(Value::Number(number)) => number.to_string(),
                    _ => return Err(invalid("LIKE expects a text pattern")),
                };
                let placeholder = self.bind(SqlValue::Text(pattern));
                match filter.op {
                    FilterOperator::Like => format!("{column} LIKE {placeholder}"),
                    FilterOperator::NotLike => format!("{column} NOT LIKE {placeholder}"),
                    _ => self.dialect.ilike(&column, &placeholder),
                }
            }
            FilterOperator::TemporalRange => {
                let range = match &filter.val {
                    Some(Value::String(range)) => range.trim().to_owned(),
                    Some(Value::Null) | None => "No filter".to_owned(),
                    _ => return Err(invalid("a time range is text")),
                };
                if range.eq_ignore_ascii_case("no filter") || range.is_empty() {
                    return Ok(None);
                }
                return Err(QueryError::Unsupported(format!("Time range '{range}' is not supported yet")));
            }
            FilterOperator::Equals
            | FilterOperator::NotEquals
            | FilterOperator::GreaterThan
            | FilterOperator::LessThan
            | FilterOperator::GreaterThanOrEquals
            | FilterOperator::LessThanOrEquals => {
                let operator = comparison_sql(filter.op);
                match &filter.val {
                    None | Some(Value::Null) if filter.op == FilterOperator::Equals => format!("{column} IS NULL"),
                    None | Some(Value::Null) if filter.op == FilterOperator::NotEquals => {
                        format!("{column} IS NOT NULL")
                    }
                    Some(value) => {
                        let value = scalar_value(value).ok_or_else(|| invalid("expects a single value"))?;
                        let placeholder = self.bind(value);
                        format!("{column} {operator} {placeholder}")
                    }
                    None => return Err(invalid("expects a value")),
                }
            }
        };
        Ok(Some(condition))
    }
}

fn comparison_sql(operator: FilterOperator) -> &'static str {
    match operator {
        FilterOperator::Equals => "=",
        FilterOperator::NotEquals => "!=",
        FilterOperator::GreaterThan => ">",
        FilterOperator::LessThan => "<",
        FilterOperator::GreaterThanOrEquals => ">=",
        _ => "<=",
    }
}

/// A JSON scalar as a bind value; arrays and objects are not scalars.
fn scalar_value(value: &Value) -> Option<SqlValue> {
    match value {
        Value::Null => Some(SqlValue::Null),
        Value::Bool(value) => Some(SqlValue::Bool(*value)),
        Value::Number(number) => Some(match number.as_i64() {
            Some(integer) => SqlValue::Int(integer),
            None => SqlValue::Float(number.as_f64()?),
        }),
        Value::String(text) => Some(SqlValue::Text(text.clone())),
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// The FROM source of a dataset: its table, or its SQL as a sub-query.
fn from_clause(dataset: &Dataset, dialect: &dyn Dialect) -> String {
    match dataset.sql.as_deref().map(str::trim).filter(|sql| !sql.is_empty()) {
        Some(sql) => format!("({}) AS virtual_table", sql.trim_end_matches(';')),
        None => {
            let table = dialect.quote_identifier(&dataset.table_name);
            match dataset.schema.as_deref().filter(|schema| !schema.is_empty()) {
                Some(schema) => format!("{}.{table}", dialect.quote_identifier(schema)),
                None => table,
            }
        }
    }
}

/// A compiled query object: its statement and the columns of the filters it applied.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledQuery {
    pub statement: Statement,
    pub applied_filters: Vec<String>,
}

/// Compiles a query object over a dataset. `row_limit_max` caps the row limit.
pub fn compile_query(
    dataset: &Dataset,
    query: &QueryObject,
    dialect: &dyn Dialect,
    row_limit_max: i64,
) -> Result<CompiledQuery, QueryError> {
    let mut compiler = Compiler { dataset, dialect, params: Vec::new() };
    if !query.series_columns.is_empty() && query.series_limit.unwrap_or(0) > 0 {
        return Err(QueryError::Unsupported("Series limits are not supported yet".to_owned()));
    }
    if !query.time_offsets.is_empty() {
        return Err(QueryError::Unsupported("Time comparison is not supported yet".to_owned()));
    }

    let mut select = Vec::new();
    let mut group_by = Vec::new();
    for column in &query.columns {
        let expression = compiler.column_expression(column)?;
        select.push(format!("{expression} AS {}", compiler.quote(&column_label(column))));
        group_by.push(expression);
    }
    let metrics = query.metrics.as_deref();
    for metric in metrics.unwrap_or_default() {
        let expression = compiler.metric_expression(metric)?;
        select.push(format!("{expression} AS {}", compiler.quote(&metric_label(metric))));
    }
    let is_aggregate = metrics.is_some_and(|metrics| !metrics.is_empty()) || (metrics.is_some() && !group_by.is_empty());
    if select.is_empty() {
        select.push("*".to_owned());
    }

    let mut where_conditions = Vec::new();
    let mut applied_filters = Vec::new();
    for filter in &query.filters {
        if let Some(condition) = compiler.filter_condition(filter)? {
            where_conditions.push(condition);
        }
        applied_filters.push(column_label(&filter.col));
    }
    if let Some(where_sql) = query.extras.where_sql.as_deref().filter(|sql| !sql.trim().is_empty()) {
        where_conditions.push(format!("({})", validate_fragment(where_sql)?));
    }
    let having = match query.extras.having.as_deref().filter(|sql| !sql.trim().is_empty()) {
        Some(having) => Some(format!("({})", validate_fragment(having)?)),
        None => None,
    };

    let mut order_by = Vec::new();
    for term in &query.orderby {
        let expression = compiler.orderby_expression(&term.0)?;
        order_by.push(format!("{expression} {}", if term.1 { "ASC" } else { "DESC" }));
    }
    if order_by.is_empty() && is_aggregate {
        if let Some(first_metric) = metrics.and_then(|metrics| metrics.first()) {
            let expression = compiler.metric_expression(first_metric)?;
            order_by.push(format!("{expression} {}", if query.order_desc { "DESC" } else { "ASC" }));
        }
    }

    let mut sql = format!("SELECT {}\nFROM {}", select.join(",\n       "), from_clause(dataset, dialect));
    if !where_conditions.is_empty() {
        sql.push_str(&format!("\nWHERE {}", where_conditions.join("\n  AND ")));
    }
    if is_aggregate && !group_by.is_empty() {
        sql.push_str(&format!("\nGROUP BY {}", group_by.join(",\n         ")));
    }
    if let Some(having) = having {
        sql.push_str(&format!("\nHAVING {having}"));
    }
    if !order_by.is_empty() {
        sql.push_str(&format!("\nORDER BY {}", order_by.join(",\n         ")));
    }
    let row_limit = query.row_limit.filter(|limit| *limit > 0).map_or(row_limit_max, |limit| limit.min(row_limit_max));
    sql.push_str(&dialect.limit_offset(Some(row_limit), query.row_offset));
    Ok(CompiledQuery { statement: Statement { sql, params: compiler.params }, applied_filters })
}
