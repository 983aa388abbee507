//! Secrets with no prefix of their own, recognised only where their context names them: a
//! label (`aws_secret_access_key = ...`, `DD_API_KEY=...`, `X-Postmark-Server-Token: ...`), a
//! connection string's field (`AccountKey=...`), or the vendor named in the same string
//! (Mailgun, Twilio). Without that context the same characters are as likely a hash or an id:
//! a bare UUID is no Postmark token, a bare 32 hex digits no Datadog key.

use super::gate::{PUBLISHED_SAMPLES, is_secret};
use super::{KEEP_EXTRA, message};
use crate::model::Severity;
use crate::rules::Hit;
use crate::rules::pattern::{Captures, Match, Regex};
use std::sync::LazyLock;

/// What may stand between a label and its value: a closing quote or bracket, an assignment
/// (`=`, `:`, `=>`, `:=`, `is`) and an opening quote.
const SEPARATOR: &str = r#"["'\]]?[ \t]*(?:=>|:=|[:=]|is[ \t])?[ \t]*["']?"#;

fn labelled(label: &str, value: &str) -> Regex {
    Regex::new(&format!("{label}{SEPARATOR}{value}"))
        .expect("embedded-secret labelled pattern compiles")
}

/// An AWS secret access key, only where a label names it (`aws_secret_access_key`,
/// `SecretAccessKey`, `AWS_SECRET`, `aws secret key`). The pattern starts at `secret` so the
/// search can skip to that word; a label without `access` must be preceded by `aws`, checked
/// by hand.
static AWS_SECRET: LazyLock<Regex> = LazyLock::new(|| {
    labelled(r"(?i-u:secret(?:[_\-. ]?(access)[_\-. ]?key|[_\-. ]?key)?)", "([A-Za-z0-9/+]{40})")
});

/// A Datadog API key (32 hex digits) or application key (40), named by its label:
/// `DD_API_KEY`, `DD-APPLICATION-KEY`, `datadog_app_key`, `Datadog API key`.
static DATADOG: LazyLock<Regex> = LazyLock::new(|| {
    labelled(
        r"(?i-u:(?:dd|datadog)[_\-. ]?(api|app|application)[_\-. ]?key)",
        "([0-9a-f]{40}|[0-9a-f]{32})",
    )
});

/// A Postmark server, account or API token (a UUID), named by its label:
/// `X-Postmark-Server-Token`, `POSTMARK_API_TOKEN`, `Postmark server token`.
static POSTMARK: LazyLock<Regex> = LazyLock::new(|| {
    labelled(
        r"(?i-u:postmark[_\-. ]?(?:(server|account|api)[_\-. ]?)?(?:token|key))",
        "([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})",
    )
});

/// A Mailgun API key: `key-` and 32 hex digits, or the newer 32, 8 and 8 hex digits.
static MAILGUN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u:\b)(?:key-[0-9a-f]{32}|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})")
        .expect("embedded-secret Mailgun pattern compiles")
});

/// A Twilio auth token: after the account SID it belongs to (`AC...:token`, as curl's `-u`
/// takes them), or under an `auth token` label.
static TWILIO_AUTH: LazyLock<Regex> = LazyLock::new(|| {
    labelled(r"(?:(?-u:\b)AC[0-9a-f]{32}:|(?i-u:auth[_\-. ]?token))", "([0-9a-f]{32})")
});

/// A Twilio API key: its SID (`SK` and 32 hex digits), with its secret after a colon or not.
static TWILIO_KEY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u:\b)SK[0-9a-f]{32}(:[A-Za-z0-9]{32})?")
        .expect("embedded-secret Twilio pattern compiles")
});

/// A Twilio API key's secret under its label (`TWILIO_API_SECRET=...`).
static TWILIO_SECRET: LazyLock<Regex> =
    LazyLock::new(|| labelled(r"(?i-u:api[_\-. ]?secret)", "([A-Za-z0-9]{32})"));

/// An Azure Storage account key or a Service Bus / Event Hubs / IoT Hub shared access key, as
/// a connection string's field.
static AZURE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i-u:(account|sharedaccess)key)=([A-Za-z0-9+/]{40,}={0,2})")
        .expect("embedded-secret Azure pattern compiles")
});

pub(super) const AWS_STEMS: &[&str] = &["secret"];
pub(super) const DATADOG_STEMS: &[&str] = &["datadog", "dd_ap", "dd-ap", "dd.ap", "dd ap", "ddap"];
pub(super) const POSTMARK_STEMS: &[&str] = &["postmark"];
pub(super) const MAILGUN_STEMS: &[&str] = &["mailgun"];
/// `twilio`, or an auth token's label: a 32-hex token under `auth_token` is the shape of
/// Twilio's, named or not.
pub(super) const TWILIO_STEMS: &[&str] =
    &["twilio", "auth_token", "auth-token", "authtoken", "auth token", "auth.token"];
