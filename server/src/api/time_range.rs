//! `GET /api/v1/time_range/?q=...`: resolved since and until of time ranges, for the UI.

use axum::extract::State;
use quiver_types::{ResolvedTimeRange, ResultResponse};
use serde_json::Value;

use super::dataset::ListParams;
use super::rison::parse_rison;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;

/// `q` is one rison string (`'Last week'`) or a list of `(timeRange: '...')` objects.
pub async fn time_range(
    State(_app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<ResultResponse<Vec<ResolvedTimeRange>>>, ApiError> {
    let query = parse_rison(params.q.as_deref().unwrap_or("'No filter'"))
        .map_err(|error| ApiError::bad_request(error.to_string()))?;
    let ranges: Vec<String> = match query {
        Value::String(range) => vec![range],
        Value::Array(items) => items
            .iter()
            .map(|item| item.get("timeRange").and_then(Value::as_str).map(str::to_owned))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| ApiError::bad_request("Each item needs a timeRange"))?,
        _ => {
            return Err(ApiError::bad_request(
                "q must be a time range or a list of {timeRange}",
            ))
        }
    };
    let now = chrono::Utc::now().naive_utc();
    let mut result = Vec::with_capacity(ranges.len());
    for range in ranges {
        let bounds = quiver_core::resolve_time_range(&range, now, None, None)
            .map_err(|error| ApiError::bad_request(format!("Unexpected time range: {error}")))?;
        let (since, until) = quiver_core::time_range_endpoints_text(bounds);
        result.push(ResolvedTimeRange {
            since: since.unwrap_or_default(),
            until: until.unwrap_or_default(),
            time_range: range,
        });
    }
    Ok(AppJson(ResultResponse { result }))
}
