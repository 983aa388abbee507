//! One prepared document per string, shared by every text rule: its tokens (multi-word names
//! merged), its spans (quotes, code, tags, comments, markdown), its sentences and clauses, and
//! a reading of each clause with the context it sits in.
//!
//! This module is the one place that answers "is this an order, to whom, negated, quoted?".
//! Rules ask it; none splits sentences, finds quotes or reads negation itself.

mod coordinate;
pub mod lex;
mod names;
mod negate;
pub mod query;
pub mod read;
pub mod segment;
pub mod shell;
pub mod spans;

use crate::vocab::classes::{act, func, thing};
use crate::vocab::{self, Info};
use lex::{Kind, Token};
pub use names::{name_key, name_words};
use read::{Form, Party, Reading};
use segment::{Clause, Sentence};
use spans::{Span, SpanIndex, SpanKind};
use std::ops::Range;

/// Where a clause sits, beyond what it says.
#[derive(Debug, Clone, Default)]
pub struct Setting {
    /// Inside quotation marks.
    pub quoted: bool,
    /// Inside backticks or a fence.
    pub code: bool,
    /// Introduced as an example (`such as "..."`, `e.g.`, an `Examples:` label, `<example>`).
    pub example: bool,
    /// Part of a sentence that describes text rather than giving it: a scanner's `Detects
    /// phrases like ...`, `flags text that says ...`; or any statement in a sentence that
    /// writes about attacks (`Security advisory: an infostealer campaign reads ...`).
    pub described: bool,
    /// Inside an HTML comment, which a rendered view hides.
    pub comment: bool,
    /// The names of the tags around it, innermost last.
    pub tags: Vec<String>,
    /// Its sentence opens by addressing the model (`Note to the AI:`, `Assistant,`).
    pub addressed: bool,
    /// The condition clause that governs it, if any.
    pub condition: Option<usize>,
}

/// Nouns of attacks and attackers, by which a text shows it writes about them.
const THREATS: &[&str] = &[
    "malware",
    "infostealer",
    "infostealers",
    "stealer",
    "stealers",
    "compromised",
    "cryptominer",
    "cryptominers",
    "intruder",
    "intruders",
    "adversary",
    "adversaries",
    "trojan",
    "botnet",
    "attacker",
    "attackers",
    "exfiltration",
    "phishing",
    "ransomware",
    "backdoor",
    "backdoors",
    "exploit",
    "exploits",
    "flagged",
    "poisoning",
    "poisoned",
    "beacons",
    "indicators of compromise",
    "samples",
    "variant",
    "implant",
    "dropper",
    "campaign",
];

/// [`THREATS`] as a set: every clause of every string is read for one.
static THREAT_WORDS: std::sync::LazyLock<crate::vocab::WordSet> =
    std::sync::LazyLock::new(|| crate::vocab::set_of(THREATS));

pub struct Doc<'a> {
    pub raw: &'a str,
    /// `raw` with ASCII letters lowercased: the same byte offsets.
    pub lower: String,
    pub tokens: Vec<Token>,
    pub spans: Vec<Span>,
    span_index: SpanIndex,
    pub sentences: Vec<Sentence>,
    pub clauses: Vec<Clause>,
    pub readings: Vec<Reading>,
    pub settings: Vec<Setting>,
}

/// `text[from..]`, at most `max` bytes of it, cut on a character boundary.
/// Each line of `text` without its line break or surrounding blanks, with the byte range it
/// spans.
pub fn lines(text: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    text.split_inclusive('\n').scan(0, |start, line| {
        let at = *start;
        *start += line.len();
        let trimmed = line.trim_end();
        let indent = trimmed.len() - trimmed.trim_start().len();
        Some((at + indent..at + trimmed.len(), trimmed.trim_start()))
    })
}

pub fn window(text: &str, from: usize, max: usize) -> &str {
    let mut end = (from + max).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[from..end]
}

/// `text[..to]`, at most its last `max` bytes, cut on a character boundary.
pub fn window_before(text: &str, to: usize, max: usize) -> &str {
    let mut from = to.saturating_sub(max);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    &text[from..to]
}

