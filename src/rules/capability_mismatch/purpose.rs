//! Declared purpose: what an entity's name, title and first sentence say it is for.

use super::*;

/// What a tool's name, title and first sentence say it is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Purpose {
    Calculator,
    UnitConversion,
    StringUtility,
    RandomNumber,
    DateTime,
    Weather,
    Dictionary,
    Translation,
    Currency,
    Lookup,
}

impl Purpose {
    pub(super) fn noun(self) -> &'static str {
        match self {
            Purpose::Calculator => "calculator",
            Purpose::UnitConversion => "unit-conversion",
            Purpose::StringUtility => "string-utility",
            Purpose::RandomNumber => "random-number",
            Purpose::DateTime => "date/time",
            Purpose::Weather => "weather",
            Purpose::Dictionary => "dictionary",
            Purpose::Translation => "translation",
            Purpose::Currency => "currency",
            Purpose::Lookup => "lookup",
        }
    }

    /// A lookup asks a data provider by nature; pure computation contacts nothing.
    pub(super) fn is_lookup(self) -> bool {
        matches!(
            self,
            Purpose::DateTime
                | Purpose::Weather
                | Purpose::Dictionary
                | Purpose::Translation
                | Purpose::Currency
                | Purpose::Lookup
        )
    }
}

/// Name words that declare a purpose on their own.
#[rustfmt::skip]
pub(super) const NAME_PURPOSES: &[(&str, Purpose)] = &[
    ("anagram", Purpose::StringUtility), ("antonyms", Purpose::Dictionary),
    ("arithmetic", Purpose::Calculator), ("average", Purpose::Calculator),
    ("beautify", Purpose::StringUtility), ("bmi", Purpose::Calculator),
    ("calc", Purpose::Calculator), ("calculate", Purpose::Calculator),
    ("calculation", Purpose::Calculator), ("calculator", Purpose::Calculator),
    ("capitalize", Purpose::StringUtility), ("clock", Purpose::DateTime),
    ("compute", Purpose::Calculator), ("countdown", Purpose::DateTime),
    ("currency", Purpose::Currency), ("date", Purpose::DateTime), ("datetime", Purpose::DateTime),
    ("define", Purpose::Dictionary), ("definition", Purpose::Dictionary),
    ("dice", Purpose::RandomNumber), ("dictionary", Purpose::Dictionary),
    ("divide", Purpose::Calculator), ("emoji", Purpose::StringUtility),
    ("epoch", Purpose::DateTime), ("equation", Purpose::Calculator),
    ("factorial", Purpose::Calculator), ("fibonacci", Purpose::Calculator),
    ("forecast", Purpose::Weather), ("forex", Purpose::Currency), ("gcd", Purpose::Calculator),
    ("guid", Purpose::RandomNumber), ("hsl", Purpose::UnitConversion),
    ("ipsum", Purpose::StringUtility), ("lcm", Purpose::Calculator), ("lookup", Purpose::Lookup),
    ("lorem", Purpose::StringUtility), ("lowercase", Purpose::StringUtility),
    ("math", Purpose::Calculator), ("maths", Purpose::Calculator), ("median", Purpose::Calculator),
    ("minify", Purpose::StringUtility), ("modulo", Purpose::Calculator),
    ("mortgage", Purpose::Calculator), ("multiply", Purpose::Calculator),
    ("palette", Purpose::StringUtility), ("palindrome", Purpose::StringUtility),
    ("percentage", Purpose::Calculator), ("pomodoro", Purpose::DateTime),
    ("prettify", Purpose::StringUtility), ("qr", Purpose::StringUtility),
    ("regex", Purpose::StringUtility), ("rgb", Purpose::UnitConversion),
    ("rhymes", Purpose::Dictionary), ("slugify", Purpose::StringUtility),
    ("spellcheck", Purpose::StringUtility), ("sqrt", Purpose::Calculator),
    ("stopwatch", Purpose::DateTime), ("subtract", Purpose::Calculator),
    ("sum", Purpose::Calculator), ("synonym", Purpose::Dictionary),
    ("synonyms", Purpose::Dictionary), ("thesaurus", Purpose::Dictionary),
    ("time", Purpose::DateTime), ("timer", Purpose::DateTime), ("timestamp", Purpose::DateTime),
    ("timezone", Purpose::DateTime), ("titlecase", Purpose::StringUtility),
    ("translate", Purpose::Translation), ("translation", Purpose::Translation),
    ("translator", Purpose::Translation), ("uppercase", Purpose::StringUtility),
    ("uuid", Purpose::RandomNumber), ("weather", Purpose::Weather),
    ("wordcount", Purpose::StringUtility),
];

