//! Soft hyphens inside words, read through.
//!
//! A soft hyphen between two letters is honest hyphenation (`Donau­dampf­schiff`), so the
//! character alone never fires. It also splits each word it sits in for every reader but the
//! model: `e­mail the con­tact list ... to ex­ports@...` names no sending verb to a rule that
//! reads words. So the text is read once more with those hyphens taken out, and whatever a
//! content rule finds there that it did not find in the text as written is the hyphens' doing.

use super::SOFT_HYPHEN;
use crate::rules::decode::{Rewritten, decoded_hit, fired_on, owned};
use crate::rules::{Hit, Text, content_hits};

/// How every message of this reading opens.
const LEAD: &str = "soft hyphens inside words hide";

/// `raw` without its soft hyphens that stand between two letters, or `None` when no such
/// hyphen is there.
fn joined(raw: &str) -> Option<Rewritten> {
    let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
    let mut removed = false;
    let joined = Rewritten::new(raw, |at, c, _| {
        let inner = c == SOFT_HYPHEN
            && letter(raw[..at].chars().next_back())
            && letter(raw[at + c.len_utf8()..].chars().next());
        removed |= inner;
        inner
    });
    removed.then_some(joined)
}

/// The findings of the content rules on `text` read without its inner soft hyphens, mapped
/// back to the raw bytes, for each one the text as written does not already hold.
pub(super) fn check(text: &Text<'_>, hits: &mut Vec<Hit>) {
    let raw = text.as_str();
    if text.is_ascii() || !raw.contains(SOFT_HYPHEN) {
        return;
    }
    let Some(joined) = joined(raw) else { return };
    let inner = content_hits(&text.derived(&joined.text));
    if inner.is_empty() {
        return;
    }
    let fired_on_raw = fired_on(text);
    for (meta, hit) in inner {
        let (start, end) = joined.raw_span(hit.start, hit.end);
        if owned(&fired_on_raw, meta.id, start, end, &hit.message) {
            continue;
        }
        let shown = &joined.text[hit.start..hit.end];
        hits.push(decoded_hit((start, end), (LEAD, shown, &hit.message), meta, &hit));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hyphens_between_letters_are_taken_out() {
        let raw = "e\u{AD}mail to\u{AD} x";
        let read = joined(raw).expect("one inner hyphen");
        assert_eq!(read.text, "email to\u{AD} x");
        assert_eq!(read.raw_span(1, 2), (3, 4), "the `m` after the two-byte hyphen");
        assert_eq!(read.raw_span(0, read.text.len()), (0, raw.len()));
        assert!(joined("\u{AD}word and word\u{AD}").is_none());
    }
}