pub(super) const AZURE_STEMS: &[&str] = &["accountkey=", "sharedaccesskey="];

/// A labelled value's hit, masked whole: these secrets have no public prefix.
fn value_hit(value: Match<'_>, name: &str) -> Hit {
    Hit::new(value.start(), value.end(), message(name)).redacted(0)
}

/// Whether the match starting at `start` is the tail of a longer identifier.
fn glued(raw: &str, start: usize) -> bool {
    start > 0 && raw.as_bytes()[start - 1].is_ascii_alphanumeric()
}

/// Whether `value` runs on into more alphanumerics or any of `more`: the shape matched only
/// the start of some longer string.
fn continues(raw: &str, value: &Match<'_>, more: &[u8]) -> bool {
    raw.as_bytes().get(value.end()).is_some_and(|b| b.is_ascii_alphanumeric() || more.contains(b))
}

pub(super) fn find_aws(raw: &str, hits: &mut Vec<Hit>) {
    for captures in AWS_SECRET.captures_iter(raw) {
        hits.extend(aws_secret_hit(raw, &captures));
    }
}

/// A labelled AWS secret access key.
fn aws_secret_hit(raw: &str, captures: &Captures<'_>) -> Option<Hit> {
    let key = captures.get(2)?;
    if captures.get(1).is_none() && !after_aws(&raw[..captures.get(0)?.start()]) {
        return None;
    }
    if continues(raw, &key, b"+/=") || !is_secret(key.as_str(), 64) {
        return None;
    }
    Some(value_hit(key, "an AWS secret access key"))
}

/// Whether `before` ends with `aws`, optionally followed by one of `_-. `.
fn after_aws(before: &str) -> bool {
    let before = before.strip_suffix(['_', '-', '.', ' ']).unwrap_or(before);
    before.len() >= 3 && before.as_bytes()[before.len() - 3..].eq_ignore_ascii_case(b"aws")
}

pub(super) fn find_datadog(raw: &str, hits: &mut Vec<Hit>) {
    for captures in DATADOG.captures_iter(raw) {
        let (Some(label), Some(kind), Some(key)) =
            (captures.get(0), captures.get(1), captures.get(2))
        else {
            continue;
        };
        let api = kind.as_str().eq_ignore_ascii_case("api");
        // An API key is 32 hex digits, an application key 40.
        if glued(raw, label.start()) || key.as_str().len() != if api { 32 } else { 40 } {
            continue;
        }
        if continues(raw, &key, b"_-") || !is_secret(key.as_str(), 16) {
            continue;
        }
        let name = if api { "a Datadog API key" } else { "a Datadog application key" };
        hits.push(value_hit(key, name));
    }
}

pub(super) fn find_postmark(raw: &str, hits: &mut Vec<Hit>) {
    for captures in POSTMARK.captures_iter(raw) {
        let Some(token) = captures.get(2) else { continue };
        let digits: String = token.as_str().chars().filter(|&c| c != '-').collect();
        if continues(raw, &token, b"_-") || !is_secret(&digits, 16) {
            continue;
        }
        let name = match captures.get(1).map(|kind| kind.as_str().to_ascii_lowercase()) {
            Some(kind) if kind == "server" => "a Postmark server token",
            Some(kind) if kind == "account" => "a Postmark account token",
            _ => "a Postmark API token",
        };
        hits.push(value_hit(token, name));
    }
}

pub(super) fn find_mailgun(raw: &str, hits: &mut Vec<Hit>) {
    for found in MAILGUN.find_iter(raw) {
        let key = found.as_str();
        let legacy = key.starts_with("key-");
        let digits: String = key.trim_start_matches("key-").chars().filter(|&c| c != '-').collect();
        if continues(raw, &found, b"_-") || !is_secret(&digits, 16) {
            continue;
        }
        let hit = Hit::new(found.start(), found.end(), message("a Mailgun API key"));
        hits.push(hit.redacted(if legacy { 4 + KEEP_EXTRA } else { 0 }));
    }
}

/// Whether `raw` holds a run of at least `len` letters and digits: every Twilio credential
/// does.
fn key_run(raw: &str, len: usize) -> bool {
    let mut run = 0;
    raw.bytes().any(|b| {
        run = if b.is_ascii_alphanumeric() { run + 1 } else { 0 };
        run >= len
    })
}

