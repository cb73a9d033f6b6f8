//! CSV download of a run's results (`GET /api/v1/sqllab/export/{client_id}/`), as Superset's
//! `SqlResultExportCommand`: the rows kept with the async results when the run has them, else the
//! run's last executed statement run again (a CREATE TABLE AS run's read-back of its table), cut at
//! the run's limit. Cells that a spreadsheet would read as a formula are escaped as Superset's
//! `df_to_escaped_csv` does.

use std::time::Duration;

use arrow::record_batch::RecordBatch;
use chrono::NaiveDateTime;
use quiver_types::{ErrorExtra, ErrorType};
use serde_json::Value;

use super::guard::{self, SqlEngine};
use super::{async_run, results, run};
use crate::auth::AuthUser;
use crate::chart_data::csv::escape;
use crate::chart_data::engine_error;
use crate::engines::{QueryOutput, RunControl, Statement};
use crate::error::{ApiError, ErrorKind};
use crate::state::AppState;
use crate::store::query::QueryRecord;

/// A run's results as a CSV file.
#[derive(Debug)]
pub struct CsvExport {
    /// Superset's `sqllab_{tab}_{timestamp}` (no extension).
    pub file_name: String,
    pub text: String,
}

fn query_not_found() -> ApiError {
    ApiError::typed(
        ErrorKind::NotFound,
        ErrorType::ResultsBackendError,
        "The query associated with the results was deleted.",
        ErrorExtra::default(),
    )
}

/// The CSV of the run `client_id`, for its owner or an admin.
pub async fn export_csv(app: &AppState, user: &AuthUser, client_id: &str) -> Result<CsvExport, ApiError> {
    let record = app
        .store
        .query_by_client_id(client_id)
        .await?
        .ok_or_else(query_not_found)?;
    if !user.is_admin() && record.user_id != Some(user.id) {
        return Err(ApiError::typed(
            ErrorKind::Forbidden,
            ErrorType::QuerySecurityAccessError,
            "Cannot access the query",
            ErrorExtra::default(),
        ));
    }
    let kept = match record.results_key.as_deref() {
        Some(key) => kept_rows(app, user, key).await?,
        None => None,
    };
    let rows = match kept {
        Some(rows) => rows,
        None => run_again(app, user, &record).await?,
    };
    let shown = record
        .limit
        .and_then(|limit| usize::try_from(limit).ok())
        .unwrap_or(usize::MAX);
    let batches = results::rows_within_limit(&rows.batches, shown);
    let header: Vec<String> = rows
        .schema
        .fields()
        .iter()
        .map(|field| field.name().clone())
        .collect();
    Ok(CsvExport {
        file_name: export_file_name(record.tab_name.as_deref(), chrono::Utc::now().naive_utc()),
        text: csv_text(&header, &batches),
    })
}

/// The rows kept for an asynchronous run, or `None` once they expired (then the run is re-run).
async fn kept_rows(app: &AppState, user: &AuthUser, key: &str) -> Result<Option<QueryOutput>, ApiError> {
    match async_run::results(app, user, key, None).await {
        Ok(kept) => Ok(Some(kept.rows)),
        Err(error) if error.kind == ErrorKind::Gone => Ok(None),
        Err(error) => Err(error),
    }
}

/// Runs the run's last executed statement again, as the run's database allows.
async fn run_again(app: &AppState, user: &AuthUser, record: &QueryRecord) -> Result<QueryOutput, ApiError> {
    let executed_sql = record
        .executed_sql
        .as_deref()
        .filter(|sql| !sql.trim().is_empty())
        .ok_or_else(query_not_found)?;
    let database = run::authorized_database(app, user, record.database_id).await?;
    let engine_kind = SqlEngine::from_backend(&database.backend).ok_or_else(|| {
        ApiError::bad_request(format!("The {} engine is not supported yet", database.backend))
    })?;
    // Only the last statement is run again (a CREATE TABLE AS run's read-back of its table); it
    // passes the guard like any statement of a run.
    let pieces = guard::split_statements(executed_sql, engine_kind).map_err(run::guard_error)?;
    let last_piece = pieces.last().ok_or_else(query_not_found)?;
    let statements =
        guard::check_script(last_piece, engine_kind, database.allow_dml).map_err(run::guard_error)?;
    let last = statements.last().ok_or_else(query_not_found)?;
    let engine = app
        .engines
        .engine_for(&database)
        .await
        .map_err(|error| crate::chart_data::engine_open_error(&database.backend, error))?;
    let control = RunControl {
        cancel: None,
        read_only: !database.allow_dml,
    };
    let timeout = Duration::from_secs(app.settings.query_timeout_seconds.max(1));
    let statement = Statement {
        sql: last.text.clone(),
        params: vec![],
    };
    engine
        .execute_controlled(statement, timeout, &control)
        .await
        .map_err(|error| engine_error(engine.engine_name(), error, &last.text))
}

