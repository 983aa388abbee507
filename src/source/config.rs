//! An MCP client's config file (`rune --config FILE`): every server it wires up, read into a
//! target rune can open, or into the one-line reason it cannot.
//!
//! The file is JSONC, as the clients write it: `//` and `/* */` comments and trailing commas
//! are read. Servers come from a top-level `mcpServers` map (Claude Desktop, Claude Code,
//! Cursor, Windsurf) and then a `servers` map (VS Code), in file order. An entry is local
//! (`command`, `args`, `env`, `cwd`) or remote (`url`, `headers`); its transport is its `type`
//! (or `transport`) when it declares one and its shape when it does not.
//!
//! One entry's problem stays its own: an entry rune cannot read becomes a failed entry with
//! its reason and the rest are still read. Only a file that cannot be read at all, or that is
//! not a client config, is an error for the whole run.
//!
//! `${...}` placeholders are resolved the way the clients resolve them (`${env:NAME}`,
//! `${NAME}`, `${NAME:-default}`, `${userHome}`, `${workspaceFolder}`,
//! `${workspaceFolderBasename}`), from an injected [`Environment`]. Placeholders only an editor
//! can answer (`${input:...}`, `${command:...}`) are refused by name. Env and header values are
//! credentials: no message this module writes quotes one, and [`redact`] scrubs them from text
//! written elsewhere.

use crate::json::{self, Value};
use aho_corasick::AhoCorasick;
use regex::{Captures, Regex};
use std::collections::HashSet;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// A read config: its path as given and its servers, `mcpServers` first, in file order.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub path: PathBuf,
    pub servers: Vec<ServerEntry>,
}

/// One server the config declares.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerEntry {
    pub name: String,
    pub transport: TransportLabel,
    pub status: EntryStatus,
    /// What no message about this server may show: its env and header values, the
    /// credentials of its URL, and the value of every environment variable a placeholder in
    /// any of its fields (`command`, `args`, `cwd`, `url`, `env`, `headers`) expanded to.
    pub secrets: Vec<String>,
}

/// The transport shown beside a server's name; `Unreadable` for an entry that failed to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransportLabel {
    Stdio,
    Http,
    Sse,
    Unreadable,
}

impl TransportLabel {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            TransportLabel::Stdio => "stdio",
            TransportLabel::Http => "http",
            TransportLabel::Sse => "sse",
            TransportLabel::Unreadable => "unreadable",
        }
    }
}

impl fmt::Display for TransportLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum EntryStatus {
    /// Read and resolved: rune can open it.
    Ready(Target),
    /// `"disabled": true`: reported, never started.
    Disabled,
    /// Why the entry could not be read: one line, with no credential in it.
    Failed(String),
}

/// A server to open, every placeholder resolved.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// A local server: the process to start, its extra environment and working directory.
    Stdio { command: String, args: Vec<String>, env: Vec<(String, String)>, cwd: Option<PathBuf> },
    /// A Streamable HTTP endpoint and the headers sent with every request.
    Http { url: String, headers: Vec<(String, String)> },
    /// A legacy HTTP+SSE endpoint and the headers sent with every request.
    Sse { url: String, headers: Vec<(String, String)> },
}

impl Target {
    fn label(&self) -> TransportLabel {
        match self {
            Target::Stdio { .. } => TransportLabel::Stdio,
            Target::Http { .. } => TransportLabel::Http,
            Target::Sse { .. } => TransportLabel::Sse,
        }
    }
}

/// Where placeholders get their values; injected so tests do not depend on the machine.
pub trait Environment {
    /// The variable's value; `None` when it is unset (or not Unicode).
    fn var(&self, name: &str) -> Option<String>;
    /// The user's home directory.
    fn home(&self) -> Option<PathBuf>;
}

/// rune's own process environment.
pub struct ProcessEnvironment;

impl Environment for ProcessEnvironment {
    fn var(&self, name: &str) -> Option<String> {
        // A name no variable can have asks for nothing, whatever the platform makes of it.
        if name.is_empty() || name.contains(['=', '\0']) {
            return None;
        }
        std::env::var(name).ok()
    }

    fn home(&self) -> Option<PathBuf> {
        std::env::home_dir()
    }
}

const NO_SERVER_MAP: &str = "it has no \"mcpServers\" or \"servers\" map; point --config at an \
    MCP client config file, not at a tools manifest";
const MAPS: [&str; 2] = ["mcpServers", "servers"];
const NOT_A_STRING_MAP: &str = "must be an object mapping strings to strings";
/// Credentials shorter than this are too likely to occur by chance in ordinary text.
const MIN_SECRET_CHARS: usize = 8;
const REDACTED: &str = "<redacted>";

/// Why a config cannot be used as a whole (each entry's own problem is an `EntryError`).
/// Each message is the one line rune prints.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("no such config: {}", .0.display())]
    NotFound(PathBuf),
    #[error("cannot read config {}: {problem}", path.display())]
    Unreadable { path: PathBuf, problem: ConfigProblem },
    /// `--server` names no server of the config; the names as given, each once.
    #[error("no server named {} in the config", quoted_list(.0))]
    UnknownServers(Vec<String>),
}

/// What is wrong with a config's file or text as a whole.
#[derive(Debug, thiserror::Error)]
pub enum ConfigProblem {
    #[error("it is a folder; name the client's config file in it (such as .mcp.json)")]
    Folder,
    /// The operating system refused the read: its reason, as rune words it.
    #[error("{0}")]
    Io(String),
    #[error("the byte at offset {offset} is not valid UTF-8; save the config as UTF-8")]
    NotUtf8 { offset: usize },
    #[error(transparent)]
    Jsonc(#[from] JsoncError),
    #[error("{NO_SERVER_MAP}")]
    NoServerMap,
    #[error("\"{key}\" must be an object mapping server names to their settings, got {got}")]
    MapType { key: &'static str, got: &'static str },
    #[error(
        "server {} is declared in both \"mcpServers\" and \"servers\"; keep one of them",
        quoted(.0)
    )]
    DeclaredTwice(String),
    #[error("it declares no MCP servers; add one under \"mcpServers\"")]
    NoServers,
}

/// Why JSONC text is not a JSON value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JsoncError {
    #[error("unterminated block comment opened on line {0}")]
    UnterminatedComment(usize),
    #[error(
        "not valid JSON: {0} (comments and trailing commas are read, so this is something else)"
    )]
    NotJson(json::JsonError),
}

/// Why one server entry cannot be started. `field` names the field in a message
/// (`"args[2]"`, `"env" value for 'TOKEN'`); `written` is the placeholder as written, escaped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum EntryError {
    #[error("\"timeout\" must be a number, got {0}")]
    Timeout(&'static str),
    #[error(
        "\"disabled\" must be true or false, got {0}; rune will not guess whether the server \
         is switched off"
    )]
    Disabled(&'static str),
    #[error("the entry must be an object, got {0}")]
    NotObject(&'static str),
    #[error(
        "the entry has both \"command\" and \"url\"; a server is either local (\"command\") or \
         remote (\"url\")"
    )]
    CommandAndUrl,
    #[error("{key} \"{}\" needs a \"{needed}\"", written.escape_debug())]
    TransportNeeds { key: &'static str, written: String, needed: &'static str },
    #[error("\"command\" must be a non-empty string")]
    Command,
    #[error("\"args\" must be a list of strings")]
    Args,
    #[error("\"cwd\" must be a string")]
    Cwd,
    #[error("the entry has neither \"command\" (a local server) nor \"url\" (a remote one)")]
    Neither,
    #[error("\"url\" must be a non-empty string")]
    Url,
    #[error("\"{0}\" {NOT_A_STRING_MAP}")]
    NotStringMap(&'static str),
    #[error("\"{key}\" must be a string, got {got}")]
    TransportType { key: &'static str, got: &'static str },
    #[error("unknown transport '{}'; rune speaks stdio, http and sse", .0.escape_debug())]
    UnknownTransport(String),
    #[error(
        "{field} references ${{userHome}}, but this environment names no home directory; set \
         HOME and re-run"
    )]
    NoHome { field: String },
    #[error(
        "{field} needs {written}{described}, which the client prompts for and rune cannot supply"
    )]
    Input { field: String, written: String, described: String },
    #[error("{field} needs {written}, which only the editor that wrote this config can run")]
    EditorCommand { field: String, written: String },
    #[error(
        "{field} references {written}, which is not set in this environment; export it and re-run"
    )]
    Unset { field: String, written: String },
}

