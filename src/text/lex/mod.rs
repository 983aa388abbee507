//! Tokens: words (each looked up once in the lexicon), numbers, punctuation, and the things
//! prose names that are not words: URLs, email addresses, IP addresses, host names, paths,
//! environment variables, template slots and identifiers. One pass, linear in the text.

mod address;
#[cfg(test)]
mod tests;
mod words;

use crate::vocab::Info;
pub use address::plain_email;
use address::special;
pub use words::apostrophes_plain;
use words::{describe_word, plain};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Word,
    Number,
    /// One character of punctuation or a symbol.
    Punct(char),
    /// `scheme://...`.
    Url,
    Email,
    /// An IPv4 or IPv6 address, with a port if one follows.
    Ip,
    /// A host name on a known top-level domain, with a path if one follows.
    Host,
    /// A file system path, a dotfile or a file name with a known extension.
    Path,
    /// `$NAME`, `${NAME}`, `%NAME%`, `process.env.NAME`, or an upper-case name with `_`.
    EnvVar,
    /// `{{...}}` or `{name}`: a slot a template fills.
    Slot,
    /// A code identifier: `send_email`, `createPaymentIntent`.
    Ident,
}

pub mod flag {
    /// The word ends in a possessive `'s` (or `s'`), which the lookup left out.
    pub const POSSESSIVE: u8 = 1;
    /// The word starts with an upper-case letter.
    pub const CAPITAL: u8 = 1 << 1;
    /// Every letter of the word is upper case (and it has two or more).
    pub const SHOUT: u8 = 1 << 2;
    /// A line break comes before the token.
    pub const LINE_START: u8 = 1 << 3;
    /// A phrase of the lexicon may open with the word: the only words the lexer's caller
    /// looks phrases up for.
    pub const OPENS: u8 = 1 << 4;
}

#[derive(Debug, Clone, Copy)]
pub struct Token {
    pub start: usize,
    pub end: usize,
    pub kind: Kind,
    /// What the lexicon knows of the word (zero for everything else).
    pub info: Info,
    pub flags: u8,
}

impl Token {
    pub fn is(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    pub fn is_punct(&self, c: char) -> bool {
        self.kind == Kind::Punct(c)
    }

    /// An address data can be sent to.
    pub fn is_address(&self) -> bool {
        matches!(self.kind, Kind::Url | Kind::Email | Kind::Ip | Kind::Host)
    }
}

/// The longest run of non-space characters examined as one address, path or slot. Longer runs
/// are read as words, so a pathological run costs linear time, never quadratic.
pub(super) const MAX_RUN: usize = 2048;

/// The longest run read as an email address, IP address, host name or relative path: a host
/// name is at most 253 bytes and an email address 254. Longer runs are read as words, and
/// since the run's end is found once, not once per token in it, a long run costs linear time.
pub(super) const MAX_WORD_RUN: usize = 256;

/// Whether `c` ends a run of characters that could be one address or path.
const fn ends_run(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '<' | '>'
                | '('
                | ')'
                | '['
                | ']'
                | '{'
                | '}'
                | '"'
                | '\''
                | '`'
                | ','
                | ';'
                | '|'
                | '*'
                | '!'
                | '?'
        )
}

/// What the lexer's fast paths ask of a byte, one bit a question: [`CLASS`] holds the answers.
pub(super) mod class {
    /// Whitespace, as `char::is_whitespace` reads an ASCII character.
    pub const SPACE: u8 = 1;
    /// Ends a run that could be one address or path: [`super::ends_run`].
    pub const ENDS_RUN: u8 = 1 << 1;
    /// One of `@ . : /`, which every address, host and path holds.
    pub const MARK: u8 = 1 << 2;
    pub const DIGIT: u8 = 1 << 3;
    pub const UPPER: u8 = 1 << 4;
    pub const LOWER: u8 = 1 << 5;
    pub const UNDERSCORE: u8 = 1 << 6;
    /// A byte of a character outside ASCII, which is read whole.
    pub const HIGH: u8 = 1 << 7;
    /// A word character: a letter, a digit or `_`.
    pub const WORD: u8 = DIGIT | UPPER | LOWER | UNDERSCORE;
}

/// The [`class`] bits of each byte.
pub(super) static CLASS: [u8; 256] = classes();

