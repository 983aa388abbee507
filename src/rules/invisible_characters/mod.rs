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

mod hyphenated;

use crate::model::Severity;
use crate::rules::Text;
use crate::rules::{Hit, RuleMeta, TextRule};

static META: RuleMeta = RuleMeta {
    id: "invisible-characters",
    severity: Severity::High,
    summary: "zero-width, bidirectional, tag and control characters that smuggle text past a human reviewer",
    confidence: 85,
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
        | '\u{FF01}'..='\u{FF0F}'   // fullwidth punctuation: `（`, `）`, `：`
        | '\u{FF1A}'..='\u{FF20}'
        | '\u{FF3B}'..='\u{FF40}'
        | '\u{FF5B}'..='\u{FF65}'
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
                // A joiner may end an Indic word after a virama (`ന്‍`), or after a letter
                // written with it in older text (the atomic chillu `ൻ‍`).
                || (prev.is_some_and(|p| is_virama(p) || ('\u{0900}'..='\u{0DFF}').contains(&p))
                    && next().is_none_or(|n| !n.is_alphanumeric()))
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
        let first_hit = hits.len();
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
        hyphenated::check(text, hits);
        if text.is_value() && a_character_list(raw) {
            for hit in &mut hits[first_hit..] {
                hit.severity = Some(Severity::Low);
            }
        }
    }
}

/// Whether a value `raw` is made of nothing but distinct zero-width, bidi and formatting
/// characters, with blanks or commas between them: a sanitizer's list of what it strips. With
/// no visible text beside them they hide or reorder nothing, and with no character repeated
/// they carry no bits; tag characters and variation selectors, which can spell a message,
/// keep the list out.
fn a_character_list(raw: &str) -> bool {
    let mut seen: Vec<char> = Vec::new();
    for c in raw.chars().filter(|c| !matches!(c, ' ' | ',')) {
        match Class::of(c) {
            Some(Class::ZeroWidth | Class::Bidirectional | Class::Formatting)
                if !seen.contains(&c) =>
            {
                seen.push(c);
            }
            _ => return false,
        }
    }
    !seen.is_empty()
}

#[cfg(test)]
mod tests;
