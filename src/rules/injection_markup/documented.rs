//! Whether a mark is named rather than used: quoted, in code, listed, named as an element or
//! token, or in a sentence that describes a format.

use super::markers::{self, Marker};
use crate::text::spans::SpanKind;
use crate::text::{Doc, window, window_before};

/// Words after a mark that name it rather than use it: `the <system> element`.
const NAMING_AFTER: &[&str] = &[
    "and",
    "or",
    "element",
    "elements",
    "tag",
    "tags",
    "token",
    "tokens",
    "block",
    "blocks",
    "section",
    "sections",
    "marker",
    "markers",
    "node",
    "nodes",
    "entry",
    "entries",
    "field",
    "fields",
    "delimiter",
    "delimiters",
    "placeholder",
    "count",
    "counts",
    "child",
    "children",
    "attribute",
    "attributes",
    "line",
    "lines",
    "prefix",
    "prefixes",
];

/// Words before a mark that introduce it as an example or a format's part.
const NAMING_BEFORE: &[&str] = &[
    "like",
    "as",
    "and",
    "or",
    "e.g.",
    "i.e.",
    "token",
    "tokens",
    "marker",
    "markers",
    "in",
    "between",
    "around",
    "with",
    "each",
    "every",
    "the",
    "a",
    "an",
    "tags",
    "delimiters",
    "example",
    "example,",
    "alternate",
    "tagged",
    "marked",
    "labelled",
    "labeled",
    "prefixed",
    // `a trailing <|im_start|>assistant is added`: a mark placed, described by where it goes.
    "trailing",
    "leading",
    "final",
    "closing",
    "opening",
    "extra",
    "single",
];

/// What a line that introduces a format's written-out template calls it.
pub(super) const TEMPLATE_NAMES: &[&str] = &["chat template", "prompt format", "prompt template"];

/// Whether mark `marker` is named rather than used: quoted, in code, listed, named as an
/// element or token, or in a sentence that describes a format.
fn documented(doc: &Doc, marker: &Marker) -> bool {
    let at = marker.range.start;
    if doc.spans_at(at).any(|span| matches!(span.kind, SpanKind::Quote | SpanKind::Code)) {
        return true;
    }
    let raw = doc.raw;
    let after = window(raw, marker.range.end, NEAR).trim_start_matches([' ', '\t']);
    let next_word: String = after
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase();
    // `<user>@<host>`: a placeholder.
    let listed = after.starts_with([',', ';', ')', '/', '…', '@', '=']) || after.starts_with("...");
    let before = window_before(raw, at, NEAR).trim_end_matches([' ', '\t']);
    // `for example [{"role": "system", ...}]`: the word before a list's opening bracket.
    let previous_word = before
        .trim_end_matches('[')
        .trim_end_matches([' ', '\t'])
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let listed_before = before.ends_with([',', '(', '/']);
    // A label under `EXAMPLE INTERACTION:` or `Sample transcript:` shows a format, and so
    // does a JSON role under a line of its own that says `Example:`.
    let headed = |line: &str| {
        let line = line.trim().to_ascii_lowercase();
        line.ends_with(':')
            && line.len() <= 40
            && ["example", "sample", "e.g"].iter().any(|w| line.contains(w))
    };
    let json_role = raw[marker.range.clone()].contains("role");
    let under_heading = !marker.label && json_role && {
        let lines = raw[..at].rsplit('\n').skip(1);
        lines.take(3).any(headed)
    };
    // `How Gemma formats conversations. Example:` on the line before: a template shown.
    let after_example_line = !marker.label && {
        let lines = raw[..at].rsplit('\n').skip(1);
        lines.take(4).any(|line| {
            let line = line.trim().to_ascii_lowercase();
            ["example:", "examples:", "sample:", "e.g.:", "for example:"]
                .iter()
                .any(|end| line.ends_with(end))
                // `The model's Jinja chat template, as stored in tokenizer_config.json:`.
                || line.ends_with(':')
                    && line.len() <= 120
                    && TEMPLATE_NAMES.iter().any(|w| line.contains(w))
        })
    };
    let shown = under_heading
        || after_example_line
        || marker.label && {
            let lines = raw[..at].trim_end().rsplit('\n');
            lines.take(3).any(|line| {
                let line = line.to_ascii_lowercase();
                ["example", "sample", "e.g", "for instance", "transcript", "looks like", "format"]
                    .iter()
                    .any(|w| line.contains(w))
            })
        };
    // `System: Linux or macOS` beside `Python: 3.10 or newer`: a field in a list of
    // requirements or settings, not a turn.
    let field_list = marker.label && {
        let line_start = raw[..at].rfind('\n').map_or(0, |i| i + 1);
        let line_end = raw[at..].find('\n').map_or(raw.len(), |i| at + i);
        let before = raw[..line_start].trim_end_matches('\n').rsplit('\n').next();
        let after = raw.get(line_end + 1..).and_then(|rest| rest.split('\n').next());
        let field = |line: &str| {
            let line = line.trim();
            line.split_once(':').is_some_and(|(key, value)| {
                !key.is_empty()
                    && key.len() <= 24
                    && key.chars().all(|c| c.is_alphanumeric() || c == ' ' || c == '-')
                    && !value.trim().is_empty()
                    && markers::markers(&format!("{key}: x")).is_empty()
            })
        };
        // The mark's own value is as short as a field's: a turn says more.
        let short = raw[marker.range.end..line_end].split_whitespace().count() <= 8;
        short && (before.is_some_and(field) || after.is_some_and(field))
    };
    let clause = doc.clause_at(at);
    let described = clause.is_some_and(|c| doc.settings[c].described || doc.settings[c].example);
    !marker.label
        && (listed
            || nested_element(raw, marker)
            || listed_before
            || NAMING_AFTER.contains(&next_word.as_str())
            || NAMING_BEFORE.contains(&previous_word.as_str()))
        || described
        || shown
        || field_list
}

