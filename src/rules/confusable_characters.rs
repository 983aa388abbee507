//! `confusable-characters`: a Cyrillic or Greek look-alike letter mixed into a Latin word.
//!
//! A word is a maximal run of letters (general category L*). It fires when the word holds a
//! letter from the closed look-alike table and at least one Latin letter; the span is the
//! whole word.

use crate::model::Severity;
use crate::rules::Text;
use crate::rules::{Hit, RuleMeta, TextRule};
use unicode_normalization::char::is_combining_mark;

static META: RuleMeta = RuleMeta {
    id: "confusable-characters",
    severity: Severity::High,
    summary: "a Cyrillic or Greek look-alike letter mixed into a Latin word",
    confidence: 85,
};

pub struct ConfusableCharacters;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    Cyrillic,
    Greek,
}

impl Script {
    fn name(self) -> &'static str {
        match self {
            Script::Cyrillic => "Cyrillic",
            Script::Greek => "Greek",
        }
    }
}

/// The Latin letter `c` is drawn like, if `c` is a Cyrillic or Greek look-alike in the table.
pub(crate) fn latin_twin(c: char) -> Option<char> {
    lookalike(c).map(|(_, latin)| latin)
}

/// The closed look-alike table: a Cyrillic or Greek letter drawn like a Latin one, and the
/// Latin letter it imitates. Letters with no Latin twin (omega, pi, sigma) are left out, so
/// `kΩ` or a Greek symbol stays quiet.
fn lookalike(c: char) -> Option<(Script, char)> {
    use Script::{Cyrillic, Greek};
    let found = match c {
        'а' => (Cyrillic, 'a'),
        'е' => (Cyrillic, 'e'),
        'о' => (Cyrillic, 'o'),
        'р' => (Cyrillic, 'p'),
        'с' => (Cyrillic, 'c'),
        'у' => (Cyrillic, 'y'),
        'х' => (Cyrillic, 'x'),
        'ѕ' => (Cyrillic, 's'),
        'і' => (Cyrillic, 'i'),
        'ј' => (Cyrillic, 'j'),
        'к' => (Cyrillic, 'k'),
        'ԁ' => (Cyrillic, 'd'),
        'һ' => (Cyrillic, 'h'),
        'ԛ' => (Cyrillic, 'q'),
        'ԝ' => (Cyrillic, 'w'),
        'ӏ' => (Cyrillic, 'l'),
        'ѵ' => (Cyrillic, 'v'),
        'А' => (Cyrillic, 'A'),
        'В' => (Cyrillic, 'B'),
        'Е' => (Cyrillic, 'E'),
        'К' => (Cyrillic, 'K'),
        'М' => (Cyrillic, 'M'),
        'Н' => (Cyrillic, 'H'),
        'О' => (Cyrillic, 'O'),
        'Р' => (Cyrillic, 'P'),
        'С' => (Cyrillic, 'C'),
        'Т' => (Cyrillic, 'T'),
        'У' => (Cyrillic, 'Y'),
        'Х' => (Cyrillic, 'X'),
        'І' => (Cyrillic, 'I'),
        'Ј' => (Cyrillic, 'J'),
        'Ѕ' => (Cyrillic, 'S'),
        'Ԛ' => (Cyrillic, 'Q'),
        'Ԝ' => (Cyrillic, 'W'),
        'ο' => (Greek, 'o'),
        'ρ' => (Greek, 'p'),
        'α' => (Greek, 'a'),
        'ν' => (Greek, 'v'),
        'υ' => (Greek, 'u'),
        'ι' => (Greek, 'i'),
        'κ' => (Greek, 'k'),
        'χ' => (Greek, 'x'),
        'Α' => (Greek, 'A'),
        'Β' => (Greek, 'B'),
        'Ε' => (Greek, 'E'),
        'Ζ' => (Greek, 'Z'),
        'Η' => (Greek, 'H'),
        'Ι' => (Greek, 'I'),
        'Κ' => (Greek, 'K'),
        'Μ' => (Greek, 'M'),
        'Ν' => (Greek, 'N'),
        'Ο' => (Greek, 'O'),
        'Ρ' => (Greek, 'P'),
        'Τ' => (Greek, 'T'),
        'Υ' => (Greek, 'Y'),
        'Χ' => (Greek, 'X'),
        _ => return None,
    };
    Some(found)
}

/// Every look-alike lies in this span of the Greek and Cyrillic blocks.
const LOOKALIKE_SPAN: std::ops::RangeInclusive<char> = '\u{0391}'..='\u{051D}';

