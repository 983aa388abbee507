// Random key material for the secret tests, shared by embedded-secret's unit tests (through
// `include!`) and tests/secrets.rs (through `common`). Keys are built at run time, so no
// key-shaped literal sits in the repository for a secret scanner to trip on.

/// A deterministic random string over `alphabet` (xorshift64, seeded).
pub fn random(alphabet: &str, len: usize, seed: u64) -> String {
    let chars: Vec<char> = alphabet.chars().collect();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            chars[(state % chars.len() as u64) as usize]
        })
        .collect()
}

pub const UPPER_DIGITS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
pub const ALNUM: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
pub const BASE64: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
pub const BASE64URL: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in standard base64 with padding: a secret as an HTTP `Basic` header carries it.
pub fn base64(bytes: &[u8]) -> String {
    let alphabet = BASE64.as_bytes();
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let group =
            chunk.iter().enumerate().fold(0u32, |acc, (i, &b)| acc | u32::from(b) << (16 - 8 * i));
        for position in 0..4 {
            if position <= chunk.len() {
                out.push(char::from(alphabet[(group >> (18 - 6 * position)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
