//! Choko's commands, in the plugin namespace `choko` (the page calls
//! `plugin:choko|play`): the design's `legal_moves`, `play`, `cpu_reply`
//! and `undo`, under the same names as checkers', with the ladder's own.
//! Every argument and answer differs from checkers': points are names
//! (`"c3"`, files a–e left to right, ranks 1–5 from the player's side),
//! the player's action comes in parts (a placement, a step or a jump, then
//! a jump's extra piece), and the ladder, not the page, chooses the level
//! and who places first (L1, L4).
//!
//! | command | arguments | answer |
//! | --- | --- | --- |
//! | `state` | — | `{ game: View \| null, resumable, ladder, notices }` |
//! | `new_game` | — | `{ view, ladder }`; `gameInProgress` while one goes on |
//! | `new_streak` | — | `{ view, ladder }`: the streak ends, level 1 |
//! | `legal_moves` | — | [`Legal`]: `{ place, mustPlace, pieces, extra }` |
//! | `play` | `input`: `{ place }`, `{ from, to }` or `{ extra }` | `{ view, ladder }` |
//! | `cpu_reply` | — | `{ action, view, ladder }`; `stale` if superseded |
//! | `undo` | — | always the refusal `noUndo` (L6) |
//! | `leave` | — | as `state` |
//! | `records` | — | `{ bestWins, bestValue, streaks: [{ wins, value, endedAtMs }], games: [{ id, finishedAtMs, level, first, outcome, end, bonus, playerPieces, playerTurns, turns }] }`, newest first |
//! | `review` | — | the game on screen to step through: `{ level, first, steps, actions, result, text }` |
//! | `history_game` | `id`: a kept game's number | as `review` |
//! | `copy_text` | `id`: a kept game's number, or none for the game on screen | — (the clipboard holds its record) |
//!
//! Refusals are `{ code, message }` ([`ChokoError`]), a missing or
//! malformed argument included (`badArgument`, see [`Arg`]); answers that
//! save carry the pending `notices`. The machine's search runs off the
//! main thread, and its answer is applied only to the game it was searched
//! for.

use crate::choko::session::{
    Answer, ChokoError, ChokoReply, ChokoSession, ChokoState, MachineReply,
};
use crate::slot::arg::Arg;
use crate::slot::{GameNumber, SlotError};
use choko::game::{GameError, Input, Legal};
use choko::history::LadderRecords;
use choko::review::Review;
use tauri::plugin::TauriPlugin;
use tauri::{AppHandle, Runtime, State};
use tauri_plugin_clipboard_manager::ClipboardExt;

/// The game in progress or just ended, the ladder, and any notice.
#[tauri::command]
fn state(choko: State<'_, ChokoSession>) -> ChokoState {
    choko.state()
}

/// The streak's next game, at the ladder's level and with its first placer.
#[tauri::command(async)]
fn new_game<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoSession>,
) -> Result<ChokoReply<Answer>, ChokoError> {
    choko.new_game(&app)
}

/// End the streak (the best stays) and start a new one at level 1.
#[tauri::command(async)]
fn new_streak<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoSession>,
) -> Result<ChokoReply<Answer>, ChokoError> {
    choko.new_streak(&app)
}

/// What the player may do now; nothing while the machine is to act or once
/// the game is over. Refused with `noGame` when there is no game.
#[tauri::command]
fn legal_moves(choko: State<'_, ChokoSession>) -> Result<Legal, ChokoError> {
    choko.legal()
}

/// One part of the player's action.
#[tauri::command(async)]
fn play<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoSession>,
    input: Arg<Input>,
) -> Result<ChokoReply<Answer>, ChokoError> {
    choko.play(&app, input.get("input")?)
}

/// The machine's whole action: searched off the main thread at the game's
/// level, applied unless the game changed meanwhile (then `stale`).
#[tauri::command]
async fn cpu_reply<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoSession>,
) -> Result<ChokoReply<MachineReply>, ChokoError> {
    let job = choko.machine_request()?;
    let (position, depth) = (job.position, job.level.depth());
    let best = tauri::async_runtime::spawn_blocking(move || {
        let best = choko::search(&position, depth).best;
        crate::app::memory::release_freed();
        best
    })
    .await
    .map_err(|_| SlotError::Search)?;
    choko.machine_apply(&app, &job, best)
}

/// Choko has no undo (L6): always refused, with the code `noUndo`.
#[tauri::command]
fn undo() -> Result<(), ChokoError> {
    Err(ChokoError::Game(GameError::NoUndo))
}

/// Back to the start screen; the game stays saved.
#[tauri::command]
fn leave(choko: State<'_, ChokoSession>) -> ChokoState {
    choko.leave()
}

/// The best streak, the last ended streaks and the kept games.
#[tauri::command]
fn records(choko: State<'_, ChokoSession>) -> LadderRecords {
    choko.records()
}

/// The game on screen, in progress or just ended, to step through.
#[tauri::command]
fn review(choko: State<'_, ChokoSession>) -> Result<Review, ChokoError> {
    choko.review()
}

/// A kept game, by its number, to step through.
#[tauri::command]
fn history_game(choko: State<'_, ChokoSession>, id: Arg<GameNumber>) -> Result<Review, ChokoError> {
    choko.history_game(id.get("id")?.0)
}

/// Put the record of the game on screen (no `id`) or of the kept game
/// `id` on the clipboard, as text that `choko game` reads back.
#[tauri::command(async)]
fn copy_text<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoSession>,
    id: Arg<Option<GameNumber>>,
) -> Result<(), ChokoError> {
    let text = choko.record_text(id.get("id")?.map(|n| n.0))?;
    app.clipboard()
        .write_text(text)
        .map_err(|_| ChokoError::Clipboard)
}

/// Choko's commands as the plugin `choko`.
pub fn plugin<R: Runtime>() -> TauriPlugin<R> {
    tauri::plugin::Builder::new("choko")
        .invoke_handler(crate::app::startup::traced(tauri::generate_handler![
            state,
            new_game,
            new_streak,
            legal_moves,
            play,
            cpu_reply,
            undo,
            leave,
            records,
            review,
            history_game,
            copy_text,
        ]))
        .build()
}