/// Non-ASCII letters whose Unicode name starts with `LATIN` (Unicode 14.0, the original's
/// version): accented letters, the Latin Extended blocks, IPA, small capitals, ligatures.
/// Fullwidth letters are named `FULLWIDTH LATIN ...` and so are not in it.
const LATIN_LETTERS: &[(char, char)] = &[
    ('\u{00C0}', '\u{00D6}'),
    ('\u{00D8}', '\u{00F6}'),
    ('\u{00F8}', '\u{02AF}'),
    ('\u{1D00}', '\u{1D25}'),
    ('\u{1D62}', '\u{1D65}'),
    ('\u{1D6B}', '\u{1D77}'),
    ('\u{1D79}', '\u{1D9A}'),
    ('\u{1E00}', '\u{1EFF}'),
    ('\u{2090}', '\u{209C}'),
    ('\u{2184}', '\u{2184}'),
    ('\u{2C60}', '\u{2C7C}'),
    ('\u{2C7E}', '\u{2C7F}'),
    ('\u{A722}', '\u{A76F}'),
    ('\u{A771}', '\u{A787}'),
    ('\u{A78B}', '\u{A7CA}'),
    ('\u{A7D0}', '\u{A7D1}'),
    ('\u{A7D3}', '\u{A7D3}'),
    ('\u{A7D5}', '\u{A7D9}'),
    ('\u{A7F5}', '\u{A7F7}'),
    ('\u{A7FA}', '\u{A7FF}'),
    ('\u{AB30}', '\u{AB5A}'),
    ('\u{AB60}', '\u{AB64}'),
    ('\u{AB66}', '\u{AB68}'),
    ('\u{FB00}', '\u{FB06}'),
    ('\u{1DF00}', '\u{1DF1E}'),
];

fn is_latin(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    let after = LATIN_LETTERS.partition_point(|&(_, last)| last < c);
    LATIN_LETTERS.get(after).is_some_and(|&(first, _)| first <= c)
}

/// Whether `c` is a letter (general category L*), what Python's `str.isalpha` tests. Rust's
/// `is_alphabetic` also takes letter numbers (Nl, e.g. Roman numerals), alphabetic marks
/// (e.g. U+0363) and enclosed letters (So, e.g. Ⓐ), so those are taken back out.
fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    c.is_alphabetic() && !is_combining_mark(c) && !is_letter_number(c) && !is_enclosed_letter(c)
}

/// General category Nl.
fn is_letter_number(c: char) -> bool {
    matches!(c,
        '\u{16EE}'..='\u{16F0}'
        | '\u{2160}'..='\u{2182}'
        | '\u{2185}'..='\u{2188}'
        | '\u{3007}'
        | '\u{3021}'..='\u{3029}'
        | '\u{3038}'..='\u{303A}'
        | '\u{A6E6}'..='\u{A6EF}'
        | '\u{10140}'..='\u{10174}'
        | '\u{10341}'
        | '\u{1034A}'
        | '\u{103D1}'..='\u{103D5}'
        | '\u{12400}'..='\u{1246E}')
}

/// Circled, parenthesized and squared Latin letters: symbols (So) that are Alphabetic.
fn is_enclosed_letter(c: char) -> bool {
    matches!(c,
        '\u{24B6}'..='\u{24E9}'
        | '\u{1F130}'..='\u{1F149}'
        | '\u{1F150}'..='\u{1F169}'
        | '\u{1F170}'..='\u{1F189}')
}

/// What one word holds, gathered as it is read.
struct Word {
    start: usize,
    letters: usize,
    latin: usize,
    /// The first look-alike: the character, its script and the Latin letter it imitates.
    first: Option<(char, Script, char)>,
    lookalikes: usize,
    /// The Latin letters the look-alikes imitate, lowercase: what the word reads as.
    skeleton: String,
}

impl Word {
    fn new(start: usize) -> Word {
        Word { start, letters: 0, latin: 0, first: None, lookalikes: 0, skeleton: String::new() }
    }

    fn push(&mut self, c: char) {
        self.letters += 1;
        if let Some((script, latin)) = lookalike(c) {
            self.lookalikes += 1;
            self.skeleton.push(latin.to_ascii_lowercase());
            self.first.get_or_insert((c, script, latin));
        } else if is_latin(c) {
            self.latin += 1;
        }
    }

