//! rune reads the metadata an MCP server hands an agent (tool, prompt and resource
//! descriptions, schemas, the server's own instructions) and reports the hidden orders in it.
//!
//! The flow is load → scan → judge → render: [`source`] turns input into [`model::Surface`]s,
//! [`scan::scan`] runs every rule in [`rules::REGISTRY`], and [`report`] says what was found.

pub mod core;
pub mod discover;
pub mod escape;
pub mod eval;
pub mod files;
pub mod gate;
pub mod github;
pub mod json;
pub mod model;
pub mod report;
pub mod rules;
pub mod scan;
pub mod source;
pub mod text;
mod tiered;
pub mod vocab;

pub use crate::core::HOMEPAGE;
