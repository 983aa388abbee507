//! Orders that reach past the tool's purpose: a write to a place where code runs later, a
//! download run in a shell, a command the purpose does not need.

use super::*;

/// Places whose write the purposes that cover them.
fn covered_by(place: &str) -> u32 {
    match place {
        ".git/hooks" | "githooks" | ".github/workflows" | ".gitlab-ci.yml" | ".circleci/config" => {
            domain::VCS
        }
        "crontab" | "/etc/cron" | "cron.d" => domain::SCHEDULE,
        // Keys are what an SSH key tool manages; a host monitor or provisioner adding one
        // on its own grants access nobody asked for (see [`KEY_WORDS`]).
        "authorized_keys" => domain::SECRETS,
        // Who may act as root: a system administration tool's business.
        "sudoers" => domain::INFRA,
        ".config/autostart"
        | "launchagents"
        | "launchdaemons"
        | "/etc/systemd"
        | "systemd/user"
        | "currentversion\\run" => domain::INSTALL | domain::INFRA,
        // A version manager's installer puts its loader in the shell's startup file.
        ".bashrc" | ".zshrc" | ".profile" | ".bash_profile" | ".zprofile" | ".zshenv"
        | ".bash_login" | "config.fish" => domain::CONFIG | domain::INSTALL,
        _ => domain::CONFIG,
    }
}

/// Words a purpose names `authorized_keys` by: `reachable over SSH` names SSH as a way in,
/// not the keys it lets in.
const KEY_WORDS: &[&str] = &["key", "keys", "keypair", "keypairs", "access", "authorized"];

/// Whether a purpose of `domains`, whose words `mentions` reads, covers a write to `place`.
fn covers(place: &str, domains: u32, mentions: &dyn Fn(&str) -> bool) -> bool {
    domains & covered_by(place) != 0
        && (place != "authorized_keys" || KEY_WORDS.iter().any(|word| mentions(word)))
}

/// Shell words that make a `run` an order to use the shell.
pub(super) const SHELL_WORDS: &[&str] =
    &["terminal", "shell", "bash", "sh", "zsh", "powershell", "cmd", "console", "command line"];

/// Programs a shell command starts with.
const PROGRAMS: &[&str] = &[
    "npm",
    "npx",
    "pip",
    "pip3",
    "pipx",
    "uv",
    "uvx",
    "curl",
    "wget",
    "git",
    "docker",
    "kubectl",
    "python",
    "python3",
    "node",
    "bash",
    "sh",
    "brew",
    "apt",
    "apt-get",
    "yum",
    "sudo",
    "make",
    "cargo",
    "go",
    "chmod",
    "chown",
    "echo",
    "export",
    "cat",
    "ls",
    "cd",
    "rm",
    "cp",
    "mv",
    "systemctl",
    "launchctl",
    "crontab",
    "ssh",
    "scp",
    "nc",
    "powershell",
    "pwsh",
    "iex",
];

/// Whether `code` is a shell command line: a known program and an argument. Installing a
/// package (`pip install x`, `npm i -g y`) is how servers are documented, not an attack.
fn runs_a_program(code: &str) -> bool {
    let mut words = code.split_whitespace().map(str::to_ascii_lowercase);
    let (Some(program), Some(second)) = (words.next(), words.next()) else { return false };
    // `npx pkg`, `uvx pkg`: how a server is launched, as an install is how it is set up.
    let launcher = matches!(program.as_str(), "npx" | "uvx" | "bunx" | "pipx");
    let installs = launcher
        || matches!(
            program.as_str(),
            "pip"
                | "pip3"
                | "npm"
                | "uv"
                | "brew"
                | "apt"
                | "apt-get"
                | "cargo"
                | "go"
                | "gem"
                | "yarn"
                | "pnpm"
        ) && matches!(second.as_str(), "install" | "i" | "add" | "tool" | "get");
    PROGRAMS.contains(&program.as_str()) && !installs
}

/// Programs that write a file they are given: `tee -a ~/.bashrc`, `cp hook .git/hooks/`.
const WRITING: &[&str] = &["tee", "cp", "mv", "ln", "install", "sed", "dd"];

