//! serde for rune's own formats, without giving up what rune's JSON keeps.
//!
//! Writing: [`to_pretty`] serializes any `Serialize` value through `serde_json` with
//! [`RuneFormatter`], which lays the document out as [`super::to_pretty`] does (two-space
//! indent, `": "`, trailing newline) and escapes strings as [`super::write_string`] does: only
//! printable ASCII, everything else as `\uXXXX`, and a surrogate carrier as the lone surrogate
//! it stands for. The output is byte for byte what the hand-built [`Value`] writer produces.
//!
//! Reading: untrusted input is still parsed by rune's strict parser ([`super::parse`]), which
//! keeps lone surrogates and refuses repeated keys; the parsed [`Value`] is then a
//! [`serde::Deserializer`] itself, so a `Deserialize` type is read from it directly. No
//! conversion to `serde_json::Value` happens on the way, so a lone surrogate in a string
//! reaches the Rust value as its carrier, exactly as the rest of rune sees it.
//!
//! rune's own files (baseline, pin, thresholds) are read into structs of [`Loose`] members,
//! which record what was written without refusing anything; each reader then judges the
//! members in a fixed order and names a problem by its JSON path in its own words. serde's
//! derived errors would name the first problem in key order, and in serde's words.
//!
//! [`Fixed`] writes a rate with a fixed number of decimals, which serde_json's float writer
//! cannot.

use super::{Value, carried_surrogate};
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::ser::{Formatter, PrettyFormatter};
use std::fmt;
use std::io;

/// `value` as rune writes JSON for people and tools (see the module doc), with a trailing
/// newline.
pub(crate) fn to_pretty<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, RuneFormatter::new());
    // Writing to a Vec cannot fail, and rune's types have no map with non-string keys.
    if value.serialize(&mut serializer).is_err() {
        out.clear();
    }
    out.push(b'\n');
    // Every byte written is printable ASCII or a newline.
    String::from_utf8(out).unwrap_or_default()
}

/// serde_json's pretty layout with rune's string escaping.
pub(crate) struct RuneFormatter {
    pretty: PrettyFormatter<'static>,
}

impl RuneFormatter {
    pub(crate) fn new() -> RuneFormatter {
        RuneFormatter { pretty: PrettyFormatter::with_indent(b"  ") }
    }
}

impl Default for RuneFormatter {
    fn default() -> RuneFormatter {
        RuneFormatter::new()
    }
}

impl Formatter for RuneFormatter {
    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.pretty.begin_array(writer)
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.pretty.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.pretty.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.pretty.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.pretty.begin_object(writer)
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.pretty.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.pretty.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.pretty.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.pretty.end_object_value(writer)
    }

    /// serde_json escapes `"`, `\` and U+0000..U+001F itself (as rune does: `\n`, `\u001f`);
    /// everything else it hands over here, where all but printable ASCII is escaped.
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut escaped = String::with_capacity(fragment.len());
        for c in fragment.chars() {
            if (' '..='~').contains(&c) {
                escaped.push(c);
                continue;
            }
            let mut units = [0; 2];
            let units: &[u16] = match carried_surrogate(c) {
                Some(unit) => {
                    units[0] = unit;
                    &units[..1]
                }
                None => c.encode_utf16(&mut units),
            };
            for unit in units {
                escaped.push_str(&format!("\\u{unit:04x}"));
            }
        }
        writer.write_all(escaped.as_bytes())
    }
}

/// A number written with exactly `PLACES` decimals (`1.0000`, never `1.0` or `1`), so a
/// committed scorecard diffs by value, not by float formatting. The value must be finite: a
/// NaN or an infinity is not JSON, and fails the serialization.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Fixed<const PLACES: usize>(pub f64);

impl<const PLACES: usize> Serialize for Fixed<PLACES> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde_json::value::RawValue::from_string(format!("{:.*}", PLACES, self.0))
            .map_err(serde::ser::Error::custom)?
            .serialize(serializer)
    }
}

/// Why a parsed value is not the type asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DeError(String);

impl de::Error for DeError {
    fn custom<T: fmt::Display>(message: T) -> DeError {
        DeError(message.to_string())
    }
}

/// Reads a `Deserialize` type from a value rune's parser produced.
pub(crate) fn from_value<'de, T: Deserialize<'de>>(value: &'de Value) -> Result<T, DeError> {
    T::deserialize(value)
}

