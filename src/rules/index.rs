//! Every source's tool and prompt names, built once per scan, for rules that ask whether a
//! name belongs to this server or another.

use super::scope::{Keyed, Set, domains_of, name_key, name_words};
use crate::json::Value;
use crate::model::{Entity, Kind, Surface};
use std::collections::HashMap;

/// Every source's tool and prompt names, for rules that ask whether a name belongs to this
/// server or another.
#[derive(Debug, Default)]
pub struct Index {
    /// Name (lowercase) → the surfaces exposing a tool or prompt by that name.
    names: HashMap<String, Vec<usize>, Keyed>,
    /// Per surface: the name keys ([`name_key`]) of everything it exposes that a text may
    /// mention as its own: tools, prompts, schema properties, prompt arguments.
    own: Vec<Set<String>>,
    /// Each surface's source name, as given.
    sources: Vec<Option<String>>,
    /// Per surface: the words of its source name and its server's name and title, leaving out
    /// words every server has (`mcp`, `server`): `other CircleCI tools` are its own.
    brands: Vec<Set<String>>,
    /// Per surface: the purposes its tools' names state, which are what its server is for.
    tool_domains: Vec<u32>,
}

/// Name words that say nothing about whose a server is.
const UNBRANDED: &[&str] =
    &["mcp", "server", "servers", "the", "dev", "official", "for", "tool", "tools", "api"];

/// The fewest entities a thread is given to read: below it a thread costs more than it saves.
const ENTITIES_PER_PART: usize = 1024;

impl Index {
    /// The index of `surfaces`. It is built before the walk can start, with every core but
    /// one idle: a large surface's entities are read in parts side by side.
    pub fn new(surfaces: &[Surface]) -> Index {
        let mut names: HashMap<String, Vec<usize>, Keyed> = HashMap::default();
        let mut own = Vec::with_capacity(surfaces.len());
        let mut brands = Vec::with_capacity(surfaces.len());
        let mut tool_domains = Vec::with_capacity(surfaces.len());
        for (index, surface) in surfaces.iter().enumerate() {
            let mut keys: Set<String> = Set::default();
            let mut brand: Set<String> = Set::default();
            let mut domains = 0;
            if let Some(source) = &surface.source {
                add_brand(&mut brand, source);
            }
            for part in parts(&surface.entities) {
                for name in part.names {
                    let holders = names.entry(name).or_default();
                    if !holders.contains(&index) {
                        holders.push(index);
                    }
                }
                // The first part's set is taken whole; the others' keys are added to it.
                if keys.is_empty() {
                    keys = part.keys;
                } else {
                    keys.extend(part.keys);
                }
                brand.extend(part.brand);
                domains |= part.domains;
            }
            own.push(keys);
            brands.push(brand);
            tool_domains.push(domains);
        }
        let sources = surfaces.iter().map(|surface| surface.source.clone()).collect();
        Index { names, own, sources, brands, tool_domains }
    }

    /// The surfaces exposing a tool or prompt named `name` (any case).
    pub fn holders(&self, name: &str) -> &[usize] {
        self.names.get(&name.to_ascii_lowercase()).map_or(&[], Vec::as_slice)
    }

    /// Whether `surface` exposes `name` as a tool, prompt, property or argument, in any
    /// spelling of its words.
    pub fn owns(&self, surface: usize, name: &str) -> bool {
        self.own.get(surface).is_some_and(|keys| keys.contains(&name_key(name)))
    }

    /// Whether `word` (lowercase) is a word of `surface`'s source or server name.
    pub fn brand(&self, surface: usize, word: &str) -> bool {
        self.brands.get(surface).is_some_and(|words| words.contains(word))
    }

    /// How many sources the scan covers.
    pub fn sources(&self) -> usize {
        self.sources.len()
    }

    /// The purposes the names of `surface`'s tools state ([`crate::vocab::classes::domain`]
    /// bits).
    pub fn tool_domains(&self, surface: usize) -> u32 {
        self.tool_domains.get(surface).copied().unwrap_or(0)
    }

    /// The name of source `surface`, when it has one.
    pub fn source(&self, surface: usize) -> Option<&str> {
        self.sources.get(surface).and_then(Option::as_deref)
    }
}

/// The words of `name` that can tell one server from another, into `brand`.
fn add_brand(brand: &mut Set<String>, name: &str) {
    brand.extend(
        name_words(name)
            .into_iter()
            .filter(|word| word.len() >= 3 && !UNBRANDED.contains(&word.as_str())),
    );
}

