//! The conduct gate the rule reads its clauses through lets every clause it fires on pass.

use super::*;

#[test]
fn every_clause_it_fires_on_in_the_corpus_passes_the_conduct_gate() {
    testing::assert_conduct_gate_covers(|doc, clause| shapes::judge(doc, clause).is_some());
}
