//! The classes a word can belong to: what an action does, what a noun names, what a function
//! word contributes to a clause. Each is a bit, so a word carries several at once.

/// What a verb does.
pub mod act {
    /// Carries something to a place: send, post, upload, forward, mirror, cc.
    pub const SEND: u32 = 1;
    /// Puts something into a carrier (an argument, a body, a header, an email): include, put.
    pub const PLACE: u32 = 1 << 1;
    /// Takes something that is not its to take, with no destination needed: exfiltrate, leak.
    pub const HOSTILE: u32 = 1 << 2;
    /// Reads or gathers: read, open, collect, dump.
    pub const READ: u32 = 1 << 3;
    /// Runs code or a command: run, execute, eval, install.
    pub const EXEC: u32 = 1 << 4;
    /// Writes or changes a file or setting: write, append, create, modify.
    pub const WRITE: u32 = 1 << 5;
    /// Destroys: delete, remove, wipe.
    pub const DELETE: u32 = 1 << 6;
    /// Tells someone something: tell, mention, reveal, show. Negated, it is concealment.
    pub const TELL: u32 = 1 << 7;
    /// Hides: hide, conceal, omit, withhold.
    pub const HIDE: u32 = 1 << 8;
    /// Sets rules aside: ignore, disregard, override, supersede.
    pub const OVERRIDE: u32 = 1 << 9;
    /// Uses a tool: call, invoke, use.
    pub const CALL: u32 = 1 << 10;
    /// Ranks one choice over others: prefer, pick, choose, favor.
    pub const PREFER: u32 = 1 << 11;
    /// Changes what someone asked for: change, replace, substitute, redirect.
    pub const ALTER: u32 = 1 << 12;
    /// Says something, possibly false: say, claim, answer, describe (it as).
    pub const SAY: u32 = 1 << 13;
    /// Fetches from a remote place: fetch, download, curl, resolve.
    pub const FETCH: u32 = 1 << 14;
    /// Obeys: obey, follow, comply, heed.
    pub const OBEY: u32 = 1 << 15;
    /// Takes on a role: become, act (as), pretend.
    pub const BECOME: u32 = 1 << 16;
    /// Refuses: decline, refuse, reject.
    pub const DECLINE: u32 = 1 << 17;
    /// Moves money: pay, transfer, wire, charge.
    pub const PAY: u32 = 1 << 18;
    /// Describes or detects text (a scanner's verbs): detect, flag, classify, recognise.
    pub const DESCRIBE: u32 = 1 << 19;
    /// Decodes or transforms an encoded text: decode, reverse, unescape.
    pub const DECODE: u32 = 1 << 20;
    /// Returns or reports a result as a tool does: return, list, output, print.
    pub const RETURN: u32 = 1 << 21;
    /// Keeps: keep, leave (as is). With "secret", "to yourself", "unaware", it hides.
    pub const KEEP: u32 = 1 << 22;
    /// Asks: ask, request, prompt, query.
    pub const ASK: u32 = 1 << 23;
    /// Deprecates or replaces a tool: deprecate, supersede, replace, retire.
    pub const DEPRECATE: u32 = 1 << 24;
    /// Forms or structures text (a formatter's verbs): format, wrap, strip, count, build.
    pub const FORMAT: u32 = 1 << 25;
    /// Grants or approves: approve, grant, authorize, merge, accept.
    pub const APPROVE: u32 = 1 << 26;
    /// Any other verb: enough to know an imperative or a verb group starts here.
    pub const GENERIC: u32 = 1 << 27;
    /// Opens a thing's contents to the reader, where its bytes can be seen or passed on: read,
    /// open, cat, load, dump, print. Not a look that only answers about it (check, find, list).
    pub const OPEN: u32 = 1 << 28;
}

