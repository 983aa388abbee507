//! What a text names as tools that are not this server's: other tools in general (`any other
//! tool`, `other MCP servers`, `third-party tools`, `the built-in browser`), a tool by a name
//! this server does not expose (`send_email`), or another server (`the GitHub MCP server`).

use crate::rules::scope::Scope;
use crate::text::Doc;
use crate::text::lex::Kind;
use crate::vocab::classes::{func, thing};
use std::ops::Range;

/// Words after a tool noun that keep it to this server: `other tools in this server`.
const SCOPED_AFTER: &[&str] = &["in", "of", "on", "from", "here", "below", "above", "listed"];
/// Words before that keep it to this server: `our other tools`, `the following tools`.
const SCOPED_BEFORE: &[&str] = &["our", "these", "following", "sibling", "related", "companion"];
/// Words that make `other tools` every other tool: `any other tool`, `every other tool`.
const QUANTIFIERS: &[&str] = &["any", "every", "all", "each", "whatever", "another"];

/// Nouns for a tool or its server.
fn tool_noun(doc: &Doc, at: usize) -> bool {
    // Every string's every token asks: the tests on the lexicon's classes come first.
    let info = doc.tokens[at].info;
    if info.thing & thing::TOOL != 0 {
        return true;
    }
    let whole = doc.word(at);
    // `any other translator`, `every other converter`: an agent noun after `other` names a
    // tool that does the job; `the other translators`: the plural too.
    let agent_noun = || {
        let word = whole.strip_suffix('s').unwrap_or(whole);
        info.thing == 0
            && info.func == 0
            && word.len() > 5
            && (word.ends_with("er") || word.ends_with("or"))
    };
    // `another PDF or document reader`: `other` may stand before a list of domain words.
    let after_other = || {
        (1..=4).take_while(|&back| back <= at).any(|back| {
            doc.tokens[at - back].info.func & func::OTHER != 0
                && (at - back + 1..at).all(|b| {
                    doc.tokens[b].kind == Kind::Word
                        && (doc.tokens[b].info.func == 0 || matches!(doc.word(b), "or" | "and"))
                })
        })
    };
    TOOL_LIKE.contains(&whole) || whole == "tool call" || agent_noun() && after_other()
}

/// Nouns the lexicon does not class as tools that still name one here: `any other provider`.
pub const TOOL_LIKE: &[&str] = &[
    "providers",
    "provider",
    "browser",
    "extensions",
    "apps",
    "services",
    "service",
    "mailer",
    "mailers",
];

/// Whether the tool noun at `at` is scoped to this server: `other tools in this server`, `our
/// other tools`, `other CircleCI tools` on CircleCI's server.
fn scoped(doc: &Doc, at: usize, range: &Range<usize>, scope: Option<&Scope<'_>>) -> bool {
    let after = doc.word(at + 1);
    let then = doc.word(at + 2);
    let own_after = SCOPED_AFTER.contains(&after)
        && matches!(then, "this" | "the" | "our" | "these")
        && !matches!(doc.word(at + 3), "other" | "another")
        // `any tool in this session`, `other database tools in this client`: the session and
        // the client hold every server's tools.
        && !matches!(
            doc.word(at + 3),
            "session" | "conversation" | "chat" | "workspace" | "client" | "clients"
        )
        || matches!(after, "here" | "below" | "above" | "listed");
    // `this server`, `its tools`.
    if matches!(doc.word(at.saturating_sub(1)), "this" | "our" | "these" | "its" | "same") {
        return true;
    }
    let before = range.start.max(at.saturating_sub(4))..at;
    // The brand stands between `other` and the noun, or right after it.
    let from = before
        .clone()
        .rev()
        .find(|&b| doc.tokens[b].info.func & func::OTHER != 0)
        .map_or(at, |other| other + 1);
    // `even when another PDF reader is connected`: a tool installed beside this one is
    // another server's, whatever domain word the two names share.
    let installed = matches!(after, "is" | "are")
        && matches!(then, "connected" | "installed" | "configured" | "loaded" | "enabled");
    let branded = !installed
        && scope.is_some_and(|scope| {
            (from..at).chain(at + 1..(at + 3).min(range.end)).any(|b| {
                doc.tokens[b].info == crate::vocab::Info::default()
                    && scope.index().brand(scope.surface(), doc.word(b))
            })
        });
    own_after || branded || doc.has_word(before, SCOPED_BEFORE)
}

