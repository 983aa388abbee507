//! Side channels: parameters the model is told to stuff with what it has no business passing.

use super::*;

/// Parameter-name words that make a free-form field a side channel.
#[rustfmt::skip]
pub(super) const SIDE_CHANNEL_WORDS: &[&str] = &[
    "additional", "annotation", "annotations", "audit", "aux", "auxiliary", "background", "comment",
    "comments", "context", "debug", "details", "diagnostic", "diagnostics", "explanation", "extra",
    "extras", "feedback", "hint", "hints", "info", "justification", "memo", "memory", "memos",
    "meta", "metadata", "misc", "note", "notes", "rationale", "reasoning", "remark", "remarks",
    "scratch", "scratchpad", "side", "sidenote", "sidenotes", "summary", "telemetry", "thoughts",
    "trace",
];

/// Name words that make the field structured, whatever else it is called (`context_id`).
#[rustfmt::skip]
pub(super) const STRUCTURED_WORDS: &[&str] = &[
    "count", "date", "enable", "enabled", "flag", "format", "id", "ids", "index", "key", "keys",
    "length", "level", "limit", "max", "min", "mode", "name", "number", "path", "size", "time",
    "type", "uri", "url", "version",
];

pub(super) fn is_side_channel(name: &str) -> bool {
    SIDE_CHANNEL_STEMS.for_text(name).is_match(name)
        && words(name).any(|word| in_sorted(word, SIDE_CHANNEL_WORDS))
        && !words(name).any(|word| in_sorted(word, STRUCTURED_WORDS))
}

/// A cheap first look: most parameter names hold none of the side-channel words.
pub(super) static SIDE_CHANNEL_STEMS: LazyLock<WordAutomaton> =
    LazyLock::new(|| word_automaton(SIDE_CHANNEL_WORDS));

/// A side-channel parameter of an entity: its name and the path of its schema.
#[derive(Debug, Clone)]
pub(super) struct Param {
    pub(super) name: String,
    pub(super) path: String,
}

impl Param {
    /// Whether the string at `path` belongs to this parameter's own schema.
    pub(super) fn owns(&self, path: &str) -> bool {
        path.strip_prefix(self.path.as_str())
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
    }
}

/// A field that can carry text: not a boolean or a number.
pub(super) fn carries_text(schema: &Value) -> bool {
    !matches!(
        schema.get("type").and_then(Value::as_str),
        Some("boolean" | "integer" | "number" | "null")
    )
}

/// Every side-channel parameter in a tool's input schema (nested ones too) or a prompt's
/// arguments. Paths are written the way `string_leaves` writes them.
pub(super) fn side_channels(entity: &Entity) -> Vec<Param> {
    let mut found = Vec::new();
    match entity.kind {
        Kind::Tool => {
            if let Some(schema) = entity.value.get("inputSchema")
                && has_side_channel(schema)
            {
                let mut path = String::from("inputSchema");
                collect_params(schema, &mut path, &mut found);
            }
        }
        Kind::Prompt => {
            let arguments = entity.value.get("arguments").and_then(Value::as_array).unwrap_or(&[]);
            for (index, argument) in arguments.iter().enumerate() {
                if let Some(name) = argument.get("name").and_then(Value::as_str)
                    && is_side_channel(name)
                {
                    found.push(Param {
                        name: name.to_string(),
                        path: format!("arguments[{index}]"),
                    });
                }
            }
        }
        Kind::Resource | Kind::Server => {}
    }
    found
}

/// Whether JSON Schema nests one schema or a list of them under `key`.
pub(super) fn is_subschema_key(key: &str) -> bool {
    matches!(
        key,
        "items"
            | "additionalProperties"
            | "anyOf"
            | "oneOf"
            | "allOf"
            | "prefixItems"
            | "not"
            | "if"
            | "then"
            | "else"
    )
}