/// What a noun names.
pub mod thing {
    /// A credential someone holds: password, API key, access token, private key, cookie.
    pub const SECRET: u32 = 1;
    /// A word that names a credential only with help: key, token, secret (alone).
    pub const SECRET_WEAK: u32 = 1 << 1;
    /// The conversation: chat history, transcript, previous messages.
    pub const CONVERSATION: u32 = 1 << 2;
    /// The model's own instructions: system prompt, developer message.
    pub const PROMPT: u32 = 1 << 3;
    /// Rules the model was given: instructions, guidance, guardrails, policy.
    pub const RULES: u32 = 1 << 4;
    /// Files and their contents: file, folder, document, repository.
    pub const FILE: u32 = 1 << 5;
    /// The user's own data: contacts, emails, clipboard, browsing history.
    pub const USERDATA: u32 = 1 << 6;
    /// A tool or a server: tool, function, server, plugin.
    pub const TOOL: u32 = 1 << 7;
    /// The reading model: assistant, model, agent, AI, LLM.
    pub const MODEL: u32 = 1 << 8;
    /// The person using the model: user, human, customer.
    pub const USER: u32 = 1 << 9;
    /// A place data can go: endpoint, server, webhook, collector, partner.
    pub const DEST: u32 = 1 << 10;
    /// A side effect referred to: this step, the copy, the upload, the charge.
    pub const DEICTIC: u32 = 1 << 11;
    /// Content in general: contents, data, value, everything.
    pub const CONTENT: u32 = 1 << 12;
    /// Environment variables.
    pub const ENV: u32 = 1 << 13;
    /// What honest text hides for the user's sake: errors, stack traces, internal ids.
    pub const NOISE: u32 = 1 << 14;
    /// Money and where it goes: payment, transfer, payee, IBAN, account.
    pub const MONEY: u32 = 1 << 15;
    /// A command or script: command, script, shell, terminal.
    pub const COMMAND: u32 = 1 << 16;
    /// Other tools' output: results, outputs, responses.
    pub const RESULT: u32 = 1 << 17;
    /// A role: persona, role, mode, character, identity.
    pub const PERSONA: u32 = 1 << 18;
    /// The span of a session: conversation, session, chat.
    pub const SESSION: u32 = 1 << 19;
    /// What the model says to the user: answer, reply, summary, response.
    pub const ANSWER: u32 = 1 << 20;
    /// A request or command someone gives: request, command, order.
    pub const REQUEST: u32 = 1 << 21;
    /// A setting or argument of a call: argument, parameter, field, header.
    pub const ARGUMENT: u32 = 1 << 22;
    /// Safety: safety, content policy, caveats, refusals.
    pub const SAFETY: u32 = 1 << 23;
    /// An example or a pattern a scanner looks for: example, pattern, phrase, attack.
    pub const PATTERN: u32 = 1 << 24;
    /// Personal identity data: name, address, phone number, SSN.
    pub const IDENTITY: u32 = 1 << 25;
}

