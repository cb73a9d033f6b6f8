//! Explore opened by a form post (spec 002 section 7): `POST /explore/` (and Superset's older
//! `/superset/explore/`) with the field `form_data`, the chart's form data as JSON. The form
//! data is kept in the Explore state cache, as the web app's own unsaved state is, and the answer
//! redirects to `/explore/?form_data_key=...`, which opens it. `GET /superset/explore/` redirects
//! to `/explore/` with the same query string.

use axum::extract::{RawQuery, State};
use axum::response::Redirect;
use serde_json::Value;

use super::explore_form_data::{check_explore_access, store_explore_state, CachedExploreState};
use super::explore_json::{form_data_object, ExploreJsonBody};
use super::explore_permalink::parse_datasource_key;
use super::tab_state::JsonOrForm;
use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// `POST /explore/` and `POST /superset/explore/`: 303 to the Explore page holding the posted
/// form data; 400 without a form data naming its datasource (`"3__table"`), 404 or 403 as the
/// Explore state cache answers for the datasource and chart.
pub async fn explore_form_post(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    JsonOrForm(post): JsonOrForm<ExploreJsonBody>,
) -> Result<Redirect, ApiError> {
    let fields = form_data_object(post.form_data)?;
    let (datasource_id, datasource_type) = fields
        .get("datasource")
        .and_then(Value::as_str)
        .and_then(parse_datasource_key)
        .ok_or_else(|| ApiError::bad_request("form_data must name its datasource, as \"3__table\""))?;
    let chart_id = fields.get("slice_id").and_then(Value::as_i64);
    check_explore_access(&app, &user, datasource_id, datasource_type, chart_id).await?;
    let state = CachedExploreState {
        owner: user.id,
        datasource_id,
        datasource_type,
        chart_id,
        form_data: Value::Object(fields).to_string(),
    };
    let key = store_explore_state(&app, user.id, &state).await?;
    let location = match chart_id {
        Some(chart_id) => format!("/explore/?form_data_key={key}&slice_id={chart_id}"),
        None => format!("/explore/?form_data_key={key}"),
    };
    Ok(Redirect::to(&location))
}

/// `GET /superset/explore/`: Superset's old Explore address, redirected to `/explore/` with the
/// same query string.
pub async fn legacy_explore_redirect(RawQuery(query): RawQuery) -> Redirect {
    match query.filter(|query| !query.is_empty()) {
        Some(query) => Redirect::permanent(&format!("/explore/?{query}")),
        None => Redirect::permanent("/explore/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quiver_types::DatasourceType;

    #[test]
    fn form_data_is_read_from_json_text_or_an_object() {
        let fields = form_data_object(Some(Value::String(
            r#"{"datasource": "3__table", "viz_type": "table"}"#.to_owned(),
        )))
        .expect("JSON text is read");
        assert_eq!(fields["viz_type"], "table");
        assert_eq!(
            parse_datasource_key(fields["datasource"].as_str().unwrap_or_default()),
            Some((3, DatasourceType::Table))
        );
        let missing = form_data_object(None);
        assert!(missing.is_err());
        let list = form_data_object(Some(Value::String("[1]".to_owned())));
        assert!(list.is_err());
    }
}