/// Reads the config at `path`. `Err` is a whole-file problem (missing, not JSON, not a client
/// config, no servers); each entry's own problem is its [`EntryStatus::Failed`].
pub fn load(path: &Path, env: &dyn Environment) -> Result<Config, ConfigError> {
    let problem =
        |problem: ConfigProblem| ConfigError::Unreadable { path: path.to_path_buf(), problem };
    let bytes = std::fs::read(path).map_err(|error| match error.kind() {
        io::ErrorKind::NotFound => ConfigError::NotFound(path.to_path_buf()),
        io::ErrorKind::IsADirectory => problem(ConfigProblem::Folder),
        _ => problem(ConfigProblem::Io(super::io_reason(&error))),
    })?;
    let text = String::from_utf8(bytes).map_err(|error| {
        problem(ConfigProblem::NotUtf8 { offset: error.utf8_error().valid_up_to() })
    })?;
    read(path, &text, env).map_err(problem)
}

/// Keeps only the servers named by `--server`, in config order. An empty `names` keeps all.
pub fn select(mut config: Config, names: &[String]) -> Result<Config, ConfigError> {
    if names.is_empty() {
        return Ok(config);
    }
    let declared: HashSet<&str> =
        config.servers.iter().map(|server| server.name.as_str()).collect();
    let mut seen = HashSet::new();
    let unknown: Vec<String> = names
        .iter()
        .filter(|name| !declared.contains(name.as_str()) && seen.insert(name.as_str()))
        .cloned()
        .collect();
    if !unknown.is_empty() {
        return Err(ConfigError::UnknownServers(unknown));
    }
    config.servers.retain(|server| names.contains(&server.name));
    Ok(config)
}

/// Every env and header value of `target`, and its URL's user information and query: the
/// credentials its errors must never show.
pub fn secrets(target: &Target) -> Vec<String> {
    let (pairs, url) = match target {
        Target::Stdio { env, .. } => (env, None),
        Target::Http { headers, url } | Target::Sse { headers, url } => (headers, Some(url)),
    };
    let mut secrets: Vec<String> = pairs.iter().map(|(_, value)| value.clone()).collect();
    secrets.extend(url.into_iter().flat_map(|url| url_credentials(url)));
    secrets
}

/// The user information (`user:password@`) and the query of a URL, each whole and each of
/// their parts, as written.
fn url_credentials(url: &str) -> Vec<String> {
    let mut found = Vec::new();
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if let Some((userinfo, _)) = authority.rsplit_once('@') {
        found.push(userinfo.to_string());
        found.extend(userinfo.split(':').map(str::to_string));
    }
    if let Some((_, query)) = url.split_once('?') {
        let query = query.split('#').next().unwrap_or_default();
        found.push(query.to_string());
        for pair in query.split('&') {
            found.push(pair.to_string());
            found.extend(pair.split_once('=').map(|(_, value)| value.to_string()));
        }
    }
    found
}

/// `text` with every occurrence of each secret of 8 or more characters replaced by
/// `<redacted>`. Overlapping occurrences become one marker, so neither the
/// longest secret nor a fragment of a shorter one it overlaps survives.
pub fn redact(text: &str, secrets: &[String]) -> String {
    let mut patterns: Vec<&str> = secrets
        .iter()
        .map(String::as_str)
        .filter(|secret| secret.chars().count() >= MIN_SECRET_CHARS)
        .collect();
    if patterns.is_empty() {
        return text.to_string();
    }
    patterns.sort_unstable_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    patterns.dedup();
    // A contiguous NFA builds in time linear in the patterns; the DFA the default picks for a
    // few patterns grows with the length of each one, and a secret can be a long value.
    let matcher = AhoCorasick::builder()
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .build(&patterns);
    let Ok(matcher) = matcher else {
        // Only a pattern set beyond the matcher's limits gets here: hide everything.
        return REDACTED.to_string();
    };
    // Overlapping matches come out ordered by where they end; merge them by where they start.
    let mut found: Vec<(usize, usize)> =
        matcher.find_overlapping_iter(text).map(|m| (m.start(), m.end())).collect();
    // A message clips a long value it quotes (`'/no/such/yyyy...'`): a secret's opening that
    // runs into a clip mark is masked too.
    for (mark, _) in text.match_indices("...") {
        for secret in &patterns {
            if let Some(len) = clipped_opening(&text[..mark], secret) {
                found.push((mark - len, mark));
            }
        }
    }
    found.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (start, end) in found {
        if start >= copied {
            out.push_str(&text[copied..start]);
            out.push_str(REDACTED);
        }
        copied = copied.max(end);
    }
    out.push_str(&text[copied..]);
    out
}

/// The most of a secret, in bytes, a clipped quotation can show: rune's messages clip what
/// they quote at 160 characters at most.
const CLIP_REACH: usize = 160 * 4;

/// The length of the longest opening of `secret`, at least [`MIN_SECRET_CHARS`] bytes and
/// short of the whole, that `before` ends with.
fn clipped_opening(before: &str, secret: &str) -> Option<usize> {
    let most = CLIP_REACH.min(secret.len() - 1).min(before.len());
    (MIN_SECRET_CHARS..=most)
        .rev()
        .find(|&len| secret.is_char_boundary(len) && before.ends_with(&secret[..len]))
}

/// Reads a config's text; `path` names it in messages and anchors `${workspaceFolder}`.
/// [`load`] without the file, for callers holding the text (the fuzz targets).
pub fn read(path: &Path, text: &str, env: &dyn Environment) -> Result<Config, ConfigProblem> {
    let document = parse_jsonc(text)?;
    let Value::Object(top) = &document else {
        return Err(ConfigProblem::NoServerMap);
    };
    let mut maps = Vec::new();
    for key in MAPS {
        match top.iter().find(|(name, _)| name == key).map(|(_, value)| value) {
            None | Some(Value::Null) => {}
            Some(Value::Object(members)) => maps.push(members),
            Some(other) => {
                return Err(ConfigProblem::MapType { key, got: other.type_name() });
            }
        }
    }
    if maps.is_empty() {
        return Err(ConfigProblem::NoServerMap);
    }
    let mut names = HashSet::new();
    for (name, _) in maps.iter().copied().flatten() {
        if !names.insert(name.as_str()) {
            return Err(ConfigProblem::DeclaredTwice(name.clone()));
        }
    }
    let context =
        Context { env, workspace: workspace_folder(path), inputs: document.get("inputs") };
    let servers: Vec<ServerEntry> = maps
        .iter()
        .copied()
        .flatten()
        .map(|(name, entry)| read_entry(name, entry, &context))
        .collect();
    if servers.is_empty() {
        return Err(ConfigProblem::NoServers);
    }
    Ok(Config { path: path.to_path_buf(), servers })
}

/// JSONC text (comments, trailing commas) as a JSON value; a repeated key is refused, as in
/// every file rune reads.
pub(crate) fn parse_jsonc(text: &str) -> Result<Value, JsoncError> {
    let json_text = strip_jsonc(text)?;
    json::parse(&json_text).map_err(JsoncError::NotJson)
}

/// Reads server entries that any client's file declared, each already in the shape an
/// `mcpServers` entry has (`rune --discover` brings the other clients' shapes to it):
/// placeholders, transports, `disabled` and secrets exactly as for `--config`. `workspace`
/// anchors `${workspaceFolder}`; `inputs` is the file's VS Code `inputs` block, if any.
pub(crate) fn read_entries(
    entries: &[(String, Value)],
    workspace: &Path,
    inputs: Option<&Value>,
    env: &dyn Environment,
) -> Vec<ServerEntry> {
    let context = Context { env, workspace: workspace.to_path_buf(), inputs };
    entries.iter().map(|(name, entry)| read_entry(name, entry, &context)).collect()
}

