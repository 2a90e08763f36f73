// Pieces of Choko's screens drawn from plain data: a hand (its stack of
// discs, its count, the initiative badge), the ladder's lines, the result's
// sentences. No state and no rules: each is given what to show.

import { h, setText, svgEl } from '../common/dom.js';
import { t } from '../common/i18n.js';

/** Points as the page writes them: "2 525" with the language's grouping. */
export function points(n) {
  return Number(n || 0).toLocaleString(t('choko.locale'));
}

/** A stack of `n` discs of `who`'s colour, overlapping like coins on a table. */
function stack(who, n) {
  const svg = svgEl('svg', { class: `hand-stack hand-stack-${who}`, viewBox: '0 0 132 28', 'aria-hidden': 'true' });
  for (let i = 0; i < n; i++) {
    svgEl('circle', { class: `disc ${who === 'player' ? 'player' : 'cpu'}`, cx: 12 + i * 9.8, cy: 14, r: 10 }, svg);
  }
  return svg;
}

/**
 * A hand beside the board: `{ el, update(count, hasInitiative) }`. Its
 * text is in the accessibility tree ("Your hand: 9 pieces", "initiative").
 */
export function handRow(who) {
  const count = h('span', { class: 'hand-count' });
  const name = h('span', { class: 'hand-name', text: t(who === 'player' ? 'you' : 'choko.machine') });
  const said = h('span', { class: 'sr-only' });
  const badge = h('span', { class: 'initiative-badge', text: t('choko.initiative') });
  const holder = h('span', { class: 'hand-stack-wrap' });
  const el = h('div', { id: `hand-${who}`, class: `hand-row hand-${who}`, role: 'group' }, [
    name,
    holder,
    h('span', { 'aria-hidden': 'true' }, [count]),
    badge,
    said,
  ]);
  let key = '';
  return {
    el,
    update(n, initiative) {
      const next = `${n}|${initiative}`;
      if (next === key) return;
      key = next;
      el.dataset.count = n;
      el.dataset.initiative = initiative ? 'true' : 'false';
      holder.replaceChildren(stack(who, n));
      setText(count, String(n));
      badge.hidden = !initiative;
      const hand = t(who === 'player' ? 'choko.yourHand' : 'choko.machineHand', { n });
      const sentence = initiative
        ? `${hand} ${t(who === 'player' ? 'choko.youHoldInitiative' : 'choko.machineHoldsInitiative')}`
        : hand;
      setText(said, sentence);
      el.setAttribute('aria-label', sentence);
    },
  };
}

/** "3 wins · 3 337 points" (or "no wins yet"). */
export function streakText(wins, value) {
  if (!wins) return t('choko.noWinsYet');
  return t(wins === 1 ? 'choko.streakOne' : 'choko.streak', { wins, value: points(value) });
}

/** The sentence under a result: why the game ended, for the player. */
export function endLine(result) {
  return t(`choko.end.${result.end}.${result.outcome}`);
}
