//! `PUT /api/v1/dashboard/{id}/colors?mark_updated=false`: the colour keys of the metadata,
//! written by the label-colour sync of the dashboard page (spec 001 §7).

use axum::extract::State;
use quiver_types::{DashboardColors, SharedLabelColors};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::body::require_dashboard_owner;
use super::rules::stored_metadata;
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppPath, AppQuery};
use crate::state::AppState;

/// `?mark_updated=`: anything but `true` (any case) leaves `changed_on` and the changer as they
/// are, as Superset reads it; absent means `true`.
#[derive(Debug, Deserialize)]
pub struct ColorsParams {
    pub mark_updated: Option<String>,
}

impl ColorsParams {
    fn marks_updated(&self) -> bool {
        self.mark_updated
            .as_deref()
            .is_none_or(|value| value.eq_ignore_ascii_case("true"))
    }
}

/// The metadata with the colour keys `colors` carries replaced.
pub fn with_colors(mut metadata: Map<String, Value>, colors: DashboardColors) -> Map<String, Value> {
    let optional_text = |text: Option<String>| text.map_or(Value::Null, Value::String);
    let text_map = |map: std::collections::BTreeMap<String, String>| {
        Value::Object(
            map.into_iter()
                .map(|(label, color)| (label, Value::String(color)))
                .collect(),
        )
    };
    if let Some(namespace) = colors.color_namespace {
        metadata.insert("color_namespace".to_owned(), optional_text(namespace));
    }
    if let Some(scheme) = colors.color_scheme {
        metadata.insert("color_scheme".to_owned(), optional_text(scheme));
    }
    if let Some(domain) = colors.color_scheme_domain {
        metadata.insert(
            "color_scheme_domain".to_owned(),
            Value::Array(domain.into_iter().map(Value::String).collect()),
        );
    }
    if let Some(shared) = colors.shared_label_colors {
        let value = match shared {
            SharedLabelColors::Labels(labels) => {
                Value::Array(labels.into_iter().map(Value::String).collect())
            }
            SharedLabelColors::Colors(map) => text_map(map),
        };
        metadata.insert("shared_label_colors".to_owned(), value);
    }
    if let Some(map) = colors.map_label_colors {
        metadata.insert("map_label_colors".to_owned(), text_map(map));
    }
    if let Some(map) = colors.label_colors {
        metadata.insert("label_colors".to_owned(), text_map(map));
    }
    metadata
}

/// `PUT /api/v1/dashboard/{id}/colors`: only owners and admins; answers `{}` (Superset's empty
/// 200).
pub async fn update_colors(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppQuery(params): AppQuery<ColorsParams>,
    AppJson(colors): AppJson<DashboardColors>,
) -> Result<AppJson<Map<String, Value>>, ApiError> {
    let record = app.store.dashboard(id).await?;
    require_dashboard_owner(&user, &record)?;
    let metadata = with_colors(stored_metadata(record.json_metadata.as_deref()), colors);
    let changed_by = params.marks_updated().then_some(user.id);
    app.store
        .update_dashboard_metadata(id, &Value::Object(metadata).to_string(), changed_by)
        .await?;
    Ok(AppJson(Map::new()))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn only_the_keys_sent_are_replaced_and_null_clears_the_scheme() {
        let stored =
            json!({"color_scheme": "bnbColors", "label_colors": {"boy": "#111"}, "stagger_time": 3000});
        let Value::Object(stored) = stored else {
            unreachable!()
        };
        let colors: DashboardColors = serde_json::from_value(json!({
            "color_scheme": null,
            "shared_label_colors": ["boy", "girl"],
            "map_label_colors": {"boy": "#1FA8C9"}
        }))
        .unwrap();
        let updated = with_colors(stored, colors);
        assert_eq!(
            Value::Object(updated),
            json!({
                "color_scheme": null,
                "label_colors": {"boy": "#111"},
                "stagger_time": 3000,
                "shared_label_colors": ["boy", "girl"],
                "map_label_colors": {"boy": "#1FA8C9"}
            })
        );
    }

    #[test]
    fn mark_updated_is_true_unless_told_otherwise() {
        let params = |value: Option<&str>| ColorsParams {
            mark_updated: value.map(str::to_owned),
        };
        assert!(params(None).marks_updated());
        assert!(params(Some("True")).marks_updated());
        assert!(!params(Some("false")).marks_updated());
        assert!(!params(Some("no")).marks_updated());
    }
}
