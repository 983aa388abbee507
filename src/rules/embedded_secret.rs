//! `embedded-secret`: a live credential pasted into metadata (a cloud key, a token, a private key block, a password in a URL).
//!
//! Recognised by structure, never by a generic "long random string" guess: each vendor's token
//! has a prefix and a shape (`ghp_` and 36 characters, `AKIA` and 16), a private key has its PEM
//! armour, a JWT has a header that decodes to JSON naming its algorithm, and a URL password sits
//! between `user:` and `@host`. A shape alone is not enough: the variable part must then pass a
//! placeholder and entropy gate, so documentation (`AKIAIOSFODNN7EXAMPLE`, `ghp_XXXX...`,
//! `postgres://user:password@host`, `${DB_PASSWORD}`) stays quiet.
//!
//! Every hit is redacted ([`Hit::redacted`]): reports, SARIF and the baseline show a public
//! prefix and a hash (`ghp_Ab...#1a2b3c4d`), never the secret.

use crate::json::{self, Value};
use crate::model::Severity;
use crate::rules::decode::decode_base64;
use crate::rules::lexicon::word_automaton;
use crate::rules::pattern::{Captures, Regex};
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;
use aho_corasick::AhoCorasick;
use std::sync::LazyLock;

static META: RuleMeta = RuleMeta {
    id: "embedded-secret",
    severity: Severity::High,
    summary: "a live credential pasted into metadata (a cloud key, a token, a private key block, a password in a URL)",
};

/// Every vendor-prefixed shape, one pass. Lengths are the vendors' own; boundaries and the
/// gate are checked by hand after a match.
static TOKEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?:AKIA|ASIA)[A-Z0-9]{16}",
        r"|gh[pousr]_[A-Za-z0-9]{36}",
        r"|github_pat_[A-Za-z0-9_]{82}",
        r"|xox[baprs]-[0-9]{1,13}(?:-[0-9]{1,13}){0,3}-[A-Za-z0-9]{16,64}",
        r"|[rs]k_(?:live|test)_[A-Za-z0-9]{20,247}",
        r"|AIza[0-9A-Za-z_\-]{35}",
        r"|sk-[A-Za-z0-9_\-]{20,}",
        r"|eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{16,}",
        r"|-----BEGIN (?:(?:RSA|EC|DSA|OPENSSH|ENCRYPTED|PGP) )?PRIVATE KEY(?: BLOCK)?-----",
    ))
    .expect("embedded-secret token pattern compiles")
});

/// What arms the rule: the prefixes `TOKEN` needs, then where the other two shapes start.
#[rustfmt::skip]
const TRIGGERS: &[&str] = &[
    "akia", "asia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "xoxb-", "xoxp-",
    "xoxa-", "xoxr-", "xoxs-", "k_live_", "k_test_", "aiza", "sk-", "eyj", "private key",
    "secret", "://",
];

/// `TOKEN` is compiled and run only where one of its prefixes occurs: most armed strings hold
/// nothing but a URL.
static TOKEN_PREFIX: LazyLock<AhoCorasick> = LazyLock::new(|| {
    word_automaton(TRIGGERS.iter().filter(|word| !matches!(**word, "secret" | "://")))
});

/// An AWS secret access key, only where a label names it (`aws_secret_access_key`,
/// `SecretAccessKey`, `AWS_SECRET`, `aws secret key`): 40 base64 characters alone are as likely
/// a hash or an id. The pattern starts at `secret` so the search can skip to that word; a
/// label without `access` must be preceded by `aws`, checked by hand.
static AWS_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i-u:secret(?:[_\-. ]?(access)[_\-. ]?key|[_\-. ]?key)?)",
        r#"["'\]]?[ \t]*(?:=>|:=|[:=])?[ \t]*["']?([A-Za-z0-9/+]{40})"#,
    ))
    .expect("embedded-secret AWS secret pattern compiles")
});

/// `scheme://user:password@host`; the user may be empty (`redis://:pw@host`).
static URL_PASSWORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?-u:\b)([A-Za-z][A-Za-z0-9+.\-]{1,30})://",
        r#"([^\s:/?#@\[\]"'<>`]*):([^\s/?#@"'<>`]+)@([A-Za-z0-9\[][^\s/?#@"'<>`]*)"#,
    ))
    .expect("embedded-secret URL pattern compiles")
});

/// Secrets vendors publish in their own documentation, quoted whole (or, for a JWT, its
/// signature): the jwt.io sample token and Stripe's sample test keys. AWS's documentation keys
/// carry `EXAMPLE` and fall to the marker check.
const PUBLISHED_SAMPLES: &[&str] = &[
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
];

