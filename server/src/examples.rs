//! The embedded examples: a deterministic generator writes a DuckDB database (`birth_names`,
//! `flights`, `sales`) on first start, and registers it as the database "examples" with one
//! dataset per table, columns synced from the table and the default metric COUNT(*).

use std::path::Path;

use duckdb::{params, Connection};

use crate::engines::duckdb::{run_arrow, DuckDbEngine};
use crate::engines::{EngineError, Statement};
use crate::store::database::NewDatabase;
use crate::store::dataset::{NewColumn, NewDataset, NewMetric};
use crate::store::{Store, StoreError};

/// The name the examples database is registered under.
pub const EXAMPLES_DATABASE: &str = "examples";

#[derive(Debug, thiserror::Error)]
pub enum ExamplesError {
    #[error("examples generation failed: {0}")]
    DuckDb(#[from] duckdb::Error),
    #[error("examples generation failed: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// SplitMix64: a tiny, well-known generator, so the data is the same on every machine.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..bound`.
    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound.max(1)
    }

    /// An index in `0..len` skewed toward the start (popular names, big states).
    fn skewed(&mut self, len: usize) -> usize {
        let len = len as u64;
        let a = self.below(len);
        let b = self.below(len);
        a.min(b) as usize
    }
}

const BOY_NAMES: &[&str] = &[
    "Michael",
    "James",
    "John",
    "Robert",
    "David",
    "William",
    "Joseph",
    "Christopher",
    "Daniel",
    "Matthew",
    "Richard",
    "Thomas",
    "Charles",
    "Anthony",
    "Mark",
    "Joshua",
    "Steven",
    "Andrew",
    "Kevin",
    "Brian",
    "Jason",
    "Paul",
    "Ryan",
    "Eric",
    "Timothy",
    "Jeffrey",
    "Kenneth",
    "Scott",
    "Jacob",
    "Nicholas",
    "Tyler",
    "Brandon",
    "Aaron",
    "Adam",
    "Benjamin",
    "Samuel",
    "Ethan",
    "Noah",
    "Logan",
    "Dylan",
];
const GIRL_NAMES: &[&str] = &[
    "Jennifer",
    "Jessica",
    "Ashley",
    "Sarah",
    "Amanda",
    "Elizabeth",
    "Michelle",
    "Melissa",
    "Emily",
    "Stephanie",
    "Nicole",
    "Lisa",
    "Kimberly",
    "Heather",
    "Amy",
    "Angela",
    "Rebecca",
    "Laura",
    "Mary",
    "Hannah",
    "Samantha",
    "Megan",
    "Rachel",
    "Lauren",
    "Karen",
    "Christina",
    "Emma",
    "Olivia",
    "Sophia",
    "Madison",
    "Abigail",
    "Chloe",
    "Grace",
    "Anna",
    "Julie",
    "Kelly",
    "Erin",
    "Victoria",
    "Natalie",
    "Alexis",
];
const STATES: &[&str] = &[
    "CA", "TX", "NY", "FL", "IL", "PA", "OH", "MI", "GA", "NC", "NJ", "VA", "WA", "MA", "IN", "AZ", "TN",
    "MO", "MD", "WI", "MN", "CO", "AL", "SC", "LA", "KY", "OR", "OK", "CT", "IA", "MS", "AR", "KS", "UT",
    "NV", "NM", "WV", "NE", "ID", "HI", "ME", "NH", "RI", "MT", "DE", "SD", "ND", "AK", "DC", "VT", "WY",
    "other",
];
const AIRLINES: &[&str] = &[
    "American",
    "Delta",
    "United",
    "Southwest",
    "JetBlue",
    "Alaska",
    "Spirit",
    "Frontier",
    "Hawaiian",
    "Allegiant",
];
const AIRPORTS: &[&str] = &[
    "ATL", "LAX", "ORD", "DFW", "DEN", "JFK", "SFO", "SEA", "LAS", "MCO", "EWR", "CLT", "PHX", "IAH", "MIA",
    "BOS", "MSP", "DTW", "PHL", "LGA",
];
const REGIONS: &[&str] = &["EMEA", "NA", "APAC", "LATAM"];
const PRODUCT_LINES: &[&str] = &[
    "Classic Cars",
    "Motorcycles",
    "Planes",
    "Ships",
    "Trains",
    "Trucks and Buses",
    "Vintage Cars",
];

const MICROS_PER_DAY: i64 = 86_400_000_000;

fn days_to_year_start(year: i64) -> i64 {
    // Days from 1970-01-01 to January 1st of `year` (proleptic Gregorian).
    let leap_days = |y: i64| y / 4 - y / 100 + y / 400;
    (year - 1970) * 365 + leap_days(year - 1) - leap_days(1969)
}

