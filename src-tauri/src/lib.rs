//! The app shell: Tauri commands over the `checkers` engine, and the
//! crash-safe persistence of settings, records and the saved game.
//!
//! Data flows one way: the page asks (commands), the shell translates and
//! persists, the engine decides.

#![deny(clippy::unwrap_used)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod commands;
pub mod persist;
pub mod session;
pub mod settings;

use session::Shell;
use std::path::Path;
use tauri::{AppHandle, Manager, Runtime};

/// Add the store plugin and the commands to a builder. The commands need
/// the [`Shell`] state: see [`manage_state`].
pub fn builder<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .plugin(tauri_plugin_clipboard_manager::init())
        .invoke_handler(tauri::generate_handler![
            commands::app_state,
            commands::new_game,
            commands::play,
            commands::cpu_reply,
            commands::undo,
            commands::records,
            commands::review,
            commands::history_game,
            commands::copy_pdn,
            commands::set_settings,
            commands::leave_game,
        ])
}

/// Load the documents from `dir` and hand the state to the commands.
pub fn manage_state<R: Runtime>(app: &AppHandle<R>, dir: &Path) {
    app.manage(Shell::load(app, dir));
}

/// The app's configuration (tauri.conf.json, capabilities, embedded
/// `ui/`), for any runtime: the real one, or the mock one in tests.
pub fn context<R: Runtime>() -> tauri::Context<R> {
    tauri::generate_context!()
}

/// Start the app (desktop `main`, or the mobile entry point).
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    // The documents live in the app data directory:
    // `$XDG_DATA_HOME/<identifier>/` on Linux.
    let result = builder(tauri::Builder::default())
        .setup(|app| {
            let dir = app.path().app_data_dir()?;
            manage_state(app.handle(), &dir);
            Ok(())
        })
        .run(context());
    if let Err(e) = result {
        eprintln!("checkers: the app could not start: {e}");
        std::process::exit(1);
    }
}
