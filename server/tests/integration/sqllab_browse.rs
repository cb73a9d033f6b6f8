//! The left bar's catalogue calls on the four engines: `catalogs/`, `schemas/` and `tables/` per
//! catalog with `force`, `table_metadata/` with foreign keys and indexes, and
//! `table_metadata/extra/` (spec 001 section 7).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use crate::common;
use crate::sqllab::SeededEngines;

use axum::http::StatusCode;
use common::{As, TestApp, ThrowawayDatabase};
use serde_json::{json, Value};
use sqlx::Connection;

/// `authors` and `books`, whose `author_id` refers to `authors.id`, with a plain index on
/// `title` and a unique two-column index.
fn keyed_tables() -> Vec<&'static str> {
    vec![
        "CREATE TABLE authors (id INTEGER PRIMARY KEY, name VARCHAR(64))",
        "CREATE TABLE books (id INTEGER PRIMARY KEY, author_id INTEGER, title VARCHAR(64), \
         CONSTRAINT books_author_fk FOREIGN KEY (author_id) REFERENCES authors (id))",
        "CREATE INDEX books_title_idx ON books (title)",
        "CREATE UNIQUE INDEX books_author_title_idx ON books (author_id, title)",
    ]
}

/// The keyed tables on the four engines, and a second throwaway PostgreSQL database holding
/// `other_schema.ledger` (another catalog).
struct KeyedEngines {
    engines: SeededEngines,
    postgres_other: ThrowawayDatabase,
}

impl KeyedEngines {
    async fn create() -> KeyedEngines {
        let engines = SeededEngines::with_statements(&keyed_tables()).await;
        let postgres_other = ThrowawayDatabase::create().await;
        let mut other = sqlx::PgConnection::connect(&postgres_other.url).await.unwrap();
        for statement in [
            "CREATE SCHEMA other_schema",
            "CREATE TABLE other_schema.ledger (id INTEGER PRIMARY KEY, amount INTEGER)",
        ] {
            sqlx::query(statement).execute(&mut other).await.unwrap();
        }
        other.close().await.unwrap();
        KeyedEngines {
            engines,
            postgres_other,
        }
    }

    /// Each engine's backend name, URI and schema of the keyed tables.
    fn engines(&self) -> [(&'static str, String, String); 4] {
        let [duckdb, sqlite, postgres, mysql] = self.engines.uris();
        [
            (duckdb.0, duckdb.1, "main".to_owned()),
            (sqlite.0, sqlite.1, "main".to_owned()),
            (postgres.0, postgres.1, "public".to_owned()),
            (mysql.0, mysql.1, self.engines.mariadb.name.clone()),
        ]
    }
}

async fn register(app: &TestApp, name: &str, uri: &str, backend: &str) -> i64 {
    crate::sqllab::register(app, name, uri, backend, false).await
}

fn names(answer: &Value) -> Vec<String> {
    answer["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            item.as_str()
                .map_or_else(|| item["value"].as_str().unwrap().to_owned(), str::to_owned)
        })
        .collect()
}

async fn get_ok(app: &TestApp, path: &str, who: &As) -> Value {
    let answer = app.get(path, who).await;
    assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.json);
    answer.json
}

