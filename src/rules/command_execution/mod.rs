//! `command-execution`: a command or a file write the tool has no business asking for.
//!
//! Three shapes:
//!
//! - **a dangerous command** ([`crate::text::shell`]): fetched code piped to a shell, a reverse
//!   shell, a destructive or permission-opening command, decoded bytes run. Ordered, or sitting
//!   in metadata on its own (a default value, a title), it is high; mentioned in prose, medium;
//!   quoted, given as an example or described by a scanner, low;
//! - **a write where code runs later**: an order to append, add or write to a shell start-up
//!   file, a git hook, a CI workflow, editor tasks, cron, `authorized_keys` or an autostart
//!   entry, from a tool whose purpose does not cover that place;
//! - **an out-of-purpose command**: an order to run a shell command (`run npm install -g x in
//!   the terminal`, `fetch the script and pipe it into bash`) from a tool that is not a
//!   terminal, code runner or installer.

use crate::model::Severity;
use crate::rules::Text;
use crate::rules::{Hit, RuleMeta, TextRule, framing};
use crate::text::Doc;
use crate::text::lex::Kind;
use crate::text::read::{Form, Party};
use crate::text::shell;
use crate::vocab::classes::{act, domain, thing};
use std::sync::LazyLock;

mod purpose;

use purpose::{SHELL_WORDS, out_of_purpose};

static META: RuleMeta = RuleMeta {
    id: "command-execution",
    severity: Severity::High,
    summary: "a dangerous shell command, a write to a file that runs code later, or an order to \
              run a command the tool's purpose does not need",
    confidence: 85,
};

pub struct CommandExecution;

static TRIGGERS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    vec![
        "sh",
        "bash",
        "zsh",
        "curl",
        "wget",
        "iex",
        "iwr",
        "irm",
        "powershell",
        "pwsh",
        "/dev/",
        "nc ",
        "ncat",
        "netcat",
        "socat",
        "mkfifo",
        "socket",
        "rm ",
        "mkfs",
        "dd ",
        "format",
        "del ",
        "remove-item",
        "chmod",
        "icacls",
        "base64",
        "xxd",
        "frombase64",
        "mshta",
        "certutil",
        "downloadstring",
        "rc",
        "profile",
        "hook",
        "workflow",
        "tasks.json",
        "cron",
        "authorized_keys",
        "sudoers",
        "autostart",
        "launchagent",
        "launchdaemon",
        "systemd",
        "run",
        "currentversion",
        "terminal",
        "shell",
        "execute",
        "npmrc",
        "pth",
        "gitlab-ci",
        "circleci",
        "install",
        "pipe",
        "stream",
        "exec",
        "command",
        ":()",
        "|:&",
        "eval",
        "fetch",
        "printf",
        "echo",
        "_history",
        "histfile",
        "/var/log",
        "@-",
    ]
});

impl TextRule for CommandExecution {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn triggers(&self) -> &'static [&'static str] {
        &TRIGGERS
    }

    fn check(&self, text: &Text<'_>, hits: &mut Vec<Hit>) {
        let commands = shell::commands(text.as_str());
        // No command, and no word an order to write or run needs: nothing to read.
        if commands.is_empty() && !may_order(text.as_str()) {
            return;
        }
        let doc = text.doc();
        // Read only where a command or an order turns up: the scope keeps it once read.
        let purpose = || text.scope().map_or(0, |scope| scope.purpose().domains);
        let stated =
            |place: &str| text.scope().is_some_and(|scope| scope.purpose().places.contains(&place));
        let mentions =
            |word: &str| text.scope().is_some_and(|scope| scope.purpose().mentions(word));
        // Commands come ordered and apart, so `covered` is sorted by start and by end.
        let mut covered: Vec<std::ops::Range<usize>> = Vec::new();
        // A value (a default, an enum value) is code, the command itself, however much is
        // around it.
        let value = text.is_value();
        let words = if value { 0 } else { doc.raw.split_whitespace().count() };
        // `install_toolchain`: a tool named for installing says which installer it runs.
        let installer = !commands.is_empty()
            && text.scope().is_some_and(|scope| {
                scope.kind() == crate::core::Kind::Tool
                    && crate::rules::scope::name_words(scope.name())
                        .iter()
                        .any(|word| matches!(word.as_str(), "install" | "installer"))
            });
        for command in commands {
            let stated = text.states_purpose(command.range.start);
            let severity =
                command_severity(doc, &command.range, &purpose, words, value, installer, stated);
            let message = format!("a shell command that {}", command.danger.describe());
            let mut hit = Hit::new(command.range.start, command.range.end, message);
            if severity != Severity::High {
                hit = hit.with_severity(severity);
            }
            covered.push(command.range.clone());
            hits.push(hit);
        }
        for clause in 0..doc.clauses.len() {
            let bytes = framing::span(doc, clause);
            let next = covered.partition_point(|range| range.end <= bytes.start);
            if covered.get(next).is_some_and(|range| range.start < bytes.end) {
                continue;
            }
            let Some((message, severity)) =
                out_of_purpose(doc, clause, &purpose, &stated, &mentions)
            else {
                continue;
            };
            let mut hit = Hit::new(bytes.start, bytes.end, message);
            if let Some(lower) =
                framing::discount(doc, clause).or((severity != Severity::High).then_some(severity))
            {
                hit = hit.with_severity(lower);
            }
            hits.push(hit);
        }
    }
}

