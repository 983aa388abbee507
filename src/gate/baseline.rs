//! `--baseline`: findings a human reviewed and accepted.
//!
//! A finding's identity is its source, kind, entity name, rule, JSON path and the exact flagged
//! text, never its offset: an unrelated edit elsewhere in a description keeps an approval, and a
//! change to the flagged text voids it. Tools carry no kind part, and a single-source run no
//! source part, so files written before rune scanned prompts or configs stay valid.

use super::{FileProblem, GateFileError, digest, is_digest, shape, version_one};
use crate::json::{self, serial::Loose};
use crate::model::{Finding, Kind};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::Path;

pub(crate) const BASELINE_VERSION: u32 = 1;

/// The stable identity of a finding: the baseline entry and the SARIF `partialFingerprints`.
pub fn fingerprint(finding: &Finding) -> String {
    let mut parts: Vec<&str> = Vec::with_capacity(6);
    if let Some(source) = &finding.source {
        parts.push(source);
    }
    if finding.kind != Kind::Tool {
        parts.push(finding.kind.as_str());
    }
    parts.extend([
        finding.label.as_str(),
        finding.rule,
        finding.path.as_str(),
        finding.matched.as_str(),
    ]);
    digest(&parts)
}

/// One accepted finding as stored. Everything but the fingerprint is there for the reviewer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub kind: String,
    pub target: String,
    pub rule: String,
    pub path: String,
    pub source: Option<String>,
    pub fingerprint: String,
}

#[derive(Debug, Clone, Default)]
pub struct Baseline {
    pub entries: Vec<Entry>,
}

impl Baseline {
    /// Reads a baseline file; anything but a well-formed version-1 file is an error naming the
    /// problem, never an empty baseline.
    pub fn load(path: &Path) -> Result<Baseline, GateFileError> {
        let text = crate::files::read_text(path, "baseline")?;
        Baseline::parse(&text).map_err(|problem| GateFileError::Invalid {
            what: "baseline",
            path: path.to_path_buf(),
            problem,
        })
    }

    /// Reads a baseline from its text. Each problem is named by its JSON path, in a fixed
    /// order per entry (shape, fingerprint, then the reviewer's fields), so a file with several
    /// problems always reports the same one.
    pub fn parse(text: &str) -> Result<Baseline, FileProblem> {
        let value = json::parse(text)?;
        let file: Loose<'_, BaselineDoc<'_>> =
            json::serial::from_value(&value).map_err(|error| shape(error.to_string()))?;
        let Loose::Object(file) = file else {
            return Err(FileProblem::NotObject("baseline"));
        };
        version_one("baseline", &file.version)?;
        let Loose::List(findings) = file.findings else {
            return Err(shape("baseline \"findings\" must be a list".into()));
        };
        let entries = findings
            .into_iter()
            .enumerate()
            .map(|(index, entry)| {
                let Loose::Object(entry) = entry else {
                    return Err(shape(format!(
                        "baseline \"findings\"[{index}] must be an object, got {}",
                        entry.type_name()
                    )));
                };
                // Absent and null read as empty; any other non-string is refused.
                let field = |key: &str, member: &Loose<'_>| -> Result<String, FileProblem> {
                    match member {
                        Loose::Absent | Loose::Null => Ok(String::new()),
                        Loose::String(text) => Ok(text.to_string()),
                        other => Err(shape(format!(
                            "baseline \"findings\"[{index}].{key} must be a string, got {}",
                            other.type_name()
                        ))),
                    }
                };
                let fingerprint = field("fingerprint", &entry.fingerprint)?;
                if !is_digest(&fingerprint) {
                    return Err(shape(format!(
                        "baseline \"findings\"[{index}] has no valid fingerprint (64 lowercase hex digits)"
                    )));
                }
                let source = field("source", &entry.source)?;
                Ok(Entry {
                    kind: field("kind", &entry.kind)?,
                    target: field("target", &entry.target)?,
                    rule: field("rule", &entry.rule)?,
                    path: field("path", &entry.path)?,
                    source: (!source.is_empty()).then_some(source),
                    fingerprint,
                })
            })
            .collect::<Result<Vec<_>, FileProblem>>()?;
        let mut first = std::collections::HashMap::new();
        for (index, entry) in entries.iter().enumerate() {
            if let Some(earlier) = first.insert(entry.fingerprint.as_str(), index) {
                return Err(shape(format!(
                    "baseline \"findings\"[{index}] repeats the fingerprint of \"findings\"[{earlier}]: \
                     a finding is accepted once; re-run with --write-baseline to rewrite the baseline"
                )));
            }
        }
        Ok(Baseline { entries })
    }

    pub fn accepts(&self) -> HashSet<&str> {
        self.entries.iter().map(|entry| entry.fingerprint.as_str()).collect()
    }

    /// Entries that matched nothing in this scan, in file order, each fingerprint once. An
    /// entry approved on a source this run did not scan is not stale: rune did not look.
    pub fn stale<'a>(
        &'a self,
        findings: &[Finding],
        scanned_sources: &[Option<String>],
    ) -> Vec<&'a Entry> {
        let found: HashSet<String> = findings.iter().map(fingerprint).collect();
        let mut seen = HashSet::new();
        self.entries
            .iter()
            .filter(|entry| !found.contains(&entry.fingerprint))
            .filter(|entry| match &entry.source {
                Some(source) if scanned_sources.iter().any(Option::is_some) => {
                    scanned_sources.iter().any(|scanned| scanned.as_deref() == Some(source))
                }
                _ => true,
            })
            .filter(|entry| seen.insert(entry.fingerprint.as_str()))
            .collect()
    }
}

