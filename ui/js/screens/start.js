// Start screen: who starts («Tú primero» / «CPU primero», C6), the three
// opponents as large buttons (D1), "Continue" when a game is saved (C7),
// links to records, help and settings, and a notice if a saved file could
// not be read.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import * as icons from '../icons.js';
import { svgEl } from '../board.js';
import { screen } from './common.js';
import { state, update } from '../state.js';
import { newGame, continueGame } from '../game-flow.js';

function logo() {
  const svg = svgEl('svg', { class: 'logo', viewBox: '0 0 64 64', 'aria-hidden': 'true' });
  svgEl('circle', { class: 'logo-cpu', cx: 38, cy: 26, r: 18 }, svg);
  svgEl('circle', { class: 'logo-player', cx: 26, cy: 40, r: 18 }, svg);
  svgEl('circle', { class: 'logo-ring', cx: 26, cy: 40, r: 8 }, svg);
  return svg;
}

export function mount(root) {
  const notice = h('p', { id: 'notice', class: 'notice', role: 'status' });
  const cont = h('button', { id: 'continue', class: 'btn continue', type: 'button', onclick: continueGame }, [
    icons.play(),
    h('span', { class: 'continue-text' }, [
      h('span', { class: 'continue-title', text: t('continue') }),
      h('span', { class: 'continue-detail' }),
    ]),
  ]);
  const seg = (id, value, label) =>
    h('button', {
      id,
      class: 'seg',
      type: 'button',
      role: 'radio',
      'data-value': value,
      onclick: () => update({ firstChoice: value }),
      text: label,
    });
  const first = h('div', { class: 'segmented', role: 'radiogroup', 'aria-labelledby': 'who-starts' }, [
    seg('first-player', 'player', t('firstPlayer')),
    seg('first-cpu', 'cpu', t('firstCpu')),
  ]);
  first.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      const value = state.firstChoice === 'player' ? 'cpu' : 'player';
      update({ firstChoice: value });
      document.getElementById(value === 'player' ? 'first-player' : 'first-cpu').focus();
    }
  });
  const level = (name) =>
    h('button', { id: `level-${name}`, class: `btn level level-${name}`, type: 'button', onclick: () => newGame(name) }, [
      h('span', { class: 'level-name', text: t(`level.${name}`) }),
      h('span', { class: 'level-hint', text: t(`levelHint.${name}`) }),
    ]);
  const link = (id, label, icon, screenName) =>
    h('button', { id, class: 'link-btn', type: 'button', onclick: () => update({ screen: screenName, returnTo: 'start' }) }, [
      icon(),
      h('span', { text: label }),
    ]);

  const el = screen('start', [
    h('div', { class: 'start-inner' }, [
      h('header', { class: 'brand' }, [
        logo(),
        h('div', {}, [h('h1', { class: 'brand-title', text: t('appTitle') }), h('p', { class: 'tagline', text: t('tagline') })]),
      ]),
      notice,
      cont,
      h('h2', { id: 'who-starts', class: 'label', text: t('whoStarts') }),
      first,
      h('h2', { class: 'label', text: t('chooseOpponent') }),
      h('div', { class: 'levels' }, ['easy', 'normal', 'hard'].map(level)),
      h('nav', { class: 'links' }, [
        link('open-records', t('records'), icons.chart, 'records'),
        link('open-help', t('help'), icons.help, 'help'),
        link('open-settings', t('settings'), icons.gear, 'settings'),
      ]),
    ]),
  ]);
  root.appendChild(el);

  return {
    update(s) {
      const text = s.offline ? t('noBackend') : s.notice ? t(`notice.${s.notice}`) : '';
      notice.textContent = text.startsWith('notice.') ? t('notice.other') : text;
      notice.hidden = !text;
      cont.hidden = !s.hasSaved;
      cont.querySelector('.continue-detail').textContent = s.savedLevel
        ? t('continueDetail', { level: t(`level.${s.savedLevel}`) })
        : '';
      for (const b of first.querySelectorAll('.seg')) {
        const on = b.dataset.value === s.firstChoice;
        b.setAttribute('aria-checked', on ? 'true' : 'false');
      }
    },
  };
}
