//! A password written into a URL (`scheme://user:password@host`), and an Azure shared access
//! signature in one (`...?sv=...&sig=...`).

use super::gate::looks_random;
use super::message;
use crate::rules::Hit;
use crate::rules::pattern::{Captures, Regex};
use std::sync::LazyLock;

/// `scheme://user:password@host`; the user may be empty (`redis://:pw@host`).
static URL_PASSWORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?-u:\b)([A-Za-z][A-Za-z0-9+.\-]{1,30})://",
        r#"([^\s:/?#@\[\]"'<>`]*):([^\s/?#@"'<>`]+)@([A-Za-z0-9\[][^\s/?#@"'<>`]*)"#,
    ))
    .expect("embedded-secret URL pattern compiles")
});

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

pub(super) const STEMS: &[&str] = &["://"];

/// An Azure shared access signature: the `sig=` of a URL whose query also signs a version
/// (`sv=`), base64 of an HMAC, URL-encoded.
static SAS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[?&]sig=([A-Za-z0-9%+/=]{30,120})").expect("embedded-secret SAS pattern compiles")
});

pub(super) const SAS_STEMS: &[&str] = &["sig="];

pub(super) fn find_sas(raw: &str, hits: &mut Vec<Hit>) {
    for captures in SAS.captures_iter(raw) {
        let Some(signature) = captures.get(1) else { continue };
        // The query the signature belongs to: back to the URL's start, at most 600 bytes.
        let from = raw[..signature.start()]
            .char_indices()
            .rev()
            .take(600)
            .find(|(_, c)| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | '<' | '('))
            .map_or(0, |(at, _)| at);
        let query = &raw[from..signature.start()];
        let decoded = signature
            .as_str()
            .replace("%2F", "/")
            .replace("%2B", "+")
            .replace("%3D", "=")
            .replace("%2f", "/")
            .replace("%2b", "+")
            .replace("%3d", "=");
        if !(query.contains("?sv=") || query.contains("&sv="))
            || !super::gate::is_secret(decoded.trim_end_matches('='), 64)
        {
            continue;
        }
        let hit = Hit::new(
            signature.start(),
            signature.end(),
            message("an Azure shared access signature"),
        );
        hits.push(hit.redacted(0));
    }
}

pub(super) fn find(raw: &str, hits: &mut Vec<Hit>) {
    if raw.contains('@') {
        for captures in URL_PASSWORD.captures_iter(raw) {
            hits.extend(url_password_hit(&captures));
        }
    }
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

#[cfg(test)]
mod tests {
    use super::super::message;
    use crate::rules::embedded_secret::test_support::*;

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
    fn an_azure_shared_access_signature_in_a_url() {
        let signature = format!("{}%2F{}%3D", random(BASE64, 20, 111), random(BASE64, 22, 112));
        let url = format!(
            "https://cache.blob.core.windows.net/drops?sv=2022-11-02&ss=b&sp=rw&se=2027-06-30T21:00:00Z&sig={signature}"
        );
        flags(&format!("Artifacts land in {url} for reuse."), &signature);
        // A placeholder signature, and a `sig=` with no signed version beside it.
        quiet("https://acct.blob.core.windows.net/c?sv=2022-11-02&sp=r&sig=<signature>");
        quiet(&format!("https://example.com/verify?sig={}", random(BASE64, 43, 113)));
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
}
