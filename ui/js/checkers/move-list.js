// The game's move list: the moves in PDN numbering, the CPU's (Black's)
// move and then the player's (White's) under each number, as the shell
// numbers them. During play it is a plain list. Under a finished game and
// in a review it is one listbox, one Tab stop: the arrow keys walk it,
// Home and End go to its ends, and each move is an option named the way
// the review names it ("11. CPU 9-13"). In a review the option selected is
// the move shown and the selection follows the focus; under the result the
// arrows only move the focus, and Enter, Space or a click opens the review
// at that move.

import { h } from '../common/dom.js';
import { t } from '../common/i18n.js';

/** A move as said and as the review labels it: "11. CPU 9-13". */
export function moveName(m) {
  return t('moveName', { number: m.number, who: t(m.side === 'cpu' ? 'cpu' : 'you'), move: m.text });
}

/** The keys that walk the list, by the step they take. */
const WALK = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1, Home: 'first', End: 'last' };

/**
 * The list's cells in reading order: per PDN number its number, the CPU's
 * move and the player's, an empty cell where a side has not moved.
 */
function cells(moves, interactive) {
  const rows = [];
  moves.forEach((m, i) => {
    const last = rows[rows.length - 1];
    const row = last && last.number === m.number ? last : { number: m.number, cpu: null, player: null };
    if (row !== last) rows.push(row);
    row[m.side] = { ...m, ply: i + 1 };
  });
  const cell = (m) => {
    if (!m) return h('span', { class: 'move empty', text: '…', 'aria-hidden': 'true' });
    return h('span', {
      class: `move move-${m.side}`,
      'data-ply': m.ply,
      role: interactive ? 'option' : 'listitem',
      'aria-label': moveName(m),
      text: m.text,
    });
  };
  return rows.flatMap((r) => [
    h('span', { class: 'move-no', text: `${r.number}.`, 'aria-hidden': 'true' }),
    cell(r.cpu),
    cell(r.player),
  ]);
}

/**
 * A move list. `choose(ply)` is called for a move picked (click, Enter,
 * Space); `step(delta | 'first' | 'last')` for the arrows in a review.
 * Returns `{ el, render({ moves, mode, current }), focusStop() }`, `mode`
 * being the game screen's (play, end, review) and `current` the review's
 * position (0 = the start).
 */
export function createMoveList({ label, choose, step }) {
  const el = h('div', { class: 'move-list', role: 'list', 'aria-label': label });
  let options = [];
  let key = '';
  let mode = 'play';
  /** Under the result: the move the arrows have reached. */
  let endFocus = null;

  /** The option holding the one Tab stop. */
  const stop = () => options.find((o) => o.tabIndex === 0) || null;

  function setStop(ply) {
    options.forEach((o, i) => {
      o.tabIndex = i + 1 === ply ? 0 : -1;
    });
  }

  /** Scrolls the list to `o`: into sight in a column, to the middle of a strip. */
  function reveal(o) {
    if (o && o.scrollIntoView) o.scrollIntoView({ block: 'nearest', inline: 'center' });
  }

  el.addEventListener('keydown', (e) => {
    if (mode === 'play' || e.ctrlKey || e.metaKey || e.altKey || !options.length) return;
    if (e.key in WALK) {
      e.preventDefault();
      e.stopPropagation();
      if (mode === 'review') {
        step(WALK[e.key]);
        return;
      }
      const at = endFocus ?? options.length;
      const to = WALK[e.key] === 'first' ? 1 : WALK[e.key] === 'last' ? options.length : at + WALK[e.key];
      endFocus = Math.max(1, Math.min(options.length, to));
      setStop(endFocus);
      stop().focus();
      reveal(stop());
    } else if (e.key === 'Enter' || e.key === ' ') {
      const ply = Number(e.target.dataset && e.target.dataset.ply);
      if (!ply) return;
      e.preventDefault();
      e.stopPropagation();
      choose(ply);
    }
  });
  el.addEventListener('click', (e) => {
    const o = mode === 'play' ? null : e.target.closest('[data-ply]');
    if (o && el.contains(o)) choose(Number(o.dataset.ply));
  });

  return {
    el,
    render({ moves, mode: m, current }) {
      const interactive = m !== 'play';
      const hadFocus = el.contains(document.activeElement);
      const k = `${interactive}|${moves.length}|${moves.length ? moves[moves.length - 1].text : ''}`;
      if (k !== key) {
        key = k;
        el.replaceChildren(...cells(moves, interactive));
        options = [...el.querySelectorAll('[data-ply]')];
        endFocus = null;
      }
      if (m !== mode) endFocus = null;
      mode = m;
      el.setAttribute('role', interactive ? 'listbox' : 'list');
      options.forEach((o, i) => {
        if (m === 'review') o.setAttribute('aria-selected', i + 1 === current ? 'true' : 'false');
        else o.removeAttribute('aria-selected');
        if (!interactive) o.removeAttribute('tabindex');
      });
      if (interactive) setStop(m === 'review' ? Math.max(1, current) : endFocus ?? options.length);
      const target = m === 'review' ? options[current - 1] || null : options[options.length - 1] || null;
      if (hadFocus && stop() && document.activeElement !== stop()) stop().focus({ preventScroll: true });
      reveal(hadFocus ? stop() : target);
    },
    /** Puts the focus on the list's Tab stop; false when there is none to be seen. */
    focusStop() {
      const o = stop();
      if (!o || !o.getClientRects().length) return false;
      o.focus({ preventScroll: true });
      reveal(o);
      return true;
    },
  };
}
