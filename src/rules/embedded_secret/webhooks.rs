//! Incoming-webhook URLs that are themselves the credential: whoever holds one posts as the
//! integration (Slack, Discord, Microsoft Teams) or starts the workflow (Azure Logic Apps,
//! Power Automate). Each is recognised by its host and path, and its secret part must pass the
//! gate, so templates (`/webhooks/{id}/{token}`, `:token`) and the documentation URL
//! `hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` stay quiet.

use super::gate::{is_filler, is_secret};
use super::{KEEP_EXTRA, message};
use crate::rules::Hit;
use crate::rules::pattern::{Match, Regex};
use std::sync::LazyLock;

/// `hooks.slack.com/services/T…/B…/secret`, `/workflows/T…/A…/id/secret`,
/// `/triggers/T…/id/secret`.
static SLACK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"https?://hooks\.slack\.com/(services|workflows|triggers)/",
        r"(T[A-Z0-9]{6,12}/(?:[A-Za-z0-9]{6,24}/){1,2})([A-Za-z0-9]{20,64})",
    ))
    .expect("embedded-secret Slack webhook pattern compiles")
});

/// `discord.com/api/webhooks/<id>/<token>`, also on `discordapp.com`, `ptb.` and `canary.`.
static DISCORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"https?://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/(?:v[0-9]{1,2}/)?webhooks/",
        r"([0-9]{17,20})/([A-Za-z0-9_\-]{60,80})",
    ))
    .expect("embedded-secret Discord webhook pattern compiles")
});

/// A Teams incoming webhook: `<tenant>.webhook.office.com/webhookb2/<group>@<tenant id>/
/// IncomingWebhook/<32 hex>/<connector>`, or its older `outlook.office.com/webhook/` form.
static TEAMS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"https://(?:[A-Za-z0-9\-]+\.webhook\.office\.com/webhookb2|outlook\.office(?:365)?\.com/webhook)/",
        r"[0-9a-fA-F\-]{36}@[0-9a-fA-F\-]{36}/IncomingWebhook/([0-9a-f]{32})/[0-9a-fA-F\-]{36}",
        r"(?:/[A-Za-z0-9_\-]{20,})?",
    ))
    .expect("embedded-secret Teams webhook pattern compiles")
});

/// A Logic Apps or Power Automate HTTP trigger URL, whose `sig=` parameter is the key.
static SIGNED_TRIGGER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"https://[A-Za-z0-9.\-]+\.(?:logic\.azure\.com|api\.powerplatform\.com)(?::[0-9]{1,5})?/",
        r#"[^\s"'<>?]*\?(?:[^\s"'<>&]*&)*?sig=([A-Za-z0-9_\-%]{30,})"#,
    ))
    .expect("embedded-secret signed trigger pattern compiles")
});

pub(super) const SLACK_STEMS: &[&str] = &["hooks.slack.com"];
pub(super) const DISCORD_STEMS: &[&str] = &["discord"];
pub(super) const TEAMS_STEMS: &[&str] = &["webhook.office.com", "outlook.office"];
pub(super) const SIGNED_TRIGGER_STEMS: &[&str] = &["sig="];

/// The hit for a webhook URL from `url` through its `secret`, keeping `keep` bytes of the URL
/// (its host and fixed path) in the mask.
fn url_hit(raw: &str, url: &Match<'_>, secret: &Match<'_>, keep: usize, name: &str) -> Option<Hit> {
    let runs_on =
        raw.as_bytes().get(secret.end()).is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_');
    (!runs_on).then(|| Hit::new(url.start(), secret.end(), message(name)).redacted(keep))
}

/// The length of `url`'s scheme and host.
fn origin_len(url: &str) -> usize {
    let after_scheme = url.find("://").map_or(0, |at| at + 3);
    after_scheme + url[after_scheme..].find('/').unwrap_or(url.len() - after_scheme)
}

