//! The dashboard, dataset and database lists on the generic list builder, their related and
//! distinct values, and bulk deletes, on SQLite and PostgreSQL metadata.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{Method, StatusCode};
use common::{As, TestApp, ThrowawayDatabase};
use quiver_server::store::database::NewDatabase;
use quiver_server::store::dataset::NewDataset;
use serde_json::{json, Value};

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// `GET {path}?q={q}`: status and body.
async fn get_q(app: &TestApp, who: &As, path: &str, q: &str) -> (StatusCode, Value) {
    let answer = app.get(&format!("{path}?q={}", urlencoding(q)), who).await;
    (answer.status, answer.json)
}

/// `DELETE {path}?q={q}`: status and body.
async fn delete_q(app: &TestApp, who: &As, path: &str, q: &str) -> (StatusCode, Value) {
    let answer = app
        .call(Method::DELETE, &format!("{path}?q={}", urlencoding(q)), None, who)
        .await;
    (answer.status, answer.json)
}

/// The `field` of every row of a list answer.
fn column(body: &Value, field: &str) -> Vec<String> {
    body["result"]
        .as_array()
        .unwrap_or_else(|| panic!("no result in {body}"))
        .iter()
        .map(|row| row[field].as_str().unwrap().to_owned())
        .collect()
}

async fn my_id(app: &TestApp, who: &As) -> i64 {
    app.get("/api/v1/me/", who).await.json["result"]["id"]
        .as_i64()
        .unwrap()
}

async fn dashboard(app: &TestApp, admin: &As, title: &str, slug: Option<&str>, published: bool) -> i64 {
    let answer = app
        .post(
            "/api/v1/dashboard/",
            json!({"dashboard_title": title, "slug": slug, "published": published}),
            admin,
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.json);
    answer.json["id"].as_i64().unwrap()
}

const DASHBOARDS: &str = "/api/v1/dashboard/";

