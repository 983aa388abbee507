//! rune's own JSON: a strict parser that keeps what serde_json cannot (lone UTF-16 surrogate
//! escapes, object key order) and a writer that reproduces them.
//!
//! A Rust `String` cannot hold a lone surrogate, but a server can send `"\ud800"` and rune must
//! still scan it, report it and pin it without colliding with `"\ud801"`. The parser carries
//! each lone surrogate as one code point of a reserved block at the top of plane 16
//! (see [`surrogate_carrier`]), and every place text leaves rune (the escape for humans, this
//! writer, the digests) turns the carrier back into the surrogate it stands for. Input that
//! holds a real code point of that block is refused rather than confused with a surrogate.

/// A parsed JSON document. Objects keep their keys in document order; a repeated key keeps
/// the last value, at the position of its first appearance.
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

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// How a type is named in an error message: `an object`, `a list`, `a string`, ...
    pub fn type_name(&self) -> &'static str {
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

/// First code point of the block that carries lone surrogates: U+D800 + k travels as
/// `SURROGATE_CARRIER_BASE + k`, 2048 code points ending at U+10FFFF.
pub const SURROGATE_CARRIER_BASE: u32 = 0x10_F800;

/// The code point that carries lone surrogate `unit` (0xD800..=0xDFFF).
pub fn surrogate_carrier(unit: u16) -> char {
    debug_assert!((0xD800..=0xDFFF).contains(&unit));
    char::from_u32(SURROGATE_CARRIER_BASE + u32::from(unit - 0xD800))
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The lone surrogate `c` carries, if it is a carrier.
pub fn carried_surrogate(c: char) -> Option<u16> {
    let code = c as u32;
    (code >= SURROGATE_CARRIER_BASE).then(|| (code - SURROGATE_CARRIER_BASE) as u16 + 0xD800)
}