/// The folder `${workspaceFolder}` names: the config's own folder, or the project above it
/// when the config sits in `.vscode`.
fn workspace_folder(config: &Path) -> PathBuf {
    let absolute = std::path::absolute(config).unwrap_or_else(|_| config.to_path_buf());
    let folder = absolute.parent().map(Path::to_path_buf).unwrap_or_default();
    match folder.parent() {
        Some(project) if folder.file_name().is_some_and(|name| name == ".vscode") => {
            project.to_path_buf()
        }
        _ => folder,
    }
}

// ---- JSONC ---------------------------------------------------------------------------------

/// The JSON inside JSONC text: every comment character and every trailing comma (one before
/// `}` or `]` that follows a value) becomes a space, so the parser's line and column for any
/// error still point into the file as written. Strings are copied untouched.
fn strip_jsonc(text: &str) -> Result<String, JsoncError> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut line = 1;
    // The last character outside strings and comments that is not whitespace.
    let mut last_significant = None;
    // Where the latest comma sits in `out`, while nothing significant has followed it.
    let mut pending_comma: Option<usize> = None;
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                out.push(' ');
                while let Some(&next) = chars.peek() {
                    if next == '\n' {
                        break;
                    }
                    out.push(blank(next));
                    chars.next();
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let opened_on = line;
                chars.next();
                out.push_str("  ");
                let mut closed = false;
                while let Some(next) = chars.next() {
                    if next == '*' && chars.peek() == Some(&'/') {
                        chars.next();
                        out.push_str("  ");
                        closed = true;
                        break;
                    }
                    line += usize::from(next == '\n');
                    out.push(blank(next));
                }
                if !closed {
                    return Err(JsoncError::UnterminatedComment(opened_on));
                }
            }
            ' ' | '\t' | '\r' | '\n' => {
                line += usize::from(c == '\n');
                out.push(c);
            }
            _ => {
                if let Some(at) = pending_comma.take()
                    && matches!(c, '}' | ']')
                {
                    out.replace_range(at..at + 1, " ");
                }
                if c == ','
                    && last_significant.is_some_and(|last| !matches!(last, '[' | '{' | ',' | ':'))
                {
                    pending_comma = Some(out.len());
                }
                last_significant = Some(c);
                out.push(c);
                if c == '"' {
                    line += copy_string(&mut chars, &mut out);
                }
            }
        }
    }
    Ok(out)
}

/// Copies the rest of a string whose opening quote was just copied, through its closing
/// quote (or the end of the text, which the JSON parser then reports). Returns the line
/// breaks it copied.
fn copy_string(chars: &mut impl Iterator<Item = char>, out: &mut String) -> usize {
    let mut lines = 0;
    let mut escaped = false;
    for c in chars {
        out.push(c);
        lines += usize::from(c == '\n');
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            break;
        }
    }
    lines
}

/// What a comment character becomes: line breaks stay, so lines keep their numbers; anything
/// else is one space, so columns (counted in characters) keep theirs.
fn blank(c: char) -> char {
    if matches!(c, '\n' | '\r') { c } else { ' ' }
}

// ---- Entries --------------------------------------------------------------------------------

/// What every entry's placeholders resolve against.
struct Context<'a> {
    env: &'a dyn Environment,
    workspace: PathBuf,
    /// The config's top-level `inputs` block (VS Code), which describes `${input:id}`.
    inputs: Option<&'a Value>,
}

/// An entry whose shape is valid, its placeholders not yet resolved.
enum Shape<'a> {
    Stdio {
        command: &'a str,
        args: Vec<&'a str>,
        env: Vec<(&'a str, &'a str)>,
        cwd: Option<&'a str>,
    },
    /// `transport` is `None` when the entry declared none: the resolved URL decides.
    Remote { transport: Option<Remote>, url: &'a str, headers: Vec<(&'a str, &'a str)> },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Remote {
    Http,
    Sse,
}

impl Remote {
    fn label(self) -> TransportLabel {
        match self {
            Remote::Http => TransportLabel::Http,
            Remote::Sse => TransportLabel::Sse,
        }
    }

    /// The transport an undeclared remote entry gets from its (resolved) URL.
    fn of_url(url: &str) -> Remote {
        if url_path(url).trim_end_matches('/').ends_with("/sse") {
            Remote::Sse
        } else {
            Remote::Http
        }
    }
}

/// A transport the entry declares, with the key and the text it was declared with.
struct Declared<'a> {
    key: &'static str,
    written: &'a str,
    /// `None` for stdio.
    transport: Option<Remote>,
}

fn read_entry(name: &str, entry: &Value, context: &Context) -> ServerEntry {
    let mut secrets = literal_secrets(entry);
    let outcome = shape(entry).and_then(|shape| {
        if disabled(entry)? {
            return Ok((shape_label(&shape), EntryStatus::Disabled));
        }
        let target = resolve(shape, context, &mut secrets)?;
        secrets.extend(self::secrets(&target));
        Ok((target.label(), EntryStatus::Ready(target)))
    });
    let (transport, status) = match outcome {
        Ok(read) => read,
        Err(reason) => {
            (TransportLabel::Unreadable, EntryStatus::Failed(redact(&reason.to_string(), &secrets)))
        }
    };
    secrets.sort_unstable();
    secrets.dedup();
    ServerEntry { name: name.to_string(), transport, status, secrets }
}

/// Whether the entry says `"disabled": true`. Any other type is refused rather than guessed:
/// clients disagree on what `"true"` or `1` mean, and starting a server the user switched off
/// is the wrong guess. `timeout`, which rune does not use, must still be a number.
fn disabled(entry: &Value) -> Result<bool, EntryError> {
    if let Some(timeout) = entry.get("timeout")
        && !matches!(timeout, Value::Number(_) | Value::Null)
    {
        return Err(EntryError::Timeout(timeout.type_name()));
    }
    match entry.get("disabled") {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(disabled)) => Ok(*disabled),
        Some(other) => Err(EntryError::Disabled(other.type_name())),
    }
}

/// The label of an entry that is never resolved (a disabled one): an undeclared remote
/// transport is judged from the URL as written.
fn shape_label(shape: &Shape) -> TransportLabel {
    match shape {
        Shape::Stdio { .. } => TransportLabel::Stdio,
        Shape::Remote { transport, url, .. } => transport.unwrap_or(Remote::of_url(url)).label(),
    }
}

/// The env and header values written as plain text (no placeholder): credentials, even in an
/// entry that is otherwise malformed. A value holding a placeholder is left out, since the
/// message about that placeholder quotes it.
fn literal_secrets(entry: &Value) -> Vec<String> {
    ["env", "headers"]
        .iter()
        .filter_map(|key| entry.get(key).and_then(Value::as_object))
        .flatten()
        .filter_map(|(_, value)| value.as_str())
        .filter(|value| !PLACEHOLDER.is_match(value))
        .map(str::to_string)
        .collect()
}

/// Validates an entry's shape: which transport, and the fields it needs of the right types.
fn shape(entry: &Value) -> Result<Shape<'_>, EntryError> {
    if !matches!(entry, Value::Object(_)) {
        return Err(EntryError::NotObject(entry.type_name()));
    }
    let field = |key: &str| entry.get(key).filter(|value| !value.is_null());
    let declared = declared_transport(entry)?;
    let (command, url) = (field("command"), field("url"));
    if command.is_some() && url.is_some() {
        return Err(EntryError::CommandAndUrl);
    }
    if let Some(Declared { key, written, transport }) = &declared {
        let (needed, present) = match transport {
            None => ("command", command.is_some()),
            Some(_) => ("url", url.is_some()),
        };
        if !present {
            return Err(EntryError::TransportNeeds { key, written: written.to_string(), needed });
        }
    }
    if let Some(command) = command {
        let command = non_empty_string(command).ok_or(EntryError::Command)?;
        let args = match field("args") {
            None => Vec::new(),
            Some(args) => args
                .as_array()
                .and_then(|items| items.iter().map(Value::as_str).collect())
                .ok_or(EntryError::Args)?,
        };
        let cwd = match field("cwd") {
            None => None,
            Some(cwd) => Some(cwd.as_str().ok_or(EntryError::Cwd)?),
        };
        let env = string_map(field("env"), "env")?;
        return Ok(Shape::Stdio { command, args, env, cwd });
    }
    let Some(url) = url else {
        return Err(EntryError::Neither);
    };
    let url = non_empty_string(url).ok_or(EntryError::Url)?;
    let headers = string_map(field("headers"), "headers")?;
    Ok(Shape::Remote { transport: declared.and_then(|d| d.transport), url, headers })
}

