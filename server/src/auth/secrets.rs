//! Database passwords at rest: AES-256-GCM under a key derived from the server's secret key,
//! stored as hex of `nonce || ciphertext || tag`.

use std::sync::Arc;

use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use ring::rand::{SecureRandom, SystemRandom};
use sha2::{Digest, Sha256};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SecretError {
    /// The stored text is not one this key sealed (another secret key, or damaged).
    #[error("the stored secret cannot be read with this secret key")]
    Unreadable,
    /// The system's random source failed.
    #[error("no random nonce available")]
    Random,
}

/// Seals and opens secrets with the server's key. Cheap to clone.
#[derive(Clone)]
pub struct SecretCipher {
    key: Arc<LessSafeKey>,
}

impl std::fmt::Debug for SecretCipher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretCipher")
    }
}

impl SecretCipher {
    /// The cipher of a server secret key.
    pub fn new(secret_key: &str) -> SecretCipher {
        let digest = Sha256::digest(format!("quiver database secrets\n{secret_key}").as_bytes());
        let key = match UnboundKey::new(&AES_256_GCM, &digest) {
            Ok(key) => key,
            // A 32-byte key always fits AES-256; this arm is unreachable.
            Err(_) => unreachable!("sha-256 digests are 32 bytes"),
        };
        SecretCipher {
            key: Arc::new(LessSafeKey::new(key)),
        }
    }

    /// Seals `plain` under a fresh nonce.
    pub fn seal(&self, plain: &str) -> Result<String, SecretError> {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new()
            .fill(&mut nonce)
            .map_err(|_| SecretError::Random)?;
        let mut sealed = plain.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::empty(), &mut sealed)
            .map_err(|_| SecretError::Random)?;
        let mut stored = nonce.to_vec();
        stored.extend_from_slice(&sealed);
        Ok(hex::encode(stored))
    }

    /// Opens what [`SecretCipher::seal`] stored.
    pub fn open(&self, stored: &str) -> Result<String, SecretError> {
        let bytes = hex::decode(stored).map_err(|_| SecretError::Unreadable)?;
        if bytes.len() < NONCE_LEN {
            return Err(SecretError::Unreadable);
        }
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| SecretError::Unreadable)?;
        let mut sealed = sealed.to_vec();
        let plain = self
            .key
            .open_in_place(nonce, Aad::empty(), &mut sealed)
            .map_err(|_| SecretError::Unreadable)?;
        String::from_utf8(plain.to_vec()).map_err(|_| SecretError::Unreadable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_secrets_open_with_the_same_key_only() {
        let cipher = SecretCipher::new("key one");
        let sealed = cipher.seal("p@ss word").unwrap();
        assert!(!sealed.contains("p@ss"));
        assert_ne!(sealed, cipher.seal("p@ss word").unwrap(), "fresh nonce per seal");
        assert_eq!(cipher.open(&sealed).unwrap(), "p@ss word");
        assert_eq!(
            SecretCipher::new("key two").open(&sealed),
            Err(SecretError::Unreadable)
        );
        assert_eq!(cipher.open("zz"), Err(SecretError::Unreadable));
    }
}
