//! A tiny SMTP server on a free local port that accepts every message and keeps it, for tests of
//! e-mail delivery: it speaks just enough of RFC 5321 (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT).

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// One message as the sink received it.
#[derive(Debug, Clone, Default)]
pub struct ReceivedMail {
    pub from: String,
    pub recipients: Vec<String>,
    /// The message text after DATA, with dot-stuffing undone.
    pub data: String,
}

impl ReceivedMail {
    /// A header's value, with folded lines joined.
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next().unwrap_or_default();
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        let prefix = format!("{}:", name.to_ascii_lowercase());
        unfolded
            .lines()
            .find(|line| line.to_ascii_lowercase().starts_with(&prefix))
            .map(|line| line[prefix.len()..].trim().to_owned())
    }
}

/// The running sink: its port and what it received.
pub struct SmtpSink {
    pub port: u16,
    received: Arc<Mutex<Vec<ReceivedMail>>>,
    task: tokio::task::JoinHandle<()>,
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let kept = received.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let kept = kept.clone();
                tokio::spawn(async move {
                    let _ = converse(stream, kept).await;
                });
            }
        });
        SmtpSink { port, received, task }
    }

    /// The messages received so far.
    pub fn messages(&self) -> Vec<ReceivedMail> {
        self.received.lock().unwrap().clone()
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn address_of(argument: &str) -> String {
    let start = argument.find('<').map_or(0, |index| index + 1);
    let end = argument.rfind('>').unwrap_or(argument.len());
    argument[start..end].to_owned()
}

async fn converse(stream: TcpStream, received: Arc<Mutex<Vec<ReceivedMail>>>) -> std::io::Result<()> {
    let (reader, mut writer) = stream.into_split();
    let mut lines = BufReader::new(reader);
    writer.write_all(b"220 sink.test ESMTP\r\n").await?;
    let mut mail = ReceivedMail::default();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_owned();
        let upper = command.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            writer.write_all(b"250-sink.test\r\n250 8BITMIME\r\n").await?;
        } else if upper.starts_with("MAIL FROM:") {
            mail = ReceivedMail {
                from: address_of(&command["MAIL FROM:".len()..]),
                ..ReceivedMail::default()
            };
            writer.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("RCPT TO:") {
            mail.recipients.push(address_of(&command["RCPT TO:".len()..]));
            writer.write_all(b"250 OK\r\n").await?;
        } else if upper == "DATA" {
            writer
                .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                .await?;
            let mut data = String::new();
            loop {
                line.clear();
                if lines.read_line(&mut line).await? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" || line == ".\n" {
                    break;
                }
                data.push_str(line.strip_prefix('.').unwrap_or(&line));
            }
            mail.data = data;
            received.lock().unwrap().push(std::mem::take(&mut mail));
            writer.write_all(b"250 OK: queued\r\n").await?;
        } else if upper == "QUIT" {
            writer.write_all(b"221 Bye\r\n").await?;
            return Ok(());
        } else {
            // RSET, NOOP and anything else.
            writer.write_all(b"250 OK\r\n").await?;
        }
    }
}