async fn check_dashboards(app: &TestApp) {
    let admin = app.admin().await;
    let me = my_id(app, &admin).await;
    // Start from no dashboards: the example one goes through the bulk delete.
    let (_, existing) = get_q(app, &admin, DASHBOARDS, "(page_size:100)").await;
    let existing: Vec<String> = existing["ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(Value::to_string)
        .collect();
    if !existing.is_empty() {
        let (status, body) = delete_q(app, &admin, DASHBOARDS, &format!("!({})", existing.join(","))).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let alpha = dashboard(app, &admin, "Alpha sales", Some("alpha"), true).await;
    let beta = dashboard(app, &admin, "Beta flights", Some("beta-x"), false).await;
    let gamma = dashboard(app, &admin, "Gamma births_50%", None, true).await;

    // Default order: last changed first; the rows carry Superset's list columns.
    let (status, body) = get_q(app, &admin, DASHBOARDS, "()").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["count"], 3);
    assert_eq!(body["ids"], json!([gamma, beta, alpha]));
    let row = &body["result"][1];
    assert_eq!(row["url"], "/superset/dashboard/beta-x/");
    assert_eq!(row["status"], "draft");
    assert_eq!(
        row["owners"],
        json!([{"id": me, "first_name": "Superset", "last_name": "Admin"}])
    );
    assert_eq!(row["changed_by_name"], "Superset Admin");
    assert_eq!(row["is_favorite"], false);
    assert_eq!(body["result"][0]["url"], format!("/superset/dashboard/{gamma}/"));

    // Each operator on its column type.
    for (q, expected) in [
        (
            "(filters:!((col:dashboard_title,opr:title_or_slug,value:'beta-')))",
            vec!["Beta flights"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:title_or_slug,value:ALPHA)))",
            vec!["Alpha sales"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:title_or_slug,value:'  ')))",
            vec!["Gamma births_50%", "Beta flights", "Alpha sales"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:sw,value:gam)))",
            vec!["Gamma births_50%"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:ew,value:'50%')))",
            vec!["Gamma births_50%"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:ct,value:'_')))",
            vec!["Gamma births_50%"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:nct,value:a_)))",
            vec!["Gamma births_50%", "Beta flights", "Alpha sales"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:nsw,value:b)))",
            vec!["Gamma births_50%", "Alpha sales"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:new,value:s)))",
            vec!["Gamma births_50%"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:eq,value:'Alpha sales')))",
            vec!["Alpha sales"],
        ),
        (
            "(filters:!((col:dashboard_title,opr:neq,value:'Alpha sales')))",
            vec!["Gamma births_50%", "Beta flights"],
        ),
        ("(filters:!((col:slug,opr:eq,value:alpha)))", vec!["Alpha sales"]),
        (
            "(filters:!((col:published,opr:eq,value:!t)))",
            vec!["Gamma births_50%", "Alpha sales"],
        ),
        (
            "(filters:!((col:published,opr:eq,value:!f)))",
            vec!["Beta flights"],
        ),
        (
            "(filters:!((col:published,opr:neq,value:!t)))",
            vec!["Beta flights"],
        ),
        (
            "(filters:!((col:created_by,opr:dashboard_has_created_by,value:!f)))",
            vec![],
        ),
        (
            "(filters:!((col:created_by,opr:created_by_me,value:me)))",
            vec!["Gamma births_50%", "Beta flights", "Alpha sales"],
        ),
    ] {
        let (status, body) = get_q(app, &admin, DASHBOARDS, q).await;
        assert_eq!(status, StatusCode::OK, "{q}: {body}");
        assert_eq!(column(&body, "dashboard_title"), expected, "{q}");
        assert_eq!(body["count"], expected.len(), "{q}");
    }
    for (q, count) in [
        (format!("(filters:!((col:owners,opr:rel_m_m,value:{me})))"), 3),
        (
            format!("(filters:!((col:owners,opr:rel_m_m,value:{})))", me + 1000),
            0,
        ),
        (format!("(filters:!((col:created_by,opr:rel_o_m,value:{me})))"), 3),
        (
            format!("(filters:!((col:changed_by,opr:rel_o_m,value:{})))", me + 1000),
            0,
        ),
        (
            format!("(filters:!((col:id,opr:gt,value:{alpha}),(col:id,opr:lt,value:{gamma})))"),
            1,
        ),
        (
            format!("(filters:!((col:id,opr:between,value:!({alpha},{gamma}))))"),
            1,
        ),
        (
            "(filters:!((col:changed_on,opr:gt,value:'2000-01-01')))".to_owned(),
            3,
        ),
    ] {
        let (status, body) = get_q(app, &admin, DASHBOARDS, &q).await;
        assert_eq!(status, StatusCode::OK, "{q}: {body}");
        assert_eq!(body["count"], count, "{q}");
    }

    // Favorites and certification.
    let starred = app
        .call(
            Method::POST,
            &format!("/api/v1/dashboard/{alpha}/favorites/"),
            None,
            &admin,
        )
        .await;
    assert_eq!(starred.status, StatusCode::OK);
    let (_, body) = get_q(
        app,
        &admin,
        DASHBOARDS,
        "(filters:!((col:id,opr:dashboard_is_favorite,value:!t)))",
    )
    .await;
    assert_eq!(column(&body, "dashboard_title"), ["Alpha sales"]);
    assert_eq!(body["result"][0]["is_favorite"], true);
    let (_, body) = get_q(
        app,
        &admin,
        DASHBOARDS,
        "(filters:!((col:id,opr:dashboard_is_favorite,value:!f)))",
    )
    .await;
    assert_eq!(body["count"], 2);
    let certified = app
        .call(
            Method::PUT,
            &format!("/api/v1/dashboard/{beta}"),
            Some(json!({"certified_by": "Data team"})),
            &admin,
        )
        .await;
    assert_eq!(certified.status, StatusCode::OK, "{}", certified.json);
    let (_, body) = get_q(
        app,
        &admin,
        DASHBOARDS,
        "(filters:!((col:id,opr:dashboard_is_certified,value:!t)))",
    )
    .await;
    assert_eq!(column(&body, "dashboard_title"), ["Beta flights"]);
    assert_eq!(body["result"][0]["certified_by"], "Data team");

    // Sorting and paging.
    let (_, body) = get_q(
        app,
        &admin,
        DASHBOARDS,
        "(order_column:dashboard_title,order_direction:asc,page:1,page_size:2)",
    )
    .await;
    assert_eq!(
        (body["count"].clone(), column(&body, "dashboard_title")),
        (json!(3), vec!["Gamma births_50%".to_owned()])
    );
    let (_, body) = get_q(
        app,
        &admin,
        DASHBOARDS,
        "(order_column:dashboard_title,order_direction:desc,page:0,page_size:2)",
    )
    .await;
    assert_eq!(
        column(&body, "dashboard_title"),
        ["Gamma births_50%", "Beta flights"]
    );
    let (_, body) = get_q(
        app,
        &admin,
        DASHBOARDS,
        "(order_column:published,order_direction:asc,page_size:1)",
    )
    .await;
    assert_eq!(column(&body, "dashboard_title"), ["Beta flights"]);
    let (_, body) = get_q(
        app,
        &admin,
        DASHBOARDS,
        "(select_columns:!(id,dashboard_title,owners.id),page_size:1)",
    )
    .await;
    let fields: Vec<&String> = body["result"][0].as_object().unwrap().keys().collect();
    assert_eq!(fields, ["dashboard_title", "id", "owners"]);

    // Related owners: "first last", filtered anywhere in the name, paged; unknown columns 404.
    let (status, body) = get_q(
        app,
        &admin,
        "/api/v1/dashboard/related/owners",
        "(filter:'admin')",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"count": 1, "result": [{"text": "Superset Admin", "value": me}]})
    );
    app.create_user("lister", "lister-password-1", &["Alpha"]).await;
    let (_, body) = get_q(
        app,
        &admin,
        "/api/v1/chart/related/created_by",
        "(page:1,page_size:1)",
    )
    .await;
    assert_eq!(body["count"], 2);
    // Ordered by the text, case-insensitively: "lister Tester" before "Superset Admin".
    assert_eq!(body["result"][0]["text"], "Superset Admin");
    let (_, body) = get_q(
        app,
        &admin,
        "/api/v1/dashboard/related/changed_by",
        "(filter:zzz)",
    )
    .await;
    assert_eq!(body, json!({"count": 0, "result": []}));
    for path in [
        "/api/v1/dashboard/related/css",
        "/api/v1/dashboard/distinct/slug",
        "/api/v1/chart/distinct/viz_type",
    ] {
        let (status, body) = get_q(app, &admin, path, "()").await;
        assert_eq!(
            (status, body["message"].clone()),
            (StatusCode::NOT_FOUND, json!("Not found")),
            "{path}"
        );
    }
    let (status, _) = get_q(app, &admin, "/api/v1/dashboard/related/owners", "(filter:!(1))").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Bulk delete: all or nothing; 404 for a missing id, 403 for another's dashboard.
    let lister = app.token("lister", "lister-password-1").await;
    let (status, body) = delete_q(app, &lister, DASHBOARDS, &format!("!({alpha})")).await;
    assert_eq!(
        (status, body["message"].clone()),
        (StatusCode::FORBIDDEN, json!("Forbidden"))
    );
    let (status, body) = delete_q(app, &admin, DASHBOARDS, &format!("!({alpha},999999)")).await;
    assert_eq!(
        (status, body["message"].clone()),
        (StatusCode::NOT_FOUND, json!("Not found"))
    );
    for bad in ["(a:1)", "!(x)", "!(1", "!()"] {
        let (status, _) = delete_q(app, &admin, DASHBOARDS, bad).await;
        assert!(
            status == StatusCode::BAD_REQUEST || status == StatusCode::NOT_FOUND,
            "{bad}: {status}"
        );
    }
    assert_eq!(get_q(app, &admin, DASHBOARDS, "()").await.1["count"], 3);
    let (status, body) = delete_q(app, &admin, DASHBOARDS, &format!("!({alpha},{beta})")).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({"message": "Deleted 2 dashboards"}))
    );
    let (_, body) = delete_q(app, &admin, DASHBOARDS, &format!("!({gamma})")).await;
    assert_eq!(body, json!({"message": "Deleted 1 dashboard"}));
    assert_eq!(get_q(app, &admin, DASHBOARDS, "()").await.1["count"], 0);
    let status = app
        .get(
            &format!("/api/v1/dashboard/favorite_status/?q=!({alpha})"),
            &admin,
        )
        .await;
    assert_eq!(status.json["result"][0]["value"], false);
}

