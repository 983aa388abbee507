//! The placeholder and entropy gate every shape's variable part must pass: documentation
//! stand-ins (`EXAMPLE`, `xxxx`, `your`), vendors' published samples, and strings too regular
//! to have been drawn at random stay quiet.

/// Secrets vendors publish in their own documentation, quoted whole (or, for a JWT, its
/// signature): the jwt.io sample token, Stripe's sample test keys and the Azurite storage
/// emulator's well-known account key. AWS's documentation keys carry `EXAMPLE` and fall to the
/// marker check.
pub(super) const PUBLISHED_SAMPLES: &[&str] = &[
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
];

/// Words that mark a token or password as a stand-in, found case-insensitively anywhere in it.
/// A random token holds one of these about once in ten thousand.
const PLACEHOLDER_MARKERS: &[&str] =
    &["example", "sample", "dummy", "fake", "placeholder", "redacted", "changeme", "xxxx", "your"];

/// Whether `body`, the random part of a shape, reads as a real secret: no stand-in marker, not
/// a published sample, and drawn at random from an alphabet of `alphabet` characters.
pub(super) fn is_secret(body: &str, alphabet: usize) -> bool {
    !PUBLISHED_SAMPLES.contains(&body) && !is_placeholder(body) && looks_random(body, alphabet)
}

/// Whether `id`, a public identifier beside a secret (a Slack workspace id, a Discord webhook
/// id), is a stand-in: after its kind letter, one character over and over (`T00000000`,
/// `000000000000000000`).
pub(super) fn is_filler(id: &str) -> bool {
    let rest = id.strip_prefix(|c: char| c.is_ascii_uppercase()).unwrap_or(id).as_bytes();
    rest.iter().all(|&b| b == rest[0])
}

/// Whether `body` says it is a stand-in (`EXAMPLE`, `your`, `xxxx`, ...).
pub(super) fn is_placeholder(body: &str) -> bool {
    PLACEHOLDER_MARKERS.iter().any(|marker| {
        body.as_bytes()
            .windows(marker.len())
            .any(|window| window.eq_ignore_ascii_case(marker.as_bytes()))
    })
}

/// Whether `body` reads as drawn at random from an alphabet of `alphabet` characters (16 when
/// it is all hex digits, as some token segments are): its entropy within 1.5 bits of the most
/// its length allows (random strings clear this about 9,999 times in 10,000), no character
/// four times running (six in hex, where a random key holds four in a row about once in 150),
/// and no counting run (`1234...`, `abcd...`) over half of it.
pub(super) fn looks_random(body: &str, alphabet: usize) -> bool {
    let bytes = body.as_bytes();
    let mut counts = [0u32; 128];
    for &b in bytes {
        counts[usize::from(b & 0x7f)] += 1;
    }
    let alphabet =
        if bytes.iter().all(u8::is_ascii_hexdigit) { alphabet.min(16) } else { alphabet };
    let ceiling = (bytes.len().min(alphabet).max(2) as f64).log2();
    let run = if alphabet <= 16 { 6 } else { 4 };
    let repeated = bytes.windows(run).any(|w| w.iter().all(|&b| b == w[0]));
    let steps = bytes
        .windows(2)
        .filter(|w| w[1].wrapping_sub(w[0]) == 1 || w[0].wrapping_sub(w[1]) == 1)
        .count();
    entropy_of(&counts, bytes.len()) >= ceiling - 1.5 && !repeated && steps * 2 < bytes.len()
}

/// Shannon entropy, in bits per character, of `total` characters tallied in `counts`.
pub(super) fn entropy_of(counts: &[u32], total: usize) -> f64 {
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
    use crate::rules::embedded_secret::test_support::*;

    #[test]
    fn the_random_test_keys_pass_the_gate_they_are_meant_to() {
        for seed in 0..500 {
            assert!(looks_random(&random(ALNUM, 36, seed), 62), "{seed}");
            assert!(looks_random(&random(UPPER_DIGITS, 16, seed), 36), "{seed}");
            assert!(looks_random(&random(HEX, 32, seed), 16), "{seed}");
        }
    }

    #[test]
    fn filler_ids_are_one_character_over_and_over() {
        assert!(is_filler("T00000000"));
        assert!(is_filler("000000000000000000"));
        assert!(!is_filler("T04B7QX2M"));
        assert!(!is_filler("1187203545609834516"));
    }
}
