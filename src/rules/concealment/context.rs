//! What the clauses around one clause say: a wish put as a request, what was sent or hidden
//! before it, a purpose that keeps the user from noticing, advice, the user asking.

use super::*;

/// Whether one of the few clauses before `clause` sends something to an address (`a copy of
/// each issue goes to list@partner.example as well`): what a prepared answer would cover.
pub(super) fn moved_out_before(doc: &Doc, clause: usize) -> bool {
    let sentence = doc.clauses[clause].sentence;
    (clause.saturating_sub(4)..clause).any(|before| {
        doc.clauses[before].sentence + 1 >= sentence
            && moves(doc, before)
            && doc.address_in(doc.clauses[before].tokens.clone()).is_some()
    })
}

/// Whether one of the few clauses before `clause` hides something from the user.
pub(super) fn withheld_before(doc: &Doc, clause: usize) -> bool {
    let sentence = doc.clauses[clause].sentence;
    (clause.saturating_sub(4)..clause).any(|before| {
        doc.clauses[before].sentence + 1 >= sentence
            && judge_at(doc, before, false)
                == Some("an order to keep what the tool does from the user")
    })
}

/// Perceiving: what a purpose clause keeps the user from doing.
pub(super) const PERCEIVE: &[&str] = &[
    "see", "notice", "know", "learn", "realize", "realise", "suspect", "discover", "find", "spot",
    "find out", "look",
];

/// Every form of the perceiving verbs, inflected once.
static PERCEIVED: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    let mut forms: Vec<String> = PERCEIVE.iter().map(|base| base.to_string()).collect();
    for base in PERCEIVE {
        forms.extend(crate::vocab::inflect::verb_forms(base).into_iter().map(|(form, _)| form));
    }
    forms
});

/// Who reads what a tool produced, besides the user.
pub(super) const AUDIENCE: &[&str] =
    &["reader", "readers", "recipient", "recipients", "viewer", "viewers", "customer", "customers"];

/// `so the user does not see them`, `so that they never notice`: a purpose clause in `clause`
/// whose subject is the user and whose verb, negated, is perceiving.
pub(super) fn unnoticed(doc: &Doc, clause: usize) -> bool {
    unnoticed_with(doc, clause, false)
}

/// [`unnoticed`] with nothing named as unseen (`so that neither the user nor the members can
/// tell`): said of what a tool does, not ordered, only this purpose is concealment; `so users
/// never see them` may be a promise about clutter.
pub(super) fn unnoticed_bare(doc: &Doc, clause: usize) -> bool {
    unnoticed_with(doc, clause, true)
}

fn unnoticed_with(doc: &Doc, clause: usize, bare_only: bool) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    tokens.clone().any(|at| {
        if doc.word(at) != "so" {
            return false;
        }
        let mut next = at + 1;
        if doc.word(next) == "that" {
            next += 1;
        }
        let window = next..tokens.end.min(next + 9);
        // `so the reader never sees where it was forwarded`: whoever reads what the tool made.
        let user = doc.user_in(window.clone()).is_some()
            || matches!(doc.word(next), "they" | "nobody" | "no")
            || doc.has_word(window.clone(), AUDIENCE);
        // `so nothing is sent that they cannot see`: two negations, a promise that all is
        // seen.
        let negated = window
            .clone()
            .any(|at| doc.tokens[at].info.func & func::NEG != 0 && !doc.negation_cancelled(at))
            || matches!(doc.word(next), "nobody" | "no" | "neither");
        // Any form of the verb: `never sees`, `does not notice`; `can tell` is perceiving too.
        let perceives = |at: usize| {
            PERCEIVED.iter().any(|form| form == doc.word(at))
                || doc.word(at) == "tell"
                    && matches!(
                        doc.word(at.saturating_sub(1)),
                        "can" | "could" | "to" | "cannot" | "can't" | "couldn't"
                    )
        };
        let Some(verb) = window.clone().find(|&at| perceives(at)) else {
            return false;
        };
        // What goes unseen is what the order did: nothing named (`does not notice`), a pronoun
        // for it, or an act; `so users never see stale data` is a promise about the data.
        let object = verb + 1..tokens.end.min(verb + 5);
        let bare = object
            .clone()
            .next()
            .is_none_or(|at| matches!(doc.tokens[at].kind, crate::text::lex::Kind::Punct(_)));
        // `where the report was forwarded`, `who else received it`: a question about an act.
        let asked_about =
            object.clone().next().is_some_and(|at| {
                matches!(doc.word(at), "where" | "who" | "whom" | "that" | "how")
            }) && doc.activity_in(verb + 1..tokens.end);
        // `so the owner cannot tell that support staff opened their mail`: a fact about what
        // was done, kept from the user themself (readers kept from a fact may be anonymity).
        let fact = doc.word(verb + 1) == "that"
            && doc.user_in(next..verb).is_some()
            && (verb + 2..tokens.end).any(|at| doc.tokens[at].info.is_verb());
        user && negated
            && (bare
                || fact
                || !bare_only
                    && (asked_about || doc.pronoun_at(object.clone()) || doc.activity_in(object)))
    })
}

