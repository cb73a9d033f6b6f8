//! E-mail delivery of reports through SMTP: `smtp_host`, `smtp_port`, `smtp_mail_from` and an
//! optional login (AUTH PLAIN), from `quiver.toml` or `QUIVER_SMTP_*` (decision 0073). The message
//! is MIME `multipart/mixed`: the HTML body and the attachment, both base64.
//!
//! A small SMTP client of its own (RFC 5321: EHLO, STARTTLS, AUTH PLAIN, MAIL, RCPT, DATA, QUIT)
//! instead of lettre (decisions 0073 and 0086). It runs on a blocking thread so that STARTTLS
//! can hand the socket to rustls (`smtp_starttls`; the certificate is checked against the
//! Mozilla roots only with `smtp_ssl_server_auth`, as Superset's `SMTP_SSL_SERVER_AUTH`).

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

use base64::prelude::{Engine as _, BASE64_STANDARD};
use rustls::pki_types::{CertificateDer, ServerName};

use super::notification::ReportEmail;
use crate::config::Settings;

/// How long one SMTP conversation may take.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// Why an e-mail was not sent; the text goes to the execution log.
#[derive(Debug, thiserror::Error)]
pub enum EmailError {
    /// No `smtp_host` is configured.
    #[error("E-mail delivery is not configured: set smtp_host (QUIVER_SMTP_HOST)")]
    NotConfigured,
    /// STARTTLS was asked for and the server did not take it.
    #[error("STARTTLS failed: {0}")]
    StartTlsRefused(String),
    /// A sender or recipient address cannot be used.
    #[error("Invalid e-mail address: {0}")]
    Address(String),
    /// The SMTP server refused the message or could not be reached.
    #[error("The e-mail could not be sent: {0}")]
    Transport(String),
}

impl From<std::io::Error> for EmailError {
    fn from(error: std::io::Error) -> Self {
        EmailError::Transport(error.to_string())
    }
}

/// A message ready for SMTP: the envelope and the MIME text.
#[derive(Debug, Clone, PartialEq)]
pub struct OutgoingMessage {
    pub from: String,
    pub recipients: Vec<String>,
    /// CRLF lines, not yet dot-stuffed.
    pub data: String,
}

/// Standard base64 with padding (the `base64` crate's standard engine).
pub fn base64(bytes: &[u8]) -> String {
    BASE64_STANDARD.encode(bytes)
}

/// Base64 in lines of 76 characters, as MIME bodies are written.
fn base64_lines(bytes: &[u8]) -> String {
    let encoded = base64(bytes);
    let lines: Vec<&str> = encoded
        .as_bytes()
        .chunks(76)
        .map(|line| std::str::from_utf8(line).unwrap_or_default())
        .collect();
    lines.join("\r\n")
}

/// An address as the envelope takes it: one `@` between non-empty parts, no spaces or brackets.
fn checked_address(address: &str) -> Result<String, EmailError> {
    let address = address.trim();
    let is_valid = address
        .split_once('@')
        .is_some_and(|(local, domain)| !local.is_empty() && !domain.is_empty() && !domain.contains('@'))
        && !address.contains(|character: char| character.is_whitespace() || "<>\",;".contains(character));
    if is_valid {
        Ok(address.to_owned())
    } else {
        Err(EmailError::Address(address.to_owned()))
    }
}

/// A header value on one line; non-ASCII text as an RFC 2047 encoded word.
fn header_text(text: &str) -> String {
    let one_line = text.replace(['\r', '\n'], " ");
    if one_line.is_ascii() {
        one_line
    } else {
        format!("=?UTF-8?B?{}?=", base64(one_line.as_bytes()))
    }
}

fn quoted_file_name(name: &str) -> String {
    header_text(name).replace('\\', "\\\\").replace('"', "\\\"")
}

