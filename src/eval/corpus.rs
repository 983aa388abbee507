//! The labeled corpus `scan-eval` scores the rules on.
//!
//! A corpus is a file or a folder of files (read recursively, in path order), each shaped:
//!
//! ```json
//! {
//!   "category": "data-exfiltration",
//!   "description": "what these cases are about",
//!   "provenance": {"source": "rune-authored"},
//!   "cases": [
//!     {"id": "...", "label": "malicious", "manifest": {...}},
//!     {"id": "...", "label": "benign", "resembles": "data-exfiltration", "manifest": {...}},
//!     {"id": "...", "label": "malicious", "servers": {"a": {...}, "b": {...}}}
//!   ]
//! }
//! ```
//!
//! `label` is `malicious` or `benign`; anything else is an error, never a silent benign. A benign
//! case with `resembles` is a hard negative built to look like that category's attack. A case
//! holds one `manifest` (anything `rune` reads) or several named `servers`. `category` and
//! `provenance` may be set per file and overridden per case; every case must end up with both.
//!
//! A file with `"round": N` holds cases of blind round N: written by someone who never read the
//! rules, labelled by attack family rather than by rule, and scored apart from the training
//! cases. A case may name the `surface` it exercises (free text, for the reader).

use crate::json::{self, Value};
use crate::model::Surface;
use crate::source::manifest;
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    Malicious,
    Benign,
}

#[derive(Debug)]
pub struct Case {
    pub id: String,
    pub label: Label,
    pub category: String,
    /// For a hard negative: the category whose attack it imitates.
    pub resembles: Option<String>,
    pub surfaces: Vec<Surface>,
    /// The blind round the case belongs to; `None` for a training case.
    pub round: Option<u32>,
}

impl Case {
    pub fn is_hard_negative(&self) -> bool {
        self.label == Label::Benign && self.resembles.is_some()
    }
}

#[derive(Debug, Default)]
pub struct Corpus {
    pub cases: Vec<Case>,
}

/// Why a corpus could not be read: one line naming the file and the case.
#[derive(Debug)]
pub struct CorpusError(pub String);

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CorpusError {}

/// Reads every case under `path` (a file, or a folder searched recursively for `*.json`).
pub fn load(path: &Path) -> Result<Corpus, CorpusError> {
    let mut files = Vec::new();
    collect_files(path, &mut files)?;
    files.sort();
    let mut corpus = Corpus::default();
    let mut ids = HashSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .map_err(|error| CorpusError(format!("cannot read {}: {error}", file.display())))?;
        let value = json::parse(&text).map_err(|error| {
            CorpusError(format!("{} is not valid JSON: {error}", file.display()))
        })?;
        for case in read_file(&value)
            .map_err(|error| CorpusError(format!("{}: {error}", file.display())))?
        {
            if !ids.insert(case.id.clone()) {
                return Err(CorpusError(format!(
                    "{}: case id {:?} is used more than once in the corpus",
                    file.display(),
                    case.id
                )));
            }
            corpus.cases.push(case);
        }
    }
    Ok(corpus)
}

fn collect_files(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), CorpusError> {
    let metadata = std::fs::metadata(path)
        .map_err(|error| CorpusError(format!("cannot read corpus {}: {error}", path.display())))?;
    if !metadata.is_dir() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let entries = std::fs::read_dir(path)
        .map_err(|error| CorpusError(format!("cannot list {}: {error}", path.display())))?;
    for entry in entries {
        let entry = entry
            .map_err(|error| CorpusError(format!("cannot list {}: {error}", path.display())))?;
        let child = entry.path();
        if child.is_dir() {
            collect_files(&child, files)?;
        } else if child.extension().is_some_and(|ext| ext == "json") {
            files.push(child);
        }
    }
    Ok(())
}

fn read_file(value: &Value) -> Result<Vec<Case>, String> {
    if value.as_object().is_none() {
        return Err(format!("a corpus file must be an object, got {}", value.type_name()));
    }
    let category = optional_string(value, "category")?;
    let provenance = value.get("provenance");
    let round = match value.get("round") {
        None => None,
        Some(Value::Number(text)) => match text.parse::<u32>() {
            Ok(round) if round >= 1 => Some(round),
            _ => return Err(format!("\"round\" must be a whole number from 1, got {text}")),
        },
        Some(other) => {
            return Err(format!("\"round\" must be a whole number, got {}", other.type_name()));
        }
    };
    let cases = value
        .get("cases")
        .and_then(Value::as_array)
        .ok_or("a corpus file needs a \"cases\" list")?;
    cases
        .iter()
        .enumerate()
        .map(|(index, case)| {
            read_case(case, category.as_deref(), provenance)
                .map(|case| Case { round, ..case })
                .map_err(|error| format!("\"cases\"[{index}]: {error}"))
        })
        .collect()
}

fn optional_string(value: &Value, key: &str) -> Result<Option<String>, String> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if !text.trim().is_empty() => Ok(Some(text.clone())),
        Some(other) => {
            Err(format!("\"{key}\" must be a non-empty string, got {}", other.type_name()))
        }
    }
}

fn read_case(
    value: &Value,
    file_category: Option<&str>,
    file_provenance: Option<&Value>,
) -> Result<Case, String> {
    if value.as_object().is_none() {
        return Err(format!("a case must be an object, got {}", value.type_name()));
    }
    let id = optional_string(value, "id")?.ok_or("a case needs an \"id\"")?;
    let within = |error: String| format!("case {id:?}: {error}");
    let label = match value.get("label").and_then(Value::as_str) {
        Some("malicious") => Label::Malicious,
        Some("benign") => Label::Benign,
        Some(other) => {
            return Err(within(format!(
                "unknown label {other:?}; a case is \"malicious\" or \"benign\""
            )));
        }
        None => return Err(within("needs a \"label\": \"malicious\" or \"benign\"".into())),
    };
    let category = optional_string(value, "category")
        .map_err(within)?
        .or_else(|| file_category.map(str::to_string))
        .ok_or_else(|| within("needs a \"category\" (on the case or its file)".into()))?;
    let resembles = optional_string(value, "resembles").map_err(within)?;
    if label == Label::Malicious && resembles.is_some() {
        return Err(within(
            "\"resembles\" marks a benign hard negative; a malicious case has a category".into(),
        ));
    }
    match value.get("provenance").or(file_provenance) {
        Some(Value::Object(_)) => {}
        _ => return Err(within("needs a \"provenance\" object (on the case or its file)".into())),
    }
    let surfaces = match (value.get("manifest"), value.get("servers")) {
        (Some(manifest), None) => {
            vec![Surface { source: None, entities: entities(manifest).map_err(within)? }]
        }
        (None, Some(Value::Object(servers))) if !servers.is_empty() => servers
            .iter()
            .map(|(name, manifest)| {
                Ok(Surface {
                    source: Some(name.clone()),
                    entities: entities(manifest)
                        .map_err(|error| format!("server {name:?}: {error}"))?,
                })
            })
            .collect::<Result<_, String>>()
            .map_err(within)?,
        _ => {
            return Err(within(
                "needs exactly one of \"manifest\" or a non-empty \"servers\" object".into(),
            ));
        }
    };
    Ok(Case { id, label, category, resembles, surfaces, round: None })
}

fn entities(manifest: &Value) -> Result<Vec<crate::model::Entity>, String> {
    manifest::read_document(manifest.clone()).map_err(|error| error.to_string())
}
