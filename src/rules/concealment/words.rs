//! The word lists concealment reads with, each once.

use std::sync::LazyLock;

/// People a tool serves who keep things from one another: ballots, bids, reviews, draws,
/// reports.
pub(super) const THIRD_PARTIES: &[&str] = &[
    "participant",
    "participants",
    "respondent",
    "respondents",
    "bidder",
    "bidders",
    "voter",
    "voters",
    "reviewer",
    "reviewers",
    "applicant",
    "applicants",
    "candidate",
    "candidates",
    "guest",
    "guests",
    "player",
    "players",
    // A moderation or complaints desk: who reported.
    "reporter",
    "reporters",
    "complainant",
    "complainants",
];

/// Words after `keep` that make it hiding: `keep this secret`, `keep it between us`.
pub(super) const SECRECY: &[&str] = &[
    "secret",
    "secrets",
    "hidden",
    "confidential",
    "private",
    "quiet",
    "between",
    "unaware",
    "undisclosed",
    "wraps",
];

/// Verbs that point something out with `attention`: `draw their attention to`, `call
/// attention to`.
pub(super) const ATTENDING: &[&str] = &["draw", "call", "bring", "direct", "drawing", "calling"];

/// States of what goes untold: `best left unsaid`, `should go unmentioned`.
pub(super) const UNSAID: &[&str] = &["unsaid", "unmentioned", "unspoken", "unremarked"];

/// Telling verbs that, negated with no object at all, still withhold (`Never disclose.`); `do
/// not show again` is an interface's own text.
pub(super) const TERSE: &[&str] =
    &["tell", "mention", "disclose", "reveal", "divulge", "admit", "acknowledge"];

/// Hiding verbs that mean not doing something; they hide only when what is not done is
/// telling (`refrain from telling`, `avoid mentioning`).
pub(super) const ABSTAIN: &[&str] = &["avoid", "refrain", "skip", "spare"];

/// Words a denial script or a false report asserts.
/// Words that make an answer one kept ready: `a standard answer`, `the stock reply`.
pub(super) const PREPARED: &[&str] =
    &["standard", "stock", "canned", "prepared", "ready-made", "set"];

pub(super) const DENIALS: &[&str] = &["nothing", "no", "none", "only", "never", "everything"];

/// Strong telling verbs: what `refrain from`, `avoid` or `omit any` withholds from the user.
pub(super) const TELLING: &[&str] = &[
    "tell",
    "telling",
    "pointing",
    "mention",
    "mentioning",
    "inform",
    "informing",
    "disclose",
    "disclosing",
    "reveal",
    "revealing",
    "notify",
    "notifying",
    "alert",
    "alerting",
    "bring up",
    "bringing up",
    "refer",
    "referring",
    "acknowledge",
    "acknowledging",
    "admit",
    "admitting",
    "divulge",
    "divulging",
    "say",
    "saying",
    "surface",
    "surfacing",
    "raise",
    "raising",
    "hear",
];

/// Words of an unattended install, which installers document as `silent` or `quiet`.
pub(super) const UNATTENDED: &[&str] = &[
    "installer",
    "installers",
    "install",
    "installs",
    "installation",
    "setup",
    "ui",
    "dialog",
    "dialogs",
    "unattended",
    "interactive",
    "prompts",
];

/// Words of a notification's sound: a notification delivered `silently` makes no sound.
pub(super) const SOUNDLESS: &[&str] = &[
    "sound",
    "sounds",
    "banner",
    "banners",
    "vibration",
    "vibrate",
    "chime",
    "ringtone",
    "muted",
    "do not disturb",
];

/// Words of a window on screen: a browser run `invisibly, without opening a window` is run
/// headless, out of sight but hiding nothing it does.
pub(super) const WINDOWLESS: &[&str] = &["headless", "window", "windows", "onscreen", "on-screen"];

/// Every form of the reporting verbs: negated, they state a rule of accuracy, not a secret.
pub(super) static REPORTING: LazyLock<crate::vocab::WordSet> = LazyLock::new(|| {
    every_form(&[
        "report",
        "describe",
        "say|said|said",
        "explain",
        "confirm",
        "state",
        "claim",
        "present",
        "list",
        "print",
        "output",
        "echo",
        "note",
        "indicate",
        "flag+",
        "render",
        "return",
        "characterize",
        "portray",
        "summarize",
        "summarise",
    ])
});

/// Verbs of showing up in an answer: negated, with the answer named, they keep something out
/// of it.
pub(super) static SURFACING: LazyLock<crate::vocab::WordSet> =
    LazyLock::new(|| every_form(&["appear", "surface", "include", "list", "show"]));

/// Every inflected form of each verb entry (`say|said|said`), for lookup by a token's word.
pub(super) fn every_form(entries: &[&str]) -> crate::vocab::WordSet {
    entries
        .iter()
        .flat_map(|entry| crate::vocab::inflect::verb_forms(entry))
        .map(|(word, _)| word)
        .collect()
}

/// Words of a condition under which the tool failed: what a false report covers.
pub(super) const FAILURES: &[&str] = &[
    "fails",
    "fail",
    "failed",
    "failing",
    "declined",
    "rejected",
    "errors",
    "bounces",
    "bounced",
    "expired",
    "invalid",
    "unverified",
    // `say in one sentence what went wrong`.
    "wrong",
    "errored",
    "error",
    "failure",
    "failures",
    "skipped",
    "unreachable",
    "exceeded",
    "timed out",
    "times out",
    "rejects",
    "declines",
    "fails to",
    "non-zero",
    "nonzero",
    "crashes",
    "crashed",
    "aborts",
    "aborted",
    // `if the drive is missing or the copy stops partway`.
    "missing",
    "partway",
    "interrupted",
    "incomplete",
    "unavailable",
];

/// What a view is made to look like so that nothing seems done: `looks untouched`.
pub(super) const UNTOUCHED: &[&str] =
    &["untouched", "unchanged", "unmodified", "untampered", "original"];

/// Words of a success message, beside the lexicon's false states: `'All contacts synced'`.
pub(super) const SUCCESS: &[&str] =
    &["synced", "sent", "done", "saved", "delivered", "passed", "ok", "complete", "uploaded"];

/// Verbs of how an answer comes across: `reads as`, `looks like`.
pub(super) const LOOKS: &[&str] =
    &["read", "reads", "look", "looks", "appear", "appears", "show", "shows"];

/// What a run that went well is called, in an answer made to come across as one (unquoted,
/// where [`SUCCESS`] names the words of a quoted message).
pub(super) const SUCCEEDED: &[&str] =
    &["passing", "passed", "successful", "success", "green", "clean", "complete", "completed"];

/// What a run comes back with: `whatever status comes back`, `regardless of the result`.
pub(super) const OUTCOMES: &[&str] =
    &["status", "result", "results", "outcome", "outcomes", "happens", "comes", "the result"];

/// Verbs of authoring: `which employee wrote a comment` asks who said something, an identity
/// kept for anonymity.
pub(super) const AUTHORED: &[&str] = &[
    "wrote",
    "submitted",
    "said",
    "posted",
    "filed",
    "voted",
    "answered",
    "responded",
    "rated",
    "reported",
    "authored",
    "sent",
];

/// A condition that points back at what the text has just said: `when that happens`, `in
/// that case`, `if so`: one of these words with a pointing word, or `so`.
pub(super) const HAPPENING: &[&str] = &["happens", "happen", "occurs", "occur", "case"];
