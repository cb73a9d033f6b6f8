//! Slack delivery of reports, as Superset's `SlackV2Notification`: the message
//! (`chat.postMessage`) or, when the report carries a file (CSV, PNG, PDF), the file with the
//! message as its comment (`files.getUploadURLExternal`, the upload, then
//! `files.completeUploadExternal`), to each channel of the report's `Slack`/`SlackV2` recipients.
//!
//! The Web API is reached at `slack_api_url` (default `https://slack.com/api`) with the bot token
//! `slack_api_token` (Superset's `SLACK_API_TOKEN`), through the small client in
//! [`super::http`] (decision 0086). `SlackV2`
//! targets are channel ids; the older `Slack` targets are channel names (`#` optional), turned
//! into ids through `conversations.list` as Superset does when it upgrades a v1 recipient.

use std::time::Duration;

use quiver_types::ReportRecipient;
use serde_json::Value;

use super::http::{form_encode, post};
use super::notification::{email_addresses, NotificationAttachment, CALL_TO_ACTION};
use crate::config::Settings;

/// How long one Slack call may take.
const SLACK_TIMEOUT: Duration = Duration::from_secs(60);

/// Channels listed per `conversations.list` page.
const CHANNEL_PAGE_SIZE: &str = "999";

/// What a Slack notification sends to each channel.
#[derive(Debug, Clone, PartialEq)]
pub struct SlackMessage {
    /// The mrkdwn text: the message, or the comment of the file.
    pub text: String,
    pub file: Option<NotificationAttachment>,
}

/// The Slack channels of a report's recipients: `(ids, names)`.
pub fn slack_channels(recipients: &[ReportRecipient]) -> (Vec<String>, Vec<String>) {
    let mut ids = Vec::new();
    let mut names = Vec::new();
    for recipient in recipients {
        let targets = email_addresses(&recipient.recipient_config_json.target)
            .into_iter()
            .map(|target| target.trim_start_matches('#').to_owned())
            .filter(|target| !target.is_empty());
        match recipient.recipient_type.as_str() {
            "SlackV2" => ids.extend(targets),
            "Slack" => names.extend(targets),
            _ => {}
        }
    }
    (ids, names)
}

/// Superset's Slack message: the bold name, the description, the link and the table (a `TEXT`
/// report's rows in a code block).
pub fn slack_text(name: &str, description: &str, url: &str, table: Option<&str>) -> String {
    let table = table
        .map(|table| format!("```\n{table}\n```\n"))
        .unwrap_or_default();
    format!("*{name}*\n\n{description}\n\n<{url}|{CALL_TO_ACTION}>\n\n{table}")
}

/// Rows as an aligned text table with a header line, for a code block.
pub fn text_table(columns: &[String], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = columns.iter().map(|column| column.chars().count()).collect();
    for row in rows {
        for (index, cell) in row.iter().enumerate() {
            if let Some(width) = widths.get_mut(index) {
                *width = (*width).max(cell.chars().count());
            }
        }
    }
    let line = |cells: &[String]| -> String {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, &width)| format!("{cell:<width$}"))
            .collect();
        format!("| {} |", padded.join(" | ")).trim_end().to_owned()
    };
    let rule: Vec<String> = widths.iter().map(|width| "-".repeat(*width)).collect();
    let mut lines = vec![line(columns), format!("|-{}-|", rule.join("-|-"))];
    lines.extend(rows.iter().map(|row| line(row)));
    lines.join("\n")
}

/// Why a Slack notification was not sent; the text goes to the execution log.
#[derive(Debug, thiserror::Error)]
pub enum SlackError {
    #[error("Slack delivery is not configured: set slack_api_token (QUIVER_SLACK_API_TOKEN)")]
    NotConfigured,
    #[error("Slack channel not found: {0}")]
    UnknownChannel(String),
    /// The API answered `ok: false`, or could not be reached.
    #[error("Slack API {method} failed: {reason}")]
    Api { method: String, reason: String },
}

/// A Slack Web API client (blocking: run it off the async threads).
struct SlackClient {
    base_url: String,
    authorization: String,
}

impl SlackClient {
    fn new(settings: &Settings) -> Result<SlackClient, SlackError> {
        let token = settings
            .slack_api_token
            .as_deref()
            .map(str::trim)
            .filter(|token| !token.is_empty())
            .ok_or(SlackError::NotConfigured)?;
        Ok(SlackClient {
            base_url: settings.slack_api_url.trim_end_matches('/').to_owned(),
            authorization: format!("Bearer {token}"),
        })
    }

    /// Calls a Web API method with form fields; the answer when it says `ok`.
    fn call(&self, method: &str, form: &[(&str, &str)]) -> Result<Value, SlackError> {
        let failed = |reason: String| SlackError::Api {
            method: method.to_owned(),
            reason,
        };
        let response = post(
            &format!("{}/{method}", self.base_url),
            &[("Authorization", &self.authorization)],
            "application/x-www-form-urlencoded",
            form_encode(form).as_bytes(),
            SLACK_TIMEOUT,
        )
        .map_err(failed)?;
        let text = String::from_utf8_lossy(&response.body);
        let answer: Value = serde_json::from_str(&text).map_err(|_| {
            failed(format!(
                "HTTP {}: {}",
                response.status,
                text.chars().take(200).collect::<String>()
            ))
        })?;
        if answer["ok"] == Value::Bool(true) {
            Ok(answer)
        } else {
            Err(failed(
                answer["error"].as_str().unwrap_or("unknown_error").to_owned(),
            ))
        }
    }

