//! The embedded examples: deterministic data, registered datasets with synced columns and COUNT(*).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use common::TestApp;

fn summary(path: &std::path::Path) -> (i64, i64, i64, i64) {
    let connection = duckdb::Connection::open_with_flags(
        path,
        duckdb::Config::default()
            .access_mode(duckdb::AccessMode::ReadOnly)
            .unwrap(),
    )
    .unwrap();
    connection
        .query_row(
            "SELECT (SELECT COUNT(*) FROM birth_names), (SELECT CAST(SUM(num) AS BIGINT) FROM birth_names),
                    (SELECT COUNT(*) FROM flights), (SELECT COUNT(*) FROM sales)",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )
        .unwrap()
}

#[test]
fn generation_is_deterministic() {
    let folder = tempfile::tempdir().unwrap();
    let first = folder.path().join("a.duckdb");
    let second = folder.path().join("b.duckdb");
    quiver_server::examples::generate(&first, 2_000).unwrap();
    quiver_server::examples::generate(&second, 2_000).unwrap();
    let (births, sum, flights, sales) = summary(&first);
    assert_eq!((births, flights, sales), (2_000, 50_000, 20_000));
    assert!(sum > 2_000);
    assert_eq!(summary(&first), summary(&second));
}

#[tokio::test]
async fn examples_are_registered_as_datasets() {
    let app = TestApp::with_examples().await;
    let database = app
        .state
        .store
        .database_by_name("examples")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(database.backend, "duckdb");
    let births = app
        .state
        .store
        .dataset(app.dataset_id("birth_names").await)
        .await
        .unwrap();
    let columns: Vec<(&str, &str)> = births
        .columns
        .iter()
        .map(|column| {
            (
                column.column_name.as_str(),
                column.column_type.as_deref().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        columns,
        [
            ("ds", "TIMESTAMP"),
            ("gender", "VARCHAR"),
            ("name", "VARCHAR"),
            ("num", "BIGINT"),
            ("state", "VARCHAR"),
            ("num_boys", "BIGINT"),
            ("num_girls", "BIGINT")
        ]
    );
    assert!(births.columns[0].is_dttm);
    assert_eq!(births.main_dttm_col.as_deref(), Some("ds"));
    assert_eq!(births.metrics.len(), 1);
    assert_eq!(
        (
            births.metrics[0].metric_name.as_str(),
            births.metrics[0].expression.as_str()
        ),
        ("count", "COUNT(*)")
    );
    for table in ["flights", "sales"] {
        let dataset = app
            .state
            .store
            .dataset(app.dataset_id(table).await)
            .await
            .unwrap();
        assert!(!dataset.columns.is_empty());
        assert!(dataset.main_dttm_col.is_some(), "{table} has a time column");
    }
    // Starting again registers nothing twice.
    let registered = quiver_server::examples::ensure_examples(
        &app.state.store,
        &app.state.settings.examples_path(),
        10,
        None,
    )
    .await
    .unwrap();
    assert!(!registered);
    app.close().await;
}
