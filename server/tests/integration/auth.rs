//! Login, sessions, CSRF, tokens and permissions.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;

use axum::http::{header, Method, StatusCode};
use common::{As, TestApp, ADMIN_PASSWORD};
use serde_json::json;

#[tokio::test]
async fn bad_logins_get_401_with_a_clear_message() {
    let app = TestApp::new().await;
    for (username, password) in [("admin", "wrong"), ("nobody", "admin"), ("", "")] {
        let answer = app
            .post(
                "/api/v1/security/login",
                json!({"username": username, "password": password, "provider": "db"}),
                &As::Anonymous,
            )
            .await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            answer.json,
            json!({"message": "Invalid login. Please try again."})
        );
        let browser = app
            .post(
                "/login/",
                json!({"username": username, "password": password}),
                &As::Anonymous,
            )
            .await;
        assert_eq!(browser.status, StatusCode::UNAUTHORIZED);
        assert_eq!(browser.json["message"], "Invalid login. Please try again.");
    }
    app.close().await;
}

#[tokio::test]
async fn api_tokens_identify_the_user_and_refresh() {
    let app = TestApp::new().await;
    let login = app
        .post(
            "/api/v1/security/login",
            json!({"username": "admin", "password": ADMIN_PASSWORD, "provider": "db", "refresh": true}),
            &As::Anonymous,
        )
        .await;
    assert_eq!(login.status, StatusCode::OK);
    let access = As::Bearer(login.json["access_token"].as_str().unwrap().to_owned());
    let me = app.get("/api/v1/me/", &access).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json["result"]["username"], "admin");
    assert_eq!(me.json["result"]["is_anonymous"], false);

    let roles = app.get("/api/v1/me/roles/", &access).await;
    assert!(roles.json["result"]["roles"]["Admin"].is_array());

    let refresh = login.json["refresh_token"].as_str().unwrap();
    assert_eq!(
        app.get("/api/v1/me/", &As::Bearer(refresh.to_owned()))
            .await
            .status,
        StatusCode::UNAUTHORIZED,
        "a refresh token is not an access token"
    );
    let refreshed = app
        .call(
            Method::POST,
            "/api/v1/security/refresh",
            None,
            &As::Bearer(refresh.to_owned()),
        )
        .await;
    assert_eq!(refreshed.status, StatusCode::OK);
    assert!(refreshed.json["access_token"].as_str().unwrap().len() > 20);

    assert_eq!(
        app.get("/api/v1/me/", &As::Bearer("garbage".to_owned()))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let anonymous = app.get("/api/v1/me/", &As::Anonymous).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert_eq!(anonymous.json, json!({"message": "Not authorized"}));
    app.close().await;
}

#[tokio::test]
async fn browser_sessions_use_an_http_only_cookie_and_csrf() {
    let app = TestApp::new().await;
    let login = app
        .post(
            "/login/",
            json!({"username": "admin", "password": ADMIN_PASSWORD}),
            &As::Anonymous,
        )
        .await;
    assert_eq!(login.status, StatusCode::OK);
    let set_cookie = login
        .headers
        .get(header::SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Lax"),
        "{set_cookie}"
    );
    let cookie = set_cookie.split(';').next().unwrap().to_owned();

    let no_csrf = As::Session {
        cookie: cookie.clone(),
        csrf: String::new(),
    };
    let csrf = app.get("/api/v1/security/csrf_token/", &no_csrf).await;
    assert_eq!(csrf.status, StatusCode::OK);
    let token = csrf.json["result"].as_str().unwrap().to_owned();
    assert_eq!(
        app.get("/api/v1/me/", &no_csrf).await.json["result"]["username"],
        "admin",
        "reads need no CSRF token"
    );

    // Unsafe calls need the token.
    let body =
        json!({"slice_name": "x", "viz_type": "table", "datasource_id": 1, "datasource_type": "table"});
    let missing = app.post("/api/v1/chart/", body.clone(), &no_csrf).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.json["message"], "The CSRF token is missing.");
    let wrong = app
        .post(
            "/api/v1/chart/",
            body.clone(),
            &As::Session {
                cookie: cookie.clone(),
                csrf: "nope".to_owned(),
            },
        )
        .await;
    assert_eq!(wrong.json["message"], "The CSRF token is invalid.");
    let right = app
        .post(
            "/api/v1/chart/",
            body,
            &As::Session {
                cookie: cookie.clone(),
                csrf: token.clone(),
            },
        )
        .await;
    // With the token the request reaches the handler, which validates the body.
    assert_eq!(
        right.json,
        json!({"message": {"datasource_id": ["Datasource does not exist"]}})
    );

    // Logout ends the session.
    let logout = app
        .get(
            "/logout/",
            &As::Session {
                cookie: cookie.clone(),
                csrf: token.clone(),
            },
        )
        .await;
    assert_eq!(logout.status, StatusCode::FOUND);
    assert_eq!(
        app.get("/api/v1/me/", &As::Session { cookie, csrf: token })
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    app.close().await;
}

