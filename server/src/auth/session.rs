//! Browser sessions: a random id in an HttpOnly, SameSite=Lax cookie; the session row holds the
//! user and the CSRF token.

use axum::http::header::COOKIE;
use axum::http::HeaderMap;
use cookie::{Cookie, SameSite};
use rand::RngCore;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "session";

/// 32 random bytes, hex.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The session id from the request's cookies.
pub fn session_id_from_headers(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| Cookie::parse(pair.trim().to_owned()).ok())
        .find(|cookie| cookie.name() == SESSION_COOKIE)
        .map(|cookie| cookie.value().to_owned())
}

/// The `Set-Cookie` value that starts a session.
pub fn session_cookie(session_id: &str, max_age_hours: i64) -> String {
    Cookie::build((SESSION_COOKIE, session_id.to_owned()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(cookie::time::Duration::hours(max_age_hours))
        .build()
        .to_string()
}

/// The `Set-Cookie` value that ends a session.
pub fn expired_session_cookie() -> String {
    Cookie::build((SESSION_COOKIE, ""))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(cookie::time::Duration::ZERO)
        .build()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_session_among_other_cookies() {
        let mut headers = HeaderMap::new();
        headers.insert(COOKIE, "theme=dark; session=abc123; other=1".parse().unwrap());
        assert_eq!(session_id_from_headers(&headers).as_deref(), Some("abc123"));
    }

    #[test]
    fn the_cookie_is_http_only_and_lax() {
        let cookie = session_cookie("xyz", 24);
        assert!(cookie.contains("session=xyz"));
        assert!(cookie.contains("HttpOnly"));
        assert!(cookie.contains("SameSite=Lax"));
        assert!(cookie.contains("Path=/"));
    }
}
