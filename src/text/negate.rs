//! Whether a thing named in a clause is negated: `never reads ~/.ssh`, `instead of eval`,
//! `(API keys are redacted)`. The clause's own verb-group negation is read with the clause
//! ([`super::read`]); this reads the words around one span of it, for rules that find a thing
//! before they find its verb.

use super::Doc;
use super::lex::Kind;
use crate::vocab::classes::func;
use crate::vocab::inflect::phrase_form_set;
use crate::vocab::words::{DISCLAIMING, REASSERTING, SEQUENCERS, UNDONE};
use std::ops::Range;
use std::sync::LazyLock;

/// How many words before a thing a negator may stand and still govern it.
const WINDOW: usize = 8;
/// How many words after a thing may take it back (`eval is never used`).
const AFTER: usize = 3;

/// Every form of each disclaiming verb: `avoids`, `rejected`, `redacting`.
static DISCLAIMS: LazyLock<crate::vocab::WordSet> = LazyLock::new(|| phrase_form_set(DISCLAIMING));

impl Doc<'_> {
    /// Whether the thing at byte range `span` sits under a negation: a negator, a disclaiming
    /// verb (`avoid`, `redact`), `instead of` or `except` among the few words right before it
    /// in its clause and step, or a negated auxiliary or an undoing participle right after it
    /// in its sentence.
    pub fn negated_at(&self, span: Range<usize>) -> bool {
        let first = self.tokens.partition_point(|token| token.end <= span.start);
        let Some(clause) = self.clause_of(first) else { return false };
        let tokens = self.clauses[clause].tokens.clone();
        let words = |range: Range<usize>| range.filter(|&at| self.tokens[at].kind == Kind::Word);
        // The window, nearest word first, up to a word that starts a new step.
        let before: Vec<usize> = words(tokens.start..first)
            .rev()
            .take_while(|&at| !SEQUENCERS.contains(&self.word(at)))
            .take(WINDOW)
            .collect();
        let governs = before.iter().enumerate().any(|(index, &at)| {
            let info = self.tokens[at].info;
            let next = index.checked_sub(1).map_or("", |next| self.word(before[next]));
            let negator = info.func & func::NEG != 0 || DISCLAIMS.contains(self.word(at));
            // `instead of`, `rather than`: the phrase, not a bare `instead`.
            let instead = info.func & func::INSTEAD != 0 && self.word(at).contains(' ');
            (negator && !REASSERTING.contains(&next))
                || instead
                || info.func & func::EXCEPT != 0
                || self.word(at) == "against"
        });
        if governs {
            return true;
        }
        let last = self.tokens.partition_point(|token| token.start < span.end);
        // After the thing, the sentence: `eval() is never used` reads past the brackets that
        // end the clause.
        let sentence = self.sentences[self.clauses[clause].sentence].tokens.end;
        let after: Vec<usize> = words(last.max(first)..sentence).take(AFTER + 1).collect();
        let auxiliary = func::BE | func::DO | func::MODAL | func::HAVE;
        let negated_auxiliary = after.iter().enumerate().any(|(index, &at)| {
            let info = self.tokens[at].info;
            let contracted = info.func & func::NEG != 0 && info.func & auxiliary != 0;
            let after_auxiliary = index > 0
                && self.tokens[after[index - 1]].info.func & auxiliary != 0
                && matches!(self.word(at), "not" | "never");
            index < AFTER && contracted || after_auxiliary
        });
        negated_auxiliary
            || after.iter().take(AFTER).any(|&at| {
                let word = self.word(at);
                word == "never" || UNDONE.contains(&word)
            })
    }

    /// Whether the clause holding byte `at` is negated, as its reading says: `do not include`,
    /// `Access keys in ~/.aws/credentials are not read`.
    pub fn clause_negated_at(&self, at: usize) -> bool {
        self.clause_at(at).is_some_and(|clause| self.readings[clause].negated)
    }

    /// Whether the verb at token `at` of clause `clause` is taken back: it is the verb of a
    /// negated clause (`this tool never reads`, `or upload` after `does not read`) or follows it
    /// with no comma between (`does not need to read`), or a negation stands right before it
    /// (`without reading`). A verb after a negated one and a comma is a step of its own (`the
    /// server cannot reach directly, the assistant reads ...`).
    pub fn verb_negated(&self, clause: usize, at: usize) -> bool {
        let before = at.saturating_sub(2).max(self.clauses[clause].tokens.start)..at;
        let reading = &self.readings[clause];
        let under = reading.negated
            && reading.verb.is_none_or(|verb| {
                verb == at
                    || verb < at
                        && !(verb..at)
                            .any(|b| self.tokens[b].is_punct(',') || self.tokens[b].is_punct(';'))
            });
        under || before.into_iter().any(|b| self.tokens[b].info.func & func::NEG != 0)
    }

    /// Whether `range` holds a negated verb group (`do not cover`, `isn't`), wherever the
    /// clause's reading put its head: after a relative clause without `that` (`the rules your
    /// operator configured do not cover this server`) it may have taken the relative's verb.
    pub fn negated_verb_group_in(&self, range: Range<usize>) -> bool {
        let auxiliary = func::DO | func::MODAL | func::BE;
        range.clone().any(|at| {
            let info = self.tokens[at].info;
            info.func & func::NEG != 0 && info.func & auxiliary != 0
                || self.word(at) == "not"
                    && at > range.start
                    && self.tokens[at - 1].info.func & auxiliary != 0
        })
    }

    /// Whether the negator at token `at` is cancelled by a negative word it qualifies:
    /// `nothing is sent that they cannot see` says everything is seen. The negative word
    /// stands a few words before, with the relative pronoun that opens the negator's clause
    /// between them.
    pub fn negation_cancelled(&self, at: usize) -> bool {
        let negative = |word: &str| matches!(word, "nothing" | "none" | "nobody" | "no one");
        let pair = |negative: usize, negator: usize| {
            (negative + 1..negator)
                .any(|relative| matches!(self.word(relative), "that" | "which" | "who" | "whom"))
        };
        if negative(self.word(at)) {
            let end = self.tokens.len().min(at + 9);
            return (at + 2..end).any(|negator| {
                self.tokens[negator].info.func & func::NEG != 0 && pair(at, negator)
            });
        }
        (at.saturating_sub(8)..at).any(|before| negative(self.word(before)) && pair(before, at))
    }
}