#[tokio::test]
async fn users_without_can_read_on_chart_get_403() {
    let app = TestApp::with_examples().await;
    app.create_user("viewer", "pw", &["Public"]).await;
    app.create_user("gamma", "pw", &["Gamma"]).await;
    let viewer = app.token("viewer", "pw").await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    let chart = app
        .post(
            "/api/v1/chart/",
            json!({"slice_name": "Births", "viz_type": "table", "datasource_id": dataset_id, "datasource_type": "table"}),
            &admin,
        )
        .await;
    assert_eq!(chart.status, StatusCode::CREATED, "{}", chart.json);
    let chart_id = chart.json["id"].as_i64().unwrap();

    let forbidden = json!({"message": "Forbidden"});
    let query =
        json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [{"metrics": ["count"]}]});
    for answer in [
        app.get(&format!("/api/v1/chart/{chart_id}"), &viewer).await,
        app.post("/api/v1/chart/data", query.clone(), &viewer).await,
        app.get(
            &format!("/api/v1/explore/?datasource_type=table&datasource_id={dataset_id}"),
            &viewer,
        )
        .await,
        app.call(
            Method::DELETE,
            &format!("/api/v1/chart/{chart_id}"),
            None,
            &viewer,
        )
        .await,
    ] {
        assert_eq!(answer.status, StatusCode::FORBIDDEN);
        assert_eq!(answer.json, forbidden);
    }
    let info = app
        .get("/api/v1/chart/_info?q=(keys:!(permissions))", &viewer)
        .await;
    assert_eq!(info.json, json!({"permissions": []}));
    let admin_info = app
        .get("/api/v1/chart/_info?q=(keys:!(permissions))", &admin)
        .await;
    assert_eq!(
        admin_info.json,
        json!({"permissions": ["can_read", "can_write", "can_export"]})
    );

    // Gamma reads charts but has no access to the examples data until granted.
    let gamma = app.token("gamma", "pw").await;
    assert_eq!(
        app.get(&format!("/api/v1/chart/{chart_id}"), &gamma).await.status,
        StatusCode::OK
    );
    let denied = app.post("/api/v1/chart/data", query.clone(), &gamma).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
    assert_eq!(
        denied.json["errors"][0]["error_type"],
        "DATASOURCE_SECURITY_ACCESS_ERROR"
    );
    app.state
        .store
        .grant_permission(
            "Gamma",
            "datasource_access",
            &format!("[examples].[birth_names](id:{dataset_id})"),
        )
        .await
        .unwrap();
    let granted = app.post("/api/v1/chart/data", query, &gamma).await;
    assert_eq!(granted.status, StatusCode::OK, "{}", granted.json);
    assert_eq!(
        granted.json["result"][0]["data"][0]["count"],
        common::TEST_EXAMPLE_ROWS
    );
    // Gamma may not delete the admin's chart.
    assert_eq!(
        app.call(Method::DELETE, &format!("/api/v1/chart/{chart_id}"), None, &gamma)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    app.close().await;
}

/// The 403 of a user without access to a dataset (decision 0081).
async fn denied_chart_data(app: &TestApp, dataset_id: i64) -> serde_json::Value {
    app.create_user("gamma", "pw", &["Gamma"]).await;
    let gamma = app.token("gamma", "pw").await;
    let query =
        json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [{"metrics": ["count"]}]});
    let denied = app.post("/api/v1/chart/data", query, &gamma).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN, "{}", denied.json);
    assert_eq!(
        denied.json["errors"][0]["error_type"],
        "DATASOURCE_SECURITY_ACCESS_ERROR"
    );
    denied.json["errors"][0]["extra"].clone()
}