#[tokio::test]
async fn catalogs_are_listed_where_the_engine_has_them_and_scope_schemas_and_tables() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let seeded = KeyedEngines::create().await;
    let [duckdb, sqlite, postgres, mariadb] = seeded.engines();
    let duckdb_id = register(&app, "duck", &duckdb.1, duckdb.0).await;
    let sqlite_id = register(&app, "lite", &sqlite.1, sqlite.0).await;
    let postgres_id = register(&app, "pg", &postgres.1, postgres.0).await;
    let mariadb_id = register(&app, "maria", &mariadb.1, mariadb.0).await;

    // SQLite and MySQL have no catalogs (Superset's `supports_catalog` false): an empty list.
    for id in [sqlite_id, mariadb_id] {
        let catalogs = get_ok(
            &app,
            &format!("/api/v1/database/{id}/catalogs/?q=(force:!t)"),
            &admin,
        )
        .await;
        assert_eq!(catalogs, json!({"result": []}));
        let unknown = app
            .get(
                &format!("/api/v1/database/{id}/schemas/?q=(catalog:nope)"),
                &admin,
            )
            .await;
        assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.json);
        assert_eq!(unknown.json["message"], "Catalog nope not found");
    }

    // DuckDB: its attached databases, the file's own one here.
    let duck_catalogs = get_ok(&app, &format!("/api/v1/database/{duckdb_id}/catalogs/"), &admin).await;
    assert_eq!(duck_catalogs, json!({"result": ["lab"]}));
    let duck_schemas = get_ok(
        &app,
        &format!("/api/v1/database/{duckdb_id}/schemas/?q=(catalog:lab,force:!t)"),
        &admin,
    )
    .await;
    assert_eq!(duck_schemas["result"], json!(["main"]));
    let duck_tables = get_ok(
        &app,
        &format!("/api/v1/database/{duckdb_id}/tables/?q=(catalog_name:lab,force:!t,schema_name:main)"),
        &admin,
    )
    .await;
    assert_eq!(names(&duck_tables), ["authors", "books"]);
    assert_eq!(duck_tables["count"], 2);
    let duck_unknown = app
        .get(
            &format!("/api/v1/database/{duckdb_id}/tables/?q=(catalog_name:nope,schema_name:main)"),
            &admin,
        )
        .await;
    assert_eq!(duck_unknown.status, StatusCode::NOT_FOUND);

    // PostgreSQL: the cluster's databases, sorted, without templates; another catalog's schemas
    // and tables are read from that database.
    let pg_catalogs = names(
        &get_ok(
            &app,
            &format!("/api/v1/database/{postgres_id}/catalogs/?q=(force:!f)"),
            &admin,
        )
        .await,
    );
    assert!(
        pg_catalogs.contains(&seeded.engines.postgres.name),
        "{pg_catalogs:?}"
    );
    assert!(
        pg_catalogs.contains(&seeded.postgres_other.name),
        "{pg_catalogs:?}"
    );
    assert!(pg_catalogs.contains(&"postgres".to_owned()), "{pg_catalogs:?}");
    assert!(
        !pg_catalogs.iter().any(|name| name.starts_with("template")),
        "{pg_catalogs:?}"
    );
    let mut sorted = pg_catalogs.clone();
    sorted.sort();
    assert_eq!(pg_catalogs, sorted);

    let own_schemas = names(&get_ok(&app, &format!("/api/v1/database/{postgres_id}/schemas/"), &admin).await);
    assert!(own_schemas.contains(&"public".to_owned()), "{own_schemas:?}");
    assert!(
        !own_schemas.contains(&"other_schema".to_owned()),
        "{own_schemas:?}"
    );
    let other = &seeded.postgres_other.name;
    let other_schemas = names(
        &get_ok(
            &app,
            &format!("/api/v1/database/{postgres_id}/schemas/?q=(catalog:{other},force:!t)"),
            &admin,
        )
        .await,
    );
    assert!(
        other_schemas.contains(&"other_schema".to_owned()),
        "{other_schemas:?}"
    );
    let other_tables = get_ok(
        &app,
        &format!("/api/v1/database/{postgres_id}/tables/?q=(catalog_name:{other},schema_name:other_schema)"),
        &admin,
    )
    .await;
    assert_eq!(names(&other_tables), ["ledger"]);
    let own_tables = get_ok(
        &app,
        &format!(
            "/api/v1/database/{postgres_id}/tables/?q=(catalog_name:{},schema_name:public)",
            seeded.engines.postgres.name
        ),
        &admin,
    )
    .await;
    assert_eq!(names(&own_tables), ["authors", "books"]);
    let ledger = get_ok(
        &app,
        &format!(
            "/api/v1/database/{postgres_id}/table_metadata/?name=ledger&schema=other_schema&catalog={other}"
        ),
        &admin,
    )
    .await;
    assert_eq!(ledger["primaryKey"]["constrained_columns"], json!(["id"]));
    let unknown = app
        .get(
            &format!("/api/v1/database/{postgres_id}/schemas/?q=(catalog:quiver_no_such_catalog)"),
            &admin,
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(
        unknown.json["message"],
        "Catalog quiver_no_such_catalog not found"
    );

    // The same access checks as `schemas`: a user without database access is refused.
    app.create_user("gamma_browse", "secret", &["Gamma"]).await;
    let gamma = app.token("gamma_browse", "secret").await;
    let refused = app
        .get(&format!("/api/v1/database/{postgres_id}/catalogs/"), &gamma)
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.json);
    let anonymous = app
        .get(
            &format!("/api/v1/database/{postgres_id}/catalogs/"),
            &As::Anonymous,
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    app.close().await;
}

