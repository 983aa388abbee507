//! Reading a client's file into the JSON value every later step reads: JSONC through
//! `--config`'s own reader, TOML through the `toml` crate, YAML through `yaml-rust2`'s event
//! parser. Each refuses a repeated key, as every file rune reads does, and YAML's aliases are
//! refused rather than expanded (an alias bomb grows exponentially; no client config needs one).

use super::clients::Format;
use crate::json::Value;
use crate::source::config::{self, JsoncError};
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Why a file's text is not a value rune reads: one line, for the caller to name the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    #[error(transparent)]
    Jsonc(#[from] JsoncError),
    /// The parser's message, on one line.
    #[error("not valid TOML: {0}")]
    Toml(String),
    #[error("not valid YAML: {info} at line {line}, column {column}")]
    Yaml { info: String, line: usize, column: usize },
    #[error("a YAML key that is not text {0}")]
    YamlKey(At),
    #[error("duplicate key \"{}\" {at}", key.escape_debug())]
    YamlDuplicateKey { key: String, at: At },
    #[error("a YAML alias {0}; rune does not expand aliases, write the value out")]
    YamlAlias(At),
}

/// A place in a YAML file: `at line 3, column 5` (the column 1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct At {
    pub line: usize,
    pub column: usize,
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at line {}, column {}", self.line, self.column)
    }
}

/// A file's text as a value; `Err` is the problem, one line, for the caller to name the file.
pub(crate) fn parse(text: &str, format: Format) -> Result<Value, FormatError> {
    match format {
        Format::Jsonc => Ok(config::parse_jsonc(text)?),
        Format::Toml => toml_value(text),
        Format::Yaml => yaml_value(text),
    }
}

// ---- TOML -----------------------------------------------------------------------------------

fn toml_value(text: &str) -> Result<Value, FormatError> {
    let table: toml::Table = text
        .parse()
        .map_err(|error: toml::de::Error| FormatError::Toml(one_line(error.message())))?;
    Ok(from_toml_table(table))
}

fn from_toml_table(table: toml::Table) -> Value {
    Value::Object(table.into_iter().map(|(key, value)| (key, from_toml(value))).collect())
}

fn from_toml(value: toml::Value) -> Value {
    match value {
        toml::Value::String(text) => Value::String(text),
        toml::Value::Integer(number) => Value::Number(number.to_string()),
        toml::Value::Float(number) => Value::Number(number.to_string()),
        toml::Value::Boolean(flag) => Value::Bool(flag),
        toml::Value::Datetime(when) => Value::String(when.to_string()),
        toml::Value::Array(items) => Value::Array(items.into_iter().map(from_toml).collect()),
        toml::Value::Table(table) => from_toml_table(table),
    }
}

// ---- YAML -----------------------------------------------------------------------------------

/// The first document of a YAML stream (an empty stream is an empty map).
fn yaml_value(text: &str) -> Result<Value, FormatError> {
    let mut builder = YamlBuilder::default();
    let mut parser = Parser::new_from_str(text);
    parser.load(&mut builder, false).map_err(|error| {
        let marker = error.marker();
        FormatError::Yaml {
            info: one_line(error.info()),
            line: marker.line(),
            column: marker.col() + 1,
        }
    })?;
    if let Some(problem) = builder.problem {
        return Err(problem);
    }
    Ok(builder.document.unwrap_or(Value::Object(Vec::new())))
}

/// A container being filled, and for a map the key waiting for its value.
enum Open {
    Sequence(Vec<Value>),
    Mapping(Vec<(String, Value)>, Option<(String, Marker)>),
}

#[derive(Default)]
struct YamlBuilder {
    stack: Vec<Open>,
    document: Option<Value>,
    /// The first thing rune refuses; parsing goes on, but the file is not read.
    problem: Option<FormatError>,
}

impl YamlBuilder {
    fn refuse(&mut self, problem: FormatError) {
        self.problem.get_or_insert(problem);
    }

    /// Places a finished node in the open container, or as the document.
    fn place(&mut self, node: Value, mark: Marker) {
        match self.stack.last_mut() {
            None => {
                self.document.get_or_insert(node);
            }
            Some(Open::Sequence(items)) => items.push(node),
            Some(Open::Mapping(members, pending)) => match pending.take() {
                None => match node {
                    Value::String(key) => *pending = Some((key, mark)),
                    Value::Number(key) => *pending = Some((key, mark)),
                    Value::Bool(key) => *pending = Some((key.to_string(), mark)),
                    _ => {
                        *pending = Some((String::new(), mark));
                        self.refuse(FormatError::YamlKey(position(mark)));
                    }
                },
                Some((key, at)) => {
                    if members.iter().any(|(existing, _)| *existing == key) {
                        let problem =
                            FormatError::YamlDuplicateKey { key: key.clone(), at: position(at) };
                        members.push((key, node));
                        self.refuse(problem);
                    } else {
                        members.push((key, node));
                    }
                }
            },
        }
    }
}

fn position(mark: Marker) -> At {
    At { line: mark.line(), column: mark.col() + 1 }
}