pub(super) fn find_twilio(raw: &str, hits: &mut Vec<Hit>) {
    if !key_run(raw, 32) {
        return;
    }
    for captures in TWILIO_AUTH.captures_iter(raw) {
        let (Some(label), Some(token)) = (captures.get(0), captures.get(1)) else { continue };
        if !glued(raw, label.start())
            && !continues(raw, &token, b"_-")
            && is_secret(token.as_str(), 16)
        {
            hits.push(value_hit(token, "a Twilio auth token"));
        }
    }
    for captures in TWILIO_KEY.captures_iter(raw) {
        let Some(found) = captures.get(0) else { continue };
        let secret = captures.get(1);
        let sid = &found.as_str()[2..34];
        let whole = secret.is_some_and(|secret| is_secret(&secret.as_str()[1..], 62));
        let end = if whole { found.end() } else { found.start() + 34 };
        if raw.as_bytes().get(end).is_some_and(u8::is_ascii_alphanumeric) || !is_secret(sid, 16) {
            continue;
        }
        // A key's SID names it, as an AWS access key id does; with its secret it is the key.
        let hit = if whole {
            Hit::new(found.start(), end, message("a Twilio API key and its secret"))
        } else {
            Hit::new(found.start(), end, message("a Twilio API key SID"))
                .with_severity(Severity::Medium)
        };
        hits.push(hit.redacted(2 + KEEP_EXTRA));
    }
    for captures in TWILIO_SECRET.captures_iter(raw) {
        let (Some(label), Some(secret)) = (captures.get(0), captures.get(1)) else { continue };
        if !glued(raw, label.start())
            && !continues(raw, &secret, b"_-")
            && is_secret(secret.as_str(), 62)
        {
            hits.push(value_hit(secret, "a Twilio API key secret"));
        }
    }
}

/// Whether the connection string around bytes `start..end` of `raw` is the storage
/// emulator's: its account, `devstoreaccount1`, with no endpoint in Azure's cloud. The emulator
/// takes only its own published key, so a key under that account opens nothing anywhere else.
fn emulated(raw: &str, start: usize, end: usize) -> bool {
    let bound = |c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '`');
    let from = raw[..start].rfind(bound).map_or(0, |at| at + 1);
    let to = raw[end..].find(bound).map_or(raw.len(), |at| end + at);
    let string = raw[from..to].to_ascii_lowercase();
    string.contains("accountname=devstoreaccount1;") && !string.contains("core.windows.net")
}

pub(super) fn find_azure(raw: &str, hits: &mut Vec<Hit>) {
    for captures in AZURE.captures_iter(raw) {
        let (Some(label), Some(kind), Some(key)) =
            (captures.get(0), captures.get(1), captures.get(2))
        else {
            continue;
        };
        if glued(raw, label.start()) || continues(raw, &key, b"+/=") {
            continue;
        }
        let key_text = key.as_str();
        if PUBLISHED_SAMPLES.contains(&key_text)
            || !is_secret(key_text.trim_end_matches('='), 64)
            || emulated(raw, label.start(), key.end())
        {
            continue;
        }
        let name = if kind.as_str().eq_ignore_ascii_case("account") {
            "an Azure Storage account key"
        } else {
            "an Azure shared access key (Service Bus, Event Hubs, IoT Hub)"
        };
        hits.push(value_hit(key, name));
    }
}

#[cfg(test)]
mod tests {
    use crate::model::Severity;
    use crate::rules::embedded_secret::test_support::*;

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
    fn datadog_keys_under_their_labels() {
        let api = random(HEX, 32, 300);
        let app = random(HEX, 40, 301);
        flags_as(&format!("DD_API_KEY={api}"), &api, "a Datadog API key", None, 0);
        flags_as(&format!("DD_APP_KEY={app}"), &app, "a Datadog application key", None, 0);
        flags(&format!("curl -H \"DD-API-KEY: {api}\" https://api.datadoghq.com"), &api);
        flags(&format!("-H 'DD-APPLICATION-KEY: {app}'"), &app);
        flags(&format!("datadog_api_key: \"{api}\""), &api);
        flags(&format!("Your Datadog API key is {api}."), &api);
    }

    #[test]
    fn hex_without_a_datadog_label_is_no_datadog_key() {
        quiet(&format!("trace id {}", random(HEX, 32, 300)));
        quiet(&format!("DD_API_KEY={}", random(HEX, 40, 302)));
        quiet(&format!("ADD_API_KEY={}", random(HEX, 32, 300)));
        quiet("Set DD_API_KEY in your environment (DD_API_KEY=${DD_API_KEY}).");
        quiet("DD_API_KEY=<your-api-key> DD_APP_KEY=<your-app-key>");
        quiet(&format!("DD_API_KEY={}", "0".repeat(32)));
    }

    #[test]
    fn postmark_tokens_under_their_labels() {
        let token = uuid(310);
        let header = format!("X-Postmark-Server-Token: {token}");
        flags_as(&header, &token, "a Postmark server token", None, 0);
        flags_as(
            &format!("POSTMARK_API_TOKEN=\"{token}\""),
            &token,
            "a Postmark API token",
            None,
            0,
        );
        flags_as(
            &format!("The Postmark account token is {token}"),
            &token,
            "a Postmark account token",
            None,
            0,
        );
    }

