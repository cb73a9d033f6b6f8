//! Golden re-aggregation cases natively, and a micro-benchmark on 1M rows
//! (`cargo test -p quiver-core --release --test reaggregate -- --ignored --nocapture`).

#![cfg(not(target_arch = "wasm32"))]
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
#[path = "support/reaggregate_cases.rs"]
mod reaggregate_cases;

use std::sync::Arc;
use std::time::Instant;

use arrow::array::{ArrayRef, Float64Array, Int64Array, StringArray};
use arrow::datatypes::{Field, Schema};
use arrow::record_batch::RecordBatch;
use quiver_core::reaggregate::{CachedMetric, MetricAggregate, ReaggregationRequest};
use reaggregate_cases::{
    check_reaggregate_outcome, parse_reaggregate_case, rust_reaggregate_outcome, REAGGREGATE_FIXTURES,
};

#[test]
fn every_reaggregate_fixture_matches() {
    let failures: Vec<String> = REAGGREGATE_FIXTURES
        .iter()
        .filter_map(|(name, json)| {
            let case = parse_reaggregate_case(name, json);
            check_reaggregate_outcome(name, &case, rust_reaggregate_outcome(&case)).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_reaggregate_fixture_file_is_listed() {
    let folder = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reaggregate");
    let mut on_disk: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| {
            entry
                .unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = REAGGREGATE_FIXTURES
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

/// 1M cached rows grouped by a 50-value text column and a 1,000-value integer column, with a
/// SUM, a COUNT, a MAX and an AVG (as sum and count).
fn million_rows() -> (RecordBatch, ReaggregationRequest) {
    let rows = 1_000_000usize;
    let states: Vec<String> = (0..50).map(|state| format!("state-{state:02}")).collect();
    let columns: Vec<(&str, ArrayRef)> = vec![
        (
            "state",
            Arc::new(StringArray::from_iter_values(
                (0..rows).map(|row| states[row % 50].as_str()),
            )),
        ),
        (
            "year",
            Arc::new(Int64Array::from_iter_values(
                (0..rows).map(|row| (row / 50 % 1_000) as i64),
            )),
        ),
        (
            "name",
            Arc::new(Int64Array::from_iter_values((0..rows).map(|row| row as i64))),
        ),
        (
            "SUM(num)",
            Arc::new(Float64Array::from_iter_values(
                (0..rows).map(|row| (row % 97) as f64),
            )),
        ),
        (
            "count",
            Arc::new(Int64Array::from_iter_values(
                (0..rows).map(|row| (row % 7) as i64),
            )),
        ),
        (
            "MAX(num)",
            Arc::new(Int64Array::from_iter_values(
                (0..rows).map(|row| (row % 1_013) as i64),
            )),
        ),
    ];
    let fields: Vec<Field> = columns
        .iter()
        .map(|(name, array)| Field::new(*name, array.data_type().clone(), true))
        .collect();
    let batch = RecordBatch::try_new(
        Arc::new(Schema::new(fields)),
        columns.into_iter().map(|(_, array)| array).collect(),
    )
    .unwrap();
    let metric = |label: &str, aggregate| CachedMetric {
        label: label.to_owned(),
        aggregate,
    };
    let request = ReaggregationRequest {
        source_groupby: vec!["state".to_owned(), "year".to_owned(), "name".to_owned()],
        metrics: vec![
            metric("SUM(num)", MetricAggregate::Sum),
            metric("count", MetricAggregate::Count),
            metric("MAX(num)", MetricAggregate::Max),
            metric(
                "AVG(num)",
                MetricAggregate::Avg {
                    sum_column: "SUM(num)".to_owned(),
                    count_column: "count".to_owned(),
                },
            ),
        ],
        groupby: vec!["state".to_owned(), "year".to_owned()],
        filters: vec![],
        orderby: vec![],
        row_limit: None,
    };
    (batch, request)
}

#[test]
#[ignore = "micro-benchmark: run with --release -- --ignored --nocapture"]
fn reaggregating_a_million_rows() {
    let (batch, request) = million_rows();
    let (mut best_wall, mut best_cpu) = (f64::MAX, f64::MAX);
    for _ in 0..5 {
        let (started, cpu_started) = (Instant::now(), thread_cpu_nanoseconds());
        let answer = quiver_core::reaggregate(&batch, &request).unwrap();
        best_wall = best_wall.min(started.elapsed().as_secs_f64() * 1_000.0);
        if let (Some(end), Some(start)) = (thread_cpu_nanoseconds(), cpu_started) {
            best_cpu = best_cpu.min((end - start) as f64 / 1e6);
        }
        assert_eq!(answer.num_rows(), 50_000);
    }
    println!(
        "re-aggregating 1M rows to 50,000 groups (2 keys, 4 metrics): best of 5 {best_wall:.1} ms wall, \
         {best_cpu:.1} ms on CPU"
    );
}

/// The time this thread spent on a CPU (Linux `schedstat`), which a busy machine does not inflate.
fn thread_cpu_nanoseconds() -> Option<u64> {
    let schedstat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    schedstat.split_whitespace().next()?.parse().ok()
}
