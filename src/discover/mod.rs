//! `rune --discover`: every MCP client config on the machine (under the home folder) and in a
//! project, and every server each declares, read without starting anything.
//!
//! [`clients`] is the table of clients and their files, `formats` reads JSONC, TOML and
//! YAML, `shapes` brings each client's way of writing a server to `--config`'s, and
//! `source::config` reads the entries as `--config` does: placeholders, transports,
//! `disabled`, secrets. [`listing`] renders what was found. A file that cannot be read is one
//! problem of its own; the rest are still read.

pub mod clients;
pub(crate) mod formats;
pub mod listing;
pub(crate) mod shapes;

use crate::escape::escape;
use crate::json::Value;
use crate::source::config::{self, EntryStatus, Environment, ServerEntry, Target};
use crate::source::live;
use clients::{CLIENTS, Client, Format, Os, Place, Scope, Shape};
use std::path::{Path, PathBuf};

/// Why a client's file that exists could not be read: one line, for [`file_problem`] to name
/// the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    #[error("it is a folder, where the client keeps a file")]
    Folder,
    /// The operating system refused the read: its reason, as rune words it.
    #[error("{0}")]
    Io(String),
    #[error("the byte at offset {offset} is not valid UTF-8; save the file as UTF-8")]
    NotUtf8 { offset: usize },
    #[error(transparent)]
    Format(#[from] formats::FormatError),
    #[error(transparent)]
    Shape(#[from] shapes::ShapeError),
}

/// Where to look.
#[derive(Debug, Clone)]
pub struct Options {
    /// The home folder whose user-scope files are read; `None` reads no user scope.
    pub home: Option<PathBuf>,
    /// The project root whose project-scope files are read; `None` reads none.
    pub project: Option<PathBuf>,
    pub os: Os,
    /// Only these clients (ids); empty is every client.
    pub clients: Vec<String>,
}

/// One config file that exists, and what it holds.
#[derive(Debug, Clone)]
pub struct FoundFile {
    pub client: &'static Client,
    pub scope: Scope,
    /// The file itself.
    pub path: PathBuf,
    /// How reports name it: `~/...` for a user file, relative to the project root for a
    /// project file, so names (and pins keyed by them) do not depend on where either lives.
    pub shown: String,
    /// Its servers, or the one-line reason it could not be read.
    pub servers: Result<Vec<Discovered>, FileError>,
}

/// One server a file declares.
#[derive(Debug, Clone)]
pub struct Discovered {
    pub name: String,
    pub scope: Scope,
    /// Claude Code's local scope: the project folder in `~/.claude.json` the entry belongs to.
    pub project: Option<String>,
    /// The entry as `--config` reads it.
    pub entry: ServerEntry,
    /// The command line or URL as written, credentials masked.
    pub shown: String,
}

impl FoundFile {
    /// The identity of `server` in every report, baseline and pin: the server, its client and
    /// its file (and its project, for Claude Code's local scope).
    pub fn key(&self, server: &Discovered) -> String {
        let project = server
            .project
            .as_deref()
            .map(|project| format!(" (project {project})"))
            .unwrap_or_default();
        format!("{} @ {} {}{project}", server.name, self.client.id, self.shown)
    }
}

/// Every client config under `options`, in the client table's order.
pub fn discover(options: &Options, env: &dyn Environment) -> Vec<FoundFile> {
    let mut found: Vec<FoundFile> = Vec::new();
    for client in CLIENTS {
        if !options.clients.is_empty() && !options.clients.iter().any(|id| id == client.id) {
            continue;
        }
        for location in client.locations {
            let root = match location.scope {
                Scope::User => options.home.as_deref(),
                Scope::Project => options.project.as_deref(),
            };
            let (Some(root), Some(relative)) = (root, location.place.on(options.os)) else {
                continue;
            };
            let files = match location.place {
                Place::Folder(_) => folder_files(root, relative),
                _ => vec![(relative.to_string(), location.format)],
            };
            for (relative, format) in files {
                let path = join(root, &relative);
                // The same file seen twice (a project root that is the home folder) is read once.
                if found.iter().any(|file| file.client.id == client.id && file.path == path) {
                    continue;
                }
                let shown = match location.scope {
                    Scope::User => format!("~/{relative}"),
                    Scope::Project => relative.clone(),
                };
                let shape = match (location.place, format) {
                    (Place::Folder(_), Format::Jsonc) => Shape::Standard,
                    _ => location.shape,
                };
                let Some(text) = read_text(&path) else { continue };
                let servers = text.and_then(|text| {
                    let document = formats::parse(&text, format)?;
                    let workspace = match location.scope {
                        Scope::Project => root.to_path_buf(),
                        Scope::User => path.parent().map(Path::to_path_buf).unwrap_or_default(),
                    };
                    servers(&document, shape, location.scope, &workspace, env)
                });
                found.push(FoundFile { client, scope: location.scope, path, shown, servers });
            }
        }
    }
    found
}

/// `root` joined with a `/`-separated relative path.
fn join(root: &Path, relative: &str) -> PathBuf {
    relative.split('/').fold(root.to_path_buf(), |path, part| path.join(part))
}

/// The block files of a Continue folder, sorted: `.json` as JSONC, `.yaml`/`.yml` as YAML.
fn folder_files(root: &Path, relative: &str) -> Vec<(String, Format)> {
    let Ok(entries) = std::fs::read_dir(join(root, relative)) else { return Vec::new() };
    let mut files: Vec<(String, Format)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let format = match name.rsplit_once('.')?.1 {
                "json" => Format::Jsonc,
                "yaml" | "yml" => Format::Yaml,
                _ => return None,
            };
            Some((format!("{relative}/{name}"), format))
        })
        .collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

