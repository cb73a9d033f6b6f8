//! Reports and alerts with Superset's routes and shapes: `/api/v1/report/` (list, create, bulk
//! delete), `/api/v1/report/{pk}` (get, update, delete) and `/api/v1/report/{pk}/log/`.
//!
//! As Superset's `ReportScheduleFilter`, a user with all-datasource access (admins, Alpha) sees
//! every report and anyone else only the reports they own; an unseen report answers 404, and
//! changing one the caller does not own answers 403 (admins own all). Shape errors are 400 and
//! command refusals 422, field by field, with Superset's texts.

use axum::extract::State;
use axum::http::StatusCode;
use quiver_types::{
    ChartId, DashboardId, DatabaseId, IdResult, ListResponse, MessageResponse, ReportChartRef,
    ReportDashboardRef, ReportDatabaseRef, ReportExecutionLog, ReportRecipient, ReportRecipientConfig,
    ReportSchedule, ReportSchedulePayload,
};
use serde_json::{json, Map, Value};

use super::bulk_delete::deleted_message;
use super::dataset::ListParams;
use super::humanize::time_ago;
use super::list_answer::{list_answer, user_ref};
use super::list_query::{parse_id_set, parse_list_query};
use crate::auth::guard::FORBIDDEN;
use crate::auth::{AuthUser, CurrentUser};
use crate::error::{ApiError, AppJson, AppPath, AppQuery, ErrorKind};
use crate::reports::crontab::{parse_timezone, Crontab, INVALID_CRONTAB};
use crate::reports::crontab_description::crontab_humanized;
use crate::state::AppState;
use crate::store::list_rows::ListUser;
use crate::store::report::{ReportExecution, ReportFields, ReportRecord, REPORT_LIST, REPORT_OWNERS};
use crate::store::StoreError;

const REQUIRED: &str = "Missing data for required field.";
const REPORT_TYPES: &[&str] = &["Alert", "Report"];
const CREATION_METHODS: &[&str] = &["charts", "dashboards", "alerts_reports"];
const REPORT_FORMATS: &[&str] = &["PDF", "PNG", "CSV", "TEXT"];
const VALIDATOR_TYPES: &[&str] = &["not null", "operator"];
const RECIPIENT_TYPES: &[&str] = &["Email", "Slack", "SlackV2"];
const VALIDATOR_OPERATORS: &[&str] = &["<", "<=", ">", ">=", "==", "!="];
/// Superset's `Length(1, 150)` on the name.
const NAME_MAX_LENGTH: usize = 150;
/// Superset's `Range(min=600, max=2400)` on `custom_width`.
const CUSTOM_WIDTH_RANGE: (i64, i64) = (600, 2400);

/// Superset's defaults: grace period 4 hours, working timeout 1 hour, logs kept 90 days.
const DEFAULT_GRACE_PERIOD: i64 = 60 * 60 * 4;
const DEFAULT_WORKING_TIMEOUT: i64 = 60 * 60;
const DEFAULT_LOG_RETENTION: i64 = 90;

/// `{field: [messages]}`, collected before answering.
#[derive(Default)]
struct FieldErrors(Map<String, Value>);

impl FieldErrors {
    fn add(&mut self, field: &str, message: impl Into<String>) {
        if let Value::Array(messages) = self.0.entry(field.to_owned()).or_insert_with(|| json!([])) {
            messages.push(Value::String(message.into()));
        }
    }

    fn into_result(self, refusal: fn(Map<String, Value>) -> ApiError) -> Result<(), ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(refusal(self.0))
        }
    }
}

/// Marshmallow's `OneOf` message.
fn one_of(choices: &[&str]) -> String {
    format!("Must be one of: {}.", choices.join(", "))
}

fn check_choice(errors: &mut FieldErrors, field: &str, value: Option<&str>, choices: &[&str]) {
    if let Some(value) = value {
        if !choices.contains(&value) {
            errors.add(field, one_of(choices));
        }
    }
}

fn check_positive(errors: &mut FieldErrors, field: &str, value: Option<i64>) {
    if value.is_some_and(|value| value < 1) {
        errors.add(field, "Value must be greater than 0");
    }
}