pub(super) fn find_slack(raw: &str, hits: &mut Vec<Hit>) {
    for captures in SLACK.captures_iter(raw) {
        let (Some(url), Some(kind), Some(ids), Some(secret)) =
            (captures.get(0), captures.get(1), captures.get(2), captures.get(3))
        else {
            continue;
        };
        if ids.as_str().split_terminator('/').any(is_filler) || !is_secret(secret.as_str(), 62) {
            continue;
        }
        let name = if kind.as_str() == "services" {
            "a Slack incoming webhook URL"
        } else {
            "a Slack workflow webhook URL"
        };
        let keep = kind.end() - url.start() + 1 + KEEP_EXTRA;
        hits.extend(url_hit(raw, &url, &secret, keep, name));
    }
}

pub(super) fn find_discord(raw: &str, hits: &mut Vec<Hit>) {
    for captures in DISCORD.captures_iter(raw) {
        let (Some(url), Some(id), Some(token)) =
            (captures.get(0), captures.get(1), captures.get(2))
        else {
            continue;
        };
        if is_filler(id.as_str()) || !is_secret(token.as_str(), 64) {
            continue;
        }
        let keep = id.start() - url.start() + KEEP_EXTRA;
        hits.extend(url_hit(raw, &url, &token, keep, "a Discord webhook URL"));
    }
}

pub(super) fn find_teams(raw: &str, hits: &mut Vec<Hit>) {
    for captures in TEAMS.captures_iter(raw) {
        let (Some(url), Some(key)) = (captures.get(0), captures.get(1)) else { continue };
        if !is_secret(key.as_str(), 16) {
            continue;
        }
        let keep = url.as_str().find(".com/").map_or(0, |at| at + 5);
        let name = "a Microsoft Teams incoming webhook URL";
        hits.extend(url_hit(raw, &url, &url, keep + KEEP_EXTRA, name));
    }
}

