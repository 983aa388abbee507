//! `invisible-characters`: invisible characters standing where they have no text function.
//!
//! The original rune flagged every zero-width, bidi, tag, formatting and control character
//! wherever it stood (spec item 53). Most of those code points also do honest work: a ZWJ glues
//! an emoji family together, a ZWNJ spells Persian, tag characters spell the Scotland flag. So
//! this rule judges each one by POSITION and fires only where it has no text function:
//!
//! - Emoji structure never fires: a ZWJ whose previous non-variation-selector character and
//!   next character are both emoji; one variation selector right after a base that takes it;
//!   a subdivision flag (`🏴`, 3 to 7 tag letters or digits, cancel tag U+E007F). Its tag
//!   alphabet is the one UTS #51 allows, so no spaces or punctuation: a black flag cannot
//!   launder a tag-spelled sentence.
//! - Two or more adjacent invisible characters outside that structure fire, as one hit, unless
//!   every one is a bidi control or mark doing its work in right-to-left text (a closing
//!   isolate then an RLM).
//! - A lone character is quiet only where its job is done: ZWNJ/ZWJ between two letters of a
//!   joining script (Arabic, Syriac, N'Ko, the Indic blocks U+0900–0DFF, Mongolian), or after
//!   an Indic virama at a word end (Malayalam chillu); ZWSP and WJ between two characters of a
//!   script written without spaces (Thai, Lao, Khmer, Myanmar, kana, CJK), where they mark line
//!   breaks; a BOM at offset 0; a soft hyphen between two letters; LRM/RLM/ALM in text holding a
//!   right-to-left letter; a bidi embedding, override or isolate closed in order within its
//!   paragraph in text holding a right-to-left letter (UAX #9 ends every embedding at a
//!   paragraph separator, so one closed on a later line is unclosed where it renders); a Hangul
//!   filler next to Hangul. Everything else fires where it stands: a joiner between Basic-Latin
//!   letters, any bidi control in text with no right-to-left letter (Trojan Source,
//!   CVE-2021-42574), tags outside a flag (the message decodes what they spell), a variation
//!   selector after a base that takes none, invisible math operators, interlinear annotation,
//!   the Mongolian vowel separator, the Khmer inherent vowels, the deprecated format characters
//!   U+206A–206F, and C0/C1 controls (medium).
//!
//! "Emoji" here is a compact range table, not the Unicode property: U+1F000–1FFFF (pictographs,
//! skin-tone modifiers, hair components, regional indicators), U+2600–27BF, U+2B00–2BFF,
//! U+2190–21FF, U+2300–23FF, U+25A0–25FF, U+2934–2935, U+24C2, U+3030, U+303D, U+3297, U+3299,
//! U+00A9, U+00AE, U+203C, U+2049, U+2122, U+2139 and the keycap U+20E3. It is a superset of
//! Extended_Pictographic around those blocks, which only makes a ZWJ between two arrows quiet.
//! A variation selector is taken by: an emoji or keycap base (`0-9#*`) for VS15/VS16, a math
//! operator (U+2200–22FF, U+2A00–2AFF) or CJK ideograph for VS1, and a CJK ideograph for every
//! other selector (ideographic variation sequences).

use crate::model::Severity;
use crate::rules::{Hit, RuleMeta, TextRule};
use crate::scan::text::Text;

static META: RuleMeta = RuleMeta {
    id: "invisible-characters",
    severity: Severity::High,
    summary: "zero-width, bidirectional, tag and control characters that smuggle text past a human reviewer",
};

pub struct InvisibleCharacters;

const ZWSP: char = '\u{200B}';
const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';
const WORD_JOINER: char = '\u{2060}';
const BOM: char = '\u{FEFF}';
const SOFT_HYPHEN: char = '\u{00AD}';
const BLACK_FLAG: char = '\u{1F3F4}';
const CANCEL_TAG: char = '\u{E007F}';
/// Tag characters spell ASCII at this offset.
const TAG_OFFSET: u32 = 0xE0000;
/// How much of what tag characters spell a message quotes.
const SPELLING_LIMIT: usize = 80;

/// The class an invisible character belongs to, named as the message names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    ZeroWidth,
    Bidirectional,
    Tag,
    Control,
    Formatting,
    VariationSelector,
}

