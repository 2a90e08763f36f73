//! What happens before the first frame: the rendering choice on Linux, the
//! main window in the page's own background colour, and an opt-in trace of
//! the start-up milestones.

use std::io::Write;
use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};
use tauri::window::Color;
use tauri::{App, Manager, Runtime, WebviewWindow, WebviewWindowBuilder};

/// The page's background, `--bg` in `ui/css/base.css`, light and dark:
/// the window shows it from its first frame, before the page is drawn.
pub const LIGHT_BACKGROUND: Color = Color(0xf2, 0xee, 0xe6, 0xff);
pub const DARK_BACKGROUND: Color = Color(0x19, 0x17, 0x15, 0xff);

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

/// The variable tauri-driver sets (to `true`) for an app it drives
/// through WebDriver.
#[cfg(target_os = "linux")]
pub const AUTOMATION_VAR: &str = "TAURI_WEBVIEW_AUTOMATION";

/// Whether to turn off WebKitGTK's DMA-BUF renderer: only when the user
/// has not set the variable (to any value, even empty), the machine has
/// no GPU render node that this user can open (`/dev/dri/renderD*`), and
/// no WebDriver drives the app.
///
/// Without a render node that renderer has no GPU to use: it draws
/// through Mesa's software rasteriser, compiling hundreds of shaders into
/// an empty cache on a first start, and the start screen comes seconds
/// late (2 to 5 s under Xvfb on two cores). WebKit's other renderer draws
/// on the CPU, which is all there is. With a render node WebKit's own
/// choice stands. Under WebDriver it stands too: with the other renderer,
/// WebKitGTK 2.50's WebDriver never answers a screenshot request, and the
/// end-to-end tests take screenshots.
#[cfg(target_os = "linux")]
pub fn should_disable_dmabuf(
    user_value: Option<&std::ffi::OsStr>,
    render_node: bool,
    automated: bool,
) -> bool {
    user_value.is_none() && !render_node && !automated
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
        let automated = std::env::var(AUTOMATION_VAR).is_ok_and(|v| v == "true");
        if should_disable_dmabuf(user.as_deref(), node, automated) {
            // Single-threaded here: nothing reads the environment at once.
            std::env::set_var(DMABUF_VAR, "1");
            mark("no GPU render node: WebKit's DMA-BUF renderer turned off");
        }
    }
}

/// Whether WebKitGTK will draw the page dark, decided as it decides
/// `prefers-color-scheme`: GTK's "prefer dark theme" setting, else a
/// `GTK_THEME` ending in `:dark`, `-dark` or `-Dark`, else a GTK theme
/// whose name ends in `-dark` or `-Dark`. Needs GTK initialised (it is in
/// the setup hook).
#[cfg(target_os = "linux")]
fn gtk_prefers_dark() -> bool {
    use gtk::prelude::GtkSettingsExt;
    let Some(settings) = gtk::Settings::default() else {
        return false;
    };
    dark_by_gtk_rules(
        settings.is_gtk_application_prefer_dark_theme(),
        std::env::var("GTK_THEME").ok().as_deref(),
        settings.gtk_theme_name().as_deref(),
    )
}

/// WebKitGTK's rule for a dark page (see [`gtk_prefers_dark`]).
pub fn dark_by_gtk_rules(
    prefer_dark: bool,
    gtk_theme_env: Option<&str>,
    theme: Option<&str>,
) -> bool {
    let dark_name = |name: &str| name.ends_with("-dark") || name.ends_with("-Dark");
    if prefer_dark {
        return true;
    }
    if let Some(env) = gtk_theme_env {
        return dark_name(env) || env.ends_with(":dark");
    }
    theme.is_some_and(dark_name)
}

/// An invoke handler that notes each command in the start-up trace when
/// it is on: when it arrives, and when the handler is done with it (for a
/// synchronous command, when it has answered).
pub fn traced<R: Runtime>(
    handler: impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static,
) -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
    move |invoke| {
        if !tracing() {
            return handler(invoke);
        }
        let command = invoke.message.command().to_owned();
        mark(&format!("command {command}"));
        let handled = handler(invoke);
        mark(&format!("command {command} handled"));
        handled
    }
}

