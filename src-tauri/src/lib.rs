//! The app shell: Tauri commands over the `checkers` engine, and the
//! crash-safe persistence of settings, records and the saved game.
//!
//! Data flows one way: the page asks (commands), the shell translates and
//! persists, the engine decides.

#![deny(clippy::unwrap_used)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod commands;
pub mod cpu;
pub mod persist;
pub mod session;
pub mod settings;

use session::Shell;
use std::path::PathBuf;
use tauri::{Manager, Runtime};

/// Add the app's plugin, state and commands to a builder.
///
/// The documents live in `data_dir`, or in the app data directory
/// (`$XDG_DATA_HOME/<identifier>/` on Linux) when it is `None`.
pub fn setup<R: Runtime>(builder: tauri::Builder<R>, data_dir: Option<PathBuf>) -> tauri::Builder<R> {
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .setup(move |app| {
            let dir = match data_dir {
                Some(dir) => dir,
                None => app.path().app_data_dir()?,
            };
            let shell = Shell::load(app.handle(), &dir);
            app.manage(shell);
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::app_state,
            commands::new_game,
            commands::legal_moves,
            commands::play,
            commands::cpu_reply,
            commands::undo,
            commands::records,
            commands::set_settings,
            commands::leave_game,
        ])
}

/// The app's configuration (tauri.conf.json, capabilities, embedded
/// `ui/`), for any runtime: the real one, or the mock one in tests.
pub fn context<R: Runtime>() -> tauri::Context<R> {
    tauri::generate_context!()
}

/// Start the app (desktop `main`, or the mobile entry point).
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let result = setup(tauri::Builder::default(), None).run(context());
    if let Err(e) = result {
        eprintln!("checkers: the app could not start: {e}");
        std::process::exit(1);
    }
}