/// Creates a dataset of the examples database; virtual when `sql` is given.
async fn dataset(app: &TestApp, owner: i64, name: &str, schema: &str, sql: Option<&str>) -> i64 {
    let birth_names = app.dataset_id("birth_names").await;
    let database_id = app.state.store.dataset(birth_names).await.unwrap().database.id.0;
    app.state
        .store
        .create_dataset(&NewDataset {
            database_id,
            schema: Some(schema),
            table_name: name,
            sql,
            main_dttm_col: None,
            columns: &[],
            metrics: &[],
            owners: &[owner],
        })
        .await
        .unwrap()
}

const DATASETS: &str = "/api/v1/dataset/";

async fn check_datasets(app: &TestApp) {
    let admin = app.admin().await;
    let me = my_id(app, &admin).await;
    let orders = dataset(app, me, "zz_orders", "sales_zz", None).await;
    let orders_view = dataset(app, me, "zz_orders_view", "sales_zz", Some("SELECT 1 AS one")).await;
    let people = dataset(app, me, "zz_people", "crm_zz", None).await;
    let examples_id = app.state.store.dataset(orders).await.unwrap().database.id.0;

    // The call Playwright's helpers make keeps working.
    let (status, body) = get_q(
        app,
        &admin,
        DATASETS,
        "(filters:!((col:table_name,opr:eq,value:birth_names)))",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(column(&body, "table_name"), ["birth_names"]);

    let mine = "(col:table_name,opr:sw,value:zz_)";
    let (_, body) = get_q(
        app,
        &admin,
        DATASETS,
        &format!("(filters:!({mine}),order_column:table_name,order_direction:asc)"),
    )
    .await;
    assert_eq!(
        column(&body, "table_name"),
        ["zz_orders", "zz_orders_view", "zz_people"]
    );
    let row = &body["result"][1];
    assert_eq!(row["kind"], "virtual");
    assert_eq!(row["sql"], "SELECT 1 AS one");
    assert_eq!(
        row["database"],
        json!({"id": examples_id, "database_name": "examples"})
    );
    assert_eq!(
        row["explore_url"],
        format!("/explore/?datasource_type=table&datasource_id={orders_view}")
    );
    assert_eq!(row["owners"][0]["id"], me);
    assert_eq!(body["result"][0]["kind"], "physical");
    assert_eq!(body["result"][0]["datasource_type"], "table");

    for (filters, expected) in [
        (
            "(col:sql,opr:dataset_is_null_or_empty,value:!t)",
            vec!["zz_orders", "zz_people"],
        ),
        (
            "(col:sql,opr:dataset_is_null_or_empty,value:!f)",
            vec!["zz_orders_view"],
        ),
        ("(col:schema,opr:eq,value:crm_zz)", vec!["zz_people"]),
        (
            "(col:schema,opr:ct,value:'s_z')",
            vec!["zz_orders", "zz_orders_view"],
        ),
        ("(col:table_name,opr:ew,value:view)", vec!["zz_orders_view"]),
        (
            "(col:table_name,opr:new,value:view)",
            vec!["zz_orders", "zz_people"],
        ),
        (
            "(col:table_name,opr:ct,value:ORDERS)",
            vec!["zz_orders", "zz_orders_view"],
        ),
        ("(col:sql,opr:ct,value:select)", vec!["zz_orders_view"]),
        ("(col:database,opr:rel_o_m,value:999999)", vec![]),
    ] {
        let q = format!("(filters:!({mine},{filters}),order_column:table_name,order_direction:asc)");
        let (status, body) = get_q(app, &admin, DATASETS, &q).await;
        assert_eq!(status, StatusCode::OK, "{q}: {body}");
        assert_eq!(column(&body, "table_name"), expected, "{q}");
    }
    for (filters, count) in [
        (format!("(col:database,opr:rel_o_m,value:{examples_id})"), 3),
        (format!("(col:owners,opr:rel_m_m,value:{me})"), 3),
        (format!("(col:created_by,opr:rel_o_m,value:{me})"), 3),
        ("(col:id,opr:dataset_is_certified,value:!t)".to_owned(), 0),
    ] {
        let q = format!("(filters:!({mine},{filters}))");
        assert_eq!(get_q(app, &admin, DATASETS, &q).await.1["count"], count, "{q}");
    }
    sqlx::query("UPDATE tables SET extra = $1 WHERE id = $2")
        .bind(r#"{"certification": {"certified_by": "Data team", "details": "Checked"}}"#)
        .bind(people)
        .execute(app.state.store.pool())
        .await
        .unwrap();
    let (_, body) = get_q(
        app,
        &admin,
        DATASETS,
        &format!("(filters:!({mine},(col:id,opr:dataset_is_certified,value:!t)))"),
    )
    .await;
    assert_eq!(column(&body, "table_name"), ["zz_people"]);

    // Sorting by the database name, paging.
    let q = format!("(filters:!({mine}),order_column:table_name,order_direction:desc,page:1,page_size:2)");
    let (_, body) = get_q(app, &admin, DATASETS, &q).await;
    assert_eq!(
        (body["count"].clone(), column(&body, "table_name")),
        (json!(3), vec!["zz_orders".to_owned()])
    );
    let (status, _) = get_q(
        app,
        &admin,
        DATASETS,
        "(order_column:database.database_name,order_direction:asc)",
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // Distinct schemas (start of the text) and related databases.
    let (status, body) = get_q(app, &admin, "/api/v1/dataset/distinct/schema", "(filter:sales)").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"count": 1, "result": [{"text": "sales_zz", "value": "sales_zz"}]})
    );
    let (_, body) = get_q(app, &admin, "/api/v1/dataset/distinct/schema", "()").await;
    assert_eq!(column(&body, "value"), ["crm_zz", "main", "sales_zz"]);
    let (_, body) = get_q(
        app,
        &admin,
        "/api/v1/dataset/distinct/schema",
        "(page:1,page_size:1)",
    )
    .await;
    assert_eq!(
        (body["count"].clone(), column(&body, "text")),
        (json!(3), vec!["main".to_owned()])
    );
    let (_, body) = get_q(app, &admin, "/api/v1/dataset/related/database", "(filter:EXA)").await;
    assert_eq!(
        body,
        json!({"count": 1, "result": [{"text": "examples", "value": examples_id}]})
    );
    let (_, body) = get_q(app, &admin, "/api/v1/dataset/related/database", "(filter:amples)").await;
    assert_eq!(body["count"], 0);
    let (status, _) = get_q(app, &admin, "/api/v1/dataset/distinct/table_name", "()").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Bulk delete with the owner check: an Alpha user owns none of these.
    app.create_user("dataset_alpha", "alpha-password-1", &["Alpha"])
        .await;
    let alpha = app.token("dataset_alpha", "alpha-password-1").await;
    let (status, _) = delete_q(app, &alpha, DATASETS, &format!("!({orders})")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = delete_q(app, &admin, DATASETS, &format!("!({orders},{orders_view})")).await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({"message": "Deleted 2 datasets"}))
    );
    let (_, body) = get_q(app, &admin, DATASETS, &format!("(filters:!({mine}))")).await;
    assert_eq!(column(&body, "table_name"), ["zz_people"]);
    let (status, _) = delete_q(app, &admin, DATASETS, &format!("!({orders})")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Creating datasets: virtual over SQL, physical over a table (columns read from it).
    let created = app
        .post(
            DATASETS,
            json!({"database": examples_id, "schema": "main", "table_name": "zz_virtual", "sql": "SELECT 2 AS two"}),
            &admin,
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.json);
    assert_eq!(created.json["result"]["kind"], "virtual");
    assert_eq!(created.json["result"]["owners"][0]["id"], me);
    let again = app
        .post(
            DATASETS,
            json!({"database": examples_id, "schema": "main", "table_name": "zz_virtual", "sql": "SELECT 2 AS two"}),
            &admin,
        )
        .await;
    assert_eq!(
        (again.status, again.json["message"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({"table_name": ["Dataset zz_virtual already exists"]})
        )
    );
    let missing = app
        .post(
            DATASETS,
            json!({"database": examples_id, "schema": "main", "table_name": "no_such_table"}),
            &admin,
        )
        .await;
    assert_eq!(
        missing.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        missing.json
    );
    assert!(missing.json["message"]["table"][0]
        .as_str()
        .unwrap()
        .contains("could not be found"));
    for bad in [
        json!({"database": examples_id, "table_name": ""}),
        json!({"database": examples_id, "table_name": "x", "bogus": 1}),
        json!({"table_name": "x"}),
    ] {
        assert_eq!(
            app.post(DATASETS, bad.clone(), &admin).await.status,
            StatusCode::BAD_REQUEST,
            "{bad}"
        );
    }
    let unknown_database = app
        .post(
            DATASETS,
            json!({"database": 999999, "table_name": "x", "sql": "SELECT 1"}),
            &admin,
        )
        .await;
    assert_eq!(unknown_database.status, StatusCode::NOT_FOUND);
    let flights = app.dataset_id("flights").await;
    let (status, _) = delete_q(app, &admin, DATASETS, &format!("!({flights})")).await;
    assert_eq!(status, StatusCode::OK);
    let physical = app
        .post(
            DATASETS,
            json!({"database": examples_id, "schema": "main", "table_name": "flights"}),
            &admin,
        )
        .await;
    assert_eq!(physical.status, StatusCode::CREATED, "{}", physical.json);
    assert_eq!(physical.json["result"]["kind"], "physical");
    assert!(!physical.json["result"]["columns"].as_array().unwrap().is_empty());
}

const DATABASES: &str = "/api/v1/database/";

async fn check_databases(app: &TestApp) {
    let admin = app.admin().await;
    app.state
        .store
        .create_database(&NewDatabase {
            database_name: "zz_warehouse",
            sqlalchemy_uri: "sqlite:////tmp/quiver-none.db",
            backend: "sqlite",
            expose_in_sqllab: false,
            allow_dml: true,
            allow_file_upload: false,
            created_by: None,
        })
        .await
        .unwrap();
    let (status, body) = get_q(
        app,
        &admin,
        DATABASES,
        "(order_column:database_name,order_direction:asc)",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(column(&body, "database_name"), ["examples", "zz_warehouse"]);
    assert_eq!(body["result"][0]["backend"], "duckdb");
    assert_eq!(body["result"][1]["allow_dml"], true);
    assert!(body["result"][0]["changed_on_delta_humanized"].is_string());
    // Spec 001 §3, Database: what the database picker reads of each row.
    let picker_fields = |row: &Value| {
        json!([
            row["id"].is_i64(),
            &row["database_name"],
            &row["backend"],
            &row["allow_multi_catalog"],
            &row["expose_in_sqllab"]
        ])
    };
    assert_eq!(
        picker_fields(&body["result"][0]),
        json!([true, "examples", "duckdb", false, true])
    );
    assert_eq!(
        picker_fields(&body["result"][1]),
        json!([true, "zz_warehouse", "sqlite", false, false])
    );
    for (filters, expected) in [
        ("(col:expose_in_sqllab,opr:eq,value:!t)", vec!["examples"]),
        ("(col:expose_in_sqllab,opr:eq,value:!f)", vec!["zz_warehouse"]),
        ("(col:allow_dml,opr:eq,value:!t)", vec!["zz_warehouse"]),
        ("(col:allow_run_async,opr:eq,value:!t)", vec![]),
        ("(col:database_name,opr:ct,value:WARE)", vec!["zz_warehouse"]),
        ("(col:backend,opr:eq,value:duckdb)", vec!["examples"]),
    ] {
        let q = format!("(filters:!({filters}),order_column:database_name,order_direction:asc)");
        let (status, body) = get_q(app, &admin, DATABASES, &q).await;
        assert_eq!(status, StatusCode::OK, "{q}: {body}");
        assert_eq!(column(&body, "database_name"), expected, "{q}");
    }
    let (_, body) = get_q(
        app,
        &admin,
        DATABASES,
        "(order_column:database_name,order_direction:desc,page:1,page_size:1)",
    )
    .await;
    assert_eq!(
        (body["count"].clone(), column(&body, "database_name")),
        (json!(2), vec!["examples".to_owned()])
    );
    for bad in [
        "(filters:!((col:sqlalchemy_uri,opr:ct,value:x)))",
        "(filters:!((col:allow_dml,opr:ct,value:x)))",
        "(filters:!((col:allow_dml,opr:eq,value:maybe)))",
        "(order_column:sqlalchemy_uri)",
        "(page_size:'ten')",
        "(filters:!((col:database_name",
    ] {
        let (status, body) = get_q(app, &admin, DATABASES, bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert!(!body["message"].is_null(), "{bad}");
    }
}

async fn check_all(app: &TestApp) {
    check_dashboards(app).await;
    check_datasets(app).await;
    check_databases(app).await;
}

#[tokio::test]
async fn lists_related_values_and_bulk_deletes_on_sqlite() {
    let app = TestApp::with_examples().await;
    check_all(&app).await;

    // A Gamma user without dataset access sees no dataset, may not delete one, and sees
    // only the schemas of datasets it may read.
    app.create_user("gamma_lists", "gamma-password-1", &["Gamma"])
        .await;
    let gamma = app.token("gamma_lists", "gamma-password-1").await;
    let (status, body) = get_q(&app, &gamma, DATASETS, "()").await;
    assert_eq!((status, body["count"].clone()), (StatusCode::OK, json!(0)));
    let (_, body) = get_q(&app, &gamma, "/api/v1/dataset/distinct/schema", "()").await;
    assert_eq!(body, json!({"count": 0, "result": []}));
    let (_, body) = get_q(&app, &gamma, DATABASES, "()").await;
    assert_eq!(body["count"], 0);
    let (status, _) = delete_q(&app, &gamma, DATASETS, "!(1)").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    app.close().await;
}

#[tokio::test]
async fn lists_related_values_and_bulk_deletes_on_postgres() {
    let app = TestApp::with_settings(true, Some(ThrowawayDatabase::create().await)).await;
    check_all(&app).await;
    app.close().await;
}
