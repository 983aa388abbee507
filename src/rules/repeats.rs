//! Strings a scan meets more than once, read once.
//!
//! A server repeats itself: the same parameter description on every tool that takes a
//! cursor, `"string"` and `"object"` on every schema node. A [`Doc`] is a pure function of its
//! bytes, so every leaf with the same short text can share one reading. Findings still come
//! from each leaf's own rules in its own scope and path; only the reading is shared.

use super::scope::SharedDoc;
use crate::text::Doc;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// The longest text kept for reuse: a long description seldom recurs, and its reading is big.
const LONGEST: usize = 512;

/// The most readings held at once. A full table is emptied rather than aged: the texts that
/// recur most come back first, and memory stays bounded however large the manifest.
const HELD: usize = 4096;

/// The readings of the short texts met so far in one scan, keyed by their bytes.
#[derive(Default)]
pub struct Repeats<'v> {
    docs: RefCell<HashMap<&'v str, Rc<Doc<'v>>>>,
}

impl<'v> Repeats<'v> {
    /// The reading of `raw`: the one already built for the same bytes, or a new one.
    pub fn doc(&self, raw: &'v str) -> Rc<Doc<'v>> {
        if raw.len() > LONGEST {
            return Rc::new(Doc::new(raw));
        }
        if let Some(doc) = self.docs.borrow().get(raw) {
            return Rc::clone(doc);
        }
        let doc = Rc::new(Doc::new(raw));
        let mut docs = self.docs.borrow_mut();
        if docs.len() >= HELD {
            docs.clear();
        }
        docs.insert(raw, Rc::clone(&doc));
        doc
    }

    /// One string of the scan, whose reading is looked up here on first use.
    pub fn leaf<'r>(&'r self, raw: &'v str) -> Leaf<'r, 'v> {
        Leaf { repeats: self, raw, doc: OnceCell::new() }
    }
}

/// A string leaf that takes its reading from the scan's [`Repeats`] when a rule first asks.
pub struct Leaf<'r, 'v> {
    repeats: &'r Repeats<'v>,
    raw: &'v str,
    doc: OnceCell<Rc<Doc<'v>>>,
}

impl SharedDoc for Leaf<'_, '_> {
    fn raw(&self) -> &str {
        self.raw
    }

    fn doc(&self) -> &Doc<'_> {
        self.doc.get_or_init(|| self.repeats.doc(self.raw))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_short_texts_share_one_reading_and_long_ones_do_not() {
        let repeats = Repeats::default();
        let one = String::from("Opaque pagination cursor from the previous page.");
        let two = one.clone();
        assert!(Rc::ptr_eq(&repeats.doc(&one), &repeats.doc(&two)));
        let long = "word ".repeat(LONGEST);
        let again = long.clone();
        assert!(!Rc::ptr_eq(&repeats.doc(&long), &repeats.doc(&again)));
        let leaf = repeats.leaf(&two);
        assert_eq!(leaf.doc().raw, one);
    }

    #[test]
    fn a_full_table_is_emptied_before_it_grows_past_its_bound() {
        let repeats = Repeats::default();
        let texts: Vec<String> = (0..HELD + 10).map(|n| format!("text {n}")).collect();
        for text in &texts {
            repeats.doc(text);
        }
        assert!(repeats.docs.borrow().len() <= HELD);
    }
}
