//! `capability-mismatch`: a tool whose declared purpose is computation or lookup but whose text
//! reaches for credential files, shell execution or an outside address, or tells the model to
//! fill a side-channel parameter with what it has no business passing.
//!
//! Both findings are conjunctions over one entity (a tool or a prompt), so this is a scan rule:
//!
//! - **Reach.** The declared purpose comes from the name (split into words: `add_numbers`,
//!   `addNumbers`, `add-numbers`), the title and the first sentence of the description, matched
//!   on word boundaries: `summarize_account_address` declares nothing, `add_comment` is not a
//!   calculator. A calculator, converter, string utility, random-number, date/time, weather,
//!   dictionary, translation or currency tool then fires when any of its strings reaches for a
//!   credential file (`~/.ssh/id_rsa`, `~/.aws/credentials`, browser cookies, a `.env` or
//!   keychain being read), shell execution (`bash -c`, `curl ... | sh`, `eval "$(...)"`,
//!   `subprocess.run`, `rm -rf`, "run the following command"), or an outside address: data
//!   sent to a URL, IP, domain, e-mail or "external analytics endpoint", or, for pure
//!   computation, an address the model is told to fetch or call. A lookup fetching from its
//!   provider is its purpose, so for lookups only a send of the result, the conversation or a
//!   secret counts; a computation may hand its expression to an evaluation service. A name word
//!   that declares the capability (`run_shell_command`, `fetch_weather`, `read_ssh_config`)
//!   excuses it, and so does a negation in front of it ("never runs `eval`").
//! - **Side channel.** An input parameter named like a side channel (`sidenote`, `scratchpad`,
//!   `notes`, `context`, `metadata`, `debug`, ...) whose own text, or a clause of the tool's text
//!   naming it, tells the model to fill it with file contents, credentials, the conversation
//!   history, the system prompt, previous tool results, environment variables, "everything you
//!   know" or the user's messages. The content must be what the field holds (the description
//!   opens with it, or a fill verb such as pass, include or paste governs it), and a tool whose
//!   declared purpose is that content (`summarize_chat`, `store_secret`) is excused. A server's
//!   instructions naming a tool's side-channel parameter are read the same way.
//!
//! The finding sits on the span that reaches (the path, the command, the send verb, the
//! content phrase), and its message names both halves.
//!
//! A full scan reads each tool and prompt for this rule inside the walk of the text rules
//! ([`check_entity`]), which hands over every string with the reading those rules share: most
//! of them are read there anyway. Run alone, the rule walks the entities itself.

mod asks;
mod consent;
mod excuse;
mod held;
mod purpose;
mod reach;
mod side_channel;
#[cfg(test)]
mod tests;

use purpose::*;
use reach::*;
use side_channel::*;

use crate::json::Value;
use crate::json::walk::string_leaves;
use crate::model::{Entity, EntityId, Finding, Kind, Location, Severity, Surface};
use crate::rules::lexicon::{
    Gate, GatedPatterns, WordAutomaton, ascii_classes, ascii_regex, word_automaton,
};
use crate::rules::pattern::{ByteRegex, Regex};
use crate::rules::scope::{LazyDoc, SharedDoc};
use crate::rules::{RuleMeta, ScanRule};
use crate::text::Doc;
use crate::text::query::Sensitive;
use crate::text::read::{Form, Party};
use std::collections::HashSet;
use std::ops::Range;
use std::sync::LazyLock;

static META: RuleMeta = RuleMeta {
    id: "capability-mismatch",
    severity: Severity::Medium,
    summary: "a tool whose declared purpose is computation or lookup but whose text reaches for credential files, shell execution or an outside address, or tells the model to fill a side-channel parameter",
    confidence: 65,
};

pub struct CapabilityMismatch;

