//! Instruction-count harness for the README's performance figures. It generates the scan
//! bench's manifest of N tools (the same builder `benches/scan.rs` uses) and does one thing
//! with it, once, so that `valgrind --tool=cachegrind` counts only that:
//!
//! - `none N`: generate only;
//! - `parse N`: generate and parse;
//! - `docs N`: build the clause reading of every distinct string;
//! - `rule:<id> N`: scan with that one rule of the registry;
//! - `scan N` (the default): scan with every rule and build the report;
//! - `warm N`: scan twice, as criterion's repeated runs do (patterns compiled, caches warm);
//!   `valgrind --tool=callgrind --dump-before='rune::scan::scan_with'` then writes the second
//!   scan apart.
//!
//! `cargo build --release --example prof && valgrind --tool=cachegrind --cache-sim=no
//! target/release/examples/prof scan 10000`; the scan's ratio is (scan - none) / (parse - none).
#[path = "../benches/support/generate.rs"]
#[allow(dead_code)]
mod generate;

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "scan".into());
    let tools: usize = std::env::args().nth(2).and_then(|n| n.parse().ok()).unwrap_or(10_000);
    let text = generate::manifest(tools, 1);
    if mode == "none" {
        println!("{}", text.len());
        return;
    }
    let entities = rune::source::manifest::read_manifest(&text).expect("the bench manifest parses");
    let surfaces = vec![rune::model::Surface { source: None, entities }];
    if mode == "parse" {
        println!("{}", surfaces.len());
        return;
    }
    if mode == "docs" {
        let mut seen = std::collections::HashSet::new();
        let mut clauses = 0usize;
        for entity in &surfaces[0].entities {
            rune::json::walk::string_leaves(&entity.value, &mut |_, raw| {
                if seen.insert(raw) {
                    clauses += rune::text::Doc::new(raw).clauses.len();
                }
            });
        }
        println!("{clauses}");
        return;
    }
    if mode == "warm" {
        std::hint::black_box(rune::scan::scan(&surfaces));
        let findings = rune::scan::scan(&surfaces);
        std::hint::black_box(rune::report::Report::new(&surfaces, findings));
        return;
    }
    if let Some(id) = mode.strip_prefix("rule:") {
        let rules: Vec<rune::rules::Rule> =
            rune::rules::REGISTRY.iter().filter(|rule| rule.meta().id == id).copied().collect();
        assert!(!rules.is_empty(), "no rule {id} in the registry");
        println!("{}", rune::scan::scan_with(&rules, &surfaces).len());
        return;
    }
    let findings = rune::scan::scan(&surfaces);
    let report = rune::report::Report::new(&surfaces, findings);
    std::hint::black_box(report);
}
