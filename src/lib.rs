//! rune reads the metadata an MCP server hands an agent (tool, prompt and resource
//! descriptions, schemas, the server's own instructions) and reports the hidden orders in it.
//!
//! The flow is load → scan → judge → render: [`source`] turns input into [`model::Surface`]s,
//! [`scan::scan`] runs every rule in [`rules::REGISTRY`], and [`report`] says what was found.
//!
//! # Public API
//!
//! The library exists for rune's own binaries (`rune`, `scan-eval`), its integration tests,
//! benches and fuzz targets; what they use is public, everything else is crate-private.
//!
//! - [`discover`]: `--discover`'s search for MCP client configs ([`discover::discover`],
//!   [`discover::clients`], [`discover::listing`]).
//! - [`escape`]: [`escape::escape`], server text made safe to print.
//! - [`eval`]: `scan-eval`'s corpus ([`eval::corpus`]), scorecard ([`eval::score`]) and
//!   thresholds ([`eval::gate`]).
//! - [`files`]: [`files::write_atomically`] and [`files::abandon_writes`].
//! - [`gate`]: the baseline ([`gate::baseline`]), the pin ([`gate::pin`]) and their errors.
//! - [`github`]: the sticky pull-request comment ([`github::comment`], [`github::Settings`]).
//! - [`json`]: rune's strict JSON ([`json::parse`], [`json::Value`], [`json::to_pretty`],
//!   [`json::walk::string_leaves`]).
//! - [`model`]: the nouns of a scan ([`model::Surface`], [`model::Entity`],
//!   [`model::Finding`], [`model::Kind`], [`model::Severity`]).
//! - [`report`]: [`report::Report`] and its renderers (text, JSON, Markdown, SARIF).
//! - [`rules`]: the rules and their registry, [`rules::REGISTRY`].
//! - [`scan`]: [`scan::scan`] and [`scan::scan_with`].
//! - [`source`]: inputs: manifests ([`source::manifest`]), `--config` files
//!   ([`source::config`]), live servers ([`source::live`]) and event streams ([`source::sse`]).
//! - [`text`] and [`vocab`]: the reading of English the rules share.
//! - [`HOMEPAGE`]: the project's address, for help texts and SARIF.

// Module docs in rules/, text/ and vocab/ link their private helpers for readers of the source
// (and of `cargo doc --document-private-items`).
#![allow(rustdoc::private_intra_doc_links)]

mod arming;
pub(crate) mod core;
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
