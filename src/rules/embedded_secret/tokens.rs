//! Vendor tokens recognised by their own prefix and shape (`ghp_` and 36 characters, `SG.` and
//! two base64url segments), and the two token shapes that carry no prefix but a fixed
//! structure: Telegram bot tokens and Mailchimp keys.

use super::gate::{PUBLISHED_SAMPLES, is_secret};
use super::{KEEP_EXTRA, Shape, jwt, message, pem};
use crate::model::Severity;
use crate::rules::Hit;
use crate::rules::pattern::Regex;
use std::sync::LazyLock;

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
        r"|SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}",
        r"|npm_[A-Za-z0-9]{36}",
        r"|hf_[A-Za-z0-9]{34,40}",
        r"|api_org_[A-Za-z]{34}",
        r"|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}",
        r"|gl(?:pat|dt|rt|rtr|ptt|ft|soat|oas|imt|agent|ffct|cbt|wt)-[A-Za-z0-9_\-]{20,}",
        r"(?:\.[0-9]{2}\.[0-9a-z]{6,12})?",
        r"|x(?:keysib|smtpsib)-[0-9a-f]{64}-[A-Za-z0-9]{16}",
        r"|re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}",
        r"|do[opr]_v1_[a-f0-9]{64}",
        // A PyPI upload token: a macaroon whose location (`pypi.org`, `test.pypi.org`) is
        // base64 right after the prefix.
        r"|pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_\-]{50,}",
    ))
    .expect("embedded-secret token pattern compiles")
});

/// The prefixes `TOKEN` needs: it runs only where one of them occurs.
#[rustfmt::skip]
pub(super) const STEMS: &[&str] = &[
    "akia", "asia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "xoxb-", "xoxp-",
    "xoxa-", "xoxr-", "xoxs-", "k_live_", "k_test_", "aiza", "sk-", "eyj", "private key", "sg.",
    "npm_", "hf_", "api_org_", "shpat_", "shpca_", "shppa_", "shpss_", "glpat-", "gldt-", "glrt-",
    "glrtr-", "glptt-", "glft-", "glsoat-", "gloas-", "glimt-", "glagent-", "glffct-", "glcbt-",
    "glwt-", "xkeysib-", "xsmtpsib-", "re_", "pypi-age", "dop_v1_", "doo_v1_", "dor_v1_",
];

/// A Telegram bot token: the bot's numeric id, a colon, and 35 base64url characters that
/// begin `AA`.
static TELEGRAM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[0-9]{8,10}:AA[A-Za-z0-9_\-]{33}").expect("embedded-secret Telegram compiles")
});

/// A Mailchimp API key: 32 hex digits and the data centre it lives in (`-us6`).
static MAILCHIMP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[0-9a-f]{32}-us[0-9]{1,2}").expect("embedded-secret Mailchimp compiles")
});

pub(super) fn find(raw: &str, hits: &mut Vec<Hit>) {
    for found in TOKEN.find_iter(raw) {
        hits.extend(token_hit(raw, found.start(), found.end()));
    }
}

pub(super) fn find_telegram(raw: &str, hits: &mut Vec<Hit>) {
    for found in TELEGRAM.find_iter(raw) {
        let (start, end) = (found.start(), found.end());
        // The Bot API puts the token straight after `/bot` in its URLs.
        if glued(raw, start) && !raw[..start].ends_with("/bot") {
            continue;
        }
        let colon = found.as_str().find(':').unwrap_or_default();
        let shape = Shape { name: "a Telegram bot token", prefix: colon + 1, alphabet: 64 };
        hits.extend(gated(raw, start, end, &shape, &raw[start + colon + 3..end]));
    }
}

pub(super) fn find_mailchimp(raw: &str, hits: &mut Vec<Hit>) {
    for found in MAILCHIMP.find_iter(raw) {
        let (start, end) = (found.start(), found.end());
        let key = &raw[start..start + 32];
        if glued(raw, start) || continues(raw, end) || !is_secret(key, 16) {
            continue;
        }
        hits.push(Hit::new(start, end, message("a Mailchimp API key")).redacted(0));
    }
}

