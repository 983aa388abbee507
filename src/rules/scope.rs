//! What a rule knows beyond the string it reads: the entity the string belongs to (its name,
//! its purpose, its parameters) and the scan around it (every source's tool names). Built once
//! per scan and per entity, on first use.

use crate::json::Value;
use crate::model::{Entity, Kind};
use crate::text::Doc;
pub use crate::text::name_words;
use crate::vocab::words::{PURPOSE_WORDS, STYLE_ONLY};
use std::cell::{Cell, OnceCell};
use std::sync::LazyLock;

/// The index's maps and sets, keyed by server text: seeded at random for each process like
/// [`super::repeats`]' table, and several times faster than SipHash on the short names that
/// every scan hashes once per schema property.
pub(super) type Keyed = foldhash::quality::RandomState;
pub(super) type Set<T> = std::collections::HashSet<T, Keyed>;

pub use super::index::Index;

/// A name's words joined by `_`, lowercase: `createPaymentIntent` and `create-payment-intent`
/// share the key `create_payment_intent`.
pub use crate::text::name_key;

/// What an entity says it is for: the words of its name, title and first sentence, and the
/// domains they name.
#[derive(Debug, Default)]
pub struct Purpose {
    /// [`crate::vocab::classes::domain`] bits.
    pub domains: u32,
    /// The name split into lowercase words.
    pub name_words: Vec<String>,
    /// Every purpose word, lowercase: name, title, first sentence.
    pub words: Vec<String>,
    /// The places where code runs later that the first sentence names (`Adds a shell alias
    /// to ~/.zshrc`): a write there is what the tool is for.
    pub places: Vec<&'static str>,
}

impl Purpose {
    pub fn has(&self, domains: u32) -> bool {
        self.domains & domains != 0
    }

    pub fn mentions(&self, word: &str) -> bool {
        self.words.iter().any(|known| known == word)
    }
}

/// Each purpose word and its `-s` form (`scan`, `scans`; `file`, `files`).
static PURPOSES: LazyLock<crate::vocab::WordMap<u32>> = LazyLock::new(|| {
    let mut words = crate::vocab::WordMap::default();
    for (word, domains) in PURPOSE_WORDS {
        *words.entry(word.to_string()).or_default() |= domains;
        *words.entry(crate::vocab::inflect::plural(word)).or_default() |= domains;
    }
    words
});

/// The domains a lowercase word names.
pub fn domains_of(word: &str) -> u32 {
    PURPOSES.get(word).copied().unwrap_or(0)
}

/// The longest stretch of a description its first sentence is looked for in.
const PURPOSE_WINDOW: usize = 2048;

/// One string's reading, built on first use and shared by everyone who reads that string.
pub struct LazyDoc<'s> {
    raw: &'s str,
    doc: OnceCell<Doc<'s>>,
}

impl<'s> LazyDoc<'s> {
    pub fn new(raw: &'s str) -> LazyDoc<'s> {
        LazyDoc { raw, doc: OnceCell::new() }
    }
}

/// A [`LazyDoc`] as [`Scope`] holds it. A cell of `Doc<'s>` would make `Scope<'s>` invariant
/// in `'s`, and the walk could no longer lend a scope for as long as it reads one string; a
/// trait object keeps it covariant.
pub trait SharedDoc {
    fn raw(&self) -> &str;
    fn doc(&self) -> &Doc<'_>;

    /// The reading, if someone has built it already: a reader with a cheaper test of its own
    /// may take it rather than build one.
    fn built(&self) -> Option<&Doc<'_>> {
        None
    }

    /// The rules the text's trigger words arm ([`super::prepared::armed`]), a function of its
    /// bytes that a holder may also share.
    fn armed(&self) -> u64 {
        super::prepared::armed(self.raw())
    }
}

impl SharedDoc for LazyDoc<'_> {
    fn raw(&self) -> &str {
        self.raw
    }

    fn doc(&self) -> &Doc<'_> {
        self.doc.get_or_init(|| Doc::new(self.raw))
    }

    fn built(&self) -> Option<&Doc<'_>> {
        self.doc.get()
    }
}

