//! Live scans: connect to a running MCP server and read what it advertises.
//!
//! rune completes the handshake (keeping the server's `instructions` and `serverInfo`), lists
//! tools, then prompts and resources (with resource templates) when the server offers them,
//! following `nextCursor` up to a page cap. It never calls a tool, gets a prompt or reads a
//! resource, and answers a server's own requests only with a `ping` reply or a refusal (see
//! `client`). Everything the server said is assembled into one manifest document
//! ([`Listing::raw`]), and the entities are read from that document by the manifest reader, so
//! a live scan and a scan of its saved document are the same scan.
//!
//! Three transports: a local process over stdio, Streamable HTTP, and the legacy HTTP+SSE
//! transport. One budget ([`Options::timeout`]) covers connecting, the handshake and every
//! listing. Every message is bounded ([`Options::message_cap`]), a stdio server runs with a
//! minimal environment in its own process group that is killed when the scan ends, and when
//! headers are sent a redirect to another origin stops the scan before they follow it.

mod client;
mod http;
mod legacy_sse;
mod origin;
mod reaper;
mod stdio;
mod tap;

pub use origin::{check_url, cleartext_warning, public_url};
pub use reaper::{ServersEnded, end_all};

use crate::escape::escape;
use crate::files::io_reason;
use crate::json::Value;
use crate::model::Entity;
use crate::source::config::{self, Target};
use crate::source::manifest::{self, ManifestError};
use client::Scanner;
use http::HttpClient;
use legacy_sse::LegacySse;
use rmcp::ServiceExt;
use rmcp::model::{
    ClientCapabilities, ClientConfig, ClientRequest, ErrorCode, Implementation, ListPromptsRequest,
    ListResourceTemplatesRequest, ListResourcesRequest, ListToolsRequest, PaginatedRequestParams,
    ProtocolVersion,
};
use rmcp::service::{ClientInitializeError, RoleClient, RunningService, ServiceError};
use rmcp::transport::Transport;
use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;
use stdio::Server;
use tap::{Tap, Tapped};

/// Limits of one live scan.
#[derive(Debug, Clone)]
pub struct Options {
    /// The one budget for connecting, the handshake and every listing (`--timeout`).
    pub timeout: Duration,
    /// Pages read per listing before rune stops following `nextCursor` (with a warning).
    pub page_cap: usize,
    /// Items kept per listing before rune stops (with a warning).
    pub item_cap: usize,
    /// The largest single message rune reads; a bigger one fails the scan.
    pub message_cap: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            timeout: Duration::from_secs(20),
            page_cap: 100,
            item_cap: 10_000,
            message_cap: 16 * 1024 * 1024,
        }
    }
}

/// What a server advertised.
#[derive(Debug, Clone)]
pub struct Listing {
    /// Read from [`Listing::raw`] by the manifest reader.
    pub entities: Vec<Entity>,
    /// Ways the listing is incomplete, e.g. `tools/list stopped at the 100-page cap; ...`.
    pub warnings: Vec<String>,
    /// The handshake's `serverInfo` and `instructions` and every listing (`tools`, `prompts`,
    /// `resources`, `resourceTemplates`), each item exactly as the server sent it: a manifest
    /// that `rune --manifest` reads back to the same entities.
    pub raw: Value,
}

/// Why a live scan produced nothing. Each displays as one line; header values never appear,
/// and the values of the target's env and headers are replaced by `<redacted>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveError {
    /// The URL was refused before any network use: a bad URL must not cost a connection.
    BadUrl(String),
    /// A redirect pointed the scan's headers at another origin; they would carry the
    /// credentials there, so the scan stops instead.
    ForeignOrigin(String),
    /// The budget ran out.
    Timeout(Timeout),
    /// The endpoint answered with an error status.
    Http { status: u16, legacy: bool },
    /// The endpoint speaks the other HTTP transport: `legacy` when it is a legacy HTTP+SSE
    /// endpoint given to `--http`, otherwise a Streamable HTTP one given to `--sse`.
    WrongTransport { status: u16, legacy: bool },
    /// The server sent something that is not a JSON-RPC message.
    Protocol(String),
    /// A stdio server exited, or closed its stdout, before the scan finished.
    Ended(String),
    /// Anything else.
    Failed(String),
}

