//! Client-side re-aggregation: answering a coarser query from a cached, finer result without a
//! request, with the values the server would give (issue #4).
//!
//! The cached result is grouped by `source_groupby`; each metric column says how it was
//! aggregated. A request asks for a subset of those columns as group-by, optionally filtered on
//! group-by columns, ordered and limited like a query object:
//!
//! - `SUM` and `COUNT` add up (an integer column stays integer: sums of counts are Int64),
//!   `MIN` and `MAX` take the least and greatest, `AVG` is carried as a sum column and a count
//!   column and becomes `sum / count`.
//! - SQL's nulls: `SUM`, `MIN`, `MAX` and `AVG` of only nulls are null, `COUNT` is never null;
//!   without group-by (totals) the answer is one row even when no row passes the filters.
//! - `COUNT_DISTINCT`, percentiles and SQL metrics cannot be merged: when groups would merge,
//!   the answer is [`ReaggregationError::NotDecomposable`] naming the metric, and the caller asks
//!   the server. With the same group-by (only filtering) every metric passes through.
//! - Filters only on columns the result is grouped by (a filter on a metric is a `HAVING`).
//!
//! The cached result must be complete (not cut by a row limit), or the sums are too small.
//! Grouping hashes the key columns' typed arrays ([`grouping`]); nothing is allocated per row.

mod accumulate;
mod filter;
mod grouping;
mod plan;

use std::collections::BTreeSet;
use std::sync::Arc;

use arrow::array::{Array, ArrayRef, UInt32Array};
use arrow::compute::{lexsort_to_indices, take, take_record_batch, SortColumn, SortOptions};
use arrow::datatypes::{Field, Schema};
use arrow::error::ArrowError;
use arrow::record_batch::{RecordBatch, RecordBatchOptions};
use serde::{Deserialize, Serialize};

pub use filter::ReaggregationFilter;
pub use plan::{metric_aggregate, plan_reaggregation};

/// How a metric column of the cached result was aggregated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "aggregate", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MetricAggregate {
    Sum,
    Count,
    Min,
    Max,
    /// `AVG(x)`, carried as the columns `SUM(x)` and `COUNT(x)` (the count of non-null values).
    Avg {
        sum_column: String,
        count_column: String,
    },
    CountDistinct,
    Percentile,
    /// A custom SQL metric.
    Sql,
    /// Any other aggregate: never merged.
    #[serde(other)]
    Other,
}

impl MetricAggregate {
    /// Whether partial results can be merged into the coarser result.
    pub fn is_decomposable(&self) -> bool {
        matches!(
            self,
            MetricAggregate::Sum
                | MetricAggregate::Count
                | MetricAggregate::Min
                | MetricAggregate::Max
                | MetricAggregate::Avg { .. }
        )
    }

    fn name(&self) -> &'static str {
        match self {
            MetricAggregate::Sum => "SUM",
            MetricAggregate::Count => "COUNT",
            MetricAggregate::Min => "MIN",
            MetricAggregate::Max => "MAX",
            MetricAggregate::Avg { .. } => "AVG",
            MetricAggregate::CountDistinct => "COUNT_DISTINCT",
            MetricAggregate::Percentile => "PERCENTILE",
            MetricAggregate::Sql => "SQL",
            MetricAggregate::Other => "OTHER",
        }
    }
}

/// A metric of the cached result: its label (the column name in the result, and in the answer)
/// and its aggregate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CachedMetric {
    pub label: String,
    #[serde(flatten)]
    pub aggregate: MetricAggregate,
}

/// A coarser query to answer from a cached result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReaggregationRequest {
    /// The columns the cached result is grouped by.
    pub source_groupby: Vec<String>,
    /// The metrics of the cached result, in the order the answer lists them.
    pub metrics: Vec<CachedMetric>,
    /// The group-by of the answer: a subset of `source_groupby`; empty for totals.
    #[serde(default)]
    pub groupby: Vec<String>,
    /// Filters on columns of `source_groupby`, all of which must hold.
    #[serde(default)]
    pub filters: Vec<ReaggregationFilter>,
    /// The query object's `orderby`: `[column or metric label, ascending]`; nulls sort last.
    #[serde(default)]
    pub orderby: Vec<(String, bool)>,
    /// At most this many rows, after ordering.
    #[serde(default)]
    pub row_limit: Option<usize>,
}

