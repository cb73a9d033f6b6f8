//! The pivoted CSV export of a pivot table (`result_type: post_processed`, `result_format: csv`,
//! viz type `pivot_table_v2`): the table as the chart shows it, with its totals and subtotals, in
//! the layout Superset writes (its `pivot_df` then `to_csv`).
//!
//! - The rows' values are pivoted by the row and column groupings with the chart's aggregate
//!   function; row and column keys are sorted (numbers as numbers), empty rows and columns are
//!   dropped, metrics keep the order the user gave them.
//! - `combineMetric` moves the metric to the innermost column level; `transposePivot` swaps rows
//!   and columns; `metricsLayout: ROWS` puts the metrics on the rows.
//! - The "as Fraction of Total/Rows/Columns" functions divide by the matching sums.
//! - `rowTotals` adds a total column ("Total (Sum)") and a subtotal column ("Subtotal") after
//!   each group of every outer column level; `colTotals` does the same for rows (only when there
//!   are row groupings). Totals aggregate the cells with the same function.
//! - Hierarchical labels are flattened by joining their parts with a space, as Superset does.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap, HashSet};

use arrow::datatypes::DataType;
use serde_json::Value;

use super::csv::{escape, field_text};
use super::json::column_values;
use crate::engines::QueryOutput;

/// The pivot table's options, from the chart's form data.
#[derive(Debug, Clone, PartialEq)]
pub struct PivotOptions {
    pub rows: Vec<String>,
    pub columns: Vec<String>,
    pub metrics: Vec<String>,
    pub aggregate: String,
    pub transpose: bool,
    pub combine_metrics: bool,
    pub row_totals: bool,
    pub column_totals: bool,
    pub metrics_on_rows: bool,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PivotCsvError {
    #[error("The aggregate function {0} cannot be exported as a pivoted CSV")]
    UnsupportedAggregate(String),
    #[error("Column {0} is not in the results")]
    MissingColumn(String),
}

/// A key part: numbers sort as numbers, before text (as a pandas index of mixed values would
/// not allow; mixed columns are rare and sorted deterministically here).
#[derive(Debug, Clone, PartialEq)]
enum Part {
    Number(f64, String),
    Text(String),
}

impl Part {
    fn text(&self) -> &str {
        match self {
            Part::Number(_, text) | Part::Text(text) => text,
        }
    }

