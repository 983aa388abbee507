//! What `rune --discover` prints without `--scan`: a table of every server found (client,
//! scope, file, server, transport, command or URL), or the same list as JSON. Every cell is
//! escaped as the report escapes server text; commands and URLs are masked (see
//! `discover::written_target`).

use super::{FoundFile, clients::Scope};
use crate::escape::escape;
use crate::json::{Value, to_pretty};
use crate::source::config::EntryStatus;
use std::fmt::Write;

const HEADINGS: [&str; 6] = ["CLIENT", "SCOPE", "FILE", "SERVER", "TRANSPORT", "COMMAND OR URL"];

/// The table, then the count (each file that could not be read is a line on stderr).
pub fn text(files: &[FoundFile]) -> String {
    let mut rows: Vec<[String; 6]> = Vec::new();
    for file in files {
        let Ok(servers) = &file.servers else { continue };
        for server in servers {
            let scope = server.scope.as_str().to_string();
            let shown = match &server.project {
                Some(project) => format!("{} (project {})", file.shown, project),
                None => file.shown.clone(),
            };
            let target = match &server.entry.status {
                EntryStatus::Ready(_) => server.shown.clone(),
                EntryStatus::Disabled => format!("{} (disabled)", server.shown),
                EntryStatus::Failed(reason) => format!("problem: {reason}"),
            };
            rows.push([
                file.client.id.to_string(),
                scope,
                escape(&shown).into_owned(),
                escape(&server.name).into_owned(),
                server.entry.transport.to_string(),
                escape(&target).into_owned(),
            ]);
        }
    }
    let mut out = String::new();
    if rows.is_empty() {
        out.push_str("no MCP server found in any client config\n");
    } else {
        let mut widths = HEADINGS.map(|heading| heading.chars().count());
        for row in &rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let headings = HEADINGS.map(str::to_string);
        for row in std::iter::once(&headings).chain(&rows) {
            let mut line = String::new();
            for (column, (cell, width)) in row.iter().zip(widths).enumerate() {
                if column + 1 == row.len() {
                    line.push_str(cell);
                } else {
                    let _ = write!(line, "{cell:<width$}  ");
                }
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    let _ = writeln!(out, "{}", summary(files));
    out
}

/// `7 server(s) in 5 config file(s) of 4 client(s), 1 file could not be read.`
pub(crate) fn summary(files: &[FoundFile]) -> String {
    let servers: usize =
        files.iter().filter_map(|file| file.servers.as_ref().ok()).map(Vec::len).sum();
    let mut clients: Vec<&str> = files.iter().map(|file| file.client.id).collect();
    clients.dedup();
    let mut line = format!(
        "{servers} server(s) in {} config file(s) of {} client(s)",
        files.len(),
        clients.len()
    );
    let unreadable = files.iter().filter(|file| file.servers.is_err()).count();
    if unreadable > 0 {
        let _ = write!(line, ", {unreadable} file(s) could not be read");
    }
    line.push('.');
    line
}

/// The same list as JSON: `version`, `servers` (one object per row of the table) and
/// `unreadable` (each file that could not be read, with its problem).
pub fn json(files: &[FoundFile]) -> String {
    let string = |text: &str| Value::String(text.to_string());
    let mut servers = Vec::new();
    let mut unreadable = Vec::new();
    for file in files {
        let common = || {
            vec![
                ("client".to_string(), string(file.client.id)),
                ("clientName".to_string(), string(file.client.name)),
                ("file".to_string(), string(&file.shown)),
                ("path".to_string(), string(&file.path.display().to_string())),
            ]
        };
        match &file.servers {
            Err(problem) => {
                let mut fields = common();
                fields.push(("scope".into(), string(file.scope.as_str())));
                fields.push(("error".into(), string(&problem.to_string())));
                unreadable.push(Value::Object(fields));
            }
            Ok(found) => {
                for server in found {
                    let mut fields = common();
                    fields.push(("scope".into(), string(server.scope.as_str())));
                    if let Some(project) = &server.project {
                        fields.push(("project".into(), string(project)));
                    }
                    fields.push(("name".into(), string(&server.name)));
                    fields.push(("key".into(), string(&file.key(server))));
                    fields.push(("transport".into(), string(server.entry.transport.as_str())));
                    let (status, error) = match &server.entry.status {
                        EntryStatus::Ready(_) => ("ready", None),
                        EntryStatus::Disabled => ("disabled", None),
                        EntryStatus::Failed(reason) => ("failed", Some(reason)),
                    };
                    fields.push(("target".into(), string(&server.shown)));
                    fields.push(("status".into(), string(status)));
                    fields
                        .push(("error".into(), error.map_or(Value::Null, |reason| string(reason))));
                    servers.push(Value::Object(fields));
                }
            }
        }
    }
    let count = |n: usize| Value::Number(n.to_string());
    let summary = Value::Object(vec![
        ("files".into(), count(files.len())),
        ("servers".into(), count(servers.len())),
        ("unreadable".into(), count(unreadable.len())),
        ("userFiles".into(), count(files.iter().filter(|file| file.scope == Scope::User).count())),
    ]);
    let document = Value::Object(vec![
        ("version".into(), count(1)),
        ("servers".into(), Value::Array(servers)),
        ("unreadable".into(), Value::Array(unreadable)),
        ("summary".into(), summary),
    ]);
    let mut out = to_pretty(&document);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}
