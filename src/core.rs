//! The nouns every layer shares and nothing in them depends on: what a rule is, what it
//! found and where, how bad it is, how a secret is masked, and the digest that names a text.
//! This module imports nothing from the rest of the crate, so any module may use it.

use sha2::{Digest, Sha256};
use std::fmt;

/// Where the README lives; rule help links point at its sections.
pub const HOMEPAGE: &str = "https://github.com/marcusikk/rune";

/// What a rule is, declared once.
#[derive(Debug, PartialEq, Eq)]
pub struct RuleMeta {
    /// Kebab-case id, also the README heading anchor.
    pub id: &'static str,
    pub severity: Severity,
    /// One line: what it catches.
    pub summary: &'static str,
    /// How sure the rule is, in percent, that a finding at its default severity is an attack
    /// rather than honest text that resembles one: its precision on the corpus and how much
    /// corroboration it demands. A finding below the default severity counts half.
    pub confidence: u8,
}

impl RuleMeta {
    /// The README section documenting this rule.
    pub(crate) fn help_uri(&self) -> String {
        format!("{HOMEPAGE}#{}", self.id)
    }
}

/// What kind of MCP object an entity is. The order here is the report order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Tool,
    Prompt,
    Resource,
    Server,
}

impl Kind {
    pub(crate) const ALL: [Kind; 4] = [Kind::Tool, Kind::Prompt, Kind::Resource, Kind::Server];

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Kind::Tool => "tool",
            Kind::Prompt => "prompt",
            Kind::Resource => "resource",
            Kind::Server => "server",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Kind> {
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
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }

    pub(crate) fn label(self) -> &'static str {
        match self {
            Severity::Low => "LOW",
            Severity::Medium => "MEDIUM",
            Severity::High => "HIGH",
        }
    }

    /// Points this finding adds to its entity's risk score.
    pub(crate) fn points(self) -> u32 {
        match self {
            Severity::Low => 5,
            Severity::Medium => 15,
            Severity::High => 40,
        }
    }
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
    /// The rule that raised it.
    pub meta: &'static RuleMeta,
    /// Its rule's id (`meta.id`), the name every output and every match on a rule uses.
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
    /// The exact flagged text, except that a secret in it is shown masked (see [`Redaction`]).
    pub matched: String,
    /// Up to 40 code points of context either side, marked with `...` where clipped, secrets
    /// masked. Raw text: escape it before it reaches a human.
    pub excerpt: String,
    pub message: String,
    /// How sure the rule is that this is an attack, in percent (see [`RuleMeta::confidence`]).
    pub confidence: u8,
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
    /// Code-point offsets in `text`, for a string with many findings; without it each finding
    /// counts from the string's start.
    pub chars: Option<&'a CharIndex<'a>>,
}

/// Code-point offsets of byte positions in one string, with a checkpoint every `STEP`
/// bytes, so the offset of each of many findings costs at most a step's counting, not the
/// string's.
#[derive(Debug)]
pub struct CharIndex<'a> {
    text: &'a str,
    /// Byte positions about a step apart (each on a character boundary) and the code points
    /// before each.
    checkpoints: Vec<(usize, usize)>,
}

impl<'a> CharIndex<'a> {
    const STEP: usize = 1024;

    pub(crate) fn new(text: &'a str) -> CharIndex<'a> {
        let mut checkpoints = vec![(0, 0)];
        let (mut byte, mut chars) = (0, 0);
        while byte + Self::STEP < text.len() {
            let mut next = byte + Self::STEP;
            while !text.is_char_boundary(next) {
                next += 1;
            }
            chars += text[byte..next].chars().count();
            byte = next;
            checkpoints.push((byte, chars));
        }
        CharIndex { text, checkpoints }
    }

    /// The number of code points before byte `at` (a character boundary).
    pub(crate) fn offset(&self, at: usize) -> usize {
        let step = self.checkpoints.partition_point(|&(byte, _)| byte <= at) - 1;
        let (byte, chars) = self.checkpoints[step];
        chars + self.text[byte..at].chars().count()
    }
}

const EXCERPT_CONTEXT: usize = 40;

/// A finding's confidence: its rule's, halved when the finding sits below the rule's default
/// severity (a discounted or generic match).
fn confidence(meta: &RuleMeta, severity: Severity) -> u8 {
    if severity < meta.severity { meta.confidence / 2 } else { meta.confidence }
}

/// A span of a string that holds a secret (a live credential): its text must never leave rune.
/// Every finding over that string, whichever rule raised it, shows `mask` in its place, in
/// `matched` and in `excerpt`; so do entity labels. Offsets and lengths still locate the
/// original text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redaction {
    /// Byte span of the secret in its string.
    pub start: usize,
    pub end: usize,
    pub mask: String,
}