/// The 400 checks of Superset's post and put schemas.
fn check_shape(payload: &ReportSchedulePayload, is_create: bool) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    if is_create {
        for (field, missing) in [
            ("type", payload.report_type.is_none()),
            ("name", payload.name.is_none()),
            ("crontab", payload.crontab.is_none()),
        ] {
            if missing {
                errors.add(field, REQUIRED);
            }
        }
    }
    check_choice(&mut errors, "type", payload.report_type.as_deref(), REPORT_TYPES);
    if let Some(name) = &payload.name {
        let length = name.chars().count();
        if length == 0 || length > NAME_MAX_LENGTH {
            errors.add("name", format!("Length must be between 1 and {NAME_MAX_LENGTH}."));
        }
    }
    if let Some(crontab) = &payload.crontab {
        if Crontab::parse(crontab).is_none() {
            errors.add("crontab", INVALID_CRONTAB);
        }
    }
    if let Some(timezone) = &payload.timezone {
        if parse_timezone(timezone).is_none() {
            let names: Vec<&str> = chrono_tz::TZ_VARIANTS.iter().map(|zone| zone.name()).collect();
            errors.add("timezone", one_of(&names));
        }
    }
    check_choice(
        &mut errors,
        "creation_method",
        payload.creation_method.as_deref(),
        CREATION_METHODS,
    );
    check_choice(
        &mut errors,
        "report_format",
        payload.report_format.as_deref(),
        REPORT_FORMATS,
    );
    check_choice(
        &mut errors,
        "validator_type",
        payload.validator_type.as_deref(),
        VALIDATOR_TYPES,
    );
    if let Some(config) = &payload.validator_config_json {
        let operator = config.get("op").and_then(Value::as_str);
        if config.get("op").is_some() && !operator.is_some_and(|op| VALIDATOR_OPERATORS.contains(&op)) {
            errors.add("validator_config_json", one_of(VALIDATOR_OPERATORS));
        }
    }
    for recipient in payload.recipients.iter().flatten() {
        check_choice(
            &mut errors,
            "recipients",
            Some(recipient.recipient_type.as_str()),
            RECIPIENT_TYPES,
        );
    }
    check_positive(&mut errors, "grace_period", payload.grace_period);
    check_positive(&mut errors, "working_timeout", payload.working_timeout);
    check_positive(&mut errors, "log_retention", payload.log_retention);
    if let Some(width) = payload.custom_width {
        let (min, max) = CUSTOM_WIDTH_RANGE;
        if !(min..=max).contains(&width) {
            errors.add(
                "custom_width",
                format!("Must be greater than or equal to {min} and less than or equal to {max}."),
            );
        }
    }
    errors.into_result(ApiError::validation)
}

fn to_json_text(value: &impl serde::Serialize) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(ApiError::internal)
}

/// Writes the payload over `fields` (only what it sends).
fn apply_payload(payload: &ReportSchedulePayload, fields: &mut ReportFields) -> Result<(), ApiError> {
    let text = |value: &Option<String>, into: &mut String| {
        if let Some(value) = value {
            value.clone_into(into);
        }
    };
    text(&payload.report_type, &mut fields.report_type);
    text(&payload.name, &mut fields.name);
    text(&payload.crontab, &mut fields.crontab);
    text(&payload.timezone, &mut fields.timezone);
    text(&payload.creation_method, &mut fields.creation_method);
    text(&payload.report_format, &mut fields.report_format);
    if let Some(description) = &payload.description {
        fields.description = Some(description.clone());
    }
    if let Some(context_markdown) = &payload.context_markdown {
        fields.context_markdown = Some(context_markdown.clone());
    }
    if let Some(active) = payload.active {
        fields.active = active;
    }
    if let Some(ChartId(chart_id)) = payload.chart {
        fields.chart_id = Some(chart_id);
    }
    if let Some(DashboardId(dashboard_id)) = payload.dashboard {
        fields.dashboard_id = Some(dashboard_id);
    }
    if let Some(DatabaseId(database_id)) = payload.database {
        fields.database_id = Some(database_id);
    }
    if let Some(sql) = &payload.sql {
        fields.sql = Some(sql.clone());
    }
    if let Some(validator_type) = &payload.validator_type {
        fields.validator_type = Some(validator_type.clone());
    }
    if let Some(config) = &payload.validator_config_json {
        fields.validator_config_json = Some(to_json_text(config)?);
    }
    if let Some(grace_period) = payload.grace_period {
        fields.grace_period = grace_period;
    }
    if let Some(working_timeout) = payload.working_timeout {
        fields.working_timeout = working_timeout;
    }
    if let Some(log_retention) = payload.log_retention {
        fields.log_retention = log_retention;
    }
    if let Some(force_screenshot) = payload.force_screenshot {
        fields.force_screenshot = force_screenshot;
    }
    if let Some(custom_width) = payload.custom_width {
        fields.custom_width = Some(custom_width);
    }
    if let Some(email_subject) = &payload.email_subject {
        fields.email_subject = Some(email_subject.clone());
    }
    if let Some(extra) = &payload.extra {
        fields.extra_json = to_json_text(extra)?;
    }
    if let Some(recipients) = &payload.recipients {
        fields.recipients = to_json_text(recipients)?;
    }
    Ok(())
}

