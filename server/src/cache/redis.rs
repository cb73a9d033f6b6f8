//! The shared level of the result cache: results in Redis, so every `serve` and `worker` process
//! answers from what any of them computed. A value is a 4-byte little-endian header length, the
//! header's JSON (when the result was computed), then the result as an Arrow IPC stream. Redis
//! expires the entry after its cache timeout.

use std::io::Cursor;
use std::time::Duration;

use arrow::ipc::reader::StreamReader;
use arrow::ipc::writer::StreamWriter;
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::engines::QueryOutput;
use crate::redis_conn::{frame_header, read_frame, FrameError, RedisError, RedisHandle};

/// Key names under the deployment prefix: `cache:{sha-256 of the statement key}`.
const KEY_PREFIX: &str = "cache:";

#[derive(Debug, Serialize, Deserialize)]
struct Header {
    cached_dttm: String,
}

#[derive(Debug, thiserror::Error)]
pub enum SharedCacheError {
    #[error(transparent)]
    Redis(#[from] RedisError),
    #[error("cached result encoding failed: {0}")]
    Arrow(#[from] arrow::error::ArrowError),
    #[error("cached result header is malformed: {0}")]
    Header(#[from] serde_json::Error),
    #[error("cached result is truncated")]
    Truncated,
}

impl From<redis::RedisError> for SharedCacheError {
    fn from(error: redis::RedisError) -> Self {
        SharedCacheError::Redis(RedisError::Command(error))
    }
}

/// A result read back from Redis.
#[derive(Debug)]
pub struct SharedEntry {
    pub output: QueryOutput,
    pub cached_dttm: String,
    /// What is left of the entry's timeout.
    pub remaining: Duration,
}

/// Results in Redis.
#[derive(Debug, Clone)]
pub struct SharedCache {
    redis: RedisHandle,
}

fn redis_key(redis: &RedisHandle, key: &str) -> String {
    let digest = Sha256::digest(key.as_bytes());
    redis.key(&format!("{KEY_PREFIX}{}", hex::encode(digest)))
}

/// The stored form of a result.
pub fn encode(output: &QueryOutput, cached_dttm: &str) -> Result<Vec<u8>, SharedCacheError> {
    let header = Header {
        cached_dttm: cached_dttm.to_owned(),
    };
    let mut bytes = frame_header(&header, 1024)?;
    let mut writer = StreamWriter::try_new(&mut bytes, &output.schema)?;
    for batch in &output.batches {
        writer.write(batch)?;
    }
    writer.finish()?;
    drop(writer);
    Ok(bytes)
}

/// Reads what [`encode`] wrote.
pub fn decode(bytes: &[u8]) -> Result<(QueryOutput, String), SharedCacheError> {
    let (header, body_start): (Header, usize) = read_frame(bytes).map_err(|error| match error {
        FrameError::Truncated => SharedCacheError::Truncated,
        FrameError::Header(error) => SharedCacheError::Header(error),
    })?;
    let body = bytes.get(body_start..).ok_or(SharedCacheError::Truncated)?;
    let reader = StreamReader::try_new(Cursor::new(body), None)?;
    let schema = reader.schema();
    let batches = reader.collect::<Result<Vec<_>, _>>()?;
    Ok((QueryOutput { schema, batches }, header.cached_dttm))
}

impl SharedCache {
    pub fn new(redis: RedisHandle) -> SharedCache {
        SharedCache { redis }
    }

    /// The entry for `key`, if Redis holds one that has not expired.
    pub async fn get(&self, key: &str) -> Result<Option<SharedEntry>, SharedCacheError> {
        let name = redis_key(&self.redis, key);
        let mut connection = self.redis.connection();
        let (bytes, ttl_ms): (Option<Vec<u8>>, i64) = redis::pipe()
            .get(&name)
            .pttl(&name)
            .query_async(&mut connection)
            .await?;
        let Some(bytes) = bytes else {
            return Ok(None);
        };
        let (output, cached_dttm) = decode(&bytes)?;
        Ok(Some(SharedEntry {
            output,
            cached_dttm,
            remaining: Duration::from_millis(u64::try_from(ttl_ms).unwrap_or(0)),
        }))
    }

    /// Stores a result for `timeout` (at least a second: Redis expiries are whole seconds here).
    pub async fn set(
        &self,
        key: &str,
        output: &QueryOutput,
        cached_dttm: &str,
        timeout: Duration,
    ) -> Result<(), SharedCacheError> {
        let bytes = encode(output, cached_dttm)?;
        let mut connection = self.redis.connection();
        let () = connection
            .set_ex(redis_key(&self.redis, key), bytes, timeout.as_secs().max(1))
            .await?;
        Ok(())
    }

    /// Deletes every cached result of this deployment.
    pub async fn clear(&self) -> Result<usize, SharedCacheError> {
        Ok(self.redis.delete_matching(&format!("{KEY_PREFIX}*")).await?)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use arrow::array::{Int64Array, StringArray};
    use arrow::datatypes::{DataType, Field, Schema};
    use arrow::record_batch::RecordBatch;

    use super::*;

    #[test]
    fn results_survive_the_round_trip() {
        let schema = Arc::new(Schema::new(vec![
            Field::new("gender", DataType::Utf8, true),
            Field::new("SUM(num)", DataType::Int64, true),
        ]));
        let batch = RecordBatch::try_new(
            Arc::clone(&schema),
            vec![
                Arc::new(StringArray::from(vec![Some("boy"), None])),
                Arc::new(Int64Array::from(vec![Some(7), Some(9)])),
            ],
        )
        .unwrap();
        let output = QueryOutput {
            schema,
            batches: vec![batch.clone()],
        };
        let bytes = encode(&output, "2026-11-23T10:00:00").unwrap();
        let (decoded, cached_dttm) = decode(&bytes).unwrap();
        assert_eq!(cached_dttm, "2026-11-23T10:00:00");
        assert_eq!(decoded.batches, vec![batch]);
        assert!(matches!(decode(&bytes[..3]), Err(SharedCacheError::Truncated)));
        assert!(decode(&bytes[..bytes.len() / 2]).is_err());
    }
}
