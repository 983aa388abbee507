//! rune's own JSON: a strict parser that keeps what serde_json cannot (lone UTF-16 surrogate
//! escapes, object key order) and a writer that reproduces them.
//!
//! A Rust `String` cannot hold a lone surrogate, but a server can send `"\ud800"` and rune must
//! still scan it, report it and pin it without colliding with `"\ud801"`. The parser carries
//! each lone surrogate as one code point of a reserved block at the top of plane 16
//! (see [`surrogate_carrier`]), and every place text leaves rune (the escape for humans, this
//! writer, the digests) turns the carrier back into the surrogate it stands for. Input that
//! holds a real code point of that block is refused rather than confused with a surrogate.
//!
//! The parser is strict RFC 8259 and linear: no comments, trailing commas, `NaN` or
//! `Infinity`, no byte-order mark, nesting at most [`MAX_DEPTH`] deep, and no key twice in one
//! object (clients differ on which duplicate they read, so rune refuses rather than guess).
//! Numbers keep their exact text. Every error names its line and column.

pub(crate) mod serial;
pub mod walk;

use std::collections::HashSet;
use std::fmt;

/// A parsed JSON document. Objects keep their keys in document order; no key repeats.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// The number exactly as written.
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(name, _)| name == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        match self {
            Value::Object(members) => Some(members),
            _ => None,
        }
    }

    pub(crate) fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// How a type is named in an error message: `an object`, `a list`, `a string`, ...
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "a list",
            Value::Object(_) => "an object",
        }
    }
}

pub use crate::core::{SURROGATE_CARRIER_BASE, carried_surrogate, surrogate_carrier};

/// How deep arrays and objects may nest. Deeper input is refused with a clear error, so
/// nothing that walks a parsed value recursively can run out of stack.
pub const MAX_DEPTH: usize = 512;

/// Objects up to this many members find repeated keys by comparison; bigger ones use a hash
/// index, so a small object costs no allocation beyond its members.
const SMALL_OBJECT: usize = 16;

/// How much of a repeated key an error quotes.
const QUOTED_KEY: usize = 60;

