//! A saved manifest: one document's text turned into the entities it advertises.
//!
//! Accepted shapes: a bare list of tools; an object with `tools`, `prompts`, `resources` and
//! `resourceTemplates` listings (a single object stands for a one-element list, `null` for an
//! absent listing); a single tool object; any of these wrapped in JSON-RPC `result` envelopes,
//! unwrapped at every depth and unioned with the top level, since a client reads `result`
//! and a clean top-level decoy must not hide it. Server `instructions` and `serverInfo` are
//! read from the top-level object only. Text that is not JSON is read as a captured
//! `text/event-stream` reply. Anything else is refused with one line saying what is wrong:
//! rune never scans around metadata it could not read.

use crate::json::{self, JsonError, Value};
use crate::model::{Entity, Kind};
use crate::source::sse::{self, ReplyError};
use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The listing keys in report order: tools, prompts, resources, then resource templates,
/// which are resources numbered on after the `resources` listing.
const LISTINGS: [&str; 4] = ["tools", "prompts", "resources", "resourceTemplates"];

/// Keys that make an object without listings a single tool.
const TOOL_KEYS: [&str; 3] = ["name", "description", "inputSchema"];

const RAW_JSON_RPC: &str = "this looks like a raw JSON-RPC message; scan the \"result\" payload \
    (the tools/list or initialize response body), not the whole envelope";
const NOTHING_TO_SCAN: &str = "manifest object has nothing to scan: no \"tools\", \"prompts\" or \
    \"resources\" listing, and no server \"instructions\"/\"serverInfo\" text";
const NOT_A_MANIFEST: &str = "manifest must be a list of tools or an object with a \"tools\", \
    \"prompts\" or \"resources\" listing or server \"instructions\"";

/// Why a manifest could not be read.
#[derive(Debug)]
pub enum ManifestError {
    /// The path names no file.
    NotFound(PathBuf),
    /// The manifest could not be read or is not one rune understands. `path` is set by
    /// [`ManifestError::in_file`] to name the one at fault.
    Unreadable { path: Option<PathBuf>, problem: Problem },
}

/// What is wrong with a manifest that exists.
#[derive(Debug)]
pub enum Problem {
    /// The operating system refused the read.
    Io(String),
    /// The bytes are not UTF-8; `offset` is the first bad byte.
    NotUtf8 { offset: usize },
    /// Stdin was empty or held only whitespace.
    NoJsonOnStdin,
    /// Neither JSON nor an event stream.
    Json(JsonError),
    /// An event stream without exactly one message to scan.
    Sse(ReplyError),
    /// Valid JSON in a shape rune does not read; the message names the spot.
    Shape(String),
}

impl ManifestError {
    /// Names the file at fault (`-` for stdin).
    pub fn in_file(self, file: &Path) -> ManifestError {
        match self {
            ManifestError::Unreadable { problem, .. } => {
                ManifestError::Unreadable { path: Some(file.to_path_buf()), problem }
            }
            not_found => not_found,
        }
    }
}

impl From<Problem> for ManifestError {
    fn from(problem: Problem) -> ManifestError {
        ManifestError::Unreadable { path: None, problem }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Io(reason) => f.write_str(reason),
            Problem::NotUtf8 { offset } => {
                write!(
                    f,
                    "the byte at offset {offset} is not valid UTF-8; save the manifest as UTF-8"
                )
            }
            Problem::NoJsonOnStdin => {
                f.write_str("it holds no JSON; pipe a manifest or a captured reply into `rune -`")
            }
            Problem::Json(error) => write!(f, "not valid JSON: {error}"),
            Problem::Sse(error) => write!(f, "{error}"),
            Problem::Shape(message) => f.write_str(message),
        }
    }
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManifestError::NotFound(path) => write!(f, "no such file: {}", path.display()),
            ManifestError::Unreadable { path: None, problem } => {
                write!(f, "cannot read manifest: {problem}")
            }
            ManifestError::Unreadable { path: Some(path), problem } if path == Path::new("-") => {
                write!(f, "cannot read the manifest on stdin: {problem}")
            }
            ManifestError::Unreadable { path: Some(path), problem } => {
                write!(f, "cannot read manifest {}: {problem}", path.display())
            }
        }
    }
}

impl std::error::Error for ManifestError {}