pub(super) const NUMBER_WORDS: &[&str] =
    &["numbers", "number", "nums", "integers", "ints", "floats", "values", "two", "digits"];
pub(super) const UNIT_WORDS: &[&str] = &[
    "unit",
    "units",
    "temperature",
    "celsius",
    "fahrenheit",
    "length",
    "distance",
    "weight",
    "mass",
    "volume",
    "speed",
    "area",
    "pressure",
    "metric",
    "imperial",
    "bytes",
    "base",
    "roman",
    "hex",
    "binary",
    "decimal",
    "number",
    // A colour's notations: `convert_color`.
    "color",
    "colour",
    "colors",
    "colours",
    "rgb",
    "hsl",
];
/// What a random-number tool draws; `random_joke` or `random_user` is an API lookup.
pub(super) const RANDOM_WORDS: &[&str] = &[
    "number", "numbers", "int", "integer", "integers", "float", "floats", "dice", "uuid", "string",
    "password", "choice", "pick", "seed", "bytes", "hex", "digits",
];
pub(super) const TEXT_WORDS: &[&str] =
    &["string", "strings", "text", "word", "words", "chars", "characters", "letters", "lines"];

/// Name words that declare a purpose only beside a companion (`add_numbers`, not `add_comment`).
#[rustfmt::skip]
pub(super) const PAIRED_NAME_PURPOSES: &[(&str, &[&str], Purpose)] = &[
    ("add", NUMBER_WORDS, Purpose::Calculator),
    ("convert", UNIT_WORDS, Purpose::UnitConversion),
    ("converter", UNIT_WORDS, Purpose::UnitConversion),
    ("conversion", UNIT_WORDS, Purpose::UnitConversion),
    ("format", NUMBER_WORDS, Purpose::StringUtility),
    ("count", TEXT_WORDS, Purpose::StringUtility),
    ("reverse", TEXT_WORDS, Purpose::StringUtility),
    ("trim", TEXT_WORDS, Purpose::StringUtility),
    ("random", RANDOM_WORDS, Purpose::RandomNumber),
    ("roll", &["dice", "die"], Purpose::RandomNumber),
    ("flip", &["coin"], Purpose::RandomNumber),
    ("exchange", &["rate", "rates"], Purpose::Currency),
    ("stock", &["price", "prices", "quote", "quotes"], Purpose::Currency),
];