const fn classes() -> [u8; 256] {
    let mut table = [class::HIGH; 256];
    let mut byte: u8 = 0;
    while byte < 0x80 {
        let c = byte as char;
        let mut bits = 0;
        if c.is_whitespace() {
            bits |= class::SPACE;
        }
        if ends_run(c) {
            bits |= class::ENDS_RUN;
        }
        if matches!(byte, b'@' | b'.' | b':' | b'/') {
            bits |= class::MARK;
        }
        if byte.is_ascii_digit() {
            bits |= class::DIGIT;
        }
        if byte.is_ascii_uppercase() {
            bits |= class::UPPER;
        }
        if byte.is_ascii_lowercase() {
            bits |= class::LOWER;
        }
        if byte == b'_' {
            bits |= class::UNDERSCORE;
        }
        table[byte as usize] = bits;
        byte += 1;
    }
    table
}

/// The character at byte `at` (a character boundary) of `raw`; an ASCII byte is read as is.
#[inline]
pub(super) fn char_at(raw: &str, at: usize) -> char {
    match raw.as_bytes()[at] {
        byte @ 0..=0x7F => char::from(byte),
        _ => raw[at..].chars().next().unwrap_or(' '),
    }
}

/// A run of non-space characters that could be one address or path.
struct Run {
    /// The first character that [`ends_run`], or the end of the text.
    end: usize,
    /// The last of `@ . : /` in the run before the punctuation a sentence puts after it
    /// ([`address::trim_trailing`]). A token starting with a letter or digit can be an
    /// address or path only if one of these follows its start.
    last_mark: Option<usize>,
}

/// The run starting at byte `from`: one pass, ASCII read bytewise.
// Kept out of the token loop, in which its few variables would live on the stack.
#[inline(never)]
fn run_from(raw: &str, lower: &str, from: usize) -> Run {
    let bytes = raw.as_bytes();
    let mut last_mark = None;
    let mut at = from;
    while at < bytes.len() {
        let bits = CLASS[usize::from(bytes[at])];
        if bits & (class::ENDS_RUN | class::HIGH) == 0 {
            if bits & class::MARK != 0 {
                last_mark = Some(at);
            }
            at += 1;
        } else if bits & class::ENDS_RUN != 0 {
            break;
        } else {
            // Every character outside ASCII that ends a run is whitespace.
            let c = char_at(raw, at);
            if c.is_whitespace() {
                break;
            }
            at += c.len_utf8();
        }
    }
    // A mark in the punctuation after the run (`end.`) does not count.
    if let Some(mark) = last_mark {
        let trimmed = from + address::trim_trailing(&lower[from..at]).len();
        if mark >= trimmed {
            last_mark = lower.as_bytes()[from..trimmed]
                .iter()
                .rposition(|&byte| CLASS[usize::from(byte)] & class::MARK != 0)
                .map(|offset| from + offset);
        }
    }
    Run { end: at, last_mark }
}

/// Tokens of `raw`. `lower` is `raw` with ASCII letters lowercased (same byte offsets).
pub fn tokens(raw: &str, lower: &str) -> Vec<Token> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(raw.len() / 5 + 1);
    let mut at = 0;
    let mut line_start = true;
    // The run holding `at`: found again only once `at` has passed its end.
    let mut run = Run { end: 0, last_mark: None };
    while at < bytes.len() {
        let byte = bytes[at];
        let c = if byte < 0x80 {
            if CLASS[usize::from(byte)] & class::SPACE != 0 {
                line_start |= byte == b'\n' || byte == b'\r';
                at += 1;
                continue;
            }
            char::from(byte)
        } else {
            let c = char_at(raw, at);
            if c.is_whitespace() {
                line_start |= c == '\u{2028}';
                at += c.len_utf8();
                continue;
            }
            c
        };
        if run.end <= at {
            run = run_from(raw, lower, at);
        }
        let marked = run.last_mark.is_some_and(|mark| mark >= at);
        let (end, kind) =
            special(raw, lower, at, run.end, marked).unwrap_or_else(|| plain(raw, at, c));
        let mut token = Token { start: at, end, kind, info: Info::default(), flags: 0 };
        if line_start {
            token.flags |= flag::LINE_START;
            line_start = false;
        }
        if kind == Kind::Word {
            describe_word(raw, lower, &mut token);
        }
        out.push(token);
        at = end.max(at + c.len_utf8());
    }
    out
}
