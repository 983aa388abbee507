//! The gate's memory: a baseline of reviewed findings and a pin of reviewed metadata.

pub mod baseline;
pub mod pin;

pub use crate::core::digest;
use crate::core::is_digest;

use crate::files::ReadError;
use crate::json::JsonError;
use std::path::PathBuf;

/// Why a baseline or a pin (`what`) cannot be used. Each message is the one line rune prints.
#[derive(Debug, thiserror::Error)]
pub enum GateFileError {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("cannot read {what} {}: {problem}", path.display())]
    Invalid { what: &'static str, path: PathBuf, problem: FileProblem },
}

/// What is wrong inside a baseline or a pin file.
#[derive(Debug, thiserror::Error)]
pub enum FileProblem {
    #[error("not valid JSON: {0}")]
    NotJson(#[from] JsonError),
    #[error("a {0} must be a JSON object")]
    NotObject(&'static str),
    #[error("unsupported {what} version {found}, expected 1")]
    Version { what: &'static str, found: String },
    #[error("the {0} has no \"version\"")]
    NoVersion(&'static str),
    /// An entry or field of the wrong shape: the message names it by its JSON path
    /// (`baseline "findings"[2].kind must be a string, got number`).
    #[error("{0}")]
    Shape(String),
}

/// Checks a gate file's `version` is the number 1, naming what was found otherwise.
fn version_one<T>(
    what: &'static str,
    version: &crate::json::serial::Loose<'_, T>,
) -> Result<(), FileProblem> {
    use crate::json::serial::Loose;
    match version {
        Loose::Number("1") => Ok(()),
        Loose::Absent => Err(FileProblem::NoVersion(what)),
        Loose::Number(text) => Err(FileProblem::Version { what, found: text.to_string() }),
        other => Err(FileProblem::Version { what, found: other.type_name().to_string() }),
    }
}

fn shape(message: String) -> FileProblem {
    FileProblem::Shape(message)
}
