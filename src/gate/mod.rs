//! The gate's memory: a baseline of reviewed findings and a pin of reviewed metadata.

pub mod baseline;
pub mod pin;

pub use crate::core::digest;
use crate::core::is_digest;
