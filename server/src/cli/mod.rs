//! The `quiver` command: `serve`, `worker` and the admin subcommands.

pub mod admin;
pub mod serve;
pub mod worker;

use clap::{Parser, Subcommand};

/// Quiver: an open business-intelligence platform.
#[derive(Debug, Parser)]
#[command(name = "quiver", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start the web server (creates the admin account and the examples on first start).
    Serve,
    /// Run async chart-data jobs queued in Redis (needs `QUIVER_REDIS_URL` and
    /// `QUIVER_ASYNC_EXECUTOR=redis`, shared with the `serve` processes).
    Worker {
        /// Jobs run at the same time (default: `async_workers`).
        #[arg(long)]
        concurrency: Option<usize>,
    },
    /// Administration tasks.
    Admin {
        #[command(subcommand)]
        command: admin::AdminCommand,
    },
}
