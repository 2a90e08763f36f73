// Start screen, the app's frame around the games: first the game (tabs,
// one per game of the registry; the last one chosen is remembered in the
// settings), then that game's own panel (its Continue and its choices),
// then links to its records and help and to the settings, and a notice if
// a saved file could not be read.

import { h, setText, svgEl } from './dom.js';
import { t } from './i18n.js';
import * as icons from './icons.js';
import { screen, scrollHint } from './frame.js';
import { state, update } from './state.js';
import { changeSettings } from './settings.js';
import { GAMES, chosenGame } from '../games.js';
import { drawNotices } from './notify.js';

/** Makes game `id` the one the start screen offers, and remembers it. */
function chooseGame(id) {
  if (chosenGame(state).id !== id) changeSettings({ game: id });
}

/** The games as tabs: one Tab stop, the arrows move between them. */
function gameTabs() {
  const tabs = GAMES.map((game) =>
    h('button', {
      id: `game-${game.id}`,
      class: 'game-tab',
      type: 'button',
      role: 'tab',
      'aria-controls': `panel-${game.id}`,
      onclick: () => chooseGame(game.id),
      text: t(game.tab),
    }),
  );
  const list = h('div', { class: 'game-tabs', role: 'tablist', 'aria-label': t('chooseGame') }, tabs);
  list.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
    if (step === undefined && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const i = Math.max(0, tabs.indexOf(document.activeElement));
    const j = e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : (i + step + tabs.length) % tabs.length;
    tabs[j].focus();
    chooseGame(GAMES[j].id);
  });
  list.refresh = (id) => {
    for (const tab of tabs) {
      const on = tab.id === `game-${id}`;
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

/** A link to the screen `screenOf()` names, which comes back here. */
function link(id, label, icon, screenOf) {
  return h('button', { id, class: 'link-btn', type: 'button', onclick: () => update({ screen: screenOf(), returnTo: 'start' }) }, [
    icon(),
    h('span', { text: label }),
  ]);
}

export function mount(root) {
  const notice = h('div', { id: 'notice', class: 'notice', role: 'status' });
  const tabs = gameTabs();
  const tagline = h('p', { class: 'tagline' });
  const records = link('open-records', t('records'), icons.chart, () => chosenGame(state).records);
  // Help opens the help of the game chosen.
  const help = link('open-help', t('help'), icons.help, () => chosenGame(state).help);
  const links = h('nav', { class: 'links' }, [records, help, link('open-settings', t('settings'), icons.gear, () => 'settings')]);
  const inner = h('div', { class: 'start-inner' }, [
    h('header', { class: 'brand' }, [
      logo(),
      h('div', {}, [h('h1', { class: 'brand-title', text: t('appTitle') }), tagline]),
    ]),
    notice,
    tabs,
    links,
  ]);
  const panels = GAMES.map((game) => ({ id: game.id, ...game.panel(inner) }));
  for (const { panel } of panels) links.before(panel);
  const el = screen('start', [inner, ...panels.map((p) => p.dialog)]);
  root.appendChild(el);
  scrollHint(el);

  return {
    update(s) {
      if (s.offline) drawNotices(notice, [], [t('noBackend')]);
      else drawNotices(notice, s.notices);
      const game = chosenGame(s);
      tabs.refresh(game.id);
      records.hidden = !game.records;
      setText(tagline, t(game.tagline));
      for (const { id, update: show } of panels) show(s, id === game.id);
    },
  };
}