/// Superset's `Report Schedule parameters are invalid.` checks over the merged fields (422).
async fn check_relations(
    app: &AppState,
    user: &AuthUser,
    fields: &mut ReportFields,
    report_id: Option<i64>,
    owners: Option<&[i64]>,
) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    let is_alert = fields.report_type == "Alert";
    if app.store.report_named(&fields.name, report_id).await?.is_some() {
        let noun = if is_alert { "An alert" } else { "A report" };
        errors.add("name", format!("{noun} named \"{}\" already exists", fields.name));
    }
    match (is_alert, fields.database_id) {
        (true, None) => errors.add("database", "Database is required for alerts"),
        (false, Some(_)) => errors.add("database", "Database reference is not allowed on a report"),
        (true, Some(database_id)) => {
            if let Err(StoreError::NotFound) = app.store.database(database_id).await {
                errors.add("database", "Database does not exist");
            }
        }
        (false, None) => {}
    }
    match (fields.chart_id, fields.dashboard_id) {
        (Some(_), Some(_)) => errors.add("chart", "Choose a chart or dashboard not both"),
        (None, None) if !is_alert || fields.creation_method != "alerts_reports" => {
            errors.add("chart", "Must choose either a chart or a dashboard");
        }
        (Some(chart_id), None) => {
            if let Err(StoreError::NotFound) = app.store.chart(chart_id).await {
                errors.add("chart", "Chart does not exist");
            }
        }
        (None, Some(dashboard_id)) => {
            if let Err(StoreError::NotFound) = app.store.dashboard(dashboard_id).await {
                errors.add("dashboard", "Dashboard does not exist");
            }
        }
        (None, None) => {}
    }
    if let Some(owners) = owners {
        if app.store.existing_user_ids(owners).await?.len() != owners.len() {
            errors.add("owners", "Owners are invalid");
        }
    }
    let is_from_chart_or_dashboard = fields.creation_method != "alerts_reports";
    if report_id.is_none() && is_from_chart_or_dashboard {
        // Superset 6 sends a report made on a chart or dashboard to its creator only.
        if user.email.trim().is_empty() {
            errors.add(
                "recipients",
                "Unable to create report: User email address is required but not found. Please ensure your user profile has a valid email address.",
            );
        } else {
            let recipients = vec![ReportRecipient {
                recipient_type: "Email".to_owned(),
                recipient_config_json: ReportRecipientConfig {
                    target: user.email.clone(),
                    cc_target: None,
                    bcc_target: None,
                },
            }];
            fields.recipients = to_json_text(&recipients)?;
        }
    }
    let is_new_attachment = report_id.is_none() && is_from_chart_or_dashboard;
    if is_new_attachment
        && app
            .store
            .has_attached_report(fields.chart_id, fields.dashboard_id)
            .await?
    {
        return Err(ApiError::message(
            ErrorKind::Conflict,
            "Resource already has an attached report.",
        ));
    }
    errors.into_result(ApiError::invalid)
}