/// Words that mark a token or password as a stand-in, found case-insensitively anywhere in it.
/// A random token holds one of these about once in ten thousand.
const PLACEHOLDER_MARKERS: &[&str] =
    &["example", "sample", "dummy", "fake", "placeholder", "redacted", "changeme", "xxxx", "your"];

/// Words that make a URL password a documentation stand-in or a well-known default, matched
/// after undoing leetspeak (`p@ssw0rd`, `s3cr3t`).
#[rustfmt::skip]
const PLACEHOLDER_PASSWORDS: &[&str] = &[
    "pass", "pwd", "secret", "changeme", "example", "sample", "dummy", "fake", "placeholder",
    "redacted", "your", "xxx", "test", "demo", "default", "admin", "root", "guest", "user",
    "token", "letmein", "qwerty",
];

/// Hosts that only appear in documentation.
const PLACEHOLDER_HOSTS: &[&str] = &["host", "hostname", "server", "domain", "your-host"];

/// Bytes kept visible in front of a token's mask beyond its public prefix: enough to tell two
/// keys apart at a glance, far too few to matter.
const KEEP_EXTRA: usize = 2;

pub struct EmbeddedSecret;

impl TextRule for EmbeddedSecret {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn triggers(&self) -> &'static [&'static str] {
        TRIGGERS
    }

    fn check(&self, text: &Text<'_>, hits: &mut Vec<Hit>) {
        let raw = text.as_str();
        let first = hits.len();
        let tokens = TOKEN_PREFIX.is_match(raw).then(|| TOKEN.find_iter(raw));
        for found in tokens.into_iter().flatten() {
            if let Some(hit) = token_hit(raw, found.start(), found.end()) {
                hits.push(hit);
            }
        }
        for captures in AWS_SECRET.captures_iter(raw) {
            if let Some(hit) = aws_secret_hit(raw, &captures) {
                hits.push(hit);
            }
        }
        if raw.contains("://") && raw.contains('@') {
            for captures in URL_PASSWORD.captures_iter(raw) {
                let Some(hit) = url_password_hit(&captures) else { continue };
                // A token used as a URL password (`https://x:ghp_...@github.com`) is one secret.
                if !hits[first..].iter().any(|seen| seen.start < hit.end && hit.start < seen.end) {
                    hits.push(hit);
                }
            }
        }
        hits[first..].sort_by_key(|hit| hit.start);
    }
}

/// What one kind of token is called and how its hit is shaped.
struct Shape {
    name: &'static str,
    /// Length of the public prefix that names the kind (`ghp_`, `sk-ant-api03-`).
    prefix: usize,
    /// Size of the alphabet the random part is drawn from, for the entropy gate.
    alphabet: usize,
    severity: Option<Severity>,
}

impl Shape {
    fn hit(&self, start: usize, end: usize) -> Hit {
        let hit = Hit::new(start, end, message(self.name)).redacted(self.prefix + KEEP_EXTRA);
        match self.severity {
            Some(severity) => hit.with_severity(severity),
            None => hit,
        }
    }
}

fn message(name: &str) -> String {
    format!("{name} pasted into metadata, readable by anyone who lists this server")
}

/// The hit for a `TOKEN` match at `start..end`, if it is a credential and not a stand-in.
fn token_hit(raw: &str, start: usize, end: usize) -> Option<Hit> {
    let token = &raw[start..end];
    let bytes = raw.as_bytes();
    if start > 0 && bytes[start - 1].is_ascii_alphanumeric() && !token.starts_with('-') {
        return None;
    }
    if token.starts_with("-----") {
        return private_key_hit(raw, start, end);
    }
    if token.starts_with("eyJ") {
        return jwt_hit(raw, start, end);
    }
    let shape = token_shape(token)?;
    // A longer run of the token's own characters is some other identifier.
    let continues = bytes.get(end).is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_');
    if continues || PUBLISHED_SAMPLES.contains(&token) {
        return None;
    }
    // A Slack token's numeric ids are not secret; its last segment is.
    let body = match token.rfind('-') {
        Some(dash) if token.starts_with("xox") => &token[dash + 1..],
        _ => &token[shape.prefix..],
    };
    let words = token.starts_with("ASIA") && !body.bytes().any(|b| b.is_ascii_digit());
    if words || is_placeholder(body) || !looks_random(body, shape.alphabet) {
        return None;
    }
    Some(shape.hit(start, end))
}

