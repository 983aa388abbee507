//! The tokens prose names that are not words: URLs, email addresses, IP addresses, host
//! names, paths, environment variables and template slots.

use super::words::is_word_char;
use super::{Kind, MAX_RUN, MAX_WORD_RUN};
use crate::text::window;

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

/// A token that is not a plain word: its end and kind, or `None`. `marked`: whether one of
/// `@ . : /` lies between `at` and the end of the run, less the punctuation a sentence puts
/// after it ([`trim_trailing`]).
// Called once per token from the loop in `lex`: inlined there, as it was in one file.
#[inline]
pub(super) fn special(
    raw: &str,
    lower: &str,
    at: usize,
    run_end: usize,
    marked: bool,
) -> Option<(usize, Kind)> {
    let bytes = raw.as_bytes();
    let first = bytes[at];
    // Every shape opens with a letter, a digit or one of these bytes.
    if !first.is_ascii_alphanumeric()
        && !matches!(first, b'$' | b'%' | b'{' | b'~' | b'/' | b'.' | b'[')
    {
        return None;
    }
    // Every shape that can start with a letter or digit holds one of `@ . : /` after its start
    // and before the run's trailing punctuation, since none of those characters ends a run and
    // each is followed by a character that is not trailing punctuation (`process.env.`,
    // `os.environ`, `scheme://`, `c:\`), or lies in the trimmed run the shapes below read:
    // without one, a word is a word.
    if first.is_ascii_alphanumeric() {
        // `audit.keeper [at] proton [dot] me`: a local part with a dot is still the address.
        let spelled = obfuscated_email(lower, run_end);
        if spelled.is_some() || !marked {
            return spelled;
        }
    }
    let rest = window(lower, at, MAX_RUN);
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
    // `git@mirror.example.net:team/repo.git`: an scp-style remote, whose `user@host` is the
    // address the rest is fetched from or pushed to.
    if let Some((local, rest)) = word.split_once('@')
        && let Some((domain, path)) = rest.split_once(':')
        && !local.is_empty()
        && !local.contains([':', '/'])
        && !path.is_empty()
        && !path.starts_with('/')
        && is_host(domain, true)
    {
        return Some((at + local.len() + 1 + domain.len(), Kind::Email));
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

/// `vault-keeper [at] proton [dot] me`, `ops (at) example (dot) com`: an email address spelled
/// out to slip past address filters, the word ending at `run_end` its local part. Only the
/// bracketed spellings: a bare `at` and `dot` are ordinary words.
fn obfuscated_email(lower: &str, run_end: usize) -> Option<(usize, Kind)> {
    // Called for every plain word: most are followed by anything but spaces and a bracket,
    // and leave at the first bytes.
    let next = lower.as_bytes()[run_end..].iter().find(|b| !matches!(b, b' ' | b'\t'));
    if !matches!(next, Some(b'[' | b'(')) {
        return None;
    }
    // A bracketed marker and the word after it: the end of that word.
    let marker = |from: usize, word: &str| -> Option<usize> {
        let rest = window(lower, from, 80);
        let gap = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let rest = &rest[gap..];
        let open = rest.strip_prefix(['[', '('])?;
        let inner = open.strip_prefix(word)?;
        let close = inner.strip_prefix([']', ')'])?;
        let gap2 = close.len() - close.trim_start_matches([' ', '\t']).len();
        let label =
            close[gap2..].bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'-').count();
        (label > 0).then(|| from + (rest.len() + gap) - close.len() + gap2 + label)
    };
    let mut end = marker(run_end, "at")?;
    let mut dots = 0;
    while let Some(next) = marker(end, "dot") {
        end = next;
        dots += 1;
    }
    (dots > 0).then_some((end, Kind::Email))
}

/// An email token as plainly spelled: `vault-keeper [at] proton [dot] me` becomes
/// `vault-keeper@proton.me`; a plain address is returned as it is.
pub fn plain_email(token: &str) -> String {
    if token.contains('@') {
        return token.to_string();
    }
    let mut plain = String::with_capacity(token.len());
    for part in token.split_whitespace() {
        match part {
            "[at]" | "(at)" => plain.push('@'),
            "[dot]" | "(dot)" => plain.push('.'),
            _ => plain.push_str(part),
        }
    }
    plain
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

pub(super) fn trim_trailing(text: &str) -> &str {
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
