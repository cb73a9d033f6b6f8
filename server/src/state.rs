//! The state every handler shares.

use std::sync::Arc;

use crate::async_queries::AsyncQueries;
use crate::auth::token::TokenKeys;
use crate::cache::ResultCache;
use crate::config::Settings;
use crate::engines::Engines;
use crate::jobs::JobQueue;
use crate::store::Store;

/// Cheap to clone: everything is behind an `Arc` or is a pool handle.
#[derive(Clone, Debug)]
pub struct AppState {
    pub store: Store,
    pub settings: Arc<Settings>,
    pub tokens: TokenKeys,
    pub engines: Arc<Engines>,
    pub cache: Arc<ResultCache>,
    pub async_queries: Arc<AsyncQueries>,
    pub jobs: JobQueue,
    /// SQL Lab runs in progress, for Stop.
    pub sqllab: Arc<crate::sqllab::RunningQueries>,
}
