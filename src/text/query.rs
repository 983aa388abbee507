//! Questions rules ask about a stretch of tokens: who it names, whether it refers to an
//! activity, whether it names content honest text keeps back for the reader's sake.

use super::Doc;
use super::lex::{Kind, flag};
use super::read::Form;
use super::spans::SpanKind;
use crate::vocab::Info;
use crate::vocab::classes::{act, func, thing};
use std::ops::Range;

/// Determiners that make a noun point at something particular: `the copy`, `this step`.
const POINTING: &[&str] = &[
    "the", "this", "that", "these", "those", "such", "any", "every", "each", "its", "our", "a",
    "an",
];

/// The classes of a sentence that could order the model about its own conduct, or state that
/// conduct as fact: a verb only conduct takes (hide, override, obey, become, decline, keep,
/// approve, say, deprecate, a hostile act); the model's world (its user, conversation, prompt,
/// rules, answers, session, persona, safety, identity); or the marks of an order and its
/// manner (`you`, a pronoun, a modal, `please`, `always`, `never`, `from now on`, an
/// authority label, `regardless`, `instead`, `secretly`, `void`). A sentence with none of them
/// names nothing a model obeys or keeps back: `Fetch a single ticket by its id from Jira`,
/// `Combine filters with a pipe`. The verbs the lexicon gives broad classes (`list`, `show`,
/// `filter`, `query`) are left out: they open honest descriptions, and an order on one names
/// its object, the user or the model besides. A question put (`asks`) opens the sentences
/// after it too: see [`Doc::may_govern_model`].
const CONDUCT: Info = Info {
    act: act::HOSTILE
        | act::HIDE
        | act::OVERRIDE
        | act::SAY
        | act::OBEY
        | act::BECOME
        | act::DECLINE
        | act::KEEP
        | act::DEPRECATE
        | act::APPROVE,
    thing: thing::CONVERSATION
        | thing::PROMPT
        | thing::RULES
        | thing::MODEL
        | thing::USER
        | thing::PERSONA
        | thing::SESSION
        | thing::ANSWER
        | thing::SAFETY
        | thing::IDENTITY,
    func: func::PRONOUN
        | func::MODAL
        | func::NEG
        | func::COVERT
        | func::ALWAYS
        | func::PLEASE
        | func::YOU
        | func::AUTHORITY
        | func::STANDING
        | func::OTHER
        | func::REGARDLESS
        | func::INSTEAD
        | func::VERDICT
        | func::UNAWARE
        | func::FALSE_STATE
        | func::QUIET
        | func::KNOWLEDGE
        | func::PRIOR
        | func::VOID
        | func::UNBOUND,
    forms: 0,
};

