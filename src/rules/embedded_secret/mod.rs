//! `embedded-secret`: a live credential pasted into metadata (a cloud key, a token, a private key block, a password in a URL).
//!
//! Recognised by structure, never by a generic "long random string" guess: each vendor's token
//! has a prefix and a shape (`ghp_` and 36 characters, `AKIA` and 16), a webhook URL its host
//! and path, a private key its PEM armour, a JWT a header that decodes to JSON naming its
//! algorithm, and a URL password sits between `user:` and `@host`. A secret with no shape of its
//! own (a Datadog key's hex digits, a Postmark token's UUID) counts only where a label or the
//! vendor's name says what it is. A shape alone is not enough: the variable part must then pass
//! a placeholder and entropy gate, so documentation (`AKIAIOSFODNN7EXAMPLE`, `ghp_XXXX...`,
//! `postgres://user:password@host`, `${DB_PASSWORD}`) stays quiet.
//!
//! Every hit is redacted ([`Hit::redacted`]): reports, SARIF and the baseline show a public
//! prefix and a hash (`ghp_Ab...#1a2b3c4d`), never the secret.

mod gate;
mod jwt;
mod labelled;
mod pem;
#[cfg(test)]
pub(crate) mod test_support;
mod tokens;
mod urls;
mod webhooks;

use crate::arming::WordBits;
use crate::model::Severity;
use crate::rules::Text;
use crate::rules::{Hit, RuleMeta, TextRule};
use std::sync::LazyLock;

static META: RuleMeta = RuleMeta {
    id: "embedded-secret",
    severity: Severity::High,
    summary: "a live credential pasted into metadata (a cloud key, a token, a private key block, a password in a URL)",
    confidence: 95,
};

/// One way a credential is written down, searched only where one of its stems (lowercase
/// words every match contains) occurs.
struct Family {
    stems: &'static [&'static str],
    find: fn(&str, &mut Vec<Hit>),
}

/// Every family, in priority order: where two claim overlapping text (a token used as a URL
/// password, a Twilio key pair in a URL), the earlier one's hit is the one secret reported.
static FAMILIES: &[Family] = &[
    Family { stems: tokens::STEMS, find: tokens::find },
    Family { stems: &[":aa"], find: tokens::find_telegram },
    Family { stems: &["-us"], find: tokens::find_mailchimp },
    Family { stems: webhooks::SLACK_STEMS, find: webhooks::find_slack },
    Family { stems: webhooks::DISCORD_STEMS, find: webhooks::find_discord },
    Family { stems: webhooks::TEAMS_STEMS, find: webhooks::find_teams },
    Family { stems: webhooks::SIGNED_TRIGGER_STEMS, find: webhooks::find_signed_trigger },
    Family { stems: labelled::AWS_STEMS, find: labelled::find_aws },
    Family { stems: labelled::DATADOG_STEMS, find: labelled::find_datadog },
    Family { stems: labelled::POSTMARK_STEMS, find: labelled::find_postmark },
    Family { stems: labelled::MAILGUN_STEMS, find: labelled::find_mailgun },
    Family { stems: labelled::TWILIO_STEMS, find: labelled::find_twilio },
    Family { stems: labelled::AZURE_STEMS, find: labelled::find_azure },
    Family { stems: pem::KEY_ID_STEMS, find: pem::find_key_id },
    Family { stems: urls::STEMS, find: urls::find },
    Family { stems: urls::SAS_STEMS, find: urls::find_sas },
];

/// What arms the rule: every family's stems.
static TRIGGERS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| FAMILIES.iter().flat_map(|family| family.stems.iter().copied()).collect());

/// Each stem of `TRIGGERS`, arming its family's bit: which families to run, found in one pass.
static STEMS: LazyLock<WordBits> = LazyLock::new(|| {
    assert!(FAMILIES.len() <= 64, "one bit a family");
    let stems = (FAMILIES.iter().enumerate())
        .flat_map(|(at, family)| family.stems.iter().map(move |stem| (*stem, 1u64 << at)));
    WordBits::new(stems)
});

