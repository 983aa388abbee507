//! Every client's way of writing a server, brought to the one `--config` reads (an
//! `mcpServers` entry: `command`, `args`, `env`, `cwd`, `url`, `headers`, `type`, `disabled`),
//! so `source::config` reads, resolves, masks and redacts them all one way.
//!
//! The dialects: Windsurf's `serverUrl`; Gemini CLI's `httpUrl` (Streamable HTTP; its `url`
//! is SSE); Codex's `enabled`, `http_headers`, `env_http_headers` and `bearer_token_env_var`;
//! Zed's `enabled` and its older `command: {path, args, env}`; OpenCode's `type: local|remote`,
//! `command` list, `environment` and `enabled`; Goose's `cmd`, `envs`, `uri`, `enabled` and its
//! `builtin`/`platform` extensions (run inside Goose, not a server rune can start); Continue's
//! list of named entries.

use super::clients::Shape;
use crate::json::Value;

/// Why a file's servers, or one of its entries, cannot be brought to `--config`'s shape. Each
/// message is one line; the caller names the file or the server.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// The server map at `path` (dotted) is not an object.
    #[error("\"{path}\" must be an object mapping server names to their settings, got {got}")]
    MapType { path: String, got: &'static str },
    /// Claude Code: a problem inside one project's settings.
    #[error("project {}: {inner}", quoted(folder))]
    Project { folder: String, inner: Box<ShapeError> },
    #[error("\"{key}\" must be a list of servers, got {got}")]
    NotList { key: &'static str, got: &'static str },
    #[error("{NO_NAME}")]
    NoName,
    #[error("the entry gives arguments both in \"command\" and in \"args\"")]
    ArgumentsTwice,
    #[error("the entry gives more than one of \"url\", \"serverUrl\" and \"uri\"")]
    SeveralUrls,
    #[error("\"env_http_headers\" must map header names to variable names")]
    EnvHttpHeaders,
    #[error("\"bearer_token_env_var\" must be a variable name")]
    BearerTokenVariable,
    #[error(
        "\"enabled\" must be true or false, got {0}; rune will not guess whether the server is \
         switched off"
    )]
    Enabled(&'static str),
    #[error("the entry gives both \"{0}\" and \"{1}\"; keep one")]
    Both(&'static str, &'static str),
}

/// One server as found in a file, its entry in `--config`'s shape (or why it is not one).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RawServer {
    pub name: String,
    pub entry: Result<Value, ShapeError>,
    /// Claude Code's local scope: the project folder the entry belongs to.
    pub project: Option<String>,
}

/// The servers of a parsed file. `Err` is a whole-file problem (a server map of the wrong type).
/// A file that has no servers where its client keeps them has none: settings files often do.
pub(crate) fn servers(document: &Value, shape: Shape) -> Result<Vec<RawServer>, ShapeError> {
    let mut found = Vec::new();
    match shape {
        Shape::Standard => {
            for key in ["mcpServers", "servers"] {
                if let Some(map) = map_at(document, &[key])? {
                    found.extend(from_map(map, None));
                }
            }
        }
        Shape::Map(path) => {
            if let Some(map) = map_at(document, path)? {
                found.extend(from_map(map, None));
            }
        }
        Shape::ClaudeCode => {
            if let Some(map) = map_at(document, &["mcpServers"])? {
                found.extend(from_map(map, None));
            }
            if let Some(projects) = map_at(document, &["projects"])? {
                for (folder, settings) in projects {
                    let Some(map) = map_at(settings, &["mcpServers"]).map_err(|error| {
                        ShapeError::Project { folder: folder.clone(), inner: Box::new(error) }
                    })?
                    else {
                        continue;
                    };
                    found.extend(from_map(map, Some(folder.clone())));
                }
            }
        }
        Shape::List(key) => match document.get(key) {
            None | Some(Value::Null) => {}
            Some(Value::Array(items)) => {
                for (index, item) in items.iter().enumerate() {
                    match item.get("name").and_then(Value::as_str) {
                        Some(name) if !name.trim().is_empty() => {
                            found.extend(raw(name, item, None));
                        }
                        _ => found.push(RawServer {
                            name: format!("#{}", index + 1),
                            entry: Err(ShapeError::NoName),
                            project: None,
                        }),
                    }
                }
            }
            // Continue's JSON block files are written the way Claude's are.
            Some(Value::Object(_)) => return servers(document, Shape::Standard),
            Some(other) => {
                return Err(ShapeError::NotList { key, got: other.type_name() });
            }
        },
    }
    Ok(found)
}