/// A baseline file as read: every member [`Loose`], judged by [`Baseline::parse`].
#[derive(Deserialize)]
struct BaselineDoc<'a> {
    #[serde(default, borrow)]
    version: Loose<'a>,
    #[serde(default, borrow)]
    findings: Loose<'a, EntryDoc<'a>>,
}

/// One accepted finding as read; `match` is for the reviewer and not read back.
#[derive(Deserialize)]
struct EntryDoc<'a> {
    #[serde(default, borrow)]
    kind: Loose<'a>,
    #[serde(default, borrow)]
    target: Loose<'a>,
    #[serde(default, borrow)]
    rule: Loose<'a>,
    #[serde(default, borrow)]
    path: Loose<'a>,
    #[serde(default, borrow)]
    source: Loose<'a>,
    #[serde(default, borrow)]
    fingerprint: Loose<'a>,
}

/// A baseline file as written (version 1).
#[derive(Serialize)]
struct BaselineFile<'a> {
    version: u32,
    findings: Vec<Row<'a>>,
}

/// One accepted finding as written: everything but the fingerprint is for the reviewer.
#[derive(Serialize)]
struct Row<'a> {
    kind: &'static str,
    target: &'a str,
    rule: &'static str,
    path: &'a str,
    #[serde(rename = "match")]
    matched: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
    fingerprint: String,
}