/// The kind of a vendor token, from its prefix and exact shape.
fn token_shape(token: &str) -> Option<Shape> {
    let shape = |name, prefix, alphabet| Some(Shape { name, prefix, alphabet, severity: None });
    match token.as_bytes() {
        // An access key id names a key; without its secret it authenticates nothing.
        [b'A', b'K' | b'S', b'I', b'A', ..] => Some(Shape {
            name: "an AWS access key id",
            prefix: 4,
            alphabet: 36,
            severity: Some(Severity::Medium),
        }),
        [b'g', b'h', _, b'_', ..] => shape("a GitHub token", 4, 62),
        [b'g', b'i', ..] => shape("a GitHub fine-grained personal access token", 11, 63),
        [b'x', b'o', b'x', ..] => shape("a Slack token", 5, 62),
        [b'A', b'I', ..] => shape("a Google API key", 4, 64),
        [kind @ (b's' | b'r'), b'k', b'_', ..] => {
            let live = token[3..].starts_with("live_");
            let name = match (*kind, live) {
                (b's', true) => "a Stripe live secret key",
                (b'r', true) => "a Stripe live restricted key",
                (b's', false) => "a Stripe test-mode secret key",
                _ => "a Stripe test-mode restricted key",
            };
            // A test-mode key reads and writes the account's test data, never real money.
            let severity = (!live).then_some(Severity::Medium);
            Some(Shape { name, prefix: 8, alphabet: 62, severity })
        }
        _ => ai_key_shape(token),
    }
}

/// An OpenAI or Anthropic key among `sk-` tokens, by their real shapes; any other `sk-` string
/// (`sk-learn-compatible`, other vendors) is left alone.
fn ai_key_shape(token: &str) -> Option<Shape> {
    let shape = |name, prefix| Shape { name, prefix, alphabet: 64, severity: None };
    let body = token.strip_prefix("sk-")?;
    if let Some(rest) = body.strip_prefix("ant-") {
        // sk-ant-api03-, sk-ant-admin01-, ...: letters, two digits, a dash, ~95 characters.
        let kind = rest.bytes().take_while(u8::is_ascii_lowercase).count();
        let digits = rest[kind..].bytes().take_while(u8::is_ascii_digit).count();
        let prefix = kind + digits + 1;
        let shaped = kind > 0 && digits == 2 && rest[kind + digits..].starts_with('-');
        return (shaped && rest.len() - prefix >= 80)
            .then(|| shape("an Anthropic API key", 7 + prefix));
    }
    for scope in ["proj-", "svcacct-", "admin-"] {
        if let Some(rest) = body.strip_prefix(scope) {
            return (rest.len() >= 40).then(|| shape("an OpenAI API key", 3 + scope.len()));
        }
    }
    // Keys without a scope embed "OpenAI" in base64 (T3BlbkFJ) between two random halves;
    // the oldest are 48 bare alphanumerics.
    let marked = body.find("T3BlbkFJ").is_some_and(|at| at >= 16 && body.len() - at - 8 >= 16);
    let legacy = body.len() == 48 && body.bytes().all(|b| b.is_ascii_alphanumeric());
    (marked || legacy).then(|| shape("an OpenAI API key", 3))
}

/// A PEM private key: the armour at `start..header_end`, then a real base64 body.
fn private_key_hit(raw: &str, start: usize, header_end: usize) -> Option<Hit> {
    let body = pem_body(raw, header_end);
    // A header alone, or a few characters and an ellipsis, is documentation of the format.
    let enough = body.base64 >= 64 && !body.truncated;
    (enough && body.entropy >= 4.5).then(|| {
        let prefix = header_end - start;
        Hit::new(start, body.end, message("a private key")).redacted(prefix)
    })
}

struct PemBody {
    /// Where the block ends: after its `-----END ...-----` line, or after the last body line.
    end: usize,
    /// Base64 characters in the body.
    base64: usize,
    /// Shannon entropy of those characters, in bits each.
    entropy: f64,
    /// Whether the body stops at an ellipsis (`...`, `…`): an excerpt, not a key.
    truncated: bool,
}