impl Redaction {
    /// Masks `text[start..end]`, keeping its first `keep` bytes (a public prefix such as `ghp_`
    /// plus a character or two, so a reader can tell which key it is): `ghp_Ab...#1a2b3c4d`.
    /// The hash is the first 8 hex digits of the SHA-256 of the whole secret, so a secret always
    /// masks alike (a baseline entry built on it stays valid) and two secrets mask apart. ASCII,
    /// because JSON, SARIF and the baseline escape anything else.
    pub(crate) fn new(text: &str, start: usize, end: usize, keep: usize) -> Redaction {
        let secret = &text[start..end];
        let mut keep = keep.min(secret.len());
        while !secret.is_char_boundary(keep) {
            keep -= 1;
        }
        let digest = digest(&[secret]);
        let mask = format!("{}...#{}", &secret[..keep], &digest[..8]);
        Redaction { start, end, mask }
    }
}

/// `text[from..to]` with every redaction that overlaps it replaced whole by its mask (a secret
/// cut by the edge of the span is still masked, never half shown). `redactions` are sorted by
/// start and by end, as the rules' `redactions` makes them, so the ones that overlap the
/// span are found by binary search: a string dense with secrets costs each finding only its own.
pub fn redact_span(text: &str, from: usize, to: usize, redactions: &[Redaction]) -> String {
    let mut out = String::with_capacity(to - from);
    let mut at = from;
    let first = redactions.partition_point(|redaction| redaction.end <= from);
    for redaction in &redactions[first..] {
        if redaction.start >= to {
            break;
        }
        if redaction.end <= at {
            continue;
        }
        if redaction.start > at {
            out.push_str(&text[at..redaction.start]);
        }
        out.push_str(&redaction.mask);
        at = redaction.end;
    }
    if at < to {
        out.push_str(&text[at..to]);
    }
    out
}

/// The flagged text and its excerpt for the byte span `start..end` of `text`, secrets masked.
fn quote(text: &str, start: usize, end: usize, redactions: &[Redaction]) -> (String, String) {
    let before: Vec<(usize, char)> =
        text[..start].char_indices().rev().take(EXCERPT_CONTEXT).collect();
    let excerpt_start = before.last().map_or(start, |&(at, _)| at);
    let excerpt_end =
        text[end..].char_indices().nth(EXCERPT_CONTEXT).map_or(text.len(), |(at, _)| end + at);
    let mut excerpt = String::new();
    if excerpt_start > 0 {
        excerpt.push_str("...");
    }
    excerpt.push_str(&redact_span(text, excerpt_start, excerpt_end, redactions));
    if excerpt_end < text.len() {
        excerpt.push_str("...");
    }
    (redact_span(text, start, end, redactions), excerpt)
}

impl Finding {
    /// The one constructor. `start..end` is a byte span of `at.text`.
    pub(crate) fn new(
        meta: &'static RuleMeta,
        severity: Severity,
        at: Location<'_>,
        start: usize,
        end: usize,
        message: String,
    ) -> Finding {
        Finding::redacted(meta, severity, at, start, end, message, &[])
    }

    /// [`Finding::new`] over a string holding secrets: `redactions` (sorted by start) are
    /// masked wherever the flagged text or its excerpt would show them.
    pub(crate) fn redacted(
        meta: &'static RuleMeta,
        severity: Severity,
        at: Location<'_>,
        start: usize,
        end: usize,
        message: String,
        redactions: &[Redaction],
    ) -> Finding {
        let text = at.text;
        let offset =
            at.chars.map_or_else(|| text[..start].chars().count(), |chars| chars.offset(start));
        let length = text[start..end].chars().count();
        let (matched, excerpt) = quote(text, start, end, redactions);
        Finding {
            meta,
            rule: meta.id,
            entity: at.entity,
            severity,
            source: at.source.map(str::to_string),
            kind: at.kind,
            label: at.label.to_string(),
            path: at.path.to_string(),
            offset,
            length,
            matched,
            excerpt,
            message,
            confidence: confidence(meta, severity),
        }
    }

