//! `POST /api/v1/dashboard/{id}/copy/`: a new dashboard owned by the caller, sharing the
//! original's charts or, with `duplicate_slices`, with copies of them.

use std::collections::BTreeMap;

use axum::extract::State;
use quiver_core::layout::{ComponentType, DashboardLayout};
use quiver_core::stored_document::DocumentKind;
use quiver_types::{DashboardCopied, DashboardCopy, DashboardId, ResultResponse};
use serde_json::{Map, Value};

use super::body::{dashboard_charts, require_copy_allowed, require_view};
use super::rules::{
    chart_ids_in_layout, layout_text, parse_json_metadata, parse_layout, parse_position_json,
    title_or_untitled, POSITIONS_KEY,
};
use super::{document_error, epoch_seconds_now, field_error};
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath};
use crate::state::AppState;
use crate::store::chart::ChartFields;
use crate::store::dashboard::DashboardFields;
use crate::store::stored_document::migrate;

/// The layout with every chart component pointing at its copy.
fn remap_layout_charts(layout: &mut DashboardLayout, copies: &BTreeMap<i64, i64>) {
    for component in layout.components.values_mut() {
        if component.component_type != ComponentType::Chart {
            continue;
        }
        if let Some(copy) = component.meta.chart_id.and_then(|id| copies.get(&id)) {
            component.meta.chart_id = Some(*copy);
            component.meta.other.remove("uuid");
        }
    }
}

/// The metadata keys that name charts, pointed at their copies (`expanded_slices` keys,
/// `timed_refresh_immune_slices` items).
fn remap_metadata_charts(metadata: &mut Map<String, Value>, copies: &BTreeMap<i64, i64>) {
    let copy_of = |id: i64| copies.get(&id).copied().unwrap_or(id);
    if let Some(Value::Object(expanded)) = metadata.get_mut("expanded_slices") {
        let remapped: Map<String, Value> = std::mem::take(expanded)
            .into_iter()
            .map(|(key, value)| match key.parse::<i64>() {
                Ok(id) => (copy_of(id).to_string(), value),
                Err(_) => (key, value),
            })
            .collect();
        *expanded = remapped;
    }
    if let Some(Value::Array(immune)) = metadata.get_mut("timed_refresh_immune_slices") {
        for item in immune.iter_mut() {
            if let Some(id) = item.as_i64() {
                *item = Value::from(copy_of(id));
            }
        }
    }
}

pub async fn copy_dashboard(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(copy): AppJson<DashboardCopy>,
) -> Result<AppJson<ResultResponse<DashboardCopied>>, ApiError> {
    let original = app.store.dashboard(id).await?;
    require_view(&app, &user, &original).await?;
    require_copy_allowed(&app, &user, &original)?;
    let metadata =
        parse_json_metadata(&copy.json_metadata).map_err(|error| document_error("json_metadata", error))?;
    // The copy is saved at the current metadata version, as every save is.
    let mut metadata = match migrate(DocumentKind::JsonMetadata, Value::Object(metadata))
        .map_err(|error| field_error("json_metadata", error.to_string()))?
    {
        Value::Object(metadata) => metadata,
        _ => Map::new(),
    };
    let mut layout = match metadata.remove(POSITIONS_KEY) {
        Some(positions) => {
            let positions = migrate(DocumentKind::PositionJson, positions)
                .map_err(|error| field_error("json_metadata", error.to_string()))?;
            Some(parse_layout(positions).map_err(|error| document_error("json_metadata", error))?)
        }
        None => match original.position_json.as_deref() {
            Some(text) if !text.trim().is_empty() => {
                Some(parse_position_json(text).map_err(ApiError::internal)?)
            }
            _ => None,
        },
    };

    let mut copies = BTreeMap::new();
    if copy.duplicate_slices.unwrap_or(false) {
        for chart in dashboard_charts(&app, &original).await? {
            let fields = ChartFields {
                slice_name: Some(chart.slice_name),
                viz_type: Some(chart.viz_type),
                datasource_id: chart.datasource_id,
                datasource_type: chart.datasource_type,
                params: chart.params,
                query_context: Some(chart.query_context),
                description: Some(chart.description),
                cache_timeout: Some(chart.cache_timeout),
                certified_by: Some(chart.certified_by),
                certification_details: Some(chart.certification_details),
                owners: Some(vec![user.id]),
                // The copy's layout links the copied charts when the dashboard is saved.
                dashboards: None,
            };
            let copy_id = app.store.create_chart(&fields, Some(user.id)).await?;
            copies.insert(chart.id, copy_id);
        }
        if let Some(layout) = layout.as_mut() {
            remap_layout_charts(layout, &copies);
        }
        remap_metadata_charts(&mut metadata, &copies);
    }
    let chart_ids = match &layout {
        Some(layout) => chart_ids_in_layout(layout),
        None => original
            .chart_ids
            .iter()
            .map(|id| copies.get(id).copied().unwrap_or(*id))
            .collect(),
    };
    let position_json = match &layout {
        Some(layout) => Some(layout_text(layout).map_err(ApiError::internal)?),
        None => None,
    };
    let fields = DashboardFields {
        dashboard_title: title_or_untitled(&copy.dashboard_title),
        slug: None,
        css: copy.css,
        position_json,
        json_metadata: Some(Value::Object(metadata).to_string()),
        published: false,
        certified_by: None,
        certification_details: None,
        is_managed_externally: false,
        external_url: None,
        owners: vec![user.id],
        roles: Vec::new(),
        chart_ids,
    };
    let new_id = app.store.create_dashboard(&fields, Some(user.id)).await?;
    Ok(AppJson(ResultResponse {
        result: DashboardCopied {
            id: DashboardId(new_id),
            last_modified_time: epoch_seconds_now(),
        },
    }))
}
