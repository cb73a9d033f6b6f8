//! The cost estimate of SQL Lab (`POST /api/v1/sqllab/estimate/`): each statement of the script,
//! rendered and checked like a run, is planned with the engine's EXPLAIN (never executed) and
//! summed up as labelled figures.
//!
//! | engine | statement sent | figures |
//! | --- | --- | --- |
//! | PostgreSQL | `EXPLAIN (FORMAT JSON) ...` | Start-up cost, Total cost, Estimated rows (the plan's root) |
//! | DuckDB | `EXPLAIN (FORMAT JSON) ...` | Estimated rows (the root operator's cardinality) |
//! | MySQL, MariaDB | `EXPLAIN ...` | Estimated rows examined (the sum of the plan rows) |
//!
//! SQLite's planner gives no figures: it has no estimate (`allows_cost_estimate` is false).

use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Map, Value};

use quiver_types::SqlLabEstimatePayload;

use super::guard::{self, SqlEngine, StatementKind};
use super::run::{authorized_database, guard_error, template_error};
use super::{results, template};
use crate::auth::AuthUser;
use crate::chart_data::engine_error;
use crate::engines::{EngineError, RunControl, Statement};
use crate::error::ApiError;
use crate::state::AppState;

/// How long planning one statement may take.
const PLAN_TIMEOUT: Duration = Duration::from_secs(30);

/// Whether a database's engine can estimate a query's cost.
pub fn allows_cost_estimate(backend: &str) -> bool {
    matches!(
        SqlEngine::from_backend(backend),
        Some(SqlEngine::Postgres | SqlEngine::DuckDb | SqlEngine::MySql)
    )
}

/// The EXPLAIN statement that plans `sql` without running it.
fn explain_sql(engine: SqlEngine, sql: &str) -> Option<String> {
    match engine {
        SqlEngine::Postgres | SqlEngine::DuckDb => Some(format!("EXPLAIN (FORMAT JSON) {sql}")),
        SqlEngine::MySql => Some(format!("EXPLAIN {sql}")),
        SqlEngine::Sqlite => None,
    }
}

/// A planner figure as text: whole numbers without decimals, others with two.
fn figure(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{value:.0}")
    } else {
        format!("{value:.2}")
    }
}

fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Number(number) => number.as_f64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// The only text cell of an EXPLAIN (FORMAT JSON) answer that holds the plan, parsed.
fn json_plan(rows: &[Map<String, Value>]) -> Option<Value> {
    rows.iter()
        .flat_map(|row| row.values())
        .filter_map(Value::as_str)
        .find_map(|text| {
            serde_json::from_str::<Value>(text.trim())
                .ok()
                .filter(|plan| plan.is_array())
        })
}

/// The figures of one statement's plan.
fn plan_figures(engine: SqlEngine, rows: &[Map<String, Value>]) -> BTreeMap<String, String> {
    let mut figures = BTreeMap::new();
    match engine {
        SqlEngine::Postgres => {
            if let Some(root) = json_plan(rows)
                .as_ref()
                .and_then(|plan| plan.get(0)?.get("Plan").cloned())
            {
                let labels = [
                    ("Startup Cost", "Start-up cost"),
                    ("Total Cost", "Total cost"),
                    ("Plan Rows", "Estimated rows"),
                ];
                for (key, label) in labels {
                    if let Some(value) = root.get(key).and_then(number) {
                        figures.insert(label.to_owned(), figure(value));
                    }
                }
            }
        }
        SqlEngine::DuckDb => {
            let cardinality = json_plan(rows).as_ref().and_then(|plan| {
                let root = plan.get(0)?;
                let extra = root.get("extra_info")?;
                number(extra.get("Estimated Cardinality")?)
            });
            if let Some(rows) = cardinality {
                figures.insert("Estimated rows".to_owned(), figure(rows));
            }
        }
        SqlEngine::MySql => {
            let examined: f64 = rows
                .iter()
                .filter_map(|row| row.get("rows").and_then(number))
                .sum();
            figures.insert("Estimated rows examined".to_owned(), figure(examined));
        }
        SqlEngine::Sqlite => {}
    }
    figures
}

