//! `GET /api/v1/explore/`: the Explore page's dataset, form data and saved chart, from a
//! datasource, a saved chart (`slice_id`), a cached state (`form_data_key`) or a permalink
//! (`permalink_key`).

use axum::extract::State;
use quiver_types::{DatasourceType, ExploreResponse, FormData, ResultResponse};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::chart::chart_body;
use super::explore_form_data::{cached_explore_state, check_explore_access};
use super::explore_permalink::explore_permalink;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct ExploreParams {
    pub datasource_id: Option<i64>,
    pub datasource_type: Option<DatasourceType>,
    pub slice_id: Option<i64>,
    pub form_data_key: Option<String>,
    pub permalink_key: Option<String>,
}

/// Superset's messages when a cached state is gone.
const CACHE_MISS_CHART: &str = "Form data not found in cache, reverting to chart metadata.";
const CACHE_MISS_DATASET: &str = "Form data not found in cache, reverting to dataset metadata.";

/// The form data a new chart starts from.
fn default_form_data() -> FormData {
    let mut extra = Map::new();
    extra.insert("time_range".to_owned(), json!("No filter"));
    extra.insert("row_limit".to_owned(), json!(1000));
    extra.insert("query_mode".to_owned(), json!("aggregate"));
    FormData {
        datasource: String::new(),
        viz_type: "table".to_owned(),
        slice_id: None,
        extra,
    }
}

/// Reads stored form data; None when it is not a JSON object of form data.
fn form_data_from_value(value: Value) -> Option<FormData> {
    if !value.is_object() {
        return None;
    }
    serde_json::from_value(value).ok()
}

/// Where the page's state came from, before the chart and dataset are read.
struct ExploreSource {
    form_data: Option<FormData>,
    chart_id: Option<i64>,
    dataset_id: Option<i64>,
    message: Option<String>,
}

async fn explore_source(app: &AppState, params: &ExploreParams) -> Result<ExploreSource, ApiError> {
    let mut source = ExploreSource {
        form_data: None,
        chart_id: params.slice_id,
        dataset_id: None,
        message: None,
    };
    if let Some(key) = &params.permalink_key {
        let permalink = explore_permalink(app, key)
            .await?
            .ok_or_else(ApiError::not_found)?;
        source.form_data = form_data_from_value(permalink.state.form_data);
        source.chart_id = source.chart_id.or(permalink.chart_id);
        source.dataset_id = Some(permalink.datasource_id);
        return Ok(source);
    }
    if let Some(key) = &params.form_data_key {
        let cached = cached_explore_state(app, key).await?;
        let form_data = cached.as_ref().and_then(|state| {
            serde_json::from_str::<Value>(&state.form_data)
                .ok()
                .and_then(form_data_from_value)
        });
        match (cached, form_data) {
            (Some(state), Some(form_data)) => {
                source.form_data = Some(form_data);
                source.chart_id = source.chart_id.or(state.chart_id);
                source.dataset_id = Some(state.datasource_id);
            }
            _ => {
                let message = if source.chart_id.is_some() {
                    CACHE_MISS_CHART
                } else {
                    CACHE_MISS_DATASET
                };
                source.message = Some(message.to_owned());
            }
        }
    }
    Ok(source)
}

/// The dataset (with columns and metrics), the form data (cached, saved or default) and the chart.
pub async fn explore(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ExploreParams>,
) -> Result<AppJson<ResultResponse<ExploreResponse>>, ApiError> {
    if !matches!(params.datasource_type, None | Some(DatasourceType::Table)) {
        return Err(ApiError::bad_request(
            "Only table datasources can be explored for now",
        ));
    }
    let source = explore_source(&app, &params).await?;
    let chart = match source.chart_id {
        Some(chart_id) if params.slice_id == Some(chart_id) => Some(app.store.chart(chart_id).await?),
        // A cached state or permalink may outlive its chart.
        Some(chart_id) => app.store.chart(chart_id).await.ok(),
        None => None,
    };
    let mut form_data = match (source.form_data, &chart) {
        (Some(form_data), _) => form_data,
        (None, Some(chart)) => {
            let mut form_data = match chart.params.as_deref() {
                Some(params) => serde_json::from_str::<Value>(params)
                    .ok()
                    .and_then(form_data_from_value)
                    .unwrap_or_else(default_form_data),
                None => default_form_data(),
            };
            form_data.viz_type.clone_from(&chart.viz_type);
            form_data
        }
        (None, None) => default_form_data(),
    };
    let dataset_id = source
        .dataset_id
        .or(chart.as_ref().and_then(|chart| chart.datasource_id))
        .or(params.datasource_id)
        .ok_or_else(|| ApiError::bad_request("Missing datasource_id or slice_id"))?;
    check_explore_access(&app, &user, dataset_id, DatasourceType::Table, None).await?;
    let dataset = app.store.dataset(dataset_id).await?;
    if let Some(chart) = &chart {
        // A view of the chart, for the home page's recents (issue #8).
        crate::api::log::record_view(&app, user.id, None, Some(chart.id)).await;
    }
    form_data.datasource = format!("{}__table", dataset.id);
    form_data.slice_id = chart.as_ref().map(|chart| chart.id);
    let slice = match chart {
        Some(chart) => Some(chart_body(&app, chart).await?),
        None => None,
    };
    Ok(AppJson(ResultResponse {
        result: ExploreResponse {
            dataset,
            form_data,
            slice,
            message: source.message,
        },
    }))
}
