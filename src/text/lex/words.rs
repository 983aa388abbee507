//! Words: a word, number, identifier or punctuation character at a point, and a word's
//! lexicon entry and case.

use super::{CLASS, Kind, Token, char_at, class, flag};
use crate::vocab::{self, Info};
use std::borrow::Cow;

/// A word's lexicon entry and case, with a possessive ending set aside.
// Called once per token from the loop in `lex`: inlined there, as it was in one file.
#[inline]
pub(super) fn describe_word(raw: &str, lower: &str, token: &mut Token) {
    let text = &raw[token.start..token.end];
    // A typographic apostrophe reads as a plain one; most words have none, and borrow.
    let spelled = apostrophes_plain(&lower[token.start..token.end]);
    let mut key: &str = &spelled;
    for ending in ["'s", "s'"] {
        if key.len() > ending.len() + 1 && key.ends_with(ending) && !key.ends_with("n't") {
            key = &key[..key.len() - if ending == "s'" { 1 } else { 2 }];
            token.flags |= flag::POSSESSIVE;
            break;
        }
    }
    let (mut info, opens) = vocab::word_opening(key);
    // A phrase is looked for from the word as spelled, possessive and all: only that lookup
    // can tell whether one opens with a possessive.
    if opens || token.is(flag::POSSESSIVE) {
        token.flags |= flag::OPENS;
    }
    if info == Info::default() && key.contains('-') {
        // `developer-prompt` reads as the phrase it hyphenates; another compound the lexicon
        // does not list reads as its last part: `pre-approved`.
        info = vocab::phrase(&key.replace('-', " "));
        if info == Info::default()
            && let Some((_, last)) = key.rsplit_once('-')
        {
            info = vocab::word(last);
        }
    }
    token.info = info;
    token.flags |= case_flags(text);
}

/// [`flag::CAPITAL`] and [`flag::SHOUT`] as the letters of `word` (a word token) set them.
#[inline]
fn case_flags(word: &str) -> u8 {
    let bytes = word.as_bytes();
    // Most words open with a lower-case ASCII letter: no capital, and so no shout.
    if bytes.first().is_some_and(u8::is_ascii_lowercase) {
        return 0;
    }
    if word.is_ascii() {
        // Every letter is an ASCII letter, upper or lower case.
        let mut letters = bytes
            .iter()
            .map(|&byte| CLASS[usize::from(byte)])
            .filter(|bits| bits & (class::UPPER | class::LOWER) != 0);
        if letters.next().is_none_or(|bits| bits & class::UPPER == 0) {
            return 0;
        }
        let mut rest = letters.peekable();
        return if rest.peek().is_some() && rest.all(|bits| bits & class::UPPER != 0) {
            flag::CAPITAL | flag::SHOUT
        } else {
            flag::CAPITAL
        };
    }
    let mut letters = word.chars().filter(|c| c.is_alphabetic());
    if !letters.next().is_some_and(char::is_uppercase) {
        return 0;
    }
    let mut rest = letters.peekable();
    if rest.peek().is_some() && rest.all(char::is_uppercase) {
        flag::CAPITAL | flag::SHOUT
    } else {
        flag::CAPITAL
    }
}

/// `word` with each typographic apostrophe (U+2019) made a plain one: the lexicon's spelling.
pub fn apostrophes_plain(word: &str) -> Cow<'_, str> {
    // An ASCII word holds none, and the ASCII test spares most words the substring search a
    // non-ASCII needle costs.
    if !word.is_ascii() && word.contains('\u{2019}') {
        Cow::Owned(word.replace('\u{2019}', "'"))
    } else {
        Cow::Borrowed(word)
    }
}