/// What a scan that ran out of time was waiting for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeout {
    pub budget: Duration,
    /// The method of the request the server had not answered, if one was outstanding.
    pub awaiting: Option<String>,
    /// The package runner (`npx`, `uvx`, ...) whose first run downloads the server before it
    /// can answer the handshake.
    pub downloader: Option<String>,
}

impl Timeout {
    pub fn after(budget: Duration) -> Timeout {
        Timeout { budget, awaiting: None, downloader: None }
    }
}

impl fmt::Display for Timeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.budget.as_secs_f64();
        match self.awaiting.as_deref() {
            None => write!(f, "server did not respond within {seconds}s")?,
            Some("initialize") => {
                write!(f, "server did not answer initialize (the handshake) within {seconds}s")?
            }
            Some(method) => write!(f, "server did not answer {method} within {seconds}s")?,
        }
        match &self.downloader {
            Some(runner)
                if self.awaiting.as_deref().is_none_or(|method| method == "initialize") =>
            {
                write!(
                    f,
                    ": {runner} downloads the package on a first run, and the download counts \
                     against the budget; give it longer, e.g. --timeout 120"
                )
            }
            _ => f.write_str(" (see --timeout)"),
        }
    }
}

impl fmt::Display for LiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LiveError::BadUrl(message)
            | LiveError::Protocol(message)
            | LiveError::Ended(message)
            | LiveError::Failed(message) => f.write_str(message),
            LiveError::ForeignOrigin(origin) => write!(
                f,
                "endpoint redirected to {origin}, a different origin: the credentials for this \
                 scan were not sent there and nothing that answered has been scanned. Point \
                 rune at the endpoint you mean to audit rather than at one that hands your \
                 token somewhere else"
            ),
            LiveError::Timeout(timeout) => timeout.fmt(f),
            LiveError::Http { status: status @ (401 | 403), .. } => write!(
                f,
                "server returned HTTP {status}: the endpoint needs credentials (see --header)"
            ),
            LiveError::Http { status: 404, legacy } => write!(
                f,
                "server returned HTTP 404: check the URL includes the MCP path (often {})",
                if *legacy { "/sse" } else { "/mcp" }
            ),
            LiveError::Http { status, .. } => write!(f, "server returned HTTP {status}"),
            LiveError::WrongTransport { status, legacy: true } => write!(
                f,
                "server returned HTTP {status}: this is a legacy HTTP+SSE endpoint (it answers \
                 GET with an event stream); scan it with --sse, or \"type\": \"sse\" in a config"
            ),
            LiveError::WrongTransport { status, legacy: false } => write!(
                f,
                "server returned HTTP {status} to the event-stream request: this looks like a \
                 Streamable HTTP endpoint; scan it with --http, or \"type\": \"http\" in a config"
            ),
        }
    }
}

impl std::error::Error for LiveError {}

impl LiveError {
    /// Takes every credential of the target back out of the message.
    fn redacted(self, secrets: &[String]) -> LiveError {
        match self {
            LiveError::Protocol(message) => LiveError::Protocol(config::redact(&message, secrets)),
            LiveError::Ended(message) => LiveError::Ended(config::redact(&message, secrets)),
            LiveError::Failed(message) => LiveError::Failed(config::redact(&message, secrets)),
            other => other,
        }
    }

    /// Whether the server itself broke off: it wrote something that is not MCP to stdout,
    /// exited early, or stopped answering. Misplaced arguments (a flag meant for rune) end a server this way.
    pub fn is_server_breakdown(&self) -> bool {
        // A server given a flag it does not know may also print its usage and wait.
        matches!(self, LiveError::Protocol(_) | LiveError::Ended(_) | LiveError::Timeout(_))
    }
}

