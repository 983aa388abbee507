//! Scoring the rules on a corpus: per category and overall, with Wilson intervals.

use super::corpus::{Case, Corpus, Label};
use crate::json::serial::{Fixed, to_pretty};
use crate::model::{Finding, Severity};
use crate::rules::{REGISTRY, Rule};
use crate::scan;
use serde::Serialize;

/// A case counts as flagged when a finding reaches rune's default `--fail-on`: what would fail
/// a user's build. Findings below it are review notes, neither detections nor false alarms.
pub(crate) const BLOCKING: Severity = Severity::Medium;

/// The version of the scorecard's JSON shape.
pub(crate) const SCORECARD_VERSION: u32 = 1;

#[derive(Debug, Clone, Default)]
pub struct CategoryScore {
    pub category: String,
    /// Whether a registered rule owns this category, so the gate enforces it.
    pub gated: bool,
    pub true_positives: usize,
    pub false_negatives: usize,
    pub false_positives: usize,
    pub true_negatives: usize,
    pub misses: Vec<String>,
    pub false_alarms: Vec<String>,
}

impl CategoryScore {
    pub fn malicious(&self) -> usize {
        self.true_positives + self.false_negatives
    }

    pub fn hard_negatives(&self) -> usize {
        self.false_positives + self.true_negatives
    }

    pub fn recall(&self) -> f64 {
        ratio(self.true_positives, self.malicious())
    }

    pub fn fp_rate(&self) -> f64 {
        ratio(self.false_positives, self.hard_negatives())
    }