/// Bytes kept visible in front of a token's mask beyond its public prefix: enough to tell two
/// keys apart at a glance, far too few to matter.
const KEEP_EXTRA: usize = 2;

pub struct EmbeddedSecret;

impl TextRule for EmbeddedSecret {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn triggers(&self) -> &'static [&'static str] {
        &TRIGGERS
    }

    fn check(&self, text: &Text<'_>, hits: &mut Vec<Hit>) {
        let raw = text.as_str();
        let armed = STEMS.of(raw.as_bytes());
        let first = hits.len();
        let mut found = Vec::new();
        let armed = FAMILIES.iter().enumerate().filter(|&(at, _)| armed & (1 << at) != 0);
        for (_, family) in armed {
            (family.find)(raw, &mut found);
            for hit in found.drain(..) {
                if !hits[first..].iter().any(|seen| seen.start < hit.end && hit.start < seen.end) {
                    hits.push(hit);
                }
            }
        }
        labelled_by_property(text, &mut found);
        for hit in found.drain(..) {
            if !hits[first..].iter().any(|seen| seen.start < hit.end && hit.start < seen.end) {
                hits.push(hit);
            }
        }
        hits[first..].sort_by_key(|hit| hit.start);
    }
}

/// The secrets a schema value holds under a property whose name labels it: `"auth_token":
/// {"default": "ffa4..."}` reads as `auth_token: ffa4...`. Only a value that could be a key,
/// in a default, a constant, an example or an enum value.
fn labelled_by_property(text: &Text<'_>, hits: &mut Vec<Hit>) {
    let raw = text.as_str();
    // Every labelled family's value is 32 or more characters of a key's alphabet.
    let keylike = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'+' | b'=' | b'-');
    if raw.len() < 32 || raw.len() > 512 || !raw.bytes().all(keylike) {
        return;
    }
    let Some((property, slot)) = text.property() else { return };
    let slot = slot.split('[').next().unwrap_or_default();
    if !matches!(slot, "default" | "const" | "examples" | "example" | "enum") {
        return;
    }
    let labelled = format!("{property}: {raw}");
    let offset = property.len() + 2;
    let mut found = Vec::new();
    for find in
        [labelled::find_aws, labelled::find_datadog, labelled::find_postmark, labelled::find_twilio]
    {
        find(&labelled, &mut found);
    }
    for mut hit in found.into_iter().filter(|hit| hit.start >= offset) {
        hit.start -= offset;
        hit.end -= offset;
        hits.push(hit);
    }
}

/// What one kind of token is called and how its hit is shaped.
struct Shape {
    name: &'static str,
    /// Length of the public prefix that names the kind (`ghp_`, `sk-ant-api03-`).
    prefix: usize,
    /// Size of the alphabet the random part is drawn from, for the entropy gate.
    alphabet: usize,
}

fn message(name: &str) -> String {
    format!("{name} pasted into metadata, readable by anyone who lists this server")
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_support::*;

    #[test]
    fn a_schema_value_is_labelled_by_its_property_name() {
        let schema = |name: &str, value: &str| {
            format!(
                r#"{{"tools": [{{"name": "sms", "description": "Sends a code.", "inputSchema": {{"type": "object", "properties": {{"{name}": {{"type": "string", "default": "{value}"}}}}}}}}]}}"#
            )
        };
        let found = |manifest: &str| crate::rules::testing::scanned(manifest, META.id).len();
        assert_eq!(found(&schema("auth_token", "ffa408480211cea8b2d9c6e1f3a7540d")), 1);
        assert_eq!(found(&schema("dd_api_key", "0f8e2d4c6b1a39587e6d5c4b3a291807")), 1);
        // A hash under another name, and a placeholder under the label.
        assert_eq!(found(&schema("checksum", "ffa408480211cea8b2d9c6e1f3a7540d")), 0);
        assert_eq!(found(&schema("auth_token", "00000000000000000000000000000000")), 0);
    }

    #[test]
    fn every_family_has_a_bit_and_stems() {
        assert!(FAMILIES.len() <= 64);
        assert!(FAMILIES.iter().all(|family| !family.stems.is_empty()));
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
}
