//! The commands the page invokes (the IPC contract). Each is a thin adapter
//! over [`Shell`]. Arguments are typed: a level is `"easy" | "normal" |
//! "hard"`, who starts `"player" | "cpu"`, a square a number from 1 to 32;
//! anything else, a missing argument included, is refused as
//! `{ code: "badArgument", message }` before the shell is asked, with a
//! message that names the argument and quotes at most a short prefix of
//! what was sent ([`Arg`]). Every refusal of the shell reaches the page as
//! `{ code, message }` ([`ShellError`]); answers that save carry the
//! pending `notices`.
//!
//! The game is played with five of them: `new_game`, `play` (one hop),
//! `cpu_reply` and `undo` change it and answer with the [`View`] to draw;
//! `legal_moves` answers what the player may do now ([`LegalMoves`]: the
//! pieces that may be lifted and where each may hop next, whether a
//! capture is forced, which piece must go on with a chain), the one source
//! of what the page offers. The page asks it after each of the four and
//! when it resumes a saved game, and draws the two answers together.
//!
//! Choko, the second game, has commands of its own under the prefix
//! `choko_` (`choko_legal_moves`, `choko_play`, `choko_cpu_reply`,
//! `choko_undo`, …): [`crate::choko::commands`] gives the contract and why
//! it is separate.
//!
//! Commands that write to disk (every hop is saved and flushed) run on the
//! async runtime's threads, not the main thread, so a slow disk never stalls
//! the window; the state's lock keeps them in order.

use crate::slot::arg::Arg;
use crate::checkers::session::{AppState, CpuReply, GameNumber, Left, Reply, Shell, ShellError, Undone};
use crate::app::settings::Settings;
use checkers::game::LegalMoves;
use checkers::records::RecordsView;
use checkers::sides::First;
use checkers::view::{Review, View};
use checkers::{Level, Square};
use tauri::{AppHandle, Runtime, State};
use tauri_plugin_clipboard_manager::ClipboardExt;

/// Settings, records, the saved game in progress and any notice, on startup.
#[tauri::command]
pub fn app_state(shell: State<'_, Shell>) -> AppState {
    shell.app_state()
}

/// A new game at `level` with `first` moving first. The game in progress
/// is replaced, not recorded.
#[tauri::command(async)]
pub fn new_game<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
    level: Arg<Level>,
    first: Arg<First>,
) -> Result<Reply<View>, ShellError> {
    Ok(shell.new_game(&app, level.get("level")?, first.get("first")?))
}

/// One hop of the player's move, from square `from` to square `to`.
#[tauri::command(async)]
pub fn play<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
    from: Arg<Square>,
    to: Arg<Square>,
) -> Result<Reply<View>, ShellError> {
    shell.play(&app, from.get("from")?, to.get("to")?)
}

/// The CPU's whole move: searched off the main thread, applied unless the
/// game changed meanwhile (then refused with the code `stale`), returned as
/// hops.
#[tauri::command]
pub async fn cpu_reply<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
) -> Result<Reply<CpuReply>, ShellError> {
    let job = shell.cpu_request()?;
    let (position, quiet, level) = (job.position, job.quiet, job.level);
    let reply = tauri::async_runtime::spawn_blocking(move || {
        let reply = checkers::search::best_move(&position, quiet, level);
        crate::app::memory::release_freed();
        reply
    })
    .await
    .map_err(|_| ShellError::Search)?;
    shell.cpu_apply(&app, &job, reply)
}

/// What the player may do now: the pieces that may be lifted, each with
/// its next-hop destinations, whether a capture is forced, and mid-chain
/// the piece that must jump again; nothing while the CPU is to move or once
/// the game is over. Refused with `noGame` when there is no game.
#[tauri::command]
pub fn legal_moves(shell: State<'_, Shell>) -> Result<LegalMoves, ShellError> {
    shell.legal_moves()
}

/// Back to the player's last decision.
#[tauri::command(async)]
pub fn undo<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
) -> Result<Reply<Undone>, ShellError> {
    shell.undo(&app)
}

/// The record against each level and the last finished games.
#[tauri::command]
pub fn records(shell: State<'_, Shell>) -> RecordsView {
    shell.records()
}

/// The game in progress or just finished: every position, the move list
/// and its PDN.
#[tauri::command]
pub fn review(shell: State<'_, Shell>) -> Result<Review, ShellError> {
    shell.review()
}

/// A kept game of the history, by its number.
#[tauri::command]
pub fn history_game(shell: State<'_, Shell>, id: Arg<GameNumber>) -> Result<Review, ShellError> {
    shell.history_game(id.get("id")?.0)
}

/// Put the PDN of the game on screen (no `id`) or of the kept game `id` on
/// the clipboard. The shell writes the clipboard itself: the page has no
/// clipboard permission.
#[tauri::command(async)]
pub fn copy_pdn<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
    id: Arg<Option<GameNumber>>,
) -> Result<(), ShellError> {
    let pdn = shell.pdn(id.get("id")?.map(|n| n.0))?;
    app.clipboard()
        .write_text(pdn)
        .map_err(|_| ShellError::Clipboard)
}

/// Replace the settings; the shape is checked by deserialisation.
#[tauri::command(async)]
pub fn set_settings<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
    settings: Arg<Settings>,
) -> Result<Reply<Settings>, ShellError> {
    Ok(shell.set_settings(&app, settings.get("settings")?))
}

/// Back to the start screen; the game stays saved.
#[tauri::command(async)]
pub fn leave_game<R: Runtime>(app: AppHandle<R>, shell: State<'_, Shell>) -> Reply<Left> {
    shell.leave_game(&app)
}