/// One entity of the scan, as the rules see it. Every accessor marks the scope read
/// ([`Scope::consulted`]), so its fields are private.
pub struct Scope<'s> {
    surface: usize,
    entity: &'s Entity,
    index: &'s Index,
    purpose: OnceCell<Purpose>,
    /// The reading of the description the purpose's first sentence comes from, shared with
    /// the rules that read the description itself.
    description: &'s (dyn SharedDoc + 's),
    /// Set when a rule reads the scope or the string's path (see [`Scope::consulted`]).
    consulted: Cell<bool>,
}

impl<'s> Scope<'s> {
    /// The scope of `entity`; `description` reads [`Scope::description`]'s text.
    pub fn new(
        surface: usize,
        entity: &'s Entity,
        index: &'s Index,
        description: &'s (dyn SharedDoc + 's),
    ) -> Scope<'s> {
        Scope {
            surface,
            entity,
            index,
            purpose: OnceCell::new(),
            description,
            consulted: Cell::new(false),
        }
    }

    /// The text an entity's purpose is read from, besides its name and title: its description
    /// (nothing for a server, whose instructions are orders, not a statement of purpose).
    pub fn description(entity: &Entity) -> &str {
        declared(entity).2
    }

    /// The shared reading of `raw` when `raw` is this entity's description itself (the same
    /// bytes, not an equal string) and short enough for its purpose to read it whole.
    pub fn doc_of(&self, raw: &str) -> Option<&Doc<'_>> {
        self.is_description(raw).then(|| self.description.doc())
    }

    /// What holds the reading of `raw`: the description's when `raw` is it ([`Scope::doc_of`]),
    /// else `leaf`, the string's own.
    pub fn shared_of<'x>(&'x self, raw: &str, leaf: &'x dyn SharedDoc) -> &'x dyn SharedDoc {
        if self.is_description(raw) { self.description } else { leaf }
    }

    /// Whether `raw` is this entity's description itself (the same bytes, not an equal
    /// string), short enough for its purpose to read it whole.
    fn is_description(&self, raw: &str) -> bool {
        let own = self.description.raw();
        let same = std::ptr::eq(raw.as_ptr(), own.as_ptr()) && raw.len() == own.len();
        same && raw.len() <= PURPOSE_WINDOW
    }

    /// Whether a rule read this scope, or the path of one of its strings, since the last
    /// call: a rule that did not found its hits on the string's bytes alone, so they hold for
    /// every equal string of the scan. Clears the mark. Holding the scope reads nothing: a
    /// rule may take it at the start and look into it only where a clause asks.
    pub fn consulted(&self) -> bool {
        self.consulted.replace(false)
    }

    /// Marks the scope read: every accessor here calls it, and [`Text`](super::Text) from
    /// every accessor of its path.
    pub(super) fn consult(&self) {
        self.consulted.set(true);
    }

    /// The index of the scan's surface this entity belongs to.
    pub fn surface(&self) -> usize {
        self.consult();
        self.surface
    }

    pub fn entity(&self) -> &'s Entity {
        self.consult();
        self.entity
    }

    /// Whether the scan holds more than one named source. A fact of the whole scan, the same
    /// for every string a verdict could be reused on, so reading it marks nothing.
    pub fn several_sources(&self) -> bool {
        let index = self.index;
        (0..index.sources()).filter(|&s| index.source(s).is_some()).nth(1).is_some()
    }

    /// The scan's index of names and purposes across surfaces.
    pub fn index(&self) -> &'s Index {
        self.consult();
        self.index
    }

    pub fn kind(&self) -> Kind {
        self.consult();
        self.entity.kind
    }

    /// The entity's own name (a tool's or prompt's `name`, a resource's `name` or `uri`).
    pub fn name(&self) -> &'s str {
        self.consult();
        let value = &self.entity.value;
        let key = |key: &str| value.get(key).and_then(Value::as_str);
        match self.entity.kind {
            Kind::Server => {
                value.get("serverInfo").and_then(|info| info.get("name")).and_then(Value::as_str)
            }
            Kind::Resource => key("name").or_else(|| key("uri")).or_else(|| key("uriTemplate")),
            _ => key("name"),
        }
        .unwrap_or("")
    }

    pub fn purpose(&self) -> &Purpose {
        self.consult();
        self.purpose.get_or_init(|| purpose_of(self))
    }

    /// Whether this entity's own server exposes `name` (a tool, prompt, property or argument).
    pub fn own(&self, name: &str) -> bool {
        self.consult();
        self.index.owns(self.surface, name)
    }

    /// The other surfaces exposing a tool or prompt named `name`.
    pub fn foreign(&self, name: &str) -> impl Iterator<Item = usize> + '_ {
        self.consult();
        let surface = self.surface;
        self.index.holders(name).iter().copied().filter(move |holder| *holder != surface)
    }

    /// The names of the entity's input parameters (a tool's schema properties, a prompt's
    /// arguments), lowercase.
    pub fn parameters(&self) -> Vec<String> {
        self.consult();
        let value = &self.entity.value;
        let mut names = Vec::new();
        if let Some(properties) =
            value.get("inputSchema").and_then(|s| s.get("properties")).and_then(Value::as_object)
        {
            names.extend(properties.iter().map(|(name, _)| name.to_ascii_lowercase()));
        }
        if let Some(arguments) = value.get("arguments").and_then(Value::as_array) {
            names.extend(
                arguments
                    .iter()
                    .filter_map(|a| a.get("name")?.as_str())
                    .map(str::to_ascii_lowercase),
            );
        }
        names
    }
}

