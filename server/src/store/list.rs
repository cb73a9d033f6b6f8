//! Generic list queries over one metadata table, for every list page: Superset's filter
//! operators turned into SQL with bound values, ordering by a declared column, paging, and the
//! total count of the matching rows.
//!
//! A resource declares what may be filtered and sorted in a [`ListSpec`]; anything else is a
//! [`StoreError::InvalidQuery`] (a 400). Column names never come from the request: the SQL text
//! is assembled only from the spec's expressions and `$n` placeholders.

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, Row};

use super::{Store, StoreError, StoreResult};

/// One `(col, opr, value)` filter of a list call.
#[derive(Debug, Clone, PartialEq)]
pub struct ListFilter {
    pub column: String,
    pub operator: String,
    pub value: serde_json::Value,
}

/// A list call: filters, order, page.
#[derive(Debug, Clone, PartialEq)]
pub struct ListQuery {
    pub filters: Vec<ListFilter>,
    pub order_column: Option<String>,
    pub descending: bool,
    pub page: u64,
    pub page_size: u64,
    /// The columns asked for; empty means the resource's list columns.
    pub select_columns: Vec<String>,
}

impl ListQuery {
    /// Rows to skip before this page.
    pub fn offset(&self) -> u64 {
        self.page.saturating_mul(self.page_size)
    }
}

/// How a filterable column answers the generic operators.
#[derive(Debug, Clone, Copy)]
pub enum ColumnKind {
    /// Text: `sw`, `ew`, `ct` (case-insensitive, as Superset's `ilike`), `eq`, and the negations
    /// `nsw`, `new`, `nct`, `neq`; `gt`, `lt` and `between` compare the text.
    Text,
    /// A number: `eq`, `neq`, `gt`, `lt`, `between`.
    Number,
    /// A timestamp stored as ISO-8601 text: `eq`, `neq`, `gt`, `lt`, `between`.
    Time,
    /// A boolean: `eq`, `neq` with true or false.
    Bool,
    /// A one-to-many relation key (the related object's id): `rel_o_m`, `eq`, `neq`.
    RelatedOne,
    /// A many-to-many relation: `rel_m_m` keeps rows related to the id given. The subquery
    /// selects the related ids of the row whose id is `{id}`.
    RelatedMany { related_ids: &'static str },
}

impl ColumnKind {
    /// The operators a column of this kind answers, in the order `_info` lists them.
    pub fn operators(self) -> &'static [&'static str] {
        match self {
            ColumnKind::Text => &[
                "sw", "ew", "ct", "eq", "nsw", "new", "nct", "neq", "gt", "lt", "between",
            ],
            ColumnKind::Number | ColumnKind::Time => &["eq", "neq", "gt", "lt", "between"],
            ColumnKind::Bool => &["eq", "neq"],
            ColumnKind::RelatedOne => &["rel_o_m", "eq", "neq"],
            ColumnKind::RelatedMany { .. } => &["rel_m_m"],
        }
    }
}

/// A column a list call may filter on.
#[derive(Debug, Clone, Copy)]
pub struct ListColumn {
    /// The name in the API (`col`).
    pub name: &'static str,
    /// Its SQL expression over the spec's `from`.
    pub sql: &'static str,
    pub kind: ColumnKind,
}

/// A resource's own operators (favorites, certification, free-text search, tags): given a filter
/// and the caller, the SQL condition to add, or `None` when the operator is not one of them.
pub type CustomFilter = fn(&ListFilter, &mut Conditions, Option<i64>) -> Option<StoreResult<()>>;

/// What a resource lets list calls do.
#[derive(Debug, Clone, Copy)]
pub struct ListSpec {
    /// The `FROM` clause (a table, with joins when a column needs them).
    pub from: &'static str,
    /// The row id expression, also the final tie-breaker of every order.
    pub id: &'static str,
    pub filter_columns: &'static [ListColumn],
    /// `(order_column, SQL expression)` pairs.
    pub order_columns: &'static [(&'static str, &'static str)],
    /// The order when the call gives none: `(order_column, descending)`.
    pub default_order: (&'static str, bool),
    pub custom: Option<CustomFilter>,
}

/// A value bound to a `$n` placeholder.
#[derive(Debug, Clone, PartialEq)]
pub enum Bound {
    Text(String),
    Integer(i64),
    Float(f64),
    Bool(bool),
}

/// The `WHERE` conditions of a list call and the values they bind, in placeholder order.
#[derive(Debug, Default)]
pub struct Conditions {
    clauses: Vec<String>,
    values: Vec<Bound>,
}

impl Conditions {
    /// Binds a value and gives its placeholder.
    pub fn bind(&mut self, value: Bound) -> String {
        self.values.push(value);
        format!("${}", self.values.len())
    }

