//! Time comparison golden case (`common/time_offsets.rs`), natively: the offset results joined
//! onto the main result, then `compare` on the joined columns.

#![cfg(not(target_arch = "wasm32"))]
// Test code: clippy.toml allows unwrap/expect inside #[test] functions only, not in shared helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::postprocess::batch_to_table;
use common::time_offsets::{
    difference_rule, expected_differences, expected_joined, join, main_result, offset_results,
};
use quiver_core::{apply_post_processing, join_time_offsets, OffsetResult, TimeOffset};

fn offsets() -> Vec<OffsetResult> {
    offset_results()
        .into_iter()
        .map(|(offset, batch)| OffsetResult {
            offset: TimeOffset::parse(offset).unwrap(),
            batch,
        })
        .collect()
}

#[test]
fn offset_metrics_join_on_the_shifted_time_and_the_group_by() {
    let joined = join_time_offsets(&main_result(), &offsets(), &join()).unwrap();
    assert_eq!(batch_to_table(&joined), expected_joined());
}

#[test]
fn compare_reads_the_joined_offset_columns() {
    let joined = join_time_offsets(&main_result(), &offsets(), &join()).unwrap();
    let compared = apply_post_processing(&[difference_rule()], joined).unwrap();
    assert_eq!(batch_to_table(&compared), expected_differences());
}

#[test]
fn an_unknown_offset_is_refused_with_its_name() {
    let error = TimeOffset::parse("inherit").unwrap_err();
    assert_eq!(
        (error.name(), error.to_string().as_str()),
        ("InvalidTimeOffset", "Invalid time offset: inherit")
    );
}
