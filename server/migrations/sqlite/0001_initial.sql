-- Quiver metadata schema, version 1. Timestamps are ISO-8601 UTC text; ids are 64-bit integers.
-- SQLite has no boolean type (sqlx's Any driver cannot read a BOOLEAN declaration): flags are INTEGER 0/1.
-- Table names follow Superset's where one exists, so exported/imported objects map one to one.

CREATE TABLE ab_user (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    password TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT TRUE,
    login_count INTEGER NOT NULL DEFAULT 0,
    last_login TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL
);

CREATE TABLE ab_role (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE ab_permission_view (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    permission TEXT NOT NULL,
    view_menu TEXT NOT NULL,
    UNIQUE (permission, view_menu)
);

CREATE TABLE ab_permission_view_role (
    role_id INTEGER NOT NULL REFERENCES ab_role (id) ON DELETE CASCADE,
    permission_view_id INTEGER NOT NULL REFERENCES ab_permission_view (id) ON DELETE CASCADE,
    PRIMARY KEY (role_id, permission_view_id)
);

CREATE TABLE ab_user_role (
    user_id INTEGER NOT NULL REFERENCES ab_user (id) ON DELETE CASCADE,
    role_id INTEGER NOT NULL REFERENCES ab_role (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, role_id)
);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES ab_user (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_on TEXT NOT NULL,
    expires_on TEXT NOT NULL
);
CREATE INDEX ix_sessions_user ON sessions (user_id);

CREATE TABLE dbs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    database_name TEXT NOT NULL UNIQUE,
    sqlalchemy_uri TEXT NOT NULL,
    backend TEXT NOT NULL,
    password_encrypted TEXT,
    expose_in_sqllab INTEGER NOT NULL DEFAULT TRUE,
    allow_run_async INTEGER NOT NULL DEFAULT FALSE,
    allow_dml INTEGER NOT NULL DEFAULT FALSE,
    allow_ctas INTEGER NOT NULL DEFAULT FALSE,
    allow_cvas INTEGER NOT NULL DEFAULT FALSE,
    allow_file_upload INTEGER NOT NULL DEFAULT FALSE,
    allow_multi_catalog INTEGER NOT NULL DEFAULT FALSE,
    force_ctas_schema TEXT,
    cache_timeout INTEGER,
    extra TEXT NOT NULL DEFAULT '{}',
    is_managed_externally INTEGER NOT NULL DEFAULT FALSE,
    external_url TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);

CREATE TABLE tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    database_id INTEGER NOT NULL REFERENCES dbs (id),
    catalog TEXT,
    schema TEXT,
    table_name TEXT NOT NULL,
    sql TEXT,
    description TEXT,
    main_dttm_col TEXT,
    default_endpoint TEXT,
    cache_timeout INTEGER,
    is_sqllab_view INTEGER NOT NULL DEFAULT FALSE,
    template_params TEXT,
    extra TEXT,
    filter_select_enabled INTEGER NOT NULL DEFAULT TRUE,
    fetch_values_predicate TEXT,
    normalize_columns INTEGER NOT NULL DEFAULT FALSE,
    always_filter_main_dttm INTEGER NOT NULL DEFAULT FALSE,
    "offset" INTEGER NOT NULL DEFAULT 0,
    is_managed_externally INTEGER NOT NULL DEFAULT FALSE,
    external_url TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX ix_tables_identity ON tables (database_id, COALESCE(catalog, ''), COALESCE(schema, ''), table_name);

CREATE TABLE table_columns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    column_name TEXT NOT NULL,
    verbose_name TEXT,
    description TEXT,
    type TEXT,
    is_dttm INTEGER NOT NULL DEFAULT FALSE,
    is_active INTEGER NOT NULL DEFAULT TRUE,
    groupby INTEGER NOT NULL DEFAULT TRUE,
    filterable INTEGER NOT NULL DEFAULT TRUE,
    expression TEXT,
    python_date_format TEXT,
    advanced_data_type TEXT,
    extra TEXT,
    UNIQUE (table_id, column_name)
);

