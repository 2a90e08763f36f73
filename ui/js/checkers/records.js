// Checkers' records screen: per level, wins, draws and losses as a small stacked bar
// with the numbers beside it, games played and total playing time (G4, G5);
// then the last finished games, each opening in review.

import { h, svgEl } from '../common/dom.js';
import { t, language } from '../common/i18n.js';
import * as icons from '../common/icons.js';
import { screen, topBar } from '../common/frame.js';
import { update } from '../common/state.js';
import { set } from './state.js';
import { reviewHistory } from './review.js';
import * as api from './api.js';

const EMPTY = { wins: 0, losses: 0, draws: 0, playerPiecesLeft: 0, cpuPiecesLeft: 0, playTimeMs: 0 };

/**
 * Playing time as read: "less than a minute" under a minute (a game was
 * played, so never "0 min"), then "12 min", then "1 h 05 min" (rounded
 * down to the minute).
 */
export function formatTime(ms) {
  const total = Math.floor(Math.max(0, Number(ms) || 0) / 60000);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (total === 0) return t('lessThanMinute');
  if (hours === 0) return t('minutes', { m: minutes });
  return t('hoursMinutes', { h: hours, m: String(minutes).padStart(2, '0') });
}

/** A finished game's date and time, in the page's language and the device's time zone. */
export function formatWhen(ms, lang = language()) {
  const date = new Date(Number(ms) || 0);
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
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
        // With no game at this level the zeros say it; "no games yet" is
        // said once, in the total line, when there are none at all.
        total ? h('span', { class: 'record-games', text: games(total) }) : null,
      ]),
      bar(rec),
      h('p', { class: 'counts' }, [num('win', t('wins'), rec.wins), num('draw', t('draws'), rec.draws), num('loss', t('losses'), rec.losses)]),
      total ? h('p', { class: 'record-time', text: t('playTime', { time: formatTime(rec.playTimeMs) }) }) : null,
    ],
  );
}

/** One finished game of the history: date, level, who started, result, turns; opens in review. */
function historyRow(g) {
  const r = g.result;
  const when = formatWhen(g.finishedAtMs);
  const outcome = t(`outcome.${r.outcome}`);
  const started = t(g.first === 'player' ? 'startedYou' : 'startedCpu');
  const turns = g.turns === 1 ? t('turnsOne') : t('turns', { n: g.turns });
  const score = `${r.playerPieces}–${r.cpuPieces}`;
  return h('li', {}, [
    h(
      'button',
      {
        class: `history-row outcome-${r.outcome}`,
        type: 'button',
        'data-id': g.id,
        'aria-label': `${outcome}, ${t(`level.${g.level}`)}, ${when}. ${started}. ${turns}. ${t('piecesYou', { n: r.playerPieces })}, ${t('piecesCpu', { n: r.cpuPieces })}.`,
        onclick: () => reviewHistory(g.id),
      },
      [
        h('span', { class: `history-outcome outcome-${r.outcome}`, text: outcome }),
        h('span', { class: 'history-main' }, [
          h('span', { class: 'history-title', text: `${t(`level.${g.level}`)} · ${score}` }),
          h('span', { class: 'history-detail', text: `${when} · ${started} · ${turns}` }),
        ]),
        icons.chevron(),
      ],
    ),
  ]);
}

export function mount(root, s) {
  const body = h('div', { class: 'records-body' });
  const el = screen('records', [topBar(t('recordsTitle'), () => update({ screen: s.returnTo || 'start' })), h('div', { class: 'scroll' }, [body])]);
  root.appendChild(el);
  let shown = null;
  api
    .records()
    .then((records) => set({ records }))
    .catch((e) => console.warn('checkers:', e));
  return {
    update(state) {
      const { records } = state.checkers;
      if (records === shown && body.childElementCount) return;
      shown = records;
      const recs = records || {};
      const levels = ['easy', 'normal', 'hard'];
      const all = levels.map((l) => ({ ...EMPTY, ...(recs[l] || {}) }));
      const totalGames = all.reduce((a, r) => a + r.wins + r.draws + r.losses, 0);
      const totalMs = all.reduce((a, r) => a + (Number(r.playTimeMs) || 0), 0);
      const history = recs.history || [];
      // Records fetched anew redraw the list: a row that had the focus keeps it.
      const focused = body.contains(document.activeElement) ? document.activeElement.dataset.id : null;
      body.replaceChildren(
        ...levels.map((l, i) => levelCard(l, all[i])),
        h('p', { class: 'records-total', id: 'records-total', text: totalGames ? t('totalLine', { games: games(totalGames), time: formatTime(totalMs) }) : t('noGames') }),
        h('section', { class: 'history', 'aria-labelledby': 'history-title' }, [
          h('h2', { id: 'history-title', class: 'label', text: t('history') }),
          history.length
            ? h('ol', { class: 'history-list', id: 'history' }, history.map(historyRow))
            : h('p', { class: 'history-empty', text: t('historyEmpty') }),
        ]),
        h('p', { class: 'records-note', text: t('recordsNote') }),
      );
      if (focused) body.querySelector(`.history-row[data-id="${focused}"]`)?.focus({ preventScroll: true });
    },
  };
}