/// Reads a manifest file as strict UTF-8.
pub fn load_path(path: &Path) -> Result<Vec<Entity>, ManifestError> {
    let bytes = std::fs::read(path).map_err(|error| match error.kind() {
        io::ErrorKind::NotFound => ManifestError::NotFound(path.to_path_buf()),
        io::ErrorKind::IsADirectory => {
            Problem::Io("it is a folder; name a manifest file in it".to_string()).into()
        }
        _ => Problem::Io(super::io_reason(&error)).into(),
    })?;
    read_manifest(&utf8(bytes)?)
}

/// Reads a manifest from all of stdin.
pub fn load_stdin() -> Result<Vec<Entity>, ManifestError> {
    load_reader(io::stdin().lock())
}

fn load_reader(mut reader: impl Read) -> Result<Vec<Entity>, ManifestError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|error| Problem::Io(super::io_reason(&error)))?;
    let text = utf8(bytes)?;
    if text.trim().is_empty() {
        return Err(Problem::NoJsonOnStdin.into());
    }
    read_manifest(&text)
}

fn utf8(bytes: Vec<u8>) -> Result<String, Problem> {
    String::from_utf8(bytes)
        .map_err(|error| Problem::NotUtf8 { offset: error.utf8_error().valid_up_to() })
}

/// The entities of one manifest's text: JSON, or a captured event stream holding one reply.
pub fn read_manifest(text: &str) -> Result<Vec<Entity>, ManifestError> {
    let document = match json::parse(text) {
        Ok(document) => document,
        Err(error) => {
            let events = sse::events(text);
            if events.is_empty() {
                return Err(Problem::Json(error).into());
            }
            sse::select_reply(&events).map_err(Problem::Sse)?
        }
    };
    read_document(document)
}

/// The entities of an already parsed manifest document.
pub fn read_document(document: Value) -> Result<Vec<Entity>, ManifestError> {
    let entities = match document {
        Value::Array(items) => tool_list(items),
        Value::Object(members) => object_entities(members),
        _ => Err(Problem::Shape(NOT_A_MANIFEST.to_string())),
    };
    Ok(entities?)
}

/// A bare list: every item is a tool.
fn tool_list(items: Vec<Value>) -> Result<Vec<Entity>, Problem> {
    if let Some((at, item)) = items.iter().enumerate().find(|(_, item)| !is_object(item)) {
        return Err(Problem::Shape(format!(
            "manifest[{at}] must be an object, got {}",
            item.type_name()
        )));
    }
    for (at, item) in items.iter().enumerate() {
        check_identity(item.as_object().unwrap_or_default())
            .map_err(|problem| Problem::Shape(format!("manifest[{at}].{problem}")))?;
    }
    Ok(numbered(Kind::Tool, items).collect())
}

fn object_entities(mut top: Vec<(String, Value)>) -> Result<Vec<Entity>, Problem> {
    let has = |members: &[(String, Value)], key: &str| members.iter().any(|(name, _)| name == key);
    if !LISTINGS.iter().any(|key| has(&top, key)) && TOOL_KEYS.iter().any(|key| has(&top, key)) {
        // The whole object is the tool, so every string in it is scanned.
        check_identity(&top).map_err(|problem| Problem::Shape(format!("the tool's {problem}")))?;
        return Ok(vec![Entity { kind: Kind::Tool, index: 0, value: Value::Object(top) }]);
    }
    let envelope = has(&top, "result") || has(&top, "jsonrpc");
    let server = server_entity(&mut top)?;

    // One list per entry of LISTINGS, each filled top level first, then every `result`.
    let mut listed: [Vec<Value>; LISTINGS.len()] = Default::default();
    let mut found_listing = false;
    let mut level = Some(top);
    let mut at = String::new();
    while let Some(mut members) = level {
        for (key, into) in LISTINGS.iter().zip(&mut listed) {
            if let Some(listing) = take(&mut members, key) {
                found_listing |= read_listing(&at, key, listing, into)?;
            }
        }
        level = match take(&mut members, "result") {
            Some(Value::Object(inner)) => {
                at.push_str("\"result\".");
                Some(inner)
            }
            _ => None,
        };
    }
    if !found_listing && server.is_none() {
        return Err(Problem::Shape(
            if envelope { RAW_JSON_RPC } else { NOTHING_TO_SCAN }.to_string(),
        ));
    }

    let [tools, prompts, mut resources, templates] = listed;
    resources.extend(templates);
    let mut entities: Vec<Entity> = numbered(Kind::Tool, tools)
        .chain(numbered(Kind::Prompt, prompts))
        .chain(numbered(Kind::Resource, resources))
        .collect();
    entities.extend(server);
    Ok(entities)
}