const NO_NAME: &str = "the entry has no \"name\"; give it one";

/// One named entry, or nothing for an entry that is no server rune can start.
fn raw(name: &str, entry: &Value, project: Option<String>) -> Option<RawServer> {
    let entry = match normalize(entry) {
        Ok(None) => return None,
        Ok(Some(entry)) => Ok(entry),
        Err(reason) => Err(reason),
    };
    Some(RawServer { name: name.to_string(), entry, project })
}

fn from_map(map: &[(String, Value)], project: Option<String>) -> Vec<RawServer> {
    map.iter().filter_map(|(name, entry)| raw(name, entry, project.clone())).collect()
}

/// The object at `path`; `None` when any step is absent or `null`.
fn map_at<'a>(
    document: &'a Value,
    path: &[&str],
) -> Result<Option<&'a [(String, Value)]>, ShapeError> {
    let mut here = document;
    for (depth, key) in path.iter().enumerate() {
        match here.get(key) {
            None | Some(Value::Null) => return Ok(None),
            Some(next) => here = next,
        }
        if depth + 1 < path.len() && !matches!(here, Value::Object(_)) {
            return Ok(None);
        }
    }
    match here {
        Value::Object(members) => Ok(Some(members)),
        other => Err(ShapeError::MapType { path: path.join("."), got: other.type_name() }),
    }
}

/// One entry in `--config`'s shape; `Ok(None)` for an entry that is no server to start.
fn normalize(entry: &Value) -> Result<Option<Value>, ShapeError> {
    let Value::Object(members) = entry else {
        // `--config` reading says what is wrong with it.
        return Ok(Some(entry.clone()));
    };
    // Goose keeps some settings under `config`; its own keys win.
    let mut fields: Vec<(String, Value)> = Vec::new();
    if let Some(Value::Object(nested)) = entry.get("config") {
        fields.extend(nested.iter().cloned());
    }
    for (key, value) in members {
        if key == "config" && matches!(value, Value::Object(_)) {
            continue;
        }
        fields.retain(|(existing, _)| existing != key);
        fields.push((key.clone(), value.clone()));
    }
    let get =
        |key: &str| fields.iter().find(|(name, _)| name == key).map(|(_, value)| value.clone());

    let kind =
        get("type").and_then(|kind| kind.as_str().map(|text| text.trim().to_ascii_lowercase()));
    if matches!(kind.as_deref(), Some("builtin" | "platform" | "frontend" | "inline_python")) {
        return Ok(None);
    }
    let mut out: Vec<(String, Value)> = Vec::new();
    let mut put = |key: &str, value: Value| {
        out.retain(|(existing, _)| existing != key);
        out.push((key.to_string(), value));
    };

    // The command: a string, OpenCode's list, Zed's older object, or Goose's `cmd`.
    let command = one_of(&get, &["command", "cmd"])?;
    let mut args = get("args");
    let mut env = one_of(&get, &["env", "environment", "envs"])?;
    match command {
        Some(Value::Array(parts)) => {
            let mut parts = parts.into_iter();
            put("command", parts.next().unwrap_or(Value::String(String::new())));
            let rest: Vec<Value> = parts.collect();
            if args.is_some() && !rest.is_empty() {
                return Err(ShapeError::ArgumentsTwice);
            }
            if !rest.is_empty() {
                args = Some(Value::Array(rest));
            }
        }
        Some(Value::Object(zed)) => {
            let part = |key: &str| zed.iter().find(|(name, _)| name == key).map(|(_, v)| v.clone());
            put("command", part("path").unwrap_or(Value::Null));
            args = args.or(part("args"));
            env = env.or(part("env"));
        }
        Some(other) => put("command", other),
        None => {}
    }
    if let Some(args) = args {
        put("args", args);
    }
    if let Some(env) = env {
        put("env", env);
    }
    if let Some(cwd) = get("cwd") {
        put("cwd", cwd);
    }

    // The URL, and the transport its key implies.
    let mut transport = None;
    let url = match (get("url"), get("serverUrl"), get("httpUrl"), get("uri")) {
        (url, None, None, None) => url,
        (None, Some(url), None, None) | (None, None, None, Some(url)) => Some(url),
        (None, None, Some(url), None) => {
            transport = Some("http");
            Some(url)
        }
        // Gemini CLI: `httpUrl` wins over `url`.
        (Some(_), None, Some(url), None) => {
            transport = Some("http");
            Some(url)
        }
        _ => {
            return Err(ShapeError::SeveralUrls);
        }
    };
    if let Some(url) = url {
        put("url", url);
    }
    let mut headers: Vec<(String, Value)> = Vec::new();
    for key in ["headers", "http_headers"] {
        match get(key) {
            None | Some(Value::Null) => {}
            Some(Value::Object(pairs)) => headers.extend(pairs),
            Some(other) => put(key, other), // `--config` says it must be a map
        }
    }
    if let Some(Value::Object(pairs)) = get("env_http_headers") {
        for (name, variable) in pairs {
            let Some(variable) = variable.as_str() else {
                return Err(ShapeError::EnvHttpHeaders);
            };
            headers.push((name, Value::String(format!("${{env:{variable}}}"))));
        }
    }
    if let Some(variable) = get("bearer_token_env_var") {
        let Some(variable) = variable.as_str() else {
            return Err(ShapeError::BearerTokenVariable);
        };
        headers
            .push(("Authorization".into(), Value::String(format!("Bearer ${{env:{variable}}}"))));
    }
    if !headers.is_empty() {
        put("headers", Value::Object(headers));
    }

    // The declared transport: OpenCode's `remote` is Streamable HTTP or SSE by its URL.
    match kind.as_deref() {
        _ if transport.is_some() => put("type", Value::String("http".into())),
        Some("remote") | None => {}
        Some(_) => put("type", get("type").unwrap_or(Value::Null)),
    }

    // Switched off: `disabled: true`, or `enabled: false` (Codex, Zed, OpenCode, Goose).
    let disabled = match (get("disabled"), get("enabled")) {
        (Some(disabled), _) if !disabled.is_null() => disabled,
        (_, Some(Value::Bool(enabled))) => Value::Bool(!enabled),
        (_, None | Some(Value::Null)) => Value::Null,
        (_, Some(other)) => {
            return Err(ShapeError::Enabled(other.type_name()));
        }
    };
    put("disabled", disabled);
    if let Some(timeout) = get("timeout") {
        put("timeout", timeout);
    }
    Ok(Some(Value::Object(out)))
}