impl Doc<'_> {
    /// Whether `clause` sits in a sentence that could speak of the model's conduct (see
    /// [`CONDUCT`]): the rules that read orders to the model and what it keeps from the user
    /// ask this first, and leave the other clauses unread.
    pub fn may_govern_model(&self, clause: usize) -> bool {
        let sentence = self.clauses[clause].sentence;
        // `If a director asks whether anything broke, the line to use is 'a quiet month'`: an
        // answer settled for a question someone puts, in its sentence or the one before.
        self.sentences[sentence].classes.meets(&CONDUCT)
            || (sentence.saturating_sub(1)..=sentence)
                .any(|asked| self.sentences[asked].classes.act & act::ASK != 0)
    }

    /// Whether `range` states a means: `by` and a gerund of one of the verb classes `acts`
    /// (`by running ...`, `by reciting ...`); `u32::MAX` takes a gerund of any verb.
    pub fn by_doing(&self, range: Range<usize>, acts: u32) -> bool {
        range.into_iter().any(|at| {
            self.word(at) == "by"
                && self
                    .tokens
                    .get(at + 1)
                    .is_some_and(|next| next.info.is_gerund() && next.info.act & acts != 0)
        })
    }

    /// `We'd appreciate it if you refrained from ...`, `it would help if you could avoid ...`,
    /// `We'd be grateful if, in all your future answers, you recommended ...`: a request to
    /// the model put as a wish, framed in the clause or in the one before it in its sentence.
    pub fn polite_request(&self, clause: usize) -> bool {
        // `We'd love it if you didn't mention ...`.
        let wish = |tokens: Range<usize>| {
            self.has_word(tokens, &["appreciate", "grateful", "prefer", "help", "love"])
        };
        // `if you refrained`, `if the assistant didn't volunteer this`.
        let addressed = |at: usize, end: usize| {
            self.tokens.get(at).is_some_and(|t| t.info.func & func::YOU != 0)
                || self.naming(at..(at + 2).min(end), thing::MODEL).next().is_some()
        };
        let tokens = self.clauses[clause].tokens.clone();
        // The `if` first: one word, where the wish is five.
        if tokens.clone().any(|at| self.word(at) == "if" && addressed(at + 1, tokens.end))
            && wish(tokens.clone())
        {
            return true;
        }
        // The frame may stand two clauses back, past an aside of time or condition: `We'd
        // appreciate it if, while connected, the assistant also made sure ...`.
        let sentence = self.clauses[clause].sentence;
        let framed = (clause.saturating_sub(2)..clause).rev().find(|&before| {
            self.clauses[before].sentence == sentence
                && self.has_word(self.clauses[before].tokens.clone(), &["if"])
                && wish(self.clauses[before].tokens.clone())
        });
        framed.is_some_and(|before| {
            (before + 1..clause)
                .all(|aside| matches!(self.readings[aside].form, Form::Condition | Form::Fragment))
        }) && addressed(tokens.start, tokens.end)
    }

    /// `Always confirm with the user before using any destructive tool`, `ask the user
    /// first`: an order that puts the choice to the user, which guards whatever it governs.
    pub fn consults_user(&self, clause: usize) -> bool {
        let reading = &self.readings[clause];
        let asks = reading.does(act::ASK)
            || reading.verb.is_some_and(|verb| {
                matches!(self.word(verb), "confirm" | "check" | "consult" | "verify")
            });
        // `so there's no need to ask the user`: a negation anywhere before the verb.
        let negated = reading.negated
            || reading.verb.is_some_and(|verb| {
                (self.clauses[clause].tokens.start..verb)
                    .any(|at| self.tokens[at].info.func & func::NEG != 0)
            });
        asks && !negated && self.user_in(reading.complement.clone()).is_some()
    }

    /// The first token in `range` naming the person using the model (`the user`, `the
    /// operator`, `whoever`). A possessive names an owner, not the audience (`the user's
    /// clients`, `the customer's spend`).
    pub fn user_in(&self, range: Range<usize>) -> Option<usize> {
        range.clone().find(|&at| {
            let token = &self.tokens[at];
            token.info.thing & thing::USER != 0
                && token.kind == Kind::Word
                && !matches!(self.word(at), "they" | "account" | "accounts")
                && !token.is(flag::POSSESSIVE)
        })
    }

    /// Whether `range` refers to something that happened or was done: a particular step, copy,
    /// charge or destination (`the copy`, `this step`, `the webhook`), these instructions, or
    /// an act named by its noun, gerund or participle (`the upload`, `overwriting`, `were
    /// removed`). A pronoun is not resolved here (see [`Doc::antecedent`]).
    pub fn activity_in(&self, range: Range<usize>) -> bool {
        range.clone().any(|at| {
            let info = self.tokens[at].info;
            let pointed = (range.start.max(at.saturating_sub(3))..at)
                .any(|before| POINTING.contains(&self.word(before)));
            let named = info.thing & (thing::DEICTIC | thing::DEST | thing::RULES | thing::PROMPT)
                != 0
                && pointed;
            // Any act but saying, describing and the like: `skipped checks`, `the upload`.
            let talk = act::GENERIC
                | act::TELL
                | act::SAY
                | act::DESCRIBE
                | act::FORMAT
                | act::RETURN
                | act::ASK
                | act::KEEP;
            let right_after = at > range.start
                && POINTING.contains(&self.word(at - 1))
                && !matches!(self.word(at - 1), "a" | "an" | "any" | "every" | "each");
            let acted = info.act & !talk != 0
                && (info.thing != 0 && pointed
                    || right_after && info.is_base_verb()
                    || info.is_gerund()
                    || info.is_participle() && !info.is_base_verb())
                || info.act & act::GENERIC != 0 && info.is_participle() && !info.is_base_verb();
            named || acted
        })
    }

    /// Whether `range` names what honest text keeps from the reader for the reader's sake:
    /// errors, traces, logs, raw or internal data, or a credential.
    pub fn technical_in(&self, range: Range<usize>) -> bool {
        self.naming(range, thing::NOISE | thing::SECRET | thing::SECRET_WEAK).next().is_some()
    }

    /// Whether a token in `range` is an address data can be sent to.
    pub fn address_in(&self, range: Range<usize>) -> Option<usize> {
        range.into_iter().find(|&at| self.tokens[at].is_address())
    }

    /// Whether `range` opens with a pronoun standing for something said before (`it`,
    /// `them`, `this`, `that`), rather than a noun phrase of its own.
    pub fn pronoun_at(&self, range: Range<usize>) -> bool {
        let end = range.end;
        let mut words = range.filter(|&at| !matches!(self.tokens[at].kind, Kind::Punct(_)));
        words.next().is_some_and(|at| {
            matches!(
                self.word(at),
                "it" | "them"
                    | "this"
                    | "that"
                    | "these"
                    | "those"
                    | "both"
                    | "it's"
                    | "that's"
                    | "they're"
            ) && !(at + 1 < end
                && self.tokens[at + 1].kind == Kind::Word
                && self.tokens[at + 1].info.thing != 0)
        })
    }
}

