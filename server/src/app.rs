//! The one router, used by `quiver serve` and by the tests.

use std::any::Any;
use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use axum::middleware::from_fn_with_state;
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::async_queries::AsyncQueries;
use crate::auth::guard::guard;
use crate::auth::password::{generate_password, hash_password};
use crate::auth::permissions::builtin_roles;
use crate::auth::token::TokenKeys;
use crate::cache::ResultCache;
use crate::config::{AsyncExecutor, Settings};
use crate::engines::Engines;
use crate::error::{ApiError, ErrorKind};
use crate::examples::ensure_examples;
use crate::jobs::JobQueue;
use crate::state::AppState;
use crate::store::user::NewUser;
use crate::store::Store;

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error(transparent)]
    Examples(#[from] crate::examples::ExamplesError),
    #[error("cannot prepare the data folder {path}: {source}")]
    Home { path: String, source: std::io::Error },
    #[error(transparent)]
    Password(#[from] crate::auth::password::PasswordError),
    #[error("invalid cache settings: {0}")]
    Cache(quiver_core::CoreError),
    #[error(transparent)]
    Redis(#[from] crate::redis_conn::RedisError),
}

/// What a first start created and must tell the operator once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FirstStart {
    /// The generated admin password, when none was configured.
    pub generated_admin_password: Option<String>,
    pub admin_created: bool,
    pub examples_registered: bool,
}

fn secret_key(settings: &Settings) -> Result<String, StartError> {
    if let Some(secret) = settings.secret_key.as_ref().filter(|secret| !secret.is_empty()) {
        return Ok(secret.clone());
    }
    let path = settings.secret_key_path();
    let home_error = |source| StartError::Home {
        path: path.display().to_string(),
        source,
    };
    if let Ok(existing) = std::fs::read_to_string(&path) {
        if !existing.trim().is_empty() {
            return Ok(existing.trim().to_owned());
        }
    }
    let secret = crate::auth::session::random_token();
    std::fs::write(&path, &secret).map_err(home_error)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).map_err(home_error)?;
    }
    Ok(secret)
}

/// Opens the store, brings roles up to date, creates the first admin and the examples.
pub async fn prepare_state(settings: Settings) -> Result<(AppState, FirstStart), StartError> {
    std::fs::create_dir_all(&settings.home).map_err(|source| StartError::Home {
        path: settings.home.display().to_string(),
        source,
    })?;
    let secret = secret_key(&settings)?;
    let store = Store::connect(&settings.metadata_url()).await?;
    store.sync_roles(&builtin_roles()).await?;
    let expired = store.delete_expired_sessions(&crate::store::now_text()).await?;
    if expired > 0 {
        tracing::info!(expired, "removed expired sessions");
    }

    let mut first_start = FirstStart::default();
    let admin_id = match store.user_by_username("admin").await? {
        Some(admin) => Some(admin.id),
        None if store.count_users().await? == 0 => {
            let password = match &settings.admin_password {
                Some(password) if !password.is_empty() => password.clone(),
                _ => {
                    let generated = generate_password();
                    first_start.generated_admin_password = Some(generated.clone());
                    generated
                }
            };
            let hash = hash_password(&password)?;
            let id = store
                .create_user(&NewUser {
                    username: "admin",
                    first_name: "Superset",
                    last_name: "Admin",
                    email: "admin@localhost",
                    password_hash: &hash,
                    roles: &["Admin"],
                })
                .await?;
            first_start.admin_created = true;
            Some(id)
        }
        None => None,
    };
    if settings.load_examples {
        first_start.examples_registered = ensure_examples(
            &store,
            &settings.examples_path(),
            settings.examples_rows,
            admin_id,
        )
        .await?;
        crate::example_dashboard::ensure_example_dashboard(&store, admin_id).await?;
    }
    let state = connect_services(settings, store, &secret).await?;
    state.async_queries.follow_redis();
    Ok((state, first_start))
}

/// The shared services on an open store: result cache, async event log and job queue, in
/// memory or in Redis. `quiver worker` starts from here (it creates no admin and no examples).
pub async fn connect_services(
    settings: Settings,
    store: Store,
    secret: &str,
) -> Result<AppState, StartError> {
    let mut cache =
        ResultCache::new(settings.cache_max_entries, settings.cache_max_bytes).map_err(StartError::Cache)?;
    let result_lifetime = std::time::Duration::from_secs(settings.async_result_seconds);
    let (async_queries, jobs) = match settings.redis_url() {
        Some(url) => {
            let redis = crate::redis_conn::RedisHandle::connect(url, &settings.redis_prefix).await?;
            cache = cache.with_shared(crate::cache::redis::SharedCache::new(redis.clone()));
            let jobs = match settings.async_executor {
                AsyncExecutor::Local => JobQueue::Local,
                AsyncExecutor::Redis => JobQueue::Redis(redis.clone()),
            };
            let queries = AsyncQueries::with_redis(redis, settings.async_workers, result_lifetime);
            tracing::info!(executor = ?settings.async_executor, "using Redis for the cache and async events");
            (queries, jobs)
        }
        None => (
            AsyncQueries::new(settings.async_workers, result_lifetime),
            JobQueue::Local,
        ),
    };
    Ok(AppState {
        store,
        async_queries: Arc::new(async_queries),
        jobs,
        tokens: TokenKeys::new(secret.as_bytes()),
        settings: Arc::new(settings),
        engines: Arc::new(Engines::new(crate::auth::secrets::SecretCipher::new(secret))),
        cache: Arc::new(cache),
        sqllab: Arc::new(crate::sqllab::RunningQueries::default()),
    })
}

/// The state of a `quiver worker`: the store (migrated by `serve`) and the shared services.
pub async fn worker_state(settings: Settings) -> Result<AppState, StartError> {
    let secret = secret_key(&settings)?;
    let store = Store::connect(&settings.metadata_url()).await?;
    connect_services(settings, store, &secret).await
}

fn panic_response(_panic: Box<dyn Any + Send + 'static>) -> Response {
    tracing::error!("a request handler panicked");
    ApiError::message(ErrorKind::Internal, "Internal server error").into_response()
}

async fn api_not_found() -> ApiError {
    ApiError::not_found()
}

async fn method_not_allowed() -> ApiError {
    ApiError::message(ErrorKind::MethodNotAllowed, "Method not allowed")
}

/// Serves the built web app; unknown paths get its index.html (client-side routes).
fn web_app(static_dir: &Path) -> Router {
    let index = static_dir.join("index.html");
    Router::new().fallback_service(ServeDir::new(static_dir).fallback(ServeFile::new(index)))
}

/// The router: API routes behind the guard, JSON errors for unknown API paths, the web app for
/// everything else.
pub fn build_app(state: AppState) -> Router {
    let api = crate::api::routes()
        .route_layer(from_fn_with_state(state.clone(), guard))
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state.clone());
    let api_fallback = Router::new()
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .route("/api/", axum::routing::any(api_not_found));
    Router::new()
        .merge(api)
        .merge(api_fallback)
        .merge(web_app(&state.settings.static_dir))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &Request<Body>| {
            tracing::info_span!("request", method = %request.method(), path = %request.uri().path())
        }))
}
