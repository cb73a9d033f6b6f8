//! Connection URIs: the password kept apart (masked as Superset does), URIs built from the
//! parameters form and read back into it, and the parameter checks of `validate_parameters`.

use std::collections::BTreeMap;

use quiver_types::DatabaseParameters;

/// What answers show instead of a password.
pub const PASSWORD_MASK: &str = "XXXXXXXXXX";

/// The engines Quiver connects to, by their backend name.
pub const BACKENDS: &[&str] = &["duckdb", "sqlite", "postgresql", "mysql"];

/// The backend of a SQLAlchemy-style URI (`postgresql+psycopg2://` is `postgresql`).
pub fn backend_of_uri(uri: &str) -> Option<&'static str> {
    let (scheme, _) = uri.split_once("://")?;
    match scheme.split('+').next().unwrap_or_default() {
        "duckdb" => Some("duckdb"),
        "sqlite" => Some("sqlite"),
        "postgresql" | "postgres" => Some("postgresql"),
        "mysql" | "mariadb" => Some("mysql"),
        _ => None,
    }
}

/// Whether a backend connects to a file (no host, user or password).
pub fn is_file_backend(backend: &str) -> bool {
    matches!(backend, "duckdb" | "sqlite")
}

/// The parts of `scheme://user:password@host:port/database?query`, as written (still
/// percent-encoded).
#[derive(Debug, Clone, Default, PartialEq)]
struct UriParts<'a> {
    scheme: &'a str,
    username: Option<&'a str>,
    password: Option<&'a str>,
    host_port: &'a str,
    /// `/database?query`, or the path of a file database.
    rest: &'a str,
}

fn uri_parts(uri: &str) -> Option<UriParts<'_>> {
    let (scheme, after) = uri.split_once("://")?;
    let authority_end = after.find(['/', '?', '#']).unwrap_or(after.len());
    let (authority, rest) = after.split_at(authority_end);
    let (userinfo, host_port) = match authority.rfind('@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    let (username, password) = match userinfo {
        Some(info) => match info.split_once(':') {
            Some((user, password)) => (Some(user), Some(password)),
            None => (Some(info), None),
        },
        None => (None, None),
    };
    Some(UriParts {
        scheme,
        username,
        password,
        host_port,
        rest,
    })
}

fn join_parts(parts: &UriParts<'_>, password: Option<&str>) -> String {
    let mut uri = format!("{}://", parts.scheme);
    if let Some(user) = parts.username {
        uri.push_str(user);
        if let Some(password) = password {
            uri.push(':');
            uri.push_str(password);
        }
        uri.push('@');
    }
    uri.push_str(parts.host_port);
    uri.push_str(parts.rest);
    uri
}

/// Splits the password out of a URI: `(uri with the mask in its place, password)`.
/// `postgresql://u:secret@h/db` gives `("postgresql://u:XXXXXXXXXX@h/db", Some("secret"))`.
pub fn split_password(uri: &str) -> (String, Option<String>) {
    match uri_parts(uri) {
        Some(parts) if parts.password.is_some_and(|password| !password.is_empty()) => {
            let password = parts.password.map(str::to_owned);
            (join_parts(&parts, Some(PASSWORD_MASK)), password)
        }
        _ => (uri.to_owned(), None),
    }
}

/// Puts a password back in place of the mask (or of whatever password the URI shows).
pub fn with_password(uri: &str, password: Option<&str>) -> String {
    match (uri_parts(uri), password) {
        (Some(parts), Some(password)) if parts.username.is_some() => join_parts(&parts, Some(password)),
        _ => uri.to_owned(),
    }
}

/// The URI of another database on the same server: `postgresql://u@h/db?x` with `other` gives
/// `postgresql://u@h/other?x` (the name percent-encoded; the query string kept).
pub fn with_database_name(uri: &str, other: &str) -> Option<String> {
    let parts = uri_parts(uri)?;
    let query = parts.rest.find('?').map_or("", |at| &parts.rest[at..]);
    let rest = format!("/{}{query}", encode_component(other));
    let password = parts.password;
    Some(join_parts(&UriParts { rest: &rest, ..parts }, password))
}

/// Whether the URI's password is the mask (the form sent back what it was shown).
pub fn shows_mask(uri: &str) -> bool {
    uri_parts(uri).is_some_and(|parts| parts.password == Some(PASSWORD_MASK))
}

