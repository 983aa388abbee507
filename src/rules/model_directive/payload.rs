//! What an order makes the model carry, and the verbs that carry each payload.
use super::*;

/// What an order makes the model carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Payload {
    /// The whole conversation, the user's previous messages.
    Conversation,
    /// The system prompt or the model's own instructions.
    Instructions,
    /// A file under the home directory or `/etc`, a dotfile, the clipboard, shell history.
    File,
    Environment,
    /// Credentials someone else holds ("the user's API key", "all passwords"); "your API key" is
    /// addressed to the human who owns it.
    Credentials,
    /// An email address data is sent or copied to.
    Recipient,
    /// A URL data is sent to, or instructions are fetched from.
    Url,
}

impl Payload {
    /// Whether the payload is where data goes rather than data.
    pub(super) fn is_address(self) -> bool {
        matches!(self, Payload::Recipient | Payload::Url)
    }

    /// Stems of an argument name that make the payload that argument's own input: "pass the full
    /// conversation as `messages`" is an LLM proxy, "pass ~/code as the `root` path" a path.
    pub(super) fn own_arguments(self) -> &'static [&'static str] {
        match self {
            Payload::Conversation => {
                &["messag", "histor", "conversation", "chat", "transcript", "dialog", "prompt"]
            }
            Payload::Instructions => &["prompt", "system", "instruction", "rule", "guideline"],
            Payload::File => &["path", "file", "dir", "folder", "root", "location", "cwd"],
            Payload::Environment => &["env", "variable", "vars"],
            Payload::Credentials => {
                &["key", "token", "auth", "pass", "secret", "cred", "header", "bearer", "login"]
            }
            Payload::Recipient | Payload::Url => &[],
        }
    }
}

/// The payload patterns, each entry with the family it finds.
pub(super) struct Payloads {
    pub(super) families: Vec<Payload>,
    pub(super) patterns: GatedPatterns,
}

