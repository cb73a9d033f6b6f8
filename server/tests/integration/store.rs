//! The metadata store suite, run on SQLite and on a fresh PostgreSQL database.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use common::PostgresDatabase;
use quiver_server::auth::permissions::builtin_roles;
use quiver_server::store::chart::ChartFields;
use quiver_server::store::database::NewDatabase;
use quiver_server::store::dataset::{NewColumn, NewDataset, NewMetric};
use quiver_server::store::user::{NewUser, SessionRecord};
use quiver_server::store::{Store, StoreError};

async fn store_suite(store: &Store) {
    // Roles and users.
    store.sync_roles(&builtin_roles()).await.unwrap();
    store.sync_roles(&builtin_roles()).await.unwrap(); // idempotent
    let alice = store
        .create_user(&NewUser {
            username: "alice",
            first_name: "Alice",
            last_name: "Liddell",
            email: "alice@example.com",
            password_hash: "hash",
            roles: &["Gamma", "sql_lab"],
        })
        .await
        .unwrap();
    let duplicate = store
        .create_user(&NewUser {
            username: "alice",
            first_name: "",
            last_name: "",
            email: "",
            password_hash: "x",
            roles: &[],
        })
        .await;
    assert!(
        matches!(duplicate, Err(StoreError::Conflict(message)) if message == "User alice already exists")
    );
    let missing_role = store
        .create_user(&NewUser {
            username: "bob",
            first_name: "",
            last_name: "",
            email: "",
            password_hash: "x",
            roles: &["Nope"],
        })
        .await;
    assert!(matches!(missing_role, Err(StoreError::Conflict(_))));
    assert!(
        store.user_by_username("bob").await.unwrap().is_none(),
        "a failed create leaves nothing behind"
    );

    let record = store.user_by_username("alice").await.unwrap().unwrap();
    assert_eq!(
        (record.id, record.first_name.as_str(), record.active),
        (alice, "Alice", true)
    );
    store.set_password(alice, "new-hash").await.unwrap();
    assert_eq!(
        store.user_by_id(alice).await.unwrap().unwrap().password_hash,
        "new-hash"
    );
    assert!(matches!(
        store.set_password(999_999, "x").await,
        Err(StoreError::NotFound)
    ));
    store.record_login(alice).await.unwrap();

    let roles = store.user_roles(alice).await.unwrap();
    assert_eq!(
        roles.keys().cloned().collect::<Vec<_>>(),
        vec!["Gamma".to_owned(), "sql_lab".to_owned()]
    );
    assert!(roles["Gamma"].contains(&("can_read".to_owned(), "Chart".to_owned())));
    assert!(roles["sql_lab"].contains(&("can_sqllab".to_owned(), "Superset".to_owned())));
    store
        .grant_permission("Gamma", "datasource_access", "[examples].[birth_names](id:1)")
        .await
        .unwrap();
    store
        .grant_permission("Gamma", "datasource_access", "[examples].[birth_names](id:1)")
        .await
        .unwrap();
    let roles = store.user_roles(alice).await.unwrap();
    assert!(roles["Gamma"].contains(&(
        "datasource_access".to_owned(),
        "[examples].[birth_names](id:1)".to_owned()
    )));

    // Sessions.
    let session = SessionRecord {
        id: "session-1".to_owned(),
        user_id: alice,
        csrf_token: "csrf-1".to_owned(),
        expires_on: "2999-01-01T00:00:00.000000".to_owned(),
    };
    store.create_session(&session).await.unwrap();
    let now = quiver_server::store::now_text();
    assert_eq!(
        store.session("session-1", &now).await.unwrap(),
        Some(session.clone())
    );
    assert_eq!(
        store.session("session-1", "3000-01-01T00:00:00").await.unwrap(),
        None,
        "expired sessions are not live"
    );
    assert_eq!(
        store
            .delete_expired_sessions("3000-01-01T00:00:00")
            .await
            .unwrap(),
        1
    );
    assert_eq!(store.session("session-1", &now).await.unwrap(), None);

    // Databases, datasets, columns, metrics.
    let database_id = store
        .create_database(&NewDatabase {
            database_name: "warehouse",
            sqlalchemy_uri: "duckdb:///tmp/warehouse.duckdb",
            backend: "duckdb",
            expose_in_sqllab: true,
            allow_dml: false,
            allow_file_upload: false,
            created_by: Some(alice),
        })
        .await
        .unwrap();
    let database = store.database(database_id).await.unwrap();
    assert_eq!(
        (
            database.database_name.as_str(),
            database.expose_in_sqllab,
            database.allow_dml
        ),
        ("warehouse", true, false)
    );
    assert!(store.database_by_name("warehouse").await.unwrap().is_some());
    let duplicate_database = store
        .create_database(&NewDatabase {
            database_name: "warehouse",
            sqlalchemy_uri: "duckdb:///x",
            backend: "duckdb",
            expose_in_sqllab: true,
            allow_dml: false,
            allow_file_upload: false,
            created_by: None,
        })
        .await;
    assert!(matches!(duplicate_database, Err(StoreError::Conflict(_))));

    let columns = vec![
        NewColumn {
            column_name: "ds".to_owned(),
            column_type: "TIMESTAMP".to_owned(),
            is_dttm: true,
            expression: None,
        },
        NewColumn {
            column_name: "num".to_owned(),
            column_type: "BIGINT".to_owned(),
            is_dttm: false,
            expression: None,
        },
        NewColumn {
            column_name: "num_x2".to_owned(),
            column_type: "BIGINT".to_owned(),
            is_dttm: false,
            expression: Some("num * 2".to_owned()),
        },
    ];
    let metrics = vec![NewMetric {
        metric_name: "count".to_owned(),
        expression: "COUNT(*)".to_owned(),
        metric_type: None,
    }];
    let dataset_id = store
        .create_dataset(&NewDataset {
            database_id,
            schema: Some("main"),
            table_name: "births",
            sql: None,
            main_dttm_col: Some("ds"),
            columns: &columns,
            metrics: &metrics,
            owners: &[alice],
        })
        .await
        .unwrap();
    let dataset = store.dataset(dataset_id).await.unwrap();
    assert_eq!(dataset.table_name, "births");
    assert_eq!(dataset.kind, "physical");
    assert_eq!(dataset.database.database_name, "warehouse");
    assert_eq!(
        dataset
            .columns
            .iter()
            .map(|column| column.column_name.as_str())
            .collect::<Vec<_>>(),
        ["ds", "num", "num_x2"]
    );
    assert!(dataset.columns[0].is_dttm);
    assert_eq!(
        dataset.columns[0].type_generic,
        Some(quiver_types::GenericDataType::Temporal)
    );
    assert_eq!(dataset.columns[2].expression.as_deref(), Some("num * 2"));
    assert_eq!(dataset.metrics[0].expression, "COUNT(*)");
    assert_eq!(dataset.owners[0].first_name, "Alice");
    assert_eq!(store.dataset_ids(Some("births")).await.unwrap(), vec![dataset_id]);
    assert_eq!(
        store
            .dataset_id_by_table(database_id, Some("main"), "births")
            .await
            .unwrap(),
        Some(dataset_id)
    );
    let duplicate_dataset = store
        .create_dataset(&NewDataset {
            database_id,
            schema: Some("main"),
            table_name: "births",
            sql: None,
            main_dttm_col: None,
            columns: &[],
            metrics: &[],
            owners: &[],
        })
        .await;
    assert!(matches!(duplicate_dataset, Err(StoreError::Conflict(_))));

    // Charts.
    let chart_id = store
        .create_chart(
            &ChartFields {
                slice_name: Some("Births".to_owned()),
                viz_type: Some("table".to_owned()),
                datasource_id: Some(dataset_id),
                datasource_type: Some("table".to_owned()),
                params: Some(r#"{"viz_type":"table"}"#.to_owned()),
                ..ChartFields::default()
            },
            Some(alice),
        )
        .await
        .unwrap();
    let chart = store.chart(chart_id).await.unwrap();
    assert_eq!(
        (chart.slice_name.as_str(), chart.owners.clone()),
        ("Births", vec![alice])
    );
    store
        .update_chart(
            chart_id,
            &ChartFields {
                slice_name: Some("Births by state".to_owned()),
                ..ChartFields::default()
            },
            Some(alice),
        )
        .await
        .unwrap();
    let chart = store.chart(chart_id).await.unwrap();
    assert_eq!(chart.slice_name, "Births by state");
    assert_eq!(
        chart.params.as_deref(),
        // Read through the form-data migrations: the stored document carries its version.
        Some(r#"{"version":1,"viz_type":"table"}"#),
        "fields not sent keep their values"
    );
    store.delete_chart(chart_id).await.unwrap();
    assert!(matches!(store.chart(chart_id).await, Err(StoreError::NotFound)));

    // Key-value entries.
    let entry = store
        .put_value("explore_permalink", r#"{"formData":{}}"#, Some(alice))
        .await
        .unwrap();
    assert_eq!(
        store
            .value("explore_permalink", &entry.uuid)
            .await
            .unwrap()
            .unwrap()
            .value,
        r#"{"formData":{}}"#
    );
    assert!(store
        .value("dashboard_permalink", &entry.uuid)
        .await
        .unwrap()
        .is_none());

    // Deleting a dataset removes its columns and metrics; deleting the database is then allowed.
    store.delete_dataset(dataset_id).await.unwrap();
    assert!(matches!(
        store.dataset(dataset_id).await,
        Err(StoreError::NotFound)
    ));
    store.delete_database(database_id).await.unwrap();

    metadata_tables_exist(store).await;
}

/// Every metadata table of the row in `docs/status.md`, under Superset's names, with its key
/// columns: users, roles, permissions, sessions, databases, datasets with columns and metrics,
/// charts, dashboards and the dashboard-chart relation, saved queries, queries, tab state, tags,
/// favorites, key-value, logs and reports.
async fn metadata_tables_exist(store: &Store) {
    let tables: &[(&str, &str)] = &[
        ("ab_user", "id, username, first_name, last_name, email, active"),
        ("ab_role", "id, name"),
        ("ab_permission_view", "id, permission, view_menu"),
        ("ab_permission_view_role", "role_id, permission_view_id"),
        ("ab_user_role", "user_id, role_id"),
        ("sessions", "id, user_id, csrf_token"),
        ("dbs", "id, uuid, database_name, sqlalchemy_uri"),
        ("tables", "id, uuid, database_id, table_name, sql"),
        ("table_columns", "id, table_id, column_name"),
        ("sql_metrics", "id, table_id, metric_name, expression"),
        ("sqlatable_user", "table_id, user_id"),
        ("slices", "id, uuid, slice_name, viz_type"),
        ("slice_user", "slice_id, user_id"),
        ("dashboards", "id, uuid, dashboard_title, slug"),
        ("dashboard_slices", "dashboard_id, slice_id"),
        ("dashboard_user", "dashboard_id, user_id"),
        ("saved_query", "id, uuid, user_id, db_id, label, sql"),
        ("query", "id, client_id, database_id, user_id, sql, status"),
        ("tab_state", "id, user_id, label, active"),
        ("table_schema", "id, tab_state_id, database_id"),
        ("tag", "id, name, type"),
        ("tagged_object", "id, tag_id, object_type, object_id"),
        ("favstar", "id, user_id, class_name, obj_id"),
        ("key_value", "id, uuid, resource, value"),
        ("logs", "id, action, user_id, json"),
        ("report_schedule", "id, type, name"),
        ("report_execution_log", "id"),
    ];
    for (table, columns) in tables {
        let sql = format!("SELECT COUNT(*) FROM (SELECT {columns} FROM {table}) AS t");
        let count: Result<i64, _> = sqlx::query_scalar(&sql).fetch_one(store.pool()).await;
        assert!(count.is_ok(), "{table} ({columns}): {count:?}");
    }
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ab_user")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert!(users >= 1, "the suite's users are in ab_user");
}

#[tokio::test]
async fn store_suite_on_sqlite() {
    let folder = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", folder.path().join("quiver.db").display());
    let store = Store::connect(&url).await.unwrap();
    store_suite(&store).await;
    store.close().await;
    // Migrating again is a no-op.
    let again = Store::connect(&url).await.unwrap();
    assert!(again.user_by_username("alice").await.unwrap().is_some());
    again.close().await;
}

#[tokio::test]
async fn store_suite_on_postgres() {
    let database = PostgresDatabase::create().await;
    let store = Store::connect(&database.url).await.unwrap();
    store_suite(&store).await;
    store.close().await;
}

#[tokio::test]
async fn unknown_backends_are_refused() {
    assert!(
        matches!(Store::connect("oracle://x").await, Err(StoreError::UnsupportedBackend(name)) if name == "oracle")
    );
}

/// Read-then-write transactions from many tasks at once, over two stores on one SQLite file (as
/// the server and `quiver admin` share it): none fails with 'database is locked' and no update is
/// lost, because `begin_write` takes SQLite's write lock up front and every pooled connection
/// waits for it. Every pooled connection also enforces foreign keys.
#[tokio::test]
async fn concurrent_read_then_write_transactions_on_sqlite_all_commit() {
    let folder = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", folder.path().join("quiver.db").display());
    let first = Store::connect(&url).await.unwrap();
    let second = Store::connect(&url).await.unwrap();
    sqlx::query("CREATE TABLE counter (n INTEGER NOT NULL)")
        .execute(first.pool())
        .await
        .unwrap();
    sqlx::query("INSERT INTO counter (n) VALUES (0)")
        .execute(first.pool())
        .await
        .unwrap();

    let tasks = (0..40)
        .map(|index| {
            let store = if index % 2 == 0 {
                first.clone()
            } else {
                second.clone()
            };
            tokio::spawn(async move {
                let mut transaction = store.begin_write().await?;
                let n: i64 = sqlx::query_scalar("SELECT n FROM counter")
                    .fetch_one(&mut *transaction)
                    .await?;
                tokio::task::yield_now().await;
                sqlx::query("UPDATE counter SET n = $1")
                    .bind(n + 1)
                    .execute(&mut *transaction)
                    .await?;
                transaction.commit().await?;
                Ok::<(), quiver_server::store::StoreError>(())
            })
        })
        .collect::<Vec<_>>();
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    let n: i64 = sqlx::query_scalar("SELECT n FROM counter")
        .fetch_one(first.pool())
        .await
        .unwrap();
    assert_eq!(n, 40);

    // Each of the pool's connections (held at once, so they are different ones).
    let mut connections = Vec::new();
    for _ in 0..4 {
        connections.push(first.pool().acquire().await.unwrap());
    }
    for connection in &mut connections {
        let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
            .fetch_one(&mut **connection)
            .await
            .unwrap();
        assert_eq!(foreign_keys, 1);
        let busy_timeout: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
            .fetch_one(&mut **connection)
            .await
            .unwrap();
        assert_eq!(busy_timeout, 30_000);
    }
    drop(connections);
    first.close().await;
    second.close().await;
}