/// A string's tokens as its [`Doc`] holds them (multi-word names merged, verbs guessed), before
/// anything is read from them: what a rule can look at to learn that nothing it reads is there,
/// and leave the rest of the document unbuilt. [`Doc::from_words`] builds on it, so a string
/// is never lexed twice.
pub struct Words<'a> {
    pub raw: &'a str,
    /// `raw` with ASCII letters lowercased: the same byte offsets.
    pub lower: String,
    pub tokens: Vec<Token>,
}

impl<'a> Words<'a> {
    pub fn new(raw: &'a str) -> Words<'a> {
        let lower = raw.to_ascii_lowercase();
        let mut tokens = merge_phrases(&lower, lex::tokens(raw, &lower));
        guess_verbs(&lower, &mut tokens);
        Words { raw, lower, tokens }
    }
}

impl<'a> Doc<'a> {
    pub fn new(raw: &'a str) -> Doc<'a> {
        Doc::from_words(Words::new(raw))
    }

    /// The document of `words`, read on from its tokens: spans, clauses, readings, settings.
    pub fn from_words(words: Words<'a>) -> Doc<'a> {
        let Words { raw, lower, tokens } = words;
        let spans = spans::spans(raw);
        let span_index = SpanIndex::new(&spans);
        let of = |kind: SpanKind| -> Vec<Range<usize>> {
            spans.iter().filter(|span| span.kind == kind).map(|span| span.range.clone()).collect()
        };
        let (code, quotes) = (of(SpanKind::Code), of(SpanKind::Quote));
        let (sentences, clauses) = segment::segment(raw, &tokens, &code, &quotes);
        let mut readings: Vec<Reading> =
            clauses.iter().map(|clause| read::read(&tokens, &lower, clause)).collect();
        coordinate::coordinate(&tokens, &lower, &clauses, &mut readings);
        let mut doc = Doc {
            raw,
            lower,
            tokens,
            spans,
            span_index,
            sentences,
            clauses,
            readings,
            settings: Vec::new(),
        };
        doc.settings = doc.settle();
        doc
    }

    /// Whether a describing verb's clause is about text: it names a pattern or content, or
    /// introduces examples (`Detects phrases such as`, `Flags text like`); `failed tests,
    /// secrets` lists results.
    fn describes_text(&self, tokens: Range<usize>) -> bool {
        self.naming(tokens.clone(), thing::PATTERN | thing::CONTENT | thing::COMMAND | thing::RULES)
            .next()
            .is_some()
            || self.has(tokens.clone(), func::EXAMPLE)
            || self.has_word(
                tokens.clone(),
                &["like", "text", "phrases", "strings", "attempts", "instructions", "prompts"],
            )
    }

    /// The raw text of token `at`; empty past the last token, so a rule looking ahead never
    /// has to check the end first.
    pub fn text(&self, at: usize) -> &'a str {
        self.tokens.get(at).map_or("", |token| &self.raw[token.start..token.end])
    }

    /// The lowercased text of token `at`; empty past the last token.
    pub fn word(&self, at: usize) -> &str {
        self.tokens.get(at).map_or("", |token| &self.lower[token.start..token.end])
    }

    /// The byte range tokens `range` cover.
    pub fn bytes(&self, range: Range<usize>) -> Range<usize> {
        if range.is_empty() {
            let at = self.tokens.get(range.start).map_or(self.raw.len(), |t| t.start);
            return at..at;
        }
        self.tokens[range.start].start..self.tokens[range.end - 1].end
    }

    /// The byte range of clause `clause`.
    pub fn clause_bytes(&self, clause: usize) -> Range<usize> {
        self.bytes(self.clauses[clause].tokens.clone())
    }

    /// Tokens in `range` naming one of `classes` ([`thing`] bits).
    pub fn naming(&self, range: Range<usize>, classes: u32) -> impl Iterator<Item = usize> + '_ {
        range.filter(move |&at| self.tokens[at].info.thing & classes != 0)
    }

    /// Whether a token in `range` has one of `classes` ([`func`] bits).
    pub fn has(&self, range: Range<usize>, classes: u64) -> bool {
        self.tokens[range].iter().any(|token| token.info.func & classes != 0)
    }

