// Keyboard play on Choko's board: the board is one focusable grid of the 25
// points; the arrows move the focus ring, Enter or Space places, lifts and
// drops, Esc puts a lifted piece back, X moves the focus to the next piece
// a waiting jump may take as its extra one. Tab leaves the board. On
// Choko's screen Ctrl/Cmd+Z is answered with the shell's calm refusal.

import { state } from '../common/state.js';
import { nextFocus, decisionFocus } from './offer.js';
import { set } from './state.js';
import { tapPoint, putBack, cycleExtra, refuseUndo } from './flow.js';
import { attachGridKeys } from '../common/board-kit.js';

/** Wires the keyboard to Choko's board `svg` (the kit's grid keys). */
export function attachChokoKeys(svg) {
  attachGridKeys(svg, {
    focus: () => state.choko.focus,
    origin: 'c3',
    first: () => decisionFocus(state.choko.view, state.choko.legal, null),
    setFocus: (focus) => set({ focus }),
    next: nextFocus,
    tap: tapPoint,
    putBack,
    keys: { x: cycleExtra, X: cycleExtra },
  });
}

/** Choko's page-wide keys (the registry's `keys`): true when `e` was Choko's. */
export function pageKeys(e) {
  if (state.screen !== 'choko' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return false;
  if (e.key !== 'z' && e.key !== 'Z') return false;
  e.preventDefault();
  refuseUndo();
  return true;
}
