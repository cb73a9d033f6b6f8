//! Post-processing benchmark, native side and report.
//!
//! ```text
//! quiver-bench-postprocess generate  --rows 1000000 --data DIR
//! quiver-bench-postprocess native    --data DIR --cases cases.json --runs 11 --out native.json
//!                                    [--only "case name"]
//! quiver-bench-postprocess summarize --results wasm.json
//! quiver-bench-postprocess report    --native native.json --wasm wasm.json --pandas pandas.json
//!                                    [--wasm-bytes N --wasm-gzip-bytes N] --out results.md
//! ```
//!
//! `bench/postprocess.sh` runs the whole benchmark: it calls these, the Wasm runner in headless
//! Chromium (`wasm.mjs`) and the pandas runner (`pandas_runner.py`) on the same inputs and cases.
//! Every side reports, per case, the median and fastest time and a summary of its result (rows,
//! columns and the sum of every numeric cell) so the report can say whether the three agree.

use std::collections::BTreeMap;
use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use arrow::array::{
    Array, ArrayRef, AsArray, Float64Array, Int64Array, StringArray, TimestampMicrosecondArray,
};
use arrow::datatypes::{
    DataType, Field, Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type, Schema, TimeUnit,
    UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow::record_batch::RecordBatch;
use quiver_core::arrow_ipc::{decode_stream_to_batch, encode_stream};
use quiver_core::reaggregate::ReaggregationRequest;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The allocator the server uses (decision 0024): the native side is measured as it runs there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

type BenchResult<T> = Result<T, Box<dyn std::error::Error>>;

const MICROS_PER_MINUTE: i64 = 60_000_000;
const MICROS_PER_DAY: i64 = 86_400_000_000;
/// 2020-01-01T00:00:00Z in microseconds.
const START_MICROS: i64 = 1_577_836_800_000_000;

#[derive(Debug, Deserialize)]
struct CaseFile {
    cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
struct Case {
    name: String,
    input: String,
    #[serde(default)]
    rules: Vec<Value>,
    #[serde(default)]
    reaggregate: Option<ReaggregationRequest>,
    /// Calls per timed run, for cases too quick for one call to measure (a schema change):
    /// every side times this many calls in a row and reports the time per call.
    #[serde(default = "one_call")]
    repeat: usize,
}

fn one_call() -> usize {
    1
}

/// What a result looks like, compared across the three sides.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Summary {
    rows: usize,
    columns: usize,
    /// The sum of every present, finite numeric cell (timestamps and text excluded).
    numeric_sum: f64,
}

/// One side's figures for one case.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Timing {
    name: String,
    /// `null` (NaN) when the case failed.
    #[serde(deserialize_with = "nan_when_null")]
    median_ms: f64,
    #[serde(deserialize_with = "nan_when_null")]
    min_ms: f64,
    runs: usize,
    #[serde(default)]
    summary: Option<Summary>,
    /// The file holding the result, for sides that do not summarise themselves (Wasm).
    #[serde(default)]
    result_file: Option<String>,
    #[serde(default)]
    error: Option<String>,
    /// Wasm only: the median time to encode the result as Arrow IPC (not in `median_ms`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    encode_ms: Option<f64>,
}

fn nan_when_null<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(deserializer)?.unwrap_or(f64::NAN))
}

#[derive(Debug, Serialize, Deserialize)]
struct SideResults {
    side: String,
    #[serde(default)]
    environment: String,
    timings: Vec<Timing>,
}