impl<'de> de::Deserializer<'de> for &'de Value {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Value::Null => visitor.visit_unit(),
            Value::Bool(flag) => visitor.visit_bool(*flag),
            Value::Number(text) => {
                if let Ok(whole) = text.parse::<u64>() {
                    visitor.visit_u64(whole)
                } else if let Ok(whole) = text.parse::<i64>() {
                    visitor.visit_i64(whole)
                } else {
                    let number = text.parse::<f64>().map_err(de::Error::custom)?;
                    visitor.visit_f64(number)
                }
            }
            Value::String(text) => visitor.visit_borrowed_str(text),
            Value::Array(items) => visitor.visit_seq(Items(items.iter())),
            Value::Object(members) => visitor.visit_map(ObjectAccess(members.iter(), None)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Value::Null => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    /// `NUMBER_TEXT` asks for a number's exact text (see `Loose`); any other newtype is
    /// its content.
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self {
            Value::Number(text) if name == NUMBER_TEXT => {
                visitor.visit_enum(de::value::BorrowedStrDeserializer::new(text))
            }
            _ if name == NUMBER_TEXT => self.deserialize_any(visitor),
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self {
            Value::String(text) => visitor.visit_enum(text.as_str().into_deserializer()),
            other => Err(de::Error::invalid_type(unexpected(other), &"a string")),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

fn unexpected(value: &Value) -> de::Unexpected<'_> {
    match value {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(flag) => de::Unexpected::Bool(*flag),
        Value::Number(text) => de::Unexpected::Other(text),
        Value::String(text) => de::Unexpected::Str(text),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}

struct Items<'de>(std::slice::Iter<'de, Value>);

impl<'de> SeqAccess<'de> for Items<'de> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DeError> {
        self.0.next().map(|item| seed.deserialize(item)).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// An object's members in document order, and the value of the key just read.
struct ObjectAccess<'de>(std::slice::Iter<'de, (String, Value)>, Option<&'de Value>);

impl<'de> MapAccess<'de> for ObjectAccess<'de> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        let Some((key, value)) = self.0.next() else { return Ok(None) };
        self.1 = Some(value);
        seed.deserialize(de::value::BorrowedStrDeserializer::new(key)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        match self.1.take() {
            Some(value) => seed.deserialize(value),
            None => Err(de::Error::custom("a value was asked for before its key")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// The newtype name under which a [`Value`] hands over a number as its exact text: as a unit
/// enum variant named by the text, a shape no other JSON value takes, so a string holding
/// digits is never mistaken for a number.
const NUMBER_TEXT: &str = "$rune::json::NumberText";

/// A member of one of rune's own files read without judging it: what was written there (or
/// that nothing was), with an object read as `T`. A file's reader declares its shape with
/// these and then checks the members in its own order, so that each message names the first
/// problem by its JSON path exactly as the reader words it, whatever order the keys come in.
#[derive(Debug, Default)]
pub(crate) enum Loose<'de, T = de::IgnoredAny> {
    /// The key is not there.
    #[default]
    Absent,
    Null,
    Bool,
    /// The number exactly as written.
    Number(&'de str),
    String(&'de str),
    List(Vec<Loose<'de, T>>),
    Object(T),
}

impl<'de, T> Loose<'de, T> {
    /// How the member is named in an error message, as [`Value::type_name`] names it.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Loose::Absent => "nothing",
            Loose::Null => "null",
            Loose::Bool => "a boolean",
            Loose::Number(_) => "a number",
            Loose::String(_) => "a string",
            Loose::List(_) => "a list",
            Loose::Object(_) => "an object",
        }
    }

    pub(crate) fn as_str(&self) -> Option<&'de str> {
        match self {
            Loose::String(text) => Some(text),
            _ => None,
        }
    }
}

impl<'de: 'a, 'a, T: Deserialize<'de>> Deserialize<'de> for Loose<'a, T> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_newtype_struct(NUMBER_TEXT, LooseVisitor(std::marker::PhantomData))
    }
}

struct LooseVisitor<'a, T>(std::marker::PhantomData<(&'a (), T)>);

