//! Settings: embedded defaults, then `QUIVER_HOME/quiver.toml`, then environment variables.

use std::path::{Path, PathBuf};

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use serde::{Deserialize, Serialize};

/// Everything the server reads at start.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Settings {
    /// Data folder: metadata database, examples, secret key. `QUIVER_HOME`, default `./var`.
    pub home: PathBuf,
    /// Listen address. `QUIVER_BIND`, default `127.0.0.1:8088`.
    pub bind: String,
    /// The first admin's password. When unset, one is generated and printed once.
    pub admin_password: Option<String>,
    /// Metadata database URL (`DATABASE_URL`); SQLite under `home` when unset.
    pub database_url: Option<String>,
    /// Key for tokens and encrypted secrets; generated into `home/secret_key` when unset.
    pub secret_key: Option<String>,
    /// The built web app (`web/dist`), served with a fallback to its index.html.
    pub static_dir: PathBuf,
    /// Rows of the generated `birth_names` example table (up to 10,000,000).
    pub examples_rows: u64,
    /// Generate and register the examples database on first start.
    pub load_examples: bool,
    /// `text` or `json` log lines.
    pub log_format: String,
    /// Browser session lifetime in hours.
    pub session_hours: i64,
    /// API access token lifetime in minutes.
    pub access_token_minutes: i64,
    /// The largest row limit a chart query may ask for (Superset's `SQL_MAX_ROW`, 100,000).
    pub row_limit_max: i64,
    /// The largest row limit of a table chart with server pagination (Superset's
    /// `TABLE_VIZ_MAX_ROW_SERVER`, 500,000): only one page travels, so more rows may be counted.
    pub table_viz_max_row_server: i64,
    /// The largest row limit a SQL Lab run may ask for (Superset's `SQL_MAX_ROW`). Quiver's
    /// results pane scrolls a million rows, so the default is 1,000,000.
    pub sql_max_row: i64,
    /// Seconds a chart result stays cached when neither chart, dataset nor database says.
    pub cache_default_timeout: i64,
    /// Memory the result cache may hold, in bytes.
    pub cache_max_bytes: usize,
    /// Entries the result cache may hold.
    pub cache_max_entries: usize,
    /// Seconds a chart query may run before it is cancelled in the database (Superset's
    /// web server timeout).
    pub query_timeout_seconds: u64,
    /// Answer chart data with 202 and run it as a job (`GLOBAL_ASYNC_QUERIES`).
    pub global_async_queries: bool,
    /// Async chart-data jobs that run at the same time.
    pub async_workers: usize,
    /// Seconds an async job's result stays available at its `result_url`.
    pub async_result_seconds: u64,
    /// Redis for the shared result cache, the async event log and the job queue
    /// (`QUIVER_REDIS_URL` or `REDIS_URL`). Unset: everything stays in the process.
    pub redis_url: Option<String>,
    /// Prefix of every Redis key Quiver writes.
    pub redis_prefix: String,
    /// Where async jobs run: `local` (in the serve process) or `redis` (queued for
    /// `quiver worker` processes; needs `redis_url`).
    pub async_executor: AsyncExecutor,
    /// Keep SQL Lab's tabs on the server (`SQLLAB_BACKEND_PERSISTENCE`); off, they live in the
    /// browser's storage only.
    pub sqllab_backend_persistence: bool,
    /// The row limit of a new SQL Lab tab (`DEFAULT_SQLLAB_LIMIT`), 1 to `sql_max_row`.
    pub default_sqllab_limit: i64,
    /// The database a new SQL Lab tab opens on (`SQLLAB_DEFAULT_DBID`); unset, the lowest id.
    pub sqllab_default_dbid: Option<i64>,
    /// Seconds the browser waits for a SQL Lab run's stored results
    /// (`SQLLAB_QUERY_RESULT_TIMEOUT`); 0, no limit.
    pub sqllab_query_result_timeout: u64,
    /// Show HTML in markdown as text (`ESCAPE_MARKDOWN_HTML`); off, it renders sanitized.
    pub escape_markdown_html: bool,
    /// Show owners' avatars from `GET /api/v1/user/{id}/avatar.png` (Superset's
    /// `SLACK_ENABLE_AVATARS` feature flag); off, owners show as initials only.
    pub slack_enable_avatars: bool,
    /// Role-based dashboard access (`DASHBOARD_RBAC`): dashboards carry the roles they are
    /// shared with in their answers. Off by default, as in Superset.
    pub dashboard_rbac: bool,
    /// Ask to confirm an overwrite of a dashboard changed since it was read
    /// (`CONFIRM_DASHBOARD_DIFF`). Off by default, as in Superset.
    pub confirm_dashboard_diff: bool,
    /// The SMTP server reports and alerts are e-mailed through (`SMTP_HOST`,
    /// `QUIVER_SMTP_HOST`). Unset: an e-mail delivery fails and its run is logged as `Error`.
    pub smtp_host: Option<String>,
    /// `SMTP_PORT`, default 25.
    pub smtp_port: u16,
    /// The sender of report e-mails (`SMTP_MAIL_FROM`).
    pub smtp_mail_from: String,
    /// `SMTP_USER` and `SMTP_PASSWORD`: the login, when the server asks for one.
    pub smtp_user: Option<String>,
    pub smtp_password: Option<String>,
    /// `SMTP_STARTTLS`: upgrade the connection with STARTTLS (rustls) before sending. Off by
    /// default (Superset's default is on; a local relay usually speaks plain SMTP).
    pub smtp_starttls: bool,
    /// `SMTP_SSL_SERVER_AUTH`: check the server's certificate against the Mozilla roots after
    /// STARTTLS. Off by default, as in Superset: the connection is encrypted, the server not
    /// authenticated.
    pub smtp_ssl_server_auth: bool,
    /// `EMAIL_REPORTS_SUBJECT_PREFIX`, default `[Report] `.
    pub email_reports_subject_prefix: String,
    /// The address users reach Quiver at, for the links in report e-mails
    /// (`WEBDRIVER_BASEURL_USER_FRIENDLY`); unset, `http://{bind}`.
    pub public_url: Option<String>,
    /// The Slack Web API reports are posted through (`SLACK_API_URL`), default
    /// `https://slack.com/api`.
    pub slack_api_url: String,
    /// The Slack bot token (`SLACK_API_TOKEN`). Unset: a Slack delivery fails and its run is
    /// logged as `Error`.
    pub slack_api_token: Option<String>,
    /// The Chromium that takes the screenshots of `PNG` and `PDF` reports.
    pub screenshot_chromium_path: String,
    /// Where the screenshot browser reaches Quiver (`WEBDRIVER_BASEURL`); unset, `http://{bind}`.
    pub webdriver_baseurl: Option<String>,
    /// Seconds a report page may take to load before its screenshot fails
    /// (`SCREENSHOT_LOAD_WAIT`).
    pub screenshot_timeout_seconds: u64,
    /// `PERMISSION_INSTRUCTIONS_LINK`: the page explaining how to get access to a datasource,
    /// sent as the 'Request Access' link of a datasource access error; unset, the link is an
    /// e-mail to the dataset's owners.
    pub permission_instructions_link: Option<String>,
}