/// Why a text is not the JSON rune accepts, and where (1-based line and column, the column
/// counted in code points).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    pub kind: JsonErrorKind,
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonErrorKind {
    /// Nothing but whitespace.
    Empty,
    /// A UTF-8 byte-order mark before the document.
    ByteOrderMark,
    /// Something other than what the grammar allows here (`"',' or '}'"`, `"a value"`).
    Expected(&'static str),
    /// The input stopped where the grammar wanted more.
    UnexpectedEnd(&'static str),
    /// A comma right before the closing `]` or `}`.
    TrailingComma(char),
    /// Text after the document.
    TrailingText,
    /// A string that never closes; the position is its opening quote.
    UnterminatedString,
    /// A raw control character (U+0000..U+001F) inside a string.
    ControlCharacter(char),
    /// A backslash followed by a character JSON gives no meaning.
    InvalidEscape,
    /// `\u` not followed by four hex digits.
    InvalidUnicodeEscape,
    /// A number that breaks the grammar, with the reason.
    InvalidNumber(&'static str),
    /// `NaN`, `Infinity` or `-Infinity`.
    NonFiniteNumber(&'static str),
    /// A real code point of the block that carries lone surrogates.
    CarrierBlock(char),
    /// Arrays and objects nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// A key that already appears in the same object; the position is its second appearance.
    DuplicateKey {
        /// The key, as a JSON string literal of printable ASCII (shortened when long).
        key: String,
        /// Where the object sits, as `"tools"[0]`; empty for the top-level object.
        path: String,
    },
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            // Always at the very start, so the position would add nothing.
            JsonErrorKind::ByteOrderMark => {
                return f.write_str(
                    "the input starts with a byte-order mark; save it as UTF-8 without one",
                );
            }
            JsonErrorKind::Empty => f.write_str("the input holds no JSON value")?,
            JsonErrorKind::Expected(what) => write!(f, "expected {what}")?,
            JsonErrorKind::UnexpectedEnd(what) => {
                write!(f, "unexpected end of input, expected {what}")?;
            }
            JsonErrorKind::TrailingComma(close) => write!(f, "trailing comma before '{close}'")?,
            JsonErrorKind::TrailingText => f.write_str("unexpected text after the JSON value")?,
            JsonErrorKind::UnterminatedString => f.write_str("unterminated string starting")?,
            JsonErrorKind::ControlCharacter(c) => {
                write!(f, "unescaped control character U+{:04X} in a string", u32::from(*c))?;
            }
            JsonErrorKind::InvalidEscape => f.write_str("invalid escape sequence")?,
            JsonErrorKind::InvalidUnicodeEscape => {
                f.write_str("\\u must be followed by four hex digits")?;
            }
            JsonErrorKind::InvalidNumber(reason) => write!(f, "invalid number: {reason}")?,
            JsonErrorKind::NonFiniteNumber(name) => write!(f, "{name} is not a JSON number")?,
            JsonErrorKind::CarrierBlock(c) => write!(
                f,
                "U+{:04X} is in the block rune reserves for lone surrogates",
                u32::from(*c)
            )?,
            JsonErrorKind::TooDeep => write!(f, "nesting deeper than {MAX_DEPTH} levels")?,
            JsonErrorKind::DuplicateKey { key, path } if path.is_empty() => {
                write!(f, "duplicate key {key} in the top-level object")?;
            }
            JsonErrorKind::DuplicateKey { key, path } => {
                write!(f, "duplicate key {key} in {path}")?;
            }
        }
        write!(f, " at line {}, column {}", self.line, self.column)
    }
}

impl std::error::Error for JsonError {}

/// Parses one strict RFC 8259 document (see the module doc for what rune adds and refuses).
/// Linear time; nesting is bounded by [`MAX_DEPTH`] and handled without recursion.
pub fn parse(text: &str) -> Result<Value, JsonError> {
    let mut parser = Parser { text, bytes: text.as_bytes(), pos: 0 };
    if text.starts_with('\u{FEFF}') {
        return Err(parser.error(JsonErrorKind::ByteOrderMark));
    }
    parser.skip_whitespace();
    if parser.pos == parser.bytes.len() {
        return Err(parser.error(JsonErrorKind::Empty));
    }
    let value = parser.document()?;
    parser.skip_whitespace();
    if parser.pos < parser.bytes.len() {
        return Err(parser.error(JsonErrorKind::TrailingText));
    }
    Ok(value)
}

/// A container still being filled; an object holds the key its next value belongs to, and,
/// once it outgrows [`SMALL_OBJECT`], an index of its keys.
enum Frame {
    Array(Vec<Value>),
    Object(Vec<(String, Value)>, String, Option<HashSet<String>>),
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

/// Bytes that end a run of plain string content: the closing quote, a backslash, a raw
/// control character, and 0xF4, the lead byte of the carrier block (checked in full there).
static STRING_STOP: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = true;
        byte += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table[0xF4] = true;
    table
};

impl Parser<'_> {
    /// The document's value, built with an explicit stack of open containers.
    fn document(&mut self) -> Result<Value, JsonError> {
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            self.skip_whitespace();
            let mut value = match self.peek() {
                Some(b'[') => {
                    self.open(stack.len())?;
                    if self.eat(b']') {
                        Value::Array(Vec::new())
                    } else {
                        stack.push(Frame::Array(Vec::new()));
                        continue;
                    }
                }
                Some(b'{') => {
                    self.open(stack.len())?;
                    if self.eat(b'}') {
                        Value::Object(Vec::new())
                    } else {
                        let key = self.key()?;
                        stack.push(Frame::Object(Vec::new(), key, None));
                        continue;
                    }
                }
                _ => self.scalar()?,
            };
            // Hand the finished value to its container, closing every container it completes.
            loop {
                self.skip_whitespace();
                let Some(frame) = stack.pop() else { return Ok(value) };
                value = match frame {
                    Frame::Array(mut items) => {
                        items.push(value);
                        if self.eat(b',') {
                            self.refuse_trailing_comma(b']')?;
                            stack.push(Frame::Array(items));
                            break;
                        }
                        if !self.eat(b']') {
                            return Err(self.expected("',' or ']'"));
                        }
                        Value::Array(items)
                    }
                    Frame::Object(mut members, key, mut index) => {
                        if let Some(index) = &mut index {
                            index.insert(key.clone());
                        }
                        members.push((key, value));
                        if self.eat(b',') {
                            self.refuse_trailing_comma(b'}')?;
                            let at = self.pos;
                            let key = self.key()?;
                            let repeated = match &mut index {
                                Some(index) => index.contains(&key),
                                None => members.iter().any(|(name, _)| *name == key),
                            };
                            if repeated {
                                let path = path_of(&stack);
                                self.pos = at;
                                return Err(self.error(JsonErrorKind::DuplicateKey {
                                    key: quoted_key(&key),
                                    path,
                                }));
                            }
                            if index.is_none() && members.len() >= SMALL_OBJECT {
                                index =
                                    Some(members.iter().map(|(name, _)| name.clone()).collect());
                            }
                            stack.push(Frame::Object(members, key, index));
                            break;
                        }
                        if !self.eat(b'}') {
                            return Err(self.expected("',' or '}'"));
                        }
                        Value::Object(members)
                    }
                };
            }
        }
    }

    /// Steps into a container at nesting `depth` (the open containers around it) and past
    /// the whitespace after its bracket.
    fn open(&mut self, depth: usize) -> Result<(), JsonError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(JsonErrorKind::TooDeep));
        }
        self.pos += 1;
        self.skip_whitespace();
        Ok(())
    }

    fn refuse_trailing_comma(&mut self, close: u8) -> Result<(), JsonError> {
        self.skip_whitespace();
        match self.peek() {
            Some(byte) if byte == close => {
                Err(self.error(JsonErrorKind::TrailingComma(char::from(close))))
            }
            _ => Ok(()),
        }
    }

    /// An object key and the colon after it.
    fn key(&mut self) -> Result<String, JsonError> {
        if self.peek() != Some(b'"') {
            return Err(self.expected("a key in double quotes"));
        }
        let key = self.string()?;
        self.skip_whitespace();
        if !self.eat(b':') {
            return Err(self.expected("':'"));
        }
        Ok(key)
    }

    fn scalar(&mut self) -> Result<Value, JsonError> {
        let rest = &self.bytes[self.pos..];
        match self.peek() {
            Some(b'"') => self.string().map(Value::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ if rest.starts_with(b"true") => Ok(self.literal(4, Value::Bool(true))),
            _ if rest.starts_with(b"false") => Ok(self.literal(5, Value::Bool(false))),
            _ if rest.starts_with(b"null") => Ok(self.literal(4, Value::Null)),
            _ if rest.starts_with(b"NaN") => Err(self.error(JsonErrorKind::NonFiniteNumber("NaN"))),
            _ if rest.starts_with(b"Infinity") => {
                Err(self.error(JsonErrorKind::NonFiniteNumber("Infinity")))
            }
            _ => Err(self.expected("a value")),
        }
    }

    fn literal(&mut self, len: usize, value: Value) -> Value {
        self.pos += len;
        value
    }

    /// A number, kept as its exact text.
    fn number(&mut self) -> Result<Value, JsonError> {
        let start = self.pos;
        if self.eat(b'-') {
            if self.bytes[self.pos..].starts_with(b"Infinity") {
                self.pos = start;
                return Err(self.error(JsonErrorKind::NonFiniteNumber("-Infinity")));
            }
            if !self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
                return Err(self.invalid_number("expected a digit after '-'"));
            }
        }
        if self.eat(b'0') {
            if self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
                return Err(self.invalid_number("leading zeros are not allowed"));
            }
        } else {
            self.digits();
        }
        if self.eat(b'.') && self.digits() == 0 {
            return Err(self.invalid_number("expected a digit after '.'"));
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.invalid_number("expected a digit in the exponent"));
            }
        }
        Ok(Value::Number(self.text[start..self.pos].to_string()))
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn invalid_number(&self, reason: &'static str) -> JsonError {
        self.error(JsonErrorKind::InvalidNumber(reason))
    }

    /// A string starting at the opening quote under `pos`. Plain runs are copied as slices.
    fn string(&mut self) -> Result<String, JsonError> {
        let open = self.pos;
        self.pos += 1;
        let mut out = String::new();
        let mut run = self.pos;
        loop {
            while self.pos < self.bytes.len() && !STRING_STOP[usize::from(self.bytes[self.pos])] {
                self.pos += 1;
            }
            match self.peek() {
                None => {
                    self.pos = open;
                    return Err(self.error(JsonErrorKind::UnterminatedString));
                }
                Some(b'"') => {
                    out.push_str(&self.text[run..self.pos]);
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(&self.text[run..self.pos]);
                    self.escape(&mut out)?;
                    run = self.pos;
                }
                Some(0xF4) => {
                    // U+10F800..=U+10FFFF is F4 8F A0..BF xx in UTF-8.
                    if self.bytes.get(self.pos + 1) == Some(&0x8F)
                        && self.bytes.get(self.pos + 2).is_some_and(|&byte| byte >= 0xA0)
                    {
                        let c = self.text[self.pos..].chars().next().unwrap_or_default();
                        return Err(self.error(JsonErrorKind::CarrierBlock(c)));
                    }
                    self.pos += 1;
                }
                Some(byte) => {
                    return Err(self.error(JsonErrorKind::ControlCharacter(char::from(byte))));
                }
            }
        }
    }

    /// One escape sequence starting at the backslash under `pos`.
    fn escape(&mut self, out: &mut String) -> Result<(), JsonError> {
        let start = self.pos;
        let simple = match self.bytes.get(self.pos + 1) {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                let unit = self.unicode_escape()?;
                let c = match unit {
                    0xD800..=0xDBFF => match self.low_surrogate_escape() {
                        Some(low) => {
                            let code = 0x10000
                                + ((u32::from(unit) - 0xD800) << 10)
                                + (u32::from(low) - 0xDC00);
                            let c = char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
                            if carried_surrogate(c).is_some() {
                                self.pos = start;
                                return Err(self.error(JsonErrorKind::CarrierBlock(c)));
                            }
                            self.pos += 6;
                            c
                        }
                        None => surrogate_carrier(unit),
                    },
                    0xDC00..=0xDFFF => surrogate_carrier(unit),
                    _ => char::from_u32(u32::from(unit)).unwrap_or(char::REPLACEMENT_CHARACTER),
                };
                out.push(c);
                return Ok(());
            }
            Some(_) => return Err(self.error(JsonErrorKind::InvalidEscape)),
            None => {
                return Err(self.error(JsonErrorKind::UnexpectedEnd("an escape sequence")));
            }
        };
        out.push(simple);
        self.pos += 2;
        Ok(())
    }

    /// The code unit of the `\uXXXX` under `pos`, stepping past it.
    fn unicode_escape(&mut self) -> Result<u16, JsonError> {
        let unit = self.hex_unit(self.pos + 2);
        match unit {
            Some(unit) => {
                self.pos += 6;
                Ok(unit)
            }
            None => Err(self.error(JsonErrorKind::InvalidUnicodeEscape)),
        }
    }

    /// The low surrogate of a `\uDC00`..`\uDFFF` escape under `pos`, without stepping past it.
    fn low_surrogate_escape(&self) -> Option<u16> {
        if !self.bytes[self.pos..].starts_with(b"\\u") {
            return None;
        }
        self.hex_unit(self.pos + 2).filter(|unit| (0xDC00..=0xDFFF).contains(unit))
    }

    fn hex_unit(&self, at: usize) -> Option<u16> {
        let digits = self.bytes.get(at..at + 4)?;
        digits.iter().try_fold(0u16, |unit, &byte| {
            let digit = char::from(byte).to_digit(16)?;
            Some((unit << 4) | digit as u16)
        })
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.pos += 1;
        }
        found
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn expected(&self, what: &'static str) -> JsonError {
        if self.pos >= self.bytes.len() {
            self.error(JsonErrorKind::UnexpectedEnd(what))
        } else {
            self.error(JsonErrorKind::Expected(what))
        }
    }

    /// An error at `pos`. Line breaks are LF, CR or CRLF; the column counts code points.
    fn error(&self, kind: JsonErrorKind) -> JsonError {
        let before = &self.bytes[..self.pos.min(self.bytes.len())];
        let mut line = 1;
        let mut line_start = 0;
        for (at, &byte) in before.iter().enumerate() {
            let breaks = byte == b'\n' || (byte == b'\r' && before.get(at + 1) != Some(&b'\n'));
            if breaks {
                line += 1;
                line_start = at + 1;
            }
        }
        let column = 1 + before[line_start..].iter().filter(|&&byte| byte & 0xC0 != 0x80).count();
        JsonError { kind, line, column }
    }
}