impl Class {
    fn of(c: char) -> Option<Class> {
        match c {
            ZWSP | ZWNJ | ZWJ | WORD_JOINER | BOM => Some(Class::ZeroWidth),
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => Some(Class::Bidirectional),
            '\u{E0000}'..='\u{E007F}' => Some(Class::Tag),
            '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' => Some(Class::VariationSelector),
            // TAB, LF and CR are ordinary layout; U+2028/2029 are line breaks and never fire.
            '\t' | '\n' | '\r' => None,
            '\0'..='\x1F' | '\x7F' | '\u{80}'..='\u{9F}' => Some(Class::Control),
            SOFT_HYPHEN
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180E}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{2061}'..='\u{2064}'
            | '\u{206A}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}' => Some(Class::Formatting),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Class::ZeroWidth => "zero-width character",
            Class::Bidirectional => "bidirectional control",
            Class::Tag => "unicode tag character",
            Class::Control => "control character",
            Class::Formatting => "invisible formatting character",
            Class::VariationSelector => "variation selector",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Class::ZeroWidth => "zero-width characters",
            Class::Bidirectional => "bidirectional controls",
            Class::Tag => "unicode tag characters",
            Class::Control => "control characters",
            Class::Formatting => "invisible formatting characters",
            Class::VariationSelector => "variation selectors",
        }
    }
}

fn is_emoji(c: char) -> bool {
    matches!(c,
        '\u{1F000}'..='\u{1FFFF}'
        | '\u{2600}'..='\u{27BF}'
        | '\u{2B00}'..='\u{2BFF}'
        | '\u{2190}'..='\u{21FF}'
        | '\u{2300}'..='\u{23FF}'
        | '\u{25A0}'..='\u{25FF}'
        | '\u{2934}' | '\u{2935}' | '\u{24C2}'
        | '\u{3030}' | '\u{303D}' | '\u{3297}' | '\u{3299}'
        | '\u{00A9}' | '\u{00AE}' | '\u{203C}' | '\u{2049}' | '\u{2122}' | '\u{2139}'
        | '\u{20E3}'
    )
}

fn is_cjk_ideograph(c: char) -> bool {
    matches!(c,
        '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}'
        | '\u{20000}'..='\u{3FFFF}'
    )
}

/// Scripts that spell words with ZWNJ and ZWJ. Digits are left out: no script joins them.
fn is_joining_script(c: char) -> bool {
    matches!(c,
        '\u{0600}'..='\u{077F}'     // Arabic, Syriac, Arabic Supplement
        | '\u{07C0}'..='\u{07FF}'   // N'Ko
        | '\u{0860}'..='\u{08FF}'   // Syriac Supplement, Arabic Extended-B and -A
        | '\u{0900}'..='\u{0DFF}'   // Devanagari through Sinhala
        | '\u{1800}'..='\u{18AF}'   // Mongolian
        | '\u{FB50}'..='\u{FDFF}'   // Arabic Presentation Forms-A
        | '\u{FE70}'..='\u{FEFE}'   // Arabic Presentation Forms-B, less the BOM
    ) && !c.is_numeric()
}

/// The Indic viramas, after which a joiner may end a word (the Malayalam chillu `ന്‍`).
fn is_virama(c: char) -> bool {
    matches!(
        c,
        '\u{094D}'
            | '\u{09CD}'
            | '\u{0A4D}'
            | '\u{0ACD}'
            | '\u{0B4D}'
            | '\u{0BCD}'
            | '\u{0C4D}'
            | '\u{0CCD}'
            | '\u{0D3B}'
            | '\u{0D3C}'
            | '\u{0D4D}'
            | '\u{0DCA}'
    )
}

/// Scripts written without spaces, where ZWSP and WJ mark where a line may or may not break.
fn is_unspaced_script(c: char) -> bool {
    matches!(c,
        '\u{0E00}'..='\u{0EFF}'     // Thai, Lao
        | '\u{1000}'..='\u{109F}'   // Myanmar
        | '\u{A9E0}'..='\u{A9FF}'
        | '\u{AA60}'..='\u{AA7F}'
        | '\u{1780}'..='\u{17FF}'   // Khmer
        | '\u{19E0}'..='\u{19FF}'
        | '\u{3001}'..='\u{30FF}'   // CJK punctuation, hiragana, katakana
        | '\u{31F0}'..='\u{31FF}'
        | '\u{FF66}'..='\u{FF9F}'
    ) || is_cjk_ideograph(c)
}

fn is_hangul(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{115E}' | '\u{1161}'..='\u{11FF}' | '\u{3131}'..='\u{3163}'
        | '\u{3165}'..='\u{318E}' | '\u{A960}'..='\u{A97F}' | '\u{AC00}'..='\u{D7A3}'
        | '\u{D7B0}'..='\u{D7FF}' | '\u{FFA1}'..='\u{FFDC}'
    )
}

/// A strong right-to-left letter: Hebrew, Arabic, Syriac, Thaana, N'Ko and the historic
/// right-to-left blocks.
fn is_rtl_letter(c: char) -> bool {
    matches!(c,
        '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFE}'
        | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}'
    ) && c.is_alphabetic()
}

/// Whether `selector` right after `base` picks a glyph variant rather than carrying data.
fn selects_variant(base: char, selector: char) -> bool {
    match selector {
        '\u{FE0E}' | '\u{FE0F}' => is_emoji(base) || matches!(base, '0'..='9' | '#' | '*'),
        '\u{FE00}' => {
            matches!(base, '\u{2200}'..='\u{22FF}' | '\u{2A00}'..='\u{2AFF}')
                || is_cjk_ideograph(base)
        }
        _ => is_cjk_ideograph(base),
    }
}