/// The first token in `range` naming other tools in general: `other`, `another`, `third-party`
/// (or `any`, `every`, `all` with `other`) before a tool noun, a domain word or two between
/// (`any other translation tool`, `other calendar or mail servers`), not scoped to this
/// server; whether a quantifier makes it every other tool; whether it says `other` (rather
/// than `any tool`, which takes in this server's own).
pub fn others(
    doc: &Doc,
    range: Range<usize>,
    scope: Option<&Scope<'_>>,
) -> Option<(usize, bool, bool)> {
    range.clone().find_map(|at| {
        if !tool_noun(doc, at) || scoped(doc, at, &range, scope) {
            return None;
        }
        // Domain words between, a list of them with commas, `or`, `and`: `any other
        // summarization, reading or PDF tool`.
        let listed = |from: usize| {
            (from + 1..at).all(|b| {
                doc.tokens[b].kind == Kind::Word
                    && (doc.tokens[b].info.func == 0 || matches!(doc.word(b), "or" | "and"))
                    || doc.tokens[b].is_punct(',')
            })
        };
        let before = range.start.max(at.saturating_sub(5))..at;
        let other = before
            .clone()
            .any(|b| doc.tokens[b].info.func & func::OTHER != 0 && doc.word(b) != "rest")
            || (range.start.max(at.saturating_sub(9))..at).any(|b| {
                doc.tokens[b].info.func & func::OTHER != 0 && doc.word(b) != "rest" && listed(b)
            })
            || matches!(doc.word(at.saturating_sub(1)), "built-in" | "native")
            || doc.word(at.saturating_sub(2)) == "rest" && doc.word(at.saturating_sub(1)) == "of"
            // `tools outside this server`, `tools beyond this one`.
            || at + 3 < range.end
                && matches!(doc.word(at + 1), "outside" | "beyond")
                && matches!(doc.word(at + 2), "this" | "the")
                && (doc.word(at + 3).starts_with("server") || doc.word(at + 3) == "one");
        let wide = range.start.max(at.saturating_sub(8))..at;
        let quantified = doc.has_word(wide, QUANTIFIERS)
            || doc.word(at.saturating_sub(2)) == "rest"
            || matches!(doc.word(at.saturating_sub(1)), "built-in" | "native");
        // `with any tool`, `any calendar tool`, `on any server`: every tool, this server's
        // among them.
        let quantifier = |b: usize| matches!(doc.word(b), "any" | "every" | "whatever");
        // `any calendar tool`, `any travel or airline tool`: domain words, `or`, `and` between.
        let quantified_at = (range.start.max(at.saturating_sub(9))..at.saturating_sub(1))
            .rev()
            .find(|&b| quantifier(b))
            .filter(|&b| listed(b));
        let domain = quantified_at.is_some();
        let server_noun = doc.word(at).starts_with("server");
        // `any connected mailer`: a tool named by what it does is a tool too.
        let kind = matches!(doc.word(at), "mailer" | "mailers");
        let any = (at > range.start && quantifier(at - 1) || domain)
            && (doc.word(at).starts_with("tool") || server_noun || kind);
        // `any tool on any connected server`, `every send_money call, on any server`: other
        // MCP servers are among them (`deploying to any server` is a machine).
        // Counted back from the quantifier: `each tool you are about to run on any connected
        // server` qualifies the servers without moving the tools further away.
        let from = quantified_at.unwrap_or(at);
        let of_tools = (range.start.max(from.saturating_sub(8))..at).any(|b| {
            doc.tokens[b].info.thing & thing::TOOL != 0 && !doc.word(b).starts_with("server")
                || matches!(doc.word(b), "call" | "calls" | "mcp" | "action" | "actions")
        });
        // `any tool on any connected server`: the tool's server is anyone's.
        let on_any_server = any
            && !server_noun
            && (at + 1..range.end.min(at + 6)).any(|b| {
                doc.word(b).starts_with("server")
                    && (at + 1..b).any(|q| {
                        matches!(doc.word(q), "any" | "every" | "other" | "all" | "another")
                    })
            });
        // `any filesystem server tools`: the tools of a server, and not this one.
        let server_tools = server_noun && doc.word(at + 1).starts_with("tool")
            || doc.word(at).starts_with("tool")
                && at > range.start
                && (doc.word(at - 1) == "server" || word_of_mcp_server(doc.word(at - 1)));
        // `instead of the servers the user configured`: the user's own tools are other
        // servers'; whether taking their place is steering, the shapes decide.
        let users_own = picked_by_user(doc, at + 1..range.end.min(at + 5), range.end, false);
        let other = other
            || any && server_noun && of_tools
            || on_any_server
            || any && server_tools
            || users_own;
        (other || any).then_some((at, quantified, other))
    })
}

