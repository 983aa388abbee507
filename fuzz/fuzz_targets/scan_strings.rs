//! The whole scan on an arbitrary string placed in every field of a manifest: every name,
//! description, title, schema text, argument, URI, the server's own name and instructions,
//! twice over so the whole-scan rules compare tools that share it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rune::json::Value;
use rune::model::Surface;
use rune::source::manifest::read_document;

fn string(text: &str) -> Value {
    Value::String(text.to_string())
}

fn object(members: Vec<(&str, Value)>) -> Value {
    Value::Object(members.into_iter().map(|(key, value)| (key.to_string(), value)).collect())
}

fn manifest(s: &str) -> Value {
    let schema = object(vec![
        ("type", string("object")),
        ("description", string(s)),
        (
            "properties",
            Value::Object(vec![(
                s.to_string(),
                object(vec![
                    ("type", string("string")),
                    ("title", string(s)),
                    ("description", string(s)),
                    ("default", string(s)),
                    ("enum", Value::Array(vec![string(s)])),
                ]),
            )]),
        ),
    ]);
    let tool = object(vec![
        ("name", string(s)),
        ("title", string(s)),
        ("description", string(s)),
        ("inputSchema", schema.clone()),
        ("outputSchema", schema),
        ("annotations", object(vec![("title", string(s))])),
        ("_meta", object(vec![("note", string(s))])),
    ]);
    let prompt = object(vec![
        ("name", string(s)),
        ("title", string(s)),
        ("description", string(s)),
        (
            "arguments",
            Value::Array(vec![object(vec![("name", string(s)), ("description", string(s))])]),
        ),
    ]);
    let resource = object(vec![
        ("uri", string(s)),
        ("name", string(s)),
        ("description", string(s)),
        ("mimeType", string(s)),
    ]);
    let template =
        object(vec![("uriTemplate", string(s)), ("name", string(s)), ("description", string(s))]);
    object(vec![
        (
            "serverInfo",
            object(vec![("name", string(s)), ("title", string(s)), ("version", string(s))]),
        ),
        ("instructions", string(s)),
        ("tools", Value::Array(vec![tool.clone(), tool])),
        ("prompts", Value::Array(vec![prompt])),
        ("resources", Value::Array(vec![resource])),
        ("resourceTemplates", Value::Array(vec![template])),
    ])
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let entities = read_document(manifest(text)).expect("a manifest of strings reads");
    rune_fuzz::check_scan(&[Surface { source: None, entities }]);
});