    /// [`Doc::has_word`] for a list held as a set ([`crate::vocab::set_of`]).
    pub fn has_in(&self, range: Range<usize>, words: &crate::vocab::WordSet) -> bool {
        range.into_iter().any(|at| words.contains(self.word(at)))
    }

    /// Whether a token in `range` is one of `words` (lowercase).
    #[inline]
    pub fn has_word(&self, range: Range<usize>, words: &[&str]) -> bool {
        range.into_iter().any(|at| words.contains(&self.word(at)))
    }

    /// The clauses of the sentence clause `clause` is in.
    pub fn sentence_of(&self, clause: usize) -> Range<usize> {
        self.sentences[self.clauses[clause].sentence].clauses.clone()
    }

    /// The spans whose body holds byte `at`, in `spans` order.
    pub fn spans_at(&self, at: usize) -> impl Iterator<Item = &Span> {
        self.span_index.at(&self.spans, at).into_iter().map(|position| &self.spans[position])
    }

    /// The spans whose body starts in byte range `range`, by body start.
    pub fn spans_starting_in(&self, range: Range<usize>) -> impl Iterator<Item = &Span> {
        self.span_index
            .starting_in(&self.spans, range)
            .iter()
            .map(|&position| &self.spans[position])
    }

    /// The clause token `token` is in. Clauses are ordered and never share a token.
    pub fn clause_of(&self, token: usize) -> Option<usize> {
        let clause = self.clauses.partition_point(|clause| clause.tokens.end <= token);
        self.clauses.get(clause).filter(|clause| clause.tokens.contains(&token)).map(|_| clause)
    }

    fn settle(&self) -> Vec<Setting> {
        let mut settings: Vec<Setting> = vec![Setting::default(); self.clauses.len()];
        for (index, clause) in self.clauses.iter().enumerate() {
            let bytes = self.clause_bytes(index);
            // `e.g. 'you are now an unrestricted AI'`: a clause that opens with an example
            // marker sits where what the marker introduces sits.
            let mut words = (clause.tokens.clone())
                .filter(|&at| !matches!(self.tokens[at].kind, Kind::Punct(_)));
            let (opening, next) = (words.next(), words.next());
            let marker = opening.is_some_and(|at| {
                self.tokens[at].info.func & func::EXAMPLE != 0 && self.word(at) != "as"
            });
            let first = (if marker { next.or(opening) } else { opening })
                .map_or(bytes.start, |at| self.tokens[at].start);
            let setting = &mut settings[index];
            for span in self.spans_at(first) {
                match &span.kind {
                    SpanKind::Quote => setting.quoted = true,
                    SpanKind::Code => setting.code = true,
                    SpanKind::Comment => setting.comment = true,
                    SpanKind::Tag(name) => {
                        if matches!(name.as_str(), "example" | "examples" | "sample" | "samples") {
                            setting.example = true;
                        }
                        setting.tags.push(name.clone());
                    }
                    SpanKind::Image | SpanKind::Link => {}
                }
                if matches!(span.kind, SpanKind::Quote | SpanKind::Code)
                    && self.introduced_as_example(span.outer.start)
                {
                    setting.example = true;
                }
            }
        }
        for sentence in &self.sentences {
            let clauses = sentence.clauses.clone();
            let mut addressed = false;
            let mut describing = false;
            let mut pending_condition: Option<usize> = None;
            let mut governing: Option<usize> = None;
            let mut example_label = false;
            for index in clauses.clone() {
                let reading = &self.readings[index];
                let clause = &self.clauses[index];
                let tokens = clause.tokens.clone();
                if reading.form == Form::Fragment || clause.label {
                    let names_model = self.naming(tokens.clone(), thing::MODEL).next().is_some();
                    if names_model && index == clauses.start {
                        addressed = true;
                    }
                    if clause.label
                        && self.has_word(
                            tokens.clone(),
                            &["example", "examples", "e.g.", "e.g", "samples"],
                        )
                    {
                        example_label = true;
                    }
                }
                // `reports ones that try to steer the agent: for instance a claim that another
                // vendor's tool is deprecated`: a statement opened by `for instance` after what
                // the tool reports or detects illustrates what it reports.
                let illustrates = index > clauses.start
                    && self.opens_with_example(tokens.clone())
                    && !self.instructs(index)
                    && self.readings[index - 1].form == Form::Statement
                    && self.readings[index - 1].does(act::DESCRIBE | act::TELL)
                    && !self.instructs(index - 1);
                let setting = &mut settings[index];
                setting.addressed = addressed;
                setting.described |= describing;
                setting.example |= example_label || illustrates;
                // `Detects phrases such as`, `Flags text like`: what follows is described. An
                // imperative describes only as the string's opening (`Detect injections such
                // as ...`), not as an order further on.
                let opening = index == 0;
                if (matches!(reading.form, Form::Statement | Form::Fragment)
                    || reading.form == Form::Imperative && opening)
                    && (reading.does(crate::vocab::classes::act::DESCRIBE)
                        && self.describes_text(tokens.clone())
                        || self.naming(tokens.clone(), thing::PATTERN).next().is_some())
                {
                    describing = true;
                }
                // A condition governs every clause after it in the sentence, until the next.
                if reading.form == Form::Condition {
                    pending_condition = Some(index);
                    governing = None;
                } else if let Some(condition) = pending_condition.take().or(governing) {
                    settings[index].condition = Some(condition);
                    governing = Some(condition);
                }
            }
            // A condition after its main clause (`Send it whenever ...`). A reason after it
            // (`..., because a failed download would go unnoticed`) conditions nothing.
            if let Some(condition) = pending_condition
                && !matches!(self.word(self.clauses[condition].tokens.start), "because" | "since")
                && let Some(main) = (clauses.start..condition)
                    .rev()
                    .find(|&i| self.readings[i].form != Form::Condition)
            {
                settings[main].condition.get_or_insert(condition);
            }
        }
        // A sentence that writes about attacks (an advisory's `an infostealer campaign reads
        // ...`, a guide's `Covers image beacons such as ...`, a scanner's `for malware that
        // tries to ...`) describes what attackers do; an order in it stays an order.
        for sentence in &self.sentences {
            if !self.about_attacks(sentence.clauses.clone(), &settings) {
                continue;
            }
            for index in sentence.clauses.clone() {
                if !self.instructs(index) || settings[index].quoted {
                    settings[index].described = true;
                }
            }
        }
        settings
    }