    #[test]
    fn a_uuid_is_no_postmark_token_without_its_label() {
        quiet(&format!("request id {}", uuid(311)));
        quiet(&format!("Postmark returns the MessageID ({}) of the sent email.", uuid(312)));
        quiet("X-Postmark-Server-Token: POSTMARK_API_TEST");
        quiet("X-Postmark-Server-Token: 00000000-0000-0000-0000-000000000000");
        quiet("X-Postmark-Server-Token: {{server_token}}");
    }

    #[test]
    fn mailgun_keys_where_mailgun_is_named() {
        let legacy = key("key-", HEX, 32, 320);
        let input = format!("MAILGUN_API_KEY={legacy}");
        flags_as(&input, &legacy, "a Mailgun API key", None, 6);
        let current =
            format!("{}-{}-{}", random(HEX, 32, 321), random(HEX, 8, 322), random(HEX, 8, 323));
        let input =
            format!("curl -s --user 'api:{current}' https://api.mailgun.net/v3/acme.dev/messages");
        flags_as(&input, &current, "a Mailgun API key", None, 0);
    }

    #[test]
    fn mailgun_shapes_elsewhere_are_quiet() {
        quiet(&format!("cache key-{}", random(HEX, 32, 320)));
        quiet(&format!("Mailgun public validation key: pubkey-{}", random(HEX, 32, 324)));
        quiet(&format!("MAILGUN_API_KEY=key-{}", "x".repeat(32)));
        quiet(&format!("MAILGUN_API_KEY=key-{}", "0".repeat(32)));
        quiet("Set MAILGUN_API_KEY in your environment.");
    }

    #[test]
    fn twilio_auth_tokens_and_api_keys() {
        let sid = key("AC", HEX, 32, 330);
        let auth = random(HEX, 32, 331);
        let input = format!("Twilio account {sid}, auth token {auth}");
        flags_as(&input, &auth, "a Twilio auth token", None, 0);
        flags(&format!("curl -u {sid}:{auth} https://api.twilio.com/2010-04-01/Accounts"), &auth);
        flags(&format!("TWILIO_AUTH_TOKEN={auth}"), &auth);
        let api_key = key("SK", HEX, 32, 332);
        let input = format!("Twilio API key {api_key}");
        flags_as(&input, &api_key, "a Twilio API key SID", Some(Severity::Medium), 4);
        let pair = format!("{api_key}:{}", random(ALNUM, 32, 333));
        flags_as(
            &format!("twilio creds {pair}"),
            &pair,
            "a Twilio API key and its secret",
            None,
            4,
        );
        let secret = random(ALNUM, 32, 334);
        flags(&format!("TWILIO_API_SECRET={secret}"), &secret);
    }

    #[test]
    fn twilio_ids_and_placeholders_are_quiet() {
        quiet(&format!("TWILIO_ACCOUNT_SID={}", key("AC", HEX, 32, 330)));
        quiet("TWILIO_AUTH_TOKEN=your_auth_token");
        quiet("TWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}");
        quiet(&format!("Twilio auth token {}", "0".repeat(32)));
        quiet(&format!("key {}", key("SK", HEX, 32, 332)));
        quiet(&format!("oauth_token={} for the Twilio console", random(HEX, 32, 335)));
    }

    #[test]
    fn azure_connection_string_keys() {
        let account = format!("{}==", random(BASE64, 86, 340));
        let input = format!(
            "DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={account};EndpointSuffix=core.windows.net"
        );
        flags_as(&input, &account, "an Azure Storage account key", None, 0);
        let shared = format!("{}=", random(BASE64, 43, 341));
        let input = format!(
            "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={shared}"
        );
        let name = "an Azure shared access key (Service Bus, Event Hubs, IoT Hub)";
        flags_as(&input, &shared, name, None, 0);
    }

    #[test]
    fn azure_emulator_and_template_keys_are_quiet() {
        quiet(
            "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;",
        );
        quiet("UseDevelopmentStorage=true");
        // The emulator's account with another key (mistyped, or an older emulator's) opens
        // only the local emulator; the same key for a cloud endpoint is a secret.
        let other = format!("{}==", random(BASE64, 86, 342));
        quiet(&format!(
            "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={other};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"
        ));
        let cloud = format!(
            "DefaultEndpointsProtocol=https;AccountName=devstoreaccount1;AccountKey={other};EndpointSuffix=core.windows.net"
        );
        flags_as(&cloud, &other, "an Azure Storage account key", None, 0);
        quiet(
            "AccountName=<account>;AccountKey=<your-account-key>;EndpointSuffix=core.windows.net",
        );
        quiet("SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${SERVICEBUS_KEY}");
        quiet(&format!("SharedAccessKey={}=", "x".repeat(43)));
    }
}