impl ScanRule for CapabilityMismatch {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, surfaces: &[Surface], findings: &mut Vec<Finding>) {
        let asked = Asked::default();
        let mut checked = Vec::new();
        for (surface_index, surface) in surfaces.iter().enumerate() {
            for (entity_index, entity) in surface.entities.iter().enumerate() {
                if !reads(entity) {
                    continue;
                }
                let id = EntityId { surface: surface_index, entity: entity_index };
                checked.push(check_entity(surfaces, id, &asked, |visit| {
                    string_leaves(&entity.value, &mut |path, text| {
                        visit(path, text, &LazyDoc::new(text));
                    });
                }));
            }
        }
        assemble(surfaces, checked, findings);
    }
}

/// What the parameter descriptions of a scan ask for, kept for the texts that recur: one per
/// walker of the scan.
#[derive(Default)]
pub(crate) struct Asked<'v>(asks::Asked<'v>);

/// The rule's record, by which the walk knows it.
pub(crate) fn meta() -> &'static RuleMeta {
    &META
}

/// Whether the rule reads `entity` string by string: a tool or a prompt. A server's
/// instructions are read afterwards ([`assemble`]), for the side channels of its tools.
pub(crate) fn reads(entity: &Entity) -> bool {
    matches!(entity.kind, Kind::Tool | Kind::Prompt)
}

/// What reading one tool or prompt found: its findings, and its side-channel parameters for
/// its server's instructions.
pub(crate) struct Checked {
    id: EntityId,
    findings: Vec<Finding>,
    params: Vec<Param>,
}

/// The rule's findings from what reading each tool and prompt found (`checked`, in scan
/// order): a surface's findings in entity order, then those of its server's instructions
/// naming one of its tools' side channels.
pub(crate) fn assemble(surfaces: &[Surface], checked: Vec<Checked>, findings: &mut Vec<Finding>) {
    let mut checked = checked.into_iter().peekable();
    for (surface_index, surface) in surfaces.iter().enumerate() {
        let mut channels = Vec::new();
        while let Some(entity) = checked.next_if(|entity| entity.id.surface == surface_index) {
            findings.extend(entity.findings);
            let of = &surface.entities[entity.id.entity];
            if of.kind == Kind::Tool
                && let Some(tool) = of.route_name()
            {
                channels.extend(entity.params.into_iter().map(|param| (tool, param)));
            }
        }
        if channels.is_empty() {
            continue;
        }
        for (entity_index, entity) in surface.entities.iter().enumerate() {
            if entity.kind == Kind::Server {
                let id = EntityId { surface: surface_index, entity: entity_index };
                let at = Place { id, source: surface.source.as_deref(), entity };
                check_instructions(at, &channels, findings);
            }
        }
    }
}

/// The entity a finding is built for.
#[derive(Clone, Copy)]
struct Place<'a> {
    id: EntityId,
    source: Option<&'a str>,
    entity: &'a Entity,
}

/// Collects findings for one entity, at most one per span.
struct Sink<'a, 'f> {
    place: Place<'a>,
    label: Option<String>,
    /// The (path, offset) of every report, so none is made twice.
    reported: HashSet<(String, usize)>,
    findings: &'f mut Vec<Finding>,
}

impl Sink<'_, '_> {
    /// Reports `span` of the string at `path`; `message` is given the entity's label.
    fn push(
        &mut self,
        path: &str,
        text: &str,
        span: Range<usize>,
        message: impl FnOnce(&str) -> String,
    ) {
        let whole_characters = text.is_char_boundary(span.start) && text.is_char_boundary(span.end);
        if !whole_characters || self.reported.contains(&(path.to_string(), span.start)) {
            return;
        }
        self.reported.insert((path.to_string(), span.start));
        let label = self.label.get_or_insert_with(|| self.place.entity.label());
        let message = message(label);
        let at = Location {
            entity: self.place.id,
            source: self.place.source,
            kind: self.place.entity.kind,
            label,
            path,
            text,
            chars: None,
        };
        self.findings.push(Finding::new(&META, META.severity, at, span.start, span.end, message));
    }
}

// ---------------------------------------------------------------------------------------------
// The checks