fn main() {
    if let Err(error) = run() {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

fn run() -> BenchResult<()> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = arguments.split_first() else {
        return Err("usage: quiver-bench-postprocess generate|native|summarize|report ...".into());
    };
    let flags = Flags::parse(rest)?;
    match command.as_str() {
        "generate" => generate(
            flags.number("--rows")?.unwrap_or(1_000_000),
            &flags.path("--data")?,
        ),
        "native" => native(&flags),
        "summarize" => summarize(&flags),
        "report" => report(&flags),
        other => Err(format!("unknown command {other}").into()),
    }
}

/// `--flag value` pairs.
struct Flags {
    values: BTreeMap<String, String>,
}

impl Flags {
    fn parse(arguments: &[String]) -> BenchResult<Self> {
        let mut values = BTreeMap::new();
        let mut iter = arguments.iter();
        while let Some(argument) = iter.next() {
            if !argument.starts_with("--") {
                return Err(format!("unexpected argument {argument}").into());
            }
            let value = iter
                .next()
                .ok_or_else(|| format!("missing value after {argument}"))?;
            values.insert(argument.clone(), value.clone());
        }
        Ok(Flags { values })
    }

    fn text(&self, flag: &str) -> Option<&str> {
        self.values.get(flag).map(String::as_str)
    }

    fn path(&self, flag: &str) -> BenchResult<PathBuf> {
        self.text(flag)
            .map(PathBuf::from)
            .ok_or_else(|| format!("{flag} is required").into())
    }

    fn number(&self, flag: &str) -> BenchResult<Option<usize>> {
        Ok(match self.text(flag) {
            Some(text) => Some(text.parse().map_err(|error| format!("{flag} {text}: {error}"))?),
            None => None,
        })
    }
}

/// splitmix64: the same inputs on every run and every machine.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    /// Uniform in [0, scale), rounded to cents.
    fn amount(&mut self, scale: f64) -> f64 {
        ((self.next() >> 11) as f64 / (1u64 << 53) as f64 * scale * 100.0).round() / 100.0
    }
}

/// Writes `rows.arrow` and `series.arrow` (Arrow IPC streams) into `data`.
fn generate(rows: usize, data: &Path) -> BenchResult<()> {
    fs::create_dir_all(data)?;
    let mut random = Random(20_261_123);
    let timestamps: Vec<i64> = (0..rows as i64)
        .map(|row| START_MICROS + row * MICROS_PER_MINUTE)
        .collect();
    let days: Vec<i64> = timestamps
        .iter()
        .map(|micros| micros - micros.rem_euclid(MICROS_PER_DAY))
        .collect();
    let categories: Vec<String> = (0..rows).map(|_| format!("c{:02}", random.below(50))).collect();
    let regions: Vec<String> = (0..rows).map(|_| format!("region-{}", random.below(8))).collect();
    let values: Vec<f64> = (0..rows).map(|_| random.amount(1_000.0)).collect();
    let values_b: Vec<f64> = (0..rows).map(|_| random.amount(1_000.0)).collect();
    let units: Vec<i64> = (0..rows).map(|_| random.below(100) as i64).collect();

    let timestamp_type = DataType::Timestamp(TimeUnit::Microsecond, None);
    let timestamp_column: ArrayRef = Arc::new(TimestampMicrosecondArray::from(timestamps));
    let value_column: ArrayRef = Arc::new(Float64Array::from(values));
    let value_b_column: ArrayRef = Arc::new(Float64Array::from(values_b));
    let full = RecordBatch::try_new(
        Arc::new(Schema::new(vec![
            Field::new("__timestamp", timestamp_type.clone(), false),
            Field::new("day", timestamp_type.clone(), false),
            Field::new("category", DataType::Utf8, false),
            Field::new("region", DataType::Utf8, false),
            Field::new("value", DataType::Float64, false),
            Field::new("value_b", DataType::Float64, false),
            Field::new("units", DataType::Int64, false),
        ])),
        vec![
            timestamp_column.clone(),
            Arc::new(TimestampMicrosecondArray::from(days)),
            Arc::new(StringArray::from(categories)),
            Arc::new(StringArray::from(regions)),
            value_column.clone(),
            value_b_column.clone(),
            Arc::new(Int64Array::from(units)),
        ],
    )?;
    let series = RecordBatch::try_new(
        Arc::new(Schema::new(vec![
            Field::new("__timestamp", timestamp_type, false),
            Field::new("value", DataType::Float64, false),
            Field::new("value_b", DataType::Float64, false),
        ])),
        vec![timestamp_column, value_column, value_b_column],
    )?;
    for (name, batch) in [("rows", &full), ("series", &series)] {
        let path = data.join(format!("{name}.arrow"));
        fs::write(&path, encode_stream(batch)?)?;
        println!("wrote {} ({} rows)", path.display(), batch.num_rows());
    }
    Ok(())
}

