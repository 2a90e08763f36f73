//! What happens before the first frame: the rendering choice on Linux and
//! an opt-in trace of the start-up milestones.

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

/// The WebKitGTK variable that turns off its DMA-BUF renderer.
#[cfg(target_os = "linux")]
pub const DMABUF_VAR: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";

/// Whether to turn off WebKitGTK's DMA-BUF renderer: only when the user
/// has not set the variable (to any value, even empty) and the machine has
/// no GPU render node that this user can open (`/dev/dri/renderD*`).
/// Without one that renderer has no GPU to use: it draws through Mesa's
/// software rasteriser, compiling hundreds of shaders into an empty cache
/// on a first start, and the start screen comes seconds late (2 to 5 s
/// under Xvfb on two cores). WebKit's other renderer draws on the CPU,
/// which is all there is. With a render node WebKit's own choice stands.
#[cfg(target_os = "linux")]
pub fn should_disable_dmabuf(user_value: Option<&std::ffi::OsStr>, render_node: bool) -> bool {
    user_value.is_none() && !render_node
}

/// Whether a DRM render node in `dir` (normally `/dev/dri`) can be opened
/// for reading and writing, as a renderer would.
#[cfg(target_os = "linux")]
pub fn usable_render_node(dir: &std::path::Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|entry| {
        entry.file_name().to_string_lossy().starts_with("renderD")
            && std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open(entry.path())
                .is_ok()
    })
}

/// Chooses WebKitGTK's renderer for this machine (see
/// [`should_disable_dmabuf`]). Must run first thing in `main`, before any
/// other thread exists: it sets an environment variable.
pub fn choose_renderer() {
    #[cfg(target_os = "linux")]
    {
        let user = std::env::var_os(DMABUF_VAR);
        let node = usable_render_node(std::path::Path::new("/dev/dri"));
        if should_disable_dmabuf(user.as_deref(), node) {
            // Single-threaded here: nothing reads the environment at once.
            std::env::set_var(DMABUF_VAR, "1");
            mark("no GPU render node: WebKit's DMA-BUF renderer turned off");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn dmabuf_is_turned_off_only_without_a_render_node_and_a_user_value() {
        use std::ffi::OsStr;
        assert!(should_disable_dmabuf(None, false));
        assert!(!should_disable_dmabuf(None, true));
        // Whatever the user set stays, even 0 or empty.
        for value in ["0", "1", ""] {
            assert!(!should_disable_dmabuf(Some(OsStr::new(value)), false));
            assert!(!should_disable_dmabuf(Some(OsStr::new(value)), true));
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn render_nodes_are_found_only_when_they_open() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!usable_render_node(&dir.path().join("missing")));
        assert!(!usable_render_node(dir.path()));
        std::fs::write(dir.path().join("card0"), b"").unwrap();
        assert!(!usable_render_node(dir.path()));
        let node = dir.path().join("renderD128");
        std::fs::write(&node, b"").unwrap();
        assert!(usable_render_node(dir.path()));
        // A node this user may not open does not count (root opens
        // anything, so only check it as another user).
        if unsafe { libc::geteuid() } != 0 {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&node, std::fs::Permissions::from_mode(0o000)).unwrap();
            assert!(!usable_render_node(dir.path()));
        }
    }
}