/// The package runners whose first run downloads the server: `npx`, `uvx`, `pipx run`, ...
/// Returns the runner as the user would name it.
pub(crate) fn downloader(command: &str, args: &[String]) -> Option<String> {
    let program = std::path::Path::new(command).file_stem()?.to_str()?.to_ascii_lowercase();
    if matches!(program.as_str(), "npx" | "pnpx" | "bunx" | "uvx") {
        return Some(program);
    }
    let first = args.first()?.as_str();
    let runs = matches!(
        (program.as_str(), first),
        ("npm", "exec") | ("pnpm", "dlx") | ("yarn", "dlx") | ("bun", "x") | ("pipx", "run")
    );
    runs.then(|| format!("{program} {first}"))
}

/// Connects to the server `target` names and reads everything it advertises.
pub fn scan(target: &Target, options: &Options) -> Result<Listing, LiveError> {
    scan_unredacted(target, options).map_err(|error| error.redacted(&config::secrets(target)))
}

fn scan_unredacted(target: &Target, options: &Options) -> Result<Listing, LiveError> {
    let runtime =
        tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|error| {
            LiveError::Failed(format!("cannot start the scan: {}", io_reason(&error)))
        })?;
    let tap = Arc::new(Tap::default());
    let listing = match target {
        Target::Stdio { command, args, env, cwd } => {
            let mut server = Server::start(command, args, env, cwd.as_deref())?;
            let listing = drive(&runtime, &tap, options, async {
                server.transport(&tap, options.message_cap)
            });
            server.stop();
            listing
        }
        Target::Http { url, headers } => {
            let url = check_url(url, "--http")?;
            drive(&runtime, &tap, options, async { http::streamable(&url, headers, &tap, options) })
        }
        Target::Sse { url, headers } => {
            let url = check_url(url, "--sse")?;
            drive(&runtime, &tap, options, async {
                let client = HttpClient::new(&url, headers, &tap, options, true)?;
                LegacySse::connect(&url, client, &tap).await
            })
        }
    };
    // Whatever is still running (a hung DNS lookup, a stream reader) is not waited for.
    runtime.shutdown_background();
    listing.map_err(|error| match (error, target) {
        (LiveError::Timeout(timeout), Target::Stdio { command, args, .. }) => {
            LiveError::Timeout(Timeout { downloader: downloader(command, args), ..timeout })
        }
        (error, _) => error,
    })
}

/// How long a finished scan waits for the session to close politely.
const CLOSE_GRACE: Duration = Duration::from_millis(500);

type Client = RunningService<RoleClient, Scanner>;

/// Runs one scan on `runtime`: connect, handshake, listings, all within the budget, stopping
/// early when a transport records a failure. A refused redirect outranks every outcome.
fn drive<T, F>(
    runtime: &tokio::runtime::Runtime,
    tap: &Arc<Tap>,
    options: &Options,
    connect: F,
) -> Result<Listing, LiveError>
where
    T: Transport<RoleClient> + 'static,
    F: Future<Output = Result<T, LiveError>>,
{
    let outcome = runtime.block_on(async {
        let work = async {
            let transport = connect.await?;
            session(transport, tap, options).await
        };
        let outcome = tokio::select! {
            biased;
            outcome = tokio::time::timeout(options.timeout, work) => {
                outcome.unwrap_or_else(|_| {
                    Err(LiveError::Timeout(Timeout {
                        awaiting: tap.awaiting(),
                        ..Timeout::after(options.timeout)
                    }))
                })
            }
            () = tap.aborted() => Err(LiveError::Failed("the scan was stopped".to_string())),
        };
        match outcome {
            Ok((listing, mut client)) => {
                let _ = client.close_with_timeout(CLOSE_GRACE).await;
                Ok(listing)
            }
            Err(error) => Err(error),
        }
    });
    if let Some(origin) = tap.foreign_origin() {
        return Err(LiveError::ForeignOrigin(origin));
    }
    outcome.map_err(|error| with_noise(tap.failure().unwrap_or(error), tap))
}

/// A failure, with what the server wrote to stdout that was skipped: often the reason (a
/// server that prints its own error there and exits).
fn with_noise(error: LiveError, tap: &Tap) -> LiveError {
    let Some(note) = tap.noise_note() else { return error };
    match error {
        LiveError::Failed(_) | LiveError::Timeout(_) => {
            LiveError::Failed(format!("{error}; the {note}"))
        }
        other => other,
    }
}