/// Where async chart-data jobs run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AsyncExecutor {
    Local,
    Redis,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            home: PathBuf::from("./var"),
            bind: "127.0.0.1:8088".to_owned(),
            admin_password: None,
            database_url: None,
            secret_key: None,
            static_dir: PathBuf::from("web/dist"),
            examples_rows: 100_000,
            load_examples: true,
            log_format: "text".to_owned(),
            session_hours: 24 * 7,
            access_token_minutes: 15,
            row_limit_max: 100_000,
            table_viz_max_row_server: 500_000,
            sql_max_row: 1_000_000,
            cache_default_timeout: 86_400,
            cache_max_bytes: 512 * 1024 * 1024,
            cache_max_entries: 10_000,
            query_timeout_seconds: 60,
            global_async_queries: false,
            async_workers: 4,
            async_result_seconds: 600,
            redis_url: None,
            redis_prefix: "quiver:".to_owned(),
            async_executor: AsyncExecutor::Local,
            sqllab_backend_persistence: true,
            default_sqllab_limit: 1000,
            sqllab_default_dbid: None,
            sqllab_query_result_timeout: 0,
            escape_markdown_html: false,
            slack_enable_avatars: false,
            dashboard_rbac: false,
            confirm_dashboard_diff: false,
            smtp_host: None,
            smtp_port: 25,
            smtp_mail_from: "quiver@localhost".to_owned(),
            smtp_user: None,
            smtp_password: None,
            smtp_starttls: false,
            smtp_ssl_server_auth: false,
            email_reports_subject_prefix: "[Report] ".to_owned(),
            public_url: None,
            slack_api_url: "https://slack.com/api".to_owned(),
            slack_api_token: None,
            screenshot_chromium_path: "/usr/bin/chromium".to_owned(),
            webdriver_baseurl: None,
            screenshot_timeout_seconds: 60,
            permission_instructions_link: None,
        }
    }
}

/// The largest `birth_names` the generator writes.
pub const EXAMPLES_ROWS_MAX: u64 = 10_000_000;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file or an environment variable holds a value of the wrong type.
    #[error("invalid configuration: {0}")]
    Invalid(#[from] Box<figment::Error>),
    /// A value is out of range.
    #[error("invalid configuration: {0}")]
    OutOfRange(String),
}

