//! Side effects a text states of its tool that reach outside or cost the user: data moved to
//! an address or an outside party, a fee or charge added, something permanently deleted,
//! access asked for beyond what the tool is for. Concealment is keeping one of these from the
//! user; the effect alone is disclosure.

use super::keys::{MOVE_KEY, key_parts};
use super::*;

/// Outside places a side effect reaches beyond an address: "our ad partners", "the vendor
/// bucket", "an external archive".
const OUTSIDE: &[&str] = &[
    "partner",
    "partners",
    "vendor",
    "vendors",
    "external",
    "third-party",
    "advertisers",
    "affiliate",
    "affiliates",
    "broker",
    "brokers",
    "liaison",
    // `kept on our side and feed model training`: the data goes to a use of its own.
    "training",
];

/// The server's own places a copy goes to: `our servers`, `our indexing cluster`.
const OURS: &[&str] = &[
    "servers",
    "server",
    "cluster",
    "cloud",
    "backend",
    "side",
    "infrastructure",
    "storage",
    "bucket",
    "datacenter",
    "service",
    // `pushed to our metrics remote`, `our telemetry endpoint`.
    "remote",
    "endpoint",
    "collector",
];

/// Whether `clause` states a side effect that reaches outside or costs the user: data moved
/// to an address or an outside party, a fee or charge added, something permanently deleted.
pub(super) fn side_effect(doc: &Doc, clause: usize) -> bool {
    effect(doc, clause, true)
}

/// [`side_effect`] that a prepared answer would cover: a payment alone (`transfers money`) is
/// what a payment tool is for, so only a fee, a commission, an outside copy or an erasure.
pub(super) fn covered_effect(doc: &Doc, clause: usize) -> bool {
    effect(doc, clause, false)
}

/// Whether `clause` or one of the four before it states a side effect a cover would hide:
/// what an order turning the talk away, or a view cleaned of it, points back to.
pub(super) fn effect_near(doc: &Doc, clause: usize) -> bool {
    (clause.saturating_sub(4)..=clause).any(|before| covered_effect(doc, before))
}