fn read_cases(path: &Path) -> BenchResult<Vec<Case>> {
    let file: CaseFile = serde_json::from_str(&fs::read_to_string(path)?)?;
    Ok(file.cases)
}

fn read_input(data: &Path, input: &str) -> BenchResult<RecordBatch> {
    let bytes = fs::read(data.join(format!("{input}.arrow")))?;
    Ok(decode_stream_to_batch(&bytes)?)
}

fn run_case(case: &Case, batch: &RecordBatch) -> BenchResult<RecordBatch> {
    match &case.reaggregate {
        Some(request) => Ok(quiver_core::reaggregate(batch, request)?),
        None => Ok(quiver_core::apply_post_processing(&case.rules, batch.clone())?),
    }
}

/// Times every case on its input: one warm-up, then `--runs` runs (the operation only; the
/// input is decoded once beforehand, as pandas gets a DataFrame). A run of a case with
/// `repeat` makes that many calls, and counts their time divided by `repeat`. `--only` runs
/// one case (to profile it).
fn native(flags: &Flags) -> BenchResult<()> {
    let data = flags.path("--data")?;
    let mut cases = read_cases(&flags.path("--cases")?)?;
    if let Some(only) = flags.text("--only") {
        cases.retain(|case| case.name == only);
        if cases.is_empty() {
            return Err(format!("no case named {only}").into());
        }
    }
    let runs = flags.number("--runs")?.unwrap_or(11).max(1);
    let mut inputs: BTreeMap<String, RecordBatch> = BTreeMap::new();
    let mut timings = Vec::new();
    for case in &cases {
        if !inputs.contains_key(&case.input) {
            inputs.insert(case.input.clone(), read_input(&data, &case.input)?);
        }
        let batch = &inputs[&case.input];
        let timing = match run_case(case, batch) {
            Err(error) => Timing {
                name: case.name.clone(),
                median_ms: f64::NAN,
                min_ms: f64::NAN,
                runs: 0,
                summary: None,
                result_file: None,
                error: Some(error.to_string()),
                encode_ms: None,
            },
            Ok(first) => {
                let summary = summarize_batch(&first);
                let mut samples = Vec::with_capacity(runs);
                let repeat = case.repeat.max(1);
                for _ in 0..runs {
                    // The results are kept until the clock stops, as the other sides keep theirs.
                    let mut results = Vec::with_capacity(repeat);
                    let started = Instant::now();
                    for _ in 0..repeat {
                        results.push(run_case(case, black_box(batch))?);
                    }
                    samples.push(started.elapsed().as_secs_f64() * 1_000.0 / repeat as f64);
                    black_box(results);
                }
                let (median_ms, min_ms) = median_and_min(&mut samples);
                Timing {
                    name: case.name.clone(),
                    median_ms,
                    min_ms,
                    runs,
                    summary: Some(summary),
                    result_file: None,
                    error: None,
                    encode_ms: None,
                }
            }
        };
        println!("native  {:<28} {:>9.2} ms", timing.name, timing.median_ms);
        timings.push(timing);
    }
    let results = SideResults {
        side: "native".to_owned(),
        environment: format!(
            "quiver-core release build, {} {}",
            std::env::consts::OS,
            std::env::consts::ARCH
        ),
        timings,
    };
    fs::write(flags.path("--out")?, serde_json::to_string_pretty(&results)?)?;
    Ok(())
}

fn median_and_min(samples: &mut [f64]) -> (f64, f64) {
    samples.sort_by(f64::total_cmp);
    let middle = samples.len() / 2;
    let median = if samples.len().is_multiple_of(2) {
        (samples[middle - 1] + samples[middle]) / 2.0
    } else {
        samples[middle]
    };
    (median, samples[0])
}

fn summarize_batch(batch: &RecordBatch) -> Summary {
    Summary {
        rows: batch.num_rows(),
        columns: batch.num_columns(),
        numeric_sum: batch.columns().iter().map(numeric_sum).sum(),
    }
}

