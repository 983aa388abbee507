//! Reach: what a computation or lookup has no business touching (credential files, a
//! shell, an outside address).

use super::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reach {
    CredentialFile,
    Shell,
    SendsOut,
    Contacts,
}

impl Reach {
    pub(super) fn phrase(self) -> &'static str {
        match self {
            Reach::CredentialFile => "reads a credential file",
            Reach::Shell => "runs shell commands",
            Reach::SendsOut => "sends data to an outside address",
            Reach::Contacts => "contacts an outside address",
        }
    }

    /// Name words that declare this capability, so reaching for it is no mismatch.
    pub(super) fn excused_by(self) -> &'static [&'static str] {
        match self {
            Reach::CredentialFile => CREDENTIAL_CAPABILITY,
            Reach::Shell => SHELL_CAPABILITY,
            Reach::SendsOut | Reach::Contacts => NETWORK_CAPABILITY,
        }
    }
}

#[rustfmt::skip]
pub(super) const CREDENTIAL_CAPABILITY: &[&str] = &[
    "ssh", "key", "keys", "keygen", "keychain", "credential", "credentials", "secret", "secrets",
    "vault", "password", "passwords", "env", "dotenv", "cookie", "cookies", "git", "config",
    "file", "files", "fs", "filesystem", "dir", "directory", "folder", "path", "backup", "auth",
    "login", "token", "tokens", "aws", "kube", "kubeconfig", "docker", "browser",
];

#[rustfmt::skip]
pub(super) const SHELL_CAPABILITY: &[&str] = &[
    "shell", "bash", "sh", "zsh", "terminal", "command", "commands", "cmd", "exec", "execute",
    "script", "scripts", "subprocess", "process", "cli", "console", "sandbox", "interpreter",
    "repl", "code", "python", "node", "docker", "kubectl", "container", "pod", "ssh", "cron",
    "powershell", "pwsh",
];

#[rustfmt::skip]
pub(super) const NETWORK_CAPABILITY: &[&str] = &[
    "fetch", "http", "https", "url", "urls", "web", "browse", "browser", "scrape", "crawl",
    "download", "upload", "api", "request", "webhook", "send", "post", "email", "mail", "notify",
    "notification", "slack", "network", "ping", "proxy", "dns", "whois", "ip", "domain", "curl",
    "wget", "publish", "share", "report", "sync", "analytics", "telemetry", "track", "tracking",
    "log", "logger", "logging",
];

/// Credential files whose mere mention, un-negated, is a reach. `.pub` keys are public.
pub(super) const CREDENTIAL_FILE_PATTERN: &str = r"(?:~/|/)?\.ssh\b(?:/[\w.-]*[\w-])?|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|~/\.aws(?:/[\w.-]*[\w-])?|\.aws/(?:credentials|config)\b|\.netrc\b|\.npmrc\b|\.pypirc\b|\.pgpass\b|\.git-credentials\b|\.docker/config\.json\b|\.kube/config\b|/etc/(?:shadow|passwd)\b|\bmcp\.json\b|\bclaude_desktop_config\.json\b|\.(?:bash|zsh)_history\b|\bwallet\.dat\b|\.gnupg\b|\.config/gcloud\b|\bapplication_default_credentials\.json\b|\bcookies\.sqlite\b|\b(?:browser|chrome|chromium|firefox|safari|edge|brave|opera)(?:'s|\xE2\x80\x99s)? (?:cookies|cookie (?:store|jar|database|file)s?|saved passwords|password store|login data)\b";

/// Credential stores honest tools name for their own key ("reads WEATHER_API_KEY from your
/// `.env`"): a reach only when read, and not for one named key of the tool's own.
pub(super) const CREDENTIAL_STORE_PATTERN: &str =
    r"\.env\b|\bkey(?:chain|ring)s?\b|\bkwallet\b|\b(?:credential|password) managers?\b";

pub(super) static CREDENTIAL_FILE: LazyLock<ByteRegex> =
    LazyLock::new(|| compile(CREDENTIAL_FILE_PATTERN));

pub(super) static CREDENTIAL_STORE: LazyLock<ByteRegex> =
    LazyLock::new(|| compile(CREDENTIAL_STORE_PATTERN));

#[rustfmt::skip]
pub(super) const READ_WORDS: &[&str] = &[
    "read", "reads", "reading", "open", "opens", "cat", "dump", "dumps", "include", "includes",
    "send", "sends", "upload", "uploads", "copy", "copies", "attach", "print", "prints", "paste",
    "grab", "collect", "collects", "access", "accesses", "extract", "extracts", "exfiltrate",
    "forward", "post", "leak", "contents", "content", "export", "exports", "list",
];

