//! SQL generation: a query object over a dataset becomes one statement for an engine's dialect.
//! Every value is a bind parameter; every identifier is checked against the dataset and quoted;
//! every user SQL fragment passes [`validate::validate_fragment`].

pub mod time_grain;
pub mod validate;

use quiver_types::{
    AdhocMetric, Aggregate, ColumnRef, Dataset, ExpressionType, FilterOperator, GenericDataType, MetricRef,
    QueryObject, QueryObjectFilter,
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
    /// The time range cannot be read, or starts after it ends.
    #[error("{0}")]
    InvalidTimeRange(String),
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
    now: chrono::NaiveDateTime,
    relative_start: Option<&'a str>,
    relative_end: Option<&'a str>,
    /// The bounds of the last time range applied, for `from_dttm` and `to_dttm`.
    time_bounds: Option<quiver_core::TimeBounds>,
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
        Ok(
            match column
                .expression
                .as_deref()
                .map(str::trim)
                .filter(|expression| !expression.is_empty())
            {
                Some(expression) => format!("({expression})"),
                None => self.quote(&column.column_name),
            },
        )
    }

    fn column_expression(&self, column: &ColumnRef) -> Result<String, QueryError> {
        match column {
            ColumnRef::Physical(name) => self.dataset_column(name),
            ColumnRef::Adhoc(adhoc) => {
                let names_a_column = self
                    .dataset
                    .columns
                    .iter()
                    .any(|column| column.column_name == adhoc.sql_expression);
                let is_column_reference = adhoc.is_column_reference == Some(true) || names_a_column;
                let base = if is_column_reference {
                    self.dataset_column(&adhoc.sql_expression)?
                } else {
                    format!("({})", validate_fragment(&adhoc.sql_expression)?)
                };
                // As Superset, a time grain applies to temporal columns only: an x-axis on `state`
                // groups by the state, not by `DATE_TRUNC('day', state)`.
                let takes_time_grain =
                    !is_column_reference || self.is_temporal_dataset_column(&adhoc.sql_expression);
                match adhoc
                    .time_grain
                    .as_deref()
                    .filter(|grain| !grain.is_empty() && takes_time_grain)
                {
                    Some(grain) => self.with_time_grain(grain, &base),
                    None => Ok(base),
                }
            }
        }
    }

    fn with_time_grain(&self, grain: &str, expression: &str) -> Result<String, QueryError> {
        time_grain::time_grain_sql(self.dialect.grain_flavor(), grain, expression)
            .ok_or_else(|| QueryError::Unsupported(format!("Unknown time grain: {grain}")))
    }

    /// Whether the dataset column `name` holds times (marked temporal, or of a temporal type).
    fn is_temporal_dataset_column(&self, name: &str) -> bool {
        self.dataset.columns.iter().any(|c| {
            c.column_name == name && (c.is_dttm || c.type_generic == Some(GenericDataType::Temporal))
        })
    }

    /// Whether a column's values are times (a time grain applies, or the dataset says so).
    fn is_temporal(&self, column: &ColumnRef) -> bool {
        match column {
            ColumnRef::Physical(name) => self
                .dataset
                .columns
                .iter()
                .any(|c| &c.column_name == name && c.is_dttm),
            ColumnRef::Adhoc(adhoc) => {
                let names_a_column = self
                    .dataset
                    .columns
                    .iter()
                    .any(|c| c.column_name == adhoc.sql_expression);
                if names_a_column {
                    return self.is_temporal_dataset_column(&adhoc.sql_expression);
                }
                adhoc.time_grain.as_deref().is_some_and(|grain| !grain.is_empty())
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
                let sql = metric.sql_expression.as_deref().ok_or_else(|| {
                    QueryError::InvalidMetric("a SQL metric needs sqlExpression".to_owned())
                })?;
                Ok(format!("({})", validate_fragment(sql)?))
            }
            ExpressionType::Simple => {
                let column = metric
                    .column
                    .as_ref()
                    .ok_or_else(|| QueryError::InvalidMetric("a simple metric needs a column".to_owned()))?;
                let aggregate = metric.aggregate.ok_or_else(|| {
                    QueryError::InvalidMetric("a simple metric needs an aggregate".to_owned())
                })?;
                let column = self.dataset_column(&column.column_name)?;
                Ok(match aggregate {
                    Aggregate::CountDistinct => format!("COUNT(DISTINCT {column})"),
                    other => format!("{}({column})", other.as_str()),
                })
            }
        }
    }

    /// An order-by term names a selected column (by label), a metric (saved or adhoc) or a
    /// dataset column.
    fn orderby_expression(
        &self,
        term: &MetricRef,
        selected_columns: &[(String, String)],
    ) -> Result<String, QueryError> {
        let label = metric_label(term);
        if let Some((_, expression)) = selected_columns.iter().find(|(selected, _)| *selected == label) {
            return Ok(expression.clone());
        }
        match term {
            MetricRef::Saved(name)
                if self
                    .dataset
                    .metrics
                    .iter()
                    .any(|metric| &metric.metric_name == name) =>
            {
                self.metric_expression(term)
            }
            MetricRef::Saved(name) => self.dataset_column(name),
            MetricRef::Adhoc(_) => self.metric_expression(term),
        }
    }

    fn filter_condition(&mut self, filter: &QueryObjectFilter) -> Result<Option<String>, QueryError> {
        let column = self.column_expression(&filter.col)?;
        let column_name = column_label(&filter.col);
        let invalid = |reason: &str| QueryError::InvalidFilterValue {
            column: column_name.clone(),
            reason: reason.to_owned(),
        };
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
                    (false, true, true) => {
                        format!("({column} IN ({}) OR {column} IS NULL)", placeholders.join(", "))
                    }
                    (false, true, false) => {
                        format!(
                            "({column} NOT IN ({}) AND {column} IS NOT NULL)",
                            placeholders.join(", ")
                        )
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
                    FilterOperator::Like => self.dialect.like(&column, &placeholder),
                    FilterOperator::NotLike => format!("NOT ({})", self.dialect.like(&column, &placeholder)),
                    _ => self.dialect.ilike(&column, &placeholder),
                }
            }
            FilterOperator::TemporalRange => {
                let range = match &filter.val {
                    Some(Value::String(range)) => range.clone(),
                    Some(Value::Null) | None => NO_TIME_RANGE.to_owned(),
                    _ => return Err(invalid("a time range is text")),
                };
                return self.time_range_condition(&column, &range);
            }
            FilterOperator::Equals
            | FilterOperator::NotEquals
            | FilterOperator::GreaterThan
            | FilterOperator::LessThan
            | FilterOperator::GreaterThanOrEquals
            | FilterOperator::LessThanOrEquals => {
                let operator = comparison_sql(filter.op);
                match &filter.val {
                    None | Some(Value::Null) if filter.op == FilterOperator::Equals => {
                        format!("{column} IS NULL")
                    }
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

/// Superset's "no time range" value.
pub const NO_TIME_RANGE: &str = "No filter";

impl Compiler<'_> {
    /// `column >= since AND column < until` for a time range (inclusive start, exclusive end);
    /// `None` when the range is unbounded on both sides.
    fn time_range_condition(&mut self, column: &str, range: &str) -> Result<Option<String>, QueryError> {
        let range = range.trim();
        if range.is_empty() || range.eq_ignore_ascii_case(NO_TIME_RANGE) {
            return Ok(None);
        }
        let bounds = quiver_core::resolve_time_range(
            range,
            self.now,
            Some(self.relative_start.unwrap_or("today")),
            Some(self.relative_end.unwrap_or("today")),
        )
        .map_err(|error| QueryError::InvalidTimeRange(error.to_string()))?;
        let mut conditions = Vec::new();
        let format = |time: chrono::NaiveDateTime| time.format("%Y-%m-%d %H:%M:%S").to_string();
        if let Some(since) = bounds.since {
            let placeholder = self.bind(SqlValue::Text(format(since)));
            conditions.push(format!(
                "{column} >= {}",
                self.dialect.timestamp_param(&placeholder)
            ));
        }
        if let Some(until) = bounds.until {
            let placeholder = self.bind(SqlValue::Text(format(until)));
            conditions.push(format!(
                "{column} < {}",
                self.dialect.timestamp_param(&placeholder)
            ));
        }
        self.time_bounds = Some(bounds);
        Ok(if conditions.is_empty() {
            None
        } else {
            Some(conditions.join(" AND "))
        })
    }
}

impl Compiler<'_> {
    /// The WHERE conditions of a query object (filters, the legacy time range on the granularity
    /// column, extras.where) and the columns of the filters applied.
    fn where_conditions(&mut self, query: &QueryObject) -> Result<(Vec<String>, Vec<String>), QueryError> {
        let mut conditions = Vec::new();
        let mut applied = Vec::new();
        for filter in &query.filters {
            if let Some(condition) = self.filter_condition(filter)? {
                conditions.push(condition);
            }
            applied.push(column_label(&filter.col));
        }
        if let (Some(granularity), Some(range)) = (query.granularity.as_deref(), query.time_range.as_deref())
        {
            let has_temporal_filter = query
                .filters
                .iter()
                .any(|filter| filter.op == FilterOperator::TemporalRange);
            if !granularity.is_empty() && !has_temporal_filter {
                let column = self.dataset_column(granularity)?;
                if let Some(condition) = self.time_range_condition(&column, range)? {
                    conditions.push(condition);
                }
            }
        }
        if let Some(where_sql) = query
            .extras
            .where_sql
            .as_deref()
            .filter(|sql| !sql.trim().is_empty())
        {
            conditions.push(format!("({})", validate_fragment(where_sql)?));
        }
        Ok((conditions, applied))
    }

    /// Superset's series limit: the top `limit` combinations of the series columns by the series
    /// limit metric (or the first metric), under the same filters, joined back to the rows.
    fn series_limit_join(&mut self, query: &QueryObject, limit: i64) -> Result<String, QueryError> {
        let ranking_metric = match (
            &query.series_limit_metric,
            query.metrics.as_deref().and_then(|m| m.first()),
        ) {
            (Some(metric), _) | (None, Some(metric)) => metric.clone(),
            (None, None) => {
                return Err(QueryError::Unsupported(
                    "A series limit needs a metric".to_owned(),
                ))
            }
        };
        let mut inner_select = Vec::new();
        let mut inner_group_by = Vec::new();
        let mut join_on = Vec::new();
        let alias = self.quote("series_limit");
        for column in &query.series_columns {
            let expression = self.column_expression(column)?;
            let inner_label = self.quote(&format!("{}__", column_label(column)));
            inner_select.push(format!("{expression} AS {inner_label}"));
            inner_group_by.push(expression.clone());
            join_on.push(format!("{expression} = {alias}.{inner_label}"));
        }
        let ranking = self.metric_expression(&ranking_metric)?;
        let (conditions, _) = self.where_conditions(query)?;
        let mut inner = format!(
            "SELECT {}\n      FROM {}",
            inner_select.join(", "),
            from_clause(self.dataset, self.dialect)
        );
        if !conditions.is_empty() {
            inner.push_str(&format!("\n      WHERE {}", conditions.join(" AND ")));
        }
        inner.push_str(&format!(
            "\n      GROUP BY {}\n      ORDER BY {ranking} {}{}",
            inner_group_by.join(", "),
            if query.order_desc { "DESC" } else { "ASC" },
            self.dialect
                .limit_offset(Some(limit), None)
                .replace('\n', "\n      ")
        ));
        Ok(format!(
            "\nJOIN ({inner}) AS {alias}\n  ON {}",
            join_on.join(" AND ")
        ))
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
    match dataset
        .sql
        .as_deref()
        .map(str::trim)
        .filter(|sql| !sql.is_empty())
    {
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

/// A compiled query object: its statement, the columns of the filters it applied, the labels of
/// result columns that hold times, and the time range it applied.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledQuery {
    pub statement: Statement,
    pub applied_filters: Vec<String>,
    pub temporal_labels: Vec<String>,
    pub time_bounds: Option<quiver_core::TimeBounds>,
}

/// Compiles a query object over a dataset. `row_limit_max` caps the row limit; `now` anchors
/// relative time ranges.
pub fn compile_query(
    dataset: &Dataset,
    query: &QueryObject,
    dialect: &dyn Dialect,
    row_limit_max: i64,
    now: chrono::NaiveDateTime,
) -> Result<CompiledQuery, QueryError> {
    let mut compiler = Compiler {
        dataset,
        dialect,
        params: Vec::new(),
        now,
        relative_start: query.extras.relative_start.as_deref(),
        relative_end: query.extras.relative_end.as_deref(),
        time_bounds: None,
    };
    // `time_offsets` are run by the chart-data layer as further queries (time_offsets.rs).

    let mut select = Vec::new();
    let mut group_by = Vec::new();
    let mut selected_columns: Vec<(String, String)> = Vec::new();
    let mut temporal_labels = Vec::new();
    if query.is_timeseries {
        if let Some(granularity) = query.granularity.as_deref().filter(|name| !name.is_empty()) {
            let column = compiler.dataset_column(granularity)?;
            let expression = match query
                .extras
                .time_grain_sqla
                .as_deref()
                .filter(|grain| !grain.is_empty())
            {
                Some(grain) => compiler.with_time_grain(grain, &column)?,
                None => column,
            };
            select.push(format!("{expression} AS {}", compiler.quote("__timestamp")));
            selected_columns.push(("__timestamp".to_owned(), expression.clone()));
            group_by.push(expression);
            temporal_labels.push("__timestamp".to_owned());
        }
    }
    for column in &query.columns {
        let expression = compiler.column_expression(column)?;
        let label = column_label(column);
        if compiler.is_temporal(column) {
            temporal_labels.push(label.clone());
        }
        select.push(format!("{expression} AS {}", compiler.quote(&label)));
        selected_columns.push((label, expression.clone()));
        group_by.push(expression);
    }
    let metrics = query.metrics.as_deref();
    for metric in metrics.unwrap_or_default() {
        let expression = compiler.metric_expression(metric)?;
        select.push(format!(
            "{expression} AS {}",
            compiler.quote(&metric_label(metric))
        ));
    }
    let is_aggregate =
        metrics.is_some_and(|metrics| !metrics.is_empty()) || (metrics.is_some() && !group_by.is_empty());
    if select.is_empty() {
        select.push("*".to_owned());
    }

    // The series-limit join comes before WHERE in the statement, so it binds its values first
    // (positional `?` placeholders follow the text order).
    let series_limit_join = match query.series_limit.filter(|limit| *limit > 0) {
        Some(limit) if !query.series_columns.is_empty() => Some(compiler.series_limit_join(query, limit)?),
        _ => None,
    };
    let (where_conditions, applied_filters) = compiler.where_conditions(query)?;
    let having = match query
        .extras
        .having
        .as_deref()
        .filter(|sql| !sql.trim().is_empty())
    {
        Some(having) => Some(format!("({})", validate_fragment(having)?)),
        None => None,
    };

    let mut order_by = Vec::new();
    for term in &query.orderby {
        let expression = compiler.orderby_expression(&term.0, &selected_columns)?;
        order_by.push(format!("{expression} {}", if term.1 { "ASC" } else { "DESC" }));
    }
    if order_by.is_empty() && is_aggregate {
        if let Some(first_metric) = metrics.and_then(|metrics| metrics.first()) {
            let expression = compiler.metric_expression(first_metric)?;
            order_by.push(format!(
                "{expression} {}",
                if query.order_desc { "DESC" } else { "ASC" }
            ));
        }
    }

    let mut sql = format!(
        "SELECT {}\nFROM {}",
        select.join(",\n       "),
        from_clause(dataset, dialect)
    );
    if let Some(join) = series_limit_join {
        sql.push_str(&join);
    }
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
    let row_limit = query
        .row_limit
        .filter(|limit| *limit > 0)
        .map_or(row_limit_max, |limit| limit.min(row_limit_max));
    sql.push_str(&dialect.limit_offset(Some(row_limit), query.row_offset));
    if query.is_rowcount == Some(true) {
        // Superset's row-count query: the limited rows, counted.
        sql = format!(
            "SELECT COUNT(*) AS {}\nFROM ({sql}) AS {}",
            compiler.quote("rowcount"),
            compiler.quote("rowcount_qry")
        );
        temporal_labels.clear();
    }
    Ok(CompiledQuery {
        statement: Statement {
            sql,
            params: compiler.params,
        },
        applied_filters,
        temporal_labels,
        time_bounds: compiler.time_bounds,
    })
}