/// Reads a PEM body from `from`: base64 lines, armour headers (`Proc-Type: ...`) and the END
/// line, separated by real line breaks or the two characters `\n` of a doubly escaped string.
fn pem_body(raw: &str, from: usize) -> PemBody {
    let bytes = raw.as_bytes();
    let mut counts = [0u32; 128];
    let mut base64 = 0;
    let mut at = from;
    let mut end = from;
    loop {
        while at < bytes.len() {
            match bytes[at] {
                b' ' | b'\t' | b'\r' | b'\n' => at += 1,
                b'\\' if matches!(bytes.get(at + 1), Some(b'n' | b'r')) => at += 2,
                _ => break,
            }
        }
        let rest = &raw[at..];
        if let Some(footer) = rest.strip_prefix("-----END ") {
            if let Some(close) = footer.find("-----") {
                end = raw.len() - footer.len() + close + 5;
            }
            break;
        }
        let name = rest.bytes().take_while(|b| b.is_ascii_alphabetic() || *b == b'-').count();
        if name > 0 && rest[name..].starts_with(": ") {
            let line =
                rest.find('\n').unwrap_or(rest.len()).min(rest.find("\\n").unwrap_or(rest.len()));
            at += line;
            end = at;
            continue;
        }
        let run =
            rest.bytes().take_while(|&b| b.is_ascii_alphanumeric() || b"+/=".contains(&b)).count();
        // Body lines end at a line break; a short run followed by a space is a word of prose
        // (a flattened key keeps its long runs).
        let line_ends = matches!(rest.as_bytes().get(run), None | Some(b'\r' | b'\n' | b'-'))
            || rest[run..].starts_with("\\n");
        if run == 0 || (run < 32 && !line_ends) {
            break;
        }
        for b in rest[..run].bytes().filter(|&b| b != b'=') {
            counts[usize::from(b)] += 1;
            base64 += 1;
        }
        at += run;
        end = at;
    }
    let tail = raw[end..].trim_start();
    let truncated = tail.starts_with("...") || tail.starts_with('\u{2026}');
    PemBody { end, base64, entropy: entropy_of(&counts, base64), truncated }
}

/// A signed JWT: a header that decodes to a JSON object naming a real algorithm, a payload
/// that decodes to a JSON object, and a random signature.
fn jwt_hit(raw: &str, start: usize, end: usize) -> Option<Hit> {
    let token = &raw[start..end];
    if raw.as_bytes().get(end) == Some(&b'.') {
        return None;
    }
    let mut parts = token.split('.');
    let (header, payload, signature) = (parts.next()?, parts.next()?, parts.next()?);
    let header = decode_json(header)?;
    let algorithm = header.get("alg")?.as_str()?;
    let payload = decode_json(payload)?;
    // A Supabase anon key is a JWT published on purpose, in every client of the project.
    let public = payload.get("role").and_then(Value::as_str) == Some("anon");
    if algorithm.eq_ignore_ascii_case("none")
        || public
        || PUBLISHED_SAMPLES.contains(&signature)
        || is_placeholder(signature)
        || !looks_random(signature, 64)
    {
        return None;
    }
    Some(Hit::new(start, end, message("a signed JWT (a bearer token)")).redacted(3 + KEEP_EXTRA))
}

/// The JSON object a base64url segment decodes to.
fn decode_json(segment: &str) -> Option<Value> {
    let text = String::from_utf8(decode_base64(segment)?).ok()?;
    let value = json::parse(&text).ok()?;
    value.as_object().is_some().then_some(value)
}

/// A labelled AWS secret access key.
fn aws_secret_hit(raw: &str, captures: &Captures<'_>) -> Option<Hit> {
    let key = captures.get(2)?;
    if captures.get(1).is_none() && !after_aws(&raw[..captures.get(0)?.start()]) {
        return None;
    }
    let continues = raw
        .as_bytes()
        .get(key.end())
        .is_some_and(|&b| b.is_ascii_alphanumeric() || b"+/=".contains(&b));
    let body = key.as_str();
    if continues || is_placeholder(body) || !looks_random(body, 64) {
        return None;
    }
    Some(Hit::new(key.start(), key.end(), message("an AWS secret access key")).redacted(0))
}

/// Whether `before` ends with `aws`, optionally followed by one of `_-. `.
fn after_aws(before: &str) -> bool {
    let before = before.strip_suffix(['_', '-', '.', ' ']).unwrap_or(before);
    before.len() >= 3 && before.as_bytes()[before.len() - 3..].eq_ignore_ascii_case(b"aws")
}

/// The password of a `scheme://user:password@host` URL, when it is not a stand-in.
fn url_password_hit(captures: &Captures<'_>) -> Option<Hit> {
    let scheme = captures.get(1)?.as_str();
    let user = captures.get(2)?.as_str();
    let password = captures.get(3)?;
    let host = captures.get(4)?.as_str();
    if !is_real_password(user, password.as_str()) || is_placeholder_host(host) {
        return None;
    }
    let name = format!("a password in a {scheme}:// URL");
    Some(Hit::new(password.start(), password.end(), message(&name)).redacted(0))
}

fn is_real_password(user: &str, password: &str) -> bool {
    // Template syntax (`${DB_PASSWORD}`, `<pw>`, `%s`) and masking (`****`).
    let templated = password.bytes().any(|b| b"${}<>%*".contains(&b))
        || password.contains("...")
        || password.contains('\u{2026}');
    let folded: String = password.chars().map(unleet).collect();
    password.chars().count() >= 6
        && !templated
        && !password.eq_ignore_ascii_case(user)
        && !password.bytes().all(|b| b.is_ascii_digit())
        && !PLACEHOLDER_PASSWORDS.iter().any(|word| folded.contains(word))
        && looks_random(password, 70)
}