/// Verbs right before a name that make it a tool: `calling send_email`.
const CALLING: &[&str] =
    &["call", "calls", "calling", "called", "invoke", "invokes", "invoking", "invoked"];

/// What a tool does or gives: `the behaviour of send_email`, `the results of search_code`.
const BEHAVIOUR: &[&str] = &[
    "behaviour",
    "behavior",
    "output",
    "outputs",
    "result",
    "results",
    "response",
    "responses",
    "handling",
    "implementation",
    "definition",
];

/// A tool named in `range` that this server does not expose, with the surfaces that do. A name
/// counts when some other server here exposes it, or when it is written as a tool is and
/// called one: a `snake_case`, `camelCase` or `kebab-case` identifier next to `tool` or after
/// `call` or `invoke`, or (snake case) after `use`. An English compound (`week-over-week`,
/// `X-Ray`) or a field name (`mailboxSettings`) is no tool.
pub fn named(doc: &Doc, range: Range<usize>, scope: &Scope<'_>) -> Option<(usize, Vec<usize>)> {
    range.clone().find_map(|at| {
        let token = &doc.tokens[at];
        // The cheap tests first: a name is a word or identifier of four bytes or more, with an
        // `_`, a `-` or an upper-case letter (what the snake, kebab and camel shapes below
        // need). The order does not change the outcome: every test here is a pure `&&`.
        if !matches!(token.kind, Kind::Ident | Kind::Word) {
            return None;
        }
        // The trimmed text is part of the token's, so what the token's own bytes lack, the
        // trimmed text lacks too: most words are rejected before the trim.
        let shaped_byte = |b: u8| b == b'_' || b == b'-' || b.is_ascii_uppercase();
        let whole = doc.text(at);
        if whole.len() < 4 || !whole.bytes().any(shaped_byte) {
            return None;
        }
        let text = whole.trim_matches(['`', '\'', '"']);
        if text.len() < 4 || !text.bytes().any(shaped_byte) {
            return None;
        }
        let snake = text.contains('_');
        let camel = text.starts_with(|c: char| c.is_ascii_lowercase())
            && text.chars().any(|c| c.is_ascii_uppercase());
        let kebab = text.contains('-')
            && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        let shaped = text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            && (snake || camel || kebab);
        if !matches!(token.kind, Kind::Ident | Kind::Word)
            || !shaped
            || text.len() < 4
            // `the filesystem server's read_file`: a name this server shares, placed on
            // another server.
            || scope.own(text) && !placed_elsewhere(doc, at)
        {
            return None;
        }
        // An environment variable or a constant (`API_KEY`) is no tool.
        if text.chars().all(|c| !c.is_ascii_lowercase()) {
            return None;
        }
        let holders: Vec<usize> = scope.foreign(text).collect();
        let mut previous = at.saturating_sub(1);
        while previous > range.start && matches!(doc.word(previous), "the" | "`" | "'" | "\"") {
            previous -= 1;
        }
        let mut after = at + 1;
        while after < range.end && matches!(doc.word(after), "`" | "'" | "\"") {
            after += 1;
        }
        let next = doc.word(after);
        // `calls to write_file`, `the filesystem server's write_file`.
        let called = matches!(next, "tool" | "function" | "endpoint" | "command")
            || CALLING.contains(&doc.word(previous))
            || doc.word(previous) == "to"
                && matches!(doc.word(previous.saturating_sub(1)), "calls" | "call" | "requests")
            || doc.word(previous).starts_with("server")
                && doc.tokens[previous].is(crate::text::lex::flag::POSSESSIVE)
            || snake && matches!(doc.word(previous), "use" | "using" | "uses" | "with" | "via")
            || doc.word(previous) == "tool" && doc.word(previous.saturating_sub(1)) == "the"
            || snake
                && doc.word(previous) == "of"
                && BEHAVIOUR.contains(&doc.word(previous.saturating_sub(1)));
        (!holders.is_empty() || called).then_some((at, holders))
    })
}

