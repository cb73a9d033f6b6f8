//! Users, roles, permissions and browser sessions.

use std::collections::{BTreeMap, BTreeSet};

use sqlx::Row;

use super::{conflict_on_unique, get_bool, now_text, Store, StoreError, StoreResult};

/// A stored user account.
#[derive(Debug, Clone, PartialEq)]
pub struct UserRecord {
    pub id: i64,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password_hash: String,
    pub active: bool,
}

/// A new account.
#[derive(Debug, Clone)]
pub struct NewUser<'a> {
    pub username: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub roles: &'a [&'a str],
}

/// A browser session.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionRecord {
    pub id: String,
    pub user_id: i64,
    pub csrf_token: String,
    pub expires_on: String,
}

const USER_COLUMNS: &str = "id, username, first_name, last_name, email, password, active";

fn user_from_row(row: &sqlx::any::AnyRow) -> StoreResult<UserRecord> {
    Ok(UserRecord {
        id: row.try_get("id")?,
        username: row.try_get("username")?,
        first_name: row.try_get("first_name")?,
        last_name: row.try_get("last_name")?,
        email: row.try_get("email")?,
        password_hash: row.try_get("password")?,
        active: get_bool(row, "active")?,
    })
}

impl Store {
    /// Creates an account with the given roles (which must exist).
    pub async fn create_user(&self, user: &NewUser<'_>) -> StoreResult<i64> {
        let now = now_text();
        let mut tx = self.begin_write().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO ab_user (username, first_name, last_name, email, password, active, created_on, changed_on)
             VALUES ($1, $2, $3, $4, $5, TRUE, $6, $6) RETURNING id",
        )
        .bind(user.username)
        .bind(user.first_name)
        .bind(user.last_name)
        .bind(user.email)
        .bind(user.password_hash)
        .bind(&now)
        .fetch_one(&mut *tx)
        .await
        .map_err(|error| conflict_on_unique(error, || format!("User {} already exists", user.username)))?;
        for role in user.roles {
            let role_id: Option<i64> = sqlx::query_scalar("SELECT id FROM ab_role WHERE name = $1")
                .bind(*role)
                .fetch_optional(&mut *tx)
                .await?;
            let role_id =
                role_id.ok_or_else(|| StoreError::Conflict(format!("Role {role} does not exist")))?;
            sqlx::query("INSERT INTO ab_user_role (user_id, role_id) VALUES ($1, $2)")
                .bind(id)
                .bind(role_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    pub async fn user_by_username(&self, username: &str) -> StoreResult<Option<UserRecord>> {
        let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM ab_user WHERE username = $1"))
            .bind(username)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(user_from_row).transpose()
    }

    pub async fn user_by_id(&self, id: i64) -> StoreResult<Option<UserRecord>> {
        let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM ab_user WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(user_from_row).transpose()
    }

    pub async fn count_users(&self) -> StoreResult<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM ab_user")
            .fetch_one(&self.pool)
            .await?)
    }

