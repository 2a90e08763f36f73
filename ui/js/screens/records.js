// Records screen: per level, wins, draws and losses as a small stacked bar
// with the numbers beside it, games played and total playing time (G4, G5).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { svgEl } from '../board.js';
import { screen, topBar } from './common.js';
import { update } from '../state.js';
import * as api from '../api.js';

const EMPTY = { wins: 0, losses: 0, draws: 0, playerPiecesLeft: 0, cpuPiecesLeft: 0, playTimeMs: 0 };

/** "12 min" or "1 h 05 min" (rounded down to the minute). */
export function formatTime(ms) {
  const total = Math.floor(Math.max(0, Number(ms) || 0) / 60000);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('minutes', { m: minutes });
  return t('hoursMinutes', { h: hours, m: String(minutes).padStart(2, '0') });
}

function games(n) {
  return n === 1 ? t('gamesPlayedOne') : t('gamesPlayed', { n });
}

function bar(rec) {
  const total = rec.wins + rec.draws + rec.losses;
  const W = 300;
  const svg = svgEl('svg', {
    class: 'stack',
    viewBox: `0 0 ${W} 14`,
    preserveAspectRatio: 'none',
    role: 'img',
    'aria-label': t('barLabel', { wins: rec.wins, draws: rec.draws, losses: rec.losses }),
  });
  svgEl('rect', { class: 'stack-empty', x: 0, y: 0, width: W, height: 14, rx: 7 }, svg);
  if (total > 0) {
    const clip = svgEl('clipPath', { id: `clip-${Math.random().toString(36).slice(2)}` }, svg);
    svgEl('rect', { x: 0, y: 0, width: W, height: 14, rx: 7 }, clip);
    const g = svgEl('g', { 'clip-path': `url(#${clip.id})` }, svg);
    let x = 0;
    for (const [key, cls] of [['wins', 'win'], ['draws', 'draw'], ['losses', 'loss']]) {
      const w = (rec[key] / total) * W;
      if (w > 0) svgEl('rect', { class: `stack-${cls}`, x, y: 0, width: w, height: 14 }, g);
      x += w;
    }
  }
  return svg;
}

function levelCard(level, rec) {
  const total = rec.wins + rec.draws + rec.losses;
  const num = (cls, label, n) =>
    h('span', { class: `count count-${cls}` }, [h('i', { class: `key key-${cls}`, 'aria-hidden': 'true' }), `${label} `, h('b', { text: String(n) })]);
  return h(
    'article',
    { id: `records-${level}`, class: 'record', 'data-wins': rec.wins, 'data-draws': rec.draws, 'data-losses': rec.losses },
    [
      h('header', { class: 'record-head' }, [
        h('h2', { text: t(`level.${level}`) }),
        h('span', { class: 'record-games', text: total ? games(total) : t('noGames') }),
      ]),
      bar(rec),
      h('p', { class: 'counts' }, [num('win', t('wins'), rec.wins), num('draw', t('draws'), rec.draws), num('loss', t('losses'), rec.losses)]),
      h('p', { class: 'record-time', text: t('playTime', { time: formatTime(rec.playTimeMs) }) }),
    ],
  );
}

export function mount(root, s) {
  const body = h('div', { class: 'records-body' });
  const el = screen('records', [topBar(t('recordsTitle'), () => update({ screen: s.returnTo || 'start' })), h('div', { class: 'scroll' }, [body])]);
  root.appendChild(el);
  let shown = null;
  api
    .records()
    .then((records) => update({ records }))
    .catch((e) => console.warn('checkers:', e));
  return {
    update(state) {
      if (state.records === shown && body.childElementCount) return;
      shown = state.records;
      const recs = state.records || {};
      const levels = ['easy', 'normal', 'hard'];
      const all = levels.map((l) => ({ ...EMPTY, ...(recs[l] || {}) }));
      const totalGames = all.reduce((a, r) => a + r.wins + r.draws + r.losses, 0);
      const totalMs = all.reduce((a, r) => a + (Number(r.playTimeMs) || 0), 0);
      body.replaceChildren(
        ...levels.map((l, i) => levelCard(l, all[i])),
        h('p', { class: 'records-total', id: 'records-total', text: t('totalLine', { games: games(totalGames), time: formatTime(totalMs) }) }),
        h('p', { class: 'records-note', text: t('recordsNote') }),
      );
    },
  };
}