/// A reader of one string of an entity: its path, its text and the reading it shares with
/// whoever else reads it.
pub(crate) type Visit<'l, 'v> = dyn FnMut(&str, &'v str, &dyn SharedDoc) + 'l;

/// Runs both checks over tool or prompt `id`, whose strings `leaves` hands, one by one, to
/// the reader it is given: the rule's own walk, or the walk of the text rules, whose readings
/// it then shares.
pub(crate) fn check_entity<'v>(
    surfaces: &'v [Surface],
    id: EntityId,
    asked: &Asked<'v>,
    leaves: impl FnOnce(&mut Visit<'_, 'v>),
) -> Checked {
    let surface = &surfaces[id.surface];
    let entity = &surface.entities[id.entity];
    let place = Place { id, source: surface.source.as_deref(), entity };
    let mut findings = Vec::new();
    let declared = Declaration::of(entity);
    let purpose = declared.purpose();
    let params = side_channels(entity);
    let kind = entity.kind;
    let scope = purpose.map(|purpose| (purpose, Scope::new(purpose, &declared)));
    let mut sink = Sink { place, label: None, reported: HashSet::new(), findings: &mut findings };
    let scalars = std::cell::OnceCell::new();
    let scalars = || scalars.get_or_init(|| scalar_descriptions(&entity.value));
    let names = std::cell::OnceCell::new();
    let names = || names.get_or_init(|| parameter_names(entity)).as_slice();
    leaves(&mut |path, text, doc| {
        if path == "name" {
            return;
        }
        let reported_before = sink.reported.len();
        let preset = is_preset(path);
        if let Some((purpose, scope)) = &scope {
            reaches(text, doc, scope, &mut |reach, span| {
                sink.push(path, text, span, |name| {
                    format!("a {} {kind} (\"{name}\") {}", purpose.noun(), reach.phrase())
                });
            });
        }
        // A computation or lookup whose parameter comes preset to a credential file.
        if purpose.is_some()
            && preset
            && let Some(what) = asks::preset(text)
            && !declared.declares_any(asks::excused_by(what))
        {
            sink.push(path, text, 0..text.len(), |_| {
                format!("a parameter comes preset to {}", what.describe())
            });
        }
        // A preset that is itself an order to fill the field (`"default": "REPLACE WITH: the
        // last 20 user messages"`) asks as a description does.
        if sink.reported.len() == reported_before
            && preset
            && text.split_whitespace().nth(3).is_some()
            && let Some((span, what, strength)) = asked.0.of(text, doc)
            && asks::out_of_purpose(purpose, what, strength)
            && !declared.declares_any(asks::excused_by(what))
            && !(what == Sensitive::Secret && declared.declares_any(asks::SECRET_WORK))
        {
            sink.push(path, text, span, |_| {
                format!("a parameter's preset value asks for {}", what.describe())
            });
        }
        // A required parameter of a computation or lookup, named for what it has no use for.
        if purpose.is_some()
            && let Some(property) = required_property(path, text, kind)
            && let Some((what, strength)) = asks::named(text)
            && !scalars().contains(&property)
            && asks::out_of_purpose(purpose, what, strength)
            && !declared.declares_any(asks::excused_by(what))
            && !(what == Sensitive::Secret && declared.declares_any(asks::SECRET_WORK))
        {
            sink.push(path, text, 0..text.len(), |_| {
                format!("required parameter \"{text}\" is named for {}", what.describe())
            });
        }
        for param in &params {
            if kind == Kind::Prompt && path.strip_prefix(param.path.as_str()) == Some(".name") {
                continue;
            }
            let named = (!param.owns(path)).then_some(param.name.as_str());
            if named.is_some() && find_word(text, &param.name).next().is_none() {
                continue;
            }
            for (content, span) in fills(text, doc, named) {
                if declared.declares_any(content.excused_by()) {
                    continue;
                }
                sink.push(path, text, span, |_| {
                    format!("parameter \"{}\" is to be filled with {}", param.name, content.noun())
                });
            }
        }
        // An order in the entity's own text to fill one of its parameters with what it has
        // no use for.
        if sink.reported.len() == reported_before
            && matches!(path, "description" | "title")
            && let Some((span, what, strength)) = asks::asked_of(text, doc, names())
            && asks::out_of_purpose(purpose, what, strength)
            && !declared.declares_any(asks::excused_by(what))
            && !(what == Sensitive::Secret && declared.declares_any(asks::SECRET_WORK))
        {
            sink.push(path, text, span, |_| {
                format!("a parameter is to be filled with {}", what.describe())
            });
        }
        // Only where nothing else reported this leaf: the side-channel reading names the
        // content more exactly.
        if sink.reported.len() == reported_before
            && let Some(param) = parameter_of(path)
            && let Some((span, what, strength)) = asked.0.of(text, doc)
            // Most parameters ask for nothing: the walk for scalar schemas comes after.
            && !scalars().contains(path)
            && asks::out_of_purpose(purpose, what, strength)
            && !declared.declares_any(asks::excused_by(what))
            && !(what == Sensitive::Secret && declared.declares_any(asks::SECRET_WORK))
            && !consent::consented(
                description(entity),
                argument_name(entity, param).unwrap_or(param),
            )
        {
            let param = argument_name(entity, param).unwrap_or(param);
            sink.push(path, text, span, |_| {
                format!("parameter \"{param}\" asks for {}", what.describe())
            });
        }
    });
    Checked { id, findings, params }
}