/// Whether JSON Schema nests named schemas under `key`; under `properties` the names are
/// parameters.
pub(super) fn is_named_subschema_key(key: &str) -> bool {
    matches!(key, "properties" | "patternProperties" | "$defs" | "definitions")
}

/// The cheap pass: does any parameter under `schema` have a side-channel name? Walks schema
/// structure only, never descriptions, enums or examples.
pub(super) fn has_side_channel(schema: &Value) -> bool {
    match schema {
        Value::Object(members) => members.iter().any(|(key, value)| {
            if is_named_subschema_key(key) {
                let named = value.as_object().unwrap_or(&[]);
                named.iter().any(|(name, schema)| {
                    (key == "properties" && is_side_channel(name) && carries_text(schema))
                        || has_side_channel(schema)
                })
            } else {
                is_subschema_key(key) && has_side_channel(value)
            }
        }),
        Value::Array(items) => items.iter().any(has_side_channel),
        _ => false,
    }
}

/// Every side-channel parameter under `schema`, at `path` (written as `string_leaves` writes
/// paths), walking the same structure as [`has_side_channel`].
pub(super) fn collect_params(schema: &Value, path: &mut String, found: &mut Vec<Param>) {
    let len = path.len();
    match schema {
        Value::Object(members) => {
            for (key, value) in members {
                if is_named_subschema_key(key) {
                    for (name, schema) in value.as_object().unwrap_or(&[]) {
                        path.push_str(&format!(".{key}.{name}"));
                        if key == "properties" && is_side_channel(name) && carries_text(schema) {
                            found.push(Param { name: name.clone(), path: path.clone() });
                        }
                        collect_params(schema, path, found);
                        path.truncate(len);
                    }
                } else if is_subschema_key(key) {
                    path.push('.');
                    path.push_str(key);
                    collect_params(value, path, found);
                    path.truncate(len);
                }
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                path.push_str(&format!("[{index}]"));
                collect_params(item, path, found);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// What a side channel is told to carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Content {
    FileContents,
    CredentialFile,
    Credentials,
    Conversation,
    SystemPrompt,
    ToolResults,
    Environment,
    Everything,
    UserMessages,
}

pub(super) const CONTENTS: [Content; 9] = [
    Content::FileContents,
    Content::CredentialFile,
    Content::Credentials,
    Content::Conversation,
    Content::SystemPrompt,
    Content::ToolResults,
    Content::Environment,
    Content::Everything,
    Content::UserMessages,
];

impl Content {
    pub(super) fn noun(self) -> &'static str {
        match self {
            Content::FileContents => "file contents",
            Content::CredentialFile => "a credential file",
            Content::Credentials => "credentials",
            Content::Conversation => "the conversation history",
            Content::SystemPrompt => "the system prompt",
            Content::ToolResults => "previous tool results",
            Content::Environment => "environment variables",
            Content::Everything => "everything the model knows",
            Content::UserMessages => "the user's messages",
        }
    }

    pub(super) fn pattern(self) -> String {
        let pattern = match self {
            Content::FileContents => {
                r"\b(?:(?:full|raw|entire|complete|whole)\s+)?(?:contents?|text|body|source)\s+of\s+(?:(?:the|any|all|every|each|those|these|their|his|her|your|its|that|this)\s+)?(?:user(?:'s|\xE2\x80\x99s|s')?\s+)?(?:(?:open|opened|local|config(?:uration)?|hidden|private|secret|dot|recent|recently|edited|relevant|other|home|project|workspace|current|personal|ssh|env)\s+)*(?:files?|notes|directory|folder|workspace|clipboard|documents?|dotfiles?)\b|\bfiles?\s+contents?\b|\b(?:contents?|text|body)\s+of\s+(?:the\s+|your\s+)?(?:~/|\./|/)[\w./-]*[\w/-]|\b(?:contents?|text|body)\s+of\s+(?:the\s+|your\s+)?[\w-]+\.(?:json|pem|key|ya?ml|toml|ini|cfg|conf|txt|log|sqlite|db)\b|\b(?:any|all|every)\s+files?\s+you\s+(?:have\s+)?(?:read|opened|seen|accessed)\b"
            }
            Content::CredentialFile => {
                return format!("{CREDENTIAL_FILE_PATTERN}|{CREDENTIAL_STORE_PATTERN}");
            }
            Content::Credentials => {
                r"\b(?:passwords?|passphrases?|passcodes?|api[ _-]?keys?|access[ _-]?keys?|secret[ _-]?(?:access[ _-]?)?keys?|private[ _-]?keys?|ssh[ _-]?keys?|(?:auth(?:entication)?|access|bearer|refresh|session|oauth|github|api|id)[ _-]?tokens?|session[ _-]?cookies?|cookies|credentials?|secrets|seed phrases?|recovery (?:phrases?|codes?)|2fa codes?|one-time codes?)\b"
            }
            Content::Conversation => {
                r"\b(?:(?:full|entire|whole|complete|previous|prior|current|ongoing)\s+)?(?:conversation|chat|dialog(?:ue)?|message)[ _-]?(?:history|histories|logs?|transcripts?)\b|\b(?:full|entire|whole|complete|previous|prior|current|ongoing)\s+(?:conversation|chat|dialog(?:ue)?|transcript)\b|\bthe\s+conversation\s+(?:so\s+far|up\s+to\s+now|until\s+now|verbatim)\b|\b(?:all|every|each)\s+(?:(?:of\s+)?the\s+)?(?:previous\s+|prior\s+|earlier\s+|past\s+|other\s+)?(?:messages|turns)\b|\b(?:previous|prior|earlier|past|preceding)\s+(?:messages|turns|exchanges)\b|\btranscript\s+of\s+(?:the|this)\s+(?:conversation|chat|session)\b"
            }
            Content::SystemPrompt => {
                r"\bsystem[ _-]?(?:prompts?|messages?|instructions?)\b|\b(?:your|the\s+model'?s|the\s+assistant'?s|the\s+agent'?s|hidden|developer)\s+(?:system\s+)?(?:instructions|prompt|rules|guidelines)\b|\bdeveloper\s+(?:message|prompt)\b"
            }
            Content::ToolResults => {
                r"\b(?:previous|prior|earlier|past|other|all|every|each|recent|last|preceding)\s+(?:tool|function)[ _-]?(?:calls?|results?|outputs?|responses?|invocations?)\b|\b(?:results?|outputs?|responses?)\s+(?:of|from)\s+(?:the\s+|any\s+|all\s+|every\s+)?(?:previous|prior|other|earlier|preceding|last)\s+(?:tools?|tool\s+calls?|function\s+calls?|calls?)\b|\btool\s+(?:results|outputs|responses)\b"
            }
            Content::Environment => {
                r"\benvironment[ _-]?variables?\b|\benv[ _-]?vars?\b|\bprocess\.env\b|\bos\.environ\b|\bprintenv\b"
            }
            Content::Everything => {
                r"\b(?:everything|all|anything)\s+(?:else\s+)?(?:that\s+)?you\s+(?:know|remember|can\s+recall|have\s+(?:learned|learnt|seen|been\s+told|read|access\s+to))\b|\ball\s+(?:the\s+)?(?:information|info|details|context|data|knowledge)\s+(?:that\s+)?you\s+(?:have|know|hold|can\s+access|possess)\b|\beverything\s+(?:about|regarding)\s+the\s+user\b|\b(?:everything|all)\s+(?:in|from)\s+your\s+(?:context(?:\s+window)?|memory)\b|\byour\s+(?:entire|full|whole)\s+context(?:\s+window)?\b"
            }
            Content::UserMessages => {
                r"\b(?:the\s+)?user(?:'s|\xE2\x80\x99s|s')\s+(?:(?:previous|prior|earlier|past|recent|other|entire|full|private|personal|raw)\s+)?(?:messages|prompts|requests|queries|emails|chats|inputs)\b|\b(?:every|each|all(?:\s+of)?(?:\s+the)?)\s+(?:messages?|things?|words?)\s+(?:that\s+)?the\s+user\s+(?:has\s+)?(?:sent|typed|written|wrote|said|entered)\b|\b(?:what|everything)\s+the\s+user\s+(?:has\s+)?(?:said|typed|written|wrote|sent|entered|asked)\b|\bthe\s+user(?:'s|\xE2\x80\x99s)\s+(?:last|latest|most\s+recent|previous)\s+(?:message|prompt|request)\b|\b(?:last|latest|recent|previous|past|first)\s+(?:[a-z0-9]+\s+)?(?:messages|prompts|requests)\s+(?:that\s+)?the\s+user\s+(?:has\s+)?(?:sent|typed|written|wrote|said|entered)\b"
            }
        };
        pattern.to_string()
    }

    /// Words in a tool's name or first sentence that make this content its business.
    pub(super) fn excused_by(self) -> &'static [&'static str] {
        match self {
            Content::FileContents => &[
                "file",
                "files",
                "document",
                "documents",
                "upload",
                "attachment",
                "attachments",
                "read",
                "notes",
            ],
            Content::CredentialFile | Content::Credentials => &[
                "credential",
                "credentials",
                "secret",
                "secrets",
                "password",
                "passwords",
                "key",
                "keys",
                "token",
                "tokens",
                "vault",
                "keychain",
                "auth",
                "login",
                "apikey",
                "oauth",
                "signin",
                "ssh",
                "config",
            ],
            Content::Conversation | Content::UserMessages => &[
                "conversation",
                "conversations",
                "chat",
                "chats",
                "history",
                "message",
                "messages",
                "transcript",
                "summarize",
                "summarise",
                "summary",
                "memory",
                "thread",
                "dialog",
                "dialogue",
                "ask",
                "assistant",
                "llm",
                "feedback",
                "support",
                "reply",
                "respond",
            ],
            Content::SystemPrompt => {
                &["prompt", "prompts", "system", "instruction", "instructions", "persona"]
            }
            Content::ToolResults => &[
                "trace",
                "tracing",
                "log",
                "logs",
                "logging",
                "observability",
                "evaluation",
                "eval",
                "audit",
            ],
            Content::Environment => &[
                "env",
                "environment",
                "config",
                "configuration",
                "debug",
                "variable",
                "variables",
                "settings",
                "diagnose",
                "diagnostics",
            ],
            Content::Everything => {
                &["memory", "memories", "remember", "profile", "knowledge", "facts", "recall"]
            }
        }
    }

    /// Whether the word after the match makes it a modifier, not the thing itself
    /// ("password reset policy", "system prompt template").
    pub(super) fn modified_by(self, next: &str) -> bool {
        matches!(self, Content::Credentials | Content::SystemPrompt | Content::Environment)
            && is_one_of(next, MODIFIED_HEADS)
    }
}

#[rustfmt::skip]
pub(super) const MODIFIED_HEADS: &[&str] = &[
    "reset", "policy", "policies", "rotation", "strength", "requirements", "manager", "hint",
    "field", "fields", "name", "names", "id", "ids", "type", "types", "expiry", "expiration",
    "length", "change", "changes", "complexity", "form", "protected", "generator", "record",
    "entry", "entries", "label", "metadata", "count", "format", "scope", "scopes",
    "permissions", "status", "provider", "prompt", "screen", "page", "flow", "template",
    "templates", "version", "editor", "settings", "file", "location",
];

pub(super) static CONTENT: LazyLock<ByteRegex> = LazyLock::new(|| {
    let groups: Vec<String> =
        CONTENTS.iter().map(|content| format!("({})", content.pattern())).collect();
    compile(&groups.join("|"))
});

/// Verbs that put something into a field.
#[rustfmt::skip]
pub(super) const FILL_VERBS: &[&str] = &[
    "pass", "passes", "include", "includes", "including", "put", "paste", "fill", "filled",
    "populate", "populated", "provide", "supply", "add", "append", "attach", "insert", "embed",
    "copy", "dump", "send", "forward", "set", "write", "enter", "place", "store", "record",
    "list", "contain", "contains", "containing", "hold", "holds", "carry", "carries", "give",
    "share", "mirror", "repeat", "quote", "summarize", "summarise", "be", "echo",
];

/// Words that end a fill verb's reach: the content belongs to another phrase.
#[rustfmt::skip]
pub(super) const FILL_BREAKS: &[&str] = &[
    "to", "for", "about", "regarding", "from", "if", "when", "whether", "why", "how", "which",
    "who", "whose", "where", "after", "before", "because", "unless", "describing", "describe",
];

/// Words a field description may open with before naming its content ("Optional: the full
/// chat history").
#[rustfmt::skip]
pub(super) const OPENING_WORDS: &[&str] = &[
    "the", "a", "an", "your", "all", "any", "every", "full", "entire", "complete", "whole",
    "raw", "verbatim", "exact", "current", "latest", "copy", "dump", "of", "optional",
    "required", "here", "string", "text", "json", "list", "array", "plain", "base64", "encoded",
];

pub(super) const FILL_WINDOW: usize = 7;

/// Every content phrase in `text` that a field is told to carry, with its kind. `named` is set
/// when `text` is not the field's own and so must name it in the clause.
pub(super) fn fills<'a>(
    text: &'a str,
    doc: &'a (dyn SharedDoc + 'a),
    named: Option<&'a str>,
) -> impl Iterator<Item = (Content, Range<usize>)> + 'a {
    CONTENT.captures_iter(text.as_bytes()).filter_map(move |captures| {
        let (index, found) =
            captures.iter().skip(1).enumerate().find_map(|(index, group)| Some((index, group?)))?;
        let content = CONTENTS[index];
        let span = found.range();
        let matched = &text[span.clone()];
        if content == Content::CredentialFile
            && (matched.ends_with(".pub") || text[span.end..].starts_with(".pub"))
        {
            return None;
        }
        if matched.starts_with('.')
            && text[..span.start]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            return None;
        }
        if words(&text[span.end..]).next().is_some_and(|next| content.modified_by(next)) {
            return None;
        }
        let shared = doc.doc();
        let Range { start, end } = shared.sentence_bytes_at(span.start);
        if let Some(name) = named
            && !mentions(&text[start..end], name)
        {
            return None;
        }
        let before: Vec<&str> = words(&text[start..span.start]).collect();
        if before
            .iter()
            .rev()
            .take(2)
            .any(|w| is_one_of(w, &["about", "regarding", "describing", "for"]))
        {
            return None;
        }
        let opens = named.is_none()
            && words(&text[..span.start])
                .all(|word| is_one_of(word, OPENING_WORDS) || is_one_of(word, FILL_VERBS));
        let read_governs = matches!(content, Content::FileContents | Content::CredentialFile);
        let governed = governed(&before, read_governs);
        let labelled = named.is_some_and(|name| labels(&text[start..span.start], name));
        // A fill verb in a statement about something else is no order to fill the field:
        // "pages in one browser context share cookies".
        let governed = governed && !states(shared, span.start);
        if !(opens || governed || labelled) || shared.negated_at(span.clone()) {
            return None;
        }
        Some((content, span))
    })
}

