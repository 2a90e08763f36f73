// End screen (G3): the result in one large word, the pieces left on each
// side as small discs and numbers, then "Play again" and "Menu".

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { svgEl } from '../board.js';
import { screen, outcomeLine } from './common.js';
import { update } from '../state.js';
import { playAgain } from '../game-flow.js';

function discs(side, count) {
  const per = 12;
  const svg = svgEl('svg', { class: `discs discs-${side}`, viewBox: `0 0 ${per * 22 + 4} 26`, 'aria-hidden': 'true' });
  for (let i = 0; i < count; i++) {
    svgEl('circle', { class: `disc ${side}`, cx: 13 + i * 22, cy: 13, r: 10 }, svg);
  }
  return svg;
}

export function mount(root, s) {
  const view = s.game;
  const result = (view && view.result) || { outcome: 'draw', playerPieces: 0, cpuPieces: 0 };
  const side = (id, who, label, count) =>
    h('div', { id, class: `side side-${who}`, 'data-count': count }, [
      h('span', { class: 'side-name', text: label }),
      discs(who, count),
      h('span', { class: 'side-count', text: String(count) }),
    ]);
  const el = screen('end', [
    h('div', { class: 'end-inner' }, [
      h('p', { class: 'end-level', text: view ? t(`level.${view.level}`) : '' }),
      h('h1', { id: 'outcome', class: `outcome outcome-${result.outcome}`, 'data-outcome': result.outcome, text: t(`outcome.${result.outcome}`) }),
      h('p', { class: 'outcome-line', text: outcomeLine(result) }),
      h('section', { class: 'pieces-left', 'aria-label': t('piecesLeft') }, [
        h('h2', { class: 'label', text: t('piecesLeft') }),
        side('pieces-player', 'player', t('you'), result.playerPieces),
        side('pieces-cpu', 'cpu', t('cpu'), result.cpuPieces),
      ]),
      h('div', { class: 'end-actions' }, [
        h('button', { id: 'play-again', class: 'btn primary', type: 'button', onclick: playAgain, text: t('playAgain') }),
        h('button', { id: 'menu', class: 'btn', type: 'button', onclick: () => update({ screen: 'start' }), text: t('menu') }),
      ]),
    ]),
  ]);
  root.appendChild(el);
  return { update() {} };
}
