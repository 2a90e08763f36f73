//! The app shell: Tauri commands over the `checkers` and `choko` engines,
//! and the crash-safe persistence of settings, records, the saved games
//! and Choko's ladder.
//!
//! Data flows one way: the page asks (commands), the shell translates and
//! persists, the engine decides.

#![deny(clippy::unwrap_used)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod app;
pub mod checkers;
pub mod choko;
pub mod dev;
pub mod slot;

use crate::app::session::AppSession;
use crate::app::{startup, web_memory};
use crate::checkers::session::CheckersSession;
use crate::choko::session::ChokoSession;
use std::path::Path;
use tauri::{AppHandle, Manager, Runtime};

/// Add the plugins and the commands to a builder: the store and the
/// clipboard, the app's own commands, and each game's, in a namespace of
/// its own (`plugin:checkers|play`, `plugin:choko|play`). The commands
/// need the sessions: see [`manage_state`].
pub fn builder<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    let app_commands: fn(tauri::ipc::Invoke<R>) -> bool =
        tauri::generate_handler![app::commands::app_state, app::commands::set_settings];
    #[cfg(feature = "soak")]
    let app_commands = dev::soak::with_note(app_commands);
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .plugin(tauri_plugin_clipboard_manager::init())
        .plugin(crate::checkers::commands::plugin())
        .plugin(crate::choko::commands::plugin())
        .invoke_handler(startup::traced(app_commands))
}

/// Load the documents from `dir` and hand the sessions to the commands.
pub fn manage_state<R: Runtime>(app: &AppHandle<R>, dir: &Path) {
    startup::mark("loading the saved files");
    app.manage(AppSession::load(dir));
    app.manage(CheckersSession::load(app, dir));
    app.manage(ChokoSession::load(app, dir));
    startup::mark("saved files loaded");
}

/// The app's configuration (tauri.conf.json, capabilities, embedded
/// `ui/`), for any runtime: the real one, or the mock one in tests.
pub fn context<R: Runtime>() -> tauri::Context<R> {
    tauri::generate_context!()
}

/// Start the app (desktop `main`, or the mobile entry point).
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    startup::mark("run");
    let context = context();
    startup::mark("context");
    // The documents live in the app data directory:
    // `$XDG_DATA_HOME/<identifier>/` on Linux.
    let app = builder(tauri::Builder::default())
        .on_page_load(|_, payload| {
            startup::mark(match payload.event() {
                tauri::webview::PageLoadEvent::Started => "page load started",
                tauri::webview::PageLoadEvent::Finished => "page load finished",
            })
        })
        .setup(|app| {
            startup::mark("setup");
            web_memory::stretch_self_check();
            // The window first: WebKit starts its processes and loads the
            // page while the saved files are read.
            startup::open_main_window(app)?;
            startup::mark("window created");
            let dir = app.path().app_data_dir()?;
            manage_state(app.handle(), &dir);
            Ok(())
        })
        .build(context);
    match app {
        Ok(app) => {
            startup::mark("app built");
            app.run(|_, _| {});
        }
        Err(e) => {
            eprintln!("checkers: the app could not start: {e}");
            std::process::exit(1);
        }
    }
}