    /// Adds a condition (SQL from the spec and placeholders only).
    pub fn push(&mut self, clause: String) {
        self.clauses.push(clause);
    }

    /// Keeps the rows whose `sql` is one of `ids` (none when `ids` is empty).
    pub fn push_in(&mut self, sql: &str, ids: &[i64]) {
        let clause = if ids.is_empty() {
            "1 = 0".to_owned()
        } else {
            let placeholders = ids
                .iter()
                .map(|id| self.bind(Bound::Integer(*id)))
                .collect::<Vec<_>>()
                .join(", ");
            format!("{sql} IN ({placeholders})")
        };
        self.push(clause);
    }

    pub(crate) fn where_clause(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", self.clauses.join(" AND "))
        }
    }

    pub(crate) fn bind_all<'q>(
        &self,
        mut query: Query<'q, Any, AnyArguments<'q>>,
    ) -> Query<'q, Any, AnyArguments<'q>> {
        for value in &self.values {
            query = match value {
                Bound::Text(text) => query.bind(text.clone()),
                Bound::Integer(number) => query.bind(*number),
                Bound::Float(number) => query.bind(*number),
                Bound::Bool(flag) => query.bind(*flag),
            };
        }
        query
    }
}

/// The 400 of a filter the resource does not accept.
pub fn invalid(message: impl Into<String>) -> StoreError {
    StoreError::InvalidQuery(message.into())
}

/// `%`, `_` and `\` of a user's text matched literally in a `LIKE … ESCAPE '\'` pattern.
pub fn like_literal(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        if matches!(character, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(character);
    }
    escaped
}

/// The filter's value as text (numbers and booleans as they print).
pub fn value_text(filter: &ListFilter) -> StoreResult<String> {
    match &filter.value {
        serde_json::Value::String(text) => Ok(text.clone()),
        serde_json::Value::Number(number) => Ok(number.to_string()),
        serde_json::Value::Bool(flag) => Ok(flag.to_string()),
        _ => Err(invalid(format!("Invalid value for filter {}", filter.column))),
    }
}