/// Opens the main window (`tauri.conf.json`, where it is not created
/// automatically) in the page's background colour for the theme the page
/// will use, so no frame before the page's first one is another colour.
/// On the desktop it is built hidden, given its colour and shown at once,
/// whatever the page does, and its title follows the page's.
pub fn open_main_window<R: Runtime>(app: &App<R>) -> tauri::Result<WebviewWindow<R>> {
    let config = app
        .config()
        .app
        .windows
        .iter()
        .find(|w| w.label == "main")
        .cloned()
        .unwrap_or_default();
    if let Some(window) = app.get_webview_window(&config.label) {
        // Created from the configuration after all: keep it as it is.
        return Ok(window);
    }
    // On Linux the page's theme is known before the window exists.
    #[cfg(target_os = "linux")]
    let color = if gtk_prefers_dark() {
        DARK_BACKGROUND
    } else {
        LIGHT_BACKGROUND
    };
    #[cfg(not(target_os = "linux"))]
    let color = LIGHT_BACKGROUND;
    let builder = WebviewWindowBuilder::from_config(app.handle(), &config)?.background_color(color);
    // Only in a soak build started for a soak (`CHECKERS_SOAK`).
    #[cfg(feature = "soak")]
    let builder = match crate::dev::soak::script() {
        Some(script) => builder.initialization_script(script),
        None => builder,
    };
    #[cfg(not(feature = "soak"))]
    if std::env::var_os("CHECKERS_SOAK").is_some() {
        eprintln!("checkers: CHECKERS_SOAK is ignored: this build has no soak mode");
    }
    // The window carries the page's title ("Checkers — Easy"), so that a
    // window list and a screen reader name the app and what it shows.
    #[cfg(desktop)]
    let builder = builder
        .visible(false)
        .on_document_title_changed(|window, title| {
            let _ = window.set_title(&title);
        });
    let window = builder.build()?;
    #[cfg(target_os = "linux")]
    set_x_background(&window, color);
    // Elsewhere the system's theme is known once the window exists.
    #[cfg(all(desktop, not(target_os = "linux")))]
    if matches!(window.theme(), Ok(tauri::Theme::Dark)) {
        let _ = window.set_background_color(Some(DARK_BACKGROUND));
    }
    #[cfg(desktop)]
    window.show()?;
    Ok(window)
}

/// Gives the window's X window (GTK on X11) a background colour: the X
/// server fills the window with it the moment it is mapped, before GTK's
/// first paint, which otherwise leaves a frame of whatever was beneath it
/// (black on a bare X server). Elsewhere (Wayland) it changes nothing.
#[cfg(target_os = "linux")]
fn set_x_background<R: Runtime>(window: &WebviewWindow<R>, color: Color) {
    use gtk::gdk::prelude::WindowExtManual;
    use gtk::prelude::WidgetExt;
    let Ok(gtk_window) = window.gtk_window() else {
        return;
    };
    gtk_window.realize();
    if let Some(gdk_window) = gtk_window.window() {
        let channel = |c: u8| f64::from(c) / 255.0;
        let pattern = gtk::cairo::SolidPattern::from_rgb(
            channel(color.0),
            channel(color.1),
            channel(color.2),
        );
        gdk_window.set_background_pattern(Some(&pattern));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dark_follows_webkits_rules() {
        // GTK's own preference wins.
        assert!(dark_by_gtk_rules(true, None, Some("Adwaita")));
        assert!(dark_by_gtk_rules(true, Some("Adwaita"), None));
        // GTK_THEME, when set, decides over the theme name.
        assert!(dark_by_gtk_rules(
            false,
            Some("Adwaita:dark"),
            Some("Adwaita")
        ));
        assert!(dark_by_gtk_rules(false, Some("Arc-Dark"), None));
        assert!(dark_by_gtk_rules(false, Some("Yaru-dark"), None));
        assert!(!dark_by_gtk_rules(
            false,
            Some("Adwaita"),
            Some("Adwaita-dark")
        ));
        assert!(!dark_by_gtk_rules(false, Some(""), None));
        // Otherwise the theme's name.
        assert!(dark_by_gtk_rules(false, None, Some("Adwaita-dark")));
        assert!(dark_by_gtk_rules(false, None, Some("Materia-Dark")));
        assert!(!dark_by_gtk_rules(false, None, Some("Adwaita")));
        assert!(!dark_by_gtk_rules(false, None, Some("Darkness")));
        assert!(!dark_by_gtk_rules(false, None, None));
    }

    #[test]
    fn backgrounds_are_the_pages() {
        // If this fails, the page's --bg changed: change the colours above
        // to match, or the window flashes another colour before the page.
        let css = include_str!("../../../ui/css/base.css").to_ascii_lowercase();
        let hex = |c: Color| format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2);
        let light_at = css
            .find(&hex(LIGHT_BACKGROUND))
            .expect("light --bg in base.css");
        let media_at = css
            .find("prefers-color-scheme: dark")
            .expect("a dark scheme in base.css");
        let dark_at = css
            .find(&hex(DARK_BACKGROUND))
            .expect("dark --bg in base.css");
        assert!(light_at < media_at && media_at < dark_at);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn dmabuf_is_turned_off_only_without_a_render_node_a_user_value_or_webdriver() {
        use std::ffi::OsStr;
        assert!(should_disable_dmabuf(None, false, false));
        assert!(!should_disable_dmabuf(None, true, false));
        assert!(!should_disable_dmabuf(None, false, true));
        // Whatever the user set stays, even 0 or empty.
        for value in ["0", "1", ""] {
            for (node, automated) in [(false, false), (true, false), (false, true)] {
                assert!(!should_disable_dmabuf(
                    Some(OsStr::new(value)),
                    node,
                    automated
                ));
            }
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
