//! Passwords in connection URIs: masked on export, required or restored on import.

use super::config::PASSWORD_MASK;

/// The parts of `scheme://user:password@host/...` around the password, if the URI has one:
/// (prefix up to the `:` before the password, password, rest from the `@`).
fn password_span(uri: &str) -> Option<(usize, usize)> {
    let authority_start = uri.find("://")? + 3;
    let authority_end = uri[authority_start..]
        .find(['/', '?', '#'])
        .map_or(uri.len(), |end| authority_start + end);
    let authority = &uri[authority_start..authority_end];
    let at = authority.rfind('@')?;
    let colon = authority[..at].find(':')?;
    Some((authority_start + colon + 1, authority_start + at))
}

/// The URI's password as written (percent-encoded), if any.
pub fn password(uri: &str) -> Option<&str> {
    password_span(uri).map(|(start, end)| &uri[start..end])
}

/// The URI with its password replaced by Superset's mask.
pub fn masked(uri: &str) -> String {
    match password_span(uri) {
        Some((start, end)) => format!("{}{PASSWORD_MASK}{}", &uri[..start], &uri[end..]),
        None => uri.to_owned(),
    }
}

/// Whether the URI's password is Superset's mask (the exporter hid it).
pub fn has_masked_password(uri: &str) -> bool {
    password(uri) == Some(PASSWORD_MASK)
}

/// The URI with `plain` (not yet encoded) as its password.
pub fn with_password(uri: &str, plain: &str) -> String {
    let encoded: String = plain
        .bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
                (byte as char).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect();
    match password_span(uri) {
        Some((start, end)) => format!("{}{encoded}{}", &uri[..start], &uri[end..]),
        None => uri.to_owned(),
    }
}

/// The engine Quiver keeps for a URI's scheme (`postgresql+psycopg2` is `postgresql`), or none
/// when Quiver has no engine for it.
pub fn backend(uri: &str) -> Option<&'static str> {
    let scheme = uri.split_once("://")?.0;
    match scheme.split('+').next().unwrap_or_default() {
        "duckdb" => Some("duckdb"),
        "sqlite" => Some("sqlite"),
        "postgresql" | "postgres" => Some("postgresql"),
        "mysql" | "mariadb" => Some("mysql"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_masked_and_restored() {
        let uri = "postgresql://scott:tiger@db.example:5432/sales?sslmode=require";
        assert_eq!(password(uri), Some("tiger"));
        let hidden = masked(uri);
        assert_eq!(
            hidden,
            "postgresql://scott:XXXXXXXXXX@db.example:5432/sales?sslmode=require"
        );
        assert!(has_masked_password(&hidden));
        assert_eq!(
            with_password(&hidden, "p@ss:w/rd"),
            "postgresql://scott:p%40ss%3Aw%2Frd@db.example:5432/sales?sslmode=require"
        );
        assert_eq!(masked("sqlite:////tmp/a.db"), "sqlite:////tmp/a.db");
        assert_eq!(password("postgresql://scott@db/sales"), None);
    }

    #[test]
    fn backends_follow_the_scheme() {
        assert_eq!(backend("postgresql+psycopg2://u@h/d"), Some("postgresql"));
        assert_eq!(backend("sqlite:///examples.db"), Some("sqlite"));
        assert_eq!(backend("duckdb:////tmp/x.duckdb"), Some("duckdb"));
        assert_eq!(backend("oracle://u@h/d"), None);
    }
}
