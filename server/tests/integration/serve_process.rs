//! `quiver serve` as a process: settings from `QUIVER_HOME/quiver.toml` under the environment,
//! the secret key generated into the home folder once, JSON log lines, and a graceful stop on
//! SIGTERM and SIGINT.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed step is a failed test

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A port nobody listens on right now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The status line of `GET /health`, or None while nothing answers.
fn health(port: u16) -> Option<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        stream,
        "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    answer.lines().next().map(str::to_owned)
}

struct Server {
    child: Child,
    lines: mpsc::Receiver<String>,
}

/// The status line of `POST /api/v1/security/login` for a user and password.
fn login_status(port: u16, username: &str, password: &str) -> String {
    let body = serde_json::json!({"username": username, "password": password, "provider": "db"}).to_string();
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        stream,
        "POST /api/v1/security/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer.lines().next().unwrap_or_default().to_owned()
}

/// Runs `quiver admin ...` on `home`; answers whether it succeeded and what it printed.
fn admin(home: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_quiver"))
        .arg("admin")
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("QUIVER_HOME", home)
        .output()
        .unwrap();
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), printed)
}

/// Starts the real binary with `home` and the given environment, and waits for `/health` on `port`.
fn start(home: &Path, port: u16, env: &[(&str, String)]) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_quiver"));
    command
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("QUIVER_HOME", home)
        .env("QUIVER_ADMIN_PASSWORD", "admin")
        .env("QUIVER_LOAD_EXAMPLES", "false")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        // An empty value unsets the variable (the defaults above included).
        if value.is_empty() {
            command.env_remove(name);
        } else {
            command.env(name, value);
        }
    }
    let mut child = command.spawn().unwrap();
    let (sender, lines) = mpsc::channel();
    for stream in [
        Box::new(child.stdout.take().unwrap()) as Box<dyn Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ] {
        let sender = sender.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
    }
    let started = Instant::now();
    while health(port).is_none() {
        if let Some(status) = child.try_wait().unwrap() {
            let output: Vec<String> = lines.try_iter().collect();
            panic!("the server exited with {status}: {output:#?}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the server did not answer in 60 s"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    Server { child, lines }
}

/// Sends `signal` and waits for the exit; returns whether it succeeded and every line printed.
fn stop(mut server: Server, signal: &str) -> (bool, Vec<String>) {
    let pid = server.child.id().to_string();
    assert!(Command::new("kill")
        .args([signal, &pid])
        .status()
        .unwrap()
        .success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the server did not stop in 20 s after {signal}"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    // The reader threads end with the pipes; give them a moment to pass the last lines on.
    let mut lines = Vec::new();
    while let Ok(line) = server.lines.recv_timeout(Duration::from_secs(2)) {
        lines.push(line);
    }
    (status.success(), lines)
}

#[test]
fn settings_come_from_quiver_toml_under_the_environment() {
    let home = tempfile::tempdir().unwrap();
    let toml_port = free_port();
    let env_port = free_port();
    std::fs::write(
        home.path().join("quiver.toml"),
        format!("bind = \"127.0.0.1:{toml_port}\"\nlog_format = \"json\"\n"),
    )
    .unwrap();

    // The file alone: its bind address and its JSON log lines.
    let server = start(home.path(), toml_port, &[]);
    assert_eq!(health(toml_port).as_deref(), Some("HTTP/1.1 200 OK"));
    let (stopped, lines) = stop(server, "-TERM");
    assert!(stopped, "SIGTERM ends the server with success: {lines:#?}");
    let records: Vec<serde_json::Value> = lines
        .iter()
        .filter(|line| line.starts_with('{'))
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let listening = records
        .iter()
        .find(|record| record["fields"]["message"] == "listening")
        .unwrap_or_else(|| panic!("no JSON 'listening' record in {lines:#?}"));
    assert_eq!(listening["level"], "INFO");
    let logged_bind = listening["fields"]["bind"]
        .as_str()
        .unwrap_or_default()
        .trim_matches('"')
        .to_owned();
    assert_eq!(logged_bind, format!("127.0.0.1:{toml_port}"));
    assert!(
        records
            .iter()
            .any(|record| record["fields"]["message"] == "shutting down"),
        "the stop is logged: {lines:#?}"
    );

    // The environment wins over the file.
    let server = start(
        home.path(),
        env_port,
        &[("QUIVER_BIND", format!("127.0.0.1:{env_port}"))],
    );
    assert_eq!(health(toml_port), None);
    assert_eq!(health(env_port).as_deref(), Some("HTTP/1.1 200 OK"));
    let (stopped, _) = stop(server, "-INT");
    assert!(stopped, "SIGINT ends the server with success");
}

#[test]
fn the_secret_key_is_generated_once_into_the_home_folder() {
    let home = tempfile::tempdir().unwrap();
    let key_path = home.path().join("secret_key");
    let port = free_port();
    let bind = ("QUIVER_BIND", format!("127.0.0.1:{port}"));

    let (stopped, _) = stop(start(home.path(), port, std::slice::from_ref(&bind)), "-TERM");
    assert!(stopped);
    let key = std::fs::read_to_string(&key_path).unwrap();
    assert!(
        key.trim().len() >= 32,
        "a long random key, got {} characters",
        key.trim().len()
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "only the owner reads the key");
    }

    // A second start keeps it (sessions and stored passwords stay readable).
    let (stopped, _) = stop(start(home.path(), port, std::slice::from_ref(&bind)), "-TERM");
    assert!(stopped);
    assert_eq!(std::fs::read_to_string(&key_path).unwrap(), key);

    // A configured key is used as it is: nothing is written.
    let other_home = tempfile::tempdir().unwrap();
    let configured = [
        bind,
        (
            "QUIVER_SECRET_KEY",
            "configured-secret-key-0123456789abcdef".to_owned(),
        ),
    ];
    let (stopped, _) = stop(start(other_home.path(), port, &configured), "-TERM");
    assert!(stopped);
    assert!(!other_home.path().join("secret_key").exists());
}

#[test]
fn the_first_start_prints_a_generated_admin_password_once_and_admin_commands_manage_users() {
    let home = tempfile::tempdir().unwrap();
    let port = free_port();
    let env = [
        ("QUIVER_BIND", format!("127.0.0.1:{port}")),
        ("QUIVER_ADMIN_PASSWORD", String::new()),
    ];

    // First start: the admin account with a generated password, printed once.
    let server = start(home.path(), port, &env);
    let (stopped, lines) = stop(server, "-TERM");
    assert!(stopped);
    let password = lines
        .iter()
        .find_map(|line| line.trim().strip_prefix("Log in as admin with the password "))
        .unwrap_or_else(|| panic!("no generated password in {lines:#?}"))
        .to_owned();
    assert!(password.len() >= 12, "a long random password: {password}");

    // Second start: the password is not printed again, and it logs in.
    let server = start(home.path(), port, &env);
    assert_eq!(login_status(port, "admin", &password), "HTTP/1.1 200 OK");
    assert_eq!(login_status(port, "admin", "admin"), "HTTP/1.1 401 Unauthorized");
    let (stopped, lines) = stop(server, "-TERM");
    assert!(stopped);
    assert!(
        !lines.iter().any(|line| line.contains(&password)),
        "the password is printed on the first start only: {lines:#?}"
    );

    // `quiver admin create-user` and `reset-password`, checked by logging in.
    let (created, printed) = admin(
        home.path(),
        &[
            "create-user",
            "--username",
            "ana",
            "--password",
            "first-pw",
            "--role",
            "Alpha",
        ],
    );
    assert!(created, "{printed}");
    let (reset, printed) = admin(
        home.path(),
        &["reset-password", "--username", "ana", "--password", "second-pw"],
    );
    assert!(reset, "{printed}");
    let (reset_admin, printed) = admin(
        home.path(),
        &[
            "reset-password",
            "--username",
            "admin",
            "--password",
            "new-admin-pw",
        ],
    );
    assert!(reset_admin, "{printed}");
    let server = start(home.path(), port, &env);
    assert_eq!(login_status(port, "ana", "second-pw"), "HTTP/1.1 200 OK");
    assert_eq!(login_status(port, "ana", "first-pw"), "HTTP/1.1 401 Unauthorized");
    assert_eq!(login_status(port, "admin", "new-admin-pw"), "HTTP/1.1 200 OK");
    assert_eq!(
        login_status(port, "admin", &password),
        "HTTP/1.1 401 Unauthorized"
    );
    let (stopped, _) = stop(server, "-TERM");
    assert!(stopped);

    // Clear failures: an unknown user, an empty password.
    let (ok, printed) = admin(
        home.path(),
        &["reset-password", "--username", "bob", "--password", "x"],
    );
    assert!(!ok);
    assert!(printed.contains("there is no user bob"), "{printed}");
    let (ok, printed) = admin(
        home.path(),
        &["create-user", "--username", "eve", "--password", ""],
    );
    assert!(!ok);
    assert!(printed.contains("the password must not be empty"), "{printed}");
}