pub(super) static OWN_KEY: LazyLock<ByteRegex> =
    LazyLock::new(|| compile(r"\b(?:the|your|its|an?) (?:api[ _-]?key|token|access token|key)\b"));

/// An environment variable name (`OPENWEATHER_API_KEY`): the tool's own key, named. Case
/// matters here, so this one pattern is not folded.
pub(super) static ENV_NAME: LazyLock<Regex> =
    LazyLock::new(|| ascii_regex(r"(?-u:\b)[A-Z][A-Z0-9]*_[A-Z0-9_]+(?-u:\b)"));

pub(super) static SHELL: LazyLock<ByteRegex> = LazyLock::new(|| {
    compile(
        r"\b(?:ba|z|da|k|c|fi)?sh\s+-c\b|\bcmd(?:\.exe)?\s+/c\b|\bpowershell\b|\bpwsh\b|\b(?:curl|wget)\b[^|\n`]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:eval|exec)\s*\(|`(?:eval|exec)\b|\b(?:eval|exec)\s+[\x22'`$]|\bsubprocess\.\w+|\b(?:call|use|invoke|spawn|launch)\s+(?:a\s+)?subprocess\b|\bos\.(?:system|popen)\b|\bpopen\b|\bchild_process\b|\bexecSync\b|\brm\s+-(?:rf|fr|r)\b|\bchmod\b|\bchown\b|\bsudo\b|\bmkfifo\b|/dev/tcp/|\bnc\s+-[a-z]*e\b|\bncat\b|\breverse shell\b|\b(?:run|execute|exec)\s+(?:the|this|these|that|following|below|next|a)\s+(?:(?:following|shell|terminal|bash|system|below)\s+)?commands?\b|\bshell commands?\b|\bbase64\s+(?:-d|--decode)\b|\binvoke-expression\b|\biex\b|\bpython3?\s+-c\b|\bnode\s+-e\b|\bperl\s+-e\b|\bcrontab\b|\bsecurity\s+find-(?:generic|internet)-password\b|\b(?:curl|wget)\b[^\n]{0,200}?\s(?:-d|--data(?:-binary|-raw)?|-F|--form|-T|--upload-file)\s*@",
    )
});

#[rustfmt::skip]
pub(super) const SEND_VERBS: &[&str] = &[
    "send", "sends", "sending", "sent", "post", "posts", "posting", "posted", "upload", "uploads",
    "uploading", "uploaded", "forward", "forwards", "forwarding", "forwarded", "transmit",
    "transmits", "transmitting", "transmitted", "relay", "relays", "relaying", "relayed",
    "report", "reports", "reporting", "reported", "submit", "submits", "submitting", "submitted",
    "beacon", "beacons", "exfiltrate", "exfiltrates", "exfiltrated", "exfiltrating", "mirror",
    "mirrors", "mirrored", "log", "logs", "logged", "logging", "copy", "copies", "copied", "push",
    "pushes", "pushed", "ship", "ships", "shipped", "stream", "streams", "streamed", "publish",
    "publishes", "published", "sync", "syncs", "synced", "leak", "leaks", "leaked", "share",
    "shares", "shared", "deliver", "delivers", "delivered", "dispatch", "dispatches",
    "dispatched", "email", "emails", "emailed", "write", "writes",
];

/// Imperative verbs that send the model to an address; for pure computation only.
#[rustfmt::skip]
pub(super) const CONTACT_VERBS: &[&str] = &[
    "fetch", "call", "contact", "ping", "pings", "pinged", "load", "download", "hit", "curl",
    "wget",
];

pub(super) static SEND_VERB: LazyLock<Regex> =
    LazyLock::new(|| ascii_regex(&format!(r"(?i-u)\b(?:{})\b", SEND_VERBS.join("|"))));

pub(super) static CONTACT_VERB: LazyLock<Regex> =
    LazyLock::new(|| ascii_regex(&format!(r"(?i-u)\b(?:{})\b", CONTACT_VERBS.join("|"))));