/// Where a subdivision-flag tag sequence that follows a black flag ending at `at` ends, or
/// `at` when none does. Bounded look-ahead: at most 7 tags and the cancel tag.
fn flag_tag_sequence_end(raw: &str, at: usize) -> usize {
    let mut letters = 0;
    for (offset, c) in raw[at..].char_indices() {
        match c {
            '\u{E0030}'..='\u{E0039}' | '\u{E0061}'..='\u{E007A}' if letters < 7 => letters += 1,
            CANCEL_TAG if letters >= 3 => return at + offset + c.len_utf8(),
            _ => break,
        }
    }
    at
}

/// The offsets of bidi embeddings, overrides and isolates that are not closed in order within
/// their paragraph, and of closers with nothing to close, ascending.
fn unbalanced_bidi_controls(raw: &str) -> Vec<usize> {
    /// UAX #9's maximum embedding depth; an opener beyond it is not honest markup.
    const MAX_DEPTH: usize = 125;
    // (offset, is an isolate) of each open control; an array so balanced text allocates nothing.
    let mut open = [(0usize, false); MAX_DEPTH];
    let mut depth = 0;
    let mut open_isolates = 0;
    let mut unbalanced = Vec::new();
    for (at, c) in raw.char_indices() {
        match c {
            '\u{202A}'..='\u{202B}' | '\u{202D}'..='\u{202E}' | '\u{2066}'..='\u{2068}' => {
                if depth == MAX_DEPTH {
                    unbalanced.push(at);
                    continue;
                }
                let isolate = c >= '\u{2066}';
                open[depth] = (at, isolate);
                depth += 1;
                open_isolates += usize::from(isolate);
            }
            // PDF closes the innermost embedding, never an isolate.
            '\u{202C}' => match depth.checked_sub(1).map(|top| open[top]) {
                Some((_, false)) => depth -= 1,
                _ => unbalanced.push(at),
            },
            // PDI closes the innermost isolate and every embedding left open inside it.
            '\u{2069}' if open_isolates == 0 => unbalanced.push(at),
            '\u{2069}' => {
                while depth > 0 {
                    depth -= 1;
                    let (opened, isolate) = open[depth];
                    if isolate {
                        open_isolates -= 1;
                        break;
                    }
                    unbalanced.push(opened);
                }
            }
            // Paragraph separators end every embedding (UAX #9, class B).
            '\n' | '\r' | '\u{1C}'..='\u{1E}' | '\u{85}' | '\u{2029}' => {
                unbalanced.extend(open[..depth].iter().map(|&(opened, _)| opened));
                depth = 0;
                open_isolates = 0;
            }
            _ => {}
        }
    }
    unbalanced.extend(open[..depth].iter().map(|&(opened, _)| opened));
    unbalanced.sort_unstable();
    unbalanced
}

/// Facts about the direction of the whole string, worked out once and only when a directional
/// character turns up.
struct Direction {
    has_rtl: bool,
    unbalanced: Vec<usize>,
}

impl Direction {
    fn of(raw: &str) -> Direction {
        let has_rtl = raw.chars().any(is_rtl_letter);
        // Without a right-to-left letter every bidi control fires, balanced or not.
        let unbalanced = if has_rtl { unbalanced_bidi_controls(raw) } else { Vec::new() };
        Direction { has_rtl, unbalanced }
    }

    fn is_balanced_in_rtl_text(&self, at: usize) -> bool {
        self.has_rtl && self.unbalanced.binary_search(&at).is_err()
    }
}

/// Whether the invisible `c` at `at`, standing alone between `prev` and the first character of
/// `rest`, does honest work there.
fn is_honest_alone(
    raw: &str,
    at: usize,
    c: char,
    prev: Option<char>,
    rest: &str,
    direction: &mut Option<Direction>,
) -> bool {
    let next = || rest.chars().next();
    let both = |test: fn(char) -> bool| prev.is_some_and(test) && next().is_some_and(test);
    match c {
        ZWNJ | ZWJ => {
            both(is_joining_script)
                || (prev.is_some_and(is_virama) && next().is_none_or(|n| !n.is_alphanumeric()))
        }
        ZWSP | WORD_JOINER => both(is_unspaced_script),
        BOM => at == 0,
        SOFT_HYPHEN => both(char::is_alphabetic),
        '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' => {
            prev.is_some_and(is_hangul) || next().is_some_and(is_hangul)
        }
        '\u{200E}' | '\u{200F}' | '\u{061C}' => {
            direction.get_or_insert_with(|| Direction::of(raw)).has_rtl
        }
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {
            direction.get_or_insert_with(|| Direction::of(raw)).is_balanced_in_rtl_text(at)
        }
        _ => false,
    }
}