/// Why a request cannot be answered from the cached result; every variant but `InvalidInput`
/// and `Internal` means "ask the server".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReaggregationError {
    /// A metric whose partial results cannot be merged (COUNT_DISTINCT, percentile, SQL).
    #[error("The metric \"{metric}\" ({aggregate}) cannot be re-aggregated")]
    NotDecomposable { metric: String, aggregate: String },

    /// The requested group-by names a column the cached result is not grouped by.
    #[error("The result is not grouped by \"{column}\"")]
    GroupbyNotFetched { column: String },

    /// A filter on a column the cached result is not grouped by.
    #[error("The result cannot be filtered on \"{column}\"")]
    FilterNotOnGroupby { column: String },

    /// A filter whose operator or value cannot be evaluated on the column's type.
    #[error("The filter \"{column} {operator}\" cannot be evaluated on the cached result")]
    UnsupportedFilter { column: String, operator: String },

    /// A column of a type re-aggregation does not handle (dictionaries, lists, ...).
    #[error("The column \"{column}\" has a type that cannot be re-aggregated")]
    UnsupportedColumnType { column: String },

    /// A sum exceeds the column's integer type.
    #[error("The sum of \"{metric}\" overflows its type")]
    Overflow { metric: String },

    /// The request names a column the batch does not have, or orders by an unknown column.
    #[error("Invalid re-aggregation request: {message}")]
    InvalidInput { message: String },

    /// An Arrow kernel failed (a bug, not a user error).
    #[error("Internal error: {message}")]
    Internal { message: String },
}

impl ReaggregationError {
    /// The stable name JavaScript sees as `Error.name`.
    pub fn name(&self) -> &'static str {
        match self {
            ReaggregationError::NotDecomposable { .. } => "NotDecomposable",
            ReaggregationError::GroupbyNotFetched { .. } => "GroupbyNotFetched",
            ReaggregationError::FilterNotOnGroupby { .. } => "FilterNotOnGroupby",
            ReaggregationError::UnsupportedFilter { .. } => "UnsupportedFilter",
            ReaggregationError::UnsupportedColumnType { .. } => "UnsupportedColumnType",
            ReaggregationError::Overflow { .. } => "Overflow",
            ReaggregationError::InvalidInput { .. } => "InvalidInput",
            ReaggregationError::Internal { .. } => "Internal",
        }
    }

    /// Whether the caller should send the query to the server instead.
    pub fn asks_server(&self) -> bool {
        !matches!(
            self,
            ReaggregationError::InvalidInput { .. } | ReaggregationError::Internal { .. }
        )
    }

    /// The metric the error is about, when there is one.
    pub fn metric(&self) -> Option<&str> {
        match self {
            ReaggregationError::NotDecomposable { metric, .. } | ReaggregationError::Overflow { metric } => {
                Some(metric)
            }
            _ => None,
        }
    }

    fn missing_column(column: &str) -> Self {
        ReaggregationError::InvalidInput {
            message: format!("the result has no column \"{column}\""),
        }
    }
}

impl From<ArrowError> for ReaggregationError {
    fn from(error: ArrowError) -> Self {
        ReaggregationError::Internal {
            message: format!("arrow: {error}"),
        }
    }
}

