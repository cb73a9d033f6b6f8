//! What a report or an alert sends, as Superset's `EmailNotification` writes it: the subject
//! `{prefix}{name}` (the report's `email_subject`, else "{report name}: {chart or dashboard}"),
//! an HTML body with the description and a link to the chart or dashboard, and the chart's data
//! as a CSV attachment for the `CSV` format or an HTML table for `TEXT`.
//!
//! Example: the report "Births weekly" on the chart "Births by gender" sends
//! "[Report] Births weekly: Births by gender" with "Explore in Quiver" linking to
//! `{public url}/explore/?slice_id=7`.

use quiver_types::ReportRecipient;

use crate::store::report::ReportRecord;

/// Superset's `EMAIL_REPORTS_CTA` default, with Quiver's name.
pub const CALL_TO_ACTION: &str = "Explore in Quiver";

/// A file sent with the message.
#[derive(Debug, Clone, PartialEq)]
pub struct NotificationAttachment {
    pub file_name: String,
    pub content_type: &'static str,
    pub content: Vec<u8>,
}

/// One e-mail, ready for the transport.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportEmail {
    pub subject: String,
    pub to: Vec<String>,
    pub cc: Vec<String>,
    pub bcc: Vec<String>,
    pub html: String,
    pub attachment: Option<NotificationAttachment>,
}

/// What a report carries besides its link.
#[derive(Debug, Clone, PartialEq)]
pub enum ReportData {
    /// The link only (a `CSV` or `TEXT` report on a dashboard).
    None,
    /// The `PNG` format: a screenshot of the chart or dashboard.
    Png(Vec<u8>),
    /// The `PDF` format: the chart or dashboard printed to PDF.
    Pdf(Vec<u8>),
    /// The `CSV` format: the chart's CSV export.
    Csv(String),
    /// The `TEXT` format: the chart's rows as an HTML table.
    Table {
        columns: Vec<String>,
        rows: Vec<Vec<String>>,
    },
}

/// "{report name}: {chart or dashboard name}", or the report's own e-mail subject.
pub fn notification_name(report: &ReportRecord) -> String {
    if let Some(subject) = report
        .fields
        .email_subject
        .as_deref()
        .map(str::trim)
        .filter(|subject| !subject.is_empty())
    {
        return subject.to_owned();
    }
    let target = report
        .chart_name
        .as_deref()
        .or(report.dashboard_title.as_deref())
        .unwrap_or_default();
    format!("{}: {target}", report.fields.name)
}

/// Where the message's link goes: the chart in Explore or the dashboard.
pub fn notification_url(report: &ReportRecord, base_url: &str) -> String {
    match (report.fields.chart_id, report.fields.dashboard_id) {
        (Some(chart_id), _) => format!("{base_url}/explore/?slice_id={chart_id}"),
        (None, Some(dashboard_id)) => format!("{base_url}/superset/dashboard/{dashboard_id}/"),
        (None, None) => base_url.to_owned(),
    }
}

/// Superset's `get_email_address_list`: addresses split on commas and semicolons.
pub fn email_addresses(text: &str) -> Vec<String> {
    text.split([',', ';'])
        .map(str::trim)
        .filter(|address| !address.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Escapes text for HTML.
pub fn html_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#x27;"),
            other => escaped.push(other),
        }
    }
    escaped
}

fn html_table(columns: &[String], rows: &[Vec<String>]) -> String {
    let header: String = columns
        .iter()
        .map(|column| format!("<th>{}</th>", html_escape(column)))
        .collect();
    let body: String = rows
        .iter()
        .map(|row| {
            let cells: String = row
                .iter()
                .map(|cell| format!("<td>{}</td>", html_escape(cell)))
                .collect();
            format!("<tr>{cells}</tr>")
        })
        .collect();
    format!("<table border=\"1\"><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>")
}

/// The file a report's data travels as: `{name}.csv`, `{name}.png` or `{name}.pdf`.
pub fn data_attachment(name: &str, data: ReportData) -> Option<NotificationAttachment> {
    let (extension, content_type, content) = match data {
        ReportData::None | ReportData::Table { .. } => return None,
        ReportData::Csv(csv) => ("csv", "text/csv", csv.into_bytes()),
        ReportData::Png(png) => ("png", "image/png", png),
        ReportData::Pdf(pdf) => ("pdf", "application/pdf", pdf),
    };
    Some(NotificationAttachment {
        file_name: format!("{name}.{extension}"),
        content_type,
        content,
    })
}

