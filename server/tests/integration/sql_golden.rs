//! Golden SQL: each query object of `fixtures/sql_golden/queries.json` compiles to the statement
//! recorded for each engine in `fixtures/sql_golden/expected.json`.
//! `QUIVER_BLESS=1 cargo test -p quiver-server --test integration sql_golden` rewrites the expectations (review the diff).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use std::collections::BTreeMap;
use std::path::PathBuf;

use chrono::NaiveDate;
use quiver_server::engines::{
    Dialect, DuckDbDialect, MySqlDialect, PostgresDialect, SqlValue, SqliteDialect,
};
use quiver_server::query::compile_query;
use quiver_types::{
    DatabaseId, DatabaseRef, Dataset, DatasetColumn, DatasetId, DatasetMetric, GenericDataType, QueryObject,
};
use serde_json::{json, Value};

fn fixture_folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sql_golden")
}

fn column(
    id: i64,
    name: &str,
    column_type: &str,
    generic: GenericDataType,
    expression: Option<&str>,
) -> DatasetColumn {
    DatasetColumn {
        id,
        column_name: name.to_owned(),
        verbose_name: None,
        description: None,
        column_type: Some(column_type.to_owned()),
        type_generic: Some(generic),
        is_dttm: generic == GenericDataType::Temporal,
        is_active: true,
        groupby: true,
        filterable: true,
        expression: expression.map(str::to_owned),
        python_date_format: None,
        advanced_data_type: None,
        extra: None,
        warning_markdown: None,
        uuid: None,
    }
}

fn birth_names(sql: Option<&str>) -> Dataset {
    use GenericDataType::{Numeric, String as Text, Temporal};
    Dataset {
        id: DatasetId(1),
        table_name: "birth_names".to_owned(),
        schema: Some("main".to_owned()),
        catalog: None,
        database: DatabaseRef {
            id: DatabaseId(1),
            database_name: "examples".to_owned(),
            backend: "duckdb".to_owned(),
            allow_multi_catalog: false,
        },
        sql: sql.map(str::to_owned),
        kind: if sql.is_some() { "virtual" } else { "physical" }.to_owned(),
        description: None,
        main_dttm_col: Some("ds".to_owned()),
        cache_timeout: None,
        is_managed_externally: false,
        external_url: None,
        owners: vec![],
        columns: vec![
            column(1, "ds", "TIMESTAMP", Temporal, None),
            column(2, "gender", "VARCHAR", Text, None),
            column(3, "name", "VARCHAR", Text, None),
            column(4, "num", "BIGINT", Numeric, None),
            column(5, "state", "VARCHAR", Text, None),
            column(6, "num_boys", "BIGINT", Numeric, None),
            column(7, "num_girls", "BIGINT", Numeric, None),
            column(
                8,
                "num_california",
                "BIGINT",
                Numeric,
                Some("CASE WHEN state = 'CA' THEN num ELSE 0 END"),
            ),
        ],
        metrics: vec![
            DatasetMetric {
                id: 1,
                metric_name: "count".to_owned(),
                verbose_name: None,
                description: None,
                expression: "COUNT(*)".to_owned(),
                metric_type: Some("count".to_owned()),
                d3format: None,
                currency: None,
                warning_text: None,
                extra: None,
                certified_by: None,
                certification_details: None,
                uuid: None,
            },
            DatasetMetric {
                id: 2,
                metric_name: "sum__num".to_owned(),
                verbose_name: None,
                description: None,
                expression: "SUM(num)".to_owned(),
                metric_type: None,
                d3format: None,
                currency: None,
                warning_text: None,
                extra: None,
                certified_by: None,
                certification_details: None,
                uuid: None,
            },
        ],
        uuid: None,
        changed_on: None,
        created_on: None,
        filter_select_enabled: true,
        fetch_values_predicate: None,
        normalize_columns: false,
        always_filter_main_dttm: false,
        offset: 0,
        default_endpoint: None,
        is_sqllab_view: false,
        template_params: None,
        extra: None,
        datasource_type: "table".to_owned(),
        url: "/tablemodelview/edit/1".to_owned(),
    }
}

fn params_json(params: &[SqlValue]) -> Value {
    Value::Array(
        params
            .iter()
            .map(|value| match value {
                SqlValue::Null => Value::Null,
                SqlValue::Bool(value) => json!(value),
                SqlValue::Int(value) => json!(value),
                SqlValue::Float(value) => json!(value),
                SqlValue::Text(value) => json!(value),
            })
            .collect(),
    )
}

#[test]
fn query_objects_compile_to_the_recorded_sql_on_every_engine() {
    let queries: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(fixture_folder().join("queries.json")).unwrap())
            .unwrap();
    let expected_path = fixture_folder().join("expected.json");
    let now = NaiveDate::from_ymd_opt(2026, 11, 22)
        .unwrap()
        .and_hms_opt(10, 30, 0)
        .unwrap();
    let dialects: [(&str, &dyn Dialect); 4] = [
        ("duckdb", &DuckDbDialect),
        ("postgresql", &PostgresDialect),
        ("sqlite", &SqliteDialect),
        ("mysql", &MySqlDialect),
    ];
    let mut actual: BTreeMap<String, Value> = BTreeMap::new();
    for case in &queries {
        let name = case["name"].as_str().unwrap().to_owned();
        let query: QueryObject = serde_json::from_value(case["query"].clone()).unwrap();
        let dataset = birth_names(case["virtual_sql"].as_str());
        let mut per_engine = serde_json::Map::new();
        for (engine, dialect) in dialects {
            let outcome = match compile_query(&dataset, &query, dialect, 10_000, now) {
                Ok(compiled) => {
                    json!({"sql": compiled.statement.sql, "params": params_json(&compiled.statement.params)})
                }
                Err(error) => json!({"error": error.to_string()}),
            };
            per_engine.insert(engine.to_owned(), outcome);
        }
        assert!(
            actual.insert(name.clone(), Value::Object(per_engine)).is_none(),
            "duplicate case {name}"
        );
    }
    if std::env::var("QUIVER_BLESS").is_ok() {
        std::fs::write(
            &expected_path,
            serde_json::to_string_pretty(&actual).unwrap() + "\n",
        )
        .unwrap();
        return;
    }
    let expected: BTreeMap<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(&expected_path).unwrap()).unwrap();
    assert_eq!(
        actual.keys().collect::<Vec<_>>(),
        expected.keys().collect::<Vec<_>>(),
        "cases differ from the recording"
    );
    for (name, outcome) in &actual {
        assert_eq!(outcome, &expected[name], "case {name}");
    }
    assert!(queries.len() >= 40, "at least 40 query objects");
}
