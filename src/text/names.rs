//! Names as words: how a tool's name reads to the rules.

/// `name` split into lowercase words: at `_`, `-`, `.`, `/`, spaces and lower-to-upper case
/// changes (`sendEmail`, `run_command`, `fetch-url`).
pub fn name_words(name: &str) -> Vec<String> {
    if name.is_ascii() { ascii_name_words(name) } else { char_name_words(name) }
}

/// [`name_words`] read a character at a time, for a name outside ASCII.
fn char_name_words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        push_lower(&mut current, c);
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// [`name_words`] of an ASCII name: each word's bounds found bytewise and its string made at
/// its size, where pushing a character at a time grows each word's string from nothing.
fn ascii_name_words(name: &str) -> Vec<String> {
    let bytes = name.as_bytes();
    let mut words = Vec::new();
    let mut start = None;
    for (at, &byte) in bytes.iter().enumerate() {
        let Some(from) = start else {
            start = byte.is_ascii_alphanumeric().then_some(at);
            continue;
        };
        if !byte.is_ascii_alphanumeric() {
            words.push(name[from..at].to_ascii_lowercase());
            start = None;
        } else if byte.is_ascii_uppercase()
            && (bytes[at - 1].is_ascii_lowercase() || bytes[at - 1].is_ascii_digit())
        {
            words.push(name[from..at].to_ascii_lowercase());
            start = Some(at);
        }
    }
    if let Some(from) = start {
        words.push(name[from..].to_ascii_lowercase());
    }
    words
}

/// [`name_words`] joined by `_`, built in one string: the key every spelling of a name
/// shares (`sendEmail`, `send-email`, `SEND_EMAIL`).
pub fn name_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    // Whether a word is open, and whether the next letter starts a new one.
    let (mut open, mut previous_lower) = (false, false);
    for c in name.chars() {
        if !c.is_alphanumeric() {
            open = false;
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower && open {
            open = false;
        }
        if !open && !key.is_empty() {
            key.push('_');
        }
        open = true;
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        push_lower(&mut key, c);
    }
    key
}

/// `c` lowercased onto `word`: an ASCII letter (most of every name) without the general case
/// mapping's iterator.
#[inline]
fn push_lower(word: &mut String, c: char) {
    if c.is_ascii() {
        word.push(c.to_ascii_lowercase());
    } else {
        word.extend(c.to_lowercase());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names of every shape: cases, separators, digits, empty, outside ASCII.
    const NAMES: &[&str] = &[
        "sendEmail",
        "run_command",
        "fetch-URL v2",
        "HTTPRequest",
        "__x__y",
        "",
        "Ünïcode_Straße9a",
        "a",
        "v2Api",
        "get2FACode",
        "X",
        "already_lower9Up",
        "-_-",
        "aB",
        "9a",
        "a9B",
    ];

    #[test]
    fn a_name_key_is_its_words_joined() {
        for name in NAMES {
            assert_eq!(name_key(name), name_words(name).join("_"), "{name}");
        }
    }

    #[test]
    fn an_ascii_name_splits_bytewise_as_it_does_a_character_at_a_time() {
        for name in NAMES.iter().filter(|name| name.is_ascii()) {
            assert_eq!(ascii_name_words(name), char_name_words(name), "{name}");
        }
    }

    #[test]
    fn names_split_into_words() {
        assert_eq!(name_words("sendEmail"), ["send", "email"]);
        assert_eq!(name_words("run_command"), ["run", "command"]);
        assert_eq!(name_words("fetch-URL v2"), ["fetch", "url", "v2"]);
        assert_eq!(name_words("HTTPRequest"), ["httprequest"]);
    }
}
