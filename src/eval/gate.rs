//! The thresholds `scan-eval --gate` enforces.

use super::score::Scorecard;
use crate::json::serial::{Loose, from_value};
use crate::json::{self, JsonError};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Why a thresholds file cannot be used. Each message is the one line `scan-eval` prints.
#[derive(Debug, thiserror::Error)]
pub enum ThresholdsError {
    #[error("cannot read thresholds {}: {error}", path.display())]
    Read { path: PathBuf, error: std::io::Error },
    #[error("thresholds {} are not valid JSON: {error}", path.display())]
    NotJson { path: PathBuf, error: JsonError },
    #[error("thresholds: \"{key}\" must be a number from 0 to 1")]
    Range { key: &'static str },
    #[error("thresholds: \"{key}\" must be a number, got {got}")]
    Type { key: &'static str, got: &'static str },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    /// Lowest acceptable recall over every gated category together.
    pub min_recall: f64,
    /// Highest acceptable false-positive rate over every hard negative.
    pub max_fp: f64,
    /// Optional floor for each gated category's own recall.
    pub min_category_recall: Option<f64>,
    /// Optional ceiling for each gated category's own hard-negative false-positive rate.
    pub max_category_fp: Option<f64>,
    /// Optional floor for every blind round's overall recall.
    pub blind_min_recall: Option<f64>,
    /// Optional ceiling for every blind round's hard-negative false-positive rate.
    pub blind_max_fp: Option<f64>,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds {
            min_recall: 0.9,
            max_fp: 0.05,
            min_category_recall: None,
            max_category_fp: None,
            blind_min_recall: None,
            blind_max_fp: None,
        }
    }
}

impl Thresholds {
    /// Reads `{"min_recall": .., "max_fp": .., "min_category_recall": .., "max_category_fp": ..,
    /// "blind_min_recall": .., "blind_max_fp": ..}`. A missing key keeps its default, and so
    /// does every key of a document that is not an object; keys are checked in that order, so
    /// a file with two bad values always names the same one.
    pub fn load(path: &Path) -> Result<Thresholds, ThresholdsError> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| ThresholdsError::Read { path: path.to_path_buf(), error })?;
        let value = json::parse(&text)
            .map_err(|error| ThresholdsError::NotJson { path: path.to_path_buf(), error })?;
        // Every member is Loose, so reading cannot fail; judging below can.
        let file: Loose<'_, ThresholdsFile<'_>> = from_value(&value).unwrap_or_default();
        let Loose::Object(file) = file else { return Ok(Thresholds::default()) };
        let read =
            |key: &'static str, member: &Loose<'_>| -> Result<Option<f64>, ThresholdsError> {
                match member {
                    Loose::Absent => Ok(None),
                    Loose::Number(text) => text
                        .parse::<f64>()
                        .ok()
                        .filter(|n| (0.0..=1.0).contains(n))
                        .map(Some)
                        .ok_or(ThresholdsError::Range { key }),
                    other => Err(ThresholdsError::Type { key, got: other.type_name() }),
                }
            };
        let defaults = Thresholds::default();
        Ok(Thresholds {
            min_recall: read("min_recall", &file.min_recall)?.unwrap_or(defaults.min_recall),
            max_fp: read("max_fp", &file.max_fp)?.unwrap_or(defaults.max_fp),
            min_category_recall: read("min_category_recall", &file.min_category_recall)?,
            max_category_fp: read("max_category_fp", &file.max_category_fp)?,
            blind_min_recall: read("blind_min_recall", &file.blind_min_recall)?,
            blind_max_fp: read("blind_max_fp", &file.blind_max_fp)?,
        })
    }
}

/// A thresholds file as read: each key [`Loose`], judged by [`Thresholds::load`]; other keys
/// are ignored.
#[derive(Deserialize)]
struct ThresholdsFile<'a> {
    #[serde(default, borrow)]
    min_recall: Loose<'a>,
    #[serde(default, borrow)]
    max_fp: Loose<'a>,
    #[serde(default, borrow)]
    min_category_recall: Loose<'a>,
    #[serde(default, borrow)]
    max_category_fp: Loose<'a>,
    #[serde(default, borrow)]
    blind_min_recall: Loose<'a>,
    #[serde(default, borrow)]
    blind_max_fp: Loose<'a>,
}

/// One line per breached threshold; empty when the gate passes. Ties pass.
pub fn breaches(card: &Scorecard, thresholds: &Thresholds) -> Vec<String> {
    let mut breaches = Vec::new();
    let overall = &card.overall;
    if overall.recall() < thresholds.min_recall {
        breaches.push(format!(
            "recall {:.4} < min-recall {}",
            overall.recall(),
            thresholds.min_recall
        ));
    }
    if overall.fp_rate() > thresholds.max_fp {
        breaches.push(format!(
            "hard-negative false-positive rate {:.4} > max-fp {}",
            overall.fp_rate(),
            thresholds.max_fp
        ));
    }
    for score in card.categories.iter().filter(|score| score.gated) {
        if let Some(floor) = thresholds.min_category_recall
            && score.malicious() > 0
            && score.recall() < floor
        {
            breaches.push(format!(
                "{} recall {:.4} < min-category-recall {floor}",
                score.category,
                score.recall()
            ));
        }
        if let Some(ceiling) = thresholds.max_category_fp
            && score.fp_rate() > ceiling
        {
            breaches.push(format!(
                "{} false-positive rate {:.4} > max-category-fp {ceiling}",
                score.category,
                score.fp_rate()
            ));
        }
    }
    for round in &card.blind {
        let overall = &round.overall;
        if let Some(floor) = thresholds.blind_min_recall
            && overall.recall() < floor
        {
            breaches.push(format!(
                "blind round {} recall {:.4} < blind-min-recall {floor}",
                round.round,
                overall.recall()
            ));
        }
        if let Some(ceiling) = thresholds.blind_max_fp
            && overall.fp_rate() > ceiling
        {
            breaches.push(format!(
                "blind round {} false-positive rate {:.4} > blind-max-fp {ceiling}",
                round.round,
                overall.fp_rate()
            ));
        }
    }
    breaches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(name: &str, text: &str) -> Result<Thresholds, String> {
        let path = std::env::temp_dir()
            .join(format!("rune-thresholds-{}-{name}.json", std::process::id()));
        std::fs::write(&path, text).expect("temp file");
        let loaded = Thresholds::load(&path).map_err(|error| error.to_string());
        let _ = std::fs::remove_file(&path);
        loaded
    }

    #[test]
    fn keys_are_read_checked_in_a_fixed_order_and_defaulted() {
        let read =
            load("ok", "{\"max_fp\": 0.1, \"other\": [], \"blind_min_recall\": 1}").expect("valid");
        assert_eq!(read.max_fp, 0.1);
        assert_eq!(read.min_recall, Thresholds::default().min_recall);
        assert_eq!(read.blind_min_recall, Some(1.0));
        assert_eq!(load("list", "[1, 2]"), Ok(Thresholds::default()));
        assert_eq!(
            load("two", "{\"max_category_fp\": \"x\", \"max_fp\": 2}").unwrap_err(),
            "thresholds: \"max_fp\" must be a number from 0 to 1"
        );
        assert_eq!(
            load("null", "{\"min_recall\": null}").unwrap_err(),
            "thresholds: \"min_recall\" must be a number, got null"
        );
        assert_eq!(
            load("huge", "{\"min_recall\": 1e400}").unwrap_err(),
            "thresholds: \"min_recall\" must be a number from 0 to 1"
        );
    }
}
