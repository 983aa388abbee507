//! Turning `rune`'s source flags into surfaces: manifests, one live server, or a whole config.

use crate::Failure;
use crate::cli::Args;
use clap::CommandFactory;
use rune::escape::escape;
use rune::files::write_atomically;
use rune::json::to_pretty;
use rune::model::{Entity, Surface};
use rune::report::{ConfigRun, ServerOutcome, ServerStatus};
use rune::source::config::{self, EntryStatus, ProcessEnvironment, Target};
use rune::source::live::{self, LiveError};
use rune::source::manifest;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// What the scan was read from.
pub struct Loaded {
    pub surfaces: Vec<Surface>,
    /// The file or public URL each surface came from, for SARIF's artifact location.
    pub artifacts: Vec<Option<String>>,
    /// Set for `--config`: what became of every server.
    pub config: Option<ConfigRun>,
    /// `--discover --scan`: for each surface, the surface whose scan it shares (itself for the
    /// first declaration of a server); empty when every surface is its own.
    pub shared: Vec<usize>,
}

/// Which kind of source the flags name. Exactly one must be given.
pub(crate) enum Source<'a> {
    Manifests(Vec<PathBuf>),
    Live(Target, &'static str),
    Config(&'a Path),
    Discover,
}

pub(crate) fn source(args: &Args) -> Result<Source<'_>, Failure> {
    let manifests = args.all_manifests();
    let http = args.http.as_deref().filter(|url| !url.is_empty());
    let sse = args.sse.as_deref().filter(|url| !url.is_empty());
    let given = [
        !manifests.is_empty(),
        !args.stdio.is_empty(),
        http.is_some(),
        sse.is_some(),
        args.config.is_some(),
        args.discover,
    ];
    let named: Vec<&str> = ["a manifest", "--stdio", "--http", "--sse", "--config", "--discover"]
        .into_iter()
        .zip(given)
        .filter_map(|(source, given)| given.then_some(source))
        .collect();
    match named.as_slice() {
        [] => {
            return Err(Failure::with_usage(
                "nothing to scan: give a manifest path, --stdio CMD, --http URL, --sse URL, \
                 --config FILE or --discover",
            ));
        }
        [_] => {}
        [first, second, ..] => {
            return Err(Failure::new(format!(
                "{first} and {second} both name something to scan; give exactly one of a \
                 manifest path, --stdio CMD, --http URL, --sse URL, --config FILE or --discover"
            )));
        }
    }
    if !args.headers.is_empty() && http.is_none() && sse.is_none() {
        return Err(Failure::new("--header only applies to --http or --sse"));
    }
    if !args.servers.is_empty() && args.config.is_none() && !args.discover {
        return Err(Failure::new("--server only applies to --config or --discover"));
    }
    if args.timeout.is_some() && !manifests.is_empty() {
        return Err(Failure::new("--timeout only applies to --stdio, --http, --sse or --config"));
    }
    if args.write_manifest.is_some() && !manifests.is_empty() {
        return Err(Failure::new(
            "--write-manifest saves what a live scan read; a manifest is already saved",
        ));
    }
    let headers =
        args.headers.iter().map(|header| parse_header(header)).collect::<Result<Vec<_>, _>>()?;
    Ok(if let [command, rest @ ..] = args.stdio.as_slice() {
        Source::Live(
            Target::Stdio {
                command: command.clone(),
                args: rest.to_vec(),
                env: Vec::new(),
                cwd: None,
            },
            "--stdio",
        )
    } else if let Some(url) = http {
        Source::Live(Target::Http { url: url.to_string(), headers }, "--http")
    } else if let Some(url) = sse {
        Source::Live(Target::Sse { url: url.to_string(), headers }, "--sse")
    } else if let Some(path) = &args.config {
        Source::Config(path)
    } else if args.discover {
        Source::Discover
    } else {
        Source::Manifests(manifests)
    })
}

/// `--header "Name: value"`: split on the first colon, both sides trimmed. The value is never
/// echoed, even in the error.
fn parse_header(header: &str) -> Result<(String, String), Failure> {
    match header.split_once(':') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(Failure::new("bad --header, expected \"Name: value\"")),
    }
}