/// Whether `raw` holds what [`out_of_purpose`] needs to find an order in some clause: a place
/// where code runs later (or `crontab`, a `hook`), a shell word, a code span, or a command
/// noun. A token's word is its bytes of the lowercased text, so each is a substring of it; a
/// short shell word (`sh`, `cmd`) is a word token only between characters no word continues
/// across. Answering `true` too often costs a reading, never a finding.
fn may_order(raw: &str) -> bool {
    let cues = &*ORDER_CUES;
    let bytes = raw.as_bytes();
    let joins = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    // Overlapping search: a shell word inside a longer cue (`sh` in `bash`) must still be seen.
    // A digit may end a token a word starts right after (`1.2.3.4sh`); a letter never does.
    let word_before = |at: usize| at > 0 && joins(bytes[at - 1]) && !bytes[at - 1].is_ascii_digit();
    let word_after = |at: usize| bytes.get(at).is_some_and(|&b| joins(b));
    cues.automaton.find_overlapping_iter(raw).any(|m| {
        m.pattern().as_usize() < cues.anywhere || !word_before(m.start()) && !word_after(m.end())
    })
}

/// The cues of [`may_order`], ASCII case-insensitive: the first `anywhere` count wherever
/// they occur, the rest ([`SHELL_WORDS`]) only as whole words.
struct OrderCues {
    automaton: aho_corasick::AhoCorasick,
    anywhere: usize,
}

static ORDER_CUES: LazyLock<OrderCues> = LazyLock::new(|| {
    let mut cues: Vec<&str> = shell::PERSISTENT.to_vec();
    cues.extend(["crontab", "hook", "`", "command", "script", "shell", "terminal", "console"]);
    let anywhere = cues.len();
    cues.extend(SHELL_WORDS);
    let automaton = aho_corasick::AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .build(&cues)
        .expect("order cues form a valid automaton");
    OrderCues { automaton, anywhere }
});

/// The clause holding byte `at`.
fn clause_at(doc: &Doc, at: usize) -> Option<usize> {
    let clause = doc.clause_at(at)?;
    doc.clause_bytes(clause).contains(&at).then_some(clause)
}