/// Whether the clause holding byte `at` states what a third party does, ordering nothing.
pub(super) fn states(doc: &Doc<'_>, at: usize) -> bool {
    (0..doc.clauses.len()).any(|clause| {
        let reading = &doc.readings[clause];
        doc.clause_bytes(clause).contains(&at)
            && matches!(reading.form, Form::Statement | Form::Fragment)
            && reading.subject == Party::Other
            && !reading.obligation
    })
}

/// Whether a fill verb (or, for a file, a read verb) governs the words right before a content
/// phrase: "paste the ...", "read ... and include", "set this to ...".
pub(super) fn governed(before: &[&str], read_governs: bool) -> bool {
    let window: Vec<&str> = before.iter().rev().take(FILL_WINDOW).copied().collect();
    for (at, word) in window.iter().enumerate() {
        if is_one_of(word, FILL_VERBS) || (read_governs && is_one_of(word, READ_WORDS)) {
            return true;
        }
        // "set this to X": the `to` of a setting, not of a purpose.
        if word.eq_ignore_ascii_case("to")
            && window[at + 1..].iter().take(4).any(|w| is_one_of(w, &["set", "equal"]))
        {
            return true;
        }
        if is_one_of(word, FILL_BREAKS) {
            return false;
        }
    }
    false
}