/// A URL, e-mail address, IPv4 address, scheme-less domain on a common TLD, or a named outside
/// sink ("an external analytics endpoint", "our telemetry server", "a webhook").
pub(super) static DESTINATION: LazyLock<ByteRegex> = LazyLock::new(|| {
    compile(
        r"\b(?:https?|ftp|wss?)://[^\s<>`'\x22)\]]*[^\s<>`'\x22)\].,;:!?]|\b[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b|\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:com|net|org|io|co|me|ai|app|dev|sh|xyz|tk|ru|cn|site|info|biz|cc|pw|live|online|link|club|su|to|ly|gg|icu|host|cloud|tech|store)\b|\b(?:external|remote|third[- ]party|outside|off-?site|attacker|analytics|telemetry|tracking|collection|collector|metrics|monitoring)(?:[ -][a-z]+){0,2}? (?:endpoints?|servers?|hosts?|urls?|address(?:es)?|webhooks?|collectors?|services?|apis?|backends?|sinks?|buckets?)\b|\bour (?:own )?(?:servers?|endpoints?|backend|collectors?|webhooks?)\b|\b(?:a|the) webhook\b",
    )
});

pub(super) const PREPOSITIONS: &[&str] =
    &["to", "at", "into", "onto", "via", "toward", "towards", "through", "on"];

/// What no provider needs sent to it: the tool's own answer going onward, the conversation,
/// a secret, the user's things. A file, a prompt or a session id a translator or an LLM-backed
/// lookup uploads is its request.
#[rustfmt::skip]
pub(super) const LEAK_WORDS: &[&str] = &[
    "result", "results", "output", "outputs", "answer", "answers", "response", "responses",
    "everything", "conversation", "conversations", "chat", "history", "transcript", "messages",
    "copy", "credentials", "credential", "secret", "secrets", "password", "passwords", "token",
    "tokens", "keys", "cookie", "cookies", "env", "environment", "user's", "users'",
    "user\u{2019}s",
];

/// What a computation computes from a provider's data, not from its arguments alone.
#[rustfmt::skip]
pub(super) const SERVICE_WORDS: &[&str] = &[
    "route", "routes", "routing", "distance", "distances", "directions", "travel", "shipping",
    "tax", "taxes", "price", "prices", "pricing", "cost", "costs", "fare", "fares", "rate",
    "rates", "quote", "quotes", "eta",
];

/// What a server honestly reports about itself: "Sends telemetry to https://metrics...".
#[rustfmt::skip]
pub(super) const OPERATIONAL_WORDS: &[&str] = &[
    "telemetry", "metrics", "statistics", "stats", "heartbeat", "heartbeats", "health",
    "errors", "diagnostics",
];

/// Objects a computation hands an evaluation service honestly ("posts the expression to ...").
#[rustfmt::skip]
pub(super) const REQUEST_WORDS: &[&str] = &[
    "expression", "expressions", "query", "queries", "request", "requests", "formula",
    "formulas", "equation", "equations", "input", "inputs", "operands", "calculation",
    "calculations", "conversion", "conversions",
];

/// A send that is the user's own business: bug reports, opt-out usage counts.
#[rustfmt::skip]
pub(super) const HONEST_SEND_WORDS: &[&str] = &[
    "bug", "bugs", "issue", "issues", "feedback", "question", "questions", "suggestion",
    "suggestions", "problem", "problems", "contribution", "contributions", "anonymous",
    "anonymized", "usage", "crash", "opt",
];

/// Words that make a send the credential's use to sign in.
pub(super) const AUTH_WORDS: &[&str] =
    &["authorization", "authenticate", "authenticates", "authentication", "bearer"];

/// Words in front of an address that make it a pointer for a human, not a target.
#[rustfmt::skip]
pub(super) const DOC_WORDS: &[&str] = &[
    "docs", "documentation", "reference", "spec", "specification", "guide", "manual", "readme",
    "help", "example", "examples", "license", "changelog", "source", "more", "details", "syntax",
    "key", "token", "account", "signup", "started", "homepage", "website", "site",
];

/// Reports the first reach of each kind in `text`, for an entity declaring `purpose`.
/// What an entity with a declared purpose may not reach for, settled once per entity.
pub(super) struct Scope<'d, 'a> {
    declared: &'d Declaration<'a>,
    credentials: bool,
    shell: bool,
    network: bool,
    /// A lookup, or a computation over a provider's data: asking that provider is its purpose.
    fetches: bool,
}

impl<'d, 'a> Scope<'d, 'a> {
    pub(super) fn new(purpose: Purpose, declared: &'d Declaration<'a>) -> Scope<'d, 'a> {
        let allowed = |reach: Reach| !declared.names_any(reach.excused_by());
        Scope {
            declared,
            credentials: allowed(Reach::CredentialFile) && !declared.about_security(),
            shell: allowed(Reach::Shell),
            network: allowed(Reach::SendsOut),
            fetches: purpose.is_lookup() || declared.declares_any(SERVICE_WORDS),
        }
    }
}

