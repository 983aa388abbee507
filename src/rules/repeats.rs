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

/// The most bytes of text a table holds at once (what a text's reading takes grows with its
/// bytes). A full table is emptied rather than aged: the texts that recur most come back
/// first, and memory stays bounded however large the manifest. Each emptying costs every
/// recurring text its verdicts, which then run every rule again, so the bound is set above the
/// short text one walker of a large manifest meets, not at what most servers need.
const HELD: usize = 4 << 20;

/// What is known of each short text met so far, keyed by its bytes, within the bounds above.
/// The keys are server text, so the hasher is seeded at random for each process; the bound on
/// what a table holds bounds what colliding keys could cost besides.
pub struct Table<'v, V> {
    held: RefCell<HashMap<&'v str, V, foldhash::quality::RandomState>>,
    /// The bytes of the texts `held` holds.
    bytes: Cell<usize>,
}

impl<V> Default for Table<'_, V> {
    fn default() -> Self {
        Table { held: RefCell::new(HashMap::default()), bytes: Cell::new(0) }
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
        if self.bytes.get() + raw.len() > HELD {
            held.clear();
            self.bytes.set(0);
        }
        self.bytes.set(self.bytes.get() + raw.len());
        held.insert(raw, value);
    }
}

/// The readings of the short texts met so far in one scan, keyed by their bytes: one entry a
/// text, found with one lookup however many rules ask.
#[derive(Default)]
pub struct Repeats<'v> {
    entries: Table<'v, Rc<Entry<'v>>>,
}

/// What is known of one short text: the rules its trigger words arm, its reading once built,
/// and the verdicts of the rules whose hits rest on its bytes alone.
struct Entry<'v> {
    armed: u64,
    doc: OnceCell<Rc<Doc<'v>>>,
    verdicts: RefCell<Verdicts>,
}

/// What rules found on one text, for the rules whose hits rest on its bytes alone. A rule is
/// named by its index in the scan's rule list.
#[derive(Default)]
struct Verdicts {
    /// A bit for each rule whose hits are held.
    known: u64,
    /// A bit for each rule whose held verdict is that it found nothing.
    quiet: u64,
    hits: Vec<(u8, Hit)>,
}

/// The bit standing for the rule at `rule` in [`Verdicts::known`]: none past the 64th.
pub(crate) fn bit(rule: usize) -> Option<u64> {
    (rule < 64).then(|| 1 << rule)
}

impl<'v> Repeats<'v> {
    /// The entry of `raw`, made on first meeting; none for a text too long to keep.
    fn entry(&self, raw: &'v str) -> Option<Rc<Entry<'v>>> {
        (raw.len() <= LONGEST).then(|| {
            self.entries.get_or(raw, || {
                Rc::new(Entry {
                    armed: super::prepared::armed(raw),
                    doc: OnceCell::new(),
                    verdicts: RefCell::default(),
                })
            })
        })
    }

    /// The reading of `raw`: the one already built for the same bytes, or a new one.
    #[cfg(test)]
    fn doc(&self, raw: &'v str) -> Rc<Doc<'v>> {
        reading(self.entry(raw).as_deref(), raw)
    }

    /// One string of the scan, whose entry is looked up once, here.
    pub fn leaf(&self, raw: &'v str) -> Leaf<'v> {
        Leaf { raw, entry: self.entry(raw), doc: OnceCell::new() }
    }
}

/// The reading of `raw`: its entry's, built on first use, or a new one for a text too long
/// to keep.
fn reading<'v>(entry: Option<&Entry<'v>>, raw: &'v str) -> Rc<Doc<'v>> {
    match entry {
        Some(entry) => entry.doc.get_or_init(|| Rc::new(Doc::new(raw))).clone(),
        None => Rc::new(Doc::new(raw)),
    }
}

/// A string leaf that takes its reading and its verdicts from the scan's [`Repeats`].
pub struct Leaf<'v> {
    raw: &'v str,
    /// None for a text too long to keep: it is read afresh, and no verdict is held.
    entry: Option<Rc<Entry<'v>>>,
    doc: OnceCell<Rc<Doc<'v>>>,
}

impl Leaf<'_> {
    /// The hits of rule number `rule` on an equal string met before, pushed onto `hits`:
    /// false when no such verdict is held, and the rule must run.
    pub fn recall(&self, rule: usize, hits: &mut Vec<Hit>) -> bool {
        let (Some(bit), Some(entry)) = (bit(rule), &self.entry) else { return false };
        let verdicts = entry.verdicts.borrow();
        if verdicts.known & bit == 0 {
            return false;
        }
        let own = verdicts.hits.iter().filter(|(of, _)| usize::from(*of) == rule);
        hits.extend(own.map(|(_, hit)| hit.clone()));
        true
    }

    /// The rules (a bit for each number, as [`Leaf::recall`] takes them) whose held verdict on
    /// these bytes is that they found nothing: asked once per leaf, so each rule is spared the
    /// lookup.
    pub fn quiet(&self) -> u64 {
        self.entry.as_ref().map_or(0, |entry| entry.verdicts.borrow().quiet)
    }

    /// Keeps `hits` as rule number `rule`'s verdict on these bytes. Only for hits that rest
    /// on the bytes alone.
    pub fn learn(&self, rule: usize, hits: &[Hit]) {
        let (Some(bit), Some(entry)) = (bit(rule), &self.entry) else { return };
        let mut verdicts = entry.verdicts.borrow_mut();
        verdicts.known |= bit;
        if hits.is_empty() {
            verdicts.quiet |= bit;
        }
        verdicts.hits.extend(hits.iter().map(|hit| (rule as u8, hit.clone())));
    }
}

impl SharedDoc for Leaf<'_> {
    fn raw(&self) -> &str {
        self.raw
    }

    fn doc(&self) -> &Doc<'_> {
        self.doc.get_or_init(|| reading(self.entry.as_deref(), self.raw))
    }

    fn built(&self) -> Option<&Doc<'_>> {
        let shared = self.entry.as_ref().and_then(|entry| entry.doc.get());
        self.doc.get().or(shared).map(|doc| &**doc)
    }

    fn armed(&self) -> u64 {
        self.entry.as_ref().map_or_else(|| super::prepared::armed(self.raw), |entry| entry.armed)
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
        let texts: Vec<String> = (0..HELD / 100 + 10).map(|n| format!("{n:>100}")).collect();
        for text in &texts {
            repeats.doc(text);
        }
        let held: usize = repeats.entries.held.borrow().keys().map(|text| text.len()).sum();
        assert!(held <= HELD && held == repeats.entries.bytes.get());
    }
}
