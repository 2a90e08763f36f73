//! The commands the page invokes (the IPC contract). Each is a thin adapter
//! over [`Shell`]: argument checks and all logic live there. Errors reach
//! the page as a rejected promise with the error's message.
//!
//! Commands that write to disk (every hop is saved and flushed) run on the
//! async runtime's threads, not the main thread, so a slow disk never stalls
//! the window; the state's lock keeps them in order.

use crate::cpu;
use crate::session::{AppState, CpuReply, Shell, ShellError};
use crate::settings::Settings;
use checkers::game::{Movable, Records, View};
use tauri::{AppHandle, Runtime, State};

/// Settings, records, the saved game in progress and any notice, on startup.
#[tauri::command]
pub fn app_state(shell: State<'_, Shell>) -> AppState {
    shell.app_state()
}

/// A new game at `level` (easy, normal, hard) with `first` (player, cpu)
/// moving first. The game in progress is replaced, not recorded.
#[tauri::command(async)]
pub fn new_game<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
    level: String,
    first: String,
) -> Result<View, ShellError> {
    shell.new_game(&app, &level, &first)
}

/// The pieces the player may lift now, each with its next-hop destinations.
#[tauri::command]
pub fn legal_moves(shell: State<'_, Shell>) -> Result<Vec<Movable>, ShellError> {
    shell.legal_moves()
}

/// One hop of the player's move, from square `from` to square `to`.
#[tauri::command(async)]
pub fn play<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
    from: i64,
    to: i64,
) -> Result<View, ShellError> {
    shell.play(&app, from, to)
}

/// The CPU's whole move: searched off the main thread, applied unless the
/// game changed meanwhile (then rejected with "stale"), returned as hops.
#[tauri::command]
pub async fn cpu_reply<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
) -> Result<CpuReply, ShellError> {
    let job = shell.cpu_request()?;
    let (position, quiet, level) = (job.position, job.quiet, job.level);
    let reply =
        tauri::async_runtime::spawn_blocking(move || cpu::best_move(&position, quiet, level))
            .await
            .map_err(|e| ShellError::Search(e.to_string()))?;
    shell.cpu_apply(&app, &job, reply)
}

/// Back to the player's last decision.
#[tauri::command(async)]
pub fn undo<R: Runtime>(app: AppHandle<R>, shell: State<'_, Shell>) -> Result<View, ShellError> {
    shell.undo(&app)
}

/// The record against each level.
#[tauri::command]
pub fn records(shell: State<'_, Shell>) -> Records {
    shell.records()
}

/// Replace the settings; the shape is checked by deserialisation.
#[tauri::command(async)]
pub fn set_settings<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
    settings: Settings,
) -> Settings {
    shell.set_settings(&app, settings)
}

/// Back to the start screen; the game stays saved.
#[tauri::command(async)]
pub fn leave_game<R: Runtime>(app: AppHandle<R>, shell: State<'_, Shell>) {
    shell.leave_game(&app)
}