/// First-sentence phrases that declare a purpose, in the order of `FIRST_SENTENCE_PURPOSES`,
/// each with the words one of which every phrase holds.
#[rustfmt::skip]
pub(super) const FIRST_SENTENCE_PATTERNS: &[Gate] = &[
    // Calculator
    Gate {
        stems: &["calculat", "arithmetic", "multipl", "subtract", "factorial", "square root", "math", "sum of", "add", "divide", "comput", "split"],
        pattern: r"\bsplits? (?:a |the )?(?:bill|check|cheque|tab|restaurant bill)\b|\bcalculat(?:e|es|ing|or|ion|ions)\b|\barithmetic\b|\bmultipl(?:y|ies|ication)\b|\bsubtract(?:s|ion)?\b|\bfactorials?\b|\bsquare roots?\b|\bmath(?:ematical)? (?:expressions?|problems?|operations?)\b|\bsum of\b|\badds? (?:up )?(?:two |2 |three |the |a list of |a pair of )?(?:numbers|integers|values|floats|ints)\b|\bdivides? (?:two |one )?numbers?\b|\bcomput(?:e|es|ing) (?:the |a |an )?(?:sum|product|total|average|mean|median|percentage|checksum|area|factorial|square|difference|ratio|tip|bmi)\b",
    },
    // UnitConversion
    Gate {
        stems: &["convert", "unit conversion"],
        pattern: r"\bconvert(?:s|ing)?\b[^.\n]{0,40}?\b(?:units?|celsius|fahrenheit|kelvin|temperatures?|miles|kilomet(?:er|re)s|met(?:er|re)s|feet|inches|pounds|kilograms|ounces|grams|lit(?:er|re)s|gallons|bytes|roman numerals?|hexadecimal|binary|decimal|colou?rs?)\b|\bunit conversions?\b",
    },
    // StringUtility
    Gate {
        stems: &["case", "slugif", "revers", "count", "string", "text", "palindrome", "base64", "comput", "calculat", "generat", "return", "produc", "hash"],
        pattern: r"\b(?:comput|calculat|generat|return|produc)\w* (?:the |a |an )?(?:sha-?(?:1|224|256|384|512)|md5|crc-?32|blake[23]\w*|sha3-?\d+)(?:,? (?:and |or )?(?:sha-?(?:1|224|256|384|512)|md5|crc-?32|blake[23]\w*|sha3-?\d+))*(?: hex)? (?:digests?|hash(?:es)?|checksums?)\b|\bhash(?:es)? (?:a |the )?(?:strings?|text|input)\b|\b(?:upper|lower|title|camel|snake|kebab)[ -]?case\b|\bslugif(?:y|ies)\b|\breverses? (?:a |the )?(?:strings?|text|words?)\b|\bcounts? (?:the )?(?:number of )?(?:words|characters|chars|letters|lines|vowels)\b|\bword counts?\b|\b(?:string|text) (?:utilit(?:y|ies)|manipulation|helpers?)\b|\bpalindromes?\b|\bbase64[- ]?(?:encodes?|decodes?)\b|\b(?:encodes?|decodes?)\b[^.\n]{0,40}?\bbase64\b",
    },
    // RandomNumber
    Gate {
        stems: &["random", "roll", "flip", "uuid", "guid"],
        pattern: r"\brandom (?:numbers?|integers?|values?|strings?|passwords?|uuids?|picks?|choices?)\b|\brolls? (?:a |the |some )?dice\b|\bflips? a coin\b|\b(?:uuid|guid)s?\b",
    },
    // DateTime
    Gate {
        stems: &["current", "local", "time", "format", "convert", "unix", "between", "date "],
        pattern: r"\b(?:days|weeks|months|years|hours|minutes|business days|working days) between\b|\bdate (?:difference|arithmetic|math)\b|\b(?:current|local) (?:date|time)\b|\btime ?zones?\b|\bformats? (?:a |the )?(?:dates?|times?|timestamps?|durations?)\b|\bconvert(?:s|ing)?\b[^.\n]{0,40}?\b(?:time ?zones?|timestamps?|dates?|epoch)\b|\bunix timestamps?\b",
    },
    // Weather
    Gate {
        stems: &["weather", "forecast"],
        pattern: r"\bweather\b|\bforecasts?\b",
    },
    // Dictionary
    Gate {
        stems: &["definition", "meaning", "synonym", "antonym", "etymology", "pronunciation", "rhyme", "thesaurus", "dictionary", "look", "define"],
        pattern: r"\b(?:definitions?|meanings?|synonyms?|antonyms?|etymology|pronunciations?|rhymes?) (?:of|for) (?:a |an |the |any )?(?:english )?(?:words?|terms?|phrases?)\b|\bthesaurus\b|\bdictionary (?:lookups?|definitions?|entr(?:y|ies))\b|\blooks? up (?:a |the )?words?\b|\b(?:english|online|word) dictionary\b|\bdefines? (?:a |the )?words?\b",
    },
    // Translation
    Gate {
        stems: &["translat"],
        pattern: r"\btranslat(?:e|es|ing)\b[^.\n]{0,40}?\b(?:into|between|languages?)\b",
    },
    // Currency
    Gate {
        stems: &["exchange rate", "currenc", "stock"],
        pattern: r"\bexchange rates?\b|\bcurrenc(?:y|ies)\b|\bstock (?:prices?|quotes?)\b",
    },
];

