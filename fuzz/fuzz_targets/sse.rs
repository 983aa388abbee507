//! The event-stream reader: no panic, the same events however the stream is cut into chunks,
//! and picking the reply out of a captured stream never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rune::source::sse::{self, Reader};

fuzz_target!(|data: &[u8]| {
    let Some((&cut, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let whole = sse::events(text);

    // The same stream in chunks of `cut % 8 + 1` bytes, each widened to a character boundary.
    let step = usize::from(cut % 8) + 1;
    let mut reader = Reader::new();
    let mut chunked = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let mut end = (at + step).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        reader.feed(&text[at..end], &mut chunked);
        at = end;
    }
    reader.finish(&mut chunked);
    assert_eq!(chunked, whole, "chunks of {step} bytes read differently");

    let _ = sse::select_reply(&whole);
});
