//! The MCP client config reader (JSONC, both server maps, placeholders): no panic, and no
//! credential of an entry (an env or header value, a URL's user information or query, the
//! value of any placeholder) shows in the reason an entry failed, or in any text redacted
//! with the config's secrets.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rune::source::config::{self, EntryStatus, Environment};
use rune_fuzz::check_redacted;
use std::path::{Path, PathBuf};

/// Every variable is set, to a value long enough to be redacted, except those named `UNSET*`.
struct FuzzEnvironment;

impl Environment for FuzzEnvironment {
    fn var(&self, name: &str) -> Option<String> {
        (!name.starts_with("UNSET")).then(|| format!("value-of-{name}"))
    }

    fn home(&self) -> Option<PathBuf> {
        Some(PathBuf::from("/home/fuzz"))
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let path = Path::new("/work/project/.vscode/mcp.json");
    let Ok(config) = config::read(path, text, &FuzzEnvironment) else { return };
    let mut every_secret = Vec::new();
    for entry in &config.servers {
        match &entry.status {
            EntryStatus::Failed(reason) => check_redacted(reason, &entry.secrets),
            EntryStatus::Ready(target) => {
                for secret in config::secrets(target) {
                    assert!(entry.secrets.contains(&secret), "{secret:?} is not kept secret");
                }
            }
            EntryStatus::Disabled => {}
        }
        every_secret.extend(entry.secrets.iter().cloned());
    }
    check_redacted(&config::redact(text, &every_secret), &every_secret);
});