/// The MIME message of a report e-mail: HTML body plus the attachment, if any.
pub fn build_message(from: &str, email: &ReportEmail) -> Result<OutgoingMessage, EmailError> {
    let from = checked_address(from)?;
    let to = email
        .to
        .iter()
        .map(|address| checked_address(address))
        .collect::<Result<Vec<_>, _>>()?;
    let cc = email
        .cc
        .iter()
        .map(|address| checked_address(address))
        .collect::<Result<Vec<_>, _>>()?;
    let bcc = email
        .bcc
        .iter()
        .map(|address| checked_address(address))
        .collect::<Result<Vec<_>, _>>()?;
    let boundary = format!("quiver-{}", uuid::Uuid::new_v4().simple());
    let mut lines = vec![format!("From: {from}"), format!("To: {}", to.join(", "))];
    if !cc.is_empty() {
        lines.push(format!("Cc: {}", cc.join(", ")));
    }
    lines.extend([
        format!("Subject: {}", header_text(&email.subject)),
        format!("Date: {}", chrono::Utc::now().to_rfc2822()),
        format!("Message-ID: <{}@quiver>", uuid::Uuid::new_v4().simple()),
        "MIME-Version: 1.0".to_owned(),
        format!("Content-Type: multipart/mixed; boundary=\"{boundary}\""),
        String::new(),
        format!("--{boundary}"),
        "Content-Type: text/html; charset=utf-8".to_owned(),
        "Content-Transfer-Encoding: base64".to_owned(),
        String::new(),
        base64_lines(email.html.as_bytes()),
    ]);
    if let Some(attachment) = &email.attachment {
        let file_name = quoted_file_name(&attachment.file_name);
        lines.extend([
            format!("--{boundary}"),
            format!("Content-Type: {}; name=\"{file_name}\"", attachment.content_type),
            format!("Content-Disposition: attachment; filename=\"{file_name}\""),
            "Content-Transfer-Encoding: base64".to_owned(),
            String::new(),
            base64_lines(&attachment.content),
        ]);
    }
    lines.push(format!("--{boundary}--"));
    let recipients = to.into_iter().chain(cc).chain(bcc).collect();
    Ok(OutgoingMessage {
        from,
        recipients,
        data: lines.join("\r\n") + "\r\n",
    })
}

/// One SMTP conversation over a stream (plain TCP, or TLS after STARTTLS); replies are read
/// line by line from `pending`.
struct Session<S: Read + Write> {
    stream: S,
    pending: Vec<u8>,
}

impl<S: Read + Write> Session<S> {
    fn new(stream: S) -> Self {
        Session {
            stream,
            pending: Vec::new(),
        }
    }

    fn read_line(&mut self) -> Result<String, EmailError> {
        loop {
            if let Some(end) = self.pending.iter().position(|byte| *byte == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                return Ok(String::from_utf8_lossy(&line).into_owned());
            }
            let mut chunk = [0u8; 1024];
            let read = self.stream.read(&mut chunk)?;
            if read == 0 {
                return Err(EmailError::Transport(
                    "the SMTP server closed the connection".to_owned(),
                ));
            }
            self.pending.extend_from_slice(&chunk[..read]);
        }
    }

    /// Reads one (possibly multi-line) reply, checks its code and answers its lines.
    fn expect_reply(&mut self, expected: &[u16]) -> Result<Vec<String>, EmailError> {
        let mut lines = Vec::new();
        loop {
            let line = self.read_line()?;
            let is_last = line.as_bytes().get(3) != Some(&b'-');
            lines.push(line.trim_end().to_owned());
            if is_last {
                break;
            }
        }
        let last = lines.last().cloned().unwrap_or_default();
        let code: u16 = last.get(..3).and_then(|code| code.parse().ok()).unwrap_or(0);
        if expected.contains(&code) {
            Ok(lines)
        } else {
            Err(EmailError::Transport(last))
        }
    }

    fn command(&mut self, line: &str, expected: &[u16]) -> Result<Vec<String>, EmailError> {
        self.stream.write_all(format!("{line}\r\n").as_bytes())?;
        self.stream.flush()?;
        self.expect_reply(expected)
    }

