// Choko's commands of the shell, in the namespace `choko`
// (`plugin:choko|play`), each with the shape of its answer.
// Points are names, "a1" to "e5" (files a-e left to right, ranks 1-5 from
// the player's side). The ladder, not the page, chooses each game's level
// and who places first. A refusal is `{ code, message }` (common/api.js).

import { invoke as invokeShell, gameCommand } from '../common/api.js';

const invoke = (name, args) => invokeShell(gameCommand('choko', name), args);

/** `{ game: View | null, resumable, ladder, notices }`: the game in progress or just ended, and the ladder. */
export const state = () => invoke('state');

/**
 * The streak's next game: `{ view, ladder }`. The View is `{ level, first, board: ['player' | 'machine' | null] x 25
 * (a1, b1, ..., e5), hands: { player, machine }, initiative, mustPlace, status, waiting, last, actions, turns,
 * quietLeft, turnsLeft, result }`; the ladder `{ level, wins, value, lastBonus, bestWins, bestValue, nextFirst }`.
 * Refused with "gameInProgress" while a game goes on.
 */
export const newGame = () => invoke('new_game');

/** Ends the streak (the best stays) and starts its first game: `{ view, ladder }`. */
export const newStreak = () => invoke('new_streak');

/**
 * What the player may do now: `{ place: [points], mustPlace, pieces: [{ from, steps, jumps }], extra: { from, over,
 * to, choices } | null }`; all empty while the machine is to act or the game is over.
 */
export const legalMoves = () => invoke('legal_moves');

/** One part of the player's action: `{ place }`, `{ from, to }` or `{ extra }`; resolves to `{ view, ladder }`. */
export const play = (input) => invoke('play', { input });

/** The machine's whole action: `{ action: { who, kind, from, over, to, extra, extraFromHand, text }, view, ladder }`. */
export const cpuReply = () => invoke('cpu_reply');

/** Always refused with the code "noUndo": Choko has no undo (L6). */
export const undo = () => invoke('undo');

/** Back to the start screen; the game stays saved. Resolves as `state`. */
export const leave = () => invoke('leave');
