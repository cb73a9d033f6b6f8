//! `quiver serve`.

use tokio::net::TcpListener;

use crate::app::{build_app, prepare_state, FirstStart};
use crate::config::Settings;
use crate::reports::scheduler::spawn_report_scheduler;

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Start(#[from] crate::app::StartError),
    #[error("cannot listen on {bind}: {source}")]
    Bind { bind: String, source: std::io::Error },
    #[error("server error: {0}")]
    Serve(std::io::Error),
}

fn announce(settings: &Settings, first_start: &FirstStart) {
    let url = format!("http://{}", settings.bind);
    println!();
    println!("  Quiver is running on {url}");
    if first_start.admin_created {
        match &first_start.generated_admin_password {
            Some(password) => {
                println!("  Log in as admin with the password {password}");
                println!("  (generated once; set QUIVER_ADMIN_PASSWORD to choose it, or run `quiver admin reset-password`)");
            }
            None => println!("  Log in as admin with the password from QUIVER_ADMIN_PASSWORD"),
        }
    } else {
        println!("  Log in at {url}/login/");
    }
    if first_start.examples_registered {
        println!("  The examples database (birth_names, flights, sales) is ready");
    }
    println!();
}

pub(crate) async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

pub async fn serve(settings: Settings) -> Result<(), ServeError> {
    let bind = settings.bind.clone();
    let listener = TcpListener::bind(&bind)
        .await
        .map_err(|source| ServeError::Bind {
            bind: bind.clone(),
            source,
        })?;
    let (state, first_start) = prepare_state(settings).await?;
    announce(&state.settings, &first_start);
    let store = state.store.clone();
    let report_scheduler = spawn_report_scheduler(state.clone());
    let app = build_app(state);
    tracing::info!(bind, "listening");
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown_signal())
        .await
        .map_err(ServeError::Serve);
    report_scheduler.abort();
    served?;
    store.close().await;
    Ok(())
}
