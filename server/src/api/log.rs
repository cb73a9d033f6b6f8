//! The activity log: `POST /superset/log/?explode=events` (the web app's batched events, spec 002
//! §7) and `GET /api/v1/log/recent_activity/` (the dashboards and charts a user viewed, Superset's
//! shape), which feeds the home page's "Viewed" recents.

use axum::extract::{FromRequest, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use chrono::NaiveDateTime;
use quiver_types::{RecentActivity, ResultResponse};
use serde::Deserialize;
use serde_json::Value;

use super::humanize::time_ago;
use super::list_query::DEFAULT_PAGE_SIZE;
use super::rison::parse_rison;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;
use crate::store::log::{NewLog, RecentView, DASHBOARD_VIEW_ACTION, EXPLORE_VIEW_ACTION, LOG_ACTION};

/// The most events one call may carry: the web app's queue size (spec 002 §9).
pub const MAX_EVENTS_PER_BATCH: usize = 1024;
/// The largest page of recent activity.
const MAX_RECENT_PAGE_SIZE: u64 = 100;

/// The web app's events that are views of a dashboard or a chart.
const DASHBOARD_VIEW_EVENT: &str = "mount_dashboard";
const EXPLORE_VIEW_EVENT: &str = "mount_explorer";

/// Records a view (a dashboard or a chart), logging instead of failing: a view is answered even
/// when the log cannot be written.
pub async fn record_view(app: &AppState, user_id: i64, dashboard_id: Option<i64>, slice_id: Option<i64>) {
    if let Err(error) = app.store.log_view(user_id, dashboard_id, slice_id).await {
        tracing::warn!(%error, ?dashboard_id, ?slice_id, "view not logged");
    }
}

#[derive(Debug, Deserialize)]
pub struct LogParams {
    explode: Option<String>,
    dashboard_id: Option<i64>,
    slice_id: Option<i64>,
}

/// The form of a beacon: `events` holds the JSON list.
#[derive(Debug, Deserialize)]
struct LogForm {
    events: Option<String>,
}

fn invalid_events() -> ApiError {
    ApiError::bad_request("events must be a JSON list of objects")
}

/// The payload's events: `{"events": [...]}` (or the list as a JSON string) in JSON, or an
/// `events` form field holding the JSON list.
async fn read_payload(request: Request) -> Result<Value, ApiError> {
    let content_type = request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let axum::Form(form) = axum::Form::<LogForm>::from_request(request, &())
            .await
            .map_err(|rejection| ApiError::bad_request(rejection.body_text()))?;
        let events = form.events.ok_or_else(invalid_events)?;
        let events: Value = serde_json::from_str(&events).map_err(|_| invalid_events())?;
        return Ok(serde_json::json!({ "events": events }));
    }
    let AppJson(payload) = AppJson::<Value>::from_request(request, &()).await?;
    Ok(payload)
}

fn optional_integer(event: &Value, field: &str) -> Option<i64> {
    match event.get(field) {
        Some(Value::Number(number)) => number.as_i64(),
        Some(Value::String(text)) => text.trim().parse().ok(),
        _ => None,
    }
}

/// The record of one event: a view of a dashboard or chart gets the view's action.
fn record_of(event: &Value, params: &LogParams, user_id: i64) -> NewLog {
    let source = event.get("source").and_then(Value::as_str).unwrap_or_default();
    let source_id = optional_integer(event, "source_id");
    let dashboard_id = params
        .dashboard_id
        .or_else(|| optional_integer(event, "dashboard_id"))
        .or(if source == "dashboard" { source_id } else { None });
    let slice_id = params
        .slice_id
        .or_else(|| optional_integer(event, "slice_id"))
        .or(if matches!(source, "slice" | "explore") {
            source_id
        } else {
            None
        });
    let event_name = event
        .get("event_name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let action = match event_name {
        DASHBOARD_VIEW_EVENT if dashboard_id.is_some() => DASHBOARD_VIEW_ACTION,
        EXPLORE_VIEW_EVENT if slice_id.is_some() => EXPLORE_VIEW_ACTION,
        _ => LOG_ACTION,
    };
    NewLog {
        action: action.to_owned(),
        user_id: Some(user_id),
        json: Some(event.to_string()),
        // A dashboard view is the dashboard's; a chart view the chart's.
        dashboard_id: if action == EXPLORE_VIEW_ACTION {
            None
        } else {
            dashboard_id
        },
        slice_id: if action == DASHBOARD_VIEW_ACTION {
            None
        } else {
            slice_id
        },
        duration_ms: optional_integer(event, "duration"),
        referrer: event
            .get("referrer")
            .and_then(Value::as_str)
            .map(|text| text.chars().take(1024).collect()),
    }
}

