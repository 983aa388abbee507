//! The rules: one module each, registered here in one explicit order. That order is the
//! order everywhere: the run, the reports, SARIF's rule table and the docs.

use crate::model::{Finding, Severity, Surface};
use crate::scan::text::Text;

pub mod base64_payload;
pub mod compatibility_characters;
pub mod concealment;
pub mod confusable_characters;
pub mod data_exfiltration;
pub mod decode;
pub mod hex_payload;
pub mod hidden_instructions;
pub mod injection_markup;
pub mod invisible_characters;
pub mod lexicon;
pub mod name_collision;
pub mod sensitive_file_access;

/// What a rule is, declared once.
#[derive(Debug)]
pub struct RuleMeta {
    /// Kebab-case id, also the README heading anchor.
    pub id: &'static str,
    pub severity: Severity,
    /// One line: what it catches.
    pub summary: &'static str,
}

impl RuleMeta {
    /// The README section documenting this rule.
    pub fn help_uri(&self) -> String {
        format!("{}#{}", crate::HOMEPAGE, self.id)
    }
}

/// One flagged span of one string: byte offsets into the string the rule was handed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub start: usize,
    pub end: usize,
    pub message: String,
    /// Set when this hit is graver or milder than the rule's default severity.
    pub severity: Option<Severity>,
}

impl Hit {
    pub fn new(start: usize, end: usize, message: impl Into<String>) -> Hit {
        Hit { start, end, message: message.into(), severity: None }
    }

    pub fn with_severity(mut self, severity: Severity) -> Hit {
        self.severity = Some(severity);
        self
    }
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
    Rule::Text(&injection_markup::InjectionMarkup),
    Rule::Scan(&name_collision::NameCollision),
    Rule::Text(&sensitive_file_access::SensitiveFileAccess),
];

/// The rules whose findings the decoding rules (compatibility, base64, hex) look for in the
/// text they decode: what an instruction says, as opposed to how it is dressed.
pub static CONTENT_RULES: &[&'static dyn TextRule] = &[
    &hidden_instructions::HiddenInstructions,
    &concealment::Concealment,
    &injection_markup::InjectionMarkup,
    &data_exfiltration::DataExfiltration,
    &sensitive_file_access::SensitiveFileAccess,
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

/// Runs the content rules over `text`: what a decoded string says.
pub fn content_hits(text: &str) -> Vec<(&'static RuleMeta, Hit)> {
    let text = Text::new(text);
    let mut found = Vec::new();
    let mut hits = Vec::new();
    for rule in CONTENT_RULES {
        if !text.may_fire(*rule) {
            continue;
        }
        hits.clear();
        rule.check(&text, &mut hits);
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
        assert_eq!(seen.len(), 11);
    }

    #[test]
    fn content_rules_are_registered() {
        for rule in CONTENT_RULES {
            assert!(find(rule.meta().id).is_some());
        }
    }

    #[test]
    fn triggers_are_lowercase_ascii() {
        for rule in text_rules() {
            for trigger in rule.triggers() {
                assert!(!trigger.is_empty());
                assert!(
                    trigger.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()),
                    "{}: {trigger:?}",
                    rule.meta().id
                );
            }
        }
    }
}
