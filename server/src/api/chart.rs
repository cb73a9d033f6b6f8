//! Charts: `GET/POST/PUT/DELETE /api/v1/chart/`.

use axum::extract::State;
use quiver_types::{Chart, ChartId, ChartPost, ChartPut, IdResult, MessageResponse, UserId, UserRef};

use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath};
use crate::state::AppState;
use crate::store::chart::{ChartFields, ChartRecord};

async fn chart_body(app: &AppState, record: ChartRecord) -> Result<Chart, ApiError> {
    let mut owners = Vec::with_capacity(record.owners.len());
    for owner in &record.owners {
        if let Some(user) = app.store.user_by_id(*owner).await? {
            owners.push(UserRef {
                id: UserId(user.id),
                first_name: user.first_name,
                last_name: user.last_name,
            });
        }
    }
    Ok(Chart {
        id: ChartId(record.id),
        url: format!("/explore/?slice_id={}", record.id),
        uuid: record.uuid,
        slice_name: record.slice_name,
        viz_type: record.viz_type,
        params: record.params,
        query_context: record.query_context,
        description: record.description,
        cache_timeout: record.cache_timeout,
        datasource_id: record.datasource_id,
        datasource_type: record.datasource_type,
        owners,
        changed_on: record.changed_on,
    })
}

/// Only owners and admins change a chart.
fn require_owner(user: &AuthUser, record: &ChartRecord) -> Result<(), ApiError> {
    if user.is_admin() || record.owners.contains(&user.id) {
        Ok(())
    } else {
        Err(ApiError::forbidden("Changing this chart is forbidden"))
    }
}

fn check_params(params: Option<&str>) -> Result<(), ApiError> {
    if let Some(params) = params.filter(|params| !params.trim().is_empty()) {
        serde_json::from_str::<serde_json::Value>(params).map_err(|_| {
            ApiError::validation(serde_json::Map::from_iter([(
                "params".to_owned(),
                serde_json::json!(["JSON not valid"]),
            )]))
        })?;
    }
    Ok(())
}

pub async fn get_chart(
    State(app): State<AppState>,
    CurrentUser(_user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<IdResult<Chart>>, ApiError> {
    let record = app.store.chart(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: chart_body(&app, record).await?,
    }))
}

pub async fn create_chart(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(post): AppJson<ChartPost>,
) -> Result<(axum::http::StatusCode, AppJson<IdResult<Chart>>), ApiError> {
    if post.slice_name.trim().is_empty() {
        return Err(ApiError::validation(serde_json::Map::from_iter([(
            "slice_name".to_owned(),
            serde_json::json!(["Length must be between 1 and 250."]),
        )])));
    }
    check_params(post.params.as_deref())?;
    let dataset = app.store.dataset(post.datasource_id).await.map_err(|_| {
        ApiError::validation(serde_json::Map::from_iter([(
            "datasource_id".to_owned(),
            serde_json::json!(["Datasource does not exist"]),
        )]))
    })?;
    if !user.can_access_dataset(&dataset) {
        return Err(ApiError::forbidden("You do not have access to this dataset"));
    }
    let fields = ChartFields {
        slice_name: Some(post.slice_name),
        viz_type: Some(post.viz_type),
        datasource_id: Some(post.datasource_id),
        datasource_type: Some(post.datasource_type),
        params: post.params,
        query_context: post.query_context,
        description: post.description,
        cache_timeout: post.cache_timeout,
        owners: post.owners,
    };
    let id = app.store.create_chart(&fields, Some(user.id)).await?;
    let record = app.store.chart(id).await?;
    Ok((
        axum::http::StatusCode::CREATED,
        AppJson(IdResult {
            id,
            result: chart_body(&app, record).await?,
        }),
    ))
}

pub async fn update_chart(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(put): AppJson<ChartPut>,
) -> Result<AppJson<IdResult<Chart>>, ApiError> {
    let record = app.store.chart(id).await?;
    require_owner(&user, &record)?;
    check_params(put.params.as_deref())?;
    let fields = ChartFields {
        slice_name: put.slice_name,
        viz_type: put.viz_type,
        datasource_id: put.datasource_id,
        datasource_type: put.datasource_type,
        params: put.params,
        query_context: put.query_context,
        description: put.description,
        cache_timeout: put.cache_timeout,
        owners: put.owners,
    };
    app.store.update_chart(id, &fields, Some(user.id)).await?;
    let record = app.store.chart(id).await?;
    Ok(AppJson(IdResult {
        id,
        result: chart_body(&app, record).await?,
    }))
}

pub async fn delete_chart(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let record = app.store.chart(id).await?;
    require_owner(&user, &record)?;
    app.store.delete_chart(id).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}