/// The filter's value as an id or other integer (a numeric string counts).
pub fn value_integer(filter: &ListFilter) -> StoreResult<i64> {
    match &filter.value {
        serde_json::Value::Number(number) => number.as_i64(),
        serde_json::Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
    .ok_or_else(|| invalid(format!("Invalid value for filter {}", filter.column)))
}

/// The filter's value as a boolean (`true`, `false`, `"true"`, `1`...).
pub fn value_bool(filter: &ListFilter) -> StoreResult<bool> {
    match &filter.value {
        serde_json::Value::Bool(flag) => Some(*flag),
        serde_json::Value::Number(number) => number.as_i64().map(|number| number != 0),
        serde_json::Value::String(text) => match text.to_ascii_lowercase().as_str() {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            _ => None,
        },
        _ => None,
    }
    .ok_or_else(|| invalid(format!("Invalid value for filter {}", filter.column)))
}

/// A case-insensitive `LIKE` of `sql` against `pattern` (already escaped and with wildcards).
pub fn ilike(conditions: &mut Conditions, sql: &str, pattern: String, negated: bool) -> String {
    let placeholder = conditions.bind(Bound::Text(pattern));
    let not = if negated { "NOT " } else { "" };
    format!("{not}(LOWER(COALESCE({sql}, '')) LIKE LOWER({placeholder}) ESCAPE '\\')")
}

fn scalar(filter: &ListFilter, kind: ColumnKind) -> StoreResult<Bound> {
    Ok(match kind {
        ColumnKind::Number | ColumnKind::RelatedOne => match &filter.value {
            serde_json::Value::Number(number) if number.is_f64() => {
                Bound::Float(number.as_f64().unwrap_or_default())
            }
            _ => Bound::Integer(value_integer(filter)?),
        },
        ColumnKind::Bool => Bound::Bool(value_bool(filter)?),
        _ => Bound::Text(value_text(filter)?),
    })
}

/// `between`: a `[low, high]` pair, each end exclusive (Superset sends it as `gt` plus `lt`).
fn between(conditions: &mut Conditions, column: &ListColumn, filter: &ListFilter) -> StoreResult<String> {
    let ends = filter
        .value
        .as_array()
        .filter(|ends| ends.len() == 2)
        .ok_or_else(|| invalid(format!("Invalid value for filter {}", filter.column)))?;
    let mut parts = Vec::new();
    for (end, operator) in ends.iter().zip([">", "<"]) {
        if end.is_null() {
            continue;
        }
        let one = ListFilter {
            value: end.clone(),
            ..filter.clone()
        };
        let placeholder = conditions.bind(scalar(&one, column.kind)?);
        parts.push(format!("{} {operator} {placeholder}", column.sql));
    }
    Ok(if parts.is_empty() {
        "1 = 1".to_owned()
    } else {
        parts.join(" AND ")
    })
}

/// The condition of one generic operator on a declared column.
fn generic_condition(
    conditions: &mut Conditions,
    column: &ListColumn,
    filter: &ListFilter,
    id_sql: &str,
) -> StoreResult<String> {
    let operator = filter.operator.as_str();
    let refused = || {
        invalid(format!(
            "Filter operator {operator} is not allowed on column {}",
            filter.column
        ))
    };
    match column.kind {
        ColumnKind::Text => {
            let text = || value_text(filter).map(|text| like_literal(&text));
            match operator {
                "sw" => Ok(ilike(conditions, column.sql, format!("{}%", text()?), false)),
                "nsw" => Ok(ilike(conditions, column.sql, format!("{}%", text()?), true)),
                "ew" => Ok(ilike(conditions, column.sql, format!("%{}", text()?), false)),
                "new" => Ok(ilike(conditions, column.sql, format!("%{}", text()?), true)),
                "ct" => Ok(ilike(conditions, column.sql, format!("%{}%", text()?), false)),
                "nct" => Ok(ilike(conditions, column.sql, format!("%{}%", text()?), true)),
                "eq" | "neq" | "gt" | "lt" => comparison(conditions, column, filter),
                "between" => between(conditions, column, filter),
                _ => Err(refused()),
            }
        }
        ColumnKind::Number | ColumnKind::Time => match operator {
            "eq" | "neq" | "gt" | "lt" => comparison(conditions, column, filter),
            "between" => between(conditions, column, filter),
            _ => Err(refused()),
        },
        ColumnKind::Bool => match operator {
            "eq" | "neq" => comparison(conditions, column, filter),
            _ => Err(refused()),
        },
        ColumnKind::RelatedOne => match operator {
            "rel_o_m" | "eq" => {
                let placeholder = conditions.bind(Bound::Integer(value_integer(filter)?));
                Ok(format!("{} = {placeholder}", column.sql))
            }
            "neq" => {
                let placeholder = conditions.bind(Bound::Integer(value_integer(filter)?));
                Ok(format!("({0} IS NULL OR {0} <> {placeholder})", column.sql))
            }
            _ => Err(refused()),
        },
        ColumnKind::RelatedMany { related_ids } => match operator {
            "rel_m_m" => {
                let placeholder = conditions.bind(Bound::Integer(value_integer(filter)?));
                let subquery = related_ids.replace("{id}", id_sql);
                Ok(format!("{placeholder} IN ({subquery})"))
            }
            _ => Err(refused()),
        },
    }
}

fn comparison(conditions: &mut Conditions, column: &ListColumn, filter: &ListFilter) -> StoreResult<String> {
    let symbol = match filter.operator.as_str() {
        "eq" => "=",
        "neq" => "<>",
        "gt" => ">",
        "lt" => "<",
        other => return Err(invalid(format!("Filter operator {other} is not allowed"))),
    };
    let placeholder = conditions.bind(scalar(filter, column.kind)?);
    Ok(if symbol == "<>" {
        format!("({0} IS NULL OR {0} <> {placeholder})", column.sql)
    } else {
        format!("{} {symbol} {placeholder}", column.sql)
    })
}

/// The conditions of every filter of `query`.
pub fn conditions_of(spec: &ListSpec, query: &ListQuery, user_id: Option<i64>) -> StoreResult<Conditions> {
    let mut conditions = Conditions::default();
    for filter in &query.filters {
        if let Some(custom) = spec.custom {
            if let Some(done) = custom(filter, &mut conditions, user_id) {
                done?;
                continue;
            }
        }
        let column = spec
            .filter_columns
            .iter()
            .find(|column| column.name == filter.column)
            .ok_or_else(|| invalid(format!("Filter column: {} not allowed to filter", filter.column)))?;
        let clause = generic_condition(&mut conditions, column, filter, spec.id)?;
        conditions.push(clause);
    }
    Ok(conditions)
}

/// The ids of one page of matching rows, in order, and the count of every matching row.
#[derive(Debug, Clone, PartialEq)]
pub struct ListPage {
    pub count: i64,
    pub ids: Vec<i64>,
}

impl Store {
    /// Runs a list call: the count of every matching row and the ids of the page asked for.
    /// `visible` limits the rows to those whose `(SQL expression, ids)` pair matches: what the
    /// caller may see (for instance the datasets a Gamma user may read).
    pub async fn list_ids(
        &self,
        spec: &ListSpec,
        query: &ListQuery,
        user_id: Option<i64>,
        visible: Option<(&str, &[i64])>,
    ) -> StoreResult<ListPage> {
        let mut conditions = conditions_of(spec, query, user_id)?;
        if let Some((sql, ids)) = visible {
            conditions.push_in(sql, ids);
        }
        let where_clause = conditions.where_clause();
        let (order_name, descending) = match &query.order_column {
            Some(name) => (name.as_str(), query.descending),
            None => spec.default_order,
        };
        let order_sql = spec
            .order_columns
            .iter()
            .find(|(name, _)| *name == order_name)
            .map(|(_, sql)| *sql)
            .ok_or_else(|| invalid(format!("Invalid order by column: {order_name}")))?;
        let direction = if descending { "DESC" } else { "ASC" };

        let count_sql = format!("SELECT COUNT(*) AS count FROM {}{where_clause}", spec.from);
        let count: i64 = conditions
            .bind_all(sqlx::query(&count_sql))
            .fetch_one(&self.pool)
            .await?
            .try_get("count")?;

        // LIMIT and OFFSET are numbers checked by the parser, not text from the request.
        let page_sql = format!(
            "SELECT {id} AS id FROM {from}{where_clause} ORDER BY {order_sql} {direction}, {id} {direction} \
             LIMIT {limit} OFFSET {offset}",
            id = spec.id,
            from = spec.from,
            limit = query.page_size,
            offset = query.offset(),
        );
        let ids = conditions
            .bind_all(sqlx::query(&page_sql))
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| row.try_get::<i64, _>("id"))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ListPage { count, ids })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const SPEC: ListSpec = ListSpec {
        from: "slices",
        id: "slices.id",
        filter_columns: &[
            ListColumn {
                name: "slice_name",
                sql: "slices.slice_name",
                kind: ColumnKind::Text,
            },
            ListColumn {
                name: "owners",
                sql: "",
                kind: ColumnKind::RelatedMany {
                    related_ids: "SELECT user_id FROM slice_user WHERE slice_id = {id}",
                },
            },
            ListColumn {
                name: "changed_on",
                sql: "slices.changed_on",
                kind: ColumnKind::Time,
            },
        ],
        order_columns: &[("slice_name", "slices.slice_name")],
        default_order: ("slice_name", false),
        custom: None,
    };

    fn query(filters: Vec<(&str, &str, serde_json::Value)>) -> ListQuery {
        ListQuery {
            filters: filters
                .into_iter()
                .map(|(column, operator, value)| ListFilter {
                    column: column.to_owned(),
                    operator: operator.to_owned(),
                    value,
                })
                .collect(),
            order_column: None,
            descending: false,
            page: 0,
            page_size: 25,
            select_columns: vec![],
        }
    }

    #[test]
    fn values_are_bound_and_wildcards_escaped() {
        let conditions = conditions_of(
            &SPEC,
            &query(vec![
                ("slice_name", "ct", json!("50%_off' OR 1=1 --")),
                ("owners", "rel_m_m", json!(3)),
                ("changed_on", "between", json!(["2026-01-01", null])),
            ]),
            None,
        )
        .ok();
        let conditions = conditions.map(|conditions| (conditions.where_clause(), conditions.values));
        assert_eq!(
            conditions,
            Some((
                " WHERE (LOWER(COALESCE(slices.slice_name, '')) LIKE LOWER($1) ESCAPE '\\') AND \
                 $2 IN (SELECT user_id FROM slice_user WHERE slice_id = slices.id) AND slices.changed_on > $3"
                    .to_owned(),
                vec![
                    Bound::Text("%50\\%\\_off' OR 1=1 --%".to_owned()),
                    Bound::Integer(3),
                    Bound::Text("2026-01-01".to_owned()),
                ]
            ))
        );
    }

    #[test]
    fn unknown_columns_operators_and_values_are_refused() {
        for (column, operator, value) in [
            ("slice_name; DROP TABLE slices", "eq", json!("x")),
            ("slice_name", "rel_m_m", json!(1)),
            ("owners", "eq", json!(1)),
            ("owners", "rel_m_m", json!("me")),
            ("changed_on", "ct", json!("2026")),
            ("changed_on", "between", json!(["2026-01-01"])),
            ("slice_name", "eq", json!({"a": 1})),
        ] {
            let result = conditions_of(&SPEC, &query(vec![(column, operator, value)]), None);
            assert!(
                matches!(result, Err(StoreError::InvalidQuery(_))),
                "{column} {operator} was accepted"
            );
        }
    }
}
