//! The order of a time-series chart's series (`sort_series_type`, `sort_series_ascending`;
//! spec 001 §9), as Superset's `sortAndFilterSeries`: after the query's pivot, each series (a
//! column other than the x-axis) is ranked by its name or by an aggregate of its values.
//!
//! | type | key of a series | example: `a: [1, 5]`, `B: [4, null]` |
//! | --- | --- | --- |
//! | `name` | the name in lower case | a, b |
//! | `sum` | the sum of its values | 6, 4 |
//! | `min` | its least value | 1, 4 |
//! | `max` | its greatest value | 5, 4 |
//! | `avg` | the sum over every row, nulls counted (lodash's `meanBy`) | 3, 2 |
//!
//! Ascending puts series without a key (all null) last; descending (the default) puts them
//! first, as lodash's `orderBy`. Equal keys keep their order.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

/// `sort_series_type`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SortSeriesType {
    Name,
    /// Superset's default.
    #[default]
    Sum,
    Min,
    Max,
    Avg,
}

impl SortSeriesType {
    /// The stored `sort_series_type`: absent is Superset's default (`sum`), an unknown text
    /// sorts by name (the default branch of Superset's switch).
    pub fn from_control(value: Option<&str>) -> SortSeriesType {
        match value {
            None => SortSeriesType::default(),
            Some("sum") => SortSeriesType::Sum,
            Some("min") => SortSeriesType::Min,
            Some("max") => SortSeriesType::Max,
            Some("avg") => SortSeriesType::Avg,
            Some(_) => SortSeriesType::Name,
        }
    }
}

/// One series: its name and its value per x.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesValues {
    pub name: String,
    pub values: Vec<Option<f64>>,
}

/// What a series is ranked by.
#[derive(Debug, Clone, PartialEq)]
enum SeriesKey {
    Text(String),
    Number(f64),
}

/// The series names in display order.
pub fn series_order(series: &[SeriesValues], sort_type: SortSeriesType, ascending: bool) -> Vec<String> {
    let mut keyed: Vec<(Option<SeriesKey>, &str)> = series
        .iter()
        .map(|one| (series_key(one, sort_type), one.name.as_str()))
        .collect();
    // A stable sort keeps equal keys in their order.
    keyed.sort_by(|(left, _), (right, _)| {
        let ascending_order = compare_keys(left.as_ref(), right.as_ref());
        if ascending {
            ascending_order
        } else {
            ascending_order.reverse()
        }
    });
    keyed.into_iter().map(|(_, name)| name.to_owned()).collect()
}

fn series_key(series: &SeriesValues, sort_type: SortSeriesType) -> Option<SeriesKey> {
    let present = || {
        series
            .values
            .iter()
            .flatten()
            .copied()
            .filter(|value| !value.is_nan())
    };
    let has_values = present().next().is_some();
    match sort_type {
        SortSeriesType::Name => Some(SeriesKey::Text(series.name.to_lowercase())),
        _ if !has_values => None,
        SortSeriesType::Sum => Some(SeriesKey::Number(present().sum())),
        SortSeriesType::Min => present().reduce(f64::min).map(SeriesKey::Number),
        SortSeriesType::Max => present().reduce(f64::max).map(SeriesKey::Number),
        SortSeriesType::Avg => {
            let row_count = series.values.len() as f64;
            Some(SeriesKey::Number(present().sum::<f64>() / row_count))
        }
    }
}

/// Ascending order; a missing key is greater than any key.
fn compare_keys(left: Option<&SeriesKey>, right: Option<&SeriesKey>) -> Ordering {
    match (left, right) {
        (Some(SeriesKey::Number(left)), Some(SeriesKey::Number(right))) => left.total_cmp(right),
        (Some(SeriesKey::Text(left)), Some(SeriesKey::Text(right))) => left.cmp(right),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        _ => Ordering::Equal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(name: &str, values: &[Option<f64>]) -> SeriesValues {
        SeriesValues {
            name: name.to_owned(),
            values: values.to_vec(),
        }
    }

    fn example() -> Vec<SeriesValues> {
        vec![
            series("boy", &[Some(1.0), Some(5.0), Some(3.0)]),
            series("Girl", &[Some(4.0), None, Some(4.0)]),
            series("other", &[Some(-2.0), Some(9.0), Some(0.0)]),
            series("none", &[None, None, None]),
        ]
    }

    #[test]
    fn each_sort_type_orders_the_series() {
        let cases = [
            (SortSeriesType::Name, true, ["boy", "Girl", "none", "other"]),
            (SortSeriesType::Name, false, ["other", "none", "Girl", "boy"]),
            // sums 9, 8, 7
            (SortSeriesType::Sum, false, ["none", "boy", "Girl", "other"]),
            (SortSeriesType::Sum, true, ["other", "Girl", "boy", "none"]),
            // minimums 1, 4, -2
            (SortSeriesType::Min, true, ["other", "boy", "Girl", "none"]),
            // maximums 5, 4, 9
            (SortSeriesType::Max, false, ["none", "other", "boy", "Girl"]),
            // averages over 3 rows: 3, 8/3, 7/3
            (SortSeriesType::Avg, true, ["other", "Girl", "boy", "none"]),
        ];
        for (sort_type, ascending, expected) in cases {
            assert_eq!(
                series_order(&example(), sort_type, ascending),
                expected,
                "{sort_type:?} ascending {ascending}"
            );
        }
    }

    #[test]
    fn equal_keys_keep_their_order() {
        let tied = vec![
            series("b", &[Some(2.0)]),
            series("a", &[Some(2.0)]),
            series("c", &[Some(1.0)]),
        ];
        assert_eq!(series_order(&tied, SortSeriesType::Sum, false), ["b", "a", "c"]);
        assert_eq!(series_order(&tied, SortSeriesType::Sum, true), ["c", "b", "a"]);
    }

    #[test]
    fn the_types_read_as_the_control_stores_them() {
        let types: Vec<SortSeriesType> =
            serde_json::from_str(r#"["name", "sum", "min", "max", "avg"]"#).unwrap();
        assert_eq!(
            types,
            [
                SortSeriesType::Name,
                SortSeriesType::Sum,
                SortSeriesType::Min,
                SortSeriesType::Max,
                SortSeriesType::Avg
            ]
        );
        assert_eq!(SortSeriesType::from_control(None), SortSeriesType::Sum);
        assert_eq!(SortSeriesType::from_control(Some("max")), SortSeriesType::Max);
        assert_eq!(SortSeriesType::from_control(Some("bogus")), SortSeriesType::Name);
    }
}
