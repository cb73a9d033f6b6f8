//! Reports and alerts (issue #8): crontab evaluation and the scheduler that runs due reports.

pub mod crontab;
pub mod scheduler;