fn parse_json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// A stored report as the API shows it.
fn report_body(
    record: ReportRecord,
    owners: Vec<ListUser>,
    now: chrono::DateTime<chrono::Utc>,
) -> ReportSchedule {
    let fields = record.fields;
    let chart = fields.chart_id.map(|id| ReportChartRef {
        id: ChartId(id),
        slice_name: record.chart_name.unwrap_or_default(),
        viz_type: record.chart_viz_type.unwrap_or_default(),
    });
    let dashboard = fields.dashboard_id.map(|id| ReportDashboardRef {
        id: DashboardId(id),
        dashboard_title: record.dashboard_title.unwrap_or_default(),
    });
    let database = fields.database_id.map(|id| ReportDatabaseRef {
        id: DatabaseId(id),
        database_name: record.database_name.unwrap_or_default(),
    });
    ReportSchedule {
        id: record.id,
        report_type: fields.report_type,
        name: fields.name,
        description: fields.description,
        context_markdown: fields.context_markdown,
        active: fields.active,
        crontab_humanized: crontab_humanized(&fields.crontab),
        crontab: fields.crontab,
        timezone: fields.timezone,
        creation_method: fields.creation_method,
        report_format: fields.report_format,
        chart,
        dashboard,
        database,
        sql: fields.sql,
        validator_type: fields.validator_type,
        validator_config_json: fields.validator_config_json.as_deref().map(parse_json),
        grace_period: fields.grace_period,
        working_timeout: fields.working_timeout,
        log_retention: fields.log_retention,
        force_screenshot: fields.force_screenshot,
        custom_width: fields.custom_width,
        email_subject: fields.email_subject,
        extra: parse_json(&fields.extra_json),
        recipients: serde_json::from_str(&fields.recipients).unwrap_or_default(),
        owners: owners.into_iter().map(user_ref).collect(),
        last_eval_dttm: record.last_eval_dttm,
        last_state: record.last_state,
        changed_on_delta_humanized: time_ago(&record.changed_on, now),
        created_on: record.created_on,
        changed_on: record.changed_on,
        created_by: record.created_by.map(user_ref),
        changed_by: record.changed_by.map(user_ref),
    }
}

async fn report_bodies(app: &AppState, records: Vec<ReportRecord>) -> Result<Vec<ReportSchedule>, ApiError> {
    let ids: Vec<i64> = records.iter().map(|record| record.id).collect();
    let mut owners = app.store.list_owners(REPORT_OWNERS, &ids).await?;
    let now = chrono::Utc::now();
    Ok(records
        .into_iter()
        .map(|record| {
            let report_owners = owners.remove(&record.id).unwrap_or_default();
            report_body(record, report_owners, now)
        })
        .collect())
}

async fn one_report_body(app: &AppState, id: i64) -> Result<ReportSchedule, ApiError> {
    let record = app.store.report(id).await?;
    report_bodies(app, vec![record])
        .await?
        .pop()
        .ok_or_else(ApiError::not_found)
}

/// The ids of the reports the caller may see (Superset's `ReportScheduleFilter`): `None` (all)
/// with all-datasource access, else the reports they own.
async fn visible_reports(app: &AppState, user: &AuthUser) -> Result<Option<Vec<i64>>, ApiError> {
    let sees_all = user.is_admin() || user.has_permission("all_datasource_access", "all_datasource_access");
    if sees_all {
        return Ok(None);
    }
    Ok(Some(app.store.reports_owned_by(user.id).await?))
}

/// The report, when the caller may see it (404 otherwise).
async fn visible_report(app: &AppState, user: &AuthUser, id: i64) -> Result<ReportRecord, ApiError> {
    let is_visible = visible_reports(app, user)
        .await?
        .is_none_or(|ids| ids.contains(&id));
    if !is_visible {
        return Err(ApiError::not_found());
    }
    Ok(app.store.report(id).await?)
}

/// The report, when the caller may change it: 404 when unseen, 403 when not an owner.
async fn changeable_report(app: &AppState, user: &AuthUser, id: i64) -> Result<ReportRecord, ApiError> {
    let record = visible_report(app, user, id).await?;
    if user.is_admin() {
        return Ok(record);
    }
    let owners = app.store.list_owners(REPORT_OWNERS, &[id]).await?;
    let is_owner = owners
        .get(&id)
        .is_some_and(|owners| owners.iter().any(|owner| owner.id == user.id));
    if !is_owner {
        return Err(ApiError::forbidden(FORBIDDEN));
    }
    Ok(record)
}