/// Superset's name of an error notification: "Error occurred for Report: {report name}".
pub fn error_notification_name(report: &ReportRecord) -> String {
    format!(
        "Error occurred for {}: {}",
        report.fields.report_type, report.fields.name
    )
}

/// The e-mail telling a report's owners that a run failed (Superset's `send_error` with
/// `EmailNotification._error_template`); `None` when no owner has an address.
pub fn error_email(
    report: &ReportRecord,
    owner_emails: &[String],
    subject_prefix: &str,
    base_url: &str,
    error: &str,
) -> Option<ReportEmail> {
    if owner_emails.is_empty() {
        return None;
    }
    let url = notification_url(report, base_url);
    let html = format!(
        "<html><body><p>Your report/alert was unable to be generated because of the following error: {error}</p>\
         <p>Please check your dashboard/chart for errors.</p>\
         <p><b><a href=\"{href}\">{CALL_TO_ACTION}</a></b></p></body></html>",
        error = html_escape(error),
        href = html_escape(&url),
    );
    Some(ReportEmail {
        subject: format!("{subject_prefix}{}", error_notification_name(report)),
        to: owner_emails.to_vec(),
        cc: Vec::new(),
        bcc: Vec::new(),
        html,
        attachment: None,
    })
}

/// The e-mail of a report run for its `Email` recipients; `None` when it has none.
pub fn report_email(
    report: &ReportRecord,
    recipients: &[ReportRecipient],
    subject_prefix: &str,
    base_url: &str,
    data: ReportData,
) -> Option<ReportEmail> {
    let mut to = Vec::new();
    let mut cc = Vec::new();
    let mut bcc = Vec::new();
    for recipient in recipients
        .iter()
        .filter(|recipient| recipient.recipient_type == "Email")
    {
        let config = &recipient.recipient_config_json;
        to.extend(email_addresses(&config.target));
        cc.extend(
            config
                .cc_target
                .as_deref()
                .map(email_addresses)
                .unwrap_or_default(),
        );
        bcc.extend(
            config
                .bcc_target
                .as_deref()
                .map(email_addresses)
                .unwrap_or_default(),
        );
    }
    if to.is_empty() && cc.is_empty() && bcc.is_empty() {
        return None;
    }
    let name = notification_name(report);
    let url = notification_url(report, base_url);
    let description = html_escape(report.fields.description.as_deref().unwrap_or_default());
    let table = match &data {
        ReportData::Table { columns, rows } => html_table(columns, rows),
        _ => String::new(),
    };
    let attachment = data_attachment(&name, data);
    let html = format!(
        "<html><head><style type=\"text/css\">table, th, td {{ border: 1px solid black; border-collapse: collapse; padding: 4px; }}</style></head>\
         <body><div>{description}</div><br><b><a href=\"{href}\">{CALL_TO_ACTION}</a></b><p></p>{table}</body></html>",
        href = html_escape(&url),
    );
    Some(ReportEmail {
        subject: format!("{subject_prefix}{name}"),
        to,
        cc,
        bcc,
        html,
        attachment,
    })
}

/// Whether the report has recipients Quiver cannot reach (neither e-mail nor Slack).
pub fn has_unsupported_recipients(recipients: &[ReportRecipient]) -> bool {
    recipients
        .iter()
        .any(|recipient| !matches!(recipient.recipient_type.as_str(), "Email" | "Slack" | "SlackV2"))
}

#[cfg(test)]
mod tests {
    use quiver_types::ReportRecipientConfig;

    use super::*;
    use crate::store::report::ReportFields;

    fn chart_report(email_subject: Option<&str>) -> ReportRecord {
        ReportRecord {
            id: 3,
            fields: ReportFields {
                report_type: "Report".to_owned(),
                name: "Births weekly".to_owned(),
                description: Some("Births <by> gender".to_owned()),
                chart_id: Some(7),
                email_subject: email_subject.map(str::to_owned),
                ..ReportFields::default()
            },
            chart_name: Some("Births by gender".to_owned()),
            chart_viz_type: Some("table".to_owned()),
            dashboard_title: None,
            database_name: None,
            last_eval_dttm: None,
            last_state: "Not triggered".to_owned(),
            created_on: String::new(),
            changed_on: String::new(),
            created_by: None,
            changed_by: None,
        }
    }

    fn email(target: &str, cc: Option<&str>) -> ReportRecipient {
        ReportRecipient {
            recipient_type: "Email".to_owned(),
            recipient_config_json: ReportRecipientConfig {
                target: target.to_owned(),
                cc_target: cc.map(str::to_owned),
                bcc_target: None,
            },
        }
    }