/// Words that mark a named server as the original one, not this server's own brand.
const OFFICIAL: &[&str] = &["official", "original", "native", "upstream", "first-party"];

/// `the GitHub MCP server`, `the github server's tools`: another server by name.
pub fn server(doc: &Doc, range: Range<usize>, scope: &Scope<'_>) -> Option<usize> {
    range.clone().find(|&at| {
        // `servers`, or the lexer's one token `mcp server`.
        let word = doc.word(at);
        if !(word.starts_with("server") || word.ends_with(" server") || word.ends_with(" servers"))
        {
            return false;
        }
        // `the GitHub or filesystem servers`: two names coordinated before one noun.
        let reach = if doc.has_word(at.saturating_sub(3)..at, &["or", "and"]) { 5 } else { 3 };
        let before = range.start.max(at.saturating_sub(reach))..at;
        let named = before.clone().any(|b| {
            let token = &doc.tokens[b];
            // A brand the lexicon knows by its domain (`GitHub`) is still a name.
            // `GitHub` is lexed as an identifier for its inner capital.
            let word = doc.word(b);
            // `the MCP server's database`: the protocol's name is no server's.
            let unknown = matches!(token.kind, Kind::Word | Kind::Ident)
                && token.info.func == 0
                && token.info.thing == 0
                && token.info.act == 0
                && word != "mcp";
            let another = (0..scope.index().sources()).any(|s| {
                s != scope.surface()
                    && scope.index().source(s).is_some_and(|name| name.eq_ignore_ascii_case(word))
            });
            // `the official Slack server` beside this `slack-bridge`: the brand is shared, the
            // server is someone else's.
            let official = doc.has_word(before.clone(), OFFICIAL);
            let capital = token.is(crate::text::lex::flag::CAPITAL)
                || token.kind == Kind::Ident
                    && doc.raw[token.start..].starts_with(|c: char| c.is_ascii_uppercase());
            // `the postgres MCP server`: a name, whatever its case, right before `MCP server`.
            let mcp_named =
                b + 1 == at && word_of_mcp_server(doc.word(at)) && !GENERIC_SERVERS.contains(&word);
            unknown
                && (capital || mcp_named)
                && (!scope.index().brand(scope.surface(), word) || official)
                || another
        });
        // `the GitHub MCP server`, `GitHub's server`: a server, not a product (`Express
        // Server` in a list).
        let server_of = doc.has_word(before.clone(), &["the", "mcp"])
            || doc.tokens[at].is(crate::text::lex::flag::POSSESSIVE)
            || before.clone().any(|b| doc.tokens[b].is(crate::text::lex::flag::POSSESSIVE));
        named && server_of && !doc.has_word(before, &["this", "our"])
    })
}

/// Whether `word` is the lexer's one token for an MCP server: `mcp server`, `mcp servers`.
fn word_of_mcp_server(word: &str) -> bool {
    matches!(word, "mcp server" | "mcp servers")
}

/// Words before `MCP server` that say which kind of server, not whose.
const GENERIC_SERVERS: &[&str] = &[
    "local",
    "remote",
    "upstream",
    "downstream",
    "same",
    "default",
    "main",
    "hosted",
    "custom",
    "own",
    "existing",
    "current",
    "separate",
    "standalone",
    "stdio",
    "http",
    "sse",
    "test",
];

/// Verbs by which the user picks a tool: `whatever filesystem tool the user has configured`.
const CHOSEN: &[&str] = &[
    "configured",
    "chosen",
    "chose",
    "chooses",
    "installed",
    "picked",
    "picks",
    "selected",
    "selects",
    "prefers",
    "preferred",
    "enabled",
    "connected",
    "set up",
    "uses",
    "use",
];