/// Whether the match starting at `start` is the tail of a longer identifier.
fn glued(raw: &str, start: usize) -> bool {
    start > 0 && matches!(raw.as_bytes()[start - 1], b'_' | b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z')
}

/// Whether the match ending at `end` runs on into more of a token's characters.
fn continues(raw: &str, end: usize) -> bool {
    raw.as_bytes().get(end).is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The hit for a `TOKEN` match at `start..end`, if it is a credential and not a stand-in.
fn token_hit(raw: &str, start: usize, end: usize) -> Option<Hit> {
    let token = &raw[start..end];
    if token.starts_with("-----") {
        return pem::private_key_hit(raw, start, end);
    }
    if glued(raw, start) {
        return None;
    }
    if token.starts_with("eyJ") {
        return jwt::jwt_hit(raw, start, end);
    }
    let shape = token_shape(token)?;
    gated(raw, start, end, &shape, secret_part(token, &shape))
}

/// The hit for a token of `shape` at `start..end` whose random part is `body`, if it stands
/// alone and passes the gate.
fn gated(raw: &str, start: usize, end: usize, shape: &Shape, body: &str) -> Option<Hit> {
    let token = &raw[start..end];
    if continues(raw, end) || PUBLISHED_SAMPLES.contains(&token) {
        return None;
    }
    let words = token.starts_with("ASIA") && !body.bytes().any(|b| b.is_ascii_digit());
    if words || !is_secret(body, shape.alphabet) {
        return None;
    }
    let hit = Hit::new(start, end, message(shape.name)).redacted(shape.prefix + KEEP_EXTRA);
    Some(match severity(token) {
        Some(severity) => hit.with_severity(severity),
        None => hit,
    })
}

/// The random part of a token, the part the gate judges.
fn secret_part<'t>(token: &'t str, shape: &Shape) -> &'t str {
    let body = &token[shape.prefix..];
    match token.as_bytes() {
        // A Slack token's numeric ids are not secret; its last segment is.
        [b'x', b'o', b'x', ..] => token.rsplit('-').next().unwrap_or(body),
        // A Brevo key's 64 hex digits; its last 16 characters are drawn from another alphabet.
        [b'x', b'k' | b's', ..] => &body[..64],
        _ => body,
    }
}

/// Where a token is below the rule's high severity.
fn severity(token: &str) -> Option<Severity> {
    // An access key id names a key; without its secret it authenticates nothing. A Stripe
    // test-mode key reads and writes the account's test data, never real money.
    let medium = token.starts_with("AKIA")
        || token.starts_with("ASIA")
        || token[2..].starts_with("_test_") && matches!(&token[..2], "sk" | "rk");
    medium.then_some(Severity::Medium)
}

/// The kind of a vendor token, from its prefix and exact shape.
fn token_shape(token: &str) -> Option<Shape> {
    let shape = |name, prefix, alphabet| Some(Shape { name, prefix, alphabet });
    let dash = token.find('-').map_or(0, |at| at + 1);
    match token.as_bytes() {
        [b'A', b'K' | b'S', b'I', b'A', ..] => shape("an AWS access key id", 4, 36),
        [b'g', b'h', _, b'_', ..] => shape("a GitHub token", 4, 62),
        [b'g', b'i', ..] => shape("a GitHub fine-grained personal access token", 11, 63),
        [b'g', b'l', b'p', b'a', b't', ..] => shape("a GitLab personal access token", dash, 64),
        [b'g', b'l', b'd', b't', ..] => shape("a GitLab deploy token", dash, 64),
        [b'g', b'l', b'r', b't', b'-', ..] => {
            shape("a GitLab runner authentication token", dash, 64)
        }
        [b'g', b'l', ..] => shape("a GitLab token", dash, 64),
        [b'x', b'o', b'x', ..] => shape("a Slack token", 5, 62),
        [b'x', b'k', ..] => shape("a Brevo (Sendinblue) API key", 8, 16),
        [b'x', b's', ..] => shape("a Brevo (Sendinblue) SMTP key", 9, 16),
        [b'A', b'I', ..] => shape("a Google API key", 4, 64),
        [b'S', b'G', b'.', ..] => shape("a SendGrid API key", 3, 64),
        [b'n', b'p', b'm', b'_', ..] => shape("an npm access token", 4, 62),
        [b'h', b'f', b'_', ..] => shape("a Hugging Face access token", 3, 62),
        [b'a', b'p', b'i', b'_', ..] => shape("a Hugging Face organization token", 8, 52),
        [b'r', b'e', b'_', ..] => shape("a Resend API key", 3, 63),
        [b'd', b'o', b'p', ..] => shape("a DigitalOcean personal access token", 7, 16),
        [b'd', b'o', b'o', ..] => shape("a DigitalOcean OAuth token", 7, 16),
        [b'd', b'o', b'r', ..] => shape("a DigitalOcean refresh token", 7, 16),
        [b'p', b'y', b'p', b'i', b'-', ..] => shape("a PyPI API token", 20, 64),
        [b's', b'h', b'p', b'a', b't', ..] => shape("a Shopify access token", 6, 16),
        [b's', b'h', b'p', b'c', ..] => shape("a Shopify custom app access token", 6, 16),
        [b's', b'h', b'p', b'p', ..] => shape("a Shopify private app access token", 6, 16),
        [b's', b'h', b'p', b's', ..] => shape("a Shopify app shared secret", 6, 16),
        [kind @ (b's' | b'r'), b'k', b'_', ..] => {
            let name = match (*kind, token[3..].starts_with("live_")) {
                (b's', true) => "a Stripe live secret key",
                (b'r', true) => "a Stripe live restricted key",
                (b's', false) => "a Stripe test-mode secret key",
                _ => "a Stripe test-mode restricted key",
            };
            shape(name, 8, 62)
        }
        _ => ai_key_shape(token),
    }
}

