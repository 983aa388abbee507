//! `--sarif`: SARIF 2.1.0 for GitHub and GitLab code scanning, built with serde-sarif.
//!
//! Every rule is listed in registry order with help, a `helpUri` to its README section, the
//! `security` tag and a `security-severity`, so code scanning treats the results as security
//! alerts. Each result quotes the exact flagged text (escaped) and carries the baseline identity
//! as its `partialFingerprints`, so the platform tracks one finding across runs. rune knows no
//! source line inside a manifest, so a result's place is a logical location (the entity and the
//! JSON path) beside the file it came from.

use super::{Report, ServerStatus};
use crate::escape::escape;
use crate::gate::baseline::fingerprint;
use crate::json;
use crate::model::{Finding, Severity};
use crate::rules::REGISTRY;
use serde_sarif::sarif::{
    ArtifactLocation, Invocation, Location, LogicalLocation, Message, MultiformatMessageString,
    Notification, PhysicalLocation, PropertyBag, ReportingConfiguration, ReportingDescriptor,
    Result as SarifResult, ResultLevel, Run, Sarif, Tool, ToolComponent,
};
use std::collections::BTreeMap;

pub(crate) const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// The key rune's stable identity goes under in `partialFingerprints`.
pub(crate) const FINGERPRINT_KEY: &str = "runeFingerprint/v1";

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low => "note",
    }
}

fn result_level(severity: Severity) -> ResultLevel {
    match severity {
        Severity::High => ResultLevel::Error,
        Severity::Medium => ResultLevel::Warning,
        Severity::Low => ResultLevel::Note,
    }
}

/// GitHub reads 7.0 and up as high, 4.0 to 6.9 as medium.
fn security_severity(severity: Severity) -> &'static str {
    match severity {
        Severity::High => "8.0",
        Severity::Medium => "5.0",
        Severity::Low => "2.0",
    }
}

/// A file path as a URI reference: unreserved characters and `/` as they are, the rest
/// percent-encoded, so a path with a space or `#` still names the file. An absolute path becomes
/// a `file://` URI (a relative reference must not start with a slash). A live endpoint's public
/// URL is already a URI and is kept as it is.
fn path_uri(path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        return path.to_string();
    }
    let mut uri = String::with_capacity(path.len() + 7);
    if path.starts_with('/') {
        uri.push_str("file://");
    }
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

fn rules() -> Vec<ReportingDescriptor> {
    REGISTRY
        .iter()
        .map(|rule| {
            let meta = rule.meta();
            let mut properties = BTreeMap::new();
            properties.insert(
                "security-severity".to_string(),
                serde_json::Value::from(security_severity(meta.severity)),
            );
            properties.insert("precision".to_string(), serde_json::Value::from("high"));
            let help = format!("rune rule {}: {}. See {}", meta.id, meta.summary, meta.help_uri());
            ReportingDescriptor::builder()
                .id(meta.id)
                .short_description(MultiformatMessageString::builder().text(meta.summary).build())
                .full_description(
                    MultiformatMessageString::builder()
                        .text(format!("{}: {}.", meta.id, meta.summary))
                        .build(),
                )
                .help(MultiformatMessageString::builder().text(help).build())
                .help_uri(meta.help_uri())
                .default_configuration(
                    ReportingConfiguration::builder()
                        .level(serde_json::Value::from(level(meta.severity)))
                        .build(),
                )
                .properties(
                    PropertyBag::builder()
                        .tags(vec!["security".to_string()])
                        .additional_properties(properties)
                        .build(),
                )
                .build()
        })
        .collect()
}