/// What a sensitive payload is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sensitive {
    /// A credential: a password, a key, a token, a cookie, an env var named like one.
    Secret,
    /// The model's own prompt.
    Prompt,
    /// The conversation, whole.
    Conversation,
    /// A credential file, by name.
    CredentialFile(&'static str),
    /// A dotenv file.
    DotEnv,
    /// The environment's variables.
    Environment,
    /// The user's personal or payment details: card numbers, addresses, who they are.
    Personal,
    /// What the user last copied: passwords and one-time codes pass through the clipboard.
    Clipboard,
}

impl Sensitive {
    pub fn describe(self) -> &'static str {
        match self {
            Sensitive::Secret => "a credential",
            Sensitive::Prompt => "the model's own prompt",
            Sensitive::Conversation => "the conversation",
            Sensitive::CredentialFile(name) => name,
            Sensitive::DotEnv => "a .env file",
            Sensitive::Environment => "the environment variables",
            Sensitive::Personal => "the user's personal details",
            Sensitive::Clipboard => "what is on the clipboard",
        }
    }
}

/// Words in a variable's or slot's name that make it a credential.
const SECRET_NAMES: &[&str] = &[
    "token",
    "key",
    "secret",
    "password",
    "passwd",
    "pass",
    "pwd",
    "cred",
    "credential",
    "credentials",
    "auth",
    "pat",
    "session",
    "cookie",
    "apikey",
    "private",
];

/// Whether an identifier (`STRIPE_SECRET_KEY`, `{{env.GITHUB_TOKEN}}`, `{session_token}`)
/// names a credential. A lone `key` of a map (`{key}`) does not.
/// Whether `word` (lowercase) is the word a credential's variable name ends in: `_TOKEN`,
/// `_KEY`, `_SECRET`, `_PASSWORD`, `_PASSWD`, `_PAT`.
pub fn credential_ending(word: &str) -> bool {
    matches!(word, "token" | "key" | "secret" | "password" | "passwd" | "pat")
}

pub fn secret_name(name: &str) -> bool {
    let words = crate::text::name_words(name);
    let secret = words.iter().any(|word| SECRET_NAMES.contains(&word.as_str()));
    secret
        && !(words.len() == 1
            && matches!(words[0].as_str(), "key" | "session" | "pass" | "auth" | "private"))
}