/// Where the innermost open container sits, as `"tools"[0]["inputSchema"]`: the containers
/// around it, outermost first. Empty at the top level.
fn path_of(stack: &[Frame]) -> String {
    let mut path = String::new();
    for frame in stack {
        match frame {
            Frame::Array(items) => path.push_str(&format!("[{}]", items.len())),
            Frame::Object(_, key, _) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&quoted_key(key));
            }
        }
    }
    path
}

/// A key as a JSON string literal of printable ASCII, at most [`QUOTED_KEY`] characters of it,
/// so a hostile key can neither flood an error line nor steer the terminal.
fn quoted_key(key: &str) -> String {
    let mut out = String::new();
    match key.char_indices().nth(QUOTED_KEY) {
        Some((cut, _)) => {
            write_string(&mut out, &key[..cut]);
            out.insert_str(out.len() - 1, "...");
        }
        None => write_string(&mut out, key),
    }
    out
}

/// The document as rune writes JSON for people and tools: two-space indent, `": "`, only
/// printable ASCII (see `write_string`), and a trailing newline.
pub fn to_pretty(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, Some(0));
    out.push('\n');
    out
}

/// The document on one line, without spaces or a trailing newline.
pub fn to_compact(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, None);
    out
}

/// Writes `value`; `indent` is the current depth when pretty, `None` when compact.
fn write_value(out: &mut String, value: &Value, indent: Option<usize>) {
    let inner = indent.map(|depth| depth + 1);
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(text) => out.push_str(text),
        Value::String(text) => write_string(out, text),
        Value::Array(items) if items.is_empty() => out.push_str("[]"),
        Value::Object(members) if members.is_empty() => out.push_str("{}"),
        Value::Array(items) => {
            out.push('[');
            for (at, item) in items.iter().enumerate() {
                separate(out, at, inner);
                write_value(out, item, inner);
            }
            new_line(out, indent);
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (at, (key, item)) in members.iter().enumerate() {
                separate(out, at, inner);
                write_string(out, key);
                out.push_str(if indent.is_some() { ": " } else { ":" });
                write_value(out, item, inner);
            }
            new_line(out, indent);
            out.push('}');
        }
    }
}