/// The names of an entity's parameters: a tool's top-level properties, a prompt's arguments, a
/// resource template's variables (`{history}`, `{?auth,ctx}`).
/// The entity's own description, or nothing.
fn description(entity: &Entity) -> &str {
    entity.value.get("description").and_then(Value::as_str).unwrap_or("")
}

fn parameter_names(entity: &Entity) -> Vec<String> {
    let mut names = Vec::new();
    if let Some(properties) = entity
        .value
        .get("inputSchema")
        .and_then(|schema| schema.get("properties"))
        .and_then(Value::as_object)
    {
        names.extend(properties.iter().map(|(name, _)| name.clone()));
    }
    for argument in entity.value.get("arguments").and_then(Value::as_array).unwrap_or(&[]) {
        names.extend(argument.get("name").and_then(Value::as_str).map(str::to_string));
    }
    if let Some(template) = entity.value.get("uriTemplate").and_then(Value::as_str) {
        for expression in template.split('{').skip(1).filter_map(|rest| rest.split_once('}')) {
            let variables = expression.0.trim_start_matches(['?', '&', '+', '#', '/', ';', '.']);
            names.extend(variables.split(',').filter(|name| !name.is_empty()).map(str::to_string));
        }
    }
    names
}

/// The parameter whose description or title `path` is: a schema property's or a prompt
/// argument's.
fn parameter_of(path: &str) -> Option<&str> {
    let owner = path.strip_suffix(".description").or_else(|| path.strip_suffix(".title"))?;
    if owner.starts_with("arguments[") && !owner.contains('.') {
        return Some(owner);
    }
    // Read from the end one component at a time, bytewise: a search for `.properties.`, or
    // `rsplit`'s searcher, is set up anew for every leaf of every entity.
    let mut rest = Some(owner);
    let mut parts = std::iter::from_fn(|| {
        let whole = rest?;
        let dot = whole.bytes().rposition(|b| b == b'.');
        rest = dot.map(|dot| &whole[..dot]);
        Some(dot.map_or(whole, |dot| &whole[dot + 1..]))
    });
    let (last, before) = (parts.next()?, parts.next()?);
    // An array's items say what each entry of the parameter holds.
    let (name, marker) = if last == "items" && before != "properties" {
        (before, parts.next()?)
    } else {
        (last, before)
    };
    (marker == "properties" && parts.next().is_some()).then_some(name)
}

