//! The app shell: Tauri commands over the `checkers` and `choko` engines,
//! and the crash-safe persistence of settings, records, the saved games
//! and Choko's ladder.
//!
//! Data flows one way: the page asks (commands), the shell translates and
//! persists, the engine decides.

#![deny(clippy::unwrap_used)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod dev;
pub mod choko;
pub mod checkers;
pub mod slot;
pub mod app;

use session::Shell;
use std::path::Path;
use tauri::{AppHandle, Manager, Runtime};

/// Add the store plugin and the commands to a builder. The commands need
/// the [`Shell`] state: see [`manage_state`].
pub fn builder<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .plugin(tauri_plugin_clipboard_manager::init())
        .invoke_handler(traced(tauri::generate_handler![
            commands::app_state,
            commands::new_game,
            commands::play,
            commands::cpu_reply,
            commands::legal_moves,
            commands::undo,
            commands::records,
            commands::review,
            commands::history_game,
            commands::copy_pdn,
            commands::set_settings,
            commands::leave_game,
            choko_commands::choko_state,
            choko_commands::choko_new_game,
            choko_commands::choko_new_streak,
            choko_commands::choko_legal_moves,
            choko_commands::choko_play,
            choko_commands::choko_cpu_reply,
            choko_commands::choko_undo,
            choko_commands::choko_leave,
            soak::soak_note,
        ]))
}

/// The invoke handler, noting each command in the start-up trace when it
/// is on: when it arrives, and when the handler is done with it (for a
/// synchronous command such as `app_state`, when it has answered).
fn traced<R: Runtime>(
    handler: impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static,
) -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
    move |invoke| {
        if !startup::tracing() {
            return handler(invoke);
        }
        let command = invoke.message.command().to_owned();
        startup::mark(&format!("command {command}"));
        let handled = handler(invoke);
        startup::mark(&format!("command {command} handled"));
        handled
    }
}

/// Load the documents from `dir` and hand the state to the commands.
pub fn manage_state<R: Runtime>(app: &AppHandle<R>, dir: &Path) {
    startup::mark("loading the saved files");
    app.manage(Shell::load(app, dir));
    app.manage(choko_session::ChokoShell::load(app, dir));
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
