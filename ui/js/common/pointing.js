// Pointing, for a moment, to the pieces that must jump: a tap on a piece
// of the player's that a forced capture (or a chain that must go on) holds
// back lifts nothing (C2), and no message or sound says why; the board
// instead makes plain what it offers, by briefly emphasising the pieces
// that can capture (state.flash, drawn by the board).

import { update } from './state.js';

/** How long the pieces are pointed to, ms. */
export const POINT_MS = 900;

let timer = null;

/** Points to the pieces on `squares` for POINT_MS. */
export function pointTo(squares) {
  clearTimeout(timer);
  update({ flash: squares });
  timer = setTimeout(() => update({ flash: null }), POINT_MS);
}

/** Stops pointing at once (a move is being made). */
export function stopPointing() {
  clearTimeout(timer);
  update({ flash: null });
}
