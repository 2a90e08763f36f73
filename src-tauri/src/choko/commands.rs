//! Choko's commands: the design's `legal_moves`, `play`, `cpu_reply` and
//! `undo` under the prefix `choko_`, with the ladder's own. They are
//! separate commands rather than the checkers ones with a game argument
//! because every argument and answer differs: points are names (`"c3"`,
//! files a–e left to right, ranks 1–5 from the player's side), the player's
//! action comes in parts (a placement, a step or a jump, then a jump's
//! extra piece), and the ladder, not the page, chooses the level and who
//! places first (L1, L4). Each command is typed on its own; nothing
//! checkers sends or receives changes.
//!
//! | command | arguments | answer |
//! | --- | --- | --- |
//! | `choko_state` | — | `{ game: View \| null, resumable, ladder, notices }` |
//! | `choko_new_game` | — | `{ view, ladder }`; `gameInProgress` while one goes on |
//! | `choko_new_streak` | — | `{ view, ladder }`: the streak ends, level 1 |
//! | `choko_legal_moves` | — | [`Legal`]: `{ place, mustPlace, pieces, extra }` |
//! | `choko_play` | `input`: `{ place }`, `{ from, to }` or `{ extra }` | `{ view, ladder }` |
//! | `choko_cpu_reply` | — | `{ action, view, ladder }`; `stale` if superseded |
//! | `choko_undo` | — | always the refusal `noUndo` (L6) |
//! | `choko_leave` | — | as `choko_state` |
//!
//! Refusals are `{ code, message }` ([`ChokoError`]), a missing or malformed
//! argument included (`badArgument`, see [`Arg`]); answers that save carry
//! the pending `notices`. The machine's search runs off the main
//! thread, and its answer is applied only to the game it was searched for.

use crate::slot::arg::Arg;
use crate::choko::session::{Answer, ChokoError, ChokoReply, ChokoShell, ChokoState, MachineReply};
use choko::game::{GameError, Input, Legal};
use tauri::{AppHandle, Runtime, State};

/// The game in progress or just ended, the ladder, and any notice.
#[tauri::command]
pub fn choko_state(choko: State<'_, ChokoShell>) -> ChokoState {
    choko.state()
}

/// The streak's next game, at the ladder's level and with its first placer.
#[tauri::command(async)]
pub fn choko_new_game<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoShell>,
) -> Result<ChokoReply<Answer>, ChokoError> {
    choko.new_game(&app)
}

/// End the streak (the best stays) and start a new one at level 1.
#[tauri::command(async)]
pub fn choko_new_streak<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoShell>,
) -> ChokoReply<Answer> {
    choko.new_streak(&app)
}

/// What the player may do now; nothing while the machine is to act or once
/// the game is over. Refused with `noGame` when there is no game.
#[tauri::command]
pub fn choko_legal_moves(choko: State<'_, ChokoShell>) -> Result<Legal, ChokoError> {
    choko.legal()
}

/// One part of the player's action.
#[tauri::command(async)]
pub fn choko_play<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoShell>,
    input: Arg<Input>,
) -> Result<ChokoReply<Answer>, ChokoError> {
    choko.play(&app, input.get("input")?)
}

/// The machine's whole action: searched off the main thread at the game's
/// level, applied unless the game changed meanwhile (then `stale`).
#[tauri::command]
pub async fn choko_cpu_reply<R: Runtime>(
    app: AppHandle<R>,
    choko: State<'_, ChokoShell>,
) -> Result<ChokoReply<MachineReply>, ChokoError> {
    let job = choko.machine_request()?;
    let (position, depth) = (job.position, job.level.depth());
    let best = tauri::async_runtime::spawn_blocking(move || {
        let best = choko::search(&position, depth).best;
        crate::app::memory::release_freed();
        best
    })
    .await
    .map_err(|_| ChokoError::Search)?;
    choko.machine_apply(&app, &job, best)
}

/// Choko has no undo (L6): always refused, with the code `noUndo`.
#[tauri::command]
pub fn choko_undo() -> Result<(), ChokoError> {
    Err(ChokoError::Game(GameError::NoUndo))
}

/// Back to the start screen; the game stays saved.
#[tauri::command]
pub fn choko_leave(choko: State<'_, ChokoShell>) -> ChokoState {
    choko.leave()
}