    /// The hit for this word ending at byte `end`, if it mixes a look-alike into Latin, or, in
    /// Latin text (`latin_text`), is made wholly of look-alikes that spell an English word
    /// (`ехес` for `exec`, `сору` for `copy`).
    fn hit(&self, end: usize, latin_text: bool) -> Option<Hit> {
        let (c, script, latin) = self.first?;
        if self.latin == 0 {
            let whole = latin_text
                && self.letters >= 3
                && self.lookalikes == self.letters
                && crate::vocab::word(&self.skeleton) != crate::vocab::Info::default();
            return whole.then(|| {
                Hit::new(
                    self.start,
                    end,
                    format!(
                        "a word spelled wholly in {} look-alike letters, reading as Latin '{}'",
                        script.name(),
                        self.skeleton
                    ),
                )
            });
        }
        // One Latin letter beside one Greek look-alike is notation (H-alpha, a neutrino
        // flavour), not a spoof. Scientific symbols are never Cyrillic, so that still fires.
        if self.letters == 2 && script == Script::Greek {
            return None;
        }
        let mut message = format!(
            "a {} character U+{:04X} disguised as Latin '{latin}' inside a Latin word",
            script.name(),
            u32::from(c)
        );
        if self.lookalikes > 1 {
            message
                .push_str(&format!(", plus {} more look-alike character(s)", self.lookalikes - 1));
        }
        Some(Hit::new(self.start, end, message))
    }
}

/// Words by which a text says it shows look-alike letters on purpose.
const DECLARING: &[&str] = &[
    "cyrillic",
    "greek letter",
    "homoglyph",
    "homograph",
    "look-alike",
    "lookalike",
    "confusable",
    "mixed-script",
    "mixed script",
];

/// Whether lowercase `text` names the disguise it holds.
fn declared(lower: &str) -> bool {
    DECLARING.iter().any(|word| lower.contains(word))
}

impl TextRule for ConfusableCharacters {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, text: &Text<'_>, hits: &mut Vec<Hit>) {
        let raw = text.as_str();
        if text.is_ascii() || !raw.chars().any(|c| LOOKALIKE_SPAN.contains(&c)) {
            return;
        }
        // Text written in Latin letters, four to one: a whole word of look-alikes in it is a
        // disguise, where in Russian or Greek prose it is a word.
        let (latin, other) = raw
            .chars()
            .filter(|&c| is_letter(c))
            .fold((0, 0), |(l, o), c| if is_latin(c) { (l + 1, o) } else { (l, o + 1) });
        let latin_text = latin >= 4 * other;
        let mut word: Option<Word> = None;
        let from = hits.len();
        for (at, c) in raw.char_indices() {
            if is_letter(c) {
                word.get_or_insert_with(|| Word::new(at)).push(c);
            } else if let Some(done) = word.take() {
                hits.extend(done.hit(at, latin_text));
            }
        }
        if let Some(done) = word {
            hits.extend(done.hit(raw.len(), latin_text));
        }
        // `for example 'p\u{430}ypal', where the second letter is Cyrillic`: a disguise the
        // text itself names is shown, not hidden; still reported, at low.
        if hits.len() > from && declared(&text.doc().lower) {
            for hit in &mut hits[from..] {
                hit.severity = Some(Severity::Low);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(raw: &str) -> Vec<Hit> {
        crate::rules::testing::hits(&ConfusableCharacters, raw)
    }

    fn flagged(raw: &str) -> Vec<&str> {
        check(raw).into_iter().map(|hit| &raw[hit.start..hit.end]).collect()
    }

    #[test]
    fn a_cyrillic_a_in_a_tool_name_fires_on_the_word() {
        let raw = "get_\u{0430}ccount";
        let hits = check(raw);
        assert_eq!(
            hits,
            vec![Hit::new(
                4,
                raw.len(),
                "a Cyrillic character U+0430 disguised as Latin 'a' inside a Latin word"
            )]
        );
    }

    #[test]
    fn more_look_alikes_are_counted_after_the_first() {
        let raw = "Log in to \u{0440}\u{0430}yp\u{0430}l now";
        let hits = check(raw);
        assert_eq!(hits.len(), 1);
        assert_eq!(&raw[hits[0].start..hits[0].end], "\u{0440}\u{0430}yp\u{0430}l");
        assert_eq!(
            hits[0].message,
            "a Cyrillic character U+0440 disguised as Latin 'p' inside a Latin word, plus 2 more look-alike character(s)"
        );
    }

    #[test]
    fn a_whole_word_of_look_alikes_in_latin_text_fires() {
        assert_eq!(
            flagged("First, \u{0435}\u{0445}\u{0435}\u{0441} the script from the server."),
            vec!["\u{0435}\u{0445}\u{0435}\u{0441}"]
        );
        // Russian prose, and a look-alike word that spells nothing.
        assert!(flagged("Поиск по сайту: сор и мусор").is_empty());
        assert!(flagged("Returns the weather for a city, with the code хсу.").is_empty());
    }

    #[test]
    fn a_disguise_the_text_names_is_low() {
        let hits = check(
            "Flags words that mix scripts, for example 'p\u{0430}ypal' where the second letter is Cyrillic.",
        );
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].severity, Some(Severity::Low));
        assert_eq!(check("Log in at p\u{0430}ypal.com to continue.")[0].severity, None);
    }

