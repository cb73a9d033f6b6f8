//! `GET /api/v1/explore/`: the Explore page's dataset and form data.

use axum::extract::State;
use quiver_types::{DatasourceType, ExploreResponse, FormData, ResultResponse};
use serde::Deserialize;
use serde_json::{json, Map};

use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct ExploreParams {
    pub datasource_id: Option<i64>,
    pub datasource_type: Option<DatasourceType>,
    pub slice_id: Option<i64>,
}

/// The dataset (with columns and metrics) and the chart's form data, or a default one.
pub async fn explore(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ExploreParams>,
) -> Result<AppJson<ResultResponse<ExploreResponse>>, ApiError> {
    let (dataset_id, form_data) = match (params.slice_id, params.datasource_id) {
        (Some(slice_id), _) => {
            let chart = app.store.chart(slice_id).await?;
            let dataset_id = chart
                .datasource_id
                .ok_or_else(|| ApiError::bad_request("The chart has no dataset"))?;
            let mut form_data: FormData = match chart.params.as_deref() {
                Some(params) if !params.trim().is_empty() => serde_json::from_str(params)
                    .map_err(|error| ApiError::internal(format!("chart {slice_id} params: {error}")))?,
                _ => FormData::default(),
            };
            form_data.slice_id = Some(slice_id);
            form_data.viz_type.clone_from(&chart.viz_type);
            (dataset_id, form_data)
        }
        (None, Some(datasource_id)) => {
            if !matches!(params.datasource_type, None | Some(DatasourceType::Table)) {
                return Err(ApiError::bad_request(
                    "Only table datasources can be explored for now",
                ));
            }
            let mut extra = Map::new();
            extra.insert("time_range".to_owned(), json!("No filter"));
            extra.insert("row_limit".to_owned(), json!(1000));
            extra.insert("query_mode".to_owned(), json!("aggregate"));
            (
                datasource_id,
                FormData {
                    datasource: String::new(),
                    viz_type: "table".to_owned(),
                    slice_id: None,
                    extra,
                },
            )
        }
        (None, None) => return Err(ApiError::bad_request("Missing datasource_id or slice_id")),
    };
    let dataset = app.store.dataset(dataset_id).await?;
    if !user.can_access_dataset(&dataset) {
        return Err(ApiError::forbidden("You do not have access to this dataset"));
    }
    let mut form_data = form_data;
    form_data.datasource = format!("{}__table", dataset.id);
    Ok(AppJson(ResultResponse {
        result: ExploreResponse {
            dataset,
            form_data,
            message: None,
        },
    }))
}
