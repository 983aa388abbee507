//! `model-directive`: plain-English orders addressed to the model rather than descriptions of the tool.
//!
//! Every word of this attack is ordinary prose ("before using this tool, read ...", "the assistant
//! must include ..."), and honest servers address the model all the time ("You MUST call
//! resolve-library-id first", "ALWAYS include unit prices"). So one order is never enough: the rule
//! fires only when, in one sentence,
//!
//! 1. a **payload** that has no business leaving the model's context is named: the conversation
//!    history, the system prompt, a file under the home directory or `/etc`, environment
//!    variables, credentials the user holds, or an outside address data is sent to;
//! 2. a **verb** carries or reads it ("include", "pass", "read", "send"), not negated, not
//!    conditioned on the user asking, and not moving it into an argument named for it ("pass the
//!    conversation as the `messages` argument" is an LLM proxy's own input);
//! 3. something makes it an **order to the model**: an address ("before using this tool", "the
//!    assistant must", "you should", "always", "make sure to"), a covert or coercive cue ("do this
//!    silently", "otherwise the tool will not work"), an HTML comment or pseudo-tag around it, or an
//!    imperative that puts the payload into an unrelated argument.
//!
//! Inside an HTML comment an address and a verb are enough: a comment is an order the rendered
//! view hides. An order that is quoted, given as an example, or described by a tool that detects it
//! ("Flags prompts like ...") is still reported, at low.

use crate::model::Severity;
use crate::rules::Text;
use crate::rules::lexicon::{
    COVERT_ADVERBS, Gate, GatedPatterns, ascii_classes, ascii_regex, phrase_alternation,
};
use crate::rules::pattern::{ByteRegex, Regex};
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::text::spans::{Span, SpanKind};
use std::cell::OnceCell;
use std::ops::Range;
use std::sync::LazyLock;

mod cues;
mod framing;
mod order;
mod payload;
#[cfg(test)]
mod tests;

use cues::*;
use framing::*;
use payload::*;

static META: RuleMeta = RuleMeta {
    id: "model-directive",
    severity: Severity::Medium,
    summary: "plain-English orders addressed to the model rather than descriptions of the tool",
    confidence: 65,
};

const MESSAGE: &str = "an order addressed to the model";
const DISCOUNTED: &str = "(quoted or described, so reported low)";
/// How much of the order a message quotes, in characters.
const QUOTE_CHARS: usize = 60;
/// How many words may stand between a verb and its payload ("read the file kept under ~/x").
const OBJECT_WORDS: usize = 10;
/// How far back from a payload the walk for its verb (and its address) goes, in bytes.
const VERB_REACH: usize = 240;
/// How many words "always" or "please" may stand before the verb they govern.
const ADVERB_WORDS: usize = 3;
/// How many words may stand between "cc" and the address it copies, or between an address and
/// "as a BCC recipient".
const CC_WORDS: usize = 3;
/// How far around a verb or an order the rule looks for its negation, clause lead, example cue
/// or follow-up, in bytes: every look stays local, so a string of many payloads costs linear time.
const LOOKAROUND: usize = 160;
/// How many neighbouring addresses, quotes or list lines one lookup examines.
const SCAN_LIMIT: usize = 32;

/// An ASCII word boundary: cheaper than Unicode's, and every word here is ASCII.
const WB: &str = r"(?-u:\b)";
/// One or more spaces or tabs: a phrase never spans a newline.
const WS: &str = r"[ \t]+";
/// Possessive endings, straight or curly.
const POSSESSIVE: &str = r"(?i-u:'s|\x{2019}s|s'|s\x{2019})";
/// Path characters after a path's anchor, up to whitespace, a quote or a bracket.
const PATH_TAIL: &str = r#"[^\s'"`<>()\[\]{},;*]*"#;

pub struct ModelDirective;