#[tokio::test]
async fn a_datasource_access_error_offers_an_email_to_the_dataset_owners() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let hash = quiver_server::auth::password::hash_password("pw").unwrap();
    for (username, email) in [("ada", "ada@example.org"), ("bob", "")] {
        app.state
            .store
            .create_user(&quiver_server::store::user::NewUser {
                username,
                first_name: username,
                last_name: "Owner",
                email,
                password_hash: &hash,
                roles: &["Alpha"],
            })
            .await
            .unwrap();
    }
    let mut owner_ids = Vec::new();
    for username in ["ada", "bob"] {
        owner_ids.push(
            app.state
                .store
                .user_by_username(username)
                .await
                .unwrap()
                .unwrap()
                .id,
        );
    }
    let dataset_id = app.dataset_id("birth_names").await;
    let put = app
        .call(
            Method::PUT,
            &format!("/api/v1/dataset/{dataset_id}"),
            Some(json!({"owners": owner_ids})),
            &admin,
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.json);

    // Bob has no address: only Ada is written to.
    assert_eq!(
        denied_chart_data(&app, dataset_id).await,
        json!({
            "link": "mailto:ada@example.org?subject=Request%20access%20to%20birth_names",
            "datasource": "birth_names"
        })
    );
    app.close().await;
}

#[tokio::test]
async fn a_datasource_access_error_links_to_the_configured_permission_instructions() {
    let app = TestApp::with_config(true, None, |settings| {
        settings.permission_instructions_link = Some("https://wiki.example.org/data-access".to_owned());
    })
    .await;
    let dataset_id = app.dataset_id("birth_names").await;
    assert_eq!(
        denied_chart_data(&app, dataset_id).await,
        json!({"link": "https://wiki.example.org/data-access", "datasource": "birth_names"})
    );
    app.close().await;
}

#[tokio::test]
async fn common_conf_publishes_the_web_server_timeout_to_signed_in_users() {
    let app = TestApp::with_config(false, None, |settings| {
        settings.query_timeout_seconds = 75;
        settings.escape_markdown_html = true;
        settings.dashboard_rbac = true;
        settings.confirm_dashboard_diff = true;
    })
    .await;
    let admin = app.admin().await;
    let conf = app.get("/api/v1/common/conf/", &admin).await;
    assert_eq!(conf.status, StatusCode::OK, "{}", conf.json);
    assert_eq!(
        conf.json,
        json!({"result": {
            "SUPERSET_WEBSERVER_TIMEOUT": 75,
            "ESCAPE_MARKDOWN_HTML": true,
            "SLACK_ENABLE_AVATARS": false,
            "DASHBOARD_RBAC": true,
            "CONFIRM_DASHBOARD_DIFF": true
        }})
    );

    app.create_user("gamma", "pw", &["Gamma"]).await;
    let gamma = app.token("gamma", "pw").await;
    assert_eq!(
        app.get("/api/v1/common/conf/", &gamma).await.json["result"]["SUPERSET_WEBSERVER_TIMEOUT"],
        75
    );
    let anonymous = app.get("/api/v1/common/conf/", &As::Anonymous).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    app.close().await;
}

#[tokio::test]
async fn common_conf_defaults_to_sixty_seconds_and_sanitized_markdown_html() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    assert_eq!(
        app.get("/api/v1/common/conf/", &admin).await.json,
        json!({"result": {
            "SUPERSET_WEBSERVER_TIMEOUT": 60,
            "ESCAPE_MARKDOWN_HTML": false,
            "SLACK_ENABLE_AVATARS": false,
            "DASHBOARD_RBAC": false,
            "CONFIRM_DASHBOARD_DIFF": false
        }})
    );
    app.close().await;
}

