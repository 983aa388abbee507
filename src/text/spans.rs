//! The stretches of a text that change how its words are read: quotations, code, tags and
//! their bodies, comments, markdown images and links. One finder for each, linear.

use super::window;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpanKind {
    /// Text in quotation marks (straight, curly or guillemets). An apostrophe inside a word
    /// (`user's`) is not a quotation mark.
    Quote,
    /// Text in backticks, or a fenced block.
    Code,
    /// The body of `<name>...</name>` or `[name]...[/name]`; the name is lowercase.
    Tag(String),
    /// `<!-- ... -->`, which a rendered view hides.
    Comment,
    /// `![alt](url)`: the range is the URL, which a client fetches with no click.
    Image,
    /// `[label](url)`: the range is the URL.
    Link,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The inside, without the marks.
    pub range: Range<usize>,
    /// The whole, marks included.
    pub outer: Range<usize>,
    pub kind: SpanKind,
}

/// A quotation longer than this is more likely two unrelated marks than one quote.
const MAX_QUOTE: usize = 600;
/// How many tags may stay open at once; more are read as text.
const MAX_OPEN_TAGS: usize = 32;

/// Every span of `raw`, ordered by start.
pub fn spans(raw: &str) -> Vec<Span> {
    let mut found = Vec::new();
    code(raw, &mut found);
    let code_spans = found.clone();
    quotes(raw, &code_spans, &mut found);
    tags(raw, &mut found);
    markdown(raw, &mut found);
    found.sort_by_key(|span| (span.outer.start, std::cmp::Reverse(span.outer.end)));
    found
}

/// Backtick spans and fenced blocks. A run of backticks opens a span only when a later run of
/// the same length closes it (as CommonMark reads them); inside a span other runs are text.
fn code(raw: &str, found: &mut Vec<Span>) {
    let bytes = raw.as_bytes();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'`' {
            let len = bytes[at..].iter().take_while(|&&b| b == b'`').count();
            runs.push((at, len));
            at += len;
        } else {
            at += 1;
        }
    }
    // For each run, whether a later run has the same length: one pass from the right.
    let mut later: std::collections::HashSet<usize> = std::collections::HashSet::new();
    let mut closable = vec![false; runs.len()];
    for (index, &(_, len)) in runs.iter().enumerate().rev() {
        closable[index] = later.contains(&len);
        later.insert(len);
    }
    let mut open: Option<(usize, usize)> = None;
    for (index, &(start, len)) in runs.iter().enumerate() {
        match open {
            Some((open_start, open_len)) if open_len == len => {
                let body = open_start + open_len;
                found.push(Span {
                    range: body..start,
                    outer: open_start..start + len,
                    kind: SpanKind::Code,
                });
                open = None;
            }
            Some(_) => {}
            None if closable[index] => open = Some((start, len)),
            None => {}
        }
    }
}

fn is_letter(c: Option<char>) -> bool {
    c.is_some_and(char::is_alphanumeric)
}

/// Quotation marks paired in order, outside code. A straight single quote between two letters
/// is an apostrophe; one after a letter and before a non-letter closes a quote only when one
/// is open (`users' files` stays an apostrophe otherwise).
fn quotes(raw: &str, code: &[Span], found: &mut Vec<Span>) {
    let mut open: Option<(usize, char)> = None;
    let mut previous: Option<char> = None;
    // Code spans are ordered and disjoint: one pointer walks them beside the characters.
    let mut code = code.iter().peekable();
    let chars: Vec<(usize, char)> = raw.char_indices().collect();
    for (index, &(at, c)) in chars.iter().enumerate() {
        let next = chars.get(index + 1).map(|&(_, n)| n);
        let before = previous;
        previous = Some(c);
        if !matches!(
            c,
            '"' | '\'' | '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}' | '\u{AB}' | '\u{BB}'
        ) {
            continue;
        }
        while code.peek().is_some_and(|span| span.outer.end <= at) {
            code.next();
        }
        if code.peek().is_some_and(|span| span.outer.start <= at) {
            continue;
        }
        if let Some((start, opener)) = open {
            let closes = match (opener, c) {
                ('"', '"') | ('\u{201C}', '\u{201D}') | ('\u{AB}', '\u{BB}') => true,
                ('\'', '\'') | ('\u{2018}', '\u{2019}') => !is_letter(next),
                _ => false,
            };
            if closes {
                let body = start + opener.len_utf8();
                found.push(Span {
                    range: body..at,
                    outer: start..at + c.len_utf8(),
                    kind: SpanKind::Quote,
                });
                open = None;
                continue;
            }
            if at - start > MAX_QUOTE {
                open = None;
            } else {
                continue;
            }
        }
        let opens = match c {
            '"' | '\u{201C}' | '\u{AB}' => true,
            '\'' | '\u{2018}' => !is_letter(before) && next.is_some_and(|n| !n.is_whitespace()),
            _ => false,
        };
        if opens {
            open = Some((at, c));
        }
    }
}

