//! A searcher used in a form that is quick to build until it has read enough text to repay
//! building a faster one.
//!
//! A one-shot CI scan of a few tools reads a few kilobytes: building a DFA costs more than it
//! saves there. A large manifest reads megabytes, and the DFA pays for itself many times over.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(crate) struct Tiered<Q, F> {
    quick: Q,
    fast: OnceLock<F>,
    read: AtomicUsize,
    /// The bytes read with `quick` before `fast` is built.
    fast_after: usize,
}

/// The form a read is done with.
pub(crate) enum Tier<'a, Q, F> {
    Quick(&'a Q),
    Fast(&'a F),
}

impl<Q, F> Tiered<Q, F> {
    pub(crate) fn new(quick: Q, fast_after: usize) -> Tiered<Q, F> {
        Tiered { quick, fast: OnceLock::new(), read: AtomicUsize::new(0), fast_after }
    }

    /// The form to read `len` more bytes with: the quick one, or the one `build_fast` makes
    /// once `fast_after` bytes have been read. Both must find the same things.
    pub(crate) fn for_reading(&self, len: usize, build_fast: impl FnOnce() -> F) -> Tier<'_, Q, F> {
        if let Some(fast) = self.fast.get() {
            return Tier::Fast(fast);
        }
        if self.read.fetch_add(len, Ordering::Relaxed) + len < self.fast_after {
            return Tier::Quick(&self.quick);
        }
        Tier::Fast(self.fast.get_or_init(build_fast))
    }
}
