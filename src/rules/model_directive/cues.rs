//! How text addresses the model, and the cues around an order: covert manners, threats,
//! consent, arguments data is moved into, examples and describing tools.
use super::*;

/// How a sentence addresses the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Address {
    /// "before using this tool", "every time you respond": may stand anywhere in the sentence.
    Preamble,
    /// "always", "please": governs a verb at most `ADVERB_WORDS` words on.
    Adverb,
    /// "the assistant must", "you should", "make sure to", "IMPORTANT:": governs any later verb.
    Modal,
}

impl Address {
    /// The kind of an `ADDRESS` match, read off its first word.
    pub(super) fn of(address: &str) -> Address {
        let first = address.split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or("");
        if is_one_of(first, &["always", "please"]) {
            Address::Adverb
        } else if is_one_of(first, PREAMBLE_WORDS) {
            Address::Preamble
        } else {
            Address::Modal
        }
    }
}

/// First words of a preamble ("before using this tool", "every time you respond", "first of
/// all"); no modal address starts with one.
pub(super) const PREAMBLE_WORDS: &[&str] =
    &["before", "prior", "after", "when", "whenever", "each", "every", "once", "first"];

/// When a preamble's order applies: "before using this tool".
#[rustfmt::skip]
pub(super) const WHEN: &[&str] = &[
    "before", "prior to", "after", "when", "whenever", "each time", "every time", "once",
];

/// A preamble with no act: "before anything else".
#[rustfmt::skip]
pub(super) const FIRST_OF_ALL: &[&str] = &[
    "before doing anything else", "before anything else", "before any other tool", "first of all",
];

/// What the model is called: "the assistant", "an AI agent".
#[rustfmt::skip]
pub(super) const AGENTS: &[&str] = &[
    "ai", "ai model", "ai assistant", "ai agent", "llm", "assistant", "model", "agent",
    "language model", "chatbot", "copilot", "claude", "chatgpt", "gpt", "gemini",
];
#[rustfmt::skip]
pub(super) const AGENT_STEMS: &[&str] = &[
    "ai", "llm", "assistant", "model", "agent", "chatbot", "copilot", "claude", "gpt", "gemini",
];

/// Orders to "you": "you must", "make sure", "remember to".
#[rustfmt::skip]
pub(super) const YOU_MUST: &[&str] = &[
    "you must", "you should", "you shall", "you need to", "you have to", "you are required to",
    "you will need to", "you are expected to", "you are instructed to", "you are to",
    "you ought to", "you're required to", "you'll need to", "make sure", "be sure", "ensure",
    "remember to", "don't forget to", "do not forget to", "requires you to", "require you to",
    "needs you to", "need you to", "wants you to", "want you to", "expects you to",
    "asks you to",
];
pub(super) const YOU_MUST_STEMS: &[&str] = &["you", "sure", "remember", "forget"];

/// How much something matters: "it is very important".
#[rustfmt::skip]
pub(super) const IMPORTANT: &[&str] = &[
    "important", "critical", "crucial", "essential", "mandatory", "required", "necessary",
    "vital", "imperative",
];

/// A label that heads an order: "IMPORTANT:", "Note to the AI:".
#[rustfmt::skip]
pub(super) const LABELS: &[&str] = &[
    "important", "critical", "mandatory", "required", "note to the ai", "note to ai",
    "note to the assistant", "note to the model", "note to the agent", "note to the llm",
    "note for the ai", "note for the assistant", "note for the model", "note for the agent",
];
pub(super) const LABEL_STEMS: &[&str] = &["important", "critical", "mandatory", "required", "note"];