/// `GET /api/v1/report/?q=`: the caller's reports, filtered, sorted and paged.
pub async fn list_reports(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<axum::Json<Value>, ApiError> {
    let query = parse_list_query(params.q.as_deref())?;
    let visible = visible_reports(&app, &user).await?;
    let visible = visible.as_deref().map(|ids| ("report_schedule.id", ids));
    let page = app
        .store
        .list_ids(&REPORT_LIST, &query, Some(user.id), visible)
        .await?;
    let records = app.store.reports(&page.ids).await?;
    let result = report_bodies(&app, records).await?;
    list_answer(page.count, page.ids, result, &query)
}

/// `GET /api/v1/report/{pk}`.
pub async fn get_report(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<IdResult<ReportSchedule>>, ApiError> {
    visible_report(&app, &user, id).await?;
    Ok(AppJson(IdResult {
        id,
        result: one_report_body(&app, id).await?,
    }))
}

/// `POST /api/v1/report/`: 201 with the new id and the report.
pub async fn create_report(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppJson(payload): AppJson<ReportSchedulePayload>,
) -> Result<(StatusCode, AppJson<IdResult<ReportSchedule>>), ApiError> {
    check_shape(&payload, true)?;
    let mut fields = ReportFields {
        active: true,
        timezone: "UTC".to_owned(),
        creation_method: "alerts_reports".to_owned(),
        report_format: "PNG".to_owned(),
        grace_period: DEFAULT_GRACE_PERIOD,
        working_timeout: DEFAULT_WORKING_TIMEOUT,
        log_retention: DEFAULT_LOG_RETENTION,
        recipients: "[]".to_owned(),
        extra_json: "{}".to_owned(),
        ..ReportFields::default()
    };
    apply_payload(&payload, &mut fields)?;
    let owners = payload
        .owners
        .clone()
        .filter(|owners| !owners.is_empty())
        .unwrap_or_else(|| vec![user.id]);
    check_relations(&app, &user, &mut fields, None, Some(&owners)).await?;
    let id = app.store.create_report(&fields, &owners, user.id).await?;
    Ok((
        StatusCode::CREATED,
        AppJson(IdResult {
            id,
            result: one_report_body(&app, id).await?,
        }),
    ))
}

/// `PUT /api/v1/report/{pk}`: changes the fields sent (`{"active": false}` alone deactivates).
pub async fn update_report(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
    AppJson(payload): AppJson<ReportSchedulePayload>,
) -> Result<AppJson<IdResult<ReportSchedule>>, ApiError> {
    check_shape(&payload, false)?;
    let mut fields = changeable_report(&app, &user, id).await?.fields;
    apply_payload(&payload, &mut fields)?;
    if payload.chart.is_some() {
        fields.dashboard_id = None;
    } else if payload.dashboard.is_some() {
        fields.chart_id = None;
    }
    let owners = payload.owners.as_deref();
    check_relations(&app, &user, &mut fields, Some(id), owners).await?;
    app.store.update_report(id, &fields, owners, user.id).await?;
    Ok(AppJson(IdResult {
        id,
        result: one_report_body(&app, id).await?,
    }))
}

/// `DELETE /api/v1/report/{pk}`.
pub async fn delete_report(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    changeable_report(&app, &user, id).await?;
    app.store.delete_reports(&[id]).await?;
    Ok(AppJson(MessageResponse {
        message: "OK".to_owned(),
    }))
}

/// `DELETE /api/v1/report/?q=!(1,2)`: all or none; any unseen report is a 404, any not owned a
/// 403.
pub async fn bulk_delete_reports(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(params): AppQuery<ListParams>,
) -> Result<AppJson<MessageResponse>, ApiError> {
    let ids = parse_id_set(params.q.as_deref())?;
    if ids.is_empty() {
        return Err(ApiError::not_found());
    }
    for id in &ids {
        changeable_report(&app, &user, *id).await?;
    }
    app.store.delete_reports(&ids).await?;
    Ok(AppJson(MessageResponse {
        message: deleted_message(ids.len(), "report schedule"),
    }))
}

fn execution_body(execution: ReportExecution) -> ReportExecutionLog {
    ReportExecutionLog {
        id: execution.id,
        uuid: execution.uuid,
        scheduled_dttm: execution.scheduled_dttm,
        start_dttm: execution.start_dttm,
        end_dttm: execution.end_dttm,
        value: execution.value,
        value_row_json: execution.value_row_json,
        state: execution.state,
        error_message: execution.error_message,
    }
}

/// `GET /api/v1/report/{pk}/log/`: the report's runs, the latest first.
pub async fn list_report_logs(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppPath(id): AppPath<i64>,
) -> Result<AppJson<ListResponse<ReportExecutionLog>>, ApiError> {
    visible_report(&app, &user, id).await?;
    let result: Vec<ReportExecutionLog> = app
        .store
        .report_executions(id)
        .await?
        .into_iter()
        .map(execution_body)
        .collect();
    Ok(AppJson(ListResponse {
        count: i64::try_from(result.len()).unwrap_or(i64::MAX),
        result,
    }))
}
