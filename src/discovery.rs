//! `rune --discover`: the flags turned into a discovery, then either the listing (nothing is
//! started) or, with `--scan`, a run over every server found, as `--config` runs one file's:
//! one roll call, one section per server, a server several clients declare opened once.

use crate::cli::Args;
use crate::load::{self, Loaded};
use crate::{Failure, print};
use rune::discover::{self, FoundFile, HomeEnvironment, clients};
use rune::escape::escape;
use rune::model::{Finding, Surface};
use rune::report::{ConfigRun, ServerOutcome, ServerStatus};
use rune::scan;
use rune::source::config::{EntryStatus, ProcessEnvironment, ServerEntry, Target};
use std::collections::HashMap;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The flags that only make sense for a scan, refused on a listing.
fn scan_only_flags(args: &Args) -> Option<&'static str> {
    [
        ("--sarif", args.sarif),
        ("--baseline", args.baseline.is_some()),
        ("--pin", args.pin.is_some()),
        ("--write-baseline", args.write_baseline.is_some()),
        ("--write-pin", args.write_pin.is_some()),
        ("--output-json", args.output_json.is_some()),
        ("--output-sarif", args.output_sarif.is_some()),
        ("--output-markdown", args.output_markdown.is_some()),
        ("--github-comment", args.github_comment),
        ("--write-manifest", args.write_manifest.is_some()),
        ("--timeout", args.timeout.is_some()),
    ]
    .into_iter()
    .find_map(|(flag, given)| given.then_some(flag))
}

/// Where to look, from `--home`, `--project` and `--client`.
fn options(args: &Args) -> Result<discover::Options, Failure> {
    for id in &args.clients {
        if clients::by_id(id).is_none() {
            return Err(Failure::new(format!(
                "--client: no client '{}'; rune knows {}",
                id.escape_debug(),
                discover::client_ids()
            )));
        }
    }
    let folder = |path: &Path, flag: &str| -> Result<PathBuf, Failure> {
        if path.is_dir() {
            Ok(path.to_path_buf())
        } else {
            Err(Failure::new(format!("{flag} {}: no such folder", path.display())))
        }
    };
    let home = match (&args.home, &args.project) {
        (Some(home), _) => Some(folder(home, "--home")?),
        (None, Some(_)) => None,
        (None, None) => Some(std::env::home_dir().ok_or_else(|| {
            Failure::new("this environment names no home folder; set HOME or give --home DIR")
        })?),
    };
    let project = match &args.project {
        Some(project) => folder(project, "--project")?,
        None => PathBuf::from("."),
    };
    Ok(discover::Options {
        home,
        project: Some(project),
        os: clients::Os::current(),
        clients: args.clients.clone(),
    })
}

fn find(args: &Args) -> Result<Vec<FoundFile>, Failure> {
    let options = options(args)?;
    let env = HomeEnvironment { inner: &ProcessEnvironment, home: options.home.clone() };
    let mut files = discover::discover(&options, &env);
    if !args.servers.is_empty() {
        let known = |name: &str| {
            files
                .iter()
                .filter_map(|file| file.servers.as_ref().ok())
                .flatten()
                .any(|s| s.name == name)
        };
        let unknown: Vec<String> = args
            .servers
            .iter()
            .filter(|name| !known(name))
            .map(|name| format!("'{}'", name.escape_debug()))
            .collect();
        if !unknown.is_empty() {
            return Err(Failure::new(format!(
                "--server: no server named {} in the configs found",
                unknown.join(", ")
            )));
        }
        for file in &mut files {
            if let Ok(servers) = &mut file.servers {
                servers.retain(|server| args.servers.contains(&server.name));
            }
        }
        files.retain(|file| file.servers.as_ref().is_ok_and(|servers| !servers.is_empty()));
    }
    Ok(files)
}