/// Text addressed to the model, each family compiled only when its words occur and all of
/// them matched as one leftmost-first alternation, in this order.
#[rustfmt::skip]
pub(super) static ADDRESS: LazyLock<GatedPatterns> = LazyLock::new(|| {
    let when = phrase_alternation(WHEN);
    let you = phrase_alternation(&["you", "you have", "you are", "you first", "you have first"]);
    let act = phrase_alternation(&[
        "use", "using", "call", "calling", "invoke", "invoking", "run", "running", "execute",
        "executing", "respond", "responding", "answer", "answering", "reply", "replying",
        "proceed", "proceeding", "return", "returning", "continue", "continuing", "complete",
        "completing",
    ]);
    let first_of_all = phrase_alternation(FIRST_OF_ALL);
    let adverb = phrase_alternation(&["always", "please"]);
    let the = phrase_alternation(&["the", "an", "a", "this", "your", "any"]);
    let agent = phrase_alternation(AGENTS);
    let must = phrase_alternation(&[
        "must", "should", "shall", "needs to", "need to", "is required to", "are required to",
        "has to", "have to", "is expected to", "ought to", "will need to", "is instructed to",
        "is to",
    ]);
    let as_an = phrase_alternation(&["as an", "as a"]);
    let it_is = phrase_alternation(&["it is", "it's"]);
    let very = phrase_alternation(&["very", "extremely", "absolutely"]);
    let opens = |stems, pattern: String| Gate { stems, pattern: format!("{WB}(?:{pattern})") };
    let gates = [
        // Every preamble opens with one of its first words.
        opens(PREAMBLE_WORDS, format!("{when}{WS}(?:{you}{WS})?{act}{WB}")),
        opens(PREAMBLE_WORDS, format!("{first_of_all}{WB}")),
        opens(&["always", "please"], format!("{adverb}{WB}")),
        opens(AGENT_STEMS, format!("(?:{the}{WS})?{agent}s?{WS}{must}{WB}")),
        opens(AGENT_STEMS, format!("{as_an}{WS}{agent}{WB}")),
        opens(YOU_MUST_STEMS, format!("{}{WB}", phrase_alternation(YOU_MUST))),
        opens(
            IMPORTANT,
            format!("{it_is}{WS}(?:{very}{WS})?{}{WB}", phrase_alternation(IMPORTANT)),
        ),
        opens(LABEL_STEMS, format!("{}[ \t]*:", phrase_alternation(LABELS))),
    ];
    GatedPatterns::new(gates, |pattern| {
        ByteRegex::new(&ascii_classes(pattern)).expect("model-directive address patterns compile")
    })
});

/// Covert manners besides the covert adverbs: "do this discreetly".
pub(super) const MANNERS: &[&str] = &["discreetly", "behind the scenes"];
pub(super) const MANNER_STEMS: &[&str] = &["discreetly", "behind"];

/// Orders to keep something from the user: "do not mention it".
#[rustfmt::skip]
pub(super) const HUSH: &[&str] = &[
    "do not mention", "don't mention", "dont mention", "never mention", "no need to mention",
    "do not tell", "don't tell", "never tell", "no need to tell", "do not inform", "do not reveal",
    "do not disclose",
];
pub(super) const HUSH_STEMS: &[&str] = &["mention", "tell", "inform", "reveal", "disclose"];

/// The user kept unaware: "the user does not need to know".
#[rustfmt::skip]
pub(super) const UNAWARE: &[&str] = &[
    "user does not need to know", "user doesn't need to know", "user need not know",
    "user must not know", "user should not know", "user must not see", "user should not see",
    "invisible to the user", "hidden from the user",
];
pub(super) const UNAWARE_STEMS: &[&str] = &["know", "see", "invisible", "hidden"];

/// What the tool is said to do if the order is not followed: "otherwise the tool will fail".
#[rustfmt::skip]
pub(super) const FAILS: &[&str] = &[
    "will not work", "won't work", "will fail", "fails", "will crash", "will break", "will error",
    "will reject", "rejects", "cannot work", "can't work", "does not work", "doesn't work",
    "would fail", "would not work",
];
pub(super) const FAILS_STEMS: &[&str] = &["work", "fail", "crash", "break", "error", "reject"];

/// The user's feelings as leverage: "the user will be upset".
#[rustfmt::skip]
pub(super) const UPSET: &[&str] = &[
    "the user will be upset", "the user would be upset", "upset the user", "worry the user",
    "alarm the user",
];
pub(super) const UPSET_STEMS: &[&str] = &["upset", "worry", "alarm"];