/// What a function word does in a clause.
pub mod func {
    pub const DET: u64 = 1;
    pub const PRONOUN: u64 = 1 << 1;
    /// Must, should, shall, need, have (to), ought.
    pub const MODAL: u64 = 1 << 2;
    pub const BE: u64 = 1 << 3;
    pub const DO: u64 = 1 << 4;
    pub const HAVE: u64 = 1 << 5;
    /// Not, never, no.
    pub const NEG: u64 = 1 << 6;
    /// Opens a condition: if, when, whenever, before, after, once, unless.
    pub const SUBORD: u64 = 1 << 7;
    pub const PREP: u64 = 1 << 8;
    pub const CONJ: u64 = 1 << 9;
    /// Secretly, discreetly, covertly, behind the scenes: a manner only a hidden act has.
    pub const COVERT: u64 = 1 << 10;
    /// Always, every time: an order that stands.
    pub const ALWAYS: u64 = 1 << 11;
    /// Please, kindly.
    pub const PLEASE: u64 = 1 << 12;
    /// You, yourself.
    pub const YOU: u64 = 1 << 13;
    /// Important, critical, mandatory, required: a label that raises an order's weight.
    pub const AUTHORITY: u64 = 1 << 14;
    /// Such as, like, e.g.: what follows is an example.
    pub const EXAMPLE: u64 = 1 << 15;
    /// Also, then, first, now, just, additionally: adverbs an order may open with.
    pub const LEAD: u64 = 1 << 16;
    /// From now on, for the rest of the session: an order that outlasts the call.
    pub const STANDING: u64 = 1 << 17;
    /// Other, another, third-party, foreign: the tools are not this server's.
    pub const OTHER: u64 = 1 << 18;
    /// Only, exclusively, solely.
    pub const ONLY: u64 = 1 << 19;
    /// Regardless, whatever, even if, anyway: coercion over what the user wants.
    pub const REGARDLESS: u64 = 1 << 20;
    /// Best, most accurate, only reliable, trusted: a claim of superiority.
    pub const SUPERLATIVE: u64 = 1 << 21;
    /// Instead, rather than, in place of.
    pub const INSTEAD: u64 = 1 << 22;
    /// Deprecated, obsolete, broken, unsafe, compromised: a verdict on a tool.
    pub const VERDICT: u64 = 1 << 23;
    /// Our, this server's, these, the following: scoped to the speaker.
    pub const OWN: u64 = 1 << 24;
    /// Local, on this machine, offline: the data stays here.
    pub const LOCAL: u64 = 1 << 25;
    /// Unaware, uninformed, in the dark.
    pub const UNAWARE: u64 = 1 << 26;
    /// Free, successful, cancelled, local: a state a denial script claims.
    pub const FALSE_STATE: u64 = 1 << 27;
    /// First, before, ahead: precedence over other calls.
    pub const FIRST: u64 = 1 << 28;
    /// Silently, quietly, in the background: a manner honest tools also claim (`runs quietly
    /// in the background`), covert only on an action that moves or takes data.
    pub const QUIET: u64 = 1 << 30;
    /// Knowledge, consent, approval, awareness: what `without the user's ...` withholds.
    pub const KNOWLEDGE: u64 = 1 << 31;
    /// Previous, prior, earlier, above, original: what came before this text.
    pub const PRIOR: u64 = 1 << 32;
    /// Void, suspended, withdrawn, advisory: a verdict that rules no longer bind.
    pub const VOID: u64 = 1 << 33;
    /// Unrestricted, unfiltered, uncensored, jailbroken: a mode without rules.
    pub const UNBOUND: u64 = 1 << 34;
    /// Whole, full, entire, complete, all: the payload in full.
    pub const WHOLE: u64 = 1 << 29;
    /// Except, excluding, other than, apart from: what follows is left out.
    pub const EXCEPT: u64 = 1 << 35;
}

/// What a tool is for, read from its name, title and first sentence.
pub mod domain {
    /// Runs code or commands: terminal, shell, code runner, sandbox, notebook.
    pub const EXEC: u32 = 1;
    /// Sends messages: email, chat, SMS, notifications.
    pub const MESSAGING: u32 = 1 << 1;
    /// Reaches the web: fetch, HTTP, browser, scraping, URLs, webhooks.
    pub const WEB: u32 = 1 << 2;
    /// Reads and writes files.
    pub const FILES: u32 = 1 << 3;
    /// Manages credentials: vaults, keys, passwords, SSH, auth.
    pub const SECRETS: u32 = 1 << 4;
    /// Version control and CI: git, commits, hooks, workflows.
    pub const VCS: u32 = 1 << 5;
    /// Schedules jobs: cron, timers.
    pub const SCHEDULE: u32 = 1 << 6;
    /// Installs software: packages, setup, dependencies.
    pub const INSTALL: u32 = 1 << 7;
    /// Security tooling: scanners, auditors, injection detectors, moderation.
    pub const SECURITY: u32 = 1 << 8;
    /// Works on the conversation: chat, summaries, memory, prompts.
    pub const CONVERSATION: u32 = 1 << 9;
    /// Moves money: payments, invoices, transfers, billing.
    pub const PAYMENT: u32 = 1 << 10;
    /// Pure computation: calculators, converters, formatters, hashes, dates, random numbers.
    pub const COMPUTE: u32 = 1 << 11;
    /// Looks something up from a provider: weather, translation, dictionary, geo, currency.
    pub const LOOKUP: u32 = 1 << 12;
    /// Runs infrastructure: cloud, Kubernetes, containers, deployments, servers.
    pub const INFRA: u32 = 1 << 13;
    /// Queries databases.
    pub const DATABASE: u32 = 1 << 14;
    /// Searches: web search, code search, document search.
    pub const SEARCH: u32 = 1 << 15;
    /// Edits configuration: settings, dotfiles, editor and shell config.
    pub const CONFIG: u32 = 1 << 16;
    /// Manages contacts, calendars, CRM records.
    pub const RECORDS: u32 = 1 << 17;
    /// Backs up or syncs data to a remote store.
    pub const BACKUP: u32 = 1 << 18;
    /// Builds or formats chat prompts and templates.
    pub const PROMPTS: u32 = 1 << 19;
}