pub(super) fn find_signed_trigger(raw: &str, hits: &mut Vec<Hit>) {
    for captures in SIGNED_TRIGGER.captures_iter(raw) {
        let (Some(url), Some(signature)) = (captures.get(0), captures.get(1)) else { continue };
        if !is_secret(signature.as_str(), 64) {
            continue;
        }
        let keep = origin_len(url.as_str()) + KEEP_EXTRA;
        let name = "a signed Logic Apps / Power Automate trigger URL (its sig= key)";
        hits.extend(url_hit(raw, &url, &signature, keep, name));
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::embedded_secret::test_support::*;

    fn slack_id(kind: &str, seed: u64) -> String {
        format!("{kind}{}", random(UPPER_DIGITS, 10, seed))
    }

    #[test]
    fn slack_webhook_urls() {
        let prefix = "https://hooks.slack.com/services/";
        let url = format!(
            "{prefix}{}/{}/{}",
            slack_id("T", 500),
            slack_id("B", 501),
            random(ALNUM, 24, 502)
        );
        let input = format!("Posts to {url} on every deploy.");
        flags_as(&input, &url, "a Slack incoming webhook URL", None, prefix.len() + 2);
        let workflow = format!(
            "https://hooks.slack.com/workflows/{}/{}/{}/{}",
            slack_id("T", 503),
            slack_id("A", 504),
            random(DIGITS, 18, 505),
            random(ALNUM, 24, 506)
        );
        flags_as(&workflow, &workflow, "a Slack workflow webhook URL", None, 36);
        let trigger = format!(
            "https://hooks.slack.com/triggers/{}/{}/{}",
            slack_id("T", 507),
            random(DIGITS, 13, 508),
            random(HEX, 32, 509)
        );
        flags(&trigger, &trigger);
    }

    #[test]
    fn slack_documentation_webhooks_are_quiet() {
        quiet("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX");
        quiet("https://hooks.slack.com/services/XXX/YYY/ZZZ");
        quiet(&format!(
            "https://hooks.slack.com/services/T00000000/B00000000/{}",
            random(ALNUM, 24, 510)
        ));
        quiet("https://hooks.slack.com/services/{team_id}/{channel_id}/{token}");
        quiet("Set SLACK_WEBHOOK_URL to the incoming webhook URL (https://hooks.slack.com/...).");
    }

    #[test]
    fn discord_webhook_urls() {
        let id = random(DIGITS, 19, 520);
        let token = random(BASE64URL, 68, 521);
        let url = format!("https://discord.com/api/webhooks/{id}/{token}");
        let keep = "https://discord.com/api/webhooks/".len() + 2;
        flags_as(&format!("webhook: {url}"), &url, "a Discord webhook URL", None, keep);
        let legacy = format!("https://discordapp.com/api/v10/webhooks/{id}/{token}");
        flags(&format!("<{legacy}>"), &legacy);
    }

    #[test]
    fn discord_webhook_templates_are_quiet() {
        quiet("POST https://discord.com/api/webhooks/{webhook.id}/{webhook.token}");
        quiet("POST https://discord.com/api/webhooks/:id/:token");
        quiet("https://discord.com/api/webhooks/<webhook_id>/<webhook_token>");
        quiet(&format!(
            "https://discord.com/api/webhooks/000000000000000000/{}",
            random(BASE64URL, 68, 522)
        ));
        quiet(&format!(
            "https://discord.com/api/webhooks/{}/{}",
            random(DIGITS, 19, 523),
            "x".repeat(68)
        ));
    }

    fn guid(seed: u64) -> String {
        uuid(seed)
    }

    #[test]
    fn teams_incoming_webhook_urls() {
        let url = format!(
            "https://acme.webhook.office.com/webhookb2/{}@{}/IncomingWebhook/{}/{}/V2{}",
            guid(530),
            guid(531),
            random(HEX, 32, 532),
            guid(533),
            random(BASE64URL, 40, 534)
        );
        let keep = "https://acme.webhook.office.com/".len() + 2;
        let name = "a Microsoft Teams incoming webhook URL";
        flags_as(&format!("Notifies {url}"), &url, name, None, keep);
        quiet(&format!(
            "https://acme.webhook.office.com/webhookb2/{}@{}/IncomingWebhook/{}/{}",
            guid(530),
            guid(531),
            "0".repeat(32),
            guid(533)
        ));
        quiet(
            "https://<tenant>.webhook.office.com/webhookb2/<group>@<tenant>/IncomingWebhook/<id>/<connector>",
        );
    }

    #[test]
    fn signed_logic_apps_and_power_automate_urls() {
        let url = format!(
            "https://prod-27.westeurope.logic.azure.com:443/workflows/{}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig={}",
            random(HEX, 32, 540),
            random(BASE64URL, 43, 541)
        );
        let keep = "https://prod-27.westeurope.logic.azure.com:443".len() + 2;
        let name = "a signed Logic Apps / Power Automate trigger URL (its sig= key)";
        flags_as(&url, &url, name, None, keep);
        let flow = format!(
            "https://default1a2b.c3.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/{}/triggers/manual/paths/invoke?api-version=1&sig={}",
            random(HEX, 32, 542),
            random(BASE64URL, 43, 543)
        );
        flags(&format!("Teams workflow: {flow}"), &flow);
    }

    #[test]
    fn unsigned_or_templated_trigger_urls_are_quiet() {
        quiet(
            "https://prod-00.westus.logic.azure.com/workflows/{id}/triggers/manual/paths/invoke?sig={sig}",
        );
        quiet(
            "https://prod-00.westus.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=<signature>",
        );
        quiet(&format!(
            "https://prod-00.westus.logic.azure.com/workflows/x/invoke?sig={}",
            "x".repeat(43)
        ));
        quiet(&format!("https://cdn.acme.dev/image.png?w=200&sig={}", random(BASE64URL, 43, 544)));
    }
}
