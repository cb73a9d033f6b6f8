//! `sql_tables` of saved queries and query history (Superset's `sql_tables` property): the
//! tables a script reads, parsed with the database's dialect by the parser the guard uses.
//! Names of common table expressions and table functions are not tables; a script that does
//! not parse reads no known table.

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

use quiver_types::SqlTable;
use sqlparser::ast::{ObjectName, ObjectNamePart, Query, TableFactor, Visit, Visitor};
use sqlparser::parser::Parser;

use super::guard::SqlEngine;

/// Collects the tables of `FROM` and `JOIN` clauses and the names of common table expressions.
#[derive(Default)]
struct TableCollector {
    relations: Vec<Vec<String>>,
    cte_names: HashSet<String>,
}

fn name_parts(name: &ObjectName) -> Option<Vec<String>> {
    name.0
        .iter()
        .map(|part| match part {
            ObjectNamePart::Identifier(ident) if ident.quote_style != Some('\'') => Some(ident.value.clone()),
            _ => None,
        })
        .collect()
}

impl Visitor for TableCollector {
    type Break = ();

    fn pre_visit_query(&mut self, query: &Query) -> ControlFlow<()> {
        if let Some(with) = &query.with {
            for cte in &with.cte_tables {
                self.cte_names.insert(cte.alias.name.value.to_lowercase());
            }
        }
        ControlFlow::Continue(())
    }

    fn pre_visit_table_factor(&mut self, table_factor: &TableFactor) -> ControlFlow<()> {
        if let TableFactor::Table { name, args: None, .. } = table_factor {
            if let Some(parts) = name_parts(name) {
                self.relations.push(parts);
            }
        }
        ControlFlow::Continue(())
    }
}

/// The tables `sql` reads, sorted and without repeats: `catalog.schema.table`, `schema.table`
/// or `table` as written (a CTE's name is not one).
pub fn sql_tables(sql: &str, engine: SqlEngine) -> Vec<SqlTable> {
    let Ok(statements) = Parser::parse_sql(engine.dialect(), sql) else {
        return Vec::new();
    };
    let mut collector = TableCollector::default();
    for statement in &statements {
        let _ = statement.visit(&mut collector);
    }
    let TableCollector { relations, cte_names } = collector;
    let tables: BTreeSet<SqlTable> = relations
        .into_iter()
        .filter_map(|mut parts| {
            let table = parts.pop()?;
            if parts.is_empty() && cte_names.contains(&table.to_lowercase()) {
                return None;
            }
            let schema = parts.pop();
            let catalog = parts.pop();
            Some(SqlTable {
                table,
                schema,
                catalog,
            })
        })
        .collect();
    tables.into_iter().collect()
}

/// `sql_tables` of a stored SQL text on the database of `backend`; on an unknown backend the
/// PostgreSQL dialect reads it.
pub fn sql_tables_of_backend(sql: &str, backend: &str) -> Vec<SqlTable> {
    sql_tables(
        sql,
        SqlEngine::from_backend(backend).unwrap_or(SqlEngine::Postgres),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(sql: &str, engine: SqlEngine) -> Vec<String> {
        sql_tables(sql, engine)
            .into_iter()
            .map(|table| {
                [table.catalog, table.schema, Some(table.table)]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(".")
            })
            .collect()
    }

    #[test]
    fn tables_of_joins_subqueries_and_schemas_are_listed_once() {
        assert_eq!(
            names(
                "SELECT * FROM main.birth_names b JOIN wb_health_population p ON b.name = p.country_name \
                 WHERE b.num IN (SELECT num FROM birth_names) AND b.num > (SELECT 1 FROM main.birth_names)",
                SqlEngine::DuckDb
            ),
            ["birth_names", "main.birth_names", "wb_health_population"]
        );
        assert_eq!(
            names("SELECT 1 FROM \"East\".\"Sales\".\"Orders\"", SqlEngine::Postgres),
            ["East.Sales.Orders"]
        );
        assert_eq!(
            names("SELECT * FROM `my db`.t1; SELECT * FROM t2", SqlEngine::MySql),
            ["my db.t1", "t2"]
        );
    }

    #[test]
    fn ctes_table_functions_and_unparsable_sql_read_no_table() {
        assert_eq!(
            names(
                "WITH recent AS (SELECT * FROM events) SELECT * FROM recent JOIN users USING (id)",
                SqlEngine::Sqlite
            ),
            ["events", "users"]
        );
        assert!(names("SELECT * FROM range(10)", SqlEngine::DuckDb).is_empty());
        assert!(names("SELECT 1", SqlEngine::Postgres).is_empty());
        assert!(names("SELECT * FROM {{ table }}", SqlEngine::Postgres).is_empty());
    }
}