/// One listing method and where its items go in the manifest document.
struct Kind {
    method: &'static str,
    key: &'static str,
    /// The server capability that offers it.
    capability: &'static str,
    /// Listed whether or not the capability is advertised, and a failure to list fails the
    /// scan: tools are what an agent calls, so a server that does not declare them is still
    /// asked, and a scan that could not read them must not pass.
    always: bool,
    request: fn(PaginatedRequestParams) -> ClientRequest,
}

const KINDS: [Kind; 4] = [
    Kind {
        method: "tools/list",
        key: "tools",
        capability: "tools",
        always: true,
        request: |params| ClientRequest::ListToolsRequest(ListToolsRequest::with_param(params)),
    },
    Kind {
        method: "prompts/list",
        key: "prompts",
        capability: "prompts",
        always: false,
        request: |params| ClientRequest::ListPromptsRequest(ListPromptsRequest::with_param(params)),
    },
    Kind {
        method: "resources/list",
        key: "resources",
        capability: "resources",
        always: false,
        request: |params| {
            ClientRequest::ListResourcesRequest(ListResourcesRequest::with_param(params))
        },
    },
    Kind {
        method: "resources/templates/list",
        key: "resourceTemplates",
        capability: "resources",
        always: false,
        request: |params| {
            ClientRequest::ListResourceTemplatesRequest(ListResourceTemplatesRequest::with_param(
                params,
            ))
        },
    },
];

/// Who rune says it is. The newest protocol version that still has the `initialize`
/// handshake, so servers of every age answer it.
fn client_info() -> ClientConfig {
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("rune", env!("CARGO_PKG_VERSION")),
    )
    .with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
}

async fn session<T>(
    transport: T,
    tap: &Arc<Tap>,
    options: &Options,
) -> Result<(Listing, Client), LiveError>
where
    T: Transport<RoleClient> + 'static,
{
    let client = Scanner { info: client_info() }
        .serve(Tapped { inner: transport, tap: Arc::clone(tap) })
        .await
        .map_err(handshake_failure)?;
    let mut initialized =
        tap.take_last_reply().and_then(|reply| take(reply, "result")).ok_or_else(|| {
            LiveError::Failed("the server's reply to initialize went missing".to_string())
        })?;
    let mut document = Vec::new();
    for key in ["serverInfo", "instructions"] {
        if let Some(value) = take_member(&mut initialized, key) {
            document.push((key.to_string(), value));
        }
    }
    let capabilities = initialized.get("capabilities");
    let offers = |capability: &str| {
        capabilities.and_then(|offered| offered.get(capability)).is_some_and(|on| !on.is_null())
    };
    let mut warnings = Vec::new();
    for kind in &KINDS {
        let offered = offers(kind.capability);
        if kind.always || offered {
            let items = list(&client, tap, kind, offered, options, &mut warnings).await?;
            document.push((kind.key.to_string(), Value::Array(items)));
        }
    }
    warnings.extend(tap.noise_note());
    let raw = Value::Object(document);
    let entities = manifest::read_document(raw.clone()).map_err(|error| {
        let problem = match error {
            ManifestError::Unreadable { problem, .. } => problem.to_string(),
            other => other.to_string(),
        };
        LiveError::Failed(format!("the server's listing is not one rune can read: {problem}"))
    })?;
    Ok((Listing { entities, warnings, raw }, client))
}

