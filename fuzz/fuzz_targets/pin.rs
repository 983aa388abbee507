//! The pin reader: no panic, a pin it accepts writes back to itself, and judged against
//! itself it shows no drift.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rune::gate::pin::Pin;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pin) = Pin::parse(text) else { return };
    let reread = Pin::parse(&pin.render()).expect("a pin rune wrote reads back");
    assert_eq!(reread, pin, "a pin reads back different");
    let mut sources: Vec<Option<String>> = Vec::new();
    for entity in &pin.entities {
        if !sources.contains(&entity.source) {
            sources.push(entity.source.clone());
        }
    }
    if sources.is_empty() {
        sources.push(None);
    }
    if let Ok(judgement) = pin.judge(&pin, &sources) {
        assert!(judgement.drift.is_empty(), "a pin drifts from itself: {:?}", judgement.drift);
    }
});