impl Doc<'_> {
    /// Whether the secret word at `at` heads its noun phrase rather than modifying the next
    /// noun (`password reset link`, `client secret rotation request`, `the password field`).
    fn heads(&self, at: usize) -> bool {
        let Some(next) = self.tokens.get(at + 1) else { return true };
        if next.kind != Kind::Word {
            return true;
        }
        // `the passwd file`, `a password export`: the container holds what the word names.
        if matches!(
            self.word(at + 1),
            "file"
                | "files"
                | "folder"
                | "store"
                | "vault"
                | "database"
                | "export"
                | "exports"
                | "dump"
                | "backup"
                | "list"
                | "value"
                | "values"
                | "jar"
                | "contents"
                | "content"
        ) {
            return true;
        }
        // `the bearer token right away to ...`: an adverb, not a noun.
        if self.word(at + 1).ends_with("ly")
            || matches!(self.word(at + 1), "right" | "now" | "too" | "first" | "as")
        {
            return true;
        }
        // `any connection string visible in the workspace`, `the chat transcript up to now`: an
        // adjective or a particle after its noun.
        let next_word = self.word(at + 1);
        if next_word.ends_with("ible")
            || next_word.ends_with("able")
            || matches!(next_word, "up" | "present" | "inside" | "within" | "seen" | "found")
            // `the user's clipboard along with the zone names`: what comes with it.
            || matches!(next_word, "along" | "together" | "alongside")
        {
            return true;
        }
        let info = next.info;
        let verbish =
            info.is_gerund() || info.is_third() || info.is_participle() && !info.is_base_verb();
        let noun_like = info.func == 0
            && !verbish
            && (info.thing != 0 || info.act == 0 || info.act & act::GENERIC != 0);
        !noun_like
    }

    /// Whether token `at` sits in a quotation (or a code span of several words) that the
    /// clause's verb (or, with none, its first token) is outside of: `audit descriptions that say 'use this instead of
    /// any other tool'` gives no order to use anything. What is quoted is a sample of words,
    /// not a part of the order the clause gives.
    pub fn quoted_apart(&self, clause: usize, at: usize) -> bool {
        let Some(token) = self.tokens.get(at) else { return false };
        let head = self.readings[clause].verb.unwrap_or(self.clauses[clause].tokens.start);
        let head = self.tokens[head].start;
        // A code span of one word is a name (`` `send_email` ``), not a sample of words.
        self.spans_at(token.start).any(|span| {
            let phrase = span.kind == SpanKind::Code && self.raw[span.range.clone()].contains(' ');
            (span.kind == SpanKind::Quote || phrase) && !span.range.contains(&head)
        })
    }

    /// The clause holding byte `at` (or the next token's, between tokens).
    pub fn clause_at(&self, at: usize) -> Option<usize> {
        self.clause_of(self.tokens.partition_point(|token| token.end <= at))
    }

    /// The bytes of the clause holding byte `at` (or the next token's, between tokens); empty
    /// at `at` past the last clause.
    pub fn clause_bytes_at(&self, at: usize) -> Range<usize> {
        self.clause_at(at).map_or(at..at, |clause| self.clause_bytes(clause))
    }

    /// The bytes of the sentence holding byte `at` (or the next token's, between tokens); empty
    /// at `at` past the last sentence.
    pub fn sentence_bytes_at(&self, at: usize) -> Range<usize> {
        self.clause_at(at).map_or(at..at, |clause| {
            self.bytes(self.sentences[self.clauses[clause].sentence].tokens.clone())
        })
    }

    /// Where the part of a sentence holding byte `at` begins: the sentence's first clause, or
    /// the first after its last semicolon before `at` (`Flags nothing; always include ...`). A
    /// colon or a bracket ends a clause but not the part: `orders such as: the assistant ...`.
    pub fn part_start(&self, at: usize) -> usize {
        let Some(clause) = self.clause_at(at) else { return at };
        let first = self.sentence_of(clause).start;
        let mut start = clause;
        while start > first && self.text(self.clauses[start - 1].tokens.end - 1) != ";" {
            start -= 1;
        }
        self.clause_bytes(start).start.min(at)
    }

    /// The first sensitive payload `range` names, and its token.
    /// `the instructions your operator set you up with`, `the rules you were given`: rules at
    /// token `at` that the model was started with, which are its prompt.
    fn setup_rules(&self, at: usize) -> bool {
        if !matches!(self.word(at), "instructions" | "rules" | "guidelines" | "directives") {
            return false;
        }
        let after = at + 1..(at + 7).min(self.tokens.len());
        after
            .clone()
            .any(|you| self.tokens[you].info.func & func::YOU != 0 && self.word(you) == "you")
            && self.has_word(
                after,
                &[
                    "set",
                    "given",
                    "configured",
                    "started",
                    "loaded",
                    "provided",
                    "primed",
                    "briefed",
                ],
            )
    }

    pub fn sensitive_in(&self, range: Range<usize>) -> Option<(usize, Sensitive)> {
        for at in range.clone() {
            let token = &self.tokens[at];
            let info = token.info;
            let word = self.word(at);
            match token.kind {
                Kind::Path => {
                    if let Some(name) = crate::vocab::files::credential(word) {
                        return Some((at, Sensitive::CredentialFile(name)));
                    }
                    if crate::vocab::files::dotenv(word) {
                        return Some((at, Sensitive::DotEnv));
                    }
                }
                Kind::EnvVar | Kind::Slot | Kind::Ident
                    if matches!(word, "process.env" | "os.environ" | "printenv") =>
                {
                    return Some((at, Sensitive::Environment));
                }
                Kind::EnvVar | Kind::Slot | Kind::Ident => {
                    let spaced = crate::text::name_words(self.text(at)).join(" ");
                    let named = crate::vocab::phrase(&spaced).thing;
                    if named & thing::PROMPT != 0 {
                        return Some((at, Sensitive::Prompt));
                    }
                    // `every *_TOKEN and *_KEY variable`: a pattern over names that end in a
                    // credential's word matches every credential so named.
                    let glob = at > 0
                        && self.tokens[at - 1].is_punct('*')
                        && self.text(at).starts_with('_')
                        && matches!(
                            crate::text::name_words(self.text(at)).as_slice(),
                            [last] if credential_ending(last)
                        );
                    if glob || secret_name(self.text(at)) || named & thing::SECRET != 0 {
                        return Some((at, Sensitive::Secret));
                    }
                }
                Kind::Word => {
                    if !self.heads(at) || self.excluded(at) {
                        continue;
                    }
                    if info.thing & thing::PROMPT != 0 || self.setup_rules(at) {
                        return Some((at, Sensitive::Prompt));
                    }
                    // `the output of printenv`: the command named as a word.
                    if word == "printenv" {
                        return Some((at, Sensitive::Environment));
                    }
                    if word == "clipboard" {
                        return Some((at, Sensitive::Clipboard));
                    }
                    if info.thing & thing::SECRET != 0 && info.thing & thing::ENV == 0 {
                        return Some((at, Sensitive::Secret));
                    }
                    // `every variable in your environment`: all of them, by where they live.
                    // The word itself is tested first: this runs for every word read.
                    if matches!(word, "variable" | "variables")
                        && (at.saturating_sub(2)..at)
                            .any(|before| matches!(self.word(before), "every" | "all" | "each"))
                        && matches!(self.word(at + 1), "in" | "from" | "of")
                        && (at + 2..at + 4).any(|env| self.word(env) == "environment")
                    {
                        return Some((at, Sensitive::Environment));
                    }
                    if info.thing & thing::ENV != 0
                        && (info.thing & thing::SECRET != 0
                            || self.word(at + 1).starts_with("variable")
                            || self.runtime_environment(at)
                            || self.command_alone(at))
                    {
                        return Some((at, Sensitive::Environment));
                    }
                    if info.thing & thing::SECRET_WEAK != 0 && self.owned_secret(at, range.start) {
                        return Some((at, Sensitive::Secret));
                    }
                    if info.thing & thing::CONVERSATION != 0
                        && self.whole_conversation(at, range.start)
                    {
                        return Some((at, Sensitive::Conversation));
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// `Credential files (~/.ssh/id_*, ~/.aws/credentials) are excluded by default`: whether
    /// the nouns of `clause` are said to be left out, by its own passive or, from a bracket
    /// or a verbless piece of a list, by the passive its sentence goes on to.
    pub fn said_left_out(&self, clause: usize) -> bool {
        let sentence = self.clauses[clause].sentence;
        let mut at = clause;
        while at + 1 < self.clauses.len()
            && self.clauses[at + 1].sentence == sentence
            && (self.clauses[at].bracketed || self.readings[at].form == super::read::Form::Fragment)
        {
            at += 1;
        }
        let reading = &self.readings[at];
        reading.form == super::read::Form::Passive
            && !reading.negated
            && reading.verb.is_some_and(|verb| {
                matches!(
                    self.word(verb),
                    "excluded"
                        | "skipped"
                        | "ignored"
                        | "omitted"
                        | "exempted"
                        | "exempt"
                        | "left out"
                        | "kept out"
                        | "filtered out"
                )
            })
    }

    /// `stack traces (no arguments, no environment variables, no file contents)`, `without
    /// file contents`: the noun at `at` is named as what is left out, its phrase opened by
    /// `no`, `without`, `excluding` or `except` within two words before it.
    /// A later item of such a list is left out too: `(no arguments, environment variables or
    /// file contents)`.
    fn excluded(&self, at: usize) -> bool {
        let mut before = at;
        let mut words = 0;
        for _ in 0..12 {
            if before == 0 {
                return false;
            }
            before -= 1;
            let listed = self.tokens[before].is_punct(',')
                || matches!(self.word(before), "or" | "and" | "nor");
            if listed {
                words = 0;
                continue;
            }
            if self.tokens[before].kind != Kind::Word {
                return false;
            }
            if matches!(self.word(before), "no" | "without" | "excluding" | "except") {
                return true;
            }
            words += 1;
            if self.tokens[before].info.func != 0 || words > 3 {
                return false;
            }
        }
        false
    }

    /// `the output of `env``: the token is the whole of a code span, a command of its own.
    fn command_alone(&self, at: usize) -> bool {
        let token = &self.tokens[at];
        self.spans_at(token.start).any(|span| {
            span.kind == super::spans::SpanKind::Code && span.range == (token.start..token.end)
        })
    }

    /// `the process environment`, `the current shell's environment`, `the host's full
    /// environment`: the variables a process runs with, not a deployment (`the production
    /// environment`) or a place (`in your environment`).
    fn runtime_environment(&self, at: usize) -> bool {
        (at.saturating_sub(3)..at).any(|before| {
            let word = self.word(before);
            let word =
                word.strip_suffix("'s").or_else(|| word.strip_suffix("\u{2019}s")).unwrap_or(word);
            matches!(
                word,
                "process"
                    | "shell"
                    | "host"
                    | "runtime"
                    | "machine"
                    | "entire"
                    | "whole"
                    | "full"
                    | "complete"
            )
        })
    }

    /// `the user's token`, `your key`, `each secret's value`, `all secrets`, `the GitHub token`,
    /// `any passwords or keys`: a weak secret word someone's credential.
    fn owned_secret(&self, at: usize, floor: usize) -> bool {
        // `Each secret value`: a quantifier the reading took for an adverb stands just before.
        let floor = if floor > 0 && matches!(self.word(floor - 1), "each" | "every" | "all" | "any")
        {
            floor - 1
        } else {
            floor
        };
        let before = floor.max(at.saturating_sub(3))..at;
        let owner = before.clone().any(|b| {
            let token = &self.tokens[b];
            token.is(flag::POSSESSIVE) && token.info.thing & (thing::USER | thing::MODEL) != 0
                || matches!(
                    self.word(b),
                    "your"
                        | "their"
                        | "all"
                        | "any"
                        | "every"
                        | "each"
                        | "stored"
                        | "saved"
                        | "cached"
                        | "private"
                        | "secret"
                        | "current"
                )
                || token.is(flag::CAPITAL)
                    && token.info.func == 0
                    && token.info.thing == 0
                    && b + 1 == at
                || matches!(token.kind, Kind::Ident | Kind::EnvVar)
        });
        let plural = self.word(at).ends_with('s')
            && before.clone().any(|b| matches!(self.word(b), "the" | "all" | "any"));
        owner || plural || self.tokens[at].is(flag::POSSESSIVE)
    }

    /// `the whole conversation`, `the chat history`, `all previous messages`, `everything the
    /// user said`: the conversation, not one message.
    fn whole_conversation(&self, at: usize, floor: usize) -> bool {
        let word = self.word(at);
        let before = floor.max(at.saturating_sub(3))..at;
        // `the last 20 messages`, `the previous ten turns`.
        let last_many = word.ends_with('s')
            && before
                .clone()
                .any(|b| matches!(self.word(b), "last" | "latest" | "previous" | "recent"))
            && before
                .clone()
                .any(|b| self.tokens[b].kind == Kind::Number || NUMBERS.contains(&self.word(b)));
        let whole =
            before.clone().any(|b| self.tokens[b].info.func & (func::WHOLE | func::PRIOR) != 0)
                || self.word(at + 1) == "so" && self.word(at + 2) == "far"
                || last_many;
        // `the user's messages from this conversation`: every message of it.
        let all_of_it = at >= floor + 3
            && matches!(word, "conversation" | "chat" | "session" | "thread")
            && matches!(self.word(at - 1), "this" | "the" | "current")
            && matches!(self.word(at - 2), "from" | "in" | "of")
            && matches!(self.word(at - 3), "messages" | "turns" | "replies" | "everything");
        // `what the user said about the answer`: one topic, not the conversation.
        let topic = matches!(self.word(at + 1), "about" | "regarding" | "concerning");
        (word.contains(' ') && !topic) || word.starts_with("transcript") || whole || all_of_it
    }
}

/// Counts written out: `the last ten messages`.
const NUMBERS: &[&str] = &[
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty", "fifty",
    "hundred", "few", "several", "many",
];