/// An entity's name, title and description: what its purpose is read from.
fn declared(entity: &Entity) -> (&str, &str, &str) {
    let value = &entity.value;
    let text = |key: &str| value.get(key).and_then(Value::as_str).unwrap_or("");
    match entity.kind {
        Kind::Server => {
            let info = value.get("serverInfo");
            let field =
                |key: &str| info.and_then(|i| i.get(key)).and_then(Value::as_str).unwrap_or("");
            // The instructions are orders to the model, not a statement of purpose.
            (field("name"), field("title"), "")
        }
        Kind::Resource => (
            if text("name").is_empty() { text("uri") } else { text("name") },
            text("title"),
            text("description"),
        ),
        _ => (text("name"), text("title"), text("description")),
    }
}

fn purpose_of(scope: &Scope<'_>) -> Purpose {
    let (name, title, description) = declared(scope.entity);
    let name_words = name_words(name);
    let mut words = name_words.clone();
    let mut places = Vec::new();
    words.extend(name_words_of_prose(title));
    // A resource's scheme says what it is: `postgres://{user}@{host}/{database}`.
    if scope.entity.kind == Kind::Resource {
        let value = &scope.entity.value;
        let uri = ["uri", "uriTemplate"].iter().find_map(|key| value.get(key)?.as_str());
        if let Some((scheme, _)) = uri.and_then(|uri| uri.split_once("://")) {
            words.extend(self::name_words(scheme));
        }
    }
    if !description.is_empty() {
        let first_sentence = |doc: &Doc<'_>| {
            let first = doc.sentences.first()?;
            let raw = &description[doc.bytes(first.tokens.clone())];
            let places: Vec<&'static str> = raw
                .split_whitespace()
                .filter_map(|word| crate::text::shell::persistent(&word.to_ascii_lowercase()))
                .collect();
            Some((name_words_of_prose(raw), places))
        };
        let first = match scope.doc_of(description) {
            Some(doc) => first_sentence(doc),
            None => first_sentence(&Doc::new(crate::text::window(description, 0, PURPOSE_WINDOW))),
        };
        if let Some((first, named)) = first {
            words.extend(first);
            places = named;
        }
    }
    let mut domains = words.iter().fold(0, |all, word| all | domains_of(word));
    // A server is for what its tools are named for (`run_powershell`): its instructions
    // may say how it does that.
    if scope.entity.kind == Kind::Server {
        domains |= scope.index.tool_domains(scope.surface);
    }
    Purpose { domains, name_words, words, places }
}

/// The words of a title or first sentence, leaving out addresses and encoded runs: a host
/// named there is where the text points, not what the tool is.
fn name_words_of_prose(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|chunk| {
            !(chunk.contains("://")
                || chunk.contains('@')
                || chunk.contains('%')
                || chunk.trim_end_matches(['.', ',']).contains('.'))
        })
        // `GitHub-flavoured tables`: the style of something, not what the tool works on.
        .map(|chunk| match chunk.rsplit_once('-') {
            Some((_, last))
                if STYLE_ONLY.contains(
                    &last.trim_end_matches([',', '.', ';', ')']).to_ascii_lowercase().as_str(),
                ) =>
            {
                ""
            }
            _ => chunk,
        })
        .flat_map(|chunk| chunk.split(|c: char| !c.is_alphanumeric()))
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}
