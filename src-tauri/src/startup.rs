//! What happens before the first frame: an opt-in trace of the start-up
//! milestones.

use std::io::Write;
use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable that turns the start-up trace on.
pub const TRACE_VAR: &str = "CHECKERS_START_TRACE";

/// Whether the start-up trace is on (`CHECKERS_START_TRACE` is set).
pub fn tracing() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os(TRACE_VAR).is_some())
}

/// Notes a start-up milestone on stderr when `CHECKERS_START_TRACE` is
/// set: `checkers-start <unix time in ms> <what>`, so a script that
/// launched the app can subtract its own launch time. Silent otherwise,
/// and never fails: an unwritable stderr only loses the line.
pub fn mark(what: &str) {
    if !tracing() {
        return;
    }
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    // One write per line, so lines from several threads never interleave.
    let line = format!("checkers-start {ms} {what}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
}