/// Whether the user, named in `nouns`, picks what was named before: `the servers the user
/// configured`, `whatever mail tool they normally use` (`they` standing for the user when
/// `they_user`). The picking verb follows within three words, before `limit`.
pub fn picked_by_user(doc: &Doc, nouns: Range<usize>, limit: usize, they_user: bool) -> bool {
    nouns.into_iter().any(|at| {
        (doc.tokens[at].info.thing & thing::USER != 0
            || they_user && matches!(doc.word(at), "they" | "them"))
            && (at + 1..limit.min(at + 4)).any(|verb| CHOSEN.contains(&doc.word(verb)))
    })
}

/// Whether the text puts the tool named at `at` on another server.
pub fn placed_elsewhere(doc: &Doc, at: usize) -> bool {
    let own = |range: Range<usize>| doc.has_word(range, &["this", "our", "its", "my"]);
    let before = at.saturating_sub(3)..at;
    let possessed = before.clone().any(|b| {
        doc.word(b).starts_with("server") && doc.tokens[b].is(crate::text::lex::flag::POSSESSIVE)
    }) && !own(before.clone());
    let after = at + 1..doc.tokens.len().min(at + 7);
    let on_server =
        after.clone().find(|&a| doc.word(a).starts_with("server")).is_some_and(|server| {
            doc.has_word(at + 1..server, &["on", "from", "of", "in"]) && !own(at + 1..server)
        });
    possessed || on_server
}

/// What a text names as foreign.
#[derive(Debug, Clone)]
pub enum Target {
    /// Other tools in general: `any other tool`, `third-party tools`, `the built-in browser`;
    /// `quantified` when it is every other tool (`any other`, `another`, `all other`);
    /// `explicit` unless it is only `any tool`, which takes in this server's own.
    Others { quantified: bool, explicit: bool },
    /// Another server by name: `the GitHub MCP server`.
    Server,
    /// A tool by a name this server does not expose, and the surfaces that do.
    Named(Vec<usize>),
}

impl Target {
    /// Other tools or servers in general, not one named tool.
    pub fn general(&self) -> bool {
        matches!(self, Target::Others { explicit: true, .. } | Target::Server)
    }

    /// Every other tool or server, not just some: `any other tool`, `the GitHub server`.
    pub fn every(&self) -> bool {
        matches!(self, Target::Others { quantified: true, explicit: true } | Target::Server)
            || self.elsewhere()
    }

    /// A tool by name only.
    pub fn named_only(&self) -> bool {
        matches!(self, Target::Named(_))
    }

    /// A named tool another server in this scan exposes.
    pub fn elsewhere(&self) -> bool {
        matches!(self, Target::Named(holders) if !holders.is_empty())
    }

    /// For a message: `other tools`, `another server`, `` `send_email`, a tool this server
    /// does not expose ``.
    pub fn describe(&self, doc: &Doc, at: usize) -> String {
        match self {
            Target::Others { .. } => "other tools".to_string(),
            Target::Server => "another server".to_string(),
            Target::Named(_) => {
                let name = doc.text(at).trim_matches('`');
                format!("{name}, a tool this server does not expose")
            }
        }
    }
}

/// Every foreign target in `range`, in order: general ones, other servers, and (with a scope)
/// tools by a name this server does not expose.
pub fn find<'d>(
    doc: &'d Doc,
    range: Range<usize>,
    scope: Option<&'d Scope<'d>>,
) -> impl Iterator<Item = (usize, Target)> + 'd {
    let mut found: Vec<(usize, Target)> = Vec::new();
    if let Some((at, quantified, explicit)) = others(doc, range.clone(), scope) {
        found.push((at, Target::Others { quantified, explicit }));
    }
    if let Some(scope) = scope {
        if let Some(at) = server(doc, range.clone(), scope) {
            found.push((at, Target::Server));
        }
        let mut from = range.start;
        while let Some((at, holders)) = named(doc, from..range.end, scope) {
            found.push((at, Target::Named(holders)));
            from = at + 1;
        }
    }
    found.sort_by_key(|(at, _)| *at);
    found.into_iter()
}
