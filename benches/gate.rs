//! What writing a pin costs on hostile shapes, at two sizes in one run: read the two
//! throughputs side by side, equal throughput is linear time.
//!
//! `pin_same_path`: one tool whose leaves all share one JSON path, spelled every way dots in
//! keys allow (`a.b.c`, `"a.b": {"c"}`, `"a": {"b.c"}`, ...); each repeat gets a `~n` suffix.
//! Searching for a free suffix from `~1` on every leaf took the square of the leaves.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rune::gate::pin::Pin;
use rune::json::Value;
use rune::model::{Entity, Kind, Surface};
use std::hint::black_box;
use std::time::Duration;

/// Every way to split `segments` copies of `a` into keys, as nested objects: one leaf each.
fn spellings(segments: usize) -> Value {
    if segments == 0 {
        return Value::String("x".into());
    }
    Value::Object(
        (1..=segments)
            .map(|taken| (vec!["a"; taken].join("."), spellings(segments - taken)))
            .collect(),
    )
}

fn pin_same_path(c: &mut Criterion) {
    let mut group = c.benchmark_group("pin_same_path");
    for segments in [11, 12] {
        let value = Value::Object(vec![
            ("name".into(), Value::String("t".into())),
            ("x".into(), spellings(segments)),
        ]);
        let surfaces = [Surface {
            source: None,
            entities: vec![Entity { kind: Kind::Tool, index: 0, value }],
        }];
        let leaves = 1u64 << (segments - 1);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{leaves}_leaves"), |b| {
            b.iter(|| black_box(Pin::of(black_box(&surfaces))))
        });
    }
    group.finish();
}

criterion_group! {
    name = gate;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = pin_same_path
}
criterion_main!(gate);
