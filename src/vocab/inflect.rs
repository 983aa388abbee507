//! English inflection as a rule, so a word list names each word once: `send` stands for send,
//! sends, sent, sending; `key` for key and keys.
//!
//! A verb entry is `lemma`, or `lemma|past|participle` for an irregular verb. A trailing `+`
//! doubles the final consonant before a vowel ending (`submit+` gives submitted, submitting).

/// Which forms of a verb a surface word is. One word may be several (`sent` is past and
/// participle, `put` all but the gerund and third person).
pub mod form {
    pub const BASE: u8 = 1;
    pub const THIRD: u8 = 1 << 1;
    pub const PAST: u8 = 1 << 2;
    pub const PARTICIPLE: u8 = 1 << 3;
    pub const GERUND: u8 = 1 << 4;
}

/// Every surface form of a verb phrase entry (`look|looked|looked up`): its head in any form,
/// the rest as written.
pub fn phrase_forms(entry: &str) -> Vec<String> {
    let (head, rest) = entry
        .split_once(' ')
        .map_or((entry, String::new()), |(head, rest)| (head, format!(" {rest}")));
    verb_forms(head).into_iter().map(|(form, _)| format!("{form}{rest}")).collect()
}

/// Every form of each verb phrase of `entries`, as a set to look words up in once built.
pub fn phrase_form_set(entries: &[&str]) -> super::WordSet {
    entries.iter().flat_map(|entry| phrase_forms(entry)).collect()
}

/// The present forms of each verb of `entries`, its base and its third person (`say`,
/// `says`): what a subject does now, whatever its number.
pub fn present_form_set(entries: &[&str]) -> super::WordSet {
    let present = |(_, forms): &(String, u8)| forms & (form::BASE | form::THIRD) != 0;
    entries
        .iter()
        .flat_map(|entry| verb_forms(entry))
        .filter(present)
        .map(|(word, _)| word)
        .collect()
}

/// Every surface form of a verb entry with the forms it stands for.
pub fn verb_forms(entry: &str) -> Vec<(String, u8)> {
    let mut parts = entry.split('|');
    let head = parts.next().unwrap_or_default();
    let (lemma, double) = match head.strip_suffix('+') {
        Some(lemma) => (lemma, true),
        None => (head, false),
    };
    let past = parts.next().map(str::to_string);
    let participle = parts.next().map(str::to_string);
    let stem = if double {
        let last = lemma.chars().last().map(String::from).unwrap_or_default();
        format!("{lemma}{last}")
    } else {
        lemma.to_string()
    };
    let regular_past = match () {
        _ if double => format!("{stem}ed"),
        _ if lemma.ends_with('e') => format!("{lemma}d"),
        _ if ends_consonant_y(lemma) => format!("{}ied", &lemma[..lemma.len() - 1]),
        _ => format!("{lemma}ed"),
    };
    // An irregular verb ending consonant, vowel, consonant doubles before `-ing` (`run`,
    // `running`; `forget`, `forgetting`), as `+` marks for regular ones.
    let irregular = past.as_deref().is_some_and(|past| past != regular_past);
    let cvc = {
        let tail: Vec<char> = lemma.chars().rev().take(3).collect();
        let vowel = |c: char| "aeiou".contains(c);
        tail.len() == 3
            && !vowel(tail[0])
            && !"wxy".contains(tail[0])
            && vowel(tail[1])
            && !vowel(tail[2])
    };
    let gerund = match () {
        _ if double => format!("{stem}ing"),
        _ if irregular && cvc => {
            format!("{lemma}{}ing", lemma.chars().last().expect("three letters at least"))
        }
        _ if lemma.ends_with("ie") => format!("{}ying", &lemma[..lemma.len() - 2]),
        _ if lemma.ends_with('e') && !lemma.ends_with("ee") && lemma.len() > 2 => {
            format!("{}ing", &lemma[..lemma.len() - 1])
        }
        _ => format!("{lemma}ing"),
    };
    let past = past.unwrap_or_else(|| regular_past.clone());
    let participle = participle.unwrap_or_else(|| past.clone());
    let mut forms: Vec<(String, u8)> = Vec::new();
    let mut add = |word: String, which: u8| match forms.iter_mut().find(|(known, _)| *known == word)
    {
        Some((_, known)) => *known |= which,
        None => forms.push((word, which)),
    };
    add(lemma.to_string(), form::BASE);
    add(plural(lemma), form::THIRD);
    add(past, form::PAST);
    add(participle, form::PARTICIPLE);
    add(gerund, form::GERUND);
    forms
}

