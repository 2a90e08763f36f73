// The shell's commands (the IPC contract). Every call goes through
// `window.__TAURI__.core.invoke`. A refusal of the shell rejects with
// `{ code, message }`: the code is stable and the page has its own
// sentence for it; the message is for the console. Answers that saved
// something may carry a `notice` for the player, handed to `onNotice`.

let noticeHandler = () => {};

/** Registers the function that receives a notice id ("notSaving", ...). */
export function onNotice(fn) {
  noticeHandler = fn;
}

function invoke(name, args) {
  const core = window.__TAURI__ && window.__TAURI__.core;
  if (!core || typeof core.invoke !== 'function') {
    return Promise.reject({ code: 'noBackend', message: 'no backend' });
  }
  return core.invoke(name, args).then((reply) => {
    if (reply && typeof reply === 'object' && reply.notice) noticeHandler(reply.notice);
    return reply;
  });
}

/** `{ game, records, settings, notice }` at startup, or to fetch the saved game again. */
export const appState = () => invoke('app_state');

/**
 * Starts a game, replacing the one in progress. `level`: easy|normal|hard, `first`: player|cpu. Resolves to the View:
 * `{ level, first, board: [{ side, king } | null] x 32, status, lastMove, canUndo, result, moves, drawIn }`.
 */
export const newGame = (level, first) => invoke('new_game', { level, first });

/** One hop of the player's move; resolves to the new View. */
export const play = (from, to) => invoke('play', { from, to });

/** The CPU's whole move: `{ hops: [{from, to, captured}], view }`; rejects with code "stale" if superseded. */
export const cpuReply = () => invoke('cpu_reply');

/**
 * What the player may do now, the one source of what the board offers:
 * `{ movable: [{ from, to: [next-hop squares] }], captureForced, mustContinue }`
 * (`mustContinue`: the piece that must jump again mid-chain, else null).
 * Empty (`movable: []`) while the CPU is to move or once the game is over.
 * The page asks after each `newGame`, `play`, `cpuReply` and `undo`, and on
 * resuming, and draws the answer together with that View.
 */
export const legalMoves = () => invoke('legal_moves');

/** Back to the player's last decision; resolves to `{ withdrawn: ["22-18", ...], view }`. */
export const undo = () => invoke('undo');

/** The per-level records and the last finished games. */
export const records = () => invoke('records');

/** The game in progress or just finished: `{ moves, boards, result, pdn, level, first }`. */
export const review = () => invoke('review');

/** A kept game of the history by its number, as `review`. */
export const historyGame = (id) => invoke('history_game', { id });

/** Puts the PDN of the game on screen (`id` null) or of kept game `id` on the clipboard. */
export const copyPdn = (id) => invoke('copy_pdn', { id });

/** Saves the settings; resolves to the settings in force. */
export const setSettings = (settings) => invoke('set_settings', { settings });

/** Back to the start screen; the game stays saved. Resolves to `{ saved: View | null }`. */
export const leaveGame = () => invoke('leave_game');

/** True when a rejection is the shell discarding a superseded CPU reply. */
export function isStale(error) {
  return Boolean(error && error.code === 'stale');
}

// Choko, the second game, has commands of its own under the prefix
// `choko_` (the shell's src-tauri/src/choko_commands.rs says why). Points
// are names, "a1" to "e5" (files a-e left to right, ranks 1-5 from the
// player's side). The ladder, not the page, chooses each game's level and
// who places first. A refusal is `{ code, message }` as above.

/** `{ game: View | null, resumable, ladder, notice }`: the game in progress or just ended, and the ladder. */
export const chokoState = () => invoke('choko_state');

/**
 * The streak's next game: `{ view, ladder }`. The View is `{ level, first, board: ['player' | 'machine' | null] x 25
 * (a1, b1, ..., e5), hands: { player, machine }, initiative, mustPlace, status, waiting, last, actions, turns,
 * quietLeft, turnsLeft, result }`; the ladder `{ level, wins, value, lastBonus, bestWins, bestValue, nextFirst }`.
 * Refused with "gameInProgress" while a game goes on.
 */
export const chokoNewGame = () => invoke('choko_new_game');

/** Ends the streak (the best stays) and starts its first game: `{ view, ladder }`. */
export const chokoNewStreak = () => invoke('choko_new_streak');

/**
 * What the player may do now: `{ place: [points], mustPlace, pieces: [{ from, steps, jumps }], extra: { from, over,
 * to, choices } | null }`; all empty while the machine is to act or the game is over.
 */
export const chokoLegalMoves = () => invoke('choko_legal_moves');

/** One part of the player's action: `{ place }`, `{ from, to }` or `{ extra }`; resolves to `{ view, ladder }`. */
export const chokoPlay = (input) => invoke('choko_play', { input });

/** The machine's whole action: `{ action: { who, kind, from, over, to, extra, extraFromHand, text }, view, ladder }`. */
export const chokoCpuReply = () => invoke('choko_cpu_reply');

/** Always refused with the code "noUndo": Choko has no undo (L6). */
export const chokoUndo = () => invoke('choko_undo');

/** Back to the start screen; the game stays saved. Resolves as `chokoState`. */
export const chokoLeave = () => invoke('choko_leave');
