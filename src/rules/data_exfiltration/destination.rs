//! Where a transfer goes: an address outside the machine that is neither a reference to docs,
//! a local or private host, nor the provider the tool itself talks to.

use crate::rules::scope::Scope;
use crate::text::Doc;
use crate::text::lex::{Kind, flag};
use std::ops::Range;

/// Words before an address that make it a reference, not a destination: `the config file
/// described at https://...`, `see https://...`.
const REFERENCES: &[&str] = &[
    "described",
    "documented",
    "see",
    "docs",
    "documentation",
    "details",
    "guide",
    "readme",
    "learn",
    "reference",
    "explained",
    "setup",
    "instructions",
    "info",
    "information",
];

/// Top-level domains the providers a tool talks to live on; a look-alike on a throwaway
/// domain (`deepl-cache.tk`) is never the provider.
const MAINSTREAM: &[&str] = &[
    "com", "net", "org", "io", "dev", "app", "ai", "co", "cloud", "us", "me", "so", "sh", "gg",
    "uk", "de", "fr", "eu", "ca", "au", "jp", "in",
];

/// The host an address token names, lowercase, without scheme, user information, port or path.
pub fn host(doc: &Doc, at: usize) -> String {
    let text = doc.word(at);
    let text = text.split_once("://").map_or(text, |(_, rest)| rest);
    let text = text.trim_start_matches('[');
    let authority = text.split(['/', '?', '#']).next().unwrap_or_default();
    let authority = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let host = if authority.contains("]:") || authority.ends_with(']') {
        authority.split(']').next().unwrap_or_default()
    } else if authority.matches(':').count() == 1 {
        authority.split(':').next().unwrap_or_default()
    } else {
        authority
    };
    if doc.tokens[at].kind == Kind::Email {
        let plain = crate::text::lex::plain_email(doc.word(at));
        return plain.rsplit_once('@').map_or(plain.as_str(), |(_, domain)| domain).to_string();
    }
    host.to_string()
}

/// Whether `host` is this machine or a private network.
pub fn local(host: &str) -> bool {
    // A name with no dot (`db`, `redis`) resolves only inside the network it runs in.
    let single_label = !host.contains('.') && !host.contains(':');
    single_label || private_host(host)
}

/// Whether `host` is loopback, a private range or a private-network name (`.internal`,
/// `.local`, `.corp`).
pub fn private_host(host: &str) -> bool {
    let private_v4 = host.starts_with("10.")
        || host.starts_with("127.")
        || host.starts_with("192.168.")
        || host.starts_with("169.254.")
        || (16..32).any(|n| host.starts_with(&format!("172.{n}.")));
    private_v4
        || matches!(host, "localhost" | "::1" | "0.0.0.0")
        || [".local", ".internal", ".lan", ".localhost", ".home.arpa", ".corp"]
            .iter()
            .any(|suffix| host.ends_with(suffix))
}

/// Whether `host` is the provider the entity talks to: its second-level label is a word of
/// the entity's name or purpose (or of a variable the sentence names), on a mainstream
/// top-level domain.
pub fn provider(host: &str, scope: Option<&Scope<'_>>, extra: &[String]) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() < 2 {
        return false;
    }
    let tld = labels[labels.len() - 1];
    let sld = labels[labels.len() - 2];
    if !MAINSTREAM.contains(&tld) {
        return false;
    }
    // `api.openweathermap.org` for OPENWEATHER_API_KEY: the name and a generic suffix.
    let known = |word: &str| {
        word.len() >= 3
            && (sld == word
                || word.len() >= 5
                    && sld.strip_prefix(word).is_some_and(|rest| {
                        matches!(rest, "map" | "maps" | "api" | "apis" | "app" | "hq" | "data")
                    }))
    };
    let named = scope.is_some_and(|scope| {
        let purpose = scope.purpose();
        purpose.words.iter().any(|word| known(word))
            || crate::rules::scope::name_words(scope.name()).iter().any(|word| known(word))
    });
    named || extra.iter().any(|word| known(word))
}

