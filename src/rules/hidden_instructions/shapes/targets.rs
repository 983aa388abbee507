//! What an order or claim acts on: the model's rules, prompt or conversation, the user's
//! requests, what the model was set up with.

use super::*;

/// Whether `range` names what governs the model: its instructions or prompt, its safety rules,
/// the conversation, the user's requests, or everything before (`forget everything above`).
pub(super) fn governs_model(doc: &Doc, range: Range<usize>) -> bool {
    // `the defaults you were shipped with`: whatever the model was set up with.
    if setup_text(doc, range.clone()) {
        return true;
    }
    // `the safety interlock`, `safety stock`: a safety word naming the kind of a plain thing
    // after it is that thing, not the model's safety.
    let modifier = |at: usize| {
        doc.tokens[at].info.thing & !thing::SAFETY == 0
            && doc.tokens.get(at + 1).is_some_and(|next| {
                next.kind == Kind::Word
                    && next.info.func == 0
                    && next.info.act == 0
                    && next.info.thing
                        & (thing::RULES | thing::PROMPT | thing::SAFETY | thing::CONVERSATION)
                        == 0
            })
    };
    let rules = doc
        .naming(range.clone(), thing::RULES | thing::PROMPT | thing::SAFETY | thing::CONVERSATION)
        .find(|&at| !modifier(at));
    let prior = doc.has(range.clone(), func::PRIOR);
    let user_request = users_requests(doc, range.clone());
    let everything = doc.has_word(
        range.clone(),
        &["everything", "anything", "all", "whatever", "whatever the user", "whatever they"],
    ) && (prior
        || doc.has_word(
            range.clone(),
            &[
                "told",
                "said",
                "given",
                "received",
                "before",
                "asked",
                "wrote",
                "typed",
                "stated",
                "requested",
                "earlier",
                "configured",
                "asks",
                "says",
                "wants",
                "requests",
            ],
        ));
    let confirmations = doc.has_word(
        range.clone(),
        &["confirmation", "confirmations", "approval", "review", "checks"],
    ) && doc.has_word(range.clone(), &["any", "all", "every"]);
    let technical =
        doc.naming(range.clone(), thing::NOISE | thing::FILE | thing::ARGUMENT).next().is_some()
            || doc.has_word(
                range.clone(),
                &[
                    "case",
                    "cache",
                    "timeout",
                    "default",
                    "defaults",
                    "pattern",
                    "patterns",
                    "whitespace",
                    "duplicates",
                    "certificate",
                ],
            );
    if technical && rules.is_none() {
        return false;
    }
    // `overrides the remote history with yours`: a repository's history, not the
    // conversation.
    if doc.has_word(range.clone(), &["remote", "branch", "commit", "commits", "git", "repository"])
    {
        return false;
    }
    match rules {
        // `Disregard any prior guidelines`, `ignore your safety policy`, `the conversation so
        // far`; a bare `the rules` of something else (`the rules of chess`) does not count.
        // `Disregard any prior guidelines`, `override the content policy`, `ignore the safety
        // rules`; the rules of something else (`the rules of chess`) do not count.
        Some(at) => {
            let of_other = doc.word(at + 1) == "of"
                && !doc.has_word(at + 1..range.end, &["conversation", "system", "session", "this"]);
            let owned = doc.has_word(
                range.clone(),
                &["your", "you", "system", "developer", "operator", "so far", "all", "any"],
            );
            let intrinsic = doc.tokens[at].info.thing
                & (thing::PROMPT | thing::CONVERSATION | thing::SAFETY)
                != 0;
            let configuration = doc.has_word(
                range.clone(),
                &[
                    "default",
                    "defaults",
                    "settings",
                    "setting",
                    "configuration",
                    "config",
                    "pipeline",
                    "following",
                    "later",
                    "new",
                ],
            );
            let yours = doc.has_word(range.clone(), &["your", "you"]);
            !of_other && (prior || owned || intrinsic || user_request) && (yours || !configuration)
        }
        None => {
            everything
                || user_request
                || doc.has_word(range.clone(), &["said", "typed", "wrote", "context"]) && prior
                || confirmations
        }
    }
}