    /// Masks `redactions` (sorted by start) in a finding already built over `text`, the string
    /// at its path: for findings a whole-scan rule built without knowing the secrets.
    pub(crate) fn redact(&mut self, text: &str, redactions: &[Redaction]) {
        let byte_at =
            |chars: usize| text.char_indices().nth(chars).map_or(text.len(), |(at, _)| at);
        let start = byte_at(self.offset);
        let end = byte_at(self.offset + self.length);
        (self.matched, self.excerpt) = quote(text, start, end, redactions);
    }
}

/// A Rust `String` cannot hold a lone UTF-16 surrogate, but a server can send `"\ud800"`:
/// the JSON parser carries each as one code point of a reserved block at the top of plane 16,
/// and every place text leaves rune (the escape for humans, the JSON writer, the digest) turns
/// the carrier back into the surrogate it stands for.
///
/// The first code point of the block that carries lone surrogates: U+D800 + k travels as
/// `SURROGATE_CARRIER_BASE + k`, 2048 code points ending at U+10FFFF.
pub const SURROGATE_CARRIER_BASE: u32 = 0x10_F800;

/// The code point that carries lone surrogate `unit` (0xD800..=0xDFFF).
pub fn surrogate_carrier(unit: u16) -> char {
    debug_assert!((0xD800..=0xDFFF).contains(&unit));
    char::from_u32(SURROGATE_CARRIER_BASE + u32::from(unit - 0xD800))
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The lone surrogate `c` carries, if it is a carrier.
pub fn carried_surrogate(c: char) -> Option<u16> {
    let code = c as u32;
    (code >= SURROGATE_CARRIER_BASE).then(|| (code - SURROGATE_CARRIER_BASE) as u16 + 0xD800)
}

/// Feeds `text` to `hasher` as UTF-8, a lone surrogate as its generalized UTF-8 bytes
/// (U+D800 is `ED A0 80`), so `"\ud800"` and `"\ud801"` never digest alike.
fn feed(hasher: &mut Sha256, text: &str) {
    // Carriers live at U+10F800 and up, whose UTF-8 starts with 0xF4: most text has none.
    if !text.as_bytes().contains(&0xF4) {
        hasher.update(text.as_bytes());
        return;
    }
    let mut buffer = [0u8; 4];
    for c in text.chars() {
        match carried_surrogate(c) {
            Some(unit) => hasher.update([
                0xE0 | (unit >> 12) as u8,
                0x80 | ((unit >> 6) & 0x3F) as u8,
                0x80 | (unit & 0x3F) as u8,
            ]),
            None => hasher.update(c.encode_utf8(&mut buffer).as_bytes()),
        }
    }
}

/// Lowercase hex SHA-256 of `parts` joined by NUL bytes.
pub fn digest(parts: &[&str]) -> String {
    let mut hasher = Sha256::new();
    for (index, part) in parts.iter().enumerate() {
        if index > 0 {
            hasher.update([0u8]);
        }
        feed(&mut hasher, part);
    }
    hasher.finalize().iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Whether `text` looks like a digest rune wrote: 64 lowercase hex digits.
pub(crate) fn is_digest(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    static R: RuleMeta =
        RuleMeta { id: "r", severity: Severity::High, summary: "", confidence: 90 };
    static O: RuleMeta =
        RuleMeta { id: "o", severity: Severity::High, summary: "", confidence: 90 };

    fn at(text: &str) -> Location<'_> {
        Location {
            entity: EntityId { surface: 0, entity: 0 },
            source: None,
            kind: Kind::Tool,
            label: "t",
            path: "description",
            text,
            chars: None,
        }
    }

    #[test]
    fn offsets_are_code_points_and_excerpt_is_clipped() {
        let text = format!("{}é send it {}", "x".repeat(50), "y".repeat(50));
        let start = text.find("send").unwrap_or_default();
        let finding = Finding::new(&R, Severity::High, at(&text), start, start + 4, String::new());
        assert_eq!(finding.offset, 52);
        assert_eq!(finding.length, 4);
        assert_eq!(finding.matched, "send");
        assert!(finding.excerpt.starts_with("..."));
        assert!(finding.excerpt.ends_with("..."));
        assert_eq!(finding.excerpt.chars().count(), 3 + 40 + 4 + 40 + 3);
    }

    #[test]
    fn a_redaction_masks_the_match_and_every_excerpt_over_its_string() {
        let text = format!("token {} and after a long pause send it to the server", "S".repeat(30));
        let secret = 6..36;
        let masks = [Redaction::new(&text, secret.start, secret.end, 2)];
        let digest = digest(&[&text[secret.clone()]]);
        let mask = format!("SS...#{}", &digest[..8]);
        assert_eq!(masks[0].mask, mask);

        let own = Finding::redacted(&R, Severity::High, at(&text), 6, 36, String::new(), &masks);
        assert_eq!((own.offset, own.length), (6, 30));
        assert_eq!(own.matched, mask);
        assert_eq!(own.excerpt, format!("token {mask}{}...", &text[36..76]));

        // Another rule's span: the secret sits in its context, cut by the excerpt's edge.
        let start = text.find("send").unwrap_or_default();
        let other = Finding::redacted(
            &O,
            Severity::High,
            at(&text),
            start,
            start + 4,
            String::new(),
            &masks,
        );
        assert_eq!(other.matched, "send");
        assert_eq!(
            other.excerpt,
            format!("...{mask} and after a long pause send it to the server")
        );
        assert!(!other.excerpt.contains("SSS"));

        // A whole-scan rule's finding masked after the fact reads the same.
        let mut late = Finding::new(&O, Severity::High, at(&text), start, start + 4, String::new());
        late.redact(&text, &masks);
        assert_eq!(late, other);
    }

    #[test]
    fn a_span_inside_a_secret_shows_only_the_mask() {
        let text = "key ABCDEFGHIJ end";
        let masks = [Redaction::new(text, 4, 14, 0)];
        assert_eq!(redact_span(text, 6, 9, &masks), masks[0].mask);
        assert_eq!(redact_span(text, 0, text.len(), &masks), format!("key {} end", masks[0].mask));
        assert_eq!(redact_span(text, 0, 3, &masks), "key");
    }

    #[test]
    fn excerpt_of_short_text_has_no_ellipsis() {
        let finding = Finding::new(&R, Severity::High, at("abc"), 1, 2, String::new());
        assert_eq!(finding.excerpt, "abc");
        assert_eq!(finding.offset, 1);
    }

    #[test]
    fn the_char_index_agrees_with_counting_from_the_start() {
        let text = "a\u{e9}\u{1F600}\u{200b}z".repeat(700);
        let index = CharIndex::new(&text);
        for (at, _) in text.char_indices().chain([(text.len(), ' ')]) {
            assert_eq!(index.offset(at), text[..at].chars().count(), "at {at}");
        }
        assert_eq!(CharIndex::new("").offset(0), 0);
    }

    #[test]
    fn digests_are_sha256_of_nul_joined_parts() {
        // sha256("a\0b")
        assert_eq!(digest(&["a", "b"]), digest(&["a\u{0}b"]));
        assert_eq!(
            digest(&[""]),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn lone_surrogates_digest_as_generalized_utf8_and_stay_distinct() {
        let high = surrogate_carrier(0xD800).to_string();
        let other = surrogate_carrier(0xD801).to_string();
        assert_ne!(digest(&[&high]), digest(&[&other]));
        let mut hasher = Sha256::new();
        hasher.update([0xED, 0xA0, 0x80]);
        let expected: String = hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(digest(&[&high]), expected);
    }

    #[test]
    fn digest_shape_is_checked() {
        assert!(is_digest(&digest(&["x"])));
        assert!(!is_digest("abc"));
        assert!(!is_digest(&digest(&["x"]).to_uppercase()));
    }
}
