//! Test harness: the real router over a real metadata store (SQLite in a temp folder, or a
//! uniquely named PostgreSQL database dropped afterwards) and, when asked, the DuckDB examples.

#![allow(dead_code)]

pub mod bundles;
pub mod slack_sink;
pub mod smtp_sink;

use std::path::PathBuf;
use std::sync::OnceLock;

use axum::body::{to_bytes, Body};
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use quiver_server::app::{build_app, prepare_state};
use quiver_server::config::Settings;
use quiver_server::state::AppState;
use serde_json::Value;
use tower::ServiceExt;

/// The admin password of every test app.
pub const ADMIN_PASSWORD: &str = "admin";

/// Rows of the shared test examples database.
pub const TEST_EXAMPLE_ROWS: u64 = 10_000;

static EXAMPLES_FILE: OnceLock<PathBuf> = OnceLock::new();

/// One examples database per test process, generated once and copied into each app's home.
fn shared_examples_file() -> PathBuf {
    EXAMPLES_FILE
        .get_or_init(|| {
            let folder = std::env::temp_dir().join(format!("quiver-test-examples-{}", std::process::id()));
            std::fs::create_dir_all(&folder).unwrap();
            let path = folder.join("examples.duckdb");
            quiver_server::examples::generate(&path, TEST_EXAMPLE_ROWS).unwrap();
            path
        })
        .clone()
}

/// Which server a throwaway database lives on.
#[derive(Clone, Copy)]
enum Server {
    Postgres,
    MariaDb,
}

pub const POSTGRES_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";
pub const MARIADB_ADMIN_URL: &str = "mysql://root@127.0.0.1:3306/mysql";

/// A uniquely named database on the local PostgreSQL or MariaDB server, dropped when the guard
/// goes (also when the test panics).
pub struct ThrowawayDatabase {
    server: Server,
    pub name: String,
    pub url: String,
}

pub type PostgresDatabase = ThrowawayDatabase;

async fn run_admin_statement(server: Server, sql: &str) -> Result<(), sqlx::Error> {
    use sqlx::Connection;
    match server {
        Server::Postgres => {
            let mut admin = sqlx::PgConnection::connect(POSTGRES_ADMIN_URL).await?;
            sqlx::query(sql).execute(&mut admin).await?;
        }
        Server::MariaDb => {
            let mut admin = sqlx::MySqlConnection::connect(MARIADB_ADMIN_URL).await?;
            sqlx::query(sql).execute(&mut admin).await?;
        }
    }
    Ok(())
}

impl ThrowawayDatabase {
    async fn create_on(server: Server) -> ThrowawayDatabase {
        let name = format!(
            "quiver_test_{}_{}",
            std::process::id(),
            uuid::Uuid::new_v4().simple()
        );
        let (create, url) = match server {
            Server::Postgres => (
                format!("CREATE DATABASE \"{name}\""),
                format!("postgres://postgres@127.0.0.1:5432/{name}"),
            ),
            Server::MariaDb => (
                format!("CREATE DATABASE `{name}`"),
                format!("mysql://root@127.0.0.1:3306/{name}"),
            ),
        };
        run_admin_statement(server, &create)
            .await
            .expect("the local database server is up");
        ThrowawayDatabase { server, name, url }
    }

    /// A fresh PostgreSQL database.
    pub async fn create() -> ThrowawayDatabase {
        Self::create_on(Server::Postgres).await
    }

    /// A fresh MariaDB database.
    pub async fn create_mariadb() -> ThrowawayDatabase {
        Self::create_on(Server::MariaDb).await
    }
}

impl Drop for ThrowawayDatabase {
    fn drop(&mut self) {
        let (server, name) = (self.server, self.name.clone());
        let drop_sql = match server {
            Server::Postgres => format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
            Server::MariaDb => format!("DROP DATABASE IF EXISTS `{name}`"),
        };
        // Drop runs inside the test's runtime: a thread with its own runtime does the async work.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            let _ = runtime.block_on(run_admin_statement(server, &drop_sql));
        })
        .join();
    }
}

/// An answer: status, headers, and the body as JSON (or Null) plus its bytes.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub json: Value,
    pub bytes: Vec<u8>,
}

/// How a request authenticates.
#[derive(Clone, Debug)]
pub enum As {
    Anonymous,
    Bearer(String),
    /// A browser session: cookie and CSRF token.
    Session {
        cookie: String,
        csrf: String,
    },
}

pub struct TestApp {
    pub router: Router,
    pub state: AppState,
    pub home: tempfile::TempDir,
    pub postgres: Option<PostgresDatabase>,
}