fn options(args: &Args) -> live::Options {
    let mut options = live::Options::default();
    if let Some(seconds) = args.timeout {
        options.timeout = Duration::from_secs_f64(seconds);
    }
    options
}

pub fn load(args: &Args) -> Result<Loaded, Failure> {
    match source(args)? {
        Source::Manifests(paths) => manifests(&paths),
        Source::Live(target, flag) => {
            if let Target::Http { url, .. } | Target::Sse { url, .. } = &target {
                live::check_url(url, flag).map_err(|error| Failure::new(error.to_string()))?;
            }
            let artifact = match &target {
                Target::Http { url, .. } | Target::Sse { url, .. } => Some(live::public_url(url)),
                Target::Stdio { .. } => None,
            };
            let secrets = config::secrets(&target);
            let listing = scan_live(&target, &secrets, &options(args), None)
                .map_err(|error| Failure::new(live_failure(&target, &error, &secrets)))?;
            if let Some(path) = &args.write_manifest {
                write_snapshot(path, &listing.raw)?;
            }
            Ok(Loaded {
                surfaces: vec![Surface { source: None, entities: listing.entities }],
                artifacts: vec![artifact],
                config: None,
                shared: Vec::new(),
            })
        }
        Source::Config(path) => config_run(args, path),
        Source::Discover => crate::discovery::scan(args),
    }
}

/// One live scan, with its warnings (a cleartext credential, a page cap) on stderr, `secrets`
/// taken out of every line; in a config run each warning names its server, since servers are
/// scanned side by side. The error is not yet redacted: see [`live_failure`].
fn scan_live(
    target: &Target,
    secrets: &[String],
    options: &live::Options,
    server: Option<&str>,
) -> Result<live::Listing, LiveError> {
    let server = server.map(|name| format!("{}: ", escape(name))).unwrap_or_default();
    let warn = |warning: &str| {
        eprintln!("rune: warning: {server}{}", escape(&config::redact(warning, secrets)));
    };
    if let Target::Http { url, headers } | Target::Sse { url, headers } = target
        && let Some(warning) = live::cleartext_warning(url, headers.len())
    {
        warn(&warning);
    }
    let listing = live::scan(target, options)?;
    for warning in &listing.warnings {
        warn(warning);
    }
    Ok(listing)
}

/// The line for a single live scan that failed: which server, why, with `secrets` taken out;
/// and when a `--stdio` server broke off with one of rune's own flags among its arguments,
/// that the flag went to the server.
fn live_failure(target: &Target, error: &LiveError, secrets: &[String]) -> String {
    let reason = config::redact(&error.to_string(), secrets);
    let mut line = match target {
        Target::Stdio { command, .. } => {
            format!("live scan of '{}' failed: {reason}", escape(command))
        }
        Target::Http { url, .. } | Target::Sse { url, .. } => {
            let shown = live::public_url(url);
            if reason.contains(&shown) {
                format!("live scan failed: {reason}")
            } else {
                format!("live scan of {shown} failed: {reason}")
            }
        }
    };
    if let Target::Stdio { args, .. } = target
        && error.is_server_breakdown()
    {
        let misplaced = rune_flags(args);
        if !misplaced.is_empty() {
            line.push_str(&format!(
                "; {} after --stdio went to the server, not to rune: put rune's flags before \
                 --stdio",
                misplaced.join(", ")
            ));
        }
    }
    line
}

/// The arguments in `args` that are rune's own long flags (`--json`, `--fail-on=high`), as
/// written up to any `=`.
fn rune_flags(args: &[String]) -> Vec<String> {
    let command = Args::command();
    let ours: Vec<String> = command
        .get_arguments()
        .flat_map(|arg| arg.get_long_and_visible_aliases().unwrap_or_default())
        .filter(|long| !matches!(*long, "help" | "version"))
        .map(|long| format!("--{long}"))
        .collect();
    let mut found: Vec<String> = args
        .iter()
        .map(|arg| arg.split('=').next().unwrap_or_default().to_string())
        .filter(|flag| ours.contains(flag))
        .collect();
    found.dedup();
    found
}

/// Writes a snapshot, creating its folder first: a snapshot is often the first file of a
/// folder kept for them.
fn write_snapshot(path: &Path, raw: &rune::json::Value) -> Result<(), Failure> {
    let written = match path.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        Some(folder) => std::fs::create_dir_all(folder),
        None => Ok(()),
    };
    written
        .and_then(|()| write_atomically(path, &to_pretty(raw)))
        .map_err(|error| Failure::new(crate::write_error(path, "manifest", &error)))
}

