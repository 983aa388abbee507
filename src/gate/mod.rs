//! The gate's memory: a baseline of reviewed findings and a pin of reviewed metadata.

pub mod baseline;
pub mod pin;

use crate::json::carried_surrogate;
use sha2::{Digest, Sha256};

/// Feeds `text` to `hasher` as UTF-8, a lone surrogate as its generalized UTF-8 bytes
/// (U+D800 is `ED A0 80`), so `"\ud800"` and `"\ud801"` never digest alike.
fn feed(hasher: &mut Sha256, text: &str) {
    // Carriers live at U+10F800 and up, whose UTF-8 starts with 0xF4: most text has none.
    if !text.as_bytes().contains(&0xF4) {
        hasher.update(text.as_bytes());
        return;
    }
    let mut buffer = [0u8; 4];
    for c in text.chars() {
        match carried_surrogate(c) {
            Some(unit) => hasher.update([
                0xE0 | (unit >> 12) as u8,
                0x80 | ((unit >> 6) & 0x3F) as u8,
                0x80 | (unit & 0x3F) as u8,
            ]),
            None => hasher.update(c.encode_utf8(&mut buffer).as_bytes()),
        }
    }
}

/// Lowercase hex SHA-256 of `parts` joined by NUL bytes.
pub fn digest(parts: &[&str]) -> String {
    let mut hasher = Sha256::new();
    for (index, part) in parts.iter().enumerate() {
        if index > 0 {
            hasher.update([0u8]);
        }
        feed(&mut hasher, part);
    }
    hasher.finalize().iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Whether `text` looks like a digest rune wrote: 64 lowercase hex digits.
fn is_digest(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::surrogate_carrier;

    #[test]
    fn digests_are_sha256_of_nul_joined_parts() {
        // sha256("a\0b")
        assert_eq!(digest(&["a", "b"]), digest(&["a\u{0}b"]));
        assert_eq!(
            digest(&[""]),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn lone_surrogates_digest_as_generalized_utf8_and_stay_distinct() {
        let high = surrogate_carrier(0xD800).to_string();
        let other = surrogate_carrier(0xD801).to_string();
        assert_ne!(digest(&[&high]), digest(&[&other]));
        let mut hasher = Sha256::new();
        hasher.update([0xED, 0xA0, 0x80]);
        let expected: String = hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(digest(&[&high]), expected);
    }

    #[test]
    fn digest_shape_is_checked() {
        assert!(is_digest(&digest(&["x"])));
        assert!(!is_digest("abc"));
        assert!(!is_digest(&digest(&["x"]).to_uppercase()));
    }
}
