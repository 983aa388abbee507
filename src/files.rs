//! Writing files rune owns (baseline, pin, SARIF, JSON, manifest snapshots) so that neither a
//! crash nor a signal leaves half of one, or a temporary file beside it.
//!
//! A write goes to a sibling temporary file, flushed to disk, then renamed over the target:
//! either the old file or the whole new one is there. Every temporary file lives in one
//! registry while it exists; [`abandon_writes`] (called when SIGINT, SIGTERM or SIGHUP ends
//! rune) removes them all and holds every write back until the process is gone, so a write
//! the signal interrupted leaves only the old file. SIGKILL cannot be caught: it may leave a
//! `.NAME.PID.tmp` beside the target.
//!
//! A target that is a symbolic link is written through: the chain of links is followed and
//! the final file replaced, so the links stay links.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Links followed before a path is taken for a loop (Linux's own limit).
const MAX_LINKS: usize = 40;

/// The temporary files of writes in progress.
#[derive(Default)]
struct Pending {
    temporaries: Mutex<Vec<PathBuf>>,
}

/// Every write of this process goes through this registry.
static PENDING: Pending = Pending { temporaries: Mutex::new(Vec::new()) };

/// Held by [`abandon_writes`]: while it lives no write starts or finishes.
pub struct WritesAbandoned {
    _held: MutexGuard<'static, Vec<PathBuf>>,
}

/// Removes the temporary file of every write in progress and holds every write back until the
/// returned guard is dropped; the caller is about to end the process.
pub fn abandon_writes() -> WritesAbandoned {
    WritesAbandoned { _held: PENDING.abandon() }
}

impl Pending {
    fn lock(&self) -> MutexGuard<'_, Vec<PathBuf>> {
        // A panic while holding the lock leaves a list that is still a list.
        self.temporaries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Creates `temporary` and registers it, as one step: a file that exists is registered.
    fn create(&self, temporary: &Path) -> std::io::Result<File> {
        let mut temporaries = self.lock();
        let file = File::create(temporary)?;
        temporaries.push(temporary.to_path_buf());
        Ok(file)
    }

    /// Renames `temporary` over `target` and forgets it, as one step.
    fn commit(&self, temporary: &Path, target: &Path) -> std::io::Result<()> {
        let mut temporaries = self.lock();
        let renamed = std::fs::rename(temporary, target);
        if renamed.is_ok() {
            temporaries.retain(|pending| pending != temporary);
        }
        renamed
    }

    /// Removes `temporary` and forgets it.
    fn discard(&self, temporary: &Path) {
        let mut temporaries = self.lock();
        let _ = std::fs::remove_file(temporary);
        temporaries.retain(|pending| pending != temporary);
    }

    fn abandon(&self) -> MutexGuard<'_, Vec<PathBuf>> {
        let mut temporaries = self.lock();
        for temporary in temporaries.drain(..) {
            let _ = std::fs::remove_file(temporary);
        }
        temporaries
    }

    fn write(&self, path: &Path, contents: &str) -> std::io::Result<()> {
        let target = final_target(path)?;
        let dir = match target.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let name = target.file_name().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file")
        })?;
        let temporary = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
        let mut file = self.create(&temporary)?;
        let result = (|| {
            file.write_all(contents.as_bytes())?;
            // The file being replaced keeps its permissions (a pin made read-only stays so).
            if let Ok(old) = std::fs::metadata(&target) {
                file.set_permissions(old.permissions())?;
            }
            file.sync_all()?;
            self.commit(&temporary, &target)
        })();
        if result.is_err() {
            self.discard(&temporary);
        }
        result
    }
}

/// Writes `contents` to `path` atomically (see the module doc); a symbolic link is written
/// through to its final target.
pub fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    PENDING.write(path, contents)
}

/// The file `path` names once every symbolic link on the way is followed: `path` itself when
/// it is not a link or does not exist, and the missing file a dangling link points at.
fn final_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) => parent.join(link),
                    None => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(std::io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links to follow; is there a loop?"
    )))
}

/// The OS's reason for an I/O failure, without Rust's ` (os error N)` suffix.
pub(crate) fn io_reason(error: &std::io::Error) -> String {
    let reason = error.to_string();
    match reason.rfind(" (os error ") {
        Some(at) => reason[..at].to_string(),
        None => reason,
    }
}