    pub(crate) fn precision(&self) -> f64 {
        ratio(self.true_positives, self.true_positives + self.false_positives)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Scorecard {
    /// Registered rules' categories in registry order, then any other category in corpus order.
    pub categories: Vec<CategoryScore>,
    /// Gated categories summed.
    pub overall: CategoryScore,
    pub clean_benign: usize,
    pub clean_false_alarms: Vec<String>,
    /// Every blind round in the corpus, in round order.
    pub blind: Vec<BlindRound>,
}

/// A blind round scored as a user's build sees it: a malicious case is caught when any rule
/// blocks on it, and a hard negative is a false alarm when any rule blocks on it. Categories
/// are attack families, not rules, so a family no single rule owns is still measured.
#[derive(Debug, Clone, Default)]
pub struct BlindRound {
    pub round: u32,
    pub families: Vec<CategoryScore>,
    pub overall: CategoryScore,
}

impl Scorecard {
    pub(crate) fn clean_fp_rate(&self) -> f64 {
        ratio(self.clean_false_alarms.len(), self.clean_benign)
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 { 0.0 } else { part as f64 / whole as f64 }
}

fn f1(precision: f64, recall: f64) -> f64 {
    if precision + recall == 0.0 { 0.0 } else { 2.0 * precision * recall / (precision + recall) }
}

/// The Wilson score interval at 95% for `part` successes out of `whole`.
pub(crate) fn wilson(part: usize, whole: usize) -> (f64, f64) {
    if whole == 0 {
        return (0.0, 0.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = whole as f64;
    let p = part as f64 / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Scans every case in-process, exactly as `rune` would, and scores the outcome.
pub fn evaluate(corpus: &Corpus) -> Scorecard {
    evaluate_with(REGISTRY, corpus)
}

/// Scores `rules` on the corpus; the gated categories are exactly the rules given.
pub fn evaluate_with(rules: &[Rule], corpus: &Corpus) -> Scorecard {
    let mut card = Scorecard {
        categories: rules
            .iter()
            .map(|rule| CategoryScore {
                category: rule.meta().id.to_string(),
                gated: true,
                ..CategoryScore::default()
            })
            .collect(),
        ..Scorecard::default()
    };
    for case in &corpus.cases {
        let findings = scan::scan_with(rules, &case.surfaces);
        if let Some(round) = case.round {
            score_blind(&mut card.blind, round, case, &findings);
            continue;
        }
        match (case.label, &case.resembles) {
            (Label::Malicious, _) => {
                let detected = detects(rules, case, &findings);
                let score = category(&mut card, &case.category);
                if detected {
                    score.true_positives += 1;
                } else {
                    score.false_negatives += 1;
                    score.misses.push(case.id.clone());
                }
            }
            (Label::Benign, Some(resembles)) => {
                let fired = fired_rules(&findings, BLOCKING);
                let score = category(&mut card, resembles);
                if fired.is_empty() {
                    score.true_negatives += 1;
                } else {
                    score.false_positives += 1;
                    score.false_alarms.push(alarm(case, &fired));
                }
            }
            (Label::Benign, None) => {
                card.clean_benign += 1;
                let fired = fired_rules(&findings, Severity::Low);
                if !fired.is_empty() {
                    card.clean_false_alarms.push(alarm(case, &fired));
                }
            }
        }
    }
    card.overall = sum("overall", card.categories.iter().filter(|score| score.gated));
    card.blind.sort_by_key(|round| round.round);
    for round in &mut card.blind {
        round.overall = sum("overall", round.families.iter());
    }
    card
}

fn sum<'a>(name: &str, scores: impl Iterator<Item = &'a CategoryScore>) -> CategoryScore {
    let mut total =
        CategoryScore { category: name.into(), gated: true, ..CategoryScore::default() };
    for score in scores {
        total.true_positives += score.true_positives;
        total.false_negatives += score.false_negatives;
        total.false_positives += score.false_positives;
        total.true_negatives += score.true_negatives;
        total.misses.extend(score.misses.iter().cloned());
        total.false_alarms.extend(score.false_alarms.iter().cloned());
    }
    total
}

fn score_blind(rounds: &mut Vec<BlindRound>, round: u32, case: &Case, findings: &[Finding]) {
    let index = match rounds.iter().position(|scored| scored.round == round) {
        Some(index) => index,
        None => {
            rounds.push(BlindRound { round, ..BlindRound::default() });
            rounds.len() - 1
        }
    };
    let families = &mut rounds[index].families;
    let family = case.resembles.as_deref().unwrap_or(&case.category);
    let score = match families.iter().position(|score| score.category == family) {
        Some(index) => &mut families[index],
        None => {
            families.push(CategoryScore {
                category: family.to_string(),
                gated: true,
                ..CategoryScore::default()
            });
            families.last_mut().expect("just pushed")
        }
    };
    let fired = fired_rules(findings, BLOCKING);
    match case.label {
        Label::Malicious if fired.is_empty() => {
            score.false_negatives += 1;
            score.misses.push(case.id.clone());
        }
        Label::Malicious => score.true_positives += 1,
        Label::Benign if fired.is_empty() => score.true_negatives += 1,
        Label::Benign => {
            score.false_positives += 1;
            score.false_alarms.push(alarm(case, &fired));
        }
    }
}

/// A malicious case is detected when the rule owning its category blocks on it; a category no
/// rule owns yet counts any blocking finding.
fn detects(rules: &[Rule], case: &Case, findings: &[Finding]) -> bool {
    let owned = rules.iter().any(|rule| rule.meta().id == case.category);
    findings
        .iter()
        .any(|finding| finding.severity >= BLOCKING && (!owned || finding.rule == case.category))
}

fn fired_rules(findings: &[Finding], at_least: Severity) -> Vec<&'static str> {
    let mut fired: Vec<&'static str> = findings
        .iter()
        .filter(|finding| finding.severity >= at_least)
        .map(|finding| finding.rule)
        .collect();
    fired.sort_unstable();
    fired.dedup();
    fired
}

fn alarm(case: &Case, fired: &[&str]) -> String {
    format!("{} ({})", case.id, fired.join(", "))
}

fn category<'a>(card: &'a mut Scorecard, name: &str) -> &'a mut CategoryScore {
    match card.categories.iter().position(|score| score.category == name) {
        Some(index) => &mut card.categories[index],
        None => {
            card.categories
                .push(CategoryScore { category: name.to_string(), ..CategoryScore::default() });
            let last = card.categories.len() - 1;
            &mut card.categories[last]
        }
    }
}

/// A rate as the scorecard writes it: four decimals.
type Rate = Fixed<4>;

/// A Wilson interval as `[low, high]`.
fn interval((low, high): (f64, f64)) -> [Rate; 2] {
    [Fixed(low), Fixed(high)]
}

/// The scorecard's JSON (version [`SCORECARD_VERSION`]). Field order is key order; every rate
/// is finite, since an empty denominator gives 0.
#[derive(Serialize)]
struct ScorecardFile<'a> {
    version: u32,
    blocking_severity: &'static str,
    overall: CategoryRow<'a>,
    clean_benign: CleanRow<'a>,
    categories: Vec<CategoryRow<'a>>,
    blind: Vec<BlindRow<'a>>,
}

#[derive(Serialize)]
struct CategoryRow<'a> {
    category: &'a str,
    gated: bool,
    malicious: usize,
    tp: usize,
    #[serde(rename = "fn")]
    false_negatives: usize,
    recall: Rate,
    recall_ci95: [Rate; 2],
    hard_negatives: usize,
    fp: usize,
    tn: usize,
    fp_rate: Rate,
    fp_rate_ci95: [Rate; 2],
    precision: Rate,
    f1: Rate,
    misses: &'a [String],
    false_alarms: &'a [String],
}

#[derive(Serialize)]
struct CleanRow<'a> {
    cases: usize,
    fp: usize,
    fp_rate: Rate,
    fp_rate_ci95: [Rate; 2],
    false_alarms: &'a [String],
}

#[derive(Serialize)]
struct BlindRow<'a> {
    round: u32,
    overall: CategoryRow<'a>,
    families: Vec<CategoryRow<'a>>,
}

