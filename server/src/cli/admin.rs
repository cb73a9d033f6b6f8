//! `quiver admin create-user`, `quiver admin reset-password` and `quiver admin set-avatar`.

use clap::Subcommand;

use crate::auth::password::{hash_password, PasswordError};
use crate::auth::permissions::builtin_roles;
use crate::config::Settings;
use crate::store::user::NewUser;
use crate::store::{Store, StoreError};

#[derive(Debug, Clone, Subcommand)]
pub enum AdminCommand {
    /// Create a user account.
    CreateUser {
        #[arg(long)]
        username: String,
        /// The password (or set QUIVER_NEW_PASSWORD).
        #[arg(long, env = "QUIVER_NEW_PASSWORD", hide_env_values = true)]
        password: String,
        /// Admin, Alpha, Gamma, sql_lab or Public; repeat for several.
        #[arg(long = "role", default_value = "Gamma")]
        roles: Vec<String>,
        #[arg(long, default_value = "")]
        first_name: String,
        #[arg(long, default_value = "")]
        last_name: String,
        #[arg(long, default_value = "")]
        email: String,
    },
    /// Set a user's password.
    ResetPassword {
        #[arg(long)]
        username: String,
        /// The new password (or set QUIVER_NEW_PASSWORD).
        #[arg(long, env = "QUIVER_NEW_PASSWORD", hide_env_values = true)]
        password: String,
    },
    /// Set (or, with an empty URL, clear) the avatar image URL that
    /// `GET /api/v1/user/{id}/avatar.png` redirects to.
    SetAvatar {
        #[arg(long)]
        username: String,
        /// An http or https image address.
        #[arg(long)]
        url: String,
    },
}

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Password(#[from] PasswordError),
    #[error("there is no user {0}")]
    NoSuchUser(String),
    #[error("the password must not be empty")]
    EmptyPassword,
    #[error("the avatar URL must start with http:// or https://")]
    InvalidAvatarUrl,
}

/// How often a command is tried while a running server holds SQLite's write lock.
const LOCKED_ATTEMPTS: u32 = 10;

/// Runs an admin command. On SQLite, a server writing at the same moment can refuse the
/// command's write with "database is locked" (a read turned write that cannot wait); the command
/// is then tried again after a pause. Each step is idempotent or was rolled back by the refusal.
pub async fn run(settings: Settings, command: AdminCommand) -> Result<String, AdminError> {
    let mut attempt = 1;
    loop {
        match run_once(&settings, command.clone()).await {
            Err(AdminError::Store(error))
                if attempt < LOCKED_ATTEMPTS && error.to_string().contains("database is locked") =>
            {
                attempt += 1;
                tokio::time::sleep(std::time::Duration::from_millis(200 * u64::from(attempt))).await;
            }
            answer => return answer,
        }
    }
}

async fn run_once(settings: &Settings, command: AdminCommand) -> Result<String, AdminError> {
    std::fs::create_dir_all(&settings.home).ok();
    let store = Store::connect(&settings.metadata_url()).await?;
    store.sync_roles(&builtin_roles()).await?;
    let message = match command {
        AdminCommand::CreateUser {
            username,
            password,
            roles,
            first_name,
            last_name,
            email,
        } => {
            if password.is_empty() {
                return Err(AdminError::EmptyPassword);
            }
            let hash = hash_password(&password)?;
            let roles: Vec<&str> = roles.iter().map(String::as_str).collect();
            let id = store
                .create_user(&NewUser {
                    username: &username,
                    first_name: &first_name,
                    last_name: &last_name,
                    email: &email,
                    password_hash: &hash,
                    roles: &roles,
                })
                .await?;
            format!(
                "created user {username} (id {id}) with roles {}",
                roles.join(", ")
            )
        }
        AdminCommand::ResetPassword { username, password } => {
            if password.is_empty() {
                return Err(AdminError::EmptyPassword);
            }
            let user = store
                .user_by_username(&username)
                .await?
                .ok_or_else(|| AdminError::NoSuchUser(username.clone()))?;
            store.set_password(user.id, &hash_password(&password)?).await?;
            format!("password of {username} changed")
        }
        AdminCommand::SetAvatar { username, url } => {
            let is_web_address = url.starts_with("https://") || url.starts_with("http://");
            let has_header_safe_text = url.chars().all(|character| character.is_ascii_graphic());
            let is_usable_avatar_url = is_web_address && has_header_safe_text;
            if !url.is_empty() && !is_usable_avatar_url {
                return Err(AdminError::InvalidAvatarUrl);
            }
            let user = store
                .user_by_username(&username)
                .await?
                .ok_or_else(|| AdminError::NoSuchUser(username.clone()))?;
            let avatar_url = (!url.is_empty()).then_some(url.as_str());
            store.set_user_avatar_url(user.id, avatar_url).await?;
            match avatar_url {
                Some(url) => format!("avatar of {username} set to {url}"),
                None => format!("avatar of {username} cleared"),
            }
        }
    };
    store.close().await;
    Ok(message)
}