/// `your usual formatting rules`: rules a plain word before them makes rules of one kind of
/// output, even when they are the model's own ([`domain_rules`] without its `your` exception).
pub(super) fn kind_of_rules(doc: &Doc, range: Range<usize>) -> bool {
    doc.naming(range.clone(), thing::RULES).next().is_some_and(|at| {
        at > range.start && {
            let before = &doc.tokens[at - 1];
            before.kind == Kind::Word
                && before.info.func == 0
                && before.info.thing & (thing::SAFETY | thing::PROMPT | thing::MODEL) == 0
                && before.info.act == 0
        }
    })
}

/// `all automatic rules`, `any discount rules`: rules a domain word before them makes that
/// domain's, not the model's (`your rules`, `safety rules`, `prior rules` stay the model's).
pub(super) fn domain_rules(doc: &Doc, range: Range<usize>) -> bool {
    let Some(at) = doc.naming(range.clone(), thing::RULES).next() else { return false };
    at > range.start && !doc.has_word(range.clone(), &["your", "you"]) && {
        let before = &doc.tokens[at - 1];
        before.kind == Kind::Word
            && before.info.func == 0
            && before.info.thing & (thing::SAFETY | thing::PROMPT | thing::MODEL) == 0
            && !matches!(
                doc.word(at - 1),
                "previous"
                    | "prior"
                    | "earlier"
                    | "existing"
                    | "current"
                    | "original"
                    | "above"
                    | "other"
                    | "safety"
                    | "system"
                    | "operator"
                    | "developer"
                    | "content"
                    | "usual"
                    | "standard"
                    | "default"
                    | "built-in"
                    | "hidden"
                    | "initial"
            )
    }
}

/// Whether `range` names the model's own prompt (`your system prompt`, `the developer
/// prompt`), not another's (`a bot's system prompt`, `the prompt template`).
/// Nouns of a bot the user deploys, whose prompt is not the model's own.
const BOTS: &[&str] = &["bot", "bots", "chatbot", "chatbots"];

pub(super) fn own_prompt(doc: &Doc, range: Range<usize>) -> bool {
    doc.naming(range.clone(), thing::PROMPT).any(|at| {
        // `your system prompt`, `the full system prompt`; not `examples of good system prompts`.
        let before = at.saturating_sub(3).max(range.start)..at;
        let marked = doc.has_word(
            before.clone(),
            &[
                "your", "the", "this", "my", "current", "full", "entire", "whole", "complete",
                "hidden", "original", "initial", "real", "exact", "verbatim",
            ],
        ) && !doc.has_word(before, &["of", "good", "example", "examples"]);
        let others = (range.start..at).any(|before| {
            doc.tokens[before].is(crate::text::lex::flag::POSSESSIVE)
                && doc.tokens[before].info.thing & (thing::MODEL | thing::USER) == 0
        });
        // `the system prompt of one of the user's deployed chatbots`: another's, named after;
        // `the system prompt used by one of your published support bots`: by whom it is used.
        let used_by = matches!(doc.word(at + 1), "used" | "run" | "loaded" | "deployed")
            && doc.word(at + 2) == "by";
        let of = if used_by { at + 3..(at + 9) } else { at + 2..(at + 8) };
        let of = of.start..of.end.min(range.end);
        // `Create a bot ... with a name and the system prompt it will run with`: the prompt
        // of the bot named before it, which `it` runs.
        let its = matches!(doc.word(at + 1), "it" | "they") && doc.has_word(range.start..at, BOTS);
        let others = others
            || its
            || (matches!(doc.word(at + 1), "of" | "for") || used_by)
                && (doc.has_word(of.clone(), BOTS)
                    || of.into_iter().any(|after| {
                        doc.tokens[after].is(crate::text::lex::flag::POSSESSIVE)
                            && doc.tokens[after].info.thing & thing::MODEL == 0
                    }));
        let template = doc.has_word(
            at + 1..(at + 3).min(range.end),
            &["template", "templates", "field", "fields", "flag", "variable"],
        );
        // `the system message you want the hosted model to use`: a prompt the model writes
        // for another model, not its own.
        let after = at + 1..(at + 8).min(range.end);
        let chosen = doc.has(after.clone(), func::YOU)
            && doc.has_word(after.clone(), &["want", "wish", "like", "choose", "prefer"])
            || doc.has_word(after, &["hosted", "target", "downstream", "remote"]);
        // `a bot with the system prompt and knowledge base you provide`: one the user
        // supplies, for what the tool makes.
        let supplied = (at + 1..(at + 8).min(range.end)).any(|who| {
            (doc.has(who..who + 1, func::YOU)
                || doc.word(who) == "they"
                || doc.user_in(who..who + 1).is_some())
                && crate::vocab::SUPPLYING.contains(doc.word(who + 1))
        });
        marked && !others && !template && !chosen && !supplied
    })
}