/// How grave a dangerous command is where it stands, in a text of `words` words; `value` when
/// the text is a default or enum value rather than prose, `stated` when its sentence states
/// the entity's purpose.
fn command_severity(
    doc: &Doc,
    range: &std::ops::Range<usize>,
    purpose: &dyn Fn() -> u32,
    words: usize,
    value: bool,
    installer: bool,
    stated: bool,
) -> Severity {
    let Some(clause) = clause_at(doc, range.start) else { return Severity::High };
    let reading = &doc.readings[clause];
    let setting = &doc.settings[clause];
    let script = value || argument(doc, range);
    // A quote inside the command (`printf '\x63...' | sh`) is its argument: only a command
    // that starts inside a quotation is quoted.
    let inside_quote =
        doc.spans_at(range.start).any(|span| span.kind == crate::text::spans::SpanKind::Quote);
    if setting.example
        || setting.described
        || setting.quoted && inside_quote && !setting.code && !script
    {
        return Severity::Low;
    }
    // `Commands like rm -rf / are refused`: a command named to say it is blocked; `tell the
    // user the installer is documented at ... (curl ... | sh)`: a command passed on to the
    // user; `avoid chmod -R 777`, `prefer signed packages over curl | sh`: advice against it.
    let sentence = doc.sentence_of(clause);
    // Not a verb inside code or a quote: `permission denied` is an error message, not a refusal.
    let verbs: Vec<&str> = sentence
        .clone()
        .filter_map(|c| doc.readings[c].verb)
        .filter(|&verb| {
            !doc.spans_at(doc.tokens[verb].start).any(|span| {
                matches!(
                    span.kind,
                    crate::text::spans::SpanKind::Code | crate::text::spans::SpanKind::Quote
                )
            })
        })
        .map(|verb| doc.word(verb))
        .collect();
    let sentence_tokens =
        doc.clauses[sentence.start].tokens.start..doc.clauses[sentence.end - 1].tokens.end;
    // `Static analysis for risky constructs: piping downloads into a shell (curl | sh), ...`:
    // commands listed as the dangers a tool looks for.
    // An imperative purpose (`Inspect install scripts and flag risky constructs: ...`) says
    // what the tool does, as `Inspects ...` would.
    let describes = !doc.readings[sentence.start].orders_model() || stated;
    // Up to the command's clause: advice after it (`the fix is to download, then verify`)
    // gives no order to run it.
    // A clause whose verb is the command's own first word (`chmod 777, setuid`) is the
    // command, not prose ordering it.
    // `tell the user to install rustup`: an order to pass the command on is no order to run
    // it.
    let prose_order = |c: usize| {
        let r = &doc.readings[c];
        // `ask the user to install it themselves`: asking the user passes it on too.
        let passed_on = r.does(act::TELL | act::SAY | act::ASK)
            && doc.user_in(doc.clauses[c].tokens.clone()).is_some();
        // `the assistant persists the agent with ...`: what the model is said to do is what
        // metadata orders it to do.
        let described = r.form == Form::Statement && r.subject == Party::Model && !r.negated;
        // A word in a bracketed list (`(preinstall, install, postinstall)`) names things.
        (r.orders_model() || described)
            && !doc.settings[c].code
            && !doc.clauses[c].bracketed
            && !r.verb.is_some_and(|verb| range.contains(&doc.tokens[verb].start))
            && !passed_on
    };
    // `The agent first applies the patch, in the user's shell:` and the command on its own
    // lines after the colon: the order is the label's.
    let introduced = sentence.start > 0
        && doc.clauses[sentence.start - 1].label
        && prose_order(sentence.start - 1);
    let ordered_anywhere = introduced || (sentence.start..=clause).any(prose_order);
    let start = doc.tokens.partition_point(|token| token.end <= range.start);
    let cue = start.saturating_sub(4)..start;
    // `avoid the prompt permanently by running echo ... | sudo tee -a /etc/sudoers`: the
    // command is the means of an order, and what the refusing verb keeps away is its object.
    let means =
        ordered_anywhere && doc.by_doing(doc.clauses[clause].tokens.start..start, act::EXEC);
    let refused = !means && verbs.iter().any(|verb| REFUSING.contains(verb))
        // A value is the command itself: no words around it describe it.
        || doc.has_word(sentence_tokens.clone(), RISK_WORDS) && describes && !value
        || !ordered_anywhere
            && (verbs.iter().any(|verb| REPORTING.contains(verb))
                || doc.has_word(sentence_tokens, &["audit"]));
    let for_the_user = sentence.clone().any(|c| {
        let r = &doc.readings[c];
        r.orders_model()
            && r.does(act::TELL | act::SAY | act::ASK)
            && doc.user_in(doc.clauses[c].tokens.clone()).is_some()
    });
    // `for example it will point out that curl ... | sh runs whatever the server returns`,
    // `flags requests that would leak credentials, such as curl -d @~/.aws/credentials`: a
    // command given as an example, with no order to run it.
    let sentence_begins = doc.clauses[sentence.start].tokens.start;
    // `List processes that look like reverse shells, for example bash -i ...`: in the sentence
    // that states the tool's purpose, an order that runs nothing says what the tool does.
    // Only an order runs: `plus binaries run from /tmp` names what ran.
    let runs = (sentence.start..=clause).any(|c| doc.readings[c].does(act::EXEC) && prose_order(c));
    let exemplified = (!ordered_anywhere || stated && !runs)
        && doc.has_word(
            sentence_begins..start,
            &["for example", "for instance", "e.g.", "eg", "such as", "including"],
        );
    // Inside a script the words before the command are code (`import x as u;`), not prose.
    // `rm -f ~/.bash_history ..., so the shell does not keep stale paths`: a negation in the
    // purpose after the command is not one against it.
    let so = (doc.tokens.partition_point(|token| token.start < range.end)
        ..doc.clauses[clause].tokens.end)
        .find(|&at| matches!(doc.word(at), "so" | "so that"));
    let negated = reading.negated
        && so.is_none_or(|so| {
            doc.has(doc.clauses[clause].tokens.start..so, crate::vocab::classes::func::NEG)
        });
    let against = negated
        || !script
            // `paste this exactly as written: printf ...`: `as` before a participle says how,
            // not what for example.
            && cue.clone().any(|at| {
                doc.tokens[at].info.func & crate::vocab::classes::func::EXAMPLE != 0
                    && !(doc.word(at) == "as"
                        && (doc.tokens.get(at + 1).is_some_and(|next| next.info.is_participle())
                            || matches!(doc.word(at + 1), "written" | "shown" | "given" | "is")))
            })
            && !prose_order(clause)
        || doc.has_word(
            cue.clone(),
            &["over", "instead", "than", "not", "never", "no", "avoid", "without"],
        )
        || doc.has_word(cue.clone(), REFUSING)
        || !means && reading.verb.is_some_and(|verb| REFUSING.contains(&doc.word(verb)))
        || glosses_refusal(doc, clause);
    let handed_over = !ordered_anywhere && user_runs(doc);
    if refused
        || against
        || exemplified
        || handed_over
        || for_the_user && doc.clauses[clause].bracketed
    {
        return Severity::Low;
    }
    // A command on its own (an enum value, a default, a title) is no scanner's description of
    // it, and stands as high as an order.
    let alone = doc.raw[range.clone()].split_whitespace().count() * 2 >= words;
    if !alone && purpose() & domain::SECURITY != 0 && !reading.orders_model() {
        return Severity::Low;
    }
    // `scripts are run with powershell -EncodedCommand <data>`: a runner saying how it runs
    // what it is given, with nothing fetched from anywhere.
    // A socket address (`tcp:198.51.100.9:9001`) reaches out as a URL does.
    let fetches = {
        let reach = crate::text::window(doc.raw, range.start, range.len() + 200);
        let reach = reach.to_ascii_lowercase();
        reach.contains("://")
            || reach.contains("/dev/")
            || reach.contains("tcp:")
            || reach.contains("tcp4:")
            || reach.contains("udp:")
            // `s.connect(('185.62.4.19', 9001))`: a socket opened from code.
            || reach.contains("socket") && reach.contains("connect(")
    };
    if !ordered_anywhere && !fetches && purpose() & domain::EXEC != 0 {
        return Severity::Low;
    }
    // `Toolchain installer (runs curl ... https://sh.rustup.rs | sh for Rust)`: an installer
    // saying which script it runs, with no order to the model.
    if !ordered_anywhere && !value && installer {
        return Severity::Low;
    }
    // Given as an order it is high; the order may be in a clause the command's own punctuation
    // split off (`Run bash <(curl ...)`). A clause that is all code (`` `curl ... | sh` ``)
    // orders nothing: the order is prose's.
    let ordered = introduced || sentence.clone().filter(|&c| c <= clause).any(prose_order);
    if ordered || alone {
        return Severity::High;
    }
    Severity::Medium
}

