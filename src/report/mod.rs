//! What rune says: the scan gathered per entity, scored and ordered, then rendered.

pub mod json;
pub mod markdown;
pub mod sarif;
pub mod text;

/// The escape for humans, also reachable here, where every renderer uses it.
pub use crate::escape;

use crate::gate::baseline::Entry;
use crate::gate::pin::Drifted;
use crate::model::{Band, EntityId, Finding, Kind, Surface};

/// One entity as reported: its findings (after any baseline) and its risk.
#[derive(Debug, Clone)]
pub struct EntityReport {
    pub id: EntityId,
    pub source: Option<String>,
    pub kind: Kind,
    pub label: String,
    pub findings: Vec<Finding>,
    pub score: u32,
    pub band: Band,
    /// Findings on this entity a baseline suppressed.
    pub baselined: usize,
}

impl EntityReport {
    /// The distinct rules with findings on this entity, in registry order: several rules
    /// agreeing on one entity is stronger evidence than one rule firing twice.
    pub(crate) fn rules(&self) -> Vec<&'static str> {
        crate::rules::REGISTRY
            .iter()
            .map(|rule| rule.meta().id)
            .filter(|id| self.findings.iter().any(|finding| finding.rule == *id))
            .collect()
    }
}

/// The whole scan, ready to render.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Per source in input order, kinds in report order, then by score (highest first) and label.
    pub entities: Vec<EntityReport>,
    /// Whether the run read several sources, so headers name the source.
    pub multi_source: bool,
    /// Findings a baseline suppressed.
    pub baselined: usize,
    /// Baseline entries that matched nothing in this scan.
    pub stale_baseline: Vec<Entry>,
    /// Entities whose metadata no longer matches the pin.
    pub pin_drift: Vec<Drifted>,
    /// Sources the pin covers that this run did not scan.
    pub pin_unchecked: Vec<String>,
    /// Set for a `--config` run: every server the run was asked to cover and what became of it.
    pub config: Option<ConfigRun>,
}

/// A `--config` run's roll call.
#[derive(Debug, Clone)]
pub struct ConfigRun {
    /// The config file as given.
    pub path: String,
    /// Every server the run covered, in config order.
    pub servers: Vec<ServerOutcome>,
}

#[derive(Debug, Clone)]
pub struct ServerOutcome {
    pub name: String,
    /// `stdio`, `http`, `sse`, or `unreadable` for an entry rune could not read.
    pub transport: String,
    pub status: ServerStatus,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerStatus {
    Scanned,
    /// Why it could not be scanned: one line, credentials already taken out.
    Failed(String),
    Disabled,
}

impl ConfigRun {
    pub fn failed(&self) -> impl Iterator<Item = (&str, &str)> {
        self.servers.iter().filter_map(|server| match &server.status {
            ServerStatus::Failed(reason) => Some((server.name.as_str(), reason.as_str())),
            _ => None,
        })
    }

    pub fn count(&self, wanted: fn(&ServerStatus) -> bool) -> usize {
        self.servers.iter().filter(|server| wanted(&server.status)).count()
    }
}

impl Report {
    /// Gathers `findings` under their entities and orders everything for rendering.
    pub fn new(surfaces: &[Surface], mut findings: Vec<Finding>) -> Report {
        findings.sort_by(|a, b| {
            a.entity
                .cmp(&b.entity)
                .then(b.severity.cmp(&a.severity))
                .then_with(|| a.path.cmp(&b.path))
                .then(a.offset.cmp(&b.offset))
        });
        let mut findings = findings.into_iter().peekable();
        let mut entities = Vec::new();
        for (surface_index, surface) in surfaces.iter().enumerate() {
            let mut of_surface = Vec::new();
            for (entity_index, entity) in surface.entities.iter().enumerate() {
                let id = EntityId { surface: surface_index, entity: entity_index };
                let mut mine = Vec::new();
                while let Some(finding) = findings.next_if(|finding| finding.entity == id) {
                    mine.push(finding);
                }
                let score = score(&mine);
                of_surface.push(EntityReport {
                    id,
                    source: surface.source.clone(),
                    kind: entity.kind,
                    label: entity.label(),
                    findings: mine,
                    score,
                    band: Band::from_score(score),
                    baselined: 0,
                });
            }
            of_surface.sort_by(|a, b| {
                a.kind.cmp(&b.kind).then(b.score.cmp(&a.score)).then_with(|| a.label.cmp(&b.label))
            });
            entities.extend(of_surface);
        }
        Report { entities, multi_source: surfaces.len() > 1, ..Report::default() }
    }

    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.entities.iter().flat_map(|entity| entity.findings.iter())
    }

    pub(crate) fn count(&self, kind: Kind) -> usize {
        self.entities.iter().filter(|entity| entity.kind == kind).count()
    }

    /// `2 tool(s), 1 prompt(s)`: what the run read, by kind (`0 tool(s)` when nothing).
    pub(crate) fn counts(&self) -> String {
        let counts: Vec<String> = Kind::ALL
            .into_iter()
            .filter_map(|kind| {
                let count = self.count(kind);
                (count > 0).then(|| format!("{count} {kind}(s)"))
            })
            .collect();
        if counts.is_empty() { "0 tool(s)".to_string() } else { counts.join(", ") }
    }

    pub fn flagged(&self) -> usize {
        self.entities.iter().filter(|entity| !entity.findings.is_empty()).count()
    }

    /// Drops the findings `accepted` says a human reviewed, rescoring their entities.
    pub fn suppress(&mut self, accepted: impl Fn(&Finding) -> bool) {
        for entity in &mut self.entities {
            let before = entity.findings.len();
            entity.findings.retain(|finding| !accepted(finding));
            entity.baselined += before - entity.findings.len();
            self.baselined += before - entity.findings.len();
            entity.score = score(&entity.findings);
            entity.band = Band::from_score(entity.score);
        }
    }
}

/// Sum of the findings' points, capped at 100.
fn score(findings: &[Finding]) -> u32 {
    findings.iter().map(|finding| finding.severity.points()).sum::<u32>().min(100)
}
