//! E-mail delivery of reports through SMTP: `smtp_host`, `smtp_port`, `smtp_mail_from` and an
//! optional login (AUTH PLAIN), from `quiver.toml` or `QUIVER_SMTP_*` (decision 0073). The message
//! is MIME `multipart/mixed`: the HTML body and the attachment, both base64.
//!
//! A small SMTP client of its own (RFC 5321: EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT) instead of
//! lettre for now: adding lettre changes features of crates the bundled DuckDB's build script uses
//! and so rebuilds DuckDB (decision 0073). STARTTLS is not spoken yet: use a local relay.

use base64::prelude::{Engine as _, BASE64_STANDARD};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

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
    /// STARTTLS was asked for and is not spoken.
    #[error("STARTTLS is not supported yet: send through a local SMTP relay")]
    StartTlsUnsupported,
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

/// Reads one (possibly multi-line) reply and checks its code.
async fn expect_reply<R: AsyncBufReadExt + Unpin>(
    reader: &mut R,
    expected: &[u16],
) -> Result<(), EmailError> {
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).await? == 0 {
            return Err(EmailError::Transport(
                "the SMTP server closed the connection".to_owned(),
            ));
        }
        let is_last = line.as_bytes().get(3) != Some(&b'-');
        if is_last {
            break;
        }
    }
    let code: u16 = line.get(..3).and_then(|code| code.parse().ok()).unwrap_or(0);
    if expected.contains(&code) {
        Ok(())
    } else {
        Err(EmailError::Transport(line.trim_end().to_owned()))
    }
}

async fn converse(
    host: &str,
    port: u16,
    login: Option<(&str, &str)>,
    message: &OutgoingMessage,
) -> Result<(), EmailError> {
    let stream = TcpStream::connect((host, port)).await?;
    let (reader, mut writer) = stream.into_split();
    let mut reader = BufReader::new(reader);
    expect_reply(&mut reader, &[220]).await?;
    writer.write_all(b"EHLO quiver\r\n").await?;
    expect_reply(&mut reader, &[250]).await?;
    if let Some((user, password)) = login {
        let token = base64(format!("\0{user}\0{password}").as_bytes());
        writer
            .write_all(format!("AUTH PLAIN {token}\r\n").as_bytes())
            .await?;
        expect_reply(&mut reader, &[235]).await?;
    }
    writer
        .write_all(format!("MAIL FROM:<{}>\r\n", message.from).as_bytes())
        .await?;
    expect_reply(&mut reader, &[250]).await?;
    for recipient in &message.recipients {
        writer
            .write_all(format!("RCPT TO:<{recipient}>\r\n").as_bytes())
            .await?;
        expect_reply(&mut reader, &[250, 251]).await?;
    }
    writer.write_all(b"DATA\r\n").await?;
    expect_reply(&mut reader, &[354]).await?;
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
    writer.write_all(stuffed.as_bytes()).await?;
    writer.write_all(b".\r\n").await?;
    expect_reply(&mut reader, &[250]).await?;
    writer.write_all(b"QUIT\r\n").await?;
    // The message is accepted; a missing goodbye changes nothing.
    let _ = expect_reply(&mut reader, &[221]).await;
    Ok(())
}

/// Sends a report e-mail through the configured SMTP server.
pub async fn send_email(settings: &Settings, email: &ReportEmail) -> Result<(), EmailError> {
    let host = settings
        .smtp_host
        .as_deref()
        .map(str::trim)
        .filter(|host| !host.is_empty())
        .ok_or(EmailError::NotConfigured)?;
    if settings.smtp_starttls {
        return Err(EmailError::StartTlsUnsupported);
    }
    let message = build_message(&settings.smtp_mail_from, email)?;
    let login = match (&settings.smtp_user, &settings.smtp_password) {
        (Some(user), Some(password)) => Some((user.as_str(), password.as_str())),
        _ => None,
    };
    tokio::time::timeout(SMTP_TIMEOUT, converse(host, settings.smtp_port, login, &message))
        .await
        .map_err(|_| EmailError::Transport("the SMTP server did not answer in time".to_owned()))?
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
