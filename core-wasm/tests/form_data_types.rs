//! The typed chart form data (`quiver_types::ChartFormData`, every field of spec 000 §3) reads
//! Superset 6.1's form data and writes it back unchanged, natively. The same fixtures go through
//! the Wasm exports in `wasm_form_data_types.rs`.

#![cfg(not(target_arch = "wasm32"))]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::superset_form_data::{superset_form_data_cases, SUPERSET_FORM_DATA_FIXTURES};
use quiver_core::build_query_context;
use quiver_types::{ChartFormData, FormData, FormField, NumberOrText};
use serde_json::{json, Value};

#[test]
fn every_superset_6_1_chart_form_data_round_trips_unchanged() {
    let cases = superset_form_data_cases();
    assert_eq!(cases.len(), 3);
    for case in &cases {
        for (label, document) in case.documents() {
            let typed: ChartFormData =
                serde_json::from_value(document.clone()).unwrap_or_else(|error| panic!("{label}: {error}"));
            assert_eq!(
                typed.datasource,
                FormField::Value("1__table".to_owned()),
                "{label}"
            );
            assert_eq!(&serde_json::to_value(&typed).unwrap(), document, "{label}: typed");

            let open: FormData = typed.into_form_data().unwrap();
            assert_eq!(&serde_json::to_value(&open).unwrap(), document, "{label}: open");

            let context = build_query_context(&open).unwrap_or_else(|error| panic!("{label}: {error}"));
            assert_eq!(
                context.form_data.as_ref(),
                Some(document),
                "{label}: the context's form_data"
            );
        }
    }
}

#[test]
fn the_spec_fields_of_superset_form_data_are_read_typed() {
    let cases = superset_form_data_cases();
    let pie = cases.iter().find(|case| case.source.contains("pie_27")).unwrap();
    let params: ChartFormData = serde_json::from_value(pie.params.clone()).unwrap();
    assert_eq!(params.viz_type, FormField::Value("pie".to_owned()));
    assert_eq!(
        params.row_limit,
        FormField::Value(NumberOrText::Number(100.into()))
    );
    assert_eq!(params.adhoc_filters.value().map(Vec::len), Some(1));
    assert_eq!(params.extra_form_data, FormField::Value(json!({})));
    assert_eq!(params.slice_id, FormField::Absent);
    assert_eq!(params.other.get("metric"), Some(&json!("sum__num")));
    assert!(
        params.other.get("row_limit").is_none(),
        "row_limit is typed, not kept aside"
    );

    let sent: ChartFormData = serde_json::from_value(pie.query_context_form_data.clone()).unwrap();
    assert_eq!(sent.slice_id, FormField::Value(27));

    let line = cases.iter().find(|case| case.source.contains("line_7")).unwrap();
    let params: ChartFormData = serde_json::from_value(line.params.clone()).unwrap();
    assert_eq!(params.time_grain_sqla, FormField::Value("P1Y".to_owned()));
    assert_eq!(params.order_desc, FormField::Value(true));
    assert_eq!(params.annotation_layers, FormField::Value(vec![]));
    assert_eq!(params.other.get("y_axis_bounds"), Some(&json!([null, null])));
}

#[test]
fn every_spec_field_with_text_numbers_nulls_and_unknown_keys_round_trips() {
    // Every spec field with a value; older Superset versions store numbers as text and clear
    // controls with null, and nested objects carry keys Quiver does not model (`operatorId`).
    let stored: Value = json!({
        "datasource": "3__table",
        "viz_type": "echarts_timeseries_bar",
        "slice_id": 12,
        "cache_timeout": null,
        "url_params": {"native_filters_key": "abc"},
        "dashboard_id": 4,
        "extra_filters": [{"col": "state", "op": "IN", "val": ["CA"]}],
        "adhoc_filters": [{"expressionType": "SIMPLE", "subject": "gender", "operator": "==",
                            "operatorId": "EQUALS", "comparator": "boy", "clause": "WHERE",
                            "isExtra": false, "isNew": false, "datasourceWarning": false,
                            "filterOptionName": "filter_1"}],
        "annotation_layers": [],
        "time_range": "Last week",
        "since": "",
        "until": null,
        "granularity": null,
        "granularity_sqla": "ds",
        "time_grain_sqla": "P1D",
        "row_limit": "10000",
        "row_offset": 0,
        "order_desc": true,
        "limit": "25",
        "timeseries_limit_metric": {"expressionType": "SQL", "sqlExpression": "COUNT(*)", "label": "count"},
        "series_columns": ["gender"],
        "series_limit": 5,
        "series_limit_metric": "count",
        "extra_form_data": {"custom_form_data": {"source": "cross-filter"}},
        "custom_params": {"any": [1, 2]},
        "label_colors": {"boy": "#1FA8C9"},
        "color_namespace": "births",
        "map_label_colors": {"girl": "#454E7C"},
        "shared_label_colors": ["boy", "girl"],
        "dashboard_color_scheme": "supersetColors",
        "standardizedFormData": {
            "standardizedState": {"metrics": ["count"], "columns": ["gender"]},
            "memorizedFormData": [["table", {"groupby": ["gender"]}]],
        },
        "groupby": ["gender"],
        "metrics": ["count"],
        "seriesType": "bar",
    });
    let typed: ChartFormData = serde_json::from_value(stored.clone()).unwrap();
    assert_eq!(
        typed.row_limit,
        FormField::Value(NumberOrText::Text("10000".to_owned()))
    );
    assert_eq!(typed.until, FormField::Null);
    assert_eq!(typed.since, FormField::Value(String::new()));
    let kept_aside: BTreeSet<&str> = typed.other.keys().map(String::as_str).collect();
    assert_eq!(kept_aside, BTreeSet::from(["groupby", "metrics", "seriesType"]));
    let state = typed
        .standardized_form_data
        .value()
        .and_then(|standardized| standardized.standardized_state.as_ref())
        .unwrap();
    assert_eq!(state.columns, Some(vec![json!("gender")]));
    assert_eq!(serde_json::to_value(&typed).unwrap(), stored);
}

#[test]
fn every_superset_form_data_fixture_file_is_listed() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/superset_form_data");
    let on_disk: BTreeSet<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "json"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let listed: BTreeSet<String> = SUPERSET_FORM_DATA_FIXTURES
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    assert_eq!(
        on_disk, listed,
        "list every fixture in tests/common/superset_form_data.rs"
    );
}
