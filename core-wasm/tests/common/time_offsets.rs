//! The golden time comparison case, shared by the native test (`time_offsets.rs`) and the
//! wasm32 smoke test (`wasm_smoke.rs`): a main result by `ds` and `gender`, the results of its
//! `1 year ago` and `28 days ago` queries, what joining them gives, and what Superset's
//! `compare` (`comparison_type: difference`) makes of the joined columns.
//!
//! Worked by hand with pandas' semantics (`DateOffset(years=1)` and `DateOffset(days=28)` added
//! to the offset rows' `ds`, then `left_join_df` on `ds` and `gender`):
//! - `1 year ago`: 2023-01-01 boy 6 and girl 7, 2023-02-01 boy 8 land on the 2024 rows;
//!   2023-02-28 girl 9 lands on 2024-02-28, not on the main row 2024-02-29 (no match: null).
//! - `28 days ago`: 2023-12-04 boy 3 lands on 2024-01-01, 2024-01-04 boy 2 on 2024-02-01,
//!   2024-02-01 girl 5 on 2024-02-29; 2024-01-01 girl has no match.

use quiver_core::TimeOffsetJoin;
use serde_json::{json, Value};

use super::postprocess::{table_to_batch, Column};

fn table(columns: Value) -> arrow::record_batch::RecordBatch {
    let columns: Vec<Column> = serde_json::from_value(columns).unwrap();
    table_to_batch(&columns)
}

/// The main query's result.
pub fn main_result() -> arrow::record_batch::RecordBatch {
    table(json!([
        {"name": "ds", "type": "timestamp", "values": [
            "2024-01-01T00:00:00", "2024-01-01T00:00:00", "2024-02-01T00:00:00", "2024-02-29T00:00:00"]},
        {"name": "gender", "type": "utf8", "values": ["boy", "girl", "boy", "girl"]},
        {"name": "SUM(num)", "type": "int64", "values": [10, 20, 30, 40]},
    ]))
}

/// Each offset and its query's result (over the shifted time range).
pub fn offset_results() -> Vec<(&'static str, arrow::record_batch::RecordBatch)> {
    vec![
        (
            "1 year ago",
            table(json!([
                {"name": "ds", "type": "timestamp", "values": [
                    "2023-01-01T00:00:00", "2023-02-01T00:00:00", "2023-02-28T00:00:00", "2023-01-01T00:00:00"]},
                {"name": "gender", "type": "utf8", "values": ["girl", "boy", "girl", "boy"]},
                {"name": "SUM(num)", "type": "int64", "values": [7, 8, 9, 6]},
            ])),
        ),
        (
            "28 days ago",
            table(json!([
                {"name": "ds", "type": "timestamp", "values": [
                    "2023-12-04T00:00:00", "2024-02-01T00:00:00", "2024-01-04T00:00:00"]},
                {"name": "gender", "type": "utf8", "values": ["boy", "girl", "boy"]},
                {"name": "SUM(num)", "type": "int64", "values": [3, 5, 2]},
            ])),
        ),
    ]
}

/// `SUM(num)` is the metric, `ds` the temporal column; `gender` is a join key.
pub fn join() -> TimeOffsetJoin {
    TimeOffsetJoin {
        metric_labels: vec!["SUM(num)".to_owned()],
        temporal_labels: vec!["ds".to_owned()],
    }
}

/// The joined result, as `batch_to_table` writes it.
pub fn expected_joined() -> Value {
    json!([
        {"name": "ds", "type": "timestamp", "values": [
            "2024-01-01T00:00:00", "2024-01-01T00:00:00", "2024-02-01T00:00:00", "2024-02-29T00:00:00"]},
        {"name": "gender", "type": "utf8", "values": ["boy", "girl", "boy", "girl"]},
        {"name": "SUM(num)", "type": "int64", "values": [10, 20, 30, 40]},
        {"name": "SUM(num)__1 year ago", "type": "int64", "values": [6, 7, 8, null]},
        {"name": "SUM(num)__28 days ago", "type": "int64", "values": [3, null, 2, 5]},
    ])
}

/// The `compare` rule Superset's `timeCompareOperator` adds for `comparison_type: difference`.
pub fn difference_rule() -> Value {
    json!({"operation": "compare", "options": {
        "source_columns": ["SUM(num)", "SUM(num)"],
        "compare_columns": ["SUM(num)__1 year ago", "SUM(num)__28 days ago"],
        "compare_type": "difference",
        "drop_original_columns": true,
    }})
}

/// The joined result after [`difference_rule`]: `SUM(num) - SUM(num)__<offset>`, null where the
/// offset had no row.
pub fn expected_differences() -> Value {
    json!([
        {"name": "ds", "type": "timestamp", "values": [
            "2024-01-01T00:00:00", "2024-01-01T00:00:00", "2024-02-01T00:00:00", "2024-02-29T00:00:00"]},
        {"name": "gender", "type": "utf8", "values": ["boy", "girl", "boy", "girl"]},
        {"name": "difference__SUM(num)__SUM(num)__1 year ago", "type": "float64", "values": [4.0, 13.0, 22.0, null]},
        {"name": "difference__SUM(num)__SUM(num)__28 days ago", "type": "float64", "values": [7.0, null, 28.0, 35.0]},
    ])
}