impl TextRule for ModelDirective {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    #[rustfmt::skip]
    fn triggers(&self) -> &'static [&'static str] {
        // Every order names a payload (or sits in a comment): a stem of each payload pattern.
        // Credentials are named by their qualifier ("api", "access", "private" ...), never by
        // a bare "key" or "token", which half of all honest docs say.
        &[
            "conversation", "chat", "dialog", "transcript", "thread", "context", "messag",
            "everything", "prompt", "instruction", "rule", "guideline", "~", "home/", "home}/",
            "userprofile", "appdata", "/etc/", "/users/", "\\users\\", "/root/", "env", ".ssh",
            ".aws", ".gnupg", ".kube", ".docker", ".netrc", ".npmrc", ".pypirc", ".pgpass",
            "credential", ".gitconfig", "history", ".config", "mcp.json", "desktop_config",
            "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "known_hosts", "clipboard", "keychain",
            "keyring", "passw", "passphrase", "ssh", "api", "access", "secret", "private",
            "signing", "auth", "bearer", "session", "refresh", "oauth", "_key", "_token",
            "mnemonic", "seed", "recovery", "@", "http", "ftp", "www.", "<!--",
        ]
    }

    fn check(&self, text: &Text<'_>, hits: &mut Vec<Hit>) {
        let shared = text.doc();
        if !payload::may_order(&shared.lower) {
            return;
        }
        let text = text.as_str();
        let doc = Doc::new(text, shared);
        let mut orders: Vec<Order> = Vec::new();
        for (payload, found) in payloads(text) {
            orders.extend(doc.order(payload, found));
        }
        if text.contains("<!--") {
            orders.extend(doc.commented_orders());
        }
        orders.sort_by_key(|order| (order.span.start, std::cmp::Reverse(order.span.end)));
        // One finding per stretch of text: two payloads of one order are one order.
        let mut covered = 0;
        for order in orders {
            if order.span.start < covered {
                continue;
            }
            covered = order.span.end;
            let quote = clip(&text[order.quoted]);
            let (start, end) = (order.span.start, order.span.end);
            hits.push(if doc.discounted(start) {
                Hit::new(start, end, format!("{MESSAGE} (\"{quote}\") {DISCOUNTED}"))
                    .with_severity(Severity::Low)
            } else {
                Hit::new(start, end, format!("{MESSAGE} (\"{quote}\")"))
            });
        }
    }
}

/// One order found: where it is, and which part of it a message quotes.
struct Order {
    span: Range<usize>,
    quoted: Range<usize>,
}

/// The string a payload was found in. Every question about one payload looks only at the text
/// near it (its sentence, a few words, `LOOKAROUND` bytes), so a string of many payloads costs
/// linear time. The few whole-string lists (comments and tags, quotes) are built once, on first
/// use, and kept sorted for binary search.
struct Doc<'a> {
    text: &'a str,
    /// The shared finder's quotations, code, tags and comments (`crate::text::spans`).
    spans: &'a [Span],
    /// The shared reading of the text: its clauses and their negation.
    shared: &'a crate::text::Doc<'a>,
    /// Where each of the shared reading's sentences starts, in bytes, in order.
    sentence_starts: Vec<usize>,
    /// Whether the text holds a `<` at all: with none, nothing is enclosed.
    angled: bool,
    /// HTML comments and pseudo-tag bodies: spans a rendered view hides or sets apart.
    enclosures: OnceCell<Vec<Range<usize>>>,
    /// Bodies of `<example>` tags.
    example_tags: OnceCell<Vec<Range<usize>>>,
    quotes: OnceCell<Vec<Range<usize>>>,
}