/// What tag characters in `run` spell in ASCII, clipped and escaped for a message.
fn tag_spelling(run: &str) -> Option<String> {
    let mut spelled = String::new();
    let mut letters = run
        .chars()
        .filter_map(|c| {
            u32::from(c).checked_sub(TAG_OFFSET).filter(|code| (0x20..0x7F).contains(code))
        })
        .filter_map(char::from_u32);
    for letter in letters.by_ref().take(SPELLING_LIMIT) {
        if matches!(letter, '"' | '\\') {
            spelled.push('\\');
        }
        spelled.push(letter);
    }
    if letters.next().is_some() {
        spelled.push('…');
    }
    (!spelled.is_empty()).then_some(spelled)
}

/// A maximal run of adjacent invisible characters outside emoji structure.
struct Run {
    start: usize,
    end: usize,
    first: char,
    count: usize,
    /// The class all its characters share, `None` when they mix.
    class: Option<Class>,
    /// A run whose position gives it a text function: one character, or bidi controls and
    /// marks each doing their work in right-to-left text.
    honest: bool,
    /// Every character so far is a bidi control or mark.
    all_bidi: bool,
}

/// A bidi control or mark: LRM, RLM, ALM, an embedding, override or isolate, or their closers.
fn raw_bidi(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

impl Run {
    fn hit(&self, raw: &str) -> Hit {
        let code = u32::from(self.first);
        let mut message = match self.class {
            Some(class) if self.count == 1 => {
                format!("{} U+{code:04X} hidden in metadata", class.name())
            }
            class => format!(
                "{} {} starting at U+{code:04X} hidden in metadata",
                self.count,
                class.map_or("invisible characters", Class::plural)
            ),
        };
        if let Some(spelled) = tag_spelling(&raw[self.start..self.end]) {
            message.push_str(&format!("; tag characters spell \"{spelled}\""));
        }
        let hit = Hit::new(self.start, self.end, message);
        // Stray control bytes are more often sloppy data than an attack.
        if self.class == Some(Class::Control) { hit.with_severity(Severity::Medium) } else { hit }
    }
}

/// Gathers adjacent invisible characters into runs and reports the runs that offend.
#[derive(Default)]
struct Runs {
    current: Option<Run>,
}

impl Runs {
    fn add(&mut self, at: usize, c: char, class: Class, honest_alone: bool) {
        let end = at + c.len_utf8();
        match &mut self.current {
            Some(run) => {
                run.end = end;
                run.count += 1;
                // A closing isolate then a mark (U+2069 U+200F) in right-to-left text: each does
                // its bidi work; any other run of two is no text.
                let all_bidi = run.all_bidi && raw_bidi(c);
                run.all_bidi = all_bidi;
                run.honest = run.honest && honest_alone && all_bidi;
                run.class = run.class.filter(|&shared| shared == class);
            }
            None => {
                self.current = Some(Run {
                    start: at,
                    end,
                    first: c,
                    count: 1,
                    class: Some(class),
                    honest: honest_alone,
                    all_bidi: raw_bidi(c),
                });
            }
        }
    }

    fn close(&mut self, raw: &str, hits: &mut Vec<Hit>) {
        if let Some(run) = self.current.take().filter(|run| !run.honest) {
            hits.push(run.hit(raw));
        }
    }
}

impl TextRule for InvisibleCharacters {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check(&self, text: &Text<'_>, hits: &mut Vec<Hit>) {
        let raw = text.as_str();
        let mut runs = Runs::default();
        if text.is_ascii() {
            // Pure ASCII can only hold control characters, one byte each, never honest; most
            // strings hold none, and a byte test finds that faster than the classifier.
            let is_control =
                |byte: u8| byte.is_ascii_control() && !matches!(byte, b'\t' | b'\n' | b'\r');
            if !raw.bytes().any(is_control) {
                return;
            }
            for (at, byte) in raw.bytes().enumerate() {
                let c = char::from(byte);
                match Class::of(c) {
                    Some(class) => runs.add(at, c, class, false),
                    None => runs.close(raw, hits),
                }
            }
            runs.close(raw, hits);
            return;
        }
        let mut direction = None;
        let mut prev = None;
        let mut prev_base = None;
        // Tags before this offset belong to a subdivision flag.
        let mut flag_tags_end = 0;
        for (at, c) in raw.char_indices() {
            let after = at + c.len_utf8();
            let rest = &raw[after..];
            let class = Class::of(c);
            let outside_emoji_structure = |class: &Class| match class {
                _ if c == ZWJ => {
                    !(prev_base.is_some_and(is_emoji) && rest.chars().next().is_some_and(is_emoji))
                }
                Class::VariationSelector => !prev.is_some_and(|base| selects_variant(base, c)),
                Class::Tag => at >= flag_tags_end,
                _ => true,
            };
            match class.filter(outside_emoji_structure) {
                Some(class) => {
                    let honest = is_honest_alone(raw, at, c, prev, rest, &mut direction);
                    runs.add(at, c, class, honest);
                }
                None => {
                    runs.close(raw, hits);
                    if c == BLACK_FLAG {
                        flag_tags_end = flag_tag_sequence_end(raw, after);
                    }
                }
            }
            prev = Some(c);
            if class != Some(Class::VariationSelector) {
                prev_base = Some(c);
            }
        }
        runs.close(raw, hits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(raw: &str) -> Vec<Hit> {
        crate::rules::testing::hits(&InvisibleCharacters, raw)
    }

    fn messages(raw: &str) -> Vec<String> {
        check(raw).into_iter().map(|hit| hit.message).collect()
    }

    fn assert_quiet(raw: &str) {
        assert_eq!(check(raw), vec![], "{raw:?}");
    }

    // Firing forms.

    #[test]
    fn a_zero_width_space_is_one_hit_of_one_character() {
        let raw = "Reads a file.\u{200B}Then more.";
        let hits = check(raw);
        assert_eq!(hits, vec![Hit::new(13, 16, "zero-width character U+200B hidden in metadata")]);
        assert_eq!(raw[hits[0].start..hits[0].end].chars().count(), 1);
    }

    #[test]
    fn every_zero_width_character_between_basic_latin_letters_fires() {
        for c in ['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}'] {
            let found = messages(&format!("a{c}b"));
            assert_eq!(
                found,
                vec![format!("zero-width character U+{:04X} hidden in metadata", u32::from(c))]
            );
        }
    }

    #[test]
    fn a_joiner_between_basic_latin_letters_fires() {
        let hits = check("c\u{200D}sv");
        assert_eq!(hits, vec![Hit::new(1, 4, "zero-width character U+200D hidden in metadata")]);
    }

    #[test]
    fn a_zero_width_space_inside_an_english_word_fires() {
        let hits = check("Enter your pass\u{200B}word.");
        assert_eq!(hits, vec![Hit::new(15, 18, "zero-width character U+200B hidden in metadata")]);
    }

    #[test]
    fn a_joiner_at_the_end_of_a_name_fires() {
        assert_eq!(
            messages("read_file\u{200D}"),
            vec!["zero-width character U+200D hidden in metadata"]
        );
    }

    #[test]
    fn an_isolate_closed_then_a_mark_in_arabic_is_honest() {
        let arabic = "\u{062A}\u{0645} \u{2068}{name}\u{2069}\u{200F}.";
        assert!(check(arabic).is_empty(), "{:?}", check(arabic));
        let latin = "sent to \u{2068}{name}\u{2069}\u{200F}.";
        assert!(!check(latin).is_empty());
    }

    #[test]
    fn two_adjacent_zero_width_characters_are_one_hit_spanning_both() {
        let hits = check("ab\u{200B}\u{200C}cd");
        assert_eq!(
            hits,
            vec![Hit::new(2, 8, "2 zero-width characters starting at U+200B hidden in metadata")]
        );
    }

    #[test]
    fn adjacent_joiners_fire_even_inside_persian() {
        // Each ZWNJ alone would be honest here; two in a row have no spelling function.
        let hits = check("می\u{200C}\u{200C}خواهم");
        assert_eq!(hits.len(), 1);
        assert_eq!(
            hits[0].message,
            "2 zero-width characters starting at U+200C hidden in metadata"
        );
    }

    #[test]
    fn a_mixed_run_is_named_by_its_first_code_point() {
        let hits = check("x\u{200B}\u{2062}\u{202E}y");
        assert_eq!(
            hits,
            vec![Hit::new(1, 10, "3 invisible characters starting at U+200B hidden in metadata")]
        );
    }

    #[test]
    fn a_zero_width_space_between_thai_and_latin_fires() {
        assert_eq!(check("สวัสดี\u{200B}hello").len(), 1);
    }

    #[test]
    fn a_zero_width_space_inside_an_emoji_sequence_breaks_it() {
        let hits = check("👩\u{200D}\u{200B}💻");
        assert_eq!(
            hits,
            vec![Hit::new(4, 10, "2 zero-width characters starting at U+200D hidden in metadata")]
        );
    }

    #[test]
    fn trojan_source_in_ascii_text_fires_on_every_control() {
        let raw = "user\u{202E} \u{2066}// comment\u{2069}\u{2066}";
        let hits = check(raw);
        assert_eq!(
            hits,
            vec![
                Hit::new(4, 7, "bidirectional control U+202E hidden in metadata"),
                Hit::new(8, 11, "bidirectional control U+2066 hidden in metadata"),
                Hit::new(21, 27, "2 bidirectional controls starting at U+2069 hidden in metadata"),
            ]
        );
    }

    #[test]
    fn bidirectional_controls_in_text_without_rtl_letters_fire_even_balanced() {
        let found = messages("file\u{202E}txt.exe\u{2066}x\u{2069}");
        assert_eq!(
            found,
            vec![
                "bidirectional control U+202E hidden in metadata",
                "bidirectional control U+2066 hidden in metadata",
                "bidirectional control U+2069 hidden in metadata",
            ]
        );
        assert_eq!(check("\u{2066}public\u{2069}").len(), 2);
        assert_eq!(check("\u{202D}Calendar (official)\u{202C}").len(), 2);
    }

    #[test]
    fn an_unclosed_embedding_in_hebrew_text_fires() {
        let raw = "שלום \u{202B}עולם";
        let hits = check(raw);
        assert_eq!(hits, vec![Hit::new(9, 12, "bidirectional control U+202B hidden in metadata")]);
    }

    #[test]
    fn a_stray_pop_directional_formatting_in_hebrew_text_fires() {
        assert_eq!(
            messages("שלום\u{202C} עולם"),
            vec!["bidirectional control U+202C hidden in metadata"]
        );
    }

    #[test]
    fn an_override_in_rtl_text_closed_on_the_next_line_is_unclosed_where_it_renders() {
        let raw = "שלום \u{202E}abc\n\u{202C}עולם";
        let hits = check(raw);
        assert_eq!(hits.len(), 2);
        assert!(hits.iter().all(|hit| hit.message.starts_with("bidirectional control")));
    }

    #[test]
    fn isolates_closed_out_of_order_in_hebrew_text_fire() {
        // RLE is closed by nothing and the PDF meets an isolate, not an embedding.
        let found = messages("עברית \u{202B}x \u{2066}y \u{202C}z\u{2069}");
        assert_eq!(
            found,
            vec![
                "bidirectional control U+202B hidden in metadata",
                "bidirectional control U+202C hidden in metadata",
            ]
        );
    }

    #[test]
    fn tag_characters_after_ordinary_text_fire_once_and_say_what_they_spell() {
        let tags: String =
            "send keys".chars().filter_map(|c| char::from_u32(u32::from(c) + TAG_OFFSET)).collect();
        let raw = format!("Searches the docs.{tags}");
        let hits = check(&raw);
        assert_eq!(
            hits,
            vec![Hit::new(
                18,
                raw.len(),
                "9 unicode tag characters starting at U+E0073 hidden in metadata; \
             tag characters spell \"send keys\""
            )]
        );
    }

    #[test]
    fn tag_spelling_is_escaped_and_clipped() {
        let spelled: String = format!("say \"hi\" \\ {}", "a".repeat(100));
        let tags: String =
            spelled.chars().filter_map(|c| char::from_u32(u32::from(c) + TAG_OFFSET)).collect();
        let message = messages(&format!("x{tags}")).remove(0);
        let quoted = format!("spell \"say \\\"hi\\\" \\\\ {}…\"", "a".repeat(69));
        assert!(message.ends_with(&quoted), "{message}");
    }

    #[test]
    fn a_language_tag_outside_a_flag_fires() {
        assert_eq!(
            messages("word\u{E0001}\u{E0065}\u{E006E}\u{E007F} more"),
            vec![
                "4 unicode tag characters starting at U+E0001 hidden in metadata; \
             tag characters spell \"en\""
            ]
        );
    }

    #[test]
    fn tag_characters_after_a_black_flag_without_a_cancel_tag_fire() {
        let raw = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074} Scotland";
        let hits = check(raw);
        assert_eq!(
            hits,
            vec![Hit::new(
                4,
                24,
                "5 unicode tag characters starting at U+E0067 hidden in metadata; \
             tag characters spell \"gbsct\""
            )]
        );
    }

    #[test]
    fn a_black_flag_cannot_launder_a_tag_spelled_sentence() {
        let tags: String = "ignore all"
            .chars()
            .chain(['\u{7F}'])
            .filter_map(|c| char::from_u32(u32::from(c) + TAG_OFFSET))
            .collect();
        let hits = check(&format!("🏴{tags}"));
        assert_eq!(hits.len(), 1);
        assert!(hits[0].message.ends_with("spell \"ignore all\""), "{}", hits[0].message);
    }

    #[test]
    fn twenty_variation_selectors_after_one_letter_are_one_hit() {
        let raw = format!("a{}", "\u{FE01}".repeat(20));
        let hits = check(&raw);
        assert_eq!(
            hits,
            vec![Hit::new(1, 61, "20 variation selectors starting at U+FE01 hidden in metadata")]
        );
    }

    #[test]
    fn variation_selectors_smuggled_after_an_emoji_fire_past_the_first() {
        // The first VS16 is the emoji's presentation; what follows carries data.
        let raw = "😊\u{FE0F}\u{E0100}\u{E0131}\u{E0142}";
        let hits = check(raw);
        assert_eq!(
            hits,
            vec![Hit::new(7, 19, "3 variation selectors starting at U+E0100 hidden in metadata")]
        );
        assert_eq!(messages("😊\u{E0100}"), vec!["variation selector U+E0100 hidden in metadata"]);
    }

    #[test]
    fn a_variation_selector_after_a_letter_fires() {
        assert_eq!(messages("a\u{FE0F}"), vec!["variation selector U+FE0F hidden in metadata"]);
    }

    #[test]
    fn an_invisible_math_operator_fires_anywhere() {
        assert_eq!(
            check("x\u{2062}y"),
            vec![Hit::new(1, 4, "invisible formatting character U+2062 hidden in metadata")]
        );
    }

    #[test]
    fn a_byte_order_mark_mid_string_fires() {
        let raw = "Uploads an image.\u{FEFF} Returns the URL.";
        assert_eq!(
            check(raw),
            vec![Hit::new(17, 20, "zero-width character U+FEFF hidden in metadata")]
        );
    }

    #[test]
    fn a_second_byte_order_mark_after_the_first_fires() {
        assert_eq!(
            messages("\u{FEFF}\u{FEFF}text"),
            vec!["2 zero-width characters starting at U+FEFF hidden in metadata"]
        );
    }

    #[test]
    fn a_hangul_filler_in_an_english_name_fires() {
        assert_eq!(
            messages("admin\u{3164}"),
            vec!["invisible formatting character U+3164 hidden in metadata"]
        );
        assert_eq!(check("\u{3164}").len(), 1);
    }

    #[test]
    fn a_soft_hyphen_at_a_word_edge_or_doubled_fires() {
        assert_eq!(check("pass\u{00AD} word").len(), 1);
        assert_eq!(check("\u{00AD}word").len(), 1);
        assert_eq!(
            messages("pass\u{00AD}\u{00AD}word"),
            vec!["2 invisible formatting characters starting at U+00AD hidden in metadata"]
        );
    }

    #[test]
    fn a_directional_mark_in_text_without_rtl_letters_fires() {
        for c in ['\u{200E}', '\u{200F}', '\u{061C}'] {
            assert_eq!(check(&format!("github{c}")).len(), 1, "{c:?}");
        }
    }

    #[test]
    fn tag_characters_fire_as_one_run() {
        let raw = "ok\u{E0069}\u{E0067}\u{E007F}";
        let hits = check(raw);
        assert_eq!(
            hits,
            vec![Hit::new(
                2,
                14,
                "3 unicode tag characters starting at U+E0069 hidden in metadata; \
             tag characters spell \"ig\""
            )]
        );
    }

    #[test]
    fn control_characters_are_medium() {
        let hits = check("a\u{1}b\x7Fc\u{85}d\u{1B}[31m");
        let found: Vec<_> = hits.iter().map(|hit| (hit.start, hit.message.as_str())).collect();
        assert_eq!(
            found,
            vec![
                (1, "control character U+0001 hidden in metadata"),
                (3, "control character U+007F hidden in metadata"),
                (5, "control character U+0085 hidden in metadata"),
                (8, "control character U+001B hidden in metadata"),
            ]
        );
        assert!(hits.iter().all(|hit| hit.severity == Some(Severity::Medium)));
    }

    #[test]
    fn a_control_byte_in_ascii_text_takes_the_fast_path_and_still_fires() {
        let hits = check("plain\u{0}text");
        assert_eq!(
            hits,
            vec![
                Hit::new(5, 6, "control character U+0000 hidden in metadata")
                    .with_severity(Severity::Medium)
            ]
        );
    }

    #[test]
    fn a_run_of_backspaces_is_one_medium_hit() {
        let hits = check("Read-only\x08\x08\x08\x08File writer");
        assert_eq!(
            hits,
            vec![
                Hit::new(9, 13, "4 control characters starting at U+0008 hidden in metadata")
                    .with_severity(Severity::Medium)
            ]
        );
    }

    #[test]
    fn a_control_character_next_to_a_zero_width_one_is_high() {
        let hits = check("é\u{1}\u{200B}");
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].severity, None);
    }

    #[test]
    fn formatting_characters_without_a_text_function_fire_at_default_severity() {
        for c in [
            '\u{061C}', '\u{115F}', '\u{1160}', '\u{17B4}', '\u{17B5}', '\u{180E}', '\u{200E}',
            '\u{200F}', '\u{2061}', '\u{2064}', '\u{206A}', '\u{206F}', '\u{3164}', '\u{FFA0}',
            '\u{FFF9}', '\u{FFFB}',
        ] {
            let hits = check(&format!("x{c}y"));
            assert_eq!(hits.len(), 1, "{c:?}");
            assert_eq!(
                hits[0].message,
                format!("invisible formatting character U+{:04X} hidden in metadata", u32::from(c))
            );
            assert_eq!(hits[0].severity, None);
        }
    }

    // Quiet forms: honest text whose invisible characters do the work they exist for.

    #[test]
    fn emoji_zwj_sequences_are_quiet() {
        assert_quiet("Plans a family trip 👨\u{200D}👩\u{200D}👧 with stops.");
        assert_quiet("Badge 🏳\u{FE0F}\u{200D}🌈 for the profile");
        assert_quiet("🧑\u{200D}💻 Pair programmer");
        assert_quiet("Pirate day 🏴\u{200D}☠\u{FE0F}");
        assert_quiet("Popular: 🐻\u{200D}❄\u{FE0F} ❤\u{FE0F}\u{200D}🔥 🏃\u{200D}♀\u{FE0F}");
    }

    #[test]
    fn a_skin_tone_modifier_before_a_joiner_is_quiet() {
        assert_quiet("👩🏽\u{200D}💻 and 🧑🏿\u{200D}🦰");
    }

    #[test]
    fn subdivision_flags_are_quiet() {
        assert_quiet(
            "Fixtures for 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scotland",
        );
        assert_quiet("🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}");
    }

    #[test]
    fn tags_after_a_complete_flag_still_fire() {
        let raw = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\u{E0068}\u{E0069}";
        assert_eq!(
            check(raw),
            vec![Hit::new(
                28,
                36,
                "2 unicode tag characters starting at U+E0068 hidden in metadata; \
             tag characters spell \"hi\""
            )]
        );
    }

    #[test]
    fn persian_zero_width_non_joiner_is_quiet() {
        assert_quiet("می\u{200C}خواهم");
        assert_quiet("این ابزار فایل\u{200C}ها را جستجو می\u{200C}کند");
    }

    #[test]
    fn a_joiner_after_a_devanagari_virama_is_quiet() {
        assert_quiet("half forms such as क\u{094D}\u{200D}ष intact");
    }

    #[test]
    fn a_malayalam_chillu_at_a_word_end_is_quiet() {
        assert_quiet("legacy text such as ന\u{0D4D}\u{200D} endings");
    }

    #[test]
    fn a_sinhala_conjunct_joiner_is_quiet() {
        assert_quiet("holidays in ශ\u{0DCA}\u{200D}ර\u{0DD3} ලංකා");
    }

    #[test]
    fn a_joiner_between_a_virama_and_a_latin_letter_fires() {
        assert_eq!(check("क\u{094D}\u{200D}abc").len(), 1);
    }

    #[test]
    fn a_leading_byte_order_mark_is_quiet() {
        assert_quiet("\u{FEFF}Returns open issues, newest first.");
        assert_quiet("\u{FEFF}# Changelog\n\nAll notable changes.");
    }

    #[test]
    fn directional_marks_in_rtl_text_are_quiet() {
        assert_quiet("السعر\u{200F} 100 دولار");
        assert_quiet("המחיר: 100 ₪\u{200F} כולל מע\"מ.");
        assert_quiet("يستخدم Windows\u{200E}.");
        assert_quiet("عربي\u{061C}123");
    }

    #[test]
    fn balanced_bidi_controls_in_rtl_text_are_quiet() {
        assert_quiet("המשתמש \u{2067}דני\u{2069} הצטרף");
        assert_quiet("שם הקובץ: \u{2066}report.pdf\u{2069} נשמר");
        assert_quiet("نص \u{202B}مضمن\u{202C} هنا \u{2068}x\u{2069}");
    }

    #[test]
    fn zero_width_spaces_in_unspaced_scripts_are_quiet() {
        assert_quiet("สรุปเนื้อหา\u{200B}เอกสาร");
        assert_quiet("社内文書を\u{200B}検索します");
        assert_quiet("ຂໍ້ຄວາມ\u{2060}ລາວ");
    }

    #[test]
    fn presentation_selectors_keycaps_and_ideographic_variants_are_quiet() {
        assert_quiet("Returns ✔\u{FE0E} or ✘\u{FE0E}; weather ☀\u{FE0F} 🌧\u{FE0F}");
        assert_quiet("Steps: 1\u{FE0F}\u{20E3} connect, #\u{FE0F}\u{20E3} tag");
        assert_quiet("葛\u{E0100}城市 and 辻\u{FE00}");
        assert_quiet("a ≩\u{FE00} b");
    }

    #[test]
    fn a_soft_hyphen_inside_a_word_is_quiet() {
        assert_quiet("Donau\u{00AD}dampf\u{00AD}schiff\u{00AD}fahrt and Über\u{00AD}prüfung");
    }

    #[test]
    fn a_hangul_filler_inside_hangul_text_is_quiet() {
        assert_quiet("\u{115F}\u{1161} and 한\u{3164}글");
    }

    #[test]
    fn layout_whitespace_and_line_separators_never_fire() {
        assert_quiet("line one\r\n\tline two\n");
        assert_quiet("para\u{2028}line\u{2029}para");
    }

    #[test]
    fn honest_unicode_text_stays_quiet() {
        assert_quiet("Café in Zürich — 東京 ✓ 🎉 Привет, κόσμε 🇩🇪 👍🏽");
    }
}