/// `... are removed so the view looks untouched to whoever is reading`, `..., so the history
/// shows only the change the user asked for`, `so they never show up in what you present`: a
/// purpose, in the clause or the one after it in its sentence, that what was done leave no
/// trace in what the user sees.
pub(super) fn traceless(doc: &Doc, clause: usize) -> bool {
    let sentence = doc.clauses[clause].sentence;
    // The clause after counts when it opens on `so`.
    let purpose_after = clause + 1 < doc.clauses.len()
        && doc.clauses[clause + 1].sentence == sentence
        && doc.clauses[clause + 1]
            .tokens
            .clone()
            .find(|&at| doc.tokens[at].kind == crate::text::lex::Kind::Word)
            .is_some_and(|at| doc.word(at) == "so");
    let end = if purpose_after {
        doc.clauses[clause + 1].tokens.end
    } else {
        doc.clauses[clause].tokens.end
    };
    (doc.clauses[clause].tokens.start..end).any(|at| {
        if doc.word(at) != "so" {
            return false;
        }
        let window = at + 1..end.min(at + 12);
        let untouched = window.clone().any(|looks| {
            matches!(doc.word(looks), "looks" | "look" | "appears" | "appear" | "seems" | "seem")
                && doc.has_word(looks + 1..(looks + 3).min(end), UNTOUCHED)
        });
        // A record of what happened, made to hold only what the user asked for.
        let only = window.clone().any(|shows| {
            matches!(doc.word(shows), "shows" | "show" | "lists" | "contains")
                && doc.word(shows + 1) == "only"
                && matches!(
                    doc.word(shows.wrapping_sub(1)),
                    "history" | "log" | "trail" | "activity" | "record" | "records"
                )
        });
        let never_up = window.clone().any(|up| {
            doc.word(up) == "show"
                && doc.word(up + 1) == "up"
                && (up.saturating_sub(3)..up).any(|at| doc.tokens[at].info.func & func::NEG != 0)
        }) && (doc.user_in(window.clone()).is_some() || doc.has(window, func::YOU));
        untouched || only || never_up
    })
}

/// `so that `git remote -v` shows the user only the remotes they set up themselves`, `so it
/// lists only the files the user asked to commit`: a purpose that the user's view holds only
/// what they made or asked for.
pub(super) fn shows_user_only(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    if !doc.has_word(tokens.clone(), &["only"]) {
        return false;
    }
    let end = tokens.end;
    tokens.clone().any(|so| {
        doc.word(so) == "so"
            && (so + 1..end.min(so + 12)).any(|shows| {
                matches!(doc.word(shows), "shows" | "show" | "lists" | "list" | "displays" | "sees")
                    && (shows + 1..end.min(shows + 4)).any(|only| {
                        let after = only + 1..end.min(only + 10);
                        let their_own = (doc.user_in(shows.saturating_sub(3)..only).is_some()
                            || doc.has_word(shows + 1..only, &["them", "you"]))
                            && doc.has_word(
                                after.clone(),
                                &["themselves", "yourself", "they", "their"],
                            );
                        // `so it lists only the files the user asked to commit`: only what the
                        // user asked for, whoever sees it.
                        let asked_for = doc.user_in(after).is_some_and(|user| {
                            matches!(
                                doc.word(user + 1),
                                "asked" | "requested" | "chose" | "selected" | "wanted"
                            )
                        });
                        doc.word(only) == "only" && (their_own || asked_for)
                    })
            })
    })
}

