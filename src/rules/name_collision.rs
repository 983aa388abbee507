//! `name-collision`: two tools or prompts a client routes by the same name, so which definition
//! a call reaches is up to the client. A poisoned server uses it to shadow a trusted tool.
//!
//! Honest servers share generic names: GitHub and GitLab both expose `create_issue`, and every
//! notes server has `search`. So the severity follows the shape of the collision:
//! - a name repeated inside one server's own listing is medium: no honest server does that;
//! - a distinctive name (vendor-prefixed or otherwise specific, `stripe_create_refund`) exposed
//!   by two servers is medium: that is the impersonation shape;
//! - a name made to look like another server's with look-alike letters (`get_аccount` with a
//!   Cyrillic `а`) is medium;
//! - a generic name (every word a common tool verb or noun, at most three words) shared across
//!   servers is low: worth seeing, below the default `--fail-on`.

use crate::model::{EntityId, Finding, Kind, Location, Severity, Surface};
use crate::rules::confusable_characters::latin_twin;
use crate::rules::{RuleMeta, ScanRule};
use std::collections::{BTreeMap, HashMap};

static META: RuleMeta = RuleMeta {
    id: "name-collision",
    severity: Severity::Medium,
    summary: "two tools or prompts sharing one name, so which definition a call reaches is up to the client",
    confidence: 60,
};

pub struct NameCollision;

/// Words that make a tool name generic: the verbs and nouns honest servers share.
const GENERIC_WORDS: &[&str] = &[
    "add",
    "all",
    "analyze",
    "answer",
    "answers",
    "append",
    "archive",
    "ask",
    "attachment",
    "book",
    "branch",
    "branches",
    "browse",
    "calendar",
    "call",
    "cancel",
    "channel",
    "channels",
    "chat",
    "check",
    "clear",
    "click",
    "close",
    "code",
    "comment",
    "comments",
    "commit",
    "commits",
    "compare",
    "completion",
    "config",
    "contact",
    "content",
    "contents",
    "convert",
    "copy",
    "count",
    "crawl",
    "create",
    "current",
    "data",
    "database",
    "db",
    "delete",
    "deploy",
    "describe",
    "detail",
    "details",
    "diff",
    "directions",
    "directories",
    "directory",
    "distance",
    "doc",
    "docs",
    "document",
    "documents",
    "download",
    "draft",
    "edit",
    "elevation",
    "email",
    "entities",
    "entity",
    "entries",
    "entry",
    "event",
    "events",
    "execute",
    "explain",
    "export",
    "extract",
    "fetch",
    "file",
    "files",
    "find",
    "folder",
    "folders",
    "forecast",
    "fork",
    "generate",
    "geocode",
    "get",
    "graph",
    "help",
    "history",
    "image",
    "images",
    "import",
    "info",
    "insert",
    "issue",
    "issues",
    "item",
    "items",
    "job",
    "label",
    "labels",
    "libraries",
    "library",
    "list",
    "load",
    "log",
    "logs",
    "make",
    "map",
    "maps",
    "member",
    "members",
    "memory",
    "merge",
    "message",
    "messages",
    "move",
    "navigate",
    "new",
    "news",
    "node",
    "nodes",
    "note",
    "notes",
    "observations",
    "open",
    "org",
    "organization",
    "organizations",
    "orgs",
    "page",
    "pages",
    "parse",
    "path",
    "paths",
    "pipeline",
    "pipelines",
    "place",
    "places",
    "post",
    "pr",
    "project",
    "projects",
    "prompt",
    "pull",
    "push",
    "query",
    "reaction",
    "reactions",
    "read",
    "record",
    "records",
    "refresh",
    "relations",
    "release",
    "releases",
    "remove",
    "rename",
    "replies",
    "reply",
    "repo",
    "repos",
    "repositories",
    "repository",
    "request",
    "requests",
    "reset",
    "resource",
    "resources",
    "result",
    "results",
    "review",
    "run",
    "save",
    "schema",
    "scrape",
    "screenshot",
    "search",
    "send",
    "set",
    "show",
    "snapshot",
    "sql",
    "start",
    "status",
    "stop",
    "submit",
    "summarize",
    "summary",
    "sync",
    "table",
    "tables",
    "tag",
    "task",
    "tasks",
    "team",
    "teams",
    "test",
    "text",
    "thinking",
    "thought",
    "thread",
    "ticket",
    "time",
    "timezone",
    "tool",
    "tools",
    "translate",
    "tree",
    "type",
    "update",
    "upload",
    "url",
    "user",
    "users",
    "validate",
    "video",
    "videos",
    "view",
    "weather",
    "web",
    "workflow",
    "workflows",
    "write",
    "zone",
];

/// Words that join others without adding meaning (`create_or_update_file`).
const CONNECTIVES: &[&str] = &["and", "by", "for", "from", "in", "of", "on", "or", "to", "with"];

