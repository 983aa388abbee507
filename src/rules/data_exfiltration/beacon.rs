//! The beacon shape: a URL that carries a credential in a template slot or variable to an
//! outside host.

use super::destination;
use crate::rules::scope::Scope;
use crate::rules::{Hit, framing};
use crate::text::Doc;
use crate::text::lex::Kind;
use crate::text::query::{Sensitive, secret_name};
use crate::text::spans::SpanKind;

/// A URL that carries a credential to an outside host: every markdown image, and any URL
/// whose slots name a secret of someone other than its host.
pub(super) fn beacons(doc: &Doc, scope: Option<&Scope<'_>>, hits: &mut Vec<Hit>) {
    for (at, token) in doc.tokens.iter().enumerate() {
        if token.kind != Kind::Url {
            continue;
        }
        // In a markdown image or link the URL runs to its `)`, spaces in a `<placeholder>`
        // and all.
        let linked = doc
            .spans_starting_in(token.start..token.start + 1)
            .find(|span| matches!(span.kind, SpanKind::Image | SpanKind::Link));
        let url = match linked {
            Some(_) => {
                let rest = crate::text::window(doc.raw, token.start, 2048);
                &rest[..rest.find(')').unwrap_or(rest.len())]
            }
            None => doc.text(at),
        };
        let mut slots = secret_slots(url);
        slots.extend(defined_slots(doc, url));
        if slots.is_empty() {
            continue;
        }
        // A client fetches web addresses; a connection string (`postgres://user:${PASS}@db`)
        // goes where the tool connects.
        let lower = url.to_ascii_lowercase();
        if !(lower.starts_with("http://") || lower.starts_with("https://")) {
            continue;
        }
        let host = destination::host(doc, at);
        if destination::local(&host) {
            continue;
        }
        let image = doc.spans_at(token.start).any(|span| span.kind == SpanKind::Image);
        let pixel = [".gif", ".png", ".svg", "pixel", "beacon", "collect", "track", "log", "/px"]
            .iter()
            .any(|mark| url.to_ascii_lowercase().contains(mark));
        let foreign = slots.iter().any(|slot| {
            let words = crate::rules::scope::name_words(slot);
            words.len() > 1
                && !words.iter().any(|word| host.contains(word.as_str()))
                && !owned_by_path(url, slot, &words)
        });
        let environment = url.contains("env.") || url.contains('$');
        // The conversation is nobody's credential: any outside host it goes to takes it.
        let chat = slots.iter().any(|slot| chat_slot(slot));
        // The server's own host may take its own key, never another service's secret or the
        // conversation (`status.docsmith.app/ok.png?u={{GITHUB_TOKEN}}`).
        if destination::provider(&host, scope, &[]) && !foreign && !chat {
            continue;
        }
        if image || pixel || foreign || environment || chat || slots.len() >= 2 {
            let message = if image {
                "an image URL that carries a credential to an outside host, fetched as soon as a client renders it"
            } else {
                "a URL that carries a credential to an outside host"
            };
            let mut hit = Hit::new(token.start, token.end, message);
            if let Some(clause) =
                (0..doc.clauses.len()).find(|&c| doc.clause_bytes(c).contains(&token.start))
                && let Some(severity) = framing::discount(doc, clause)
            {
                hit = hit.with_severity(severity);
            }
            hits.push(hit);
        }
    }
}

/// Whether the path before a slot names what the slot is a credential for: the token of
/// `/api/webhooks/{webhook_id}/{webhook_token}` is the webhook's own, handed to the host that
/// issued it. Generic secret words (`api`, `key`, `token`) name no owner.
fn owned_by_path(url: &str, slot: &str, words: &[String]) -> bool {
    let Some(at) = url.find(slot) else { return false };
    let path = url[..at].to_ascii_lowercase();
    words
        .iter()
        .filter(|word| {
            !matches!(
                word.as_str(),
                "api"
                    | "key"
                    | "keys"
                    | "token"
                    | "secret"
                    | "password"
                    | "pass"
                    | "access"
                    | "auth"
                    | "id"
                    | "credential"
                    | "credentials"
                    | "private"
                    | "bearer"
            )
        })
        .any(|word| word.len() > 2 && path.contains(word.as_str()))
}

/// A slot named for the conversation: `{conversation}`, `{chat_history}`, `{messages}`.
fn chat_slot(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    crate::rules::scope::name_words(&lower).iter().any(|word| {
        matches!(word.as_str(), "conversation" | "chat" | "history" | "transcript" | "messages")
    })
}

/// The secret-named slots in a URL: `{api_key}`, `{{env.GITHUB_TOKEN}}`, `${KEY}`, `$TOKEN`,
/// `<the user's password>`.
fn secret_slots(url: &str) -> Vec<String> {
    let mut slots = Vec::new();
    let bytes = url.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let (open, close) = match bytes[at] {
            b'{' => (at, b'}'),
            b'<' => (at, b'>'),
            b'$' if bytes
                .get(at + 1)
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'{' || *b == b'(') =>
            {
                (at, 0)
            }
            _ => {
                at += 1;
                continue;
            }
        };
        let end = if close == 0 {
            open + 1
                + url[open + 1..]
                    .find(|c: char| {
                        !(c.is_ascii_alphanumeric() || c == '_' || c == '{' || c == '(')
                    })
                    .unwrap_or(url.len() - open - 1)
        } else {
            match url[open..].find(char::from(close)) {
                Some(len) => open + len,
                None => break,
            }
        };
        let name = url[open..end].trim_matches(|c: char| !c.is_alphanumeric());
        if secret_name(name) || name.to_ascii_lowercase().contains("password") || chat_slot(name) {
            slots.push(name.to_string());
        }
        at = end.max(open + 1);
    }
    slots
}

/// The capitalised placeholders of a URL the text defines as a secret: `?sid=SESSION where
/// SESSION is the user's current session token`.
fn defined_slots(doc: &Doc, url: &str) -> Vec<String> {
    let query = url.split_once('?').map_or("", |(_, query)| query);
    query
        .split(['&', '='])
        .filter(|part| {
            part.len() >= 3
                && part.bytes().all(|b| b.is_ascii_uppercase() || b == b'_')
                && part.bytes().any(|b| b.is_ascii_uppercase())
        })
        .filter(|name| {
            (0..doc.tokens.len()).any(|at| {
                doc.text(at) == *name
                    && matches!(doc.word(at + 1), "is" | "means" | "holds")
                    && doc
                        .sensitive_in(at + 2..(at + 10).min(doc.tokens.len()))
                        .is_some_and(|(_, what)| what == Sensitive::Secret)
            })
        })
        .map(|name| format!("{name} (the secret the text defines)"))
        .collect()
}
