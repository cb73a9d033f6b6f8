//! The explore control panels as data, and the rules that keep form data consistent with them.
//!
//! - [`control_panel`]: a chart's sections and controls (name = form data key, type, label,
//!   default, choices, validators, visibility); [`viz_types`]: the charts Quiver ships.
//! - [`validate_controls`]: each shown control's validators run on its value, errors naming
//!   the control (spec 000 §5).
//! - [`prune_form_data`]: drops select values outside their choices and columns or metrics the
//!   datasource lacks (spec 000 §5).
//! - [`carry_over_form_data`]: switching the viz type keeps compatible controls (Superset's
//!   standardized form data).
//!
//! Example: `control_panel("pie")` has "Time", "Query" (`groupby`, `metric`, `adhoc_filters`,
//! `row_limit` 100, `sort_by_metric`) and "Chart Options"; switching a line chart with
//! `metrics: ["count", "sum__num"]` to a pie gives `metric: "count"`.

pub mod carry_over;
pub mod choices;
pub mod model;
mod panels;
pub mod prune;
pub mod sections;
pub mod shared;
pub mod validators;
pub mod viz_types;

pub use carry_over::carry_over_form_data;
pub use model::{
    Choice, Control, ControlPanel, ControlSection, ControlType, PanelTab, Validator, Visibility,
};
pub use prune::{prune_form_data, DatasourceColumnsAndMetrics, DroppedValue, PrunedFormData};
pub use validators::{control_errors, validate_controls};
pub use viz_types::{viz_types, VizTypeMeta};

use crate::error::CoreError;

/// What went wrong looking up a control panel.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ControlsError {
    /// The viz type is not one Quiver ships.
    #[error("Unknown viz type \"{viz_type}\"")]
    UnknownVizType { viz_type: String },
}

impl From<ControlsError> for CoreError {
    fn from(error: ControlsError) -> Self {
        CoreError::InvalidInput {
            message: error.to_string(),
        }
    }
}

/// The control panel of `viz_type`.
pub fn control_panel(viz_type: &str) -> Result<ControlPanel, ControlsError> {
    let sections = panels::panel_sections(viz_type).ok_or_else(|| ControlsError::UnknownVizType {
        viz_type: viz_type.to_owned(),
    })?;
    let viz_type = viz_types::viz_types()
        .into_iter()
        .find(|meta| meta.key == viz_type)
        .map(|meta| meta.key)
        .ok_or_else(|| ControlsError::UnknownVizType {
            viz_type: viz_type.to_owned(),
        })?;
    Ok(ControlPanel { viz_type, sections })
}

/// The first control named `name` among all charts' panels (for form data of a viz type Quiver
/// does not ship).
pub fn known_control(name: &str) -> Option<Control> {
    viz_types().into_iter().find_map(|meta| {
        panels::panel_sections(meta.key)?
            .into_iter()
            .flat_map(|section| section.controls)
            .find(|control| control.name == name)
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::json;

    use super::*;

    #[test]
    fn every_viz_type_has_a_panel_with_unique_control_names() {
        for meta in viz_types() {
            let panel = control_panel(meta.key).unwrap();
            let names: Vec<&str> = panel.controls().map(|control| control.name).collect();
            let unique: BTreeSet<&str> = names.iter().copied().collect();
            assert_eq!(names.len(), unique.len(), "{}: {names:?}", meta.key);
            assert!(names.iter().all(|name| !name.is_empty()), "{}", meta.key);
        }
        assert_eq!(viz_types().len(), 22);
    }

    #[test]
    fn defaults_are_among_the_choices_of_closed_selects() {
        for meta in viz_types() {
            for control in control_panel(meta.key).unwrap().controls() {
                if control.is_closed_select() && !control.default.is_null() {
                    assert!(
                        control.has_choice(&control.default),
                        "{}.{}",
                        meta.key,
                        control.name
                    );
                }
            }
        }
    }

    #[test]
    fn the_line_chart_has_the_spec_sections() {
        let panel = control_panel("echarts_timeseries_line").unwrap();
        let labels: Vec<&str> = panel.sections.iter().map(|section| section.label).collect();
        assert_eq!(
            labels,
            [
                "Time",
                "Query",
                "Advanced analytics",
                "Annotations and Layers",
                "Chart Title",
                "Chart Options"
            ]
        );
        let row_limit = panel.control("row_limit").unwrap();
        assert_eq!(row_limit.default, json!(10000));
        assert!(row_limit.free_form);
        assert_eq!(
            row_limit.validators,
            [Validator::Integer, Validator::MaxValue { maximum: 100_000 }]
        );
    }

    #[test]
    fn an_unknown_viz_type_has_no_panel() {
        let error = control_panel("word_cloud").unwrap_err();
        assert_eq!(error.to_string(), "Unknown viz type \"word_cloud\"");
        assert_eq!(CoreError::from(error).name(), "InvalidInput");
    }
}
