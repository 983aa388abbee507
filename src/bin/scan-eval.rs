//! `scan-eval`: score rune's rules on a labeled corpus and, with `--gate`, fail when recall or
//! the hard-negative false-positive rate crosses a threshold.

use clap::{Parser, ValueEnum};
use rune::eval::{corpus, gate, score};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Score rune's rules on a labeled corpus.
///
/// Prints a scorecard (JSON by default) with per-category and overall true/false positives and
/// negatives, recall, precision, F1, the hard-negative false-positive rate and Wilson 95%
/// intervals, plus the ids of every miss and every false alarm.
///
/// Exit codes: 0 evaluated (and, with --gate, passed); 6 the gate was breached; 2 the corpus
/// could not be evaluated (missing, malformed, an unknown label, no malicious or no
/// hard-negative case).
#[derive(Debug, Parser)]
#[command(name = "scan-eval", version, about, long_about)]
struct Args {
    /// The corpus: a JSON file, or a folder searched recursively for JSON files.
    #[arg(long, value_name = "DIR|FILE")]
    corpus: PathBuf,

    /// Enforce the thresholds: exit 6 when one is breached.
    #[arg(long)]
    gate: bool,

    /// Read the thresholds from a JSON file (eval/thresholds.json); flags given beside it win.
    #[arg(long, value_name = "FILE")]
    thresholds: Option<PathBuf>,

    /// Lowest acceptable overall recall over the gated categories [default: 0.9].
    #[arg(long, value_name = "R")]
    min_recall: Option<f64>,

    /// Highest acceptable false-positive rate over all hard negatives [default: 0.05].
    #[arg(long, value_name = "F")]
    max_fp: Option<f64>,

    /// Also require each gated category's own recall to reach this.
    #[arg(long, value_name = "R")]
    min_category_recall: Option<f64>,

    /// Also require each gated category's own hard-negative false-positive rate to stay under this.
    #[arg(long, value_name = "F")]
    max_category_fp: Option<f64>,

    /// The scorecard's format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Markdown,
}

const BREACHED: u8 = 6;

/// Why the corpus could not be evaluated: one line for stderr, exit 2.
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error(transparent)]
    Thresholds(#[from] gate::ThresholdsError),
    #[error("{flag} must be a number from 0 to 1, got {value}")]
    Flag { flag: &'static str, value: f64 },
    #[error(transparent)]
    Corpus(#[from] corpus::CorpusError),
    #[error(
        "{} holds no malicious case for any registered rule, so the gate would be vacuous",
        .0.display()
    )]
    NoMalicious(PathBuf),
    #[error(
        "{} holds no hard negative (a benign case with \"resembles\"), so false positives cannot be measured",
        .0.display()
    )]
    NoHardNegative(PathBuf),
    #[error("cannot write the scorecard: {0}")]
    Write(std::io::Error),
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("scan-eval: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<ExitCode, Failure> {
    let mut thresholds = match &args.thresholds {
        Some(path) => gate::Thresholds::load(path)?,
        None => gate::Thresholds::default(),
    };
    for (flag, value) in [
        ("--min-recall", args.min_recall),
        ("--max-fp", args.max_fp),
        ("--min-category-recall", args.min_category_recall),
        ("--max-category-fp", args.max_category_fp),
    ] {
        if let Some(value) = value
            && !(0.0..=1.0).contains(&value)
        {
            return Err(Failure::Flag { flag, value });
        }
    }
    thresholds.min_recall = args.min_recall.unwrap_or(thresholds.min_recall);
    thresholds.max_fp = args.max_fp.unwrap_or(thresholds.max_fp);
    thresholds.min_category_recall = args.min_category_recall.or(thresholds.min_category_recall);
    thresholds.max_category_fp = args.max_category_fp.or(thresholds.max_category_fp);

    let corpus = corpus::load(&args.corpus)?;
    let card = score::evaluate(&corpus);
    if card.overall.malicious() == 0 && card.blind.is_empty() {
        return Err(Failure::NoMalicious(args.corpus.clone()));
    }
    if card.overall.hard_negatives() == 0 && card.blind.is_empty() {
        return Err(Failure::NoHardNegative(args.corpus.clone()));
    }

    let rendered = match args.format {
        Format::Json => score::render(&card),
        Format::Markdown => score::to_markdown(&card),
    };
    std::io::stdout().lock().write_all(rendered.as_bytes()).map_err(Failure::Write)?;

    if !args.gate {
        return Ok(ExitCode::SUCCESS);
    }
    let breaches = gate::breaches(&card, &thresholds);
    if breaches.is_empty() {
        eprintln!(
            "GATE PASSED: recall={:.4} (>={}), fp={:.4} (<={})",
            card.overall.recall(),
            thresholds.min_recall,
            card.overall.fp_rate(),
            thresholds.max_fp
        );
        return Ok(ExitCode::SUCCESS);
    }
    for breach in &breaches {
        eprintln!("GATE FAILED: {breach}");
    }
    Ok(ExitCode::from(BREACHED))
}
