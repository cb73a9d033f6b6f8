//! SQL Lab: the read-only guard, synchronous runs recorded in the `query` table with Stop, the
//! result shapes (JSON records, or one Arrow IPC stream), and the schema browser's metadata reads.

pub mod arrow_stream;
pub mod async_run;
pub mod browse;
pub mod ctas;
pub mod estimate;
pub mod export;
pub mod format;
pub mod guard;
pub mod results;
pub mod run;
pub mod sql_tables;
pub mod table_keys;
pub mod template;

use std::collections::HashMap;
use std::sync::Mutex;

use tokio_util::sync::CancellationToken;

/// The row limit of a run when the client sends none (Superset's `DEFAULT_SQLLAB_LIMIT`).
pub const DEFAULT_SQLLAB_LIMIT: i64 = 1000;

/// Runs in progress in this process, by client id, with the token that stops each.
#[derive(Debug, Default)]
pub struct RunningQueries {
    running: Mutex<HashMap<String, CancellationToken>>,
}

impl RunningQueries {
    /// Registers a run; the registration ends when the returned guard is dropped.
    pub fn register(&self, client_id: &str) -> RunningQuery<'_> {
        let token = CancellationToken::new();
        if let Ok(mut running) = self.running.lock() {
            running.insert(client_id.to_owned(), token.clone());
        }
        RunningQuery {
            registry: self,
            client_id: client_id.to_owned(),
            token,
        }
    }

    /// Stops a run of this process. Returns whether one was running.
    pub fn cancel(&self, client_id: &str) -> bool {
        let token = match self.running.lock() {
            Ok(running) => running.get(client_id).cloned(),
            Err(_) => None,
        };
        match token {
            Some(token) => {
                token.cancel();
                true
            }
            None => false,
        }
    }
}

/// A registered run; dropping it unregisters the run.
#[derive(Debug)]
pub struct RunningQuery<'a> {
    registry: &'a RunningQueries,
    client_id: String,
    pub token: CancellationToken,
}

impl Drop for RunningQuery<'_> {
    fn drop(&mut self) {
        if let Ok(mut running) = self.registry.running.lock() {
            running.remove(&self.client_id);
        }
    }
}

/// A client id of 11 random letters and digits, like Superset's web client makes.
pub fn new_client_id() -> String {
    use rand::distributions::Alphanumeric;
    use rand::Rng;
    rand::thread_rng()
        .sample_iter(&Alphanumeric)
        .take(11)
        .map(char::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_registered_run_is_cancelled_by_its_client_id_until_it_ends() {
        let registry = RunningQueries::default();
        let run = registry.register("abc");
        assert!(!run.token.is_cancelled());
        assert!(registry.cancel("abc"));
        assert!(run.token.is_cancelled());
        drop(run);
        assert!(!registry.cancel("abc"));
        assert_eq!(new_client_id().len(), 11);
    }
}
