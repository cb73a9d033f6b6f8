-- Reports and alerts (issue #8): the report schedule columns of Superset 6 the initial table
-- lacks, its owners (`report_schedule_user`) and its executions (`report_execution_log`).

ALTER TABLE report_schedule ADD COLUMN validator_type TEXT;
ALTER TABLE report_schedule ADD COLUMN validator_config_json TEXT;
ALTER TABLE report_schedule ADD COLUMN last_value REAL;
ALTER TABLE report_schedule ADD COLUMN last_value_row_json TEXT;
ALTER TABLE report_schedule ADD COLUMN grace_period INTEGER NOT NULL DEFAULT 14400;
ALTER TABLE report_schedule ADD COLUMN working_timeout INTEGER NOT NULL DEFAULT 3600;
ALTER TABLE report_schedule ADD COLUMN log_retention INTEGER NOT NULL DEFAULT 90;
ALTER TABLE report_schedule ADD COLUMN force_screenshot INTEGER NOT NULL DEFAULT FALSE;
ALTER TABLE report_schedule ADD COLUMN custom_width INTEGER;
ALTER TABLE report_schedule ADD COLUMN email_subject TEXT;

CREATE TABLE report_schedule_user (
    report_schedule_id INTEGER NOT NULL REFERENCES report_schedule (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES ab_user (id) ON DELETE CASCADE,
    PRIMARY KEY (report_schedule_id, user_id)
);

CREATE TABLE report_execution_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    report_schedule_id INTEGER NOT NULL REFERENCES report_schedule (id) ON DELETE CASCADE,
    scheduled_dttm TEXT NOT NULL,
    start_dttm TEXT,
    end_dttm TEXT,
    value REAL,
    value_row_json TEXT,
    state TEXT NOT NULL,
    error_message TEXT
);
CREATE INDEX ix_report_execution_log_schedule ON report_execution_log (report_schedule_id, scheduled_dttm);
