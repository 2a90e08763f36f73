// The system's back, one press at a time (ui/js/common/back.js, for the
// games of ui/js/games.js):   node --test tests/ui/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { backStep, listenForBack } from '../../ui/js/common/back.js';
import { GAMES } from '../../ui/js/games.js';

/** The state on `screen`, with checkers' part patched by `checkers`. */
const at = (screen, checkers = {}) => ({
  screen,
  checkers: { ...GAMES[0].initialState(), ...checkers },
  choko: GAMES[1].initialState(),
});
const step = (s) => backStep(s, GAMES);

test('back closes what is on top before it leaves a screen', () => {
  assert.equal(step(at('game', { confirmLevel: 'hard', movesOpen: true })), 'closeConfirm');
  assert.equal(step(at('game', { movesOpen: true })), 'closeSheet');
  assert.equal(step(at('game')), 'leaveGame');
  assert.equal(step(at('game', { review: { source: 'history' } })), 'leaveGame');
  assert.equal(step(at('choko')), 'leaveGame');
});

test('back from records, help and settings returns; from the start screen it closes the app', () => {
  for (const screen of ['records', 'help', 'settings', 'chokoHelp']) assert.equal(step(at(screen)), 'closeScreen');
  assert.equal(step(at('start')), 'exit');
  assert.equal(step(at('start', { confirmLevel: 'easy' })), 'closeConfirm');
});

test('only an Android shell is asked for the back button', async () => {
  const asked = [];
  globalThis.window = { __TAURI__: { app: { onBackButtonPress: async (fn) => asked.push(fn) } } };
  try {
    Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' }, configurable: true });
    assert.equal(await listenForBack(() => {}), false);
    assert.equal(asked.length, 0);
    Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' }, configurable: true });
    let pressed = 0;
    assert.equal(await listenForBack(() => (pressed += 1)), true);
    assert.equal(asked.length, 1);
    asked[0]({ canGoBack: false });
    assert.equal(pressed, 1);
    globalThis.window.__TAURI__.app.onBackButtonPress = async () => {
      throw new Error('not allowed');
    };
    assert.equal(await listenForBack(() => {}), false);
  } finally {
    delete globalThis.window;
  }
});