/// What goes before the `at`-th item of a container whose items sit at `indent`.
fn separate(out: &mut String, at: usize, indent: Option<usize>) {
    if at > 0 {
        out.push(',');
    }
    new_line(out, indent);
}

fn new_line(out: &mut String, indent: Option<usize>) {
    const SPACES: &str = "                                ";
    if let Some(depth) = indent {
        out.push('\n');
        let mut left = 2 * depth;
        while left > 0 {
            let step = left.min(SPACES.len());
            out.push_str(&SPACES[..step]);
            left -= step;
        }
    }
}

/// Appends `s` as a quoted JSON string holding only printable ASCII: `\n \r \t \b \f` and
/// `\" \\` as such, everything else as lowercase `\uXXXX` (astral characters as surrogate
/// pairs, a surrogate carrier as the lone surrogate it stands for).
pub(crate) fn write_string(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut run = 0;
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        if (b' '..=b'~').contains(&byte) && byte != b'"' && byte != b'\\' {
            at += 1;
            continue;
        }
        out.push_str(&s[run..at]);
        let c = s[at..].chars().next().unwrap_or_default();
        at += c.len_utf8();
        run = at;
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            _ => match carried_surrogate(c) {
                Some(unit) => push_unit_escape(out, unit),
                None => {
                    for unit in c.encode_utf16(&mut [0; 2]) {
                        push_unit_escape(out, *unit);
                    }
                }
            },
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
}