fn category_row(score: &CategoryScore) -> CategoryRow<'_> {
    let precision = score.precision();
    let recall = score.recall();
    CategoryRow {
        category: &score.category,
        gated: score.gated,
        malicious: score.malicious(),
        tp: score.true_positives,
        false_negatives: score.false_negatives,
        recall: Fixed(recall),
        recall_ci95: interval(wilson(score.true_positives, score.malicious())),
        hard_negatives: score.hard_negatives(),
        fp: score.false_positives,
        tn: score.true_negatives,
        fp_rate: Fixed(score.fp_rate()),
        fp_rate_ci95: interval(wilson(score.false_positives, score.hard_negatives())),
        precision: Fixed(precision),
        f1: Fixed(f1(precision, recall)),
        misses: &score.misses,
        false_alarms: &score.false_alarms,
    }
}

/// The scorecard as JSON, with a trailing newline: deterministic, so the committed copy diffs
/// cleanly.
pub fn render(card: &Scorecard) -> String {
    to_pretty(&ScorecardFile {
        version: SCORECARD_VERSION,
        blocking_severity: BLOCKING.as_str(),
        overall: category_row(&card.overall),
        clean_benign: CleanRow {
            cases: card.clean_benign,
            fp: card.clean_false_alarms.len(),
            fp_rate: Fixed(card.clean_fp_rate()),
            fp_rate_ci95: interval(wilson(card.clean_false_alarms.len(), card.clean_benign)),
            false_alarms: &card.clean_false_alarms,
        },
        categories: card.categories.iter().map(category_row).collect(),
        blind: card
            .blind
            .iter()
            .map(|round| BlindRow {
                round: round.round,
                overall: category_row(&round.overall),
                families: round.families.iter().map(category_row).collect(),
            })
            .collect(),
    })
}

const TABLE_HEAD: &str = "| category | gated | malicious | TP | FN | recall (95% CI) | hard negatives | FP | FP rate (95% CI) | precision | F1 |\n\
     | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | --- | ---: | ---: |\n";

fn markdown_row(score: &CategoryScore, name: &str) -> String {
    let (recall_low, recall_high) = wilson(score.true_positives, score.malicious());
    let (fp_low, fp_high) = wilson(score.false_positives, score.hard_negatives());
    format!(
        "| {name} | {} | {} | {} | {} | {:.3} ({:.3}–{:.3}) | {} | {} | {:.3} ({:.3}–{:.3}) | {:.3} | {:.3} |\n",
        if score.gated { "yes" } else { "no" },
        score.malicious(),
        score.true_positives,
        score.false_negatives,
        score.recall(),
        recall_low,
        recall_high,
        score.hard_negatives(),
        score.false_positives,
        score.fp_rate(),
        fp_low,
        fp_high,
        score.precision(),
        f1(score.precision(), score.recall()),
    )
}

fn markdown_list(out: &mut String, title: &str, items: &[&String]) {
    if !items.is_empty() {
        out.push_str(&format!("\n{title}:\n"));
        for item in items {
            out.push_str(&format!("- `{item}`\n"));
        }
    }
}

/// The scorecard as Markdown tables, for `$GITHUB_STEP_SUMMARY` and the README: the training
/// corpus per rule, then each blind round per attack family.
pub fn to_markdown(card: &Scorecard) -> String {
    let mut out = String::from(TABLE_HEAD);
    for score in &card.categories {
        out.push_str(&markdown_row(score, &format!("`{}`", score.category)));
    }
    out.push_str(&markdown_row(&card.overall, "**overall (gated)**"));
    out.push_str(&format!(
        "\nClean benign cases (real servers and ordinary metadata): {}, false alarms: {} (rate {:.3}).\n",
        card.clean_benign,
        card.clean_false_alarms.len(),
        card.clean_fp_rate()
    ));
    let misses: Vec<&String> = card.categories.iter().flat_map(|score| &score.misses).collect();
    let alarms: Vec<&String> = card
        .categories
        .iter()
        .flat_map(|score| &score.false_alarms)
        .chain(&card.clean_false_alarms)
        .collect();
    markdown_list(&mut out, "Misses", &misses);
    markdown_list(&mut out, "False alarms", &alarms);
    for round in &card.blind {
        out.push_str(&format!(
            "\nBlind round {} (by attack family; a case is caught, or a false alarm, when any rule \
             blocks on it):\n\n{TABLE_HEAD}",
            round.round
        ));
        for score in &round.families {
            out.push_str(&markdown_row(score, &format!("`{}`", score.category)));
        }
        out.push_str(&markdown_row(&round.overall, "**overall**"));
    }
    if !card.blind.is_empty() {
        out.push_str(
            "\nEach blind round's misses and false alarms are listed in the JSON scorecard.\n",
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook_values() {
        let (low, high) = wilson(95, 100);
        assert!((low - 0.8882).abs() < 1e-3, "{low}");
        assert!((high - 0.9785).abs() < 1e-3, "{high}");
        assert_eq!(wilson(0, 0), (0.0, 0.0));
        let (low, _) = wilson(0, 20);
        assert_eq!(low, 0.0);
    }

    #[test]
    fn empty_denominators_give_zero_not_nan() {
        let score = CategoryScore::default();
        assert_eq!(score.recall(), 0.0);
        assert_eq!(score.fp_rate(), 0.0);
        assert_eq!(f1(0.0, 0.0), 0.0);
    }
}