/// The `[permission, view]` pairs `GET /api/v1/me/roles/` lists for a role of the user.
fn pairs_of(roles: &serde_json::Value, role: &str) -> std::collections::BTreeSet<(String, String)> {
    roles["result"]["roles"][role]
        .as_array()
        .unwrap_or_else(|| panic!("{role} in {roles}"))
        .iter()
        .map(|pair| {
            (
                pair[0].as_str().unwrap().to_owned(),
                pair[1].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The built-in roles hold Superset's permission-view pairs (its `STANDARD_ROLES`): Alpha and
/// Gamma the product's flags (`can_csv`, `can_explore`, `can_share_chart`, `can_share_dashboard`
/// on `Superset`), sql_lab only `can_csv` of them; `database_access` and `datasource_access` are
/// granted per role and listed apart.
#[tokio::test]
async fn the_builtin_roles_hold_supersets_permission_view_pairs() {
    let app = TestApp::with_examples().await;
    let dataset_id = app.dataset_id("birth_names").await;
    for (user, role) in [
        ("al", "Alpha"),
        ("gam", "Gamma"),
        ("sal", "sql_lab"),
        ("pub", "Public"),
    ] {
        app.create_user(user, "pw", &[role]).await;
    }
    let has = |pairs: &std::collections::BTreeSet<(String, String)>, permission: &str, view: &str| {
        pairs.contains(&(permission.to_owned(), view.to_owned()))
    };
    let flags = ["can_csv", "can_explore", "can_share_chart", "can_share_dashboard"];

    let alpha = pairs_of(
        &app.get("/api/v1/me/roles/", &app.token("al", "pw").await)
            .await
            .json,
        "Alpha",
    );
    for view in ["Chart", "Dashboard", "Dataset", "Tag"] {
        assert!(
            has(&alpha, "can_read", view) && has(&alpha, "can_write", view),
            "Alpha on {view}"
        );
    }
    assert!(has(&alpha, "can_read", "Database") && !has(&alpha, "can_write", "Database"));
    assert!(has(&alpha, "all_datasource_access", "all_datasource_access"));
    assert!(has(&alpha, "all_database_access", "all_database_access"));
    assert!(!has(&alpha, "can_sqllab", "Superset") && !has(&alpha, "can_write", "SavedQuery"));
    assert!(!has(&alpha, "all_query_access", "all_query_access"), "admin only");
    for flag in flags {
        assert!(has(&alpha, flag, "Superset"), "Alpha {flag}");
    }

    let gamma_token = app.token("gam", "pw").await;
    let gamma = pairs_of(&app.get("/api/v1/me/roles/", &gamma_token).await.json, "Gamma");
    for view in ["Chart", "Dashboard"] {
        assert!(
            has(&gamma, "can_read", view) && has(&gamma, "can_write", view),
            "Gamma on {view}"
        );
    }
    for view in ["Dataset", "Database", "Tag"] {
        assert!(has(&gamma, "can_read", view), "Gamma reads {view}");
    }
    assert!(!has(&gamma, "can_write", "Dataset") && !has(&gamma, "can_write", "Database"));
    assert!(!gamma.iter().any(|(permission, _)| permission.starts_with("all_")));
    assert!(!has(&gamma, "can_sqllab", "Superset"));
    for flag in flags {
        assert!(has(&gamma, flag, "Superset"), "Gamma {flag}");
    }

    let sql_lab = pairs_of(
        &app.get("/api/v1/me/roles/", &app.token("sal", "pw").await)
            .await
            .json,
        "sql_lab",
    );
    assert!(has(&sql_lab, "can_sqllab", "Superset"));
    assert!(has(&sql_lab, "can_read", "SavedQuery") && has(&sql_lab, "can_write", "SavedQuery"));
    assert!(has(&sql_lab, "can_read", "Database") && has(&sql_lab, "can_read", "Query"));
    assert!(
        has(&sql_lab, "can_csv", "Superset"),
        "sql_lab exports CSV, as in Superset"
    );
    for flag in ["can_explore", "can_share_chart", "can_share_dashboard"] {
        assert!(!has(&sql_lab, flag, "Superset"), "sql_lab has no {flag}");
    }
    assert!(!has(&sql_lab, "can_read", "Chart"));

    let public = app.get("/api/v1/me/roles/", &app.token("pub", "pw").await).await;
    assert_eq!(public.json["result"]["roles"]["Public"], json!([]));
    assert_eq!(public.json["result"]["permissions"], json!({}));

    // database_access and datasource_access are granted per role and listed apart.
    let database_id = app
        .state
        .store
        .database_by_name("examples")
        .await
        .unwrap()
        .unwrap()
        .id;
    let database_view = quiver_server::auth::permissions::database_view("examples", database_id);
    let datasource_view =
        quiver_server::auth::permissions::datasource_view("examples", "birth_names", dataset_id);
    app.state
        .store
        .grant_permission("Gamma", "database_access", &database_view)
        .await
        .unwrap();
    app.state
        .store
        .grant_permission("Gamma", "datasource_access", &datasource_view)
        .await
        .unwrap();
    let granted = app.get("/api/v1/me/roles/", &gamma_token).await;
    assert_eq!(
        granted.json["result"]["permissions"],
        json!({"database_access": [database_view], "datasource_access": [datasource_view]})
    );
    assert!(pairs_of(&granted.json, "Gamma").contains(&("database_access".to_owned(), database_view)));
    app.close().await;
}

/// `can_csv` on `Superset` is what a chart's CSV and Excel exports need, role by role; the JSON
/// answer does not need it.
#[tokio::test]
async fn exports_need_can_csv_granted_by_a_role() {
    let app = TestApp::with_examples().await;
    let dataset_id = app.dataset_id("birth_names").await;
    app.state
        .store
        .sync_roles(&[(
            "Viewer",
            vec![
                ("can_read", "Chart"),
                ("all_datasource_access", "all_datasource_access"),
            ],
        )])
        .await
        .unwrap();
    app.create_user("viewer", "pw", &["Viewer"]).await;
    app.create_user("sal", "pw", &["Viewer", "sql_lab"]).await;
    let viewer = app.token("viewer", "pw").await;
    let context = |format: &str| {
        json!({"datasource": {"id": dataset_id, "type": "table"}, "result_format": format,
               "queries": [{"columns": ["gender"], "metrics": ["count"]}]})
    };
    assert_eq!(
        app.post("/api/v1/chart/data", context("json"), &viewer)
            .await
            .status,
        StatusCode::OK
    );
    for format in ["csv", "xlsx"] {
        let refused = app.post("/api/v1/chart/data", context(format), &viewer).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{format}");
        assert_eq!(
            refused.json["message"],
            "You don't have the permission to export data as CSV"
        );
    }
    // sql_lab grants can_csv: the same user with it exports.
    let with_sql_lab = app.token("sal", "pw").await;
    let csv = app
        .post("/api/v1/chart/data", context("csv"), &with_sql_lab)
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    let text = String::from_utf8(csv.bytes.to_vec()).unwrap();
    assert!(text.starts_with("gender,count"), "{text}");
    app.close().await;
}

/// Admin is any role named admin, whatever its case (spec 001 section 6); a role whose name
/// only contains it is not.
#[tokio::test]
async fn any_role_named_admin_in_any_case_is_admin() {
    let app = TestApp::with_examples().await;
    let admin = app.admin().await;
    let dataset_id = app.dataset_id("birth_names").await;
    app.state
        .store
        .sync_roles(&[("ADMIN", vec![]), ("admin", vec![]), ("Administrator", vec![])])
        .await
        .unwrap();
    app.create_user("shouty", "pw", &["ADMIN"]).await;
    app.create_user("quiet", "pw", &["admin"]).await;
    app.create_user("almost", "pw", &["Administrator"]).await;

    let chart_of_admin = |name: &'static str| {
        let app = &app;
        let admin = &admin;
        async move {
            let chart = app
                .post(
                    "/api/v1/chart/",
                    json!({"slice_name": name, "viz_type": "table", "datasource_id": dataset_id, "datasource_type": "table"}),
                    admin,
                )
                .await;
            assert_eq!(chart.status, StatusCode::CREATED, "{}", chart.json);
            chart.json["id"].as_i64().unwrap()
        }
    };
    for user in ["shouty", "quiet"] {
        let who = app.token(user, "pw").await;
        let info = app
            .get("/api/v1/database/_info?q=(keys:!(permissions))", &who)
            .await;
        assert!(
            info.json["permissions"]
                .as_array()
                .unwrap()
                .contains(&json!("can_write")),
            "{user}: {}",
            info.json
        );
        let data = app
            .post(
                "/api/v1/chart/data",
                json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [{"metrics": ["count"]}]}),
                &who,
            )
            .await;
        assert_eq!(data.status, StatusCode::OK, "{user}: {}", data.json);
        // Another user's chart is an admin's to delete.
        let chart_id = chart_of_admin("Someone else's").await;
        let deleted = app
            .call(Method::DELETE, &format!("/api/v1/chart/{chart_id}"), None, &who)
            .await;
        assert_eq!(deleted.status, StatusCode::OK, "{user}: {}", deleted.json);
    }
    let almost = app.token("almost", "pw").await;
    let chart_id = chart_of_admin("Kept").await;
    assert_eq!(
        app.call(
            Method::DELETE,
            &format!("/api/v1/chart/{chart_id}"),
            None,
            &almost
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    let info = app
        .get("/api/v1/database/_info?q=(keys:!(permissions))", &almost)
        .await;
    assert_eq!(info.json, json!({"permissions": []}));
    let data = app
        .post(
            "/api/v1/chart/data",
            json!({"datasource": {"id": dataset_id, "type": "table"}, "queries": [{"metrics": ["count"]}]}),
            &almost,
        )
        .await;
    assert_eq!(data.status, StatusCode::FORBIDDEN);
    app.close().await;
}
