//! The baseline reader: no panic, and a baseline it accepts judges a scan without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rune::gate::baseline::Baseline;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(baseline) = Baseline::parse(text) {
        let _ = baseline.accepts();
        let sources: Vec<Option<String>> =
            baseline.entries.iter().map(|entry| entry.source.clone()).collect();
        let stale = baseline.stale(&[], &sources);
        assert!(stale.len() <= baseline.entries.len());
    }
});