fn numbered(kind: Kind, values: Vec<Value>) -> impl Iterator<Item = Entity> {
    values.into_iter().enumerate().map(move |(index, value)| Entity { kind, index, value })
}

/// Appends one listing's entries; `at` names the envelope it sits in (`"result".`). Returns
/// whether the listing was present (not `null`).
fn read_listing(
    at: &str,
    key: &str,
    listing: Value,
    into: &mut Vec<Value>,
) -> Result<bool, Problem> {
    match listing {
        Value::Null => Ok(false),
        Value::Object(_) => {
            check_identity(listing.as_object().unwrap_or_default())
                .map_err(|problem| Problem::Shape(format!("{at}\"{key}\".{problem}")))?;
            into.push(listing);
            Ok(true)
        }
        Value::Array(items) => {
            if let Some((index, item)) = items.iter().enumerate().find(|(_, item)| !is_object(item))
            {
                return Err(Problem::Shape(format!(
                    "{at}\"{key}\"[{index}] must be an object, got {}",
                    item.type_name()
                )));
            }
            for (index, item) in items.iter().enumerate() {
                check_identity(item.as_object().unwrap_or_default()).map_err(|problem| {
                    Problem::Shape(format!("{at}\"{key}\"[{index}].{problem}"))
                })?;
            }
            into.extend(items);
            Ok(true)
        }
        other => Err(Problem::Shape(format!(
            "{at}\"{key}\" must be a list or an object, got {}",
            other.type_name()
        ))),
    }
}

/// The fields a client routes by (`name`, `uri`, `uriTemplate`) must be strings where present:
/// an entity known by a number or an object would be reported under a label the client never
/// shows, so it is refused like any other malformed field.
fn check_identity(members: &[(String, Value)]) -> Result<(), IdentityError> {
    for key in ["name", "uri", "uriTemplate"] {
        match members.iter().find(|(name, _)| name == key).map(|(_, value)| value) {
            None | Some(Value::String(_)) => {}
            Some(other) => return Err(IdentityError { key, got: other.type_name() }),
        }
    }
    Ok(())
}

/// A routing field (`name`, `uri`, `uriTemplate`) that is not a string; the caller says whose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("\"{key}\" must be a string, got {got}")]
struct IdentityError {
    key: &'static str,
    got: &'static str,
}

/// The server's own `instructions` and `serverInfo`, from the top-level object only. Empty
/// ones count as absent, so a server that says nothing is not reported as scanned.
fn server_entity(top: &mut Vec<(String, Value)>) -> Result<Option<Entity>, Problem> {
    let mut members = Vec::new();
    match take(top, "instructions") {
        None | Some(Value::Null) => {}
        Some(Value::String(text)) if text.is_empty() => {}
        Some(instructions @ Value::String(_)) => {
            members.push(("instructions".to_string(), instructions));
        }
        Some(other) => {
            return Err(Problem::Shape(format!(
                "\"instructions\" must be a string, got {}",
                other.type_name()
            )));
        }
    }
    match take(top, "serverInfo") {
        None | Some(Value::Null) => {}
        Some(Value::Object(fields)) if fields.is_empty() => {}
        Some(info @ Value::Object(_)) => members.push(("serverInfo".to_string(), info)),
        Some(other) => {
            return Err(Problem::Shape(format!(
                "\"serverInfo\" must be an object, got {}",
                other.type_name()
            )));
        }
    }
    Ok((!members.is_empty()).then_some(Entity {
        kind: Kind::Server,
        index: 0,
        value: Value::Object(members),
    }))
}

/// Removes `key` from an object's members (parsed objects hold each key once).
fn take(members: &mut Vec<(String, Value)>, key: &str) -> Option<Value> {
    let at = members.iter().position(|(name, _)| name == key)?;
    Some(members.remove(at).1)
}

