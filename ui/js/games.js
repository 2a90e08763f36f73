// The games the app holds, in the order of the start screen's tabs: the
// one registry that the start screen (the tabs, each game's panel, the
// tagline, the links to a game's records and help), Back, the page's keys,
// the keyboard focus and the table of screens read. A new game registers
// here, with its page folder (ui/js/<game>/, ui/css/<game>/) and its
// language files (merged by common/i18n.js).
//
// An entry: `id` (its part of the state, `state[id]`, and of the ids
// `#game-<id>`, `#panel-<id>`), `tab` and `tagline` (keys of the
// language tables), `initialState()` (its part before the shell answers),
// `panel(inner)` (its start panel), `play`, `help` and `records` (its
// screens' names; records may be null), `screens` (the modules of those
// screens, by name), `load(app)` (at start-up, with the app's state from
// the shell), `leave()` (Back on its play screen), `onTop(s)` (what Back
// closes before anything else: `{ step, close }`, else null), `keys(e)`
// (its page-wide keys: true when it took the key), and optionally
// `focusLost(s)` and `focusOnEntry(s)` (where the keyboard focus goes on
// its play screen, when the control that had it goes, and when the
// screen opens; else the board).

import { state } from './common/state.js';
import * as checkersState from './checkers/state.js';
import * as checkersScreen from './checkers/screen.js';
import * as checkersHelp from './checkers/help.js';
import * as checkersRecords from './checkers/records.js';
import { mountCheckersPanel } from './checkers/start.js';
import { back as leaveCheckers, loadCheckers } from './checkers/flow.js';
import { pageKeys as checkersKeys } from './checkers/keys.js';
import * as chokoState from './choko/state.js';
import * as chokoScreen from './choko/screen.js';
import * as chokoHelp from './choko/help.js';
import { mountChokoPanel } from './choko/start.js';
import { loadChoko, leaveChoko } from './choko/flow.js';
import { pageKeys as chokoKeys } from './choko/keys.js';

export const GAMES = [
  {
    id: 'checkers',
    tab: 'game.checkers',
    tagline: 'tagline',
    initialState: checkersState.initialState,
    panel: mountCheckersPanel,
    play: 'game',
    help: 'help',
    records: 'records',
    screens: { game: checkersScreen, help: checkersHelp, records: checkersRecords },
    load: () => loadCheckers(),
    leave: leaveCheckers,
    onTop: (s) =>
      s.checkers.confirmLevel
        ? { step: 'closeConfirm', close: () => checkersState.set({ confirmLevel: null }) }
        : s.checkers.movesOpen
          ? { step: 'closeSheet', close: () => checkersState.set({ movesOpen: false }) }
          : null,
    keys: checkersKeys,
    focusLost: checkersScreen.focusLost,
    focusOnEntry: checkersScreen.focusOnEntry,
  },
  {
    id: 'choko',
    tab: 'game.choko',
    tagline: 'choko.tagline',
    initialState: chokoState.initialState,
    panel: mountChokoPanel,
    play: 'choko',
    help: 'chokoHelp',
    records: null,
    screens: { choko: chokoScreen, chokoHelp },
    load: () => loadChoko(),
    leave: leaveChoko,
    onTop: () => null,
    keys: chokoKeys,
  },
];

for (const game of GAMES) state[game.id] = game.initialState();

/** The game the start screen offers: the last one chosen, else the first. */
export function chosenGame(s) {
  return GAMES.find((game) => game.id === s.settings.game) || GAMES[0];
}

/** The game whose play screen is `screen`, or undefined. */
export function playedOn(screen) {
  return GAMES.find((game) => game.play === screen);
}