    /// Everything after the greeting and EHLO: login, envelope, data, goodbye.
    fn send(&mut self, login: Option<(&str, &str)>, message: &OutgoingMessage) -> Result<(), EmailError> {
        if let Some((user, password)) = login {
            let token = base64(format!("\0{user}\0{password}").as_bytes());
            self.command(&format!("AUTH PLAIN {token}"), &[235])?;
        }
        self.command(&format!("MAIL FROM:<{}>", message.from), &[250])?;
        for recipient in &message.recipients {
            self.command(&format!("RCPT TO:<{recipient}>"), &[250, 251])?;
        }
        self.command("DATA", &[354])?;
        let stuffed: String = message
            .data
            .split_inclusive("\r\n")
            .map(|line| {
                if line.starts_with('.') {
                    format!(".{line}")
                } else {
                    line.to_owned()
                }
            })
            .collect();
        self.stream.write_all(stuffed.as_bytes())?;
        self.command(".", &[250])?;
        // The message is accepted; a missing goodbye changes nothing.
        let _ = self.command("QUIT", &[221]);
        Ok(())
    }
}

/// Accepts any server certificate (Superset's `SMTP_SSL_SERVER_AUTH = False`, its default):
/// the connection is encrypted, the server is not authenticated. Signatures are still checked.
#[derive(Debug)]
struct AnyServerCertificate(Arc<rustls::crypto::CryptoProvider>);

impl rustls::client::danger::ServerCertVerifier for AnyServerCertificate {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: rustls::pki_types::UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        Ok(rustls::client::danger::ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// The TLS client settings: the Mozilla roots through `webpki-roots` when the server must be
/// authenticated (`smtp_ssl_server_auth`), else any certificate.
pub(crate) fn tls_config(authenticate_server: bool) -> Result<Arc<rustls::ClientConfig>, EmailError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|error| EmailError::Transport(error.to_string()))?;
    let config = if authenticate_server {
        let roots = rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        builder.with_root_certificates(roots).with_no_client_auth()
    } else {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(AnyServerCertificate(provider)))
            .with_no_client_auth()
    };
    Ok(Arc::new(config))
}

/// What one delivery needs to know of the SMTP settings.
struct SmtpTarget<'a> {
    host: &'a str,
    port: u16,
    starttls: bool,
    authenticate_server: bool,
    login: Option<(&'a str, &'a str)>,
}

fn converse(target: &SmtpTarget<'_>, message: &OutgoingMessage) -> Result<(), EmailError> {
    let address = (target.host, target.port)
        .to_socket_addrs()?
        .next()
        .ok_or_else(|| EmailError::Transport(format!("{} has no address", target.host)))?;
    let stream = TcpStream::connect_timeout(&address, SMTP_TIMEOUT)?;
    stream.set_read_timeout(Some(SMTP_TIMEOUT))?;
    stream.set_write_timeout(Some(SMTP_TIMEOUT))?;
    let mut plain = Session::new(stream);
    plain.expect_reply(&[220])?;
    let greeting = plain.command("EHLO quiver", &[250])?;
    if !target.starttls {
        return plain.send(target.login, message);
    }
    let offers_starttls = greeting.iter().any(|line| {
        line.get(4..)
            .is_some_and(|word| word.trim().eq_ignore_ascii_case("STARTTLS"))
    });
    if !offers_starttls {
        return Err(EmailError::StartTlsRefused(
            "the server does not offer STARTTLS".to_owned(),
        ));
    }
    plain
        .command("STARTTLS", &[220])
        .map_err(|error| EmailError::StartTlsRefused(error.to_string()))?;
    let server_name = ServerName::try_from(target.host.to_owned())
        .map_err(|error| EmailError::Transport(error.to_string()))?;
    let connection = rustls::ClientConnection::new(tls_config(target.authenticate_server)?, server_name)
        .map_err(|error| EmailError::Transport(error.to_string()))?;
    let mut secure = Session::new(rustls::StreamOwned::new(connection, plain.stream));
    secure.command("EHLO quiver", &[250])?;
    secure.send(target.login, message)
}

