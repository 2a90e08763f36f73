// Start-up and the render loop: asks the shell for the saved state, then
// draws the screen named in `state.screen` whenever the state changes.

import * as api from './common/api.js';
import { state, update, onRender, DEFAULT_SETTINGS } from './common/state.js';
import { resolveLanguage, setLanguage, language, t } from './common/i18n.js';
import { setSoundEnabled } from './common/sound.js';
import { attachGlobalKeys, attachLongPressGuard } from './checkers/keys.js';
import { back as leaveGameScreen } from './checkers/flow.js';
import { backStep, listenForBack, exitApp } from './common/back.js';
import * as start from './common/start.js';
import * as game from './checkers/screen.js';
import * as records from './checkers/records.js';
import * as help from './checkers/help.js';
import * as settings from './common/settings.js';
import * as choko from './choko/screen.js';
import * as chokoHelp from './choko/help.js';
import { loadChoko, leaveChoko } from './choko/flow.js';

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
    const from = mounted && mounted.screen;
    const sameScreen = from === name;
    const focusedId = document.activeElement && document.activeElement.id;
    root.replaceChildren();
    const view = SCREENS[name].mount(root, s);
    mounted = { key, screen: name, view };
    view.update(s);
    nameWindow();
    if (sameScreen) {
      // Re-drawn in another language: keep the focus on the same control.
      const again = focusedId && document.getElementById(focusedId);
      if (again) again.focus({ preventScroll: true });
    } else if (!first) focusScreen(name, from);
    return;
  }
  mounted.view.update(s);
  nameWindow();
  keepFocus(name);
}

/**
 * Names the page, and through it the window, after the app and what it
 * shows: "Checkers — Easy", "Checkers — Records"; the start screen is the
 * app itself.
 */
function nameWindow() {
  const app = t('appTitle');
  const heading = document.querySelector('[data-screen] h1')?.textContent.trim();
  const title = heading && heading !== app ? `${app} — ${heading}` : app;
  if (document.title !== title) document.title = title;
}

/**
 * Focus is never lost: when the control that had it becomes disabled (Undo
 * with nothing left to undo, the last step of a review) or disappears, it
 * moves to the screen's main place instead of falling to the page.
 */
function keepFocus(name) {
  const active = document.activeElement;
  const lost =
    !active || active === document.body || active.disabled || !active.isConnected || !active.getClientRects().length;
  if (!lost) return;
  if (name === 'game' && state.review) {
    const stop = document.querySelector('.move-list [tabindex="0"]');
    const nav = [...document.querySelectorAll('.review-bar .nav-btn')].find((b) => !b.disabled);
    (stop && stop.getClientRects().length ? stop : nav)?.focus({ preventScroll: true });
  } else if (BOARD_SCREENS.has(name)) {
    document.querySelector('.board.interactive')?.focus({ preventScroll: true });
  }
}

/** The start screen's links to the screens it opens. */
const OPENERS = { records: '#open-records', help: '#open-help', chokoHelp: '#open-help', settings: '#open-settings' };

/**
 * Moves keyboard focus into a newly shown screen: where the state asks
 * (`focusAfter`), else back on the start screen's link to the screen just
 * left, else the current move of a review or the board on the game screen
 * (arrows work at once), otherwise the screen's heading, so Tab starts
 * there and a screen reader reads where it is.
 */
function focusScreen(name, from) {
  const asked = state.focusAfter && document.querySelector(state.focusAfter);
  state.focusAfter = null;
  const opener = name === 'start' && OPENERS[from] ? document.querySelector(OPENERS[from]) : null;
  const move = name === 'game' && state.review ? document.querySelector('.move-list [tabindex="0"]') : null;
  let target = asked || opener || (move && move.getClientRects().length ? move : null);
  if (!target && BOARD_SCREENS.has(name)) target = document.querySelector('.board.interactive');
  if (!target) {
    target = document.querySelector('[data-screen] h1');
    target?.setAttribute('tabindex', '-1');
  }
  target?.focus({ preventScroll: true });
}

/**
 * One press of the system's back (Android's button or gesture), the
 * topmost thing first: a question or the move list sheet closes, a screen
 * goes back to where it was opened from, the game screen leaves for the
 * start screen (the game stays saved), and the start screen closes the app.
 */
export function pressBack() {
  const step = backStep(state);
  if (step === 'closeConfirm') update({ confirmLevel: null });
  else if (step === 'closeSheet') update({ movesOpen: false });
  else if (step === 'closeScreen') update({ screen: state.returnTo || 'start' });
  else if (step === 'leaveGame') leaveGameScreen();
  else if (step === 'leaveChoko') {
    // Choko's game leaves for the start screen (saved); its help goes back.
    if (state.screen === 'choko') leaveChoko();
    else update({ screen: state.returnTo || 'start' });
  } else exitApp();
  return step;
}

async function boot() {
  onRender(render);
  listenForBack(pressBack);
  api.onNotice((notice) => update({ notice }));
  attachGlobalKeys();
  attachLongPressGuard();
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
