//! Favorites: `GET /api/v1/chart/favorite_status/?q=!(ids)` and
//! `POST`/`DELETE /api/v1/chart/{pk}/favorites/`.

use axum::extract::State;
use quiver_types::{FavoriteStatus, ResultResponse};
use serde_json::Value;

use super::dataset::ListParams;
use super::list_query::parse_id_list;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::state::AppState;
use crate::store::chart_list::CHART_FAVORITE_CLASS;

/// The answer of `favorite_status` for one class of objects (`slice`, `Dashboard`, `Tag`).
pub async fn favorite_status_answer(
    app: &AppState,
    user_id: i64,
    class_name: &str,
    q: Option<&str>,
) -> Result<AppJson<ResultResponse<Vec<FavoriteStatus>>>, ApiError> {
    let ids = parse_id_list(q)?;
    let starred = app.store.favorite_ids(user_id, class_name, &ids).await?;
    Ok(AppJson(ResultResponse {
        result: ids
            .into_iter()
            .map(|id| FavoriteStatus {
                id,
                value: starred.contains(&id),
            })
            .collect(),
    }))
}

/// `GET /api/v1/chart/favorite_status/?q=!(1,2)`: `{"result": [{"id": 1, "value": true}, ...]}`.
pub async fn chart_favorite_status(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<ResultResponse<Vec<FavoriteStatus>>>, ApiError> {
    favorite_status_answer(&app, user.id, CHART_FAVORITE_CLASS, params.q.as_deref()).await
}

/// `POST /api/v1/chart/{pk}/favorites/`: stars the chart (404 when it does not exist).
pub async fn add_chart_favorite(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<ResultResponse<Value>>, ApiError> {
    app.store.chart(id).await?;
    app.store.add_favorite(user.id, CHART_FAVORITE_CLASS, id).await?;
    Ok(AppJson(ResultResponse {
        result: Value::String("OK".to_owned()),
    }))
}

/// `DELETE /api/v1/chart/{pk}/favorites/`: removes the star.
pub async fn remove_chart_favorite(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<ResultResponse<Value>>, ApiError> {
    app.store.chart(id).await?;
    app.store
        .remove_favorite(user.id, CHART_FAVORITE_CLASS, id)
        .await?;
    Ok(AppJson(ResultResponse {
        result: Value::String("OK".to_owned()),
    }))
}