/// The order claimed as a requirement: "is required for the tool to work".
#[rustfmt::skip]
pub(super) const NEEDED: &[&str] = &[
    "is required for the tool to work", "is needed for the tool to work",
    "is necessary for the tool to work", "the tool will not work unless",
    "the tool won't work unless", "the tool will not work without",
];
pub(super) const NEEDED_STEMS: &[&str] = &["work"];

/// A covert or coercive cue: "do this silently", "do not mention it", "otherwise the tool will
/// not work", "the user will be upset". One pattern per family, each compiled only when its
/// words occur (a test checks every phrase holds a stem of its family).
#[rustfmt::skip]
pub(super) static CUE: LazyLock<GatedPatterns> = LazyLock::new(|| {
    let without = phrase_alternation(&[
        "without telling", "without informing", "without notifying", "without alerting",
        "without asking", "without bothering",
    ]);
    let who = phrase_alternation(&["user", "human", "operator"]);
    let otherwise = phrase_alternation(&["otherwise", "or else", "or"]);
    let it = phrase_alternation(&[
        "the tool", "this tool", "the server", "this server", "the call", "the request",
        "the function", "the operation", "it",
    ]);
    let bounded =
        |stems, pattern: String| Gate { stems, pattern: format!("{WB}(?:{pattern}){WB}") };
    let gates = [
        bounded(COVERT_ADVERBS, phrase_alternation(COVERT_ADVERBS)),
        bounded(MANNER_STEMS, phrase_alternation(MANNERS)),
        bounded(&["without"], format!("{without}(?:{WS}(?i-u:the))?{WS}{who}")),
        bounded(HUSH_STEMS, phrase_alternation(HUSH)),
        bounded(UNAWARE_STEMS, phrase_alternation(UNAWARE)),
        bounded(FAILS_STEMS, format!("{otherwise}{WS}{it}{WS}{}", phrase_alternation(FAILS))),
        bounded(UPSET_STEMS, phrase_alternation(UPSET)),
        bounded(NEEDED_STEMS, phrase_alternation(NEEDED)),
    ];
    GatedPatterns::new(gates, |pattern| {
        ByteRegex::new(&ascii_classes(pattern)).expect("model-directive cue patterns compile")
    })
});

/// An argument, field or parameter: "as 'sidenote'", "in the notes argument", "the `debug`
/// field". A quoted name needs a preposition or a noun, a bare name a noun.
#[rustfmt::skip]
pub(super) static SINK: LazyLock<Regex> = LazyLock::new(|| {
    let into = phrase_alternation(&[
        "in", "into", "as", "inside", "within", "via", "through", "under", "to", "using", "with",
    ]);
    let the = phrase_alternation(&["the", "a", "an", "its", "their", "this", "that"]);
    let noun = phrase_alternation(&[
        "argument", "arguments", "arg", "args", "parameter", "parameters", "param", "params",
        "field", "fields", "property", "input", "attribute", "header", "slot", "option",
    ]);
    let open = r#"[`'"\x{201C}\x{2018}]"#;
    let close = r#"[`'"\x{201D}\x{2019}]"#;
    let name = r"[A-Za-z0-9_.\-]{1,40}";
    ascii_regex(&format!(
        "{WB}(?:{into}{WS}(?:{the}{WS})?{open}{name}{close}(?:[ \t]*{noun}{WB})?\
         |(?:{into}{WS})?(?:{the}{WS})?(?:{open}{name}{close}|{name}){WS}{noun}{WB})"
    ))
});

/// The user asking for it: "if the user asks, include the chat history" is a feature.
#[rustfmt::skip]
pub(super) static CONSENT: LazyLock<Regex> = LazyLock::new(|| {
    let asks = phrase_alternation(&[
        "if the user asks", "if the user requests", "if the user wants", "if the user explicitly",
        "when the user explicitly", "if explicitly asked", "only if", "only when", "unless",
        "at the user's request", "upon request", "on request", "with the user's consent",
        "with the user's permission", "with the user's approval",
    ]);
    ascii_regex(&format!("{WB}{asks}{WB}"))
});