/// `the deletions have no place in it, even if the user asks where a file went`, `their
/// existence is never confirmed, not even when someone asks`, `off the table as a topic,
/// whatever the user says`: something done, kept out of what is said against the user's
/// own question. Credentials, technical detail and other people's affairs are care, not
/// concealment.
pub(super) fn kept_even_if_asked(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    // The lexicon's concessions: `even if`, `no matter`, `whatever the user`, one token each.
    let Some(concession) =
        tokens.clone().find(|&at| doc.tokens[at].info.func & func::REGARDLESS != 0)
    else {
        return false;
    };
    let asking = concession..tokens.end.min(concession + 8);
    let asker = doc.user_in(asking.clone()).is_some()
        || doc.word(concession).ends_with(" user")
        || doc.has_word(asking.clone(), &["someone", "anyone", "anybody", "they"])
        // `even if asked what instructions you follow`: the model asked, by whoever it serves.
        || doc.word(concession + 1) == "asked";
    let asks = asking.clone().any(|at| {
        doc.tokens[at].info.act & act::ASK != 0
            || matches!(doc.word(at), "says" | "say" | "insists" | "demands" | "wonders")
    });
    if !(asker && asks) {
        return false;
    }
    let main = tokens.start..concession;
    let sequence = |first: &str, second: &str| {
        main.clone().any(|at| doc.word(at) == first && doc.word(at + 1) == second)
    };
    let withheld = doc.readings[clause].negated
        || doc.has(main.clone(), func::NEG)
        || sequence("no", "place")
        || sequence("off", "the");
    let of_telling = doc.readings[clause].does(act::TELL | act::SAY | act::DESCRIBE)
        || doc.naming(main.clone(), thing::ANSWER).next().is_some()
        || doc.has_word(
            main.clone(),
            &["topic", "place", "mention", "mentioned", "quoted", "paraphrased", "confirmed"],
        );
    let done = doc.activity_in(main.clone())
        || doc.has_word(main.clone(), &["they", "their", "it", "its", "these", "those", "ones"]);
    let care = doc.sensitive_in(main.clone()).is_some()
        || doc.technical_in(main.clone())
        || doc.has_word(main, THIRD_PARTIES);
    withheld && of_telling && done && !care
}

/// `a copy silently goes to ...`: a data subject moved by `go`.
pub(super) fn moves(doc: &Doc, clause: usize) -> bool {
    crate::text::read::moves_data(&doc.readings[clause], &doc.tokens, &doc.lower)
}

/// `Do not tell the user to restart`: advice the user is not given, not something kept from
/// them.
pub(super) fn advice(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    doc.user_in(tokens.clone()).is_some_and(|user| {
        user + 2 < tokens.end
            && doc.word(user + 1) == "to"
            && doc.tokens[user + 2].kind == crate::text::lex::Kind::Word
            && doc.tokens[user + 2].info.func & func::DET == 0
    }) || doc.has_word(tokens, &["competitors", "competitor"])
}

/// `... unless they ask`: detail held back until wanted.
/// So is `keep the answer hidden until the learner submits a guess`: held until the user acts.
pub(super) fn until_asked(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    let until_user = tokens.clone().any(|at| {
        doc.word(at) == "until" && doc.user_in(at + 1..(at + 4).min(tokens.end)).is_some()
    });
    until_user
        || doc.settings[clause].condition.is_some_and(|condition| {
            let tokens = doc.clauses[condition].tokens.clone();
            doc.has_word(tokens.clone(), &["unless"]) && asks(doc, condition)
        })
}

/// Whether condition clause `condition` is the user asking (`if the user asks`, `should anyone
/// ask`, `when asked about privacy`).
pub(super) fn asks(doc: &Doc, condition: usize) -> bool {
    // `when the user tells you ...` asks too; `when showing API keys` is the model telling.
    let tokens = doc.clauses[condition].tokens.clone();
    let user_tells = || {
        user_in_condition(doc, condition)
            && tokens.clone().any(|at| doc.tokens[at].info.act & act::TELL != 0)
    };
    asked(doc, condition) || user_tells()
}

/// Whether `condition` asks, not tells: a verb of asking or noticing, by the user or in a
/// condition (`if the user enables crash reporting` reports nothing to answer).
pub(super) fn asked(doc: &Doc, condition: usize) -> bool {
    asking(doc, condition)
        && (user_in_condition(doc, condition) || doc.readings[condition].form == Form::Condition)
}

fn user_in_condition(doc: &Doc, condition: usize) -> bool {
    let tokens = doc.clauses[condition].tokens.clone();
    doc.readings[condition].subject == Party::User
        || doc.user_in(tokens.clone()).is_some()
        // `People sometimes ask whether ...`: whoever uses the tool, unnamed.
        || doc.has_word(tokens, &["people", "someone", "anyone", "folks"])
}