/// `rune --discover`: the table (or JSON) of every server found. Exit 2 when a file could not
/// be read (the listing is still printed), else 0.
pub fn list(args: &Args) -> Result<ExitCode, Failure> {
    load::source(args)?;
    if let Some(flag) = scan_only_flags(args) {
        return Err(Failure::new(format!("{flag} applies to a scan; add --scan to --discover")));
    }
    let files = find(args)?;
    let rendered =
        if args.json { discover::listing::json(&files) } else { discover::listing::text(&files) };
    print(&rendered)?;
    let unreadable: Vec<&FoundFile> = files.iter().filter(|file| file.servers.is_err()).collect();
    for file in &unreadable {
        if let Err(problem) = &file.servers {
            eprintln!("rune: {}", discover::file_problem(file, problem));
        }
    }
    Ok(if unreadable.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

/// One server to report: its key, its entry, and the file it came from.
struct Planned {
    key: String,
    entry: ServerEntry,
    artifact: String,
    /// Index into the servers actually opened, for a ready entry.
    opened: Option<usize>,
}

/// `rune --discover --scan`: every server found, each shared one opened once.
pub fn scan(args: &Args) -> Result<Loaded, Failure> {
    let files = find(args)?;
    let mut planned: Vec<Planned> = Vec::new();
    let mut unreadable: Vec<ServerOutcome> = Vec::new();
    let mut to_open: Vec<ServerEntry> = Vec::new();
    let mut by_identity: HashMap<String, usize> = HashMap::new();
    for file in &files {
        let artifact = artifact(file);
        let servers = match &file.servers {
            Ok(servers) => servers,
            Err(problem) => {
                unreadable.push(ServerOutcome {
                    name: format!("{} {}", file.client.id, file.shown),
                    transport: "unreadable".to_string(),
                    status: ServerStatus::Failed(format!("cannot read the file: {problem}")),
                });
                continue;
            }
        };
        for server in servers {
            let key = file.key(server);
            let opened = match &server.entry.status {
                EntryStatus::Ready(target) => {
                    let identity = discover::identity(target);
                    Some(*by_identity.entry(identity).or_insert_with(|| {
                        to_open.push(ServerEntry { name: key.clone(), ..server.entry.clone() });
                        to_open.len() - 1
                    }))
                }
                _ => None,
            };
            planned.push(Planned {
                key,
                entry: server.entry.clone(),
                artifact: artifact.clone(),
                opened,
            });
        }
    }
    if planned.is_empty() && unreadable.is_empty() {
        return Err(Failure::new(
            "--discover --scan found no MCP server in any client config; run rune --discover to see where it looked",
        ));
    }
    confirm(args, &to_open)?;
    let shared = planned.len() - planned.iter().filter(|plan| plan.opened.is_none()).count();
    if shared > to_open.len() {
        eprintln!(
            "rune: {} server declaration(s) share {} process(es) or endpoint(s); each is opened once and reported under every declaration",
            shared,
            to_open.len()
        );
    }
    let entries: Vec<&ServerEntry> = to_open.iter().collect();
    let results = load::open_all(args, &entries);

    let mut surfaces = Vec::new();
    let mut artifacts = Vec::new();
    let mut shared = Vec::new();
    // The surface index of each opened server's first declaration.
    let mut first: HashMap<usize, usize> = HashMap::new();
    let mut servers = unreadable;
    let mut snapshots = Vec::new();
    for outcome in &servers {
        if let ServerStatus::Failed(reason) = &outcome.status {
            eprintln!("rune: {}: {}", escape(&outcome.name), escape(reason));
        }
    }
    for plan in planned {
        let result = plan.opened.and_then(|index| results.get(index).cloned().flatten());
        let status = match (&plan.entry.status, result) {
            (EntryStatus::Disabled, _) => ServerStatus::Disabled,
            (EntryStatus::Failed(reason), _) => ServerStatus::Failed(reason.clone()),
            (EntryStatus::Ready(_), Some(Ok(listing))) => {
                snapshots.push((plan.key.clone(), listing.raw));
                if let Some(index) = plan.opened {
                    shared.push(*first.entry(index).or_insert(surfaces.len()));
                }
                surfaces
                    .push(Surface { source: Some(plan.key.clone()), entities: listing.entities });
                artifacts.push(Some(plan.artifact.clone()));
                ServerStatus::Scanned
            }
            (EntryStatus::Ready(_), Some(Err(reason))) => ServerStatus::Failed(reason.to_string()),
            (EntryStatus::Ready(_), None) => ServerStatus::Failed("the scan did not finish".into()),
        };
        if let ServerStatus::Failed(reason) = &status {
            eprintln!("rune: {}: {}", escape(&plan.key), escape(reason));
        }
        servers.push(ServerOutcome {
            name: plan.key,
            transport: plan.entry.transport.to_string(),
            status,
        });
    }
    load::write_snapshots(args, &snapshots)?;
    Ok(Loaded {
        surfaces,
        artifacts,
        config: Some(ConfigRun {
            path: format!("{} discovered config file(s)", files.len()),
            servers,
        }),
        shared,
    })
}

/// The file a server's alerts are anchored to: as found, without a leading `./`.
fn artifact(file: &FoundFile) -> String {
    let shown = file.path.display().to_string();
    shown.strip_prefix("./").map(str::to_string).unwrap_or(shown)
}

/// On a terminal, lists the local servers `--scan` is about to start and asks; `--yes`, or a
/// stdin that is no terminal (CI), skips the question.
fn confirm(args: &Args, to_open: &[ServerEntry]) -> Result<(), Failure> {
    let local: Vec<(&str, &Target)> = to_open
        .iter()
        .filter_map(|entry| match &entry.status {
            EntryStatus::Ready(target @ Target::Stdio { .. }) => {
                Some((entry.name.as_str(), target))
            }
            _ => None,
        })
        .collect();
    if local.is_empty() || args.yes || !std::io::stdin().is_terminal() {
        return Ok(());
    }
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "rune --discover --scan starts these {} local server(s), as their clients would:",
        local.len()
    );
    for (name, target) in &local {
        if let Target::Stdio { command, args, .. } = target {
            let line = std::iter::once(command).chain(args).cloned().collect::<Vec<_>>().join(" ");
            let secrets = to_open
                .iter()
                .find(|entry| entry.name == *name)
                .map(|entry| entry.secrets.clone())
                .unwrap_or_default();
            let _ = writeln!(
                err,
                "  {}: {}",
                escape(name),
                escape(&rune::source::config::redact(&line, &secrets))
            );
        }
    }
    let _ = write!(err, "Start them? [y/N] ");
    let _ = err.flush();
    let mut answer = String::new();
    let _ = std::io::stdin().lock().read_line(&mut answer);
    if matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes") {
        Ok(())
    } else {
        Err(Failure::new("nothing was started: not confirmed (--yes starts them without asking)"))
    }
}

/// The findings of every surface, each server scanned once: a surface that shares another's
/// scan (`shared[i] != i`, a server several clients declare) gets copies of that one's
/// findings, so one process is never a name collision with itself.
pub fn scan_shared(surfaces: &[Surface], shared: &[usize]) -> Vec<Finding> {
    if shared.len() != surfaces.len() || shared.iter().enumerate().all(|(i, s)| i == *s) {
        return scan::scan(surfaces);
    }
    let originals: Vec<usize> = (0..surfaces.len()).filter(|&i| shared[i] == i).collect();
    let scanned: Vec<Surface> = originals.iter().map(|&i| surfaces[i].clone()).collect();
    let findings = scan::scan(&scanned);
    let mut all = Vec::with_capacity(findings.len());
    for (surface, &original) in shared.iter().enumerate() {
        let Some(position) = originals.iter().position(|&i| i == original) else { continue };
        for finding in findings.iter().filter(|finding| finding.entity.surface == position) {
            let mut copy = finding.clone();
            copy.entity.surface = surface;
            copy.source.clone_from(&surfaces[surface].source);
            all.push(copy);
        }
    }
    all
}