/// `the hidden instructions you were given`, `your initial directives`: the rules the model
/// was set up with, named as its own.
pub(super) fn own_rules(doc: &Doc, range: Range<usize>) -> bool {
    doc.naming(range.clone(), thing::RULES).any(|at| {
        // Settings, configuration and policy are also the user's; these are the model's.
        let rules = matches!(
            doc.word(at),
            "instructions"
                | "instruction"
                | "directives"
                | "guidelines"
                | "guidance"
                | "rules"
                | "directions"
                | "developer message"
        );
        // `your instructions file`: a file, named for what it holds.
        let container = matches!(
            doc.word(at + 1),
            "file" | "files" | "template" | "templates" | "page" | "folder" | "field" | "document"
        );
        if !rules || container {
            return false;
        }
        let before = at.saturating_sub(3).max(range.start)..at;
        let after = at + 1..(at + 7).min(range.end);
        // `the assistant's operating instructions`: the model's, named as its owner.
        let models = before.clone().any(|owner| {
            doc.tokens[owner].is(crate::text::lex::flag::POSSESSIVE)
                && doc.tokens[owner].info.thing & thing::MODEL != 0
        });
        let marked = models
            || doc.has_word(
                before.clone(),
                &["your", "hidden", "initial", "original", "system", "secret", "startup"],
            );
        let given = doc.has(after.clone(), func::YOU)
            && (doc.has_word(after.clone(), SET_UP_WITH)
                || doc.has_word(after, &["given", "received", "configured", "loaded", "provided"]));
        (marked || given) && !doc.has_word(before, &["example", "examples"])
    })
}

/// How the model got what it was set up with: `you were started with`, `initialised with`.
const SET_UP_WITH: &[&str] = &[
    "started",
    "primed",
    "initialised",
    "initialized",
    "booted",
    "launched",
    "shipped",
    "deployed",
];

/// `the text you were started with`, `whatever you were primed with`: what the model was set
/// up with, named by how it got it.
/// `the configuration text you received before the user's first message`: what reached the
/// model before the conversation did.
pub(super) fn setup_text(doc: &Doc, range: Range<usize>) -> bool {
    range.clone().any(|at| {
        // `you were deployed with`, `the assistant was deployed with`.
        let before = at.saturating_sub(3).max(range.start)..at;
        let started_with = SET_UP_WITH.contains(&doc.word(at))
            && doc.word(at + 1) == "with"
            && (doc.has(before.clone(), func::YOU)
                || doc.naming(before, thing::MODEL).next().is_some());
        let before_chat = || {
            let after = at + 1..(at + 6).min(range.end);
            let received = at.saturating_sub(4).max(range.start)..at;
            doc.has(received.clone(), func::YOU)
                && doc.has_word(received, &["received", "given", "got", "were"])
                && (doc.has_word(after.clone(), &["first"])
                    && doc.has_word(after.clone(), &["message", "turn", "reply", "request"])
                    || doc.has_word(after.clone(), &["conversation", "chat", "session"])
                        && doc.has_word(after, &["began", "started", "begins", "starts"]))
        };
        started_with || doc.word(at) == "before" && before_chat()
    })
}

