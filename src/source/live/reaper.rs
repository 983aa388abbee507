//! Keeping a server's descendants from outliving the scan.
//!
//! Killing a server's process group ends every process that stayed in it. A descendant that
//! called `setsid` (or `setpgid`) has left the group, so on Linux rune also:
//!
//! - becomes a child subreaper (`PR_SET_CHILD_SUBREAPER`) before it starts the first server,
//!   so a descendant orphaned by its parent's exit is re-parented to rune, not to init;
//! - gives each server a tag in its environment ([`TAG`]), which its descendants inherit;
//! - kills, when a server stops, every process whose chain of parents leads to the server and
//!   every process carrying its tag, read from `/proc` before the group is signalled;
//! - kills and reaps, whenever no server is running, every child of rune outside rune's own
//!   process group: orphans that also shed the tag.
//!
//! Elsewhere only the process group is killed (the README says so).
//!
//! When a signal ends rune, [`end_all`] kills every running server the same way at once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The environment variable naming the server a process descends from.
pub(super) const TAG: &str = "RUNE_SERVER_TAG";

/// A tag no other server of any rune process carries: rune's pid and a counter.
pub(super) fn new_tag() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    format!("{}.{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed))
}

/// The servers running now: their process ids and tags. Held while a server is spawned and
/// while orphans are collected, so a server being born is never mistaken for an orphan, and
/// by [`end_all`] until the process is gone, so no server starts after it.
static RUNNING: Mutex<Option<HashMap<u32, String>>> = Mutex::new(None);

pub(super) struct Registry(MutexGuard<'static, Option<HashMap<u32, String>>>);

/// Held by [`end_all`]: while it lives no server starts.
pub struct ServersEnded {
    _held: Registry,
}

/// Kills every running server outright (its group, and every descendant that left it) and
/// holds back every server yet to start until the returned guard is dropped; the caller is
/// about to end the process, so nothing is reaped and there is no grace period.
pub fn end_all() -> ServersEnded {
    let registry = registry();
    #[cfg(unix)]
    {
        use rustix::process::Signal;
        let servers: Vec<(u32, String)> =
            registry.0.iter().flatten().map(|(&pid, tag)| (pid, tag.clone())).collect();
        for (pid, tag) in servers {
            let strays = strays(pid, &tag);
            if let Some(group) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) {
                let _ = rustix::process::kill_process_group(group, Signal::KILL);
            }
            signal_each(&strays, Signal::KILL);
        }
        #[cfg(target_os = "linux")]
        linux::kill_orphans();
    }
    ServersEnded { _held: registry }
}

/// Locks the registry of running servers; the first call also makes rune a subreaper.
pub(super) fn registry() -> Registry {
    let guard = RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if guard.is_none() {
        #[cfg(target_os = "linux")]
        linux::become_subreaper();
    }
    let mut registry = Registry(guard);
    registry.0.get_or_insert_with(HashMap::new);
    registry
}

impl Registry {
    pub(super) fn add(&mut self, pid: u32, tag: &str) {
        self.0.get_or_insert_with(HashMap::new).insert(pid, tag.to_string());
    }

    /// Forgets a stopped server; when it was the last one running, ends every adopted orphan.
    pub(super) fn remove(&mut self, pid: u32) {
        let running = self.0.get_or_insert_with(HashMap::new);
        running.remove(&pid);
        if running.is_empty() {
            #[cfg(target_os = "linux")]
            linux::end_orphans();
        }
    }
}

/// Every process descended from `root` (not `root` itself) or carrying its `tag`, whatever its
/// group, session or parent.
pub(super) fn strays(root: u32, tag: &str) -> Vec<u32> {
    #[cfg(target_os = "linux")]
    {
        let mut found = linux::descendants(root);
        for pid in linux::tagged(tag) {
            if pid != root && !found.contains(&pid) {
                found.push(pid);
            }
        }
        found
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (root, tag);
        Vec::new()
    }
}