/// Percent-encodes a URI component (user, password, database name).
fn encode_component(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

fn decode_component(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let escaped = bytes
            .get(index + 1..index + 3)
            .filter(|_| bytes[index] == b'%')
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                decoded.push(byte);
                index += 3;
            }
            None => {
                decoded.push(bytes[index]);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// A port that is not a whole number from 0 to 65535.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidPort;

/// The port of the form, which sends a number or text.
pub fn port_of(parameters: &DatabaseParameters) -> Result<Option<u16>, InvalidPort> {
    match &parameters.port {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Number(number)) => number
            .as_u64()
            .and_then(|port| u16::try_from(port).ok())
            .map(Some)
            .ok_or(InvalidPort),
        Some(serde_json::Value::String(text)) if text.trim().is_empty() => Ok(None),
        Some(serde_json::Value::String(text)) => {
            text.trim().parse::<u16>().map(Some).map_err(|_| InvalidPort)
        }
        Some(_) => Err(InvalidPort),
    }
}

fn is_blank(value: Option<&str>) -> bool {
    value.is_none_or(|value| value.trim().is_empty())
}

/// The parameters an engine requires that the form left empty, in the form's order.
pub fn missing_parameters(backend: &str, parameters: &DatabaseParameters) -> Vec<&'static str> {
    let mut missing = Vec::new();
    if is_file_backend(backend) {
        if is_blank(parameters.database.as_deref()) {
            missing.push("database");
        }
        return missing;
    }
    if is_blank(parameters.database.as_deref()) {
        missing.push("database");
    }
    if is_blank(parameters.host.as_deref()) {
        missing.push("host");
    }
    if matches!(port_of(parameters), Ok(None)) {
        missing.push("port");
    }
    if is_blank(parameters.username.as_deref()) {
        missing.push("username");
    }
    missing
}

/// The URI of the parameters form; the password is written as given (or the mask).
pub fn uri_from_parameters(backend: &str, parameters: &DatabaseParameters) -> String {
    let database = parameters.database.as_deref().unwrap_or_default().trim();
    if is_file_backend(backend) {
        // `duckdb:///` + an absolute path gives four slashes, as SQLAlchemy writes it.
        return format!("{backend}:///{database}");
    }
    let mut uri = format!("{backend}://");
    if let Some(user) = parameters.username.as_deref().filter(|user| !user.is_empty()) {
        uri.push_str(&encode_component(user));
        if let Some(password) = parameters
            .password
            .as_deref()
            .filter(|password| !password.is_empty())
        {
            uri.push(':');
            if password == PASSWORD_MASK {
                uri.push_str(PASSWORD_MASK);
            } else {
                uri.push_str(&encode_component(password));
            }
        }
        uri.push('@');
    }
    uri.push_str(parameters.host.as_deref().unwrap_or_default().trim());
    if let Ok(Some(port)) = port_of(parameters) {
        uri.push_str(&format!(":{port}"));
    }
    uri.push('/');
    uri.push_str(&encode_component(database));
    let mut query: BTreeMap<String, String> = parameters.query.clone().unwrap_or_default();
    if parameters.encryption == Some(true) {
        let key = if backend == "postgresql" {
            "sslmode"
        } else {
            "ssl-mode"
        };
        query.insert(key.to_owned(), "require".to_owned());
    }
    if !query.is_empty() {
        let pairs: Vec<String> = query
            .iter()
            .map(|(key, value)| format!("{}={}", encode_component(key), encode_component(value)))
            .collect();
        uri.push('?');
        uri.push_str(&pairs.join("&"));
    }
    uri
}