fn manifests(paths: &[PathBuf]) -> Result<Loaded, Failure> {
    let artifact = |path: &PathBuf| (path != Path::new("-")).then(|| path.display().to_string());
    match paths {
        [only] => Ok(Loaded {
            surfaces: vec![Surface { source: None, entities: read(only)? }],
            artifacts: vec![artifact(only)],
            config: None,
            shared: Vec::new(),
        }),
        several => {
            if several.iter().any(|path| path == Path::new("-")) {
                return Err(Failure::new("stdin '-' cannot be combined with other manifests"));
            }
            for (index, path) in several.iter().enumerate() {
                if several[..index].contains(path) {
                    return Err(Failure::new(format!(
                        "the manifest {} was given more than once",
                        path.display()
                    )));
                }
            }
            let surfaces = several
                .iter()
                .map(|path| {
                    Ok(Surface { source: Some(path.display().to_string()), entities: read(path)? })
                })
                .collect::<Result<_, Failure>>()?;
            Ok(Loaded {
                surfaces,
                artifacts: several.iter().map(artifact).collect(),
                config: None,
                shared: Vec::new(),
            })
        }
    }
}

fn read(path: &Path) -> Result<Vec<Entity>, Failure> {
    let loaded =
        if path == Path::new("-") { manifest::load_stdin() } else { manifest::load_path(path) };
    loaded.map_err(|error| Failure::new(error.in_file(path).to_string()))
}

/// `--config`: every selected server, opened `--jobs` at a time, reported in config order. One
/// server's problem stays that server's: it is recorded and the rest are still scanned.
fn config_run(args: &Args, path: &Path) -> Result<Loaded, Failure> {
    let loaded = config::load(path, &ProcessEnvironment)?;
    let loaded = config::select(loaded, &args.servers)?;
    let entries: Vec<&config::ServerEntry> = loaded.servers.iter().collect();
    let results = open_all(args, &entries);

    let mut surfaces = Vec::new();
    let mut servers = Vec::new();
    let mut snapshots = Vec::new();
    for (entry, result) in loaded.servers.iter().zip(results) {
        let status = match (&entry.status, result) {
            (EntryStatus::Disabled, _) => ServerStatus::Disabled,
            (EntryStatus::Failed(reason), _) => ServerStatus::Failed(reason.clone()),
            (EntryStatus::Ready(_), Some(Ok(listing))) => {
                snapshots.push((entry.name.clone(), listing.raw));
                surfaces
                    .push(Surface { source: Some(entry.name.clone()), entities: listing.entities });
                ServerStatus::Scanned
            }
            (EntryStatus::Ready(_), Some(Err(reason))) => ServerStatus::Failed(reason.to_string()),
            (EntryStatus::Ready(_), None) => ServerStatus::Failed("the scan did not finish".into()),
        };
        if let ServerStatus::Failed(reason) = &status {
            eprintln!("rune: {}: {}", escape(&entry.name), escape(reason));
        }
        servers.push(ServerOutcome {
            name: entry.name.clone(),
            transport: entry.transport.to_string(),
            status,
        });
    }
    write_snapshots(args, &snapshots)?;
    let artifact = Some(path.display().to_string());
    Ok(Loaded {
        artifacts: vec![artifact; surfaces.len()],
        surfaces,
        config: Some(ConfigRun { path: path.display().to_string(), servers }),
        shared: Vec::new(),
    })
}

/// `--write-manifest` for a run of several servers: one file per server in the folder.
pub fn write_snapshots(
    args: &Args,
    snapshots: &[(String, rune::json::Value)],
) -> Result<(), Failure> {
    let Some(folder) = &args.write_manifest else { return Ok(()) };
    std::fs::create_dir_all(folder)
        .map_err(|error| Failure::new(format!("cannot create {}: {error}", folder.display())))?;
    for (name, raw) in snapshots {
        write_snapshot(&folder.join(format!("{}.json", file_name(name))), raw)?;
    }
    Ok(())
}