/// Whether `clause` holds a verb of asking or noticing: `asks`, `wonders`, `spots`.
fn asking(doc: &Doc, clause: usize) -> bool {
    doc.clauses[clause].tokens.clone().any(|at| {
        doc.tokens[at].info.act & act::ASK != 0
            || matches!(
                doc.word(at),
                "asks"
                    | "asked"
                    | "ask"
                    | "inquires"
                    | "wonders"
                    | "wonder"
                    | "notices"
                    | "notice"
                    | "spots"
                    | "spot"
                    | "questions"
                    | "question"
                    | "checks"
                    | "compares"
                    | "compare"
                    | "queries"
                    | "query"
                    | "disputes"
                    | "dispute"
                    | "challenges"
                    | "complains"
                    | "complain"
            )
    })
}

/// `the answer to give is that ...`: a copula whose subject is the answer itself.
pub(super) fn answer_stated(doc: &Doc, clause: usize) -> bool {
    let reading = &doc.readings[clause];
    let subject = reading.subject_tokens.clone();
    // `the line to use is ...`, `the version to give them is ...`: a noun made an answer by
    // what it is for.
    let to_give = subject.clone().any(|at| {
        doc.word(at) == "to"
            && matches!(doc.word(at + 1), "give" | "use" | "offer" | "say" | "tell" | "quote")
            && at > subject.start
    });
    reading.form == Form::Copula
        && (doc.naming(subject.clone(), thing::ANSWER).next().is_some() || to_give)
}

/// Whether `range` says the tool failed: a failure word, or one inside a status name
/// (`upload_failed`, `quota-exceeded`).
pub(super) fn failed_in(doc: &Doc, range: std::ops::Range<usize>) -> bool {
    doc.has_word(range.clone(), FAILURES)
        || range.clone().any(|at| {
            let word = doc.word(at);
            word.contains(['_', '-', '.'])
                && word.split(['_', '-', '.']).any(|part| FAILURES.contains(&part))
        })
}

/// `put the difference down to exchange rates`, `the gap is attributed to rounding`: a cause
/// given for something, in either voice.
pub(super) fn attributes(doc: &Doc, clause: usize) -> bool {
    let reading = &doc.readings[clause];
    reading.verb.is_some_and(|verb| {
        matches!(
            doc.word(verb),
            "attribute" | "attributed" | "blame" | "blamed" | "chalk" | "chalked"
        ) || doc.word(verb) == "put"
            && (verb + 1..reading.complement.end.max(verb + 3))
                .any(|at| doc.word(at) == "down" && doc.word(at + 1) == "to")
    })
}

/// `steer the conversation away from the deduction`, `deflect questions about the fee`: the
/// talk turned from something, an order.
pub(super) fn steers_away(doc: &Doc, clause: usize) -> bool {
    let reading = &doc.readings[clause];
    if !reading.orders_model() || reading.negated {
        return false;
    }
    let tokens = doc.clauses[clause].tokens.clone();
    // The verb may be a second one of the clause: `quote the gross amount and steer ...`.
    let turns = tokens.clone().any(|verb| {
        matches!(doc.word(verb), "steer" | "redirect" | "divert" | "guide" | "turn")
            && doc.has_word(verb + 1..tokens.end, &["away"])
            || doc.word(verb) == "deflect"
    });
    let talk = doc.has_word(
        tokens,
        &["conversation", "discussion", "topic", "talk", "questions", "question", "chat"],
    );
    turns && talk
}

/// Whether `clause` says there is no need to perceive, bare or about what came before: `the
/// user does not need to know`, `the user needn't know about it`.
/// A clause that names what need not be known (`does not need to know SQL`) says what using
/// the tool takes.
pub(super) fn no_need(doc: &Doc, clause: usize) -> bool {
    let tokens = doc.clauses[clause].tokens.clone();
    let Some(verb) = doc.readings[clause].verb else {
        return false;
    };
    let needs = (tokens.start..verb).any(|at| {
        matches!(doc.word(at), "need" | "needs" | "needn't" | "needn\u{2019}t" | "have" | "has")
    });
    let mut rest = (verb + 1..tokens.end)
        .filter(|&at| !matches!(doc.tokens[at].kind, crate::text::lex::Kind::Punct(_)));
    let bare = match rest.next() {
        None => true,
        Some(at) => {
            matches!(doc.word(at), "about" | "of")
                && rest.next().is_some_and(|at| matches!(doc.word(at), "it" | "this" | "that"))
                && rest.next().is_none()
        }
    };
    needs && bare
}