#[tokio::test]
async fn table_metadata_lists_foreign_keys_and_indexes_on_the_four_engines() {
    let app = TestApp::new().await;
    let admin = app.admin().await;
    let seeded = KeyedEngines::create().await;
    for (backend, uri, schema) in seeded.engines() {
        let id = register(&app, &format!("{backend} keyed"), &uri, backend).await;
        let books = get_ok(
            &app,
            &format!("/api/v1/database/{id}/table_metadata/?name=books&schema={schema}"),
            &admin,
        )
        .await;
        assert_eq!(
            books["primaryKey"]["constrained_columns"],
            json!(["id"]),
            "{backend}"
        );
        // PostgreSQL names the key's constraint; the others' catalogues are read without one.
        let primary_key_name = if backend == "postgresql" {
            json!("books_pkey")
        } else {
            Value::Null
        };
        assert_eq!(books["primaryKey"]["name"], primary_key_name, "{backend}");

        let foreign_keys = books["foreignKeys"].as_array().unwrap();
        assert_eq!(foreign_keys.len(), 1, "{backend}: {foreign_keys:?}");
        let foreign_key = &foreign_keys[0];
        assert_eq!(foreign_key["column_names"], json!(["author_id"]), "{backend}");
        assert_eq!(foreign_key["referred_table"], "authors", "{backend}");
        assert_eq!(foreign_key["referred_columns"], json!(["id"]), "{backend}");
        assert_eq!(foreign_key["type"], "fk", "{backend}");
        assert_eq!(foreign_key["options"], json!({}), "{backend}");
        match backend {
            // SQLite's catalogue keeps neither the constraint's name nor a schema.
            "sqlite" => {
                assert_eq!(foreign_key["name"], Value::Null);
                assert_eq!(foreign_key["referred_schema"], Value::Null);
            }
            _ => {
                assert_eq!(foreign_key["referred_schema"], schema.as_str(), "{backend}");
                assert!(foreign_key["name"].is_string(), "{backend}: {foreign_key}");
            }
        }
        if matches!(backend, "postgresql" | "mysql") {
            assert_eq!(foreign_key["name"], "books_author_fk", "{backend}");
        }

        // MariaDB adds an index of its own for the foreign key's column when the key is made.
        let indexes: Vec<Value> = books["indexes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|index| !(backend == "mysql" && index["name"] == "books_author_fk"))
            .cloned()
            .collect();
        let index = |name: &str| {
            indexes
                .iter()
                .find(|index| index["name"] == name)
                .unwrap_or_else(|| panic!("{backend}: no index {name} in {indexes:?}"))
                .clone()
        };
        assert_eq!(
            index("books_title_idx"),
            json!({"name": "books_title_idx", "column_names": ["title"], "unique": false,
                   "type": "index", "options": {}}),
            "{backend}"
        );
        assert_eq!(
            index("books_author_title_idx"),
            json!({"name": "books_author_title_idx", "column_names": ["author_id", "title"],
                   "unique": true, "type": "index", "options": {}}),
            "{backend}"
        );
        // The primary key's own index is not an index of the list (as SQLAlchemy's).
        assert!(
            indexes.iter().all(|index| index["column_names"] != json!(["id"])),
            "{backend}: {indexes:?}"
        );
        assert_eq!(indexes.len(), 2, "{backend}: {indexes:?}");

        let authors = get_ok(
            &app,
            &format!("/api/v1/database/{id}/table_metadata/?name=authors&schema={schema}"),
            &admin,
        )
        .await;
        assert_eq!(authors["foreignKeys"], json!([]), "{backend}");
        assert_eq!(authors["indexes"], json!([]), "{backend}");

        let extra = get_ok(
            &app,
            &format!("/api/v1/database/{id}/table_metadata/extra/?name=books&schema={schema}"),
            &admin,
        )
        .await;
        assert_eq!(extra, json!({}), "{backend}");
    }
    app.close().await;
}
