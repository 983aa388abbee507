//! What every family's unit tests share: random key material and the rule run on one string.

use super::EmbeddedSecret;
use crate::model::Severity;
use crate::rules::testing::hits;

/// Test keys are built at run time, so no key-shaped literal sits in the source.
mod keys {
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/keys.rs"));
}
pub use keys::{ALNUM, BASE64, BASE64URL, UPPER_DIGITS, base64, random};

pub const HEX: &str = "0123456789abcdef";
pub const DIGITS: &str = "0123456789";

pub fn key(prefix: &str, alphabet: &str, len: usize, seed: u64) -> String {
    format!("{prefix}{}", random(alphabet, len, seed))
}

/// A random version-4 UUID.
pub fn uuid(seed: u64) -> String {
    let hex = random(HEX, 32, seed);
    format!("{}-{}-4{}-a{}-{}", &hex[..8], &hex[8..12], &hex[13..16], &hex[17..20], &hex[20..])
}

/// The secrets flagged in `input`, with each hit's message, severity and kept prefix.
pub fn found(input: &str) -> Vec<(String, String, Option<Severity>, Option<usize>)> {
    hits(&EmbeddedSecret, input)
        .into_iter()
        .map(|hit| (input[hit.start..hit.end].to_string(), hit.message, hit.severity, hit.redact))
        .collect()
}

/// `input` holds exactly one secret, `secret`.
pub fn flags(input: &str, secret: &str) {
    let found = found(input);
    assert_eq!(found.len(), 1, "{input:?}: {found:?}");
    assert_eq!(found[0].0, secret, "{input:?}");
}

/// `input` holds exactly one secret, `secret`, named `name`, at `severity`, keeping `keep`
/// bytes in its mask.
pub fn flags_as(input: &str, secret: &str, name: &str, severity: Option<Severity>, keep: usize) {
    flags(input, secret);
    let found = found(input);
    assert_eq!(
        (found[0].1.as_str(), found[0].2, found[0].3),
        (super::message(name).as_str(), severity, Some(keep)),
        "{input:?}"
    );
}

pub fn quiet(input: &str) {
    assert_eq!(found(input), [], "{input:?}");
}