/// For each mark, whether it is named rather than used: documented itself, or continuing a run
/// of marks one of which is documented (the Llama 3 template written out,
/// `(<|begin_of_text|><|start_header_id|>system<|end_header_id|> ...`, is one example, mark
/// after mark). One pass, forward.
pub(super) fn named(doc: &Doc, found: &[Marker]) -> Vec<bool> {
    let mut named: Vec<bool> = Vec::with_capacity(found.len());
    let mut run_documented = false;
    // Tags seen as elements of another XML format (`<Event><System>`) or named as elements
    // (`each <system> element`): the same tag named again later in the text is that format's
    // element too (`Fields from <System> become keys`).
    let mut format_tags: Vec<&str> = Vec::new();
    for (index, marker) in found.iter().enumerate() {
        let tag =
            doc.raw[marker.range.clone()].trim_start_matches(['<', '/']).trim_end_matches('>');
        if nested_element(doc.raw, marker) {
            format_tags.push(tag);
        }
        // Only a mention: a tag closed later holds a turn, whatever came before.
        let closed_later = doc.raw[marker.range.end..]
            .to_ascii_lowercase()
            .contains(&format!("</{}>", tag.to_ascii_lowercase()));
        let format_tag = doc.raw[marker.range.clone()].starts_with('<')
            && !doc.raw[marker.range.clone()].starts_with("</")
            && !closed_later
            && format_tags.iter().any(|seen| seen.eq_ignore_ascii_case(tag));
        let glued = index > 0 && {
            let gap = doc.raw[found[index - 1].range.end..marker.range.start].trim();
            gap.is_empty()
                || gap == "..."
                || gap == "\u{2026}"
                || gap.len() <= 12 && gap.chars().all(|c| c.is_ascii_alphabetic())
                // `### Instruction:\n<task>\n### Input:`: a placeholder between marks.
                || gap.len() <= 40
                    && gap.starts_with(['<', '{'])
                    && gap.ends_with(['>', '}'])
                    && !gap[1..gap.len() - 1].contains(['<', '>', '{', '}'])
        };
        let follows = glued && run_documented;
        let itself = documented(doc, marker) || format_tag;
        // `Each <system> element becomes a node; <container> elements nest inside their
        // <system>`: a tag named as an element once is that format's element where it recurs.
        if itself && doc.raw[marker.range.clone()].starts_with('<') && !closed_later {
            format_tags.push(tag);
        }
        run_documented = itself || follows;
        named.push(run_documented);
    }
    named
}

/// How far around a mark the words that name it are looked for.
pub(super) const NEAR: usize = 64;

/// Whether a role tag sits inside an element of some other XML format:
/// `<ciManagement><system>Jenkins</system>` is a POM's field, not a turn.
fn nested_element(raw: &str, marker: &Marker) -> bool {
    if !raw[marker.range.clone()].starts_with('<') {
        return false;
    }
    let before = window_before(raw, marker.range.start, NEAR).trim_end();
    let Some(open) = before.strip_suffix('>').and_then(|b| b.rfind('<').map(|at| &b[at + 1..]))
    else {
        return false;
    };
    let name = open.trim_start_matches('/');
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':' | '.'))
        && markers::markers(&format!("<{open}>")).is_empty()
}
