//! Soft hyphens inside words, read through.
//!
//! A soft hyphen between two letters is honest hyphenation (`Donau­dampf­schiff`), so the
//! character alone never fires. It also splits each word it sits in for every reader but the
//! model: `e­mail the con­tact list ... to ex­ports@...` names no sending verb to a rule that
//! reads words. So the text is read once more with those hyphens taken out, and whatever a
//! content rule finds there that it did not find in the text as written is the hyphens' doing.

use super::SOFT_HYPHEN;
use crate::rules::decode::{decoded_hit, fired_on, owned};
use crate::rules::{Hit, Text, content_hits};

/// How every message of this reading opens.
const LEAD: &str = "soft hyphens inside words hide";

/// `raw` without its soft hyphens that stand between two letters, and for each byte of the
/// joined text where it came from in `raw` (one closing entry for the end), or `None` when
/// no such hyphen is there.
fn joined(raw: &str) -> Option<(String, Vec<usize>)> {
    let mut text = String::with_capacity(raw.len());
    let mut from = Vec::with_capacity(raw.len() + 1);
    let mut prev = None;
    let mut chars = raw.char_indices().peekable();
    let mut removed = false;
    while let Some((at, c)) = chars.next() {
        let next = chars.peek().map(|&(_, next)| next);
        if c == SOFT_HYPHEN
            && prev.is_some_and(char::is_alphabetic)
            && next.is_some_and(char::is_alphabetic)
        {
            removed = true;
            continue;
        }
        from.extend((0..c.len_utf8()).map(|offset| at + offset));
        text.push(c);
        prev = Some(c);
    }
    from.push(raw.len());
    removed.then_some((text, from))
}

/// The findings of the content rules on `text` read without its inner soft hyphens, mapped
/// back to the raw bytes, for each one the text as written does not already hold.
pub(super) fn check(text: &Text<'_>, hits: &mut Vec<Hit>) {
    let raw = text.as_str();
    if text.is_ascii() || !raw.contains(SOFT_HYPHEN) {
        return;
    }
    let Some((joined, from)) = joined(raw) else { return };
    let inner = content_hits(&text.derived(&joined));
    if inner.is_empty() {
        return;
    }
    let fired_on_raw = fired_on(text);
    for (meta, hit) in inner {
        // The raw span runs from the first joined byte's origin to just past the last one's.
        let start = from[hit.start];
        let end = if hit.end == 0 { start } else { from[hit.end - 1] + 1 };
        let end = (end..=raw.len()).find(|&at| raw.is_char_boundary(at)).unwrap_or(raw.len());
        if owned(&fired_on_raw, meta.id, start, end, &hit.message) {
            continue;
        }
        let shown = &joined[hit.start..hit.end];
        hits.push(decoded_hit((start, end), (LEAD, shown, &hit.message), meta, &hit));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hyphens_between_letters_are_taken_out() {
        let (text, from) = joined("e\u{AD}mail to\u{AD} x").expect("one inner hyphen");
        assert_eq!(text, "email to\u{AD} x");
        assert_eq!(from[1], 3, "the `m` after the two-byte hyphen");
        assert_eq!(*from.last().unwrap(), "e\u{AD}mail to\u{AD} x".len());
        assert!(joined("\u{AD}word and word\u{AD}").is_none());
    }
}