fn numeric_sum(column: &ArrayRef) -> f64 {
    fn finite(values: impl Iterator<Item = Option<f64>>) -> f64 {
        values.flatten().filter(|value| value.is_finite()).sum()
    }
    match column.data_type() {
        DataType::Float64 => finite(column.as_primitive::<Float64Type>().iter()),
        DataType::Float32 => finite(
            column
                .as_primitive::<Float32Type>()
                .iter()
                .map(|v| v.map(f64::from)),
        ),
        DataType::Int64 => finite(
            column
                .as_primitive::<Int64Type>()
                .iter()
                .map(|v| v.map(|v| v as f64)),
        ),
        DataType::Int32 => finite(
            column
                .as_primitive::<Int32Type>()
                .iter()
                .map(|v| v.map(f64::from)),
        ),
        DataType::Int16 => finite(
            column
                .as_primitive::<Int16Type>()
                .iter()
                .map(|v| v.map(f64::from)),
        ),
        DataType::Int8 => finite(column.as_primitive::<Int8Type>().iter().map(|v| v.map(f64::from))),
        DataType::UInt64 => finite(
            column
                .as_primitive::<UInt64Type>()
                .iter()
                .map(|v| v.map(|v| v as f64)),
        ),
        DataType::UInt32 => finite(
            column
                .as_primitive::<UInt32Type>()
                .iter()
                .map(|v| v.map(f64::from)),
        ),
        DataType::UInt16 => finite(
            column
                .as_primitive::<UInt16Type>()
                .iter()
                .map(|v| v.map(f64::from)),
        ),
        DataType::UInt8 => finite(
            column
                .as_primitive::<UInt8Type>()
                .iter()
                .map(|v| v.map(f64::from)),
        ),
        _ => 0.0,
    }
}

/// Reads a Wasm side's results, summarises each result file it names and writes the results
/// back with the summaries filled in.
fn summarize(flags: &Flags) -> BenchResult<()> {
    let path = flags.path("--results")?;
    let mut results: SideResults = serde_json::from_str(&fs::read_to_string(&path)?)?;
    for timing in &mut results.timings {
        if let Some(file) = &timing.result_file {
            let batch = decode_stream_to_batch(&fs::read(file)?)?;
            timing.summary = Some(summarize_batch(&batch));
        }
    }
    fs::write(&path, serde_json::to_string_pretty(&results)?)?;
    Ok(())
}

fn read_side(path: &Path) -> BenchResult<SideResults> {
    Ok(serde_json::from_str(&fs::read_to_string(path)?)?)
}

fn same_result(left: &Summary, right: &Summary) -> bool {
    let scale = left.numeric_sum.abs().max(right.numeric_sum.abs()).max(1.0);
    left.rows == right.rows
        && left.columns == right.columns
        && (left.numeric_sum - right.numeric_sum).abs() / scale < 1e-6
}

fn milliseconds(timing: Option<&Timing>) -> String {
    match timing {
        Some(timing) if timing.error.is_none() && timing.median_ms.is_finite() => {
            if timing.median_ms < 10.0 {
                format!("{:.2}", timing.median_ms)
            } else {
                format!("{:.1}", timing.median_ms)
            }
        }
        Some(timing) => format!("error: {}", timing.error.as_deref().unwrap_or("no result")),
        None => "—".to_owned(),
    }
}

fn ratio(baseline: Option<&Timing>, measured: Option<&Timing>) -> Option<f64> {
    let (baseline, measured) = (baseline?, measured?);
    (baseline.median_ms.is_finite() && measured.median_ms.is_finite() && measured.median_ms > 0.0)
        .then(|| baseline.median_ms / measured.median_ms)
}

fn ratio_text(value: Option<f64>) -> String {
    value.map_or_else(|| "—".to_owned(), |value| format!("{value:.1}x"))
}