/// The value of the first of `keys` present; two present is ambiguous.
fn one_of(
    get: &dyn Fn(&str) -> Option<Value>,
    keys: &[&'static str],
) -> Result<Option<Value>, ShapeError> {
    let present: Vec<&'static str> =
        keys.iter().copied().filter(|key| get(key).is_some()).collect();
    match present.as_slice() {
        [] => Ok(None),
        [key] => Ok(get(key)),
        several => Err(ShapeError::Both(several[0], several[1])),
    }
}

fn quoted(name: &str) -> String {
    format!("'{}'", name.escape_debug())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    fn read(text: &str, shape: Shape) -> Vec<RawServer> {
        servers(&json::parse(text).expect("json"), shape).expect("servers")
    }

    fn entry(text: &str) -> String {
        let found = read(&format!("{{\"mcpServers\": {{\"s\": {text}}}}}"), Shape::Standard);
        match &found[0].entry {
            Ok(value) => json::to_compact(value),
            Err(reason) => format!("error: {reason}"),
        }
    }

    #[test]
    fn standard_entries_pass_through() {
        assert_eq!(
            entry(r#"{"command": "npx", "args": ["-y", "x"], "env": {"K": "v"}}"#),
            r#"{"command":"npx","args":["-y","x"],"env":{"K":"v"},"disabled":null}"#
        );
        assert_eq!(
            entry(r#"{"type": "sse", "url": "https://h/sse", "disabled": true}"#),
            r#"{"url":"https://h/sse","type":"sse","disabled":true}"#
        );
    }

    #[test]
    fn each_clients_dialect_becomes_the_standard_shape() {
        // Windsurf
        assert_eq!(
            entry(r#"{"serverUrl": "https://h/mcp"}"#),
            r#"{"url":"https://h/mcp","disabled":null}"#
        );
        // Gemini CLI: httpUrl is Streamable HTTP
        assert_eq!(
            entry(r#"{"httpUrl": "https://h/x", "headers": {"A": "b"}}"#),
            r#"{"url":"https://h/x","headers":{"A":"b"},"type":"http","disabled":null}"#
        );
        // OpenCode
        assert_eq!(
            entry(
                r#"{"type": "local", "command": ["npx", "-y", "x"], "environment": {"K": "v"}, "enabled": false}"#
            ),
            r#"{"command":"npx","args":["-y","x"],"env":{"K":"v"},"type":"local","disabled":true}"#
        );
        assert_eq!(
            entry(r#"{"type": "remote", "url": "https://h/mcp", "enabled": true}"#),
            r#"{"url":"https://h/mcp","disabled":false}"#
        );
        // Goose
        assert_eq!(
            entry(
                r#"{"type": "stdio", "cmd": "uvx", "args": ["x"], "envs": {}, "enabled": true, "timeout": 300}"#
            ),
            r#"{"command":"uvx","args":["x"],"env":{},"type":"stdio","disabled":false,"timeout":300}"#
        );
        assert_eq!(
            entry(r#"{"type": "streamable_http", "uri": "https://h/mcp"}"#),
            r#"{"url":"https://h/mcp","type":"streamable_http","disabled":null}"#
        );
        // Codex
        assert_eq!(
            entry(
                r#"{"url": "https://h/mcp", "bearer_token_env_var": "TOKEN", "http_headers": {"X": "1"}}"#
            ),
            r#"{"url":"https://h/mcp","headers":{"X":"1","Authorization":"Bearer ${env:TOKEN}"},"disabled":null}"#
        );
        // Zed's older form
        assert_eq!(
            entry(r#"{"command": {"path": "node", "args": ["s.js"], "env": {}}, "settings": {}}"#),
            r#"{"command":"node","args":["s.js"],"env":{},"disabled":null}"#
        );
    }

    #[test]
    fn ambiguous_entries_are_refused_with_a_reason() {
        assert_eq!(
            entry(r#"{"url": "https://a/mcp", "serverUrl": "https://b/mcp"}"#),
            "error: the entry gives more than one of \"url\", \"serverUrl\" and \"uri\""
        );
        assert_eq!(
            entry(r#"{"cmd": "a", "command": "b"}"#),
            "error: the entry gives both \"command\" and \"cmd\"; keep one"
        );
        assert_eq!(
            entry(r#"{"command": "x", "enabled": "no"}"#),
            "error: \"enabled\" must be true or false, got a string; rune will not guess whether the server is switched off"
        );
    }

    #[test]
    fn goose_builtins_are_no_servers() {
        let found = read(
            r#"{"extensions": {"developer": {"type": "builtin", "enabled": true}, "git": {"type": "stdio", "cmd": "uvx"}}}"#,
            Shape::Map(&["extensions"]),
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, "git");
    }

    #[test]
    fn claude_code_reads_the_user_map_and_every_projects_map() {
        let found = read(
            r#"{"mcpServers": {"a": {"command": "a"}}, "projects": {"/p": {"mcpServers": {"b": {"command": "b"}}}, "/q": {}}}"#,
            Shape::ClaudeCode,
        );
        let names: Vec<(&str, Option<&str>)> =
            found.iter().map(|server| (server.name.as_str(), server.project.as_deref())).collect();
        assert_eq!(names, [("a", None), ("b", Some("/p"))]);
    }

    #[test]
    fn continue_lists_need_names_and_json_blocks_read_as_maps() {
        let found = read(
            r#"{"mcpServers": [{"name": "a", "command": "a"}, {"command": "b"}]}"#,
            Shape::List("mcpServers"),
        );
        assert_eq!(found.len(), 2);
        assert_eq!(found[1].name, "#2");
        assert_eq!(found[1].entry, Err(ShapeError::NoName));
        let block = read(r#"{"mcpServers": {"c": {"command": "c"}}}"#, Shape::List("mcpServers"));
        assert_eq!(block[0].name, "c");
    }

    #[test]
    fn absent_maps_are_empty_and_wrong_types_are_whole_file_problems() {
        assert!(read(r#"{"editor.fontSize": 12}"#, Shape::Map(&["mcp", "servers"])).is_empty());
        assert!(read(r#"{"mcp": {"servers": null}}"#, Shape::Map(&["mcp", "servers"])).is_empty());
        let wrong = servers(&json::parse(r#"{"mcpServers": []}"#).expect("json"), Shape::Standard);
        assert_eq!(
            wrong.unwrap_err().to_string(),
            "\"mcpServers\" must be an object mapping server names to their settings, got a list"
        );
    }
}