    pub async fn set_password(&self, user_id: i64, password_hash: &str) -> StoreResult<()> {
        let result = sqlx::query("UPDATE ab_user SET password = $1, changed_on = $2 WHERE id = $3")
            .bind(password_hash)
            .bind(now_text())
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        if result.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// The avatar URL stored for a user (Superset's `user_attribute.avatar_url`), if any.
    pub async fn user_avatar_url(&self, user_id: i64) -> StoreResult<Option<String>> {
        let url: Option<Option<String>> =
            sqlx::query_scalar("SELECT avatar_url FROM user_attribute WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(url.flatten().filter(|url| !url.is_empty()))
    }

    /// Stores (or, with `None`, clears) a user's avatar URL (Superset's `UserDAO.set_avatar_url`).
    pub async fn set_user_avatar_url(&self, user_id: i64, avatar_url: Option<&str>) -> StoreResult<()> {
        let now = now_text();
        sqlx::query(
            "INSERT INTO user_attribute (user_id, avatar_url, created_on, changed_on) VALUES ($1, $2, $3, $3)
             ON CONFLICT (user_id) DO UPDATE SET avatar_url = excluded.avatar_url, changed_on = excluded.changed_on",
        )
        .bind(user_id)
        .bind(avatar_url)
        .bind(&now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn record_login(&self, user_id: i64) -> StoreResult<()> {
        sqlx::query("UPDATE ab_user SET last_login = $1, login_count = login_count + 1 WHERE id = $2")
            .bind(now_text())
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Makes sure every role exists with exactly the given permissions (idempotent; run at start).
    pub async fn sync_roles(&self, roles: &[(&str, Vec<(&str, &str)>)]) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        for (role, permissions) in roles {
            let existing: Option<i64> = sqlx::query_scalar("SELECT id FROM ab_role WHERE name = $1")
                .bind(*role)
                .fetch_optional(&mut *tx)
                .await?;
            let role_id = match existing {
                Some(id) => id,
                None => {
                    sqlx::query_scalar("INSERT INTO ab_role (name) VALUES ($1) RETURNING id")
                        .bind(*role)
                        .fetch_one(&mut *tx)
                        .await?
                }
            };
            sqlx::query("DELETE FROM ab_permission_view_role WHERE role_id = $1")
                .bind(role_id)
                .execute(&mut *tx)
                .await?;
            for (permission, view) in permissions {
                let existing: Option<i64> = sqlx::query_scalar(
                    "SELECT id FROM ab_permission_view WHERE permission = $1 AND view_menu = $2",
                )
                .bind(*permission)
                .bind(*view)
                .fetch_optional(&mut *tx)
                .await?;
                let permission_view_id = match existing {
                    Some(id) => id,
                    None => sqlx::query_scalar(
                        "INSERT INTO ab_permission_view (permission, view_menu) VALUES ($1, $2) RETURNING id",
                    )
                    .bind(*permission)
                    .bind(*view)
                    .fetch_one(&mut *tx)
                    .await?,
                };
                sqlx::query(
                    "INSERT INTO ab_permission_view_role (role_id, permission_view_id) VALUES ($1, $2)",
                )
                .bind(role_id)
                .bind(permission_view_id)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Grants one extra permission to a role (for example `datasource_access` on one dataset).
    pub async fn grant_permission(&self, role: &str, permission: &str, view: &str) -> StoreResult<()> {
        let mut tx = self.begin_write().await?;
        let role_id: i64 = sqlx::query_scalar("SELECT id FROM ab_role WHERE name = $1")
            .bind(role)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(StoreError::NotFound)?;
        let existing: Option<i64> =
            sqlx::query_scalar("SELECT id FROM ab_permission_view WHERE permission = $1 AND view_menu = $2")
                .bind(permission)
                .bind(view)
                .fetch_optional(&mut *tx)
                .await?;
        let permission_view_id = match existing {
            Some(id) => id,
            None => {
                sqlx::query_scalar(
                    "INSERT INTO ab_permission_view (permission, view_menu) VALUES ($1, $2) RETURNING id",
                )
                .bind(permission)
                .bind(view)
                .fetch_one(&mut *tx)
                .await?
            }
        };
        let already: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM ab_permission_view_role WHERE role_id = $1 AND permission_view_id = $2",
        )
        .bind(role_id)
        .bind(permission_view_id)
        .fetch_one(&mut *tx)
        .await?;
        if already == 0 {
            sqlx::query("INSERT INTO ab_permission_view_role (role_id, permission_view_id) VALUES ($1, $2)")
                .bind(role_id)
                .bind(permission_view_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The user's roles with their `(permission, view)` pairs.
    pub async fn user_roles(
        &self,
        user_id: i64,
    ) -> StoreResult<BTreeMap<String, BTreeSet<(String, String)>>> {
        let rows = sqlx::query(
            "SELECT r.name AS role, pv.permission AS permission, pv.view_menu AS view_menu
             FROM ab_user_role ur
             JOIN ab_role r ON r.id = ur.role_id
             LEFT JOIN ab_permission_view_role pvr ON pvr.role_id = r.id
             LEFT JOIN ab_permission_view pv ON pv.id = pvr.permission_view_id
             WHERE ur.user_id = $1",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        let mut roles: BTreeMap<String, BTreeSet<(String, String)>> = BTreeMap::new();
        for row in rows {
            let role: String = row.try_get("role")?;
            let permissions = roles.entry(role).or_default();
            let permission: Option<String> = row.try_get("permission")?;
            let view: Option<String> = row.try_get("view_menu")?;
            if let (Some(permission), Some(view)) = (permission, view) {
                permissions.insert((permission, view));
            }
        }
        Ok(roles)
    }

    pub async fn create_session(&self, session: &SessionRecord) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO sessions (id, user_id, csrf_token, created_on, expires_on) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&session.id)
        .bind(session.user_id)
        .bind(&session.csrf_token)
        .bind(now_text())
        .bind(&session.expires_on)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A live session (not expired at `now`).
    pub async fn session(&self, id: &str, now: &str) -> StoreResult<Option<SessionRecord>> {
        let row = sqlx::query(
            "SELECT id, user_id, csrf_token, expires_on FROM sessions WHERE id = $1 AND expires_on > $2",
        )
        .bind(id)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| -> StoreResult<SessionRecord> {
            Ok(SessionRecord {
                id: row.try_get("id")?,
                user_id: row.try_get("user_id")?,
                csrf_token: row.try_get("csrf_token")?,
                expires_on: row.try_get("expires_on")?,
            })
        })
        .transpose()
    }

    pub async fn delete_session(&self, id: &str) -> StoreResult<()> {
        sqlx::query("DELETE FROM sessions WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Drops expired sessions; returns how many.
    pub async fn delete_expired_sessions(&self, now: &str) -> StoreResult<u64> {
        let result = sqlx::query("DELETE FROM sessions WHERE expires_on <= $1")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(result.rows_affected())
    }
}