fn write_birth_names(
    connection: &Connection,
    rows: u64,
    random: &mut SplitMix64,
) -> Result<(), ExamplesError> {
    connection.execute_batch(
        "CREATE TABLE birth_names_stage (ds_us BIGINT, gender VARCHAR, name VARCHAR, num BIGINT, state VARCHAR,
                                         num_boys BIGINT, num_girls BIGINT);",
    )?;
    {
        let mut appender = connection.appender("birth_names_stage")?;
        for _ in 0..rows {
            let year = 1965 + random.below(44) as i64;
            let is_boy = random.below(2) == 0;
            let names = if is_boy { BOY_NAMES } else { GIRL_NAMES };
            let name_index = random.skewed(names.len());
            let state = STATES[random.skewed(STATES.len())];
            let popularity = (names.len() - name_index) as u64;
            let num = 1 + random.below(20 * popularity) as i64;
            let (boys, girls) = if is_boy { (num, 0) } else { (0, num) };
            let ds_us = days_to_year_start(year) * MICROS_PER_DAY;
            appender.append_row(params![
                ds_us,
                if is_boy { "boy" } else { "girl" },
                names[name_index],
                num,
                state,
                boys,
                girls
            ])?;
        }
        appender.flush()?;
    }
    connection.execute_batch(
        "CREATE TABLE birth_names AS
         SELECT make_timestamp(ds_us) AS ds, gender, name, num, state, num_boys, num_girls FROM birth_names_stage;
         DROP TABLE birth_names_stage;",
    )?;
    Ok(())
}

fn write_flights(connection: &Connection, rows: u64, random: &mut SplitMix64) -> Result<(), ExamplesError> {
    connection.execute_batch(
        "CREATE TABLE flights_stage (departure_us BIGINT, airline VARCHAR, origin VARCHAR, destination VARCHAR,
                                     distance DOUBLE, delay INTEGER);",
    )?;
    {
        let mut appender = connection.appender("flights_stage")?;
        let year_start = days_to_year_start(2023) * MICROS_PER_DAY;
        for _ in 0..rows {
            let departure = year_start + random.below(365 * 24 * 60) as i64 * 60_000_000;
            let origin = random.skewed(AIRPORTS.len());
            let destination =
                (origin + 1 + random.below(AIRPORTS.len() as u64 - 1) as usize) % AIRPORTS.len();
            let distance = 150.0 + random.below(2600) as f64 + random.below(10) as f64 / 10.0;
            let delay = random.below(120) as i32 - 15;
            appender.append_row(params![
                departure,
                AIRLINES[random.skewed(AIRLINES.len())],
                AIRPORTS[origin],
                AIRPORTS[destination],
                distance,
                delay
            ])?;
        }
        appender.flush()?;
    }
    connection.execute_batch(
        "CREATE TABLE flights AS
         SELECT make_timestamp(departure_us) AS departure_time, airline, origin, destination, distance, delay
         FROM flights_stage;
         DROP TABLE flights_stage;",
    )?;
    Ok(())
}

fn write_sales(connection: &Connection, rows: u64, random: &mut SplitMix64) -> Result<(), ExamplesError> {
    connection.execute_batch(
        "CREATE TABLE sales_stage (order_day BIGINT, region VARCHAR, product_line VARCHAR, quantity INTEGER,
                                   price DOUBLE);",
    )?;
    {
        let mut appender = connection.appender("sales_stage")?;
        let start = days_to_year_start(2022);
        for _ in 0..rows {
            let day = start + random.below(3 * 365) as i64;
            let price = 10.0 + random.below(24_000) as f64 / 100.0;
            appender.append_row(params![
                day,
                REGIONS[random.skewed(REGIONS.len())],
                PRODUCT_LINES[random.below(PRODUCT_LINES.len() as u64) as usize],
                1 + random.below(100) as i32,
                price
            ])?;
        }
        appender.flush()?;
    }
    connection.execute_batch(
        "CREATE TABLE sales AS
         SELECT CAST(make_timestamp(order_day * 86400000000) AS DATE) AS order_date, region, product_line, quantity,
                price, ROUND(quantity * price, 2) AS revenue
         FROM sales_stage;
         DROP TABLE sales_stage;",
    )?;
    Ok(())
}

/// Writes the examples database to `path` (atomically: a temporary file renamed at the end).
pub fn generate(path: &Path, birth_names_rows: u64) -> Result<(), ExamplesError> {
    let temporary = path.with_extension("duckdb.partial");
    let _ = std::fs::remove_file(&temporary);
    let _ = std::fs::remove_file(temporary.with_extension("partial.wal"));
    {
        let connection = Connection::open(&temporary)?;
        let mut random = SplitMix64(0x5155_4956_4552); // "QUIVER"
        write_birth_names(&connection, birth_names_rows, &mut random)?;
        write_flights(&connection, 50_000, &mut random)?;
        write_sales(&connection, 20_000, &mut random)?;
        connection.execute_batch("CHECKPOINT;")?;
    }
    std::fs::rename(&temporary, path)?;
    Ok(())
}