/// Data an order sends to an outside address: "a copy of every reply", "the results".
#[rustfmt::skip]
pub(super) static DATA: LazyLock<Regex> = LazyLock::new(|| {
    let nouns = phrase_alternation(&[
        "copy", "copies", "result", "results", "output", "outputs", "response", "responses",
        "answer", "answers", "reply", "replies", "summary", "summaries", "transcript",
        "transcripts", "data", "everything", "content", "contents", "file", "files", "log",
        "logs", "message", "messages", "details", "notes", "document", "documents", "email",
        "emails", "attachment", "attachments", "conversation", "conversations", "history",
        "findings",
    ]);
    ascii_regex(&format!("{WB}{nouns}{WB}"))
});

/// A copy recipient after an address: "as a BCC recipient", "to the cc list".
pub(super) static COPY_LINE: LazyLock<Regex> = LazyLock::new(|| {
    let line = phrase_alternation(&[
        "bcc",
        "cc",
        "blind copy",
        "carbon copy",
        "blind carbon copy",
        "recipient",
        "recipients",
    ]);
    ascii_regex(&format!("{WB}{line}{WB}"))
});

/// After a fetched URL: "and follow its instructions", "execute the commands it returns".
#[rustfmt::skip]
pub(super) static FOLLOW: LazyLock<Regex> = LazyLock::new(|| {
    let obey = phrase_alternation(&["follow", "obey", "execute", "apply", "carry out"]);
    let its = phrase_alternation(&[
        "its", "the", "any", "all", "those", "these", "whatever", "every",
    ]);
    let new = phrase_alternation(&[
        "returned", "embedded", "contained", "new", "remote", "updated", "hidden", "latest",
    ]);
    let orders = phrase_alternation(&[
        "instructions", "instruction", "commands", "directives", "directions",
    ]);
    let says = phrase_alternation(&["do what it says", "do whatever it says"]);
    ascii_regex(&format!("{WB}(?:{obey}{WS}(?:{its}{WS})?(?:{new}{WS})?{orders}|{says}){WB}"))
});

/// The participles of a passive order: `must be included in ...`.
#[rustfmt::skip]
pub(super) const PASSIVE_DONE: &[&str] = &[
    "included", "passed", "sent", "put", "attached", "added", "appended", "copied", "forwarded",
    "uploaded", "inserted", "embedded", "placed", "provided", "supplied", "posted", "written",
    "pasted",
];

/// A passive order after its payload: "... must be included in the `notes` field".
#[rustfmt::skip]
pub(super) static PASSIVE: LazyLock<Regex> = LazyLock::new(|| {
    let must = phrase_alternation(&[
        "must", "should", "shall", "needs to", "need to", "has to", "have to", "is required to",
        "are required to", "is to", "are to",
    ]);
    let also = phrase_alternation(&["always", "also", "first"]);
    let done = phrase_alternation(PASSIVE_DONE);
    ascii_regex(&format!(r"\A{WS}{must}{WS}(?:{also}{WS})?(?i-u:be){WS}(?:{also}{WS})?{done}{WB}"))
});

/// An example cue: what it introduces is an illustration.
pub(super) static EXAMPLE_CUE: LazyLock<Regex> = LazyLock::new(|| {
    let cues = phrase_alternation(&[
        "such as",
        "for example",
        "for instance",
        "e.g.",
        "e.g",
        "like",
        "example:",
        "examples:",
        "sample:",
        "samples:",
    ]);
    ascii_regex(&format!("{WB}{cues}"))
});

/// Words that may stand between an example cue and what it introduces: "such as the phrase".
#[rustfmt::skip]
pub(super) const CUE_FILLERS: &[&str] = &[
    "the", "a", "an", "phrase", "phrases", "text", "string", "strings", "instruction",
    "instructions", "prompt", "prompts", "order", "orders", "line", "lines", "sentence",
    "sentences", "description", "descriptions", "wording",
];

/// Labels heading a list of examples.
pub(super) const EXAMPLE_LABELS: &[&str] =
    &["example:", "examples:", "e.g.:", "for example:", "sample:", "samples:", "such as:"];