/// The parameters form of a (masked) URI.
pub fn parameters_from_uri(uri: &str) -> DatabaseParameters {
    let Some(parts) = uri_parts(uri) else {
        return DatabaseParameters::default();
    };
    let backend = backend_of_uri(uri).unwrap_or_default();
    if is_file_backend(backend) {
        return DatabaseParameters {
            database: Some(parts.rest.strip_prefix('/').unwrap_or(parts.rest).to_owned()),
            ..DatabaseParameters::default()
        };
    }
    let (host, port) = match parts.host_port.rsplit_once(':') {
        Some((host, port)) => (host, port.parse::<u16>().ok()),
        None => (parts.host_port, None),
    };
    let path = parts.rest.strip_prefix('/').unwrap_or(parts.rest);
    let (database, query_text) = path.split_once('?').unwrap_or((path, ""));
    let query: BTreeMap<String, String> = query_text
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode_component(key), decode_component(value))
        })
        .collect();
    DatabaseParameters {
        host: Some(host.to_owned()),
        port: port.map(serde_json::Value::from),
        database: Some(decode_component(database)),
        username: parts.username.map(decode_component),
        password: parts.password.map(|_| PASSWORD_MASK.to_owned()),
        query: Some(query),
        encryption: None,
        catalog: None,
    }
}

/// The file of a DuckDB or SQLite URI (`sqlite:////abs/x.db` is `/abs/x.db`).
pub fn file_path_of_uri(uri: &str) -> Option<&str> {
    let (_, after) = uri.split_once(":///")?;
    Some(after).filter(|path| !path.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_database_of_the_same_server_keeps_user_host_and_query() {
        assert_eq!(
            with_database_name(
                "postgresql://bob:s3cr%40t@db.local:5432/sales?sslmode=require",
                "hr data"
            )
            .as_deref(),
            Some("postgresql://bob:s3cr%40t@db.local:5432/hr%20data?sslmode=require")
        );
        assert_eq!(
            with_database_name("postgresql://db.local", "hr").as_deref(),
            Some("postgresql://db.local/hr")
        );
    }

    #[test]
    fn passwords_are_split_out_and_put_back() {
        let (masked, password) =
            split_password("postgresql://bob:s3cr%40t@db.local:5432/sales?sslmode=require");
        assert_eq!(
            masked,
            "postgresql://bob:XXXXXXXXXX@db.local:5432/sales?sslmode=require"
        );
        assert_eq!(password.as_deref(), Some("s3cr%40t"));
        assert_eq!(
            with_password(&masked, password.as_deref()),
            "postgresql://bob:s3cr%40t@db.local:5432/sales?sslmode=require"
        );
        assert!(shows_mask(&masked));
        assert_eq!(
            split_password("duckdb:////tmp/x.duckdb"),
            ("duckdb:////tmp/x.duckdb".to_owned(), None)
        );
        assert_eq!(
            split_password("mysql://root@h/db"),
            ("mysql://root@h/db".to_owned(), None)
        );
    }

    #[test]
    fn parameters_make_uris_and_uris_give_parameters() {
        let parameters = DatabaseParameters {
            host: Some("127.0.0.1".to_owned()),
            port: Some(serde_json::json!("5432")),
            database: Some("sales db".to_owned()),
            username: Some("postgres".to_owned()),
            password: Some("p@ss".to_owned()),
            query: None,
            encryption: None,
            catalog: None,
        };
        let uri = uri_from_parameters("postgresql", &parameters);
        assert_eq!(uri, "postgresql://postgres:p%40ss@127.0.0.1:5432/sales%20db");
        let (masked, _) = split_password(&uri);
        let back = parameters_from_uri(&masked);
        assert_eq!(back.database.as_deref(), Some("sales db"));
        assert_eq!(back.port, Some(serde_json::json!(5432)));
        assert_eq!(back.password.as_deref(), Some(PASSWORD_MASK));
        assert_eq!(
            uri_from_parameters(
                "duckdb",
                &DatabaseParameters {
                    database: Some("/tmp/a.duckdb".to_owned()),
                    ..DatabaseParameters::default()
                }
            ),
            "duckdb:////tmp/a.duckdb"
        );
    }

    #[test]
    fn missing_parameters_are_listed_per_engine() {
        let empty = DatabaseParameters::default();
        assert_eq!(
            missing_parameters("postgresql", &empty),
            vec!["database", "host", "port", "username"]
        );
        assert_eq!(missing_parameters("sqlite", &empty), vec!["database"]);
        let bad_port = DatabaseParameters {
            port: Some(serde_json::json!("http")),
            ..DatabaseParameters::default()
        };
        assert!(port_of(&bad_port).is_err());
        assert_eq!(backend_of_uri("postgresql+psycopg2://x/y"), Some("postgresql"));
        assert_eq!(backend_of_uri("oracle://x/y"), None);
    }
}
