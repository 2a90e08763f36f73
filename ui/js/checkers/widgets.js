// Pieces of checkers' game screen drawn from plain data: the pieces each
// side has (discs and numbers), the sentence under a result. No state and
// no rules: each is given what to show.

import { h, svgEl } from '../common/dom.js';
import { t } from '../common/i18n.js';

/**
 * The sentence under a result: a side that lost with pieces still on the
 * board had no move; one with none had lost them all (R7).
 */
export function outcomeLine(result) {
  const loserPieces =
    result.outcome === 'win' ? result.cpuPieces : result.outcome === 'loss' ? result.playerPieces : 1;
  const suffix = loserPieces === 0 ? 'NoPieces' : '';
  return t(`outcomeLine.${result.outcome}${suffix}`);
}


/** Pieces on a board: `{ player, cpu }`. */
export function count(board) {
  const out = { player: 0, cpu: 0 };
  for (const p of board || []) if (p) out[p.side] += 1;
  return out;
}

/** A small disc of `side`'s colour, for counts. */
function disc(side) {
  const svg = svgEl('svg', { class: `disc-icon ${side}`, viewBox: '0 0 20 20', 'aria-hidden': 'true' });
  svgEl('circle', { class: `disc ${side}`, cx: 10, cy: 10, r: 8 }, svg);
  return svg;
}

/**
 * The pieces left on one side as a row of discs, each 18 px across; from
 * the sixth on they overlap more, so that twelve take no more room than
 * five.
 */
export function discs(side, n) {
  const step = n > 1 ? Math.min(15, 62 / (n - 1)) : 0;
  const width = n > 0 ? 20 + (n - 1) * step : 0;
  const svg = svgEl('svg', {
    class: `discs discs-${side}`,
    viewBox: `0 0 ${width} 20`,
    width,
    height: 20,
    'aria-hidden': 'true',
  });
  for (let i = 0; i < n; i++) svgEl('circle', { class: `disc ${side}`, cx: 10 + i * step, cy: 10, r: 9 }, svg);
  return svg;
}

/**
 * "● CPU 12  ○ You 11"; `short` leaves the names to the discs on screen,
 * and says them to screen readers only (a name on a plain span is not
 * read out, so the words are text).
 */
function counts(c, short = false) {
  const side = (who, name, n) =>
    h('span', { class: 'count-side' }, [
      disc(who),
      short ? h('span', { class: 'sr-only', text: `${name} ` }) : null,
      h('span', { text: short ? String(n) : `${name} ${n}` }),
    ]);
  return [side('cpu', t('cpu'), c.cpu), side('player', t('you'), c.player)];
}

/**
 * Shows the counts in `el`, rebuilt only when they (or the language)
 * change: each rebuild is a burst of events to screen readers.
 */
export function showCounts(el, c, short = false) {
  const key = `${t('cpu')} ${c.cpu} ${t('you')} ${c.player}`;
  if (el.dataset.counts === key) return;
  el.dataset.counts = key;
  el.replaceChildren(...counts(c, short));
}