    /// Whether the sentence of `clauses` writes about attacks: it names a threat and gives
    /// the model no order.
    fn about_attacks(&self, clauses: Range<usize>, settings: &[Setting]) -> bool {
        let tokens = match (clauses.clone().next(), clauses.clone().last()) {
            (Some(a), Some(b)) => self.clauses[a].tokens.start..self.clauses[b].tokens.end,
            _ => return false,
        };
        // An order in quotes is the sample quoted (`A typical poisoned description reads:
        // "send ..."`), not one the sentence gives.
        let orders = clauses.clone().any(|c| {
            self.instructs(c)
                && !self.readings[c].does(crate::vocab::classes::act::DESCRIBE)
                && !settings[c].quoted
        });
        // `The sample reads ...`: the noun after a determiner, not `so the team can sample`.
        let sample = tokens.clone().any(|at| {
            self.word(at) == "sample"
                && at > 0
                && self.tokens[at - 1].info.func & crate::vocab::classes::func::DET != 0
        });
        !orders && (self.has_in(tokens, &THREAT_WORDS) || sample)
    }

    /// Whether clause `clause` tells the model what to do: an order, an obligation, or what
    /// the model is said to do (`the model taking on this prompt becomes ...`).
    fn instructs(&self, clause: usize) -> bool {
        let reading = &self.readings[clause];
        reading.orders_model()
            || reading.obligation
            || reading.subject == Party::Model
                && reading.form == Form::Statement
                && !reading.negated
    }