CREATE TABLE sql_metrics (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    metric_name TEXT NOT NULL,
    verbose_name TEXT,
    description TEXT,
    expression TEXT NOT NULL,
    metric_type TEXT,
    d3format TEXT,
    currency TEXT,
    warning_text TEXT,
    extra TEXT,
    UNIQUE (table_id, metric_name)
);

CREATE TABLE sqlatable_user (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES ab_user (id) ON DELETE CASCADE,
    PRIMARY KEY (table_id, user_id)
);

CREATE TABLE slices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    slice_name TEXT NOT NULL,
    viz_type TEXT NOT NULL,
    datasource_id INTEGER,
    datasource_type TEXT,
    params TEXT,
    query_context TEXT,
    description TEXT,
    cache_timeout INTEGER,
    certified_by TEXT,
    certification_details TEXT,
    is_managed_externally INTEGER NOT NULL DEFAULT FALSE,
    external_url TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);
CREATE INDEX ix_slices_datasource ON slices (datasource_type, datasource_id);

CREATE TABLE slice_user (
    slice_id INTEGER NOT NULL REFERENCES slices (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES ab_user (id) ON DELETE CASCADE,
    PRIMARY KEY (slice_id, user_id)
);

CREATE TABLE dashboards (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    dashboard_title TEXT NOT NULL,
    slug TEXT UNIQUE,
    css TEXT,
    position_json TEXT,
    json_metadata TEXT,
    description TEXT,
    published INTEGER NOT NULL DEFAULT FALSE,
    certified_by TEXT,
    certification_details TEXT,
    is_managed_externally INTEGER NOT NULL DEFAULT FALSE,
    external_url TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);

CREATE TABLE dashboard_slices (
    dashboard_id INTEGER NOT NULL REFERENCES dashboards (id) ON DELETE CASCADE,
    slice_id INTEGER NOT NULL REFERENCES slices (id) ON DELETE CASCADE,
    PRIMARY KEY (dashboard_id, slice_id)
);

CREATE TABLE dashboard_user (
    dashboard_id INTEGER NOT NULL REFERENCES dashboards (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES ab_user (id) ON DELETE CASCADE,
    PRIMARY KEY (dashboard_id, user_id)
);

CREATE TABLE dashboard_roles (
    dashboard_id INTEGER NOT NULL REFERENCES dashboards (id) ON DELETE CASCADE,
    role_id INTEGER NOT NULL REFERENCES ab_role (id) ON DELETE CASCADE,
    PRIMARY KEY (dashboard_id, role_id)
);

CREATE TABLE saved_query (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    user_id INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    db_id INTEGER REFERENCES dbs (id) ON DELETE CASCADE,
    catalog TEXT,
    schema TEXT,
    label TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    sql TEXT NOT NULL DEFAULT '',
    template_parameters TEXT,
    extra_json TEXT NOT NULL DEFAULT '{}',
    rows INTEGER,
    last_run TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);

CREATE TABLE query (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id TEXT NOT NULL UNIQUE,
    database_id INTEGER NOT NULL REFERENCES dbs (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    status TEXT NOT NULL,
    tab_name TEXT,
    sql_editor_id TEXT,
    catalog TEXT,
    schema TEXT,
    sql TEXT NOT NULL,
    select_sql TEXT,
    executed_sql TEXT,
    "limit" INTEGER,
    limiting_factor TEXT NOT NULL DEFAULT 'UNKNOWN',
    select_as_cta INTEGER NOT NULL DEFAULT FALSE,
    select_as_cta_used INTEGER NOT NULL DEFAULT FALSE,
    ctas_method TEXT NOT NULL DEFAULT 'TABLE',
    tmp_table_name TEXT,
    tmp_schema_name TEXT,
    progress INTEGER NOT NULL DEFAULT 0,
    rows INTEGER,
    error_message TEXT,
    results_key TEXT,
    tracking_url TEXT,
    extra_json TEXT NOT NULL DEFAULT '{}',
    start_time TEXT,
    start_running_time TEXT,
    end_time TEXT,
    end_result_backend_time TEXT,
    changed_on TEXT NOT NULL
);
CREATE INDEX ix_query_user_changed ON query (user_id, changed_on);

CREATE TABLE tab_state (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES ab_user (id) ON DELETE CASCADE,
    label TEXT NOT NULL DEFAULT '',
    active INTEGER NOT NULL DEFAULT FALSE,
    database_id INTEGER REFERENCES dbs (id) ON DELETE CASCADE,
    catalog TEXT,
    schema TEXT,
    sql TEXT,
    query_limit INTEGER,
    latest_query_id TEXT,
    autorun INTEGER NOT NULL DEFAULT FALSE,
    template_params TEXT,
    hide_left_bar INTEGER NOT NULL DEFAULT FALSE,
    saved_query_id INTEGER REFERENCES saved_query (id) ON DELETE SET NULL,
    extra_json TEXT NOT NULL DEFAULT '{}',
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL
);

CREATE TABLE table_schema (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tab_state_id INTEGER NOT NULL REFERENCES tab_state (id) ON DELETE CASCADE,
    database_id INTEGER NOT NULL REFERENCES dbs (id) ON DELETE CASCADE,
    catalog TEXT,
    schema TEXT,
    "table" TEXT NOT NULL,
    description TEXT,
    expanded INTEGER NOT NULL DEFAULT FALSE,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL
);

CREATE TABLE tag (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL DEFAULT 'custom',
    description TEXT,
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);

CREATE TABLE tagged_object (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tag_id INTEGER NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
    object_type TEXT NOT NULL,
    object_id INTEGER NOT NULL,
    created_on TEXT NOT NULL,
    UNIQUE (tag_id, object_type, object_id)
);

CREATE TABLE favstar (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES ab_user (id) ON DELETE CASCADE,
    class_name TEXT NOT NULL,
    obj_id INTEGER NOT NULL,
    dttm TEXT NOT NULL,
    UNIQUE (user_id, class_name, obj_id)
);

CREATE TABLE key_value (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    uuid TEXT NOT NULL UNIQUE,
    resource TEXT NOT NULL,
    value TEXT NOT NULL,
    created_on TEXT NOT NULL,
    expires_on TEXT,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);

CREATE TABLE logs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    action TEXT NOT NULL,
    user_id INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    json TEXT,
    dttm TEXT NOT NULL,
    dashboard_id INTEGER,
    slice_id INTEGER,
    duration_ms INTEGER,
    referrer TEXT
);
CREATE INDEX ix_logs_user_dttm ON logs (user_id, dttm);

CREATE TABLE report_schedule (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    type TEXT NOT NULL,
    name TEXT NOT NULL UNIQUE,
    description TEXT,
    context_markdown TEXT,
    active INTEGER NOT NULL DEFAULT TRUE,
    crontab TEXT NOT NULL,
    timezone TEXT NOT NULL DEFAULT 'UTC',
    creation_method TEXT NOT NULL DEFAULT 'alerts_reports',
    dashboard_id INTEGER REFERENCES dashboards (id) ON DELETE CASCADE,
    chart_id INTEGER REFERENCES slices (id) ON DELETE CASCADE,
    database_id INTEGER REFERENCES dbs (id) ON DELETE CASCADE,
    sql TEXT,
    report_format TEXT NOT NULL DEFAULT 'PNG',
    recipients TEXT NOT NULL DEFAULT '[]',
    extra_json TEXT NOT NULL DEFAULT '{}',
    last_eval_dttm TEXT,
    last_state TEXT NOT NULL DEFAULT 'Not triggered',
    created_on TEXT NOT NULL,
    changed_on TEXT NOT NULL,
    created_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL,
    changed_by_fk INTEGER REFERENCES ab_user (id) ON DELETE SET NULL
);