/// The reaches of `text`; `doc` is its shared reading, built only once a pattern matches.
pub(super) fn reaches(
    text: &str,
    doc: &dyn SharedDoc,
    scope: &Scope<'_, '_>,
    hit: &mut dyn FnMut(Reach, Range<usize>),
) {
    if scope.credentials {
        if let Some(span) = credential_file(text, doc) {
            hit(Reach::CredentialFile, span);
        } else if let Some(span) = credential_store(text, doc) {
            hit(Reach::CredentialFile, span);
        }
    }
    let shell = scope
        .shell
        .then(|| {
            SHELL.find_iter(text.as_bytes()).find(|found| !doc.doc().negated_at(found.range()))
        })
        .flatten();
    if let Some(found) = &shell {
        hit(Reach::Shell, found.range());
    }
    if scope.network
        && let Some(span) = sends_out(text, doc, scope.fetches, scope.declared)
    {
        hit(Reach::SendsOut, span);
    }
    // A command line that fetches (`curl ... | sh`) is reported once, as the shell.
    if !scope.fetches
        && shell.is_none()
        && scope.network
        && let Some(span) = contacts(text, doc)
    {
        hit(Reach::Contacts, span);
    }
}

pub(super) fn credential_file(text: &str, doc: &dyn SharedDoc) -> Option<Range<usize>> {
    CREDENTIAL_FILE.find_iter(text.as_bytes()).map(|found| found.range()).find(|span| {
        !text[span.clone()].ends_with(".pub")
            && !text[span.end..].starts_with(".pub")
            && !doc.doc().negated_at(span.clone())
    })
}

pub(super) fn credential_store(text: &str, doc: &dyn SharedDoc) -> Option<Range<usize>> {
    CREDENTIAL_STORE.find_iter(text.as_bytes()).map(|found| found.range()).find(|span| {
        // `process.env`, `my.env` are code, not the dotfile.
        let dotted = text[span.clone()].starts_with('.')
            && text[..span.start]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
        if dotted || doc.doc().negated_at(span.clone()) {
            return false;
        }
        let clause = doc.doc().sentence_bytes_at(span.start);
        let before: Vec<&str> = words(&text[clause.start..span.start]).collect();
        let read = before.iter().rev().take(8).any(|word| is_one_of(word, READ_WORDS));
        let whole = &text[clause];
        read && !OWN_KEY.is_match(whole.as_bytes()) && !ENV_NAME.is_match(whole)
    })
}

/// A send verb with an outside destination attached in its clause, whose object is not
/// something the tool's purpose explains: a result, the conversation or a secret (unless the
/// name declares it: `translate_messages`); for a computation, anything but the expression it
/// hands an evaluation service or its own telemetry.
pub(super) fn sends_out(
    text: &str,
    doc: &dyn SharedDoc,
    fetches: bool,
    declared: &Declaration<'_>,
) -> Option<Range<usize>> {
    for verb in SEND_VERB.find_iter(text) {
        let clause = doc.doc().sentence_bytes_at(verb.start());
        let after = &text[verb.end()..clause.end.max(verb.end())];
        let Some(destination) = DESTINATION.find(after.as_bytes()) else { continue };
        let object = &after[..destination.start()];
        if words(object).count() > 12 || !words(object).any(|w| is_one_of(w, PREPOSITIONS)) {
            continue;
        }
        let verb_word = verb.as_str();
        if is_one_of(verb_word, &["log", "logs"])
            && words(object).next().is_some_and(|w| is_one_of(w, &["in", "into", "on"]))
        {
            continue;
        }
        // The address itself says nothing: `https://x.io/issues/collect` is no bug report.
        let sink = verb.end() + destination.start()..verb.end() + destination.end();
        let around = [&text[clause.start..sink.start], &text[sink.end..clause.end]];
        // A key sent to sign in is used, not leaked: "sent in the Authorization header".
        let signs_in = words(&text[clause.clone()]).any(|w| is_one_of(w, AUTH_WORDS));
        if around.iter().any(|part| words(part).any(|w| is_one_of(w, HONEST_SEND_WORDS)))
            || signs_in
            || doc.doc().negated_at(verb.range())
            || is_local(&text[sink.clone()])
        {
            continue;
        }
        // What leaves: the object, and in the passive ("the result is posted to") the subject.
        let passive = verb_word.to_ascii_lowercase().ends_with("ed")
            || is_one_of(verb_word, &["sent", "written"]);
        let moved_from = if passive { clause.start } else { verb.end() };
        let moved = &text[moved_from..sink.start];
        let leaks = words(moved).any(|w| is_one_of(w, LEAK_WORDS) && !declared.names_any(&[w]));
        // "If a result looks wrong, report it at ...": a report carries only what it names.
        let reports = verb_word.len() >= 6 && verb_word[..6].eq_ignore_ascii_case("report");
        // In the passive what is handed over is the subject: "The expression is sent to ...".
        let handed = if passive { moved } else { object };
        // `each input string is also posted ... to our collector`, `every input string, in
        // clear, is logged ... together with the digests`: a copy of the request sent beside
        // the computation, not the request it is computed by.
        let also = words(&text[clause.clone()]).any(|w| {
            is_one_of(
                w,
                &[
                    "also",
                    "additionally",
                    "together",
                    "alongside",
                    "clear",
                    "plaintext",
                    "unredacted",
                ],
            )
        });
        // `Evaluates a math expression by sending it to ...`: a pronoun handed over stands for
        // the nearest request or leak the sentence names before the verb.
        let mut named = words(handed).filter(|w| !is_one_of(w, PREPOSITIONS));
        let pronoun = named.next().is_some_and(|w| is_one_of(w, &["it", "them", "this", "these"]))
            && named.next().is_none();
        let for_request = || {
            words(&text[clause.start..verb.start()])
                .filter(|w| is_one_of(w, REQUEST_WORDS) || is_one_of(w, LEAK_WORDS))
                .last()
                .is_some_and(|w| is_one_of(w, REQUEST_WORDS))
        };
        let honest = reports
            || words(handed)
                .any(|w| !also && is_one_of(w, REQUEST_WORDS) || is_one_of(w, OPERATIONAL_WORDS))
            || !also && pronoun && for_request();
        if leaks || (!fetches && !honest) {
            return Some(verb.start()..sink.end);
        }
    }
    None
}

