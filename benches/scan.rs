//! What a scan costs, measured against what reading the same JSON costs.
//!
//! For generated 1,000- and 10,000-tool manifests (2.5 MB and 25 MB of pretty-printed JSON)
//! each group times `parse` (bytes to entities) and `scan` (parse, every rule, the judged
//! report, no printing) over the same bytes, so the price of scanning reads as a ratio; the bar
//! is scan <= 5x parse on 10,000 tools. Both include freeing what they built. The `adversarial`
//! group stresses one dimension at a time: a 1 MB description of near-misses, 10,000 URLs in
//! one string, inputs built against data-exfiltration's clause scans, a deep schema and a wide
//! one.
//!
//! The `dense` group holds the ratio that shows time stays linear when hits are dense: for each
//! text rule a description that matches it once every few words, at two sizes (64 and 128 KB),
//! and for the whole-scan rules and config redaction the same doubling in their own dimension
//! (tools that share one name, parameters asking for a password, a config value's length), and
//! the lexer a run of text with no space in it.
//! `scripts/bench-ratios.py` reads the two times of each pair from criterion's output and
//! checks the bar: at most 2.3x the time for twice the input.
//!
//! The `rules_10k` group splits the scan of the 10,000-tool manifest by rule: each rule alone
//! over the parsed entities, next to `none` (the walk and the trigger prefilter with no rule),
//! so a rule's own cost is its time minus `none`'s.
//!
//! Inputs are generated once per group, outside the timed loop.

#[path = "support/generate.rs"]
mod generate;

use criterion::measurement::WallTime;
use criterion::{
    BenchmarkGroup, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use rune::model::Surface;
use rune::report::Report;
use rune::rules::REGISTRY;
use std::hint::black_box;
use std::time::Duration;

const SEED: u64 = 1;

fn parse(text: &str) -> Vec<Surface> {
    let entities =
        rune::source::manifest::read_manifest(text).expect("generated manifests are valid");
    vec![Surface { source: None, entities }]
}

fn full_scan(text: &str) -> Report {
    let surfaces = parse(text);
    let findings = rune::scan::scan(&surfaces);
    Report::new(&surfaces, findings)
}

/// Times `what` over `text`, reporting throughput in input bytes.
fn bench_input(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, text: &str, what: fn(&str)) {
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function(name, |b| b.iter(|| what(black_box(text))));
}

fn time_parse(text: &str) {
    black_box(parse(text));
}

fn time_scan(text: &str) {
    black_box(full_scan(text));
}

fn manifests(c: &mut Criterion) {
    let small = generate::manifest(1_000, SEED);
    // A benchmark of a scanner that misses the poison would measure the wrong thing.
    assert!(full_scan(&small).flagged() > 0, "the generated poison must be found");
    bench_manifest(c, "manifest_1k", &small, 20);
    let large = generate::manifest(10_000, SEED);
    bench_manifest(c, "manifest_10k", &large, 10);
    bench_rules(c, &large);
}

fn bench_rules(c: &mut Criterion, text: &str) {
    let surfaces = parse(text);
    let mut group = c.benchmark_group("rules_10k");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    group.bench_function("none", |b| b.iter(|| rune::scan::scan_with(&[], black_box(&surfaces))));
    for rule in REGISTRY {
        let alone = std::slice::from_ref(rule);
        group.bench_function(rule.meta().id, |b| {
            b.iter(|| rune::scan::scan_with(alone, black_box(&surfaces)))
        });
    }
    group.finish();
}

fn bench_manifest(c: &mut Criterion, name: &str, text: &str, samples: usize) {
    let mut group = c.benchmark_group(name);
    group.sampling_mode(SamplingMode::Flat).sample_size(samples);
    bench_input(&mut group, "parse", text, time_parse);
    bench_input(&mut group, "scan", text, time_scan);
    group.finish();
}

fn adversarial(c: &mut Criterion) {
    let near_misses = generate::near_miss_description(1 << 20, SEED);
    let urls = generate::url_flood(10_000, SEED);
    let deep = generate::deep_schema(rune::json::MAX_DEPTH - 4);
    let wide = generate::wide_schema(100_000, SEED);
    let exfiltration = generate::exfiltration_worst_cases();

    let mut group = c.benchmark_group("adversarial");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    bench_input(&mut group, "near_miss_1mb/scan", &near_misses, time_scan);
    bench_input(&mut group, "urls_10k/scan", &urls, time_scan);
    bench_input(&mut group, "exfiltration_worst_cases/scan", &exfiltration, time_scan);
    bench_input(&mut group, "deep_schema/parse", &deep, time_parse);
    bench_input(&mut group, "deep_schema/scan", &deep, time_scan);
    bench_input(&mut group, "wide_schema_100k/parse", &wide, time_parse);
    bench_input(&mut group, "wide_schema_100k/scan", &wide, time_scan);
    group.finish();
}

/// Whether rule `rule` finds anything in manifest `text`.
fn fires(text: &str, rule: &str) -> bool {
    rune::scan::scan(&parse(text)).iter().any(|finding| finding.rule == rule)
}

/// The two sizes of each dense input: the bar is on the ratio of their times.
const DENSE_SIZES: [(usize, &str); 2] = [(64 << 10, "64k"), (128 << 10, "128k")];

fn dense(c: &mut Criterion) {
    let mut group = c.benchmark_group("dense");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    for (family, unit) in generate::DENSE_UNITS {
        for (bytes, size) in DENSE_SIZES {
            let text = generate::dense_description(unit, bytes, SEED);
            assert!(fires(&text, family), "the dense input for {family} must arm it");
            bench_input(&mut group, &format!("{family}/{size}"), &text, time_scan);
        }
    }
    // One run of characters with no space or stop in it, which every token in it could
    // have been read as an address or path from.
    for (bytes, size) in DENSE_SIZES {
        let text = generate::dense_description("a+b\u{200b}c.", bytes, SEED);
        bench_input(&mut group, &format!("long-run/{size}"), &text, time_scan);
    }
    for (count, size) in [(10_000, "10k"), (20_000, "20k")] {
        let text = generate::same_name_tools(count);
        assert!(fires(&text, "name-collision"), "tools that share a name must collide");
        bench_input(&mut group, &format!("name-collision/{size}"), &text, time_scan);
        let text = generate::password_parameters(count);
        assert!(fires(&text, "capability-mismatch"), "a weather tool must not ask passwords");
        bench_input(&mut group, &format!("capability-mismatch/{size}"), &text, time_scan);
    }
    for (chars, size) in [(40_000, "40k"), (80_000, "80k")] {
        let (line, secrets) = generate::long_config_value(chars, SEED);
        group.throughput(Throughput::Bytes(line.len() as u64));
        group.bench_function(format!("config-redaction/{size}"), |b| {
            b.iter(|| black_box(rune::source::config::redact(black_box(&line), &secrets)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = manifests, adversarial, dense
}
criterion_main!(benches);