/// The entry's `type`, or its `transport` when it has no `type` (`null` is absent).
fn declared_transport(entry: &Value) -> Result<Option<Declared<'_>>, EntryError> {
    let Some((key, value)) = ["type", "transport"]
        .into_iter()
        .find_map(|key| entry.get(key).filter(|value| !value.is_null()).map(|value| (key, value)))
    else {
        return Ok(None);
    };
    let Some(written) = value.as_str() else {
        return Err(EntryError::TransportType { key, got: value.type_name() });
    };
    let written = written.trim();
    let transport = match written.to_ascii_lowercase().as_str() {
        "stdio" | "local" => None,
        "http" | "streamable-http" | "streamable_http" | "streamablehttp" => Some(Remote::Http),
        "sse" => Some(Remote::Sse),
        _ => {
            return Err(EntryError::UnknownTransport(written.to_string()));
        }
    };
    Ok(Some(Declared { key, written, transport }))
}

fn non_empty_string(value: &Value) -> Option<&str> {
    value.as_str().filter(|text| !text.trim().is_empty())
}

/// An `env` or `headers` object as pairs in file order; absent or `null` is empty.
fn string_map<'a>(
    value: Option<&'a Value>,
    key: &'static str,
) -> Result<Vec<(&'a str, &'a str)>, EntryError> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    value
        .as_object()
        .and_then(|members| {
            members.iter().map(|(name, value)| Some((name.as_str(), value.as_str()?))).collect()
        })
        .ok_or(EntryError::NotStringMap(key))
}

/// The entry's target, every placeholder resolved; the first refusal fails the entry. The
/// value of every environment variable expanded is added to `secrets`.
fn resolve(
    shape: Shape,
    context: &Context,
    secrets: &mut Vec<String>,
) -> Result<Target, EntryError> {
    let mut map =
        |pairs: Vec<(&str, &str)>, key: &str| -> Result<Vec<(String, String)>, EntryError> {
            pairs
                .into_iter()
                .map(|(name, value)| {
                    let label = format!("\"{key}\" value for '{}'", name.escape_debug());
                    Ok((name.to_string(), expand(value, &label, context, secrets)?))
                })
                .collect()
        };
    match shape {
        Shape::Stdio { command, args, env, cwd } => {
            let env = map(env, "env")?;
            let mut expand = |text: &str, field: &str| expand(text, field, context, secrets);
            let command = expand(command, "\"command\"")?;
            let args = args
                .iter()
                .enumerate()
                .map(|(at, arg)| expand(arg, &format!("\"args[{at}]\"")))
                .collect::<Result<_, _>>()?;
            let cwd = cwd.map(|cwd| expand(cwd, "\"cwd\"").map(PathBuf::from)).transpose()?;
            Ok(Target::Stdio { command, args, env, cwd })
        }
        Shape::Remote { transport, url, headers } => {
            let headers = map(headers, "headers")?;
            let url = expand(url, "\"url\"", context, secrets)?;
            Ok(match transport.unwrap_or(Remote::of_url(&url)) {
                Remote::Http => Target::Http { url, headers },
                Remote::Sse => Target::Sse { url, headers },
            })
        }
    }
}

/// The path of a URL: after the authority, before any query or fragment. Text without a
/// scheme is all path.
fn url_path(url: &str) -> &str {
    let before_query = url.split(['?', '#']).next().unwrap_or_default();
    match before_query.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("", |at| &rest[at..]),
        None => before_query,
    }
}

// ---- Placeholders -------------------------------------------------------------------------

/// `${...}` with no brace inside.
static PLACEHOLDER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\$\{([^{}]*)\}").expect("placeholder pattern"));

/// A variable reference: a name and an optional `:-` fallback.
static VARIABLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?s)^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$").expect("variable pattern")
});

/// `text` with every placeholder replaced in one pass: a value that comes out of the
/// environment is never itself expanded, and is added to `secrets`. `field` names the field in
/// a refusal.
fn expand(
    text: &str,
    field: &str,
    context: &Context,
    secrets: &mut Vec<String>,
) -> Result<String, EntryError> {
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for found in PLACEHOLDER.captures_iter(text) {
        let (Some(whole), Some(inner)) = (found.get(0), found.get(1)) else {
            continue;
        };
        out.push_str(&text[copied..whole.start()]);
        copied = whole.end();
        match placeholder_value(&found, inner.as_str(), field, context)? {
            Some(Expanded::Variable(value)) => {
                out.push_str(&value);
                secrets.push(value);
            }
            Some(Expanded::Place(value)) => out.push_str(&value),
            None => out.push_str(whole.as_str()),
        }
    }
    out.push_str(&text[copied..]);
    Ok(out)
}

/// What a placeholder stands for.
enum Expanded {
    /// An environment variable's value: a credential as far as rune knows.
    Variable(String),
    /// A folder rune names itself (`${userHome}`, `${workspaceFolder}`), or a fallback the
    /// config spells out.
    Place(String),
}

/// One placeholder's value; `None` leaves it as written (a form rune does not know).
fn placeholder_value(
    found: &Captures,
    inner: &str,
    field: &str,
    context: &Context,
) -> Result<Option<Expanded>, EntryError> {
    let written = || found.get(0).map_or("", |whole| whole.as_str()).escape_debug().to_string();
    match inner {
        "userHome" => {
            return match context.env.home() {
                Some(home) => Ok(Some(Expanded::Place(home.to_string_lossy().into_owned()))),
                None => Err(EntryError::NoHome { field: field.to_string() }),
            };
        }
        "workspaceFolder" => {
            return Ok(Some(Expanded::Place(context.workspace.to_string_lossy().into_owned())));
        }
        "workspaceFolderBasename" => {
            let name = context.workspace.file_name().unwrap_or_default();
            return Ok(Some(Expanded::Place(name.to_string_lossy().into_owned())));
        }
        _ => {}
    }
    if let Some(id) = inner.strip_prefix("input:") {
        let described = input_description(context.inputs, id)
            .map(|description| format!(" ({})", description.escape_debug()))
            .unwrap_or_default();
        return Err(EntryError::Input { field: field.to_string(), written: written(), described });
    }
    if inner.starts_with("command:") {
        return Err(EntryError::EditorCommand { field: field.to_string(), written: written() });
    }
    let (name, fallback) = match inner.strip_prefix("env:") {
        Some(reference) => match reference.split_once(":-") {
            Some((name, fallback)) => (name, Some(fallback)),
            None => (reference, None),
        },
        None => match VARIABLE.captures(inner) {
            Some(variable) => (
                variable.get(1).map_or("", |name| name.as_str()),
                variable.get(2).map(|fallback| fallback.as_str()),
            ),
            None => return Ok(None),
        },
    };
    if name.is_empty() {
        return Ok(None);
    }
    match (context.env.var(name), fallback) {
        (Some(value), _) if !value.is_empty() => Ok(Some(Expanded::Variable(value))),
        (_, Some(fallback)) => Ok(Some(Expanded::Place(fallback.to_string()))),
        (Some(empty), None) => Ok(Some(Expanded::Variable(empty))),
        (None, None) => Err(EntryError::Unset { field: field.to_string(), written: written() }),
    }
}

/// The description the config's `inputs` block gives input `id`, if any.
fn input_description<'a>(inputs: Option<&'a Value>, id: &str) -> Option<&'a str> {
    inputs?
        .as_array()?
        .iter()
        .find(|input| input.get("id").and_then(Value::as_str) == Some(id))?
        .get("description")?
        .as_str()
        .filter(|description| !description.trim().is_empty())
}

