//! Structured logs with `tracing`: text for people, JSON for machines (`QUIVER_LOG_FORMAT=json`).

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber; the level comes from `RUST_LOG` (default `info`).
pub fn init(log_format: &str) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    let result = if log_format == "json" {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
    if result.is_err() {
        tracing::debug!("a log subscriber was already installed");
    }
}