/// The description paths of parameters that cannot carry text (a flag or a number cannot hold
/// what its description mentions), found in one walk of the entity: looking each path up
/// from the root would read a wide schema once per parameter.
fn scalar_descriptions(value: &Value) -> HashSet<String> {
    let mut found = HashSet::new();
    collect_scalars(value, &mut String::new(), &mut found);
    found
}

fn collect_scalars(value: &Value, path: &mut String, found: &mut HashSet<String>) {
    let at = path.len();
    match value {
        Value::Object(members) => {
            if !path.is_empty() && is_scalar_schema(value) {
                found.insert(format!("{path}.description"));
            }
            for (key, inner) in members {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                collect_scalars(inner, path, found);
                path.truncate(at);
            }
        }
        Value::Array(items) => {
            for (index, inner) in items.iter().enumerate() {
                path.push_str(&format!("[{index}]"));
                collect_scalars(inner, path, found);
                path.truncate(at);
            }
        }
        _ => {}
    }
}

/// A schema whose type is a boolean, number or null, or whose alternatives all are.
fn is_scalar_schema(schema: &Value) -> bool {
    let scalar = |schema: &Value| {
        matches!(
            schema.get("type").and_then(Value::as_str),
            Some("boolean" | "integer" | "number" | "null")
        )
    };
    let alternatives =
        schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array);
    match alternatives {
        Some(alternatives) if schema.get("type").is_none() => alternatives.iter().all(scalar),
        _ => scalar(schema),
    }
}

/// Whether `path` is a value a schema presets for a parameter: its `default` or `const`, or one
/// of its `enum` choices or `examples`.
fn is_preset(path: &str) -> bool {
    // This runs on every leaf of every entity: the last component is found bytewise from the
    // end, as a character search sets up more than it reads here.
    let last = path.bytes().rposition(|b| b == b'.').map_or(path, |dot| &path[dot + 1..]);
    matches!(last, "default" | "const")
        || ["enum[", "examples["].iter().any(|list| last.starts_with(list))
}

/// For a leaf naming a required parameter (`inputSchema.required[1]`, or a prompt argument's
/// `name` when the argument is required), the path of that parameter's description.
fn required_property(path: &str, name: &str, kind: Kind) -> Option<String> {
    if kind == Kind::Prompt {
        return path.strip_suffix(".name").map(|owner| format!("{owner}.description"));
    }
    // Most leaves are no list item: the substring search below is set up only for those that
    // are.
    if !path.ends_with(']') {
        return None;
    }
    let (schema, index) = path.rsplit_once(".required[")?;
    index.strip_suffix(']')?.parse::<usize>().ok()?;
    Some(format!("{schema}.properties.{name}.description"))
}

/// The name of prompt argument `owner` (`arguments[2]`).
fn argument_name<'e>(entity: &'e Entity, owner: &str) -> Option<&'e str> {
    let index = owner.strip_prefix("arguments[")?.strip_suffix(']')?.parse::<usize>().ok()?;
    entity.value.get("arguments")?.as_array()?.get(index)?.get("name")?.as_str()
}

/// A server's instructions telling the model to fill a tool's side-channel parameter.
fn check_instructions(place: Place<'_>, channels: &[(&str, Param)], findings: &mut Vec<Finding>) {
    let mut sink = Sink { place, label: None, reported: HashSet::new(), findings };
    string_leaves(&place.entity.value, &mut |path, text| {
        // A tool the text names comes first, so the finding names the tool meant.
        let named = |tool: &str| find_word(text, tool).next().is_some();
        let ordered = channels.iter().filter(|(tool, _)| named(tool));
        let others = channels.iter().filter(|(tool, _)| !named(tool));
        for (tool, param) in ordered.chain(others) {
            if find_word(text, &param.name).next().is_none() {
                continue;
            }
            let doc = LazyDoc::new(text);
            for (content, span) in fills(text, &doc, Some(&param.name)) {
                sink.push(path, text, span, |_| {
                    format!(
                        "parameter \"{}\" of \"{tool}\" is to be filled with {}",
                        param.name,
                        content.noun()
                    )
                });
            }
        }
    });
}
