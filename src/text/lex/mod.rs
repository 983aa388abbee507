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
fn ends_run(c: char) -> bool {
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

/// The character at byte `at` (a character boundary) of `raw`; an ASCII byte is read as is.
#[inline]
pub(super) fn char_at(raw: &str, at: usize) -> char {
    match raw.as_bytes()[at] {
        byte @ 0..=0x7F => char::from(byte),
        _ => raw[at..].chars().next().unwrap_or(' '),
    }
}

/// Where the run starting at byte `from` ends (the first character that [`ends_run`], or the
/// end of `raw`), and whether the run holds one of `@ . : /`: one pass, ASCII read bytewise.
fn run_from(raw: &str, from: usize) -> (usize, bool) {
    let bytes = raw.as_bytes();
    let mut marks = false;
    let mut at = from;
    while at < bytes.len() {
        let c = char_at(raw, at);
        if ends_run(c) {
            return (at, marks);
        }
        marks |= matches!(c, '@' | '.' | ':' | '/');
        at += c.len_utf8();
    }
    (bytes.len(), marks)
}

/// Tokens of `raw`. `lower` is `raw` with ASCII letters lowercased (same byte offsets).
pub fn tokens(raw: &str, lower: &str) -> Vec<Token> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(raw.len() / 5 + 1);
    let mut at = 0;
    let mut line_start = true;
    // Where the run holding `at` ends: found again only once `at` has passed it.
    let mut run_end = 0;
    // Whether that run holds one of `@ . : /`, which every address, host and path does.
    let mut run_marks = false;
    while at < bytes.len() {
        let c = char_at(raw, at);
        if c.is_whitespace() {
            if c == '\n' || c == '\r' || c == '\u{2028}' {
                line_start = true;
            }
            at += c.len_utf8();
            continue;
        }
        if run_end <= at {
            (run_end, run_marks) = run_from(raw, at);
        }
        let (end, kind) =
            special(raw, lower, at, run_end, run_marks).unwrap_or_else(|| plain(raw, at, c));
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
