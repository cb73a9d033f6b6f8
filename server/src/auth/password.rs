//! Password hashing with Argon2id.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::distributions::Alphanumeric;
use rand::Rng;

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct PasswordError(String);

/// A PHC-format Argon2id hash of the password.
pub fn hash_password(password: &str) -> Result<String, PasswordError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| PasswordError(error.to_string()))
}

/// Whether the password matches the stored hash. A malformed hash never matches.
pub fn verify_password(password: &str, stored_hash: &str) -> bool {
    match PasswordHash::new(stored_hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// A random password for the first admin when none is configured.
pub fn generate_password() -> String {
    rand::thread_rng()
        .sample_iter(&Alphanumeric)
        .take(20)
        .map(char::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_only_the_right_password() {
        let hash = hash_password("s3cret").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("s3cret", &hash));
        assert!(!verify_password("S3cret", &hash));
        assert!(!verify_password("s3cret", "not a hash"));
    }

    #[test]
    fn generated_passwords_are_long_and_differ() {
        let first = generate_password();
        assert_eq!(first.len(), 20);
        assert_ne!(first, generate_password());
    }
}