/// Reads every page of one listing, within the page and item caps.
async fn list(
    client: &Client,
    tap: &Tap,
    kind: &Kind,
    offered: bool,
    options: &Options,
    warnings: &mut Vec<String>,
) -> Result<Vec<Value>, LiveError> {
    let mut items = Vec::new();
    let mut seen = HashSet::new();
    let mut cursor = None;
    for page in 1.. {
        let params = PaginatedRequestParams::default().with_cursor(cursor.take());
        let sent = client.peer().send_request((kind.request)(params)).await;
        let reply = tap.take_last_reply();
        match sent {
            Ok(_) => {}
            Err(ServiceError::McpError(error)) => {
                if error.code == ErrorCode::METHOD_NOT_FOUND && !offered {
                    return Ok(items);
                }
                let failure = format!("{} failed: {}", kind.method, quote(&error.message));
                if kind.always {
                    return Err(LiveError::Failed(failure));
                }
                warnings.push(format!("{failure}; nothing more from it was scanned"));
                return Ok(items);
            }
            Err(error) => {
                return Err(LiveError::Failed(format!("{} failed: {error}", kind.method)));
            }
        }
        let mut result = reply.and_then(|reply| take(reply, "result")).ok_or_else(|| {
            LiveError::Failed(format!("the server's reply to {} went missing", kind.method))
        })?;
        match take_member(&mut result, kind.key) {
            None | Some(Value::Null) => {}
            Some(Value::Array(page_items)) => items.extend(page_items),
            Some(item @ Value::Object(_)) => items.push(item),
            Some(other) => {
                return Err(LiveError::Failed(format!(
                    "the server's {} reply has \"{}\" as {}, not a list",
                    kind.method,
                    kind.key,
                    other.type_name()
                )));
            }
        }
        if items.len() > options.item_cap {
            items.truncate(options.item_cap);
            warnings.push(format!(
                "{} stopped at the {}-item cap; the rest was not scanned",
                kind.method, options.item_cap
            ));
            break;
        }
        let next = match take_member(&mut result, "nextCursor") {
            Some(Value::String(next)) if !next.is_empty() => next,
            _ => break,
        };
        if !seen.insert(next.clone()) {
            warnings.push(format!("{} repeated a cursor; the listing ends there", kind.method));
            break;
        }
        if page >= options.page_cap {
            warnings.push(format!(
                "{} stopped at the {}-page cap; later pages were not scanned",
                kind.method, options.page_cap
            ));
            break;
        }
        cursor = Some(next);
    }
    Ok(items)
}

fn handshake_failure(error: ClientInitializeError) -> LiveError {
    LiveError::Failed(match error {
        ClientInitializeError::JsonRpcError(error) => {
            format!("server refused to initialize: {}", quote(&error.message))
        }
        ClientInitializeError::ExpectedInitResponse(_)
        | ClientInitializeError::ExpectedInitResult(_)
        | ClientInitializeError::ConflictInitResponseId(..)
        | ClientInitializeError::UncorrelatedErrorResponse { .. } => {
            "server's reply to initialize is not an MCP initialize result".to_string()
        }
        ClientInitializeError::ConnectionClosed(_) => {
            "server closed the connection during the handshake".to_string()
        }
        other => format!("the handshake failed: {other}"),
    })
}

/// The member `key` of an object, taken out of it.
fn take(value: Value, key: &str) -> Option<Value> {
    let Value::Object(members) = value else { return None };
    members.into_iter().find(|(name, _)| name == key).map(|(_, value)| value)
}

fn take_member(value: &mut Value, key: &str) -> Option<Value> {
    let Value::Object(members) = value else { return None };
    let at = members.iter().position(|(name, _)| name == key)?;
    Some(members.remove(at).1)
}

/// Server text quoted in a message: clipped to 80 characters and escaped.
fn quote(text: &str) -> String {
    const MOST: usize = 80;
    let clipped: String = text.chars().take(MOST).collect();
    let more = if clipped.len() < text.len() { "..." } else { "" };
    format!("'{}{more}'", escape(&clipped))
}

