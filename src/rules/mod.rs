//! The rules: one module each, registered here in one explicit order. That order is the
//! order everywhere: the run, the reports, SARIF's rule table and the docs.

pub use crate::model::RuleMeta;
use crate::model::{Finding, Redaction, Severity, Surface, redact_span};
use std::borrow::Cow;

pub mod ascii_fold;
pub mod base64_payload;
pub mod capability_mismatch;
pub mod command_execution;
pub mod compatibility_characters;
pub mod concealment;
pub mod confusable_characters;
pub mod data_exfiltration;
pub mod decode;
pub mod embedded_secret;
pub mod encoded_payload;
pub mod foreign;
pub mod framing;
pub mod hex_payload;
pub mod hidden_instructions;
mod index;
pub mod injection_markup;
pub mod invisible_characters;
mod label;
pub mod lexicon;
pub mod model_directive;
pub mod name_collision;
pub mod pattern;
pub mod prepared;
pub mod repeats;
pub mod scope;
pub mod sensitive_file_access;
#[cfg(test)]
pub(crate) mod testing;
pub mod tool_shadowing;

pub use prepared::Text;

/// One flagged span of one string: byte offsets into the string the rule was handed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub start: usize,
    pub end: usize,
    pub message: String,
    /// Set when this hit is graver or milder than the rule's default severity.
    pub severity: Option<Severity>,
    /// Set when the span is a secret: every output masks it, keeping this many leading bytes
    /// (see [`Redaction`]).
    pub redact: Option<usize>,
}

impl Hit {
    pub fn new(start: usize, end: usize, message: impl Into<String>) -> Hit {
        Hit { start, end, message: message.into(), severity: None, redact: None }
    }

    pub fn with_severity(mut self, severity: Severity) -> Hit {
        self.severity = Some(severity);
        self
    }

    /// Marks the span as a secret, shown everywhere as its first `keep` bytes and a hash.
    pub fn redacted(mut self, keep: usize) -> Hit {
        self.redact = Some(keep);
        self
    }
}

/// The masks of the secret spans among `hits` over `text`, sorted by start, with none inside
/// another (its text is masked by the one around it), so their ends are sorted too.
pub fn redactions<'a>(text: &str, hits: impl Iterator<Item = &'a Hit>) -> Vec<Redaction> {
    let mut spans: Vec<(usize, usize, usize)> =
        hits.filter_map(|hit| hit.redact.map(|keep| (hit.start, hit.end, keep))).collect();
    // The longest first among those that start together, so it is the one kept.
    spans.sort_by_key(|&(start, end, _)| (start, std::cmp::Reverse(end)));
    let mut found: Vec<Redaction> = Vec::with_capacity(spans.len());
    for (start, end, keep) in spans {
        if found.last().is_some_and(|last| end <= last.end) {
            continue;
        }
        found.push(Redaction::new(text, start, end, keep));
    }
    found
}

/// The rules whose hits are secrets: run over text rune prints outside any finding (an
/// entity's label), so a credential never reaches a report by that road either.
pub static REDACTING_RULES: &[&'static dyn TextRule] = &[&embedded_secret::EmbeddedSecret];

/// `text` with every secret a redacting rule finds in it masked.
pub fn redact(text: &str) -> Cow<'_, str> {
    let prepared = Text::new(text);
    let mut hits = Vec::new();
    for rule in REDACTING_RULES {
        if prepared.may_fire(*rule) {
            rule.check(&prepared, &mut hits);
        }
    }
    let found = redactions(text, hits.iter());
    if found.is_empty() {
        return Cow::Borrowed(text);
    }
    Cow::Owned(redact_span(text, 0, text.len(), &found))
}

/// A check over one string at a time: a pure function of the prepared text.
pub trait TextRule: Sync + Send {
    fn meta(&self) -> &'static RuleMeta;

    /// Lowercase ASCII words at least one of which appears (case-insensitively) in every text
    /// this rule can fire on. The scanner runs one automaton over each string for all rules'
    /// triggers and skips a rule none of whose triggers is present. Empty means always run.
    fn triggers(&self) -> &'static [&'static str] {
        &[]
    }

    /// Lowercase ASCII words a rule that always runs reads as a hint: the same automaton finds
    /// them, and [`Text::cued`] says whether one occurs, so the rule can leave a string unread
    /// without a second search of its bytes. They gate nothing by themselves.
    fn cues(&self) -> &'static [&'static str] {
        &[]
    }

    fn check(&self, text: &Text<'_>, hits: &mut Vec<Hit>);
}

