// Checkers' commands of the shell, in the namespace `checkers`
// (`plugin:checkers|play`), each with the shape of its answer.

import { invoke as invokeShell, gameCommand } from '../common/api.js';

const invoke = (name, args) => invokeShell(gameCommand('checkers', name), args);

/** `{ game: View | null, records, notices }`: the saved game in progress (if any) and the records, at start-up or to fetch the game again. */
export const state = () => invoke('state');

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

/** Back to the start screen; the game stays saved. Resolves to `{ saved: View | null }`. */
export const leaveGame = () => invoke('leave');
