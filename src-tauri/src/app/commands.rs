//! The app's own commands, beside each game's ([`crate::checkers`],
//! [`crate::choko`]): the settings and the app's notices.
//!
//! | command | arguments | answer |
//! | --- | --- | --- |
//! | `app_state` | — | `{ settings, notices }` |
//! | `set_settings` | `settings`: `{ language, sound, squareNumbers, game? }` | the settings in force, with `notices` |
//!
//! A malformed argument is refused as `{ code: "badArgument", message }`.

use crate::app::session::{AppNotice, AppSession, AppState};
use crate::app::settings::Settings;
use crate::slot::arg::Arg;
use crate::slot::{refusal, Reply, SlotError};
use serde::Serialize;
use tauri::{AppHandle, Runtime, State};

/// A refusal of an app command: only a malformed argument.
#[derive(Debug)]
pub struct AppError(SlotError);

impl Serialize for AppError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        refusal(self.0.code(), self.0.to_string(), s)
    }
}

/// The settings and any notice about them, on start-up.
#[tauri::command]
pub fn app_state(app: State<'_, AppSession>) -> AppState {
    app.state()
}

/// Replace the settings; the shape is checked by deserialisation.
#[tauri::command(async)]
pub fn set_settings<R: Runtime>(
    handle: AppHandle<R>,
    app: State<'_, AppSession>,
    settings: Arg<Settings>,
) -> Result<Reply<Settings, AppNotice>, AppError> {
    let settings = settings
        .get("settings")
        .map_err(|e| AppError(SlotError::BadArgument(e)))?;
    Ok(app.set(&handle, settings))
}
