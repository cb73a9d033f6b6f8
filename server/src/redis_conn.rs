//! The Redis connection shared by the result cache, the async event log and the job queue
//! (production mode, `redis_url` set). Every key starts with the configured prefix so several
//! deployments, or test runs, can share one Redis.

use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig, MultiplexedConnection};
use redis::{AsyncConnectionConfig, Client};

/// Commands that read or write a whole cached result may move megabytes.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(10);
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Debug, thiserror::Error)]
pub enum RedisError {
    #[error("cannot connect to Redis at {url}: {source}")]
    Connect { url: String, source: redis::RedisError },
    #[error("Redis command failed: {0}")]
    Command(#[from] redis::RedisError),
}

/// A reconnecting connection for ordinary commands, and the client to open connections for
/// blocking ones (`BRPOP`, `XREAD BLOCK`), which must not hold up the shared connection.
#[derive(Clone)]
pub struct RedisHandle {
    client: Client,
    manager: ConnectionManager,
    prefix: String,
}

impl std::fmt::Debug for RedisHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisHandle")
            .field("prefix", &self.prefix)
            .finish()
    }
}

impl RedisHandle {
    /// Connects and checks the server answers.
    pub async fn connect(url: &str, prefix: &str) -> Result<RedisHandle, RedisError> {
        let connect_error = |source| RedisError::Connect {
            url: redact(url),
            source,
        };
        let client = Client::open(url).map_err(connect_error)?;
        let config = ConnectionManagerConfig::new()
            .set_response_timeout(Some(RESPONSE_TIMEOUT))
            .set_connection_timeout(Some(CONNECTION_TIMEOUT))
            .set_number_of_retries(3);
        let mut manager = ConnectionManager::new_with_config(client.clone(), config)
            .await
            .map_err(connect_error)?;
        let _: String = redis::cmd("PING")
            .query_async(&mut manager)
            .await
            .map_err(connect_error)?;
        Ok(RedisHandle {
            client,
            manager,
            prefix: prefix.to_owned(),
        })
    }

    /// The shared connection (cheap to clone).
    pub fn connection(&self) -> ConnectionManager {
        self.manager.clone()
    }

    /// A connection of its own with no response timeout, for blocking commands.
    pub async fn blocking_connection(&self) -> Result<MultiplexedConnection, RedisError> {
        let config = AsyncConnectionConfig::new()
            .set_response_timeout(None)
            .set_connection_timeout(Some(CONNECTION_TIMEOUT));
        Ok(self
            .client
            .get_multiplexed_async_connection_with_config(&config)
            .await?)
    }

    /// `name` under this deployment's prefix.
    pub fn key(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// Deletes every key under `pattern` (a suffix of the prefix, may hold `*`).
    pub async fn delete_matching(&self, pattern: &str) -> Result<usize, RedisError> {
        let mut connection = self.connection();
        let pattern = self.key(pattern);
        let mut cursor: u64 = 0;
        let mut deleted = 0;
        loop {
            let (next, keys): (u64, Vec<String>) = redis::cmd("SCAN")
                .arg(cursor)
                .arg("MATCH")
                .arg(&pattern)
                .arg("COUNT")
                .arg(500)
                .query_async(&mut connection)
                .await?;
            if !keys.is_empty() {
                let removed: usize = redis::cmd("UNLINK")
                    .arg(&keys)
                    .query_async(&mut connection)
                    .await?;
                deleted += removed;
            }
            if next == 0 {
                return Ok(deleted);
            }
            cursor = next;
        }
    }
}

/// Why a stored value could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error("a stored value is truncated")]
    Truncated,
    #[error("a stored value's header is malformed: {0}")]
    Header(#[from] serde_json::Error),
}

/// The start of a stored value: a 4-byte little-endian length, then `header` as JSON. The caller
/// appends the body.
pub fn frame_header(header: &impl serde::Serialize, body_len: usize) -> Result<Vec<u8>, serde_json::Error> {
    let json = serde_json::to_vec(header)?;
    let length = u32::try_from(json.len()).map_err(|_| serde::ser::Error::custom("header too large"))?;
    let mut bytes = Vec::with_capacity(4 + json.len() + body_len);
    bytes.extend_from_slice(&length.to_le_bytes());
    bytes.extend_from_slice(&json);
    Ok(bytes)
}

/// Reads what [`frame_header`] wrote: the header and where the body starts.
pub fn read_frame<H: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<(H, usize), FrameError> {
    let length: [u8; 4] = bytes
        .get(..4)
        .and_then(|slice| slice.try_into().ok())
        .ok_or(FrameError::Truncated)?;
    let body_start = usize::try_from(u32::from_le_bytes(length))
        .ok()
        .and_then(|length| length.checked_add(4))
        .ok_or(FrameError::Truncated)?;
    let header = serde_json::from_slice(bytes.get(4..body_start).ok_or(FrameError::Truncated)?)?;
    Ok((header, body_start))
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            format!("{}://***{}", &url[..scheme_end], &url[at..])
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            redact("redis://user:secret@host:6379/0"),
            "redis://***@host:6379/0"
        );
        assert_eq!(redact("redis://127.0.0.1:6379"), "redis://127.0.0.1:6379");
    }
}
