//! Checkers' commands, the page's contract for the game, in the plugin
//! namespace `checkers` (the page calls `plugin:checkers|play`): each is a
//! thin adapter over [`CheckersSession`].
//!
//! | command | arguments | answer |
//! | --- | --- | --- |
//! | `state` | — | `{ game: View \| null, records, notices }` |
//! | `new_game` | `level`: `"easy" \| "normal" \| "hard"`, `first`: `"player" \| "cpu"` | the View |
//! | `legal_moves` | — | [`LegalMoves`]: `{ movable: [{ from, to }], captureForced, mustContinue }` |
//! | `play` | `from`, `to`: squares 1–32 (one hop) | the View |
//! | `cpu_reply` | — | `{ hops, view }`; `stale` if superseded |
//! | `undo` | — | `{ withdrawn, view }` |
//! | `records`, `review`, `history_game` (`id`) | — | the records; a game to step through |
//! | `copy_pdn` | `id`: a kept game's number, or none for the game on screen | — (the clipboard holds its PDN) |
//! | `leave` | — | `{ saved: View \| null }` |
//!
//! The game is played with five of them: `new_game`, `play` (one hop),
//! `cpu_reply` and `undo` change it and answer with the [`View`] to draw;
//! `legal_moves` answers what the player may do now, the one source of
//! what the page offers, asked after each of the four and on resuming.
//! Refusals are `{ code, message }` ([`CheckersError`]), a missing or
//! malformed argument included (`badArgument`, see [`Arg`]); answers that
//! save carry the pending `notices`. Commands that write run on the async
//! runtime's threads, so a slow disk never stalls the window; the
//! session's lock keeps them in order.

use crate::checkers::session::{
    CheckersError, CheckersReply, CheckersSession, CheckersState, CpuReply, Left, Undone,
};
use crate::slot::arg::Arg;
use crate::slot::{GameNumber, SlotError};
use checkers::game::LegalMoves;
use checkers::records::RecordsView;
use checkers::sides::First;
use checkers::view::{Review, View};
use checkers::{Level, Square};
use tauri::plugin::TauriPlugin;
use tauri::{AppHandle, Runtime, State};
use tauri_plugin_clipboard_manager::ClipboardExt;

/// The game in progress (if any), the records and any notice.
#[tauri::command]
fn state(checkers: State<'_, CheckersSession>) -> CheckersState {
    checkers.state()
}

/// A new game at `level` with `first` moving first. The game in progress
/// is replaced, not recorded.
#[tauri::command(async)]
fn new_game<R: Runtime>(
    app: AppHandle<R>,
    checkers: State<'_, CheckersSession>,
    level: Arg<Level>,
    first: Arg<First>,
) -> Result<CheckersReply<View>, CheckersError> {
    Ok(checkers.new_game(&app, level.get("level")?, first.get("first")?))
}

/// One hop of the player's move, from square `from` to square `to`.
#[tauri::command(async)]
fn play<R: Runtime>(
    app: AppHandle<R>,
    checkers: State<'_, CheckersSession>,
    from: Arg<Square>,
    to: Arg<Square>,
) -> Result<CheckersReply<View>, CheckersError> {
    checkers.play(&app, from.get("from")?, to.get("to")?)
}

/// The CPU's whole move: searched off the main thread, applied unless the
/// game changed meanwhile (then refused with the code `stale`), returned as
/// hops.
#[tauri::command]
async fn cpu_reply<R: Runtime>(
    app: AppHandle<R>,
    checkers: State<'_, CheckersSession>,
) -> Result<CheckersReply<CpuReply>, CheckersError> {
    let job = checkers.cpu_request()?;
    let (position, quiet, level) = (job.position, job.quiet, job.level);
    let reply = tauri::async_runtime::spawn_blocking(move || {
        let reply = checkers::search::best_move(&position, quiet, level);
        crate::app::memory::release_freed();
        reply
    })
    .await
    .map_err(|_| SlotError::Search)?;
    checkers.cpu_apply(&app, &job, reply)
}

/// What the player may do now; nothing while the CPU is to move or once
/// the game is over. Refused with `noGame` when there is no game.
#[tauri::command]
fn legal_moves(checkers: State<'_, CheckersSession>) -> Result<LegalMoves, CheckersError> {
    checkers.legal_moves()
}

/// Back to the player's last decision.
#[tauri::command(async)]
fn undo<R: Runtime>(
    app: AppHandle<R>,
    checkers: State<'_, CheckersSession>,
) -> Result<CheckersReply<Undone>, CheckersError> {
    checkers.undo(&app)
}

/// The record against each level and the last finished games.
#[tauri::command]
fn records(checkers: State<'_, CheckersSession>) -> RecordsView {
    checkers.records()
}

/// The game in progress or just finished: every position, the move list
/// and its PDN.
#[tauri::command]
fn review(checkers: State<'_, CheckersSession>) -> Result<Review, CheckersError> {
    checkers.review()
}

/// A kept game of the history, by its number.
#[tauri::command]
fn history_game(
    checkers: State<'_, CheckersSession>,
    id: Arg<GameNumber>,
) -> Result<Review, CheckersError> {
    checkers.history_game(id.get("id")?.0)
}

/// Put the PDN of the game on screen (no `id`) or of the kept game `id` on
/// the clipboard. The shell writes the clipboard itself: the page has no
/// clipboard permission.
#[tauri::command(async)]
fn copy_pdn<R: Runtime>(
    app: AppHandle<R>,
    checkers: State<'_, CheckersSession>,
    id: Arg<Option<GameNumber>>,
) -> Result<(), CheckersError> {
    let pdn = checkers.pdn(id.get("id")?.map(|n| n.0))?;
    app.clipboard()
        .write_text(pdn)
        .map_err(|_| CheckersError::Clipboard)
}

/// Back to the start screen; the game stays saved.
#[tauri::command(async)]
fn leave<R: Runtime>(
    app: AppHandle<R>,
    checkers: State<'_, CheckersSession>,
) -> CheckersReply<Left> {
    checkers.leave(&app)
}

/// Checkers' commands as the plugin `checkers`.
pub fn plugin<R: Runtime>() -> TauriPlugin<R> {
    tauri::plugin::Builder::new("checkers")
        .invoke_handler(crate::app::startup::traced(tauri::generate_handler![
            state,
            new_game,
            legal_moves,
            play,
            cpu_reply,
            undo,
            records,
            review,
            history_game,
            copy_pdn,
            leave,
        ]))
        .build()
}