/// Superset's `Query.name`: `sqllab_{tab name in lower case, spaces as _, other non-word
/// characters dropped, or notab}_{YYYYMMDDTHHMMSS}`.
pub fn export_file_name(tab_name: Option<&str>, now: NaiveDateTime) -> String {
    let tab: String = tab_name
        .map(|name| name.replace(' ', "_").to_lowercase())
        .unwrap_or_else(|| "notab".to_owned())
        .chars()
        .filter(|character| character.is_alphanumeric() || *character == '_')
        .collect();
    format!("sqllab_{tab}_{}", now.format("%Y%m%dT%H%M%S"))
}

/// Superset's `escape_value`: text a spreadsheet would run as a formula (starting with `=`, `+`,
/// `-`, `@`, a tab or a carriage return, but not a negative number) gets a leading `'`, its `|`
/// escaped.
pub fn escape_formula(text: &str) -> String {
    let starts_like_formula = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let is_negative_number = text.strip_prefix('-').is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .chars()
                .all(|character| character.is_ascii_digit() || character == '.')
    });
    if starts_like_formula && !is_negative_number {
        format!("'{}", text.replace('|', "\\|"))
    } else {
        text.to_owned()
    }
}

/// A cell as pandas writes it: nothing for null, `True`/`False`, numbers as they are, text
/// escaped for spreadsheets, then quoted per RFC 4180 when needed.
fn cell_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(number) => number.to_string(),
        Value::String(text) => escape(&escape_formula(text)),
        other => escape(&escape_formula(&other.to_string())),
    }
}

/// The header and the rows, lines ended by `\n` as pandas writes them.
pub fn csv_text(header: &[String], batches: &[RecordBatch]) -> String {
    let mut text = header
        .iter()
        .map(|name| escape(&escape_formula(name)))
        .collect::<Vec<_>>()
        .join(",");
    text.push('\n');
    for batch in batches {
        let columns: Vec<Vec<Value>> = batch.columns().iter().map(results::sqllab_values).collect();
        for row in 0..batch.num_rows() {
            let cells: Vec<String> = columns
                .iter()
                .map(|values| values.get(row).map(cell_text).unwrap_or_default())
                .collect();
            text.push_str(&cells.join(","));
            text.push('\n');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{BooleanArray, Int64Array, StringArray};
    use arrow::datatypes::{DataType, Field, Schema};

    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_escaped() {
        let schema = Arc::new(Schema::new(vec![
            Field::new("name", DataType::Utf8, true),
            Field::new("num", DataType::Int64, true),
            Field::new("ok", DataType::Boolean, true),
        ]));
        let batch = RecordBatch::try_new(
            schema,
            vec![
                Arc::new(StringArray::from(vec![
                    Some("plain"),
                    Some("a,\"b\""),
                    Some("=SUM(A1|A2)"),
                    None,
                ])),
                Arc::new(Int64Array::from(vec![Some(1), Some(-2), None, Some(4)])),
                Arc::new(BooleanArray::from(vec![
                    Some(true),
                    Some(false),
                    None,
                    Some(true),
                ])),
            ],
        )
        .unwrap();
        let header = ["name".to_owned(), "num".to_owned(), "ok".to_owned()];
        assert_eq!(
            csv_text(&header, &[batch]),
            "name,num,ok\nplain,1,True\n\"a,\"\"b\"\"\",-2,False\n'=SUM(A1\\|A2),,\n,4,True\n"
        );
    }

    #[test]
    fn negative_numbers_as_text_are_not_escaped() {
        assert_eq!(escape_formula("-12.5"), "-12.5");
        assert_eq!(escape_formula("-x"), "'-x");
        assert_eq!(escape_formula("@user"), "'@user");
    }

    #[test]
    fn the_file_is_named_after_the_tab_as_superset_names_it() {
        let now = NaiveDateTime::parse_from_str("2026-11-24 08:30:05", "%Y-%m-%d %H:%M:%S").unwrap();
        assert_eq!(
            export_file_name(Some("Untitled Query 1!"), now),
            "sqllab_untitled_query_1_20261124T083005"
        );
        assert_eq!(export_file_name(None, now), "sqllab_notab_20261124T083005");
    }
}
