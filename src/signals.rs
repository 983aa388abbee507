//! Ending by a signal cleanly: SIGINT (Ctrl-C), SIGTERM and SIGHUP remove the temporary file of
//! every write in progress and kill every stdio server (which runs in its own process group,
//! out of the terminal's reach), then rune dies by that same signal, as if it had no handler.
//!
//! The work runs on a thread of its own, not in the handler, so it may take locks. A signal
//! rune was started ignoring (`nohup`'s SIGHUP) stays ignored, where the platform tells.

/// Starts listening; without it a signal ends rune at once, leaving what the module names.
#[cfg(unix)]
pub fn install() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let wanted: Vec<i32> =
        [SIGINT, SIGTERM, SIGHUP].into_iter().filter(|&signal| !ignored(signal)).collect();
    // Without a listener (a platform refusing it) signals keep their default action.
    let Ok(mut signals) = signal_hook::iterator::Signals::new(&wanted) else { return };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Both are held until the process is gone: no write finishes, no server starts.
            let _writes = rune::files::abandon_writes();
            let _servers = rune::source::live::end_all();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            // Reached only if the signal did not end the process.
            std::process::abort();
        }
    });
}

#[cfg(not(unix))]
pub fn install() {}

/// Whether rune was started with `signal` ignored (Linux: `SigIgn` in `/proc/self/status`).
#[cfg(unix)]
fn ignored(signal: i32) -> bool {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return false };
    let mask = status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok());
    match (mask, u32::try_from(signal - 1)) {
        (Some(mask), Ok(bit)) if bit < 64 => mask & (1 << bit) != 0,
        _ => false,
    }
}
