//! The app shell: Tauri commands over the `checkers` engine, and the
//! crash-safe persistence of settings, records and the saved game.

#![deny(clippy::unwrap_used)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod persist;
pub mod settings;

/// Start the app (desktop `main`, or the mobile entry point).
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::new().build())
        .run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("checkers: the app could not start: {e}");
        std::process::exit(1);
    }
}