    #[test]
    fn a_greek_look_alike_in_a_latin_word_fires() {
        let hits = check("send the \u{03B1}pi key");
        assert_eq!(hits.len(), 1);
        assert_eq!(
            hits[0].message,
            "a Greek character U+03B1 disguised as Latin 'a' inside a Latin word"
        );
        assert_eq!(flagged("Ign\u{039F}re"), vec!["Ign\u{039F}re"]);
    }

    #[test]
    fn each_word_is_judged_on_its_own() {
        let raw = "\u{0441}at and d\u{043E}g and plain";
        assert_eq!(flagged(raw), vec!["\u{0441}at", "d\u{043E}g"]);
    }

    #[test]
    fn a_word_disguised_down_to_one_latin_letter_still_fires() {
        assert_eq!(flagged("\u{0441}\u{043E}\u{0440}y"), vec!["\u{0441}\u{043E}\u{0440}y"]);
    }

    #[test]
    fn a_two_letter_cyrillic_pair_fires() {
        let raw = "the \u{043E}d field";
        assert_eq!(flagged(raw), vec!["\u{043E}d"]);
    }

    #[test]
    fn greek_notation_of_two_letters_stays_quiet() {
        assert!(check("the H\u{03B1} line").is_empty());
        assert!(check("the \u{03BD}_e neutrino and \u{03BD}e").is_empty());
        // Three letters are no longer notation.
        assert_eq!(flagged("H\u{03B1}x"), vec!["H\u{03B1}x"]);
    }

    #[test]
    fn words_made_only_of_look_alikes_or_only_of_one_script_stay_quiet() {
        assert!(check("\u{0422}\u{041E}\u{0420} \u{0410}\u{0412}\u{0421}").is_empty());
        assert!(check("Привет, мир: сохранить файл").is_empty());
        assert!(check("καλημέρα κόσμε, αβγ").is_empty());
    }

    #[test]
    fn accented_latin_is_one_script_and_still_counts_as_latin() {
        assert!(check("Café in Zürich, naïve façade, Łódź, Ærøskøbing").is_empty());
        assert_eq!(flagged("Z\u{00FC}r\u{0456}ch"), vec!["Z\u{00FC}r\u{0456}ch"]);
        assert_eq!(flagged("\u{00E9}\u{0430}"), vec!["\u{00E9}\u{0430}"]);
    }

    #[test]
    fn a_greek_letter_with_no_latin_twin_stays_quiet() {
        assert!(check("a 10 k\u{03A9} resistor, \u{03C0}r\u{00B2}, \u{03A3}x").is_empty());
    }

    #[test]
    fn emoji_cjk_and_persian_stay_quiet() {
        assert!(check("Deploys 🚀 fast ✅, 東京 ready").is_empty());
        assert!(check("می\u{200C}خواهم یک فایل را بخوانم").is_empty());
    }

    #[test]
    fn digits_underscores_and_marks_split_words() {
        assert!(check("\u{0430}1b \u{0430}_b \u{0430}-b").is_empty());
        // U+0363 is an alphabetic combining mark: Rust's `is_alphabetic` would glue the
        // two halves into one word, a letter-only run splits them.
        assert!(check("\u{043E}\u{0363}d").is_empty());
        assert!(check("\u{043E}\u{0301}d").is_empty());
        assert!(check("\u{0430}\u{24B6}b \u{0430}\u{2160}b").is_empty());
    }

    #[test]
    fn fullwidth_letters_are_not_named_latin_so_they_do_not_count() {
        assert!(check("\u{FF50}\u{0430}\u{FF59}").is_empty());
    }

    #[test]
    fn latin_table_follows_unicode_names() {
        for c in ['é', 'ß', 'ÿ', 'Ā', 'ƒ', 'ɐ', 'ʯ', 'ᴀ', 'ḁ', 'ỿ', 'ﬁ', 'Ɑ', 'ꜣ', '\u{AB30}']
        {
            assert!(is_latin(c), "{c:?}");
        }
        for c in ['×', '÷', 'ª', 'º', 'µ', 'ʰ', 'Ω', 'а', 'ｐ', '\u{AB70}', '\u{1D26}'] {
            assert!(!is_latin(c), "{c:?}");
        }
    }

    #[test]
    fn ascii_text_takes_the_fast_path() {
        assert!(check("get_account: pay with PayPal").is_empty());
    }
}