impl Settings {
    /// Reads defaults, `$QUIVER_HOME/quiver.toml` (or the file named by `QUIVER_CONFIG`) and the
    /// environment (`QUIVER_*`, `DATABASE_URL`).
    pub fn load() -> Result<Settings, ConfigError> {
        let home = std::env::var("QUIVER_HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|_| PathBuf::from("./var"));
        let config_file = std::env::var("QUIVER_CONFIG")
            .map(PathBuf::from)
            .unwrap_or_else(|_| home.join("quiver.toml"));
        Self::from_figment(
            Figment::from(Serialized::defaults(Settings::default()))
                .merge(Toml::file(config_file))
                // `REDIS_URL` is the common name; `QUIVER_REDIS_URL` wins over it.
                .merge(Env::raw().only(&["REDIS_URL"]))
                .merge(Env::prefixed("QUIVER_").ignore(&["config"]))
                .merge(Env::raw().only(&["DATABASE_URL"])),
        )
    }

    fn from_figment(figment: Figment) -> Result<Settings, ConfigError> {
        let settings: Settings = figment.extract().map_err(Box::new)?;
        if settings.async_executor == AsyncExecutor::Redis && settings.redis_url().is_none() {
            return Err(ConfigError::OutOfRange(
                "async_executor = \"redis\" needs redis_url (QUIVER_REDIS_URL or REDIS_URL)".to_owned(),
            ));
        }
        if settings.default_sqllab_limit < 1 || settings.default_sqllab_limit > settings.sql_max_row {
            return Err(ConfigError::OutOfRange(format!(
                "default_sqllab_limit must be from 1 to sql_max_row ({}), got {}",
                settings.sql_max_row, settings.default_sqllab_limit
            )));
        }
        if settings.examples_rows > EXAMPLES_ROWS_MAX {
            return Err(ConfigError::OutOfRange(format!(
                "examples_rows must be at most {EXAMPLES_ROWS_MAX}, got {}",
                settings.examples_rows
            )));
        }
        Ok(settings)
    }

    /// The metadata database URL: `DATABASE_URL`, or SQLite in the home folder.
    pub fn metadata_url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.is_empty() => url.clone(),
            _ => format!("sqlite://{}?mode=rwc", self.home.join("quiver.db").display()),
        }
    }

    /// The base of links sent out of Quiver (report e-mails), without a trailing slash.
    pub fn public_base_url(&self) -> String {
        match self.public_url.as_deref().map(str::trim) {
            Some(url) if !url.is_empty() => url.trim_end_matches('/').to_owned(),
            _ => format!("http://{}", self.bind),
        }
    }

    /// The Redis URL, when one is configured.
    pub fn redis_url(&self) -> Option<&str> {
        self.redis_url.as_deref().filter(|url| !url.trim().is_empty())
    }

    pub fn examples_path(&self) -> PathBuf {
        self.home.join("examples.duckdb")
    }

    pub fn secret_key_path(&self) -> PathBuf {
        self.home.join("secret_key")
    }

    /// Settings for tests: everything under `home`, no examples unless asked.
    pub fn for_tests(home: &Path) -> Settings {
        Settings {
            home: home.to_path_buf(),
            admin_password: Some("admin".to_owned()),
            load_examples: false,
            examples_rows: 10_000,
            secret_key: Some("test-secret-key-test-secret-key-0123456789".to_owned()),
            ..Settings::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_overrides_defaults() {
        let figment = Figment::from(Serialized::defaults(Settings::default()))
            .merge(("bind", "0.0.0.0:9000"))
            .merge(("examples_rows", 2000));
        let settings = Settings::from_figment(figment).unwrap();
        assert_eq!(settings.bind, "0.0.0.0:9000");
        assert_eq!(settings.examples_rows, 2000);
        assert!(settings.metadata_url().starts_with("sqlite://./var/quiver.db"));
    }

    #[test]
    fn the_redis_executor_needs_redis() {
        let figment =
            Figment::from(Serialized::defaults(Settings::default())).merge(("async_executor", "redis"));
        assert!(matches!(
            Settings::from_figment(figment),
            Err(ConfigError::OutOfRange(_))
        ));
        let figment = Figment::from(Serialized::defaults(Settings::default()))
            .merge(("async_executor", "redis"))
            .merge(("redis_url", "redis://127.0.0.1:6379"));
        let settings = Settings::from_figment(figment).unwrap();
        assert_eq!(settings.redis_url(), Some("redis://127.0.0.1:6379"));
    }

    #[test]
    fn too_many_example_rows_is_refused() {
        let figment =
            Figment::from(Serialized::defaults(Settings::default())).merge(("examples_rows", 20_000_000));
        assert!(matches!(
            Settings::from_figment(figment),
            Err(ConfigError::OutOfRange(_))
        ));
    }

    #[test]
    fn the_default_sqllab_limit_stays_within_sql_max_row() {
        let defaults = Settings::from_figment(Figment::from(Serialized::defaults(Settings::default())));
        assert!(matches!(defaults, Ok(settings) if settings.default_sqllab_limit == 1000));
        for limit in [0, 2_000_000] {
            let figment = Figment::from(Serialized::defaults(Settings::default()))
                .merge(("default_sqllab_limit", limit));
            assert!(matches!(
                Settings::from_figment(figment),
                Err(ConfigError::OutOfRange(message)) if message.contains("default_sqllab_limit")
            ));
        }
    }
}