impl TestApp {
    pub async fn with_settings(examples: bool, postgres: Option<PostgresDatabase>) -> TestApp {
        Self::with_config(examples, postgres, |_| {}).await
    }

    /// Like [`TestApp::with_settings`], with settings changed by `adjust` before the start.
    pub async fn with_config(
        examples: bool,
        postgres: Option<PostgresDatabase>,
        adjust: impl FnOnce(&mut Settings),
    ) -> TestApp {
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter("warn")
            .try_init();
        let home = tempfile::tempdir().unwrap();
        let mut settings = Settings::for_tests(home.path());
        settings.database_url = postgres.as_ref().map(|database| database.url.clone());
        if examples {
            std::fs::copy(shared_examples_file(), settings.examples_path()).unwrap();
            settings.load_examples = true;
            settings.examples_rows = TEST_EXAMPLE_ROWS;
        }
        adjust(&mut settings);
        let (state, _) = prepare_state(settings).await.unwrap();
        TestApp {
            router: build_app(state.clone()),
            state,
            home,
            postgres,
        }
    }

    /// SQLite metadata, no examples.
    pub async fn new() -> TestApp {
        Self::with_settings(false, None).await
    }

    /// SQLite metadata and the examples database.
    pub async fn with_examples() -> TestApp {
        Self::with_settings(true, None).await
    }

    pub async fn send(&self, request: Request<Body>) -> Answer {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec();
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Answer {
            status,
            headers,
            json,
            bytes,
        }
    }

    pub async fn call(&self, method: Method, path: &str, body: Option<Value>, who: &As) -> Answer {
        let mut builder = Request::builder().method(method).uri(path);
        match who {
            As::Anonymous => {}
            As::Bearer(token) => builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}")),
            As::Session { cookie, csrf } => {
                builder = builder.header(header::COOKIE, cookie);
                if !csrf.is_empty() {
                    builder = builder.header("X-CSRFToken", csrf);
                }
            }
        }
        let request = match body {
            Some(body) => builder
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(serde_json::to_vec(&body).unwrap()))
                .unwrap(),
            None => builder.body(Body::empty()).unwrap(),
        };
        self.send(request).await
    }

    pub async fn get(&self, path: &str, who: &As) -> Answer {
        self.call(Method::GET, path, None, who).await
    }

    pub async fn post(&self, path: &str, body: Value, who: &As) -> Answer {
        self.call(Method::POST, path, Some(body), who).await
    }

    /// A Bearer token for a user.
    pub async fn token(&self, username: &str, password: &str) -> As {
        let answer = self
            .post(
                "/api/v1/security/login",
                serde_json::json!({"username": username, "password": password, "provider": "db", "refresh": true}),
                &As::Anonymous,
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "login of {username}: {}",
            answer.json
        );
        As::Bearer(answer.json["access_token"].as_str().unwrap().to_owned())
    }

    pub async fn admin(&self) -> As {
        self.token("admin", ADMIN_PASSWORD).await
    }

    /// Creates a user with roles through the admin command's code path.
    pub async fn create_user(&self, username: &str, password: &str, roles: &[&str]) {
        let hash = quiver_server::auth::password::hash_password(password).unwrap();
        self.state
            .store
            .create_user(&quiver_server::store::user::NewUser {
                username,
                first_name: username,
                last_name: "Tester",
                email: "",
                password_hash: &hash,
                roles,
            })
            .await
            .unwrap();
    }

    /// The id of the examples database.
    pub async fn examples_id(&self) -> i64 {
        self.state
            .store
            .database_by_name("examples")
            .await
            .unwrap()
            .unwrap()
            .id
    }

    /// The id of an example dataset.
    pub async fn dataset_id(&self, table_name: &str) -> i64 {
        self.state.store.dataset_ids(Some(table_name)).await.unwrap()[0]
    }

    pub async fn close(self) {
        self.state.store.close().await;
    }
}

/// A read-only connection to the app's examples DuckDB.
pub fn examples_connection(app: &TestApp) -> duckdb::Connection {
    duckdb::Connection::open_with_flags(
        app.state.settings.examples_path(),
        duckdb::Config::default()
            .access_mode(duckdb::AccessMode::ReadOnly)
            .unwrap(),
    )
    .unwrap()
}

/// SUM(num) of `birth_names` per gender, ordered by gender, straight from DuckDB.
pub fn births_sums_by_gender(app: &TestApp) -> Vec<(String, i64)> {
    let connection = examples_connection(app);
    let mut statement = connection
        .prepare("SELECT gender, CAST(SUM(num) AS BIGINT) FROM birth_names GROUP BY gender ORDER BY gender")
        .unwrap();
    statement
        .query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}
