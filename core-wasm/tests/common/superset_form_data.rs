//! Superset 6.1 form data from the export bundles in `../shared/fixtures/superset-bundles/`
//! (`fixtures/superset_form_data/<chart>.json`), shared by the native test (`form_data_types.rs`)
//! and the wasm32 test (`wasm_form_data_types.rs`).
//!
//! A fixture is `{source, params, query_context_form_data}`: each chart's saved `params` (the
//! YAML of the export as JSON) and the `form_data` of its saved `query_context` (what Superset's
//! Explore sent). The three charts are the same in the three bundles.

use serde::Deserialize;
use serde_json::Value;

/// One chart's form data documents.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupersetFormDataCase {
    pub source: String,
    pub params: Value,
    pub query_context_form_data: Value,
}

impl SupersetFormDataCase {
    /// `(label, document)` for both documents of the chart.
    pub fn documents(&self) -> [(String, &Value); 2] {
        [
            (format!("{} params", self.source), &self.params),
            (
                format!("{} query_context.form_data", self.source),
                &self.query_context_form_data,
            ),
        ]
    }
}

macro_rules! superset_form_data_fixtures {
    ($($name:literal),* $(,)?) => {
        /// The fixtures, embedded so the wasm32 test needs no file system.
        pub const SUPERSET_FORM_DATA_FIXTURES: &[(&str, &str)] = &[$((
            $name,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/superset_form_data/", $name, ".json")),
        )),*];
    };
}

superset_form_data_fixtures![
    "births_by_state_pie_27",
    "births_per_year_by_gender_line_7",
    "total_births_big_number_total_31",
];

pub fn superset_form_data_cases() -> Vec<SupersetFormDataCase> {
    SUPERSET_FORM_DATA_FIXTURES
        .iter()
        .map(|(name, json)| {
            serde_json::from_str(json).unwrap_or_else(|error| panic!("fixture {name}: {error}"))
        })
        .collect()
}