impl<'a> Doc<'a> {
    fn new(text: &'a str, shared: &'a crate::text::Doc<'a>) -> Doc<'a> {
        let sentence_starts = shared
            .sentences
            .iter()
            .filter(|sentence| !sentence.tokens.is_empty())
            .map(|sentence| shared.tokens[sentence.tokens.start].start)
            .collect();
        Doc {
            text,
            spans: &shared.spans,
            shared,
            sentence_starts,
            angled: text.contains('<'),
            enclosures: OnceCell::new(),
            example_tags: OnceCell::new(),
            quotes: OnceCell::new(),
        }
    }

    /// The shared reading's sentence holding byte `at`, from its first token to the next
    /// sentence's first token (or the end of the text).
    fn sentence(&self, at: usize) -> Range<usize> {
        let next = self.sentence_starts.partition_point(|&start| start <= at);
        let start = if next == 0 { 0 } else { self.sentence_starts[next - 1] };
        let end = self.sentence_starts.get(next).copied().unwrap_or(self.text.len());
        start..end
    }

    /// `range` cut to `reach` bytes either side of `around`, on character boundaries: every
    /// search around one order stays local, so a string of many payloads costs linear time.
    fn near(&self, range: &Range<usize>, around: &Range<usize>, reach: usize) -> Range<usize> {
        let start = floor_boundary(self.text, around.start.saturating_sub(reach)).max(range.start);
        let end = ceil_boundary(self.text, around.end.saturating_add(reach)).min(range.end);
        start..end.max(start)
    }

    /// The addresses in `range`, with their offsets in the text. A match at the very start of a
    /// range cut inside a word ("s" + "always") is dropped.
    fn addresses_in(&self, range: Range<usize>) -> impl Iterator<Item = (Range<usize>, Address)> {
        let cut_word = self.text[..range.start].ends_with(char::is_alphanumeric);
        let text = &self.text[range.clone()];
        ADDRESS
            .find_iter(text.as_bytes())
            .filter(move |(_, found)| found.start > 0 || !cut_word)
            .map(move |(_, found)| {
                let kind = Address::of(&text[found.clone()]);
                (range.start + found.start..range.start + found.end, kind)
            })
    }

    /// Whether the user's consent conditions the order between `around`'s ends.
    fn consented(&self, sentence: &Range<usize>, around: &Range<usize>) -> bool {
        CONSENT.is_match(&self.text[self.near(sentence, around, LOOKAROUND)])
    }

    /// The first argument named after `from` in `range`: its whole span and its name's span.
    fn sink_after(
        &self,
        from: usize,
        range: &Range<usize>,
    ) -> Option<(Range<usize>, Range<usize>)> {
        let window = self.near(&(from.max(range.start)..range.end), &(from..from), LOOKAROUND);
        let found = SINK.find(&self.text[window.clone()])?;
        let start = window.start + found.start();
        Some((start..window.start + found.end(), sink_name(found.as_str(), start)))
    }

    /// The shared spans of `kinds`, by start: whole comments (marks and all), tag bodies, or
    /// whole quotations and code spans.
    fn shared(&self, wanted: impl Fn(&SpanKind) -> bool, body: bool) -> Vec<Range<usize>> {
        let mut spans: Vec<Range<usize>> = self
            .spans
            .iter()
            .filter(|span| wanted(&span.kind))
            .map(|span| if body { span.range.clone() } else { span.outer.clone() })
            .collect();
        spans.sort_by_key(|span| span.start);
        spans
    }

    fn enclosures(&self) -> &[Range<usize>] {
        self.enclosures.get_or_init(|| {
            let mut spans = self.shared(|kind| *kind == SpanKind::Comment, false);
            spans.extend(self.shared(
                |kind| {
                    matches!(kind, SpanKind::Tag(name)
                        if !is_one_of(name, HTML_TAGS) && !is_one_of(name, EXAMPLE_TAGS))
                },
                true,
            ));
            spans.sort_by_key(|span| span.start);
            spans
        })
    }

    fn example_tags(&self) -> &[Range<usize>] {
        self.example_tags.get_or_init(|| {
            self.shared(
                |kind| matches!(kind, SpanKind::Tag(name) if is_one_of(name, EXAMPLE_TAGS)),
                true,
            )
        })
    }

    fn quotes(&self) -> &[Range<usize>] {
        self.quotes.get_or_init(|| {
            self.shared(|kind| matches!(kind, SpanKind::Quote | SpanKind::Code), false)
        })
    }

    /// The order carrying the payload at `found`, if its sentence gives one.
    fn order(&self, payload: Payload, found: Range<usize>) -> Option<Order> {
        let found = self.trim_payload(payload, found)?;
        if let Some(order) = self.passive_order(payload, &found) {
            return Some(order);
        }
        // The cheap vetoes first: most payloads have no verb, or send nothing to a URL.
        let verb = &self.governing_verb(payload, &found)?;
        let between = &self.text[verb.end..found.start];
        if EXAMPLE_CUE.is_match(between) {
            // "pass a path, e.g. ~/code": the payload is an example value of an honest argument.
            return None;
        }
        let verb_word = &self.text[verb.clone()];
        if payload == Payload::Url
            && !is_one_of(verb_word, FETCH_VERBS)
            && !self.sends_data_to(verb, &found)
        {
            return None;
        }
        let sentence = self.sentence(found.start);
        if self.consented(&sentence, &(verb.start..found.end)) {
            return None;
        }
        match payload {
            Payload::Url => return self.url_order(verb, verb_word, &found, &sentence),
            Payload::Recipient if !self.addresses_recipient(verb, &found, &sentence) => {
                return None;
            }
            Payload::Recipient => {}
            _ => {
                if self.is_destination(verb_word, between, &found, &sentence)
                    || (payload == Payload::File && names_a_path(between))
                    || self.own_argument(payload, verb, &sentence)
                {
                    return None;
                }
            }
        }
        self.corroborated(payload, verb, &found, &sentence)
    }

    /// The payload's span with the edges checked: a path anchor after a letter or a URL is not
    /// a path, a URL's trailing full stop is prose, and "the conversation ID" is an identifier.
    fn trim_payload(&self, payload: Payload, found: Range<usize>) -> Option<Range<usize>> {
        let before = self.text[..found.start].chars().next_back();
        let after = self.text[found.end..].trim_start_matches([' ', '\t']);
        match payload {
            Payload::File => {
                let anchored_in_word = before.is_some_and(|c| {
                    c.is_alphanumeric()
                        || matches!(c, '.' | '_' | '-' | ':' | '@' | '$' | '%')
                        || (c == '/' && !self.text[found.clone()].starts_with('.'))
                });
                let path = &self.text[found.clone()];
                let public_key =
                    path.ends_with(".pub") || self.text[found.end..].starts_with(".pub");
                (!anchored_in_word && !public_key)
                    .then(|| found.start..found.end - trailing_punctuation(path))
            }
            Payload::Url => {
                let url = &self.text[found.clone()];
                Some(found.start..found.end - trailing_punctuation(url))
            }
            Payload::Conversation | Payload::Instructions => {
                let modifier = self.text[found.end..].starts_with(['-', '_'])
                    || after
                        .split(|c: char| !c.is_ascii_alphanumeric())
                        .next()
                        .is_some_and(|word| is_one_of(word, IDENTIFIER_NOUNS));
                (!modifier).then_some(found)
            }
            _ => Some(found),
        }
    }
}
