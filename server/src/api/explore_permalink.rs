//! Explore permalinks: `POST /api/v1/explore/permalink` keeps a chart's state (form data and URL
//! parameters) for good and answers its key and URL; `GET /api/v1/explore/permalink/{key}` reads it.
//! The web app opens `/explore/p/{key}/`.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use quiver_types::{DatasourceType, ExplorePermalinkState, ExplorePermalinkValue, PermalinkResponse};

use super::explore_form_data::check_explore_access;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath};
use crate::state::AppState;

/// The key-value resource of Explore permalinks.
pub const PERMALINK_RESOURCE: &str = "explore_permalink";

/// Reads `"3__table"` into the dataset id and kind.
pub fn parse_datasource_key(datasource: &str) -> Option<(i64, DatasourceType)> {
    let (id, kind) = datasource.split_once("__")?;
    let id = id.parse::<i64>().ok()?;
    let kind = serde_json::from_value::<DatasourceType>(serde_json::Value::String(kind.to_owned())).ok()?;
    Some((id, kind))
}

/// The origin the browser used (`http://host:port`), from the Host and X-Forwarded-Proto headers.
pub fn request_origin(headers: &HeaderMap) -> String {
    let header = |name: &str| headers.get(name).and_then(|value| value.to_str().ok());
    let scheme = header("x-forwarded-proto").unwrap_or("http");
    match header("host") {
        Some(host) => format!("{scheme}://{host}"),
        None => String::new(),
    }
}

/// The stored permalink under a key, if any.
pub async fn explore_permalink(app: &AppState, key: &str) -> Result<Option<ExplorePermalinkValue>, ApiError> {
    let Some(entry) = app.store.value(PERMALINK_RESOURCE, key).await? else {
        return Ok(None);
    };
    match serde_json::from_str::<ExplorePermalinkValue>(&entry.value) {
        Ok(value) => Ok(Some(value)),
        Err(error) => {
            tracing::warn!(key, %error, "explore permalink is unreadable");
            Ok(None)
        }
    }
}

pub async fn create_permalink(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    AppJson(state): AppJson<ExplorePermalinkState>,
) -> Result<(StatusCode, AppJson<PermalinkResponse>), ApiError> {
    let datasource = state
        .form_data
        .get("datasource")
        .and_then(|value| value.as_str())
        .unwrap_or_default()
        .to_owned();
    let Some((datasource_id, datasource_type)) = parse_datasource_key(&datasource) else {
        return Err(ApiError::validation(serde_json::Map::from_iter([(
            "formData".to_owned(),
            serde_json::json!(["The form data must name its datasource as \"{id}__{type}\""]),
        )])));
    };
    let chart_id = state.form_data.get("slice_id").and_then(|value| value.as_i64());
    check_explore_access(&app, &user, datasource_id, datasource_type, chart_id).await?;
    let value = ExplorePermalinkValue {
        chart_id,
        datasource_id,
        datasource_type,
        datasource,
        state,
    };
    let text = serde_json::to_string(&value).map_err(ApiError::internal)?;
    let entry = app
        .store
        .put_value(PERMALINK_RESOURCE, &text, Some(user.id))
        .await?;
    let url = format!("{}/explore/p/{}/", request_origin(&headers), entry.uuid);
    Ok((
        StatusCode::CREATED,
        AppJson(PermalinkResponse { key: entry.uuid, url }),
    ))
}

pub async fn get_permalink(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(key): AppPath<String>,
) -> Result<AppJson<ExplorePermalinkValue>, ApiError> {
    let value = explore_permalink(&app, &key)
        .await?
        .ok_or_else(ApiError::not_found)?;
    check_explore_access(&app, &user, value.datasource_id, value.datasource_type, None).await?;
    Ok(AppJson(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datasource_keys_read_as_id_and_kind() {
        assert_eq!(parse_datasource_key("3__table"), Some((3, DatasourceType::Table)));
        assert_eq!(parse_datasource_key("3__nope"), None);
        assert_eq!(parse_datasource_key("x__table"), None);
        assert_eq!(parse_datasource_key(""), None);
    }

    #[test]
    fn the_origin_comes_from_the_host_header() {
        let mut headers = HeaderMap::new();
        headers.insert("host", "127.0.0.1:8088".parse().unwrap());
        assert_eq!(request_origin(&headers), "http://127.0.0.1:8088");
        headers.insert("x-forwarded-proto", "https".parse().unwrap());
        assert_eq!(request_origin(&headers), "https://127.0.0.1:8088");
    }
}
