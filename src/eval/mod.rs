//! `scan-eval`: the rules scored on a labeled corpus, and the gate CI enforces on the score.

pub mod corpus;
pub mod gate;
pub mod score;
