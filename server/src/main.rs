//! `quiver`: one binary for the server and its admin tasks.

use std::process::ExitCode;

use clap::Parser;
use quiver_server::cli::{admin, serve, worker, Cli, Command};
use quiver_server::config::Settings;
use quiver_server::telemetry;

/// mimalloc keeps freed pages for reuse: result post-processing allocates and frees column-sized
/// buffers on every request, which glibc hands back to the kernel and faults in again (decision 0024).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = match Settings::load() {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("quiver: {error}");
            return ExitCode::from(2);
        }
    };
    telemetry::init(&settings.log_format);
    let outcome = match cli.command {
        Command::Serve => serve::serve(settings).await.map_err(|error| error.to_string()),
        Command::Worker { concurrency } => worker::worker(settings, concurrency)
            .await
            .map_err(|error| error.to_string()),
        Command::Admin { command } => admin::run(settings, command)
            .await
            .map(|message| println!("{message}"))
            .map_err(|error| error.to_string()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("quiver: {error}");
            ExitCode::FAILURE
        }
    }
}
