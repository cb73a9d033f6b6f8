//! Chart-data benchmark: for four chart queries over `birth_names` at 1M and 10M rows in DuckDB,
//! the server's latency over HTTP (uncached, JSON and Arrow) next to the raw engine time for the
//! same statement run directly, and the cached throughput.
//!
//! ```text
//! cargo run --release -p quiver-bench --bin chart_data -- [--rows 1000000,10000000] [--runs 15]
//!     [--seconds 5] [--concurrency 8]
//! ```
//!
//! The examples are generated once per size under `~/.cache/quiver/bench/` (or
//! `QUIVER_BENCH_HOME`). Prints a Markdown table; docs/performance.md keeps the measured one.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use quiver_server::app::{build_app, prepare_state};
use quiver_server::config::Settings;
use quiver_server::engines::duckdb::run_arrow;
use quiver_server::engines::DuckDbDialect;
use quiver_server::query::compile_query;
use quiver_types::QueryObject;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

type BenchResult<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

struct Options {
    rows: Vec<u64>,
    runs: usize,
    seconds: u64,
    concurrency: usize,
}

fn options() -> BenchResult<Options> {
    let mut options = Options {
        rows: vec![1_000_000, 10_000_000],
        runs: 15,
        seconds: 5,
        concurrency: 8,
    };
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    for pair in arguments.chunks(2) {
        let [flag, value] = pair else {
            return Err(format!("missing value after {}", pair[0]).into());
        };
        match flag.as_str() {
            "--rows" => {
                options.rows = value.split(',').map(str::parse).collect::<Result<_, _>>()?;
            }
            "--runs" => options.runs = value.parse()?,
            "--seconds" => options.seconds = value.parse()?,
            "--concurrency" => options.concurrency = value.parse()?,
            other => return Err(format!("unknown flag {other}").into()),
        }
    }
    Ok(options)
}

/// The four queries: what a table, a time series with a series limit, a pivot table and a big
/// number with trendline send.
fn cases() -> Vec<(&'static str, Value)> {
    let sum_num = json!({"expressionType": "SIMPLE", "column": {"column_name": "num"}, "aggregate": "SUM", "label": "SUM(num)"});
    let year_axis = json!({"expressionType": "SQL", "sqlExpression": "ds", "label": "ds", "columnType": "BASE_AXIS", "timeGrain": "P1Y"});
    vec![
        (
            "table (gender, state; SUM)",
            json!({"columns": ["gender", "state"], "metrics": [sum_num.clone()], "orderby": [[sum_num.clone(), false]], "row_limit": 1000}),
        ),
        (
            "time series, 10 series limit",
            json!({"columns": [year_axis.clone(), "name"], "series_columns": ["name"], "series_limit": 10,
                   "series_limit_metric": sum_num.clone(), "metrics": [sum_num.clone()], "orderby": [[sum_num.clone(), false]], "row_limit": 10000,
                   "is_timeseries": false}),
        ),
        (
            "pivot (state x gender x year)",
            json!({"columns": ["state", "gender", year_axis.clone()], "metrics": [sum_num.clone(), {"expressionType": "SQL", "sqlExpression": "AVG(num_boys)", "label": "AVG(num_boys)"}],
                   "orderby": [], "row_limit": 10000}),
        ),
        (
            "big number with trendline",
            json!({"columns": [year_axis.clone()], "metrics": ["count"], "orderby": [], "row_limit": 10000,
                   "post_processing": [{"operation": "pivot", "options": {"index": ["ds"], "columns": [], "aggregates": {"count": {"operator": "mean"}}, "drop_missing_columns": true}}]}),
        ),
    ]
}

/// A keep-alive HTTP/1.1 connection: enough client for JSON and Arrow POSTs.
struct Connection {
    stream: BufReader<TcpStream>,
    address: SocketAddr,
}

impl Connection {
    async fn open(address: SocketAddr) -> BenchResult<Connection> {
        let stream = TcpStream::connect(address).await?;
        stream.set_nodelay(true)?;
        Ok(Connection {
            stream: BufReader::new(stream),
            address,
        })
    }

    async fn post(&mut self, path: &str, token: &str, body: &[u8]) -> BenchResult<(u16, Vec<u8>)> {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.address,
            body.len()
        );
        let stream = self.stream.get_mut();
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body).await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line.split_whitespace().nth(1).ok_or("no status line")?.parse()?;
        let (mut length, mut chunked) = (None, false);
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').ok_or("bad header")?;
            match name.trim().to_ascii_lowercase().as_str() {
                "content-length" => length = Some(value.trim().parse::<usize>()?),
                "transfer-encoding" => chunked = value.trim().eq_ignore_ascii_case("chunked"),
                _ => {}
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                self.stream.read_line(&mut line).await?;
                let size = usize::from_str_radix(line.trim(), 16)?;
                let mut chunk = vec![0; size + 2];
                self.stream.read_exact(&mut chunk).await?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else {
            body.resize(length.ok_or("no content length")?, 0);
            self.stream.read_exact(&mut body).await?;
        }
        Ok((status, body))
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn bench_home(rows: u64) -> PathBuf {
    let base = std::env::var_os("QUIVER_BENCH_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache/quiver/bench")))
        .unwrap_or_else(|| PathBuf::from("target/bench"));
    base.join(format!("birth_names_{rows}"))
}