fn push_unit_escape(out: &mut String, unit: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        out.push(char::from(HEX[usize::from((unit >> shift) & 0xF)]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        match parse(text) {
            Ok(value) => panic!("{text:?} parsed as {value:?}"),
            Err(error) => error.to_string(),
        }
    }

    fn string(text: &str) -> String {
        match parse(text) {
            Ok(Value::String(s)) => s,
            other => panic!("{text:?} gave {other:?}"),
        }
    }

    fn keys(value: &Value) -> Vec<&str> {
        value.as_object().expect("should succeed").iter().map(|(key, _)| key.as_str()).collect()
    }

    #[test]
    fn parses_every_kind_of_value() {
        let value =
            parse(r#" {"a": [1, -2.5e+3, 0, true, false, null], "b": {}, "c": [], "d": "x"} "#)
                .expect("should succeed");
        assert_eq!(
            value,
            Value::Object(vec![
                (
                    "a".into(),
                    Value::Array(vec![
                        Value::Number("1".into()),
                        Value::Number("-2.5e+3".into()),
                        Value::Number("0".into()),
                        Value::Bool(true),
                        Value::Bool(false),
                        Value::Null,
                    ])
                ),
                ("b".into(), Value::Object(vec![])),
                ("c".into(), Value::Array(vec![])),
                ("d".into(), Value::String("x".into())),
            ])
        );
    }

    #[test]
    fn numbers_keep_their_exact_text() {
        for text in ["1.0", "1E400", "-0", "0.000", "123456789012345678901234567890", "1e-7"] {
            assert_eq!(parse(text).expect("should succeed"), Value::Number(text.into()));
        }
    }

    #[test]
    fn objects_keep_key_order() {
        let value = parse(r#"{"z": 1, "a": 2, "m": 3}"#).expect("should succeed");
        assert_eq!(keys(&value), ["z", "a", "m"]);
    }

    #[test]
    fn a_repeated_key_is_refused_naming_the_key_and_where() {
        assert_eq!(
            error(r#"{"tools": [{"name": "a"}], "tools": []}"#),
            "duplicate key \"tools\" in the top-level object at line 1, column 28"
        );
        assert_eq!(
            error(r#"{"tools": [{"name": "a", "description": "x", "description": "y"}]}"#),
            "duplicate key \"description\" in \"tools\"[0] at line 1, column 46"
        );
        assert_eq!(
            error(r#"[{"a": {"b": {"c": 1, "c": 2}}}]"#),
            "duplicate key \"c\" in [0].\"a\".\"b\" at line 1, column 23"
        );
    }

    #[test]
    fn a_repeated_key_in_a_big_object_is_found_by_the_index() {
        let mut text = String::from("{");
        for at in 0..40 {
            text.push_str(&format!("\"k{at}\": {at}, "));
        }
        let unique = format!("{text}\"end\": 0}}");
        assert_eq!(parse(&unique).expect("should succeed").as_object().map(<[_]>::len), Some(41));
        text.push_str("\"k3\": \"last\"}");
        assert!(error(&text).starts_with("duplicate key \"k3\" in the top-level object"));
    }

    #[test]
    fn a_repeated_hostile_key_is_quoted_escaped_and_short() {
        let key = format!("\u{202E}{}", "k".repeat(500));
        let text = format!(r#"{{"{key}": 1, "{key}": 2}}"#);
        let message = error(&text);
        assert!(message.is_ascii() && !message.contains('\u{202E}'), "{message}");
        assert!(message.starts_with("duplicate key \"\\u202ekkk"), "{message}");
        assert!(message.len() < 160, "{message}");
        assert!(message.contains("k...\" in the top-level object"), "{message}");
    }

    #[test]
    fn keys_equal_only_after_escapes_decode_are_repeats() {
        assert!(error(r#"{"a": 1, "\u0061": 2}"#).starts_with("duplicate key \"a\""));
        assert!(parse(r#"{"a": 1, "A": 2, "a ": 3}"#).is_ok());
    }

    #[test]
    fn escapes_decode() {
        assert_eq!(string(r#""a\"b\\c\/d\b\f\n\r\t\u00e9\u4e2d""#), "a\"b\\c/d\u{8}\u{c}\n\r\té中");
    }

    #[test]
    fn surrogate_pair_combines() {
        assert_eq!(string(r#""\ud83d\ude00""#), "😀");
        assert_eq!(string(r#""\uD83D\uDE00""#), "😀");
    }

    #[test]
    fn lone_high_surrogate_becomes_its_carrier() {
        assert_eq!(string(r#""\ud800""#), surrogate_carrier(0xD800).to_string());
        assert_eq!(string(r#""x\ud800y""#), format!("x{}y", surrogate_carrier(0xD800)));
    }

    #[test]
    fn two_lone_highs_stay_two_carriers() {
        let expected: String =
            [surrogate_carrier(0xD800), surrogate_carrier(0xD801)].iter().collect();
        assert_eq!(string(r#""\ud800\ud801""#), expected);
    }

    #[test]
    fn high_then_pair_keeps_the_pair() {
        let expected = format!("{}😀", surrogate_carrier(0xD800));
        assert_eq!(string(r#""\ud800\ud83d\ude00""#), expected);
    }

    #[test]
    fn lone_low_surrogate_becomes_its_carrier() {
        assert_eq!(string(r#""\udc00""#), surrogate_carrier(0xDC00).to_string());
        // A low before a high is two lone surrogates, not a pair.
        let expected: String =
            [surrogate_carrier(0xDC00), surrogate_carrier(0xD800)].iter().collect();
        assert_eq!(string(r#""\udc00\ud800""#), expected);
    }

    #[test]
    fn high_surrogate_before_a_plain_escape_is_lone() {
        assert_eq!(string(r#""\ud800\u0041""#), format!("{}A", surrogate_carrier(0xD800)));
        assert_eq!(string(r#""\ud800\n""#), format!("{}\n", surrogate_carrier(0xD800)));
    }

    #[test]
    fn carriers_write_back_as_lone_surrogates() {
        for text in [r#""\ud800""#, r#""\ud800\ud801""#, r#""\udc00""#, r#""a\udfffb""#] {
            assert_eq!(to_compact(&parse(text).expect("should succeed")), text);
        }
        assert_ne!(string(r#""\ud800""#), string(r#""\ud801""#));
    }

    #[test]
    fn carrier_block_code_point_is_refused_raw() {
        assert_eq!(
            error("[\"ab\u{10F800}\"]"),
            "U+10F800 is in the block rune reserves for lone surrogates at line 1, column 5"
        );
        assert_eq!(
            error("\"\u{10FFFF}\""),
            "U+10FFFF is in the block rune reserves for lone surrogates at line 1, column 2"
        );
    }

    #[test]
    fn carrier_block_code_point_is_refused_escaped() {
        assert_eq!(
            error(r#""x\udbfe\udc00""#),
            "U+10F800 is in the block rune reserves for lone surrogates at line 1, column 3"
        );
        assert_eq!(
            error(r#"{"\udbff\udfff": 1}"#),
            "U+10FFFF is in the block rune reserves for lone surrogates at line 1, column 3"
        );
    }

    #[test]
    fn code_points_just_below_the_carrier_block_pass() {
        assert_eq!(string("\"\u{10F7FF}\""), "\u{10F7FF}");
        assert_eq!(string(r#""\udbfd\udfff""#), "\u{10F7FF}");
        // Other F4-led code points (plane 16 below the block) are ordinary.
        assert_eq!(string("\"\u{100000}\""), "\u{100000}");
    }

    #[test]
    fn byte_order_mark_is_refused() {
        let failure = parse("\u{FEFF}{}").expect_err("should fail");
        assert_eq!(failure.kind, JsonErrorKind::ByteOrderMark);
        assert_eq!((failure.line, failure.column), (1, 1));
        assert_eq!(
            failure.to_string(),
            "the input starts with a byte-order mark; save it as UTF-8 without one"
        );
    }

    #[test]
    fn byte_order_mark_inside_a_string_is_content() {
        assert_eq!(string("\"\u{FEFF}x\""), "\u{FEFF}x");
    }

    #[test]
    fn nesting_up_to_the_limit_parses() {
        let text = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&text).is_ok());
        let text =
            format!("{}{}", "{\"a\":".repeat(MAX_DEPTH - 1), "{}") + &"}".repeat(MAX_DEPTH - 1);
        assert!(parse(&text).is_ok());
    }

    #[test]
    fn nesting_past_the_limit_is_an_error_not_a_crash() {
        let text = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert_eq!(error(&text), "nesting deeper than 512 levels at line 1, column 513");
        let text = "[{\"a\":".repeat(100_000);
        assert_eq!(parse(&text).expect_err("should fail").kind, JsonErrorKind::TooDeep);
    }

    #[test]
    fn empty_input_is_an_error() {
        assert_eq!(error(""), "the input holds no JSON value at line 1, column 1");
        assert_eq!(error(" \n\t "), "the input holds no JSON value at line 2, column 3");
    }

    #[test]
    fn trailing_garbage_is_an_error() {
        assert_eq!(error("{} x"), "unexpected text after the JSON value at line 1, column 4");
        assert_eq!(error("[1]\n]"), "unexpected text after the JSON value at line 2, column 1");
        assert_eq!(error("truex"), "unexpected text after the JSON value at line 1, column 5");
        assert_eq!(error("{}{}"), "unexpected text after the JSON value at line 1, column 3");
    }

    #[test]
    fn missing_separator_names_what_was_expected() {
        assert_eq!(
            error("{\n  \"a\": 1,\n  \"b\": 2 \"c\": 3}"),
            "expected ',' or '}' at line 3, column 10"
        );
        assert_eq!(error("[1 2]"), "expected ',' or ']' at line 1, column 4");
        assert_eq!(error(r#"{"a" 1}"#), "expected ':' at line 1, column 6");
        assert_eq!(error("{'a': 1}"), "expected a key in double quotes at line 1, column 2");
        assert_eq!(error("[1, ]x"), "trailing comma before ']' at line 1, column 5");
        assert_eq!(error(r#"{"a": 1,}"#), "trailing comma before '}' at line 1, column 9");
        assert_eq!(error("[,1]"), "expected a value at line 1, column 2");
        assert_eq!(error("tru"), "expected a value at line 1, column 1");
        assert_eq!(error("// c\n{}"), "expected a value at line 1, column 1");
    }

    #[test]
    fn truncated_input_says_so() {
        assert_eq!(error("[1,"), "unexpected end of input, expected a value at line 1, column 4");
        assert_eq!(
            error("{\"a\": 1"),
            "unexpected end of input, expected ',' or '}' at line 1, column 8"
        );
        assert_eq!(error("{\"a\""), "unexpected end of input, expected ':' at line 1, column 5");
        assert_eq!(
            error("\"ab\\"),
            "unexpected end of input, expected an escape sequence at line 1, column 4"
        );
    }

    #[test]
    fn string_errors() {
        assert_eq!(error("[\"abc"), "unterminated string starting at line 1, column 2");
        assert_eq!(
            error("\"a\nb\""),
            "unescaped control character U+000A in a string at line 1, column 3"
        );
        assert_eq!(
            error("\"a\u{1}\""),
            "unescaped control character U+0001 in a string at line 1, column 3"
        );
        assert_eq!(error(r#""a\x""#), "invalid escape sequence at line 1, column 3");
        assert_eq!(
            error(r#""\u12G4""#),
            "\\u must be followed by four hex digits at line 1, column 2"
        );
        assert_eq!(
            error(r#""\u12""#),
            "\\u must be followed by four hex digits at line 1, column 2"
        );
    }

    #[test]
    fn number_errors() {
        assert_eq!(error("-"), "invalid number: expected a digit after '-' at line 1, column 2");
        assert_eq!(
            error("[01]"),
            "invalid number: leading zeros are not allowed at line 1, column 3"
        );
        assert_eq!(error("1."), "invalid number: expected a digit after '.' at line 1, column 3");
        assert_eq!(
            error("1e+"),
            "invalid number: expected a digit in the exponent at line 1, column 4"
        );
        assert_eq!(error("+1"), "expected a value at line 1, column 1");
        assert_eq!(error(".5"), "expected a value at line 1, column 1");
    }

    #[test]
    fn non_finite_numbers_are_refused() {
        assert_eq!(error("[NaN]"), "NaN is not a JSON number at line 1, column 2");
        assert_eq!(error("Infinity"), "Infinity is not a JSON number at line 1, column 1");
        assert_eq!(
            error("{\"a\": -Infinity}"),
            "-Infinity is not a JSON number at line 1, column 7"
        );
    }

    #[test]
    fn columns_count_code_points_and_every_line_break() {
        assert_eq!(error("[\"é\", é]"), "expected a value at line 1, column 7");
        assert_eq!(error("[\r\n1,\r2,\n x]"), "expected a value at line 4, column 2");
    }

    #[test]
    fn pretty_output_matches_python_indent_2() {
        let value = parse(r#"{"a": [1, {"b": null}], "c": {}, "d": [], "e": "x"}"#)
            .expect("should succeed");
        assert_eq!(
            to_pretty(&value),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": {},\n  \"d\": [],\n  \"e\": \"x\"\n}\n"
        );
        assert_eq!(to_pretty(&Value::Array(vec![])), "[]\n");
        assert_eq!(to_pretty(&Value::Bool(true)), "true\n");
    }

    #[test]
    fn compact_output_has_no_spaces() {
        let value = parse(r#"{ "a" : [ 1 , true ] , "b" : { } }"#).expect("should succeed");
        assert_eq!(to_compact(&value), r#"{"a":[1,true],"b":{}}"#);
    }

    #[test]
    fn strings_are_written_as_printable_ascii() {
        let mut out = String::new();
        write_string(&mut out, "a\"\\/\n\r\t\u{8}\u{c}\u{0}\u{1f}\u{7f}é\u{2028}😀 ~");
        assert_eq!(out, r#""a\"\\/\n\r\t\b\f\u0000\u001f\u007f\u00e9\u2028\ud83d\ude00 ~""#);
    }

    #[test]
    fn round_trip_is_exact() {
        let text = "{\n  \"name\": \"caf\\u00e9 \\ud83d\\ude00 \\udbff\",\n  \"n\": [\n    -1.50e3,\n    0\n  ],\n  \"t\": true\n}\n";
        let value = parse(text).expect("should succeed");
        assert_eq!(to_pretty(&value), text);
        assert_eq!(parse(&to_compact(&value)).expect("should succeed"), value);
    }
}
