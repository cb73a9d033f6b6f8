//! SQL Lab tabs kept on the server (`tab_state`) and the tables opened in them (`table_schema`):
//! one active tab per user, runs moved into a tab, tables replaced when opened again.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::query::{query_from_row, QueryRecord, QUERY_COLUMNS};
use super::{get_bool, now_text, Store, StoreError, StoreResult};

/// A tab about to be created.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewTabState {
    pub label: String,
    pub database_id: Option<i64>,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub sql: String,
    pub query_limit: Option<i64>,
    pub template_params: Option<String>,
    pub autorun: bool,
    pub hide_left_bar: bool,
    pub saved_query_id: Option<i64>,
}

/// A tab as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct TabStateRecord {
    pub id: i64,
    pub user_id: i64,
    pub label: String,
    pub active: bool,
    pub database_id: Option<i64>,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub sql: Option<String>,
    pub query_limit: Option<i64>,
    pub latest_query_id: Option<String>,
    pub autorun: bool,
    pub template_params: Option<String>,
    pub hide_left_bar: bool,
    pub saved_query_id: Option<i64>,
    /// The label of the saved query the tab came from.
    pub saved_query_label: Option<String>,
    pub extra_json: String,
}

/// A new value for one column of a tab.
#[derive(Debug, Clone, PartialEq)]
pub enum TabValue {
    Text(Option<String>),
    Integer(Option<i64>),
    Bool(bool),
}

/// A table opened in a tab.
#[derive(Debug, Clone, PartialEq)]
pub struct TableSchemaRecord {
    pub id: i64,
    pub tab_state_id: i64,
    pub database_id: i64,
    pub catalog: Option<String>,
    pub schema: Option<String>,
    pub table: String,
    /// The client's table, as JSON text.
    pub description: Option<String>,
    pub expanded: bool,
}

/// A table about to be opened in a tab.
#[derive(Debug, Clone, PartialEq)]
pub struct NewTableSchema<'a> {
    pub tab_state_id: i64,
    pub database_id: i64,
    pub catalog: Option<&'a str>,
    pub schema: Option<&'a str>,
    pub table: &'a str,
    pub description: &'a str,
    pub expanded: bool,
}

const TAB_SELECT: &str = "SELECT tab_state.id, tab_state.user_id, tab_state.label, tab_state.active,
        tab_state.database_id, tab_state.catalog, tab_state.schema, tab_state.sql, tab_state.query_limit,
        tab_state.latest_query_id, tab_state.autorun, tab_state.template_params, tab_state.hide_left_bar,
        tab_state.saved_query_id, tab_state.extra_json, saved_query.label AS saved_query_label
    FROM tab_state LEFT JOIN saved_query ON saved_query.id = tab_state.saved_query_id";

fn tab_from_row(row: &AnyRow) -> StoreResult<TabStateRecord> {
    Ok(TabStateRecord {
        id: row.try_get("id")?,
        user_id: row.try_get("user_id")?,
        label: row.try_get("label")?,
        active: get_bool(row, "active")?,
        database_id: row.try_get("database_id")?,
        catalog: row.try_get("catalog")?,
        schema: row.try_get("schema")?,
        sql: row.try_get("sql")?,
        query_limit: row.try_get("query_limit")?,
        latest_query_id: row.try_get("latest_query_id")?,
        autorun: get_bool(row, "autorun")?,
        template_params: row.try_get("template_params")?,
        hide_left_bar: get_bool(row, "hide_left_bar")?,
        saved_query_id: row.try_get("saved_query_id")?,
        saved_query_label: row.try_get("saved_query_label")?,
        extra_json: row.try_get("extra_json")?,
    })
}

fn table_schema_from_row(row: &AnyRow) -> StoreResult<TableSchemaRecord> {
    Ok(TableSchemaRecord {
        id: row.try_get("id")?,
        tab_state_id: row.try_get("tab_state_id")?,
        database_id: row.try_get("database_id")?,
        catalog: row.try_get("catalog")?,
        schema: row.try_get("schema")?,
        table: row.try_get("table")?,
        description: row.try_get("description")?,
        expanded: get_bool(row, "expanded")?,
    })
}