pub(super) const FIRST_SENTENCE_PURPOSES: &[Purpose] = &[
    Purpose::Calculator,
    Purpose::UnitConversion,
    Purpose::StringUtility,
    Purpose::RandomNumber,
    Purpose::DateTime,
    Purpose::Weather,
    Purpose::Dictionary,
    Purpose::Translation,
    Purpose::Currency,
];

/// `pattern` made ASCII-only: case folding, `\b`, `\w`, and negated classes, which keeps every
/// automaton small and on the fast engines. The patterns run over bytes, where a negated class
/// may match a piece of a UTF-8 character; every match still starts and ends at an ASCII byte,
/// so its span is a span of the string.
pub(super) fn ascii_pattern(pattern: &str) -> String {
    format!("(?i-u){}", ascii_classes(pattern))
}

pub(super) fn compile(pattern: &str) -> ByteRegex {
    ByteRegex::new(&ascii_pattern(pattern)).expect("capability-mismatch patterns compile")
}

/// A cheap first look: a name none of whose substrings is a purpose word declares none.
pub(super) static PURPOSE_STEMS: LazyLock<WordAutomaton> = LazyLock::new(|| {
    let stems = NAME_PURPOSES.iter().map(|(word, _)| *word);
    let paired = PAIRED_NAME_PURPOSES.iter().map(|(word, _, _)| *word);
    word_automaton(stems.chain(paired))
});

/// Most first sentences declare no purpose; only the families whose words occur are compiled.
pub(super) static FIRST_SENTENCE: LazyLock<GatedPatterns> =
    LazyLock::new(|| GatedPatterns::new(FIRST_SENTENCE_PATTERNS.iter().copied(), compile));

/// The words of an identifier or a sentence: `add_numbers`, `addNumbers`, `add-numbers`,
/// `Add numbers.` all give `add`, `numbers`.
pub(super) fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| c.is_alphanumeric())?;
        rest = &rest[start..];
        let mut previous_lower = false;
        let mut end = rest.len();
        for (at, c) in rest.char_indices() {
            let camel = c.is_uppercase() && previous_lower;
            if !(c.is_alphanumeric() || c == '\'' || c == '\u{2019}') || camel {
                end = at;
                break;
            }
            previous_lower = c.is_lowercase() || c.is_ascii_digit();
        }
        let (word, tail) = rest.split_at(end);
        rest = tail;
        Some(word.trim_end_matches(['\'', '\u{2019}']))
    })
}

/// Longer than any listed word, so a longer one is simply not listed.
pub(super) const WORD_BUFFER: usize = 24;

/// `word` in lowercase, in `buffer`; `None` when it is not short ASCII.
pub(super) fn ascii_lowercase<'b>(
    word: &str,
    buffer: &'b mut [u8; WORD_BUFFER],
) -> Option<&'b str> {
    let bytes = word.as_bytes();
    if !word.is_ascii() || bytes.len() > WORD_BUFFER {
        return None;
    }
    let lower = &mut buffer[..bytes.len()];
    lower.copy_from_slice(bytes);
    lower.make_ascii_lowercase();
    std::str::from_utf8(lower).ok()
}

/// Whether `word` is in `sorted` (lowercase, sorted), ASCII case-insensitively.
pub(super) fn in_sorted(word: &str, sorted: &[&str]) -> bool {
    let mut buffer = [0; WORD_BUFFER];
    ascii_lowercase(word, &mut buffer).is_some_and(|word| sorted.binary_search(&word).is_ok())
}

pub(super) fn is_one_of(word: &str, list: &[&str]) -> bool {
    list.iter().any(|known| known.eq_ignore_ascii_case(word))
}

/// The description up to its first sentence end or line break.
pub(super) fn first_sentence(description: &str) -> &str {
    let bytes = &description.as_bytes()[..description.len().min(FIRST_SENTENCE_MAX)];
    let end = (0..bytes.len())
        .find(|&at| {
            bytes[at] == b'\n'
                || (matches!(bytes[at], b'.' | b'!' | b'?')
                    && bytes.get(at + 1).is_none_or(|next| next.is_ascii_whitespace()))
        })
        .unwrap_or(bytes.len());
    let mut end = end;
    while !description.is_char_boundary(end) {
        end -= 1;
    }
    &description[..end]
}