/// The file's text: `None` when there is no such file, `Some(Err)` when it cannot be read.
fn read_text(path: &Path) -> Option<Result<String, FileError>> {
    match std::fs::read(path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) if error.kind() == std::io::ErrorKind::IsADirectory || path.is_dir() => {
            Some(Err(FileError::Folder))
        }
        Err(error) => Some(Err(FileError::Io(crate::source::io_reason(&error)))),
        Ok(bytes) => Some(
            String::from_utf8(bytes)
                .map_err(|error| FileError::NotUtf8 { offset: error.utf8_error().valid_up_to() }),
        ),
    }
}

fn servers(
    document: &Value,
    shape: Shape,
    scope: Scope,
    workspace: &Path,
    env: &dyn Environment,
) -> Result<Vec<Discovered>, FileError> {
    let raw = shapes::servers(document, shape)?;
    let inputs = document.get("inputs");
    let mut read = Vec::with_capacity(raw.len());
    for server in raw {
        let workspace = server.project.as_deref().map_or(workspace.to_path_buf(), PathBuf::from);
        let (entry, shown) = match &server.entry {
            Ok(entry) => {
                let pair = [(server.name.clone(), entry.clone())];
                let read = config::read_entries(&pair, &workspace, inputs, env).remove(0);
                let shown = written_target(entry, &read.secrets);
                (read, shown)
            }
            Err(reason) => (
                ServerEntry {
                    name: server.name.clone(),
                    transport: config::TransportLabel::Unreadable,
                    status: EntryStatus::Failed(reason.to_string()),
                    secrets: Vec::new(),
                },
                String::new(),
            ),
        };
        let scope = if server.project.is_some() { Scope::Project } else { scope };
        read.push(Discovered { name: server.name, scope, project: server.project, entry, shown });
    }
    Ok(read)
}

