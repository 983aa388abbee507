//! The manifest loader on arbitrary bytes, in every shape it reads (a listing object, a bare
//! tool list, a single tool, a JSON-RPC reply, a captured event stream): no panic, JSON that
//! rune writes reads back to the same value, and whatever it reads scans with every invariant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rune::json;
use rune::model::Surface;
use rune::source::manifest::read_manifest;

fuzz_target!(|data: &[u8]| {
    // The loader refuses text that is not UTF-8 before it parses anything.
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(value) = json::parse(text) {
        for written in [json::to_compact(&value), json::to_pretty(&value)] {
            let again = json::parse(&written).expect("rune's own JSON parses");
            assert_eq!(again, value, "rune's JSON reads back different");
        }
    }
    if let Ok(entities) = read_manifest(text) {
        rune_fuzz::check_scan(&[Surface { source: None, entities }]);
    }
});
