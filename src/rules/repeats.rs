//! Strings a scan meets more than once, read once.
//!
//! A server repeats itself: the same parameter description on every tool that takes a
//! cursor, `"string"` and `"object"` on every schema node. A [`Doc`] is a pure function of its
//! bytes, so every leaf with the same short text can share one reading. So are the hits of a
//! rule that read neither the string's scope nor its path ([`Scope::consulted`]): an equal
//! string later in the scan takes them from here instead of running the rule again. A rule
//! that did read them runs on every leaf, in the leaf's own scope and path.
//!
//! [`Scope::consulted`]: super::scope::Scope::consulted

use super::Hit;
use super::scope::SharedDoc;
use crate::text::Doc;
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// The longest text kept for reuse: a long description seldom recurs, and its reading is big.
const LONGEST: usize = 512;

/// The most texts a table holds at once. A full table is emptied rather than aged: the texts
/// that recur most come back first, and memory stays bounded however large the manifest.
const HELD: usize = 4096;

/// What is known of each short text met so far, keyed by its bytes, within the bounds above.
/// The keys are server text, so the hasher is seeded at random for each process; the bound on
/// what a table holds bounds what colliding keys could cost besides.
pub struct Table<'v, V> {
    held: RefCell<HashMap<&'v str, V, foldhash::quality::RandomState>>,
}

impl<V> Default for Table<'_, V> {
    fn default() -> Self {
        Table { held: RefCell::new(HashMap::default()) }
    }
}

impl<'v, V: Clone> Table<'v, V> {
    /// What is kept for `raw`, or what `make` finds, kept when `raw` is short enough.
    pub fn get_or(&self, raw: &'v str, make: impl FnOnce() -> V) -> V {
        if raw.len() > LONGEST {
            return make();
        }
        if let Some(known) = self.get(raw) {
            return known;
        }
        let made = make();
        self.put(raw, made.clone());
        made
    }

    fn get(&self, raw: &str) -> Option<V> {
        self.held.borrow().get(raw).cloned()
    }

    fn put(&self, raw: &'v str, value: V) {
        if raw.len() > LONGEST {
            return;
        }
        let mut held = self.held.borrow_mut();
        if held.len() >= HELD {
            held.clear();
        }
        held.insert(raw, value);
    }
}

/// The readings of the short texts met so far in one scan, keyed by their bytes.
#[derive(Default)]
pub struct Repeats<'v> {
    docs: Table<'v, Rc<Doc<'v>>>,
    verdicts: Table<'v, Verdicts>,
    /// The rules each text's trigger words arm.
    armed: Table<'v, u64>,
}

/// What rules found on one text, for the rules whose hits rest on its bytes alone. A rule is
/// named by its index in the scan's rule list.
#[derive(Default, Clone)]
struct Verdicts {
    /// A bit for each rule whose hits are held.
    known: u64,
    hits: Vec<(u8, Hit)>,
}

/// The bit standing for the rule at `rule` in [`Verdicts::known`]: none past the 64th.
fn bit(rule: usize) -> Option<u64> {
    (rule < 64).then(|| 1 << rule)
}

impl<'v> Repeats<'v> {
    /// The reading of `raw`: the one already built for the same bytes, or a new one.
    pub fn doc(&self, raw: &'v str) -> Rc<Doc<'v>> {
        self.docs.get_or(raw, || Rc::new(Doc::new(raw)))
    }

    /// One string of the scan, whose reading is looked up here on first use.
    pub fn leaf<'r>(&'r self, raw: &'v str) -> Leaf<'r, 'v> {
        Leaf {
            repeats: self,
            raw,
            doc: OnceCell::new(),
            verdicts: OnceCell::new(),
            learned: Cell::new(false),
        }
    }
}

/// A string leaf that takes its reading from the scan's [`Repeats`] when a rule first asks.
pub struct Leaf<'r, 'v> {
    repeats: &'r Repeats<'v>,
    raw: &'v str,
    doc: OnceCell<Rc<Doc<'v>>>,
    /// The table's verdicts on these bytes, copied out on first use; what this leaf learns
    /// goes back to the table when it is dropped.
    verdicts: OnceCell<RefCell<Verdicts>>,
    learned: Cell<bool>,
}

impl Leaf<'_, '_> {
    /// The hits of rule number `rule` on an equal string met before, pushed onto `hits`:
    /// false when no such verdict is held, and the rule must run.
    pub fn recall(&self, rule: usize, hits: &mut Vec<Hit>) -> bool {
        let (Some(bit), Some(verdicts)) = (bit(rule), self.verdicts()) else { return false };
        let verdicts = verdicts.borrow();
        if verdicts.known & bit == 0 {
            return false;
        }
        let own = verdicts.hits.iter().filter(|(of, _)| usize::from(*of) == rule);
        hits.extend(own.map(|(_, hit)| hit.clone()));
        true
    }

    /// Keeps `hits` as rule number `rule`'s verdict on these bytes. Only for hits that rest
    /// on the bytes alone.
    pub fn learn(&self, rule: usize, hits: &[Hit]) {
        let (Some(bit), Some(verdicts)) = (bit(rule), self.verdicts()) else { return };
        let mut verdicts = verdicts.borrow_mut();
        verdicts.known |= bit;
        verdicts.hits.extend(hits.iter().map(|hit| (rule as u8, hit.clone())));
        self.learned.set(true);
    }

    fn verdicts(&self) -> Option<&RefCell<Verdicts>> {
        if self.raw.len() > LONGEST {
            return None;
        }
        Some(
            self.verdicts.get_or_init(|| {
                RefCell::new(self.repeats.verdicts.get(self.raw).unwrap_or_default())
            }),
        )
    }
}

impl Drop for Leaf<'_, '_> {
    fn drop(&mut self) {
        if !self.learned.get() {
            return;
        }
        if let Some(verdicts) = self.verdicts.take() {
            self.repeats.verdicts.put(self.raw, verdicts.into_inner());
        }
    }
}

impl SharedDoc for Leaf<'_, '_> {
    fn raw(&self) -> &str {
        self.raw
    }

    fn doc(&self) -> &Doc<'_> {
        self.doc.get_or_init(|| self.repeats.doc(self.raw))
    }

    fn armed(&self) -> u64 {
        let raw = self.raw;
        self.repeats.armed.get_or(raw, || super::prepared::armed(raw))
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
        assert!(repeats.docs.held.borrow().len() <= HELD);
    }
}
