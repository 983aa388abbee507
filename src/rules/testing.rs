//! Test support shared by every rule's unit tests: run a rule the way the scanner does.

use crate::rules::Text;
use crate::rules::lexicon::GatedPatterns;
use crate::rules::{Hit, TextRule};

/// The hits `rule` reports on `input`, checking that the rule's trigger words admit every
/// string it fires on (a missing trigger would silently lose the detection in a real scan).
pub fn hits(rule: &dyn TextRule, input: &str) -> Vec<Hit> {
    let text = Text::new(input);
    let mut hits = Vec::new();
    rule.check(&text, &mut hits);
    assert!(hits.is_empty() || text.may_fire(rule), "{}: no trigger in {input:?}", rule.meta().id);
    hits
}

/// The findings of rule `id` when a whole scan reads `manifest` (JSON), for rules that need an
/// entity's scope: its purpose, its parameters, where a string sits.
pub fn scanned(manifest: &str, id: &str) -> Vec<crate::model::Finding> {
    let entities = crate::source::manifest::read_manifest(manifest).expect("valid test manifest");
    let surfaces = [crate::model::Surface { source: None, entities }];
    crate::scan::scan(&surfaces).into_iter().filter(|finding| finding.rule == id).collect()
}

/// The substrings of `input` that `rule` flags at its own severity (what blocks at its level).
pub fn flagged<'a>(rule: &dyn TextRule, input: &'a str) -> Vec<&'a str> {
    hits(rule, input)
        .into_iter()
        .filter(|hit| hit.severity.is_none())
        .map(|hit| &input[hit.start..hit.end])
        .collect()
}

/// Asserts that `rule` flags `input` at its own severity, showing the clause readings if not.
pub fn assert_fires(rule: &dyn TextRule, input: &str) {
    assert!(
        !flagged(rule, input).is_empty(),
        "should fire: {input:?}\n{:#?}",
        crate::text::Doc::new(input).describe()
    );
}

/// Asserts that `rule` flags nothing in `input` at its own severity.
pub fn assert_clean(rule: &dyn TextRule, input: &str) {
    let flagged = flagged(rule, input);
    assert!(
        flagged.is_empty(),
        "should stay quiet: {input:?} {flagged:?}\n{:#?}",
        crate::text::Doc::new(input).describe()
    );
}

/// The flagged substrings of `input`, each hit carrying `message` at the rule's own severity.
pub fn spans_with<'a>(rule: &dyn TextRule, input: &'a str, message: &str) -> Vec<&'a str> {
    let hits = hits(rule, input);
    assert!(hits.iter().all(|hit| hit.message == message && hit.severity.is_none()), "{hits:?}");
    hits.iter().map(|hit| &input[hit.start..hit.end]).collect()
}

/// Every string of every case in `corpus/` and `corpus/real-world/`: attacks, hard negatives
/// and real servers' metadata.
pub fn corpus_strings() -> Vec<String> {
    let mut strings = Vec::new();
    for folder in ["corpus", "corpus/real-world"] {
        strings_in(std::path::Path::new(folder), &mut strings);
    }
    strings
}

/// Every string of every case file (`*.json`) directly in `folder`, pushed onto `strings`.
fn strings_in(folder: &std::path::Path, strings: &mut Vec<String>) {
    let entries = std::fs::read_dir(folder).expect("the corpus is checked in");
    for entry in entries {
        let path = entry.expect("corpus entries are readable").path();
        if path.extension().is_none_or(|extension| extension != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("corpus files are readable");
        let value = crate::json::parse(&text).expect("corpus files are JSON");
        crate::json::walk::string_leaves(&value, &mut |_, leaf| strings.push(leaf.to_string()));
    }
}

/// [`corpus_strings`] with every blind round's (`corpus/blind/round-N/`), each text once.
pub fn every_corpus_string() -> Vec<String> {
    let mut strings = corpus_strings();
    let rounds = std::fs::read_dir("corpus/blind").expect("the blind rounds are checked in");
    for round in rounds {
        strings_in(&round.expect("corpus entries are readable").path(), &mut strings);
    }
    let mut seen = std::collections::HashSet::new();
    strings.retain(|text| seen.insert(text.clone()));
    strings
}

/// Checks the promise [`Doc::may_govern_model`](crate::text::Doc::may_govern_model) makes to
/// a rule that reads only the clauses it lets through: every clause `judge` fires on, in
/// every corpus string (attacks of every round, hard negatives, real servers), passes it.
pub fn assert_conduct_gate_covers(judge: impl Fn(&crate::text::Doc, usize) -> bool) {
    let mut fired = 0;
    for text in every_corpus_string() {
        let doc = crate::text::Doc::new(&text);
        for clause in (0..doc.clauses.len()).filter(|&clause| judge(&doc, clause)) {
            fired += 1;
            let bytes = doc.clause_bytes(clause);
            assert!(doc.may_govern_model(clause), "gated out: {:?} in {text:?}", &text[bytes]);
        }
    }
    assert!(fired > 100, "the corpus holds orders the rule fires on");
}

/// Checks the promise a gate makes: every match each entry's pattern finds, with no gate in
/// the way, in `extra` and in every corpus string, holds one of that entry's stems.
pub fn assert_stems_cover_matches(gated: &GatedPatterns, extra: &[&str]) {
    let corpus = corpus_strings();
    let texts = extra.iter().copied().chain(corpus.iter().map(String::as_str));
    let mut matches = 0;
    for text in texts {
        for (entry, found) in gated.ungated_matches(text.as_bytes()) {
            let matched = text[found].to_ascii_lowercase();
            assert!(gated.stems_of(entry).iter().any(|stem| matched.contains(stem)), "{matched:?}");
            matches += 1;
        }
    }
    assert!(matches > 0, "the check saw no match at all");
}