    /// The ids of channels named `names` (`conversations.list`, every page).
    fn channel_ids(&self, names: &[String]) -> Result<Vec<String>, SlackError> {
        let mut known: Vec<(String, String)> = Vec::new();
        let mut cursor = String::new();
        loop {
            let answer = self.call(
                "conversations.list",
                &[
                    ("types", "public_channel,private_channel"),
                    ("exclude_archived", "true"),
                    ("limit", CHANNEL_PAGE_SIZE),
                    ("cursor", cursor.as_str()),
                ],
            )?;
            for channel in answer["channels"].as_array().into_iter().flatten() {
                if let (Some(id), Some(name)) = (channel["id"].as_str(), channel["name"].as_str()) {
                    known.push((id.to_owned(), name.to_owned()));
                }
            }
            cursor = answer["response_metadata"]["next_cursor"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            if cursor.is_empty() {
                break;
            }
        }
        names
            .iter()
            .map(|wanted| {
                known
                    .iter()
                    .find(|(id, name)| name.eq_ignore_ascii_case(wanted) || id == wanted)
                    .map(|(id, _)| id.clone())
                    .ok_or_else(|| SlackError::UnknownChannel(wanted.clone()))
            })
            .collect()
    }

    fn upload_file(
        &self,
        channel: &str,
        text: &str,
        file: &NotificationAttachment,
    ) -> Result<(), SlackError> {
        let length = file.content.len().to_string();
        let ticket = self.call(
            "files.getUploadURLExternal",
            &[("filename", file.file_name.as_str()), ("length", length.as_str())],
        )?;
        let missing = |field: &str| SlackError::Api {
            method: "files.getUploadURLExternal".to_owned(),
            reason: format!("no {field} in the answer"),
        };
        let upload_url = ticket["upload_url"]
            .as_str()
            .ok_or_else(|| missing("upload_url"))?;
        let file_id = ticket["file_id"].as_str().ok_or_else(|| missing("file_id"))?;
        let uploaded = post(
            upload_url,
            &[("Authorization", &self.authorization)],
            "application/octet-stream",
            &file.content,
            SLACK_TIMEOUT,
        )
        .map_err(|reason| SlackError::Api {
            method: "file upload".to_owned(),
            reason,
        })?;
        if !(200..300).contains(&uploaded.status) {
            return Err(SlackError::Api {
                method: "file upload".to_owned(),
                reason: format!("HTTP {}", uploaded.status),
            });
        }
        let files = serde_json::json!([{"id": file_id, "title": file.file_name}]).to_string();
        self.call(
            "files.completeUploadExternal",
            &[
                ("files", files.as_str()),
                ("channel_id", channel),
                ("initial_comment", text),
            ],
        )?;
        Ok(())
    }

    fn send(&self, channels: &[String], message: &SlackMessage) -> Result<(), SlackError> {
        for channel in channels {
            match &message.file {
                Some(file) => self.upload_file(channel, &message.text, file)?,
                None => {
                    self.call(
                        "chat.postMessage",
                        &[("channel", channel.as_str()), ("text", message.text.as_str())],
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// Sends `message` to the Slack channels of `recipients`.
pub async fn send_slack(
    settings: &Settings,
    recipients: &[ReportRecipient],
    message: SlackMessage,
) -> Result<(), SlackError> {
    let (ids, names) = slack_channels(recipients);
    if ids.is_empty() && names.is_empty() {
        return Ok(());
    }
    let client = SlackClient::new(settings)?;
    tokio::task::spawn_blocking(move || {
        let mut channels = ids;
        if !names.is_empty() {
            channels.extend(client.channel_ids(&names)?);
        }
        client.send(&channels, &message)
    })
    .await
    .map_err(|error| SlackError::Api {
        method: "send".to_owned(),
        reason: error.to_string(),
    })?
}

#[cfg(test)]
mod tests {
    use quiver_types::ReportRecipientConfig;

    use super::*;

    fn recipient(kind: &str, target: &str) -> ReportRecipient {
        ReportRecipient {
            recipient_type: kind.to_owned(),
            recipient_config_json: ReportRecipientConfig {
                target: target.to_owned(),
                cc_target: None,
                bcc_target: None,
            },
        }
    }

    #[test]
    fn v2_targets_are_ids_and_v1_targets_are_names() {
        let recipients = [
            recipient("SlackV2", "C01, C02"),
            recipient("Slack", "#general;reports"),
            recipient("Email", "a@example.com"),
        ];
        assert_eq!(
            slack_channels(&recipients),
            (
                vec!["C01".to_owned(), "C02".to_owned()],
                vec!["general".to_owned(), "reports".to_owned()]
            )
        );
    }

    #[test]
    fn the_message_names_the_report_and_links_to_it() {
        assert_eq!(
            slack_text("Births: gender", "Weekly", "http://q/explore/?slice_id=7", None),
            "*Births: gender*\n\nWeekly\n\n<http://q/explore/?slice_id=7|Explore in Quiver>\n\n"
        );
        let table = text_table(
            &["name".to_owned(), "num".to_owned()],
            &[vec!["Ann".to_owned(), "12".to_owned()]],
        );
        assert_eq!(table, "| name | num |\n|------|-----|\n| Ann  | 12  |");
        assert!(slack_text("n", "", "u", Some(&table)).ends_with(&format!("```\n{table}\n```\n")));
    }

    #[test]
    fn no_token_is_a_clear_error() {
        let settings = Settings::default();
        assert_eq!(
            SlackClient::new(&settings).err().map(|error| error.to_string()),
            Some("Slack delivery is not configured: set slack_api_token (QUIVER_SLACK_API_TOKEN)".to_owned())
        );
    }
}