/// The Markdown table of the three sides, with the speed-ups over pandas and whether the three
/// results agree; also printed.
fn report(flags: &Flags) -> BenchResult<()> {
    let native = read_side(&flags.path("--native")?)?;
    let wasm = read_side(&flags.path("--wasm")?)?;
    let pandas = read_side(&flags.path("--pandas")?)?;
    let find =
        |side: &SideResults, name: &str| side.timings.iter().find(|timing| timing.name == name).cloned();

    let mut lines = vec![
        "| operation | result rows | native (ms) | Wasm (ms) | pandas (ms) | native vs pandas | Wasm vs pandas | Wasm + IPC encode (ms) | results agree |".to_owned(),
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |".to_owned(),
    ];
    let mut native_ratios = Vec::new();
    let mut wasm_ratios = Vec::new();
    let mut disagreements = Vec::new();
    for timing in &native.timings {
        let name = timing.name.as_str();
        let (wasm_timing, pandas_timing) = (find(&wasm, name), find(&pandas, name));
        let native_ratio = ratio(pandas_timing.as_ref(), Some(timing));
        let wasm_ratio = ratio(pandas_timing.as_ref(), wasm_timing.as_ref());
        native_ratios.extend(native_ratio);
        wasm_ratios.extend(wasm_ratio);
        let summaries = [
            timing.summary.as_ref(),
            wasm_timing.as_ref().and_then(|t| t.summary.as_ref()),
            pandas_timing.as_ref().and_then(|t| t.summary.as_ref()),
        ];
        let agree = match summaries {
            [Some(native), Some(wasm), Some(pandas)] => {
                let mut differences = Vec::new();
                if !same_result(native, wasm) {
                    differences.push(format!("Wasm {wasm:?} vs native {native:?}"));
                }
                if !same_result(native, pandas) {
                    differences.push(format!("pandas {pandas:?} vs native {native:?}"));
                }
                if differences.is_empty() {
                    "yes".to_owned()
                } else {
                    disagreements.push(format!("{name}: {}", differences.join("; ")));
                    "NO".to_owned()
                }
            }
            _ => "not compared".to_owned(),
        };
        let with_encoding = wasm_timing
            .as_ref()
            .and_then(|timing| Some(timing.median_ms + timing.encode_ms?))
            .filter(|total| total.is_finite())
            .map_or_else(|| "—".to_owned(), |total| format!("{total:.1}"));
        lines.push(format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {with_encoding} | {agree} |",
            timing
                .summary
                .as_ref()
                .map_or_else(|| "—".to_owned(), |summary| summary.rows.to_string()),
            milliseconds(Some(timing)),
            milliseconds(wasm_timing.as_ref()),
            milliseconds(pandas_timing.as_ref()),
            ratio_text(native_ratio),
            ratio_text(wasm_ratio),
        ));
    }
    let smallest = |ratios: &[f64]| ratios.iter().copied().fold(f64::INFINITY, f64::min);
    lines.push(String::new());
    lines.push(format!(
        "Smallest speed-up over pandas: native {}, Wasm {}.",
        ratio_text(Some(smallest(&native_ratios)).filter(|value| value.is_finite())),
        ratio_text(Some(smallest(&wasm_ratios)).filter(|value| value.is_finite())),
    ));
    if let (Some(bytes), Some(gzip)) = (flags.number("--wasm-bytes")?, flags.number("--wasm-gzip-bytes")?) {
        lines.push(format!(
            "Release Wasm module: {bytes} bytes, {gzip} bytes gzipped ({:.2} MB).",
            gzip as f64 / 1_000_000.0
        ));
    }
    for side in [&native, &wasm, &pandas] {
        lines.push(format!("- {}: {}", side.side, side.environment));
    }
    if !disagreements.is_empty() {
        lines.push(String::new());
        lines.push("Results that differ:".to_owned());
        lines.extend(disagreements.iter().map(|line| format!("- {line}")));
    }
    let text = lines.join("\n") + "\n";
    print!("{text}");
    fs::write(flags.path("--out")?, text)?;
    if disagreements.is_empty() {
        Ok(())
    } else {
        Err(format!("{} case(s) gave different results", disagreements.len()).into())
    }
}