    #[test]
    fn the_subject_names_the_report_and_its_chart_unless_the_report_sets_one() {
        let recipients = [email("a@example.com; b@example.com", Some("c@example.com"))];
        let sent = report_email(
            &chart_report(None),
            &recipients,
            "[Report] ",
            "http://q",
            ReportData::None,
        )
        .unwrap();
        assert_eq!(sent.subject, "[Report] Births weekly: Births by gender");
        assert_eq!(sent.to, ["a@example.com", "b@example.com"]);
        assert_eq!(sent.cc, ["c@example.com"]);
        assert!(
            sent.html.contains("<div>Births &lt;by&gt; gender</div>"),
            "{}",
            sent.html
        );
        assert!(sent
            .html
            .contains("<a href=\"http://q/explore/?slice_id=7\">Explore in Quiver</a>"));
        let own = report_email(
            &chart_report(Some("Weekly numbers")),
            &recipients,
            "[Report] ",
            "http://q",
            ReportData::None,
        )
        .unwrap();
        assert_eq!(own.subject, "[Report] Weekly numbers");
    }

    #[test]
    fn csv_reports_attach_the_rows_and_text_reports_inline_them() {
        let recipients = [email("a@example.com", None)];
        let csv = report_email(
            &chart_report(None),
            &recipients,
            "",
            "http://q",
            ReportData::Csv("a,b\n1,2\n".to_owned()),
        )
        .unwrap();
        let attachment = csv.attachment.unwrap();
        assert_eq!(attachment.file_name, "Births weekly: Births by gender.csv");
        assert_eq!(attachment.content, b"a,b\n1,2\n");
        let table = ReportData::Table {
            columns: vec!["name".to_owned()],
            rows: vec![vec!["<Ann>".to_owned()]],
        };
        let text = report_email(&chart_report(None), &recipients, "", "http://q", table).unwrap();
        assert!(text.attachment.is_none());
        assert!(
            text.html
                .contains("<tr><th>name</th></tr></thead><tbody><tr><td>&lt;Ann&gt;</td></tr>"),
            "{}",
            text.html
        );
    }

    #[test]
    fn screenshots_travel_as_png_and_pdf_files() {
        let png = data_attachment("Births", ReportData::Png(vec![137, 80])).unwrap();
        assert_eq!(
            (png.file_name.as_str(), png.content_type),
            ("Births.png", "image/png")
        );
        let pdf = data_attachment("Births", ReportData::Pdf(b"%PDF".to_vec())).unwrap();
        assert_eq!(
            (pdf.file_name.as_str(), pdf.content_type),
            ("Births.pdf", "application/pdf")
        );
        assert!(data_attachment("Births", ReportData::None).is_none());
    }

    #[test]
    fn the_error_email_goes_to_the_owners_with_superset_text() {
        let owners = ["ann@example.com".to_owned()];
        let sent = error_email(
            &chart_report(None),
            &owners,
            "[Report] ",
            "http://q",
            "Bad <thing>",
        )
        .unwrap();
        assert_eq!(sent.subject, "[Report] Error occurred for Report: Births weekly");
        assert_eq!(sent.to, owners);
        assert!(sent.html.contains(
            "<p>Your report/alert was unable to be generated because of the following error: Bad &lt;thing&gt;</p>"
        ));
        assert!(sent
            .html
            .contains("<a href=\"http://q/explore/?slice_id=7\">Explore in Quiver</a>"));
        assert!(error_email(&chart_report(None), &[], "", "http://q", "x").is_none());
    }

    #[test]
    fn reports_without_email_recipients_send_no_email() {
        let slack = ReportRecipient {
            recipient_type: "Slack".to_owned(),
            recipient_config_json: ReportRecipientConfig {
                target: "#general".to_owned(),
                cc_target: None,
                bcc_target: None,
            },
        };
        assert!(report_email(
            &chart_report(None),
            std::slice::from_ref(&slack),
            "",
            "http://q",
            ReportData::None
        )
        .is_none());
        assert!(!has_unsupported_recipients(&[slack]));
        assert!(!has_unsupported_recipients(&[email("a@example.com", None)]));
        let pager = ReportRecipient {
            recipient_type: "Pager".to_owned(),
            ..email("a@example.com", None)
        };
        assert!(has_unsupported_recipients(&[pager]));
    }
}
