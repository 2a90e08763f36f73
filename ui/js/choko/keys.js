// Keyboard play on Choko's board: the board is one focusable grid of the 25
// points; the arrows move the focus ring, Enter or Space places, lifts and
// drops, Esc puts a lifted piece back, X moves the focus to the next piece
// a waiting jump may take as its extra one. Tab leaves the board.

import { state } from '../common/state.js';
import { nextFocus, decisionFocus } from './offer.js';
import { set, tapPoint, putBack, cycleExtra } from './flow.js';
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
