//! API tokens: JWT access and refresh tokens signed with the secret key (HS256).

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// Which token a JWT is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenType {
    Access,
    Refresh,
}

/// The claims Quiver signs (Flask-JWT-Extended's names).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Claims {
    /// The user id, as a string.
    pub sub: String,
    pub exp: i64,
    pub iat: i64,
    #[serde(rename = "type")]
    pub token_type: TokenType,
    pub fresh: bool,
}

/// Signs and checks tokens.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenKeys(..)")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    /// Expired, badly signed or malformed.
    #[error("invalid token")]
    Invalid,
    /// A refresh token used as an access token, or the reverse.
    #[error("wrong token type")]
    WrongType,
}

impl TokenKeys {
    pub fn new(secret: &[u8]) -> TokenKeys {
        TokenKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }

    pub fn issue(
        &self,
        user_id: i64,
        token_type: TokenType,
        lifetime_seconds: i64,
        now: i64,
    ) -> Result<String, TokenError> {
        let claims = Claims {
            sub: user_id.to_string(),
            exp: now + lifetime_seconds,
            iat: now,
            token_type,
            fresh: token_type == TokenType::Access,
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(|_| TokenError::Invalid)
    }

    /// The user id of a valid, unexpired token of the expected type.
    pub fn verify(&self, token: &str, expected: TokenType) -> Result<i64, TokenError> {
        let validation = Validation::new(Algorithm::HS256);
        let data = decode::<Claims>(token, &self.decoding, &validation).map_err(|_| TokenError::Invalid)?;
        if data.claims.token_type != expected {
            return Err(TokenError::WrongType);
        }
        data.claims.sub.parse().map_err(|_| TokenError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> i64 {
        chrono::Utc::now().timestamp()
    }

    #[test]
    fn access_tokens_round_trip() {
        let keys = TokenKeys::new(b"0123456789abcdef0123456789abcdef");
        let token = keys.issue(42, TokenType::Access, 900, now()).unwrap();
        assert_eq!(keys.verify(&token, TokenType::Access).unwrap(), 42);
        assert!(matches!(
            keys.verify(&token, TokenType::Refresh),
            Err(TokenError::WrongType)
        ));
    }

    #[test]
    fn expired_and_foreign_tokens_are_refused() {
        let keys = TokenKeys::new(b"0123456789abcdef0123456789abcdef");
        let expired = keys.issue(1, TokenType::Access, -3600, now()).unwrap();
        assert!(keys.verify(&expired, TokenType::Access).is_err());
        let other = TokenKeys::new(b"another-secret-another-secret-00");
        let foreign = other.issue(1, TokenType::Access, 900, now()).unwrap();
        assert!(keys.verify(&foreign, TokenType::Access).is_err());
    }
}