impl Store {
    /// Creates a tab for a user and makes it their active one.
    pub async fn create_tab_state(&self, user_id: i64, tab: &NewTabState) -> StoreResult<i64> {
        let now = now_text();
        let mut transaction = self.begin_write().await?;
        sqlx::query("UPDATE tab_state SET active = $1 WHERE user_id = $2")
            .bind(false)
            .bind(user_id)
            .execute(&mut *transaction)
            .await?;
        let id = sqlx::query_scalar(
            "INSERT INTO tab_state (user_id, label, active, database_id, catalog, schema, sql, query_limit,
                                    autorun, template_params, hide_left_bar, saved_query_id, extra_json,
                                    created_on, changed_on)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '{}', $13, $13) RETURNING id",
        )
        .bind(user_id)
        .bind(&tab.label)
        .bind(true)
        .bind(tab.database_id)
        .bind(tab.catalog.as_deref())
        .bind(tab.schema.as_deref())
        .bind(&tab.sql)
        .bind(tab.query_limit)
        .bind(tab.autorun)
        .bind(tab.template_params.as_deref())
        .bind(tab.hide_left_bar)
        .bind(tab.saved_query_id)
        .bind(&now)
        .fetch_one(&mut *transaction)
        .await?;
        transaction.commit().await?;
        Ok(id)
    }

    pub async fn tab_state(&self, id: i64) -> StoreResult<TabStateRecord> {
        let row = sqlx::query(&format!("{TAB_SELECT} WHERE tab_state.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound)?;
        tab_from_row(&row)
    }

    /// Every tab of a user, in creation order.
    pub async fn user_tab_states(&self, user_id: i64) -> StoreResult<Vec<TabStateRecord>> {
        sqlx::query(&format!(
            "{TAB_SELECT} WHERE tab_state.user_id = $1 ORDER BY tab_state.id"
        ))
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(tab_from_row)
        .collect()
    }

    /// Sets the given columns of a tab. Column names come from the caller's fixed list.
    pub async fn update_tab_state(&self, id: i64, changes: &[(&'static str, TabValue)]) -> StoreResult<()> {
        let mut assignments = Vec::with_capacity(changes.len() + 1);
        for (index, (column, _)) in changes.iter().enumerate() {
            assignments.push(format!("{column} = ${}", index + 1));
        }
        assignments.push(format!("changed_on = ${}", changes.len() + 1));
        let sql = format!(
            "UPDATE tab_state SET {} WHERE id = ${}",
            assignments.join(", "),
            changes.len() + 2
        );
        let mut query = sqlx::query(&sql);
        for (_, value) in changes {
            query = match value {
                TabValue::Text(text) => query.bind(text.clone()),
                TabValue::Integer(number) => query.bind(*number),
                TabValue::Bool(flag) => query.bind(*flag),
            };
        }
        let result = query.bind(now_text()).bind(id).execute(&self.pool).await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Makes a tab its user's only active one.
    pub async fn activate_tab_state(&self, id: i64, user_id: i64) -> StoreResult<()> {
        let mut transaction = self.begin_write().await?;
        sqlx::query("UPDATE tab_state SET active = (id = $1) WHERE user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        Ok(())
    }

    /// Deletes a tab with its tables.
    pub async fn delete_tab_state(&self, id: i64) -> StoreResult<()> {
        let mut transaction = self.begin_write().await?;
        sqlx::query("DELETE FROM table_schema WHERE tab_state_id = $1")
            .bind(id)
            .execute(&mut *transaction)
            .await?;
        let result = sqlx::query("DELETE FROM tab_state WHERE id = $1")
            .bind(id)
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Moves a user's run into a tab (`migrate_query`). Returns whether a run moved.
    pub async fn move_query_to_tab(
        &self,
        client_id: &str,
        user_id: i64,
        tab_state_id: i64,
    ) -> StoreResult<bool> {
        let result = sqlx::query("UPDATE query SET sql_editor_id = $1 WHERE client_id = $2 AND user_id = $3")
            .bind(tab_state_id.to_string())
            .bind(client_id)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected() > 0)
    }

    /// Deletes a user's run of a tab. Returns whether one was deleted.
    pub async fn delete_tab_query(
        &self,
        tab_state_id: i64,
        client_id: &str,
        user_id: i64,
    ) -> StoreResult<bool> {
        let result =
            sqlx::query("DELETE FROM query WHERE client_id = $1 AND user_id = $2 AND sql_editor_id = $3")
                .bind(client_id)
                .bind(user_id)
                .bind(tab_state_id.to_string())
                .execute(&self.pool)
                .await?;
        Ok(result.rows_affected() > 0)
    }

    /// The latest runs of a user in the given tabs (sql editor ids), newest first.
    pub async fn tab_queries(
        &self,
        user_id: i64,
        tab_ids: &[i64],
        limit: i64,
    ) -> StoreResult<Vec<QueryRecord>> {
        if tab_ids.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders = (0..tab_ids.len())
            .map(|index| format!("${}", index + 2))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {QUERY_COLUMNS} FROM query WHERE user_id = $1 AND sql_editor_id IN ({placeholders})
             ORDER BY changed_on DESC, id DESC LIMIT {limit}"
        );
        let mut query = sqlx::query(&sql).bind(user_id);
        for id in tab_ids {
            query = query.bind(id.to_string());
        }
        query
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(query_from_row)
            .collect()
    }

    /// Opens a table in a tab; the same table opened before is updated in place (its id kept),
    /// with the new description and `expanded`.
    pub async fn create_table_schema(&self, table: &NewTableSchema<'_>) -> StoreResult<i64> {
        let now = now_text();
        let mut transaction = self.begin_write().await?;
        let existing: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM table_schema WHERE tab_state_id = $1 AND database_id = $2 AND \"table\" = $3
               AND COALESCE(catalog, '') = COALESCE($4, '') AND COALESCE(schema, '') = COALESCE($5, '')
             ORDER BY id LIMIT 1",
        )
        .bind(table.tab_state_id)
        .bind(table.database_id)
        .bind(table.table)
        .bind(table.catalog)
        .bind(table.schema)
        .fetch_optional(&mut *transaction)
        .await?;
        let id = match existing {
            Some(id) => {
                sqlx::query(
                    "UPDATE table_schema SET description = $1, expanded = $2, changed_on = $3 WHERE id = $4",
                )
                .bind(table.description)
                .bind(table.expanded)
                .bind(&now)
                .bind(id)
                .execute(&mut *transaction)
                .await?;
                id
            }
            None => {
                sqlx::query_scalar(
                    "INSERT INTO table_schema (tab_state_id, database_id, catalog, schema, \"table\", description,
                                               expanded, created_on, changed_on)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
                )
                .bind(table.tab_state_id)
                .bind(table.database_id)
                .bind(table.catalog)
                .bind(table.schema)
                .bind(table.table)
                .bind(table.description)
                .bind(table.expanded)
                .bind(&now)
                .fetch_one(&mut *transaction)
                .await?
            }
        };
        transaction.commit().await?;
        Ok(id)
    }

    pub async fn table_schema(&self, id: i64) -> StoreResult<TableSchemaRecord> {
        let row = sqlx::query(
            "SELECT id, tab_state_id, database_id, catalog, schema, \"table\", description, expanded
             FROM table_schema WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound)?;
        table_schema_from_row(&row)
    }

    /// The tables opened in a tab, in opening order.
    pub async fn tab_table_schemas(&self, tab_state_id: i64) -> StoreResult<Vec<TableSchemaRecord>> {
        sqlx::query(
            "SELECT id, tab_state_id, database_id, catalog, schema, \"table\", description, expanded
             FROM table_schema WHERE tab_state_id = $1 ORDER BY id",
        )
        .bind(tab_state_id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(table_schema_from_row)
        .collect()
    }

    pub async fn set_table_schema_expanded(&self, id: i64, expanded: bool) -> StoreResult<()> {
        let result = sqlx::query("UPDATE table_schema SET expanded = $1, changed_on = $2 WHERE id = $3")
            .bind(expanded)
            .bind(now_text())
            .bind(id)
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub async fn delete_table_schema(&self, id: i64) -> StoreResult<()> {
        let result = sqlx::query("DELETE FROM table_schema WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}