fn is_object(value: &Value) -> bool {
    matches!(value, Value::Object(_))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::surrogate_carrier;

    fn read(text: &str) -> Vec<Entity> {
        match read_manifest(text) {
            Ok(entities) => entities,
            Err(error) => panic!("{text:?} failed: {error}"),
        }
    }

    fn failure(text: &str) -> String {
        match read_manifest(text) {
            Ok(entities) => panic!("{text:?} gave {entities:?}"),
            Err(error) => error.to_string(),
        }
    }

    /// Kind, index and label of every entity, in order.
    fn summary(entities: &[Entity]) -> Vec<(Kind, usize, String)> {
        entities.iter().map(|entity| (entity.kind, entity.index, entity.label())).collect()
    }

    fn owned(items: &[(Kind, usize, &str)]) -> Vec<(Kind, usize, String)> {
        items.iter().map(|&(kind, index, label)| (kind, index, label.to_string())).collect()
    }

    #[test]
    fn bare_array_is_a_list_of_tools() {
        let entities = read(r#"[{"name": "a"}, {"name": "b", "description": "d"}]"#);
        assert_eq!(summary(&entities), owned(&[(Kind::Tool, 0, "a"), (Kind::Tool, 1, "b")]));
        assert_eq!(entities[1].value.get("description").and_then(Value::as_str), Some("d"));
    }

    #[test]
    fn bare_array_item_must_be_an_object() {
        assert_eq!(
            failure(r#"[{}, {}, {}, 3]"#),
            "cannot read manifest: manifest[3] must be an object, got a number"
        );
        assert_eq!(
            failure(r#"[[]]"#),
            "cannot read manifest: manifest[0] must be an object, got a list"
        );
    }

    #[test]
    fn empty_array_is_valid() {
        assert!(read("[]").is_empty());
    }

    #[test]
    fn listings_come_out_in_kind_order() {
        let entities = read(
            r#"{"resources": [{"uri": "file:///r"}], "prompts": [{"name": "p"}],
                "tools": [{"name": "t0"}, {"name": "t1"}], "protocolVersion": "x", "nextCursor": "c"}"#,
        );
        assert_eq!(
            summary(&entities),
            owned(&[
                (Kind::Tool, 0, "t0"),
                (Kind::Tool, 1, "t1"),
                (Kind::Prompt, 0, "p"),
                (Kind::Resource, 0, "file:///r"),
            ])
        );
    }

    #[test]
    fn empty_listing_is_valid_and_empty() {
        assert!(read(r#"{"tools": []}"#).is_empty());
    }

    #[test]
    fn single_object_stands_for_a_one_element_list() {
        let entities = read(r#"{"prompts": {"name": "p"}}"#);
        assert_eq!(summary(&entities), owned(&[(Kind::Prompt, 0, "p")]));
    }

    #[test]
    fn null_listing_is_absent() {
        let entities = read(r#"{"tools": null, "prompts": [{"name": "p"}]}"#);
        assert_eq!(summary(&entities), owned(&[(Kind::Prompt, 0, "p")]));
        assert_eq!(
            failure(r#"{"tools": null}"#),
            format!("cannot read manifest: {NOTHING_TO_SCAN}")
        );
    }

    #[test]
    fn resource_templates_follow_resources() {
        let entities = read(
            r#"{"resourceTemplates": [{"uriTemplate": "file:///{x}"}],
                "resources": [{"uri": "file:///a"}, {"uri": "file:///b"}]}"#,
        );
        assert_eq!(
            summary(&entities),
            owned(&[
                (Kind::Resource, 0, "file:///a"),
                (Kind::Resource, 1, "file:///b"),
                (Kind::Resource, 2, "file:///{x}"),
            ])
        );
        assert_eq!(
            summary(&read(r#"{"resourceTemplates": {"uriTemplate": "u"}}"#)),
            owned(&[(Kind::Resource, 0, "u")])
        );
    }

    #[test]
    fn single_tool_object() {
        for text in [
            r#"{"name": "solo"}"#,
            r#"{"description": "d"}"#,
            r#"{"inputSchema": {"type": "object"}}"#,
        ] {
            let entities = read(text);
            assert_eq!(entities.len(), 1, "{text}");
            assert_eq!((entities[0].kind, entities[0].index), (Kind::Tool, 0));
            assert_eq!(entities[0].value, json::parse(text).expect("should succeed"));
        }
    }

    #[test]
    fn single_tool_keeps_every_field_so_everything_is_scanned() {
        let text =
            r#"{"name": "t", "description": "d", "instructions": "i", "result": {"tools": []}}"#;
        let entities = read(text);
        assert_eq!(entities.len(), 1);
        assert_eq!(entities[0].value, json::parse(text).expect("should succeed"));
    }

    #[test]
    fn json_rpc_envelope_is_unwrapped() {
        let entities = read(
            r#"{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a"}], "nextCursor": null}}"#,
        );
        assert_eq!(summary(&entities), owned(&[(Kind::Tool, 0, "a")]));
    }

    #[test]
    fn envelopes_nested_twice_are_unwrapped() {
        let entities =
            read(r#"{"jsonrpc": "2.0", "result": {"result": {"prompts": [{"name": "deep"}]}}}"#);
        assert_eq!(summary(&entities), owned(&[(Kind::Prompt, 0, "deep")]));
    }

    #[test]
    fn top_level_and_result_listings_are_unioned_top_first() {
        let entities = read(
            r#"{"tools": [{"name": "decoy"}],
                "resources": [{"uri": "r0"}],
                "result": {"tools": [{"name": "real"}],
                           "resourceTemplates": [{"uriTemplate": "t0"}],
                           "resources": [{"uri": "r1"}],
                           "result": {"tools": {"name": "deeper"}}}}"#,
        );
        assert_eq!(
            summary(&entities),
            owned(&[
                (Kind::Tool, 0, "decoy"),
                (Kind::Tool, 1, "real"),
                (Kind::Tool, 2, "deeper"),
                (Kind::Resource, 0, "r0"),
                (Kind::Resource, 1, "r1"),
                (Kind::Resource, 2, "t0"),
            ])
        );
    }

    #[test]
    fn non_object_result_is_ignored() {
        let entities = read(r#"{"tools": [{"name": "a"}], "result": [1, 2]}"#);
        assert_eq!(summary(&entities), owned(&[(Kind::Tool, 0, "a")]));
        assert_eq!(
            failure(r#"{"jsonrpc": "2.0", "result": "ok"}"#),
            format!("cannot read manifest: {RAW_JSON_RPC}")
        );
    }

    #[test]
    fn listing_type_errors_name_the_key() {
        assert_eq!(
            failure(r#"{"tools": "x"}"#),
            "cannot read manifest: \"tools\" must be a list or an object, got a string"
        );
        assert_eq!(
            failure(r#"{"prompts": [{}, {}, null]}"#),
            "cannot read manifest: \"prompts\"[2] must be an object, got null"
        );
        assert_eq!(
            failure(r#"{"resources": true}"#),
            "cannot read manifest: \"resources\" must be a list or an object, got a boolean"
        );
        assert_eq!(
            failure(r#"{"resourceTemplates": [1]}"#),
            "cannot read manifest: \"resourceTemplates\"[0] must be an object, got a number"
        );
    }

    #[test]
    fn a_name_or_uri_that_is_not_a_string_is_refused() {
        assert_eq!(
            failure(r#"{"tools": [{"name": "a"}, {"name": 5}]}"#),
            "cannot read manifest: \"tools\"[1].\"name\" must be a string, got a number"
        );
        assert_eq!(
            failure(r#"{"result": {"prompts": {"name": null}}}"#),
            "cannot read manifest: \"result\".\"prompts\".\"name\" must be a string, got null"
        );
        assert_eq!(
            failure(r#"{"resources": [{"uri": ["file:///a"]}]}"#),
            "cannot read manifest: \"resources\"[0].\"uri\" must be a string, got a list"
        );
        assert_eq!(
            failure(r#"{"resourceTemplates": [{"uriTemplate": {}}]}"#),
            "cannot read manifest: \"resourceTemplates\"[0].\"uriTemplate\" must be a string, got an object"
        );
        assert_eq!(
            failure(r#"[{"name": "a"}, {"name": true}]"#),
            "cannot read manifest: manifest[1].\"name\" must be a string, got a boolean"
        );
        assert_eq!(
            failure(r#"{"name": 5, "description": "d"}"#),
            "cannot read manifest: the tool's \"name\" must be a string, got a number"
        );
    }

    #[test]
    fn a_duplicate_key_anywhere_is_refused_naming_it() {
        assert_eq!(
            failure(r#"{"tools": [{"name": "a", "description": "x"}], "tools": []}"#),
            "cannot read manifest: not valid JSON: duplicate key \"tools\" in the top-level \
             object at line 1, column 48"
        );
        assert!(
            failure(r#"{"tools": [{"name": "a", "description": "bad", "description": "ok"}]}"#)
                .contains("duplicate key \"description\" in \"tools\"[0]")
        );
    }

    #[test]
    fn listing_type_errors_under_result_name_the_envelope() {
        assert_eq!(
            failure(r#"{"tools": [], "result": {"tools": 1}}"#),
            "cannot read manifest: \"result\".\"tools\" must be a list or an object, got a number"
        );
        assert_eq!(
            failure(r#"{"result": {"result": {"prompts": [[]]}}}"#),
            "cannot read manifest: \"result\".\"result\".\"prompts\"[0] must be an object, got a list"
        );
    }

    #[test]
    fn server_metadata_becomes_one_server_entity() {
        let entities = read(
            r#"{"protocolVersion": "2025-06-18", "capabilities": {},
                "serverInfo": {"name": "notes", "version": "1.2.0"}, "instructions": "Use it."}"#,
        );
        assert_eq!(summary(&entities), owned(&[(Kind::Server, 0, "notes")]));
        assert_eq!(
            entities[0].value,
            json::parse(
                r#"{"instructions": "Use it.", "serverInfo": {"name": "notes", "version": "1.2.0"}}"#
            )
            .expect("should succeed")
        );
    }

    #[test]
    fn server_entity_comes_after_the_listings() {
        let entities = read(r#"{"instructions": "i", "tools": [{"name": "t"}]}"#);
        assert_eq!(
            summary(&entities),
            owned(&[(Kind::Tool, 0, "t"), (Kind::Server, 0, "<server #0>")])
        );
        assert_eq!(
            entities[1].value,
            json::parse(r#"{"instructions": "i"}"#).expect("should succeed")
        );
    }

    #[test]
    fn empty_or_null_server_metadata_is_absent() {
        for text in [
            r#"{"instructions": "", "tools": []}"#,
            r#"{"serverInfo": {}, "tools": []}"#,
            r#"{"instructions": null, "serverInfo": null, "tools": []}"#,
        ] {
            assert!(read(text).is_empty(), "{text}");
        }
        assert_eq!(
            failure(r#"{"instructions": "", "serverInfo": {}}"#),
            format!("cannot read manifest: {NOTHING_TO_SCAN}")
        );
        let entities = read(r#"{"instructions": "", "serverInfo": {"name": "s"}}"#);
        assert_eq!(
            entities[0].value,
            json::parse(r#"{"serverInfo": {"name": "s"}}"#).expect("should succeed")
        );
    }

    #[test]
    fn server_metadata_of_the_wrong_type_is_refused() {
        assert_eq!(
            failure(r#"{"instructions": 3, "tools": []}"#),
            "cannot read manifest: \"instructions\" must be a string, got a number"
        );
        assert_eq!(
            failure(r#"{"serverInfo": "notes"}"#),
            "cannot read manifest: \"serverInfo\" must be an object, got a string"
        );
        assert_eq!(
            failure(r#"{"serverInfo": []}"#),
            "cannot read manifest: \"serverInfo\" must be an object, got a list"
        );
    }

    #[test]
    fn server_metadata_under_result_is_a_raw_message() {
        let raw = format!("cannot read manifest: {RAW_JSON_RPC}");
        assert_eq!(
            failure(
                r#"{"jsonrpc": "2.0", "id": 0, "result": {"instructions": "x", "serverInfo": {"name": "s"}}}"#
            ),
            raw
        );
        assert_eq!(failure(r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601}}"#), raw);
        assert_eq!(failure(r#"{"result": {}}"#), raw);
    }

    #[test]
    fn nothing_to_scan() {
        assert_eq!(
            failure(r#"{"protocolVersion": "1", "capabilities": {"tools": {}}}"#),
            "cannot read manifest: manifest object has nothing to scan: no \"tools\", \"prompts\" \
             or \"resources\" listing, and no server \"instructions\"/\"serverInfo\" text"
        );
        assert_eq!(failure("{}"), format!("cannot read manifest: {NOTHING_TO_SCAN}"));
    }

    #[test]
    fn scalar_document_is_not_a_manifest() {
        for text in ["3", "\"tools\"", "null", "true"] {
            assert_eq!(
                failure(text),
                "cannot read manifest: manifest must be a list of tools or an object with a \
                 \"tools\", \"prompts\" or \"resources\" listing or server \"instructions\""
            );
        }
    }

    #[test]
    fn lone_surrogates_survive_into_the_entities() {
        let entities = read(r#"{"tools": [{"name": "t\ud800", "description": "a\udc00b"}]}"#);
        let value = &entities[0].value;
        assert_eq!(
            value.get("name").and_then(Value::as_str),
            Some(format!("t{}", surrogate_carrier(0xD800)).as_str())
        );
        assert_eq!(
            value.get("description").and_then(Value::as_str),
            Some(format!("a{}b", surrogate_carrier(0xDC00)).as_str())
        );
        assert_eq!(json::to_compact(value), r#"{"name":"t\ud800","description":"a\udc00b"}"#);
    }

    #[test]
    fn json_errors_are_reported_with_their_position() {
        assert_eq!(
            failure("{\n  \"tools\": [\n    {\"name\": \"a\"}\n  ]\n  \"x\": 1}"),
            "cannot read manifest: not valid JSON: expected ',' or '}' at line 5, column 3"
        );
        assert_eq!(
            failure("\u{FEFF}{\"tools\": []}"),
            "cannot read manifest: not valid JSON: the input starts with a byte-order mark; \
             save it as UTF-8 without one"
        );
        assert_eq!(
            failure(""),
            "cannot read manifest: not valid JSON: the input holds no JSON value at line 1, column 1"
        );
        assert_eq!(
            failure(r#"{"tools": [NaN]}"#),
            "cannot read manifest: not valid JSON: NaN is not a JSON number at line 1, column 12"
        );
    }

    #[test]
    fn every_error_is_one_line() {
        for text in [
            "",
            "[1]",
            "{}",
            "3",
            r#"{"tools": 1}"#,
            r#"{"result": {}}"#,
            "data: x\n\n",
            "data: {\"result\":1}\n\ndata: {\"result\":2}\n\n",
            "{\n\n]",
        ] {
            assert!(!failure(text).contains('\n'), "{text:?}");
        }
    }

    const SSE_REPLY: &str = ": keep-alive\r\n\r\n\
        event: message\r\n\
        data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"data\":\"hi\"}}\r\n\r\n\
        event: message\r\n\
        id: 1\r\n\
        data: {\"jsonrpc\": \"2.0\", \"id\": 1,\r\n\
        data:  \"result\": {\"tools\": [{\"name\": \"from_sse\"}]}}\r\n\r\n";

    #[test]
    fn sse_reply_is_read_skipping_comments_and_notifications() {
        assert_eq!(summary(&read(SSE_REPLY)), owned(&[(Kind::Tool, 0, "from_sse")]));
    }

    #[test]
    fn sse_reply_without_final_blank_line_is_read() {
        let entities =
            read("event: message\ndata: {\"result\": {\"prompts\": [{\"name\": \"p\"}]}}");
        assert_eq!(summary(&entities), owned(&[(Kind::Prompt, 0, "p")]));
    }

    #[test]
    fn sse_with_more_than_one_reply_is_refused() {
        let text = "data: {\"id\":1,\"result\":{\"tools\":[]}}\n\ndata: {\"id\":2,\"result\":{\"tools\":[]}}\n\n";
        assert_eq!(
            failure(text),
            "cannot read manifest: the SSE stream carried more than one JSON-RPC response; save \
             the single tools/list, prompts/list or resources/list reply and scan that"
        );
    }

    #[test]
    fn sse_without_a_json_message_is_refused() {
        assert_eq!(
            failure(": ping\n\ndata: hello\n\n"),
            "cannot read manifest: input is an SSE (text/event-stream) response but no data: \
             frame held a JSON message to scan"
        );
    }

    #[test]
    fn text_without_a_data_frame_reports_the_json_error() {
        assert_eq!(
            failure("event: message\n: only a comment\n"),
            "cannot read manifest: not valid JSON: expected a value at line 1, column 1"
        );
        assert_eq!(
            failure("{\"tools\": [\n"),
            "cannot read manifest: not valid JSON: unexpected end of input, expected a value at line 2, column 1"
        );
    }

    #[test]
    fn sse_reply_shape_errors_are_reported() {
        assert_eq!(
            failure("data: {\"id\": 1, \"result\": {\"tools\": 5}}\n\n"),
            "cannot read manifest: \"result\".\"tools\" must be a list or an object, got a number"
        );
    }

    #[test]
    fn read_document_takes_a_parsed_value() {
        let entities =
            read_document(json::parse(r#"{"tools": [{"name": "a"}]}"#).expect("should succeed"))
                .expect("should succeed");
        assert_eq!(summary(&entities), owned(&[(Kind::Tool, 0, "a")]));
    }

    /// A scratch directory unique to one test.
    fn scratch(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rune-manifest-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("should succeed");
        dir
    }

    #[test]
    fn load_path_reads_a_file() {
        let dir = scratch("file");
        let path = dir.join("tools.json");
        std::fs::write(&path, r#"{"tools": [{"name": "a"}]}"#).expect("should succeed");
        assert_eq!(
            summary(&load_path(&path).expect("should succeed")),
            owned(&[(Kind::Tool, 0, "a")])
        );
        std::fs::remove_dir_all(dir).expect("should succeed");
    }

    #[test]
    fn load_path_names_a_missing_file() {
        let path = scratch("missing").join("nope.json");
        let error = load_path(&path).expect_err("should fail");
        assert_eq!(error.to_string(), format!("no such file: {}", path.display()));
        assert_eq!(error.in_file(&path).to_string(), format!("no such file: {}", path.display()));
    }

    #[test]
    fn load_path_reports_an_unreadable_file() {
        let dir = scratch("directory");
        let error = load_path(&dir).expect_err("should fail");
        assert!(matches!(error, ManifestError::Unreadable { problem: Problem::Io(_), .. }));
        let line = error.to_string();
        assert!(line.starts_with("cannot read manifest: "), "{line}");
        assert!(!line.contains("os error"), "{line}");
        std::fs::remove_dir_all(dir).expect("should succeed");
    }

    #[test]
    fn load_path_refuses_invalid_utf8_naming_the_offset() {
        let dir = scratch("latin1");
        let path = dir.join("latin1.json");
        std::fs::write(&path, b"{\"tools\": [{\"name\": \"caf\xe9\"}]}").expect("should succeed");
        let error = load_path(&path).expect_err("should fail");
        assert_eq!(
            error.to_string(),
            "cannot read manifest: the byte at offset 24 is not valid UTF-8; save the manifest as UTF-8"
        );
        assert_eq!(
            error.in_file(Path::new("a.json")).to_string(),
            "cannot read manifest a.json: the byte at offset 24 is not valid UTF-8; save the \
             manifest as UTF-8"
        );
        std::fs::remove_dir_all(dir).expect("should succeed");
    }

    #[test]
    fn a_folder_is_named_as_one() {
        let dir = std::env::temp_dir().join(format!("rune-manifest-dir-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("should succeed");
        let error = load_path(&dir).expect_err("a folder is no manifest");
        assert_eq!(
            error.in_file(&dir).to_string(),
            format!(
                "cannot read manifest {}: it is a folder; name a manifest file in it",
                dir.display()
            )
        );
        std::fs::remove_dir_all(dir).expect("should succeed");
    }

    #[test]
    fn stdin_is_read_whole() {
        let entities = load_reader(&br#"[{"name": "piped"}]"#[..]).expect("should succeed");
        assert_eq!(summary(&entities), owned(&[(Kind::Tool, 0, "piped")]));
    }

    #[test]
    fn empty_stdin_holds_no_json() {
        for input in [&b""[..], b" \n\t\r\n "] {
            assert_eq!(
                load_reader(input).expect_err("should fail").in_file(Path::new("-")).to_string(),
                "cannot read the manifest on stdin: it holds no JSON; pipe a manifest or a \
                 captured reply into `rune -`"
            );
        }
    }

    #[test]
    fn stdin_must_be_utf8() {
        assert_eq!(
            load_reader(&b"[\xff]"[..]).expect_err("should fail").to_string(),
            "cannot read manifest: the byte at offset 1 is not valid UTF-8; save the manifest as UTF-8"
        );
    }
}