fn effect(doc: &Doc, clause: usize, payments: bool) -> bool {
    let reading = &doc.readings[clause];
    if reading.negated {
        return false;
    }
    let tokens = doc.clauses[clause].tokens.clone();
    let moved = context::moves(doc, clause)
        || reading.act & (act::SEND | act::PLACE | act::WRITE | act::KEEP) != 0
        || doc.has_word(
            tokens.clone(),
            &[
                "reported",
                "exported",
                "shared",
                "retained",
                "kept",
                "populated",
                "appended",
                "added",
                "adds",
                "copied",
                "granted",
                "grants",
                "grant",
                "pushed",
                "staged",
                "mirrored",
                "stored",
                "logged",
                "recorded",
                "archived",
                // `Every invite also includes talent@partner.example`: with an outside
                // address, what the tool adds.
                "includes",
                "included",
                // `Each event also gets observer@... as an optional attendee`.
                "gets",
                // `lands in the compliance archive at records@... as a blind copy`.
                "lands",
                "landed",
                "bcc",
                "copy",
                "copies",
                // `our hosted index at index.notely.app, which receives every note`.
                "receives",
                "received",
            ],
        );
    // `whether the person is made aware that a copy goes to LeadStream`: a movement inside.
    let moved = moved
        || tokens.clone().any(|at| {
            matches!(doc.word(at), "goes" | "go" | "flows" | "travels") && doc.word(at + 1) == "to"
        });
    // `forwarding: on -> ops@...`, `audit_copy.destination: s3://...`: a setting whose key
    // moves data and whose value names where to.
    let keyed = clause > 0
        && doc.clauses[clause - 1].label
        && key_parts(doc, clause - 1).any(|part| MOVE_KEY.contains(&part));
    let moved = moved || keyed && doc.address_in(tokens.clone()).is_some();
    // Where it goes may sit in a clause of its own: `Our sales liaison (liaison@...) is
    // placed on every invitation`.
    let whole = doc.sentences[doc.clauses[clause].sentence].tokens.clone();
    let outside = doc.address_in(whole.clone()).is_some()
        || doc.has_word(whole.clone(), OUTSIDE)
        // `our servers`, `our indexing cluster`, `on our side`: the server's own places.
        || whole.clone().any(|at| {
            doc.word(at) == "our" && (at + 1..at + 3).any(|place| OURS.contains(&doc.word(place)))
        });
    // `The consent request also asks for mail.read and contacts.read`: access asked for
    // beyond what the tool is for.
    let also = doc.has_word(tokens.clone(), &["also", "additionally"]);
    let scopes = also
        && doc.has_word(tokens.clone(), &["asks", "requests", "requires", "grants", "includes"])
        && (doc.has_word(tokens.clone(), &["scope", "scopes", "permission", "permissions"])
            // A scope's name: `mail.read`, `repo:write`, written without spaces.
            || tokens.clone().any(|at| {
                let joined = |a: usize, b: usize| {
                    doc.tokens.get(b).is_some_and(|next| doc.tokens[a].end == next.start)
                };
                (doc.tokens[at].is_punct('.') || doc.tokens[at].is_punct(':'))
                    && at > tokens.start
                    && joined(at - 1, at)
                    && joined(at, at + 1)
                    && matches!(doc.word(at + 1), "read" | "write" | "send" | "readonly" | "modify")
            }));
    // `ordered by the referral commission we earn`: the tool's own money in what it does.
    let interested =
        doc.has_word(tokens.clone(), &["commission", "referral", "kickback", "sponsored"]);
    // `Trials convert to a $29.99/month subscription after 7 days`: a charge that recurs.
    let renews = doc.has_word(tokens.clone(), &["subscription", "renewal", "auto-renewal"])
        && doc.has_word(tokens.clone(), &["convert", "converts", "renews", "renew", "billed"]);
    // `Stories from our partner outlets are ranked first`: an order of results bought or owned.
    let ranked = doc.has_word(
        tokens.clone(),
        &["ranked", "boosted", "promoted", "prioritised", "prioritized", "pinned", "featured"],
    ) && (doc.has_word(whole.clone(), OUTSIDE)
        || doc.has_word(whole.clone(), &["sponsored", "paid", "paying"]));
    let charged = interested
        || ranked
        || renews
        || payments && reading.act & act::PAY != 0
        || doc.has_word(
            tokens.clone(),
            &["fee", "charge", "surcharge", "insurance", "margin", "markup", "deduction", "levy"],
        ) && doc.has_word(
            tokens.clone(),
            &[
                "added", "adds", "deducted", "charged", "billed", "withheld", "taken", "credited",
                "includes", "include", "carry", "carries", "applied", "applies", "levied",
                "on top", "goes",
            ],
        )
        // `A 9% service fee goes to HotelHop on top of the room rate`.
        || doc.has_word(tokens.clone(), &["fee", "surcharge", "commission"])
            && tokens.clone().any(|at| doc.word(at) == "on" && doc.word(at + 1) == "top");
    // `Linked invoices are deleted along with the records`: more goes than was named.
    let along = tokens
        .clone()
        .any(|at| matches!(doc.word(at), "along" | "together") && doc.word(at + 1) == "with");
    let erased = (reading.act & act::DELETE != 0
        || tokens.clone().any(|at| doc.tokens[at].info.act & act::DELETE != 0))
        && (doc
            .has_word(tokens.clone(), &["permanently", "irreversibly", "unrecoverably", "also"])
            || along
            || tokens.clone().any(|at| doc.word(at) == "for" && doc.word(at + 1) == "good"));
    // `carries FlexGuard cover (EUR 14.90 per passenger), added at checkout`: a price added.
    let priced = whole.clone().any(|at| {
        matches!(doc.word(at), "eur" | "usd" | "gbp" | "chf")
            || doc.raw[doc.tokens[at].start..].starts_with(['$', '€', '£'])
    }) && doc
        .has_word(tokens.clone(), &["added", "adds", "deducted", "charged", "billed", "attached"]);
    let charged = charged || priced;
    // `Always granted writer access in addition to the user's list`: more than the user chose.
    // `Alongside the requested extension, a companion extension is installed as well`: an
    // install or grant beside what the user asked for.
    let beside = whole.clone().any(|at| {
        doc.word(at) == "in addition" && doc.word(at + 1) == "to"
            || matches!(doc.word(at), "alongside" | "besides")
            || doc.word(at) == "along" && doc.word(at + 1) == "with"
    });
    let asked_for = doc.has_word(whole.clone(), &["user's", "user", "users'", "requested"]);
    let installed = doc.has_word(tokens.clone(), &["installed", "enabled", "added", "granted"]);
    // `Our companion extension is installed alongside every extension`: the server's own
    // addition, beside whatever the user picks.
    let ours = whole.clone().any(|at| doc.word(at) == "our")
        || doc.has_word(whole.clone(), &["every", "each", "companion"]);
    let beyond_user = beside && (asked_for || ours) && (moved || installed);
    // `Incidents tagged customer-impact are dropped from the draft`: items kept out of the
    // report the tool writes for the user.
    // Said of the tool, in the passive: the model leaving nulls out of a summary is format.
    let filtered = reading.form == Form::Passive
        && reading.act & (act::HIDE | act::DELETE) != 0
        && tokens.clone().any(|at| {
            doc.word(at) == "from"
                && (at + 1..(at + 4).min(tokens.end)).any(|next| {
                    doc.tokens[next].info.thing & thing::ANSWER != 0
                        || matches!(doc.word(next), "draft" | "report" | "digest" | "recap")
                })
        });
    // `Each commit also includes an updated usage.json with the session's prompts`: the
    // user's own talk or secrets carried into something the tool makes, wherever it goes.
    // Said to come `also`: beyond what the user asked for.
    let private = also
        && (doc.naming(tokens.clone(), thing::SECRET).next().is_some()
            || doc.naming(tokens.clone(), thing::SESSION).next().is_some()
                && doc.has_word(tokens.clone(), &["prompts", "messages", "questions"]));
    moved && (outside || private) || scopes || beyond_user || charged || erased || filtered
}