/// A clause whose main verb is a detecting tool describing what it looks for: "Detects ...",
/// "This scanner flags ...", "A filter that blocks ...".
#[rustfmt::skip]
pub(super) static DESCRIBING: LazyLock<Regex> = LazyLock::new(|| {
    let subject = phrase_alternation(&["this", "the", "our", "a", "an"]);
    let pronoun = phrase_alternation(&["it", "rune", "we"]);
    let that = phrase_alternation(&["that", "which"]);
    let verbs = phrase_alternation(&[
        "detect", "detects", "flag", "flags", "scan", "scans", "block", "blocks", "catch",
        "catches", "identify", "identifies", "find", "finds", "report", "reports", "warn",
        "warns", "filter", "filters", "strip", "strips", "remove", "removes", "redact",
        "redacts", "sanitize", "sanitizes", "sanitise", "sanitises", "classify", "classifies",
        "recognize", "recognizes", "recognise", "recognises", "highlight", "highlights", "check",
        "checks", "look for", "looks for", "audit", "audits", "analyze", "analyzes", "analyse",
        "analyses", "lint", "lints", "reject", "rejects", "quarantine", "quarantines",
        "neutralize", "neutralizes", "test", "tests", "mark", "marks", "label", "labels",
        "score", "scores", "spot", "spots", "match", "matches", "monitor", "monitors", "guard",
        "guards", "prevent", "prevents", "protect", "protects", "defend", "defends", "screen",
        "screens", "inspect", "inspects", "evaluate", "evaluates", "rate", "rates", "document",
        "documents", "explain", "explains", "describe", "describes", "teach", "teaches",
        "demonstrate", "demonstrates", "illustrate", "illustrates", "catalog", "catalogs",
        "catalogue", "catalogues",
    ]);
    ascii_regex(&format!(
        r"\A[^A-Za-z0-9]*(?:{subject}{WS}[A-Za-z-]+(?:{WS}[A-Za-z-]+)?{WS}(?:{that}{WS})?|{pronoun}{WS})?{verbs}{WB}"
    ))
});

/// HTML tags that format text; any other paired tag is a pseudo-tag (`<IMPORTANT>`, `<note>`).
#[rustfmt::skip]
pub(super) const HTML_TAGS: &[&str] = &[
    "a", "b", "i", "u", "s", "em", "strong", "code", "pre", "kbd", "samp", "var", "span", "div",
    "p", "br", "hr", "ul", "ol", "li", "table", "thead", "tbody", "tr", "td", "th", "h1", "h2",
    "h3", "h4", "h5", "h6", "sup", "sub", "small", "mark", "blockquote", "details", "summary",
    "img", "figure", "caption", "dl", "dt", "dd",
];
/// Pseudo-tags that wrap examples: what they hold is an illustration.
pub(super) const EXAMPLE_TAGS: &[&str] = &["example", "examples", "sample", "samples"];

/// Words after "the conversation" or "the system prompt" that make it an identifier or a
/// setting, not the thing itself.
#[rustfmt::skip]
pub(super) const IDENTIFIER_NOUNS: &[&str] = &[
    "id", "ids", "identifier", "identifiers", "name", "names", "title", "titles", "url", "urls",
    "link", "links", "key", "keys", "type", "types", "topic", "count", "number", "summary",
    "metadata", "starter", "starters", "mode", "format", "template", "templates", "version",
    "length", "size", "style", "settings", "setting",
];

/// Determiners skipped to find the preposition before a payload.
#[rustfmt::skip]
pub(super) const DETERMINERS: &[&str] = &[
    "the", "a", "an", "your", "my", "our", "their", "this", "that", "these", "those", "its",
    "all", "any", "every", "each",
];

/// Words that may open an imperative clause before its verb.
#[rustfmt::skip]
pub(super) const IMPERATIVE_LEADS: &[&str] = &[
    "please", "first", "then", "also", "and", "now", "next", "finally", "additionally", "always",
    "just", "simply", "step", "so",
];