/// Reaps those of `pids` that are rune's own children (orphans it adopted), once killed.
pub(super) fn reap(pids: &[u32]) {
    #[cfg(target_os = "linux")]
    linux::reap(pids);
    #[cfg(not(target_os = "linux"))]
    let _ = pids;
}

/// Sends `signal` to each process; one already gone is skipped.
#[cfg(unix)]
pub(super) fn signal_each(pids: &[u32], signal: rustix::process::Signal) {
    for &pid in pids {
        if let Some(pid) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) {
            let _ = rustix::process::kill_process(pid, signal);
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use rustix::process::{Pid, Signal, WaitOptions};
    use std::collections::HashMap;
    use std::time::{Duration, Instant};

    pub(super) fn become_subreaper() {
        // Without it (an old kernel, a sandbox refusing prctl) orphans go to init, and only
        // the descendants still attached to the server are found at stop.
        let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
    }

    /// One process as `/proc/<pid>/stat` describes it.
    struct Stat {
        pid: u32,
        parent: u32,
        group: u32,
    }

    /// Every process `/proc` lists.
    fn processes() -> Vec<Stat> {
        let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
        entries
            .filter_map(|entry| {
                let pid: u32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
                let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
                // `pid (comm) state ppid pgrp ...`; comm may hold spaces and parentheses.
                let mut fields = stat.rsplit_once(')')?.1.split_whitespace().skip(1);
                let parent = fields.next()?.parse().ok()?;
                let group = fields.next()?.parse().ok()?;
                Some(Stat { pid, parent, group })
            })
            .collect()
    }

    /// Every process whose environment holds `TAG=tag` (those of other users cannot be read,
    /// and cannot have inherited it either).
    pub(super) fn tagged(tag: &str) -> Vec<u32> {
        let wanted = format!("{}={tag}", super::TAG);
        let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
        entries
            .filter_map(|entry| {
                let pid: u32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
                let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
                environ
                    .split(|&byte| byte == 0)
                    .any(|pair| pair == wanted.as_bytes())
                    .then_some(pid)
            })
            .collect()
    }

    pub(super) fn descendants(root: u32) -> Vec<u32> {
        let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
        for process in processes() {
            children.entry(process.parent).or_default().push(process.pid);
        }
        let mut found = Vec::new();
        let mut next = vec![root];
        while let Some(parent) = next.pop() {
            for &child in children.get(&parent).into_iter().flatten() {
                if child != root && !found.contains(&child) {
                    found.push(child);
                    next.push(child);
                }
            }
        }
        found
    }

    /// Kills every adopted orphan and its descendants, then reaps the orphans. When no server
    /// runs, a child of rune outside rune's own process group can only be one: a server's
    /// descendant starts in the server's group and may leave it, while a process the embedding
    /// program starts itself stays in rune's group.
    pub(super) fn end_orphans() {
        reap(&kill_orphans());
    }

    /// Kills every child of rune outside rune's own process group, and its descendants;
    /// returns the children, to be reaped.
    pub(super) fn kill_orphans() -> Vec<u32> {
        let own = rustix::process::getpid().as_raw_nonzero().get().unsigned_abs();
        let own_group = rustix::process::getpgrp().as_raw_nonzero().get().unsigned_abs();
        let orphans: Vec<u32> = processes()
            .into_iter()
            .filter(|process| process.parent == own && process.group != own_group)
            .map(|process| process.pid)
            .collect();
        let mut doomed = orphans.clone();
        for &orphan in &orphans {
            doomed.extend(descendants(orphan));
        }
        super::signal_each(&doomed, Signal::KILL);
        orphans
    }

    /// Waits up to a second in all for each of `pids` that is rune's child to be reaped; the
    /// others (`ECHILD`) are someone else's to reap.
    pub(super) fn reap(pids: &[u32]) {
        let deadline = Instant::now() + Duration::from_secs(1);
        for &pid in pids {
            let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else { continue };
            while let Ok(None) = rustix::process::waitpid(Some(pid), WaitOptions::NOHANG) {
                if Instant::now() >= deadline {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}
