//! Names as words: how a tool's name reads to the rules.

/// `name` split into lowercase words: at `_`, `-`, `.`, `/`, spaces and lower-to-upper case
/// changes (`sendEmail`, `run_command`, `fetch-url`).
pub fn name_words(name: &str) -> Vec<String> {
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

    #[test]
    fn a_name_key_is_its_words_joined() {
        let names = [
            "sendEmail",
            "run_command",
            "fetch-URL v2",
            "HTTPRequest",
            "__x__y",
            "",
            "Ünïcode_Straße9a",
        ];
        for name in names {
            assert_eq!(name_key(name), name_words(name).join("_"), "{name}");
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