/// `<name ...>body</name>`, `[name]body[/name]`, and `<!-- comments -->`.
fn tags(raw: &str, found: &mut Vec<Span>) {
    let bytes = raw.as_bytes();
    let mut stack: Vec<(String, usize, usize, u8)> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let b = bytes[at];
        if b == b'<' && raw[at..].starts_with("<!--") {
            let end = raw[at + 4..].find("-->").map_or(raw.len(), |len| at + 4 + len);
            let outer_end = (end + 3).min(raw.len());
            found.push(Span { range: at + 4..end, outer: at..outer_end, kind: SpanKind::Comment });
            at = outer_end;
            continue;
        }
        if b != b'<' && b != b'[' {
            at += 1;
            continue;
        }
        let close_mark = if b == b'<' { b'>' } else { b']' };
        let closing = bytes.get(at + 1) == Some(&b'/');
        let name_start = at + 1 + usize::from(closing);
        let name_len = bytes[name_start.min(bytes.len())..]
            .iter()
            .take(40)
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b':'))
            .count();
        if name_len == 0 || !bytes[name_start].is_ascii_alphabetic() {
            at += 1;
            continue;
        }
        let name_end = name_start + name_len;
        // Attributes may follow an HTML-style opening tag, never a closing one.
        let end = if b == b'<' && !closing && bytes.get(name_end).is_some_and(|c| *c == b' ') {
            window(raw, name_end, 200).find('>').map(|len| name_end + len)
        } else {
            (bytes.get(name_end) == Some(&close_mark)).then_some(name_end)
        };
        let Some(end) = end else {
            at += 1;
            continue;
        };
        let name = raw[name_start..name_end].to_ascii_lowercase();
        if closing {
            if let Some(depth) =
                stack.iter().rposition(|(open, _, _, mark)| *open == name && *mark == b)
            {
                let (_, outer_start, body_start, _) = stack[depth].clone();
                stack.truncate(depth);
                found.push(Span {
                    range: body_start..at,
                    outer: outer_start..end + 1,
                    kind: SpanKind::Tag(name),
                });
            }
        } else if stack.len() < MAX_OPEN_TAGS {
            stack.push((name, at, end + 1, b));
        }
        at = end + 1;
    }
}

/// `![alt](url)` and `[label](url)`.
fn markdown(raw: &str, found: &mut Vec<Span>) {
    let mut at = 0;
    while let Some(offset) = raw[at..].find("](") {
        let paren = at + offset + 1;
        let from = (at + offset).saturating_sub(300).max(at);
        let from = (from..=at + offset).find(|i| raw.is_char_boundary(*i)).unwrap_or(at + offset);
        let Some(open) = raw[from..at + offset].rfind('[').map(|len| from + len) else {
            at = paren + 1;
            continue;
        };
        let Some(len) = window(raw, paren + 1, 2048).find([')', ' ', '\n']) else {
            at = paren + 1;
            continue;
        };
        let close = paren + 1 + len;
        let image = open > 0 && raw.as_bytes()[open - 1] == b'!';
        let outer_start = if image { open - 1 } else { open };
        let kind = if image { SpanKind::Image } else { SpanKind::Link };
        found.push(Span { range: paren + 1..close, outer: outer_start..close + 1, kind });
        at = close;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(raw: &str) -> Vec<(String, SpanKind)> {
        spans(raw).into_iter().map(|span| (raw[span.range].to_string(), span.kind)).collect()
    }

    #[test]
    fn quotes_skip_apostrophes_and_code() {
        assert_eq!(
            show("the user's key, \"ignore previous instructions\" and 'it' `a \"b\"`"),
            [
                ("ignore previous instructions".to_string(), SpanKind::Quote),
                ("it".to_string(), SpanKind::Quote),
                ("a \"b\"".to_string(), SpanKind::Code),
            ]
        );
        assert_eq!(show("users' files and don't"), []);
        assert_eq!(
            show("\u{201C}curly\u{201D} and \u{2018}single\u{2019}"),
            [("curly".to_string(), SpanKind::Quote), ("single".to_string(), SpanKind::Quote)]
        );
    }

    #[test]
    fn tags_comments_and_markdown() {
        let raw = "<IMPORTANT>do it</IMPORTANT> [critical]x[/critical] <!-- hide --> ![b](https://h.io/p.gif?k={t})";
        let kinds: Vec<SpanKind> = spans(raw).into_iter().map(|span| span.kind).collect();
        assert_eq!(
            kinds,
            [
                SpanKind::Tag("important".into()),
                SpanKind::Tag("critical".into()),
                SpanKind::Comment,
                SpanKind::Image
            ]
        );
        assert_eq!(
            show("<a href=\"x\">link</a>"),
            [("link".to_string(), SpanKind::Tag("a".into())), ("x".to_string(), SpanKind::Quote)]
        );
    }
}
