//! The `quiver` command: `serve` and the admin subcommands.

pub mod admin;
pub mod serve;

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
    /// Administration tasks.
    Admin {
        #[command(subcommand)]
        command: admin::AdminCommand,
    },
}