/// A check over the whole scan at once (for example, two entities sharing a name).
pub trait ScanRule: Sync + Send {
    fn meta(&self) -> &'static RuleMeta;
    fn check(&self, surfaces: &[Surface], findings: &mut Vec<Finding>);
}

/// A registered rule of either shape.
#[derive(Clone, Copy)]
pub enum Rule {
    Text(&'static dyn TextRule),
    Scan(&'static dyn ScanRule),
}

impl Rule {
    pub fn meta(&self) -> &'static RuleMeta {
        match self {
            Rule::Text(rule) => rule.meta(),
            Rule::Scan(rule) => rule.meta(),
        }
    }
}

/// Every rule, in the one order used everywhere.
pub static REGISTRY: &[Rule] = &[
    Rule::Text(&data_exfiltration::DataExfiltration),
    Rule::Text(&hidden_instructions::HiddenInstructions),
    Rule::Text(&concealment::Concealment),
    Rule::Text(&invisible_characters::InvisibleCharacters),
    Rule::Text(&confusable_characters::ConfusableCharacters),
    Rule::Text(&compatibility_characters::CompatibilityCharacters),
    Rule::Text(&base64_payload::Base64Payload),
    Rule::Text(&hex_payload::HexPayload),
    Rule::Text(&encoded_payload::EncodedPayload),
    Rule::Text(&injection_markup::InjectionMarkup),
    Rule::Scan(&name_collision::NameCollision),
    Rule::Text(&sensitive_file_access::SensitiveFileAccess),
    Rule::Text(&embedded_secret::EmbeddedSecret),
    Rule::Scan(&capability_mismatch::CapabilityMismatch),
    Rule::Text(&tool_shadowing::ToolShadowing),
    Rule::Text(&model_directive::ModelDirective),
    Rule::Text(&command_execution::CommandExecution),
];

/// The rules whose findings the decoding rules (compatibility, base64, hex) look for in the
/// text they decode: what an instruction says, as opposed to how it is dressed, and a secret
/// (a `Basic` header's base64 that decodes to `x-access-token:ghp_...`).
pub static CONTENT_RULES: &[&'static dyn TextRule] = &[
    &hidden_instructions::HiddenInstructions,
    &concealment::Concealment,
    &injection_markup::InjectionMarkup,
    &data_exfiltration::DataExfiltration,
    &sensitive_file_access::SensitiveFileAccess,
    &model_directive::ModelDirective,
    &command_execution::CommandExecution,
    &tool_shadowing::ToolShadowing,
    &embedded_secret::EmbeddedSecret,
];

pub fn text_rules() -> impl Iterator<Item = &'static dyn TextRule> {
    REGISTRY.iter().filter_map(|rule| match rule {
        Rule::Text(rule) => Some(*rule),
        Rule::Scan(_) => None,
    })
}

pub fn find(id: &str) -> Option<Rule> {
    REGISTRY.iter().copied().find(|rule| rule.meta().id == id)
}

/// Runs the content rules over `text`: what a decoded string says. The text keeps the scope
/// of the string it was decoded from (see [`Text::derived`]).
pub fn content_hits(text: &Text<'_>) -> Vec<(&'static RuleMeta, Hit)> {
    let mut found = Vec::new();
    let mut hits = Vec::new();
    for rule in CONTENT_RULES {
        if !text.may_fire(*rule) {
            continue;
        }
        hits.clear();
        rule.check(text, &mut hits);
        found.extend(hits.drain(..).map(|hit| (rule.meta(), hit)));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn rule_ids_are_unique_and_kebab_case() {
        let mut seen = HashSet::new();
        for rule in REGISTRY {
            let id = rule.meta().id;
            assert!(seen.insert(id), "duplicate rule id {id}");
            assert!(
                id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{id}"
            );
        }
        assert_eq!(seen.len(), 17);
    }

    #[test]
    fn every_rule_declares_its_confidence() {
        for rule in REGISTRY {
            let meta = rule.meta();
            assert!((1..=100).contains(&meta.confidence), "{}: {}", meta.id, meta.confidence);
        }
    }

    #[test]
    fn content_rules_are_registered() {
        for rule in CONTENT_RULES {
            assert!(find(rule.meta().id).is_some());
        }
    }

    #[test]
    /// The prefilter folds ASCII case only: a trigger is written in lowercase, and one outside
    /// ASCII (`ユーザー`, `esqueç`) matches as written.
    fn triggers_are_lowercase() {
        for rule in text_rules() {
            for trigger in rule.triggers().iter().chain(rule.cues()) {
                assert!(!trigger.is_empty());
                assert!(trigger.to_lowercase() == *trigger, "{}: {trigger:?}", rule.meta().id);
            }
        }
    }
}