/// The baseline file accepting every one of `findings`, sorted so a review diff is readable.
pub fn render<'a>(findings: impl Iterator<Item = &'a Finding>) -> String {
    let mut rows: Vec<(String, Row<'a>)> = findings
        .map(|finding| {
            let fingerprint = fingerprint(finding);
            let key = format!(
                "{}\0{}\0{}\0{}\0{}\0{}",
                finding.source.as_deref().unwrap_or(""),
                finding.kind.as_str(),
                finding.label,
                finding.rule,
                finding.path,
                fingerprint
            );
            let row = Row {
                kind: finding.kind.as_str(),
                target: &finding.label,
                rule: finding.rule,
                path: &finding.path,
                matched: &finding.matched,
                source: finding.source.as_deref(),
                fingerprint,
            };
            (key, row)
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows.dedup_by(|a, b| a.0 == b.0);
    json::serial::to_pretty(&BaselineFile {
        version: BASELINE_VERSION,
        findings: rows.into_iter().map(|(_, row)| row).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{EntityId, Severity};

    fn finding(kind: Kind, label: &str, matched: &str, source: Option<&str>) -> Finding {
        let meta = crate::rules::find("data-exfiltration").expect("a registered rule").meta();
        Finding {
            meta,
            rule: meta.id,
            entity: EntityId { surface: 0, entity: 0 },
            severity: Severity::High,
            source: source.map(str::to_string),
            kind,
            label: label.into(),
            path: "description".into(),
            offset: 79,
            length: matched.chars().count(),
            matched: matched.into(),
            excerpt: String::new(),
            message: String::new(),
            confidence: 90,
        }
    }

    #[test]
    fn a_tool_fingerprint_has_no_kind_or_source_part() {
        let tool =
            finding(Kind::Tool, "sync_notes", "send it to https://collector.tk/ingest", None);
        assert_eq!(
            fingerprint(&tool),
            digest(&[
                "sync_notes",
                "data-exfiltration",
                "description",
                "send it to https://collector.tk/ingest"
            ])
        );
    }

    #[test]
    fn kind_and_source_separate_identities_and_offset_does_not() {
        let tool = finding(Kind::Tool, "x", "m", None);
        let prompt = finding(Kind::Prompt, "x", "m", None);
        let elsewhere = finding(Kind::Tool, "x", "m", Some("other"));
        let mut moved = tool.clone();
        moved.offset = 3;
        assert_ne!(fingerprint(&tool), fingerprint(&prompt));
        assert_ne!(fingerprint(&tool), fingerprint(&elsewhere));
        assert_eq!(fingerprint(&tool), fingerprint(&moved));
    }

    #[test]
    fn a_written_baseline_reads_back() {
        let findings = [finding(Kind::Prompt, "p", "m", None), finding(Kind::Tool, "t", "m", None)];
        let text = render(findings.iter());
        let baseline = Baseline::parse(&text).unwrap();
        assert_eq!(baseline.entries.len(), 2);
        assert_eq!(baseline.entries[0].kind, "prompt");
        assert!(baseline.accepts().contains(fingerprint(&findings[1]).as_str()));
        assert!(text.ends_with("]\n}\n"));
    }

    #[test]
    fn a_fingerprint_listed_twice_is_refused() {
        let text = render([finding(Kind::Tool, "t", "m", None)].iter());
        let start = text.find("    {").unwrap();
        let end = text.rfind("    }").unwrap() + 5;
        let one = &text[start..end];
        let doubled = text.replacen(one, &format!("{one},\n{one}"), 1);
        assert_eq!(
            Baseline::parse(&doubled).unwrap_err().to_string(),
            "baseline \"findings\"[1] repeats the fingerprint of \"findings\"[0]: a finding is \
             accepted once; re-run with --write-baseline to rewrite the baseline"
        );
    }

    #[test]
    fn a_corrupt_baseline_is_an_error_not_an_empty_one() {
        let good = digest(&["x"]);
        for (text, problem) in [
            ("", "not valid JSON"),
            ("{\"version\": 1, \"findings\": [", "not valid JSON"),
            ("[]", "must be a JSON object"),
            ("{\"version\": 2, \"findings\": []}", "unsupported baseline version 2"),
            ("{\"version\": \"1\", \"findings\": []}", "unsupported baseline version a string"),
            ("{\"findings\": []}", "no \"version\""),
            ("{\"version\": 1}", "\"findings\" must be a list"),
            ("{\"version\": 1, \"findings\": [3]}", "[0] must be an object"),
            ("{\"version\": 1, \"findings\": [{}]}", "no valid fingerprint"),
            (
                "{\"version\": 1, \"findings\": [{\"fingerprint\": \"abc\"}]}",
                "no valid fingerprint",
            ),
        ] {
            let error = Baseline::parse(text).unwrap_err().to_string();
            assert!(error.contains(problem), "{text}: {error}");
        }
        let ok = format!("{{\"version\": 1, \"findings\": [{{\"fingerprint\": \"{good}\"}}]}}");
        assert_eq!(Baseline::parse(&ok).unwrap().entries.len(), 1);
    }

    #[test]
    fn problems_are_named_in_a_fixed_order_whatever_the_key_order() {
        for (text, error) in [
            (
                "{\"version\": 1.0, \"findings\": []}",
                "unsupported baseline version 1.0, expected 1",
            ),
            ("{\"version\": null}", "unsupported baseline version null, expected 1"),
            (
                "{\"findings\": [{\"kind\": 3, \"fingerprint\": 5}], \"version\": 1}",
                "baseline \"findings\"[0].fingerprint must be a string, got a number",
            ),
            (
                "{\"version\": 1, \"findings\": [{\"match\": 3, \"fingerprint\": \"abc\"}]}",
                "baseline \"findings\"[0] has no valid fingerprint (64 lowercase hex digits)",
            ),
        ] {
            assert_eq!(Baseline::parse(text).unwrap_err().to_string(), error, "{text}");
        }
        let good = digest(&["x"]);
        let text = format!(
            "{{\"version\": 1, \"findings\": [{{\"path\": [], \"kind\": {{}}, \"fingerprint\": \"{good}\"}}]}}"
        );
        assert_eq!(
            Baseline::parse(&text).unwrap_err().to_string(),
            "baseline \"findings\"[0].kind must be a string, got an object"
        );
    }

    #[test]
    fn stale_entries_skip_sources_the_run_did_not_scan() {
        let seen = finding(Kind::Tool, "a", "m", Some("one"));
        let gone = finding(Kind::Tool, "b", "m", Some("one"));
        let unscanned = finding(Kind::Tool, "c", "m", Some("two"));
        let baseline = Baseline::parse(&render([&seen, &gone, &unscanned].into_iter())).unwrap();
        let stale = baseline.stale(std::slice::from_ref(&seen), &[Some("one".into())]);
        assert_eq!(stale.len(), 1);
        assert_eq!(stale[0].target, "b");
    }
}