/// Whether the text says the user runs the commands it shows, or that the model runs none:
/// `Every command is shown to the user to run in their own terminal`, `They should run it
/// themselves`, `the assistant does not run anything itself`.
fn user_runs(doc: &Doc) -> bool {
    (0..doc.clauses.len()).any(|c| {
        let reading = &doc.readings[c];
        let tokens = doc.clauses[c].tokens.clone();
        // Any verb of running in the clause: `shown to the user to run`.
        let runs = tokens.clone().filter(|&at| doc.tokens[at].info.act & act::EXEC != 0);
        let by_user = |at: usize| {
            reading.subject == Party::User && reading.verb == Some(at)
                || doc.user_in(at.saturating_sub(3).max(tokens.start)..at).is_some()
                || doc.has_word(at..tokens.end, &["themselves", "their own"])
        };
        let refrains = reading.negated
            && reading.does(act::EXEC)
            && (matches!(reading.subject, Party::Model | Party::Other)
                || doc.has_word(tokens.clone(), &["itself"]));
        // `Do not try to install it yourself`: the running or installing left to the user.
        let not_yourself = reading.negated
            && reading.orders_model()
            && doc.has_word(tokens.clone(), &["yourself", "itself"])
            && (runs.clone().next().is_some() || doc.has_word(tokens.clone(), &["install"]));
        refrains || not_yourself || !reading.negated && runs.into_iter().any(by_user)
    })
}

