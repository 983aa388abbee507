//! The invariants the fuzz targets check, stated once.
//!
//! Beyond "no panic": every finding is located inside a string of its entity; everything that
//! reaches a terminal is free of control and direction-changing characters; every file rune
//! writes (JSON report, SARIF log, baseline, pin) reads back; and redaction leaves no
//! credential outside a `<redacted>` marker.

use rune::gate::baseline::{self, Baseline};
use rune::gate::pin::Pin;
use rune::json;
use rune::model::{Finding, Surface};
use rune::report::{self, Report, escape::escape};
use rune::json::walk::string_leaves;

/// A character that must never reach a terminal as itself: a control character (C0, DEL,
/// C1), a bidi mark, embedding, override or isolate, or a lone-surrogate carrier.
fn unsafe_on_a_terminal(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        || json::carried_surrogate(c).is_some()
}

/// `escape` leaves no character a terminal would act on.
pub fn check_escaped(text: &str) {
    let escaped = escape(text);
    if let Some(c) = escaped.chars().find(|&c| unsafe_on_a_terminal(c)) {
        panic!("escape({text:?}) kept U+{:04X}: {escaped:?}", u32::from(c));
    }
}

/// Text meant for a terminal, lines and all: nothing unsafe but the line breaks.
fn check_terminal_text(what: &str, text: &str) {
    if let Some(c) = text.chars().find(|&c| c != '\n' && unsafe_on_a_terminal(c)) {
        panic!("the {what} holds U+{:04X}:\n{text}", u32::from(c));
    }
}

/// The finding's span lies inside a string at its path in its entity.
fn check_location(surfaces: &[Surface], finding: &Finding) {
    let entity = &surfaces[finding.entity.surface].entities[finding.entity.entity];
    let mut lengths = Vec::new();
    string_leaves(&entity.value, &mut |path, text| {
        if path == finding.path {
            lengths.push(text.chars().count());
        }
    });
    // A key holding `.` can make two paths alike: the span must fit one of them.
    let end = finding.offset + finding.length;
    assert!(
        lengths.iter().any(|&length| end <= length),
        "{} at {:?} {}+{} lies outside every string there ({lengths:?} code points)",
        finding.rule,
        finding.path,
        finding.offset,
        finding.length
    );
}

/// Scans `surfaces` and checks every invariant of the findings and of each output.
pub fn check_scan(surfaces: &[Surface]) {
    let findings = rune::scan::scan(surfaces);
    for finding in &findings {
        check_location(surfaces, finding);
        let texts =
            [&finding.label, &finding.path, &finding.matched, &finding.excerpt, &finding.message];
        for text in texts {
            check_escaped(text);
        }
    }
    for surface in surfaces {
        for entity in &surface.entities {
            check_escaped(&entity.label());
        }
    }

    let accepted = Baseline::parse(&baseline::render(findings.iter()))
        .unwrap_or_else(|problem| panic!("a written baseline does not read back: {problem}"));
    let scanned: Vec<Option<String>> =
        surfaces.iter().map(|surface| surface.source.clone()).collect();
    assert!(accepted.stale(&findings, &scanned).is_empty(), "a baseline of this scan is stale");

    let pin = Pin::of(surfaces);
    let reread = Pin::parse(&pin.render())
        .unwrap_or_else(|problem| panic!("a written pin does not read back: {problem}"));
    assert_eq!(reread, pin, "a written pin reads back different");

    let report = Report::new(surfaces, findings);
    let style = report::text::Style { colour: false, quiet: false };
    check_terminal_text("text report", &report::text::render(&report, style));
    check_terminal_text("notices", &report::text::notices(&report));
    let rendered = report::json::render(&report);
    if let Err(error) = json::parse(&rendered) {
        panic!("the JSON report does not parse again: {error}\n{rendered}");
    }
    let artifacts = vec![None; surfaces.len()];
    let sarif = report::sarif::render(&report, &artifacts);
    if let Err(error) = json::parse(&sarif) {
        panic!("the SARIF log does not parse again: {error}\n{sarif}");
    }
}

/// Every occurrence in `text` of a secret of 8 or more characters (the shortest rune redacts)
/// overlaps a `<redacted>` marker: no credential shows outside one.
pub fn check_redacted(text: &str, secrets: &[String]) {
    const MARKER: &str = "<redacted>";
    let markers: Vec<(usize, usize)> =
        text.match_indices(MARKER).map(|(at, _)| (at, at + MARKER.len())).collect();
    for secret in secrets.iter().filter(|secret| secret.chars().count() >= 8) {
        let mut from = 0;
        while let Some(found) = text[from..].find(secret.as_str()) {
            let (start, end) = (from + found, from + found + secret.len());
            assert!(
                markers.iter().any(|&(mark_start, mark_end)| start < mark_end && mark_start < end),
                "secret {secret:?} shows in {text:?}"
            );
            from = start + text[start..].chars().next().map_or(1, char::len_utf8);
        }
    }
}