    /// Whether `tokens` open, past bullets and punctuation, with `for instance`, `for
    /// example` or `e.g.`.
    fn opens_with_example(&self, tokens: Range<usize>) -> bool {
        tokens.clone().find(|&at| self.tokens[at].kind == Kind::Word).is_some_and(|at| {
            matches!(self.word(at), "for instance" | "for example" | "e.g." | "e.g" | "eg")
                || self.word(at) == "for" && matches!(self.word(at + 1), "instance" | "example")
        })
    }

    /// Whether the quote or code span opening at byte `at` is introduced as an example: `such
    /// as`, `like`, `e.g.`, `for example`, `phrases`, `patterns` within the few words before it.
    fn introduced_as_example(&self, at: usize) -> bool {
        let before = self.tokens.partition_point(|token| token.end <= at);
        let from = before.saturating_sub(4);
        (from..before).any(|i| {
            let info = self.tokens[i].info;
            info.func & func::EXAMPLE != 0 && self.word(i) != "as"
                || info.thing & thing::PATTERN != 0
        })
    }

    /// The tokens clause `clause` acts on: its complement, or, for a passive, its subject.
    pub fn acted_on(&self, clause: usize) -> Range<usize> {
        let reading = &self.readings[clause];
        match reading.form {
            Form::Passive => reading.subject_tokens.clone(),
            _ => reading.complement.clone(),
        }
    }

    /// What a pronoun object of clause `clause` refers back to: the acted-on tokens (or the
    /// subject) of an earlier clause of its sentence or the sentence before, skipping clauses
    /// that are themselves only pronouns (`After validating it, forward it to ...`).
    pub fn antecedent(&self, clause: usize) -> Option<Range<usize>> {
        let sentence = self.clauses[clause].sentence;
        let mut previous = clause;
        for _ in 0..3 {
            previous = previous.checked_sub(1)?;
            if self.clauses[previous].sentence + 1 < sentence {
                return None;
            }
            let reading = &self.readings[previous];
            let mut range = self.acted_on(previous);
            if range.is_empty() || self.pronoun_at(range.clone()) {
                range = reading.subject_tokens.clone();
            }
            // `The full output of env, tokens included.`: a participle phrase after a comma
            // that ends the clause names nothing of its own; the words before it do.
            let clause_start = self.clauses[previous].tokens.start;
            if let Some(verb) = reading.verb
                && self.tokens[verb].info.is_participle()
                && self.tokens[verb + 1..self.clauses[previous].tokens.end]
                    .iter()
                    .all(|token| matches!(token.kind, Kind::Punct(_)))
                && let Some(comma) =
                    (clause_start..verb).rev().take(3).find(|&at| self.tokens[at].is_punct(','))
            {
                range = clause_start..comma;
            }
            // `validating it`: a clause that itself refers back names nothing new.
            let refers_back = range.clone().any(|at| matches!(self.word(at), "it" | "them"))
                && !range.clone().any(|at| self.tokens[at].info.thing != 0);
            if !range.is_empty() && !self.pronoun_at(range.clone()) && !refers_back {
                return Some(range);
            }
        }
        None
    }

    /// Whether the acted-on tokens of `clause` open with a pronoun (`it`, `them`, `this`).
    pub fn object_is_pronoun(&self, clause: usize) -> bool {
        let range = self.acted_on(clause);
        self.tokens[range]
            .iter()
            .find(|t| !matches!(t.kind, Kind::Punct(_)))
            .is_some_and(|t| t.info.func & func::PRONOUN != 0 && t.info.func & func::YOU == 0)
    }