/// Plans every statement of the payload's script: one row of figures per statement.
pub async fn estimate(
    app: &AppState,
    user: &AuthUser,
    payload: SqlLabEstimatePayload,
    url_params: &BTreeMap<String, String>,
) -> Result<Vec<BTreeMap<String, String>>, ApiError> {
    let database = authorized_database(app, user, payload.database_id.0).await?;
    let engine_kind = SqlEngine::from_backend(&database.backend)
        .filter(|_| allows_cost_estimate(&database.backend))
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "The database {} does not support cost estimation.",
                database.database_name
            ))
        })?;
    let sql = template::render_sql(
        &payload.sql,
        &template::TemplateContext {
            params: payload.template_params.as_deref(),
            user,
            url_params,
        },
    )
    .map_err(template_error)?;
    // Only reads are planned, whatever the database allows: EXPLAIN ANALYZE-like side effects
    // are never wanted from an estimate.
    let statements = guard::check_script(&sql, engine_kind, false).map_err(guard_error)?;
    let engine = app
        .engines
        .engine_for(&database)
        .await
        .map_err(|error| crate::chart_data::engine_open_error(&database.backend, error))?;
    let control = RunControl {
        cancel: None,
        read_only: true,
    };
    let mut estimates = Vec::with_capacity(statements.len());
    for statement in statements {
        if statement.kind != StatementKind::Select {
            estimates.push(BTreeMap::new());
            continue;
        }
        let Some(explain) = explain_sql(engine_kind, &statement.text) else {
            continue;
        };
        let answer = engine
            .execute_controlled(
                Statement {
                    sql: explain.clone(),
                    params: vec![],
                },
                PLAN_TIMEOUT,
                &control,
            )
            .await;
        let output = match answer {
            Ok(output) => output,
            Err(EngineError::Timeout(seconds)) => {
                return Err(ApiError::bad_request(format!(
                    "The cost estimate exceeded the {seconds} seconds timeout."
                )))
            }
            Err(error) => return Err(engine_error(engine.engine_name(), error, &explain)),
        };
        let rows = results::records(&output.batches);
        estimates.push(plan_figures(engine_kind, &rows));
    }
    Ok(estimates)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn rows(values: Vec<Value>) -> Vec<Map<String, Value>> {
        values
            .into_iter()
            .map(|value| value.as_object().cloned().unwrap_or_default())
            .collect()
    }

    #[test]
    fn postgres_figures_come_from_the_plan_root() {
        let plan = json!([{"Plan": {"Node Type": "Seq Scan", "Startup Cost": 0.0, "Total Cost": 1.05, "Plan Rows": 5}}]);
        let figures = plan_figures(
            SqlEngine::Postgres,
            &rows(vec![json!({"QUERY PLAN": plan.to_string()})]),
        );
        assert_eq!(
            figures,
            BTreeMap::from([
                ("Start-up cost".to_owned(), "0".to_owned()),
                ("Total cost".to_owned(), "1.05".to_owned()),
                ("Estimated rows".to_owned(), "5".to_owned()),
            ])
        );
    }

    #[test]
    fn duckdb_figures_come_from_the_root_cardinality() {
        let plan =
            json!([{"name": "PROJECTION", "extra_info": {"Estimated Cardinality": "1000"}, "children": []}]);
        let figures = plan_figures(
            SqlEngine::DuckDb,
            &rows(vec![
                json!({"explain_key": "physical_plan", "explain_value": plan.to_string()}),
            ]),
        );
        assert_eq!(figures["Estimated rows"], "1000");
    }

    #[test]
    fn mysql_sums_the_rows_of_the_plan() {
        let figures = plan_figures(
            SqlEngine::MySql,
            &rows(vec![
                json!({"table": "a", "rows": 120}),
                json!({"table": "b", "rows": "30"}),
            ]),
        );
        assert_eq!(figures["Estimated rows examined"], "150");
    }

    #[test]
    fn only_planning_engines_allow_an_estimate() {
        assert!(allows_cost_estimate("postgresql"));
        assert!(allows_cost_estimate("duckdb"));
        assert!(allows_cost_estimate("mysql"));
        assert!(!allows_cost_estimate("sqlite"));
        assert_eq!(
            explain_sql(SqlEngine::MySql, "SELECT 1").unwrap(),
            "EXPLAIN SELECT 1"
        );
        assert_eq!(explain_sql(SqlEngine::Sqlite, "SELECT 1"), None);
    }
}
