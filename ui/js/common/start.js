// Start screen: first the game, Damas or Choko (tabs; the last one chosen
// is remembered in the settings), then that game's choices. Checkers: who
// starts («Tú primero» / «CPU primero», C6), the three opponents as large
// buttons (D1), "Continue" when a game is saved (C7); with a game saved,
// choosing a level first asks whether to abandon it. Choko: its panel
// (choko/start.js). Then links to records, help and settings, and a notice
// if a saved file could not be read.

import { h, setText, svgEl } from './dom.js';
import { t } from './i18n.js';
import * as icons from './icons.js';
import { screen, radioGroup, scrollHint } from './frame.js';
import { state, update } from './state.js';
import { newGame, chooseLevel, continueGame } from '../checkers/flow.js';
import { mountChokoPanel } from '../choko/start.js';
import { chooseGame } from '../choko/flow.js';

/** The game the start screen offers: the last one chosen, checkers until one is. */
export function chosenGame(s) {
  return s.settings.game === 'choko' ? 'choko' : 'checkers';
}

/** The two games as tabs: one Tab stop, the arrows move between them. */
function gameTabs() {
  const tabs = ['checkers', 'choko'].map((game) =>
    h('button', {
      id: `game-${game}`,
      class: 'game-tab',
      type: 'button',
      role: 'tab',
      'aria-controls': `panel-${game}`,
      onclick: () => chooseGame(game),
      text: t(`game.${game}`),
    }),
  );
  const list = h('div', { class: 'game-tabs', role: 'tablist', 'aria-label': t('chooseGame') }, tabs);
  list.addEventListener('keydown', (e) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const i = tabs.indexOf(document.activeElement);
    const j = e.key === 'Home' ? 0 : e.key === 'End' ? 1 : 1 - Math.max(0, i);
    tabs[j].focus();
    chooseGame(j === 0 ? 'checkers' : 'choko');
  });
  list.refresh = (game) => {
    for (const tab of tabs) {
      const on = tab.id === `game-${game}`;
      tab.setAttribute('aria-selected', on ? 'true' : 'false');
      tab.tabIndex = on ? 0 : -1;
    }
  };
  return list;
}

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
  const first = radioGroup({
    label: 'who-starts',
    options: [
      ['first-player', 'player', t('firstPlayer')],
      ['first-cpu', 'cpu', t('firstCpu')],
    ],
    current: () => state.firstChoice,
    choose: (value) => update({ firstChoice: value }),
  });
  const level = (name) =>
    h('button', { id: `level-${name}`, class: `btn level level-${name}`, type: 'button', onclick: () => chooseLevel(name) }, [
      h('span', { class: 'level-name', text: t(`level.${name}`) }),
      h('span', { class: 'level-hint', text: t(`levelHint.${name}`) }),
    ]);
  const link = (id, label, icon, screenName) =>
    h('button', { id, class: 'link-btn', type: 'button', onclick: () => update({ screen: screenName, returnTo: 'start' }) }, [
      icon(),
      h('span', { text: label }),
    ]);

  // "Abandon the saved game?": abandoning is not a loss (G5).
  const confirmNew = h('button', { id: 'confirm-new', class: 'btn primary', type: 'button', text: t('confirmNew') });
  const confirmKeep = h('button', { id: 'confirm-keep', class: 'btn', type: 'button', text: t('confirmKeep') });
  confirmNew.addEventListener('click', () => newGame(state.confirmLevel));
  confirmKeep.addEventListener('click', () => update({ confirmLevel: null }));
  const dialog = h('div', { class: 'dialog-scrim', id: 'confirm' }, [
    h('div', { class: 'dialog', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' }, [
      h('h2', { id: 'confirm-title', text: t('confirmTitle') }),
      h('p', { id: 'confirm-text', text: t('confirmText') }),
      h('div', { class: 'dialog-actions' }, [confirmNew, confirmKeep]),
    ]),
  ]);
  dialog.hidden = true;
  // Tab stays inside the dialog while it is open.
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    e.preventDefault();
    (document.activeElement === confirmNew ? confirmKeep : confirmNew).focus();
  });

  const tabs = gameTabs();
  const tagline = h('p', { class: 'tagline' });
  const checkersPanel = h('section', { id: 'panel-checkers', class: 'game-panel', role: 'tabpanel', 'aria-labelledby': 'game-checkers' }, [
    cont,
    h('h2', { id: 'who-starts', class: 'label', text: t('whoStarts') }),
    first,
    h('h2', { class: 'label', text: t('chooseOpponent') }),
    h('div', { class: 'levels' }, ['easy', 'normal', 'hard'].map(level)),
  ]);
  const records = link('open-records', t('records'), icons.chart, 'records');
  // Help opens the help of the game chosen.
  const helpScreen = () => (chosenGame(state) === 'choko' ? 'chokoHelp' : 'help');
  const help = h('button', { id: 'open-help', class: 'link-btn', type: 'button', onclick: () => update({ screen: helpScreen(), returnTo: 'start' }) }, [
    icons.help(),
    h('span', { text: t('help') }),
  ]);
  const inner = h('div', { class: 'start-inner' }, [
    h('header', { class: 'brand' }, [
      logo(),
      h('div', {}, [h('h1', { class: 'brand-title', text: t('appTitle') }), tagline]),
    ]),
    notice,
    tabs,
    checkersPanel,
    h('nav', { class: 'links' }, [records, help, link('open-settings', t('settings'), icons.gear, 'settings')]),
  ]);
  const choko = mountChokoPanel(inner);
  checkersPanel.after(choko.panel);
  const el = screen('start', [inner, dialog, choko.dialog]);
  root.appendChild(el);
  scrollHint(el);

  /** The level whose button opened the question, to get the focus back. */
  let askedFor = null;

  return {
    update(s) {
      const text = s.offline ? t('noBackend') : s.notice ? t(`notice.${s.notice}`) : '';
      notice.textContent = text.startsWith('notice.') ? t('notice.other') : text;
      notice.hidden = !text;
      cont.hidden = !s.hasSaved;
      cont.querySelector('.continue-detail').textContent = s.savedLevel
        ? t('continueDetail', { level: t(`level.${s.savedLevel}`) })
        : '';
      first.refresh();
      const game = chosenGame(s);
      tabs.refresh(game);
      checkersPanel.hidden = game !== 'checkers';
      records.hidden = game !== 'checkers';
      setText(tagline, t(game === 'choko' ? 'choko.tagline' : 'tagline'));
      choko.update(s, game === 'choko');
      const asking = Boolean(s.confirmLevel);
      if (asking !== !dialog.hidden) {
        dialog.hidden = !asking;
        inner.inert = asking;
        if (asking) {
          askedFor = s.confirmLevel;
          confirmKeep.focus({ preventScroll: true });
        } else {
          // Kept (Esc or "Keep it"): the focus goes back to the level that asked.
          document.getElementById(`level-${askedFor}`)?.focus({ preventScroll: true });
        }
      }
    },
  };
}