impl MarkedEventReceiver for YamlBuilder {
    fn on_event(&mut self, event: Event, mark: Marker) {
        if self.document.is_some() && self.stack.is_empty() {
            return; // only the first document is read
        }
        match event {
            Event::SequenceStart(..) => self.stack.push(Open::Sequence(Vec::new())),
            Event::MappingStart(..) => self.stack.push(Open::Mapping(Vec::new(), None)),
            Event::SequenceEnd | Event::MappingEnd => {
                let node = match self.stack.pop() {
                    Some(Open::Sequence(items)) => Value::Array(items),
                    Some(Open::Mapping(members, _)) => Value::Object(members),
                    None => return,
                };
                self.place(node, mark);
            }
            Event::Scalar(text, style, _, tag) => {
                let node = if style != TScalarStyle::Plain || tag.is_some() {
                    Value::String(text)
                } else {
                    plain_scalar(text)
                };
                self.place(node, mark);
            }
            Event::Alias(_) => {
                self.refuse(FormatError::YamlAlias(position(mark)));
                self.place(Value::Null, mark);
            }
            Event::Nothing
            | Event::StreamStart
            | Event::StreamEnd
            | Event::DocumentStart
            | Event::DocumentEnd => {}
        }
    }
}

/// An unquoted scalar as YAML 1.2's core schema reads it.
fn plain_scalar(text: String) -> Value {
    match text.as_str() {
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        "true" | "True" | "TRUE" => Value::Bool(true),
        "false" | "False" | "FALSE" => Value::Bool(false),
        _ if is_number(&text) => Value::Number(text),
        _ => Value::String(text),
    }
}

fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.chars().filter(|c| *c == '.').count() <= 1
        && digits.chars().any(|c| c.is_ascii_digit())
}

/// A parser's message on one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(text: &str) -> Value {
        parse(text, Format::Yaml).expect("reads")
    }

    #[test]
    fn yaml_maps_lists_and_scalars_keep_their_order_and_types() {
        let value = yaml(
            "# a comment\nmcpServers:\n  - name: b\n    command: npx\n    args: [\"-y\", pkg]\n    port: 8080\n    enabled: false\n    quoted: \"true\"\n  - name: a\n    empty:\n",
        );
        let servers = value.get("mcpServers").and_then(Value::as_array).expect("a list");
        assert_eq!(servers.len(), 2);
        assert_eq!(servers[0].get("name").and_then(Value::as_str), Some("b"));
        assert_eq!(servers[0].get("port"), Some(&Value::Number("8080".into())));
        assert_eq!(servers[0].get("enabled"), Some(&Value::Bool(false)));
        assert_eq!(servers[0].get("quoted").and_then(Value::as_str), Some("true"));
        assert_eq!(servers[1].get("empty"), Some(&Value::Null));
        let keys: Vec<&str> =
            servers[0].as_object().expect("a map").iter().map(|(key, _)| key.as_str()).collect();
        assert_eq!(keys, ["name", "command", "args", "port", "enabled", "quoted"]);
        assert_eq!(yaml(""), Value::Object(Vec::new()));
    }

    #[test]
    fn yaml_refuses_repeated_keys_and_aliases() {
        let repeated = parse("a: 1\nb: 2\na: 3\n", Format::Yaml).unwrap_err().to_string();
        assert_eq!(repeated, "duplicate key \"a\" at line 3, column 1");
        let bomb = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n";
        let refused = parse(bomb, Format::Yaml).unwrap_err().to_string();
        assert!(refused.starts_with("a YAML alias at line 2"), "{refused}");
        let broken = parse("a: [1, 2\n", Format::Yaml).unwrap_err().to_string();
        assert!(broken.starts_with("not valid YAML: "), "{broken}");
        assert_eq!(broken.lines().count(), 1);
    }

    #[test]
    fn toml_tables_become_maps_in_file_order() {
        let value = parse(
            "model = \"x\"\n[mcp_servers.zeta]\ncommand = \"npx\"\nargs = [\"-y\"]\nenabled = false\n[mcp_servers.alpha]\nurl = \"https://h/mcp\"\n",
            Format::Toml,
        )
        .expect("reads");
        let servers = value.get("mcp_servers").and_then(Value::as_object).expect("a map");
        let names: Vec<&str> = servers.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["zeta", "alpha"]);
        assert_eq!(servers[0].1.get("enabled"), Some(&Value::Bool(false)));
        let broken = parse("[a]\nx = 1\nx = 2\n", Format::Toml).unwrap_err().to_string();
        assert!(broken.starts_with("not valid TOML: "), "{broken}");
        assert_eq!(broken.lines().count(), 1);
    }

    #[test]
    fn jsonc_is_read_as_config_reads_it() {
        let value = parse("{\n // c\n \"a\": [1,],\n}", Format::Jsonc).expect("reads");
        assert_eq!(value.get("a"), Some(&Value::Array(vec![Value::Number("1".into())])));
        assert!(
            parse("{\"a\": 1, \"a\": 2}", Format::Jsonc)
                .unwrap_err()
                .to_string()
                .contains("duplicate key")
        );
    }
}