/// The median time of `runs` uncached chart-data calls (after two warm-ups).
async fn server_latency(
    connection: &mut Connection,
    token: &str,
    body: &[u8],
    runs: usize,
) -> BenchResult<Duration> {
    let mut samples = Vec::new();
    for run in 0..runs + 2 {
        let started = Instant::now();
        let (status, answer) = connection.post("/api/v1/chart/data", token, body).await?;
        if status != 200 {
            return Err(format!("{status}: {}", String::from_utf8_lossy(&answer)).into());
        }
        if run >= 2 {
            samples.push(started.elapsed());
        }
    }
    Ok(median(samples))
}

async fn login(address: SocketAddr) -> BenchResult<String> {
    let mut connection = Connection::open(address).await?;
    let body = json!({"username": "admin", "password": "admin", "provider": "db", "refresh": true});
    let (status, answer) = connection
        .post("/api/v1/security/login", "", &serde_json::to_vec(&body)?)
        .await?;
    if status != 200 {
        return Err(format!("login failed with {status}").into());
    }
    let answer: Value = serde_json::from_slice(&answer)?;
    Ok(answer["access_token"].as_str().ok_or("no token")?.to_owned())
}

#[tokio::main]
async fn main() -> BenchResult<()> {
    let options = options()?;
    println!("| rows | query | result rows | engine (ms) | server JSON (ms) | server Arrow (ms) | overhead Arrow | cached (req/s) |");
    println!("|---:|---|---:|---:|---:|---:|---:|---:|");
    for &rows in &options.rows {
        let home = bench_home(rows);
        std::fs::create_dir_all(&home)?;
        let mut settings = Settings::for_tests(&home);
        settings.load_examples = true;
        settings.examples_rows = rows;
        settings.row_limit_max = 1_000_000;
        let generation = Instant::now();
        let (state, _) = prepare_state(settings).await?;
        eprintln!("{rows} rows ready in {:.1} s", generation.elapsed().as_secs_f64());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let address = listener.local_addr()?;
        let router = build_app(state.clone());
        tokio::spawn(async move { axum::serve(listener, router).await });
        let token = login(address).await?;
        let dataset_id = *state
            .store
            .dataset_ids(Some("birth_names"))
            .await?
            .first()
            .ok_or("no birth_names dataset")?;
        let dataset = state.store.dataset(dataset_id).await?;
        let engine_connection = duckdb::Connection::open_with_flags(
            state.settings.examples_path(),
            duckdb::Config::default().access_mode(duckdb::AccessMode::ReadOnly)?,
        )?;

        for (name, query) in cases() {
            let query_object: QueryObject = serde_json::from_value(query.clone())?;
            let compiled = compile_query(
                &dataset,
                &query_object,
                &DuckDbDialect,
                1_000_000,
                chrono::Utc::now().naive_utc(),
            )?;
            // Raw engine: the same statement on a direct connection, results collected as Arrow.
            let mut engine_samples = Vec::new();
            let mut result_rows = 0;
            for run in 0..options.runs + 2 {
                let started = Instant::now();
                let output = run_arrow(&engine_connection, &compiled.statement)?;
                if run >= 2 {
                    engine_samples.push(started.elapsed());
                }
                result_rows = output.row_count();
            }
            let context = |format: &str, force: bool| {
                json!({"datasource": {"id": dataset_id, "type": "table"}, "force": force,
                       "result_format": format, "result_type": "full", "queries": [query.clone()]})
            };
            let mut connection = Connection::open(address).await?;
            let json_body = serde_json::to_vec(&context("json", true))?;
            let json_latency = server_latency(&mut connection, &token, &json_body, options.runs).await?;
            let arrow_body = serde_json::to_vec(&context("arrow", true))?;
            let arrow_latency = server_latency(&mut connection, &token, &arrow_body, options.runs).await?;

            // Cached: warm once, then `concurrency` connections for `seconds`.
            let cached_body = Arc::new(serde_json::to_vec(&context("arrow", false))?);
            connection
                .post("/api/v1/chart/data", &token, &cached_body)
                .await?;
            let served = Arc::new(AtomicU64::new(0));
            let deadline = Instant::now() + Duration::from_secs(options.seconds);
            let mut workers = Vec::new();
            for _ in 0..options.concurrency {
                let (served, body, token) = (Arc::clone(&served), Arc::clone(&cached_body), token.clone());
                workers.push(tokio::spawn(async move {
                    let mut connection = Connection::open(address).await?;
                    while Instant::now() < deadline {
                        let (status, _) = connection.post("/api/v1/chart/data", &token, &body).await?;
                        if status != 200 {
                            return Err(format!("cached request failed with {status}").into());
                        }
                        served.fetch_add(1, Ordering::Relaxed);
                    }
                    BenchResult::Ok(())
                }));
            }
            for worker in workers {
                worker.await??;
            }
            let throughput = served.load(Ordering::Relaxed) as f64 / options.seconds as f64;
            let engine = median(engine_samples);
            let overhead = arrow_latency.saturating_sub(engine);
            println!(
                "| {rows} | {name} | {result_rows} | {:.2} | {:.2} | {:.2} | +{:.2} ms ({:+.0}%) | {:.0} |",
                millis(engine),
                millis(json_latency),
                millis(arrow_latency),
                millis(overhead),
                (millis(arrow_latency) / millis(engine).max(0.001) - 1.0) * 100.0,
                throughput
            );
        }
        state.store.close().await;
    }
    Ok(())
}