fn ends_consonant_y(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.len() >= 2
        && bytes[bytes.len() - 1] == b'y'
        && !matches!(bytes[bytes.len() - 2], b'a' | b'e' | b'i' | b'o' | b'u')
}

/// The plural of a noun, which is also a verb's third person singular.
pub fn plural(word: &str) -> String {
    if ends_consonant_y(word) {
        return format!("{}ies", &word[..word.len() - 1]);
    }
    let sibilant = ["s", "sh", "ch", "x", "z"].iter().any(|end| word.ends_with(end));
    if sibilant || (word.ends_with('o') && !word.ends_with("oo")) {
        format!("{word}es")
    } else {
        format!("{word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms(entry: &str) -> Vec<String> {
        verb_forms(entry).into_iter().map(|(word, _)| word).collect()
    }

    #[test]
    fn present_forms_are_the_base_and_the_third_person() {
        let set = present_form_set(&["say|said|said", "close"]);
        for word in ["say", "says", "close", "closes"] {
            assert!(set.contains(word), "{word}");
        }
        for word in ["said", "saying", "closed", "closing"] {
            assert!(!set.contains(word), "{word}");
        }
    }

    #[test]
    fn regular_verbs_follow_the_spelling_rules() {
        assert_eq!(forms("send|sent|sent"), ["send", "sends", "sent", "sending"]);
        assert_eq!(forms("upload"), ["upload", "uploads", "uploaded", "uploading"]);
        assert_eq!(forms("share"), ["share", "shares", "shared", "sharing"]);
        assert_eq!(forms("copy"), ["copy", "copies", "copied", "copying"]);
        assert_eq!(forms("relay"), ["relay", "relays", "relayed", "relaying"]);
        assert_eq!(forms("submit+"), ["submit", "submits", "submitted", "submitting"]);
        assert_eq!(forms("push"), ["push", "pushes", "pushed", "pushing"]);
        assert_eq!(forms("see|saw|seen"), ["see", "sees", "saw", "seen", "seeing"]);
        assert_eq!(forms("tie"), ["tie", "ties", "tied", "tying"]);
    }

    #[test]
    fn irregular_verbs_ending_consonant_vowel_consonant_double_before_ing() {
        assert_eq!(forms("run|ran|run"), ["run", "runs", "ran", "running"]);
        assert_eq!(
            forms("forget|forgot|forgotten"),
            ["forget", "forgets", "forgot", "forgotten", "forgetting"]
        );
        // A past given that is the regular one changes nothing.
        assert_eq!(
            forms("answer|answered|answered"),
            ["answer", "answers", "answered", "answering"]
        );
        assert_eq!(forms("send|sent|sent"), ["send", "sends", "sent", "sending"]);
    }

    #[test]
    fn a_form_shared_by_two_slots_carries_both() {
        let put = verb_forms("put|put|put");
        assert_eq!(put[0], ("put".to_string(), form::BASE | form::PAST | form::PARTICIPLE));
        let sent = verb_forms("send|sent|sent");
        assert_eq!(sent[2], ("sent".to_string(), form::PAST | form::PARTICIPLE));
    }

    #[test]
    fn plurals() {
        assert_eq!(plural("key"), "keys");
        assert_eq!(plural("policy"), "policies");
        assert_eq!(plural("address"), "addresses");
        assert_eq!(plural("token"), "tokens");
    }
}
