//! The nouns of a scan: what a source advertised and what rune thinks of it.

use crate::json::Value;
use std::fmt;

/// What kind of MCP object an entity is. The order here is the report order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Tool,
    Prompt,
    Resource,
    Server,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Tool, Kind::Prompt, Kind::Resource, Kind::Server];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Tool => "tool",
            Kind::Prompt => "prompt",
            Kind::Resource => "resource",
            Kind::Server => "server",
        }
    }

    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.as_str() == name)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How bad a finding is. Ordered, so gating is a comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Low,
    Medium,
    High,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Severity::Low => "LOW",
            Severity::Medium => "MEDIUM",
            Severity::High => "HIGH",
        }
    }

    /// Points this finding adds to its entity's risk score.
    pub fn points(self) -> u32 {
        match self {
            Severity::Low => 5,
            Severity::Medium => 15,
            Severity::High => 40,
        }
    }
}

/// The band an entity's summed score falls in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Clean,
    Low,
    Medium,
    High,
}

impl Band {
    pub fn from_score(score: u32) -> Band {
        match score {
            40.. => Band::High,
            15.. => Band::Medium,
            1.. => Band::Low,
            0 => Band::Clean,
        }
    }

    pub fn label(self) -> &'static str {
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
    /// The name a human knows this entity by (behaviour item 44).
    pub fn label(&self) -> String {
        let fields: &[&str] = match self.kind {
            Kind::Server => {
                let info = self.value.get("serverInfo");
                for key in ["name", "title"] {
                    if let Some(text) = info.and_then(|info| info.get(key)).and_then(Value::as_str)
                        && !text.trim().is_empty()
                    {
                        return text.to_string();
                    }
                }
                &[]
            }
            _ => &["name", "uri", "uriTemplate", "title"],
        };
        for key in fields {
            if let Some(text) = self.value.get(key).and_then(Value::as_str)
                && !text.trim().is_empty()
            {
                return text.to_string();
            }
        }
        format!("<{} #{}>", self.kind, self.index)
    }

    /// The name a client routes a call by: the entity's own non-blank `name`.
    pub fn route_name(&self) -> Option<&str> {
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

/// Which entity of a scan a finding belongs to: positions in the surface list and in that
/// surface's entities. Labels are not unique (two tools can share a name), positions are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntityId {
    pub surface: usize,
    pub entity: usize,
}

/// One thing a rule found, located exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub rule: &'static str,
    pub entity: EntityId,
    pub severity: Severity,
    pub source: Option<String>,
    pub kind: Kind,
    pub label: String,
    /// JSON path of the string inside the entity, e.g. `inputSchema.properties.path.description`.
    pub path: String,
    /// Offset and length in code points.
    pub offset: usize,
    pub length: usize,
    /// The exact flagged text.
    pub matched: String,
    /// Up to 40 code points of context either side, marked with `...` where clipped. Raw text:
    /// escape it before it reaches a human.
    pub excerpt: String,
    pub message: String,
}

/// Where a finding sits, gathered before it can be built: a finding without a location
/// cannot exist.
#[derive(Debug, Clone, Copy)]
pub struct Location<'a> {
    pub entity: EntityId,
    pub source: Option<&'a str>,
    pub kind: Kind,
    pub label: &'a str,
    pub path: &'a str,
    /// The whole string the flagged span sits in.
    pub text: &'a str,
}

const EXCERPT_CONTEXT: usize = 40;

impl Finding {
    /// The one constructor. `start..end` is a byte span of `at.text`.
    pub fn new(
        rule: &'static str,
        severity: Severity,
        at: Location<'_>,
        start: usize,
        end: usize,
        message: String,
    ) -> Finding {
        let text = at.text;
        let offset = text[..start].chars().count();
        let matched = &text[start..end];
        let length = matched.chars().count();
        let before: Vec<(usize, char)> =
            text[..start].char_indices().rev().take(EXCERPT_CONTEXT).collect();
        let excerpt_start = before.last().map_or(start, |&(at, _)| at);
        let excerpt_end =
            text[end..].char_indices().nth(EXCERPT_CONTEXT).map_or(text.len(), |(at, _)| end + at);
        let mut excerpt = String::new();
        if excerpt_start > 0 {
            excerpt.push_str("...");
        }
        excerpt.push_str(&text[excerpt_start..excerpt_end]);
        if excerpt_end < text.len() {
            excerpt.push_str("...");
        }
        Finding {
            rule,
            entity: at.entity,
            severity,
            source: at.source.map(str::to_string),
            kind: at.kind,
            label: at.label.to_string(),
            path: at.path.to_string(),
            offset,
            length,
            matched: matched.to_string(),
            excerpt,
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Location<'_> {
        Location {
            entity: EntityId { surface: 0, entity: 0 },
            source: None,
            kind: Kind::Tool,
            label: "t",
            path: "description",
            text,
        }
    }

    #[test]
    fn offsets_are_code_points_and_excerpt_is_clipped() {
        let text = format!("{}é send it {}", "x".repeat(50), "y".repeat(50));
        let start = text.find("send").unwrap_or_default();
        let finding = Finding::new("r", Severity::High, at(&text), start, start + 4, String::new());
        assert_eq!(finding.offset, 52);
        assert_eq!(finding.length, 4);
        assert_eq!(finding.matched, "send");
        assert!(finding.excerpt.starts_with("..."));
        assert!(finding.excerpt.ends_with("..."));
        assert_eq!(finding.excerpt.chars().count(), 3 + 40 + 4 + 40 + 3);
    }

    #[test]
    fn excerpt_of_short_text_has_no_ellipsis() {
        let finding = Finding::new("r", Severity::High, at("abc"), 1, 2, String::new());
        assert_eq!(finding.excerpt, "abc");
        assert_eq!(finding.offset, 1);
    }

    #[test]
    fn bands_follow_the_score() {
        assert_eq!(Band::from_score(0), Band::Clean);
        assert_eq!(Band::from_score(5), Band::Low);
        assert_eq!(Band::from_score(15), Band::Medium);
        assert_eq!(Band::from_score(45), Band::High);
    }
}