/// An address a computation is told to fetch or call ("First fetch https://x.io/cfg").
pub(super) fn contacts(text: &str, doc: &dyn SharedDoc) -> Option<Range<usize>> {
    for verb in CONTACT_VERB.find_iter(text) {
        let word = verb.as_str();
        // Imperative only: a sentence start or a sequencing word right before the verb.
        let clause = doc.doc().sentence_bytes_at(verb.start());
        let before = text[clause.start..verb.start()].trim_end();
        let previous: Vec<&str> = words(before).collect();
        let opens = before.is_empty()
            || before.ends_with([':', ',', '\n', '*', '-', '`'])
            || previous.last().is_some_and(|w| is_one_of(w, IMPERATIVE_LEADS))
                // "the first call" is a noun.
                && !previous.iter().rev().nth(1).is_some_and(|w| is_one_of(w, DETERMINERS));
        let base = !is_one_of(word, &["pings", "pinged"]);
        if base && !opens {
            continue;
        }
        let after = &text[verb.end()..clause.end.max(verb.end())];
        let Some(destination) = DESTINATION.find(after.as_bytes()) else { continue };
        let gap = &after[..destination.start()];
        let sink = &after[destination.range()];
        if words(gap).count() > 4
            || gap.contains(',')
            || words(gap).any(|w| is_one_of(w, DOC_WORDS))
            || !(sink.contains('.') || sink.contains(':'))
            || sink.contains('@')
            || is_local(sink)
            || doc.doc().negated_at(verb.range())
        {
            continue;
        }
        return Some(verb.start()..verb.end() + destination.end());
    }
    None
}

/// Words after which a bare verb is an order: "first fetch", "you must call".
#[rustfmt::skip]
pub(super) const IMPERATIVE_LEADS: &[&str] = &[
    "first", "then", "always", "also", "must", "should", "please", "and", "you", "to",
];

#[rustfmt::skip]
pub(super) const DETERMINERS: &[&str] = &[
    "the", "a", "an", "each", "every", "this", "that", "its", "your", "our", "their", "any",
];

/// Whether an address stays on this machine or its network: `localhost`, loopback, private
/// ranges, `.local` names.
pub(super) fn is_local(address: &str) -> bool {
    let host = address.split_once("://").map_or(address, |(_, rest)| rest);
    let host = host.split(['/', '?', '#']).next().unwrap_or(host);
    let host = host
        .rsplit_once(':')
        .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        .map_or(host, |(host, _)| host);
    let host = host.to_ascii_lowercase();
    host == "[::1]" || crate::rules::data_exfiltration::private_host(&host)
}
