//! A searcher used in a form that is quick to build until it has read enough text to repay
//! building a faster one.
//!
//! A one-shot CI scan of a few tools reads a few kilobytes: building a DFA costs more than it
//! saves there. A large manifest reads megabytes, and the DFA pays for itself many times over.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(crate) struct Tiered<T> {
    quick: T,
    fast: OnceLock<T>,
    read: AtomicUsize,
    /// The bytes read with `quick` before `fast` is built.
    fast_after: usize,
}

impl<T> Tiered<T> {
    pub(crate) fn new(quick: T, fast_after: usize) -> Tiered<T> {
        Tiered { quick, fast: OnceLock::new(), read: AtomicUsize::new(0), fast_after }
    }

    /// The form to read `len` more bytes with: the quick one, or the one `build_fast` makes
    /// once `fast_after` bytes have been read. Both must find the same things.
    pub(crate) fn for_reading(&self, len: usize, build_fast: impl FnOnce(&T) -> T) -> &T {
        if let Some(fast) = self.fast.get() {
            return fast;
        }
        if self.read.fetch_add(len, Ordering::Relaxed) + len < self.fast_after {
            return &self.quick;
        }
        self.fast.get_or_init(|| build_fast(&self.quick))
    }
}