/// What an order may make the model carry to an outside address besides plain data ("the
/// results"), one family per entry: the conversation, instructions, files, environment
/// variables, credentials, a secret variable by name, then the addresses themselves (an e-mail
/// recipient, a URL). Only the families whose words occur are compiled: most texts name one or
/// two, and the carried families together were a quarter of a small one-shot scan's compile.
#[rustfmt::skip]
pub(super) static PAYLOADS: LazyLock<Payloads> = LazyLock::new(|| {
    let gate = |family, stems, pattern: String| (family, Gate { stems, pattern });
    let url = phrase_alternation(&["https://", "http://", "ftp://", "www."]);
    let entries = [
        gate(
            Payload::Conversation,
            &["conversation", "chat", "message", "dialog", "transcript", "context", "thread",
              "everything"],
            conversation_pattern(),
        ),
        gate(
            Payload::Instructions,
            &["system", "developer", "instruction", "rules", "guidelines", "prompt"],
            instructions_pattern(),
        ),
        gate(
            Payload::File,
            &["~", "home", "%", "/etc/", "users", "/root/", "env", "ssh", "aws", "gnupg", "kube",
              "docker", "netrc", "npmrc", "pypirc", "pgpass", "git-credentials", "gitconfig",
              "history", "config", "mcp.json", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
              "known_hosts", "clipboard", "keychain", "keyring", "password"],
            file_pattern(),
        ),
        gate(Payload::Environment, &["env"], environment_pattern()),
        gate(
            Payload::Credentials,
            &["key", "token", "cookie", "credential", "pass", "secret", "phrase", "mnemonic"],
            credentials_pattern(),
        ),
        // `$X_KEY`, `${API_TOKEN}`: upper case, so this entry is not folded (see `pattern`). A
        // `$X_KEY` needs its underscore: a bare `$TOKEN` is as often a template slot.
        gate(Payload::Environment, &["$"], {
            let secret = "(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)";
            let bare = "(?:API_?KEY|SECRET|PASSWORD|PASSWD|CREDENTIALS?)";
            format!(r"\$\{{?(?:[A-Z0-9_]*_{secret}|{bare})\}}?{WB}")
        }),
        gate(
            Payload::Recipient,
            &["@"],
            format!(r"{WB}[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{{2,}}{WB}"),
        ),
        gate(Payload::Url, &["://", "www."], format!(r#"{WB}{url}[^\s'"`<>()\[\]{{}}]+"#)),
    ];
    let (families, gates): (Vec<_>, Vec<_>) = entries.into_iter().unzip();
    let patterns = GatedPatterns::new(gates, |pattern| {
        ByteRegex::new(&ascii_classes(pattern)).expect("model-directive payload patterns compile")
    });
    Payloads { families, patterns }
});

/// Every payload in `text`, left to right, as one alternation of the families in order would
/// find them: the leftmost match, the earlier family on a tie.
pub(super) fn payloads(text: &str) -> impl Iterator<Item = (Payload, Range<usize>)> + '_ {
    let found = PAYLOADS.patterns.find_iter(text.as_bytes());
    found.map(|(entry, span)| (PAYLOADS.families[entry], span))
}

/// "the full conversation", "chat history", "all previous messages", "the user's messages",
/// "everything the user said", "the context window".
#[rustfmt::skip]
pub(super) fn conversation_pattern() -> String {
    let whole = phrase_alternation(&[
        "full", "entire", "whole", "complete", "raw", "unredacted", "verbatim", "current",
    ]);
    let thread = phrase_alternation(&[
        "conversation history", "chat history", "message history", "conversation", "chat",
        "dialog", "dialogue", "transcript", "context window", "thread",
    ]);
    let chat = phrase_alternation(&["conversation", "chat", "message", "dialog", "dialogue"]);
    let record = phrase_alternation(&["history", "histories", "log", "logs", "transcript"]);
    let each = phrase_alternation(&["all", "every", "each"]);
    let of_the = phrase_alternation(&["of the", "of", "the"]);
    let earlier = phrase_alternation(&["previous", "prior", "earlier", "past"]);
    let user = phrase_alternation(&["user", "the user"]);
    let messages = phrase_alternation(&["messages", "message"]);
    let said = phrase_alternation(&[
        "the conversation so far", "conversation so far", "context window",
        "everything the user said", "everything the user says", "everything the user typed",
        "everything the user wrote", "everything the user has said",
        "everything the user has written", "everything the user has shared",
        "everything the user asked",
    ]);
    format!(
        "{WB}(?:{whole}{WS}{thread}\
         |{chat}{WS}{record}\
         |{each}{WS}(?:{of_the}{WS})?(?:{user}{POSSESSIVE}?{WS})?(?:{earlier}{WS})?{messages}\
         |{earlier}{WS}(?:{user}{WS})?{messages}\
         |{user}{POSSESSIVE}{WS}(?:{earlier}{WS})?{messages}\
         |{said}){WB}"
    )
}

/// "the system prompt", "your instructions", "the instructions above". A determiner is required:
/// "examples of good system prompts" is a tutorial's topic.
#[rustfmt::skip]
pub(super) fn instructions_pattern() -> String {
    let the = phrase_alternation(&["the", "your", "its", "this", "my", "our", "any"]);
    let full = phrase_alternation(&[
        "full", "entire", "complete", "whole", "original", "current", "hidden", "exact", "raw",
        "verbatim",
    ]);
    let system = phrase_alternation(&["system", "developer"]);
    let said = phrase_alternation(&[
        "prompt", "prompts", "message", "messages", "instruction", "instructions",
    ]);
    let whose = phrase_alternation(&[
        "your", "these", "the above", "hidden", "initial", "original", "secret",
    ]);
    let rules = phrase_alternation(&["instructions", "rules", "guidelines", "prompt"]);
    let earlier = phrase_alternation(&["all previous", "all prior", "previous", "prior"]);
    let above = phrase_alternation(&["instructions above", "rules above"]);
    format!(
        "{WB}(?:{the}{WS}(?:{full}{WS})?{system}{WS}{said}\
         |{whose}{WS}(?:(?i-u:system){WS})?{rules}\
         |{earlier}{WS}(?i-u:instructions)\
         |{above}){WB}"
    )
}

/// A path somewhere private, a dotfile, an agent's config, a secret store. What stands before a
/// path is checked in `Doc::trim_payload`.
#[rustfmt::skip]
pub(super) fn file_pattern() -> String {
    let home = phrase_alternation(&[
        "$home/", "${home}/", "%userprofile%", "%appdata%", "%localappdata%",
    ]);
    let root = phrase_alternation(&["/etc/", "/home/", "/users/", "/root/", r"c:\users\"]);
    let dotfile = phrase_alternation(&[
        "env", "ssh", "aws", "gnupg", "kube", "docker", "netrc", "npmrc", "pypirc", "pgpass",
        "git-credentials", "gitconfig", "bash_history", "zsh_history",
    ]);
    let named = phrase_alternation(&[
        "mcp.json", "claude_desktop_config.json", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519",
        "known_hosts", "clipboard", "keychain", "keyring", "password manager", "shell history",
        "bash history", "command history", "terminal history", "browser history", "ssh config",
    ]);
    let config = phrase_alternation(&[".config"]);
    format!(
        r"~[/\\]{PATH_TAIL}|{home}{PATH_TAIL}|{root}{PATH_TAIL}|\.{dotfile}{WB}(?:[/\\]{PATH_TAIL})?|{config}[/\\]{PATH_TAIL}|{WB}{named}{WB}"
    )
}

/// "environment variables", "process.env", `$AWS_SECRET_ACCESS_KEY`.
#[rustfmt::skip]
pub(super) fn environment_pattern() -> String {
    let vars = phrase_alternation(&[
        "environment variables", "environment variable", "environment vars", "env variables",
        "env vars", "env var", "process.env", "os.environ",
    ]);
    format!(r"{WB}{vars}{WB}")
}

/// A credential with a determiner that makes it someone else's or all of them: "the user's API
/// key", "all passwords", "any stored credentials". "your API key" and "an API key" are auth
/// boilerplate addressed to the human.
#[rustfmt::skip]
pub(super) fn credentials_pattern() -> String {
    let user = phrase_alternation(&["the user", "user", "the users", "users"]);
    let whose = phrase_alternation(&[
        "their", "all", "all the", "all of the", "any", "every", "each", "stored", "saved",
        "cached", "local", "available", "existing",
    ]);
    let secret = phrase_alternation(&[
        "api key", "api keys", "api-key", "api-keys", "api_key", "api_keys", "access key",
        "access keys", "secret key", "secret keys", "private key", "private keys", "ssh key",
        "ssh keys", "signing key", "signing keys", "access token", "access tokens", "auth token",
        "auth tokens", "authentication token", "authentication tokens", "api token", "api tokens",
        "bearer token", "bearer tokens", "session token", "session tokens", "session cookie",
        "session cookies", "refresh token", "refresh tokens", "oauth token", "oauth tokens",
        "personal access token", "personal access tokens", "credential", "credentials",
        "password", "passwords", "passphrase", "passphrases", "secrets", "seed phrase",
        "seed phrases", "recovery phrase", "recovery phrases", "mnemonic",
    ]);
    format!(r"{WB}(?:{user}{POSSESSIVE}?|{whose}){WS}(?:[A-Za-z-]+{WS}){{0,2}}?{secret}{WB}")
}

/// Verbs that read something in.
#[rustfmt::skip]
pub(super) const READ_VERBS: &[&str] = &[
    "read", "open", "cat", "fetch", "load", "access", "retrieve", "grab", "collect", "extract",
    "get", "download", "curl",
];
/// Verbs that emit something into the answer or a call.
pub(super) const EMIT_VERBS: &[&str] = &["dump", "print", "output", "repeat", "echo"];
/// Verbs that carry something into a call, a message or a request.
#[rustfmt::skip]
pub(super) const CARRY_VERBS: &[&str] = &[
    "include", "pass", "send", "attach", "embed", "copy", "forward", "post", "upload", "provide",
    "supply", "share", "submit", "transmit", "relay", "email", "mail", "leak", "exfiltrate",
    "mirror", "call", "invoke",
];
/// Verbs that put something somewhere: what follows "in" or "to" is where, not what.
pub(super) const PLACE_VERBS: &[&str] =
    &["put", "append", "insert", "add", "paste", "place", "stuff", "fill", "write"];
/// Verbs that send data to an outside address.
#[rustfmt::skip]
pub(super) const SEND_VERBS: &[&str] = &[
    "send", "forward", "post", "upload", "copy", "email", "mail", "share", "submit", "transmit",
    "relay", "leak", "exfiltrate", "mirror",
];
/// Verbs that copy a message to a recipient.
pub(super) const CC_VERBS: &[&str] = &["cc", "bcc"];
/// Verbs that put an address on a message, with "as a BCC recipient" after it.
pub(super) const ADDRESSING_VERBS: &[&str] = &["add", "include", "put", "insert"];
/// Verbs that fetch from a URL.
pub(super) const FETCH_VERBS: &[&str] = &["fetch", "load", "download", "retrieve", "get", "curl"];

/// Every word an order to carry a payload turns on: a verb of one of the lists above, which
/// [`carries`] and the commented orders' [`VERB`] compare whole ASCII letter runs with, or the
/// participle of a passive order. A text with none of them holds no order this rule reads.
static ORDER_WORDS: LazyLock<crate::vocab::WordSet> = LazyLock::new(|| {
    let lists = [READ_VERBS, EMIT_VERBS, CARRY_VERBS, PLACE_VERBS, SEND_VERBS, CC_VERBS];
    let more = [ADDRESSING_VERBS, FETCH_VERBS, super::cues::PASSIVE_DONE];
    crate::vocab::set_of(
        &lists.iter().chain(&more).flat_map(|list| list.iter().copied()).collect::<Vec<_>>(),
    )
});

/// Whether `lower` (a text with its ASCII letters lowercased) has a run of ASCII letters that
/// is one of the [`ORDER_WORDS`].
pub(super) fn may_order(lower: &str) -> bool {
    lower.split(|c: char| !c.is_ascii_alphabetic()).any(|run| ORDER_WORDS.contains(run))
}

pub(super) static VERB: LazyLock<Regex> = LazyLock::new(|| {
    let mut all: Vec<&str> = Vec::new();
    for verb in [READ_VERBS, EMIT_VERBS, CARRY_VERBS, PLACE_VERBS, CC_VERBS].concat() {
        if !all.contains(&verb) {
            all.push(verb);
        }
    }
    ascii_regex(&format!("{WB}{}{WB}", phrase_alternation(&all)))
});

pub(super) fn is_one_of(word: &str, list: &[&str]) -> bool {
    list.iter().any(|known| known.eq_ignore_ascii_case(word))
}

/// Whether `verb` can carry `payload`: the conversation is included or passed, not read (the
/// model reads it anyway); a file is read or passed; a URL is sent to or fetched from.
pub(super) fn carries(verb: &str, payload: Payload) -> bool {
    let emits = || [CARRY_VERBS, PLACE_VERBS, EMIT_VERBS].iter().any(|list| is_one_of(verb, list));
    match payload {
        Payload::Conversation | Payload::Instructions => emits(),
        Payload::File | Payload::Environment | Payload::Credentials => {
            emits() || is_one_of(verb, READ_VERBS)
        }
        Payload::Recipient => {
            [SEND_VERBS, CC_VERBS, ADDRESSING_VERBS].iter().any(|list| is_one_of(verb, list))
        }
        Payload::Url => is_one_of(verb, SEND_VERBS) || is_one_of(verb, FETCH_VERBS),
    }
}
