//! Reports and alerts (issue #8): crontab evaluation, the scheduler that runs due reports, the
//! alert SQL checks and the e-mail notifications.

pub mod alert;
pub mod crontab;
pub mod crontab_description;
pub mod email;
pub mod notification;
pub mod scheduler;