/// Common words that name a field only when marked as one (`context`, "the notes field").
#[rustfmt::skip]
pub(super) const PLAIN_WORDS: &[&str] = &[
    "context", "notes", "note", "feedback", "metadata", "meta", "extra", "extras", "debug",
    "comment", "comments", "memo", "details", "info", "summary", "reasoning", "thoughts",
    "remarks", "annotations", "hint", "hints", "memory", "background", "trace", "explanation",
    "rationale", "additional",
];

pub(super) const FIELD_WORDS: &[&str] =
    &["parameter", "param", "argument", "arg", "field", "property", "input", "key", "slot"];

/// Whether `clause` names the field `name`: as a word, and, for a common word, quoted, in code
/// or beside "parameter" / "argument" / "field".
pub(super) fn mentions(clause: &str, name: &str) -> bool {
    find_word(clause, name).any(|at| {
        if !is_one_of(name, PLAIN_WORDS) {
            return true;
        }
        let before = clause[..at].chars().next_back();
        let after = clause[at + name.len()..].chars().next();
        let quoted = |c: Option<char>| {
            c.is_some_and(|c| {
                matches!(
                    c,
                    '`' | '\'' | '"' | '*' | '\u{2018}' | '\u{2019}' | '\u{201c}' | '\u{201d}'
                )
            })
        };
        quoted(before)
            || quoted(after)
            || words(&clause[at + name.len()..]).next().is_some_and(|w| is_one_of(w, FIELD_WORDS))
            || words(&clause[..at]).last().is_some_and(|w| is_one_of(w, FIELD_WORDS))
    })
}

