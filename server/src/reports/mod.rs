//! Reports and alerts (issue #8): crontab evaluation, the scheduler that runs due reports, the
//! alert SQL checks, the e-mail and Slack notifications and the screenshots of PNG and PDF
//! reports.

pub mod alert;
pub mod crontab;
pub mod crontab_description;
pub mod email;
pub mod http;
pub mod notification;
pub mod scheduler;
pub mod screenshot;
pub mod slack;
