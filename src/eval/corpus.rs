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

use crate::json::{self, JsonError, Value};
use crate::model::Surface;
use crate::source::manifest::{self, ManifestError};
use std::collections::HashSet;
use std::io;
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

#[derive(Debug, Default)]
pub struct Corpus {
    pub cases: Vec<Case>,
}

/// Why a corpus could not be read: one line naming the file and the case.
#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    #[error("cannot read corpus {}: {error}", path.display())]
    Corpus { path: PathBuf, error: io::Error },
    #[error("cannot list {}: {error}", path.display())]
    List { path: PathBuf, error: io::Error },
    #[error("cannot read {}: {error}", file.display())]
    Read { file: PathBuf, error: io::Error },
    #[error("{} is not valid JSON: {error}", file.display())]
    NotJson { file: PathBuf, error: JsonError },
    #[error("{}: {problem}", file.display())]
    Invalid { file: PathBuf, problem: FileProblem },
    #[error("{}: case id {id:?} is used more than once in the corpus", file.display())]
    RepeatedId { file: PathBuf, id: String },
}

/// What is wrong inside one corpus file.
#[derive(Debug, thiserror::Error)]
pub enum FileProblem {
    #[error("a corpus file must be an object, got {0}")]
    NotObject(&'static str),
    #[error(transparent)]
    Field(#[from] FieldError),
    /// The number as written.
    #[error("\"round\" must be a whole number from 1, got {0}")]
    RoundValue(String),
    #[error("\"round\" must be a whole number, got {0}")]
    RoundType(&'static str),
    #[error("a corpus file needs a \"cases\" list")]
    NoCases,
    #[error("\"cases\"[{index}]: {problem}")]
    Case { index: usize, problem: CaseProblem },
}

/// A field that must be a non-empty string where present.
#[derive(Debug, thiserror::Error)]
#[error("\"{key}\" must be a non-empty string, got {got}")]
pub struct FieldError {
    pub key: &'static str,
    pub got: &'static str,
}

/// What is wrong with one case.
#[derive(Debug, thiserror::Error)]
pub enum CaseProblem {
    #[error("a case must be an object, got {0}")]
    NotObject(&'static str),
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error("a case needs an \"id\"")]
    NoId,
    #[error("case {id:?}: {fault}")]
    Case { id: String, fault: CaseFault },
}

/// What is wrong with a case that has an id.
#[derive(Debug, thiserror::Error)]
pub enum CaseFault {
    #[error("unknown label {0:?}; a case is \"malicious\" or \"benign\"")]
    UnknownLabel(String),
    #[error("needs a \"label\": \"malicious\" or \"benign\"")]
    NoLabel,
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error("needs a \"category\" (on the case or its file)")]
    NoCategory,
    #[error("\"resembles\" marks a benign hard negative; a malicious case has a category")]
    MaliciousResembles,
    #[error("needs a \"provenance\" object (on the case or its file)")]
    NoProvenance,
    #[error(transparent)]
    Manifest(Box<ManifestError>),
    #[error("server {name:?}: {error}")]
    Server { name: String, error: Box<ManifestError> },
    #[error("needs exactly one of \"manifest\" or a non-empty \"servers\" object")]
    Surfaces,
}

/// Reads every case under `path` (a file, or a folder searched recursively for `*.json`).
pub fn load(path: &Path) -> Result<Corpus, CorpusError> {
    let mut files = Vec::new();
    collect_files(path, &mut files)?;
    files.sort();
    let mut corpus = Corpus::default();
    let mut ids = HashSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .map_err(|error| CorpusError::Read { file: file.clone(), error })?;
        let value = json::parse(&text)
            .map_err(|error| CorpusError::NotJson { file: file.clone(), error })?;
        for case in read_file(&value)
            .map_err(|problem| CorpusError::Invalid { file: file.clone(), problem })?
        {
            if !ids.insert(case.id.clone()) {
                return Err(CorpusError::RepeatedId { file: file.clone(), id: case.id });
            }
            corpus.cases.push(case);
        }
    }
    Ok(corpus)
}

fn collect_files(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), CorpusError> {
    let metadata = std::fs::metadata(path)
        .map_err(|error| CorpusError::Corpus { path: path.to_path_buf(), error })?;
    if !metadata.is_dir() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let list = |error| CorpusError::List { path: path.to_path_buf(), error };
    for entry in std::fs::read_dir(path).map_err(list)? {
        let entry = entry.map_err(list)?;
        let child = entry.path();
        if child.is_dir() {
            collect_files(&child, files)?;
        } else if child.extension().is_some_and(|ext| ext == "json") {
            files.push(child);
        }
    }
    Ok(())
}

fn read_file(value: &Value) -> Result<Vec<Case>, FileProblem> {
    if value.as_object().is_none() {
        return Err(FileProblem::NotObject(value.type_name()));
    }
    let category = optional_string(value, "category")?;
    let provenance = value.get("provenance");
    let round = match value.get("round") {
        None => None,
        Some(Value::Number(text)) => match text.parse::<u32>() {
            Ok(round) if round >= 1 => Some(round),
            _ => return Err(FileProblem::RoundValue(text.clone())),
        },
        Some(other) => return Err(FileProblem::RoundType(other.type_name())),
    };
    let cases = value.get("cases").and_then(Value::as_array).ok_or(FileProblem::NoCases)?;
    cases
        .iter()
        .enumerate()
        .map(|(index, case)| {
            read_case(case, category.as_deref(), provenance)
                .map(|case| Case { round, ..case })
                .map_err(|problem| FileProblem::Case { index, problem })
        })
        .collect()
}

fn optional_string(value: &Value, key: &'static str) -> Result<Option<String>, FieldError> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if !text.trim().is_empty() => Ok(Some(text.clone())),
        Some(other) => Err(FieldError { key, got: other.type_name() }),
    }
}

