// Start-up and the render loop: asks the shell for the saved state, then
// draws the screen named in `state.screen` whenever the state changes.

import * as api from './api.js';
import { state, update, onRender, DEFAULT_SETTINGS } from './state.js';
import { resolveLanguage, setLanguage, language } from './i18n.js';
import { setSoundEnabled } from './sound.js';
import { attachGlobalKeys } from './input.js';
import * as start from './screens/start.js';
import * as game from './screens/game.js';
import * as records from './screens/records.js';
import * as help from './screens/help.js';
import * as settings from './screens/settings.js';
import * as choko from './choko/screen.js';
import * as chokoHelp from './choko/help.js';
import { loadChoko } from './choko/flow.js';

const SCREENS = { start, game, records, help, settings, choko, chokoHelp };
/** Screens whose main place is a game board. */
const BOARD_SCREENS = new Set(['game', 'choko']);
const root = document.getElementById('app');

let mounted = null; // { key, screen, view }

function render(s) {
  setLanguage(resolveLanguage(s.settings.language));
  setSoundEnabled(s.settings.sound);
  const name = SCREENS[s.screen] ? s.screen : null;
  if (!name) return;
  const key = `${name}|${language()}`;
  if (!mounted || mounted.key !== key) {
    const first = !mounted;
    const sameScreen = mounted && mounted.screen === name;
    const focusedId = document.activeElement && document.activeElement.id;
    root.replaceChildren();
    const view = SCREENS[name].mount(root, s);
    mounted = { key, screen: name, view };
    view.update(s);
    document.title = document.querySelector('[data-screen] h1')?.textContent || 'Checkers';
    if (sameScreen) {
      // Re-drawn in another language: keep the focus on the same control.
      const again = focusedId && document.getElementById(focusedId);
      if (again) again.focus({ preventScroll: true });
    } else if (!first) focusScreen(name);
    return;
  }
  mounted.view.update(s);
  keepFocus(name);
}

/**
 * Focus is never lost: when the control that had it becomes disabled (Undo
 * with nothing left to undo, the last step of a review) or disappears, it
 * moves to the screen's main place instead of falling to the page.
 */
function keepFocus(name) {
  const active = document.activeElement;
  if (active && active !== document.body && !active.disabled && active.isConnected) return;
  if (name === 'game' && state.review) {
    const nav = [...document.querySelectorAll('.review-bar .nav-btn')].find((b) => !b.disabled);
    nav?.focus({ preventScroll: true });
  } else if (BOARD_SCREENS.has(name)) {
    document.querySelector('.board.interactive')?.focus({ preventScroll: true });
  }
}

/**
 * Moves keyboard focus into a newly shown screen: the board on the game
 * screen (arrows work at once), otherwise the screen's heading, so Tab
 * starts there and a screen reader reads where it is.
 */
function focusScreen(name) {
  const onBoard = BOARD_SCREENS.has(name);
  const target = onBoard ? document.querySelector('.board.interactive') : document.querySelector('[data-screen] h1');
  if (!target) return;
  if (!onBoard) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

async function boot() {
  onRender(render);
  api.onNotice((notice) => update({ notice }));
  attachGlobalKeys();
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => update());
  try {
    const s = await api.appState();
    const saved = s.game && s.game.status !== 'over' ? s.game : null;
    update({
      screen: 'start',
      settings: { ...DEFAULT_SETTINGS, ...(s.settings || {}) },
      records: s.records || null,
      notice: s.notice || null,
      hasSaved: Boolean(saved),
      savedLevel: saved ? saved.level : null,
      game: saved,
      firstChoice: saved ? saved.first : 'player',
    });
    loadChoko();
  } catch (e) {
    console.warn('checkers:', e);
    update({ screen: 'start', offline: true });
  }
}

boot();