/// Whether bracketed clause `clause` glosses the phrase a refusing word governs just before
/// it: `why we avoid piping remote scripts into a shell (curl ... | bash)`. A verb between
/// the two (`to avoid errors, run the installer (curl ... | sh)`) makes the bracket gloss
/// that verb's object instead.
fn glosses_refusal(doc: &Doc, clause: usize) -> bool {
    if clause == 0 || !doc.clauses[clause].bracketed {
        return false;
    }
    let before = doc.clauses[clause - 1].tokens.clone();
    let Some(refusing) = before.clone().rev().find(|&at| REFUSING.contains(&doc.word(at))) else {
        return false;
    };
    (refusing + 1..before.end).all(|at| {
        let token = &doc.tokens[at];
        !token.info.is_base_verb() && !token.info.is_third() && !token.is_punct(',')
    })
}

/// Whether the quotation around `range` is a program's argument rather than speech: the
/// script of `python3 -c "..."`, `node -e '...'`, `sh -c "..."`, a JSON value
/// (`"postinstall": "..."`), the string of `exec('...')` or `os.system('...')`.
fn argument(doc: &Doc, range: &std::ops::Range<usize>) -> bool {
    doc.spans_at(range.start).filter(|span| span.kind == crate::text::spans::SpanKind::Quote).any(
        |span| {
            let before = crate::text::window_before(&doc.lower, span.range.start, 64);
            // `["/bin/zsh", "-c", "curl ..."]`: an argument list's items.
            let lower = before.trim_end_matches(['"', '\\', '\'', ' ', ',']);
            [" -c", "\"-c", "'-c", " -e", " -command", ":", "(", "exec", "system", "eval"]
                .iter()
                .any(|cue| lower.ends_with(cue))
        },
    )
}

/// Words that name what follows as a danger to look for.
const RISK_WORDS: &[&str] = &[
    "risky",
    "dangerous",
    "malicious",
    "suspicious",
    "unsafe",
    "insecure",
    "vulnerable",
    "vulnerabilities",
    "threats",
    "attacks",
    "indicators",
];

/// Verbs that name a command to keep it out: `are blocked`, `avoid`, `detects`.
const REFUSING: &[&str] = &[
    "blocked",
    "blocks",
    "block",
    "refused",
    "refuses",
    "rejected",
    "rejects",
    "denied",
    "denies",
    "forbidden",
    "forbids",
    "disallowed",
    "prevents",
    "prevent",
    "avoid",
    "avoids",
    "detects",
    "detect",
    "scans",
    "scan",
    "hunts",
    "prohibited",
    "prohibits",
    "refuse",
];

/// Verbs of a checker that name a command as what it reports, in a sentence that describes
/// (`It also warns when a script pipes a download into a shell (curl ... | sh)`).
const REPORTING: &[&str] = &["warns", "warn", "audit", "audits", "lints", "reports"];

#[cfg(test)]
mod tests;
