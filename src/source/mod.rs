//! Where the metadata comes from: a saved manifest (a file or stdin, as JSON or as a captured
//! event stream), turned into the entities every later stage reads.

pub mod config;
pub mod live;
pub mod manifest;
pub mod sse;

/// The OS's reason for an I/O failure, without Rust's ` (os error N)` suffix.
pub(crate) fn io_reason(error: &std::io::Error) -> String {
    let reason = error.to_string();
    match reason.rfind(" (os error ") {
        Some(at) => reason[..at].to_string(),
        None => reason,
    }
}