fn result(report: &Report, finding: &Finding, artifact: Option<&str>) -> SarifResult {
    let entity = report.entities.iter().find(|entity| entity.id == finding.entity);
    let source = match &finding.source {
        Some(source) => format!("{} / ", escape(source)),
        None => String::new(),
    };
    let text = format!(
        "{source}{} {}: {}. Flagged text: {}",
        finding.kind,
        escape(&finding.label),
        escape(&finding.message),
        escape(&finding.matched)
    );
    let logical = LogicalLocation::builder()
        .fully_qualified_name(if finding.path.is_empty() {
            finding.label.clone()
        } else {
            finding.path.clone()
        })
        .name(finding.label.clone())
        .kind("member")
        .build();
    let location = match artifact {
        Some(artifact) => Location::builder()
            .physical_location(
                PhysicalLocation::builder()
                    .artifact_location(ArtifactLocation::builder().uri(artifact).build())
                    .build(),
            )
            .logical_locations(vec![logical])
            .build(),
        None => Location::builder().logical_locations(vec![logical]).build(),
    };
    let mut properties = BTreeMap::new();
    properties.insert("kind".to_string(), serde_json::Value::from(finding.kind.as_str()));
    properties.insert("target".to_string(), serde_json::Value::from(finding.label.clone()));
    properties.insert("path".to_string(), serde_json::Value::from(finding.path.clone()));
    properties.insert("offset".to_string(), serde_json::Value::from(finding.offset));
    properties.insert("length".to_string(), serde_json::Value::from(finding.length));
    properties.insert(
        "confidence".to_string(),
        serde_json::Value::from(f64::from(finding.confidence) / 100.0),
    );
    if let Some(entity) = entity {
        let rules = entity.rules();
        if rules.len() > 1 {
            properties.insert("contributingRules".to_string(), serde_json::Value::from(rules));
        }
        properties.insert("score".to_string(), serde_json::Value::from(entity.score));
        properties.insert("band".to_string(), serde_json::Value::from(entity.band.label()));
    }
    if let Some(source) = &finding.source {
        properties.insert("source".to_string(), serde_json::Value::from(source.clone()));
    }
    let rule_index = REGISTRY.iter().position(|rule| rule.meta().id == finding.rule).unwrap_or(0);
    SarifResult::builder()
        .rule_id(finding.rule)
        .rule_index(rule_index as i64)
        .level(result_level(finding.severity))
        .message(Message::builder().text(text).build())
        .locations(vec![location])
        .partial_fingerprints(BTreeMap::from([(FINGERPRINT_KEY.to_string(), fingerprint(finding))]))
        .properties(PropertyBag::builder().additional_properties(properties).build())
        .build()
}

/// The SARIF log. `artifacts[i]` is the file (path or public URL) surface `i` was read from,
/// if any. A `--config` server that could not be scanned makes the run unsuccessful, so the
/// platform does not clear alerts a silent failure would otherwise close; a disabled one is a
/// note.
pub fn render(report: &Report, artifacts: &[Option<String>]) -> String {
    let results = report
        .findings()
        .map(|finding| {
            let artifact = artifacts.get(finding.entity.surface).and_then(Option::as_deref);
            result(report, finding, artifact.map(path_uri).as_deref())
        })
        .collect::<Vec<_>>();
    let notifications: Vec<Notification> = report
        .config
        .iter()
        .flat_map(|config| &config.servers)
        .filter_map(|server| {
            let (level, reason) = match &server.status {
                ServerStatus::Scanned => return None,
                ServerStatus::Failed(reason) => ("error", escape(reason).into_owned()),
                ServerStatus::Disabled => ("note", "disabled in the config".to_string()),
            };
            Some(
                Notification::builder()
                    .level(serde_json::Value::from(level))
                    .message(
                        Message::builder()
                            .text(format!(
                                "server {} was not scanned: {reason}",
                                escape(&server.name)
                            ))
                            .build(),
                    )
                    .build(),
            )
        })
        .collect();
    let successful = report.config.as_ref().is_none_or(|config| config.failed().next().is_none());
    let invocation = if notifications.is_empty() {
        Invocation::builder().execution_successful(true).build()
    } else {
        Invocation::builder()
            .execution_successful(successful)
            .tool_execution_notifications(notifications)
            .build()
    };
    let driver = ToolComponent::builder()
        .name("rune")
        .version(env!("CARGO_PKG_VERSION"))
        .semantic_version(env!("CARGO_PKG_VERSION"))
        .information_uri(crate::HOMEPAGE)
        .rules(rules())
        .build();
    let run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .results(results)
        .invocations(vec![invocation])
        .build();
    let log = Sarif::builder()
        .schema(SCHEMA_URI)
        .version(serde_json::Value::from("2.1.0"))
        .runs(vec![run])
        .build();
    // Written through rune's own formatter, which turns a lone surrogate a server sent back
    // into its `\ud800` escape instead of an unrelated code point.
    json::serial::to_pretty(&log)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(path_uri("examples/tools.json"), "examples/tools.json");
        assert_eq!(path_uri("my dir/a#b.json"), "my%20dir/a%23b.json");
        assert_eq!(path_uri("/tmp/a b.json"), "file:///tmp/a%20b.json");
        assert_eq!(path_uri("https://mcp.example.com/mcp"), "https://mcp.example.com/mcp");
    }
}