/// What a run of one surface's entities adds to the index.
#[derive(Default)]
struct Part {
    /// Its tool and prompt names, lowercase, in order.
    names: Vec<String>,
    keys: Set<String>,
    brand: Set<String>,
    domains: u32,
}

impl Part {
    fn of(entities: &[Entity]) -> Part {
        let mut part = Part::default();
        let mut spellings: Set<&str> = Set::default();
        for entity in entities {
            if entity.kind == Kind::Server
                && let Some(info) = entity.value.get("serverInfo")
            {
                for key in ["name", "title"] {
                    if let Some(name) = info.get(key).and_then(Value::as_str) {
                        add_brand(&mut part.brand, name);
                    }
                }
            }
            if matches!(entity.kind, Kind::Tool | Kind::Prompt)
                && let Some(name) = entity.value.get("name").and_then(Value::as_str)
            {
                part.names.push(name.to_ascii_lowercase());
                part.keys.insert(name_key(name));
                if entity.kind == Kind::Tool {
                    part.domains |=
                        name_words(name).iter().fold(0, |all, word| all | domains_of(word));
                }
            }
            for argument in
                entity.value.get("arguments").and_then(Value::as_array).unwrap_or_default()
            {
                if let Some(name) = argument.get("name").and_then(Value::as_str) {
                    part.keys.insert(name_key(name));
                }
            }
            property_names(&entity.value, &mut |name| {
                // Servers repeat their property names: each spelling is keyed once.
                if spellings.insert(name) {
                    part.keys.insert(name_key(name));
                }
            });
        }
        part
    }
}

/// The parts of `entities`, in order: one per core for a surface large enough to repay a
/// thread, read side by side; with no thread to be had, each is read here.
fn parts(entities: &[Entity]) -> Vec<Part> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let workers = cores.min(entities.len() / ENTITIES_PER_PART).max(1);
    if workers == 1 {
        return vec![Part::of(entities)];
    }
    let chunks: Vec<&[Entity]> = entities.chunks(entities.len().div_ceil(workers)).collect();
    std::thread::scope(|scope| {
        let spawned: Vec<_> = (chunks[1..].iter())
            .map(|&chunk| {
                let thread = std::thread::Builder::new().name("rune-index".into());
                (chunk, thread.spawn_scoped(scope, move || Part::of(chunk)))
            })
            .collect();
        let mut parts = vec![Part::of(chunks[0])];
        for (chunk, thread) in spawned {
            parts.push(match thread {
                Ok(thread) => {
                    thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                }
                Err(_) => Part::of(chunk),
            });
        }
        parts
    })
}

/// Calls `add` with every key of every `properties` object under `value`.
fn property_names<'v>(value: &'v Value, add: &mut dyn FnMut(&'v str)) {
    match value {
        Value::Object(members) => {
            for (key, member) in members {
                if key == "properties"
                    && let Some(properties) = member.as_object()
                {
                    properties.iter().for_each(|(name, _)| add(name));
                }
                property_names(member, add);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| property_names(item, add)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_surface_read_in_parts_indexes_as_it_does_read_whole() {
        let tool = |n: usize| {
            format!(
                r#"{{"name": "tool_{n}", "description": "Tool {n}.", "inputSchema": {{"type":
                "object", "properties": {{"field_{m}": {{"type": "string"}}}}}}}}"#,
                m = n % 7
            )
        };
        let manifest =
            format!("[{}]", (0..3 * ENTITIES_PER_PART).map(tool).collect::<Vec<_>>().join(", "));
        let entities = crate::source::manifest::read_manifest(&manifest).expect("a manifest");
        let whole = Part::of(&entities);
        let parts: Vec<Part> = entities.chunks(ENTITIES_PER_PART + 1).map(Part::of).collect();
        let names: Vec<String> = parts.iter().flat_map(|part| part.names.clone()).collect();
        assert_eq!(names, whole.names);
        let keys: Set<String> = parts.iter().flat_map(|part| part.keys.clone()).collect();
        assert_eq!(keys, whole.keys);
        let index = Index::new(&[Surface { source: None, entities }]);
        assert_eq!(index.holders("TOOL_2999"), [0]);
        assert!(index.owns(0, "field-6") && !index.owns(0, "field_7"));
    }
}