/// A declaration is said up front; a longer "first sentence" is a run-on, not a purpose.
pub(super) const FIRST_SENTENCE_MAX: usize = 300;

/// What an entity declares about itself: its name and title words and its first sentence.
pub(super) struct Declaration<'a> {
    names: [&'a str; 3],
    first_sentence: &'a str,
}

impl<'a> Declaration<'a> {
    pub(super) fn of(entity: &'a Entity) -> Declaration<'a> {
        let mut declared = Declaration { names: [""; 3], first_sentence: "" };
        // One pass over the members: this runs for every entity of every scan.
        for (key, value) in entity.value.as_object().unwrap_or(&[]) {
            let text = value.as_str().unwrap_or("");
            match key.as_str() {
                "name" => declared.names[0] = text,
                "title" => declared.names[1] = text,
                "annotations" => {
                    declared.names[2] = value.get("title").and_then(Value::as_str).unwrap_or("");
                }
                "description" => declared.first_sentence = first_sentence(text),
                _ => {}
            }
        }
        declared
    }

    pub(super) fn name_words(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.names.iter().flat_map(|name| words(name))
    }

    pub(super) fn purpose(&self) -> Option<Purpose> {
        let named = self.names.iter().any(|name| PURPOSE_STEMS.for_text(name).is_match(name));
        named.then(|| self.name_purpose()).flatten().or_else(|| {
            let matched = FIRST_SENTENCE.first_match(self.first_sentence.as_bytes());
            matched.map(|index| FIRST_SENTENCE_PURPOSES[index])
        })
    }

    pub(super) fn name_purpose(&self) -> Option<Purpose> {
        for word in self.name_words() {
            let mut buffer = [0; WORD_BUFFER];
            if let Some(word) = ascii_lowercase(word, &mut buffer)
                && let Ok(at) = NAME_PURPOSES.binary_search_by_key(&word, |(known, _)| known)
            {
                return Some(NAME_PURPOSES[at].1);
            }
            for (known, companions, purpose) in PAIRED_NAME_PURPOSES {
                if known.eq_ignore_ascii_case(word)
                    && self.name_words().any(|other| is_one_of(other, companions))
                {
                    return Some(*purpose);
                }
            }
        }
        if self.name_words().count() == 1
            && self.name_words().any(|word| word.eq_ignore_ascii_case("add"))
        {
            return Some(Purpose::Calculator);
        }
        None
    }

    /// Whether a name, title or first-sentence word is about security (`lookup_attack_technique`,
    /// "Returns advisories for ..."): such a tool describes what attacks reach for.
    pub(super) fn about_security(&self) -> bool {
        self.name_words().chain(words(self.first_sentence)).any(|word| {
            let mut buffer = [0; WORD_BUFFER];
            ascii_lowercase(word, &mut buffer).is_some_and(|word| {
                crate::rules::scope::domains_of(word) & crate::vocab::classes::domain::SECURITY != 0
            })
        })
    }

    /// Whether a name or title word declares one of `capability`.
    pub(super) fn names_any(&self, capability: &[&str]) -> bool {
        self.name_words().any(|word| is_one_of(word, capability))
    }

    /// Whether a name, title or first-sentence word declares one of `capability`. A tool that
    /// counts or splits text into tokens (`Counts tokens in a text for a given model's
    /// tokenizer`) handles units of text, not credentials: its `token` declares nothing.
    pub(super) fn declares_any(&self, capability: &[&str]) -> bool {
        let of_text = || {
            self.name_words().chain(words(self.first_sentence)).any(|word| {
                is_one_of(word, &["tokenizer", "tokenizers", "tokenize", "tokenise", "tokenizes"])
            })
        };
        let declares = |word: &str| {
            is_one_of(word, capability) && !(is_one_of(word, &["token", "tokens"]) && of_text())
        };
        self.name_words().any(declares) || words(self.first_sentence).any(declares)
    }
}