/// Opens every ready entry, `--jobs` at a time, and returns what became of each, in order:
/// `None` for an entry that was not to be opened (disabled or unreadable).
pub fn open_all(
    args: &Args,
    entries: &[&config::ServerEntry],
) -> Vec<Option<Result<live::Listing, ServerFailure>>> {
    let options = options(args);
    let total = entries.len();
    let results: Vec<Mutex<Option<Result<live::Listing, ServerFailure>>>> =
        (0..total).map(|_| Mutex::new(None)).collect();
    // (next entry to look at, servers started so far)
    let next = Mutex::new((0usize, 0usize));
    let ready = |entry: &&config::ServerEntry| matches!(entry.status, EntryStatus::Ready(_));
    let to_open = entries.iter().filter(|entry| ready(entry)).count();
    let jobs = usize::from(args.jobs);
    let progress = show_progress(std::io::stderr().is_terminal(), to_open, jobs);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(total) {
            scope.spawn(|| {
                loop {
                    let (index, started) = {
                        let Ok(mut next) = next.lock() else { return };
                        let index = next.0;
                        next.0 += 1;
                        if entries.get(index).is_some_and(ready) {
                            next.1 += 1;
                        }
                        (index, next.1)
                    };
                    let Some(entry) = entries.get(index) else { return };
                    let EntryStatus::Ready(target) = &entry.status else { continue };
                    if progress {
                        eprintln!("{}", progress_line(started, to_open, &entry.name));
                    }
                    let outcome = open(&entry.name, target, &entry.secrets, &options);
                    if let Ok(mut slot) = results[index].lock() {
                        *slot = Some(outcome);
                    }
                }
            });
        }
    });
    results.into_iter().map(|slot| slot.into_inner().ok().flatten()).collect()
}

/// Why one server of a config or discovery run was not listed. Its message is the live
/// error's with the server's credentials taken out. Shared, since a server several discovered
/// files declare is opened once.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", config::redact(&error.to_string(), secrets))]
pub struct ServerFailure {
    error: std::sync::Arc<LiveError>,
    secrets: Vec<String>,
}

/// One server of a config: its URL checked first, its credentials kept out of the reason.
fn open(
    name: &str,
    target: &Target,
    secrets: &[String],
    options: &live::Options,
) -> Result<live::Listing, ServerFailure> {
    let reason =
        |error: LiveError| ServerFailure { error: error.into(), secrets: secrets.to_vec() };
    if let Target::Http { url, .. } | Target::Sse { url, .. } = target {
        live::check_url(url, "url").map_err(reason)?;
    }
    scan_live(target, secrets, options, Some(name)).map_err(reason)
}

/// Progress is for a person watching a config run whose servers wait their turn: on a
/// terminal, with more servers to open than `--jobs` opens at once.
fn show_progress(terminal: bool, to_open: usize, jobs: usize) -> bool {
    terminal && to_open > jobs
}

/// `[12/44] scanning gitlab`: the server just opened, counted among those the run opens.
fn progress_line(started: usize, to_open: usize, name: &str) -> String {
    format!("[{started}/{to_open}] scanning {}", escape(name))
}

/// A server name as a file name: anything but letters, digits, `-`, `_` and `.` becomes `_`.
fn file_name(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') { c } else { '_' })
        .collect();
    if safe.trim_matches('.').is_empty() { "_".to_string() } else { safe }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_shows_on_a_terminal_when_servers_wait_their_turn() {
        assert!(show_progress(true, 44, 4));
        assert!(!show_progress(true, 4, 4), "every server opens at once");
        assert!(!show_progress(false, 44, 4), "a log gets the report, not progress");
        assert_eq!(progress_line(12, 44, "gitlab"), "[12/44] scanning gitlab");
        assert_eq!(progress_line(1, 5, "a\u{1b}[2J"), "[1/5] scanning a<U+001B>[2J");
    }

    #[test]
    fn rune_flags_among_a_servers_arguments_are_found() {
        let args: Vec<String> = ["server.js", "--json", "--fail-on=high", "--port", "--pin"]
            .iter()
            .map(|arg| arg.to_string())
            .collect();
        assert_eq!(rune_flags(&args), ["--json", "--fail-on", "--pin"]);
        let none: Vec<String> = vec!["-y".into(), "@scope/server".into(), "--help".into()];
        assert!(rune_flags(&none).is_empty());
    }
}