/// Why a file rune was pointed at as its `what` (`baseline`, `pin`, `thresholds`) could not be
/// read. Each message is one line naming the file and what to do.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("no such {what}: {}", path.display())]
    Missing { what: &'static str, path: PathBuf },
    #[error("cannot read {what} {}: it is a folder; name the {what} file", path.display())]
    Folder { what: &'static str, path: PathBuf },
    #[error("cannot read {what} {}: it is not UTF-8 text; a {what} is JSON", path.display())]
    NotText { what: &'static str, path: PathBuf },
    #[error("cannot read {what} {}: {reason}", path.display())]
    Io { what: &'static str, path: PathBuf, reason: String },
}

/// Reads the text file `path` that rune was pointed at as its `what`.
pub(crate) fn read_text(path: &Path, what: &'static str) -> Result<String, ReadError> {
    std::fs::read_to_string(path).map_err(|error| {
        let path = path.to_path_buf();
        match error.kind() {
            std::io::ErrorKind::NotFound => ReadError::Missing { what, path },
            std::io::ErrorKind::IsADirectory => ReadError::Folder { what, path },
            std::io::ErrorKind::InvalidData => ReadError::NotText { what, path },
            _ => ReadError::Io { what, path, reason: io_reason(&error) },
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rune-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_whole_file_and_leaves_no_temporary() {
        let dir = scratch("replace");
        let path = dir.join("out.json");
        std::fs::write(&path, "old contents that are longer").unwrap();
        write_atomically(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(entries(&dir), ["out.json"]);
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
            read_text(&dir, "pin").unwrap_err().to_string(),
            format!("cannot read pin {}: it is a folder; name the pin file", dir.display())
        );
        let missing = dir.join("gone.json");
        assert_eq!(
            read_text(&missing, "baseline").unwrap_err().to_string(),
            format!("no such baseline: {}", missing.display())
        );
        let binary = dir.join("binary.json");
        std::fs::write(&binary, b"\xff").unwrap();
        assert_eq!(
            read_text(&binary, "pin").unwrap_err().to_string(),
            format!("cannot read pin {}: it is not UTF-8 text; a pin is JSON", binary.display())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_temporary_is_registered_from_its_creation_until_its_rename() {
        let dir = scratch("registry");
        let pending = Pending::default();
        let temporary = dir.join(".out.tmp");
        drop(pending.create(&temporary).unwrap());
        assert_eq!(pending.lock().as_slice(), std::slice::from_ref(&temporary));
        pending.commit(&temporary, &dir.join("out")).unwrap();
        assert!(pending.lock().is_empty());
        assert_eq!(entries(&dir), ["out"]);

        // A failed write removes its temporary and forgets it.
        pending.write(&dir.join("out"), "whole").unwrap();
        assert!(pending.write(&dir.join("no-such-dir/out"), "x").is_err());
        assert!(pending.lock().is_empty());
        assert_eq!(entries(&dir), ["out"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn abandoning_removes_every_temporary_and_holds_writes_back() {
        let dir = scratch("abandon");
        let target = dir.join("pin.json");
        std::fs::write(&target, "old").unwrap();
        let pending = Pending::default();
        let temporary = dir.join(".pin.json.tmp");
        let mut file = pending.create(&temporary).unwrap();
        file.write_all(b"half of the new").unwrap();
        let held = pending.abandon();
        assert_eq!(entries(&dir), ["pin.json"]);
        std::thread::scope(|scope| {
            let late = scope.spawn(|| pending.commit(&temporary, &target));
            std::thread::sleep(std::time::Duration::from_millis(100));
            assert!(!late.is_finished(), "a write finished after the writes were abandoned");
            drop(held);
            assert!(late.join().unwrap().is_err(), "its temporary is gone");
        });
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
        assert_eq!(entries(&dir), ["pin.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn a_symbolic_link_is_written_through_to_its_final_target() {
        use std::os::unix::fs::symlink;
        let dir = scratch("symlink");
        std::fs::create_dir(dir.join("real")).unwrap();
        let target = dir.join("real/pin.json");
        std::fs::write(&target, "old").unwrap();
        symlink("real/pin.json", dir.join("hop")).unwrap();
        symlink(dir.join("hop"), dir.join("pin.json")).unwrap();
        write_atomically(&dir.join("pin.json"), "new").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        assert!(std::fs::symlink_metadata(dir.join("pin.json")).unwrap().file_type().is_symlink());
        assert!(std::fs::symlink_metadata(dir.join("hop")).unwrap().file_type().is_symlink());
        assert_eq!(entries(&dir.join("real")), ["pin.json"]);

        // A dangling link creates the file it points at.
        symlink("real/new.json", dir.join("dangling")).unwrap();
        write_atomically(&dir.join("dangling"), "fresh").unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("real/new.json")).unwrap(), "fresh");

        // A loop is an error, and nothing is written.
        symlink("loop-b", dir.join("loop-a")).unwrap();
        symlink("loop-a", dir.join("loop-b")).unwrap();
        let error = write_atomically(&dir.join("loop-a"), "x").unwrap_err();
        assert!(error.to_string().contains("symbolic links"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn the_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let target = dir.join("baseline.json");
        std::fs::write(&target, "old").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&target, "new").unwrap();
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
