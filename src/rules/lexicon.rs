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
    fn a_blank_line_splits_a_clause() {
        let text = "first line\n\nsecond";
        let at = text.find("second").unwrap_or_default();
        assert_eq!(text[clause_start(text, at)..].trim_start(), "second");
        assert_eq!(clause_start(text, 3), 0);
    }
}
