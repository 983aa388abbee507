//! Writing files rune owns (baseline, pin, SARIF, JSON) so a crash never leaves half of one.

use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` atomically: a sibling temporary file, flushed to disk, then
/// renamed over the target. Either the old file or the whole new one is there, never a torn mix.
pub fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file")
    })?;
    let temporary = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

/// Reads the text file `path` that rune was pointed at as its `what` (`baseline`, `pin`). The
/// error is one line naming the file and what to do.
pub fn read_text(path: &Path, what: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|error| {
        let problem = match error.kind() {
            std::io::ErrorKind::NotFound => return format!("no such {what}: {}", path.display()),
            std::io::ErrorKind::IsADirectory => format!("it is a folder; name the {what} file"),
            std::io::ErrorKind::InvalidData => format!("it is not UTF-8 text; a {what} is JSON"),
            _ => crate::source::io_reason(&error),
        };
        format!("cannot read {what} {}: {problem}", path.display())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_whole_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("rune-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.json");
        std::fs::write(&path, "old contents that are longer").unwrap();
        write_atomically(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_partial_write() {
        let path = std::env::temp_dir().join("rune-no-such-dir-xyz/out.json");
        assert!(write_atomically(&path, "x").is_err());
        assert!(!path.exists());
    }

    #[test]
    fn a_file_that_cannot_be_read_is_named_with_what_to_do() {
        let dir = std::env::temp_dir().join(format!("rune-files-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(
            read_text(&dir, "pin").unwrap_err(),
            format!("cannot read pin {}: it is a folder; name the pin file", dir.display())
        );
        let missing = dir.join("gone.json");
        assert_eq!(
            read_text(&missing, "baseline").unwrap_err(),
            format!("no such baseline: {}", missing.display())
        );
        let binary = dir.join("binary.json");
        std::fs::write(&binary, b"\xff").unwrap();
        assert_eq!(
            read_text(&binary, "pin").unwrap_err(),
            format!("cannot read pin {}: it is not UTF-8 text; a pin is JSON", binary.display())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