/// The first address in `range` that data sent there would leave the machine for another
/// party: not a reference to documentation, not local, not the tool's own provider.
pub fn external(
    doc: &Doc,
    range: Range<usize>,
    scope: Option<&Scope<'_>>,
    extra: &[String],
) -> Option<usize> {
    range.clone().find(|&at| {
        if phone(doc, at) {
            return true;
        }
        if !doc.tokens[at].is_address() {
            return false;
        }
        // A markdown link goes where its URL points, whatever its label says.
        let start = doc.tokens[at].start;
        let linked = doc
            .spans_starting_in(start..start + 1)
            .any(|span| span.kind == crate::text::spans::SpanKind::Link);
        let before = range.start.max(at.saturating_sub(4))..at;
        // `every key you see to keys@...`: seeing, not a pointer to docs.
        let reference = before.clone().any(|b| {
            REFERENCES.contains(&doc.word(b))
                && !(doc.word(b) == "see"
                    && matches!(doc.word(b.wrapping_sub(1)), "you" | "they" | "we" | "can"))
        });
        if !linked && reference {
            return false;
        }
        let host = host(doc, at);
        !local(&host) && !provider(&host, scope, extra)
    })
}

/// A phone number written in international form after `to`: `by SMS to +1 415 555 0142`.
/// The `+` opens it; its digits, in groups, number 8 to 15.
pub fn phone(doc: &Doc, at: usize) -> bool {
    if !doc.tokens[at].is_punct('+') || !matches!(doc.word(at.wrapping_sub(1)), "to" | "at") {
        return false;
    }
    let mut digits = 0;
    let mut end = doc.tokens[at].end;
    for token in &doc.tokens[at + 1..] {
        let gap = &doc.raw[end..token.start];
        if token.kind != Kind::Number || !(gap.is_empty() || gap == " " || gap == "-") {
            break;
        }
        digits += doc.raw[token.start..token.end].bytes().filter(u8::is_ascii_digit).count();
        end = token.end;
    }
    (8..=15).contains(&digits)
}

/// Places anyone can read, named by `public` before them: `a public gist`.
const PUBLIC_PLACES: &[&str] = &[
    "gist",
    "paste",
    "pastebin",
    "repo",
    "repository",
    "channel",
    "bucket",
    "page",
    "post",
    "issue",
    "forum",
    "board",
    "link",
    "url",
    "wiki",
    "feed",
    "folder",
    "share",
    "site",
];

/// Where what is put becomes readable by anyone: `as a public gist`, `with visibility
/// 'public'`, `public set to true`, `post it publicly`. Not `designed to be public` (a property of what is named)
/// nor `a public key` (a key that is no secret).
pub fn public(doc: &Doc, range: Range<usize>) -> Option<usize> {
    range.into_iter().find(|&at| match doc.word(at) {
        "publicly" | "world-readable" | "pastebin" => true,
        "public" => {
            // `a public S3 bucket`, `a public GitHub repo`: one name may come between.
            PUBLIC_PLACES.contains(&doc.word(at + 1))
                || doc.tokens.get(at + 1).is_some_and(|next| {
                    doc.raw[next.start..].starts_with(|c: char| c.is_uppercase())
                })
                    && PUBLIC_PLACES.contains(&doc.word(at + 2))
                || doc.word(at.wrapping_sub(1)) == "visibility"
                || doc.word(at.wrapping_sub(2)) == "visibility"
                // `with public set to true`: the flag that makes it so.
                || (at + 1..at + 5).any(|next| doc.word(next) == "true")
        }
        _ => false,
    })
}

/// [`vendor_words`] of a document, found when first asked: most clauses name no address, and
/// the words are wanted only to judge one.
pub struct Vendors<'d> {
    doc: &'d Doc<'d>,
    words: std::cell::OnceCell<Vec<String>>,
}

impl<'d> Vendors<'d> {
    pub fn of(doc: &'d Doc<'d>) -> Vendors<'d> {
        Vendors { doc, words: std::cell::OnceCell::new() }
    }

    pub fn get(&self) -> &[String] {
        self.words.get_or_init(|| vendor_words(self.doc))
    }
}

/// Names of providers the text mentions: capitalized words the lexicon does not know
/// (`OpenWeather`, `Stripe`) and the words of variable names (`HUBSPOT_PRIVATE_APP_TOKEN`).
fn vendor_words(doc: &Doc) -> Vec<String> {
    let mut words = Vec::new();
    for (at, token) in doc.tokens.iter().enumerate() {
        match token.kind {
            Kind::EnvVar | Kind::Ident | Kind::Slot => {
                words.extend(crate::rules::scope::name_words(doc.text(at)));
            }
            Kind::Word
                if token.is(flag::CAPITAL) && token.info == crate::vocab::Info::default() =>
            {
                words.push(doc.word(at).to_string());
            }
            _ => {}
        }
    }
    words
}