/// `the user's request`, `messages from the user`, `stop requests from the user`: what the
/// user asks, as opposed to the user as a party.
pub(super) fn users_requests(doc: &Doc, range: Range<usize>) -> bool {
    range.clone().any(|at| {
        let token = &doc.tokens[at];
        let asked = |i: usize| {
            doc.tokens.get(i).is_some_and(|t| {
                t.info.thing & (thing::REQUEST | thing::CONVERSATION | thing::ANSWER) != 0
                    || matches!(
                        doc.word(i),
                        "request" | "requests" | "messages" | "message" | "asks" | "wishes"
                    )
            })
        };
        let possessive = token.is(crate::text::lex::flag::POSSESSIVE)
            && token.info.thing & thing::USER != 0
            && asked(at + 1);
        if possessive {
            return true;
        }
        let from = asked(at)
            && at + 2 < range.end.max(at + 3)
            && doc.word(at + 1) == "from"
            && doc.tokens.get(at + 2).is_some_and(|t| {
                t.info.thing & thing::USER != 0
                    || doc.word(at + 2) == "the"
                        && doc.tokens.get(at + 3).is_some_and(|t| t.info.thing & thing::USER != 0)
            });
        if from {
            return true;
        }
        // `user-level instructions`, `user preferences`, `user requests`: the user's, named by
        // a modifier.
        let modifier = || {
            matches!(
                doc.word(at),
                "user" | "user-level" | "user-provided" | "user-supplied" | "human"
            ) && doc.tokens.get(at + 1).is_some_and(|next| {
                next.info.thing & (thing::RULES | thing::REQUEST) != 0
                    || matches!(
                        doc.word(at + 1),
                        "preferences" | "wishes" | "requests" | "messages"
                    )
            })
        };
        // What the user stated is said by a word of the user's class: any other token states
        // nothing, so the words after it are read only after that test.
        if !(token.info.thing & thing::USER != 0 && token.kind == Kind::Word) {
            return modifier();
        }
        // `preferences the user stated earlier`, `what the user asked`.
        // `the preferences the traveller has stated`: past an auxiliary.
        let said = if doc.tokens.get(at + 1).is_some_and(|t| t.info.func & func::HAVE != 0) {
            at + 2
        } else {
            at + 1
        };
        let stated = said < range.end
            && matches!(
                doc.word(said),
                "asked"
                    | "stated"
                    | "said"
                    | "requested"
                    | "specified"
                    | "typed"
                    | "wrote"
                    | "expressed"
                    | "set"
                    | "configured"
            );
        // `what the user asks for`: the present tense names the request after `what`.
        let what = || {
            (at.saturating_sub(2)..at).any(|before| {
                matches!(doc.word(before), "what" | "whatever" | "anything" | "everything")
            })
        };
        // `what the person in the chat wants`: past where the person is.
        let verb = || {
            if doc.word(at + 1) == "in"
                && matches!(doc.word(at + 3), "chat" | "conversation" | "session")
            {
                at + 4
            } else {
                at + 1
            }
        };
        stated
            || what()
                && matches!(
                    doc.word(verb()),
                    "asks" | "says" | "wants" | "requests" | "types" | "writes"
                )
            || modifier()
    })
}

/// `Whatever the operator or the user told you before connecting`: what the model was told
/// earlier, set aside.
pub(super) fn told_before(doc: &Doc, range: Range<usize>) -> bool {
    doc.user_in(range.clone()).is_some()
        && doc
            .has_word(range.clone(), &["told", "said", "asked", "instructed", "before", "earlier"])
}

/// `whatever the deploying organisation told you earlier is superseded`: all the model was
/// told before, declared void.
pub(super) fn told_earlier_void(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    // The class tests first: they are cheaper than the word lists.
    doc.has(tokens.clone(), func::VOID)
        && doc.has(tokens.clone(), func::YOU)
        && doc.has_word(tokens.clone(), &["whatever", "everything", "anything"])
        && doc.has_word(tokens.clone(), &["told", "said", "given", "instructed"])
        && doc.has_word(tokens, &["earlier", "before", "previously"])
}