fn read_case(
    value: &Value,
    file_category: Option<&str>,
    file_provenance: Option<&Value>,
) -> Result<Case, CaseProblem> {
    if value.as_object().is_none() {
        return Err(CaseProblem::NotObject(value.type_name()));
    }
    let id = optional_string(value, "id")?.ok_or(CaseProblem::NoId)?;
    let within = |fault: CaseFault| CaseProblem::Case { id: id.clone(), fault };
    let label = match value.get("label").and_then(Value::as_str) {
        Some("malicious") => Label::Malicious,
        Some("benign") => Label::Benign,
        Some(other) => {
            return Err(within(CaseFault::UnknownLabel(other.to_string())));
        }
        None => return Err(within(CaseFault::NoLabel)),
    };
    let category = optional_string(value, "category")
        .map_err(|error| within(error.into()))?
        .or_else(|| file_category.map(str::to_string))
        .ok_or_else(|| within(CaseFault::NoCategory))?;
    let resembles = optional_string(value, "resembles").map_err(|error| within(error.into()))?;
    if label == Label::Malicious && resembles.is_some() {
        return Err(within(CaseFault::MaliciousResembles));
    }
    match value.get("provenance").or(file_provenance) {
        Some(Value::Object(_)) => {}
        _ => return Err(within(CaseFault::NoProvenance)),
    }
    let surfaces = match (value.get("manifest"), value.get("servers")) {
        (Some(manifest), None) => {
            let entities =
                entities(manifest).map_err(|error| within(CaseFault::Manifest(Box::new(error))))?;
            vec![Surface { source: None, entities }]
        }
        (None, Some(Value::Object(servers))) if !servers.is_empty() => servers
            .iter()
            .map(|(name, manifest)| {
                Ok(Surface {
                    source: Some(name.clone()),
                    entities: entities(manifest).map_err(|error| CaseFault::Server {
                        name: name.clone(),
                        error: Box::new(error),
                    })?,
                })
            })
            .collect::<Result<_, CaseFault>>()
            .map_err(within)?,
        _ => return Err(within(CaseFault::Surfaces)),
    };
    Ok(Case { id, label, category, resembles, surfaces, round: None })
}

fn entities(manifest: &Value) -> Result<Vec<crate::model::Entity>, ManifestError> {
    manifest::read_document(manifest.clone())
}