    fn compare(&self, other: &Part) -> Ordering {
        match (self, other) {
            (Part::Number(a, _), Part::Number(b, _)) => a.total_cmp(b),
            (Part::Number(..), Part::Text(_)) => Ordering::Less,
            (Part::Text(_), Part::Number(..)) => Ordering::Greater,
            (Part::Text(a), Part::Text(b)) => a.cmp(b),
        }
    }
}

fn compare_keys(a: &[Part], b: &[Part]) -> Ordering {
    a.iter()
        .zip(b)
        .map(|(x, y)| x.compare(y))
        .find(|ordering| ordering.is_ne())
        .unwrap_or_else(|| a.len().cmp(&b.len()))
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Aggregate {
    Count,
    CountUnique,
    Sum,
    Mean,
    Median,
    Variance,
    StdDev,
    Min,
    Max,
    First,
    Last,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Fraction {
    None,
    Total,
    Rows,
    Columns,
}

fn parse_aggregate(name: &str) -> Result<(Aggregate, Fraction), PivotCsvError> {
    Ok(match name {
        "Count" => (Aggregate::Count, Fraction::None),
        "Count Unique Values" => (Aggregate::CountUnique, Fraction::None),
        "Sum" => (Aggregate::Sum, Fraction::None),
        "Average" => (Aggregate::Mean, Fraction::None),
        "Median" => (Aggregate::Median, Fraction::None),
        "Sample Variance" => (Aggregate::Variance, Fraction::None),
        "Sample Standard Deviation" => (Aggregate::StdDev, Fraction::None),
        "Minimum" => (Aggregate::Min, Fraction::None),
        "Maximum" => (Aggregate::Max, Fraction::None),
        "First" => (Aggregate::First, Fraction::None),
        "Last" => (Aggregate::Last, Fraction::None),
        "Sum as Fraction of Total" => (Aggregate::Sum, Fraction::Total),
        "Sum as Fraction of Rows" => (Aggregate::Sum, Fraction::Rows),
        "Sum as Fraction of Columns" => (Aggregate::Sum, Fraction::Columns),
        "Count as Fraction of Total" => (Aggregate::Count, Fraction::Total),
        "Count as Fraction of Rows" => (Aggregate::Count, Fraction::Rows),
        "Count as Fraction of Columns" => (Aggregate::Count, Fraction::Columns),
        other => return Err(PivotCsvError::UnsupportedAggregate(other.to_owned())),
    })
}

impl Aggregate {
    /// pandas' reduction over the non-missing values (`skipna`).
    fn apply(self, values: &[f64]) -> Option<f64> {
        let present: Vec<f64> = values.iter().copied().filter(|value| !value.is_nan()).collect();
        let count = present.len() as f64;
        let mean = || present.iter().sum::<f64>() / count;
        let variance = || {
            let mean = mean();
            present.iter().map(|value| (value - mean).powi(2)).sum::<f64>() / (count - 1.0)
        };
        match self {
            Aggregate::Count => Some(count),
            Aggregate::CountUnique => {
                let distinct: HashSet<u64> = present.iter().map(|value| value.to_bits()).collect();
                Some(distinct.len() as f64)
            }
            Aggregate::Sum => Some(present.iter().sum()),
            Aggregate::Mean => (!present.is_empty()).then(mean),
            Aggregate::Median => {
                let mut sorted = present.clone();
                sorted.sort_by(f64::total_cmp);
                let middle = sorted.len() / 2;
                match sorted.len() {
                    0 => None,
                    length if length % 2 == 1 => sorted.get(middle).copied(),
                    _ => Some((sorted[middle - 1] + sorted[middle]) / 2.0),
                }
            }
            Aggregate::Variance => (present.len() > 1).then(variance),
            Aggregate::StdDev => (present.len() > 1).then(|| variance().sqrt()),
            Aggregate::Min => present.iter().copied().reduce(f64::min),
            Aggregate::Max => present.iter().copied().reduce(f64::max),
            Aggregate::First => present.first().copied(),
            Aggregate::Last => present.last().copied(),
        }
    }

    /// Whether integers stay integers (pandas keeps int64 for these when nothing is missing).
    fn keeps_integers(self) -> bool {
        matches!(
            self,
            Aggregate::Count
                | Aggregate::CountUnique
                | Aggregate::Sum
                | Aggregate::Min
                | Aggregate::Max
                | Aggregate::First
                | Aggregate::Last
        )
    }
}

/// One axis of the table: leaf keys and the labels of the lines shown (leaves and totals), each
/// line naming the leaves it aggregates.
#[derive(Debug, Clone)]
struct Axis {
    labels: Vec<Vec<String>>,
    /// For each shown line: `Leaf(index)` or the leaves a total aggregates.
    lines: Vec<Line>,
}

#[derive(Debug, Clone)]
enum Line {
    Leaf(usize),
    Total(Vec<usize>),
}

impl Axis {
    fn leaves(keys: &[Vec<Part>]) -> Axis {
        Axis {
            labels: keys
                .iter()
                .map(|key| key.iter().map(|part| part.text().to_owned()).collect())
                .collect(),
            lines: (0..keys.len()).map(Line::Leaf).collect(),
        }
    }

    /// Adds the grand total at the end and a subtotal after each group of every outer level,
    /// Superset's order: a group's subtotal follows its last line.
    fn with_totals(keys: &[Vec<String>], total_name: &str) -> Axis {
        let levels = keys.first().map_or(1, Vec::len).max(1);
        let mut labels = Vec::new();
        let mut lines = Vec::new();
        fn walk(
            keys: &[Vec<String>],
            indices: &[usize],
            depth: usize,
            levels: usize,
            labels: &mut Vec<Vec<String>>,
            lines: &mut Vec<Line>,
        ) {
            if depth + 1 >= levels {
                for &index in indices {
                    labels.push(keys[index].clone());
                    lines.push(Line::Leaf(index));
                }
                return;
            }
            let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
            for &index in indices {
                let part = &keys[index][depth];
                match groups.last_mut() {
                    Some((last, members)) if last == part => members.push(index),
                    _ => groups.push((part.clone(), vec![index])),
                }
            }
            for (_, members) in groups {
                walk(keys, &members, depth + 1, levels, labels, lines);
                let mut label: Vec<String> = keys[members[0]][..=depth].to_vec();
                label.push("Subtotal".to_owned());
                label.resize(levels, String::new());
                labels.push(label);
                lines.push(Line::Total(members));
            }
        }
        let all: Vec<usize> = (0..keys.len()).collect();
        walk(keys, &all, 0, levels, &mut labels, &mut lines);
        let mut total = vec![total_name.to_owned()];
        total.resize(levels, String::new());
        labels.push(total);
        lines.push(Line::Total(all));
        Axis { labels, lines }
    }
}

fn part_of(value: &Value, is_temporal: bool) -> Option<Part> {
    match value {
        Value::Null => None,
        Value::Number(number) if !is_temporal => Some(Part::Number(
            number.as_f64().unwrap_or(f64::NAN),
            number.to_string(),
        )),
        other => Some(Part::Text(unquoted(&field_text(other, is_temporal)))),
    }
}

/// [`field_text`] quotes for CSV; labels are quoted once, when written.
fn unquoted(text: &str) -> String {
    match text.strip_prefix('"').and_then(|rest| rest.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => text.to_owned(),
    }
}

/// Python's `repr` of a float, as pandas writes floats to CSV; missing values are empty.
fn python_float(value: f64) -> String {
    if value.is_nan() {
        return String::new();
    }
    if value.is_infinite() {
        return if value > 0.0 {
            "inf".to_owned()
        } else {
            "-inf".to_owned()
        };
    }
    let magnitude = value.abs();
    if value != 0.0 && !(1e-4..1e16).contains(&magnitude) {
        let text = format!("{value:e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let (sign, digits) = match exponent.strip_prefix('-') {
            Some(digits) => ('-', digits),
            None => ('+', exponent),
        };
        return format!("{mantissa}e{sign}{digits:0>2}");
    }
    if value.fract() == 0.0 {
        format!("{value:.1}")
    } else {
        format!("{value}")
    }
}

/// The pivoted CSV of a result.
pub fn pivot_csv(output: &QueryOutput, options: &PivotOptions) -> Result<String, PivotCsvError> {
    let (aggregate, fraction) = parse_aggregate(&options.aggregate)?;
    let total_name = format!("Total ({})", options.aggregate);
    let (mut rows, mut columns) = (options.rows.clone(), options.columns.clone());
    if options.transpose {
        std::mem::swap(&mut rows, &mut columns);
    }
    if options.metrics_on_rows {
        std::mem::swap(&mut rows, &mut columns);
    }

    // Read the needed columns of every batch.
    let schema = &output.schema;
    let index_of = |name: &str| {
        schema
            .index_of(name)
            .map_err(|_| PivotCsvError::MissingColumn(name.to_owned()))
    };
    let row_indices = rows
        .iter()
        .map(|name| index_of(name))
        .collect::<Result<Vec<_>, _>>()?;
    let column_indices = columns
        .iter()
        .map(|name| index_of(name))
        .collect::<Result<Vec<_>, _>>()?;
    let metric_indices = options
        .metrics
        .iter()
        .map(|name| index_of(name))
        .collect::<Result<Vec<_>, _>>()?;
    let is_temporal = |index: usize| {
        matches!(
            schema.field(index).data_type(),
            DataType::Timestamp(_, _) | DataType::Date32 | DataType::Date64
        )
    };
    let integers = aggregate.keeps_integers()
        && fraction == Fraction::None
        && metric_indices
            .iter()
            .all(|&index| schema.field(index).data_type().is_integer());

    // Cells: (row key, column key) -> values of each metric.
    let mut row_keys: Vec<Vec<Part>> = Vec::new();
    let mut column_keys: Vec<Vec<Part>> = Vec::new();
    let mut row_ids: HashMap<Vec<String>, usize> = HashMap::new();
    let mut column_ids: HashMap<Vec<String>, usize> = HashMap::new();
    let mut cells: BTreeMap<(usize, usize, usize), Vec<f64>> = BTreeMap::new();
    for batch in &output.batches {
        let values = |indices: &[usize]| -> Vec<Vec<Value>> {
            indices
                .iter()
                .map(|&index| column_values(batch.column(index)))
                .collect()
        };
        let (row_values, column_values_, metric_values) = (
            values(&row_indices),
            values(&column_indices),
            values(&metric_indices),
        );
        'rows: for line in 0..batch.num_rows() {
            let key_of = |columns: &[Vec<Value>], indices: &[usize]| -> Option<Vec<Part>> {
                columns
                    .iter()
                    .zip(indices)
                    .map(|(values, &index)| part_of(&values[line], is_temporal(index)))
                    .collect()
            };
            // pandas drops groups with a missing key.
            let Some(row_key) = key_of(&row_values, &row_indices) else {
                continue 'rows;
            };
            let Some(column_key) = key_of(&column_values_, &column_indices) else {
                continue 'rows;
            };
            let id_of = |key: Vec<Part>, ids: &mut HashMap<Vec<String>, usize>, keys: &mut Vec<Vec<Part>>| {
                let text: Vec<String> = key.iter().map(|part| part.text().to_owned()).collect();
                *ids.entry(text).or_insert_with(|| {
                    keys.push(key);
                    keys.len() - 1
                })
            };
            let row = id_of(row_key, &mut row_ids, &mut row_keys);
            let column = id_of(column_key, &mut column_ids, &mut column_keys);
            for (metric, values) in metric_values.iter().enumerate() {
                let value = values[line].as_f64().unwrap_or(f64::NAN);
                cells.entry((row, column, metric)).or_default().push(value);
            }
        }
    }

    // Sorted keys, then the leaf table: rows by (metric, column key) columns.
    let order = |keys: &[Vec<Part>]| {
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_by(|&a, &b| compare_keys(&keys[a], &keys[b]));
        order
    };
    let row_order = order(&row_keys);
    let column_order = order(&column_keys);
    let metric_count = options.metrics.len();
    // Leaf columns: (metric, column key) in the user's metric order, or with combined metrics
    // (column key, metric).
    let mut leaf_columns: Vec<(usize, usize)> = Vec::new();
    if options.combine_metrics {
        for &column in &column_order {
            for metric in 0..metric_count {
                leaf_columns.push((metric, column));
            }
        }
    } else {
        for metric in 0..metric_count {
            for &column in &column_order {
                leaf_columns.push((metric, column));
            }
        }
    }
    let mut table: Vec<Vec<f64>> = row_order
        .iter()
        .map(|&row| {
            leaf_columns
                .iter()
                .map(|&(metric, column)| {
                    cells
                        .get(&(row, column, metric))
                        .and_then(|values| aggregate.apply(values))
                        .unwrap_or(f64::NAN)
                })
                .collect()
        })
        .collect();
    let mut row_labels: Vec<Vec<Part>> = row_order.iter().map(|&row| row_keys[row].clone()).collect();
    // dropna: rows and columns with no value at all go.
    let keep_rows: Vec<bool> = table
        .iter()
        .map(|line| line.iter().any(|v| !v.is_nan()))
        .collect();
    let mut kept = keep_rows.iter();
    table.retain(|_| *kept.next().unwrap_or(&false));
    let mut kept = keep_rows.iter();
    row_labels.retain(|_| *kept.next().unwrap_or(&false));
    let keep_columns: Vec<bool> = (0..leaf_columns.len())
        .map(|column| table.iter().any(|line| !line[column].is_nan()))
        .collect();
    for line in &mut table {
        let mut kept = keep_columns.iter();
        line.retain(|_| *kept.next().unwrap_or(&false));
    }
    let mut kept = keep_columns.iter();
    leaf_columns.retain(|_| *kept.next().unwrap_or(&false));

    let metric_part = |metric: usize| Part::Text(options.metrics[metric].clone());
    let column_labels: Vec<Vec<Part>> = leaf_columns
        .iter()
        .map(|&(metric, column)| {
            let mut label = column_keys[column].clone();
            if options.combine_metrics {
                label.push(metric_part(metric));
            } else {
                label.insert(0, metric_part(metric));
            }
            label
        })
        .collect();
    // Without row groupings the metrics form one row named after the total.
    if rows.is_empty() {
        row_labels = vec![vec![Part::Text(total_name.clone())]];
        if table.is_empty() {
            table.push(vec![f64::NAN; leaf_columns.len()]);
        }
    }

    // Fractions, before totals.
    let (by_rows, by_columns) = if options.metrics_on_rows {
        (Fraction::Columns, Fraction::Rows)
    } else {
        (Fraction::Rows, Fraction::Columns)
    };
    let sum = |values: &mut dyn Iterator<Item = f64>| values.filter(|v| !v.is_nan()).sum::<f64>();
    match fraction {
        Fraction::None => {}
        Fraction::Total => {
            let total = sum(&mut table.iter().flatten().copied());
            table.iter_mut().flatten().for_each(|value| *value /= total);
        }
        kind if kind == by_columns => {
            let width = leaf_columns.len();
            for column in 0..width {
                let total = sum(&mut table.iter().map(|line| line[column]));
                table.iter_mut().for_each(|line| line[column] /= total);
            }
        }
        kind if kind == by_rows => {
            for line in &mut table {
                let total = sum(&mut line.iter().copied());
                line.iter_mut().for_each(|value| *value /= total);
            }
        }
        _ => {}
    }

    // Totals: columns first (`rowTotals`), then rows (`colTotals`) over every column.
    let text_labels = |labels: &[Vec<Part>]| -> Vec<Vec<String>> {
        labels
            .iter()
            .map(|label| label.iter().map(|part| part.text().to_owned()).collect())
            .collect()
    };
    let column_axis = if options.row_totals {
        Axis::with_totals(&text_labels(&column_labels), &total_name)
    } else {
        Axis::leaves(&column_labels)
    };
    let table: Vec<Vec<f64>> = table
        .iter()
        .map(|line| {
            column_axis
                .lines
                .iter()
                .map(|shown| match shown {
                    Line::Leaf(index) => line[*index],
                    Line::Total(members) => {
                        let values: Vec<f64> = members.iter().map(|&index| line[index]).collect();
                        aggregate.apply(&values).unwrap_or(f64::NAN)
                    }
                })
                .collect()
        })
        .collect();
    let row_axis = if !rows.is_empty() && options.column_totals {
        Axis::with_totals(&text_labels(&row_labels), &total_name)
    } else {
        Axis::leaves(&row_labels)
    };
    let width = column_axis.lines.len();
    let mut table: Vec<Vec<f64>> = row_axis
        .lines
        .iter()
        .map(|shown| match shown {
            Line::Leaf(index) => table[*index].clone(),
            Line::Total(members) => (0..width)
                .map(|column| {
                    let values: Vec<f64> = members.iter().map(|&index| table[index][column]).collect();
                    aggregate.apply(&values).unwrap_or(f64::NAN)
                })
                .collect(),
        })
        .collect();
    let (mut row_names, mut column_names) = (row_axis.labels, column_axis.labels);
    if options.metrics_on_rows {
        table = transpose(&table, width);
        std::mem::swap(&mut row_names, &mut column_names);
    }

    // pandas upcasts the whole block to floats when any value is missing.
    let integers = integers && table.iter().flatten().all(|value| value.is_finite());
    let flatten = |label: &Vec<String>| label.join(" ").trim().to_owned();
    let mut csv = String::new();
    let header: Vec<String> = std::iter::once(String::new())
        .chain(column_names.iter().map(|label| escape(&flatten(label))))
        .collect();
    csv.push_str(&header.join(","));
    csv.push_str("\r\n");
    for (label, line) in row_names.iter().zip(&table) {
        let mut fields = vec![escape(&flatten(label))];
        fields.extend(line.iter().map(|&value| {
            if integers {
                format!("{value:.0}")
            } else {
                python_float(value)
            }
        }));
        csv.push_str(&fields.join(","));
        csv.push_str("\r\n");
    }
    Ok(csv)
}

fn transpose(table: &[Vec<f64>], width: usize) -> Vec<Vec<f64>> {
    (0..width)
        .map(|column| table.iter().map(|line| line[column]).collect())
        .collect()
}

/// The options of a `pivot_table_v2` form data, with labels as the query names its columns.
pub fn options_from_form_data(form_data: &Value) -> PivotOptions {
    let labels = |key: &str| -> Vec<String> {
        form_data
            .get(key)
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|item| serde_json::from_value::<quiver_types::ColumnRef>(item.clone()).ok())
                    .map(|column| crate::query::column_label(&column))
                    .collect()
            })
            .unwrap_or_default()
    };
    let flag = |key: &str| form_data.get(key).and_then(Value::as_bool).unwrap_or(false);
    PivotOptions {
        rows: labels("groupbyRows"),
        columns: labels("groupbyColumns"),
        metrics: form_data
            .get("metrics")
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|item| serde_json::from_value::<quiver_types::MetricRef>(item.clone()).ok())
                    .map(|metric| crate::query::metric_label(&metric))
                    .collect()
            })
            .unwrap_or_default(),
        aggregate: form_data
            .get("aggregateFunction")
            .and_then(Value::as_str)
            .unwrap_or("Sum")
            .to_owned(),
        transpose: flag("transposePivot"),
        combine_metrics: flag("combineMetric"),
        row_totals: flag("rowTotals"),
        column_totals: flag("colTotals"),
        metrics_on_rows: form_data.get("metricsLayout").and_then(Value::as_str) == Some("ROWS"),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{ArrayRef, Int64Array, StringArray};
    use arrow::datatypes::{Field, Schema};
    use arrow::record_batch::RecordBatch;

    use super::*;

    fn output(rows: &[(&str, &str, Option<i64>)]) -> QueryOutput {
        let schema = Arc::new(Schema::new(vec![
            Field::new("state", DataType::Utf8, true),
            Field::new("gender", DataType::Utf8, true),
            Field::new("SUM(num)", DataType::Int64, true),
        ]));
        let columns: Vec<ArrayRef> = vec![
            Arc::new(StringArray::from(
                rows.iter().map(|row| row.0).collect::<Vec<_>>(),
            )),
            Arc::new(StringArray::from(
                rows.iter().map(|row| row.1).collect::<Vec<_>>(),
            )),
            Arc::new(Int64Array::from(rows.iter().map(|row| row.2).collect::<Vec<_>>())),
        ];
        QueryOutput {
            schema: Arc::clone(&schema),
            batches: vec![RecordBatch::try_new(schema, columns).unwrap()],
        }
    }

    fn options() -> PivotOptions {
        PivotOptions {
            rows: vec!["state".into()],
            columns: vec!["gender".into()],
            metrics: vec!["SUM(num)".into()],
            aggregate: "Sum".into(),
            transpose: false,
            combine_metrics: false,
            row_totals: false,
            column_totals: false,
            metrics_on_rows: false,
        }
    }

    const ROWS: &[(&str, &str, Option<i64>)] = &[
        ("NY", "girl", Some(4)),
        ("CA", "boy", Some(1)),
        ("CA", "girl", Some(2)),
        ("NY", "boy", Some(3)),
    ];

    #[test]
    fn pivots_with_sorted_keys_and_flattened_labels() {
        let csv = pivot_csv(&output(ROWS), &options()).unwrap();
        assert_eq!(csv, ",SUM(num) boy,SUM(num) girl\r\nCA,1,2\r\nNY,3,4\r\n");
    }

    #[test]
    fn totals_and_subtotals_in_supersets_order() {
        let with_totals = PivotOptions {
            row_totals: true,
            column_totals: true,
            ..options()
        };
        let csv = pivot_csv(&output(ROWS), &with_totals).unwrap();
        assert_eq!(
            csv,
            ",SUM(num) boy,SUM(num) girl,SUM(num) Subtotal,Total (Sum)\r\n\
             CA,1,2,3,3\r\n\
             NY,3,4,7,7\r\n\
             Total (Sum),4,6,10,10\r\n"
        );
    }

    #[test]
    fn missing_cells_make_floats_and_fractions_divide() {
        let rows = &[("CA", "boy", Some(1)), ("NY", "girl", Some(3))];
        let csv = pivot_csv(&output(rows), &options()).unwrap();
        assert_eq!(csv, ",SUM(num) boy,SUM(num) girl\r\nCA,1.0,\r\nNY,,3.0\r\n");
        let of_total = PivotOptions {
            aggregate: "Sum as Fraction of Total".into(),
            ..options()
        };
        let csv = pivot_csv(&output(ROWS), &of_total).unwrap();
        assert_eq!(csv, ",SUM(num) boy,SUM(num) girl\r\nCA,0.1,0.2\r\nNY,0.3,0.4\r\n");
        let of_rows = PivotOptions {
            aggregate: "Sum as Fraction of Rows".into(),
            ..options()
        };
        let csv = pivot_csv(&output(ROWS), &of_rows).unwrap();
        assert!(csv.contains("CA,0.3333333333333333,0.6666666666666666"), "{csv}");
    }

    #[test]
    fn without_rows_the_metrics_make_one_total_row() {
        let no_rows = PivotOptions {
            rows: vec![],
            ..options()
        };
        let csv = pivot_csv(&output(ROWS), &no_rows).unwrap();
        assert_eq!(csv, ",SUM(num) boy,SUM(num) girl\r\nTotal (Sum),4,6\r\n");
    }

    #[test]
    fn transposed_and_metrics_on_rows() {
        let transposed = PivotOptions {
            transpose: true,
            ..options()
        };
        let csv = pivot_csv(&output(ROWS), &transposed).unwrap();
        assert_eq!(csv, ",SUM(num) CA,SUM(num) NY\r\nboy,1,3\r\ngirl,2,4\r\n");
        let on_rows = PivotOptions {
            metrics_on_rows: true,
            ..options()
        };
        let csv = pivot_csv(&output(ROWS), &on_rows).unwrap();
        assert_eq!(csv, ",boy,girl\r\nSUM(num) CA,1,2\r\nSUM(num) NY,3,4\r\n");
    }

    #[test]
    fn floats_print_like_python() {
        assert_eq!(python_float(13_606_803.0), "13606803.0");
        assert_eq!(python_float(0.1), "0.1");
        assert_eq!(python_float(1e-5), "1e-05");
        assert_eq!(python_float(1.5e16), "1.5e+16");
        assert_eq!(python_float(f64::NAN), "");
    }

    #[test]
    fn unknown_aggregates_and_columns_are_refused() {
        let list = PivotOptions {
            aggregate: "List Unique Values".into(),
            ..options()
        };
        assert!(matches!(
            pivot_csv(&output(ROWS), &list),
            Err(PivotCsvError::UnsupportedAggregate(_))
        ));
        let missing = PivotOptions {
            rows: vec!["nope".into()],
            ..options()
        };
        assert_eq!(
            pivot_csv(&output(ROWS), &missing),
            Err(PivotCsvError::MissingColumn("nope".into()))
        );
    }
}