/// Sends a report e-mail through the configured SMTP server.
pub async fn send_email(settings: &Settings, email: &ReportEmail) -> Result<(), EmailError> {
    let host = settings
        .smtp_host
        .as_deref()
        .map(str::trim)
        .filter(|host| !host.is_empty())
        .ok_or(EmailError::NotConfigured)?
        .to_owned();
    let message = build_message(&settings.smtp_mail_from, email)?;
    let login = match (&settings.smtp_user, &settings.smtp_password) {
        (Some(user), Some(password)) => Some((user.clone(), password.clone())),
        _ => None,
    };
    let (port, starttls, authenticate_server) = (
        settings.smtp_port,
        settings.smtp_starttls,
        settings.smtp_ssl_server_auth,
    );
    let sent = tokio::task::spawn_blocking(move || {
        let target = SmtpTarget {
            host: &host,
            port,
            starttls,
            authenticate_server,
            login: login
                .as_ref()
                .map(|(user, password)| (user.as_str(), password.as_str())),
        };
        converse(&target, &message)
    });
    tokio::time::timeout(SMTP_TIMEOUT, sent)
        .await
        .map_err(|_| EmailError::Transport("the SMTP server did not answer in time".to_owned()))?
        .map_err(|error| EmailError::Transport(error.to_string()))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::notification::NotificationAttachment;

    #[test]
    fn base64_pads_like_the_standard() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"hello"), "aGVsbG8=");
        assert_eq!(base64(b"\0ann\0pw"), "AGFubgBwdw==");
    }

    #[test]
    fn the_message_carries_subject_recipients_body_and_attachment() {
        let email = ReportEmail {
            subject: "[Report] Births weekly: Births".to_owned(),
            to: vec!["a@example.com".to_owned()],
            cc: vec!["c@example.com".to_owned()],
            bcc: vec!["b@example.com".to_owned()],
            html: "<b>hello</b>".to_owned(),
            attachment: Some(NotificationAttachment {
                file_name: "births.csv".to_owned(),
                content_type: "text/csv",
                content: b"a,b\n1,2\n".to_vec(),
            }),
        };
        let message = build_message("quiver@localhost", &email).unwrap();
        let text = &message.data;
        assert!(
            text.contains("\r\nSubject: [Report] Births weekly: Births\r\n"),
            "{text}"
        );
        assert!(
            text.starts_with("From: quiver@localhost\r\nTo: a@example.com\r\nCc: c@example.com\r\n"),
            "{text}"
        );
        assert!(!text.contains("b@example.com"), "Bcc stays in the envelope");
        assert!(text.contains(&base64(b"<b>hello</b>")));
        assert!(
            text.contains("Content-Disposition: attachment; filename=\"births.csv\"\r\n"),
            "{text}"
        );
        assert!(text.contains(&base64(b"a,b\n1,2\n")));
        assert_eq!(
            message.recipients,
            ["a@example.com", "c@example.com", "b@example.com"]
        );
        let accented = ReportEmail {
            subject: "Ventes réelles\r\nBcc: x@evil".to_owned(),
            attachment: None,
            ..email
        };
        let message = build_message("quiver@localhost", &accented).unwrap();
        assert!(message.data.contains(&format!(
            "Subject: =?UTF-8?B?{}?=\r\n",
            base64("Ventes réelles  Bcc: x@evil".as_bytes())
        )));
    }

    /// A one-connection SMTP server that offers STARTTLS, takes the TLS handshake with a
    /// self-signed certificate and then accepts one message: it answers what it received.
    fn starttls_server() -> (u16, std::thread::JoinHandle<String>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let handle = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut plain = Session::new(stream);
            plain.stream.write_all(b"220 tls.test ESMTP\r\n").unwrap();
            assert!(plain.read_line().unwrap().starts_with("EHLO"));
            plain
                .stream
                .write_all(b"250-tls.test\r\n250 STARTTLS\r\n")
                .unwrap();
            assert_eq!(plain.read_line().unwrap(), "STARTTLS\r\n");
            plain.stream.write_all(b"220 Go ahead\r\n").unwrap();
            let certificate = CertificateDer::from(include_bytes!("testdata/smtp-test-cert.der").to_vec());
            let key = rustls::pki_types::PrivateKeyDer::Pkcs8(
                include_bytes!("testdata/smtp-test-key.der").to_vec().into(),
            );
            let config = rustls::ServerConfig::builder_with_provider(Arc::new(
                rustls::crypto::ring::default_provider(),
            ))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(vec![certificate], key)
            .unwrap();
            let connection = rustls::ServerConnection::new(Arc::new(config)).unwrap();
            let mut secure = Session::new(rustls::StreamOwned::new(connection, plain.stream));
            let mut seen = String::new();
            loop {
                let Ok(line) = secure.read_line() else {
                    return seen;
                };
                seen.push_str(&line);
                let reply: &[u8] = if line.starts_with("EHLO") {
                    b"250 tls.test\r\n"
                } else if line.starts_with("AUTH PLAIN ") {
                    b"235 Authenticated\r\n"
                } else if line == "DATA\r\n" {
                    b"354 go\r\n"
                } else if line == "QUIT\r\n" {
                    let _ = secure.stream.write_all(b"221 bye\r\n");
                    return seen;
                } else if line.starts_with("MAIL") || line.starts_with("RCPT") || line == ".\r\n" {
                    b"250 OK\r\n"
                } else {
                    continue;
                };
                secure.stream.write_all(reply).unwrap();
            }
        });
        (port, handle)
    }

    fn short_email() -> OutgoingMessage {
        OutgoingMessage {
            from: "reports@quiver.test".to_owned(),
            recipients: vec!["ann@example.com".to_owned()],
            data: "Subject: hi\r\n\r\n.dot line\r\n".to_owned(),
        }
    }

    #[test]
    fn starttls_upgrades_the_connection_before_the_envelope() {
        let (port, server) = starttls_server();
        let target = SmtpTarget {
            host: "127.0.0.1",
            port,
            starttls: true,
            authenticate_server: false,
            login: Some(("ann", "pw")),
        };
        converse(&target, &short_email()).unwrap();
        let seen = server.join().unwrap();
        // Everything after STARTTLS travelled inside TLS: the login, envelope and the data.
        assert!(seen.starts_with("EHLO quiver\r\nAUTH PLAIN "), "{seen}");
        assert!(
            seen.contains("MAIL FROM:<reports@quiver.test>\r\nRCPT TO:<ann@example.com>\r\nDATA\r\n"),
            "{seen}"
        );
        assert!(
            seen.contains("Subject: hi\r\n\r\n..dot line\r\n.\r\nQUIT\r\n"),
            "{seen}"
        );
    }

    #[test]
    fn starttls_with_server_auth_refuses_an_unknown_certificate() {
        let (port, server) = starttls_server();
        let target = SmtpTarget {
            host: "127.0.0.1",
            port,
            starttls: true,
            authenticate_server: true,
            login: None,
        };
        let error = converse(&target, &short_email()).unwrap_err().to_string();
        assert!(error.contains("certificate"), "{error}");
        let _ = server.join();
    }

    #[test]
    fn bad_addresses_are_named() {
        let email = ReportEmail {
            subject: "s".to_owned(),
            to: vec!["not an address".to_owned()],
            cc: vec![],
            bcc: vec![],
            html: String::new(),
            attachment: None,
        };
        assert_eq!(
            build_message("quiver@localhost", &email).unwrap_err().to_string(),
            "Invalid e-mail address: not an address"
        );
    }
}
