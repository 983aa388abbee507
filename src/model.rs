//! The nouns of a scan: what a source advertised (entities, surfaces) and the shared nouns of
//! `core`, re-exported so a layer imports one place.

use crate::json::Value;

pub(crate) use crate::core::{CharIndex, Location, Redaction, redact_span};
pub use crate::core::{EntityId, Finding, Kind, RuleMeta, Severity};

/// The band an entity's summed score falls in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Clean,
    Low,
    Medium,
    High,
}

impl Band {
    pub(crate) fn from_score(score: u32) -> Band {
        match score {
            40.. => Band::High,
            15.. => Band::Medium,
            1.. => Band::Low,
            0 => Band::Clean,
        }
    }

    pub(crate) fn label(self) -> &'static str {
        match self {
            Band::Clean => "CLEAN",
            Band::Low => "LOW",
            Band::Medium => "MEDIUM",
            Band::High => "HIGH",
        }
    }
}

/// One tool, prompt, resource (or resource template) or the server's own metadata, kept as
/// the exact JSON the server sent.
#[derive(Debug, Clone)]
pub struct Entity {
    pub kind: Kind,
    /// Position in its kind's listing, for the fallback label.
    pub index: usize,
    pub value: Value,
}

impl Entity {
    /// The name a client routes a call by: the entity's own non-blank `name`.
    pub(crate) fn route_name(&self) -> Option<&str> {
        self.value.get("name").and_then(Value::as_str).filter(|name| !name.trim().is_empty())
    }
}

/// Everything one source (a manifest file, stdin, a server) advertised.
#[derive(Debug, Clone, Default)]
pub struct Surface {
    /// The source name: a manifest path when several were given, a config server name.
    /// `None` for a single-source run, so identities stay stable across versions.
    pub source: Option<String>,
    pub entities: Vec<Entity>,
}

/// A location is built from the surface its entity sits in. The constructor lives here, beside
/// [`Surface`], so that [`crate::core`] knows nothing of entities' JSON.
impl<'a> Location<'a> {
    /// The string `text` at `path` in entity `id` of `surface`, the entity known by `label`.
    pub(crate) fn new(
        surface: &'a Surface,
        id: EntityId,
        label: &'a str,
        path: &'a str,
        text: &'a str,
    ) -> Location<'a> {
        Location {
            entity: id,
            source: surface.source.as_deref(),
            kind: surface.entities[id.entity].kind,
            label,
            path,
            text,
            chars: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_follow_the_score() {
        assert_eq!(Band::from_score(0), Band::Clean);
        assert_eq!(Band::from_score(5), Band::Low);
        assert_eq!(Band::from_score(15), Band::Medium);
        assert_eq!(Band::from_score(45), Band::High);
    }
}