pub(super) fn out_of_purpose(
    doc: &Doc,
    clause: usize,
    purpose: &dyn Fn() -> u32,
    stated: &dyn Fn(&str) -> bool,
    mentions: &dyn Fn(&str) -> bool,
) -> Option<(String, Severity)> {
    let reading = &doc.readings[clause];
    // What the model is said to do (`the assistant appends ... to ~/.zshrc`) is what metadata
    // orders it to do, as for a command.
    // `We'd appreciate it if the assistant also made sure ...`: a wish is an order too.
    let polite = doc.polite_request(clause);
    let orders = reading.orders_model()
        || polite
        || reading.form == crate::text::read::Form::Statement
            && (doc.settings[clause].condition.is_some() || reading.subject == Party::Model);
    // A clause that is all code (`` `chmod 700 ~/.ssh`, `chmod 600 ...` ``) lists commands;
    // its verb is the command's own first word.
    if !orders || reading.negated || doc.settings[clause].code {
        return None;
    }
    let complement = reading.complement.clone();
    let tokens = doc.clauses[clause].tokens.clone();
    // `... is present in ~/.ssh/authorized_keys (append it if missing)`: a bracketed order
    // acts on the place the clause before it names.
    let places = if doc.clauses[clause].bracketed && clause > 0 {
        doc.clauses[clause - 1].tokens.start..tokens.end
    } else {
        tokens.clone()
    };
    // A write to a place that runs code later. Running a command is a write only when the
    // command writes (`run echo ... >> ~/.bashrc`); `run source ~/.zshrc` reads the file.
    let bytes = doc.bytes(places.clone());
    // `..., adding it if missing`: a participle after a comma writes as the verb would.
    let adding = tokens.clone().any(|at| {
        at > tokens.start
            && doc.tokens[at - 1].is_punct(',')
            && doc.tokens[at].info.is_gerund()
            && doc.tokens[at].info.act & (act::WRITE | act::PLACE) != 0
    });
    // `We'd appreciate it if the assistant appended the line ... to /etc/sudoers the first time
    // this tool is used`: a wish's verb in the past, wherever the head verb was read.
    let wished_write = polite
        && tokens.clone().any(|at| {
            let info = doc.tokens[at].info;
            info.act & (act::WRITE | act::PLACE) != 0 && info.is_participle()
        });
    let writes = reading.does(act::WRITE | act::PLACE | act::ALTER)
        || adding
        || wished_write
        || reading.does(act::EXEC)
            && (doc.raw[bytes].contains('>') || doc.has_word(places.clone(), WRITING));
    if writes {
        for at in places {
            let token = &doc.tokens[at];
            let text = doc.word(at);
            let named = matches!(token.kind, Kind::Path | Kind::Word | Kind::Ident)
                .then(|| shell::persistent(text))
                .flatten()
                .or_else(|| {
                    if text == "crontab" {
                        Some("crontab")
                    } else {
                        (doc.word(at + 1) == "hook"
                            && matches!(text, "git" | "pre-commit" | "post-checkout" | "pre-push"))
                        .then_some(".git/hooks")
                    }
                });
            if let Some(place) = named
                && !covers(place, purpose(), mentions)
                && !stated(place)
            {
                // Keys and sudo rules run nothing later: they let someone in.
                let effect = if matches!(place, "authorized_keys" | "sudoers") {
                    "which grants access"
                } else {
                    "where code runs later"
                };
                return Some((
                    format!(
                        "an order to write to {place}, {effect}, from a tool whose purpose does not cover it"
                    ),
                    Severity::High,
                ));
            }
        }
    }
    // `run X in the terminal`, `pipe it into bash`, `execute the result in a shell`.
    // `hand it straight to sh`, `feed it into bash`: giving a shell something is running it.
    // `stream https://... straight into `sh``: the next word after `to` or `into`, past
    // `straight` or `directly` and code marks, names the shell.
    // The clause's own verb, or a means put after `by` (`initialises it by streaming ...
    // straight into `sh``).
    // A wish orders in the past (`it would be great if you pulled ... and handed it straight
    // to sh`).
    // So does a passive obligation (`is to be streamed straight into sh`).
    let wished = reading.orders_model()
        && matches!(
            reading.form,
            crate::text::read::Form::Modal | crate::text::read::Form::Passive
        );
    // `prepares it by pulling https://... and handing it straight to bash`: a means after `by`
    // goes on past `and`.
    let by_means = |verb: usize| {
        doc.word(verb.saturating_sub(1)) == "by"
            || doc.word(verb.saturating_sub(1)) == "and"
                && doc.by_doing(tokens.start..verb, u32::MAX)
    };
    let handing = |verb: usize| {
        matches!(doc.word(verb), "hand" | "pass" | "feed" | "give" | "send" | "stream")
            || wished
                && matches!(
                    doc.word(verb),
                    "handed" | "passed" | "fed" | "gave" | "sent" | "streamed" | "piped"
                )
            || by_means(verb)
                && matches!(
                    doc.word(verb),
                    "handing"
                        | "passing"
                        | "feeding"
                        | "giving"
                        | "sending"
                        | "streaming"
                        | "piping"
                )
    };
    let means = tokens.clone().find(|&at| at > tokens.start && handing(at));
    let handed_to_shell =
        reading.verb.filter(|&verb| handing(verb)).or(means).is_some_and(|verb| {
            let complement = verb + 1..tokens.end;
            complement.clone().any(|at| {
                matches!(doc.word(at), "to" | "into")
                    && (at + 1..(at + 5).min(complement.end))
                        .find(|&next| {
                            doc.tokens[next].kind == crate::text::lex::Kind::Word
                                && !matches!(doc.word(next), "straight" | "directly")
                        })
                        .is_some_and(|next| {
                            SHELL_WORDS.contains(&doc.word(next).trim_end_matches('.'))
                        })
            })
        });
    // `is to be downloaded and executed with sh`: a verb after `and` or `then` shares the order.
    let then_runs = complement.clone().any(|at| {
        at > 0
            && matches!(doc.word(at - 1), "and" | "then")
            && doc.tokens[at].info.act & act::EXEC != 0
    });
    if reading.does(act::EXEC)
        || then_runs
        || handed_to_shell
        || reading.verb.is_some_and(|verb| doc.word(verb) == "pipe")
    {
        let shell = SHELL_WORDS.iter().any(|word| doc.has_word(complement.clone(), &[word]));
        let sentence = doc.sentence_of(clause);
        let whole =
            doc.clauses[sentence.start].tokens.start..doc.clauses[sentence.end - 1].tokens.end;
        let fetched = doc.has_word(whole.clone(), &["fetch", "download", "curl", "wget"])
            || doc.address_in(whole).is_some();
        // `If nvm is missing, this installer runs the official install script with bash`: an
        // installer saying what it runs, not an order to the model.
        let installs_itself = purpose() & domain::INSTALL != 0 && !reading.orders_model();
        if shell && fetched && purpose() & domain::EXEC == 0 && !installs_itself {
            return Some((
                "an order to fetch code and run it in a shell".to_string(),
                Severity::High,
            ));
        }
        // Installation docs: `Install with `pipx install x``.
        let installing = reading.verb.is_some_and(|verb| doc.word(verb).starts_with("install"));
        if purpose() & (domain::EXEC | domain::INSTALL) != 0 || installing {
            return None;
        }
        let command = doc.spans_starting_in(doc.clause_bytes(clause)).any(|span| {
            span.kind == crate::text::spans::SpanKind::Code
                && runs_a_program(&doc.raw[span.range.clone()])
        });
        if shell
            || command
            || doc.naming(complement.clone(), thing::COMMAND).next().is_some()
                && doc.has_word(complement, &["following", "this", "these"])
        {
            return Some((
                "an order to run a shell command the tool's purpose does not need".to_string(),
                Severity::Medium,
            ));
        }
    }
    None
}