/// A password character with leetspeak undone and case folded: `P@55w0rd` reads `password`.
fn unleet(c: char) -> char {
    match c {
        '0' => 'o',
        '1' => 'i',
        '3' => 'e',
        '4' | '@' => 'a',
        '5' | '$' => 's',
        '7' => 't',
        c => c.to_ascii_lowercase(),
    }
}

fn is_placeholder_host(host: &str) -> bool {
    let name = host.split(':').next().unwrap_or(host).to_ascii_lowercase();
    PLACEHOLDER_HOSTS.contains(&name.as_str())
        || name.contains("example")
        || name.ends_with(".test")
        || name.ends_with(".invalid")
}

/// Whether `body` says it is a stand-in (`EXAMPLE`, `your`, `xxxx`, ...).
fn is_placeholder(body: &str) -> bool {
    PLACEHOLDER_MARKERS.iter().any(|marker| {
        body.as_bytes()
            .windows(marker.len())
            .any(|window| window.eq_ignore_ascii_case(marker.as_bytes()))
    })
}

/// Whether `body` reads as drawn at random from an alphabet of `alphabet` characters (16 when
/// it is all hex digits, as some token segments are): its entropy within 1.5 bits of the most
/// its length allows (random strings clear this about 9,999 times in 10,000), no character
/// four times running, and no counting run (`1234...`, `abcd...`) over half of it.
fn looks_random(body: &str, alphabet: usize) -> bool {
    let bytes = body.as_bytes();
    let mut counts = [0u32; 128];
    for &b in bytes {
        counts[usize::from(b & 0x7f)] += 1;
    }
    let alphabet =
        if bytes.iter().all(u8::is_ascii_hexdigit) { alphabet.min(16) } else { alphabet };
    let ceiling = (bytes.len().min(alphabet).max(2) as f64).log2();
    let repeated = bytes.windows(4).any(|w| w[1] == w[0] && w[2] == w[0] && w[3] == w[0]);
    let steps = bytes
        .windows(2)
        .filter(|w| w[1].wrapping_sub(w[0]) == 1 || w[0].wrapping_sub(w[1]) == 1)
        .count();
    entropy_of(&counts, bytes.len()) >= ceiling - 1.5 && !repeated && steps * 2 < bytes.len()
}

