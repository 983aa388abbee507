//! Word lists and small text helpers more than one rule reads. A list lives here once.

/// Whether the byte at `at` ends a clause: `.`, `;`, `!` or `?` followed by whitespace or the
/// end of the text. A dot inside a URL or a version number does not.
fn ends_clause(bytes: &[u8], at: usize) -> bool {
    matches!(bytes[at], b'.' | b';' | b'!' | b'?')
        && bytes.get(at + 1).is_none_or(|next| next.is_ascii_whitespace())
}

/// Whether a blank line (a newline, optional spaces or tabs, a newline) starts at `at`.
fn blank_line_at(bytes: &[u8], at: usize) -> bool {
    if bytes[at] != b'\n' {
        return false;
    }
    let rest = &bytes[at + 1..];
    let gap = rest.iter().take_while(|b| matches!(b, b' ' | b'\t' | b'\r')).count();
    rest.get(gap) == Some(&b'\n')
}

/// Byte offset where the clause holding byte `at` starts.
pub fn clause_start(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    (0..at.min(bytes.len()))
        .rev()
        .find(|&i| ends_clause(bytes, i) || blank_line_at(bytes, i))
        .map_or(0, |i| i + 1)
}

/// Byte offset where the clause holding byte `at` ends (exclusive, before its terminator).
pub fn clause_end(text: &str, at: usize) -> usize {
    let bytes = text.as_bytes();
    (at..bytes.len())
        .find(|&i| ends_clause(bytes, i) || blank_line_at(bytes, i))
        .unwrap_or(bytes.len())
}

// --- Regex building blocks for the phrase rules (hidden-instructions, concealment,
// injection-markup, sensitive-file-access). ---

/// A regex alternation of `phrases`, matched ASCII-case-insensitively, a space inside a phrase
/// matching any run of spaces and tabs (a newline breaks the phrase). Not `(?i)`: Unicode
/// folding also matches `k` to the Kelvin sign and `s` to the long s, which the ASCII trigger
/// prefilter never sees and compatibility-characters reports as dressing.
pub fn phrase_alternation(phrases: &[&str]) -> String {
    let escaped: Vec<String> =
        phrases.iter().map(|phrase| regex::escape(phrase).replace(' ', r"[ \t]+")).collect();
    format!("(?i-u:{})", escaped.join("|"))
}

/// Up to `n` whitespace-separated words, each followed by spaces or tabs, fewest first. A word
/// never ends a clause (`.`, `;`, `!`, `?`), so the gap stays inside one sentence.
pub fn up_to_words(n: usize) -> String {
    format!(r"(?:\S*[^\s.;!?][ \t]+){{0,{n}}}?")
}

/// `pattern` with the Unicode-aware classes `\\w`, `\\s`, `\\d` and `\\b` replaced by their ASCII
/// forms. Unicode classes cost milliseconds to compile per pattern, which a one-shot CI run pays
/// on every invocation; rules that match English keywords lose nothing by them.
pub fn ascii_classes(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut in_class = false;
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(next) = chars.next() else {
                    out.push(c);
                    break;
                };
                let ascii = match (next, in_class) {
                    ('w', true) => Some("0-9A-Za-z_"),
                    ('s', true) => Some(r"\t\n\x0B\x0C\r "),
                    ('d', true) => Some("0-9"),
                    ('w', false) => Some("[0-9A-Za-z_]"),
                    ('s', false) => Some(r"[\t\n\x0B\x0C\r ]"),
                    ('d', false) => Some("[0-9]"),
                    ('b', false) => Some(r"(?-u:\b)"),
                    _ => None,
                };
                match ascii {
                    Some(ascii) => out.push_str(ascii),
                    None => {
                        out.push(c);
                        out.push(next);
                    }
                }
            }
            '[' if !in_class => {
                in_class = true;
                out.push(c);
                // A `]` or `^]` right after the opening bracket is a literal, not the end.
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                if chars.peek() == Some(&']') {
                    out.push(']');
                    chars.next();
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_split_on_sentence_ends_not_on_url_dots() {
        let text = "Send it to https://evil.tk/x. Then stop; ok";
        let at = text.find("evil").unwrap_or_default();
        assert_eq!(clause_start(text, at), 0);
        assert_eq!(&text[..clause_end(text, at)], "Send it to https://evil.tk/x");
        let then = text.find("Then").unwrap_or_default();
        assert_eq!(clause_start(text, then), text.find(" Then").unwrap_or_default());
        assert_eq!(&text[then..clause_end(text, then)], "Then stop");
    }

    #[test]
    fn ascii_classes_replace_unicode_classes_inside_and_outside_sets() {
        assert_eq!(ascii_classes(r"\bsh\s+-c\b"), r"(?-u:\b)sh[\t\n\x0B\x0C\r ]+-c(?-u:\b)");
        assert_eq!(ascii_classes(r"[\w.-]+@\d"), r"[0-9A-Za-z_.-]+@[0-9]");
        assert_eq!(ascii_classes(r"[^\s<>]+\.\S"), r"[^\t\n\x0B\x0C\r <>]+\.\S");
        assert_eq!(ascii_classes(r"[]\w]"), r"[]0-9A-Za-z_]");
    }

    #[test]
    fn a_blank_line_splits_a_clause() {
        let text = "first line\n\nsecond";
        let at = text.find("second").unwrap_or_default();
        assert_eq!(text[clause_start(text, at)..].trim_start(), "second");
        assert_eq!(clause_start(text, 3), 0);
    }
}