/// Whether `name` says nothing specific: at most three words besides connectives, every one a
/// common tool word.
pub(crate) fn is_generic(name: &str) -> bool {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        let boundary = !c.is_ascii_alphanumeric() || (c.is_ascii_uppercase() && previous_lower);
        if boundary && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if c.is_ascii_alphanumeric() {
            word.push(c.to_ascii_lowercase());
        } else if !matches!(c, '_' | '-' | '.' | '/' | ' ') {
            return false;
        }
        previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    if !word.is_empty() {
        words.push(word);
    }
    words.retain(|word| !CONNECTIVES.contains(&word.as_str()));
    (1..=3).contains(&words.len())
        && words.iter().all(|word| GENERIC_WORDS.binary_search(&word.as_str()).is_ok())
}

/// `name` with every look-alike letter read as the Latin letter it imitates.
fn skeleton(name: &str) -> String {
    name.chars().map(|c| latin_twin(c).unwrap_or(c)).collect()
}

impl ScanRule for NameCollision {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, surfaces: &[Surface], findings: &mut Vec<Finding>) {
        // Every routable entity, grouped by what a client would read the name as.
        let mut groups: BTreeMap<(Kind, String), Vec<(EntityId, &str)>> = BTreeMap::new();
        for (surface_index, surface) in surfaces.iter().enumerate() {
            for (entity_index, entity) in surface.entities.iter().enumerate() {
                if !matches!(entity.kind, Kind::Tool | Kind::Prompt) {
                    continue;
                }
                if let Some(name) = entity.route_name() {
                    let id = EntityId { surface: surface_index, entity: entity_index };
                    groups.entry((entity.kind, skeleton(name))).or_default().push((id, name));
                }
            }
        }
        let source_name =
            |surface: usize| surfaces[surface].source.as_deref().unwrap_or("(unnamed)");
        // One server configured twice (a work and a personal account) gives the same
        // listing, entity for entity: a collision, but nobody is imitating anybody.
        let mut alike_memo: HashMap<(usize, usize), bool> = HashMap::new();
        let mut alike = |a: usize, b: usize| {
            *alike_memo.entry((a.min(b), a.max(b))).or_insert_with(|| {
                let (a, b) = (&surfaces[a].entities, &surfaces[b].entities);
                a.len() == b.len()
                    && a.iter().zip(b).all(|(a, b)| a.kind == b.kind && a.value == b.value)
            })
        };
        let mut found = Vec::new();
        for ((kind, _), members) in groups.into_iter().filter(|(_, members)| members.len() > 1) {
            // Each exact spelling, with how many of its entities each listing holds: one pass,
            // so a group of many is read in linear time, never member against member.
            let mut spellings: BTreeMap<&str, BTreeMap<usize, usize>> = BTreeMap::new();
            for &(id, name) in &members {
                *spellings.entry(name).or_default().entry(id.surface).or_default() += 1;
            }
            // The first member's spelling, and the first spelled otherwise.
            let first = members[0].1;
            let other = members.iter().map(|member| member.1).find(|&name| name != first);
            for &(id, name) in &members {
                let listings = &spellings[name];
                let same_listing = listings[&id.surface];
                let elsewhere: Vec<usize> =
                    listings.keys().copied().filter(|&surface| surface != id.surface).collect();
                let mut others: Vec<&str> =
                    elsewhere.iter().map(|&surface| source_name(surface)).collect();
                others.sort_unstable();
                others.dedup();
                let disguised = if name == first { other } else { Some(first) };
                let mut clauses = Vec::new();
                if same_listing > 1 {
                    clauses.push(format!("a second {kind} in the same listing carries this name"));
                }
                match others.as_slice() {
                    [] => {}
                    [one] => {
                        clauses.push(format!("server '{one}' also exposes a {kind} with this name"))
                    }
                    many => {
                        let quoted: Vec<String> =
                            many.iter().map(|name| format!("'{name}'")).collect();
                        clauses.push(format!(
                            "servers {} also expose a {kind} with this name",
                            quoted.join(", ")
                        ));
                    }
                }
                if let Some(original) = disguised {
                    clauses.push(format!(
                        "it reads the same as the {kind} '{original}' but is spelled with different look-alike letters"
                    ));
                }
                if clauses.is_empty() {
                    continue;
                }
                let twins = !others.is_empty()
                    && elsewhere.iter().all(|&surface| alike(surface, id.surface));
                let severity =
                    if same_listing > 1 || disguised.is_some() || !is_generic(name) && !twins {
                        Severity::Medium
                    } else {
                        Severity::Low
                    };
                let message = format!(
                    "{}, so which definition a call to this {kind} reaches is up to the client",
                    clauses.join("; ")
                );
                let surface = &surfaces[id.surface];
                let label = surface.entities[id.entity].label();
                let at = Location::new(surface, id, &label, "name", name);
                found.push(Finding::new(&META, severity, at, 0, name.len(), message));
            }
        }
        found.sort_by_key(|finding| finding.entity);
        findings.extend(found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Value;
    use crate::model::Entity;

    fn entity(kind: Kind, index: usize, name: &str) -> Entity {
        Entity {
            kind,
            index,
            value: Value::Object(vec![("name".into(), Value::String(name.into()))]),
        }
    }

    fn surface(source: Option<&str>, entities: Vec<Entity>) -> Surface {
        Surface { source: source.map(str::to_string), entities }
    }

    fn run(surfaces: &[Surface]) -> Vec<Finding> {
        let mut findings = Vec::new();
        NameCollision.check(surfaces, &mut findings);
        findings
    }

    fn across(name: &str) -> Vec<Finding> {
        run(&[
            surface(Some("a"), vec![entity(Kind::Tool, 0, name)]),
            surface(
                Some("b"),
                vec![entity(Kind::Tool, 0, name), entity(Kind::Tool, 1, "b_only_tool")],
            ),
        ])
    }

    #[test]
    fn the_generic_word_list_is_sorted_for_binary_search() {
        assert!(GENERIC_WORDS.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn duplicates_in_one_listing_each_get_a_medium_finding() {
        let surfaces = [surface(
            None,
            vec![
                entity(Kind::Tool, 0, "search"),
                entity(Kind::Tool, 1, "search"),
                entity(Kind::Tool, 2, "search"),
                entity(Kind::Tool, 3, "other"),
            ],
        )];
        let findings = run(&surfaces);
        assert_eq!(findings.len(), 3);
        assert_eq!(findings[0].path, "name");
        assert_eq!(findings[0].matched, "search");
        assert_eq!(findings[0].severity, Severity::Medium);
        assert_eq!(
            findings[0].message,
            "a second tool in the same listing carries this name, so which definition a call to this tool reaches is up to the client"
        );
    }

    #[test]
    fn a_generic_name_shared_across_servers_is_low() {
        for name in
            ["search", "create_issue", "get_user", "getUser", "files.read", "create_or_update_file"]
        {
            let findings = across(name);
            assert_eq!(findings.len(), 2, "{name}");
            assert!(findings.iter().all(|finding| finding.severity == Severity::Low), "{name}");
        }
    }

    #[test]
    fn a_distinctive_name_shared_across_servers_is_medium() {
        for name in
            ["stripe_create_refund", "get_pull_request_review_comments", "transfer_funds", "検索"]
        {
            let findings = across(name);
            assert!(findings.iter().all(|finding| finding.severity == Severity::Medium), "{name}");
        }
        assert_eq!(
            across("stripe_create_refund")[0].message,
            "server 'b' also exposes a tool with this name, so which definition a call to this tool reaches is up to the client"
        );
    }

    #[test]
    fn one_server_configured_twice_is_low() {
        let listing = |source: &str| {
            surface(Some(source), vec![entity(Kind::Tool, 0, "gmail_search_threads")])
        };
        let findings = run(&[listing("gmail-work"), listing("gmail-personal")]);
        assert_eq!(findings.len(), 2);
        assert!(findings.iter().all(|finding| finding.severity == Severity::Low));
    }

    #[test]
    fn a_look_alike_spelling_of_another_servers_tool_is_medium() {
        let surfaces = [
            surface(Some("bank"), vec![entity(Kind::Tool, 0, "get_account")]),
            surface(Some("evil"), vec![entity(Kind::Tool, 0, "get_\u{430}ccount")]),
        ];
        let findings = run(&surfaces);
        assert_eq!(findings.len(), 2);
        assert!(findings.iter().all(|finding| finding.severity == Severity::Medium));
        assert!(findings[1].message.starts_with(
            "it reads the same as the tool 'get_account' but is spelled with different look-alike letters"
        ));
    }

    #[test]
    fn other_servers_are_named_sorted() {
        let surfaces = [
            surface(Some("b"), vec![entity(Kind::Tool, 0, "fetch")]),
            surface(Some("c"), vec![entity(Kind::Tool, 0, "fetch")]),
            surface(Some("a"), vec![entity(Kind::Tool, 0, "fetch")]),
        ];
        let findings = run(&surfaces);
        assert_eq!(findings.len(), 3);
        assert!(
            findings[0].message.starts_with("servers 'a', 'c' also expose a tool with this name")
        );
        assert!(findings[2].message.starts_with("servers 'b', 'c' also expose"));
    }

    #[test]
    fn a_tool_and_a_prompt_resources_and_blank_names_never_collide() {
        let surfaces = [surface(
            None,
            vec![
                entity(Kind::Tool, 0, "x"),
                entity(Kind::Prompt, 0, "x"),
                entity(Kind::Resource, 0, "x"),
                entity(Kind::Resource, 1, "x"),
                entity(Kind::Tool, 1, " "),
                entity(Kind::Tool, 2, " "),
            ],
        )];
        assert!(run(&surfaces).is_empty());
    }

    #[test]
    fn near_duplicates_are_not_collisions() {
        let surfaces =
            [surface(None, vec![entity(Kind::Tool, 0, "search"), entity(Kind::Tool, 1, "Search")])];
        assert!(run(&surfaces).is_empty());
    }
}