/// `POST /superset/log/?explode=events`: writes each event of the batch as one record (or the
/// whole payload as one record without `explode=events`). Answers 200 with no body.
pub async fn log_events(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<LogParams>,
    request: Request,
) -> Result<StatusCode, ApiError> {
    let payload = read_payload(request).await?;
    let events: Vec<Value> = if params.explode.as_deref() == Some("events") {
        let events = match payload.get("events") {
            Some(Value::String(text)) => serde_json::from_str(text).map_err(|_| invalid_events())?,
            Some(events) => events.clone(),
            None => return Err(invalid_events()),
        };
        match events {
            Value::Array(events) => events,
            _ => return Err(invalid_events()),
        }
    } else {
        vec![payload]
    };
    if events.len() > MAX_EVENTS_PER_BATCH {
        return Err(ApiError::bad_request(format!(
            "A batch holds at most {MAX_EVENTS_PER_BATCH} events"
        )));
    }
    if !events.iter().all(Value::is_object) {
        return Err(invalid_events());
    }
    let records: Vec<NewLog> = events
        .iter()
        .map(|event| record_of(event, &params, user.id))
        .collect();
    app.store.insert_logs(&records).await?;
    Ok(StatusCode::OK)
}

#[derive(Debug, Deserialize)]
pub struct RecentParams {
    q: Option<String>,
}

fn recent_item(view: RecentView, now: chrono::DateTime<chrono::Utc>) -> RecentActivity {
    let time = NaiveDateTime::parse_from_str(&view.dttm, "%Y-%m-%dT%H:%M:%S%.f")
        .map(|then| then.and_utc().timestamp_millis() as f64)
        .unwrap_or_default();
    let time_delta_humanized = time_ago(&view.dttm, now);
    if view.action == DASHBOARD_VIEW_ACTION {
        let id = view.dashboard_id.unwrap_or_default();
        let path = view
            .dashboard_slug
            .filter(|slug| !slug.is_empty())
            .unwrap_or_else(|| id.to_string());
        RecentActivity {
            action: view.action,
            item_type: "dashboard".to_owned(),
            item_url: format!("/superset/dashboard/{path}/"),
            item_title: view.dashboard_title.unwrap_or_default(),
            time,
            time_delta_humanized,
        }
    } else {
        RecentActivity {
            action: view.action,
            item_type: "slice".to_owned(),
            item_url: format!("/explore/?slice_id={}", view.slice_id.unwrap_or_default()),
            item_title: view.slice_name.unwrap_or_default(),
            time,
            time_delta_humanized,
        }
    }
}

/// `GET /api/v1/log/recent_activity/?q=(page:0,page_size:5)`: the caller's viewed dashboards
/// and charts, latest first: `{"result": [{action, item_type, item_url, item_title, time,
/// time_delta_humanized}]}`.
pub async fn recent_activity(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<RecentParams>,
) -> Result<AppJson<ResultResponse<Vec<RecentActivity>>>, ApiError> {
    let mut page = 0;
    let mut page_size = DEFAULT_PAGE_SIZE;
    if let Some(q) = params.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let value = parse_rison(q).map_err(|error| ApiError::bad_request(error.to_string()))?;
        let fields = value
            .as_object()
            .ok_or_else(|| ApiError::bad_request("Not a valid rison argument"))?;
        for (key, value) in fields {
            let number = || {
                value
                    .as_u64()
                    .ok_or_else(|| ApiError::bad_request(format!("{key}: Not a valid integer.")))
            };
            match key.as_str() {
                "page" => page = number()?,
                "page_size" => page_size = number()?.clamp(1, MAX_RECENT_PAGE_SIZE),
                // Superset's flag: each object once (always so here).
                "distinct" => {}
                other => return Err(ApiError::bad_request(format!("{other}: Unknown field."))),
            }
        }
    }
    let now = chrono::Utc::now();
    let result = app
        .store
        .recent_views(user.id, page, page_size)
        .await?
        .into_iter()
        .map(|view| recent_item(view, now))
        .collect();
    Ok(AppJson(ResultResponse { result }))
}