/// A name from the config or the command line, quoted for a one-line message.
fn quoted(name: &str) -> String {
    format!("'{}'", name.escape_debug())
}

/// Names, each quoted, separated by commas.
fn quoted_list(names: &[String]) -> String {
    names.iter().map(|name| quoted(name)).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    struct FakeEnvironment {
        vars: Vec<(&'static str, &'static str)>,
        home: Option<&'static str>,
    }

    impl Environment for FakeEnvironment {
        fn var(&self, name: &str) -> Option<String> {
            self.vars.iter().find(|(key, _)| *key == name).map(|(_, value)| value.to_string())
        }

        fn home(&self) -> Option<PathBuf> {
            self.home.map(PathBuf::from)
        }
    }

    const PATH: &str = "/home/ana/project/.mcp.json";

    fn env() -> FakeEnvironment {
        FakeEnvironment {
            vars: vec![
                ("API_TOKEN", "tok-1234567890"),
                ("EMPTY", ""),
                ("PORT", "8080"),
                ("LOOP", "${API_TOKEN}"),
                ("HOME_BIN", "/opt/ana/bin"),
            ],
            home: Some("/home/ana"),
        }
    }

    fn config_at(path: &str, text: &str) -> Result<Config, String> {
        read(Path::new(path), text, &env()).map_err(|problem| problem.to_string())
    }

    fn config(text: &str) -> Config {
        config_at(PATH, text).expect("config reads")
    }

    fn error(text: &str) -> String {
        config_at(PATH, text).expect_err("config is refused")
    }

    /// The one server of `{"mcpServers": {"s": ENTRY}}`.
    fn entry(entry: &str) -> ServerEntry {
        let mut config = config(&format!(r#"{{"mcpServers": {{"s": {entry}}}}}"#));
        assert_eq!(config.servers.len(), 1);
        config.servers.remove(0)
    }

    fn target(text: &str) -> Target {
        match entry(text).status {
            EntryStatus::Ready(target) => target,
            other => panic!("expected a ready entry, got {other:?}"),
        }
    }

    fn failure(text: &str) -> String {
        let entry = entry(text);
        assert_eq!(entry.transport, TransportLabel::Unreadable);
        match entry.status {
            EntryStatus::Failed(reason) => reason,
            other => panic!("expected a failed entry, got {other:?}"),
        }
    }

    fn stdio(command: &str, args: &[&str]) -> Target {
        Target::Stdio {
            command: command.to_string(),
            args: args.iter().map(|arg| arg.to_string()).collect(),
            env: Vec::new(),
            cwd: None,
        }
    }

    fn http(url: &str) -> Target {
        Target::Http { url: url.to_string(), headers: Vec::new() }
    }

    fn sse(url: &str) -> Target {
        Target::Sse { url: url.to_string(), headers: Vec::new() }
    }

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items.iter().map(|(key, value)| (key.to_string(), value.to_string())).collect()
    }

    fn url_of(text: &str) -> String {
        match target(text) {
            Target::Http { url, .. } | Target::Sse { url, .. } => url,
            other => panic!("expected a remote target, got {other:?}"),
        }
    }

    fn command_of(text: &str) -> String {
        match target(text) {
            Target::Stdio { command, .. } => command,
            other => panic!("expected a stdio target, got {other:?}"),
        }
    }

    fn names(config: &Config) -> Vec<&str> {
        config.servers.iter().map(|server| server.name.as_str()).collect()
    }

    // ---- Map shapes ----

    #[test]
    fn mcp_servers_map_claude_cursor_windsurf() {
        let config = config(
            r#"{"mcpServers": {
                "weather": {"command": "uvx", "args": ["weather-mcp", "--units", "metric"]},
                "billing": {"url": "https://billing.example.com/mcp"}
            }}"#,
        );
        assert_eq!(config.path, PathBuf::from(PATH));
        assert_eq!(names(&config), ["weather", "billing"]);
        assert_eq!(config.servers[0].transport, TransportLabel::Stdio);
        assert_eq!(
            config.servers[0].status,
            EntryStatus::Ready(stdio("uvx", &["weather-mcp", "--units", "metric"]))
        );
        assert_eq!(config.servers[1].transport, TransportLabel::Http);
        assert_eq!(
            config.servers[1].status,
            EntryStatus::Ready(http("https://billing.example.com/mcp"))
        );
    }

    #[test]
    fn servers_map_vs_code() {
        let config = config(
            r#"{"inputs": [], "servers": {"fs": {"type": "stdio", "command": "npx", "args": ["fs"]}}}"#,
        );
        assert_eq!(names(&config), ["fs"]);
        assert_eq!(config.servers[0].status, EntryStatus::Ready(stdio("npx", &["fs"])));
    }

    #[test]
    fn both_maps_are_read_mcp_servers_first_in_file_order() {
        let config = config(
            r#"{"servers": {"z": {"command": "z"}, "a": {"command": "a"}},
                "mcpServers": {"m": {"command": "m"}, "b": {"command": "b"}}}"#,
        );
        assert_eq!(names(&config), ["m", "b", "z", "a"]);
    }

    #[test]
    fn a_null_map_is_absent() {
        let config = config(r#"{"mcpServers": null, "servers": {"a": {"command": "a"}}}"#);
        assert_eq!(names(&config), ["a"]);
    }

    #[test]
    fn a_name_in_both_maps_is_refused() {
        assert_eq!(
            error(r#"{"mcpServers": {"a": {"command": "a"}}, "servers": {"a": {"command": "b"}}}"#),
            "server 'a' is declared in both \"mcpServers\" and \"servers\"; keep one of them"
        );
    }

    #[test]
    fn no_server_map_points_at_a_client_config() {
        for text in [r#"{"tools": []}"#, "[]", r#"{"mcpServers": null}"#, "3"] {
            assert_eq!(error(text), NO_SERVER_MAP, "{text}");
        }
    }

    #[test]
    fn a_map_that_is_not_an_object_is_refused() {
        assert_eq!(
            error(r#"{"mcpServers": [{"command": "a"}]}"#),
            "\"mcpServers\" must be an object mapping server names to their settings, got a list"
        );
    }

    #[test]
    fn a_config_without_servers_is_refused() {
        assert_eq!(
            error(r#"{"mcpServers": {}, "servers": {}}"#),
            "it declares no MCP servers; add one under \"mcpServers\""
        );
    }

    // ---- JSONC ----

    #[test]
    fn comments_and_trailing_commas_are_read() {
        let config = config(
            "// Claude Code\n{\n  /* servers */ \"mcpServers\": {\n    \"a\": {\"command\": \"a\", \
             \"args\": [\"x\", /* last */ ],}, // trailing\n  },\n}\n",
        );
        assert_eq!(config.servers[0].status, EntryStatus::Ready(stdio("a", &["x"])));
    }

    #[test]
    fn comment_markers_inside_strings_are_text() {
        let target = target(
            r#"{"url": "https://example.com//mcp/*x*/", "headers": {"X-Note": "a \"// b\", c,}"}}"#,
        );
        assert_eq!(
            target,
            Target::Http {
                url: "https://example.com//mcp/*x*/".to_string(),
                headers: pairs(&[("X-Note", "a \"// b\", c,}")]),
            }
        );
    }

    #[test]
    fn stripping_keeps_lines_and_columns() {
        let text = "{\"a\": 1, /* ünïcödé\n */ // ü\n  \"b\": [1,],}";
        let stripped = strip_jsonc(text).unwrap();
        assert_eq!(stripped, "{\"a\": 1,           \n        \n  \"b\": [1 ] }");
        assert_eq!(stripped.lines().count(), text.lines().count());
        for (ours, theirs) in stripped.lines().zip(text.lines()) {
            assert_eq!(ours.chars().count(), theirs.chars().count());
        }
    }

    #[test]
    fn a_json_error_after_a_comment_names_its_place_in_the_file() {
        assert_eq!(
            error("{/* ü */ \"mcpServers\": {\n  // x\n  \"a\" {}}}"),
            "not valid JSON: expected ':' at line 3, column 7 (comments and trailing commas \
             are read, so this is something else)"
        );
    }

    #[test]
    fn a_comma_with_nothing_before_it_stays_an_error() {
        for (text, column) in [("[,]", 2), ("{,}", 2), ("[1,,]", 4), ("{\"a\": ,}", 7)] {
            let failure = json::parse(&strip_jsonc(text).unwrap()).unwrap_err();
            assert_eq!((failure.line, failure.column), (1, column), "{text}");
        }
        assert!(error(r#"{"mcpServers": {,}}"#).starts_with("not valid JSON"));
    }

    #[test]
    fn an_unterminated_block_comment_names_its_line() {
        assert_eq!(
            error("{\n \"mcpServers\": {}\n /* open\n\n"),
            "unterminated block comment opened on line 3"
        );
    }

    #[test]
    fn a_block_comment_opener_inside_a_string_is_text() {
        assert_eq!(command_of(r#"{"command": "/*a"}"#), "/*a");
    }

    #[test]
    fn not_json_says_comments_were_already_read() {
        assert_eq!(
            error("{\"mcpServers\": {'a': {}}}"),
            "not valid JSON: expected a key in double quotes at line 1, column 17 (comments \
             and trailing commas are read, so this is something else)"
        );
    }

    // ---- Placeholders ----

    #[test]
    fn env_placeholder_forms() {
        let target = target(
            r#"{"command": "${env:PORT}", "args": ["${PORT}", "-${EMPTY}-", "${env:EMPTY}"],
                "env": {"TOKEN": "Bearer ${API_TOKEN}"}, "cwd": "${userHome}/srv"}"#,
        );
        assert_eq!(
            target,
            Target::Stdio {
                command: "8080".to_string(),
                args: vec!["8080".to_string(), "--".to_string(), String::new()],
                env: pairs(&[("TOKEN", "Bearer tok-1234567890")]),
                cwd: Some(PathBuf::from("/home/ana/srv")),
            }
        );
    }

    #[test]
    fn fallback_is_used_when_unset_or_empty() {
        assert_eq!(
            url_of(r#"{"url": "http://${HOST:-localhost}:${PORT:-1}/${EMPTY:-mcp}${NONE:-}"}"#),
            "http://localhost:8080/mcp"
        );
        // `${env:NAME:-fallback}` reads the same way: rune's extension, as VS Code's
        // `${env:NAME}` has no fallback.
        assert_eq!(url_of(r#"{"url": "http://${env:HOST:-h}/${env:PORT:-x}"}"#), "http://h/8080");
    }

    #[test]
    fn resolved_values_are_not_expanded_again() {
        assert_eq!(command_of(r#"{"command": "${LOOP}"}"#), "${API_TOKEN}");
    }

    #[test]
    fn unknown_forms_are_left_as_written() {
        assert_eq!(
            command_of(r#"{"command": "${.name} ${env:} ${1X} ${a b} $HOME ${PORT"}"#),
            "${.name} ${env:} ${1X} ${a b} $HOME ${PORT"
        );
        // No nested braces: only the inner placeholder is one.
        assert_eq!(command_of(r#"{"command": "${a${PORT}}"}"#), "${a8080}");
    }

    #[test]
    fn user_home_and_workspace_folder() {
        assert_eq!(
            command_of(
                r#"{"command": "${userHome}|${workspaceFolder}|${workspaceFolderBasename}"}"#
            ),
            "/home/ana|/home/ana/project|project"
        );
    }

    #[test]
    fn a_config_in_vscode_has_the_project_above_as_its_workspace() {
        let config = config_at(
            "/home/ana/project/.vscode/mcp.json",
            r#"{"servers": {"a": {"command": "${workspaceFolder}/bin/${workspaceFolderBasename}"}}}"#,
        )
        .unwrap();
        assert_eq!(
            config.servers[0].status,
            EntryStatus::Ready(stdio("/home/ana/project/bin/project", &[]))
        );
    }

    #[test]
    fn a_missing_home_is_a_refusal() {
        let homeless = FakeEnvironment { vars: Vec::new(), home: None };
        let config = read(
            Path::new(PATH),
            r#"{"mcpServers": {"a": {"command": "x", "cwd": "${userHome}"}}}"#,
            &homeless,
        )
        .unwrap();
        assert_eq!(
            config.servers[0].status,
            EntryStatus::Failed(
                "\"cwd\" references ${userHome}, but this environment names no home directory; \
                 set HOME and re-run"
                    .to_string()
            )
        );
    }

    #[test]
    fn an_unset_variable_fails_the_entry_with_its_field() {
        assert_eq!(
            failure(r#"{"url": "https://${HOST}/mcp"}"#),
            "\"url\" references ${HOST}, which is not set in this environment; export it and re-run"
        );
        assert_eq!(
            failure(r#"{"command": "x", "args": ["a", "${env:NOPE}"]}"#),
            "\"args[1]\" references ${env:NOPE}, which is not set in this environment; export it \
             and re-run"
        );
        assert_eq!(
            failure(r#"{"command": "${NOPE}"}"#),
            "\"command\" references ${NOPE}, which is not set in this environment; export it and \
             re-run"
        );
        assert_eq!(
            failure(r#"{"command": "x", "cwd": "${NOPE}"}"#),
            "\"cwd\" references ${NOPE}, which is not set in this environment; export it and re-run"
        );
        assert_eq!(
            failure(r#"{"command": "x", "env": {"KEY": "${NOPE}"}}"#),
            "\"env\" value for 'KEY' references ${NOPE}, which is not set in this environment; \
             export it and re-run"
        );
        assert_eq!(
            failure(r#"{"url": "https://h/mcp", "headers": {"Authorization": "Bearer ${NOPE}"}}"#),
            "\"headers\" value for 'Authorization' references ${NOPE}, which is not set in this \
             environment; export it and re-run"
        );
    }

    #[test]
    fn an_input_placeholder_is_refused_with_its_description() {
        let config = config(
            r#"{"inputs": [{"type": "promptString", "id": "other", "description": "no"},
                           {"type": "promptString", "id": "gh-token",
                            "description": "GitHub Personal Access Token", "password": true}],
                "servers": {
                  "gh": {"url": "https://api.githubcopilot.com/mcp/",
                         "headers": {"Authorization": "Bearer ${input:gh-token}"}},
                  "plain": {"command": "x", "env": {"K": "${input:undeclared}"}}}}"#,
        );
        assert_eq!(
            config.servers[0].status,
            EntryStatus::Failed(
                "\"headers\" value for 'Authorization' needs ${input:gh-token} (GitHub Personal \
                 Access Token), which the client prompts for and rune cannot supply"
                    .to_string()
            )
        );
        assert_eq!(
            config.servers[1].status,
            EntryStatus::Failed(
                "\"env\" value for 'K' needs ${input:undeclared}, which the client prompts for and \
                 rune cannot supply"
                    .to_string()
            )
        );
    }

    #[test]
    fn a_command_placeholder_is_refused() {
        assert_eq!(
            failure(r#"{"command": "x", "args": ["${command:python.interpreterPath}"]}"#),
            "\"args[0]\" needs ${command:python.interpreterPath}, which only the editor that wrote \
             this config can run"
        );
    }

    #[test]
    fn a_message_about_a_placeholder_stays_on_one_line() {
        let reason = failure(r#"{"command": "${input:a\nb}"}"#);
        assert_eq!(
            reason,
            "\"command\" needs ${input:a\\nb}, which the client prompts for and rune cannot supply"
        );
    }

    // ---- Transports ----

    #[test]
    fn declared_transports_and_their_aliases() {
        for (declared, expected) in [
            ("stdio", TransportLabel::Stdio),
            (" Local ", TransportLabel::Stdio),
            ("HTTP", TransportLabel::Http),
            ("streamable-http", TransportLabel::Http),
            ("streamable_http", TransportLabel::Http),
            ("StreamableHttp", TransportLabel::Http),
            ("sse", TransportLabel::Sse),
        ] {
            let field = if expected == TransportLabel::Stdio {
                r#""command": "x""#
            } else {
                r#""url": "https://h/mcp""#
            };
            let server = entry(&format!(r#"{{"type": "{declared}", {field}}}"#));
            assert_eq!(server.transport, expected, "{declared}");
            let server = entry(&format!(r#"{{"transport": "{declared}", {field}}}"#));
            assert_eq!(server.transport, expected, "transport: {declared}");
        }
        assert_eq!(target(r#"{"type": "sse", "url": "https://h/mcp"}"#), sse("https://h/mcp"));
        assert_eq!(target(r#"{"type": "http", "url": "https://h/sse"}"#), http("https://h/sse"));
    }

    #[test]
    fn type_wins_over_transport() {
        assert_eq!(
            entry(r#"{"type": "sse", "transport": "http", "url": "https://h/mcp"}"#).transport,
            TransportLabel::Sse
        );
        assert_eq!(
            entry(r#"{"type": null, "transport": "sse", "url": "https://h/mcp"}"#).transport,
            TransportLabel::Sse
        );
    }

    #[test]
    fn an_undeclared_url_is_sse_when_its_path_ends_in_sse() {
        for url in ["https://h/sse", "https://h/v1/sse/", "https://h/sse?x=1", "https://h/sse#f"] {
            assert_eq!(target(&format!(r#"{{"url": "{url}"}}"#)), sse(url), "{url}");
        }
        for url in ["https://h/mcp", "https://sse/", "https://h/sse/x", "https://h/mcp?p=/sse"] {
            assert_eq!(target(&format!(r#"{{"url": "{url}"}}"#)), http(url), "{url}");
        }
    }

    #[test]
    fn sse_is_judged_after_expansion() {
        assert_eq!(
            target(r#"{"url": "http://localhost:${PORT}/${KIND:-sse}"}"#),
            sse("http://localhost:8080/sse")
        );
    }

    #[test]
    fn headers_and_env_keep_file_order() {
        assert_eq!(
            target(r#"{"url": "https://h/mcp", "headers": {"B": "2", "A": "1"}}"#),
            Target::Http {
                url: "https://h/mcp".to_string(),
                headers: pairs(&[("B", "2"), ("A", "1")])
            }
        );
    }

    // ---- Per-entry errors ----

    #[test]
    fn every_per_entry_error() {
        for (text, reason) in [
            ("[]", "the entry must be an object, got a list"),
            (r#""npx x""#, "the entry must be an object, got a string"),
            (
                r#"{"command": "x", "url": "https://h/mcp"}"#,
                "the entry has both \"command\" and \"url\"; a server is either local (\"command\") \
                 or remote (\"url\")",
            ),
            (
                r#"{"args": ["x"]}"#,
                "the entry has neither \"command\" (a local server) nor \"url\" (a remote one)",
            ),
            (r#"{"type": "stdio", "url": "https://h/mcp"}"#, "type \"stdio\" needs a \"command\""),
            (r#"{"type": "http", "command": "x"}"#, "type \"http\" needs a \"url\""),
            (r#"{"type": "sse"}"#, "type \"sse\" needs a \"url\""),
            (r#"{"transport": "Local", "url": "u"}"#, "transport \"Local\" needs a \"command\""),
            (
                r#"{"type": "ws", "url": "u"}"#,
                "unknown transport 'ws'; rune speaks stdio, http and sse",
            ),
            (r#"{"type": 1, "url": "u"}"#, "\"type\" must be a string, got a number"),
            (r#"{"command": ""}"#, "\"command\" must be a non-empty string"),
            (r#"{"command": "  "}"#, "\"command\" must be a non-empty string"),
            (r#"{"command": ["npx"]}"#, "\"command\" must be a non-empty string"),
            (r#"{"command": "x", "cwd": 1}"#, "\"cwd\" must be a string"),
            (r#"{"command": "x", "args": "a b"}"#, "\"args\" must be a list of strings"),
            (r#"{"command": "x", "args": ["a", 1]}"#, "\"args\" must be a list of strings"),
            (
                r#"{"command": "x", "env": ["A=1"]}"#,
                "\"env\" must be an object mapping strings to strings",
            ),
            (
                r#"{"command": "x", "env": {"A": 1}}"#,
                "\"env\" must be an object mapping strings to strings",
            ),
            (r#"{"url": ""}"#, "\"url\" must be a non-empty string"),
            (r#"{"url": 3}"#, "\"url\" must be a non-empty string"),
            (
                r#"{"url": "u", "headers": {"A": null}}"#,
                "\"headers\" must be an object mapping strings to strings",
            ),
        ] {
            assert_eq!(failure(text), reason, "{text}");
        }
    }

    #[test]
    fn null_optional_fields_are_absent() {
        assert_eq!(
            target(r#"{"command": "x", "url": null, "args": null, "env": null, "cwd": null}"#),
            stdio("x", &[])
        );
    }

    #[test]
    fn one_unreadable_entry_leaves_the_rest_readable() {
        let config = config(
            r#"{"mcpServers": {"a": 5, "b": {"command": "b"}, "c": {"url": "${NOPE}"}, "d": {"url": "https://d/mcp"}}}"#,
        );
        let labels: Vec<_> = config.servers.iter().map(|server| server.transport).collect();
        assert_eq!(
            labels,
            [
                TransportLabel::Unreadable,
                TransportLabel::Stdio,
                TransportLabel::Unreadable,
                TransportLabel::Http
            ]
        );
    }

    #[test]
    fn an_unknown_transport_is_quoted_on_one_line() {
        assert_eq!(
            failure(r#"{"type": "web\nsocket", "url": "u"}"#),
            "unknown transport 'web\\nsocket'; rune speaks stdio, http and sse"
        );
    }

    // ---- Disabled ----

    #[test]
    fn disabled_entries_are_not_resolved() {
        let config = config(
            r#"{"mcpServers": {
                "a": {"command": "${NOPE}", "env": {"K": "${input:x}"}, "disabled": true},
                "b": {"url": "https://h/${command:y}/sse", "disabled": true},
                "c": {"url": "https://h/mcp", "disabled": true}}}"#,
        );
        let read: Vec<_> = config.servers.iter().map(|s| (s.transport, s.status.clone())).collect();
        assert_eq!(
            read,
            [
                (TransportLabel::Stdio, EntryStatus::Disabled),
                (TransportLabel::Sse, EntryStatus::Disabled),
                (TransportLabel::Http, EntryStatus::Disabled),
            ]
        );
    }

    #[test]
    fn a_malformed_disabled_entry_is_failed() {
        assert_eq!(
            failure(r#"{"type": "websocket", "url": "u", "disabled": true}"#),
            "unknown transport 'websocket'; rune speaks stdio, http and sse"
        );
        assert_eq!(
            failure(r#"{"command": "x", "args": "a", "disabled": true}"#),
            "\"args\" must be a list of strings"
        );
    }

    #[test]
    fn only_a_boolean_says_whether_a_server_is_disabled() {
        for enabled in ["false", "null"] {
            let server = entry(&format!(r#"{{"command": "x", "disabled": {enabled}}}"#));
            assert_eq!(server.status, EntryStatus::Ready(stdio("x", &[])), "{enabled}");
        }
        for (written, kind) in [("\"true\"", "a string"), ("1", "a number"), ("[]", "a list")] {
            let server = entry(&format!(r#"{{"command": "x", "disabled": {written}}}"#));
            assert_eq!(
                server.status,
                EntryStatus::Failed(format!(
                    "\"disabled\" must be true or false, got {kind}; rune will not guess whether \
                     the server is switched off"
                )),
                "{written}"
            );
            assert_eq!(server.transport, TransportLabel::Unreadable);
        }
    }

    #[test]
    fn a_timeout_that_is_not_a_number_is_refused() {
        let server = entry(r#"{"command": "x", "timeout": "60"}"#);
        assert_eq!(
            server.status,
            EntryStatus::Failed("\"timeout\" must be a number, got a string".into())
        );
        assert_eq!(
            entry(r#"{"command": "x", "timeout": 60}"#).status,
            EntryStatus::Ready(stdio("x", &[]))
        );
    }

    #[test]
    fn every_placeholder_value_from_the_environment_is_a_secret() {
        let server = entry(
            r#"{"command": "${env:HOME_BIN}/s", "args": ["--key=${API_TOKEN}"], "cwd": "${userHome}",
                "env": {"K": "literal-value-1"}}"#,
        );
        for secret in ["/opt/ana/bin", "tok-1234567890", "literal-value-1"] {
            assert!(server.secrets.iter().any(|s| s == secret), "{secret}: {:?}", server.secrets);
        }
        // A folder rune names itself is not a credential.
        assert!(!server.secrets.iter().any(|s| s == "/home/ana"), "{:?}", server.secrets);
        let remote =
            entry(r#"{"url": "https://u:pw-123456789@h/${API_TOKEN}/mcp?k=v&key=abc123456789"}"#);
        for secret in ["tok-1234567890", "u:pw-123456789", "pw-123456789", "abc123456789"] {
            assert!(remote.secrets.iter().any(|s| s == secret), "{secret}: {:?}", remote.secrets);
        }
    }

    // ---- --server ----

    fn three() -> Config {
        config(
            r#"{"mcpServers": {"a": {"command": "a"}, "b": {"command": "b"}, "c": {"command": "c"}}}"#,
        )
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| item.to_string()).collect()
    }

    #[test]
    fn select_keeps_named_servers_in_config_order() {
        let selected = select(three(), &strings(&["c", "a", "c"])).unwrap();
        assert_eq!(names(&selected), ["a", "c"]);
        assert_eq!(names(&select(three(), &[]).unwrap()), ["a", "b", "c"]);
    }

    #[test]
    fn select_names_every_unknown_server() {
        assert_eq!(
            select(three(), &strings(&["x"])).unwrap_err().to_string(),
            "no server named 'x' in the config"
        );
        assert_eq!(
            select(three(), &strings(&["x", "a", "y", "x"])).unwrap_err().to_string(),
            "no server named 'x', 'y' in the config"
        );
    }

    // ---- Secrets ----

    #[test]
    fn secrets_are_env_and_header_values() {
        let local = target(
            r#"{"command": "x", "args": ["arg-not-a-secret"], "env": {"A": "1", "B": "${API_TOKEN}"}}"#,
        );
        assert_eq!(secrets(&local), ["1", "tok-1234567890"]);
        let remote =
            target(r#"{"url": "https://h/sse", "headers": {"Authorization": "Bearer abc"}}"#);
        assert_eq!(secrets(&remote), ["Bearer abc"]);
    }

    #[test]
    fn a_secret_cut_short_by_a_clip_mark_is_hidden_too() {
        let secret = format!("tok-{}", "y".repeat(40_000));
        let shown: String = format!("/no/such/{secret}").chars().take(80).collect();
        let message = format!("could not start '{shown}...': File name too long");
        assert_eq!(
            redact(&message, &strings(&[&secret])),
            "could not start '/no/such/<redacted>...': File name too long"
        );
        // Too short an opening to tell a secret by, or text that merely ends in its first
        // letters, stays.
        assert_eq!(redact("say 'tok-yyy...'", &strings(&[&secret])), "say 'tok-yyy...'");
    }

    #[test]
    fn redaction_hides_values_of_eight_or_more_characters() {
        let secrets = strings(&["short", "1234567", "12345678"]);
        assert_eq!(
            redact("short 1234567 12345678 x12345678x", &secrets),
            "short 1234567 <redacted> x<redacted>x"
        );
    }

    #[test]
    fn redaction_takes_the_longest_secret_first() {
        let secrets = strings(&["abcdefgh", "Bearer abcdefgh-rest"]);
        assert_eq!(
            redact("sent Bearer abcdefgh-rest, then abcdefgh", &secrets),
            "sent <redacted>, then <redacted>"
        );
    }

    #[test]
    fn overlapping_secrets_leave_no_fragment() {
        let secrets = strings(&["abcdefgh12", "12345678xy"]);
        assert_eq!(redact("<abcdefgh12345678xy>", &secrets), "<<redacted>>");
        assert_eq!(redact("no secrets here", &[]), "no secrets here");
    }

    #[test]
    fn a_secret_that_spells_the_marker_does_not_nest() {
        assert_eq!(redact("redacted", &strings(&["redacted"])), REDACTED);
    }

    #[test]
    fn no_error_quotes_an_env_or_header_value() {
        let env_value = "env-secret-value-1";
        let header_value = "Bearer header-secret-2";
        let entries = [
            format!(r#"{{"command": "x", "env": {{"K": "{env_value}"}}, "cwd": 1}}"#),
            format!(r#"{{"command": "x", "env": {{"K": "{env_value}", "L": 5}}}}"#),
            format!(r#"{{"command": "x", "env": {{"K": "{env_value}", "M": "${{NOPE}}"}}}}"#),
            format!(
                r#"{{"command": "x", "env": {{"K": "{env_value}"}}, "args": ["${{input:t}}"]}}"#
            ),
            format!(r#"{{"command": "x", "url": "u", "env": {{"K": "{env_value}"}}}}"#),
            format!(r#"{{"type": "{env_value}", "command": "x", "env": {{"K": "{env_value}"}}}}"#),
            format!(r#"{{"url": "u", "headers": {{"Authorization": "{header_value}", "X": 1}}}}"#),
            format!(r#"{{"url": "${{NOPE}}", "headers": {{"Authorization": "{header_value}"}}}}"#),
            format!(
                r#"{{"url": "u", "headers": {{"Authorization": "{header_value}", "Y": "${{command:c}}"}}}}"#
            ),
            format!(
                r#"{{"url": "u", "headers": {{"A": "{header_value}"}}, "type": "{header_value}"}}"#
            ),
            r#"{"url": "u", "headers": {"A": "${API_TOKEN}", "B": "${NOPE}"}}"#.to_string(),
        ];
        for text in &entries {
            let reason = failure(text);
            for secret in [env_value, header_value, "header-secret-2", "tok-1234567890"] {
                assert!(!reason.contains(secret), "{reason} quotes {secret}");
            }
        }
        let whole = [
            format!(
                r#"{{"mcpServers": {{"a": {{"command": "x", "env": {{"K": "{env_value}"}}}}, }}"#
            ),
            format!(
                r#"{{"servers": {{"a": {{"url": "u", "headers": {{"K": "{header_value}"}}}}}}, /*"#
            ),
        ];
        for text in &whole {
            let reason = error(text);
            assert!(!reason.contains(env_value) && !reason.contains(header_value), "{reason}");
        }
    }

    // ---- Files ----

    #[test]
    fn load_reads_a_file_and_names_a_missing_one() {
        let dir = std::env::temp_dir().join(format!("rune-config-{}", std::process::id()));
        std::fs::create_dir_all(dir.join(".vscode")).unwrap();
        let path = dir.join(".vscode/mcp.json");
        std::fs::write(&path, r#"{"servers": {"a": {"command": "${workspaceFolder}/run"}}}"#)
            .unwrap();
        let config = load(&path, &env()).unwrap();
        let expected = format!("{}/run", dir.display());
        assert_eq!(config.servers[0].status, EntryStatus::Ready(stdio(&expected, &[])));

        std::fs::write(&path, b"{\"servers\": \xff}").unwrap();
        assert_eq!(
            load(&path, &env()).unwrap_err().to_string(),
            format!(
                "cannot read config {}: the byte at offset 12 is not valid UTF-8; save the \
                 config as UTF-8",
                path.display()
            )
        );
        assert_eq!(
            load(&dir, &env()).unwrap_err().to_string(),
            format!(
                "cannot read config {}: it is a folder; name the client's config file in it \
                 (such as .mcp.json)",
                dir.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            load(&path, &env()).unwrap_err().to_string(),
            format!("no such config: {}", path.display())
        );
    }

    #[test]
    fn process_environment_ignores_impossible_names() {
        assert_eq!(ProcessEnvironment.var(""), None);
        assert_eq!(ProcessEnvironment.var("A=B"), None);
        assert_eq!(ProcessEnvironment.var("A\0B"), None);
    }
}
