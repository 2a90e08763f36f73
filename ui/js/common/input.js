// Input for the whole page, whatever is on screen: Esc leaves a sub-screen
// (settings, a game's help or records) for where it was opened from, after
// each game has had its own page-wide keys (games.js, `keys`); and a long
// press activates no control anywhere.

import { state, update } from './state.js';
import { LONG_PRESS_MS } from './board-kit.js';

/** The page's keys, for the games of the registry `games`. */
export function attachPageKeys(games) {
  const subScreens = new Set(['settings', ...games.flatMap((g) => [g.help, g.records].filter(Boolean))]);
  document.addEventListener('keydown', (e) => {
    if (games.some((game) => game.keys && game.keys(e))) return;
    if (e.key === 'Escape' && subScreens.has(state.screen)) update({ screen: state.returnTo || 'start' });
  });
}

/**
 * A long press activates nothing: resting a finger on a control is not
 * choosing it. Chromium (Android's web view, WebView2) sends `click` when
 * a finger lifts after a long press; such a click, ending a touch or pen
 * press held LONG_PRESS_MS or more, is stopped before any handler sees it.
 * Mouse clicks and clicks from the keyboard (detail 0) always count. The
 * long press opens no context menu over a control either.
 */
export function attachLongPressGuard() {
  let press = null; // { id, down, up }: the last touch or pen press
  const capture = { capture: true };
  document.addEventListener(
    'pointerdown',
    (e) => {
      press = e.pointerType === 'mouse' ? null : { id: e.pointerId, down: e.timeStamp, up: null };
    },
    capture,
  );
  document.addEventListener(
    'pointerup',
    (e) => {
      if (press && e.pointerId === press.id) press.up = e.timeStamp;
    },
    capture,
  );
  document.addEventListener(
    'click',
    (e) => {
      const held = press && e.detail !== 0 ? (press.up ?? e.timeStamp) - press.down : 0;
      press = null;
      if (held < LONG_PRESS_MS) return;
      e.preventDefault();
      e.stopImmediatePropagation();
    },
    capture,
  );
  document.addEventListener('contextmenu', (e) => {
    if (e.target instanceof Element && e.target.closest('button, [role="button"]')) e.preventDefault();
  });
}