/// The command line or URL as the file writes it (placeholders unexpanded), with a URL's
/// credentials, the values of credential flags and the entry's secrets masked.
fn written_target(entry: &Value, secrets: &[String]) -> String {
    if let Some(url) = entry.get("url").and_then(Value::as_str) {
        return config::redact(&live::public_url(url), secrets);
    }
    let Some(command) = entry.get("command").and_then(Value::as_str) else {
        return String::new();
    };
    let args: Vec<&str> = entry
        .get("args")
        .and_then(Value::as_array)
        .map(|args| args.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut words = vec![command.to_string()];
    let mut mask_next = false;
    for arg in args {
        if mask_next {
            words.push(MASK.to_string());
            mask_next = false;
            continue;
        }
        match arg.split_once('=') {
            Some((flag, _)) if names_credential(flag) => words.push(format!("{flag}={MASK}")),
            _ => {
                mask_next = arg.starts_with('-') && names_credential(arg);
                words.push(arg.to_string());
            }
        }
    }
    let line: Vec<String> = words.iter().map(|word| shell_word(word)).collect();
    config::redact(&line.join(" "), secrets)
}

const MASK: &str = "<redacted>";

/// A flag or variable whose value is a credential: `--api-key`, `--token`, `GITHUB_TOKEN`.
fn names_credential(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    ["token", "key", "secret", "password", "passwd", "auth", "credential", "bearer", "cookie"]
        .iter()
        .any(|word| name.contains(word))
}

/// A word quoted when it holds a space, so the line reads back as the same words.
fn shell_word(word: &str) -> String {
    if word.is_empty() || word.contains([' ', '\t', '"', '\'']) {
        format!("'{}'", word.replace('\'', "'\\''"))
    } else {
        word.to_string()
    }
}

/// The identity of a ready server's process or endpoint: two entries (of any clients) with the
/// same command, arguments, environment and folder, or the same URL and headers, are one
/// server, opened once.
pub fn identity(target: &Target) -> String {
    let pairs = |pairs: &[(String, String)]| {
        let mut sorted = pairs.to_vec();
        sorted.sort();
        sorted
    };
    match target {
        Target::Stdio { command, args, env, cwd } => {
            format!("stdio\0{command}\0{args:?}\0{:?}\0{cwd:?}", pairs(env))
        }
        Target::Http { url, headers } => format!("http\0{url}\0{:?}", pairs(headers)),
        Target::Sse { url, headers } => format!("sse\0{url}\0{:?}", pairs(headers)),
    }
}

/// The ids of every client, for a message naming them.
pub fn client_ids() -> String {
    CLIENTS.iter().map(|client| client.id).collect::<Vec<_>>().join(", ")
}

/// A one-line problem naming a file, escaped for the terminal.
pub fn file_problem(file: &FoundFile, problem: &FileError) -> String {
    let problem = problem.to_string();
    format!("cannot read {} config {}: {}", file.client.name, escape(&file.shown), escape(&problem))
}

/// An [`Environment`] whose home folder is `--home`'s.
pub struct HomeEnvironment<'a> {
    pub inner: &'a dyn Environment,
    pub home: Option<PathBuf>,
}

impl Environment for HomeEnvironment<'_> {
    fn var(&self, name: &str) -> Option<String> {
        self.inner.var(name)
    }

    fn home(&self) -> Option<PathBuf> {
        self.home.clone().or_else(|| self.inner.home())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(text: &str) -> String {
        written_target(&crate::json::parse(text).expect("json"), &[])
    }

    #[test]
    fn the_written_target_masks_credentials() {
        assert_eq!(
            target(
                r#"{"command": "npx", "args": ["-y", "srv", "--api-key", "sk-123", "--token=abc", "/a b"]}"#
            ),
            "npx -y srv --api-key <redacted> --token=<redacted> '/a b'"
        );
        assert_eq!(
            target(r#"{"url": "https://u:pw@h.example/mcp?key=s3cret#x"}"#),
            "https://h.example/mcp"
        );
        let secrets = vec!["literal-secret-1".to_string()];
        let entry = crate::json::parse(r#"{"command": "run", "args": ["literal-secret-1"]}"#)
            .expect("json");
        assert_eq!(written_target(&entry, &secrets), "run <redacted>");
    }

    #[test]
    fn identity_ignores_the_order_of_env_and_headers() {
        let a = Target::Http {
            url: "https://h/mcp".into(),
            headers: vec![("A".into(), "1".into()), ("B".into(), "2".into())],
        };
        let b = Target::Http {
            url: "https://h/mcp".into(),
            headers: vec![("B".into(), "2".into()), ("A".into(), "1".into())],
        };
        assert_eq!(identity(&a), identity(&b));
        let c = Target::Sse { url: "https://h/mcp".into(), headers: Vec::new() };
        assert_ne!(identity(&a), identity(&c));
    }
}