/// Shannon entropy, in bits per character, of `total` characters tallied in `counts`.
fn entropy_of(counts: &[u32], total: usize) -> f64 {
    if total == 0 {
        return 0.0;
    }
    let total = total as f64;
    counts
        .iter()
        .filter(|&&count| count > 0)
        .map(|&count| {
            let p = f64::from(count) / total;
            -p * p.log2()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::hits;

    /// Test keys are built at run time, so no key-shaped literal sits in the source.
    mod keys {
        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/keys.rs"));
    }
    use keys::{ALNUM, BASE64, BASE64URL, UPPER_DIGITS, random};

    fn key(prefix: &str, alphabet: &str, len: usize, seed: u64) -> String {
        format!("{prefix}{}", random(alphabet, len, seed))
    }

    /// The secrets flagged in `input`, with each hit's message, severity and kept prefix.
    fn found(input: &str) -> Vec<(String, String, Option<Severity>, Option<usize>)> {
        hits(&EmbeddedSecret, input)
            .into_iter()
            .map(|hit| {
                (input[hit.start..hit.end].to_string(), hit.message, hit.severity, hit.redact)
            })
            .collect()
    }

    fn flags(input: &str, secret: &str) {
        let found = found(input);
        assert_eq!(found.len(), 1, "{input:?}: {found:?}");
        assert_eq!(found[0].0, secret, "{input:?}");
    }

    fn quiet(input: &str) {
        assert_eq!(found(input), [], "{input:?}");
    }

    fn base64url_of(text: &str) -> String {
        const TABLE: &[u8] = BASE64URL.as_bytes();
        let bytes = text.as_bytes();
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n =
                chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
            for i in 0..=chunk.len() {
                out.push(TABLE[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }

    fn jwt(header: &str, payload: &str, signature: &str) -> String {
        format!("{}.{}.{signature}", base64url_of(header), base64url_of(payload))
    }

    #[test]
    fn an_aws_access_key_id_is_medium_and_keeps_its_prefix() {
        let id = key("AKIA", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16, 1);
        let input = format!("Use access key {id} for the bucket.");
        assert_eq!(
            found(&input),
            [(
                id.clone(),
                "an AWS access key id pasted into metadata, readable by anyone who lists this \
                 server"
                    .to_string(),
                Some(Severity::Medium),
                Some(6)
            )]
        );
        flags(
            &format!("temporary id {}", key("ASIA", UPPER_DIGITS, 16, 2)),
            &key("ASIA", UPPER_DIGITS, 16, 2),
        );
    }

    #[test]
    fn a_labelled_aws_secret_access_key_is_high_and_fully_masked() {
        let secret = random(BASE64, 40, 3);
        for label in [
            "aws_secret_access_key = ",
            "AWS_SECRET_ACCESS_KEY=",
            "\"SecretAccessKey\": \"",
            "aws secret key: ",
        ] {
            let input = format!("{label}{secret}");
            let found = found(&input);
            assert_eq!(found.len(), 1, "{input}");
            assert_eq!(
                (found[0].0.as_str(), found[0].2, found[0].3),
                (secret.as_str(), None, Some(0))
            );
        }
    }

    #[test]
    fn a_secret_label_not_naming_aws_is_not_an_aws_secret() {
        let secret = random(BASE64, 40, 3);
        quiet(&format!("client_secret = {secret}"));
        quiet(&format!("webhook secret: {secret}"));
        flags(&format!("AWS_SECRET={secret}"), &secret);
    }

    #[test]
    fn forty_base64_characters_without_a_label_are_not_an_aws_secret() {
        quiet(&format!("checksum {}", random(BASE64, 40, 3)));
        quiet("commit 3f786850e387550fdab836ed7e6dc881de23001b");
    }

    #[test]
    fn awss_documentation_keys_are_quiet() {
        quiet("aws_access_key_id = AKIAIOSFODNN7EXAMPLE");
        quiet("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
    }

    #[test]
    fn asia_followed_by_words_is_a_region_name_not_a_key() {
        quiet("region: ASIAPACIFICSOUTHEAST");
    }

    #[test]
    fn github_tokens_classic_and_fine_grained() {
        for (seed, prefix) in ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"].into_iter().enumerate() {
            let token = key(prefix, ALNUM, 36, seed as u64 + 10);
            flags(&format!("GITHUB_TOKEN={token}"), &token);
        }
        let fine = format!("github_pat_{}_{}", random(ALNUM, 22, 20), random(ALNUM, 59, 21));
        let input = format!("Authorization: Bearer {fine}");
        assert_eq!(found(&input)[0].3, Some(13));
        flags(&input, &fine);
    }

    #[test]
    fn a_token_run_on_into_more_characters_is_some_other_identifier() {
        quiet(&format!("id {}", key("ghp_", ALNUM, 40, 12)));
        quiet(&format!("{}x", key("AKIA", UPPER_DIGITS, 16, 12)));
        quiet(&format!("x{}", key("AKIA", UPPER_DIGITS, 16, 12)));
    }

    #[test]
    fn slack_tokens() {
        let bot = format!(
            "xoxb-{}-{}-{}",
            random("0123456789", 12, 30),
            random("0123456789", 13, 31),
            random(ALNUM, 24, 32)
        );
        flags(&format!("SLACK_BOT_TOKEN: {bot}"), &bot);
        let user = format!(
            "xoxp-{}-{}-{}-{}",
            random("0123456789", 11, 33),
            random("0123456789", 11, 34),
            random("0123456789", 12, 35),
            random("0123456789abcdef", 32, 36)
        );
        flags(&format!("token {user}."), &user);
    }

    #[test]
    fn stripe_live_keys_are_high_and_test_keys_medium() {
        let live = key("sk_live_", ALNUM, 24, 40);
        assert_eq!(found(&live)[0].2, None);
        assert_eq!(found(&live)[0].3, Some(10));
        let restricted = key("rk_live_", ALNUM, 99, 41);
        flags(&format!("key={restricted}"), &restricted);
        let test = key("sk_test_", ALNUM, 24, 42);
        assert_eq!(found(&test)[0].2, Some(Severity::Medium));
        assert_eq!(found(&test)[0].1, message("a Stripe test-mode secret key"));
    }

    #[test]
    fn stripes_published_sample_keys_are_quiet() {
        quiet("curl https://api.stripe.com/v1/charges -u sk_test_4eC39HqLyjWDarjtT1zdp7dc:");
        quiet("sk_test_BQokikJOvBiI2HlWgH4olfQ2");
    }

    #[test]
    fn google_api_keys() {
        let google = key("AIzaSy", BASE64URL, 33, 50);
        flags(&format!("key={google}&q=maps"), &google);
    }

    #[test]
    fn openai_keys_by_their_real_shapes() {
        let project =
            format!("sk-proj-{}T3BlbkFJ{}", random(BASE64URL, 74, 60), random(BASE64URL, 74, 61));
        flags(&format!("OPENAI_API_KEY={project}"), &project);
        assert_eq!(found(&project)[0].3, Some(10));
        let marked = format!("sk-{}T3BlbkFJ{}", random(ALNUM, 20, 62), random(ALNUM, 20, 63));
        flags(&marked, &marked);
        let legacy = key("sk-", ALNUM, 48, 64);
        flags(&format!("'{legacy}'"), &legacy);
        let service = key("sk-svcacct-", BASE64URL, 120, 65);
        flags(&service, &service);
    }

    #[test]
    fn other_sk_dash_strings_are_not_openai_keys() {
        quiet("an sk-learn-compatible-estimator-interface");
        quiet(&key("sk-", ALNUM, 32, 66));
        quiet("set OPENAI_API_KEY to your key (it looks like sk-...)");
        quiet("sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    }

    #[test]
    fn anthropic_keys() {
        let api = format!("sk-ant-api03-{}AA", random(BASE64URL, 93, 70));
        let found = found(&format!("ANTHROPIC_API_KEY=\"{api}\""));
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].0.as_str(), found[0].3), (api.as_str(), Some(15)));
        assert_eq!(found[0].1, message("an Anthropic API key"));
        let admin = format!("sk-ant-admin01-{}AA", random(BASE64URL, 93, 71));
        flags(&admin, &admin);
        quiet("sk-ant-api03-...");
    }

    #[test]
    fn private_key_blocks_span_header_to_footer() {
        let body: Vec<String> = (0..6).map(|line| random(BASE64, 64, 80 + line)).collect();
        for kind in ["RSA ", "EC ", "OPENSSH ", "DSA ", "ENCRYPTED ", ""] {
            let block = format!(
                "-----BEGIN {kind}PRIVATE KEY-----\n{}\n-----END {kind}PRIVATE KEY-----",
                body.join("\n")
            );
            let input = format!("Deploy key:\n{block}\nThanks.");
            let found = found(&input);
            assert_eq!(found.len(), 1, "{kind}");
            assert_eq!(found[0].0, block);
            assert_eq!(found[0].3, Some(format!("-----BEGIN {kind}PRIVATE KEY-----").len()));
        }
    }

    #[test]
    fn an_escaped_private_key_with_armour_headers_still_counts() {
        let body = random(BASE64, 128, 90);
        let block = format!(
            "-----BEGIN RSA PRIVATE KEY-----\\nProc-Type: 4,ENCRYPTED\\nDEK-Info: AES-128-CBC,ABCDEF\\n\\n{body}\\n-----END RSA PRIVATE KEY-----"
        );
        flags(&block, &block);
        let pgp = format!(
            "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{body}\n=AbCd\n-----END PGP PRIVATE KEY BLOCK-----"
        );
        flags(&pgp, &pgp);
    }

    #[test]
    fn a_private_key_header_without_a_real_body_is_documentation() {
        quiet("Paste your key, starting with -----BEGIN RSA PRIVATE KEY-----.");
        quiet(
            "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END PRIVATE KEY-----",
        );
        quiet("-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----");
        let line = random(BASE64, 64, 91);
        quiet(&format!("-----BEGIN RSA PRIVATE KEY-----\n{line}\n..."));
        quiet(&format!(
            "-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----",
            "A".repeat(128)
        ));
    }

    #[test]
    fn public_keys_and_certificates_are_not_secrets() {
        let body = random(BASE64, 256, 92);
        quiet(&format!("-----BEGIN PUBLIC KEY-----\n{body}\n-----END PUBLIC KEY-----"));
        quiet(&format!("-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----"));
        quiet(&format!("ssh-rsa AAAAB3NzaC1yc2E{body} deploy@ci"));
    }

    #[test]
    fn a_signed_jwt_fires_and_keeps_a_short_prefix() {
        let token = jwt(
            r#"{"alg":"HS256","typ":"JWT"}"#,
            r#"{"sub":"svc-ingest","iat":1716239022}"#,
            &random(BASE64URL, 43, 100),
        );
        let input = format!("Authorization: Bearer {token}");
        let found = found(&input);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].0.as_str(), found[0].3), (token.as_str(), Some(5)));
    }

    #[test]
    fn jwts_that_are_no_credential_are_quiet() {
        let signature = random(BASE64URL, 43, 101);
        // jwt.io's sample token.
        quiet(&jwt(
            r#"{"alg":"HS256","typ":"JWT"}"#,
            r#"{"sub":"1234567890","name":"John Doe","iat":1516239022}"#,
            "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        ));
        // Unsigned, a Supabase anon key, no algorithm, a payload that is not an object.
        quiet(&jwt(r#"{"alg":"none"}"#, r#"{"sub":"a"}"#, &signature));
        quiet(&jwt(
            r#"{"alg":"HS256","typ":"JWT"}"#,
            r#"{"iss":"supabase","role":"anon"}"#,
            &signature,
        ));
        quiet(&jwt(r#"{"typ":"JWT","kid":"k1"}"#, r#"{"sub":"a"}"#, &signature));
        quiet(&jwt(r#"{"alg":"HS256"}"#, r#""just a string""#, &signature));
        quiet(&jwt(r#"{"alg":"HS256"}"#, r#"{"sub":"a"}"#, "signaturesignaturesignature"));
    }

    #[test]
    fn a_password_in_a_url_fires_on_the_password_only() {
        let password = random(ALNUM, 14, 110);
        let input = format!("Connect to postgres://admin:{password}@db.internal:5432/app");
        let found = found(&input);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, password);
        assert_eq!(found[0].1, message("a password in a postgres:// URL"));
        assert_eq!(found[0].3, Some(0));
        flags(&format!("redis://:{password}@cache.internal:6379/0"), &password);
        flags(&format!("mongodb+srv://svc:{password}@cluster0.a1b2c.mongodb.net/db"), &password);
    }

    #[test]
    fn documentation_urls_and_defaults_are_quiet() {
        for url in [
            "postgres://user:password@host:5432/db",
            "postgres://user:pass@localhost/db",
            "mysql://admin:admin@localhost/app",
            "amqp://guest:guest@localhost:5672/",
            "postgresql://postgres:postgres@localhost/postgres",
            "postgres://app:s3cr3t@db/app",
            "postgres://app:P@ssw0rd1@db/app",
            "redis://:${REDIS_PASSWORD}@cache:6379",
            "postgres://app:{{db_password}}@db/app",
            "postgres://app:<password>@db/app",
            "postgres://app:$DB_PASSWORD@db/app",
            "postgres://app:****@db/app",
            "postgres://app:xxxxxxxx@db/app",
            "https://user:Kq8vT2mXw9@example.com/",
            "https://user:Kq8vT2mXw9@host/",
            "http://localhost:8080/@fs/index.html",
            "https://cdn.jsdelivr.net/npm/pkg@1.2.3/dist",
            "ssh://git@github.com:22/org/repo.git",
        ] {
            quiet(url);
        }
    }

    #[test]
    fn a_token_inside_a_url_is_one_secret() {
        let token = key("ghp_", ALNUM, 36, 120);
        flags(&format!("https://x-access-token:{token}@github.com/org/repo.git"), &token);
    }

    #[test]
    fn placeholders_and_low_entropy_tokens_are_quiet() {
        quiet("ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX");
        quiet("ghp_000000000000000000000000000000000000");
        quiet("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
        quiet(&format!("ghp_{}", "aB3".repeat(12)));
        quiet(&format!("ghp_your{}", random(ALNUM, 32, 130)));
        quiet("AKIAXXXXXXXXXXXXXXXX");
        quiet("AKIA1234567890ABCDEF");
        quiet("Set GITHUB_TOKEN to $GITHUB_TOKEN or <your-token> or {{token}}.");
        quiet("xoxb-your-bot-token-here");
        quiet("sk_live_xxxxxxxxxxxxxxxxxxxxxxxx");
    }

    #[test]
    fn public_identifiers_are_quiet() {
        quiet(
            "id 123e4567-e89b-12d3-a456-426614174000, sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        );
        quiet("Keys look like sk_live_... and ghp_...; tokens start with xoxb-.");
        quiet(
            "Reads OPENAI_API_KEY, ANTHROPIC_API_KEY and AWS_SECRET_ACCESS_KEY from the environment.",
        );
        quiet(&format!("data:image/png;base64,{}", random(BASE64, 400, 140)));
    }

    #[test]
    fn two_secrets_in_one_string_come_out_in_order() {
        let id = key("AKIA", UPPER_DIGITS, 16, 150);
        let secret = random(BASE64, 40, 151);
        let input = format!("aws_access_key_id={id}\naws_secret_access_key={secret}");
        let spans: Vec<String> = found(&input).into_iter().map(|(span, ..)| span).collect();
        assert_eq!(spans, [id, secret]);
    }

    #[test]
    fn the_random_test_keys_pass_the_gate_they_are_meant_to() {
        for seed in 0..500 {
            assert!(looks_random(&random(ALNUM, 36, seed), 62), "{seed}");
            assert!(looks_random(&random(UPPER_DIGITS, 16, seed), 36), "{seed}");
        }
    }
}