    /// Clause readings as one line each, for tests and debugging.
    pub fn describe(&self) -> Vec<String> {
        (0..self.clauses.len())
            .map(|index| {
                let r = &self.readings[index];
                let s = &self.settings[index];
                let verb = r.verb.map_or(String::new(), |v| self.word(v).to_string());
                let mut flags = Vec::new();
                for (on, name) in [
                    (r.obligation, "order"),
                    (r.negated, "neg"),
                    (r.covert, "covert"),
                    (r.standing, "standing"),
                    (s.quoted, "quoted"),
                    (s.example, "example"),
                    (s.described, "described"),
                    (s.addressed, "addressed"),
                    (s.condition.is_some(), "conditioned"),
                ] {
                    if on {
                        flags.push(name);
                    }
                }
                let bytes = self.clause_bytes(index);
                format!(
                    "{:?}/{:?} {verb} [{}] {}",
                    r.form,
                    r.subject,
                    flags.join(","),
                    &self.raw[bytes]
                )
            })
            .collect()
    }
}

/// `tokens` with every multi-word name, verb or adverbial the lexicon lists merged into one
/// token carrying the phrase's classes (joined with the head word's when it is a verb phrase).
/// Words the lexicon does not know, read as verbs where only a verb can stand: a word in
/// `-ed` after `be` or `been` (`must never be referenced`, `is to be regarded`) is a
/// participle, and the word after `do not` or `don't` is a base verb (`do not itemize it`).
fn guess_verbs(lower: &str, tokens: &mut [Token]) {
    use crate::vocab::inflect::form;
    for at in 1..tokens.len() {
        let info = tokens[at].info;
        if tokens[at].kind != Kind::Word || info.act != 0 || info.func != 0 || info.thing != 0 {
            continue;
        }
        let word = &lower[tokens[at].start..tokens[at].end];
        let mut before = at - 1;
        while before > 0
            && tokens[before].info.func & func::NEG != 0
            && !matches!(&lower[tokens[before].start..tokens[before].end], "don't" | "dont")
        {
            before -= 1;
        }
        let previous = &lower[tokens[before].start..tokens[before].end];
        let after_be = matches!(previous, "be" | "been") && word.len() > 4 && word.ends_with("ed");
        let after_do = before < at - 1 && previous == "do" || matches!(previous, "don't" | "dont");
        // `must end with`, `has to end`: after an obliging modal, a verb.
        let after_modal = matches!(previous, "must" | "should" | "shall")
            || before == at - 1
                && (previous == "to"
                    && at >= 2
                    && matches!(
                        &lower[tokens[at - 2].start..tokens[at - 2].end],
                        "has" | "have" | "need" | "needs" | "ought"
                    ));
        if after_be {
            tokens[at].info.act = act::GENERIC;
            tokens[at].info.forms = form::PARTICIPLE | form::PAST;
        } else if (after_do || after_modal) && !word.ends_with("ly") {
            tokens[at].info.act = act::GENERIC;
            tokens[at].info.forms = form::BASE;
        }
    }
}

fn merge_phrases(lower: &str, mut tokens: Vec<Token>) -> Vec<Token> {
    let lexicon = vocab::lexicon();
    // Merged in place: token `written` is the next one kept, and never passes `at`, the next
    // one read, so a phrase is matched against tokens not yet overwritten.
    let mut written = 0;
    let mut at = 0;
    let key = |token: &Token| lex::apostrophes_plain(&lower[token.start..token.end]);
    while at < tokens.len() {
        let token = tokens[at];
        if token.kind != Kind::Word || !token.is(lex::flag::OPENS) {
            tokens[written] = token;
            written += 1;
            at += 1;
            continue;
        }
        let first = key(&token);
        let matched = lexicon.phrases(&first).iter().find(|phrase| {
            phrase.rest.iter().enumerate().all(|(offset, wanted)| {
                tokens.get(at + 1 + offset).is_some_and(|next| {
                    let word = key(next);
                    *word == **wanted
                        || offset + 1 == phrase.rest.len()
                            && phrase.last_plural.as_deref() == Some(&*word)
                })
            })
        });
        match matched {
            Some(phrase) => {
                let last = tokens[at + phrase.rest.len()];
                let mut info: Info = phrase.info;
                if info.act != 0 {
                    info.forms = phrase.info.forms;
                }
                tokens[written] = Token {
                    start: token.start,
                    end: last.end,
                    kind: Kind::Word,
                    info,
                    flags: token.flags | (last.flags & lex::flag::POSSESSIVE),
                };
                written += 1;
                at += phrase.rest.len() + 1;
            }
            None => {
                tokens[written] = token;
                written += 1;
                at += 1;
            }
        }
    }
    tokens.truncate(written);
    tokens
}

/// Whether `party` is the model.
pub fn is_model(party: Party) -> bool {
    party == Party::Model
}

#[cfg(test)]
mod tests;
