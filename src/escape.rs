//! The one door server text passes through on its way to a human.
//!
//! Entity names, JSON paths, excerpts and error text all come out of the server being audited.
//! Printed raw, a newline could forge a line of rune's own verdict, an escape sequence could
//! drive the terminal, and a bidi or zero-width character could make the excerpt read
//! differently from what the model receives. So every such character is shown as `<U+XXXX>`.
//! JSON, SARIF's structured fields and the baseline and pin files keep the exact text instead.

use crate::core::carried_surrogate;
use std::borrow::Cow;

/// Whether `c` must not reach a terminal as itself.
fn must_escape(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}'           // C0 controls, CR included (TAB and LF are handled first)
        | '\u{7f}'..='\u{9f}'        // DEL and the C1 controls
        | '\u{ad}'                   // soft hyphen
        | '\u{61c}'                  // Arabic letter mark
        | '\u{115f}' | '\u{1160}'    // Hangul fillers
        | '\u{17b4}' | '\u{17b5}'    // Khmer inherent vowels, invisible
        | '\u{180e}'                 // Mongolian vowel separator
        | '\u{200b}'..='\u{200f}'    // zero-width characters and directional marks
        | '\u{2028}' | '\u{2029}'    // line and paragraph separators
        | '\u{202a}'..='\u{202e}'    // bidi embeddings and overrides
        | '\u{2060}'..='\u{2064}'    // word joiner and invisible operators
        | '\u{2066}'..='\u{2069}'    // bidi isolates
        | '\u{3164}'                 // Hangul filler
        | '\u{feff}'                 // byte-order mark, zero-width no-break space
        | '\u{ffa0}'                 // halfwidth Hangul filler
        | '\u{fff9}'..='\u{fffb}'    // interlinear annotation controls
        | '\u{e0000}'..='\u{e007f}'  // tag characters
    ) || carried_surrogate(c).is_some()
}

/// `text` made safe for one line of a terminal or log: TAB becomes a space, LF the two
/// characters `\n`, and every invisible, control or direction-changing character `<U+XXXX>`.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c == '\t' || c == '\n' || must_escape(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\t' => out.push(' '),
            '\n' => out.push_str("\\n"),
            c if must_escape(c) => {
                let code = carried_surrogate(c).map_or(c as u32, u32::from);
                out.push_str(&format!("<U+{code:04X}>"));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::surrogate_carrier;

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        assert!(matches!(escape("héllo wörld 👨‍👩‍👧"), Cow::Owned(_)));
        assert!(matches!(escape("héllo wörld"), Cow::Borrowed("héllo wörld")));
    }

    #[test]
    fn a_newline_cannot_forge_a_report_line() {
        assert_eq!(escape("evil\n0 tool(s) scanned"), "evil\\n0 tool(s) scanned");
        assert_eq!(escape("a\tb\rc"), "a b<U+000D>c");
    }

    #[test]
    fn terminal_escapes_never_pass() {
        assert_eq!(escape("\u{1b}[2J"), "<U+001B>[2J");
        assert_eq!(escape("\u{9b}31m"), "<U+009B>31m");
        assert_eq!(escape("\u{7f}"), "<U+007F>");
    }

    #[test]
    fn invisible_and_bidi_characters_are_named() {
        assert_eq!(escape("a\u{200b}b"), "a<U+200B>b");
        assert_eq!(escape("\u{202e}txt.exe"), "<U+202E>txt.exe");
        assert_eq!(escape("x\u{e0041}"), "x<U+E0041>");
        assert_eq!(escape("\u{2028}"), "<U+2028>");
        assert_eq!(escape("\u{3164}"), "<U+3164>");
        assert_eq!(escape("\u{200f}"), "<U+200F>");
    }

    #[test]
    fn a_lone_surrogate_is_named_not_crashed_on() {
        let text = format!("a{}b", surrogate_carrier(0xD800));
        assert_eq!(escape(&text), "a<U+D800>b");
    }
}
