//! A small blocking HTTP/1.1 client for the Slack Web API: one `POST` per connection
//! (`Connection: close`), over TLS (rustls, the Mozilla roots) for `https` URLs. Quiver has no
//! HTTP client crate, and ureq's rustls features would rebuild the bundled DuckDB (decision 0086).

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use rustls::pki_types::ServerName;

use super::email::tls_config;

/// An answer: its status and body.
#[derive(Debug, Clone, PartialEq)]
pub struct HttpResponse {
    pub status: u16,
    pub body: Vec<u8>,
}

/// `application/x-www-form-urlencoded` text of `fields`.
pub fn form_encode(fields: &[(&str, &str)]) -> String {
    let encode = |text: &str| -> String {
        text.bytes()
            .map(|byte| match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                    (byte as char).to_string()
                }
                b' ' => "+".to_owned(),
                other => format!("%{other:02X}"),
            })
            .collect()
    };
    fields
        .iter()
        .map(|(name, value)| format!("{}={}", encode(name), encode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The parts of an `http` or `https` URL: TLS or not, host, port and the path with its query.
fn split_url(url: &str) -> Result<(bool, String, u16, String), String> {
    let (is_tls, rest) = if let Some(rest) = url.strip_prefix("https://") {
        (true, rest)
    } else if let Some(rest) = url.strip_prefix("http://") {
        (false, rest)
    } else {
        return Err(format!("not an http(s) URL: {url}"));
    };
    let (authority, path) = rest.find('/').map_or((rest, "/"), |at| rest.split_at(at));
    let (host, port) = match authority.rsplit_once(':') {
        Some((host, port)) if !host.ends_with(']') || authority.starts_with('[') => (
            host,
            port.parse::<u16>().map_err(|_| format!("bad port in {url}"))?,
        ),
        _ => (authority, if is_tls { 443 } else { 80 }),
    };
    if host.is_empty() {
        return Err(format!("no host in {url}"));
    }
    Ok((is_tls, host.to_owned(), port, path.to_owned()))
}

/// Undoes `Transfer-Encoding: chunked`.
fn dechunk(mut body: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line_end = body
            .windows(2)
            .position(|pair| pair == b"\r\n")
            .ok_or("a chunk without its size line")?;
        let size_text = String::from_utf8_lossy(&body[..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| format!("a bad chunk size: {size_text}"))?;
        body = &body[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        let chunk = body.get(..size).ok_or("a chunk cut short")?;
        out.extend_from_slice(chunk);
        body = body.get(size + 2..).unwrap_or_default();
    }
}

/// Reads until the server closes; a TLS peer that closes without `close_notify` still gave
/// its whole answer.
fn read_all(stream: &mut impl Read) -> Result<Vec<u8>, String> {
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Ok(_) => Ok(answer),
        Err(error) if error.kind() == std::io::ErrorKind::UnexpectedEof && !answer.is_empty() => Ok(answer),
        Err(error) => Err(error.to_string()),
    }
}

fn parse_response(answer: &[u8]) -> Result<HttpResponse, String> {
    let head_end = answer
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .ok_or("an answer without headers")?;
    let head = String::from_utf8_lossy(&answer[..head_end]).into_owned();
    let body = &answer[head_end + 4..];
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .ok_or("an answer without a status")?;
    let is_chunked = lines.any(|line| {
        line.split_once(':').is_some_and(|(name, value)| {
            name.trim().eq_ignore_ascii_case("transfer-encoding")
                && value.to_ascii_lowercase().contains("chunked")
        })
    });
    let body = if is_chunked { dechunk(body)? } else { body.to_vec() };
    Ok(HttpResponse { status, body })
}

/// `POST`s `body` to `url` with the extra `headers`; blocking, at most `timeout` per read/write.
pub fn post(
    url: &str,
    headers: &[(&str, &str)],
    content_type: &str,
    body: &[u8],
    timeout: Duration,
) -> Result<HttpResponse, String> {
    let (is_tls, host, port, path) = split_url(url)?;
    let address = (host.as_str(), port)
        .to_socket_addrs()
        .map_err(|error| error.to_string())?
        .next()
        .ok_or_else(|| format!("{host} has no address"))?;
    let stream = TcpStream::connect_timeout(&address, timeout).map_err(|error| error.to_string())?;
    stream
        .set_read_timeout(Some(timeout))
        .and_then(|()| stream.set_write_timeout(Some(timeout)))
        .map_err(|error| error.to_string())?;
    let extra: String = headers
        .iter()
        .map(|(name, value)| format!("{name}: {}\r\n", value.replace(['\r', '\n'], " ")))
        .collect();
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: Quiver\r\nAccept: */*\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    let answer = if is_tls {
        let server_name = ServerName::try_from(host.clone()).map_err(|error| error.to_string())?;
        let config = tls_config(true).map_err(|error| error.to_string())?;
        let connection =
            rustls::ClientConnection::new(config, server_name).map_err(|error| error.to_string())?;
        let mut secure = rustls::StreamOwned::new(connection, stream);
        secure.write_all(&request).map_err(|error| error.to_string())?;
        secure.flush().map_err(|error| error.to_string())?;
        read_all(&mut secure)?
    } else {
        let mut plain = stream;
        plain.write_all(&request).map_err(|error| error.to_string())?;
        read_all(&mut plain)?
    };
    parse_response(&answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_split_into_scheme_host_port_and_path() {
        assert_eq!(
            split_url("https://slack.com/api/chat.postMessage").unwrap(),
            (
                true,
                "slack.com".to_owned(),
                443,
                "/api/chat.postMessage".to_owned()
            )
        );
        assert_eq!(
            split_url("http://127.0.0.1:8080").unwrap(),
            (false, "127.0.0.1".to_owned(), 8080, "/".to_owned())
        );
        assert!(split_url("ftp://x").is_err());
    }

    #[test]
    fn forms_are_percent_encoded() {
        assert_eq!(
            form_encode(&[("text", "*a b*\n<x|y>"), ("channel", "C01")]),
            "text=%2Aa+b%2A%0A%3Cx%7Cy%3E&channel=C01"
        );
    }

    #[test]
    fn chunked_and_plain_answers_are_read() {
        let chunked =
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"ok\r\n5\r\n\":1}x\r\n0\r\n\r\n";
        assert_eq!(
            parse_response(chunked).unwrap(),
            HttpResponse {
                status: 200,
                body: b"{\"ok\":1}x".to_vec()
            }
        );
        let plain = b"HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno";
        assert_eq!(parse_response(plain).unwrap().status, 404);
    }
}