impl<'de: 'a, 'a, T: Deserialize<'de>> Visitor<'de> for LooseVisitor<'a, T> {
    type Value = Loose<'a, T>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a JSON value parsed by rune")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Loose::Null)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Loose::Bool)
    }

    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(Loose::String(text))
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Self::Value, A::Error> {
        let (text, variant): (&'de str, _) = data.variant()?;
        de::VariantAccess::unit_variant(variant)?;
        Ok(Loose::Number(text))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Loose::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        T::deserialize(de::value::MapAccessDeserializer::new(map)).map(Loose::Object)
    }
}

/// An object's members in document order, each read as `T`: for an object whose keys are
/// data (a pin's JSON paths), where a reader reports the first bad member as written.
#[derive(Debug)]
pub(crate) struct Members<'a, T>(pub Vec<(&'a str, T)>);

impl<'de: 'a, 'a, T: Deserialize<'de>> Deserialize<'de> for Members<'a, T> {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MembersVisitor<'a, T>(std::marker::PhantomData<(&'a (), T)>);
        impl<'de: 'a, 'a, T: Deserialize<'de>> Visitor<'de> for MembersVisitor<'a, T> {
            type Value = Members<'a, T>;

            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("an object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut members = Vec::with_capacity(map.size_hint().unwrap_or(0));
                while let Some((key, value)) = map.next_entry::<&'de str, T>()? {
                    members.push((key, value));
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(MembersVisitor(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn serde_output_is_the_value_writers_byte_for_byte() {
        let text = "{\"a\": [1, {}, [], \"\\ud800 \\u00e9 \\ud83d\\ude00 \\u007f \\u0001\\n\"], \
                    \"b\": {\"c\": null, \"d\": true}}";
        let value = super::super::parse(text).expect("json");
        let through_serde: serde_json::Value =
            serde_json::from_str(&super::super::to_compact(&value).replace("\\ud800", ""))
                .expect("serde reads rune's output");
        let expected = super::super::to_pretty(&value).replace("\\ud800", "");
        assert_eq!(to_pretty(&through_serde), expected);
        // A carrier (a lone surrogate) goes out as the surrogate.
        let carried = value.get("a").and_then(|a| a.as_array()).and_then(|a| a[3].as_str());
        assert!(to_pretty(&carried).starts_with("\"\\ud800 "), "{}", to_pretty(&carried));
    }

    #[test]
    fn a_parsed_value_deserializes_keeping_lone_surrogates() {
        let value =
            super::super::parse("{\"x\": \"\\udc00\", \"n\": 3, \"f\": 0.5}").expect("json");
        #[derive(Deserialize)]
        struct Shape {
            x: String,
            n: u32,
            f: f64,
        }
        let shape: Shape = from_value(&value).expect("deserializes");
        assert_eq!(shape.n, 3);
        assert_eq!(shape.f, 0.5);
        assert_eq!(carried_surrogate(shape.x.chars().next().expect("a char")), Some(0xdc00));
        let map: BTreeMap<String, serde_json::Value> = from_value(&value).expect("a map");
        assert_eq!(map.len(), 3);
    }

    #[test]
    fn loose_members_keep_what_was_written() {
        let value = super::super::parse(
            "{\"n\": 1e5, \"s\": \"12\", \"b\": false, \"z\": null, \"l\": [1, {}], \"o\": {}}",
        )
        .expect("json");
        let Loose::Object(Members(members)) =
            from_value::<Loose<'_, Members<'_, Loose<'_>>>>(&value).expect("reads")
        else {
            panic!("an object");
        };
        let shown: Vec<(&str, &str)> =
            members.iter().map(|(key, member)| (*key, member.type_name())).collect();
        assert_eq!(
            shown,
            [
                ("n", "a number"),
                ("s", "a string"),
                ("b", "a boolean"),
                ("z", "null"),
                ("l", "a list"),
                ("o", "an object")
            ]
        );
        assert!(matches!(members[0].1, Loose::Number("1e5")));
        assert!(matches!(members[1].1, Loose::String("12")));
    }

    #[test]
    fn fixed_numbers_keep_their_decimals() {
        assert_eq!(
            to_pretty(&[Fixed::<4>(1.0), Fixed::<4>(0.12345)]),
            "[\n  1.0000,\n  0.1235\n]\n"
        );
        assert_eq!(to_pretty(&Fixed::<2>(0.9)), "0.90\n");
    }
}