pub(super) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A word, a number, an identifier, or one punctuation character.
// Called once per token from the loop in `lex`: inlined there, as it was in one file.
#[inline]
pub(super) fn plain(raw: &str, at: usize, first: char) -> (usize, Kind) {
    if !is_word_char(first) {
        return (at + first.len_utf8(), Kind::Punct(first));
    }
    let bytes = raw.as_bytes();
    // The class bits of the word's ASCII characters, together, and whether it has a word
    // character outside ASCII (a letter, or a digit of another script).
    let mut seen = 0;
    let mut other = false;
    let mut end = at;
    while end < bytes.len() {
        // Most words are ASCII: their characters are read bytewise.
        let (ascii_end, bits) = ascii_word(bytes, end);
        seen |= bits;
        end = ascii_end;
        if end == bytes.len() {
            break;
        }
        let here = end;
        let c = char_at(raw, here);
        if is_word_char(c) {
            other = true;
            end = here + c.len_utf8();
            continue;
        }
        // An apostrophe or hyphen inside a word, a dot or comma inside a number.
        let next = raw[here + c.len_utf8()..].chars().next();
        let joins = match c {
            '\'' | '\u{2019}' | '-' => next.is_some_and(char::is_alphanumeric),
            // `1,000`, `3.14`, and versions: `v1.2.3`, `python3.12`.
            '.' | ',' => {
                let after_digit = bytes[here - 1].is_ascii_digit();
                (only_digits(seen, other) || c == '.' && after_digit)
                    && next.is_some_and(|n| n.is_ascii_digit())
            }
            _ => false,
        };
        if !joins {
            break;
        }
        end = here + c.len_utf8();
    }
    let digits = only_digits(seen, other);
    let underscore = seen & class::UNDERSCORE != 0;
    // `e.g.`, `i.e.`, `etc.`, `vs.`: the dots belong to the word, so no sentence ends there.
    let word = &raw[at..end];
    // Each abbreviation is ASCII letters then a dot, and a dot after letters joins no word,
    // so the word ends at the dot.
    let abbreviations: &[&str] = if bytes_at(raw, end) == Some(b'.') {
        &["e.g.", "i.e.", "etc.", "vs.", "approx.", "incl.", "cf.", "ca.", "eg."]
    } else {
        &[]
    };
    for abbreviation in abbreviations {
        let len = abbreviation.len();
        if raw.len() >= at + len
            && raw[at..].get(..len).is_some_and(|s| s.eq_ignore_ascii_case(abbreviation))
        {
            return (at + len, Kind::Word);
        }
    }
    let kind = if digits {
        Kind::Number
    } else if underscore
        // Camel case needs a lower-case letter and an upper-case one.
        || (other || seen & class::UPPER != 0 && seen & class::LOWER != 0) && camel_case(word)
    {
        if word.chars().all(|c| !c.is_lowercase()) && underscore {
            Kind::EnvVar
        } else {
            Kind::Ident
        }
    } else {
        Kind::Word
    };
    (end, kind)
}

/// Where the ASCII word characters from `at` end, and their class bits together.
// Kept out of the token loop, in which its few variables would live on the stack.
#[inline(never)]
fn ascii_word(bytes: &[u8], at: usize) -> (usize, u8) {
    let mut seen = 0;
    for (offset, &byte) in bytes[at..].iter().enumerate() {
        let bits = CLASS[usize::from(byte)];
        if bits & class::WORD == 0 {
            return (at + offset, seen);
        }
        seen |= bits;
    }
    (bytes.len(), seen)
}

/// Whether a word whose ASCII word characters have the class bits `seen` together, and that
/// has a word character outside ASCII when `other`, is all digits and `_`.
fn only_digits(seen: u8, other: bool) -> bool {
    !other && seen & (class::UPPER | class::LOWER) == 0
}

/// Whether the word characters of `word` turn from lower to upper case before two more
/// lower-case letters (`createPayment`): camel case, not shouting (`SecretLY`) or mocking
/// case (`FoRgEt`).
fn camel_case(word: &str) -> bool {
    let mut previous_lower = false;
    // After a lower-to-upper change: the lower-case letters since.
    let mut after_hump: Option<u32> = None;
    for c in word.chars().filter(|&c| is_word_char(c)) {
        let (upper, lower) = (c.is_uppercase(), c.is_lowercase());
        after_hump = match after_hump {
            _ if upper && previous_lower => Some(0),
            Some(1) if lower => return true,
            Some(count) if lower => Some(count + 1),
            _ => None,
        };
        previous_lower = lower;
    }
    false
}

fn bytes_at(raw: &str, at: usize) -> Option<u8> {
    raw.as_bytes().get(at).copied()
}