/// The tables of the examples database with their columns, read from the file.
fn describe_tables(path: &Path) -> Result<Vec<(String, Vec<NewColumn>)>, ExamplesError> {
    let engine_error = |error: duckdb::Error| EngineError::Execution(error.to_string());
    let connection = Connection::open_with_flags(
        path,
        duckdb::Config::default()
            .access_mode(duckdb::AccessMode::ReadOnly)
            .map_err(engine_error)?,
    )
    .map_err(engine_error)?;
    let output = run_arrow(
        &connection,
        &Statement {
            sql: "SELECT table_name, column_name, data_type FROM information_schema.columns
                  WHERE table_schema = 'main' ORDER BY table_name, ordinal_position"
                .to_owned(),
            params: vec![],
        },
    )?;
    let mut tables: Vec<(String, Vec<NewColumn>)> = Vec::new();
    for batch in &output.batches {
        let text = |index: usize| crate::chart_data::json::column_values(batch.column(index));
        let (names, columns, types) = (text(0), text(1), text(2));
        for row in 0..batch.num_rows() {
            let (Some(table), Some(column), Some(data_type)) =
                (names[row].as_str(), columns[row].as_str(), types[row].as_str())
            else {
                continue;
            };
            let is_dttm = matches!(
                crate::store::dataset::generic_type_of(data_type),
                Some(quiver_types::GenericDataType::Temporal)
            );
            let new_column = NewColumn {
                column_name: column.to_owned(),
                column_type: data_type.to_owned(),
                is_dttm,
                expression: None,
            };
            match tables.last_mut() {
                Some((name, columns)) if name == table => columns.push(new_column),
                _ => tables.push((table.to_owned(), vec![new_column])),
            }
        }
    }
    Ok(tables)
}

/// Generates the examples file if it is missing and registers it if the store does not have it.
/// Returns whether anything was registered.
pub async fn ensure_examples(
    store: &Store,
    path: &Path,
    rows: u64,
    owner: Option<i64>,
) -> Result<bool, ExamplesError> {
    if store.database_by_name(EXAMPLES_DATABASE).await?.is_some() {
        return Ok(false);
    }
    if !path.exists() {
        let target = path.to_path_buf();
        tracing::info!(rows, path = %target.display(), "generating the examples database");
        tokio::task::spawn_blocking(move || generate(&target, rows))
            .await
            .map_err(|error| EngineError::Task(error.to_string()))??;
    }
    let absolute = std::fs::canonicalize(path)?;
    // SQLAlchemy-style: `duckdb:///` then the path, so an absolute path gives four slashes.
    let uri = format!("duckdb:///{}", absolute.display());
    let database_id = store
        .create_database(&NewDatabase {
            database_name: EXAMPLES_DATABASE,
            sqlalchemy_uri: &uri,
            backend: "duckdb",
            expose_in_sqllab: true,
            allow_dml: false,
            allow_file_upload: false,
            created_by: owner,
        })
        .await?;
    let describe_path = absolute.clone();
    let tables = tokio::task::spawn_blocking(move || describe_tables(&describe_path))
        .await
        .map_err(|error| EngineError::Task(error.to_string()))??;
    let owners: Vec<i64> = owner.into_iter().collect();
    for (table_name, columns) in &tables {
        let main_dttm_col = columns
            .iter()
            .find(|column| column.is_dttm)
            .map(|column| column.column_name.as_str());
        store
            .create_dataset(&NewDataset {
                database_id,
                schema: Some("main"),
                table_name,
                sql: None,
                main_dttm_col,
                columns,
                metrics: &[NewMetric {
                    metric_name: "count".to_owned(),
                    expression: "COUNT(*)".to_owned(),
                    metric_type: Some("count".to_owned()),
                }],
                owners: &owners,
            })
            .await?;
    }
    // Opening once here checks that the serving configuration can read the file.
    DuckDbEngine::open_read_only(&absolute)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn year_starts_are_right() {
        assert_eq!(days_to_year_start(1970), 0);
        assert_eq!(days_to_year_start(1971), 365);
        assert_eq!(days_to_year_start(1965), -1826);
        assert_eq!(days_to_year_start(2000), 10_957);
        assert_eq!(days_to_year_start(2023), 19_358);
    }

    #[test]
    fn the_generator_is_deterministic() {
        let mut first = SplitMix64(7);
        let mut second = SplitMix64(7);
        let a: Vec<u64> = (0..5).map(|_| first.next()).collect();
        let b: Vec<u64> = (0..5).map(|_| second.next()).collect();
        assert_eq!(a, b);
        assert!(first.skewed(10) < 10);
    }
}
