// Keyboard play on Choko's board: the board is one focusable grid of the 25
// points; the arrows move the focus ring, Enter or Space places, lifts and
// drops, Esc puts a lifted piece back, X moves the focus to the next piece
// a waiting jump may take as its extra one. Tab leaves the board.

import { state } from '../common/state.js';
import { nextFocus, decisionFocus } from './offer.js';
import { set, tapPoint, putBack, cycleExtra } from './flow.js';

/** Wires the keyboard to Choko's board `svg`. */
export function attachChokoKeys(svg) {
  svg.addEventListener('focus', () => {
    if (svg.matches(':focus-visible')) svg.classList.add('kbd');
    const c = state.choko;
    if (c.focus == null) set({ focus: decisionFocus(c.view, c.legal, null) ?? 'c3' });
  });
  svg.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const at = state.choko.focus ?? 'c3';
    switch (e.key) {
      case 'ArrowUp':
      case 'ArrowDown':
      case 'ArrowLeft':
      case 'ArrowRight':
        e.preventDefault();
        svg.classList.add('kbd');
        set({ focus: nextFocus(at, e.key) });
        break;
      case 'Enter':
      case ' ':
      case 'Spacebar':
        e.preventDefault();
        svg.classList.add('kbd');
        tapPoint(at);
        break;
      case 'Escape':
        svg.classList.add('kbd');
        putBack();
        break;
      case 'x':
      case 'X':
        e.preventDefault();
        svg.classList.add('kbd');
        cycleExtra();
        break;
      default:
        break;
    }
  });
}