/// An OpenAI, Anthropic or OpenRouter key among `sk-` tokens, by their real shapes; any other `sk-` string
/// (`sk-learn-compatible`, other vendors) is left alone.
fn ai_key_shape(token: &str) -> Option<Shape> {
    let shape = |name, prefix| Shape { name, prefix, alphabet: 64 };
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
    // OpenRouter: `sk-or-v1-` and 64 hex digits.
    if let Some(rest) = body.strip_prefix("or-v1-") {
        let hex = rest.len() == 64 && rest.bytes().all(|b| b.is_ascii_hexdigit());
        return hex.then_some(Shape { name: "an OpenRouter API key", prefix: 9, alphabet: 16 });
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

#[cfg(test)]
mod tests {
    use super::super::message;
    use crate::model::Severity;
    use crate::rules::embedded_secret::test_support::*;

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
    fn digitalocean_tokens_by_their_shape() {
        let token = key("dop_v1_", HEX, 64, 71);
        flags(&format!("Backed by the DigitalOcean API using the team token {token}."), &token);
        flags(&key("doo_v1_", HEX, 64, 72), &key("doo_v1_", HEX, 64, 72));
        quiet("dop_v1_0000000000000000000000000000000000000000000000000000000000000000");
        quiet("dop_v1_your_token_here");
    }

    #[test]
    fn openrouter_keys_by_their_shape() {
        let openrouter = key("sk-or-v1-", HEX, 64, 67);
        flags(&format!("key {openrouter}, team budget"), &openrouter);
        quiet(&format!("{}0", key("sk-or-v1-", HEX, 64, 68)));
        quiet("sk-or-v1-0000000000000000000000000000000000000000000000000000000000000000");
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
    fn pypi_tokens() {
        let token = format!("pypi-AgEIcHlwaS5vcmc{}", random(BASE64URL, 140, 210));
        let input = format!("password: {token}");
        flags_as(&input, &token, "a PyPI API token", None, 22);
        quiet("Set password to your pypi-AgEIcHlwaS5vcmc... token from pypi.org/manage/account.");
        quiet(&format!("pypi-AgEIcHlwaS5vcmc{}", "x".repeat(140)));
    }

    #[test]
    fn sendgrid_keys() {
        let sendgrid = format!("SG.{}.{}", random(BASE64URL, 22, 200), random(BASE64URL, 43, 201));
        let input = format!("SENDGRID_API_KEY={sendgrid}");
        flags_as(&input, &sendgrid, "a SendGrid API key", None, 5);
        quiet("SENDGRID_API_KEY=SG.xxxxx");
        quiet(&format!("SG.{}.{}", "x".repeat(22), "x".repeat(43)));
        quiet(&format!("SG.{}.{}", random(BASE64URL, 22, 200), "A".repeat(43)));
        quiet("Set SENDGRID_API_KEY in your environment, or pass ${SENDGRID_API_KEY} here.");
        quiet("msg.headers and SG.your-api-key are filled in by the caller");
    }

    #[test]
    fn npm_and_hugging_face_tokens() {
        let npm = key("npm_", ALNUM, 36, 210);
        flags_as(
            &format!("//registry.npmjs.org/:_authToken={npm}"),
            &npm,
            "an npm access token",
            None,
            6,
        );
        let hf = key("hf_", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 34, 211);
        flags_as(&format!("HF_TOKEN={hf}"), &hf, "a Hugging Face access token", None, 5);
        let org = key("api_org_", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 34, 212);
        flags(&format!("token: {org}"), &org);
        quiet(&format!("npm_{}", "x".repeat(36)));
        quiet("reads npm_config_registry and npm_package_version; set NPM_TOKEN=${NPM_TOKEN}");
        quiet("hf_hub_download(repo_id, filename); HF_TOKEN=<your-token>");
        quiet(&format!("hf_{}", "abcdefghijklmnopqrstuvwxyzABCDEFGH"));
        quiet(&format!("hf_{}", "X".repeat(34)));
    }

    #[test]
    fn shopify_tokens() {
        for (seed, (prefix, name)) in [
            ("shpat_", "a Shopify access token"),
            ("shpca_", "a Shopify custom app access token"),
            ("shppa_", "a Shopify private app access token"),
            ("shpss_", "a Shopify app shared secret"),
        ]
        .into_iter()
        .enumerate()
        {
            let token = key(prefix, HEX, 32, 220 + seed as u64);
            flags_as(&format!("X-Shopify-Access-Token: {token}"), &token, name, None, 8);
        }
        quiet(&format!("shpat_{}", "x".repeat(32)));
        quiet(&format!("shpat_{}", "0".repeat(32)));
        quiet(&format!("shpat_{}", "0123456789abcdef".repeat(2)));
        quiet("X-Shopify-Access-Token: {access_token} (starts with shpat_)");
    }

    #[test]
    fn gitlab_tokens() {
        let pat = key("glpat-", BASE64URL, 20, 230);
        flags_as(&format!("GITLAB_TOKEN={pat}"), &pat, "a GitLab personal access token", None, 8);
        let routable = format!("glpat-{}.01.{}", random(BASE64URL, 36, 231), random(HEX, 9, 232));
        flags(&format!("PRIVATE-TOKEN: {routable}"), &routable);
        let deploy = key("gldt-", BASE64URL, 20, 233);
        flags_as(&deploy, &deploy, "a GitLab deploy token", None, 7);
        let runner = key("glrt-", BASE64URL, 20, 234);
        flags_as(&runner, &runner, "a GitLab runner authentication token", None, 7);
        let trigger = key("glptt-", HEX, 40, 235);
        flags_as(&trigger, &trigger, "a GitLab token", None, 8);
        quiet("glpat-xxxxxxxxxxxxxxxxxxxx");
        quiet(&format!("glpat-{}", "0".repeat(20)));
        quiet("PRIVATE-TOKEN: <your_access_token> (a glpat- token)");
    }

    #[test]
    fn brevo_keys() {
        let api = format!("xkeysib-{}-{}", random(HEX, 64, 240), random(ALNUM, 16, 241));
        flags_as(&format!("api-key: {api}"), &api, "a Brevo (Sendinblue) API key", None, 10);
        let smtp = format!("xsmtpsib-{}-{}", random(HEX, 64, 242), random(ALNUM, 16, 243));
        flags_as(&smtp, &smtp, "a Brevo (Sendinblue) SMTP key", None, 11);
        quiet(&format!("xkeysib-{}-{}", "0".repeat(64), random(ALNUM, 16, 241)));
        quiet("BREVO_API_KEY=xkeysib-your-api-key");
    }

    #[test]
    fn resend_keys() {
        let resend = format!("re_{}_{}", random(ALNUM, 8, 250), random(ALNUM, 24, 251));
        flags_as(&format!("new Resend('{resend}')"), &resend, "a Resend API key", None, 5);
        quiet("new Resend('re_xxxxxxxxx')");
        quiet(&format!("re_{}_{}", "x".repeat(8), random(ALNUM, 24, 251)));
        quiet(&format!("store_{}_{}", random(ALNUM, 8, 250), random(ALNUM, 24, 251)));
        quiet("re_compile(pattern) and re_match are helpers; RESEND_API_KEY=<api-key>");
    }

    #[test]
    fn telegram_bot_tokens() {
        let token = format!("{}:AA{}", random(DIGITS, 10, 260), random(BASE64URL, 33, 261));
        flags_as(&format!("TELEGRAM_BOT_TOKEN={token}"), &token, "a Telegram bot token", None, 13);
        let url = format!("https://api.telegram.org/bot{token}/sendMessage");
        flags(&url, &token);
        quiet("https://api.telegram.org/bot123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11/getMe");
        quiet("https://api.telegram.org/bot<token>/sendMessage");
        quiet(&format!("{}:AA{}", random(DIGITS, 10, 260), "x".repeat(33)));
        quiet("Set TELEGRAM_BOT_TOKEN; the chat id looks like -1001234567890.");
    }

    #[test]
    fn mailchimp_keys() {
        let mailchimp = format!("{}-us{}", random(HEX, 32, 270), 14);
        flags_as(&format!("apikey {mailchimp}"), &mailchimp, "a Mailchimp API key", None, 0);
        quiet(&format!("md5 {}", random(HEX, 32, 270)));
        quiet(&format!("{}-us6", "0".repeat(32)));
        quiet(&format!("bucket {}-us-east-1", random(HEX, 32, 271)));
        quiet("MAILCHIMP_API_KEY=<key>-us6 (the suffix is your data centre)");
    }
}
