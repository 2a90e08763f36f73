// Start-up and the render loop: asks the shell for the saved state, then
// draws the screen named in `state.screen` whenever the state changes,
// keeping the keyboard focus on the screen. What the games are, and which
// screens are theirs, comes from the registry (games.js).

import { appState, onNotice } from './common/api.js';
import { state, update, onRender, DEFAULT_SETTINGS } from './common/state.js';
import { resolveLanguage, setLanguage, language, t } from './common/i18n.js';
import { setSoundEnabled } from './common/sound.js';
import { attachPageKeys, attachLongPressGuard } from './common/input.js';
import { backStep, onTop, listenForBack, exitApp } from './common/back.js';
import * as start from './common/start.js';
import * as settings from './common/settings.js';
import { GAMES, playedOn } from './games.js';
import { tell } from './common/notify.js';

/** Every screen by its name: the app's own, then each game's. */
const SCREENS = Object.assign({ start, settings }, ...GAMES.map((game) => game.screens));
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

/** The board of the screen on show. */
const board = () => document.querySelector('.board.interactive');

/**
 * Focus is never lost: when the control that had it becomes disabled (Undo
 * with nothing left to undo, the last step of a review) or disappears, it
 * moves to the play screen's main place (the game says where; else the
 * board) instead of falling to the page.
 */
function keepFocus(name) {
  const active = document.activeElement;
  const lost =
    !active || active === document.body || active.disabled || !active.isConnected || !active.getClientRects().length;
  const game = playedOn(name);
  if (!lost || !game) return;
  (game.focusLost ? game.focusLost(state) : board())?.focus({ preventScroll: true });
}

/** The start screen's links to the screens it opens. */
const OPENERS = Object.fromEntries([
  ['settings', '#open-settings'],
  ...GAMES.flatMap((game) => [
    [game.help, '#open-help'],
    [game.records, '#open-records'],
  ]).filter(([screen]) => screen),
]);

/**
 * Moves keyboard focus into a newly shown screen: where the state asks
 * (`focusAfter`), else back on the start screen's link to the screen just
 * left, else on a play screen where its game says (the current move of a
 * review) or the board (arrows work at once), otherwise the screen's
 * heading, so Tab starts there and a screen reader reads where it is.
 */
function focusScreen(name, from) {
  const asked = state.focusAfter && document.querySelector(state.focusAfter);
  state.focusAfter = null;
  const opener = name === 'start' && OPENERS[from] ? document.querySelector(OPENERS[from]) : null;
  const game = playedOn(name);
  let target = asked || opener || (game && game.focusOnEntry && game.focusOnEntry(state)) || null;
  if (!target && game) target = board();
  if (!target) {
    target = document.querySelector('[data-screen] h1');
    target?.setAttribute('tabindex', '-1');
  }
  target?.focus({ preventScroll: true });
}

/**
 * One press of the system's back (Android's button or gesture), the
 * topmost thing first: a question or the move list sheet closes, a screen
 * goes back to where it was opened from, a game's screen leaves for the
 * start screen (the game stays saved), and the start screen closes the app.
 */
export function pressBack() {
  const step = backStep(state, GAMES);
  if (step === 'closeScreen') update({ screen: state.returnTo || 'start' });
  else if (step === 'leaveGame') playedOn(state.screen).leave();
  else if (step === 'exit') exitApp();
  else onTop(state, GAMES).close();
  return step;
}

async function boot() {
  onRender(render);
  listenForBack(pressBack);
  onNotice(tell);
  attachPageKeys(GAMES);
  attachLongPressGuard();
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => update());
  try {
    const s = await appState();
    update({
      screen: 'start',
      settings: { ...DEFAULT_SETTINGS, ...(s.settings || {}) },
      notices: s.notices || [],
    });
    for (const game of GAMES) game.load(s);
  } catch (e) {
    console.warn('checkers:', e);
    update({ screen: 'start', offline: true });
  }
}

boot();