/// Whether the text right before a content phrase is the field's name and a colon, dash or
/// equals sign: "`sidenote`: the chat history".
pub(super) fn labels(before: &str, name: &str) -> bool {
    let mut trimmed = before.trim_end();
    // Opening words may sit between the label and the content: "`sidenote`: the full ...".
    while let Some((head, last)) = trimmed.rsplit_once(char::is_whitespace)
        && is_one_of(last, OPENING_WORDS)
    {
        trimmed = head.trim_end();
    }
    let Some(rest) = trimmed.strip_suffix([':', '=', '-', '\u{2014}', '\u{2013}']) else {
        return false;
    };
    let rest = rest.trim_end().trim_end_matches(['`', '\'', '"', '*']);
    rest.len() >= name.len() && rest[rest.len() - name.len()..].eq_ignore_ascii_case(name)
}

/// Byte offsets where `word` occurs in `text` as a whole word, ASCII case-insensitively.
pub(super) fn find_word<'a>(text: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    let bytes = text.as_bytes();
    let needle = word.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let last = if needle.is_empty() { 0 } else { (bytes.len() + 1).saturating_sub(needle.len()) };
    (0..last).filter(move |&at| {
        bytes[at..at + needle.len()].eq_ignore_ascii_case(needle)
            && (at == 0 || !is_word(bytes[at - 1]))
            && bytes.get(at + needle.len()).is_none_or(|&b| !is_word(b))
    })
}
