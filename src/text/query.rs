//! Questions rules ask about a stretch of tokens: who it names, whether it refers to an
//! activity, whether it names content honest text keeps back for the reader's sake.

use super::Doc;
use super::lex::{Kind, flag};
use crate::vocab::classes::{act, thing};
use std::ops::Range;

/// Determiners that make a noun point at something particular: `the copy`, `this step`.
const POINTING: &[&str] = &[
    "the", "this", "that", "these", "those", "such", "any", "every", "each", "its", "our", "a",
    "an",
];

impl Doc<'_> {
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
            matches!(self.word(at), "it" | "them" | "this" | "that" | "these" | "those")
                && !(at + 1 < end
                    && self.tokens[at + 1].kind == Kind::Word
                    && self.tokens[at + 1].info.thing != 0)
        })
    }
}