/// A byte count as a person reads it.
fn size(bytes: usize) -> String {
    const KIB: usize = 1024;
    const MIB: usize = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_to_try_next() {
        assert_eq!(
            LiveError::Timeout(Timeout::after(Duration::from_secs(20))).to_string(),
            "server did not respond within 20s (see --timeout)"
        );
        assert_eq!(
            LiveError::Timeout(Timeout::after(Duration::from_millis(500))).to_string(),
            "server did not respond within 0.5s (see --timeout)"
        );
        assert_eq!(
            LiveError::Http { status: 403, legacy: false }.to_string(),
            "server returned HTTP 403: the endpoint needs credentials (see --header)"
        );
        assert_eq!(
            LiveError::Http { status: 404, legacy: false }.to_string(),
            "server returned HTTP 404: check the URL includes the MCP path (often /mcp)"
        );
        assert_eq!(
            LiveError::Http { status: 404, legacy: true }.to_string(),
            "server returned HTTP 404: check the URL includes the MCP path (often /sse)"
        );
        assert_eq!(
            LiveError::Http { status: 502, legacy: true }.to_string(),
            "server returned HTTP 502"
        );
        assert!(
            LiveError::ForeignOrigin("https://evil.example".into())
                .to_string()
                .starts_with("endpoint redirected to https://evil.example, a different origin: ")
        );
    }

    #[test]
    fn a_timeout_says_what_it_waited_for_and_why_a_first_run_is_slow() {
        let waiting = |method: &str, downloader: Option<&str>| {
            LiveError::Timeout(Timeout {
                budget: Duration::from_secs(20),
                awaiting: Some(method.to_string()),
                downloader: downloader.map(str::to_string),
            })
            .to_string()
        };
        assert_eq!(
            waiting("initialize", None),
            "server did not answer initialize (the handshake) within 20s (see --timeout)"
        );
        assert_eq!(
            waiting("tools/list", None),
            "server did not answer tools/list within 20s (see --timeout)"
        );
        assert_eq!(
            waiting("initialize", Some("npx")),
            "server did not answer initialize (the handshake) within 20s: npx downloads the \
             package on a first run, and the download counts against the budget; give it \
             longer, e.g. --timeout 120"
        );
        // Once the handshake is done, the package was there: no download to blame.
        assert_eq!(
            waiting("tools/list", Some("npx")),
            "server did not answer tools/list within 20s (see --timeout)"
        );
    }

    #[test]
    fn package_runners_are_known_by_program_and_subcommand() {
        let args = |list: &[&str]| list.iter().map(|arg| arg.to_string()).collect::<Vec<_>>();
        assert_eq!(downloader("npx", &args(&["-y", "pkg"])).as_deref(), Some("npx"));
        assert_eq!(downloader("/usr/local/bin/uvx", &args(&["pkg"])).as_deref(), Some("uvx"));
        assert_eq!(downloader("npx.cmd", &args(&["pkg"])).as_deref(), Some("npx"));
        assert_eq!(downloader("pipx", &args(&["run", "pkg"])).as_deref(), Some("pipx run"));
        assert_eq!(downloader("pnpm", &args(&["dlx", "pkg"])).as_deref(), Some("pnpm dlx"));
        assert_eq!(downloader("node", &args(&["server.js"])), None);
        assert_eq!(downloader("pipx", &args(&["list"])), None);
        assert_eq!(downloader("python3", &[]), None);
    }

    #[test]
    fn the_wrong_http_transport_names_the_right_flag() {
        assert_eq!(
            LiveError::WrongTransport { status: 405, legacy: true }.to_string(),
            "server returned HTTP 405: this is a legacy HTTP+SSE endpoint (it answers GET with \
             an event stream); scan it with --sse, or \"type\": \"sse\" in a config"
        );
        assert_eq!(
            LiveError::WrongTransport { status: 405, legacy: false }.to_string(),
            "server returned HTTP 405 to the event-stream request: this looks like a Streamable \
             HTTP endpoint; scan it with --http, or \"type\": \"http\" in a config"
        );
    }

    #[test]
    fn secrets_are_taken_out_longest_first_and_short_values_stay() {
        let error = LiveError::Failed("token sk-abcdef123 and sk-abcdef and abc".into());
        assert_eq!(
            error.redacted(&["sk-abcdef".into(), "sk-abcdef123".into(), "abc".into()]),
            LiveError::Failed("token <redacted> and <redacted> and abc".into())
        );
    }

    #[test]
    fn sizes_read_naturally() {
        assert_eq!(size(16 * 1024 * 1024), "16 MiB");
        assert_eq!(size(64 * 1024), "64 KiB");
        assert_eq!(size(100), "100 bytes");
    }

    #[test]
    fn quotes_are_clipped_and_escaped() {
        assert_eq!(quote("a\u{202e}b"), "'a<U+202E>b'");
        assert_eq!(quote(&"x".repeat(100)), format!("'{}...'", "x".repeat(80)));
    }
}
