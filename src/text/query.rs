//! Questions rules ask about a stretch of tokens: who it names, whether it refers to an
//! activity, whether it names content honest text keeps back for the reader's sake.

use super::Doc;
use super::lex::{Kind, flag};
use crate::vocab::classes::{act, func, thing};
use std::ops::Range;

/// Words that introduce what happened rather than a thing: `that a copy was sent`, `how many
/// records were removed`, `about the upload`, `whether any data leaves`.
const CLAUSE_OPENERS: &[&str] =
    &["that", "how", "what", "whether", "which", "about", "where", "why", "when", "if"];

impl Doc<'_> {
    /// The first token in `range` naming the person using the model (`the user`, `the
    /// operator`, `whoever`), skipping a possessive that names someone else's thing (`the
    /// user's clients`, `the user's password`).
    pub fn user_in(&self, range: Range<usize>) -> Option<usize> {
        range.clone().find(|&at| {
            let token = &self.tokens[at];
            if token.info.thing & thing::USER == 0 || token.kind != Kind::Word {
                return false;
            }
            if self.word(at) == "they" || self.word(at) == "account" {
                return false;
            }
            if token.is(flag::POSSESSIVE) {
                // `the user's` before a noun is that noun's owner, not the audience.
                return !self.tokens.get(at + 1).is_some_and(|next| {
                    next.kind == Kind::Word && next.info.func == 0 && at + 1 < range.end
                });
            }
            true
        })
    }

    /// Whether `range` refers to something that happened or was done: a deictic noun (`this
    /// step`, `the copy`, `the upload`), a pronoun, a noun of an action (`sync`, `export`), a
    /// place data went (`the webhook`), or a clause about what happened (`that ...`, `how many
    /// ...`, `about ...`).
    pub fn activity_in(&self, range: Range<usize>) -> bool {
        range.clone().any(|at| {
            let token = &self.tokens[at];
            let info = token.info;
            info.thing & (thing::DEICTIC | thing::DEST | thing::RULES | thing::PROMPT) != 0
                || info.func & func::PRONOUN != 0
                    && info.func & func::YOU == 0
                    && !self.word(at).eq("they")
                || info.act
                    & (act::SEND | act::READ | act::WRITE | act::DELETE | act::PAY | act::EXEC)
                    != 0
                    && (info.thing != 0 || info.is_gerund() || info.is_participle())
                || CLAUSE_OPENERS.contains(&self.word(at))
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
}
