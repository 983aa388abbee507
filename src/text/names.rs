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
        current.extend(c.to_lowercase());
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_words() {
        assert_eq!(name_words("sendEmail"), ["send", "email"]);
        assert_eq!(name_words("run_command"), ["run", "command"]);
        assert_eq!(name_words("fetch-URL v2"), ["fetch", "url", "v2"]);
        assert_eq!(name_words("HTTPRequest"), ["httprequest"]);
    }
}