/// The answer to `request` computed from the cached result `batch`: the group-by columns in
/// request order, then one column per metric named by its label.
///
/// Example: `state, gender, SUM(num)` grouped to `state` adds up both genders per state; with
/// `groupby: []` it is the one-row total.
pub fn reaggregate(
    batch: &RecordBatch,
    request: &ReaggregationRequest,
) -> Result<RecordBatch, ReaggregationError> {
    let source: BTreeSet<&str> = request.source_groupby.iter().map(String::as_str).collect();
    for column in &request.groupby {
        if !source.contains(column.as_str()) {
            return Err(ReaggregationError::GroupbyNotFetched {
                column: column.clone(),
            });
        }
    }
    let target: BTreeSet<&str> = request.groupby.iter().map(String::as_str).collect();
    let keeps_every_group = target == source;
    if !keeps_every_group {
        if let Some(metric) = request
            .metrics
            .iter()
            .find(|metric| !metric.aggregate.is_decomposable())
        {
            return Err(ReaggregationError::NotDecomposable {
                metric: metric.label.clone(),
                aggregate: metric.aggregate.name().to_owned(),
            });
        }
    }

    let selection = filter::selected_rows(batch, &request.filters, &source)?;
    let key_positions = request
        .groupby
        .iter()
        .map(|column| column_position(batch, column))
        .collect::<Result<Vec<_>, _>>()?;
    let groups = grouping::group_rows(batch, &key_positions, selection.as_deref())?;

    let mut fields = Vec::with_capacity(request.groupby.len() + request.metrics.len());
    let mut columns: Vec<ArrayRef> = Vec::with_capacity(fields.capacity());
    let representatives = UInt32Array::from(groups.representatives.clone());
    for (name, position) in request.groupby.iter().zip(&key_positions) {
        let keys = take(batch.column(*position).as_ref(), &representatives, None)?;
        fields.push(Field::new(name.as_str(), keys.data_type().clone(), true));
        columns.push(keys);
    }
    for metric in &request.metrics {
        let values = if metric.aggregate.is_decomposable() {
            accumulate::aggregate_metric(batch, metric, &groups)?
        } else {
            // Same group-by: each group is one cached row, whatever the aggregate.
            let position = column_position(batch, &metric.label)?;
            take(batch.column(position).as_ref(), &representatives, None)?
        };
        fields.push(Field::new(
            metric.label.as_str(),
            values.data_type().clone(),
            true,
        ));
        columns.push(values);
    }
    let options = RecordBatchOptions::new().with_row_count(Some(groups.count()));
    let answer = RecordBatch::try_new_with_options(Arc::new(Schema::new(fields)), columns, &options)?;
    order_and_limit(answer, &request.orderby, request.row_limit)
}

/// The position of `column` in the batch.
fn column_position(batch: &RecordBatch, column: &str) -> Result<usize, ReaggregationError> {
    batch
        .schema()
        .index_of(column)
        .map_err(|_| ReaggregationError::missing_column(column))
}

/// The answer sorted by `orderby` (stable, nulls last) and cut at `row_limit`.
fn order_and_limit(
    answer: RecordBatch,
    orderby: &[(String, bool)],
    row_limit: Option<usize>,
) -> Result<RecordBatch, ReaggregationError> {
    let answer = if orderby.is_empty() {
        answer
    } else {
        let mut sort_columns = Vec::with_capacity(orderby.len());
        for (column, ascending) in orderby {
            let position = column_position(&answer, column)?;
            sort_columns.push(SortColumn {
                values: answer.column(position).clone(),
                options: Some(SortOptions {
                    descending: !ascending,
                    nulls_first: false,
                }),
            });
        }
        // lexsort is not stable: the row number as last key keeps ties in first-seen order.
        let row_numbers: ArrayRef = Arc::new(UInt32Array::from_iter_values(
            (0..answer.num_rows()).map(|row| row as u32),
        ));
        sort_columns.push(SortColumn {
            values: row_numbers,
            options: None,
        });
        let indices = lexsort_to_indices(&sort_columns, row_limit)?;
        take_record_batch(&answer, &indices)?
    };
    Ok(match row_limit {
        Some(limit) if limit < answer.num_rows() => answer.slice(0, limit),
        _ => answer,
    })
}

#[cfg(test)]
mod tests;
