//! Where the metadata comes from: a saved manifest (a file or stdin, as JSON or as a captured
//! event stream), turned into the entities every later stage reads.

pub mod config;
pub mod live;
pub mod manifest;
pub mod sse;

pub(crate) use crate::files::io_reason;
