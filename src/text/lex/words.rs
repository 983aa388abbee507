//! Words: a word, number, identifier or punctuation character at a point, and a word's
//! lexicon entry and case.

use super::{Kind, Token, char_at, flag};
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
    let mut info = vocab::word(key);
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
    let mut letters = text.chars().filter(|c| c.is_alphabetic());
    if letters.next().is_some_and(char::is_uppercase) {
        token.flags |= flag::CAPITAL;
        let mut rest = text.chars().filter(|c| c.is_alphabetic()).skip(1).peekable();
        if rest.peek().is_some() && rest.all(char::is_uppercase) {
            token.flags |= flag::SHOUT;
        }
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
    let mut shape = Shape::default();
    let mut end = at;
    while end < bytes.len() {
        // Most words are ASCII: their letters are read bytewise.
        let byte = bytes[end];
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            shape.step(
                byte == b'_',
                byte.is_ascii_digit(),
                byte.is_ascii_uppercase(),
                byte.is_ascii_lowercase(),
            );
            end += 1;
            continue;
        }
        let here = end;
        let c = char_at(raw, here);
        if is_word_char(c) {
            shape.step(false, false, c.is_uppercase(), c.is_lowercase());
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
                (shape.digits || c == '.' && after_digit)
                    && next.is_some_and(|n| n.is_ascii_digit())
            }
            _ => false,
        };
        if !joins {
            break;
        }
        end = here + c.len_utf8();
    }
    let Shape { underscore, digits, inner_capital, .. } = shape;
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
    } else if underscore || inner_capital {
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

/// What the letters of a word read so far say of its shape.
struct Shape {
    underscore: bool,
    digits: bool,
    inner_capital: bool,
    previous_lower: bool,
    // A lower-to-upper change counts as camel case only before two more lower-case letters
    // (`createPayment`), not in shouting (`SecretLY`) or mocking case (`FoRgEt`).
    hump: bool,
    after_hump: u32,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape {
            underscore: false,
            digits: true,
            inner_capital: false,
            previous_lower: false,
            hump: false,
            after_hump: 0,
        }
    }
}

impl Shape {
    /// One more word character: `_`, a digit, an upper- or a lower-case letter (or none of
    /// these, a letter without case).
    #[inline]
    fn step(&mut self, underscore: bool, digit: bool, upper: bool, lower: bool) {
        self.underscore |= underscore;
        self.digits &= digit || underscore;
        if upper && self.previous_lower {
            self.hump = true;
            self.after_hump = 0;
        } else if self.hump && lower {
            self.after_hump += 1;
            self.inner_capital |= self.after_hump >= 2;
        } else {
            self.hump = false;
        }
        self.previous_lower = lower;
    }
}

fn bytes_at(raw: &str, at: usize) -> Option<u8> {
    raw.as_bytes().get(at).copied()
}
