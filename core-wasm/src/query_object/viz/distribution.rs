//! Distributions: the histogram (`histogram_v2`) and the box plot (`box_plot`), Superset's
//! ECharts `Histogram` and `BoxPlot` `buildQuery`.
//!
//! - Histogram: raw rows (no `metrics`) of `[...groupby, column]`, then
//!   `{operation: "histogram", options: {column, groupby, bins, cumulative, normalize}}`
//!   (`bins` defaults to 5).
//! - Box plot: `columns` = `[...columns, ...groupby]` (the "distribute across" columns, then
//!   the dimensions), `series_columns` = `groupby`, then
//!   `{operation: "boxplot", options: {whisker_type, percentiles?, groupby, metrics}}` from
//!   `whiskerOptions`: "Tukey", "Min/max (no outliers)" or "10/90 percentiles".

use quiver_types::QueryObject;
use serde_json::{json, Map, Value};

use crate::error::{CoreError, CoreResult};
use crate::form_data::ControlValues;
use crate::query_object::columns::column_label;
use crate::query_object::common_query::build_common_query_object;
use crate::query_object::metrics::metric_label;

/// Superset's default number of histogram bins.
const DEFAULT_BINS: i64 = 5;

/// The histogram's raw-value query.
pub fn build_histogram_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let groupby = controls.columns("groupby")?;
    let column = controls.columns("column")?.into_iter().next();

    let mut options = Map::new();
    options.insert(
        "column".to_owned(),
        column
            .as_ref()
            .map_or(Value::Null, |column| json!(column_label(column))),
    );
    let groupby_labels: Vec<String> = groupby.iter().map(column_label).collect();
    options.insert("groupby".to_owned(), json!(groupby_labels));
    options.insert(
        "bins".to_owned(),
        json!(controls.integer("bins")?.unwrap_or(DEFAULT_BINS)),
    );
    for flag in ["cumulative", "normalize"] {
        if let Some(value) = controls.boolean(flag)? {
            options.insert(flag.to_owned(), json!(value));
        }
    }

    query.columns = groupby.into_iter().chain(column).collect();
    query.metrics = None;
    query.post_processing = vec![json!({"operation": "histogram", "options": options})];
    Ok(vec![query])
}

/// The box plot's query: one row per distribution column value and dimension, the box
/// statistics computed per dimension afterwards.
pub fn build_box_plot_queries(controls: &ControlValues<'_>) -> CoreResult<Vec<QueryObject>> {
    let mut query = build_common_query_object(controls, None)?;
    let distribute_across = controls.columns("columns")?;
    let groupby = controls.columns("groupby")?;
    let metric_labels: Vec<String> = query.metrics.iter().flatten().map(metric_label).collect();
    let groupby_labels: Vec<String> = groupby.iter().map(column_label).collect();

    if let Some(whisker_options) = controls.string("whiskerOptions")? {
        let mut options = Map::new();
        match parse_whiskers(whisker_options) {
            Some(Whiskers::Tukey) => {
                options.insert("whisker_type".to_owned(), json!("tukey"));
            }
            Some(Whiskers::MinMax) => {
                options.insert("whisker_type".to_owned(), json!("min/max"));
            }
            Some(Whiskers::Percentiles(low, high)) => {
                options.insert("whisker_type".to_owned(), json!("percentile"));
                options.insert("percentiles".to_owned(), json!([low, high]));
            }
            None => {
                let message = format!("Unsupported whisker type: {whisker_options}");
                return Err(CoreError::invalid_control("whiskerOptions", &message));
            }
        }
        options.insert("groupby".to_owned(), json!(groupby_labels));
        options.insert("metrics".to_owned(), json!(metric_labels));
        query.post_processing = vec![json!({"operation": "boxplot", "options": options})];
    }
    query.columns = distribute_across
        .into_iter()
        .chain(groupby.iter().cloned())
        .collect();
    query.series_columns = groupby;
    Ok(vec![query])
}

/// Where the box plot's whiskers go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Whiskers {
    /// 1.5 IQR beyond the quartiles.
    Tukey,
    /// The extremes, no outliers.
    MinMax,
    /// Two percentiles, `10/90 percentiles`.
    Percentiles(u32, u32),
}

/// `"Tukey"`, `"Min/max (no outliers)"`, `"<low>/<high> percentiles"`.
fn parse_whiskers(whisker_options: &str) -> Option<Whiskers> {
    match whisker_options {
        "Tukey" => return Some(Whiskers::Tukey),
        "Min/max (no outliers)" => return Some(Whiskers::MinMax),
        _ => {}
    }
    let bounds = whisker_options
        .split_once(" percentiles")
        .map(|(bounds, _)| bounds)?;
    let (low, high) = bounds.rsplit_once('/')?;
    let low_digits = low.rsplit(|c: char| !c.is_ascii_digit()).next()?;
    Some(Whiskers::Percentiles(
        low_digits.parse().ok()?,
        high.parse().ok()?,
    ))
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;

    use super::*;

    fn first_query(
        build: fn(&ControlValues<'_>) -> CoreResult<Vec<QueryObject>>,
        form_data: Value,
    ) -> CoreResult<Value> {
        let form_data: FormData = serde_json::from_value(form_data).unwrap();
        build(&ControlValues::new(&form_data)).map(|queries| serde_json::to_value(&queries[0]).unwrap())
    }

    #[test]
    fn whisker_options_parse_as_superset() {
        let cases = [
            ("Tukey", Some(Whiskers::Tukey)),
            ("Min/max (no outliers)", Some(Whiskers::MinMax)),
            ("10/90 percentiles", Some(Whiskers::Percentiles(10, 90))),
            ("2/98 percentiles", Some(Whiskers::Percentiles(2, 98))),
            ("Median", None),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_whiskers(text), expected, "{text}");
        }
    }

    #[test]
    fn the_histogram_queries_raw_values() {
        let query = first_query(
            build_histogram_queries,
            json!({"column": "num", "groupby": ["gender"], "metrics": ["count"], "bins": "10"}),
        )
        .unwrap();
        assert_eq!(query["columns"], json!(["gender", "num"]));
        assert!(query.get("metrics").is_none());
        assert_eq!(
            query["post_processing"],
            json!([{"operation": "histogram", "options": {"column": "num", "groupby": ["gender"], "bins": 10}}])
        );
    }

    #[test]
    fn an_unknown_whisker_type_is_refused() {
        let error = first_query(
            build_box_plot_queries,
            json!({"metrics": ["count"], "whiskerOptions": "Median"}),
        )
        .unwrap_err();
        assert_eq!(
            error,
            CoreError::invalid_control("whiskerOptions", "Unsupported whisker type: Median")
        );
    }
}
